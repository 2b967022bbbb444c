"""The protocol itself, on two tiny games defined here (so these tests do not depend on any
real game): turn order, refusals that change nothing, time stamps, replay files, the runner."""

import ast
import enum
import json
import logging
import pathlib
from collections import Counter
import dataclasses
from dataclasses import dataclass

import pytest

from game.bots import SIMPLE, Bot, ReactionModel
from game.core import (SIMULTANEOUS, TERMINAL, Event, GameInfo, IllegalAction, Outcome, State,
                       action_problem, decode_action, encode_action, field_types)
from game.replay import ReplayError, check, rebuild, to_json
from shell.replay_files import ReplayFileError, read, write
from game.runner import make_bots, play, run_realtime, run_turns

ROOT = pathlib.Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Take:
    count: int


class NimState(State):
    """Take 1-3 from a heap of 10; who takes the last one wins."""

    def __init__(self, players, options, seed):
        super().__init__(players, options, seed)
        self.heap = 10 + self.rng.randrange(3)
        self.turn = 0

    def current_player(self):
        return TERMINAL if self.heap == 0 else self.turn

    def _legal_actions(self, player):
        if self.heap == 0 or player != self.turn:
            return []
        return [Take(n) for n in (1, 2, 3) if n <= self.heap]

    def _apply(self, player, action):
        if not 1 <= action.count <= min(3, self.heap):
            raise IllegalAction("take one to three", f"cannot take {action.count}")
        self.heap -= action.count
        if self.heap:
            self.turn = (self.turn + 1) % self.players
        return [Event("took", player, {"count": action.count})]

    def _view(self, player):
        return {"heap": self.heap, "turn": self.turn}

    def outcome(self):
        return Outcome(scores=[int(p == self.turn) for p in range(self.players)], winners=[self.turn])


@dataclass(frozen=True)
class Press:
    pass


class BuzzerState(State):
    """A light comes on at 1000 ms; the first press after it wins; the round ends at 3000 ms."""

    def __init__(self, players, options, seed):
        super().__init__(players, options, seed)
        self.lit = False
        self.winner = None
        self.over = False

    def current_player(self):
        return TERMINAL if self.over else SIMULTANEOUS

    def _legal_actions(self, player):
        return [] if self.over else [Press()]

    def _tick(self, t):
        events = []
        if not self.lit and t >= 1000:
            self.lit = True
            events.append(Event("light"))
        if t >= 3000:
            self.over = True
        return events

    def _apply(self, player, action):
        if self.lit and self.winner is None:
            self.winner = player
            self.over = True
        return [Event("press", player)]

    def next_deadline(self):
        return 3000 if self.lit else 1000

    def _view(self, player):
        return {"lit": self.lit}

    def outcome(self):
        winners = [] if self.winner is None else [self.winner]
        return Outcome(scores=[int(p in winners) for p in range(self.players)], winners=winners)


class FirstBot(Bot):
    def choose(self, view, legal):
        return legal[0]


class LightBot(Bot):
    """Presses a reaction time after the light."""

    def __init__(self, seat, seed, level=None):
        super().__init__(seat, seed, level)
        self.due = None

    def poll(self, view, legal, now):
        if not view["lit"]:
            return [], None
        if self.due is None:
            self.due = now + SIMPLE["normal"].sample(self.rng)
        return ([Press()], None) if now >= self.due else ([], self.due)


NIM = GameInfo(id="nim", name="Nim", min_players=2, max_players=3, realtime=False,
               cooperative=False, pitch="", new=lambda p, o, s: NimState(p, o, s),
               action_types=(Take,), bots={"normal": lambda seat, seed: FirstBot(seat, seed)})
NimState.info = NIM
BUZZER = GameInfo(id="buzzer", name="Buzzer", min_players=2, max_players=4, realtime=True,
                  cooperative=False, pitch="", new=lambda p, o, s: BuzzerState(p, o, s),
                  action_types=(Press,), bots={"normal": lambda seat, seed: LightBot(seat, seed)})
BuzzerState.info = BUZZER
TEST_GAMES = {"nim": NIM, "buzzer": BUZZER}


