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

Phases and actions (of the seat to move, `view["phase"]`):
    "grid"   Place(lane)      setting up, seats in turn: your front car goes to the frontmost
                              row of the starting blocks with room, then your back car to the
                              rearmost; you pick the lane (the default, `view["lane_choice"]
                              ["default"]`, is the inside-most free one). The neutral colours
                              are placed after the seats, inside first.
    "play"   Play(card, car, lane, follow)   play a card from the hand for `car` (-1: a dead
                              card with no car it could name). `lane` is where the car ends in
                              its new row, `follow` where a slipstreaming car ends; both -1 when
                              there is nothing to choose (the move crosses the finish line, is
                              forfeited, or is decided by turned-up cards).
    "steer"  Steer(lane)      a turned-up card (Risiko, Gefahr) moved the car to a row with more
                              than one free lane: you pick its lane there (it stands on the
                              default, its own lane or the nearest free one, until you do).
    "risk"   RiskAgain() / RiskStop()   after a safe Risiko card on your own car: turn up
                              another card, or stop.
    "draw"   Draw()           the turn's moves are done: draw back up to HAND cards; the turn
                              passes. Until then the mover may take back (below).
    "over"                    the sixth car has crossed the line.

Taking back (State.undo_depth / undone): on your own turn, your last choice (a Place, a Play
that turned up nothing, a Steer, a RiskStop) can be taken back while nothing new was revealed
since: no card was turned up or drawn after it. RiskAgain, a Play of Risiko or Gefahr (they
turn cards up) and Draw are never taken back; neither is a grid Place that ended your turn.

Events (kinds declared in EVENT_KINDS; data in brackets):
    placed       a car set on the starting grid [car, to: [row, lane]] (player None: neutral)
    played       a card played [card: card_json, car]
    dead_card    a card played with no car it could name [card]
    moved        a car moved to another space [car, from, to, rows, why: the card kind that
                 moved it, SLIPSTREAM, RISIKO (a turned-up card) or SKID]
    finished     a car crossed the line [car, from, rows, why, place, points]
    forfeit      a move that could not end legally: nothing moves [car, from, rows, why]
    revealed     a card turned up from the draw pile [card]
    reshuffled   the played cards became the new draw pile [cards]
    steer_choice the mover picks the lane of a car moved by a turned-up card [car, lanes]
    steered      that car's lane, chosen [car, from, to]
    risk_choice  a safe card on your own car: again or stop [car]
    risk_stop    the Risiko run stopped [car]
    drew         a card drawn into a hand [hand: its size]
    next_turn    the seat to move now (player)
    game_over    [scores, winners, finished, highlight]

The result's highlight (issue 15): at the end `view(None)["highlight"]` (and every seat's view,
it is public; None before the end) is the move that won, as plain data for the results screen:
    {"title": "The move that won",
     "text": a sentence in which {p0}, {p1} ... stand for the seats' names (fill with
             text.format(p0=name0, p1=name1, ...)),
     "players": the winning seats,
     "seat": who played the card, "car": the car, "card": card_json of the card,
     "place": its place over the line, "points": what the place scored,
     "passed": cars it passed on that move, "why": the card kind, "slipstream" or "risiko",
     "margin": the winner's points less the best other seat's}
