"""The statistics file itself: its layout and versions, opening it (a busy file is not a damaged
one), the upgrade from the first layout, the writes the writer thread makes and the reads the
screens ask for. Plain functions over an sqlite3 connection; shell.stats.store decides which
thread calls them and when. The API for the rest of the arcade is shell.stats.

Layout (PRAGMA user_version = VERSION):

    profiles(id, name, name_key UNIQUE, created)     name_key: the name casefolded
    devices(device PRIMARY KEY, profile, t)           the profile a device last used
    sessions(id, profile, activity, source, started)  one game or drill run of one profile
    reactions(id, session, t, kind, ms, correct, false_start, seat)
        ms NULL: no response (a go missed, or a lure rightly left alone); a false start is a
        press before the stimulus (ms: its time from onset, usually negative, or NULL)

Version 0 is the first layout: reactions(id, t, game, player, kind, ms, correct, seat), rows by
seat name. The upgrade files them under profiles and sessions with LegacyRows, the same code
Stats.record uses, in one transaction.
"""

from __future__ import annotations

import itertools
import sqlite3
import statistics
import unicodedata
from pathlib import Path
from typing import NamedTuple

VERSION = 2

SCHEMA = (
    """CREATE TABLE profiles (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        created REAL NOT NULL)""",
    """CREATE TABLE devices (
        device TEXT PRIMARY KEY,
        profile INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        t REAL NOT NULL)""",
    """CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        profile INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        activity TEXT NOT NULL,
        source TEXT NOT NULL,
        started REAL NOT NULL)""",
    "CREATE INDEX sessions_profile ON sessions(profile, started)",
    """CREATE TABLE reactions (
        id INTEGER PRIMARY KEY,
        session INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        t REAL NOT NULL,
        kind TEXT NOT NULL,
        ms REAL,
        correct INTEGER NOT NULL,
        false_start INTEGER NOT NULL DEFAULT 0,
        seat INTEGER)""",
    "CREATE INDEX reactions_session ON reactions(session, kind)",
)
COLUMNS = {
    "profiles": ["id", "name", "name_key", "created"],
    "devices": ["device", "profile", "t"],
    "sessions": ["id", "profile", "activity", "source", "started"],
    "reactions": ["id", "session", "t", "kind", "ms", "correct", "false_start", "seat"],
}
FIRST_LAYOUT = ["id", "t", "game", "player", "kind", "ms", "correct", "seat"]

NAME_MAX = 24              # characters in a profile name
UNNAMED = "Unnamed"        # what a blank seat name of the first layout becomes
SESSION_GAP_S = 30 * 60    # records by name more than this apart start a new session


class Busy(Exception):
    """The file is locked by another connection right now; try again later."""


class Damaged(Exception):
    """Not a database, a failed quick_check, or a layout this code does not know."""


class TooNew(Exception):
    """Made by a newer version of the arcade (a higher user_version)."""


# -- records ------------------------------------------------------------------------------------

class Profile(NamedTuple):
    id: int
    name: str
    created: float  # unix seconds


class Summary(NamedTuple):
    """The first API's summary: count = all records, correct = correct ones; median and best over
    the correct ones (None when there are none)."""
    count: int
    correct: int
    median_ms: float | None
    best_ms: float | None


class SessionSummary(NamedTuple):
    """One session's records of one kind (see figures())."""
    session: int
    started: float
    activity: str
    source: str
    count: int
    correct: int
    accuracy: float | None
    false_starts: int
    median_ms: float | None
    best_ms: float | None


class KindTotal(NamedTuple):
    """All of a profile's records of one kind (see figures())."""
    profile: int
    name: str
    kind: str
    sessions: int
    count: int
    correct: int
    accuracy: float | None
    false_starts: int
    median_ms: float | None
    best_ms: float | None


class Best(NamedTuple):
    """A profile's personal bests in one kind: the fastest correct time and the best (lowest)
    session median, each with its session and when."""
    kind: str
    ms: float
    when: float
    session: int
    median_ms: float
    median_session: int
    median_when: float


