"""Flotter Otter rules: the rulebook's worked examples as scenarios from a chosen waybill,
scoring and penalties, the end and its tie-break, timing records, the round limit, VoidRound,
the series option, hidden information, and the bots."""

import json
import random
import statistics

import pytest

from game import flotter_otter as fo
from game.bots import flotter_otter as otter_bots
from game.core import TERMINAL, IllegalAction
from game.flotter_otter import (GAME_BREAK_MS, READY_MS, RESULT_MS, ROUND_LIMIT_MS, Grab,
                                PlaceBox, Undo, VoidRound, timing_summary, winners)
from game.reactions import from_event
from game.runner import play
from game.norms import hick_ms
from game.waybills import card

SEAT = ["green", "orange", "pink", "yellow", "blue"]  # the rulebook card, lowest seat first
TYRE = ["pink", "blue", "green", "yellow", "orange"]  # thinnest tyre first; the magnifier feature
WRONG = ["orange", "green", "pink", "yellow", "blue"]  # seat order with two boxes swapped
OTTMAR, OTTILIE, OTTOKAR, OTTO = range(4)


def deal_on_top(state, waybill_id):
    """Put a chosen waybill on top of the pile (swapping it with the top card)."""
    if waybill_id not in state.pile:  # dealt to a player: swap it with the top of the pile
        for hand in state.down:
            if waybill_id in hand:
                hand[hand.index(waybill_id)] = state.pile[-1]
                state.pile[-1] = waybill_id
    i = state.pile.index(waybill_id)
    state.pile[i], state.pile[-1] = state.pile[-1], state.pile[i]
    state.check_invariants()


def revealed(players=4, waybill_id=0, seed=1, options=None):
    """A new game whose first waybill (revealed at READY_MS) is `waybill_id`."""
    state = fo.INFO.new(players, options or {}, seed)
    deal_on_top(state, waybill_id)
    events = state.tick(READY_MS)
    assert [e.kind for e in events] == ["waybill_revealed"]
    assert events[0].data["onset"] == READY_MS and events[0].data["waybill"] == waybill_id
    return state


def stack(state, seat, colours, t, step=250):
    """Press the boxes one by one, `step` ms apart from `t`; returns the time after."""
    for colour in colours:
        state.apply(seat, PlaceBox(colour), t)
        t += step
    return t


def result_of(events):
    [result] = [e.data for e in events if e.kind == "round_result"]
    return result


# -- the rulebook's worked examples -------------------------------------------------------------

def test_section_4_two_otters_one_per_feature():
    """Ottmar and Ottilie stack by seat height, Ottilie grabs #1: she is the otter, Ottmar
    (#2) goes away empty-handed. Ottokar (#3) is the tyre-width otter. Otto grabbed nothing."""
    state = revealed()
    top_of_pile = state.pile[-1]
    t = stack(state, OTTILIE, SEAT, 3000)
    state.apply(OTTILIE, Grab(), t)
    t = stack(state, OTTMAR, SEAT[::-1], t)  # descending is just as right
    state.apply(OTTMAR, Grab(), t)
    stack(state, OTTO, WRONG[:3], t)
    t = stack(state, OTTOKAR, TYRE, t + 1000)
    events = state.apply(OTTOKAR, Grab(), t)
    result = result_of(events)
    assert result["reason"] == "all_grabbed"
    assert result["otters"] == [OTTILIE, OTTOKAR]
    assert result["penalties"] == []
    # Tyre width is the magnifier feature: Ottokar's waybill lies face down (2 points), and
    # Ottilie's (seat height) face up (1 point); one of them comes from the pile.
    assert state.down[OTTOKAR][-1] == 0
    assert state.up[OTTILIE] == [top_of_pile]
    assert [state.points(p) for p in range(4)] == [2, 3, 4, 2]
    assert result["points"] == [2, 3, 4, 2]
    assert [r["grab_card"] for r in result["players"]] == [2, 1, 3, None]
    assert not state.is_terminal()
    state.check_invariants()


