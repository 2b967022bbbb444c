"""Time decides, not arrival: real-time input is applied in the order it was STAMPED, at the
scene level, with the real App and its clock (a clock the test moves, so that moments can be
chosen to the ms) and the real game scenes, CPU players included.

The CPU players' moments are found by a first run of the same game (same seed) with the human
idle: a CPU's plan depends only on its own seeded draws and what it sees, so it acts at the
same game ms the second time. The human is then stamped 1 ms before (or after) it, and the
press is handed over either in good time or only after the frame in which the CPU's moment
passed (taken from SDL's queue while a frame was being worked out).
"""

import time

import pygame
import pytest

from game.core import decode_action
from game.fliegen_klatschen import CATCH_MS, SWATTER, Reveal, Slap
from game.flotter_otter import ROUND_LIMIT_MS, Grab
from scenes.games.fliegen_klatschen import scene as fk
from scenes.games.flotter_otter import scene as fo
from shell.input import Press
from tests.clock_rig import frame, rig, run_until  # noqa: F401 (rig: a fixture)

SEED = 11
KB1_A = "f"  # the WASD zone's A key


def start(rig, game_scene, second="cpu"):
    """kb1 (player 0) and a hard CPU (or the zone `second`) as player 1, at a fresh game scene
    with the fixed seed."""
    app, _ = rig
    # Keys only here: no pad thread. It reads the test's clock in real time, so the input
    # horizon lags the clock by 0-20 ms, as it happened to read; the stream then reaches a
    # CPU's turn in one frame or the next, and the test's own acts (scene.act, outside the
    # stream) may come before the CPU has seen it: its draws, and so its moment, move (334 ms
    # after the onset instead of 322, in one run of ten with a random lag).
    app.pads.stop()
    for seat in app.seats.occupied():
        app.seats.leave(seat.index)
    app.seats.join("kb1")
    if second == "cpu":
        app.seats.add_cpu("hard")
    else:
        app.seats.join(second)
    scene = app.manager.reset(game_scene, seed=SEED)
    frame(rig)
    return scene


def press(scene, action, t_ms, down=True, device="kb1"):
    """A zone's press of `action`, stamped at game time t_ms (by the scene's clock as it runs)."""
    seat = next(s for s in scene.seats if s.device == device)
    return Press(device, action, down, scene.clock.ns_at(t_ms), seat.index)


def entries(scene, seat, kind):
    """(t, action) of a seat's log entries of one action type."""
    out = []
    for p, encoded, t in scene.state.log:
        if p == seat:
            action = decode_action(scene.info, encoded)
            if type(action).__name__ == kind:
                out.append((t, action))
    return out


def hand_over_mid_frame(rig, scene, key_name, stamp_ms, after_ms):
    """Make the key press while the frame thread works out a frame, stamped at stamp_ms; the
    clock has moved on to after_ms when the frame ends, so the loop hands the press over only
    after a frame whose work began before stamp_ms and ended after after_ms."""
    app, clock = rig
    real = scene.update_scene
    done = []

    def update_scene(dt_ms):
        real(dt_ms)
        if done:
            return
        done.append(True)
        clock.t = scene.clock.ns_at(stamp_ms)
        code = pygame.key.key_code(key_name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="",
                                             scancode=0))
        while not any(e.type == pygame.KEYDOWN for e, _ in app._held):
            time.sleep(0.0001)  # the main thread takes it and stamps it, mid-frame
        clock.t = scene.clock.ns_at(after_ms)

    scene.update_scene = update_scene
    app.run(frames=1)
    scene.update_scene = real
    assert done, "the frame did not run"
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.key.key_code(key_name),
                                         mod=0, unicode="", scancode=0))


# -- Fliegen klatschen: a slap on the same card ----------------------------------------------


def open_catch(rig, second="cpu"):
    """Player 0 turns a fly, player 1 the swatter: catching opens on that fly.
    Returns (scene, fly, onset)."""
    scene = start(rig, fk.SCENE, second)
    state = scene.state
    fly = next(i for i in range(112) if state.face[i] != SWATTER)
    swatter = next(i for i in range(112) if state.face[i] == SWATTER)
    assert scene.act(0, Reveal(fly))
    frame(rig)
    assert scene.act(1, Reveal(swatter))
    frame(rig)  # the flip that shows the swatter: the catch's onset is on screen
    assert state.phase == "catch" and state.catch["cards"] == [fly]
    scene.cursor[0][0] = fly  # kb1's hand is over the fly
    return scene, fly, state.catch["onset"]


