"""Fliegen klatschen's CPU players: FlyBot, timed like a person, and its levels (PLAYERS).

A CPU player is modelled as a person (issue 15: levels that fit people). A slap comes after
  1. a simple reaction to the trigger: drawn from game/norms.py's "human_benchmark" norm
     (Human Benchmark's browser test, median 273 ms; its times include screen and input lag,
     as the arcade's own do). Each CPU is its own person: at creation it draws where it
     stands in that norm (a share of people faster than it, within its level's band) and so
     its own typical time; each slap then draws a time around that (ReactionModel.around);
  2. choosing the colour: a choice among the colours face up, timed by the Hick-Hyman law
     fitted to Deary et al. 2011 (norms.hick_ms), less the simple reaction already counted,
     times the player's `choose` factor;
  3. looking over the face-up cards for the most common colour and its fattest fly:
     `scan_ms` per face-up card (counting past four items takes 250-350 ms an item, Trick &
     Pylyshyn 1994, Psychol. Rev. 101:80; players track colours while cards turn, so less);
  4. steering the hand: a human's hand snaps from face-up card to face-up card, one press a
     snap (`step_ms` each). The CPU keeps a hand of its own where its last slap went (the
     table's middle at first) and counts the snaps to its target: one per spacing of the
     face-up cards on the way, rounded (none within half a spacing), six at most.
A person has good and bad catches: the thinking parts (2, 3) are scaled by a `form` drawn
per catch, log-normal with FORM_SIGMA (an assumption: choice times vary about 30 % from trial
to trial). So every CPU's times come from its own draws: never several at one ms but by chance.
Every time is drawn around its figure with the shape of one person's simple reaction times,
off a table of quantiles (game.bots.draw_around), and the form off a table of the
log-normal's quantiles (FORMS): a catch's plan draws a dozen times, and random.gauss and
expovariate were most of what a CPU cost.
PLAYERS also holds three kinds of people (first_time, average, practised) for the level
bench (bench/cpu_levels.py): the same model with figures for people, not for levels.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass
from itertools import repeat
from math import floor, hypot
from operator import is_, itemgetter

from ..fliegen_klatschen import COLOURS, SLAPS, SWATTER, TURN_MS, Slap
from ..norms import NORMS, hick_ms
from . import STEP_BITS, UNIT, Bot, draw_around, lognormal_quantiles

SIMPLE_NORM = NORMS["human_benchmark"]
FORM_SIGMA = 0.3
FORMS = lognormal_quantiles(FORM_SIGMA)
TABLE_ASPECT = 16 / 9  # the spread hint's table (x and y per mille) is this much wider than high


@dataclass(frozen=True)
class FlyPlayer:
    """How one kind of player slaps (module docstring). `simple_share`: the band of the simple
    reaction norm a player of this kind stands in (share of people faster than them)."""

    simple_share: tuple
    choose: float          # factor on the Hick-Hyman choice time of the colours face up
    scan_ms: float         # per face-up card
    step_ms: float         # per snap of the hand
    second_ms: float       # the second hand sets off this long after the first (2 hands each)
    wrong: float           # chance a hand goes for a card of a wrong colour
    small: float           # chance it goes for a smaller fly than the fattest free one
    false_start: float     # chance per reveal (flies up, no catch) of slapping too early
    reveal_ms: float       # as the active player: the pause before turning a card


PLAYERS = {
    # CPU levels: easy loses to a first-timer, normal is an even match for an average adult,
    # hard a challenge for a practised player (bench/cpu_levels.py).
    "easy": FlyPlayer((0.70, 0.90), 1.6, 90, 400, 320, 0.12, 0.30, 0.04, 1800),
    "normal": FlyPlayer((0.40, 0.60), 1.0, 60, 280, 240, 0.05, 0.14, 0.015, 1300),
    "hard": FlyPlayer((0.15, 0.30), 0.8, 45, 230, 200, 0.03, 0.06, 0.008, 1000),
    # People, for the bench: a first-time player (typical reflexes, new to the game: slower to
    # choose and steer, more slips), an average adult, a practised player (quicker than three
    # in four people, and at home in the game).
    "first_time": FlyPlayer((0.40, 0.60), 1.4, 80, 340, 280, 0.10, 0.25, 0.04, 1600),
    "average": FlyPlayer((0.40, 0.60), 1.0, 60, 280, 240, 0.05, 0.14, 0.015, 1300),
    "practised": FlyPlayer((0.20, 0.30), 0.8, 45, 230, 200, 0.03, 0.08, 0.01, 1000),
}
NOTICE_MS = 150            # a hand already on the target this long before is noticed in time
RETARGET_MS = 220          # seeing that, and choosing another fly (then steering to it)


class FlyBot(Bot):
    """A real-time player with a person's timing (module docstring). Per catch it plans one
    slap per free hand: onset + simple reaction + choosing + scanning + steering; the second
    hand follows later. It goes for the fattest fly, sometimes a smaller one or a wrong colour;
    a hand already on its target in good time sends it to the next fly instead. It sends one
    slap per poll and looks at the table again before the next (so never a slap after the
    catch closed). As the active player it turns a random face-down card after a pause."""

    def __init__(self, seat: int, seed: int, level: str = "normal"):
        super().__init__(seat, seed, level)
        self.player = PLAYERS[self.level]
        lo, hi = self.player.simple_share
        self.simple_ms = SIMPLE_NORM.quantile(self.rng.uniform(lo, hi))  # this CPU's own
        self.catch_key = None
        self.plan: list = []        # [due, hand, card, aiming at the right colour]
        self.hand_at = (500, 500)   # where its hand rests (per mille of the table)
        self.turn_key = None
        self.reveal_due = None
        self.jump_due = None
        self._table = _Table([])        # what it worked out from the table it last looked at
        self.catch_table = self._table  # the table of its catch (see _make_plan)

    def _table_of(self, view: dict) -> "_Table":
        """What the view's table shows (_Table): worked out once per table (views share their
        list of cards until a card moves), for every CPU at that table (see _TABLE_SEEN)."""
        cards = view["cards"]
        table = self._table
        if table.cards is not cards:
            table = _TABLE_SEEN[0]
            if table.cards is not cards:
                table = _TABLE_SEEN[0] = _Table(cards)
            self._table = table
        return table

    def _face_up(self, view: dict) -> list:
        """The face-up cards of the view, in the table's order."""
        return self._table_of(view).ups

    # Quiet (game.bots): between its moments it looks at nothing but whether a new catch or a
    # new turn came (or the phase or round changed), and each of those hands it another legal
    # list than the one it was last handed (the game keeps a seat's legal list for one turn,
    # one phase of a catch at most).
    quiet = True

    def poll(self, view: dict, legal: list, now: int):
        phase = view["phase"]
        if phase == "catch":
            return self._catch(view, legal, now)
        self.catch_key = None
        if phase != "reveal":
            return [], None
        turn = view["turn"]
        key = (view["round"], view["turn_started"], turn)
        if key != self.turn_key:  # a new turn: its moments (each comes later than now)
            self.turn_key = key
            self.jump_due = None
            if turn == self.seat:
                delay = draw_around(self.rng, self.player.reveal_ms)
                self.reveal_due = due = now + (delay if delay < TURN_MS - 300 else TURN_MS - 300)
                return [], due
            self.reveal_due = None
            if self.rng.random() < self.player.false_start and _flies(self._face_up(view)):
                self.jump_due = due = now + draw_around(self.rng, self.simple_ms)
                return [], due
            return [], None
        if self.reveal_due is not None and turn == self.seat:
            if now < self.reveal_due:
                return [], self.reveal_due
            self.reveal_due = None
            # The active seat's legal actions list its reveals first (_legal_of), the slaps
            # after them: found by halving, not by looking at the hundreds of slaps.
            # A uniform pick by one draw (random.choice's draw is two Python calls deep).
            reveals = bisect_left(legal, True, key=_IS_SLAP)
            return ([legal[int(self.rng.random() * reveals)]] if reveals else []), None
        if self.jump_due is not None:
            if now < self.jump_due:
                return [], self.jump_due
            self.jump_due = None
            card = max(_flies(self._face_up(view)), key=_VALUE)["card"]
            slap = SLAPS[0][card]
            # (legal lists hold the game's own objects: looked for by identity, in C, not by
            # `in`, which calls the dataclass's __eq__ for every other action)
            return ([slap] if any(map(is_, legal, repeat(slap))) else []), None
        return [], None

    def _catch(self, view: dict, legal: list, now: int):
        catch = view["catch"]
        key = (view["round"], catch["onset"])
        if key != self.catch_key:
            self.catch_key = key
            self.plan = self._make_plan(view, now)
        plan = self.plan  # (in order: by due, then hand)
        if not plan or plan[0][0] > now:  # nothing due (most polls)
            return [], plan[0][0] if plan else None
        claimed = None  # card -> when its bottom hand came, for the cards taken right
        moved = False
        for step in plan[:]:
            due, hand, card, aiming = step
            if due > now:
                break
            if aiming:
                if claimed is None:
                    claimed = {}
                    for s in catch["slaps"]:
                        if s["bottom"] and s["correct"]:
                            claimed[s["card"]] = s["t"]
                if card in claimed and claimed[card] + NOTICE_MS <= due:
                    # Seen in time: on to the fattest free fly (the first of equals in the
                    # table's order), if one is left.
                    table = self.catch_table
                    for target in table.fattest:
                        if target["card"] not in claimed:
                            break
                    else:
                        plan.remove(step)
                        continue
                    step[0] = (now + draw_around(self.rng, RETARGET_MS)
                               + self._steer(table, target))
                    step[2] = target["card"]
                    moved = True
                    continue
            plan.remove(step)
            # The hand can still slap unless it is used or frozen: its slaps (on every card
            # on the table, as the planned one is while the catch lasts) are then legal.
            # (Asked of the view: `slap in legal` compares with hundreds of actions.)
            if not (catch["used"][self.seat][hand] or view["frozen"][self.seat][hand]):
                if moved:
                    plan.sort()
                if not plan:
                    return [SLAPS[hand][card]], None  # (the game's own objects)
                wake = plan[0][0]
                return [SLAPS[hand][card]], wake if wake > now else now + 1
        if moved:
            plan.sort()
        return [], plan[0][0] if plan else None

    def _steer(self, table: "_Table", target: dict) -> int:
        """Time (ms) to steer the hand from where it rests to `target` (a face-up card of
        `table`) and move it there: one snap per spacing of the face-up cards on the way,
        rounded (none within half a spacing: the hand snaps there by itself), six at most."""
        x, y = self.hand_at
        tx, ty = self.hand_at = target["x"], target["y"]
        snaps = round(hypot((tx - x) * TABLE_ASPECT, ty - y) / table.pitch)
        if not snaps:
            return 0
        bits, step_ms = self.rng.getrandbits, self.player.step_ms
        ms = 0
        for _ in range(snaps if snaps < 6 else 6):  # a draw for each snap (module docstring),
            ms += floor(step_ms * UNIT[bits(STEP_BITS)])  # as draw_around draws, written out
        return ms

    def _make_plan(self, view: dict, now: int) -> list:
        """One step per free hand, [due, hand, card, aiming], in order (by due, then hand)."""
        catch = view["catch"]
        who, rng = self.player, self.rng
        # (no card moves in a catch: its table serves the whole catch)
        table = self.catch_table = self._table_of(view).caught(catch["cards"])
        targets = table.fattest[:]
        wrong = table.wrong
        form = FORMS[rng.getrandbits(STEP_BITS)]  # this catch's (module docstring)
        # (draws as draw_around draws them, written out: a plan is made per catch per CPU)
        bits = rng.getrandbits
        due = (catch["onset"] + floor(self.simple_ms * UNIT[bits(STEP_BITS)])
               + floor((who.choose * table.hick + who.scan_ms * len(table.ups)) * form
                       * UNIT[bits(STEP_BITS)]))
        used, frozen = catch["used"][self.seat], view["frozen"][self.seat]
        plan = []
        for hand in range(view["hands"]):
            if used[hand] or frozen[hand]:
                continue
            if plan:  # the second hand sets off later
                due += floor(who.second_ms * UNIT[bits(STEP_BITS)])
            roll = rng.random()
            if wrong and roll < who.wrong:
                target, aiming = rng.choice(wrong), False
            elif targets:
                pick = 0
                if len(targets) > 1 and roll < who.wrong + who.small:
                    pick = rng.randrange(1, len(targets))
                target, aiming = targets.pop(pick), True
            else:
                continue
            due += self._steer(table, target)
            # (in order as made: due never falls, hands come in order)
            plan.append([due if due > now else now, hand, target["card"], aiming])
        return plan


