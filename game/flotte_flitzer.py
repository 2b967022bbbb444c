"""Flotte Flitzer (Reiner Knizia, Parker 2006): the card-driven car race on a three-lane oval.

Rules: docs/rules/flotte-flitzer.md (the rulebook's "Correction" paragraphs win over the text
they correct); what it leaves open follows GAPS section 1 (deck, Aufholjagd, track).
Every open choice is a constant or table below; docs/rules-notes.md#flotte-flitzer gives reasons.

Cars and seats. Twelve cars, two of each of six colours; car `c` has colour `c // 2`. Seat `s`
races the two cars of colour `s`. With fewer than six players the other colours still race as
neutral cars: nobody owns them, any player may move them with a card that moves "a car of
your choice" (or their colour's Windschatten), and their finishing places score for nobody.

The track. Rows 0..ROWS-1 in driving order, three lanes each (lane 0 inside, lane 2 outside).
Rows 0-3 are the starting blocks; the finish line lies behind row 0, so a car that moves
forward past the last row has crossed it. Cars finish in crossing order.

A turn, as actions of the seat to move:
    Play(card, car, lane, follow)   play a card from the hand for `car` (-1: a dead card with
                                    no car it could name). `lane` is where the car ends in its
                                    new row, `follow` where a slipstreaming car ends; both -1
                                    when there is nothing to choose (the move crosses the finish
                                    line, is forfeited, or is decided by turned-up cards).
    RiskAgain() / RiskStop()        after a safe Risiko reveal on your own car: turn up
                                    another card, or end the turn.
At the end of the turn the player draws back up to HAND cards.

Cards are ints 0..53 indexing CARDS; a card's bottom marker only matters when it is turned up
by a Risiko or Gefahr card.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from itertools import compress, repeat
from operator import is_not

from .bots import MISTAKE_RATE, Bot, bot_levels, run_to_end
from .core import TERMINAL, Event, GameInfo, IllegalAction, Outcome, State

# --- Materials and track (GAPS 1.2 and 1.4) -----------------------------------------------------

COLOURS = 6
CARS = 2 * COLOURS
LANES = 3
ROWS = 32                       # rows per lap (GAPS 1.4 DESIGN)
GRID_ROWS = 4                   # the starting blocks: rows 0..3, 12 spaces
LAST_ROW = ROWS - 1             # moving forward past this row crosses the finish line
OUTER = LANES - 1
CURVES = ((9, 15), (25, 31))    # rows of the two curves, inclusive (GAPS 1.4 DESIGN)
DANGER = frozenset((row, OUTER) for row in list(range(10, 15)) + list(range(26, 31)))
HAND = 5
POINTS = (10, 7, 5, 3, 2, 1)    # for the first six cars over the line
RACE_ENDS_AFTER = len(POINTS)   # the race ends when the sixth car has crossed

SKID = "skid"                   # the word "Schleudern" at the bottom of a card

# Card kinds (top of the card).
WINDSCHATTEN = "windschatten"   # colour-bound, +value, with slipstream
UEBERHOLEN = "ueberholen"       # any car, +value
FALSCHER_GANG = "falscher_gang"  # any car, 1 back
AUFHOLJAGD = "aufholjagd"       # any car with at most 2 cars behind it, +AUFHOLJAGD_ROWS
RISIKO = "risiko"               # any car; cards are turned up instead of moving
GEFAHR = "gefahr"               # a car on a danger space; two cards are turned up

AUFHOLJAGD_ROWS = 4             # GAPS 1.3 DESIGN
AUFHOLJAGD_MAX_BEHIND = 2
GEFAHR_REVEALS = 2

KIND_NAMES = {WINDSCHATTEN: "Windschatten", UEBERHOLEN: "Überholen",
              FALSCHER_GANG: "Falscher Gang", AUFHOLJAGD: "Aufholjagd", RISIKO: "Risiko",
              GEFAHR: "Gefahr"}


@dataclass(frozen=True)
class Card:
    kind: str
    value: int                  # rows moved (negative: backwards); Risiko's printed +1
    colour: int | None          # Windschatten only
    marker: int | str | None    # -2, -4, SKID or None


def _build_deck() -> tuple:
    """The 54 cards of GAPS 1.2 (DESIGN): 18 markers, 10 x -2, 6 x -4, 2 x Schleudern."""
    cards = []
    for c in range(COLOURS):
        cards.append(Card(WINDSCHATTEN, 2, c, None))
    for c in range(COLOURS):   # every other colour's +3 carries "Risiko -2"
        cards.append(Card(WINDSCHATTEN, 3, c, -2 if c % 2 == 0 else None))
    for c in range(COLOURS):
        cards.append(Card(WINDSCHATTEN, 4, c, -4))
    cards += [Card(UEBERHOLEN, 1, None, SKID)] * 2 + [Card(UEBERHOLEN, 1, None, None)] * 6
    cards += [Card(UEBERHOLEN, 2, None, -2)] * 4 + [Card(UEBERHOLEN, 2, None, None)] * 4
    cards += [Card(FALSCHER_GANG, -1, None, None)] * 6
    cards += ([Card(AUFHOLJAGD, AUFHOLJAGD_ROWS, None, -2)] * 3
              + [Card(AUFHOLJAGD, AUFHOLJAGD_ROWS, None, None)] * 3)
    cards += [Card(RISIKO, 1, None, None)] * 4
    cards += [Card(GEFAHR, 0, None, None)] * 4
    return tuple(cards)


CARDS = _build_deck()
DECK_SIZE = len(CARDS)
assert DECK_SIZE == 54
# Identical cards (markers included) share one number: they offer the same plays.
SAME = tuple(CARDS.index(c) for c in CARDS)


def card_json(card_id: int) -> dict:
    c = CARDS[card_id]
    return {"id": card_id, "kind": c.kind, "value": c.value, "colour": c.colour,
            "marker": c.marker, "name": KIND_NAMES[c.kind]}


def colour_of(car: int) -> int:
    return car // 2


def is_danger(row: int, lane: int) -> bool:
    return (row, lane) in DANGER


# --- Actions ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Play:
    """Play `card` for `car` (-1: dead card); the car ends in `lane`, a slipstreaming car in
    `follow` (-1 where there is no choice)."""
    card: int
    car: int
    lane: int = -1
    follow: int = -1


_PLAYS: dict = {}  # (card, car, lanes, follow lanes) -> the Plays, made once and shared


def plays(card: int, car: int, lanes: list, follow_lanes: list) -> tuple:
    """Every Play(card, car, lane, follow) for lane in lanes and follow in follow_lanes, in
    that order, made once: legal_actions lists dozens every turn."""
    # (a shared lane list lives for ever, so its id is its own; any other list is a tuple)
    key = (card, car, _SHARED_LANES.get(id(lanes)) or tuple(lanes),
           _SHARED_LANES.get(id(follow_lanes)) or tuple(follow_lanes))
    actions = _PLAYS.get(key)
    if actions is None:
        actions = _PLAYS[key] = tuple(Play(card, car, lane, follow)
                                      for lane in lanes for follow in follow_lanes)
    return actions


@dataclass(frozen=True)
class RiskAgain:
    """Risiko on your own car, after a safe card: turn up another card."""


@dataclass(frozen=True)
class RiskStop:
    """Risiko on your own car, after a safe card: stop and end the turn."""


# --- Movement on a table of positions (shared by the state and the bots) ------------------------
#
# `pos` is a list of CARS entries: [row, lane] for a car in the race, None once it has crossed.

def row_count(pos, row: int) -> int:
    return sum(1 for p in pos if p is not None and p[0] == row)


ALL_LANES = list(range(LANES))


def free_table(pos) -> list:
    """The free lanes of every row, made once per look at the table (legal_actions is hot).
    The lists are shared (one per set of taken lanes): read-only."""
    taken = [0] * ROWS
    for p in pos:
        if p is not None:
            taken[p[0]] |= 1 << p[1]
    return list(map(FREE_LANES.__getitem__, taken))


# Bit l of a mask set: lane l is taken. FREE_LANES[mask] lists the free lanes.
FREE_LANES = [[lane for lane in ALL_LANES if not mask >> lane & 1] for mask in range(1 << LANES)]


def free_lanes(pos, row: int) -> list[int]:
    taken = {p[1] for p in pos if p is not None and p[0] == row}
    return [lane for lane in range(LANES) if lane not in taken]


def target_of(pos, car: int, rows: int, free=None):
    """Where a move of `rows` (negative: backwards) takes `car`: ("finish", None), ("forfeit",
    None) or ("row", row). All or nothing: only the end row counts, rows passed may be full
    (Correction 1); a backwards move may not end behind the finish line (Correction 4).
    `free`: free_table(pos), if the caller has it."""
    row = pos[car][0] + rows
    if row > LAST_ROW:
        return "finish", None
    if row < 0 or not (free[row] if free is not None else free_lanes(pos, row)):
        return "forfeit", None
    return "row", row


def rearmost_row(pos) -> int:
    return min(p[0] for p in pos if p is not None)


def car_at(pos, row: int, lane: int):
    for car, p in enumerate(pos):
        if p is not None and p[0] == row and p[1] == lane:
            return car
    return None


def auto_lane(pos, row: int, lane: int, free=None) -> int:
    """The lane a car takes in a move decided by turned-up cards (DESIGN): its own lane if it
    is free, else the nearest free one, the inner one on a tie. `free`: free_lanes(pos, row),
    if the caller has it."""
    free = free_lanes(pos, row) if free is None else free
    return min(free, key=lambda other: (abs(other - lane), other))


def skid_row(pos, car: int, free=None):
    """Schleudern: back to the row of the rearmost car in the race (Correction 3); None when
    nothing happens (the car is there already, or that row is full). `free`: a free_table
    that tells the free lanes of rows other than the car's, if the caller has one."""
    row = rearmost_row(pos)
    if row >= pos[car][0] or not (free[row] if free is not None else free_lanes(pos, row)):
        return None
    return row


