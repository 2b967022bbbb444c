"""The drills' rules (game/drills.py), pure: trials drawn from the seed, and the scoring of
scripted, stamped presses: false starts (< 0 ms), anticipations (< 100 ms), wrong choices,
presses on lures and lures held back, right and wrong waybill stacks, right and wrong slaps,
misses; the figures of a run; bots that finish every drill; replays and hidden variants."""

import random

import pytest

from game import GAMES
from game.bots import make_bot
from game.core import IllegalAction, decode_action
from game.drills import (ANTICIPATION_MS, CHOICE_COLOURS, DRILLS, FEEDBACK_MS, INFOS,
                         LURE_SHARE, PLACES, READY_MS, Grab, PlaceBox, Respond, Undo, figures,
                         make_trials, versus)
from game.fliegen_klatschen import SWATTER, catch_opens, catchable_colours
from game.waybills import card


def new(drill_id, players=1, seed=3, trials=None):
    options = {} if trials is None else {"trials": trials}
    return INFOS[drill_id].new(players, options, seed)


def to_stimulus(state):
    """Let time run to the current trial's onset (from "ready", or the feedback before)."""
    while state.phase != "open":
        state.tick(state.next_deadline())
    state.check_invariants()
    return state.onset


def finish_trial(state):
    """Let the window run out: the trial closes; returns its results."""
    if state.phase == "open":
        state.tick(state.next_deadline())
    assert state.phase == "shown"
    return state.last


def results_of(state, p):
    return [r for r in state.records if r["player"] == p]


# -- trials --------------------------------------------------------------------------------------

@pytest.mark.parametrize("drill_id", list(DRILLS))
def test_trials_are_drawn_from_the_seed_within_the_drills_ranges(drill_id):
    drill = DRILLS[drill_id]
    assert 10 <= drill.trials <= 30
    a = make_trials(drill, drill.trials, random.Random(7))
    assert a == make_trials(drill, drill.trials, random.Random(7))
    assert a != make_trials(drill, drill.trials, random.Random(8))
    low, high = drill.fore
    assert all(low <= t["fore"] <= high for t in a)
    assert len({t["fore"] for t in a}) > drill.trials // 2  # nobody can time the stimulus
    lures = sum(not t["go"] for t in a)
    assert lures == (round(drill.trials * LURE_SHARE) if drill_id in ("go_nogo", "slap") else 0)


def test_the_drills_are_not_games_of_the_select_screen():
    assert not set(INFOS) & set(GAMES)
    assert all(info.min_players == 1 and info.max_players == 8 for info in INFOS.values())


def test_slap_tables_follow_fliegen_klatschen_rules():
    for seed in range(40):
        for trial in make_trials(DRILLS["slap"], 12, random.Random(seed)):
            flies = [tuple(f) for f in trial["flies"]]
            assert len(flies) == 4 and SWATTER not in [c for c, _ in flies]
            faces = [c for c, _ in flies] + [trial["trigger"][0]]
            assert catch_opens(faces, trial["trigger"][0]) == trial["go"]
            if trial["go"]:
                catchable = catchable_colours(faces)
                assert trial["targets"] == [i for i, (c, _) in enumerate(flies) if c in catchable]
                if trial["trigger"][0] == SWATTER:  # some fly is always wrong to slap
                    assert 0 < len(trial["targets"]) < 4
            else:
                assert trial["targets"] == []


# -- scoring ---------------------------------------------------------------------------------------

def test_simple_a_press_after_the_onset_counts_from_the_onset():
    state = new("simple", players=1)
    onset = to_stimulus(state)
    events = state.apply(0, Respond(0), onset + 243)
    assert [e.kind for e in events] == ["answer", "trial_over"]  # everyone answered: closed
    [result] = state.last
    assert result == {"trial": 0, "player": 0, "ms": 243, "correct": True,
                      "false_start": False, "anticipation": False, "verdict": "ok"}
    assert state.phase == "shown" and state.next_deadline() == onset + 243 + FEEDBACK_MS


