"""The toy game's scene (tests/toygame.py), registered by the tests that play it: a lamp that
lights up, A hits. Just enough to drive the shell through a whole game."""

from scenes.game_scene import GameScene
from shell import look

from tests.toygame import Hit


class ToyScene(GameScene):
    game_id = "toy"
    rules = ["Hit when the light comes on."]
    controls = {"a": "hit"}
    reveal_kinds = {"light"}

    def press_to_action(self, p, press):
        return Hit() if press.down and press.action == "a" else None

    def draw_table(self, canvas, view):
        colour = look.ACCENT if view["lit"] else look.MUTED
        look.draw_shape(canvas, "circle", look.CENTER, 120, colour)


def tile_art(surface, rect) -> None:
    look.felt(surface, rect, radius=24)


SCENE = ToyScene
