"""What the CPU players themselves cost per game, without timing each poll.

    python bench/bot_cpu.py [--games 20] [--repeat 3] [--players 4] [--level hard]
                            [--before 62aac0c] [--only flixo,formula_fun]

Method (printed with the figures): each game (seeds 0..N-1) is played twice, both timed as a
whole by the thread's CPU clock: once with the bots, once with stand-ins that give, poll by
poll, the very answers the bots gave (recorded in a first, untimed run); each the least of
two runs, with the garbage collector off while it runs. The runner, the rules
core, the views and the polls are the same in both; the difference is the bots' own thinking.
bench/core_speed.py times every poll instead and takes the timer's calibrated cost off each;
this bench has no timer inside the game at all, so a bot with many cheap polls is not
charged the timer's leftovers. With --before REF the same is done for the game package of
git commit REF, the two codes taking turns run by run, in the same process.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core_speed import Code, load_commit, medians_of  # noqa: E402


class Answers:
    """A bot's stand-in: gives the recorded (actions, wake) of each poll in turn, and the
    attributes the runner reads (its poll skips) as the bot had them then."""

    def __init__(self, bot, answers: list):
        for name in ("seat", "uses_view", "settled_by_own", "forced_moves_free"):
            if hasattr(bot, name):
                setattr(self, name, getattr(bot, name))
        self.answers = answers[::-1]
        self.quiet = False

    def poll(self, view, legal, now):
        result, self.quiet = self.answers.pop()
        return result


def recorded(bot) -> list:
    """Wrap bot.poll to record each answer with the bot's `quiet` after it."""
    answers = []
    poll = bot.poll

    def recording(view, legal, now):
        result = poll(view, legal, now)
        answers.append((result, getattr(bot, "quiet", False)))
        return result

    bot.poll = recording
    return answers


def bot_ms(code: Code, game_id: str, players: int, level: str, games: int) -> tuple:
    """(ms of the bots' own CPU per game, polls per game) over seeds 0..games-1."""
    info = code.games[game_id]
    run = code.runner.run_realtime if info.realtime else code.runner.run_turns

    def timed(make) -> int:  # the least of two runs, the collector off (ns)
        best = None
        for _ in range(2):
            state, bots = info.new(players, {}, seed), make()
            gc.collect()
            gc.disable()
            start = time.thread_time_ns()
            run(state, bots)
            spent = time.thread_time_ns() - start
            gc.enable()
            best = spent if best is None else min(best, spent)
        return best

    spent = polls = 0
    for seed in range(games):
        bots = code.runner.make_bots(info, players, seed, level)
        answers = [recorded(bot) for bot in bots]
        run(info.new(players, {}, seed), bots)
        polls += sum(map(len, answers))
        spent += timed(lambda: code.runner.make_bots(info, players, seed, level)) - timed(
            lambda: [Answers(bot, a) for bot, a in zip(
                code.runner.make_bots(info, players, seed, level), answers)])
    return spent / games / 1e6, polls / games


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3, help="median of this many runs")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--before", metavar="REF", help="also measure git commit REF")
    parser.add_argument("--only", help="comma-separated game ids")
    args = parser.parse_args(argv)
    codes = ([load_commit(args.before)] if args.before else []) + [Code("now", "game")]
    print(__doc__.split("Method (printed with the figures): ")[1].strip())
    print(f"{args.games} games per row, {args.level} bots, median of {args.repeat}; "
          + " | ".join(code.label for code in codes))
    ids = args.only.split(",") if args.only else list(codes[-1].games)
    for game_id in ids:
        info = codes[-1].games[game_id]
        players = min(max(args.players, info.min_players), info.max_players)
        row = medians_of(args.repeat, codes,
                         lambda code: bot_ms(code, game_id, players, args.level, args.games))
        cells = " | ".join(f"{ms:8.2f} ms {polls:6.0f} polls" for ms, polls in row)
        ratio = f"  {row[0][0] / row[-1][0]:4.1f}x" if len(row) > 1 and row[-1][0] > 0 else ""
        print(f"{game_id:18} {players}p  {cells}{ratio}", flush=True)


if __name__ == "__main__":
    main()