def test_section_6_wrong_grab_costs_a_point():
    """Ottmar alone stacks the seat height (#2): face up, 1 point. Ottilie stacks wrong but
    grabs #1: she loses a point (her face-down waybill is turned over). Otto stacks wrong without
    a grab card: nothing happens. Ottokar alone stacks the tyre width (#3): face down."""
    state = revealed()
    t = stack(state, OTTILIE, WRONG, 3000, step=200)
    state.apply(OTTILIE, Grab(), t)
    t = stack(state, OTTMAR, SEAT, t)
    state.apply(OTTMAR, Grab(), t)
    t = stack(state, OTTO, WRONG, t)
    t = stack(state, OTTOKAR, TYRE[::-1], t + 500)
    result = result_of(state.apply(OTTOKAR, Grab(), t))
    assert result["otters"] == [OTTMAR, OTTOKAR]
    assert result["penalties"] == [{"seat": OTTILIE, "lost": "turned"}]
    assert len(state.up[OTTMAR]) == 1 and state.points(OTTMAR) == 3
    assert state.down[OTTILIE] == [] and len(state.up[OTTILIE]) == 1
    assert state.points(OTTILIE) == 1
    assert state.points(OTTOKAR) == 4
    assert state.points(OTTO) == 2
    by_seat = {r["seat"]: r for r in result["players"]}
    assert by_seat[OTTO]["correct"] is False and by_seat[OTTO]["grab_card"] is None
    assert by_seat[OTTOKAR]["feature"] == 1 and by_seat[OTTMAR]["feature"] == 0


# -- scoring ------------------------------------------------------------------------------------

def test_penalty_gives_up_a_face_up_waybill_first():
    state = revealed(players=3)
    state.up[OTTMAR].append(state.pile.pop(0))  # Ottmar already holds one face up
    given = state.up[OTTMAR][0]
    state.apply(OTTMAR, Grab(), 2500)  # nothing stacked: incomplete, and grabbed
    t = stack(state, OTTILIE, WRONG, 2600)
    result = result_of(state.apply(OTTILIE, Grab(), t))
    assert {p["seat"]: p["lost"] for p in result["penalties"]} == {OTTMAR: "gave_up",
                                                                  OTTILIE: "turned"}
    assert state.up[OTTMAR] == [] and len(state.down[OTTMAR]) == 1
    assert state.boxed == [given]
    assert result["otters"] == [None, None]
    assert state.discard == [0]  # nobody earned the played waybill: set aside


def test_nothing_to_lose_nothing_lost():
    state = revealed(players=2)
    state.boxed.append(state.down[OTTILIE].pop())  # Ottilie has no waybill any more
    result = result_of(state.apply(OTTILIE, Grab(), 2600))
    assert result["penalties"] == [{"seat": OTTILIE, "lost": "nothing"}]
    assert state.points(OTTILIE) == 0 and state.points(OTTMAR) == 2


def test_a_lone_otter_of_the_other_feature_takes_the_played_waybill_face_up():
    state = revealed(players=2)
    pile = len(state.pile)
    result = result_of(state.apply(OTTMAR, Grab(), stack(state, OTTMAR, SEAT, 3000)))
    assert result["otters"] == [OTTMAR, None]
    assert state.up[OTTMAR] == [0] and len(state.pile) == pile
    assert result["awards"] == [{"seat": OTTMAR, "feature": 0, "face": "up", "waybill": 0}]


def test_a_lone_magnifier_otter_takes_the_played_waybill_face_down():
    state = revealed(players=2)
    result = result_of(state.apply(OTTILIE, Grab(), stack(state, OTTILIE, TYRE, 3000)))
    assert result["otters"] == [None, OTTILIE]
    assert state.down[OTTILIE][-1] == 0 and state.points(OTTILIE) == 4
    assert result["awards"] == [{"seat": OTTILIE, "feature": 1, "face": "down", "waybill": None}]


