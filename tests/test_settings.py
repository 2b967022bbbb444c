"""Settings: defaults, corrupt files, missing directory, unknown keys, atomic writes."""

import json
import os

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
