"""Who sits at a seat: a profile of the reaction-time store (shell.stats), chosen at the seat and
remembered for its device, and the sessions a seat's times are recorded in.

    seat_joined(app, seat)            a device has just taken `seat`: the profile that device
                                      used last time sits there again (none remembered: none)
    choose(app, seat, profile)        the person at `seat` is `profile` (None: a guest); the
                                      device remembers it for next time
    follow_rename(app, profile)       seats show a renamed profile's new name
    follow_delete(app, profile_id)    seats of a deleted profile are guests again
    Sessions(app, activity, source)   one session per seat and profile, opened at its first
        .add(seat, kind, ms, correct=True, false_start=False)   record; seats without a
                                      profile (guests, CPUs) record nothing here
        .ids                          {seat index: session id} of the sessions opened

The stats store is never in the way: everything here answers from memory and the writes queue
(shell.stats). A broken or missing store only means nothing is kept.
"""

from __future__ import annotations


def _stats(app):
    return getattr(app, "stats", None)


def seat_joined(app, seat) -> None:
    stats = _stats(app)
    if stats is None or not seat.is_human:
        return
    profile = stats.device_profile(seat.device)
    if profile is not None:
        app.seats.set_profile(seat.index, profile.id, profile.name)


def choose(app, seat, profile) -> None:
    """`profile`: a shell.stats Profile, or None for a guest (the device keeps what it
    remembered: the store forgets a device only with its profile)."""
    if profile is None:
        app.seats.set_profile(seat.index, None)
        return
    app.seats.set_profile(seat.index, profile.id, profile.name)
    stats = _stats(app)
    if stats is not None and seat.device is not None:
        try:
            stats.remember_device(seat.device, profile.id)
        except ValueError as exc:  # ProfileError: deleted meanwhile
            app.log(f"profile: {exc}")


def follow_rename(app, profile) -> None:
    for seat in app.seats.occupied():
        if seat.profile == profile.id:
            app.seats.set_profile(seat.index, profile.id, profile.name)


def follow_delete(app, profile_id: int) -> None:
    for seat in app.seats.occupied():
        if seat.profile == profile_id:
            app.seats.set_profile(seat.index, None)


class Sessions:
    """The sessions of one game or drill run (activity "game" or "drill", source its id)."""

    def __init__(self, app, activity: str, source: str):
        self.app = app
        self.activity = activity
        self.source = source
        self.ids: dict[int, int] = {}
        self._profile: dict[int, int] = {}

    def add(self, seat, kind: str, ms, correct: bool = True, false_start: bool = False) -> bool:
        """Record one time of `seat` in its session; False when nothing was stored (no
        profile, no store, or the store refused: said in the log)."""
        stats = _stats(self.app)
        if stats is None or seat.profile is None or seat.cpu is not None:
            return False
        try:
            if self._profile.get(seat.index) != seat.profile:  # first time, or a new person
                self.ids[seat.index] = stats.begin_session(seat.profile, self.activity,
                                                           self.source)
                self._profile[seat.index] = seat.profile
            stats.add_reaction(self.ids[seat.index], kind, ms, correct, false_start,
                               seat=seat.index)
        except Exception as exc:  # a broken stats file must never stop a game
            self.app.log(f"stats: {exc}")
            return False
        return True
