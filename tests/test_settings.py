"""Settings: defaults, corrupt files, missing directory, unknown keys, atomic writes, and the
faults at the edges: huge numbers, deep nesting, huge files, a BOM, bad fields among good ones,
leftover temp files, long seat names."""

import json
import os
from pathlib import Path

import pytest

import shell.settings as settings_module
from shell.settings import DEFAULTS, Settings


def test_missing_directory_gives_defaults_and_is_created_on_save(tmp_path):
    path = tmp_path / "a" / "b" / "settings.json"
    s = Settings(path)
    assert s.data == DEFAULTS and s.notice is None
    s.set("fullscreen", True)
    assert json.loads(path.read_text())["fullscreen"] is True
    assert Settings(path)["fullscreen"] is True


def test_corrupt_file_defaults_notice_once_and_file_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"master_volume": 0.5,')  # cut off mid-write by hand
    s = Settings(path)
    assert s.data == DEFAULTS
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.broken-")]
    assert len(kept) == 1 and kept[0].read_text() == '{"master_volume": 0.5,'
    notice = s.take_notice()
    assert "default" in notice and kept[0].name in notice
    assert s.take_notice() is None  # shown once
    assert not path.exists()
    s.set("music_volume", 0.1)
    assert Settings(path).notice is None


def test_not_an_object_counts_as_broken(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[1, 2, 3]")
    s = Settings(path)
    assert s.data == DEFAULTS and s.notice
    assert any(p.name.startswith("settings.json.broken-") for p in tmp_path.iterdir())


def test_unknown_keys_are_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"from_the_future": {"x": [1, 2]}, "effects_volume": 0.25}))
    s = Settings(path)
    assert s["effects_volume"] == 0.25 and s.notice is None
    s.set("master_volume", 0.5)
    stored = json.loads(path.read_text())
    assert stored["from_the_future"] == {"x": [1, 2]} and stored["master_volume"] == 0.5


def test_bad_values_fall_back_per_key(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"master_volume": 7, "fullscreen": "yes", "music_volume": 0.3}))
    s = Settings(path)
    assert s["master_volume"] == DEFAULTS["master_volume"]
    assert s["fullscreen"] is False and s["music_volume"] == 0.3
    assert "fullscreen" in s.notice and "master_volume" in s.notice
    with pytest.raises(ValueError):
        s.set("effects_volume", 1.5)


def test_write_is_atomic(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    s = Settings(path)
    s.set("master_volume", 0.4)
    before = path.read_text()
    calls = []
    real_fsync = os.fsync
    monkeypatch.setattr(settings_module.os, "fsync", lambda fd: calls.append(fd) or real_fsync(fd))

    def crash(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(settings_module.os, "replace", crash)
    s.set("master_volume", 0.9)  # the crash becomes a notice, not an exception
    assert "could not be saved" in s.take_notice()
    assert path.read_text() == before  # the old file is whole
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp file left
    assert calls  # the data was fsynced before the replace
    monkeypatch.undo()
    s.save()
    assert json.loads(path.read_text())["master_volume"] == 0.9


def test_progress_is_kept_per_game_and_round_trips(tmp_path):
    path = tmp_path / "settings.json"
    Settings(path).set_progress("flixo", {"3:3x3": {"level": 3}})
    Settings(path).set_progress("other", {"x": 1})
    assert Settings(path).progress("flixo") == {"3:3x3": {"level": 3}}
    Settings(path).set_progress("other", None)
    assert Settings(path)["progress"] == {"flixo": {"3:3x3": {"level": 3}}}


def test_an_older_files_flixo_progress_is_read_as_flixos_progress(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"flixo_progress": {"2:3x4": {"level": 4}}}))
    s = Settings(path)
    assert s.progress("flixo") == {"2:3x4": {"level": 4}}
    assert "flixo_progress" not in s.data and s.take_notice() is None


