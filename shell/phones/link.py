"""PhoneLink: the arcade's side of the phones. It starts and stops the server, hands its events
to the input layer, and keeps what every phone shows in step with the scenes.

    link = PhoneLink(host="0.0.0.0", clock_ns=app.clock_ns)
    link.start(port) -> str | None  # None when listening, else a notice for the screen (a
                                    # port in use never raises); again after stop(): a new room
    link.stop()                     # nothing listens; the phones' PhoneLeft("stopped") still
                                    # come out of the next drain(), even after a new start()
    link.running, link.url, link.room_code, link.port, link.problem, link.qr_matrix()
    link.drain() -> list            # the server's events, oldest first (shell.phones.events)
    link.sync(seats, scenes)        # once a frame, on the thread that owns the scenes
    link.hold_ns(scenes) -> int     # the hold window the input stream needs now: HOLD_NS
                                    # while a phone sits at a real-time game, else 0

What a phone shows: sync() sends each connected phone up to three messages, each only when it
differs from what that phone last got (all of them again after it joins or comes back):
  seat      {"type": "seat", "name", "colour", "shape"} of the seat its device holds, or
            {"type": "seat", "name": <typed name>, "colour": None, "shape": None} without one
  view      {"type": "view", "view": top.phone_view(device)}: the JSON of state.view(p) of the
            player that phone's seat is, and nothing else (None without one)
  controls  top.phone_controls(device): a dict with "type": "controls" and a "layout"; the menu
            pad ({"type": "controls", "layout": "menu"}) when the top scene has no such method
The shell imports no scene: `top` is the top of the stack, asked by duck typing. A scene that
builds a view for a phone builds it from its own seat's view only (scenes/game_scene.py).

The hold window. A phone's tap is stamped on the phone (shell/phones/clock.py turns the stamp
into arcade time within a millisecond or two), but it ARRIVES after the wifi's delay. The
real-time stream (GameScene.run_stream) applies actions in stamp order up to the input horizon
less `app.input_delay_ns`, so a tap that arrives within the window still lands in its place
before a pad press stamped after it. HOLD_NS = 80 ms, from bench/phone_timing.py over a
simulated 30 +- 20 ms one-way link (the delay alone is at most 50 ms): arrival latency outside
the 200 ms spike was p50 36 ms, p99 55 ms, max 68 ms (2 phones, a 2-core machine at load 6).
80 ms holds all of those with room for a busy phone or arcade; the price is that the table
answers every press, pads' too, 80 ms late while a phone plays (shorter than a blink). A
later tap (a wifi stall; on the same machine at load 8.5 the p99 rose to 130-310 ms) is
still applied, at its stamp if nothing has happened since, else just after what has. While
no phone sits at a real-time game the window is 0: pads and keys are not held back for
phones that are not playing.
"""

from __future__ import annotations

import time

from .events import PhoneBack, PhoneJoined, PhoneLeft
from .server import PhoneServer

HOLD_NS = 80_000_000
MENU = {"type": "controls", "layout": "menu"}
_KINDS = ("seat", "view", "controls")


class PhoneLink:
    def __init__(self, host: str = "0.0.0.0", clock_ns=time.perf_counter_ns, **server_kw):
        self.server = PhoneServer(host=host, clock_ns=clock_ns, **server_kw)
        self.problem: str | None = None     # why the last start() failed
        self._left: list = []               # events of a stopped server not drained yet
        self._names: dict[str, str] = {}    # connected phone -> the name it typed
        self._sent: dict[str, dict] = {}    # phone -> kind -> the last message of that kind

    # -- the server's life -----------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.server.url is not None

    @property
    def url(self) -> str | None:
        return self.server.url

    @property
    def room_code(self) -> str | None:
        return self.server.room_code if self.running else None

    @property
    def port(self) -> int:
        return self.server.port

    def start(self, port: int) -> str | None:
        """Listen on `port` (0: any free one); None when it does, else a notice saying why not
        (a port in use, say)."""
        if self.running:
            return None
        self._left += self.server.drain()   # (start() forgets what a stopped server held)
        self.server.port = port
        try:
            self.server.start()
        except OSError as err:
            why = ("another program uses it" if getattr(err, "errno", None) in (48, 98, 10048)
                   else (err.strerror or str(err)))
            self.problem = (f"Phones are off: port {port} cannot be used ({why}). "
                            f"Choose another port (--phone-port, or phone_port in the settings "
                            f"file) or close that program.")
            return self.problem
        self.problem = None
        return None

    def stop(self) -> None:
        self.server.stop()

    def qr_matrix(self) -> list[list[bool]]:
        return self.server.qr_matrix()

    # -- events ----------------------------------------------------------------------------
    def drain(self) -> list:
        """The server's events since the last drain. A phone that joins or comes back is sent
        everything afresh at the next sync (the page may be new)."""
        events, self._left = self._left + self.server.drain(), []
        for event in events:
            if isinstance(event, (PhoneJoined, PhoneBack)):
                self._names[event.phone_id] = event.name
                self._sent.pop(event.phone_id, None)
            elif isinstance(event, PhoneLeft) and event.reason != "replaced":
                self._names.pop(event.phone_id, None)   # ("replaced": its PhoneBack follows)
                self._sent.pop(event.phone_id, None)
        return events

    # -- what the phones show --------------------------------------------------------------
    def sync(self, seats, scenes) -> None:
        """Send each connected phone what changed for it: its seat, its view, its controls
        (module docstring). `scenes` is the stack, bottom first; `seats` is shell.seats.Seats."""
        if not self._names:
            return
        top = scenes[-1] if scenes else None
        ask_controls = getattr(top, "phone_controls", None)
        ask_view = getattr(top, "phone_view", None)
        for device, typed in self._names.items():
            seat = seats.seat_of(device)
            if seat is None:
                seat_msg = {"type": "seat", "name": typed, "colour": None, "shape": None}
            else:
                seat_msg = {"type": "seat", "name": seat.name, "colour": list(seat.colour),
                            "shape": seat.shape}
            view = ask_view(device) if ask_view is not None else None
            controls = ask_controls(device) if ask_controls is not None else None
            self._offer(device, "seat", seat_msg)
            self._offer(device, "view", {"type": "view", "view": view})
            self._offer(device, "controls", controls or MENU)

    def _offer(self, device: str, kind: str, message: dict) -> None:
        sent = self._sent.setdefault(device, {})
        last = sent.get(kind)
        if last is not None and (last is message or (kind == "view" and last["view"] is
                                                     message["view"]) or last == message):
            return
        try:
            if self.server.send(device, message):
                sent[kind] = message
        except ValueError as err:   # a message the protocol refuses: never the game's problem
            sent[kind] = message
            print(f"[arcade] phones: not sent to {device}: {err}")

    def hold_ns(self, scenes) -> int:
        """HOLD_NS while a scene on the stack holds a phone at a real-time game (its
        `phone_hold` is true), else 0."""
        return HOLD_NS if any(getattr(s, "phone_hold", False) for s in scenes) else 0
