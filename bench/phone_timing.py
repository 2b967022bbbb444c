"""Benchmark: how well are phone taps placed on the arcade's clock over a bad network?

Method. The real PhoneServer (shell/phones) runs on 127.0.0.1 on its own thread, as in the
arcade (with the arcade's 50 us GIL switch interval). Simulated phones are real websocket
clients (the websockets library) in a second process, as phones are other machines; both
processes read the same clock (perf_counter is CLOCK_MONOTONIC, system-wide). Each phone has its own clock, the arcade's time.perf_counter_ns() shifted by a
large offset (hours, either sign) and running 50 ppm fast or slow. The network is simulated
inside each phone, in both directions: every message is held back by a one-way delay drawn
from `delay +- jitter` (uniform), kept in order like TCP (a message never overtakes the one
before it), and during a `spike` window every delay grows by spike_ms (a wifi stall).

A phone answers the arcade's clock requests as the page does (its clock when the request
"arrives", after the simulated delay). Phones join, then wait `warmup` seconds (the lobby),
then tap at random every 150-450 ms for `seconds`: the true moment of a tap is the arcade
clock when it is made; the phone stamps it with its own clock and sends it (after the delay).
A thread drains the server every 0.5 ms, as the arcade's loop would poll it.

    arrival latency = when drain() returned the PhoneInput - the true moment of the tap
    stamp error     = PhoneInput.t_ns - the true moment of the tap

Prints p50 / p99 / max of both, over all taps and over the taps made during the spike, the
clamp counts, and each phone's final offset uncertainty. Not a test: no pass/fail. Goal
(issue 12): stamp error p99 under 3 ms while arrival latency is tens of ms.

    python bench/phone_timing.py [--phones 4] [--seconds 30] [--delay 30] [--jitter 20]
                                 [--spike-ms 200] [--spike-at 0.4] [--spike-len 1.5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import connect  # noqa: E402

from shell.phones import PhoneInput, PhoneServer  # noqa: E402

MS = 1_000_000


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


class Link:
    """One direction of a phone's network: random delay, in order, with a spike window."""

    def __init__(self, rng, delay_ms, jitter_ms, spike):
        self.rng, self.delay_ms, self.jitter_ms, self.spike = rng, delay_ms, jitter_ms, spike
        self.last_ns = 0

    def due_ns(self, now_ns: int) -> int:
        d = self.delay_ms + self.rng.uniform(-self.jitter_ms, self.jitter_ms)
        s0, s1, extra = self.spike
        if s0 <= now_ns < s1:
            d += extra
        self.last_ns = max(self.last_ns, now_ns + round(max(0.0, d) * MS))
        return self.last_ns


async def at(t_ns: int) -> None:
    """Sleep until perf_counter_ns() reaches t_ns (asyncio's timer: up to ~1 ms late, the
    same way in both directions)."""
    left = (t_ns - time.perf_counter_ns()) / 1e9
    if left > 0:
        await asyncio.sleep(left)


class SimPhone:
    def __init__(self, n, url, args, spike, taps):
        rng = random.Random(1000 + n)
        self.n = n
        self.url = url
        self.offset_ns = rng.choice((-1, 1)) * rng.randint(1, 5) * 3600 * 10**9 + rng.randint(0, 10**9)
        self.drift = (50e-6 if n % 2 else -50e-6)
        self.up = Link(rng, args.delay, args.jitter, spike)     # phone -> arcade
        self.down = Link(rng, args.delay, args.jitter, spike)   # arcade -> phone
        self.rng = rng
        self.args = args
        self.taps = taps            # list of (phone_id, true moment) in the order sent
        self.phone_id = None
        self.out: asyncio.Queue = asyncio.Queue()
        self.inbox: asyncio.Queue = asyncio.Queue()

    def clock_ms(self, arcade_ns: int) -> float:
        return (arcade_ns * (1 + self.drift) + self.offset_ns) / MS

    async def run(self, start_taps_ns, end_ns, bye: asyncio.Event):
        async with connect(self.url, compression=None) as ws:
            await ws.send(json.dumps({"type": "hello", "name": f"Sim {self.n}"}))
            self.phone_id = json.loads(await ws.recv())["phone_id"]
            tasks = [asyncio.create_task(self._sender(ws)), asyncio.create_task(self._receiver(ws)),
                     asyncio.create_task(self._handler())]
            await self._tapper(start_taps_ns, end_ns)
            await bye.wait()          # stay connected while the arcade reads the timings
            for t in tasks:
                t.cancel()

    async def _receiver(self, ws):
        async for text in ws:
            self.inbox.put_nowait((self.down.due_ns(time.perf_counter_ns()), text))

    async def _handler(self):
        while True:
            due, text = await self.inbox.get()
            await at(due)                                   # the message reaches the phone
            msg = json.loads(text)
            if msg["type"] == "sync":
                self._send({"type": "sync", "id": msg["id"],
                            "t": self.clock_ms(time.perf_counter_ns())})

    def _send(self, msg):
        self.out.put_nowait((self.up.due_ns(time.perf_counter_ns()), json.dumps(msg)))

    async def _sender(self, ws):
        while True:
            due, text = await self.out.get()
            await at(due)                                   # the message reaches the arcade
            await ws.send(text)

    async def _tapper(self, start_ns, end_ns):
        await at(start_ns + self.rng.randint(0, 300) * MS)
        down = True
        while time.perf_counter_ns() < end_ns:
            touch = time.perf_counter_ns()
            self.taps.append((self.phone_id, touch))
            self._send({"type": "input", "action": "a", "down": down, "t": self.clock_ms(touch)})
            down = not down
            await asyncio.sleep(self.rng.uniform(0.15, 0.45))
        await asyncio.sleep((self.args.delay + self.args.jitter + self.args.spike_ms) / 1000 + 0.2)


