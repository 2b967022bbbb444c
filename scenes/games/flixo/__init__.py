"""Flixo on the TV: the scene that ties it together (scene.py) and its parts, one job per
file (layout, options, sprites, prompts, table, end; pictures in art.py)."""

from .scene import SCENE, tile_art

__all__ = ["SCENE", "tile_art"]
