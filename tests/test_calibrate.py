"""Lag calibration: tapping along to a flash measures the lag from the flip that showed it to
the taps' stamps; it is kept per setting and subtracted from the times practice screens show
(the drill in test_practice.py); the sound's lag, where no sound plays, is the mixer's buffer;
too few taps measure nothing; bad stored values fall back to 0."""

import json
import random

import pytest

from scenes.practice import lag
from scenes.screens.calibrate import BEATS, MIXER_BUFFER, PERIOD_MS
from shell.settings import Settings
from tests.clock_rig import MS, drawn_texts, frame, key_at, rig, run_until  # noqa: F401

PERIOD = PERIOD_MS * MS


def beats(n=BEATS, start=10 ** 12):
    return [start + k * PERIOD for k in range(n)]


def test_the_lag_is_the_median_offset_of_the_taps_from_their_beats():
    rng = random.Random(2)
    onsets = beats()
    taps = [b + (38 + rng.randint(-9, 9)) * MS for b in onsets]
    taps[0] -= 300 * MS                    # finding the beat: the first taps do not count
    taps[5] += 400 * MS                    # nearer the next beat than its own: an early tap of it
    found = lag.measure(taps, onsets, PERIOD)
    assert 34 <= found.lag_ms <= 42 and found.spread_ms <= 9
    assert found.taps == BEATS - lag.SKIP_TAPS
    assert lag.measure(taps[:lag.SKIP_TAPS + lag.MIN_TAPS - 1], onsets, PERIOD) is None
    assert lag.measure([], onsets, PERIOD) is None and lag.measure(taps, [], PERIOD) is None
    early = [b - 25 * MS for b in onsets]
    assert lag.measure(early, onsets, PERIOD).lag_ms == -25


def test_correction_is_subtracted_from_shown_times_and_said():
    assert lag.shown(290, 38) == 252 and lag.shown(None, 38) is None
    assert lag.note(38) == "times corrected for 38 ms of TV lag" and lag.note(0) == ""
    assert lag.video_lag({"video_lag_ms": 38}) == 38 and lag.video_lag({}) == 0
    assert lag.video_lag({"video_lag_ms": True}) == 0 and lag.video_lag(None) == 0


def tap_along(rig, screen, offset_ms, taps=BEATS):
    """Tap A (kb1) `offset_ms` after each flash was first on screen, for `taps` flashes."""
    app, clock = rig
    seen = 0
    while screen.test is not None and screen.result is None:
        frame(rig)
        onsets = sorted(screen.onsets.values())
        if len(onsets) > seen:
            seen = len(onsets)
            if seen <= taps:
                key_at(rig, "f", onsets[-1] + offset_ms * MS)


def test_tapping_along_to_the_flash_measures_the_tv_lag_and_keeps_it(rig):
    app, clock = rig
    app.manager.push("calibrate")
    screen = app.manager.top
    key_at(rig, "f", clock.t + 20 * MS)           # A on "TV lag": measure
    assert screen.test == "video"
    tap_along(rig, screen, 38)
    assert len(screen.onsets) == BEATS            # every flash was seen on a flip
    assert screen.result.lag_ms == 38 and screen.result.spread_ms == 0
    assert "Practice screens will say: times corrected for 38 ms of TV lag" in drawn_texts(rig)
    key_at(rig, "f", clock.t + 20 * MS)           # A: keep it
    assert app.settings.get("video_lag_ms") == 38 and screen.test is None
    assert Settings(app.settings.path).get("video_lag_ms") == 38  # saved


def test_too_few_taps_measure_nothing_and_b_drops_a_result(rig):
    app, clock = rig
    app.settings.set("video_lag_ms", 12)
    app.manager.push("calibrate")
    screen = app.manager.top
    key_at(rig, "f", clock.t + 20 * MS)
    tap_along(rig, screen, 30, taps=4)
    assert screen.test is None and screen.message.startswith("Too few taps")
    key_at(rig, "f", clock.t + 20 * MS)
    tap_along(rig, screen, 50)
    key_at(rig, "g", clock.t + 20 * MS)           # B: drop it
    assert app.settings.get("video_lag_ms") == 12


def test_the_count_of_taps_says_one_tap(rig):
    app, clock = rig
    app.manager.push("calibrate")
    screen = app.manager.top
    key_at(rig, "f", clock.t + 20 * MS)           # A on "TV lag": measure
    while not screen.onsets:
        frame(rig)
    key_at(rig, "f", min(screen.onsets.values()) + 40 * MS)
    assert len(screen.taps) == 1 and "1 tap" in drawn_texts(rig)


def test_without_a_sound_device_the_sound_lag_offered_is_the_mixers_buffer(rig):
    app, clock = rig
    assert not app.audio.ok                       # SDL's dummy driver plays nothing
    app.manager.push("calibrate")
    screen = app.manager.top
    key_at(rig, "s", clock.t + 20 * MS)           # down: Sound lag
    key_at(rig, "f", clock.t + 20 * MS)
    assert run_until(rig, lambda: screen.result is not None, 400, step_ns=50 * MS)
    buffer_ms = MIXER_BUFFER / 22050 * 1000
    assert screen.result.lag_ms == round(buffer_ms) == 23
    assert "mixer's buffer alone adds 23 ms" in screen.message
    assert app.audio.counts["countdown"] == BEATS  # the clicks were handed to the mixer
    key_at(rig, "f", clock.t + 20 * MS)
    assert app.settings.get("audio_lag_ms") == 23


def test_left_and_right_nudge_by_a_ms_and_reset_clears_both(rig):
    app, clock = rig
    app.settings.update(video_lag_ms=40, audio_lag_ms=30)
    app.manager.push("calibrate")
    for name in ("d", "d", "a"):                  # kb1 right, right, left
        key_at(rig, name, clock.t + 20 * MS)
    assert app.settings.get("video_lag_ms") == 41
    for name in ("s", "s", "f"):                  # Reset both
        key_at(rig, name, clock.t + 20 * MS)
    assert app.settings.get("video_lag_ms") == 0 and app.settings.get("audio_lag_ms") == 0
    key_at(rig, "a", clock.t + 20 * MS)           # (not below 0)
    assert app.settings.get("video_lag_ms") == 0


@pytest.mark.parametrize("bad", [-5, 501, "38", 3.5, True, None])
def test_a_bad_stored_lag_falls_back_to_0_alone(tmp_path, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"video_lag_ms": bad, "audio_lag_ms": 20}))
    settings = Settings(path)
    assert settings.get("video_lag_ms") == 0 and settings.get("audio_lag_ms") == 20
    assert "video_lag_ms" in settings.take_notice()
    with pytest.raises(ValueError):
        settings.set("audio_lag_ms", bad)
