"""Flixo: setup tables, single moves, the rulebook's examples as scenarios, end and scoring,
the campaign, and the CPU partners.

Hand-built displays are written as strings per card: "3" a face-up number, "F3" a face-up
Flixo, "?3" / "?F3" the same face down, "e3" / "eF3" face down with an eye token.
"""

import copy
import json
import random
from collections import Counter

import pytest

from game import GAMES
from game.core import TERMINAL, IllegalAction, decode_action
from game.bots.flixo import FlixoBot
from game.flixo import (
    EVENT_KINDS, FLIXO, INFO, LARGE, LOSS_VERDICT, MAX_FLIXOS, PRINTED_SETUP, SMALL,
    DiscardAndReveal, Draw, FlixoState, RewardPeek, SwapDrawn, TakeDiscard, a_card, a_number,
    campaign_next, card_name, is_flixo, line_text, meaning, needs, remove_full_lines,
    setup_counts, value, verdict)
from game.runner import play


def card(text: str) -> int:
    text = text.lstrip("?e")
    return FLIXO + int(text[1:]) if text.startswith("F") else int(text)


def cell(text: str) -> list:
    side = "down" if text.startswith("?") else "eye" if text.startswith("e") else "up"
    return [card(text), side]


def grid(rows) -> list:
    return [[cell(t) for t in row] for row in rows]


def table(displays, discard=("5",), draw=("1", "2", "3"), turn=0, players=None,
          last_display=None) -> FlixoState:
    """A game at a hand-built position (card totals are not those of a real game)."""
    state = FlixoState(players or len(displays), {}, seed=0)
    state.displays = [grid(rows) for rows in displays]
    state.removed = [[] for _ in displays]
    state.discard = [card(t) for t in discard]
    state.draw = [card(t) for t in draw]
    state.turn = turn
    state.last_display = last_display
    return state


def kinds(events) -> list:
    return [e.kind for e in events]


def shown(state, d) -> list:
    """Display d as strings again, face-down cards as '?'."""
    out = []
    for row in state.view(None)["displays"][d]["cells"]:
        line = []
        for c in row:
            if not c["up"] and not c["eye"]:
                line.append("?")
            else:
                line.append(("e" if c["eye"] else "") + ("F" if c["flixo"] else "")
                            + str(c["value"]))
        out.append(line)
    return out


# --- setup -------------------------------------------------------------------------------------

PRINTED_ROWS = [  # (people, large displays, level, Flixos, number cards) copied from the book
    (2, False, 0, 2, 22), (3, False, 0, 3, 24), (4, False, 0, 4, 32), (5, False, 0, 5, 40),
    (2, False, 1, 4, 20), (3, False, 1, 6, 21), (4, False, 1, 8, 28), (5, False, 1, 10, 35),
    (3, True, 1, 6, 30), (4, True, 1, 8, 40), (5, True, 1, 10, 50),
]


@pytest.mark.parametrize("people,large,level,flixos,numbers", PRINTED_ROWS)
def test_printed_setup_rows(people, large, level, flixos, numbers):
    assert setup_counts(people, large, level) == (flixos, numbers)
    state = FlixoState(people, {"level": level, "large_displays": large}, seed=people)
    dealt = [c for g in state.displays for row in g for c, side in row]
    assert sum(map(is_flixo, dealt)) == flixos
    assert len(dealt) - flixos == numbers
    assert all(side == "down" for g in state.displays for row in g for _, side in row)
    rows, cols = LARGE if large or people == 2 else SMALL
    assert all(len(g) == rows and len(g[0]) == cols for g in state.displays)
    assert len(state.aside) == flixos, "one number card per Flixo goes back in the box"
    assert len(state.discard) == 1 and not is_flixo(state.discard[0])
    sets = 3 if people == 2 else people + large
    assert len(state.draw) == 12 * sets - numbers - flixos - 1
    state.check_invariants()


