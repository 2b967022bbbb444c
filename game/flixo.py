"""Flixo: the cooperative display game (rules: docs/rules/flixo.md; choices: docs/rules-notes.md).

The team hides Flixos (number cards with faces) in face-down card displays and has to find and
remove them: rows or columns of face-up cards with one number leave the display, and each
Flixo removed that way earns the team a look at a face-down card (an eye token).

Seats and displays. There is one display per person; one person alone plays the two displays
of the 2-player setup alternately (GAPS 5.2). Turns go round the displays; the seat of display
`d` is `d % players`. Everything face up or eye-marked is public: the game is cooperative on one
screen, so every seat's view equals the table view (plus `you`).

Slot addressing (for the scene). A display is a grid of rows; `slot = (row, col)` indexes the
grid as it is NOW. After a removal the grid shrinks (rows/columns slide together), so the same
card may get a new (row, col); `view()["displays"][d]["cells"]` is always the current grid.

A turn, as actions of the seat to move:
    TakeDiscard(slot)           action 1 (the only one allowed when a Flixo lies on the discard)
    Draw()                      action 2, first step: the drawn card is shown to the table
    SwapDrawn(slot)             ... then swap it into the display
    DiscardAndReveal(slot)      ... or discard it and turn up a face-down card
    RewardPeek(display, slot)   after removing a Flixo: mark a face-down card of any display
Removal of full lines (and the cascade after sliding) happens at the end of the action, then
any rewards are chosen, then the turn passes.

Cards are small ints: a number card is its value, a Flixo is FLIXO + its value.

Taking back (issue 14; State.undo_depth / State.undone). A turn reveals something almost
always: the drawn card, a card turned up, the face-down card swapped out, the card peeked at.
What reveals nothing is a swap for a card the team already saw: the top discard or the drawn
card swapped in for a face-up or eye-marked card. Such a swap can be taken back as long as it
is the last action of the game (the next display has not acted); the draw before it stays (the
drawn card was seen), so its taker is back to "swap it in, or discard it and turn a card up".
Everything else can never be taken back. One person playing two displays (solo) may so step back
over several such swaps, one at a time.

Events (`Event.kind`: these constants, listed in INFO.event_kinds; `Event.player` is the seat
that acted, None during the final reveal; slots are [row, col] in the grid as it was then):
    DRAWN              {display, card, left}: a card drawn and shown to the table
    SWAPPED            {display, slot, taken, source: "discard" | "draw", out, was: "down" |
                       "eye" | "up"}: `taken` went into the slot, `out` came out of it
    DISCARDED          {display, slot | None, card}: a card onto the discard pile (slot None:
                       the drawn card, discarded unplaced)
    CARD_FLIPPED       {display, slot, card, was}: a face-down card turned up
    LINE_REMOVED       {display, step, rows, cols, cells, cards}: full lines leave (step 0, 1 ..
                       of the cascade; cells: positions before the step)
    DISPLAY_SLID       {display, shape}: the display closed up after a removal
    REWARD_DUE         {count}: Flixos removed: the mover marks that many face-down cards
    REWARD             {display, slot, card}: a face-down card marked with an eye token
    NEXT_TURN          {display}: the turn passes (Event.player: the seat of that display)
    FLIXO_FORCED       {display, card}: a Flixo on the discard pile must be taken
    FINAL_TURNS_BEGIN  {display, last_display}: a display is all face up or empty
    GAME_OVER          the final `view()["result"]` (see below)

The end (`view()["result"]`, None before): {"team_won", "points" (per display), "total",
"flixos_left_in" (displays), "verdict" (as printed, or LOSS_VERDICT), "meaning" (a sentence
that says what the total means: "16 points (the lower the better): Not bad!", or that the
points count only in a won game; it is also Outcome.verdict), "scale" ([[highest total or None,
verdict], ...] as printed, lowest first), "band" (index of the team's row of the scale; None
when lost)}.

The highlight (`view()["highlight"]`, None before the end), the payoff for the results screen:
{"kind", "title", "text", "players", "display", "cards", "figures", "more"}:
    kind "line"     the line that cleared the table (won: the last action whose lines took a
                    Flixo out) or the best line (most Flixos out in one action, the later on a
                    tie); figures {"flixos", "lines"}
    kind "escape"   lost: the Flixo(s) that stayed in a display of 2+ rows and columns;
                    figures {"flixos"}
    kind "spotter"  the seat(s) whose eye tokens found the most Flixos; figures {"flixos"}
    kind "score"    none of these happened: the team's score and its meaning; figures {"total"}
`players` are seats (their names are the arcade's), `text` one sentence without names,
`display` the display concerned (or None), `cards` the cards concerned ({"value", "flixo"}),
`more` further highlights of the same form (the spotter beside a line, the best line beside an
escape), never nested deeper.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass

from .bots import MISTAKE_RATE, Bot, bot_levels, run_to_end
from .core import TERMINAL, GameInfo, IllegalAction, Outcome, State, Event

# --- events -------------------------------------------------------------------------------------

DRAWN = "drawn"
SWAPPED = "swapped"
DISCARDED = "discarded"
CARD_FLIPPED = "card_flipped"
LINE_REMOVED = "line_removed"
DISPLAY_SLID = "display_slid"
REWARD_DUE = "reward_due"
REWARD = "reward"
NEXT_TURN = "next_turn"
FLIXO_FORCED = "flixo_forced"
FINAL_TURNS_BEGIN = "final_turns_begin"
GAME_OVER = "game_over"
EVENT_KINDS = frozenset({DRAWN, SWAPPED, DISCARDED, CARD_FLIPPED, LINE_REMOVED, DISPLAY_SLID,
                         REWARD_DUE, REWARD, NEXT_TURN, FLIXO_FORCED, FINAL_TURNS_BEGIN,
                         GAME_OVER})

# --- the rulebook as data ---------------------------------------------------------------------

FLIXO = 100  # a Flixo card is FLIXO + value; number cards are their value
EYE_TOKENS = 12
EMPTY_DISPLAY_POINTS = -5

# Card values in play per level: Level 3 leaves out every "-1", Level 4 every "-1" and "0".
VALUES = {0: range(-1, 11), 1: range(-1, 11), 2: range(-1, 11), 3: range(0, 11), 4: range(1, 11)}

# Display shape (rows, cols). 2 people always play 3x4 ("3 rows and 4 columns, or 4 rows and
# 3 columns": the two are mirror images, we take 3 rows of 4). 3-5 people play 3x3, or 3x4 with
# the option large_displays.
SMALL, LARGE = (3, 3), (3, 4)

# The printed setup tables: (people, shape) -> {level: (Flixos, number cards in the displays)}.
# Levels 2-4 start with Level 1's Flixos and add one per win; their number cards always fill
# the displays (Flixos + number cards = people x display size, true of every printed row).
PRINTED_SETUP = {
    (2, LARGE): {0: (2, 22), 1: (4, 20)},
    (3, SMALL): {0: (3, 24), 1: (6, 21)},
    (4, SMALL): {0: (4, 32), 1: (8, 28)},
    (5, SMALL): {0: (5, 40), 1: (10, 35)},
    (3, LARGE): {1: (6, 30)},
    (4, LARGE): {1: (8, 40)},
    (5, LARGE): {1: (10, 50)},
}
# Not printed: Level 0 with the large displays for 3-5. Choice: 1 Flixo per person, number
# cards fill the displays (the same rule the printed rows follow).
DERIVED_SETUP = {(p, LARGE): {0: (p, 12 * p - p)} for p in (3, 4, 5)}

# "Until you have won against all 12 Flixos" (Level 2), 11 (Level 3), 10 (Level 4).
MAX_FLIXOS = {2: 12, 3: 11, 4: 10}

VERDICTS = (  # (highest total, verdict) as printed, lowest first
    (5, "Great! You're FLIXO professionals!"),
    (10, "Above average!"),
    (20, "Not bad!"),
    (30, "How about a plan?"),
    (None, "Only practice, practice, practice will help!"),
)
LOSS_VERDICT = "The Flixos got away - you lose together!"  # not printed: our wording


def people_of(players: int) -> int:
    """Displays at the table: one per person, two for one person playing alone."""
    return 2 if players == 1 else players


def display_shape(people: int, large: bool) -> tuple[int, int]:
    return LARGE if people == 2 or large else SMALL


def number_sets(people: int, shape) -> int:
    """Sets of number cards in use: one per person, three for two people, +1 for 3x4 (3-5)."""
    if people == 2:
        return 3
    return people + (1 if shape == LARGE else 0)


def setup_counts(people: int, large: bool, level: int, flixos: int = 0) -> tuple[int, int]:
    """(Flixos, number cards dealt into the displays) for a game; flixos=0 means the level's
    starting count. Raises ValueError for a setup the rulebook does not allow."""
    if level not in VALUES:
        raise ValueError(f"Flixo has levels 0 to 4, not {level!r}")
    shape = display_shape(people, large)
    table = {**PRINTED_SETUP, **{k: {**PRINTED_SETUP.get(k, {}), **v}
                                 for k, v in DERIVED_SETUP.items()}}.get((people, shape))
    if table is None:
        raise ValueError(f"no Flixo setup for {people} people with {shape[0]}x{shape[1]} displays")
    cards = people * shape[0] * shape[1]
    if level <= 1:
        start, _ = table[level]
        if flixos not in (0, start):
            raise ValueError(f"Level {level} plays with {start} Flixos")
        count = start
    else:
        start = table[1][0]
        count = flixos or start
        if not start <= count <= MAX_FLIXOS[level]:
            raise ValueError(f"Level {level} plays with {start} to {MAX_FLIXOS[level]} Flixos")
    pool = number_sets(people, shape) * len(VALUES[level])
    # The pool must fill the displays, put one card per Flixo in the box and open the discard.
    if pool - (cards - count) - count - 1 < 1:
        raise ValueError(f"no Level {level} for {people} people with {shape[0]}x{shape[1]} "
                         "displays: there would be no draw pile")
    return count, cards - count


def campaign_next(options: dict, players: int, won: bool) -> dict | None:
    """The options of the next campaign game (Levels 2-4) after a win or a loss.

    A loss replays the same game. A win adds one Flixo; after beating the level's last Flixo the
    campaign moves on to the next level (2 -> 3 -> 4) at its starting count. Returns None when the
    campaign is beaten (Level 4 won against 10 Flixos, or Level 3 for a table that has no Level 4).
    Levels 0 and 1 are not a campaign: their options come back unchanged."""
    options = {**INFO.default_options, **options}
    level = options["level"]
    if level < 2 or not won:
        return dict(options)
    people = people_of(players)
    count, _ = setup_counts(people, options["large_displays"], level, options["flixos"])
    if count < MAX_FLIXOS[level]:
        return {**options, "flixos": count + 1}
    for nxt in range(level + 1, 5):
        try:
            setup_counts(people, options["large_displays"], nxt)
        except ValueError:
            return None
        return {**options, "level": nxt, "flixos": 0}
    return None


def verdict(total: int) -> str:
    for limit, text in VERDICTS:
        if limit is None or total <= limit:
            return text
    raise AssertionError("unreachable")


def meaning(total: int, won: bool) -> str:
    """What the team's total means, in one sentence (results screens show it)."""
    if not won:
        return f"{LOSS_VERDICT} (points count only when the team wins)"
    return f"{points_text(total)} (the lower the better): {verdict(total)}"


def points_text(n: int) -> str:
    return f"{n} point" if n in (1, -1) else f"{n} points"


def a_number(v: int) -> str:
    """The number with its article, as it is read aloud: "a 7", "an 8", "an 11", "a -1"."""
    spoken_vowel = v >= 0 and (str(v).startswith("8") or v in (11, 18))
    return f"{'an' if spoken_vowel else 'a'} {v}"


