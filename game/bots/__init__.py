"""CPU players: the bot interface, a random player and the human reaction-time model (here),
and each game's own CPU players (game/bots/<game>.py: they read their game's rules module,
which imports its bot class last, for its GameInfo).

A bot sees only its seat's view and the legal actions; it never gets the full state. All its
choices and timings come from its own seeded generator, so a game with bots replays exactly.

One interface serves turn-based and real-time games: the driver calls
`poll(view, legal, now)` and gets `(actions, wake)`: the actions to apply now (stamped `now`)
and the game time at which the bot wants to be asked again (None: when something changes).
Turn-based bots only implement `choose`.

A real-time driver polls every bot whenever the table changes. A bot whose next polls depend
on nothing but its legal actions and the clock says so with `quiet = True` (the random player;
OtterBot and FlyBot, whose games hand them a new legal list with every change they heed; a
bot may also set it per poll): after a poll that returned no actions and left `quiet` true,
another poll before the wake it returned, with the very same legal list (the same object:
games share legal lists and never change one), would do nothing and return that wake again.
A driver may skip such polls. A quiet bot whose plan already holds its next moment may also
say `settled_by_own = True`: right after all the actions a poll returned were applied, another
poll before the wake that poll returned, with the legal list as those actions left it, would do
nothing too (OtterBot; not the random player, which draws its next moment in that poll).

A turn-based bot whose poll on a forced move (a legal list of one action) returns that action
and draws nothing says `forced_moves_free = True`: a driver may apply the action without the
poll (the racers' and Flixo's bots; not the random player, whose choice draws even from one).
"""

from __future__ import annotations

import functools
import math
import random
import statistics
from dataclasses import dataclass
from math import floor

from ..core import Interrupt

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class ReactionModel:
    """Ex-Gaussian reaction time (ms): a normal part plus an exponential tail.

    Human reaction times are right-skewed; the ex-Gaussian is the usual fit. The median is
    about mu + tau * ln 2. Defaults give a simple-reaction median near 260 ms.
    """

    mu: float = 210.0
    sigma: float = 25.0
    tau: float = 70.0
    floor: float = 120.0  # nobody reacts faster than this to something they had to see

    def sample(self, rng: random.Random) -> int:
        value = rng.gauss(self.mu, self.sigma) + rng.expovariate(1.0 / self.tau)
        return int(max(self.floor, value))

    def median(self) -> float:
        return self.mu + self.tau * math.log(2)

    @classmethod
    def around(cls, median: float, floor: float = 120.0) -> "ReactionModel":
        """A model whose median is about `median` ms, with the shape of one person's simple
        reaction times (ex-Gaussian fits of simple RT, e.g. Whelan 2008, Psychol. Rec.
        58:475: tau about a fifth of the median, sigma about a tenth). The real-time games
        build their CPU players' times from it around figures tied to game/norms.py."""
        tau = 0.2 * median
        return cls(mu=median - tau * math.log(2), sigma=0.1 * median, tau=tau,
                   floor=min(floor, 0.5 * median))


# Drawing from a table. A person's simple reaction times have the same shape at every median
# (ReactionModel.around: a normal part with sigma a tenth of the median, plus an exponential
# tail with tau a fifth of it; Whelan 2008), so a draw is the median times a draw at median 1,
# and `draw_around` reads that off a table of its quantiles (UNIT), picked by STEP_BITS random
# bits: one call to the generator instead of random.gauss and expovariate, which were most of
# what a real-time CPU player cost.

STEP_BITS = 10
STEPS = 1 << STEP_BITS  # quantiles in each table
_MIDDLES = [(i + 0.5) / STEPS for i in range(STEPS)]  # of STEPS equal slices of probability


def _person_at_median_one() -> tuple:
    """The quantiles of ReactionModel.around(1.0)'s draws at _MIDDLES: its distribution
    function (an ex-Gaussian: normal part mu, sigma, exponential tail of rate 1 / tau) worked
    out every 0.01 and read by linear interpolation (within 0.0002 of each probability)."""
    model = ReactionModel.around(1.0)
    mu, sigma, rate, phi = model.mu, model.sigma, 1.0 / model.tau, statistics.NormalDist().cdf
    xs = [0.3 + 0.01 * k for k in range(320)]  # (probability 1e-8 below, 3e-6 above)
    ps = [phi((x - mu) / sigma) - math.exp(-rate * (x - mu) + (rate * sigma) ** 2 / 2)
          * phi((x - mu) / sigma - rate * sigma) for x in xs]
    table, k = [], 0
    for p in _MIDDLES:
        while ps[k + 1] < p:
            k += 1
        table.append(xs[k] + (xs[k + 1] - xs[k]) * (p - ps[k]) / (ps[k + 1] - ps[k]))
    return tuple(table)


UNIT = _person_at_median_one()  # (above 0.5 throughout: never under the model's floor)


