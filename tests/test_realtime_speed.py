"""The bookkeeping that makes the real-time cores and the runner fast keeps them exact.

Flotter Otter and Fliegen klatschen keep views and legal actions between changes, dropping only
what a change can alter; the runner skips the polls of quiet bots that would do nothing; the
core applies the runner's actions through `apply_now`; bots draw around a figure without
making a ReactionModel; the waybill deck compares adjacent pairs as bit masks. Each is checked
here against the plain way of working it out.
"""

import copy
import itertools
import random

import pytest

from game import GAMES
from game.bots import RandomBot, below
from game.core import IllegalAction, encode_action
from game.runner import make_bots, run_realtime
from game.waybills import COLOURS, _orders, shared_pairs
from tests.realtime_walk import walk

REALTIME = ("flotter_otter", "fliegen_klatschen")


@pytest.mark.parametrize("game_id", REALTIME)
@pytest.mark.parametrize("players", [2, 5, 8])
def test_kept_views_and_legal_actions_equal_fresh_ones_at_every_step(game_id, players):
    """A deep copy keeps no cache: its views and legal actions are worked out anew. After
    every step they must equal the kept ones (asked for before and after each step, as a bot
    would between changes)."""
    state = GAMES[game_id].new(players, {}, 7)
    rng = random.Random(players)
    for _ in walk(state, rng, 700):
        fresh = copy.deepcopy(state)
        for seat in [None, *range(players)]:
            assert state.view(seat) == fresh.view(seat), (len(state.log), seat)
            if seat is not None:
                kept = state.legal_actions(seat)
                assert kept == fresh.legal_actions(seat), (len(state.log), seat)
                assert state.legal_actions(seat) is kept  # kept until something changes
    assert state.is_terminal() or len(state.log) > 500


class Loud:
    """A bot that is never quiet: every poll goes to the bot it wraps."""

    quiet = settled_by_own = False

    def __init__(self, bot):
        self.bot, self.uses_view = bot, bot.uses_view

    def poll(self, view, legal, now):
        return self.bot.poll(view, legal, now)


@pytest.mark.parametrize("game_id", REALTIME)
@pytest.mark.parametrize("level", ["random", "hard"])
def test_skipping_the_polls_of_quiet_bots_changes_no_game(game_id, level):
    """The same game with every bot polled at every change and with the polls of quiet bots
    skipped: the same log, and polls were skipped."""
    info = GAMES[game_id]
    for players, seed in ((2, 3), (6, 4)):
        logs, polls = [], []
        for loud in (False, True):
            state = info.new(players, {}, seed)
            bots = make_bots(info, players, seed, level)
            counted = []
            for bot in bots:
                poll = bot.poll
                bot.poll = lambda *args, poll=poll: counted.append(1) or poll(*args)
            run_realtime(state, [Loud(bot) for bot in bots] if loud else bots)
            logs.append(state.log)
            polls.append(len(counted))
        assert logs[0] == logs[1]
        assert polls[0] < polls[1]


def test_a_random_bot_that_did_nothing_does_nothing_again_with_the_same_legal_list():
    """The quiet promise (game.bots): after a poll without actions, a poll before its wake with
    the same legal list leaves the bot as it was and returns the same wake."""
    info = GAMES["flotter_otter"]
    state = info.new(2, {}, 1)
    state.tick(2000)  # the waybill is up: there is something to do
    bot = RandomBot(0, 5, realtime=True)
    legal = state.legal_actions(0)
    actions, wake = bot.poll(None, legal, state.now)
    assert actions == [] and wake > state.now
    before = (bot.due, bot.rng.getstate())
    for now in range(state.now, wake):
        assert bot.poll(None, legal, now) == ([], wake)
    assert (bot.due, bot.rng.getstate()) == before
    assert bot.poll(None, legal, wake)[0]  # its moment: it acts


def test_the_random_players_draw_is_the_standard_librarys():
    """game.bots.below is rng.randrange(n) written out (the random player's choice and its
    moment): the same numbers from the same generator, for sizes around powers of two."""
    for n in (1, 2, 3, 7, 8, 9, 100, 127, 128, 129, 381, 1000, 4096, 5000):
        one, other = random.Random(n), random.Random(n)
        for _ in range(200):
            assert below(one.getrandbits, n) == other.randrange(n)
        assert one.getstate() == other.getstate()


def test_apply_now_checks_the_action_and_a_refusal_changes_nothing():
    state = GAMES["fliegen_klatschen"].new(3, {}, 2)
    before = state.state_hash()
    slap = GAMES["fliegen_klatschen"].action_type("Slap")
    for bad in (slap(True, 3), slap(0, 3.0), slap(0, 500), "slap", None):
        with pytest.raises(IllegalAction):
            state.apply_now(1, bad)
    assert state.state_hash() == before and state.log == []
    reveal = state.legal_actions(0)[0]
    state.apply_now(0, reveal)
    assert state.log == [[0, encode_action(reveal), 0]]


def test_adjacent_pairs_as_bits_count_what_shared_pairs_counts():
    perms, masks = _orders()
    assert perms == list(itertools.permutations(COLOURS))
    rng = random.Random(3)
    for a in perms:
        for b in rng.sample(perms, 20) + [a, a[::-1]]:
            assert (masks[a] & masks[b]).bit_count() == shared_pairs(a, b)


def test_slap_records_have_the_fields_of_reaction_fields_in_order():
    import game.fliegen_klatschen as fk
    from game.runner import play
    state = play(GAMES["fliegen_klatschen"], 3, 2, "random")
    records = state.reaction_records()
    assert records and all(tuple(r) == fk.REACTION_FIELDS for r in records)
    assert [list(r.values()) for r in records] == state.reactions
