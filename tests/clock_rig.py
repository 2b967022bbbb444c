"""The rig of tests that choose moments to the ms (time order, practice, Flotter Otter's scene):
the real App on a clock the test moves, keys posted as real pygame events and stamped by the
loop, seats with profiles, and what a frame drew. Not a test module."""

import pygame
import pytest

from scenes.manager import SceneManager
from shell import look
from shell.app import FRAME_NS, App
from shell.settings import Settings
from shell.stats import Stats

MS = 1_000_000


class Clock:
    """The app's clock, moved by the test (ns)."""

    def __init__(self):
        self.t = 10 ** 12

    def __call__(self):
        return self.t


@pytest.fixture
def rig(tmp_path):
    """(app, clock): the App showing the title, settings and stats in tmp_path."""
    clock = Clock()
    app = App(SceneManager, settings=Settings(tmp_path / "s.json"),
              stats=Stats(tmp_path / "s.db"), pace=False, clock_ns=clock)
    app.start("title")
    yield app, clock
    app.close()


def frame(rig, step_ns=FRAME_NS):
    app, clock = rig
    clock.t += step_ns
    app.run(frames=1)


def run_until(rig, done, limit=5000, step_ns=FRAME_NS):
    for _ in range(limit):
        if done():
            return True
        frame(rig, step_ns)
    return done()


def key_at(rig, name, t_ns):
    """A key pressed, taken from SDL's queue (and stamped) at t_ns by the next frame's pump,
    and let go a frame later."""
    app, clock = rig
    for kind, at in ((pygame.KEYDOWN, t_ns), (pygame.KEYUP, t_ns + FRAME_NS)):
        pygame.event.post(pygame.event.Event(kind, key=pygame.key.key_code(name), mod=0,
                                             unicode="", scancode=0))
        clock.t = at
        app.run(frames=1)


def seat(app, device, name=None):
    """`device` sits down; with a name, as the profile of that name (made when missing)."""
    s = app.seats.join(device)
    if name is not None:
        profile = app.stats.find_profile(name) or app.stats.create_profile(name)
        app.seats.set_profile(s.index, profile.id, profile.name)
    return s


def drawn_texts(rig) -> set:
    """Every text drawn in the next frame (read back from the look's cache of rendered text)."""
    look.reset_cache()
    frame(rig)
    return {key[1] for key in look._cache if key[0] == "text"}
