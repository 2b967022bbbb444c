"""How-to card before a game: the rules in a few lines (the game scene's `rules`, or the
game's pitch), each human player's own buttons for the actions the game uses (the scene's
`controls`, looked up per device: key caps, the pad's own buttons by family, a phone's
buttons; a direction stands for all four, drawn as that device's keys or d-pad), and what the
seated CPU players' levels are like (LEVEL_WORDS).

Every human presses A when done (a tick appears on their badge); Start from anyone skips at
once; B (or Escape) goes back to the lobby.
"""

from __future__ import annotations

import pygame

import game
from shell import look, paint

from ..base import Scene
from ..widgets import down

DIRECTIONS = ("up", "left", "down", "right")
SECOND_STICK = ("up2", "left2", "down2", "right2")
# What each CPU level is meant to be like (each game's bots are calibrated to it; bench/
# cpu_levels.py measures how close they come).
LEVEL_WORDS = {"easy": "loses to a first-time player",
               "normal": "an even match for an average adult",
               "hard": "a challenge for a practised player"}
PARTNER_WORDS = {"easy": "a partner who slips now and then",  # cooperative games (Flixo)
                 "normal": "a partner who plays like an average adult",
                 "hard": "a partner who plans ahead"}


class HowToScene(Scene):
    escape_goes_back = True  # Escape goes back, as B does

    def enter(self, game_id: str, scene_class, options=None, **kw) -> None:
        self.options = options or {}  # chosen in the lobby, handed on to the game
        self.game_id = game_id
        self.info = game.GAMES[game_id]
        self.scene_class = scene_class
        self.done: set[int] = set()

    def humans(self):
        """The seated people with a device (a seat whose pad is lost cannot say it is done)."""
        return [s for s in self.app.seats.humans() if not s.lost]

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
            self.back()

    def go(self) -> None:
        self.app.audio.play("go")
        self.app.manager.replace(self.scene_class, game_id=self.game_id, options=self.options)

    def controls(self) -> dict:
        return dict(self.scene_class.controls) or {"a": "act", "up": "move", "down": "move",
                                                   "left": "move", "right": "move"}

    def rules_size(self, box: pygame.Rect) -> int:
        """BODY type for the pitch and the rules, or SMALL when BODY would overflow the box."""
        def height(size):
            lines = len(look.wrap(self.info.pitch, size, box.width - 80))
            lines += sum(len(look.wrap(r, size, box.width - 100)) for r in self.scene_class.rules)
            gaps = 30 + 20 + 14 * len(self.scene_class.rules)
            return lines * (look.font(size).get_linesize() + 8) + gaps
        return look.BODY if height(look.BODY) <= box.height else look.SMALL

    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, f"How to play {self.info.name}")
        box = pygame.Rect(look.SAFE.left, look.SAFE.top + 130, 720, 700)
        look.panel(canvas, box)
        size = self.rules_size(box)
        y = look.paragraph(canvas, self.info.pitch, pygame.Rect(box.left + 40, box.top + 30,
                                                               box.width - 80, 200),
                           size, look.ACCENT) + 20
        rules = list(self.scene_class.rules)
        for line in rules:
            look.draw_shape(canvas, "circle", (box.left + 44, y + size // 2), 9, look.ACCENT)
            y = look.paragraph(canvas, line, pygame.Rect(box.left + 70, y, box.width - 100,
                                                        200), size, look.TEXT) + 14
        self.rules_bottom = y - 14  # (tests check it stays inside the box)
        right = pygame.Rect(box.right + 40, box.top, look.SAFE.right - box.right - 40, 700)
        cpus = [s for s in self.app.seats.occupied() if s.is_cpu]
        levels = sorted({s.cpu for s in cpus if s.cpu in LEVEL_WORDS}, key=list(LEVEL_WORDS).index)
        if levels:
            right.height -= 56 * len(levels) + 20
            y = right.bottom + 24
            for level in levels:
                names = ", ".join(s.name for s in cpus if s.cpu == level)
                pill = pygame.Rect(right.left, y, 150, 46)
                paint.rect(canvas, look.level_colour(level), pill, border_radius=23)
                look.text(canvas, level, pill.center, look.SMALL, look.INK, "center")
                said = (PARTNER_WORDS if self.info.cooperative else LEVEL_WORDS)[level]
                words = f"{names}: {said}"
                fits = look.font(look.SMALL).size(words)[0] <= right.width - 170
                look.text(canvas, words if fits else said,
                          (pill.right + 20, pill.centery), look.SMALL, look.TEXT, "midleft")
                y += 56
        self.draw_controls_table(canvas, right, self.controls(), self.humans())
        self.draw_hint(canvas, [("a", "got it"), ("start", "skip"),
                                ("b", "back to the lobby"), ("escape", "back")])

    def rows(self, controls: dict) -> list:
        """(actions, meaning) rows of the controls table: a tuple of actions is one row; a
        direction the game lists alone stands for all four (a device's four keys or its d-pad), as does a second-stick one;
        the other directions of a group the game lists with the same meaning are left out."""
        out, done = [], set()
        for action, meaning in controls.items():
            if isinstance(action, tuple):  # the game lists a group itself: one row
                done.update(action)
                out.append((action, meaning))
                continue
            if action in done:
                continue
            for group in (DIRECTIONS, SECOND_STICK):
                if action in group:
                    listed = [a for a in group if a in controls]
                    same = all(controls[a] == meaning for a in listed)
                    if len(listed) == 1 or (same and len(listed) == 4):
                        done.update(listed)
                        out.append((group, meaning))
                        break
            else:
                out.append(((action,), meaning))
        return out

    def draw_controls_table(self, canvas, rect, controls: dict, humans) -> None:
        """One row per action, one column per human seat: every player finds their own key
        or button for everything the game uses, however many people are seated. A device
        without a button for an action (a keyboard zone has no second stick) says so."""
        look.panel(canvas, rect)
        rows = self.rows(controls)
        meaning_w = 230
        col_w = (rect.width - meaning_w - 40) // max(1, len(humans))
        row_h = min(76, (rect.height - 130) // max(1, len(rows)))
        first_col = rect.left + 20 + meaning_w
        for i, seat in enumerate(humans):
            cx = first_col + i * col_w + col_w // 2
            look.draw_shape(canvas, seat.shape, (cx, rect.top + 42), 24, seat.colour,
                            outline=look.INK)
            ready = seat.index in self.done
            look.text(canvas, "ready" if ready else self.app.device_glyph(seat.device),
                      (cx, rect.top + 72), look.SMALL, look.GOOD if ready else look.MUTED,
                      "midtop")
        size = look.SMALL if row_h >= 60 else look.MIN_FONT
        for row, (actions, meaning) in enumerate(rows):
            y = rect.top + 120 + row * row_h
            look.paragraph(canvas, meaning, pygame.Rect(rect.left + 24, y, meaning_w, row_h),
                           look.SMALL if row_h >= 76 or len(meaning) < 14 else look.MIN_FONT,
                           look.TEXT, gap=0)
            for i, seat in enumerate(humans):
                cx = first_col + i * col_w + col_w // 2
                caps = self.button_caps(actions, [seat.device]) if seat.device else []
                if not caps:
                    look.text(canvas, "none", (cx, y + 22), look.MIN_FONT, look.MUTED,
                              "center")
                    continue
                look.caps_row(canvas, (cx, y), [(caps, "")], size, anchor="midtop",
                              max_width=col_w - 10)
