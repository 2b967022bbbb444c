"""Phones as controllers: a page any phone opens from a QR code, and a websocket behind it.

The interface the arcade uses (all of it thread-safe, none of it blocking on the network):

    server = PhoneServer(port=8642, host="0.0.0.0", clock_ns=time.perf_counter_ns)
    server.start()              # listens on its own thread (port=0: any free port)
    server.url                  # "http://<lan ip>:<port>/?room=<code>": what the QR code holds
    server.room_code            # 5 characters, new at every start (secrets)
    server.qr_matrix()          # list of rows of bools (True = dark), no quiet zone
    for event in server.drain():  # PhoneJoined | PhoneInput | PhoneLeft | PhoneBack
        ...
    server.send(phone_id, {"type": "seat", ...})   # -> False when that phone is away
    server.timing(phone_id)     # PhoneTiming: clock offset and its uncertainty, or None
    server.stop()               # closes every socket, joins the thread: nothing listens

Events (events.py) name a phone by phone_id, "phone:<n>", stable while the server runs and
never secret: the secret is the token the page keeps in localStorage, and only it lets a
phone re-take its phone_id after a drop (PhoneBack). PhoneInput.t_ns is the touch's moment on
the arcade's clock (clock_ns): the page stamps each touch with its own clock, and the server
converts the stamp with an estimate of that phone's clock offset (clock.py: NTP-style round
trips over the socket, the best by round trip, refreshed every sync_interval, drift fitted).
timing(phone_id).uncertainty_ns is half the best recent round trip: pick the hold window for
late sources from it. A stamp that would land after its own arrival, or more than
max_past_ms before it, is clamped to that bound and counted (PhoneTiming.clamped_*).

What the page understands from send() (assets/phone/phone.js; unknown types are ignored):

    {"type": "seat", "name": str, "colour": [r, g, b] | "#rrggbb" | null, "shape": str | null}
        (colour null: no seat yet, the name is the one typed)
        shape: circle square triangle diamond star hexagon cross heart (shell.seats)
    {"type": "controls", "layout": "menu" | "otter" | "slap" | "hand" | "wait", ...}
        menu   directions, A, B, Start (the lobby, menus)              labels: {action: text}
               "prompt": str; "buttons": [[action, label], ...] more small buttons;
               "leave": true adds "Leave" (holds back: the arcade's hold-to-leave)
        otter  five coloured boxes (a green, b orange, x blue, y yellow, r pink), "take off"
               (down) and GRAB (up), the README's Flotter Otter buttons
        slap   a swipe pad (a swipe or a tap near an edge presses that direction) and a big
               slap area (a)
        hand   the cards of the last view's "hand", big, with <  > (left/right), A, B;
               "marked": [index] rung in orange (a turbo lifted with the chosen card),
               "notes": [str per card] a chip on each card (how far it moves);
               "game": "flotte_flitzer" | "formula_fun" draws those games' cards (others: a
               card's "name"/"value" or its text), "selected": index of the card the TV's
               cursor is on (or null when the choice is not a card): tapping a card sends the
               left/right presses that bring the cursor there, tapping the selected card
               presses A; "labels": {"a": "Play", "b": "Turbo", ...}; "prompt": str;
               "car_styles": [[r, g, b], shape] per car colour (Flotte Flitzer)
        flixo  the team's table from the last view's "displays" (the one the cursor is on
               big, tapping its cards walks the cursor there), the discard and drawn card, a
               small d-pad, A and B with "labels"; "cursor": [display, row, col] | null;
               "names": [the name over each display]
        wait   "look at the TV" and "prompt"
    Every layout but menu and wait has a pause button (start) in the seat bar.
    {"type": "view", "view": <JSON of state.view(seat)>}   kept for the hand layout
    {"type": "say", "text": str}                            a line under the seat

The server never builds a view and never sends a phone anything but protocol replies and what
the arcade sends to that phone_id; no message lets a phone ask for a view (protocol.py). The
arcade's side, PhoneLink (link.py), starts and stops the server, feeds its events to the input
hub (shell/input.py: phones are devices like pads) and sends each phone its seat, its controls
and its own seat's view as they change; it also sets the hold window for late taps (80 ms).

Safety: the websocket opens only with the room code shown on the TV (a wrong one gets 403);
at most 8 phones connected (the 9th gets {"type": "full"}); every message is at most
protocol.MAX_MESSAGE_BYTES and must fit its schema; each connection may send `rate` messages
a second (`burst` at once); a phone that breaks any of it is dropped (PhoneLeft with the
reason) and nothing it sent reaches drain(). The server answers only the page's own files
(site.py: a fixed table, no filesystem path from a request) and listens only between start()
and stop().
"""

from .events import PhoneBack, PhoneInput, PhoneJoined, PhoneLeft, PhoneTiming
from .protocol import PHONE_ACTIONS
from .server import DEFAULT_PORT, PhoneServer

__all__ = ["DEFAULT_PORT", "PHONE_ACTIONS", "PhoneBack", "PhoneInput", "PhoneJoined",
           "PhoneLeft", "PhoneServer", "PhoneTiming"]
