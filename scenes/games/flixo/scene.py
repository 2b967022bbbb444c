"""Flixo on the TV: the scene that ties the table together (rules: game/flixo.py).

Everything face up or eye-marked is public, so the whole table is drawn for everybody from the
table's view: one panel per display, the piles on the left, one prompt line at the top that
says whose turn it is and what their buttons do, as key caps of that player's own device.
The parts, each in its own file here:

    layout.py    where everything goes on the canvas
    options.py   the options panel before the first turn, and the campaign of Levels 2-4
    sprites.py   the cards on screen and their motion (steps on the base's Timeline)
    prompts.py   the prompt line, captions, toasts, the "take back" offer
    table.py     drawing the displays, the piles and the cards in flight
    end.py       the end panel: points, what they mean, the highlights
    art.py       the pictures

Controls (few presses; the cursor remembers its place per display):
    directions   move the cursor over the active display's cards
                 (reward: over every display's face-down cards; left/right cross displays)
    A            take the offered card into the slot under the cursor:
                 the top discard (action 1) or, after drawing, the drawn card
    B            draw a card (action 2); after drawing: discard it and turn up the card under
                 the cursor
    A (reward)   peek at the card under the cursor: it gets an eye token
    X            take back your last swap while it showed nothing new and the next display
                 has not played (game.flixo: what may be taken back)
A forced take (a Flixo on the discard pile) accepts only A.

A table of CPUs only (the demo, the benchmark) skips the options panel. CPU partners wait for
the timeline to play out (plus settle_ms) and think in slices (the base's thinking driver).
"""

from __future__ import annotations

import pygame

from game import flixo as rules
from game.flixo import DiscardAndReveal, Draw, RewardPeek, SwapDrawn, TakeDiscard, people_of
from scenes.game_scene import GameScene
from shell import look, paint

from . import art
from .end import draw_end
from .layout import PILES, Layout
from .options import OptionsPanel
from .prompts import (CAPTION, TOAST, caption_of, draw_toast, draw_top_bar, draw_undo_offer,
                      offered, toast_of, turn_prompt, undo_display)
from .sprites import TableShow
from .table import draw_backdrop, draw_display, draw_flyers, draw_piles, warm_panels

MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class FlixoScene(GameScene):
    game_id = "flixo"
    strip = False            # each display panel carries its seat's badge
    bot_pace_ms = 500
    settle_ms = 450          # a CPU partner waits this long after the table has settled
    end_delay_ms = 7000
    a_ends_wait = True
    phone_layout = "flixo"   # a phone: the team's table from its view, the cursor, A, B, X
    rules = [
        "Take the top discard, or draw: swap it in, or discard it and turn a card up.",
        "A whole row or column of one number leaves. A Flixo in it earns a peek.",
        "Win: no Flixo left in a display of 2+ rows and columns.",
        "CPU partners: easy slips often, normal feeds the next display, hard plans each draw.",
        "Three CPUs win about 1 game in 4 (easy), 1 in 2 (normal), 2 in 3 (hard).",
    ]
    controls = {("up", "left", "down", "right"): "move the cursor", "a": "take / swap in / peek",
                "b": "draw / turn a card up", "x": "take back a swap"}

    # -- lifecycle ------------------------------------------------------------------------------
    def setup(self) -> None:
        self.cursor: dict[int, tuple] = {}
        self.pick = [0, 0, 0]        # the reward cursor: display, row, col
        self.progress_note = ""
        self.to_settle = False       # the sprites are to be checked against the view
        self.panel = OptionsPanel(getattr(self.app, "settings", None), self.players,
                                  self.options)
        self.choosing = bool(self.humans()) and not self.demo
        if self.choosing:
            self.show_choice()
        else:
            self.lay_out()
        self.warm_cache()

    def lay_out(self) -> None:
        """The layout and the cards on screen, at rest, from the table's view."""
        view = self.view()
        self.layout = Layout(view["people"], tuple(view["shape"]))
        self.show = TableShow(self.layout, view)

    def on_state_replaced(self) -> None:
        self.lay_out()  # an undo or a new choice: no events, the view says it all

    # -- the options panel ----------------------------------------------------------------------
    def show_choice(self) -> None:
        """Put the table of the panel's choice behind the panel (it cannot always be played)."""
        options = self.panel.options()
        if options is None:
            if not hasattr(self, "show"):
                self.lay_out()
            return
        self.options = options
        self.replace_state(self.info.new(self.players, options, self.seed))

    def start_game(self) -> None:
        if self.panel.options() is None:
            self.sound("error")
            return
        self.choosing = False
        self.show_choice()
        self.warm_cache()
        self.panel.remember()
        self.sound("go")

    def choice_press(self, press) -> None:
        what = self.panel.press(press.action)
        if what == "start":
            self.start_game()
        elif what is not None:
            self.sound("move")
            if what == "changed":
                self.show_choice()

    def advance(self) -> None:
        if not self.choosing:  # no CPU plays a game that has not begun
            super().advance()

    # -- the timeline ----------------------------------------------------------------------------
    def update_scene(self, dt_ms: float) -> None:
        if self.choosing and not self.humans():
            self.start_game()  # everyone left the table to the CPUs
        if self.to_settle and not self.busy():
            self.to_settle = False
            if self.show.settle(self.view()):
                self.app.log("flixo: the cards on screen were laid out afresh from the view")

    def on_events(self, events) -> None:
        tl = self.timeline
        start = tl.next_start(self.anim_ms)
        moments = self.show.play(events, tl, start)
        shown_until = tl.end
        solo = people_of(self.players) != self.players
        view = self.view()
        for e, t in moments:
            toast = toast_of(e, self.seat_name, solo)
            if toast is not None:
                text, colour, ms, delay = toast
                tl.add(t + delay, ms, TOAST, text=text, colour=colour)
            if e.kind == rules.REWARD_DUE or e.kind == rules.REWARD and view["phase"] == "reward":
                self.pick = self.fresh_pick(view)  # (another reward: start afresh)
            elif e.kind == rules.GAME_OVER and not self.demo:
                self.progress_note = self.panel.record(self.options, e.data["team_won"])
        caption = caption_of(events, self.seat_name)
        if caption is not None:
            tl.add(start, shown_until - start, CAPTION, display=caption[0], text=caption[1])
        self.to_settle = True

    def caption(self):
        """(display, text) of the action the table is showing now, or None."""
        for step, _ in self.timeline.playing(self.anim_ms, CAPTION):
            return step.data["display"], step.data["text"]
        return None

    # -- input ------------------------------------------------------------------------------------
    def cursor_at(self, d: int) -> tuple[int, int]:
        """The cursor of display d, kept inside its grid (it remembers its place per display)."""
        rows, cols = self.view()["displays"][d]["shape"]
        r, c = self.cursor.get(d, (rows // 2, cols // 2))
        return max(0, min(r, rows - 1)), max(0, min(c, cols - 1))

    def press_to_action(self, p, press):
        if not press.down:
            return None
        if self.choosing:
            self.choice_press(press)
            return None
        if press.action == "x":
            if self.undo(p):
                self.sound("back")
            else:
                self.flash(p, "nothing to take back")
                self.sound("error")
            return None
        view = self.view()
        if self.state.current_player() != p:
            if press.action in ("a", "b"):
                self.flash(p, f"{self.seat_name(view['turn'])} is playing")
            return None
        d = view["turn"]
        if view["phase"] == "reward":
            return self.reward_press(press, view)
        cur = self.cursor_at(d)
        rows, cols = view["displays"][d]["shape"]
        if press.action in MOVES:
            dr, dc = MOVES[press.action]
            self.cursor[d] = ((cur[0] + dr) % max(1, rows), (cur[1] + dc) % max(1, cols))
            self.sound("move")
            return None
        if press.action == "a":
            return TakeDiscard(cur) if view["phase"] == "turn" else SwapDrawn(cur)
        if press.action == "b":
            if view["phase"] == "turn":
                if view["forced"]:
                    self.flash(p, f"take the Flixo: {self.key_label(p, 'a')}")
                    self.sound("error")
                    return None
                return Draw()
            if view["displays"][d]["cells"][cur[0]][cur[1]]["up"]:
                self.flash(p, "turn up a face-down card")
                self.sound("error")
                return None
            return DiscardAndReveal(cur)
        return None

    def reward_press(self, press, view):
        displays = view["displays"]
        d, r, c = self.pick_at(view)
        if press.action in ("up", "down"):
            rows = displays[d]["shape"][0]
            r = (r + (1 if press.action == "down" else -1)) % max(1, rows)
        elif press.action in ("left", "right"):
            step = 1 if press.action == "right" else -1
            c += step
            cols = displays[d]["shape"][1]
            if not 0 <= c < cols:  # over the edge: the next display with cards
                for _ in range(len(displays)):
                    d = (d + step) % len(displays)
                    if displays[d]["shape"][0]:
                        break
                rows, cols = displays[d]["shape"]
                c = 0 if step > 0 else cols - 1
                r = min(r, rows - 1)
        elif press.action == "a":
            return RewardPeek(d, (r, c))
        else:
            return None
        self.pick = [d, r, c]
        self.sound("move")
        return None

    def pick_at(self, view) -> tuple[int, int, int]:
        """The reward cursor, kept inside a display that has cards."""
        displays = view["displays"]
        d, r, c = self.pick
        if not displays[d]["shape"][0]:
            d = next((i for i, disp in enumerate(displays) if disp["shape"][0]), d)
        rows, cols = displays[d]["shape"]
        return d, max(0, min(r, rows - 1)), max(0, min(c, cols - 1))

    @staticmethod
    def fresh_pick(view) -> list:
        """Where the reward cursor starts: the first face-down card of the display with the
        most of them (the likeliest hiding place)."""
        displays = view["displays"]
        d = max(range(len(displays)), key=lambda i: sum(
            not cell["up"] and not cell["eye"] for row in displays[i]["cells"] for cell in row))
        spots = [(i, j) for i, row in enumerate(displays[d]["cells"])
                 for j, cell in enumerate(row) if not cell["up"] and not cell["eye"]]
        r, c = spots[0] if spots else (0, 0)
        return [d, r, c]

    def phone_extras(self, p: int) -> dict:
        """The phone's table: the cursor [display, row, col] on p's turn and what A, B (and X,
        when p may take back a swap) do now (the prompt line is the TV's)."""
        if self.choosing:
            return {"layout": "menu", "prompt": "Choose the level on the TV",
                    "labels": {"a": "start"}}
        view = self.view()
        line, _ = self.prompt(view)
        names = [self.seat_name(d) for d in range(len(view["displays"]))]
        undo = {"x": "take back"} if p in view["undo"] else {}
        if view["phase"] == "over" or view["seat"] != p:
            return {"prompt": line, "cursor": None, "labels": undo, "names": names}
        if view["phase"] == "reward":
            return {"prompt": line, "cursor": list(self.pick_at(view)),
                    "labels": {"a": "peek", **undo}, "names": names}
        d = view["turn"]
        offer = offered(view)
        if view["phase"] == "turn":
            labels = {"a": f"take the {offer['value']}" if offer else "take",
                      "b": "" if view["forced"] else "draw"}
        else:
            labels = {"a": "swap it in", "b": "discard, turn up"}
        return {"prompt": line, "cursor": [d, *self.cursor_at(d)], "labels": {**labels, **undo},
                "names": names}

    # -- words ------------------------------------------------------------------------------------
    def seat_name(self, d: int) -> str:
        """Display d's player; a solo player's two displays are told apart."""
        seat = self.seats[self.view()["displays"][d]["seat"]]
        if people_of(self.players) != self.players:
            return f"{seat.name} ({d + 1})"
        return seat.name

    def prompt(self, view) -> tuple[str, list]:
        """(line, [(key cap, meaning)]) for the top bar."""
        if self.choosing:
            return "Choose the game", []
        shown = self.caption()
        if shown is not None:
            return shown[1], []
        if view["phase"] == "over":
            return "", []
        p = view["seat"]
        line, caps = turn_prompt(view, self.seat_name(view["turn"]), p in self.bots,
                                 lambda action: self.key_label(p, action))
        if p in view["undo"] and view["phase"] == "reward":
            caps = [*caps, (self.key_label(p, "x"), "take back")]
        return line, caps

    def active_display(self, view):
        """The display to light up: the one whose action is being shown, else the one to move."""
        shown = self.caption()
        if shown is not None:
            return shown[0]
        if self.choosing or view["phase"] == "over":
            return None
        return view["turn"]

    # -- drawing ----------------------------------------------------------------------------------
    def colours(self, view) -> list:
        return [self.seats[disp["seat"]].colour for disp in view["displays"]]

    def warm_cache(self) -> None:
        """Build the panels for every display to move now, while the scene starts, rather
        than in the middle of a game."""
        if not pygame.display.get_surface():
            return
        warm_panels(self.layout, self.colours(self.view()))

    def draw(self, canvas) -> None:
        view = self.view()
        draw_backdrop(canvas, self.layout, self.colours(view), self.active_display(view))
        self.draw_table(canvas, view)
        if self.demo:  # in the piles' column, clear of the prompt
            look.text(canvas, "DEMO", (PILES.centerx, PILES.bottom - 96), look.BODY, look.ACCENT,
                      "midtop")
            look.text(canvas, "press a button", (PILES.centerx, PILES.bottom - 50), look.SMALL,
                      look.MUTED, "midtop")

    def cursor_of(self, view, d: int):
        """(row, col, colour) of the cursor to draw on display d, or None."""
        if self.choosing or view["phase"] == "over" or view["seat"] in self.bots:
            return None
        if view["phase"] == "reward":
            pd, r, c = self.pick_at(view)
            return (r, c, art.EYE_TOKEN) if pd == d else None
        return (*self.cursor_at(d), look.ACCENT) if d == view["turn"] else None

    def draw_table(self, canvas, view) -> None:
        now, tl, show = self.anim_ms, self.timeline, self.show
        settled = not self.busy()
        active = self.active_display(view)
        offer = offered(view) if view["phase"] != "reward" else None
        for d, disp in enumerate(view["displays"]):
            name = self.seat_name(d) + (" (CPU)" if disp["seat"] in self.bots else "")
            draw_display(canvas, view, d, show, tl, now, name=name, seat=self.seats[disp["seat"]],
                         active=d == active, settled=settled, offer=offer,
                         cursor=self.cursor_of(view, d) if show.sprites[d] else None)
        draw_piles(canvas, view, show, tl, now, view["phase"] == "turn" and not self.choosing)
        draw_flyers(canvas, show, tl, now)
        line, caps = self.prompt(view)
        icon = None
        if line and active is not None:
            seat = self.seats[view["displays"][active]["seat"]]
            icon = look.shape_icon(seat.shape, seat.colour, 20)
        draw_top_bar(canvas, view, line, caps, icon)
        for step, _ in tl.playing(now, TOAST)[:1]:
            draw_toast(canvas, step.data["text"], step.data["colour"])
        self.draw_undo_offers(canvas, view)
        for p, text, _ in self.flashes:
            d = next((d for d, disp in enumerate(view["displays"]) if disp["seat"] == p), 0)
            look.flash_above(canvas, self.layout.flash_anchor(d), text)
        if self.choosing:
            human = self.humans()[0] if self.humans() else None
            self.panel.draw(canvas, lambda canvas, pairs, pos: self.draw_prompt(
                canvas, human if human is not None else 0, pairs, pos,
                anchor="midbottom"))
        elif view["phase"] == "over" and settled:
            names = [self.seat_name(d) for d in range(len(view["displays"]))]
            seats = [self.seats[disp["seat"]] for disp in view["displays"]]
            box = draw_end(canvas, view, names, seats, self.progress_note)
            self.draw_on_to_results(canvas, (box.centerx, box.bottom - 16))

    def draw_undo_offers(self, canvas, view) -> list:
        """"[X] take back" under the display a person may still take back a swap of (in the
        reward, their own prompt says it)."""
        boxes = []
        for p in view["undo"]:
            if p in self.bots or (p == view["seat"] and view["phase"] == "reward"):
                continue
            boxes.append(draw_undo_offer(canvas, self.layout, undo_display(view),
                                         self.key_label(p, "x")))
        return boxes


SCENE = FlixoScene
tile_art = art.tile_art
