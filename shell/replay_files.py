"""Replay files on disk: the JSON documents of game/replay.py, written and read.

This module only moves documents between disk and memory; game.replay.rebuild checks every
entry and plays them again (main.py joins the two). No pickle and no eval: a file is read as
JSON, and anything that is not a JSON object is refused with a reason (ReplayFileError).

Refused before or while reading, each with a one-line reason: a missing path, a directory or
anything else that is not a regular file, a file larger than MAX_BYTES (checked before it is
read, and the read itself stops there), text that is not UTF-8 JSON, NaN or Infinity (also
as a number too large for a float, like 1e999), an integer of more digits than Python will
convert (4,300), nesting deeper than Python's recursion limit, and a top level that is not an
object. Documents are written without NaN or Infinity (the core refuses such times).
"""

from __future__ import annotations

import json
import math
import stat
from pathlib import Path

# The largest replays `main.py simulate --save-logs` makes, measured at each game's most
# players (random bots act most often): Fliegen klatschen 204 KB (8 players), Flotter Otter
# 141 KB (8; a three-game series 383 KB), Flotte Flitzer 19 KB and Formula Fun 14 KB (6),
# Flixo 7 KB (5). 16 MiB leaves room for forty times that and is still quick to read.
MAX_BYTES = 16 * 1024 * 1024


class ReplayFileError(ValueError):
    """A replay file that cannot be read as a document; str() is the reason for the user."""


def write(document: dict, path) -> None:
    """Write `document` as compact JSON; ValueError if it holds NaN or an infinity, OSError if
    the file cannot be written."""
    text = json.dumps(document, separators=(",", ":"), allow_nan=False)
    Path(path).write_text(text, encoding="utf-8")


def _refuse_constant(name: str):
    raise ValueError(f"{name} is not a number a replay may hold")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:20]} is too large for a number")
    return value


def read(path) -> dict:
    path = Path(path)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise ReplayFileError(f"{path} is a directory, not a replay file")
        if not stat.S_ISREG(info.st_mode):
            raise ReplayFileError(f"{path} is not a regular file")
        if info.st_size > MAX_BYTES:
            raise ReplayFileError(f"{path} is {info.st_size:,} bytes; a replay file is at most "
                                  f"{MAX_BYTES:,}")
        with open(path, "rb") as file:
            raw = file.read(MAX_BYTES + 1)  # the file may have grown since stat
    except FileNotFoundError:
        raise ReplayFileError(f"no such file: {path}") from None
    except OSError as exc:
        raise ReplayFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(raw) > MAX_BYTES:
        raise ReplayFileError(f"{path} is larger than {MAX_BYTES:,} bytes, too large for a replay")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant,
                          parse_float=_finite_float)
    except UnicodeDecodeError as exc:
        raise ReplayFileError(f"{path} is not UTF-8 text ({exc.reason} at byte {exc.start})") \
            from None
    except RecursionError:
        raise ReplayFileError(f"{path} is not a replay: its JSON is nested too deep") from None
    except ValueError as exc:  # JSONDecodeError, NaN/Infinity, an integer of too many digits
        reason = str(exc).splitlines()[0].split("; use sys.")[0][:120]
        raise ReplayFileError(f"{path} is not valid JSON ({reason})") from None
    if not isinstance(data, dict):
        raise ReplayFileError(f"{path} does not hold a replay document")
    return data