def test_a_press_before_the_stimulus_is_a_false_start_with_negative_ms():
    state = new("simple", players=2)
    state.tick(READY_MS)  # the first fore-period begins
    onset_due = state.next_deadline()
    state.apply(0, Respond(0), onset_due - 420)
    assert state.view(None)["players"][0]["verdict"] == "early"
    with pytest.raises(IllegalAction, match="already answered"):
        state.apply(0, Respond(0), onset_due - 100)
    to_stimulus(state)
    assert state.onset == onset_due  # the other player's trial goes on
    state.apply(1, Respond(0), onset_due + 300)
    early, ok = state.last
    assert early["ms"] == -420 and early["false_start"] and not early["correct"]
    assert early["verdict"] == "early"
    assert ok["verdict"] == "ok" and ok["ms"] == 300


def test_when_everyone_false_starts_the_trial_ends_without_a_stimulus():
    state = new("simple", players=1)
    state.tick(READY_MS)
    due = state.next_deadline()
    events = state.apply(0, Respond(0), due - 5)
    assert [e.kind for e in events] == ["answer", "trial_over"]
    assert "stimulus" not in [e.kind for e in events] and state.onset is None
    assert state.last[0]["ms"] == -5


@pytest.mark.parametrize("ms, verdict", [(0, "anticipation"), (ANTICIPATION_MS - 1,
                                                                  "anticipation"),
                                         (ANTICIPATION_MS, "ok")])
def test_under_100_ms_is_an_anticipation_not_a_reaction(ms, verdict):
    state = new("simple")
    onset = to_stimulus(state)
    state.apply(0, Respond(0), onset + ms)
    [result] = state.last
    assert result["verdict"] == verdict
    assert result["anticipation"] == (verdict == "anticipation")
    assert result["correct"] == (verdict == "ok") and not result["false_start"]


def test_no_press_in_the_window_is_a_miss():
    state = new("simple")
    to_stimulus(state)
    [result] = finish_trial(state)
    assert result["verdict"] == "miss" and result["ms"] is None and not result["correct"]


def test_choice_the_colour_that_lit_up_is_right_any_other_wrong():
    state = new("choice", players=2)
    onset = to_stimulus(state)
    target = state.view(None)["stimulus"]["target"]
    assert 0 <= target < len(CHOICE_COLOURS)
    state.apply(1, Respond((target + 1) % 4), onset + 380)
    state.apply(0, Respond(target), onset + 410)
    right, wrong = state.last
    assert right["verdict"] == "ok" and right["correct"] and right["ms"] == 410
    assert wrong["verdict"] == "wrong" and not wrong["correct"] and wrong["ms"] == 380
    with pytest.raises(IllegalAction, match="no such answer"):
        to_stimulus(state)
        state.apply(0, Respond(4), state.onset + 300)


def go_and_lure(drill_id):
    """A state of the drill at a lure's stimulus: (state, onset); and the index of a go trial."""
    state = new(drill_id, players=2, trials=20)
    lure = next(i for i, t in enumerate(state.trials) if not t["go"])
    while state.trial < lure or state.phase != "open":
        state.tick(state.next_deadline())
    return state, state.onset


def test_go_nogo_a_press_on_a_lure_is_an_error_holding_back_is_right():
    state, onset = go_and_lure("go_nogo")
    assert state.view(None)["stimulus"] == {"go": False}
    state.apply(0, Respond(0), onset + 290)
    assert state.phase == "open"  # the other one may still hold back: the window runs
    pressed, held = finish_trial(state)
    assert pressed["verdict"] == "lure" and not pressed["correct"] and pressed["ms"] == 290
    assert held["verdict"] == "held" and held["correct"] and held["ms"] is None
    run = figures(state.records, 0)
    assert run["errors"] == 1


def test_go_nogo_a_target_wants_a_press():
    state = new("go_nogo", players=1, trials=20)
    while not (state.phase == "open" and state.trials[state.trial]["go"]):
        state.tick(state.next_deadline())
    state.apply(0, Respond(0), state.onset + 333)
    assert state.last[0]["verdict"] == "ok"


