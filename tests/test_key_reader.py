"""Keys stamped off the main thread (shell/key_reader.py, X11): a key pressed while the main
thread is blind in a long display flip is stamped when it was pressed, not after the flip.

Runs the real App in a real X11 window in a child process (tests/x11_key_probe.py) under an
Xvfb server this test starts; skipped where there is no Xvfb (Debian: apt-get install xvfb) or
no python-xlib."""

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("Xlib", reason="needs python-xlib (a dependency on Linux)")
XVFB = shutil.which("Xvfb")
PROBE = Path(__file__).with_name("x11_key_probe.py")


def answers(display: str, within_s: float) -> bool:
    """Does the X server of `display` take a connection within `within_s` seconds?"""
    from Xlib import display as xdisplay
    from Xlib.error import DisplayError

    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        try:
            xdisplay.Display(display).close()
            return True
        except DisplayError:
            time.sleep(0.05)
    return False


@pytest.fixture(scope="module")
def x_display():
    if XVFB is None:
        pytest.skip("needs an X server: apt-get install xvfb")
    number = 90 + os.getpid() % 100
    server = subprocess.Popen([XVFB, f":{number}", "-screen", "0", "1280x720x24", "-nolisten",
                               "tcp"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not answers(f":{number}", within_s=10):
        server.kill()
        pytest.skip("Xvfb did not start")
    yield f":{number}"
    server.terminate()
    server.wait(5)


def probe(display: str, design: str) -> dict:
    env = {**os.environ, "DISPLAY": display}
    done = subprocess.run([sys.executable, str(PROBE), design], env=env, capture_output=True,
                          text=True, timeout=120)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines, done.stderr[-2000:]
    return json.loads(lines[-1])


def test_a_key_pressed_during_a_long_flip_is_stamped_when_pressed(x_display):
    result = probe(x_display, "threads")
    assert result["key_thread"] and len(result["errors_ms"]) == 5
    assert statistics.median(result["errors_ms"]) < 10  # the flip holds the main thread 40 ms


def test_without_the_key_thread_the_same_press_waits_for_the_flip(x_display):
    """The control: read only by the main thread's pump, the stamp comes after the flip."""
    result = probe(x_display, "main-reads")
    assert not result["key_thread"] and len(result["errors_ms"]) == 5
    assert statistics.median(result["errors_ms"]) > 25
