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
from dataclasses import dataclass
from itertools import compress, repeat
from operator import is_not

from .bots import bot_levels
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


# --- Movement on a table of positions (shared by the state and game/bots/flotte_flitzer.py) -----
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
    play_actions lists for that pair, in its order (a CPU player, game/bots/flotte_flitzer.py,
    picks its lanes among them without looking for them in a list of dozens). `grid`:
    grid_of(pos)."""
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


def new_game(players: int, options: dict, seed: int) -> FlotteFlitzerState:
    return FlotteFlitzerState(players, options, seed)


# The CPU players (game/bots/flotte_flitzer.py) read the rules above: imported here, last,
# for INFO.
from .bots.flotte_flitzer import FlitzerBot  # noqa: E402

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
