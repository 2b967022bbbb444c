"""Profiles at the seat: made with a name typed on a real keyboard or on the on-screen keyboard
a pad drives, picked from the list, a guest, remembered for the device, renamed and deleted
(with a confirm) from the stats screen; the seats follow; a game records a profiled seat's
times to that profile."""

import pygame
import pytest

from game.fliegen_klatschen import INFO as FK
from scenes.games import game_scene_class
from shell.input import Press
from shell.seats import CPU_NAMES, Seats
from tests.clock_rig import frame, key_at, rig, seat  # noqa: F401

KB1 = {"a": "f", "b": "g", "x": "r", "y": "t", "start": "1", "down": "s", "up": "w"}
PAD = "pad:test:1"


def top(app):
    return app.manager.top


def raw(rig, *events):
    """Raw pygame events (typing), taken by the next frame."""
    for event in events:
        pygame.event.post(event)
    frame(rig)


def typed(text):
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def keydown(name):
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.key.key_code(name), mod=0,
                              unicode="", scancode=0)


def pad(rig, *actions, device=PAD):
    """A pad's presses (down and up), handed to the scene on top as the hub hands them."""
    app, clock = rig
    s = app.seats.seat_of(device)
    for action in actions:
        for down in (True, False):
            app.manager.handle(Press(device, action, down, clock.t, s.index if s else None))
        frame(rig)


def kb1(rig, *actions):
    app, clock = rig
    for action in actions:
        key_at(rig, KB1[action], clock.t + 20_000_000)


def in_lobby(rig):
    app, _ = rig
    app.manager.reset("title")
    app.manager.push("select")
    app.manager.push("lobby", game_id="fliegen_klatschen")
    frame(rig)


# -- making and picking -----------------------------------------------------------------------

def test_a_name_typed_on_a_keyboard_makes_the_seats_profile_and_the_device_remembers(rig):
    app, _ = rig
    in_lobby(rig)
    kb1(rig, "a")                                   # kb1 joins
    assert app.seats[0].device == "kb1" and app.seats[0].profile is None
    kb1(rig, "start")                               # Start: who sits here?
    picker = top(app)
    assert picker.name == "profile" and [k for k, _ in picker.items] == ["new", "guest", "name"]
    kb1(rig, "a")                                   # New profile ...
    assert picker.mode == "type"
    raw(rig, keydown("s"), typed("A"), typed("nna"))  # kb1's "down" key types, moves nothing
    assert picker.text == "Anna" and picker.key == (0, 0)
    raw(rig, keydown("return"))
    anna = app.stats.find_profile("Anna")
    assert top(app).name == "lobby" and anna is not None
    assert app.seats[0].profile == anna.id and app.seats[0].name == "Anna"
    assert app.stats.device_profile("kb1") == anna
    app.seats.leave(0)
    assert app.seats[0].profile is None and app.seats[0].name == "Player 1"
    kb1(rig, "a")                                   # the same keys join again: Anna is back
    assert app.seats[0].profile == anna.id and app.seats[0].name == "Anna"


def test_a_pad_types_a_name_on_the_on_screen_keyboard(rig):
    app, _ = rig
    in_lobby(rig)
    app.seats.join(PAD)
    app.manager.push("profile", seat=0, device=PAD)
    picker = top(app)
    pad(rig, "a")                                   # New profile ...
    pad(rig, "right", "a")                          # B (a capital: the start of a word)
    pad(rig, "down", "right", "right", "right", "a")  # o
    kb1(rig, "b")                                   # another device: not its picker
    pad(rig, "x", "left", "left", "left", "left", "a", "b", "a")  # a space, K ... deleted, K
    assert picker.text == "Bo K"
    pad(rig, "down", "down", "a")                   # the wide keys: Space, Delete, Done
    assert picker.key == (3, 0) and picker.text == "Bo K "
    pad(rig, "right", "a", "start")                 # Delete, then Start: done
    assert top(app).name == "lobby"
    assert app.seats[0].name == "Bo K" and app.stats.device_profile(PAD).name == "Bo K"


def test_a_profile_is_picked_from_the_list_or_the_seat_sits_as_a_guest(rig):
    app, _ = rig
    for name in ("Ben", "Anna"):
        app.stats.create_profile(name)
    seat(app, "kb1")
    app.manager.push("profile", seat=0, device="kb1")
    picker = top(app)
    assert [label for _, label in picker.items][:2] == ["Anna", "Ben"]
    kb1(rig, "down", "a")                           # Ben
    assert app.seats[0].name == "Ben" and app.stats.device_profile("kb1").name == "Ben"
    app.manager.push("profile", seat=0, device="kb1")
    assert top(app).index == 1                      # the list opens on who sits there
    kb1(rig, "down", "down", "a")                   # Guest
    assert app.seats[0].profile is None and app.seats[0].name == "Player 1"


