"""The Fliegen klatschen scene (scenes/games/fliegen_klatschen/scene.py): hand cursors that snap from card to
card, the spread, hands per player count, refusals shown at the hand, and a whole catch driven by
SDL virtual pads (shell.vjoy) through the real app loop, headless."""

import pytest

from shell.input import Press
from game.fliegen_klatschen import SWATTER, Reveal
from scenes.games.fliegen_klatschen import scene as fk
from tests.driving import hand_over, close_app, real_app

GAME = "fliegen_klatschen"


@pytest.fixture
def app(tmp_path):
    a = real_app(tmp_path)
    yield a
    close_app(a)


# -- snapping --------------------------------------------------------------------------------


POINTS = {"c": (500, 500), "near_right": (600, 540), "far_right": (900, 500),
          "up": (510, 300), "up_left": (300, 330), "below": (480, 800)}


@pytest.mark.parametrize("direction, expected", [
    ((1, 0), "near_right"), ((0, -1), "up"), ((0, 1), "below"), ((-1, 0), "up_left")])
def test_a_direction_snaps_to_the_nearest_card_that_way(direction, expected):
    assert fk.snap(POINTS, "c", direction) == expected


def test_distance_across_the_direction_counts_more_than_along_it():
    # 300 px straight right beats 100 px right but 200 px down.
    points = {"c": (0, 0), "straight": (300, 0), "askew": (100, 200)}
    assert fk.snap(points, "c", (1, 0)) == "straight"


def test_no_card_that_way_keeps_the_hand_where_it_is():
    assert fk.snap(POINTS, "far_right", (1, 0)) is None
    assert fk.snap({"c": (0, 0)}, "c", (0, -1)) is None


def test_snapping_from_a_position_and_nearest():
    assert fk.snap(POINTS, (0, 500), (1, 0)) == "c"
    assert fk.snap(POINTS, (300, 600), (0, -1)) == "up_left"
    assert fk.nearest(POINTS, (880, 520)) == "far_right"
    assert fk.nearest({}, (0, 0)) is None


# -- the spread ------------------------------------------------------------------------------


def test_the_spread_is_deterministic_on_the_table_and_pushes_cards_apart():
    from game import GAMES

    state = GAMES[GAME].new(4, {"remove": 0}, 3)
    cards = state.view(None)["cards"]
    w, h = fk.card_size(len(cards), fk.TABLE)
    one = fk.spread(cards, fk.TABLE, w, h)
    assert one == fk.spread(cards, fk.TABLE, w, h)
    assert len(one) == 112
    for x, y, tilt in one.values():
        assert fk.TABLE.left < x < fk.TABLE.right and fk.TABLE.top < y < fk.TABLE.bottom
    # every card keeps a good part of itself free: no two centres close together
    xy = [v[:2] for v in one.values()]
    closest = min(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
                  for i, a in enumerate(xy) for b in xy[i + 1:])
    assert closest > h * 0.5
    other = GAMES[GAME].new(4, {"remove": 0}, 4).view(None)["cards"]
    assert fk.spread(other, fk.TABLE, w, h) != one


def test_fewer_cards_get_bigger_cards():
    assert fk.card_size(64, fk.TABLE)[0] > fk.card_size(112, fk.TABLE)[0]


# -- hands per player count ------------------------------------------------------------------


def clear_seats(app):
    # (the input hub holds app.seats: empty it, do not replace it)
    for seat in app.seats.occupied():
        app.seats.leave(seat.index)


def start(app, devices, cpus=0, seed=5):
    clear_seats(app)
    for device in devices:
        app.seats.join(device)
    for _ in range(cpus):
        app.seats.add_cpu("normal")
    scene = app.manager.reset(fk.SCENE, game_id=GAME, seed=seed)
    app.run(frames=2)
    return scene


@pytest.mark.parametrize("humans, cpus, hands", [(2, 0, 2), (2, 2, 2), (3, 2, 1), (2, 6, 1)])
def test_two_hands_with_two_to_four_players_one_with_more(app, humans, cpus, hands):
    devices = ["pad:test:1", "kb1", "kb2"][:humans]
    scene = start(app, devices, cpus)
    view = scene.view()
    assert view["hands"] == hands
    # a pad has two hand cursors when there are two hands; a keyboard zone has one
    assert scene.cursor_count(0, view) == hands
    assert scene.cursor_count(1, view) == 1


def press(scene, p, action, t_ns=None):
    seat = scene.seats[p]
    return Press(seat.device, action, True, t_ns or scene.app.clock_ns(), seat.index)


