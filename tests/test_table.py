"""GameScene (scenes/game_scene.py): the game clock, reveals held until the flip, illegal actions,
lost pads, bots, the end. Driven with a fake clock and the toy game in tests/toygame.py."""

import pytest

pytest.importorskip("pygame")

import game  # noqa: E402
from shell.input import DeviceChange, Press  # noqa: E402
from scenes.manager import SceneManager  # noqa: E402
from scenes.game_scene import GameScene  # noqa: E402

from tests import toygame  # noqa: E402
from tests.driving import MS, FakeApp, Stub  # noqa: E402

class ToyScene(GameScene):
    game_id = "toy"
    reveal_kinds = frozenset({"light"})

    def setup(self):
        self.seen = []

    def press_to_action(self, p, press):
        return toygame.Hit() if press.down and press.action == "a" else None

    def on_events(self, events):
        self.seen += [e.kind for e in events]


@pytest.fixture
def table(monkeypatch):
    monkeypatch.setitem(game.GAMES, "toy", toygame.INFO)
    app = FakeApp()
    app.manager = SceneManager(app, {"pause": Stub, "results": Stub, "title": Stub})
    app.seats.join("kb1")
    app.seats.join("pad:abc:1")
    scene = app.manager.push(ToyScene, seed=5)
    return app, scene


def press(app, device, action, down=True, at_ns=None):
    seat = app.seats.seat_of(device)
    return Press(device, action, down, app.now if at_ns is None else at_ns,
                 seat.index if seat else None)


def run_to_light(app, scene):
    light = scene.state.light_at
    app.now += (light + 5) * MS
    scene.update(8)
    return light


def test_game_time_follows_the_clock_from_zero(table):
    app, scene = table
    assert scene.game_ms() == 0
    app.now += 250 * MS
    assert scene.game_ms() == 250


def test_a_reveal_holds_game_time_until_the_flip_shows_it(table):
    app, scene = table
    light = run_to_light(app, scene)
    assert scene.state.lit and scene.seen == ["light"]
    app.now += 40 * MS  # drawing and flipping take time: the light is not visible yet
    assert scene.game_ms() == light
    flip = app.now
    scene.on_flip(flip)
    app.now += 300 * MS
    assert scene.game_ms() == light + 300
    scene.handle(press(app, "kb1", "a", at_ns=flip + 231 * MS))
    scene.update(8)                                # presses are applied in stamp order
    assert scene.state.scores == [1, 0]
    assert scene.reactions[0] == [(231.0, True)]


def test_a_press_before_the_flip_counts_from_the_reveal_not_before_it(table):
    app, scene = table
    light = run_to_light(app, scene)
    scene.handle(press(app, "pad:abc:1", "a", at_ns=app.now + 1 * MS))
    app.now += 2 * MS
    scene.update(8)
    assert scene.state.scores == [0, 1]
    assert scene.reactions[1] == [(0.0, True)]
    assert scene.state.now == light


def test_the_clock_stops_while_the_scene_is_covered(table):
    app, scene = table
    app.now += 300 * MS
    app.manager.push("pause", game=scene)
    app.now += 5000 * MS
    assert scene.game_ms() == 300
    scene.update(8)  # not called by the manager while covered, and harmless if it were
    app.manager.pop()
    app.now += 100 * MS
    assert scene.game_ms() == 400


def test_an_illegal_press_flashes_and_sounds_and_changes_nothing(table):
    app, scene = table
    app.now += 100 * MS
    scene.handle(press(app, "kb1", "a"))
    scene.update(8)
    assert scene.state.scores == [0, 0] and not scene.state.lit
    assert [entry[0] for entry in scene.state.log] in ([], [None])  # at most time passing
    assert app.audio.played[-1] == "error"
    assert [f[1] for f in scene.flashes] == ["too early"]


def test_start_opens_the_pause_overlay_driven_by_that_device(table):
    app, scene = table
    scene.handle(press(app, "pad:abc:1", "start"))
    top = app.manager.top
    assert top is not scene and top.kw["device"] == "pad:abc:1" and top.kw["game"] is scene


def test_a_lost_pad_voids_the_round_pauses_and_can_be_taken_back(table):
    app, scene = table
    app.now += 200 * MS
    app.manager.handle(DeviceChange("lost", "pad:abc:1", 1, app.now, "Pad"))
    assert scene.state.voided == 1
    assert scene.lost == {1}
    assert app.manager.top.kw["reason"] == "lost"
    scene.seat_back(1)
    assert scene.lost == set()


def test_a_seat_handed_to_the_cpu_plays_on(table):
    app, scene = table
    scene.hand_to_cpu(0, "hard")
    scene.hand_to_cpu(1, "easy")
    for _ in range(4000):
        app.now += 8 * MS
        scene.update(8)
        scene.on_flip(app.now)
        if app.manager.top is not scene:
            break
    assert scene.state.is_terminal()
    top = app.manager.top
    assert top.kw["outcome"].scores == scene.state.scores
    assert sum(len(r) for r in top.kw["reactions"].values()) == toygame.ROUNDS
    assert "error" not in app.audio.played


def test_holding_back_hands_the_seat_to_a_cpu(table):
    app, scene = table
    scene.handle(press(app, "kb1", "leave"))
    assert 0 in scene.bots and scene.bots[0].level == "hard"
    assert app.seats[0].cpu == "hard" and app.seats[0].device is None
    assert scene.humans() == [1]


@pytest.mark.parametrize("a_ends_wait", [True, False])
def test_a_after_the_end_goes_on_to_the_results_only_where_the_scene_allows_it(table,
                                                                                a_ends_wait):
    app, scene = table
    scene.a_ends_wait = a_ends_wait
    scene.state.round = toygame.ROUNDS          # the game is over: the final table shows
    assert scene.state.is_terminal()
    scene.update(8)
    assert app.manager.top is scene and scene.end_left > 0
    scene.handle(press(app, "kb1", "a"))
    scene.update(8)
    assert (app.manager.top is not scene) == a_ends_wait
