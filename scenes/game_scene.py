"""GameScene: the base of every game scene. It hosts one game State on the TV.

What the base does, so a game scene does not have to:

* creates the State from game.GAMES[game_id] with one player per occupied seat (player index =
  position in `app.seats.occupied()` at the start, kept in `self.seats[p]`), and a bot for each
  CPU seat (game.bots.make_bot with the seat's level, seeded as game.runner.bot_seed);
* keeps the GAME CLOCK in ms: it runs from 0 at the start, stops while the scene is covered
  (pause overlay), and HOLDS when a stimulus is revealed: after an event for which
  `is_reveal(event)` is true, game time stays at the core's time of the reveal until the next
  display flip returns, and runs on from there. So the game time of a reveal is its real onset
  on screen, and a reaction time computed by the core is honest. A press stamped before that
  flip gets the reveal's time (0 ms after it);
* turns each Press into game time (`game_ms(press.t_ns)`), asks `press_to_action`, applies the
  action; an IllegalAction is never a crash: it plays the "error" sound and flashes the rule's
  name at that player's badge (override `on_illegal` for more);
* lets time pass: ticks the state at each `next_deadline()` (and every frame if
  `tick_every_frame`), and polls the bots (`poll(view, legal, now)`, waking them as the runner
  does); turn-based bots are paced (`bot_pace_ms`) so people can follow them;
* hands every list of core Events to `on_events`; events carrying `data["reaction_ms"]` and a
  player are recorded as reaction times (results screen and shell.stats; optional
  data["correct"] (default True) and data["reaction_kind"] (default the event kind));
* "start" from a seated human opens the pause overlay; holding "back" (shell.input LEAVE)
  hands that seat to a CPU at once; a lost pad pauses, applies the game's
  `VoidRound()` for that seat when it is legal (a real-time round in flight is not scored), and
  the overlay names the seat; a re-plug, a claim by another device, or a hand-over to a CPU ends
  it (`seat_back`, `hand_to_cpu`);
* draws the background, then `draw_table`, then the seat strip (badges, whose turn, flashes);
* when the state is terminal, waits `end_delay_ms` and replaces itself with the results scene.

What a game scene subclass implements (class attributes and methods):

    game_id = "fliegen_klatschen"     # key in game.GAMES
    rules = ["Turn over a card ...", ...]   # how-to card: 3-6 short lines of rule summary
    controls = {"left": "move the swatter", "a": "slap"}   # action -> meaning, for the how-to
                                       # card (each player's own keys/buttons are looked up)
    reveal_kinds = {"swatter"}        # Event kinds that show a stimulus (or override is_reveal)

    def setup(self):                  # after the State exists: per-player cursors etc.
    def press_to_action(self, p, press) -> action | None
                                       # p = player index; press = shell.input.Press (down
                                       # and up). Move cursors here; return an action to apply
                                       # or None. Never mutate self.state.
    def draw_table(self, canvas, view):    # view = self.view() (the shared table view,
                                       # cached until the state changes). Changes nothing.
    def on_events(self, events):       # start animations (self.anim_ms is the running
                                       # animation clock) and sounds (self.sound("slap")).
    def update_scene(self, dt_ms):     # optional: step the game's own animations.

and it may define, at module level in scenes/<game_id>.py, `SCENE = TheSceneClass` (required)
and `tile_art(surface, rect)` (the picture on the select screen). Example:

    class SnapScene(GameScene):
        game_id = "snap"
        rules = ["Slap when two cards match.", "Wrong slap: lose a card."]
        controls = {"a": "slap"}
        reveal_kinds = {"card_shown"}

        def press_to_action(self, p, press):
            return Slap() if press.down and press.action == "a" else None

        def draw_table(self, canvas, view):
            look.card(canvas, (880, 400, 160, 230), str(view["top"]))

        def on_events(self, events):
            for e in events:
                if e.kind == "slap":
                    self.sound("slap")

    SCENE = SnapScene

Useful in a subclass: self.state (read only: never apply outside `act`), self.info, self.seats,
self.players, self.humans(), self.act(p, action, t_ms) -> bool, self.sound(name),
self.flash(p, text), self.key_label(p, action), self.record_reaction(p, ms, correct),
self.game_ms(), self.anim_ms,
self.seat_rects (where the strip drew each player's badge).
"""

from __future__ import annotations

import random