def test_the_active_player_turns_the_card_under_the_hand(app):
    scene = start(app, ["kb1", "kb2"])
    view = scene.view()
    card = scene.cursor[0][0]
    assert card is not None and not next(c for c in view["cards"] if c["card"] == card)["up"]
    hand_over(scene, press(scene, 0, "right"))
    moved = scene.cursor[0][0]
    assert moved != card and scene.places[moved][0] > scene.places[card][0]
    hand_over(scene, press(scene, 0, "a"))
    assert scene.state.log[-1][1] == {"type": "Reveal", "card": moved}
    assert scene.state.place[moved] == "up"


def test_a_keyboard_hand_carries_both_hands_and_refusals_show_at_the_hand(app):
    scene = start(app, ["kb1", "kb2"])
    state = scene.state
    fly, other = [i for i in range(112) if state.face[i] != SWATTER][:2]
    scene.act(0, Reveal(fly))
    scene.act(1, Reveal(other))                   # two flies: no catch; seat 0 is to turn
    app.run(frames=2)
    hand_over(scene, press(scene, 1, "left"))
    hand_over(scene, press(scene, 1, "right"))
    hand_over(scene, press(scene, 1, "a"))            # seat 1 slaps while catching is closed
    assert state.false_starts == [0, 1] and state.frozen[1] == [True, False]
    assert scene.cursor[1][0] in (fly, other)      # its hand moves over the face-up cards
    hand_over(scene, press(scene, 1, "a"))            # the same key now slaps with the other hand
    assert state.false_starts == [0, 2] and state.frozen[1] == [True, True]
    hand_over(scene, press(scene, 1, "a"))            # both frozen: refused, and said at the hand
    assert state.false_starts == [0, 2]
    said = [(step.data["player"], step.data["text"])
            for step, _ in scene.timeline.playing(scene.anim_ms, "refusal")]
    assert said == [(1, "hand frozen after a false start")]
    app.run(frames=2)                             # drawing the refusal is fine


# -- a catch driven by virtual pads through the real loop -----------------------------------


def tap(app, pad, button, frames=2):
    pad.press(button)
    app.run(frames=1)
    pad.release(button)
    app.run(frames=frames)


def push_stick(app, pad, axis, value, frames=2):
    pad.axis(axis, value)
    app.run(frames=1)
    pad.axis(axis, 0.0)
    app.run(frames=frames)


DPAD = {(1, 0): "dpright", (-1, 0): "dpleft", (0, 1): "dpdown", (0, -1): "dpup"}


