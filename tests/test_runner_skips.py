"""The headless runner leaves out polls a bot says would change nothing (game.bots): a
turn-based bot's poll on a forced move (`forced_moves_free`). Polled anyway, every bot plays
the very same games."""

import pytest

from game import GAMES
from game.runner import make_bots, run_turns

TURN_BASED = ("flotte_flitzer", "formula_fun", "flixo")


@pytest.mark.parametrize("game_id", TURN_BASED)
def test_a_forced_move_applied_without_a_poll_plays_the_same_games(game_id, monkeypatch):
    info = GAMES[game_id]
    players = min(4, info.max_players)
    levels = ["easy", "normal", "hard", "hard"][:players]
    bot_class = type(make_bots(info, 1, 0, "hard")[0])
    assert bot_class.forced_moves_free
    games, polls = [], []
    for skip in (True, False):
        monkeypatch.setattr(bot_class, "forced_moves_free", skip)
        count = 0
        for seed in range(2):
            state = info.new(players, {}, seed)
            bots = make_bots(info, players, seed, levels)
            for bot in bots:
                def counted(view, legal, now, poll=bot.poll):
                    nonlocal count
                    count += 1
                    return poll(view, legal, now)
                bot.poll = counted
            run_turns(state, bots)
            games.append((state.log, state.state_hash()))
        polls.append(count)
    assert games[:2] == games[2:]
    assert polls[0] < polls[1]  # (half of all in the racers: every Draw; few in Flixo)


def test_a_bot_that_draws_on_a_forced_move_is_polled_for_it():
    """The random player draws even from a list of one (random.choice does): it must not say
    it is free, or games would change when the runner skips its polls."""
    for info in GAMES.values():
        assert not make_bots(info, 1, 0, "random")[0].forced_moves_free
