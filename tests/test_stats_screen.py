"""The stats screen: a month of sessions as a chart, the latest session against the published
norm with the percentile as shown, personal bests, other kinds and profiles, times shown less
the TV lag; and a screen that works with no profiles and no records."""

import statistics
import time

import pytest

from game import norms
from scenes.screens.stats import histogram, nice_step
from scenes.screens.title import ITEMS as TITLE_ITEMS
from tests.clock_rig import drawn_texts, key_at, rig  # noqa: F401

DAY = 86400


def month(app, name="Anna", kind="simple", start=300.0, step=-2.0):
    """A session every day for 30 days, its times around a median that falls `step` a day."""
    profile = app.stats.create_profile(name)
    now = time.time()
    medians = []
    for day in range(30):
        when = now - (29 - day) * DAY
        sid = app.stats.begin_session(profile.id, "drill", kind, when=when)
        median = start + step * day
        for i, offset in enumerate((-30, -10, 0, 10, 40)):
            app.stats.add_reaction(sid, kind, median + offset, when=when + i)
        if day % 7 == 0:
            app.stats.add_reaction(sid, kind, -250, False, True, when=when + 9)
        medians.append(median)
    assert app.stats.flush(5)
    return profile, medians


def test_a_month_of_sessions_and_the_percentile_as_the_screen_shows_it(rig):
    app, _ = rig
    profile, medians = month(app)
    app.manager.push("stats")
    screen = app.manager.top
    assert screen.profile_id == profile.id and screen.kind == "simple"
    assert [s.median_ms for s in screen.history] == medians
    pct, raw, norm = screen.percentile()
    assert raw == medians[-1] == 242
    assert norm.label == "Human Benchmark (browser)"
    assert pct == norms.percentile("simple", 242) == pytest.approx(norm.percentile(242))
    assert 60 < pct < 95  # faster than the browser median of 273 ms
    texts = drawn_texts(rig)
    assert (f"Latest median, uncorrected 242 ms: faster than {pct:.0f} % of people "
            f"(Human Benchmark (browser), median 273 ms)") in texts
    assert any(t.startswith("Personal bests: fastest 212 ms") for t in texts)
    assert any("30 sessions in all" in t for t in texts)


def test_times_are_shown_less_the_tv_lag_the_percentile_uses_the_raw_median(rig):
    app, _ = rig
    app.settings.set("video_lag_ms", 40)
    month(app)
    app.manager.push("stats")
    texts = drawn_texts(rig)
    assert "times corrected for 40 ms of TV lag" in texts
    assert any(t.startswith("Personal bests: fastest 172 ms") for t in texts)  # 212 - 40
    assert any(t.startswith("Latest median, uncorrected 242 ms") for t in texts)
    assert "median 202 ms" in texts  # the latest session's histogram: 242 - 40


def test_kinds_and_profiles_are_stepped_through_and_a_kind_without_norm_says_so(rig):
    app, clock = rig
    month(app, "Anna", "simple")
    month(app, "Anna2", "choice", start=450)
    anna = app.stats.find_profile("Anna")
    sid = app.stats.begin_session(anna.id, "game", "flotter_otter")
    app.stats.add_reaction(sid, "grab", 4200)
    app.stats.create_profile("Ben")
    assert app.stats.flush(5)
    app.manager.push("stats")
    screen = app.manager.top
    assert screen.kinds == ["simple", "grab"]
    key_at(rig, "s", clock.t + 20_000_000)           # kb1 down: the next kind
    assert screen.kind == "grab" and screen.percentile() is None
    assert "No published norm to compare flotter otter: grabs with." in screen.lines()
    key_at(rig, "d", clock.t + 20_000_000)           # right: the next profile
    assert screen.profile.name == "Anna2" and screen.kind == "choice"
    assert screen.percentile()[2].label == "Lab 4-choice, ages 18-25 (Deary 2011)"
    key_at(rig, "d", clock.t + 20_000_000)
    assert screen.profile.name == "Ben" and screen.kind is None
    assert screen.lines() == ["No reaction times for Ben yet: play a drill in Practice."]
    drawn_texts(rig)                                  # draws without a record


def test_the_screen_works_with_no_profiles_from_the_title(rig):
    app, clock = rig
    downs = [k for k, _ in TITLE_ITEMS].index("stats")
    for key in ["s"] * downs + ["f"]:                 # title: down to Statistics, A
        key_at(rig, key, clock.t + 20_000_000)
    screen = app.manager.top
    assert screen.name == "stats" and screen.profile is None
    assert "No profiles yet. Make one at a seat: Start in the lobby or in Practice." in \
        drawn_texts(rig)
    key_at(rig, "g", clock.t + 20_000_000)            # B: back
    assert app.manager.top.name == "title"


def test_the_histogram_bins_cover_every_time():
    times = [231, 245, 250, 262, 270, 301, 355]
    first, width, counts = histogram(times)
    assert sum(counts) == len(times) and width == 20  # (124 ms in about 12 bins)
    assert first <= min(times) < first + width
    assert first + width * len(counts) > max(times)
    assert statistics.median(times) == 262
    assert nice_step(1234, 4) == 500 and nice_step(90, 4) == 50 and nice_step(7, 4) == 2


def test_one_session_is_said_in_the_singular(rig):
    app, _ = rig
    profile = app.stats.create_profile("Solo")
    sid = app.stats.begin_session(profile.id, "drill", "simple", when=time.time())
    for i, ms in enumerate((250, 260, 270)):
        app.stats.add_reaction(sid, "simple", ms, when=time.time() + i)
    assert app.stats.flush(5)
    app.manager.push("stats")
    texts = drawn_texts(rig)
    assert any(t.endswith("1 session in all") for t in texts), texts
