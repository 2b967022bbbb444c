"""Reserved keys (F11 fullscreen, F12 screenshot, Escape pause and cancel) belong to no keyboard
zone: rebind refuses them, a stored table with one falls back to the defaults with a notice."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from shell.input import DEFAULT_ZONES, RESERVED_KEYS, BindingError, InputHub  # noqa: E402
from shell.seats import Seats  # noqa: E402
from shell.settings import Settings  # noqa: E402

RESERVED = [("f11", "F11", "fullscreen"), ("f12", "F12", "screenshots"),
            ("escape", "Escape", "pause")]


@pytest.fixture(scope="module", autouse=True)
def sdl():
    pygame.init()
    yield
    pygame.quit()


def test_the_reserved_keys_are_the_ones_the_arcade_takes():
    assert {pygame.key.key_code(name) for name in RESERVED_KEYS} == {
        pygame.K_F11, pygame.K_F12, pygame.K_ESCAPE}
    assert sorted(name for name, _, _ in RESERVED) == sorted(RESERVED_KEYS)


@pytest.mark.parametrize("name, label, what", RESERVED)
def test_rebind_refuses_a_reserved_key(tmp_path, name, label, what):
    path = tmp_path / "settings.json"
    hub = InputHub(Settings(path), Seats())
    for zone, action in (("kb1", "a"), ("kb2", "back"), ("kb4", "up2")):
        with pytest.raises(BindingError) as err:
            hub.rebind(zone, action, name)
        message = str(err.value)
        assert label in message and what in message and "choose another key" in message
    with pytest.raises(BindingError, match=label):
        hub.rebind("kb3", "a", pygame.key.name(pygame.key.key_code(name)).upper())
    assert hub.bindings == DEFAULT_ZONES and not path.exists()  # nothing changed or saved


@pytest.mark.parametrize("name, label, what", RESERVED)
def test_a_stored_table_with_a_reserved_key_falls_back_with_a_notice(tmp_path, name, label, what):
    path = tmp_path / "settings.json"
    table = {**DEFAULT_ZONES["kb2"], "back": name}  # a stored zone is a whole table
    path.write_text(json.dumps({"key_bindings": {"kb2": table}, "music_volume": 0.3}))
    settings = Settings(path)
    hub = InputHub(settings, Seats())
    assert hub.bindings == DEFAULT_ZONES
    notice = settings.take_notice()
    assert "Keyboard bindings" in notice and label in notice and "Arrow keys" in notice
    assert settings["music_volume"] == 0.3  # the rest of the file is kept
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0, scancode=0,
                               unicode="")
    assert hub.handle(event, 1) == []  # the reserved key drives no zone


def test_on_the_settings_screen_a_reserved_key_never_becomes_a_zones_key(tmp_path):
    from tests.driving import close_app, key, real_app

    app = real_app(tmp_path)
    try:
        app.screenshot_dir = tmp_path / "shots"
        scene = app.manager.push("settings")
        app.run(frames=2)
        while scene.menu.key != "keys":
            key(app, "s")                  # kb1 down
        key(app, "f")                      # kb1 A: the WASD zone's keys
        key(app, "f")                      # kb1 A: wait for a new key for 'up'
        assert scene.capture == "up"
        for name in ("f11", "f12", "f11"):  # the arcade takes these before any scene
            key(app, name)
            assert scene.capture == "up"
        key(app, "escape")                 # cancels
        assert scene.capture is None and scene.message == "Unchanged"
        assert app.hub.bindings == DEFAULT_ZONES
        key(app, "f")
        key(app, "v")
        assert app.hub.bindings["kb1"]["up"] == "v"
    finally:
        close_app(app)
