"""The seats at the table: who sits where, with which device, human or CPU.

Pure Python (no pygame) so it is unit-testable. Up to eight seats; seat `index` is fixed for the
seat's lifetime and picks its style from SEAT_STYLES (a colour AND a shape, so nobody depends on
colour vision).

A seat is *free* (no device, no CPU), *human* (device set), or *CPU* (cpu level set). A human
seat may have a `profile`: the id of the person sitting there (shell.stats), chosen at the seat
(scenes/profiles.py); the seat then shows the profile's name. It is forgotten (and the seat's
own name is back) whenever the seat's device changes or the seat is freed or given to a CPU. A human
seat whose pad was unplugged stays taken with `lost=True` and keeps its device id, so the same
pad plugged back in (same device id, see shell.input) takes it again via `pad_back`; any other
device may `claim` it, or it can be `hand_to_cpu`.

Contract:
    seats = Seats(names=None)             # names: up to 8 seat names (settings "seat_names");
                                          # each cleaned by clean_name, blank -> "Player N"
    seats.join(device) -> Seat | None     # lowest free seat; the device's seat if it has one;
                                          # None when the table is full
    seats.leave(index)                    # frees the seat (human or CPU)
    seats.add_cpu(level) -> Seat | None   # lowest free seat as a CPU (always ready), named with
                                          # the first CPU_NAMES name no other seat shows
    seats.set_cpu_level(index, level)     # ValueError unless the seat is a CPU
    seats.set_ready(index, ready=True)
    seats.rename(index, name)             # cleaned by clean_name; blank -> "Player N"
    seats.set_profile(index, profile, name)  # the person at a human seat (None: nobody in
                                          # particular); the seat shows `name` meanwhile
    seats.seat_of(device) -> Seat | None  # lost seats included (they still belong to the device)
    seats.claim(index, device) -> Seat    # device takes a free, lost or CPU seat; ValueError if a
                                          # connected human holds it or the device sits elsewhere
    seats.hand_to_cpu(index, level, name="") -> Seat  # the CPU takes `name` or a CPU name
    seats.pad_lost(device) -> Seat | None # marks the device's seat lost
    seats.pad_back(device) -> Seat | None # un-marks it; None unless a lost seat waits for device
    seats.occupied() -> list[Seat]        # taken seats in index order
    seats.all_ready() -> bool             # >= 1 human, every human ready, none lost
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import NamedTuple

MAX_SEATS = 8
# Characters of a seat name. Names are drawn on every frame in badges and lanes; a 1,600
# character name cost Flotter Otter 149 ms a frame and 20,000 hung it. 24 fit a badge.
MAX_NAME = 24
# Unicode categories taken out of names: control and format characters (newlines, bidi
# overrides, zero-width marks), lone surrogates (cannot be saved as UTF-8), line separators.
_NOT_IN_NAMES = {"Cc", "Cf", "Cs", "Zl", "Zp"}


class SeatStyle(NamedTuple):
    colour_name: str
    colour: tuple[int, int, int]
    shape: str


# Colours chosen to be far apart on a TV; the shape carries the identity for colour-blind players.
SEAT_STYLES: tuple[SeatStyle, ...] = (
    SeatStyle("red", (230, 57, 70), "circle"),
    SeatStyle("blue", (52, 120, 246), "square"),
    SeatStyle("yellow", (250, 204, 21), "triangle"),
    SeatStyle("green", (34, 197, 94), "diamond"),
    SeatStyle("purple", (168, 85, 247), "star"),
    SeatStyle("orange", (249, 115, 22), "hexagon"),
    SeatStyle("cyan", (34, 211, 238), "cross"),
    SeatStyle("pink", (244, 114, 182), "heart"),
)

DEFAULT_NAMES: tuple[str, ...] = tuple(f"Player {i + 1}" for i in range(MAX_SEATS))
# CPU players' own names: short, friendly, easy to tell apart at 3 m (a CPU is never "Player 4":
# "Player 4 wins!" reads as a person). The level is shown beside the name as a badge.
CPU_NAMES: tuple[str, ...] = ("Kalle", "Lotte", "Emil", "Fritzi", "Hugo", "Mia", "Otto",
                              "Rosi", "Paule", "Greta")


def clean_name(name: str) -> str:
    """A seat name fit to draw: control and format characters removed, outer spaces stripped,
    cut to MAX_NAME characters ("" when nothing is left)."""
    kept = "".join(c for c in name if unicodedata.category(c) not in _NOT_IN_NAMES)
    return kept.strip()[:MAX_NAME].rstrip()


@dataclass
class Seat:
    index: int
    name: str
    colour: tuple[int, int, int]
    shape: str
    device: str | None = None
    cpu: str | None = None
    ready: bool = False
    lost: bool = False
    profile: int | None = None  # the person's profile id (shell.stats); None: a guest or CPU

    @property
    def colour_name(self) -> str:
        return SEAT_STYLES[self.index].colour_name

    @property
    def is_free(self) -> bool:
        return self.device is None and self.cpu is None

    @property
    def is_human(self) -> bool:
        return self.device is not None

    @property
    def is_cpu(self) -> bool:
        return self.cpu is not None

    @property
    def label(self) -> str:
        """Name for badges: "Anna", "Kalle (CPU hard)"."""
        if self.cpu is not None:
            return f"{self.name} (CPU {self.cpu})"
        return self.name


class Seats:
    """The table of up to eight seats (see module docstring for the contract)."""

    def __init__(self, names: list[str] | None = None, max_seats: int = MAX_SEATS):
        if not 1 <= max_seats <= MAX_SEATS:
            raise ValueError(f"max_seats must be 1..{MAX_SEATS}")
        names = list(names or [])
        self.seats: list[Seat] = []
        self.own_names: list[str] = []  # each seat's name when no profile sits there
        for i in range(max_seats):
            style = SEAT_STYLES[i]
            name = clean_name(names[i]) if i < len(names) and isinstance(names[i], str) else ""
            self.own_names.append(name or DEFAULT_NAMES[i])
            self.seats.append(Seat(i, self.own_names[i], style.colour, style.shape))

    def __getitem__(self, index: int) -> Seat:
        return self.seats[index]

    def __len__(self) -> int:
        return len(self.seats)

    # -- queries ---------------------------------------------------------------------------
    def seat_of(self, device: str) -> Seat | None:
        for seat in self.seats:
            if seat.device == device:
                return seat
        return None

    def occupied(self) -> list[Seat]:
        return [s for s in self.seats if not s.is_free]

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.is_human]

    def all_ready(self) -> bool:
        humans = self.humans()
        return bool(humans) and all(s.ready and not s.lost for s in humans)

    def _free(self) -> Seat | None:
        for seat in self.seats:
            if seat.is_free:
                return seat
        return None

    # -- changes ---------------------------------------------------------------------------
    def join(self, device: str) -> Seat | None:
        seat = self.seat_of(device)
        if seat is not None:
            return seat
        seat = self._free()
        if seat is not None:
            seat.device, seat.cpu, seat.ready, seat.lost = device, None, False, False
            self._no_profile(seat)
        return seat

    def leave(self, index: int) -> None:
        seat = self.seats[index]
        seat.device, seat.cpu, seat.ready, seat.lost = None, None, False, False
        self._no_profile(seat)

    def add_cpu(self, level: str) -> Seat | None:
        seat = self._free()
        if seat is not None:
            seat.device, seat.cpu, seat.ready, seat.lost = None, level, True, False
            self._no_profile(seat)
            seat.name = self._cpu_name(seat)
        return seat

    def _cpu_name(self, seat: Seat) -> str:
        """The first CPU name no other taken seat shows (the seat's own name if all are)."""
        taken = {s.name for s in self.seats if s is not seat and not s.is_free}
        return next((n for n in CPU_NAMES if n not in taken), self.own_names[seat.index])

    def set_cpu_level(self, index: int, level: str) -> None:
        seat = self.seats[index]
        if seat.cpu is None:
            raise ValueError(f"seat {index + 1} is not a CPU seat")
        seat.cpu = level

    def set_ready(self, index: int, ready: bool = True) -> None:
        self.seats[index].ready = ready

    def rename(self, index: int, name: str) -> None:
        self.own_names[index] = clean_name(name) or DEFAULT_NAMES[index]
        if self.seats[index].profile is None and self.seats[index].cpu is None:
            self.seats[index].name = self.own_names[index]

    def set_profile(self, index: int, profile: int | None, name: str = "") -> None:
        """The person at human seat `index` is `profile` (named `name`); None: nobody in
        particular, the seat's own name is back. ValueError for a seat without a human."""
        seat = self.seats[index]
        if profile is not None and not seat.is_human:
            raise ValueError(f"seat {index + 1} has no human to have a profile")
        seat.profile = profile
        seat.name = (clean_name(name) if profile is not None else "") or self.own_names[index]

    def _no_profile(self, seat: Seat) -> None:
        seat.profile = None
        seat.name = self.own_names[seat.index]

    def claim(self, index: int, device: str) -> Seat:
        seat = self.seats[index]
        other = self.seat_of(device)
        if other is not None and other is not seat:
            raise ValueError(f"{device} already sits at seat {other.index + 1}")
        if seat.is_human and seat.device != device and not seat.lost:
            raise ValueError(f"seat {index + 1} is held by {seat.device}")
        # A claimed seat keeps its ready flag if it was a CPU (mid-game hand-over); a lost seat
        # taken over mid-game is ready too, since the game is already running.
        was_taken = not seat.is_free
        if seat.device != device:
            self._no_profile(seat)  # someone else sits there now
        seat.device, seat.cpu, seat.lost = device, None, False
        seat.ready = was_taken
        return seat

    def hand_to_cpu(self, index: int, level: str, name: str = "") -> Seat:
        """A CPU takes seat `index`, named `name` (a resumed cup's CPU keeps its name), else
        the first free CPU name."""
        seat = self.seats[index]
        seat.device, seat.cpu, seat.ready, seat.lost = None, level, True, False
        self._no_profile(seat)
        seat.name = clean_name(name) or self._cpu_name(seat)
        return seat

    def pad_lost(self, device: str) -> Seat | None:
        seat = self.seat_of(device)
        if seat is not None:
            seat.lost = True
        return seat

    def pad_back(self, device: str) -> Seat | None:
        seat = self.seat_of(device)
        if seat is None or not seat.lost:
            return None
        seat.lost = False
        return seat
