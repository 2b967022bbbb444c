"""The one protocol every game speaks.

A game is a module that defines a `GameInfo` (how to create it, its player counts, its action
types, its bots) and a `State` subclass. Scenes, bots, the headless runner, replays, tests and
benchmarks only ever talk to this protocol:

    state = info.new(players, options, seed)
    state.current_player()        -> a seat index, SIMULTANEOUS or TERMINAL
    state.legal_actions(p)        -> every action seat p may take now
    state.apply(p, action, t)     -> list[Event]; or raises IllegalAction (see "Refusals")
    state.apply_now(p, action)    -> apply at state.now, for a driver whose seats are sure (the
                                  headless runner): the seat is not checked, all else is
    state.tick(t)                 -> list[Event]; lets time pass (real-time games only)
    state.next_deadline()         -> the game time (ms) at which something happens by itself
    state.view(p)                 -> JSON-able dict of what seat p may know (p=None: the table)
    state.outcome()               -> Outcome once terminal
    state.undo_depth(p) / state.undone(p) -> State   take back p's last choice (turn-based games
                                  that allow it: nothing revealed since); the log never holds it

Real-time games take a time `t` in milliseconds of game time with every action; the core never
reads a clock, so "who was first" is decided by the stamps and replays identically. Turn-based
games ignore `t`.

Refusals. `apply`, `tick`, `legal_actions` and `view` raise IllegalAction for a bad value and
change nothing: a seat that is not an int in range(players) (bools, floats, strings, None and
negative seats included; `view(None)` is the table's view), an action of a type the game does
not list or with a field of the wrong type (checked against the action dataclass's
annotations: a bool or float where an int belongs is refused), or a time that is not a finite
int or float (NaN, infinities, bools, strings) or lies before `state.now`. `apply` also refuses
what the rules forbid (IllegalAction.rule names the rule). Such a refusal changes nothing either,
with one exception: a real-time action stamped later than `state.now` first lets time pass up
to its stamp, exactly as `tick(t)` would, and that stays: `state.now` is then `t`, the log ends
with that tick, and `IllegalAction.events` carries what the tick brought (a round that ended, a
catch that closed). The tick is the same whether the action is then refused or not, so a
refusal never depends on when a driver happened to tick.

Randomness comes only from `state.rng`, a `random.Random` seeded at creation and part of the
state. Every successful apply/tick is appended to `state.log` (and so is the tick that comes
before a refused real-time action), so (game id, players, options, seed, log) replays the game
exactly. (The headless runner moves time to a bot's moment with `_pass_time`, unlogged, when no
deadline falls by then: the action that follows is logged with its time, and replaying it ticks
there first.)
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import json
import math
import random
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Callable

SIMULTANEOUS = -2
TERMINAL = -4


class IllegalAction(Exception):
    """An action the rules do not allow now. `rule` names the rule it breaks.

    A refusal changes nothing, with one exception (see the module docstring): a real-time
    action stamped later than `state.now` that the rules refuse has first let time pass up to
    its stamp. That tick stays (logged, `state.now` moved on) and `events` holds what it
    brought; it is empty when no time passed or the refusal came before any (a bad value).
    """

    def __init__(self, rule: str, detail: str = "", events=()):
        self.rule = rule
        self.detail = detail
        self.events = list(events)  # what a tick before the refused action brought about
        super().__init__(f"{rule}: {detail}" if detail else rule)


class Event:
    """A small record of something that happened, for scenes to animate and sound.

    A plain slotted class, not a dataclass: the cores make several per action, and making a
    frozen dataclass cost four times as much. Treat one as read-only all the same: scenes,
    the stats and the tests share the very object the core returned."""

    __slots__ = ("kind", "player", "data")

    def __init__(self, kind: str, player: int | None = None, data: dict | None = None):
        self.kind = kind
        self.player = player
        self.data = {} if data is None else data

    def __eq__(self, other):
        if type(other) is not Event:
            return NotImplemented
        return (self.kind, self.player, self.data) == (other.kind, other.player, other.data)

    __hash__ = None  # (its data is a dict: as unhashable as the frozen dataclass was)

    def __repr__(self):
        return f"Event(kind={self.kind!r}, player={self.player!r}, data={self.data!r})"


class Interrupt:
    """Base for actions that are not a player's choice but the table's: `VoidRound` when a pad
    is pulled mid-round. They are legal and listed, but random and CPU players never pick them."""


@dataclass(frozen=True)
class Tick:
    """Time passing in a real-time game, as it appears in the log."""


@dataclass
class Outcome:
    """Final result. `team_won` is set for cooperative games, `winners` for competitive ones."""

    scores: list
    winners: list
    team_won: bool | None = None
    verdict: str = ""


@dataclass(frozen=True)
class GameInfo:
    """What the arcade and the tools know about a game before creating one.

    `option_choices` lists the options the lobby offers, in the order it shows them:
    option name -> (label, ((value, value label), ...)), e.g.
    {"series": ("Series", ((False, "one game"), (True, "three games")))}. Every value listed
    must be one `new` accepts; options not listed keep their `default_options` value.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    realtime: bool
    cooperative: bool
    pitch: str
    new: Callable[..., "State"]  # new(players, options: dict, seed: int) -> State
    action_types: tuple
    bots: dict  # level name -> callable(seat, seed) -> Bot
    default_options: dict = field(default_factory=dict)
    option_choices: dict = field(default_factory=dict)  # offered in the lobby (see above)
    printed_players: tuple = ()  # (min, max) as printed on the box, where the arcade allows more
    # Every Event kind the game emits, declared once in its module (a misspelt kind in a core
    # or a scene is then an error the conformance tests find, not silence).
    event_kinds: frozenset = frozenset()

    def action_type(self, name: str):
        for cls in self.action_types:
            if cls.__name__ == name:
                return cls
        raise ValueError(f"{self.id} has no action type {brief(name)}")


