"""The Flotter Otter scene (scenes/games/flotter_otter/scene.py): buttons -> actions on pads and on every
keyboard zone, a round played with SDL virtual pads through the real app loop from joining to
the round result, stacks that topple only when wrong, and the item art's five levels.

The app runs on a hand-driven clock (each frame is 1/60 s of it), so nothing depends on how
fast this machine is.
"""

import pygame
import pytest

from shell import look
from shell.input import DEFAULT_ZONES, KEYBOARD_ZONES
from game.core import decode_action
from game.flotter_otter import Grab, PlaceBox, Undo
from game.waybills import COLOURS, THEMES, card
from scenes.games.flotter_otter import scene as fo
from scenes.games.flotter_otter import art as otter_art
from tests.clock_rig import drawn_texts, frame, rig, run_until  # noqa: F401 (rig: a fixture)

PAD_BUTTON = {"a": "a", "b": "b", "x": "x", "y": "y", "r": "rightshoulder", "right": "dpright",
              "down": "dpdown", "up": "dpup", "start": "start"}
EXPECTED = {"a": PlaceBox("green"), "b": PlaceBox("orange"), "x": PlaceBox("blue"),
            "y": PlaceBox("yellow"), "r": PlaceBox("pink"), "right": PlaceBox("pink"),
            "down": Undo(), "up": Grab()}


def frames(rig, n=1):
    for _ in range(n):
        frame(rig)


def tap(rig, pad, button, after=2):
    pad.press(PAD_BUTTON.get(button, button))
    frames(rig)
    pad.release(PAD_BUTTON.get(button, button))
    frames(rig, after)


def test_every_box_colour_has_one_button_and_a_stack_is_five_presses_and_a_grab():
    assert sorted(set(fo.BOX_BUTTONS.values())) == sorted(COLOURS)
    presses = fo.correct_presses(0, feature=1)
    assert len(presses) == 6 and presses[-1] == "up"
    assert [fo.BOX_BUTTONS[b] for b in presses[:5]] == list(card(0).orders[1])


def test_keyboard_zones_map_to_the_same_actions(rig):
    app, _ = rig
    app.seats.join("kb1")
    app.seats.join("kb2")
    scene = app.manager.push(fo.SCENE, game_id="flotter_otter", seed=3)
    for zone in KEYBOARD_ZONES:
        for action, expected in EXPECTED.items():
            key = pygame.key.key_code(DEFAULT_ZONES[zone][action])
            items = app.hub.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0,
                                                      unicode="", scancode=0), app.clock_ns())
            assert [(i.device, i.action, i.down) for i in items] == [(zone, action, True)]
            assert scene.press_to_action(0, items[0]) == expected, (zone, action)
            ups = app.hub.handle(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="",
                                                    scancode=0), app.clock_ns())
            assert scene.press_to_action(0, ups[0]) is None  # releases do nothing


def test_a_round_driven_by_virtual_pads_from_joining_to_the_result(rig):
    from shell.vjoy import VirtualPad

    app, _ = rig
    app.manager.push("select")
    app.manager.push("lobby", game_id="flotter_otter")
    pads = [VirtualPad("Otter Pad", product=21), VirtualPad("Otter Pad", product=22)]
    frames(rig, 3)
    for pad in pads:
        tap(rig, pad, "a")                       # join
    assert [s.device.startswith("pad:") for s in app.seats.occupied()] == [True, True]
    for pad in pads:
        tap(rig, pad, "a")                       # ready
    assert run_until(rig, lambda: app.manager.top.name == "howto")
    tap(rig, pads[0], "start")                   # skip the how-to
    scene = app.manager.top
    assert isinstance(scene, fo.SCENE)
    assert run_until(rig, lambda: scene.state.phase == "stacking")
    frames(rig, 30)                              # half a second to read the waybill
    waybill = scene.state.current
    orders = card(waybill).orders
    # Seat 1 stacks a wrong order (one pair swapped) and does not grab; seat 0 stacks the
    # first feature top-down, with a wrong box taken off again, then grabs: that ends the round.
    wrong = list(orders[1])
    wrong[1], wrong[2] = wrong[2], wrong[1]
    by_colour = {c: b for b, c in fo.BOX_BUTTONS.items() if b != "right"}
    for colour in wrong:
        tap(rig, pads[1], by_colour[colour])
    presses = fo.correct_presses(waybill, feature=0, descending=True)
    tap(rig, pads[0], presses[0])
    tap(rig, pads[0], presses[2])
    tap(rig, pads[0], "down")                    # undo
    for button in presses[1:]:
        tap(rig, pads[0], button)

    applied = [(p, decode_action(scene.info, a)) for p, a, _ in scene.state.log
               if p is not None]
    mine = [a for p, a in applied if p == 0]
    assert mine[:3] == [EXPECTED[presses[0]], EXPECTED[presses[2]], Undo()]
    assert mine[3:] == [EXPECTED[b] for b in presses[1:]]
    assert [a for p, a in applied if p == 1] == [PlaceBox(c) for c in wrong]
    result = scene.state.last_result
    assert result is not None and scene.result == {**result, "reactions": scene.result["reactions"]}
    assert result["otters"] == [0, None]
    rows = result["players"]
    assert rows[0]["correct"] and rows[0]["grab_ms"] > rows[0]["first_box_ms"] > 0
    assert not rows[1]["correct"] and rows[1]["grab_ms"] is None
    # the core reported both times; the base recorded them: the results screen's list holds
    # the grab (results_kind), the stats store both kinds
    assert scene.reactions[0] == [(float(rows[0]["grab_ms"]), True)]
    assert app.stats.flush(10)  # (saved on the stats thread)
    assert app.stats.summary(scene.seats[0].name, "flotter_otter", "grab").count == 1
    firsts = app.stats.by_player("flotter_otter", "first_box")
    assert firsts[scene.seats[0].name].count == 1
    frames(rig, 120)                             # two seconds of physics
    assert scene.lanes[0].upright() and len(scene.lanes[0].boxes) == 5
    assert scene.lanes[1].toppled and not scene.lanes[1].upright()
    for pad in pads:
        pad.detach()
    frames(rig, 2)


