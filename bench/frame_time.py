"""Frame time of every scene on the 1920x1080 canvas, headless (SDL dummy drivers).

    python bench/frame_time.py [--frames 600] [--json] [--scale 2]

--scale 2 draws at 4K (3840x2160 pixels, shell.paint), as on a 4K TV.

For each scene it runs the real App loop unpaced and records, per frame, the work (fixed-step
updates + drawing every visible scene) and the whole frame (work + display.flip). Prints the
median and the 99th percentile in ms. Goal (issue 3): p99 under 8 ms.

Game scenes run with four CPU players, so the table changes while it is measured; "pause"
is the overlay over a running game.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game  # noqa: E402
from scenes.manager import SceneManager  # noqa: E402
from shell.app import App  # noqa: E402
from shell.seats import Seats  # noqa: E402
from shell.settings import Settings  # noqa: E402
from shell.stats import Stats  # noqa: E402
from game.core import Outcome  # noqa: E402
from scenes.games import game_scene_class  # noqa: E402

WARMUP = 30


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def cpu_seats(n):
    seats = Seats()
    for level in ("normal", "hard", "easy", "normal")[:n]:
        seats.add_cpu(level)
    return seats.occupied()


def setups(app):
    """(label, function putting the scene on the stack) for every scene."""
    first = next(iter(game.GAMES), None)
    out = [
        ("title", lambda: app.manager.reset("title")),
        ("select", lambda: app.manager.reset("select")),
        ("settings", lambda: app.manager.reset("settings")),
        ("keytest", lambda: app.manager.reset("keytest")),
    ]
    if first is None:
        return out

    def lobby():
        for device in ("kb1", "kb2", "kb3"):
            app.seats.join(device)
        app.seats.add_cpu("hard")
        app.manager.reset("lobby", game_id=first)

    def howto():
        app.manager.reset("howto", game_id=first, scene_class=game_scene_class(first))

    def results():
        seats = cpu_seats(4)
        app.manager.reset("results", game_id=first, seats=seats,
                          outcome=Outcome([12, 9, 7, 3], [0]),
                          reactions={p: [(250.0 + 10 * p, True)] * 5 for p in range(4)},
                          scene_class=game_scene_class(first))

    out += [("lobby", lobby), ("howto", howto), ("results", results)]
    for game_id in game.GAMES:
        info = game.GAMES[game_id]
        n = max(info.min_players, min(info.max_players, 4))

        def play(game_id=game_id, n=n):
            app.manager.reset(game_scene_class(game_id), game_id=game_id, seats=cpu_seats(n),
                              seed=7)
        out.append((f"game:{game_id}", play))

    def pause():
        info = game.GAMES[first]
        n = max(info.min_players, min(info.max_players, 4))
        scene = app.manager.reset(game_scene_class(first), game_id=first, seats=cpu_seats(n),
                                  seed=7)
        app.manager.push("pause", game=scene, device="kb1", seat=0)
    out.append(("pause", pause))
    return out


def measure(frames: int, scale: int = 1) -> list[dict]:
    tmp = Path(tempfile.mkdtemp())
    app = App(SceneManager, settings=Settings(tmp / "s.json"), stats=Stats(tmp / "s.db"), pace=False,
              scale=scale)
    rows = []
    for label, setup in setups(app):
        app.seats = Seats()
        setup()
        app.run(frames=WARMUP)
        work, whole, cpu = [], [], []
        for _ in range(frames):
            if not app.manager.stack:
                break
            t0 = time.perf_counter_ns()
            c0 = time.process_time_ns()
            app.record_frames = True
            app.frame_times.clear()
            app.run(frames=1)
            c1 = time.process_time_ns()
            t1 = time.perf_counter_ns()
            if app.frame_times:
                work.append(app.frame_times[-1][1] / 1e6)
                whole.append((t1 - t0) / 1e6)
                cpu.append((c1 - c0) / 1e6)
        rows.append({
            "scene": label, "frames": len(work),
            "work_median_ms": statistics.median(work), "work_p99_ms": percentile(work, 0.99),
            "frame_median_ms": statistics.median(whole), "frame_p99_ms": percentile(whole, 0.99),
            "cpu_median_ms": statistics.median(cpu), "cpu_p99_ms": percentile(cpu, 0.99),
        })
    app.close()
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--scale", type=int, choices=(1, 2), default=1)
    args = parser.parse_args(argv)
    rows = measure(args.frames, args.scale)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'scene':24s} {'frames':>6s}  {'work med':>8s} {'work p99':>8s}  "
          f"{'frame med':>9s} {'frame p99':>9s}  {'cpu med':>7s} {'cpu p99':>7s}")
    for r in rows:
        print(f"{r['scene']:24s} {r['frames']:6d}  {r['work_median_ms']:8.2f} "
              f"{r['work_p99_ms']:8.2f}  {r['frame_median_ms']:9.2f} {r['frame_p99_ms']:9.2f}  "
              f"{r['cpu_median_ms']:7.2f} {r['cpu_p99_ms']:7.2f}")
    print("ms. work = updates + drawing; frame = work + flip + event poll (wall clock);")
    print("cpu = the frame's CPU time in this process, frame thread included")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"worst frame p99: {max(r['frame_p99_ms'] for r in rows):.2f} ms, worst cpu p99: "
          f"{max(r['cpu_p99_ms'] for r in rows):.2f} ms (goal < 8 ms); load average {load:.1f} "
          f"on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
