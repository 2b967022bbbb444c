"""Title screen: the arcade's name, a little card motion, and the main menu.

Any device may drive it (no seat needed): up/down, a = choose. Choices: play (game select),
party night (a cup across several games: scenes/cup/), settings, key test, quit. As the
arcade's first screen it offers to resume a party night left unfinished.
"""

from __future__ import annotations

import math

from shell import look

from ..base import Scene
from ..cup import offer_saved_cup
from ..widgets import Menu

ITEMS = [("play", "Play"), ("party", "Party night"), ("settings", "Settings"),
         ("keytest", "Keyboard test"), ("quit", "Quit")]


class TitleScene(Scene):
    def enter(self, **kw) -> None:
        self.menu = Menu(ITEMS)
        self.t = 0.0
        self.app.audio.music(True)
        if self.app.manager.changes == 1:  # the arcade's first screen
            offer_saved_cup(self.app)

    def handle(self, item) -> None:
        what = self.menu.handle(item)
        if what == "move":
            self.app.audio.play("move")
        elif what == "choose":
            self.app.audio.play("confirm")
            key = self.menu.key
            if key == "play":
                self.app.manager.push("select")
            elif key == "party":
                self.app.manager.push("cup_setup")
            elif key == "settings":
                self.app.manager.push("settings")
            elif key == "keytest":
                self.app.manager.push("keytest")
            elif key == "quit":
                self.app.quit()

    def update(self, dt_ms: float) -> None:
        self.t += dt_ms

    def draw(self, canvas) -> None:
        look.background(canvas)
        cx = look.CENTER[0]
        look.text(canvas, "Flotte Fünf", (cx, look.SAFE.top + 10), look.HUGE, look.ACCENT, "midtop")
        look.text(canvas, "five party games for the sofa", (cx, look.SAFE.top + 150), look.BODY,
                  look.MUTED, "midtop")
        # a fan of five cards, one per game on the box, gently swaying
        cy = 400
        for i in range(5):
            a = (i - 2) * 0.22 + 0.03 * math.sin(self.t / 700 + i)
            x = cx + int(math.sin(a) * 420)
            y = cy + int((1 - math.cos(a)) * 500)
            rect = (x - 60, y - 85, 120, 170)
            if i % 2:
                look.card_back(canvas, rect)
            else:
                look.card(canvas, rect, "5", size=look.TITLE)
        # the menu fills the room between the cards and the hint, however many items it has
        room = (look.SAFE.bottom - 60 - 600) // len(self.menu.items)
        self.menu.draw(canvas, 600, height=min(72, room - 14), gap=14)
        look.hint(canvas, "Up / Down to choose, A to confirm  -  keyboard: WASD + F, arrows + "
                          "Right Ctrl, IJKL + U")
