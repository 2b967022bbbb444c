"""fliegen_klatschen on the TV: the scene (scene.py) and the pictures it draws (art.py)."""

from .scene import SCENE, tile_art

__all__ = ["SCENE", "tile_art"]
