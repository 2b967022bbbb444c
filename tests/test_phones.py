"""The phone server driven by real websocket clients on 127.0.0.1: joining, the room code,
tokens and drops, the schema, floods, stamps on the arcade's clock, the page's files, stop."""

from __future__ import annotations

import contextlib
import http.client
import json
import queue
import socket
import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from shell.phones import (PhoneBack, PhoneInput, PhoneJoined, PhoneLeft, PhoneServer,
                          protocol)

MS = 1_000_000
WAIT = 5.0   # seconds: a deadline for things that take milliseconds


class FakePhone:
    """A phone over a real websocket: a thread answers the arcade's clock requests with a
    clock `offset_ms` ahead of the arcade's (`clock_ns`: time.perf_counter_ns, or the clock
    the arcade under test runs on) and keeps every other message in `inbox` and, in order,
    in `log`."""

    def __init__(self, server, name="Anna", token=None, room=None, offset_ms=0.0,
                 answer_syncs=True, hello=True, clock_ns=time.perf_counter_ns):
        room = server.room_code if room is None else room
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(connect(
            f"ws://127.0.0.1:{server.port}/ws?room={room}", open_timeout=WAIT, close_timeout=1,
            max_size=None))
        self.offset_ns = round(offset_ms * MS)
        self.clock_ns = clock_ns
        self.log: list = []         # every message but syncs, in order
        self.answer_syncs = answer_syncs
        self.inbox: queue.Queue = queue.Queue()
        self.close_code = None
        self.close_reason = None
        self.closed = threading.Event()
        self.syncs = 0
        self.kinds: list = []       # the type of every message but syncs, in order
        if hello:
            msg = {"type": "hello", "name": name}
            if token is not None:
                msg["token"] = token
            self.ws.send(json.dumps(msg))
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()

    def clock_ms(self, at_ns=None) -> float:
        at_ns = self.clock_ns() if at_ns is None else at_ns
        return (at_ns + self.offset_ns) / MS

    def _listen(self):
        try:
            for text in self.ws:
                msg = json.loads(text)
                if msg["type"] == "sync" and self.answer_syncs:
                    self.ws.send(json.dumps({"type": "sync", "id": msg["id"],
                                             "t": self.clock_ms()}))
                    self.syncs += 1
                elif msg["type"] != "sync":
                    self.kinds.append(msg["type"])
                    self.log.append(msg)
                    self.inbox.put(msg)
        except ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code
            self.close_reason = self.ws.close_reason
            self.closed.set()

    def expect(self, kind: str) -> dict:
        """The next message of that type (others before it are skipped)."""
        deadline = time.monotonic() + WAIT
        while True:
            msg = self.inbox.get(timeout=max(0.01, deadline - time.monotonic()))
            if msg["type"] == kind:
                return msg

    def tap(self, action="a", down=True, at_ns=None):
        self.ws.send(json.dumps({"type": "input", "action": action, "down": down,
                                 "t": self.clock_ms(at_ns)}))

    def send_raw(self, text):
        self.ws.send(text)

    def wait_closed(self):
        assert self.closed.wait(WAIT), "the server did not close this phone"
        return self.close_code, self.close_reason

    def close(self):
        self._stack.close()
        self._thread.join(WAIT)


def wait_events(server, until, timeout=WAIT) -> list:
    """Drain until until(events) holds for everything drained so far; returns them."""
    events = []
    deadline = time.monotonic() + timeout
    while True:
        events += server.drain()
        if until(events):
            return events
        assert time.monotonic() < deadline, f"gave up waiting; got {events}"
        time.sleep(0.002)


def has(kind, **fields):
    return lambda events: any(isinstance(e, kind) and all(getattr(e, k) == v
                                                          for k, v in fields.items())
                              for e in events)


@pytest.fixture
def server():
    s = PhoneServer(port=0, host="127.0.0.1", sync_interval=0.05, timeout=2.0,
                    hello_timeout=2.0)
    s.start()
    yield s
    s.stop()


@pytest.fixture
def phones():
    made = []
    yield made
    for p in made:
        p.close()


def join(server, phones, name="Anna", **kw) -> FakePhone:
    p = FakePhone(server, name=name, **kw)
    phones.append(p)
    p.welcome = p.expect("welcome")
    return p


# -- joining -------------------------------------------------------------------------------------

def test_a_phone_joins_with_the_room_code(server, phones):
    assert len(server.room_code) == 5
    assert server.url == f"http://127.0.0.1:{server.port}/?room={server.room_code}"
    anna = join(server, phones, "Anna")
    assert anna.welcome["phone_id"] == "phone:1" and anna.welcome["back"] is False
    assert len(anna.welcome["token"]) >= 16
    events = wait_events(server, has(PhoneJoined))
    assert events == [PhoneJoined("phone:1", "Anna")]
    bert = join(server, phones, "Bert")
    assert bert.welcome["phone_id"] == "phone:2" and bert.welcome["token"] != anna.welcome["token"]


