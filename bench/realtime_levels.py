"""Win rates of the real-time games' CPU levels against people-like players (issue 15).

    python bench/realtime_levels.py [--games N] [--seed S] [--game fliegen_klatschen]

Method: head to head, two seats, N games per pair (the seats swap every game, seeds S, S+1 ...):
a CPU of each level (easy, normal, hard) against a bot that plays like a kind of person
(first_time, average, practised: each game module's PLAYERS, the same player model with figures
for people; where the figures come from is in the module's bot section, tied to game/norms.py).
A shared win counts half. The target (issue 15): easy loses to a first-time player (< 50 %),
normal is an even match for an average adult (about 50 %), hard is a challenge for a practised
player (50 % or more). `win_rates` is for bench/cpu_levels.py to call.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from game.bots import LEVELS  # noqa: E402
from game.runner import bot_seed, run_realtime  # noqa: E402

REALTIME = ("fliegen_klatschen", "flotter_otter")
PEOPLE = ("first_time", "average", "practised")


def bot_class(game_id: str):
    if game_id == "fliegen_klatschen":
        from game.fliegen_klatschen import FlyBot
        return FlyBot
    from game.flotter_otter import OtterBot
    return OtterBot


def match(game_id: str, cpu: str, person: str, seed: int) -> float:
    """One game, CPU of level `cpu` against a `person`: the CPU's share of the win (1, 0.5, 0)."""
    info = GAMES[game_id]
    cls = bot_class(game_id)
    cpu_seat = seed % 2  # the seats swap every game
    kinds = [cpu, person] if cpu_seat == 0 else [person, cpu]
    state = info.new(2, {}, seed)
    bots = [cls(p, bot_seed(seed, p), kinds[p]) for p in range(2)]
    run_realtime(state, bots)
    winners = state.outcome().winners
    return (cpu_seat in winners) / len(winners)


def win_rates(game_id: str, games: int = 200, seed: int = 1) -> dict:
    """{(level, person): the CPU's win rate} over `games` games each."""
    return {(level, person): sum(match(game_id, level, person, seed + i)
                                 for i in range(games)) / games
            for level in LEVELS for person in PEOPLE}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=REALTIME, action="append")
    args = parser.parse_args()
    for game_id in args.game or REALTIME:
        start = time.perf_counter()
        rates = win_rates(game_id, args.games, args.seed)
        print(f"{game_id}: CPU win rate, {args.games} games per cell "
              f"({time.perf_counter() - start:.0f} s)")
        print(f"  {'CPU level':10}" + "".join(f"{p:>12}" for p in PEOPLE))
        for level in LEVELS:
            print(f"  {level:10}" + "".join(f"{rates[level, p]:>11.0%} " for p in PEOPLE))


if __name__ == "__main__":
    main()
