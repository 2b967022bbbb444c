"""Party night, headless: the cup's rules (game/cup.py) and its file (shell/cup_file.py).

Whole games are played by bots (game/runner.py) and scored into a cup from their outcome and
final table view, as the results screen does in the arcade."""

import json
import os
import types

import pytest

from game import GAMES
from game.core import Outcome
from game.cup import (AWARDS, MAX_GAMES, PLACE_POINTS, TEAM_LOST_POINTS, TEAM_WON_POINTS, Cup,
                      CupError, choose, game_awards, placings, player_range, quick_pick)
from game.runner import play
from shell import cup_file
from shell.seats import Seats

LEVELS = ["easy", "normal", "hard", "normal"]
CUP = ["flotter_otter", "fliegen_klatschen", "flixo"]


def four_seats():
    seats = Seats()
    seats.join("kb1")
    for level in LEVELS[1:]:
        seats.add_cpu(level)
    return seats.occupied()


def new_cup(games=CUP):
    cup = Cup.new(games, GAMES)
    cup.seat(four_seats())
    return cup


def play_next(cup, seed):
    """Bots play the cup's next game to the end; the cup scores it. Returns the final state."""
    info = GAMES[cup.next_game]
    state = play(info, len(cup.players), seed, LEVELS)
    cup.record(state.outcome(), state.view(None), info.cooperative)
    return state


# -- placings and points --------------------------------------------------------------------------

def test_winners_share_first_and_equal_scores_share_the_better_place():
    assert placings([5, 9, 9, 1], [1, 2]) == [3, 1, 1, 4]
    assert placings([7, 3, 7, 3], [0, 2]) == [1, 3, 1, 3]
    # Flotter Otter: a tie on points that fewer waybills decided (outcome.winners says so)
    assert placings([8, 8, 3], [1]) == [2, 1, 3]
    # no winners named: by score alone
    assert placings([2, 4, 4], []) == [3, 1, 1]


def test_the_points_table_and_the_cooperative_share():
    cup = Cup.new(["formula_fun", "flixo"], GAMES)
    cup.seat(four_seats())
    cup.record(Outcome(scores=[20, 26, 13, 26], winners=[1, 3]), None, False)
    assert cup.results[0]["places"] == [3, 1, 4, 1]
    assert cup.results[0]["points"] == [PLACE_POINTS[2], 10, PLACE_POINTS[3], 10] == [5, 10, 3, 10]
    cup.record(Outcome(scores=[25] * 4, winners=[0, 1, 2, 3], team_won=True), None, True)
    assert cup.results[1]["points"] == [TEAM_WON_POINTS] * 4 == [10] * 4
    assert cup.totals() == [15, 20, 13, 20]
    # equal totals: more game wins first; here both won both: a shared place
    assert [(r["player"], r["place"]) for r in cup.standings()] == [(1, 1), (3, 1), (0, 3), (2, 4)]
    lost = Cup.new(["formula_fun", "flixo"], GAMES)
    lost.seat(four_seats())
    lost.record(Outcome(scores=[1, 2, 3, 4], winners=[3]), None, False)
    lost.record(Outcome(scores=[30] * 4, winners=[], team_won=False), None, True)
    assert lost.results[1]["points"] == [TEAM_LOST_POINTS] * 4 == [0] * 4
    assert lost.finished and lost.next_game is None
    with pytest.raises(CupError):
        lost.record(Outcome(scores=[0] * 4, winners=[]), None, False)


def test_equal_points_are_split_by_game_wins():
    seats = Seats()
    for _ in range(5):
        seats.add_cpu("easy")
    cup = Cup.new(["formula_fun", "flotte_flitzer"], GAMES)
    cup.seat(seats.occupied())
    cup.record(Outcome(scores=[9, 8, 1, 2, 3], winners=[0]), None, False)  # 10 7 2 3 5
    cup.record(Outcome(scores=[0, 5, 9, 8, 1], winners=[2]), None, False)  # 2 5 10 7 3
    assert cup.totals() == [12, 12, 12, 10, 8]
    assert cup.wins() == [1, 0, 1, 0, 0]
    assert [(r["player"], r["place"]) for r in cup.standings()] == \
        [(0, 1), (2, 1), (1, 3), (3, 4), (4, 5)]
    assert cup.places() == [1, 3, 1, 4, 5]


