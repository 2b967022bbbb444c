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

from .bots import bot_levels
from .caches import remember
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


# --- cards and grids (shared by the state and the bots' model in game/bots/flixo.py) -------------

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
# with an eye token: its card is public) or "up". The bots (game/bots/flixo.py) use the same
# grids with card None where they do not know it.

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
            known = remember(_NEEDS, _NEEDS_MOST, key, _needs(grid, seen))
        numbers, wants = known
        return list(numbers), [[v, list(slot)] for v, slot in wants]
    return _needs(grid, seen)


_NEEDS: dict = {}  # (columns, seen values row by row) -> needs(grid); a cache of a pure function
_NEEDS_MOST = 10_000  # entries at most (~5 MB; a game adds ~50)


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


def new_game(players: int, options: dict, seed: int) -> FlixoState:
    return FlixoState(players, options, seed)


# The CPU players (game/bots/flixo.py) read the rules above: imported here, last, for INFO.
from .bots.flixo import FlixoBot  # noqa: E402

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
