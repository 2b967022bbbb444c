"""The headless runner leaves out polls a bot says would change nothing (game.bots): a
real-time bot's poll right after its own actions (`settled_by_own`), a turn-based bot's poll
on a forced move (`forced_moves_free`). Polled anyway, every bot plays the very same games."""

import pytest

from game import GAMES
from game import flotter_otter as fo
from game.bots.flotter_otter import OtterBot
from game.core import decode_action
from game.runner import make_bots, run_realtime, run_turns


def games_and_polls(info, players: int, levels: list, seeds: int) -> tuple[list, int]:
    """(log and hash of each game, polls made in all) of seeds 0..seeds-1 played by bots."""
    games, count = [], 0
    for seed in range(seeds):
        state = info.new(players, {}, seed)
        bots = make_bots(info, players, seed, levels)
        for bot in bots:
            def counted(view, legal, now, poll=bot.poll):
                nonlocal count
                count += 1
                return poll(view, legal, now)
            bot.poll = counted
        (run_realtime if info.realtime else run_turns)(state, bots)
        games.append((state.log, state.state_hash()))
    return games, count


@pytest.mark.parametrize("players", [2, 4, 8])
def test_polls_left_out_after_a_bots_own_actions_would_have_done_nothing(players, monkeypatch):
    """OtterBot is settled by its own actions: the runner leaves out the poll right after
    them."""
    levels = ["easy", "normal", "hard", "hard", "normal", "easy", "hard", "normal"][:players]
    monkeypatch.setattr(OtterBot, "settled_by_own", True)
    skipped, fewer = games_and_polls(fo.INFO, players, levels, 3)
    monkeypatch.setattr(OtterBot, "settled_by_own", False)
    polled, all_polls = games_and_polls(fo.INFO, players, levels, 3)
    assert skipped == polled
    assert fewer < 0.8 * all_polls  # (and the polls left out are many)


@pytest.mark.parametrize("game_id", ("flotte_flitzer", "formula_fun", "flixo"))
def test_a_forced_move_applied_without_a_poll_plays_the_same_games(game_id, monkeypatch):
    info = GAMES[game_id]
    players = min(4, info.max_players)
    levels = ["easy", "normal", "hard", "hard"][:players]
    bot_class = type(make_bots(info, 1, 0, "hard")[0])
    assert bot_class.forced_moves_free
    skipped, fewer = games_and_polls(info, players, levels, 2)
    monkeypatch.setattr(bot_class, "forced_moves_free", False)
    polled, all_polls = games_and_polls(info, players, levels, 2)
    assert skipped == polled
    assert fewer < all_polls  # (half of all in the racers: every Draw; few in Flixo)


def test_a_bot_that_draws_on_a_forced_move_is_polled_for_it():
    """The random player draws even from a list of one (random.choice does): it must not say
    it is free, or games would change when the runner skips its polls."""
    for info in GAMES.values():
        assert not make_bots(info, 1, 0, "random")[0].forced_moves_free


@pytest.mark.parametrize("game_id", ("flotter_otter", "fliegen_klatschen"))
@pytest.mark.parametrize("level", ("random", "hard"))
def test_time_passing_is_logged_only_when_it_brings_something(game_id, level):
    """A bot's moment with nothing due moves time unlogged (the action then logged carries
    its time): every tick in a runner's log brings events, and the log still replays to the
    same state."""
    info = GAMES[game_id]
    state = info.new(4, {}, 3)
    run_realtime(state, make_bots(info, 4, 3, level))
    again = info.new(4, {}, 3)
    ticks = 0
    for player, entry, t in state.log:
        if player is None:
            ticks += 1
            assert again.tick(t), f"a tick to {t} ms that brought nothing was logged"
        else:
            again.apply(player, decode_action(info, entry), t)
    assert again.state_hash() == state.state_hash()
    actions = sum(1 for player, _, _ in state.log if player is not None)
    assert ticks < actions / 2  # (the deadlines: far fewer than the bots' moments)
