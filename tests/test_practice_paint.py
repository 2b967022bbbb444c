"""The practice screens at 4K look as they do at 1080p (tests/test_paint.py's comparison)."""

import pygame
import pytest

from game.drills import DRILLS, READY_MS
from scenes.manager import SceneManager
from shell.app import FRAME_NS, App
from shell.settings import Settings
from shell.stats import Stats
from tests.test_paint import MAX_MEAN, MAX_PATCH, THUMB, differences

FRAMES = 8


def setups(app):
    def seated():
        anna = app.stats.find_profile("Anna") or app.stats.create_profile("Anna")
        s = app.seats.join("kb1")
        app.seats.set_profile(s.index, anna.id, "Anna")
        app.seats.join("kb2")
        app.seats.add_cpu("hard")

    def summary():
        seated()
        records = [{"trial": t, "player": p, "ms": 250 + 20 * p + t, "correct": True,
                    "false_start": False, "anticipation": False, "verdict": "ok"}
                   for t in range(5) for p in range(3)]
        app.manager.reset("practice_summary", drill_id="simple", seats=app.seats.occupied(),
                          records=records, cpus={2})

    def stats():
        seated()
        sid = app.stats.begin_session(app.seats[0].profile, "drill", "simple")
        for ms in (231, 250, 262, 270, 301):
            app.stats.add_reaction(sid, "simple", ms)
        app.manager.reset("stats")

    out = [("practice", lambda: (seated(), app.manager.reset("practice"))),
           ("summary", summary), ("stats", stats),
           ("calibrate", lambda: app.manager.reset("calibrate")),
           ("profile", lambda: (seated(), app.manager.reset("practice"),
                                app.manager.push("profile", seat=0, device="kb1")))]
    def drill(drill_id):
        seated()
        scene = app.manager.reset("drill", game_id=drill_id, seed=3)
        scene.run_stream(READY_MS + scene.state.trials[0]["fore"])  # to the first stimulus

    for drill_id in DRILLS:
        out.append((f"drill:{drill_id}", lambda d=drill_id: drill(d)))
    return out


def thumbnails(tmp_path, scale: int) -> dict:
    clock = [10 ** 12]
    app = App(SceneManager, settings=Settings(tmp_path / f"s{scale}.json"),
              stats=Stats(tmp_path / f"s{scale}.db"), pace=False, clock_ns=lambda: clock[0],
              scale=scale, audio=False)
    app.settings.set("video_lag_ms", 38)
    shots = {}
    try:
        for label, setup in setups(app):
            for s in app.seats.occupied():
                app.seats.leave(s.index)
            setup()
            for _ in range(FRAMES):
                clock[0] += FRAME_NS
                app.run(frames=1)
            thumb = pygame.transform.grayscale(pygame.transform.smoothscale(app.canvas, THUMB))
            shots[label] = pygame.image.tobytes(thumb, "RGB")[::3]
    finally:
        app.close()
    return shots


@pytest.fixture(scope="module")
def pictures(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("practice_paint")
    return thumbnails(tmp, 1), thumbnails(tmp, 2)


def test_the_practice_screens_look_the_same_at_4k_as_at_1080p(pictures):
    at_1080, at_4k = pictures
    assert set(at_1080) == set(at_4k) and len(at_1080) == 10
    report = {}
    for label in at_1080:
        diff = differences(at_1080[label], at_4k[label])
        report[label] = (max(diff), round(sum(diff) / len(diff), 2))
    bad = {k: v for k, v in report.items() if v[0] > MAX_PATCH or v[1] > MAX_MEAN}
    assert bad == {}, report