def test_printed_table_is_the_data_table():
    for people, large, level, flixos, numbers in PRINTED_ROWS:
        shape = LARGE if large or people == 2 else SMALL
        assert PRINTED_SETUP[(people, shape)][level] == (flixos, numbers)
    assert sum(len(levels) for levels in PRINTED_SETUP.values()) == len(PRINTED_ROWS)


@pytest.mark.parametrize("people", [2, 3, 4, 5])
@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("level", [2, 3, 4])
def test_campaign_levels_fill_the_displays(people, large, level):
    if people == 5 and large and level == 4:
        with pytest.raises(ValueError, match="no Level 4"):
            setup_counts(people, large, level)
        return
    start, numbers = setup_counts(people, large, level)
    assert start == 2 * people, "Levels 2-4 start with 2 Flixos per person"
    size = 12 if large or people == 2 else 9
    for flixos in range(start, MAX_FLIXOS[level] + 1):
        f, n = setup_counts(people, large, level, flixos)
        assert (f, f + n) == (flixos, people * size)
        state = FlixoState(people, {"level": level, "large_displays": large, "flixos": flixos},
                           seed=flixos)
        values = Counter(value(c) for c in state._all_cards())
        assert min(values) == {2: -1, 3: 0, 4: 1}[level]
        assert len(state.draw) >= 1
        state.check_invariants()
    with pytest.raises(ValueError):
        setup_counts(people, large, level, MAX_FLIXOS[level] + 1)


def test_level_0_and_1_have_fixed_flixos_and_level_0_large_is_derived():
    with pytest.raises(ValueError):
        setup_counts(3, False, 1, 7)
    assert setup_counts(4, True, 0) == (4, 44)
    with pytest.raises(ValueError):
        FlixoState(3, {"level": 5}, seed=1)


def test_solo_plays_the_two_player_setup_alone():
    state = FlixoState(1, {}, seed=3)
    assert len(state.displays) == 2 and len(state.displays[0][0]) == 4
    seen = set()
    while not state.is_terminal():
        assert state.current_player() == 0
        seen.add(state.turn)
        state.apply(0, state.legal_actions(0)[-1])
    assert seen == {0, 1}


def test_setup_depends_on_the_seed_only():
    a, b, c = (FlixoState(3, {}, seed=s) for s in (1, 1, 2))
    assert a.state_hash() == b.state_hash() != c.state_hash()


# --- actions -------------------------------------------------------------------------------

def test_example_action_1_and_the_forced_take():
    # Angelika swaps the "3" from the discard pile with a face-down card: Flixo 9.
    state = table([[["?1", "?2", "?3"], ["?F9", "?4", "?5"], ["?6", "?7", "?8"]],
                   [["?1", "?2", "?3"], ["?4", "?5", "?6"], ["?7", "?8", "?9"]]],
                  discard=("3",))
    events = state.apply(0, TakeDiscard((1, 0)))
    assert shown(state, 0)[1][0] == "3"
    assert state.view(None)["discard"][-1] == {"value": 9, "flixo": True}
    assert "flixo_forced" in kinds(events)
    assert "reward" not in kinds(events) and state.phase == "turn", "no reward for discarding"
    # Hedwig must take the Flixo: action 2 is not allowed.
    assert state.current_player() == 1 and state.view(None)["forced"]
    assert all(isinstance(a, TakeDiscard) for a in state.legal_actions(1))
    with pytest.raises(IllegalAction, match="must take the Flixo"):
        state.apply(1, Draw())
    state.apply(1, TakeDiscard((0, 0)))
    assert shown(state, 1)[0][0] == "F9"


def test_example_action_2_draw_discard_reveal():
    state = table([[["?1", "?2", "?3"], ["?4", "?F6", "?5"], ["?6", "?7", "?8"]],
                   [["?1"] * 3] * 3], draw=("2", "7"))
    events = state.apply(0, Draw())
    assert kinds(events) == ["drawn"] and state.view(None)["drawn"]["value"] == 7
    assert state.legal_actions(0) and not any(isinstance(a, (Draw, TakeDiscard))
                                               for a in state.legal_actions(0))
    with pytest.raises(IllegalAction):
        state.apply(0, TakeDiscard((0, 0)))
    events = state.apply(0, DiscardAndReveal((1, 1)))
    assert kinds(events)[:2] == ["discarded", "card_flipped"]
    assert shown(state, 0)[1][1] == "F6"
    assert state.discard[-1] == 7 and state.turn == 1 and not state.view(None)["forced"]