import game
from shell import look
from game.bots import make_bot
from game.core import SIMULTANEOUS, IllegalAction
from game.runner import bot_seed

from .base import Scene

FLASH_MS = 1200


class GameScene(Scene):
    game_id = ""
    rules: list = []
    controls: dict = {}
    reveal_kinds: frozenset = frozenset()
    reaction_label = "reaction time in ms (correct answers only)"  # under the results' times
    tick_every_frame = False
    bot_pace_ms = 700      # turn-based bots wait this long after a change before they move
    end_delay_ms = 1800    # the final table stays on screen this long before the results
    own_backdrop = False   # True: draw_table starts with an opaque canvas-sized picture of its
                           # own, the arcade's background baked in (one full blit, not two)
    hand_curtain = False   # True: a game of secret hands. With two or more humans at the TV,
                           # the hand of the human to move stays covered until they press A
                           # (the others look away first); see covered()
    a_ends_wait = False    # True: a human's A skips the rest of that wait (turn-based games,
                           # whose final table may wait long; a slap must not skip it)
    strip = True           # draw the seat strip along the bottom of the safe area

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self, game_id: str | None = None, seats=None, seed: int | None = None,
              options: dict | None = None, demo: bool = False, **kw) -> None:
        self.game_id = game_id or self.game_id
        self.info = game.GAMES[self.game_id]
        self.seats = list(seats if seats is not None else self.app.seats.occupied())
        self.players = len(self.seats)
        self.player_of = {seat.index: p for p, seat in enumerate(self.seats)}
        self.seed = random.randrange(1 << 30) if seed is None else seed
        self.options = dict(options or {})
        self.demo = demo
        self.state = self.info.new(self.players, self.options, self.seed)
        self.bots: dict[int, object] = {}
        for p, seat in enumerate(self.seats):
            if seat.cpu:
                self.bots[p] = make_bot(self.info, seat.cpu, p, bot_seed(self.seed, p))
        self.wakes = {p: self._first_wake() for p in self.bots}
        self.lost: set[int] = set()
        self.reactions: dict[int, list] = {p: [] for p in range(self.players)}
        self.flashes: list = []  # (player, text, until anim_ms)
        self.anim_ms = 0.0
        self.end_left = None
        self.shown_to = None  # the player whose hand is uncovered this turn: see covered()
        self._view = None
        self._stop_ms = 0           # game time while the clock is stopped or held
        self._origin_ns = None      # perf_counter_ns at game time 0 while the clock runs
        self._paused = False
        self._held = False
        self.seat_rects: dict[int, object] = {}
        self.setup()
        self._start_clock()

    def pause(self) -> None:
        self._stop_ms = self.game_ms()
        self._origin_ns = None
        self._paused = True

    def resume(self) -> None:
        self._paused = False
        if not self._held:
            self._start_clock()

    # -- the game clock --------------------------------------------------------------------------
    def _start_clock(self, at_ns: int | None = None) -> None:
        now = self.app.clock_ns() if at_ns is None else at_ns
        self._origin_ns = now - int(self._stop_ms * 1_000_000)

    def game_ms(self, t_ns: int | None = None) -> int:
        """Game time (ms) at perf_counter_ns `t_ns` (default: now). Never before the core's."""
        if self._origin_ns is None:
            ms = self._stop_ms
        else:
            t = self.app.clock_ns() if t_ns is None else t_ns
            ms = (t - self._origin_ns) // 1_000_000
        return max(int(ms), self.state.now)

    def hold(self) -> None:
        """Stop game time at the core's time until the next flip shows the new table."""
        self._stop_ms = self.state.now
        self._origin_ns = None
        self._held = True

    def on_flip(self, t_ns: int) -> None:
        if self._held and not self._paused:
            self._held = False
            self._start_clock(t_ns)

    # -- acting ----------------------------------------------------------------------------------
    def act(self, p: int, action, t_ms: int | None = None) -> bool:
        """Apply one action of player p at game time t_ms; False (and a flash) if illegal."""
        if self.state.is_terminal():
            return False
        t = self.game_ms() if t_ms is None else max(t_ms, self.state.now)
        try:
            events = self.state.apply(p, action, t if self.info.realtime else None)
        except IllegalAction as exc:
            self._view = None  # time may have passed before the refusal
            self.on_illegal(p, action, exc)
            return False
        if self.state.current_player() != p:
            self.shown_to = None  # the turn passed on: whoever comes next starts covered
        self._changed(events)
        return True

    def _changed(self, events) -> None:
        self._view = None
        now = self.game_ms()  # (turn-based cores keep state.now at 0: use the scene's clock)
        for p in self.wakes:
            self.wakes[p] = now + (0 if self.info.realtime else self.bot_pace_ms)
        for event in events:
            ms = event.data.get("reaction_ms") if isinstance(event.data, dict) else None
            if ms is not None and event.player is not None:
                self.record_reaction(event.player, ms, bool(event.data.get("correct", True)),
                                     event.data.get("reaction_kind", event.kind))
        if any(self.is_reveal(e) for e in events):
            self.hold()
        if events:
            self.on_events(events)

    def _first_wake(self) -> int:
        return 0 if self.info.realtime else self.bot_pace_ms

    def advance(self) -> None:
        """Let game time run to now: deadlines first, each at its own time, then the bots."""
        if self._held or self._paused or self.state.is_terminal():
            return
        now = self.game_ms()
        for _ in range(100):  # a deadline that does not move would otherwise loop forever
            deadline = self.state.next_deadline()
            if deadline is None or deadline > now or self.state.is_terminal():
                break
            self._changed(self.state.tick(max(deadline, self.state.now)))
            if self._held:
                return
        if self.tick_every_frame and now > self.state.now and not self.state.is_terminal():
            self._changed(self.state.tick(now))
            if self._held:
                return
        for p, bot in self.bots.items():
            if self.state.is_terminal() or self._held:
                return
            wake = self.wakes.get(p)
            if wake is None or wake > now:
                continue
            actions, self.wakes[p] = bot.poll(self.state.view(p), self.state.legal_actions(p), now)
            for action in actions:
                self.act(p, action, now)

    # -- input -----------------------------------------------------------------------------------
    def handle(self, item) -> None:
        kind = getattr(item, "kind", None)
        if kind is not None:  # shell.input.DeviceChange
            if kind == "lost" and item.seat in self.player_of:
                self.seat_lost(self.player_of[item.seat], item.t_ns)
            return
        if self.demo:  # attract mode: any button ends it
            if item.down:
                self.app.manager.reset("title")
            return
        p = self.player_of.get(item.seat)
        if p is None or p in self.bots or p in self.lost:
            return
        if item.action == "start":
            if item.down:
                self.app.manager.push("pause", game=self, device=item.device, seat=item.seat)
            return
        if item.action == "leave":  # "back" held: this player leaves, a CPU plays on
            level = self.app.settings.get("cpu_level", "normal")
            self.app.seats.hand_to_cpu(self.seats[p].index, level)
            self.hand_to_cpu(p, level)
            self.flash(p, "CPU takes over")
            self.sound("leave")
            return
        if self.state.is_terminal():
            if self.a_ends_wait and item.down and item.action == "a" and not self.busy():
                self.end_left = 0  # "A: on to the results"
            return
        if self.covered() == p:  # only A, which uncovers the hand; no move is made blind
            if item.down and item.action == "a":
                self.shown_to = p
                self.sound("card_flip")
            return
        action = self.press_to_action(p, item)
        if action is not None:
            self.act(p, action, self.game_ms(item.t_ns))

    def seat_lost(self, p: int, t_ns: int | None = None) -> None:
        """Player p's pad is gone: void its round in flight, pause, name the seat."""
        if p in self.bots or p in self.lost:
            return
        self.lost.add(p)
        if not self.state.is_terminal():
            try:
                void = self.info.action_type("VoidRound")
            except ValueError:
                void = None
            if void is not None and void() in self.state.legal_actions(p):
                self.act(p, void(), self.game_ms(t_ns))
        if self.app.manager.top is self:
            self.app.manager.push("pause", game=self, device=None, seat=None, reason="lost")

    def seat_back(self, p: int) -> None:
        """Player p has a device again (its pad re-plugged, or another device claimed it)."""
        self.lost.discard(p)

    def hand_to_cpu(self, p: int, level: str = "normal") -> None:
        self.lost.discard(p)
        self.bots[p] = make_bot(self.info, level, p, bot_seed(self.seed, p) + 7919)
        self.wakes[p] = self.game_ms()

    def key_label(self, p: int, action: str) -> str:
        """What player p presses for `action` on their own device ("F", "A", "Num 0"), for
        prompts on the table; the action's name for a CPU or a device the hub does not know."""
        hub = getattr(self.app, "hub", None)
        device = self.seats[p].device
        if hub is None or device is None:
            return action.upper()
        try:
            return hub.label(device, action)
        except Exception:  # an unknown or vanished device must not break a prompt
            return action.upper()

    def covered(self) -> int | None:
        """The human to move whose secret hand is still covered (hand_curtain), or None. It is
        uncovered by their A and covered again when the turn passes to someone else."""
        if not self.hand_curtain or self.state.is_terminal() or len(self.humans()) < 2:
            return None
        turn = self.state.current_player()
        if turn < 0 or turn in self.bots or self.shown_to == turn:
            return None
        return turn

    def busy(self) -> bool:
        """True while the table is still showing a move (a scene with animations says so)."""
        return False

    def humans(self) -> list[int]:
        return [p for p in range(self.players) if p not in self.bots]

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        self.anim_ms += dt_ms
        self.flashes = [f for f in self.flashes if f[2] > self.anim_ms]
        self.advance()
        self.update_scene(dt_ms)
        if self.state.is_terminal():
            if self.end_left is None:
                self.end_left = self.end_delay_ms
            self.end_left -= dt_ms
            if self.end_left <= 0:
                self.finish()

    def finish(self) -> None:
        self.app.manager.replace(
            "results", game_id=self.game_id, seats=self.seats, outcome=self.state.outcome(),
            reactions=self.reactions, scene_class=type(self), options=self.options,
            demo=self.demo)

    def view(self) -> dict:
        """The shared table view, cached until the state changes."""
        if self._view is None:
            self._view = self.state.view(None)
        return self._view

    def draw(self, canvas) -> None:
        if not self.own_backdrop:
            look.background(canvas)
        self.draw_table(canvas, self.view())
        if self.strip:
            self.draw_strip(canvas)
        if self.demo:
            look.text(canvas, "DEMO - press any button to play", (look.SAFE.right, look.SAFE.top),
                      look.SMALL, look.MUTED, "topright")

    def draw_strip(self, canvas) -> None:
        """One badge per player along the bottom; the player to move is raised and outlined."""
        turn = self.state.current_player()
        rects = look.seat_strip(canvas, [self.seat_badge_info(p) for p in range(self.players)],
                                active={turn} if turn >= 0 else set())
        self.seat_rects = dict(enumerate(rects))
        for p, text, _ in self.flashes:
            if p in self.seat_rects:
                look.flash_above(canvas, self.seat_rects[p], text)

    def seat_badge_info(self, p: int) -> dict:
        seat = self.seats[p]
        glyph = "CPU" if p in self.bots else self.app.device_glyph(seat.device)
        return {"seat": seat, "glyph": glyph, "lost": p in self.lost}

    # -- helpers for subclasses ------------------------------------------------------------------
    def sound(self, name: str) -> None:
        self.app.audio.play(name)

    def flash(self, p: int, text: str) -> None:
        self.flashes.append((p, text, self.anim_ms + FLASH_MS))

    def record_reaction(self, p: int, ms: float, correct: bool = True,
                        kind: str = "reaction") -> None:
        """Keep a reaction time for the results screen; humans' also go to shell.stats."""
        self.reactions.setdefault(p, []).append((float(ms), bool(correct)))
        stats = getattr(self.app, "stats", None)
        if stats is not None and p not in self.bots and not self.demo:
            try:
                stats.record(self.game_id, self.seats[p].name, kind, float(ms), correct,
                             seat=self.seats[p].index)
            except Exception as exc:  # a broken stats file must never stop a game
                self.app.log(f"stats: {exc}")

    def is_reveal(self, event) -> bool:
        return event.kind in self.reveal_kinds

    def on_illegal(self, p: int, action, exc: IllegalAction) -> None:
        self.sound("error")
        self.flash(p, exc.rule)

    # -- for subclasses --------------------------------------------------------------------------
    def setup(self) -> None:
        pass

    def press_to_action(self, p: int, press):
        return None

    def draw_table(self, canvas, view: dict) -> None:
        pass

    def on_events(self, events) -> None:
        pass

    def update_scene(self, dt_ms: float) -> None:
        pass

    def turn_text(self) -> str:
        """A short line saying whose move it is (used by the generic scene and the strip)."""
        turn = self.state.current_player()
        if turn >= 0:
            return f"{self.seats[turn].name} to move"
        return "Everybody!" if turn == SIMULTANEOUS else ""