@pytest.mark.parametrize("room", ["", "WRONG", "AAAA", "?", "%00"])
def test_without_the_room_code_the_socket_is_refused(server, room):
    with pytest.raises(InvalidStatus) as refused:
        FakePhone(server, room=room)
    assert refused.value.response.status_code == 403
    assert server.drain() == []


def test_a_page_from_elsewhere_is_refused(server):
    with pytest.raises(InvalidStatus) as refused:
        with connect(f"ws://127.0.0.1:{server.port}/ws?room={server.room_code}",
                     origin="http://evil.example", open_timeout=WAIT):
            pass
    assert refused.value.response.status_code == 403


def test_the_room_code_is_new_at_every_start():
    codes = set()
    s = PhoneServer(port=0, host="127.0.0.1")
    for _ in range(3):
        s.start()
        codes.add(s.room_code)
        s.stop()
    assert len(codes) == 3


def test_a_silent_socket_is_closed_before_it_joins(phones):
    s = PhoneServer(port=0, host="127.0.0.1", hello_timeout=0.2)
    s.start()
    try:
        mute = FakePhone(s, hello=False)
        phones.append(mute)
        assert mute.wait_closed()[0] == 1008
        assert s.drain() == []
    finally:
        s.stop()


# -- drops and returns ----------------------------------------------------------------------------

def test_the_token_retakes_the_same_phone_after_a_drop(server, phones):
    anna = join(server, phones, "Anna")
    join(server, phones, "Bert")
    wait_events(server, has(PhoneJoined, phone_id="phone:2"))
    anna.close()
    assert wait_events(server, has(PhoneLeft)) == [PhoneLeft("phone:1", "closed")]
    again = join(server, phones, "Anna B", token=anna.welcome["token"])
    assert again.welcome["phone_id"] == "phone:1" and again.welcome["back"] is True
    assert wait_events(server, has(PhoneBack)) == [PhoneBack("phone:1", "Anna B")]
    # a token the server never gave is a new phone, not anyone's seat
    stranger = join(server, phones, "Eve", token="not-a-token-anyone-was-given")
    assert stranger.welcome["phone_id"] == "phone:3"
    assert wait_events(server, has(PhoneJoined)) == [PhoneJoined("phone:3", "Eve")]


def test_a_reloaded_page_replaces_its_old_socket(server, phones):
    anna = join(server, phones)
    wait_events(server, has(PhoneJoined))
    again = join(server, phones, token=anna.welcome["token"])
    assert again.welcome["phone_id"] == "phone:1"
    events = wait_events(server, has(PhoneBack))
    assert events == [PhoneLeft("phone:1", "replaced"), PhoneBack("phone:1", "Anna")]
    assert anna.wait_closed()[0] == 4002
    again.tap("a")
    assert wait_events(server, has(PhoneInput))[0].phone_id == "phone:1"


def test_a_phone_that_stops_answering_is_dropped(phones):
    s = PhoneServer(port=0, host="127.0.0.1", sync_interval=0.05, timeout=0.3)
    s.start()
    try:
        locked = FakePhone(s, answer_syncs=False)    # a locked screen: the page is asleep
        phones.append(locked)
        events = wait_events(s, has(PhoneLeft))
        assert events == [PhoneJoined("phone:1", "Anna"), PhoneLeft("phone:1", "timeout")]
        assert locked.wait_closed()[0] == 4003
    finally:
        s.stop()


# -- bad clients ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "{not json",
    "[]",
    '{"type": "dance"}',
    '{"type": "view", "seat": 0}',
    '{"type": "input", "action": "warp", "down": true, "t": 1}',
    '{"type": "input", "action": "a", "down": "yes", "t": 1}',
    '{"type": "input", "action": "a", "down": true, "t": NaN}',
    '{"type": "hello", "name": "Anna"}',        # a second hello
])
def test_a_malformed_message_drops_the_phone_and_nothing_reaches_the_game(server, phones, text):
    bad = join(server, phones)
    wait_events(server, has(PhoneJoined))
    bad.send_raw(text)
    assert wait_events(server, has(PhoneLeft)) == [PhoneLeft("phone:1", "malformed")]
    assert bad.wait_closed()[0] == 1008


def test_an_oversized_message_drops_the_phone(server, phones):
    big = join(server, phones)
    wait_events(server, has(PhoneJoined))
    big.send_raw(json.dumps({"type": "input", "action": "a", "down": True, "t": 1,
                             "pad": "x" * 10_000}))
    assert wait_events(server, has(PhoneLeft)) == [PhoneLeft("phone:1", "oversized")]
    assert big.wait_closed()[0] == 1009


