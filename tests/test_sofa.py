"""What a sofa notices: Escape pauses a keyboard game and Start resumes; B goes back from the
lobby; CPU players have names of their own; the results name a CPU as one and give the margin;
the logo has no gap in its "tt"; screenshots go on numbering; text fits its box; ./play.sh
after ./test.sh does not install again."""

import os
import subprocess
from pathlib import Path

import pygame
import pytest

from game.core import Outcome
from scenes.games import game_scene_class
from scenes.screens import results as results_screen
from scenes.screens.lobby import PHONE_W, SLOT_GAP, SLOT_W
from shell import look
from shell.app import next_shot_number
from shell.input import InputHub, KEYBOARD_ZONES
from shell.seats import CPU_NAMES, Seats
from tests.driving import key, run_until

ROOT = Path(__file__).resolve().parent.parent


def seat_kb1_and_a_cpu(app, game_id="flotter_otter"):
    for seat in list(app.seats.occupied()):
        app.seats.leave(seat.index)
    app.seats.join("kb1")
    app.seats.add_cpu("easy")
    scene = app.manager.push(game_scene_class(game_id), game_id=game_id, seed=3)
    app.run(frames=3)
    return scene


# -- Escape, Start, B ------------------------------------------------------------------------

def test_escape_pauses_a_keyboard_game_and_escape_resumes(app):
    scene = seat_kb1_and_a_cpu(app)
    key(app, "escape")
    pause = app.manager.top
    assert pause.name == "pause" and pause.game is scene
    assert pause.driver_seat() is None             # any seated human drives it
    stopped = scene.game_ms()
    app.run(frames=20)
    assert scene.game_ms() == stopped
    key(app, "escape")
    assert app.manager.top is scene


def test_start_resumes_from_the_pause_menu_whatever_is_highlighted(app):
    scene = seat_kb1_and_a_cpu(app)
    key(app, "1")                                  # kb1 start: pause
    pause = app.manager.top
    key(app, "s")
    key(app, "s")                                  # down to a volume row
    assert pause.menu.key != "resume"
    key(app, "1")                                  # start again: resume, not "choose"
    assert app.manager.top is scene


def test_escape_in_the_demo_goes_to_the_title(app):
    app.manager.reset("demo", game_id="flotter_otter")
    app.run(frames=3)
    key(app, "escape")
    assert app.manager.top.name == "title"


def test_b_goes_back_from_the_lobby_and_says_so(app):
    for seat in list(app.seats.occupied()):
        app.seats.leave(seat.index)
    app.manager.reset("title")
    app.manager.push("select")
    lobby = app.manager.push("lobby", game_id="flotter_otter")
    app.run(frames=2)
    key(app, "f")                                  # kb1 joins
    key(app, "f")                                  # ready
    assert app.seats[0].ready
    key(app, "g")                                  # B: not ready (still in the lobby)
    assert app.manager.top is lobby and not app.seats[0].ready
    drawn = []
    real = look.button_cap
    look.button_cap = lambda c, pos, label, *a, **k: (drawn.append(label),
                                                      real(c, pos, label, *a, **k))[1]
    look.reset_cache()                             # (prompt rows are cached pictures)
    try:
        lobby.draw(app.canvas)
    finally:
        look.button_cap = real
    assert "G" in drawn                            # kb1's B key, "back to the games"
    key(app, "g")                                  # B while not ready: back to the games
    assert app.manager.top.name == "select"
    assert app.seats[0].device == "kb1"            # the seat stays taken


# -- who is who ------------------------------------------------------------------------------

def test_cpu_players_have_names_of_their_own():
    seats = Seats(names=["Anna"])
    seats.join("kb1")
    cpus = [seats.add_cpu(level) for level in ("easy", "normal", "hard")]
    assert [c.name for c in cpus] == list(CPU_NAMES[:3])
    assert not any(c.name.startswith("Player") for c in cpus)
    assert "CPU hard" in cpus[2].label
    seats.leave(cpus[0].index)
    again = seats.add_cpu("easy")
    assert again.name == CPU_NAMES[0] and len({s.name for s in seats.occupied()}) == 4
    seats.claim(again.index, "kb2")                # a person takes the CPU's seat
    assert again.name == f"Player {again.index + 1}"


