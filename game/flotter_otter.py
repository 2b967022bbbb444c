"""Flotter Otter (Daan Kreek, Zoch 2020): the waybill stacking race.

Rules: docs/rules/flotter-otter.md. Design choices the rulebook leaves open are the
constants below; docs/rules-notes.md lists them with their reasons. The CPU players are in
game/bots/flotter_otter.py.

Everyone plays at once. Each round:

1. get ready: a short pause (READY_MS), then the top waybill of the face-down pile is revealed
   (event "waybill_revealed", carrying the onset time);
2. stack: each player stacks their own five boxes, bottom to top (PlaceBox(colour), Undo()),
   in the order of either feature, ascending or descending;
3. grab: Grab() takes the lowest grab card still there (players - 1 cards, values 1..); after
   that the player's stack is frozen. An incomplete stack may be grabbed too (and is wrong);
4. award, once all grab cards are taken (or when the round time limit runs out, a digital
   addition): per feature the correct stacker with the lowest grab card is the Flotter Otter;
   the magnifier feature's otter gets a waybill face down (2 points), the other otter face up
   (1 point); one of them gets the played waybill, the other one from the pile. A wrong or
   incomplete stack with a grab card loses one point. Event "round_result" carries everything
   the reveal screen shows; then a result pause (RESULT_MS) before the next round.

The game ends after a round in which someone reached END_WAYBILLS waybills (or when the pile
can no longer supply a round). Most points wins; a tie goes to fewer waybills, then is shared.
Option "series": three games in a row, the outcome totals them.

Time: every action carries game time in ms (the core never reads a clock). Every deadline
(the round limit and the pauses) takes effect at its time, before any action stamped then,
as everywhere in the core: a round limit of L accepts presses up to L - 1.

Events (kinds declared once below, in EVENT_KINDS; player None unless said):
    game_started      {game, games}: a game of the series begins (the waybills are dealt)
    round_ready       {game, round, reveal_at}: the get-ready pause; the waybill comes at reveal_at
    waybill_revealed  {game, round, waybill, onset}: the stimulus; times count from onset
    box_placed        player: {colour, height}
    box_removed       player: {colour, height} (Undo)
    grabbed           player: {card, ms, height}: the grab card taken, ms after the onset
    round_voided      player (whose pad went): {game, round, waybill}: not scored
    round_result      everything the reveal shows (`last_result`: orders, otters, awards,
                      penalties, per-player rows with first_box_ms / grab_ms / stack, margin_ms,
                      points ...) and "reactions": the round's reaction times as
                      game.reactions.Reaction dicts, kinds "first_box" and "grab" (correct: the
                      stack matched a feature). Only the event carries "reactions".
    game_over         {game, reason, final, points, waybills}

The highlight, for the results screen (issue 15): `view(None)["highlight"]` (every seat's view
too) is None until the game is over, then the round that decided it, as plain data:
    {"kind": "photo_finish" (the winner grabbed first, at most PHOTO_FINISH_MS before the next
             grab) or "decider" (any other way the winner took the lead for good),
     "title": a heading, "text": one sentence in which {p0}, {p1} ... stand for the names of
             seats 0, 1 ... (fill with text.format(p0=name0, p1=name1, ...)),
     "players": the seats it names (the winner first),
     "game", "round": which round, "seat": the winner, "points": their total after it,
     "margin_ms": how far their grab was ahead of the next (None: not the first grab),
     "beaten": that next grabber (or None), "grab_ms": the winner's grab time (when first)}
The deciding round is the one after which the first winner led for good (points, then fewer
waybills, as the outcome ranks). With no round scored: {"kind": "no_round", ...}.

Hidden information: the face-down pile (its order, and so the next waybill) and the waybills
dealt face down at the start of a game. Waybills won face down were seen by everyone when they
were played; views show face-down waybills only as a count anyway.
"""

from __future__ import annotations

import copy
import functools
import random
from dataclasses import dataclass

from .bots import bot_levels
from .core import (SIMULTANEOUS, TERMINAL, Event, GameInfo, IllegalAction, Interrupt, Outcome,
                   State)
from .reactions import reaction_data
from .reactions import summary as time_summary
from .waybills import COLOURS, DECK_SIZE, card, card_view
from .words import plural

# -- events (GameInfo.event_kinds; what each carries: the module docstring) -------------------