def card_name(card: dict) -> str:
    """A card of a view for a sentence: "7" or "Flixo 7"."""
    return f"Flixo {card['value']}" if card["flixo"] else str(card["value"])


def a_card(card: dict) -> str:
    """A card of a view with its article: "an 8", "a Flixo 8"."""
    return f"a Flixo {card['value']}" if card["flixo"] else a_number(card["value"])


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def line_text(lines: list, flixos: list) -> str:
    """"A row of 4s took the Flixo 4 out", "A column of 7s and a row of 2s took the Flixos 2
    and 7 out": what one action's lines did."""
    parts = [f"a {kind} of {v}s" for kind, v in lines]
    took = "the Flixo" if len(flixos) == 1 else "the Flixos"
    text = f"{_and(parts)} took {took} {_and([str(v) for v in flixos])} out"
    return text[0].upper() + text[1:]


def escape_text(stayed: list, displays) -> str:
    """"The Flixo 7 stayed in a display of 3 rows and 2 columns" (stayed: [(display, card)])."""
    which = "The Flixo " if len(stayed) == 1 else "The Flixos "
    which += _and([str(value(card)) for _, card in stayed])
    if len({d for d, _ in stayed}) > 1:
        return f"{which} stayed in displays of 2+ rows and columns"
    rows, cols = grid_shape(displays[stayed[0][0]])
    return f"{which} stayed in a display of {rows} rows and {cols} columns"


def _payoff(kind, title, text, players, display, cards, figures) -> dict:
    return {"kind": kind, "title": title, "text": text, "players": list(players),
            "display": display, "cards": cards, "figures": figures}


def _line_names(step: dict) -> list:
    """[["row", 4], ["column", 7]]: the lines of one removal step (remove_full_lines) and the
    number each showed."""
    at = dict(zip(step["cells"], step["cards"]))
    names = []
    for r in step["rows"]:
        names.append(["row", value(next(card for (i, _), card in at.items() if i == r))])
    for c in step["cols"]:
        names.append(["column", value(next(card for (_, j), card in at.items() if j == c))])
    return names


# --- cards and grids (shared by the state and the bots' model) -----------------------------------

def is_flixo(card: int) -> bool:
    return card >= FLIXO // 2


def value(card: int) -> int:
    return card - FLIXO if card >= FLIXO // 2 else card


# value(card) for every card, looked up where it is hot.
CARD_VALUE = {card: value(card) for v in range(-1, 11) for card in (v, FLIXO + v)}


