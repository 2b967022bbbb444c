"""Party night: a cup across several of the arcade's games. Pure rules: no pygame, no files.

A cup is 2 to 5 different games played in order by the same players (the same seats, CPU
players included). After each game the players' placings give cup points (PLACE_POINTS);
the standings are the sums. Awards come from the figures each game's final table view
(`state.view(None)`) carries, never from chance.

Placings of one game (`placings`): the game's winners (Outcome.winners, which already holds
each game's own tie-breaks) share first place; everyone else is placed by score, higher first;
equal scores share the better place (1, 2, 2, 4), and so share its points.

The cooperative Flixo gives everyone the team's result: a won game is a shared first place
(TEAM_WON_POINTS each), a lost one gives nobody points (TEAM_LOST_POINTS).

Standings (`Cup.standings`): most cup points first; equal points: more game wins (first
places) first; still equal: a shared place.

Awards (`AWARDS`, `game_awards`, `Cup.cup_awards`): each kind reads one figure per player
from a game's final view (or, for the cup awards, from the results so far); the best figure
wins the award, ties share it; a kind whose figure nobody has (no correct grab, no false start
at all, a Flixo not won ...) or on which every player is equal is not given.

Saved form (`Cup.to_dict` / `Cup.from_dict`): plain JSON data; `from_dict` checks what the
values mean (known games, seats, lengths) and raises CupError saying what is wrong.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

MIN_GAMES, MAX_GAMES = 2, 5
QUICK_GAMES = 3            # "quick: three random ones"
MIN_PLAYERS = 2            # a cup of one is no party
MAX_SEATS = 8
# Cup points for 1st, 2nd, ... place in one game (the race scoring of Flotte Flitzer, then 0).
PLACE_POINTS = (10, 7, 5, 3, 2, 1, 0, 0)
TEAM_WON_POINTS = PLACE_POINTS[0]   # cooperative game won: everybody, as a shared first place
TEAM_LOST_POINTS = 0                # cooperative game lost: nobody scores
FORMAT = 1                          # version of the saved form


class CupError(ValueError):
    """A cup that cannot be: str() says why, for a message on screen."""


# -- one game's placings and points ---------------------------------------------------------------

def placings(scores: list, winners: list) -> list[int]:
    """1-based place of each player: winners first (shared), then by score, higher first;
    equal scores share the better place."""
    n = len(scores)
    win = set(p for p in winners if 0 <= p < n)

    def key(p):  # every winner alike; then the higher score first
        return (0, 0.0) if p in win else (1, -_num(scores[p]))

    return [1 + sum(1 for q in range(n) if key(q) < key(p)) for p in range(n)]


def points_for(places: list[int]) -> list[int]:
    return [PLACE_POINTS[min(place, len(PLACE_POINTS)) - 1] for place in places]


def game_points(outcome, players: int, cooperative: bool) -> tuple[list[int], list[int]]:
    """(places, cup points) of each player for one game's Outcome."""
    if cooperative:
        won = bool(outcome.team_won)
        return ([1] * players if won else [players] * players,
                [TEAM_WON_POINTS if won else TEAM_LOST_POINTS] * players)
    scores = list(outcome.scores)[:players] + [0] * max(0, players - len(outcome.scores))
    places = placings(scores, list(outcome.winners))
    return places, points_for(places)


# -- awards --------------------------------------------------------------------------------------

LOW, HIGH = "low", "high"   # which figure is best


@dataclass(frozen=True)
class AwardKind:
    kind: str
    game: str | None        # the game whose final view holds the figure; None: the whole cup
    title: str
    better: str             # LOW or HIGH
    words: str              # the figure as shown: "{:,.0f} ms" ({s}: "s" unless it is 1)
    read: Callable | None = None   # (final view, players) -> [figure or None per player]
    minimum: float | None = None   # a HIGH figure must reach this to count


def _rows(view: dict, name: str, players: int) -> list:
    rows = view.get(name) or []
    return [rows[p] if p < len(rows) and isinstance(rows[p], dict) else {}
            for p in range(players)]


def _otter(part: str, stat: str):
    def read(view, players):
        return [(row.get(part) or {}).get(stat) for row in _rows(view, "timing", players)]
    return read


