"""An idle arcade sleeps: input is read at full rate only while someone's reaction is timed,
frames slow down when nobody has touched anything for a while, and the art cache is bounded by
bytes."""

import pygame

from scenes.games import game_scene_class
from shell import look, paint
from shell.app import FRAME_NS, IDLE_AFTER_NS, IDLE_FRAME_NS, App
from shell.seats import Seats
from tests.driving import close_app, real_app


def test_pads_are_read_fast_only_while_a_reaction_is_timed(tmp_path):
    app = real_app(tmp_path)
    try:
        app.run(frames=2)
        assert not app.timing() and not app.pads.fast            # the title
        app.seats = Seats()
        app.seats.join("kb1")
        for _ in range(2):
            app.seats.add_cpu("normal")
        scene = app.manager.reset(game_scene_class("flotter_otter"), game_id="flotter_otter",
                                  seats=app.seats.occupied(), seed=5)
        app.run(frames=2)
        assert scene.times_reactions() and app.timing() and app.pads.fast
        app.manager.push("pause", game=scene, device="kb1", seat=0)
        app.run(frames=2)
        assert not app.timing() and not app.pads.fast            # paused: nobody is timed
        demo = app.manager.reset(game_scene_class("flotter_otter"), game_id="flotter_otter",
                                 seats=_cpus(3), seed=5, demo=True)
        app.run(frames=2)
        assert not demo.times_reactions() and not app.pads.fast  # CPU players only
        turns = app.manager.reset(game_scene_class("flixo"), game_id="flixo",
                                  seats=app.seats.occupied(), seed=5)
        app.run(frames=2)
        assert not turns.times_reactions()                       # turn-based: nobody timed
    finally:
        close_app(app)


def _cpus(n):
    seats = Seats()
    for _ in range(n):
        seats.add_cpu("easy")
    return seats.occupied()


def test_frames_slow_down_when_nobody_touches_anything_and_speed_up_at_a_press(tmp_path):
    import time

    from scenes.manager import SceneManager
    from shell.settings import Settings
    from shell.stats import Stats

    clock = [0]

    def fast_clock():  # real time, ten times faster
        return time.perf_counter_ns() * 10 + clock[0]

    app = App(SceneManager, settings=Settings(tmp_path / "s.json"), stats=Stats(tmp_path / "s.db"),
              pace=True, clock_ns=fast_clock, audio=False)
    try:
        app.start("title")
        app.wake()
        app.run(frames=3)
        assert not app.idle() and app._frame_ns == FRAME_NS
        clock[0] += IDLE_AFTER_NS + 1
        app.run(frames=3)
        assert app.idle() and app._frame_ns == IDLE_FRAME_NS
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w",
                                             scancode=0))
        app.run(frames=3)
        assert not app.idle() and app._frame_ns == FRAME_NS
    finally:
        app.close()


def _fast_app(tmp_path, clock):
    import time

    from scenes.manager import SceneManager
    from shell.settings import Settings
    from shell.stats import Stats

    def fast_clock():  # real time, ten times faster, plus what the test adds
        return time.perf_counter_ns() * 10 + clock[0]

    return App(SceneManager, settings=Settings(tmp_path / "s.json"),
               stats=Stats(tmp_path / "s.db"), pace=True, clock_ns=fast_clock, audio=False)


def _count_draws(app):
    drawn = []
    draw = app.manager.draw
    app.manager.draw = lambda canvas: (drawn.append(1), draw(canvas))
    return drawn


def _key(key=pygame.K_s, char="s"):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)