def test_a_games_progress_is_reset_from_the_settings_screen_after_a_second_press(tmp_path):
    from tests.driving import close_app, key, real_app

    app = real_app(tmp_path)
    try:
        step = {"level": 3, "flixos": 8, "beaten": False}
        app.settings.set_progress("flixo", {"3:3x3": step})
        scene = app.manager.push("settings")
        app.run(frames=2)
        while scene.menu.key != "progress":
            key(app, "s")                                  # kb1 down
        assert scene.progress_label() == "Reset progress: Flixo"
        key(app, "f")                                      # kb1 A: only asks
        assert app.settings.progress("flixo") == {"3:3x3": step}
        assert "again" in scene.progress_label()
        key(app, "s")                                      # moving away forgets the question
        key(app, "w")
        key(app, "f")
        assert app.settings.progress("flixo") == {"3:3x3": step}
        key(app, "f")                                      # asked and confirmed
        assert app.settings.progress("flixo") == {}
        assert Settings(tmp_path / "settings.json").progress("flixo") == {}  # on disk too
        assert scene.progress_label() == "Saved progress: none"
    finally:
        close_app(app)


def test_drawing_at_4k_is_chosen_in_settings_and_used_at_the_next_start(tmp_path):
    from scenes.manager import SceneManager
    from shell import paint
    from shell.app import App
    from shell.stats import Stats
    from tests.driving import close_app, key, real_app

    app = real_app(tmp_path)
    try:
        assert paint.SCALE == 1 and app.canvas.get_size() == (1920, 1080)  # auto, headless
        scene = app.manager.push("settings")
        app.run(frames=2)
        while scene.menu.key != "scale":
            key(app, "s")
        key(app, "a")                                       # kb1 left: auto -> 4K
        assert app.settings.get("draw_scale") == 2
        assert "next start" in scene.scale_label()
    finally:
        close_app(app)
    again = App(SceneManager, settings=Settings(tmp_path / "settings.json"), stats=Stats(tmp_path / "s.db"),
                pace=False, audio=False)
    try:
        assert paint.SCALE == 2 and again.canvas.get_size() == (3840, 2160)
    finally:
        again.close()


def test_a_bad_draw_scale_falls_back_to_auto(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"draw_scale": 3}))
    assert Settings(path).get("draw_scale") == "auto"


# ---- faults at the edges (issue 16): each reads a real file from disk ---------------------
GOOD = {"version": 1, "master_volume": 0.5, "music_volume": 0.3, "effects_volume": 0.2,
        "fullscreen": True, "draw_scale": 2, "key_bindings": {"kb1": {"a": "v"}}, "seat_names": ["Anna", "Ben"],
        "cpu_level": "hard", "show_howto": False, "progress": {"flixo": {"3:3x3": {"level": 3}}},
        "game_options": {"flixo": {"level": 2}}, "from_the_future": {"x": [1, 2]}}


def write_with(path, key, raw_value):
    """GOOD as a file with one field's value replaced by the raw JSON text `raw_value`."""
    fields = [f"{json.dumps(k)}: {raw_value if k == key else json.dumps(v)}"
              for k, v in GOOD.items()]
    raw = ("{\n" + ",\n".join(fields) + "\n}\n").encode()
    path.write_bytes(raw)
    return raw


def assert_only_reset(s, path, key, raw):
    """`key` is back at its default (dropped if unknown), every other field of GOOD is kept, one
    notice names the field, the file as it was is kept aside and the cleaned file is saved."""
    expected = {**DEFAULTS, **GOOD}
    if key in DEFAULTS:
        expected[key] = DEFAULTS[key]
    else:
        del expected[key]
    assert s.data == expected
    notice = s.take_notice()
    assert notice.count("\n") == 0 and key in notice and "reset" in notice
    [kept] = [p for p in path.parent.iterdir() if p.name.startswith("settings.json.broken-")]
    assert kept.read_bytes() == raw and kept.name in notice
    assert json.loads(path.read_text()) == expected
    again = Settings(path)
    assert again.data == expected and again.notice is None


def test_an_integer_of_4300_digits_resets_only_its_field(tmp_path):
    path = tmp_path / "settings.json"
    raw = write_with(path, "master_volume", "1" * 4301)  # json.loads: ValueError (int limit)
    assert_only_reset(Settings(path), path, "master_volume", raw)


def test_a_long_integer_deep_inside_a_value_resets_only_that_value(tmp_path):
    path = tmp_path / "settings.json"
    raw = write_with(path, "progress", '{"flixo": {"3:3x3": {"level": -' + "9" * 5000 + "}}}")
    s = Settings(path)
    assert "digits" in s.notice
    assert_only_reset(s, path, "progress", raw)


