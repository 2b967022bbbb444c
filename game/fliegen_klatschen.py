"""Fliegen klatschen: reveal cards in turn; when catching opens, everybody slaps at once.

The rules as printed (the printed rulebook; our summary: docs/rules-notes.md), made real-time:

* 112 cards, six fly colours x 16 (values 2x1, 4x2, 4x3, 4x4, 2x5) and 16 flyswatters, shuffled
  and spread face down. The core holds them by index 0..111; each has a place (face down, face
  up, in a winning stack, discarded, back in the box), a seeded back pattern and a spread hint.
* The active player reveals a face-down card of their choice (`Reveal(card)`). A turn timer (a
  digital addition) reveals a random card for them at the deadline.
* Catching opens when a flyswatter is revealed or at least five colours lie face up, checked
  after every reveal. Catchable: the most represented colour(s) among the face-up flies, the
  revealed card included.
* Everyone slaps (`Slap(hand, card)`): two hands each with 2-4 players, one with 5-8; every hand
  slaps at most once per catch. Slaps arrive in stamp order; the first hand on a card is at the
  bottom and takes it. A wrong slap (wrong colour, a face-down card, the swatter) costs the last
  fly of the slapper's winning stack as it was before this catch, one per wrong slap.
* The window closes when every catchable fly has a hand under it, every hand has slapped, or
  CATCH_MS after the onset. A triggering swatter is discarded then.
* The round ends once the last card is revealed (and caught over); face-up leftovers are
  discarded; the highest total wins; a tie plays a further round (all play, only the tied can
  win it; at most MAX_TIE_ROUNDS, then a shared win).
* Digital additions: a slap while catching is closed is a false start (counted, costs the last
  fly, and the hand sits out the next catch); `VoidRound()` voids a catch in flight when a pad
  is lost.

Events (kinds declared once below, in EVENT_KINDS; player None unless said):
    card_revealed     player: {card, face, value, onset, by_timer}: a card turned (a stimulus)
    catch_opened      {colours, cards, trigger, onset, closes_at, reopened}: slap now
    nothing_to_catch  player: {card}: a swatter with no fly face up goes straight out
    turn              player (the one to reveal): {deadline}
    slap              player: {hand, card, ms, correct, bottom, under, by_ms}
    false_start       player: {hand, card, lost}: a slap while catching was closed
    catch_voided      player (whose pad went): {reopen_at}
    catch_closed      `last_catch` ({reason, trigger, onset, closed, players: per player their
                      slaps, gained, penalties, lost, false_starts; contests}) and
                      "reactions": every slap of the catch as a game.reactions.Reaction dict,
                      kind "slap", ms from the onset, correct: the right colour. Only the event
                      carries "reactions".
    round_over        {round, scores, cleared, leaders}
    tie_round         {round, contenders}
    game_over         {scores, round_scores, winners, summary}

The highlight, for the results screen (issue 15): `view(None)["highlight"]` (every seat's view
too) is None until the game is over, then the fattest fly caught, as plain data:
    {"kind": "fattest_fly", "title": a heading,
     "text": one sentence in which {p0}, {p1} ... stand for the names of seats 0, 1 ... (fill
             with text.format(p0=name0, p1=name1, ...)),
     "players": the seats it names (the catcher first), "seat": the catcher,
     "colour", "value": the fly, "ms": the catch's time from the onset, "round",
     "margin_ms": how far ahead of the next hand on that card (None: nobody else slapped it),
     "beaten": whose hand came next (None: nobody's; the catcher's own other hand: themselves)}
The fattest fly is the highest value caught; among equals the quickest catch. With no fly
caught: {"kind": "no_fly", "title", "text", "players": []}.

Open details are decided in the tables below and written up in
docs/rules-notes.md (Fliegen klatschen). Time `t` is game time in ms; the core never reads a clock.
"""

from __future__ import annotations

import copy
import math
import random
from bisect import bisect_left, insort
from collections import Counter
from dataclasses import dataclass
from itertools import chain, compress, repeat
from operator import eq, itemgetter, or_

from .bots import bot_levels
from .core import (SIMULTANEOUS, TERMINAL, Event, GameInfo, IllegalAction, Interrupt, Outcome,
                   State)
from .reactions import reaction_data
from .reactions import summary as time_summary
from .words import plural

# -- events (GameInfo.event_kinds; what each carries: the module docstring) -------------------

CARD_REVEALED = "card_revealed"
CATCH_OPENED = "catch_opened"
NOTHING_TO_CATCH = "nothing_to_catch"
TURN = "turn"
SLAP = "slap"
FALSE_START = "false_start"
CATCH_VOIDED = "catch_voided"
CATCH_CLOSED = "catch_closed"
ROUND_OVER = "round_over"
TIE_ROUND = "tie_round"
GAME_OVER = "game_over"
EVENT_KINDS = frozenset({CARD_REVEALED, CATCH_OPENED, NOTHING_TO_CATCH, TURN, SLAP, FALSE_START,
                         CATCH_VOIDED, CATCH_CLOSED, ROUND_OVER, TIE_ROUND, GAME_OVER})

# -- the cards ----------------------------------------------------------------------------------

COLOURS = ("blue", "yellow", "green", "violet", "orange", "red")
SWATTER = "swatter"
FLY_VALUES = {1: 2, 2: 4, 3: 4, 4: 4, 5: 2}  # value -> cards of it per colour (16)
SWATTERS = 16
CARDS = len(COLOURS) * sum(FLY_VALUES.values()) + SWATTERS  # 112

# Card backs are coloured and patterned so that some flies camouflage against them. The back of
# a card is drawn at random and independently of its face, so it tells nothing about the face.
BACK_COLOURS = COLOURS
BACK_MOTIFS = ("leaves", "dots", "stripes")

# -- table constants (choices the rulebook leaves open) -------------------------------------------

FIVE_COLOURS = 5          # "flies in 5 different colours": at least five of the six
TURN_MS = 6000            # turn timer (digital addition): then a random card is revealed
CATCH_MS = 3000           # the catch window closes this long after the onset at the latest
REOPEN_MS = 2000          # after VoidRound: "ready, steady" before the catch opens again
GRACE_MS = 400            # a slap this soon after a catch closed is refused as too late,
                          # not counted as a false start
MAX_TIE_ROUNDS = 2        # further rounds after a tie; still tied after them: shared win
MAX_VOIDS = 2             # a catch can be voided this often; then it is played out


def hands_for(players: int) -> int:
    """Two hands with 2 to 4 players, one with 5 to 8 (rulebook)."""
    return 2 if players <= 4 else 1


