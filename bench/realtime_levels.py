"""Win rates of the real-time games' CPU levels against people-like players (issue 15).

    .venv/bin/python bench/realtime_levels.py [--games N] [--seed S] [--game fliegen_klatschen]

Method: head to head, two seats, N games per pair (seats swapped every other game, seeds S,
S+1 ...): a CPU of each level (easy, normal, hard) against a bot that plays like a kind of
person (first_time, average, practised: the PLAYERS of each game's CPU module, the module of
its bot class, e.g. game/bots/fliegen_klatschen.py: the same player model with figures for
people; where the figures come from is in that module, tied to game/norms.py). A shared win
counts half. The targets (issue 15): easy loses to a first-time player (< 50 %), normal is an
even match for an average adult (40-60 %), hard is a challenge for a practised player (50 % or
more).

Run alone it prints bench/cpu_levels.py's report for these two games (level against level,
this table, the targets); bench/cpu_levels.py calls `win_rates` and `method` for all games.
"""

from __future__ import annotations

import sys
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import cpu_levels  # noqa: E402
from game import GAMES  # noqa: E402
from game.bots import LEVELS  # noqa: E402

GAME_IDS = ("flotter_otter", "fliegen_klatschen")
PEOPLE = ("first_time", "average", "practised")
GRID = "CPU level (rows) vs people (PLAYERS rows), CPU's win rate"
TARGETS = (
    ("easy", "first_time", 0.0, 0.5, "easy loses to a first-time player"),
    ("normal", "average", 0.4, 0.6, "normal an even match for an average adult"),
    ("hard", "practised", 0.5, 1.0, "hard a challenge for a practised player"),
)
# The named sources of each game's CPU model, beyond game/norms.py.
SOURCES = {
    "fliegen_klatschen": ("scanning the face-up cards: Trick & Pylyshyn 1994",
                          "  (Psychol. Rev. 101:80), less for players tracking colours "
                          "(an assumption)"),
    "flotter_otter": ("comparing two sizes: Moyer & Landauer 1967 (Nature 215:1519);",
                      "  orienting on the card: an assumption (fixations of 300 ms)"),
}


def player(game_id: str):
    """A player factory for cpu_levels.duel: the game's bot class with any PLAYERS row."""
    bot_class = GAMES[game_id].bots["normal"].func  # (info.bots: partial(class, level=...))
    return lambda kind, seat, seed: bot_class(seat, seed, kind)


def win_rates(game_id: str, games: int = 200, seed: int = 1) -> dict:
    """{(level, person): the CPU's win rate} over `games` games each."""
    info, make = GAMES[game_id], player(game_id)
    return {(level, person): cpu_levels.duel(info, level, person, games, seed, make)
            for level in LEVELS for person in PEOPLE}


def method(game_id: str) -> list[str]:
    # (the module of the game's bot class: its CPU players, with their PLAYERS and norm)
    module = import_module(GAMES[game_id].bots["normal"].func.__module__)
    norm, players = module.SIMPLE_NORM, module.PLAYERS
    path = module.__name__.replace(".", "/") + ".py"
    bands = ", ".join(f"{kind} {norm.quantile(p.simple_share[0]):.0f}-"
                      f"{norm.quantile(p.simple_share[1]):.0f}" for kind, p in players.items())
    lines = [
        f"people: PLAYERS rows first_time, average, practised of {path}:",
        "  the levels' player model with figures for people (that module says where each is from)",
        f"simple reaction: {norm.label} norm; each player's median in a band of it (ms):",
        f"  {bands}",
        "choosing: Hick-Hyman times (above); one person's spread: ex-Gaussian (Whelan 2008);",
        f"  good and bad rounds: log-normal form, sigma {module.FORM_SIGMA} (an assumption)",
        *SOURCES[game_id],
    ]
    if players["normal"] == players["average"]:
        lines.append("note: normal and average have the same figures: an even match by "
                     "construction")
    return lines


def main(argv=None) -> None:
    cpu_levels.main(argv, only=GAME_IDS, games=200)


if __name__ == "__main__":
    main()
