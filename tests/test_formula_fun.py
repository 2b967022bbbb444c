"""Formula Fun: the board and the cards as printed, the start grid, turn order, every card's
movement, turbos and the shrinking hand, the reshuffle, full spaces, the end of a race, the
following races, scoring with the rulebook's 12-car example, refusals, and the CPU drivers.

Hand-built positions use `table(...)`: cars placed on distances in the order given (the first
car on a space stands inside), hands set by hand.
"""

import copy
import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from game import GAMES
from game.bots.formula_fun import FormulaFunBot
from game.core import TERMINAL, IllegalAction
from game.formula_fun import (CARDS, CARS_PER_PLAYER, DECK, FINISH, FLAG_SPACE, HAND, INFO,
                              LABELS, ROW, SPACES, TURBO, Draw, FormulaFunState, Play, label,
                              land, landing, move_length, plays_from, points_for, speed_of)
from game.runner import play


def table(players, placed, hands=None, race=2, draw=None):
    """A game at a hand-built position. `placed`: [(car, d), ...] in placing order; cars not
    listed are out. `hands`: per player (the deck is kept whole: cards come from the draw)."""
    state = FormulaFunState(players, {}, seed=0)
    state.spaces = [[] for _ in range(SPACES)]
    state.pos = [None] * state.car_count
    for car, d in placed:
        state._place(car, d)
    state.out = [c for c in range(state.car_count) if state.pos[c] is None]
    for k, car in enumerate(state.out):
        state.points[car] = points_for(k + 1, state.car_count)
    state.race = race
    if hands is not None:
        pool = list(DECK)
        for hand in hands:
            for card in hand:
                pool.remove(card)
        state.hands = [sorted(h) for h in hands]
        state.draw = pool if draw is None else draw
        if draw is not None:  # the rest goes to the discard pile
            rest = Counter(pool)
            rest.subtract(draw)
            state.discard = list(rest.elements())
    state._new_round()
    state.check_invariants()
    return state


def move(state, *cards):
    """A whole turn: the play, then the draw. Returns the events of both."""
    player = state.current_player()
    events = state.apply(player, Play(tuple(cards)))
    return events + state.apply(player, Draw())


def events_of(events, kind):
    return [e for e in events if e.kind == kind]


# --- the board and the cards -------------------------------------------------------------------

def test_thirty_spaces_numbered_one_to_ten_three_times():
    assert len(LABELS) == SPACES == 30
    assert LABELS[0] == 10                     # the chequered start space is a 10
    assert LABELS[FLAG_SPACE] == 10            # the flagged ten-space of later races
    assert LABELS[29] == 9 and LABELS[28] == 8  # the nine- and eight-space behind the start
    assert Counter(LABELS) == Counter({n: 3 for n in range(1, 11)})
    assert list(LABELS[1:11]) == list(range(1, 11))
    assert label(-1) == 9 and label(31) == 1


def test_110_cards_of_14_kinds_six_turbos_eight_of_the_others():
    counts = Counter(DECK)
    assert len(DECK) == 110 and len(counts) == 14
    assert counts[TURBO] == 6
    assert all(n == 8 for card, n in counts.items() if card != TURBO)


def test_red_two_to_ten_designate_three_and_red_one_designates_ten():
    for n in range(2, 11):
        assert CARDS[f"M{n}"][:2] == (n, 3)
    assert CARDS["M1"][:2] == (1, 10)
    no_max = [card for card, (red, _, _) in CARDS.items() if red is None]
    assert sorted(no_max) == ["P6", "P7", "P8", TURBO]   # "on 4 cards no maximum speed"


# --- setup -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players,cars", [(2, 3), (3, 3), (4, 3), (5, 2), (6, 2)])
def test_cars_per_player(players, cars):
    assert CARS_PER_PLAYER[players] == cars
    state = FormulaFunState(players, {}, seed=1)
    assert state.car_count == players * cars
    assert Counter(state.owner) == Counter({p: cars for p in range(players)})


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_start_grid_start_space_nine_reversed_and_eight_with_three_cars(players):
    state = FormulaFunState(players, {}, seed=players)
    first = [state.owner[c] for c in state.spaces[0]]
    nine = [state.owner[c] for c in state.spaces[29]]
    assert sorted(first) == list(range(players))          # one car per player
    assert nine == first[::-1]                             # reverse order of the first row
    eight = [state.owner[c] for c in state.spaces[28]]
    if players <= 4:
        assert sorted(eight) == list(range(players))
    else:
        assert eight == []
    assert {state.pos[c] for c in state.spaces[0]} == {0}
    assert {state.pos[c] for c in state.spaces[29]} == {-1}


