"""Flixo's shortcuts for speed give what the long way gives: the remembered needs of a display,
the removal check through the changed slot, and the bot's linear sums (its slot sums, the
shapes of a line with any card put in, reveals counted instead of enumerated, the hard draw that
averages only the cheapest swap for a face-down card): equal to settling every outcome over the
whole grid, but for rounding.

Positions come from short seeded bot games (several table sizes, both display shapes, a
campaign level), so every kind of grid a game reaches is met.
"""

from __future__ import annotations

import copy
import math
import random

import pytest

from game.bots.flixo import (
    TeamModel, _SELF, _card_of, _draw_ends, _fills_without, _line_shape, _through_shapes)
from game.caches import remember
from game.flixo import (
    CARD_VALUE, DRAW, FLIXO, INFO, DiscardAndReveal, RewardPeek, SwapDrawn, TakeDiscard,
    _full_through, _needs, _one_number, full_lines, needs, slots)
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


def close(a, b) -> bool:
    """Equal but for rounding: the bot's linear sums add the same terms in another order."""
    if isinstance(a, float) or isinstance(b, float):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    return a == b


def cards_that_may_come(m):
    """Every card that may be put in our grid: any number card, and the Flixos not seen yet."""
    return sorted(set(range(-1, 11)) | {FLIXO + v for v in m.flixo_values})


def test_the_slot_sums_settle_as_settle_does():
    checked = 0
    for bot, m in models():
        for slot in slots(m.grids[m.turn]):
            for card in cards_that_may_come(m):
                want = reference_settle(bot, m, slot, card)
                got = bot.settle_with(m, slot, card)[1:]
                assert len(got) == len(want) and all(map(close, got, want)), (slot, card)
                light = bot.settle_with(m, slot, card, known=False)[2:]
                assert light == want[1:] or all(map(close, light, want[1:]))
                checked += 1
    assert checked > 2000


def test_running_costs_are_the_running_combiners():
    checked = 0
    for bot, m in models(every=4):
        for slot in slots(m.grids[m.turn]):
            for card in cards_that_may_come(m):
                grid = [list(row) for row in m.grids[m.turn]]
                grid[slot[0]][slot[1]] = [card, "up"]
                combine = bot.combiner(m, bot.settle(m, grid), False)
                running = bot.running_with(m, slot, card)
                if running is None:
                    assert not hasattr(combine, "known")  # the final turns: no Running
                else:
                    assert close(combine.known, running[0]) and combine.risk == running[1]
                checked += 1
    assert checked > 1000


# The bot's costs the long way: every card an action may show weighed one by one, each outcome
# settled over the whole grid and combined (FlixoBot.combiner), as the bot was first written.

def long_swap(bot, m, slot, card, ends):
    out, side = m.grids[m.turn][slot[0]][slot[1]]
    grid = [list(row) for row in m.grids[m.turn]]
    grid[slot[0]][slot[1]] = [card, "up"]
    combine = bot.combiner(m, bot.settle(m, grid), ends)
    if side == "down":
        return sum(p * combine(o, o) for o, p in m.reveal_odds())
    return combine(out, None)


def long_reveal(bot, m, slot, drawn, ends):
    card, side = m.grids[m.turn][slot[0]][slot[1]]
    total = 0.0
    for seen, p in [(card, 1.0)] if side == "eye" else m.reveal_odds():
        grid = [list(row) for row in m.grids[m.turn]]
        grid[slot[0]][slot[1]] = [seen, "up"]
        total += p * bot.combiner(m, bot.settle(m, grid), ends)(
            drawn, seen if side == "down" else None)
    return total


def long_draw(bot, m, ends):
    grid = m.grids[m.turn]
    reveals = [long_reveal(bot, m, s, None, ends) for s in slots(grid)
               if grid[s[0]][s[1]][1] != "up"]
    reveal_best = min(reveals, default=None)
    if bot.level != "hard":
        if reveal_best is None:
            reveal_best = bot.combine(m, bot.settle(m, [list(row) for row in grid]), None, ends)
        return reveal_best + bot.w["draw"]
    total = 0.0
    for v, p in m.draw_odds():
        costs = [long_swap(bot, m, s, v, ends) for s in slots(grid)]
        if reveal_best is not None:
            costs.append(reveal_best + bot.feed_cost(m, v, ends))
        total += p * min(costs)
    return total + bot.w["draw"]