def cpu_slap_after_onset(rig) -> int:
    """The first run: the human stays idle; when (ms after the onset) does the CPU slap?"""
    scene, fly, onset = open_catch(rig)
    assert run_until(rig, lambda: entries(scene, 1, "Slap"))
    (t, slap), *_ = entries(scene, 1, "Slap")
    assert slap.card == fly
    return t - onset


def bottom_of(scene, fly):
    closed = scene.state.last_catch
    assert closed is not None, "the catch did not close"
    winners = [row["player"] for row in closed["players"] if fly in row["gained"]]
    return winners


@pytest.mark.parametrize("mid_frame", [False, True], ids=["in-good-time", "after-the-frame"])
@pytest.mark.parametrize("human_first", [True, False], ids=["human-1ms-first", "cpu-1ms-first"])
def test_the_first_slap_by_stamp_takes_the_fly_whenever_it_is_handed_over(rig, mid_frame,
                                                                            human_first):
    delay = cpu_slap_after_onset(rig)
    scene, fly, onset = open_catch(rig)
    cpu_at = onset + delay
    human_at = cpu_at - 1 if human_first else cpu_at + 1
    if mid_frame:  # taken while a frame is worked out; the clock passes the CPU's moment
        while scene.game_ms() < cpu_at - 40:
            frame(rig)
        hand_over_mid_frame(rig, scene, KB1_A, human_at, cpu_at + 12)
    else:
        rig[0].manager.handle(press(scene, "a", human_at))
    assert run_until(rig, lambda: scene.state.last_catch is not None)
    # The one fly of the catch goes to the first slap by stamp, which closes the catch: the
    # later one never lands.
    first, at = (0, human_at) if human_first else (1, cpu_at)
    # (what a failure needs to be understood: the slaps of both seats, the moments chosen)
    seen = (f"onset {onset}, the CPU's slap {delay} ms after it in the first run; slaps now: "
            f"{[(p, t) for p in (0, 1) for t, _ in entries(scene, p, 'Slap')]}")
    assert [t for t, _ in entries(scene, first, "Slap")] == [at], seen
    assert entries(scene, 1 - first, "Slap") == [], seen
    assert bottom_of(scene, fly) == [first]


# -- Flotter Otter: the grab card ------------------------------------------------------------


def reveal_waybill(rig, second="cpu"):
    scene = start(rig, fo.SCENE, second)
    assert run_until(rig, lambda: scene.state.phase == "stacking")
    frame(rig)
    return scene, scene.state.onset


def cpu_grab_after_onset(rig) -> int:
    scene, onset = reveal_waybill(rig)
    assert run_until(rig, lambda: entries(scene, 1, "Grab"))
    [(t, _)] = entries(scene, 1, "Grab")
    return t - onset


@pytest.mark.parametrize("mid_frame", [False, True], ids=["in-good-time", "after-the-frame"])
@pytest.mark.parametrize("human_first", [True, False], ids=["human-1ms-first", "cpu-1ms-first"])
def test_the_first_grab_by_stamp_takes_the_grab_card_whenever_it_is_handed_over(rig, mid_frame,
                                                                                human_first):
    delay = cpu_grab_after_onset(rig)
    scene, onset = reveal_waybill(rig)
    cpu_at = onset + delay
    human_at = cpu_at - 1 if human_first else cpu_at + 1
    app = rig[0]
    for i, button in enumerate(fo.correct_presses(scene.state.current)[:-1]):  # right stack
        app.manager.handle(press(scene, button, onset + 100 + 10 * i))
        app.manager.handle(press(scene, button, onset + 105 + 10 * i, down=False))
    if mid_frame:
        while scene.game_ms() < cpu_at - 40:
            frame(rig)
        hand_over_mid_frame(rig, scene, "w", human_at, cpu_at + 12)  # kb1's Up: grab
    else:
        app.manager.handle(press(scene, "up", human_at))  # kb1's Up: grab
    assert run_until(rig, lambda: scene.state.last_result is not None)
    # Two players, one grab card: the first grab by stamp takes it and ends the round.
    first, at = (0, human_at) if human_first else (1, cpu_at)
    assert [t for t, _ in entries(scene, first, "Grab")] == [at]
    assert entries(scene, 1 - first, "Grab") == []
    rows = scene.state.last_result["players"]
    assert rows[first]["grab_ms"] == at - onset and rows[1 - first]["grab_ms"] is None