def test_five_cards_each_and_the_rest_is_the_draw_pile():
    state = FormulaFunState(4, {}, seed=2)
    assert [len(h) for h in state.hands] == [HAND] * 4
    assert len(state.draw) == 110 - 20 and state.discard == []


def test_the_inside_car_of_the_start_space_starts():
    state = FormulaFunState(4, {}, seed=3)
    assert state.moving_car() == state.spaces[0][0]
    assert state.current_player() == state.owner[state.spaces[0][0]]
    # then along the start space, then the nine-space, then the eight-space, inside first
    assert state.order == state.spaces[0] + state.spaces[29] + state.spaces[28]


def test_the_same_seed_deals_the_same_game():
    a, b = FormulaFunState(3, {}, 9), FormulaFunState(3, {}, 9)
    assert a.state_hash() == b.state_hash()
    assert FormulaFunState(3, {}, 10).state_hash() != a.state_hash()


# --- turn order ----------------------------------------------------------------------------------

def test_leader_first_then_inside_before_outside():
    state = table(3, [(0, 5), (3, 12), (6, 12), (1, 20), (4, 5)])
    assert state.order == [1, 3, 6, 0, 4]


def test_the_next_round_starts_with_the_car_now_in_the_lead():
    state = table(2, [(0, 5), (3, 4)], hands=[["P8"] * 5, ["P6"] * 5])
    move(state, "P8")             # car 0: 5 -> 13
    events = move(state, "P6")    # car 3: 4 -> 10
    assert events_of(events, "round")
    assert state.order == [0, 3]
    state = table(2, [(0, 5), (3, 4)], hands=[["M3"] * 5, ["P8"] * 5])
    move(state, "M3")             # car 0: 5 -> 8 (a 3 on a 5-space moves 3)
    move(state, "P8")             # car 3: 4 -> 12, now in the lead
    assert state.order == [3, 0] and state.current_player() == 1


# --- the car cards -------------------------------------------------------------------------------

def test_max_speed_on_its_own_number_else_designated_speed():
    assert speed_of("M4", 4) == 4
    assert speed_of("M4", 5) == 3
    assert speed_of("M10", 10) == 10 and speed_of("M10", 9) == 3


def test_the_one_card_moves_ten_but_only_one_on_a_one_space():
    assert speed_of("M1", 7) == 10
    assert speed_of("M1", 1) == 1
    state = table(2, [(0, 1), (3, 0)], hands=[["M1"] * 5, ["P6"] * 5])
    move(state, "M1")
    assert state.pos[0] == 2


def test_blue_cards_use_the_designated_speed_on_any_space():
    for n in (6, 7, 8):
        for lab in range(1, 11):
            assert speed_of(f"P{n}", lab) == n


def test_a_car_moves_the_speed_on_the_board():
    state = table(2, [(0, 6), (3, 0)], hands=[["M6", "M2", "P7", "M9", "M9"], ["P6"] * 5])
    events = move(state, "M6")
    assert state.pos[0] == 12
    played = events_of(events, "played")[0].data
    assert played["from"] == 6 and played["to"] == 12 and played["label"] == 6


def test_turbo_alone_moves_five():
    assert move_length((TURBO,), 3) == 5
    state = table(2, [(0, 3), (3, 0)], hands=[[TURBO, "M2", "M2", "M2", "M2"], ["P6"] * 5])
    move(state, TURBO)
    assert state.pos[0] == 8


def test_turbo_with_another_card_adds_five_and_two_turbos_move_ten():
    assert move_length(("M4", TURBO), 4) == 9
    assert move_length(("M4", TURBO), 5) == 8
    assert move_length(("M1", TURBO), 2) == 15
    assert move_length((TURBO, TURBO), 7) == 10
    state = table(2, [(0, 2), (3, 0)], hands=[[TURBO, TURBO, "M2", "M5", "M5"], ["P6"] * 5])
    move(state, TURBO, TURBO)
    assert state.pos[0] == 12


