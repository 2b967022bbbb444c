"""Flotte Flitzer's CPU players: FlitzerBot (easy, normal, hard) and the tables it weighs with.

A bot sees its view: the cars, its hand and the played cards. It values a table for its seat
as the progress of its own cars minus the progress of the best other seat (a finished car
counts as over the line plus its points). Moves decided by turned-up cards are weighed by the
chance of each marker among the cards it has not seen (easy and normal bots assume the whole
deck's odds). Lanes: away from danger spaces, in front of an own car (to pull it along with a
Windschatten), not ahead of a rival car.

How it is fast (a hard bot weighs a hundred tables a turn): a table is a list of every car's
progress (its row as a float, or FINISH_VALUES[its place] once over the line), so a row is
full when three entries equal it, and no lanes are kept: no value depends on them. A play
changes one car (two with a slipstream), so its value is worked out from the seats' sums of
the table before it (Race.value_moved) rather than from a new table; the sums are the same
floats added in the same order, so the values, and the choices, are exactly the plain ones.
The options, one per (card, car), come from the hand and the table (hand_options, in the
legal list's order); the plays of the option chosen, for its lanes, are made as the legal list
makes them (pair_plays). Each card's options are weighed together (a yield of `thinking` after
every two cards).

The rules (cards, track, moves, the legal list's Plays: pair_plays) are game/flotte_flitzer.py's,
read from there; that module imports FlitzerBot last, for its INFO.
"""

from __future__ import annotations

from collections import Counter
from itertools import compress, repeat
from operator import itemgetter

from ..flotte_flitzer import (AUFHOLJAGD, AUFHOLJAGD_MAX_BEHIND, CAR_IDS, CARDS, CARS, COLOUR,
                              DANGER_AT, DECK_SIZE, FALSCHER_GANG, GEFAHR, KIND, LANES, LAST_ROW,
                              NO_CHOICE, POINTS, RISIKO, ROWS, SKID, VALUE, WINDSCHATTEN, Place,
                              RiskAgain, RiskStop, Steer, colour_of, pair_plays)
from . import Bot, run_to_end

FINISH_VALUE = ROWS + 2
POINT_VALUE = 3.0
OPPONENT_WEIGHT = {"easy": 0.5, "normal": 0.7, "hard": 1.0}
LOOKAHEAD = {"easy": 0.0, "normal": 0.0, "hard": 0.6}
LOOKAHEAD_PLAYS = 6             # the hard bot looks for a follow-up after its best six plays
# How often a bot takes its second or third best play instead of the best. Measured against a
# model of a first-time player (bench/race_levels.py): normal should beat one about two games
# in three, as an average adult would (0.28: 64 % over 200 games; 0.18 gave 76 %); hard
# rarely slips (and beats normal 86 % of the time).
SLIP = {"easy": 0.2, "normal": 0.28, "hard": 0.03}
KEEP_CARD = 0.05                # a play's value less this per row of its card (see play_value)
KEEP_COST = [KEEP_CARD * max(0, c.value) for c in CARDS]


def finish_value(place: int) -> float:
    """The progress of a car that crossed the line `place`-th (0: first)."""
    return FINISH_VALUE + POINT_VALUE * (POINTS[place] if place < len(POINTS) else 0)


FINISH_VALUES = [finish_value(place) for place in range(CARS + 1)]
ROW_VALUES = [float(row) for row in range(ROWS)]   # the progress of a car in a row
CARD_BIT = [1 << card for card in range(DECK_SIZE)]
MARKERS = tuple(c.marker for c in CARDS)
# Identical cards (markers included) share one number: they offer the same plays.
SAME = tuple(CARDS.index(c) for c in CARDS)
NOBODY = float("-inf")          # the best sum of no seat at all (max() of it and x is x)
FIRST = itemgetter(0)
SECOND = itemgetter(1)
THIRD = itemgetter(2)
CARD_ID = itemgetter("id")


