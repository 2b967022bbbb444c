"""The 60 waybills of Flotter Otter, as a fixed seeded generator over a table of item themes.

A waybill shows five items of one theme, one in each box colour. The items differ in two
features (seat height and tyre width of bicycles ...), each with five clearly different levels
in a visible logical order. A magnifying glass, whose frame has one of the five colours, marks
the double-value feature: the feature in whose order that colour sits at an end.

No full list of the printed waybills exists (GAPS.md 3.2), so the deck is generated from
THEMES with the fixed seed DECK_SEED; card 0 is the rulebook's own example bicycle card. Every
card obeys the rulebook's constraints, checked by `problems()` (and by tests/test_waybills.py):

* the two colour orders differ and neither is the other reversed (a stack can match at most
  one feature, in either direction);
* the magnifier colour is at an end of its feature's order and inside (positions 2-4) the
  other order (rulebook section 5: "the orange box is not at an end but inside the stack");
* the two orders share no adjacent colour pair (MAX_SHARED_PAIRS), so a stack built half by one
  feature and half by the other is never accidentally right, and the features read separately;
* the items are laid out on the card (left to right) in neither order, so reading the order
  is the challenge, not a given.

Pure data and pure functions: nothing runs at import time; `deck()` builds (and caches) it.
"""

from __future__ import annotations

import functools
import itertools
import random
from dataclasses import dataclass

COLOURS = ("yellow", "orange", "pink", "green", "blue")
DECK_SIZE = 60
DECK_SEED = 20200426  # fixed: the deck is the same in every game, only its order is shuffled
MAX_SHARED_PAIRS = 0  # adjacent colour pairs the two orders may share (fewer: clearer cards)
LEVELS = 5

# How quickly a feature kind is read from a sofa. Comparing five clearly different sizes is
# quicker than counting up to five things on each of five items. Bots use this to pick the
# feature they read first and to scale their reading time.
LEGIBILITY = {"size": 1.0, "count": 0.8}


@dataclass(frozen=True)
class Feature:
    """One feature of an item: `kind` "size" (drawn at 5 clearly different sizes, value 1-5 is a
    relative size) or "count" (that many things: spokes, candles ...). `values[level]` is what
    is drawn at level 0 (lowest) to 4 (highest)."""

    name: str
    kind: str
    values: tuple = (1, 2, 3, 4, 5)


def _size(name: str) -> Feature:
    return Feature(name, "size")


def _count(name: str, first: int) -> Feature:
    return Feature(name, "count", tuple(range(first, first + LEVELS)))


# Item themes and their features (GAPS.md 3.2 and 3.3). Every theme has at least three features,
# so the same item recurs on other waybills with another feature pair.
THEMES = {
    "bicycle": (_size("seat height"), _size("tyre width"), _size("handlebar height"),
                _count("spokes", 2)),
    "tv_set": (_count("knobs", 1), _size("antenna length"), _size("screen size")),
    "ship_in_bottle": (_size("neck length"), _count("cannon ports", 0), _size("mast height")),
    "sock": (_size("length"), _count("stripes", 1), _count("dots", 0)),
    "kite": (_size("tail length"), _count("bows", 1), _size("kite size")),
    "cake": (_size("height"), _count("candles", 1), _count("cherries", 0)),
    "lamp": (_size("shade width"), _size("pole height"), _count("tassels", 0)),
    "fish": (_size("body length"), _count("spots", 1), _size("tail fin size")),
    "house": (_size("chimney height"), _count("windows", 1), _size("door height")),
    "umbrella": (_size("handle length"), _count("panels", 3), _size("canopy width")),
    "flower": (_size("stem length"), _count("petals", 4), _count("leaves", 1)),
    "truck": (_size("length"), _count("wheels", 2), _size("load height")),
    "hat": (_size("brim width"), _size("crown height"), _count("feathers", 0)),
}


