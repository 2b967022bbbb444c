"""Flotte Flitzer: the rulebook as tests, section by section, with every "Correction" paragraph;
hand-built positions (scenarios), refused moves that change nothing, a property test over random
races, and the CPU players.

Positions are built with `table(layout, hands, top)`: `layout` places chosen cars (car ->
(row, lane), or "fin" for a car over the line); every other car is parked in rows 16-19, out of
the way. `top` lists the cards to be turned up first. A turn ends with the mover's Draw
(`end_turn`); a lane after a turned-up card is the mover's choice (Steer; `keep_lanes` takes
the default each time, as one press of A does on the TV).
"""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import GAMES
from game.bots.flotte_flitzer import FlitzerBot
from game.core import TERMINAL, IllegalAction
from game.flotte_flitzer import (
    AUFHOLJAGD,
    CARDS,
    DANGER,
    DECK_SIZE,
    FALSCHER_GANG,
    GEFAHR,
    HAND,
    INFO,
    POINTS,
    RISIKO,
    SKID,
    UEBERHOLEN,
    WINDSCHATTEN,
    FlotteFlitzerState,
    Draw,
    Place,
    Play,
    RiskAgain,
    RiskStop,
    Steer,
    colour_of,
)
from game.runner import play

PARKING = [(r, lane) for r in range(16, 20) for lane in range(3)]


def cards(kind, value=None, colour=None, marker="any") -> list[int]:
    return [i for i, c in enumerate(CARDS) if c.kind == kind
            and (value is None or c.value == value) and (colour is None or c.colour == colour)
            and (marker == "any" or c.marker == marker)]


def card(kind, value=None, colour=None, marker="any", n=0) -> int:
    return cards(kind, value, colour, marker)[n]


SAFE = cards(UEBERHOLEN, 1, marker=None)       # cards with nothing at the bottom
MINUS2 = cards(UEBERHOLEN, 2, marker=-2)
MINUS4 = cards(WINDSCHATTEN, 4)
SKIDS = cards(UEBERHOLEN, 1, marker=SKID)


def table(layout=None, hands=None, top=(), players=2, turn=0) -> FlotteFlitzerState:
    """A race at a hand-built position; card totals stay those of a real game."""
    state = FlotteFlitzerState(players, {}, seed=0)
    layout = dict(layout or {})
    taken = {v for v in layout.values() if v != "fin"}
    parking = iter(p for p in PARKING if p not in taken)
    state.pos = [None] * 12
    state.finished = []
    state.finishes = []
    for car in range(12):
        where = layout.get(car)
        if where == "fin":
            state.finished.append(car)
            state.finishes.append({"car": car, "seat": 0, "card": 0, "why": UEBERHOLEN,
                                   "from": 30, "passed": 0})
        else:
            state.pos[car] = list(where if where is not None else next(parking))
    state._count_table()   # (pos was set by hand: the state's tables follow it)
    hands = {s: list(h) for s, h in (hands or {}).items()}
    used = {c for h in hands.values() for c in h} | set(top)
    rest = [c for c in range(DECK_SIZE) if c not in used]
    for s in range(players):
        if s not in hands:
            hands[s] = [rest.pop() for _ in range(HAND)]
    state.hands = [hands[s] for s in range(players)]
    state.draw = rest + list(reversed(top))
    state.discard = []
    state.turn = turn
    state.phase = "play"
    state.to_place = []
    state.check_invariants()
    return state


def on_the_grid(state, lanes=()):
    """Set up the starting grid: the seats' Place choices (`lanes` first, then each default)."""
    lanes = list(lanes)
    while state.phase == "grid":
        p = state.current_player()
        choice = state.view(p)["lane_choice"]
        state.apply(p, Place(lanes.pop(0) if lanes else choice["default"]))
    return state


def keep_lanes(state):
    """The mover keeps the lane each turned-up card left the car in (the default)."""
    while state.phase == "steer":
        p = state.current_player()
        state.apply(p, Steer(state.view(p)["lane_choice"]["default"]))


def end_turn(state):
    """Finish the mover's turn with the defaults: keep lanes, stop a Risiko run, draw."""
    p = state.current_player()
    while state.current_player() == p and not state.is_terminal():
        if state.phase == "steer":
            keep_lanes(state)
        elif state.phase == "risk":
            state.apply(p, RiskStop())
        else:
            state.apply(p, Draw())


def hand_with(*ids) -> list[int]:
    """A hand of five holding `ids`, filled up with Falscher Gang cards."""
    filler = [c for c in cards(FALSCHER_GANG) if c not in ids]
    return list(ids) + filler[:HAND - len(ids)]


