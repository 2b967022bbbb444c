"""Keyboard zones: defaults, no shared keys, rebinding, key-test helper, events to Presses."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from shell.input import (ACTIONS, DEFAULT_ZONES, KEYBOARD_ZONES,  # noqa: E402
                          REQUIRED_ZONE_ACTIONS, BindingError, InputHub, Press)
from shell.seats import Seats  # noqa: E402
from shell.settings import Settings  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def sdl():
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture
def hub(tmp_path):
    return InputHub(Settings(tmp_path / "settings.json"), Seats())


def key(name, down=True):
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP,
                              key=pygame.key.key_code(name), mod=0, scancode=0, unicode="")


def test_default_zones_are_complete_and_disjoint():
    assert len(KEYBOARD_ZONES) >= 3
    seen = {}
    for zone in KEYBOARD_ZONES:
        table = DEFAULT_ZONES[zone]
        assert set(REQUIRED_ZONE_ACTIONS) <= set(table)
        assert set(table) <= set(ACTIONS)
        for action, name in table.items():
            code = pygame.key.key_code(name)
            assert code not in seen, f"{name} in {zone} and {seen.get(code)}"
            seen[code] = zone


def test_each_zone_drives_its_own_seat(hub):
    hub.seats.join("kb2")  # seat 0
    hub.seats.join("kb1")  # seat 1
    out = hub.handle(key("w"), 10) + hub.handle(key("up"), 11) + hub.handle(key("i"), 12)
    assert [(p.device, p.action, p.seat, p.t_ns) for p in out] == [
        ("kb1", "up", 1, 10), ("kb2", "up", 0, 11), ("kb3", "up", None, 12)]
    assert hub.handle(key("w"), 13) == []  # key repeat is not a second press
    [up] = hub.handle(key("w", down=False), 14)
    assert up == Press("kb1", "up", False, 14, 1)
    assert hub.handle(key("f12"), 15) == []  # not a zone key


def test_rebind_refuses_a_key_of_another_zone(hub):
    with pytest.raises(BindingError) as err:
        hub.rebind("kb1", "a", "up")  # up arrow belongs to the arrow zone
    message = str(err.value)
    assert "Up" in message and "Arrow keys" in message and "'up'" in message
    assert hub.bindings["kb1"]["a"] == "f"  # unchanged
    assert hub.handle(key("up"), 1)[0].device == "kb2"


def test_rebind_moves_a_key_and_saves_it(hub, tmp_path):
    hub.rebind("kb1", "a", "v")
    assert hub.handle(key("v"), 1)[0].action == "a"
    assert hub.handle(key("f"), 2) == []  # the old key is free now
    stored = json.loads((tmp_path / "settings.json").read_text())
    assert stored["key_bindings"]["kb1"]["a"] == "v"
    again = InputHub(Settings(tmp_path / "settings.json"), Seats())
    assert again.bindings["kb1"]["a"] == "v"
    # and the freed key can go to another zone now
    again.rebind("kb3", "a", "f")
    assert again.handle(key("f"), 3)[0].device == "kb3"


def test_rebind_within_a_zone_swaps(hub):
    hub.rebind("kb1", "a", "g")  # g was kb1's "b"
    assert hub.bindings["kb1"]["a"] == "g" and hub.bindings["kb1"]["b"] == "f"


def test_rebind_rejects_nonsense(hub):
    with pytest.raises(BindingError, match="not a key name"):
        hub.rebind("kb1", "a", "no such key")
    with pytest.raises(BindingError, match="needs a key"):
        hub.rebind("kb1", "up", None)
    hub.rebind("kb1", "back", None)  # optional actions may be unbound
    assert "back" not in hub.bindings["kb1"]


def test_broken_stored_bindings_fall_back_to_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"key_bindings": {"kb1": {"up": "up"}}}))  # shared with kb2
    settings = Settings(path)
    hub = InputHub(settings, Seats())
    assert hub.bindings == DEFAULT_ZONES
    assert "Keyboard bindings" in settings.take_notice()


def test_zone_held_shows_keys_held_now(hub):
    hub.handle(key("w"), 1)
    hub.handle(key("d"), 2)
    hub.handle(key("f"), 3)
    held = {action for action, label, down in hub.zone_held("kb1") if down}
    assert held == {"up", "right", "a"}
    hub.handle(key("d", down=False), 4)
    held = {action for action, label, down in hub.zone_held("kb1") if down}
    assert held == {"up", "a"}
    labels = {action: label for action, label, down in hub.zone_held("kb4")}
    assert labels["up"] == "Num 8"


def test_bindings_text_and_glyphs(hub):
    text = dict(hub.bindings_text("kb2"))
    assert text["a"] == "Right Ctrl" and text["up"] == "Up"
    assert "leave" in text["back"]
    assert hub.glyph("kb3") == "K3"
    assert hub.glyph(None) == "CPU"
    assert dict(hub.bindings_text("pad:abc:1"))["a"] == "A"


def test_on_screen_labels_name_each_devices_own_key(hub):
    assert hub.label("kb1", "a") == "F"
    assert hub.label("kb2", "a") == "Right Ctrl"
    assert hub.label("pad:0300:1", "a") == "A"
    hub.rebind("kb1", "a", "v")
    assert hub.label("kb1", "a") == "V"


def test_an_action_a_zone_does_not_bind_shows_as_a_dash(hub):
    assert hub.label("kb1", "left2") == "-"


@pytest.mark.parametrize("mod", [0, pygame.KMOD_NUM], ids=["numlock off", "numlock on"])
def test_the_number_pad_zone_works_with_numlock_off_or_on(hub, mod):
    """SDL 2 sends the keypad's own keys whatever NumLock says (checked under X11 with xdotool:
    keycode 80 arrives as "[8]" both ways); the hub must not care about the NumLock bit."""
    hub.seats.join("kb4")
    names = {"up": "[8]", "left": "[4]", "a": "[0]", "b": "[.]"}
    got = []
    for action, name in names.items():
        event = pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=mod,
                                   scancode=0, unicode="")
        got += [(p.device, p.action) for p in hub.handle(event, 1)]
    assert got == [("kb4", action) for action in names]