class State:
    """Base of every game's state. Subclasses implement `current_player`, `outcome`,
    `check_invariants`, `hidden_variant` and the underscore methods `_legal_actions`, `_view`,
    `_apply` (and `_tick`, `next_deadline` in real-time games); the public methods check the
    values they are given first, so a game never sees a bad seat, action field or time."""

    info: GameInfo

    def __init__(self, players: int, options: dict, seed: int):
        """Raises ValueError for a player count out of range or not an int, a seed that is not
        an int >= 0 (Random would fold -s onto s), options that are not a dict, an unknown
        option, or an option value of another type than its default (a game checks ranges)."""
        info = self.info
        if type(players) is not int or not info.min_players <= players <= info.max_players:
            raise ValueError(f"{info.id} takes {info.min_players} to {info.max_players} "
                             f"players, not {brief(players)}")
        if type(seed) is not int or seed < 0:
            raise ValueError(f"a seed is a whole number >= 0, not {brief(seed)}")
        if not isinstance(options, dict):
            raise ValueError(f"options are a dict, not {brief(options)}")
        unknown = set(options) - set(info.default_options)
        if unknown:
            raise ValueError(
                f"{info.id} has no option {brief(sorted(unknown, key=repr)[0])}; options: "
                + (", ".join(sorted(info.default_options)) or "none")
            )
        for name, value in options.items():
            default = info.default_options[name]
            if type(value) is not type(default):
                raise ValueError(f"option {name!r} takes {type(default).__name__}, "
                                 f"not {brief(value)}")
        self.players = players
        self.options = {**info.default_options, **options}
        self.seed = seed
        self.rng = random.Random(seed)
        self.now = 0
        self.log: list = []

    # -- the protocol ------------------------------------------------------------------------

    def current_player(self) -> int:
        raise NotImplementedError

    def legal_actions(self, player: int) -> list:
        """Every action seat `player` may take now; IllegalAction for a seat not in range."""
        self._check_seat(player)
        return self._legal_actions(player)

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def apply(self, player: int, action, t: int | float | None = None) -> list[Event]:
        """Apply one action of seat `player` at game time `t` (real-time games; turn-based ones
        ignore it). Refusals: see the module docstring. Bad values (seat, action, field, time)
        and refusals at `t == state.now` change nothing; a real-time action the rules refuse at
        `t > state.now` leaves the tick to `t` that came first, its events in the refusal."""
        if self.is_terminal():
            raise IllegalAction("game over", "no more moves")
        self._check_seat(player)
        entry = _checked_entry(self.info, action)
        if t is not None:
            _check_time(t, "action")
        if self.info.realtime:
            if t is None:
                raise IllegalAction("real-time action needs a time", brief(action))
            if t < self.now:
                raise IllegalAction("time runs forward", f"action at {t} ms after {self.now} ms")
        else:
            turn = self.current_player()
            if turn != SIMULTANEOUS and turn != player:
                raise IllegalAction("not your turn", f"seat {turn} is to move, not seat {player}")
        events = []
        if self.info.realtime and t > self.now:
            # Time passes up to the stamp first, so deadlines that fall before the action (or
            # at its very stamp) take effect before it, whatever becomes of the action. Its log
            # entry carries `t`, so a replay does the same; a refusal logs the tick on its own.
            events = self._tick(t)
            self.now = t
            if self.is_terminal():
                self.log.append(_tick_entry(t))
                raise IllegalAction("game over", f"the game ended before {t} ms", events)
        try:
            events += self._apply(player, action)
        except IllegalAction as refusal:
            if self.info.realtime and self.log_time() < t:
                self.log.append(_tick_entry(t))
            refusal.events = events  # time did pass; a scene may still animate what it brought
            raise
        self.log.append([player, entry, t if self.info.realtime else None])
        return events

    def apply_now(self, player: int, action) -> list[Event]:
        """`apply(player, action, state.now)` for a driver that vouches for the seat: an int
        in range(players), as the headless runner's seats are. Everything else is checked as
        `apply` checks it (the action comes from a bot, which may build a bad one), and a
        refusal changes nothing (no time passes). Turn-based games log no time, as ever."""
        turn = self.current_player()
        if turn == TERMINAL:
            raise IllegalAction("game over", "no more moves")
        entry = _checked_entry(self.info, action)
        realtime = self.info.realtime
        if not realtime and turn != SIMULTANEOUS and turn != player:
            raise IllegalAction("not your turn", f"seat {turn} is to move, not seat {player}")
        events = self._apply(player, action)
        self.log.append([player, entry, self.now if realtime else None])
        return events

    def log_time(self) -> int:
        """The game time of the last log entry (0 before any)."""
        return self.log[-1][2] if self.log and self.log[-1][2] is not None else 0

    def tick(self, t: int | float) -> list[Event]:
        """Let game time run to `t` ms. Only real-time games have anything to do. IllegalAction
        (and nothing changes) for a time that is not a finite number or lies before now."""
        if type(t) is not int:  # (ticks are many: the common case is checked first)
            _check_time(t, "tick")
        if t < self.now:
            raise IllegalAction("time runs forward", f"tick to {t} ms after {self.now} ms")
        if self.current_player() == TERMINAL or not self.info.realtime:
            return []
        events = self._tick(t)
        self.now = t
        self.log.append([None, {"type": "Tick"}, t])  # (_tick_entry, spelt out: ticks are many)
        return events

    def _pass_time(self, t: int) -> list[Event]:
        """`tick(t)` for a driver that vouches for `t` (an int, >= now) and knows no deadline
        falls by then (next_deadline() is None or later): the headless runner, moving time
        to a bot's moment. The game's _tick runs (a game may drop what it keeps: Fliegen
        klatschen's legal lists when slaps stop being too late), but nothing is logged: an
        action's entry carries its time, and replaying it ticks there first, as a scene's
        stamped actions are logged."""
        events = self._tick(t)
        self.now = t
        return events

    # -- taking back a choice (turn-based games) ---------------------------------------------

    def undo_depth(self, player) -> int:
        """How many of the last log entries are `player`'s own choice that can still be taken
        back: nothing was revealed since (no card turned up or drawn) and the turn has not
        passed. 0: nothing. Each game decides in `_undo_depth`; by default nothing can."""
        self._check_seat(player)
        if self.is_terminal():
            return 0
        return self._undo_depth(player)

    def _undo_depth(self, player: int) -> int:
        return 0

    def undone(self, player) -> "State":
        """The state as it was before `player`'s last choice: a new State played again from the
        seed and the log without that choice (so no replay ever holds it; the game is pure and
        seeded, so everything else comes out the same). IllegalAction when nothing can be
        taken back; this state is never changed."""
        n = self.undo_depth(player)
        if n <= 0:
            raise IllegalAction("nothing to take back",
                                "no choice of yours since something was revealed")
        again = self.info.new(self.players, dict(self.options), self.seed)
        for seat, encoded, t in self.log[:-n]:
            action = decode_action(self.info, encoded)
            if isinstance(action, Tick):
                again.tick(t)
            else:
                again.apply(seat, action, t)
        return again

    def next_deadline(self) -> int | None:
        """Game time at which the state changes by itself (a round timer), or None."""
        return None

    def view(self, player: int | None) -> dict:
        """What seat `player` may know, as JSON-able data; `view(None)` is the shared table.
        IllegalAction for anything else that is not a seat in range (`view(-1)` included)."""
        if player is not None:
            self._check_seat(player)
        return self._view(player)

    def outcome(self) -> Outcome:
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a rule of the game (cards created or lost,
        scores out of bounds ...). The conformance tests call it after every step."""
        raise NotImplementedError

    def hidden_variant(self, player: int | None, rng: random.Random) -> "State":
        """A deep copy in which everything hidden from `player` is dealt anew, consistent with
        what that seat may know. Its view for `player` must equal this state's view: that is
        how the tests prove no hidden card leaks. Games with no hidden information return a
        plain copy."""
        raise NotImplementedError

    # -- for subclasses -----------------------------------------------------------------------
    # The public methods above check the seat, action and time; these get only good values.

    def _legal_actions(self, player: int) -> list:
        raise NotImplementedError

    def _view(self, player: int | None) -> dict:
        raise NotImplementedError

    def _apply(self, player: int, action) -> list[Event]:
        raise NotImplementedError

    def _kept_legal(self) -> list | None:
        """For a driver that asks every seat's legal actions after every change: the list, by
        seat, of the legal actions the game keeps until a change alters them (an entry None:
        none kept, ask `_legal_actions`), or None (the default: nothing kept). The list holds
        until the next change; a driver reads entries instead of calling per seat."""
        return None

    def _check_seat(self, player) -> None:
        # type() rather than isinstance: True is an int to Python, but not a seat.
        if type(player) is not int or not 0 <= player < self.players:
            raise IllegalAction("no such seat", f"seat {brief(player)} of {self.players}")

    def _tick(self, t: int) -> list[Event]:
        return []

    # -- comparison and hashing ---------------------------------------------------------------

    def snapshot(self) -> dict:
        """The whole state (random generator included) as plain JSON-able data."""
        return json.loads(self._canonical_json())

    def state_hash(self) -> str:
        return hashlib.sha256(self._canonical_json().encode()).hexdigest()[:16]

    def _canonical_json(self) -> str:
        # json walks lists, dicts and numbers in C; only the rest goes through `_plain_leaf`.
        fields = {k: v for k, v in vars(self).items() if k != "log"}
        return json.dumps(fields, sort_keys=True, separators=(",", ":"), default=_plain_leaf)


def _plain_leaf(value: Any) -> Any:
    """json's fallback for state values it cannot write itself."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, random.Random):
        return value.getstate()
    if dataclasses.is_dataclass(value):
        return {"_": type(value).__name__, **{f.name: getattr(value, f.name)
                                              for f in dataclasses.fields(value)}}
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, GameInfo):
        return value.id
    raise TypeError(f"cannot make {type(value).__name__} plain")


