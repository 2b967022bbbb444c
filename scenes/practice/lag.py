"""Lag correction: the TV's lag (video) and the sound's (audio), measured on the calibration
screen (scenes/screens/calibrate.py) and kept in the settings ("video_lag_ms", "audio_lag_ms",
shell/settings.py).

Stored reaction times are always raw: from the flip that showed the stimulus to the stamp of
the press. What a screen SHOWS is the raw time less the video lag, and the screen says so
(note()). Percentiles against published norms use the raw times: the norms' own times include
their devices' lag too (game/norms.py).

    video_lag(settings) / audio_lag(settings) -> int ms (0 when not measured)
    shown(ms, lag) -> float | None          what a screen shows for a raw time (None: no time)
    note(lag) -> str                        "times corrected for 38 ms of TV lag" ("" for 0)
    measure(taps_ns, beats_ns, period_ns) -> Measurement | None
"""

from __future__ import annotations

import statistics
from typing import NamedTuple

VIDEO, AUDIO = "video_lag_ms", "audio_lag_ms"
SKIP_TAPS = 2   # the first taps, while people find the beat, do not count
MIN_TAPS = 6    # fewer usable taps give no measurement


def video_lag(settings) -> int:
    return _lag(settings, VIDEO)


def audio_lag(settings) -> int:
    return _lag(settings, AUDIO)


def _lag(settings, key: str) -> int:
    try:
        value = settings.get(key, 0)
    except AttributeError:
        return 0
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def shown(ms, lag: int):
    """A raw time as a screen shows it: less the lag (None stays None)."""
    return None if ms is None else ms - lag


def note(lag: int) -> str:
    return f"times corrected for {lag} ms of TV lag" if lag else ""


class Measurement(NamedTuple):
    lag_ms: int       # the median offset of a tap from its beat (positive: taps come after)
    spread_ms: int    # half the interquartile range of the offsets: how steady the taps were
    taps: int         # taps used


def measure(taps_ns: list, beats_ns: list, period_ns: int) -> Measurement | None:
    """Tapping along to beats (a flash's onsets on screen, or a sound's starts) `period_ns`
    apart: each tap after the first SKIP_TAPS belongs to its nearest beat, if it is within half a
    period; the lag is the median of those offsets. None with fewer than MIN_TAPS such taps.

    What it includes: everything between the moment the beat was made (the flip returned, the
    sound was handed to the mixer) and the press's stamp, less the person's reaction, which a
    steady beat takes away (people tap with a beat, not after it): the TV's (or speakers') lag,
    the pad's or keyboard's, and the tapper's own habit of tapping a little early or late."""
    if not beats_ns or period_ns <= 0:
        return None
    beats = sorted(beats_ns)
    offsets = []
    for tap in sorted(taps_ns)[SKIP_TAPS:]:
        nearest = min(beats, key=lambda b: abs(tap - b))
        offset = tap - nearest
        if abs(offset) * 2 < period_ns:
            offsets.append(offset / 1e6)
    if len(offsets) < MIN_TAPS:
        return None
    q1, _, q3 = statistics.quantiles(offsets, n=4, method="inclusive")
    return Measurement(round(statistics.median(offsets)), round((q3 - q1) / 2), len(offsets))
