"""CPU levels of the racing games (Flotte Flitzer, Formula Fun) against each other and against a
model of a first-time player: win rates by level. Prints a table; a figure, not a test.

Nobody can sit a panel of people down in a benchmark, so people are modelled:

* first-timer: knows the rules, not the game. Flotte Flitzer: plays the card that takes one of
  its own cars furthest forward now (else any card, at random), lanes as offered, a Risiko run
  stops at once. Formula Fun: plays the single card that moves its car furthest now, never a
  turbo beside another card. (The greedy beginner of the rules' own example play.)
* the levels (issue 15's targets): easy should lose to the first-timer, normal should beat it
  about as often as an average adult beats a first-timer (roughly 60-70 %), hard should beat
  normal clearly but not always (a challenge for a practised player).

Each cell plays two-seat games with the seats swapped every other game (the first seat has an
edge in both games) and counts a shared win as half. Run:

    .venv/bin/python bench/race_levels.py --games 200
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import GAMES  # noqa: E402
from game import flotte_flitzer as ff  # noqa: E402
from game import formula_fun as fun  # noqa: E402
from game.bots import Bot, make_bot  # noqa: E402
from game.runner import bot_seed  # noqa: E402


class FirstTimerFlitzer(Bot):
    level = "first-timer"

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], (ff.Place, ff.Steer)):
            return type(legal[0])(view["lane_choice"]["default"])
        if isinstance(legal[0], (ff.RiskAgain, ff.RiskStop)):
            return ff.RiskStop()
        def kind(a):
            return ff.CARDS[a.card].kind

        own = [a for a in legal if a.car >= 0 and a.car // 2 == self.seat
               and kind(a) not in (ff.RISIKO, ff.GEFAHR, ff.FALSCHER_GANG)]
        if own:
            return max(own, key=lambda a: (ff.CARDS[a.card].value, self.rng.random()))
        # nothing for its own cars: back with a rival in front, else what harms it least
        rows = {c["id"]: c["row"] for c in view["cars"]}
        rivals = [a for a in legal if kind(a) in (ff.FALSCHER_GANG, ff.GEFAHR)
                  and a.car >= 0 and a.car // 2 != self.seat]
        if rivals:
            return max(rivals, key=lambda a: (rows[a.car], self.rng.random()))
        harmless = [a for a in legal if a.car < 0 or (a.car // 2 != self.seat
                    and a.car // 2 >= view["players"])]
        return self.rng.choice(harmless or legal)


class FirstTimerFun(Bot):
    level = "first-timer"

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        singles = [a for a in legal if len(a.cards) == 1]
        return max(singles, key=lambda a: (fun.landing(view, a.cards)[1], self.rng.random()))


PROXIES = {"flotte_flitzer": FirstTimerFlitzer, "formula_fun": FirstTimerFun}


def player(game_id, level, seat, seed):
    if level == "first-timer":
        return PROXIES[game_id](seat, seed)
    return make_bot(GAMES[game_id], level, seat, seed)


def play_one(game_id, levels, seed):
    info = GAMES[game_id]
    state = info.new(len(levels), {}, seed)
    bots = [player(game_id, lv, p, bot_seed(seed, p)) for p, lv in enumerate(levels)]
    while not state.is_terminal():
        p = state.current_player()
        state.apply(p, bots[p].choose(state.view(p), state.legal_actions(p)))
    return state.outcome()


def win_rate(game_id, a, b, games, seed0=0):
    """How often level a wins against level b, two seats, seats swapped every other game."""
    score = 0.0
    for g in range(games):
        levels = [a, b] if g % 2 == 0 else [b, a]
        out = play_one(game_id, levels, seed0 + g)
        mine = 0 if g % 2 == 0 else 1
        if mine in out.winners:
            score += 1 / len(out.winners)
    return score / games


PAIRS = [("easy", "first-timer"), ("normal", "first-timer"), ("hard", "first-timer"),
         ("normal", "easy"), ("hard", "normal"), ("hard", "easy")]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per cell")
    parser.add_argument("--game", choices=sorted(PROXIES), action="append",
                        help="one game only (may repeat)")
    args = parser.parse_args(argv)
    games = args.game or sorted(PROXIES)
    print(f"two seats, {args.games} games a cell, seats swapped; win rate of the first level")
    print(f"{'game':16} " + " ".join(f"{a + ' v ' + b:>22}" for a, b in PAIRS))
    for game_id in games:
        t = time.perf_counter()
        row = [win_rate(game_id, a, b, args.games) for a, b in PAIRS]
        cells = " ".join(f"{r:>21.0%} " for r in row)
        print(f"{game_id:16} {cells}  ({time.perf_counter() - t:.0f} s)")


if __name__ == "__main__":
    main()
