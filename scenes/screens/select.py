"""Game select: one tile per registered game (game.GAMES), moved with left/right/up/down.

A tile shows the name, the player counts (as printed on the box, and what the arcade allows),
the one-line pitch, real-time or turn-based, and a picture: `tile_art(surface, rect)` from the
game's scene package (scenes/games/<game id>/).
"""

from __future__ import annotations

import pygame

import game
from shell import look, paint

from ..base import Scene
from ..games import game_module
from ..widgets import down

TILE_W, TILE_H = 520, 700
GAP = 40


def players_text(info) -> str:
    arcade = f"{info.min_players}-{info.max_players}"
    if info.printed_players and tuple(info.printed_players) != (info.min_players,
                                                                 info.max_players):
        lo, hi = info.printed_players
        return f"{lo}-{hi} players (box), {arcade} here"
    return f"{arcade} players"


class SelectScene(Scene):
    escape_goes_back = True  # Escape goes back, as B does

    def enter(self, **kw) -> None:
        self.ids = list(game.GAMES)
        self.index = 0
        if kw.get("game_id") in self.ids:
            self.index = self.ids.index(kw["game_id"])
        self.art: dict = {}

    def can_rest(self) -> bool:
        return True  # only input changes this menu

    def handle(self, item) -> None:
        if not down(item):
            return
        if item.action in ("left", "up") and self.ids:
            self.index = (self.index - 1) % len(self.ids)
            self.app.audio.play("move")
        elif item.action in ("right", "down") and self.ids:
            self.index = (self.index + 1) % len(self.ids)
            self.app.audio.play("move")
        elif item.action in ("a", "start") and self.ids:
            self.app.audio.play("confirm")
            self.app.manager.push("lobby", game_id=self.ids[self.index])
        elif item.action in ("b", "back"):
            self.back()

    def tile_picture(self, game_id: str) -> pygame.Surface:
        """The tile's picture, drawn once by code at its final size."""
        def build():
            surf = paint.surface((TILE_W - 40, 300), pygame.SRCALPHA)
            game_module(game_id).tile_art(surf, paint.get_rect(surf))
            return surf.convert_alpha() if pygame.display.get_surface() else surf
        return look.cached(("tile_art", game_id), build)

    def tile(self, game_id: str, chosen: bool) -> pygame.Surface:
        """A whole tile (frame, picture, name, counts, pitch) as one cached surface."""
        def build():
            info = game.GAMES[game_id]
            surf = paint.surface((TILE_W + 32, TILE_H + 40), pygame.SRCALPHA)
            rect = pygame.Rect(16, 16, TILE_W, TILE_H)
            if chosen:
                paint.rect(surf, look.ACCENT, rect.inflate(24, 24), border_radius=40)
            look.panel(surf, rect, radius=32)
            paint.blit(surf, self.tile_picture(game_id), (rect.x + 20, rect.y + 20))
            y = rect.y + 340
            look.text(surf, info.name, (rect.centerx, y), look.LARGE,
                      look.ACCENT if chosen else look.TEXT, "midtop")
            y += 76
            look.text(surf, players_text(info), (rect.centerx, y), look.SMALL, look.TEXT,
                      "midtop")
            y += 44
            kind = ("co-op, " if info.cooperative else "") + \
                ("real-time" if info.realtime else "turn by turn")
            look.text(surf, kind, (rect.centerx, y), look.SMALL, look.MUTED, "midtop")
            y += 56
            look.paragraph(surf, info.pitch, pygame.Rect(rect.x + 30, y, TILE_W - 60, 180),
                           look.SMALL, look.TEXT, gap=2)
            return surf.convert_alpha() if pygame.display.get_surface() else surf
        return look.cached(("tile", game_id, chosen), build)

    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, "Choose a game")
        if not self.ids:
            look.text(canvas, "No games are installed yet.", look.CENTER, look.LARGE,
                      look.TEXT, "center")
            self.draw_hint(canvas, [("b", "back"), ("escape", "back")])
            return
        n = len(self.ids)
        total = n * TILE_W + (n - 1) * GAP
        # more tiles than fit: keep the chosen one in view
        x0 = look.CENTER[0] - total // 2
        if total > look.SAFE.width:
            x0 = look.CENTER[0] - TILE_W // 2 - self.index * (TILE_W + GAP)
        top = look.SAFE.top + 130
        for i, game_id in enumerate(self.ids):
            x = x0 + i * (TILE_W + GAP)
            if x + TILE_W < 0 or x > look.W:
                continue
            tile = self.tile(game_id, i == self.index)
            paint.blit(canvas, tile, (x - 16, top - 16))
        self.draw_hint(canvas, [(("left", "right"), "choose"), ("a", "play"), ("b", "back"),
                                ("escape", "back")])