def test_a_flooding_phone_is_dropped_and_the_others_play_on(phones):
    s = PhoneServer(port=0, host="127.0.0.1", rate=20, burst=10)
    s.start()
    try:
        flood = join(s, phones, "Flood")
        calm = join(s, phones, "Calm")
        for _ in range(300):
            try:
                flood.tap("a")
            except ConnectionClosed:
                break
        events = wait_events(s, has(PhoneLeft))
        assert PhoneLeft("phone:1", "flood") in events
        assert sum(isinstance(e, PhoneInput) for e in events) <= 10
        assert flood.wait_closed()[0] == 1008
        calm.tap("b")
        assert wait_events(s, has(PhoneInput, phone_id="phone:2", action="b"))
    finally:
        s.stop()


def test_a_phone_cannot_act_as_another(server, phones):
    """The connection decides who speaks: a message naming another phone is refused, and the
    other phone is untouched."""
    anna = join(server, phones, "Anna")
    eve = join(server, phones, "Eve")
    wait_events(server, has(PhoneJoined, phone_id="phone:2"))
    eve.tap("x")
    assert wait_events(server, has(PhoneInput)) == [PhoneInput("phone:2", "x", True, pytest.approx(
        time.perf_counter_ns(), abs=1000 * MS))]
    eve.send_raw(json.dumps({"type": "input", "action": "a", "down": True, "t": eve.clock_ms(),
                             "phone_id": "phone:1"}))
    events = wait_events(server, has(PhoneLeft))
    assert events == [PhoneLeft("phone:2", "malformed")]
    anna.tap("y")
    assert [(e.phone_id, e.action) for e in wait_events(server, has(PhoneInput))] == [
        ("phone:1", "y")]


def test_a_phone_cannot_get_another_phones_view(server, phones):
    anna = join(server, phones, "Anna")
    eve = join(server, phones, "Eve")
    wait_events(server, has(PhoneJoined, phone_id="phone:2"))
    assert server.send("phone:1", {"type": "view", "view": {"hand": ["M4", "T"]}})
    assert anna.expect("view")["view"] == {"hand": ["M4", "T"]}
    eve.send_raw(json.dumps({"type": "view", "phone_id": "phone:1"}))   # no such request
    assert wait_events(server, has(PhoneLeft)) == [PhoneLeft("phone:2", "malformed")]
    eve.wait_closed()
    assert eve.kinds == ["welcome"]


def test_send_goes_to_that_phone_only_and_refuses_bad_messages(server, phones):
    anna = join(server, phones, "Anna")
    bert = join(server, phones, "Bert")
    wait_events(server, has(PhoneJoined, phone_id="phone:2"))
    seat = {"type": "seat", "name": "Bert", "colour": [52, 120, 246], "shape": "square"}
    assert server.send("phone:2", seat)
    assert bert.expect("seat") == seat
    assert server.send("phone:9", seat) is False
    with pytest.raises(ValueError):
        server.send("phone:1", {"no": "type"})
    with pytest.raises(ValueError):
        server.send("phone:1", {"type": "view", "view": "x" * 100_000})
    assert anna.inbox.qsize() == 0


def test_the_ninth_phone_is_told_the_table_is_full(server, phones):
    for i in range(8):
        join(server, phones, f"P{i + 1}")
    wait_events(server, lambda ev: sum(isinstance(e, PhoneJoined) for e in ev) == 8)
    ninth = FakePhone(server, name="Nine")
    phones.append(ninth)
    assert ninth.expect("full") == {"type": "full"}
    assert ninth.wait_closed()[0] == 4001
    assert server.drain() == []
    phones[0].close()
    wait_events(server, has(PhoneLeft))
    late = join(server, phones, "Nine")
    assert late.welcome["phone_id"] == "phone:9"


# -- timing ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("offset_ms", [123_456.789, -5_000.0])
def test_stamps_come_on_the_arcade_clock(server, phones, offset_ms):
    phone = join(server, phones, offset_ms=offset_ms)
    deadline = time.monotonic() + WAIT
    while (server.timing("phone:1") is None or server.timing("phone:1").samples < 8):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    timing = server.timing("phone:1")
    assert abs(timing.offset_ns - offset_ms * MS) <= timing.uncertainty_ns + MS
    touched = time.perf_counter_ns() - 30 * MS       # the touch, 30 ms before it is sent
    phone.tap("a", True, at_ns=touched)
    phone.tap("a", False, at_ns=touched + 80 * MS)   # released 50 ms after the send: future
    down, up = wait_events(server, lambda ev: len(ev) >= 3)[1:]
    assert (down.action, down.down, up.down) == ("a", True, False)
    allowed = server.timing("phone:1").uncertainty_ns + MS
    assert abs(down.t_ns - touched) <= allowed, f"{(down.t_ns - touched) / MS:.3f} ms off"
    assert up.t_ns <= time.perf_counter_ns()        # clamped to its arrival
    assert server.timing("phone:1").clamped_future == 1