def cars_allowed(card: Card, pos) -> list[int]:
    """The cars `card` may be played for (empty: it can only be played as a dead card)."""
    racing = list(compress(range(CARS), map(is_not, pos, repeat(None))))  # (the loop in C)
    if card.kind == WINDSCHATTEN:  # the two cars of its colour
        return [c for c in racing if c // 2 == card.colour]
    if card.kind == AUFHOLJAGD:
        rows = sorted(pos[c][0] for c in racing)
        if len(rows) <= AUFHOLJAGD_MAX_BEHIND:
            return racing
        # At most 2 cars in rows strictly behind (GAPS 1.3): the car's row is at most the
        # row of the third car from the back.
        limit = rows[AUFHOLJAGD_MAX_BEHIND]
        return [c for c in racing if pos[c][0] <= limit]
    if card.kind == GEFAHR:
        return [c for c in racing if is_danger(*pos[c])]
    return racing


NO_CHOICE = [-1]  # the lanes of a move with nothing to choose (shared: read-only)
# The shared lane lists (free_table, plan) by identity, numbered from 1 (see plays).
_SHARED_LANES = {id(lanes): i for i, lanes in enumerate([*FREE_LANES, NO_CHOICE], 1)}


def plan(card: Card, pos, car: int, free=None):
    """What playing `card` for `car` offers: (lanes, follower, follow_lanes).

    lanes: the lanes the car may end in ([-1]: nothing to choose: the move finishes, is
    forfeited, or turned-up cards decide). follower: the slipstreaming car or None;
    follow_lanes likewise ([-1] without a choice). `free`: free_table(pos), if at hand.
    The lists are shared: read-only."""
    return plans(card, pos, [car], free_table(pos) if free is None else free)[0][1:]


def plans(card: Card, pos, cars, free) -> list:
    """[(car, lanes, follower, follow_lanes)]: plan(card, pos, car, free) for each of `cars`
    (one call for a hand of plays: legal_actions is hot)."""
    if card.kind in (RISIKO, GEFAHR):
        return [(car, NO_CHOICE, None, NO_CHOICE) for car in cars]
    out = []
    for car in cars:
        if car < 0:
            out.append((car, NO_CHOICE, None, NO_CHOICE))
            continue
        kind, row = target_of(pos, car, card.value, free)
        follower = None
        follow_lanes = NO_CHOICE
        if card.kind == WINDSCHATTEN and kind != "forfeit":
            # Slipstream: the car right behind the space the front car leaves moves as far; a
            # front car that cannot move takes nobody along (Correction 2).
            r, ln = pos[car]
            # (a free space behind needs no search: free is the table before the move)
            follower = car_at(pos, r - 1, ln) if r > 0 and ln not in free[r - 1] else None
            if follower is not None:
                # The follower ends in row r - 1 + value: never the row the front car left (r)
                # nor the one it reached (r + value), so the table before the move still tells
                # its lanes.
                fkind, frow = target_of(pos, follower, card.value, free)
                if fkind == "row":
                    follow_lanes = free[frow]
        out.append((car, free[row] if kind == "row" else NO_CHOICE, follower, follow_lanes))
    return out


# --- The state ----------------------------------------------------------------------------------

class FlotteFlitzerState(State):
    """A race. Phases: "play" (play a card), "risk" (after a safe Risiko reveal on your own
    car: again or stop), "over"."""

    def __init__(self, players: int, options: dict, seed: int):
        super().__init__(players, options, seed)
        # Setting up: seats in turn order (the youngest first), then the neutral colours, each
        # put one car as close to the start line (row 3) and one as far back (row 0) as they can.
        self.pos: list = [None] * CARS
        for colour in range(COLOURS):
            self._place(2 * colour, range(GRID_ROWS - 1, -1, -1))
            self._place(2 * colour + 1, range(GRID_ROWS))
        self.draw = list(range(DECK_SIZE))
        self.rng.shuffle(self.draw)
        self.discard: list = []
        self.hands = [[self.draw.pop() for _ in range(HAND)] for _ in range(players)]
        self.finished: list = []   # car ids in crossing order
        self.turn = 0
        self.phase = "play"
        self.risk_car = None       # the car of a Risiko run waiting for RiskAgain/RiskStop
        self.shown: list = []      # cards turned up by the last Risiko/Gefahr play (display)
        self.last = None           # the last card played, for the table: {"seat", "card", "car"}

    def _place(self, car: int, rows) -> None:
        for row in rows:
            free = free_lanes(self.pos, row)
            if free:
                self.pos[car] = [row, free[0]]
                return
        raise AssertionError("the starting blocks hold all 12 cars")

    def owner(self, car: int):
        colour = colour_of(car)
        return colour if colour < self.players else None

    # -- whose turn, what is legal -------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == "over" else self.turn

    def _legal_actions(self, player: int) -> list:
        if self.phase == "over" or player != self.turn:
            return []
        if self.phase == "risk":
            return [RiskAgain(), RiskStop()]
        actions = []
        offers = {}
        free = free_table(self.pos)
        for card_id in self.hands[player]:
            same = SAME[card_id]
            if same not in offers:
                card = CARDS[card_id]
                offers[same] = plans(card, self.pos, cars_allowed(card, self.pos) or [-1], free)
            for car, lanes, _, follow_lanes in offers[same]:
                actions += plays(card_id, car, lanes, follow_lanes)
        return actions

    # -- applying actions ----------------------------------------------------------------------

    def _apply(self, player: int, action) -> list[Event]:
        if isinstance(action, (RiskAgain, RiskStop)):
            if self.phase != "risk":
                raise IllegalAction("no Risiko run", "only after a safe card on your own car")
            if isinstance(action, RiskStop):
                return [Event("risk_stop", player, {"car": self.risk_car})] + self._end_turn(player)
            return self._risiko_reveal(player, self.risk_car)
        if self.phase == "risk":
            raise IllegalAction("decide the Risiko run first", "turn up another card or stop")
        card_id, car = action.card, action.car
        if not isinstance(card_id, int) or card_id not in self.hands[player]:
            raise IllegalAction("card not in your hand", repr(card_id))
        card = CARDS[card_id]
        allowed = cars_allowed(card, self.pos)
        if not isinstance(car, int) or isinstance(car, bool) or not -1 <= car < CARS:
            raise IllegalAction("no such car", repr(car))
        if car == -1:
            if allowed:
                raise IllegalAction("name a car", "a dead card only when no car qualifies")
        elif self.pos[car] is None:
            raise IllegalAction("car has finished", f"car {car} is over the line")
        elif car not in allowed:
            rule = {WINDSCHATTEN: "Windschatten: a car of the card's colour",
                    AUFHOLJAGD: "Aufholjagd: at most 2 cars behind",
                    GEFAHR: "Gefahr: a car on a danger space"}[card.kind]
            raise IllegalAction(rule, f"car {car}")
        lanes, follower, follow_lanes = plan(card, self.pos, car)
        if action.lane not in lanes:
            raise IllegalAction("lane not free" if lanes != [-1] else "no lane to choose",
                                f"lane {action.lane!r}, possible {lanes}")
        if action.follow not in follow_lanes:
            raise IllegalAction("lane not free" if follow_lanes != [-1] else "no lane to choose",
                                f"follow {action.follow!r}, possible {follow_lanes}")
        # Valid: from here on the state changes.
        self.hands[player].remove(card_id)
        self.discard.append(card_id)
        self.shown = []
        self.last = {"seat": player, "card": card_id, "car": car}
        events = [Event("played", player, {"card": card_json(card_id), "car": car})]
        if car == -1:
            events.append(Event("dead_card", player, {"card": card_json(card_id)}))
            return events + self._end_turn(player)
        if card.kind == RISIKO:
            self.risk_car = car
            return events + self._risiko_reveal(player, car)
        if card.kind == GEFAHR:
            return events + self._gefahr(player, car)
        events += self._move(player, car, card.value, action.lane, card.kind)
        if follower is not None and self.phase != "over":
            events += self._move(player, follower, card.value, action.follow, "slipstream")
        return events + self._end_turn(player)

    def _move(self, player, car, rows, lane, why) -> list[Event]:
        """Move `car` by `rows` (the lane chosen, or -1: the car's own or nearest free lane)."""
        kind, row = target_of(self.pos, car, rows)
        start = list(self.pos[car])
        data = {"car": car, "from": start, "rows": rows, "why": why}
        if kind == "forfeit":
            return [Event("forfeit", player, data)]
        if kind == "finish":
            self.pos[car] = None
            self.finished.append(car)
            place = len(self.finished)
            events = [Event("finished", player, {**data, "place": place,
                                                 "points": POINTS[place - 1]
                                                 if place <= len(POINTS) else 0})]
            if len(self.finished) >= RACE_ENDS_AFTER:
                events += self._game_over()
            return events
        if lane == -1:
            lane = auto_lane(self.pos, row, start[1])
        self.pos[car] = [row, lane]
        return [Event("moved", player, {**data, "to": [row, lane]})]

    def _turn_up(self, player) -> tuple[int, list[Event]]:
        """Turn up the top card of the draw pile; it goes to the played cards."""
        card_id = self.draw.pop()
        self.discard.append(card_id)
        self.shown.append(card_id)
        return card_id, [Event("revealed", player, {"card": card_json(card_id)})] + self._refill()

    def _refill(self) -> list[Event]:
        """"When the last card is drawn from the draw pile, reshuffle the cards that have been
        played to form the new draw pile.\""""
        if self.draw:
            return []
        self.draw, self.discard = self.discard, []
        self.rng.shuffle(self.draw)
        return [Event("reshuffled", None, {"cards": len(self.draw)})]

    def _marker_effect(self, player, car, marker) -> list[Event]:
        """A turned-up card's "Risiko" number moves the car back; "Schleudern" skids it."""
        if marker == SKID:
            row = skid_row(self.pos, car)
            data = {"car": car, "from": list(self.pos[car]), "rows": 0, "why": "skid"}
            if row is None:
                return [Event("forfeit", player, data)]
            lane = auto_lane(self.pos, row, self.pos[car][1])
            self.pos[car] = [row, lane]
            return [Event("moved", player, {**data, "rows": row - data["from"][0],
                                            "to": [row, lane]})]
        return self._move(player, car, marker, -1, "risiko")

    def _risiko_reveal(self, player, car) -> list[Event]:
        card_id, events = self._turn_up(player)
        marker = CARDS[card_id].marker
        if marker is not None:
            events += self._marker_effect(player, car, marker)
            return events + self._end_turn(player)
        # A safe card: one row forward, nothing else of the card counts.
        events += self._move(player, car, 1, -1, "risiko")
        if self.phase == "over":
            return events
        if self.owner(car) == player and self.pos[car] is not None:
            self.phase = "risk"
            return events + [Event("risk_choice", player, {"car": car})]
        return events + self._end_turn(player)

    def _gefahr(self, player, car) -> list[Event]:
        events = []
        turned = []
        for _ in range(GEFAHR_REVEALS):
            card_id, more = self._turn_up(player)
            events += more
            turned.append(card_id)
        # Markers take effect in the order drawn; a move that would end behind the finish
        # line (the back of the starting blocks) or on a full row does not happen.
        for card_id in turned:
            marker = CARDS[card_id].marker
            if marker is not None and self.phase != "over":
                events += self._marker_effect(player, car, marker)
        return events + self._end_turn(player)

    def _end_turn(self, player) -> list[Event]:
        self.risk_car = None
        if self.phase == "over":
            return []
        self.phase = "play"
        events = []
        while len(self.hands[player]) < HAND:
            self.hands[player].append(self.draw.pop())
            events += [Event("drew", player, {"hand": len(self.hands[player])})] + self._refill()
        self.turn = (player + 1) % self.players
        return events + [Event("next_turn", self.turn, {})]

    def scores(self) -> list[int]:
        points = [0] * self.players
        for place, car in enumerate(self.finished[:len(POINTS)]):
            owner = self.owner(car)
            if owner is not None:
                points[owner] += POINTS[place]
        return points

    def _game_over(self) -> list[Event]:
        self.phase = "over"
        self.risk_car = None
        scores = self.scores()
        best = max(scores)
        winners = [s for s in range(self.players) if scores[s] == best]
        return [Event("game_over", None, {"scores": scores, "winners": winners,
                                          "finished": list(self.finished)})]

    # -- what a seat sees ------------------------------------------------------------------------

    def _view(self, player: int | None) -> dict:
        places = {car: i + 1 for i, car in enumerate(self.finished)}
        cars = []
        for car in range(CARS):
            p = self.pos[car]
            cars.append({"id": car, "colour": colour_of(car), "owner": self.owner(car),
                         "row": None if p is None else p[0], "lane": None if p is None else p[1],
                         "place": places.get(car), "danger": p is not None and is_danger(*p)})
        return {
            "you": player,
            "players": self.players,
            "rows": ROWS,
            "grid_rows": GRID_ROWS,
            "danger": sorted([list(d) for d in DANGER]),
            "curves": [list(c) for c in CURVES],
            "cars": cars,
            "turn": self.turn,
            "phase": self.phase,
            "hand": (None if player is None else [card_json(c) for c in self.hands[player]]),
            "hand_sizes": [len(h) for h in self.hands],
            "draw_left": len(self.draw),
            "discard": [card_json(c) for c in self.discard],
            "shown": [card_json(c) for c in self.shown],
            "last": None if self.last is None else {**self.last,
                                                    "card": card_json(self.last["card"])},
            "risk_car": self.risk_car,
            "finished": list(self.finished),
            "scores": self.scores(),
        }

    def outcome(self) -> Outcome:
        if self.phase != "over":
            raise ValueError("the race is not over")
        scores = self.scores()
        best = max(scores)
        return Outcome(scores=scores, winners=[s for s in range(self.players)
                                               if scores[s] == best])

    # -- checks ----------------------------------------------------------------------------------

    def check_invariants(self) -> None:
        cards = [c for h in self.hands for c in h] + self.draw + self.discard
        assert sorted(cards) == list(range(DECK_SIZE)), "cards created or lost"
        spaces = [tuple(p) for p in self.pos if p is not None]
        assert len(spaces) == len(set(spaces)), "two cars on one space"
        assert all(0 <= r <= LAST_ROW and 0 <= ln < LANES for r, ln in spaces), "car off the track"
        assert all(row_count(self.pos, r) <= LANES for r in range(ROWS))
        assert [c for c in range(CARS) if self.pos[c] is None] == sorted(self.finished)
        assert len(set(self.finished)) == len(self.finished)
        assert self.shown == [] or set(self.shown) <= set(range(DECK_SIZE))
        if self.phase == "over":
            assert len(self.finished) == RACE_ENDS_AFTER
            return
        assert len(self.finished) < RACE_ENDS_AFTER
        assert self.draw, "the draw pile is refilled as soon as it runs out"
        for seat, hand in enumerate(self.hands):
            expected = HAND - 1 if (self.phase == "risk" and seat == self.turn) else HAND
            assert len(hand) == expected, f"seat {seat} holds {len(hand)} cards"
        assert (self.phase == "risk") == (self.risk_car is not None)
        if self.phase == "risk":
            assert self.owner(self.risk_car) == self.turn and self.pos[self.risk_car] is not None
        assert self.legal_actions(self.turn), "the player to move is stuck"

    def hidden_variant(self, player: int | None, rng: random.Random) -> FlotteFlitzerState:
        """Re-deal what `player` cannot see: the other hands and the draw pile (its order and
        which cards it holds). The played cards and the seat's own hand are known."""
        twin = copy.deepcopy(self)
        others = [s for s in range(self.players) if s != player]
        pool = twin.draw + [c for s in others for c in twin.hands[s]]
        rng.shuffle(pool)
        for s in others:
            n = len(twin.hands[s])
            twin.hands[s], pool = pool[:n], pool[n:]
        twin.draw = pool
        twin.rng = random.Random(rng.random())
        return twin


# --- CPU players -----------------------------------------------------------------------------
#
# A bot sees its view: the cars, its hand and the played cards. It values a table for its seat
# as the progress of its own cars minus the progress of the best other seat (a finished car
# counts as over the line plus its points). Moves decided by turned-up cards are weighed by the
# chance of each marker among the cards it has not seen (easy and normal bots assume the whole
# deck's odds). Lanes: away from danger spaces, in front of an own car (to pull it along with a
# Windschatten), not ahead of a rival car.

FINISH_VALUE = ROWS + 2
POINT_VALUE = 3.0
OPPONENT_WEIGHT = {"easy": 0.5, "normal": 0.7, "hard": 1.0}
LOOKAHEAD = {"easy": 0.0, "normal": 0.0, "hard": 0.6}


def progress(pos, car: int, finished: list) -> float:
    if pos[car] is None:
        return finish_value(finished.index(car) if car in finished else len(POINTS))
    return float(pos[car][0])


def finish_value(place: int) -> float:
    """The progress of a car that crossed the line `place`-th (0: first)."""
    return FINISH_VALUE + POINT_VALUE * (POINTS[place] if place < len(POINTS) else 0)


def table_value(pos, finished, seat: int, players: int, w_opp: float) -> float:
    # (progress, with the common case written out: bots value thousands of tables a turn)
    ahead = [progress(pos, car, finished) if p is None else float(p[0])
             for car, p in enumerate(pos[:2 * players])]
    return sums_value(seat_sums(ahead, players), seat, w_opp)


def seat_sums(ahead: list, players: int) -> list:
    """Per seat, the progress of its two cars (`ahead`: per car)."""
    return [ahead[2 * s] + ahead[2 * s + 1] for s in range(players)]


def sums_value(sums: list, seat: int, w_opp: float) -> float:
    """table_value from the seats' sums: own sum minus the best other seat's."""
    others = sums[:seat] + sums[seat + 1:]
    return sums[seat] - w_opp * (max(others) if others else 0.0)


class FlitzerBot(Bot):
    """easy: a random sensible play (one that does not hurt its own seat) most of the time;
    normal: the play of best immediate value; hard: that plus the best follow-up from the
    rest of its hand, and marker odds counted from the cards it has seen."""

    def choose(self, view: dict, legal: list):
        return run_to_end(self.thinking(view, legal))

    def thinking(self, view: dict, legal: list):
        """choose() in small steps: a generator that yields None after each option it weighs
        (a fraction of a millisecond) and returns the action. A driver on a frame thread may
        spread one decision over several frames; how it is run never changes the result."""
        if len(legal) == 1:
            return legal[0]
        pos = [None if c["row"] is None else [c["row"], c["lane"]] for c in view["cars"]]
        finished = list(view["finished"])
        odds = self.marker_odds(view)
        if isinstance(legal[0], (RiskAgain, RiskStop)):
            car = view["risk_car"]
            again = self.risk_value(pos, finished, car, odds, view) > self.value(pos, finished,
                                                                                  view)
            if self.level == "easy":
                again = self.rng.random() < 0.4
            return RiskAgain() if again else RiskStop()
        options = self.best_lanes(view, legal, pos)
        free = free_table(pos)  # the table before the play: made once for every option
        outcomes = {}
        scored = []
        base = self.value(pos, finished, view)
        for action in options:
            yield
            outcomes[id(action)] = self.outcomes(view, action, pos, finished, odds, free)
            scored.append((self.play_value(view, action, outcomes[id(action)]), action))
        scored.sort(key=lambda x: -x[0])
        if self.level == "easy":
            sensible = [a for v, a in scored if v >= base - 0.01] or [a for _, a in scored]
            if self.rng.random() < 0.8:
                return self.rng.choice(sensible)
            return scored[0][1]
        if LOOKAHEAD[self.level]:
            top = scored[:6]
            rescored = []
            for v, action in top:
                yield
                rescored.append((v + LOOKAHEAD[self.level] * self.follow_up(
                    view, action, outcomes[id(action)]), action))
            rescored.sort(key=lambda x: -x[0])
            scored = rescored
        if self.rng.random() < MISTAKE_RATE[self.level] and len(scored) > 1:
            return self.rng.choice(scored[1:3])[1]
        return scored[0][1]

    # -- values ----------------------------------------------------------------------------------

    def value(self, pos, finished, view) -> float:
        return table_value(pos, finished, self.seat, view["players"],
                           OPPONENT_WEIGHT[self.level])

    def marker_odds(self, view) -> dict:
        """Chance of each bottom marker on the next turned-up card."""
        if self.level == "hard":
            seen = {c["id"] for c in view["discard"]} | {c["id"] for c in view["hand"] or []}
            unseen = [CARDS[i].marker for i in range(DECK_SIZE) if i not in seen]
        else:
            unseen = [c.marker for c in CARDS]
        total = len(unseen) or 1
        odds = {}
        for m in unseen:
            odds[m] = odds.get(m, 0) + 1 / total
        return odds

    def best_lanes(self, view, legal, pos) -> list:
        """One action per (card, car): the lanes of the best lane_score."""
        at = occupants(pos)
        best = {}
        for action in legal:
            card = CARDS[action.card]
            key = (SAME[action.card], action.car)  # identical cards offer the same plays
            score = 0.0
            if action.lane >= 0:
                row = pos[action.car][0] + card.value
                score += self.lane_score(at, action.car, row, action.lane)
            if action.follow >= 0:
                follower = at.get((pos[action.car][0] - 1, pos[action.car][1]))
                row = pos[follower][0] + card.value
                score += self.lane_score(at, follower, row, action.follow)
            if key not in best or score > best[key][0]:
                best[key] = (score, action)
        return [a for _, a in best.values()]

    def lane_score(self, at, car, row, lane) -> float:
        """Away from danger, in front of an own car (a Windschatten pulls it along), not in
        front of a rival's car. `at`: occupants(pos)."""
        score = -1.0 if is_danger(row, lane) else 0.0
        behind = at.get((row - 1, lane))
        if behind is not None and behind != car:
            score += 0.5 if colour_of(behind) == self.seat else -0.2
        return score

    def outcomes(self, view, action, pos, finished, odds, free=None):
        """[(probability, pos, finished)] after `action`; a Risiko run on an own car goes on
        for one more card when that is worth more than stopping. `free`: free_table(pos)."""
        card = CARDS[action.card]
        if action.car < 0:
            return [(1.0, pos, finished)]
        if card.kind == RISIKO:
            own = colour_of(action.car) == self.seat and self.level != "easy"
            return self.risk_outcomes(pos, finished, action.car, odds, view, 1 if own else 0,
                                      free)
        if card.kind == GEFAHR:
            out = []
            for m, p in odds.items():
                q = copy_pos(pos)
                if m is not None:
                    apply_marker(q, action.car, m, free)
                out.append((p, q, finished))
            return out
        q = copy_pos(pos)
        f = list(finished)
        kind, _ = target_of(pos, action.car, card.value, free)
        follower = plan(card, pos, action.car, free)[1]
        # The table before the move tells the lanes of both moves (see plan).
        sim_move(q, f, action.car, card.value, action.lane, free)
        if follower is not None and kind != "forfeit":
            sim_move(q, f, follower, card.value, action.follow, free)
        return [(1.0, q, f)]

    def risk_outcomes(self, pos, finished, car, odds, view, more=0, free=None):
        """`free`: free_table(pos), if at hand (a car moves to another row: it tells the lanes
        of the one move from `pos`)."""
        out = []
        for m, p in odds.items():
            q = copy_pos(pos)
            f = list(finished)
            if m is not None:
                apply_marker(q, car, m, free)
                out.append((p, q, f))
                continue
            sim_move(q, f, car, 1, -1, free)
            if more and q[car] is not None:
                again = self.risk_outcomes(q, f, car, odds, view, more - 1)
                if self.expected(again, view) > self.value(q, f, view):
                    out += [(p * p2, q2, f2) for p2, q2, f2 in again]
                    continue
            out.append((p, q, f))
        return out

    def expected(self, outcomes, view) -> float:
        return sum(p * self.value(q, f, view) for p, q, f in outcomes)

    def risk_value(self, pos, finished, car, odds, view) -> float:
        return self.expected(self.risk_outcomes(pos, finished, car, odds, view), view)

    def play_value(self, view, action, outcomes) -> float:
        """The value expected after `action`, given its outcomes."""
        card = CARDS[action.card]
        total = self.expected(outcomes, view)
        # Keeping strong cards is worth a little: spending a Windschatten +4 or an Aufholjagd
        # on a small gain costs options later.
        return total - 0.05 * max(0, card.value)

    def follow_up(self, view, action, outcomes) -> float:
        """The best gain the rest of the hand offers after `action` (its likeliest outcome;
        own next turn, the others' moves in between ignored).

        One move changes one car's progress, so each is valued from the cars' progress on the
        table after `action`, without copying the table (the same sums as table_value)."""
        _, q, f = max(outcomes, key=lambda r: r[0])
        players, w_opp, seat = view["players"], OPPONENT_WEIGHT[self.level], self.seat
        ahead = [progress(q, car, f) for car in range(2 * players)]
        sums = seat_sums(ahead, players)
        base = sums_value(sums, seat, w_opp)  # self.value(q, f, view)
        # Per seat s: the best sum of the seats other than ours and s (None: there is none):
        # the best other seat's, or the second best's where s is the best.
        others = sorted(((sums[t], t) for t in range(players) if t != seat), reverse=True)
        first = others[0]
        second = others[1][0] if len(others) > 1 else None
        rest = [second if s == first[1] else first[0] for s in range(players)]
        free = free_table(q)
        finish = finish_value(len(f))
        best = 0.0
        kinds = set()
        for card_id in {c["id"] for c in view["hand"]} - {action.card}:
            card = CARDS[card_id]
            if card.kind in (RISIKO, GEFAHR) or SAME[card_id] in kinds:
                continue
            kinds.add(SAME[card_id])  # an identical card offers the same moves
            for car in cars_allowed(card, q):
                s = car // 2
                if s >= players:
                    continue  # a neutral car: no seat's value changes, a gain of 0
                kind, row = target_of(q, car, card.value, free)
                if kind == "forfeit":
                    continue  # nothing moves: a gain of 0
                now = float(row) if kind == "row" else finish
                total = now + ahead[car + 1] if car % 2 == 0 else ahead[car - 1] + now
                # sums_value with seat s at `total`, the same sums in the same order.
                if s == seat:
                    value = total - w_opp * (0.0 if rest[s] is None else rest[s])
                else:
                    value = sums[seat] - w_opp * (total if rest[s] is None
                                                  else max(total, rest[s]))
                if value - base > best:
                    best = value - base
        return best


def occupants(pos) -> dict:
    """(row, lane) -> the car there: car_at for many looks at one table."""
    return {(p[0], p[1]): car for car, p in enumerate(pos) if p is not None}


def copy_pos(pos) -> list:
    """A table to move cars on. The [row, lane] entries are shared with `pos`: a move
    replaces a car's entry (sim_move, apply_marker), it never changes one."""
    return pos[:]


def sim_move(pos, finished, car, rows, lane, free=None) -> None:
    """Move a car on a bots' table (as the state does; lane -1: automatic). `free`: a
    free_table that tells the free lanes of the car's target row, if the caller has one."""
    if car is None or pos[car] is None:
        return
    kind, row = target_of(pos, car, rows, free)
    if kind == "forfeit":
        return
    if kind == "finish":
        pos[car] = None
        finished.append(car)
        return
    lanes = free[row] if free is not None else free_lanes(pos, row)
    if lane < 0 or lane not in lanes:
        lane = auto_lane(pos, row, pos[car][1], lanes)
    pos[car] = [row, lane]


def apply_marker(pos, car, marker, free=None) -> None:
    """A turned-up card's marker on a bots' table. `free`: a free_table that tells the free
    lanes of rows other than the car's, if the caller has one."""
    if marker == SKID:
        row = skid_row(pos, car, free)
        if row is not None:
            pos[car] = [row, auto_lane(pos, row, pos[car][1],
                                       free[row] if free is not None else None)]
        return
    sim_move(pos, [], car, marker, -1, free)


def new_game(players: int, options: dict, seed: int) -> FlotteFlitzerState:
    return FlotteFlitzerState(players, options, seed)


INFO = GameInfo(
    id="flotte_flitzer",
    name="Flotte Flitzer",
    min_players=2,
    max_players=6,
    printed_players=(2, 6),
    realtime=False,
    cooperative=False,
    pitch="Race your two cars round the oval: slipstream, overtake, and push your luck.",
    new=new_game,
    action_types=(Play, RiskAgain, RiskStop),
    bots=bot_levels(FlitzerBot),
)
FlotteFlitzerState.info = INFO
