"""The Flotte Flitzer scene (scenes/games/flotte_flitzer/scene.py): the lanes on the grid and
after a turned-up card (the default kept by one press), buttons -> a play chosen in steps, the
Risiko buttons, the draw and taking a move back (B), the header while a move is on screen, the
layout, a table of CPUs to the results, and a whole game played with posted key presses through
the real app loop, from joining in the lobby to the results."""

import pygame

import game
from shell import look
from shell.seats import Seats
from game import flotte_flitzer
from game.flotte_flitzer import (
    CARDS,
    GEFAHR,
    RISIKO,
    ROWS,
    UEBERHOLEN,
    WINDSCHATTEN,
    Draw,
    Place,
    Play,
    RiskAgain,
    RiskStop,
    Steer,
)
from scenes.games.flotte_flitzer import scene as ffscene
from scenes.games.flotte_flitzer.art import Track
from scenes.games.flotte_flitzer.scene import (
    CARD_GAP,
    CARD_SIZE,
    HAND_Y,
    LANE_W,
    ROW_LEN,
    SIDE,
    TRACK,
    FlotteFlitzerScene,
)
from scenes.manager import SceneManager
from tests.driving import (FakeApp, MS, Stub, key, play_my_turns, press, scene_by_hand,
                           seat_me_and_a_cpu, tap)


def make_scene(cpus=1, seed=3, grid=True):
    """(app, scene) with kb1 as player 0; `grid`: the starting grid is set up first (A on
    every lane choice: the defaults)."""
    app, scene = scene_by_hand(FlotteFlitzerScene, None, cpus, seed=seed)
    if grid:
        past_the_grid(app, scene)
    return app, scene