def test_nesting_100000_deep_resets_only_its_field(tmp_path):
    path = tmp_path / "settings.json"
    raw = write_with(path, "game_options", "[" * 100_000 + "]" * 100_000)  # RecursionError
    s = Settings(path)
    assert "too deep" in s.notice
    assert_only_reset(s, path, "game_options", raw)


def test_an_unknown_key_nested_100000_deep_is_dropped_alone(tmp_path):
    path = tmp_path / "settings.json"
    deep = '{"a": ' * 100_000 + '"x"' + "}" * 100_000  # brackets inside text do not count
    raw = write_with(path, "from_the_future", '["]}{[", ' + deep + "]")
    assert_only_reset(Settings(path), path, "from_the_future", raw)


def test_a_value_too_deep_for_the_decoder_ends_where_its_brackets_close(tmp_path):
    path = tmp_path / "settings.json"
    n = 20_000
    deep = '["\\"]}", ' * n + '{"]": "["}' + "]" * n  # brackets and escaped quotes in strings
    path.write_text('{"music_volume": 0.3,"a":' + deep + ',"b":{"c":' + deep + '},"d":' + deep
                    + "}")
    s = Settings(path)
    assert s["music_volume"] == 0.3
    assert not {"a", "b", "d"} & set(s.data)
    assert all(f"{k} (nested too deep)" in s.notice for k in "abd")


def test_nesting_past_the_limit_but_within_the_decoder_is_refused_too(tmp_path):
    path = tmp_path / "settings.json"
    depth = settings_module.MAX_DEPTH + 1
    raw = write_with(path, "game_options", '{"flixo": ' + "[" * (depth - 1) + "]" * (depth - 1)
                     + "}")
    assert_only_reset(Settings(path), path, "game_options", raw)
    ok = settings_module.MAX_DEPTH - 2
    Settings(path).set("game_options", {"flixo": {"deep": json.loads("[" * ok + "]" * ok)}})
    assert Settings(path).notice is None


def test_a_file_of_many_megabytes_is_kept_aside_unread(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    big = json.dumps({"master_volume": 0.5, "junk": "x" * 30_000_000})
    path.write_text(big)
    s = Settings(path)
    assert s.data == DEFAULTS
    notice = s.take_notice()
    assert "larger than 1 MB" in notice and "default" in notice
    [kept] = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.broken-")]
    assert kept.stat().st_size == len(big) and kept.name in notice


def test_a_file_just_under_the_size_limit_is_read(tmp_path):
    path = tmp_path / "settings.json"
    head = '{"music_volume": 0.3, "notes": "'
    path.write_text(head + "x" * (settings_module.MAX_BYTES - len(head) - 2) + '"}')
    assert path.stat().st_size == settings_module.MAX_BYTES
    s = Settings(path)
    assert s.notice is None and s["music_volume"] == 0.3


def test_a_byte_order_mark_keeps_every_setting(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD, ensure_ascii=False).encode())
    s = Settings(path)
    assert s.notice is None and s.data == {**DEFAULTS, **GOOD}
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


def test_the_cpu_levels_are_the_bots_levels():
    from game.bots import LEVELS
    assert settings_module.CPU_LEVELS == LEVELS


def test_an_unknown_cpu_level_falls_back_to_normal(tmp_path):
    path = tmp_path / "settings.json"
    raw = write_with(path, "cpu_level", '"impossible"')
    s = Settings(path)
    assert s["cpu_level"] == "normal" and "cpu_level" in s.notice
    assert_only_reset(s, path, "cpu_level", raw)
    with pytest.raises(ValueError, match="cpu_level"):
        s.set("cpu_level", "impossible")
    assert s["cpu_level"] == "normal"


@pytest.mark.parametrize("key, raw_value", [
    ("master_volume", "NaN"), ("music_volume", "1e999"), ("effects_volume", '"loud"'),
    ("fullscreen", "1"), ("draw_scale", "true"), ("version", "1.5"),
    ("key_bindings", '{"kb1": "w"}'), ("key_bindings", '{"kb1": {"a": "' + "x" * 65 + '"}}'),
    ("seat_names", '"Anna"'), ("seat_names", '["Anna", 3]'), ("progress", '{"flixo": 3}'),
    ("game_options", '{"flixo": [1]}'), ("game_options", '{"' + "g" * 65 + '": {}}'),
    ("show_howto", "null"), ("from_the_future", '"\\ud800"'),
    ("from_the_future", "-Infinity")])
