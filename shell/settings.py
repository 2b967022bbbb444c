"""The arcade's settings: one JSON file in the user's config directory.

Location: platformdirs.user_config_dir("flotte-fuenf")/settings.json, or Settings(path=...) (tests
always pass a tmp path). Missing directory or file: defaults, created on the first save.

Writes are atomic: a temp file in the same directory (settings.json.<random>.tmp), flush + fsync,
os.replace, so a crash leaves either the old or the new file, never half of one. A temp file that
a kill -9 left behind is removed at the next start once it is STALE_TMP_SECONDS old (age, not
"is it open", because no portable call says whether another process holds a file open; a save
takes milliseconds, so a temp file that old belongs to no save in progress, even of a second
arcade sharing the directory).

Reading never stops the arcade, whatever the file holds:
- A whole file that cannot be used (larger than MAX_BYTES, not UTF-8, not JSON, not a JSON
  object) is moved beside it as settings.json.broken-<YYYYmmdd-HHMMSS> and the arcade starts with
  defaults. A UTF-8 byte order mark at the start is fine.
- Otherwise each field is decoded and checked on its own against SCHEMA: a field that fails
  (wrong type, out of range, an integer of more than MAX_DIGITS digits, a float that overflows,
  NaN, nesting deeper than MAX_DEPTH, even past Python's recursion limit, a name inside it longer
  than MAX_ID, text that is not valid Unicode) falls back to its default alone; every other field
  is kept. The file as it was is then copied aside (settings.json.broken-...) and the cleaned
  settings are saved, so the bad values are not lost and the next start is quiet.
- Keys this version does not know are kept and written back unchanged (within the same limits).
- Seat names are cleaned, not refused: control characters removed, cut to shell.seats.MAX_NAME.
Every such event leaves one message in `notice` for the screen (read it once with take_notice()).

Schema (key: type, default):
    version:         int, 1
    master_volume:   number 0..1, 0.8
    music_volume:    number 0..1, 0.6
    effects_volume:  number 0..1, 0.9
    fullscreen:      bool, false
    draw_scale:      "auto", 1 or 2, "auto" (pixels per canvas unit, shell.paint: 2 draws at
                     4K; auto: 2 on a 4K desktop when a GPU shows the frames). Read at start.
    draw_path:       "auto", "gpu" or "software", "auto" (how frames reach the screen,
                     shell.screen; auto: the GPU when there is one). Read at start.
    key_bindings:    {zone id: {action: pygame key name}}, {} ; missing zones or actions use
                     shell.input.DEFAULT_ZONES. Only the shape is checked here; shell.input checks
                     the keys (known, not shared, not reserved) and falls back to its defaults.
    seat_names:      list of str, [] (empty -> "Player N"); cleaned by shell.seats.clean_name,
                     cut to 8 names
    cpu_level:       one of CPU_LEVELS ("easy", "normal", "hard"), "normal" (the level a new CPU
                     seat gets)
    show_howto:      bool, true (show the how-to card before each game)
    progress:        {game id: dict}, {} (each game's saved progress, owned by its scene; e.g.
                     Flixo's campaign per table shape). A file of an older version with
                     "flixo_progress" is read as progress["flixo"].
    game_options:    {game id: dict}, {} (last options chosen per game, owned by the scenes)
    phones:          bool, false (serve the phone page while the arcade runs: shell/phones;
                     Settings > Phones turns it on or off at once; main.py --phones too)
    phone_port:      int 1024..65535, 8642 (the phone server's TCP port; main.py --phone-port
                     overrides it for one run)
    video_lag_ms:    int 0..MAX_LAG_MS, 0 (the TV's lag, with the pad's, as measured by tapping
                     along to a flash: subtracted from reaction times shown, never stored ones)
    audio_lag_ms:    int 0..MAX_LAG_MS, 0 (the sound's lag, measured by tapping along to a beat)

API: Settings(path=None); s[key] / s.get(key, default); s.set(key, value) (checked like a field of
the file, cleaned, saved at once; ValueError when refused); s.update(**values) (all checked, then
one save); s.progress(game_id) / s.set_progress(game_id, dict); s.save(); s.data (the dict,
unknown keys included); s.notice; s.add_notice(msg); s.take_notice() -> str | None.
"""