def test_swap_the_drawn_card():
    state = table([[["?1", "2", "?3"]] * 3, [["?1"] * 3] * 3], draw=("4", "9"))
    state.apply(0, Draw())
    events = state.apply(0, SwapDrawn((0, 1)))
    assert kinds(events)[:2] == ["swapped", "discarded"]
    assert shown(state, 0)[0][1] == "9" and state.discard[-1] == 2


def test_illegal_moves_change_nothing():
    state = table([[["?1", "2", "?3"]] * 3, [["?1"] * 3] * 3])
    before = state.state_hash()
    for action in (TakeDiscard((3, 0)), TakeDiscard((0, -1)), SwapDrawn((0, 0)),
                   DiscardAndReveal((0, 0)), RewardPeek(1, (0, 0))):
        with pytest.raises(IllegalAction):
            state.apply(0, action)
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(1, Draw())
    state.apply(0, Draw())
    mid = state.state_hash()
    with pytest.raises(IllegalAction, match="reveal a face-down card"):
        state.apply(0, DiscardAndReveal((0, 1)))
    assert state.state_hash() == mid != before


# --- removing lines, rewards, cascades, the last row ---------------------------------------

def test_example_removing_cards_reward_and_cascade():
    # Angelika completes the middle column of "3"s (with the Flixo "3"): removed, a reward;
    # sliding together makes a row of two "4"s, removed too.
    state = table([[["4", "3", "4"], ["?5", "F3", "?6"], ["?7", "?2", "?8"]],
                   [["?1", "?2", "?3"], ["?4", "?5", "?6"], ["?7", "?8", "?9"]]],
                  discard=("3",))
    events = state.apply(0, TakeDiscard((2, 1)))
    removed = [e.data for e in events if e.kind == "line_removed"]
    assert [(r["step"], r["rows"], r["cols"]) for r in removed] == [(0, [], [1]), (1, [0], [])]
    assert sorted(c["value"] for c in removed[0]["cards"]) == [3, 3, 3]
    assert [c["value"] for c in removed[1]["cards"]] == [4, 4]
    assert [e.data["shape"] for e in events if e.kind == "display_slid"] == [[3, 2], [2, 2]]
    assert shown(state, 0) == [["?", "?"], ["?", "?"]]
    assert len(state.removed[0]) == 5
    # The turn is interrupted for the reward: a face-down card in any display.
    assert state.phase == "reward" and state.current_player() == 0
    assert "reward_due" in kinds(events)
    legal = state.legal_actions(0)
    assert RewardPeek(1, (2, 2)) in legal and RewardPeek(0, (0, 0)) in legal
    with pytest.raises(IllegalAction, match="choose the reward first"):
        state.apply(0, Draw())
    events = state.apply(0, RewardPeek(1, (2, 2)))
    assert shown(state, 1)[2][2] == "e9", "the whole team sees the marked card from now on"
    assert state.view(None)["eyes_free"] == 11
    assert state.turn == 1 and state.phase == "turn"


def test_eye_token_returns_when_the_card_is_turned_up_or_swapped():
    state = table([[["e4", "?5", "e6"], ["?1", "?2", "?3"], ["?7", "?8", "?9"]],
                   [["?1"] * 3] * 3], draw=("2", "7"))
    state.apply(0, Draw())
    events = state.apply(0, DiscardAndReveal((0, 0)))
    assert [e.data["was"] for e in events if e.kind == "card_flipped"] == ["eye"]
    assert state.view(None)["eyes_free"] == 11
    state.turn = 0
    events = state.apply(0, TakeDiscard((0, 2)))
    assert [e.data["was"] for e in events if e.kind == "swapped"] == ["eye"]
    assert state.view(None)["eyes_free"] == 12