def test_a_name_typed_in_the_picker_names_the_seat(app):
    for seat in list(app.seats.occupied()):
        app.seats.leave(seat.index)
    seat = app.seats.join("kb1")
    picker = app.manager.push("profile", seat=seat.index, device="kb1")
    picker.index = [k for k, _ in picker.items].index("name")
    picker.handle_list("a")
    assert picker.mode == "type"
    picker.text = "Oma Inge"
    picker.finish_name()
    assert seat.name == "Oma Inge" and seat.profile is None
    assert app.settings.get("seat_names")[seat.index] == "Oma Inge"


def results_for(app, scores, winners, cpus=(1,)):
    seats = Seats()
    out = []
    for p in range(len(scores)):
        out.append(seats.add_cpu("hard") if p in cpus else seats.join(f"kb{p + 1}"))
    return app.manager.reset("results", game_id="fliegen_klatschen", seats=out,
                             outcome=Outcome(scores=scores, winners=winners),
                             scene_class=game_scene_class("fliegen_klatschen"))


def test_a_cpu_winner_is_named_as_a_cpu_with_the_margin(app):
    res = results_for(app, [12, 15, 9], [1])
    name = res.seats[1].name
    assert res.headline() == f"{name} (CPU) wins!"
    assert res.margin() == f"by 3 points over {res.seats[0].name}"
    assert res.ranks == {0: 2, 1: 1, 2: 3}
    tie = results_for(app, [7, 7, 1], [0, 1], cpus=())
    assert tie.margin() == "a shared win on 7 points"
    assert tie.ranks == {0: 1, 1: 1, 2: 3}


def texts_drawn(app, scene) -> list:
    """Every text the scene draws in one frame (rendered afresh: the look caches text)."""
    texts = []
    real = look.text_surface
    look.text_surface = lambda s, *a, **k: (texts.append(s), real(s, *a, **k))[1]
    try:
        look.reset_cache()
        scene.draw(app.canvas)
    finally:
        look.text_surface = real
    return texts


def test_results_draw_the_highlight_when_there_is_one(app):
    res = results_for(app, [1, 4], [1])
    res.final_view = {"highlight": {"title": "Photo finish!", "text": "{p1} by 12 ms.",
                                    "players": [1, 0]}}
    res.t = 10_000
    texts = texts_drawn(app, res)
    # the core's {p1} is seat 1's name as the results name it
    assert "Photo finish!" in texts and f"{res.seats[1].name} (CPU) by 12 ms." in texts
    res.final_view = {}
    assert "Photo finish!" not in texts_drawn(app, res)


def test_eight_players_results_name_everybody_and_cut_no_heading(app):
    """Eight players under a long highlight: everybody's figures list all eight (the last two
    fell off the panel, the human among them), the highlight's title is written whole at a
    smaller size rather than cut, and three players tied on third place are named within
    their block's room, not over the first place's block. With eight different scores,
    places 4 to 8 all show under the podium (three rows fit there)."""
    scores = [2, 8, 5, 4, 4, 4, 2, 2]
    res = results_for(app, scores, [1], cpus=range(1, 8))
    res.final_view = {"highlight": {
        "title": "The photo finish that decided it",
        "text": "In round 6, {p1} grabbed 15 ms before {p0}, took the double and led from "
                "then on.", "players": [1, 0]}}
    res.t = 10_000
    texts = texts_drawn(app, res)
    for p, seat in enumerate(res.seats):
        line = f"{results_screen.who(seat)}: {results_screen.plural(scores[p], 'point')}"
        assert line in texts, f"{line!r} is missing from everybody's figures"
    assert "The photo finish that decided it" in texts
    third = [t for t in texts if t.startswith(results_screen.who(res.seats[3]))
             and "point" not in t]
    assert third and not any(t.endswith("...") for t in third), third
    size = next(s for s in (look.BODY, look.SMALL, look.MIN_FONT)
                if look.font(s).size(third[0])[0] <= results_screen.BLOCK_W + 30)
    assert look.font(size).size(third[0])[0] <= results_screen.BLOCK_W + 30
    scores = [1, 2, 3, 4, 5, 6, 7, 8]
    res = results_for(app, scores, [7], cpus=range(1, 8))
    res.t = 10_000
    texts = texts_drawn(app, res)
    for p in range(5):
        line = f"{results_screen.who(res.seats[p])}   {results_screen.plural(scores[p], 'point')}"
        assert line in texts and f"{8 - p}." in texts, f"place {8 - p} ({line!r}) is missing"


