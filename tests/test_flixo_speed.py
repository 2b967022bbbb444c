"""Flixo's shortcuts for speed give what the long way gives: the remembered needs of a display,
the removal check through the changed slot, the bot's per-slot frames (the same sums in the same
order: equal to the last bit), its Running costs worked out in batches, and the hard draw that
averages only the cheapest swap for a face-down card.

Positions come from short seeded bot games (several table sizes, both display shapes, a
campaign level), so every kind of grid a game reaches is met.
"""

from __future__ import annotations

import copy
import random

import pytest

from game.flixo import (
    DRAW, INFO, RewardPeek, TeamModel, _fills_without, _full_through, _needs, _one_number, full_lines,
    needs, slots)
from game.runner import make_bots

TABLES = [  # (players, options, level of the bots)
    (1, {}, "hard"),
    (3, {"large_displays": True}, "normal"),
    (4, {}, "hard"),
    (5, {"level": 4, "flixos": 10}, "easy"),
]


def positions(players, options, level, seed, every=1):
    """(state, seat, view, legal, bot) at each decision of a bot game (every `every`-th)."""
    state = INFO.new(players, dict(options), seed)
    bots = make_bots(INFO, players, seed, level)
    k = 0
    while not state.is_terminal():
        seat = state.current_player()
        view, legal = state.view(seat), state.legal_actions(seat)
        if len(legal) > 1 and not isinstance(legal[0], RewardPeek):
            if k % every == 0:
                yield state, seat, view, legal, bots[seat]
            k += 1
        state.apply(seat, bots[seat].choose(view, legal))


def models(every=3):
    for players, options, level in TABLES:
        for seed in (0, 1):
            for _, _, view, _, bot in positions(players, options, level, seed, every):
                model = TeamModel(view)
                bot.prepare(model)
                yield bot, model


def test_remembered_needs_are_the_needs_and_fresh_lists():
    state = INFO.new(4, {}, 3)
    rng = random.Random(3)
    for _ in range(120):
        if state.is_terminal():
            break
        for grid in state.displays:
            first = needs(grid)
            assert first == _needs(grid, ("up", "eye"))
            first[0].append(99)
            first[1].append("changed")
            assert needs(grid) == _needs(grid, ("up", "eye"))  # (a copy was handed out)
        seat = state.current_player()
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_the_removal_check_and_the_fill_values_agree_with_full_lines():
    rng = random.Random(5)
    for _ in range(400):
        rows, cols = rng.choice([(1, 3), (2, 2), (3, 3), (3, 4), (2, 1), (1, 1)])
        grid = [[[rng.choice([1, 2, 102]), rng.choice(["up", "up", "up", "eye", "down"])]
                 for _ in range(cols)] for _ in range(rows)]
        full_rows, full_cols = full_lines(grid)
        for r, c in slots(grid):
            assert _full_through(grid, r, c) == (r in full_rows or c in full_cols)
        for line in grid + [list(col) for col in zip(*grid)]:
            for k, fill in enumerate(_fills_without(line)):
                # the value a face-up card at k must show to make the line one number
                fills = {v for v in (1, 2) if _one_number(line[:k] + [[v, "up"]] + line[k + 1:])}
                assert (set() if fill is None else {fill}) == fills or len(line) < 2


def test_a_view_names_every_seat_that_may_take_back():
    for seed in range(3):
        state = INFO.new(3, {}, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            assert state.view(None)["undo"] == [p for p in range(3) if state.undo_depth(p)]
            seat = state.current_player()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.view(0)["undo"] == []


def reference_settle(bot, m, slot, card):
    grid = [list(row) for row in m.grids[m.turn]]
    grid[slot[0]][slot[1]] = [card, "up"]
    return bot.settle(m, grid)[1:]


def test_the_slot_frames_settle_to_the_last_bit_as_settle_does():
    checked = 0
    for bot, m in models():
        cards = sorted({c for c, _ in m.reveal_odds()} | {c for c, _ in m.draw_odds()})
        for slot in slots(m.grids[m.turn]):
            for card in cards:
                assert bot.settle_with(m, slot, card)[1:] == reference_settle(bot, m, slot, card)
                light = bot.settle_with(m, slot, card, known=False)[2:]
                assert light == reference_settle(bot, m, slot, card)[1:]
                checked += 1
    assert checked > 2000


def test_running_costs_in_batches_are_the_running_combiners():
    checked = 0
    for bot, m in models(every=4):
        cards = [c for c, _ in m.reveal_odds()]
        for slot in slots(m.grids[m.turn]):
            batch = bot.runnings(m, slot, cards)
            for card, running in zip(cards, batch):
                grid = [list(row) for row in m.grids[m.turn]]
                grid[slot[0]][slot[1]] = [card, "up"]
                combine = bot.combiner(m, bot.settle(m, grid), False)
                if running is None:
                    assert not hasattr(combine, "known")  # the final turns: no Running
                else:
                    assert (combine.known, combine.risk) == running
                assert bot.running_with(m, slot, card) == running
                checked += 1
    assert checked > 1000


def reference_draw_cost(bot, m, ends):
    """The hard draw as it was written before: every follow-up weighed with after_swap."""
    grid = m.grids[m.turn]
    reveals = [s for s in slots(grid) if grid[s[0]][s[1]][1] != "up"]
    reveal_best = None
    for s in reveals:
        cost = bot.after_reveal(m, s, None, ends)
        reveal_best = cost if reveal_best is None else min(reveal_best, cost)
    total = 0.0
    for v, p in m.draw_odds():
        best = None
        for s in slots(grid):
            cost = bot.after_swap(m, s, v, ends)
            best = cost if best is None else min(best, cost)
        if reveal_best is not None:
            best = min(best, reveal_best + bot.feed_cost(m, v, ends))
        total += p * best
    return total + bot.w["draw"]


@pytest.mark.parametrize("ends", [False, True])
def test_the_hard_draw_weighs_what_every_follow_up_gives(ends):
    checked = 0
    for bot, m in models(every=5):
        if bot.level != "hard" or m.view["phase"] != "turn":
            continue
        fresh = copy.deepcopy(m)
        assert bot.draw_cost(m, ends) == reference_draw_cost(bot, fresh, ends)
        checked += 1
    assert checked > 10


def test_a_draw_that_ends_a_lost_game_costs_no_less_than_its_floor():
    """FlixoBot.thinking skips the look at such a draw when its floor is above the fourth
    cheapest action: that is sound only if no follow-up of the draw costs less."""
    checked = 0
    for players, options, level in TABLES:
        for seed in range(4):
            for _, _, view, legal, bot in positions(players, options, level, seed, every=2):
                m = TeamModel(view)
                bot.prepare(m)
                floor = bot.draw_floor(m)
                if floor is None or view["phase"] != "turn" or DRAW not in legal:
                    continue
                assert bot.draw_cost(m, True) >= floor
                checked += 1
    assert checked > 20