def refused(state, player, action, rule):
    before, log = state.state_hash(), len(state.log)
    with pytest.raises(IllegalAction) as exc:
        state.apply(player, action)
    assert exc.value.rule == rule
    assert state.state_hash() == before and len(state.log) == log


def at(state, car):
    return None if state.pos[car] is None else tuple(state.pos[car])


# --- Materials ----------------------------------------------------------------------------------

def test_the_deck_is_the_gaps_design_deck():
    assert DECK_SIZE == 54
    kinds = Counter(c.kind for c in CARDS)
    assert kinds == {WINDSCHATTEN: 18, UEBERHOLEN: 16, FALSCHER_GANG: 6, AUFHOLJAGD: 6,
                     RISIKO: 4, GEFAHR: 4}
    for colour in range(6):
        assert sorted(c.value for c in CARDS if c.kind == WINDSCHATTEN
                      and c.colour == colour) == [2, 3, 4]
    assert Counter(c.marker for c in CARDS if c.marker is not None) == {-2: 10, -4: 6, SKID: 2}
    assert all(c.value == 4 for c in CARDS if c.kind == AUFHOLJAGD)
    assert GAMES["flotte_flitzer"] is INFO


# --- Setting up ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 6])
def test_setup_puts_all_twelve_cars_in_the_starting_blocks(players):
    state = FlotteFlitzerState(players, {}, seed=players)
    assert state.phase == "grid" and all(p is None for p in state.pos)
    on_the_grid(state)                             # every seat keeps the default lanes
    assert sorted(tuple(p) for p in state.pos) == [(r, ln) for r in range(4) for ln in range(3)]
    # Youngest first: each places one car as close to the start line (row 3) as possible, the
    # other as far back as possible.
    assert at(state, 0) == (3, 0) and at(state, 1) == (0, 0)
    assert at(state, 2) == (3, 1) and at(state, 3) == (0, 1)
    assert at(state, 6)[0] == 2 and at(state, 7)[0] == 1
    assert [len(h) for h in state.hands] == [HAND] * players
    assert len(state.draw) == DECK_SIZE - HAND * players
    assert [state.owner(c) for c in range(12)] == [c // 2 if c // 2 < players else None
                                                   for c in range(12)]
    assert state.current_player() == 0 and state.phase == "play"


def test_on_the_grid_each_seat_picks_its_lanes_front_car_first():
    state = FlotteFlitzerState(3, {}, seed=1)
    choice = state.view(0)["lane_choice"]
    assert choice == {"kind": "place", "car": 0, "row": 3, "lanes": [0, 1, 2], "default": 0}
    assert state.legal_actions(0) == [Place(0), Place(1), Place(2)]
    refused(state, 0, Play(state.hands[0][0], 0, 0), "place your car first")
    refused(state, 1, Place(0), "not your turn")
    events = state.apply(0, Place(2))              # the front car on the outside
    assert at(state, 0) == (3, 2) and [e.kind for e in events] == ["placed"]
    assert state.current_player() == 0             # then the back car, to row 0
    assert state.view(0)["lane_choice"]["row"] == 0
    state.apply(0, Place(1))
    assert at(state, 1) == (0, 1) and state.current_player() == 1
    choice = state.view(1)["lane_choice"]
    assert choice["row"] == 3 and choice["lanes"] == [0, 1] and choice["default"] == 0
    refused(state, 1, Place(2), "lane not free")
    on_the_grid(state)
    # the neutral colours 3-5 were placed after the seats, inside first, by nobody
    assert at(state, 6)[0] == 2 and at(state, 7)[0] == 1
    assert state.phase == "play" and state.current_player() == 0
    state.check_invariants()


def test_the_grid_places_all_twelve_whatever_the_lanes():
    for seed in range(20):
        state = FlotteFlitzerState(6, {}, seed=seed)
        rng = random.Random(seed)
        while state.phase == "grid":
            p = state.current_player()
            state.apply(p, rng.choice(state.legal_actions(p)))
            state.check_invariants()
        assert sorted(tuple(p) for p in state.pos) == [(r, ln) for r in range(4)
                                                       for ln in range(3)]


# --- Moving the cars ----------------------------------------------------------------------------

def test_one_space_is_any_lane_of_the_next_row():
    u1 = card(UEBERHOLEN, 1)
    state = table({0: (5, 0)}, {0: hand_with(u1)})
    plays = [a for a in state.legal_actions(0) if a.card == u1 and a.car == 0]
    assert sorted(a.lane for a in plays) == [0, 1, 2]
    state.apply(0, Play(u1, 0, 2))
    assert at(state, 0) == (6, 2)


