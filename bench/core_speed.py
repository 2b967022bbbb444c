"""Benchmark: how fast the rules cores and their bots play, headless.

    python bench/core_speed.py [--games N] [--repeat R] [--before REF]

Prints, per game and player count (2, 4 and 8, or the game's own limits):

* random bots: CPU microseconds per player action (everything a whole game costs: legal
  actions, the bots' polls, applying, ticks, divided by the actions the players took) and
  whole games per CPU second;
* hard bots: whole games per CPU second;
* bot decisions, per level at 4 players (or the game's maximum below that): p50, p99 and max
  CPU time of one `poll` (one decision; the view and legal actions it is handed are built by
  the driver and counted above). For a bot that can think in slices (`thinking`, as a frame
  driver uses it), also the longest slice between two yields; and the bots' CPU per game (all
  seats' polls: how much a game's CPU players cost) with their polls per game. The garbage collector's passes
  are left out of these (one may fall into any allocation, and a full pass costs what the
  whole heap costs, not what the bot does); the longest pass is printed on its own.

Method: seeds 0..N-1 per row; CPU time of this thread (time.thread_time), so the load of a
shared machine does not inflate it; with --repeat R each row is measured R times and the
median kept. Before a game's rows, each code plays one game of it with every level (seed
10000, not counted): tables a code builds once per process (the waybill deck, kept lists)
are not charged to the first row. --before REF loads the `game` package of git commit REF as a second package and
measures it alternately with this tree's, run by run, in the same process. A figure, not a
test: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import functools
import gc
import importlib
import importlib.util
import io
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

COUNTS = (2, 4, 8)
LEVELS = ("easy", "normal", "hard")


class Code:
    """One version of the game package: its games and its runner."""

    def __init__(self, label: str, package: str):
        self.label = label
        self.games = importlib.import_module(package).GAMES
        self.runner = importlib.import_module(f"{package}.runner")


def load_commit(ref: str) -> Code:
    """The game package as it was at git commit `ref`, imported as `game_before`."""
    archive = subprocess.run(["git", "archive", ref, "game"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    folder = Path(tempfile.mkdtemp(prefix="core_speed_"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        # (extraction filters came with Python 3.11.4; Debian 12 has 3.11.2. The archive is
        # this repository's own.)
        tar.extractall(folder, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    spec = importlib.util.spec_from_file_location(
        "game_before", folder / "game" / "__init__.py",
        submodule_search_locations=[str(folder / "game")])
    module = importlib.util.module_from_spec(spec)
    sys.modules["game_before"] = module
    spec.loader.exec_module(module)
    return Code(ref, "game_before")


def counts_for(info) -> list[int]:
    return sorted({min(max(n, max(info.min_players, 2)), info.max_players) for n in COUNTS})


def medians_of(repeat: int, codes: list, measure) -> list:
    """Per code, the median (figure by figure) of `repeat` runs of measure(code). The codes take
    turns run by run (before, now, before, now ...): this machine's speed drifts by more than
    a change measured, and a drift then falls on both codes alike."""
    runs: list = [[] for _ in codes]
    for _ in range(repeat):
        for mine, code in zip(runs, codes):
            mine.append(measure(code))
    return [tuple(statistics.median(run[i] for run in mine) for i in range(len(mine[0])))
            for mine in runs]


def play_games(code: Code, game_id: str, players: int, level: str, games: int):
    """(us per player action, games per CPU second) over seeds 0..games-1."""
    info = code.games[game_id]
    actions = 0
    spent = 0.0
    for seed in range(games):
        start = time.thread_time()
        state = code.runner.play(info, players, seed, level)
        spent += time.thread_time() - start
        actions += sum(1 for entry in state.log if entry[0] is not None)  # (not the game's)
    return spent / actions * 1e6, games / spent


def decisions(code: Code, game_id: str, players: int, level: str, games: int):
    """(p50, p99, max of whole decisions, max slice or None), all in us of CPU time, then the
    bots' CPU per game in ms (all their polls) and their polls per game."""
    info = code.games[game_id]
    times: list = []
    slices: list = []
    for seed in range(games):
        state = info.new(players, {}, seed)
        bots = code.runner.make_bots(info, players, seed, level)
        for bot in bots:
            bot.poll = timed(bot, times, slices)
        if info.realtime:
            code.runner.run_realtime(state, bots)
        else:
            code.runner.run_turns(state, bots)
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return (statistics.median(times) / 1000, p99 / 1000, times[-1] / 1000,
            max(slices) / 1000 if slices else None, sum(times) / games / 1e6, len(times) / games)


