"""Results, with a payoff: a podium with ranks and the winning margin, the game's own highlight,
each player's figures in words, motion and sound. Then: play again, back to the lobby, or the
main menu (left/right or up/down, A); a game played in a party night gives the cup its result
here and offers "Continue the cup" instead (scenes/cup/). In attract mode it moves on by itself.

Competitive games: the headline names the winner, and says "(CPU)" after a CPU player's name
("Kalle (CPU) wins!", never "Player 4 wins!"); under it the margin ("by 3 points over Anna", "a
shared win on 12 points"); the game's verdict (how it ended) small below. The podium rises
block by block (third, second, first; a thump as each lands, after the fanfare),
the other places are listed under it. Cooperative games (Outcome.team_won set): the team's
result, the verdict big (Flixo: what the team's score means) and the team, no podium.

Entered with (GameScene.finish):
    game_id, seats (the game's seats, player order), outcome (game.core.Outcome),
    reactions {player: [(ms, correct)]}, scene_class, options, demo,
    final_view   the game's final table view, state.view(None). Optional keys the results use:
        "highlight": {"title": str, "text": str, "players": [player indices], ...}: the moment
            ({p0}, {p1} ... in title and text stand for the seats' names)
            that decided the game (the photo finish, the fattest fly caught ...), drawn in a
            panel with the players' shapes and names; nothing when a game has none.
        "score_meaning": str: what a cooperative team's score means ("fewer is better: 5 or
            less is professional"), under the team's score.
        "figures": {player (int or str): [short lines]}: the game's own figures per player in
            words ("caught 7 flies", "lost 2 flies"); without them a player's line is their
            points and, where the game measured them, their reaction times (the scene class's
            `reaction_noun`, "reaction" by default: "slaps: usually 0.41 s, fastest 0.35 s").
"""

from __future__ import annotations

import math

import pygame

import game
from game.reactions import summary
from shell import look, paint

from ..cup import host_of
from ..base import Scene
from ..game_scene import fill_names
from ..widgets import Menu, down

DEMO_MS = 6000
PODIUM_START_MS = 300   # the first block starts to rise
PODIUM_STEP_MS = 450    # between two blocks
RISE_MS = 600           # one block's rise
PODIUM_BASE = 760       # the podium's floor (canvas y)
PODIUM_HEIGHTS = {1: 280, 2: 200, 3: 140}
BLOCK_W = 250
METAL = {1: (236, 190, 64), 2: (196, 204, 220), 3: (210, 134, 76)}
RIGHT = pygame.Rect(1060, look.SAFE.top + 190, look.SAFE.right - 1060, 690)
MENU_Y = look.SAFE.bottom - 76


def plural(n, word: str) -> str:
    """"1 point", "2 points", "0 points" (n a number; "-" and others as they are)."""
    if isinstance(n, bool) or not isinstance(n, (int, float)):
        return f"{n} {word}s"
    return f"{n:g} {word}" if n == 1 else f"{n:g} {word}s"


def seconds(ms: float) -> str:
    """A time a guest reads: "0.41 s" under 10 s, "12 s" above."""
    return f"{ms / 1000:.2f} s" if ms < 10_000 else f"{ms / 1000:.0f} s"


def who(seat) -> str:
    """A seat's name as a result names it: "Anna", "Kalle (CPU)"."""
    return f"{seat.name} (CPU)" if getattr(seat, "cpu", None) else seat.name


def joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class ResultsScene(Scene):
    def enter(self, game_id: str, seats, outcome, reactions=None, scene_class=None,
              options=None, demo: bool = False, final_view=None, **kw) -> None:
        self.game_id = game_id
        self.info = game.GAMES[game_id]
        self.seats = list(seats)
        self.outcome = outcome
        self.reactions = reactions or {}
        self.scene_class = scene_class
        self.options = options or {}
        self.demo = demo
        self.final_view = final_view if isinstance(final_view, dict) else {}
        self.t = 0.0
        # Part of a party night (its host is below): the cup scores the game now, and the
        # only ways on are the cup's next step or the title (the cup is saved).
        self.cup_host = host_of(self.app)
        if self.cup_host is not None and not self.cup_host.game_over(game_id, outcome,
                                                                     self.final_view):
            self.cup_host = None
        items = [("again", "Play again"), ("lobby", "Back to the lobby"), ("title", "Main menu")]
        if self.cup_host is not None:
            items = [("cup", "Continue the cup"), ("title", "Main menu")]
        self.menu = Menu(items)
        self.ranks = self.rank()
        self.cues = self.sound_cues()
        self.app.audio.play("lose" if outcome.team_won is False else "win")

    # -- what happened -------------------------------------------------------------------------
    @property
    def team(self) -> bool:
        return self.outcome.team_won is not None

    def score(self, p: int):
        scores = self.outcome.scores
        return scores[p] if p < len(scores) else None

    def rank(self) -> dict[int, int]:
        """Player -> place (1 = won; equal standing, equal place). Winners come first, then
        by score, higher is better."""
        if self.team:
            return {p: 1 for p in range(len(self.seats))}
        winners = set(self.outcome.winners)

        def standing(p):
            return (p in winners, _num(self.score(p)))
        return {p: 1 + sum(1 for q in range(len(self.seats)) if standing(q) > standing(p))
                for p in range(len(self.seats))}

    def order(self) -> list[int]:
        return sorted(range(len(self.seats)), key=lambda p: (self.ranks[p], p))

    def headline(self) -> str:
        o = self.outcome
        if self.team:
            return "The team wins!" if o.team_won else "The team lost this time"
        names = [who(self.seats[p]) for p in o.winners if 0 <= p < len(self.seats)]
        if not names:
            return "Nobody wins"
        return f"{joined(names)} {'wins' if len(names) == 1 else 'win'}!"

    def margin(self) -> str:
        """The winning margin in words ("by 3 points over Anna")."""
        o = self.outcome
        if self.team or not o.winners:
            return ""
        best = self.score(o.winners[0])
        if len(o.winners) > 1:
            return f"a shared win on {plural(best, 'point')}"
        others = [p for p in self.order() if p not in o.winners]
        if not others:
            return ""
        second = others[0]
        gap = _num(best) - _num(self.score(second))
        name = who(self.seats[second])
        if gap == 0:
            return f"level with {name} on {plural(best, 'point')}: won on the tie-break"
        return f"by {plural(gap, 'point')} over {name}"

    def highlight(self) -> dict | None:
        found = self.final_view.get("highlight")
        return found if isinstance(found, dict) and (found.get("title") or
                                                     found.get("text")) else None

    def figures(self, p: int) -> list[str]:
        """A player's figures in words: the game's own ("figures" in the final view), else
        points and reaction times."""
        given = self.final_view.get("figures")
        if isinstance(given, dict):
            lines = given.get(p, given.get(str(p)))
            if isinstance(lines, (list, tuple)) and lines:
                return [str(line) for line in lines]
        out = []
        if not self.team and self.score(p) is not None:
            out.append(plural(self.score(p), "point"))
        samples = self.reactions.get(p, [])
        if samples:
            count, right, median, best = summary(samples)
            noun = getattr(self.scene_class, "reaction_noun", "reaction")
            if median is not None:
                out.append(f"{noun}s: usually {seconds(median)}, fastest {seconds(best)}")
            if right < count:
                out.append(f"{right} of {count} right")
        return out

    # -- time and sound ------------------------------------------------------------------------
    def landing(self, place_index: int) -> float:
        """When the podium block shown `place_index`-th (0: the lowest place shown) lands."""
        return PODIUM_START_MS + place_index * PODIUM_STEP_MS + RISE_MS

    def podium_places(self) -> list[int]:
        """The podium's places, lowest first (they rise in this order): 3, 2, 1 or fewer."""
        return sorted({r for r in self.ranks.values() if r <= 3}, reverse=True)

    def sound_cues(self) -> list[tuple[float, str]]:
        """A thump as each podium block lands (the fanfare plays as the screen appears)."""
        if self.team:
            return []
        return [(self.landing(i), "thump") for i in range(len(self.podium_places()))]

    def update(self, dt_ms: float) -> None:
        before, self.t = self.t, self.t + dt_ms
        for at, name in self.cues:
            if before < at <= self.t:
                self.app.audio.play(name)
        if self.demo and self.t >= DEMO_MS:
            self.app.manager.pop()

    # -- input ---------------------------------------------------------------------------------
    def handle(self, item) -> None:
        if self.demo:
            if down(item):
                self.app.manager.reset("title")
            return
        if down(item, "left", "right"):  # the buttons lie side by side
            step = -1 if item.action == "left" else 1
            self.menu.index = (self.menu.index + step) % len(self.menu.items)
            self.app.audio.play("move")
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

    def prompt_devices(self) -> list:
        """The people who played (their seats may have been freed since)."""
        return [s.device for s in self.seats if getattr(s, "device", None)] or \
            super().prompt_devices()

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, self.headline(), size=look.TITLE)
        y = look.SAFE.top + 104
        if self.team:
            self.draw_team(canvas)
        else:
            margin = self.margin()
            if margin:
                look.text(canvas, margin, (look.CENTER[0], y), look.BODY, look.ACCENT, "midtop")
            if self.outcome.verdict:
                look.text(canvas, self.outcome.verdict, (look.CENTER[0], y + 50), look.SMALL,
                          look.MUTED, "midtop")
            self.draw_podium(canvas)
        self.draw_right(canvas)
        if self.demo:
            look.hint(canvas, "DEMO - press any button to play")
        else:
            self.draw_menu(canvas)

    def draw_podium(self, canvas) -> None:
        places = self.podium_places()
        left_w = RIGHT.left - 40 - look.SAFE.left
        cx = look.SAFE.left + left_w // 2
        spots = {1: cx, 2: cx - BLOCK_W - 20, 3: cx + BLOCK_W + 20}
        landed = []  # (place, block): who stands on them is drawn over all the blocks
        for i, place in enumerate(places):
            start = PODIUM_START_MS + i * PODIUM_STEP_MS
            rise = look.ease_out((self.t - start) / RISE_MS)
            if rise <= 0:
                continue
            height = int(PODIUM_HEIGHTS[place] * rise)
            block = pygame.Rect(0, 0, BLOCK_W, max(1, height))
            block.midbottom = (spots[place], PODIUM_BASE)
            # (a corner radius over half the block's height would make the outline touch
            # pixels far outside it, and so redraw the whole screen: shell/paint.py, rect)
            radius = min(14, block.height // 2)
            paint.rect(canvas, look.SHADOW, block.move(0, 8), border_radius=radius)
            paint.rect(canvas, METAL[place], block, border_radius=radius)
            if block.height >= 8:  # (an outline thicker than half the block: the same)
                paint.rect(canvas, look.mix(METAL[place], look.INK, 0.35), block, width=4,
                           border_radius=radius)
            if height > 90:
                look.text(canvas, str(place), (block.centerx, block.top + 12), look.HUGE
                          if place == 1 else look.TITLE, look.INK, "midtop")
            if rise >= 1:
                landed.append((place, block))
        for place, block in landed:
            if place == 1:
                self.draw_rays(canvas, (block.centerx, block.top - 116))
            # (a name may reach over the gaps above the first place only: beside the first
            # place's taller block it would be written over it)
            room = BLOCK_W + (100 if place == 1 else 30)
            self.draw_standing(canvas, [p for p in self.order() if self.ranks[p] == place],
                               block, room)
        self.draw_rest(canvas)

    def draw_rays(self, canvas, centre) -> None:
        """A swaying burst of rays above the winner's shape (a pure function of time)."""
        sway = 0.12 * math.sin(self.t / 700)
        for k in range(7):
            a = math.pi * (1.1 + 0.8 * k / 6) + sway
            inner, outer = 58, 96 + 10 * math.sin(self.t / 300 + k)
            paint.line(canvas, look.mix(look.ACCENT, look.BG_BOTTOM, 0.35),
                       (centre[0] + inner * math.cos(a), centre[1] + inner * math.sin(a)),
                       (centre[0] + outer * math.cos(a), centre[1] + outer * math.sin(a)), 6)

    def draw_standing(self, canvas, players: list[int], block: pygame.Rect, room: int) -> None:
        """The players of one place on top of its block: shape, name (CPU level), score; the
        names at most `room` wide."""
        n = len(players)
        for k, p in enumerate(players[:3]):
            seat = self.seats[p]
            x = block.centerx + (k - (min(n, 3) - 1) / 2) * 90
            icon = look.shape_icon(seat.shape, seat.colour, 34 if n == 1 else 26)
            paint.blit(canvas, icon, paint.get_rect(icon, center=(x, block.top - 116)))
        names = [who(self.seats[p]) for p in players]
        # (several on one place: all the names, else the first and how many more; the shapes
        # above show each of them)
        labels = [joined(names)] + ([f"{names[0]} and {n - 1} more", f"{names[0]} +{n - 1}"]
                                    if n > 1 else [])
        label = next((t for t in labels if look.font(look.MIN_FONT).size(t)[0] <= room),
                     labels[-1])
        size = next((s for s in (look.BODY, look.SMALL, look.MIN_FONT)
                     if look.font(s).size(label)[0] <= room), look.MIN_FONT)
        label = look.fit_text(label, size, room)
        look.text(canvas, label, (block.centerx, block.top - 68), size, look.TEXT, "midtop")
        score = self.score(players[0])
        if block.height > 150:
            look.text(canvas, plural(score, "point"), (block.centerx, block.bottom - 20),
                      look.BODY, look.INK, "midbottom")
        else:
            look.text(canvas, plural(score, "point"), (block.centerx, block.bottom - 14),
                      look.SMALL, look.INK, "midbottom")

    def draw_rest(self, canvas) -> None:
        """The places under the podium: "4.  Otto (CPU)  3 points"."""
        rest = [p for p in self.order() if self.ranks[p] > 3]
        appear = self.landing(len(self.podium_places()) - 1) if self.podium_places() else 0
        if not rest or self.t < appear:
            return
        # (three rows fit under the podium: more players go on in a second column)
        rows = (MENU_Y - 40 - PODIUM_BASE - 24) // 46 + 1
        column_w = (RIGHT.left - 40 - look.SAFE.left) // 2
        for i, p in enumerate(rest[:2 * rows]):
            seat = self.seats[p]
            x = look.SAFE.left + 40 + (i // rows) * column_w
            y = PODIUM_BASE + 24 + (i % rows) * 46
            look.text(canvas, f"{self.ranks[p]}.", (x, y + 22), look.BODY, look.MUTED,
                      "midleft")
            icon = look.shape_icon(seat.shape, seat.colour, 16)
            paint.blit(canvas, icon, paint.get_rect(icon, center=(x + 80, y + 22)))
            line = f"{who(seat)}   {plural(self.score(p), 'point')}"
            look.text(canvas, look.fit_text(line, look.SMALL, column_w - 130), (x + 112, y + 22),
                      look.SMALL, look.TEXT, "midleft")

    def draw_team(self, canvas) -> None:
        """Cooperative: what the team's result means, and the team."""
        o = self.outcome
        left = pygame.Rect(look.SAFE.left, look.SAFE.top + 190, RIGHT.left - 40 - look.SAFE.left,
                           560)
        look.panel(canvas, left)
        grow = look.ease_out((self.t - PODIUM_START_MS) / RISE_MS)
        colour = look.GOOD if o.team_won else look.BAD
        if grow > 0:
            size = look.LARGE if look.font(look.LARGE).size(o.verdict or "")[0] < \
                left.width - 80 else look.BODY
            look.paragraph(canvas, o.verdict or self.headline(),
                           pygame.Rect(left.left + 40, left.top + 36, left.width - 80, 200),
                           size, colour)
        score = self.score(0)
        if score is not None and o.team_won:
            look.text(canvas, f"Team score: {plural(score, 'point')}",
                      (left.left + 40, left.top + 160), look.LARGE, look.ACCENT)
            meaning = self.final_view.get("score_meaning")
            if isinstance(meaning, str) and meaning:
                look.text(canvas, look.fit_text(meaning, look.SMALL, left.width - 80), (left.left + 40,
                                                                   left.top + 226),
                          look.SMALL, look.MUTED)
        x, y = left.left + 40, left.top + 280
        look.text(canvas, "The team", (x, y), look.SMALL, look.MUTED)
        y += 44
        for p, seat in enumerate(self.seats):
            glyph = f"CPU {seat.cpu}" if seat.cpu else self.app.device_glyph(seat.device)
            badge = look.seat_badge(canvas, (x, y), seat, glyph)
            x = badge.right + 16
            if x > left.right - 300:
                x, y = left.left + 40, y + look.BADGE_H + 10
            if y > left.bottom - look.BADGE_H:
                break

    def draw_right(self, canvas) -> None:
        """The highlight (when the game gives one), then everybody's figures."""
        # It appears at once, not sliding in: a panel moving over the background redraws
        # a quarter of a 4K screen every frame (6 ms at 4K), for half a second.
        if self.t < PODIUM_START_MS + 450:
            return
        top = RIGHT.top
        found = self.highlight()
        if found is not None:
            top = self.draw_highlight(canvas, found, RIGHT) + 20
        box = pygame.Rect(RIGHT.left, top, RIGHT.width, RIGHT.bottom - top)
        order = self.order() if not self.team else list(range(len(self.seats)))
        figures = {p: self.figures(p) for p in order}  # (worked out once a frame)
        if box.height < 120 or not any(figures.values()):
            return
        line_h, size = (40 if len(order) <= 4 else 36), look.SMALL

        def needed(extra):  # (a row for everybody: "-" for a player without figures)
            return 62 + sum(line_h + 6
                            + (line_h - 6) * max(0, min(extra, len(figures[p]) - 1))
                            for p in order) + 10
        extra = next((e for e in (2, 1) if needed(e) <= box.height), 0)  # lines under a name
        if needed(0) > box.height:  # (eight players under a highlight) everybody, closer
            line_h, size = max(28, (box.height - 72) // len(order) - 6), look.MIN_FONT
        box.height = min(box.height, needed(extra))
        look.panel(canvas, box)
        look.text(canvas, "Everybody's figures", (box.left + 30, box.top + 16), look.SMALL,
                  look.MUTED)
        y = box.top + 62
        for p in order:
            seat = self.seats[p]
            lines = figures[p]
            if y + line_h > box.bottom - 10:
                break
            icon = look.shape_icon(seat.shape, seat.colour, 14)
            paint.blit(canvas, icon, paint.get_rect(icon, center=(box.left + 44, y + line_h // 2)))
            first = f"{who(seat)}: " + (lines[0] if lines else "-")
            look.text(canvas, look.fit_text(first, size, box.width - 100),
                      (box.left + 72, y + line_h // 2), size, look.TEXT, "midleft")
            y += line_h
            for line in lines[1:1 + extra]:
                if y + line_h > box.bottom - 10:
                    break
                look.text(canvas, look.fit_text(line, look.SMALL, box.width - 110), (box.left + 82, y + 16),
                          look.MIN_FONT, look.MUTED, "midleft")
                y += line_h - 6
            y += 6

    def draw_highlight(self, canvas, found: dict, area: pygame.Rect) -> int:
        """The game's highlight in a panel at the top of `area`; returns its bottom."""
        names = [who(seat) for seat in self.seats]
        title = fill_names(str(found.get("title", "")), names)
        text = fill_names(str(found.get("text", "")), names)
        lines = look.wrap(text, look.BODY, area.width - 60)[:4] if text else []
        players = [p for p in found.get("players", []) or []
                   if isinstance(p, int) and 0 <= p < len(self.seats)]
        height = 30 + (66 if title else 0) + len(lines) * 48 + (70 if players else 0) + 16
        box = pygame.Rect(area.left, area.top, area.width, height)
        look.panel(canvas, box, edge=look.ACCENT)
        y = box.top + 22
        if title:
            size = look.LARGE if look.font(look.LARGE).size(title)[0] <= box.width - 60 \
                else look.BODY
            look.text(canvas, look.fit_text(title, size, box.width - 60), (box.left + 30, y),
                      size, look.ACCENT)
            y += 66
        for line in lines:
            look.text(canvas, line, (box.left + 30, y), look.BODY, look.TEXT)
            y += 48
        x = box.left + 30
        for p in players[:4]:
            seat = self.seats[p]
            icon = look.shape_icon(seat.shape, seat.colour, 20)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(x, y + 30)))
            name = look.text(canvas, who(seat), (x + 64, y + 30), look.SMALL, look.TEXT,
                             "midleft")
            x = name.right + 36
        return box.bottom

    def draw_menu(self, canvas) -> None:
        labels = [self.menu.label(i) for i in range(len(self.menu.items))]
        x = look.SAFE.left
        for i, label in enumerate(labels):
            rect = pygame.Rect(x, MENU_Y, 400, 72)
            look.button(canvas, rect, label, selected=i == self.menu.index)
            x = rect.right + 30
        self.draw_hint(canvas, [(("left", "right"), "choose"), ("a", "OK")],
                       pos=(look.SAFE.right, MENU_Y + 36), anchor="midright",
                       max_width=look.SAFE.right - x - 20)


def _num(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0