def test_a_move_may_not_end_on_a_full_row_and_is_then_forfeited():
    u1 = card(UEBERHOLEN, 1)
    state = table({0: (5, 0), 2: (6, 0), 3: (6, 1), 4: (6, 2)}, {0: hand_with(u1)})
    plays = [a for a in state.legal_actions(0) if a.card == u1 and a.car == 0]
    assert plays == [Play(u1, 0, -1, -1)]          # no lane: the move is forfeited
    refused(state, 0, Play(u1, 0, 1), "no lane to choose")
    state.apply(0, Play(u1, 0))
    assert at(state, 0) == (5, 0)                  # nothing moved ...
    assert u1 in state.discard and u1 not in state.hands[0]   # ... and the card is spent
    assert state.phase == "draw" and state.legal_actions(0) == [Draw()]
    state.apply(0, Draw())
    assert len(state.hands[0]) == HAND and state.current_player() == 1


def test_correction_moving_through_two_full_rows_to_a_free_one():
    w4 = card(WINDSCHATTEN, 4, colour=0)
    full = dict(zip(range(2, 8), [(6, 0), (6, 1), (6, 2), (7, 0), (7, 1), (7, 2)]))
    state = table({0: (5, 0), 8: (8, 0), **full}, {0: hand_with(w4)})
    # Windschatten +4 from row 5 passes the full rows 6 and 7; row 9 is free.
    state.apply(0, Play(w4, 0, 1))
    assert at(state, 0) == (9, 1)
    u2 = card(UEBERHOLEN, 2, marker=None)
    row6 = {c: (6, lane) for c, lane in zip((2, 3, 4), range(3))}
    state2 = table({0: (5, 0), **row6}, {0: hand_with(u2)})
    state2.apply(0, Play(u2, 0, 2))                # through the full row 6 to row 7
    assert at(state2, 0) == (7, 2)


def test_a_move_is_all_or_nothing():
    u2 = card(UEBERHOLEN, 2, marker=None)
    state = table({0: (5, 0), 2: (7, 0), 3: (7, 1), 4: (7, 2)}, {0: hand_with(u2)})
    assert [a for a in state.legal_actions(0) if a.card == u2 and a.car == 0] == [Play(u2, 0)]
    state.apply(0, Play(u2, 0))
    assert at(state, 0) == (5, 0)                  # not "only 1 of the 2"


def test_refusals_name_the_rule_and_change_nothing():
    u1 = card(UEBERHOLEN, 1)
    w2 = card(WINDSCHATTEN, 2, colour=1)
    state = table({0: (5, 0), 2: (6, 0)}, {0: hand_with(u1, w2)})
    refused(state, 0, Play(u1, 0, 0), "lane not free")
    refused(state, 0, Play(u1, 0, 3), "lane not free")
    refused(state, 0, Play(card(UEBERHOLEN, 1, n=5), 0, 1), "card not in your hand")
    refused(state, 0, Play(w2, 0, 1), "Windschatten: a car of the card's colour")
    refused(state, 0, Play(u1, 12, 1), "no such car")
    refused(state, 0, Play(u1, -1), "name a car")
    refused(state, 0, RiskAgain(), "no Risiko run")
    refused(state, 1, Play(u1, 0, 1), "not your turn")


def test_a_finished_car_cannot_be_moved():
    u1 = card(UEBERHOLEN, 1)
    state = table({0: "fin"}, {0: hand_with(u1)})
    refused(state, 0, Play(u1, 0), "car has finished")


# --- Windschatten --------------------------------------------------------------------------------

def test_windschatten_slipstream_pulls_the_car_right_behind():
    w3 = card(WINDSCHATTEN, 3, colour=0)
    state = table({0: (8, 1), 5: (7, 1), 6: (7, 0)}, {0: hand_with(w3)})
    follows = {a.follow for a in state.legal_actions(0) if a.card == w3 and a.car == 0}
    assert follows == {0, 1, 2}                    # the follower chooses its own lane
    state.apply(0, Play(w3, 0, 0, 2))
    assert at(state, 0) == (11, 0)
    assert at(state, 5) == (10, 2)                 # same distance, the row behind the front car
    assert at(state, 6) == (7, 0)                  # diagonally behind: no slipstream