def test_a_right_stack_without_a_grab_card_wins_nothing_and_loses_nothing():
    state = revealed(players=3)
    t = stack(state, OTTOKAR, TYRE, 2500)
    t = stack(state, OTTMAR, WRONG, t)
    state.apply(OTTMAR, Grab(), t)
    result = result_of(state.apply(OTTILIE, Grab(), t + 10))  # empty stack
    assert result["otters"] == [None, None]
    assert state.points(OTTOKAR) == 2
    assert {p["seat"] for p in result["penalties"]} == {OTTMAR, OTTILIE}


# -- stacking and grabbing ------------------------------------------------------------------

def test_nothing_to_do_before_the_waybill_is_revealed():
    state = fo.INFO.new(3, {}, 4)
    assert state.legal_actions(0) == []
    assert state.next_deadline() == READY_MS
    with pytest.raises(IllegalAction, match="no round in flight"):
        state.apply(0, PlaceBox("pink"), 100)


def test_stacking_legal_actions_undo_and_frozen_after_grab():
    state = revealed(players=3)
    assert set(state.legal_actions(0)) == {*(PlaceBox(c) for c in SEAT), Grab(), VoidRound()}
    stack(state, 0, ["pink", "blue"], 2100)
    assert PlaceBox("pink") not in state.legal_actions(0) and Undo() in state.legal_actions(0)
    before = state.state_hash()
    with pytest.raises(IllegalAction, match="each box once"):
        state.apply(0, PlaceBox("pink"), state.now)
    with pytest.raises(IllegalAction, match="no such box"):
        state.apply(0, PlaceBox("red"), state.now)
    assert state.state_hash() == before
    state.apply(0, Undo(), 2700)
    assert state.stacks[0] == ["pink"]
    events = state.apply(0, Grab(), 2800)
    assert events[0].data == {"card": 1, "ms": 800, "height": 1}
    assert state.legal_actions(0) == [VoidRound()]
    with pytest.raises(IllegalAction, match="stack frozen"):
        state.apply(0, Undo(), 2900)
    with pytest.raises(IllegalAction, match="stack frozen"):
        state.apply(0, Grab(), 2900)
    state.apply(1, Grab(), 2900)
    assert state.grabbed == [1, 2, None]
    assert state.phase == "result"  # both grab cards taken
    with pytest.raises(IllegalAction, match="no round in flight"):
        state.apply(2, PlaceBox("blue"), 2900)


def test_a_full_stack_is_five_presses_and_one_grab():
    state = revealed(players=2)
    t = stack(state, 0, TYRE, 2000)
    assert state.legal_actions(0) == [Undo(), Grab(), VoidRound()]
    state.apply(0, Grab(), t)
    assert len(state.log) == 6 + 1  # the tick that revealed the waybill, 5 boxes, 1 grab


def test_round_time_limit_scores_what_was_grabbed():
    state = revealed(players=3)
    t = stack(state, OTTILIE, SEAT, 2500)
    state.apply(OTTILIE, Grab(), t)
    limit = READY_MS + ROUND_LIMIT_MS
    assert state.next_deadline() == limit
    state.apply(OTTMAR, PlaceBox("blue"), limit - 1)  # the last moment that still counts
    assert state.phase == "stacking"
    events = state.tick(limit)  # the deadline takes effect at its own time
    result = result_of(events)
    assert result["reason"] == "time_limit"
    assert result["otters"] == [OTTILIE, None]
    assert result["margin_ms"] is None  # only one grab
    assert state.phase == "result" and state.next_deadline() == limit + RESULT_MS
    assert state.grab_cards == [2]
    late = revealed(players=3)
    with pytest.raises(IllegalAction, match="no round in flight") as refusal:
        late.apply(OTTMAR, PlaceBox("blue"), limit)  # the deadline comes first
    assert result_of(refusal.value.events)["reason"] == "time_limit"
    assert late.log[-1][0] is None  # the time that passed is logged, so it replays


