"""Every registered game (game.GAMES) has its own scene, a how-to card and a select tile; the
scene registry refuses a game it does not list instead of falling back to something generic."""

import pygame
import pytest

import game
from scenes.game_scene import GameScene
from scenes.games import GAME_SCENES, NoScene, game_module, game_scene_class
from shell import paint


@pytest.mark.parametrize("game_id", sorted(game.GAMES))
def test_every_game_has_its_own_scene_howto_and_tile(game_id):
    scene = game_scene_class(game_id)
    assert issubclass(scene, GameScene) and scene is not GameScene
    assert scene.game_id == game_id
    assert scene.rules, "the how-to card needs the game's rules in a few lines"
    assert scene.controls, "the how-to card needs the game's controls"
    pygame.init()
    surface = paint.surface((480, 300), pygame.SRCALPHA)
    game_module(game_id).tile_art(surface, paint.get_rect(surface))
    assert pygame.transform.average_color(surface)[3] > 0, "the tile picture draws nothing"


def test_the_registry_lists_exactly_the_registered_games():
    assert set(GAME_SCENES) == set(game.GAMES)


def test_a_game_without_a_scene_is_an_error_that_says_where_to_add_it(monkeypatch):
    monkeypatch.setitem(game.GAMES, "sixth", game.GAMES["flixo"])
    with pytest.raises(NoScene, match="GAME_SCENES in scenes/games/__init__.py"):
        game_scene_class("sixth")