def phones_process(url, args, start_taps, end, spike, pipe):
    """The second process: every simulated phone; sends back the taps (phone_id, moment),
    then waits for the arcade's word before hanging up."""
    async def everyone():
        taps: list = []
        bye = asyncio.Event()
        phones = [SimPhone(n, url, args, spike, taps) for n in range(args.phones)]
        runs = asyncio.gather(*(p.run(start_taps, end, bye) for p in phones))
        await asyncio.sleep((end - time.perf_counter_ns()) / 1e9
                            + (args.delay + args.jitter + args.spike_ms) / 1000 + 0.8)
        pipe.send(taps)
        await asyncio.get_running_loop().run_in_executor(None, pipe.recv)
        bye.set()
        await runs
    asyncio.run(everyone())


def collect(server, got, stop):
    """The arcade's side: poll drain() like the loop does, noting when each input came out."""
    while not stop.is_set():
        events = server.drain()
        now = time.perf_counter_ns()
        got.extend((e, now) for e in events if isinstance(e, PhoneInput))
        time.sleep(0.0005)


def row(name, values):
    if not values:
        return f"  {name:<34} (none)"
    return (f"  {name:<34} {percentile(values, 0.5) / MS:8.2f} {percentile(values, 0.99) / MS:8.2f}"
            f" {max(values) / MS:8.2f}   n={len(values)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--phones", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=30.0, help="time spent tapping")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds in the lobby first")
    ap.add_argument("--delay", type=float, default=30.0, help="one-way delay, ms")
    ap.add_argument("--jitter", type=float, default=20.0, help="+- ms, uniform")
    ap.add_argument("--spike-ms", type=float, default=200.0, help="extra delay in the spike")
    ap.add_argument("--spike-at", type=float, default=0.4, help="spike start, share of the taps")
    ap.add_argument("--spike-len", type=float, default=1.5, help="spike length, s")
    args = ap.parse_args()

    sys.setswitchinterval(0.00005)      # as shell/app.py does in the arcade
    server = PhoneServer(port=0, host="127.0.0.1")
    server.start()
    got, stop = [], threading.Event()
    collector = threading.Thread(target=collect, args=(server, got, stop), daemon=True)
    collector.start()
    now = time.perf_counter_ns()
    start_taps = now + round((args.warmup + 1.0) * 1e9)     # + 1 s to start the second process
    end = start_taps + round(args.seconds * 1e9)
    s0 = start_taps + round(args.spike_at * args.seconds * 1e9)
    spike = (s0, s0 + round(args.spike_len * 1e9), args.spike_ms)
    ctx = multiprocessing.get_context("spawn")
    here, there = ctx.Pipe()
    url = f"ws://127.0.0.1:{server.port}/ws?room={server.room_code}"
    child = ctx.Process(target=phones_process, args=(url, args, start_taps, end, spike, there))
    child.start()
    taps = here.recv()
    deadline = time.monotonic() + 3
    while len(got) < len(taps) and time.monotonic() < deadline:
        time.sleep(0.01)
    timings = {f"phone:{n + 1}": server.timing(f"phone:{n + 1}") for n in range(args.phones)}
    here.send("bye")
    child.join()
    stop.set()
    collector.join()
    server.stop()

    # match the k-th tap of a phone with the k-th input that phone delivered
    sent: dict = {}
    for phone_id, touch in taps:
        sent.setdefault(phone_id, []).append(touch)
    seen: dict = {}
    latency, error, abs_error, spike_latency, spike_error, calm = [], [], [], [], [], []
    for event, arrived in got:
        k = seen.get(event.phone_id, 0)
        seen[event.phone_id] = k + 1
        touch = sent[event.phone_id][k]
        latency.append(arrived - touch)
        error.append(event.t_ns - touch)
        abs_error.append(abs(event.t_ns - touch))
        if spike[0] <= touch < spike[1]:
            spike_latency.append(arrived - touch)
            spike_error.append(abs(event.t_ns - touch))
        else:
            calm.append(arrived - touch)

    print(__doc__.split("\n\n")[1])
    print(f"\n{args.phones} phones, one-way delay {args.delay:g} +- {args.jitter:g} ms each way, "
          f"a {args.spike_ms:g} ms spike for {args.spike_len:g} s, clocks offset by hours and "
          f"+-50 ppm; {args.warmup:g} s lobby, {args.seconds:g} s of taps; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"taps sent {len(taps)}, inputs received {len(got)}\n")
    print(f"  {'(ms)':<34} {'p50':>8} {'p99':>8} {'max':>8}")
    print(row("arrival latency, all taps", latency))
    print(row("arrival latency, outside the spike", calm))
    print(row("stamp error |t - touch|, all taps", abs_error))
    print(row("arrival latency, taps in the spike", spike_latency))
    print(row("stamp error, taps in the spike", spike_error))
    signed = sorted(error)
    print(f"\n  signed stamp error (ms): p1 {percentile(signed, 0.01) / MS:+.2f}  "
          f"p50 {percentile(signed, 0.5) / MS:+.2f}  p99 {percentile(signed, 0.99) / MS:+.2f}")
    print("\n  phone      uncertainty (ms)  samples  clamped future/past")
    for phone_id, t in timings.items():
        if t is not None:
            print(f"  {phone_id:<10} {t.uncertainty_ns / MS:16.2f} {t.samples:8d}  "
                  f"{t.clamped_future:6d} / {t.clamped_past}")


if __name__ == "__main__":
    main()