def test_ticking_deadline_by_deadline_moves_on_through_an_idle_round():
    """A scene ticks the state at each deadline up to its clock: an idle table must reach the
    next round in a few ticks (no deadline that stays put)."""
    state = revealed(players=3)
    clock = READY_MS + ROUND_LIMIT_MS + RESULT_MS + 10
    ticks = 0
    while state.next_deadline() <= clock:
        state.tick(max(state.next_deadline(), state.now))
        ticks += 1
        assert ticks < 10
    assert state.phase == "ready" and state.round_no == 2
    assert state.last_result["reason"] == "time_limit"


def test_next_round_after_the_result_pause():
    state = revealed(players=2)
    t = stack(state, 0, SEAT, 2500)
    state.apply(0, Grab(), t)
    assert state.next_deadline() == t + RESULT_MS
    events = state.tick(t + RESULT_MS)
    assert [e.kind for e in events] == ["round_ready"]
    assert state.stacks == [[], []] and state.grab_cards == [1] and state.grabbed == [None, None]
    events = state.tick(t + RESULT_MS + READY_MS)
    assert [e.kind for e in events] == ["waybill_revealed"]
    assert state.round_no == 2 and state.onset == t + RESULT_MS + READY_MS


# -- timing records -------------------------------------------------------------------------

def test_round_result_carries_times_from_onset_and_the_photo_finish_margin():
    state = revealed(players=3)
    # Ottokar: first box 1500 ms after onset, a box every 300 ms, grab at 3000 ms.
    # Ottmar: first box at 1800 ms, a box every 260 ms, grab at 3137 ms (a photo finish).
    moves = [(1500 + 300 * i, OTTOKAR, PlaceBox(c)) for i, c in enumerate(TYRE)]
    moves += [(1800 + 260 * i, OTTMAR, PlaceBox(c)) for i, c in enumerate(SEAT)]
    moves += [(3000, OTTOKAR, Grab()), (3137, OTTMAR, Grab())]
    for ms, seat, action in sorted(moves, key=lambda m: m[0]):
        events = state.apply(seat, action, READY_MS + ms)
    result = result_of(events)
    times = {p["seat"]: (p["first_box_ms"], p["grab_ms"]) for p in result["players"]}
    assert times == {OTTMAR: (1800, 3137), OTTILIE: (None, None), OTTOKAR: (1500, 3000)}
    assert result["margin_ms"] == 137
    assert result["orders"] == [SEAT, TYRE]
    assert result["magnifier"] == 1 and result["magnifier_colour"] == "orange"
    assert result["players"][OTTOKAR]["stack"] == TYRE
    json.dumps(result)


def test_round_result_reports_first_box_and_grab_times_as_reactions():
    state = revealed(players=3)
    moves = [(1500 + 300 * i, OTTOKAR, PlaceBox(c)) for i, c in enumerate(TYRE)]
    moves += [(1700 + 200 * i, OTTMAR, PlaceBox(c)) for i, c in enumerate(WRONG)]
    moves += [(2900, OTTMAR, Grab()), (3100, OTTOKAR, Grab())]  # wrong, then right: the end
    for ms, seat, action in sorted(moves, key=lambda m: m[0]):
        events = state.apply(seat, action, READY_MS + ms)
    [event] = [e for e in events if e.kind == fo.ROUND_RESULT]
    got = sorted((r.player, r.kind, r.ms, r.correct) for r in from_event(event))
    assert got == [(OTTMAR, "first_box", 1700, False), (OTTMAR, "grab", 2900, False),
                   (OTTOKAR, "first_box", 1500, True), (OTTOKAR, "grab", 3100, True)]
    assert "reactions" not in state.last_result  # only the event carries them
    assert fo.INFO.event_kinds == fo.EVENT_KINDS


