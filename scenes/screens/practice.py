"""Practice: the menu of drills (with the seats of whoever practises), the summary after a
drill, and the attract mode's drills (`main.py demo practice`).

The menu ("practice"). Any device drives the list (Up/Down, A, B: back). A device takes a seat
with X (or by choosing a drill: the one who chooses always plays); Start picks the seat's
profile (scenes/screens/profile.py; a device that had one last time has it again at once);
Y adds a CPU rival, or takes the last one away; holding Back leaves the seat. Choosing a drill
starts it for every seat (scenes/practice/drill.py). The list also leads to the statistics
and the lag calibration. Beside the list: the drill's picture, what to do, and the seated
profiles' last medians in it.

The summary ("practice_summary"), per player: median, best and spread (interquartile range)
of the right answers, how many were right, false starts, anticipations, errors and misses, and
for a profile how the median compares with its own last sessions (game.drills.versus). Times
are shown less the TV lag and the screen says so. Again / Practice menu / Stats.

The demo ("practice_demo"): CPU players of mixed levels play one drill after another, each
followed by its summary, until a button is pressed (then the title).
"""

from __future__ import annotations

import pygame

from game import drills
from shell import look

from ..base import Scene
from ..practice import art, lag
from ..profiles import seat_joined
from ..widgets import Menu, down, is_press

DEMO_MS = 6000
DEMO_TRIALS = 10
DEMO_LEVELS = ("normal", "hard", "easy")
LAST_SESSIONS = 5  # the summary compares with this many of a profile's last sessions


def ms_text(ms, lag_ms: int = 0) -> str:
    return "-" if ms is None else f"{lag.shown(ms, lag_ms):.0f} ms"


def last_medians(stats, profile: int, kind: str, skip=()) -> list:
    """The session medians of a profile in a kind, oldest first, leaving out sessions `skip`
    (the one just played); [] when the store cannot say."""
    if stats is None or profile is None:
        return []
    try:
        return [s.median_ms for s in stats.history(profile, kind) if s.session not in skip]
    except Exception:  # a broken store only means no comparison
        return []