def plain(value: Any) -> Any:
    """Turn a value (dataclasses, enums, tuples, sets) into JSON-able data."""
    return json.loads(json.dumps(value, default=_plain_leaf))


def brief(value: Any, limit: int = 60) -> str:
    """repr() cut to `limit` characters, for messages about values from outside (a replay file
    may hold a megabyte string or a deeply nested list; a refusal stays one short line)."""
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # nested past the recursion limit; a giant int
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _tick_entry(t) -> list:
    """The log entry of time passing to `t` (what encode_action(Tick()) makes, spelt out: a
    real-time game logs one for almost every action)."""
    return [None, {"type": "Tick"}, t]


def _checked_entry(info: GameInfo, action) -> dict:
    """The log encoding of `action` (a new dict); IllegalAction unless it is of one of the
    game's action types with good fields.

    An action object is checked and encoded once, and the encoding kept on it: actions are
    frozen, and the games hand out the same objects in their legal lists again and again, so
    most applies find it there. (Kept in the instance's __dict__, which the dataclass's
    fields, eq, hash and repr never look at.)"""
    if type(action) not in info.action_types:
        raise IllegalAction("unknown action", brief(action))
    try:  # (the common case, first: an action checked and encoded before)
        return action.__dict__[_ENCODED].copy()  # (a log entry of its own, see below)
    except (AttributeError, KeyError):  # (an action class with slots; an action new to us)
        pass
    problem = action_problem(action)
    if problem:
        raise IllegalAction("bad action field", problem)
    kept = encode_action(action)
    fields = getattr(action, "__dict__", None)
    if fields is not None:
        fields[_ENCODED] = kept
    return kept.copy()  # (a log entry of its own: whoever edits a log edits one entry)


