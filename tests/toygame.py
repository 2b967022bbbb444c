"""A tiny real-time game for testing the shell (not registered in game.GAMES).

Each round a light comes on at a random moment; the first to Hit after it scores, and the
reaction time travels in the event (data["reactions"], game/reactions.py). A Hit before the light is refused
(IllegalAction "too early"). VoidRound voids the round in flight. ROUNDS rounds.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bots import SIMPLE, Bot
from game.reactions import Reaction
from game.core import TERMINAL, SIMULTANEOUS, Event, GameInfo, IllegalAction, Outcome, State

ROUNDS = 3


@dataclass(frozen=True)
class Hit:
    pass


@dataclass(frozen=True)
class VoidRound:
    pass


class ToyState(State):
    def __init__(self, players, options, seed):
        super().__init__(players, options, seed)
        self.round = 0
        self.scores = [0] * players
        self.light_at = self.rng.randint(800, 1500)
        self.lit = False
        self.voided = 0

    def current_player(self):
        return TERMINAL if self.round >= ROUNDS else SIMULTANEOUS

    def _legal_actions(self, p):
        if self.is_terminal():
            return []
        return [Hit(), VoidRound()] if self.lit else [VoidRound()]

    def next_deadline(self):
        return None if self.lit or self.is_terminal() else self.light_at

    def _tick(self, t):
        if not self.lit and t >= self.light_at:
            self.lit = True
            return [Event("light", None, {"at": self.light_at})]
        return []

    def _next_round(self, t):
        self.round += 1
        self.lit = False
        self.light_at = t + self.rng.randint(800, 1500)

    def _apply(self, p, action):
        if isinstance(action, VoidRound):
            self.voided += 1
            self._next_round(self.now)
            return [Event("void", p)]
        if not self.lit:
            raise IllegalAction("too early", "the light is not on yet")
        self.scores[p] += 1
        ms = self.now - self.light_at
        self._next_round(self.now)
        return [Event("hit", p, {"reactions": [Reaction(p, "hit", ms).as_data()]})]

    def _view(self, p):
        return {"round": self.round, "lit": self.lit, "scores": list(self.scores)}

    def outcome(self):
        best = max(self.scores)
        return Outcome(list(self.scores), [p for p, s in enumerate(self.scores) if s == best])

    def check_invariants(self):
        assert sum(self.scores) + self.voided == self.round

    def hidden_variant(self, p, rng):
        raise NotImplementedError


class ToyBot(Bot):
    def __init__(self, seat, seed, level=None):
        super().__init__(seat, seed, level)
        self.due = None

    def poll(self, view, legal, now):
        if Hit() not in legal:
            self.due = None
            return [], None
        if self.due is None:
            self.due = now + SIMPLE[self.level].sample(self.rng)
        if now < self.due:
            return [], self.due
        self.due = None
        return [Hit()], None


def _bot(level):
    return lambda seat, seed: ToyBot(seat, seed, level)


ToyState.info = INFO = GameInfo(
    id="toy", name="Toy Snap", min_players=1, max_players=8, realtime=True, cooperative=False,
    pitch="Hit when the light comes on.", new=ToyState, action_types=(Hit, VoidRound),
    bots={lvl: _bot(lvl) for lvl in ("easy", "normal", "hard")})
