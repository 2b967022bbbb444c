"""GameScene: the base of every game scene. It hosts one game State on the TV.

What the base does, so a game scene does not have to:

* creates the State from game.GAMES[game_id] with one player per occupied seat (player index =
  position in `app.seats.occupied()` at the start, kept in `self.seats[p]`), and a bot for each
  CPU seat (game.bots.make_bot with the seat's level, seeded as game.runner.bot_seed);
* keeps the GAME CLOCK in ms (scenes/game_clock.py): it runs from 0 at the start, stops while
  the scene is covered (pause overlay), and HOLDS when a stimulus is revealed: after an event
  for which `is_reveal(event)` is true, game time stays at the core's time of the reveal until
  the next display flip returns, and runs on from there. So the game time of a reveal is its
  real onset on screen, and a reaction time computed by the core is honest. A press stamped
  before that flip gets the reveal's time (0 ms after it);
* TIME DECIDES, NOT ARRIVAL (real-time games): every action carries the stamp of when it
  happened and `run_stream` applies them in stamp order: a human's Press waits in `pending`
  (stamped where it was read: shell.app), a CPU player acts at the moment its modelled reaction
  lands (its bot's wake time, not the frame's), a deadline takes effect at its own time. Each
  update runs the stream up to the app's input horizon (the stamp before which every input has
  been handed over, less the hold window of late sources such as phones: `horizon_ms`), so an
  action handed over late still lands in its place. Actions of the same ms are ordered by
  `tie_rank` (a hash of seed, ms and seat: no seat or device is favoured). Turn-based games
  apply a press when it arrives; their CPU players are paced (`bot_pace_ms`), and a bot that
  can think in slices (a `thinking(view, legal)` generator: FlixoBot, FlitzerBot) thinks
  THINK_BUDGET_NS per update, so a long decision is spread over frames instead of stalling one
  (the slicing decides when the move comes, never which);
* UNDO (turn-based games): `undo(p)` takes back p's last choice when the core allows it
  (State.undone: nothing revealed since); CPU players never do. `replace_state(state)` puts
  another State on the table (an undo, a scene's own new game) and calls `on_state_replaced()`;
* asks `press_to_action` (when the press's turn comes), applies the action; an IllegalAction is
  never a crash: for a human it plays the "error" sound and flashes the rule's name at that
  player's badge (override `on_illegal` for more); a CPU's refused action is dropped and logged;
  what time brought before a refusal (a round limit passing) is shown all the same;
* hands every list of core Events to `on_events`; the reaction times an event reports
  (`data["reactions"]`, game/reactions.py) are recorded, by this one route, for the results
  screen and shell.stats;
* "start" from a seated human opens the pause overlay, and so does the Escape key while a human
  plays (any seated human of the game then drives the pause menu: Escape belongs to no zone);
  holding "back" (shell.input LEAVE)
  hands that seat to a CPU at once; a lost pad pauses, applies the game's
  `VoidRound()` for that seat when it is legal (a real-time round in flight is not scored), and
  the overlay names the seat; a re-plug, a claim by another device, or a hand-over to a CPU ends
  it (`seat_back`, `hand_to_cpu`);
* draws the background, then `draw_table`, then the seat strip (badges, whose turn, flashes),
  then the pause keys of the humans at the table (`draw_pause_hint`: Escape for keyboard zones
  and each device's own Start, under the safe area's bottom right; a game may set
  `pause_hint_pos` or draw it itself) and, in attract mode, the DEMO line under the safe area;
* when the state is terminal, waits `end_delay_ms` and replaces itself with the results scene,
  handing it the final table view (`final_view`: the results draw the view's "highlight" dict
  when the game gives one, see scenes/screens/results.py);
* PHONES (shell/phones): a seat whose device is a phone gets, on its phone, the scene's
  `phone_layout` (its buttons) and, for the "hand" and "flixo" layouts, the JSON of
  `state.view(p)` of that seat's player p and of no other: shell/phones/link.py asks the top
  scene each frame (`phone_controls(device)`, `phone_view(device)`) and sends what changed, so
  the phone has every change. A secret hand (hand_curtain) of a phone seat is face up on the
  phone only: the TV shows it face down and never draws the "look away" curtain for it
  (`hand_on_phone(p)`). While a phone sits at a real-time game, `phone_hold` is true and the
  app holds the stream back by the phones' hold window (`app.input_delay_ns`, 80 ms, see
  shell/phones/link.py): a tap that arrives up to 80 ms after it was made still lands in
  stamp order before a later pad press; with no phone at the game it is 0.

What a game scene subclass implements (class attributes and methods):

    game_id = "fliegen_klatschen"     # key in game.GAMES
    rules = ["Turn over a card ...", ...]   # how-to card: 3-6 short lines of rule summary
    controls = {"left": "move the swatter", "a": "slap"}   # action -> meaning, for the how-to
                                       # card (each player's own keys/buttons are looked up;
                                       # a tuple of actions is one row, e.g. the four
                                       # directions: ("up", "left", "down", "right"): "aim")
    reveal_kinds = {"swatter"}        # Event kinds that show a stimulus (or override is_reveal)

    phone_layout = "hand"             # what a phone seat's page shows (default "menu")

    def setup(self):                  # after the State exists: per-player cursors etc.
    def phone_extras(self, p) -> dict: # optional: the phone layout's details for player p
                                       # ("prompt", "labels", "selected" ...; phone.js)
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
self.flash(p, text), self.key_label(p, action) (a shell.input.ButtonName: reads as text, and
look.keycap / look.button_cap draw it as that player's key or pad button),
self.draw_prompt(canvas, p, [("a", "play it"), (("left", "right"), "choose")], pos) (a line of
player p's own buttons and what they do), self.record_reaction(p, ms, correct),
self.game_ms(), self.anim_ms, self.can_undo(p) / self.undo(p) (turn-based games: take back
p's last choice, as the core allows; see there), self.replace_state(state),
self.seat_rects (where the strip drew each player's badge).
"""