_ENCODED = "_core_log_entry"


def _check_time(t, what: str) -> None:
    """A game time is an int or a finite float, never a bool (True is an int to Python)."""
    if type(t) not in (int, float) or (type(t) is float and not math.isfinite(t)):
        raise IllegalAction("time is a finite number of ms", f"{what} at {brief(t)}")


# -- action fields ---------------------------------------------------------------------------
#
# Actions are frozen dataclasses with simple field annotations: int, str, bool, float, an Enum,
# None, a union of those (`int | None`), `tuple[X, ...]` / `tuple[X, Y]`, or a bare `tuple`
# (a tuple of ints and strs). Values are checked by exact type, so True or 1.0 is not an int.


@functools.cache
def field_types(cls) -> tuple:
    """(name, annotation) of each field of action class `cls`; TypeError for an annotation
    the core cannot check (the conformance suite calls this for every registered action)."""
    hints = typing.get_type_hints(cls)
    pairs = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))
    for _, hint in pairs:
        _check_annotation(hint)
    return pairs


def _check_annotation(hint) -> None:
    if hint in (int, str, bool, float, tuple, type(None)):
        return
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType) or origin is tuple:
        for arg in args:
            if arg is not Ellipsis:
                _check_annotation(arg)
        return
    raise TypeError(f"action field annotation {hint!r} is not one the core can check")


