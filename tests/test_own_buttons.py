"""Your own buttons everywhere: every prompt on the shared screens names the buttons of the
device that will press them (shell.input's names by family, drawn by look.button_cap).

The walk: the real App (headless) with one device at a time: a keyboard zone (the arrow keys,
kb2, whose keys differ from the defaults people know), Xbox-, PlayStation- and Nintendo-like
SDL virtual pads (SDL tells their layout from vendor and product) and a phone. Each shared
screen is drawn with that device seated (or, where nobody sits, as the device that pressed last)
while every button cap and every text drawn is recorded. No cap may be another device's button,
no plain text may name a button ("A: ready", "press A", "hold Back"), and each screen shows at
least one cap. Party night's screens (scenes/cup/) are walked too: the setup and the offer to
resume a cup as nobody's, the cup's lobby, an intermission and the podium with the device
seated."""

import re

import pygame
import pytest

import game
from game.core import Outcome
from game.cup import Cup
from game.runner import play
from scenes.games import game_scene_class
from shell import look
from shell.input import ButtonName, InputHub, nintendo_names, nintendo_places
from shell.seats import Seats
from tests.driving import FAST, close_app, real_app

# (name, vendor, product) of pads SDL knows the layout of
PADS = {"xbox": ("Xbox One Pad", 0x045E, 0x02EA),
        "playstation": ("DualSense", 0x054C, 0x0CE6),
        "nintendo": ("Switch Pro", 0x057E, 0x2009)}
FAMILIES = ("keys", "xbox", "playstation", "nintendo", "phone")
# plain text that names a button instead of drawing it
NAMING = re.compile(r"(?<![\w/])(A|B|X|Y|L|R|LB|RB|LT|RT|Start|Back|Select|Options|Menu|View|Esc|"
                    r"Escape|Cross|Circle|Square|Triangle)\s*:\s|"
                    r"\b([Pp]ress|[Hh]old|with) (A|B|X|Y|Start|Back)\b|"
                    r"\b(A|B|X|Y|LB|RB) (for|to) ")  # "X for a CPU", "B to go back"


@pytest.fixture(scope="module")
def arcade(tmp_path_factory):
    from shell import vjoy
    app = real_app(tmp_path_factory.mktemp("buttons"), FAST)
    pads, devices = [], {"keys": "kb2"}
    for family, (name, vendor, product) in PADS.items():
        before = set(app.hub.devices())
        pads.append(vjoy.VirtualPad(name, vendor=vendor, product=product))
        app.run(frames=3)
        (devices[family],) = set(app.hub.devices()) - before
    from shell.phones.events import PhoneJoined
    app.hub.handle_phone(PhoneJoined("phone:1", "Zoë"), app.clock_ns())
    devices["phone"] = "phone:1"
    yield app, devices
    for pad in pads:
        pad.detach()
    close_app(app)


class Recorder:
    """Records every button cap and every text the look draws while it is on."""

    def __init__(self, monkeypatch):
        self.caps, self.texts = [], []
        cap, text = look.button_cap, look.text_surface
        monkeypatch.setattr(look, "button_cap", lambda c, pos, label, *a, **k:
                            (self.caps.append(label), cap(c, pos, label, *a, **k))[1])
        monkeypatch.setattr(look, "text_surface", lambda s, *a, **k:
                            (self.texts.append(s), text(s, *a, **k))[1])

    def clear(self):
        self.caps.clear()
        self.texts.clear()
        look.reset_cache()  # prompt rows are cached pictures: draw them afresh to see them


def check(app, device, family, rec, where, allow_keys=False):
    """The caps drawn are this device's own; no plain text names a button."""
    own = {str(n) for n in app.hub.names(device).values()}
    for cap in rec.caps:
        name = getattr(cap, "family", None)
        if allow_keys and name == "keys":
            continue
        if str(cap) == "Esc" and family == "keys":
            assert name == "keys", where
            continue
        assert isinstance(cap, ButtonName), f"{where}: {cap!r} is not a device's button"
        assert name == family and str(cap) in own, \
            f"{where}: {cap!r} ({name}) is not a button of the {family} device {device}"
    named = [t for t in rec.texts if NAMING.search(t)]
    assert not named, f"{where}: plain text names a button: {named}"


