"""Fliegen klatschen's bookkeeping for speed equals the plain way of working it out, after every
step of random walks: the catch's counts (hands still to slap, flies untaken, the bottom hand on
each card), the kept face-up cards by face, reveals and slaps, and the game-over summary and
highlight made from the compact slap records. And the CPU player's short cuts (what it works
out from a table, its steering, its plan) equal the plain way."""

from __future__ import annotations

import math
import random

import pytest

import game.bots.fliegen_klatschen as fly_bots
import game.fliegen_klatschen as fk
from game.fliegen_klatschen import CARDS, DOWN, FACES, ON_TABLE, REVEALS, SLAPS, UP
from game.runner import play, run_realtime
from tests.realtime_walk import walk

INFO = fk.INFO


def counted(state):
    """The catch's counts, worked out the plain way from the catch and the frozen hands."""
    catch = state.catch
    bottoms = {}
    for s in catch["slaps"]:
        bottoms.setdefault(s["card"], s)
    taken = {s["card"] for s in catch["slaps"] if s["correct"]}
    to_slap = sum(1 for p in range(state.players) for h in range(state.hands)
                  if not state.frozen[p][h] and not catch["used"][p][h])
    return to_slap, len(set(catch["cards"]) - taken), bottoms


def records_of(state, slaps):
    """The compact reaction records (REACTION_FIELDS) of a closed catch's slaps, the plain
    way: a bottom hand's margin is how far ahead of the first hand on top of it it came."""
    rows = []
    for s in slaps:
        card = s["card"]
        known = state.place[card] != DOWN
        face, value = (state.face[card], state.value[card]) if known else (None, None)
        if s["bottom"]:
            over = [x["by_ms"] for x in slaps if x["card"] == card and not x["bottom"]]
            margin = over[0] if over else None
            rows.append([state.round, s["player"], s["hand"], card, face, value, s["ms"],
                         s["correct"], s["correct"], margin is not None, margin])
        else:
            rows.append([state.round, s["player"], s["hand"], card, face, value, s["ms"],
                         s["correct"], False, True, s["by_ms"]])
    return rows


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2), (8, 3)])
def test_kept_counts_and_lists_equal_a_plain_count_after_every_step(players, seed):
    state = INFO.new(players, {}, seed)
    rng = random.Random(seed)
    catches = closed = 0
    slaps, known = None, 0
    for _ in walk(state, rng, 1200, interrupts=0.03):
        if len(state.reactions) > known:  # a catch closed: its records, made in one pass
            closed += 1
            assert state.reactions[known:] == records_of(state, slaps)
        slaps, known = state.catch and state.catch["slaps"], len(state.reactions)
        state.legal_actions(0)  # (the kept lists are made when asked for, then patched)
        if state.phase == "catch":
            catches += 1
            assert (state._to_slap, state._untaken, state._bottoms) == counted(state)
        lists = state._lists_cache
        if lists is None or lists["key"] != state._ons:
            continue
        on = [i for i in range(CARDS) if state.place[i] in ON_TABLE]
        assert lists["on"] == on
        assert lists["slaps"] == [[SLAPS[h][i] for i in on] for h in range(state.hands)]
        reveals = lists["reveals"]
        if reveals is not None and reveals[0] == state._downs:
            down = [i for i in range(CARDS) if state.place[i] == DOWN]
            assert (reveals[3], reveals[1]) == (down, [REVEALS[i] for i in down])
        up = lists["up"]
        if up is not None and up[0] == state._downs:
            assert up[1] == {face: [i for i in range(CARDS) if state.place[i] == UP
                                    and state.face[i] == face] for face in FACES}
    assert catches > 20 and closed > 10


@pytest.mark.parametrize("players, seed, level", [(2, 5, "random"), (4, 6, "hard"),
                                                  (6, 7, "easy")])
def test_the_summary_and_highlight_equal_those_of_every_record(players, seed, level):
    """The game-over summary is made from the compact records and the highlight from the
    correct slaps alone: both as the plain functions make them from all the records."""
    state = play(INFO, players, seed, level)
    records = state.reaction_records()
    assert state.view(None)["summary"] == fk.reaction_summary(
        records, state.false_starts, players)
    assert state.highlight == fk.fattest_fly(records)
    assert state.highlight["kind"] == "fattest_fly"


@pytest.mark.parametrize("players, seed, level", [(2, 8, "easy"), (4, 9, "hard"),
                                                  (8, 10, "normal")])