def _fits(value, hint) -> bool:
    if hint is float:
        return type(value) in (int, float) and math.isfinite(value)
    if hint is tuple:
        return type(value) is tuple and all(type(v) in (int, str) for v in value)
    if hint is type(None):
        return value is None
    if isinstance(hint, type):  # int, str, bool, an Enum: exactly that type
        return type(value) is hint
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(map(_fits, value, args))
    return any(_fits(value, arg) for arg in args)  # a union


def action_problem(action) -> str:
    """Why `action`'s fields do not fit their annotations ("" when they do)."""
    # Every applied action is checked: fields of one exact type (int, str, bool, an Enum) are
    # checked with one type() each; only a miss or a richer annotation takes the long way.
    exact = _exact_fields(type(action))
    if exact is not None:
        for name, hint in exact:
            if type(getattr(action, name)) is not hint:
                break
        else:
            return ""
    for name, hint in field_types(type(action)):
        value = getattr(action, name)
        if not _fits(value, hint):
            hint_name = hint.__name__ if isinstance(hint, type) else str(hint)
            return f"{type(action).__name__}.{name} takes {hint_name}, not {brief(value)}"
    return ""


@functools.cache
def _exact_fields(cls) -> tuple | None:
    """(name, type) of each field of `cls` if every annotation is one exact type (as _fits
    checks int, str, bool and Enums), else None."""
    pairs = field_types(cls)
    if all(isinstance(hint, type) and hint not in (float, tuple, type(None))
           for _, hint in pairs):
        return pairs
    return None


def encode_action(action) -> dict:
    """An action as JSON-able data: its type name and its fields (scalars or tuples of them)."""
    cls = type(action)
    data = {"type": cls.__name__}
    for name in _field_names(cls):
        value = getattr(action, name)
        data[name] = value if type(value) in _SCALARS else _json_field(value)
    return data


_SCALARS = frozenset({int, str, bool, float, type(None)})  # written to JSON as they are


@functools.cache
def _field_names(cls) -> tuple:
    # Every applied action is encoded for the log: its fields are looked up once per class.
    return tuple(f.name for f in dataclasses.fields(cls))


def _json_field(value):
    """Action fields are scalars or tuples of them; tuples are written as lists."""
    if isinstance(value, tuple):
        return [_json_field(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


def _from_json(value, hint):
    """Undo _json_field where the annotation says how: lists back to tuples, enum values back
    to members. Anything that does not fit is left as it is for action_problem to name."""
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(value)
        except (ValueError, TypeError):
            return value
    if type(value) is list and (hint is tuple or typing.get_origin(hint) is tuple):
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_from_json(v, args[0]) for v in value)
        if args and len(args) == len(value):
            return tuple(map(_from_json, value, args))
        return tuple(value)
    return value


def decode_action(info: GameInfo, data: dict):
    """The inverse of encode_action; raises ValueError on anything that is not an action,
    including fields of the wrong type (the same rule as State.apply)."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"not an action: {brief(data)}")
    if data["type"] == "Tick":
        if len(data) != 1:
            raise ValueError(f"Tick takes no fields, got {brief(data)}")
        return Tick()
    cls = info.action_type(data["type"])
    hints = dict(field_types(cls))
    fields = {k: v for k, v in data.items() if k != "type"}
    if set(fields) != set(hints):
        raise ValueError(f"{brief(data['type'])} takes fields {sorted(hints)}, "
                         f"got {brief(sorted(fields))}")
    action = cls(**{k: _from_json(v, hints[k]) for k, v in fields.items()})
    problem = action_problem(action)
    if problem:
        raise ValueError(problem)
    return action
