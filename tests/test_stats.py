"""Stats: profiles, sessions and reaction times in sqlite, and a locked file never in the way.

Every test uses a real sqlite file in tmp_path. "Locked" is a second connection holding
BEGIN EXCLUSIVE, as another program would. Time bounds are generous on purpose: they only
prove that nothing waits out sqlite's 5 s default or a retry loop.
"""

import sqlite3
import time

import pytest

from shell.stats import NAME_MAX, ProfileError, Stats
from shell.stats import db as stats_db
from shell.stats import store

# The first layout, as shell/stats.py made it before profiles (user_version 0).
OLD_SCHEMA = """
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
T0 = 1_700_000_000.0


def old_store(path, rows):
    """A database in the first layout with rows (t, game, player, kind, ms, correct, seat)."""
    db = sqlite3.connect(path)
    db.executescript(OLD_SCHEMA)
    db.executemany("INSERT INTO reactions (t, game, player, kind, ms, correct, seat)"
                   " VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()


def lock(path):
    """Another program's connection holding the file locked (close it to let go)."""
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    return other


def broken_files(tmp_path):
    return [p for p in tmp_path.iterdir() if ".broken-" in p.name]


def count_rows(path, table="reactions"):
    db = sqlite3.connect(path)
    try:
        return db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    finally:
        db.close()


@pytest.fixture
def fast_retries(monkeypatch):
    monkeypatch.setattr(store, "RETRY_S", 0.02)
    monkeypatch.setattr(store, "BUSY_NOTICE_S", 0.0)


# -- the first API (game scenes, results screen) -------------------------------------------------

