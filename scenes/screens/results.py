"""Results: who won (or whether the team won), every player's score, and reaction times (median
and best of the correct reactions) where the game measured them. Then: play again, back to the
lobby, or the main menu; a game played in a party night gives the cup its result here and
offers "Continue the cup" instead (scenes/cup/). In attract mode it moves on by itself.
"""

from __future__ import annotations

import pygame

import game
from game.reactions import summary
from shell import look

from ..cup import host_of
from ..base import Scene
from ..widgets import Menu, down

DEMO_MS = 6000
ROW = 98


class ResultsScene(Scene):
    def enter(self, game_id: str, seats, outcome, reactions=None, scene_class=None,
              options=None, demo: bool = False, **kw) -> None:
        self.game_id = game_id
        self.info = game.GAMES[game_id]
        self.seats = list(seats)
        self.outcome = outcome
        self.reactions = reactions or {}
        self.scene_class = scene_class
        self.options = options or {}
        self.demo = demo
        self.t = 0.0
        # Part of a party night (its host is below): the cup scores the game now, and the
        # only ways on are the cup's next step or the title (the cup is saved).
        self.cup_host = host_of(self.app)
        if self.cup_host is not None and not self.cup_host.game_over(game_id, outcome,
                                                                     kw.get("view")):
            self.cup_host = None
        items = [("again", "Play again"), ("lobby", "Back to the lobby"), ("title", "Main menu")]
        if self.cup_host is not None:
            items = [("cup", "Continue the cup"), ("title", "Main menu")]
        self.menu = Menu(items)
        lost = outcome.team_won is False
        self.app.audio.play("lose" if lost else "win")

    def handle(self, item) -> None:
        if self.demo:
            if down(item):
                self.app.manager.reset("title")
            return
        what = self.menu.handle(item)
        if what == "move":
            self.app.audio.play("move")
        elif what == "choose":
            self.app.audio.play("confirm")
            if self.menu.key == "again" and self.scene_class is not None:
                self.app.manager.replace(self.scene_class, game_id=self.game_id,
                                         options=self.options)
            elif self.menu.key in ("lobby", "again", "cup"):
                self.app.manager.pop()
            else:
                self.app.manager.reset("title")

    def update(self, dt_ms: float) -> None:
        self.t += dt_ms
        if self.demo and self.t >= DEMO_MS:
            self.app.manager.pop()

    def headline(self) -> str:
        o = self.outcome
        if o.team_won is not None:
            return "The team wins!" if o.team_won else "The team lost this time"
        names = [self.seats[p].name for p in o.winners if 0 <= p < len(self.seats)]
        if not names:
            return "Nobody wins"
        if len(names) == 1:
            return f"{names[0]} wins!"
        return " and ".join([", ".join(names[:-1]), names[-1]]) + " win!"

    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, self.headline(), size=look.TITLE)
        if self.outcome.verdict:
            look.text(canvas, self.outcome.verdict, (look.CENTER[0], look.SAFE.top + 110),
                      look.BODY, look.MUTED, "midtop")
        order = list(range(len(self.seats)))
        scores = self.outcome.scores
        if self.outcome.team_won is None and len(scores) == len(order):
            order.sort(key=lambda p: -_num(scores[p]))
        measured = any(self.reactions.get(p) for p in order)
        top = look.SAFE.top + 170
        row = min(ROW, (look.SAFE.bottom - 40 - top - 70) // max(1, len(order)))
        table = pygame.Rect(look.SAFE.left, top, 1180, len(order) * row + 70)
        look.panel(canvas, table)
        cols = [table.left + 30, table.left + 640, table.left + 820, table.left + 1000]
        y = table.top + 14
        look.text(canvas, "Score", (cols[1], y), look.SMALL, look.MUTED)
        if measured:
            look.text(canvas, "Median", (cols[2], y), look.SMALL, look.MUTED)
            look.text(canvas, "Best", (cols[3], y), look.SMALL, look.MUTED)
        y += 50
        for p in order:
            seat = self.seats[p]
            winner = p in self.outcome.winners
            glyph = f"CPU {seat.cpu}" if seat.cpu else self.app.device_glyph(seat.device)
            badge = look.seat_badge(canvas, (cols[0], y + row // 2), seat, glyph, active=winner,
                                    anchor="midleft")
            mid = badge.centery
            score = scores[p] if p < len(scores) else ""
            look.text(canvas, str(score), (cols[1], mid), look.LARGE,
                      look.ACCENT if winner else look.TEXT, "midleft")
            if measured:
                count, _, median, best = summary(self.reactions.get(p, []))
                look.text(canvas, f"{median:.0f} ms" if median is not None else "-",
                          (cols[2], mid), look.BODY, look.TEXT, "midleft")
                look.text(canvas, f"{best:.0f} ms" if best is not None else "-",
                          (cols[3], mid), look.BODY, look.TEXT, "midleft")
            y += row
        label = getattr(self.scene_class, "reaction_label", "")
        if measured and label:
            look.text(canvas, f"Median and best: {label}", (table.left + 30, table.bottom + 18),
                      look.SMALL, look.MUTED)
        if self.demo:
            look.hint(canvas, "DEMO - press any button to play")
        else:
            right = (table.right + look.SAFE.right) // 2
            self.menu.draw(canvas, top + 40, width=min(520, look.SAFE.right - table.right - 40),
                           x=right)


def _num(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0