def test_a_bad_field_among_good_ones_falls_back_alone(tmp_path, key, raw_value):
    path = tmp_path / "settings.json"
    raw = write_with(path, key, raw_value)
    assert_only_reset(Settings(path), path, key, raw)


def test_a_syntax_error_after_good_fields_still_counts_as_a_broken_file(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"music_volume": 0.3, "game_options": [[[[}')
    s = Settings(path)
    assert s.data == DEFAULTS and "not valid JSON" in s.take_notice()


def test_leftover_temp_files_of_a_killed_save_are_removed_at_start(tmp_path):
    import tempfile
    import time as clock

    path = tmp_path / "settings.json"
    Settings(path).set("music_volume", 0.3)
    # the names atomic_write_text makes, as a kill -9 between mkstemp and os.replace leaves them
    old = [Path(tempfile.mkstemp(prefix="settings.json.", suffix=".tmp", dir=tmp_path)[1])
           for _ in range(3)]
    fresh = Path(tempfile.mkstemp(prefix="settings.json.", suffix=".tmp", dir=tmp_path)[1])
    others = [tmp_path / "stats.sqlite3.abc123.tmp", tmp_path / "settings.json.tmp",
              tmp_path / "settings.json.abc123.tmp.keep", tmp_path / "my settings.json.abc.tmp"]
    for p in others:
        p.write_text("not ours")
    folder = tmp_path / "settings.json.folder.tmp"
    folder.mkdir()
    long_ago = clock.time() - settings_module.STALE_TMP_SECONDS - 5
    for p in old + others + [folder]:
        os.utime(p, (long_ago, long_ago))
    s = Settings(path)
    assert s["music_volume"] == 0.3 and s.notice is None
    assert not any(p.exists() for p in old)
    assert fresh.exists()  # may be another arcade's save in progress
    assert all(p.exists() for p in others) and folder.is_dir()


def test_seat_names_are_cut_and_cleaned(tmp_path):
    from shell.seats import DEFAULT_NAMES, MAX_NAME, Seats

    path = tmp_path / "settings.json"
    names = ["A" * 20_000, "Bo\nb\x1b[31m\u202e", "   \t", "Zoë ", "\ud800Lena"] + ["X"] * 6
    path.write_text(json.dumps({"seat_names": names, "music_volume": 0.3}))
    s = Settings(path)
    assert s["seat_names"] == ["A" * MAX_NAME, "Bob[31m", "", "Zoë", "Lena", "X", "X", "X"]
    assert s["music_volume"] == 0.3
    s.save()  # a lone surrogate would make the UTF-8 write fail
    assert json.loads(path.read_text(encoding="utf-8"))["seat_names"][4] == "Lena"

    seats = Seats(names=names)
    assert [seat.name for seat in seats][:5] == ["A" * MAX_NAME, "Bob[31m", DEFAULT_NAMES[2],
                                                  "Zoë", "Lena"]
    seats.rename(1, "B" * 1_600)
    assert seats[1].name == "B" * MAX_NAME
    seats.rename(1, "\n\n")
    assert seats[1].name == DEFAULT_NAMES[1]


def test_set_refuses_what_the_file_could_not_hold(tmp_path):
    s = Settings(tmp_path / "settings.json")
    for key, value in [("game_options", {"flixo": {"seed": 10 ** 30}}),
                       ("game_options", {"flixo": {"x": float("nan")}}),
                       ("progress", {"flixo": {"at": object()}}),
                       ("game_options", {"flotter_otter": ["series"]}),
                       ("from_the_future", "\udc00")]:
        with pytest.raises(ValueError):
            s.set(key, value)
    with pytest.raises(ValueError):
        s.update(music_volume=0.1, master_volume=2)
    assert s["music_volume"] == DEFAULTS["music_volume"]  # nothing of a refused update
    s.update(music_volume=0.1, seat_names=["C" * 100])
    assert Settings(tmp_path / "settings.json")["seat_names"] == ["C" * 24]