def test_record_and_summarise_by_seat_name(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    for ms in (300, 250, 410):
        stats.record("fliegen_klatschen", "Anna", "slap", ms, correct=True, seat=0)
    stats.record("fliegen_klatschen", "Anna", "slap", 120, correct=False)
    stats.record("flotter_otter", "Anna", "grab", 500)
    stats.record("fliegen_klatschen", "Ben", "slap", 280)
    s = stats.summary("Anna", "fliegen_klatschen")
    assert (s.count, s.correct, s.median_ms, s.best_ms) == (4, 3, 300, 250)  # wrong slap not best
    assert stats.summary("Anna").count == 5
    assert stats.summary("Anna", kind="grab").median_ms == 500
    assert stats.summary("Nobody") == (0, 0, None, None)
    table = stats.by_player("fliegen_klatschen")
    assert list(table) == ["Anna", "Ben"] and table["Ben"].best_ms == 280
    assert stats.players() == ["Anna", "Ben"]
    assert [p.name for p in stats.profiles()] == ["Anna", "Ben"]  # a name is a profile
    assert stats.close() == 0
    again = Stats(tmp_path / "stats.sqlite3")  # persisted
    assert again.summary("Ben").count == 1 and again.notice is None
    again.close()


def test_records_by_name_form_one_session_per_game_while_they_come_close(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    for minute in (0, 5, 20, 120, 121):  # a gap of more than 30 minutes starts a new session
        stats.record("flotter_otter", "Anna", "grab", 400 + minute, when=T0 + 60 * minute)
    stats.record("flixo", "Anna", "grab", 999, when=T0 + 60)
    assert stats.flush(5)  # a profile made from a seat name is known once it is written
    anna = stats.find_profile("anna")
    sessions = stats.history(anna.id, "grab")
    assert [(s.source, s.count) for s in sessions] == [("flotter_otter", 3), ("flixo", 1),
                                                      ("flotter_otter", 2)]
    assert all(s.activity == "game" for s in sessions)
    stats.close()


# -- damaged files ------------------------------------------------------------------------------

def test_corrupt_db_moved_aside_and_fresh_one_made(tmp_path):
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    stats = Stats(path)
    notice = stats.take_notice()
    kept = broken_files(tmp_path)
    assert len(kept) == 1 and kept[0].name in notice and "damaged" in notice
    assert kept[0].read_bytes().startswith(b"this is not")
    assert stats.status == "ok"
    stats.record("flixo", "Cem", "first_box", 640)
    assert stats.summary("Cem").count == 1
    stats.close()
    assert count_rows(path) == 1


def test_wrong_schema_counts_as_corrupt(tmp_path):
    path = tmp_path / "stats.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE reactions (something TEXT)")
    db.commit()
    db.close()
    stats = Stats(path)
    assert "damaged" in stats.notice and len(broken_files(tmp_path)) == 1
    stats.record("flixo", "Cem", "first_box", 640)
    assert stats.summary("Cem").best_ms == 640
    stats.close()


def test_unusable_place_keeps_times_in_memory_and_moves_nothing(tmp_path):
    path = tmp_path / "a folder, not a file"
    path.mkdir()
    stats = Stats(path)
    assert stats.status == "memory" and "not saved" in stats.take_notice()
    stats.record("flixo", "Cem", "first_box", 640)
    assert stats.summary("Cem").count == 1
    assert path.is_dir() and not broken_files(tmp_path)
    stats.close()


def test_a_file_from_a_newer_version_is_left_alone(tmp_path):
    path = tmp_path / "stats.sqlite3"
    Stats(path).close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.commit()
    db.close()
    stats = Stats(path)
    assert stats.status == "memory" and "newer version" in stats.take_notice()
    stats.close()
    assert not broken_files(tmp_path)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone() == (99,)


# -- a locked file: busy is not damaged, and nobody waits ------------------------------------------

def test_locked_at_start_nothing_waits_nothing_moved_and_times_arrive_later(tmp_path, fast_retries):
    path = tmp_path / "stats.sqlite3"
    # the first layout uses a rollback journal: a writer's lock blocks readers too
    old_store(path, [(T0, "flixo", "Anna", "grab", 700, 1, 0)])
    other = lock(path)
    try:
        started = time.perf_counter()
        stats = Stats(path)
        opened = time.perf_counter() - started
        assert opened < 1.0  # not sqlite's 5 s busy wait
        assert stats.status == "busy" and not stats.readable
        assert "in use by another program" in stats.take_notice()
        assert not broken_files(tmp_path)

        started = time.perf_counter()
        for i in range(25):  # a round end with many people
            stats.record("flixo", "Anna", "grab", 500 + i, when=T0 + 10 + i)
        assert stats.summary("Anna") == (0, 0, None, None)  # read: what is known (nothing)
        assert stats.profiles() == []
        assert time.perf_counter() - started < 1.0
        assert not stats.flush(0.2)  # still waiting for the file
    finally:
        other.rollback()
        other.close()
    assert stats.flush(10)
    assert stats.status == "ok" and stats.readable
    anna = stats.find_profile("Anna")
    assert stats.summary("Anna").count == 26  # the old record, migrated, and the 25 new ones
    assert stats.latest_times(anna.id, "grab") == [700.0] + [500.0 + i for i in range(25)]
    stats.close()
    assert not broken_files(tmp_path)


def test_locked_at_start_but_readable_reads_and_waits_to_write(tmp_path, fast_retries):
    path = tmp_path / "stats.sqlite3"
    first = Stats(path)  # makes a write-ahead-log file: another writer does not block reading
    anna = first.create_profile("Anna")
    sid = first.begin_session(anna.id, "drill", "simple", when=T0)
    first.add_reaction(sid, "simple", 250, when=T0)
    first.close()
    other = lock(path)
    try:
        started = time.perf_counter()
        stats = Stats(path)
        assert time.perf_counter() - started < 1.0
        assert stats.status == "busy" and stats.readable
        assert "can be read" in stats.take_notice()
        assert [p.name for p in stats.profiles()] == ["Anna"]
        sid = stats.begin_session(anna.id, "drill", "simple", when=T0 + 60)
        stats.add_reaction(sid, "simple", 240, when=T0 + 61)
        assert [s.median_ms for s in stats.history(anna.id, "simple")] == [250]  # what is known
        assert not stats.flush(0.2)
    finally:
        other.rollback()
        other.close()
    assert stats.flush(10)
    assert [s.median_ms for s in stats.history(anna.id, "simple")] == [250, 240]
    stats.close()
    assert not broken_files(tmp_path)


def test_locked_during_writes_times_wait_in_order_and_a_notice_comes(tmp_path, fast_retries):
    path = tmp_path / "stats.sqlite3"
    stats = Stats(path)
    anna = stats.create_profile("Anna")
    sid = stats.begin_session(anna.id, "game", "fliegen_klatschen", when=T0)
    assert stats.flush(5)
    other = lock(path)
    try:
        started = time.perf_counter()
        for i in range(25):
            stats.add_reaction(sid, "slap", 300 + i, when=T0 + i)
        times = stats.latest_times(anna.id, "slap")
        # 25 saves and a read did not wait on the lock (a wait is 5 s; a loaded machine may take
        # a second or two for the rest)
        assert time.perf_counter() - started < 4.0
        assert times == []
        deadline = time.monotonic() + 5
        while stats.status != "busy" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert stats.status == "busy"
        deadline = time.monotonic() + 5
        notice = None
        while notice is None and time.monotonic() < deadline:  # made later, on the writer thread
            notice = stats.take_notice()
            time.sleep(0.01)
        assert "in use by another program" in notice and "kept" in notice
        assert stats.take_notice() is None  # once
    finally:
        other.rollback()
        other.close()
    assert stats.flush(10)
    assert stats.latest_times(anna.id, "slap") == [300.0 + i for i in range(25)]
    assert stats.status == "ok"
    stats.close()
    assert not broken_files(tmp_path)


def test_close_while_locked_waits_briefly_and_says_what_was_not_saved(tmp_path):
    path = tmp_path / "stats.sqlite3"
    stats = Stats(path)
    stats.record("flixo", "Anna", "grab", 500)
    assert stats.flush(5)
    other = lock(path)
    try:
        for ms in (1, 2, 3):
            stats.record("flixo", "Anna", "grab", ms)
        started = time.perf_counter()
        assert stats.close(timeout=0.3) == 3
        assert time.perf_counter() - started < 2.0
        assert "3 reaction times could not be saved" in stats.take_notice()
    finally:
        other.rollback()
        other.close()
    assert count_rows(path) == 1


def test_a_write_that_fails_for_another_reason_loses_only_itself_and_says_so(tmp_path, monkeypatch):
    real = stats_db.add_reaction

    def full_disk_for_13_ms(db, sid, kind, t, ms, *rest):
        if ms == 13:
            raise sqlite3.OperationalError("database or disk is full")
        real(db, sid, kind, t, ms, *rest)

    monkeypatch.setattr(stats_db, "add_reaction", full_disk_for_13_ms)
    stats = Stats(tmp_path / "stats.sqlite3")
    anna = stats.create_profile("Anna")
    sid = stats.begin_session(anna.id, "drill", "simple")
    for ms in (11, 12, 13, 14):
        stats.add_reaction(sid, "simple", ms)
    assert stats.flush(5)
    assert stats.latest_times(anna.id, "simple") == [11, 12, 14]
    assert "1 reaction time could not be saved (database or disk is full)" in stats.take_notice()
    stats.close()


# -- profiles -----------------------------------------------------------------------------------

def test_profiles_create_rename_delete_and_names_unique_ignoring_case(tmp_path):
    path = tmp_path / "stats.sqlite3"
    stats = Stats(path)
    anna = stats.create_profile("  Anna \t Lena ")
    assert anna.name == "Anna Lena" and anna.created > 0
    ben = stats.create_profile("Ben")
    with pytest.raises(ProfileError, match="already a profile named Anna Lena"):
        stats.create_profile("ANNA lena")
    for bad in ("", "   ", "\x00\n", "x" * (NAME_MAX + 1), None):
        with pytest.raises(ProfileError):
            stats.create_profile(bad)
    assert len(stats.create_profile("y" * NAME_MAX).name) == NAME_MAX

    sid = stats.begin_session(anna.id, "drill", "simple", when=T0)
    stats.add_reaction(sid, "simple", 250, when=T0)
    assert stats.rename_profile(anna.id, "anna lena").name == "anna lena"  # only case: allowed
    with pytest.raises(ProfileError):
        stats.rename_profile(ben.id, "Anna Lena")
    renamed = stats.rename_profile(anna.id, "Annie")
    assert stats.history(anna.id, "simple")[0].median_ms == 250  # rename keeps the records
    assert stats.find_profile("ANNIE") == renamed

    sid = stats.begin_session(ben.id, "drill", "simple", when=T0)
    stats.add_reaction(sid, "simple", 300, when=T0)
    stats.delete_profile(ben.id)
    with pytest.raises(ProfileError):
        stats.delete_profile(ben.id)
    with pytest.raises(ProfileError):
        stats.rename_profile(ben.id, "Bert")
    assert [p.name for p in stats.profiles()] == ["Annie", "y" * NAME_MAX]
    stats.close()

    again = Stats(path)
    assert [p.name for p in again.profiles()] == ["Annie", "y" * NAME_MAX]
    assert [t.name for t in again.totals()] == ["Annie"]  # Ben's records went with him
    assert count_rows(path, "sessions") == 1 and count_rows(path) == 1
    again.close()


def test_a_name_made_while_the_file_was_locked_becomes_the_profile_it_already_has(tmp_path,
                                                                                 fast_retries):
    path = tmp_path / "stats.sqlite3"
    old_store(path, [(T0, "flixo", "Anna", "grab", 700, 1, 0)])
    other = lock(path)
    try:
        stats = Stats(path)
        mine = stats.create_profile("anna")  # the file's profiles cannot be seen yet
        stats.remember_device("kb1", mine.id)
        sid = stats.begin_session(mine.id, "drill", "simple", when=T0 + 100)
        stats.add_reaction(sid, "simple", 260, when=T0 + 100)
    finally:
        other.rollback()
        other.close()
    assert stats.flush(10)
    (anna,) = stats.profiles()
    assert anna.name == "Anna" and anna.id != mine.id
    assert stats.profile(mine.id) == anna and stats.device_profile("kb1") == anna
    assert stats.kinds(anna.id) == ["grab", "simple"]
    stats.close()


def test_device_memory(tmp_path):
    path = tmp_path / "stats.sqlite3"
    stats = Stats(path)
    anna, ben = stats.create_profile("Anna"), stats.create_profile("Ben")
    assert stats.device_profile("kb1") is None
    stats.remember_device("kb1", anna.id)
    stats.remember_device("pad:030000005e040000:1", ben.id)
    stats.remember_device("kb1", ben.id)  # last used wins
    with pytest.raises(ProfileError):
        stats.remember_device("kb2", 12345)
    stats.close()
    again = Stats(path)
    assert again.device_profile("kb1") == ben
    assert again.device_profile("pad:030000005e040000:1") == ben
    again.delete_profile(ben.id)
    assert again.device_profile("kb1") is None
    again.close()
    assert count_rows(path, "devices") == 0


def test_cpu_seats_store_nothing(tmp_path):
    path = tmp_path / "stats.sqlite3"
    stats = Stats(path)
    assert stats.begin_session(None, "game", "flixo") is None
    stats.add_reaction(None, "grab", 500)
    stats.close()
    assert count_rows(path, "sessions") == 0 and count_rows(path) == 0


# -- migration from the first layout ------------------------------------------------------------

def test_migration_from_the_first_layout_keeps_every_record_once(tmp_path):
    path = tmp_path / "stats.sqlite3"
    rows = [(T0, "flotter_otter", "Anna", "grab", 600, 1, 0),
            (T0 + 10, "flotter_otter", "anna", "grab", 640, 0, 0),        # same person as Anna
            (T0 + 20, "flotter_otter", "Anna", "first_box", 300, 1, 0),
            (T0 + 7200, "flotter_otter", "Anna", "grab", 580, 1, 1),      # 2 h on: a new session
            (T0 + 30, "fliegen_klatschen", "Ben", "slap", 410, 1, 1),
            (T0 + 40, "fliegen_klatschen", "   ", "slap", 390, 1, 2),     # a blank seat name
            (T0 + 50, "fliegen_klatschen", "Z" * 40, "slap", 380, 1, 3)]  # too long for a name
    old_store(path, rows)
    stats = Stats(path)
    assert stats.notice is None and stats.status == "ok"
    assert [p.name for p in stats.profiles()] == ["Anna", "Ben", "Unnamed", "Z" * NAME_MAX]
    anna = stats.find_profile("Anna")
    assert anna.created == T0
    grab = stats.history(anna.id, "grab")
    assert [(s.count, s.correct, s.median_ms) for s in grab] == [(2, 1, 600), (1, 1, 580)]
    assert stats.summary("Anna") == (4, 3, 580, 300)
    assert stats.by_player("fliegen_klatschen")["Ben"].best_ms == 410
    stats.close()

    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (stats_db.VERSION,)
    tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"profiles", "devices", "sessions", "reactions"}
    assert db.execute("SELECT count(*) FROM reactions").fetchone() == (len(rows),)
    assert db.execute("SELECT sum(seat), sum(ms) FROM reactions").fetchone() == \
        (sum(r[6] for r in rows), sum(r[4] for r in rows))
    db.close()
    again = Stats(path)  # the migration runs once
    assert len(again.profiles()) == 4 and sum(t.count for t in again.totals()) == len(rows)
    again.close()
    assert count_rows(path) == len(rows)


