"""Flixo's CPU players: FlixoBot, the partners that play for the team (rules: game/flixo.py).

A bot plays for the team from the view alone. It scores a position as a team cost (lower is
better) and picks the action with the lowest (expected) cost. Unknown cards are weighed by
what is still unseen: the number cards in use minus every visible one, and the Flixos in play
minus the visible ones (those are all face down in the displays: the draw pile holds none).
"""

from __future__ import annotations

from ..caches import remember
from ..flixo import (
    CARD_VALUE, EMPTY_DISPLAY_POINTS, FLIXO, DiscardAndReveal, Draw, RewardPeek, SwapDrawn,
    TakeDiscard, full_lines, is_flixo, remove_full_lines, slots, value)
from . import MISTAKE_RATE, Bot, run_to_end

# Weights of the team cost, per level (all in "points of cost"; lower is better):
#   score      per point of card value left in the displays
#   hidden     per hidden Flixo, spread over the face-down cards of displays of 2+ rows and cols
#   known      per face-up Flixo in such a display; near / far: the share of it taken off when a
#              line with it is one / two cards short of removal
#   line1/2    a line without a Flixo one / two cards short of removal
#   reward     per Flixo removed (the team gets a look at a face-down card)
#   feed       the top discard is a number the next display needs
#   draw       using up a card of the draw pile (the game's clock)
#   idle       swapping the top discard for a face-up card (nothing is found that way), times
#              (1 + such swaps of this bot since the draw pile last shrank) squared
#   loss       a lost game; fix: the chance a display still to play in the final turns deals
#              with one face-up Flixo
BOT_WEIGHTS = {
    "easy": {"score": 0.15, "hidden": 12.0, "known": 9.0, "near": 0.5, "far": 0.2,
             "line1": 2.0, "line2": 0.5, "reward": 2.0, "feed": 0.0, "draw": 0.0, "idle": 0.5,
             "loss": 200.0, "fix": 0.5},
    "normal": {"score": 0.15, "hidden": 14.0, "known": 9.0, "near": 0.5, "far": 0.2,
               "line1": 2.0, "line2": 0.5, "reward": 2.0, "feed": 2.0, "draw": 1.0, "idle": 0.5,
               "loss": 200.0, "fix": 0.3},
    "hard": {"score": 0.15, "hidden": 14.0, "known": 9.0, "near": 0.5, "far": 0.2,
             "line1": 2.0, "line2": 0.5, "reward": 2.0, "feed": 2.0, "draw": 1.0, "idle": 0.5,
             "loss": 200.0, "fix": 0.3},
}
BOT_MISTAKES = MISTAKE_RATE  # chance of taking one of the next-best actions instead
# FlixoBot.thinking yields before every STEP_ACTIONS-th action it weighs, and a draw's weighing
# before every STEP_SLOTS-th slot: each is a few microseconds of work, and a slice of some tens
# (never near the frame's budget) costs the driver less than one per piece.
STEP_ACTIONS = 4
STEP_SLOTS = 3