def lognormal_quantiles(sigma: float) -> tuple:
    """The log-normal's (median 1, log sigma `sigma`) quantiles at _MIDDLES: a factor of form
    drawn like `draw_around` draws a time, as TABLE[rng.getrandbits(STEP_BITS)]."""
    normal = statistics.NormalDist(0.0, sigma)
    return tuple(math.exp(normal.inv_cdf(p)) for p in _MIDDLES)


def draw_around(rng: random.Random, median: float) -> int:
    """A time (ms) around `median` (> 0), skewed like people's: a draw from
    ReactionModel.around(median) (see above). Rounded down by math.floor, which for a time
    (never negative) is int()'s truncation: the same ms, and a third of what int(a float)
    costs in CPython."""
    return floor(median * UNIT[rng.getrandbits(STEP_BITS)])


# Per level: (simple reaction, reading/deciding, mistake rate). Reading a waybill or scanning a
# table for the fattest fly takes longer than pressing on a light; easy bots are slower and
# sloppier. Hard bots are good club players, not machines: their median is still human.
SIMPLE = {
    "easy": ReactionModel(mu=330, sigma=50, tau=140),
    "normal": ReactionModel(mu=230, sigma=30, tau=80),
    "hard": ReactionModel(mu=190, sigma=20, tau=50),
}
MISTAKE_RATE = {"easy": 0.20, "normal": 0.08, "hard": 0.03}


class Bot:
    """Base class. `seat` is the bot's player index; `rng` its own seeded generator."""

    level = "normal"
    uses_view = True
    quiet = False  # True: may be left unpolled while its legal list stands (see above)
    settled_by_own = False  # True: ... also right after its own actions (see above)
    forced_moves_free = False  # True: a one-action legal list may be applied unpolled (above)

    def __init__(self, seat: int, seed: int, level: str | None = None):
        self.seat = seat
        self.rng = random.Random(seed)
        if level is not None:
            self.level = level

    def poll(self, view: dict, legal: list, now: int):
        """Return (actions to apply at `now`, next wake time or None). In a turn-based game a
        driver may pass view=None when `legal` holds one action (the headless runner does:
        a forced move needs no look at the table), so a bot reads the view only to choose."""
        if not legal:
            return [], None
        return [self.choose(view, legal)], None

    def choose(self, view: dict, legal: list):
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform random legal play (interrupts aside); in real-time games at random moments."""

    level = "random"
    uses_view = False  # it looks only at the legal actions: drivers may pass view=None

    def __init__(self, seat: int, seed: int, level: str | None = None, realtime: bool = False):
        super().__init__(seat, seed, level)
        self.realtime = realtime
        self.quiet = realtime
        self.due: int | None = None
        self._bits = self.rng.getrandbits

    def poll(self, view, legal, now):
        if not legal or isinstance(legal[0], Interrupt):  # (mostly decided by the first)
            for action in legal:
                if not isinstance(action, Interrupt):
                    break
            else:  # nothing of its own to do
                self.due = None
                return [], None
        if not self.realtime:
            return [self.choose(view, legal)], None
        if self.due is None:
            self.due = now + 20 + below(self._bits, 381)  # (randint(20, 400))
        if now < self.due:
            return [], self.due
        self.due = None
        return [self.choose(view, legal)], now + 1

    def choose(self, view, legal):
        # Drawing again past an interrupt is uniform over the rest, without copying a list of
        # hundreds of slaps at every poll.
        bits = self._bits
        while True:
            action = legal[below(bits, len(legal))]  # (rng.choice(legal))
            if not isinstance(action, Interrupt):
                return action


def below(getrandbits, n: int) -> int:
    """A uniform random int in range(n), n > 0: the very draw rng.randrange(n) makes (and
    rng.choice and rng.randrange(a, a + n) from it), from `getrandbits`, the generator's own
    bound method. Written out because the random player draws at almost every poll, and the
    standard library's way there is several Python calls deep."""
    k = n.bit_length()  # (random.Random._randbelow_with_getrandbits)
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def run_to_end(steps):
    """Run a thinking generator (a bot's choice in small steps: FlixoBot.thinking,
    FlitzerBot.thinking) at once and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def bot_levels(bot_class) -> dict:
    """GameInfo.bots for a game whose bot class takes (seat, seed, level): one per level."""
    return {level: functools.partial(bot_class, level=level) for level in LEVELS}


def make_bot(info, level: str, seat: int, seed: int) -> Bot:
    """A bot of `level` (one of LEVELS, or 'random') for a game."""
    if level == "random":
        return RandomBot(seat, seed, realtime=info.realtime)
    if level not in info.bots:
        raise ValueError(f"{info.id} has no bot level {level!r}; levels: "
                         + ", ".join(["random", *info.bots]))
    return info.bots[level](seat, seed)
