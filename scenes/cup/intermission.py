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
from game.words import ordinal
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

# the largest they get: BOARD and SIDE shrink when the prompts below take two lines
BOARD = pygame.Rect(look.SAFE.left, look.SAFE.top + 200, 1010, 700)
SIDE = pygame.Rect(BOARD.right + 40, BOARD.top, look.SAFE.right - BOARD.right - 40, 500)
MENU_H = 2 * 72 + 16     # the menu's two items, under SIDE; BOARD ends where the menu does


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
    look.text(canvas, look.fit_text(award["title"], look.BODY, rect.width), (x, y), look.BODY,
              look.ACCENT)
    who = names(seats, award["players"])
    line = f"{who}: {award['figure']}"
    look.text(canvas, look.fit_text(line, look.SMALL, rect.width), (x, y + 46), look.SMALL, look.TEXT)
    return y + 100


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
        board, side = BOARD, SIDE
        if self.host.demo:
            look.hint(canvas, "DEMO - press any button to play")
        else:
            # the prompts first: many different devices take two lines, and the board, the
            # side panel and the menu make room for them
            top = self.draw_prompts(canvas, f"Game {cup.played + 1} of {len(cup.games)} next")
            menu_top = min(SIDE.bottom + 40, top - 16 - MENU_H)
            board = pygame.Rect(BOARD.topleft, (BOARD.width, menu_top + MENU_H - BOARD.top))
            side = pygame.Rect(SIDE.topleft, (SIDE.width, min(SIDE.height,
                                                              menu_top - 24 - SIDE.top)))
            self.menu.draw(canvas, menu_top, width=SIDE.width, x=SIDE.centerx, height=72,
                           gap=16)
        self.draw_board(canvas, board)
        if self.result is None:
            self.draw_tonight(canvas, side)
        else:
            self.draw_awards(canvas, side)

    def draw_prompts(self, canvas, lead: str) -> int:
        """The bottom line: `lead` (what comes next), then the seated people's own buttons
        (wrapping upwards beside it when they take more than a line). Returns its top."""
        pairs = self.hint_pairs([("a", "choose"), (("up", "down"), "menu")])
        lead_w, line_h = look.font(look.SMALL).size(lead)
        gap = look.CAPS_GAP if pairs else 0
        room = look.SAFE.width - lead_w - gap
        caps_w = look.caps_row_size(pairs, look.SMALL, room)[0]
        left = look.CENTER[0] - (lead_w + gap + caps_w) // 2
        caps = look.caps_row(canvas, (left + lead_w + gap, look.SAFE.bottom), pairs,
                             look.SMALL, anchor="bottomleft", max_width=room)
        # beside the caps' bottom line, centred on it (a line of caps is line_h + 12 high)
        words = look.text(canvas, lead, (left, look.SAFE.bottom - (line_h + 12) // 2),
                          look.SMALL, look.MUTED, "midleft")
        return min(words.top, caps.top) if caps.height else words.top

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

    def draw_board(self, canvas, board: pygame.Rect) -> None:
        look.panel(canvas, board)
        seats = self.host.table
        n = len(self.after)
        top = board.top + 66
        row_h = min(130, (board.height - 80) // max(1, n))
        look.text(canvas, "Cup points", (board.right - 30, board.top + 16), look.SMALL,
                  look.MUTED, "topright")
        if self.result is not None:
            look.text(canvas, "this game", (board.left + 700, board.top + 16), look.SMALL,
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
            x = board.left + 24 - int((1 - entry) * 300)
            total = old_total[p] + (row["total"] - old_total[p]) * counted
            place = row["place"] if moved >= 1 or self.result is None else \
                next(r["place"] for r in self.before if r["player"] == p)
            if self.cup.played:  # (before the first game nobody has a place yet)
                look.text(canvas, ordinal(place), (x, y), look.BODY, look.MUTED, "midleft")
            seat = seats[p] if p < len(seats) else None
            if seat is not None:
                player_row(canvas, seat, x + 90, y, "CPU" if seat.is_cpu else "")
            bar = pygame.Rect(board.left + 740, y - 14, int(150 * total / best), 28)
            if bar.width > 0:
                colour = seat.colour if seat is not None else look.ACCENT
                paint.rect(canvas, colour, bar, border_radius=10)
            if self.result is not None and self.t > COUNT_AT:
                gained = self.result["points"][p]
                look.text(canvas, f"+{gained}", (board.left + 700, y), look.BODY,
                          look.ACCENT if gained else look.MUTED, "midright")
            look.text(canvas, f"{round(total)}", (board.right - 30, y), look.LARGE,
                      look.TEXT, "midright")

    def draw_awards(self, canvas, side: pygame.Rect) -> None:
        look.panel(canvas, side)
        x = side.left + 30
        name = game.GAMES[self.result["game"]].name
        look.text(canvas, "Awards", (x, side.top + 20), look.LARGE, look.TEXT)
        y = side.top + 100
        if not self.awards:
            look.paragraph(canvas, f"No awards in {name} this time: nobody stood out.",
                           pygame.Rect(x, y, side.width - 60, 200), look.BODY, look.MUTED)
            return
        fit_in = max(1, (side.height - 185) // 100 + 1)  # an award takes 100 px, its text 85
        for i, award in enumerate(self.awards[:min(4, fit_in)]):
            shown = self.award_shown(i)
            if shown <= 0:
                break
            y = draw_award(canvas, award, self.host.table,
                           pygame.Rect(x, y, side.width - 60, 100), shown)

    def draw_tonight(self, canvas, side: pygame.Rect) -> None:
        look.panel(canvas, side)
        x, y = side.left + 30, side.top + 20
        look.text(canvas, "Tonight", (x, y), look.LARGE, look.TEXT)
        y += 84
        for i, game_id in enumerate(self.cup.games):
            look.text(canvas, f"{i + 1}. {game.GAMES[game_id].name}", (x, y), look.BODY,
                      look.TEXT)
            y += 52
        points = "  ".join(str(p) for p in PLACE_POINTS if p)
        look.text(canvas, "Points per place:", (x, side.bottom - 96), look.SMALL, look.MUTED)
        look.text(canvas, points, (x, side.bottom - 56), look.SMALL, look.MUTED)
