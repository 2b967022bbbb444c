"""PhoneServer: the page and the websocket for phones, on a thread of its own.

The server runs an asyncio loop (the websockets library) on one thread. It shares the event
list (drain) and the phone table (send, timing) with the arcade's thread behind one lock, held
only for a few dictionary operations; each phone's clock estimate is made on the server's
thread and published as one immutable tuple (clock.py). The arcade never waits on the
network: drain() and send() return at once.

A connection's life:
  1. GET /ws?room=CODE upgrades to a websocket only with the right room code (else 403), from
     the page's own origin when a browser says one (else 403), while fewer than MAX_SOCKETS
     sockets are open (else 503).
  2. The first message must be a hello within hello_timeout. A known token re-takes its
     phone (PhoneBack); anything else is a new phone (PhoneJoined) with a fresh token, unless
     max_phones phones are connected: then {"type": "full"} and the socket closes.
  3. Then the server sends sync requests (a burst of SYNC_BURST, then one every sync_interval)
     and reads inputs, each stamp converted with the phone's clock estimate (clock.py). A
     phone silent for `timeout` seconds is dropped: it answers syncs at once, so silence means
     a locked screen or lost wifi.
  4. Any protocol error, a message over the size limit or over the rate limit (a token bucket
     of `rate` messages a second, `burst` deep) drops the connection: PhoneLeft with the
     reason; nothing of the bad message reaches drain().
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import http
import logging
import secrets
import socket
import threading
import time
import urllib.parse
from dataclasses import dataclass, field

import segno
from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from . import protocol, site
from .clock import PhoneClock
from .events import PhoneBack, PhoneInput, PhoneJoined, PhoneLeft, PhoneTiming

DEFAULT_PORT = 8642
ROOM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I: read off a TV and typed
ROOM_LENGTH = 5
MAX_PHONES = 8
MAX_SOCKETS = 24          # open websockets at once, joined or not
SYNC_BURST = 8            # clock samples right after joining, SYNC_BURST_GAP apart
SYNC_BURST_GAP = 0.03
OUT_QUEUE = 256           # messages waiting for one phone; more means it stopped reading

# Close codes the page understands (4000-4999 are free for applications).
CLOSE_FULL = 4001
CLOSE_REPLACED = 4002
CLOSE_TIMEOUT = 4003
CLOSE_POLICY = 1008       # malformed or flooding
CLOSE_TOO_BIG = 1009

_LOG = logging.getLogger(__name__)


def lan_address() -> str:
    """This machine's address on the local network, as a phone would reach it. connect() on a
    UDP socket only asks the routing table which interface would be used: nothing is sent.
    Falls back to 127.0.0.1 with no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))   # TEST-NET-1 (RFC 5737): never a real host
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def new_room_code() -> str:
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_LENGTH))


@dataclass
class _Phone:
    phone_id: str
    token: str
    name: str
    conn: "_Conn | None" = None
    clock: PhoneClock = field(default_factory=PhoneClock)
    clamped: collections.Counter = field(default_factory=collections.Counter)


class _Conn:
    """One websocket after its hello: the outgoing queue and the pending clock requests."""

    def __init__(self, ws: ServerConnection):
        self.ws = ws
        self.out: asyncio.Queue = asyncio.Queue(OUT_QUEUE)
        self.pending: dict[int, int] = {}      # sync id -> t0 (arcade clock) once sent
        self.next_sync = 0
        self.reason: str | None = None          # why the server ended it, if it did

    def push(self, item) -> None:
        """Queue a text (or ("sync", id)) for the writer; a phone that stopped reading is
        dropped rather than let its queue grow."""
        try:
            self.out.put_nowait(item)
        except asyncio.QueueFull:
            self.end("slow", CLOSE_POLICY)

    def end(self, reason: str, code: int) -> None:
        if self.reason is None:
            self.reason = reason
            asyncio.ensure_future(self.ws.close(code, reason))


