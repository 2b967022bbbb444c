"""Party night through the real App (headless, keys posted as pygame events, a fast clock):
title -> Party night -> pick games -> seats -> line-up -> game -> results -> intermission ->
game -> results -> podium -> title; the offer to resume at the next start; a broken cup file
at start; backing out of the cup's lobby; the attract mode.

The cup plays the toy game of tests/toygame.py (a few seconds) and Flotter Otter (a real game
that hands out awards); the people hand their seats to CPU players once a game runs, as
tests/test_app_loop.py does, so the games finish on their own.
"""

import json

import pytest

import game
from game.cup import Cup
from scenes.games import GAME_SCENES
from shell import cup_file, look

from tests import toygame
from tests.driving import KB1, close_app, key, real_app, run_until

SPEED = 40
MAX_FRAMES = 40_000


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(game.GAMES, "toy", toygame.INFO)
    monkeypatch.setitem(GAME_SCENES, "toy", "tests.toy_scene")


@pytest.fixture
def app(tmp_path, toy):
    a = real_app(tmp_path, SPEED)
    yield a
    close_app(a)


def top(app):
    return app.manager.top


def cup_path(app):
    return app.settings.path.parent / cup_file.FILE_NAME


def saved(app) -> Cup:
    return Cup.from_dict(cup_file.read(cup_path(app)), game.GAMES)


def choose(app, item: str) -> None:
    """Move the menu on top down to `item` (its key), then press A."""
    menu = top(app).menu
    for _ in range(len(menu.items)):
        if menu.key == item:
            break
        key(app, KB1["down"])
    assert menu.key == item
    key(app, KB1["a"])


def play_to_results(app) -> None:
    """The game on top runs to its results, the people's seats handed to CPU players."""
    scene = top(app)
    assert scene.name not in ("results", "intermission")
    for p in list(scene.humans()):
        app.seats.hand_to_cpu(scene.seats[p].index, "hard")
        scene.hand_to_cpu(p, "hard")
    assert run_until(app, lambda: top(app).name == "results", MAX_FRAMES), \
        f"{scene.game_id} did not end (game time {scene.game_ms()} ms)"


def test_a_whole_cup_from_the_title_to_the_podium(app):
    choose(app, "party")
    assert top(app).name == "cup_setup"
    choose(app, "game:toy")
    choose(app, "game:flotter_otter")
    choose(app, "start")
    assert top(app).name == "cup_lobby"
    host = app.manager.stack[-2]
    assert host.name == "cup" and host.cup.games == ["toy", "flotter_otter"]
    key(app, KB1["a"])                              # kb1 joins
    key(app, KB1["x"])                              # and adds a CPU
    key(app, KB1["a"])                              # ready: the countdown runs
    assert run_until(app, lambda: top(app).name == "intermission", 2000)
    assert [p["cpu"] for p in host.cup.players] == [None, "normal"]
    assert top(app).menu.label(0) == "Play Toy Snap"  # the line-up card
    key(app, KB1["a"])
    assert top(app).name == "howto"
    key(app, KB1["a"])                              # read it: the game starts
    assert top(app).game_id == "toy"
    play_to_results(app)

    results = top(app)
    assert [k for k, _ in results.menu.items] == ["cup", "title"]
    first = saved(app)                              # saved as soon as the game was over
    assert first.played == 1 and first.results[0]["game"] == "toy"
    assert sorted(first.results[0]["points"]) in ([7, 10], [10, 10])
    key(app, KB1["a"])                              # Continue the cup
    pause = top(app)
    assert pause.name == "intermission" and pause.result["game"] == "toy"
    counts = dict(app.audio.counts)
    assert run_until(app, lambda: pause.reordered() >= 1, 2000)
    assert app.audio.counts["move"] > counts.get("move", 0)   # the totals ticked up
    assert app.audio.counts["thump"] > counts.get("thump", 0)  # the rows landed
    key(app, KB1["a"])                              # Play Flotter Otter: nobody is left to
    assert top(app).game_id == "flotter_otter"      # read the how-to card, so straight on
    play_to_results(app)
    key(app, KB1["a"])
    podium = top(app)
    assert podium.name == "podium"
    assert saved(app).finished
    assert run_until(app, lambda: podium.t > 4000, 2000)
    assert app.audio.counts["win"] >= 3             # two results and the champion
    champions = {row["player"] for row in podium.standings if row["place"] == 1}
    totals = podium.cup.totals()
    assert champions == {p for p in range(2) if totals[p] == max(totals)}
    assert podium.awards == podium.cup.all_awards()
    assert any(a["game"] == "flotter_otter" for a in podium.awards)
    key(app, KB1["a"])                              # back to the menu: the cup is over
    assert [s.name for s in app.manager.stack] == ["title"]
    assert not cup_path(app).exists()
    assert min(look.USED_SIZES) >= look.MIN_FONT