def test_eye_marked_cards_are_still_face_down():
    # A line of "5"s with one eye-marked "5" is not removed until that card is turned up.
    state = table([[["5", "e5", "?1"], ["?2", "?3", "?4"], ["?6", "?7", "?8"]],
                   [["?1"] * 3] * 3], discard=("5",))
    state.apply(0, TakeDiscard((0, 2)))
    assert shown(state, 0)[0] == ["5", "e5", "5"]


def test_a_row_and_a_column_leave_together():
    g = grid([["5", "5", "5"], ["5", "?1", "?2"]])
    steps = remove_full_lines(g)
    assert [(s["rows"], s["cols"]) for s in steps] == [([0], [0])]
    assert [[c for c, _ in row] for row in g] == [[1, 2]]


def test_cascade_over_three_steps():
    g = grid([["4", "9", "1"], ["5", "9", "5"], ["4", "9", "2"]])
    steps = remove_full_lines(g)
    assert [(s["rows"], s["cols"]) for s in steps] == [([], [1]), ([1], []), ([], [0])]
    assert [s["shape"] for s in steps] == [[3, 2], [2, 2], [2, 1]]
    assert [[c for c, _ in row] for row in g] == [[1], [2]], "a last column of 1, 2 stays"


def test_cascade_to_an_empty_display():
    g = grid([["7", "2", "7"], ["7", "2", "7"], ["4", "2", "4"]])
    steps = remove_full_lines(g)
    assert [(s["rows"], s["cols"]) for s in steps] == [([], [1]), ([0, 1, 2], [])]
    assert g == []


def test_last_row_rule():
    # A single row: only the whole row can go, and only when all its cards show one number.
    g = grid([["5", "5", "?5"]])
    assert remove_full_lines(g) == [] and len(g[0]) == 3
    g = grid([["5", "6", "5"]])
    assert remove_full_lines(g) == []
    g = grid([["5"], ["5"], ["6"]])
    assert remove_full_lines(g) == [], "single cards of a last column are no lines"
    g = grid([["5", "5", "5"]])
    assert len(remove_full_lines(g)) == 1 and g == []


def test_example_last_row_removed_by_revealing_empties_the_display():
    state = table([[["5", "5", "?5"]], [["?1", "?2"], ["?3", "?4"]]], draw=("2", "7"))
    state.apply(0, Draw())
    events = state.apply(0, DiscardAndReveal((0, 2)))
    assert state.displays[0] == []
    assert "final_turns_begin" in kinds(events) and state.last_display == 1


# --- the end of the game ---------------------------------------------------------------------

def test_all_face_up_starts_the_final_turns_one_more_turn_each():
    state = table([[["4", "5", "?6"], ["7", "8", "9"], ["1", "2", "3"]],
                   [["?1"] * 3] * 3, [["?1"] * 3] * 3], draw=("2", "7", "8", "9"))
    events = state.apply(0, TakeDiscard((0, 2)))
    assert "final_turns_begin" in kinds(events) and state.last_display == 2
    state.apply(1, Draw())
    state.apply(1, DiscardAndReveal((0, 0)))
    assert not state.is_terminal()
    events = state.apply(2, TakeDiscard((0, 0)))
    assert state.is_terminal() and kinds(events)[-1] == "game_over"
    assert state.current_player() == TERMINAL


def test_drawing_the_last_card_ends_at_once():
    state = table([[["?1", "?2"], ["?3", "?4"]], [["?1", "?2"], ["?3", "?4"]],
                   [["?5", "?6"], ["?7", "?8"]]], draw=("9",))
    state.apply(0, Draw())
    assert not state.is_terminal()
    events = state.apply(0, DiscardAndReveal((0, 0)))
    assert state.is_terminal() and state.last_display is None
    assert kinds(events).count("card_flipped") == 12, "everything left face down is revealed"


