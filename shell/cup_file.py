"""The saved party-night cup: one small JSON document beside the settings file (cup.json).

    read(path) -> dict | None     None when there is no file; CupFileError (saying why) when
                                  the file cannot be used: larger than MAX_BYTES, not UTF-8,
                                  not JSON, or not of the shape SCHEMA describes
    write(path, doc)              atomic (shell.settings.atomic_write_text); OSError on failure
    remove(path)                  forget it (a finished or abandoned cup); a missing file is fine
    keep_aside(path) -> str       move a broken file to cup.json.broken-<date>, say where

Only the shape is checked here (types, lengths, sizes): what the values mean (known games,
seats that fit) is game.cup.Cup.from_dict's business. The shell imports neither game nor
scenes, so this module knows nothing of games.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

from shell.settings import atomic_write_text, keep_broken, remove_stale_temp_files

FILE_NAME = "cup.json"
MAX_BYTES = 256_000        # a five-game cup of eight players is about 10 kB
MAX_ITEMS = 64             # entries of any list in the document
MAX_TEXT = 200             # characters of any text in it


class CupFileError(Exception):
    """The cup file cannot be used; str() says why in a few words."""


NUMBER = (int, float)
OPTIONAL_TEXT = (str, type(None))
# The document's shape: a type (or tuple of types), [shape] for a list of them, or {key: shape}
# for an object with exactly these keys (more keys are allowed and kept out of the check).
AWARD = {"kind": str, "title": str, "players": [int], "figure": str, "value": NUMBER,
         "game": OPTIONAL_TEXT}
RESULT = {"game": str, "places": [int], "points": [int], "scores": [NUMBER],
          "team_won": (bool, type(None)), "awards": [AWARD]}
SCHEMA = {"format": int, "games": [str],
          "players": [{"seat": int, "name": str, "cpu": OPTIONAL_TEXT}],
          "results": [RESULT]}


def check(value, shape, where: str = "the cup") -> None:
    """Raise CupFileError unless `value` has `shape` (see SCHEMA)."""
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            raise CupFileError(f"{where} is not an object")
        for key, inner in shape.items():
            if key not in value:
                raise CupFileError(f"{where} has no {key!r}")
            check(value[key], inner, f"{where}: {key}")
    elif isinstance(shape, list):
        if not isinstance(value, list):
            raise CupFileError(f"{where} is not a list")
        if len(value) > MAX_ITEMS:
            raise CupFileError(f"{where} is too long")
        for item in value:
            check(item, shape[0], where)
    else:
        types = shape if isinstance(shape, tuple) else (shape,)
        if isinstance(value, bool) and bool not in types:
            raise CupFileError(f"{where} is true/false, not a {_name(types)}")
        if not isinstance(value, types):
            raise CupFileError(f"{where} is not a {_name(types)}")
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise CupFileError(f"{where} is too long")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise CupFileError(f"{where} is not valid Unicode text") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise CupFileError(f"{where} is not a finite number")


def _name(types) -> str:
    names = {int: "whole number", float: "number", str: "text", bool: "true/false",
             type(None): "null"}
    return " or ".join(names.get(t, t.__name__) for t in types)


def _finite(name: str):
    raise CupFileError(f"it holds {name}, not a number")


def read(path: Path) -> dict | None:
    """The cup document at `path`, checked against SCHEMA; None when there is none."""
    path = Path(path)
    remove_stale_temp_files(path)  # a save killed half-way leaves its temp file
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)  # never more: a huge file is not read into memory
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise CupFileError(f"it could not be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_BYTES:
        raise CupFileError(f"it is larger than {MAX_BYTES // 1000} kB")
    try:
        doc = json.loads(raw.decode("utf-8-sig"), parse_constant=_finite)
    except UnicodeDecodeError:
        raise CupFileError("it is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise CupFileError(f"it is not valid JSON (line {exc.lineno})") from None
    except ValueError:  # an integer of thousands of digits (NaN, Infinity: _finite)
        raise CupFileError("it holds a number too long") from None
    except RecursionError:
        raise CupFileError("it is nested too deep") from None
    check(doc, SCHEMA)
    return doc


def write(path: Path, doc: dict) -> None:
    """Save `doc` atomically (a crash leaves the old file or the new one, never half)."""
    check(doc, SCHEMA)  # never write what read() would refuse
    atomic_write_text(Path(path), json.dumps(doc, ensure_ascii=False, indent=1) + "\n")


def remove(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def keep_aside(path: Path) -> str:
    """Move a broken cup file aside (cup.json.broken-<date>) and say where it went."""
    return keep_broken(Path(path))