def waybill_at_stimulus(players=1):
    state = new("waybill", players=players)
    onset = to_stimulus(state)
    return state, onset, card(state.view(None)["stimulus"]["waybill"])


def test_waybill_a_stack_in_either_features_order_up_or_down_then_grab_is_right():
    state, onset, waybill = waybill_at_stimulus(players=2)
    t = onset
    for colour in reversed(waybill.orders[1]):          # player 0: feature 1, downwards
        t += 300
        state.apply(0, PlaceBox(colour), t)
    wrong = list(waybill.orders[0])
    wrong[0], wrong[1] = wrong[1], wrong[0]
    for colour in wrong:                                 # player 1: two boxes swapped
        state.apply(1, PlaceBox(colour), t)
    state.apply(1, Undo(), t + 1)
    state.apply(1, PlaceBox(wrong[-1]), t + 2)
    state.apply(0, Grab(), t + 400)
    state.apply(1, Grab(), t + 500)
    right, swapped = state.last
    assert right["verdict"] == "ok" and right["ms"] == t + 400 - onset
    assert swapped["verdict"] == "wrong" and not swapped["correct"]


def test_waybill_boxes_before_the_waybill_is_shown_are_a_false_start():
    state = new("waybill")
    state.tick(READY_MS)
    due = state.next_deadline()
    state.apply(0, PlaceBox("green"), due - 50)
    assert state.last[0]["verdict"] == "early" and state.last[0]["ms"] == -50


def test_waybill_an_unfinished_stack_grabbed_is_wrong_and_refusals_name_the_rule():
    state, onset, _ = waybill_at_stimulus()
    state.apply(0, PlaceBox("pink"), onset + 900)
    with pytest.raises(IllegalAction, match="each box once"):
        state.apply(0, PlaceBox("pink"), onset + 950)
    with pytest.raises(IllegalAction, match="unknown action"):
        state.apply(0, Respond(0), onset + 960)
    state.apply(0, Grab(), onset + 1000)
    assert state.last[0]["verdict"] == "wrong"


def test_slap_a_fly_of_the_commonest_colour_is_right_another_wrong_a_lure_held():
    state = new("slap", players=3, trials=12)
    while not (state.phase == "open" and state.trials[state.trial]["go"]
               and state.trials[state.trial]["trigger"][0] == SWATTER):
        state.tick(state.next_deadline())
    trial = state.trials[state.trial]
    right = trial["targets"][0]
    wrong = next(i for i in range(4) if i not in trial["targets"])
    view = state.view(None)
    assert view["table"] == trial["flies"] and view["stimulus"]["trigger"] == [SWATTER, 0]
    assert "targets" not in view["stimulus"]  # which flies count is for the players to see
    state.apply(1, Respond(wrong), state.onset + 450)
    state.apply(0, Respond(right), state.onset + 480)
    ok, bad, missed = finish_trial(state)
    assert ok["verdict"] == "ok" and bad["verdict"] == "wrong" and missed["verdict"] == "miss"
    state, onset = go_and_lure("slap")
    state.apply(0, Respond(0), onset + 500)
    pressed, held = finish_trial(state)
    assert pressed["verdict"] == "lure" and held["verdict"] == "held" and held["correct"]


def test_presses_between_trials_are_refused_not_scored():
    state = new("simple")
    with pytest.raises(IllegalAction, match="wait for the next trial"):
        state.apply(0, Respond(0), 100)  # "get ready": not a false start
    onset = to_stimulus(state)
    state.apply(0, Respond(0), onset + 250)
    with pytest.raises(IllegalAction, match="wait for the next trial"):
        state.apply(0, Respond(0), onset + 260)
    assert len(state.records) == 1


def test_views_never_show_the_coming_onset_or_stimulus():
    state = new("choice", players=1)
    state.tick(READY_MS)
    view = state.view(0)
    assert view["phase"] == "fore" and view["deadline"] is None and view["stimulus"] is None
    assert view["onset"] is None and str(state.next_deadline()) not in str(view)
    to_stimulus(state)
    assert state.view(0)["stimulus"]["target"] == state.trials[state.trial]["target"]


# -- figures ---------------------------------------------------------------------------------------