def test_a_cup_is_two_to_five_different_known_games_with_a_player_count_that_fits():
    with pytest.raises(CupError, match="2 to 5"):
        Cup.new(["flixo"], GAMES)
    with pytest.raises(CupError, match="twice"):
        Cup.new(["flixo", "flixo"], GAMES)
    with pytest.raises(CupError, match="unknown"):
        Cup.new(["flixo", "chess"], GAMES)
    assert player_range(GAMES[g] for g in GAMES) == (2, 5)  # Flixo takes at most 5
    assert player_range([GAMES["flotter_otter"], GAMES["fliegen_klatschen"]]) == (2, 8)
    picked = quick_pick(GAMES, 12345)
    assert len(picked) == 3 == len(set(picked)) and set(picked) <= set(GAMES)
    assert quick_pick(GAMES, 12345) == picked  # the same draw for the same seed
    assert len({tuple(quick_pick(GAMES, s)) for s in range(20)}) > 1


# -- awards ---------------------------------------------------------------------------------------

def test_awards_pick_the_best_figure_share_ties_and_skip_when_nobody_stands_out():
    fastest = next(a for a in AWARDS if a.kind == "fastest_slap")
    assert choose(fastest, [420.0, 310.0, None, 310.0])["players"] == [1, 3]
    assert choose(fastest, [None, None]) is None
    assert choose(fastest, [300.0, 300.0]) is None       # everybody alike
    false_starts = next(a for a in AWARDS if a.kind == "most_false_starts")
    assert choose(false_starts, [0, 0, 0]) is None       # under the minimum
    award = choose(false_starts, [0, 1, 0])
    assert award["players"] == [1] and award["figure"] == "1 false start"
    assert choose(false_starts, [0, 2, 0])["figure"] == "2 false starts"


def test_at_least_eight_kinds_of_award_come_from_real_games_and_none_is_random():
    """Every game played by bots a few times: the kinds awarded, each checked against the
    figure in the game's final view; the same game scored twice gives the same awards."""
    given = set()
    for game_id, info in GAMES.items():
        for seed in (1, 2, 3):
            state = play(info, 4, seed, LEVELS)
            view = state.view(None)
            awards = game_awards(game_id, view, 4)
            assert awards == game_awards(game_id, state.view(None), 4)
            for award in awards:
                given.add(award["kind"])
                check_award_against_view(award, view)
    per_game = {a.game for a in AWARDS if a.kind in given}
    assert len(given) >= 8, given
    assert per_game == set(GAMES)  # every game hands out at least one kind


def check_award_against_view(award, view):
    """Recompute the award's figure from the view in the plainest way."""
    kind, players, value = award["kind"], award["players"], award["value"]
    if kind == "fastest_slap":
        best = min(r["best_ms"] for r in view["summary"] if r["best_ms"] is not None)
        assert value == best and all(view["summary"][p]["best_ms"] == best for p in players)
    elif kind == "most_false_starts":
        assert value == max(view["false_starts"]) >= 1
        assert players == [p for p, n in enumerate(view["false_starts"]) if n == value]
    elif kind == "best_median_grab":
        medians = [t["grab"]["median"] for t in view["timing"] if t["grab"]["median"] is not None]
        assert value == min(medians)
    elif kind == "quickest_first_box":
        assert value == min(t["first_box"]["best"] for t in view["timing"]
                            if t["first_box"]["best"] is not None)
    elif kind == "first_home":
        car = next(c for c in view["cars"] if c["id"] == view["finished"][0])
        assert players == [car["owner"]]
    elif kind == "last_car_standing":
        car = view["cars"][view["result"]["winning_car"]]
        assert players == [car["owner"]]
    elif kind == "first_out":
        assert players == [view["cars"][view["out"][0]]["owner"]]
    elif kind == "flixo_spotter":
        counts = [sum(c["flixo"] for c in d["removed"]) for d in view["displays"]]
        assert value == max(counts) and players == [p for p, n in enumerate(counts) if n == value]
    elif kind == "tidiest_display":
        assert view["result"]["team_won"] and value == min(view["result"]["points"])


