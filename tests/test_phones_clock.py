"""The phone protocol's schema and the clock estimate, without a network: synthetic exchanges
with known offsets, delays, spikes and drift."""

import json
import random

import pytest

from shell.phones import protocol
from shell.phones.clock import PhoneClock

MS = 1_000_000


def exchange(clock, t0, up_ns, down_ns, offset_ns, drift=0.0):
    """One sync: sent at arcade time t0, read by the phone after up_ns, back after down_ns.
    The phone's clock reads arcade time * (1 + drift) + offset."""
    read = t0 + up_ns
    phone_ms = (read * (1 + drift) + offset_ns) / MS
    clock.add(t0, phone_ms, read + down_ns)


def true_offset(at, offset_ns, drift=0.0):
    return at * drift + offset_ns


def test_symmetric_delays_give_the_exact_offset():
    clock = PhoneClock()
    for i in range(8):
        exchange(clock, 10**12 + i * 50 * MS, 15 * MS, 15 * MS, 3_700 * MS)
    assert clock.offset_ns(10**12) == 3_700 * MS
    assert clock.uncertainty_ns() == 15 * MS


def test_bounds_from_different_exchanges_combine():
    """One exchange was quick on the way there, another on the way back: together they pin
    the offset to 1 ms, where either alone leaves 15 ms of doubt."""
    clock = PhoneClock()
    exchange(clock, 0, 1 * MS, 30 * MS, 500 * MS)
    exchange(clock, 100 * MS, 30 * MS, 1 * MS, 500 * MS)
    assert clock.uncertainty_ns() == 31 * MS // 2
    assert abs(clock.offset_ns(100 * MS) - 500 * MS) <= 1 * MS


def test_jitter_and_a_spike_leave_a_millisecond_or_two():
    rng = random.Random(4)
    clock = PhoneClock()
    offset = -123_456 * MS
    t = 5 * 10**12
    errors = []
    for i in range(160):                      # 40 s of samples, 4 a second
        spike = 200 * MS if 60 <= i < 66 else 0
        exchange(clock, t, round(rng.uniform(10, 50) * MS + spike),
                 round(rng.uniform(10, 50) * MS), offset)
        t += 250 * MS
        if i >= 20:
            error = abs(clock.offset_ns(t) - offset)
            assert error <= clock.uncertainty_ns()
            errors.append(error)
    assert max(errors) < 3 * MS, f"offset error up to {max(errors) / MS:.2f} ms"


def test_a_spike_alone_does_not_move_the_estimate():
    clock = PhoneClock()
    for i in range(16):
        exchange(clock, i * 100 * MS, 5 * MS, 5 * MS, 0)
    before = clock.offset_ns(2000 * MS)
    for i in range(16, 20):   # lag on the way back only: these alone would say -100 ms
        exchange(clock, i * 100 * MS, 5 * MS, 205 * MS, 0)
    assert clock.offset_ns(2000 * MS) == before == 0


@pytest.mark.parametrize("drift", [50e-6, -50e-6, 200e-6])
def test_drift_is_fitted(drift):
    """A phone clock running fast or slow: after a minute the line follows it."""
    rng = random.Random(9)
    clock = PhoneClock()
    t = 10**12
    for _ in range(240):      # a minute at 4 samples a second
        exchange(clock, t, round(rng.uniform(10, 50) * MS), round(rng.uniform(10, 50) * MS),
                 7 * MS, drift)
        t += 250 * MS
    assert abs(clock.slope - drift) < 15e-6
    error = abs(clock.offset_ns(t) - true_offset(t, 7 * MS, drift))
    assert error < 1.5 * MS, f"offset error {error / MS:.2f} ms with drift"
    unfitted = PhoneClock()
    for s in clock.samples:   # the same recent samples taken as a constant: off by the drift
        unfitted.add(s[0], s[2] / MS, s[1])
    assert abs(unfitted.offset_ns(t) - true_offset(t, 7 * MS, drift)) > error