def figures(rows) -> dict:
    """Figures of records given as (ms, correct, false_start) rows:
    count (trials: records that are not false starts), correct, accuracy (correct / count, None
    when count is 0), false_starts, median_ms and best_ms (over correct trials with a time;
    None when there are none)."""
    rows = list(rows)
    trials = [r for r in rows if not r[2]]
    good = [ms for ms, ok, _ in trials if ok and ms is not None]
    correct = sum(1 for _, ok, _ in trials if ok)
    return {"count": len(trials), "correct": correct,
            "accuracy": correct / len(trials) if trials else None,
            "false_starts": len(rows) - len(trials),
            "median_ms": statistics.median(good) if good else None,
            "best_ms": min(good) if good else None}


# -- names --------------------------------------------------------------------------------------

def clean_name(raw: str) -> str:
    """NFC, control and format characters dropped, runs of white space made one space, trimmed."""
    text = unicodedata.normalize("NFC", raw)
    text = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or not unicodedata.category(ch).startswith("C"))
    return " ".join(text.split())


def name_key(name: str) -> str:
    """Names are unique ignoring case: this is what must differ."""
    return name.casefold()


def legacy_name(raw) -> str:
    """A seat name of the first layout as a profile name: cleaned, cut to NAME_MAX, UNNAMED when
    blank. Names that become equal (only case differed, or they were cut) are one profile."""
    name = clean_name(raw if isinstance(raw, str) else str(raw))[:NAME_MAX].strip()
    return name or UNNAMED


# -- opening ------------------------------------------------------------------------------------