from __future__ import annotations

import bisect
import hashlib
import re
import secrets
import time

import pygame

import game
from shell import look
from game import reactions
from game.bots import make_bot
from game.core import IllegalAction
from game.runner import bot_seed
from shell.input import is_phone

from .base import Scene
from .game_clock import GameClock
from .timeline import Timeline
from .profiles import Sessions

FLASH_MS = 1200
VIEW_LAYOUTS = ("hand", "flixo")  # phone layouts drawn from the seat's own view
MAX_STEPS_PER_UPDATE = 5000  # a stream that does not settle is a bug: never hang a frame on it
THINK_BUDGET_NS = 1_000_000  # a turn-based CPU thinks this long per update (two a frame)


def tie_rank(seed: int, t_ms: int, player: int) -> bytes:
    """Where player stands among actions stamped at the same game ms: a hash of the game's seed,
    the ms and the player, so no seat, device family or device index is favoured, and the same
    game breaks the same tie the same way (the replay holds the order anyway)."""
    return hashlib.blake2b(f"{seed}:{t_ms}:{player}".encode(), digest_size=8).digest()


def fill_names(text: str, names: list[str]) -> str:
    """A core's sentence with {p0}, {p1} ... (seat 0, 1 ...) replaced by the names; any other
    brace is left as it is (the sentence comes from data, never a format string to trust)."""
    def name(match):
        p = int(match.group(1))
        return names[p] if p < len(names) else match.group(0)
    return re.sub(r"\{p(\d+)\}", name, text)


