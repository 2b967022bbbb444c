"""Flotte Flitzer's fast paths give what the plain rules give (issue 17).

legal_actions lists plays from tables of shared tuples; views copy cars and cards from tables;
the bots (game/bots/flotte_flitzer.py) value plays from the seats' sums of one table and try
only the follow-ups that can gain. Each is checked here against the plain way of working it
out, on tables from random races and on made-up tables (full rows, cars about to cross, cars
in row 0).
"""

from __future__ import annotations

import random

from game.bots.flotte_flitzer import (
    FINISH_VALUE,
    FINISH_VALUES,
    MARKERS,
    SAME,
    FlitzerBot,
    Race,
    hand_options,
    look,
    odds_of,
    step,
)
from game.flotte_flitzer import (
    CARDS,
    CARS,
    DECK_SIZE,
    GEFAHR,
    HAND,
    LANES,
    LAST_ROW,
    RISIKO,
    VALUE,
    FlotteFlitzerState,
    Play,
    cars_allowed,
    grid_of,
    pair_plays,
    plan,
    row_mask,
    play_actions,
    taken_masks,
)


def plain_plays(pos, hand) -> list:
    """legal_actions in phase PLAY, worked out card by card, car by car with plan()."""
    actions = []
    for card_id in hand:
        card = CARDS[card_id]
        for car in cars_allowed(card, pos) or [-1]:
            lanes, _, follow_lanes = plan(card, pos, car)
            actions += [Play(card_id, car, lane, follow) for lane in lanes
                        for follow in follow_lanes]
    return actions


def random_table(rng: random.Random) -> list:
    """A table of positions that a race could reach or nearly: crowded rows (some full), cars
    near the line and in row 0, some over it."""
    rows = rng.sample(range(LAST_ROW + 1), rng.randint(3, 8)) + [0, LAST_ROW]
    spaces = [(r, lane) for r in rows for lane in range(LANES)]
    rng.shuffle(spaces)
    pos = [list(spaces.pop()) for _ in range(CARS)]
    for car in rng.sample(range(CARS), rng.randint(0, 5)):
        pos[car] = None
    return pos


