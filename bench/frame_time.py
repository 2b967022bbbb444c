"""A player's frame in every scene: the frame's work, the time to show it, the bytes sent to the
screen, for 2, 4 and 8 players.

    python bench/frame_time.py [--scale 2] [--players 2 4 8] [--scenes title,game:flixo]
                               [--frames 300] [--max-frames 20000] [--json]

Method (printed with the figures):
- The real App (shell/app.py) runs unpaced on a STEP CLOCK: each frame is exactly 1/60 s of
  game time (two 120 Hz updates), however long it takes. A game row therefore runs one whole
  game with CPU players, from the first deal to the results (or --max-frames), the same game on
  any machine; other scenes run --frames frames. The first WARMUP frames (art being built) are
  not counted.
- work: the frame thread's updates and drawing, timed inside that thread: CPU time of the
  thread (time.thread_time_ns: what the frame costs, whatever else the machine runs) and wall
  time; draw: the drawing alone (CPU time), without the updates (rules, bots, physics).
- show: from the end of the work to the moment the frame is on screen (App calls on_flip):
  uploading to the window and presenting. Zero-ish on the dummy driver (nothing is shown);
  measured in a real window (Xvfb, or a desktop) when SDL_VIDEODRIVER says so.
- upload: bytes handed to the window per frame (mean).
- rss: the process's resident memory at the end of the row.
Games seat N CPU players, clamped to what the game takes (Flixo 5, the racers 6).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import (WARMUP, StepClock, make_app, percentile, players_for,  # noqa: E402
                           rss_mb, setups, where)

__all__ = ["WARMUP", "percentile", "setups", "measure", "main"]


class Probe:
    """Times the frame thread's work and the showing of each frame of one App."""

    def __init__(self, app):
        self.app = app
        self.work_cpu: list[int] = []
        self.draw_cpu: list[int] = []
        self.work_wall: list[int] = []
        self.show: list[int] = []
        self.uploaded: list[int] = []
        self._work_end = None
        self._uploaded_before = self._uploaded_total()
        real_work = app.frame_thread._work
        real_draw = app.draw
        real_on_flip = app.manager.on_flip

        def timed_draw():
            c0 = time.thread_time_ns()
            real_draw()
            self.draw_cpu.append(time.thread_time_ns() - c0)

        def timed_work():
            assert threading.current_thread() is not threading.main_thread()
            c0, w0 = time.thread_time_ns(), time.perf_counter_ns()
            real_work()
            self._work_end = time.perf_counter_ns()
            self.work_wall.append(self._work_end - w0)
            self.work_cpu.append(time.thread_time_ns() - c0)

        def timed_on_flip(t_ns):
            if self._work_end is not None:
                self.show.append(time.perf_counter_ns() - self._work_end)
                self._work_end = None
                total = self._uploaded_total()
                self.uploaded.append(total - self._uploaded_before)
                self._uploaded_before = total
            real_on_flip(t_ns)

        app.frame_thread._work = timed_work
        app.draw = timed_draw
        app.manager.on_flip = timed_on_flip

    def _uploaded_total(self) -> int:
        shown = getattr(self.app, "screen", None)
        if shown is not None:
            return shown.uploaded_bytes
        # before the drawing paths: pygame's SCALED window uploads the whole canvas every flip
        # (none on the dummy driver, which has no renderer)
        import pygame
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return 0
        canvas = self.app.canvas
        return (len(self.work_wall) + 1) * canvas.get_pitch() * canvas.get_height()

    def clear(self) -> None:
        for values in (self.work_cpu, self.draw_cpu, self.work_wall, self.show, self.uploaded):
            values.clear()


