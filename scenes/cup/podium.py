"""The end of a cup: the podium and the awards of the night.

The three blocks rise one after another (third, second, first; a thump each), the champion's
name comes up with a fanfare, then the awards of the night are handed out one by one: the
cup's own (most game wins, the comeback), then every game's, in playing order; more than fit
are shown a page at a time. Everyone past third place is listed under the podium.

A: back to the title (the cup is over: its saved file is removed). In attract mode a new cup
starts after DEMO_MS; any button goes to the title.
"""

from __future__ import annotations

import pygame

import game
from game.words import ordinal, plural
from shell import look, paint

from . import names
from .intermission import draw_award, player_row
from ..base import Scene
from ..widgets import Menu, down

RISE_MS = 700
RISE_AT = {3: 200, 2: 700, 1: 1200}   # place -> when its block starts to rise
CHAMPION_AT = 2100
AWARDS_AT, AWARD_GAP_MS = 2800, 700
PAGE = 5
PAGE_MS = 7000
DEMO_MS = 16000

STAGE = pygame.Rect(look.SAFE.left, look.SAFE.top + 130, 870, 800)
SIDE = pygame.Rect(STAGE.right + 40, STAGE.top, look.SAFE.right - STAGE.right - 40, 640)
HEIGHTS = {1: 300, 2: 210, 3: 140}
COLUMNS = {2: 0, 1: 1, 3: 2}   # place -> column, left to right
BLOCKS = {1: look.ACCENT, 2: (196, 204, 224), 3: (214, 144, 84)}   # gold, silver, bronze