def test_only_wrong_stacks_topple(rig):
    app, _ = rig
    for device in ("kb1", "kb2", "kb3"):
        app.seats.join(device)
    scene = app.manager.push(fo.SCENE, game_id="flotter_otter", seed=8)
    assert run_until(rig, lambda: scene.state.phase == "stacking")
    orders = card(scene.state.current).orders
    t = scene.state.now + 500
    swapped = list(orders[0])
    swapped[0], swapped[4] = swapped[4], swapped[0]
    plans = {0: list(orders[0]), 1: swapped, 2: list(orders[1])[::-1]}
    for p, order in plans.items():
        for colour in order:
            t += 150
            assert scene.act(p, PlaceBox(colour), t)
    frames(rig, 60)                                # every stack has settled
    assert all(lane.upright() for lane in scene.lanes)
    assert scene.act(1, Grab(), t + 100)          # wrong, grabbed
    assert scene.act(0, Grab(), t + 200)          # right, grabbed: the round is over
    assert scene.state.phase == "result"
    frames(rig, 120)
    assert scene.lanes[0].upright() and scene.lanes[2].upright()  # right, grabbed or not
    assert not scene.lanes[1].upright()
    assert [lane.toppled for lane in scene.lanes] == [False, True, False]


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_feature_level_draws_differently(rig, theme):
    """Five levels of each feature give five different pictures (the other features held)."""
    for feature in THEMES[theme]:
        pictures = [pygame.image.tobytes(otter_art.item_surface(theme, "blue",
                                                                {feature.name: level}), "RGBA")
                    for level in range(5)]
        assert len(set(pictures)) == 5, (theme, feature.name)


def test_rotated_boxes_come_from_a_small_cache():
    a = otter_art.rotated_box("pink", 120, 40, 31.0)
    assert otter_art.rotated_box("pink", 120, 40, 29.6) is a   # same 3-degree bucket
    assert otter_art.rotated_box("pink", 120, 40, 0.4) is otter_art.box_surface("pink", 120, 40)


def test_the_demo_line_leaves_the_round_in_the_side_column_free(rig):
    app, _ = rig
    for _ in range(3):
        app.seats.add_cpu("hard")
    scene = app.manager.push(fo.SCENE, game_id="flotter_otter", seed=3, demo=True)
    frames(rig, 2)
    anchor, at = scene.demo_banner_at()
    surf = look.text_surface("DEMO - press any button to play", look.MIN_FONT, look.MUTED)
    banner = surf.get_rect(**{anchor: at})
    side_top = pygame.Rect(fo.SIDE_X, fo.TOP, fo.SIDE_W, 60)  # "Round 1" and the reveal panel
    card = pygame.Rect(fo.CARD_X, fo.TOP, otter_art.CARD_W, otter_art.CARD_H)
    assert not banner.colliderect(side_top) and not banner.colliderect(card)
    assert not any(banner.colliderect(lane.rect) for lane in scene.lanes)
    assert pygame.Rect(0, 0, look.W, look.H).contains(banner)


def otter_with_cpus(rig, cpus: int):
    app, _ = rig
    for _ in range(cpus):
        app.seats.add_cpu("normal")
    scene = app.manager.push(fo.SCENE, game_id="flotter_otter", seed=3)
    frames(rig, 2)
    assert scene.state.players == cpus
    return scene


def test_one_point_and_one_waybill_are_singular(rig):
    scene = otter_with_cpus(rig, 4)
    view = dict(scene.view(), series_points=[1, 2, 0, 5], pile=1)
    scene.view = lambda: view
    assert {"1 pt", "2 pts", "0 pts", "5 pts", "1 waybill left"} <= drawn_texts(rig)


def test_a_lanes_waybills_end_before_its_points_at_eight_players(rig):
    lane = otter_with_cpus(rig, 8).lanes[0].rect
    for down, up, points in ((3, 0, "6 pts"), (3, 2, "8 pts"), (4, 3, "11 pts"), (1, 0, "1 pt"),
                              (3, 3, "27 pts")):  # (a series adds up its games' points)
        xs = fo.waybill_xs(lane, points, down, up)
        assert len(xs) == down + up and xs[0] == lane.left + 16 and xs == sorted(xs)
        points_left = lane.right - 16 - look.font(look.BODY).size(points)[0]
        assert xs[-1] + 30 < points_left, (down, up, xs, points_left)
    wide = pygame.Rect(0, 0, 1000, 400)  # room enough: 24 apart, a gap of 10
    assert fo.waybill_xs(wide, "5 pts", 2, 1) == [16, 40, 74]