from __future__ import annotations

import copy
import json
import math
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from shell.seats import MAX_SEATS, clean_name

APP_NAME = "flotte-fuenf"
FILE_NAME = "settings.json"

# Limits. A real settings file is a few kilobytes with values nested three deep; these sit far
# above that and far below what costs time or memory (Python's json refuses integers of 4,300+
# digits with ValueError and nesting past the recursion limit with RecursionError).
MAX_BYTES = 1_000_000      # a larger file is not read at all: kept aside as broken
MAX_DEPTH = 16             # lists and objects nested inside one setting's value
MAX_DIGITS = 18            # of an integer (the int64 range, which every JSON reader keeps)
MAX_ID = 64                # characters of a setting's name, a key inside a value or a key name
STALE_TMP_SECONDS = 10     # a temp file older than this is a leftover of a killed save
MAX_LAG_MS = 500           # a measured lag beyond this is a mistake, not a TV

# The bot levels a CPU seat can have: the same list as game/bots/__init__.py LEVELS (the shell may not
# import game; tests/test_settings.py checks that the two agree).
CPU_LEVELS = ("easy", "normal", "hard")

# The phone server's default port: shell.phones.DEFAULT_PORT (not imported: the settings load
# before anything else; tests/test_phones_play.py checks that the two agree).
PHONE_PORT = 8642
PORTS = (1024, 65535)      # no privileged ports: the arcade never runs as root


class Invalid(ValueError):
    """A value the schema refuses; str() says why in a few words, for the notice."""


class _Unreadable:
    """Stands in for a JSON number or constant the decoder must not turn into a value (an integer
    too long, NaN, Infinity), so that only the field holding it is refused."""

    def __init__(self, why: str):
        self.why = why


def _parse_int(digits: str) -> int | _Unreadable:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        return _Unreadable(f"an integer of {len(digits.lstrip('-'))} digits")
    return int(digits)


def _parse_constant(name: str) -> _Unreadable:
    return _Unreadable(f"{name} is not a number")


_DECODER = json.JSONDecoder(parse_int=_parse_int, parse_constant=_parse_constant)
_SPACE = re.compile(r"[ \t\n\r]*")
# A JSON string (skipped whole: brackets inside it do not count), or a run of opening or of
# closing brackets (a run at a time: deep nesting is mostly long runs).
_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[{]+|[\]}]+', re.DOTALL)


def _end_of_nesting(text: str, start: int) -> int:
    """Index just past the list or object that opens at `start`, found without recursion (used
    for a value nested too deep for the decoder)."""
    depth = 0
    for m in _BRACKETS.finditer(text, start):
        run = m.group()
        if run[0] in "[{":
            depth += len(run)
        elif run[0] in "]}":
            if len(run) >= depth:
                return m.start() + depth
            depth -= len(run)
    raise json.JSONDecodeError("Unterminated list or object", text, start)


