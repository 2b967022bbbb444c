"""Formula Fun (Formel Fun, franjos 1999): the elimination car race (rules:
docs/rules/formula-fun.md; choices: docs/rules-notes.md).

Every player drives several cars round a 30-space oval with one hand of car cards. A card
moves the car its red maximum speed when that number is printed on the car's space, else its
blue designated speed. A race ends after the round of movement in which a car passed the start
space; the last car is eliminated, and the next race starts with the survivors in finishing
order. The last two cars fight the final duel. Points: the first car out scores 1, the second
2, ...; the runner-up of the final race one extra, the winner three extra.

Positions. A car's place is its distance `d` along the race: race 1 starts on the chequered
start space (d=0) and the nine- and eight-space behind it (d=-1, d=-2); later races start on
d=10 (the flagged ten-space), 9, 8, ... A car has passed the start space when d > FINISH. The
physical space under a car is `d % 30`; its printed number is LABELS[d % 30]. Within a space
the cars stand in a row from the inside out: `self.spaces[s]` lists them inside first.

Cards are short strings: "M1".."M10" (red maximum speed n), "P6", "P7", "P8" (blue cards with
no maximum speed), "T" (the turbo). A player holds one hand for all their cars.

A turn is two actions of the owner of the car to move (`view["phase"]`):
    "race"  Play(cards)   cards = (card,) or (card, "T"): the first card sets the speed, a turbo
                          played with it adds TURBO_BONUS. ("T", "T") moves 10.
    "draw"  Draw()        draw one card (only one, even after two were played: the hand
                          shrinks); the next car moves (or the race ends after its round).
    "over"                the final duel is decided.

Taking back (State.undo_depth / undone): while the mover has not drawn, their Play can be taken
back (nothing was revealed since); once the card is drawn, never.

Events (kinds declared in EVENT_KINDS; data in brackets):
    played      a car moved [car, cards, from, to, length, label: the number of the space it
                started on, fell_back: spaces lost to full spaces]
    drew        the mover drew a card [hand: its size]
    reshuffled  the discards became the new draw pile [draw]
    round       a new round of the race [race, round]
    race_over   a car passed the start and the round is done [race, ranking: cars, leader first]
    eliminated  the race's last car is out [car, place_out, points] (player: its owner)
    race_start  the survivors on the next grid [race, grid]
    game_over   [scores, winners, winning_car, car_points, highlight] (player: the owner of
                the winning car)

The result's highlight (issue 15): at the end `view(None)["highlight"]` (every seat's view too:
it is public; None before the end) is the moment that decided the game, as plain data:
    {"title": "The final duel" or "The race that decided it",
     "text": a sentence in which {p0}, {p1} ... stand for the seats' names (fill with
             text.format(p0=name0, p1=name1, ...)),
     "players": the winning seats, "race": the race it happened in,
     "car": the car eliminated in it (in the duel: the loser), "owner": that car's seat,
     "winning_car": the car that won the final duel, "duel": True when the duel decided it,
     "margin": the winner's points less the best other seat's}
The deciding race is the first after which no other seat could still catch the winner, whatever
the order the remaining cars went out in (at the latest: the final duel).
"""

from __future__ import annotations

import copy
import random
from bisect import insort
from itertools import chain
from collections import Counter
from dataclasses import dataclass

from .bots import bot_levels
from .core import TERMINAL, Event, GameInfo, IllegalAction, Outcome, State
from .words import plural

# --- phases and events (module docstring) -------------------------------------------------------

RACE, DRAW, OVER = "race", "draw", "over"
PLAYED = "played"
DREW = "drew"
RESHUFFLED = "reshuffled"
ROUND = "round"
RACE_OVER = "race_over"
ELIMINATED = "eliminated"
RACE_START = "race_start"
GAME_OVER = "game_over"
EVENT_KINDS = frozenset((PLAYED, DREW, RESHUFFLED, ROUND, RACE_OVER, ELIMINATED, RACE_START,
                         GAME_OVER))

