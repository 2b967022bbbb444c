"""Flixo's CPU partners by level: how often a team wins, and what one person adds.

    .venv/bin/python bench/flixo_levels.py [--players 3] [--games 100] [--seed 1000] [--jobs 4]

Flixo is cooperative, so a CPU level is the quality of a partner, not of an opponent. For each
partner level (easy, normal, hard) the bench plays seeded games in which seat 0 is "the person"
and every other seat a CPU partner of that level, and prints the team's win rate and mean
winning total. The person is modelled by a bot (no human data here): "random" (presses any
legal move), "easy" (a first-time player: no plan for the next display, many slips), "normal"
(an average adult) and "hard" (a practised player). The row where the person plays at the
partners' level is a table of CPUs alone. Figures carry about +-5 points at 100 games.

`level_table(...)` returns the figures; `win_rates` and `method` are what bench/cpu_levels.py
calls (2 players at Level 1, its own games per cell and seeds).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import flixo  # noqa: E402
from game.runner import play  # noqa: E402

PARTNERS = ("easy", "normal", "hard")
PEOPLE = ("random", "easy", "normal", "hard")
GAME_IDS = ("flixo",)
CPU_LEVELS_PLAYERS = 2  # (bench/cpu_levels.py's table)
GRID = (f"team win rate, {CPU_LEVELS_PLAYERS} players at Level 1: the person (rows) with "
        "partners of a level (columns)")
TARGETS = ()
TARGET_NOTES = (
    "n/a: cooperative, so a level is a partner, not an opponent; and the person is modelled by",
    "the CPU levels themselves, so no level can be checked against an independent person.",
    "What the table can say: how much a partner level lifts or sinks each kind of person.")


def _one(args) -> tuple[bool, int]:
    players, seed, levels, options = args
    state = play(flixo.INFO, players, seed, list(levels), options)
    result = state.view(None)["result"]
    return result["team_won"], result["total"]


def level_table(players: int = 3, games: int = 100, seed: int = 1000, options=None,
                jobs: int = 1) -> dict:
    """{(person, partners): {"won": rate, "total": mean winning total or None, "games": n}}."""
    options = dict(options or {})
    cells = {}
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else _Inline() as pool:
        for partners in PARTNERS:
            for person in PEOPLE:
                levels = (person,) + (partners,) * (players - 1)
                runs = list(pool.map(_one, [(players, seed + i, levels, options)
                                            for i in range(games)]))
                wins = [total for won, total in runs if won]
                cells[person, partners] = {
                    "won": len(wins) / games, "games": games,
                    "total": sum(wins) / len(wins) if wins else None}
    return cells


def win_rates(game_id: str = "flixo", games: int = 100, seed: int = 1000) -> dict:
    """{(person, partners): the team's win rate}, CPU_LEVELS_PLAYERS players at Level 1."""
    table = level_table(CPU_LEVELS_PLAYERS, games, seed, {"level": 1})
    return {key: cell["won"] for key, cell in table.items()}


def method(game_id: str = "flixo") -> list[str]:
    return ["people: seat 0, a bot: random (presses anything), easy for a first-time player,",
            "  normal for an average adult, hard for a practised one (no human data, no timing,",
            "  no norm); the row at the partners' level is a team of CPUs alone"]


class _Inline:
    """map() in this process (--jobs 1)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    @staticmethod
    def map(fn, items):
        return map(fn, items)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--level", type=int, default=1, help="Flixo level 0-4")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    t0 = time.perf_counter()
    table = level_table(args.players, args.games, args.seed, {"level": args.level}, args.jobs)
    print(f"Flixo Level {args.level}, {args.players} players, {args.games} games per cell "
          f"(seeds {args.seed}+): team win rate (mean winning total)")
    print("person / partners".rjust(18) + "".join(f"{p:>16}" for p in PARTNERS))
    for person in PEOPLE:
        row = []
        for partners in PARTNERS:
            cell = table[person, partners]
            total = "-" if cell["total"] is None else f"{cell['total']:.0f}"
            row.append(f"{cell['won']:>9.2f} ({total:>3})")
        print(f"{person:>18}" + "".join(f"{r:>16}" for r in row))
    print(f"({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