class GameScene(Scene):
    game_id = ""
    rules: list = []
    controls: dict = {}
    reveal_kinds: frozenset = frozenset()
    reaction_label = "reaction time in ms (correct answers only)"  # under the results' times
    reaction_noun = "reaction"  # what the results call one reaction: "slap", "grab" ...
    results_kind = None    # the reaction kind the results screen summarises (None: every kind
                           # reported); shell.stats gets every kind either way
    bot_pace_ms = 700      # turn-based bots wait this long after a change before they move
    settle_ms = 0          # ... and this long after the timeline has played out (see busy())
    end_delay_ms = 1800    # the final table stays on screen this long before the results
    own_backdrop = False   # True: draw_table starts with an opaque canvas-sized picture of its
                           # own, the arcade's background baked in (one full blit, not two)
    hand_curtain = False   # True: a game of secret hands. With two or more humans at the TV,
                           # the hand of the human to move stays covered until they press A
                           # (the others look away first); see covered()
    a_ends_wait = False    # True: a human's A skips the rest of that wait (turn-based games,
                           # whose final table may wait long; a slap must not skip it)
    strip = True           # draw the seat strip along the bottom of the safe area
    phone_layout = "menu"  # a phone seat's page: "otter", "slap", "hand", "flixo" or "menu"
    pause_hint_pos = None  # (x, y) of the bottom right of the pause keys; None: under SAFE

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self, game_id: str | None = None, seats=None, seed: int | None = None,
              options: dict | None = None, demo: bool = False, **kw) -> None:
        self.game_id = game_id or self.game_id
        self.info = self.game_info()
        self.seats = list(seats if seats is not None else self.app.seats.occupied())
        self.players = len(self.seats)
        self.player_of = {seat.index: p for p, seat in enumerate(self.seats)}
        # 64 bits from the OS: the first table a player sees must not pin the seed down.
        self.seed = secrets.randbits(64) if seed is None else seed
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
        self.sessions = Sessions(self.app, "game", self.game_id)  # seats with a profile
        self.flashes: list = []  # (player, text, until anim_ms)
        self.anim_ms = 0.0
        self.end_left = None
        self.shown_to = None  # the player whose hand is uncovered this turn: see covered()
        self._view = None
        self._phone_views = (None, {})  # (the shared view they go with, {player: view})
        self.clock = GameClock(self.app.clock_ns())
        self.pending: list = []  # real-time presses waiting for their turn: (t_ns, seq, p, press)
        self._seq = 0
        self._paused = False
        self._held = False
        self.refused_bot_actions = 0
        self._thinking = None  # (player, bot, generator): a CPU's decision in progress
        self.seat_rects: dict[int, object] = {}
        self.timeline = Timeline()  # what the table shows, one thing after another
        self.setup()
        for p, seat in enumerate(self.seats):  # a pad lost before the game started (how-to)
            if seat.lost and p not in self.bots:
                self.lost.add(p)

    def game_info(self):
        """The GameInfo this scene hosts (a practice drill's is not in game.GAMES)."""
        return game.GAMES[self.game_id]

    def pause(self) -> None:
        self.clock.stop(self.app.clock_ns())
        self._paused = True

    def resume(self) -> None:
        self._paused = False
        if not self._held:
            self.clock.run(self.app.clock_ns())

    # -- the game clock --------------------------------------------------------------------------
    def game_ms(self, t_ns: int | None = None) -> int:
        """Game time (ms) at the app clock's stamp `t_ns` (default: now), as the clock ran at
        that stamp (scenes/game_clock.py). Never before the core's time."""
        t = self.app.clock_ns() if t_ns is None else t_ns
        return max(int(self.clock.ms(t)), self.state.now)

    def hold(self) -> None:
        """Stop game time at the core's time until the next flip shows the new table."""
        self.clock.hold(self.state.now)
        self._held = True

    def on_flip(self, t_ns: int) -> None:
        if self._held and not self._paused:
            self._held = False
            self.clock.run(t_ns)

    def horizon_ms(self) -> int:
        """Game time up to which every input is in: the app's input horizon (everything stamped
        before it has been handed over), less the hold window late sources (phones) ask for."""
        app = self.app
        cut = app.input_horizon_ns() if hasattr(app, "input_horizon_ns") else app.clock_ns()
        cut -= getattr(app, "input_delay_ns", 0)
        return int(self.clock.ms(cut))

    # -- acting ----------------------------------------------------------------------------------
    def act(self, p: int, action, t_ms: int | None = None) -> bool:
        """Apply one action of player p at game time t_ms; False (and a flash) if illegal."""
        if self.state.is_terminal():
            return False
        t = self.game_ms() if t_ms is None else max(t_ms, self.state.now)
        try:
            events = self.state.apply(p, action, t if self.info.realtime else None)
        except IllegalAction as exc:
            self._view = None
            if exc.events:  # time passed up to the stamp before the refusal: show what it brought
                self._changed(exc.events)
            if p in self.bots:
                self.refused_bot_actions += 1
                self.app.log(f"{self.game_id}: CPU {p} refused ({exc.rule}); dropped")
            else:
                self.on_illegal(p, action, exc)
            return False
        if self.state.current_player() != p:
            self.shown_to = None  # the turn passed on: whoever comes next starts covered
        self._changed(events)
        return True

    def _changed(self, events) -> None:
        self._view = None
        self._thinking = None  # a decision in progress was about the table before the change
        if self.info.realtime:  # every CPU looks again at the moment of the change
            for p in self.wakes:
                self.wakes[p] = self.state.now
        else:  # (turn-based cores keep state.now at 0: pace by the scene's clock)
            now = self.game_ms()
            pace = self.bot_wait_ms()
            for p in self.wakes:
                self.wakes[p] = now + pace
        for event in events:  # the one route of reaction times (game/reactions.py)
            for r in reactions.from_event(event):
                self.record_reaction(r.player, r.ms, r.correct, r.kind)
        if any(self.is_reveal(e) for e in events):
            self.hold()
        if events:
            self.on_events(events)

    def bot_wait_ms(self) -> float:
        """How long turn-based CPU players wait after a change before they move (and then for
        the table to settle: busy()). `bot_pace_ms`; a scene may answer less for a step that
        shows nothing new (a CPU's draw at the end of its turn)."""
        return self.bot_pace_ms

    # -- taking back a choice (turn-based games) -------------------------------------------------
    def can_undo(self, p: int) -> bool:
        """May player p take back their last choice now? Only a person (CPU players never
        undo), only what the core allows (State.undo_depth: their own turn, nothing revealed
        since)."""
        return (p not in self.bots and not self.info.realtime
                and not self.state.is_terminal() and self.state.undo_depth(p) > 0)

    def undo(self, p: int) -> bool:
        """Take back player p's last choice: the state played again from the seed without it
        (State.undone), so no replay ever holds it, goes on the table by replace_state. False,
        and nothing changes, when can_undo(p) is not true; the scene says so its own way."""
        if not self.can_undo(p):
            return False
        self.replace_state(self.state.undone(p))
        return True

    def _first_wake(self) -> int:
        return 0 if self.info.realtime else self.bot_pace_ms

    def advance(self) -> None:
        """Let game time run: a real-time game up to the input horizon, every action in stamp
        order (run_stream); a turn-based game to now, its CPU players paced."""
        if self._paused or self.state.is_terminal():
            return
        if self.info.realtime:
            self.run_stream(self.horizon_ms())
            return
        if self._held:
            return
        now = self.game_ms()
        for _ in range(100):  # a deadline that does not move would otherwise loop forever
            deadline = self.state.next_deadline()
            if deadline is None or deadline > now or self.state.is_terminal():
                break
            self._changed(self.state.tick(max(deadline, self.state.now)))
        for p, bot in self.bots.items():
            if self.state.is_terminal():
                return
            wake = self.wakes.get(p)
            if wake is None or wake > now:
                continue
            if hasattr(bot, "thinking"):
                self._think(p, bot, now)
                continue
            actions, self.wakes[p] = bot.poll(self.state.view(p), self.state.legal_actions(p), now)
            for action in actions:
                self.act(p, action, now)

    def _think(self, p: int, bot, now: int) -> None:
        """Let CPU p think THINK_BUDGET_NS on its move (bot.thinking: a generator that yields
        between small pieces of work and returns the action), and act once it is done."""
        legal = self.state.legal_actions(p)
        if not legal:
            self.wakes[p] = None
            return
        if self._thinking is None or self._thinking[:2] != (p, bot):
            self._thinking = (p, bot, bot.thinking(self.state.view(p), legal))
        steps = self._thinking[2]
        stop = time.perf_counter_ns() + THINK_BUDGET_NS
        while True:
            try:
                next(steps)
            except StopIteration as done:
                self._thinking = None
                self.wakes[p] = None  # (acting paces every CPU again)
                self.act(p, done.value, now)
                return
            if time.perf_counter_ns() >= stop:
                return

    def run_stream(self, until_ms: int) -> None:
        """The one path of every real-time action: apply, in stamp order up to `until_ms`, what
        is due: deadlines (at their time, before actions of the same ms), CPU players (at the
        moment their modelled reaction lands: their wake time) and the humans' presses waiting
        in `pending` (at their stamps). Actions of one ms are ordered by tie_rank; a seat's
        own presses keep their order. While a reveal waits for its flip the clock stands at the
        reveal, so only what is stamped before the stimulus was seen is due."""
        state = self.state
        for _ in range(MAX_STEPS_PER_UPDATE):
            if self._paused or state.is_terminal():
                return
            now = state.now
            deadline = state.next_deadline()
            press_ms = self._press_ms(self.pending[0]) if self.pending else None
            bot_ms = min((w for w in self.wakes.values() if w is not None), default=None)
            due = [x for x in (deadline, press_ms, bot_ms) if x is not None]
            if not due or min(due) > until_ms:
                return
            t = max(min(due), now)
            if deadline is not None and deadline <= t:
                self._changed(state.tick(t))
                continue
            actors = [(tie_rank(self.seed, t, p), 0, p, None)
                      for p, w in self.wakes.items() if w is not None and w <= t]
            for item in self.pending:
                if self._press_ms(item) > t:
                    break
                actors.append((tie_rank(self.seed, t, item[2]), item[1], item[2], item))
            _, _, p, item = min(actors, key=lambda a: (a[0], a[1]))
            if item is None:
                self._poll_bot(p, t)
            else:
                self.pending.remove(item)
                self._apply_press(p, item[3], t)
        self.app.log(f"{self.game_id}: the stream did not settle at {state.now} ms")

    def _press_ms(self, item) -> int:
        return max(int(self.clock.ms(item[0])), self.state.now)

    def _poll_bot(self, p: int, t: int) -> None:
        bot = self.bots[p]
        view = self.state.view(p) if getattr(bot, "uses_view", True) else None
        actions, wake = bot.poll(view, self.state.legal_actions(p), t)
        self.wakes[p] = wake if wake is None or wake > t or actions else t + 1
        for action in actions:
            if self.state.is_terminal():
                return
            self.act(p, action, t)

    def _apply_press(self, p: int, press, t: int) -> None:
        if p in self.bots or p in self.lost:
            return  # the seat changed hands while the press waited
        action = self.press_to_action(p, press)
        if action is not None:
            self.act(p, action, t)

    # -- input -----------------------------------------------------------------------------------
    def on_device(self, change) -> None:
        """A pad came or went, whether or not this scene is on top (a pause, settings or the
        how-to card may cover it): the seat is marked lost, or has its device back."""
        p = self.player_of.get(change.seat)
        if p is None:
            return
        if change.kind == "lost":
            self.seat_lost(p, change.t_ns)
        elif change.kind == "back":
            self.seat_back(p)

    def handle_raw(self, event, t_ns: int) -> bool:
        """Escape pauses a game people play (keyboard players' pause key, RESERVED_KEYS); in
        attract mode it ends the demo like any button."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_ESCAPE:
            return False
        if self.demo:
            self.app.manager.reset("title")
        elif self.humans():
            self.app.manager.push("pause", game=self, device=None, seat=None)
        return True

    def handle(self, item) -> None:
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
        if self.info.realtime:  # applied in stamp order by the next run_stream
            self._seq += 1
            bisect.insort(self.pending, (item.t_ns, self._seq, p, item))
            return
        action = self.press_to_action(p, item)
        if action is not None:
            self.act(p, action, self.game_ms(item.t_ns))

    def replace_state(self, state) -> None:
        """Put `state` on the table in place of the one there (an undo; a scene's own new game,
        such as Flixo's options panel): cached views, a CPU's decision in progress and the
        timeline go, the CPU players look again (paced, as after a move), and
        `on_state_replaced()` lets the scene lay out its table afresh. No events come with it."""
        self.state = state
        self._view = None
        self._phone_views = (None, {})
        self._thinking = None
        self.timeline.clear()
        now = self.game_ms()
        for p in self.wakes:
            self.wakes[p] = state.now if self.info.realtime else now + self.bot_pace_ms
        self.on_state_replaced()

    def seat_lost(self, p: int, t_ns: int | None = None) -> None:
        """Player p's pad is gone: void its round in flight, pause, name the seat."""
        if p in self.bots or p in self.lost:
            return
        at = self.game_ms(t_ns)
        if self.info.realtime and not self._paused:
            self.run_stream(at)  # what happened before the pad went comes first
        self.lost.add(p)
        if not self.state.is_terminal():
            try:
                void = self.info.action_type("VoidRound")
            except ValueError:
                void = None
            if void is not None and void() in self.state.legal_actions(p):
                self.act(p, void(), at)
        if self.on_top:
            self.pause_for_lost()

    def pause_for_lost(self) -> None:
        self.app.manager.push("pause", game=self, device=None, seat=None, reason="lost")

    def seat_back(self, p: int) -> None:
        """Player p has a device again (its pad re-plugged, or another device claimed it)."""
        self.lost.discard(p)

    def hand_to_cpu(self, p: int, level: str = "normal") -> None:
        self.lost.discard(p)
        self.bots[p] = make_bot(self.info, level, p, bot_seed(self.seed, p) + 7919)
        self.wakes[p] = self.game_ms()

    def key_label(self, p: int, action: str) -> str:
        """What player p presses for `action` on their own device ("F", "A", "Cross", "Num 0"),
        for prompts on the table: a shell.input.ButtonName, which look.keycap and
        look.button_cap draw as that device shows it (key cap, pad button by family, phone
        button); the action's name for a CPU or a device the hub does not know."""
        hub = getattr(self.app, "hub", None)
        device = self.seats[p].device
        if hub is None or device is None:
            return action.upper()
        try:
            return hub.label(device, action)
        except Exception:  # an unknown or vanished device must not break a prompt
            return action.upper()

    def prompt_devices(self) -> list:
        """The devices of the people playing this game (for draw_hint and escape_cap)."""
        return [self.seats[p].device for p in self.humans()
                if p not in self.lost and self.seats[p].device is not None]

    def draw_prompt(self, canvas, p: int, pairs, pos, anchor: str = "topleft",
               size: int = look.SMALL, max_width: int | None = None):
        """A line of player p's own buttons and what they do, e.g. pairs = [("a", "play it"),
        (("left", "right"), "choose")]: key caps for a keyboard zone, the pad's own buttons by
        family, a phone's buttons; placed by `anchor` at pos. For a CPU or an unknown device
        the actions' names. Returns the rect drawn."""
        device = self.seats[p].device if p not in self.bots else None
        if device is None or getattr(self.app, "hub", None) is None:
            pairs = [(([tuple(a.upper() for a in ((acts,) if isinstance(acts, str)
                                                  else acts))]), meaning)
                     for acts, meaning in pairs if acts != "escape"]
            return look.caps_row(canvas, pos, pairs, size, anchor=anchor, max_width=max_width)
        return self.draw_hint(canvas, pairs, devices=[device], pos=pos, anchor=anchor,
                              size=size, max_width=max_width)

    def draw_on_to_results(self, canvas, pos) -> None:
        """Under an end panel (a_ends_wait): "[A] on to the results" in the first person's own
        button, centred at the bottom `pos`. Nothing in attract mode or with no human playing."""
        if not self.demo and self.humans():
            self.draw_prompt(canvas, self.humans()[0], [("a", "on to the results")], pos,
                             anchor="midbottom")

    def draw_pause_hint(self, canvas, pos=None, anchor: str = "bottomright"):
        """The pause keys of the people at the table: Escape (when a keyboard zone plays) and
        every device's own Start, e.g. "[Esc] / [1] / (Menu) pause". Nothing in attract mode
        or with no human playing."""
        if self.demo or not self.prompt_devices():
            return None
        if pos is None:
            pos = self.pause_hint_pos or (look.SAFE.right, look.SAFE.bottom + 48)
        caps = [(c,) for c in [self.escape_cap()] if c is not None] + self.button_caps("start")
        return look.caps_row(canvas, pos, [(caps, "pause")], look.MIN_FONT, anchor=anchor)

    def covered(self) -> int | None:
        """The human to move whose secret hand is still covered (hand_curtain), or None. It is
        uncovered by their A and covered again when the turn passes to someone else."""
        if not self.hand_curtain or self.state.is_terminal() or len(self.humans()) < 2:
            return None
        turn = self.state.current_player()
        if turn < 0 or turn in self.bots or self.shown_to == turn or self.hand_on_phone(turn):
            return None
        return turn

    # -- phones ----------------------------------------------------------------------------------
    def on_phone(self, p: int) -> bool:
        """Does a person play seat p with a phone?"""
        return p not in self.bots and is_phone(self.seats[p].device)

    def hand_on_phone(self, p: int) -> bool:
        """Is p's secret hand on p's phone? Then the TV shows it face down, with no curtain."""
        return self.hand_curtain and self.on_phone(p)

    @property
    def phone_hold(self) -> bool:
        """A phone sits at this real-time game: the stream waits for late taps."""
        return self.info.realtime and any(self.on_phone(p) for p in range(self.players))

    def phone_player(self, device: str) -> int | None:
        """The player a phone plays (None: it holds no seat of this game, or a CPU took it)."""
        for p, seat in enumerate(self.seats):
            if seat.device == device and p not in self.bots:
                return p
        return None

    def phone_controls(self, device: str) -> dict:
        """The "controls" message for that phone now (shell/phones/link.py sends changes)."""
        p = self.phone_player(device)
        if self.demo or (p is not None and self.state.is_terminal()):
            return {"type": "controls", "layout": "menu",
                    "prompt": "Press any button" if self.demo else "Game over"}
        if p is None:
            return {"type": "controls", "layout": "wait", "prompt": "A game is on: watch the TV"}
        return {"type": "controls", "layout": self.phone_layout, "game": self.game_id,
                **self.phone_extras(p)}

    def phone_view(self, device: str) -> dict | None:
        """state.view(p) of the player that phone plays, for the layouts that show it; the same
        object until the state changes (built afresh whenever the shared view is)."""
        p = self.phone_player(device)
        if p is None or self.phone_layout not in VIEW_LAYOUTS:
            return None
        shared = self.view()
        if self._phone_views[0] is not shared:
            self._phone_views = (shared, {})
        views = self._phone_views[1]
        if p not in views:
            views[p] = self.state.view(p)
        return views[p]

    def phone_extras(self, p: int) -> dict:
        """The details of `phone_layout` for player p (a "prompt", "labels", the "selected"
        card ...: assets/phone/phone.js). Built from what p may know only."""
        return {}

    def times_reactions(self) -> bool:
        """A real-time game with a human at the table, running: presses are read at full rate
        (shell/app.py). Turn-based games, the demo, a pause and a finished game poll gently."""
        return (self.info.realtime and bool(self.humans()) and not self._paused
                and not self.state.is_terminal())

    def busy(self) -> bool:
        """True while the table is still showing a move: the timeline has steps or cues to come
        (scenes/timeline.py). The one waiting policy: a turn-based CPU player waits until the
        table has settled and `settle_ms` more, the countdown to the results starts only once it
        has settled, and a human's A may skip that wait (a_ends_wait). Real-time games never
        wait on it (time decides there: the timeline only draws)."""
        return self.timeline.busy(self.anim_ms)

    def named(self, text: str) -> str:
        """A core's sentence ({p0}, {p1} ...) with the seats' names in."""
        return fill_names(text, [seat.name for seat in self.seats])

    def humans(self) -> list[int]:
        return [p for p in range(self.players) if p not in self.bots]

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt_ms: float) -> None:
        if self.lost:  # a seat lost its pad while something else was on screen (the how-to)
            self.pause_for_lost()
            return
        self.anim_ms += dt_ms
        self.flashes = [f for f in self.flashes if f[2] > self.anim_ms]
        for cue in self.timeline.due(self.anim_ms):
            self.sound(cue) if isinstance(cue, str) else cue()
        if self.info.realtime or self.anim_ms >= self.timeline.end + self.settle_ms:
            self.advance()
        self.update_scene(dt_ms)
        if self.state.is_terminal():
            if self.busy():
                self.end_left = None  # the last moves play out before the countdown
            elif self.end_left is None:
                self.end_left = self.end_delay_ms
            if self.end_left is not None:
                self.end_left -= dt_ms
                if self.end_left <= 0:
                    self.finish()

    def finish(self) -> None:
        self.app.manager.replace(
            "results", game_id=self.game_id, seats=self.seats, outcome=self.state.outcome(),
            reactions=self.reactions, scene_class=type(self), options=self.options,
            demo=self.demo, final_view=self.state.view(None))

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
        if self.demo:  # under the safe area by default: it must cover nothing of the game
            anchor, at = self.demo_banner_at()
            look.text(canvas, "DEMO - press any button to play", at, look.MIN_FONT, look.MUTED,
                      anchor)
        else:
            self.draw_pause_hint(canvas)

    def demo_banner_at(self) -> tuple:
        """(anchor, (x, y)) of the DEMO line: the bottom margin under the safe area (a line
        nobody needs to read if a TV cuts the edge off), unless a game needs it elsewhere."""
        return "midbottom", (look.CENTER[0], look.SAFE.bottom + 48)

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
        glyph = f"CPU {seat.cpu}" if p in self.bots and seat.cpu else \
            "CPU" if p in self.bots else self.app.device_glyph(seat.device)
        return {"seat": seat, "glyph": glyph, "lost": p in self.lost}

    # -- helpers for subclasses ------------------------------------------------------------------
    def sound(self, name: str) -> None:
        self.app.audio.play(name)

    def flash(self, p: int, text: str) -> None:
        self.flashes.append((p, text, self.anim_ms + FLASH_MS))

    def record_reaction(self, p: int, ms: float, correct: bool = True,
                        kind: str = "reaction") -> None:
        """Keep a reaction time for the results screen (if of `results_kind`); humans' also go
        to shell.stats, every kind: to the seat's profile when it has one (scenes/profiles.py),
        else by the seat's name."""
        if self.results_kind is None or kind == self.results_kind:
            self.reactions.setdefault(p, []).append((float(ms), bool(correct)))
        stats = getattr(self.app, "stats", None)
        if stats is not None and p not in self.bots and not self.demo:
            if getattr(self.seats[p], "profile", None) is not None:
                self.sessions.add(self.seats[p], kind, float(ms), correct)
                return
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

    def on_state_replaced(self) -> None:
        """The State was replaced (replace_state: an undo ...): draw the table from its views."""

    def update_scene(self, dt_ms: float) -> None:
        pass