REMOVE_CHOICES = (0, 16, 32, 48)  # variant: cards put back in the box, for the lobby menu
MAX_REMOVE = 80                   # any option value from 0 to this is accepted

# Card places.
DOWN, UP, STACK, DISCARD, BOX = "down", "up", "stack", "discard", "box"
ON_TABLE = (DOWN, UP)
_ON_TABLE = frozenset(ON_TABLE)


def deck() -> list[tuple[str, int]]:
    """All 112 cards as (face, value), in a fixed order; swatters have value 0."""
    cards = [(colour, value) for colour in COLOURS
             for value, count in FLY_VALUES.items() for _ in range(count)]
    return cards + [(SWATTER, 0)] * SWATTERS


SORTED_DECK = sorted(deck())
FACES = (*COLOURS, SWATTER)


def catch_opens(up_faces, revealed: str) -> bool:
    """Does revealing `revealed` (already counted in `up_faces`, the faces lying face up) open
    catching? A swatter does; so do flies of at least FIVE_COLOURS colours face up."""
    return opens_with(colour_counts(up_faces), revealed)


def catchable_colours(up_faces) -> list[str]:
    """The most represented fly colour(s) among the face-up cards (several when tied; none
    when no fly lies face up), in COLOURS order."""
    return catchable_of(colour_counts(up_faces))


def colour_counts(up_faces) -> list[int]:
    """How many face-up flies of each colour, in COLOURS order."""
    faces = list(up_faces)
    return [faces.count(c) for c in COLOURS]  # (counted in C)


def opens_with(counts: list, revealed: str) -> bool:
    """catch_opens, from the colour_counts of the face-up cards (the core keeps them)."""
    return revealed == SWATTER or len(COLOURS) - counts.count(0) >= FIVE_COLOURS


def catchable_of(counts: list) -> list[str]:
    """catchable_colours, from the colour_counts of the face-up cards."""
    best = max(counts)
    return list(compress(COLOURS, map(eq, counts, repeat(best)))) if best else []


# One reaction record per slap. Kept in the state as plain lists in this field order (they are
# hashed with the state after every step, so they are kept small); `reaction_records()` gives
# them as dicts.
REACTION_FIELDS = ("round", "player", "hand", "card", "face", "value", "ms", "correct", "won",
                   "contested", "by_ms")


def reaction_summary(reactions: list, false_starts: list, players: int) -> list[dict]:
    """Per player for the end screen: slaps, correct slaps, flies won, median and best time
    (ms from onset) of the correct slaps, false starts. `reactions`: slap records (dicts with
    player, ms, correct and won)."""
    columns = [[r[name] for r in reactions] for name in ("player", "ms", "correct", "won")]
    return summary_of(*columns, false_starts, players)


def summary_of(seat: list, ms: list, correct: list, won: list, false_starts: list,
               players: int) -> list[dict]:
    """reaction_summary of the slaps given as columns: each one's seat, ms, correct, won."""
    # (counted in C: a game ends with a thousand slaps, most of them wrong in random play)
    slaps, caught = Counter(seat), Counter(compress(seat, won))
    good: list = [[] for _ in range(players)]  # the times of the correct slaps
    for p, t in compress(zip(seat, ms), correct):
        good[p].append(t)
    rows = []
    for p in range(players):
        times = time_summary((t, True) for t in good[p])
        rows.append({"player": p, "slaps": slaps[p], "correct": times.correct,
                     "won": caught[p], "median_ms": times.median_ms, "best_ms": times.best_ms,
                     "false_starts": false_starts[p]})
    return rows


def _as_records(rows) -> list[dict]:
    """Compact slap records (lists in REACTION_FIELDS order) as dicts."""
    # (spelt out in order: a dict display is made twice as fast as dict(zip(...)))
    return [{"round": rnd, "player": player, "hand": hand, "card": card, "face": face,
             "value": value, "ms": ms, "correct": correct, "won": won,
             "contested": contested, "by_ms": by_ms}
            for rnd, player, hand, card, face, value, ms, correct, won, contested, by_ms
            in rows]


# -- actions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reveal:
    """The active player turns over the face-down card `card`."""

    card: int


@dataclass(frozen=True)
class Slap:
    """Hand `hand` (0 or 1) of the acting seat lands on table card `card`."""

    hand: int
    card: int


@dataclass(frozen=True)
class VoidRound(Interrupt):
    """Any seat, while a catch is in flight: the catch is void (a pad was lost). Its slaps are
    undone and it opens again REOPEN_MS later with a fresh onset. At most MAX_VOIDS times per
    catch, so that the game always moves on."""


# Actions are plain values; building them once keeps legal_actions cheap.
REVEALS = [Reveal(i) for i in range(CARDS)]
SLAPS = [[Slap(h, i) for i in range(CARDS)] for h in range(2)]
VOID = VoidRound()


# -- the state ----------------------------------------------------------------------------------