class _Table:
    """What a CPU works out from a table's cards (a view's list of them): the face-up cards
    and their spacing, and, for a catch on it (`caught`), its catchable cards (in the table's
    order, and the fattest first), the other face-up cards, and how many fly colours lie face
    up. Made by the first CPU to look at a table, for the others (_TABLE_SEEN): the
    views' lists are never changed."""

    __slots__ = ("cards", "ups", "pitch", "catch_cards", "catchable", "fattest", "wrong",
                 "colours", "hick")

    def __init__(self, cards: list):
        self.cards = cards
        self.ups = ups = list(filter(_UP, cards))  # (walked in C)
        # the spacing of the face-up cards (per mille of the table's height)
        self.pitch = 1000 * TABLE_ASPECT / math.sqrt(len(ups)) if ups else None
        self.catch_cards = None

    def caught(self, cards: list) -> "_Table":
        """Work out the catch whose catchable cards are `cards` (the view's list)."""
        if self.catch_cards is not cards:
            ups = self.ups
            self.catchable, self.wrong = catchable, wrong = [], []
            for card in ups:
                (catchable if card["card"] in cards else wrong).append(card)
            # (reverse keeps equals in table order, as a key of -value would)
            self.fattest = sorted(catchable, key=_VALUE, reverse=True)
            self.colours = len(set(map(_FACE, ups)) - {SWATTER})
            # the choosing time above a simple reaction (a catch has a fly colour face up)
            self.hick = _HICK_EXTRA[self.colours or 1]
            self.catch_cards = cards
        return self


def _flies(cards: list) -> list:
    return [c for c in cards if c["face"] != SWATTER]


_VALUE, _UP = itemgetter("value"), itemgetter("up")
_FACE = itemgetter("face")
_IS_SLAP = Slap.__instancecheck__  # isinstance(action, Slap), called from C (by bisect)
# The latest table a CPU looked at. Every seat's view shares one list of cards until a card
# moves, so the first CPU to look at a new table works it out for the others. (Kept by the very
# list: a table of another game is another list, and simply worked out anew.) An item of a
# module's list, not an attribute of FlyBot: setting a class attribute changes the class's
# version, and CPython then reads every attribute of its instances the slow, unspecialised way.
_TABLE_SEEN = [_Table([])]  # (no table yet)
# The choosing time above a simple reaction, by the number of colours face up (1 to 6).
_HICK_EXTRA = [0.0] + [hick_ms(n) - hick_ms(1) for n in range(1, len(COLOURS) + 1)]