def run(app, scene, ms):
    for _ in range(int(ms // 16)):
        app.now += 16 * MS
        scene.update(16)


def past_the_grid(app, scene):
    for _ in range(2000):
        if scene.view()["phase"] != "grid":
            break
        if scene.state.current_player() == 0:
            tap(app, scene, "a")
        else:
            run(app, scene, 48)
    run(app, scene, 3000)
    assert scene.view()["phase"] == "play" and scene.state.current_player() == 0


def first(kind, value=None, colour=None):
    return next(i for i, c in enumerate(CARDS) if c.kind == kind
                and (value is None or c.value == value) and (colour is None or c.colour == colour))


def give_hand(scene, cards):
    """Hand-built: player 0 holds `cards` first (swapped in from wherever they are)."""
    state = scene.state
    for c in cards:
        if c in state.hands[0]:
            continue
        out = next(x for x in state.hands[0] if x not in cards)
        for pile in [state.draw, *state.hands[1:]]:
            if c in pile:
                pile[pile.index(c)] = out
                break
        state.hands[0][state.hands[0].index(out)] = c
    state.hands[0] = list(cards) + [x for x in state.hands[0] if x not in cards]
    state.check_invariants()
    scene._view = None


def test_a_play_is_chosen_card_car_lane(tmp_path):
    app, scene = make_scene()
    state = scene.state
    u1 = first(UEBERHOLEN, 1)
    give_hand(scene, [u1])
    assert state.current_player() == 0 and scene.pick["stage"] == "card"
    assert scene.press_to_action(0, press(app, "a", down=False)) is None
    tap(app, scene, "a")                          # the Überholen +1: several cars
    assert scene.pick["stage"] == "car"
    opts = scene.choices(0)
    assert opts["card"] == u1 and len(opts["cars"]) > 1
    assert opts["cars"][:2] == [0, 1]             # own cars first
    tap(app, scene, "right")                      # the second own car: its row 1 is full
    assert scene.choices(0)["car"] == 1 and scene.choices(0)["lanes"] == [-1]
    assert "cannot move" in scene.prompt(scene.view(), scene.choices(0))[1]
    tap(app, scene, "left")                       # back to car 0 at (3, 0): row 4 is free
    tap(app, scene, "a")
    assert scene.pick["stage"] == "lane"
    opts = scene.choices(0)
    assert opts["lanes"] == [0, 1, 2] and opts["lane"] == 0   # the cursor starts on its lane
    tap(app, scene, "right")
    action = scene.press_to_action(0, press(app, "a"))
    assert action == Play(u1, 0, 1, -1)
    assert action in state.legal_actions(0)
    assert scene.pick["stage"] == "card"          # ready for the next turn
    scene.act(0, action)
    assert scene.view()["phase"] == "draw"
    assert scene.press_to_action(0, press(app, "a")) == Draw()


def test_b_steps_back_over_single_choices(tmp_path):
    app, scene = make_scene()
    u1 = first(UEBERHOLEN, 1)
    give_hand(scene, [u1])
    tap(app, scene, "a")
    tap(app, scene, "a")
    assert scene.pick["stage"] == "lane"
    tap(app, scene, "b")
    assert scene.pick["stage"] == "car"
    tap(app, scene, "b")
    assert scene.pick["stage"] == "card"
    assert scene.state.log[-1][0] != 0 or scene.state.log[-1][1]["type"] == "Place"


def test_a_card_with_one_play_goes_at_once_and_risiko_asks_only_the_car(tmp_path):
    app, scene = make_scene()
    gf, rk = first(GEFAHR), first(RISIKO)
    give_hand(scene, [gf, rk])                    # no car on a danger space at the start
    assert scene.press_to_action(0, press(app, "a")) == Play(gf, -1, -1, -1)
    tap(app, scene, "right")
    tap(app, scene, "a")                          # Risiko: which car (no lane: cards decide)
    assert scene.pick["stage"] == "car"
    assert scene.press_to_action(0, press(app, "a")) == Play(rk, 0, -1, -1)


def test_risiko_buttons(tmp_path):
    app, scene = make_scene()
    state = scene.state
    state.phase, state.risk_car = "risk", 0
    state.draw.append(state.hands[0].pop())       # hand-built: the Risiko card is played
    scene._view = None
    assert scene.press_to_action(0, press(app, "a")) == RiskAgain()
    assert scene.press_to_action(0, press(app, "b")) == RiskStop()
    assert scene.press_to_action(0, press(app, "left")) is None


def test_the_target_spaces_follow_the_lane_cursor(tmp_path):
    app, scene = make_scene()
    w = first(WINDSCHATTEN, 2, colour=0)
    give_hand(scene, [w])
    tap(app, scene, "a")                          # car 0 at (3, 0); car 1 at (0, 0)
    assert scene.pick["stage"] in ("car", "lane")
    if scene.pick["stage"] == "car":
        tap(app, scene, "a")
    opts = scene.choices(0)
    before = opts["lane"]
    tap(app, scene, "right")
    assert scene.choices(0)["lane"] != before
    canvas = pygame.Surface(look.CANVAS)
    scene.draw(canvas)                            # draws the lit spaces without failing


def test_the_layout_fits():
    track = Track(TRACK, ROW_LEN, LANE_W)
    for row in range(ROWS):
        for lane in range(3):
            for x, y in track.space_poly(row, lane):
                assert TRACK.inflate(40, 40).collidepoint(x, y), (row, lane)
    width = 5 * CARD_SIZE[0] + 4 * CARD_GAP
    hand = pygame.Rect(TRACK.centerx - width // 2, HAND_Y - 14, width, CARD_SIZE[1] + 14)
    assert look.SAFE.contains(hand) and not hand.colliderect(SIDE)
    assert look.SAFE.contains(SIDE)


def test_the_show_is_shorter_at_a_table_of_cpus_only(tmp_path):
    app, scene = make_scene()
    state = scene.state
    u1, u1b = [i for i, c in enumerate(CARDS) if c.kind == UEBERHOLEN and c.value == 1][:2]
    give_hand(scene, [u1, u1b])
    scene.act(0, Play(u1, 0, 1))                  # a person at the table: the full show
    with_person = scene.timeline.end - scene.anim_ms
    scene.act(0, Draw())
    run(app, scene, 100)
    scene.hand_to_cpu(0)                          # nobody human left at the table
    scene.timeline.clear()
    state.hands[1][0], state.hands[0][0] = state.hands[0][0], state.hands[1][0]
    assert u1b in state.hands[1]
    scene.act(1, Play(u1b, 2, 0))                 # the same kind of play, one row too
    alone = scene.timeline.end - scene.anim_ms
    assert 0 < alone < with_person
    assert scene.settle_ms < ffscene.BOT_AFTER_SHOW_MS


def test_a_table_of_cpus_plays_to_the_results():
    app = FakeApp()
    app.manager = SceneManager(app, {"pause": Stub, "results": Stub, "title": Stub})
    seats = Seats()
    for level in ("hard", "normal", "easy"):
        seats.add_cpu(level)
    scene = app.manager.push(FlotteFlitzerScene, seats=seats.occupied(), seed=4)
    canvas = pygame.Surface(look.CANVAS)
    for step in range(60000):
        app.now += 16 * MS
        scene.update(16)
        if step % 50 == 0 and app.manager.top is scene:
            scene.draw(canvas)
        if app.manager.top is not scene:
            break
    assert scene.state.is_terminal()
    assert app.manager.top.kw["outcome"].scores == scene.state.scores()
    assert "move" in app.audio.played and "card_flip" in app.audio.played


# -- the real loop -------------------------------------------------------------------------------

def test_a_whole_game_from_join_to_results_by_keyboard(app, monkeypatch):
    # The loop advances animation time by one update a frame: a tenth of the show keeps this
    # test short (the timeline, the waits and the input are the real ones).
    for name in ("PLAYED_MS", "REVEAL_MS", "MOVE_MS", "ROW_MS", "PAUSE_MS", "BOT_AFTER_SHOW_MS",
                 "SHIFT_MS"):
        monkeypatch.setattr(ffscene, name, getattr(ffscene, name) / 10)
    top = lambda: app.manager.top  # noqa: E731
    scene = seat_me_and_a_cpu(app, "flotte_flitzer")
    assert isinstance(scene, FlotteFlitzerScene)
    me = scene.player_of[app.seats.seat_of("kb1").index]
    presses = 0

    def my_turn(view):
        nonlocal presses
        if view["phase"] == "risk":
            key(app, "g")                           # B: stop the Risiko run
        elif presses % 7 == 3:
            key(app, "d")                           # now and then another card / car / lane
        else:
            key(app, "f")                           # A: take the choice, play
        presses += 1

    play_my_turns(app, scene, my_turn, 40000)
    assert scene.state.is_terminal()
    mine = [a for p, a, t in scene.state.log if p == me]
    assert len(mine) > 5                            # the keyboard player really played
    for _ in range(3000):                           # the end panel, then the results
        if top().name == "results":
            break
        if not scene.busy():
            key(app, "f")                           # "A: on to the results"
        else:
            app.run(frames=1)
    assert top().name == "results"
    assert top().outcome.scores == scene.state.scores()
    assert game.GAMES["flotte_flitzer"] is flotte_flitzer.INFO


def test_with_two_humans_the_hand_to_move_is_covered_until_a():
    app, scene = scene_by_hand(FlotteFlitzerScene, None, cpus=0, humans=("kb1", "kb2"), seed=3)
    device = {scene.player_of[app.seats.seat_of(d).index]: d for d in ("kb1", "kb2")}
    turn = scene.state.current_player()
    assert scene.covered() == turn
    _, line, caps = scene.prompt(scene.view(), None)
    assert "look away" in line and caps[0][1] == "show my cards"
    moves = len(scene.state.log)
    tap(app, scene, "a", device[turn])
    assert scene.covered() is None and len(scene.state.log) == moves


# -- lanes the mover chooses, the draw, taking back ---------------------------------------------


def test_on_the_grid_the_lane_cursor_starts_on_the_default_and_b_takes_the_front_car_back():
    app, scene = make_scene(grid=False)
    view = scene.view()
    assert view["phase"] == "grid" and view["lane_choice"]["default"] == 0
    assert scene.lane_now(view) == 0
    _, line, caps = scene.prompt(view, None)
    assert "front car" in line and ("A", "here") in caps and ("B", "take back") not in caps
    tap(app, scene, "right")
    tap(app, scene, "right")
    assert scene.lane_now(scene.view()) == 2
    tap(app, scene, "a")                          # the front car in the outside lane
    assert scene.view()["cars"][0]["lane"] == 2
    _, line, caps = scene.prompt(scene.view(), None)
    assert "back car" in line and ("B", "take back") in caps
    tap(app, scene, "b")                          # taken back: the front car again
    view = scene.view()
    assert view["cars"][0]["row"] is None and view["lane_choice"]["car"] == 0
    assert scene.state.log == []
    tap(app, scene, "a")                          # one press keeps the default
    assert scene.view()["cars"][0]["lane"] == 0


def find_steer(seeds=range(60)):
    """A scene at a steer choice of the keyboard player after their own Risiko play, or None."""
    for seed in seeds:
        app, scene = make_scene(seed=seed)
        risky = [a for a in scene.state.legal_actions(0) if CARDS[a.card].kind == RISIKO]
        if not risky:
            continue
        scene.act(0, risky[0])
        if scene.view()["phase"] == "steer":
            return app, scene
    return None


def test_after_a_turned_up_card_the_mover_picks_the_lane_and_one_press_keeps_it():
    app, scene = find_steer()
    view = scene.view()
    choice = view["lane_choice"]
    assert choice["kind"] == "steer" and scene.lane_now(view) == choice["default"]
    _, line, caps = scene.prompt(view, None) if not scene.busy() else (None, "", [])
    run(app, scene, 5000)
    _, line, caps = scene.prompt(scene.view(), None)
    assert line.endswith("which lane for Player 1's car?") and caps[1] == ("A", "this lane")
    assert scene.press_to_action(0, press(app, "a")) == Steer(choice["default"])
    tap(app, scene, "right")
    other = scene.lane_now(scene.view())
    assert other != choice["default"] and other in choice["lanes"]
    assert scene.press_to_action(0, press(app, "a")) == Steer(other)
    canvas = pygame.Surface(look.CANVAS)
    scene.draw(canvas)                            # the lanes lit, the car where the cursor is


def test_at_the_end_of_a_turn_a_draws_and_b_takes_the_move_back_the_replay_never_has_it():
    from game.replay import to_json

    app, scene = make_scene()
    plain = next(a for a in scene.state.legal_actions(0)
                 if CARDS[a.card].kind not in (RISIKO, GEFAHR))
    log = list(scene.state.log)
    hand = [c["id"] for c in scene.state.view(0)["hand"]]
    scene.act(0, plain)
    run(app, scene, 5000)
    assert scene.view()["phase"] == "draw" and scene.can_undo(0)
    _, line, caps = scene.prompt(scene.view(), None)
    assert line.endswith("draw to end your turn") and caps == [("A", "draw"),
                                                                ("B", "take back")]
    assert scene.phone_extras(0)["labels"] == {"a": "draw", "b": "take back"}
    tap(app, scene, "b")
    assert scene.state.log == log and scene.view()["phase"] == "play"
    assert [c["id"] for c in scene.state.view(0)["hand"]] == hand
    assert "back" in app.audio.played and not scene.busy()
    tap(app, scene, "a")                          # the same card again, played, then drawn
    while scene.view()["phase"] == "play":
        tap(app, scene, "a")
    tap(app, scene, "a")
    assert scene.state.current_player() == 1 and not scene.can_undo(0)
    after = list(scene.state.log)
    tap(app, scene, "b")                          # too late: the card is drawn
    assert scene.state.log == after
    assert scene.state.log[:len(log)] == log and to_json(scene.state)["log"] == scene.state.log
    assert scene.state.log[len(log)][1]["type"] == "Play" and len(scene.state.log) == len(log) + 2


def test_cpus_never_take_back():
    app, scene = make_scene(cpus=1)
    assert 1 in scene.bots and not scene.can_undo(1) and not scene.undo(1)
    log = scene.state.log
    for _ in range(400):
        run(app, scene, 50)
    assert all(entry[1]["type"] != "Undo" for entry in scene.state.log)
    assert scene.state.log[:len(log)] == log


def test_while_a_move_is_on_screen_the_header_names_who_made_it_not_the_next_player():
    app, scene = make_scene()
    plain = next(a for a in scene.state.legal_actions(0)
                 if CARDS[a.card].kind not in (RISIKO, GEFAHR))
    scene.act(0, plain)
    scene.act(0, Draw())                          # drawn at once: the CPU is next ...
    run(app, scene, 32)
    assert scene.state.current_player() == 1 and scene.busy()
    who, line, _ = scene.prompt(scene.view(), None)
    assert who == 0 and line.startswith("Player 1:")   # ... but the move shown is seat 0's
    run(app, scene, 10000)
    who, line, _ = scene.prompt(scene.view(), None)
    assert who in (0, 1)
    if who == 1:
        assert "CPU" in line


def test_news_say_an_8th_place_and_one_point_rightly():
    from game.words import article, ordinal, plural
    assert (article(8), ordinal(6), plural(1, "point"), plural(2, "point")) == \
        ("an", "6th", "1 point", "2 points")
    app, scene = make_scene()
    from game.core import Event
    scene.on_events([Event("finished", 0, {"car": 0, "from": [31, 0], "rows": 1,
                                           "why": "ueberholen", "place": 6, "points": 1})])
    run(app, scene, 3000)
    assert scene.headline[0] == "Player 1's car is over the line: 6th, 1 point"
