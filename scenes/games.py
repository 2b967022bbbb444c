"""Where each game's scene lives: an explicit table, game id -> module.

Each such module defines `SCENE` (a scenes.table.GameScene subclass) and may define
`tile_art(surface, rect)`, the picture on its select-screen tile. A registered game (game.GAMES)
whose scene module does not exist yet is played through scenes.generic.GenericScene.
"""

from __future__ import annotations

import importlib

# game id -> module holding its scene (SCENE) and its tile picture (tile_art).
GAME_SCENES: dict[str, str] = {
    "flotter_otter": "scenes.flotter_otter",
    "fliegen_klatschen": "scenes.fliegen_klatschen",
    "flixo": "scenes.flixo",
    "formula_fun": "scenes.formula_fun",
    "flotte_flitzer": "scenes.flotte_flitzer",
}


def game_module(game_id: str):
    """The scene module of a game, or None while it has none."""
    name = GAME_SCENES.get(game_id)
    if name is None:
        return None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # the module exists but something it imports is missing: a bug
            raise
        return None


def game_scene_class(game_id: str) -> type:
    module = game_module(game_id)
    if module is not None and getattr(module, "SCENE", None) is not None:
        return module.SCENE
    from .generic import GenericScene

    return GenericScene
