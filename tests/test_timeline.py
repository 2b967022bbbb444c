"""scenes/timeline.py: steps one after another, eased progress, cues given out once, and the
base scene's waiting policy built on it."""

import pytest

from scenes.timeline import Timeline, ease_in_out, ease_out, linear


def test_steps_follow_each_other_and_report_eased_progress():
    tl = Timeline()
    a = tl.add(tl.next_start(0), 100, "fly")
    b = tl.add(tl.next_start(0), 300, "glide", car=2)
    assert (a.start, a.end, b.start, b.end) == (0, 100, 100, 400)
    assert [s.kind for s, _ in tl.playing(50)] == ["fly"]
    [(step, k)] = tl.playing(250, "glide")
    assert step.data == {"car": 2} and k == pytest.approx(ease_in_out(0.5))
    assert tl.busy(399) and not tl.busy(400)
    assert tl.playing(400) == [] and tl.steps == []  # all played out: forgotten


def test_cues_come_once_in_their_order_and_keep_the_table_busy():
    tl = Timeline()
    tl.cue(200, "thump")
    tl.cue(50, "card_flip")
    assert tl.due(40) == [] and tl.busy(150)
    assert tl.due(210) == ["card_flip", "thump"] and tl.due(300) == []


def test_hold_keeps_the_table_busy_without_a_step():
    tl = Timeline()
    tl.hold(500)
    assert tl.busy(499) and tl.next_start(10) == 500


@pytest.mark.parametrize("ease", [linear, ease_out, ease_in_out])
def test_easings_start_at_0_and_end_at_1(ease):
    assert ease(0) == pytest.approx(0, abs=1e-9) and ease(1) == pytest.approx(1)


def test_a_turn_based_cpu_waits_for_the_timeline_and_settle_ms(app):
    from scenes.games.formula_fun.scene import SCENE
    from tests.driving import run_until

    for seat in app.seats.occupied():
        app.seats.leave(seat.index)
    app.seats.add_cpu("easy")
    app.seats.add_cpu("easy")
    app.seats.join("kb1")
    scene = app.manager.reset(SCENE, game_id="formula_fun", seed=3)
    moves = len(scene.state.log)
    scene.timeline.hold(scene.anim_ms + 60_000)  # the table "shows" something for a minute
    app.run(frames=120)
    assert len(scene.state.log) == moves         # nobody moved while it showed
    scene.timeline.clear()
    assert run_until(app, lambda: len(scene.state.log) > moves, 600)