def long_cost(bot, m, action):
    """FlixoBot.action_cost the long way."""
    view = m.view
    ends = view["last_display"] == m.turn
    if isinstance(action, TakeDiscard):
        up = m.grids[m.turn][action.slot[0]][action.slot[1]][1] == "up"
        idle = bot.w["idle"] * (1 + bot.idle_turns) ** 2 if up else 0
        return idle + long_swap(bot, m, action.slot, _card_of(view["discard"][-1]), ends)
    if isinstance(action, SwapDrawn):
        return long_swap(bot, m, action.slot, _card_of(view["drawn"]),
                         ends or view["draw_left"] == 0)
    if isinstance(action, DiscardAndReveal):
        return long_reveal(bot, m, action.slot, _card_of(view["drawn"]),
                           ends or view["draw_left"] == 0)
    return long_draw(bot, m, _draw_ends(m))


def test_every_action_costs_what_the_long_way_gives():
    """The linear sums (known_at, reveal_known, unknown_out, the hard draw's least swap, the
    costs along a line where the game ends) against every outcome weighed one by one."""
    checked = set()
    for players, options, level in TABLES:
        for seed in (0, 1):
            for _, _, view, legal, bot in positions(players, options, level, seed, every=3):
                m = TeamModel(view)
                bot.prepare(m)
                for action in legal:
                    fresh = TeamModel(view)
                    bot.prepare(fresh)
                    assert close(bot.action_cost(m, action), long_cost(bot, fresh, action)), (
                        players, seed, action)
                    checked.add((type(action), view["last_display"] is None, _draw_ends(m)))
    # every kind of action, while the game runs on and in the final turns, a draw that ends it
    assert len(checked) >= 8, checked


@pytest.mark.parametrize("ends", [False, True])
def test_the_draw_costs_what_the_long_way_gives_both_when_it_ends_and_when_not(ends):
    checked = 0
    for bot, m in models(every=5):
        if m.view["phase"] != "turn":
            continue
        fresh = copy.deepcopy(m)
        assert close(bot.draw_cost(m, ends), long_draw(bot, fresh, ends))
        checked += 1
    assert checked > 10


def test_through_shapes_are_the_line_shapes_of_every_card_put_in():
    rng = random.Random(7)
    cards = list(range(-1, 11)) + [FLIXO + v for v in range(-1, 11)]
    for _ in range(3000):
        n = rng.choice([1, 2, 3, 3, 4])
        pool = rng.sample([1, 2, 3], rng.choice([1, 2, 3]))
        line = tuple(rng.choice([None, None] + pool + [FLIXO + v for v in pool])
                     for _ in range(n))
        for k, (special, generic, short) in enumerate(_through_shapes(line)):
            assert short == n - 1
            for card in cards:
                vals = line[:k] + (card,) + line[k + 1:]
                if card >= FLIXO // 2 and card in line[:k] + line[k + 1:]:
                    continue  # (each Flixo is one card)
                shape = special.get(card, generic)
                if shape is _SELF:
                    shape = (CARD_VALUE[card], n - 1, card >= FLIXO // 2)
                assert shape == _line_shape(vals), (line, k, card)


def test_a_reveal_counted_is_the_reveal_enumerated():
    checked = 0
    for bot, m in models(every=3):
        if m.view["last_display"] is not None:
            continue
        grid = m.grids[m.turn]
        for slot in slots(grid):
            if grid[slot[0]][slot[1]][1] != "down":
                continue
            sl = bot.slot_sums(m)[slot]
            known, numbers, flixos, fills = bot.reveal_known(m, sl)
            costs = [(card, p, bot.known_at(m, sl, card)) for card, p in m.reveal_odds()]
            assert close(known, sum(p * cost for _, p, cost in costs if cost is not None))
            assert sorted(fills) == sorted((card, p) for card, p, cost in costs if cost is None)
            assert close(numbers, sum(p for card, p, cost in costs
                                      if cost is not None and card < FLIXO // 2))
            assert close(flixos, sum(p for card, p, cost in costs
                                     if cost is not None and card >= FLIXO // 2))
            checked += 1
    assert checked > 200


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


def test_a_full_cache_forgets_its_oldest_entry_not_everything(monkeypatch):
    cache: dict = {}
    for k in range(10):
        assert remember(cache, 4, k, k * k) == k * k
    assert list(cache) == [6, 7, 8, 9] and cache[9] == 81
    # The CPU partners' caches stay full once full (emptying 5,000 entries at once took ms)
    from game.bots import flixo as flixo_bots
    from game.runner import play
    monkeypatch.setattr(flixo_bots, "_THROUGH", {})
    monkeypatch.setattr(flixo_bots, "_THROUGH_MOST", 50)
    monkeypatch.setattr(flixo_bots, "_LINE_SHAPES", {})
    monkeypatch.setattr(flixo_bots, "_LINE_SHAPES_MOST", 40)
    play(INFO, 3, 5, "hard")
    assert len(flixo_bots._THROUGH) == 50 and len(flixo_bots._LINE_SHAPES) == 40
