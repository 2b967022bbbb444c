"""Benchmark: how far is an input's stamp from the moment it was made, end to end, in the real
arcade, as a player presses?

Method. The real App (main.py's composition: the shell and the scene stack) runs paced at
60 Hz in a real window (an X server: DISPLAY, e.g. Xvfb; with --dummy, SDL's dummy driver),
with stats and sound on: every measured press also saves a reaction time (shell.stats, as a
round end does) and plays a sound (made by the sound thread; the dummy audio driver plays it
to nowhere). On screen: the title, or a Fliegen klatschen table with four CPU players (a
busy real-time scene). Inputs are made at random moments (20-60 ms apart, held 20-40 ms):

  key : X key presses through XTEST from ANOTHER PROCESS (python-xlib), the moment taken
        with time.perf_counter_ns() (CLOCK_MONOTONIC: the same clock in both processes) just
        before the request; needs a real X display;
  pad : an SDL virtual pad (shell.vjoy) set from another thread of this process, the moment
        taken just before the button is set (SDL's virtual pads exist only inside the process
        that made them, and this machine has no /dev/uinput for a pad from another process);
  post: pygame.event.post from another thread (the only source with --dummy).

The error is stamp - moment made, for the press (button down) events. Loop designs compared:

  threads    : the arcade as it is: the frame thread works out frames while the main thread
               keeps taking and stamping input, and keys and pads are also read by threads of
               their own (shell/app.py, shell/key_reader.py (X11), shell/pad_reader.py);
  main-reads : the same without the key and pad threads: input is read only when the main
               thread pumps SDL (the design before issue 10);
  one-thread : updates, drawing and flips on the main thread; input taken between frames.

--flip-ms N holds every showing of a frame (Screen.show) for at least N ms (a vsync wait or a
4K upload: the main thread is blind, the GIL is free), so 8 and 16 show what vsync does to each design.
Prints n, median, p99 and max in ms per scene, source, design and flip. Figures, not a test.

    python bench/input_latency.py [--n 80] [--flips 0,8,16] [--sources key,pad] [--dummy]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

DESIGNS = ("threads", "main-reads", "one-thread")
KEY = "f"  # the WASD zone's A key


def key_injector(display_name: str, n: int, seed: int, window_xy, conn) -> None:
    """Another process: n presses of KEY through XTEST at random moments; sends the moments."""
    from Xlib import X, display
    from Xlib.ext import xtest

    d = display.Display(display_name)
    xtest.fake_input(d, X.MotionNotify, x=window_xy[0], y=window_xy[1])  # focus follows pointer
    d.sync()
    code = d.keysym_to_keycode(ord(KEY))
    rng = random.Random(seed)
    conn.recv()  # go
    made = []
    for _ in range(n):
        time.sleep(rng.uniform(0.02, 0.06))
        made.append(time.perf_counter_ns())
        xtest.fake_input(d, X.KeyPress, code)
        d.sync()
        time.sleep(rng.uniform(0.02, 0.04))
        xtest.fake_input(d, X.KeyRelease, code)
        d.sync()
    conn.send(made)


def thread_injector(make, n: int, seed: int, made: list, stop: threading.Event) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if stop.wait(rng.uniform(0.02, 0.06)):
            return
        made.append(time.perf_counter_ns())
        make(True)
        if stop.wait(rng.uniform(0.02, 0.04)):
            return
        make(False)


def match(made: list[int], stamps: list[int]) -> list[int]:
    """stamp - made for each stamp, made = the latest moment made at most 5 ms after the stamp
    (a stamp may precede its moment by up to half a read interval) that no stamp took yet. A
    virtual pad pressed and let go between two reads of a starved thread is never seen: such
    moments stay unmatched (counted apart) instead of shifting every later pair."""
    import bisect

    errors, used = [], set()
    for stamp in stamps:
        i = bisect.bisect_right(made, stamp + 5_000_000) - 1
        while i >= 0 and i in used:
            i -= 1
        if i >= 0:
            used.add(i)
            errors.append(stamp - made[i])
    missed = len(made) - len(used)
    if missed:
        print(f"   ({missed} of {len(made)} inputs were never seen)")
    return errors


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def describe(errors) -> str:
    if not errors:
        return "no inputs arrived"
    ms = [e / 1e6 for e in errors]
    return (f"n={len(ms):4d}  median {statistics.median(ms):7.3f}  p99 {percentile(ms, 0.99):7.3f}"
            f"  max {max(ms):7.3f}")


class Bench:
    def __init__(self, dummy: bool):
        import pygame

        from scenes.manager import SceneManager
        from shell.app import App
        from shell.settings import Settings
        from shell.stats import Stats

        self.pygame = pygame
        tmp = Path(tempfile.mkdtemp())
        self.app = App(SceneManager, settings=Settings(tmp / "s.json"),
                       stats=Stats(tmp / "s.db"), pace=True, size=(960, 540))
        self.app.start("title")
        self.app.run(frames=10)
        audio = self.app.audio
        if not audio.ok and pygame.mixer.get_init():  # sound on, even with a dummy driver
            audio.ok = True
            threading.Thread(target=audio._prepare, daemon=True).start()
        self.real_show = self.app.screen.show
        self.dummy = dummy

    def scene(self, label: str) -> None:
        app = self.app
        for seat in app.seats.occupied():
            app.seats.leave(seat.index)
        if label == "title":
            app.manager.reset("title")
        else:
            from scenes.games.fliegen_klatschen import SCENE

            app.seats.join("kb2")
            for _ in range(4):
                app.seats.add_cpu("hard")
            app.manager.reset(SCENE, game_id="fliegen_klatschen")
        app.run(frames=30)

    def slow_show(self, flip_ms: float):
        """The app's Screen.show held for at least flip_ms (where the frame is shown: a flip,
        or a texture upload and present)."""
        real = self.real_show

        def show(damage):
            start = time.perf_counter()
            shown = real(damage)
            left = flip_ms / 1000 - (time.perf_counter() - start)
            if left > 0:
                time.sleep(left)
            return shown
        return show

    def measure(self, source: str, design: str, flip_ms: float, n: int, seed: int) -> list[int]:
        pygame, app = self.pygame, self.app
        stamps: list[int] = []
        wanted = {"key": pygame.KEYDOWN, "pad": pygame.CONTROLLERBUTTONDOWN,
                  "post": pygame.USEREVENT}[source]
        real_dispatch, real_run = app.dispatch, app.frame_thread.run

        def dispatch(event, t_ns):
            if event.type == wanted and (source != "key" or event.key == pygame.K_f):
                stamps.append(t_ns)  # measured here; it never reaches a scene
                app.stats.record("bench", "Bench", "bench", 250.0)
                app.audio.play("slap")
                return
            if event.type in (pygame.KEYUP, pygame.CONTROLLERBUTTONUP) or event.type == wanted:
                return
            real_dispatch(event, t_ns)

        pad = None
        if source == "pad":
            from shell.vjoy import VirtualPad

            pad = VirtualPad("Bench Pad", product=77)
            app.run(frames=10)
        app.dispatch = dispatch
        app.timing = lambda: True  # read input as while a reaction is timed (else: once a frame)
        if design != "threads":
            app.pads.stop()
            app.keys.stop()
        if design == "one-thread":
            app.frame_thread.run = lambda take, interval=None: app.work()
        app.screen.show = self.slow_show(flip_ms)
        made: list[int] = []
        stop = threading.Event()
        try:
            if source == "key":
                parent, child = multiprocessing.Pipe()
                win = (480, 270)
                proc = multiprocessing.get_context("spawn").Process(
                    target=key_injector, args=(os.environ["DISPLAY"], n, seed, win, child))
                proc.start()
                parent.send("go")
                while not parent.poll():
                    app.run(frames=6)
                made = parent.recv()
                proc.join()
                app.run(frames=10)
            else:
                if source == "pad":
                    def make(down):
                        pad.button("a", down)
                else:
                    def make(down):
                        if down:
                            pygame.event.post(pygame.event.Event(pygame.USEREVENT))
                worker = threading.Thread(target=thread_injector,
                                          args=(make, n, seed, made, stop))
                worker.start()
                while worker.is_alive():
                    app.run(frames=6)
                app.run(frames=10)
        finally:
            stop.set()
            app.screen.show = self.real_show
            app.dispatch, app.frame_thread.run = real_dispatch, real_run
            del app.timing
            app.pads.start()
            if not app.keys.running:
                app.keys.start(app.window_id)
            if pad is not None:
                pad.detach()
                app.run(frames=5)
        return match(made, stamps)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=80, help="presses per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--flips", default="0,8,16", help="flip hold times in ms")
    parser.add_argument("--sources", default="key,pad", help="key, pad, post")
    parser.add_argument("--designs", default=",".join(DESIGNS))
    parser.add_argument("--scenes", default="title,fliegen_klatschen")
    parser.add_argument("--dummy", action="store_true", help="SDL's dummy video driver")
    args = parser.parse_args(argv)
    if args.dummy:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    elif not os.environ.get("DISPLAY"):
        print("needs an X display (e.g. Xvfb :99 & DISPLAY=:99), or --dummy", file=sys.stderr)
        return 2
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sources = [s for s in args.sources.split(",") if s]
    if args.dummy and "key" in sources:
        sources.remove("key")
    if "key" in sources:
        try:
            import Xlib  # noqa: F401
        except ImportError:
            print("key source needs python-xlib: .venv/bin/pip install python-xlib",
                  file=sys.stderr)
            return 2
    bench = Bench(args.dummy)
    import pygame

    print(f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))},"
          f" video {pygame.display.get_driver()}, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}; stamp - made, ms")
    totals: dict = {}
    for label in args.scenes.split(","):
        bench.scene(label)
        for flip in [float(f) for f in args.flips.split(",")]:
            for source in sources:
                for design in args.designs.split(","):
                    errors = bench.measure(source, design, flip, args.n, args.seed)
                    totals.setdefault((source, design, flip), []).extend(errors)
                    print(f"{label:18s} flip {flip:4.0f}  {source:4s} {design:10s} "
                          f"{describe(errors)}", flush=True)
    print("all scenes:")
    for (source, design, flip), errors in totals.items():
        print(f"{'':18s} flip {flip:4.0f}  {source:4s} {design:10s} {describe(errors)}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    bench.app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
