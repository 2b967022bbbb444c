"""Win rates of the CPU levels in all five games: level against level, and against people.

    .venv/bin/python bench/cpu_levels.py [--games N] [--seed S] [--game ID ...]

The targets (issue 15): easy loses to a first-time player, normal is an even match for an
average adult, hard is a challenge for a practised player. Per game this prints:

* level against level, 2 players: normal vs easy, hard vs normal, hard vs easy (not for Flixo:
  it is cooperative, the two would be one team);
* the game's own table against people, from its bench: bench/realtime_levels.py (Flotter
  Otter, Fliegen klatschen: each level against the people rows of its CPU module's PLAYERS),
  bench/race_levels.py (Flotte Flitzer, Formula Fun: each level against a model of a first-time
  player), bench/flixo_levels.py (Flixo: the team's win rate by the person's and the partners'
  level);
* the targets as numbers, and whether each level meets them ("no (near)": the figure is
  outside the band, its 95 % interval reaches into it).

Method: N games a cell, seeds S..S+N-1, two seats; the seats swap every other game (the first
seat has an edge in some games); a shared win counts half; in brackets the 95 % Wilson
interval. People are models (nobody sits a panel of people down in a bench): where published
norms speak, their figures come from game/norms.py, named below. Figures, not a test.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from game.bots import make_bot  # noqa: E402
from game.norms import NORMS  # noqa: E402
from game.runner import bot_seed, run_realtime, run_turns  # noqa: E402

PAIRS = (("normal", "easy"), ("hard", "normal"), ("hard", "easy"))


def wilson(rate: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % interval of a win rate over n games (Wilson score)."""
    if n == 0:
        return 0.0, 1.0
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(info, kinds, seed: int, player=None):
    """One game of len(kinds) seats; `player(kind, seat, seed)` makes a seat's bot (default:
    the game's CPU of level `kind`). Returns the outcome."""
    state = info.new(len(kinds), {}, seed)
    make = player or (lambda kind, seat, s: make_bot(info, kind, seat, s))
    bots = [make(kind, seat, bot_seed(seed, seat)) for seat, kind in enumerate(kinds)]
    (run_realtime if info.realtime else run_turns)(state, bots)
    return state.outcome()


def duel(info, first: str, second: str, games: int, seed: int, player=None) -> float:
    """`first`'s win rate over `games` two-seat games against `second` (seeds seed, seed+1 ...;
    seats swapped every other game; a shared win counts half)."""
    wins = 0.0
    for i in range(games):
        swap = i % 2 == 1
        winners = play(info, [second, first] if swap else [first, second], seed + i,
                       player).winners
        if (1 if swap else 0) in winners:
            wins += 1 / len(winners)
    return wins / games


def cell(rate: float, n: int) -> str:
    lo, hi = wilson(rate, n)
    return f"{100 * rate:3.0f} % [{100 * lo:2.0f}-{100 * hi:3.0f}]"


def band(lo: float, hi: float) -> str:
    if lo <= 0:
        return f"< {100 * hi:.0f} %"
    if hi >= 1:
        return f">= {100 * lo:.0f} %"
    return f"{100 * lo:.0f}-{100 * hi:.0f} %"


def verdict(rate: float, n: int, lo: float, hi: float) -> str:
    if lo <= rate and (rate < hi or hi >= 1):
        return "yes"
    ci_lo, ci_hi = wilson(rate, n)
    return "no (near)" if ci_hi >= lo and ci_lo < hi else "no"


def bench_for(game_id: str):
    """The bench module with the game's table against people."""
    from bench import flixo_levels, race_levels, realtime_levels
    for module in (realtime_levels, race_levels, flixo_levels):
        if game_id in module.GAME_IDS:
            return module
    raise KeyError(f"no bench against people for {game_id!r}")


def norm_lines() -> list[str]:
    simple, lab1, lab4 = NORMS["human_benchmark"], NORMS["deary_simple"], NORMS["deary_choice4"]
    return [
        "Norms (game/norms.py) under the real-time games' player models:",
        f"  simple reaction: {simple.label}: {simple.source}",
        f"    (includes {simple.includes})",
        "  choice among n: Hick-Hyman law (Hick 1952, Hyman 1953) fitted through",
        f"    {lab1.source}",
        f"    {lab4.source}",
        "The races and Flixo time nothing: no published norm applies; their people are models",
        "of play (named with each game).",
    ]


def report(game_id: str, games: int, seed: int) -> None:
    info, bench = GAMES[game_id], bench_for(game_id)
    start = time.perf_counter()
    kind = "real-time" if info.realtime else "cooperative" if info.cooperative else "turns"
    print(f"\n== {info.name} ({kind}; {bench.__name__.replace('.', '/')}.py), "
          f"{games} games a cell")
    for line in bench.method(game_id):
        print(f"  {line}")
    rates = {}
    if info.cooperative:
        print("  level vs level: n/a (cooperative: two CPUs are one team, see the table)")
    else:
        print("  level vs level, win rate of the first named:")
        for first, second in PAIRS:
            rates[first, second] = duel(info, first, second, games, seed)
            print(f"    {first + ' vs ' + second:16} {cell(rates[first, second], games)}")
    people = bench.win_rates(game_id, games, seed)
    rates.update(people)
    rows = list(dict.fromkeys(r for r, _ in people))
    cols = list(dict.fromkeys(c for _, c in people))
    print(f"  {bench.GRID}:")
    print(f"    {'':12}" + "".join(f"{c:>18}" for c in cols))
    for r in rows:
        print(f"    {r:12}" + "".join(f"{cell(people[r, c], games):>18}" for c in cols))
    print("  targets:")
    width = max((len(t[4]) for t in bench.TARGETS), default=0) + 1
    for first, second, lo, hi, wording in bench.TARGETS:
        rate = rates[first, second]
        print(f"    {wording + ':':{width}} {cell(rate, games)}  target {band(lo, hi):7} "
              f"{verdict(rate, games, lo, hi)}")
    for line in getattr(bench, "TARGET_NOTES", ()):
        print(f"    {line}")
    print(f"  ({time.perf_counter() - start:.0f} s)")


def main(argv=None, only=None, games: int = 100) -> None:
    """Print the method and every game's figures; `only`: the games a bench of some of them
    (bench/realtime_levels.py, bench/race_levels.py) reports."""
    ids = tuple(only or GAMES)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=games,
                        help=f"games per cell (default {games})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", choices=ids,
                        help="only this game (may be given more than once)")
    args = parser.parse_args(argv)
    print(__doc__.split("\n\n", 2)[2].split(" Figures, not a test.")[0].strip())
    for line in norm_lines():
        print(line)
    for game_id in args.game or ids:
        report(game_id, args.games, args.seed)


if __name__ == "__main__":
    main()
