"""One suite for every registered game: a game joins it by being listed in game.GAMES.

Random legal play from many seeds, checking at every step that the state keeps its invariants,
that every legal action applies, that an illegal action changes nothing, that no view leaks a
hidden card, and that the game replays identically from its log and from JSON.
"""

import copy
import json
import random

import pytest

from game import GAMES
from game.core import (SIMULTANEOUS, TERMINAL, IllegalAction, Interrupt, Tick, decode_action,
                       encode_action)
from game.replay import ReplayError, rebuild, to_json
from game.runner import play

GAME_IDS = sorted(GAMES)
SEEDS = range(5)


def player_counts(info):
    counts = {info.min_players, info.max_players, (info.min_players + info.max_players) // 2}
    return sorted(counts)


def cases():
    for game_id in GAME_IDS:
        for players in player_counts(GAMES[game_id]):
            yield pytest.param(game_id, players, id=f"{game_id}-{players}p")


def random_steps(state, rng, max_steps=20_000):
    """Play random legal actions (and, in real-time games, random waits); yield after each.

    Interrupts (a round voided by a pulled pad) are legal but rare at a real table, so the
    walk takes them only now and then; otherwise every round would be called off.
    """
    realtime = state.info.realtime
    for _ in range(max_steps):
        if state.is_terminal():
            return
        turn = state.current_player()
        seats = range(state.players) if turn == SIMULTANEOUS or realtime else [turn]
        moves = [(p, a) for p in seats for a in state.legal_actions(p)]
        if rng.random() > 0.01:
            moves = [(p, a) for p, a in moves if not isinstance(a, Interrupt)]
        deadline = state.next_deadline()
        if realtime and (not moves or rng.random() < 0.25):
            if not moves and deadline is None:
                raise AssertionError("real-time game with no moves and no deadline is stuck")
            step = rng.randint(1, 700)
            t = state.now + step if deadline is None else min(state.now + step, deadline)
            state.tick(max(t, state.now))
            yield None
            continue
        assert moves, f"turn-based game has no legal move for {turn}"
        player, action = rng.choice(moves)
        t = None
        if realtime:
            # Stay before the next deadline: what was legal now is still legal then.
            latest = state.now + 40 if deadline is None else max(state.now, deadline - 1)
            t = rng.randint(state.now, min(state.now + 40, latest))
        state.apply(player, action, t)
        yield (player, action)
    raise AssertionError(f"game not over after {max_steps} random steps")


@pytest.mark.parametrize("game_id,players", list(cases()))
def test_random_play_keeps_the_rules(game_id, players):
    info = GAMES[game_id]
    leaks_checked = 0
    hidden_differs = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        state = info.new(players, {}, seed)
        seen_actions = []
        state.check_invariants()
        for step, move in enumerate(random_steps(state, rng)):
            state.check_invariants()
            if move is not None:
                seen_actions.append(move)
            if step % 17 == 0:
                hidden_differs += check_views(state, rng)
                leaks_checked += 1
            if step % 23 == 0:
                check_all_legal_actions_apply(state, rng)
                check_illegal_actions_change_nothing(state, seen_actions, rng)
        assert state.is_terminal()
        check_outcome(state)
        check_replays(state)
    assert leaks_checked > 0
    hidden = {"flotter_otter", "fliegen_klatschen", "flixo", "flotte_flitzer", "formula_fun"}
    if game_id in hidden:
        # Each of these games keeps something face down; re-dealing it must have changed the
        # full state at least sometimes, or the view test above proved nothing.
        assert hidden_differs > 0


def check_views(state, rng):
    """Views are JSON data, and equal for any re-deal of what the seat cannot see."""
    differs = 0
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        json.dumps(view)
        variant = state.hidden_variant(seat, random.Random(rng.random()))
        assert variant.view(seat) == view, f"view of seat {seat} depends on hidden cards"
        if variant.state_hash() != state.state_hash():
            differs += 1
    return differs


def check_all_legal_actions_apply(state, rng):
    """Every listed action applies cleanly (a sample of 12 per seat where a seat has hundreds,
    like a slap at any card on a table of 112)."""
    for seat in range(state.players):
        legal = state.legal_actions(seat)
        for action in rng.sample(legal, min(len(legal), 12)):
            trial = copy.deepcopy(state)
            trial.apply(seat, action, trial.now)
            trial.check_invariants()
            assert decode_action(state.info, json.loads(json.dumps(encode_action(action)))) == action


def check_illegal_actions_change_nothing(state, seen_actions, rng):
    before = state.state_hash()
    log_length = len(state.log)
    tried = 0
    for player, action in rng.sample(seen_actions, min(len(seen_actions), 20)):
        seat = rng.randrange(state.players)
        if action in state.legal_actions(seat):
            continue
        with pytest.raises(IllegalAction) as refusal:
            state.apply(seat, action, state.now)
        assert refusal.value.rule, "an IllegalAction must name the rule it breaks"
        tried += 1
    assert state.state_hash() == before
    assert len(state.log) == log_length
    return tried


def check_outcome(state):
    outcome = state.outcome()
    assert len(outcome.scores) == state.players
    assert set(outcome.winners) <= set(range(state.players))
    if state.info.cooperative:
        assert outcome.team_won in (True, False)
    else:
        assert outcome.winners, "a competitive game names at least one winner"


def check_replays(state):
    data = json.loads(json.dumps(to_json(state)))
    again = rebuild(data, GAMES)
    assert again.state_hash() == state.state_hash()
    assert again.log == state.log


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bots_play_every_level_and_replay(game_id):
    info = GAMES[game_id]
    for level in ("random", "easy", "normal", "hard"):
        state = play(info, info.min_players + 1 if info.max_players > info.min_players
                     else info.min_players, seed=7, levels=level)
        assert state.is_terminal()
        again = rebuild(json.loads(json.dumps(to_json(state))), GAMES)
        assert again.state_hash() == state.state_hash()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_same_seed_same_game_other_seed_other_game(game_id):
    info = GAMES[game_id]
    players = info.min_players
    first = play(info, players, seed=3, levels="normal")
    second = play(info, players, seed=3, levels="normal")
    other = play(info, players, seed=4, levels="normal")
    assert first.state_hash() == second.state_hash()
    assert first.log == second.log
    assert other.log != first.log


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tampered_log_is_reported(game_id):
    info = GAMES[game_id]
    state = play(info, info.min_players, seed=5, levels="random")
    data = to_json(state)
    truncated = dict(data, log=[["x"]] + data["log"])
    with pytest.raises(ReplayError):
        rebuild(truncated, GAMES)
    foreign = dict(data, game="chess")
    with pytest.raises(ReplayError, match="unknown game"):
        rebuild(foreign, GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_turn_and_end_markers(game_id):
    info = GAMES[game_id]
    state = play(info, info.min_players, seed=1, levels="random")
    assert state.current_player() == TERMINAL
    assert state.legal_actions(0) == [] or state.is_terminal()
    with pytest.raises(IllegalAction, match="game over"):
        state.apply(0, Tick(), state.now)
