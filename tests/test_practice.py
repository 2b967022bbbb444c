"""Practice on the TV, with the real App on a clock the test moves: a drill's time runs from the
flip that showed the stimulus to the stamp of the press; presses before that flip are never a
reaction; several people side by side see one stimulus at one flip; times go to the seat's
profile (guests and CPUs keep nothing); the summary shows times less the TV lag and says so,
the store keeps them raw; the practice menu, and `main.py demo practice`."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.drills import DRILLS, Respond
from scenes.practice.drill import DrillScene
from shell.app import FRAME_NS
from scenes.screens.title import ITEMS as TITLE_ITEMS
from tests.clock_rig import MS, drawn_texts, frame, key_at, rig, run_until, seat  # noqa: F401

ROOT = Path(__file__).resolve().parent.parent
SEED = 5
KEYS = {"kb1": "f", "kb2": "right ctrl"}  # each zone's A


def start_drill(rig, drill_id="simple", trials=None):
    app, _ = rig
    options = {} if trials is None else {"trials": trials}
    scene = app.manager.reset("drill", game_id=drill_id, seed=SEED, options=options)
    flips = []
    real = scene.on_flip

    def on_flip(t_ns):
        flips.append((t_ns, scene.state.phase, scene.state.trial))
        real(t_ns)
    scene.on_flip = on_flip
    frame(rig)
    return scene, flips


def to_stimulus(rig, scene, flips):
    """Run until the stimulus is on screen; the stamp of the flip that first showed it."""
    trial = scene.state.trial
    assert run_until(rig, lambda: scene.state.phase == "open" and scene.state.trial >= trial)
    shown = [t for t, phase, n in flips if phase == "open" and n == scene.state.trial]
    return shown[0]


# -- the time of a reaction ----------------------------------------------------------------------

def test_a_reaction_runs_from_the_flip_that_showed_the_stimulus_to_the_stamp(rig):
    app, clock = rig
    seat(app, "kb1", "Anna")
    scene, flips = start_drill(rig)
    onset_flip = to_stimulus(rig, scene, flips)
    assert clock.t == onset_flip  # (the frame that revealed it has just been flipped)
    # the game clock stood at the onset until that flip returned, and runs from it
    assert scene.game_ms(onset_flip) == scene.state.onset
    assert scene.game_ms(onset_flip - 5 * MS) == scene.state.onset
    key_at(rig, "f", onset_flip + 237 * MS)
    assert run_until(rig, lambda: scene.state.phase == "shown")
    [result] = scene.state.last
    assert result["ms"] == 237 and result["verdict"] == "ok"
    anna = app.stats.find_profile("Anna")
    assert app.stats.flush(5)
    [session] = app.stats.history(anna.id, "simple")
    assert session.activity == "drill" and session.source == "simple"
    assert session.best_ms == 237 and session.count == 1


def test_a_press_made_before_the_flip_that_shows_the_stimulus_is_never_a_reaction(rig):
    app, clock = rig
    seat(app, "kb1", "Anna")
    scene, flips = start_drill(rig)
    assert run_until(rig, lambda: scene.state.phase == "fore")
    due = scene.state.next_deadline()
    while scene.game_ms() < due - 20:
        frame(rig)
    # In the frame whose work reveals the stimulus, the key is pressed and taken (stamped) from
    # SDL's queue while the frame is still being worked out: 5 ms before its flip.
    real = scene.update_scene
    taken = []

    def update_scene(dt_ms):
        real(dt_ms)
        if scene.state.phase == "open" and not taken:
            taken.append(clock.t)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code("f"),
                                                 mod=0, unicode="", scancode=0))
            while pygame.event.peek(pygame.KEYDOWN, pump=False):
                pass  # the main thread takes it, stamped now
            clock.t += 5 * MS  # the flip comes later
    scene.update_scene = update_scene
    assert run_until(rig, lambda: taken, step_ns=40 * MS)
    scene.update_scene = real
    assert run_until(rig, lambda: scene.state.phase == "shown")
    [result] = scene.state.last
    assert result["ms"] == 0 and result["verdict"] == "anticipation" and not result["correct"]
    flip = next(t for t, phase, _ in flips if phase == "open")
    assert flip == taken[0] + 5 * MS


def test_a_press_in_the_fore_period_is_a_false_start_stored_as_one(rig):
    app, clock = rig
    seat(app, "kb1", "Anna")
    scene, flips = start_drill(rig)
    assert run_until(rig, lambda: scene.state.phase == "fore")
    due = scene.state.next_deadline()
    key_at(rig, "f", scene.clock.ns_at(due - 300))
    frame(rig)
    frame(rig)  # (the input horizon waits up to 20 ms for the pad thread)
    assert scene.view()["players"][0]["verdict"] == "early"
    assert run_until(rig, lambda: scene.state.phase == "shown")
    [result] = scene.state.last
    assert result["verdict"] == "early" and result["false_start"] and result["ms"] == -300
    assert scene.state.onset is None  # everyone was out: no stimulus was shown
    assert app.stats.flush(5)
    [total] = app.stats.totals(app.stats.find_profile("Anna").id)
    assert total.false_starts == 1 and total.count == 0
    # the lane says what its red dot was: no trial counted, one too soon
    assert "0 of 0 right, 1 too soon" in drawn_texts(rig)


def test_people_side_by_side_see_one_stimulus_at_one_flip_each_time_their_own(rig):
    app, clock = rig
    seat(app, "kb1", "Anna")
    seat(app, "kb2")                       # a guest
    app.seats.add_cpu("hard")              # a CPU rival
    scene, flips = start_drill(rig)
    assert scene.players == 3 and set(scene.bots) == {2}
    onset_flip = to_stimulus(rig, scene, flips)
    key_at(rig, KEYS["kb2"], onset_flip + 201 * MS)
    key_at(rig, KEYS["kb1"], onset_flip + 254 * MS)
    assert run_until(rig, lambda: scene.state.phase == "shown")
    anna, guest, cpu = scene.state.last
    assert guest["ms"] == 201 and anna["ms"] == 254
    assert cpu["ms"] is not None and cpu["ms"] >= 120  # its modelled reaction, from the onset
    assert app.stats.flush(5)
    totals = app.stats.totals()
    assert [(t.name, t.kind, t.count) for t in totals] == [("Anna", "simple", 1)]
    assert [p.name for p in app.stats.profiles()] == ["Anna"]  # guests and CPUs: no profile


def test_the_summary_shows_times_less_the_tv_lag_and_says_so_the_store_keeps_them_raw(rig):
    app, clock = rig
    app.settings.set("video_lag_ms", 38)
    seat(app, "kb1", "Anna")
    scene, flips = start_drill(rig, trials=2)
    for ms in (250, 290):
        onset_flip = to_stimulus(rig, scene, flips)
        key_at(rig, "f", onset_flip + ms * MS)
        assert run_until(rig, lambda: scene.state.phase != "open")
    texts = drawn_texts(rig)
    assert "times corrected for 38 ms of TV lag" in texts
    assert "252 ms" in texts  # the lane's last time: 290 - 38
    assert run_until(rig, lambda: app.manager.top.name == "practice_summary")
    summary = app.manager.top
    texts = drawn_texts(rig)
    assert "times corrected for 38 ms of TV lag" in texts
    assert "232 ms" in texts and "212 ms" in texts  # median (270 - 38) and best (250 - 38)
    assert summary.figures[0]["median_ms"] == 270  # raw
    assert app.stats.flush(5)
    [session] = app.stats.history(app.stats.find_profile("Anna").id, "simple")
    assert session.median_ms == 270 and session.best_ms == 250
    assert "first time in this drill" in summary.comparison(0)


def test_the_summary_compares_with_the_profiles_last_sessions(rig):
    app, clock = rig
    anna = seat(app, "kb1", "Anna")
    for median in (300, 320, 310):
        sid = app.stats.begin_session(anna.profile, "drill", "simple")
        app.stats.add_reaction(sid, "simple", median)
    scene, flips = start_drill(rig, trials=1)
    onset_flip = to_stimulus(rig, scene, flips)
    key_at(rig, "f", onset_flip + 280 * MS)
    assert run_until(rig, lambda: app.manager.top.name == "practice_summary")
    assert app.manager.top.comparison(0) == "30 ms faster than your last 3 sessions"


def test_again_plays_the_drill_once_more_and_the_menu_is_one_back(rig):
    app, clock = rig
    app.manager.reset("title")
    app.manager.push("practice")
    seat(app, "kb1")
    app.manager.push("drill", game_id="simple", options={"trials": 1}, seed=SEED)
    assert run_until(rig, lambda: app.manager.top.name == "practice_summary", step_ns=50 * MS)
    summary = app.manager.top
    assert "no profile: not kept" in summary.comparison(0)
    key_at(rig, "f", clock.t + FRAME_NS)           # Again
    assert isinstance(app.manager.top, DrillScene) and app.manager.top.game_id == "simple"
    assert run_until(rig, lambda: app.manager.top.name == "practice_summary", step_ns=50 * MS)
    key_at(rig, "s", clock.t + FRAME_NS)           # down: Practice menu
    key_at(rig, "f", clock.t + FRAME_NS)
    assert app.manager.top.name == "practice"


@pytest.mark.parametrize("drill_id", list(DRILLS))
def test_every_drill_takes_its_buttons_from_every_device(rig, drill_id):
    app, clock = rig
    seat(app, "kb1", "Anna")
    scene, flips = start_drill(rig, drill_id)
    mapping = {"simple": "a", "go_nogo": "a", "choice": "y", "slap": "left", "waybill": "up"}
    press = type("P", (), {"down": True, "action": mapping[drill_id]})()
    action = scene.press_to_action(0, press)
    expected = {"simple": Respond(0), "go_nogo": Respond(0), "choice": Respond(3),
                "slap": Respond(3)}.get(drill_id)
    assert action == expected if expected else type(action).__name__ == "Grab"
    labels = [label for label, _, _ in scene.caps[0]]
    assert labels and all(labels)  # each lane shows its player's own keys


TITLE_KEYS = [k for k, _ in TITLE_ITEMS]


# -- the menu ------------------------------------------------------------------------------------

def test_the_practice_menu_seats_whoever_chooses_a_drill_and_starts_it_for_every_seat(rig):
    app, clock = rig
    for _ in range(TITLE_KEYS.index("practice")):  # title: down to Practice, A
        key_at(rig, "s", clock.t + FRAME_NS)
    key_at(rig, "f", clock.t + FRAME_NS)
    menu = app.manager.top
    assert menu.name == "practice" and app.seats.occupied() == []
    key_at(rig, "r", clock.t + FRAME_NS)          # kb1's X: a seat
    key_at(rig, "t", clock.t + FRAME_NS)          # kb1's Y: a CPU rival
    assert [s.device for s in app.seats.occupied()] == ["kb1", None]
    key_at(rig, "down", clock.t + FRAME_NS)       # kb2 drives the list: Choice reaction
    key_at(rig, "right ctrl", clock.t + FRAME_NS)  # and plays too
    drill = app.manager.top
    assert isinstance(drill, DrillScene) and drill.game_id == "choice"
    assert [s.device for s in drill.seats] == ["kb1", None, "kb2"]


def test_demo_practice_plays_drills_with_cpus_and_keeps_nothing(rig):
    app, clock = rig
    app.manager.reset("practice_demo")
    first = app.manager.top
    assert isinstance(first, DrillScene) and first.demo and len(first.bots) == 3
    assert run_until(rig, lambda: app.manager.top.name == "practice_summary", 2000,
                     step_ns=100 * MS)
    assert len(first.state.records) == 3 * 10 and any(first.state.records)
    assert run_until(rig, lambda: isinstance(app.manager.top, DrillScene)
                     and app.manager.top is not first, 400, step_ns=100 * MS)
    assert app.manager.top.game_id != first.game_id  # the next drill
    assert app.stats.flush(5) and app.stats.profiles() == [] and app.stats.totals() == []
    key_at(rig, "f", clock.t + FRAME_NS)          # any button: the title
    assert app.manager.top.name == "title"


def test_main_demo_practice_runs_headless(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "demo", "practice", "--frames",
                           "120", "--screenshot-dir", str(tmp_path / "shots")],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert list((tmp_path / "shots").glob("*-drill.png"))  # the drill was on screen


@pytest.mark.parametrize("lit", ["green", "red", "blue", "yellow"])
def test_the_choice_drills_lit_disc_stays_on_its_stage(monkeypatch, lit):
    """The lit disc is ringed and bigger: at the foot of the cross it reached 20 px into the
    players' lanes."""
    from scenes.practice import art, drill
    from shell import look, paint
    stage = pygame.Rect(look.SAFE.left, drill.STAGE_TOP, look.SAFE.width,
                        drill.STAGE_H.get("choice", drill.STAGE_H_DEFAULT))
    circles = []
    monkeypatch.setattr(paint, "circle", lambda surf, colour, at, r, *a: circles.append((at, r)))
    art.choice_discs(pygame.Surface((1920, 1080)), stage.center,
                     art.choice_radius(stage.height), lit)
    assert len(circles) >= 4
    for (x, y), r in circles:
        assert stage.contains(pygame.Rect(x - r, y - r, 2 * r, 2 * r)), (lit, (x, y), r, stage)
