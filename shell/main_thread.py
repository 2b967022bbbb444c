"""Window and event calls stay on the main thread.

SDL wants its window, renderer and event queue used from the thread that made the window (macOS
aborts the process otherwise); the arcade draws on a frame thread (shell/app.py), so only
drawing onto surfaces may happen there. With the check on (FLOTTE_CHECK_THREADS=1, set by the
tests), `guard()` wraps pygame's window and event functions so that a call from any other
thread raises OffMainThread at once, instead of working on Linux and crashing on a Mac.
Posting an event (pygame.event.post) and peeking without pumping are thread-safe in SDL and
stay allowed.
"""

from __future__ import annotations

import functools
import os
import threading

import pygame

GUARDED = {
    pygame.display: ("flip", "update", "set_mode", "toggle_fullscreen", "set_caption",
                     "set_icon", "quit", "init"),
    pygame.event: ("get", "pump", "poll", "wait", "peek", "clear"),
}
ENV = "FLOTTE_CHECK_THREADS"


class OffMainThread(RuntimeError):
    """A window or event call made from a thread other than the main thread."""


def wanted() -> bool:
    return os.environ.get(ENV) == "1"


def guard() -> None:
    """Wrap the GUARDED functions (once; calling again changes nothing)."""
    for module, names in GUARDED.items():
        for name in names:
            real = getattr(module, name)
            if getattr(real, "_main_thread_only", False):
                continue
            setattr(module, name, _only_on_main(real, f"pygame.{module.__name__.split('.')[-1]}"
                                                      f".{name}"))


def _only_on_main(real, label: str):
    @functools.wraps(real)
    def checked(*args, **kw):
        if label.endswith(".peek") and not kw.get("pump", True):
            return real(*args, **kw)  # looking at the queue without pumping it: thread-safe
        if threading.current_thread() is not threading.main_thread():
            raise OffMainThread(f"{label} called on thread {threading.current_thread().name!r}")
        return real(*args, **kw)

    checked._main_thread_only = True
    return checked