GAME_STARTED = "game_started"
ROUND_READY = "round_ready"
WAYBILL_REVEALED = "waybill_revealed"
BOX_PLACED = "box_placed"
BOX_REMOVED = "box_removed"
GRABBED = "grabbed"
ROUND_VOIDED = "round_voided"
ROUND_RESULT = "round_result"
GAME_OVER = "game_over"
EVENT_KINDS = frozenset({GAME_STARTED, ROUND_READY, WAYBILL_REVEALED, BOX_PLACED, BOX_REMOVED,
                         GRABBED, ROUND_VOIDED, ROUND_RESULT, GAME_OVER})

# -- rule constants (docs/rules-notes.md) ------------------------------------------

START_FACE_DOWN = 1  # waybills dealt face down to each player at the start (rulebook)
END_WAYBILLS = 5  # the game ends once someone holds this many waybills (rulebook)
POINTS = {"down": 2, "up": 1}  # otter points per waybill by how it lies (rulebook)
READY_MS = 2000  # get-ready pause before a waybill is revealed (digital)
ROUND_LIMIT_MS = 30_000  # a round ends this long after the reveal, grabbed or not (digital)
RESULT_MS = 5000  # the reveal screen stays this long before the next round (digital)
GAME_BREAK_MS = 8000  # in a series, the pause between one game's end and the next (digital)
SERIES_GAMES = 3  # rulebook tip: play three games and total the points
PHOTO_FINISH_MS = 500  # the highlight calls a grab this close before the next a photo finish
# A round needs the waybill it reveals plus one for a possible second otter; with fewer in the
# pile the game ends instead (only reachable with many players, voids and penalties).
MIN_PILE_FOR_ROUND = 2
# Losing a point (rulebook section 6, "give up a face-up waybill OR turn a face-down one
# over"), decided automatically in this order: giving up a face-up waybill first keeps the
# player's waybill count down (the tie-break favours fewer waybills).
PENALTY_ORDER = ("give_up_face_up", "turn_face_down")
# Which otter gets the played waybill: the magnifier otter (it lies face down, so the card from
# the pile always goes face up and its face is public). The rulebook says it is irrelevant.


# -- actions ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class PlaceBox:
    """Put the box of `colour` on top of your stack."""

    colour: str


@dataclass(frozen=True)
class Undo:
    """Take the top box off your stack again."""


@dataclass(frozen=True)
class Grab:
    """Snatch the lowest grab card still there; your stack is frozen from now on."""


@dataclass(frozen=True)
class VoidRound(Interrupt):
    """Call off the round in flight (a pad was unplugged): not scored, waybill set aside."""


# The actions the legal lists and the bots hand out: one object each (frozen, so shared).
PLACE = {colour: PlaceBox(colour) for colour in COLOURS}
UNDO, GRAB, VOID = Undo(), Grab(), VoidRound()


# -- the state ----------------------------------------------------------------------------------