# --- the board ---------------------------------------------------------------------------------

SPACES = 30
# "30 spaces numbered 1 to 10, three times"; index 0 is the chequered start space, a 10, and
# index 10 the flagged ten-space where later races start (GAPS 2.2).
LABELS = tuple(10 if i % 10 == 0 else i % 10 for i in range(SPACES))
FINISH = SPACES          # a car with d > FINISH has passed the start space
FLAG_SPACE = 10          # the first ten-space after the start: the leader of races 2+
ROW = 4                  # at most 4 cars on a space (except on the start grid)

# --- the cards ---------------------------------------------------------------------------------

TURBO = "T"
TURBO_BONUS = 5
HAND = 5
MAX_CARDS = 2            # a card and a turbo, or two turbos (the rulebook never plays three)

# card -> (red maximum speed or None, blue designated speed, copies). GAPS 2.3: 13 Romme ranks
# x 8 copies + 6 jokers = 110. Red 2..10 designate 3; the red 1 designates 10; the blue 6/7/8
# and the turbo have no maximum speed.
CARDS = {"M1": (1, 10, 8)}
CARDS.update({f"M{n}": (n, 3, 8) for n in range(2, 11)})
CARDS.update({"P6": (None, 6, 8), "P7": (None, 7, 8), "P8": (None, 8, 8)})
CARDS[TURBO] = (None, TURBO_BONUS, 6)
DECK = tuple(card for card, (_, _, copies) in CARDS.items() for _ in range(copies))
assert len(DECK) == 110 and len(CARDS) == 14

# --- cars per player ---------------------------------------------------------------------------

# Printed: 3 cars each with 3 or 4 players, 2 with 5 or 6. Two players (one review lists 2-6,
# the rulebook does not cover it): 3 cars each, like 3-4 players.
CARS_PER_PLAYER = {2: 3, 3: 3, 4: 3, 5: 2, 6: 2}

# Extra points at the end: the runner-up of the final race and its winner.
RUNNER_UP_BONUS = 1
WINNER_BONUS = 3


def label(d: int) -> int:
    """The number printed on the space at distance d."""
    return LABELS[d % SPACES]


def speed_of(card: str, on_label: int) -> int:
    """How far one card moves a car standing on a space printed `on_label`."""
    red, blue, _ = CARDS[card]
    return red if red == on_label else blue


def move_length(cards: tuple, on_label: int) -> int:
    """The first card's speed, plus TURBO_BONUS for a turbo played with it."""
    return speed_of(cards[0], on_label) + TURBO_BONUS * (len(cards) - 1)


# move_length(cards, label) of every play (a card alone, or with a turbo) per label: turns and
# the CPU drivers (game/bots/formula_fun.py) look moves up here instead of working them out.
MOVES = {on: {cards: move_length(cards, on) for c in CARDS for cards in ((c,), (c, TURBO))}
         for on in set(LABELS)}


def land(d: int, length: int, others_at) -> int:
    """Where a car from d moving `length` ends: on a full space (ROW cars) it falls back one,
    and again while that is full too (GAPS 2.4), at worst to where it stood. Passing full
    spaces is free. `others_at(space)` counts the OTHER cars on a physical space."""
    target = d + length
    while target > d and others_at(target % SPACES) >= ROW:
        target -= 1
    return target


def points_for(place_out: int, cars: int) -> int:
    """Points of the car eliminated `place_out`-th (1 = first out) of `cars`; the final winner
    is place_out == cars. 12 cars: winner 12 + 3 = 15, runner-up 11 + 1 = 12."""
    if place_out == cars:
        return cars + WINNER_BONUS
    if place_out == cars - 1:
        return place_out + RUNNER_UP_BONUS
    return place_out


# --- actions -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Play:
    """Play `cards` for the car to move: (card,) or (card, "T"); the first sets the speed."""
    cards: tuple