def _otter_wrong(view, players):
    return [row.get("wrong_grabs") for row in _rows(view, "timing", players)]


def _flies(stat: str):
    def read(view, players):
        return [row.get(stat) for row in _rows(view, "summary", players)]
    return read


def _sure_hand(view, players):
    """Share of a player's slaps that were right, for players with at least SURE_HAND_SLAPS."""
    out = []
    for row in _rows(view, "summary", players):
        slaps = row.get("slaps") or 0
        out.append(row.get("correct", 0) / slaps if slaps >= SURE_HAND_SLAPS else None)
    return out


SURE_HAND_SLAPS = 3


def _owner_figure(view, players, car_of) -> list:
    """1 for the owner of the car car_of(view) names, None for everyone else."""
    car = car_of(view)
    owners = {c.get("id", c.get("car")): c.get("owner") for c in view.get("cars") or []}
    owner = owners.get(car)
    return [1 if p == owner else None for p in range(players)]


def _first_home(view, players):
    finished = view.get("finished") or []
    return _owner_figure(view, players, lambda v: finished[0] if finished else None)


def _both_scored(view, players):
    """How many of a player's cars finished in the points (the first six over the line)."""
    counts = [0] * players
    for car in view.get("cars") or []:
        owner, place = car.get("owner"), car.get("place")
        if owner is not None and 0 <= owner < players and place is not None and place <= 6:
            counts[owner] += 1
    return counts


def _last_car_standing(view, players):
    result = view.get("result") or {}
    return _owner_figure(view, players, lambda v: result.get("winning_car"))


def _first_out(view, players):
    out = view.get("out") or []
    return _owner_figure(view, players, lambda v: out[0] if out else None)


def _displays(view, players):
    """(seat, display) pairs of a Flixo view, for seats in range."""
    return [(d.get("seat"), i, d) for i, d in enumerate(view.get("displays") or [])
            if isinstance(d.get("seat"), int) and 0 <= d["seat"] < players]


def _flixo_spotter(view, players):
    """Flixos that left each player's own display (each one earned the team an eye token)."""
    counts = [0] * players
    for seat, _, display in _displays(view, players):
        counts[seat] += sum(1 for card in display.get("removed") or [] if card.get("flixo"))
    return counts


def _tidy_display(view, players):
    """Points left in each player's display, when the team won (then fewer are better)."""
    result = view.get("result") or {}
    if not result.get("team_won"):
        return [None] * players
    points = result.get("points") or []
    out = [None] * players
    for seat, i, _ in _displays(view, players):
        if i < len(points):
            out[seat] = points[i] if out[seat] is None else out[seat] + points[i]
    return out


AWARDS: tuple[AwardKind, ...] = (
    AwardKind("best_median_grab", "flotter_otter", "Best median grab", LOW,
              "{:,.0f} ms median grab", _otter("grab", "median")),
    AwardKind("quickest_first_box", "flotter_otter", "Quickest first box", LOW,
              "first box after {:,.0f} ms", _otter("first_box", "best")),
    AwardKind("wobbly_stacks", "flotter_otter", "Wobbliest stacks", HIGH,
              "{:.0f} wrong stack{s} grabbed", _otter_wrong, minimum=1),
    AwardKind("fastest_slap", "fliegen_klatschen", "Fastest slap", LOW,
              "{:,.0f} ms", _flies("best_ms")),
    AwardKind("most_false_starts", "fliegen_klatschen", "Most false starts", HIGH,
              "{:.0f} false start{s}", _flies("false_starts"), minimum=1),
    AwardKind("surest_hand", "fliegen_klatschen", "Surest hand", HIGH,
              "{:.0%} of slaps right", _sure_hand),
    AwardKind("first_home", "flotte_flitzer", "First over the line", HIGH,
              "the first car home", _first_home),
    AwardKind("both_cars_scored", "flotte_flitzer", "Full garage", HIGH,
              "both cars in the points", _both_scored, minimum=2),
    AwardKind("last_car_standing", "formula_fun", "Last car standing", HIGH,
              "won the final duel", _last_car_standing),
    AwardKind("first_out", "formula_fun", "Early shower", HIGH,
              "the first car out", _first_out),
    AwardKind("flixo_spotter", "flixo", "Flixo spotter", HIGH,
              "{:.0f} Flixo{s} cleared out", _flixo_spotter, minimum=1),
    AwardKind("tidiest_display", "flixo", "Tidiest display", LOW,
              "a display worth {:.0f} point{s}", _tidy_display),
    # The whole cup (figures from the results, see Cup.cup_awards).
    AwardKind("most_wins", None, "Most game wins", HIGH, "{:.0f} games won", minimum=2),
    AwardKind("comeback", None, "Comeback of the night", HIGH,
              "up {:.0f} place{s} since game 1", minimum=1),
)
AWARD_KINDS = {a.kind: a for a in AWARDS}