def standing(game, rnd, points, otters, grabs, waybills=None, magnifier=1):
    return {"game": game, "round": rnd, "points": points, "otters": otters,
            "waybills": waybills or [1] * len(points), "magnifier": magnifier, "grabs": grabs}


def test_the_highlight_is_the_photo_finish_after_which_the_winner_led_for_good():
    rows = [standing(1, 1, [2, 4, 2], [None, 1], [[3000, 1, True]]),        # seat 1 leads
            standing(1, 2, [4, 4, 2], [0, None], [[2600, 0, True], [4100, 2, False]]),
            standing(1, 3, [6, 4, 2], [None, 0], [[2500, 0, True], [2637, 1, True]]),
            standing(1, 4, [7, 4, 3], [0, 2], [[2500, 0, True], [2900, 2, True]])]
    h = fo.deciding_round(rows, [0])
    assert (h["kind"], h["round"], h["margin_ms"], h["beaten"], h["players"]) == \
        ("photo_finish", 3, 137, 1, [0, 1])
    assert h["text"].format(p0="Ann", p1="Ben", p2="Cleo") == \
        "In round 3, Ann grabbed 137 ms before Ben, took the double and led from then on."
    rows[2]["grabs"] = [[2500, 0, True], [3900, 1, True]]   # far ahead: not a photo finish
    assert fo.deciding_round(rows, [0])["kind"] == "decider"
    rows[2]["grabs"] = [[2100, 2, False], [2500, 0, True]]  # someone grabbed (wrongly) first
    h = fo.deciding_round(rows, [0])
    assert h["margin_ms"] is None and "stacked it right" in h["text"]
    assert fo.deciding_round([], [0])["kind"] == "no_round"


def test_the_highlight_is_in_the_view_once_the_game_is_over():
    assert fo.INFO.new(3, {}, 1).view(None)["highlight"] is None
    state = play(fo.INFO, 3, seed=2, levels="normal")
    h = state.view(None)["highlight"]
    assert h["kind"] in ("photo_finish", "decider") and h["seat"] == state.outcome().winners[0]
    assert h == state.view(0)["highlight"]
    json.dumps(h)


def test_records_kept_per_player_per_round_and_summarised():
    state = revealed(players=2)
    grab_ms = []
    for delay in (2400, 1900, 3100):
        onset = state.onset
        order = card(state.current).orders[0]
        stack(state, 0, order, onset + delay, step=200)
        state.apply(0, Grab(), onset + delay + 1000)
        grab_ms.append(delay + 1000)
        state.tick(onset + delay + 1000 + RESULT_MS + READY_MS)
    mine = [r for r in state.records if r["seat"] == 0]
    assert [r["round"] for r in mine] == [1, 2, 3]
    assert all(r["correct"] for r in mine)
    summary = timing_summary(state.records, 0)
    assert summary["grab"] == {"count": 3, "median": statistics.median(grab_ms),
                               "best": min(grab_ms)}
    assert summary["first_box"]["best"] == 1900
    assert timing_summary(state.records, 1)["grab"]["count"] == 0


def test_timing_summary_counts_only_right_grabs_as_grab_times():
    records = [
        {"seat": 0, "first_box_ms": 900, "grab_ms": 2000, "correct": True},
        {"seat": 0, "first_box_ms": 700, "grab_ms": 1500, "correct": False},
        {"seat": 0, "first_box_ms": None, "grab_ms": None, "correct": False},
        {"seat": 1, "first_box_ms": 100, "grab_ms": 200, "correct": True},
    ]
    summary = timing_summary(records, 0)
    assert summary["grab"] == {"count": 1, "median": 2000, "best": 2000}
    assert summary["first_box"] == {"count": 2, "median": 800, "best": 700}
    assert summary["correct"] == 1 and summary["wrong_grabs"] == 1 and summary["rounds"] == 3