def decode_fields(text: str) -> list[tuple[str, Any]]:
    """The fields of the JSON object `text`, in order, each value decoded on its own.

    A value the decoder cannot build (nested past the recursion limit) becomes an _Unreadable,
    and so do integers of more than MAX_DIGITS digits, NaN and Infinity: they cost their field
    only. Raises TypeError when the text does not begin with an object (a JSON list, say),
    json.JSONDecodeError when it is not valid JSON."""
    i = _SPACE.match(text).end()
    if not text.startswith("{", i):
        if text.strip():
            raise TypeError("not a JSON object")
        raise json.JSONDecodeError("Expecting value", text, i)
    i = _SPACE.match(text, i + 1).end()
    fields: list[tuple[str, Any]] = []
    if text.startswith("}", i):
        return _end(text, i + 1, fields)
    while True:
        if not text.startswith('"', i):
            raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, i)
        key, i = json.decoder.scanstring(text, i + 1)
        i = _SPACE.match(text, i).end()
        if not text.startswith(":", i):
            raise json.JSONDecodeError("Expecting ':' delimiter", text, i)
        i = _SPACE.match(text, i + 1).end()
        try:
            value, i = _DECODER.raw_decode(text, i)
        except RecursionError:
            value, i = _Unreadable("nested too deep"), _end_of_nesting(text, i)
        fields.append((key, value))
        i = _SPACE.match(text, i).end()
        if text.startswith("}", i):
            return _end(text, i + 1, fields)
        if not text.startswith(",", i):
            raise json.JSONDecodeError("Expecting ',' delimiter", text, i)
        i = _SPACE.match(text, i + 1).end()


def _end(text: str, i: int, fields: list) -> list:
    if text[i:].strip(" \t\n\r"):
        raise json.JSONDecodeError("Extra data", text, i)
    return fields


# -- the schema ------------------------------------------------------------------------------
def _text(value: str) -> str:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Invalid("text that is not valid Unicode") from None
    return value


def check_plain(value: Any, depth: int = 0) -> None:
    """Refuse what no setting may hold: anything but JSON data, an _Unreadable, a float that is
    not finite, an integer of more than MAX_DIGITS digits, nesting deeper than MAX_DEPTH, a key
    longer than MAX_ID characters, text that cannot be written as UTF-8."""
    if isinstance(value, _Unreadable):
        raise Invalid(value.why)
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        if abs(value) >= 10 ** MAX_DIGITS:
            raise Invalid(f"an integer of more than {MAX_DIGITS} digits")
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise Invalid("a number too large")
    elif isinstance(value, str):
        _text(value)
    elif isinstance(value, (list, dict)):
        if depth >= MAX_DEPTH:
            raise Invalid("nested too deep")
        if isinstance(value, dict):
            for key in value:
                if not isinstance(key, str):
                    raise Invalid("a key that is not text")
                if len(_text(key)) > MAX_ID:
                    raise Invalid(f"a name longer than {MAX_ID} characters")
        for item in (value.values() if isinstance(value, dict) else value):
            check_plain(item, depth + 1)
    else:
        raise Invalid(f"a {type(value).__name__}, not JSON data")