def error_code(exc: BaseException) -> int:
    return (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF


def is_busy(exc: BaseException) -> bool:
    """SQLITE_BUSY or SQLITE_LOCKED: someone else holds the lock; not damage."""
    return isinstance(exc, sqlite3.Error) and error_code(exc) in (5, 6)


def is_damage(exc: BaseException) -> bool:
    """SQLITE_CORRUPT or SQLITE_NOTADB."""
    return isinstance(exc, sqlite3.Error) and error_code(exc) in (11, 26)


def _sorted_out(exc: sqlite3.Error) -> Exception:
    if is_busy(exc):
        return Busy(str(exc))
    if is_damage(exc):
        return Damaged(str(exc))
    return exc


def connect(target: str, timeout: float, uri: bool = False) -> sqlite3.Connection:
    """Autocommit (transactions are explicit), usable from any thread (callers hold a lock)."""
    return sqlite3.connect(target, timeout=timeout, isolation_level=None,
                           check_same_thread=False, uri=uri)


def open_file(path: Path, timeout: float) -> sqlite3.Connection:
    """The writer's connection to the file at `path`, at VERSION (made or upgraded here).
    Waits at most `timeout` for a lock at each step. Raises Busy, Damaged, TooNew, or
    sqlite3.Error / OSError for a file that cannot be opened at all (the folder is read-only...)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = connect(str(path), timeout)
    try:
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            check = db.execute("PRAGMA quick_check").fetchone()
        except sqlite3.Error as exc:
            raise _sorted_out(exc) from exc
        if check is None or check[0] != "ok":
            raise Damaged(f"quick_check: {check[0] if check else 'no answer'}")
        if version > VERSION:
            raise TooNew(f"layout version {version}, this arcade knows {VERSION}")
        if version < VERSION:
            _upgrade(db)
        _check_layout(db)
        _prefer_wal(db)
        db.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        db.close()
        raise
    return db


def open_reader(path: Path, timeout: float) -> sqlite3.Connection:
    db = connect(str(path), timeout)
    db.execute("PRAGMA query_only = ON")
    return db


def open_memory(name: str) -> tuple[sqlite3.Connection, sqlite3.Connection]:
    """A writer and a reader on one fresh in-memory database (the file could not be used)."""
    target = f"file:{name}?mode=memory&cache=shared"
    db = connect(target, 1.0, uri=True)
    for statement in SCHEMA:
        db.execute(statement)
    db.execute(f"PRAGMA user_version = {VERSION}")
    db.execute("PRAGMA foreign_keys = ON")
    reader = connect(target, 1.0, uri=True)
    reader.execute("PRAGMA read_uncommitted = ON")  # shared cache: never wait on the writer
    return db, reader


def writable(db: sqlite3.Connection) -> bool:
    """Can this connection take the write lock now (within its busy timeout)?"""
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        if is_busy(exc):
            return False
        raise
    db.execute("ROLLBACK")
    return True


def _tables(db) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _columns(db, table: str) -> list[str]:
    return [r[1] for r in db.execute(f"PRAGMA table_info({table})")]


def _check_layout(db) -> None:
    for table, columns in COLUMNS.items():
        if _columns(db, table) != columns:
            raise Damaged(f"table {table} is not as expected")


def _prefer_wal(db) -> None:
    """Write-ahead logging: readers (the stats screen, `main.py stats`) never wait for a write,
    and a commit needs no sync of its own. Switching needs the file to ourselves for a moment;
    if someone else has it open, stay as we are and try at the next start."""
    try:
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    except sqlite3.Error as exc:
        if is_busy(exc):
            return
        raise
    if mode == "wal":
        # Safe in WAL mode: a power cut may lose the last commits, never the file.
        db.execute("PRAGMA synchronous = NORMAL")


def _upgrade(db) -> None:
    """From version 0 (empty, or the first layout) to VERSION, in one transaction."""
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        raise _sorted_out(exc) from exc
    try:
        # again, under the lock: another process may have upgraded it meanwhile
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version == 0:
            tables = _tables(db) - {"sqlite_sequence"}
            if "reactions" in tables:
                if _columns(db, "reactions") != FIRST_LAYOUT:
                    raise Damaged("table reactions is not as expected")
                _from_first_layout(db)
            elif tables:
                raise Damaged(f"unknown tables: {', '.join(sorted(tables))}")
            else:
                for statement in SCHEMA:
                    db.execute(statement)
            db.execute(f"PRAGMA user_version = {VERSION}")
        db.execute("COMMIT")
    except BaseException as exc:
        try:
            db.execute("ROLLBACK")
        except sqlite3.Error:
            pass
        if isinstance(exc, sqlite3.Error):
            raise _sorted_out(exc) from exc
        raise


def _from_first_layout(db) -> None:
    db.execute("ALTER TABLE reactions RENAME TO reactions_v0")
    for statement in SCHEMA:
        db.execute(statement)
    rows = LegacyRows()
    old = db.execute("SELECT game, player, kind, t, ms, correct, seat FROM reactions_v0"
                     " ORDER BY t, id").fetchall()
    for game, player, kind, t, ms, correct, seat in old:
        rows.add(db, game, player, kind, t, ms, correct, seat)
    db.execute("DROP TABLE reactions_v0")


# -- writing (the writer thread, inside its transactions) ----------------------------------------

class LegacyRows:
    """Files records made by (game, seat name), the first layout's way, under profiles and
    sessions: one profile per name (legacy_name), one session (activity "game", source the game)
    per profile and game while its records come less than SESSION_GAP_S apart. Used by the
    upgrade and by Stats.record. Caches ids; forget() after a rollback or a deleted profile."""

    def __init__(self):
        self._profiles: dict[str, int] = {}
        self._sessions: dict[tuple[int, str], list] = {}  # (profile, game) -> [session, last t]

    def forget(self) -> None:
        self._profiles.clear()
        self._sessions.clear()

    def add(self, db, game, player, kind, t, ms, correct, seat) -> Profile | None:
        """Insert one record; returns the profile it made, if it made one."""
        name = legacy_name(player)
        key = name_key(name)
        made = None
        pid = self._profiles.get(key)
        if pid is None:
            row = db.execute("SELECT id FROM profiles WHERE name_key = ?", (key,)).fetchone()
            if row is None:
                pid = db.execute("INSERT INTO profiles (name, name_key, created) VALUES (?, ?, ?)",
                                 (name, key, t)).lastrowid
                made = Profile(pid, name, t)
            else:
                pid = row[0]
            self._profiles[key] = pid
        slot = self._sessions.get((pid, game))
        if slot is None:
            slot = db.execute(
                "SELECT s.id, coalesce(max(r.t), s.started) FROM sessions s"
                " LEFT JOIN reactions r ON r.session = s.id"
                " WHERE s.profile = ? AND s.activity = 'game' AND s.source = ?"
                " GROUP BY s.id ORDER BY s.started DESC, s.id DESC LIMIT 1", (pid, game)).fetchone()
            slot = list(slot) if slot else None
        if slot is None or t - slot[1] > SESSION_GAP_S:
            sid = db.execute("INSERT INTO sessions (profile, activity, source, started)"
                             " VALUES (?, 'game', ?, ?)", (pid, game, t)).lastrowid
            slot = [sid, t]
        slot[1] = max(slot[1], t)
        self._sessions[(pid, game)] = slot
        db.execute("INSERT INTO reactions (session, t, kind, ms, correct, false_start, seat)"
                   " VALUES (?, ?, ?, ?, ?, 0, ?)",
                   (slot[0], t, kind, ms, 1 if correct else 0, seat))
        return made


def add_profile(db, pid: int, name: str, key: str, created: float) -> Profile | None:
    """Insert a profile; if the file already has one of that name (made by another process, or
    before this one could read the file), insert nothing and return that one."""
    row = db.execute("SELECT id, name, created FROM profiles WHERE name_key = ?", (key,)).fetchone()
    if row is not None:
        return None if row[0] == pid else Profile(*row)
    db.execute("INSERT INTO profiles (id, name, name_key, created) VALUES (?, ?, ?, ?)",
               (pid, name, key, created))
    return None


def rename_profile(db, pid: int, name: str, key: str) -> str | None:
    """Rename; if another profile in the file has that name, change nothing and return the
    profile's name as the file has it."""
    taken = db.execute("SELECT 1 FROM profiles WHERE name_key = ? AND id != ?",
                       (key, pid)).fetchone()
    if taken:
        row = db.execute("SELECT name FROM profiles WHERE id = ?", (pid,)).fetchone()
        return row[0] if row else name
    db.execute("UPDATE profiles SET name = ?, name_key = ? WHERE id = ?", (name, key, pid))
    return None


def delete_profile(db, pid: int) -> None:
    """The profile, its sessions and records, and the devices that remembered it."""
    db.execute("DELETE FROM reactions WHERE session IN (SELECT id FROM sessions WHERE profile = ?)",
               (pid,))
    db.execute("DELETE FROM sessions WHERE profile = ?", (pid,))
    db.execute("DELETE FROM devices WHERE profile = ?", (pid,))
    db.execute("DELETE FROM profiles WHERE id = ?", (pid,))


def remember_device(db, device: str, pid: int, t: float) -> None:
    db.execute("INSERT OR REPLACE INTO devices (device, profile, t)"
               " SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM profiles WHERE id = ?)",
               (device, pid, t, pid))


def add_session(db, sid: int, pid: int, activity: str, source: str, started: float) -> None:
    """(Nothing when the profile was deleted meanwhile.)"""
    db.execute("INSERT OR IGNORE INTO sessions (id, profile, activity, source, started)"
               " SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM profiles WHERE id = ?)",
               (sid, pid, activity, source, started, pid))


def add_reaction(db, sid: int, kind: str, t: float, ms, correct: bool, false_start: bool,
                 seat) -> None:
    """(Nothing when the session's profile was deleted meanwhile.)"""
    db.execute("INSERT INTO reactions (session, t, kind, ms, correct, false_start, seat)"
               " SELECT ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM sessions WHERE id = ?)",
               (sid, t, kind, ms, 1 if correct else 0, 1 if false_start else 0, seat, sid))


# -- reading ------------------------------------------------------------------------------------

def load_book(db) -> tuple[list[Profile], dict[str, int]]:
    """All profiles and the device memory (small: the screens keep them in memory)."""
    profiles = [Profile(*r) for r in db.execute("SELECT id, name, created FROM profiles")]
    devices = dict(db.execute("SELECT device, profile FROM devices"))
    return profiles, devices


def kinds(db, pid: int) -> list[str]:
    return [r[0] for r in db.execute(
        "SELECT DISTINCT r.kind FROM sessions s JOIN reactions r ON r.session = s.id"
        " WHERE s.profile = ? ORDER BY r.kind", (pid,))]


def history(db, pid: int, kind: str) -> list[SessionSummary]:
    rows = db.execute(
        "SELECT s.id, s.started, s.activity, s.source, r.ms, r.correct, r.false_start"
        " FROM sessions s JOIN reactions r ON r.session = s.id"
        " WHERE s.profile = ? AND r.kind = ? ORDER BY s.started, s.id, r.t, r.id", (pid, kind))
    out = []
    for head, group in itertools.groupby(rows, key=lambda r: r[:4]):
        out.append(SessionSummary(*head, **figures(r[4:] for r in group)))
    return out


def latest_times(db, pid: int, kind: str) -> list[float]:
    row = db.execute(
        "SELECT s.id FROM sessions s WHERE s.profile = ? AND EXISTS"
        " (SELECT 1 FROM reactions r WHERE r.session = s.id AND r.kind = ?)"
        " ORDER BY s.started DESC, s.id DESC LIMIT 1", (pid, kind)).fetchone()
    if row is None:
        return []
    return [r[0] for r in db.execute(
        "SELECT ms FROM reactions WHERE session = ? AND kind = ? AND correct = 1"
        " AND false_start = 0 AND ms IS NOT NULL ORDER BY t, id", (row[0], kind))]


def bests(db, pid: int) -> dict[str, Best]:
    rows = db.execute(
        "SELECT r.kind, s.id, s.started, r.ms, r.t FROM sessions s"
        " JOIN reactions r ON r.session = s.id WHERE s.profile = ? AND r.correct = 1"
        " AND r.false_start = 0 AND r.ms IS NOT NULL ORDER BY r.kind, s.started, s.id", (pid,))
    out = {}
    for kind, group in itertools.groupby(rows, key=lambda r: r[0]):
        group = list(group)
        fastest = min(group, key=lambda r: r[3])
        medians = []  # (median, session, started) per session
        for (sid, started), session in itertools.groupby(group, key=lambda r: r[1:3]):
            medians.append((statistics.median(r[3] for r in session), sid, started))
        median, median_sid, median_when = min(medians)
        out[kind] = Best(kind, fastest[3], fastest[4], fastest[1], median, median_sid, median_when)
    return out


def totals(db, pid: int | None = None) -> list[KindTotal]:
    where, args = ("WHERE p.id = ?", (pid,)) if pid is not None else ("", ())
    rows = db.execute(
        "SELECT p.id, p.name, r.kind, s.id, r.ms, r.correct, r.false_start FROM profiles p"
        " JOIN sessions s ON s.profile = p.id JOIN reactions r ON r.session = s.id"
        f" {where} ORDER BY p.id, r.kind", args).fetchall()
    out = []
    for (p, name, kind), group in itertools.groupby(rows, key=lambda r: r[:3]):
        group = list(group)
        out.append(KindTotal(p, name, kind, len({r[3] for r in group}),
                             **figures(r[4:] for r in group)))
    out.sort(key=lambda k: (name_key(k.name), k.profile, k.kind))
    return out


def summary_by_name(db, player: str, game: str | None, kind: str | None) -> Summary:
    where, args = ["p.name_key = ?"], [name_key(legacy_name(player))]
    if game is not None:
        where.append("s.source = ?")
        args.append(game)
    if kind is not None:
        where.append("r.kind = ?")
        args.append(kind)
    rows = db.execute(
        "SELECT r.ms, r.correct, r.false_start FROM profiles p JOIN sessions s ON s.profile = p.id"
        f" JOIN reactions r ON r.session = s.id WHERE {' AND '.join(where)}", args)
    f = figures(rows)
    return Summary(f["count"], f["correct"], f["median_ms"], f["best_ms"])


def names_in_game(db, game: str) -> list[str]:
    return [r[0] for r in db.execute(
        "SELECT DISTINCT p.name FROM profiles p JOIN sessions s ON s.profile = p.id"
        " WHERE s.source = ? AND EXISTS (SELECT 1 FROM reactions r WHERE r.session = s.id)"
        " ORDER BY p.name", (game,))]


def names_with_records(db) -> list[str]:
    return [r[0] for r in db.execute(
        "SELECT DISTINCT p.name FROM profiles p JOIN sessions s ON s.profile = p.id"
        " WHERE EXISTS (SELECT 1 FROM reactions r WHERE r.session = s.id) ORDER BY p.name")]
