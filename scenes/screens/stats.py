"""Statistics: one profile's reaction times of one kind, over weeks, against a published norm.

    manager.push("stats", profile=None, kind=None)   (the first profile and its first kind)

Any device drives it: Left/Right the profile, Up/Down the kind, X renames the profile, Y
deletes it (after a confirm: scenes/screens/profile.py), B goes back.

On screen: the median of each session over time (a chart, dates along the bottom), the latest
session's right answers as a histogram with the kind's published norm drawn over it (the
spread of people's typical times, game/norms.py), the personal bests, and where the latest
session's median stands against the norm as a percentile ("faster than 71 % of people"),
naming the norm and what its times include. Times are shown less the TV lag (said at the
top, scenes/practice/lag.py); the percentile uses the uncorrected median, because the norms'
times include their own devices' lag. Works with no profiles and with no records.

Everything is read from the store (shell.stats) when the screen opens or the profile or kind
changes, never per frame.
"""

from __future__ import annotations

import math
import statistics
import time

import pygame

from game import drills, norms
from game.words import plural
from shell import look, paint

from ..base import Scene
from ..practice import lag
from ..widgets import down, is_press

KIND_LABELS = {d.kind: d.name for d in drills.DRILLS.values()}
KIND_LABELS.update({"slap": "Slaps (drill and game)", "grab": "Flotter Otter: grabs",
                    "first_box": "Flotter Otter: first box"})
KIND_ORDER = [d.kind for d in drills.DRILLS.values()] + ["grab", "first_box"]
TOP = look.SAFE.top + 190
CHART = pygame.Rect(look.SAFE.left, TOP, 1010, 470)
HISTOGRAM = pygame.Rect(CHART.right + 24, TOP, look.SAFE.right - CHART.right - 24, 470)
FACTS = pygame.Rect(look.SAFE.left, CHART.bottom + 20, look.SAFE.width,
                    look.SAFE.bottom - 60 - CHART.bottom - 20)


def kind_label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind.replace("_", " ").capitalize())


def date_text(when: float) -> str:
    t = time.localtime(when)
    return f"{t.tm_mday} {time.strftime('%b', t)}"


