"""The one protocol every game speaks.

A game is a module that defines a `GameInfo` (how to create it, its player counts, its action
types, its bots) and a `State` subclass. Scenes, bots, the headless runner, replays, tests and
benchmarks only ever talk to this protocol:

    state = info.new(players, options, seed)
    state.current_player()        -> a seat index, SIMULTANEOUS or TERMINAL
    state.legal_actions(p)        -> every action seat p may take now
    state.apply(p, action, t)     -> list[Event]; raises IllegalAction and changes nothing
    state.tick(t)                 -> list[Event]; lets time pass (real-time games only)
    state.next_deadline()         -> the game time (ms) at which something happens by itself
    state.view(p)                 -> JSON-able dict of what seat p may know (p=None: the table)
    state.outcome()               -> Outcome once terminal

Real-time games take a time `t` in milliseconds of game time with every action; the core never
reads a clock, so "who was first" is decided by the stamps and replays identically. Turn-based
games ignore `t`.

Randomness comes only from `state.rng`, a `random.Random` seeded at creation and part of the
state. Every successful apply/tick is appended to `state.log`, so (game id, players, options,
seed, log) replays the game exactly.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable

SIMULTANEOUS = -2
TERMINAL = -4


class IllegalAction(Exception):
    """An action the rules do not allow now. `rule` names the rule it breaks.

    Raised before anything is changed: the state after the exception equals the state before,
    except that in a real-time game an action stamped later than `state.now` first lets time
    pass up to its stamp (a logged tick), and that stays.
    """

    def __init__(self, rule: str, detail: str = "", events=()):
        self.rule = rule
        self.detail = detail
        self.events = list(events)  # what a tick before the refused action brought about
        super().__init__(f"{rule}: {detail}" if detail else rule)


@dataclass(frozen=True)
class Event:
    """A small record of something that happened, for scenes to animate and sound."""

    kind: str
    player: int | None = None
    data: dict = field(default_factory=dict)


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

    def action_type(self, name: str):
        for cls in self.action_types:
            if cls.__name__ == name:
                return cls
        raise ValueError(f"{self.id} has no action type {name!r}")


class State:
    """Base of every game's state. Subclasses implement the underscore methods and `view`."""

    info: GameInfo

    def __init__(self, players: int, options: dict, seed: int):
        info = self.info
        if not info.min_players <= players <= info.max_players:
            raise ValueError(
                f"{info.id} takes {info.min_players} to {info.max_players} players, not {players}"
            )
        unknown = set(options) - set(info.default_options)
        if unknown:
            raise ValueError(
                f"{info.id} has no option {sorted(unknown)[0]!r}; options: "
                + ", ".join(sorted(info.default_options)) or "none"
            )
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
        raise NotImplementedError

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def apply(self, player: int, action, t: int | None = None) -> list[Event]:
        """Apply one action of seat `player`; on IllegalAction nothing has changed."""
        if self.is_terminal():
            raise IllegalAction("game over", "no more moves")
        if not 0 <= player < self.players:
            raise IllegalAction("no such seat", f"seat {player} of {self.players}")
        if type(action) not in self.info.action_types:
            raise IllegalAction("unknown action", repr(action))
        if self.info.realtime:
            if t is None:
                raise IllegalAction("real-time action needs a time", repr(action))
            if t < self.now:
                raise IllegalAction("time runs forward", f"action at {t} ms after {self.now} ms")
        else:
            turn = self.current_player()
            if turn != SIMULTANEOUS and turn != player:
                raise IllegalAction("not your turn", f"seat {turn} is to move, not seat {player}")
        events = []
        if self.info.realtime and t > self.now:
            # Time passes up to the stamp first, so deadlines that fall before the action (or
            # at its very stamp) take effect before it. The action's log entry carries `t`, so
            # a replay does the same; only a refusal needs the tick logged on its own.
            events = self._tick(t)
            self.now = t
            if self.is_terminal():
                self.log.append([None, encode_action(Tick()), t])
                raise IllegalAction("game over", f"the game ended before {t} ms", events)
        try:
            events += self._apply(player, action)
        except IllegalAction as refusal:
            if self.info.realtime and self.log_time() < t:
                self.log.append([None, encode_action(Tick()), t])
            refusal.events = events  # time did pass; a scene may still animate what it brought
            raise
        self.log.append([player, encode_action(action), t if self.info.realtime else None])
        return events

    def log_time(self) -> int:
        """The game time of the last log entry (0 before any)."""
        return self.log[-1][2] if self.log and self.log[-1][2] is not None else 0

    def tick(self, t: int) -> list[Event]:
        """Let game time run to `t` ms. Only real-time games have anything to do."""
        if t < self.now:
            raise IllegalAction("time runs forward", f"tick to {t} ms after {self.now} ms")
        if self.is_terminal() or not self.info.realtime:
            return []
        events = self._tick(t)
        self.now = t
        self.log.append([None, encode_action(Tick()), t])
        return events

    def next_deadline(self) -> int | None:
        """Game time at which the state changes by itself (a round timer), or None."""
        return None

    def view(self, player: int | None) -> dict:
        raise NotImplementedError

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

    def _apply(self, player: int, action) -> list[Event]:
        raise NotImplementedError

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


def encode_action(action) -> dict:
    """An action as JSON-able data: its type name and its fields (scalars or tuples of them)."""
    return {"type": type(action).__name__, **{f.name: _json_field(getattr(action, f.name))
                                              for f in dataclasses.fields(action)}}


def _json_field(value):
    """Action fields are scalars or tuples of them; tuples are written as lists."""
    if isinstance(value, tuple):
        return [_json_field(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


def decode_action(info: GameInfo, data: dict):
    """The inverse of encode_action; raises ValueError on anything that is not an action."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ValueError(f"not an action: {data!r}")
    if data["type"] == "Tick":
        return Tick()
    cls = info.action_type(data["type"])
    names = {f.name for f in dataclasses.fields(cls)}
    fields = {k: v for k, v in data.items() if k != "type"}
    if set(fields) != names:
        raise ValueError(f"{data['type']} takes fields {sorted(names)}, got {sorted(fields)}")
    return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()})
