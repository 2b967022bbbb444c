"""Replay documents: a game as its id, players, options, seed and action log, as JSON data.

`to_json(state)` makes the document, `rebuild(data, games)` plays it again. No files here (the
rules core reads and writes none): shell/replay_files.py saves and loads them. Every entry is
checked, so a corrupt, truncated, tampered or foreign document is a ReplayError with a reason.
"""

from __future__ import annotations

from .core import IllegalAction, State, Tick, decode_action

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
    """Re-play a replay document and return the resulting state."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ReplayError("not a Flotte Fünf replay file")
    if data.get("version") != VERSION:
        raise ReplayError(f"replay version {data.get('version')!r}, this build reads {VERSION}")
    info = games.get(data.get("game"))
    if info is None:
        raise ReplayError(f"unknown game {data.get('game')!r}")
    try:
        state = info.new(data["players"], dict(data["options"]), data["seed"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ReplayError(f"bad game setup: {exc}") from None
    log = data.get("log")
    if not isinstance(log, list):
        raise ReplayError("the action log is missing")
    for i, entry in enumerate(log):
        try:
            player, encoded, t = entry
            action = decode_action(info, encoded)
            if isinstance(action, Tick):
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
            f"replay ends in state {digest}, the file recorded {data.get('final_hash')!r}"
        )
    return digest
