"""The phone protocol: JSON text messages, each with a "type", checked against a fixed schema.

Phone -> arcade (everything else is malformed and drops the connection):
    {"type": "hello", "name": str, "token": str}     first message; token optional (a phone that
                                                      was here before sends the one it was given)
    {"type": "input", "action": str, "down": bool, "t": number}
                                                      action in PHONE_ACTIONS; t: the phone's
                                                      performance clock at the touch, in ms
    {"type": "sync", "id": int, "t": number}          answer to the arcade's sync: the phone's
                                                      clock in ms when it read the request
There is no message to ask for a view, another phone's or one's own: a phone gets only what
the arcade sends to its phone_id. No message carries a phone id: the connection decides who
is speaking, so a field naming another phone is an unknown field, and refused.

Arcade -> phone:
    {"type": "welcome", "phone_id": str, "token": str, "back": bool}
    {"type": "sync", "id": int}                        answer at once with the same id
    {"type": "full"}                                   the table is full (then the socket closes)
    anything the arcade passes to PhoneServer.send (a dict with a string "type": "seat",
    "controls", "view", ...; see assets/phone/phone.js for what the page understands)
"""

from __future__ import annotations

import json
import math
import re
import unicodedata

# The arcade's button names a phone may press (shell/input.py ACTIONS without the second stick).
PHONE_ACTIONS = ("up", "down", "left", "right", "a", "b", "x", "y", "l", "r", "start", "back")

MAX_MESSAGE_BYTES = 512        # a phone's largest legal message is well under 200 bytes
MAX_SEND_BYTES = 64 * 1024     # what the arcade may send one phone in one message
MAX_NAME = 24
MAX_TOKEN = 64
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,%d}\Z" % MAX_TOKEN)

# type -> {field: (kind, required)}
_NUMBER = "number"
SCHEMAS = {
    "hello": {"name": (str, True), "token": (str, False)},
    "input": {"action": (str, True), "down": (bool, True), "t": (_NUMBER, True)},
    "sync": {"id": (int, True), "t": (_NUMBER, True)},
}


class ProtocolError(ValueError):
    """A message that breaks the protocol; str() says how."""


def _refuse_constant(name: str):
    raise ProtocolError(f"{name} is not a number here")


def _kind_ok(value, kind) -> bool:
    if kind is _NUMBER:
        return type(value) in (int, float) and math.isfinite(value)
    if kind is int:
        return type(value) is int
    return type(value) is kind


def parse(text) -> dict:
    """The message in `text` (one websocket frame), checked; raises ProtocolError."""
    if not isinstance(text, str):
        raise ProtocolError("binary frames are not spoken here")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message over {MAX_MESSAGE_BYTES} bytes")
    try:
        msg = json.loads(text, parse_constant=_refuse_constant)
    except (ValueError, RecursionError) as err:
        raise ProtocolError(f"not JSON: {err}") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message is a JSON object")
    kind = msg.get("type")
    schema = SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise ProtocolError(f"unknown message type {kind!r}")
    for field in msg:
        if field != "type" and field not in schema:
            raise ProtocolError(f"unknown field {field!r} in {kind}")
    for field, (want, required) in schema.items():
        if field not in msg:
            if required:
                raise ProtocolError(f"{kind} needs {field!r}")
            continue
        if not _kind_ok(msg[field], want):
            raise ProtocolError(f"{kind}.{field} has the wrong type")
    if kind == "input" and msg["action"] not in PHONE_ACTIONS:
        raise ProtocolError(f"unknown action {msg['action']!r}")
    if kind == "hello":
        msg["name"] = clean_name(msg["name"])
        if "token" in msg and not _TOKEN.match(msg["token"]):
            raise ProtocolError("a token is 1-64 URL-safe characters")
    if kind == "sync" and not 0 <= msg["id"] < 2**31:
        raise ProtocolError("sync id out of range")
    return msg


def clean_name(name: str) -> str:
    """A player's name as typed: trimmed, 1..MAX_NAME characters, no control characters."""
    name = " ".join(name.split())
    if not name:
        raise ProtocolError("a name cannot be empty")
    if len(name) > MAX_NAME:
        raise ProtocolError(f"a name has at most {MAX_NAME} characters")
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise ProtocolError("a name cannot hold control characters")
    return name


def encode(message: dict) -> str:
    """One message for a phone as compact JSON. Raises ValueError for anything that is not a
    dict with a string "type", cannot be JSON, or is over MAX_SEND_BYTES."""
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ValueError("a message for a phone is a dict with a string 'type'")
    try:
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as err:
        raise ValueError(f"a message for a phone must be plain JSON: {err}") from None
    if len(text.encode("utf-8")) > MAX_SEND_BYTES:
        raise ValueError(f"a message for a phone is at most {MAX_SEND_BYTES} bytes")
    return text