@pytest.mark.parametrize("screen", ["title", "settings", "practice", "pause",
                                    "pause, a pad lost", "pause, two pads lost"])
def test_no_button_of_a_menu_screen_lies_under_its_prompt_row(app, screen, monkeypatch):
    """The settings list grew until its last button (Done) sat under the prompt row; so did
    the pause menu's when a lost pad added its banner and a row."""
    app.manager.reset("title")
    if screen.startswith("pause"):
        for device in ("kb1", "kb2"):  # (two people at the table: two may lose their pads)
            app.seats.join(device)
        app.seats.add_cpu("easy")
        game = app.manager.push(game_scene_class("flotter_otter"), game_id="flotter_otter",
                                seed=3)
        app.run(frames=3)
        lost = {"pause": set(), "pause, a pad lost": {0}, "pause, two pads lost": {0, 1}}
        game.lost = set(lost[screen])  # (as a pad's unplugging marks them)
        app.manager.push("pause", game=game, device="kb1", seat=0)
    elif screen != "title":
        app.manager.push(screen)
    app.run(frames=2)
    buttons, rows = [], []
    button, caps_row = look.button, look.caps_row
    monkeypatch.setattr(look, "button", lambda *a, **k: (buttons.append(button(*a, **k)),
                                                          buttons[-1])[1])
    monkeypatch.setattr(look, "caps_row", lambda *a, **k: (rows.append(caps_row(*a, **k)),
                                                            rows[-1])[1])
    app.manager.top.draw(app.canvas)
    assert buttons and rows, screen
    for b in buttons:
        for row in rows:
            assert not b.colliderect(row), f"{screen}: a button {b} under the prompts {row}"


def test_figures_in_words():
    assert results_screen.plural(1, "point") == "1 point"
    assert results_screen.plural(0, "point") == "0 points"
    assert results_screen.plural(12, "point") == "12 points"
    assert results_screen.seconds(412) == "0.41 s"


def test_the_team_result_says_what_the_score_means(app):
    seats = Seats()
    team = [seats.join("kb1"), seats.add_cpu("normal")]
    res = app.manager.reset("results", game_id="flixo", seats=team,
                            outcome=Outcome(scores=[17, 17], winners=[0, 1], team_won=True,
                                            verdict="Not bad!"),
                            scene_class=game_scene_class("flixo"),
                            final_view={"score_meaning": "fewer is better"})
    res.t = 10_000
    texts = []
    real = look.text_surface
    look.text_surface = lambda s, *a, **k: (texts.append(s), real(s, *a, **k))[1]
    try:
        res.draw(app.canvas)
    finally:
        look.text_surface = real
    assert res.headline() == "The team wins!"
    assert "Not bad!" in texts and "Team score: 17 points" in texts
    assert "fewer is better" in texts


# -- nits ------------------------------------------------------------------------------------

def ink_runs(surface) -> list[tuple[int, int]]:
    """Column ranges with ink (alpha) in a rendered text."""
    w, h = surface.get_size()
    cols = [any(surface.get_at((x, y)).a > 40 for y in range(h)) for x in range(w)]
    runs, start = [], None
    for x, on in enumerate(cols + [False]):
        if on and start is None:
            start = x
        elif not on and start is not None:
            runs.append((start, x))
            start = None
    return runs


def test_the_logo_has_no_gap_in_its_tt(app):
    surf = look.font(look.HUGE).render("Flotte", True, (255, 255, 255))
    runs = ink_runs(surf)
    assert len(runs) == 6                          # F l o t t e
    gaps = [b[0] - a[1] for a, b in zip(runs, runs[1:])]
    tt = gaps[3]
    assert tt <= max(gaps[:3] + gaps[4:]), gaps
    f = look.font(look.HUGE)
    assert f.size("tt")[0] <= 2 * f.size("t")[0]