def empty_table(app):
    for seat in list(app.seats.occupied()):
        app.seats.leave(seat.index)


def draw(app, rec, scene=None):
    scene = scene or app.manager.top
    rec.clear()
    scene.draw(app.canvas)


UNSEATED = ("title", "select", "settings", "stats", "calibrate", "practice", "cup_setup")
CUP_GAMES = ["flotter_otter", "fliegen_klatschen", "flixo"]


@pytest.mark.parametrize("family", FAMILIES)
def test_the_device_family_is_known(arcade, family):
    app, devices = arcade
    assert app.hub.family(devices[family]) == family


def test_each_family_names_its_buttons():
    hub = InputHub(None, Seats())
    hub.set_model("pad:ps:1", "ps5")
    names = hub.names("pad:ps:1")
    assert (names["a"], names["b"], names["x"], names["y"]) == \
        ("Cross", "Circle", "Square", "Triangle")
    assert (names["l"], names["start"], names["back"]) == ("L1", "Options", "Create")
    hub.set_model("pad:x:1", "xbox")
    assert [hub.label("pad:x:1", a) for a in ("a", "l", "start")] == ["A", "LB", "Menu"]
    assert hub.label("pad:x:1", "a").place == "s"
    assert hub.label("kb2", "a") == "Right Ctrl" and hub.label("kb2", "a").family == "keys"
    assert hub.label("kb1", "left2") == "-"        # a zone has no second stick
    assert hub.label("phone:2", "start") == "Pause" and hub.family("phone:2") == "phone"
    # Nintendo: SDL's button labels on, its A is the A on the right; off, the bottom one is B
    assert nintendo_names(True)["a"] == "A" and nintendo_places(True)["a"] == "e"
    assert nintendo_names(False)["a"] == "B" and nintendo_places(False)["a"] == "s"
    assert (nintendo_names()["start"], nintendo_names()["back"]) == ("+", "−")


@pytest.mark.parametrize("family", FAMILIES)
def test_screens_nobody_sits_at_show_the_buttons_of_who_pressed_last(arcade, family,
                                                                      monkeypatch):
    app, devices = arcade
    device = devices[family]
    empty_table(app)
    app.hub.last_device = device
    rec = Recorder(monkeypatch)
    for name in UNSEATED:
        app.manager.reset("title")
        if name != "title":
            app.manager.push(name)
        app.run(frames=2)
        draw(app, rec)
        check(app, device, family, rec, name)
        assert rec.caps, f"{name} shows no button"
    app.manager.reset("title")
    app.manager.push("cup_resume", cup=Cup.new(CUP_GAMES, game.GAMES))  # at the start: nobody's
    draw(app, rec)
    check(app, device, family, rec, "cup_resume")
    assert str(app.hub.names(device)["a"]) in {str(c) for c in rec.caps}
    app.manager.reset("title")
    app.manager.push("keytest")
    draw(app, rec)
    check(app, device, family, rec, "keytest", allow_keys=True)  # the keyboard's own screen
    assert any(getattr(c, "family", "") == family for c in rec.caps) or family == "phone"


