"""How-to card before a game: the rules in a few lines (the game scene's `rules`, or the
game's pitch) and each human player's own buttons for the actions the game uses (the scene's
`controls`, looked up per device with arcade.input's bindings_text).

Every human presses A when done (a tick appears on their badge); Start from anyone skips at
once; B goes back to the lobby.
"""

from __future__ import annotations

import pygame

import game
from arcade import look

from .base import Scene
from .widgets import down


class HowToScene(Scene):
    def enter(self, game_id: str, scene_class, **kw) -> None:
        self.game_id = game_id
        self.info = game.GAMES[game_id]
        self.scene_class = scene_class
        self.done: set[int] = set()

    def humans(self):
        return self.app.seats.humans()

    def handle(self, item) -> None:
        if not down(item) or item.seat is None:
            return
        if item.action == "start":
            self.go()
        elif item.action == "a":
            self.done.add(item.seat)
            self.app.audio.play("confirm")
            if all(s.index in self.done for s in self.humans()):
                self.go()
        elif item.action in ("b", "back"):
            self.app.audio.play("back")
            self.app.manager.pop()

    def go(self) -> None:
        self.app.audio.play("go")
        self.app.manager.replace(self.scene_class, game_id=self.game_id)

    def controls(self) -> dict:
        return dict(self.scene_class.controls) or {"a": "act", "up": "move", "down": "move",
                                                   "left": "move", "right": "move"}

    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, f"How to play {self.info.name}")
        box = pygame.Rect(look.SAFE.left, look.SAFE.top + 130, 720, 700)
        look.panel(canvas, box)
        y = look.paragraph(canvas, self.info.pitch, pygame.Rect(box.left + 40, box.top + 30,
                                                               box.width - 80, 200),
                           look.BODY, look.ACCENT) + 20
        rules = list(self.scene_class.rules)
        for line in rules:
            look.draw_shape(canvas, "circle", (box.left + 44, y + 20), 9, look.ACCENT)
            y = look.paragraph(canvas, line, pygame.Rect(box.left + 70, y, box.width - 100,
                                                        200), look.BODY, look.TEXT) + 14
        # each human's buttons for what this game uses
        right = pygame.Rect(box.right + 40, box.top, look.SAFE.right - box.right - 40, 700)
        controls = self.controls()
        humans = self.humans()
        cols = 1 if len(humans) <= 4 else 2
        per_col = -(-len(humans) // cols)
        width = right.width // cols
        room = right.height // max(1, per_col) - look.BADGE_H - 26
        max_rows = max(1, room // 62)
        for i, seat in enumerate(humans):
            x = right.left + (i // per_col) * width
            if i % per_col == 0:
                y = right.top
            look.seat_badge(canvas, (x, y), seat, self.app.device_glyph(seat.device),
                            ready=seat.index in self.done or None)
            y += look.BADGE_H + 8
            keys = dict(self.app.hub.bindings_text(seat.device)) if seat.device else {}
            pairs = [(keys[a], meaning) for a, meaning in controls.items() if a in keys]
            y = look.controls(canvas, pygame.Rect(x + 10, y, width - 30, room), pairs,
                              max_rows=max_rows) + 14
        look.hint(canvas, "A: got it    Start: skip    B: back to the lobby")
