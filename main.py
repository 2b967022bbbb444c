"""Flotte Fünf: starts the arcade, the attract mode, or one of the headless commands.

    python main.py [--fullscreen] [--screenshot-dir DIR] [--scale 1|2]     the arcade
                   [--phones] [--phone-port PORT]      phones as controllers (shell/phones)
    python main.py demo [GAME] [--screenshot-dir DIR] [--scale 1|2]  bots play on screen, looping
    python main.py demo practice [...]                        CPU players play the reaction drills
    python main.py demo party                   a short party-night cup of CPU players, looping

--scale: pixels per canvas unit: 1 draws at 1080p, 2 at 4K (default: 2 on a 4K desktop).
--phones: serve the phone page (the lobby shows its QR code) even if the settings say no;
--phone-port: its TCP port for this run (default: the settings' phone_port, 8642).
    python main.py simulate GAME --players N --games K --seed S [--level L] [--json]
                                 [--save-logs DIR]             bot tournaments, headless
    python main.py replay FILE --check                          re-play a replay file headless
    python main.py stats [--profile NAME] [--json | --csv] [--db PATH]
                                 reaction-time summaries per profile and kind, headless

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
    parser.add_argument("--phones", action="store_true",
                        help="let phones join as controllers (the lobby shows a QR code)")
    parser.add_argument("--phone-port", type=port_number, metavar="PORT",
                        help="TCP port of the phone page (default: settings, 8642)")
    sub = parser.add_subparsers(dest="command", parser_class=Parser)

    demo = sub.add_parser("demo", help="attract mode: bots play on screen")
    demo.add_argument("game", nargs="?",
                      help="one game id, 'practice' for the drills or 'party' for a cup "
                           "(default: every game)")
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

    st = sub.add_parser("stats", help="reaction-time summaries per profile and kind, headless")
    st.add_argument("--profile", metavar="NAME", help="only this profile (case does not matter)")
    st_format = st.add_mutually_exclusive_group()
    st_format.add_argument("--json", action="store_true", help="print one JSON object")
    st_format.add_argument("--csv", action="store_true",
                           help="print CSV, one row per profile and kind")
    st.add_argument("--db", type=Path, metavar="PATH",
                    help="the statistics file (default: the arcade's)")
    return parser


def port_number(text: str) -> int:
    """A TCP port for --phone-port: 1024..65535 (no privileged ports)."""
    from shell.settings import PORTS

    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not PORTS[0] <= port <= PORTS[1]:
        raise argparse.ArgumentTypeError(f"a port is {PORTS[0]} to {PORTS[1]}, not {port}")
    return port


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
    from game.words import plural
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
        actions = sum(1 for entry in state.log if entry[0] is not None)  # (not time passing)
        results.append({"seed": seed, "scores": outcome.scores, "winners": outcome.winners,
                        "team_won": outcome.team_won, "actions": actions})
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
    if info.cooperative:  # (the seats win or lose together)
        print(f"  team won {summary['team_wins']} of {args.games}")
    else:
        for seat, wins in enumerate(summary["wins_per_seat"]):
            print(f"  seat {seat + 1}: {plural(wins, 'win')}")
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


STATS_FIELDS = ("sessions", "count", "correct", "accuracy", "false_starts", "median_ms", "best_ms")


def stats(args) -> int:
    """Per profile and kind: sessions, trials, median, best, accuracy, false starts, and the
    percentile of the median against the kind's published norm (game.norms; None without one).
    Exit 0 with an empty store; 2 for an unknown profile; 1 when a locked file cannot be read.
    Notices (a damaged file moved aside, a locked file) go to stderr."""
    import csv
    from game.norms import norm_for
    from shell.stats import Stats, default_path

    path = args.db if args.db is not None else default_path()
    profiles, totals = [], []
    if path.exists():  # a missing store is an empty one: reading it must not create it
        store = Stats(path)
        try:
            for line in (store.take_notice() or "").splitlines():
                sys.stderr.write(f"main.py: {line}\n")
            if not store.readable:
                fail(f"{path} is locked by another program and cannot be read now; "
                     "try again when it is free", status=1)
            profiles = store.profiles()
            if args.profile is not None:
                chosen = store.find_profile(args.profile)
                if chosen is None:
                    names = ", ".join(p.name for p in profiles) or "none yet"
                    fail(f"no profile named {args.profile!r}; profiles: {names}")
                profiles = [chosen]
            totals = store.totals(profiles[0].id if args.profile is not None else None)
        finally:
            store.close()
    elif args.profile is not None:
        fail(f"no profile named {args.profile!r}; the statistics store {path} is empty")

    entries = []
    for profile in profiles:
        kinds = []
        for total in (t for t in totals if t.profile == profile.id):
            row = {"kind": total.kind, **{f: getattr(total, f) for f in STATS_FIELDS},
                   "percentile": None, "norm": None}
            norm = norm_for(total.kind)
            if norm is not None and total.median_ms is not None:
                row["percentile"] = round(norm.percentile(total.median_ms), 1)
                row["norm"] = norm.label
            kinds.append(row)
        entries.append({"id": profile.id, "name": profile.name, "created": profile.created,
                        "kinds": kinds})
    empty = not any(entry["kinds"] for entry in entries)
    if empty:
        whose = f" for {profiles[0].name}" if args.profile is not None else ""
        (sys.stderr if args.json or args.csv else sys.stdout).write(
            f"No reaction times stored yet{whose} ({path}).\n")
    if args.json:
        print(json.dumps({"path": str(path), "profiles": entries}))
    elif args.csv:
        out = csv.writer(sys.stdout)
        out.writerow(["profile", "kind", *STATS_FIELDS, "percentile", "norm"])
        for entry in entries:
            for row in entry["kinds"]:
                out.writerow([entry["name"], row["kind"], *(row[f] for f in STATS_FIELDS),
                              row["percentile"], row["norm"]])
    elif not empty:
        print(f"Reaction times in {path}")
        for entry in entries:
            print_profile_stats(entry)
        print("percentile: the share of the norm's people slower than this median "
              "(norms and sources: game/norms.py)")
    return 0


def print_profile_stats(entry: dict) -> None:
    def ms(value):
        return "-" if value is None else f"{value:.0f} ms"

    print(f"\n{entry['name']}")
    if not entry["kinds"]:
        print("  no reaction times yet")
        return
    print(f"  {'kind':<12}{'sessions':>9}{'trials':>8}{'median':>9}{'best':>9}{'accuracy':>10}"
          f"{'false starts':>14}  percentile")
    for row in entry["kinds"]:
        accuracy = "-" if row["accuracy"] is None else f"{row['accuracy']:.0%}"
        norm = "-" if row["percentile"] is None else f"{row['percentile']:.0f} ({row['norm']})"
        print(f"  {row['kind']:<12}{row['sessions']:>9}{row['count']:>8}{ms(row['median_ms']):>9}"
              f"{ms(row['best_ms']):>9}{accuracy:>10}{row['false_starts']:>14}  {norm}")


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
    if args.command == "stats":
        return stats(args)
    shown = {"fullscreen": args.fullscreen or None, "screenshot_dir": args.screenshot_dir,
             "scale": args.scale}
    if args.command == "demo":
        if args.game == "practice":
            return run_arcade("practice_demo", frames=args.frames, **shown)
        if args.game == "party":  # attract mode as a party night: scenes/cup/host.py
            return run_arcade("cup", frames=args.frames, start_kw={"demo": True}, **shown)
        if args.game is not None:
            game_info(args.game)
        return run_arcade("demo", frames=args.frames, start_kw={"game_id": args.game}, **shown)
    return run_arcade(phones=args.phones or None, phone_port=args.phone_port, **shown)


if __name__ == "__main__":
    sys.exit(main())
