"""The 60 waybills: every card obeys the rulebook's constraints, and the checker catches a card
that does not."""

import dataclasses
from collections import Counter

import pytest

from game.waybills import (COLOURS, DECK_SIZE, THEMES, Waybill, build_deck, card, card_view, deck,
                           problems, shared_pairs)

SEAT = ("green", "orange", "pink", "yellow", "blue")  # rulebook section 1
TYRE = ("pink", "blue", "green", "yellow", "orange")


def test_deck_has_sixty_numbered_cards():
    cards = deck()
    assert len(cards) == DECK_SIZE == 60
    assert [c.id for c in cards] == list(range(60))
    assert card(17) is cards[17]


@pytest.mark.parametrize("waybill", deck(), ids=lambda c: f"card{c.id}")
def test_every_waybill_is_valid(waybill):
    assert problems(waybill) == []
    a, b = waybill.orders
    assert a != b and a != b[::-1]
    own, other = waybill.orders[waybill.magnifier], waybill.orders[1 - waybill.magnifier]
    assert waybill.magnifier_colour in (own[0], own[4])
    assert waybill.magnifier_colour in other[1:4]


def test_rulebook_card_is_card_zero():
    first = card(0)
    assert first.theme == "bicycle"
    assert [f.name for f in first.features] == ["seat height", "tyre width"]
    assert first.orders == (SEAT, TYRE)
    assert first.magnifier == 1 and first.magnifier_colour == "orange"
    # Section 5: stacked by tyre width orange is at an end, by seat height it is inside.
    assert first.level("orange", 1) == 4
    assert first.level("orange", 0) == 1


def test_themes_and_recurring_items():
    cards = deck()
    themes = Counter(c.theme for c in cards)
    assert len(themes) >= 12
    assert all(len(features) >= 3 for features in THEMES.values())
    for theme in themes:
        pairs = {frozenset(f.name for f in c.features) for c in cards if c.theme == theme}
        assert len(pairs) >= 2, f"{theme} always shows the same feature pair"


def test_magnifier_colours_and_features_are_spread():
    cards = deck()
    assert Counter(c.magnifier_colour for c in cards) == {c: 12 for c in COLOURS}
    by_feature = Counter(c.magnifier for c in cards)
    assert min(by_feature.values()) >= 20


def test_orders_share_no_adjacent_pair_and_layout_is_not_an_order():
    for c in deck():
        assert shared_pairs(*c.orders) == 0
        assert all(c.layout not in (o, o[::-1]) for o in c.orders)


def test_levels_five_distinct_per_feature():
    for c in deck():
        for f in (0, 1):
            assert sorted(c.level(colour, f) for colour in COLOURS) == [0, 1, 2, 3, 4]
            assert len(set(c.features[f].values)) == 5


def test_matches_either_direction_and_nothing_else():
    first = card(0)
    assert first.matches(SEAT) == 0
    assert first.matches(SEAT[::-1]) == 0
    assert first.matches(TYRE) == 1
    assert first.matches(list(TYRE[::-1])) == 1
    swapped = (SEAT[1], SEAT[0], *SEAT[2:])
    assert first.matches(swapped) is None
    assert first.matches(SEAT[:4]) is None


def test_deck_is_fixed_by_its_seed():
    assert build_deck() == deck()
    assert build_deck(seed=1) != deck()
    assert all(problems(c) == [] for c in build_deck(seed=1))


def test_card_view_shows_items_not_orders():
    view = card_view(0)
    assert view["magnifier_colour"] == "orange"
    assert [item["colour"] for item in view["items"]] == list(card(0).layout)
    assert "orders" not in view
    blue = next(item for item in view["items"] if item["colour"] == "blue")
    assert blue["levels"] == [4, 1]  # highest seat, second thinnest tyre


def _broken(**changes) -> Waybill:
    return dataclasses.replace(card(0), **changes)


@pytest.mark.parametrize("changes,complaint", [
    (dict(orders=(SEAT, SEAT)), "same or reversed"),
    (dict(orders=(SEAT, SEAT[::-1])), "same or reversed"),
    (dict(magnifier_colour="green"), "not at an end"),
    (dict(magnifier_colour="blue", magnifier=0,
          orders=(SEAT, ("pink", "yellow", "green", "orange", "blue"))), "not inside"),
    (dict(orders=(SEAT, ("pink", "green", "orange", "blue", "yellow"))), "adjacent pairs"),
    (dict(layout=TYRE), "laid out"),
    (dict(orders=(SEAT, ("pink", "blue", "green", "yellow", "yellow"))), "five colours"),
    (dict(theme="kite"), "not features of"),
])
def test_problems_catches_broken_cards(changes, complaint):
    found = problems(_broken(**changes))
    assert any(complaint in p for p in found), found