def test_final_reveal_removes_lines():
    state = table([[["?1", "?2"], ["?3", "?4"]],
                   [["?6", "?6", "?6"], ["?F6", "?2", "?3"], ["?1", "?4", "?5"]]], draw=("9",))
    state.apply(0, Draw())
    events = state.apply(0, SwapDrawn((0, 0)))
    removed = [e.data for e in events if e.kind == "line_removed"]
    assert [(r["display"], r["rows"]) for r in removed] == [(1, [0])]
    assert shown(state, 1) == [["F6", "2", "3"], ["1", "4", "5"]]
    assert state.outcome().team_won is False, "the Flixo 6 stayed in a 2-row display"


def test_example_scoring_16_points():
    # Hedwig has emptied her display; Nicole keeps 2 number cards and a Flixo (9 points) in her
    # last row; Angelika 2 cards (12 points). Angelika takes the final turn.
    state = table([[], [["2", "3", "F4"]], [["5", "?8"]]], discard=("7",), turn=2,
                  last_display=2)
    events = state.apply(2, TakeDiscard((0, 1)))
    over = events[-1]
    assert over.kind == "game_over"
    assert over.data["points"] == [-5, 9, 12] and over.data["total"] == 16
    outcome = state.outcome()
    assert outcome.team_won and state.result["verdict"] == "Not bad!"
    assert outcome.verdict == "16 points (the lower the better): Not bad!"
    assert state.result["band"] == 2 and state.result["scale"][2] == [20, "Not bad!"]
    assert outcome.scores == [16, 16, 16] and outcome.winners == [0, 1, 2]


def test_flixo_left_in_a_big_display_loses():
    state = table([[["1", "F2"], ["3", "4"]], [["5", "?8"]]], discard=("7",), turn=1,
                  last_display=1)
    state.apply(1, TakeDiscard((0, 1)))
    outcome = state.outcome()
    assert outcome.team_won is False and outcome.winners == []
    assert state.result["verdict"] == LOSS_VERDICT and state.result["band"] is None
    assert outcome.verdict == LOSS_VERDICT + " (points count only when the team wins)"
    assert state.result["flixos_left_in"] == [0]


def test_final_turn_may_leave_a_flixo_on_the_discard_pile():
    state = table([[["1", "F2"], ["3", "4"]], [["5", "6"]]], discard=("7",), turn=0,
                  last_display=0)
    events = state.apply(0, TakeDiscard((0, 1)))
    assert "flixo_forced" not in kinds(events)
    assert state.discard[-1] == FLIXO + 2
    assert state.outcome().team_won is True
    assert state.result["points"] == [15, 11]


def test_no_reward_on_the_last_turn():
    state = table([[["3", "F3", "?1"], ["?2", "?4", "?5"]], [["?1", "?2"], ["?3", "?4"]]],
                  discard=("3",), last_display=0)
    state.apply(0, TakeDiscard((0, 2)))
    assert state.is_terminal()


@pytest.mark.parametrize("total,text", [
    (-15, "Great! You're FLIXO professionals!"), (5, "Great! You're FLIXO professionals!"),
    (6, "Above average!"), (10, "Above average!"), (11, "Not bad!"), (20, "Not bad!"),
    (21, "How about a plan?"), (30, "How about a plan?"),
    (31, "Only practice, practice, practice will help!")])
def test_verdicts_as_printed(total, text):
    assert verdict(total) == text


# --- the table view ---------------------------------------------------------------------------

def test_view_shows_what_is_face_up_or_marked_and_what_each_display_needs():
    state = table([[["3", "?1", "7"], ["3", "?2", "7"], ["?4", "e6", "?5"]],
                   [["?1"] * 3] * 3])
    view = state.view(None)
    cells = view["displays"][0]["cells"]
    assert cells[0][1] == {"up": False, "eye": False, "value": None, "flixo": None}
    assert cells[2][1] == {"up": False, "eye": True, "value": 6, "flixo": False}
    assert view["displays"][0]["needs"] == [3, 7]
    assert [3, [2, 0]] in view["displays"][0]["wants"]
    assert view == state.view(1) | {"you": None}


def test_needs_for_a_mixed_full_line():
    assert needs(grid([["4", "4", "9"]]))[1] == [[4, [0, 2]]]
    assert needs(grid([["4", "5", "9"]]))[0] == []
    assert needs(grid([["4", "5", "9"], ["?1", "?1", "?1"]]))[0] == [4, 5, 9]