# -- VoidRound --------------------------------------------------------------------------------

def test_void_round_sets_the_waybill_aside_and_starts_afresh():
    state = revealed(players=3)
    t = stack(state, 0, WRONG, 2500)
    state.apply(0, Grab(), t)  # would cost a point if scored
    t = stack(state, 1, SEAT[:2], t)
    records = len(state.records)
    events = state.apply(2, VoidRound(), t + 100)
    assert [e.kind for e in events] == ["round_voided", "round_ready"]
    assert state.discard == [0]
    assert state.stacks == [[], [], []] and state.grab_cards == [1, 2]
    assert state.grabbed == [None] * 3 and state.current is None
    assert [state.points(p) for p in range(3)] == [2, 2, 2]
    assert len(state.records) == records
    assert state.phase == "ready" and state.next_deadline() == t + 100 + READY_MS
    events = state.tick(t + 100 + READY_MS)
    assert events[0].kind == "waybill_revealed" and events[0].data["waybill"] != 0
    assert state.round_no == 2
    state.check_invariants()


def test_void_round_is_for_any_seat_only_while_a_round_is_in_flight():
    state = fo.INFO.new(2, {}, 9)
    assert VoidRound() not in state.legal_actions(1)
    state.tick(READY_MS)
    assert VoidRound() in state.legal_actions(0) and VoidRound() in state.legal_actions(1)


# -- end of the game ----------------------------------------------------------------------------

def give(state, seat, face_down=0, face_up=0):
    for _ in range(face_down):
        state.down[seat].append(state.pile.pop(0))
    for _ in range(face_up):
        state.up[seat].append(state.pile.pop(0))


def test_game_ends_after_the_round_in_which_someone_reaches_five_waybills():
    state = revealed(players=2)
    give(state, OTTMAR, face_up=3)  # 1 face down + 3 face up = 4 waybills
    result = result_of(state.apply(OTTMAR, Grab(), stack(state, OTTMAR, SEAT, 2500)))
    assert result["game_over"] is True
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.end_reason == "five_waybills"
    outcome = state.outcome()
    assert outcome.scores == [6, 2] and outcome.winners == [OTTMAR]
    assert state.view(None)["timing"][OTTMAR]["grab"]["count"] == 1


def test_four_waybills_do_not_end_the_game():
    state = revealed(players=2)
    give(state, OTTMAR, face_up=2)
    state.apply(OTTMAR, Grab(), stack(state, OTTMAR, SEAT, 2500))
    assert state.waybill_count(OTTMAR) == 4 and not state.is_terminal()


def test_tie_goes_to_fewer_waybills():
    state = revealed(players=3)
    give(state, OTTILIE, face_up=2)  # 4 points on 3 waybills
    give(state, OTTOKAR, face_down=1)  # 4 points on 2 waybills
    give(state, OTTMAR, face_up=3)  # 5 points on 4 waybills, then stacks wrong
    t = stack(state, OTTMAR, WRONG, 2500)
    state.apply(OTTMAR, Grab(), t)  # loses a point: 4 points on 3 waybills
    t = stack(state, OTTILIE, SEAT, t)
    result = result_of(state.apply(OTTILIE, Grab(), t))  # 5 points, 4 waybills
    assert result["points"] == [4, 5, 4]
    assert not state.is_terminal()
    assert winners([4, 4, 4], [3, 3, 2]) == [2]
    assert winners([4, 4, 1], [3, 3, 1]) == [0, 1]  # still tied: shared
    assert winners([5, 4, 4], [5, 2, 2]) == [0]


