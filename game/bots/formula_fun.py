"""Formula Fun's CPU drivers: FormulaFunBot and the tables it plays from.

A bot sees its own hand and every car. Only the last car of a race is eliminated, so a car
far ahead of the tail of the field can save its good cards, and a car near the tail must
use them. Cards are valued by what they usually move later (CARD_WORTH); a turbo played as
an extra costs a card for the rest of the game (HAND_SLOT). The rules: game/formula_fun.py.
"""

from __future__ import annotations

from . import MISTAKE_RATE, Bot
from ..formula_fun import (CARDS, CARS_PER_PLAYER, HAND, LABELS, MOVES, PLAYS, ROW, SPACES, Play,
                           move_length)

# What a card is worth kept in hand: about its usual later move. A red n moves 3 unless it
# finds an n-space (about 1 in 10); the red 1 usually moves 10.
CARD_WORTH = {card: (blue + (red - blue) * 0.1 if red else blue)
              for card, (red, blue, _) in CARDS.items()}
CARD_WORTH["M1"] = 10 * 0.9 + 1 * 0.1
# What a card kept for the next move gains there, per label of the space it starts from: its
# move less what it is worth kept (the hard driver's look ahead).
NEXT_GAIN = {on: {card: move_length((card,), on) - 0.7 * CARD_WORTH[card] for card in CARDS}
             for on in set(LABELS)}
EASY_RANDOM = 0.5  # how often an easy driver plays a random sensible card
HAND_SLOT = {"easy": 2.0, "normal": 4.0, "hard": 4.0}  # a turbo extra shrinks the hand for good


# 0.7 * what the cards of a play are worth: a play's price in value() (the same sum and product).
PRICE = {cards: 0.7 * sum(CARD_WORTH[c] for c in cards) for cards in MOVES[1]}

# How hard a car must run, by the cars behind it (urgency_of): the tail car must, a car far
# ahead saves its cards. By the number of cars behind: 0, 1, 2, 3, 4 or more (of 11 at most).
URGENCIES = (2.0, 1.4, 1.0, 1.0) + (0.6,) * (max(p * n for p, n in CARS_PER_PLAYER.items()) - 4)


AHEAD = tuple(0.5 * urgency for urgency in URGENCIES)  # the hard driver's look ahead's weight


def urgency_of(behind: int) -> float:
    return URGENCIES[behind]


# A hand as one number: the sum of its cards' CARD_CODEs, three bits per kind (a hand holds at
# most HAND = 5 of a kind), so a hand less a play is the hand's number less the play's.
CARD_CODE = {card: 1 << 3 * k for k, card in enumerate(sorted(CARDS))}
PLAY_CODE = {cards: sum(CARD_CODE[c] for c in cards) for cards in MOVES[1]}  # a play's cards


def hand_code(hand) -> int:
    """The number of a hand (its cards' CARD_CODEs summed)."""
    code = 0
    for card in hand:
        code += CARD_CODE[card]
    return code


# A play's score before the look ahead when it ends where it is aimed (no full space on the
# way), the label of the space it ends on, and its cards' code: per hand slot (HAND_SLOT's
# values), the number of cars behind (as URGENCIES counts them) and the label of the space it
# starts from: AIMED[slot][behind][label][cards] = (score, label, code). The same sums in the
# same order as values() makes them (so the very same floats). Keyed by the very tuples the
# Play objects hold (PLAYS' keys): a dict then finds a play's key by identity, without
# comparing tuples (MOVES[on] has tuples of its own for each label).
_AIMED = {(slot, urgency): [{cards: (urgency * MOVES[on][cards] - PRICE[cards]
                                       - (slot if len(cards) == 2 else 0.0),
                                       LABELS[on + MOVES[on][cards]], PLAY_CODE[cards])
                               for cards in PLAYS} if on else None
                              for on in range(11)]
          for slot in set(HAND_SLOT.values()) for urgency in set(URGENCIES)}