def test_a_stamp_far_in_the_past_is_clamped_and_counted(server, phones):
    phone = join(server, phones)
    wait_events(server, has(PhoneJoined))
    while server.timing("phone:1") is None:
        time.sleep(0.005)
    sent = time.perf_counter_ns()
    phone.tap("b", True, at_ns=sent - 10_000 * MS)
    (tap,) = wait_events(server, has(PhoneInput))
    assert sent - server.max_past_ns <= tap.t_ns <= time.perf_counter_ns() - server.max_past_ns
    assert server.timing("phone:1").clamped_past == 1


# -- the page and the listening socket ------------------------------------------------------------

def get(server, path):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=WAIT)
    try:
        conn.putrequest("GET", path, skip_accept_encoding=True)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def test_the_page_is_served_with_its_own_files_only(server):
    status, headers, body = get(server, f"/?room={server.room_code}")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert b"phone.js" in body and "default-src 'none'" in headers["Content-Security-Policy"]
    for path in ("/phone.js", "/phone.css", "/icon.svg"):
        assert get(server, path)[0] == 200


@pytest.mark.parametrize("path", [
    "/../pyproject.toml", "/..%2fpyproject.toml", "/%2e%2e/%2e%2e/pyproject.toml",
    "/phone.js/../../../pyproject.toml", "/assets/phone/phone.js", "//etc/passwd",
    "/../../../../../../etc/passwd", "/.", "/assets/", "/shell/phones/server.py",
    "/phone.js%00.html", "/PHONE.JS", "/ws/../pyproject.toml",
])
def test_no_directory_listing_and_no_path_traversal(server, path):
    status, _, body = get(server, path)
    assert status in (400, 403, 404), (path, status)
    assert b"[project]" not in body and b"root:" not in body


def test_qr_matrix_is_a_qr_code_of_the_url(server):
    m = server.qr_matrix()
    n = len(m)
    assert n >= 21 and (n - 17) % 4 == 0 and all(len(row) == n for row in m)
    finder = [[r in (0, 6) or c in (0, 6) or (2 <= r <= 4 and 2 <= c <= 4) for c in range(7)]
              for r in range(7)]
    for top, left in ((0, 0), (0, n - 7), (n - 7, 0)):   # the three corner squares
        assert [row[left:left + 7] for row in m[top:top + 7]] == finder
    import segno
    assert m == [[bool(v) for v in row] for row in segno.make(server.url, error="m").matrix]


def test_stop_leaves_nothing_listening(phones):
    s = PhoneServer(port=0, host="127.0.0.1")
    s.start()
    port = s.port
    anna = join(s, phones)
    s.stop()
    assert anna.wait_closed()[0] == 1001
    assert PhoneLeft("phone:1", "stopped") in s.drain()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    assert not any(t.name == "phones" for t in threading.enumerate())
    s.stop()                                            # twice is harmless
    s.start()                                           # and it starts again, as a new room
    try:
        assert s.drain() == [] and s.url is not None
    finally:
        s.stop()


def test_a_taken_port_is_a_clear_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        s = PhoneServer(port=taken.getsockname()[1], host="127.0.0.1")
        with pytest.raises(OSError):
            s.start()
        assert not any(t.name == "phones" for t in threading.enumerate())
        s.stop()


def test_schema_has_no_phone_id(server):
    """Documented in protocol.py: nothing a phone sends names a phone."""
    assert "phone_id" not in json.dumps(protocol.SCHEMAS, default=str)


def test_phones_that_vanish_at_once_hold_no_place(server, phones):
    for i in range(10):
        ghost = FakePhone(server, name=f"Ghost {i}")
        ghost.close()                       # hello, then gone before or after the welcome
    events = wait_events(server, lambda ev: sum(isinstance(e, PhoneLeft) for e in ev) == 10)
    joined = [e.phone_id for e in events if isinstance(e, PhoneJoined)]
    assert sorted(joined) == sorted(e.phone_id for e in events if isinstance(e, PhoneLeft))
    for i in range(8):
        join(server, phones, f"P{i + 1}")
    assert sum(isinstance(e, PhoneJoined) for e in wait_events(
        server, lambda ev: sum(isinstance(e, PhoneJoined) for e in ev) == 8)) == 8
