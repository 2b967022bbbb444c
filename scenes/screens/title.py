"""Title screen: the arcade's name, a little card motion, and the main menu.

Any device may drive it (no seat needed): up/down, a = choose. The prompt shows the buttons of
the device that pressed last (scenes/base.py); while it is a keyboard, a line says which keys
make the four keyboard zones. Choices: play (game select), party night (a cup across several
games: scenes/cup/), practice (reaction drills), statistics, settings, key test, quit. As the
arcade's first screen it offers to resume a party night left unfinished.
"""

from __future__ import annotations

import math

from shell import look

from ..base import Scene
from ..cup import offer_saved_cup
from ..widgets import Menu

ITEMS = [("play", "Play"), ("party", "Party night"), ("practice", "Practice"),
         ("stats", "Statistics"), ("settings", "Settings"), ("keytest", "Keyboard test"),
         ("quit", "Quit")]

MENU_TOP = 496


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
            elif key in ("practice", "stats", "settings", "keytest"):
                self.app.manager.push(key)
            elif key == "quit":
                self.app.quit()

    def update(self, dt_ms: float) -> None:
        self.t += dt_ms

    def can_rest(self) -> bool:
        return True  # the cards' sway stops while nobody is there: an idle arcade sleeps

    def draw(self, canvas) -> None:
        look.background(canvas)
        cx = look.CENTER[0]
        look.text(canvas, "Flotte Fünf", (cx, look.SAFE.top + 10), look.HUGE, look.ACCENT, "midtop")
        look.text(canvas, "five party games for the sofa", (cx, look.SAFE.top + 150), look.BODY,
                  look.MUTED, "midtop")
        # a fan of five cards, one per game on the box, gently swaying
        cy = 370
        for i in range(5):
            a = (i - 2) * 0.22 + 0.03 * math.sin(self.t / 700 + i)
            x = cx + int(math.sin(a) * 420)
            y = cy + int((1 - math.cos(a)) * 500)
            rect = (x - 60, y - 85, 120, 170)
            if i % 2:
                look.card_back(canvas, rect)
            else:
                look.card(canvas, rect, "5", size=look.TITLE)
        # the menu fills the room between the cards and the two hint lines, however many items
        pitch = (look.SAFE.bottom - 110 - MENU_TOP) // len(self.menu.items)
        self.menu.draw(canvas, MENU_TOP, height=min(60, pitch - 8), gap=8)
        hint = self.draw_hint(canvas, [(("up", "down"), "choose"), ("a", "confirm")])
        if self.escape_cap() is not None:  # a keyboard is in use: say it seats four
            look.text(canvas, "One keyboard seats four: WASD + F, arrows + Right Ctrl, "
                      "IJKL + U, number pad + 0", (cx, hint.top - 12), look.SMALL, look.MUTED,
                      "midbottom")