def test_pieces_of_text_share_one_baseline_when_one_has_an_accent(app):
    """ "Überholen" is rendered in pieces (the font kerns "er" apart); SDL_ttf puts the baseline
    of the piece with "Ü" lower, and the word jumped (seen on Flotte Flitzer's results)."""
    font = look.font(look.BODY)
    assert len(look._unkerned_pieces(font.pixels, "Überholen", {})) > 1  # (else: shows nothing)
    word = font.render("Überholen", True, (255, 255, 255))
    w = word.get_width()

    def ink_bottom(xs):  # no letter of the word goes below the baseline
        return max(y for y in range(word.get_height()) for x in xs if word.get_at((x, y)).a > 128)
    assert ink_bottom(range(0, w * 3 // 10)) == ink_bottom(range(w * 6 // 10, w))


def test_screenshots_go_on_after_the_highest_number(app, tmp_path):
    folder = tmp_path / "shots"
    folder.mkdir()
    assert next_shot_number(folder) == 1
    (folder / "041-title.png").write_bytes(b"")
    (folder / "007-lobby.png").write_bytes(b"")
    (folder / "notes.txt").write_text("")
    assert next_shot_number(folder) == 42
    app.screenshot_dir = folder
    path = app.screenshot()
    assert path.name.startswith("042-") and path.exists()
    assert app.screenshot().name.startswith("043-")


@pytest.mark.parametrize("device", list(KEYBOARD_ZONES) + ["xbox", "playstation", "nintendo",
                                                            "phone:1"])
def test_a_seats_own_buttons_fit_its_lobby_slot(app, device):
    if not device.startswith(("kb", "phone")):
        app.hub.set_model(f"pad:{device}:1", {"playstation": "ps5"}.get(device, device))
        device = f"pad:{device}:1"
    lobby = app.manager.reset("lobby", game_id="flotter_otter")
    narrow = (look.SAFE.width - PHONE_W - 4 * SLOT_GAP) // 4   # phones' panel beside the slots
    for ready in (False, True):
        for width in (SLOT_W - 30, narrow - 30):
            lines = lobby.slot_legend(device, ready, width)
            assert len(lines) == (1 if ready else 4)
            for pairs in lines:
                assert look.caps_row_size(pairs, look.MIN_FONT, 10_000)[0] <= width, \
                    (device, pairs)


def test_play_after_test_installs_nothing(tmp_path):
    """setup.sh: an install with the test extra serves ./play.sh (no second install)."""
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    old = 1_600_000_000
    os.utime(tmp_path / "pyproject.toml", (old, old))
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    log = tmp_path / "pip.log"
    python = venv / "python"
    python.write_text(f"#!/bin/sh\necho \"$@\" >> {log}\n")
    python.chmod(0o755)
    script = ROOT / "setup.sh"

    def run(extra):
        env = {**os.environ, "SETUP_EXTRA": extra}
        subprocess.run(["bash", "-c", f"source {script}"], cwd=tmp_path, env=env, check=True)
        return log.read_text().splitlines() if log.exists() else []

    assert len(run("test")) == 1                   # ./test.sh: installs with the extra
    assert len(run("")) == 1                       # ./play.sh: nothing more
    assert len(run("test")) == 1
    os.utime(tmp_path / "pyproject.toml")          # the project changed: both install again
    assert len(run("")) == 2
    assert len(run("test")) == 3
    assert len(run("")) == 3


def test_the_readme_lists_the_demo_games_and_each_zones_pause_key():
    from shell.input import DEFAULT_ZONES, key_label
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    demo = text[text.index("./play.sh demo [GAME]"):]
    demo = demo[:demo.index("```")]
    import game
    assert all(game_id in demo for game_id in game.GAMES) and "practice" in demo
    for zone, table in DEFAULT_ZONES.items():
        row = next(line for line in text.splitlines()
                   if line.startswith(f"| {zone[2:]} |"))
        assert f"{key_label(table['start'])} or Esc" in row, (zone, row)
