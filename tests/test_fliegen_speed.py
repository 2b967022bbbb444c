"""Fliegen klatschen's bookkeeping for speed equals the plain way of working it out, after every
step of random walks: the catch's counts (hands still to slap, flies untaken, the bottom hand on
each card), the kept face-up cards by face, reveals and slaps, and the game-over summary and
highlight made from the compact slap records. And the CPU player's short cuts (what it works
out from a table, the nearest card, its plan) equal the plain way."""

from __future__ import annotations

import math
import random

import pytest

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


def plain_nearest(ups, x, y):
    """The face-up card nearest to (x, y), the plain way: the first at the least distance."""
    far = [math.hypot((c["x"] - x) * fk.TABLE_ASPECT, c["y"] - y) for c in ups]
    return ups[far.index(min(far))]["card"]


@pytest.mark.parametrize("players, seed, level", [(2, 8, "easy"), (4, 9, "hard"),
                                                  (8, 10, "normal")])
def test_what_the_cpus_work_out_from_a_table_equals_the_plain_way(players, seed, level):
    """FlyBot works a table out once for every CPU (fk._Table): its face-up cards and where
    they lie, a catch's catchable cards (fattest first), the other face-up cards and the fly
    colours face up, and the face-up card nearest to a hand (found without measuring when the
    hand rests on one). Checked against the plain way for every view a CPU planned a catch
    from, and for every card and some other points of those tables."""
    seen = []
    make_plan = fk.FlyBot._make_plan

    def spy(bot, view, now):
        seen.append((view, fk._TABLE_SEEN[0]))
        return make_plan(bot, view, now)

    fk.FlyBot._make_plan = spy
    try:
        play(INFO, players, seed, level)
    finally:
        fk.FlyBot._make_plan = make_plan
    rng = random.Random(seed)
    shared = 0
    for view, before in seen:
        table = fk._Table(view["cards"]).caught(view["catch"]["cards"])
        shared += before.cards is view["cards"]  # (a CPU before this one worked it out)
        ups = [c for c in view["cards"] if c["up"]]
        catchable = [c for c in ups if c["card"] in view["catch"]["cards"]]
        assert table.ups == ups
        assert (table.xs, table.ys) == ([c["x"] for c in ups], [c["y"] for c in ups])
        assert table.catchable == catchable
        assert table.fattest == sorted(catchable, key=lambda c: -c["value"])
        assert table.wrong == [c for c in ups if c not in catchable]
        assert table.colours == len({c["face"] for c in ups if c["face"] != fk.SWATTER})
        points = [(c["x"], c["y"]) for c in ups] + [(500, 500)] + [
            (rng.randrange(1000), rng.randrange(1000)) for _ in range(5)]
        for x, y in points:
            assert table.nearest(x, y) == plain_nearest(ups, x, y)
    assert len(seen) > 20 and shared >= len(seen) // 2


def test_the_nearest_card_to_a_place_where_two_lie_is_the_first_of_them():
    cards = [{"card": 3, "up": True, "x": 100, "y": 100},
             {"card": 7, "up": False, "x": 500, "y": 500},
             {"card": 9, "up": True, "x": 500, "y": 500},
             {"card": 12, "up": True, "x": 500, "y": 500}]
    table = fk._Table(cards)
    assert table.nearest(500, 500) == 9 == plain_nearest(table.ups, 500, 500)
    assert table.nearest(90, 100) == 3


@pytest.mark.parametrize("players, seed", [(2, 11), (4, 12), (8, 13)])
def test_the_nearest_test_of_a_steering_cpu_equals_the_plain_nearest(players, seed):
    """FlyBot._steer asks _Table.nearest_is (which stops at the first card nearer than the
    target) instead of finding the nearest card: the same answer for every face-up card from
    every face-up card's place, the table's middle and random points, on the tables of a
    random walk (ties included: two cards at one distance from the middle)."""
    state = INFO.new(players, {}, seed)
    rng = random.Random(seed)
    tables = 0
    for _ in walk(state, rng, 400):
        ups = [c for c in state.view(0)["cards"] if c["up"]]
        if not ups:
            continue
        tables += 1
        mirrored = {**ups[0], "card": -1, "x": 1000 - ups[0]["x"]}  # as far from x = 500
        for cards in (ups, [mirrored] + ups, ups + [mirrored]):
            table = fk._Table(cards)
            points = [(c["x"], c["y"]) for c in cards] + [(500, ups[0]["y"])] + [
                (rng.randrange(1000), rng.randrange(1000)) for _ in range(3)]
            for x, y in points:
                nearest = plain_nearest(cards, x, y)
                for c in cards:
                    away = math.hypot((c["x"] - x) * fk.TABLE_ASPECT, c["y"] - y)
                    assert table.nearest_is(x, y, c["card"], away) == (nearest == c["card"])
    assert tables > 50


def test_the_active_cpu_finds_the_reveals_among_its_legal_actions_by_halving():
    """The active seat's legal actions are its reveals, then slaps (_legal_of): FlyBot finds
    where the reveals end by bisect, with isinstance(action, Slap) called from C (_IS_SLAP);
    the same count as the plain one, after every step of random walks."""
    checked = 0
    for players, seed in ((2, 21), (5, 22)):
        state = INFO.new(players, {}, seed)
        for _ in walk(state, random.Random(seed), 600):
            if state.phase != "reveal":
                continue
            legal = state.legal_actions(state.turn)
            reveals = [a for a in legal if isinstance(a, fk.Reveal)]
            assert legal[:len(reveals)] == reveals
            assert fk.bisect_left(legal, True, key=fk._IS_SLAP) == len(reveals)
            checked += 1
    assert checked > 200


def test_a_cpus_plan_stays_in_order_and_cpus_never_set_an_attribute_of_their_class():
    """FlyBot keeps its plan in order (by due, then hand: it reads the earliest step first,
    instead of sorting at every poll), checked after every poll of a few games. And playing
    sets no attribute of the class: a class attribute set at run time changes the class's
    version, and CPython then reads every attribute of every FlyBot the slow way (the table
    the CPUs share is kept in _TABLE_SEEN for that)."""
    before = dict(vars(fk.FlyBot))
    polls = 0

    class Checked(fk.FlyBot):
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
    assert dict(vars(fk.FlyBot)) == before