AIMED = {slot: [_AIMED[slot, urgency] for urgency in URGENCIES]
         for slot in set(HAND_SLOT.values())}

# The hard driver's look ahead: the best NEXT_GAIN of the cards left in hand after a play, per
# label (index 0 unused), by the code of the cards left: every sorted hand of up to four cards
# (what a hand of five keeps after a play); 0.0 with none left. Made hand size by hand size: a
# card put before a hand (no later in the order than its first card) adds its own gains.
_GAINS = {card: (0.0, *(NEXT_GAIN[on][card] for on in range(1, 11))) for card in CARDS}
BEST_NEXT = {0: (0.0,) * 11}
_kinds = sorted(CARDS)
_firsts = {}  # code of each hand of the last size -> its first card
for _card in _kinds:
    BEST_NEXT[CARD_CODE[_card]] = _GAINS[_card]
    _firsts[CARD_CODE[_card]] = _card
for _size in range(2, HAND):
    _longer = {}
    for _code, _first in _firsts.items():
        for _card in _kinds:
            if _card > _first:
                break
            BEST_NEXT[_code + CARD_CODE[_card]] = (
                BEST_NEXT[_code] if _card == _first  # (a card it holds already)
                else tuple(map(max, _GAINS[_card], BEST_NEXT[_code])))
            _longer[_code + CARD_CODE[_card]] = _card
    _firsts = _longer


