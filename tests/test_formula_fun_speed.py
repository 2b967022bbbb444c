"""Formula Fun's tables and kept records for speed give what the functions give: moves per label,
the price of a play, a play checked at once, the bot's tables (AIMED, BEST_NEXT, hand codes), the
cars behind from the round's order, the standing, the view's kept car records and scores (equal to
fresh ones after every step, never changed once handed out), and the bot's values (the same sums
as the value function written out the long way) and its best play (the best of those values)."""

from __future__ import annotations

import copy
import random
from itertools import chain, combinations_with_replacement

import pytest

from game.bots.formula_fun import (
    AHEAD, AIMED, BEST_NEXT, CARD_CODE, CARD_WORTH, HAND_SLOT, NEXT_GAIN, PLAY_CODE, PRICE, REACH,
    URGENCIES, FormulaFunBot, cars_behind, hand_code, urgency_of)
from game.core import IllegalAction
from game.formula_fun import (CARDS, HAND, INFO, LABELS, MOVES, PLAYS, RACE, ROW, SPACES, TURBO,
                              Play, label, land, move_length, plays_from, situation)
from game.runner import make_bots

EVERY_PLAY = [(c,) for c in CARDS] + [(c, TURBO) for c in CARDS]


def test_move_and_price_tables_are_the_functions():
    for on in set(LABELS):
        for cards in EVERY_PLAY:
            assert MOVES[on][cards] == move_length(cards, on)
    for cards in EVERY_PLAY:
        assert PRICE[cards] == 0.7 * sum(CARD_WORTH[c] for c in cards)


def test_the_bots_tables_are_its_sums():
    assert [urgency_of(b) for b in range(6)] == [2.0, 1.4, 1.0, 1.0, 0.6, 0.6]
    for slot in set(HAND_SLOT.values()):
        for behind, urgency in enumerate(URGENCIES):
            for on in set(LABELS):
                for cards in EVERY_PLAY:
                    length = MOVES[on][cards]
                    score = urgency * length - PRICE[cards]
                    if len(cards) == 2:
                        score -= slot
                    code = sum(CARD_CODE[c] for c in cards)
                    assert AIMED[slot][behind][on][cards] == (score, label(on + length), code)
                # (keyed by the Plays' own tuples: found by identity)
                assert all(cards is PLAYS[cards].cards for cards in AIMED[slot][behind][on])
    assert AHEAD == tuple(0.5 * urgency for urgency in URGENCIES)
    assert REACH == 15 == max(move_length(cards, on) for on in set(LABELS) for cards in EVERY_PLAY)


def test_a_hand_code_names_one_hand_and_the_best_next_move_is_the_best_card_left():
    hands = [rest for size in range(HAND + 1)
             for rest in combinations_with_replacement(sorted(CARDS), size)]
    codes = {sum(CARD_CODE[c] for c in hand) for hand in hands}
    assert all(hand_code(hand) == sum(CARD_CODE[c] for c in hand) for hand in hands)
    assert all(PLAY_CODE[cards] == hand_code(cards) for cards in EVERY_PLAY)
    assert len(codes) == len(hands)  # (a hand less a play is the hand's code less the play's)
    assert len(BEST_NEXT) == len([h for h in hands if len(h) < HAND])
    for rest in hands:
        if len(rest) < HAND:
            best = BEST_NEXT[sum(CARD_CODE[c] for c in rest)]
            for on in set(LABELS):
                assert best[on] == max([NEXT_GAIN[on][c] for c in rest], default=0.0)


def walk(players, seed, steps=400):
    """A random game, step by step: yields the state after each action (views asked for at
    random moments, as a scene and the bots ask for them)."""
    rng = random.Random(seed)
    state = INFO.new(players, {}, seed)
    yield state
    while not state.is_terminal() and steps:
        steps -= 1
        seat = state.current_player()
        if rng.random() < 0.5:
            state.view(rng.choice([None, seat]))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_kept_records_cars_behind_and_the_standing_equal_fresh_ones(players):
    before = None
    checked = [0]
    for state in walk(players, players):
        fresh = copy.deepcopy(state)
        fresh._car_rows = None  # (nothing kept: all made anew)
        for seat in [None, *range(players)]:
            assert state.view(seat) == fresh.view(seat)
        state.check_invariants()  # (compares the kept records too)
        if before is not None:  # a view handed out is never changed afterwards
            view, copied = before
            assert view == copied
        view = state.view(None)
        before = (view, copy.deepcopy(view))
        if state.is_terminal():
            continue
        pos = state.pos
        racing = [car for car in range(state.car_count) if pos[car] is not None]
        assert state.standing() == sorted(racing, key=lambda car: (-pos[car], state.lane(car)))
        if state.phase == RACE:  # (cars_behind is for the car about to move)
            mover = pos[state.moving_car()]
            behind = sum(1 for car in racing if pos[car] < mover)
            view = state.view(state.current_player())
            assert cars_behind(view["cars"], view["order"], view["index"], mover) == behind
            checked[0] += 1
    assert checked[0] > 50


def test_a_play_is_taken_exactly_when_the_hand_holds_it():
    rng = random.Random(6)
    for seed in range(30):
        state = INFO.new(3, {}, seed)
        seat = state.current_player()
        state.hands[seat] = sorted(rng.choice(list(CARDS)) for _ in range(5))
        legal = plays_from(state.hands[seat])
        for cards in EVERY_PLAY + [("M3", "M4"), (TURBO, TURBO, TURBO), ("X",), ()]:
            before = state.state_hash()
            try:
                state._check(seat, Play(cards))
            except IllegalAction:
                assert Play(cards) not in legal
            else:
                assert Play(cards) in legal
            assert state.state_hash() == before