def card_json(card: int) -> dict:
    # (value and is_flixo written out: events and views make one per card shown)
    return {"value": card - FLIXO if card >= FLIXO // 2 else card, "flixo": card >= FLIXO // 2}


# card_json of every card, to be copied (events hand out copies: a copy is made faster than a
# new dict is built).
_CARD_JSON = {card: card_json(card) for card in CARD_VALUE}


# A view's cell per side and card: the view hands out copies (copying a dict beats building it).
_CELL_VIEW = {side: {card: {"up": side == "up", "eye": side == "eye",
                            "value": None if side == "down" else value(card),
                            "flixo": None if side == "down" else is_flixo(card)}
                     for card in CARD_VALUE}
              for side in ("down", "eye", "up")}


# A grid is a list of rows, each a list of cells [card, side]; side is "down", "eye" (face down
# with an eye token: its card is public) or "up". The bots use the same grids with card None
# where they do not know it.

def full_lines(grid) -> tuple[list[int], list[int]]:
    """Rows and columns of at least two face-up cards, all of one number.

    A column of a single remaining row (and a row of a single column) has one card and never
    counts: that is the rulebook's last-row rule."""
    if not grid:
        return [], []
    rows = [r for r, row in enumerate(grid) if len(row) >= 2 and _one_number(row)]
    cols = [c for c in range(len(grid[0]))
            if len(grid) >= 2 and _one_number([row[c] for row in grid])]
    return rows, cols


def _full_through(grid, r: int, c: int) -> bool:
    """Whether row r or column c of `grid` is full (full_lines, for those two lines only)."""
    row = grid[r]
    if len(row) >= 2 and _one_number(row):
        return True
    if len(grid) < 2:
        return False
    values = CARD_VALUE
    top = grid[0][c]
    if top[1] != "up":
        return False
    v = values[top[0]]
    for cells in grid:  # (_one_number of the column, without making it)
        cell = cells[c]
        if cell[1] != "up" or values[cell[0]] != v:
            return False
    return True


def _all_up(grid) -> bool:
    """Every card of the display face up (or none left)."""
    for row in grid:
        for cell in row:
            if cell[1] != "up":
                return False
    return True


def _one_number(cells) -> bool:
    first = cells[0]
    if first[1] != "up":
        return False
    values = CARD_VALUE
    v = values[first[0]]
    for cell in cells:  # (a plain loop: this runs after every action)
        if cell[1] != "up" or values[cell[0]] != v:
            return False
    return True


def remove_full_lines(grid) -> list[dict]:
    """Remove full lines and slide together until none is left (mutates `grid`).

    All lines full at one moment leave together (a row and a column crossing at a shared card
    both go): the order of removal then cannot matter. Returns one step per round:
    {"rows", "cols", "cells" (positions before the step), "cards", "shape" (after)}."""
    steps = []
    while True:
        rows, cols = full_lines(grid)
        if not rows and not cols:
            return steps
        cells = [(r, c) for r in range(len(grid)) for c in range(len(grid[0]))
                 if r in rows or c in cols]
        cards = [grid[r][c][0] for r, c in cells]
        kept = [[cell for c, cell in enumerate(row) if c not in cols]
                for r, row in enumerate(grid) if r not in rows]
        kept = [row for row in kept if row]
        grid[:] = kept
        steps.append({"rows": rows, "cols": cols, "cells": cells, "cards": cards,
                      "shape": grid_shape(grid)})


def grid_shape(grid) -> list[int]:
    return [len(grid), len(grid[0]) if grid else 0]


def slots(grid):
    return [(r, c) for r in range(len(grid)) for c in range(len(grid[r]))]


def needs(grid, seen=("up", "eye")) -> tuple[list[int], list[list]]:
    """What a display needs: numbers that would complete a line with one more card.

    A line of n >= 2 cards wants number v in one slot when its other n-1 cards are seen and all
    show v (the slot holds a face-down card or another number). Eye-marked cards count as seen:
    they are only a turn-up away. Returns (sorted numbers, [[v, [row, col]], ...])."""
    if seen == ("up", "eye"):
        # Every view asks this of every display: remembered by what the display shows.
        key = (len(grid[0]) if grid else 0, *[None if side == "down" else CARD_VALUE[card]
                                               for row in grid for card, side in row])
        known = _NEEDS.get(key)
        if known is None:
            if len(_NEEDS) >= _NEEDS_MOST:
                _NEEDS.clear()
            known = _NEEDS[key] = _needs(grid, seen)
        numbers, wants = known
        return list(numbers), [[v, list(slot)] for v, slot in wants]
    return _needs(grid, seen)


_NEEDS: dict = {}  # (columns, seen values row by row) -> needs(grid); a cache of a pure function
_NEEDS_MOST = 10_000  # emptied when it holds this many (~5 MB; a game adds ~50)


def _needs(grid, seen) -> tuple[list[int], list[list]]:
    wants = []
    seen_values = [[value(card) if side in seen else None for card, side in row] for row in grid]
    lines = [(vals, [(r, c) for c in range(len(vals))]) for r, vals in enumerate(seen_values)]
    if len(grid) >= 2:
        lines += [(list(vals), [(r, c) for r in range(len(grid))])
                  for c, vals in enumerate(zip(*seen_values))]
    for vals, line in lines:
        n = len(vals)
        unknown = vals.count(None)
        if n < 2 or unknown > 1:
            continue
        if unknown == 1:
            known = [v for v in vals if v is not None]
            if known.count(known[0]) == n - 1:
                wants.append([known[0], list(line[vals.index(None)])])
            continue
        for v in set(vals):
            if vals.count(v) == n - 1:
                odd = next(pos for pos, w in zip(line, vals) if w != v)
                wants.append([v, list(odd)])
    return sorted({v for v, _ in wants}), wants


def grid_lines(grid) -> list[list[tuple[int, int]]]:
    """Every row, and every column if there are at least two rows, as lists of positions."""
    shape = (len(grid), len(grid[0]) if grid else 0)
    lines = _LINES.get(shape)
    if lines is None:
        rows, cols = shape
        lines = [[(r, c) for c in range(cols)] for r in range(rows)] if cols else []
        if rows >= 2:
            lines += [[(r, c) for r in range(rows)] for c in range(cols)]
        _LINES[shape] = lines
    return lines


_LINES: dict = {}  # shape -> its lines; a cache of a pure function


# --- actions ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TakeDiscard:
    """Action 1: take the top discard and swap it with the card at `slot` (row, col)."""
    slot: tuple


@dataclass(frozen=True)
class Draw:
    """Action 2, first step: draw the top card of the draw pile (shown to the whole table)."""


@dataclass(frozen=True)
class SwapDrawn:
    """Action 2, second step: swap the drawn card with the card at `slot`."""
    slot: tuple


@dataclass(frozen=True)
class DiscardAndReveal:
    """Action 2, second step: discard the drawn card and turn up the face-down card at `slot`."""
    slot: tuple


@dataclass(frozen=True)
class RewardPeek:
    """The team's reward for a removed Flixo: mark the face-down card at `slot` of `display`."""
    display: int
    slot: tuple


DRAW = Draw()
_SLOT_ACTIONS: dict = {}  # (action type, display, rows, cols) -> its action per slot


def _slot_actions(cls, grid, display=None) -> tuple:
    """cls(slot) (RewardPeek: cls(display, slot)) for every slot of `grid`, in slots() order,
    made once per shape: legal actions list them every turn."""
    key = (cls, display, len(grid), len(grid[0]) if grid else 0)
    actions = _SLOT_ACTIONS.get(key)
    if actions is None:
        actions = _SLOT_ACTIONS[key] = tuple(
            cls(s) if display is None else cls(display, s) for s in slots(grid))
    return actions


# --- the state ------------------------------------------------------------------------------------

def _turn_actions(grid, draw: bool) -> list:
    """The legal actions of the "turn" phase: TakeDiscard for every slot, then Draw if
    `draw`. One list per shape, shared (see FlixoState._legal_actions)."""
    key = (len(grid), len(grid[0]) if grid else 0, draw)
    actions = _TURN_ACTIONS.get(key)
    if actions is None:
        actions = _TURN_ACTIONS[key] = [*_slot_actions(TakeDiscard, grid)] + ([DRAW] if draw else [])
    return actions


_TURN_ACTIONS: dict = {}  # (rows, cols, draw allowed) -> _turn_actions


class FlixoState(State):
    """A game of Flixo. Phases: "turn" (choose an action), "drawn" (place or discard the drawn
    card), "reward" (mark face-down cards), "over"."""

    def __init__(self, players: int, options: dict, seed: int):
        super().__init__(players, options, seed)
        level = self.options["level"]
        if not isinstance(self.options["large_displays"], bool):
            raise ValueError("large_displays is true or false")
        people = people_of(players)
        flixos, numbers = setup_counts(people, self.options["large_displays"], level,
                                       self.options["flixos"])
        self.shape = list(display_shape(people, self.options["large_displays"]))
        values = list(VALUES[level])
        self.flixos_in_play = flixos
        pool = [v for v in values for _ in range(number_sets(people, tuple(self.shape)))]
        rng = self.rng
        box_flixos = [FLIXO + v for v in values]
        rng.shuffle(box_flixos)
        rng.shuffle(pool)
        hidden = box_flixos[:flixos] + pool[:numbers]
        self.box_flixos = sorted(box_flixos[flixos:])  # unseen, never used
        self.draw = pool[numbers:]
        rng.shuffle(hidden)
        rows, cols = self.shape
        size = rows * cols
        self.displays = [[[[hidden[d * size + r * cols + c], "down"] for c in range(cols)]
                          for r in range(rows)] for d in range(people)]
        self.aside = [self.draw.pop() for _ in range(flixos)]  # "into the box unseen"
        self.discard = [self.draw.pop()]
        self.removed = [[] for _ in range(people)]
        self.turn = 0  # the display whose turn it is
        self.phase = "turn"
        self.drawn = None
        self.rewards = 0
        self.last_display = None  # set when the final turns begin: the last display to play
        self.ends_after_turn = False  # the last card was drawn this turn
        self.result = None
        self.highlight = None  # the results screen's payoff (module docstring), at the end
        # For the highlight: Flixos each seat found with eye tokens, and each action whose lines
        # took Flixos out ({"player", "display", "lines": [[row|column, value]], "flixos"}).
        self.spotted = [0] * players
        self.flixo_lines: list = []
        self.undoable = False  # the last action showed nothing new (see _undo_depth)

    # -- whose turn, what is legal -------------------------------------------------------------

    def seat_of(self, display: int) -> int:
        return display % self.players

    def current_player(self) -> int:
        # (seat_of written out: drivers ask this several times an action)
        return TERMINAL if self.phase == "over" else self.turn % self.players

    def _legal_actions(self, player: int) -> list:
        """The legal actions; in the "turn" phase a list shared by every state of the same
        display shape (the actions are frozen and the list is never changed: see game.bots)."""
        if self.phase == "over" or player != self.turn % self.players:
            return []
        grid = self.displays[self.turn]
        if self.phase == "turn":
            discard = self.discard
            if not discard:
                return [DRAW] if self.draw else []
            # (a Flixo on the discard pile must be taken: no draw)
            return _turn_actions(grid, bool(self.draw) and discard[-1] < FLIXO // 2)
        if self.phase == "drawn":
            return ([*_slot_actions(SwapDrawn, grid)]
                    + [a for a in _slot_actions(DiscardAndReveal, grid)
                       if grid[a.slot[0]][a.slot[1]][1] != "up"])
        return [a for d, g in enumerate(self.displays) for a in _slot_actions(RewardPeek, g, d)
                if g[a.slot[0]][a.slot[1]][1] == "down"]

    def forced(self) -> bool:
        """A Flixo lies on the discard pile: the next person must take it (action 1)."""
        return bool(self.discard) and is_flixo(self.discard[-1])

    # -- applying actions ------------------------------------------------------------------------
    #
    # One method per action type (_HANDLERS picks it: every action passes here, so no chain of
    # isinstance tests). Each appends its events to one list, in the order the table sees them.

    def _slot(self, slot, grid=None):
        grid = self.displays[self.turn] if grid is None else grid
        if type(slot) is tuple and len(slot) == 2:  # (the usual case, checked at once)
            r, c = slot
            if type(r) is int and type(c) is int and 0 <= r < len(grid) and 0 <= c < len(grid[r]):
                return slot
        if (not isinstance(slot, tuple) or len(slot) != 2
                or not all(isinstance(i, int) and not isinstance(i, bool) for i in slot)):
            raise IllegalAction("no such slot", repr(slot))
        r, c = slot
        if not (0 <= r < len(grid) and 0 <= c < len(grid[r])):
            raise IllegalAction("no such slot", f"{slot} in a {grid_shape(grid)} display")
        return r, c

    def _apply(self, player: int, action) -> list[Event]:
        # (core.apply has checked the action's type: it is one of INFO.action_types)
        return _HANDLERS[type(action)](self, player, action)

    def _undo_depth(self, player: int) -> int:
        """1 when the game's last action is `player`'s and showed the table nothing new (a swap
        for a face-up or eye-marked card; see the module docstring), else 0."""
        return 1 if self.undoable and self.log and self.log[-1][0] == player else 0

    def _not_in_reward(self) -> None:
        if self.phase == "reward":
            raise IllegalAction("choose the reward first", "mark a face-down card")

    def _take_discard(self, player: int, action) -> list[Event]:
        self._not_in_reward()
        r, c = self._slot(action.slot)
        if self.phase != "turn":
            raise IllegalAction("already drawn", "swap or discard the drawn card")
        return self._swap(player, r, c, self.discard.pop(), "discard")

    def _swap_drawn(self, player: int, action) -> list[Event]:
        self._not_in_reward()
        r, c = self._slot(action.slot)
        if self.phase != "drawn":
            raise IllegalAction("nothing drawn", "draw a card first")
        taken, self.drawn = self.drawn, None
        return self._swap(player, r, c, taken, "draw")

    def _swap(self, player, r, c, taken, source) -> list[Event]:
        """`taken` face up into slot (r, c) of the display to move, the card there onto the
        discard pile; then the end of the action."""
        d = self.turn
        cell = self.displays[d][r][c]
        out, was = cell
        self.discard.append(out)
        cell[0], cell[1] = taken, "up"
        # A swap for a card the team had seen reveals nothing: it may be taken back.
        self.undoable = was != "down"
        json_of = _CARD_JSON
        events = [Event(SWAPPED, player, {
                      "display": d, "slot": [r, c], "taken": json_of[taken].copy(),
                      "source": source, "out": json_of[out].copy(), "was": was}),
                  Event(DISCARDED, player, {"display": d, "slot": [r, c],
                                            "card": json_of[out].copy()})]
        return self._end_action(events, player, r, c, was != "up")

    def _discard_and_reveal(self, player: int, action) -> list[Event]:
        self._not_in_reward()
        r, c = self._slot(action.slot)
        if self.phase != "drawn":
            raise IllegalAction("nothing drawn", "draw a card first")
        d = self.turn
        if self.displays[d][r][c][1] == "up":
            raise IllegalAction("reveal a face-down card", f"{action.slot} is face up")
        self.undoable = False
        self.discard.append(self.drawn)
        events = [Event(DISCARDED, player, {"display": d, "slot": None,
                                            "card": _CARD_JSON[self.drawn].copy()})]
        self.drawn = None
        self._flip(events, d, r, c, player)
        return self._end_action(events, player, r, c, True)

    def _draw(self, player: int, action) -> list[Event]:
        self._not_in_reward()
        if self.phase != "turn":
            raise IllegalAction("already drawn", "swap or discard the drawn card")
        if self.forced():
            raise IllegalAction("must take the Flixo", "a Flixo on the discard pile is taken")
        if not self.draw:
            raise IllegalAction("draw pile empty")
        self.undoable = False
        self.drawn = self.draw.pop()
        self.phase = "drawn"
        self.ends_after_turn = not self.draw
        return [Event(DRAWN, player, {"display": self.turn,
                                      "card": _CARD_JSON[self.drawn].copy(),
                                      "left": len(self.draw)})]

    def _reward_peek(self, player: int, action) -> list[Event]:
        if self.phase != "reward":
            raise IllegalAction("no reward due", "a reward follows removing a Flixo")
        if not isinstance(action.display, int) or not 0 <= action.display < len(self.displays):
            raise IllegalAction("no such display", repr(action.display))
        r, c = self._slot(action.slot, self.displays[action.display])
        cell = self.displays[action.display][r][c]
        if cell[1] != "down":
            raise IllegalAction("reward needs an unmarked face-down card", f"{action.slot}")
        self.undoable = False
        cell[1] = "eye"
        self.rewards -= 1
        self.spotted[player] += is_flixo(cell[0])
        events = [Event(REWARD, player, {"display": action.display, "slot": [r, c],
                                         "card": card_json(cell[0])})]
        if self.rewards and self._reward_possible():
            return events
        self.rewards = 0
        return self._next_turn(events)

    def _flip(self, events, d, r, c, player) -> None:
        cell = self.displays[d][r][c]
        was = cell[1]
        cell[1] = "up"
        events.append(Event(CARD_FLIPPED, player, {"display": d, "slot": [r, c],
                                                   "card": _CARD_JSON[cell[0]].copy(),
                                                   "was": was}))

    def _removals(self, events, d, player) -> int:
        """Remove full lines of display d with the cascade, their events appended to `events`;
        returns the Flixos removed."""
        found, lines = [], []
        for step, done in enumerate(remove_full_lines(self.displays[d])):
            self.removed[d] += done["cards"]
            found += [value(card) for card in done["cards"] if is_flixo(card)]
            lines += _line_names(done)
            events.append(Event(LINE_REMOVED, player, {
                "display": d, "step": step, "rows": done["rows"], "cols": done["cols"],
                "cells": [list(p) for p in done["cells"]],
                "cards": [card_json(card) for card in done["cards"]]}))
            events.append(Event(DISPLAY_SLID, player, {"display": d, "shape": done["shape"]}))
        if found and player is not None:
            self.flixo_lines.append({"player": player, "display": d, "lines": lines,
                                     "flixos": sorted(found)})
        return len(found)

    def _end_action(self, events, player, r, c, turned_up) -> list[Event]:
        """After a swap or a reveal at slot (r, c) of the display to move (`turned_up`: a card
        that was not face up is now): removals, the final turns, the end, rewards, next turn."""
        d = self.turn
        grid = self.displays[d]
        # No line is full at rest (each action ends with the cascade): only the row and column
        # through the changed slot can have become full.
        flixos = self._removals(events, d, player) if _full_through(grid, r, c) else 0
        game_ends = self.ends_after_turn or self.last_display == d
        # (A display all face up starts the final turns at once, so while none has begun no
        # display is all face up: only a card turned up can make ours so; a removal leaves
        # every card that was not face up.)
        if self.last_display is None and not game_ends and turned_up and _all_up(grid):
            self.last_display = (d - 1) % len(self.displays)
            events.append(Event(FINAL_TURNS_BEGIN, player,
                                {"display": d, "last_display": self.last_display}))
        if game_ends:
            events += self._game_over()
            return events
        if flixos:
            # No reward is of use on the game's last turn: everything is turned up next.
            self.rewards = flixos
            if self._reward_possible():
                self.phase = "reward"
                events.append(Event(REWARD_DUE, player, {"count": flixos}))
                return events
            self.rewards = 0
        return self._next_turn(events)

    def _reward_possible(self) -> bool:
        marked = sum(cell[1] == "eye" for g in self.displays for row in g for cell in row)
        return marked < EYE_TOKENS and any(cell[1] == "down" for g in self.displays
                                           for row in g for cell in row)

    def _next_turn(self, events) -> list[Event]:
        """The turn passes to the next display (its events appended to `events`)."""
        turn = self.turn = (self.turn + 1) % len(self.displays)
        self.phase = "turn"
        seat = turn % self.players
        events.append(Event(NEXT_TURN, seat, {"display": turn}))
        discard = self.discard
        if discard and discard[-1] >= FLIXO // 2:  # (forced)
            events.append(Event(FLIXO_FORCED, seat,
                                {"display": turn, "card": _CARD_JSON[discard[-1]].copy()}))
        return events

    def _game_over(self) -> list[Event]:
        """Final reveal, removals, verdict. The discard pile (a Flixo on top included) counts as
        removed: the last person may leave a Flixo there."""
        events = []
        for d, grid in enumerate(self.displays):
            for r, c in slots(grid):
                if grid[r][c][1] != "up":
                    self._flip(events, d, r, c, None)
            self._removals(events, d, None)
        self.phase = "over"
        points = [EMPTY_DISPLAY_POINTS if not g else sum([CARD_VALUE[cell[0]] for row in g
                                                          for cell in row])
                  for g in self.displays]
        total = sum(points)
        lost = [d for d, g in enumerate(self.displays)
                if len(g) >= 2 and len(g[0]) >= 2
                and any([cell[0] >= FLIXO // 2 for row in g for cell in row])]
        won = not lost
        band = next(i for i, (limit, _) in enumerate(VERDICTS) if limit is None or total <= limit)
        self.result = {"team_won": won, "points": points, "total": total,
                       "flixos_left_in": lost, "verdict": verdict(total) if won else LOSS_VERDICT,
                       "meaning": meaning(total, won), "scale": [list(row) for row in VERDICTS],
                       "band": band if won else None}
        self.highlight = self._highlight()
        return events + [Event(GAME_OVER, None, dict(self.result))]

    def _highlight(self) -> dict:
        """The payoff of the game for the results screen (module docstring: the highlight)."""
        result = self.result
        lines = self.flixo_lines
        if result["team_won"]:
            best = lines[-1] if lines else None  # the line that took the last Flixo out
            title = "The line that cleared the table"
        else:
            best = max(reversed(lines), key=lambda entry: len(entry["flixos"]), default=None)
            title = "The best line"
        line = None if best is None else _payoff(
            "line", title, line_text(best["lines"], best["flixos"]), [best["player"]],
            best["display"], [card_json(FLIXO + v) for v in best["flixos"]],
            {"flixos": len(best["flixos"]), "lines": len(best["lines"])})
        spotter = None
        most = max(self.spotted)
        if most:
            spotter = _payoff(
                "spotter", "The spotter", "Found " + (
                    "a Flixo with an eye token" if most == 1 else f"{most} Flixos with eye tokens"),
                [p for p, n in enumerate(self.spotted) if n == most], None, [], {"flixos": most})
        if not result["team_won"]:
            stayed = sorted((d, cell[0]) for d in result["flixos_left_in"]
                            for row in self.displays[d] for cell in row if is_flixo(cell[0]))
            escape = _payoff(
                "escape", "The Flixo that got away" if len(stayed) == 1
                else "The Flixos that got away", escape_text(stayed, self.displays),
                sorted({self.seat_of(d) for d, _ in stayed}), stayed[0][0],
                [card_json(card) for _, card in stayed], {"flixos": len(stayed)})
            main, more = escape, [line, spotter]
        elif line is not None:
            main, more = line, [spotter]
        elif spotter is not None:
            main, more = spotter, []
        else:
            main, more = _payoff("score", "Team score", result["meaning"], [],
                                    None, [], {"total": result["total"]}), []
        main["more"] = [h for h in more if h is not None]
        return main

    # -- what the table sees ---------------------------------------------------------------------

    def _view(self, player: int | None) -> dict:
        displays = []
        cell_view = _CELL_VIEW
        eyes = 0
        for d, grid in enumerate(self.displays):
            cells = [[cell_view[side][card].copy() for card, side in row] for row in grid]
            eyes += sum([cell[1] == "eye" for row in grid for cell in row])
            numbers, wants = needs(grid)
            displays.append({
                "seat": d % self.players, "shape": grid_shape(grid), "cells": cells,
                "needs": numbers, "wants": wants,
                "removed": [card_json(card) for card in self.removed[d]]})
        over = self.phase == "over"
        return {
            "you": player,
            "people": len(self.displays),
            "level": self.options["level"],
            "flixos_in_play": self.flixos_in_play,
            "values": list(VALUES[self.options["level"]]),
            "number_sets": number_sets(len(self.displays), tuple(self.shape)),
            "displays": displays,
            "turn": self.turn,
            "seat": self.seat_of(self.turn),
            "phase": self.phase,
            "drawn": None if self.drawn is None else card_json(self.drawn),
            "discard": [card_json(card) for card in self.discard],
            "forced": self.forced() and self.phase == "turn",
            "draw_left": len(self.draw),
            "aside": len(self.aside),
            "eyes_free": EYE_TOKENS - eyes,
            "rewards": self.rewards,
            "last_display": self.last_display,
            "result": self.result,
            # For the scene: the displays' shape at the start, Flixos no one has seen yet, the
            # seats that may take back their last action now, the payoff at the end.
            "shape": list(self.shape),
            "flixos_hidden": self.flixos_in_play - len(self._seen_flixos()),
            # (undo_depth of every seat: only the seat of the last action can have any)
            "undo": ([self.log[-1][0]] if not over and self._undo_depth(self.log[-1][0]) else [])
                    if self.log else [],
            "highlight": self.highlight,
        }

    def _seen_flixos(self) -> set:
        """The Flixos the team has seen (face up, eye-marked, discarded or removed)."""
        least = FLIXO // 2
        seen = {card for g in self.displays for row in g for card, side in row
                if side != "down" and card >= least}
        seen.update([card for card in self.discard if card >= least])
        seen.update([card for pile in self.removed for card in pile if card >= least])
        return seen

    def outcome(self) -> Outcome:
        if self.result is None:
            raise ValueError("the game is not over")
        won = self.result["team_won"]
        return Outcome(scores=[self.result["total"]] * self.players,
                       winners=list(range(self.players)) if won else [],
                       team_won=won, verdict=self.result["meaning"])

    # -- checks ------------------------------------------------------------------------------------

    def _all_cards(self) -> list[int]:
        cards = [cell[0] for g in self.displays for row in g for cell in row]
        cards += self.draw + self.discard + self.aside + self.box_flixos
        cards += [card for pile in self.removed for card in pile]
        if self.drawn is not None:
            cards.append(self.drawn)
        return cards

    def check_invariants(self) -> None:
        level = self.options["level"]
        people = len(self.displays)
        sets = number_sets(people, tuple(self.shape))
        expected = Counter({v: sets for v in VALUES[level]})
        expected.update(FLIXO + v for v in VALUES[level])
        assert Counter(self._all_cards()) == expected, "cards created or lost"
        assert not any(is_flixo(card) for card in self.draw + self.aside), "Flixo in the piles"
        assert self.drawn is None or not is_flixo(self.drawn)
        assert len(self.aside) == self.flixos_in_play
        assert self.discard, "the discard pile is never empty"
        for grid in self.displays:
            assert all(len(row) == len(grid[0]) for row in grid), "display not rectangular"
            assert len(grid) <= self.shape[0] and (not grid or len(grid[0]) <= self.shape[1])
            assert all(cell[1] in ("down", "eye", "up") for row in grid for cell in row)
            if self.phase != "reward":
                assert not any(full_lines(grid)), "a full line was left in a display"
        marked = sum(cell[1] == "eye" for g in self.displays for row in g for cell in row)
        assert marked <= EYE_TOKENS
        assert (self.phase == "drawn") == (self.drawn is not None)
        assert (self.phase == "reward") == (self.rewards > 0)
        assert (self.phase == "over") == (self.result is not None)
        if self.phase == "over":
            assert all(cell[1] == "up" for g in self.displays for row in g for cell in row)
        elif self.phase in ("turn", "drawn"):
            assert self.legal_actions(self.current_player()), "the player to move is stuck"

    def hidden_variant(self, player: int | None, rng: random.Random) -> "FlixoState":
        """Re-deal every unseen card: face-down unmarked cards, the draw pile, the cards set
        aside and the Flixos left in the box. Which Flixos are in play is unseen too; how many
        are still hidden in the displays is public (all start there, the count is printed)."""
        twin = copy.deepcopy(self)
        down = [cell for g in twin.displays for row in g for cell in row if cell[1] == "down"]
        hidden_flixos = [cell[0] for cell in down if is_flixo(cell[0])] + twin.box_flixos
        numbers = [cell[0] for cell in down if not is_flixo(cell[0])] + twin.draw + twin.aside
        in_displays = len(down) - (len(numbers) - len(twin.draw) - len(twin.aside))
        rng.shuffle(hidden_flixos)
        rng.shuffle(numbers)
        into_displays = hidden_flixos[:in_displays] + numbers[:len(down) - in_displays]
        rng.shuffle(into_displays)
        for cell, card in zip(down, into_displays):
            cell[0] = card
        twin.box_flixos = sorted(hidden_flixos[in_displays:])
        rest = numbers[len(down) - in_displays:]
        twin.draw = rest[:len(twin.draw)]
        twin.aside = rest[len(twin.draw):]
        twin.rng = random.Random(rng.random())
        return twin


# --- CPU partners ---------------------------------------------------------------------------------
#
# A bot plays for the team from the view alone. It scores a position as a team cost (lower is
# better) and picks the action with the lowest (expected) cost. Unknown cards are weighed by
# what is still unseen: the number cards in use minus every visible one, and the Flixos in play
# minus the visible ones (those are all face down in the displays: the draw pile holds none).

# Weights of the team cost, per level (all in "points of cost"; lower is better):
#   score      per point of card value left in the displays
#   hidden     per hidden Flixo, spread over the face-down cards of displays of 2+ rows and cols
#   known      per face-up Flixo in such a display; near / far: the share of it taken off when a
#              line with it is one / two cards short of removal
#   line1/2    a line without a Flixo one / two cards short of removal
#   reward     per Flixo removed (the team gets a look at a face-down card)
#   feed       the top discard is a number the next display needs
#   draw       using up a card of the draw pile (the game's clock)
#   idle       swapping the top discard for a face-up card (nothing is found that way), times
#              (1 + such swaps of this bot since the draw pile last shrank) squared
#   loss       a lost game; fix: the chance a display still to play in the final turns deals
#              with one face-up Flixo
BOT_WEIGHTS = {
    "easy": {"score": 0.15, "hidden": 12.0, "known": 9.0, "near": 0.5, "far": 0.2,
             "line1": 2.0, "line2": 0.5, "reward": 2.0, "feed": 0.0, "draw": 0.0, "idle": 0.5,
             "loss": 200.0, "fix": 0.5},
    "normal": {"score": 0.15, "hidden": 14.0, "known": 9.0, "near": 0.5, "far": 0.2,
               "line1": 2.0, "line2": 0.5, "reward": 2.0, "feed": 2.0, "draw": 1.0, "idle": 0.5,
               "loss": 200.0, "fix": 0.3},
    "hard": {"score": 0.15, "hidden": 14.0, "known": 9.0, "near": 0.5, "far": 0.2,
             "line1": 2.0, "line2": 0.5, "reward": 2.0, "feed": 2.0, "draw": 1.0, "idle": 0.5,
             "loss": 200.0, "fix": 0.3},
}
BOT_MISTAKES = MISTAKE_RATE  # chance of taking one of the next-best actions instead
# FlixoBot.thinking yields before every STEP_ACTIONS-th action it weighs, and a draw's weighing
# before every STEP_SLOTS-th slot: each is a few microseconds of work, and a slice of some tens
# (never near the frame's budget) costs the driver less than one per piece.
STEP_ACTIONS = 4
STEP_SLOTS = 3


class TeamModel:
    """What the team knows, rebuilt from a view: grids with None for unknown cards, and the
    odds of every unseen card."""

    def __init__(self, view: dict):
        self.view = view
        self.turn = view["turn"]
        self.people = view["people"]
        # Number cards not seen yet, per value (in the order of view["values"]), and the values
        # of the Flixos seen: one pass over everything face up, marked, discarded or removed.
        unseen = dict.fromkeys(view["values"], view["number_sets"])
        seen_flixos = set()
        self.grids = []
        hidden_cells = 0
        for disp in view["displays"]:
            grid = []
            for row in disp["cells"]:
                cells = []
                for cell in row:
                    v = cell["value"]
                    if v is None:
                        cells.append([None, "down"])
                        hidden_cells += 1
                        continue
                    if cell["flixo"]:
                        seen_flixos.add(v)
                        cells.append([FLIXO + v, "up" if cell["up"] else "eye"])
                    else:
                        if v in unseen:
                            unseen[v] -= 1
                        cells.append([v, "up" if cell["up"] else "eye"])
                grid.append(cells)
            self.grids.append(grid)
            for c in disp["removed"]:
                _note_seen(c, unseen, seen_flixos)
        for c in view["discard"]:
            _note_seen(c, unseen, seen_flixos)
        if view["drawn"] is not None:
            _note_seen(view["drawn"], unseen, seen_flixos)
        self.unseen = {v: n for v, n in unseen.items() if n > 0}
        self.unseen_total = sum(self.unseen.values())
        self.flixo_values = [v for v in view["values"] if v not in seen_flixos]
        self.hidden_flixos = view["flixos_in_play"] - len(seen_flixos)
        self.hidden_cells = hidden_cells
        total = self.unseen_total or 1
        self.mean_unknown = sum(v * n for v, n in self.unseen.items()) / total
        # Per value: whether a card of it may still come, to fill a line (FlixoBot.line_part)
        self.comes = {v: bool(self.unseen.get(v, 0) or v in self.flixo_values
                              and self.hidden_flixos) for v in range(-1, 11)}
        self._draw_odds = self._reveal_odds = None
        # A decision weighs the same grids and discards many times: the bot remembers its
        # results here (pure functions of the model, so they live and die with it).
        self.combiners: dict = {}  # (slot, card, ends) -> FlixoBot.combiner_with
        self.settled: dict = {}  # (slot, card) -> FlixoBot.settle_with the long way
        self.risks: dict = {}  # (hidden, risky) -> TeamModel.risk
        self.slots = None  # FlixoBot.slot_sums
        self.parts: dict = {None: _NOTHING}  # line shape -> FlixoBot.part
        self.line_parts: dict = {}  # cards of a line -> FlixoBot.line_part (for settle)
        self.reveal_sums = None  # FlixoBot.reveal_sums
        self._reveal_totals = self._reveal_chances = None
        self.full_lines = any(full_lines(self.grids[self.turn]))  # (none, at rest)
        self.feeds: dict = {}  # top -> feed_cost (when the game does not end)

    def risk(self, w, hidden, risky):
        """The hidden Flixos' cost (FlixoBot.combiner) for a revealed card that is not a
        Flixo and for one that is, with `hidden` face-down cards, `risky` of them where a
        Flixo stays (None: no card is hidden)."""
        risk = self.risks.get((hidden, risky), False)
        if risk is False:
            risk = self.risks[hidden, risky] = [
                w["hidden"] * (self.hidden_flixos - flixo) * risky / hidden
                for flixo in (0, 1)] if hidden else None
        return risk

    def draw_odds(self) -> list[tuple[int, float]]:
        """(card, probability) for the top of the draw pile (made once: shared, read-only)."""
        if self._draw_odds is None:
            total = self.unseen_total or 1
            self._draw_odds = [(v, n / total) for v, n in self.unseen.items()]
        return self._draw_odds

    def reveal_odds(self) -> list[tuple[int, float]]:
        """(card, probability) for a face-down unmarked card (made once: shared, read-only)."""
        if self._reveal_odds is None:
            p_flixo = self.hidden_flixos / self.hidden_cells if self.hidden_cells else 0.0
            odds = [(v, (1 - p_flixo) * p) for v, p in self.draw_odds()]
            if p_flixo and self.flixo_values:
                odds += [(FLIXO + v, p_flixo / len(self.flixo_values))
                         for v in self.flixo_values]
            self._reveal_odds = odds
        return self._reveal_odds


    def reveal_chances(self) -> dict:
        """reveal_odds as {card: probability} (made once: shared, read-only)."""
        if self._reveal_chances is None:
            self._reveal_chances = dict(self.reveal_odds())
        return self._reveal_chances

    def reveal_totals(self) -> tuple:
        """Over reveal_odds (made once): (the odds of a number card, the sum of p * value of
        the number cards, the odds of a Flixo, the sum of p * value of the Flixos)."""
        if self._reveal_totals is None:
            odds = self.reveal_odds()
            numbers = [(p, CARD_VALUE[o]) for o, p in odds if o < FLIXO // 2]
            flixos = [(p, CARD_VALUE[o]) for o, p in odds if o >= FLIXO // 2]
            self._reveal_totals = (sum([p for p, _ in numbers]), sum([p * v for p, v in numbers]),
                                   sum([p for p, _ in flixos]), sum([p * v for p, v in flixos]))
        return self._reveal_totals


def _note_seen(cell: dict, unseen: dict, seen_flixos: set) -> None:
    """Count a card of a view (a pile's) as seen (TeamModel)."""
    v = cell["value"]
    if cell["flixo"]:
        seen_flixos.add(v)
    elif v in unseen:
        unseen[v] -= 1


def _card_of(cell: dict):
    if cell["value"] is None:
        return None
    return FLIXO + cell["value"] if cell["flixo"] else cell["value"]


def _is_up(m: TeamModel, slot) -> bool:
    return m.grids[m.turn][slot[0]][slot[1]][1] == "up"


def _draw_ends(m: TeamModel) -> bool:
    """Whether drawing now makes this the game's last turn."""
    return m.view["last_display"] == m.turn or m.view["draw_left"] == 1


def _safe(grid) -> bool:
    """A display of one row or one column (or none) can keep its Flixos."""
    return len(grid) <= 1 or len(grid[0]) <= 1



class FlixoBot(Bot):
    """A CPU partner: the action of lowest expected team cost (see BOT_WEIGHTS).

    easy: does not feed the next display, draws freely, slips often; normal: feeds the next
    display and values a draw by its best reveal; hard: values a draw by the expected best
    follow-up over every card it could draw. Slips (MISTAKE_RATE): one of the next three."""

    forced_moves_free = True  # (a one-action list is returned as it is: see game.bots)

    def __init__(self, seat: int, seed: int, level: str = "normal"):
        super().__init__(seat, seed, level)
        self.w = BOT_WEIGHTS[level]
        self.w_score, self.w_known = self.w["score"], self.w["known"]  # (read where it is hot)
        # Own face-up swaps since the draw pile last shrank: each makes the next one dearer,
        # so partners cannot pass the same cards round the table for ever.
        self.idle_turns = 0
        self.draw_left = None

    # -- choosing ----------------------------------------------------------------------------

    def choose(self, view: dict, legal: list):
        return run_to_end(self.thinking(view, legal))

    def thinking(self, view: dict, legal: list):
        """choose() in small steps: a generator that yields None between pieces of work (some
        tens of microseconds each: the model, our slots' sums, every STEP_ACTIONS actions, a
        draw's slots) and returns the action. A driver on a frame thread may spread one
        decision over several frames; how it is run never changes the result."""
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], RewardPeek):
            return self.choose_peek(view, legal)
        model = TeamModel(view)
        self.prepare(model)
        if view["draw_left"] != self.draw_left:
            self.draw_left, self.idle_turns = view["draw_left"], 0
        scored = []
        try:
            if model.grids[model.turn]:  # (every action but a draw weighs our slots)
                yield
                self.slot_sums(model)
            for i, a in enumerate(legal):
                if i % STEP_ACTIONS == 0:
                    yield
                if isinstance(a, Draw):
                    ends = _draw_ends(model)
                    # Only the four cheapest actions can be chosen (the best, or a slip to one
                    # of the next three): a draw (listed last) sure to cost more than the
                    # fourth cheapest of the others needs no closer look.
                    floor = self.draw_floor(model) if ends and i >= 4 else None
                    if floor is not None and floor > sorted(scored)[3][0]:
                        cost = floor
                    else:
                        cost = yield from self.draw_cost_steps(model, ends)
                else:
                    cost = self.action_cost(model, a)
                scored.append((cost, i))
        finally:
            # The combiners refer to the model that holds them: without this, every decision
            # would leave a reference cycle for the garbage collector (a pause in some frame).
            model.combiners.clear()
        scored.sort()
        pick = scored[0][1]
        if self.rng.random() < BOT_MISTAKES[self.level] and len(scored) > 1:
            pick = self.rng.choice(scored[1:4])[1]
        action = legal[pick]
        if isinstance(action, TakeDiscard) and _is_up(model, action.slot):
            self.idle_turns += 1
        return action

    def choose_peek(self, view, legal):
        """The display with the most face-down cards (the likeliest hiding place), the soonest
        to play on ties; a random card there."""
        people = view["people"]

        def rank(d):
            downs = sum(1 for row in view["displays"][d]["cells"] for c in row
                        if not c["up"] and not c["eye"])
            return (-downs, (d - view["turn"] - 1) % people)
        best = min({a.display for a in legal}, key=rank)
        return self.rng.choice([a for a in legal if a.display == best])

    # -- costs ----------------------------------------------------------------------------------
    #
    # An action changes only our display and the top of the discard pile, so the other displays
    # are summed up once per decision (prepare) and each outcome only settles our new grid.
    # Settling is itself done by linear sums: with one card put at a slot, only the row and the
    # column through it change, so each slot's SlotSums holds the rest of settle's sum and the
    # shapes of those two lines with any card put in (known_at); and averages over the cards
    # that may come are counted (the odds and points of the cards that cost alike, summed once)
    # rather than enumerated (reveal_known, unknown_out, swaps_by_points). The long way, settle
    # and combiner over a whole grid, is kept for lines that leave and the game's last turns,
    # and tests/test_flixo_speed.py holds every action's cost to it.

    def prepare(self, m: TeamModel) -> None:
        others = {d: self.settle(m, g, remove=False) for d, g in enumerate(m.grids)
                  if d != m.turn}
        m.others = [sum(sums) for sums in list(zip(*others.values()))[1:6]]
        m.other_flixos = {d: o[4] for d, o in others.items()}
        m.other_safe = {d: _safe(g) for d, g in enumerate(m.grids)}
        m.next_needs = m.view["displays"][(m.turn + 1) % m.people]["needs"]  # (needs(grid)[0])

    def action_cost(self, m: TeamModel, action) -> float:
        """The team cost expected after `action` (call prepare(m) first)."""
        view = m.view
        ends = view["last_display"] == m.turn
        if isinstance(action, TakeDiscard):
            # Swapping face-up cards around finds nothing: without a price on it, partners
            # can pass the same cards round the table for a long time.
            idle = self.w["idle"] * (1 + self.idle_turns) ** 2 if _is_up(m, action.slot) else 0
            return idle + self.after_swap(m, action.slot, _card_of(view["discard"][-1]), ends)
        if isinstance(action, SwapDrawn):
            return self.after_swap(m, action.slot, _card_of(view["drawn"]),
                                   ends or view["draw_left"] == 0)
        if isinstance(action, DiscardAndReveal):
            return self.after_reveal(m, action.slot, _card_of(view["drawn"]),
                                     ends or view["draw_left"] == 0)
        if isinstance(action, Draw):
            return self.draw_cost(m, _draw_ends(m))
        raise ValueError(action)

    def after_swap(self, m, slot, card, ends) -> float:
        out, side = m.grids[m.turn][slot[0]][slot[1]]
        running = None if ends else self.running_with(m, slot, card)
        if running is None:  # the game ends, or its final turns begin
            combine = self.combiner_with(m, slot, card, ends)
            if side == "down":
                # sum(p * combine(o, o)): these combiners tell a card only by whether it is a
                # Flixo, so it is the odds of each kind times the cost of one card of it.
                _, numbers, flixos, _, number, flixo = self.reveal_sums(m)
                cost = 0.0 if number is None else numbers * combine(number, number)
                return cost if flixo is None else cost + flixos * combine(flixo, flixo)
            return combine(out, None)
        known, risk = running
        if side == "down":  # the card leaving is unknown: weigh what it may be
            return self.unknown_out(m, known, risk)
        # Running(known, risk)(out, None), written out
        cost = known + self.feed_cost(m, out, False)
        return cost if risk is None else cost + risk[0]

    def unknown_out(self, m, known, risk) -> float:
        """The cost after a swap for a face-down card, the Running cost (known, risk) averaged
        over what that card may be: sum(p * Running(known, risk)(o, o)), summed up by kind
        (a linear sum: known times the odds, plus each card's feed and the risk per kind).

        It never falls as `known` grows: of swaps with one risk, the one of least `known`
        costs least."""
        p_all, p_numbers, p_flixos, feeds, _, _ = self.reveal_sums(m)
        cost = known * p_all + feeds
        return cost if risk is None else cost + (risk[0] * p_numbers + risk[1] * p_flixos)

    def reveal_sums(self, m) -> tuple:
        """Over the cards a face-down card may be (reveal_odds), made once per model: (the sum
        of their odds, of the number cards' odds, of the Flixos' odds, of p * feed_cost of the
        card on the discard pile, a number card and a Flixo among them (None: none))."""
        if m.reveal_sums is None:
            odds = m.reveal_odds()
            numbers = [(o, p) for o, p in odds if o < FLIXO // 2]
            flixos = [(o, p) for o, p in odds if o >= FLIXO // 2]
            p_numbers = sum([p for _, p in numbers])
            p_flixos = sum([p for _, p in flixos])
            # (feed_cost tells a card by its kind and whether the next display needs its
            # value: summed per such group, the odds times the cost of one of its cards)
            needed = set(m.next_needs)
            feeds = 0.0
            for group in ([(o, p) for o, p in numbers if o in needed],
                          [(o, p) for o, p in flixos if o - FLIXO in needed],
                          [(o, p) for o, p in flixos if o - FLIXO not in needed]):
                if group:
                    feeds += sum([p for _, p in group]) * self.feed_cost(m, group[0][0], False)
            m.reveal_sums = (p_numbers + p_flixos, p_numbers, p_flixos, feeds,
                             numbers[0][0] if numbers else None,
                             flixos[0][0] if flixos else None)
        return m.reveal_sums

    def after_reveal(self, m, slot, drawn, ends) -> float:
        r, c = slot
        card, side = m.grids[m.turn][r][c]
        if side == "eye":
            return self.reveal_one(m, slot, card, drawn, ends, None)
        sl = self.slot_sums(m)[slot]
        if not ends and m.view["last_display"] is None and not sl.all_up:
            return self.reveal_running(m, sl, drawn)
        # The game ends, or its final turns are on or begin (revealing our last card): the
        # combiners tell a card by its kind and its points, unless it fills a line, so per
        # kind the cost of one card plus score times the others' difference in value.
        score = self.w_score
        total = 0.0
        first = {}  # a Flixo or not -> (value, cost) of the first such card
        for seen, p in m.reveal_odds():
            v = CARD_VALUE[seen]
            if sl.long or v in sl.fills:  # lines leave: the long way
                total += p * self.reveal_one(m, slot, seen, drawn, ends, seen)
                continue
            kind = seen >= FLIXO // 2
            known = first.get(kind)
            if known is None:
                known = first[kind] = (v, self.reveal_one(m, slot, seen, drawn, ends, seen))
            total += p * (known[1] + score * (v - known[0]))
        return total

    def reveal_one(self, m, slot, seen, drawn, ends, revealed) -> float:
        """The cost after `seen` was turned up at `slot` (a face-down card, revealed: seen; or
        an eye-marked one, revealed: None) and `drawn` discarded."""
        running = None if ends else self.running_with(m, slot, seen)
        if running is None:
            return self.combiner_with(m, slot, seen, ends)(drawn, revealed)
        # Running(known, risk)(drawn, revealed), written out
        known, risk = running
        cost = known + self.feed_cost(m, drawn, ends)
        if risk is not None:
            cost += risk[revealed is not None and revealed >= FLIXO // 2]
        return cost

    def reveal_running(self, m, sl, drawn) -> float:
        """after_reveal of the face-down card at `sl`'s slot while the game runs on: the
        Running cost averaged over what the card may be, by linear sums (reveal_known)."""
        known, numbers, flixos, fills = self.reveal_known(m, sl)
        feed = self.feed_cost(m, drawn, False)
        total = known + (numbers + flixos) * (m.others[0] + feed)
        risk = sl.risk
        if risk is not None:
            total += risk[0] * numbers + risk[1] * flixos
        for seen, p in fills:  # lines leave: the long way
            total += p * self.reveal_one(m, sl.slot, seen, drawn, False, seen)
        return total

    def reveal_known(self, m, sl) -> tuple:
        """For the face-down card at `sl`'s slot turned up, over what it may be (reveal_odds),
        made once per model and slot: (sum of p * known_at, the odds of the number cards and of
        the Flixos among them, [(card, p)] of the cards that fill a line: left out of the sums).

        Counted, not enumerated: every card other than sl.special costs the slot's generic cost
        (one for number cards, one for Flixos: generic_costs) plus score times its value, so
        those sum to the generic costs times their odds plus score times their mean value;
        only the few special cards are worked out one by one. (Every card a hidden card may
        be may still come, as the generic costs take it: m.comes.)"""
        if sl.reveal is not None:
            return sl.reveal
        numbers, number_points, flixos, flixo_points = m.reveal_totals()
        known = 0.0
        fills = []
        odds = m.reveal_chances()
        for card in self.special(sl):
            p = odds.get(card)
            if p is None:
                continue
            v = CARD_VALUE[card]
            if card < FLIXO // 2:
                numbers -= p
                number_points -= p * v
            else:
                flixos -= p
                flixo_points -= p * v
            cost = self.known_at(m, sl, card)
            if cost is None:
                fills.append((card, p))
            else:
                known += p * cost
        score = self.w["score"]
        as_number, as_flixo = self.generic_costs(m, sl)
        known += (as_number * numbers + score * number_points
                  + as_flixo * flixos + score * flixo_points)
        fill_numbers = sum([p for card, p in fills if card < FLIXO // 2])
        fill_flixos = sum([p for card, p in fills if card >= FLIXO // 2])
        sl.reveal = (known, m.reveal_totals()[0] - fill_numbers,
                     m.reveal_totals()[2] - fill_flixos, fills)
        return sl.reveal

    def draw_cost(self, m, ends) -> float:
        return run_to_end(self.draw_cost_steps(m, ends))

    def draw_cost_steps(self, m, ends):
        """draw_cost as a generator (see thinking): yields before every STEP_SLOTS-th slot it
        weighs (for a reveal, then for a swap)."""
        grid = m.grids[m.turn]
        reveals = [(r, c) for r, c in slots(grid) if grid[r][c][1] != "up"]
        clock = self.w["draw"]
        reveal_best = None
        for i, s in enumerate(reveals):
            if i % STEP_SLOTS == 0:
                yield
            cost = self.after_reveal(m, s, None, ends)
            reveal_best = cost if reveal_best is None else min(reveal_best, cost)
        if self.level != "hard":
            if reveal_best is None:
                reveal_best = self.combine(m, self.settle(m, grid), None, ends)
            return reveal_best + clock
        # Hard: the expected best follow-up over every card that could come.
        odds = m.draw_odds()
        cards = [v for v, _ in odds]
        best = ([reveal_best + self.feed_cost(m, v, ends) for v in cards]
                if reveal_best is not None else [_NEVER] * len(cards))
        least = {}  # risk (by identity) -> (risk, least known per card) of face-down swaps
        running = not ends and m.view["last_display"] is None
        for i, s in enumerate(slots(grid)):
            if i % STEP_SLOTS == 0:
                yield
            out, side = grid[s[0]][s[1]]
            sl = self.slot_sums(m)[s]
            if not running or sl.all_up or sl.long:
                costs = self.swaps_by_points(m, sl, side, cards, ends)
            else:
                known = self.swap_known(m, sl, cards)
                for j, v in enumerate(cards):
                    if known[j] is _NEVER:  # lines leave: the long way
                        best[j] = min(best[j], self.after_swap(m, s, v, ends))
                if side == "down":  # (only the least of these is worth averaging: unknown_out)
                    risk_least = least.get(id(sl.risk))
                    if risk_least is None:
                        least[id(sl.risk)] = (sl.risk, known)
                    else:
                        risk_least[1][:] = map(min, risk_least[1], known)
                    continue
                # (after_swap, written out)
                extra = m.others[0] + self.feed_cost(m, out, False)
                if sl.risk is not None:
                    extra += sl.risk[0]
                costs = [cost + extra for cost in known]
            best[:] = map(min, best, costs)
        for risk, known in least.values():
            o_known = m.others[0]
            best[:] = map(min, best, [_NEVER if cost == _NEVER else
                                      self.unknown_out(m, cost + o_known, risk)
                                      for cost in known])
        return sum([p * cost for (_, p), cost in zip(odds, best)]) + clock

    def swaps_by_points(self, m, sl, side, cards, ends) -> list:
        """after_swap(m, sl.slot, v, ends) for each of `cards` (number cards) where no Running
        cost is made (the game ends, or the final turns are on or begin). A card then counts
        only by its points (score * value), unless it fills a line: the costs lie on a line,
        worked out for one card and the others by their value. (Its slope for a face-down card:
        score times the odds of the cards it may be, which add up to one give or take a
        rounding.)"""
        costs = [None] * len(cards)
        first = None
        for i, v in enumerate(cards):
            if sl.long or v in sl.fills:  # lines leave: the long way
                costs[i] = self.after_swap(m, sl.slot, v, ends)
            elif first is None:
                first = i
                costs[i] = self.after_swap(m, sl.slot, v, ends)
        if first is not None:
            v0, cost0 = cards[first], costs[first]
            slope = self.w_score
            if side == "down":
                _, numbers, flixos, _, number, flixo = self.reveal_sums(m)
                slope *= (0.0 if number is None else numbers) + (0.0 if flixo is None else flixos)
            costs = [cost0 + slope * (v - v0) if cost is None else cost
                     for v, cost in zip(cards, costs)]
        return costs

    def swap_known(self, m, sl, cards) -> list:
        """known_at(m, sl, card) for each of `cards` (number cards that may come; _NEVER for a
        card that fills a line: its cost is then weighed the long way): the slot's generic
        cost plus score times the card's value, but for the few special cards."""
        as_number = self.generic_costs(m, sl)[0]
        score = self.w["score"]
        special = self.special(sl)
        known = []
        for v in cards:
            if v in special:
                cost = self.known_at(m, sl, v)
                known.append(_NEVER if cost is None else cost)
            else:
                known.append(as_number + score * v)
        return known

    def draw_floor(self, m) -> float | None:
        """A cost that a draw ending the game (_draw_ends) cannot come under, when the team is
        then sure to lose; None when it may still win.

        A Flixo showing in another display of 2+ rows and columns (m.others[3]) stays there
        whatever our turn does, so every follow-up of the draw costs, in `combiner`'s final
        sum, loss + score * (our points + the others' points); our points are at least -1 per
        card left (a face-down card's mean too) or -5 for an empty display."""
        if not m.others[3]:
            return None
        w = self.w
        lowest = -max(5, sum([len(row) for row in m.grids[m.turn]]))
        # (less 1: the draw's cost is a sum of such costs times odds that add up to 1 give or
        # take a rounding)
        return w["loss"] + w["score"] * (lowest + m.others[4]) + w["draw"] - 1.0

    def feed_cost(self, m, top, ends) -> float:
        """What the top discard means for the next display (which may take it)."""
        if top is None or ends:
            return 0.0
        cost = m.feeds.get(top)
        if cost is None:
            cost = m.feeds[top] = self._feed_cost(m, top)
        return cost

    def _feed_cost(self, m, top) -> float:  # (feed_cost, made once per model and card)
        nxt = m.grids[(m.turn + 1) % m.people]
        if is_flixo(top):
            if _safe(nxt):
                return 0.0
            wanted = value(top) in m.next_needs
            return self.w["known"] * (0.4 if wanted else 1.2)
        if not self.w["feed"]:
            return 0.0
        return -self.w["feed"] if value(top) in m.next_needs else 0.0

    def combiner_with(self, m, slot, card, ends):
        """combiner(m, settle_with(m, slot, card), ends), made once per model: a decision
        weighs the same grids many times."""
        combine = m.combiners.get((slot, card, ends))
        if combine is None:
            # (only a Running combiner reads the known cost: not when the game ends or the
            # final turns are on)
            known = not ends and m.view["last_display"] is None
            combine = m.combiners[slot, card, ends] = self.combiner(
                m, self.settle_with(m, slot, card, known), ends)
        return combine

    def running_with(self, m, slot, card):
        """(known, risk) of the Running that combiner_with(m, slot, card, False) makes, or
        None when it makes none (the final turns are on or begin)."""
        if m.view["last_display"] is not None:
            return None
        sl = self.slot_sums(m)[slot]
        cost = self.known_at(m, sl, card)
        if cost is None:  # lines leave: the long way
            _, known, hidden, risky, _, _, all_up = self.settle_with(m, slot, card)
            o_known, o_hidden, o_risky, _, _ = m.others
            return None if all_up else (
                known + o_known, m.risk(self.w, hidden + o_hidden, risky + o_risky))
        return None if sl.all_up else (cost + m.others[0], sl.risk)

    def settle_with(self, m, slot, card, known=True) -> tuple:
        """settle(m, our grid with `card` face up at `slot`); known=False: its known cost may
        be left out (None). Without a full line only one card differs from our grid as it is:
        the sums then come from the slot's SlotSums (known_at) instead of going over the whole
        grid."""
        sl = self.slot_sums(m)[slot]
        v = CARD_VALUE[card]
        if sl.long or v in sl.fills:  # lines leave: the long way
            settled = m.settled.get((slot, card))
            if settled is None:
                grid = [list(cells) for cells in m.grids[m.turn]]
                grid[slot[0]][slot[1]] = [card, "up"]
                settled = m.settled[slot, card] = self.settle(m, grid)
            return settled
        hidden = sl.hidden
        return (None, self.known_at(m, sl, card) if known else None, hidden,
                0 if sl.safe else hidden, 0 if sl.safe else sl.flixos + (card >= FLIXO // 2),
                sl.points + v, sl.all_up)

    def known_at(self, m, sl, card) -> float | None:
        """settle's known cost of our grid with `card` face up at `sl`'s slot, None when the
        card fills a line (lines leave: settle_with's long way); remembered per slot.

        Only the row and the column through the slot depend on the card: the rest of settle's
        sum is the slot's base (sl.base, sl.k0); the two lines come from their shape tables
        (_through_shapes)."""
        cost = sl.known.get(card, False)
        if cost is not False:
            return cost
        v = CARD_VALUE[card]
        if sl.long or v in sl.fills:
            sl.known[card] = None
            return None
        flixo = card >= FLIXO // 2
        parts = m.parts
        special, generic, short = sl.row
        shape = special.get(card, generic)
        if shape is _SELF:
            shape = (v, short, flixo)
        row = parts.get(shape) or self.part(m, shape)
        special, generic, short = sl.col
        shape = special.get(card, generic)
        if shape is _SELF:
            shape = (v, short, flixo)
        col = parts.get(shape) or self.part(m, shape)
        # (slot_cost, written out for the usual case: no Flixo concerned)
        if sl.safe or not (flixo or sl.k0 or row[1] is not None or col[1] is not None):
            cost = sl.known[card] = sl.base + self.w_score * v - row[0] - col[0]
        else:
            cost = sl.known[card] = self.slot_cost(sl, v, flixo, row, col)
        return cost

    def slot_cost(self, sl, v, flixo, row, col) -> float:
        """known_at from the parts (part) of the row and the column through the slot: the
        base, the card's points, the lines' worth, and the face-up Flixos' cost where the grid
        can keep them (the card's own if it is one; less what the two lines do for each)."""
        cost = sl.base + self.w_score * v - row[0] - col[0]
        if sl.safe:
            return cost
        u, other = row[1], col[1]
        if u is None and other is None:
            return cost + (sl.k0 + self.w_known if flixo else sl.k0)
        known = self.w_known
        flixos = sl.k0 + known if flixo else sl.k0
        if u is not None:
            most = max(row[2], col[2]) if other == u else row[2]
            if other == u:
                other = None
            gain = most - sl.progress.get(u, 0.0)
            if gain > 0:
                flixos -= known * gain
        if other is not None:
            gain = col[2] - sl.progress.get(other, 0.0)
            if gain > 0:
                flixos -= known * gain
        return cost + flixos

    def special(self, sl):
        """sl.special, made when first asked."""
        if sl.special is None:
            sl.special = sl.row[0].keys() | sl.col[0].keys()
        return sl.special

    def generic_costs(self, m, sl) -> tuple:
        """(known_at less score * value for a number card, the same for a Flixo) of every card
        that is not special at `sl`'s slot, made once per slot (they are the same for every
        such card that may still come)."""
        if sl.generic is None:
            costs = []
            for flixo in (False, True):
                parts = []
                for _, generic, short in (sl.row, sl.col):
                    if generic is _SELF:  # the card leads: (v, short, flixo), v still comes
                        parts.append(self.part(m, (_NEW, short, flixo)))
                    else:
                        parts.append(self.part(m, generic))
                costs.append(self.slot_cost(sl, 0, flixo, *parts))
            sl.generic = tuple(costs)
        return sl.generic

    def part(self, m, shape) -> tuple:
        """What a line of `shape` (_line_shape) adds to settle, as (cost taken off, Flixo value
        helped or None, share of its cost taken off): line_part's (None, worth) is (worth, None,
        0.0); (v, share) is (0.0, v, share); (None, None) is (0.0, None, 0.0). A shape of value
        _NEW is that of a card still to come, not in the grid (generic_costs)."""
        found = m.parts.get(shape)
        if found is None:
            v, short, flixo = shape
            w = self.w
            if short and v is not _NEW and not m.comes[v]:
                found = _NOTHING
            elif flixo:
                found = (0.0, v, w["near"] if short <= 1 else w["far"])
            else:
                found = (w["line1"] if short <= 1 else w["line2"], None, 0.0)
            m.parts[shape] = found
        return found

    def slot_sums(self, m) -> dict:
        """slot -> SlotSums of our grid, made for every slot at once, once per model (a
        decision weighs nearly every slot)."""
        if m.slots is not None:
            return m.slots
        w = self.w
        score = w["score"]
        grid = m.grids[m.turn]
        rows, cols = len(grid), len(grid[0])
        cells = [cell for row in grid for cell in row]
        points = [m.mean_unknown if side == "down" else CARD_VALUE[card] for card, side in cells]
        total = sum(points)
        flixos = [(k, CARD_VALUE[card]) for k, (card, side) in enumerate(cells)
                  if side != "down" and card >= FLIXO // 2]
        hidden = sum([side == "down" for _, side in cells])
        not_up = len(cells) - sum([side == "up" for _, side in cells])
        safe = _safe(grid)
        o_known, o_hidden, o_risky, _, _ = m.others
        # The lines of two or more cards: their cards and line_part, as part tuples.
        cards = [tuple([cell[0] for cell in row]) for row in grid]
        columns = list(zip(*cards))
        row_parts = [self.line_part_of(m, line) for line in cards] if cols >= 2 else []
        col_parts = [self.line_part_of(m, line) for line in columns] if rows >= 2 else []
        off = sum([part[0] for part in row_parts + col_parts])
        # (row index or rows + column index, part) of the lines that help a face-up Flixo
        helped = [(i, part) for i, part in enumerate(row_parts + col_parts)
                  if part[1] is not None]
        row_fills = [_fills_without(row) for row in grid] if cols >= 2 else None
        col_fills = [_fills_without(col) for col in zip(*grid)] if rows >= 2 else None
        # (the risk with a card put in: two kinds of slot, face down or not)
        risks = [m.risk(w, n + o_hidden, (0 if safe else n) + o_risky)
                 for n in (hidden, hidden - 1)]
        known = w["known"]
        row_shapes = [_through_shapes(line) for line in cards] if cols >= 2 else None
        col_shapes = [_through_shapes(line) for line in columns] if rows >= 2 else None
        m.slots = slots = {}
        k = 0
        for r in range(rows):
            for c in range(cols):
                sl = SlotSums()
                sl.slot = (r, c)
                slots[r, c] = sl
                side = cells[k][1]
                sl.hidden = hidden - (side == "down")
                sl.all_up = sl.hidden == 0 and not_up == (side != "up")
                sl.safe = safe
                sl.long = m.full_lines
                sl.risk = risks[side == "down"]
                sl.points = total - points[k]
                sl.base = score * sl.points - off
                if row_parts:
                    sl.base += row_parts[r][0]
                    sl.row = row_shapes[r][c]
                else:
                    sl.row = _NO_LINE
                if col_parts:
                    sl.base += col_parts[c][0]
                    sl.col = col_shapes[c][r]
                else:
                    sl.col = _NO_LINE
                sl.fills = (row_fills[r][c] if row_fills else None,
                            col_fills[c][r] if col_fills else None)
                # The Flixo progress of the lines other than the two through the slot, and the
                # cost of the face-up Flixos elsewhere with it.
                sl.progress = progress = {}
                sl.flixos = 0
                sl.k0 = 0.0
                if flixos:
                    mine = (r if row_parts else -1, len(row_parts) + c if col_parts else -1)
                    for i, (_, u, share) in helped:
                        if i not in mine:
                            progress[u] = max(progress.get(u, 0.0), share)
                    sl.flixos = sum([j != k for j, _ in flixos])
                    if not safe:
                        sl.k0 = sum([known * (1 - progress.get(u, 0.0))
                                     for j, u in flixos if j != k])
                sl.generic = sl.reveal = sl.special = None
                sl.known = {}
                k += 1
        return m.slots

    def line_part_of(self, m, vals) -> tuple:
        """line_part of a line of cards `vals` as a part tuple (see part)."""
        v, worth = self.line_part(m, vals)
        if worth is None:
            return _NOTHING
        return (worth, None, 0.0) if v is None else (0.0, v, worth)

    def settle(self, m, grid, remove=True) -> tuple:
        """Remove full lines from `grid` and sum it up: (grid, known cost, hidden cards, hidden
        cards in a display of 2+ rows and columns, face-up Flixos there, points, all cards
        face up)."""
        w = self.w
        cost = 0.0
        if remove:
            for step in remove_full_lines(grid):
                cost -= w["reward"] * sum(is_flixo(card) for card in step["cards"])
        if not grid:
            return grid, cost + EMPTY_DISPLAY_POINTS * w["score"] - w["line1"], 0, 0, 0, -5, True
        safe = _safe(grid)
        points = 0.0
        hidden = 0
        flixos = []
        for row in grid:
            for card, side in row:
                if side == "down":
                    hidden += 1
                    points += m.mean_unknown
                else:
                    points += CARD_VALUE[card]
                    if card >= FLIXO // 2:  # (is_flixo, written out: settle is hot)
                        flixos.append(CARD_VALUE[card])
        cost += w["score"] * points
        # A line one or two cards short of removal: worth something when the number it needs
        # can still come; a Flixo in such a line is already half dealt with.
        progress = {}
        parts = m.line_parts
        # The cards of every line of two or more (grid_lines' order: rows, then columns).
        lines = [tuple([cell[0] for cell in row]) for row in grid]
        lines = (lines if len(grid[0]) >= 2 else []) + (list(zip(*lines)) if len(grid) >= 2
                                                         else [])
        for vals in lines:
            part = parts.get(vals)
            if part is None:
                part = parts[vals] = self.line_part(m, vals)
            v, worth = part
            if worth is None:
                continue
            if v is not None:
                progress[v] = max(progress.get(v, 0.0), worth)
            else:
                cost -= worth
        if not safe:
            cost += sum(w["known"] * (1 - progress.get(v, 0.0)) for v in flixos)
        return (grid, cost, hidden, 0 if safe else hidden, 0 if safe else len(flixos), points,
                hidden == 0 and all(side == "up" for row in grid for _, side in row))

    def combine(self, m, settled, top, ends, revealed=None) -> float:
        """Team cost with our display settled and `top` on the discard pile. `revealed`: a card
        that was face down and is now seen (one hidden Flixo fewer if it is one)."""
        return self.combiner(m, settled, ends)(top, revealed)

    def line_part(self, m, vals) -> tuple:
        """What a line of cards `vals` (None: unknown) adds to settle: (v, share) when it holds
        a Flixo of v, one or two cards short of removal (the share of the Flixo's cost taken
        off); (None, cost taken off) for such a line without one; (None, None): nothing."""
        shape = _LINE_SHAPES.get(vals, False)
        if shape is False:
            shape = _line_shape(vals)
        if shape is None:
            return None, None
        v, short, flixo = shape
        if short and not m.comes[v]:
            return None, None
        w = self.w
        if flixo:
            return v, w["near"] if short <= 1 else w["far"]
        return None, w["line1"] if short <= 1 else w["line2"]

    def combiner(self, m, settled, ends):
        """combine(m, settled, top, ends, revealed) as a function of (top, revealed): what does
        not depend on them is worked out once (a decision weighs a settled grid with up to
        twenty cards that may come out of it)."""
        grid, known, hidden, risky, flixos, points, all_up = settled
        o_known, o_hidden, o_risky, o_flixos, o_points = m.others
        hidden += o_hidden
        risky += o_risky
        w = self.w

        def hidden_flixos(revealed):
            return m.hidden_flixos - (revealed is not None and is_flixo(revealed))

        if ends:
            def final(top, revealed):
                p_hidden_safe = _p_all_safe(hidden, risky, hidden_flixos(revealed))
                p_win = p_hidden_safe if not flixos + o_flixos else 0.0
                return w["loss"] * (1 - p_win) + w["score"] * (points + o_points)
            return final
        last = m.view["last_display"]
        if last is None and all_up:
            last = (m.turn - 1) % m.people  # we start the final turns now
        if last is not None:
            # The final turns: a display that has had its last turn keeps its Flixos; one still
            # to play can deal with one face-up Flixo at best (its player may be the last and
            # leave it on the discard pile). A Flixo we discard goes to the next display.
            still = {(m.turn + k) % m.people for k in range(1, (last - m.turn) % m.people + 1)}
            nxt = (m.turn + 1) % m.people

            def final_turns(top, revealed):
                p_hidden_safe = _p_all_safe(hidden, risky, hidden_flixos(revealed))
                p_win = p_hidden_safe * (0.0 if flixos else 1.0)
                for d, n in m.other_flixos.items():
                    n += top is not None and is_flixo(top) and d == nxt and not m.other_safe[d]
                    if n:
                        p_win *= w["fix"] ** min(n, 2) if d in still else 0.0
                return w["loss"] * (1 - p_win) + w["score"] * (points + o_points)
            return final_turns
        return Running(self, m, known + o_known, m.risk(w, hidden, risky))


class SlotSums:
    """Our grid seen from one slot (FlixoBot.slot_sums): what settle sums with a card put
    there, split into what the card does not change and the two lines through it.

    slot          (row, col)
    base          settle's cost without the card: score times the other cards' points, less
                  the worth of the lines other than the slot's row and column
    points        the other cards' points; flixos: the Flixos shown elsewhere
    hidden        face-down cards elsewhere; all_up: every other card is face up (a card put
                  here begins the final turns); safe: the grid cannot keep a Flixo (_safe)
    risk          the Running risk with a card put here (TeamModel.risk)
    progress      the Flixo progress of the lines other than the slot's row and column
    k0            the face-up Flixos' cost elsewhere with that progress (0.0 when safe)
    row, col      _through_shapes of the row and the column through the slot (_NO_LINE: none)
    fills         the values that would fill the row and the column (None: none; lines
                  leave: the long way); long: every card goes the long way (a line is full
                  already)
    special       the cards whose row or column shape is not the generic one (FlixoBot.special)
    generic       FlixoBot.generic_costs; reveal: FlixoBot.reveal_known (None until asked)
    known         card -> FlixoBot.known_at
    """

    __slots__ = ("slot", "base", "points", "flixos", "hidden", "all_up", "safe", "risk",
                 "progress", "k0", "row", "col", "fills", "long", "special", "generic",
                 "reveal", "known")


_NOTHING = (0.0, None, 0.0)  # FlixoBot.part of a line that adds nothing
_SELF = "self"  # _through_shapes: the card put in leads its line
_NEW = "new"  # FlixoBot.part: the value of a card still to come (in no line of the grid)
_NO_LINE = ({}, None, 0)  # _through_shapes where there is no line (of two or more cards)
_NEVER = float("inf")  # a cost never chosen


def _through_shapes(line: tuple) -> tuple:
    """Per position k of a line of cards `line` (None: unknown): the _line_shape of the line
    with a known card put at k instead, for every card at once: (special, generic,
    len(line) - 1).

    `special` maps the cards of the values the other cards show (v and FLIXO + v for each) to
    their shapes. Any other card has the shape `generic`: a fixed shape, None, or _SELF (the
    card's own value v leads the line: (v, len(line) - 1, the card is a Flixo)). Remembered in
    _THROUGH (a pure function of the cards; shared, so read-only)."""
    found = _THROUGH.get(line)
    if found is not None:
        return found
    n = len(line)
    found = []
    for k in range(n):
        others = line[:k] + line[k + 1:]
        special = {}
        generic = None
        if others.count(None) <= 2:
            known = [CARD_VALUE[card] for card in others if card is not None]
            for v in set(known):
                for card in (v, FLIXO + v):
                    vals = others[:k] + (card,) + others[k:]
                    shape = _LINE_SHAPES.get(vals, False)
                    special[card] = _line_shape(vals) if shape is False else shape
            most = max([known.count(v) for v in known], default=0)
            if most >= 2:  # a card of another value does not change which value leads
                v = next(v for v in known if known.count(v) == most)
                generic = (v, n - most, FLIXO + v in others) if n - most <= 2 else None
            elif n - 1 <= 2:  # every value shown once, the card's too: the first one leads
                first = next((i for i, card in enumerate(others) if card is not None), k)
                if first < k:
                    generic = (known[0], n - 1, FLIXO + known[0] in others)
                else:
                    generic = _SELF
        found.append((special, generic, n - 1))
    if len(_THROUGH) >= _THROUGH_MOST:
        _THROUGH.clear()
    found = _THROUGH[line] = tuple(found)
    return found


_THROUGH: dict = {}  # line cards -> _through_shapes; a cache of a pure function
_THROUGH_MOST = 5_000  # emptied when it holds this many (~5 MB; a game adds ~80)


class Running:
    """FlixoBot.combiner while the game runs on: the cost is `known` plus what the top of the
    discard pile means for the next display, plus the hidden Flixos' cost `risk` (per: is the
    card revealed a Flixo; None: no card is hidden)."""

    __slots__ = ("bot", "m", "known", "risk")

    def __init__(self, bot, m, known, risk):
        self.bot, self.m, self.known, self.risk = bot, m, known, risk

    def __call__(self, top, revealed) -> float:
        cost = self.known + self.bot.feed_cost(self.m, top, False)
        if self.risk is not None:
            cost += self.risk[revealed is not None and is_flixo(revealed)]
        return cost


def _line_shape(vals) -> tuple | None:
    """A line of cards `vals` (None: unknown) for FlixoBot.line_part: (v, cards short of
    showing only v, whether the Flixo of v is in it), v the number most of its cards show (the
    first of those on a tie); None when it is more than two cards short (or none is known).
    Remembered in _LINE_SHAPES: a pure function of the cards, asked for again and again."""
    shape = None
    if vals.count(None) <= 2:
        known = [CARD_VALUE[card] for card in vals if card is not None]
        if known:
            v = max(known, key=known.count)
            short = len(vals) - known.count(v)
            if short <= 2:
                shape = (v, short, FLIXO + v in vals)
    if len(_LINE_SHAPES) >= _LINE_SHAPES_MOST:
        _LINE_SHAPES.clear()
    _LINE_SHAPES[vals] = shape
    return shape


_LINE_SHAPES: dict = {}  # line cards -> _line_shape; a cache of a pure function
_LINE_SHAPES_MOST = 50_000  # emptied when it holds this many (~9 MB; a game adds ~500)


def _fills_without(cells) -> list:
    """Per slot of a line of `cells`, the value a card there must show to make the line full
    (the other cards' when they are all face up and of one value; None: none can)."""
    shown = [CARD_VALUE[card] if side == "up" else None for card, side in cells]
    fills = [None] * len(shown)
    if len(shown) >= 2 and shown.count(None) <= 1:
        for k in range(len(shown)):
            others = shown[:k] + shown[k + 1:]
            if None not in others and others.count(others[0]) == len(others):
                fills[k] = others[0]
    return fills


def _p_all_safe(hidden: int, risky: int, flixos: int) -> float:
    """The chance that `flixos` hidden Flixos, spread over `hidden` face-down cards, all lie
    outside the `risky` ones (those in displays of 2+ rows and columns)."""
    key = (hidden, risky, flixos)
    p = _SAFE_ODDS.get(key)
    if p is None:
        p = 1.0
        for i in range(flixos):
            p *= max(0, hidden - risky - i) / max(1, hidden - i)
        _SAFE_ODDS[key] = p
    return p


_SAFE_ODDS: dict = {}  # (hidden, risky, flixos) -> odds; a cache of a pure function



def new_game(players: int, options: dict, seed: int) -> FlixoState:
    return FlixoState(players, options, seed)


INFO = GameInfo(
    id="flixo",
    name="Flixo",
    min_players=1,
    max_players=5,
    realtime=False,
    cooperative=True,
    pitch="Find the Flixos hidden in your card displays and clear them out together.",
    new=new_game,
    action_types=(TakeDiscard, Draw, SwapDrawn, DiscardAndReveal, RewardPeek),
    bots=bot_levels(FlixoBot),
    default_options={"level": 1, "large_displays": False, "flixos": 0},
    printed_players=(2, 5),
    event_kinds=EVENT_KINDS,
)
FlixoState.info = INFO
# FlixoState._apply: the method that applies each action type.
_HANDLERS = {TakeDiscard: FlixoState._take_discard, Draw: FlixoState._draw,
             SwapDrawn: FlixoState._swap_drawn, DiscardAndReveal: FlixoState._discard_and_reveal,
             RewardPeek: FlixoState._reward_peek}
