"""The Flixo scene (scenes/games/flixo/): buttons -> actions, the options panel and the campaign
kept in settings, the CPU partners thinking in slices, the cards on screen kept true to the view,
taking back a swap, words and toasts that fit, and a whole game played with posted key presses
through the real app loop, from joining in the lobby to the results."""


import pygame
import pytest

import game
from shell.seats import Seats
from shell.settings import Settings
from game import flixo
from game.bots.flixo import FlixoBot
from game.flixo import DiscardAndReveal, Draw, RewardPeek, SwapDrawn, TakeDiscard
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


# -- taking back, and the cards on screen kept true to the view -----------------------------------

def settle(app, scene, most=2000):
    """Run updates until the table has caught up (the timeline played out)."""
    for _ in range(most):
        if not scene.busy():
            return
        app.now += 8 * MS
        scene.update(8)


def solo_with_a_face_up_card(tmp_path):
    """One person, two displays (solo): each display has turned a card up, and the cursor of
    display 0 is on it, so A swaps the discard for a card the team has seen."""
    app, scene = make_scene(tmp_path, cpus=0)
    tap(app, scene, "a")                          # start
    for _ in range(2):                            # display 0, then display 1
        tap(app, scene, "b")                      # draw
        tap(app, scene, "b")                      # discard it, turn up the card at the cursor
        settle(app, scene)
        if scene.view()["phase"] == "reward":
            tap(app, scene, "a")
            settle(app, scene)
    view = scene.view()
    assert view["turn"] == 0 and view["phase"] == "turn"
    r, c = scene.cursor_at(0)
    assert view["displays"][0]["cells"][r][c]["up"]
    return app, scene


def test_x_takes_back_a_swap_and_the_table_on_screen_follows(tmp_path):
    app, scene = solo_with_a_face_up_card(tmp_path)
    if scene.view()["forced"]:
        pytest.skip("this seed forces a Flixo here")
    before = scene.state.snapshot()
    log = list(scene.state.log)
    tap(app, scene, "a")                          # the discard for a face-up card: nothing new
    assert scene.view()["undo"] == [0] and len(scene.state.log) == len(log) + 1
    assert scene.busy()                           # the swap is playing
    tap(app, scene, "x")                          # take it back
    assert scene.state.snapshot() == before and scene.state.log == log
    assert not scene.busy() and scene.show.matches(scene.view())  # laid out from the view
    assert app.audio.played[-1] == "back"
    tap(app, scene, "x")                          # nothing more to take back: the draws showed cards
    assert scene.flashes[-1][1] == "nothing to take back"
    assert scene.state.log == log


def test_a_cpu_never_takes_back(tmp_path):
    app, scene = make_scene(tmp_path, cpus=1)
    tap(app, scene, "a")
    assert scene.undo(1) is False and scene.state.log == []


def test_the_cards_on_screen_are_laid_out_afresh_when_they_differ_from_the_view(tmp_path):
    app, scene = make_scene(tmp_path)
    tap(app, scene, "a")
    tap(app, scene, "b")                          # draw
    tap(app, scene, "b")                          # discard, turn a card up
    settle(app, scene)
    assert scene.show.matches(scene.view())       # the motion ended where the view is
    scene.show.sprites[0][0][0].cell = {"up": True, "eye": False, "value": 99, "flixo": False}
    scene.show.shapes[1] = [0, 0]
    assert not scene.show.matches(scene.view())
    scene.to_settle = True
    scene.update(8)
    assert scene.show.matches(scene.view())
    assert any("laid out afresh" in m for m in app.messages)


def test_the_base_lets_a_cpu_think_in_slices(tmp_path, monkeypatch):
    import scenes.game_scene as base
    monkeypatch.setattr(base, "THINK_BUDGET_NS", 0)  # one piece of work per update
    app = FakeApp(Settings(tmp_path / "s.json"))
    app.manager = SceneManager(app, {"pause": Stub, "results": Stub, "title": Stub})
    seats = Seats()
    seats.add_cpu("normal")
    seats.add_cpu("normal")
    scene = app.manager.push(FlixoScene, seats=seats.occupied(), seed=4)

    class Slow:
        pieces = 0

        def thinking(self, view, legal):
            for _ in range(5):
                self.pieces += 1
                yield
            return legal[0]
    slow = scene.bots[0] = Slow()
    updates = 0
    while not scene.state.log and updates < 2000:
        app.now += 8 * MS
        scene.update(8)
        updates += 1
    assert slow.pieces == 5 and scene.state.log[0][0] == 0
    assert updates >= 5 + scene.bot_pace_ms // 8    # paced first, then one slice an update


# -- words, toasts, the end panel ------------------------------------------------------------------