def choose(kind: AwardKind, figures: list) -> dict | None:
    """The award of `kind` for these figures (one per player, None: no figure), or None when
    nobody has one, none reaches the minimum, or every player has the same one."""
    have = [(p, f) for p, f in enumerate(figures)
            if isinstance(f, (int, float)) and not isinstance(f, bool)
            and (kind.minimum is None or f >= kind.minimum)]
    if not have:
        return None
    best = (min if kind.better == LOW else max)(f for _, f in have)
    players = [p for p, f in have if f == best]
    if len(figures) > 1 and len(players) == len(figures):
        return None  # everybody alike: nobody stands out
    return {"kind": kind.kind, "title": kind.title, "players": players,
            "figure": kind.words.format(best, s="" if best in (1, -1) else "s"), "value": best}


def game_awards(game_id: str, view: dict | None, players: int) -> list[dict]:
    """The awards a game's final table view gives, in AWARDS order."""
    if not isinstance(view, dict):
        return []
    out = []
    for kind in AWARDS:
        if kind.game == game_id and kind.read is not None:
            award = choose(kind, kind.read(view, players))
            if award is not None:
                out.append({**award, "game": game_id})
    return out


# -- choosing the games --------------------------------------------------------------------------

def player_range(infos) -> tuple[int, int]:
    """(fewest, most) players every one of these games (GameInfo) takes, and a cup needs."""
    infos = list(infos)
    lo = max([MIN_PLAYERS] + [i.min_players for i in infos])
    hi = min([MAX_SEATS] + [i.max_players for i in infos])
    return lo, hi


def quick_pick(game_ids, seed: int, count: int = QUICK_GAMES) -> list[str]:
    """`count` different games drawn from game_ids (in their order on the list, shuffled by
    `seed`): the same seed draws the same games."""
    ids = list(game_ids)
    return random.Random(seed).sample(ids, min(count, len(ids)))


# -- the cup -------------------------------------------------------------------------------------