@dataclass(frozen=True)
class Waybill:
    """One waybill. `orders[f]` lists the colours from the lowest to the highest level of
    feature f; `layout` is the left-to-right placement of the items on the card;
    `magnifier_colour` is the frame colour of the magnifying glass and `magnifier` the index of
    the feature it marks."""

    id: int
    theme: str
    features: tuple  # (Feature, Feature)
    orders: tuple  # (5 colours, 5 colours), lowest level first
    magnifier: int  # 0 or 1
    magnifier_colour: str
    layout: tuple  # 5 colours, left to right

    def level(self, colour: str, feature: int) -> int:
        """0 (lowest) to 4 (highest): where `colour` sits in the order of `feature`."""
        return self.orders[feature].index(colour)

    def matches(self, stack) -> int | None:
        """The feature whose order a full stack (bottom to top) follows, ascending or
        descending, or None."""
        stack = tuple(stack)
        for feature, order in enumerate(self.orders):
            if stack == order or stack == order[::-1]:
                return feature
        return None

    def to_view(self) -> dict:
        """The card as everyone at the table sees it: the items and the magnifier colour."""
        first, second = self.features
        items = []
        for c in self.layout:
            levels = [self.level(c, 0), self.level(c, 1)]
            items.append({"colour": c,
                          "values": [first.values[levels[0]], second.values[levels[1]]],
                          "levels": levels})
        return {
            "id": self.id,
            "theme": self.theme,
            "features": [f.name for f in self.features],
            "kinds": [f.kind for f in self.features],
            "magnifier_colour": self.magnifier_colour,
            "items": items,
        }


# The rulebook's example card (sections 1 and 5): bicycles, seat height and tyre width, the
# magnifier frame is orange and marks the tyre width.
RULEBOOK_CARD = dict(
    theme="bicycle",
    features=("seat height", "tyre width"),
    orders=(("green", "orange", "pink", "yellow", "blue"),
            ("pink", "blue", "green", "yellow", "orange")),
    magnifier=1,
    magnifier_colour="orange",
    layout=("yellow", "green", "blue", "orange", "pink"),
)


def shared_pairs(a, b) -> int:
    """How many adjacent (unordered) colour pairs two orders have in common."""
    pairs = {frozenset(p) for p in zip(a, a[1:])}
    return sum(frozenset(p) in pairs for p in zip(b, b[1:]))


def problems(card: Waybill) -> list[str]:
    """Every rule this card breaks (empty: a valid waybill)."""
    found = []
    a, b = card.orders
    for order in card.orders:
        if sorted(order) != sorted(COLOURS):
            found.append(f"order {order} is not the five colours once each")
    if a == b or a == b[::-1]:
        found.append("the two orders are the same or reversed")
    if card.magnifier not in (0, 1):
        found.append("magnifier must mark feature 0 or 1")
        return found
    own, other = card.orders[card.magnifier], card.orders[1 - card.magnifier]
    if card.magnifier_colour not in (own[0], own[-1]):
        found.append("magnifier colour is not at an end of its feature's order")
    if card.magnifier_colour not in other[1:-1]:
        found.append("magnifier colour is not inside the other feature's order")
    if shared_pairs(a, b) > MAX_SHARED_PAIRS:
        found.append(f"the orders share {shared_pairs(a, b)} adjacent pairs")
    if sorted(card.layout) != sorted(COLOURS):
        found.append("layout is not the five colours once each")
    if any(card.layout in (o, o[::-1]) for o in card.orders):
        found.append("items are laid out in one of the orders")
    features = THEMES.get(card.theme)
    if features is None or any(f not in features for f in card.features):
        found.append(f"features {card.features} are not features of {card.theme}")
    elif card.features[0] == card.features[1]:
        found.append("the two features are the same")
    return found


def _feature(theme: str, name: str) -> Feature:
    return next(f for f in THEMES[theme] if f.name == name)


