"""A reaction drill on the TV: the stage with the stimulus on top, one lane per player below.

A GameScene (scenes/game_scene.py) hosting a drill of game/drills.py, so a drill's time is
taken exactly like a game's: every press is stamped where it was read (shell/app.py, pads on
their own thread) and applied in stamp order (run_stream); the stimulus event is a reveal, so
game time stands at its onset until the flip that shows it returns, and a press's ms is its
stamp less that flip. Everyone at the TV sees the same stimulus at the same flip.

    manager.push("drill", game_id="simple", seats=None, seed=None, options={"trials": 15},
                 demo=False)

Buttons (each lane shows its player's own keys): simple and go/no-go: A; choice: A green,
B red, X blue, Y yellow (where they sit on a pad: the discs sit the same way); waybill: as in
Flotter Otter (A green, B orange, X blue, Y yellow, RB pink, Down undo, Up grab); slap: the
direction of the fly. Start pauses, holding Back hands the seat to a CPU, as in the games.

Times of a seat with a profile go to that profile (scenes/profiles.py: one "drill" session per
seat, kind = the drill's kind, raw ms, correct, false start); CPU seats and guests keep nothing.
The lanes show times less the TV lag (scenes/practice/lag.py) and the header says so. At the
end the summary (scenes/screens/practice.py) replaces the drill.
"""

from __future__ import annotations

import pygame

from game import drills
from shell import look, paint
from scenes.game_scene import GameScene
from scenes.games.flotter_otter.scene import (BOX_BUTTONS, GRAB_BUTTONS, UNDO_BUTTONS,
                                              lane_panel, short_key)
from scenes.games.flotter_otter import art as otter
from scenes.profiles import Sessions

from . import art, lag

STAGE_TOP = look.SAFE.top + 104
STAGE_H = {"waybill": 380}                       # (a waybill is short; its lanes hold stacks)
STAGE_H_DEFAULT = 500
LANE_GAP = 14
CHOICE_BUTTONS = ("a", "b", "x", "y")            # Respond(i): drills.CHOICE_COLOURS[i]
PLACE_BUTTONS = drills.PLACES                    # Respond(i): the fly at drills.PLACES[i]
VERDICT_WORDS = {"ok": None, "early": "too soon!", "anticipation": "too quick",
                 "wrong": "wrong", "lure": "no-go!", "miss": "missed", "held": "held back"}
VERDICT_COLOURS = {"ok": look.GOOD, "held": look.GOOD, "miss": look.MUTED,
                   "anticipation": look.ACCENT}
DOT_COLOURS = {"ok": look.GOOD, "held": look.GOOD, "miss": look.MUTED}


