"""Party night, first screen: pick the games of the cup.

Up/Down move, A chooses, B (or Escape) goes back. The items:
    Resume the cup ...        (only when a cup was left unfinished) carry on with it
    All five games            a cup of every game, in the select screen's order: starts at once
    Quick: three random ones  three games drawn at random: starts at once
    one item per game         A adds it to the cup (its number says when it is played) or
                              takes it out again
    Start the cup             with the games picked (2 to 5)
The panel on the right shows the cup as picked, the players it takes and the points table.
A new cup replaces an unfinished one once its first game is over (a note over the prompts
says so). The prompts show the buttons of whoever pressed last (scenes/base.py, draw_hint).
"""

from __future__ import annotations

import secrets

import pygame

import game
from game.cup import (MAX_GAMES, MIN_GAMES, PLACE_POINTS, QUICK_GAMES, TEAM_WON_POINTS, Cup,
                      player_range, quick_pick)
from game.words import ordinal
from shell import look

from . import load_saved
from ..base import Scene
from ..widgets import Menu

WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def players_text(lo: int, hi: int) -> str:
    return f"{lo} players" if lo == hi else f"{lo}-{hi} players"


class CupSetupScene(Scene):
    escape_goes_back = True  # Escape goes back, as B does

    def enter(self, **kw) -> None:
        self.picked: list[str] = []
        self.t = 0.0
        self.saved = load_saved(self.app)
        self.menu = Menu(self.items())

    def resume(self) -> None:
        self.saved = load_saved(self.app)  # the cup may have been played on since
        key = self.menu.key
        self.menu = Menu(self.items())
        keys = [k for k, _ in self.menu.items]
        self.menu.index = keys.index(key) if key in keys else 0

    def items(self) -> list:
        items = []
        if self.saved is not None:
            cup = self.saved
            items.append(("resume", f"Resume the cup: {cup.played} of {len(cup.games)} played"))
        if MIN_GAMES <= len(game.GAMES) <= MAX_GAMES:
            items.append(("all", f"All {WORDS.get(len(game.GAMES), len(game.GAMES))} games"))
        items.append(("quick", f"Quick: {WORDS[QUICK_GAMES]} random ones"))
        for game_id in game.GAMES:
            items.append((f"game:{game_id}", lambda g=game_id: self.game_label(g)))
        items.append(("start", self.start_label))
        return items

    def game_label(self, game_id: str) -> str:
        info = game.GAMES[game_id]
        mark = f"{self.picked.index(game_id) + 1}." if game_id in self.picked else "+"
        return f"{mark}  {info.name}"

    def start_label(self) -> str:
        n = len(self.picked)
        if n < MIN_GAMES:
            return f"Pick {MIN_GAMES} to {MAX_GAMES} games"
        return f"Start the cup: {WORDS.get(n, n)} games"

    # -- input -----------------------------------------------------------------------------------
    def handle(self, item) -> None:
        if self.menu_input(item, confirm=False) == "choose":
            self.choose(self.menu.key)

    def choose(self, key: str) -> None:
        if key == "resume" and self.saved is not None:
            self.app.audio.play("confirm")
            self.app.manager.push("cup", cup=self.saved, resumed=True)
        elif key == "all":
            self.start(list(game.GAMES))
        elif key == "quick":
            self.start(quick_pick(game.GAMES, secrets.randbits(32)))
        elif key.startswith("game:"):
            game_id = key.split(":", 1)[1]
            if game_id in self.picked:
                self.picked.remove(game_id)
                self.app.audio.play("back")
            elif len(self.picked) < MAX_GAMES:
                self.picked.append(game_id)
                self.app.audio.play("join")
            else:
                self.app.audio.play("error")
        elif key == "start":
            if MIN_GAMES <= len(self.picked) <= MAX_GAMES:
                self.start(list(self.picked))
            else:
                self.app.audio.play("error")

    def start(self, game_ids: list[str]) -> None:
        self.app.audio.play("confirm")
        self.app.manager.push("cup", cup=Cup.new(game_ids, game.GAMES))

    def update(self, dt_ms: float) -> None:
        self.t += dt_ms

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, "Party night: pick the games")
        # the prompts first: with many different devices seated they take two lines, and the
        # panel ends above them (and above the note about the unfinished cup)
        hint = self.draw_hint(canvas, [(("up", "down"), "choose"), ("a", "pick"), ("b", "back"),
                                       ("escape", "back")])
        above = hint.top if hint.height else look.SAFE.bottom
        if self.saved is not None:
            above = look.text(canvas, "A new cup replaces the unfinished one",
                              (look.CENTER[0], above - 12), look.SMALL, look.MUTED,
                              "midbottom").top
        left_x = look.SAFE.left + 380
        self.menu.draw(canvas, look.SAFE.top + 130, width=760, x=left_x, height=64, gap=12)
        panel = pygame.Rect(look.SAFE.left + 820, look.SAFE.top + 130,
                            look.SAFE.right - look.SAFE.left - 820,
                            min(700, above - 16 - look.SAFE.top - 130))
        look.panel(canvas, panel)
        x, y = panel.left + 40, panel.top + 30
        key = self.menu.key
        if key.startswith("game:"):
            self.draw_game(canvas, panel, key.split(":", 1)[1])
        else:
            shown = self.saved.games if key == "resume" and self.saved else self.picked
            heading = "The unfinished cup" if key == "resume" and self.saved else "Your cup"
            look.text(canvas, heading, (x, y), look.LARGE, look.ACCENT)
            y += 80
            if not shown:
                look.paragraph(canvas, "Add games one by one, or take all of them, or "
                                       "three at random.", pygame.Rect(x, y, panel.width - 80, 200),
                               look.BODY, look.MUTED)
            for i, game_id in enumerate(shown):
                look.text(canvas, f"{i + 1}.  {game.GAMES[game_id].name}", (x, y), look.BODY,
                          look.TEXT)
                y += 54
            if shown:
                lo, hi = player_range(game.GAMES[g] for g in shown)
                look.text(canvas, f"for {players_text(lo, hi)}", (x, y + 10), look.BODY,
                          look.MUTED)
        points = "    ".join(f"{ordinal(i + 1)} {p}" for i, p in enumerate(PLACE_POINTS) if p)
        y = panel.bottom - 150
        for line in ("Cup points per place:", points,
                     f"Flixo, played together: a win gives everyone {TEAM_WON_POINTS}"):
            look.text(canvas, line, (x, y), look.SMALL, look.MUTED)
            y += 42

    def draw_game(self, canvas, panel, game_id: str) -> None:
        info = game.GAMES[game_id]
        x, y = panel.left + 40, panel.top + 30
        look.text(canvas, info.name, (x, y), look.LARGE, look.ACCENT)
        y += 80
        kind = ("together, " if info.cooperative else "") + \
            ("real-time" if info.realtime else "turn by turn")
        look.text(canvas, f"{players_text(info.min_players, info.max_players)}, {kind}",
                  (x, y), look.BODY, look.TEXT)
        y += 70
        look.paragraph(canvas, info.pitch, pygame.Rect(x, y, panel.width - 80, 250), look.BODY,
                       look.MUTED)
