"""A bounded run of the real loop through every scene, headless (dummy video and audio):
title -> select -> lobby (two keyboard zones join by key presses posted as pygame events, a CPU
is added) -> how-to -> the game -> pause -> the game -> results -> lobby.

Runs for the toy game of tests/toygame.py and for every game registered in game.GAMES. The clock
the app and the game scenes see runs SPEED times faster than real time, so whole games finish
in seconds; the humans hand their seats to the CPU after the pause, as the pause menu offers.
"""

import time

import pygame
import pytest

import game
from scenes.games import GAME_SCENES
from shell import look
from scenes.base import Scene
from scenes.game_scene import GameScene

from tests import driving, toygame
from tests.driving import close_app, key, real_app

SPEED = 40
MAX_FRAMES = 40_000

GAME_IDS = ["toy"] + sorted(game.GAMES)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setitem(game.GAMES, "toy", toygame.INFO)
    monkeypatch.setitem(GAME_SCENES, "toy", "tests.toy_scene")
    a = real_app(tmp_path, SPEED)
    yield a
    close_app(a)


def run_until(app, done, frames=MAX_FRAMES):
    return driving.run_until(app, done, frames)


def top(app):
    return app.manager.top


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_scene_in_one_bounded_run(app, game_id):
    if game_id != "toy" and game_id not in game.GAMES:
        pytest.skip(f"{game_id} is not registered")
    info = game.GAMES[game_id]
    assert top(app).name == "title"
    key(app, "f")                                   # kb1 "a" on Play
    assert top(app).name == "select"
    while top(app).ids[top(app).index] != game_id:  # kb1 "right" to the game's tile
        key(app, "d")
    key(app, "f")
    assert top(app).name == "lobby"
    key(app, "f")                                   # kb1 joins
    key(app, "u")                                   # kb3 joins
    if info.max_players >= 3:
        key(app, "r")                               # kb1 "x": add a CPU
    assert [s.device for s in app.seats.occupied()][:2] == ["kb1", "kb3"]
    assert len(app.seats.occupied()) == min(3, info.max_players)
    key(app, "f")                                   # both ready: the countdown runs
    key(app, "u")
    assert run_until(app, lambda: top(app).name == "howto", 2000)
    key(app, "f")
    key(app, "u")                                   # both have read it: the game starts
    scene = top(app)
    assert isinstance(scene, GameScene) and scene.game_id == game_id
    assert scene.players == len(app.seats.occupied())
    app.run(frames=20)

    key(app, "1")                                   # kb1 "start": pause
    pause = top(app)
    assert pause.name == "pause" and pause.game is scene
    stopped = scene.game_ms()
    app.run(frames=30)
    assert scene.game_ms() == stopped               # the clock stands still under the overlay
    key(app, "i")                                   # kb3 may not drive kb1's pause menu
    assert pause.menu.index == 0
    key(app, "f")                                   # kb1: Resume
    assert top(app) is scene

    for p in list(scene.humans()):                  # the humans leave their seats to the CPU
        app.seats.hand_to_cpu(scene.seats[p].index, "hard")
        scene.hand_to_cpu(p, "hard")
    assert run_until(app, lambda: top(app).name == "results"), \
        f"{game_id} did not end within {MAX_FRAMES} frames (game time {scene.game_ms()} ms)"
    results = top(app)
    assert len(results.outcome.scores) == scene.players
    assert scene.state.is_terminal()
    key(app, "s")                                   # down to "Back to the lobby"
    key(app, "f")
    assert top(app).name == "lobby"
    assert min(look.USED_SIZES) >= look.MIN_FONT
    assert {"join", "ready", "countdown", "go"} <= set(app.audio.counts)
    assert app.audio.counts["win"] + app.audio.counts["lose"] == 1


def pad_tap(app, pad, button, frames=2):
    pad.press(button)
    app.run(frames=1)
    pad.release(button)
    app.run(frames=frames)


def test_a_pad_pulled_mid_round_pauses_voids_the_round_and_plugging_it_back_resumes(app):
    from shell.vjoy import VirtualPad

    app.manager.push("select")
    app.manager.push("lobby", game_id="toy")
    pad = VirtualPad("Sofa Pad", product=7)
    app.run(frames=3)                               # the hub opens it (DeviceChange added)
    pad_tap(app, pad, "a")                          # the pad joins
    key(app, "f")                                   # kb1 joins
    seat = app.seats.occupied()[0]
    assert seat.device.startswith("pad:")
    pad_tap(app, pad, "a")                          # ready
    key(app, "f")
    assert run_until(app, lambda: top(app).name == "howto", 2000)
    key(app, "1")                                   # kb1 start: skip the how-to
    scene = top(app)
    assert isinstance(scene, GameScene)
    assert run_until(app, lambda: scene.state.lit, 5000)   # a round is in flight

    pad.detach()
    app.run(frames=3)
    pause = top(app)
    assert pause.name == "pause" and pause.reason == "lost"
    assert scene.lost == {0} and scene.state.voided == 1    # the round is not scored
    assert scene.state.scores == [0, 0]
    stopped = scene.game_ms()
    app.run(frames=20)
    assert scene.game_ms() == stopped

    again = VirtualPad("Sofa Pad", product=7)       # the same model comes back
    app.run(frames=3)
    assert top(app) is scene and scene.lost == set()
    assert app.seats[seat.index].device == seat.device and not seat.lost
    again.detach()
    app.run(frames=2)


class _PressMidFrame(Scene):
    """In its first update or drawing (`when`) it makes an input, from the frame thread, like a
    pad pressed mid-frame, and waits until the loop has taken it from SDL's queue."""

    name = "press-mid-frame"

    def enter(self, when: str = "draw", **kw) -> None:
        self.when = when
        self.made = self.done = None
        self.handled = []  # (stamp, ns when handled)

    def press_and_wait(self) -> None:
        self.made = time.perf_counter_ns()
        pygame.event.post(pygame.event.Event(pygame.USEREVENT, tag="mid-frame"))
        give_up = self.made + 5_000_000_000
        while pygame.event.peek(pygame.USEREVENT, pump=False) and time.perf_counter_ns() < give_up:
            time.sleep(0.0002)
        time.sleep(0.005)  # the rest of a slow update or drawing
        self.done = time.perf_counter_ns()

    def update(self, dt_ms: float) -> None:
        if self.when == "update" and self.made is None:
            self.press_and_wait()

    def draw(self, canvas) -> None:
        if self.when == "draw" and self.made is None:
            self.press_and_wait()

    def handle_raw(self, event, t_ns) -> bool:
        if event.type == pygame.USEREVENT and getattr(event, "tag", "") == "mid-frame":
            self.handled.append((t_ns, time.perf_counter_ns()))
            return True
        return False


@pytest.mark.parametrize("when", ["update", "draw"])
def test_an_input_made_mid_frame_is_stamped_then_and_handled_after_the_flip(tmp_path, when):
    a = real_app(tmp_path)  # its clock is time.perf_counter_ns
    try:
        scene = a.manager.push(_PressMidFrame, when=when)
        a.run(frames=2)
        [(stamp, handled)] = scene.handled
        assert scene.made <= stamp < scene.done   # taken from the queue while still working
        assert handled > scene.done               # but the scene saw it only after the frame
    finally:
        close_app(a)
