"""The party night host: it stays on the stack under everything a cup shows and, each time the
scene above it leaves, decides what comes next.

    enter(cup, resumed=False)  a cup picked on the setup screen (or loaded: resumed=True);
                               pushes the cup lobby: everyone takes a seat for the whole cup
                               (a loaded cup with every game played: straight to the podium)
    enter(demo=True, seed=S)   attract mode: DEMO_GAMES random games, DEMO_PLAYERS CPU players
                               of their own (app.seats is not touched), nothing saved

Then, whenever it is on top again (`resume`):
    lobby left without starting  -> the host leaves too (back to the setup or the title)
    the intermission said "next" -> the next game (its how-to card first, as the lobby does,
                                    unless no person is left at the table)
    anything else (the game's results, a how-to card backed out of, the lobby done)
                                 -> the intermission (standings, awards, what is next), or the
                                    podium once every game is played

The results screen of a game played in a cup calls `game_over` (scenes/screens/results.py):
the cup scores it from the outcome and the final table view and is saved at once.

Seats: the players are the occupied seats when the lobby starts the cup, in seat order (player
i of every game). They stay the same seats: a person who leaves mid-game hands the seat to a
CPU (the game does that), and a seat found free before a game gets a CPU.
"""

from __future__ import annotations

import secrets

import game
from game.cup import Cup, quick_pick
from shell import look
from shell.seats import Seats

from . import forget, save
from ..base import Scene
from ..games import game_scene_class
from ..widgets import down

DEMO_PLAYERS = 4
DEMO_GAMES = 3
DEMO_LEVELS = ("normal", "hard", "easy", "normal")
LEVELS = ("easy", "normal", "hard")


def cup_options(settings, game_id: str, demo: bool = False) -> dict:
    """The options a cup plays a game with: the last ones chosen in the lobby for it (settings
    "game_options"), each only if the game offers that value; in the demo, the shortest game
    (the last value offered for each option, e.g. fewest cards)."""
    info = game.GAMES[game_id]
    stored = {} if demo else ((settings.get("game_options", {}) or {}).get(game_id) or {})
    stored = stored if isinstance(stored, dict) else {}
    options = {}
    for name, (_, choices) in info.option_choices.items():
        values = [value for value, _ in choices]
        if demo:
            options[name] = _demo_value(values, info.default_options.get(name))
            continue
        value = stored.get(name)
        if any(type(v) is type(value) and v == value for v in values):
            options[name] = value
    return options


def _demo_value(values: list, default):
    """The value of an option that makes the shortest game: numbers of cards left out, the
    most; anything else (a series), the default."""
    numbers = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    return max(numbers) if numbers and len(numbers) == len(values) else default


class CupScene(Scene):
    def enter(self, cup: Cup | None = None, resumed: bool = False, demo: bool = False,
              seed: int | None = None, **kw) -> None:
        self.demo = demo
        self.resumed = resumed
        self.seed = secrets.randbits(32) if seed is None else seed
        self.go_next = False     # the intermission said: the next game
        self.lobby_done = False  # the lobby's countdown ran out: the table is set
        if demo:
            ids = [g for g, info in game.GAMES.items()
                   if info.min_players <= DEMO_PLAYERS <= info.max_players]
            self.cup = Cup.new(quick_pick(ids, self.seed, DEMO_GAMES), game.GAMES)
            seats = Seats()
            for i in range(DEMO_PLAYERS):
                seats.add_cpu(DEMO_LEVELS[i % len(DEMO_LEVELS)])
            self.table = seats.occupied()
            self.cup.seat(self.table)
            self.seated = True
            self.show_next()
            return
        self.cup = cup
        self.table = []
        self.seated = False
        if resumed:
            self.prepare_seats()
            if cup.finished:  # only the podium was left to see
                self.table = [self.app.seats[p["seat"]] for p in cup.players]
                self.seated = True
                self.show_next()
                return
        self.app.manager.push("cup_lobby", host=self)

    # -- seats -----------------------------------------------------------------------------------
    def prepare_seats(self) -> None:
        """A resumed cup: its CPU seats are seated again at their places with their levels, its
        people's seats wait for them (their names back on them); other seats are freed."""
        seats = self.app.seats
        wanted = {p["seat"]: p for p in self.cup.players}
        for seat in list(seats.seats):
            player = wanted.get(seat.index)
            if player is None:
                if not seat.is_free:
                    seats.leave(seat.index)
                continue
            if player["cpu"]:
                level = player["cpu"] if player["cpu"] in LEVELS else "normal"
                seats.hand_to_cpu(seat.index, level, name=player["name"])
                continue
            seats.rename(seat.index, player["name"])
            if seat.is_cpu:
                seats.leave(seat.index)  # a person's seat: free for them to join again

    def take_seats(self) -> None:
        """The lobby is done: the occupied seats are the cup's players."""
        self.table = self.app.seats.occupied()
        if not self.resumed:
            self.cup.seat(self.table)
        self.seated = True

    def check_seats(self) -> None:
        """Before a game: a cup seat found free gets a CPU (the same seats play every game)."""
        for seat, player in zip(self.table, self.cup.players):
            if seat.is_free:
                level = player["cpu"] if player["cpu"] in LEVELS else \
                    self.app.settings.get("cpu_level", "normal")
                self.app.seats.hand_to_cpu(seat.index, level)

    # -- what comes next -------------------------------------------------------------------------
    def resume(self) -> None:
        if not self.seated:
            if not self.lobby_done:  # backed out of the lobby: the cup is not played
                self.app.manager.pop()
                return
            self.take_seats()
        if self.go_next and not self.cup.finished:
            self.go_next = False
            self.start_game()
            return
        self.go_next = False
        self.show_next()

    def show_next(self) -> None:
        if self.cup.finished:
            self.app.manager.push("podium", host=self)
        else:
            self.app.manager.push("intermission", host=self)

    def next_game(self) -> None:
        """Called by the intermission before it leaves: the next game comes."""
        self.go_next = True

    def start_game(self) -> None:
        game_id = self.cup.next_game
        scene_class = game_scene_class(game_id)
        options = cup_options(self.app.settings, game_id, self.demo)
        if self.demo:
            self.app.manager.push(scene_class, game_id=game_id, seats=self.table,
                                  seed=self.seed + self.cup.played + 1, options=options,
                                  demo=True)
            return
        self.check_seats()
        # the how-to card waits for the people at the table: with nobody left, straight on
        if self.app.settings.get("show_howto", True) and any(s.is_human for s in self.table):
            self.app.manager.push("howto", game_id=game_id, scene_class=scene_class,
                                  options=options)
        else:
            self.app.manager.push(scene_class, game_id=game_id, options=options)

    def game_over(self, game_id: str, outcome, view) -> bool:
        """A game of this cup ended (its results are on screen): score it and save the cup.
        False (nothing recorded) for a game that is not the cup's next one."""
        if game_id != self.cup.next_game:
            return False
        self.cup.record(outcome, view, game.GAMES[game_id].cooperative)
        if not self.demo:
            save(self.app, self.cup)
        return True

    def done(self) -> None:
        """The podium has been seen: the cup is over and forgotten."""
        if self.demo:
            self.app.manager.reset("cup", demo=True, seed=self.seed + 1)
            return
        forget(self.app)
        self.app.manager.reset("title")

    # -- the few frames it is seen ----------------------------------------------------------------
    def handle(self, item) -> None:
        if self.demo and down(item):
            self.app.manager.reset("title")

    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, "Party night")
