"""What the arcade's benches share: the App on a game clock the bench turns, every scene set up
with N players, percentiles, memory and a line saying where the figures were taken.

    clock = StepClock()                         # moves only when the bench says so
    app = make_app(scale=2, clock=clock)        # the real App, unpaced, no sound
    for label, setup in setups(app, players=8): # every scene, mid-game where it is a game
        setup()
        clock.step(); app.run(frames=1)         # one frame: 1/60 s of game time, exactly

The clock makes a frame cover 1/60 s of game time however long it takes to work out, so a game
bench runs the same game, to its end, on any machine: time spent working is measured, never
fed back into the game.

Runs headless (SDL's dummy driver) unless SDL_VIDEODRIVER is set, e.g. under Xvfb:
    Xvfb :5 -screen 0 3840x2160x24 &  DISPLAY=:5 SDL_VIDEODRIVER=x11 python bench/...
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

import game  # noqa: E402
from game.core import Outcome  # noqa: E402
from scenes.games import game_scene_class  # noqa: E402
from scenes.manager import SceneManager  # noqa: E402
from shell import look  # noqa: E402
from shell.app import FRAME_NS, App  # noqa: E402
from shell.seats import Seats  # noqa: E402
from shell.settings import Settings  # noqa: E402
from shell.stats import Stats  # noqa: E402

WARMUP = 30          # frames run before measuring (the first ones build the scene's art)
LEVELS = ("normal", "hard", "easy")


class StepClock:
    """The App's clock (perf_counter_ns-like): advances only by step()."""

    def __init__(self, start_ns: int = 1_000_000_000):
        self.now = start_ns

    def __call__(self) -> int:
        return self.now

    def step(self, ns: int = FRAME_NS) -> None:
        self.now += ns


def make_app(scale: int = 1, clock=None, pace: bool = False, settings: dict | None = None):
    """The real App with throwaway settings and stats files; a real window fills the canvas
    exactly (so showing a frame is not also scaling it)."""
    tmp = Path(tempfile.mkdtemp(prefix="flotte-bench-"))
    store = Settings(tmp / "settings.json")
    for key, value in (settings or {}).items():
        store.set(key, value)
    kw = {} if clock is None else {"clock_ns": clock}
    return App(SceneManager, settings=store, stats=Stats(tmp / "stats.db"), pace=pace,
               scale=scale, audio=False, size=(look.W * scale, look.H * scale), **kw)


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def players_for(game_id: str, wanted: int) -> int:
    info = game.GAMES[game_id]
    return max(info.min_players, min(info.max_players, wanted))


def cpu_seats(n: int):
    seats = Seats()
    for i in range(n):
        seats.add_cpu(LEVELS[i % len(LEVELS)])
    return seats.occupied()


def setups(app, players: int = 4, pause_after: int = 600):
    """(label, function putting the scene on the stack) for every scene. Games seat `players`
    CPU players (clamped to what the game takes); "pause" is the overlay over a game that ran
    `pause_after` frames first (so it covers a game in progress)."""
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
        for device in ("kb1", "kb2", "kb3")[:players]:
            app.seats.join(device)
        while len(app.seats.occupied()) < players:
            app.seats.add_cpu(LEVELS[len(app.seats.occupied()) % len(LEVELS)])
        app.manager.reset("lobby", game_id=first)

    def howto():
        app.manager.reset("howto", game_id=first, scene_class=game_scene_class(first))

    def results():
        n = players_for(first, players)
        app.manager.reset("results", game_id=first, seats=cpu_seats(n),
                          outcome=Outcome([12 - p for p in range(n)], [0]),
                          reactions={p: [(250.0 + 10 * p, True)] * 5 for p in range(n)},
                          scene_class=game_scene_class(first))

    out += [("lobby", lobby), ("howto", howto), ("results", results)]
    for game_id in game.GAMES:
        def play(game_id=game_id):
            app.manager.reset(game_scene_class(game_id), game_id=game_id,
                              seats=cpu_seats(players_for(game_id, players)), seed=7)
        out.append((f"game:{game_id}", play))

    def pause():
        scene = app.manager.reset(game_scene_class(first), game_id=first,
                                  seats=cpu_seats(players_for(first, players)), seed=7)
        clock = app.clock_ns if isinstance(app.clock_ns, StepClock) else None
        for _ in range(pause_after):
            if app.manager.top is not scene:
                break
            if clock is not None:
                clock.step()
            app.run(frames=1)
        if app.manager.top is scene:
            app.manager.push("pause", game=scene, device="kb1", seat=0)
    out.append(("pause", pause))
    return out


def rss_mb() -> float:
    """Resident memory of this process now, in MB (Linux: /proc/self/statm)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except OSError:
        return float("nan")


def peak_rss_mb() -> float:
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3  # kB on Linux


def where(app=None) -> str:
    """One line: the machine, its load, the video driver and how frames reach the screen."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    line = (f"{os.cpu_count()} CPUs, load average {load:.1f}; SDL video driver "
            f"{pygame.display.get_driver()}")
    if app is not None:
        shown = getattr(app, "screen", None)
        line += f"; drawing: {shown.describe() if shown is not None else 'display.flip (before)'}"
    return line