class DrillScene(GameScene):
    reveal_kinds = frozenset({"stimulus"})
    strip = False
    end_delay_ms = 1200
    reaction_label = "ms from the stimulus on screen, right answers only"

    def game_info(self):
        return drills.INFOS[self.game_id]

    def setup(self) -> None:
        self.drill = drills.DRILLS[self.game_id]
        self.records: list = []  # every result, as the trial_over events told them
        self.sessions = Sessions(self.app, "drill", self.game_id)
        self.lag = lag.video_lag(getattr(self.app, "settings", None))
        n = self.players
        self.stage = pygame.Rect(look.SAFE.left, STAGE_TOP, look.SAFE.width,
                                 STAGE_H.get(self.game_id, STAGE_H_DEFAULT))
        top = self.stage.bottom + 16
        width = (look.SAFE.width - LANE_GAP * (n - 1)) // n
        self.lanes = [pygame.Rect(look.SAFE.left + p * (width + LANE_GAP), top, width,
                                  look.SAFE.bottom - top) for p in range(n)]
        self.caps = {p: self._caps(p) for p in range(n)}

    # -- input ----------------------------------------------------------------------------------
    def press_to_action(self, p: int, press):
        if not press.down:
            return None
        a, drill = press.action, self.game_id
        if drill in ("simple", "go_nogo"):
            return drills.Respond(0) if a == "a" else None
        if drill == "choice":
            return drills.Respond(CHOICE_BUTTONS.index(a)) if a in CHOICE_BUTTONS else None
        if drill == "slap":
            return drills.Respond(PLACE_BUTTONS.index(a)) if a in PLACE_BUTTONS else None
        if a in BOX_BUTTONS:
            return drills.PlaceBox(BOX_BUTTONS[a])
        if a in UNDO_BUTTONS:
            return drills.Undo()
        if a in GRAB_BUTTONS:
            return drills.Grab()
        return None

    def on_illegal(self, p, action, exc) -> None:
        if exc.rule in ("wait for the next trial", "already answered"):
            return  # a press between trials, or a second one: nothing to say
        super().on_illegal(p, action, exc)

    # -- events -----------------------------------------------------------------------------------
    def on_events(self, events) -> None:
        # No sound marks a stimulus: a sound would make a visual drill an auditory one.
        for e in events:
            if e.kind == "answer" and e.data["verdict"] == "early":
                self.sound("error")
            elif e.kind == "box_placed":
                self.sound("box_drop")
            elif e.kind == "trial_over":
                for result in e.data["results"]:
                    self.record(result)
                self.sound("move")
            elif e.kind == "drill_over":
                self.sound("win")

    def record(self, result: dict) -> None:
        """One player's result of a trial: for the summary, and to the seat's profile."""
        self.records.append(result)
        p = result["player"]
        if result["ms"] is not None and not result["false_start"]:
            self.reactions.setdefault(p, []).append((float(result["ms"]), result["correct"]))
        if p in self.bots or self.demo:
            return
        self.sessions.add(self.seats[p], self.drill.kind, result["ms"], result["correct"],
                          result["false_start"])

    def finish(self) -> None:
        self.app.manager.replace(
            "practice_summary", drill_id=self.game_id, seats=self.seats,
            records=list(self.records), cpus=set(self.bots), options=self.options,
            sessions=dict(self.sessions.ids), demo=self.demo)

    # -- drawing ----------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.background(canvas)
        self.draw_table(canvas, self.view())
        for p, text, _ in self.flashes:
            rect = self.lanes[p]
            look.flash_above(canvas, pygame.Rect(rect.left, rect.top + 20, rect.width, 10), text)

    def draw_table(self, canvas, view) -> None:
        top = look.SAFE.top
        look.text(canvas, self.drill.name, (look.SAFE.left, top), look.LARGE, look.TEXT)
        if 0 <= view["trial"] < view["trials"]:
            look.text(canvas, f"Trial {view['trial'] + 1} of {view['trials']}",
                      (look.SAFE.right, top + 8), look.BODY, look.TEXT, "topright")
        look.text(canvas, self.drill.pitch, (look.SAFE.left, top + 62), look.SMALL, look.MUTED)
        corner = "DEMO - press any button to play" if self.demo else lag.note(self.lag)
        if corner:
            look.text(canvas, corner, (look.SAFE.right, top + 62), look.SMALL, look.ACCENT,
                      "topright")
        art.stimulus(canvas, self.stage, view, self.seats)
        for p in range(self.players):
            self.draw_lane(canvas, view, p)

    def draw_lane(self, canvas, view, p: int) -> None:
        rect, seat = self.lanes[p], self.seats[p]
        wide = rect.width >= 300
        paint.blit(canvas, lane_panel(rect.size, seat.colour), rect)
        icon = look.shape_icon(seat.shape, seat.colour, 20)
        paint.blit(canvas, icon, paint.get_rect(icon, center=(rect.left + 34, rect.top + 32)))
        room = rect.width - 74 - (80 if wide else 0)
        name, size = look.name_fit(seat.name, room)
        look.text(canvas, name, (rect.left + 62, rect.top + 32), size, look.TEXT, "midleft")
        if wide:
            look.keycap(canvas, (rect.right - 84, rect.top + 12), self.glyph(p)[:3])
        words, colour = self.result_words(view, p)
        if words:
            look.text(canvas, words, (rect.centerx, rect.top + 96), look.LARGE if wide else
                      look.BODY, colour, "center")
        if self.game_id == "waybill":
            self.draw_stack(canvas, view, p)
        else:
            self.draw_figures(canvas, view, p)
        self.draw_caps(canvas, p)

    def glyph(self, p: int) -> str:
        return "CPU" if p in self.bots else self.app.device_glyph(self.seats[p].device)

    def result_words(self, view, p: int) -> tuple[str, tuple]:
        """What the lane's big line says: the player's result once the trial is over (a false
        start at once); nothing while the stimulus is up (a lane that changes would cue the
        others)."""
        me = view["players"][p]
        if view["phase"] == "fore" and me["verdict"] == "early":
            return VERDICT_WORDS["early"], look.BAD
        if view["phase"] != "shown" or not view["results"]:
            return "", look.TEXT
        result = view["results"][p]
        verdict = result["verdict"]
        words = VERDICT_WORDS[verdict]
        if verdict in ("ok", "wrong", "anticipation") and result["ms"] is not None:
            ms = f"{lag.shown(result['ms'], self.lag):.0f} ms"
            words = ms if verdict == "ok" else f"{words} {ms}"
        return words, VERDICT_COLOURS.get(verdict, look.BAD)

    def draw_figures(self, canvas, view, p: int) -> None:
        rect = self.lanes[p]
        wide = rect.width >= 300
        cx = rect.centerx
        history = view["history"][p]
        records = [{"ms": ms, "verdict": v, "false_start": v == "early",
                    "anticipation": v == "anticipation", "correct": v in ("ok", "held"),
                    "player": p} for ms, v in history]
        figures = drills.figures(records)
        y = rect.top + 140
        if figures["median_ms"] is not None:
            median = lag.shown(figures["median_ms"], self.lag)
            look.text(canvas, f"median {median:.0f} ms" if wide else f"{median:.0f} ms",
                      (cx, y), look.BODY if wide else look.SMALL, look.TEXT, "midtop")
        if self.game_id == "slap":
            return  # (the keys' cross needs the room)
        if figures["count"] or figures["false_starts"]:
            line = f"{figures['correct']} of {figures['count']} right"
            if figures["false_starts"]:  # (a red dot with no trial counted: say what it was)
                line += f", {figures['false_starts']} too soon"
            look.text(canvas, look.fit_text(line, look.SMALL, rect.width - 20), (cx, y + 46),
                      look.SMALL, look.MUTED, "midtop")
        x0, y, step = rect.left + 20, y + 92, 24
        per_row = max(1, (rect.width - 40) // step)
        for i, (_, verdict) in enumerate(history):
            at = (x0 + (i % per_row) * step + 9, y + (i // per_row) * step + 9)
            paint.circle(canvas, DOT_COLOURS.get(verdict, look.BAD), at, 9)

    def draw_stack(self, canvas, view, p: int) -> None:
        rect = self.lanes[p]
        stack = view["players"][p]["stack"]
        w, h = int(min(130, rect.width * 0.6)), 40
        floor = rect.bottom - 116
        for i, colour in enumerate(stack):
            box = otter.box_surface(colour, w, h)
            paint.blit(canvas, box, (rect.centerx - w // 2, floor - (i + 1) * (h + 2)))
        paint.line(canvas, look.mix(self.seats[p].colour, look.WHITE, 0.3),
                   (rect.left + 12, floor + 2), (rect.right - 12, floor + 2), 4)

    # -- keys -------------------------------------------------------------------------------------
    def _caps(self, p: int) -> list:
        """(label, fill, word) key caps for player p's own buttons ([] for a CPU)."""
        if self.seats[p].cpu or not self.seats[p].device:
            return []
        label = lambda action: short_key(self.key_label(p, action))  # noqa: E731
        drill = self.game_id
        if drill in ("simple", "go_nogo"):
            return [(label("a"), look.CARD, "press")]
        if drill == "choice":
            return [(label(a), art.CHOICE_RGB[c], None)
                    for a, c in zip(CHOICE_BUTTONS, drills.CHOICE_COLOURS)]
        if drill == "slap":
            return [(label(a), look.CARD, a) for a in PLACE_BUTTONS]
        caps = [(label(a), otter.BOX_RGB[c], None) for a, c in BOX_BUTTONS.items()
                if a != "right"]
        return caps + [(label(UNDO_BUTTONS[0]), look.CARD, "undo"),
                       (label(GRAB_BUTTONS[0]), look.CARD, "grab")]

    def draw_caps(self, canvas, p: int) -> None:
        rect = self.lanes[p]
        caps = self.caps.get(p) or []
        if not caps:
            look.text(canvas, f"CPU {self.seats[p].cpu or ''}", (rect.centerx, rect.bottom - 24),
                      look.SMALL, look.MUTED, "center")
            return
        if self.game_id == "slap":  # a cross of keys, like the flies around the card
            cells = {a: (label, fill) for label, fill, a in caps}
            cx, cy = rect.centerx, rect.bottom - 78
            for action, (dx, dy) in art.PLACE_SPOT.items():
                label, fill = cells[action]
                w = look.font(look.SMALL).size(label)[0] + 20
                box = pygame.Rect(0, 0, w, 40)
                box.center = (cx + dx * max(56, w // 2 + 30), cy + dy * 46)
                art.key_cap(canvas, box, label, fill)
            return
        x, y = rect.left + 12, rect.bottom - 54
        rows = [[c for c in caps if c[2] is None or c[2] == "press"],
                [c for c in caps if c[2] not in (None, "press")]]
        if rows[1]:
            y -= 50
        for row in rows:
            x = rect.left + 12
            for label, fill, word in row:
                w = look.font(look.SMALL).size(label)[0] + 20
                ww = look.font(look.SMALL).size(word)[0] + 10 if word else 0
                if x + w + ww > rect.right - 8 and x > rect.left + 12:
                    break
                art.key_cap(canvas, pygame.Rect(x, y, w, 42), label, fill)
                if word:
                    look.text(canvas, word, (x + w + 8, y + 21), look.SMALL, look.TEXT,
                              "midleft")
                x += w + ww + 10
            y += 50


SCENE = DrillScene
