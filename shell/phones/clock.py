"""One phone's clock against the arcade's: NTP-style round trips, every bound kept, drift fitted.

A sample is one exchange: the arcade sends {"type": "sync"} at t0 (arcade clock), the phone
reads its own clock p when the request arrives and answers at once, the answer arrives at t1.
The phone read its clock somewhere between t0 and t1, so the offset (phone minus arcade) lies
between p - t1 and p - t0: every sample is a sure bound, its round trip wide.

The offset: the middle of the intersection of the bounds of the last RECENT samples, instead
of the middle of the one sample with the smallest round trip. The lower end is set by the
sample that was quickest on the way back, the upper end by the one quickest on the way there,
and these need not be the same exchange: with tens of ms of jitter the intersection narrows
to a millisecond or so, where the best single round trip still leaves several ms of doubt. A
lag spike only makes wide bounds, which narrow nothing.

Drift: phone clocks run a few tens of ppm fast or slow (50 ppm is 3 ms a minute), so the
offset is a line. Every BLOCK samples, the middle of the intersection of those samples alone
is kept as a block point at their mean time (up to BLOCKS of them, minutes of history); once
the points span DRIFT_SPAN_NS, the slope is their least-squares line (weighted by how narrow
each block's intersection was), and the recent bounds are shifted along it before they are
intersected. Before that the slope is 0,
which costs at most half of drift x the RECENT window (50 ppm x 16 s / 2 = 0.4 ms).

uncertainty_ns() is half the best round trip among the recent samples: a bound that one
sample alone gives, and that the estimate meets (it lies inside every recent sample's bounds).
The intersection is usually much narrower.
"""

from __future__ import annotations

from collections import deque

RECENT = 64                       # samples intersected: 16 s at the server's 0.25 s
BLOCK = 32                        # samples per block point (8 s at 0.25 s)
BLOCKS = 30                       # block points kept for the drift line (4 minutes)
DRIFT_SPAN_NS = 20_000_000_000    # fit a drift once the block points span 20 s
MAX_DRIFT = 1e-3                  # 1000 ppm: a steeper line is no clock


class PhoneClock:
    """Offset estimate for one connection of one phone. Times in ns; the phone's in ms.

    Written by one thread (add), read by any: each add() replaces `fit`, one immutable tuple,
    so a reader never sees half an update and never waits for the estimate."""

    def __init__(self, recent: int = RECENT):
        self.samples: deque = deque(maxlen=recent)   # (t0_ns, t1_ns, phone_ns)
        self.blocks: deque = deque(maxlen=BLOCKS)    # (t_ns, offset_ns, half width ns)
        self._block: list = []                       # samples since the last block point
        self.slope = 0.0
        self.fit = None     # (t_ref, offset_at_ref, slope, uncertainty_ns, samples) or None

    def add(self, t0_ns: int, phone_ms: float, t1_ns: int) -> None:
        """One exchange: sent at t0_ns, answered with the phone's clock phone_ms, back at t1_ns."""
        if t1_ns < t0_ns:
            return
        sample = (t0_ns, t1_ns, round(phone_ms * 1e6))
        self.samples.append(sample)
        self._block.append(sample)
        if len(self._block) >= BLOCK:
            # a block point: its own samples only, at their mean time, so the points are
            # independent of each other and of the slope they are used to find
            _, lo, hi = _intersect(self._block, 0.0)
            t_mid = sum(t0 + t1 for t0, t1, _ in self._block) / (2 * len(self._block))
            self.blocks.append((t_mid, (lo + hi) / 2, max(1.0, abs(hi - lo) / 2)))
            self._block = []
            self.slope = _drift(self.blocks)
        t_ref, lo, hi = _intersect(self.samples, self.slope)
        best = min(t1 - t0 for t0, t1, _ in self.samples)
        self.fit = (t_ref, (lo + hi) / 2, self.slope, best // 2, len(self.samples))

    def ready(self) -> bool:
        return self.fit is not None

    def uncertainty_ns(self) -> int | None:
        """Half the best round trip among the recent samples (None before the first)."""
        fit = self.fit
        return None if fit is None else fit[3]

    def offset_ns(self, at_ns: int) -> int | None:
        """Phone clock minus arcade clock at arcade time at_ns (None before the first sample)."""
        fit = self.fit
        if fit is None:
            return None
        t_ref, offset, slope = fit[:3]
        return round(offset + slope * (at_ns - t_ref))

    def to_arcade(self, phone_ms: float, arrived_ns: int, max_past_ns: int) -> tuple[int, str]:
        """The phone stamp phone_ms on the arcade's clock, and what was done to it: "ok",
        "future" (it would land after its own arrival: set to arrived_ns), "past" (more than
        max_past_ns before arrival: set to arrived_ns - max_past_ns) or "unsynced" (no sample
        yet: arrived_ns)."""
        offset = self.offset_ns(arrived_ns)
        if offset is None:
            return arrived_ns, "unsynced"
        t = round(phone_ms * 1e6) - offset
        if t > arrived_ns:
            return arrived_ns, "future"
        if t < arrived_ns - max_past_ns:
            return arrived_ns - max_past_ns, "past"
        return t, "ok"



def _intersect(samples, slope: float) -> tuple[int, float, float]:
    """(t_ref, lo, hi): the bounds every sample leaves on the offset at the newest sample's
    midpoint t_ref, each moved along `slope` from its own time. lo > hi can only come from a
    wrong slope or a clock that jumped: the middle is still the best guess."""
    t_ref = (samples[-1][0] + samples[-1][1]) // 2
    lo, hi = -float("inf"), float("inf")
    for t0, t1, p in samples:
        shift = slope * (t_ref - (t0 + t1) / 2)
        lo = max(lo, p - t1 + shift)
        hi = min(hi, p - t0 + shift)
    return t_ref, lo, hi


def _drift(blocks) -> float:
    """The slope of the weighted least-squares line through the block points (0 until they
    span DRIFT_SPAN_NS), within +-MAX_DRIFT."""
    if len(blocks) < 3 or blocks[-1][0] - blocks[0][0] < DRIFT_SPAN_NS:
        return 0.0
    weights = [1.0 / (w * w) for _, _, w in blocks]
    total = sum(weights)
    tm = sum(wt * t for wt, (t, _, _) in zip(weights, blocks)) / total
    om = sum(wt * o for wt, (_, o, _) in zip(weights, blocks)) / total
    sxx = sum(wt * (t - tm) ** 2 for wt, (t, _, _) in zip(weights, blocks))
    sxy = sum(wt * (t - tm) * (o - om) for wt, (t, o, _) in zip(weights, blocks))
    if sxx <= 0:
        return 0.0
    return max(-MAX_DRIFT, min(MAX_DRIFT, sxy / sxx))