def _make_card(rng: random.Random, card_id: int, theme: str, pair, magnifier_colour: str):
    """Draw orders for one card until it obeys every rule (a handful of tries at most)."""
    perms, masks = _orders()
    magnifier = rng.randrange(2)
    while True:
        own = list(COLOURS)
        own.remove(magnifier_colour)
        rng.shuffle(own)
        own = [magnifier_colour, *own] if rng.random() < 0.5 else [*own, magnifier_colour]
        own = tuple(own)
        own_mask = masks[own]
        # shared_pairs(own, p) as a count of common bits (an order's adjacent pairs differ),
        # among the orders with the magnifier colour inside (so neither own nor own reversed,
        # which hold it at an end).
        others = [p for p, mask in _inside(magnifier_colour)
                  if (own_mask & mask).bit_count() <= MAX_SHARED_PAIRS]
        if others:
            break
    other = rng.choice(others)
    orders = (own, other) if magnifier == 0 else (other, own)
    # Every order but the two and their reverses (the four differ), in itertools' order.
    layouts = list(perms)
    for i in sorted((_position(o) for o in (*orders, *(o[::-1] for o in orders))),
                    reverse=True):
        del layouts[i]
    return Waybill(card_id, theme, pair, orders, magnifier, magnifier_colour, rng.choice(layouts))


@functools.cache
def _orders() -> tuple[list, dict]:
    """Every order of the five colours (itertools' order), and per order its adjacent colour
    pairs as bits of an int (bit 5 * i + j for the colours at COLOURS[i], COLOURS[j], i < j):
    building the deck compares each new order with all 120, so the pairs are worked out once."""
    perms = list(itertools.permutations(COLOURS))
    index = {c: i for i, c in enumerate(COLOURS)}
    masks = {}
    for p in perms:
        mask = 0
        for a, b in zip(p, p[1:]):
            i, j = sorted((index[a], index[b]))
            mask |= 1 << (5 * i + j)
        masks[p] = mask
    return perms, masks


@functools.cache
def _inside(colour: str) -> list:
    """(order, its pair bits) for each order (itertools' order) with `colour` at neither end."""
    perms, masks = _orders()
    return [(p, masks[p]) for p in perms if p[0] != colour != p[-1]]


def _position(order: tuple) -> int:
    """Where an order of the five colours comes in itertools.permutations(COLOURS)."""
    rest, place = list(COLOURS), 0
    for k, colour in enumerate(order):
        i = rest.index(colour)
        place += i * _FACTORIALS[len(order) - 1 - k]
        del rest[i]
    return place


_FACTORIALS = (1, 1, 2, 6, 24)


def build_deck(seed: int = DECK_SEED) -> tuple:
    """The 60 waybills: card 0 is the rulebook card, the others cycle through the themes and,
    within a theme, through its feature pairs (so items recur with other pairs). Magnifier
    colours are spread evenly: 12 cards each."""
    rng = random.Random(seed)
    spec = RULEBOOK_CARD
    first = Waybill(0, spec["theme"], tuple(_feature(spec["theme"], n) for n in spec["features"]),
                    spec["orders"], spec["magnifier"], spec["magnifier_colour"], spec["layout"])
    cards = [first]
    frames = [c for c in COLOURS for _ in range(DECK_SIZE // len(COLOURS))]
    frames.remove(first.magnifier_colour)
    rng.shuffle(frames)
    themes = list(THEMES)
    used = {theme: 0 for theme in themes}
    used["bicycle"] = 1
    for card_id in range(1, DECK_SIZE):
        theme = themes[card_id % len(themes)]
        pairs = list(itertools.combinations(THEMES[theme], 2))
        pair = pairs[used[theme] % len(pairs)]
        used[theme] += 1
        if rng.random() < 0.5:
            pair = pair[::-1]
        cards.append(_make_card(rng, card_id, theme, pair, frames[card_id - 1]))
    return tuple(cards)


@functools.cache
def deck() -> tuple:
    """The fixed deck (built once, then cached)."""
    return build_deck()


def card(waybill_id: int) -> Waybill:
    return deck()[waybill_id]


@functools.cache
def card_view(waybill_id: int) -> dict:
    """`card(id).to_view()`, built once: views are read often. Shared, so treat as read-only."""
    return card(waybill_id).to_view()