def nice_step(span: float, parts: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) that cuts `span` into about `parts`."""
    raw = max(span / max(1, parts), 1e-9)
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def histogram(times: list, bins: int = 12) -> tuple[float, float, list]:
    """(first edge, bin width, counts) of `times` over about `bins` round-width bins."""
    low, high = min(times), max(times)
    width = max(10.0, nice_step(high - low, bins))
    first = math.floor(low / width) * width
    counts = [0] * (int((high - first) // width) + 1)
    for t in times:
        counts[int((t - first) // width)] += 1
    return first, width, counts


class StatsScene(Scene):
    def enter(self, profile: int | None = None, kind: str | None = None, **kw) -> None:
        self.profile_id = profile
        self.kind = kind
        self.load()

    def can_rest(self) -> bool:
        return True  # only input changes this menu

    def resume(self) -> None:
        self.load()  # a profile may have been renamed or deleted

    @property
    def stats(self):
        return getattr(self.app, "stats", None)

    def load(self) -> None:
        """Read what the screen shows for the chosen profile and kind (keeps the choice where it
        still exists)."""
        stats = self.stats
        self.lag = lag.video_lag(self.app.settings)
        self.profiles = stats.profiles() if stats is not None else []
        ids = [p.id for p in self.profiles]
        if self.profile_id not in ids:
            self.profile_id = ids[0] if ids else None
        self.kinds, self.history, self.latest, self.best = [], [], [], None
        if self.profile_id is None:
            return
        found = stats.kinds(self.profile_id)
        self.kinds = sorted(found, key=lambda k: (KIND_ORDER.index(k) if k in KIND_ORDER
                                                  else len(KIND_ORDER), k))
        if self.kind not in self.kinds:
            self.kind = self.kinds[0] if self.kinds else None
        if self.kind is None:
            return
        self.history = stats.history(self.profile_id, self.kind)
        self.latest = stats.latest_times(self.profile_id, self.kind)
        self.best = stats.bests(self.profile_id).get(self.kind)

    @property
    def profile(self):
        return next((p for p in self.profiles if p.id == self.profile_id), None)

    # -- figures --------------------------------------------------------------------------------
    def percentile(self) -> tuple[float, float, norms.Norm] | None:
        """(percentile, uncorrected median, norm) of the latest session, or None when the kind
        has no published norm or no time."""
        norm = norms.norm_for(self.kind) if self.kind else None
        timed = [s for s in self.history if s.median_ms is not None]
        if norm is None or not timed:
            return None
        median = timed[-1].median_ms
        return norm.percentile(median), median, norm

    def lines(self) -> list[str]:
        """The facts under the charts, as the screen shows them."""
        if self.profile is None:
            return ["No profiles yet. Make one at a seat: Start in the lobby or in Practice."]
        if self.kind is None:
            return [f"No reaction times for {self.profile.name} yet: play a drill in Practice."]
        ms = lambda v: f"{lag.shown(v, self.lag):.0f} ms"  # noqa: E731
        out = []
        if self.best is not None:
            out.append(f"Personal bests: fastest {ms(self.best.ms)} ({date_text(self.best.when)})"
                       f",  best session median {ms(self.best.median_ms)} "
                       f"({date_text(self.best.median_when)})")
        last = self.history[-1]
        right = f"{last.correct} of {last.count} right" if last.count else "no trials"
        early = f", {last.false_starts} too soon" if last.false_starts else ""
        median = ms(last.median_ms) if last.median_ms is not None else "-"
        out.append(f"Latest session ({date_text(last.started)}): median {median}, {right}{early}"
                   f"  -  {plural(len(self.history), 'session')} in all")
        found = self.percentile()
        if found is None:
            out.append(f"No published norm to compare {kind_label(self.kind).lower()} with.")
        else:
            pct, raw, norm = found
            out.append(f"Latest median, uncorrected {raw:.0f} ms: faster than {pct:.0f} % of "
                       f"people ({norm.label}, median {norm.median:.0f} ms)")
            out.append(f"The norm's times include {norm.includes}.")
        return out

    # -- input ----------------------------------------------------------------------------------
    def handle(self, item) -> None:
        if not is_press(item) or not down(item):
            return
        action = item.action
        if action in ("b", "back"):
            self.back()
        elif action in ("left", "right") and len(self.profiles) > 1:
            ids = [p.id for p in self.profiles]
            step = 1 if action == "right" else -1
            self.profile_id = ids[(ids.index(self.profile_id) + step) % len(ids)]
            self.app.audio.play("move")
            self.load()
        elif action in ("up", "down") and len(self.kinds) > 1:
            step = 1 if action == "down" else -1
            self.kind = self.kinds[(self.kinds.index(self.kind) + step) % len(self.kinds)]
            self.app.audio.play("move")
            self.load()
        elif action in ("x", "y") and self.profile_id is not None:
            self.app.manager.push("profile", mode="rename" if action == "x" else "delete",
                                  profile=self.profile_id)

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.background(canvas)
        profile = self.profile
        arrows = len(self.profiles) > 1
        name = profile.name if profile is not None else "Statistics"
        look.title(canvas, f"<  {name}  >" if arrows else name)
        if self.kind is not None:
            kinds = f"<  {kind_label(self.kind)}  >" if len(self.kinds) > 1 else \
                kind_label(self.kind)
            look.text(canvas, kinds, (look.CENTER[0], look.SAFE.top + 96), look.LARGE,
                      look.ACCENT, "midtop")
        note = lag.note(self.lag)
        if note:
            look.text(canvas, note, (look.CENTER[0], look.SAFE.top + 150), look.SMALL,
                      look.ACCENT, "midtop")
        if self.kind is not None:
            self.draw_chart(canvas)
            self.draw_histogram(canvas)
        y = FACTS.top + 10 if self.kind is not None else look.CENTER[1] - 40
        for line in self.lines():
            size = look.BODY if self.kind is None else look.SMALL
            anchor = "midtop" if self.kind is None else "topleft"
            x = look.CENTER[0] if self.kind is None else FACTS.left + 10
            look.text(canvas, line, (x, y), size, look.TEXT, anchor)
            y += 44
        if profile is not None:
            self.draw_hint(canvas, [(("left", "right"), "profile"), (("up", "down"), "kind"),
                                    ("x", "rename"), ("y", "delete"), ("b", "back")])
        else:
            self.draw_hint(canvas, [("b", "back")])

    def draw_chart(self, canvas) -> None:
        """The median of every session over time (less the TV lag)."""
        look.panel(canvas, CHART)
        look.text(canvas, "Median per session, ms", (CHART.left + 24, CHART.top + 14),
                  look.SMALL, look.MUTED)
        points = [(s.started, lag.shown(s.median_ms, self.lag)) for s in self.history
                  if s.median_ms is not None]
        if not points:
            return
        plot = pygame.Rect(CHART.left + 120, CHART.top + 70, CHART.width - 160,
                           CHART.height - 140)
        values = [v for _, v in points]
        step = nice_step(max(values) - min(values) or 50, 4)
        low = math.floor(min(values) / step) * step
        high = max(low + step, math.ceil(max(values) / step) * step)
        t0, t1 = points[0][0], points[-1][0]

        def at(when, value):
            x = plot.centerx if t1 == t0 else plot.left + (when - t0) / (t1 - t0) * plot.width
            return x, plot.bottom - (value - low) / (high - low) * plot.height

        grid = low
        while grid <= high + 1e-6:
            y = at(t0, grid)[1]
            paint.line(canvas, look.PANEL_EDGE, (plot.left, y), (plot.right, y), 2)
            look.text(canvas, f"{grid:.0f}", (plot.left - 14, y), look.SMALL, look.MUTED,
                      "midright")
            grid += step
        spots = [at(when, value) for when, value in points]
        if len(spots) > 1:
            paint.lines(canvas, look.ACCENT, False, spots, 4)
        best = min(values)
        for (x, y), value in zip(spots, values):
            paint.circle(canvas, look.GOOD if value == best else look.ACCENT, (x, y),
                         10 if value == best else 7)
        look.text(canvas, date_text(t0), (plot.left, plot.bottom + 16), look.SMALL, look.MUTED)
        if t1 != t0:
            look.text(canvas, date_text(t1), (plot.right, plot.bottom + 16), look.SMALL,
                      look.MUTED, "topright")

    def draw_histogram(self, canvas) -> None:
        """The latest session's right answers, with the norm's curve for the same count."""
        look.panel(canvas, HISTOGRAM)
        look.text(canvas, "Latest session", (HISTOGRAM.left + 24, HISTOGRAM.top + 14),
                  look.SMALL, look.MUTED)
        times = [lag.shown(t, self.lag) for t in self.latest]
        if not times:
            look.text(canvas, "no right answers", HISTOGRAM.center, look.BODY, look.MUTED,
                      "center")
            return
        norm = norms.norm_for(self.kind)
        first, width, counts = histogram(times)
        plot = pygame.Rect(HISTOGRAM.left + 30, HISTOGRAM.top + 70, HISTOGRAM.width - 60,
                           HISTOGRAM.height - 150)
        span_low, span_high = first, first + width * len(counts)
        if norm is not None:  # room for the norm's middle 96 %
            span_low = min(span_low, math.floor(norm.quantile(0.02) / width) * width)
            span_high = max(span_high, math.ceil(norm.quantile(0.98) / width) * width)
        curve = []
        if norm is not None:
            xs = [span_low + (span_high - span_low) * i / 60 for i in range(61)]
            curve = [(x, len(times) * width * norm.pdf(x)) for x in xs]
        top = max(max(counts), max((c for _, c in curve), default=0)) or 1
        scale_x = plot.width / (span_high - span_low)
        for i, n in enumerate(counts):
            if not n:
                continue
            left = plot.left + (first + i * width - span_low) * scale_x
            h = n / top * plot.height
            paint.rect(canvas, look.ACCENT, pygame.Rect(left + 2, plot.bottom - h,
                                                        max(2, width * scale_x - 4), h))
        if curve:
            pts = [(plot.left + (x - span_low) * scale_x, plot.bottom - c / top * plot.height)
                   for x, c in curve]
            paint.lines(canvas, look.WHITE, False, pts, 4)
        paint.line(canvas, look.MUTED, (plot.left, plot.bottom), (plot.right, plot.bottom), 2)
        look.text(canvas, f"{span_low:.0f}", (plot.left, plot.bottom + 12), look.SMALL,
                  look.MUTED)
        look.text(canvas, f"{span_high:.0f} ms", (plot.right, plot.bottom + 12), look.SMALL,
                  look.MUTED, "topright")
        if norm is not None:
            look.text(canvas, "line: the norm", (plot.centerx, plot.bottom + 12), look.SMALL,
                      look.TEXT, "midtop")
        median = statistics.median(times)
        look.text(canvas, f"median {median:.0f} ms", (HISTOGRAM.right - 24, HISTOGRAM.top + 14),
                  look.SMALL, look.TEXT, "topright")