def test_a_long_list_shows_more_above_and_below_beside_its_rows_not_over_them(rig, monkeypatch):
    """Twelve profiles: seven rows show, and the cues that more are above or below sit in the
    list's margin ("more below" was written over the last row's button)."""
    from scenes.screens import profile as picker_screen
    from shell import look
    app, _ = rig
    for i in range(12):
        app.stats.create_profile(f"Person {i + 1}")
    seat(app, "kb1")
    app.manager.push("profile", seat=0, device="kb1")
    picker = top(app)
    buttons, cues = [], []
    button, more = look.button, picker_screen.draw_more
    monkeypatch.setattr(look, "button", lambda *a, **k: (buttons.append(button(*a, **k)),
                                                          buttons[-1])[1])
    monkeypatch.setattr(picker_screen, "draw_more", lambda c, centre, up: (
        cues.append((up, more(c, centre, up))), cues[-1][1])[1])
    for index, shown in ((0, {False}), (6, {True, False}), (len(picker.items) - 1, {True})):
        picker.index = index
        buttons.clear()
        cues.clear()
        picker.draw(app.canvas)
        assert {up for up, _ in cues} == shown, index
        for _, cue in cues:
            assert picker_screen.PANEL.contains(cue)
            assert not any(cue.colliderect(b) for b in buttons), (index, cue)


def test_a_name_the_store_refuses_is_said_and_nothing_is_lost(rig):
    app, _ = rig
    app.stats.create_profile("Anna")
    seat(app, "kb1")
    app.manager.push("profile", seat=0, device="kb1")
    kb1(rig, "down", "a")                           # New profile ...
    raw(rig, typed("aNNA"), keydown("return"))
    picker = top(app)
    assert picker.name == "profile" and picker.mode == "type" and picker.text == "aNNA"
    assert picker.message == "There is already a profile named Anna."
    raw(rig, typed("x" * 30))
    assert picker.text == "aNNA" and "at most 24" in picker.message
    raw(rig, keydown("escape"))                     # back to the list, no change
    assert picker.mode == "pick" and app.seats[0].profile is None


# -- renaming and deleting from the stats screen -------------------------------------------------

def anna_with_times(app):
    anna = seat(app, "kb1", "Anna")
    sid = app.stats.begin_session(anna.profile, "drill", "simple")
    for ms in (250, 270, 260):
        app.stats.add_reaction(sid, "simple", ms)
    return anna


def test_rename_from_the_stats_screen_keeps_the_times_and_the_seat_follows(rig):
    app, _ = rig
    anna = anna_with_times(app)
    app.manager.push("stats")
    kb1(rig, "x")                                   # X: rename
    picker = top(app)
    assert picker.mode == "type" and picker.text == "Anna"
    raw(rig, keydown("backspace"), typed("e"), keydown("return"))
    assert top(app).name == "stats"
    assert [p.name for p in app.stats.profiles()] == ["Anne"] and anna.name == "Anne"
    assert top(app).profile.name == "Anne"
    assert app.stats.flush(5)
    [total] = app.stats.totals()
    assert total.name == "Anne" and total.count == 3


def test_delete_asks_first_then_takes_the_profile_and_its_times(rig):
    app, _ = rig
    anna = anna_with_times(app)
    app.manager.push("stats")
    kb1(rig, "y")                                   # Y: delete?
    assert top(app).mode == "confirm"
    kb1(rig, "b")                                   # B: keep it
    assert top(app).name == "stats" and app.stats.find_profile("Anna") is not None
    kb1(rig, "y", "a")                              # Y, A: delete
    assert top(app).name == "stats" and app.stats.profiles() == []
    assert anna.profile is None and anna.name == "Player 1"
    assert app.stats.flush(5) and app.stats.totals() == []
    assert top(app).lines() == ["No profiles yet. Make one at a seat: Start in the lobby or in "
                                "Practice."]


# -- the seats and the games ---------------------------------------------------------------------

def test_a_seat_forgets_its_profile_when_someone_else_sits_there():
    seats = Seats(names=["Anna's seat"])
    s = seats.join("kb1")
    seats.set_profile(s.index, 7, "Anna")
    assert (s.profile, s.name) == (7, "Anna")
    seats.pad_lost("kb1")
    seats.claim(s.index, "kb2")                     # another device takes the seat over
    assert (s.profile, s.name) == (None, "Anna's seat")
    seats.set_profile(s.index, 7, "Anna")
    seats.hand_to_cpu(s.index, "easy")
    assert (s.profile, s.name) == (None, CPU_NAMES[0])  # a CPU has a name of its own
    with pytest.raises(ValueError):
        seats.set_profile(s.index, 7, "Anna")       # a CPU has no profile
    s = seats.join("kb3")
    seats.set_profile(s.index, 8, "Ben")
    seats.rename(s.index, "Seat two")               # the seat's own name waits underneath
    assert s.name == "Ben"
    seats.leave(s.index)
    assert (s.profile, s.name) == (None, "Seat two")


def test_a_game_records_a_profiled_seats_times_to_that_profile_and_a_cpus_nowhere(rig):
    app, _ = rig
    anna = seat(app, "kb1", "Anna")
    app.seats.add_cpu("hard")
    scene = app.manager.reset(game_scene_class(FK.id), game_id=FK.id, seed=3)
    scene.record_reaction(0, 412.0, True, "slap")
    scene.record_reaction(0, 388.0, False, "slap")
    scene.record_reaction(1, 300.0, True, "slap")
    assert app.stats.flush(5)
    [session] = app.stats.history(anna.profile, "slap")
    assert (session.activity, session.source, session.count, session.correct) == \
        ("game", FK.id, 2, 1)
    assert [p.name for p in app.stats.profiles()] == ["Anna"]
