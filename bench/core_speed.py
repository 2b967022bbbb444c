"""Benchmark: how fast the rules core plays whole games headless.

    python bench/core_speed.py [--games N] [--players P]

For every registered game, plays N games with random bots and with normal bots and prints games
per second and milliseconds per game. A figure, not a test: the machines are shared and noisy.
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from game.runner import play  # noqa: E402


def measure(info, players, level, games):
    times = []
    for seed in range(games):
        start = time.perf_counter()
        play(info, players, seed, level)
        times.append(time.perf_counter() - start)
    return len(times) / sum(times), statistics.median(times) * 1000, max(times) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    print(f"{'game':20} {'bots':7} {'games/s':>9} {'median ms':>10} {'max ms':>8}")
    for game_id, info in sorted(GAMES.items()):
        players = min(max(args.players, info.min_players), info.max_players)
        for level in ("random", "normal"):
            per_second, median_ms, max_ms = measure(info, players, level, args.games)
            print(f"{game_id:20} {level:7} {per_second:9.0f} {median_ms:10.2f} {max_ms:8.2f}")


if __name__ == "__main__":
    main()
