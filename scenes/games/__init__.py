"""The game scenes: one package per game, listed here explicitly, game id -> package.

Each package (scenes/games/<game id>/) holds the game's scene (`scene.py`, a
scenes.game_scene.GameScene subclass) and the pictures it draws (`art.py`), and exports `SCENE`
and `tile_art(surface, rect)` (its picture on the select screen). Every game registered in
game.GAMES must be listed here: a missing or misspelt entry is an error, never a silent
fallback (tests/test_registry.py checks each game has a scene, a how-to card and a tile).
"""

from __future__ import annotations

import importlib

GAME_SCENES: dict[str, str] = {
    "flotter_otter": "scenes.games.flotter_otter",
    "fliegen_klatschen": "scenes.games.fliegen_klatschen",
    "flotte_flitzer": "scenes.games.flotte_flitzer",
    "formula_fun": "scenes.games.formula_fun",
    "flixo": "scenes.games.flixo",
}


class NoScene(LookupError):
    """A game id with no scene package: a registry mistake, reported with its fix."""


def game_module(game_id: str):
    """The scene package of a game (it has SCENE and tile_art)."""
    name = GAME_SCENES.get(game_id)
    if name is None:
        raise NoScene(f"game {game_id!r} has no scene: add it to GAME_SCENES in "
                      "scenes/games/__init__.py")
    return importlib.import_module(name)


def game_scene_class(game_id: str) -> type:
    return game_module(game_id).SCENE
