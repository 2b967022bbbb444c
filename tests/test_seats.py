"""Seats: the pure-Python table of who sits where."""

import pytest

from shell.seats import SEAT_STYLES, Seats


def test_styles_are_distinct_in_colour_and_shape():
    assert len(SEAT_STYLES) == 8
    assert len({s.colour for s in SEAT_STYLES}) == 8
    assert len({s.colour_name for s in SEAT_STYLES}) == 8
    assert len({s.shape for s in SEAT_STYLES}) == 8


def test_join_fills_lowest_free_seat_and_is_idempotent():
    seats = Seats(names=["Anna", "", "Cem"])
    a = seats.join("kb1")
    b = seats.join("pad:x:1")
    assert (a.index, a.name, b.index, b.name) == (0, "Anna", 1, "Player 2")
    assert seats.join("kb1") is a
    seats.leave(0)
    assert seats.join("kb2").index == 0
    assert [s.index for s in seats.occupied()] == [0, 1]
    assert a.shape == SEAT_STYLES[0].shape and a.colour == SEAT_STYLES[0].colour


def test_full_table():
    seats = Seats()
    for i in range(8):
        assert seats.join(f"d{i}").index == i
    assert seats.join("late") is None
    assert seats.add_cpu("easy") is None


def test_cpu_seats():
    seats = Seats()
    seats.join("kb1")
    cpu = seats.add_cpu("easy")
    assert cpu.index == 1 and cpu.ready and not cpu.is_human and "CPU easy" in cpu.label
    seats.set_cpu_level(1, "hard")
    assert seats[1].cpu == "hard"
    with pytest.raises(ValueError):
        seats.set_cpu_level(0, "hard")


def test_all_ready_needs_every_human_and_no_lost_seat():
    seats = Seats()
    assert not seats.all_ready()  # nobody there
    seats.add_cpu("normal")
    assert not seats.all_ready()  # CPUs alone do not start a game from the lobby
    seats.join("kb1")
    seats.join("pad:g:1")
    seats.set_ready(1)
    assert not seats.all_ready()
    seats.set_ready(2)
    assert seats.all_ready()
    seats.pad_lost("pad:g:1")
    assert not seats.all_ready()
    seats.pad_back("pad:g:1")
    assert seats.all_ready()


def test_lost_pad_back_claim_and_cpu():
    seats = Seats()
    seats.join("pad:g:1")
    seat = seats.pad_lost("pad:g:1")
    assert seat.lost and seats.seat_of("pad:g:1") is seat
    assert seats.join("kb1").index == 1  # a lost seat is not free
    assert seats.pad_back("pad:other:1") is None
    # a connected human's seat cannot be claimed, a lost one can
    with pytest.raises(ValueError):
        seats.claim(1, "kb2")
    with pytest.raises(ValueError):
        seats.claim(0, "kb1")  # kb1 already sits at seat 2
    claimed = seats.claim(0, "kb2")
    assert claimed.device == "kb2" and not claimed.lost and claimed.ready
    assert seats.pad_back("pad:g:1") is None  # the seat no longer waits for that pad
    cpu = seats.hand_to_cpu(0, "normal")
    assert cpu.cpu == "normal" and cpu.device is None and seats.seat_of("kb2") is None
