"""GenericScene: plays any registered game whose own scene is not written yet.

It draws the shared table view as plain lines and gives each human player a list of their legal
actions (Up/Down to choose, A to play it). Not pretty, but every game is playable (and testable
through the real loop) from the moment its rules module is registered.
"""

from __future__ import annotations

import dataclasses
import json

import pygame

from arcade import look

from .table import GameScene

MAX_LINES = 14


def action_text(action) -> str:
    fields = [f"{getattr(action, f.name)}" for f in dataclasses.fields(action)]
    return type(action).__name__ + (" " + " ".join(fields) if fields else "")


class GenericScene(GameScene):
    controls = {"up": "previous action", "down": "next action", "a": "play it"}

    rules = ["This game has no table of its own yet: pick your move from the list with "
             "Up/Down and play it with A."]

    def setup(self) -> None:
        self.cursor = {p: 0 for p in range(self.players)}

    def press_to_action(self, p, press):
        if not press.down:
            return None
        legal = self.state.legal_actions(p)
        if not legal:
            return None
        if press.action in ("up", "down"):
            self.cursor[p] = (self.cursor[p] + (1 if press.action == "down" else -1)) % len(legal)
            self.sound("move")
            return None
        if press.action == "a":
            return legal[min(self.cursor[p], len(legal) - 1)]
        return None

    def on_events(self, events) -> None:
        self.sound("card_flip")

    def draw_table(self, canvas, view) -> None:
        table = pygame.Rect(look.SAFE.left, look.SAFE.top, 1000, 760)
        look.felt(canvas, table)
        look.text(canvas, self.info.name, (table.x + 40, table.y + 30), look.LARGE, look.TEXT)
        look.text(canvas, self.turn_text(), (table.x + 40, table.y + 96), look.BODY, look.ACCENT)
        y = table.y + 160
        for key, value in list(view.items())[:MAX_LINES]:
            line = f"{key}: {json.dumps(value, separators=(',', ':'))}"
            if len(line) > 56:
                line = line[:53] + "..."
            look.text(canvas, line, (table.x + 40, y), look.SMALL, look.TEXT)
            y += 40
        x = table.right + 40
        y = look.SAFE.top
        for p in self.humans():
            legal = self.state.legal_actions(p)
            seat = self.seats[p]
            look.text(canvas, seat.name, (x, y), look.BODY, seat.colour)
            y += 50
            if not legal:
                look.text(canvas, "waiting", (x + 20, y), look.SMALL, look.MUTED)
                y += 44
            start = max(0, min(self.cursor[p] - 2, len(legal) - 4))
            for i in range(start, min(len(legal), start + 4)):
                chosen = i == self.cursor[p]
                look.text(canvas, ("> " if chosen else "  ") + action_text(legal[i])[:34],
                          (x + 20, y), look.SMALL, look.ACCENT if chosen else look.TEXT)
                y += 40
            y += 16
            if y > look.SAFE.bottom - 200:
                break
