"""Phones as seats in the arcade, end to end: the real App (headless) with its phone server on
127.0.0.1, and phones that are real websocket clients (tests/test_phones.py's FakePhone) doing
what the page does: join, take a seat in the lobby, ready up, play Formula Fun to the end
against a CPU and a round of Flotter Otter, drop and come back, and never see another seat's
view. The fair-timing proof (a tap stamped first wins though it arrives later) runs on a clock
the test moves, like tests/test_time_order.py."""

from __future__ import annotations

import json
import socket
import time

import pytest

from game.core import decode_action
from scenes.games.fliegen_klatschen import scene as fk
from scenes.games.flotter_otter import scene as fo
from scenes.manager import SceneManager
from shell.app import FRAME_NS, App
from shell.phones import DEFAULT_PORT
from shell.phones.link import HOLD_NS
from shell.settings import PHONE_PORT, Settings
from shell.stats import Stats
from tests.driving import FAST, KB1, key
from tests.test_phones import FakePhone

WAIT = 20.0  # seconds of real time for anything that takes milliseconds


def make_app(tmp_path, clock, **kw):
    settings = Settings(tmp_path / "settings.json")
    settings.set("show_howto", False)
    app = App(SceneManager, settings=settings, stats=Stats(tmp_path / "stats.db"), pace=False,
              clock_ns=clock, phones=kw.pop("phones", True), phone_port=kw.pop("phone_port", 0),
              phone_host="127.0.0.1", **kw)
    app.start("title")
    app.run(frames=1)
    return app


def fast_clock():
    return int(time.perf_counter_ns() * FAST)


@pytest.fixture
def arcade(tmp_path):
    app = make_app(tmp_path, fast_clock)
    made = []
    yield app, made
    for phone in made:
        phone.close()
    app.close()


def connect(arcade, name="Anna", **kw) -> FakePhone:
    """A phone opens the page and joins; runs the arcade until the hub knows it."""
    app, made = arcade
    phone = FakePhone(app.phones.server, name=name, clock_ns=app.clock_ns, **kw)
    made.append(phone)
    phone.welcome = phone.expect("welcome")
    device = phone.welcome["phone_id"]
    run_until(app, lambda: app.hub.phone_name(device) == name)
    phone.device = device
    return phone


def run_until(app, done, timeout=WAIT):
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "gave up waiting"
        app.run(frames=1)


def tap(app, phone, action, frames=2):
    """The phone presses and lets go of a button; the arcade runs until both are in."""
    phone.tap(action, True)
    phone.tap(action, False)
    held = app.hub._held
    run_until(app, lambda: action in held.get(phone.device, {}) and
              not held[phone.device][action])
    app.run(frames=frames)


def last(phone, kind):
    """The latest message of that type the phone got (None before any)."""
    return next((m for m in reversed(phone.log) if m["type"] == kind), None)


def wait_for_game(app, game_id):
    """Run until that game's scene is on top; returns it."""
    from scenes.game_scene import GameScene

    run_until(app, lambda: isinstance(app.manager.top, GameScene)
              and app.manager.top.game_id == game_id)
    return app.manager.top


def to_lobby(app, game_id):
    app.manager.reset("lobby", game_id=game_id)
    app.run(frames=1)
    return app.manager.top


# -- joining ---------------------------------------------------------------------------------


def test_a_phone_that_joins_in_the_lobby_takes_a_seat_with_its_name_and_sees_it(arcade):
    app, _ = arcade
    lobby = to_lobby(app, "formula_fun")
    phone = connect(arcade, "Zoë")
    seat = app.seats.seat_of(phone.device)
    assert seat is not None and seat.name == "Zoë" and app.device_glyph(phone.device) == "Ph1"
    run_until(app, lambda: (last(phone, "seat") or {}).get("colour") is not None)
    assert last(phone, "seat") == {"type": "seat", "name": "Zoë", "colour": list(seat.colour),
                                   "shape": seat.shape}
    run_until(app, lambda: (last(phone, "controls") or {}).get("leave"))
    assert last(phone, "controls")["prompt"] == "Press A when you are ready"
    tap(app, phone, "x")                      # a CPU player
    assert len(app.seats.occupied()) == 2
    tap(app, phone, "a")                      # ready
    assert seat.ready and lobby.countdown is not None
    assert wait_for_game(app, "formula_fun").on_phone(0)


