"""One phone's clock against the arcade's: NTP-style round trips, best samples, drift.

A sample is one exchange: the arcade sends {"type": "sync"} at t0 (arcade clock), the phone
reads its own clock (p) when the request arrives and answers at once, the answer arrives at
t1. If the way there and the way back took equally long, the phone read its clock at the
midpoint (t0 + t1) / 2, so offset = p - midpoint; whatever the split, the true offset lies
within rtt / 2 of that. So the samples with the smallest round trips are the ones to trust:

- the window keeps the last WINDOW samples (refreshed during play, so old conditions age out);
- the best quarter of them by round trip (at least one) are the good samples; a lag spike
  only makes slow samples, which never get in;
- if the good samples span at least DRIFT_SPAN_NS, a least-squares line through them gives
  the offset at any moment (phone clocks run a few tens of ppm fast or slow: 50 ppm is 3 ms a
  minute); otherwise their mean offset is used.

uncertainty_ns() is half the best round trip in the window: the bound one sample gives. The
line through several good samples is usually much better than that.
"""

from __future__ import annotations

from collections import deque

WINDOW = 64
DRIFT_SPAN_NS = 8_000_000_000     # fit a drift only over at least 8 s of good samples
MAX_DRIFT = 1e-3                  # 1000 ppm: a steeper line is noise, not a clock


class PhoneClock:
    """Offset estimate for one connection of one phone. Times in ns; the phone's in ms."""

    def __init__(self, window: int = WINDOW):
        self.samples: deque = deque(maxlen=window)   # (mid_ns, offset_ns, rtt_ns)
        self._fit = None                             # (t_ref, offset_at_ref, slope) or None

    def add(self, t0_ns: int, phone_ms: float, t1_ns: int) -> None:
        """One exchange: sent at t0_ns, answered with the phone's clock phone_ms, back at t1_ns."""
        rtt = t1_ns - t0_ns
        if rtt < 0:
            return
        mid = t0_ns + rtt // 2
        self.samples.append((mid, round(phone_ms * 1e6) - mid, rtt))
        self._fit = None

    def ready(self) -> bool:
        return bool(self.samples)

    def uncertainty_ns(self) -> int | None:
        """Half the best round trip in the window (None before the first sample)."""
        if not self.samples:
            return None
        return min(s[2] for s in self.samples) // 2

    def offset_ns(self, at_ns: int) -> int | None:
        """Phone clock minus arcade clock at arcade time at_ns (None before the first sample)."""
        if not self.samples:
            return None
        if self._fit is None:
            self._fit = self._estimate()
        t_ref, offset, slope = self._fit
        return round(offset + slope * (at_ns - t_ref))

    def _estimate(self):
        by_rtt = sorted(self.samples, key=lambda s: s[2])
        good = by_rtt[:max(1, len(by_rtt) // 4)]
        n = len(good)
        t_ref = sum(s[0] for s in good) / n
        mean = sum(s[1] for s in good) / n
        span = max(s[0] for s in good) - min(s[0] for s in good)
        slope = 0.0
        if n >= 3 and span >= DRIFT_SPAN_NS:
            sxx = sum((s[0] - t_ref) ** 2 for s in good)
            sxy = sum((s[0] - t_ref) * (s[1] - mean) for s in good)
            slope = max(-MAX_DRIFT, min(MAX_DRIFT, sxy / sxx))
        return t_ref, mean, slope

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
