"""Who touches the statistics file, from which thread, and how long anyone may wait for it.

Store: one writer thread with a queue, a reader connection for the screens.
    - Every write is an op (a tuple) put on the queue; put() never waits on the file.
    - The writer applies ops in order, in one transaction per batch. A busy file (locked by
      another program) is not damage: the batch is rolled back, kept, and tried again every
      RETRY_S until it goes in. An op that fails for another reason (disk full, read-only file)
      is dropped alone, with a notice.
    - Opening: the first attempt is made at once, waiting at most OPEN_TIMEOUT_S for a lock. A
      locked file means "not now" (status "busy", a notice), and the writer keeps trying to open
      it; only a damaged file (not a database, failed quick_check, unknown layout) is moved
      aside, and a file that cannot be used at all means memory only (status "memory").
    - read() waits at most READ_WAIT_S for the writer to catch up with the queue (not at all
      while the file is busy) and READ_TIMEOUT_S for a lock, then answers what it knows.
    - close() flushes for at most CLOSE_WAIT_S; what is left is returned, never dropped unsaid.
      A store nobody closed is flushed the same way at interpreter exit.
Book: what this process knows of profiles and device memory, so screens list them without
    touching the file.
Notices: one-time messages for the screen, collectable from any thread at any time.
"""

from __future__ import annotations

import atexit
import itertools
import os
import sqlite3
import sys
import threading
import time
import uuid
import weakref
from collections import deque
from pathlib import Path

from shell.settings import move_aside
from shell.stats import db as sql
from shell.stats.db import Profile

OPEN_TIMEOUT_S = 0.05   # lock wait at the first open (the caller's thread, at start)
WRITE_TIMEOUT_S = 0.25  # lock wait of one write attempt (the writer thread)
READ_TIMEOUT_S = 0.05   # lock wait of a read (a screen)
READ_WAIT_S = 0.1       # how long a read waits for the writer to catch up with the queue
RETRY_S = 0.5           # pause between attempts while the file is busy
CLOSE_WAIT_S = 2.0      # how long close() keeps trying to write what is queued
BUSY_NOTICE_S = 3.0     # a file busy this long while times wait gets a notice
BATCH = 200             # ops per transaction


class Notices:
    """One-time messages. take() is cheap when there is nothing (polled every frame)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._items: list[str] = []

    def say(self, text: str) -> None:
        with self._lock:
            self._items.append(text)

    def peek(self) -> str | None:
        with self._lock:
            return "\n".join(self._items) or None

    def take(self) -> str | None:
        if not self._items:
            return None
        with self._lock:
            items, self._items = self._items, []
        return "\n".join(items) or None


class Book:
    """Profiles, device memory and id aliases as this process knows them (see Stats)."""

    def __init__(self):
        self.lock = threading.RLock()
        self.profiles: dict[int, Profile] = {}
        self.devices: dict[str, int] = {}
        self.aliases: dict[int, int] = {}  # a profile made here -> the file's one of that name
        self.loaded = False                # the file's profiles have been read

    def resolve(self, pid: int) -> int:
        with self.lock:
            while pid in self.aliases:
                pid = self.aliases[pid]
            return pid

    def by_key(self, key: str) -> Profile | None:
        with self.lock:
            return next((p for p in self.profiles.values() if sql.name_key(p.name) == key), None)

    def load(self, profiles: list[Profile], devices: dict[str, int]) -> None:
        """The file's profiles and devices; a profile made here meanwhile under a name the file
        already has becomes the file's one (same name, same person)."""
        with self.lock:
            for p in profiles:
                mine = self.by_key(sql.name_key(p.name))
                if mine is not None and mine.id != p.id:
                    self.merge(mine.id, p)
                self.profiles[p.id] = p
            for device, pid in devices.items():
                self.devices.setdefault(device, pid)  # one chosen here meanwhile is newer
            self.loaded = True

    def merge(self, pid: int, into: Profile) -> None:
        with self.lock:
            self.aliases[pid] = into.id
            self.profiles.pop(pid, None)
            self.profiles[into.id] = into
            for device, owner in self.devices.items():
                if owner == pid:
                    self.devices[device] = into.id

    def found(self, profile: Profile) -> None:
        with self.lock:
            self.profiles.setdefault(profile.id, profile)


def _keep_broken(path: Path) -> str:
    """Move a damaged database aside with its write-ahead log, for the notice."""
    try:
        target = move_aside(path)
    except OSError:
        return "It could not be moved aside."
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        try:
            if side.exists():
                os.replace(side, target.with_name(target.name + suffix))
        except OSError:
            pass
    return f"It was kept as {target.name}."


_STORES: weakref.WeakSet = weakref.WeakSet()  # stores not closed yet


@atexit.register
def _flush_at_exit() -> None:
    for store in list(_STORES):
        left = store.close()
        if left:
            print(f"[stats] {unsaved(left)}", file=sys.stderr)


def unsaved(ops, why: str = "the statistics file stayed busy") -> str:
    """The notice for ops that could not be written."""
    times = sum(1 for op in ops if op[0] in ("reaction", "legacy"))
    other = len(ops) - times
    parts = ([f"{times} reaction time{'s' if times != 1 else ''}"] if times else []) + \
            ([f"{other} profile change{'s' if other != 1 else ''}"] if other else [])
    return f"{' and '.join(parts)} could not be saved ({why})."


