"""The Flixo scene (scenes/games/flixo/): buttons -> actions, the options panel and the campaign
kept in settings, the CPU partners thinking in slices, the cards on screen kept true to the view,
taking back a swap, words and toasts that fit, and a whole game played with posted key presses
through the real app loop, from joining in the lobby to the results."""


import pytest

import game
from shell.seats import Seats
from shell.settings import Settings
from game import flixo
from game.flixo import DiscardAndReveal, Draw, FlixoBot, RewardPeek, SwapDrawn, TakeDiscard
from scenes.games.flixo.layout import Layout
from scenes.games.flixo.scene import FlixoScene
from scenes.manager import SceneManager
from tests.driving import (FakeApp, KB1, MS, Stub, key, play_my_turns, press, scene_by_hand,
                           seat_me_and_a_cpu, tap)


def make_scene(tmp_path, cpus=1, settings=None, **kw):
    return scene_by_hand(FlixoScene, settings or Settings(tmp_path / "settings.json"), cpus,
                         seed=3, **kw)


def test_the_options_panel_comes_first_and_a_starts_the_game(tmp_path):
    app, scene = make_scene(tmp_path)
    assert scene.choosing
    tap(app, scene, "left")                       # Level 1 -> Level 0
    assert scene.state.options["level"] == 0 and scene.state.flixos_in_play == 2
    tap(app, scene, "a")
    assert not scene.choosing and scene.state.options["level"] == 0
    assert app.settings.get("game_options")["flixo"] == {"level": 0, "large_displays": False}
    assert scene.state.log == []                  # choosing changes no game


def test_buttons_become_actions_at_the_cursor(tmp_path):
    app, scene = make_scene(tmp_path)
    tap(app, scene, "a")                          # start at Level 1
    state = scene.state
    assert state.current_player() == 0
    tap(app, scene, "up")                         # the cursor starts in the middle: (1, 2)
    tap(app, scene, "left")
    assert scene.cursor_at(0) == (0, 1)
    assert scene.press_to_action(0, press(app, "a")) == TakeDiscard((0, 1))
    assert scene.press_to_action(0, press(app, "b")) == Draw()
    assert scene.press_to_action(0, press(app, "a", down=False)) is None
    tap(app, scene, "b")                          # draw
    assert state.phase == "drawn"
    assert scene.press_to_action(0, press(app, "a")) == SwapDrawn((0, 1))
    assert scene.press_to_action(0, press(app, "b")) == DiscardAndReveal((0, 1))
    tap(app, scene, "b")                          # discard it and turn (0, 1) up
    grid = state.displays[0]
    assert grid and (state.turn == 1 or state.phase == "reward")
    assert len(state.log) == 2


def test_b_is_refused_on_a_face_up_card_and_during_a_forced_take(tmp_path):
    app, scene = make_scene(tmp_path)
    tap(app, scene, "a")
    state = scene.state
    state.displays[0][0][0][1] = "up"             # a hand-built position: (0, 0) face up
    state.phase, state.drawn = "drawn", state.draw.pop()
    scene._view = None
    scene.cursor[0] = (0, 0)
    assert scene.press_to_action(0, press(app, "b")) is None
    assert scene.flashes[-1][1] == "turn up a face-down card"
    state.draw.append(state.drawn)
    state.phase, state.drawn = "turn", None
    state.discard.append(state.box_flixos.pop())  # a Flixo on the discard pile
    scene._view = None
    assert scene.view()["forced"]
    assert scene.press_to_action(0, press(app, "b")) is None
    assert scene.flashes[-1][1] == "take the Flixo: A"
    assert scene.press_to_action(0, press(app, "a")) == TakeDiscard((0, 0))


def test_the_reward_cursor_crosses_displays(tmp_path):
    app, scene = make_scene(tmp_path)
    tap(app, scene, "a")
    state = scene.state
    state.phase, state.rewards = "reward", 1      # hand-built: a reward is due
    scene._view = None
    scene.pick = scene.fresh_pick(scene.view())
    assert scene.pick == [0, 0, 0]
    for _ in range(4):                            # a 3x4 display: the 4th step crosses over
        tap(app, scene, "right")
    assert scene.pick_at(scene.view()) == (1, 0, 0)
    tap(app, scene, "left")
    assert scene.pick_at(scene.view()) == (0, 0, 3)
    tap(app, scene, "down")
    assert scene.press_to_action(0, press(app, "a")) == RewardPeek(0, (1, 3))
    tap(app, scene, "a")
    assert state.displays[0][1][3][1] == "eye"


