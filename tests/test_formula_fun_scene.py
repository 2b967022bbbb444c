"""The Formula Fun scene (scenes/games/formula_fun/scene.py): buttons -> plays (the card under the cursor,
a turbo beside it), refusals flashed at the player's row, the lit target space, the cars
sliding along the track, CPUs waiting for the table, and a whole game played with posted key
presses through the real app loop, from joining in the lobby to the results."""

import pygame

import game
from shell.seats import Seats
from shell.settings import Settings
from game import formula_fun
from game.formula_fun import DECK, SPACES, TURBO, Play, label, landing, move_length
from scenes.games.formula_fun.scene import FormulaFunScene
from scenes.manager import SceneManager
from tests.driving import (FakeApp, KB1, MS, Stub, key, play_my_turns, press, scene_by_hand,
                           seat_me_and_a_cpu, tap)


def make_scene(tmp_path, cpus=1, seed=3):
    return scene_by_hand(FormulaFunScene, Settings(tmp_path / "settings.json"), cpus, seed=seed)


def run(app, scene, ms):
    for _ in range(int(ms // 8)):
        app.now += 8 * MS
        scene.update(8)


def my_turn(app, scene, me=0):
    """Let the CPUs drive until it is seat `me`'s turn and the table has settled."""
    for _ in range(20000):
        if (scene.state.current_player() == me and not scene.busy()
                and scene.view()["phase"] == "race"):
            return
        run(app, scene, 8)
    raise AssertionError("never my turn")


def give(scene, p, hand):
    """Hand-built: player p holds `hand` (the cards are swapped with the draw pile)."""
    state = scene.state
    pool = state.draw + state.hands[p]
    for card in hand:
        pool.remove(card)
    state.hands[p] = sorted(hand)
    state.draw = pool
    scene._view = None
    state.check_invariants()


def test_left_right_choose_a_card_and_a_plays_it(tmp_path):
    app, scene = make_scene(tmp_path)
    my_turn(app, scene)
    give(scene, 0, ["M2", "M5", "P7", "M9", "M10"])
    assert scene.cursor_at(0) == 0
    tap(app, scene, "right")
    tap(app, scene, "right")
    assert scene.hand_of(0) == ["M10", "M2", "M5", "M9", "P7"]   # the hand is kept sorted
    assert scene.press_to_action(0, press(app, "a")) == Play(("M5",))
    tap(app, scene, "left")
    tap(app, scene, "left")
    tap(app, scene, "left")                        # wraps round to the last card
    assert scene.chosen(0) == Play(("P7",))
    assert scene.press_to_action(0, press(app, "a", down=False)) is None
    car = scene.state.moving_car()
    before = scene.state.pos[car]
    tap(app, scene, "a")
    assert scene.state.log[-1][1] == {"type": "Play", "cards": ["P7"]}
    assert scene.state.pos[car] > before or scene.state.race > 1


def test_b_adds_a_turbo_and_takes_it_back(tmp_path):
    app, scene = make_scene(tmp_path)
    my_turn(app, scene)
    give(scene, 0, ["M2", "M5", TURBO, "M9", "M10"])
    tap(app, scene, "b")
    assert scene.turbo[0]
    assert scene.chosen(0) == Play(("M10", TURBO))   # sorted hand: M10 comes first
    # on the only turbo there is nothing for it to go with
    scene.cursor[0] = scene.hand_of(0).index(TURBO)
    assert scene.press_to_action(0, press(app, "a")) is None
    assert scene.flashes[-1][1] == "choose the card for the turbo"
    tap(app, scene, "b")
    assert not scene.turbo[0]
    assert scene.chosen(0) == Play((TURBO,))


def test_two_turbos_go_together(tmp_path):
    app, scene = make_scene(tmp_path)
    my_turn(app, scene)
    give(scene, 0, [TURBO, TURBO, "M2", "M3", "M4"])
    scene.cursor[0] = scene.hand_of(0).index(TURBO)
    tap(app, scene, "b")
    assert scene.chosen(0) == Play((TURBO, TURBO))
    car = scene.state.moving_car()
    start = scene.state.pos[car]
    tap(app, scene, "a")
    assert len(scene.state.hands[0]) == 3                # two played ...
    assert scene.state.pos[car] in (start + 10, start + 9, start + 8)
    tap(app, scene, "a")
    assert len(scene.state.hands[0]) == 4                # ... one drawn
    assert not scene.turbo[0]                            # the next turn starts without it


def test_b_without_a_turbo_and_presses_out_of_turn_are_flashed(tmp_path):
    app, scene = make_scene(tmp_path)
    my_turn(app, scene)
    give(scene, 0, ["M2", "M5", "P7", "M9", "M10"])
    assert scene.press_to_action(0, press(app, "b")) is None
    assert scene.flashes[-1][1] == "no turbo in hand"
    assert "error" in app.audio.played
    tap(app, scene, "a")
    tap(app, scene, "a")                                 # the draw
    if scene.state.current_player() != 0:
        assert scene.press_to_action(0, press(app, "a")) is None
        assert scene.flashes[-1][1].endswith("is driving")


def test_the_lit_target_is_where_the_car_would_stop(tmp_path):
    app, scene = make_scene(tmp_path)
    my_turn(app, scene)
    give(scene, 0, ["M1", "M5", "P7", "M9", "M10"])
    view = scene.view()
    car = view["moving"]
    d = view["cars"][car]["d"]
    for k, card in enumerate(scene.hand_of(0)):
        scene.cursor[0] = k
        start, end = landing(view, scene.chosen(0).cards)
        assert start == d
        assert end <= d + move_length((card,), label(d))
        assert end >= d
    canvas = pygame.Surface((1920, 1080))
    scene.draw(canvas)                                   # draws the lit space, changes nothing
    assert scene.state.moving_car() == car


def test_cars_slide_to_their_space_and_cpus_wait_for_them(tmp_path):
    app, scene = make_scene(tmp_path)
    my_turn(app, scene)
    give(scene, 0, ["P8", "M5", "P7", "M9", "M10"])
    car = scene.state.moving_car()
    scene.cursor[0] = scene.hand_of(0).index("P8")
    start = scene.state.pos[car]
    tap(app, scene, "a")
    target = scene.state.pos[car]
    assert scene.busy() and target > start
    run(app, scene, 100)
    assert start < scene.car_at(car)[0] < target         # on its way
    tap(app, scene, "a")                                 # drawn: the CPU is next ...
    if scene.state.race > 1:
        return                                           # (the race ended on this move)
    moves = len(scene.state.log)
    run(app, scene, 100)
    assert len(scene.state.log) == moves                 # ... but waits for the car
    run(app, scene, 2000)
    assert scene.car_at(car)[0] == target


def test_a_table_of_cpus_plays_to_the_results(tmp_path):
    app = FakeApp(Settings(tmp_path / "s.json"))
    app.manager = SceneManager(app, {"pause": Stub, "results": Stub, "title": Stub})
    seats = Seats()
    for level in ("easy", "normal", "hard"):
        seats.add_cpu(level)
    scene = app.manager.push(FormulaFunScene, seats=seats.occupied(), seed=4)
    canvas = pygame.Surface((1920, 1080))
    panels = 0
    for i in range(400000):
        app.now += 16 * MS
        scene.update(16)
        if i % 50 == 0 and app.manager.top is scene:
            scene.draw(canvas)
            panels += bool(scene.timeline.playing(scene.anim_ms, "panel"))
        if app.manager.top is not scene:
            break
    assert scene.state.is_terminal()
    assert app.manager.top.kw["outcome"].scores == scene.state.result["scores"]
    assert panels > 0                                    # every race's end was shown
    assert app.audio.played.count("box_drop") == scene.state.car_count - 1   # a car out
    assert "win" not in app.audio.played and "lose" not in app.audio.played  # the results


def test_the_deck_and_track_the_scene_draws_are_the_cores():
    assert len(DECK) == 110 and SPACES == 30
    assert game.GAMES["formula_fun"] is formula_fun.INFO


# -- the real loop -------------------------------------------------------------------------------

def test_a_whole_game_from_join_to_results_by_keyboard(app):
    top = lambda: app.manager.top  # noqa: E731
    scene = seat_me_and_a_cpu(app, "formula_fun")
    assert isinstance(scene, FormulaFunScene)
    me = scene.player_of[app.seats.seat_of("kb1").index]
    presses = 0

    def my_turn(view):
        nonlocal presses
        if view["phase"] == "draw":
            key(app, KB1["a"])                      # the draw ends the turn
            return
        hand = scene.hand_of(me)
        if presses % 3 == 1 and TURBO in hand and not scene.turbo.get(me):
            key(app, KB1["b"])                      # now and then a turbo beside the card
            if scene.chosen(me) is None:
                key(app, KB1["right"])
        elif presses % 3 == 2:
            key(app, KB1["right"])
        key(app, KB1["a"])
        presses += 1

    play_my_turns(app, scene, my_turn, 60000)
    assert scene.state.is_terminal()
    assert presses > 5
    mine = [a for p, a, t in scene.state.log if p == me]
    assert mine                                     # the keyboard player really drove
    for _ in range(5000):
        if top().name == "results":
            break
        app.run(frames=1)
    assert top().name == "results"
    assert top().outcome.scores == scene.state.result["scores"]


# -- secret hands with two people at the TV -------------------------------------------------------

def test_with_two_humans_the_hand_stays_covered_until_its_owner_presses_a(tmp_path):
    app, scene = scene_by_hand(FormulaFunScene, Settings(tmp_path / "s.json"), cpus=0,
                               humans=("kb1", "kb2"), seed=3)
    device = {scene.player_of[app.seats.seat_of(d).index]: d for d in ("kb1", "kb2")}
    turn = scene.state.current_player()
    assert scene.covered() == turn and scene.human_to_move(scene.view()) is None
    moves = len(scene.state.log)
    tap(app, scene, "right", device[turn])          # nothing is chosen blind
    tap(app, scene, "a", device[turn])              # uncovers, plays nothing
    assert scene.covered() is None and len(scene.state.log) == moves
    assert scene.human_to_move(scene.view()) == turn
    for _ in range(20):                             # play until the other one's turn comes
        tap(app, scene, "a", device[turn])
        if scene.state.current_player() != turn:
            break
    other = scene.state.current_player()
    assert other != turn and scene.covered() == other


def test_one_human_with_cpus_never_sees_a_curtain(tmp_path):
    app, scene = make_scene(tmp_path, cpus=2)
    assert scene.covered() is None


# -- the draw and taking a move back ------------------------------------------------------------

def test_after_the_move_a_draws_and_b_takes_it_back_until_then(tmp_path):
    from game.replay import to_json

    app, scene = make_scene(tmp_path)
    my_turn(app, scene)
    log = list(scene.state.log)
    hand = list(scene.hand_of(0))
    car = scene.state.moving_car()
    start = scene.view()["cars"][car]["d"]
    tap(app, scene, "a")                                 # played: the car moves
    assert scene.view()["phase"] == "draw" and scene.can_undo(0)
    assert scene.phone_extras(0)["labels"] == {"a": "draw", "b": "take back"}
    canvas = pygame.Surface((1920, 1080))
    scene.draw(canvas)                                   # "draw a card" and "take it back"
    tap(app, scene, "b")                                 # taken back
    assert scene.state.log == log and scene.hand_of(0) == hand
    assert scene.view()["cars"][car]["d"] == start and scene.view()["phase"] == "race"
    assert scene.car_at(car)[0] == start and not scene.busy()
    tap(app, scene, "right")
    tap(app, scene, "a")                                 # another card ...
    tap(app, scene, "a")                                 # ... and the draw
    assert not scene.can_undo(0) and scene.state.log[len(log):][-1][1] == {"type": "Draw"}
    assert to_json(scene.state)["log"][:len(log)] == log
    assert len(scene.state.log) == len(log) + 2          # nothing of the move taken back


def test_cpus_never_take_back(tmp_path):
    app, scene = make_scene(tmp_path, cpus=2)
    assert not scene.can_undo(1) and not scene.undo(1)
    my_turn(app, scene)
    assert all(entry[1]["type"] in ("Play", "Draw") for entry in scene.state.log)