def test_view_hides_face_down_cards_and_the_piles():
    state = FlixoState(3, {}, seed=11)
    rng = random.Random(1)
    twin = state.hidden_variant(None, rng)
    assert twin.view(None) == state.view(None)
    assert twin.state_hash() != state.state_hash()


def test_view_says_the_start_shape_the_flixos_not_yet_seen_and_who_may_take_back():
    state = table([[["F3", "?1"], ["?F5", "eF6"]], [["?1", "2"], ["3", "4"]]], discard=("F7",))
    view = state.view(None)
    assert view["shape"] == [3, 4] and view["undo"] == [] and view["highlight"] is None
    # seen: the Flixos 3 (face up), 6 (eye-marked) and 7 (discarded); 5 is face down
    assert view["flixos_hidden"] == state.flixos_in_play - 3


# --- taking back (issue 14) ---------------------------------------------------------------------

def position(players=3, seed=5, want=lambda state, view: True):
    """A real game (so it replays from its seed) played by normal bots up to the first turn
    where `want(state, view)` holds at the start of a turn with a face-up card to swap."""
    state = FlixoState(players, {}, seed)
    bots = [FlixoBot(p, p + 1, "normal") for p in range(players)]
    for _ in range(400):
        p = state.current_player()
        view = state.view(p)
        cells = view["displays"][view["turn"]]["cells"]
        up = [(r, c) for r, row in enumerate(cells) for c, cell in enumerate(row) if cell["up"]]
        if view["phase"] == "turn" and not view["forced"] and up and want(state, view):
            return state, p, up[0]
        state.apply(p, bots[p].choose(view, state.legal_actions(p)))
    raise AssertionError("no such position")


def test_a_swap_for_a_face_up_card_can_be_taken_back():
    state, p, slot = position()
    before = state.snapshot()
    log = list(state.log)
    state.apply(p, TakeDiscard(slot))
    assert state.undo_depth(p) == 1 and state.view(None)["undo"] == [p]
    assert [state.undo_depth(q) for q in range(3) if q != p] == [0, 0]
    again = state.undone(p)
    assert again.snapshot() == before and again.log == log      # as if it never happened
    assert state.log[:-1] == log                                # this state is not changed
    assert again.undo_depth(p) == 0 or again.log[-1][0] == p


def test_a_drawn_card_swapped_in_for_a_face_up_card_goes_back_to_the_hand():
    state, p, slot = position()
    state.apply(p, Draw())
    drawn = state.view(None)["drawn"]
    assert state.undo_depth(p) == 0, "the drawn card was seen: the draw stays"
    state.apply(p, SwapDrawn(slot))
    again = state.undone(p)
    assert again.view(None)["phase"] == "drawn" and again.view(None)["drawn"] == drawn
    assert again.undo_depth(p) == 0


def test_nothing_is_taken_back_after_a_card_was_revealed():
    state, p, up = position()
    view = state.view(None)
    down = next((r, c) for r, row in enumerate(view["displays"][view["turn"]]["cells"])
                for c, cell in enumerate(row) if not cell["up"] and not cell["eye"])
    swapped = copy.deepcopy(state)
    swapped.apply(p, TakeDiscard(down))                      # the card swapped out is seen
    assert swapped.undo_depth(p) == 0
    with pytest.raises(IllegalAction, match="nothing to take back"):
        swapped.undone(p)
    turned = copy.deepcopy(state)
    turned.apply(p, Draw())
    turned.apply(p, DiscardAndReveal(down))                  # a card turned up
    assert turned.undo_depth(p) == 0
    taken = copy.deepcopy(state)
    taken.apply(p, TakeDiscard(up))
    nxt = taken.current_player()
    taken.apply(nxt, FlixoBot(nxt, 1).choose(taken.view(nxt), taken.legal_actions(nxt)))
    assert taken.undo_depth(p) == 0, "the next display has played"