def test_correction_a_front_car_that_cannot_move_takes_nobody_along():
    w2 = card(WINDSCHATTEN, 2, colour=0)
    state = table({0: (8, 1), 5: (7, 1), 2: (10, 0), 3: (10, 1), 4: (10, 2)},
                  {0: hand_with(w2)})
    assert [a for a in state.legal_actions(0) if a.card == w2 and a.car == 0] == [Play(w2, 0)]
    state.apply(0, Play(w2, 0))
    assert at(state, 0) == (8, 1) and at(state, 5) == (7, 1)


def test_the_slipstreaming_car_alone_may_be_stopped_by_a_full_row():
    w2 = card(WINDSCHATTEN, 2, colour=0)
    # Front car 8 -> 10 is fine; the follower (7 -> 9) would end on the full row 9.
    state = table({0: (8, 1), 5: (7, 1), 2: (9, 0), 3: (9, 1), 4: (9, 2)}, {0: hand_with(w2)})
    state.apply(0, Play(w2, 0, 1))
    assert at(state, 0) == (10, 1) and at(state, 5) == (7, 1)


def test_ueberholen_has_no_slipstream():
    u2 = card(UEBERHOLEN, 2)
    state = table({0: (8, 1), 5: (7, 1)}, {0: hand_with(u2)})
    state.apply(0, Play(u2, 0, 1))
    assert at(state, 0) == (10, 1) and at(state, 5) == (7, 1)


# --- Falscher Gang and Aufholjagd ---------------------------------------------------------------

def test_falscher_gang_moves_one_back_but_never_behind_the_finish_line():
    fg = card(FALSCHER_GANG)
    state = table({4: (9, 2), 2: (0, 1)}, {0: hand_with(fg)})
    state.apply(0, Play(fg, 4, 0))
    assert at(state, 4) == (8, 0)
    state = table({4: (9, 2), 2: (0, 1)}, {0: hand_with(fg)})
    assert [a for a in state.legal_actions(0) if a.card == fg and a.car == 2] == [Play(fg, 2)]
    state.apply(0, Play(fg, 2))
    assert at(state, 2) == (0, 1)


def test_aufholjagd_only_for_a_car_with_at_most_two_cars_behind_it():
    aj = card(AUFHOLJAGD)
    # Rows: car 9 at 2, car 10 at 3, car 11 at 3 (same row), car 0 at 4, car 1 at 5.
    state = table({9: (2, 0), 10: (3, 0), 11: (3, 1), 0: (4, 0), 1: (5, 0)}, {0: hand_with(aj)})
    allowed = {a.car for a in state.legal_actions(0) if a.card == aj}
    assert allowed == {9, 10, 11}                  # same-row cars are not "behind"
    refused(state, 0, Play(aj, 0, 0), "Aufholjagd: at most 2 cars behind")
    state.apply(0, Play(aj, 10, 2))
    assert at(state, 10) == (7, 2)                 # +4 (GAPS 1.3)


# --- Risiko -------------------------------------------------------------------------------------

def risiko_table(layout, top, car_owner_seat=0):
    rk = card(RISIKO)
    return rk, table(layout, {0: hand_with(rk)}, top=top)


def test_correction_risiko_may_be_played_on_a_car_in_the_starting_blocks():
    rk, state = risiko_table({6: (2, 2)}, [SAFE[0]])
    assert Play(rk, 6) in state.legal_actions(0)
    state.apply(0, Play(rk, 6))
    assert at(state, 6) == (3, 2)
    keep_lanes(state)
    assert state.phase == "draw"                   # not her own car: one card, turn over


def test_risiko_safe_card_is_one_forward_ignoring_the_card_itself():
    w4 = card(WINDSCHATTEN, 2, colour=3)           # a safe Windschatten: no slipstream either
    rk, state = risiko_table({6: (12, 1), 7: (11, 1)}, [w4])
    state.apply(0, Play(rk, 6))
    assert at(state, 6) == (13, 1) and at(state, 7) == (11, 1)
    assert state.discard[-1] == w4 and rk in state.discard


@pytest.mark.parametrize("marker,back", [(-2, 2), (-4, 4)])
def test_risiko_number_sends_the_car_back(marker, back):
    top = MINUS2[0] if marker == -2 else MINUS4[0]
    rk, state = risiko_table({6: (12, 1)}, [top])
    state.apply(0, Play(rk, 6))
    assert at(state, 6) == (12 - back, 1)


def test_correction_backwards_is_all_or_nothing_behind_the_line_and_on_full_rows():
    rk, state = risiko_table({6: (1, 1)}, [MINUS2[0]])
    state.apply(0, Play(rk, 6))                    # 1 - 2 would be behind the finish line
    assert at(state, 6) == (1, 1)
    rk, state = risiko_table({6: (12, 1), 2: (10, 0), 3: (10, 1), 4: (10, 2)}, [MINUS2[0]])
    state.apply(0, Play(rk, 6))                    # row 10 is full
    assert at(state, 6) == (12, 1)


