"""The headless commands as a user types them: python main.py simulate / replay."""

import json
import subprocess
import sys
from pathlib import Path

import game

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