def test_a_phone_that_was_there_before_joins_with_A_and_leaving_gives_the_seat_its_name_back(
        arcade):
    app, _ = arcade
    phone = connect(arcade, "Bo")             # on the title screen: no seat
    assert app.seats.seat_of(phone.device) is None
    run_until(app, lambda: last(phone, "seat") is not None)
    assert last(phone, "seat")["colour"] is None and last(phone, "seat")["name"] == "Bo"
    tap(app, phone, "a")                      # title: Play (a phone drives menus like a pad)
    assert app.manager.top.name == "select"
    lobby = to_lobby(app, "flixo")
    assert app.seats.seat_of(phone.device) is None
    run_until(app, lambda: last(phone, "controls").get("prompt") == "Press A to take a seat")
    tap(app, phone, "a")
    seat = app.seats.seat_of(phone.device)
    assert seat.name == "Bo" and not seat.ready
    phone.tap("back", True)                   # held: leave
    run_until(app, lambda: app.seats.seat_of(phone.device) is None)
    assert app.seats[seat.index].name == "Player 1" and lobby.countdown is None


def test_the_lobby_shows_the_qr_code_address_and_room_code(arcade, tmp_path, monkeypatch):
    import pygame

    app, _ = arcade
    to_lobby(app, "formula_fun")
    app.run(frames=1)
    lobby = app.manager.top
    assert app.phones.url.startswith(f"http://127.0.0.1:{app.phones.port}/?room=")
    matrix = app.phones.qr_matrix()
    # the code drawn is the code of the URL: its modules at the panel's place on the canvas
    from scenes.screens.lobby import PHONE_W, QR_MODULE
    from shell import look
    left = look.SAFE.right - PHONE_W + (PHONE_W - (len(matrix) + 8) * QR_MODULE) // 2
    top = look.SAFE.top + 130 + 84
    for r in (0, 3, len(matrix) // 2, len(matrix) - 1):
        for c in range(len(matrix)):
            x = left + (c + 4) * QR_MODULE + QR_MODULE // 2
            y = top + (r + 4) * QR_MODULE + QR_MODULE // 2
            dark = sum(app.canvas.get_at((x, y))[:3]) < 200
            assert dark == matrix[r][c], (r, c)
    pygame.image.save(app.canvas, str(tmp_path / "lobby.png"))
    assert lobby.name == "lobby"
    # every line of the panel inside it (the room code's big type sat over its foot, and the
    # line on how to get there ran past both sides)
    from scenes.screens.lobby import SLOT_GAP, SLOT_H
    panel = pygame.Rect(look.SAFE.right - PHONE_W, look.SAFE.top + 130, PHONE_W,
                        2 * SLOT_H + SLOT_GAP)
    drawn, text = [], look.text
    monkeypatch.setattr(look, "text", lambda c, s, *a, **k: (
        drawn.append((s, text(c, s, *a, **k))), drawn[-1][1])[1])
    lobby.draw_phones(app.canvas, app.phones, panel)
    assert app.phones.room_code in [s for s, _ in drawn]
    for s, rect in drawn:
        assert panel.contains(rect), f"{s!r} at {rect} is not inside the panel {panel}"


# -- a whole turn-based game -----------------------------------------------------------------


TAP_GAP_S = 0.06  # a phone taps at most this often (the server drops a phone sending over
                  # 40 messages a second: a person is far slower)


def play_formula_fun(app, phones, scene, frames=20000):
    """Run the arcade; each phone, like a person looking at its page, plays the card under the
    cursor (A) whenever its controls say it is its turn, and then draws (A), each time
    something changed since its last press. Returns how many times each phone pressed A."""
    played = {phone.device: 0 for phone in phones}
    seen = {phone.device: 0 for phone in phones}
    tapped = {phone.device: 0.0 for phone in phones}
    for _ in range(frames):
        if app.manager.top is not scene or scene.state.is_terminal():
            break
        app.run(frames=1)
        for phone in phones:
            controls = last(phone, "controls") or {}
            turn = (isinstance(controls.get("selected"), int)         # a card to play, or
                    or controls.get("labels", {}).get("a") == "draw")  # the draw after it
            if (turn and len(phone.log) > seen[phone.device]
                    and time.monotonic() - tapped[phone.device] > TAP_GAP_S):
                seen[phone.device] = len(phone.log)
                tapped[phone.device] = time.monotonic()
                phone.tap("a", True)
                phone.tap("a", False)
                played[phone.device] += 1
    return played


def test_a_phone_plays_a_whole_game_of_formula_fun_against_a_cpu(arcade, monkeypatch):
    app, _ = arcade
    # Drawing some 6,000 frames of the race would cost ten seconds here and tells nothing about
    # phones (the scene's drawing has its own tests): the loop runs, the canvas stays as it is.
    monkeypatch.setattr(app, "draw", lambda: None)
    to_lobby(app, "formula_fun")
    phone = connect(arcade, "Anna")
    tap(app, phone, "x")
    tap(app, phone, "a")
    scene = wait_for_game(app, "formula_fun")
    played = play_formula_fun(app, [phone], scene, frames=80000)  # (two taps a turn)
    assert scene.state.is_terminal(), "the game did not end"
    mine = [entry for entry in scene.state.log if entry[0] == 0]
    assert played[phone.device] >= len(mine) > 5
    run_until(app, lambda: last(phone, "controls").get("prompt") == "Game over")
    tap(app, phone, "a")                      # A: on to the results
    run_until(app, lambda: app.manager.top.name == "results")
    # every view it got was its own seat's: player 0, its own hand
    views = [m["view"] for m in phone.log if m["type"] == "view" and m["view"] is not None]
    assert len(views) > 10 and all(v["you"] == 0 for v in views)


# -- nobody sees another seat's view -----------------------------------------------------------


def test_two_phones_at_one_table_each_get_only_their_own_hand(arcade):
    app, _ = arcade
    to_lobby(app, "formula_fun")
    anna, bo = connect(arcade, "Anna"), connect(arcade, "Bo")
    for phone in (anna, bo):
        tap(app, phone, "a")
    scene = wait_for_game(app, "formula_fun")
    hands = {0: set(), 1: set()}   # every hand each player held, as the core had it
    real_view = scene.state.view

    def spy(p):
        if p is not None:
            hands[p].add(tuple(scene.state.hands[p]))
        return real_view(p)

    scene.state.view = spy
    # Bo also tries to ask for Anna's view, and to act as her: the schema refuses both, his
    # phone is dropped, its seat is lost and the game pauses; nothing reaches Anna's seat.
    for _ in range(100):  # until both phones played (turns wait for taps, TAP_GAP_S apart)
        play_formula_fun(app, [anna, bo], scene, frames=30)
        if {seat for seat, *_ in scene.state.log} == {0, 1}:
            break
    for phone, me in ((anna, 0), (bo, 1)):
        views = [m["view"] for m in phone.log if m["type"] == "view" and m["view"] is not None]
        assert views and all(v["you"] == me for v in views)
        other = 1 - me
        assert all(tuple(v["hand"]) not in hands[other] or tuple(v["hand"]) in hands[me]
                   for v in views)
        text = json.dumps(phone.log)
        assert f'"you": {other}' not in text and f'"you":{other}' not in text
    assert {seat for seat, *_ in scene.state.log} == {0, 1}  # both phones played
    before = [m for m in anna.log]
    bo.send_raw(json.dumps({"type": "view", "seat": 0}))
    assert bo.wait_closed()[0] == 1008
    run_until(app, lambda: 1 in scene.lost)
    assert app.manager.top.name == "pause"
    app.run(frames=5)
    assert all(m["type"] != "view" or m["view"] is None or m["view"]["you"] == 0
               for m in anna.log[len(before):])


# -- a real-time round, a drop and a return ------------------------------------------------------


def test_a_phone_plays_a_round_of_flotter_otter_drops_and_takes_its_seat_back(arcade):
    app, _ = arcade
    to_lobby(app, "flotter_otter")
    phone = connect(arcade, "Anna")
    tap(app, phone, "x")
    tap(app, phone, "a")
    scene = wait_for_game(app, "flotter_otter")
    run_until(app, lambda: last(phone, "controls").get("layout") == "otter")
    assert app.input_delay_ns == HOLD_NS         # a phone at a real-time game: taps are held
    run_until(app, lambda: scene.state.phase == "stacking")
    onset = scene.state.onset
    before = app.clock_ns()
    for button in fo.correct_presses(scene.state.current):   # the right stack, then GRAB
        phone.tap(button, True)
        phone.tap(button, False)
    after = app.clock_ns()
    run_until(app, lambda: scene.state.last_result is not None)
    rows = scene.state.last_result["players"]
    mine = [entry for entry in scene.state.log if entry[0] == 0]
    assert len(mine) == 6, "the phone's presses did not all reach the game"
    if rows[0]["grab_ms"] is not None:   # (unless the CPU was quicker to the one grab card)
        # the grab took its place by the phone's own stamp: between the first tap and the last,
        # give or take the clock estimate's doubt, not when it arrived
        doubt = app.phones.server.timing(phone.device).uncertainty_ns
        grabbed = scene.clock.ns_at(mine[-1][2])
        assert before - doubt - 1_000_000 <= grabbed <= after + doubt + 1_000_000
        assert rows[0]["correct"]
    # the next round is under way: the phone's screen locks
    run_until(app, lambda: scene.state.phase == "stacking" and scene.state.onset > onset)
    voided = len([e for e in scene.state.log if e[0] == 0])
    token = phone.welcome["token"]
    phone.close()
    run_until(app, lambda: 0 in scene.lost)
    pause = app.manager.top
    assert pause.name == "pause" and pause.reason == "lost"
    assert scene.state.phase != "stacking"            # the round in flight is voided
    assert len([e for e in scene.state.log if e[0] == 0]) == voided + 1
    assert app.seats.seat_of(phone.device).lost
    # the same page comes back with its token: the seat is its again, the pause closes
    again = FakePhone(app.phones.server, name="Anna", token=token, clock_ns=app.clock_ns)
    arcade[1].append(again)
    assert again.expect("welcome")["back"] is True
    run_until(app, lambda: app.manager.top is scene and not scene.lost)
    run_until(app, lambda: (last(again, "controls") or {}).get("layout") == "otter")
    assert last(again, "seat")["name"] == "Anna"


def test_a_phone_pauses_with_its_pause_button_and_drives_the_pause_menu(arcade):
    app, _ = arcade
    to_lobby(app, "fliegen_klatschen")
    phone = connect(arcade, "Anna")
    app.seats.join("kb1")
    tap(app, phone, "a")
    key(app, KB1["a"])                          # both ready
    scene = wait_for_game(app, "fliegen_klatschen")
    run_until(app, lambda: last(phone, "controls").get("layout") == "slap")
    tap(app, phone, "start")                    # the page's pause button
    pause = app.manager.top
    assert pause.name == "pause" and pause.seat == app.seats.seat_of(phone.device).index
    run_until(app, lambda: last(phone, "controls").get("layout") == "menu")
    key(app, KB1["a"])                          # not the one who paused: nothing happens
    assert app.manager.top is pause
    tap(app, phone, "a")                        # Resume
    assert app.manager.top is scene
    run_until(app, lambda: last(phone, "controls").get("layout") == "slap")


def test_another_device_may_claim_a_lost_phone_seat(arcade):
    app, _ = arcade
    to_lobby(app, "flotte_flitzer")
    phone = connect(arcade, "Anna")
    tap(app, phone, "x")
    tap(app, phone, "a")
    scene = wait_for_game(app, "flotte_flitzer")
    phone.close()
    run_until(app, lambda: app.manager.top.name == "pause")
    key(app, KB1["a"])                          # the WASD zone takes the seat
    assert app.manager.top is scene and not scene.lost
    assert scene.seats[0].device == "kb1" and not scene.on_phone(0)


# -- switching phones on and off -------------------------------------------------------------


def listening(port) -> bool:
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_phones_off_means_nothing_listens_and_settings_turn_them_on_at_once(tmp_path):
    app = make_app(tmp_path, fast_clock, phones=None)       # the settings say no
    try:
        assert app.phones is None and app.input_delay_ns == 0
        app.manager.push("settings")
        settings = app.manager.top
        while settings.menu.key != "phones":
            key(app, KB1["down"], frames=1)
        assert settings.phones_label() == "Phones: off"
        key(app, KB1["a"])
        assert app.phones.running and app.settings.get("phones") is True
        port = app.phones.port
        assert listening(port) and settings.phones_label().startswith("Phones: on")
        key(app, KB1["a"])
        assert not app.phones.running and not listening(port)
        assert app.settings.get("phones") is False
    finally:
        app.close()


def test_a_port_in_use_is_a_notice_not_a_crash(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        app = make_app(tmp_path, fast_clock, phone_port=port)
        try:
            assert not app.phones.running
            assert any(f"port {port}" in text for text, _ in app.notices)
            to_lobby(app, "flixo")
            app.run(frames=2)                    # the lobby says why instead of a QR code
            assert app.manager.top.name == "lobby"
        finally:
            app.close()


def test_the_settings_know_the_servers_default_port():
    assert PHONE_PORT == DEFAULT_PORT


def test_main_takes_phones_and_a_port(monkeypatch):
    import main

    args = main.build_parser().parse_args(["--phones", "--phone-port", "9000"])
    assert args.phones and args.phone_port == 9000
    with pytest.raises(SystemExit):
        main.build_parser().parse_args(["--phone-port", "80"])
    seen = {}
    monkeypatch.setattr(main, "run_arcade", lambda **kw: seen.update(kw) or 0)
    assert main.main(["--phones", "--phone-port", "9001"]) == 0
    assert seen["phones"] is True and seen["phone_port"] == 9001
    main.main([])
    assert seen["phones"] is None and seen["phone_port"] is None


# -- fair timing: a tap stamped first wins though it arrives later --------------------------------


class Clock:
    """The app's clock, moved by the test (ns)."""

    def __init__(self):
        self.t = 10 ** 12

    def __call__(self):
        return self.t


SEED = 11
NO_TIMING = type("NoTiming", (), {"samples": 0})()


@pytest.fixture
def timed(tmp_path):
    """The arcade on a clock the test moves, one phone (player 0, its clock hours off the
    arcade's) and one virtual pad (player 1) seated; the phone's clock is known exactly (the
    clock stood still through its first exchanges)."""
    from shell.vjoy import VirtualPad

    clock = Clock()
    app = make_app(tmp_path, clock)
    pad = VirtualPad("Timing Pad", product=41)
    phone = None
    try:
        app.run(frames=2)
        [device] = [d for d in app.hub.devices() if d.startswith("pad:")]
        phone = FakePhone(app.phones.server, name="Anna", clock_ns=clock, offset_ms=-13_337_000.25)
        phone.device = phone.expect("welcome")["phone_id"]
        server = app.phones.server
        run_until(app, lambda: (server.timing(phone.device) or NO_TIMING).samples >= 8)
        for seat in app.seats.occupied():
            app.seats.leave(seat.index)
        app.seats.join(phone.device)
        app.seats.join(device)
        yield app, clock, phone, pad
    finally:
        if phone is not None:
            phone.close()
        pad.detach()
        app.close()


def frame(app, clock, step_ns=FRAME_NS):
    clock.t += step_ns
    app.run(frames=1)


def settle_pads(app):
    """Let the pad thread read twice at the clock's present value: a press made now is then
    stamped with it exactly (its stamp is the middle of two reads)."""
    if app.pads.running:
        reads = app.pads.reads
        deadline = time.monotonic() + WAIT
        while app.pads.reads < reads + 2:
            assert time.monotonic() < deadline
            time.sleep(0.0005)


def pending_from(scene, device):
    return [item for item in scene.pending if item[3].device == device]


@pytest.mark.parametrize("late_ms, phone_wins", [(40, True), (HOLD_NS // 1_000_000 + 40, False)],
                         ids=["arrives-40ms-later", "arrives-after-the-hold-window"])
def test_a_phone_tap_stamped_1ms_before_a_pad_press_takes_the_fly_though_it_arrives_later(
        timed, late_ms, phone_wins):
    app, clock, phone, pad = timed
    scene = app.manager.reset(fk.SCENE, seed=SEED)
    frame(app, clock)
    assert app.input_delay_ns == HOLD_NS            # a phone at a real-time game
    state = scene.state
    fly = next(i for i in range(112) if state.face[i] != fk.SWATTER)
    swatter = next(i for i in range(112) if state.face[i] == fk.SWATTER)
    assert scene.act(0, fk.Reveal(fly))
    frame(app, clock)
    assert scene.act(1, fk.Reveal(swatter))
    frame(app, clock)                               # the flip shows the swatter: the onset
    assert state.phase == "catch" and state.catch["cards"] == [fly]
    scene.cursor[0][0] = scene.cursor[1][0] = fly   # both hands over the one fly
    onset = state.catch["onset"]
    pad_ms = onset + 300
    pad_device = next(s.device for s in app.seats.occupied() if s.device.startswith("pad:"))
    while scene.game_ms() < pad_ms - 20:
        frame(app, clock)
    # the pad presses A at pad_ms (+ half a ms: no stamp sits on a ms boundary)
    clock.t = scene.clock.ns_at(pad_ms) + 500_000
    pad_ns = clock.t
    settle_pads(app)
    pad.press("a")
    run_until(app, lambda: pending_from(scene, pad_device) or slaps(state, 1))
    assert [item[0] for item in pending_from(scene, pad_device)] == [pad_ns]  # held back
    # the clock runs on; the phone's tap, made 1 ms before the pad's, arrives late_ms after it
    while clock.t < pad_ns + late_ms * 1_000_000:
        frame(app, clock, min(FRAME_NS, pad_ns + late_ms * 1_000_000 - clock.t))
    phone.tap("a", True, at_ns=pad_ns - 1_000_000)
    phone.tap("a", False, at_ns=pad_ns - 1_000_000)
    run_until(app, lambda: pending_from(scene, phone.device) or slaps(state, 0)
              or "a" in app.hub._held.get(phone.device, {}))
    while state.last_catch is None:
        frame(app, clock)
    [row] = [r for r in state.last_catch["players"] if fly in r["gained"]]
    if phone_wins:   # the phone's slap took its place by its stamp, 1 ms before the pad's,
        assert row["player"] == 0                 # and closed the catch: the pad's never landed
        assert slaps(state, 0) == [pad_ms - 1] and slaps(state, 1) == []
    else:            # arrived after the window: the pad's slap had taken the fly
        assert row["player"] == 1 and slaps(state, 1) == [pad_ms]


def slaps(state, player) -> list:
    """The game ms of a player's slaps in the log."""
    return [t for p, encoded, t in state.log
            if p == player and type(decode_action(state.info, encoded)).__name__ == "Slap"]


# -- the TV hides a phone seat's hand, without a curtain ----------------------------------------


@pytest.mark.parametrize("game_id", ["formula_fun", "flotte_flitzer"])
def test_the_tv_shows_a_phone_seats_hand_face_down_and_never_asks_the_others_to_look_away(
        game_id, monkeypatch):
    import pygame

    from scenes.games import game_scene_class
    from tests.driving import scene_by_hand

    app, scene = scene_by_hand(game_scene_class(game_id), cpus=0, humans=("phone:1", "kb1"),
                               game_id=game_id, seed=5)
    backs = []
    art = __import__(f"scenes.games.{game_id}.art", fromlist=["art"])
    real_face = art.card_surface if game_id == "formula_fun" else art.draw_card
    faces = []
    if game_id == "formula_fun":
        monkeypatch.setattr(art, "card_back", lambda size: backs.append(size) or
                            pygame.Surface(size))
        monkeypatch.setattr(art, "card_surface", lambda card, size: faces.append(card) or
                            real_face(card, size))
    else:
        from shell import look
        real_back = look.card_back
        monkeypatch.setattr(look, "card_back", lambda *a, **k: backs.append(a) or
                            real_back(*a, **k))
        monkeypatch.setattr(art, "draw_card", lambda canvas, card, *a: faces.append(card) or
                            real_face(canvas, card, *a))
    canvas = pygame.Surface((1920, 1080))
    phone_player = scene.player_of[app.seats.seat_of("phone:1").index]
    hand = scene.state.view(phone_player)["hand"]
    assert scene.state.current_player() == phone_player
    assert scene.hand_on_phone(phone_player) and scene.covered() is None  # no curtain
    scene.draw(canvas)
    assert len(backs) >= len(hand)                     # its hand lies face down on the TV
    public = scene.state.view(None).get("discard_top")   # (Formula Fun's played card)
    assert all(card == public for card in faces)       # nothing of the hand face up
    # the pad player still gets the curtain on their turn (two people at the TV)
    kb1 = scene.player_of[app.seats.seat_of("kb1").index]
    assert not scene.hand_on_phone(kb1)
    scene.shown_to = None
    monkeypatch.setattr(scene.state, "current_player", lambda: kb1)
    assert scene.covered() == kb1


# -- the input hub: phones are devices like pads ----------------------------------------------


def test_the_hub_treats_a_phone_like_a_pad(arcade):
    from shell.input import DeviceChange, Press
    from shell.phones import PhoneBack, PhoneInput, PhoneJoined, PhoneLeft

    app, _ = arcade
    hub, seats = app.hub, app.seats
    assert hub.handle_phone(PhoneJoined("phone:3", "Cem"), 5) == [
        DeviceChange("added", "phone:3", None, 5, "Cem")]
    assert "phone:3" in hub.devices() and hub.glyph("phone:3") == "Ph3"
    assert hub.label("phone:3", "start") == "Pause" and hub.label("phone:3", "left2") == "-"
    seat = seats.join("phone:3")
    # a tap keeps the phone's stamp, not the moment it was taken
    assert hub.handle_phone(PhoneInput("phone:3", "a", True, 1234), 9999) == [
        Press("phone:3", "a", True, 1234, seat.index)]
    # the same phone reconnecting over a lingering socket: nothing is lost, held keys go up
    assert hub.handle_phone(PhoneLeft("phone:3", "replaced"), 10_000) == [
        Press("phone:3", "a", False, 10_000, seat.index)]
    assert not seat.lost
    assert hub.handle_phone(PhoneBack("phone:3", "Cem"), 10_001) == [
        DeviceChange("back", "phone:3", seat.index, 10_001, "Cem")]
    # a drop: the seat is lost, exactly as an unplugged pad's; the return takes it back
    hub.handle_phone(PhoneInput("phone:3", "up", True, 20_000), 20_001)
    assert hub.handle_phone(PhoneLeft("phone:3", "timeout"), 30_000) == [
        Press("phone:3", "up", False, 30_000, seat.index),
        DeviceChange("lost", "phone:3", seat.index, 30_000, "Cem")]
    assert seat.lost and "phone:3" not in hub.devices()
    assert hub.handle_phone(PhoneInput("phone:3", "a", True, 30_001), 30_002) == []  # gone
    assert hub.handle_phone(PhoneBack("phone:3", "Cem"), 40_000) == [
        DeviceChange("back", "phone:3", seat.index, 40_000, "Cem")]
    assert not seat.lost


def test_a_phone_at_flixo_gets_the_teams_table_its_options_and_walks_the_cursor(arcade):
    app, _ = arcade
    to_lobby(app, "flixo")
    phone = connect(arcade, "Anna")
    tap(app, phone, "x")
    tap(app, phone, "a")
    scene = wait_for_game(app, "flixo")
    run_until(app, lambda: last(phone, "controls").get("prompt") == "Choose the level on the TV")
    tap(app, phone, "a")                                      # start, at the stored level
    assert not scene.choosing
    me = scene.player_of[app.seats.seat_of(phone.device).index]
    run_until(app, lambda: scene.state.current_player() == me and not scene.busy()
              and isinstance(last(phone, "controls").get("cursor"), list))
    controls, view = last(phone, "controls"), last(phone, "view")["view"]
    assert controls["layout"] == "flixo" and view["you"] == me
    assert view == json_roundtrip(scene.state.view(me))      # its table is the core's view
    d, r, c = controls["cursor"]
    assert view["displays"][d]["seat"] == me
    assert controls["labels"]["b"] == "draw" or view["forced"]
    # the page walks the TV's cursor to a tapped card with direction presses
    rows, cols = view["displays"][d]["shape"]
    tap(app, phone, "down")
    tap(app, phone, "right")
    assert scene.cursor_at(d) == ((r + 1) % rows, (c + 1) % cols)
    run_until(app, lambda: last(phone, "controls")["cursor"] == [d, (r + 1) % rows,
                                                                 (c + 1) % cols])
    if not view["forced"]:
        tap(app, phone, "b")                                  # draw
        run_until(app, lambda: last(phone, "controls")["labels"].get("a") == "swap it in")
        assert last(phone, "view")["view"]["drawn"] is not None


def json_roundtrip(value):
    return json.loads(json.dumps(value))