It is the finish after which the winner led for good: a car of theirs crossing the line (moved
by anyone's card) that put them ahead of every other seat until the end.

Cards are ints 0..53 indexing CARDS; a card's bottom marker only matters when it is turned up
by a Risiko or Gefahr card.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass
from itertools import compress, repeat
from operator import is_not, itemgetter

from .bots import Bot, bot_levels, run_to_end
from .core import TERMINAL, Event, GameInfo, IllegalAction, Outcome, State
from .words import ordinal, plural

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
SLIPSTREAM = "slipstream"       # why a car moved: pulled along by a Windschatten

# The kinds of view["lane_choice"]: a car set on the grid, a car moved by a turned-up card.
PLACE_LANE, STEER_LANE = "place", "steer"

# Phases (view["phase"]; see the module docstring).
GRID, PLAY, STEER, RISK, DRAW, OVER = "grid", "play", "steer", "risk", "draw", "over"

# Event kinds (documented in the module docstring).
PLACED = "placed"
PLAYED = "played"
DEAD_CARD = "dead_card"
MOVED = "moved"
FINISHED = "finished"
FORFEIT = "forfeit"
REVEALED = "revealed"
RESHUFFLED = "reshuffled"
STEER_CHOICE = "steer_choice"
STEERED = "steered"
RISK_CHOICE = "risk_choice"
RISK_STOP = "risk_stop"
DREW = "drew"
NEXT_TURN = "next_turn"
GAME_OVER = "game_over"
EVENT_KINDS = frozenset((PLACED, PLAYED, DEAD_CARD, MOVED, FINISHED, FORFEIT, REVEALED,
                         RESHUFFLED, STEER_CHOICE, STEERED, RISK_CHOICE, RISK_STOP, DREW,
                         NEXT_TURN, GAME_OVER))

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


def _card_data(card_id: int) -> dict:
    c = CARDS[card_id]
    return {"id": card_id, "kind": c.kind, "value": c.value, "colour": c.colour,
            "marker": c.marker, "name": KIND_NAMES[c.kind]}


_CARD_DATA = [_card_data(card_id) for card_id in range(DECK_SIZE)]   # copied, never handed out


def card_json(card_id: int) -> dict:
    """A card as plain data (a new dict: a view's reader may change it)."""
    return _CARD_DATA[card_id].copy()


def cards_json(card_ids) -> list:
    """[card_json(c) for c in card_ids] (the loop in C: views list up to 54 cards)."""
    return list(map(dict.copy, map(_CARD_DATA.__getitem__, card_ids)))


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


@dataclass(frozen=True)
class RiskAgain:
    """Risiko on your own car, after a safe card: turn up another card."""


@dataclass(frozen=True)
class RiskStop:
    """Risiko on your own car, after a safe card: stop (the turn ends with the draw)."""


@dataclass(frozen=True)
class Place:
    """Setting up: put your next car in `lane` of its row of the starting blocks."""
    lane: int


@dataclass(frozen=True)
class Steer:
    """The lane of the car a turned-up card just moved, in its new row."""
    lane: int


@dataclass(frozen=True)
class Draw:
    """End the turn: draw back up to HAND cards."""


PLACES = tuple(Place(lane) for lane in range(LANES))
STEERS = tuple(Steer(lane) for lane in range(LANES))
DRAW_ACTION, AGAIN_ACTION, STOP_ACTION = Draw(), RiskAgain(), RiskStop()   # (shared: frozen)


# --- Movement on a table of positions (shared by the state and the bots) ------------------------
#
# `pos` is a list of CARS entries: [row, lane] for a car in the race, None once it has crossed.

def row_count(pos, row: int) -> int:
    return sum(1 for p in pos if p is not None and p[0] == row)


ALL_LANES = list(range(LANES))
CAR_IDS = range(CARS)
# Bit l of a mask set: lane l is taken. FREE_LANES[mask] lists the free lanes.
FREE_LANES = [[lane for lane in ALL_LANES if not mask >> lane & 1] for mask in range(1 << LANES)]
FULL = (1 << LANES) - 1         # the mask of a row with every lane taken


def taken_masks(pos) -> list:
    """Per row, the mask of its taken lanes (the state keeps this table: see _put)."""
    taken = [0] * ROWS
    for p in pos:
        if p is not None:
            taken[p[0]] |= 1 << p[1]
    return taken


def grid_of(pos) -> list:
    """grid[row * LANES + lane]: the car on a space or None; a row before row 0 reads the
    spare empty row at the end (the state keeps this table: see _put)."""
    grid = [None] * ((ROWS + 1) * LANES)
    for car, p in enumerate(pos):
        if p is not None:
            grid[p[0] * LANES + p[1]] = car
    return grid


def free_lanes(pos, row: int) -> list[int]:
    """The free lanes of `row`, inside first (a new list)."""
    taken = 0
    for p in pos:   # (a plain loop: cheaper than building a set of the lanes)
        if p is not None and p[0] == row:
            taken |= 1 << p[1]
    return FREE_LANES[taken][:]


def target_of(pos, car: int, rows: int, taken=None):
    """Where a move of `rows` (negative: backwards) takes `car`: ("finish", None), ("forfeit",
    None) or ("row", row). All or nothing: only the end row counts, rows passed may be full
    (Correction 1); a backwards move may not end behind the finish line (Correction 4).
    `taken`: taken_masks(pos), if the caller has it."""
    row = pos[car][0] + rows
    if row > LAST_ROW:
        return "finish", None
    if row < 0 or (taken[row] == FULL if taken is not None else not free_lanes(pos, row)):
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
    is free, else the nearest free one, the inner one on a tie. `free`: the free lanes of
    `row`, if the caller has them."""
    free = free_lanes(pos, row) if free is None else free
    return min(free, key=lambda other: (abs(other - lane), other))


def skid_row(pos, car: int, taken=None):
    """Schleudern: back to the row of the rearmost car in the race (Correction 3); None when
    nothing happens (the car is there already, or that row is full). `taken`:
    taken_masks(pos), if the caller has it."""
    row = rearmost_row(pos)
    if row >= pos[car][0] or (taken[row] == FULL if taken is not None
                              else not free_lanes(pos, row)):
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


def plan(card: Card, pos, car: int, taken=None, grid=None):
    """What playing `card` for `car` offers: (lanes, follower, follow_lanes).

    lanes: the lanes the car may end in ([-1]: nothing to choose: the move finishes, is
    forfeited, or turned-up cards decide). follower: the slipstreaming car or None;
    follow_lanes likewise ([-1] without a choice). `taken`: taken_masks(pos) and `grid`:
    grid_of(pos), if at hand. The lists are shared: read-only."""
    if car < 0 or card.kind in (RISIKO, GEFAHR):
        return NO_CHOICE, None, NO_CHOICE
    if taken is None:
        taken = taken_masks(pos)
    kind, row = target_of(pos, car, card.value, taken)
    follower = None
    follow_lanes = NO_CHOICE
    if card.kind == WINDSCHATTEN and kind != "forfeit":
        # Slipstream: the car right behind the space the front car leaves moves as far; a
        # front car that cannot move takes nobody along (Correction 2).
        r, ln = pos[car]
        if r > 0:
            follower = car_at(pos, r - 1, ln) if grid is None else grid[(r - 1) * LANES + ln]
        if follower is not None:
            # The follower ends in row r - 1 + value: never the row the front car left (r)
            # nor the one it reached (r + value), so the table before the move still tells
            # its lanes.
            fkind, frow = target_of(pos, follower, card.value, taken)
            if fkind == "row":
                follow_lanes = FREE_LANES[taken[frow]]
    if kind != "row":
        return NO_CHOICE, follower, follow_lanes
    return FREE_LANES[taken[row]], follower, follow_lanes


# --- Every play of a hand, fast (legal_actions lists dozens after every move) ------------------
#
# The Plays of one card for one car are fixed by the car's lanes and its follower's lanes, and
# each of those is either a row's free lanes (FREE_LANES[mask of its taken lanes]) or
# NO_CHOICE. So the Plays are made once, in shared tuples, and legal_actions only works out
# which tuple: for a card that moves a car by its number (Überholen, Falscher Gang,
# Aufholjagd) the taken mask of the row the car ends in names it (_MOVES); for a Windschatten
# the keys of both lanes (_PLAYS).

NO_KEY = 1 << LANES             # the lane key of NO_CHOICE (keys 0..FULL - 1: FREE_LANES[key])
KEYS = NO_KEY + 1
LANE_LISTS = [*FREE_LANES[:FULL], [], NO_CHOICE]   # by lane key (FULL never names lanes)
STILL = NO_KEY * KEYS + NO_KEY  # the index of a play with nothing to choose
PAD = AUFHOLJAGD_ROWS           # rows off the track at both ends of a table of end masks
OFF_TRACK = [FULL] * PAD        # (over the line or behind the start: nothing to choose)
KIND = tuple(c.kind for c in CARDS)
VALUE = tuple(c.value for c in CARDS)
COLOUR = tuple(c.colour for c in CARDS)
DANGER_AT = [[(row, lane) in DANGER for lane in range(LANES)] for row in range(ROWS)]
DANGER_SPACES = sorted(DANGER)   # (row, lane), as a view lists them
# _CAR_DATA[players][car][row * LANES + lane]: a car's entry in a view, made when first needed
# (copied into each view). Over the line or off the track, _car_data makes it anew.
_CAR_DATA = [[[None] * (ROWS * LANES) for _ in range(CARS)] for _ in range(COLOURS + 1)]


def _car_data(players: int, car: int, row, lane, place) -> dict:
    colour = colour_of(car)
    data = {"id": car, "colour": colour, "owner": colour if colour < players else None,
            "row": row, "lane": lane, "place": place,
            "danger": row is not None and DANGER_AT[row][lane]}
    if row is not None:
        _CAR_DATA[players][car][row * LANES + lane] = data
    return data


# The one Play of a card for a car when nothing is to choose (Risiko, Gefahr, a move over the
# line or forfeited), and dead cards.
STILL_PLAYS = [[Play(card, car) for car in range(CARS)] for card in range(DECK_SIZE)]
DEAD_PLAYS = [Play(card, -1) for card in range(DECK_SIZE)]
# _PLAYS[card][car][lane key * KEYS + follow key]: a Windschatten's tuple of Plays, or None
# until needed.
_PLAYS = [[[None] * (KEYS * KEYS) for _ in range(CARS)] if KIND[card] == WINDSCHATTEN
          else None for card in range(DECK_SIZE)]
# _MOVES[card][car][mask]: the Plays of a card that moves a car by its number, by the taken
# mask of the row the car ends in (FULL: nothing to choose); None until the card is first in a
# hand, then made for every car at once.
_MOVES: list = [None] * DECK_SIZE


def _make_plays(card_id: int, car: int, index: int) -> tuple:
    lane_key, follow_key = divmod(index, KEYS)
    plays = _PLAYS[card_id][car][index] = tuple(
        Play(card_id, car, lane, follow) for lane in LANE_LISTS[lane_key]
        for follow in LANE_LISTS[follow_key])
    return plays


def _make_moves(card_id: int) -> list:
    moves = _MOVES[card_id] = [
        [tuple(Play(card_id, car, lane) for lane in FREE_LANES[mask]) for mask in range(FULL)]
        + [(STILL_PLAYS[card_id][car],)] for car in range(CARS)]
    return moves


def play_actions(pos, hand, taken=None) -> list:
    """Every Play of the cards in `hand` on the table `pos` (legal_actions in phase PLAY): per
    card in hand order, per car it may name in car order (cars_allowed; none: a dead card),
    per lane, per follow lane, as plan() tells them. `taken`: taken_masks(pos), if at hand."""
    if taken is None:
        taken = taken_masks(pos)
    racing = list(compress(CAR_IDS, pos))   # (a space is a non-empty list: true)
    actions = []
    ends = None     # the taken mask of row r at r + PAD (off the track: FULL)
    danger = None   # the cars on danger spaces (for Gefahr: a hand may hold several)
    for card_id in hand:
        kind = KIND[card_id]
        before = len(actions)
        if kind == WINDSCHATTEN:
            plays = _PLAYS[card_id]
            value = VALUE[card_id]
            for car in (2 * COLOUR[card_id], 2 * COLOUR[card_id] + 1):
                if pos[car] is None:
                    continue
                row, lane = pos[car]
                to = row + value
                if to > LAST_ROW:
                    index = STILL          # over the line: the follower may still go along
                elif taken[to] == FULL:
                    actions.append(STILL_PLAYS[card_id][car])
                    continue               # forfeited: nobody moves
                else:
                    index = taken[to] * KEYS + NO_KEY
                if row > 0 and taken[row - 1] >> lane & 1:   # a car right behind follows
                    follow_to = row - 1 + value   # (neither the row left nor the one reached)
                    if follow_to <= LAST_ROW and taken[follow_to] != FULL:
                        index += taken[follow_to] - NO_KEY
                actions += plays[car][index] or _make_plays(card_id, car, index)
        elif kind == RISIKO:
            actions += (STILL_PLAYS[card_id] if len(racing) == CARS
                        else map(STILL_PLAYS[card_id].__getitem__, racing))
        elif kind == GEFAHR:
            if danger is None:
                danger = [car for car in racing if DANGER_AT[pos[car][0]][pos[car][1]]]
            actions += map(STILL_PLAYS[card_id].__getitem__, danger)
        else:   # the car moves by the card's number: only the row it ends in counts
            if ends is None:
                ends = OFF_TRACK + taken + OFF_TRACK
            moves = _MOVES[card_id] or _make_moves(card_id)
            shift = VALUE[card_id] + PAD
            if kind == AUFHOLJAGD and len(racing) > AUFHOLJAGD_MAX_BEHIND:
                # (as in cars_allowed: at most two cars in rows behind)
                limit = sorted([pos[car][0] for car in racing])[AUFHOLJAGD_MAX_BEHIND]
                for car in racing:
                    row = pos[car][0]
                    if row <= limit:
                        actions += moves[car][ends[row + shift]]
            else:
                for car in racing:
                    actions += moves[car][ends[pos[car][0] + shift]]
        if len(actions) == before:
            actions.append(DEAD_PLAYS[card_id])
    return actions


def row_mask(grid, row: int) -> int:
    """taken_masks(pos)[row], read off grid_of(pos) (three lanes)."""
    i = row * LANES
    return (grid[i] is not None) | (grid[i + 1] is not None) << 1 | (grid[i + 2] is not None) << 2


def pair_plays(pos, grid, card_id: int, car: int) -> tuple:
    """The Plays of `card_id` for `car` (-1: a dead card) on the table `pos`: the very objects
    play_actions lists for that pair, in its order (a bot picks its lanes among them without
    looking for them in a list of dozens). `grid`: grid_of(pos)."""
    if car < 0:
        return (DEAD_PLAYS[card_id],)
    kind = KIND[card_id]
    if kind == RISIKO or kind == GEFAHR:
        return (STILL_PLAYS[card_id][car],)
    row, lane = pos[car]
    value = VALUE[card_id]
    to = row + value
    ends = row_mask(grid, to) if 0 <= to <= LAST_ROW else FULL   # (FULL: nothing to choose)
    if kind != WINDSCHATTEN:   # only the row it ends in counts
        return (_MOVES[card_id] or _make_moves(card_id))[car][ends]
    # (as play_actions works out a Windschatten's index)
    if to > LAST_ROW:
        index = STILL
    elif ends == FULL:
        return (STILL_PLAYS[card_id][car],)
    else:
        index = ends * KEYS + NO_KEY
    if row > 0 and grid[(row - 1) * LANES + lane] is not None:   # a car right behind follows
        follow_to = row - 1 + value
        if follow_to <= LAST_ROW:
            follow = row_mask(grid, follow_to)
            if follow != FULL:
                index += follow - NO_KEY
    return _PLAYS[card_id][car][index] or _make_plays(card_id, car, index)


def positions(view) -> list:
    """The table of positions (see above) of a view: [row, lane] per car, None off the track
    (over the line, or not yet on the grid)."""
    return [None if c["row"] is None else [c["row"], c["lane"]] for c in view["cars"]]


def preview(view: dict, card_id: int, car: int) -> dict:
    """What playing `card_id` for `car` would do, read from a view (a scene lights the spaces
    and warns of a lost card with it): {"kind": "row" (the car ends in `row`, one of `lanes`),
    "finish", "forfeit" (nothing moves), "reveal" (turned-up cards decide: Risiko, Gefahr) or
    "dead" (no car), "row", "lanes", "follower" (the slipstreaming car or None), "follow_row",
    "follow_lanes" (where it may end; empty when it cannot move or there is none)}."""
    out = {"kind": "dead", "row": None, "lanes": [], "follower": None, "follow_row": None,
           "follow_lanes": []}
    card = CARDS[card_id]
    if car < 0:
        return out
    if card.kind in (RISIKO, GEFAHR):
        return {**out, "kind": "reveal"}
    pos = positions(view)
    taken = taken_masks(pos)
    kind, row = target_of(pos, car, card.value, taken)
    lanes, follower, follow_lanes = plan(card, pos, car, taken)
    out.update(kind=kind, row=row, lanes=[] if lanes == NO_CHOICE else list(lanes),
               follower=follower)
    if follower is not None:
        fkind, frow = target_of(pos, follower, card.value, taken)
        if fkind == "row":
            out.update(follow_row=frow, follow_lanes=list(follow_lanes))
    return out


def grid_row(pos, car: int):
    """The row of the starting blocks where `car` is placed now: a seat's even car as close
    to the start line (row GRID_ROWS - 1) as there is room, its odd car as far back (row 0)."""
    rows = range(GRID_ROWS - 1, -1, -1) if car % 2 == 0 else range(GRID_ROWS)
    for row in rows:
        if free_lanes(pos, row):
            return row
    raise AssertionError("the starting blocks hold all 12 cars")


def lane_options(pos, car: int) -> list[int]:
    """The lanes `car` may take in its own row: its lane and the free ones, inside first."""
    row, lane = pos[car]
    return sorted(free_lanes(pos, row) + [lane])


def passed_cars(pos, car: int, to_row) -> int:
    """How many cars in the race a forward move of `car` to `to_row` (None: over the line)
    passes: those in the rows between (a car beside it at the start or the end is not)."""
    start = pos[car][0]
    end = LAST_ROW + 1 if to_row is None else to_row
    return sum(1 for p in pos if p is not None and start < p[0] < end)


# --- The state ----------------------------------------------------------------------------------

class FlotteFlitzerState(State):
    """A race; `phase` is one of GRID, PLAY, STEER, RISK, DRAW, OVER (module docstring).

    Kept with `pos`, for the moves and legal actions of every turn: `_taken`, taken_masks(pos),
    and `_grid`, grid_of(pos). Every change of `pos` goes through `_put`, which keeps them; code
    that sets `pos` itself (a test's hand-built race) calls `_count_table` after. They are slots,
    not attributes: what they hold is `pos` again, so vars() (the state hash, the snapshot) has
    only the rules' state, and copy.deepcopy copies them with it (hidden_variant)."""

    __slots__ = ("_taken", "_grid")

    def __init__(self, players: int, options: dict, seed: int):
        super().__init__(players, options, seed)
        # Setting up: seats in turn order (the youngest first), each placing its front car
        # and then its back car (Place); then the neutral colours, placed the same way.
        self.pos: list = [None] * CARS
        self._count_table()
        self.to_place = [car for seat in range(players) for car in (2 * seat, 2 * seat + 1)]
        self.draw = list(range(DECK_SIZE))
        self.rng.shuffle(self.draw)
        self.discard: list = []
        self.hands = [[self.draw.pop() for _ in range(HAND)] for _ in range(players)]
        self.finished: list = []   # car ids in crossing order
        self.finishes: list = []   # per finished car: how it crossed (for the highlight)
        self.turn = 0
        self.phase = GRID
        self.move_car = None       # the car turned-up cards move this turn (Risiko, Gefahr)
        self.pending: list = []    # markers turned up and still to take effect (Gefahr)
        self.steer_car = None      # the car whose lane the mover picks now (phase STEER)
        self.risk_car = None       # the own car of a Risiko run that may go on after a steer
        self.shown: list = []      # cards turned up by the last Risiko/Gefahr play (display)
        self.last = None           # the last card played, for the table: {"seat", "card", "car"}
        self.highlight = None      # the move that won (module docstring), set at the end

    def owner(self, car: int):
        colour = colour_of(car)
        return colour if colour < self.players else None

    def _count_table(self) -> None:
        """Make `_taken` and `_grid` anew from `pos`."""
        self._taken = taken_masks(self.pos)
        self._grid = grid_of(self.pos)

    def _put(self, car: int, space) -> None:
        """Set `car` on `space` ([row, lane], a new list; None: over the line)."""
        old = self.pos[car]
        if old is not None:
            self._taken[old[0]] &= ~(1 << old[1])
            self._grid[old[0] * LANES + old[1]] = None
        self.pos[car] = space
        if space is not None:
            self._taken[space[0]] |= 1 << space[1]
            self._grid[space[0] * LANES + space[1]] = car

    # -- whose turn, what is legal -------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.turn

    def _legal_actions(self, player: int) -> list:
        phase = self.phase
        if player != self.turn or phase == OVER:
            return []
        if phase == PLAY:
            return play_actions(self.pos, self.hands[player], self._taken)
        if phase == DRAW:
            return [DRAW_ACTION]
        if phase == GRID:
            return [PLACES[lane] for lane in free_lanes(self.pos, grid_row(self.pos,
                                                                          self.to_place[0]))]
        if phase == STEER:
            return [STEERS[lane] for lane in lane_options(self.pos, self.steer_car)]
        return [AGAIN_ACTION, STOP_ACTION]

    def _undo_depth(self, player: int) -> int:
        """1 when the last log entry is `player`'s own choice on their turn that turned up or
        drew nothing (Place, Steer, RiskStop, a Play of a card that moves by its number); 0
        otherwise: a card turned up or drawn since, or the turn has passed."""
        if not self.log or self.turn != player or self.log[-1][0] != player:
            return 0
        done = self.log[-1][1]
        if done["type"] in ("Place", "Steer", "RiskStop"):
            return 1
        if done["type"] == "Play" and CARDS[done["card"]].kind not in (RISIKO, GEFAHR):
            return 1
        return 0

    # -- applying actions ----------------------------------------------------------------------

    def _apply(self, player: int, action) -> list[Event]:
        phase = self.phase
        # The two actions of nearly every turn first (the checks below would let them through).
        if phase == PLAY and type(action) is Play:
            return self._play(player, action)
        if phase == DRAW and type(action) is Draw:
            return self._end_turn(player)
        if isinstance(action, Place):
            if phase != GRID:
                raise IllegalAction("the cars are on the grid", "Place is for setting up")
            return self._place_next(player, action.lane)
        if phase == GRID:
            raise IllegalAction("place your car first", "choose its lane in the starting blocks")
        if isinstance(action, Steer):
            if phase != STEER:
                raise IllegalAction("no lane to choose", "only after a turned-up card moved a car")
            return self._steer(player, action.lane)
        if phase == STEER:
            raise IllegalAction("choose the car's lane first", "a turned-up card moved it")
        if isinstance(action, (RiskAgain, RiskStop)):
            if phase != RISK:
                raise IllegalAction("no Risiko run", "only after a safe card on your own car")
            car = self.risk_car
            if isinstance(action, RiskStop):
                self.risk_car = None
                return [Event(RISK_STOP, player, {"car": car})] + self._turn_done()
            return self._risiko_reveal(player, car)
        if phase == RISK:
            raise IllegalAction("decide the Risiko run first", "turn up another card or stop")
        if isinstance(action, Draw):
            if phase != DRAW:
                raise IllegalAction("play a card first", "you draw at the end of your turn")
            return self._end_turn(player)
        if phase == DRAW:
            raise IllegalAction("one card a turn", "draw to end your turn")
        return self._play(player, action)

    def _place_next(self, player: int, lane: int) -> list[Event]:
        car = self.to_place[0]
        row = grid_row(self.pos, car)
        free = free_lanes(self.pos, row)
        if lane not in free:
            raise IllegalAction("lane not free", f"lane {lane!r} of row {row}, free: {free}")
        self.to_place.pop(0)
        self._put(car, [row, lane])
        events = [Event(PLACED, player, {"car": car, "to": [row, lane]})]
        if self.to_place and colour_of(self.to_place[0]) == player:
            return events                       # your back car comes next
        if self.to_place:
            self.turn = colour_of(self.to_place[0])
            return events + [Event(NEXT_TURN, self.turn, {})]
        for colour in range(self.players, COLOURS):   # the neutral colours, inside first
            for car in (2 * colour, 2 * colour + 1):
                row = grid_row(self.pos, car)
                self._put(car, [row, FREE_LANES[self._taken[row]][0]])
                events.append(Event(PLACED, None, {"car": car, "to": list(self.pos[car])}))
        self.phase = PLAY
        self.turn = 0
        return events + [Event(NEXT_TURN, 0, {})]

    def _play(self, player: int, action: Play) -> list[Event]:
        # (The fields are ints: State.apply checked them against Play's annotations.)
        card_id, car = action.card, action.car
        hand = self.hands[player]
        if card_id not in hand:
            raise IllegalAction("card not in your hand", repr(card_id))
        card = CARDS[card_id]
        kind = card.kind
        if not -1 <= car < CARS:
            raise IllegalAction("no such car", repr(car))
        pos = self.pos
        if car == -1:
            if cars_allowed(card, pos):
                raise IllegalAction("name a car", "a dead card only when no car qualifies")
        elif pos[car] is None:
            raise IllegalAction("car has finished", f"car {car} is over the line")
        # (cars_allowed, asked only of the cards that name some racing cars and not others)
        elif (kind == WINDSCHATTEN and car >> 1 != card.colour
              or kind == GEFAHR and not DANGER_AT[pos[car][0]][pos[car][1]]
              or kind == AUFHOLJAGD and car not in cars_allowed(card, pos)):
            rule = {WINDSCHATTEN: "Windschatten: a car of the card's colour",
                    AUFHOLJAGD: "Aufholjagd: at most 2 cars behind",
                    GEFAHR: "Gefahr: a car on a danger space"}[kind]
            raise IllegalAction(rule, f"car {car}")
        lanes, follower, follow_lanes = plan(card, pos, car, self._taken, self._grid)
        if action.lane not in lanes:
            raise IllegalAction("lane not free" if lanes != [-1] else "no lane to choose",
                                f"lane {action.lane!r}, possible {lanes}")
        if action.follow not in follow_lanes:
            raise IllegalAction("lane not free" if follow_lanes != [-1] else "no lane to choose",
                                f"follow {action.follow!r}, possible {follow_lanes}")
        # Valid: from here on the state changes.
        hand.remove(card_id)
        self.discard.append(card_id)
        self.shown = []
        self.last = {"seat": player, "card": card_id, "car": car}
        events = [Event(PLAYED, player, {"card": card_json(card_id), "car": car})]
        if car == -1:
            events.append(Event(DEAD_CARD, player, {"card": card_json(card_id)}))
            return events + self._turn_done()
        if kind == RISIKO:
            return events + self._risiko_reveal(player, car)
        if kind == GEFAHR:
            self.move_car = car
            turned = []
            for _ in range(GEFAHR_REVEALS):
                turned_id, more = self._turn_up(player)
                events += more
                turned.append(turned_id)
            # Markers take effect in the order drawn; a move that would end behind the finish
            # line (the back of the starting blocks) or on a full row does not happen.
            self.pending = [CARDS[c].marker for c in turned if CARDS[c].marker is not None]
            return events + self._go_on(player)
        events += self._move(player, car, card.value, action.lane, kind)
        if follower is not None and self.phase != OVER:
            events += self._move(player, follower, card.value, action.follow, SLIPSTREAM)
        return events + self._turn_done()

    def _move(self, player, car, rows, lane, why) -> list[Event]:
        """Move `car` by `rows` (the lane chosen, or -1: the car's own lane or the nearest free
        one, which the mover may then change: see _offer_steer)."""
        start = self.pos[car]
        row = start[0] + rows
        if 0 <= row <= LAST_ROW and self._taken[row] != FULL:   # (target_of's "row")
            if lane == -1:
                lane = auto_lane(self.pos, row, start[1], FREE_LANES[self._taken[row]])
            self._put(car, [row, lane])   # (a new list: `start` is the event's alone now)
            return [Event(MOVED, player, {"car": car, "from": start, "rows": rows, "why": why,
                                          "to": [row, lane]})]
        kind = "finish" if row > LAST_ROW else "forfeit"
        start = list(start)
        data = {"car": car, "from": start, "rows": rows, "why": why}
        if kind == "forfeit":
            return [Event(FORFEIT, player, data)]
        if kind == "finish":
            passed = passed_cars(self.pos, car, None)
            self._put(car, None)
            self.finished.append(car)
            place = len(self.finished)
            points = POINTS[place - 1] if place <= len(POINTS) else 0
            self.finishes.append({"car": car, "seat": player, "card": self.last["card"],
                                  "why": why, "from": start[0], "passed": passed})
            events = [Event(FINISHED, player, {**data, "place": place, "points": points})]
            if len(self.finished) >= RACE_ENDS_AFTER:
                events += self._game_over()
            return events

    def _turn_up(self, player) -> tuple[int, list[Event]]:
        """Turn up the top card of the draw pile; it goes to the played cards."""
        card_id = self.draw.pop()
        self.discard.append(card_id)
        self.shown.append(card_id)
        return card_id, [Event(REVEALED, player, {"card": card_json(card_id)})] + self._refill()

    def _refill(self) -> list[Event]:
        """"When the last card is drawn from the draw pile, reshuffle the cards that have been
        played to form the new draw pile.\""""
        if self.draw:
            return []
        self.draw, self.discard = self.discard, []
        self.rng.shuffle(self.draw)
        return [Event(RESHUFFLED, None, {"cards": len(self.draw)})]

    def _turned_up_move(self, player, car, marker) -> list[Event]:
        """A move decided by a turned-up card: one row forward for a card with no marker, its
        "Risiko" number back, or "Schleudern": a skid. Where the car lands in a row with
        another free lane, the mover picks its lane next (steer_car)."""
        if marker == SKID:
            row = skid_row(self.pos, car, self._taken)
            data = {"car": car, "from": list(self.pos[car]), "rows": 0, "why": SKID}
            if row is None:
                return [Event(FORFEIT, player, data)]
            lane = auto_lane(self.pos, row, self.pos[car][1], FREE_LANES[self._taken[row]])
            self._put(car, [row, lane])
            events = [Event(MOVED, player, {**data, "rows": row - data["from"][0],
                                            "to": [row, lane]})]
        else:
            events = self._move(player, car, 1 if marker is None else marker, -1, RISIKO)
        if events[-1].kind == MOVED and self._taken[self.pos[car][0]] != FULL:
            # (another lane of its row is free: lane_options holds more than its own)
            self.steer_car = car
        return events

    def _risiko_reveal(self, player, car) -> list[Event]:
        card_id, events = self._turn_up(player)
        marker = CARDS[card_id].marker
        self.move_car = car
        self.risk_car = None
        events += self._turned_up_move(player, car, marker)
        # After a safe card on your own car you may turn up another (once the lane is chosen).
        if marker is None and self.owner(car) == player and self.pos[car] is not None:
            self.risk_car = car
        return events + self._go_on(player)

    def _go_on(self, player) -> list[Event]:
        """Carry on a turn after turned-up cards: a lane to pick first (phase STEER), then the
        markers still to take effect, then the Risiko choice or the end of the turn."""
        events = []
        while self.phase != OVER:
            if self.steer_car is not None:
                self.phase = STEER
                return events + [Event(STEER_CHOICE, player, {
                    "car": self.steer_car, "lanes": lane_options(self.pos, self.steer_car)})]
            if not self.pending:
                break
            events += self._turned_up_move(player, self.move_car, self.pending.pop(0))
        if self.phase == OVER:
            return events
        if self.risk_car is not None:
            self.phase = RISK
            return events + [Event(RISK_CHOICE, player, {"car": self.risk_car})]
        return events + self._turn_done()

    def _steer(self, player, lane) -> list[Event]:
        car = self.steer_car
        lanes = lane_options(self.pos, car)
        if lane not in lanes:
            raise IllegalAction("lane not free", f"lane {lane!r}, possible {lanes}")
        start = list(self.pos[car])
        self._put(car, [start[0], lane])
        self.steer_car = None
        self.phase = PLAY  # (for _go_on: no longer steering)
        events = [Event(STEERED, player, {"car": car, "from": start, "to": [start[0], lane]})]
        return events + self._go_on(player)

    def _turn_done(self) -> list[Event]:
        """The moves of the turn are done: the mover draws next (Draw), and may take back."""
        self.risk_car = None
        self.move_car = None
        if self.phase != OVER:
            self.phase = DRAW
        return []

    def _end_turn(self, player) -> list[Event]:
        events = []
        hand = self.hands[player]
        while len(hand) < HAND:
            hand.append(self.draw.pop())
            events.append(Event(DREW, player, {"hand": len(hand)}))
            if not self.draw:
                events += self._refill()
        self.phase = PLAY
        self.turn = (player + 1) % self.players
        return events + [Event(NEXT_TURN, self.turn, {})]

    def scores(self) -> list[int]:
        points = [0] * self.players
        for place, car in enumerate(self.finished[:len(POINTS)]):
            owner = self.owner(car)
            if owner is not None:
                points[owner] += POINTS[place]
        return points

    def _game_over(self) -> list[Event]:
        self.phase = OVER
        self.risk_car = self.steer_car = self.move_car = None
        self.pending = []
        scores = self.scores()
        best = max(scores)
        winners = [s for s in range(self.players) if scores[s] == best]
        self.highlight = self._the_move_that_won(winners)
        return [Event(GAME_OVER, None, {"scores": scores, "winners": winners,
                                        "finished": list(self.finished),
                                        "highlight": self.highlight})]

    def _the_move_that_won(self, winners: list) -> dict:
        """The highlight (module docstring): the finish after which the first winner led every
        seat that did not win, for good."""
        winner = winners[0]
        running = [0] * self.players
        decisive = None
        for place, car in enumerate(self.finished[:len(POINTS)]):
            owner = self.owner(car)
            if owner is not None:
                running[owner] += POINTS[place]
            ahead = all(running[winner] > running[s] for s in range(self.players)
                        if s not in winners)
            if not ahead:
                decisive = None
            elif decisive is None:
                decisive = place
        record = next(r for r in self.finishes if r["car"] == self.finished[decisive])
        place = decisive + 1
        scores = self.scores()
        others = [scores[s] for s in range(self.players) if s != winner]
        margin = scores[winner] - max(others)
        car, seat = record["car"], record["seat"]
        card = card_json(record["card"])
        owner = f"{{p{winner}}}"
        how = (f"in the slipstream of {{p{seat}}}'s {card['name']} {card['value']:+d}"
               if record["why"] == SLIPSTREAM
               else f"on a safe Risiko card of {{p{seat}}}'s" if record["why"] == RISIKO
               else f"with {{p{seat}}}'s {card['name']} {card['value']:+d}")
        if seat == winner:
            how = how.replace(f"{{p{seat}}}'s ", "").replace(" of {p%d}'s" % seat, "")
        passing = f", passing {plural(record['passed'], 'car')}," if record["passed"] else ""
        points = POINTS[decisive]
        lead = ("a shared win" if len(winners) > 1 else
                f"won by {plural(margin, 'point')}")
        text = (f"{owner}'s car crossed the line {ordinal(place)}{passing} {how}: "
                f"{plural(points, 'point')}, and {owner} led from then on ({lead}).")
        return {"title": "The move that won", "text": text, "players": list(winners),
                "seat": seat, "car": car, "card": card, "place": place, "points": points,
                "passed": record["passed"], "why": record["why"], "margin": margin}

    # -- what a seat sees ------------------------------------------------------------------------

    def lane_choice(self) -> dict | None:
        """The lane the mover picks now, or None: {"kind": "place" or "steer", "car", "row",
        "lanes", "default"} (the default is what the arcade would pick: the inside-most free
        lane on the grid, the lane a turned-up card left the car in)."""
        if self.phase == GRID:
            car = self.to_place[0]
            row = grid_row(self.pos, car)
            lanes = free_lanes(self.pos, row)
            return {"kind": PLACE_LANE, "car": car, "row": row, "lanes": lanes,
                    "default": lanes[0]}
        if self.phase == STEER:
            car = self.steer_car
            row, lane = self.pos[car]
            return {"kind": STEER_LANE, "car": car, "row": row,
                    "lanes": lane_options(self.pos, car), "default": lane}
        return None

    def _view(self, player: int | None) -> dict:
        # (Every seat's CPU gets a view at every step: the cars and cards are copied from
        # tables made once, rather than built field by field.)
        players = self.players
        cars = _CAR_DATA[players]
        track = [None if p is None else (cars[car][p[0] * LANES + p[1]]
                                         or _car_data(players, car, p[0], p[1], None)).copy()
                 for car, p in enumerate(self.pos)]
        if None in track:   # over the line, or not yet on the grid
            places = {car: place for place, car in enumerate(self.finished, 1)}
            for car, data in enumerate(track):
                if data is None:
                    track[car] = _car_data(players, car, None, None, places.get(car))
        return {
            "you": player,
            "players": self.players,
            "rows": ROWS,
            "grid_rows": GRID_ROWS,
            "danger": list(map(list, DANGER_SPACES)),
            "curves": list(map(list, CURVES)),
            "cars": track,
            "turn": self.turn,
            "phase": self.phase,
            "lane_choice": self.lane_choice(),
            "hand": (None if player is None else cards_json(self.hands[player])),
            "hand_sizes": [len(h) for h in self.hands],
            "draw_left": len(self.draw),
            "discard": cards_json(self.discard),
            "shown": cards_json(self.shown),
            "last": None if self.last is None else {**self.last,
                                                    "card": card_json(self.last["card"])},
            "risk_car": self.risk_car if self.phase == RISK else None,
            "finished": list(self.finished),
            "scores": self.scores(),
            "highlight": self.highlight,
        }

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the race is not over")
        scores = self.scores()
        best = max(scores)
        return Outcome(scores=scores, winners=[s for s in range(self.players)
                                               if scores[s] == best])

    # -- checks ----------------------------------------------------------------------------------

    def check_invariants(self) -> None:
        cards = [c for h in self.hands for c in h] + self.draw + self.discard
        assert sorted(cards) == list(range(DECK_SIZE)), "cards created or lost"
        assert self._taken == taken_masks(self.pos) and self._grid == grid_of(self.pos), \
            "the tables kept with the positions are theirs"
        spaces = [tuple(p) for p in self.pos if p is not None]
        assert len(spaces) == len(set(spaces)), "two cars on one space"
        assert all(0 <= r <= LAST_ROW and 0 <= ln < LANES for r, ln in spaces), "car off the track"
        assert all(row_count(self.pos, r) <= LANES for r in range(ROWS))
        off_track = [c for c in range(CARS) if self.pos[c] is None]
        if self.phase == GRID:
            assert self.finished == [] and all(r < GRID_ROWS for r, _ in spaces)
            neutral = list(range(2 * self.players, CARS))
            assert off_track == sorted(self.to_place + neutral), "a car lost on the grid"
            assert self.to_place and self.turn == colour_of(self.to_place[0])
            assert all(len(h) == HAND for h in self.hands)
            return
        assert off_track == sorted(self.finished)
        assert len(set(self.finished)) == len(self.finished)
        assert sorted(r["car"] for r in self.finishes) == sorted(self.finished)
        assert self.shown == [] or set(self.shown) <= set(range(DECK_SIZE))
        if self.phase == OVER:
            assert len(self.finished) == RACE_ENDS_AFTER and self.highlight is not None
            return
        assert len(self.finished) < RACE_ENDS_AFTER
        assert self.draw, "the draw pile is refilled as soon as it runs out"
        for seat, hand in enumerate(self.hands):
            expected = HAND - 1 if (self.phase != PLAY and seat == self.turn) else HAND
            assert len(hand) == expected, f"seat {seat} holds {len(hand)} cards"
        assert (self.phase == STEER) == (self.steer_car is not None)
        if self.phase == RISK:
            assert self.owner(self.risk_car) == self.turn and self.pos[self.risk_car] is not None
        if self.phase in (PLAY, DRAW):
            assert self.risk_car is None and not self.pending
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
#
# How it is fast (a hard bot weighs a hundred tables a turn): a table is a list of every car's
# progress (its row as a float, or FINISH_VALUES[its place] once over the line), so a row is
# full when three entries equal it, and no lanes are kept: no value depends on them. A play
# changes one car (two with a slipstream), so its value is worked out from the seats' sums of
# the table before it (Race.value_moved) rather than from a new table; the sums are the same
# floats added in the same order, so the values, and the choices, are exactly the plain ones.
# The options, one per (card, car), come from the hand and the table (hand_options, in the
# legal list's order); the plays of the option chosen, for its lanes, are made as the legal list
# makes them (pair_plays). Each card's options are weighed together (a yield of `thinking` after
# every two cards).

FINISH_VALUE = ROWS + 2
POINT_VALUE = 3.0
OPPONENT_WEIGHT = {"easy": 0.5, "normal": 0.7, "hard": 1.0}
LOOKAHEAD = {"easy": 0.0, "normal": 0.0, "hard": 0.6}
LOOKAHEAD_PLAYS = 6             # the hard bot looks for a follow-up after its best six plays
# How often a bot takes its second or third best play instead of the best. Measured against a
# model of a first-time player (bench/race_levels.py): normal should beat one about two games
# in three, as an average adult would (0.28: 64 % over 200 games; 0.18 gave 76 %); hard
# rarely slips (and beats normal 86 % of the time).
SLIP = {"easy": 0.2, "normal": 0.28, "hard": 0.03}
KEEP_CARD = 0.05                # a play's value less this per row of its card (see play_value)
KEEP_COST = [KEEP_CARD * max(0, c.value) for c in CARDS]


def finish_value(place: int) -> float:
    """The progress of a car that crossed the line `place`-th (0: first)."""
    return FINISH_VALUE + POINT_VALUE * (POINTS[place] if place < len(POINTS) else 0)


FINISH_VALUES = [finish_value(place) for place in range(CARS + 1)]
ROW_VALUES = [float(row) for row in range(ROWS)]   # the progress of a car in a row
CARD_BIT = [1 << card for card in range(DECK_SIZE)]
MARKERS = tuple(c.marker for c in CARDS)
NOBODY = float("-inf")          # the best sum of no seat at all (max() of it and x is x)
FIRST = itemgetter(0)
SECOND = itemgetter(1)
THIRD = itemgetter(2)
CARD_ID = itemgetter("id")
def _shares(cards: int) -> list:
    """share(cards, count) for every count: 1 / cards added up card by card."""
    row = [0]
    for _ in range(cards):
        row.append(row[-1] + 1 / cards)
    return row


SHARES = [[0]] + [_shares(cards) for cards in range(1, DECK_SIZE + 1)]


def share(cards: int, count: int) -> float:
    """`count` cards' chance among `cards`, added up card by card (as the odds always were:
    the float may differ from count / cards in the last bit, and choices compare them)."""
    return SHARES[cards][count]


def odds_of(markers) -> list:
    """[(marker, chance)] of the next turned-up card, given the `markers` of the cards it may
    be, in the order each marker first occurs among them."""
    cards = len(markers) or 1
    return [(marker, share(cards, count)) for marker, count in Counter(markers).items()]


DECK_ODDS = odds_of(MARKERS)    # easy and normal bots assume the whole deck
# (marker, the cards that carry it as a mask: bit c for card c), for counting the unseen ones.
MARKER_CARDS = [(marker, sum(1 << c for c in range(DECK_SIZE) if MARKERS[c] == marker))
                for marker in dict.fromkeys(MARKERS)]


def hand_options(hand, pos) -> list:
    """(card, cars) per card of a hand: the cars it may be played for on the table `pos`
    (cars_allowed; [-1] for a dead card), so every play of the hand, in the order legal lists
    them (play_actions), but for an identical card's: it offers the same plays as the first."""
    # (cars_allowed spelt out, the cars in the race found once: a hard bot does this for
    # every play it chooses)
    racing = list(compress(CAR_IDS, pos))   # (a space is a non-empty list: true)
    options = []
    seen = []
    for card in hand:
        if SAME[card] in seen:
            continue
        seen.append(SAME[card])
        kind = KIND[card]
        if kind == WINDSCHATTEN:
            first = 2 * COLOUR[card]
            cars = [first, first + 1]
            if pos[first + 1] is None:
                cars.pop()
            if pos[first] is None:
                cars.pop(0)
        elif kind == GEFAHR:
            cars = [car for car in racing if DANGER_AT[pos[car][0]][pos[car][1]]]
        elif kind == AUFHOLJAGD and len(racing) > AUFHOLJAGD_MAX_BEHIND:
            limit = sorted([pos[car][0] for car in racing])[AUFHOLJAGD_MAX_BEHIND]
            cars = [car for car in racing if pos[car][0] <= limit]
        else:
            cars = racing
        options.append((card, cars or NO_CHOICE))
    return options


def look(view) -> tuple:
    """(pos, grid, table) of a view's cars: positions(view); grid[row * LANES + lane], the car
    on a space or None (a row before row 0 reads the empty row at the end of the list); and
    the bots' table: per car its progress, its row or FINISH_VALUES[its place]."""
    finished = view["finished"]
    pos, table = [], []
    grid = [None] * ((ROWS + 1) * LANES)
    for car, data in enumerate(view["cars"]):   # (a view lists the cars by id)
        row = data["row"]
        if row is None:
            pos.append(None)
            table.append(FINISH_VALUES[finished.index(car) if car in finished else len(POINTS)])
        else:
            lane = data["lane"]
            pos.append([row, lane])
            table.append(ROW_VALUES[row])
            grid[row * LANES + lane] = car
    return pos, grid, table


def step(table: list, car: int, rows: int, finished: int, board: list) -> float:
    """The progress of `car` after a move of `rows` on `table`, as the state moves it: over
    the line as the `finished`+1-th car, never into a row that is full on `board` (the table
    that tells which rows are) nor behind the first row (then it stays)."""
    to = table[car] + rows
    if to > LAST_ROW:
        return FINISH_VALUES[finished]
    if to < 0 or board.count(to) >= LANES:
        return table[car]
    return to


def move_end(table: list, car: int, rows: int, finished: int) -> tuple:
    """step on `table` itself, and how many cars have then finished: (progress, finished),
    progress None when the move is forfeited (a full row, or behind the first: nothing
    moves)."""
    to = table[car] + rows
    if to > LAST_ROW:
        return FINISH_VALUES[finished], finished + 1
    if to < 0 or table.count(to) >= LANES:
        return None, finished
    return to, finished


def marked(table: list, car: int, marker, board: list) -> float:
    """The progress of `car` after a turned-up card's marker: a number of rows back, or a
    skid to the rearmost row (never over the line). `board`: as for step."""
    if marker == SKID:
        rear = min(table)
        if rear >= table[car] or board.count(rear) >= LANES:
            return table[car]
        return rear
    return step(table, car, marker, 0, board)


class Race:
    """A table valued for `seat`: every car's progress (`table`), how many cars have finished,
    the seats' sums, and per seat s the best sum of the seats other than ours and s (`rest`;
    NOBODY where there is none; rest[seat] is the best other seat's), and `leader`: the one
    other seat with the best sum, or None when several share it."""

    def __init__(self, table: list, finished: int, seat: int, players: int, w_opp: float):
        self.table, self.finished = table, finished
        self.seat, self.players, self.w_opp = seat, players, w_opp
        self.sums = sums = [table[2 * s] + table[2 * s + 1] for s in range(players)]
        others = sums[:seat] + sums[seat + 1:]
        top = max(others)
        self.rest = rest = [top] * players
        self.leader = None   # the one other seat with the best sum, if there is one
        if others.count(top) == 1:   # the one best other seat: without it, the next best
            t = others.index(top)
            others.pop(t)
            self.leader = t if t < seat else t + 1
            rest[self.leader] = max(others) if others else NOBODY
        self.value = sums[seat] - w_opp * top

    def value_moved(self, car: int, now: float) -> float:
        """The value of the table with `car`'s progress `now` (the floats of a recount)."""
        s = car >> 1
        if s >= self.players:
            return self.value   # a neutral car: no seat's sum changes
        table = self.table
        total = now + table[car + 1] if car % 2 == 0 else table[car - 1] + now
        if s == self.seat:
            return total - self.w_opp * self.rest[s]
        return self.sums[self.seat] - self.w_opp * max(total, self.rest[s])

    def value_of(self, table: list) -> float:
        """The value of any table: own sum less the weighted best sum of another seat."""
        seat = self.seat
        sums = [table[2 * s] + table[2 * s + 1] for s in range(self.players)]
        return sums[seat] - self.w_opp * max(sums[:seat] + sums[seat + 1:])

    def moved(self, changes) -> list:
        """The table with the (car, progress) `changes` made."""
        table = self.table[:]
        for car, now in changes:
            table[car] = now
        return table


class FlitzerBot(Bot):
    """easy: a random sensible play (one that does not hurt its own seat) most of the time;
    normal: the play of best immediate value; hard: that plus the best follow-up from the
    rest of its hand, and marker odds counted from the cards it has seen."""

    forced_moves_free = True  # (a one-action list is returned as it is: see game.bots)

    def choose(self, view: dict, legal: list):
        if len(legal) == 1:   # a forced move (half of all: every Draw): no thinking to run
            return legal[0]
        return run_to_end(self.thinking(view, legal))

    def thinking(self, view: dict, legal: list):
        """choose() in small steps: a generator that yields None after the options of every
        two cards it weighs and before the look-ahead (each a fraction of a millisecond) and
        returns the action. A driver on a frame thread may spread one decision over several
        frames; how it is run never changes the result."""
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], (Place, Steer)):
            return self.choose_lane(view, legal)
        pos, grid, table = look(view)
        race = Race(table, len(view["finished"]), self.seat, view["players"],
                    OPPONENT_WEIGHT[self.level])
        if isinstance(legal[0], (RiskAgain, RiskStop)):
            if self.level == "easy":
                again = self.rng.random() < 0.4
            else:
                again = self.risk_value(race, view["risk_car"], self.marker_odds(view)) \
                    > race.value
            return RiskAgain() if again else RiskStop()
        hand = list(map(CARD_ID, view["hand"]))
        odds = None   # (made when a card is turned up by the play: Risiko, Gefahr)
        # One option per (card, car), valued whatever its lanes: no value depends on them (see
        # above); the lanes are picked, among the legal plays, for the option chosen.
        cards, cars_of = [], []   # per option: its card and car
        values = []      # per option: its value
        for weighed, (card, cars) in enumerate(hand_options(hand, pos)):
            if weighed and weighed % 2 == 0:
                yield    # (a slice per two cards: their options for 24 cars at most)
            if odds is None and KIND[card] in (RISIKO, GEFAHR):
                odds = self.marker_odds(view, hand)
            values += self.values(race, card, cars, pos, grid, odds)
            cards += repeat(card, len(cars))
            cars_of += cars
        # The options best first (sorted is stable, reversed too: equal values keep their order).
        order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
        if self.level == "easy":
            sensible = [n for n in order if values[n] >= race.value - 0.01] or order
            if self.rng.random() < 0.8:
                n = self.rng.choice(sensible)
                return self.best_lanes(legal, (cards[n], cars_of[n]), pos, grid)
            return self.best_lanes(legal, (cards[order[0]], cars_of[order[0]]), pos, grid)
        weight = LOOKAHEAD[self.level]
        if weight:
            yield
            follow = self.follow_up_cards(hand)
            tried = [card for card, _, _ in follow]
            scored = []
            for n in order[:LOOKAHEAD_PLAYS]:
                card = cards[n]
                # (no card left to try but the one played: no gain, and no call)
                if len(tried) > (card in tried):
                    changes, finished = self.likeliest(race, card, cars_of[n], pos, grid, odds)
                    gain = self.follow_up(race, follow, card, changes, finished)
                else:
                    gain = 0.0
                scored.append((values[n] + weight * gain, n))
            scored.sort(key=FIRST, reverse=True)
            order = [n for _, n in scored]
        if self.rng.random() < SLIP[self.level] and len(order) > 1:
            n = self.rng.choice(order[1:3])
            return self.best_lanes(legal, (cards[n], cars_of[n]), pos, grid)
        return self.best_lanes(legal, (cards[order[0]], cars_of[order[0]]), pos, grid)

    def choose_lane(self, view, legal):
        """A lane on the grid or after a turned-up card: easy keeps the default; the others
        take the best lane_scores (ties: the default)."""
        choice = view["lane_choice"]
        default = choice["default"]
        if self.level == "easy":
            return type(legal[0])(default)
        scores = self.lane_scores(look(view)[1], choice["car"], choice["row"])
        return max(legal, key=lambda a: (scores[a.lane], a.lane == default))

    def best_lanes(self, legal, option, pos, grid):
        """The play of `legal` for `option` (card, car) with the best lane scores: the first
        of the best. `grid`: as look's. (The pair's plays are made as play_actions makes
        them, pair_plays, rather than looked for among the legal list's dozens.)"""
        card, car = option
        plays = pair_plays(pos, grid, card, car)
        first = plays[0]
        if len(plays) == 1:
            return first
        car, rows = first.car, VALUE[first.card]
        lanes = follows = None
        if first.lane >= 0:
            lanes = self.lane_scores(grid, car, pos[car][0] + rows)
        if first.follow >= 0:
            follower = grid[(pos[car][0] - 1) * LANES + pos[car][1]]
            follows = self.lane_scores(grid, follower, pos[follower][0] + rows)
        if follows is None:
            return max(plays, key=lambda a: lanes[a.lane])
        if lanes is None:
            return max(plays, key=lambda a: follows[a.follow])
        return max(plays, key=lambda a: lanes[a.lane] + follows[a.follow])

    # -- values ----------------------------------------------------------------------------------

    def marker_odds(self, view, hand=None) -> list:
        """[(marker, chance)] of the next turned-up card: among the cards a hard bot has not
        seen (played, or in its hand: the ids `hand`, if the caller has them), the whole deck
        for the others."""
        if self.level != "hard":
            return DECK_ODDS
        if hand is None:
            hand = map(CARD_ID, view["hand"] or ())
        # Bit c: card c seen (a card is in one place: the sum of their bits is their union).
        seen = sum(map(CARD_BIT.__getitem__, map(CARD_ID, view["discard"]))) | sum(
            map(CARD_BIT.__getitem__, hand))
        # Per marker its cards not seen; the markers in the order of their first such card
        # (the lowest bit of the mask: x & -x).
        unseen = sorted(((cards & -cards).bit_length(), marker, cards.bit_count())
                        for marker, cards in ((marker, cards & ~seen)
                                              for marker, cards in MARKER_CARDS) if cards)
        shares = SHARES[DECK_SIZE - seen.bit_count() or 1]
        return [(marker, shares[count]) for _, marker, count in unseen]

    def lane_scores(self, grid, car, row) -> list:
        """Per lane of `row`, for `car`: away from danger, in front of an own car (a
        Windschatten pulls it along), not in front of a rival's car. `grid`: as look's."""
        scores = []
        behind = (row - 1) * LANES
        for lane in range(LANES):
            score = -1.0 if DANGER_AT[row][lane] else 0.0
            other = grid[behind + lane]
            if other is not None and other != car:
                score += 0.5 if colour_of(other) == self.seat else -0.2
            scores.append(score)
        return scores

    def weigh(self, race: Race, card, cars, pos, grid, odds) -> list:
        """Per car of `cars`: (play_value of playing `card` for it, (changes, finished) of its
        likeliest outcome: the first of the most likely)."""
        single = self.certain(race, card, cars, pos, grid)
        if single is not None:   # (play_value of one outcome: its value less the card's)
            keep = KEEP_COST[card]
            return [(value - keep, (changes, finished)) for value, changes, finished in single]
        weighed = []
        neutral = None   # the value of a Risiko on a neutral car: the same for each
        for car in cars:
            if KIND[card] == RISIKO and car >> 1 >= race.players:
                # No seat's sum changes whatever turns up: every outcome's value is the
                # table's, so only the likeliest card's move is worked out.
                if neutral is None:
                    neutral = race.value if len(odds) == 1 else sum(
                        p * race.value for _, p in odds)   # (as play_value adds them up)
                    likely = [max(odds, key=SECOND)]
                out = self.risk_outcomes(race, car, likely, race.table)
                weighed.append((neutral - KEEP_COST[card], out[0][2:]))
                continue
            out = self.outcomes(race, card, car, pos, grid, odds)
            weighed.append((self.play_value(card, out), max(out, key=FIRST)[2:]))
        return weighed

    def likeliest(self, race: Race, card, car, pos, grid, odds) -> tuple:
        """weigh's second item for one car: (changes, finished) of the likeliest outcome of
        playing `card` for `car`."""
        if KIND[card] == RISIKO and car >= 0 and (car >> 1 != self.seat or self.level == "easy"):
            # One card turned up and no more (not an own car): the outcomes are the odds' in
            # their order, so the first most likely is the first most likely card's.
            return self.risk_outcomes(race, car, [max(odds, key=SECOND)], race.table)[0][2:]
        if car < 0:
            return (), race.finished
        kind = KIND[card]
        if kind == GEFAHR or kind == RISIKO:   # (a Risiko run on an own car: weigh's)
            return self.weigh(race, card, [car], pos, grid, odds)[0][1]
        # (certain's changes, spelt out without their value: the look-ahead needs only them)
        table = race.table
        finished = race.finished
        now = table[car] + VALUE[card]
        if now > LAST_ROW:
            now = FINISH_VALUES[finished]
            finished += 1
        elif now < 0 or table.count(now) >= LANES:
            return (), finished   # forfeited: nothing moves
        if kind == WINDSCHATTEN:
            row, lane = pos[car]
            follower = grid[(row - 1) * LANES + lane]
            if follower is not None:
                then = step(table, follower, VALUE[card], finished, table)
                return ((car, now), (follower, then)), finished + (then >= FINISH_VALUE)
        return ((car, now),), finished

    def values(self, race: Race, card, cars, pos, grid, odds) -> list:
        """Per car of `cars`: the value of playing `card` for it, as weigh gives it (the same
        floats), without the outcomes where that is cheaper: every option is valued, but only
        the best few need their likeliest outcome (thinking asks weigh for those)."""
        kind = KIND[card]
        if kind == RISIKO and cars[0] >= 0:
            return self.risk_values(race, card, cars, odds)
        if kind == GEFAHR and cars[0] >= 0:
            return [value for value, _ in self.weigh(race, card, cars, pos, grid, odds)]
        return self.certain_values(race, card, cars, pos, grid)

    def certain_values(self, race: Race, card, cars, pos, grid) -> list:
        """values() of a card that no turned-up card decides (certain's, less the card's
        KEEP_COST): a hard bot values such a card for every car in the race, most of them
        neutral or a rival's, so this is the loop it runs most (step and value_moved spelt
        out)."""
        keep = KEEP_COST[card]
        still = race.value - keep   # nothing moves, or no seat's sum changes
        if cars[0] < 0:
            return [still]
        kind = KIND[card]
        rows = VALUE[card]
        table, rest, w_opp, seat, players = (race.table, race.rest, race.w_opp, race.seat,
                                             race.players)
        own = race.sums[seat]
        values = []
        for car in cars:
            s = car >> 1
            if s >= players and kind != WINDSCHATTEN:   # (its follower may be a seat's car)
                values.append(still)
                continue
            now, finished = move_end(table, car, rows, race.finished)
            if now is None:   # forfeited: nothing moves
                values.append(still)
                continue
            if kind == WINDSCHATTEN:
                row, lane = pos[car]
                follower = grid[(row - 1) * LANES + lane]
                if follower is not None and follower >> 1 < players:   # (as certain)
                    then = step(table, follower, rows, finished, table)
                    if s >= players:   # only the follower's seat's sum changes
                        values.append(race.value_moved(follower, then) - keep)
                    else:
                        values.append(race.value_of(race.moved(((car, now), (follower, then))))
                                      - keep)
                    continue
                if s >= players:   # (a neutral follower changes no seat's sum either)
                    values.append(still)
                    continue
            total = now + table[car + 1] if car % 2 == 0 else table[car - 1] + now
            if s == seat:
                values.append(total - w_opp * rest[s] - keep)
            else:   # (max(total, rest[s]), without the call)
                values.append(own - w_opp * (total if total >= rest[s] else rest[s]) - keep)
        return values

    def risk_values(self, race: Race, card, cars, odds) -> list:
        """values() of a Risiko: per car the chances and values of risk_moves, added up as
        play_value adds them (the same floats)."""
        keep = KEEP_COST[card]
        # (as weigh: no seat's sum changes whatever turns up for a neutral car)
        neutral = (race.value if len(odds) == 1 else sum(p * race.value for _, p in odds)) \
            - keep
        more = 1 if self.level != "easy" else 0   # (on an own car: see outcomes)
        table, seat, players, rest, w_opp = race.table, self.seat, race.players, race.rest, \
            race.w_opp
        own = race.sums[seat]
        rear = min(table)
        values = []
        for car in cars:
            s = car >> 1
            if s >= players:
                values.append(neutral)
                continue
            if s == seat:
                moves = self.risk_moves(race, car, odds, table, more)
                values.append((moves[0][1] if len(moves) == 1
                               else sum(p * v for p, v, _ in moves)) - keep)
                continue
            # A rival's car: risk_moves with no more cards and value_moved, spelt out (most of
            # a Risiko's options are such; the same floats, added up by sum() as ever).
            here = table[car]
            partner = table[car ^ 1]
            best_other = rest[s]
            parts = []
            for marker, p in odds:
                if marker is None:   # a safe card: one row forward
                    now = here + 1
                    if now > LAST_ROW:
                        now = FINISH_VALUES[race.finished]
                    elif table.count(now) >= LANES:
                        now = here
                else:
                    now = rear if marker == SKID else here + marker
                    if now >= here or now < 0 or table.count(now) >= LANES:
                        now = here
                total = now + partner
                value = own - w_opp * (total if total > best_other else best_other)
                parts.append(p * value)
            values.append((value if len(parts) == 1 else sum(parts)) - keep)
        return values

    def outcomes(self, race: Race, card, car, pos, grid, odds) -> list:
        """[(probability, value, changes, finished)] after playing `card` for `car`: the value
        of the table after it, the (car, progress) changes that make that table from race's,
        and how many cars have finished then. A Risiko run on an own car goes on for one more
        card when that is worth more than stopping."""
        single = self.certain(race, card, [car], pos, grid)
        if single is not None:
            return [(1.0, *single[0])]
        table = race.table
        if KIND[card] == RISIKO:
            own = colour_of(car) == self.seat and self.level != "easy"
            return self.risk_outcomes(race, car, odds, table, 1 if own else 0)
        out = []   # Gefahr
        for marker, p in odds:
            now = table[car] if marker is None else marked(table, car, marker, table)
            out.append((p, race.value_moved(car, now), ((car, now),), race.finished))
        return out

    def certain(self, race: Race, card, cars, pos, grid):
        """Per car of `cars` (all -1 for a dead card): (value, changes, finished) of the one
        outcome of playing `card` for it when no turned-up card decides it (a dead card, a
        card that moves by its number, Windschatten included); None for Risiko and Gefahr."""
        if cars[0] < 0:
            return [(race.value, (), race.finished)]
        kind = KIND[card]
        if kind == RISIKO or kind == GEFAHR:
            return None
        table = race.table
        rows = VALUE[card]
        out = []
        for car in cars:
            now, finished = move_end(table, car, rows, race.finished)
            if now is None:   # forfeited: nothing moves
                out.append((race.value, (), finished))
                continue
            if kind == WINDSCHATTEN:
                row, lane = pos[car]
                follower = grid[(row - 1) * LANES + lane]
                if follower is not None:
                    # The follower's end row is neither the row left nor the one reached:
                    # the table before the move tells whether it is full (see plan).
                    then = step(table, follower, rows, finished, table)
                    changes = ((car, now), (follower, then))
                    out.append((race.value_of(race.moved(changes)), changes,
                                finished + (then >= FINISH_VALUE)))
                    continue
            out.append((race.value_moved(car, now), ((car, now),), finished))
        return out

    def risk_outcomes(self, race: Race, car, odds, table, more=0) -> list:
        """The outcomes (as above) of a Risiko on `car` of `table` (race's, or the one a first
        safe card made): a card turned up, and `more` cards after a safe one where going on is
        worth more than stopping (see risk_moves)."""
        finished = race.finished
        return [(p, value, ((car, now),), finished + (now >= FINISH_VALUE))
                for p, value, now in self.risk_moves(race, car, odds, table, more)]

    def risk_moves(self, race: Race, car, odds, table, more=0) -> list:
        """risk_outcomes as [(probability, value, car's progress after)] (only `car` moves,
        and it may cross the line once)."""
        # (step and marked spelt out: a hard bot weighs a Risiko for every car in the race)
        out = []
        here = table[car]
        for marker, p in odds:
            if marker is None:   # a safe card: one row forward
                now = here + 1
                if now > LAST_ROW:
                    now = FINISH_VALUES[race.finished]
                    out.append((p, race.value_moved(car, now), now))
                    continue
                if table.count(now) >= LANES:
                    now = here
                value = race.value_moved(car, now)
                if more:
                    again = self.risk_moves(race, car, odds, race.moved(((car, now),)), more - 1)
                    if sum(p2 * v2 for p2, v2, _ in again) > value:
                        out += [(p * p2, v2, now2) for p2, v2, now2 in again]
                        continue
                out.append((p, value, now))
                continue
            now = min(table) if marker == SKID else here + marker   # (a skid: the rear row)
            if now >= here or now < 0 or table.count(now) >= LANES:
                now = here
            out.append((p, race.value_moved(car, now), now))
        return out

    def risk_value(self, race: Race, car, odds) -> float:
        return sum(p * v for p, v, _ in self.risk_moves(race, car, odds, race.table))

    def play_value(self, card, outcomes) -> float:
        """The value expected after playing `card`, given its outcomes."""
        if len(outcomes) == 1:   # a certain outcome (its chance 1.0): its value
            total = outcomes[0][1]
        else:
            total = sum(p * v for p, v, _, _ in outcomes)
        # Keeping strong cards is worth a little: spending a Windschatten +4 or an Aufholjagd
        # on a small gain costs options later.
        return total - KEEP_COST[card]

    def follow_up(self, race: Race, hand, played, changes, finished) -> float:
        """The best gain one card of `hand` but `played` offers on the table after the (car,
        progress) `changes` with `finished` cars over the line (the likeliest outcome of a play
        of `played`; own next turn, the others' moves in between ignored). `hand`:
        follow_up_cards.

        Only moves that can gain are tried: an own car forward, or a rival's car back (a
        Falscher Gang). Moving a rival forward, or an own car back, never raises the value
        (the sums only grow, or only shrink), and a neutral car changes no seat's sum.

        The hard bot's (w_opp 1.0), so every figure is a whole number and a gain is a plain
        difference: an own car's move gains what the car gains, and the card with the most rows
        that moves it gains the most (over the line, the points are worth more than any rows);
        a rival's car one row back gains 1 when its seat alone leads the others (else 0), so it
        is tried only when no own move gains."""
        assert race.w_opp == 1.0, "follow_up counts in whole numbers"
        seat = race.seat
        best = 0.0
        table = race.moved(changes) if changes else race.table
        limit = None   # the Aufholjagd's (cars_allowed; a car over the line sorts last)
        for car in (2 * seat, 2 * seat + 1):
            now = table[car]
            if now >= FINISH_VALUE:
                continue
            for card, kind, rows in hand:   # (most rows first)
                if card == played or kind == FALSCHER_GANG:
                    continue
                if kind == AUFHOLJAGD:
                    if limit is None:
                        limit = min(sorted(table)[AUFHOLJAGD_MAX_BEHIND], LAST_ROW)
                    if now > limit:
                        continue
                to = now + rows   # (step, spelt out: the rows are > 0)
                if to > LAST_ROW:
                    to = FINISH_VALUES[finished]
                elif table.count(to) >= LANES:
                    continue
                if to - now > best:
                    best = to - now
                break   # the most this car can gain
        if best:
            return best
        for card, kind, _ in hand:   # (a plain loop: any() of a generator costs more)
            if kind == FALSCHER_GANG and card != played:
                break
        else:
            return best   # no card to send a rival's car back with
        after = Race(table, finished, seat, race.players, race.w_opp)
        if after.leader is None:   # (several seats share the best other sum: no car gains)
            return 0.0
        for car in (2 * after.leader, 2 * after.leader + 1):   # (only the leader's cars gain)
            if table[car] < FINISH_VALUE:
                now = step(table, car, -1, finished, table)
                if now != table[car] and after.value_moved(car, now) > after.value:
                    return after.value_moved(car, now) - after.value
        return 0.0

    def follow_up_cards(self, hand) -> list:
        """(card, kind, rows) of the cards of `hand` (ids) that follow_up tries, the most rows
        first (in hand order on a tie): no Risiko or Gefahr (turned-up cards decide), no
        Windschatten of another colour (it moves a rival on)."""
        return sorted([(c, KIND[c], VALUE[c]) for c in hand if KIND[c] not in (RISIKO, GEFAHR)
                       and (KIND[c] != WINDSCHATTEN or COLOUR[c] == self.seat)],
                      key=THIRD, reverse=True)   # (stable, reversed too)


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
    action_types=(Play, RiskAgain, RiskStop, Place, Steer, Draw),
    bots=bot_levels(FlitzerBot),
    event_kinds=EVENT_KINDS,
)
FlotteFlitzerState.info = INFO