def test_correction_schleudern_goes_to_the_rearmost_cars_row():
    # The rearmost car is at row 2; the skidding car (row 14) does not stop behind the next
    # car (row 13) but goes all the way back.
    layout = {6: (14, 1), 8: (13, 1), 9: (2, 0)}
    rk, state = risiko_table(layout, [SKIDS[0]])
    state.apply(0, Play(rk, 6))
    assert at(state, 6) == (2, 1)


def test_correction_schleudern_into_a_full_rear_row_has_no_effect():
    layout = {6: (14, 1), 8: (2, 0), 9: (2, 1), 10: (2, 2)}
    rk, state = risiko_table(layout, [SKIDS[0]])
    state.apply(0, Play(rk, 6))
    assert at(state, 6) == (14, 1)
    assert state.phase == "draw"                   # no lane to choose: the turn is done


def test_risiko_on_your_own_car_push_your_luck():
    rk, state = risiko_table({0: (12, 1)}, [SAFE[0], SAFE[1], MINUS2[0]])
    state.apply(0, Play(rk, 0))
    assert at(state, 0) == (13, 1)
    assert state.current_player() == 0 and state.phase == "steer"   # its lane first
    refused(state, 0, RiskAgain(), "choose the car's lane first")
    state.apply(0, Steer(2))
    assert at(state, 0) == (13, 2) and state.phase == "risk"
    assert state.legal_actions(0) == [RiskAgain(), RiskStop()]
    refused(state, 0, Play(state.hands[0][0], 0), "decide the Risiko run first")
    state.apply(0, RiskAgain())
    keep_lanes(state)
    assert at(state, 0) == (14, 2) and state.phase == "risk"
    state.apply(0, RiskAgain())                    # -2: back, and the turn is over
    keep_lanes(state)
    assert at(state, 0) == (12, 2) and state.phase == "draw"
    state.apply(0, Draw())
    assert state.current_player() == 1 and len(state.hands[0]) == HAND


def test_risiko_stop_ends_the_turn_and_draws():
    rk, state = risiko_table({0: (12, 1)}, [SAFE[0], MINUS4[0]])
    state.apply(0, Play(rk, 0))
    keep_lanes(state)
    assert len(state.hands[0]) == HAND - 1
    state.apply(0, RiskStop())
    assert at(state, 0) == (13, 1) and state.phase == "draw"
    state.apply(0, Draw())
    assert state.current_player() == 1 and len(state.hands[0]) == HAND
    assert MINUS4[0] not in state.discard          # the -4 was never turned up


def test_risiko_on_a_neutral_car_is_one_card_only():
    rk, state = risiko_table({10: (12, 1)}, [SAFE[0], SAFE[1]])  # colour 5: neutral with 2 players
    assert state.owner(10) is None
    state.apply(0, Play(rk, 10))
    keep_lanes(state)
    assert at(state, 10) == (13, 1) and state.phase == "draw"


# --- Gefahr -------------------------------------------------------------------------------------

def test_gefahr_only_for_a_car_on_a_danger_space():
    gf = card(GEFAHR)
    row, lane = min(DANGER)
    state = table({4: (row, lane), 5: (row, 0)}, {0: hand_with(gf)}, top=[SAFE[0], SAFE[1]])
    assert {a.car for a in state.legal_actions(0) if a.card == gf} == {4}
    refused(state, 0, Play(gf, 5), "Gefahr: a car on a danger space")
    state.apply(0, Play(gf, 4))
    assert at(state, 4) == (row, lane)             # no marker on either card: nothing happens
    assert state.discard[-2:] == [SAFE[0], SAFE[1]]


def test_gefahr_markers_apply_in_the_order_drawn():
    gf = card(GEFAHR)
    row, lane = 12, 2
    assert (row, lane) in DANGER
    state = table({4: (row, lane), 9: (3, 0)}, {0: hand_with(gf)}, top=[MINUS2[0], SKIDS[0]])
    state.apply(0, Play(gf, 4))
    assert at(state, 4) == (10, 2) and state.phase == "steer"   # 12 -> 10: its lane?
    state.apply(0, Steer(1))
    assert at(state, 4)[0] == 3                    # then a skid to the rear row 3
    assert state.view(0)["lane_choice"]["lanes"] == [1, 2] and state.phase == "steer"
    keep_lanes(state)
    assert at(state, 4) == (3, 1) and state.phase == "draw"


