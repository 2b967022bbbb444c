"""Memory over time while the attract mode plays each game again and again (at 4K by default).

    python bench/memory.py [--scale 2] [--games 3] [--only flixo] [--every 10]

Method (printed with the figures): for each game, a fresh process runs the real App's demo
(scenes/screens/demo.py: four CPU players, then the results, then the next game) on a step
clock, each frame 1/60 s of game time, for --games whole games. The process's resident memory
(RSS, /proc/self/statm) is sampled every second of game time; printed: RSS after start-up, at
the end of each game, the peak (RSS high-water mark), and a sample every --every seconds. The
art cache's own size is printed where the code reports it (shell.look.cache_bytes). Headless on
SDL's dummy driver unless SDL_VIDEODRIVER says otherwise; a real window adds what the renderer
keeps (a texture of the canvas: 33 MB at 4K, 8 MB at 1080p, on the GPU where there is one).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def run_one(game_id: str, games: int, scale: int, max_frames: int) -> dict:
    """In this process: the demo of one game for `games` games."""
    from bench.harness import StepClock, make_app, peak_rss_mb, rss_mb, where
    from shell import look

    clock = StepClock()
    app = make_app(scale, clock)
    started = rss_mb()
    samples, ends = [], []
    seen_game, finished, frame = None, 0, 0
    cache = getattr(look, "cache_bytes", None)
    try:
        app.manager.reset("demo", game_id=game_id, seed=1)
        while frame < max_frames:
            top = app.manager.top
            if hasattr(top, "state") and top is not seen_game:
                if seen_game is not None:
                    finished += 1
                    ends.append(rss_mb())
                    if finished >= games:
                        break
                seen_game = top
            clock.step()
            app.run(frames=1)
            frame += 1
            if frame % 60 == 0:
                samples.append(round(rss_mb()))
        return {"game": game_id, "games": finished, "frames": frame, "start_mb": started,
                "ends_mb": ends, "peak_mb": peak_rss_mb(), "samples_mb": samples,
                "cache_mb": cache() / 1e6 if cache else None, "where": where(app)}
    finally:
        app.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, choices=(1, 2), default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--only", default="", help="one game id (default: every game)")
    parser.add_argument("--every", type=int, default=10, help="print a sample every N s")
    parser.add_argument("--max-frames", type=int, default=60 * 60 * 30)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(run_one(args.only, args.games, args.scale, args.max_frames)))
        return 0
    import game
    print(__doc__.split("Method (printed with the figures):")[1].strip())
    print()
    ids = [args.only] if args.only else list(game.GAMES)
    first = True
    for game_id in ids:
        out = subprocess.run([sys.executable, __file__, "--child", "--only", game_id, "--games",
                              str(args.games), "--scale", str(args.scale), "--max-frames",
                              str(args.max_frames)], capture_output=True, text=True,
                             env=dict(os.environ))
        if out.returncode != 0:
            print(f"{game_id}: failed\n{out.stderr[-2000:]}")
            continue
        r = json.loads(out.stdout.strip().splitlines()[-1])
        if first:
            print(r["where"])
            print(f"{'game':20s} {'games':>5s} {'game s':>6s} {'start':>6s} {'peak':>6s} "
                  f"{'cache':>6s}  end of each game (MB)")
            first = False
        cache = f"{r['cache_mb']:6.0f}" if r["cache_mb"] is not None else "     -"
        ends = " ".join(f"{v:.0f}" for v in r["ends_mb"])
        print(f"{game_id:20s} {r['games']:5d} {r['frames'] / 60:6.0f} {r['start_mb']:6.0f} "
              f"{r['peak_mb']:6.0f} {cache}  {ends}")
        series = r["samples_mb"][args.every - 1::args.every]
        print(f"{'':20s} every {args.every} s: {' '.join(str(v) for v in series)}")
    print("MB (10^6 bytes) of resident memory; peak = the process's high-water mark")
    return 0


if __name__ == "__main__":
    sys.exit(main())