def write_cup(path, games=("toy", "flotter_otter"), played=1, human_seat=0):
    cup = Cup.new(list(games), game.GAMES)
    cup.players = [{"seat": human_seat, "name": "Anna", "cpu": None},
                   {"seat": 1 - human_seat, "name": "Robo", "cpu": "hard"}]
    from game.core import Outcome
    for _ in range(played):
        cup.record(Outcome(scores=[1, 3], winners=[1]), None, False)
    cup_file.write(path, cup.to_dict())
    return cup


def test_an_unfinished_cup_is_offered_at_the_next_start_and_resumed(tmp_path, toy):
    write_cup(tmp_path / cup_file.FILE_NAME)
    app = real_app(tmp_path, SPEED)
    try:
        offer = top(app)
        assert offer.name == "cup_resume"
        assert "Robo leads with 10 points" in offer.summary()
        key(app, KB1["a"])                          # Resume the cup
        lobby = top(app)
        assert lobby.name == "cup_lobby"
        robo, anna = app.seats[1], app.seats[0]
        assert robo.cpu == "hard" and robo.name == "Robo"
        assert anna.is_free and anna.name == "Anna"
        assert lobby.problem() == "Waiting for Anna: press a button to join"
        key(app, KB1["a"])                          # kb1 joins: the lowest free seat, Anna's
        assert app.seats.seat_of("kb1") is anna
        key(app, KB1["a"])                          # ready
        assert run_until(app, lambda: top(app).name == "intermission", 2000)
        pause = top(app)
        assert pause.result["game"] == "toy" and pause.cup.played == 1
        assert pause.menu.label(0) == "Play Flotter Otter"
        choose(app, "title")                        # Main menu: the cup stays saved
        assert [s.name for s in app.manager.stack] == ["title"]
        assert saved(app).played == 1
        choose(app, "party")                        # and the setup offers it again
        assert top(app).menu.key == "resume"
        assert top(app).menu.label(0) == "Resume the cup: 1 of 2 played"
    finally:
        close_app(app)


def test_a_finished_cup_left_on_the_podium_shows_the_podium_again(tmp_path, toy):
    write_cup(tmp_path / cup_file.FILE_NAME, played=2)
    app = real_app(tmp_path, SPEED)
    try:
        key(app, KB1["a"])                          # Resume the cup
        assert top(app).name == "podium"
        assert top(app).standings[0]["player"] == 1 and top(app).standings[0]["total"] == 20
    finally:
        close_app(app)


def test_forget_it_removes_the_saved_cup(tmp_path, toy):
    write_cup(tmp_path / cup_file.FILE_NAME)
    app = real_app(tmp_path, SPEED)
    try:
        choose(app, "forget")
        assert top(app).name == "title"
        assert not (tmp_path / cup_file.FILE_NAME).exists()
    finally:
        close_app(app)