@dataclass(frozen=True)
class Draw:
    """End the turn: draw one card."""


# --- the state -----------------------------------------------------------------------------------

class FormulaFunState(State):
    """A game of Formula Fun: races until one car is left; `phase` is RACE, DRAW or OVER."""

    # A CPU looks at the table before each of its plays, and a play moves one car: so each
    # car's record in the view ("cars") is kept (`_car_rows`; None: none kept) and made again
    # only when that car's place or lane may have changed (`_stale` lists those cars), and
    # the scores with them (`_scores`; points change only when a race ends, and then every
    # record is made again). Views share the kept records (read-only, as views are; a record
    # is replaced, never changed). Kept outside vars(self), so never in the snapshot or the
    # hash. The state must change only through apply, or before views are asked for (a test
    # building a position by hand does that first); check_invariants compares them.
    __slots__ = ("_car_rows", "_stale", "_scores")

    def __init__(self, players: int, options: dict, seed: int):
        super().__init__(players, options, seed)
        self._car_rows: list | None = None
        self._stale: list = []
        self._scores: list = []
        self.cars_each = CARS_PER_PLAYER[players]
        self.car_count = players * self.cars_each
        self.owner = [car // self.cars_each for car in range(self.car_count)]
        self.pos: list = [None] * self.car_count      # d per car; None once eliminated
        self.spaces: list = [[] for _ in range(SPACES)]  # cars per space, inside first
        self.out: list = []                           # eliminated cars, first out first
        self.points = [0] * self.car_count
        self.race = 1
        self.rounds = 0                               # rounds of movement in this race
        self.order: list = []                         # this round's cars, leader first
        self.index = 0                                # the car to move is order[index]
        self.last_race: list = []                     # the previous race's finishing order
        self.phase = RACE
        self.result = None
        self.highlight = None                         # the moment that decided it (docstring)
        # "The cards are shuffled thoroughly and each player secretly receives 5 cards."
        self.draw = list(DECK)
        self.rng.shuffle(self.draw)
        self.hands = [sorted(self.draw.pop() for _ in range(HAND)) for _ in range(players)]
        self.discard: list = []
        self._first_grid()
        self._new_round()

    # -- setup: the start grid of the first race --------------------------------------------------

    def _first_grid(self) -> None:
        """One car per player on the start space ("the order does not matter": shuffled), one
        each on the nine-space in the reverse order, and with 3 cars each one more on the
        eight-space, in the start space's order (not printed: our choice)."""
        row = list(range(self.players))
        self.rng.shuffle(row)
        rows = [(0, row), (-1, row[::-1])]
        if self.cars_each == 3:
            rows.append((-2, row))
        for k, (d, seats) in enumerate(rows):
            for p in seats:
                self._place(p * self.cars_each + k, d)

    def _place(self, car: int, d: int) -> None:
        """Put a car on d, as far inside as possible: next to the cars already there."""
        self.pos[car] = d
        self.spaces[d % SPACES].append(car)

    def _lift(self, car: int) -> None:
        self.spaces[self.pos[car] % SPACES].remove(car)

    # -- turn order -------------------------------------------------------------------------------

    def lane(self, car: int) -> int:
        return self.spaces[self.pos[car] % SPACES].index(car)

    def standing(self) -> list:
        """Cars in the race, leader first: further along first; on one space inside first.
        This is the turn order of a round and, at the end of a race, its finishing order."""
        # The cars space by space, inside first, sorted by distance: a stable sort (reverse
        # keeps it stable too) leaves the cars on one space in their lanes' order.
        cars = list(chain.from_iterable(self.spaces))
        cars.sort(key=self.pos.__getitem__, reverse=True)
        return cars

    def _new_round(self) -> None:
        """The cars move in the order they stand at the start of the round. A car that moves
        never changes the order of the cars still to move, so this is the same as always
        asking for the leading car that has not moved yet."""
        self.order = self.standing()
        self.index = 0

    def moving_car(self) -> int | None:
        return None if self.phase == OVER else self.order[self.index]

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return self.owner[self.order[self.index]]

    # -- what may be played -----------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list:
        """Shared lists (read-only): plays_from's, or DRAW_ONLY."""
        phase = self.phase
        if phase == OVER or player != self.owner[self.order[self.index]]:
            return []
        if phase == DRAW:
            return DRAW_ONLY
        return plays_from(self.hands[player])

    def _undo_depth(self, player: int) -> int:
        """1 while `player` has played and not yet drawn (their Play is the last entry)."""
        return 1 if self.phase == DRAW and self.current_player() == player else 0

    # -- moving a car -----------------------------------------------------------------------------

    def _check(self, player: int, action: Play) -> tuple:
        cards = action.cards
        hand = self.hands[player]
        # A play from the hand, checked at once (a hand holds only cards); anything else is
        # refused below with the rule it breaks.
        if len(cards) == 1:
            if cards[0] in hand:
                return cards
        elif len(cards) == 2 and cards[1] == TURBO:
            if cards[0] == TURBO:
                if hand.count(TURBO) >= 2:
                    return cards
            elif cards[0] in hand and TURBO in hand:
                return cards
        if not isinstance(cards, tuple) or not 1 <= len(cards) <= MAX_CARDS:
            raise IllegalAction("play one card, or one with a turbo", repr(cards))
        if not all(isinstance(c, str) and c in CARDS for c in cards):
            raise IllegalAction("no such card", repr(cards))
        if len(cards) == 2 and cards[1] != TURBO:
            raise IllegalAction("only a turbo is played with another card",
                                f"{cards[1]} is not a turbo")
        hand = self.hands[player]
        if any(hand.count(c) < cards.count(c) for c in cards):
            raise IllegalAction("card not in hand", f"{cards} from {self.hands[player]}")
        return cards

    def _apply(self, player: int, action) -> list[Event]:
        if isinstance(action, Draw):
            if self.phase != DRAW:
                raise IllegalAction("play a card first", "you draw after your move")
            return self._end_turn(player)
        if self.phase == DRAW:
            raise IllegalAction("one move a turn", "draw a card to end your turn")
        cards = action.cards
        hand = self.hands[player]
        if len(cards) != 1 or cards[0] not in hand:  # (a card alone from the hand: the most)
            cards = self._check(player, action)
        car = self.order[self.index]
        start = self.pos[car]
        on = LABELS[start % SPACES]
        length = MOVES[on][cards]
        # land(), written out. A move is 1 to 15 spaces, never round the 30-space track, so
        # every car on a space it may end on is another car.
        spaces = self.spaces
        end = start + length
        while end > start and len(spaces[end % SPACES]) >= ROW:
            end -= 1
        discard = self.discard
        for c in cards:
            hand.remove(c)
            discard.append(c)
        events = [Event(PLAYED, player, {
            "car": car, "cards": list(cards), "from": start, "to": end, "length": length,
            "label": on, "fell_back": start + length - end})]
        if end != start:
            space = spaces[start % SPACES]
            if self._car_rows is not None:
                self._stale += space  # (the car, and the cars outside it move in one lane)
            space.remove(car)
            self.pos[car] = end
            spaces[end % SPACES].append(car)
        self.phase = DRAW
        return events

    def _end_turn(self, player: int) -> list[Event]:
        """The mover draws one card (one only, even after a turbo extra; a used-up draw pile
        is at once replaced by the shuffled discard pile); the next car moves, or the round
        (and maybe the race) is over."""
        hand = self.hands[player]
        insort(hand, self.draw.pop())
        events = [Event(DREW, player, {"hand": len(hand)})]
        if not self.draw:
            self.draw = self.discard
            self.discard = []
            self.rng.shuffle(self.draw)
            events.append(Event(RESHUFFLED, None, {"draw": len(self.draw)}))
        self.phase = RACE
        self.index += 1
        if self.index < len(self.order):
            return events
        self.rounds += 1
        standing = self.standing()
        if self.pos[standing[0]] > FINISH:  # the leader passed the start space
            return events + self._race_over(standing)
        self.order, self.index = standing, 0  # (the next round: see _new_round)
        events.append(Event(ROUND, None, {"race": self.race, "round": self.rounds}))
        return events

    # -- the end of a race, the following races, scoring ------------------------------------------

    def _race_over(self, ranking: list) -> list[Event]:
        """`ranking`: the standing at the end of the race's last round."""
        self._car_rows = None  # (a car out, points, the next grid: every record to make)
        last = ranking[-1]
        self.out.append(last)
        self.points[last] = points_for(len(self.out), self.car_count)
        self._lift(last)
        self.pos[last] = None
        self.last_race = ranking
        events = [Event(RACE_OVER, None, {"race": self.race, "ranking": ranking}),
                  Event(ELIMINATED, self.owner[last], {
                      "car": last, "place_out": len(self.out), "points": self.points[last]})]
        survivors = ranking[:-1]
        if len(survivors) == 1:
            winner = survivors[0]
            self.out.append(winner)
            self.points[winner] = points_for(len(self.out), self.car_count)
            return events + self._game_over(winner)
        # "The car that was in first place is placed on the first ten-space after the start,
        # the second on the nine-space, and so on": one car per space.
        for car in survivors:
            self._lift(car)
        for k, car in enumerate(survivors):
            self._place(car, FLAG_SPACE - k)
        self.race += 1
        self.rounds = 0
        self._new_round()
        return events + [Event(RACE_START, None, {"race": self.race,
                                                  "grid": list(survivors)})]

    def _game_over(self, winner: int) -> list[Event]:
        self.phase = OVER
        scores = self.scores()
        best = max(scores)
        self.result = {"scores": scores, "winners": [p for p in range(self.players)
                                                     if scores[p] == best],
                       "winning_car": winner, "car_points": list(self.points)}
        self.highlight = self._deciding_race(self.result["winners"])
        return [Event(GAME_OVER, self.owner[winner], {**self.result,
                                                      "highlight": self.highlight})]

    def _deciding_race(self, winners: list) -> dict:
        """The highlight (module docstring): the first race after which no seat that did not
        win could still catch the first winner, whatever order the other cars went out in."""
        n = self.car_count
        winner = winners[0]
        rivals = [p for p in range(self.players) if p not in winners]
        race = n - 1                                   # at the latest, the final duel
        for k in range(1, n):                          # after the k-th car is out (race k)
            known = [0] * self.players
            left = [0] * self.players
            for car in range(n):
                if car in self.out[:k]:
                    known[self.owner[car]] += self.points[car]
                else:
                    left[self.owner[car]] += 1
            still = sorted(points_for(j, n) for j in range(k + 1, n + 1))
            worst = known[winner] + sum(still[:left[winner]])
            if all(worst > known[r] + sum(still[len(still) - left[r]:]) if left[r] else
                   worst > known[r] for r in rivals):
                race = k
                break
        out_car = self.out[race - 1]
        scores = self.scores()
        margin = scores[winner] - max(scores[p] for p in range(self.players) if p != winner)
        who = f"{{p{winner}}}"
        loser = f"{{p{self.owner[out_car]}}}"
        if race == n - 1:
            champion = self.out[-1]
            champ = f"{{p{self.owner[champion]}}}"
            title = "The final duel"
            text = (f"The final duel: {champ}'s car beat {loser}'s to the line "
                    f"(+{WINNER_BONUS} for the win), and that settled it for {who}")
        else:
            title = "The race that decided it"
            text = (f"Race {race}: {loser}'s car came last and went out, and from then on "
                    f"nobody could catch {who}")
        text += (" (a shared win)." if len(winners) > 1
                 else f" (won by {plural(margin, 'point')}).")
        return {"title": title, "text": text, "players": list(winners), "race": race,
                "car": out_car, "owner": self.owner[out_car], "winning_car": self.out[-1],
                "duel": race == n - 1, "margin": margin}

    def scores(self) -> list:
        # A seat's cars are numbered together (owner = car // cars_each).
        points, each = self.points, self.cars_each
        return [sum(points[car:car + each]) for car in range(0, self.car_count, each)]

    def outcome(self) -> Outcome:
        if self.result is None:
            raise ValueError("the game is not over")
        return Outcome(scores=list(self.result["scores"]), winners=list(self.result["winners"]))

    # -- what a seat sees -------------------------------------------------------------------------

    def _view(self, player: int | None) -> dict:
        rows = self._car_rows
        if rows is None:
            rows = self._car_rows = [self._car_record(car) for car in range(self.car_count)]
            self._stale.clear()
            self._scores = self.scores()
        elif self._stale:
            for car in self._stale:
                rows[car] = self._car_record(car)
            self._stale.clear()
        return {
            "you": player,
            "players": self.players,
            "cars_each": self.cars_each,
            "cars": rows.copy(),
            "race": self.race,
            "round": self.rounds,
            "order": self.order.copy(),
            "index": self.index,
            "moving": None if self.phase == OVER else self.order[self.index],
            "hand": None if player is None else list(self.hands[player]),
            "hand_sizes": list(map(len, self.hands)),
            "draw_left": len(self.draw),
            "discard_top": self.discard[-1] if self.discard else None,
            "discard_count": len(self.discard),
            "out": list(self.out),
            "last_race": list(self.last_race),
            "scores": self._scores.copy(),
            "phase": self.phase,
            "result": self.result,
            "highlight": self.highlight,
        }

    def _car_record(self, car: int) -> dict:
        """The view's record of one car (kept in _car_rows until it may change)."""
        d = self.pos[car]
        if d is None:
            return {"car": car, "owner": self.owner[car], "d": None, "space": None,
                    "lane": None, "points": self.points[car]}
        space = d % SPACES
        return {"car": car, "owner": self.owner[car], "d": d, "space": space,
                "lane": self.spaces[space].index(car), "points": self.points[car]}

    # -- checks -----------------------------------------------------------------------------------

    def check_invariants(self) -> None:
        cards = self.draw + self.discard + [c for hand in self.hands for c in hand]
        assert Counter(cards) == Counter(DECK), "cards created or lost"
        assert self.draw, "the draw pile is replaced as soon as it is used up"
        mover = self.current_player() if self.phase == DRAW else None
        # (a mover who played their last card holds none until the draw)
        assert all(len(h) >= 1 for p, h in enumerate(self.hands) if p != mover), \
            "a hand ran empty"
        assert all(len(h) <= HAND for h in self.hands), "a hand grew past 5"
        on_track = sorted(car for space in self.spaces for car in space)
        assert on_track == sorted(c for c in range(self.car_count) if self.pos[c] is not None)
        for s, space in enumerate(self.spaces):
            for car in space:
                assert self.pos[car] % SPACES == s, "a car stands on the wrong space"
        in_race = self.car_count - len(self.out) + (self.phase == OVER)
        assert len(on_track) == in_race
        for s, space in enumerate(self.spaces):
            # Only the start grid of race 1 holds more than ROW cars on a space (with 5-6
            # players), and only cars that have not left it: a moving car never joins a full
            # space.
            if len(space) > ROW:
                assert self.race == 1 and all(self.pos[car] <= 0 for car in space), \
                    "more than 4 cars on a space"
        assert sorted(set(self.out)) == sorted(self.out), "a car eliminated twice"
        if self._car_rows is not None:
            for car, row in enumerate(self._car_rows):
                assert car in self._stale or row == self._car_record(car), "a stale car record"
            assert self._scores == self.scores(), "stale scores"
        if self.phase != OVER:
            assert self.order and 0 <= self.index < len(self.order)
            assert self.pos[self.order[self.index]] is not None
            assert len(self.order) == len(on_track)
            assert self.legal_actions(self.current_player()), "the player to move is stuck"
        else:
            assert len(self.out) == self.car_count and self.result is not None
            assert self.highlight is not None
            assert sum(self.points) == sum(points_for(k, self.car_count)
                                           for k in range(1, self.car_count + 1))

    def hidden_variant(self, player: int | None, rng: random.Random) -> "FormulaFunState":
        """Re-deal what `player` cannot see: the other hands (same sizes) and the draw pile.
        The discard pile and the cars are public."""
        twin = copy.deepcopy(self)
        seats = [p for p in range(self.players) if p != player]
        pool = list(twin.draw) + [c for p in seats for c in twin.hands[p]]
        rng.shuffle(pool)
        for p in seats:
            n = len(twin.hands[p])
            twin.hands[p] = sorted(pool[:n])
            pool = pool[n:]
        twin.draw = pool
        twin.rng = random.Random(rng.random())
        return twin


def plays_from(hand) -> list:
    """Every distinct play from a hand: each card alone, and each with a turbo beside it
    (two turbos when there are two). Made once per hand and shared: read-only."""
    key = tuple(hand)
    plays = _PLAYS_FROM.get(key)
    if plays is None:
        kinds = sorted(set(hand))
        plays = [PLAYS[c,] for c in kinds]
        turbos = hand.count(TURBO)
        if turbos:
            plays += [PLAYS[c, TURBO] for c in kinds if c != TURBO or turbos >= 2]
        _PLAYS_FROM[key] = plays
    return plays


# One Play object per play, handed out in every legal list (the core keeps an action's log
# entry on the object, so the same few objects are checked and encoded once).
PLAYS = {cards: Play(cards) for cards in MOVES[1]}
DRAW_ACTION = Draw()
DRAW_ONLY = [DRAW_ACTION]  # the legal actions after a play (shared: read-only)
_PLAYS_FROM: dict = {}  # hand (as a tuple) -> plays_from(hand); a few thousand hands at most


def landing(view: dict, cards: tuple) -> tuple[int, int]:
    """The preview of a play in a view: (d of the car to move, the d `cards` would take it
    to), full spaces counted as the core does (`land`)."""
    d, occupied, _ = situation(view)
    return d, land(d, move_length(cards, label(d)), lambda s: occupied[s])


def situation(view: dict) -> tuple:
    """(d of the car to move, other cars per space (a list by space), how many cars stand
    behind it: on spaces further back)."""
    cars = view["cars"]
    d = cars[view["moving"]]["d"]
    occupied = [0] * SPACES
    behind = 0
    for c in cars:
        other = c["d"]
        if other is not None:
            occupied[c["space"]] += 1
            behind += other < d
    occupied[d % SPACES] -= 1  # (the car to move was counted with the others)
    return d, occupied, behind


def new_game(players: int, options: dict, seed: int) -> FormulaFunState:
    return FormulaFunState(players, options, seed)


# The CPU drivers (game/bots/formula_fun.py) read the rules above: imported here, last,
# for INFO.
from .bots.formula_fun import FormulaFunBot  # noqa: E402

INFO = GameInfo(
    id="formula_fun",
    name="Formula Fun",
    min_players=2,
    max_players=6,
    realtime=False,
    cooperative=False,
    pitch="Race your cars with speed cards: the last car of each race is out.",
    new=new_game,
    action_types=(Play, Draw),
    event_kinds=EVENT_KINDS,
    bots=bot_levels(FormulaFunBot),
    printed_players=(3, 6),
)
FormulaFunState.info = INFO
