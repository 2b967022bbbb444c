"""Replay files on disk: the JSON documents of game/replay.py, written and read.

This module only moves documents between disk and memory; game.replay.rebuild checks every
entry and plays them again (main.py joins the two). No pickle and no eval: a file is read as
JSON, and anything that is not a JSON object is refused with a reason (ReplayFileError).
"""

from __future__ import annotations

import json
from pathlib import Path


class ReplayFileError(ValueError):
    """A replay file that cannot be read as a document; str() is the reason for the user."""


def write(document: dict, path) -> None:
    Path(path).write_text(json.dumps(document, separators=(",", ":")), encoding="utf-8")


def read(path) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReplayFileError(f"no such file: {path}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ReplayFileError(f"{path} is not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise ReplayFileError(f"{path} does not hold a replay document")
    return data