class FliegenKlatschen(State):
    """Phases: "reveal" (the active seat turns a card; any slap is a false start), "catch" (the
    window is open), "countdown" (a voided catch waits to open again), "over"."""

    # Views and legal actions are asked for many times between changes (every bot, every
    # frame). They are cached here, outside vars(self), so caches never enter the snapshot or
    # the hash. They are keyed by counters: `_changes` counts every change (each apply, each
    # deadline that passes), `_moves` every change of a card's place, `_downs` every change of
    # which cards lie face down (what reveals are made of), `_ons` every change of which lie
    # on the table at all (what slaps are made of; a card turned up is not one, nor a fly going
    # from a stack to the discard). `_legal` holds every seat's legal actions, made for all
    # seats at once when first asked for (None: not yet) and dropped by every change that may
    # alter any seat's; a slap that leaves the phase as it was changes only the slapper's own
    # hands, so only their entry is made again. A card turned up or leaving the table is
    # taken out of the kept reveals and slaps (_revealed, _left_table).
    # So the state must change only through apply and tick: code that edits one by hand (a
    # test building a position) does so before asking for views or legal actions.
    # The catch in flight keeps three counts, also outside vars(self) (they follow from the
    # catch and the frozen hands, see _count_catch): `_to_slap`, the hands that may still slap;
    # `_untaken`, the catchable cards with no hand under them yet; `_bottoms`, card -> the
    # record of the bottom hand on it. So a slap needs no walk over hands or slaps.
    __slots__ = ("_table_cache", "_view_cache", "_layout_cache", "_lists_cache", "_legal",
                 "_summary_cache", "_changes", "_moves", "_downs", "_ons",
                 "_to_slap", "_untaken", "_bottoms")

    def __init__(self, players: int, options: dict, seed: int):
        super().__init__(players, options, seed)
        self._table_cache = self._view_cache = self._layout_cache = None
        self._lists_cache = self._summary_cache = None
        self._legal: list | None = None
        self._changes = self._moves = self._downs = self._ons = 0
        self._to_slap = self._untaken = 0
        self._bottoms: dict = {}
        remove = self.options["remove"]
        if not _is_count(remove):
            raise ValueError(f"remove must be a whole number 0 to {MAX_REMOVE}, not {remove!r}")
        self.hands = hands_for(players)
        self.turn = 0                  # seat 0 starts (the lobby seats the youngest there)
        self.round = 0                 # 0: the game; 1..MAX_TIE_ROUNDS: tie-break rounds
        self.contenders = list(range(players))  # who can still win
        self.round_scores: list = []   # totals of each finished round
        self.winners: list = []
        self.reactions: list = []      # one record per slap of every closed catch (compact)
        self.false_starts = [0] * players
        self.last_catch = None         # result of the latest closed catch, for the view
        self.highlight = None          # the results screen's payoff, at the end (docstring)
        self._deal(0)

    # -- setting up a round ----------------------------------------------------------------------

    def _deal(self, at: int) -> None:
        cards = deck()
        self.rng.shuffle(cards)
        self.face = [f for f, _ in cards]
        self.value = [v for _, v in cards]
        self.place = [DOWN] * CARDS
        for i in self.rng.sample(range(CARDS), self.options["remove"]):
            self.place[i] = BOX
        self._moves += 1
        self._downs += 1
        self._ons += 1
        # Backs and spread follow from one number, so that the state (hashed after every step
        # in the tests) holds one number instead of 560 that never change in a round.
        self.layout_seed = self.rng.getrandbits(32)
        self.stacks: list = [[] for _ in range(self.players)]
        self.discard: list = []
        # A hand that false-started sits out the next catch (frozen until that catch closes).
        self.frozen = [[False] * self.hands for _ in range(self.players)]
        self.early = [0] * self.players  # false starts since the last catch closed
        self.grace_until = at            # slaps before this are refused as too late
        self.catch = None
        self.phase = "reveal"
        self.turn_started = at

    def layout(self) -> tuple[list, list]:
        """(backs, spread) of this round, drawn from `layout_seed`: a back "colour/motif" per
        card, independent of its face, and a loose spread hint per card on the table:
        (x, y, tilt), x and y in per mille of the table and the tilt in degrees, on a jittered
        grid so that every card stays reachable (the scene may push overlapping cards apart).
        Cards in the box get None."""
        key = (self.layout_seed, self.options["remove"])
        if self._layout_cache is None or self._layout_cache[0] != key:
            rng = random.Random(self.layout_seed)
            backs = [f"{rng.choice(BACK_COLOURS)}/{rng.choice(BACK_MOTIFS)}"
                     for _ in range(CARDS)]
            table = [i for i in range(CARDS) if self.place[i] != BOX]
            cols = max(1, round(math.sqrt(len(table) * 16 / 9)))
            rows = max(1, math.ceil(len(table) / cols))
            cells = [(c, r) for r in range(rows) for c in range(cols)]
            rng.shuffle(cells)
            spread: list = [None] * CARDS
            for i, (c, r) in zip(table, cells):
                x = (c + 0.5 + rng.uniform(-0.3, 0.3)) / cols
                y = (r + 0.5 + rng.uniform(-0.3, 0.3)) / rows
                spread[i] = (round(x * 1000), round(y * 1000), rng.randint(-25, 25))
            self._layout_cache = (key, backs, spread)
        return self._layout_cache[1], self._layout_cache[2]

    # -- the protocol ----------------------------------------------------------------------------

    def current_player(self) -> int:
        # Anyone may slap at any moment (too early is a false start), so all seats act at once.
        return TERMINAL if self.phase == "over" else SIMULTANEOUS

    def _legal_actions(self, player: int) -> list:
        # Made once until something changes them (see __slots__) and shared: read-only, like
        # views.
        return (self._legal or self._kept_legal())[player]

    def _kept_legal(self) -> list:
        # (a driver asks every seat after a change: all are made at once)
        if self._legal is None:
            self._legal = self._legal_of(range(self.players))
        return self._legal

    def _legal_of(self, seats) -> list:
        """The legal actions of each of `seats`, found or made (see _lists)."""
        phase = self.phase
        if phase == "over":
            return [[] for _ in seats]
        lists = self._lists_cache
        if lists is None or lists["key"] != self._ons:
            lists = self._lists()
        # Seats mostly have the same actions: each combination is put together once per table
        # (the active seat's, with its reveals, once per card turned), keyed by what decides
        # it in this phase: the seat's frozen hands, and in a catch its used ones (and whether
        # it may still void), in the reveal phase whether slaps are too late and whose turn.
        # (Keys are unpacked tuples, made in C; a seat whose hands are as the seat's before
        # gets its list without one: after a change every seat is asked, mostly all alike.)
        frozen, found = self.frozen, []
        same = actions = None  # the hands of the seat before (a catch: frozen, used), its list
        if phase == "catch":
            used = self.catch["used"]
            for p in seats:
                hands = frozen[p], used[p]
                if hands != same:
                    same, actions = hands, self._catch_legal(p)
                found.append(actions)
        elif phase == "reveal":
            late = self.now < self.grace_until  # (slaps are refused as too late)
            turn, started = self.turn, self.turn_started
            for p in seats:
                # (each turn its own lists: a new turn is news to a CPU, see FlyBot.quiet in
                # game/bots/fliegen_klatschen.py)
                if p == turn:
                    kept = lists["reveals"]
                    if kept is None or kept[0] != self._downs:
                        down = cards_at(self.place, DOWN)
                        kept = lists["reveals"] = [self._downs, _pick(REVEALS, down), {}, down]
                    key = (*frozen[p], late, turn, started)
                    mine = kept[2].get(key)
                    if mine is None:
                        mine = kept[2][key] = self._made_legal(
                            kept[1], [f or late for f in frozen[p]], False)
                    found.append(mine)
                    continue
                if frozen[p] != same:
                    same, key = frozen[p], (*frozen[p], late, turn, started)
                    actions = lists["reveal"].get(key)
                    if actions is None:
                        actions = lists["reveal"][key] = self._made_legal(
                            (), [f or late for f in frozen[p]], False)
                found.append(actions)
        else:  # the countdown after a void: a slap is a false start
            known = lists["countdown"]
            for p in seats:
                if frozen[p] != same:
                    same, key = frozen[p], tuple(frozen[p])
                    actions = known.get(key)
                    if actions is None:
                        actions = known[key] = self._made_legal((), frozen[p], False)
                found.append(actions)
        return found

    def _catch_legal(self, player: int) -> list:
        """The legal actions of seat `player` while a catch is open (see _legal_of); the lists
        are those of the table now."""
        catch, frozen = self.catch, self.frozen[player]
        used, void = catch["used"][player], catch["voids"] < MAX_VOIDS
        known = self._lists_cache["catch"]
        actions = known.get((*frozen, *used, void))
        if actions is None:
            actions = known[(*frozen, *used, void)] = self._made_legal(
                (), map(or_, frozen, used), void)
        return actions

    def _made_legal(self, actions, blocked, void: bool) -> list:
        """`actions`, then the slaps of each hand not `blocked`, then VOID if `void`."""
        found = list(actions)
        for slaps, out in zip(self._lists_cache["slaps"], blocked):
            if not out:
                found += slaps
        if void:
            found.append(VOID)
        return found

    def _apply(self, player: int, action) -> list[Event]:
        # (apply and apply_now refuse every action once the game is over: the phase is not
        # "over" here)
        self._changes += 1
        if isinstance(action, Slap):
            phase = self.phase
            events = self._slap(player, action.hand, action.card)
            if self.phase != phase:
                self._legal = None
            elif self._legal is not None:
                # A slap that closed nothing changed the slapper's own hands (used, frozen)
                # and stacks: no other seat's legal actions. (Made now: a driver asks next.
                # The table is the one the kept lists were made for: cards leave it only
                # when the phase changes.)
                self._legal[player] = (self._catch_legal(player) if phase == "catch"
                                       else self._legal_of((player,))[0])
            return events
        self._legal = None
        if isinstance(action, Reveal):
            return self._reveal(player, action.card)
        if isinstance(action, VoidRound):
            return self._void(player)
        raise IllegalAction("unknown action", repr(action))

    def next_deadline(self) -> int | None:
        phase = self.phase  # (most of a game is spent catching: that phase is asked first)
        if phase == "catch":
            return self.catch["closes_at"]
        if phase == "reveal":
            return self.turn_started + TURN_MS
        if phase == "countdown":
            return self.catch["reopen_at"]
        return None

    def _tick(self, t: int) -> list[Event]:
        events = []
        if self.now < self.grace_until <= t:  # slaps stop being "too late": legal changes
            self._legal = None
        while True:
            due = self.next_deadline()
            if due is None or due > t:
                return events
            self._changes += 1
            self._legal = None
            if self.phase == "reveal":  # turn timer: a random card is revealed for them
                down = cards_at(self.place, DOWN)
                events += self._turn_over(self.turn, self.rng.choice(down), due, by_timer=True)
            elif self.phase == "catch":
                events += self._close(due, "time")
            else:
                events += self._open(due, reopened=True)

    # -- revealing -------------------------------------------------------------------------------

    def _reveal(self, player: int, card) -> list[Event]:
        if self.phase != "reveal":
            raise IllegalAction("no reveal during a catch", f"phase {self.phase}")
        if player != self.turn:
            raise IllegalAction("not your turn", f"seat {self.turn} reveals, not seat {player}")
        if not 0 <= card < CARDS or self.place[card] != DOWN:  # (an int: the core checked)
            raise IllegalAction("reveal a face-down card", f"card {card!r}")
        return self._turn_over(player, card, self.now, by_timer=False)

    def _turn_over(self, player: int, card: int, at: int, by_timer: bool) -> list[Event]:
        self.place[card] = UP
        self._moves += 1
        self._revealed(card)
        events = [Event(CARD_REVEALED, player, {
            "card": card, "face": self.face[card], "value": self.value[card], "onset": at,
            "by_timer": by_timer})]
        up = self._face_up_by_face()
        counts = list(map(len, map(up.__getitem__, COLOURS)))
        if opens_with(counts, self.face[card]):
            colours = catchable_of(counts)
            if colours:
                self.catch = {
                    "trigger": card, "colours": colours,
                    "cards": (list(up[colours[0]]) if len(colours) == 1 else
                              sorted(chain.from_iterable(up[c] for c in colours))),
                    "onset": at, "closes_at": at + CATCH_MS, "reopen_at": None, "voids": 0,
                    "slaps": [], "used": [[False] * self.hands for _ in range(self.players)]}
                return events + self._open(at, reopened=False)
            # A swatter with no fly on the table: nothing to catch, it goes straight out.
            self.place[card] = DISCARD
            self._left_table([card])
            self.discard.append(card)
            events.append(Event(NOTHING_TO_CATCH, player, {"card": card}))
        return events + self._next_turn(at)

    def _open(self, at: int, reopened: bool) -> list[Event]:
        catch = self.catch
        catch["onset"] = at
        catch["closes_at"] = at + CATCH_MS
        catch["reopen_at"] = None
        self.phase = "catch"
        events = [Event(CATCH_OPENED, None, {
            "colours": catch["colours"], "cards": catch["cards"],  # (never changed: shared)
            "trigger": catch["trigger"], "onset": at, "closes_at": catch["closes_at"],
            "reopened": reopened})]
        # (a fresh count: no hand has slapped; frozen hands may not)
        self._bottoms = {}
        self._untaken = len(catch["cards"])
        self._to_slap = self.players * self.hands - sum(map(sum, self.frozen))
        if not self._to_slap:  # every hand is frozen: nobody may slap
            events += self._close(at, "all slapped")
        return events

    def _next_turn(self, at: int) -> list[Event]:
        self.turn = (self.turn + 1) % self.players
        self.turn_started = at
        if DOWN not in self.place:
            return self._end_round(at)
        return [Event(TURN, self.turn, {"deadline": at + TURN_MS})]

    # -- slapping --------------------------------------------------------------------------------

    def _slap(self, player: int, hand, card) -> list[Event]:
        # (the core has checked that both are ints, never bools)
        if not 0 <= hand < self.hands:
            raise IllegalAction("no such hand", f"hand {hand!r}; {self.hands} per player")
        if not 0 <= card < CARDS or self.place[card] not in _ON_TABLE:
            raise IllegalAction("slap a card on the table", f"card {card!r}")
        if self.frozen[player][hand]:
            raise IllegalAction("hand frozen after a false start",
                                f"hand {hand} sits out the next catch")
        if self.phase != "catch":
            if self.phase == "reveal" and self.now < self.grace_until:
                raise IllegalAction("too late", "the catch is over")
            return self._false_start(player, hand, card)
        catch = self.catch
        used = catch["used"][player]
        if used[hand]:
            raise IllegalAction("one slap per hand per catch", f"hand {hand} has slapped")
        used[hand] = True
        self._to_slap -= 1
        now = self.now
        correct = card in catch["cards"]
        ms = now - catch["onset"]
        bottom = self._bottoms.get(card)
        if bottom is None:
            record = {"player": player, "hand": hand, "card": card, "t": now, "ms": ms,
                      "correct": correct, "bottom": True, "under": None, "by_ms": None}
            self._bottoms[card] = record
            data = {"hand": hand, "card": card, "ms": ms, "correct": correct, "bottom": True,
                    "under": None, "by_ms": None}
        else:
            under, by_ms = [bottom["player"], bottom["hand"]], now - bottom["t"]
            record = {"player": player, "hand": hand, "card": card, "t": now, "ms": ms,
                      "correct": correct, "bottom": False, "under": under, "by_ms": by_ms}
            data = {"hand": hand, "card": card, "ms": ms, "correct": correct, "bottom": False,
                    "under": under, "by_ms": by_ms}
        catch["slaps"].append(record)
        events = [Event(SLAP, player, data)]
        # Only a slap that claims a new card can take the last one.
        if correct and bottom is None:
            self._untaken -= 1
            if not self._untaken:
                return events + self._close(now, "all taken")
        if not self._to_slap:
            events += self._close(now, "all slapped")
        return events

    def _count_catch(self) -> None:
        """Work out the catch's counts (see __slots__) from the catch and the frozen hands, for
        a copy (_open counts a fresh catch). Frozen hands do not change while it is open: a
        slap then is no false start."""
        catch = self.catch
        self._bottoms = {s["card"]: s for s in catch["slaps"] if s["bottom"]}
        self._untaken = len(catch["cards"]) - sum(s["correct"] for s in self._bottoms.values())
        self._to_slap = list(map(or_, chain.from_iterable(catch["used"]),
                                 chain.from_iterable(self.frozen))).count(False)

    def _false_start(self, player: int, hand: int, card: int) -> list[Event]:
        """A slap while catching is closed: counted, costs the last fly of the winning stack
        (like a wrong slap), and the hand sits out the next catch, so that mashing the button
        before the trigger only hurts."""
        lost = self._lose_last(player)
        self.frozen[player][hand] = True
        self.false_starts[player] += 1
        self.early[player] += 1
        return [Event(FALSE_START, player, {"hand": hand, "card": card, "lost": lost})]

    def _lose_last(self, player: int):
        """Move the player's last captured fly to the discard; None if the stack is empty."""
        if not self.stacks[player]:
            return None
        card = self.stacks[player].pop()
        self.place[card] = DISCARD
        self.discard.append(card)
        self._moves += 1
        return card

    def _void(self, player: int) -> list[Event]:
        if self.phase != "catch":
            raise IllegalAction("nothing to void", "no catch in flight")
        catch = self.catch
        if catch["voids"] >= MAX_VOIDS:
            raise IllegalAction("voided often enough", f"{MAX_VOIDS} times already")
        catch["voids"] += 1
        catch["slaps"] = []
        catch["used"] = [[False] * self.hands for _ in range(self.players)]
        catch["reopen_at"] = self.now + REOPEN_MS
        self.phase = "countdown"
        return [Event(CATCH_VOIDED, player, {"reopen_at": catch["reopen_at"]})]

    def _close(self, at: int, reason: str) -> list[Event]:
        """Settle the catch: bottom hands on the right colour take their flies; every wrong slap
        costs one fly of the stack as it was before this catch; the trigger swatter goes out.
        The catch's slap records go into `last_catch` as they are (never changed after)."""
        catch = self.catch
        slaps = catch["slaps"]
        players = self.players
        place, stacks, discard, early = self.place, self.stacks, self.discard, self.early
        rnd, face, value = self.round, self.face, self.value
        self._moves += 1
        # One pass over the slaps: each seat's slaps, wrong ones and flies won, the reaction
        # records (REACTION_FIELDS; a face-down card's face stays unknown: no card has moved
        # yet) and reaction times. A bottom hand's record learns its margin from the first
        # hand to come down on top of it.
        by_seat: list = [[] for _ in range(players)]
        wrong, won = [0] * players, [[] for _ in range(players)]
        rows, timed, under = [], [], {}  # (under: card -> the record of its bottom hand)
        for s in slaps:
            p, card, ms, correct = s["player"], s["card"], s["ms"], s["correct"]
            by_seat[p].append(s)
            row = ([rnd, p, s["hand"], card, face[card], value[card], ms, correct, False, False,
                    None] if place[card] != DOWN else
                   [rnd, p, s["hand"], card, None, None, ms, correct, False, False, None])
            if s["bottom"]:
                under[card] = row
                if correct:
                    row[8] = True
                    won[p].append(card)
            else:
                row[9], row[10] = True, s["by_ms"]
                bottom = under[card]
                if not bottom[9]:  # the first on top: the bottom hand's margin
                    bottom[9], bottom[10] = True, row[10]
            if not correct:
                wrong[p] += 1
            rows.append(row)
            timed.append(reaction_data(p, "slap", ms, correct))
        self.reactions += rows
        result, gone = [], []
        for p, mine in enumerate(by_seat):
            if not mine:  # (most seats, with many players)
                result.append({"player": p, "slaps": [], "gained": [], "penalties": 0,
                               "lost": [], "false_starts": early[p]})
                continue
            lost, gained, penalties = [], won[p], wrong[p]
            if penalties:  # the flies caught before this catch, the last one first
                stack = stacks[p]
                if stack:
                    lost = stack[-penalties:][::-1]
                    del stack[-penalties:]
                    for card in lost:
                        place[card] = DISCARD
                    discard += lost
            if gained:
                for card in gained:
                    place[card] = STACK
                stacks[p] += gained
                gone += gained
            result.append({"player": p, "slaps": mine, "gained": gained, "penalties": penalties,
                           "lost": lost, "false_starts": early[p]})
        contests = []
        if len(under) < len(slaps):  # hands came down on top of others: who beat whom
            for s in slaps:
                if s["bottom"] and under[s["card"]][9]:
                    card = s["card"]
                    contests.append({
                        "card": card, "winner": s["player"], "hand": s["hand"], "ms": s["ms"],
                        "correct": s["correct"],
                        "beaten": [[x["player"], x["hand"], x["by_ms"]] for x in slaps
                                   if x["card"] == card and not x["bottom"]]})
        trigger = catch["trigger"]
        if face[trigger] == SWATTER:
            place[trigger] = DISCARD
            discard.append(trigger)
            gone.append(trigger)
        self._left_table(gone)
        self.last_catch = {"reason": reason, "trigger": trigger, "onset": catch["onset"],
                           "closed": at, "players": result, "contests": contests}
        self.catch = None
        self.early = [0] * players
        if True in chain.from_iterable(self.frozen):  # (most catches: none false-started)
            self.frozen = [[False] * self.hands for _ in range(players)]
        self.grace_until = at + GRACE_MS
        self.phase = "reveal"
        # Every slap is a reaction time (`timed`: kind "slap", from the onset; correct: the
        # right colour), reported here, where the catch settles it (game/reactions.py). Only
        # the event carries them: the state keeps its own compact records (self.reactions).
        return ([Event(CATCH_CLOSED, None, {**self.last_catch, "reactions": timed})]
                + self._next_turn(at))

    # -- the end ---------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        return [sum(map(self.value.__getitem__, stack)) for stack in self.stacks]

    def _end_round(self, at: int) -> list[Event]:
        cleared = cards_at(self.place, UP)
        self._moves += 1
        self._ons += 1
        for i in cleared:
            self.place[i] = DISCARD
            self.discard.append(i)
        scores = self.scores()
        self.round_scores.append(scores)
        best = max(scores[p] for p in self.contenders)
        tied = [p for p in self.contenders if scores[p] == best]
        events = [Event(ROUND_OVER, None, {"round": self.round, "scores": scores,
                                             "cleared": cleared, "leaders": tied})]
        if len(tied) > 1 and self.round < MAX_TIE_ROUNDS:
            self.round += 1
            self.contenders = tied
            self._deal(at)
            return events + [Event(TIE_ROUND, None, {"round": self.round, "contenders": tied}),
                             Event(TURN, self.turn, {"deadline": at + TURN_MS})]
        self.winners = tied
        self.phase = "over"
        # The fattest fly is a caught one, and the hand it beat came down on the same card
        # in the same catch, so also correct: the correct slaps alone (in random play a few
        # in ten) give the same highlight as all of them.
        rows = self.reactions
        self.highlight = fattest_fly(_as_records(compress(rows, map(itemgetter(7), rows))))
        self._summary_cache = self.summary()  # (kept for the views: it no longer changes)
        return events + [Event(GAME_OVER, None, {
            "scores": self.round_scores[0], "round_scores": self.round_scores,
            "winners": tied, "summary": self._summary_cache})]

    def summary(self) -> list[dict]:
        """reaction_summary of the game's slaps."""
        rows = self.reactions
        columns = [list(map(itemgetter(i), rows)) for i in (1, 6, 7, 8)]  # (REACTION_FIELDS)
        return summary_of(*columns, self.false_starts, self.players)

    def reaction_records(self) -> list[dict]:
        """Every slap of every closed catch: round, player, hand, card, face and value (None
        for a face-down card), ms since the onset, correct, won, contested, and by_ms: for the
        bottom hand the margin to the next hand, for a hand on top how much it lost by."""
        return _as_records(self.reactions)

    def outcome(self) -> Outcome:
        first = self.round_scores[0] if self.round_scores else self.scores()
        if self.phase != "over":
            return Outcome(scores=first, winners=[], verdict="the game is still on")
        # (the results screen names the winners: the verdict says how it was won)
        if len(self.round_scores) == 1:
            verdict = f"Won with {plural(first[self.winners[0]], 'point')}"
        elif len(self.winners) == 1:
            last = self.round_scores[-1]
            verdict = (f"Tied on {plural(max(first), 'point')}; the tie-break round was won with "
                       f"{last[self.winners[0]]}")
        else:
            verdict = f"Still tied after {MAX_TIE_ROUNDS} tie-break rounds: a shared win"
        return Outcome(scores=first, winners=list(self.winners), verdict=verdict)

    # -- what each seat may know -----------------------------------------------------------------

    def _table(self) -> dict:
        """The cards on the table (and, see _table_cards, their view entries), made once per
        change of a card's place."""
        cache = self._table_cache
        if cache is not None and cache["key"] == self._moves:
            return cache
        # A card's view entry is the same all round while it lies face down, and again while
        # it lies face up: made once and shared by the tables of the round (DOWN: the list of
        # face-down entries by card; a card: its face-up entry; STACK: each card's entry in a
        # winning stack, by card).
        entries = {}
        if cache is not None and cache["round"] == (self.round, self.layout_seed):
            entries = cache["entries"]
        lists = self._lists_cache
        if lists is not None and lists["key"] == self._ons:
            on_table = lists["on"][:]  # (the legal actions' cards on the table, kept)
        else:  # (compress and map walk the 112 places in C)
            on_table = list(compress(range(CARDS), map(_ON_TABLE.__contains__, self.place)))
        self._table_cache = {
            "key": self._moves, "round": (self.round, self.layout_seed), "entries": entries,
            "on_table": on_table, "cards": None, "parts": None}  # made when a view asks
        return self._table_cache

    def _revealed(self, card: int) -> None:
        """`card` was turned face up. Cards are turned at almost every step of a round, so the
        kept reveals lose it, and the kept face-up cards gain it, rather than being made again
        (see _lists)."""
        self._downs += 1
        lists = self._lists_cache
        if lists is None or lists["key"] != self._ons:
            return
        reveals, up = lists["reveals"], lists["up"]
        if reveals is not None and reveals[0] == self._downs - 1:
            _drop(reveals[3], (reveals[1],), (card,))
            reveals[0], reveals[2] = self._downs, {}
        if up is not None and up[0] == self._downs - 1:
            insort(up[1][self.face[card]], card)
            up[0] = self._downs

    def _left_table(self, cards: list) -> None:
        """`cards` (face up) left the table: the kept slaps and face-up cards lose them (see
        _revealed). Nothing gone, nothing changed: the kept lists stand (and so do the legal
        actions made of them, for the next catch)."""
        if not cards:
            return
        self._ons += 1
        lists = self._lists_cache
        if lists is not None and lists["key"] == self._ons - 1:
            lists["key"] = self._ons
            up = lists["up"]
            if up is not None and up[0] == self._downs:
                face = self.face
                for card in cards:
                    up[1][face[card]].remove(card)
            else:
                lists["up"] = None
            _drop(lists["on"], lists["slaps"], cards)
            lists["catch"], lists["reveal"], lists["countdown"] = {}, {}, {}
            if lists["reveals"] is not None:
                lists["reveals"][2] = {}

    def _face_up_by_face(self) -> dict:
        """The face-up cards by face (every colour and the swatter, in card order), kept with
        the lists and patched as cards turn up or leave (read-only)."""
        lists = self._lists_cache
        if lists is None or lists["key"] != self._ons:
            lists = self._lists()
        up = lists["up"]
        if up is None or up[0] != self._downs:
            by_face: dict = {face: [] for face in FACES}
            face = self.face
            for i in face_up(self.place):
                by_face[face[i]].append(i)
            up = lists["up"] = [self._downs, by_face]
        return up[1]

    def _lists(self) -> dict:
        """The slaps the cards on the table allow and the legal actions made of them, made once
        per change of which cards lie on the table; the reveals (and the active seat's legal
        actions) and the face-up cards once per change of which lie face down. A card turned up
        or leaving the table is taken out of them in place (_revealed, _left_table): they are
        the game's own, never handed out (legal actions are copies)."""
        cache = self._lists_cache
        if cache is not None and cache["key"] == self._ons:
            return cache
        on_table = list(compress(range(CARDS), map(_ON_TABLE.__contains__, self.place)))
        self._lists_cache = {
            "key": self._ons, "on": on_table,  # (the cards of the slaps, in order)
            "slaps": [_pick(SLAPS[h], on_table) for h in range(self.hands)],
            # per phase: key (see _legal_of) -> legal actions of a seat without reveals
            "catch": {}, "reveal": {}, "countdown": {},
            # [_downs, reveals, {key -> legal actions of the active seat}, their cards]
            "reveals": None,
            "up": None}  # [_downs, _face_up_by_face]
        return self._lists_cache

    def _table_cards(self) -> list:
        """The cards on the table as view entries (see _table)."""
        table = self._table()
        if table["cards"] is None:
            entries = table["entries"]
            if DOWN not in entries:  # every card's face-down entry, once a round
                backs, spread = self.layout()
                entries[DOWN] = [None if xy is None else {
                    "card": i, "up": False, "back": backs[i], "x": xy[0], "y": xy[1],
                    "tilt": xy[2]} for i, xy in enumerate(spread)]
            on_table = table["on_table"]
            cards = table["cards"] = _pick(entries[DOWN], on_table)
            for i in chain.from_iterable(self._face_up_by_face().values()):
                entry = entries.get(i)
                if entry is None:
                    entry = entries[i] = {**entries[DOWN][i], "up": True,
                                          "face": self.face[i], "value": self.value[i]}
                cards[bisect_left(on_table, i)] = entry
        return table["cards"]

    def _table_parts(self) -> dict:
        """The parts of the view that change only when cards move (as a round's end moves
        them): stacks, scores, the count of cards in the box, the discard, the round scores,
        contenders and winners; made once per change of a card's place (as the cards are)."""
        table = self._table()
        if table["parts"] is None:
            entries = table["entries"]
            if STACK not in entries:
                face, value = self.face, self.value
                entries[STACK] = [[c, face[c], value[c]] for c in range(CARDS)]
            stacked = entries[STACK].__getitem__
            table["parts"] = {
                "stacks": [list(map(stacked, s)) for s in self.stacks], "scores": self.scores(),
                "box": self.place.count(BOX), "discard": list(self.discard),
                "round_scores": [list(r) for r in self.round_scores],
                "contenders": list(self.contenders), "winners": list(self.winners)}
        return table["parts"]

    def _view(self, player: int | None) -> dict:
        """Everything is public except the faces of face-down cards and of the cards in the box.
        Winning stacks are public: everybody watched each fly being caught.

        Views are read-only: their parts are shared between views until the state changes."""
        cache = self._view_cache
        if cache is None or cache[0] != self._changes:
            cache = self._view_cache = (self._changes, self._build_view(self._table_cards()))
        return {**cache[1], "me": player, "now": self.now}

    def _build_view(self, cards: list) -> dict:
        catch = None
        if self.catch is not None:
            c = self.catch
            # (its colours and cards, as its slap records, are never changed: shared)
            catch = {"trigger": c["trigger"], "colours": c["colours"],
                     "cards": c["cards"], "onset": c["onset"],
                     "closes_at": c["closes_at"], "reopen_at": c["reopen_at"], "voids": c["voids"],
                     "slaps": list(c["slaps"]),
                     "used": [list(u) for u in c["used"]]}
        parts = self._table_parts()
        view = {
            "game": INFO.id, "me": None, "now": self.now, "phase": self.phase,
            "round": self.round, "contenders": parts["contenders"], "hands": self.hands,
            "turn": self.turn, "turn_started": self.turn_started,
            "turn_deadline": self.turn_started + TURN_MS if self.phase == "reveal" else None,
            "too_late_until": self.grace_until,
            "cards": cards, "catch": catch, "frozen": [list(h) for h in self.frozen],
            "stacks": parts["stacks"], "scores": parts["scores"], "discard": parts["discard"],
            "box": parts["box"], "round_scores": parts["round_scores"],
            "false_starts": list(self.false_starts),
            # The latest catch result is written once and never changed: shared, not copied.
            "last_catch": self.last_catch, "winners": parts["winners"],
        }
        if self.phase == "over":
            view["summary"] = self._summary_cache or self.summary()
        view["highlight"] = self.highlight
        return view

    # For __deepcopy__: lists of plain values (or of entries that are never changed), and lists
    # of such lists.
    FLAT_LISTS = ("face", "value", "place", "discard", "log", "reactions", "false_starts",
                  "early", "contenders", "winners")
    NESTED_LISTS = ("stacks", "frozen", "round_scores")

    def __deepcopy__(self, memo: dict) -> "FliegenKlatschen":
        """A full, independent copy, made cheaply: deep-copying everything made copies the
        slowest part of the tests. The histories only grow and their entries never change:
        copy the lists, share the entries. The layout is read-only; the caches are dropped."""
        other = object.__new__(type(self))
        memo[id(self)] = other
        data = dict(self.__dict__)
        for name, value in data.items():
            if name in self.FLAT_LISTS:
                data[name] = value[:]
            elif name in self.NESTED_LISTS:
                data[name] = [inner[:] for inner in value]
            elif name == "rng":
                data[name] = random.Random(0)  # (an int seed is cheaper than urandom)
                data[name].setstate(value.getstate())
            elif name == "catch" and value is not None:
                data[name] = {**value, "colours": value["colours"][:],
                              "cards": value["cards"][:], "used": [u[:] for u in value["used"]],
                              "slaps": list(value["slaps"])}  # (records never change)
            elif name == "options":
                data[name] = dict(value)
            elif not isinstance(value, (int, str, type(None))) and name != "last_catch":
                data[name] = copy.deepcopy(value, memo)  # last_catch is never changed: shared
        other.__dict__.update(data)
        other._layout_cache = self._layout_cache
        other._table_cache = other._view_cache = other._lists_cache = None
        other._legal = None
        other._summary_cache = None
        other._changes, other._moves = self._changes, self._moves
        other._downs, other._ons = self._downs, self._ons
        other._to_slap, other._untaken, other._bottoms = 0, 0, {}
        if other.catch is not None:
            other._count_catch()
        return other

    def hidden_variant(self, player: int | None, rng: random.Random) -> "FliegenKlatschen":
        other = copy.deepcopy(self)
        hidden = [i for i in range(CARDS) if self.place[i] in (DOWN, BOX)]
        faces = [(self.face[i], self.value[i]) for i in hidden]
        rng.shuffle(faces)
        for i, (f, v) in zip(hidden, faces):
            other.face[i] = f
            other.value[i] = v
        return other

    def check_invariants(self) -> None:
        assert sorted(zip(self.face, self.value)) == SORTED_DECK, "the deck changed"
        assert len(self.place) == CARDS
        stacked = sorted(c for s in self.stacks for c in s)
        assert stacked == [i for i in range(CARDS) if self.place[i] == STACK], "stacks"
        assert sorted(self.discard) == [i for i in range(CARDS) if self.place[i] == DISCARD]
        assert len(set(self.discard)) == len(self.discard), "a card discarded twice"
        assert self.place.count(BOX) == self.options["remove"], "box"
        for stack in self.stacks:
            assert all(self.face[c] != SWATTER for c in stack), "a swatter in a winning stack"
        up_swatters = [i for i, where in enumerate(self.place)
                       if where == UP and self.face[i] == SWATTER]
        trigger = [self.catch["trigger"]] if self.catch else []
        assert up_swatters in ([], trigger), "a swatter lies face up outside its catch"
        if self.phase in ("catch", "countdown"):
            c = self.catch
            assert c is not None and all(self.place[i] == UP for i in c["cards"])
            assert all(self.face[i] in c["colours"] for i in c["cards"])
            for s in c["slaps"]:
                assert self.place[s["card"]] in ON_TABLE
            bottoms = [s["card"] for s in c["slaps"] if s["bottom"]]
            assert len(bottoms) == len(set(bottoms)), "two hands at the bottom of one card"
            hands = [(s["player"], s["hand"]) for s in c["slaps"]]
            assert len(hands) == len(set(hands)), "a hand slapped twice in one catch"
            assert not any(self.frozen[p][h] for p, h in hands), "a frozen hand slapped"
            assert all(c["used"][p][h] for p, h in hands)
        else:
            assert self.catch is None
        if self.phase == "over":
            assert DOWN not in self.place and UP not in self.place
            assert self.winners and set(self.winners) <= set(self.contenders)
        assert 0 <= self.turn < self.players and self.round <= MAX_TIE_ROUNDS