class PodiumScene(Scene):
    def enter(self, host, **kw) -> None:
        self.host = host
        self.cup = host.cup
        self.t = 0.0
        self.standings = self.cup.standings()
        self.awards = self.cup.all_awards()
        self.menu = Menu([("title", "Back to the menu")])
        self.app.audio.play("go")

    def champions(self) -> list[int]:
        return [row["player"] for row in self.standings if row["place"] == 1]

    def update(self, dt_ms: float) -> None:
        before, self.t = self.t, self.t + dt_ms
        for at in RISE_AT.values():
            if before < at + RISE_MS <= self.t:
                self.app.audio.play("thump")
        if before < CHAMPION_AT <= self.t:
            self.app.audio.play("win")
        for i in range(min(PAGE, len(self.awards))):
            at = AWARDS_AT + i * AWARD_GAP_MS
            if before < at <= self.t:
                self.app.audio.play("card_flip")
        if self.host.demo and self.t >= DEMO_MS:
            self.host.done()

    def handle(self, item) -> None:
        if self.host.demo:
            if down(item):
                self.app.manager.reset("title")
            return
        if self.menu.handle(item) == "choose":
            self.app.audio.play("confirm")
            self.host.done()

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.background(canvas)
        seats = self.host.table
        if self.t >= CHAMPION_AT:
            who = names(seats, self.champions())
            plural = len(self.champions()) > 1
            look.title(canvas, f"{who} {'win' if plural else 'wins'} the cup!")
        else:
            look.title(canvas, "Party night: the podium")
        self.draw_stage(canvas, seats)
        self.draw_awards(canvas, seats)
        if self.host.demo:
            look.hint(canvas, "DEMO - press any button to play")
        else:
            self.menu.draw(canvas, SIDE.bottom + 40, width=SIDE.width, x=SIDE.centerx,
                           height=72)
            self.draw_prompt(canvas)

    def draw_prompt(self, canvas) -> None:
        """Under the menu, clear of the places past third listed under the podium: the seated
        people's own buttons, with the short words when many devices leave no room for the
        long ones (and across the bottom when not even those fit beside the menu)."""
        for words in ("back to the menu (the cup is over)", "back to the menu"):
            pairs = self.hint_pairs([("a", words)])
            if look.caps_row_size(pairs, look.SMALL, 10_000)[0] <= SIDE.width:
                look.caps_row(canvas, (SIDE.centerx, look.SAFE.bottom), pairs, look.SMALL)
                return
        look.caps_row(canvas, (look.CENTER[0], look.SAFE.bottom), pairs, look.SMALL)

    def draw_stage(self, canvas, seats) -> None:
        col_w = STAGE.width // 3
        floor = STAGE.top + 560
        by_place: dict[int, list] = {}
        for row in self.standings:
            by_place.setdefault(row["place"], []).append(row)
        for place in (3, 2, 1):
            rows = by_place.get(place, [])
            if not rows:
                continue
            rise = look.ease_out((self.t - RISE_AT[place]) / RISE_MS)
            if rise <= 0:
                continue
            height = int(HEIGHTS[place] * rise)
            col = pygame.Rect(STAGE.left + COLUMNS[place] * col_w + 16, floor - height,
                              col_w - 32, height)
            look.panel(canvas, col, colour=BLOCKS[place], radius=18, edge=look.WHITE)
            look.text(canvas, ordinal(place), (col.centerx, col.top + 18), look.LARGE, look.INK,
                      "midtop")
            look.text(canvas, plural(rows[0]['total'], 'point'), (col.centerx, col.top + 84),
                      look.SMALL, look.INK, "midtop")
            # the players of this place stand on the block side by side
            shown = rows[:3]
            width = col.width // len(shown)
            for i, row in enumerate(shown):
                seat = seats[row["player"]]
                cx = col.left + width * i + width // 2
                icon = look.shape_icon(seat.shape, seat.colour, 34 if len(shown) == 1 else 26)
                paint.blit(canvas, icon, paint.get_rect(icon, midbottom=(cx, col.top - 70)))
                size = look.BODY if len(shown) == 1 else look.SMALL
                look.text(canvas, look.fit_text(seat.name, size, width - 8), (cx, col.top - 60), size,
                          look.TEXT, "midtop")
        rest = [row for row in self.standings if row["place"] > 3]
        y = floor + 20   # five rows (eight players) end inside the safe area
        for row in rest[:5]:
            seat = seats[row["player"]]
            look.text(canvas, ordinal(row["place"]), (STAGE.left + 20, y + 24), look.BODY,
                      look.MUTED, "midleft")
            player_row(canvas, seat, STAGE.left + 110, y + 24)
            look.text(canvas, plural(row['total'], 'point'), (STAGE.right - 20, y + 24), look.BODY,
                      look.TEXT, "midright")
            y += 50

    def draw_awards(self, canvas, seats) -> None:
        look.panel(canvas, SIDE)
        x = SIDE.left + 30
        look.text(canvas, "Awards of the night", (x, SIDE.top + 20), look.LARGE, look.TEXT)
        if not self.awards:
            look.paragraph(canvas, "Nobody stood out tonight: everyone was equally brilliant.",
                           pygame.Rect(x, SIDE.top + 110, SIDE.width - 60, 200), look.BODY,
                           look.MUTED)
            return
        pages = (len(self.awards) + PAGE - 1) // PAGE
        since = self.t - AWARDS_AT
        page = int(max(0.0, since) // PAGE_MS) % pages if since > PAGE * AWARD_GAP_MS else 0
        y = SIDE.top + 100
        for i, award in enumerate(self.awards[page * PAGE:(page + 1) * PAGE]):
            shown = min(1.0, max(0.0, (since - i * AWARD_GAP_MS) / 400)) if page == 0 else 1.0
            if shown <= 0:
                break
            game_id = award.get("game")
            if game_id:
                award = {**award, "title": f"{award['title']} ({game.GAMES[game_id].name})"}
            y = draw_award(canvas, award, seats, pygame.Rect(x, y, SIDE.width - 60, 100), shown)
        if pages > 1 and since > 0:
            look.text(canvas, f"page {page + 1} of {pages}", (SIDE.right - 30, SIDE.bottom - 16),
                      look.SMALL, look.MUTED, "bottomright")
