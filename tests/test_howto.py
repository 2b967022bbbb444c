"""The how-to card of every game: its rules stay inside their panel (they shrink to the small
type when the body type would run over)."""

import pygame
import pytest

import game
from shell import look
from scenes.games import game_scene_class
from tests.driving import close_app, real_app


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    a = real_app(tmp_path_factory.mktemp("howto"))
    yield a
    close_app(a)


@pytest.mark.parametrize("game_id", sorted(game.GAMES))
def test_the_rules_fit_their_panel(app, game_id):
    card = app.manager.reset("howto", game_id=game_id, scene_class=game_scene_class(game_id))
    app.run(frames=2)
    panel_bottom = look.SAFE.top + 130 + 700
    assert card.rules_bottom <= panel_bottom - 10


def test_a_card_with_too_many_rules_uses_the_small_type(app):
    scene_class = type("Wordy", (game_scene_class("flixo"),), {
        "rules": ["A rule long enough to take two lines of the body type on the card."] * 6})
    card = app.manager.reset("howto", game_id="flixo", scene_class=scene_class)
    app.run(frames=2)
    assert card.rules_size(pygame.Rect(look.SAFE.left, look.SAFE.top + 130, 720, 700)) \
        == look.SMALL


@pytest.mark.parametrize("game_id, words", [("flixo", "PARTNER_WORDS"),
                                            ("fliegen_klatschen", "LEVEL_WORDS")])
def test_a_cpus_level_is_said_as_a_partner_in_a_cooperative_game(app, game_id, words,
                                                                  monkeypatch):
    from scenes.screens import howto

    for seat in app.seats.occupied():
        app.seats.leave(seat.index)
    app.seats.join("kb1")
    cpu = app.seats.add_cpu("normal")
    card = app.manager.reset("howto", game_id=game_id, scene_class=game_scene_class(game_id))
    texts = []
    real = look.text_surface
    monkeypatch.setattr(look, "text_surface", lambda s, *a, **k: (texts.append(s),
                                                                  real(s, *a, **k))[1])
    card.draw(app.canvas)
    assert f"{cpu.name}: {getattr(howto, words)['normal']}" in texts
