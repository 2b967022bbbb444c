"""Reaction times per person (profile), kept in sqlite3, never in the way of a frame.

Location: platformdirs.user_data_dir("flotte-fuenf")/stats.sqlite3, or Stats(path=...) (tests
always pass a tmp path). Layout and versions: shell.stats.db; threads and waiting:
shell.stats.store.

Words:
    profile   a person: id, name (unique ignoring case, trimmed, at most NAME_MAX characters),
              created (unix seconds). CPU seats have none and store nothing.
    session   one game or one drill run of one profile: id, profile, activity ("game" or
              "drill"), source (the game id or drill id), started. Records belong to a session.
    record    one trial: kind (what was measured: "grab", "first_box", "slap", "simple",
              "choice", "go_nogo" ...), ms from stimulus onset (None: no response), correct,
              false_start (pressed before the stimulus), seat (optional), when.
    figures   of a set of records: count (trials, false starts not counted), correct,
              accuracy = correct / count, false_starts, median_ms and best_ms over the correct
              trials with a time (None when there are none).

Promises (issue 16): no call here waits on the file for more than about 0.15 s, and most not
at all (opening waits at most twice 50 ms for a lock; a one-time upgrade of an old file takes
what it takes). Writes (profiles, devices, sessions, records) go on a queue that one writer
thread puts in the file, in order; while another program holds the file locked they wait and
are retried, and at close() what still cannot be written is said in a notice, never dropped
silently. A file locked at start is "not now" (status "busy", a notice), not damage: only a
file that is not a database, fails its quick_check or has an unknown layout is moved aside (as
stats.sqlite3.broken-<timestamp>) and a fresh one made. A file that cannot be used at all means
memory only this run (status "memory", a notice).

API for the screens (ids are ints; a profile id may be None for a CPU seat):

    stats = Stats(path=None)
    stats.take_notice() -> str | None   one-time messages, from any thread, cheap every frame
    stats.status -> "ok" | "busy" | "memory";  stats.readable -> bool (False while the file has
                                         been locked since start: reads answer empty)

  Profiles (answered from memory, never from the file):
    stats.profiles() -> [Profile(id, name, created)]   sorted by name
    stats.profile(id) -> Profile | None;  stats.find_profile(name) -> Profile | None
    stats.create_profile(name) -> Profile               ProfileError: empty, too long, taken
    stats.rename_profile(id, name) -> Profile           keeps the records; ProfileError
    stats.delete_profile(id)                            removes its sessions and records
    stats.remember_device(device, id)                   "kb1", "pad:<guid>:1" ...
    stats.device_profile(device) -> Profile | None      the profile this device last used
  While the file has been locked since start the list is empty; a profile made then under a
  name the file already has becomes that profile once the file opens (same name, same person).

  Recording (never waits):
    stats.begin_session(profile, activity, source, when=None) -> session id | None (profile None)
    stats.add_reaction(session, kind, ms, correct=True, false_start=False, seat=None, when=None)
        (session None: nothing stored)

  Reading (waits at most 0.1 s for this process's own queue and 50 ms for a lock, then answers
  what it knows: empty while the file is out of reach). Some ms with months of records: call
  when a screen opens, not every frame.
    stats.kinds(profile) -> [kind]
    stats.history(profile, kind) -> [SessionSummary(session, started, activity, source,
                                     count, correct, accuracy, false_starts, median_ms,
                                     best_ms)]                        oldest first: the chart
    stats.latest_times(profile, kind) -> [ms]   correct times of the latest session: histogram
    stats.bests(profile) -> {kind: Best(kind, ms, when, session, median_ms, median_session,
                                        median_when)}                 personal bests
    stats.totals(profile=None) -> [KindTotal(profile, name, kind, sessions, count, correct,
                                   accuracy, false_starts, median_ms, best_ms)]   per profile
                                   and kind, by name (`main.py stats`)

  The first API, by seat name (the game scenes and the results screen use it until they move
  to profiles; a name is the profile of that name, made when missing; a game's records of one
  name form one session while they come less than 30 minutes apart; a profile made this way
  shows in profiles() once the writer has put it in the file):
    stats.record(game, player, kind, ms, correct=True, seat=None, when=None)
    stats.summary(player, game=None, kind=None) -> Summary(count, correct, median_ms, best_ms)
    stats.by_player(game, kind=None) -> {player: Summary};  stats.players() -> [name]

    stats.flush(timeout) -> bool        wait until the queue is written (tests, shutdown)
    stats.close(timeout=2.0) -> int     flush for at most timeout; returns how many writes
                                        could not be made (also said in a notice)
"""