class FlotterOtterState(State):
    """Zones of the 60 waybills (each id in exactly one): `pile` (face down, top = last),
    `current` (the revealed one, while a round is in flight), `down[p]` / `up[p]` (in front of
    player p), `discard` (played without an otter, or voided: set aside face up), `boxed`
    (given up as a penalty, back in the box)."""

    # Every bot looks at the table after every change, so the table's view is made once per
    # change and shared. It is kept outside vars(self) (never in the snapshot or the hash),
    # keyed by `_changes`, which counts every change (each apply, each deadline that passes):
    # the state must change only through apply and tick, or before views are asked for.
    # Each seat's row of the view is kept too (`_rows`, None: all to make); when only that
    # seat's stack or grab card changed (the seats in `_restack`), a copy gets those two
    # anew; with anything else (waybills, the pile, the phase ...) all rows and the rest of
    # the view (`_tallies`) are made again. Each seat's legal actions (`_seat_legal`) are
    # kept the same way.
    __slots__ = ("_view_cache", "_changes", "_rows", "_restack", "_tallies", "_seat_legal")

    def __init__(self, players: int, options: dict, seed: int):
        super().__init__(players, options, seed)
        self._view_cache = self._rows = self._tallies = self._seat_legal = None
        self._restack: list = []
        self._changes = 0
        self.games = SERIES_GAMES if self.options["series"] else 1
        self.game_no = 0
        self.finished: list = []  # per finished game: {"points": [...], "waybills": [...]}
        self.records: list = []  # per player per scored round: timings and correctness
        self.last_result: dict | None = None
        self.standings: list = []  # per scored round: the series standings after it, and grabs
        self.highlight: dict | None = None  # the results screen's payoff, at the end
        self.end_reason: str | None = None
        self.phase = "ready"
        self.deadline: int | None = None
        self._new_game(0)

    # -- setting up ------------------------------------------------------------------------

    def _new_game(self, t: int) -> list[Event]:
        """Shuffle all 60 waybills into the pile, deal each player one face down, and start
        the first round's get-ready pause."""
        self.game_no += 1
        self.pile = list(range(DECK_SIZE))
        self.rng.shuffle(self.pile)
        self.current: int | None = None
        self.discard: list = []
        self.boxed: list = []
        self.down = [[self.pile.pop() for _ in range(START_FACE_DOWN)] for _ in range(self.players)]
        self.up: list = [[] for _ in range(self.players)]
        self.dealt = sorted(w for hand in self.down for w in hand)  # never seen by anyone
        self.round_no = 0
        self._clear_round()
        events = [Event(GAME_STARTED, None, {"game": self.game_no, "games": self.games})]
        return events + self._start_round(t)

    def _clear_round(self) -> None:
        self.stacks: list = [[] for _ in range(self.players)]
        self.grab_cards = list(range(1, self.players))  # one less than players, lowest values
        self.grabbed: list = [None] * self.players  # grab card value per player
        self.first_box: list = [None] * self.players  # game time of the first box placed
        self.grab_time: list = [None] * self.players
        self.onset: int | None = None

    def _start_round(self, t: int) -> list[Event]:
        if len(self.pile) < MIN_PILE_FOR_ROUND:
            return self._finish_game(t, "pile")
        self._clear_round()
        self.round_no += 1
        self.phase = "ready"
        self.deadline = t + READY_MS
        return [Event(ROUND_READY, None, {"game": self.game_no, "round": self.round_no,
                                            "reveal_at": self.deadline})]

    def _reveal(self, t: int) -> list[Event]:
        self.current = self.pile.pop()
        self.onset = t
        self.phase = "stacking"
        self.deadline = t + ROUND_LIMIT_MS
        return [Event(WAYBILL_REVEALED, None, {"game": self.game_no, "round": self.round_no,
                                                 "waybill": self.current, "onset": t})]

    # -- the protocol -----------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == "over" else SIMULTANEOUS

    def _legal_actions(self, player: int) -> list:
        if self.phase != "stacking":
            # One shared empty list for every seat in every pause: a quiet bot that found
            # nothing to do is then left alone until the waybill is up (a new list).
            return _NO_ACTIONS
        kept = self._seat_legal
        if kept is None:
            kept = self._seat_legal = [None] * self.players
        actions = kept[player]
        if actions is None:
            actions = kept[player] = self._stack_legal(player)
        return actions

    def _kept_legal(self) -> list | None:
        return self._seat_legal if self.phase == "stacking" else None

    def _stack_legal(self, player: int) -> list:
        # Made once per stack (None: grabbed) and shared: read-only, like views.
        stack = None if self.grabbed[player] is not None else tuple(self.stacks[player])
        actions = _LEGAL.get(stack)
        if actions is None:
            actions = []
            if stack is not None:
                actions += [PLACE[c] for c in COLOURS if c not in stack]
                if stack:
                    actions.append(UNDO)
                actions.append(GRAB)
            actions.append(VOID)
            _LEGAL[stack] = actions
        return actions

    def next_deadline(self) -> int | None:
        return self.deadline

    def _due(self, t: int) -> bool:
        return self.deadline is not None and t >= self.deadline

    def _tick(self, t: int) -> list[Event]:
        if self.deadline is None or t < self.deadline:  # (most ticks: a bot's moment)
            return []
        events: list = []
        while self.phase != "over" and self._due(t):
            self._changes += 1
            self._seats_changed()
            due = self.deadline
            if self.phase == "ready":
                events += self._reveal(due)
            elif self.phase == "stacking":
                events += self._end_round(due, "time_limit")
            elif self.phase == "result":
                events += self._start_round(due)
            elif self.phase == "break":
                events += self._new_game(due)
        return events

    def _apply(self, player: int, action) -> list[Event]:
        self._changes += 1
        if self.phase != "stacking":
            raise IllegalAction("no round in flight", f"the table is in its {self.phase} phase")
        t = self.now
        kind = type(action)  # (exactly one of INFO.action_types: the core checked it)
        if kind is VoidRound:
            self._seats_changed()
            return self._void(player, t)
        if self.grabbed[player] is not None:
            raise IllegalAction("stack frozen after grabbing",
                                f"seat {player} holds grab card {self.grabbed[player]}")
        stack = self.stacks[player]
        if kind is PlaceBox:
            colour = action.colour
            if colour not in COLOURS:
                raise IllegalAction("no such box", repr(colour))
            if colour in stack:
                raise IllegalAction("each box once", f"{colour} is already stacked")
            stack.append(colour)
            if self.first_box[player] is None:
                self.first_box[player] = t
            self._row_changed(player)
            return [Event(BOX_PLACED, player, {"colour": colour, "height": len(stack)})]
        if kind is Undo:
            if not stack:
                raise IllegalAction("nothing to undo", "the stack is empty")
            colour = stack.pop()
            self._row_changed(player)
            return [Event(BOX_REMOVED, player, {"colour": colour, "height": len(stack)})]
        # Grab: the lowest card still there (a round in flight always has one left).
        value = self.grab_cards.pop(0)
        self.grabbed[player] = value
        self.grab_time[player] = t
        events = [Event(GRABBED, player, {"card": value, "ms": t - self.onset,
                                            "height": len(stack)})]
        self._row_changed(player)
        if not self.grab_cards:
            self._seats_changed()
            events += self._end_round(t, "all_grabbed")
        return events

    def _row_changed(self, player: int) -> None:
        """The seat's view row and legal actions are to be made again (its stack or grab card
        changed)."""
        if self._rows is not None:
            self._restack.append(player)
        if self._seat_legal is not None:
            self._seat_legal[player] = None

    def _seats_changed(self) -> None:
        """Every seat's view row and legal actions are to be made again."""
        self._rows = self._seat_legal = None
        self._restack.clear()

    def _void(self, player: int, t: int) -> list[Event]:
        waybill = self.current
        self.discard.append(waybill)
        self.current = None
        events = [Event(ROUND_VOIDED, player, {"game": self.game_no, "round": self.round_no,
                                                 "waybill": waybill})]
        return events + self._start_round(t)

    # -- scoring ----------------------------------------------------------------------------

    def _end_round(self, t: int, reason: str) -> list[Event]:
        """Award the otters, deduct for wrong grabs, record the timings (rulebook 4-6)."""
        waybill = card(self.current)
        facts = _round_facts(waybill.id)
        right = facts["right"]
        seats = range(self.players)
        grabbed, grab_time, stacks = self.grabbed, self.grab_time, self.stacks
        matched = [right.get(tuple(s)) for s in stacks]
        otters: list = [None, None]  # per feature: the right stacker with the lowest grab card
        for p in seats:
            feature = matched[p]
            if feature is not None and grabbed[p] is not None:
                best = otters[feature]
                if best is None or grabbed[p] < grabbed[best]:
                    otters[feature] = p
        awards = self._award(otters, waybill.magnifier)
        penalties = [{"seat": p, "lost": self._lose_point(p)} for p in seats
                     if grabbed[p] is not None and matched[p] is None]
        game_no, round_no, onset = self.game_no, self.round_no, self.onset
        # (onset is set while a round is in flight, and only such a round ends here)
        rows = []
        timed = []  # the round's reaction times (game/reactions.py): only the event has them
        grabs = []  # [ms, seat, right] per grab, for the standings
        records = self.records
        for p, first, grab, value, stack, match in zip(
                seats, self.first_box, grab_time, grabbed, stacks, matched):
            first_ms = None if first is None else first - onset
            grab_ms = None if grab is None else grab - onset
            correct = match is not None
            record = {
                "game": game_no, "round": round_no, "seat": p,
                "first_box_ms": first_ms, "grab_ms": grab_ms, "grab_card": value,
                "correct": correct, "feature": match,
                "otter": 0 if otters[0] == p else 1 if otters[1] == p else None,
            }
            records.append(record)
            row = dict(record)
            row["stack"] = list(stack)
            rows.append(row)
            # Each player's time to the first box and to the grab, correct when the stack
            # matched a feature.
            if first_ms is not None:
                timed.append(reaction_data(p, "first_box", first_ms, correct))
            if grab_ms is not None:
                timed.append(reaction_data(p, "grab", grab_ms, correct))
                grabs.append([grab_ms, p, correct])
        times = sorted(g for g in grab_time if g is not None)
        counts = [len(d) + len(u) for d, u in zip(self.down, self.up)]
        points = [POINTS["down"] * len(d) + POINTS["up"] * len(u)
                  for d, u in zip(self.down, self.up)]
        over = max(counts) >= END_WAYBILLS
        result = {
            "game": game_no, "round": round_no, "reason": reason,
            "waybill": waybill.id, "orders": facts["orders"], "features": facts["features"],
            "magnifier": waybill.magnifier, "magnifier_colour": waybill.magnifier_colour,
            "otters": otters, "awards": awards, "penalties": penalties,
            "players": rows, "margin_ms": times[1] - times[0] if len(times) >= 2 else None,
            "points": points,
            "waybills": counts,
            "game_over": over,
        }
        self.last_result = result
        self.phase = "result"
        # The running series totals (this game is not finished yet, so it counts as it
        # stands: what totals() works out, from the lists just made).
        totals = self.totals() if self.finished else (list(points), list(counts))
        grabs.sort()
        self.standings.append({
            "game": game_no, "round": round_no, "points": totals[0],
            "waybills": totals[1], "otters": otters, "magnifier": waybill.magnifier,
            "grabs": grabs})
        self.deadline = t + RESULT_MS
        data = dict(result)
        data["reactions"] = timed
        events = [Event(ROUND_RESULT, None, data)]
        if over:
            events += self._finish_game(t, "five_waybills")
        return events

    def _award(self, otters: list, magnifier: int) -> list:
        """The magnifier otter takes the played waybill face down; the other otter takes one
        face up, the played one if there is no magnifier otter, else the top of the pile."""
        awards = []
        played = self.current
        self.current = None
        for feature in (magnifier, 1 - magnifier):
            seat = otters[feature]
            if seat is None:
                continue
            if played is not None:
                waybill, played = played, None
            else:
                waybill = self.pile.pop()  # a round starts only with a second one there
            face = "down" if feature == magnifier else "up"
            (self.down if face == "down" else self.up)[seat].append(waybill)
            # A face-down award was seen by all when it was played: only the count is shown.
            awards.append({"seat": seat, "feature": feature, "face": face,
                           "waybill": waybill if face == "up" else None})
        if played is not None:
            self.discard.append(played)  # nobody stacked it right: set aside
        return awards

    def _lose_point(self, seat: int) -> str:
        for way in PENALTY_ORDER:
            if way == "give_up_face_up" and self.up[seat]:
                self.boxed.append(self.up[seat].pop())
                return "gave_up"
            if way == "turn_face_down" and self.down[seat]:
                self.up[seat].append(self.down[seat].pop())
                return "turned"
        return "nothing"

    def _finish_game(self, t: int, reason: str) -> list[Event]:
        self.end_reason = reason
        self.finished.append({
            "points": [self.points(p) for p in range(self.players)],
            "waybills": [self.waybill_count(p) for p in range(self.players)],
            "reason": reason,
        })
        last = self.game_no >= self.games
        if last:
            self.phase = "over"
            self.deadline = None
            self.highlight = deciding_round(self.standings, self.outcome().winners)
        else:
            self.phase = "break"
            self.deadline = t + GAME_BREAK_MS
        return [Event(GAME_OVER, None, {"game": self.game_no, "reason": reason,
                                          "final": last, **self.finished[-1]})]

    def points(self, seat: int) -> int:
        return POINTS["down"] * len(self.down[seat]) + POINTS["up"] * len(self.up[seat])

    def waybill_count(self, seat: int) -> int:
        return len(self.down[seat]) + len(self.up[seat])

    # -- results ------------------------------------------------------------------------------

    def totals(self) -> tuple[list, list]:
        """(points, waybills) per player over the finished games (the running series total);
        the game in progress counts too until it has finished."""
        if self.phase in ("over", "break"):  # the game just ended is already in `finished`
            points, waybills = [0] * self.players, [0] * self.players
        else:  # (points() and waybill_count() of every seat)
            points = [POINTS["down"] * len(d) + POINTS["up"] * len(u)
                      for d, u in zip(self.down, self.up)]
            waybills = [len(d) + len(u) for d, u in zip(self.down, self.up)]
        for game in self.finished:
            points = [a + b for a, b in zip(points, game["points"])]
            waybills = [a + b for a, b in zip(waybills, game["waybills"])]
        return points, waybills

    def outcome(self) -> Outcome:
        points, waybills = self.totals()
        best = winners(points, waybills)
        ending = END_WORDS.get(self.end_reason, "")
        tied = [p for p in range(self.players) if points[p] == points[best[0]]]
        if len(tied) > len(best):
            ending += f"; tie on {plural(points[best[0]], 'point')}: fewer waybills decide"
        elif len(best) > 1:
            ending += "; tie on points and waybills: a shared win"
        return Outcome(scores=points, winners=best, verdict=ending)

    def timing(self, seat: int) -> dict:
        return timing_summary(self.records, seat)

    def _view(self, player: int | None) -> dict:
        """What everyone at the table sees (Flotter Otter has no per-seat secrets: `player`
        only fills "you"). Made once per change and shared between calls: treat views as
        read-only. Upcoming waybills never appear: the pile is a count, face-down waybills are
        counts."""
        kept = self._view_cache
        if kept is None or kept[0] != self._changes:
            kept = self._view_cache = self._table_view()
        view = kept[1].copy()
        view["you"] = player
        view["now"] = self.now
        view["grab_cards"] = kept[2]
        view["players"] = kept[3]
        return view

    def _table_view(self) -> tuple:
        """(changes, the rest of the table (`_tallies`), the grab cards, the seats' rows) as
        they stand, the lists made once per change and shared by its views."""
        rows = self._rows
        if rows is None:
            rows = self._rows = []
            for stack, grabbed, down, up in zip(self.stacks, self.grabbed, self.down, self.up):
                rows.append({
                    "stack": list(stack),
                    "grab_card": grabbed,
                    "face_down": len(down),
                    "face_up": list(up),
                    "points": POINTS["down"] * len(down) + POINTS["up"] * len(up),
                    "waybills": len(down) + len(up),
                })
            self._tallies = self._table_base(rows)
        else:
            for p in self._restack:  # (the row before stays with the views made before)
                row = rows[p] = rows[p].copy()
                row["stack"] = list(self.stacks[p])
                row["grab_card"] = self.grabbed[p]
            self._restack.clear()
        # Between two such changes only the seats' rows and the grab cards change.
        return self._changes, self._tallies, list(self.grab_cards), list(rows)

    def _table_base(self, rows: list) -> dict:
        """The table's view but for the seats' rows and the grab cards ("players" and
        "grab_cards" are filled in per change), kept until a change of more than one seat's
        stack or grab card (see __slots__)."""
        shown = None
        if self.phase == "stacking":
            shown = self.current
        elif self.last_result is not None and self.phase in ("result", "break", "over"):
            shown = self.last_result["waybill"]
        if self.finished:
            points, waybills = self.totals()
        else:
            points = [p["points"] for p in rows]
            waybills = [p["waybills"] for p in rows]
        view = {
            "you": None,
            "phase": self.phase,
            "now": self.now,  # (set per view)
            "deadline": self.deadline,
            "game": self.game_no,
            "games": self.games,
            "round": self.round_no,
            "onset": self.onset,
            "waybill": card_view(shown) if shown is not None else None,
            "pile": len(self.pile),
            "grab_cards": None,
            "discard": list(self.discard),
            "boxed": list(self.boxed),
            "players": None,
            "series_points": points,
            "series_waybills": waybills,
            "last_result": self.last_result if self.phase in ("result", "break", "over") else None,
            "highlight": self.highlight,
        }
        if self.phase == "over":
            view["timing"] = [self.timing(p) for p in range(self.players)]
        return view

    # -- copies and checks ----------------------------------------------------------------

    def __deepcopy__(self, memo) -> "FlotterOtterState":
        """A full copy, made quickly: the zones (lists and lists of lists of ints and colour
        names) are copied; log entries, round records and results are never changed once
        written, so the copy shares them (a plain deepcopy spent most of its time on them)."""
        other = object.__new__(type(self))
        other._view_cache, other._rows, other._changes = None, None, self._changes
        other._tallies = other._seat_legal = None
        other._restack = []
        for name, value in vars(self).items():
            if isinstance(value, random.Random):
                value = _clone_rng(value)
            elif name in ("log", "records", "finished"):
                value = list(value)
            elif isinstance(value, list):
                value = [list(item) if isinstance(item, list) else item for item in value]
            elif isinstance(value, dict):
                value = dict(value)
            setattr(other, name, value)
        return other


    def check_invariants(self) -> None:
        zones = list(self.pile) + list(self.discard) + list(self.boxed)
        if self.current is not None:
            zones.append(self.current)
        for p in range(self.players):
            zones += self.down[p] + self.up[p]
        assert sorted(zones) == list(range(DECK_SIZE)), "every waybill in exactly one zone"
        assert (self.current is not None) == (self.phase == "stacking")
        taken = sorted(g for g in self.grabbed if g is not None)
        assert sorted(taken + self.grab_cards) == list(range(1, self.players)), "grab cards"
        assert self.grab_cards == sorted(self.grab_cards)
        if self.phase == "stacking":
            assert self.grab_cards, "a round in flight has a grab card left"
            # Grabs go lowest first: the cards taken are exactly 1..k.
            assert taken == list(range(1, len(taken) + 1))
        for p in range(self.players):
            stack = self.stacks[p]
            assert len(set(stack)) == len(stack) <= len(COLOURS)
            assert set(stack) <= set(COLOURS)
            assert (self.grabbed[p] is None) == (self.grab_time[p] is None)
        assert (self.deadline is None) == (self.phase == "over")
        assert self.phase in ("ready", "stacking", "result", "break", "over")
        # Waybills dealt face down at the start never go back to the pile or the table.
        assert not set(self.dealt) & (set(self.pile) | set(self.discard) | {self.current})

    def hidden_variant(self, player: int | None, rng: random.Random) -> "FlotterOtterState":
        """Re-deal the pile and the never-seen face-down waybills (those dealt at the start and
        still face down) among themselves, and reseed the generator."""
        variant = copy.deepcopy(self)
        dealt = set(self.dealt)
        slots = [(p, i) for p in range(self.players)
                 for i, w in enumerate(self.down[p]) if w in dealt]
        hidden = variant.pile + [self.down[p][i] for p, i in slots]
        rng.shuffle(hidden)
        variant.pile = hidden[:len(self.pile)]
        fresh = hidden[len(self.pile):]
        for (p, i), w in zip(slots, fresh):
            variant.down[p][i] = w
        seen_dealt = [w for w in self.dealt if w not in {self.down[p][i] for p, i in slots}]
        variant.dealt = sorted(seen_dealt + fresh)
        variant.rng = random.Random(rng.random())
        return variant


