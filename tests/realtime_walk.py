"""A random walk through a real-time game, for tests that hold kept bookkeeping to a recount
after every step."""

from __future__ import annotations

from game.core import Interrupt


def walk(state, rng, steps, interrupts=0.02):
    """Random legal actions (an interrupt such as a void in about `interrupts` of the steps;
    early stamps make false starts) and random waits; yields after each step."""
    for _ in range(steps):
        if state.is_terminal():
            return
        moves = [(p, a) for p in range(state.players) for a in state.legal_actions(p)]
        if rng.random() > interrupts:
            moves = [(p, a) for p, a in moves if not isinstance(a, Interrupt)]
        deadline = state.next_deadline()
        if not moves or rng.random() < 0.3:
            t = state.now + rng.randint(1, 600)
            state.tick(t if deadline is None else max(state.now, min(t, deadline)))
        else:
            player, action = rng.choice(moves)
            state.apply(player, action, state.now + rng.choice((0, 0, 0, 30)))
        yield
