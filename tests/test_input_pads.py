"""Pads through SDL's real input path: SDL virtual joysticks (shell.vjoy), headless.

Each test drives InputHub with the events SDL itself puts on pygame's queue. The t_ns passed to
handle() is a counter the test controls, so hold-to-leave needs no real waiting.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from shell.input import LEAVE, LEAVE_HOLD_MS, DeviceChange, InputHub, Press  # noqa: E402
from shell.seats import Seats  # noqa: E402
from shell.settings import Settings  # noqa: E402

MS = 1_000_000


@pytest.fixture(scope="module", autouse=True)
def sdl():
    pygame.init()
    import pygame._sdl2.controller as controller
    controller.init()
    yield
    pygame.quit()


class Rig:
    """A hub, seats and the virtual pads of one test; detaches leftovers at the end."""

    def __init__(self, tmp_path):
        from shell import vjoy
        self.vjoy = vjoy
        pygame.event.clear()
        self.seats = Seats()
        self.hub = InputHub(Settings(tmp_path / "settings.json"), self.seats)
        self.pads = []
        self.t = 0
        self.raw = []

    def pad(self, name="Test Pad", product=1, **kw):
        p = self.vjoy.VirtualPad(name, product=product, **kw)
        self.pads.append(p)
        return p

    def pump(self, advance_ms=1):
        """Take every queued event like the loop does and return what the hub made of them."""
        self.t += advance_ms * MS
        out = []
        for event in pygame.event.get():
            self.raw.append(event)
            out += self.hub.handle(event, self.t)
        return out

    def close(self):
        for p in self.pads:
            p.detach()
        self.pump()
        self.hub.close()


@pytest.fixture
def rig(tmp_path):
    r = Rig(tmp_path)
    yield r
    r.close()


def presses(items):
    return [(i.action, i.down, i.seat) for i in items if isinstance(i, Press)]


def changes(items):
    return [(i.kind, i.device, i.seat) for i in items if isinstance(i, DeviceChange)]


def test_join_and_ready(rig):
    pad = rig.pad()
    items = rig.pump()
    [(kind, device, seat)] = changes(items)
    assert kind == "added" and seat is None
    assert device.startswith("pad:") and device.endswith(":1")
    pad.press("a")
    assert presses(rig.pump()) == [("a", True, None)]  # not seated yet
    seat = rig.seats.join(device)
    assert seat.index == 0
    pad.release("a")
    pad.press("start")
    assert presses(rig.pump()) == [("a", False, 0), ("start", True, 0)]
    assert not rig.seats.all_ready()
    rig.seats.set_ready(0)
    assert rig.seats.all_ready()
    assert rig.hub.glyph(device) == "P1"


def test_one_event_family_per_pad(rig):
    pad = rig.pad()
    rig.pump()
    rig.raw.clear()
    pad.press("b")
    pad.press("leftshoulder")
    items = rig.pump()
    types = {e.type for e in rig.raw}
    # SDL really sends both families for a controller ...
    assert pygame.CONTROLLERBUTTONDOWN in types and pygame.JOYBUTTONDOWN in types
    # ... and the hub turns them into one Press each.
    assert presses(items) == [("b", True, None), ("l", True, None)]


def test_leave_by_holding_back(rig):
    pad = rig.pad()
    device = changes(rig.pump())[0][1]
    rig.seats.join(device)
    pad.press("back")
    assert presses(rig.pump()) == [("back", True, 0)]
    start = rig.t
    assert rig.hub.tick(start + (LEAVE_HOLD_MS - 100) * MS) == []
    assert 0.9 < rig.hub.hold_progress(device, start + (LEAVE_HOLD_MS - 100) * MS) < 1
    [leave] = rig.hub.tick(start + (LEAVE_HOLD_MS + 10) * MS)
    assert (leave.action, leave.down, leave.seat, leave.device) == (LEAVE, True, 0, device)
    assert rig.hub.tick(start + (LEAVE_HOLD_MS + 500) * MS) == []  # once per hold
    rig.seats.leave(leave.seat)  # the lobby's decision
    assert rig.seats.seat_of(device) is None
    # a short tap of back on an unseated pad never leaves anything
    pad.release("back")
    rig.pump()
    pad.press("back")
    rig.pump()
    assert rig.hub.tick(rig.t + 5000 * MS) == []


def test_unplug_mid_game_and_replug_takes_the_same_seat(rig):
    other = rig.pad("Other Pad", product=2)
    pad = rig.pad("Test Pad", product=1)
    items = rig.pump()
    dev_other, dev = [c[1] for c in changes(items)]
    rig.seats.join(dev_other)
    rig.seats.join(dev)
    for i in (0, 1):
        rig.seats.set_ready(i)
    pad.press("x")
    rig.pump()
    pad.detach()
    items = rig.pump()
    # the held button is let go first, then the loss is reported with the seat
    assert presses(items) == [("x", False, 1)]
    assert changes(items) == [("lost", dev, 1)]
    assert rig.seats[1].lost and not rig.seats.all_ready()
    # the other pad still drives only its own seat
    other.press("a")
    assert presses(rig.pump()) == [("a", True, 0)]
    back = rig.pad("Test Pad", product=1)  # same model -> same GUID
    items = rig.pump()
    assert changes(items) == [("back", dev, 1)]
    assert not rig.seats[1].lost and rig.seats.all_ready()
    back.press("y")
    assert presses(rig.pump()) == [("y", True, 1)]
    assert rig.hub.glyph(dev) == "P2"  # same glyph as before the unplug


def test_another_pad_claims_a_lost_seat(rig):
    first = rig.pad("First Pad", product=1)
    dev1 = changes(rig.pump())[0][1]
    rig.seats.join(dev1)
    first.detach()
    assert changes(rig.pump()) == [("lost", dev1, 0)]
    second = rig.pad("Second Pad", product=2)
    [(kind, dev2, seat)] = changes(rig.pump())
    assert (kind, seat) == ("added", None) and dev2 != dev1
    second.press("a")
    assert presses(rig.pump()) == [("a", True, None)]  # never silently on the lost seat
    rig.seats.claim(0, dev2)
    second.release("a")
    assert presses(rig.pump()) == [("a", False, 0)]
    # the first pad comes back: its seat is no longer waiting for it
    again = rig.pad("First Pad", product=1)
    assert changes(rig.pump()) == [("added", dev1, None)]
    again.press("a")
    assert presses(rig.pump()) == [("a", True, None)]
    assert rig.seats.seat_of(dev2).index == 0


def test_eight_pads_at_once(rig):
    pads = [rig.pad(f"Pad {i}", product=10 + i) for i in range(8)]
    devices = [c[1] for c in changes(rig.pump())]
    assert len(devices) == len(set(devices)) == 8
    for d in devices:
        assert rig.seats.join(d) is not None
    assert rig.seats.join("kb1") is None  # the table is full
    for p in pads:
        p.press("a")
    items = [i for i in rig.pump() if isinstance(i, Press)]
    assert sorted((i.device, i.seat) for i in items) == sorted(
        (d, rig.seats.seat_of(d).index) for d in devices)
    assert sorted(i.seat for i in items) == list(range(8))
    assert sorted(rig.hub.glyph(d) for d in devices) == sorted(f"P{i}" for i in range(1, 9))


def test_identical_pads_get_numbered_ids_and_come_back_in_place(rig):
    a = rig.pad("Same Pad", product=5)
    b = rig.pad("Same Pad", product=5)
    d1, d2 = [c[1] for c in changes(rig.pump())]
    assert d1.rsplit(":", 1)[0] == d2.rsplit(":", 1)[0]
    assert (d1[-2:], d2[-2:]) == (":1", ":2")
    rig.seats.join(d2)  # seat 0 for the second pad
    rig.seats.join(d1)  # seat 1 for the first
    b.detach()
    assert changes(rig.pump()) == [("lost", d2, 0)]
    c = rig.pad("Same Pad", product=5)
    assert changes(rig.pump()) == [("back", d2, 0)]
    a.press("a")
    c.press("b")
    assert sorted(presses(rig.pump())) == [("a", True, 1), ("b", True, 0)]


def test_sticks_with_hysteresis_and_triggers(rig):
    pad = rig.pad()
    rig.pump()
    pad.axis("lefty", -0.6)
    assert presses(rig.pump()) == [("up", True, None)]
    pad.axis("lefty", -0.4)  # inside the hysteresis band: still up
    assert presses(rig.pump()) == []
    pad.axis("lefty", -0.1)
    assert presses(rig.pump()) == [("up", False, None)]
    pad.axis("leftx", 0.9)
    assert presses(rig.pump()) == [("right", True, None)]
    pad.axis("leftx", -0.9)  # straight across: right up, left down
    assert presses(rig.pump()) == [("right", False, None), ("left", True, None)]
    pad.axis("leftx", 0.0)
    rig.pump()
    pad.axis("righty", 0.8)
    pad.axis("rightx", -0.8)
    assert sorted(presses(rig.pump())) == [("down2", True, None), ("left2", True, None)]
    pad.trigger("righttrigger", 1.0)
    assert presses(rig.pump()) == [("r", True, None)]
    pad.press("rightshoulder")  # r already held by the trigger: no second down
    assert presses(rig.pump()) == []
    pad.trigger("righttrigger", 0.0)
    assert presses(rig.pump()) == []
    pad.release("rightshoulder")
    assert presses(rig.pump()) == [("r", False, None)]


def test_dpad_and_stick_share_directions(rig):
    pad = rig.pad()
    rig.pump()
    pad.press("dpup")
    pad.axis("lefty", -1.0)
    assert presses(rig.pump()) == [("up", True, None)]
    pad.release("dpup")
    assert presses(rig.pump()) == []
    pad.axis("lefty", 0.0)
    assert presses(rig.pump()) == [("up", False, None)]


def test_scan_opens_pads_connected_before_the_hub(rig, tmp_path):
    pad = rig.pad()
    pygame.event.pump()
    pygame.event.clear()  # the ADDED events went to someone else
    items = rig.hub.scan(rig.t)
    assert [(c.kind, c.seat) for c in items] == [("added", None)]
    assert rig.hub.scan(rig.t) == []  # already open
    pad.press("a")
    assert presses(rig.pump()) == [("a", True, None)]


def test_a_ninth_pad_waits_until_one_goes(rig):
    pads = [rig.pad(f"Pad {i}", product=30 + i) for i in range(9)]
    items = rig.pump()
    assert len(changes(items)) == 8  # only eight are opened
    ninth = pads[8]
    ninth.press("a")
    assert presses(rig.pump()) == []
    pads[0].detach()
    items = rig.pump()
    kinds = [c[0] for c in changes(items)]
    assert kinds == ["lost", "added"]  # the waiting pad is opened now
    ninth.release("a")
    ninth.press("b")
    assert presses(rig.pump())[-1] == ("b", True, None)


def test_pads_keep_their_seats_when_device_indices_shift(rig):
    # Unplugging the pad at device index 0 shifts every other pad's index down by one;
    # the hub tracks instance ids, so nobody ends up driving someone else's seat.
    a, b, c = (rig.pad(n, product=p) for n, p in (("A", 41), ("B", 42), ("C", 43)))
    da, db, dc = [ch[1] for ch in changes(rig.pump())]
    for d in (da, db, dc):
        rig.seats.join(d)
    a.detach()
    rig.pump()
    d_new = rig.pad("D", product=44)
    [(kind, dd, seat)] = changes(rig.pump())
    assert (kind, seat) == ("added", None) and dd not in (da, db, dc)
    b.press("a")
    c.press("b")
    d_new.press("x")
    assert sorted(presses(rig.pump())) == [("a", True, 1), ("b", True, 2), ("x", True, None)]
    assert rig.hub.pad_name(dd) == "D" and rig.hub.pad_name(db) == "B"


def test_plain_joystick_without_mapping_uses_joy_events(rig):
    stick = rig.pad("Plain Stick", product=60, controller=False, hats=1)
    [(kind, device, seat)] = changes(rig.pump())
    assert kind == "added"
    rig.seats.join(device)
    stick.press(0)
    stick.hat(0, 1)
    assert presses(rig.pump()) == [("a", True, 0), ("up", True, 0)]
    stick.hat(1, 0)
    stick.axis(1, 0.9)
    assert sorted(presses(rig.pump())) == [("down", True, 0), ("right", True, 0), ("up", False, 0)]
    stick.detach()
    assert changes(rig.pump()) == [("lost", device, 0)]


def test_a_pad_coming_back_to_its_seat_gets_in_even_after_a_ninth_took_the_slot(rig):
    pads = [rig.pad(f"Pad {i}", product=60 + i) for i in range(8)]
    devices = [c[1] for c in changes(rig.pump())]
    for d in devices:
        rig.seats.join(d)
    pads[3].detach()
    assert changes(rig.pump()) == [("lost", devices[3], 3)]
    ninth = rig.pad("Ninth Pad", product=99)  # a guest's pad fills the eighth slot
    assert [c[0] for c in changes(rig.pump())] == ["added"]
    again = rig.pad("Pad 3", product=63)      # the seated player's pad comes back
    assert changes(rig.pump()) == [("back", devices[3], 3)]
    again.press("a")
    ninth.press("a")
    assert sorted(presses(rig.pump()), key=str) == [("a", True, 3), ("a", True, None)]


def test_an_added_event_whose_index_went_stale_still_opens_the_pad(rig):
    """An event taken from SDL while a frame is worked out is handed to the hub only after the
    flip; if another pad went meanwhile, its device index points past the end (or at another
    pad). The hub rescans instead of trusting it."""
    first = rig.pad("First", product=71)
    rig.pump()
    newcomer = rig.pad("Newcomer", product=72)
    pygame.event.pump()
    held = [e for e in pygame.event.get()]  # taken "during the frame": index 1
    first.detach()                           # now the newcomer is index 0
    out = []
    for event in held:
        out += rig.hub.handle(event, rig.t)
    out += rig.pump()
    assert [rig.hub.pad_name(d) for d in rig.hub.devices() if d.startswith("pad:")] \
        == ["Newcomer"]
    newcomer.press("y")
    assert presses(rig.pump()) == [("y", True, None)]