class PracticeScene(Scene):
    def enter(self, **kw) -> None:
        items = [(d.id, d.name) for d in drills.DRILLS.values()]
        items += [("stats", "Statistics"), ("calibrate", "Lag calibration"), ("back", "Back")]
        self.menu = Menu(items)
        self.message = ""
        self.lasts: dict = {}  # (profile, kind) -> last session's median
        self.refresh()

    def can_rest(self) -> bool:
        return True  # only input changes this menu

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """The seated profiles' last medians (read when something changed, never per frame)."""
        self.lasts = {}
        stats = getattr(self.app, "stats", None)
        for seat in self.app.seats.humans():
            for drill in drills.DRILLS.values():
                medians = last_medians(stats, seat.profile, drill.kind)
                if medians and medians[-1] is not None:
                    self.lasts[(seat.profile, drill.kind)] = medians[-1]

    # -- input ----------------------------------------------------------------------------------
    def join(self, device: str):
        seats = self.app.seats
        seat = seats.seat_of(device)
        if seat is None:
            seat = seats.join(device)
            if seat is None:
                self.message = "All eight seats are taken"
                self.app.audio.play("error")
                return None
            seat_joined(self.app, seat)
            self.app.audio.play("join")
            self.refresh()
        return seat

    def handle(self, item) -> None:
        if not is_press(item):
            return
        seats = self.app.seats
        if item.action == "leave" and item.seat is not None:
            seats.leave(item.seat)
            self.app.audio.play("leave")
            return
        if not down(item):
            return
        if item.action == "x":
            self.join(item.device)
            return
        if item.action == "start":
            seat = self.join(item.device)
            if seat is not None:
                self.app.manager.push("profile", seat=seat.index, device=item.device)
            return
        if item.action == "y":
            cpus = [s for s in seats.occupied() if s.is_cpu]
            if cpus:
                seats.leave(cpus[-1].index)
                self.app.audio.play("leave")
            elif seats.add_cpu(self.app.settings.get("cpu_level", "normal")) is not None:
                self.app.audio.play("join")
            return
        if self.menu_input(item, confirm=False) == "choose":
            self.choose(self.menu.key, item.device)

    def choose(self, key: str, device: str) -> None:
        if key == "back":
            self.back()
        elif key in ("stats", "calibrate"):
            self.app.audio.play("confirm")
            self.app.manager.push(key)
        elif key in drills.DRILLS:
            if self.join(device) is None:
                return
            self.app.audio.play("go")
            self.app.manager.push("drill", game_id=key)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, "Practice")
        top = look.SAFE.top + 120
        self.menu.draw(canvas, top, width=560, height=68, gap=14, x=look.SAFE.left + 280)
        panel = pygame.Rect(look.SAFE.left + 620, top, look.SAFE.right - look.SAFE.left - 620,
                            560)
        look.panel(canvas, panel)
        key = self.menu.key
        if key in drills.DRILLS:
            self.draw_drill(canvas, panel, drills.DRILLS[key])
        else:
            words = {"stats": "Reaction times over weeks, bests, and how they compare with "
                              "published norms.",
                     "calibrate": "Measure the TV's lag by tapping along to a flash (and the "
                                  "sound's, to a beat): shown times are corrected for it.",
                     "back": "Back to the title."}[key]
            look.paragraph(canvas, words, panel.inflate(-60, -60), look.BODY)
            note = lag.note(lag.video_lag(self.app.settings))
            if key == "calibrate" and note:
                look.text(canvas, f"Now: {note}", (panel.left + 30, panel.bottom - 60),
                          look.SMALL, look.ACCENT)
        self.draw_seats(canvas, pygame.Rect(panel.left, panel.bottom + 24, panel.width, 150))
        self.draw_hint(canvas, [(("up", "down"), "choose"), ("a", "start"), ("x", "join"),
                                ("start", "your profile"), ("y", "CPU rival"),
                                ("back", "hold: leave")])

    def draw_drill(self, canvas, panel, drill) -> None:
        picture = pygame.Rect(panel.left + 30, panel.top + 30, 460, 300)
        art.picture(canvas, picture, drill.id)
        text = pygame.Rect(picture.right + 30, panel.top + 30,
                           panel.right - picture.right - 60, 300)
        look.text(canvas, drill.name, text.topleft, look.LARGE, look.ACCENT)
        look.paragraph(canvas, drill.pitch, pygame.Rect(text.left, text.top + 76, text.width,
                                                         220), look.BODY)
        look.text(canvas, f"{drill.trials} trials", (text.left, picture.bottom - 40),
                  look.SMALL, look.MUTED)
        y = picture.bottom + 30
        lag_ms = lag.video_lag(self.app.settings)
        for seat in self.app.seats.humans()[:4]:
            last = self.lasts.get((seat.profile, drill.kind))
            if seat.profile is None:
                line = f"{seat.name}: no profile - times are not kept"
            elif last is None:
                line = f"{seat.name}: first time"
            else:
                line = f"{seat.name}: last median {ms_text(last, lag_ms)}"
            look.text(canvas, line, (panel.left + 30, y), look.SMALL, look.TEXT)
            y += 44
        note = lag.note(lag_ms)
        if note and any(seat.profile is not None for seat in self.app.seats.humans()):
            look.text(canvas, note, (panel.left + 30, y + 6), look.SMALL, look.ACCENT)

    def draw_seats(self, canvas, rect) -> None:
        seats = self.app.seats.occupied()
        if not seats:
            if self.message:
                look.text(canvas, self.message, rect.center, look.BODY, look.MUTED, "center")
                return
            rect2 = self.draw_hint(canvas, [("x", "take a seat (or just choose a drill)")],
                                   pos=rect.center, anchor="center", size=look.BODY)
            return
        x, y = rect.left, rect.top
        for seat in seats:
            glyph = "CPU" if seat.is_cpu else self.app.device_glyph(seat.device)
            badge = look.seat_badge(canvas, (x, y), seat, glyph)
            x = badge.right + 18
            if x > rect.right - 300:
                x, y = rect.left, y + look.BADGE_H + 12
            if y > rect.bottom:
                break


