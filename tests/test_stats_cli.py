"""`main.py stats`: the reaction-time summaries headless, on empty, filled, corrupt and locked
stores (a real sqlite file in tmp_path each time)."""

import csv
import io
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import main
from game.norms import percentile
from shell.stats import Stats
from tests.test_stats import old_store

ROOT = Path(__file__).resolve().parent.parent
T0 = 1_700_000_000.0


def stats_cmd(capsys, *args):
    """Run `main.py stats ...` in this process: (exit status, stdout, stderr)."""
    try:
        status = main.main(["stats", *args])
    except SystemExit as stop:
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def filled(tmp_path):
    """Anna: two simple-RT drill sessions (medians 270 and 250) and a game's grabs by seat name;
    Ben: a profile with no times."""
    path = tmp_path / "stats.sqlite3"
    stats = Stats(path)
    anna = stats.create_profile("Anna")
    stats.create_profile("Ben")
    for day, times in enumerate([(260, 270, 280), (240, 250, 260)]):
        sid = stats.begin_session(anna.id, "drill", "simple", when=T0 + day * 86400)
        for ms in times:
            stats.add_reaction(sid, "simple", ms, when=T0 + day * 86400)
    stats.add_reaction(sid, "simple", -80, correct=False, false_start=True)
    stats.record("flotter_otter", "Anna", "grab", 900)
    stats.record("flotter_otter", "Anna", "grab", 700, correct=False)
    assert stats.close() == 0
    return path


def test_empty_store_says_so_and_exits_0(tmp_path, capsys):
    missing = tmp_path / "none.sqlite3"
    status, out, err = stats_cmd(capsys, "--db", str(missing))
    assert status == 0 and "No reaction times stored yet" in out
    assert not missing.exists()  # reading does not make a store
    status, out, err = stats_cmd(capsys, "--db", str(missing), "--json")
    assert status == 0 and json.loads(out)["profiles"] == [] and "No reaction times" in err
    Stats(tmp_path / "made.sqlite3").close()  # a store that exists but holds nothing
    status, out, err = stats_cmd(capsys, "--db", str(tmp_path / "made.sqlite3"), "--csv")
    assert status == 0 and list(csv.reader(io.StringIO(out)))[1:] == []


def test_filled_store_text_json_and_csv(filled, capsys):
    status, out, err = stats_cmd(capsys, "--db", str(filled))
    assert status == 0 and err == ""
    assert "Anna" in out and "Ben" in out and "no reaction times yet" in out
    simple_line = next(line for line in out.splitlines() if line.strip().startswith("simple"))
    assert "260 ms" in simple_line and "240 ms" in simple_line  # median and best

    status, out, err = stats_cmd(capsys, "--db", str(filled), "--json")
    document = json.loads(out)
    anna, ben = document["profiles"]
    assert (anna["name"], ben["name"], ben["kinds"]) == ("Anna", "Ben", [])
    kinds = {k["kind"]: k for k in anna["kinds"]}
    simple, grab = kinds["simple"], kinds["grab"]
    assert (simple["sessions"], simple["count"], simple["median_ms"], simple["best_ms"],
            simple["false_starts"], simple["accuracy"]) == (2, 6, 260, 240, 1, 1.0)
    assert simple["percentile"] == round(percentile("simple", 260), 1)
    assert "Human Benchmark" in simple["norm"]
    assert (grab["count"], grab["correct"], grab["accuracy"]) == (2, 1, 0.5)
    assert grab["percentile"] is None and grab["norm"] is None  # no published norm for grabs

    status, out, err = stats_cmd(capsys, "--db", str(filled), "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0 and [(r["profile"], r["kind"]) for r in rows] == [("Anna", "grab"),
                                                                       ("Anna", "simple")]
    assert float(rows[1]["median_ms"]) == 260 and float(rows[1]["percentile"]) > 0


def test_one_profile_and_an_unknown_one(filled, capsys):
    status, out, err = stats_cmd(capsys, "--db", str(filled), "--profile", "anna", "--json")
    assert status == 0 and [p["name"] for p in json.loads(out)["profiles"]] == ["Anna"]
    status, out, err = stats_cmd(capsys, "--db", str(filled), "--profile", "Nobody")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "no profile named 'Nobody'" in err and "Anna, Ben" in err


def test_corrupt_store_is_moved_aside_with_a_message(tmp_path, capsys):
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"not a database " * 200)
    status, out, err = stats_cmd(capsys, "--db", str(path))
    assert status == 0 and "No reaction times stored yet" in out
    assert "damaged" in err and "kept as stats.sqlite3.broken-" in err
    assert len(list(tmp_path.glob("stats.sqlite3.broken-*"))) == 1


def test_locked_store_is_read_only_with_a_message(filled, capsys):
    other = sqlite3.connect(filled, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        status, out, err = stats_cmd(capsys, "--db", str(filled), "--json")
    finally:
        other.rollback()
        other.close()
    assert status == 0 and "in use by another program" in err and "can be read" in err
    assert [p["name"] for p in json.loads(out)["profiles"]] == ["Anna", "Ben"]
    assert not list(filled.parent.glob("*.broken-*"))


def test_store_locked_so_that_nothing_can_be_read(tmp_path, capsys):
    path = tmp_path / "stats.sqlite3"
    old_store(path, [])  # the first layout: a rollback journal, so a writer's lock blocks readers
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        status, out, err = stats_cmd(capsys, "--db", str(path))
    finally:
        other.rollback()
        other.close()
    assert status == 1 and out == "" and "locked by another program" in err
    assert not list(tmp_path.glob("*.broken-*"))


def test_the_command_line_as_typed(filled):
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "stats", "--db", str(filled),
                           "--json"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert [p["name"] for p in json.loads(done.stdout)["profiles"]] == ["Anna", "Ben"]