def test_a_peek_is_never_taken_back():
    state = table([[["4", "4", "1"], ["?2", "?3", "?5"]], [["?F7", "5"]]], discard=("F4",))
    state.apply(0, TakeDiscard((0, 2)))                      # a row of 4s with the Flixo 4
    assert state.phase == "reward" and state.undo_depth(0) == 1, "the 1 out was seen"
    state.apply(0, RewardPeek(1, (0, 0)))
    assert state.undo_depth(0) == 0


def test_taken_back_moves_never_reach_the_replay():
    """A game with a mistake taken back ends exactly as the same game without it, log and all."""
    def game(with_mistake):
        state, p, slot = position(seed=9)
        if with_mistake:
            state.apply(p, TakeDiscard(slot))
            state = state.undone(p)
        bots = [FlixoBot(q, 100 + q, "normal") for q in range(3)]
        while not state.is_terminal():
            q = state.current_player()
            state.apply(q, bots[q].choose(state.view(q), state.legal_actions(q)))
        return state
    plain, mended = game(False), game(True)
    assert mended.log == plain.log and mended.state_hash() == plain.state_hash()
    again = FlixoState(3, {}, plain.seed)
    for q, action, _ in mended.log:
        again.apply(q, decode_action(INFO, action))
    assert again.state_hash() == mended.state_hash()


def test_solo_steps_back_one_swap_at_a_time():
    state, p, _ = position(players=1, seed=3, want=lambda s, v: all(
        any(c["up"] for row in d["cells"] for c in row) for d in v["displays"]))
    for _ in range(2):  # display 0, then display 1: both the one person's
        view = state.view(None)
        cells = view["displays"][view["turn"]]["cells"]
        slot = next((r, c) for r, row in enumerate(cells) for c, cell in enumerate(row)
                    if cell["up"])
        state.apply(0, TakeDiscard(slot))
    back = state.undone(0)
    assert len(back.log) == len(state.log) - 1 and back.undo_depth(0) == 1
    assert len(back.undone(0).log) == len(state.log) - 2


# --- the highlight and what the score means (issue 15) -----------------------------------------

def test_the_line_that_cleared_the_table_and_the_spotter():
    state = table([[["4", "4", "?1"], ["?2", "?3", "?5"]], [["?F7", "5"]]], discard=("F4",),
                  last_display=1)
    state.apply(0, TakeDiscard((0, 2)))          # a row of 4s takes the Flixo 4 out
    state.apply(0, RewardPeek(1, (0, 0)))        # the peek finds the Flixo 7
    state.apply(1, TakeDiscard((0, 1)))          # the last turn
    hi = state.view(None)["highlight"]
    assert state.outcome().team_won
    assert (hi["kind"], hi["title"], hi["players"], hi["display"]) == (
        "line", "The line that cleared the table", [0], 0)
    assert hi["text"] == "A row of 4s took the Flixo 4 out"
    assert hi["figures"] == {"flixos": 1, "lines": 1}
    assert hi["cards"] == [{"value": 4, "flixo": True}]
    assert [(h["kind"], h["players"], h["text"]) for h in hi["more"]] == [
        ("spotter", [0], "Found a Flixo with an eye token")]
    json.dumps(hi)


def test_the_flixo_that_got_away():
    state = table([[["1", "F2"], ["3", "4"]], [["5", "?8"]]], discard=("7",), turn=1,
                  last_display=1)
    state.apply(1, TakeDiscard((0, 1)))
    hi = state.view(None)["highlight"]
    assert (hi["kind"], hi["title"], hi["players"]) == ("escape", "The Flixo that got away", [0])
    assert hi["text"] == "The Flixo 2 stayed in a display of 2 rows and 2 columns"
    assert hi["more"] == []


def test_a_quiet_win_shows_the_score_and_what_it_means():
    state = table([[], [["2", "3", "F4"]], [["5", "?8"]]], discard=("7",), turn=2,
                  last_display=2)
    state.apply(2, TakeDiscard((0, 1)))
    hi = state.view(None)["highlight"]
    assert hi["kind"] == "score" and hi["text"] == "16 points (the lower the better): Not bad!"
    assert hi["figures"] == {"total": 16}