def test_campaign_progress_is_stored_and_restored(tmp_path):
    path = tmp_path / "settings.json"
    app, scene = make_scene(tmp_path, settings=Settings(path))
    tap(app, scene, "right")                      # Level 1 -> Level 2 (the campaign)
    assert scene.state.options["level"] == 2
    start = scene.state.flixos_in_play
    tap(app, scene, "a")
    scene.panel.record(scene.options, won=True)
    step = Settings(path).progress("flixo")["2:3x4"]
    assert step == {"level": 2, "flixos": start + 1, "beaten": False}

    again = Settings(path)                        # a new session
    app2, scene2 = make_scene(tmp_path, settings=again)
    assert scene2.panel.choice["level"] == 2      # the last choice
    assert scene2.state.flixos_in_play == start + 1
    assert f"Level 2, {start + 1} Flixos" in scene2.panel.campaign_text(False)
    tap(app2, scene2, "a")
    scene2.panel.record(scene2.options, won=False)  # a loss replays the same step
    assert Settings(path).progress("flixo")["2:3x4"]["flixos"] == start + 1


def test_the_campaign_moves_on_to_the_next_level_and_ends(tmp_path):
    path = tmp_path / "settings.json"
    app, scene = make_scene(tmp_path, settings=Settings(path))
    scene.panel.record({"level": 2, "large_displays": False, "flixos": 12}, won=True)
    assert Settings(path).progress("flixo")["2:3x4"] == {"level": 3, "flixos": 4,
                                                             "beaten": False}
    note = scene.panel.record({"level": 4, "large_displays": False, "flixos": 10}, won=True)
    assert Settings(path).progress("flixo")["2:3x4"]["beaten"]
    assert "beaten" in note


def test_a_table_of_cpus_skips_the_panel_and_the_bots_think_in_steps(tmp_path):
    app = FakeApp(Settings(tmp_path / "s.json"))
    app.manager = SceneManager(app, {"pause": Stub, "results": Stub, "title": Stub})
    seats = Seats()
    seats.add_cpu("hard")
    seats.add_cpu("hard")
    scene = app.manager.push(FlixoScene, seats=seats.occupied(), seed=4)
    assert not scene.choosing
    for _ in range(20000):
        app.now += 8 * MS
        scene.update(8)
        if app.manager.top is not scene:
            break
    assert scene.state.is_terminal()
    assert app.manager.top.kw["outcome"].team_won == scene.state.result["team_won"]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_thinking_in_steps_chooses_what_choose_does(level):
    state = flixo.new_game(3, {"level": 1, "large_displays": False, "flixos": 0}, 21)
    a, b = FlixoBot(0, 5, level), FlixoBot(0, 5, level)
    steps_seen = 0
    for _ in range(60):
        if state.is_terminal():
            break
        p = state.current_player()
        view, legal = state.view(p), state.legal_actions(p)
        chosen = a.choose(view, legal)
        steps = b.thinking(view, legal)
        while True:
            try:
                next(steps)
                steps_seen += 1
            except StopIteration as done:
                assert done.value == chosen
                break
        state.apply(p, chosen)
    assert steps_seen > 60  # decisions really are cut into pieces


def test_the_layout_fits_every_table():
    for people in range(2, 6):
        for shape in ((3, 3), (3, 4)):
            lay = Layout(people, shape)
            assert lay.card[0] >= 56
            for d in range(people):
                box = lay.grid_box(d)
                for r in range(shape[0]):
                    for c in range(shape[1]):
                        assert box.contains(lay.slot_rect(d, r, c, shape))


# -- the real loop -------------------------------------------------------------------------------

def test_a_whole_game_from_join_to_results_by_keyboard(app):
    top = lambda: app.manager.top  # noqa: E731
    scene = seat_me_and_a_cpu(app, "flixo")
    assert isinstance(scene, FlixoScene) and scene.choosing
    key(app, "a")                                   # Level 1 -> Level 0
    key(app, "f")                                   # start
    assert not scene.choosing and scene.state.options["level"] == 0
    me = scene.player_of[app.seats.seat_of("kb1").index]

    def my_turn(view):
        d = view["turn"]
        cells = view["displays"][d]["cells"]
        down = [(r, c) for r, row in enumerate(cells) for c, cell in enumerate(row)
                if not cell["up"]]
        if view["phase"] == "reward" or view["forced"]:
            key(app, KB1["a"])
        elif view["phase"] == "turn":
            key(app, KB1["b"])                      # draw
        elif down:                                  # walk the cursor to a face-down card
            r, c = scene.cursor_at(d)
            tr, tc = down[0]
            if r != tr:
                key(app, KB1["down"])
            elif c != tc:
                key(app, KB1["right"])
            else:
                key(app, KB1["b"])                  # discard the drawn card, turn this one up
        else:
            key(app, KB1["a"])                      # swap the drawn card in

    presses = play_my_turns(app, scene, my_turn, 30000)
    assert scene.state.is_terminal()
    assert presses > 5
    humans = [a for p, a, t in scene.state.log if p == me]
    assert humans                                   # the keyboard player really played
    for _ in range(3000):                           # the end panel, then the results
        if top().name == "results":
            break
        if not scene.busy():
            key(app, "f")                           # "A: on to the results"
        else:
            app.run(frames=1)
    assert top().name == "results"
    assert top().outcome.team_won == scene.state.result["team_won"]
    assert top().outcome.verdict == scene.view()["result"]["meaning"]
    assert game.GAMES["flixo"] is flixo.INFO