def record(ms, verdict, player=0):
    return {"trial": 0, "player": player, "ms": ms, "correct": verdict in ("ok", "held"),
            "false_start": verdict == "early", "anticipation": verdict == "anticipation",
            "verdict": verdict}


def test_figures_count_like_the_stats_store_and_give_median_best_and_spread():
    records = [record(t, "ok") for t in (200, 220, 240, 260, 400)]
    records += [record(-300, "early"), record(60, "anticipation"), record(350, "wrong"),
                record(None, "miss"), record(None, "held"), record(999, "ok", player=1)]
    run = figures(records, 0)
    assert run["trials"] == 10 and run["count"] == 9 and run["false_starts"] == 1
    assert run["correct"] == 6 and run["accuracy"] == pytest.approx(6 / 9)
    assert run["anticipations"] == 1 and run["errors"] == 1 and run["misses"] == 1
    assert run["median_ms"] == 240 and run["best_ms"] == 200
    assert run["spread_ms"] == pytest.approx(260 - 220)  # the middle half
    assert figures([record(300, "ok")])["spread_ms"] is None
    assert figures([])["median_ms"] is None and figures([])["accuracy"] is None


def test_versus_compares_with_the_median_of_the_last_sessions():
    assert versus(250, [300, 310, None, 290, 280, 270, 260], last=5) == (250 - 280, 5)
    assert versus(250, [240]) == (10, 1)
    assert versus(250, []) is None and versus(None, [300]) is None


# -- whole runs ------------------------------------------------------------------------------------

def play(drill_id, levels, seed):
    """A whole drill with bots, driven the way GameScene.run_stream drives it."""
    info = INFOS[drill_id]
    state = info.new(len(levels), {}, seed)
    bots = [make_bot(info, level, p, seed * 10 + p) for p, level in enumerate(levels)]
    wakes = {p: 0 for p in range(len(levels))}
    for _ in range(20_000):
        if state.is_terminal():
            return state
        due = [w for w in wakes.values() if w is not None]
        deadline = state.next_deadline()
        t = max(min(due + [deadline]), state.now)
        if deadline <= t:
            state.tick(t)
        else:
            p = min(p for p, w in wakes.items() if w is not None and w <= t)
            actions, wake = bots[p].poll(state.view(p), state.legal_actions(p), t)
            wakes[p] = wake if wake is None or wake > t or actions else t + 1
            for action in actions:
                state.apply(p, action, t)
            if not actions:
                continue
        wakes = {p: state.now for p in wakes}
        state.check_invariants()
    raise AssertionError("the drill did not end")


@pytest.mark.parametrize("drill_id", list(DRILLS))
def test_bots_finish_every_drill_and_it_replays_from_its_log(drill_id):
    state = play(drill_id, ("easy", "normal", "hard"), seed=4)
    assert len(state.records) == 3 * DRILLS[drill_id].trials
    medians = [figures(state.records, p)["median_ms"] for p in range(3)]
    assert all(m is not None for m in medians)
    assert state.outcome().winners == [medians.index(min(medians))]
    info = INFOS[drill_id]
    again = info.new(3, {}, 4)
    for player, encoded, t in state.log:
        action = decode_action(info, encoded)
        if player is None:
            again.tick(t)
        else:
            again.apply(player, action, t)
    assert again.state_hash() == state.state_hash()


def test_hard_bots_react_like_people_not_machines():
    state = play("simple", ("hard",), seed=9)
    median = figures(state.records, 0)["median_ms"]
    assert 180 < median < 320


@pytest.mark.parametrize("drill_id", list(DRILLS))
def test_a_hidden_variant_looks_the_same_to_everyone(drill_id):
    state = new(drill_id, players=2, seed=6)
    rng = random.Random(1)
    for _ in range(12):
        if state.is_terminal():
            break
        variant = state.hidden_variant(None, rng)
        assert variant.view(0) == state.view(0)
        variant.check_invariants()
        state.tick(state.next_deadline())


def test_every_press_of_the_places_reaches_a_card():
    assert PLACES == ("up", "right", "down", "left")
