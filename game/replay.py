"""Replay documents: a game as its id, players, options, seed and action log, as JSON data.

`to_json(state)` makes the document, `rebuild(data, games)` plays it again. No files here (the
rules core reads and writes none): shell/replay_files.py saves and loads them. Every entry is
checked, so a corrupt, truncated, tampered or foreign document is a ReplayError with a reason.
"""

from __future__ import annotations

from .core import IllegalAction, State, Tick, brief, decode_action

FORMAT = "flotte-fuenf-replay"
VERSION = 1


class ReplayError(ValueError):
    """A replay file that cannot be read or does not replay."""


def to_json(state: State) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": state.info.id,
        "players": state.players,
        "options": state.options,
        "seed": state.seed,
        "log": state.log,
        "final_hash": state.state_hash(),
    }


def rebuild(data: dict, games: dict) -> State:
    """Re-play a replay document and return the resulting state. Every field is checked
    (types included: the game is a str, players and seed ints, options a dict, each log entry
    [seat or None, action, time]); anything else is a ReplayError with a one-line reason."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError("not a Flotte Fünf replay file")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise ReplayError(f"replay version {brief(version)}, this build reads {VERSION}")
    game = data.get("game")
    info = games.get(game) if isinstance(game, str) else None
    if info is None:
        raise ReplayError(f"unknown game {brief(game)}")
    missing = [key for key in ("players", "options", "seed") if key not in data]
    if missing:
        raise ReplayError(f"bad game setup: no {missing[0]!r}")
    try:
        state = info.new(data["players"], data["options"], data["seed"])
    except (TypeError, ValueError) as exc:
        raise ReplayError(f"bad game setup: {exc}") from None
    log = data.get("log")
    if not isinstance(log, list):
        raise ReplayError("the action log is missing")
    for i, entry in enumerate(log):
        try:
            if not isinstance(entry, list) or len(entry) != 3:
                raise ValueError(f"an entry is [seat, action, time], not {brief(entry)}")
            player, encoded, t = entry
            action = decode_action(info, encoded)
            if isinstance(action, Tick):
                if player is not None:
                    raise ValueError(f"a tick belongs to no seat, not {brief(player)}")
                state.tick(t)
            else:
                state.apply(player, action, t)
        except (IllegalAction, ValueError, TypeError) as exc:
            raise ReplayError(f"entry {i} does not replay: {exc}") from None
    return state


def check(data: dict, games: dict) -> str:
    """Replay a document and confirm it reaches its recorded final state; returns its hash."""
    state = rebuild(data, games)
    digest = state.state_hash()
    if data.get("final_hash") != digest:
        raise ReplayError(
            f"replay ends in state {digest}, the file recorded {brief(data.get('final_hash'))}"
        )
    return digest
