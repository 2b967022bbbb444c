"""The game clock of a game scene: game time in ms as a function of the app's clock stamps.

    clock = GameClock(start_ns)   # game time 0 at start_ns, running
    clock.ms(t_ns)                # game time at the stamp t_ns (float ms), past stamps included
    clock.stop(at_ns)             # stands still from at_ns (the scene is covered: pause)
    clock.run(at_ns)              # runs on from at_ns, from where it stood
    clock.hold(ms)                # stands still at game time `ms` from the moment it showed it
    clock.ns_at(ms)               # the stamp at which the clock as it runs now reads `ms`
    clock.held / clock.running

Why a history of segments and not one origin: stamps arrive after the fact (a press is stamped
when it is read, handed over later, and applied in stamp order later still), so a stamp must be
turned into game time by the clock as it was AT that stamp, not as it is when the press is
handled. A reveal is the case that needs it: when a stimulus is revealed at game time R, game
time stands still at R until the flip that shows it returns, and runs on from there. `hold(R)`
takes effect from the wall moment the running clock read R, so every press stamped before the
stimulus was on screen maps to R (0 ms after it) and none maps past it.
"""

from __future__ import annotations

MS = 1_000_000
KEEP = 64  # segments kept: stamps older than the last few pauses and reveals are never asked for


class GameClock:
    def __init__(self, start_ns: int, start_ms: float = 0.0):
        # (start_ns, ms at start_ns, running): each segment lasts until the next one starts.
        self._segments: list[tuple[int, float, bool]] = [(start_ns, float(start_ms), True)]

    @property
    def running(self) -> bool:
        return self._segments[-1][2]

    def ms(self, t_ns: int) -> float:
        """Game time at the stamp t_ns (a stamp before the first segment reads its start)."""
        for start, ms, running in reversed(self._segments):
            if t_ns >= start:
                return ms + (t_ns - start) / MS if running else ms
        return self._segments[0][1]

    def ns_at(self, ms: float) -> int:
        """The stamp at which the clock, running as it runs now, reads `ms` (for tests and
        benches that make an input at a chosen game time)."""
        start, at, _ = self._segments[-1]
        return start + int(round((ms - at) * MS))

    def stop(self, at_ns: int) -> None:
        if self.running:
            self._add(at_ns, self.ms(at_ns), False)

    def run(self, at_ns: int) -> None:
        if not self.running:
            self._add(at_ns, self._segments[-1][1], True)

    def hold(self, ms: float) -> None:
        """Stand still at game time `ms` (<= now), from the wall moment the clock read it."""
        if not self.running:
            return  # already standing still: a reveal while held or paused changes nothing
        start, at, _ = self._segments[-1]
        self._add(start + int(max(0.0, ms - at) * MS), float(ms), False)

    def _add(self, at_ns: int, ms: float, running: bool) -> None:
        while len(self._segments) > 1 and self._segments[-1][0] >= at_ns:
            self._segments.pop()  # a change that reaches back replaces what came after it
        if self._segments[-1][0] >= at_ns:
            self._segments[-1] = (at_ns, ms, running)
        else:
            self._segments.append((at_ns, ms, running))
        del self._segments[:-KEEP]