def _shares(cards: int) -> list:
    """share(cards, count) for every count: 1 / cards added up card by card."""
    row = [0]
    for _ in range(cards):
        row.append(row[-1] + 1 / cards)
    return row


SHARES = [[0]] + [_shares(cards) for cards in range(1, DECK_SIZE + 1)]


def share(cards: int, count: int) -> float:
    """`count` cards' chance among `cards`, added up card by card (as the odds always were:
    the float may differ from count / cards in the last bit, and choices compare them)."""
    return SHARES[cards][count]


def odds_of(markers) -> list:
    """[(marker, chance)] of the next turned-up card, given the `markers` of the cards it may
    be, in the order each marker first occurs among them."""
    cards = len(markers) or 1
    return [(marker, share(cards, count)) for marker, count in Counter(markers).items()]


DECK_ODDS = odds_of(MARKERS)    # easy and normal bots assume the whole deck
# (marker, the cards that carry it as a mask: bit c for card c), for counting the unseen ones.
MARKER_CARDS = [(marker, sum(1 << c for c in range(DECK_SIZE) if MARKERS[c] == marker))
                for marker in dict.fromkeys(MARKERS)]


def hand_options(hand, pos) -> list:
    """(card, cars) per card of a hand: the cars it may be played for on the table `pos`
    (cars_allowed; [-1] for a dead card), so every play of the hand, in the order legal lists
    them (play_actions), but for an identical card's: it offers the same plays as the first."""
    # (cars_allowed spelt out, the cars in the race found once: a hard bot does this for
    # every play it chooses)
    racing = list(compress(CAR_IDS, pos))   # (a space is a non-empty list: true)
    options = []
    seen = []
    for card in hand:
        if SAME[card] in seen:
            continue
        seen.append(SAME[card])
        kind = KIND[card]
        if kind == WINDSCHATTEN:
            first = 2 * COLOUR[card]
            cars = [first, first + 1]
            if pos[first + 1] is None:
                cars.pop()
            if pos[first] is None:
                cars.pop(0)
        elif kind == GEFAHR:
            cars = [car for car in racing if DANGER_AT[pos[car][0]][pos[car][1]]]
        elif kind == AUFHOLJAGD and len(racing) > AUFHOLJAGD_MAX_BEHIND:
            limit = sorted([pos[car][0] for car in racing])[AUFHOLJAGD_MAX_BEHIND]
            cars = [car for car in racing if pos[car][0] <= limit]
        else:
            cars = racing
        options.append((card, cars or NO_CHOICE))
    return options


def look(view) -> tuple:
    """(pos, grid, table) of a view's cars: positions(view); grid[row * LANES + lane], the car
    on a space or None (a row before row 0 reads the empty row at the end of the list); and
    the bots' table: per car its progress, its row or FINISH_VALUES[its place]."""
    finished = view["finished"]
    pos, table = [], []
    grid = [None] * ((ROWS + 1) * LANES)
    for car, data in enumerate(view["cars"]):   # (a view lists the cars by id)
        row = data["row"]
        if row is None:
            pos.append(None)
            table.append(FINISH_VALUES[finished.index(car) if car in finished else len(POINTS)])
        else:
            lane = data["lane"]
            pos.append([row, lane])
            table.append(ROW_VALUES[row])
            grid[row * LANES + lane] = car
    return pos, grid, table


def step(table: list, car: int, rows: int, finished: int, board: list) -> float:
    """The progress of `car` after a move of `rows` on `table`, as the state moves it: over
    the line as the `finished`+1-th car, never into a row that is full on `board` (the table
    that tells which rows are) nor behind the first row (then it stays)."""
    to = table[car] + rows
    if to > LAST_ROW:
        return FINISH_VALUES[finished]
    if to < 0 or board.count(to) >= LANES:
        return table[car]
    return to


def move_end(table: list, car: int, rows: int, finished: int) -> tuple:
    """step on `table` itself, and how many cars have then finished: (progress, finished),
    progress None when the move is forfeited (a full row, or behind the first: nothing
    moves)."""
    to = table[car] + rows
    if to > LAST_ROW:
        return FINISH_VALUES[finished], finished + 1
    if to < 0 or table.count(to) >= LANES:
        return None, finished
    return to, finished


