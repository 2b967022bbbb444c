"""At the arcade's start, over the title: a party night was left unfinished; resume it?

    Resume the cup   the host takes over (the players take their seats again)
    Not now          back to the title; the cup stays saved (Party night offers it again)
    Forget it        the saved cup is removed
Any device may answer (no seat is taken yet); B (or Escape) is "Not now". The prompts show
the buttons of whoever pressed last (scenes/base.py, draw_hint).
"""

from __future__ import annotations

import pygame

import game
from game.words import plural
from shell import look
from shell.seats import DEFAULT_NAMES, SEAT_STYLES, Seat, clean_name

from . import forget, names
from ..base import Scene
from ..widgets import Menu


def saved_seats(cup) -> list[Seat]:
    """The cup's players as seats to draw (their seat's colour and shape, their saved name)."""
    return [Seat(p["seat"], clean_name(p["name"]) or DEFAULT_NAMES[p["seat"]],
                 SEAT_STYLES[p["seat"]].colour, SEAT_STYLES[p["seat"]].shape)
            for p in cup.players]


class CupResumeScene(Scene):
    escape_goes_back = True  # Escape is "Not now", as B is
    opaque = False
    dim_below = 170

    def enter(self, cup, **kw) -> None:
        self.cup = cup
        self.menu = Menu([("resume", "Resume the cup"), ("later", "Not now"),
                          ("forget", "Forget it")])

    def handle(self, item) -> None:
        if self.menu_input(item) == "choose":
            if self.menu.key == "resume":
                self.app.manager.replace("cup", cup=self.cup, resumed=True)
            elif self.menu.key == "forget":
                forget(self.app)
                self.app.manager.pop()
            else:
                self.app.manager.pop()

    def summary(self) -> str:
        cup = self.cup
        played = f"{cup.played} of {len(cup.games)} games played"
        if not cup.played:
            return played
        rows = cup.standings()
        leaders = [r["player"] for r in rows if r["place"] == 1]
        who = names(saved_seats(cup), leaders)
        verb = "lead" if len(leaders) > 1 else "leads"
        return f"{played}: {who} {verb} with {plural(rows[0]['total'], 'point')}"

    def draw(self, canvas) -> None:
        box = pygame.Rect(0, 0, 1200, 700)
        box.center = look.CENTER
        look.panel(canvas, box)
        look.text(canvas, "A party night was left unfinished", (box.centerx, box.top + 36),
                  look.LARGE, look.ACCENT, "midtop")
        look.paragraph(canvas, self.summary(), pygame.Rect(box.left + 60, box.top + 120,
                                                           box.width - 120, 100),
                       look.BODY, look.TEXT)
        games = ", ".join(game.GAMES[g].name for g in self.cup.games)
        look.paragraph(canvas, f"Games: {games}", pygame.Rect(box.left + 60, box.top + 230,
                                                              box.width - 120, 100),
                       look.SMALL, look.MUTED)
        self.menu.draw(canvas, box.top + 340, width=640, height=72, gap=16)
        self.draw_hint(canvas, [(("up", "down"), "choose"), ("a", "pick"), ("b", "not now"),
                                ("escape", "not now")], pos=(box.centerx, box.bottom - 24),
                       max_width=box.width - 60)
