"""The cup's lobby: the arcade's lobby (scenes/screens/lobby.py), once for the whole cup.

Joining, ready, CPU players and their levels work exactly as there; what differs:
* the number of players must fit every game of the cup (game.cup.player_range);
* no game options here (each game of the cup plays with its last options: host.cup_options);
* a resumed cup waits for its own seats: exactly the cup's seats must be taken (its CPU
  players are back already; its people join again, or a CPU is added in a missing person's
  place: the problem line says so in words, each seat's slot shows its own add-a-CPU and
  leave buttons, as in the lobby);
* when the countdown runs out it hands over to the host (scenes/cup/host.py) instead of
  starting a game, and B on an empty table leaves the cup (as it leaves the lobby).
"""

from __future__ import annotations

import dataclasses

import game
from game.cup import player_range
from shell import look

from ..screens.lobby import LobbyScene
from . import names


class CupLobbyScene(LobbyScene):
    def enter(self, host, **kw) -> None:
        self.host = host
        cup = host.cup
        super().enter(game_id=cup.games[0])
        lo, hi = player_range(game.GAMES[g] for g in cup.games)
        name = "Party night"
        if host.resumed:
            name += f", game {cup.played + 1} of {len(cup.games)}"
        self.info = dataclasses.replace(self.info, name=name, min_players=lo,
                                        max_players=hi, option_choices={})
        self.choice = {}
        self.option_row = 0

    def problem(self) -> str:
        if not self.host.resumed:
            return super().problem()
        seats = self.app.seats
        wanted = [p["seat"] for p in self.host.cup.players]
        extra = [s for s in seats.occupied() if s.index not in wanted]
        if extra:
            return f"{extra[0].name} is not in this cup: please leave the seat"
        missing = [i for i in wanted if seats[i].is_free]
        if missing:
            people = names(seats, missing)
            if not seats.humans():  # (as the lobby says it: any button but back joins)
                return f"Waiting for {people}: press a button to join"
            return f"Waiting for {people}: join, or add a CPU"
        return super().problem()

    def start(self) -> None:
        self.host.lobby_done = True
        self.app.manager.pop()

    def draw_options(self, canvas, bottom: int) -> int:
        """In place of the game options: the cup's games, in order, ending at `bottom`."""
        cup = self.host.cup
        games = "   ".join(f"{i + 1}. {game.GAMES[g].name}" for i, g in enumerate(cup.games))
        line = look.text(canvas, games, (look.CENTER[0], bottom), look.SMALL, look.MUTED,
                         "midbottom")
        return line.top
