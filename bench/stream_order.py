"""Benchmark: are real-time actions applied in the order they were stamped?

Method. The real App runs each real-time game (Flotter Otter, Fliegen klatschen) headless with
CPU players and scripted humans: SDL virtual pads pressed from another thread at random moments
(the game's own buttons: boxes and grabs, hand moves and slaps), so presses arrive between
frames and while frames are worked out, as a player's do. Every action the scene applies is
noted with its stamp (a press: the game ms of its stamp as the clock ran then; a CPU player:
the moment its modelled reaction lands) and the ms it was applied at. Printed per game:

  actions            how many were applied (humans + CPU players)
  late               human actions applied at a later ms than their stamp (the stream had
                     already passed the stamp when the press arrived), and p99 / max of how late
  inversions         pairs applied in the other order than their stamps say (same ms: a tie)

Goal: zero late and zero inversions. --horizon now runs the stream up to the clock's now
instead of the input horizon (what a loop that ignores input still in flight would do), to show
what the bench catches; --busy-ms N makes each frame's work spend N ms before the stream runs
(a heavy frame: bots, physics, a 4K draw). Figures, not a test.

    python bench/stream_order.py [--seconds 20] [--cpus 3] [--pads 2] [--horizon now]
                                 [--busy-ms 6]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

BUTTONS = {"flotter_otter": ("a", "b", "x", "y", "rightshoulder", "dpdown", "dpup"),
           "fliegen_klatschen": ("a", "a", "rightshoulder", "dpleft", "dpright", "dpup",
                                 "dpdown")}


def presser(pads, buttons, stop, seed):
    rng = random.Random(seed)
    while not stop.is_set():
        pad = rng.choice(pads)
        button = rng.choice(buttons)
        pad.press(button)
        time.sleep(rng.uniform(0.02, 0.05))
        pad.release(button)
        time.sleep(rng.uniform(0.01, 0.2))


def run(game_id: str, seconds: float, cpus: int, n_pads: int, seed: int, horizon: str,
        busy_ms: float) -> dict:
    from scenes.games import game_scene_class
    from scenes.manager import SceneManager
    from shell.app import App
    from shell.settings import Settings
    from shell.stats import Stats
    from shell.vjoy import VirtualPad

    tmp = Path(tempfile.mkdtemp())
    app = App(SceneManager, settings=Settings(tmp / "s.json"), stats=Stats(tmp / "s.db"),
              pace=True)
    app.start("title")
    if horizon == "now":
        app.input_horizon_ns = app.clock_ns
    pads = [VirtualPad(f"Order Pad {i}", product=90 + i) for i in range(n_pads)]
    app.run(frames=10)
    for device in [d for d in app.hub.devices() if d.startswith("pad:")]:
        app.seats.join(device)
    for _ in range(cpus):
        app.seats.add_cpu("hard")
    scene = app.manager.reset(game_scene_class(game_id), game_id=game_id, seed=seed)
    noted = []  # (applied ms, stamp ms, human)
    real_press, real_bot = scene._apply_press, scene._poll_bot

    def apply_press(p, press, t):
        before = len(scene.state.log)
        real_press(p, press, t)
        if len(scene.state.log) > before:
            noted.append((t, int(scene.clock.ms(press.t_ns)), True))

    def poll_bot(p, t):
        before = len(scene.state.log)
        real_bot(p, t)
        noted.extend((t, t, False) for _ in range(len(scene.state.log) - before))

    scene._apply_press, scene._poll_bot = apply_press, poll_bot
    if busy_ms:
        real_advance = scene.advance

        def advance():
            time.sleep(busy_ms / 1000)  # a heavy frame: presses made now are taken mid-frame
            real_advance()
        scene.advance = advance
    stop = threading.Event()
    worker = threading.Thread(target=presser, args=(pads, BUTTONS[game_id], stop, seed))
    worker.start()
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end and app.manager.top is scene:
            app.run(frames=10)
    finally:
        stop.set()
        worker.join()
        for pad in pads:
            pad.detach()
        app.close()
    late = sorted(a - s for a, s, human in noted if human and a > s)
    stamps = [s for _, s, _ in noted]
    inversions = sum(1 for i in range(len(stamps)) for j in range(i + 1, min(len(stamps), i + 200))
                     if stamps[i] > stamps[j])
    return {"actions": len(noted), "humans": sum(1 for n in noted if n[2]), "late": late,
            "inversions": inversions}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--cpus", type=int, default=3)
    parser.add_argument("--pads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--horizon", choices=("input", "now"), default="input")
    parser.add_argument("--busy-ms", type=float, default=0)
    args = parser.parse_args(argv)
    print(f"{args.seconds:.0f} s of play per game, {args.pads} scripted pads + {args.cpus} hard "
          f"CPUs, stream run up to the {args.horizon} horizon, {args.busy_ms:.0f} ms busy "
          f"before it each frame, load average "
          f"{os.getloadavg()[0]:.1f}")
    for game_id in BUTTONS:
        r = run(game_id, args.seconds, args.cpus, args.pads, args.seed, args.horizon,
                args.busy_ms)
        late = r["late"]
        tail = (f"p99 {late[min(len(late) - 1, int(0.99 * len(late)))]} ms, max {late[-1]} ms"
                if late else "")
        print(f"{game_id:18s} actions {r['actions']:5d} (humans {r['humans']:4d})  late "
              f"{len(late):3d} {tail}  inversions {r['inversions']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
