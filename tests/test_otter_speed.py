"""Flotter Otter's speed bookkeeping equals the plain way of working it out: what a round with a
waybill always works out the same (kept per waybill), what a bot reads off a waybill (kept per
waybill), the shared action objects of the legal lists, and the bot's look-up of its next action
in them."""

import dataclasses
import itertools
import random

import pytest

from game import bots
from game import flotter_otter as fo
from game.bots import flotter_otter as otter_bots
from game.runner import make_bots, run_realtime
from game.waybills import COLOURS, DECK_SIZE, LEGIBILITY, card, card_view


def test_round_facts_are_the_waybills_own():
    for waybill_id in range(DECK_SIZE):
        waybill = card(waybill_id)
        facts = fo._round_facts(waybill_id)
        assert facts["orders"] == [list(o) for o in waybill.orders]
        assert facts["features"] == [f.name for f in waybill.features]
        for stack in itertools.permutations(COLOURS):
            assert facts["right"].get(stack) == waybill.matches(stack)


def test_a_bots_reading_of_a_waybill_is_what_its_view_says():
    for waybill_id in range(DECK_SIZE):
        view = card_view(waybill_id)
        reading = otter_bots._reading(view)
        for feature in (0, 1):
            by_level = {item["levels"][feature]: item["colour"] for item in view["items"]}
            assert reading["orders"][feature] == tuple(by_level[level] for level in range(5))
            assert reading["places"][feature] == tuple(fo.PlaceBox(by_level[level])
                                                       for level in range(5))
        ease = [LEGIBILITY[kind] for kind in view["kinds"]]
        assert reading["legibility"] == ease
        more = None if ease[0] == ease[1] else ease.index(max(ease))
        assert reading["more_legible"] == more
        assert reading["magnifier"] == card(waybill_id).magnifier


def test_legal_lists_hold_the_shared_action_objects():
    """The bot finds its next action in a legal list by identity first (OtterBot.poll)."""
    shared = {*fo.PLACE.values(), fo.UNDO, fo.GRAB, fo.VOID}
    state = fo.INFO.new(3, {}, 4)
    rng = random.Random(4)
    state.tick(fo.READY_MS)
    for step in range(200):
        if state.phase != "stacking":
            state.tick(state.next_deadline())
            continue
        for seat in range(3):
            assert all(any(a is s for s in shared) for a in state.legal_actions(seat))
        seat = rng.randrange(3)
        choices = [a for a in state.legal_actions(seat) if a is not fo.VOID]
        if choices:
            state.apply(seat, rng.choice(choices), state.now + rng.randrange(50))


def test_the_bot_acts_the_same_on_legal_lists_of_equal_new_actions():
    """A legal list built elsewhere (equal actions, other objects) gets the same game: the
    identity look-up falls back to comparing by value."""
    info = fo.INFO
    logs = []
    for copied in (False, True):
        state = info.new(3, {}, 5)
        bots = make_bots(info, 3, 5, "hard")
        if copied:
            for bot in bots:
                poll = bot.poll
                bot.poll = lambda view, legal, now, poll=poll: poll(
                    view, [dataclasses.replace(a) for a in legal], now)
        run_realtime(state, bots)
        logs.append(state.log)
    assert logs[0] == logs[1]


def test_every_seat_shares_one_empty_list_between_rounds():
    state = fo.INFO.new(4, {}, 2)
    assert state.phase == "ready"
    empty = state.legal_actions(0)
    assert empty == [] and all(state.legal_actions(p) is empty for p in range(4))


def test_drawing_around_a_figure_draws_from_the_person_model_around_it():
    """draw_around reads its draws off a table of quantiles: the same distribution as
    ReactionModel.around (median, spread, skew, floor), within what 20,000 draws can tell."""
    import statistics

    from game.bots import ReactionModel

    for median in (80.0, 273.0, 1000.0, 2400.0):
        one, other = random.Random(1), random.Random(2)
        model = ReactionModel.around(median)
        ours = sorted(bots.draw_around(one, median) for _ in range(20_000))
        theirs = sorted(model.sample(other) for _ in range(20_000))
        for q in (0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99):
            i = int(q * len(ours))
            assert abs(ours[i] - theirs[i]) <= 0.02 * median + 1, (median, q)
        assert abs(statistics.fmean(ours) - statistics.fmean(theirs)) < 0.01 * median + 1
        assert min(ours) >= model.floor and all(type(ms) is int for ms in ours)
    assert len(bots.UNIT) == bots.STEPS and list(bots.UNIT) == sorted(bots.UNIT)
    assert bots.UNIT[0] > 0.5  # the model's floor (half the median, or less) never binds


def test_a_rounds_form_is_log_normal():
    import math
    import statistics

    logs = [math.log(f) for f in otter_bots.FORMS]
    assert len(logs) == bots.STEPS and logs == sorted(logs)
    assert abs(statistics.fmean(logs)) < 1e-9
    assert 0.97 * otter_bots.FORM_SIGMA < statistics.pstdev(logs) < otter_bots.FORM_SIGMA


def test_the_unit_table_holds_the_person_models_quantiles():
    """UNIT[i] is where the ex-Gaussian of ReactionModel.around(1.0) reaches probability
    (i + 0.5) / STEPS: its distribution function (normal part mu, sigma; tail lambda = 1 / tau)
    is Phi(u) - exp(-lambda (x - mu) + (lambda sigma)^2 / 2) Phi(u - lambda sigma)."""
    import math
    from statistics import NormalDist

    from game.bots import ReactionModel

    model = ReactionModel.around(1.0)
    rate, phi = 1.0 / model.tau, NormalDist().cdf

    def cdf(x):
        u = (x - model.mu) / model.sigma
        return phi(u) - math.exp(-rate * (x - model.mu) + (rate * model.sigma) ** 2 / 2) \
            * phi(u - rate * model.sigma)

    for i, x in enumerate(bots.UNIT):
        assert abs(cdf(x) - (i + 0.5) / bots.STEPS) < 0.0003, i
