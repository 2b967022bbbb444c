"""Shared rigs for driving the arcade in tests: the real App loop on a fast clock, keys posted
as real pygame events, and a minimal fake app for testing one scene by hand.

Not a test module; the scene tests import from it so the rigs are written once.
"""

import time

import pygame

from scenes.manager import SceneManager
from shell.app import App
from shell.seats import Seats
from shell.settings import Settings
from shell.stats import Stats
from scenes.base import Scene

MS = 1_000_000  # nanoseconds in a millisecond


def real_app(tmp_path, speed: float = 1):
    """The real App (settings and stats in tmp_path), unpaced, its clock `speed` times faster
    than real time, already showing the title. Close it with `close_app`."""
    def clock():
        return int(time.perf_counter_ns() * speed)

    app = App(SceneManager, settings=Settings(tmp_path / "settings.json"), stats=Stats(tmp_path / "stats.db"),
              pace=False, clock_ns=clock)
    app.start("title")
    app.run(frames=2)
    return app


def close_app(app) -> None:
    app.close()  # also forgets cached fonts and art: later tests must not get dead ones


def key(app, name: str, frames: int = 2) -> None:
    """Press and release one key through SDL's event queue, as a keyboard would."""
    code = pygame.key.key_code(name)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.run(frames=1)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    app.run(frames=frames)


def run_until(app, done, frames: int = 2000) -> bool:
    """Run the loop frame by frame until done() or the frame limit; returns done()."""
    for _ in range(frames):
        if done():
            return True
        app.run(frames=1)
    return done()


class FakeAudio:
    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)


class FakeApp:
    """Just enough of App for a scene driven by hand, on a clock the test moves (`now`)."""

    def __init__(self, settings=None):
        self.now = 1_000_000 * MS  # an arbitrary perf_counter_ns origin
        self.audio = FakeAudio()
        self.seats = Seats()
        self.stats = None
        self.settings = settings if settings is not None else {"cpu_level": "hard"}
        self.messages = []

    def clock_ns(self):
        return self.now

    def device_glyph(self, device):
        return device or ""

    def log(self, text):
        self.messages.append(text)


class Stub(Scene):
    """A scene that only remembers what it was entered with."""

    opaque = False

    def enter(self, **kw):
        self.kw = kw


def scene_by_hand(scene_class, settings=None, cpus: int = 1, humans=("kb1",), **kw):
    """(app, scene): a game scene on a FakeApp, the `humans` devices seated first and `cpus`
    easy CPUs after them; pause, results and title are Stubs. kw go to the scene (seed=...)."""
    from scenes.manager import SceneManager

    app = FakeApp(settings)
    app.manager = SceneManager(app, {"pause": Stub, "results": Stub, "title": Stub})
    for device in humans:
        app.seats.join(device)
    for _ in range(cpus):
        app.seats.add_cpu("easy")
    return app, app.manager.push(scene_class, **kw)


def press(app, action: str, down: bool = True, device: str = "kb1"):
    """The device's `action` key, pressed (or released) now."""
    from shell.input import Press

    return Press(device, action, down, app.now, app.seats.seat_of(device).index)


def tap(app, scene, action: str, device: str = "kb1") -> None:
    """The device (kb1) presses and releases `action` in `scene`."""
    scene.handle(press(app, action, device=device))
    scene.handle(press(app, action, down=False, device=device))


FAST = 40  # a clock this many times faster than real time: countdowns and bots are quick

# The WASD zone (kb1) by action, as tests press it.
KB1 = {"up": "w", "down": "s", "left": "a", "right": "d", "a": "f", "b": "g", "x": "r",
       "start": "1"}


def seat_me_and_a_cpu(app, game_id: str):
    """From the title: Play, the game's tile, kb1 joins and adds a CPU, both ready, the how-to
    card is read. Returns the game scene then on top."""
    def top():
        return app.manager.top

    key(app, KB1["a"])                              # title: Play
    while top().ids[top().index] != game_id:
        key(app, KB1["right"])
    key(app, KB1["a"])
    assert top().name == "lobby"
    key(app, KB1["a"])                              # kb1 joins
    key(app, KB1["x"])                              # a CPU
    key(app, KB1["a"])                              # ready
    assert run_until(app, lambda: top().name == "howto")
    key(app, KB1["a"])                              # got it
    return top()


def play_my_turns(app, scene, my_turn, frames: int) -> int:
    """Run the real loop until `scene` leaves the screen or the game ends: whenever it is kb1's
    turn and the table is still (scene.busy()), call my_turn(view) (which presses keys);
    otherwise run a frame. Returns how many times my_turn was called."""
    me = scene.player_of[app.seats.seat_of("kb1").index]
    turns = 0
    for _ in range(frames):
        if app.manager.top is not scene or scene.state.is_terminal():
            break
        if scene.state.current_player() != me or scene.busy():
            app.run(frames=1)
            continue
        my_turn(scene.view())
        turns += 1
    return turns


def hand_over(scene, item) -> None:
    """Give a game scene one input item and let its stream apply it at once (the loop would at
    its next update: real-time presses wait in stamp order)."""
    scene.handle(item)
    if scene.info.realtime and not scene._paused:
        scene.run_stream(scene.game_ms(getattr(item, "t_ns", None)))
