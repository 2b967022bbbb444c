"""How-to card before a game: the rules in a few lines (the game scene's `rules`, or the
game's pitch) and each human player's own buttons for the actions the game uses (the scene's
`controls`, looked up per device with shell.input's bindings_text).

Every human presses A when done (a tick appears on their badge); Start from anyone skips at
once; B goes back to the lobby.
"""

from __future__ import annotations

import pygame

import game
from shell import look

from ..base import Scene
from ..widgets import down


DIRECTIONS = ("up", "down", "left", "right")


class HowToScene(Scene):
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
            self.app.audio.play("back")
            self.app.manager.pop()

    def go(self) -> None:
        self.app.audio.play("go")
        self.app.manager.replace(self.scene_class, game_id=self.game_id, options=self.options)

    def controls(self) -> dict:
        return dict(self.scene_class.controls) or {"a": "act", "up": "move", "down": "move",
                                                   "left": "move", "right": "move"}

    def control_label(self, device, action) -> str:
        """What `device` presses for a control of the scene's `controls`: one action, or a
        tuple of actions shown as one group (a zone's direction keys: "W A S D"; labels that
        share their first words, once: "Num 8 4 5 6", and without the directions they end in:
        "Right stick"; the four plain directions: "Arrows" on a zone, "D-pad" on a pad). ""
        when the device has none of them."""
        actions = (action,) if isinstance(action, str) else tuple(action)
        labels = []
        for a in actions:
            label = self.app.hub.label(device, a) if device else "-"
            if label != "-" and label not in labels:
                labels.append(label)
        if len(labels) == 4 and {label.lower() for label in labels} == set(DIRECTIONS):
            # the four plain directions: the arrow keys of a zone, a pad's d-pad (or stick)
            return "Arrows" if device in getattr(self.app.hub, "bindings", {}) else "D-pad"
        words = [label.split() for label in labels]
        common = []
        for group in zip(*words):
            if len(set(group)) > 1:
                break
            common.append(group[0])
        if len(labels) > 1 and common and all(len(w) > len(common) for w in words):
            rest = [" ".join(w[len(common):]) for w in words]
            if all(r.lower() in DIRECTIONS for r in rest):
                rest = []
            return " ".join(common + rest)
        return " ".join(labels)

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
        self.draw_controls_table(canvas, right, self.controls(), self.humans())
        look.hint(canvas, "A: got it    Start: skip    B: back to the lobby")

    def draw_controls_table(self, canvas, rect, controls: dict, humans) -> None:
        """One row per action, one column per human seat: every player finds their own key
        for everything the game uses, however many people are seated."""
        look.panel(canvas, rect)
        meaning_w = 230
        col_w = (rect.width - meaning_w - 40) // max(1, len(humans))
        row_h = min(76, (rect.height - 120) // max(1, len(controls)))
        first_col = rect.left + 20 + meaning_w
        for i, seat in enumerate(humans):
            cx = first_col + i * col_w + col_w // 2
            look.draw_shape(canvas, seat.shape, (cx, rect.top + 42), 24, seat.colour,
                            outline=look.INK)
            ready = seat.index in self.done
            look.text(canvas, "ready" if ready else self.app.device_glyph(seat.device),
                      (cx, rect.top + 72), look.SMALL, look.GOOD if ready else look.MUTED,
                      "midtop")
        rows = [(action, meaning) for action, meaning in controls.items()
                if not humans or any(self.control_label(s.device, action) for s in humans)]
        for row, (action, meaning) in enumerate(rows):
            y = rect.top + 120 + row * row_h
            look.text(canvas, meaning, (rect.left + 24, y + 22), look.SMALL,
                      look.TEXT, "midleft")
            for i, seat in enumerate(humans):
                label = self.control_label(seat.device, action)
                if not label:
                    continue  # this device has no such button (a zone has no second stick)
                width = look.font(look.SMALL).size(label)[0] + 24
                cx = first_col + i * col_w + col_w // 2
                look.keycap(canvas, (cx - width // 2, y), label)