class Store:
    """The statistics file's connections and its writer thread (see module docstring).

    status: "ok", "busy" (the file is locked by someone else; writes wait in the queue),
    "memory" (the file cannot be used: nothing is kept after this run). readable: reads reach
    a database (False while the file was locked from the start)."""

    def __init__(self, path: Path, book: Book, notices: Notices):
        self.path = path
        self.book = book
        self.notices = notices
        self.cond = threading.Condition()
        self.pending: deque[tuple] = deque()
        self.status = "ok"
        self.db: sqlite3.Connection | None = None
        self.reader: sqlite3.Connection | None = None
        self.read_lock = threading.Lock()
        self.rows = sql.LegacyRows()
        self.stopping = False
        self.deadline = 0.0
        self.wake = threading.Event()  # ends a pause between attempts early (close)
        self.busy_since: float | None = None
        self.busy_told = False
        if not self._open(OPEN_TIMEOUT_S):
            self._busy("The statistics file is in use by another program: nothing can be read "
                       "from it now, and new times wait to be saved until it is free.")
        self.thread = threading.Thread(target=self._run, name="stats-writer", daemon=True)
        self.thread.start()
        _STORES.add(self)

    @property
    def readable(self) -> bool:
        return self.reader is not None

    # -- the caller's side ----------------------------------------------------------------------
    def put(self, op: tuple) -> None:
        with self.cond:
            if self.stopping:
                self.notices.say(unsaved([op], "the statistics were already closed"))
                return
            self.pending.append(op)
            self.cond.notify()

    def read(self, query, default):
        """query(connection) -> answer, or `default` when the file cannot answer now."""
        with self.cond:
            self.cond.wait_for(lambda: not self.pending or self.status == "busy" or self.stopping,
                               READ_WAIT_S)
        with self.read_lock:
            if self.reader is None:
                return default
            try:
                return query(self.reader)
            except sqlite3.Error as exc:
                if not sql.is_busy(exc):
                    self.notices.say(f"The statistics could not be read ({exc}).")
                return default

    def flush(self, timeout: float) -> bool:
        """Wait until the queue is written (True) or `timeout` passed (False). For tests and
        shutdown: never on a frame."""
        with self.cond:
            return self.cond.wait_for(lambda: not self.pending, timeout)

    def close(self, timeout: float = CLOSE_WAIT_S) -> list[tuple]:
        """Write what can be written within `timeout`, stop the thread; returns the ops left."""
        _STORES.discard(self)
        self.stop_soon(timeout)
        if threading.current_thread() is not self.thread:
            self.thread.join(timeout + WRITE_TIMEOUT_S + 1.0)
        with self.cond:
            return list(self.pending)

    def stop_soon(self, timeout: float = CLOSE_WAIT_S) -> None:
        with self.cond:
            if not self.stopping:
                self.stopping = True
                self.deadline = time.monotonic() + timeout
            self.cond.notify_all()
        self.wake.set()

    # -- opening --------------------------------------------------------------------------------
    def _open(self, timeout: float) -> bool:
        """Open the file (or fall back to memory); False: it is locked, try again later."""
        try:
            db = sql.open_file(self.path, timeout)
        except sql.Busy:
            return False
        except sql.Damaged as exc:
            where = _keep_broken(self.path)
            self.notices.say(f"The statistics file was damaged ({exc}); starting a fresh one. "
                             f"{where}")
            try:
                db = sql.open_file(self.path, timeout)
            except (sql.Busy, sql.Damaged, sql.TooNew, sqlite3.Error, OSError) as again:
                return self._memory(f"Statistics are not saved this time ({again}).")
        except sql.TooNew as exc:
            return self._memory(f"The statistics file was made by a newer version of the arcade "
                                f"({exc}); this run keeps its times in memory only.")
        except (sqlite3.Error, OSError) as exc:
            return self._memory(f"Statistics are not saved this time ({exc}).")
        reader = None
        try:
            self.book.load(*sql.load_book(db))
            reader = sql.open_reader(self.path, READ_TIMEOUT_S)
            free = sql.writable(db)
            db.execute(f"PRAGMA busy_timeout = {int(WRITE_TIMEOUT_S * 1000)}")  # the writer's own
        except sqlite3.Error as exc:  # locked again between two steps: as if locked at once
            for connection in (db, reader):
                if connection is not None:
                    connection.close()
            if sql.is_busy(exc):
                return False
            return self._memory(f"Statistics are not saved this time ({exc}).")
        with self.read_lock:
            self.db, self.reader = db, reader
        if free:
            self._free()
        else:
            self._busy("The statistics file is in use by another program: it can be read, but "
                       "new times wait to be saved until it is free.")
        return True

    def _memory(self, why: str) -> bool:
        self.notices.say(why)
        db, reader = sql.open_memory(f"flotte-stats-{uuid.uuid4().hex}")
        with self.read_lock:
            self.db, self.reader = db, reader
        self.book.load([], {})
        self.status = "memory"
        return True

    def _busy(self, notice: str | None = None) -> None:
        """The file is locked by someone else. Said once per spell: at once when `notice` is
        given (at opening), else when times have waited BUSY_NOTICE_S."""
        with self.cond:
            self.status = "busy"
            now = time.monotonic()
            if self.busy_since is None:
                self.busy_since = now
            if (notice is None and not self.busy_told and self.pending
                    and now - self.busy_since > BUSY_NOTICE_S):
                notice = ("The statistics file is in use by another program; new times are kept "
                          "and saved when it is free.")
            if notice:
                self.busy_told = True
            self.cond.notify_all()  # readers stop waiting for a queue that cannot move
        if notice:
            self.notices.say(notice)

    def _free(self) -> None:
        with self.cond:
            if self.status == "busy":
                self.status = "ok"
            self.busy_since = None
            self.busy_told = False
            self.cond.notify_all()

    # -- the writer thread ----------------------------------------------------------------------
    def _run(self) -> None:
        try:
            while self._step():
                pass
        except Exception as exc:  # a bug here must not leave callers waiting on a dead queue
            self.notices.say(f"The statistics stopped saving ({exc!r}).")
            with self.cond:
                self.stopping = True
        finally:
            with self.read_lock:
                for connection in (self.db, self.reader):
                    if connection is not None:
                        connection.close()
                self.db = self.reader = None
            with self.cond:
                self.cond.notify_all()

    def _step(self) -> bool:
        """One round of work; False when the thread should end."""
        with self.cond:
            while not self.stopping and not self.pending and self.status != "busy":
                self.cond.wait()
            if self.stopping and (not self.pending or time.monotonic() > self.deadline):
                return False
        if self.db is None:
            if not self._open(WRITE_TIMEOUT_S):
                self._busy()
                self._pause()
                return True
        if self.pending:
            if not self._write():
                self._busy()
                self._pause()
        elif self.status == "busy":  # nothing to write: look whether the file is free again
            try:
                free = sql.writable(self.db)
            except sqlite3.Error:
                free = False
            if free:
                self._free()
            else:
                self._pause()
        return True

    def _pause(self) -> None:
        """Between attempts on a busy file; short once closing (each attempt waits for the
        lock itself)."""
        self.wake.wait(RETRY_S if not self.stopping else 0.02)

    def _write(self) -> bool:
        """Write a batch from the front of the queue; False: the file is busy (nothing lost)."""
        with self.cond:
            batch = list(itertools.islice(self.pending, BATCH))
        try:
            self._commit(batch)
        except Exception as exc:
            if sql.is_busy(exc):
                return False
            # Not "busy": disk full, a read-only file, an I/O error. Op by op, so only the ops
            # that fail are lost, and said.
            lost, why = [], ""
            for op in batch:
                try:
                    self._commit([op])
                except Exception as single:
                    if sql.is_busy(single):
                        return False
                    lost.append(op)
                    why = str(single)
                self._done(1)
            if lost:
                self.notices.say(unsaved(lost, why))
            return True
        self._done(len(batch))
        self._free()
        return True

    def _done(self, n: int) -> None:
        with self.cond:
            for _ in range(n):
                self.pending.popleft()
            self.cond.notify_all()

    def _commit(self, ops) -> None:
        db = self.db
        after = []  # what the rest of the process may learn only once the ops are in the file
        db.execute("BEGIN IMMEDIATE")
        try:
            for op in ops:
                self._apply(db, op, after)
            db.execute("COMMIT")
        except BaseException:
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            self.rows.forget()
            raise
        for effect in after:
            effect()

    def _apply(self, db, op: tuple, after: list) -> None:
        what, *args = op
        if what == "reaction":
            sql.add_reaction(db, *args)
        elif what == "legacy":
            made = self.rows.add(db, *args)
            if made is not None:
                after.append(lambda: self.book.found(made))
        elif what == "session":
            sid, pid, *rest = args
            sql.add_session(db, sid, self.book.resolve(pid), *rest)
        elif what == "device":
            device, pid, t = args
            sql.remember_device(db, device, self.book.resolve(pid), t)
        elif what == "profile":
            pid, name, key, created = args
            existing = sql.add_profile(db, self.book.resolve(pid), name, key, created)
            if existing is not None:  # same name, same person: this id now means that profile
                self.book.merge(pid, existing)
        elif what == "rename":
            pid, name, key = args
            pid = self.book.resolve(pid)
            kept = sql.rename_profile(db, pid, name, key)
            if kept is not None:
                after.append(lambda: self._rename_refused(pid, kept, name))
        elif what == "delete":
            sql.delete_profile(db, self.book.resolve(args[0]))
            self.rows.forget()
        else:
            raise ValueError(f"unknown stats op {what!r}")

    def _rename_refused(self, pid: int, kept: str, wanted: str) -> None:
        with self.book.lock:
            profile = self.book.profiles.get(pid)
            if profile is not None:
                self.book.profiles[pid] = profile._replace(name=kept)
        self.notices.say(f"{kept} could not be renamed to {wanted}: another profile has that name.")