def test_a_turbo_extra_draws_only_one_card_and_the_hand_stays_smaller():
    state = table(2, [(0, 2), (3, 0)], hands=[[TURBO, "M2", "M5", "M5", "M7"], ["P6"] * 5])
    move(state, "M2", TURBO)
    assert state.pos[0] == 2 + 2 + 5
    assert len(state.hands[0]) == 4
    move(state, "P6")                              # the other player
    move(state, "M5")                              # one card out, one card in
    assert len(state.hands[0]) == 4                # for the rest of the game
    assert state.view(0)["hand_sizes"][0] == 4


def test_plays_list_each_card_alone_and_with_a_turbo():
    hand = ["M3", "M3", TURBO, "P8"]
    assert plays_from(hand) == [Play(("M3",)), Play(("P8",)), Play((TURBO,)),
                                Play(("M3", TURBO)), Play(("P8", TURBO))]
    assert Play((TURBO, TURBO)) in plays_from([TURBO, TURBO, "M2"])
    assert all(len(a.cards) == 1 for a in plays_from(["M3", "M4"]))


def test_the_played_cards_go_to_the_discard_pile_and_one_card_is_drawn():
    state = table(2, [(0, 2), (3, 0)], hands=[[TURBO, "M2", "M5", "M5", "M7"], ["P6"] * 5])
    top = state.draw[-1]
    move(state, "M5", TURBO)
    assert state.discard[-2:] == ["M5", TURBO]
    assert top in state.hands[0]


def test_the_discard_pile_is_shuffled_into_a_new_draw_pile_when_it_is_used_up():
    state = table(2, [(0, 2), (3, 0)], hands=[["M2"] * 5, ["P6"] * 5], draw=["P7"])
    events = move(state, "M2")
    assert "P7" in state.hands[0]
    assert events_of(events, "reshuffled")
    assert state.discard == [] and len(state.draw) == 110 - 10
    state.check_invariants()


# --- full spaces ----------------------------------------------------------------------------------

def test_a_moved_car_stands_as_far_inside_as_possible():
    state = table(3, [(0, 2), (3, 7), (6, 7), (1, 0)],
                  hands=[["P8"] * 5, ["M5"] * 5, ["P7"] * 5])
    assert state.order[0] == 3 and state.current_player() == 1
    move(state, "M5")                       # car 3: 7 -> 10 (a 5 on a 7 moves 3)
    move(state, "P7")                       # car 6: 7 -> 14, alone
    move(state, "P8")                       # car 0: 2 -> 10, beside car 3
    assert state.spaces[10] == [3, 0]
    state = table(2, [(0, 7), (3, 7), (1, 3)], hands=[["P6"] * 5, ["M2"] * 5])
    move(state, "P6")                       # car 0 leaves: car 3 moves in to the inside
    assert state.lane(3) == 0


def after_the_full_space_moved(state, car):
    """Mid-round: every other car has moved already, `car` is the last to move."""
    state.order = [c for c in state.order if c != car] + [car]
    state.index = len(state.order) - 1


def test_landing_on_a_full_space_falls_back_one():
    full = [(4, 10), (5, 10), (7, 10), (8, 10)]   # four cars on space 10
    state = table(3, full + [(0, 2)])
    state.hands[0] = ["P8"] + state.hands[0][1:]
    after_the_full_space_moved(state, 0)
    events = move(state, "P8")                # 2 + 8 = 10 is full
    assert state.pos[0] == 9
    assert events_of(events, "played")[0].data["fell_back"] == 1


def test_passing_a_full_space_is_free():
    state = table(3, [(4, 10), (5, 10), (7, 10), (8, 10), (0, 6)])
    state.hands[0] = ["P8"] + state.hands[0][1:]
    after_the_full_space_moved(state, 0)
    move(state, "P8")
    assert state.pos[0] == 14


def test_falling_back_again_while_the_space_behind_is_full_too():
    counts = {10: 4, 9: 4}
    assert land(2, 8, lambda s: counts.get(s, 0)) == 8
    assert land(2, 8, lambda s: 4) == 2          # at worst it stays where it stood
    assert land(29, 3, lambda s: 4 if s == 2 else 0) == 31   # spaces count round the oval


# --- the end of a race --------------------------------------------------------------------------