def marked(table: list, car: int, marker, board: list) -> float:
    """The progress of `car` after a turned-up card's marker: a number of rows back, or a
    skid to the rearmost row (never over the line). `board`: as for step."""
    if marker == SKID:
        rear = min(table)
        if rear >= table[car] or board.count(rear) >= LANES:
            return table[car]
        return rear
    return step(table, car, marker, 0, board)


class Race:
    """A table valued for `seat`: every car's progress (`table`), how many cars have finished,
    the seats' sums, and per seat s the best sum of the seats other than ours and s (`rest`;
    NOBODY where there is none; rest[seat] is the best other seat's), and `leader`: the one
    other seat with the best sum, or None when several share it."""

    def __init__(self, table: list, finished: int, seat: int, players: int, w_opp: float):
        self.table, self.finished = table, finished
        self.seat, self.players, self.w_opp = seat, players, w_opp
        self.sums = sums = [table[2 * s] + table[2 * s + 1] for s in range(players)]
        others = sums[:seat] + sums[seat + 1:]
        top = max(others)
        self.rest = rest = [top] * players
        self.leader = None   # the one other seat with the best sum, if there is one
        if others.count(top) == 1:   # the one best other seat: without it, the next best
            t = others.index(top)
            others.pop(t)
            self.leader = t if t < seat else t + 1
            rest[self.leader] = max(others) if others else NOBODY
        self.value = sums[seat] - w_opp * top

    def value_moved(self, car: int, now: float) -> float:
        """The value of the table with `car`'s progress `now` (the floats of a recount)."""
        s = car >> 1
        if s >= self.players:
            return self.value   # a neutral car: no seat's sum changes
        table = self.table
        total = now + table[car + 1] if car % 2 == 0 else table[car - 1] + now
        if s == self.seat:
            return total - self.w_opp * self.rest[s]
        return self.sums[self.seat] - self.w_opp * max(total, self.rest[s])

    def value_of(self, table: list) -> float:
        """The value of any table: own sum less the weighted best sum of another seat."""
        seat = self.seat
        sums = [table[2 * s] + table[2 * s + 1] for s in range(self.players)]
        return sums[seat] - self.w_opp * max(sums[:seat] + sums[seat + 1:])

    def moved(self, changes) -> list:
        """The table with the (car, progress) `changes` made."""
        table = self.table[:]
        for car, now in changes:
            table[car] = now
        return table


