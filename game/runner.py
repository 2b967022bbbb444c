"""Headless play: bots drive a game from creation to the end, with no clock and no screen.

Used by `main.py simulate`, the tests and the benchmarks. Real-time games are driven as a
discrete-event simulation: time jumps to the next moment a bot wants to act or the state has a
deadline, so a minute of game time costs no more than the actions in it. Time moving to a
bot's moment with no deadline by then is not logged (the log replays the same: the action's
entry carries its time); a tick that brings a deadline is.

A bot never makes the runner crash: an action the state refuses is dropped (see
`apply_bot_action`), logged at debug level and counted in the `refused` Counter a caller may
pass; the game goes on as if the bot had not sent it.
"""

from __future__ import annotations

import logging
from collections import Counter

from .bots import make_bot
from .core import SIMULTANEOUS, TERMINAL, GameInfo, IllegalAction, State

log = logging.getLogger(__name__)

MAX_STEPS = 200_000
EMPTY: list = []  # run_realtime: no legal lists kept


class Stuck(RuntimeError):
    """Nobody can act and nothing is due: a game bug, reported instead of looping forever."""


def bot_seed(seed: int, seat: int) -> int:
    """Each seat's bot gets its own generator, derived from the game seed."""
    return seed * 1009 + seat + 1


def make_bots(info: GameInfo, players: int, seed: int, levels):
    if isinstance(levels, str):
        levels = [levels] * players
    return [make_bot(info, level, seat, bot_seed(seed, seat)) for seat, level in enumerate(levels)]


def play(info: GameInfo, players: int, seed: int, levels="random", options=None,
         refused: Counter | None = None) -> State:
    """Play one whole game with bots and return the final state (its log replays it).
    Bot actions the state refused are counted in `refused` by rule name, if given."""
    state = info.new(players, dict(options or {}), seed)
    bots = make_bots(info, players, seed, levels)
    if info.realtime:
        run_realtime(state, bots, refused)
    else:
        run_turns(state, bots, refused)
    return state


def apply_bot_action(state: State, seat: int, action, t, refused: Counter | None) -> bool:
    """Apply one bot action at `state.now`; True if applied. A refused action is dropped,
    never raised. (`t` is the time the caller means: `state.now` in a real-time game, None in
    a turn-based one; the runner's seats are range(players), so it uses `apply_now`.)

    A bot decides from the view at its poll, and may return several actions for one moment;
    an earlier one can make a later one illegal (two slaps on one fly: the first took it).
    A human pressing twice gets the same treatment from a scene. The runner applies at
    `state.now`, so a refusal here lets no time pass and changes nothing."""
    try:
        state.apply_now(seat, action)
    except IllegalAction as refusal:
        log.debug("seat %d: bot action %r refused at %s ms: %s", seat, action, t, refusal)
        if refused is not None:
            refused[refusal.rule] += 1
        return False
    return True


# The runner's seats are range(players) and it only asks while the game is on, so it calls
# the games' unchecked `_legal_actions` and `_view` (the public methods check the seat first).

def run_turns(state: State, bots, refused: Counter | None = None) -> None:
    forced_free = [bot.forced_moves_free for bot in bots]
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return
        turn = state.current_player()
        seats = range(state.players) if turn == SIMULTANEOUS else [turn]
        for seat in seats:
            legal = state._legal_actions(seat)
            if len(legal) == 1 and forced_free[seat]:  # (what its poll would return)
                actions = legal
            else:
                view = (state._view(seat) if bots[seat].uses_view and len(legal) > 1
                        else None)  # (a forced move needs no look at the table)
                actions, _ = bots[seat].poll(view, legal, state.now)
            if actions and apply_bot_action(state, seat, actions[0], None, refused):
                break
        else:
            raise Stuck(f"no bot would move at step {len(state.log)}")
    raise Stuck(f"game did not end within {MAX_STEPS} steps")


def run_realtime(state: State, bots, refused: Counter | None = None) -> None:
    """Every bot is polled when it asked to be (its wake) and whenever the table changed; a
    change is polled again at once, before time moves on. The poll order (seat order, each
    pass) is part of a game's replay: bots draw from their generators when polled. A bot
    that did nothing and is quiet (game.bots) is not polled again before its wake while its
    legal list is the one it was handed then: that poll would do nothing. Nor is a bot that
    is settled by its own actions right after they were applied (game.bots)."""
    players = state.players
    seats = list(enumerate(bots))
    views = [bot.uses_view for bot in bots]
    settles = [bot.settled_by_own for bot in bots]
    seen: list = [None] * players  # per quiet seat: its legal list when it last did nothing
    legal_actions, view_of, kept_legal = state._legal_actions, state._view, state._kept_legal
    current_player, next_deadline = state.current_player, state.next_deadline
    tick, pass_time = state.tick, state._pass_time
    wakes: list = [0] * players  # the wake each bot's last poll returned
    if current_player() == TERMINAL:
        return
    # A pass polls the bots whose wake has come and, when the table changed before it (an
    # action in the pass before, or a tick that did something), every bot but the quiet ones
    # whose legal list still stands. Each seat is looked at once in a pass: a change within
    # it is news to the seats after it only in the next pass.
    # (The game can end only by an applied action or a tick: it is asked after those alone.)
    news = True
    kept = kept_legal() or EMPTY  # (read for each seat, instead of asking: see core)
    for _ in range(MAX_STEPS):
        now = state.now
        changed = False
        for seat, bot in seats:
            wake = wakes[seat]
            woken = wake is not None and wake <= now
            if not (woken or news):
                continue
            legal = kept[seat] if kept is not EMPTY else None
            if legal is None:
                legal = legal_actions(seat)
            if not woken and legal is seen[seat]:
                continue  # a quiet bot, and nothing it sees changed
            actions, wakes[seat] = bot.poll(view_of(seat) if views[seat] else None, legal, now)
            if not actions:
                seen[seat] = legal if bot.quiet else None
                continue
            seen[seat] = None
            applied = 0
            for action in actions:
                applied += apply_bot_action(state, seat, action, now, refused)
            if not applied:
                continue  # (a refusal changes nothing)
            changed = True
            if current_player() == TERMINAL:
                return
            kept = kept_legal() or EMPTY  # (a change may have dropped some)
            if applied == len(actions) and settles[seat]:  # (its own actions are no news to it)
                mine = kept[seat] if kept is not EMPTY else None
                seen[seat] = mine if mine is not None else legal_actions(seat)
        news = changed
        if changed:
            continue  # the table changed: every bot looks again at this same moment
        due = deadline = next_deadline()
        if due is not None and due <= now:
            due = None
        for wake in wakes:
            if wake is not None and now < wake and (due is None or wake < due):
                due = wake
        if due is None:
            raise Stuck(f"nothing due at {now} ms and no bot wants to act")
        if deadline is not None and deadline <= due:
            news = bool(tick(due))  # (a deadline falls due: logged, as the rules act)
        else:  # only a bot's moment: unlogged (its action's entry carries the time)
            news = bool(pass_time(due))
        kept = kept_legal() or EMPTY  # (a tick may have dropped some)
        if current_player() == TERMINAL:
            return
    raise Stuck(f"game did not end within {MAX_STEPS} steps")
