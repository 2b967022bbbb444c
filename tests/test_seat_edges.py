"""Seats, pause and devices at the edges, through the real loop with SDL virtual pads (issue 16):
nobody is locked out of a seat and no game waits forever, whatever screen is up when a pad
comes or goes."""

import random

import pytest

import game
from scenes.game_scene import GameScene
from scenes.games import GAME_SCENES
from tests import toygame
from tests.driving import FAST, KB1, close_app, key, real_app, run_until


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setitem(game.GAMES, "toy", toygame.INFO)
    monkeypatch.setitem(GAME_SCENES, "toy", "tests.toy_scene")
    a = real_app(tmp_path, FAST)
    yield a
    close_app(a)


@pytest.fixture
def pads():
    from shell.vjoy import VirtualPad

    made = []

    def make(name="Sofa Pad", product=1):
        pad = VirtualPad(name, product=product)
        made.append(pad)
        return pad

    yield make
    for pad in made:
        pad.detach()


def tap(app, pad, button, frames=2):
    pad.press(button)
    app.run(frames=1)
    pad.release(button)
    app.run(frames=frames)


def top(app):
    return app.manager.top


def into_game(app, pad, game_id="toy", howto=False):
    """From the title: the pad takes seat 0, kb1 seat 1, both ready; the how-to card is
    skipped unless `howto`. Returns the game scene (or the how-to card)."""
    app.manager.reset("title")
    app.manager.push("select")
    app.manager.push("lobby", game_id=game_id)
    app.run(frames=3)
    tap(app, pad, "a")                      # the pad joins
    key(app, KB1["a"])                      # kb1 joins
    assert [s.device.startswith("pad:") for s in app.seats.occupied()] == [True, False]
    tap(app, pad, "a")                      # both ready
    key(app, KB1["a"])
    assert run_until(app, lambda: top(app).name == "howto", 2000)
    if not howto:
        key(app, KB1["start"])
        assert isinstance(top(app), GameScene)
    return top(app)


def test_a_pause_whose_pad_goes_is_driven_by_any_seated_player_then_by_who_claims_it(
        app, pads):
    first = pads("First Pad", 1)
    scene = into_game(app, first)
    tap(app, first, "start")
    pause = top(app)
    assert pause.name == "pause"
    key(app, KB1["down"])                   # kb1 may not drive the pad's pause
    assert pause.menu.index == 0
    first.detach()
    app.run(frames=3)
    assert scene.lost == {0} and top(app) is pause
    key(app, KB1["down"])                   # the driver is gone: any seated human drives
    assert pause.menu.index == 1
    second = pads("Guest Pad", 2)
    app.run(frames=3)
    tap(app, second, "a")                   # a free pad claims the lost seat
    assert scene.lost == set() and app.seats[0].device != app.seats[1].device
    index = pause.menu.index
    key(app, KB1["down"])                   # the seat's driver is back (the guest's pad now)
    assert pause.menu.index == index
    tap(app, second, "dpdown")
    assert pause.menu.index == index + 1
    while pause.menu.key != "resume":
        tap(app, second, "dpup")
    tap(app, second, "a")                   # Resume
    assert top(app) is scene


def test_a_pad_lost_during_the_howto_card_pauses_the_game_at_its_start(app, pads):
    pad = pads()
    into_game(app, pad, howto=True)
    pad.detach()
    app.run(frames=3)
    key(app, KB1["start"])                  # kb1 skips the how-to card: the game begins
    app.run(frames=2)
    pause = top(app)
    assert pause.name == "pause" and pause.reason == "lost"
    assert pause.game.lost == {0}


@pytest.mark.parametrize("game_id", ["formula_fun", "toy"])
def test_a_pad_lost_while_settings_covers_the_pause_is_known_to_the_game(app, pads, game_id):
    pad = pads()
    scene = into_game(app, pad, game_id)
    key(app, KB1["start"])                  # kb1 pauses, opens Settings
    pause = top(app)
    while pause.menu.key != "settings":
        key(app, KB1["down"])
    key(app, KB1["a"])
    assert top(app).name == "settings"
    pad.detach()
    app.run(frames=3)
    assert scene.lost == {0}                # the game knows, under two scenes
    app.manager.pop()                       # Settings: Done
    app.run(frames=2)
    assert top(app) is pause and any(k.startswith("cpu:") for k, _ in pause.menu.items)
    pause.menu.index = 0
    key(app, KB1["a"])                      # Resume is refused while a seat has no device
    assert top(app) is pause and app.audio.played[-1] == "error"


def test_a_pad_back_while_settings_covers_its_lost_pad_pause_ends_the_pause(app, pads):
    pad = pads("Sofa Pad", 5)
    scene = into_game(app, pad)
    pad.detach()
    app.run(frames=3)
    pause = top(app)
    assert pause.reason == "lost"
    while pause.menu.key != "settings":
        key(app, KB1["down"])               # kb1 (any seated human) drives this pause
    key(app, KB1["a"])
    assert top(app).name == "settings"
    pads("Sofa Pad", 5)                     # the same pad comes back meanwhile
    app.run(frames=3)
    assert scene.lost == set() and top(app).name == "settings"
    app.manager.pop()                       # leaving Settings: the pause has nothing to wait for
    app.run(frames=2)
    assert top(app) is scene


