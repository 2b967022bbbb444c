"""Flotter Otter's CPU players: a person's pace at reading a waybill, stacking it and grabbing.

A CPU player is modelled as a person (issue 15). No published times exist for stacking a
waybill, so a round is built from published component times:
  1. orienting: seeing which two features the card shows and choosing one (`orient_ms`; an
     assumption: two or three looks at the card, 300 ms a fixation, and a decision);
  2. finding each next item in the order: the extreme among the n items left takes n - 1
     comparisons of two sizes, `compare_ms` each. Comparing two clearly different
     magnitudes takes about 400-550 ms to answer (Moyer & Landauer 1967, Nature 215:1519);
     less the simple reaction in that (about 240 ms), about 200 ms a comparison for an
     average adult. Counts are slower to compare (waybills.LEGIBILITY divides it);
  3. pressing that colour's button: a choice among five buttons, timed by the Hick-Hyman
     law fitted to Deary et al. 2011 (norms.hick_ms(5), about 417 ms), times `press`
     (a practised player's mapping is over-learned: less);
  4. the grab: a simple reaction, drawn from game/norms.py's "human_benchmark" norm (median
     273 ms, device lag included as in the arcade): each CPU draws where it stands in that
     norm at creation, within its level's band, and every time around that.
A person has good and bad rounds (a card that reads hard for them, a moment of doubt): the
thinking parts (1, 2) of a round are scaled by a `form` drawn per round, log-normal with
FORM_SIGMA (an assumption: complex choice times vary about 30 % from trial to trial).
An average adult then grabs a right stack about 5.5 s after the waybill appears. The arcade
keeps people's own first_box and grab times (`main.py stats`): once people have played, their
medians are the check on these figures. PLAYERS also holds three kinds of people for the level
bench (bench/realtime_levels.py).

Every time is drawn around its figure with the shape of one person's simple reaction times,
off a table of quantiles (game.bots.draw_around): a round's plan draws a dozen times, and
random.gauss and expovariate were most of what a CPU cost. The round's form comes off a
table of the log-normal's quantiles (FORMS) the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor

from ..flotter_otter import GRAB, PLACE, UNDO
from ..norms import NORMS, hick_ms
from ..waybills import COLOURS, LEGIBILITY
from . import STEP_BITS, UNIT, Bot, lognormal_quantiles

SIMPLE_NORM = NORMS["human_benchmark"]
BOXES = len(COLOURS)
FORM_SIGMA = 0.3
FORMS = lognormal_quantiles(FORM_SIGMA)


@dataclass(frozen=True)
class OtterPlayer:
    """How one kind of player stacks (see above)."""

    simple_share: tuple    # band of the simple norm they stand in (share of people faster)
    orient_ms: float
    compare_ms: float
    press: float           # factor on the five-button choice time
    mistake: float         # chance of swapping two neighbouring boxes in a round
    notice: float          # chance of seeing the swap and putting it right before grabbing
    feature: str           # which feature they stack: "random", "legible" or "legible_magnifier"


PLAYERS = {
    # CPU levels: easy loses to a first-timer, normal is an even match for an average adult,
    # hard a challenge for a practised player (bench/realtime_levels.py).
    "easy": OtterPlayer((0.70, 0.90), 2400, 300, 1.35, 0.20, 0.30, "random"),
    "normal": OtterPlayer((0.40, 0.60), 1000, 210, 1.00, 0.08, 0.50, "legible"),
    "hard": OtterPlayer((0.15, 0.30), 600, 170, 0.80, 0.04, 0.75, "legible_magnifier"),
    # People, for the bench: a first-time player (typical reflexes, new to the cards and the
    # buttons), an average adult, a practised player (quicker than three in four people).
    "first_time": OtterPlayer((0.40, 0.60), 1800, 250, 1.25, 0.15, 0.40, "random"),
    "average": OtterPlayer((0.40, 0.60), 1000, 210, 1.00, 0.08, 0.50, "legible"),
    "practised": OtterPlayer((0.20, 0.30), 600, 170, 0.80, 0.04, 0.75, "legible_magnifier"),
}


class OtterBot(Bot):
    """Reads the waybill, stacks by one feature at a person's pace (see above), grabs;
    sometimes swaps two adjacent boxes (and sometimes notices and undoes them). Knows only its
    view."""

    # Quiet (game.bots): between its moments it looks at nothing but the view's phase and
    # onset. Outside a round in flight it does nothing, whatever it is handed (the one
    # shared empty list); a round in flight hands it a new list (a round starts only after a
    # pause), so a poll before its wake with the same list does nothing.
    quiet = True
    settled_by_own = True  # (its next moment is in its plan; a grab ends the plan)

    def __init__(self, seat: int, seed: int, level: str = "normal"):
        super().__init__(seat, seed, level)
        self.player = who = PLAYERS[self.level]
        lo, hi = who.simple_share
        self.simple_ms = SIMPLE_NORM.quantile(self.rng.uniform(lo, hi))  # their median
        self.press_ms = who.press * hick_ms(BOXES)  # pressing one of five buttons
        # Finding the next box among `left` takes left - 1 comparisons (the last: none).
        self.compares = tuple(who.compare_ms * (left - 1) for left in range(BOXES, 1, -1))
        self.onset = None  # of the round planned for
        self.plan: list = []  # [(due ms, action)], the next one LAST (a plan is used up by pop)

    def poll(self, view: dict, legal: list, now: int):
        if view["phase"] != "stacking":  # (a waybill is up whenever a round is in flight)
            self.plan = []
            return [], None
        onset = view["onset"]  # (each round in flight has its own: game time runs on)
        plan = self.plan
        if onset != self.onset:
            self.onset = onset
            plan = self.plan = self._make_plan(view, now)
        if not plan:
            return [], None
        due, action = plan[-1]
        if due > now:
            return [], due
        plan.pop()
        # Still legal? Looked up by identity first: plans and legal lists hold the same
        # action objects (PLACE, UNDO, GRAB), and a list's `in` would call the dataclasses'
        # __eq__ on every action before it.
        for listed in legal:
            if listed is action:
                break
        else:
            if action not in legal:  # the table moved on: stop
                self.plan = []
                return [], None
        if plan:
            due = plan[-1][0]
            return [action], due if due > now else now
        return [action], None

    def _make_plan(self, view: dict, now: int) -> list:
        """This round's moments, the LAST first (see above for the times). Each time is
        drawn as draw_around(rng, median) draws it, written out (a plan draws a dozen)."""
        me = view["players"][self.seat]
        if me["grab_card"] is not None:
            return []
        who = self.player
        rng = self.rng
        bits, unit, step = rng.getrandbits, UNIT, STEP_BITS
        reading = _reading(view["waybill"])
        feature = self._choose_feature(reading)
        legibility = reading["legibility"][feature]
        order = reading["places"][feature]  # (PlaceBox actions, lowest level first)
        if rng.random() < 0.5:
            order = order[::-1]
        press_ms, simple_ms = self.press_ms, self.simple_ms
        form = FORMS[bits(step)]  # this round's (see above)
        plan = []
        t = now
        for _ in me["stack"]:  # (boxes left from before: take them off)
            t += floor(simple_ms * unit[bits(step)])
            plan.append((t, UNDO))
        t += floor(who.orient_ms * form * unit[bits(step)])
        boxes = order
        swapped = None
        if rng.random() < who.mistake:
            swapped = i = rng.randrange(BOXES - 1)
            boxes = order[:i] + (order[i + 1], order[i]) + order[i + 2:]
        for box, compare_ms in zip(boxes, self.compares):  # find the next among those left
            t += (floor(compare_ms * form / legibility * unit[bits(step)])
                  + floor(press_ms * unit[bits(step)]))  # then press it
            plan.append((t, box))
        t += floor(press_ms * unit[bits(step)])  # (the last box: no comparing)
        plan.append((t, boxes[-1]))
        if swapped is not None and rng.random() < who.notice:
            # Seen on a last look over the stack: take boxes off down to the swap, put them right.
            t += floor(who.compare_ms * BOXES / legibility * unit[bits(step)])
            for _ in range(BOXES - swapped):
                t += floor(simple_ms * unit[bits(step)])
                plan.append((t, UNDO))
            for box in order[swapped:]:
                t += floor(press_ms * unit[bits(step)])
                plan.append((t, box))
        plan.append((t + floor(simple_ms * unit[bits(step)]), GRAB))
        plan.reverse()
        return plan

    def _choose_feature(self, reading: dict) -> int:
        how = self.player.feature
        if how == "random":
            return self.rng.randrange(2)
        if reading["more_legible"] is not None:
            return reading["more_legible"]
        if how == "legible_magnifier":
            return reading["magnifier"]
        return self.rng.randrange(2)


def _reading(waybill: dict) -> dict:
    """What a bot reads off a waybill's view, the same every time it comes up (kept per
    waybill id, and made in few steps: a plan's first read of a waybill was a quarter of what
    its plans cost): per feature the colours from the lowest level up ("orders"), and the actions
    that place them in that order ("places"), and how legible it is ("legibility"); the more
    legible feature ("more_legible", None: both alike); the magnifier's feature ("magnifier":
    the magnifier colour sits at an end of its order)."""
    reading = _READINGS.get(waybill["id"])
    if reading is None:
        orders = [[None] * BOXES, [None] * BOXES]  # (an item's levels: its place in each)
        for item in waybill["items"]:
            first, second = item["levels"]
            orders[0][first] = orders[1][second] = item["colour"]
        ease = list(map(LEGIBILITY.__getitem__, waybill["kinds"]))
        reading = _READINGS[waybill["id"]] = {
            "orders": [tuple(order) for order in orders],
            "places": [tuple(map(PLACE.__getitem__, order)) for order in orders],
            "legibility": ease,
            "more_legible": None if ease[0] == ease[1] else 0 if ease[0] > ease[1] else 1,
            # (the magnifier colour sits at an end of its feature's order)
            "magnifier": 0 if waybill["magnifier_colour"] in (orders[0][0], orders[0][-1]) else 1,
        }
    return reading


_READINGS: dict = {}  # waybill id -> _reading (the deck is fixed: 60 at most)
