"""Flixo's options panel and its campaign, before the first turn.

The panel offers every human at the table Level 0-4 and, for 3-5 people, 3x3 or 3x4 displays,
and shows the campaign step of Levels 2-4. The last choice is kept in
settings["game_options"]["flixo"], the campaign in settings.progress("flixo")[table] =
{"level", "flixos", "beaten"} (table: "<people>:<rows>x<cols>"). The campaign's rules are the
core's (game.flixo.campaign_next); storing its step is this panel's job.
"""

from __future__ import annotations

import pygame

from game.flixo import INFO, MAX_FLIXOS, campaign_next, display_shape, people_of, setup_counts
from game.words import plural
from shell import look

from .layout import AREA

LEVEL_NAMES = {0: "Level 0 - to learn", 1: "Level 1", 2: "Level 2 (campaign)",
               3: "Level 3 (campaign: no -1)", 4: "Level 4 (campaign: no -1, 0)"}


class OptionsPanel:
    """The choice of level and display size for a table of `players`, and the campaign kept in
    `settings` (a shell Settings, or None: nothing is stored)."""

    def __init__(self, settings, players: int, given: dict):
        self.settings = settings if hasattr(settings, "set") else None
        self.players = players
        self.people = people_of(players)
        self.row = 0
        self.choice = self.preferred(given)

    # -- the campaign ------------------------------------------------------------------------
    def table_key(self, large: bool) -> str:
        rows, cols = display_shape(self.people, large)
        return f"{self.people}:{rows}x{cols}"

    def progress(self, large: bool) -> dict:
        """The campaign step of this table: {"level", "flixos", "beaten"}."""
        stored = {}
        if self.settings is not None:
            stored = self.settings.progress("flixo").get(self.table_key(large), {})
        step = {"level": 2, "flixos": 0, "beaten": False}
        if isinstance(stored, dict):
            step.update({k: stored[k] for k in step if k in stored})
        return step

    def save_progress(self, large: bool, step: dict) -> None:
        if self.settings is None:
            return
        all_steps = self.settings.progress("flixo")
        all_steps[self.table_key(large)] = step
        self.settings.set_progress("flixo", all_steps)

    def campaign_text(self, large: bool) -> str:
        step = self.progress(large)
        if step["beaten"]:
            return "Campaign beaten! Levels 2-4 replay from their start."
        try:
            start, _ = setup_counts(self.people, large, step["level"])
            count, _ = setup_counts(self.people, large, step["level"], step["flixos"])
        except ValueError:
            return ""
        return (f"Campaign step: Level {step['level']}, {count} Flixos "
                f"(from {start} up to {MAX_FLIXOS[step['level']]})")

    def record(self, options: dict, won: bool) -> str:
        """After a game of Levels 2-4: store the campaign's next step; returns a note for the
        end panel ("" for Levels 0-1 or when nothing is stored)."""
        level = options.get("level", 1)
        large = bool(options.get("large_displays", False))
        if level < 2 or self.settings is None:
            return ""
        nxt = campaign_next(options, self.players, won)
        if nxt is None:
            self.save_progress(large, {"level": 2, "flixos": 0, "beaten": True})
            return "Campaign beaten - FLIXO legends!"
        count, _ = setup_counts(self.people, large, nxt["level"], nxt["flixos"])
        self.save_progress(large, {"level": nxt["level"], "flixos": count, "beaten": False})
        if won:
            return f"Next campaign game: Level {nxt['level']} with {count} Flixos"
        return f"Campaign: try Level {nxt['level']} with {count} Flixos again"

    # -- the choice ----------------------------------------------------------------------------
    def preferred(self, given: dict) -> dict:
        """The options given to the scene, else the last chosen (settings), else the defaults."""
        last = {}
        if self.settings is not None:
            last = (self.settings.get("game_options", {}) or {}).get("flixo", {}) or {}
        level = given.get("level", last.get("level", INFO.default_options["level"]))
        large = bool(given.get("large_displays", last.get("large_displays", False)))
        return {"level": level if level in range(5) else 1, "large_displays": large}

    def options(self) -> dict | None:
        """Game options for the choice (Levels 2-4 at the campaign's step), or None when this
        table cannot play it."""
        level, large = self.choice["level"], self.choice["large_displays"]
        flixos = 0
        if level >= 2:
            step = self.progress(large)
            if step["level"] == level and not step["beaten"]:
                flixos = step["flixos"]
        options = {"level": level, "large_displays": large, "flixos": flixos}
        try:
            setup_counts(self.people, large, level, flixos)
        except ValueError:
            try:  # a stored count that no longer fits: the level's start
                setup_counts(self.people, large, level)
                options["flixos"] = 0
            except ValueError:
                return None
        return options

    def remember(self) -> None:
        """Keep the choice as the last one (settings["game_options"]["flixo"])."""
        if self.settings is not None:
            games = dict(self.settings.get("game_options", {}) or {})
            games["flixo"] = dict(self.choice)
            self.settings.set("game_options", games)

    def rows(self) -> list[str]:
        return ["level"] + (["large"] if self.people >= 3 else []) + ["start"]

    def press(self, action: str) -> str | None:
        """A direction or A on the panel: "moved" (the row changed), "changed" (the choice
        changed: show the new table), "start", or None (nothing to do)."""
        rows = self.rows()
        if action in ("up", "down"):
            self.row = (self.row + (1 if action == "down" else -1)) % len(rows)
            return "moved"
        if action in ("left", "right"):
            step = 1 if action == "right" else -1
            what = rows[self.row]
            if what == "level":
                self.choice["level"] = (self.choice["level"] + step) % 5
            elif what == "large":
                self.choice["large_displays"] = not self.choice["large_displays"]
            else:
                return None
            return "changed"
        if action == "a":
            return "start"
        return None

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, canvas, prompt) -> None:
        """The panel over the (dimmed) table; `prompt(canvas, pairs, pos)` draws (actions,
        meaning) pairs as the buttons of the person who will press them, centred at the bottom
        `pos` (the scene's draw_prompt)."""
        box = pygame.Rect(0, 0, 1040, 580)
        box.center = (AREA.centerx, AREA.centery)
        look.dim(canvas, 150)
        look.panel(canvas, box)
        look.text(canvas, "Flixo: choose the game", (box.centerx, box.y + 28), look.LARGE,
                  look.TEXT, "midtop")
        y = box.y + 120
        large = self.choice["large_displays"]
        for i, what in enumerate(self.rows()):
            if what == "level":
                label = f"<  {LEVEL_NAMES[self.choice['level']]}  >"
            elif what == "large":
                label = f"<  Displays: {'3x4 (large)' if large else '3x3'}  >"
            else:
                label = "Start!"
            look.button(canvas, pygame.Rect(box.x + 120, y, box.width - 240, 72), label,
                        selected=i == self.row, size=look.BODY)
            y += 92
        options = self.options()
        if options is None:
            info, colour = "Not possible at this table (no draw pile)", look.BAD
        else:
            count, _ = setup_counts(self.people, large, options["level"], options["flixos"])
            info, colour = f"{plural(count, 'Flixo')} hidden in {self.people} displays", look.ACCENT
        look.text(canvas, info, (box.centerx, y + 6), look.SMALL, colour, "midtop")
        look.text(canvas, self.campaign_text(large), (box.centerx, y + 48), look.SMALL,
                  look.MUTED, "midtop")
        prompt(canvas, [(("up", "down"), "choose"), (("left", "right"), "change"),
                        ("a", "start")], (box.centerx, box.bottom - 20))