def test_refusals_name_the_rule_and_change_nothing():
    state = NIM.new(2, {}, 1)
    before = state.state_hash()
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(1, Take(1))
    with pytest.raises(IllegalAction, match="take one to three"):
        state.apply(0, Take(4))
    with pytest.raises(IllegalAction, match="unknown action"):
        state.apply(0, Press())
    with pytest.raises(IllegalAction, match="no such seat"):
        state.apply(5, Take(1))
    assert state.state_hash() == before
    assert state.log == []
    state.apply(0, Take(2))
    assert state.state_hash() != before


def test_player_count_and_options_are_checked():
    with pytest.raises(ValueError, match="2 to 3 players"):
        NIM.new(4, {}, 1)
    with pytest.raises(ValueError, match="no option 'speed'"):
        NIM.new(2, {"speed": 2}, 1)


def test_realtime_first_stamp_wins_whatever_the_order_of_arrival():
    state = BUZZER.new(3, {}, 1)
    state.tick(1000)
    state.apply(2, Press(), 1247)
    with pytest.raises(IllegalAction, match="game over"):
        state.apply(1, Press(), 1250)
    assert state.outcome().winners == [2]
    late = BUZZER.new(3, {}, 1)
    late.tick(1200)
    with pytest.raises(IllegalAction, match="time runs forward"):
        late.apply(0, Press(), 1100)
    with pytest.raises(IllegalAction, match="needs a time"):
        late.apply(0, Press())


def test_runner_realtime_bots_react_like_humans_and_replay():
    state = play(BUZZER, 4, seed=11, levels="normal")
    assert state.is_terminal()
    winner_entry = [e for e in state.log if e[0] is not None][0]
    reaction = winner_entry[2] - 1000
    assert 120 <= reaction <= 1500
    assert rebuild(to_json(state), TEST_GAMES).state_hash() == state.state_hash()


def test_reaction_model_is_right_skewed_with_a_human_median():
    import random
    rng = random.Random(3)
    samples = sorted(SIMPLE["normal"].sample(rng) for _ in range(4000))
    median = samples[len(samples) // 2]
    mean = sum(samples) / len(samples)
    assert 240 <= median <= 310
    assert mean > median  # the long tail to the right
    assert samples[0] >= ReactionModel().floor


def test_action_encoding_round_trips_and_rejects_strangers():
    assert decode_action(NIM, encode_action(Take(3))) == Take(3)
    with pytest.raises(ValueError):
        decode_action(NIM, {"type": "Take", "count": 1, "extra": 2})
    with pytest.raises(ValueError):
        decode_action(NIM, {"type": "Castle"})
    with pytest.raises(ValueError):
        decode_action(NIM, ["Take", 1])


def test_replay_files(tmp_path):
    state = play(NIM, 3, seed=2, levels="normal")
    path = tmp_path / "nim.json"
    write(to_json(state), path)
    assert check(read(path), TEST_GAMES) == state.state_hash()
    data = json.loads(path.read_text())
    data["log"][0][1]["count"] = 3 if data["log"][0][1]["count"] != 3 else 1
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError):
        check(read(path), TEST_GAMES)
    path.write_text(path.read_text()[:40])
    with pytest.raises(ReplayFileError, match="not valid JSON"):
        read(path)
    path.write_text(json.dumps({"hello": 1}))
    with pytest.raises(ReplayError, match="not a Flotte"):
        rebuild(read(path), TEST_GAMES)
    path.write_text(json.dumps([1, 2]))
    with pytest.raises(ReplayFileError, match="does not hold"):
        read(path)
    with pytest.raises(ReplayFileError, match="no such file"):
        read(tmp_path / "missing.json")


def test_nothing_under_game_imports_pygame():
    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names
                          if n.split(".")[0] in ("pygame", "pymunk", "time", "shell", "scenes")]
    assert offenders == []


def test_game_never_uses_the_module_random_generator():
    offenders = []
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id == "random" and node.attr != "Random"):
                offenders.append(f"{path.name}: random.{node.attr}")
    assert offenders == []


def test_the_shell_imports_neither_the_games_nor_the_scenes():
    """shell/ is the world around the rules (window, devices, files); main.py composes it with
    the scenes. An import of game or scenes from shell/ would make the layers a cycle."""
    offenders = []
    for path in (ROOT / "shell").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            offenders += [f"{path.name}: {n}" for n in names
                          if n.split(".")[0] in ("game", "scenes")]
    assert offenders == []