def row(label: str, players: int, probe: Probe) -> dict:
    ms = [v / 1e6 for v in probe.work_cpu]
    wall = [v / 1e6 for v in probe.work_wall]
    show = [v / 1e6 for v in probe.show] or [0.0]
    drawn = [v / 1e6 for v in probe.draw_cpu] or [0.0]
    return {
        "scene": label, "players": players, "frames": len(ms),
        "work_cpu_p50": statistics.median(ms), "work_cpu_p99": percentile(ms, 0.99),
        "work_cpu_max": max(ms),
        "draw_cpu_p50": statistics.median(drawn), "draw_cpu_p99": percentile(drawn, 0.99),
        "work_wall_p50": statistics.median(wall), "work_wall_p99": percentile(wall, 0.99),
        "show_p50": statistics.median(show), "show_p99": percentile(show, 0.99),
        "upload_mb": statistics.fmean(probe.uploaded or [0]) / 1e6,
        "rss_mb": rss_mb(),
    }


def measure(frames: int, scale: int = 1, players: int = 4, scenes=None,
            max_frames: int = 20000, settings=None) -> list[dict]:
    clock = StepClock()
    app = make_app(scale, clock, settings=settings)
    probe = Probe(app)
    rows = []
    try:
        for label, setup in setups(app, players):
            if scenes and label not in scenes:
                continue
            from shell.seats import Seats
            app.seats = Seats()
            setup()
            scene = app.manager.top
            is_game = label.startswith("game:")
            for _ in range(WARMUP):
                clock.step()
                app.run(frames=1)
            probe.clear()
            limit = max_frames if is_game else frames
            for _ in range(limit):
                if not app.manager.stack or (is_game and app.manager.top is not scene):
                    break  # the game is over: its results are up
                clock.step()
                app.run(frames=1)
            n = players_for(label[5:], players) if is_game else players
            rows.append(row(label, n, probe))
            rows[-1]["game_ms"] = len(probe.work_cpu) * 1000 // 60
            rows[-1]["where"] = where(app)
    finally:
        app.close()
    return rows


def print_rows(rows, scale: int) -> None:
    print(f"{'scene':24s} {'pl':>2s} {'frames':>6s} {'game s':>6s}  {'cpu p50':>7s} "
          f"{'cpu p99':>7s} {'cpu max':>7s}  {'draw p50':>8s} {'draw p99':>8s}  {'wall p50':>8s} "
          f"{'wall p99':>8s}  {'show p50':>8s} {'show p99':>8s}  {'MB up':>6s} {'rss MB':>6s}")
    for r in rows:
        print(f"{r['scene']:24s} {r['players']:2d} {r['frames']:6d} {r['game_ms'] / 1000:6.0f}  "
              f"{r['work_cpu_p50']:7.2f} {r['work_cpu_p99']:7.2f} {r['work_cpu_max']:7.2f}  "
              f"{r['draw_cpu_p50']:8.2f} {r['draw_cpu_p99']:8.2f}  "
              f"{r['work_wall_p50']:8.2f} {r['work_wall_p99']:8.2f}  {r['show_p50']:8.2f} "
              f"{r['show_p99']:8.2f}  {r['upload_mb']:6.2f} {r['rss_mb']:6.0f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300,
                        help="frames of a scene that is not a game")
    parser.add_argument("--max-frames", type=int, default=20000,
                        help="at most this many frames of a game (20000: 5.5 min of game time)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 8])
    parser.add_argument("--scenes", default="", help="comma-separated labels (default: all)")
    parser.add_argument("--scale", type=int, choices=(1, 2), default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    scenes = set(filter(None, args.scenes.split(",")))
    if not args.json:
        print(__doc__.split("Method (printed with the figures):")[1].strip())
        print()
    all_rows = []
    for players in args.players:
        rows = measure(args.frames, args.scale, players, scenes, args.max_frames)
        all_rows += rows
        if not args.json:
            print(f"-- {players} players, canvas at {'4K' if args.scale == 2 else '1080p'}; "
                  f"{rows[0]['where'] if rows else ''}")
            print_rows(rows, args.scale)
            print()
    if args.json:
        print(json.dumps(all_rows, indent=2))
    else:
        print("ms per frame; cpu = CPU time of the frame thread (updates + drawing), draw = "
              "its drawing alone, wall = the frame thread's work in wall time, show = upload + "
              "present (wall); MB up = MB sent to the window per frame")
    return 0


if __name__ == "__main__":
    sys.exit(main())
