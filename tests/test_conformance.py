"""One suite for every registered game: a game joins it by being listed in game.GAMES.

Random legal play from many seeds, checking at every step that the state keeps its invariants,
that every legal action applies, that an illegal action changes nothing, that no view leaks a
hidden card, and that the game replays identically from its log and from JSON (written without
NaN or Infinity). Then bad values, sampled at a few points of a game: seats, action fields,
times, setups and replay documents of the wrong type or out of range are refused
(IllegalAction, ValueError or ReplayError) and change nothing.
"""

import copy
import dataclasses
import itertools
import json
import random
import typing

import pytest

from game import GAMES
from game.core import (SIMULTANEOUS, TERMINAL, IllegalAction, Interrupt, State, Tick,
                       decode_action, encode_action, field_types)
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
    data = json.loads(json.dumps(to_json(state), allow_nan=False))
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


# -- bad values: refused with IllegalAction, nothing changed ---------------------------------------

NAN, INF = float("nan"), float("inf")


def bad_seats(players):
    """Values that are not a seat: None, a string, a float, bools (False would be seat 0),
    negatives (-1 would index the last seat) and seats past the last."""
    return [None, "0", 1.5, 0.0, -1, True, False, players, players + 1, 2**70, [0]]


def bad_field_values(hint, value):
    """Values of the wrong type for an action field annotated `hint` (now holding `value`)."""
    if hint is int:
        return [True, False, float(value), NAN, INF, str(value), None, (value,)]
    if hint is str:
        return [1, True, 1.5, None, (value,), value.encode()]
    if hint is tuple or typing.get_origin(hint) is tuple:
        first = value[0] if value else 0
        rest = value[1:]
        return [list(value), None, "ab", 1, (1.5, *rest), (True, *rest), ((first,), *rest),
                (None, *rest)]
    raise AssertionError(f"no bad values known for annotation {hint!r}: add them here")


def bad_json_values(hint):
    """What a replay file could hold for such a field instead of the right type."""
    if hint is int:
        return [True, 1.5, 1.0, "1", None, [1], {"a": 1}]
    if hint is str:
        return [1, True, 1.5, None, ["a"], {}]
    return [None, "ab", 1, [1.5], [True], [[1]], [None], {}]


def out_of_range_values(hint, value):
    """Values of the right type that no game accepts."""
    if hint is int:
        return [-10**6, 10**6, 2**70]
    if hint is str:
        return ["", "no such thing", "x" * 10_000]
    return [(), (10**6, 10**6), (*value, *value, *value), (-10**6,) * max(1, len(value))]


def sample_states(info, players, seed, points=3):
    """The state at the start and at a few points of a random walk (copies, to poke at)."""
    rng = random.Random(seed)
    state = info.new(players, {}, seed)
    yield copy.deepcopy(state)
    steps = list(random_steps(state, rng))
    for step in sorted(rng.sample(range(len(steps)), min(points, len(steps)))):
        again = info.new(players, {}, seed)
        for _ in itertools.islice(random_steps(again, random.Random(seed)), step + 1):
            pass
        if not again.is_terminal():
            yield again


def legal_pair(state, rng):
    """(seat, action) of some legal action now, or None."""
    pairs = [(seat, a) for seat in range(state.players) for a in state.legal_actions(seat)
             if not isinstance(a, Interrupt)]
    return rng.choice(pairs) if pairs else None


class Unchanged:
    """Asserts that a block leaves the state's hash, time and log exactly as they were."""

    def __init__(self, state):
        self.state = state

    def __enter__(self):
        self.hash, self.log = self.state.state_hash(), copy.deepcopy(self.state.log)
        return self

    def __exit__(self, *exc):
        assert self.state.state_hash() == self.hash, "a refusal changed the state"
        assert self.state.log == self.log, "a refusal changed the log"
        return False


def refused(call, *args, rule=None):
    with pytest.raises(IllegalAction) as refusal:
        call(*args)
    if rule is not None:
        assert refusal.value.rule == rule, refusal.value
    assert refusal.value.events == [], "a refused bad value let time pass"
    return refusal.value