def test_a_title_left_alone_rests_and_the_first_press_wakes_it(tmp_path):
    clock = [0]
    app = _fast_app(tmp_path, clock)
    try:
        app.start("title")
        app.wake()
        drawn = _count_draws(app)
        app.run(frames=3)
        assert len(drawn) == 3 and not app.resting()
        clock[0] += IDLE_AFTER_NS + 1
        frames = app.frames
        app.run(frames=6)
        assert app.resting() and app.pads.resting
        assert len(drawn) == 3 and app.frames == frames        # no frame worked out or shown
        assert app.manager.top.name == "title"
        pygame.event.post(_key(pygame.K_DOWN, ""))             # the menu moves at once
        app.run(frames=2)
        assert not app.resting() and not app.pads.resting
        assert len(drawn) >= 1 and app.frames > frames
        assert app.manager.top.menu.index == 1
    finally:
        app.close()


def test_a_game_or_a_notice_never_rests(tmp_path):
    clock = [0]
    app = _fast_app(tmp_path, clock)
    try:
        app.manager.reset(game_scene_class("flixo"), game_id="flixo", seats=_cpus(2), seed=5)
        drawn = _count_draws(app)
        clock[0] += IDLE_AFTER_NS + 1
        app.run(frames=4)
        assert app.idle() and not app.resting() and len(drawn) == 4  # CPU players play on
        app.manager.reset("title")
        app.notice("the stats file was unreadable: kept as stats.db.bad")
        app.run(frames=2)
        assert app.idle() and app.notices and not app.resting()
    finally:
        app.close()


def test_the_art_cache_is_bounded_by_bytes_and_keeps_what_was_used_last(monkeypatch):
    pygame.display.init()
    look.reset_cache()
    size = 100 * 100 * 4
    monkeypatch.setattr(look, "CACHE_BYTES", 2 * size + size // 2)

    def art():
        return pygame.Surface((100, 100), 0, 32)

    a = look.cached("a", art)
    look.cached("b", art)
    assert look.cached("a", art) is a            # used again: now the newest
    look.cached("c", art)                        # over the limit: the oldest, b, goes
    assert look.cache_bytes() == 2 * size <= look.cache_limit()
    assert look.cached("a", art) is a
    assert look.cached("b", lambda: "rebuilt") == "rebuilt"
    assert look.cache_bytes() <= look.cache_limit()
    paint.set_scale(2)
    try:
        assert look.cache_limit() == 4 * look.CACHE_BYTES   # a 4K surface holds 4x the pixels
    finally:
        paint.set_scale(1)
        look.reset_cache()


def test_the_backdrop_outlasts_an_art_cache_that_turned_over(monkeypatch):
    # A game's table bakes in its own copy of the backdrop, so through a game the backdrop went
    # unused, was dropped from the cache, and the results screen stalled building it again.
    pygame.display.init()
    look.reset_cache()
    monkeypatch.setattr(look, "CACHE_BYTES", 100 * 100 * 4)
    try:
        shown = look.backdrop()
        for i in range(5):                       # the cache turns over five times
            look.cached(("other", i), lambda: pygame.Surface((100, 100), 0, 32))
        assert look.backdrop() is shown
        look.reset_cache()                       # (a new display: built again)
        assert look.backdrop() is not shown
    finally:
        look.reset_cache()


def test_dimming_darkens_like_a_shadow_overlay_and_builds_no_canvas_sized_art():
    pygame.display.init()
    look.reset_cache()
    canvas = pygame.Surface(look.CANVAS, 0, 32)
    for x in range(0, look.W, 60):               # colours from dark to bright
        paint.fill(canvas, (x * 255 // look.W, 255 - x * 255 // look.W, 128), (x, 0, 60, look.H))
    expected = canvas.copy()
    shadow = pygame.Surface(look.CANVAS, pygame.SRCALPHA, 32)
    shadow.fill((*look.SHADOW, 150))
    expected.blit(shadow, (0, 0))
    look.dim(canvas, 150)
    for x in range(30, look.W, 60):
        got, want = canvas.get_at((x, 500)), expected.get_at((x, 500))
        assert max(abs(got[c] - want[c]) for c in range(3)) <= 2, (x, got, want)
    assert look.cache_bytes() == 0               # (a 4K overlay held 33 MB per alpha)
