"""Benchmark: how late is an input's timestamp, polling ~every 1 ms vs once per frame?

A thread makes inputs at known moments (time.perf_counter_ns() just before making each one):
either pygame.event.post(USEREVENT) or a press/release of an SDL virtual pad (arcade.vjoy), the
latter going through SDL's real joystick path (state set by the thread, event made when the main
thread pumps). The main thread runs a 60 Hz loop like arcade.app's: "render" (busy) for
--render-ms, then either
  per-frame : take the queue once per frame, then sleep until the next frame is due, or
  1ms       : take the queue, sleep ~1 ms, take it again ... until the next frame is due,
and stamps each event with perf_counter_ns() when taken. The error is stamp - moment made.
Prints mean / median / p99 / max in ms for each source x mode. Not a test: no pass/fail.

An input that arrives while the frame is being drawn waits for the drawing to end, so with
1 ms polling the p99 error is about the render time (4 ms of drawing -> p99 near 4 ms); only
the share of inputs landing inside the drawing sees it. Figures on a loaded machine (see the
printed load average) have long tails from the OS scheduler, not from the loop.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python bench/input_latency.py \
        [--n 400] [--render-ms 4]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

FRAME_NS = 1_000_000_000 // 60
RENDER_MS = 4.0  # default busy work per frame standing in for drawing (holds the GIL)


def producer(source, n, made, seen, stop, seed):
    """Make n inputs at random moments, each after the previous one was taken (a virtual pad
    only reports its state when SDL polls it, so two changes between polls would merge into
    one or none). made[0] is the making time of the input in flight."""
    rng = random.Random(seed)
    pad = source if not isinstance(source, str) else None
    for i in range(n):
        while not seen.wait(0.1):
            if stop.is_set():
                return
        seen.clear()
        time.sleep(rng.uniform(0.002, 0.020))
        made[0] = time.perf_counter_ns()  # before making it: it cannot be taken earlier
        if pad is None:
            pygame.event.post(pygame.event.Event(pygame.USEREVENT, seq=i))
        else:
            pad.button("a", i % 2 == 0)


def run(source_name, mode, n, seed, render_ms=RENDER_MS):
    made = [0]
    seen = threading.Event()
    seen.set()
    stop = threading.Event()
    pad = None
    if source_name == "vjoy":
        from arcade import vjoy
        import pygame._sdl2.controller as controller
        pad = vjoy.VirtualPad("Bench Pad")
        pygame.event.pump()
        pygame.event.clear()
        ctl = controller.Controller(0)  # open as a controller like the hub does
        pygame.event.pump()
        pygame.event.clear()
        wanted = pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP
    else:
        wanted = (pygame.USEREVENT,)
    errors = []
    thread = threading.Thread(target=producer, args=(pad or source_name, n, made, seen, stop, seed))
    thread.start()
    next_frame = time.perf_counter_ns()
    last_seen = next_frame

    def take():
        nonlocal last_seen
        for event in pygame.event.get():
            t = time.perf_counter_ns()
            if event.type == pygame.QUIT:  # SDL turns SIGTERM/SIGINT into QUIT
                stop.set()
                raise SystemExit(1)
            if event.type in wanted:
                errors.append(t - made[0])
                last_seen = t
                seen.set()

    while len(errors) < n:
        next_frame += FRAME_NS
        end = time.perf_counter_ns() + int(render_ms * 1e6)
        while time.perf_counter_ns() < end:
            pass
        if mode == "per-frame":
            take()
        while True:
            now = time.perf_counter_ns()
            if now >= next_frame:
                break
            if mode == "1ms":
                take()
                now = time.perf_counter_ns()
            time.sleep(min(0.001, max(0.0, (next_frame - now) / 1e9)))
        if now > next_frame + 10 * FRAME_NS:
            next_frame = now  # far behind (machine stalled): do not race to catch up
        if now - last_seen > 3_000_000_000:
            print(f"  {source_name} {mode}: an input never arrived; stopping early")
            break
    stop.set()
    thread.join()
    if pad is not None:
        ctl.quit()
        pad.detach()
        pygame.event.pump()
        pygame.event.clear()
    return errors


def describe(errors):
    ms = sorted(e / 1e6 for e in errors)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    return (f"n={len(ms):4d}  mean {statistics.fmean(ms):6.3f} ms  median "
            f"{statistics.median(ms):6.3f} ms  p99 {p99:6.3f} ms  max {ms[-1]:6.3f} ms")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=400, help="inputs per source and mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--render-ms", type=float, default=RENDER_MS,
                        help="busy 'drawing' per frame; events arriving meanwhile wait for it")
    args = parser.parse_args()
    pygame.init()
    import pygame._sdl2.controller as controller
    controller.init()
    pygame.display.set_mode((320, 180))
    print(f"pygame-ce {pygame.version.ver}, SDL {pygame.get_sdl_version()}, 60 Hz frames, "
          f"{args.render_ms} ms busy render per frame, load average {os.getloadavg()[0]:.1f}")
    for source in ("post", "vjoy"):
        for mode in ("per-frame", "1ms"):
            errors = run(source, mode, args.n, args.seed, args.render_ms)
            print(f"{source:5s} {mode:9s} {describe(errors)}")
    pygame.quit()


if __name__ == "__main__":
    main()
