"""What an arcade nobody plays costs: CPU share and wake-ups while a screen just sits there.

    python bench/idle_cpu.py [--seconds 10] [--scale 1] [--scenes title,lobby]

Method (printed with the figures): the real App runs paced on the real clock, as when playing,
with the scene up and no input at all: measured for --seconds once the scene has been up 2 s
("shown"), and again once nobody has touched anything for longer than the arcade's idle time
(shell.app.IDLE_AFTER_NS, if this version has one: "left alone"). CPU = the
process's CPU time (all threads: main, frame, pads, stats ...) over wall time, in % of one core.
Wake-ups = voluntary context switches per second summed over the process's threads
(/proc/self/task/*/status): how often a thread goes to sleep and is woken again, what keeps a
laptop's CPU out of its deep idle states. Scenes: the title screen; the lobby with three
keyboard seats; a turn-based game (Flixo) waiting for a human's move; a real-time game (Flotter
Otter) with one human and three CPU players mid-round, where a reaction is being timed and
input is read at full rate. Headless on SDL's dummy driver unless SDL_VIDEODRIVER says
otherwise (in a real window, showing frames is part of the cost).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.harness import cpu_seats, make_app, where  # noqa: E402


def switches() -> int:
    total = 0
    for task in Path("/proc/self/task").iterdir():
        try:
            for line in (task / "status").read_text().splitlines():
                if line.startswith("voluntary_ctxt_switches"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def scene_setups(app):
    from scenes.games import game_scene_class
    from shell.seats import Seats

    def with_seats(devices, cpus=0):
        app.seats = Seats()
        for device in devices:
            app.seats.join(device)
        for _ in range(cpus):
            app.seats.add_cpu("normal")
        return app.seats.occupied()

    def title():
        app.manager.reset("title")

    def lobby():
        with_seats(["kb1", "kb2", "kb3"])
        app.manager.reset("lobby", game_id="flotter_otter")

    def flixo_wait():
        seats = with_seats(["kb1"])
        app.manager.reset(game_scene_class("flixo"), game_id="flixo", seats=seats, seed=3)

    def otter_round():
        seats = with_seats(["kb1"], cpus=3)
        app.manager.reset(game_scene_class("flotter_otter"), game_id="flotter_otter",
                          seats=seats, seed=3)

    return [("title", title), ("lobby", lobby), ("game:flixo (human to move)", flixo_wait),
            ("game:flotter_otter (round live)", otter_round)]


def run_for(app, seconds: float) -> None:
    """Run the paced loop for about `seconds` (at the frame rate it runs at now)."""
    import shell.app

    slow = getattr(app, "idle", None) is not None and app.idle() and not app.timing()
    frame_ns = shell.app.IDLE_FRAME_NS if slow else shell.app.FRAME_NS
    app.run(frames=max(1, int(seconds * 1e9 / frame_ns)))


def sample(app, seconds: float) -> dict:
    c0, w0, s0, f0 = time.process_time(), time.perf_counter(), switches(), app.frames
    run_for(app, seconds)
    c1, w1, s1 = time.process_time(), time.perf_counter(), switches()
    return {"cpu_pct": 100 * (c1 - c0) / (w1 - w0), "wakeups_per_s": (s1 - s0) / (w1 - w0),
            "fps": (app.frames - f0) / (w1 - w0)}


def measure(seconds: float, scale: int, wanted) -> list[dict]:
    import shell.app

    idle_after = getattr(shell.app, "IDLE_AFTER_NS", None)
    app = make_app(scale, pace=True)
    rows = []
    try:
        for label, setup in scene_setups(app):
            if wanted and label.split(" ")[0] not in wanted:
                continue
            setup()
            if hasattr(app, "wake"):
                app.wake()  # as if someone had just pressed a button
            start = time.perf_counter()
            run_for(app, 2)  # settle: art built, first frames shown
            rows.append({"scene": label, "state": "shown", **sample(app, seconds)})
            if idle_after is not None:
                run_for(app, max(0.0, idle_after / 1e9 + 1 - (time.perf_counter() - start)))
                rows.append({"scene": label, "state": "left alone", **sample(app, seconds)})
            rows[-1]["where"] = where(app)
    finally:
        app.close()
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--scale", type=int, choices=(1, 2), default=1)
    parser.add_argument("--scenes", default="", help="comma-separated: title,lobby,game:flixo,"
                                                     "game:flotter_otter")
    args = parser.parse_args(argv)
    print(__doc__.split("Method (printed with the figures):")[1].strip())
    print()
    rows = measure(args.seconds, args.scale, set(filter(None, args.scenes.split(","))))
    if rows:
        print(rows[-1]["where"])
    print(f"{'scene':36s} {'':10s} {'CPU % of a core':>15s} {'wake-ups/s':>10s} {'fps':>5s}")
    for r in rows:
        print(f"{r['scene']:36s} {r['state']:10s} {r['cpu_pct']:15.1f} "
              f"{r['wakeups_per_s']:10.0f} {r['fps']:5.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
