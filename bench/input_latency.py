"""Benchmark: how late is an input's timestamp in the real arcade loop?

A thread makes inputs at known moments (time.perf_counter_ns() just before making each one),
either pygame.event.post(USEREVENT) or a button of an SDL virtual pad (shell.vjoy; its state is
set by the thread and becomes an event when the main thread pumps SDL, as a real pad's does).
The real App runs paced at 60 Hz with each scene of bench/frame_time.py on screen (games with
four CPU players, so the table keeps changing), reading input as while someone's reaction is
timed (App.timing forced on: otherwise the arcade takes the queue only once a frame). The App stamps each event when it takes it from
the queue; the error is stamp - moment made. Two loops are compared:

  frame-thread : the arcade's loop: updates and drawing run on the frame thread while the
                 main thread keeps taking events (shell/app.py, "Why a frame thread");
  one-thread   : updates and drawing on the main thread, the queue polled ~every 0.5 ms
                 between frames only: inputs arriving mid-frame wait for the frame's work.

Prints mean / median / p99 / max in ms per scene, then over all scenes. Not a test: no
pass/fail. Goal (issue 3): p99 under 1 ms. Figures on a loaded machine (see the printed load
average) have long tails from the OS scheduler, not from the loop.

    python bench/input_latency.py [--n 150] [--scenes title,game:flixo]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from scenes.manager import SceneManager  # noqa: E402
from shell.app import App  # noqa: E402
from shell.seats import Seats  # noqa: E402
from shell.settings import Settings  # noqa: E402
from shell.stats import Stats  # noqa: E402
from bench.frame_time import WARMUP, percentile, setups  # noqa: E402

MODES = ("frame-thread", "one-thread")


def producer(make, n, made, seen, stop, seed):
    """Make n inputs at random moments, each after the previous one was taken (a virtual pad
    only reports its state when SDL polls it, so two changes between polls would merge)."""
    rng = random.Random(seed)
    for i in range(n):
        while not seen.wait(0.1):
            if stop.is_set():
                return
        seen.clear()
        time.sleep(rng.uniform(0.002, 0.020))
        made[0] = time.perf_counter_ns()  # before making it: it cannot be taken earlier
        make(i)


def measure(app, source: str, mode: str, n: int, seed: int) -> list[int]:
    """Errors in ns of n inputs from `source` ("post" or "vjoy") with the scene now up."""
    made, errors = [0], []
    seen, stop = threading.Event(), threading.Event()
    seen.set()
    if source == "vjoy":
        from shell.vjoy import VirtualPad

        pad = VirtualPad("Bench Pad")
        app.run(frames=5)  # the hub opens it as a controller

        def make(i):
            pad.button("a", i % 2 == 0)
        wanted = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP)
    else:
        pad = None

        def make(i):
            pygame.event.post(pygame.event.Event(pygame.USEREVENT, seq=i))
        wanted = (pygame.USEREVENT,)

    real_dispatch, real_run = app.dispatch, app.frame_thread.run

    def dispatch(event, t_ns):
        if event.type in wanted:  # ours: measured here, never reaches a scene
            errors.append(t_ns - made[0])
            seen.set()
            return
        real_dispatch(event, t_ns)

    app.dispatch = dispatch
    app.timing = lambda: True  # read input as while a reaction is timed (else: once a frame)
    if mode == "one-thread":
        app.frame_thread.run = lambda take, interval=None: app.work()
    thread = threading.Thread(target=producer, args=(make, n, made, seen, stop, seed))
    thread.start()
    give_up = time.monotonic() + 30
    try:
        while len(errors) < n and app.manager.stack and time.monotonic() < give_up:
            app.run(frames=60)
    finally:
        stop.set()
        thread.join()
        app.dispatch, app.frame_thread.run = real_dispatch, real_run
        del app.timing
        if pad is not None:
            pad.detach()
            app.run(frames=3)
    return errors


def describe(errors) -> str:
    ms = sorted(e / 1e6 for e in errors)
    if not ms:
        return "no inputs arrived"
    return (f"n={len(ms):4d}  mean {statistics.fmean(ms):6.3f}  median "
            f"{statistics.median(ms):6.3f}  p99 {percentile(ms, 0.99):6.3f}  max {ms[-1]:7.3f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=150, help="inputs per scene, source and mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scenes", default="", help="comma-separated labels (default: all)")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp())
    app = App(SceneManager, settings=Settings(tmp / "s.json"), stats=Stats(tmp / "s.db"), pace=True)
    wanted = set(filter(None, args.scenes.split(",")))
    total = {(source, mode): [] for source in ("post", "vjoy") for mode in MODES}
    print(f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}, "
          f"60 Hz paced loop, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; ms")
    for label, setup in setups(app):
        if wanted and label not in wanted:
            continue
        for source, mode in total:
            app.seats = Seats()
            setup()
            app.run(frames=WARMUP)
            errors = measure(app, source, mode, args.n, args.seed)
            total[source, mode] += errors
            print(f"{label:24s} {source:4s} {mode:12s} {describe(errors)}")
    print("all scenes:")
    for (source, mode), errors in total.items():
        print(f"{'':24s} {source:4s} {mode:12s} {describe(errors)}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