@pytest.mark.parametrize("family", FAMILIES)
def test_seated_screens_show_the_seated_devices_buttons(arcade, family, monkeypatch):
    app, devices = arcade
    device = devices[family]
    empty_table(app)
    seat = app.seats.join(device)
    app.seats.add_cpu("hard")
    rec = Recorder(monkeypatch)
    app.manager.reset("title")
    app.manager.push("select")
    app.manager.push("lobby", game_id="fliegen_klatschen")
    app.run(frames=2)
    draw(app, rec)
    check(app, device, family, rec, "lobby")
    own = app.hub.names(device)
    shown = {str(c) for c in rec.caps}
    assert {str(own[a]) for a in ("a", "start", "x", "b", "l", "r")} <= shown
    for game_id in game.GAMES:
        app.manager.reset("howto", game_id=game_id, scene_class=game_scene_class(game_id))
        app.run(frames=2)
        draw(app, rec)
        check(app, device, family, rec, f"howto {game_id}")
        assert str(own["a"]) in {str(c) for c in rec.caps}
    scene = app.manager.reset(game_scene_class("flotter_otter"), game_id="flotter_otter",
                              seed=1)
    app.run(frames=2)
    rec.clear()
    scene.draw_pause_hint(app.canvas)            # every game screen: the pause keys
    check(app, device, family, rec, "game")
    pause_keys = {str(c) for c in rec.caps}
    assert str(own["start"]) in pause_keys
    assert ("Esc" in pause_keys) == (family == "keys")
    flixo = app.manager.reset(game_scene_class("flixo"), game_id="flixo", seed=1)
    app.run(frames=2)
    assert flixo.choosing                        # Flixo's options panel, before the first turn
    draw(app, rec, flixo)
    check(app, device, family, rec, "flixo options")
    assert {str(own[a]) for a in ("a", "up", "left")} <= {str(c) for c in rec.caps}
    scene = app.manager.reset(game_scene_class("flotter_otter"), game_id="flotter_otter",
                              seed=1)
    app.run(frames=2)
    for game_id in ("flotte_flitzer", "formula_fun", "flixo"):  # end panels: A goes on
        ended = app.manager.reset(game_scene_class(game_id), game_id=game_id, seed=1)
        ended.choosing = False  # (Flixo: past its options panel)
        ended.replace_state(play(game.GAMES[game_id], 2, 1, ["hard", "hard"]))
        app.run(frames=2)
        rec.clear()
        ended.draw_table(app.canvas, ended.view())
        check(app, device, family, rec, f"{game_id} end panel")
        assert str(own["a"]) in {str(c) for c in rec.caps}, game_id
    scene = app.manager.reset(game_scene_class("flotter_otter"), game_id="flotter_otter",
                              seed=1)
    app.run(frames=2)
    app.manager.push("pause", game=scene, device=device, seat=seat.index)
    draw(app, rec)
    check(app, device, family, rec, "pause")
    assert str(own["start"]) in {str(c) for c in rec.caps}
    app.manager.reset("results", game_id="flotter_otter", seats=app.seats.occupied(),
                      outcome=Outcome(scores=[3, 5], winners=[1]), reactions={},
                      scene_class=game_scene_class("flotter_otter"))
    app.run(frames=2)
    draw(app, rec)
    check(app, device, family, rec, "results")
    assert rec.caps
    app.manager.reset("title")
    app.manager.push("practice")
    app.run(frames=2)
    draw(app, rec)
    check(app, device, family, rec, "practice")
    picker = app.manager.push("profile", seat=seat.index, device=device)
    draw(app, rec, picker)
    check(app, device, family, rec, "profile")
    picker.mode = "type"
    draw(app, rec, picker)
    check(app, device, family, rec, "profile typing")
    app.manager.reset("practice_summary", drill_id="simple", seats=[seat], records=[])
    draw(app, rec)
    check(app, device, family, rec, "practice summary")
    empty_table(app)


def resumed_cup(players) -> Cup:
    """A cup of CUP_GAMES with one game played, for these (seat, name, cpu) players."""
    cup = Cup.new(CUP_GAMES, game.GAMES)
    cup.players = [{"seat": i, "name": name, "cpu": cpu} for i, name, cpu in players]
    cup.record(Outcome(scores=list(range(len(players))), winners=[0]), None, False)
    return cup