def test_reaching_the_start_space_is_not_enough():
    state = table(2, [(0, 24), (3, 5)], hands=[["P6"] * 5, ["M2"] * 5])
    move(state, "P6")                          # 24 -> 30: on the start space
    events = move(state, "M2")
    assert not events_of(events, "race_over")
    assert state.pos[0] == FINISH


def test_the_race_ends_after_the_round_in_which_a_car_passed_the_start_space():
    state = table(3, [(0, 27), (3, 20), (6, 5)],
                  hands=[["P8"] * 5, ["P7"] * 5, ["P6"] * 5])
    events = move(state, "P8")                 # car 0: 27 -> 35, past the start space
    assert not events_of(events, "race_over")  # the round is played to its end
    move(state, "P7")                          # car 3: 20 -> 27
    assert state.current_player() == 2
    events = move(state, "P6")                 # car 6, the last of the round
    over = events_of(events, "race_over")
    assert over and over[0].data["ranking"] == [0, 3, 6]
    out = events_of(events, "eliminated")[0].data
    assert out["car"] == 6 and state.pos[6] is None and state.out[-1] == 6


def test_on_one_space_at_the_end_the_outside_car_is_behind():
    state = table(3, [(0, 27), (3, 10), (6, 10)],
                  hands=[["P8"] * 5, ["M2"] * 5, ["M3"] * 5])
    move(state, "P8")
    move(state, "M2")                          # car 3: 10 -> 13
    # car 6 moves 3 too and lines up outside car 3
    events = move(state, "M3")
    assert state.last_race == [0, 3, 6]
    assert events_of(events, "eliminated")[0].data["car"] == 6


def test_the_following_race_starts_on_the_ten_space_one_car_per_space():
    state = table(3, [(0, 27), (3, 20), (6, 15), (1, 10), (4, 9)],
                  hands=[["P8"] * 5, ["M2"] * 5, ["M3"] * 5], race=1)
    for _ in range(5):
        events = move(state, state.hands[state.current_player()][0])
    ranking = events_of(events, "race_over")[0].data["ranking"]
    start = events_of(events, "race_start")[0].data
    assert state.race == 2 and start["grid"] == ranking[:-1]
    for k, car in enumerate(ranking[:-1]):
        assert state.pos[car] == FLAG_SPACE - k
        assert state.spaces[(FLAG_SPACE - k) % SPACES] == [car]
    assert state.moving_car() == ranking[0]


def test_the_last_two_cars_fight_the_duel_and_the_game_ends():
    state = table(2, [(0, 27), (3, 20)], hands=[["P8"] * 5, ["M2"] * 5], race=11)
    move(state, "P8")
    events = move(state, "M2")
    assert state.current_player() == TERMINAL
    assert events_of(events, "game_over")[0].data["winning_car"] == 0
    assert state.out[-2:] == [3, 0]


# --- scoring --------------------------------------------------------------------------------------

def test_the_rulebook_example_twelve_cars_winner_15_second_12():
    assert points_for(12, 12) == 15
    assert points_for(11, 12) == 12
    assert [points_for(k, 12) for k in range(1, 11)] == list(range(1, 11))


def test_a_whole_twelve_car_game_scores_as_the_example():
    state = play(INFO, 4, seed=11, levels="normal")
    assert state.car_count == 12 and len(state.out) == 12
    winner, second = state.out[-1], state.out[-2]
    assert state.points[winner] == 15 and state.points[second] == 12
    assert sorted(state.points) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15]
    totals = [sum(state.points[c] for c in range(12) if state.owner[c] == p) for p in range(4)]
    assert state.outcome().scores == totals
    assert state.outcome().winners == [p for p in range(4) if totals[p] == max(totals)]
    assert state.race == 11                    # one car out per race


@pytest.mark.parametrize("earlier,totals,winners", [
    ([0, 1, 2, 0, 3, 4], [12, 13], [1]),
    ([0, 1, 2, 0, 2, 4], [12, 12], [0, 1]),    # hand-set to tie: the win is shared
])
def test_the_most_points_win_and_equal_totals_share_the_win(earlier, totals, winners):
    state = table(2, [(0, 27), (3, 20)], hands=[["P8"] * 5, ["M2"] * 5], race=5)
    state.points = list(earlier)               # cars 1, 2 (player 0) and 4, 5 (player 1) out
    move(state, "P8")
    move(state, "M2")
    # car 3 (player 1) is the runner-up: 5 + 1; car 0 (player 0) wins: 6 + 3
    assert state.points[3] == 6 and state.points[0] == 9
    assert state.result["scores"] == totals
    assert state.outcome().winners == winners