def test_escape_at_the_offer_is_not_now(tmp_path, toy):
    write_cup(tmp_path / cup_file.FILE_NAME)
    app = real_app(tmp_path, SPEED)
    try:
        assert top(app).name == "cup_resume"
        key(app, "escape")
        assert [s.name for s in app.manager.stack] == ["title"]
        assert saved(app).played == 1               # the cup stays saved
    finally:
        close_app(app)


def test_a_broken_cup_file_at_start_is_kept_aside_with_a_message(tmp_path, toy):
    path = tmp_path / cup_file.FILE_NAME
    doc = json.loads(json.dumps(write_cup(path).to_dict()))
    doc["results"][0]["places"] = "first"
    path.write_text(json.dumps(doc))
    app = real_app(tmp_path, SPEED)
    try:
        assert [s.name for s in app.manager.stack] == ["title"]
        kept = [p for p in tmp_path.iterdir() if p.name.startswith("cup.json.broken-")]
        assert len(kept) == 1 and not path.exists()
        [(text, _)] = app.notices
        assert "could not be used" in text and "places is not a list" in text
        assert kept[0].name in text
    finally:
        close_app(app)


def test_backing_out_of_the_cup_lobby_returns_to_the_setup(app):
    choose(app, "party")
    choose(app, "quick")
    assert top(app).name == "cup_lobby" and len(app.manager.stack[-2].cup.games) == 3
    key(app, KB1["b"])                              # B with nobody seated: leave
    assert top(app).name == "cup_setup"
    key(app, KB1["b"])
    assert top(app).name == "title"
    assert not cup_path(app).exists()               # nothing was played: nothing saved
    choose(app, "party")
    key(app, "escape")                              # Escape goes back too (the prompts say so)
    assert top(app).name == "title"


def test_the_cup_lobby_needs_a_player_count_that_fits_every_game(app):
    choose(app, "party")
    choose(app, "game:flixo")                       # at most 5 players
    choose(app, "game:fliegen_klatschen")
    choose(app, "start")
    lobby = top(app)
    assert (lobby.info.min_players, lobby.info.max_players) == (2, 5)
    key(app, KB1["a"])                              # kb1 joins
    for _ in range(5):
        key(app, KB1["x"])                          # a sixth player is refused
    assert len(app.seats.occupied()) == 5
    assert "at most 5" in lobby.message


def test_the_party_demo_plays_a_cup_of_cpu_players(tmp_path, toy):
    app = real_app(tmp_path, SPEED)
    try:
        app.start("cup", demo=True, seed=19)      # (seed 19 draws the toy game first)
        host = app.manager.stack[0]
        assert all(s.is_cpu for s in host.table) and not app.seats.occupied()
        assert top(app).name == "intermission"      # the line-up, then the first game
        assert run_until(app, lambda: getattr(top(app), "demo", False), 3000)
        assert top(app).game_id == host.cup.games[0]
        assert run_until(app, lambda: host.cup.played == 1, MAX_FRAMES)
        assert run_until(app, lambda: top(app).name == "intermission", 2000)  # results: by
        assert top(app).result["game"] == "toy"     # themselves, then the standings
        assert not cup_path(app).exists()           # the demo saves nothing
        key(app, KB1["a"])                          # any button: the title
        assert [s.name for s in app.manager.stack] == ["title"]
    finally:
        close_app(app)


def test_main_demo_party_starts_the_cup_attract_mode(tmp_path, monkeypatch):
    import main
    import scenes.cup.host as host_module
    import shell.settings
    import shell.stats

    monkeypatch.setattr(shell.settings, "default_path", lambda: tmp_path / "settings.json")
    monkeypatch.setattr(shell.stats, "default_path", lambda: tmp_path / "stats.db")
    started = []
    enter = host_module.CupScene.enter
    monkeypatch.setattr(host_module.CupScene, "enter",
                        lambda self, **kw: (started.append(kw), enter(self, **kw)))
    assert main.main(["demo", "party", "--frames", "5"]) == 0
    assert started == [{"demo": True}]