def test_what_the_cpus_work_out_from_a_table_equals_the_plain_way(players, seed, level):
    """FlyBot works a table out once for every CPU (fly_bots._Table): its face-up cards and where
    they lie, a catch's catchable cards (fattest first), the other face-up cards and the fly
    colours face up. Checked against the plain way for every view a CPU planned a catch
    from."""
    seen = []
    make_plan = fly_bots.FlyBot._make_plan

    def spy(bot, view, now):
        seen.append((view, fly_bots._TABLE_SEEN[0]))
        return make_plan(bot, view, now)

    fly_bots.FlyBot._make_plan = spy
    try:
        play(INFO, players, seed, level)
    finally:
        fly_bots.FlyBot._make_plan = make_plan
    shared = 0
    for view, before in seen:
        table = fly_bots._Table(view["cards"]).caught(view["catch"]["cards"])
        shared += before.cards is view["cards"]  # (a CPU before this one worked it out)
        ups = [c for c in view["cards"] if c["up"]]
        catchable = [c for c in ups if c["card"] in view["catch"]["cards"]]
        assert table.ups == ups
        assert table.pitch == 1000 * fly_bots.TABLE_ASPECT / math.sqrt(len(ups))
        assert table.catchable == catchable
        assert table.fattest == sorted(catchable, key=lambda c: -c["value"])
        assert table.wrong == [c for c in ups if c not in catchable]
        assert table.colours == len({c["face"] for c in ups if c["face"] != fk.SWATTER})
    assert len(seen) > 20 and shared >= len(seen) // 2


@pytest.mark.parametrize("players, seed, level", [(2, 11, "easy"), (4, 12, "hard"),
                                                  (8, 13, "normal")])
def test_a_cpus_steering_and_its_spelt_out_draws_equal_the_plain_way(players, seed, level):
    """FlyBot._steer: one snap per spacing of the face-up cards from where the hand rests to
    the target, rounded, six at most, each snap a draw_around of step_ms (spelt out in the
    bot); the hand then rests on the target. Checked for every face-up card from every
    face-up card's place, the table's middle and random points, on the tables of a random
    walk, with a copy of the bot's generator drawing the plain way."""
    state = INFO.new(players, {}, seed)
    rng = random.Random(seed)
    bot = fly_bots.FlyBot(0, seed, level)
    steered = 0
    for step, _ in enumerate(walk(state, rng, 300)):
        table = fly_bots._Table(state.view(0)["cards"])
        ups = table.ups
        if not ups or step % 5:
            continue
        points = [(c["x"], c["y"]) for c in ups[:3]] + [(500, 500)] + [
            (rng.randrange(1000), rng.randrange(1000))]
        for x, y in points:
            for c in ups:
                bot.hand_at = (x, y)
                plain = random.Random()
                plain.setstate(bot.rng.getstate())
                snaps = min(6, round(math.hypot((c["x"] - x) * fly_bots.TABLE_ASPECT, c["y"] - y)
                                     / (1000 * fly_bots.TABLE_ASPECT / math.sqrt(len(ups)))))
                ms = sum(fly_bots.draw_around(plain, bot.player.step_ms) for _ in range(snaps))
                assert bot._steer(table, c) == ms
                assert bot.rng.getstate() == plain.getstate()
                assert bot.hand_at == (c["x"], c["y"])
                steered += 1
    assert steered > 300


def test_the_active_cpu_finds_the_reveals_among_its_legal_actions_by_halving():
    """The active seat's legal actions are its reveals, then slaps (_legal_of): FlyBot finds
    where the reveals end by bisect, with isinstance(action, Slap) called from C (_IS_SLAP);
    the same count as the plain one, after every step of random walks. Its slaps are the
    game's own objects (SLAPS), so `is` finds one as `in` would."""
    checked = 0
    for players, seed in ((2, 21), (5, 22)):
        state = INFO.new(players, {}, seed)
        for _ in walk(state, random.Random(seed), 600):
            if state.phase != "reveal":
                continue
            legal = state.legal_actions(state.turn)
            reveals = [a for a in legal if isinstance(a, fk.Reveal)]
            assert legal[:len(reveals)] == reveals
            assert fly_bots.bisect_left(legal, True, key=fly_bots._IS_SLAP) == len(reveals)
            # (a false start's slap is looked for by identity: legal lists hold the game's
            # own Slap objects)
            assert all(a is SLAPS[a.hand][a.card] for a in legal[len(reveals):])
            checked += 1
    assert checked > 200


def test_a_cpus_plan_stays_in_order_and_cpus_never_set_an_attribute_of_their_class():
    """FlyBot keeps its plan in order (by due, then hand: it reads the earliest step first,
    instead of sorting at every poll), checked after every poll of a few games. And playing
    sets no attribute of the class: a class attribute set at run time changes the class's
    version, and CPython then reads every attribute of every FlyBot the slow way (the table
    the CPUs share is kept in _TABLE_SEEN for that)."""
    before = dict(vars(fly_bots.FlyBot))
    polls = 0

    class Checked(fly_bots.FlyBot):
        def poll(self, view, legal, now):
            nonlocal polls
            result = super().poll(view, legal, now)
            assert self.plan == sorted(self.plan)
            polls += 1
            return result

    for players, seed in ((2, 31), (4, 32), (8, 33)):
        state = INFO.new(players, {}, seed)
        bots = [Checked(seat, seed * 10 + seat, "hard") for seat in range(players)]
        run_realtime(state, bots)
    assert polls > 500
    assert dict(vars(fly_bots.FlyBot)) == before
