"""Flotte Fünf: starts the arcade, the attract mode, or one of the headless commands.

    python main.py [--fullscreen] [--screenshot-dir DIR] [--scale 1|2]     the arcade
    python main.py demo [GAME] [--screenshot-dir DIR] [--scale 1|2]  bots play on screen, looping

--scale: pixels per canvas unit: 1 draws at 1080p, 2 at 4K (default: 2 on a 4K desktop).
    python main.py simulate GAME --players N --games K --seed S [--level L] [--json]
                                 [--save-logs DIR]             bot tournaments, headless
    python main.py replay FILE --check                          re-play a replay file headless

simulate: --games 1 to 1,000,000; --seed 0 to 2**64 - 1 (game i gets seed S + i, all of which
must stay in range); --players within the game's range. Bot actions the rules refuse are
dropped and counted (`refused_bot_actions` in --json). replay reads at most
shell.replay_files.MAX_BYTES (16 MiB).

The headless commands never print a traceback for bad input: one line on stderr and
    exit status 0   done (replay: the file replays; --check: to its recorded final state)
    exit status 1   a file problem: a replay file that cannot be read or does not replay, or
                    a --save-logs directory or file that cannot be made or written
    exit status 2   a usage error: an unknown command, game or level, a value out of range
    exit status 3   a game could not be finished (a bug in a game or its bots)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

FILE_ERROR = 1
USAGE_ERROR = 2
GAME_ERROR = 3
MAX_GAMES = 1_000_000
SEEDS = 2**64  # seeds are 0 .. SEEDS - 1


class Parser(argparse.ArgumentParser):
    """argparse, but a wrong argument gets one line on stderr and exit status 2."""

    def error(self, message):
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        sys.exit(USAGE_ERROR)


def fail(message: str, status: int = USAGE_ERROR):
    sys.stderr.write(f"main.py: error: {message}\n")
    sys.exit(status)


def build_parser() -> Parser:
    parser = Parser(prog="main.py", description="Flotte Fünf, a couch-party arcade.")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--screenshot-dir", type=Path, help="save screenshots (F12) here")
    parser.add_argument("--scale", type=int, choices=(1, 2),
                        help="draw at 1080p (1) or 4K (2); default: from the desktop size")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)

    demo = sub.add_parser("demo", help="attract mode: bots play on screen")
    demo.add_argument("game", nargs="?", help="one game id (default: loop through all)")
    demo.add_argument("--fullscreen", action="store_true")
    demo.add_argument("--screenshot-dir", type=Path)
    demo.add_argument("--frames", type=int, help="stop after this many frames")
    demo.add_argument("--scale", type=int, choices=(1, 2))

    sim = sub.add_parser("simulate", help="play games with bots, headless")
    sim.add_argument("game")
    sim.add_argument("--players", type=int, required=True)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--level", default="normal", help="random, easy, normal or hard")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--save-logs", type=Path, metavar="DIR", help="write each game's replay")

    rep = sub.add_parser("replay", help="re-play a replay file headless")
    rep.add_argument("file", type=Path)
    rep.add_argument("--check", action="store_true", help="confirm it reaches the same state")
    return parser


def game_info(game_id: str, players: int | None = None):
    from game import GAMES

    info = GAMES.get(game_id)
    if info is None:
        fail(f"unknown game {game_id!r}; games: {', '.join(sorted(GAMES))}")
    if players is not None and not info.min_players <= players <= info.max_players:
        fail(f"{game_id} takes {info.min_players} to {info.max_players} players, not {players}")
    return info


def simulate(args) -> int:
    from game.bots import LEVELS
    from game.replay import to_json
    from game.runner import Stuck, play
    from shell.replay_files import write

    info = game_info(args.game, args.players)
    if args.level not in ("random", *LEVELS):
        fail(f"unknown level {args.level!r}; levels: random, {', '.join(LEVELS)}")
    if not 1 <= args.games <= MAX_GAMES:
        fail(f"--games must be 1 to {MAX_GAMES:,}, not {args.games}")
    if not 0 <= args.seed <= SEEDS - args.games:
        fail(f"--seed must be 0 to {SEEDS - args.games} for {args.games} games, not {args.seed}")
    if args.save_logs:
        try:
            args.save_logs.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot make --save-logs directory {args.save_logs}: "
                 f"{exc.strerror or exc}", status=FILE_ERROR)
    results = []
    refused: Counter = Counter()
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        try:
            state = play(info, args.players, seed, args.level, refused=refused)
        except Stuck as exc:
            fail(f"{info.id} seed {seed} did not finish: {exc}", status=GAME_ERROR)
        outcome = state.outcome()
        results.append({"seed": seed, "scores": outcome.scores, "winners": outcome.winners,
                        "team_won": outcome.team_won, "actions": len(state.log)})
        if args.save_logs:
            path = args.save_logs / f"{info.id}-{seed}.json"
            try:
                write(to_json(state), path)
            except OSError as exc:
                fail(f"cannot write {path}: {exc.strerror or exc}", status=FILE_ERROR)
    elapsed = time.perf_counter() - started
    summary = {
        "game": info.id,
        "players": args.players,
        "games": args.games,
        "level": args.level,
        "games_per_second": round(args.games / elapsed, 1) if elapsed else None,
        "wins_per_seat": [sum(seat in r["winners"] for r in results) for seat in range(args.players)],
        "mean_actions": round(statistics.fmean(r["actions"] for r in results), 1),
        "refused_bot_actions": dict(refused),
        "results": results,
    }
    if info.cooperative:
        summary["team_wins"] = sum(bool(r["team_won"]) for r in results)
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{info.name}: {args.games} games, {args.players} players, {args.level} bots")
    for seat, wins in enumerate(summary["wins_per_seat"]):
        print(f"  seat {seat + 1}: {wins} wins")
    if info.cooperative:
        print(f"  team won {summary['team_wins']} of {args.games}")
    print(f"  mean length: {summary['mean_actions']} actions")
    if refused:
        print(f"  bot actions refused and dropped: {sum(refused.values())}")
    print(f"  speed: {summary['games_per_second']} games per second")
    return 0


def replay(args) -> int:
    from game import GAMES
    from game.replay import ReplayError, check, rebuild
    from shell.replay_files import ReplayFileError, read

    try:
        document = read(args.file)
        if args.check:
            digest = check(document, GAMES)
            print(f"{args.file}: replays to the recorded final state {digest}")
        else:
            state = rebuild(document, GAMES)
            print(f"{args.file}: {state.info.name}, {len(state.log)} actions, "
                  f"final state {state.state_hash()}")
    except ReplayFileError as exc:  # its message names the file
        fail(str(exc), status=FILE_ERROR)
    except ReplayError as exc:
        fail(f"{args.file}: {exc}", status=FILE_ERROR)
    return 0


def run_arcade(target: str = "title", frames=None, start_kw=None, **app_kw) -> int:
    """Compose the arcade (the shell and the scene stack), show `target` and run until quit."""
    from scenes.manager import SceneManager
    from shell.app import App

    app = App(SceneManager, frame_limit=frames, **app_kw)
    try:
        app.start(target, **(start_kw or {}))
        app.run()
    finally:
        app.close()
    return 0


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        return simulate(args)
    if args.command == "replay":
        return replay(args)
    shown = {"fullscreen": args.fullscreen or None, "screenshot_dir": args.screenshot_dir,
             "scale": args.scale}
    if args.command == "demo":
        if args.game is not None:
            game_info(args.game)
        return run_arcade("demo", frames=args.frames, start_kw={"game_id": args.game}, **shown)
    return run_arcade(**shown)


if __name__ == "__main__":
    sys.exit(main())