def towards(a, b):
    """The d-pad direction from screen point a to b (the stronger axis)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) >= abs(dy):
        return (1 if dx > 0 else -1, 0)
    return (0, 1 if dy > 0 else -1)


def test_a_catch_with_virtual_pads_through_the_real_loop(app):
    from shell.vjoy import VirtualPad

    clear_seats(app)
    app.manager.reset("lobby", game_id=GAME)
    pads = [VirtualPad("Sofa Pad", product=21), VirtualPad("Other Pad", product=22)]
    try:
        app.run(frames=3)
        for pad in pads:                          # both pads take a seat in the lobby
            tap(app, pad, "a")
        seats = app.seats.occupied()
        assert len(seats) == 2 and all(s.device.startswith("pad:") for s in seats)
        scene = app.manager.reset(fk.SCENE, game_id=GAME, seed=9)
        app.run(frames=2)
        state = scene.state
        fly = next(i for i in range(112) if state.face[i] != SWATTER)
        swatter = next(i for i in range(112) if state.face[i] == SWATTER)
        assert scene.act(0, Reveal(fly))          # a scenario: a fly, then the swatter
        app.run(frames=2)
        assert scene.act(1, Reveal(swatter))
        app.run(frames=2)
        assert state.phase == "catch" and state.catch["cards"] == [fly]
        assert scene.cursor_count(0, scene.view()) == 2

        # seat 1: the right stick moves its second hand onto the swatter, RB slaps it (wrong)
        p1 = scene.cursor[1]
        if p1[1] != swatter:
            d = towards(scene.places[p1[1]], scene.places[swatter])
            push_stick(app, pads[1], "rightx" if d[0] else "righty", d[0] or d[1])
        assert scene.cursor[1][1] == swatter
        tap(app, pads[1], "rightshoulder")

        # seat 0: the d-pad snaps hand 0 to the swatter, then to the fly; A slaps
        hand = scene.cursor[0]
        if hand[0] == fly:
            tap(app, pads[0], DPAD[towards(scene.places[fly], scene.places[swatter])])
        assert scene.cursor[0][0] == swatter
        tap(app, pads[0], DPAD[towards(scene.places[swatter], scene.places[fly])])
        assert scene.cursor[0][0] == fly
        tap(app, pads[0], "a")
        app.run(frames=3)
    finally:
        for pad in pads:
            pad.detach()
    last = state.last_catch
    assert last is not None and last["reason"] == "all taken"
    mine = last["players"][0]["slaps"]
    assert [(s["hand"], s["card"], s["correct"], s["bottom"]) for s in mine] == \
        [(0, fly, True, True)]
    assert last["players"][0]["gained"] == [fly]
    theirs = last["players"][1]["slaps"]
    assert [(s["hand"], s["card"], s["correct"]) for s in theirs] == [(1, swatter, False)]
    assert state.reaction_records()[-1]["card"] == fly
    # the scene recorded both slaps (ms from the onset, correct or not)
    assert [c for _, c in scene.reactions[0]] == [True]
    assert [c for _, c in scene.reactions[1]] == [False]
    assert scene.reactions[0][0][0] == mine[0]["ms"] >= 0
    assert app.stats.flush(10)  # (saved on the stats thread)
    assert app.stats.summary(seats[0].name, GAME, "slap").count == 1
    assert app.audio.counts["slap"] >= 2


# -- colour marks --------------------------------------------------------------------------------


def _grey_corner(surface, w, h):
    """The card's top-right corner in grey levels only, as a colour-blind eye might see it."""
    import pygame

    corner = surface.subsurface((w - h // 4, 0, h // 4, h // 4))
    grey = pygame.transform.grayscale(corner)
    return [grey.get_at((x, y))[0] for x in range(0, corner.get_width(), 2)
            for y in range(0, corner.get_height(), 2)]


def test_every_fly_colour_has_its_own_mark_that_reads_without_colour(app):
    from game.fliegen_klatschen import COLOURS
    from scenes.games.fliegen_klatschen import art as fly_art

    assert set(fly_art.COLOUR_MARK) == set(COLOURS)
    assert len(set(fly_art.COLOUR_MARK.values())) == len(COLOURS)
    w, h = 150, 200
    corners = {c: _grey_corner(fly_art.fly_face(c, 3, w, h), w, h) for c in COLOURS}
    for a in COLOURS:
        for b in COLOURS:
            if a < b:  # the grey pictures differ in many pixels, not just by shade noise
                differ = sum(abs(p - q) > 40 for p, q in zip(corners[a], corners[b]))
                assert differ > 20, (a, b, differ)


# -- texts that fit, words that are right ------------------------------------------------------


def test_plural_flies_and_a_tie_on_the_same_ms_said_in_words():
    assert fk.flies(1) == "1 fly" and fk.flies(2) == "2 flies"


def test_result_lines_past_what_a_panel_holds_join_on_its_last_line(app):
    scene = start(app, ["kb1", "kb2"], cpus=2)
    rect = scene.panel_rects[0]
    n = fk.panel_lines(rect.height, 60)
    assert 60 + n * fk.LINE_H <= rect.height - 5  # inside the inner border
    rows = [((f"line {i}", (255, 255, 255)),) for i in range(n + 2)]
    fitted = fk.fit_rows(rows, n)
    assert len(fitted) == n
    assert [seg[0] for seg in fitted[-1] if seg[0] != ", "] == \
        [f"line {i}" for i in range(n - 1, n + 2)]
    assert fk.fit_rows(rows[:n], n) == rows[:n]


def test_the_how_to_card_shows_a_zones_direction_keys_as_a_group_and_no_second_stick(app):
    clear_seats(app)
    for device in ("kb1", "kb4", "kb2", "pad:test:1"):
        app.seats.join(device)
    card = app.manager.reset("howto", game_id=GAME, scene_class=fk.SCENE)
    app.run(frames=2)
    rows = card.rows(fk.SCENE.controls)
    move, move2 = rows[0][0], rows[2][0]
    assert move == ("up", "left", "down", "right") and rows[0][1] == "move hand"

    def caps(device, actions):
        return [list(map(str, group)) for group in card.button_caps(actions, [device])]

    assert caps("kb1", move) == [["W", "A", "S", "D"]]        # a zone: its four keys
    assert len(caps("pad:test:1", move)) == 1 and len(caps("pad:test:1", move)[0]) == 1  # d-pad
    assert caps("kb1", move2) == []                           # a zone has no second stick
    assert len(caps("pad:test:1", move2)) == 1                # a pad's right stick
    assert caps("kb1", ("a",)) == [["F"]]