# --- refusals -------------------------------------------------------------------------------------

@pytest.mark.parametrize("cards,rule", [
    (("M9",), "card not in hand"),
    (("P8", "M2"), "only a turbo is played with another card"),
    (("M2", TURBO, TURBO), "play one card, or one with a turbo"),
    ((), "play one card, or one with a turbo"),
    (("X1",), "no such card"),
    (("M2", TURBO), "card not in hand"),
])
def test_illegal_plays_are_refused_and_change_nothing(cards, rule):
    state = table(2, [(0, 2), (3, 0)], hands=[["M2", "M5", "P8", "P8", "P6"],
                                              ["M2", TURBO, "P7", "P7", "P8"]])
    before = state.state_hash()
    with pytest.raises(IllegalAction) as refusal:
        state.apply(0, Play(cards))
    assert refusal.value.rule == rule
    assert state.state_hash() == before and state.log == []


def test_a_play_out_of_turn_is_refused():
    state = FormulaFunState(3, {}, seed=4)
    other = (state.current_player() + 1) % 3
    before = state.state_hash()
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(other, Play((state.hands[other][0],)))
    assert state.state_hash() == before


# --- properties -----------------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 10_000))
def test_random_games_keep_every_card_and_never_crowd_a_space(players, seed):
    state = FormulaFunState(players, {}, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        p = state.current_player()
        car = state.moving_car()
        events = state.apply(p, rng.choice(state.legal_actions(p)))
        state.check_invariants()
        assert state.phase == "draw" and state.legal_actions(p) == [Draw()]
        events += state.apply(p, Draw())
        played = events_of(events, "played")[0].data
        if played["to"] != played["from"] and state.pos[car] is not None \
                and not events_of(events, "race_start"):
            assert len(state.spaces[state.pos[car] % SPACES]) <= ROW
        state.check_invariants()
    assert len(state.out) == state.car_count
    assert sum(state.points) == sum(points_for(k, state.car_count)
                                    for k in range(1, state.car_count + 1))


def test_a_hidden_variant_keeps_my_hand_and_changes_the_others():
    state = FormulaFunState(4, {}, seed=5)
    changed = 0
    for k in range(10):
        twin = state.hidden_variant(0, random.Random(k))
        assert twin.hands[0] == state.hands[0]
        assert twin.view(0) == state.view(0)
        changed += twin.hands[1:] != state.hands[1:]
    assert changed


# --- CPU drivers ----------------------------------------------------------------------------------

def test_the_bots_are_registered_and_finish():
    assert GAMES["formula_fun"] is INFO
    for level in ("easy", "normal", "hard"):
        state = play(INFO, 3, seed=2, levels=level)
        assert state.is_terminal()


def test_the_tail_car_of_a_bot_runs_with_its_best_card():
    bot = FormulaFunBot(0, 1, "normal")
    state = table(2, [(3, 20), (4, 18), (0, 2)], hands=[["M1", "M2", "M3", "M4", "P6"],
                                                        ["P6"] * 5])
    while state.moving_car() != 0:
        move(state, "P6")
    view = state.view(0)
    best = max(plays_from(state.hands[0]), key=lambda a: bot.value(view, a))
    assert best == Play(("M1",))


def test_hard_beats_normal_beats_easy_on_average():
    points = Counter()
    levels = ["hard", "normal", "easy"]
    for seed in range(36):
        seats = levels[seed % 3:] + levels[:seed % 3]
        state = play(INFO, 3, seed, seats)
        for p, s in enumerate(state.outcome().scores):
            points[seats[p]] += s
    assert points["hard"] > points["normal"] > points["easy"]


# --- the draw, and taking back a play ----------------------------------------------------------------

def test_a_turn_is_a_play_then_the_draw_and_the_play_can_be_taken_back_until_then():
    state = FormulaFunState(3, {}, seed=9)
    p, car = state.current_player(), state.moving_car()
    before, hand = state.state_hash(), list(state.hands[p])
    assert state.undo_depth(p) == 0
    play_ = plays_from(hand)[-1]
    events = state.apply(p, play_)
    assert [e.kind for e in events] == ["played"] and state.phase == "draw"
    assert state.current_player() == p and state.moving_car() == car
    assert state.legal_actions(p) == [Draw()]
    with pytest.raises(IllegalAction, match="one move a turn"):
        state.apply(p, plays_from(state.hands[p])[0])
    assert state.undo_depth(p) == 1 and all(state.undo_depth(q) == 0 for q in range(3)
                                            if q != p)
    back = state.undone(p)
    assert back.state_hash() == before and back.hands[p] == hand and back.log == []
    events = state.apply(p, Draw())
    assert events[0].kind == "drew" and state.undo_depth(p) == 0
    with pytest.raises(IllegalAction, match="nothing to take back"):
        state.undone(p)
    with pytest.raises(IllegalAction, match="play a card first"):
        state.apply(state.current_player(), Draw())


def test_a_taken_back_play_never_reaches_the_replay():
    from game.replay import rebuild, to_json

    state = FormulaFunState(2, {}, seed=3)
    p = state.current_player()
    first, other = plays_from(state.hands[p])[0], plays_from(state.hands[p])[-1]
    state.apply(p, first)
    state = state.undone(p)
    state.apply(p, other)
    state.apply(p, Draw())
    doc = to_json(state)
    assert [e[1] for e in doc["log"]] == [{"type": "Play", "cards": list(other.cards)},
                                          {"type": "Draw"}]
    assert rebuild(doc, GAMES).state_hash() == state.state_hash()


def test_landing_previews_a_play_from_the_view_as_the_core_moves_it():
    for seed in range(10):
        state = FormulaFunState(4, {}, seed)
        rng = random.Random(seed)
        for _ in range(rng.randint(0, 60)):
            move(state, *rng.choice(state.legal_actions(state.current_player())).cards)
        p, car = state.current_player(), state.moving_car()
        for action in state.legal_actions(p):
            start, end = landing(state.view(None), action.cards)
            trial = copy.deepcopy(state)
            trial.apply(p, action)
            assert (start, end) == (state.pos[car], trial.pos[car])


# --- the result's highlight --------------------------------------------------------------------------

def test_the_highlight_names_the_race_that_decided_it():
    seen = set()
    for seed in range(12):
        state = play(INFO, 2 + seed % 5, seed, "normal")
        light = state.view(None)["highlight"]
        assert light == state.view(0)["highlight"] and light["players"] == state.outcome().winners
        n = state.car_count
        assert 1 <= light["race"] <= n - 1 and light["car"] == state.out[light["race"] - 1]
        assert light["duel"] == (light["race"] == n - 1)
        names = {f"p{s}": f"Seat{s}" for s in range(state.players)}
        text = light["text"].format(**names)
        assert "{" not in text and f"Seat{light['players'][0]}" in text
        seen.add(light["duel"])
        assert light["margin"] == state.scores()[light["players"][0]] - max(
            s for q, s in enumerate(state.scores()) if q != light["players"][0])
    assert seen == {True, False}


def test_a_game_decided_before_the_duel_says_so():
    state = play(INFO, 3, 2, "normal")
    light = state.highlight
    if not light["duel"]:
        assert light["title"] == "The race that decided it"
        assert light["text"].startswith(f"Race {light['race']}: ")
    else:
        assert light["title"] == "The final duel"


def test_the_deciding_race_is_the_first_after_which_no_order_of_the_rest_lets_a_rival_catch_up():
    from itertools import permutations

    def catchable(state, k, winner):
        """Could some order of the cars still racing after race k let a rival tie or pass?"""
        n = state.car_count
        rest = [c for c in range(n) if c not in state.out[:k]]
        for order in permutations(rest):
            totals = [0] * state.players
            for j, car in enumerate(state.out[:k] + list(order)):
                totals[state.owner[car]] += points_for(j + 1, n)
            if any(totals[q] >= totals[winner] for q in range(state.players) if q != winner):
                return True
        return False

    checked = 0
    for seed in range(8):
        state = play(INFO, 2, seed, "random")
        light = state.highlight
        if len(light["players"]) > 1:
            continue
        winner, race = light["players"][0], light["race"]
        assert not catchable(state, race, winner)
        if race > 1:
            assert catchable(state, race - 1, winner)
        checked += 1
    assert checked >= 4