def check_bad_values_refused(state, rng):
    info = state.info
    pair = legal_pair(state, rng)
    # A later stamp proves the values are checked before time would pass.
    later = state.now + 5 if info.realtime else None
    with Unchanged(state):
        for seat in bad_seats(state.players):
            refused(state.legal_actions, seat, rule="no such seat")
            if seat is not None:
                refused(state.view, seat, rule="no such seat")
            if pair is not None:
                refused(state.apply, seat, pair[1], later, rule="no such seat")
        if pair is None:
            return
        seat, action = pair
        for field in dataclasses.fields(action):
            hint = dict(field_types(type(action)))[field.name]
            value = getattr(action, field.name)
            for bad in bad_field_values(hint, value):
                wrong = dataclasses.replace(action, **{field.name: bad})
                refused(state.apply, seat, wrong, later, rule="bad action field")
            for bad in bad_json_values(hint):  # the same rule for replays
                with pytest.raises(ValueError, match=field.name):
                    decode_action(info, {**encode_action(action), field.name: bad})
            for far in out_of_range_values(hint, value):
                with pytest.raises(IllegalAction):
                    state.apply(seat, dataclasses.replace(action, **{field.name: far}),
                                state.now if info.realtime else None)
        for t in [NAN, INF, -INF, True, False, "5", [5], None if info.realtime else NAN]:
            refused(state.apply, seat, action, t, rule="time is a finite number of ms"
                    if t is not None else "real-time action needs a time")
            refused(state.tick, t)
        if state.now > 0:
            refused(state.apply, seat, action, state.now - 1, rule="time runs forward")
            refused(state.tick, state.now - 1, rule="time runs forward")
    # view(-1) must not be the last seat's view, whatever it holds.
    assert state.view(None) is not None


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_values_are_refused_and_change_nothing(game_id):
    info = GAMES[game_id]
    checked = 0
    for players in sorted({info.min_players, info.max_players}):
        for seed in range(2):
            rng = random.Random(seed)
            for state in sample_states(info, players, seed):
                check_bad_values_refused(state, rng)
                checked += 1
    assert checked >= 4


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_uses_the_checking_protocol_methods(game_id):
    """The base State checks seats, actions and times in the public methods; a game that
    overrode one of them would skip the checks."""
    info = GAMES[game_id]
    cls = type(info.new(info.min_players, {}, 1))
    for name in ("apply", "tick", "legal_actions", "view"):
        assert getattr(cls, name) is getattr(State, name), f"{game_id} overrides {name}"
    for action_type in info.action_types:
        field_types(action_type)  # raises TypeError for an annotation the core cannot check


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_setup_is_refused(game_id):
    info = GAMES[game_id]
    for players in [True, "2", float(info.min_players), None, info.min_players - 1,
                    info.max_players + 1]:
        with pytest.raises(ValueError, match="players"):
            info.new(players, {}, 1)
    for seed in [None, "1", 1.5, True, -1, NAN]:
        with pytest.raises(ValueError, match="seed"):
            info.new(info.min_players, {}, seed)
    for options in [None, [], "level", [("level", 1)]]:
        with pytest.raises(ValueError, match="options"):
            info.new(info.min_players, options, 1)
    for name, default in info.default_options.items():
        wrong = [0, 1, "yes", None] if type(default) is bool else [True, 1.0, "1", None, [1]]
        for value in wrong:
            with pytest.raises(ValueError, match=name):
                info.new(info.min_players, {name: value}, 1)
        if type(default) is int:
            for value in (-1, 10**6):
                with pytest.raises(ValueError):
                    info.new(info.min_players, {name: value}, 1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_documents_with_bad_values_are_refused(game_id):
    info = GAMES[game_id]
    state = play(info, info.min_players, seed=2, levels="random")
    data = json.loads(json.dumps(to_json(state), allow_nan=False))
    first = next(i for i, e in enumerate(data["log"]) if e[0] is not None)
    player, encoded, t = data["log"][first]
    name = next((k for k in encoded if k != "type"), None)
    bad_entries = [[True, encoded, t], ["0", encoded, t], [-1, encoded, t],
                   [state.players, encoded, t], [player, encoded, "5"], [player, encoded, True],
                   [player, encoded], {"player": player}, "abc", [None, {"type": "Tick"}, "5"],
                   [0, {"type": "Tick"}, t if t is not None else 5]]
    if info.realtime:
        bad_entries.append([player, encoded, None])
    if name is not None:
        bad_entries += [[player, {**encoded, name: wrong}, t] for wrong in (True, 1.5, None)]
    for entry in bad_entries:
        log = data["log"][:first] + [entry] + data["log"][first + 1:]
        with pytest.raises(ReplayError, match=f"entry {first} does not replay"):
            rebuild(dict(data, log=log), GAMES)
    for key, wrong in [("game", [info.id]), ("game", {"id": info.id}), ("players", "2"),
                       ("players", True), ("seed", "1"), ("seed", 1.5), ("seed", -1),
                       ("options", [["a", 1]]), ("options", None), ("version", True)]:
        with pytest.raises(ReplayError):
            rebuild(dict(data, **{key: wrong}), GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_kind_a_game_emits_is_declared(game_id):
    """GameInfo.event_kinds lists every Event kind, declared once in the game's module: scenes
    and the phone page react to kinds, so a misspelt or undeclared kind must be an error."""
    info = GAMES[game_id]
    if not info.event_kinds:
        pytest.skip(f"{game_id} does not declare its event kinds yet")
    kinds = set()
    for seed in SEEDS[:3]:
        state = info.new(info.min_players + 1, {}, seed)
        apply, tick = state.apply, state.tick
        state.apply = lambda *a, **k: _noted(kinds, apply(*a, **k))
        state.tick = lambda *a, **k: _noted(kinds, tick(*a, **k))
        for _ in random_steps(state, random.Random(seed)):
            pass
    assert kinds and kinds <= set(info.event_kinds), sorted(kinds - set(info.event_kinds))


def _noted(kinds: set, events):
    kinds.update(e.kind for e in events)
    return events