def test_cup_awards_count_game_wins_and_the_comeback():
    cup = Cup.new(["formula_fun", "flotte_flitzer", "flotter_otter"], GAMES)
    cup.seat(four_seats())
    cup.record(Outcome(scores=[9, 5, 3, 1], winners=[0]), None, False)  # 0 leads, 3 is last
    cup.record(Outcome(scores=[1, 5, 3, 9], winners=[3]), None, False)
    cup.record(Outcome(scores=[1, 5, 3, 9], winners=[3]), None, False)
    kinds = {a["kind"]: a for a in cup.cup_awards()}
    assert kinds["most_wins"]["players"] == [3] and kinds["most_wins"]["value"] == 2
    assert kinds["comeback"]["players"] == [3] and kinds["comeback"]["value"] == 3  # 4th to 1st
    assert cup.all_awards()[:2] == cup.cup_awards()


# -- a whole cup, saved after each game, resumed after a crash ---------------------------------

def test_a_whole_three_game_cup_with_bots():
    cup = new_cup()
    finals = [play_next(cup, seed) for seed in (11, 12, 13)]
    assert cup.finished
    for state, result in zip(finals, cup.results):
        outcome = state.outcome()
        if state.info.cooperative:
            expected = [TEAM_WON_POINTS if outcome.team_won else TEAM_LOST_POINTS] * 4
        else:
            expected = [PLACE_POINTS[place - 1] for place in placings(outcome.scores,
                                                                      outcome.winners)]
            assert set(outcome.winners) == {p for p in range(4) if result["places"][p] == 1}
        assert result["points"] == expected
        assert result["awards"] == game_awards(result["game"], state.view(None), 4)
    totals = [sum(r["points"][p] for r in cup.results) for p in range(4)]
    assert [row["total"] for row in cup.standings()] == sorted(totals, reverse=True)
    assert cup.results[0]["awards"] and cup.results[1]["awards"]  # the two real-time games
    assert {a["game"] for a in cup.all_awards()} >= {"flotter_otter", "fliegen_klatschen"}


def test_the_cup_saved_after_each_game_resumes_after_a_crash_between_games(tmp_path):
    path = tmp_path / cup_file.FILE_NAME
    straight = new_cup()
    for seed in (11, 12, 13):
        play_next(straight, seed)

    cup = new_cup()
    for seed in (11, 12):
        play_next(cup, seed)
        cup_file.write(path, cup.to_dict())
    # a crash: the cup object is gone, and a save that was killed left its temp file behind
    stale = tmp_path / "cup.json.x1y2.tmp"
    stale.write_text('{"half": ')
    os.utime(stale, (0, 0))
    del cup
    resumed = Cup.from_dict(cup_file.read(path), GAMES)
    assert not stale.exists()
    assert resumed.played == 2 and resumed.next_game == "flixo"
    assert resumed.players == straight.players
    play_next(resumed, 13)
    assert resumed.to_dict() == straight.to_dict()
    assert resumed.standings() == straight.standings()
    assert resumed.all_awards() == straight.all_awards()