# -- a press just after a deadline (two people: nobody ends the round or catch early) ------


@pytest.mark.parametrize("late_ms", [1, 3, 20])
def test_a_press_just_after_the_round_limit_still_shows_the_reveal_and_records_the_times(
        rig, late_ms):
    scene, onset = reveal_waybill(rig, second="kb3")
    app = rig[0]
    limit = onset + ROUND_LIMIT_MS
    app.manager.handle(press(scene, "a", onset + 700))            # kb1's first box
    app.manager.handle(press(scene, "a", onset + 705, down=False))
    while scene.game_ms() < limit - 30:  # (steps that stop short of the limit, whatever the
        frame(rig, min(100, limit - 20 - scene.game_ms()) * 1_000_000)  # horizon's lag)
    assert scene.state.phase == "stacking" and scene.result is None
    # kb3 presses a box just after the limit, handed over before any update ticked it
    app.manager.handle(press(scene, "a", limit + late_ms, device="kb3"))
    assert run_until(rig, lambda: scene.result is not None, 60)
    assert scene.state.last_result["players"][0]["first_box_ms"] == 700
    assert app.stats.flush(10)  # (saved on the stats thread)
    firsts = app.stats.by_player("flotter_otter", "first_box")
    assert firsts[scene.seats[0].name].count == 1
    assert "no round in flight" not in [f[1] for f in scene.flashes]  # just late: no fuss


@pytest.mark.parametrize("late_ms", [1, 3, 20])
def test_a_slap_just_after_a_catch_closes_still_shows_its_result_and_records_the_slaps(
        rig, late_ms):
    scene, fly, onset = open_catch(rig, second="kb3")
    app = rig[0]
    closes = onset + CATCH_MS
    swatter = scene.state.catch["trigger"]
    scene.cursor[1][0] = swatter
    app.manager.handle(press(scene, "a", onset + 300, device="kb3"))  # a wrong card
    while scene.game_ms() < closes - 30:  # (steps that stop short of the close, whatever
        frame(rig, min(50, closes - 20 - scene.game_ms()) * 1_000_000)  # the horizon's lag)
    assert scene.state.phase == "catch" and scene.result_t < 0
    app.manager.handle(press(scene, "a", closes + late_ms))  # kb1, just too late
    assert run_until(rig, lambda: scene.result_t > 0, 60)
    [row] = [r for r in scene.state.last_catch["players"] if r["player"] == 1]
    assert [(s["ms"], s["correct"]) for s in row["slaps"]] == [(300, False)]
    assert app.stats.flush(10)  # (saved on the stats thread)
    slaps = app.stats.by_player("fliegen_klatschen", "slap")
    assert slaps[scene.seats[1].name].count == 1
    assert scene.state.false_starts == [0, 0]  # refused as too late, not a false start


def test_a_tie_on_the_same_ms_favours_no_seat_and_is_the_same_every_time():
    """Ties on identical stamps: a hash of seed, ms and seat decides (documented in README,
    "Timing: who was first"); over many ms each of two seats wins about half, and the same
    game decides the same tie the same way."""
    from scenes.game_scene import tie_rank

    firsts = [min(range(2), key=lambda p: tie_rank(SEED, ms, p)) for ms in range(2000)]
    assert 900 < firsts.count(0) < 1100
    assert firsts == [min(range(2), key=lambda p: tie_rank(SEED, ms, p)) for ms in range(2000)]
    eight = [min(range(8), key=lambda p: tie_rank(SEED, ms, p)) for ms in range(4000)]
    assert all(350 < eight.count(p) < 650 for p in range(8))  # 500 each expected


def test_a_new_game_draws_a_64_bit_seed(rig):
    """A seed below 2^30 could be found from the first view's card backs by brute force."""
    app, _ = rig
    app.seats.add_cpu("hard")
    app.seats.add_cpu("hard")
    seeds = {app.manager.reset(fk.SCENE).seed for _ in range(8)}
    assert len(seeds) == 8 and max(seeds) >= 2 ** 40