def test_tie_break_at_the_table():
    state = revealed(players=2)
    give(state, OTTMAR, face_up=2)  # 4 points on 3 waybills
    give(state, OTTILIE, face_down=1, face_up=1)  # 5 points on 3 waybills
    state.apply(OTTMAR, Grab(), stack(state, OTTMAR, SEAT, 2500))  # +1: 5 points on 4
    assert state.waybill_count(OTTMAR) == 4 and not state.is_terminal()
    state.tick(state.next_deadline() + READY_MS)
    give(state, OTTILIE, face_up=1)  # 6 points on 4 waybills
    waybill = card(state.current)
    magnifier_order = waybill.orders[waybill.magnifier]
    state.apply(OTTMAR, Grab(), stack(state, OTTMAR, magnifier_order, state.now))  # +2: 7 on 5
    assert state.is_terminal()
    assert state.outcome().scores == [7, 6] and state.outcome().winners == [OTTMAR]


def test_pile_running_out_ends_the_game():
    state = revealed(players=2)
    state.boxed += state.pile[1:]
    del state.pile[1:]  # one waybill left: not enough for a round with two otters
    state.check_invariants()
    result = result_of(state.apply(OTTMAR, Grab(), stack(state, OTTMAR, SEAT, 2500)))
    assert not result["game_over"] and not state.is_terminal()
    events = state.tick(state.next_deadline())
    assert [e.kind for e in events] == ["game_over"]
    assert state.is_terminal() and state.end_reason == "pile"
    assert state.outcome().winners == [OTTMAR]


# -- series ---------------------------------------------------------------------------------------

def test_series_plays_three_games_and_totals_them():
    state = fo.INFO.new(2, {"series": True}, 5)
    scores = []
    for game_no in (1, 2, 3):
        assert state.game_no == game_no
        assert [state.waybill_count(p) for p in (0, 1)] == [1, 1]
        deal_on_top(state, 0)
        state.tick(state.next_deadline())
        give(state, game_no % 2, face_up=3)
        seat = game_no % 2
        events = state.apply(seat, Grab(), stack(state, seat, SEAT, state.now + 1500))
        over = [e for e in events if e.kind == "game_over"]
        assert over and over[0].data["final"] == (game_no == 3)
        scores.append([state.points(p) for p in (0, 1)])
        if game_no < 3:
            assert state.phase == "break"
            events = state.tick(state.next_deadline())
            assert events[0].kind == "game_started"
            assert state.next_deadline() == state.now + READY_MS
    assert state.is_terminal()
    totals = [sum(s[p] for s in scores) for p in (0, 1)]
    assert totals == [2 + 6 + 2, 6 + 2 + 6]
    assert state.outcome().scores == totals and state.outcome().winners == [1]
    assert state.view(None)["series_points"] == totals


def test_series_break_lasts_game_break_ms():
    state = revealed(players=2, options={"series": True})
    give(state, 0, face_up=3)
    state.apply(0, Grab(), stack(state, 0, SEAT, 2500))
    assert state.phase == "break" and state.next_deadline() == state.now + GAME_BREAK_MS


# -- hidden information -------------------------------------------------------------------------

def test_views_never_show_the_next_waybill():
    state = fo.INFO.new(4, {}, 2)
    ready = state.view(1)
    assert ready["waybill"] is None and ready["pile"] == 60 - 4
    assert ready["players"][1]["face_down"] == 1 and "down" not in ready["players"][1]
    variant = state.hidden_variant(1, random.Random(3))
    assert variant.pile != state.pile and variant.view(1) == ready
    state.tick(READY_MS)
    assert state.view(None)["waybill"]["id"] == state.current
    json.dumps(state.view(None))


def test_hidden_variant_keeps_seen_face_down_waybills():
    state = revealed(players=2)
    state.apply(1, Grab(), stack(state, 1, TYRE, 2500))  # waybill 0 now lies face down
    for seed in range(5):
        variant = state.hidden_variant(0, random.Random(seed))
        assert 0 in variant.down[1]
        variant.check_invariants()
        assert variant.view(0) == state.view(0)


# -- bots -----------------------------------------------------------------------------------------

