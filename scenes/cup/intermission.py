"""Between the games of a cup: the standings in motion, the last game's awards, what is next.

Before the first game it is the line-up card: the players, tonight's games and the points.
After a game, the rows first stand in the order before it; then each row's cup points for the
game fly in and its total counts up (a tick per step), the bars grow, and the rows slide into
the new order (a thump when they land); then the game's awards are handed out one by one (a
card sound each). All of it is drawn from the time since the screen came up, so a frame drawn
twice is the same frame.

A: the next game (or whatever the menu shows); Up/Down: the menu ("Main menu": the cup is
saved and offered again, once a game of it is over). Any press may come early: nothing waits
for the motion. In attract mode it moves on by itself after DEMO_MS; any button goes to the
title.
"""

from __future__ import annotations

import pygame

import game
from game.cup import PLACE_POINTS
from shell import look, paint

from . import names
from ..base import Scene
from ..widgets import Menu, down

SLIDE_IN_MS = 450
COUNT_AT, COUNT_MS = 700, 1500
REORDER_AT, REORDER_MS = COUNT_AT + COUNT_MS + 200, 650
AWARDS_AT, AWARD_GAP_MS = REORDER_AT + REORDER_MS + 350, 900
TICK_MS = 125
DEMO_MS = 9000

BOARD = pygame.Rect(look.SAFE.left, look.SAFE.top + 200, 1010, 730)
SIDE = pygame.Rect(BOARD.right + 40, BOARD.top, look.SAFE.right - BOARD.right - 40, 500)


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def player_row(canvas, seat, x: int, y: int, glyph: str = "") -> int:
    """A player's shape and name (and "CPU"), midleft at (x, y); returns the x after it."""
    icon = look.shape_icon(seat.shape, seat.colour, 20)
    paint.blit(canvas, icon, paint.get_rect(icon, center=(x + 26, y)))
    rect = look.text(canvas, seat.name, (x + 62, y), look.BODY, look.TEXT, "midleft")
    if glyph:
        chip = look.text_surface(glyph, look.SMALL, look.INK)
        box = paint.get_rect(chip, midleft=(rect.right + 26, y)).inflate(20, 8)
        paint.rect(canvas, look.MUTED, box, border_radius=10)
        paint.blit(canvas, chip, paint.get_rect(chip, center=box.center))
        return box.right
    return rect.right


def draw_award(canvas, award: dict, seats, rect: pygame.Rect, shown: float = 1.0) -> int:
    """One award: its title, then who and the figure; slides in from the right while
    shown < 1. Returns the y below it."""
    dx = int((1 - look.ease_out(shown)) * 400)
    x, y = rect.left + dx, rect.top
    look.text(canvas, fit(award["title"], look.BODY, rect.width), (x, y), look.BODY,
              look.ACCENT)
    who = names(seats, award["players"])
    line = f"{who}: {award['figure']}"
    look.text(canvas, fit(line, look.SMALL, rect.width), (x, y + 46), look.SMALL, look.TEXT)
    return y + 100


def fit(text: str, size: int, width: int) -> str:
    """The text cut (with ...) to fit `width` at `size`."""
    font = look.font(size)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "...")[0] > width:
        text = text[:-1]
    return text + "..."