class FlitzerBot(Bot):
    """easy: a random sensible play (one that does not hurt its own seat) most of the time;
    normal: the play of best immediate value; hard: that plus the best follow-up from the
    rest of its hand, and marker odds counted from the cards it has seen."""

    forced_moves_free = True  # (a one-action list is returned as it is: see game.bots)

    def choose(self, view: dict, legal: list):
        if len(legal) == 1:   # a forced move (half of all: every Draw): no thinking to run
            return legal[0]
        return run_to_end(self.thinking(view, legal))

    def thinking(self, view: dict, legal: list):
        """choose() in small steps: a generator that yields None after the options of every
        two cards it weighs and before the look-ahead (each a fraction of a millisecond) and
        returns the action. A driver on a frame thread may spread one decision over several
        frames; how it is run never changes the result."""
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], (Place, Steer)):
            return self.choose_lane(view, legal)
        pos, grid, table = look(view)
        race = Race(table, len(view["finished"]), self.seat, view["players"],
                    OPPONENT_WEIGHT[self.level])
        if isinstance(legal[0], (RiskAgain, RiskStop)):
            if self.level == "easy":
                again = self.rng.random() < 0.4
            else:
                again = self.risk_value(race, view["risk_car"], self.marker_odds(view)) \
                    > race.value
            return RiskAgain() if again else RiskStop()
        hand = list(map(CARD_ID, view["hand"]))
        odds = None   # (made when a card is turned up by the play: Risiko, Gefahr)
        # One option per (card, car), valued whatever its lanes: no value depends on them (see
        # above); the lanes are picked, among the legal plays, for the option chosen.
        cards, cars_of = [], []   # per option: its card and car
        values = []      # per option: its value
        for weighed, (card, cars) in enumerate(hand_options(hand, pos)):
            if weighed and weighed % 2 == 0:
                yield    # (a slice per two cards: their options for 24 cars at most)
            if odds is None and KIND[card] in (RISIKO, GEFAHR):
                odds = self.marker_odds(view, hand)
            values += self.values(race, card, cars, pos, grid, odds)
            cards += repeat(card, len(cars))
            cars_of += cars
        # The options best first (sorted is stable, reversed too: equal values keep their order).
        order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
        if self.level == "easy":
            sensible = [n for n in order if values[n] >= race.value - 0.01] or order
            if self.rng.random() < 0.8:
                n = self.rng.choice(sensible)
                return self.best_lanes(legal, (cards[n], cars_of[n]), pos, grid)
            return self.best_lanes(legal, (cards[order[0]], cars_of[order[0]]), pos, grid)
        weight = LOOKAHEAD[self.level]
        if weight:
            yield
            follow = self.follow_up_cards(hand)
            tried = [card for card, _, _ in follow]
            scored = []
            for n in order[:LOOKAHEAD_PLAYS]:
                card = cards[n]
                # (no card left to try but the one played: no gain, and no call)
                if len(tried) > (card in tried):
                    changes, finished = self.likeliest(race, card, cars_of[n], pos, grid, odds)
                    gain = self.follow_up(race, follow, card, changes, finished)
                else:
                    gain = 0.0
                scored.append((values[n] + weight * gain, n))
            scored.sort(key=FIRST, reverse=True)
            order = [n for _, n in scored]
        if self.rng.random() < SLIP[self.level] and len(order) > 1:
            n = self.rng.choice(order[1:3])
            return self.best_lanes(legal, (cards[n], cars_of[n]), pos, grid)
        return self.best_lanes(legal, (cards[order[0]], cars_of[order[0]]), pos, grid)

    def choose_lane(self, view, legal):
        """A lane on the grid or after a turned-up card: easy keeps the default; the others
        take the best lane_scores (ties: the default)."""
        choice = view["lane_choice"]
        default = choice["default"]
        if self.level == "easy":
            return type(legal[0])(default)
        scores = self.lane_scores(look(view)[1], choice["car"], choice["row"])
        return max(legal, key=lambda a: (scores[a.lane], a.lane == default))

    def best_lanes(self, legal, option, pos, grid):
        """The play of `legal` for `option` (card, car) with the best lane scores: the first
        of the best. `grid`: as look's. (The pair's plays are made as play_actions makes
        them, pair_plays, rather than looked for among the legal list's dozens.)"""
        card, car = option
        plays = pair_plays(pos, grid, card, car)
        first = plays[0]
        if len(plays) == 1:
            return first
        car, rows = first.car, VALUE[first.card]
        lanes = follows = None
        if first.lane >= 0:
            lanes = self.lane_scores(grid, car, pos[car][0] + rows)
        if first.follow >= 0:
            follower = grid[(pos[car][0] - 1) * LANES + pos[car][1]]
            follows = self.lane_scores(grid, follower, pos[follower][0] + rows)
        if follows is None:
            return max(plays, key=lambda a: lanes[a.lane])
        if lanes is None:
            return max(plays, key=lambda a: follows[a.follow])
        return max(plays, key=lambda a: lanes[a.lane] + follows[a.follow])

    # -- values ----------------------------------------------------------------------------------

    def marker_odds(self, view, hand=None) -> list:
        """[(marker, chance)] of the next turned-up card: among the cards a hard bot has not
        seen (played, or in its hand: the ids `hand`, if the caller has them), the whole deck
        for the others."""
        if self.level != "hard":
            return DECK_ODDS
        if hand is None:
            hand = map(CARD_ID, view["hand"] or ())
        # Bit c: card c seen (a card is in one place: the sum of their bits is their union).
        seen = sum(map(CARD_BIT.__getitem__, map(CARD_ID, view["discard"]))) | sum(
            map(CARD_BIT.__getitem__, hand))
        # Per marker its cards not seen; the markers in the order of their first such card
        # (the lowest bit of the mask: x & -x).
        unseen = sorted(((cards & -cards).bit_length(), marker, cards.bit_count())
                        for marker, cards in ((marker, cards & ~seen)
                                              for marker, cards in MARKER_CARDS) if cards)
        shares = SHARES[DECK_SIZE - seen.bit_count() or 1]
        return [(marker, shares[count]) for _, marker, count in unseen]

    def lane_scores(self, grid, car, row) -> list:
        """Per lane of `row`, for `car`: away from danger, in front of an own car (a
        Windschatten pulls it along), not in front of a rival's car. `grid`: as look's."""
        scores = []
        behind = (row - 1) * LANES
        for lane in range(LANES):
            score = -1.0 if DANGER_AT[row][lane] else 0.0
            other = grid[behind + lane]
            if other is not None and other != car:
                score += 0.5 if colour_of(other) == self.seat else -0.2
            scores.append(score)
        return scores

    def weigh(self, race: Race, card, cars, pos, grid, odds) -> list:
        """Per car of `cars`: (play_value of playing `card` for it, (changes, finished) of its
        likeliest outcome: the first of the most likely)."""
        single = self.certain(race, card, cars, pos, grid)
        if single is not None:   # (play_value of one outcome: its value less the card's)
            keep = KEEP_COST[card]
            return [(value - keep, (changes, finished)) for value, changes, finished in single]
        weighed = []
        neutral = None   # the value of a Risiko on a neutral car: the same for each
        for car in cars:
            if KIND[card] == RISIKO and car >> 1 >= race.players:
                # No seat's sum changes whatever turns up: every outcome's value is the
                # table's, so only the likeliest card's move is worked out.
                if neutral is None:
                    neutral = race.value if len(odds) == 1 else sum(
                        p * race.value for _, p in odds)   # (as play_value adds them up)
                    likely = [max(odds, key=SECOND)]
                out = self.risk_outcomes(race, car, likely, race.table)
                weighed.append((neutral - KEEP_COST[card], out[0][2:]))
                continue
            out = self.outcomes(race, card, car, pos, grid, odds)
            weighed.append((self.play_value(card, out), max(out, key=FIRST)[2:]))
        return weighed

    def likeliest(self, race: Race, card, car, pos, grid, odds) -> tuple:
        """weigh's second item for one car: (changes, finished) of the likeliest outcome of
        playing `card` for `car`."""
        if KIND[card] == RISIKO and car >= 0 and (car >> 1 != self.seat or self.level == "easy"):
            # One card turned up and no more (not an own car): the outcomes are the odds' in
            # their order, so the first most likely is the first most likely card's.
            return self.risk_outcomes(race, car, [max(odds, key=SECOND)], race.table)[0][2:]
        if car < 0:
            return (), race.finished
        kind = KIND[card]
        if kind == GEFAHR or kind == RISIKO:   # (a Risiko run on an own car: weigh's)
            return self.weigh(race, card, [car], pos, grid, odds)[0][1]
        # (certain's changes, spelt out without their value: the look-ahead needs only them)
        table = race.table
        finished = race.finished
        now = table[car] + VALUE[card]
        if now > LAST_ROW:
            now = FINISH_VALUES[finished]
            finished += 1
        elif now < 0 or table.count(now) >= LANES:
            return (), finished   # forfeited: nothing moves
        if kind == WINDSCHATTEN:
            row, lane = pos[car]
            follower = grid[(row - 1) * LANES + lane]
            if follower is not None:
                then = step(table, follower, VALUE[card], finished, table)
                return ((car, now), (follower, then)), finished + (then >= FINISH_VALUE)
        return ((car, now),), finished

    def values(self, race: Race, card, cars, pos, grid, odds) -> list:
        """Per car of `cars`: the value of playing `card` for it, as weigh gives it (the same
        floats), without the outcomes where that is cheaper: every option is valued, but only
        the best few need their likeliest outcome (thinking asks weigh for those)."""
        kind = KIND[card]
        if kind == RISIKO and cars[0] >= 0:
            return self.risk_values(race, card, cars, odds)
        if kind == GEFAHR and cars[0] >= 0:
            return [value for value, _ in self.weigh(race, card, cars, pos, grid, odds)]
        return self.certain_values(race, card, cars, pos, grid)

    def certain_values(self, race: Race, card, cars, pos, grid) -> list:
        """values() of a card that no turned-up card decides (certain's, less the card's
        KEEP_COST): a hard bot values such a card for every car in the race, most of them
        neutral or a rival's, so this is the loop it runs most (step and value_moved spelt
        out)."""
        keep = KEEP_COST[card]
        still = race.value - keep   # nothing moves, or no seat's sum changes
        if cars[0] < 0:
            return [still]
        kind = KIND[card]
        rows = VALUE[card]
        table, rest, w_opp, seat, players = (race.table, race.rest, race.w_opp, race.seat,
                                             race.players)
        own = race.sums[seat]
        values = []
        for car in cars:
            s = car >> 1
            if s >= players and kind != WINDSCHATTEN:   # (its follower may be a seat's car)
                values.append(still)
                continue
            now, finished = move_end(table, car, rows, race.finished)
            if now is None:   # forfeited: nothing moves
                values.append(still)
                continue
            if kind == WINDSCHATTEN:
                row, lane = pos[car]
                follower = grid[(row - 1) * LANES + lane]
                if follower is not None and follower >> 1 < players:   # (as certain)
                    then = step(table, follower, rows, finished, table)
                    if s >= players:   # only the follower's seat's sum changes
                        values.append(race.value_moved(follower, then) - keep)
                    else:
                        values.append(race.value_of(race.moved(((car, now), (follower, then))))
                                      - keep)
                    continue
                if s >= players:   # (a neutral follower changes no seat's sum either)
                    values.append(still)
                    continue
            total = now + table[car + 1] if car % 2 == 0 else table[car - 1] + now
            if s == seat:
                values.append(total - w_opp * rest[s] - keep)
            else:   # (max(total, rest[s]), without the call)
                values.append(own - w_opp * (total if total >= rest[s] else rest[s]) - keep)
        return values

    def risk_values(self, race: Race, card, cars, odds) -> list:
        """values() of a Risiko: per car the chances and values of risk_moves, added up as
        play_value adds them (the same floats)."""
        keep = KEEP_COST[card]
        # (as weigh: no seat's sum changes whatever turns up for a neutral car)
        neutral = (race.value if len(odds) == 1 else sum(p * race.value for _, p in odds)) \
            - keep
        more = 1 if self.level != "easy" else 0   # (on an own car: see outcomes)
        table, seat, players, rest, w_opp = race.table, self.seat, race.players, race.rest, \
            race.w_opp
        own = race.sums[seat]
        rear = min(table)
        values = []
        for car in cars:
            s = car >> 1
            if s >= players:
                values.append(neutral)
                continue
            if s == seat:
                moves = self.risk_moves(race, car, odds, table, more)
                values.append((moves[0][1] if len(moves) == 1
                               else sum(p * v for p, v, _ in moves)) - keep)
                continue
            # A rival's car: risk_moves with no more cards and value_moved, spelt out (most of
            # a Risiko's options are such; the same floats, added up by sum() as ever).
            here = table[car]
            partner = table[car ^ 1]
            best_other = rest[s]
            parts = []
            for marker, p in odds:
                if marker is None:   # a safe card: one row forward
                    now = here + 1
                    if now > LAST_ROW:
                        now = FINISH_VALUES[race.finished]
                    elif table.count(now) >= LANES:
                        now = here
                else:
                    now = rear if marker == SKID else here + marker
                    if now >= here or now < 0 or table.count(now) >= LANES:
                        now = here
                total = now + partner
                value = own - w_opp * (total if total > best_other else best_other)
                parts.append(p * value)
            values.append((value if len(parts) == 1 else sum(parts)) - keep)
        return values

    def outcomes(self, race: Race, card, car, pos, grid, odds) -> list:
        """[(probability, value, changes, finished)] after playing `card` for `car`: the value
        of the table after it, the (car, progress) changes that make that table from race's,
        and how many cars have finished then. A Risiko run on an own car goes on for one more
        card when that is worth more than stopping."""
        single = self.certain(race, card, [car], pos, grid)
        if single is not None:
            return [(1.0, *single[0])]
        table = race.table
        if KIND[card] == RISIKO:
            own = colour_of(car) == self.seat and self.level != "easy"
            return self.risk_outcomes(race, car, odds, table, 1 if own else 0)
        out = []   # Gefahr
        for marker, p in odds:
            now = table[car] if marker is None else marked(table, car, marker, table)
            out.append((p, race.value_moved(car, now), ((car, now),), race.finished))
        return out

    def certain(self, race: Race, card, cars, pos, grid):
        """Per car of `cars` (all -1 for a dead card): (value, changes, finished) of the one
        outcome of playing `card` for it when no turned-up card decides it (a dead card, a
        card that moves by its number, Windschatten included); None for Risiko and Gefahr."""
        if cars[0] < 0:
            return [(race.value, (), race.finished)]
        kind = KIND[card]
        if kind == RISIKO or kind == GEFAHR:
            return None
        table = race.table
        rows = VALUE[card]
        out = []
        for car in cars:
            now, finished = move_end(table, car, rows, race.finished)
            if now is None:   # forfeited: nothing moves
                out.append((race.value, (), finished))
                continue
            if kind == WINDSCHATTEN:
                row, lane = pos[car]
                follower = grid[(row - 1) * LANES + lane]
                if follower is not None:
                    # The follower's end row is neither the row left nor the one reached:
                    # the table before the move tells whether it is full (see plan).
                    then = step(table, follower, rows, finished, table)
                    changes = ((car, now), (follower, then))
                    out.append((race.value_of(race.moved(changes)), changes,
                                finished + (then >= FINISH_VALUE)))
                    continue
            out.append((race.value_moved(car, now), ((car, now),), finished))
        return out

    def risk_outcomes(self, race: Race, car, odds, table, more=0) -> list:
        """The outcomes (as above) of a Risiko on `car` of `table` (race's, or the one a first
        safe card made): a card turned up, and `more` cards after a safe one where going on is
        worth more than stopping (see risk_moves)."""
        finished = race.finished
        return [(p, value, ((car, now),), finished + (now >= FINISH_VALUE))
                for p, value, now in self.risk_moves(race, car, odds, table, more)]

    def risk_moves(self, race: Race, car, odds, table, more=0) -> list:
        """risk_outcomes as [(probability, value, car's progress after)] (only `car` moves,
        and it may cross the line once)."""
        # (step and marked spelt out: a hard bot weighs a Risiko for every car in the race)
        out = []
        here = table[car]
        for marker, p in odds:
            if marker is None:   # a safe card: one row forward
                now = here + 1
                if now > LAST_ROW:
                    now = FINISH_VALUES[race.finished]
                    out.append((p, race.value_moved(car, now), now))
                    continue
                if table.count(now) >= LANES:
                    now = here
                value = race.value_moved(car, now)
                if more:
                    again = self.risk_moves(race, car, odds, race.moved(((car, now),)), more - 1)
                    if sum(p2 * v2 for p2, v2, _ in again) > value:
                        out += [(p * p2, v2, now2) for p2, v2, now2 in again]
                        continue
                out.append((p, value, now))
                continue
            now = min(table) if marker == SKID else here + marker   # (a skid: the rear row)
            if now >= here or now < 0 or table.count(now) >= LANES:
                now = here
            out.append((p, race.value_moved(car, now), now))
        return out

    def risk_value(self, race: Race, car, odds) -> float:
        return sum(p * v for p, v, _ in self.risk_moves(race, car, odds, race.table))

    def play_value(self, card, outcomes) -> float:
        """The value expected after playing `card`, given its outcomes."""
        if len(outcomes) == 1:   # a certain outcome (its chance 1.0): its value
            total = outcomes[0][1]
        else:
            total = sum(p * v for p, v, _, _ in outcomes)
        # Keeping strong cards is worth a little: spending a Windschatten +4 or an Aufholjagd
        # on a small gain costs options later.
        return total - KEEP_COST[card]

    def follow_up(self, race: Race, hand, played, changes, finished) -> float:
        """The best gain one card of `hand` but `played` offers on the table after the (car,
        progress) `changes` with `finished` cars over the line (the likeliest outcome of a play
        of `played`; own next turn, the others' moves in between ignored). `hand`:
        follow_up_cards.

        Only moves that can gain are tried: an own car forward, or a rival's car back (a
        Falscher Gang). Moving a rival forward, or an own car back, never raises the value
        (the sums only grow, or only shrink), and a neutral car changes no seat's sum.

        The hard bot's (w_opp 1.0), so every figure is a whole number and a gain is a plain
        difference: an own car's move gains what the car gains, and the card with the most rows
        that moves it gains the most (over the line, the points are worth more than any rows);
        a rival's car one row back gains 1 when its seat alone leads the others (else 0), so it
        is tried only when no own move gains."""
        assert race.w_opp == 1.0, "follow_up counts in whole numbers"
        seat = race.seat
        best = 0.0
        table = race.moved(changes) if changes else race.table
        limit = None   # the Aufholjagd's (cars_allowed; a car over the line sorts last)
        for car in (2 * seat, 2 * seat + 1):
            now = table[car]
            if now >= FINISH_VALUE:
                continue
            for card, kind, rows in hand:   # (most rows first)
                if card == played or kind == FALSCHER_GANG:
                    continue
                if kind == AUFHOLJAGD:
                    if limit is None:
                        limit = min(sorted(table)[AUFHOLJAGD_MAX_BEHIND], LAST_ROW)
                    if now > limit:
                        continue
                to = now + rows   # (step, spelt out: the rows are > 0)
                if to > LAST_ROW:
                    to = FINISH_VALUES[finished]
                elif table.count(to) >= LANES:
                    continue
                if to - now > best:
                    best = to - now
                break   # the most this car can gain
        if best:
            return best
        for card, kind, _ in hand:   # (a plain loop: any() of a generator costs more)
            if kind == FALSCHER_GANG and card != played:
                break
        else:
            return best   # no card to send a rival's car back with
        after = Race(table, finished, seat, race.players, race.w_opp)
        if after.leader is None:   # (several seats share the best other sum: no car gains)
            return 0.0
        for car in (2 * after.leader, 2 * after.leader + 1):   # (only the leader's cars gain)
            if table[car] < FINISH_VALUE:
                now = step(table, car, -1, finished, table)
                if now != table[car] and after.value_moved(car, now) > after.value:
                    return after.value_moved(car, now) - after.value
        return 0.0

    def follow_up_cards(self, hand) -> list:
        """(card, kind, rows) of the cards of `hand` (ids) that follow_up tries, the most rows
        first (in hand order on a tie): no Risiko or Gefahr (turned-up cards decide), no
        Windschatten of another colour (it moves a rival on)."""
        return sorted([(c, KIND[c], VALUE[c]) for c in hand if KIND[c] not in (RISIKO, GEFAHR)
                       and (KIND[c] != WINDSCHATTEN or COLOUR[c] == self.seat)],
                      key=THIRD, reverse=True)   # (stable, reversed too)