def test_gefahr_without_a_car_on_danger_is_a_dead_card():
    gf = card(GEFAHR)
    state = table({}, {0: hand_with(gf)})
    assert not any(tuple(p) in DANGER for p in state.pos if p is not None)
    assert [a for a in state.legal_actions(0) if a.card == gf] == [Play(gf, -1)]
    before = [list(p) for p in state.pos]
    state.apply(0, Play(gf, -1))
    assert state.pos == before and gf in state.discard


# --- Cards and piles ----------------------------------------------------------------------------

def test_the_played_cards_are_reshuffled_when_the_draw_pile_runs_out():
    u1 = card(UEBERHOLEN, 1)
    state = table({0: (5, 0)}, {0: hand_with(u1)})
    keep = state.draw[-1]
    state.discard = state.draw[:-1]
    state.draw = [keep]
    state.apply(0, Play(u1, 0, 0))
    state.apply(0, Draw())                         # draws the last card: reshuffle at once
    assert keep in state.hands[0]
    assert len(state.draw) == DECK_SIZE - 2 * HAND and state.discard == []
    state.check_invariants()


def test_turns_go_round_and_hands_come_back_to_five():
    state = on_the_grid(FlotteFlitzerState(3, {}, seed=11))
    for expected in (0, 1, 2, 0):
        assert state.current_player() == expected
        state.apply(expected, state.legal_actions(expected)[0])
        end_turn(state)
        assert len(state.hands[expected]) == HAND


# --- End of the game ----------------------------------------------------------------------------

def test_the_race_ends_when_the_sixth_car_crosses_and_places_score():
    w4 = card(WINDSCHATTEN, 4, colour=1)
    # Cars 0, 1, 4, 5, 6 are over the line; blue (colour 1) car 2 at row 30 and car 3 behind it.
    layout = {0: "fin", 1: "fin", 4: "fin", 5: "fin", 6: "fin", 2: (30, 0), 3: (29, 0)}
    state = table(layout, {0: hand_with(w4)}, players=3)
    state.finished = [0, 4, 1, 5, 6]
    state.apply(0, Play(w4, 2, -1, -1))
    assert state.finished == [0, 4, 1, 5, 6, 2]    # the front car crosses first ...
    assert at(state, 3) == (29, 0)                 # ... and the race is over before the follower
    assert state.current_player() == TERMINAL
    out = state.outcome()
    # Seat 0: 1st (10) + 3rd (5); seat 1: 6th (1); seat 2: 2nd (7) + 4th (3).
    assert out.scores == [15, 1, 10] and out.winners == [0]
    assert POINTS == (10, 7, 5, 3, 2, 1)


def test_neutral_cars_take_places_but_score_for_nobody():
    u1 = card(UEBERHOLEN, 1)
    layout = {0: "fin", 8: "fin", 9: "fin", 10: "fin", 11: "fin", 2: (31, 1)}
    state = table(layout, {0: hand_with(u1)}, players=2)
    state.finished = [8, 9, 0, 10, 11]
    state.apply(0, Play(u1, 2))
    assert state.outcome().scores == [5, 1]


# --- Views and hidden cards -----------------------------------------------------------------------

def test_views_show_only_your_own_hand():
    state = FlotteFlitzerState(3, {}, seed=5)
    assert state.view(None)["hand"] is None
    assert [c["id"] for c in state.view(1)["hand"]] == state.hands[1]
    twin = state.hidden_variant(1, random.Random(2))
    assert twin.view(1) == state.view(1)
    assert twin.hands[1] == state.hands[1]
    assert twin.hands[0] != state.hands[0] or twin.draw != state.draw