def test_bad_seats_are_refused_by_every_protocol_method():
    state = NIM.new(3, {}, 1)
    before = state.state_hash()
    for seat in (None, "0", 1.5, -1, True, False, 3):
        for call in (state.legal_actions, lambda p: state.apply(p, Take(1))):
            with pytest.raises(IllegalAction, match="no such seat"):
                call(seat)
        if seat is not None:
            with pytest.raises(IllegalAction, match="no such seat"):
                state.view(seat)
    assert state.view(None) == {"heap": state.heap, "turn": 0}  # the table's view stays
    assert state.state_hash() == before and state.log == []


def test_bad_times_are_refused_before_time_passes():
    state = BUZZER.new(2, {}, 1)
    for t in (float("nan"), float("inf"), -float("inf"), True, "1200", [1200]):
        for call in (lambda: state.apply(0, Press(), t), lambda: state.tick(t)):
            with pytest.raises(IllegalAction, match="finite number") as refusal:
                call()
            assert refusal.value.events == []
    assert state.now == 0 and state.log == []
    state.tick(1000.5)  # a finite float is a time
    assert state.lit and state.now == 1000.5


def test_a_refusal_after_time_passed_keeps_the_tick_and_hands_over_its_events():
    """The contract the module docstring states: a real-time action stamped after `now` lets
    time pass first, and that stays even when the action is then refused."""
    state = BUZZER.new(2, {}, 1)
    with pytest.raises(IllegalAction, match="game over") as refusal:
        state.apply(0, Press(), 3100)  # the light came on and the round ended on the way
    assert [e.kind for e in refusal.value.events] == ["light"]
    assert state.now == 3100 and state.is_terminal()
    assert state.log == [[None, {"type": "Tick"}, 3100]]
    nim = NIM.new(2, {}, 1)
    with pytest.raises(IllegalAction, match="take one to three") as refusal:
        nim.apply(0, Take(4), 50)  # turn-based: no time passes, nothing changes
    assert refusal.value.events == [] and nim.log == [] and nim.now == 0


class Mode(enum.Enum):
    FAST = "fast"
    SLOW = "slow"


@dataclass(frozen=True)
class Aim:
    """An action with every kind of field annotation the core checks."""

    lane: int
    spot: tuple[int, int]
    path: tuple[int, ...]
    mode: Mode
    note: str | None
    cards: tuple


def test_action_fields_are_checked_by_their_annotations():
    good = Aim(1, (2, 3), (4, 5, 6), Mode.FAST, None, (7, "T"))
    assert action_problem(good) == ""
    info = GameInfo(id="aim", name="Aim", min_players=1, max_players=1, realtime=False,
                    cooperative=False, pitch="", new=None, action_types=(Aim,), bots={})
    assert decode_action(info, json.loads(json.dumps(encode_action(good)))) == good
    for field, bad in [("lane", True), ("lane", 1.0), ("lane", "1"), ("spot", (2,)),
                       ("spot", (2, 3.0)), ("spot", [2, 3]), ("path", (4, False)),
                       ("mode", "fast"), ("note", 3), ("cards", (7, 1.5)), ("cards", ((7,),))]:
        wrong = dataclasses.replace(good, **{field: bad})
        assert action_problem(wrong).startswith(f"Aim.{field} takes"), (field, bad)
        if (field, bad) in (("spot", [2, 3]), ("mode", "fast")):
            continue  # in JSON these are how the good values are written: they decode
        data = {**encode_action(good), field: bad if not isinstance(bad, tuple) else list(bad)}
        with pytest.raises(ValueError, match=field):
            decode_action(info, data)
    with pytest.raises(ValueError, match="mode"):
        decode_action(info, {**encode_action(good), "mode": "sideways"})

    @dataclass(frozen=True)
    class Vague:
        stuff: list

    with pytest.raises(TypeError, match="not one the core can check"):
        field_types(Vague)