from __future__ import annotations

import math
import os
import secrets
import time
import weakref
from pathlib import Path

from shell.settings import APP_NAME
from shell.stats import db as sql
from shell.stats.db import (NAME_MAX, Best, KindTotal, Profile, SessionSummary,  # noqa: F401
                            Summary)
from shell.stats.store import CLOSE_WAIT_S, Book, Notices, Store, unsaved

FILE_NAME = "stats.sqlite3"
ACTIVITIES = ("game", "drill")


class ProfileError(ValueError):
    """A profile change that cannot be made; the message is for the screen."""


def default_path() -> Path:
    import platformdirs
    return Path(platformdirs.user_data_dir(APP_NAME)) / FILE_NAME


def _new_id() -> int:
    """Ids of profiles and sessions are made here, not by the file, so that making one never
    waits for the file. 52 random bits: no clash in practice, and exact in JSON numbers."""
    return secrets.randbits(52) + 1


class Stats:
    """The reaction-time store (see module docstring)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else default_path()
        self._notices = Notices()
        self._book = Book()
        self._store = Store(self.path, self._book, self._notices)
        # A Stats nobody closed stops its writer when it is collected (tests make many).
        self._stop = weakref.finalize(self, self._store.stop_soon)

    # -- state and notices ----------------------------------------------------------------------
    @property
    def status(self) -> str:
        return self._store.status

    @property
    def readable(self) -> bool:
        return self._store.readable

    @property
    def notice(self) -> str | None:
        """The notices not yet taken (take_notice() takes them)."""
        return self._notices.peek()

    def take_notice(self) -> str | None:
        return self._notices.take()

    def flush(self, timeout: float) -> bool:
        return self._store.flush(timeout)

    def close(self, timeout: float = CLOSE_WAIT_S) -> int:
        self._stop.detach()
        left = self._store.close(timeout)
        if left:
            self._notices.say(unsaved(left))
        return len(left)

    # -- profiles -------------------------------------------------------------------------------
    def profiles(self) -> list[Profile]:
        with self._book.lock:
            found = list(self._book.profiles.values())
        return sorted(found, key=lambda p: (sql.name_key(p.name), p.id))

    def profile(self, pid: int | None) -> Profile | None:
        if pid is None:
            return None
        with self._book.lock:
            return self._book.profiles.get(self._book.resolve(pid))

    def find_profile(self, name: str) -> Profile | None:
        return self._book.by_key(sql.name_key(sql.clean_name(name)))

    def _valid_name(self, name, pid: int | None = None) -> tuple[str, str]:
        if not isinstance(name, str):
            raise ProfileError("A name is text.")
        name = sql.clean_name(name)
        if not name:
            raise ProfileError("The name is empty.")
        if len(name) > NAME_MAX:
            raise ProfileError(f"A name has at most {NAME_MAX} characters.")
        key = sql.name_key(name)
        other = self._book.by_key(key)
        if other is not None and other.id != pid:
            raise ProfileError(f"There is already a profile named {other.name}.")
        return name, key

    def _known(self, pid) -> int:
        with self._book.lock:
            pid = self._book.resolve(pid)
            if pid not in self._book.profiles:
                raise ProfileError("That profile does not exist (any more).")
            return pid

    def create_profile(self, name: str) -> Profile:
        with self._book.lock:
            name, key = self._valid_name(name)
            profile = Profile(_new_id(), name, time.time())
            self._book.profiles[profile.id] = profile
        self._store.put(("profile", profile.id, name, key, profile.created))
        return profile

    def rename_profile(self, pid: int, name: str) -> Profile:
        with self._book.lock:
            pid = self._known(pid)
            name, key = self._valid_name(name, pid)
            profile = self._book.profiles[pid]._replace(name=name)
            self._book.profiles[pid] = profile
        self._store.put(("rename", pid, name, key))
        return profile

    def delete_profile(self, pid: int) -> None:
        with self._book.lock:
            pid = self._known(pid)
            del self._book.profiles[pid]
            for device in [d for d, owner in self._book.devices.items() if owner == pid]:
                del self._book.devices[device]
        self._store.put(("delete", pid))

    def remember_device(self, device: str, pid: int) -> None:
        with self._book.lock:
            pid = self._known(pid)
            self._book.devices[device] = pid
        self._store.put(("device", device, pid, time.time()))

    def device_profile(self, device: str) -> Profile | None:
        with self._book.lock:
            pid = self._book.devices.get(device)
            return None if pid is None else self._book.profiles.get(self._book.resolve(pid))

    # -- recording ------------------------------------------------------------------------------
    def begin_session(self, pid: int | None, activity: str, source: str,
                      when: float | None = None) -> int | None:
        if pid is None:
            return None  # a CPU seat
        if activity not in ACTIVITIES:
            raise ValueError(f"activity is one of {ACTIVITIES}, not {activity!r}")
        with self._book.lock:
            if self._book.loaded:
                pid = self._known(pid)
        sid = _new_id()
        self._store.put(("session", sid, pid, activity, str(source),
                         time.time() if when is None else float(when)))
        return sid

    def add_reaction(self, session: int | None, kind: str, ms: float | None,
                     correct: bool = True, false_start: bool = False, seat: int | None = None,
                     when: float | None = None) -> None:
        if session is None:
            return
        when = time.time() if when is None else float(when)
        self._store.put(("reaction", session, str(kind), when, _ms(ms), bool(correct),
                         bool(false_start), seat))

    # -- reading --------------------------------------------------------------------------------
    def kinds(self, pid: int) -> list[str]:
        pid = self._book.resolve(pid)
        return self._store.read(lambda db: sql.kinds(db, pid), [])

    def history(self, pid: int, kind: str) -> list[SessionSummary]:
        pid = self._book.resolve(pid)
        return self._store.read(lambda db: sql.history(db, pid, kind), [])

    def latest_times(self, pid: int, kind: str) -> list[float]:
        pid = self._book.resolve(pid)
        return self._store.read(lambda db: sql.latest_times(db, pid, kind), [])

    def bests(self, pid: int) -> dict[str, Best]:
        pid = self._book.resolve(pid)
        return self._store.read(lambda db: sql.bests(db, pid), {})

    def totals(self, pid: int | None = None) -> list[KindTotal]:
        pid = None if pid is None else self._book.resolve(pid)
        return self._store.read(lambda db: sql.totals(db, pid), [])

    # -- the first API, by seat name --------------------------------------------------------------
    def record(self, game: str, player: str, kind: str, ms: float, correct: bool = True,
               seat: int | None = None, when: float | None = None) -> None:
        self._store.put(("legacy", str(game), player, str(kind),
                         time.time() if when is None else float(when), _ms(ms), bool(correct),
                         seat))

    def summary(self, player: str, game: str | None = None, kind: str | None = None) -> Summary:
        return self._store.read(lambda db: sql.summary_by_name(db, player, game, kind),
                                Summary(0, 0, None, None))

    def by_player(self, game: str, kind: str | None = None) -> dict[str, Summary]:
        def query(db):
            return {name: sql.summary_by_name(db, name, game, kind)
                    for name in sql.names_in_game(db, game)}
        return self._store.read(query, {})

    def players(self) -> list[str]:
        return self._store.read(sql.names_with_records, [])


def _ms(ms) -> float | None:
    if ms is None:
        return None
    ms = float(ms)
    if not math.isfinite(ms):
        raise ValueError(f"a reaction time is a finite number of ms, not {ms}")
    return ms
