"""The arcade's settings: one JSON file in the user's config directory.

Location: platformdirs.user_config_dir("flotte-fuenf")/settings.json, or Settings(path=...) (tests
always pass a tmp path). Missing directory or file: defaults, created on the first save.

Writes are atomic: a temp file in the same directory, flush + fsync, os.replace, so a crash leaves
either the old or the new file, never half of one.

A corrupt or hand-broken file (not JSON, or not a JSON object) never stops the arcade: it starts
with defaults, the broken file is moved beside it as settings.json.broken-<YYYYmmdd-HHMMSS>, and
`notice` holds a message for the screen (read it once with take_notice()). A known key with a bad
value (wrong type, out of range) falls back to its default with a notice. Keys this version does
not know are kept and written back unchanged.

Schema (key: type, default):
    version:         int, 1
    master_volume:   float 0..1, 0.8
    music_volume:    float 0..1, 0.6
    effects_volume:  float 0..1, 0.9
    fullscreen:      bool, false
    draw_scale:      "auto", 1 or 2, "auto" (pixels per canvas unit, shell.paint: 2 draws at
                     4K; auto: 2 on a 4K desktop). Read at start.
    key_bindings:    {zone id ("kb1".."kb4"): {action: pygame key name}}, {} ; missing zones or
                     actions use shell.input.DEFAULT_ZONES (validated there, not here)
    seat_names:      list of up to 8 str, [] (empty -> "Player N")
    cpu_level:       str, "normal" (the level a new CPU seat gets)
    show_howto:      bool, true (show the how-to card before each game)
    progress:        {game id: dict}, {} (each game's saved progress, owned by its scene; e.g.
                     Flixo's campaign per table shape). A file of an older version with
                     "flixo_progress" is read as progress["flixo"].
    game_options:    {game id: dict}, {} (last options chosen per game, owned by the scenes)

API: Settings(path=None); s[key] / s.get(key, default); s.set(key, value) (saves at once);
s.update(**values) (one save); s.progress(game_id) / s.set_progress(game_id, dict); s.save(); s.data (the dict, unknown keys included); s.notice;
s.add_notice(msg); s.take_notice() -> str | None.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

APP_NAME = "flotte-fuenf"
FILE_NAME = "settings.json"

DEFAULTS: dict[str, Any] = {
    "version": 1,
    "master_volume": 0.8,
    "music_volume": 0.6,
    "effects_volume": 0.9,
    "fullscreen": False,
    "draw_scale": "auto",
    "key_bindings": {},
    "seat_names": [],
    "cpu_level": "normal",
    "show_howto": True,
    "progress": {},
    "game_options": {},
}


def _volume(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0.0 <= v <= 1.0


def _bindings(v: Any) -> bool:
    return isinstance(v, dict) and all(
        isinstance(z, str) and isinstance(m, dict)
        and all(isinstance(a, str) and isinstance(k, str) for a, k in m.items())
        for z, m in v.items())


VALID = {
    "version": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "master_volume": _volume,
    "music_volume": _volume,
    "effects_volume": _volume,
    "fullscreen": lambda v: isinstance(v, bool),
    "draw_scale": lambda v: v in ("auto", 1, 2) and not isinstance(v, bool),
    "key_bindings": _bindings,
    "seat_names": lambda v: (isinstance(v, list) and len(v) <= 8
                             and all(isinstance(n, str) for n in v)),
    "cpu_level": lambda v: isinstance(v, str),
    "show_howto": lambda v: isinstance(v, bool),
    "progress": lambda v: isinstance(v, dict) and all(isinstance(g, str) and isinstance(p, dict)
                                                      for g, p in v.items()),
    "game_options": lambda v: isinstance(v, dict),
}


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


def move_aside(path: Path) -> Path:
    """Rename a broken file to <name>.broken-<timestamp> beside it; returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    os.replace(path, target)
    return target


def keep_broken(path: Path) -> str:
    """Move a broken file aside (move_aside) and say where it went, for the on-screen notice."""
    try:
        return f"It was kept as {move_aside(path).name}."
    except OSError:
        return "It could not be moved aside."


class Settings:
    """The settings dict with defaults, validation and atomic saving (see module docstring)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.notice: str | None = None
        self.data: dict[str, Any] = copy.deepcopy(DEFAULTS)
        self._load()

    def _load(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as e:
            self._broken(f"could not be read ({e.__class__.__name__})")
            return
        try:
            loaded = json.loads(text)
        except json.JSONDecodeError as e:
            self._broken(f"is not valid JSON (line {e.lineno})")
            return
        if not isinstance(loaded, dict):
            self._broken("does not hold a settings object")
            return
        old = loaded.pop("flixo_progress", None)  # before progress was kept per game
        if isinstance(old, dict) and old:
            progress = loaded.setdefault("progress", {})
            if isinstance(progress, dict):
                progress.setdefault("flixo", old)
        bad = []
        for key, value in loaded.items():
            check = VALID.get(key)
            if check is None or check(value):
                self.data[key] = value  # unknown keys are kept as they are
            else:
                bad.append(key)
        if bad:
            self.add_notice("Some settings were invalid and were reset: " + ", ".join(sorted(bad)))

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
        check = VALID.get(key)
        if check is not None and not check(value):
            raise ValueError(f"invalid value for setting {key!r}: {value!r}")
        self.data[key] = value
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
        for key, value in values.items():
            self.set(key, value, save=False)
        self.save()

    def save(self) -> None:
        """Write atomically. An OSError (read-only disk...) becomes a notice, not a crash."""
        try:
            atomic_write_text(self.path, json.dumps(self.data, indent=2, ensure_ascii=False) + "\n")
        except OSError as e:
            self.add_notice(f"Settings could not be saved: {e.strerror or e}")