def _int(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise Invalid("not a whole number")
    return v


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise Invalid("not true or false")
    return v


def _volume(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0.0 <= v <= 1.0:
        raise Invalid("not a number from 0 to 1")
    return v


def _draw_scale(v: Any) -> Any:
    if isinstance(v, bool) or v not in ("auto", 1, 2):
        raise Invalid('not "auto", 1 or 2')
    return v


def _draw_path(v: Any) -> str:
    if v not in ("auto", "gpu", "software"):
        raise Invalid('not "auto", "gpu" or "software"')
    return v


def _cpu_level(v: Any) -> str:
    if v not in CPU_LEVELS:
        raise Invalid("not one of " + ", ".join(CPU_LEVELS))
    return v


def _port(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not PORTS[0] <= v <= PORTS[1]:
        raise Invalid(f"not a port number from {PORTS[0]} to {PORTS[1]}")
    return v


def _bindings(v: Any) -> dict:
    if not (isinstance(v, dict) and all(
            isinstance(m, dict) and all(isinstance(k, str) and len(k) <= MAX_ID
                                        for k in m.values())
            for m in v.values())):
        raise Invalid("not {zone: {action: key name}}")
    return v


def _seat_names(v: Any) -> list[str]:
    if not (isinstance(v, list) and all(isinstance(n, str) for n in v)):
        raise Invalid("not a list of names")
    return [clean_name(n) for n in v[:MAX_SEATS]]


def _lag_ms(v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_LAG_MS:
        raise Invalid(f"not a whole number of ms from 0 to {MAX_LAG_MS}")
    return v


def _per_game(v: Any) -> dict:
    if not (isinstance(v, dict) and all(isinstance(p, dict) for p in v.values())):
        raise Invalid("not {game id: {...}}")
    return v


# key -> (default, check): check returns the value to keep (cleaned) or raises Invalid; it looks
# at the shape only, check_plain then checks everything inside.
SCHEMA: dict[str, tuple[Any, Callable[[Any], Any]]] = {
    "version": (1, _int),
    "master_volume": (0.8, _volume),
    "music_volume": (0.6, _volume),
    "effects_volume": (0.9, _volume),
    "fullscreen": (False, _bool),
    "draw_scale": ("auto", _draw_scale),
    "draw_path": ("auto", _draw_path),
    "key_bindings": ({}, _bindings),
    "seat_names": ([], _seat_names),
    "cpu_level": ("normal", _cpu_level),
    "show_howto": (True, _bool),
    "progress": ({}, _per_game),
    "game_options": ({}, _per_game),
    "phones": (False, _bool),
    "phone_port": (PHONE_PORT, _port),
    "video_lag_ms": (0, _lag_ms),
    "audio_lag_ms": (0, _lag_ms),
}
DEFAULTS: dict[str, Any] = {key: default for key, (default, _) in SCHEMA.items()}


def clean_value(key: str, value: Any) -> Any:
    """The value to keep for setting `key` (unknown keys: any JSON data within the limits);
    raises Invalid saying why it is refused."""
    if len(key) > MAX_ID:
        raise Invalid(f"a name longer than {MAX_ID} characters")
    if isinstance(value, _Unreadable):
        raise Invalid(value.why)
    if key in SCHEMA:
        value = SCHEMA[key][1](value)  # cleaning first: a seat name loses what check_plain refuses
    check_plain(value)
    return value


def _shown(key: str) -> str:
    """A setting's name for a notice (a stranger's name may be long or hold anything)."""
    key = "".join(c if c.isprintable() else "?" for c in key)
    return key if len(key) <= 32 else key[:31] + "…"


def default_path() -> Path:
    import platformdirs  # imported here so tests with a path never consult the user dirs
    return Path(platformdirs.user_config_dir(APP_NAME)) / FILE_NAME


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` atomically (temp file in the same dir, fsync, os.replace)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:  # make the rename itself durable; not possible on every platform
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def _aside(path: Path) -> Path:
    """A free name <name>.broken-<timestamp> beside `path`."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    return target


def move_aside(path: Path) -> Path:
    """Rename a broken file to <name>.broken-<timestamp> beside it; returns the new path."""
    target = _aside(path)
    os.replace(path, target)
    return target


def keep_broken(path: Path) -> str:
    """Move a broken file aside (move_aside) and say where it went, for the on-screen notice."""
    try:
        return f"It was kept as {move_aside(path).name}."
    except OSError:
        return "It could not be moved aside."


def remove_stale_temp_files(path: Path, now: float | None = None) -> list[Path]:
    """Remove the temp files atomic_write_text(path) left behind when killed mid-save: regular
    files named <name>.<anything>.tmp beside `path` whose last change is more than
    STALE_TMP_SECONDS from `now` (either way: a clock set back must not keep them forever).
    Returns the removed paths; errors are ignored (the next start tries again)."""
    now = time.time() if now is None else now
    prefix, removed = path.name + ".", []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return removed
    for name in names:
        if not (name.startswith(prefix) and name.endswith(".tmp")
                and len(name) > len(prefix) + len(".tmp")):
            continue
        tmp = path.parent / name
        try:
            info = tmp.lstat()
            if stat.S_ISREG(info.st_mode) and abs(now - info.st_mtime) > STALE_TMP_SECONDS:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            pass
    return removed


class Settings:
    """The settings dict with defaults, validation and atomic saving (see module docstring)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.notice: str | None = None
        self.data: dict[str, Any] = copy.deepcopy(DEFAULTS)
        remove_stale_temp_files(self.path)
        self._load()

    def _load(self) -> None:
        try:
            with open(self.path, "rb") as f:
                raw = f.read(MAX_BYTES + 1)  # never more: a huge file is not read into memory
        except FileNotFoundError:
            return
        except OSError as e:
            self._broken(f"could not be read ({e.strerror or e.__class__.__name__})")
            return
        if len(raw) > MAX_BYTES:
            self._broken(f"is larger than {MAX_BYTES // 1_000_000} MB")
            return
        try:
            fields = decode_fields(raw.decode("utf-8-sig"))  # -sig: a BOM is not an error
        except UnicodeDecodeError:
            self._broken("is not UTF-8 text")
            return
        except json.JSONDecodeError as e:
            self._broken(f"is not valid JSON (line {e.lineno})")
            return
        except TypeError:
            self._broken("does not hold a settings object")
            return
        loaded = dict(fields)
        old = loaded.pop("flixo_progress", None)  # before progress was kept per game
        if isinstance(old, dict) and old:
            progress = loaded.setdefault("progress", {})
            if isinstance(progress, dict):
                progress.setdefault("flixo", old)
        bad = []
        for key, value in loaded.items():
            try:
                self.data[key] = clean_value(key, value)
            except Invalid as why:
                bad.append(f"{_shown(key)} ({why})")
        if bad:
            self.add_notice("Some settings were invalid and were reset: " + ", ".join(bad) + ". "
                            + self._keep_copy(raw))
            self.save()

    def _keep_copy(self, raw: bytes) -> str:
        """Write the file as it was beside it (settings.json.broken-...); say where."""
        try:
            target = _aside(self.path)
            with open(target, "xb") as f:
                f.write(raw)
            return f"The file as it was is kept as {target.name}."
        except OSError:
            return "The file as it was could not be kept."

    def _broken(self, why: str) -> None:
        where = keep_broken(self.path)
        self.add_notice(f"The settings file {why}; starting with default settings. {where}")

    # -- notices ---------------------------------------------------------------------------
    def add_notice(self, message: str) -> None:
        self.notice = message if not self.notice else f"{self.notice}\n{message}"

    def take_notice(self) -> str | None:
        """The pending message for the screen, once; None when there is nothing to say."""
        notice, self.notice = self.notice, None
        return notice

    # -- access ----------------------------------------------------------------------------
    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def set(self, key: str, value: Any, save: bool = True) -> None:
        """Check and clean `value` as a field of the file would be (ValueError when refused),
        keep it, and save unless save=False."""
        try:
            self.data[key] = clean_value(key, value)
        except Invalid as why:
            raise ValueError(f"invalid value for setting {key!r}: {why}") from None
        if save:
            self.save()

    def progress(self, game_id: str) -> dict:
        """The saved progress of one game (a copy; {} when none)."""
        return dict((self.data.get("progress") or {}).get(game_id) or {})

    def set_progress(self, game_id: str, value: dict | None) -> None:
        """Save one game's progress; None or {} forgets it."""
        progress = dict(self.data.get("progress") or {})
        if value:
            progress[game_id] = value
        else:
            progress.pop(game_id, None)
        self.set("progress", progress)

    def update(self, **values: Any) -> None:
        """Set several values with one save; nothing changes if any is refused (ValueError)."""
        clean = {}
        for key, value in values.items():
            try:
                clean[key] = clean_value(key, value)
            except Invalid as why:
                raise ValueError(f"invalid value for setting {key!r}: {why}") from None
        self.data.update(clean)
        self.save()

    def save(self) -> None:
        """Write atomically. An OSError (read-only disk...) becomes a notice, not a crash."""
        try:
            atomic_write_text(self.path, json.dumps(self.data, indent=2, ensure_ascii=False) + "\n")
        except OSError as e:
            self.add_notice(f"Settings could not be saved: {e.strerror or e}")