class GcClock:
    """CPU time spent in the garbage collector (so far), and its longest pass."""

    def __init__(self):
        self.total = self.longest = self._start = 0
        gc.callbacks.append(self._note)

    def _note(self, phase, info):
        if phase == "start":
            self._start = time.thread_time_ns()
        else:
            spent = time.thread_time_ns() - self._start
            self.total += spent
            self.longest = max(self.longest, spent)


GC = GcClock()


def timed(bot, times: list, slices: list, overhead: int | None = None):
    """bot.poll, timed. A bot that thinks in slices is run slice by slice (as the frame
    driver does: the same choice), each slice timed too. What the timing itself adds to a
    poll (`timer_overhead`: reading the thread's CPU clock is a system call, about 1 us) is
    taken off each poll and each slice, and off a poll once more for each of its slices."""
    poll = bot.poll
    thinking = getattr(bot, "thinking", None)
    clock = time.thread_time_ns
    if overhead is None:
        overhead = timer_overhead()

    def run(view, legal, now):
        start, gc_before = clock(), GC.total
        if thinking is None or not legal:
            result = poll(view, legal, now)
        else:
            steps = thinking(view, legal)
            while True:
                start += overhead  # (timing each slice costs as much again: not the bot's)
                mark, gc_mark = clock(), GC.total
                try:
                    next(steps)
                except StopIteration as done:
                    result = [done.value], None
                    break
                finally:
                    slices.append(max(0, clock() - mark - (GC.total - gc_mark) - overhead))
        times.append(max(0, clock() - start - (GC.total - gc_before) - overhead))
        return result

    return run


@functools.cache
def timer_overhead() -> int:
    """The time (ns) `timed` records for a poll that does nothing: the median of 20,000."""

    class Idle:
        def poll(self, view, legal, now):
            return [], None

    times: list = []
    run = timed(Idle(), times, [], overhead=0)
    for _ in range(20_000):
        run(None, [], 0)
    return int(statistics.median(times))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per row (default 10)")
    parser.add_argument("--repeat", type=int, default=1, help="median of this many runs")
    parser.add_argument("--before", metavar="REF", help="also measure git commit REF")
    parser.add_argument("--only", help="comma-separated game ids")
    args = parser.parse_args()
    codes = [Code("now", "game")]
    if args.before:
        codes.insert(0, load_commit(args.before))
    games = codes[-1].games
    ids = args.only.split(",") if args.only else list(games)
    print(__doc__.split("Method:")[1].split("A figure")[0].strip().replace("\n", " "))
    print(f"Bot polls: the timer's own cost, {timer_overhead() / 1000:.2f} us a poll here, is "
          "taken off each.")
    print(f"{args.games} games per row, median of {args.repeat}; "
          + " | ".join(c.label for c in codes) + "\n")

    def columns(values, fmt):
        return " | ".join(fmt.format(v) for v in values)

    print(f"{'game':18} {'players':>7}  {'random: us/action':>22}  {'random: games/s':>20}  "
          f"{'hard: games/s':>18}")
    for game_id in ids:
        for code in codes:  # (warm-up, see the method)
            for level in ("random", *LEVELS):
                info = code.games[game_id]
                code.runner.play(info, counts_for(info)[0], 10_000, level)
        for players in counts_for(games[game_id]):
            rand = medians_of(args.repeat, codes, lambda c: play_games(
                c, game_id, players, "random", args.games))
            hard = medians_of(args.repeat, codes, lambda c: play_games(
                c, game_id, players, "hard", args.games))
            print(f"{game_id:18} {players:7}  {columns([r[0] for r in rand], '{:9.1f}'):>22}  "
                  f"{columns([r[1] for r in rand], '{:8.1f}'):>20}  "
                  f"{columns([h[1] for h in hard], '{:7.2f}'):>18}", flush=True)
    print("\nbot decisions, us of CPU per poll: p50 / p99 / max (longest slice); then the bots' "
          "CPU per game in ms (all seats' polls) and polls per game")
    for game_id in ids:
        info = games[game_id]
        players = min(4, info.max_players)
        for level in LEVELS:
            rows = [decisions(c, game_id, players, level, args.games) for c in codes]
            text = " | ".join(f"{p50:7.1f} {p99:8.1f} {top:8.1f}"
                              + (f" ({sl:6.1f})" if sl is not None else "")
                              + f" {per_game:7.2f} ms {polls:5.0f}"
                              for p50, p99, top, sl, per_game, polls in rows)
            print(f"{game_id:18} {players}p {level:7} {text}", flush=True)
    print(f"(longest garbage-collector pass in this run: {GC.longest / 1e6:.1f} ms)")


if __name__ == "__main__":
    main()