class NeverBelow(random.Random):
    """A generator whose random() is always 0.99: no easy random pick, no mistake."""

    def random(self):
        return 0.99


def reference_value(bot, view, action):
    """FormulaFunBot.value as it was first written (land with a lookup function, the sums)."""
    d, occupied, behind = situation(view)
    urgency = urgency_of(behind)
    end = land(d, move_length(action.cards, label(d)), lambda s: occupied[s])
    spent = sum(CARD_WORTH[c] for c in action.cards)
    score = urgency * (end - d) - 0.7 * spent
    if len(action.cards) == 2:
        score -= HAND_SLOT[bot.level]
    if bot.level == "hard":
        rest = list(view["hand"])
        for c in action.cards:
            rest.remove(c)
        gains = NEXT_GAIN[label(end)]
        score += 0.5 * urgency * max([gains[c] for c in rest], default=0.0)
    return score


def test_the_bot_values_plays_as_the_long_way_does_and_views_show_lanes():
    checked = full = 0
    for players in (2, 4, 6):
        for level in ("easy", "normal", "hard"):
            state = INFO.new(players, {}, players)
            bots = make_bots(INFO, players, players, level)
            while not state.is_terminal():
                seat = state.current_player()
                view, legal = state.view(seat), state.legal_actions(seat)
                for car in view["cars"]:
                    assert car["lane"] == (None if car["d"] is None else state.lane(car["car"]))
                if len(legal) > 1:
                    bot = FormulaFunBot(seat, 1, level)
                    values = bot.values(view, legal)
                    assert values == [reference_value(bot, view, a) for a in legal]
                    assert values == [bot.value(view, a) for a in legal]
                    # the one pass for the best play: the last of equal best
                    assert bot.best(view, legal) == max(range(len(legal)),
                                                        key=lambda k: (values[k], k))
                    # choose()'s one pass (no mistake, no easy random pick) is best()
                    bot.rng = NeverBelow()
                    assert bot.choose(view, legal) is legal[bot.best(view, legal)]
                    checked += len(legal)
                    full += any(c["lane"] == 3 for c in view["cars"])
                state.apply(seat, bots[seat].choose(view, legal))
    assert checked > 1000 and full > 10  # (full spaces on the board included)


class Recorder(FormulaFunBot):
    """A bot that notes whether its last poll valued the plays the long way (values_from)."""

    def values_from(self, view, plays, d, behind):
        self.long_way = True
        return super().values_from(view, plays, d, behind)


def test_a_poll_looks_the_long_way_whenever_a_space_in_reach_is_full():
    """poll() looks for full spaces only among the cars that moved this round (and at every
    car when the tail is a lap back): a space a play may end on (1 to REACH spaces ahead)
    that is full, found from the state, is never missed."""
    looked = in_reach = 0
    for players in (2, 3, 4, 5, 6):
        for seed in range(6):
            bot_game = INFO.new(players, {}, seed)
            bots = make_bots(INFO, players, seed, ("easy", "normal", "hard")[seed % 3])
            # the bots' games, and random play (which fills spaces in other ways)
            for state in chain(bot_turns(bot_game, bots), walk(players, seed, steps=2000)):
                seat = state.current_player()
                if state.phase != RACE or len(state.legal_actions(seat)) < 2:
                    continue
                view, legal = state.view(seat), state.legal_actions(seat)
                d = state.pos[state.moving_car()]
                full = any(len(state.spaces[(d + k) % SPACES]) >= ROW
                           for k in range(1, REACH + 1))
                bot = Recorder(seat, 1, "hard")
                bot.rng = NeverBelow()
                bot.long_way = False
                bot.poll(view, legal, None)
                assert bot.long_way or not full
                looked += bot.long_way
                in_reach += full
    assert in_reach > 100 and looked >= in_reach


def bot_turns(state, bots):
    """A game of `bots`, step by step: yields the state before each action."""
    while not state.is_terminal():
        yield state
        seat = state.current_player()
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))


def test_a_full_space_a_lap_back_is_in_reach_too():
    """The tail 15 spaces behind the mover, four cars on its space: that is the space a move of
    15 ends on (20 + 15 = 35, space 5), full. The poll must look the long way, and pick as
    best() does."""
    state = INFO.new(4, {}, 0)
    state.spaces = [[] for _ in range(SPACES)]
    state.pos = [None] * state.car_count
    for car, d in [(0, 20), (3, 5), (4, 5), (6, 5), (7, 5)]:
        state._place(car, d)
    state.out = [c for c in range(state.car_count) if state.pos[c] is None]
    for k, car in enumerate(state.out):
        state.points[car] = k + 1
    state.race = 2
    hand = ["M1", "M10", "P6", "T", "T"]
    pool = list(state.draw) + [c for h in state.hands for c in h]
    for card in hand:
        pool.remove(card)
    state.hands[0] = hand
    for seat in (1, 2, 3):  # (the other hands from what is left)
        state.hands[seat] = sorted(pool[:5])
        pool = pool[5:]
    state.draw = pool
    state._new_round()
    state.check_invariants()
    assert state.moving_car() == 0 and state.order[0] == 0 and len(state.spaces[5]) == ROW
    view, legal = state.view(0), state.legal_actions(0)
    assert max(move_length(a.cards, label(20)) for a in legal) == 15
    for level in ("easy", "normal", "hard"):
        bot = Recorder(0, 1, level)
        bot.rng = NeverBelow()
        bot.long_way = False
        pick = bot.poll(view, legal, None)[0][0]
        assert bot.long_way
        assert pick is legal[bot.best(view, legal)]
        assert bot.values(view, legal) == [reference_value(bot, view, a) for a in legal]
