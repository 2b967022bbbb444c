"""Benchmark: how the CPU levels fare, against each other and against people-like reference
players at published reaction-time norms, in all five games.

    python bench/cpu_levels.py [--games N] [--seed S] [--game ID ...]

Prints its method, then per game:

* level against level (2 players): the win rate of the stronger level over easy/normal,
  normal/hard and easy/hard;
* real-time games: each level against three reference players (2 players): a slow, a median
  and a fast adult, whose simple reaction sits at the 75th, 50th and 25th percentile of the
  default "simple" norm of game/norms.py (Human Benchmark: median 273 ms). The aim the levels
  are calibrated to (issue 15): easy loses to a first-time player (the slow adult), normal is
  an even match for an average adult (the median one), hard a challenge for a practised one
  (the fast one);
* cooperative games (Flixo): the team's win rate with two partners of each level.

Method: seeds S..S+N-1; in each pairing the two sit in either seat for half the games; a
shared win counts half; 95 % Wilson intervals. The reference player is the game's own bot at
the "normal" level with its simple reaction swapped for the norm's: every table of the game's
module and of game/bots.py keyed by the CPU levels gets a "reference" entry copied from
"normal" (reading and decision times, mistake rates), except game.bots.SIMPLE, the simple
reaction, which is an ex-Gaussian with normal's spread whose median is the norm's percentile.
So the reference differs from normal only where a published norm speaks: the pure reaction.
Turn-based games measure no reaction: they get no reference rows. A game whose bots do not read
their level from such tables says "reference: n/a". Figures, not a test.
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game  # noqa: E402
from game import bots as shared_bots  # noqa: E402
from game.bots import LEVELS, ReactionModel, make_bot  # noqa: E402
from game.norms import DEFAULT_NORM, NORMS  # noqa: E402
from game.runner import bot_seed, run_realtime, run_turns  # noqa: E402

REFERENCE = "reference"
# The reference people: (label, percentile of people's typical simple reaction time)
PEOPLE = (("slow adult", 0.75), ("median adult", 0.50), ("fast adult", 0.25))
PAIRS = (("normal", "easy"), ("hard", "normal"), ("hard", "easy"))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % interval of a win rate (Wilson score)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def bot_class(info):
    """The game's bot class (info.bots entries are partial(bot_class, level=...))."""
    made = info.bots.get("normal")
    return made.func if isinstance(made, functools.partial) else None


@contextmanager
def reference_level(info, simple_ms: float):
    """While inside: the level REFERENCE exists in every level-keyed table of the game's
    module and game/bots.py (see the module docstring)."""
    cls = bot_class(info)
    modules = {shared_bots, sys.modules[cls.__module__]} if cls is not None else set()
    added = []
    for module in modules:
        for table in list(vars(module).values()):
            if not (isinstance(table, dict) and set(LEVELS) <= set(table)) \
                    or REFERENCE in table or any(table is t for t in added):
                continue
            value = table["normal"]
            if table is shared_bots.SIMPLE:
                value = ReactionModel(mu=simple_ms - value.tau * math.log(2), sigma=value.sigma,
                                      tau=value.tau, floor=value.floor)
            table[REFERENCE] = value
            added.append(table)
    try:
        yield bool(added)
    finally:
        for table in added:
            table.pop(REFERENCE, None)


def make(info, level: str, seat: int, seed: int):
    if level == REFERENCE:
        return bot_class(info)(seat, seed, level=REFERENCE)
    return make_bot(info, level, seat, seed)


def play(info, levels, seed: int, options=None):
    state = info.new(len(levels), dict(options or {}), seed)
    bots = [make(info, level, seat, bot_seed(seed, seat)) for seat, level in enumerate(levels)]
    (run_realtime if info.realtime else run_turns)(state, bots)
    return state.outcome()


def duel(info, first: str, second: str, games: int, seed: int) -> tuple[float, int]:
    """`first`'s wins (a shared win: half) over `games` two-player games, seats swapped for
    every other game."""
    wins = 0.0
    for i in range(games):
        swap = i % 2 == 1
        levels = [second, first] if swap else [first, second]
        outcome = play(info, levels, seed + i)
        me = 1 if swap else 0
        if me in outcome.winners:
            wins += 1 / len(outcome.winners)
    return wins, games


def team(info, level: str, games: int, seed: int) -> tuple[float, int]:
    wins = sum(1 for i in range(games)
               if play(info, [level, level], seed + i).team_won)
    return wins, games


def row(label: str, wins: float, n: int, seconds: float) -> str:
    lo, hi = wilson(wins, n)
    return (f"  {label:<34} {100 * wins / n:5.1f} %   [{100 * lo:4.1f} - {100 * hi:5.1f}]"
            f"   n={n:<4} {seconds:6.1f} s")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per cell (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=sorted(game.GAMES),
                        help="only this game (may be given more than once)")
    args = parser.parse_args(argv)
    norm = NORMS[DEFAULT_NORM["simple"]]
    people = [(label, norm.quantile(q)) for label, q in PEOPLE]
    print(__doc__.split("\n\n", 2)[2].split("Figures, not a test.")[0].strip())
    print(f"\nNorm: {norm.label}: {norm.source}; includes {norm.includes}.")
    print("Reference people (simple reaction, median of their trials): " +
          ", ".join(f"{label} {ms:.0f} ms" for label, ms in people))
    for level in LEVELS:
        model = shared_bots.SIMPLE.get(level)
        if model is not None:
            print(f"CPU {level}: simple reaction median {model.median():.0f} ms "
                  "(game/bots.py SIMPLE; a game may add its own times)")
    print(f"\n{args.games} games per cell, seeds {args.seed}..{args.seed + args.games - 1}; "
          "win rate of the first named, 95 % interval, games, time")
    for game_id in args.game or list(game.GAMES):
        info = game.GAMES[game_id]
        print(f"\n{info.name} ({'real-time' if info.realtime else 'turn by turn'}"
              f"{', cooperative' if info.cooperative else ''})")
        if info.cooperative:
            for level in LEVELS:
                t = time.perf_counter()
                wins, n = team(info, level, args.games, args.seed)
                row_label = f"team of two {level}"
                print(row(row_label, wins, n, time.perf_counter() - t))
            continue
        for strong, weak in PAIRS:
            t = time.perf_counter()
            wins, n = duel(info, strong, weak, args.games, args.seed)
            print(row(f"{strong} vs {weak}", wins, n, time.perf_counter() - t))
        if not info.realtime:
            continue
        for label, ms in people:
            with reference_level(info, ms) as ready:
                if not ready:
                    print("  reference: n/a (the bots read no level-keyed tables)")
                    break
                for level in LEVELS:
                    t = time.perf_counter()
                    try:
                        wins, n = duel(info, level, REFERENCE, args.games, args.seed)
                    except (KeyError, ValueError) as exc:
                        print(f"  {level} vs {label}: n/a ({exc!r})")
                        continue
                    print(row(f"{level} vs {label} ({ms:.0f} ms)", wins, n,
                              time.perf_counter() - t))


if __name__ == "__main__":
    main()
