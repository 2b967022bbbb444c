"""Every test runs headless: no window, no sound card. `app` is the real arcade, showing the
title, its clock tests.driving.FAST times real time (a test file may define its own)."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("FLOTTE_CHECK_THREADS", "1")  # window/event calls off the main thread fail
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


import pytest  # noqa: E402


@pytest.fixture
def app(tmp_path):
    from tests.driving import FAST, close_app, real_app

    a = real_app(tmp_path, FAST)
    yield a
    close_app(a)