class FormulaFunBot(Bot):
    """easy: half the time a random single card that moves at least 3, else as normal with a
    cheap hand slot; normal: the play that best trades distance now against the worth of the
    cards spent, weighted by the car's danger; hard: as normal, plus the best next move the
    remaining hand offers from where the car lands."""

    forced_moves_free = True  # (a one-action list is returned as it is: see game.bots)

    def __init__(self, seat: int, seed: int, level: str | None = None):
        super().__init__(seat, seed, level)
        # (what the level sets, looked up once)
        self.slot = HAND_SLOT[self.level]
        self.mistakes = MISTAKE_RATE[self.level]
        self.looks_ahead = self.level == "hard"
        self.easy = self.level == "easy"
        self.aimed = AIMED[self.slot]

    def choose(self, view: dict, legal: list):
        return self.poll(view, legal, None)[0][0]

    def poll(self, view: dict, legal: list, now: int):
        # (the choice is made here, not in choose(): a call less on every poll)
        if len(legal) < 2:  # nothing to choose: the one action (a Draw) or none
            return legal[:1], None
        rng = self.rng
        if self.easy and rng.random() < EASY_RANDOM:
            d = view["cars"][view["moving"]]["d"]
            moves = MOVES[LABELS[d % SPACES]]
            singles = [a for a in legal if len(a.cards) == 1 and moves[a.cards] >= 3]
            return [rng.choice(singles or legal)], None
        cars = view["cars"]
        order, index = view["order"], view["index"]
        d = cars[view["moving"]]["d"]
        behind = cars_behind(cars, order, index, d)
        # The mistake is drawn before the plays are valued (valuing draws nothing: the same
        # draws as valuing first), so that most choices need only the best play.
        if rng.random() < self.mistakes:  # one of the best three
            found = self.values_from(view, legal, d, behind)
            scored = sorted(zip(found, range(len(legal))), reverse=True)
            return [legal[rng.choice(scored[:3])[1]]], None
        # Is a space a play may end on (1 to REACH spaces ahead) full? Only the cars that
        # moved this round can stand there (they come before the mover in the order; the
        # others stand on its space or behind it), but for cars REACH or more spaces behind
        # (on the same spaces a lap back: rare; then all are looked at). And the car in the
        # fourth lane of such a space comes after the three inside it in the order (each of
        # them moved there before it did, or stood there, inside it or ahead of it, when the
        # round began), so not among the first three. This looks at a third of the cars
        # looked at before, and a full space out of reach (the start grid) is no matter.
        maybe_there = order[ROW - 1:index] if d - cars[order[-1]]["d"] < REACH else order
        for car in maybe_there:
            if cars[car]["lane"] == FOURTH_LANE:  # a full space (usually none)
                return [legal[last_best(self.values_from(view, legal, d, behind))]], None
        # The best play: best() and values() in one pass (the same sums in the same order, so
        # the very same floats), the best kept as it goes: the last of equal best, as best()
        # picks. Most polls are this one; no list of values saves about a sixth of a poll
        # (tests compare it with best()).
        aimed = self.aimed[behind][LABELS[d % SPACES]]
        top = -INFINITY
        if self.looks_ahead:
            ahead = AHEAD[behind]
            hand = hand_code(view["hand"])
            for action in legal:
                score, on, played = aimed[action.cards]
                value = score + ahead * BEST_NEXT[hand - played][on]
                if value >= top:
                    top, pick = value, action
        else:
            for action in legal:
                value = aimed[action.cards][0]
                if value >= top:
                    top, pick = value, action
        return [pick], None

    def best(self, view: dict, plays: list) -> int:
        """The index of the best of `plays` by values(), the last of equal best (as max() of
        (value, index))."""
        return last_best(self.values(view, plays))

    def value(self, view: dict, action: Play) -> float:
        return self.values(view, [action])[0]

    def values(self, view: dict, plays: list) -> list[float]:
        """value() of each of `plays` (worked out together: one look at the view). A play's
        value: urgency * (spaces it moves) - PRICE - the hand slot for a turbo extra, and for
        the hard driver 0.5 * urgency * the best NEXT_GAIN of the cards left from where it
        ends (the card drawn is unknown: it is left out)."""
        cars = view["cars"]
        d = cars[view["moving"]]["d"]
        behind = cars_behind(cars, view["order"], view["index"], d)
        return self.values_from(view, plays, d, behind)

    def values_from(self, view: dict, plays: list, d: int, behind: int) -> list:
        """values() of a car to move from d with `behind` cars behind it. A play ends where it
        is aimed unless that space is full: then where land() finds, worked out the long way
        (the same sums, in the same order, as AIMED's); else its value is AIMED's."""
        cars = view["cars"]
        # The spaces with a fourth lane taken: full. (The mover's own space is never one a
        # play may end on: a move is 1 to 15 spaces.)
        full = {car["space"] for car in cars if car["lane"] == FOURTH_LANE}
        start = LABELS[d % SPACES]
        moves, aimed = MOVES[start], self.aimed[behind][start]
        hand = hand_code(view["hand"]) if self.looks_ahead else None
        urgency, ahead = URGENCIES[behind], AHEAD[behind]
        found = []
        for action in plays:
            cards = action.cards
            end = d + moves[cards]
            if end % SPACES in full:
                while end > d and end % SPACES in full:
                    end -= 1
                score = urgency * (end - d) - PRICE[cards]
                if len(cards) == 2:
                    score -= self.slot
                on, played = LABELS[end % SPACES], PLAY_CODE[cards]
            else:
                score, on, played = aimed[cards]
            if hand is not None:
                score += ahead * BEST_NEXT[hand - played][on]
            found.append(score)
        return found


FOURTH_LANE = ROW - 1
REACH = max(length for moves in MOVES.values() for length in moves.values())  # 15 spaces
INFINITY = float("inf")


def last_best(values: list) -> int:
    """The index of the best of `values`, the last of equal best (as max() of (value, index))."""
    return len(values) - 1 - values[::-1].index(max(values))


def cars_behind(cars: list, order: list, index: int, d: int) -> int:
    """How many cars stand behind the car to move (on spaces further back), from a view of the
    race phase (before it moves): its "cars", "order", "index" and the mover's d. The round's
    order lists the cars leader first as they stood when it began: the cars after the mover
    have not moved yet, and those before it have moved on (or stayed), so the cars behind it
    are those after it in the order but for the ones beside it on its own space (which come
    first)."""
    after, end = index + 1, len(order)
    while after < end and cars[order[after]]["d"] == d:
        after += 1
    return end - after