def test_a_save_that_fails_half_way_leaves_the_last_good_cup(tmp_path, monkeypatch):
    path = tmp_path / cup_file.FILE_NAME
    cup = new_cup()
    play_next(cup, 11)
    cup_file.write(path, cup.to_dict())
    play_next(cup, 12)

    def crash(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        cup_file.write(path, cup.to_dict())
    monkeypatch.undo()
    assert Cup.from_dict(cup_file.read(path), GAMES).played == 1
    assert [p.name for p in tmp_path.iterdir()] == [cup_file.FILE_NAME]  # no temp file left


# -- a broken cup file -------------------------------------------------------------------------

def good_doc():
    cup = new_cup(["formula_fun", "flixo"])
    cup.record(Outcome(scores=[20, 26, 13, 26], winners=[1, 3]), None, False)
    return cup.to_dict()


def broken(doc, change):
    doc = json.loads(json.dumps(doc))
    change(doc)
    return json.dumps(doc)


BROKEN_FILES = {
    "not JSON": ('{"format": 1, "games": [', "not valid JSON"),
    "not UTF-8": (b'{"format": 1, "games": ["\xff"]}', "not UTF-8"),
    "a list": ("[1, 2, 3]", "not an object"),
    "NaN": ('{"format": NaN}', "NaN"),
    "huge number": ('{"format": ' + "9" * 5000 + "}", "number too long"),
    "too large": ("{" + " " * (cup_file.MAX_BYTES + 10) + "}", "larger than"),
    "no players": (lambda d: d.pop("players"), "no 'players'"),
    "a name that is a number": (lambda d: d["players"][0].update(name=7), "not a text"),
    "a seat that is true": (lambda d: d["players"][0].update(seat=True), "true/false"),
}
MEANINGLESS = {
    "unknown game": (lambda d: d["games"].__setitem__(0, "chess"), "unknown game"),
    "another version": (lambda d: d.update(format=99), "another version"),
    "seats twice": (lambda d: d["players"][1].update(seat=0), "seats"),
    "a result of another game": (lambda d: d["results"][0].update(game="flixo"), "not of"),
    "a place out of range": (lambda d: d["results"][0]["places"].__setitem__(0, 9), "place"),
    "too few players": (lambda d: d.update(players=d["players"][:1]), "do not fit"),
}


@pytest.mark.parametrize("name", sorted(BROKEN_FILES))
def test_a_broken_cup_file_is_refused_with_a_reason(tmp_path, name):
    content, why = BROKEN_FILES[name]
    if callable(content):
        content = broken(good_doc(), content)
    path = tmp_path / cup_file.FILE_NAME
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    with pytest.raises(cup_file.CupFileError, match=why):
        cup_file.read(path)


@pytest.mark.parametrize("name", sorted(MEANINGLESS))
def test_a_cup_file_whose_values_make_no_cup_is_refused_with_a_reason(tmp_path, name):
    change, why = MEANINGLESS[name]
    path = tmp_path / cup_file.FILE_NAME
    path.write_text(broken(good_doc(), change))
    doc = cup_file.read(path)  # the shape is fine
    with pytest.raises(CupError, match=why):
        Cup.from_dict(doc, GAMES)


def test_a_good_cup_file_round_trips_and_a_missing_one_is_none(tmp_path):
    path = tmp_path / cup_file.FILE_NAME
    assert cup_file.read(path) is None
    cup_file.write(path, good_doc())
    assert Cup.from_dict(cup_file.read(path), GAMES).to_dict() == good_doc()
    cup_file.remove(path)
    cup_file.remove(path)  # twice is fine
    assert cup_file.read(path) is None


def test_loading_a_broken_cup_keeps_it_aside_with_a_message(tmp_path):
    from scenes.cup import load_saved

    notices = []
    app = types.SimpleNamespace(settings=types.SimpleNamespace(path=tmp_path / "settings.json"),
                                notice=notices.append)
    path = tmp_path / cup_file.FILE_NAME
    path.write_text('{"format": 1, "games": ["flixo", "chess"], "players": [], "results": []}')
    assert load_saved(app) is None
    assert not path.exists()
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("cup.json.broken-")]
    assert len(kept) == 1 and "chess" in kept[0].read_text()
    assert len(notices) == 1 and "unknown game" in notices[0] and kept[0].name in notices[0]
    cup_file.write(path, good_doc())
    assert load_saved(app).played == 1 and len(notices) == 1


def test_max_games_is_every_game_on_the_box():
    assert MAX_GAMES == len(GAMES) == 5
