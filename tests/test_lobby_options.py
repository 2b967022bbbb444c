"""Game options in the lobby (GameInfo.option_choices): chosen with the L / R keys of a seated
player's keyboard zone (posted as pygame events through the real loop), remembered in
settings["game_options"], and handed to the game the lobby starts."""


import pytest

import game
from shell import look
from scenes.screens.lobby import LobbyScene
from scenes.game_scene import GameScene
from tests.driving import key, run_until

def lobby_with_two(app, game_id):
    """The lobby of game_id with kb1 (WASD zone) and kb3 (IJKL zone) seated."""
    app.manager.push("lobby", game_id=game_id)
    app.run(frames=2)
    key(app, "f")  # kb1 joins
    key(app, "u")  # kb3 joins
    assert len(app.seats.humans()) == 2
    return app.manager.top


def start_game(app):
    """Both ready (kb1 "f", kb3 "u"); returns the game scene once the countdown is over."""
    key(app, "f")
    key(app, "u")
    assert run_until(app, lambda: isinstance(app.manager.top, GameScene))
    return app.manager.top


# kb1: l = "q", r = "e"; kb3: l = "7", r = "8"
@pytest.mark.parametrize("game_id, keys, option, value", [
    ("flotter_otter", [], "series", False),
    ("flotter_otter", ["e"], "series", True),
    ("flotter_otter", ["8"], "series", True),             # any seated player may change it
    ("flotter_otter", ["e", "e"], "series", False),       # two values: R goes round
    ("fliegen_klatschen", ["e", "e"], "remove", 32),
    ("fliegen_klatschen", ["e", "e", "e", "e"], "remove", 48),  # R stops at the last value
    ("fliegen_klatschen", ["e", "7"], "remove", 0),
])
def test_the_choice_reaches_the_game(app, game_id, keys, option, value):
    app.settings.set("show_howto", False)
    lobby_with_two(app, game_id)
    for name in keys:
        key(app, name)
    stored = app.settings.get("game_options")
    assert stored[game_id][option] == value if keys else game_id not in stored
    scene = start_game(app)
    assert scene.state.options[option] == value


def test_l_at_the_first_value_stays_there_and_every_value_is_shown(app):
    """No jump from "all 112" round to "64 of 112": the ends of a list stop; the lobby shows
    every value the game offers (the chosen one lit)."""
    lobby = lobby_with_two(app, "fliegen_klatschen")
    key(app, "q")                                   # kb1 "l" at "all 112"
    assert lobby.options() == {"remove": 0}
    assert app.audio.counts["error"] >= 1
    drawn = []
    real = look.text_surface
    look.text_surface = lambda s, *a, **k: (drawn.append(s), real(s, *a, **k))[1]
    try:
        lobby.draw(app.canvas)
    finally:
        look.text_surface = real
    _, choices = game.GAMES["fliegen_klatschen"].option_choices["remove"]
    assert all(label in drawn for _, label in choices)


def test_the_choice_is_remembered_by_the_next_lobby(app):
    app.settings.set("show_howto", False)
    lobby = lobby_with_two(app, "fliegen_klatschen")
    key(app, "e")
    app.manager.pop()
    assert app.manager.top is not lobby
    app.manager.push("lobby", game_id="fliegen_klatschen")
    app.run(frames=2)
    assert app.manager.top.options() == {"remove": 16}


def test_the_choice_survives_the_howto_card(app):
    app.settings.set("show_howto", True)
    lobby_with_two(app, "flotter_otter")
    key(app, "e")
    key(app, "f")
    key(app, "u")
    assert run_until(app, lambda: app.manager.top.name == "howto")
    key(app, "1")  # kb1 start: skip the card
    scene = app.manager.top
    assert isinstance(scene, GameScene)
    assert scene.state.options["series"] is True


@pytest.mark.parametrize("stored", [
    {"flotter_otter": {"series": "yes"}, "fliegen_klatschen": {"remove": 17}},
    {"flotter_otter": {"series": 1}, "fliegen_klatschen": {"remove": True}},  # not bool / int
    # (a game's options that are not a dict never get this far: the settings schema refuses them)
    {"flotter_otter": {"series": ["series"]}, "fliegen_klatschen": {"remove": None}},
    {"flotter_otter": {"bogus": 3}, "fliegen_klatschen": {"remove": -16}},
])
@pytest.mark.parametrize("game_id", ["flotter_otter", "fliegen_klatschen"])
def test_a_bad_stored_value_falls_back_to_the_default(app, stored, game_id):
    app.settings.set("game_options", stored)
    app.settings.set("show_howto", False)
    lobby = lobby_with_two(app, game_id)
    app.run(frames=3)  # draws the options line
    assert lobby.options() == game.GAMES[game_id].default_options
    scene = start_game(app)
    assert scene.state.options == game.GAMES[game_id].default_options


def test_a_good_stored_value_is_used(app):
    app.settings.set("game_options", {"flotter_otter": {"series": True}})
    app.settings.set("show_howto", False)
    lobby_with_two(app, "flotter_otter")
    scene = start_game(app)
    assert scene.state.options["series"] is True


def test_flixo_is_unaffected(app):
    flixo = {"level": 3, "large_displays": True}
    app.settings.set("game_options", {"flixo": dict(flixo)})
    lobby = lobby_with_two(app, "flixo")
    for name in ("e", "q", "8", "7"):
        key(app, name)
    assert isinstance(lobby, LobbyScene) and app.manager.top is lobby
    assert lobby.options() == {}
    assert app.settings.get("game_options") == {"flixo": flixo}
    assert game.GAMES["flixo"].option_choices == {}


@pytest.mark.parametrize("game_id", sorted(game.GAMES))
def test_every_offered_value_is_one_the_game_accepts(game_id):
    info = game.GAMES[game_id]
    for name, (label, choices) in info.option_choices.items():
        assert label and name in info.default_options
        values = [value for value, _ in choices]
        assert info.default_options[name] in values
        for value, value_label in choices:
            assert value_label
            state = info.new(info.min_players, {name: value}, 1)
            assert state.options[name] == value