class IntermissionScene(Scene):
    def enter(self, host, **kw) -> None:
        self.host = host
        self.cup = host.cup
        self.t = 0.0
        played = self.cup.played
        self.before = self.cup.standings(played - 1) if played else self.cup.standings(0)
        self.after = self.cup.standings()
        self.result = self.cup.results[-1] if played else None
        self.awards = list(self.result["awards"]) if self.result else []
        next_name = game.GAMES[self.cup.next_game].name
        # (before the first game is over nothing is saved yet: the menu does not promise it)
        leave = "Main menu (cup is saved)" if played else "Main menu"
        self.menu = Menu([("next", f"Play {next_name}"), ("title", leave)])
        self.ticks = 0
        self.app.audio.play("go" if played else "join")

    # -- timing (all of it follows self.t) ---------------------------------------------------------
    def counted(self) -> float:
        """0..1: how far the points of the last game have counted up."""
        if self.result is None:
            return 1.0
        return look.ease_out((self.t - COUNT_AT) / COUNT_MS) if self.t > COUNT_AT else 0.0

    def reordered(self) -> float:
        if self.result is None:
            return 1.0
        return look.ease_out((self.t - REORDER_AT) / REORDER_MS) if self.t > REORDER_AT else 0.0

    def award_shown(self, i: int) -> float:
        return min(1.0, max(0.0, (self.t - AWARDS_AT - i * AWARD_GAP_MS) / 400))

    def update(self, dt_ms: float) -> None:
        before, self.t = self.t, self.t + dt_ms
        if self.result is not None:
            if COUNT_AT < self.t < COUNT_AT + COUNT_MS:
                ticks = int((self.t - COUNT_AT) // TICK_MS)
                if ticks > self.ticks:
                    self.ticks = ticks
                    self.app.audio.play("move")
            if before < REORDER_AT + REORDER_MS <= self.t:
                self.app.audio.play("thump")
            for i in range(len(self.awards)):
                at = AWARDS_AT + i * AWARD_GAP_MS
                if before < at <= self.t:
                    self.app.audio.play("card_flip")
        if self.host.demo and self.t >= DEMO_MS:
            self.next()

    # -- input -----------------------------------------------------------------------------------
    def handle(self, item) -> None:
        if self.host.demo:
            if down(item):
                self.app.manager.reset("title")
            return
        what = self.menu.handle(item)
        if what == "move":
            self.app.audio.play("move")
        elif what == "choose":
            self.app.audio.play("confirm")
            if self.menu.key == "next":
                self.next()
            else:
                self.app.manager.reset("title")

    def next(self) -> None:
        self.host.next_game()
        self.app.manager.pop()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.background(canvas)
        cup = self.cup
        if self.result is None:
            title = "Party night: here we go!"
        else:
            title = f"After {game.GAMES[self.result['game']].name}"
        look.title(canvas, title)
        self.draw_lineup(canvas, look.SAFE.top + 110)
        self.draw_board(canvas)
        if self.result is None:
            self.draw_tonight(canvas)
        else:
            self.draw_awards(canvas)
        if self.host.demo:
            look.hint(canvas, "DEMO - press any button to play")
        else:
            self.menu.draw(canvas, SIDE.bottom + 40, width=SIDE.width, x=SIDE.centerx,
                           height=72, gap=16)
            look.hint(canvas, f"Game {cup.played + 1} of {len(cup.games)} next    "
                              "A: choose    Up / Down: menu")

    def draw_lineup(self, canvas, y: int) -> None:
        """The cup's games as pills: played (muted), next (accent), later."""
        cup = self.cup
        pills = []
        for i, game_id in enumerate(cup.games):
            label = f"{i + 1}. {game.GAMES[game_id].name}"
            surf = look.text_surface(label, look.SMALL, look.INK if i == cup.played
                                     else (look.MUTED if i < cup.played else look.TEXT))
            pills.append((i, surf))
        widths = [paint.get_width(s) + 40 for _, s in pills]
        x = look.CENTER[0] - (sum(widths) + 16 * (len(widths) - 1)) // 2
        for (i, surf), w in zip(pills, widths):
            box = pygame.Rect(x, y, w, paint.get_height(surf) + 14)
            fill = look.ACCENT if i == cup.played else look.PANEL
            paint.rect(canvas, fill, box, border_radius=box.height // 2)
            if i != cup.played:
                paint.rect(canvas, look.PANEL_EDGE, box, width=2, border_radius=box.height // 2)
            paint.blit(canvas, surf, paint.get_rect(surf, center=box.center))
            x += w + 16

    def draw_board(self, canvas) -> None:
        look.panel(canvas, BOARD)
        seats = self.host.table
        n = len(self.after)
        top = BOARD.top + 66
        row_h = min(130, (BOARD.height - 80) // max(1, n))
        look.text(canvas, "Cup points", (BOARD.right - 30, BOARD.top + 16), look.SMALL,
                  look.MUTED, "topright")
        if self.result is not None:
            look.text(canvas, "this game", (BOARD.left + 700, BOARD.top + 16), look.SMALL,
                      look.MUTED, "topright")
        old_rank = {row["player"]: i for i, row in enumerate(self.before)}
        new_rank = {row["player"]: i for i, row in enumerate(self.after)}
        old_total = {row["player"]: row["total"] for row in self.before}
        counted, moved = self.counted(), self.reordered()
        best = max([row["total"] for row in self.after] + [1])
        rows = sorted(self.after, key=lambda r: old_rank[r["player"]] * (1 - moved)
                      + new_rank[r["player"]] * moved)
        for row in rows:
            p = row["player"]
            rank = old_rank[p] + (new_rank[p] - old_rank[p]) * moved
            entry = look.ease_out((self.t - 80 * old_rank[p]) / SLIDE_IN_MS)
            y = int(top + rank * row_h + row_h // 2)
            x = BOARD.left + 24 - int((1 - entry) * 300)
            total = old_total[p] + (row["total"] - old_total[p]) * counted
            place = row["place"] if moved >= 1 or self.result is None else \
                next(r["place"] for r in self.before if r["player"] == p)
            if self.cup.played:  # (before the first game nobody has a place yet)
                look.text(canvas, ordinal(place), (x, y), look.BODY, look.MUTED, "midleft")
            seat = seats[p] if p < len(seats) else None
            if seat is not None:
                player_row(canvas, seat, x + 90, y, "CPU" if seat.is_cpu else "")
            bar = pygame.Rect(BOARD.left + 740, y - 14, int(150 * total / best), 28)
            if bar.width > 0:
                colour = seat.colour if seat is not None else look.ACCENT
                paint.rect(canvas, colour, bar, border_radius=10)
            if self.result is not None and self.t > COUNT_AT:
                gained = self.result["points"][p]
                look.text(canvas, f"+{gained}", (BOARD.left + 700, y), look.BODY,
                          look.ACCENT if gained else look.MUTED, "midright")
            look.text(canvas, f"{round(total)}", (BOARD.right - 30, y), look.LARGE,
                      look.TEXT, "midright")

    def draw_awards(self, canvas) -> None:
        look.panel(canvas, SIDE)
        x = SIDE.left + 30
        name = game.GAMES[self.result["game"]].name
        look.text(canvas, "Awards", (x, SIDE.top + 20), look.LARGE, look.TEXT)
        y = SIDE.top + 100
        if not self.awards:
            look.paragraph(canvas, f"No awards in {name} this time: nobody stood out.",
                           pygame.Rect(x, y, SIDE.width - 60, 200), look.BODY, look.MUTED)
            return
        for i, award in enumerate(self.awards[:4]):
            shown = self.award_shown(i)
            if shown <= 0:
                break
            y = draw_award(canvas, award, self.host.table,
                           pygame.Rect(x, y, SIDE.width - 60, 100), shown)

    def draw_tonight(self, canvas) -> None:
        look.panel(canvas, SIDE)
        x, y = SIDE.left + 30, SIDE.top + 20
        look.text(canvas, "Tonight", (x, y), look.LARGE, look.TEXT)
        y += 84
        for i, game_id in enumerate(self.cup.games):
            look.text(canvas, f"{i + 1}. {game.GAMES[game_id].name}", (x, y), look.BODY,
                      look.TEXT)
            y += 52
        points = "  ".join(str(p) for p in PLACE_POINTS if p)
        look.text(canvas, "Points per place:", (x, SIDE.bottom - 96), look.SMALL, look.MUTED)
        look.text(canvas, points, (x, SIDE.bottom - 56), look.SMALL, look.MUTED)