def fattest_fly(records: list) -> dict:
    """The highlight (module docstring) from the slap records: the fattest fly caught (the
    quickest catch among equally fat ones), by whom, and by how much it beat the next hand."""
    caught = [r for r in records if r["won"] and r["value"] is not None]
    if not caught:
        return {"kind": "no_fly", "title": "Not one fly caught", "text": "The flies got away.",
                "players": []}
    best = min(caught, key=lambda r: (-r["value"], r["ms"], r["round"]))
    catcher = best["player"]
    beaten = None
    if best["by_ms"] is not None:  # contested: the next hand on that card (slaps are in order)
        later = records[records.index(best) + 1:]
        beaten = next(r["player"] for r in later if r["round"] == best["round"]
                      and r["card"] == best["card"] and not r["won"])
    # (fly values are 1 to 5: "a 1" ... "a 5", never "an")
    text = (f"{{p{catcher}}} caught the fattest fly, a {best['face']} {best['value']}, "
            f"in {best['ms']} ms")
    if beaten is None:
        text += ", all alone."
    elif beaten == catcher:
        text += f", {best['by_ms']} ms before their own other hand."
    elif best["by_ms"] == 0:
        text += f", in the same ms as {{p{beaten}}}: the tie-break took it."
    else:
        text += f", {best['by_ms']} ms ahead of {{p{beaten}}}."
    return {"kind": "fattest_fly", "title": "The fattest fly", "text": text,
            "players": [catcher] + ([beaten] if beaten not in (None, catcher) else []),
            "seat": catcher, "colour": best["face"], "value": best["value"],
            "ms": best["ms"], "margin_ms": best["by_ms"], "beaten": beaten,
            "round": best["round"]}