class PhoneServer:
    """Phones as controllers: serves the page and a websocket while started.

    Thread-safe for the arcade: start(), stop(), drain(), send(), timing(), qr_matrix().
    Attributes set by start(): url, room_code, port.
    """

    def __init__(self, port: int = DEFAULT_PORT, host: str = "0.0.0.0",
                 clock_ns=time.perf_counter_ns, *, max_phones: int = MAX_PHONES,
                 sync_interval: float = 0.25, timeout: float = 5.0, hello_timeout: float = 5.0,
                 rate: float = 40.0, burst: int = 80, max_past_ms: float = 1000.0,
                 assets=site.ASSETS):
        self.host = host
        self.port = port
        self.clock_ns = clock_ns
        self.max_phones = max_phones
        self.sync_interval = sync_interval
        self.timeout = timeout
        self.hello_timeout = hello_timeout
        self.rate = rate
        self.burst = burst
        self.max_past_ns = int(max_past_ms * 1e6)
        self._files = site.load(assets)
        self.room_code: str | None = None
        self.url: str | None = None
        self._lock = threading.Lock()
        self._events: list = []
        self._phones: dict[str, _Phone] = {}
        self._by_token: dict[str, str] = {}
        self._sockets = 0
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._error: BaseException | None = None

    # -- the arcade's side ------------------------------------------------------------------

    def start(self) -> None:
        """Listen on host:port (port 0: any free port; self.port tells which) with a new room
        code. Returns once listening; raises OSError (e.g. the port is taken) if it cannot."""
        if self._thread is not None:
            raise RuntimeError("the phone server is already started")
        self.room_code = new_room_code()
        self._phones.clear()
        self._by_token.clear()
        self._events.clear()
        self._error = None
        ready = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="phones",
                                        daemon=True)
        self._thread.start()
        ready.wait()
        if self._error is not None:
            self._thread.join()
            self._thread = None
            raise self._error
        shown = lan_address() if self.host in ("0.0.0.0", "", "::") else self.host
        self.url = f"http://{shown}:{self.port}/?room={self.room_code}"

    def stop(self) -> None:
        """Close every socket and the listening one, and join the thread. Tokens are
        forgotten: the next start() is a new room."""
        if self._thread is None:
            return
        self._loop.call_soon_threadsafe(self._stopping.set)
        self._thread.join()
        self._thread = None
        self.url = None

    def drain(self) -> list:
        """Everything that happened since the last drain, oldest first (PhoneJoined,
        PhoneInput, PhoneLeft, PhoneBack). Never blocks on the network."""
        with self._lock:
            events, self._events = self._events, []
        return events

    def send(self, phone_id: str, message: dict) -> bool:
        """Queue `message` for that phone alone. False when it is not connected (the message
        is dropped: send again after its PhoneBack). ValueError for a message that is not a
        dict with a string "type", not plain JSON, or over protocol.MAX_SEND_BYTES."""
        text = protocol.encode(message)
        with self._lock:
            phone = self._phones.get(phone_id)
            conn = phone.conn if phone is not None else None
        if conn is None or self._loop is None:
            return False
        self._loop.call_soon_threadsafe(conn.push, text)
        return True

    def timing(self, phone_id: str) -> PhoneTiming | None:
        """The clock estimate of a connected phone (None before its first clock sample)."""
        with self._lock:
            phone = self._phones.get(phone_id)
            if phone is None or phone.conn is None or phone.clock.fit is None:
                return None
            clock, clamped = phone.clock, phone.clamped
            return PhoneTiming(offset_ns=clock.offset_ns(self.clock_ns()),
                               uncertainty_ns=clock.uncertainty_ns(), samples=clock.fit[4],
                               clamped_future=clamped["future"], clamped_past=clamped["past"])

    def qr_matrix(self) -> list[list[bool]]:
        """The URL as a QR code: rows of modules, True = dark, without the quiet zone (draw a
        light margin of 4 modules around it)."""
        if self.url is None:
            raise RuntimeError("start() the phone server first: the URL holds the room code")
        qr = segno.make(self.url, error="m", micro=False)
        return [[bool(m) for m in row] for row in qr.matrix_iter(scale=1, border=0)]

    # -- the loop thread --------------------------------------------------------------------

    def _run(self, ready: threading.Event) -> None:
        loop = self._loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._main(ready))
        except BaseException as err:  # noqa: BLE001 - handed to start() in the other thread
            self._error = err
            ready.set()
        finally:
            loop.close()
            self._loop = None

    async def _main(self, ready: threading.Event) -> None:
        self._stopping = asyncio.Event()
        async with serve(self._handle, self.host, self.port,
                         process_request=self._check_request, compression=None,
                         max_size=protocol.MAX_MESSAGE_BYTES, max_queue=32,
                         ping_interval=None, close_timeout=1, server_header=None,
                         logger=_LOG) as server:
            self.port = server.sockets[0].getsockname()[1]
            ready.set()
            await self._stopping.wait()
            for phone in self._phones.values():
                if phone.conn is not None:
                    phone.conn.end("stopped", 1001)
        # leaving the block closed the listening socket and waited for every handler

    def _check_request(self, ws: ServerConnection, request: Request) -> Response | None:
        """Everything before the websocket: the page's files, or the gate to /ws."""
        parts = urllib.parse.urlsplit(request.path)
        if parts.path != "/ws":
            page = self._files.get(parts.path)
            if page is None:
                return _text(http.HTTPStatus.NOT_FOUND, "not found\n")
            body, ctype = page
            headers = Headers([("Content-Type", ctype), ("Content-Length", str(len(body))),
                               *site.SECURITY_HEADERS])
            return Response(200, "OK", headers, body)
        room = urllib.parse.parse_qs(parts.query).get("room", [""])[0]
        if not secrets.compare_digest(room.upper().encode(), self.room_code.encode()):
            return _text(http.HTTPStatus.FORBIDDEN, "wrong room code: scan the code on the TV\n")
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"http://{request.headers.get('Host', '')}":
            return _text(http.HTTPStatus.FORBIDDEN, "the phone page must come from the arcade\n")
        if self._sockets >= MAX_SOCKETS:
            return _text(http.HTTPStatus.SERVICE_UNAVAILABLE, "too many connections\n")
        return None

    async def _handle(self, ws: ServerConnection) -> None:
        self._sockets += 1
        try:
            await self._serve_phone(ws)
        finally:
            self._sockets -= 1

    async def _serve_phone(self, ws: ServerConnection) -> None:
        try:
            hello = protocol.parse(await asyncio.wait_for(ws.recv(), self.hello_timeout))
            if hello["type"] != "hello":
                raise protocol.ProtocolError("the first message is a hello")
        except (asyncio.TimeoutError, ConnectionClosed, protocol.ProtocolError) as err:
            await ws.close(CLOSE_POLICY, "hello first" if not isinstance(err, ConnectionClosed)
                           else "")
            return
        conn = _Conn(ws)
        phone, back = self._admit(conn, hello)
        if phone is None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(protocol.encode({"type": "full"}))
                await ws.close(CLOSE_FULL, "full")
            return
        tasks = []
        try:
            # the welcome goes first; what the arcade sends meanwhile waits in conn.out
            await ws.send(protocol.encode({"type": "welcome", "phone_id": phone.phone_id,
                                           "token": phone.token, "back": back}))
            tasks = [asyncio.ensure_future(self._write(conn)),
                     asyncio.ensure_future(self._sync(conn))]
            await self._read(conn, phone)
        except ConnectionClosed:
            pass
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            with self._lock:
                if phone.conn is conn:
                    phone.conn = None
                    self._events.append(PhoneLeft(phone.phone_id, conn.reason or "closed"))

    def _admit(self, conn: _Conn, hello: dict) -> tuple[_Phone | None, bool]:
        """The phone this hello speaks for and whether it is back; (None, False) when full."""
        with self._lock:
            phone_id = self._by_token.get(hello.get("token", ""))
            phone = self._phones.get(phone_id) if phone_id else None
            if phone is not None and phone.conn is not None:
                # the same phone again (a reloaded page) while its old socket lingers
                old = phone.conn
                phone.conn = None
                old.end("replaced", CLOSE_REPLACED)
                self._events.append(PhoneLeft(phone.phone_id, "replaced"))
            connected = sum(p.conn is not None for p in self._phones.values())
            if connected >= self.max_phones:
                return None, False
            if phone is None:
                phone = _Phone(f"phone:{len(self._phones) + 1}", secrets.token_urlsafe(16),
                               hello["name"])
                self._phones[phone.phone_id] = phone
                self._by_token[phone.token] = phone.phone_id
                back = False
            else:
                phone.name = hello["name"]
                back = True
            phone.conn = conn
            phone.clock = PhoneClock()     # a new page has a new clock origin
            self._events.append(PhoneBack(phone.phone_id, phone.name) if back
                                else PhoneJoined(phone.phone_id, phone.name))
            return phone, back

    async def _read(self, conn: _Conn, phone: _Phone) -> None:
        tokens, last = float(self.burst), time.monotonic()
        while conn.reason is None:
            try:
                text = await asyncio.wait_for(conn.ws.recv(), self.timeout)
            except asyncio.TimeoutError:
                conn.end("timeout", CLOSE_TIMEOUT)
                return
            except ConnectionClosed as closed:
                if closed.sent is not None and closed.sent.code == CLOSE_TOO_BIG:
                    conn.reason = conn.reason or "oversized"
                return
            arrived = self.clock_ns()
            now = time.monotonic()
            tokens = min(float(self.burst), tokens + (now - last) * self.rate)
            last = now
            if tokens < 1:
                conn.end("flood", CLOSE_POLICY)
                return
            tokens -= 1
            try:
                msg = protocol.parse(text)
                if msg["type"] == "hello":
                    raise protocol.ProtocolError("hello twice")
            except protocol.ProtocolError:
                conn.end("malformed", CLOSE_POLICY)
                return
            if msg["type"] == "sync":
                t0 = conn.pending.pop(msg["id"], None)
                if t0 is not None:     # the estimate is made here, outside the lock
                    phone.clock.add(t0, msg["t"], arrived)
                continue
            with self._lock:
                if phone.conn is not conn:
                    return
                t_ns, how = phone.clock.to_arcade(msg["t"], arrived, self.max_past_ns)
                phone.clamped[how] += 1
                self._events.append(PhoneInput(phone.phone_id, msg["action"], msg["down"], t_ns))

    async def _write(self, conn: _Conn) -> None:
        while True:
            item = await conn.out.get()
            if isinstance(item, tuple):                # ("sync", id): stamp the moment it goes
                conn.pending[item[1]] = self.clock_ns()
                text = protocol.encode({"type": "sync", "id": item[1]})
            else:
                text = item
            try:
                await conn.ws.send(text)
            except ConnectionClosed:
                return

    async def _sync(self, conn: _Conn) -> None:
        for i in range(SYNC_BURST):
            self._request_sync(conn)
            await asyncio.sleep(SYNC_BURST_GAP)
        while True:
            await asyncio.sleep(self.sync_interval)
            self._request_sync(conn)

    def _request_sync(self, conn: _Conn) -> None:
        if len(conn.pending) > 2 * SYNC_BURST:        # unanswered requests: forget the oldest
            conn.pending.pop(next(iter(conn.pending)))
        conn.next_sync += 1
        conn.push(("sync", conn.next_sync))


def _text(status: http.HTTPStatus, text: str) -> Response:
    body = text.encode()
    headers = Headers([("Content-Type", "text/plain; charset=utf-8"),
                       ("Content-Length", str(len(body))), *site.SECURITY_HEADERS])
    return Response(status.value, status.phrase, headers, body)