def games(level, players=3, seeds=range(4)):
    return [play(fo.INFO, players, seed=seed, levels=level) for seed in seeds]


def test_bots_finish_games_at_every_level():
    for level in ("easy", "normal", "hard"):
        for state in games(level, players=4, seeds=range(2)):
            assert state.is_terminal() and state.end_reason == "five_waybills"
            state.check_invariants()


def test_bots_read_for_seconds_and_hard_is_quicker_and_surer_than_easy():
    first_box = {}
    wrong = {}
    for level in ("easy", "hard"):
        records = [r for s in games(level) for r in s.records]
        first_box[level] = statistics.median(r["first_box_ms"] for r in records
                                             if r["first_box_ms"] is not None)
        grabs = [r for r in records if r["grab_ms"] is not None]
        wrong[level] = sum(not r["correct"] for r in grabs) / len(grabs)
    assert 1200 < first_box["hard"] < first_box["easy"] < 8000
    assert wrong["hard"] < wrong["easy"]


def box_gaps(state):
    """Per round and player, the gaps (ms) between their successive PlaceBox presses of a
    round with no Undo in it."""
    runs, current = [], {}
    for player, action, t in state.log:
        kind = action["type"]
        if kind == "PlaceBox":
            times = current.setdefault(player, [])
            if len(times) == 5:  # a round that ended without their grab: start afresh
                times.clear()
            times.append(t)
        elif kind == "Undo":
            current[player] = [None]  # spoilt: not a clean run
        elif kind == "Grab":
            times = current.pop(player, [])
            if len(times) == 5 and None not in times:
                runs.append([b - a for a, b in zip(times, times[1:])])
    return runs


def test_bots_press_at_a_persons_pace_and_sometimes_undo():
    """Each next box needs comparisons among the items left and then a five-button choice
    (Hick-Hyman, game/norms.py): the gaps shrink as fewer items are left, and the last one
    (no comparison left) is about a choice time."""
    runs = [r for seed in range(11, 15) for r in box_gaps(play(fo.INFO, 4, seed, "normal"))]
    assert len(runs) > 20
    by_step = [statistics.median(r[k] for r in runs) for k in range(4)]
    assert by_step == sorted(by_step, reverse=True)
    assert 0.7 * hick_ms(5) < by_step[-1] < 1.4 * hick_ms(5)
    states = [play(fo.INFO, 4, seed=s, levels="easy") for s in range(12, 16)]
    assert sum(entry[1]["type"] == "Undo" for s in states for entry in s.log) > 0


def test_each_cpu_is_its_own_person_within_its_levels_band_of_the_simple_norm():
    norm, players = otter_bots.SIMPLE_NORM, otter_bots.PLAYERS
    for level in ("easy", "normal", "hard"):
        lo, hi = players[level].simple_share
        medians = {otter_bots.OtterBot(0, seed, level).simple_ms for seed in range(6)}
        assert len(medians) == 6  # no two CPUs alike
        for m in medians:
            assert norm.quantile(lo) - 2 < m < norm.quantile(hi) + 2
    assert players["hard"].simple_share[1] <= players["normal"].simple_share[0]


def test_the_outcome_says_in_words_how_the_game_ended_and_what_broke_a_tie():
    state = fo.INFO.new(3, {}, 1)
    state.down = [[1, 2], [3, 4], [5]]
    state.up = [[], [], [6, 7]]  # 4 points each; seat 2 needs three waybills for them
    state.end_reason = "five_waybills"
    outcome = state.outcome()
    assert outcome.winners == [0, 1]
    assert outcome.verdict == ("A fifth waybill ended the game; tie on 4 points: fewer waybills "
                               "decide")
    state.down = [[1, 2], [3], [5]]
    state.up = [[], [], [6]]
    state.end_reason = "pile"
    assert state.outcome().verdict == "The pile ran out"
    assert state.outcome().winners == [0]
