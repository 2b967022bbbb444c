"""Stats: reaction times per player in sqlite3."""

import sqlite3

from shell.stats import Stats


def test_record_and_summarise(tmp_path):
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
    stats.close()
    again = Stats(tmp_path / "stats.sqlite3")  # persisted
    assert again.summary("Ben").count == 1 and again.notice is None


def test_corrupt_db_moved_aside_and_fresh_one_made(tmp_path):
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"this is not a database at all" * 100)
    stats = Stats(path)
    notice = stats.take_notice()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("stats.sqlite3.broken-")]
    assert len(kept) == 1 and kept[0].name in notice
    assert kept[0].read_bytes().startswith(b"this is not")
    stats.record("flixo", "Cem", "first_box", 640)
    assert stats.summary("Cem").count == 1
    assert sqlite3.connect(path).execute("SELECT count(*) FROM reactions").fetchone() == (1,)


def test_wrong_schema_counts_as_corrupt(tmp_path):
    path = tmp_path / "stats.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE reactions (something TEXT)")
    db.commit()
    db.close()
    stats = Stats(path)
    assert stats.notice
    stats.record("flixo", "Cem", "first_box", 640)
    assert stats.summary("Cem").best_ms == 640
