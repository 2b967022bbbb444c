"""Attract mode: CPU players play one game after another (or only `game_id`), each game
followed by its results, until somebody presses a button: then the title screen.

The DemoScene stays at the bottom of the stack: it pushes a game scene (all seats CPU, levels
mixed, demo=True so nothing is recorded in the stats); the game replaces itself with its
results, which pop themselves after a few seconds; the DemoScene resumes and starts the next.
"""

from __future__ import annotations

import pygame

import game
from shell import look
from shell.seats import Seats

from ..base import Scene
from ..games import game_scene_class
from ..widgets import down

DEMO_LEVELS = ("normal", "hard", "easy", "normal", "hard", "easy", "normal", "hard")


class DemoScene(Scene):
    def enter(self, game_id: str | None = None, seed: int = 1, **kw) -> None:
        self.ids = [game_id] if game_id else list(game.GAMES)
        self.next = 0
        self.seed = seed
        self.start_next()

    def resume(self) -> None:
        self.start_next()

    def start_next(self) -> None:
        if not self.ids:
            return
        game_id = self.ids[self.next % len(self.ids)]
        self.next += 1
        info = game.GAMES[game_id]
        players = max(info.min_players, min(info.max_players, 4))
        seats = Seats()
        for i in range(players):
            seats.add_cpu(DEMO_LEVELS[i])
        self.seed += 1
        self.app.manager.push(game_scene_class(game_id), game_id=game_id,
                              seats=seats.occupied(), seed=self.seed, demo=True)

    def handle(self, item) -> None:
        if down(item):
            self.app.manager.reset("title")

    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, "Flotte Fünf")
        if not self.ids:
            look.text(canvas, "No games installed yet.", look.CENTER, look.LARGE, look.TEXT,
                      "center")
        look.hint(canvas, "DEMO - press any button to play")

    def handle_raw(self, event, t_ns: int) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.reset("title")
            return True
        return False
