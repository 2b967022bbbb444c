"""Formula Fun's tables for speed give what the functions give: moves per label, the price of a
play, a play checked at once, the view's lanes, and the bot's values (the same sums as the value
function written out the long way)."""

from __future__ import annotations

import random

from game.core import IllegalAction
from game.formula_fun import (
    CARD_WORTH, CARDS, HAND_SLOT, INFO, LABELS, MOVES, NEXT_GAIN, PRICE, TURBO, FormulaFunBot,
    Play, label, land, move_length, plays_from, situation)
from game.runner import make_bots

EVERY_PLAY = [(c,) for c in CARDS] + [(c, TURBO) for c in CARDS]


def test_move_and_price_tables_are_the_functions():
    for on in set(LABELS):
        for cards in EVERY_PLAY:
            assert MOVES[on][cards] == move_length(cards, on)
    for cards in EVERY_PLAY:
        assert PRICE[cards] == 0.7 * sum(CARD_WORTH[c] for c in cards)


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


def reference_value(bot, view, action):
    """FormulaFunBot.value as it was first written (land with a lookup function, the sums)."""
    d, occupied, urgency = situation(view)
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
    checked = 0
    for players in (2, 6):
        for level in ("normal", "hard"):
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
                    checked += len(legal)
                state.apply(seat, bots[seat].choose(view, legal))
    assert checked > 1000