class PracticeSummaryScene(Scene):
    def enter(self, drill_id: str, seats, records, cpus=(), options=None, sessions=None,
              demo: bool = False, **kw) -> None:
        self.drill = drills.DRILLS[drill_id]
        self.seats = list(seats)
        self.records = list(records)
        self.cpus = set(cpus)
        self.options = dict(options or {})
        self.demo = demo
        self.t = 0.0
        self.lag = lag.video_lag(getattr(self.app, "settings", None))
        self.figures = [drills.figures(self.records, p) for p in range(len(self.seats))]
        skip = set((sessions or {}).values())
        stats = getattr(self.app, "stats", None)
        self.versus = {}
        for p, seat in enumerate(self.seats):
            if p in self.cpus or getattr(seat, "profile", None) is None:
                continue
            earlier = last_medians(stats, seat.profile, self.drill.kind, skip)
            self.versus[p] = drills.versus(self.figures[p]["median_ms"], earlier,
                                           LAST_SESSIONS)
        self.menu = Menu([("again", "Again"), ("menu", "Practice menu"), ("stats", "Statistics")])
        self.app.audio.play("win")

    def handle(self, item) -> None:
        if self.demo:
            if down(item):
                self.app.manager.reset("title")
            return
        if self.menu_input(item) == "choose":
            if self.menu.key == "again":
                self.app.manager.replace("drill", game_id=self.drill.id, options=self.options)
            elif self.menu.key == "stats":
                self.app.manager.replace("stats", kind=self.drill.kind, profile=next(
                    (s.profile for s in self.seats if getattr(s, "profile", None)), None))
            else:
                self.app.manager.pop()

    def update(self, dt_ms: float) -> None:
        self.t += dt_ms
        if self.demo and self.t >= DEMO_MS:
            self.app.manager.pop()

    def comparison(self, p: int) -> str:
        """The line under a player's row: how it compares, and what went wrong."""
        f = self.figures[p]
        parts = []
        if p in self.versus:
            found = self.versus[p]
            if found is None:
                parts.append("first time in this drill" if f["median_ms"] is not None
                             else "no right answer to compare")
            else:
                delta, n = found
                sessions = f"your last {n} sessions" if n > 1 else "your last session"
                if round(delta) == 0:
                    parts.append(f"as fast as {sessions}")
                else:
                    parts.append(f"{abs(delta):.0f} ms {'faster' if delta < 0 else 'slower'} "
                                 f"than {sessions}")
        elif p not in self.cpus:
            parts.append("no profile: not kept")
        for key, word in (("anticipations", "too quick"), ("errors", "wrong"),
                          ("misses", "missed")):
            if f[key]:
                parts.append(f"{f[key]} {word}")
        return "  -  ".join(parts)

    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, f"{self.drill.name}: results", size=look.TITLE)
        note = lag.note(self.lag) or \
            "times are not corrected for TV lag (Practice: Lag calibration)"
        look.text(canvas, note, (look.CENTER[0], look.SAFE.top + 100), look.SMALL,
                  look.ACCENT if self.lag else look.MUTED, "midtop")
        n = len(self.seats)
        top = look.SAFE.top + 160
        two_lines = n <= 4
        row = min(150 if two_lines else 96, (look.SAFE.bottom - 60 - top - 60) // max(1, n))
        table = pygame.Rect(look.SAFE.left, top, 1250, n * row + 64)
        look.panel(canvas, table)
        cols = {"Median": 470, "Best": 630, "Spread": 790, "Right": 950, "Too soon": 1080}
        for name, x in cols.items():
            look.text(canvas, name, (table.left + x, table.top + 14), look.SMALL, look.MUTED)
        timed = [f["median_ms"] for f in self.figures if f["median_ms"] is not None]
        y = table.top + 60
        for p, seat in enumerate(self.seats):
            f = self.figures[p]
            winner = n > 1 and timed and f["median_ms"] == min(timed)
            mid = y + (38 if two_lines else row // 2)
            glyph = "CPU" if p in self.cpus else self.app.device_glyph(seat.device)
            look.seat_badge(canvas, (table.left + 24, mid), seat, glyph, active=winner,
                            anchor="midleft")
            values = (ms_text(f["median_ms"], self.lag), ms_text(f["best_ms"], self.lag),
                      "-" if f["spread_ms"] is None else f"{f['spread_ms']:.0f} ms",
                      f"{f['correct']}/{f['count']}", str(f["false_starts"]))
            for (name, x), value in zip(cols.items(), values):
                colour = look.ACCENT if winner and name == "Median" else look.TEXT
                look.text(canvas, value, (table.left + x, mid), look.BODY, colour, "midleft")
            line = self.comparison(p)
            if two_lines and line:
                look.text(canvas, line, (table.left + 40, mid + 66), look.SMALL, look.MUTED,
                          "midleft")
            y += row
        look.text(canvas, "Median, best and spread (middle half) of the right answers",
                  (table.left + 24, table.bottom + 14), look.SMALL, look.MUTED)
        if self.demo:
            look.hint(canvas, "DEMO - press any button to play")
        else:
            self.menu.draw(canvas, top + 40, width=look.SAFE.right - table.right - 60,
                           x=(table.right + look.SAFE.right) // 2)
            self.draw_hint(canvas, [(("up", "down"), "choose"), ("a", "OK"), ("b", "back")],
                           pos=(look.SAFE.right, look.SAFE.bottom), anchor="bottomright",
                           max_width=look.SAFE.right - table.right - 20)

    def prompt_devices(self) -> list:
        """The people who practised (CPU rivals have no buttons)."""
        return [s.device for p, s in enumerate(self.seats) if p not in self.cpus
                and getattr(s, "device", None)] or super().prompt_devices()


class PracticeDemoScene(Scene):
    """Attract mode for practice: stays at the bottom of the stack, pushes one drill after
    another with CPU seats (DEMO_LEVELS) and demo=True (nothing is recorded)."""

    def enter(self, seed: int = 1, **kw) -> None:
        self.ids = list(drills.DRILLS)
        self.next = 0
        self.seed = seed
        self.start_next()

    def resume(self) -> None:
        self.start_next()

    def start_next(self) -> None:
        from shell.seats import Seats

        drill_id = self.ids[self.next % len(self.ids)]
        self.next += 1
        seats = Seats()
        for level in DEMO_LEVELS:
            seats.add_cpu(level)
        self.seed += 1
        self.app.manager.push("drill", game_id=drill_id, seats=seats.occupied(), seed=self.seed,
                              options={"trials": DEMO_TRIALS}, demo=True)

    def handle(self, item) -> None:
        if down(item):
            self.app.manager.reset("title")

    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, "Practice")
        look.hint(canvas, "DEMO - press any button to play")