def test_words_name_cards_with_their_article():
    from game.core import Event
    from scenes.games.flixo.prompts import caption_of, turn_prompt
    eight = {"value": 8, "flixo": False}
    assert caption_of([Event(flixo.DRAWN, 0, {"display": 0, "card": eight, "left": 3})],
                      lambda d: "Anna") == (0, "Anna draws an 8")
    swap = {"display": 1, "slot": [0, 0], "taken": eight, "source": "discard",
            "out": {"value": 8, "flixo": True}, "was": "down"}
    assert caption_of([Event(flixo.SWAPPED, 1, swap)], lambda d: "Ben") == (
        1, "Ben takes the 8, out goes a Flixo 8")
    view = {"phase": "drawn", "drawn": eight, "discard": [], "last_display": None,
            "forced": False}
    assert turn_prompt(view, "Cem", True, str.upper)[0] == "Cem (CPU) drew an 8"
    assert turn_prompt(view, "Cem", False, str.upper)[0] == "Cem drew an 8"


def test_directions_are_named_for_the_device():
    from scenes.games.flixo.prompts import directions
    assert directions({"up": "W", "left": "A", "down": "S", "right": "D"}.get) == "W/A/S/D"
    assert directions(str.title) == "Arrows"


def test_toasts_flashes_and_the_offer_never_cover_a_display_name(app):
    from scenes.games.flixo.layout import Layout
    from scenes.games.flixo.prompts import draw_toast, draw_undo_offer
    from shell import look
    canvas = pygame.Surface(look.CANVAS)
    long_name = "W" * 24                          # the longest seat name
    toasts = ["Final turns! Now every other display plays once more",
              f"A Flixo on the pile: {long_name} must take it",
              "Reward: peek at a face-down card (x3)", "A Flixo is out!"]
    for people in range(2, 6):
        for shape in ((3, 3), (3, 4)):
            lay = Layout(people, shape)
            names = [lay.header(d) for d in range(people)]
            drawn = [draw_toast(canvas, text, look.GOOD) for text in toasts]
            for d in range(people):
                drawn.append(look.flash_above(canvas, lay.flash_anchor(d), "nothing to take back"))
                drawn.append(draw_undo_offer(canvas, lay, d, "Num 0"))
            for box in drawn:
                assert box.collidelist(names) == -1, (people, shape, box)
                assert look.SAFE.contains(box)


def test_the_end_panel_fits_five_displays_and_every_highlight():
    from scenes.games.flixo.end import WIDTH, highlight_lines, measure
    from scenes.games.flixo.layout import AREA
    from shell import look
    long = "W" * 24
    hi = {"kind": "escape", "title": "The Flixos that got away", "players": [0, 1],
          "display": 0, "cards": [], "figures": {},
          "text": "The Flixos 10, 9, 8 and 7 stayed in displays of 2+ rows and columns",
          "more": [{"kind": "line", "title": "The best line", "players": [3], "display": 3,
                    "cards": [], "figures": {}, "text": "A column of 10s and a row of 10s took "
                    "the Flixos 10 and 3 out"},
                   {"kind": "spotter", "title": "The spotter", "players": [0, 1, 2, 3, 4],
                    "display": None, "cards": [], "figures": {},
                    "text": "Found 2 Flixos with eye tokens"}]}
    view = {"highlight": hi, "displays": [{"seat": d} for d in range(5)]}
    pygame.font.init()
    lines = highlight_lines(view, [long] * 5)
    for lead, text, _ in lines:
        assert look.font(look.SMALL).size(lead + text)[0] <= WIDTH - 100
    assert lines[-1][1].endswith("...")                    # five long names: cut, not spilled
    height, row_h = measure(view, len(lines) + 1)
    assert height <= AREA.height and row_h >= 46


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


def test_the_top_bar_leaves_a_gap_between_the_players_shape_and_the_prompt(tmp_path,
                                                                         monkeypatch):
    """The shape before "Player 1's turn" touched its first letter."""
    from scenes.games.flixo import prompts
    from shell import look, paint
    app, scene = make_scene(tmp_path)
    tap(app, scene, "a")                          # start: the person's turn
    canvas = pygame.Surface((1920, 1080))
    icon = look.shape_icon("circle", (230, 57, 70), 20)
    blits, texts = [], []
    blit, text = paint.blit, look.text
    monkeypatch.setattr(paint, "blit", lambda c, s, where, *a, **k: (
        blits.append((s, where)), blit(c, s, where, *a, **k))[1])
    monkeypatch.setattr(look, "text", lambda c, s, *a, **k: (
        texts.append((s, text(c, s, *a, **k))), texts[-1][1])[1])
    prompts.draw_top_bar(canvas, scene.view(), "Player 1's turn",
                         [(scene.key_label(0, "a"), "take it")], icon)
    [shape] = [where for s, where in blits if s is icon]
    [line] = [rect for s, rect in texts if s == "Player 1's turn"]
    assert line.left - shape.right >= 8, (shape, line)