# --- Random races: properties -------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_random_play_keeps_cards_and_cars_in_order(players, seed, steps):
    state = FlotteFlitzerState(players, {}, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        p = state.current_player()
        action = rng.choice(state.legal_actions(p))
        before = [None if x is None else tuple(x) for x in state.pos]
        events = state.apply(p, action)
        state.check_invariants()                   # every card once, no two cars on a space
        if isinstance(action, Play) and any(e.kind == "forfeit" for e in events) \
                and CARDS[action.card].kind in (UEBERHOLEN, FALSCHER_GANG, AUFHOLJAGD):
            assert [None if x is None else tuple(x) for x in state.pos] == before
        rows = Counter(x[0] for x in state.pos if x is not None)
        assert max(rows.values()) <= 3


# --- CPU players ---------------------------------------------------------------------------------

def test_bots_prefer_their_own_car():
    u2 = card(UEBERHOLEN, 2, marker=None)
    state = table({0: (10, 0), 1: (12, 0), 2: (14, 0), 3: (14, 1)},
                  {0: [u2] + cards(FALSCHER_GANG)[:4]})
    bot = FlitzerBot(0, 1, "normal")
    action = bot.choose(state.view(0), state.legal_actions(0))
    assert action.card == u2 and colour_of(action.car) == 0


def test_bots_are_ordered_normal_beats_easy():
    wins = Counter()
    for g in range(30):
        levels = ["normal", "easy"] if g % 2 == 0 else ["easy", "normal"]
        out = play(INFO, 2, 300 + g, levels).outcome()
        for w in out.winners:
            wins[levels[w]] += 1
    assert wins["normal"] > 1.5 * wins["easy"]


# --- The mover's lane after a turned-up card (Steer) ---------------------------------------------

def test_after_a_turned_up_card_the_mover_picks_the_lane_default_kept_by_one_choice():
    rk, state = risiko_table({6: (12, 1), 2: (13, 0)}, [SAFE[0]])
    events = state.apply(0, Play(rk, 6))
    assert at(state, 6) == (13, 1)                 # where the arcade put it: its own lane
    assert events[-1].kind == "steer_choice" and events[-1].data == {"car": 6, "lanes": [1, 2]}
    choice = state.view(None)["lane_choice"]
    assert choice == {"kind": "steer", "car": 6, "row": 13, "lanes": [1, 2], "default": 1}
    assert state.legal_actions(0) == [Steer(1), Steer(2)]
    refused(state, 0, Steer(0), "lane not free")
    refused(state, 0, Draw(), "choose the car's lane first")
    events = state.apply(0, Steer(2))
    assert at(state, 6) == (13, 2) and events[0].kind == "steered"
    assert events[0].data == {"car": 6, "from": [13, 1], "to": [13, 2]}
    assert state.phase == "draw"


def test_no_lane_to_pick_in_a_row_with_one_free_lane_or_after_a_forfeit():
    # row 13 has one free lane: the car takes it, nothing to ask
    rk, state = risiko_table({6: (12, 1), 2: (13, 0), 3: (13, 2)}, [SAFE[0]])
    state.apply(0, Play(rk, 6))
    assert at(state, 6) == (13, 1) and state.phase == "draw"
    refused(state, 0, Steer(1), "no lane to choose")


def test_a_skid_lets_the_mover_pick_the_lane_in_the_rear_row():
    rk, state = risiko_table({6: (14, 1), 9: (2, 0)}, [SKIDS[0]])
    state.apply(0, Play(rk, 6))
    assert at(state, 6) == (2, 1) and state.view(0)["lane_choice"]["lanes"] == [1, 2]
    state.apply(0, Steer(2))
    assert at(state, 6) == (2, 2)


# --- Taking back a choice (undo) -----------------------------------------------------------------

def a_real_race(seed, players=2):
    """A race past its grid, played by easy bots up to a turn of seat 0 (undo replays the log
    from the seed, so hand-built tables will not do)."""
    from game.runner import make_bots

    state = on_the_grid(FlotteFlitzerState(players, {}, seed=seed))
    bots = make_bots(INFO, players, seed, "easy")
    for _ in range(seed % 7):
        for p in range(players):
            while state.current_player() == p:
                state.apply(p, bots[p].choose(state.view(p), state.legal_actions(p)))
    assert state.current_player() == 0 and state.phase == "play"
    return state


def test_a_play_can_be_taken_back_until_the_draw():
    state = a_real_race(4)
    plain = [a for a in state.legal_actions(0) if CARDS[a.card].kind not in (RISIKO, GEFAHR)]
    before, log = state.state_hash(), list(state.log)
    assert state.undo_depth(0) == 0                # the last choice was seat 1's
    state.apply(0, plain[0])
    assert state.phase == "draw" and state.undo_depth(0) == 1
    assert state.undo_depth(1) == 0                # never somebody else's choice
    back = state.undone(0)
    assert back.state_hash() == before and back.log == log and back.phase == "play"
    assert len(state.log) == len(log) + 1          # the state asked is not changed
    state.apply(0, Draw())                         # a card drawn: too late
    assert state.undo_depth(0) == 0
    with pytest.raises(IllegalAction, match="nothing to take back"):
        state.undone(0)


def test_nothing_revealed_may_be_taken_back_a_risiko_play_and_one_more_card_stay():
    found = 0
    for seed in range(200):
        state = a_real_race(seed)
        risky = [a for a in state.legal_actions(0) if CARDS[a.card].kind == RISIKO
                 and colour_of(a.car) == 0]
        if not risky:
            continue
        state.apply(0, risky[0])                   # a card turned up: the play stays
        assert state.undo_depth(0) == 0
        if state.phase != "steer":
            continue
        state.apply(0, Steer(state.view(0)["lane_choice"]["lanes"][-1]))
        if state.phase != "risk":
            continue
        found += 1
        assert state.undo_depth(0) == 1            # the lane may be changed
        again = state.undone(0)
        assert again.phase == "steer" and again.undo_depth(0) == 0
        state.apply(0, RiskStop())
        assert state.phase == "draw" and state.undo_depth(0) == 1   # stopping too
        state = state.undone(0)
        assert state.phase == "risk"
        state.apply(0, RiskAgain())                # one more card turned up: stays
        assert state.undo_depth(0) == 0
        assert state.log[-1][1] == {"type": "RiskAgain"}
    assert found >= 2


def test_on_the_grid_your_first_car_can_be_taken_back_not_the_turn():
    state = FlotteFlitzerState(2, {}, seed=3)
    state.apply(0, Place(1))
    assert state.undo_depth(0) == 1
    assert state.undone(0).view(0)["lane_choice"]["car"] == 0
    state.apply(0, Place(2))                       # the turn passes to seat 1
    assert state.undo_depth(0) == 0 and state.undo_depth(1) == 0


def test_a_taken_back_move_never_reaches_the_replay():
    from game.replay import rebuild, to_json

    state = on_the_grid(FlotteFlitzerState(2, {}, seed=8))
    p = state.current_player()
    plays = [a for a in state.legal_actions(p) if CARDS[a.card].kind not in (RISIKO, GEFAHR)]
    state.apply(p, plays[0])
    state = state.undone(p)
    state.apply(p, plays[-1])
    end_turn(state)
    doc = to_json(state)
    entries = [e for e in doc["log"] if e[0] == p and e[1]["type"] == "Play"]
    assert entries == [[p, {"type": "Play", "card": plays[-1].card, "car": plays[-1].car,
                            "lane": plays[-1].lane, "follow": plays[-1].follow}, None]]
    assert rebuild(doc, GAMES).state_hash() == state.state_hash()


# --- The result's highlight ----------------------------------------------------------------------

def test_the_highlight_is_the_finish_after_which_the_winner_led_for_good():
    w4 = card(WINDSCHATTEN, 4, colour=1)
    layout = {0: "fin", 1: "fin", 4: "fin", 5: "fin", 6: "fin", 2: (30, 0), 3: (29, 0),
              7: (31, 0)}
    state = table(layout, {0: hand_with(w4)}, players=3)
    state.finished = [0, 4, 1, 5, 6]               # seat 0: 10 + 5, seat 2: 7 + 3
    assert state.view(None)["highlight"] is None
    state.apply(0, Play(w4, 2, -1, -1))            # seat 1's car crosses 6th, by seat 0's card
    light = state.view(None)["highlight"]
    assert light == state.view(1)["highlight"]     # public
    assert light["players"] == [0] and light["place"] == 1 and light["car"] == 0
    assert light["margin"] == 5 and light["points"] == 10
    text = light["text"].format(p0="Anna", p1="Bo", p2="Cem")
    assert text.startswith("Anna's car crossed the line 1st") and "won by 5 points" in text
    assert "{" not in text


def test_the_highlight_of_a_move_by_another_seats_card_names_both():
    u1 = card(UEBERHOLEN, 1, marker=None)
    layout = {8: "fin", 9: "fin", 10: "fin", 11: "fin", 6: "fin", 2: (31, 1), 0: (20, 0),
              1: (20, 1), 3: (20, 2)}
    state = table(layout, {0: hand_with(u1)}, players=3)
    state.finished = [8, 9, 10, 11, 6]
    state.apply(0, Play(u1, 2))                    # seat 0 pushes seat 1's car over: 1 point
    light = state.view(None)["highlight"]
    assert light["players"] == [1] and light["seat"] == 0 and light["points"] == 1
    text = light["text"].format(p0="Anna", p1="Bo", p2="Cem")
    assert "Bo's car crossed the line 6th" in text and "with Anna's Überholen +1" in text
    assert "1 point," in text and "won by 1 point)" in text


def test_every_whole_race_ends_with_a_highlight_that_names_a_winner():
    for seed in range(6):
        state = play(INFO, 2 + seed % 5, seed, "random")
        light = state.view(None)["highlight"]
        assert light["players"] == state.outcome().winners
        assert state.owner(light["car"]) == light["players"][0]
        names = {f"p{s}": f"Seat{s}" for s in range(state.players)}
        assert "{" not in light["text"].format(**names)