# -- helpers ----------------------------------------------------------------------------------

def _clone_rng(rng: random.Random) -> random.Random:
    clone = random.Random()
    clone.setstate(rng.getstate())
    return clone


@functools.cache
def _round_facts(waybill_id: int) -> dict:
    """What every round with this waybill works out the same, made once per waybill:
    "right", the full stacks (tuples, bottom to top) that match a feature (each order and
    its reverse -> the feature: Waybill.matches as a look-up), and the result's "orders" and
    "features" (shared by every result of this waybill: read-only, like views)."""
    waybill = card(waybill_id)
    right = {}
    for feature in (1, 0):  # (feature 0 last: matches() tries it first)
        for order in (waybill.orders[feature][::-1], waybill.orders[feature]):
            right[order] = feature
    return {"right": right, "orders": [list(o) for o in waybill.orders],
            "features": [f.name for f in waybill.features]}


def winners(points: list, waybills: list) -> list:
    """Most points; a tie goes to fewer waybills; still tied: all of them win (rulebook)."""
    best = max(points)
    tied = [p for p in range(len(points)) if points[p] == best]
    fewest = min(waybills[p] for p in tied)
    return [p for p in tied if waybills[p] == fewest]


def deciding_round(standings: list, winners: list) -> dict:
    """The highlight (module docstring): the round after which the (first) winner led for good,
    by points, then fewer waybills, as the outcome ranks; and how they won it: a photo finish
    when they grabbed first, at most PHOTO_FINISH_MS before the next grab."""
    if not standings or not winners:
        return {"kind": "no_round", "title": "No round was scored", "text": "", "players": []}
    w = winners[0]

    def leads(row):
        mine = (row["points"][w], -row["waybills"][w])
        return all(mine > (row["points"][p], -row["waybills"][p])
                   for p in range(len(row["points"])) if p not in winners)

    i = len(standings) - 1
    while i > 0 and leads(standings[i - 1]):
        i -= 1
    row = standings[i]
    where = f"round {row['round']}" + (f" of game {row['game']}" if row["game"] > 1 or any(
        r["game"] > 1 for r in standings) else "")
    grabs = row["grabs"]
    otter = w in row["otters"]
    took = "the double" if otter and row["otters"][row["magnifier"]] == w else "a waybill"
    figures = {"game": row["game"], "round": row["round"], "seat": w,
               "points": row["points"][w], "margin_ms": None, "beaten": None}
    if otter and grabs and grabs[0][1] == w and len(grabs) > 1:
        ms, beaten = grabs[1][0] - grabs[0][0], grabs[1][1]
        figures.update(margin_ms=ms, beaten=beaten, grab_ms=grabs[0][0])
        if ms <= PHOTO_FINISH_MS:
            return {"kind": "photo_finish", "title": "The photo finish that decided it",
                    "text": f"In {where}, {{p{w}}} grabbed {ms} ms before {{p{beaten}}}, "
                            f"took {took} and led from then on.",
                    "players": [w, beaten], **figures}
        text = f"In {where}, {{p{w}}} grabbed first, {ms} ms before {{p{beaten}}}, " \
               f"took {took} and led from then on."
        return {"kind": "decider", "title": "The round that decided it", "text": text,
                "players": [w, beaten], **figures}
    if otter:
        text = f"In {where}, {{p{w}}} stacked it right and took {took}: in the lead for good."
    else:
        text = f"After {where} {{p{w}}} led for good."
    return {"kind": "decider", "title": "The round that decided it", "text": text,
            "players": [w], **figures}