def test_an_action_object_applied_again_is_logged_anew_and_a_bad_one_refused_every_time():
    # The core keeps an action object's encoding once it passed its check (games hand out
    # the same objects again and again); that must neither share log entries nor let a bad
    # action or another game's action through.
    state = NIM.new(2, {}, 0)
    one = Take(1)
    state.apply(0, one)
    state.apply(1, one)
    first, second = state.log[0][1], state.log[1][1]
    assert first == second == {"type": "Take", "count": 1} and first is not second
    first["count"] = 99  # whoever edits one entry edits only that one
    assert state.log[1][1]["count"] == 1 and encode_action(one) == {"type": "Take", "count": 1}
    assert one == Take(1) and hash(one) == hash(Take(1)) and repr(one) == "Take(count=1)"
    bad = Take(True)  # a bool is not an int
    for _ in range(2):
        with pytest.raises(IllegalAction, match="bad action field"):
            state.apply(0, bad)
        with pytest.raises(IllegalAction, match="bad action field"):
            state.apply_now(0, bad)
    press = Press()
    BUZZER.new(2, {}, 0).apply(0, press, 0)  # checked and kept by the buzzer game
    with pytest.raises(IllegalAction, match="unknown action"):
        state.apply(0, press)
    assert len(state.log) == 2


def test_events_compare_by_content_and_print_their_fields():
    event = Event("took", 1, {"count": 2})
    assert event == Event("took", 1, {"count": 2}) != Event("took", 0, {"count": 2})
    assert Event("light").data == {} and Event("light").player is None
    assert Event("a").data is not Event("a").data
    assert repr(event) == "Event(kind='took', player=1, data={'count': 2})"
    with pytest.raises(TypeError):
        hash(event)


class DoubleBot(Bot):
    """Presses twice in one poll once the light is on: the second press is refused (the first
    won the game), as a real bot's second slap on a fly already taken is."""

    def poll(self, view, legal, now):
        return ([Press(), Press()], None) if view["lit"] else ([], 1000)


class StubbornBot(Bot):
    """Always tries to take four, which Nim never allows."""

    def choose(self, view, legal):
        return Take(4)


def test_runner_drops_refused_bot_actions_counts_and_logs_them(caplog):
    state = BUZZER.new(2, {}, 1)
    refused = Counter()
    with caplog.at_level(logging.DEBUG, logger="game.runner"):
        run_realtime(state, [DoubleBot(0, 1), DoubleBot(1, 2)], refused)
    assert state.is_terminal() and state.outcome().winners == [0]
    assert refused == Counter({"game over": 1})  # seat 0's second press: the first won
    assert sum("refused" in r.getMessage() for r in caplog.records) == 1
    nim = NIM.new(2, {}, 1)
    refused = Counter()
    bots = [StubbornBot(0, 1), *make_bots(NIM, 2, 1, "normal")[1:]]
    from game.runner import Stuck
    with pytest.raises(Stuck, match="no bot would move"):  # dropped, then reported as stuck
        run_turns(nim, bots, refused)
    assert refused["take one to three"] == 1 and nim.log == []


class UndoableNim(NimState):
    """Nim where a player may take back their own last take until the next player moves (a
    toy rule, to test the protocol's undo)."""

    def _undo_depth(self, player):
        last = self.log[-1] if self.log else None
        return 1 if last is not None and last[0] == player and self.turn != player else 0


UNDO_NIM = dataclasses.replace(NIM, id="undo_nim", new=UndoableNim)
UndoableNim.info = UNDO_NIM


def test_a_choice_taken_back_leaves_no_trace_in_the_log():
    state = UNDO_NIM.new(2, {}, 5)
    state.apply(0, Take(2))
    before = state.state_hash()
    state.apply(1, Take(1))
    assert state.undo_depth(0) == 0            # not seat 0's last move
    with pytest.raises(IllegalAction, match="nothing to take back"):
        state.undone(0)
    assert state.undo_depth(1) == 1
    back = state.undone(1)
    assert back.state_hash() == before and len(back.log) == 1
    assert len(state.log) == 2                 # the state asked is not changed
    assert rebuild(to_json(back), {"undo_nim": UNDO_NIM}).state_hash() == before
    assert NIM.new(2, {}, 5).undo_depth(0) == 0  # a game that allows none: never