def finish_toy(app, scene):
    scene.state.round = toygame.ROUNDS      # over: the results come after the final table
    assert run_until(app, lambda: top(app).name == "results", 2000)


def test_a_pad_lost_on_the_results_screen_leaves_its_seat_free_in_the_lobby(app, pads):
    pad = pads()
    finish_toy(app, into_game(app, pad))
    pad.detach()
    app.run(frames=3)
    results = top(app)
    while results.menu.key != "lobby":
        key(app, KB1["down"])
    key(app, KB1["a"])
    lobby = top(app)
    assert lobby.name == "lobby" and app.seats[0].is_free
    key(app, KB1["x"])                      # a CPU instead; kb1 ready: the countdown runs
    key(app, KB1["a"])
    assert lobby.problem() == ""


def test_a_pad_lost_after_quit_to_the_menu_does_not_block_the_next_lobby(app, pads):
    pad = pads()
    into_game(app, pad)
    key(app, KB1["start"])
    pause = top(app)
    while pause.menu.key != "quit":
        key(app, KB1["down"])
    key(app, KB1["a"])
    assert top(app).name == "title"
    pad.detach()
    app.run(frames=3)
    app.manager.push("select")
    app.manager.push("lobby", game_id="toy")
    app.run(frames=2)
    assert app.seats[0].is_free and not any(s.lost for s in app.seats.occupied())
    key(app, KB1["x"])
    key(app, KB1["a"])
    assert top(app).problem() == ""


def test_a_pad_plugged_in_while_a_frame_is_worked_out_as_another_goes_is_opened(app, pads):
    import pygame

    staying, going = pads("Staying", 11), pads("Going", 12)
    app.run(frames=3)
    scene = top(app)
    real = scene.update
    box = {}

    def update(dt_ms):
        real(dt_ms)
        if "new" in box:
            return
        box["new"] = pads("Newcomer", 13)  # plugged in mid-frame: its ADDED event is taken
        while pygame.event.peek((pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED),
                                pump=False):
            pass                            # by the main thread, held until after the flip
        going.detach()                      # ... and another pad goes before that

    scene.update = update
    app.run(frames=2)
    scene.update = real
    app.run(frames=3)
    names = sorted(app.hub.pad_name(d) for d in app.hub.devices() if d.startswith("pad:"))
    assert names == ["Newcomer", "Staying"]


def test_500_random_plugs_unplugs_and_presses_across_the_screens_leave_every_seat_usable(
        app, pads):
    """A soak: eight models of pad come and go and press buttons at random across the title,
    the menus, lobbies, how-to cards, games, pauses and results. At the end every pad is in
    again and every seated human's pad drives its own seat."""
    rng = random.Random(16)
    plugged: dict = {}
    buttons = ("a", "a", "a", "b", "start", "dpdown", "dpup", "dpright", "x")
    app.manager.push("select")
    for step in range(500):
        roll = rng.random()
        model = rng.randrange(8)
        if roll < 0.15 and model not in plugged:
            plugged[model] = pads(f"Soak {model}", 80 + model)
        elif roll < 0.27 and model in plugged:
            plugged.pop(model).detach()
        elif plugged:
            pad = plugged[rng.choice(list(plugged))]
            tap(app, pad, rng.choice(buttons), frames=1)
        app.run(frames=rng.randrange(1, 4))
        if isinstance(top(app), GameScene) and rng.random() < 0.05:
            top(app).state.is_terminal = lambda: True  # games end now and then
    for model in range(8):
        if model not in plugged:
            plugged[model] = pads(f"Soak {model}", 80 + model)
    app.run(frames=5)
    assert not any(s.lost for s in app.seats.occupied()), "a pad came back but not its seat"
    seen = []
    original = app.manager.handle

    def spy(item):
        seen.append(item)
        original(item)

    device_of = {app.hub.pad_name(d): d for d in app.hub.devices() if d.startswith("pad:")}
    assert len(device_of) == 8
    seated = {d: app.seats.seat_of(d).index for d in device_of.values() if app.seats.seat_of(d)}
    app.manager.handle = spy
    for pad in plugged.values():
        tap(app, pad, "y", frames=1)
    app.manager.handle = original
    for pad in plugged.values():
        device = device_of[pad.name]
        presses = [i for i in seen if getattr(i, "device", None) == device and i.down]
        assert presses, f"{pad.name} made no press"
        if device in seated:  # a seated player's pad drives exactly its own seat
            assert [i.seat for i in presses] == [seated[device]] * len(presses)
    # And a fresh lobby seats all eight: each pad takes a seat of its own and drives it.
    app.manager.reset("title")
    app.manager.push("select")
    app.manager.push("lobby", game_id="toy")
    for seat in app.seats.occupied():
        app.seats.leave(seat.index)
    for pad in plugged.values():
        tap(app, pad, "a", frames=1)
    taken = [app.seats.seat_of(device_of[pad.name]) for pad in plugged.values()]
    assert sorted(seat.index for seat in taken) == list(range(8))