@dataclass
class Cup:
    """games: ids in playing order; players: [{"seat", "name", "cpu"}] in seat order (player i
    of every game is players[i]); results: one dict per game played so far (see record)."""

    games: list[str]
    players: list[dict] = field(default_factory=list)
    results: list[dict] = field(default_factory=list)

    @classmethod
    def new(cls, games, known) -> "Cup":
        """A cup of these games; `known` maps game id -> GameInfo (game.GAMES)."""
        games = list(games)
        if not MIN_GAMES <= len(games) <= MAX_GAMES:
            raise CupError(f"a cup has {MIN_GAMES} to {MAX_GAMES} games, not {len(games)}")
        if len(set(games)) != len(games):
            raise CupError("a game is listed twice")
        for g in games:
            if g not in known:
                raise CupError(f"unknown game {str(g)[:40]!r}")
        lo, hi = player_range(known[g] for g in games)
        if lo > hi:
            raise CupError("no number of players fits every game of this cup")
        return cls(games)

    def seat(self, players) -> None:
        """Fix the players (Seat-like objects with index, name, cpu), in seat order."""
        self.players = [{"seat": s.index, "name": s.name, "cpu": s.cpu} for s in players]

    # -- progress --------------------------------------------------------------------------------
    @property
    def played(self) -> int:
        return len(self.results)

    @property
    def next_game(self) -> str | None:
        return self.games[self.played] if self.played < len(self.games) else None

    @property
    def finished(self) -> bool:
        return self.played >= len(self.games)

    def record(self, outcome, view: dict | None, cooperative: bool) -> dict:
        """Score the game just played (the next game) from its Outcome and final table view."""
        if self.finished:
            raise CupError("the cup is over")
        n = len(self.players)
        places, points = game_points(outcome, n, cooperative)
        result = {"game": self.next_game, "places": places, "points": points,
                  "scores": [_plain(s) for s in list(outcome.scores)[:n]],
                  "team_won": outcome.team_won,
                  "awards": game_awards(self.next_game, view, n)}
        self.results.append(result)
        return result

    # -- standings -------------------------------------------------------------------------------
    def totals(self, upto: int | None = None) -> list[int]:
        totals = [0] * len(self.players)
        for result in self.results[:upto]:
            totals = [t + p for t, p in zip(totals, result["points"])]
        return totals

    def wins(self, upto: int | None = None) -> list[int]:
        return [sum(1 for r in self.results[:upto] if r["places"][p] == 1)
                for p in range(len(self.players))]

    def standings(self, upto: int | None = None) -> list[dict]:
        """Rows {player, total, wins, place}, best first (after the first `upto` games)."""
        totals, wins = self.totals(upto), self.wins(upto)

        def key(p):
            return (-totals[p], -wins[p])

        order = sorted(range(len(self.players)), key=lambda p: (key(p), p))
        return [{"player": p, "total": totals[p], "wins": wins[p],
                 "place": 1 + sum(1 for q in order if key(q) < key(p))} for p in order]

    def places(self, upto: int | None = None) -> list[int]:
        """Each player's place in the standings (after `upto` games)."""
        out = [0] * len(self.players)
        for row in self.standings(upto):
            out[row["player"]] = row["place"]
        return out

    def cup_awards(self) -> list[dict]:
        """The awards of the whole cup so far (most game wins, the comeback)."""
        if not self.results:
            return []
        figures = {"most_wins": self.wins()}
        if self.played >= 2:
            first, now = self.places(1), self.places()
            figures["comeback"] = [a - b for a, b in zip(first, now)]
        out = []
        for kind in AWARDS:
            if kind.game is None and kind.kind in figures:
                award = choose(kind, figures[kind.kind])
                if award is not None:
                    out.append({**award, "game": None})
        return out

    def all_awards(self) -> list[dict]:
        """The cup's awards, then every game's, in playing order."""
        return self.cup_awards() + [a for r in self.results for a in r["awards"]]

    # -- saved form ------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"format": FORMAT, "games": list(self.games), "players": list(self.players),
                "results": list(self.results)}

    @classmethod
    def from_dict(cls, doc: dict, known) -> "Cup":
        """A cup from its saved form (already checked for shape by shell.cup_file); raises
        CupError when the values do not make a cup (unknown game, seats, lengths)."""
        if doc.get("format") != FORMAT:
            raise CupError(f"it is of another version ({str(doc.get('format'))[:20]})")
        cup = cls.new(doc["games"], known)
        players = doc["players"]
        seats = [p["seat"] for p in players]
        lo, hi = player_range(known[g] for g in cup.games)
        if not lo <= len(players) <= hi:
            raise CupError(f"its {len(players)} players do not fit its games ({lo}-{hi})")
        if sorted(set(seats)) != seats or not all(0 <= s < MAX_SEATS for s in seats):
            raise CupError("its seats are not distinct seats in order")
        results = doc["results"]
        if len(results) > len(cup.games):
            raise CupError("it holds more results than games")
        n = len(players)
        for i, r in enumerate(results):
            if r["game"] != cup.games[i]:
                raise CupError(f"result {i + 1} is not of {cup.games[i]}")
            if not (len(r["places"]) == len(r["points"]) == n and len(r["scores"]) <= n):
                raise CupError(f"result {i + 1} does not have one entry per player")
            if not all(1 <= x <= n for x in r["places"]):
                raise CupError(f"result {i + 1} has a place out of range")
            for award in r["awards"]:
                if not award["players"] or not all(0 <= p < n for p in award["players"]):
                    raise CupError(f"an award of result {i + 1} names no player of the cup")
        cup.players = [dict(p) for p in players]
        cup.results = [dict(r) for r in results]
        return cup


def _num(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def _plain(value):
    """A score as JSON keeps it (an int or float stays; anything else becomes its number)."""
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else _num(value)
