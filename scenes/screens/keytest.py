"""Keyboard test: players mash their zone's keys together and see which combinations the
keyboard drops. Cheap keyboards "ghost": with some keys held, another key sends no event.

Each zone's keys are drawn as key caps, lit while the keyboard reports them held (the input
hub's own view, InputHub.zone_held), so a key pressed but dark is a dropped key. A key that never
arrives cannot be told from a key not pressed, so the test asks each zone to hold one
combination the games need (CHALLENGE: a direction pair plus two buttons); once a zone holds at
least all but one of them steadily, the missing ones are listed as dropped for that zone. It
also shows the most keys seen held at once per zone and over all zones. Escape (or B on a pad)
leaves.
"""

from __future__ import annotations

import pygame

from shell import look, paint
from shell.input import KEYBOARD_ZONES, ZONE_NAMES

from ..base import Scene
from ..widgets import down

# The combination each zone is asked to hold: what the games need at once (move + act).
CHALLENGE = ("up", "left", "a", "b")
SETTLE_MS = 900  # a combination must stay the same this long before it is judged


class KeyTestScene(Scene):
    escape_goes_back = True  # Escape goes back, as B does

    def enter(self, **kw) -> None:
        self.best = {zone: 0 for zone in KEYBOARD_ZONES}
        self.best_all = 0
        self.verdicts: dict[str, str] = {}
        self.last_combo: dict[str, tuple] = {}
        self.stable_ms: dict[str, float] = {zone: 0.0 for zone in KEYBOARD_ZONES}

    def handle(self, item) -> None:
        if down(item, "b") and not item.device.startswith("kb"):  # a pad's (or phone's) B
            self.app.manager.pop()

    def update(self, dt_ms: float) -> None:
        total = 0
        for zone in KEYBOARD_ZONES:
            held = [a for a, _, on in self.app.hub.zone_held(zone) if on]
            total += len(held)
            self.best[zone] = max(self.best[zone], len(held))
            combo = tuple(sorted(held))
            if combo == self.last_combo.get(zone):
                self.stable_ms[zone] += dt_ms
            else:
                self.last_combo[zone] = combo
                self.stable_ms[zone] = 0.0
            lit = set(held) & set(CHALLENGE)
            if self.stable_ms[zone] >= SETTLE_MS and len(lit) >= len(CHALLENGE) - 1:
                missing = [a for a in CHALLENGE if a not in lit]
                self.verdicts[zone] = ("all keys arrive" if not missing
                                       else "dropped: " + ", ".join(missing))
        self.best_all = max(self.best_all, total)

    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, "Keyboard test")
        look.text(canvas, "Everybody: hold the four outlined keys of your zone together. "
                  "A key that stays dark was dropped.", (look.CENTER[0], look.SAFE.top + 110),
                  look.SMALL, look.MUTED, "midtop")
        colw = look.SAFE.width // len(KEYBOARD_ZONES)
        for z, zone in enumerate(KEYBOARD_ZONES):
            x = look.SAFE.left + z * colw + 16
            y = look.SAFE.top + 180
            look.text(canvas, ZONE_NAMES[zone], (x, y), look.BODY, look.ACCENT)
            y += 60
            for action, label, on in self.app.hub.zone_held(zone):
                rect = pygame.Rect(x, y, colw - 40, 46)
                colour = look.GOOD if on else look.PANEL
                paint.rect(canvas, colour, rect, border_radius=12)
                if action in CHALLENGE:
                    paint.rect(canvas, look.ACCENT, rect, width=3, border_radius=12)
                look.text(canvas, f"{action}: {label}", (rect.x + 14, rect.centery), look.SMALL,
                          look.INK if on else look.TEXT, "midleft")
                y += 52
            y += 10
            look.text(canvas, f"most at once: {self.best[zone]}", (x, y), look.SMALL, look.TEXT)
            verdict = self.verdicts.get(zone)
            if verdict:
                look.text(canvas, verdict, (x, y + 40), look.SMALL,
                          look.GOOD if verdict.startswith("all") else look.BAD)
        hint = self.draw_hint(canvas, [("escape", "back")], devices=["kb1"])
        pads = [d for d in self.prompt_devices() if self.app.hub.family(d) != "keys"]
        if pads:  # (a pad or phone pressed last: its B leaves too)
            self.draw_hint(canvas, [("b", "back")], devices=pads,
                           pos=(look.SAFE.right, look.SAFE.bottom), anchor="bottomright")
        look.text(canvas, f"Most keys held at once, all zones: {self.best_all}",
                  (look.SAFE.left, look.SAFE.bottom), look.SMALL, look.TEXT, "bottomleft")
