"""Benchmark: what a drill measures, end to end, against reactions of a known length.

The real App runs paced at 60 Hz with the simple drill on screen and one human seat: a virtual
pad (shell.vjoy: SDL's own input path, read and stamped by the pad thread) or key events posted
to SDL's queue (stamped when the main thread takes them). A thread plays the person: once the
flip that first shows a trial's stimulus has returned (the drill's stimulus onset: App calls
manager.on_flip with the clock right after display.flip()), it waits a known reaction R (150 to
450 ms from that flip's stamp, random) and presses. The drill records ms (game/drills.py); the
error is recorded ms - R.

What the error includes: the press's stamp error (read vs made: the pad thread's poll, or the
main thread's queue polling, blind while it sits in flip), the game clock's mapping of stamps
(it stands at the stimulus until the flip returns, then runs from that stamp) and the whole ms
(game time is kept in whole ms, so a time is cut down to the ms below: -1 < rounding <= 0).
What it cannot include: the display's lag after flip returns, and the pad's own lag before SDL
sees a press (lag calibration measures those on the TV: scenes/screens/calibrate.py).

Headless (SDL dummy drivers: a flip costs nothing) by default; `--window` opens a real window,
e.g. under Xvfb: `xvfb-run -a .venv/bin/python bench/drill_timing.py --window`.

    python bench/drill_timing.py [--trials 60] [--source vjoy|post|both] [--window]
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

MAX_TRIALS = 30  # a drill's most (game/drills.py); more are played as several drills


def run(source: str, trials: int, seed: int) -> list[tuple[float, float]]:
    """(recorded ms, true reaction ms from the flip) of each trial answered."""
    import pygame

    from scenes.manager import SceneManager
    from shell.app import App
    from shell.settings import Settings
    from shell.stats import Stats

    tmp = Path(tempfile.mkdtemp())
    app = App(SceneManager, settings=Settings(tmp / "s.json"), stats=Stats(tmp / "s.db"),
              pace=True, audio=False, fullscreen=False)
    pad = None
    app.start("title")
    try:
        if source == "vjoy":
            from shell.vjoy import VirtualPad

            pad = VirtualPad("Bench Pad")
            app.run(frames=10)  # the hub opens it
            device = next(d for d in app.hub.devices() if d.startswith("pad:"))

            def press(down):
                pad.button("a", down)
        else:
            device = "kb1"
            code = pygame.key.key_code("f")

            def press(down):
                kind = pygame.KEYDOWN if down else pygame.KEYUP
                pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="",
                                                     scancode=0))
        app.seats.join(device)
        out = []
        for run_no in range(-(-trials // MAX_TRIALS)):
            n = min(MAX_TRIALS, trials - run_no * MAX_TRIALS)
            out += one_drill(app, press, n, seed + run_no)
        return out
    finally:
        if pad is not None:
            pad.detach()
        app.close()


def one_drill(app, press, trials: int, seed: int) -> list[tuple[float, float]]:
    scene = app.manager.reset("drill", game_id="simple", options={"trials": trials}, seed=seed)
    onsets: queue.Queue = queue.Queue()
    signalled = set()
    real = scene.on_flip

    def on_flip(t_ns):
        state = scene.state
        if state.phase == "open" and state.trial not in signalled:
            signalled.add(state.trial)
            onsets.put((state.trial, t_ns))
        real(t_ns)
    scene.on_flip = on_flip
    made: dict[int, int] = {}
    stop = threading.Event()

    def person():
        rng = random.Random(seed)
        while not stop.is_set():
            try:
                trial, flip = onsets.get(timeout=0.1)
            except queue.Empty:
                continue
            at = flip + int(rng.uniform(150, 450) * 1e6)
            while time.perf_counter_ns() < at - 2_000_000:
                time.sleep(0.001)
            while time.perf_counter_ns() < at:
                pass
            made[trial] = time.perf_counter_ns() - flip  # just before pressing
            press(True)
            time.sleep(0.05)
            press(False)

    thread = threading.Thread(target=person, daemon=True)
    thread.start()
    give_up = time.monotonic() + trials * 8 + 20
    while not scene.state.is_terminal() and time.monotonic() < give_up:
        app.run(frames=30)
    stop.set()
    thread.join()
    lost = [r["verdict"] for r in scene.state.records if r["trial"] in made and r["ms"] is None]
    if lost:
        print(f"      {len(lost)} presses never arrived in the window ({', '.join(lost)}): "
              "a press and its release between two reads of the pad merge")
    return [(r["ms"], made[r["trial"]] / 1e6) for r in scene.state.records
            if r["trial"] in made and r["ms"] is not None]


def describe(pairs) -> str:
    errors = sorted(ms - true for ms, true in pairs)
    if not errors:
        return "no trials answered"
    p99 = errors[min(len(errors) - 1, round(0.99 * (len(errors) - 1)))]
    within = sum(1 for e in errors if -1 < e <= 1) / len(errors)
    far = [f"{e:+.0f}" for e in errors if abs(e) > 5]
    return (f"n={len(errors):3d}  error ms: mean {statistics.fmean(errors):+6.2f}  median "
            f"{statistics.median(errors):+6.2f}  min {errors[0]:+6.2f}  p99 {p99:+6.2f}  "
            f"max {errors[-1]:+6.2f}  within 1 ms {within:.0%}"
            + (f"  beyond 5 ms: {' '.join(far)}" if far else ""))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--source", choices=("vjoy", "post", "both"), default="both")
    parser.add_argument("--window", action="store_true", help="a real window (e.g. Xvfb)")
    args = parser.parse_args(argv)
    if not args.window:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    print(f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))},"
          f" video {os.environ.get('SDL_VIDEODRIVER', 'default')}, {os.cpu_count()} CPUs, load"
          f" average {os.getloadavg()[0]:.1f}; recorded ms - true reaction from the flip")
    sources = ("vjoy", "post") if args.source == "both" else (args.source,)
    for source in sources:
        print(f"{source:5s} {describe(run(source, args.trials, args.seed))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