def test_a_migration_that_fails_halfway_leaves_the_old_file_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / "stats.sqlite3"
    old_store(path, [(T0 + i, "flixo", f"P{i}", "grab", 500 + i, 1, 0) for i in range(5)])
    real = stats_db.LegacyRows.add
    calls = []

    def fail_on_the_third(self, db, *row):
        calls.append(row)
        if len(calls) == 3:
            raise sqlite3.OperationalError("disk I/O error")
        return real(self, db, *row)

    monkeypatch.setattr(stats_db.LegacyRows, "add", fail_on_the_third)
    stats = Stats(path)
    assert stats.status == "memory" and "disk I/O error" in stats.take_notice()
    stats.close()
    assert not broken_files(tmp_path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (0,)
    assert db.execute("SELECT count(*) FROM reactions").fetchone() == (5,)
    assert db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall() == \
        [("reactions",)]
    db.close()


# -- sessions and history -----------------------------------------------------------------------

def test_sessions_history_latest_times_and_bests(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    anna = stats.create_profile("Anna")
    days = {0: [310, 290, 300, None], 1: [280, 260, 270], 2: [255, 240, 265, 250]}
    for day, times in days.items():
        sid = stats.begin_session(anna.id, "drill", "simple", when=T0 + day * 86400)
        for i, ms in enumerate(times):
            stats.add_reaction(sid, "simple", ms, correct=ms is not None, when=T0 + day * 86400 + i)
    stats.add_reaction(sid, "simple", -150, correct=False, false_start=True)
    stats.add_reaction(sid, "simple", 230, correct=False)  # pressed, but wrong
    go = stats.begin_session(anna.id, "drill", "go_nogo", when=T0)
    stats.add_reaction(go, "go_nogo", 350)
    stats.add_reaction(go, "go_nogo", None, correct=True)   # the lure rightly left alone
    stats.add_reaction(go, "go_nogo", 330, correct=False)   # pressed for the lure

    history = stats.history(anna.id, "simple")
    assert [s.started for s in history] == [T0, T0 + 86400, T0 + 2 * 86400]
    assert [(s.count, s.correct, s.false_starts, s.median_ms, s.best_ms) for s in history] == [
        (4, 3, 0, 300, 290), (3, 3, 0, 270, 260), (5, 4, 1, 252.5, 240)]
    assert history[0].accuracy == 0.75 and history[2].accuracy == 0.8
    assert stats.latest_times(anna.id, "simple") == [255, 240, 265, 250]
    best = stats.bests(anna.id)["simple"]
    assert (best.ms, best.session, best.median_ms, best.median_session) == (
        240, history[2].session, 252.5, history[2].session)
    (nogo,) = stats.history(anna.id, "go_nogo")
    assert (nogo.count, nogo.correct, nogo.median_ms) == (3, 2, 350)
    assert stats.kinds(anna.id) == ["go_nogo", "simple"]
    assert stats.latest_times(anna.id, "choice") == [] and stats.history(anna.id, "choice") == []
    with pytest.raises(ValueError):
        stats.add_reaction(go, "go_nogo", float("nan"))
    stats.close()


def test_notices_are_cheap_to_poll_and_come_once(tmp_path):
    stats = Stats(tmp_path / "stats.sqlite3")
    assert stats.take_notice() is None
    stats.close()
    stats.record("flixo", "Anna", "grab", 1)  # after close: said, not silently lost
    assert "already closed" in stats.take_notice()
    assert stats.take_notice() is None
