"""One timeline per game scene: what the table shows, one thing after another.

The rules core changes a state at once; the TV catches up over a second or two (a card flies,
a car glides along the track, a line of cards leaves the display). A scene writes that as steps
on a Timeline, on its animation clock (GameScene.anim_ms, which runs only while the scene is on
top), and draws what is playing:

    t = tl.next_start(now)                     # when a new step may start: now, or after the last
    step = tl.add(t, 600, "glide", car=3, src=(1, 0), dst=(4, 2))   # a step of 600 ms
    tl.cue(t, "card_flip")                     # a sound (or any callable) at a moment
    tl.cue(t + 600, lambda: ...)
    for step, k in tl.playing(now, "glide"):   # steps running now, k = eased progress 0..1
    tl.busy(now)                               # anything still to come?
    for cue in tl.due(now): ...                # cues whose moment has come (each once)

GameScene owns one (`self.timeline`), fires its cues in `update` (a str cue is a sound name),
and its `busy()` is the timeline's: turn-based CPU players wait for the table to settle, the end
of a game waits before the results, and a human's A may skip the rest of a wait (a_ends_wait).
Real-time games never wait on it: time decides there, the timeline only draws.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field


def linear(k: float) -> float:
    return k


def ease_out(k: float) -> float:
    """Fast, then settling (a card landing, a car braking)."""
    return 1 - (1 - k) ** 3


def ease_in_out(k: float) -> float:
    """Slow, fast, slow (a glide along the track)."""
    return 0.5 - 0.5 * math.cos(math.pi * k)


@dataclass
class Step:
    start: float
    end: float
    kind: str
    data: dict = field(default_factory=dict)
    ease: object = ease_in_out

    def progress(self, now: float) -> float:
        """Eased progress 0..1 at `now` (0 before the start, 1 after the end)."""
        if self.end <= self.start:
            return 1.0
        k = min(1.0, max(0.0, (now - self.start) / (self.end - self.start)))
        return self.ease(k)


class Timeline:
    def __init__(self):
        self.steps: list[Step] = []
        self._cues: list[tuple[float, int, object]] = []
        self._n = 0
        self.end = 0.0

    def next_start(self, now: float) -> float:
        """When a step that should follow everything already scheduled may start."""
        return max(now, self.end)

    def add(self, start: float, ms: float, kind: str, ease=ease_in_out, **data) -> Step:
        step = Step(start, start + max(0.0, ms), kind, data, ease)
        self.steps.append(step)
        self.end = max(self.end, step.end)
        return step

    def cue(self, at: float, what) -> None:
        """At `at`, hand `what` (a sound name, or a callable) to whoever asks for due cues."""
        self._n += 1
        bisect.insort(self._cues, (at, self._n, what))
        self.end = max(self.end, at)

    def hold(self, until: float) -> None:
        """Nothing new before `until` (a pause the table keeps after a step)."""
        self.end = max(self.end, until)

    def due(self, now: float) -> list:
        """The cues whose moment has come, in order; each is given out once."""
        out = []
        while self._cues and self._cues[0][0] <= now:
            out.append(self._cues.pop(0)[2])
        return out

    def playing(self, now: float, kind: str | None = None) -> list[tuple[Step, float]]:
        """(step, eased progress) of the steps that have started and not ended by `now`, of
        one kind or all; a step that ended is dropped once nothing comes after it."""
        if self.steps and not self.busy(now):
            self.steps = []
        return [(s, s.progress(now)) for s in self.steps
                if s.start <= now < s.end and (kind is None or s.kind == kind)]

    def last(self, now: float, kind: str) -> list[tuple[Step, float]]:
        """Steps of a kind that have started by `now`, ended or not (what a glide left behind
        is where the car now stands until the timeline is done)."""
        return [(s, s.progress(now)) for s in self.steps if s.start <= now and s.kind == kind]

    def busy(self, now: float) -> bool:
        return now < self.end

    def clear(self) -> None:
        self.steps.clear()
        self._cues.clear()
        self.end = 0.0