def cards_at(place: list, where: str) -> list:
    """The cards (in order) whose place is `where` (compress and map walk the places in C)."""
    return list(compress(range(CARDS), map(eq, place, repeat(where))))


def face_up(place: list) -> list:
    """cards_at(place, UP): a few cards, found by list.index (which walks in C, and finds a
    place name by identity before comparing) rather than by comparing all 112."""
    found, i = [], -1
    index = place.index
    try:
        while True:
            i = index(UP, i + 1)
            found.append(i)
    except ValueError:
        return found


def _drop(cards_of: list, actions, gone) -> None:
    """Take the cards in `gone` out of `cards_of` (cards in order, each of `gone` among them)
    and their actions out of each list in `actions` (one action per card of `cards_of`:
    reveals, or the slaps of a hand). In place: the lists the game keeps to make legal
    actions of, never handed out. (A card is found among ints, compared in C.)"""
    for card in gone:
        i = bisect_left(cards_of, card)
        del cards_of[i]
        for kept in actions:
            del kept[i]


def _pick(items: list, indices: list) -> list:
    """[items[i] for i in indices], the loop in C (itemgetter of one index gives no tuple)."""
    return list(itemgetter(*indices)(items)) if len(indices) > 1 else [items[i] for i in indices]


def _is_count(remove) -> bool:
    return isinstance(remove, int) and not isinstance(remove, bool) and 0 <= remove <= MAX_REMOVE


# The CPU players (game/bots/fliegen_klatschen.py) read the rules above: imported here,
# last, for INFO.
from .bots.fliegen_klatschen import FlyBot  # noqa: E402

INFO = GameInfo(
    id="fliegen_klatschen",
    name="Fliegen klatschen",
    min_players=2,
    max_players=8,
    realtime=True,
    cooperative=False,
    pitch="Turn cards until the swatter comes, then slap the fattest fly of the right colour.",
    new=lambda players, options, seed: FliegenKlatschen(players, options, seed),
    action_types=(Reveal, Slap, VoidRound),
    bots=bot_levels(FlyBot),
    event_kinds=EVENT_KINDS,
    default_options={"remove": 0},
    option_choices={"remove": ("Cards in play", tuple(
        (n, f"{CARDS - n} of {CARDS} (shorter game)" if n else f"all {CARDS}")
        for n in REMOVE_CHOICES))},
    printed_players=(2, 8),
)
FliegenKlatschen.info = INFO