def walk_states(players: int, seed: int):
    """The states of a random race, one per step."""
    state = FlotteFlitzerState(players, {}, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state
        p = state.current_player()
        state.apply(p, rng.choice(state.legal_actions(p)))


def test_legal_plays_are_the_plain_enumeration_in_random_races():
    checked = 0
    for players in range(2, 7):
        for state in walk_states(players, 40 + players):
            if state.phase != "play":
                continue
            for seat in range(players):   # every hand, not only the mover's
                assert play_actions(state.pos, state.hands[seat]) == \
                    plain_plays(state.pos, state.hands[seat])
                checked += 1
    assert checked > 1000


def test_legal_plays_are_the_plain_enumeration_on_crowded_tables():
    rng = random.Random(5)
    for _ in range(400):
        pos = random_table(rng)
        hand = rng.sample(range(DECK_SIZE), HAND)
        assert play_actions(pos, hand) == plain_plays(pos, hand)


def pairs_of(plays) -> dict:
    """(card, car) -> its plays in `plays`, in order (a pair's plays are listed together)."""
    out = {}
    for play in plays:
        out.setdefault((play.card, play.car), []).append(play)
    return out


def test_a_pairs_plays_are_the_very_ones_legal_lists_for_it():
    """pair_plays (the bot picks its lanes among them) gives the objects play_actions lists for
    the pair, in its order, on tables from random races and on crowded ones."""
    rng = random.Random(6)
    tables = [(state.pos, state.hands[state.turn]) for players in (2, 4, 6)
              for state in walk_states(players, 60 + players) if state.phase == "play"]
    tables += [(random_table(rng), rng.sample(range(DECK_SIZE), HAND)) for _ in range(400)]
    checked = 0
    for pos, hand in tables:
        grid = grid_of(pos)
        assert [row_mask(grid, row) for row in range(LAST_ROW + 1)] == \
            taken_masks(pos)[:LAST_ROW + 1]
        for (card, car), plays in pairs_of(play_actions(pos, hand)).items():
            made = pair_plays(pos, grid, card, car)
            assert len(made) == len(plays) and all(map(lambda a, b: a is b, made, plays))
            checked += 1
    assert checked > 5000


def test_the_tables_kept_with_the_positions_are_a_recount_after_every_step():
    """_taken and _grid (see FlotteFlitzerState) follow every move, in the copies a state makes
    (undo, hidden_variant) too, and stay out of the state hash."""
    for players in (2, 4, 6):
        copies = 0
        for i, state in enumerate(walk_states(players, 90 + players)):
            assert state._taken == taken_masks(state.pos), i
            assert state._grid == grid_of(state.pos), i
            if i % 17 == 0:
                twin = state.hidden_variant(0, random.Random(i))
                assert (twin._taken, twin._grid) == (state._taken, state._grid)
                assert twin._taken is not state._taken
                assert "_taken" not in state.snapshot() and "_grid" not in state.snapshot()
                if state.undo_depth(state.current_player()):
                    back = state.undone(state.current_player())
                    assert back._taken == taken_masks(back.pos)
                    assert back._grid == grid_of(back.pos)
                    copies += 1
        assert copies > 0


def test_a_view_is_a_copy_changing_it_changes_no_later_view():
    state = next(s for s in walk_states(4, 3) if s.phase == "play" and s.discard)
    first = state.view(0)
    again = state.view(0)
    assert first == again
    first["cars"][0]["row"] = 99
    first["hand"][0]["value"] = 99
    first["discard"][0]["kind"] = "?"
    first["danger"][0][0] = -1
    assert state.view(0) == again


def race_of(view, seat: int, w_opp: float = 1.0) -> Race:
    return Race(look(view)[2], len(view["finished"]), seat, view["players"], w_opp)


def recount(race: Race, table) -> float:
    """A table's value the plain way: own sum less the weighted best other seat's sum."""
    sums = [table[2 * s] + table[2 * s + 1] for s in range(race.players)]
    others = [sums[s] for s in range(race.players) if s != race.seat]
    return sums[race.seat] - race.w_opp * max(others)


def race_views(count: int):
    """(view, seat) of tables from random races at every player count."""
    out = []
    for players in range(2, 7):
        for i, state in enumerate(walk_states(players, 70 + players)):
            if state.phase == "play" and i % 9 == 0:
                out += [(state.view(seat), seat) for seat in range(players)]
    return out[:count]


def bots_at_races():
    """(view, bot, race, pos, grid, marker odds) for a bot of every level on each of 300
    tables of race_views."""
    for level in ("easy", "normal", "hard"):
        for view, seat in race_views(300):
            bot = FlitzerBot(seat, 1, level)
            race = race_of(view, seat, {"easy": 0.5, "normal": 0.7, "hard": 1.0}[level])
            pos, grid, _ = look(view)
            yield view, bot, race, pos, grid, bot.marker_odds(view)


def test_a_moved_cars_value_is_the_recount_of_the_table():
    rng = random.Random(8)
    for view, seat in race_views(600):
        race = race_of(view, seat, rng.choice([0.5, 0.7, 1.0]))
        assert race.value == recount(race, race.table)
        for car in range(CARS):
            now = rng.choice([float(rng.randint(0, LAST_ROW)), FINISH_VALUES[rng.randint(0, 6)]])
            assert race.value_moved(car, now) == recount(race, race.moved([(car, now)]))


def test_every_outcome_a_bot_weighs_is_valued_as_its_table_recounted():
    for view, bot, race, pos, grid, odds in bots_at_races():
        for card, car in pairs(hand_options([c["id"] for c in view["hand"]], pos)):
            out = bot.outcomes(race, card, car, pos, grid, odds)
            if car < 0:   # a dead card (a Gefahr with no car on danger, say) moves nothing
                assert out == [(1.0, race.value, (), race.finished)]
            for p, value, changes, finished in out:
                table = race.moved(changes)
                assert 0 < p <= 1 and value == recount(race, table)
                assert finished == len(view["finished"]) + sum(
                    1 for car in range(CARS) if table[car] >= FINISH_VALUE
                    and race.table[car] < FINISH_VALUE)
            # weigh: the play's value and its likeliest outcome (the first most likely),
            # whether it works the outcome out itself (a move by the card's number) or not
            likeliest = max(out, key=lambda o: o[0])
            assert bot.weigh(race, card, [car], pos, grid, odds) == [(
                bot.play_value(card, out), likeliest[2:])]


def test_a_bots_values_and_likeliest_outcomes_are_weighs():
    """values() (the values alone, most options never need more) and likeliest() (for the
    few that do) give what weigh gives, card by card for every car it may name."""
    for view, bot, race, pos, grid, odds in bots_at_races():
        # (the hand, and every other card of the deck as well: a Risiko for every table)
        hand = [c["id"] for c in view["hand"]]
        for card, cars in hand_options(hand + sorted(set(SAME) - set(hand)), pos):
            weighed = bot.weigh(race, card, cars, pos, grid, odds)
            assert bot.values(race, card, cars, pos, grid, odds) == [v for v, _ in weighed]
            for car, (_, likely) in zip(cars, weighed):
                assert bot.likeliest(race, card, car, pos, grid, odds) == likely


def test_the_leader_is_the_one_other_seat_with_the_best_sum():
    rng = random.Random(4)
    for view, seat in race_views(300):
        race = race_of(view, seat)
        others = [s for s in range(race.players) if s != seat]
        best = max(race.sums[s] for s in others)
        top = [s for s in others if race.sums[s] == best]
        assert race.leader == (top[0] if len(top) == 1 else None)
        tied = race.table[:]   # a tie for the best other sum: no leader
        if len(others) > 1:
            a, b = rng.sample(others, 2)
            tied[2 * b], tied[2 * b + 1] = tied[2 * a], tied[2 * a + 1]
            if max(tied[2 * s] + tied[2 * s + 1] for s in others) == tied[2 * a] + tied[2 * a + 1]:
                assert Race(tied, race.finished, seat, race.players, 1.0).leader is None


def plain_follow_up(race: Race, hand, changes, finished) -> float:
    """The best gain of one card of `hand` (but Risiko and Gefahr) for any car it may name on
    the table after `changes`: every card, every car, nothing left out."""
    table = race.moved(changes)
    after = Race(table, finished, race.seat, race.players, race.w_opp)
    racing = [car for car in range(CARS) if table[car] < FINISH_VALUE]
    pos = [[int(table[car]), 0] if car in racing else None for car in range(CARS)]
    best = 0.0
    for card_id in hand:
        if CARDS[card_id].kind in (RISIKO, GEFAHR):
            continue
        for car in cars_allowed(CARDS[card_id], pos):
            if car >> 1 >= race.players:
                continue
            now = step(table, car, VALUE[card_id], finished, table)
            if now != table[car]:
                best = max(best, recount(after, after.moved([(car, now)])) - after.value)
    return best


def test_the_follow_up_tries_every_move_that_can_gain():
    rng = random.Random(11)
    for view, seat in race_views(500):
        bot = FlitzerBot(seat, 1, "hard")
        race = race_of(view, seat)
        hand = [c["id"] for c in view["hand"]]
        cards = bot.follow_up_cards(hand)
        played = rng.choice(hand)
        for car in rng.sample(range(CARS), 4):   # tables after a move of one car or none
            now = race.table[car] if race.table[car] >= FINISH_VALUE else \
                step(race.table, car, rng.choice([-1, 1, 2, 4]), race.finished, race.table)
            changes = ((car, now),)
            finished = race.finished + (now >= FINISH_VALUE > race.table[car])
            fast = bot.follow_up(race, cards, played, changes, finished)
            assert fast == plain_follow_up(race, [c for c in hand if c != played], changes,
                                           finished)


def test_hard_marker_odds_count_the_unseen_cards_in_deck_order():
    for view, seat in race_views(200):
        seen = {c["id"] for c in view["discard"]} | {c["id"] for c in view["hand"]}
        unseen = [MARKERS[i] for i in range(DECK_SIZE) if i not in seen]
        assert FlitzerBot(seat, 1, "hard").marker_odds(view) == odds_of(unseen)
        odds = dict(odds_of(unseen))
        assert abs(sum(odds.values()) - 1) < 1e-9


def pairs(options) -> list:
    """hand_options' (card, cars) as (card, car) pairs."""
    return [(card, car) for card, cars in options for car in cars]


def plain_options(legal) -> list:
    """(card, car) of the first play of each pair in `legal`, an identical card's left out."""
    firsts = list(dict.fromkeys((a.card, a.car) for a in legal))
    return [(card, car) for card, car in firsts
            if (SAME[card], car) not in {(SAME[c], other) for c, other in
                                         firsts[:firsts.index((card, car))]}]


def test_a_bot_weighs_one_option_per_pair_of_the_legal_plays_identical_cards_once():
    copy = next(c for c in range(DECK_SIZE) if SAME[c] != c)   # identical to an earlier card
    other = next(c for c in range(DECK_SIZE) if SAME[c] == c != SAME[copy])
    pos = random_table(random.Random(2))
    options = pairs(hand_options([SAME[copy], other, copy], pos))
    assert options and all(card != copy for card, _ in options)
    assert options == plain_options(play_actions(pos, [SAME[copy], other, copy]))
    rng = random.Random(3)
    for _ in range(400):   # crowded tables: dead cards, cars over the line
        pos = random_table(rng)
        hand = rng.sample(range(DECK_SIZE), HAND)
        assert pairs(hand_options(hand, pos)) == plain_options(play_actions(pos, hand))
    for view, seat in race_views(300):
        pos = look(view)[0]
        hand = [c["id"] for c in view["hand"]]
        assert pairs(hand_options(hand, pos)) == plain_options(play_actions(pos, hand))
