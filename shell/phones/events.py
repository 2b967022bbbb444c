"""What the phone server reports to the arcade: small frozen records, taken with drain().

Every record names the phone by its phone_id ("phone:<n>", stable for the life of one started
server, never secret). The server attaches the id from the connection a message came in on,
never from the message itself.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PhoneJoined:
    """A new phone took a place: it typed `name` (1..24 printable characters, trimmed)."""
    phone_id: str
    name: str


@dataclass(frozen=True)
class PhoneInput:
    """A button on the phone went down or up. `action` is one of PHONE_ACTIONS; `t_ns` is the
    moment of the touch on the arcade's clock (the server's clock_ns), converted from the
    phone's own stamp and clamped to [arrival - max_past, arrival]."""
    phone_id: str
    action: str
    down: bool
    t_ns: int


@dataclass(frozen=True)
class PhoneLeft:
    """A phone's connection ended. reason: "closed" (socket closed), "timeout" (no answer to
    the heartbeats), "malformed" (broke the protocol), "flood" (over the rate limit),
    "oversized" (a message over the size limit), "replaced" (the same phone connected again
    while the old connection was still open; a PhoneBack follows), "stopped" (stop())."""
    phone_id: str
    reason: str


@dataclass(frozen=True)
class PhoneBack:
    """A phone that had left came back with its token: same phone_id, maybe a new name. The
    arcade should send it its seat, controls and view again (nothing is replayed for it)."""
    phone_id: str
    name: str


@dataclass(frozen=True)
class PhoneTiming:
    """How well one phone's clock is known (PhoneServer.timing). offset_ns: phone clock minus
    arcade clock now; uncertainty_ns: half the best round trip among the recent clock samples
    (the true offset lies within offset_ns +- uncertainty_ns); samples: clock samples kept;
    clamped_future / clamped_past: input stamps clamped so far on this phone."""
    offset_ns: int
    uncertainty_ns: int
    samples: int
    clamped_future: int
    clamped_past: int