@pytest.mark.parametrize("family", FAMILIES)
def test_party_night_screens_show_the_seated_devices_buttons(arcade, family, monkeypatch):
    """The cup's lobby, the line-up card, an intermission after a game and the podium, the
    way the host (scenes/cup/host.py) brings them up; a resumed cup's lobby says in words who
    it waits for and who is not in it."""
    app, devices = arcade
    device = devices[family]
    own = app.hub.names(device)
    names = list(app.seats.own_names)
    empty_table(app)
    app.seats.join(device)
    app.seats.add_cpu("hard")
    rec = Recorder(monkeypatch)
    try:
        app.manager.reset("title")
        app.manager.push("cup_setup")
        host = app.manager.push("cup", cup=Cup.new(CUP_GAMES, game.GAMES))
        lobby = app.manager.top
        assert lobby.name == "cup_lobby"
        app.run(frames=2)
        draw(app, rec)
        check(app, device, family, rec, "cup lobby")
        assert {str(own[a]) for a in ("a", "x", "b")} <= {str(c) for c in rec.caps}
        host.lobby_done = True                  # the countdown ran out: the line-up card
        app.manager.pop()
        card = app.manager.top
        assert card.name == "intermission" and card.result is None
        draw(app, rec)
        check(app, device, family, rec, "cup line-up")
        assert {str(own[a]) for a in ("a", "up", "down")} <= {str(c) for c in rec.caps}
        host.cup.record(Outcome(scores=[3, 5], winners=[1]), None, False)
        app.manager.pop()                       # the game's results left: the standings
        standings = app.manager.top
        assert standings.name == "intermission" and standings.result is not None
        standings.t = 60_000                    # counted, reordered, awards handed out
        draw(app, rec)
        check(app, device, family, rec, "intermission")
        assert str(own["a"]) in {str(c) for c in rec.caps}
        while not host.cup.finished:
            host.cup.record(Outcome(scores=[3, 5], winners=[1]), None, False)
        app.manager.pop()
        podium = app.manager.top
        assert podium.name == "podium"
        podium.t = 60_000
        draw(app, rec)
        check(app, device, family, rec, "podium")
        assert str(own["a"]) in {str(c) for c in rec.caps}

        # a resumed cup: its person at seat 2 is missing (the device sits at seat 0, a cup seat)
        empty_table(app)
        app.manager.reset("title")
        app.manager.push("cup", cup=resumed_cup([(0, "Anna", None), (1, "Robo", "hard"),
                                                 (2, "Ben", None)]), resumed=True)
        app.seats.join(device)
        lobby = app.manager.top
        draw(app, rec)
        check(app, device, family, rec, "resumed cup lobby")
        assert lobby.problem() == "Waiting for Ben: join, or add a CPU"
        assert lobby.problem() in rec.texts and str(own["x"]) in {str(c) for c in rec.caps}
        # ... and one the device is not in (seat 0 is not a seat of this cup)
        empty_table(app)
        app.manager.reset("title")
        app.manager.push("cup", cup=resumed_cup([(1, "Robo", "hard"), (2, "Ben", None)]),
                         resumed=True)
        app.seats.join(device)
        lobby = app.manager.top
        draw(app, rec)
        check(app, device, family, rec, "cup lobby, not in the cup")
        assert "is not in this cup" in lobby.problem() and lobby.problem() in rec.texts
        assert str(own["back"]) in {str(c) for c in rec.caps}  # hold it: leave
    finally:
        empty_table(app)
        app.manager.reset("title")
        for i, name in enumerate(names):
            app.seats.rename(i, name)


def test_the_demo_names_no_button(arcade, monkeypatch):
    app, _ = arcade
    empty_table(app)
    rec = Recorder(monkeypatch)
    demo = app.manager.reset("demo", game_id="flotter_otter")
    app.run(frames=3)
    draw(app, rec)
    assert not rec.caps and not [t for t in rec.texts if NAMING.search(t)]
    assert "DEMO - press any button to play" in rec.texts
    assert demo is not None


def test_every_device_in_a_prompt_shows_its_own_button(arcade, monkeypatch):
    """Several devices seated: each seat's own button, once per look ("/" between)."""
    app, devices = arcade
    empty_table(app)
    for family in FAMILIES:
        app.seats.join(devices[family])
    scene = app.manager.reset("title")
    caps = scene.button_caps("a")
    assert [str(group[0]) for group in caps] == ["Right Ctrl", "A", "Cross", "A", "A"]
    assert [group[0].family for group in caps] == list(FAMILIES)
    moves = scene.button_caps(("up", "left", "down", "right"), [devices["keys"],
                                                                 devices["xbox"]])
    assert [[str(n) for n in g] for g in moves] == [["Up", "Left", "Down", "Right"], ["D-pad"]]
    empty_table(app)
