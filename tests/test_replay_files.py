"""shell/replay_files.py: what it refuses to read (each with a one-line ReplayFileError) and
that it never writes NaN or Infinity."""

import json
import os

import pytest

from shell.replay_files import MAX_BYTES, ReplayFileError, read, write


@pytest.mark.parametrize("text,reason", [
    ("[" * 1000 + "]" * 1000, "nested too deep"),
    ('{"a":' * 1000 + "1" + "}" * 1000, "nested too deep"),
    ('{"seed": ' + "9" * 5000 + "}", "not valid JSON"),
    ('{"t": NaN}', "NaN is not a number"),
    ('{"t": Infinity}', "Infinity is not a number"),
    ('{"t": -Infinity}', "Infinity is not a number"),
    ('{"t": 1e999}', "too large"),
    ("[1, 2]", "does not hold a replay document"),
    ('"just a string"', "does not hold a replay document"),
    ("{not json", "not valid JSON"),
])
def test_what_is_not_a_document_is_refused_in_one_line(tmp_path, text, reason):
    path = tmp_path / "replay.json"
    path.write_text(text)
    with pytest.raises(ReplayFileError, match=reason) as refusal:
        read(path)
    assert "\n" not in str(refusal.value) and len(str(refusal.value)) < 300


def test_what_is_not_a_readable_file_is_refused(tmp_path):
    with pytest.raises(ReplayFileError, match="is a directory"):
        read(tmp_path)
    with pytest.raises(ReplayFileError, match="no such file"):
        read(tmp_path / "missing.json")
    with pytest.raises(ReplayFileError, match="not a regular file"):
        read("/dev/zero")  # endless: must not be read at all
    (tmp_path / "latin1.json").write_bytes(b'{"game": "fl\xf6tte"}')
    with pytest.raises(ReplayFileError, match="not UTF-8"):
        read(tmp_path / "latin1.json")


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    with open(big, "wb") as file:  # sparse: costs no disk and no time
        file.truncate(MAX_BYTES + 1)
    opened = []
    monkeypatch.setattr("builtins.open", lambda *a, **k: opened.append(a) or 1 / 0)
    with pytest.raises(ReplayFileError, match="a replay file is at most"):
        read(big)
    assert opened == []  # refused from its size alone
    monkeypatch.undo()
    ok = tmp_path / "ok.json"
    ok.write_text(json.dumps({"pad": "x" * 1000}))
    assert read(ok) == {"pad": "x" * 1000}
    assert os.path.getsize(ok) < MAX_BYTES


def test_nan_or_infinity_are_never_written(tmp_path):
    for bad in (float("nan"), float("inf")):
        with pytest.raises(ValueError):
            write({"log": [[0, {"type": "Tick"}, bad]]}, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()