class TeamModel:
    """What the team knows, rebuilt from a view: grids with None for unknown cards, and the
    odds of every unseen card."""

    def __init__(self, view: dict):
        self.view = view
        self.turn = view["turn"]
        self.people = view["people"]
        # Number cards not seen yet, per value (in the order of view["values"]), and the values
        # of the Flixos seen: one pass over everything face up, marked, discarded or removed.
        unseen = dict.fromkeys(view["values"], view["number_sets"])
        seen_flixos = set()
        self.grids = []
        hidden_cells = 0
        for disp in view["displays"]:
            grid = []
            for row in disp["cells"]:
                cells = []
                for cell in row:
                    v = cell["value"]
                    if v is None:
                        cells.append([None, "down"])
                        hidden_cells += 1
                        continue
                    if cell["flixo"]:
                        seen_flixos.add(v)
                        cells.append([FLIXO + v, "up" if cell["up"] else "eye"])
                    else:
                        if v in unseen:
                            unseen[v] -= 1
                        cells.append([v, "up" if cell["up"] else "eye"])
                grid.append(cells)
            self.grids.append(grid)
            for c in disp["removed"]:
                _note_seen(c, unseen, seen_flixos)
        for c in view["discard"]:
            _note_seen(c, unseen, seen_flixos)
        if view["drawn"] is not None:
            _note_seen(view["drawn"], unseen, seen_flixos)
        self.unseen = {v: n for v, n in unseen.items() if n > 0}
        self.unseen_total = sum(self.unseen.values())
        self.flixo_values = [v for v in view["values"] if v not in seen_flixos]
        self.hidden_flixos = view["flixos_in_play"] - len(seen_flixos)
        self.hidden_cells = hidden_cells
        total = self.unseen_total or 1
        self.mean_unknown = sum(v * n for v, n in self.unseen.items()) / total
        # Per value: whether a card of it may still come, to fill a line (FlixoBot.line_part)
        self.comes = {v: bool(self.unseen.get(v, 0) or v in self.flixo_values
                              and self.hidden_flixos) for v in range(-1, 11)}
        self._draw_odds = self._reveal_odds = None
        # A decision weighs the same grids and discards many times: the bot remembers its
        # results here (pure functions of the model, so they live and die with it).
        self.combiners: dict = {}  # (slot, card, ends) -> FlixoBot.combiner_with
        self.settled: dict = {}  # (slot, card) -> FlixoBot.settle_with the long way
        self.risks: dict = {}  # (hidden, risky) -> TeamModel.risk
        self.slots = None  # FlixoBot.slot_sums
        self.parts: dict = {None: _NOTHING}  # line shape -> FlixoBot.part
        self.line_parts: dict = {}  # cards of a line -> FlixoBot.line_part (for settle)
        self.reveal_sums = None  # FlixoBot.reveal_sums
        self._reveal_totals = self._reveal_chances = None
        self.full_lines = any(full_lines(self.grids[self.turn]))  # (none, at rest)
        self.feeds: dict = {}  # top -> feed_cost (when the game does not end)

    def risk(self, w, hidden, risky):
        """The hidden Flixos' cost (FlixoBot.combiner) for a revealed card that is not a
        Flixo and for one that is, with `hidden` face-down cards, `risky` of them where a
        Flixo stays (None: no card is hidden)."""
        risk = self.risks.get((hidden, risky), False)
        if risk is False:
            risk = self.risks[hidden, risky] = [
                w["hidden"] * (self.hidden_flixos - flixo) * risky / hidden
                for flixo in (0, 1)] if hidden else None
        return risk

    def draw_odds(self) -> list[tuple[int, float]]:
        """(card, probability) for the top of the draw pile (made once: shared, read-only)."""
        if self._draw_odds is None:
            total = self.unseen_total or 1
            self._draw_odds = [(v, n / total) for v, n in self.unseen.items()]
        return self._draw_odds

    def reveal_odds(self) -> list[tuple[int, float]]:
        """(card, probability) for a face-down unmarked card (made once: shared, read-only)."""
        if self._reveal_odds is None:
            p_flixo = self.hidden_flixos / self.hidden_cells if self.hidden_cells else 0.0
            odds = [(v, (1 - p_flixo) * p) for v, p in self.draw_odds()]
            if p_flixo and self.flixo_values:
                odds += [(FLIXO + v, p_flixo / len(self.flixo_values))
                         for v in self.flixo_values]
            self._reveal_odds = odds
        return self._reveal_odds


    def reveal_chances(self) -> dict:
        """reveal_odds as {card: probability} (made once: shared, read-only)."""
        if self._reveal_chances is None:
            self._reveal_chances = dict(self.reveal_odds())
        return self._reveal_chances

    def reveal_totals(self) -> tuple:
        """Over reveal_odds (made once): (the odds of a number card, the sum of p * value of
        the number cards, the odds of a Flixo, the sum of p * value of the Flixos)."""
        if self._reveal_totals is None:
            odds = self.reveal_odds()
            numbers = [(p, CARD_VALUE[o]) for o, p in odds if o < FLIXO // 2]
            flixos = [(p, CARD_VALUE[o]) for o, p in odds if o >= FLIXO // 2]
            self._reveal_totals = (sum([p for p, _ in numbers]), sum([p * v for p, v in numbers]),
                                   sum([p for p, _ in flixos]), sum([p * v for p, v in flixos]))
        return self._reveal_totals


def _note_seen(cell: dict, unseen: dict, seen_flixos: set) -> None:
    """Count a card of a view (a pile's) as seen (TeamModel)."""
    v = cell["value"]
    if cell["flixo"]:
        seen_flixos.add(v)
    elif v in unseen:
        unseen[v] -= 1


def _card_of(cell: dict):
    if cell["value"] is None:
        return None
    return FLIXO + cell["value"] if cell["flixo"] else cell["value"]


def _is_up(m: TeamModel, slot) -> bool:
    return m.grids[m.turn][slot[0]][slot[1]][1] == "up"


def _draw_ends(m: TeamModel) -> bool:
    """Whether drawing now makes this the game's last turn."""
    return m.view["last_display"] == m.turn or m.view["draw_left"] == 1


def _safe(grid) -> bool:
    """A display of one row or one column (or none) can keep its Flixos."""
    return len(grid) <= 1 or len(grid[0]) <= 1



class FlixoBot(Bot):
    """A CPU partner: the action of lowest expected team cost (see BOT_WEIGHTS).

    easy: does not feed the next display, draws freely, slips often; normal: feeds the next
    display and values a draw by its best reveal; hard: values a draw by the expected best
    follow-up over every card it could draw. Slips (MISTAKE_RATE): one of the next three."""

    forced_moves_free = True  # (a one-action list is returned as it is: see game.bots)

    def __init__(self, seat: int, seed: int, level: str = "normal"):
        super().__init__(seat, seed, level)
        self.w = BOT_WEIGHTS[level]
        self.w_score, self.w_known = self.w["score"], self.w["known"]  # (read where it is hot)
        # Own face-up swaps since the draw pile last shrank: each makes the next one dearer,
        # so partners cannot pass the same cards round the table for ever.
        self.idle_turns = 0
        self.draw_left = None

    # -- choosing ----------------------------------------------------------------------------

    def choose(self, view: dict, legal: list):
        return run_to_end(self.thinking(view, legal))

    def thinking(self, view: dict, legal: list):
        """choose() in small steps: a generator that yields None between pieces of work (some
        tens of microseconds each: the model, our slots' sums, every STEP_ACTIONS actions, a
        draw's slots) and returns the action. A driver on a frame thread may spread one
        decision over several frames; how it is run never changes the result."""
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], RewardPeek):
            return self.choose_peek(view, legal)
        model = TeamModel(view)
        self.prepare(model)
        if view["draw_left"] != self.draw_left:
            self.draw_left, self.idle_turns = view["draw_left"], 0
        scored = []
        try:
            if model.grids[model.turn]:  # (every action but a draw weighs our slots)
                yield
                self.slot_sums(model)
            for i, a in enumerate(legal):
                if i % STEP_ACTIONS == 0:
                    yield
                if isinstance(a, Draw):
                    ends = _draw_ends(model)
                    # Only the four cheapest actions can be chosen (the best, or a slip to one
                    # of the next three): a draw (listed last) sure to cost more than the
                    # fourth cheapest of the others needs no closer look.
                    floor = self.draw_floor(model) if ends and i >= 4 else None
                    if floor is not None and floor > sorted(scored)[3][0]:
                        cost = floor
                    else:
                        cost = yield from self.draw_cost_steps(model, ends)
                else:
                    cost = self.action_cost(model, a)
                scored.append((cost, i))
        finally:
            # The combiners refer to the model that holds them: without this, every decision
            # would leave a reference cycle for the garbage collector (a pause in some frame).
            model.combiners.clear()
        scored.sort()
        pick = scored[0][1]
        if self.rng.random() < BOT_MISTAKES[self.level] and len(scored) > 1:
            pick = self.rng.choice(scored[1:4])[1]
        action = legal[pick]
        if isinstance(action, TakeDiscard) and _is_up(model, action.slot):
            self.idle_turns += 1
        return action

    def choose_peek(self, view, legal):
        """The display with the most face-down cards (the likeliest hiding place), the soonest
        to play on ties; a random card there."""
        people = view["people"]

        def rank(d):
            downs = sum(1 for row in view["displays"][d]["cells"] for c in row
                        if not c["up"] and not c["eye"])
            return (-downs, (d - view["turn"] - 1) % people)
        best = min({a.display for a in legal}, key=rank)
        return self.rng.choice([a for a in legal if a.display == best])

    # -- costs ----------------------------------------------------------------------------------
    #
    # An action changes only our display and the top of the discard pile, so the other displays
    # are summed up once per decision (prepare) and each outcome only settles our new grid.
    # Settling is itself done by linear sums: with one card put at a slot, only the row and the
    # column through it change, so each slot's SlotSums holds the rest of settle's sum and the
    # shapes of those two lines with any card put in (known_at); and averages over the cards
    # that may come are counted (the odds and points of the cards that cost alike, summed once)
    # rather than enumerated (reveal_known, unknown_out, swaps_by_points). The long way, settle
    # and combiner over a whole grid, is kept for lines that leave and the game's last turns,
    # and tests/test_flixo_speed.py holds every action's cost to it.

    def prepare(self, m: TeamModel) -> None:
        others = {d: self.settle(m, g, remove=False) for d, g in enumerate(m.grids)
                  if d != m.turn}
        m.others = [sum(sums) for sums in list(zip(*others.values()))[1:6]]
        m.other_flixos = {d: o[4] for d, o in others.items()}
        m.other_safe = {d: _safe(g) for d, g in enumerate(m.grids)}
        m.next_needs = m.view["displays"][(m.turn + 1) % m.people]["needs"]  # (needs(grid)[0])

    def action_cost(self, m: TeamModel, action) -> float:
        """The team cost expected after `action` (call prepare(m) first)."""
        view = m.view
        ends = view["last_display"] == m.turn
        if isinstance(action, TakeDiscard):
            # Swapping face-up cards around finds nothing: without a price on it, partners
            # can pass the same cards round the table for a long time.
            idle = self.w["idle"] * (1 + self.idle_turns) ** 2 if _is_up(m, action.slot) else 0
            return idle + self.after_swap(m, action.slot, _card_of(view["discard"][-1]), ends)
        if isinstance(action, SwapDrawn):
            return self.after_swap(m, action.slot, _card_of(view["drawn"]),
                                   ends or view["draw_left"] == 0)
        if isinstance(action, DiscardAndReveal):
            return self.after_reveal(m, action.slot, _card_of(view["drawn"]),
                                     ends or view["draw_left"] == 0)
        if isinstance(action, Draw):
            return self.draw_cost(m, _draw_ends(m))
        raise ValueError(action)

    def after_swap(self, m, slot, card, ends) -> float:
        out, side = m.grids[m.turn][slot[0]][slot[1]]
        running = None if ends else self.running_with(m, slot, card)
        if running is None:  # the game ends, or its final turns begin
            combine = self.combiner_with(m, slot, card, ends)
            if side == "down":
                # sum(p * combine(o, o)): these combiners tell a card only by whether it is a
                # Flixo, so it is the odds of each kind times the cost of one card of it.
                _, numbers, flixos, _, number, flixo = self.reveal_sums(m)
                cost = 0.0 if number is None else numbers * combine(number, number)
                return cost if flixo is None else cost + flixos * combine(flixo, flixo)
            return combine(out, None)
        known, risk = running
        if side == "down":  # the card leaving is unknown: weigh what it may be
            return self.unknown_out(m, known, risk)
        # Running(known, risk)(out, None), written out
        cost = known + self.feed_cost(m, out, False)
        return cost if risk is None else cost + risk[0]

    def unknown_out(self, m, known, risk) -> float:
        """The cost after a swap for a face-down card, the Running cost (known, risk) averaged
        over what that card may be: sum(p * Running(known, risk)(o, o)), summed up by kind
        (a linear sum: known times the odds, plus each card's feed and the risk per kind).

        It never falls as `known` grows: of swaps with one risk, the one of least `known`
        costs least."""
        p_all, p_numbers, p_flixos, feeds, _, _ = self.reveal_sums(m)
        cost = known * p_all + feeds
        return cost if risk is None else cost + (risk[0] * p_numbers + risk[1] * p_flixos)

    def reveal_sums(self, m) -> tuple:
        """Over the cards a face-down card may be (reveal_odds), made once per model: (the sum
        of their odds, of the number cards' odds, of the Flixos' odds, of p * feed_cost of the
        card on the discard pile, a number card and a Flixo among them (None: none))."""
        if m.reveal_sums is None:
            odds = m.reveal_odds()
            numbers = [(o, p) for o, p in odds if o < FLIXO // 2]
            flixos = [(o, p) for o, p in odds if o >= FLIXO // 2]
            p_numbers = sum([p for _, p in numbers])
            p_flixos = sum([p for _, p in flixos])
            # (feed_cost tells a card by its kind and whether the next display needs its
            # value: summed per such group, the odds times the cost of one of its cards)
            needed = set(m.next_needs)
            feeds = 0.0
            for group in ([(o, p) for o, p in numbers if o in needed],
                          [(o, p) for o, p in flixos if o - FLIXO in needed],
                          [(o, p) for o, p in flixos if o - FLIXO not in needed]):
                if group:
                    feeds += sum([p for _, p in group]) * self.feed_cost(m, group[0][0], False)
            m.reveal_sums = (p_numbers + p_flixos, p_numbers, p_flixos, feeds,
                             numbers[0][0] if numbers else None,
                             flixos[0][0] if flixos else None)
        return m.reveal_sums

    def after_reveal(self, m, slot, drawn, ends) -> float:
        r, c = slot
        card, side = m.grids[m.turn][r][c]
        if side == "eye":
            return self.reveal_one(m, slot, card, drawn, ends, None)
        sl = self.slot_sums(m)[slot]
        if not ends and m.view["last_display"] is None and not sl.all_up:
            return self.reveal_running(m, sl, drawn)
        # The game ends, or its final turns are on or begin (revealing our last card): the
        # combiners tell a card by its kind and its points, unless it fills a line, so per
        # kind the cost of one card plus score times the others' difference in value.
        score = self.w_score
        total = 0.0
        first = {}  # a Flixo or not -> (value, cost) of the first such card
        for seen, p in m.reveal_odds():
            v = CARD_VALUE[seen]
            if sl.long or v in sl.fills:  # lines leave: the long way
                total += p * self.reveal_one(m, slot, seen, drawn, ends, seen)
                continue
            kind = seen >= FLIXO // 2
            known = first.get(kind)
            if known is None:
                known = first[kind] = (v, self.reveal_one(m, slot, seen, drawn, ends, seen))
            total += p * (known[1] + score * (v - known[0]))
        return total

    def reveal_one(self, m, slot, seen, drawn, ends, revealed) -> float:
        """The cost after `seen` was turned up at `slot` (a face-down card, revealed: seen; or
        an eye-marked one, revealed: None) and `drawn` discarded."""
        running = None if ends else self.running_with(m, slot, seen)
        if running is None:
            return self.combiner_with(m, slot, seen, ends)(drawn, revealed)
        # Running(known, risk)(drawn, revealed), written out
        known, risk = running
        cost = known + self.feed_cost(m, drawn, ends)
        if risk is not None:
            cost += risk[revealed is not None and revealed >= FLIXO // 2]
        return cost

    def reveal_running(self, m, sl, drawn) -> float:
        """after_reveal of the face-down card at `sl`'s slot while the game runs on: the
        Running cost averaged over what the card may be, by linear sums (reveal_known)."""
        known, numbers, flixos, fills = self.reveal_known(m, sl)
        feed = self.feed_cost(m, drawn, False)
        total = known + (numbers + flixos) * (m.others[0] + feed)
        risk = sl.risk
        if risk is not None:
            total += risk[0] * numbers + risk[1] * flixos
        for seen, p in fills:  # lines leave: the long way
            total += p * self.reveal_one(m, sl.slot, seen, drawn, False, seen)
        return total

    def reveal_known(self, m, sl) -> tuple:
        """For the face-down card at `sl`'s slot turned up, over what it may be (reveal_odds),
        made once per model and slot: (sum of p * known_at, the odds of the number cards and of
        the Flixos among them, [(card, p)] of the cards that fill a line: left out of the sums).

        Counted, not enumerated: every card other than sl.special costs the slot's generic cost
        (one for number cards, one for Flixos: generic_costs) plus score times its value, so
        those sum to the generic costs times their odds plus score times their mean value;
        only the few special cards are worked out one by one. (Every card a hidden card may
        be may still come, as the generic costs take it: m.comes.)"""
        if sl.reveal is not None:
            return sl.reveal
        numbers, number_points, flixos, flixo_points = m.reveal_totals()
        known = 0.0
        fills = []
        odds = m.reveal_chances()
        for card in self.special(sl):
            p = odds.get(card)
            if p is None:
                continue
            v = CARD_VALUE[card]
            if card < FLIXO // 2:
                numbers -= p
                number_points -= p * v
            else:
                flixos -= p
                flixo_points -= p * v
            cost = self.known_at(m, sl, card)
            if cost is None:
                fills.append((card, p))
            else:
                known += p * cost
        score = self.w["score"]
        as_number, as_flixo = self.generic_costs(m, sl)
        known += (as_number * numbers + score * number_points
                  + as_flixo * flixos + score * flixo_points)
        fill_numbers = sum([p for card, p in fills if card < FLIXO // 2])
        fill_flixos = sum([p for card, p in fills if card >= FLIXO // 2])
        sl.reveal = (known, m.reveal_totals()[0] - fill_numbers,
                     m.reveal_totals()[2] - fill_flixos, fills)
        return sl.reveal

    def draw_cost(self, m, ends) -> float:
        return run_to_end(self.draw_cost_steps(m, ends))

    def draw_cost_steps(self, m, ends):
        """draw_cost as a generator (see thinking): yields before every STEP_SLOTS-th slot it
        weighs (for a reveal, then for a swap)."""
        grid = m.grids[m.turn]
        reveals = [(r, c) for r, c in slots(grid) if grid[r][c][1] != "up"]
        clock = self.w["draw"]
        reveal_best = None
        for i, s in enumerate(reveals):
            if i % STEP_SLOTS == 0:
                yield
            cost = self.after_reveal(m, s, None, ends)
            reveal_best = cost if reveal_best is None else min(reveal_best, cost)
        if self.level != "hard":
            if reveal_best is None:
                reveal_best = self.combine(m, self.settle(m, grid), None, ends)
            return reveal_best + clock
        # Hard: the expected best follow-up over every card that could come.
        odds = m.draw_odds()
        cards = [v for v, _ in odds]
        best = ([reveal_best + self.feed_cost(m, v, ends) for v in cards]
                if reveal_best is not None else [_NEVER] * len(cards))
        least = {}  # risk (by identity) -> (risk, least known per card) of face-down swaps
        running = not ends and m.view["last_display"] is None
        for i, s in enumerate(slots(grid)):
            if i % STEP_SLOTS == 0:
                yield
            out, side = grid[s[0]][s[1]]
            sl = self.slot_sums(m)[s]
            if not running or sl.all_up or sl.long:
                costs = self.swaps_by_points(m, sl, side, cards, ends)
            else:
                known = self.swap_known(m, sl, cards)
                for j, v in enumerate(cards):
                    if known[j] is _NEVER:  # lines leave: the long way
                        best[j] = min(best[j], self.after_swap(m, s, v, ends))
                if side == "down":  # (only the least of these is worth averaging: unknown_out)
                    risk_least = least.get(id(sl.risk))
                    if risk_least is None:
                        least[id(sl.risk)] = (sl.risk, known)
                    else:
                        risk_least[1][:] = map(min, risk_least[1], known)
                    continue
                # (after_swap, written out)
                extra = m.others[0] + self.feed_cost(m, out, False)
                if sl.risk is not None:
                    extra += sl.risk[0]
                costs = [cost + extra for cost in known]
            best[:] = map(min, best, costs)
        for risk, known in least.values():
            o_known = m.others[0]
            best[:] = map(min, best, [_NEVER if cost == _NEVER else
                                      self.unknown_out(m, cost + o_known, risk)
                                      for cost in known])
        return sum([p * cost for (_, p), cost in zip(odds, best)]) + clock

    def swaps_by_points(self, m, sl, side, cards, ends) -> list:
        """after_swap(m, sl.slot, v, ends) for each of `cards` (number cards) where no Running
        cost is made (the game ends, or the final turns are on or begin). A card then counts
        only by its points (score * value), unless it fills a line: the costs lie on a line,
        worked out for one card and the others by their value. (Its slope for a face-down card:
        score times the odds of the cards it may be, which add up to one give or take a
        rounding.)"""
        costs = [None] * len(cards)
        first = None
        for i, v in enumerate(cards):
            if sl.long or v in sl.fills:  # lines leave: the long way
                costs[i] = self.after_swap(m, sl.slot, v, ends)
            elif first is None:
                first = i
                costs[i] = self.after_swap(m, sl.slot, v, ends)
        if first is not None:
            v0, cost0 = cards[first], costs[first]
            slope = self.w_score
            if side == "down":
                _, numbers, flixos, _, number, flixo = self.reveal_sums(m)
                slope *= (0.0 if number is None else numbers) + (0.0 if flixo is None else flixos)
            costs = [cost0 + slope * (v - v0) if cost is None else cost
                     for v, cost in zip(cards, costs)]
        return costs

    def swap_known(self, m, sl, cards) -> list:
        """known_at(m, sl, card) for each of `cards` (number cards that may come; _NEVER for a
        card that fills a line: its cost is then weighed the long way): the slot's generic
        cost plus score times the card's value, but for the few special cards."""
        as_number = self.generic_costs(m, sl)[0]
        score = self.w["score"]
        special = self.special(sl)
        known = []
        for v in cards:
            if v in special:
                cost = self.known_at(m, sl, v)
                known.append(_NEVER if cost is None else cost)
            else:
                known.append(as_number + score * v)
        return known

    def draw_floor(self, m) -> float | None:
        """A cost that a draw ending the game (_draw_ends) cannot come under, when the team is
        then sure to lose; None when it may still win.

        A Flixo showing in another display of 2+ rows and columns (m.others[3]) stays there
        whatever our turn does, so every follow-up of the draw costs, in `combiner`'s final
        sum, loss + score * (our points + the others' points); our points are at least -1 per
        card left (a face-down card's mean too) or -5 for an empty display."""
        if not m.others[3]:
            return None
        w = self.w
        lowest = -max(5, sum([len(row) for row in m.grids[m.turn]]))
        # (less 1: the draw's cost is a sum of such costs times odds that add up to 1 give or
        # take a rounding)
        return w["loss"] + w["score"] * (lowest + m.others[4]) + w["draw"] - 1.0

    def feed_cost(self, m, top, ends) -> float:
        """What the top discard means for the next display (which may take it)."""
        if top is None or ends:
            return 0.0
        cost = m.feeds.get(top)
        if cost is None:
            cost = m.feeds[top] = self._feed_cost(m, top)
        return cost

    def _feed_cost(self, m, top) -> float:  # (feed_cost, made once per model and card)
        nxt = m.grids[(m.turn + 1) % m.people]
        if is_flixo(top):
            if _safe(nxt):
                return 0.0
            wanted = value(top) in m.next_needs
            return self.w["known"] * (0.4 if wanted else 1.2)
        if not self.w["feed"]:
            return 0.0
        return -self.w["feed"] if value(top) in m.next_needs else 0.0

    def combiner_with(self, m, slot, card, ends):
        """combiner(m, settle_with(m, slot, card), ends), made once per model: a decision
        weighs the same grids many times."""
        combine = m.combiners.get((slot, card, ends))
        if combine is None:
            # (only a Running combiner reads the known cost: not when the game ends or the
            # final turns are on)
            known = not ends and m.view["last_display"] is None
            combine = m.combiners[slot, card, ends] = self.combiner(
                m, self.settle_with(m, slot, card, known), ends)
        return combine

    def running_with(self, m, slot, card):
        """(known, risk) of the Running that combiner_with(m, slot, card, False) makes, or
        None when it makes none (the final turns are on or begin)."""
        if m.view["last_display"] is not None:
            return None
        sl = self.slot_sums(m)[slot]
        cost = self.known_at(m, sl, card)
        if cost is None:  # lines leave: the long way
            _, known, hidden, risky, _, _, all_up = self.settle_with(m, slot, card)
            o_known, o_hidden, o_risky, _, _ = m.others
            return None if all_up else (
                known + o_known, m.risk(self.w, hidden + o_hidden, risky + o_risky))
        return None if sl.all_up else (cost + m.others[0], sl.risk)

    def settle_with(self, m, slot, card, known=True) -> tuple:
        """settle(m, our grid with `card` face up at `slot`); known=False: its known cost may
        be left out (None). Without a full line only one card differs from our grid as it is:
        the sums then come from the slot's SlotSums (known_at) instead of going over the whole
        grid."""
        sl = self.slot_sums(m)[slot]
        v = CARD_VALUE[card]
        if sl.long or v in sl.fills:  # lines leave: the long way
            settled = m.settled.get((slot, card))
            if settled is None:
                grid = [list(cells) for cells in m.grids[m.turn]]
                grid[slot[0]][slot[1]] = [card, "up"]
                settled = m.settled[slot, card] = self.settle(m, grid)
            return settled
        hidden = sl.hidden
        return (None, self.known_at(m, sl, card) if known else None, hidden,
                0 if sl.safe else hidden, 0 if sl.safe else sl.flixos + (card >= FLIXO // 2),
                sl.points + v, sl.all_up)

    def known_at(self, m, sl, card) -> float | None:
        """settle's known cost of our grid with `card` face up at `sl`'s slot, None when the
        card fills a line (lines leave: settle_with's long way); remembered per slot.

        Only the row and the column through the slot depend on the card: the rest of settle's
        sum is the slot's base (sl.base, sl.k0); the two lines come from their shape tables
        (_through_shapes)."""
        cost = sl.known.get(card, False)
        if cost is not False:
            return cost
        v = CARD_VALUE[card]
        if sl.long or v in sl.fills:
            sl.known[card] = None
            return None
        flixo = card >= FLIXO // 2
        parts = m.parts
        special, generic, short = sl.row
        shape = special.get(card, generic)
        if shape is _SELF:
            shape = (v, short, flixo)
        row = parts.get(shape) or self.part(m, shape)
        special, generic, short = sl.col
        shape = special.get(card, generic)
        if shape is _SELF:
            shape = (v, short, flixo)
        col = parts.get(shape) or self.part(m, shape)
        # (slot_cost, written out for the usual case: no Flixo concerned)
        if sl.safe or not (flixo or sl.k0 or row[1] is not None or col[1] is not None):
            cost = sl.known[card] = sl.base + self.w_score * v - row[0] - col[0]
        else:
            cost = sl.known[card] = self.slot_cost(sl, v, flixo, row, col)
        return cost

    def slot_cost(self, sl, v, flixo, row, col) -> float:
        """known_at from the parts (part) of the row and the column through the slot: the
        base, the card's points, the lines' worth, and the face-up Flixos' cost where the grid
        can keep them (the card's own if it is one; less what the two lines do for each)."""
        cost = sl.base + self.w_score * v - row[0] - col[0]
        if sl.safe:
            return cost
        u, other = row[1], col[1]
        if u is None and other is None:
            return cost + (sl.k0 + self.w_known if flixo else sl.k0)
        known = self.w_known
        flixos = sl.k0 + known if flixo else sl.k0
        if u is not None:
            most = max(row[2], col[2]) if other == u else row[2]
            if other == u:
                other = None
            gain = most - sl.progress.get(u, 0.0)
            if gain > 0:
                flixos -= known * gain
        if other is not None:
            gain = col[2] - sl.progress.get(other, 0.0)
            if gain > 0:
                flixos -= known * gain
        return cost + flixos

    def special(self, sl):
        """sl.special, made when first asked."""
        if sl.special is None:
            sl.special = sl.row[0].keys() | sl.col[0].keys()
        return sl.special

    def generic_costs(self, m, sl) -> tuple:
        """(known_at less score * value for a number card, the same for a Flixo) of every card
        that is not special at `sl`'s slot, made once per slot (they are the same for every
        such card that may still come)."""
        if sl.generic is None:
            costs = []
            for flixo in (False, True):
                parts = []
                for _, generic, short in (sl.row, sl.col):
                    if generic is _SELF:  # the card leads: (v, short, flixo), v still comes
                        parts.append(self.part(m, (_NEW, short, flixo)))
                    else:
                        parts.append(self.part(m, generic))
                costs.append(self.slot_cost(sl, 0, flixo, *parts))
            sl.generic = tuple(costs)
        return sl.generic

    def part(self, m, shape) -> tuple:
        """What a line of `shape` (_line_shape) adds to settle, as (cost taken off, Flixo value
        helped or None, share of its cost taken off): line_part's (None, worth) is (worth, None,
        0.0); (v, share) is (0.0, v, share); (None, None) is (0.0, None, 0.0). A shape of value
        _NEW is that of a card still to come, not in the grid (generic_costs)."""
        found = m.parts.get(shape)
        if found is None:
            v, short, flixo = shape
            w = self.w
            if short and v is not _NEW and not m.comes[v]:
                found = _NOTHING
            elif flixo:
                found = (0.0, v, w["near"] if short <= 1 else w["far"])
            else:
                found = (w["line1"] if short <= 1 else w["line2"], None, 0.0)
            m.parts[shape] = found
        return found

    def slot_sums(self, m) -> dict:
        """slot -> SlotSums of our grid, made for every slot at once, once per model (a
        decision weighs nearly every slot)."""
        if m.slots is not None:
            return m.slots
        w = self.w
        score = w["score"]
        grid = m.grids[m.turn]
        rows, cols = len(grid), len(grid[0])
        cells = [cell for row in grid for cell in row]
        points = [m.mean_unknown if side == "down" else CARD_VALUE[card] for card, side in cells]
        total = sum(points)
        flixos = [(k, CARD_VALUE[card]) for k, (card, side) in enumerate(cells)
                  if side != "down" and card >= FLIXO // 2]
        hidden = sum([side == "down" for _, side in cells])
        not_up = len(cells) - sum([side == "up" for _, side in cells])
        safe = _safe(grid)
        o_known, o_hidden, o_risky, _, _ = m.others
        # The lines of two or more cards: their cards and line_part, as part tuples.
        cards = [tuple([cell[0] for cell in row]) for row in grid]
        columns = list(zip(*cards))
        row_parts = [self.line_part_of(m, line) for line in cards] if cols >= 2 else []
        col_parts = [self.line_part_of(m, line) for line in columns] if rows >= 2 else []
        off = sum([part[0] for part in row_parts + col_parts])
        # (row index or rows + column index, part) of the lines that help a face-up Flixo
        helped = [(i, part) for i, part in enumerate(row_parts + col_parts)
                  if part[1] is not None]
        row_fills = [_fills_without(row) for row in grid] if cols >= 2 else None
        col_fills = [_fills_without(col) for col in zip(*grid)] if rows >= 2 else None
        # (the risk with a card put in: two kinds of slot, face down or not)
        risks = [m.risk(w, n + o_hidden, (0 if safe else n) + o_risky)
                 for n in (hidden, hidden - 1)]
        known = w["known"]
        row_shapes = [_through_shapes(line) for line in cards] if cols >= 2 else None
        col_shapes = [_through_shapes(line) for line in columns] if rows >= 2 else None
        m.slots = slots = {}
        k = 0
        for r in range(rows):
            for c in range(cols):
                sl = SlotSums()
                sl.slot = (r, c)
                slots[r, c] = sl
                side = cells[k][1]
                sl.hidden = hidden - (side == "down")
                sl.all_up = sl.hidden == 0 and not_up == (side != "up")
                sl.safe = safe
                sl.long = m.full_lines
                sl.risk = risks[side == "down"]
                sl.points = total - points[k]
                sl.base = score * sl.points - off
                if row_parts:
                    sl.base += row_parts[r][0]
                    sl.row = row_shapes[r][c]
                else:
                    sl.row = _NO_LINE
                if col_parts:
                    sl.base += col_parts[c][0]
                    sl.col = col_shapes[c][r]
                else:
                    sl.col = _NO_LINE
                sl.fills = (row_fills[r][c] if row_fills else None,
                            col_fills[c][r] if col_fills else None)
                # The Flixo progress of the lines other than the two through the slot, and the
                # cost of the face-up Flixos elsewhere with it.
                sl.progress = progress = {}
                sl.flixos = 0
                sl.k0 = 0.0
                if flixos:
                    mine = (r if row_parts else -1, len(row_parts) + c if col_parts else -1)
                    for i, (_, u, share) in helped:
                        if i not in mine:
                            progress[u] = max(progress.get(u, 0.0), share)
                    sl.flixos = sum([j != k for j, _ in flixos])
                    if not safe:
                        sl.k0 = sum([known * (1 - progress.get(u, 0.0))
                                     for j, u in flixos if j != k])
                sl.generic = sl.reveal = sl.special = None
                sl.known = {}
                k += 1
        return m.slots

    def line_part_of(self, m, vals) -> tuple:
        """line_part of a line of cards `vals` as a part tuple (see part)."""
        v, worth = self.line_part(m, vals)
        if worth is None:
            return _NOTHING
        return (worth, None, 0.0) if v is None else (0.0, v, worth)

    def settle(self, m, grid, remove=True) -> tuple:
        """Remove full lines from `grid` and sum it up: (grid, known cost, hidden cards, hidden
        cards in a display of 2+ rows and columns, face-up Flixos there, points, all cards
        face up)."""
        w = self.w
        cost = 0.0
        if remove:
            for step in remove_full_lines(grid):
                cost -= w["reward"] * sum(is_flixo(card) for card in step["cards"])
        if not grid:
            return grid, cost + EMPTY_DISPLAY_POINTS * w["score"] - w["line1"], 0, 0, 0, -5, True
        safe = _safe(grid)
        points = 0.0
        hidden = 0
        flixos = []
        for row in grid:
            for card, side in row:
                if side == "down":
                    hidden += 1
                    points += m.mean_unknown
                else:
                    points += CARD_VALUE[card]
                    if card >= FLIXO // 2:  # (is_flixo, written out: settle is hot)
                        flixos.append(CARD_VALUE[card])
        cost += w["score"] * points
        # A line one or two cards short of removal: worth something when the number it needs
        # can still come; a Flixo in such a line is already half dealt with.
        progress = {}
        parts = m.line_parts
        # The cards of every line of two or more: the rows, then the columns.
        lines = [tuple([cell[0] for cell in row]) for row in grid]
        lines = (lines if len(grid[0]) >= 2 else []) + (list(zip(*lines)) if len(grid) >= 2
                                                         else [])
        for vals in lines:
            part = parts.get(vals)
            if part is None:
                part = parts[vals] = self.line_part(m, vals)
            v, worth = part
            if worth is None:
                continue
            if v is not None:
                progress[v] = max(progress.get(v, 0.0), worth)
            else:
                cost -= worth
        if not safe:
            cost += sum(w["known"] * (1 - progress.get(v, 0.0)) for v in flixos)
        return (grid, cost, hidden, 0 if safe else hidden, 0 if safe else len(flixos), points,
                hidden == 0 and all(side == "up" for row in grid for _, side in row))

    def combine(self, m, settled, top, ends, revealed=None) -> float:
        """Team cost with our display settled and `top` on the discard pile. `revealed`: a card
        that was face down and is now seen (one hidden Flixo fewer if it is one)."""
        return self.combiner(m, settled, ends)(top, revealed)

    def line_part(self, m, vals) -> tuple:
        """What a line of cards `vals` (None: unknown) adds to settle: (v, share) when it holds
        a Flixo of v, one or two cards short of removal (the share of the Flixo's cost taken
        off); (None, cost taken off) for such a line without one; (None, None): nothing."""
        shape = _LINE_SHAPES.get(vals, False)
        if shape is False:
            shape = _line_shape(vals)
        if shape is None:
            return None, None
        v, short, flixo = shape
        if short and not m.comes[v]:
            return None, None
        w = self.w
        if flixo:
            return v, w["near"] if short <= 1 else w["far"]
        return None, w["line1"] if short <= 1 else w["line2"]

    def combiner(self, m, settled, ends):
        """combine(m, settled, top, ends, revealed) as a function of (top, revealed): what does
        not depend on them is worked out once (a decision weighs a settled grid with up to
        twenty cards that may come out of it)."""
        grid, known, hidden, risky, flixos, points, all_up = settled
        o_known, o_hidden, o_risky, o_flixos, o_points = m.others
        hidden += o_hidden
        risky += o_risky
        w = self.w

        def hidden_flixos(revealed):
            return m.hidden_flixos - (revealed is not None and is_flixo(revealed))

        if ends:
            def final(top, revealed):
                p_hidden_safe = _p_all_safe(hidden, risky, hidden_flixos(revealed))
                p_win = p_hidden_safe if not flixos + o_flixos else 0.0
                return w["loss"] * (1 - p_win) + w["score"] * (points + o_points)
            return final
        last = m.view["last_display"]
        if last is None and all_up:
            last = (m.turn - 1) % m.people  # we start the final turns now
        if last is not None:
            # The final turns: a display that has had its last turn keeps its Flixos; one still
            # to play can deal with one face-up Flixo at best (its player may be the last and
            # leave it on the discard pile). A Flixo we discard goes to the next display.
            still = {(m.turn + k) % m.people for k in range(1, (last - m.turn) % m.people + 1)}
            nxt = (m.turn + 1) % m.people

            def final_turns(top, revealed):
                p_hidden_safe = _p_all_safe(hidden, risky, hidden_flixos(revealed))
                p_win = p_hidden_safe * (0.0 if flixos else 1.0)
                for d, n in m.other_flixos.items():
                    n += top is not None and is_flixo(top) and d == nxt and not m.other_safe[d]
                    if n:
                        p_win *= w["fix"] ** min(n, 2) if d in still else 0.0
                return w["loss"] * (1 - p_win) + w["score"] * (points + o_points)
            return final_turns
        return Running(self, m, known + o_known, m.risk(w, hidden, risky))


class SlotSums:
    """Our grid seen from one slot (FlixoBot.slot_sums): what settle sums with a card put
    there, split into what the card does not change and the two lines through it.

    slot          (row, col)
    base          settle's cost without the card: score times the other cards' points, less
                  the worth of the lines other than the slot's row and column
    points        the other cards' points; flixos: the Flixos shown elsewhere
    hidden        face-down cards elsewhere; all_up: every other card is face up (a card put
                  here begins the final turns); safe: the grid cannot keep a Flixo (_safe)
    risk          the Running risk with a card put here (TeamModel.risk)
    progress      the Flixo progress of the lines other than the slot's row and column
    k0            the face-up Flixos' cost elsewhere with that progress (0.0 when safe)
    row, col      _through_shapes of the row and the column through the slot (_NO_LINE: none)
    fills         the values that would fill the row and the column (None: none; lines
                  leave: the long way); long: every card goes the long way (a line is full
                  already)
    special       the cards whose row or column shape is not the generic one (FlixoBot.special)
    generic       FlixoBot.generic_costs; reveal: FlixoBot.reveal_known (None until asked)
    known         card -> FlixoBot.known_at
    """

    __slots__ = ("slot", "base", "points", "flixos", "hidden", "all_up", "safe", "risk",
                 "progress", "k0", "row", "col", "fills", "long", "special", "generic",
                 "reveal", "known")


_NOTHING = (0.0, None, 0.0)  # FlixoBot.part of a line that adds nothing
_SELF = "self"  # _through_shapes: the card put in leads its line
_NEW = "new"  # FlixoBot.part: the value of a card still to come (in no line of the grid)
_NO_LINE = ({}, None, 0)  # _through_shapes where there is no line (of two or more cards)
_NEVER = float("inf")  # a cost never chosen


def _through_shapes(line: tuple) -> tuple:
    """Per position k of a line of cards `line` (None: unknown): the _line_shape of the line
    with a known card put at k instead, for every card at once: (special, generic,
    len(line) - 1).

    `special` maps the cards of the values the other cards show (v and FLIXO + v for each) to
    their shapes. Any other card has the shape `generic`: a fixed shape, None, or _SELF (the
    card's own value v leads the line: (v, len(line) - 1, the card is a Flixo)). Remembered in
    _THROUGH (a pure function of the cards; shared, so read-only)."""
    found = _THROUGH.get(line)
    if found is not None:
        return found
    n = len(line)
    found = []
    for k in range(n):
        others = line[:k] + line[k + 1:]
        special = {}
        generic = None
        if others.count(None) <= 2:
            known = [CARD_VALUE[card] for card in others if card is not None]
            for v in set(known):
                for card in (v, FLIXO + v):
                    vals = others[:k] + (card,) + others[k:]
                    shape = _LINE_SHAPES.get(vals, False)
                    special[card] = _line_shape(vals) if shape is False else shape
            most = max([known.count(v) for v in known], default=0)
            if most >= 2:  # a card of another value does not change which value leads
                v = next(v for v in known if known.count(v) == most)
                generic = (v, n - most, FLIXO + v in others) if n - most <= 2 else None
            elif n - 1 <= 2:  # every value shown once, the card's too: the first one leads
                first = next((i for i, card in enumerate(others) if card is not None), k)
                if first < k:
                    generic = (known[0], n - 1, FLIXO + known[0] in others)
                else:
                    generic = _SELF
        found.append((special, generic, n - 1))
    return remember(_THROUGH, _THROUGH_MOST, line, tuple(found))


_THROUGH: dict = {}  # line cards -> _through_shapes; a cache of a pure function
_THROUGH_MOST = 5_000  # entries at most (~5 MB; a game adds ~20-80)


class Running:
    """FlixoBot.combiner while the game runs on: the cost is `known` plus what the top of the
    discard pile means for the next display, plus the hidden Flixos' cost `risk` (per: is the
    card revealed a Flixo; None: no card is hidden)."""

    __slots__ = ("bot", "m", "known", "risk")

    def __init__(self, bot, m, known, risk):
        self.bot, self.m, self.known, self.risk = bot, m, known, risk

    def __call__(self, top, revealed) -> float:
        cost = self.known + self.bot.feed_cost(self.m, top, False)
        if self.risk is not None:
            cost += self.risk[revealed is not None and is_flixo(revealed)]
        return cost


def _line_shape(vals) -> tuple | None:
    """A line of cards `vals` (None: unknown) for FlixoBot.line_part: (v, cards short of
    showing only v, whether the Flixo of v is in it), v the number most of its cards show (the
    first of those on a tie); None when it is more than two cards short (or none is known).
    Remembered in _LINE_SHAPES: a pure function of the cards, asked for again and again."""
    shape = None
    if vals.count(None) <= 2:
        known = [CARD_VALUE[card] for card in vals if card is not None]
        if known:
            v = max(known, key=known.count)
            short = len(vals) - known.count(v)
            if short <= 2:
                shape = (v, short, FLIXO + v in vals)
    return remember(_LINE_SHAPES, _LINE_SHAPES_MOST, vals, shape)


_LINE_SHAPES: dict = {}  # line cards -> _line_shape; a cache of a pure function
_LINE_SHAPES_MOST = 50_000  # entries at most (~9 MB; a game adds ~25-500)


def _fills_without(cells) -> list:
    """Per slot of a line of `cells`, the value a card there must show to make the line full
    (the other cards' when they are all face up and of one value; None: none can)."""
    shown = [CARD_VALUE[card] if side == "up" else None for card, side in cells]
    fills = [None] * len(shown)
    if len(shown) >= 2 and shown.count(None) <= 1:
        for k in range(len(shown)):
            others = shown[:k] + shown[k + 1:]
            if None not in others and others.count(others[0]) == len(others):
                fills[k] = others[0]
    return fills


def _p_all_safe(hidden: int, risky: int, flixos: int) -> float:
    """The chance that `flixos` hidden Flixos, spread over `hidden` face-down cards, all lie
    outside the `risky` ones (those in displays of 2+ rows and columns)."""
    key = (hidden, risky, flixos)
    p = _SAFE_ODDS.get(key)
    if p is None:
        p = 1.0
        for i in range(flixos):
            p *= max(0, hidden - risky - i) / max(1, hidden - i)
        _SAFE_ODDS[key] = p
    return p


_SAFE_ODDS: dict = {}  # (hidden, risky, flixos) -> odds; a cache of a pure function