def test_line_words():
    assert line_text([["column", 7], ["row", 2]], [2, 7]) == \
        "A column of 7s and a row of 2s took the Flixos 2 and 7 out"
    assert meaning(1, True) == "1 point (the lower the better): Great! You're FLIXO professionals!"
    assert meaning(-10, True).startswith("-10 points")
    assert meaning(40, False) == LOSS_VERDICT + " (points count only when the team wins)"


@pytest.mark.parametrize("v,text", [(8, "an 8"), (7, "a 7"), (-1, "a -1"), (0, "a 0"),
                                    (10, "a 10"), (11, "an 11"), (18, "an 18")])
def test_a_number_takes_the_article_it_is_read_with(v, text):
    assert a_number(v) == text


def test_cards_in_words():
    assert a_card({"value": 8, "flixo": False}) == "an 8"
    assert a_card({"value": 8, "flixo": True}) == "a Flixo 8"
    assert card_name({"value": -1, "flixo": True}) == "Flixo -1"


def test_every_event_kind_is_a_constant_and_documented():
    import game.flixo as module
    assert INFO.event_kinds == EVENT_KINDS
    for kind in EVENT_KINDS:
        name = kind.upper()
        assert getattr(module, name) == kind and f"    {name} " in module.__doc__


# --- the campaign ------------------------------------------------------------------------------

def test_campaign_runs_from_level_2_to_level_4():
    options = {"level": 2, "large_displays": False, "flixos": 0}
    games = [options]
    assert campaign_next(options, 3, won=False) == options, "a loss replays the same game"
    while options is not None:
        options = campaign_next(options, 3, won=True)
        games.append(options)
    assert games[-1] is None
    counts = [(o["level"], setup_counts(3, False, o["level"], o["flixos"])[0])
              for o in games[:-1]]
    assert counts == ([(2, n) for n in range(6, 13)] + [(3, n) for n in range(6, 12)]
                      + [(4, n) for n in range(6, 11)])


def test_campaign_for_five_with_large_displays_has_no_level_4():
    options = {"level": 3, "large_displays": True, "flixos": 11}
    assert campaign_next(options, 5, won=True) is None
    options = {"level": 2, "large_displays": True, "flixos": 12}
    assert campaign_next(options, 5, won=True) == {**options, "level": 3, "flixos": 0}


def test_levels_0_and_1_are_no_campaign():
    options = {"level": 1, "large_displays": False, "flixos": 0}
    assert campaign_next(options, 4, won=True) == options


# --- CPU partners -----------------------------------------------------------------------------

def test_registered():
    assert GAMES["flixo"] is INFO and set(INFO.bots) == {"easy", "normal", "hard"}


def test_bot_takes_the_card_that_removes_its_flixo():
    state = table([[["F3", "?1", "?2"], ["3", "?4", "?5"], ["?6", "?7", "?8"]],
                   [["?1"] * 3] * 3], discard=("3",))
    for level in ("easy", "normal", "hard"):
        bot = FlixoBot(0, seed=1, level=level)
        bot.rng.random = lambda: 1.0  # no slip of the hand in this test
        assert bot.choose(state.view(0), state.legal_actions(0)) == TakeDiscard((2, 0))


def test_bot_does_not_throw_a_flixo_at_its_partner():
    # A Flixo with nothing to go with it: swapping it out would force it on the next person.
    state = table([[["F8", "1", "?2"], ["?3", "?4", "?5"], ["?6", "?7", "?9"]],
                   [["?1"] * 3] * 3], discard=("4",), draw=("1", "2", "3", "5"))
    bot = FlixoBot(0, seed=1, level="hard")
    bot.rng.random = lambda: 1.0
    assert bot.choose(state.view(0), state.legal_actions(0)) != TakeDiscard((0, 0))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_finish_games_and_never_cheat(level):
    state = play(INFO, 3, seed=2, levels=level)
    assert state.is_terminal() and state.outcome().team_won in (True, False)
    state.check_invariants()
