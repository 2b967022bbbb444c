"""Run by tests/test_key_reader.py in a child process under an X server (DISPLAY set): the real
App in an X11 window, a key pressed through XTEST the moment the main thread enters a display
flip that is held for BLIND_MS (as vsync would hold it). Prints one JSON line: for each press,
the stamp the hub gave it minus the moment it was made (ms). argv[1]: "threads" (the arcade as
it is) or "main-reads" (the key thread stopped: keys are read when the main thread pumps)."""

import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "x11"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402
from Xlib import X, display  # noqa: E402
from Xlib.ext import xtest  # noqa: E402

from scenes.manager import SceneManager  # noqa: E402
from shell.app import App  # noqa: E402
from shell.settings import Settings  # noqa: E402
from shell.stats import Stats  # noqa: E402

BLIND_MS = 40
PRESSES = 5


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    app = App(SceneManager, settings=Settings(tmp / "s.json"), stats=Stats(tmp / "s.db"),
              pace=True, audio=False, size=(640, 360))
    app.start("title")
    app.run(frames=5)
    if sys.argv[1] == "main-reads":
        app.keys.stop()
    injector = display.Display()
    xtest.fake_input(injector, X.MotionNotify, x=320, y=180)
    injector.sync()
    code = injector.keysym_to_keycode(ord("f"))
    made, stamps = [], []
    press_now, ready = threading.Event(), threading.Event()
    ready.set()

    def inject():
        for i in range(PRESSES):
            press_now.wait()
            press_now.clear()
            made.append(time.perf_counter_ns())
            xtest.fake_input(injector, X.KeyPress, code)
            injector.sync()
            time.sleep(0.1)
            xtest.fake_input(injector, X.KeyRelease, code)
            injector.sync()
            time.sleep(0.1)  # (a release right before a press would read as a key repeat)
            ready.set()

    real_show = app.screen.show

    def blind_show(damage):
        shown = real_show(damage)
        if ready.is_set() and len(stamps) == len(made) < PRESSES:
            ready.clear()
            press_now.set()  # pressed while this show keeps the main thread blind
        time.sleep(BLIND_MS / 1000)
        return shown

    real_dispatch = app.dispatch

    def dispatch(event, t_ns):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f:
            stamps.append(t_ns)
            return
        if event.type == pygame.KEYUP:
            return
        real_dispatch(event, t_ns)

    app.dispatch = dispatch
    app.screen.show = blind_show
    worker = threading.Thread(target=inject, daemon=True)
    worker.start()
    give_up = time.monotonic() + 30
    while len(stamps) < PRESSES and time.monotonic() < give_up:
        app.run(frames=1)
    app.screen.show = real_show
    app.dispatch = real_dispatch
    print(json.dumps({"errors_ms": [(s - m) / 1e6 for s, m in zip(stamps, made)],
                      "key_thread": app.keys.running}))
    app.close()


if __name__ == "__main__":
    main()
