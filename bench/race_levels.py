"""CPU levels of the racing games (Flotte Flitzer, Formula Fun) against each other and against a
model of a first-time player: win rates by level. Prints tables; figures, not a test.

Nobody can sit a panel of people down in a benchmark, so people are modelled:

* first-timer: knows the rules, not the game. Flotte Flitzer: plays the card that takes one of
  its own cars furthest forward now (else any card, at random), lanes as offered, a Risiko run
  stops at once. Formula Fun: plays the single card that moves its car furthest now, never a
  turbo beside another card. (The greedy beginner of the rules' own example play.)
* the levels (issue 15's targets): easy should lose to the first-timer, normal should beat it
  about as often as an average adult beats a first-timer (roughly 60-70 %), hard should beat
  normal clearly but not always (a challenge for a practised player).

Each cell plays two-seat games with the seats swapped every other game (the first seat has an
edge in both games) and counts a shared win as half. Run alone it prints bench/cpu_levels.py's
report for these two games (level against level, against the first-timer, the targets);
bench/cpu_levels.py calls `win_rates` and `method` for all games:

    .venv/bin/python bench/race_levels.py --games 200
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import cpu_levels  # noqa: E402
from game import GAMES  # noqa: E402
from game import flotte_flitzer as ff  # noqa: E402
from game import formula_fun as fun  # noqa: E402
from game.bots import LEVELS, Bot, make_bot  # noqa: E402


FIRST = "first-timer"


class FirstTimerFlitzer(Bot):
    level = FIRST

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
    level = FIRST

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        singles = [a for a in legal if len(a.cards) == 1]
        return max(singles, key=lambda a: (fun.landing(view, a.cards)[1], self.rng.random()))


PROXIES = {"flotte_flitzer": FirstTimerFlitzer, "formula_fun": FirstTimerFun}
GAME_IDS = tuple(PROXIES)
GRID = "CPU level (rows) vs the first-timer model, CPU's win rate"
TARGETS = (
    ("easy", FIRST, 0.0, 0.5, "easy loses to a first-time player"),
    ("normal", FIRST, 0.6, 0.7, "normal beats a first-timer as an average adult would"),
    ("hard", "normal", 0.55, 0.9, "hard beats normal clearly, not always"),
)
TARGET_NOTES = ("(no model of an average or a practised player in the races: normal is held "
                "to what an",
                " average adult would do against a first-timer, hard to a clear but not sure "
                "edge over normal)")


def player(game_id):
    """A player factory for cpu_levels.duel: the first-timer model, or a CPU level."""
    def make(kind, seat, seed):
        if kind == FIRST:
            return PROXIES[game_id](seat, seed)
        return make_bot(GAMES[game_id], kind, seat, seed)
    return make


def win_rates(game_id, games=200, seed=1):
    """{(level, "first-timer"): the CPU's win rate} over `games` games each."""
    info, make = GAMES[game_id], player(game_id)
    return {(level, FIRST): cpu_levels.duel(info, level, FIRST, games, seed, make)
            for level in LEVELS}


MODELS = {"flotte_flitzer": ("the card taking an own car furthest now,",
                             "lanes as offered, a Risiko run stopped at once"),
          "formula_fun": ("the single card moving its car furthest now,",
                          "never a turbo beside another card")}


def method(game_id):
    first, second = MODELS[game_id]
    return [f"people: {FIRST}, a model (bench/race_levels.py): {first}",
            f"  {second}",
            "  (the greedy beginner of the rules' own example play); no timing, no norm"]


def main(argv=None):
    cpu_levels.main(argv, only=GAME_IDS, games=200)


if __name__ == "__main__":
    main()
