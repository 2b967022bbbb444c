"""The headless commands as a user types them: python main.py simulate / replay."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import game
from game.replay import to_json
from game.runner import play
from shell.replay_files import MAX_BYTES

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=300)


def test_simulate_json_has_the_promised_fields_and_saves_replays(tmp_path):
    done = run("simulate", "flixo", "--players", "3", "--games", "3", "--seed", "5",
               "--level", "easy", "--json", "--save-logs", str(tmp_path))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["game"] == "flixo" and summary["players"] == 3 and summary["games"] == 3
    assert summary["games_per_second"] > 0
    assert [r["seed"] for r in summary["results"]] == [5, 6, 7]
    for result in summary["results"]:
        assert len(result["scores"]) == 3 and result["actions"] > 0
        assert set(result["winners"]) <= {0, 1, 2}
    logs = sorted(tmp_path.glob("*.json"))
    assert len(logs) == 3
    checked = run("replay", str(logs[0]), "--check")
    assert checked.returncode == 0, checked.stderr
    assert "replays to the recorded final state" in checked.stdout


def test_simulate_text_summary():
    done = run("simulate", "flotter_otter", "--players", "2", "--games", "2")
    assert done.returncode == 0, done.stderr
    assert "seat 1:" in done.stdout and "games per second" in done.stdout
    together = run("simulate", "flixo", "--players", "2", "--games", "2")  # cooperative
    assert together.returncode == 0, together.stderr
    assert "team won" in together.stdout and "seat 1:" not in together.stdout


def test_wrong_arguments_get_one_line_and_status_2():
    for args, expected in [
        (("simulate", "chess", "--players", "2"), "games: " + ", ".join(sorted(game.GAMES))),
        (("simulate", "flixo", "--players", "9"), "flixo takes 1 to 5 players, not 9"),
        (("simulate", "flixo", "--players", "2", "--level", "godlike"), "levels: random"),
        (("simulate", "flixo", "--players", "two"), "invalid int value"),
        (("frobnicate",), "invalid choice"),
    ]:
        done = run(*args)
        assert done.returncode == 2, args
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, done.stderr
        assert expected in lines[0]


def test_tampered_or_broken_replay_is_reported_not_crashed_on(tmp_path):
    assert run("simulate", "flixo", "--players", "2", "--games", "1",
               "--save-logs", str(tmp_path)).returncode == 0
    [log] = tmp_path.glob("*.json")
    data = json.loads(log.read_text())
    data["log"] = data["log"][:-3]  # truncated: ends somewhere else
    log.write_text(json.dumps(data))
    done = run("replay", str(log), "--check")
    assert done.returncode == 1
    assert "the file recorded" in done.stderr and "Traceback" not in done.stderr
    log.write_text("{not json")
    done = run("replay", str(log), "--check")
    assert done.returncode == 1 and "not valid JSON" in done.stderr


def one_line(done, status, expected):
    """The command ended with `status` and said why in one line on stderr, no traceback."""
    lines = done.stderr.strip().splitlines()
    assert done.returncode == status, done.stderr
    assert len(lines) == 1, done.stderr
    assert expected in lines[0], lines[0]
    assert "Traceback" not in done.stderr


def test_simulate_survives_a_bot_whose_second_slap_is_refused():
    """Issue 10: this game crashed with a traceback (two slaps in one poll, the second refused).
    The bot now sends one slap per poll and never that second one; the runner still drops and
    counts a refused bot action (tests/test_fliegen_klatschen.py, with a bot that sends it)."""
    done = run("simulate", "fliegen_klatschen", "--players", "3", "--games", "1", "--seed", "1062",
               "--level", "hard", "--json")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    summary = json.loads(done.stdout)
    assert summary["results"][0]["actions"] > 0
    assert summary["refused_bot_actions"] == {}


@pytest.mark.parametrize("args,expected", [
    (("--games", "0"), "--games must be 1 to 1,000,000, not 0"),
    (("--games", "1000001"), "--games must be 1 to 1,000,000"),
    (("--seed", "-1"), "--seed must be 0 to"),
    (("--seed", str(2**64)), "--seed must be 0 to"),
    (("--seed", "9" * 5000), "invalid int value"),
    (("--players", "0"), "flixo takes 1 to 5 players, not 0"),
    (("--players", "-3"), "flixo takes 1 to 5 players, not -3"),
])
def test_simulate_values_out_of_range_are_usage_errors(args, expected):
    base = {"--players": "2", "--games": "1", "--seed": "1"}
    base.update(dict(zip(args[::2], args[1::2])))
    one_line(run("simulate", "flixo", *[x for kv in base.items() for x in kv]), 2, expected)


def test_a_save_logs_directory_that_cannot_be_made_is_a_file_error(tmp_path):
    in_the_way = tmp_path / "taken"
    in_the_way.write_text("a file, not a directory")
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    # root may write anywhere in tmp: /sys refuses even root a new directory
    no_permission = locked / "logs" if os.geteuid() != 0 else Path("/sys/flotte-fuenf-logs")
    for target in (in_the_way, in_the_way / "logs", no_permission):
        done = run("simulate", "flixo", "--players", "2", "--games", "1", "--save-logs", str(target))
        one_line(done, 1, f"cannot make --save-logs directory {target}")
    assert in_the_way.read_text() == "a file, not a directory"


@pytest.fixture(scope="module")
def document():
    return json.loads(json.dumps(to_json(play(game.GAMES["flixo"], 2, seed=1, levels="easy"))))


def replay_of(tmp_path, content) -> Path:
    path = tmp_path / "replay.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


def changed(document, **fields):
    return {**document, **fields}


BAD_REPLAYS = {
    "nested a thousand deep": ("[" * 1000 + "]" * 1000, "nested too deep"),
    "a 5,000-digit integer": ('{"format": "flotte-fuenf-replay", "seed": ' + "7" * 5000 + "}",
                              "not valid JSON (Exceeds the limit (4300 digits)"),
    "NaN": ('{"format": "flotte-fuenf-replay", "seed": NaN}', "NaN is not a number"),
    "game as a list": (lambda d: changed(d, game=["flixo"]), "unknown game ['flixo']"),
    "game as a dict": (lambda d: changed(d, game={"id": "flixo"}), "unknown game {'id'"),
    "players as a string": (lambda d: changed(d, players="2"), "bad game setup: flixo takes"),
    "players as a bool": (lambda d: changed(d, players=True), "bad game setup: flixo takes"),
    "seed as a string": (lambda d: changed(d, seed="1"), "bad game setup: a seed is"),
    "seed as a float": (lambda d: changed(d, seed=1.5), "bad game setup: a seed is"),
    "options as a list": (lambda d: changed(d, options=[["level", 1]]), "options are a dict"),
    "an option of the wrong type": (lambda d: changed(d, options={"level": "1"}),
                                    "option 'level' takes int, not '1'"),
    "no players": (lambda d: {k: v for k, v in d.items() if k != "players"}, "no 'players'"),
    "a log entry of the wrong shape": (lambda d: changed(d, log=[{"seat": 0}] + d["log"]),
                                       "entry 0 does not replay: an entry is [seat, action, time]"),
    "a log entry of two items": (lambda d: changed(d, log=[d["log"][0][:2]] + d["log"][1:]),
                                 "entry 0 does not replay"),
    "a seat of -1": (lambda d: changed(d, log=[[-1, *d["log"][0][1:]]] + d["log"][1:]),
                     "entry 0 does not replay: no such seat: seat -1 of 2"),
    "a field of the wrong type": (
        lambda d: changed(d, log=[[0, {**d["log"][0][1], "type": "RewardPeek", "display": True,
                                       "slot": [0, 0]}, None]] + d["log"][1:]),
        "entry 0 does not replay: RewardPeek.display takes int, not True"),
    "not UTF-8": (b'{"game": "fl\xf6tte"}', "not UTF-8"),
}


@pytest.mark.parametrize("case", sorted(BAD_REPLAYS))
def test_replay_refuses_bad_files_in_one_line(tmp_path, document, case):
    content, expected = BAD_REPLAYS[case]
    path = replay_of(tmp_path, content(document) if callable(content) else content)
    one_line(run("replay", str(path), "--check"), 1, expected)


def test_replay_refuses_a_directory_and_a_file_too_large(tmp_path):
    one_line(run("replay", str(tmp_path)), 1, "is a directory, not a replay file")
    big = tmp_path / "big.json"
    with open(big, "wb") as file:
        file.truncate(MAX_BYTES + 1)  # sparse: no disk, no time
    one_line(run("replay", str(big)), 1, f"a replay file is at most {MAX_BYTES:,}")


def test_simulate_counts_the_players_actions_not_time_passing(tmp_path):
    """A real-time game's log also holds the ticks that brought a deadline (Flotter Otter:
    every waybill's reveal): "actions" counts the players' entries alone."""
    done = run("simulate", "flotter_otter", "--players", "2", "--games", "1", "--seed", "2",
               "--level", "hard", "--json", "--save-logs", str(tmp_path))
    assert done.returncode == 0, done.stderr
    log = json.loads(next(tmp_path.glob("*.json")).read_text())["log"]
    players = sum(1 for seat, _, _ in log if seat is not None)
    assert players < len(log)
    assert json.loads(done.stdout)["results"][0]["actions"] == players
