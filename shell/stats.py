"""Reaction-time records per player name, kept in sqlite3.

Location: platformdirs.user_data_dir("flotte-fuenf")/stats.sqlite3, or Stats(path=...) (tests
always pass a tmp path). One row per measured reaction:

    reactions(id, t REAL unix seconds, game TEXT, player TEXT, kind TEXT, ms REAL,
              correct INTEGER 0/1, seat INTEGER NULL)

`kind` names what was measured, per game: Flotter Otter "first_box" (waybill onset to first box)
and "grab" (onset to grab; correct = the stack matched a feature), Fliegen klatschen "slap"
(trigger onset to each slap; correct = a catchable fly).

API:
    stats = Stats(path=None)
    stats.record(game, player, kind, ms, correct=True, seat=None, when=None)
    stats.summary(player, game=None, kind=None) -> Summary(count, correct, median_ms, best_ms)
        count = all records, correct = correct ones; median/best over the correct ones only
        (None when there are none): a wrong slap is not a fast reaction.
    stats.by_player(game, kind=None) -> {player: Summary}   (the results table for one game)
    stats.players() -> sorted player names
    stats.notice / stats.take_notice()   one-time message for the screen

A database that is not a valid sqlite file (or fails its quick check) is moved aside as
stats.sqlite3.broken-<timestamp> with a notice and a fresh one is made. Errors while recording
(disk full, read-only) become a notice; stats never crash a game.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import time
from pathlib import Path
from typing import NamedTuple

from shell.settings import APP_NAME, keep_broken

FILE_NAME = "stats.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS reactions (
    id INTEGER PRIMARY KEY,
    t REAL NOT NULL,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    kind TEXT NOT NULL,
    ms REAL NOT NULL,
    correct INTEGER NOT NULL,
    seat INTEGER
);
CREATE INDEX IF NOT EXISTS reactions_player ON reactions(player, game, kind);
"""


class Summary(NamedTuple):
    count: int
    correct: int
    median_ms: float | None
    best_ms: float | None


def default_path() -> Path:
    import platformdirs
    return Path(platformdirs.user_data_dir(APP_NAME)) / FILE_NAME


class Stats:
    """The reaction-time store (see module docstring)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.notice: str | None = None
        self.db = self._open()

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, check_same_thread=False)  # recorded from the frame thread
        try:
            row = db.execute("PRAGMA quick_check").fetchone()
            if row is None or row[0] != "ok":
                raise sqlite3.DatabaseError(f"quick_check: {row}")
            db.executescript(SCHEMA)
            db.execute("SELECT id, t, game, player, kind, ms, correct, seat FROM reactions LIMIT 1")
        except sqlite3.Error:
            db.close()
            raise
        return db

    def _open(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except sqlite3.Error as e:
            where = keep_broken(self.path)
            self._say(f"The statistics file was damaged ({e}); starting a fresh one. {where}")
            try:
                return self._connect()
            except sqlite3.Error as e2:  # e.g. an unwritable directory: keep stats in memory
                self._say(f"Statistics are not saved this time ({e2}).")
                db = sqlite3.connect(":memory:")
                db.executescript(SCHEMA)
                return db

    def _say(self, message: str) -> None:
        self.notice = message if not self.notice else f"{self.notice}\n{message}"

    def take_notice(self) -> str | None:
        notice, self.notice = self.notice, None
        return notice

    def close(self) -> None:
        self.db.close()

    # -- writing ---------------------------------------------------------------------------
    def record(self, game: str, player: str, kind: str, ms: float, correct: bool = True,
               seat: int | None = None, when: float | None = None) -> None:
        try:
            with self.db:
                self.db.execute(
                    "INSERT INTO reactions (t, game, player, kind, ms, correct, seat)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (time.time() if when is None else when, game, player, kind, float(ms),
                     1 if correct else 0, seat))
        except sqlite3.Error as e:
            self._say(f"A reaction time could not be saved ({e}).")

    # -- reading ---------------------------------------------------------------------------
    def _summary(self, where: str, args: tuple) -> Summary:
        rows = self.db.execute(f"SELECT ms, correct FROM reactions WHERE {where}", args).fetchall()
        good = [ms for ms, ok in rows if ok]
        return Summary(len(rows), len(good),
                       statistics.median(good) if good else None,
                       min(good) if good else None)

    def summary(self, player: str, game: str | None = None, kind: str | None = None) -> Summary:
        where, args = ["player = ?"], [player]
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if kind is not None:
            where.append("kind = ?")
            args.append(kind)
        return self._summary(" AND ".join(where), tuple(args))

    def by_player(self, game: str, kind: str | None = None) -> dict[str, Summary]:
        names = [r[0] for r in self.db.execute(
            "SELECT DISTINCT player FROM reactions WHERE game = ? ORDER BY player", (game,))]
        return {name: self.summary(name, game, kind) for name in names}

    def players(self) -> list[str]:
        return [r[0] for r in self.db.execute(
            "SELECT DISTINCT player FROM reactions ORDER BY player")]