def timing_summary(records: list, seat: int) -> dict:
    """Median and best of a player's times (ms from waybill onset) over the scored rounds:
    to the first box (every round with a box), to a correct grab (rounds stacked right)."""
    mine = [r for r in records if r["seat"] == seat]
    first = [(r["first_box_ms"], True) for r in mine if r["first_box_ms"] is not None]
    grabs = [(r["grab_ms"], r["correct"]) for r in mine if r["grab_ms"] is not None]

    def summary(times):
        found = time_summary(times)
        return {"count": found.correct, "median": found.median_ms, "best": found.best_ms}

    return {
        "rounds": len(mine),
        "correct": sum(r["correct"] and r["grab_ms"] is not None for r in mine),
        "wrong_grabs": sum(not r["correct"] and r["grab_ms"] is not None for r in mine),
        "first_box": summary(first),
        "grab": summary(grabs),
    }


# Legal actions per stack (a tuple of colours; None once grabbed), made when first asked for.
_LEGAL: dict = {}
_NO_ACTIONS: list = []  # every seat's, outside a round in flight (shared: never change it)

# What the results screen says about how the game ended (`end_reason`).
END_WORDS = {"five_waybills": "A fifth waybill ended the game", "pile": "The pile ran out",
             None: ""}


# The CPU players (game/bots/flotter_otter.py) read the rules above: imported here, last,
# for INFO.
from .bots.flotter_otter import OtterBot  # noqa: E402

INFO = GameInfo(
    id="flotter_otter",
    name="Flotter Otter",
    min_players=2,
    max_players=8,
    printed_players=(2, 4),
    realtime=True,
    cooperative=False,
    pitch="Read the waybill, stack your five boxes in order, grab first: be the brisk otter!",
    new=lambda players, options, seed: FlotterOtterState(players, options, seed),
    action_types=(PlaceBox, Undo, Grab, VoidRound),
    bots=bot_levels(OtterBot),
    event_kinds=EVENT_KINDS,
    default_options={"series": False},
    option_choices={"series": ("Series", ((False, "one game"),
                                          (True, f"{SERIES_GAMES} games, points added up")))},
)
FlotterOtterState.info = INFO
