"""Replay files on disk: the JSON documents of game/replay.py, saved and loaded.

No pickle and no eval: a file is read as JSON and rebuilt entry by entry (game.replay.rebuild),
so a corrupt, truncated, tampered or foreign file is reported as a ReplayError with a reason.
"""

from __future__ import annotations

import json
from pathlib import Path

from game.core import State
from game.replay import ReplayError, rebuild, to_json


def save(state: State, path) -> None:
    Path(path).write_text(json.dumps(to_json(state), separators=(",", ":")), encoding="utf-8")


def load(path, games: dict) -> tuple[State, dict]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReplayError(f"no such file: {path}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ReplayError(f"{path} is not valid JSON ({exc})") from None
    return rebuild(data, games), data


def check(path, games: dict) -> str:
    """Replay a file and confirm it reaches the recorded final state; returns its hash."""
    state, data = load(path, games)
    digest = state.state_hash()
    if data.get("final_hash") != digest:
        raise ReplayError(
            f"replay ends in state {digest}, the file recorded {data.get('final_hash')!r}"
        )
    return digest