def test_stamps_are_converted_and_clamped():
    clock = PhoneClock()
    arrived = 10**12
    assert clock.to_arcade(5.0, arrived, 1000 * MS) == (arrived, "unsynced")
    for i in range(4):
        exchange(clock, arrived - 10**10 + i * MS, MS, MS, 2_000 * MS)   # phone 2 s ahead
    touch = arrived - 40 * MS
    phone_ms = (touch + 2_000 * MS) / MS
    assert clock.to_arcade(phone_ms, arrived, 1000 * MS) == (touch, "ok")
    assert clock.to_arcade(phone_ms + 100, arrived, 1000 * MS) == (arrived, "future")
    assert clock.to_arcade(phone_ms - 5000, arrived, 1000 * MS) == (arrived - 1000 * MS, "past")


# -- the protocol ------------------------------------------------------------------------------

GOOD = [
    {"type": "hello", "name": "Anna"},
    {"type": "hello", "name": "  Jörg   der  Große ", "token": "abc-DEF_123"},
    {"type": "input", "action": "a", "down": True, "t": 1234.5},
    {"type": "input", "action": "start", "down": False, "t": 0},
    {"type": "sync", "id": 7, "t": 99.25},
]


@pytest.mark.parametrize("message", GOOD)
def test_good_messages_pass(message):
    parsed = protocol.parse(json.dumps(message))
    assert parsed["type"] == message["type"]


def test_names_are_trimmed():
    assert protocol.parse(json.dumps(GOOD[1]))["name"] == "Jörg der Große"


BAD = [
    "{not json",
    "[1, 2]",
    '"hello"',
    '{"name": "Anna"}',
    '{"type": "view", "seat": 1}',
    '{"type": "get_view", "phone_id": "phone:1"}',
    '{"type": "input", "action": "a", "down": true, "t": 1, "phone_id": "phone:1"}',
    '{"type": "input", "action": "up2", "down": true, "t": 1}',
    '{"type": "input", "action": "jump", "down": true, "t": 1}',
    '{"type": "input", "action": "a", "down": 1, "t": 1}',
    '{"type": "input", "action": "a", "down": true, "t": "1"}',
    '{"type": "input", "action": "a", "down": true, "t": NaN}',
    '{"type": "input", "action": "a", "down": true, "t": Infinity}',
    '{"type": "input", "action": "a", "down": true}',
    '{"type": "sync", "id": true, "t": 1}',
    '{"type": "sync", "id": -1, "t": 1}',
    '{"type": "hello", "name": ""}',
    '{"type": "hello", "name": "   "}',
    '{"type": "hello", "name": "' + "x" * 25 + '"}',
    '{"type": "hello", "name": "a\\u0000b"}',
    '{"type": "hello", "name": "Anna", "token": "../../etc"}',
    '{"type": "hello", "name": "Anna", "seat": 3}',
    '{"type": "input", "action": "a", "down": true, "t": 1, "pad": "' + "x" * 600 + '"}',
    "[" * 100_000,
]


@pytest.mark.parametrize("text", BAD)
def test_bad_messages_are_refused_with_a_reason(text):
    with pytest.raises(protocol.ProtocolError) as refusal:
        protocol.parse(text)
    assert str(refusal.value)


def test_binary_frames_are_refused():
    with pytest.raises(protocol.ProtocolError):
        protocol.parse(b'{"type": "sync", "id": 1, "t": 1}')


def test_no_message_asks_for_a_view():
    """A phone gets only what the arcade sends to its phone_id: the protocol has no request
    for a view (its own or another's) and no field naming a phone."""
    assert set(protocol.SCHEMAS) == {"hello", "input", "sync"}
    for fields in protocol.SCHEMAS.values():
        assert not {"view", "seat", "phone_id", "phone"} & set(fields)


def test_phone_actions_are_arcade_actions():
    from shell.input import ACTIONS

    assert set(protocol.PHONE_ACTIONS) <= set(ACTIONS)


def test_encode_refuses_what_is_not_a_message():
    assert json.loads(protocol.encode({"type": "seat", "name": "Anna"})) == {
        "type": "seat", "name": "Anna"}
    for bad in ({"name": "no type"}, ["type"], {"type": 3}, {"type": "x", "v": float("nan")},
                {"type": "x", "v": object()}, {"type": "x", "v": "y" * 70_000}):
        with pytest.raises(ValueError):
            protocol.encode(bad)
