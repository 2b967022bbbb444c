"""Formula Fun on the TV: the elimination car race (rules: game/formula_fun.py, pictures:
scenes/games/formula_fun/art.py).

The oval fills the left of the table, its 30 numbered spaces printed in the infield; every car
wears its seat's colour and shape, the car to move has a pulsing ring. The infield says which
race and round it is and what just happened; the right column lists the players (points so far,
cars still racing, cards in hand). Along the bottom lies the hand of the player to move: face
up for a human at the table (everyone sees the TV, so only the hand of the human whose turn it
is is shown), face down for a CPU.

Controls of the player to move:
    left / right   choose a card; the space the car would reach is lit on the track
    B              add a turbo to the card (press again to take it back)
    A              play the chosen card (with the turbo, if added)

The state changes at once; the cars slide along the track to catch up, and the CPUs wait for
them and for the race-over panel before they drive on.
"""

from __future__ import annotations

from collections import Counter

import pygame

from shell import look, paint
from game.formula_fun import (CARDS, SPACES, TURBO, Play, label, land, move_length)

from . import art
from scenes.game_scene import GameScene

# -- timing --------------------------------------------------------------------------------------
CAR_SPEED = 15.0          # spaces per second a car slides along the track
LANE_SPEED = 5.0          # lanes per second a car moves across
RACE_PANEL_MS = 3000      # the finishing order of a race stays up this long
NEWS_MS = 4000

# -- layout (canvas px) --------------------------------------------------------------------------
TOP_BAR = pygame.Rect(look.SAFE.left, look.SAFE.top, look.SAFE.width, 72)
TRACK = pygame.Rect(look.SAFE.left + 10, TOP_BAR.bottom + 14, 1310, 600)
BAND = 132
SIDE = pygame.Rect(TRACK.right + 30, TRACK.y - 6, look.SAFE.right - TRACK.right - 30,
                   look.SAFE.bottom - TRACK.y + 6)
HAND_Y = TRACK.bottom + 50
CARD = (124, 166)
CARD_GAP = 18
HAND_X = look.SAFE.left + 230


def card_name(card: str) -> str:
    red, blue, _ = CARDS[card]
    if card == TURBO:
        return "turbo"
    if red is None:
        return f"blue {blue}"
    return f"red {red}"


def article(number: int) -> str:
    """'an 8', 'a 7': of the numbers 1-10 only eight is said with a vowel first."""
    return "an" if number == 8 else "a"


class FormulaFunScene(GameScene):
    game_id = "formula_fun"
    bot_pace_ms = 600
    strip = False            # the points column names every seat, whose turn it is, CPU or not
    end_delay_ms = 6000
    a_ends_wait = True
    hand_curtain = True
    phone_layout = "hand"    # a phone seat holds its hand on the phone (TV: face down)
    rules = [
        "Red sign = the number of your space? Move that far.",
        "Else move the blue number.",
        "Turbo: 5, or +5 beside a card. Draw just one card.",
        "Once a car is past the start, the round's last car is out.",
        "Points: first out 1, next 2 ... the final winner +3.",
    ]
    controls = {"left": "previous card", "right": "next card", "a": "play the card",
                "b": "add / take back a turbo"}

    # -- lifecycle ------------------------------------------------------------------------------
    def setup(self) -> None:
        self.track = art.Track(TRACK, BAND)
        self.cursor: dict[int, int] = {}
        self.turbo: dict[int, bool] = {}
        self.shown: dict[int, list] = {}        # car -> [d, lane] as drawn (floats)
        self.news: list = []                    # (text, until anim_ms)
        self.race_panel = None                  # (race, ranking, out car, points, until)
        self.sync_cars(snap=True)

    # -- cars on screen ----------------------------------------------------------------------------
    def targets(self, view) -> dict:
        return {c["car"]: (c["d"], c["lane"]) for c in view["cars"] if c["d"] is not None}

    def sync_cars(self, snap: bool = False) -> None:
        """Drop cars that left the race; snap cars that jumped backwards (a new start grid)."""
        targets = self.targets(self.view())
        for car in list(self.shown):
            if car not in targets:
                del self.shown[car]
        for car, (d, lane) in targets.items():
            if snap or car not in self.shown or d < self.shown[car][0] - 1.5:
                self.shown[car] = [float(d), float(lane)]

    def busy(self) -> bool:
        targets = self.targets(self.view())
        return any(abs(self.shown[c][0] - d) > 0.01 or abs(self.shown[c][1] - lane) > 0.01
                   for c, (d, lane) in targets.items() if c in self.shown)

    def update_scene(self, dt_ms: float) -> None:
        self.sync_cars()
        targets = self.targets(self.view())
        for car, (d, lane) in targets.items():
            pos = self.shown[car]
            pos[0] = _towards(pos[0], d, CAR_SPEED * dt_ms / 1000)
            pos[1] = _towards(pos[1], lane, LANE_SPEED * dt_ms / 1000)
        self.news = [n for n in self.news if n[1] > self.anim_ms]
        if self.race_panel is not None and self.race_panel[-1] <= self.anim_ms:
            self.race_panel = None
        if self.state.is_terminal() and (self.busy() or self.race_panel is not None):
            self.end_left = None  # the last race is shown before the countdown to the results

    def advance(self) -> None:
        """CPUs wait until the cars have arrived and the race panel is gone."""
        if self.busy() or self.race_panel is not None:
            return
        super().advance()

    # -- events -----------------------------------------------------------------------------------
    def on_events(self, events) -> None:
        for e in events:
            k, data = e.kind, e.data
            if k == "played":
                self.turbo[e.player] = False
                name = self.seats[e.player].name
                cards = data["cards"]
                what = card_name(cards[0]) + (" + turbo" if len(cards) == 2 else "")
                moved = data["to"] - data["from"]
                second = f"on {article(data['label'])} {data['label']}-space: {moved} ahead"
                if data["fell_back"]:
                    second += f" ({data['fell_back']} back: full)"
                    self.sound("thump")
                self.say(f"{name}: {what}", second)
                self.sound("go" if len(cards) == 2 else "card_flip")
            elif k == "reshuffled":
                self.say("Draw pile used up:", "the discards are shuffled")
                self.sound("card_flip")
            elif k == "eliminated":
                self.race_panel = (self.state.race if self.state.is_terminal()
                                   else self.state.race - 1, list(self.state.last_race),
                                   data["car"], data["points"],
                                   self.anim_ms + RACE_PANEL_MS)
                self.sound("box_drop")  # (win / lose belong to the results screen)
            elif k == "race_start":
                self.sound("countdown")
            elif k == "game_over":
                self.sound("confirm")

    def say(self, *lines: str) -> None:
        self.news = [(lines, self.anim_ms + NEWS_MS)]

    # -- input ------------------------------------------------------------------------------------
    def hand_of(self, p: int) -> list:
        return self.state.view(p)["hand"]

    def cursor_at(self, p: int) -> int:
        hand = self.hand_of(p)
        return max(0, min(self.cursor.get(p, 0), len(hand) - 1))

    def chosen(self, p: int):
        """The play player p has lined up: the card under the cursor (with a turbo if added),
        or None when that is no play (the only turbo cannot go with itself)."""
        hand = self.hand_of(p)
        card = hand[self.cursor_at(p)]
        if not self.turbo.get(p):
            return Play((card,))
        if card == TURBO and hand.count(TURBO) < 2:
            return None
        return Play((card, TURBO))

    def press_to_action(self, p, press):
        if not press.down:
            return None
        if self.state.current_player() != p:
            if press.action in ("a", "b"):
                turn = self.state.current_player()
                self.flash(p, f"{self.seats[turn].name} is driving")
            return None
        hand = self.hand_of(p)
        if press.action in ("left", "right"):
            step = 1 if press.action == "right" else -1
            self.cursor[p] = (self.cursor_at(p) + step) % len(hand)
            self.sound("move")
            return None
        if press.action == "b":
            if TURBO not in hand:
                self.flash(p, "no turbo in hand")
                self.sound("error")
                return None
            self.turbo[p] = not self.turbo.get(p)
            self.sound("confirm" if self.turbo[p] else "back")
            return None
        if press.action == "a":
            action = self.chosen(p)
            if action is None:
                self.flash(p, "choose the card for the turbo")
                self.sound("error")
            return action
        return None

    def phone_extras(self, p: int) -> dict:
        """The phone's hand: the cursor, the turbo lifted with it, how far each card moves."""
        view = self.view()
        turn = self.state.current_player()
        if view["phase"] == "over" or turn != p:
            name = self.seats[turn].name if turn >= 0 else ""
            return {"selected": None, "prompt": f"{name} is driving" if name else "",
                    "labels": {"a": "play", "b": "turbo"}}
        hand = self.hand_of(p)
        cur = self.cursor_at(p)
        armed = self.turbo.get(p, False)
        on = label(view["cars"][view["moving"]]["d"])
        spare = [i for i, c in enumerate(hand) if c == TURBO and i != cur] if armed else []
        return {"selected": cur, "marked": spare[:1],
                "notes": [str(move_length((c,), on)) for c in hand],
                "prompt": f"Your car is on {article(on)} {on}: tap a card, tap again to play",
                "labels": {"a": "play", "b": "no turbo" if armed else "turbo"}}

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        """The backdrop with the track is one opaque canvas-sized blit (the base draws the
        plain background first, which the track's backdrop already holds)."""
        paint.blit(canvas, art.track_surface(self.track), (0, 0))
        self.draw_table(canvas, self.view())

    def draw_table(self, canvas, view) -> None:
        self.draw_target(canvas, view)
        self.draw_cars(canvas, view)
        self.draw_infield(canvas, view)
        self.draw_side(canvas, view)
        self.draw_hand(canvas, view)
        self.draw_top(canvas, view)
        if self.race_panel is not None:
            self.draw_race_panel(canvas)
        elif view["phase"] == "over":
            self.draw_end(canvas, view)

    def human_to_move(self, view):
        """The human whose turn it is and who may see their hand now, else None."""
        p = self.state.current_player()
        if (view["phase"] == "over" or p < 0 or p in self.bots or self.covered() == p
                or self.hand_on_phone(p)):
            return None
        return p

    def landing(self, view, play: Play):
        car = view["moving"]
        d = view["cars"][car]["d"]
        occupied = Counter(c["space"] for c in view["cars"]
                           if c["d"] is not None and c["car"] != car)
        return d, land(d, move_length(play.cards, label(d)), lambda s: occupied[s])

    def draw_target(self, canvas, view) -> None:
        p = self.human_to_move(view)
        if p is None or self.busy():
            return
        play = self.chosen(p)
        if play is None:
            return
        d, end = self.landing(view, play)
        if end == d:
            return
        glow = look.mix(look.ACCENT, look.WHITE, look.pulse(self.anim_ms, 900))
        paint.polygon(canvas, glow, self.track.space_poly(end % SPACES), 8)

    def draw_cars(self, canvas, view) -> None:
        moving = view["moving"]
        per_space = Counter(c["space"] for c in view["cars"] if c["d"] is not None)
        order = sorted(self.shown, key=lambda c: c == moving)  # the moving car on top
        for car in order:
            d, lane = self.shown[car]
            info = view["cars"][car]
            seat = self.seats[info["owner"]]
            lanes = max(art.LANES, per_space[info["space"]]) if info["d"] is not None else 4
            x, y = self.track.point(d, lane, lanes)
            ring = None
            if car == moving and view["phase"] == "race":
                ring = look.WHITE if look.pulse(self.anim_ms, 800) > 0.5 else look.ACCENT
            surf = art.car_surface(seat.colour, seat.shape, self.track.heading(d),
                                   size=46 if lanes <= 4 else 38, ring=ring)
            paint.blit(canvas, surf, paint.get_rect(surf, center=(int(x), int(y))))

    def draw_infield(self, canvas, view) -> None:
        """Race and round in the middle of the infield, what just happened under it, the draw
        pile in the left bend and the last card played in the right bend."""
        cx, cy = TRACK.center
        total = view["players"] * view["cars_each"] - 1
        if view["phase"] == "over":
            head = "The final duel is over!"
        elif view["race"] == total:
            head = f"Final duel!  ·  round {view['round'] + 1}"
        else:
            head = f"Race {view['race']} of {total}  ·  round {view['round'] + 1}"
        look.text(canvas, head, (cx, cy - 96), look.LARGE, look.TEXT, "midtop")
        left = len([c for c in view["cars"] if c["d"] is not None])
        look.text(canvas, f"{left} cars racing: the last one is out", (cx, cy - 34),
                  look.SMALL, look.MUTED, "midtop")
        if self.news:
            for k, line in enumerate(self.news[-1][0]):
                look.text(canvas, line, (cx, cy + 14 + 40 * k), look.SMALL, look.ACCENT, "midtop")
        w, h = 78, 104
        end = self.track.straight / 2 + 40
        pile = pygame.Rect(0, 0, w, h)
        pile.center = (int(cx - end), cy - 14)
        paint.blit(canvas, art.card_back((w, h)), pile)
        look.text(canvas, f"{view['draw_left']}", (pile.centerx, pile.bottom + 4), look.SMALL,
                  look.MUTED, "midtop")
        top = view["discard_top"]
        if top is not None:
            pile.center = (int(cx + end), cy - 14)
            paint.blit(canvas, art.card_surface(top, (w, h)), pile)
            look.text(canvas, "played", (pile.centerx, pile.bottom + 4), look.SMALL,
                      look.MUTED, "midtop")

    def draw_side(self, canvas, view) -> None:
        """One row per player: shape, name, points so far; cars still racing (or the points
        each eliminated car earned), device or CPU, cards in hand. Flashes (a refused press)
        appear over the player's row."""
        look.panel(canvas, SIDE)
        look.text(canvas, "Points", (SIDE.x + 24, SIDE.y + 12), look.BODY, look.TEXT)
        turn = self.state.current_player()
        n = view["players"]
        row_h = min(124, (SIDE.height - 70) // n)
        for p in range(n):
            seat = self.seats[p]
            row = pygame.Rect(SIDE.x + 8, SIDE.y + 64 + p * row_h, SIDE.width - 16, row_h - 8)
            self.seat_rects[p] = row
            if p == turn:
                paint.rect(canvas, look.mix(look.PANEL, look.WHITE, 0.18), row,
                                 border_radius=16)
                paint.rect(canvas, seat.colour, row, width=4, border_radius=16)
            y = row.y + 26
            icon = look.shape_icon(seat.shape, seat.colour, 16)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(row.x + 8, y)))
            name = seat.name if len(seat.name) <= 12 else seat.name[:11] + "."
            look.text(canvas, name, (row.x + 56, y), look.SMALL, look.TEXT, "midleft")
            look.text(canvas, str(view["scores"][p]), (row.right - 14, y), look.BODY,
                      look.ACCENT, "midright")
            y2 = row.y + 74
            x = row.x + 34
            for c in (c for c in view["cars"] if c["owner"] == p):
                if c["d"] is not None and view["phase"] != "over":
                    surf = art.car_surface(seat.colour, seat.shape, 0.0, size=40)
                    paint.blit(canvas, surf, paint.get_rect(surf, center=(x, y2)))
                else:
                    look.text(canvas, f"+{c['points']}", (x, y2), look.SMALL, look.MUTED,
                              "center")
                x += 56
            glyph = "CPU" if p in self.bots else self.app.device_glyph(seat.device)
            if glyph:
                look.keycap(canvas, (row.x + 200, y2 - 22), glyph)
            back = art.card_back((26, 36))
            paint.blit(canvas, back, paint.get_rect(back, midright=(row.right - 44, y2)))
            look.text(canvas, str(view["hand_sizes"][p]), (row.right - 14, y2), look.SMALL,
                      look.TEXT, "midright")
        for p, text, _ in self.flashes:
            if p in self.seat_rects:
                look.flash_above(canvas, self.seat_rects[p], text)

    def draw_hand(self, canvas, view) -> None:
        if view["phase"] == "over":
            return
        turn = self.state.current_player()
        seat = self.seats[turn]
        human = self.human_to_move(view)
        icon = look.shape_icon(seat.shape, seat.colour, 18)
        paint.blit(canvas, icon, paint.get_rect(icon, midleft=(look.SAFE.left, HAND_Y + 40)))
        look.text(canvas, seat.name, (look.SAFE.left + 56, HAND_Y + 40), look.BODY, look.TEXT,
                  "midleft")
        if human is None:
            if self.covered() == turn:
                hx = HAND_X + view["hand_sizes"][turn] * (CARD[0] + CARD_GAP) + 20
                look.text(canvas, "Others look away!", (hx, HAND_Y + 30), look.BODY,
                          look.ACCENT)
                box = look.keycap(canvas, (hx, HAND_Y + 96), self.key_label(turn, "a"))
                look.text(canvas, "show my cards", (box.right + 10, box.centery), look.SMALL,
                          look.ACCENT, "midleft")
            else:
                whose = "on the phone" if self.hand_on_phone(turn) else "CPU's cards"
                look.text(canvas, whose, (look.SAFE.left, HAND_Y + 100), look.SMALL,
                          look.MUTED, "midleft")
            for k in range(view["hand_sizes"][turn]):
                paint.blit(canvas, art.card_back(CARD), (HAND_X + k * (CARD[0] + CARD_GAP), HAND_Y))
            return
        hand = self.hand_of(human)
        cur = self.cursor_at(human)
        armed = self.turbo.get(human, False)
        car = view["moving"]
        on = label(view["cars"][car]["d"])
        look.text(canvas, f"car on {article(on)} {on}", (look.SAFE.left, HAND_Y + 100), look.SMALL,
                  look.MUTED, "midleft")
        turbo_spare = None
        if armed:  # the turbo that goes with the chosen card is lifted too
            spare = [i for i, c in enumerate(hand) if c == TURBO and i != cur]
            turbo_spare = spare[0] if spare else None
        for k, card in enumerate(hand):
            x = HAND_X + k * (CARD[0] + CARD_GAP)
            lift = 26 if k == cur or k == turbo_spare else 0
            rect = pygame.Rect(x, HAND_Y - lift, *CARD)
            if k == cur:
                paint.rect(canvas, look.ACCENT, rect.inflate(16, 16), border_radius=22)
            elif k == turbo_spare:
                paint.rect(canvas, art.TURBO_ORANGE, rect.inflate(16, 16), border_radius=22)
            paint.blit(canvas, art.card_surface(card, CARD), rect)
            length = move_length((card,), on)
            chip = look.text_surface(f"{length}", look.SMALL, look.INK)
            box = paint.get_rect(chip, midtop=(rect.centerx, rect.bottom + 8)).inflate(20, 4)
            box.width = max(box.width, 52)
            box.midtop = (rect.centerx, rect.bottom + 6)
            paint.rect(canvas, look.GOOD if length > 3 else look.CARD, box,
                             border_radius=12)
            paint.blit(canvas, chip, paint.get_rect(chip, center=box.center))
        play = self.chosen(human)
        hx = HAND_X + len(hand) * (CARD[0] + CARD_GAP) + 20
        if play is not None:
            d, end = self.landing(view, play)
            what = " + ".join(card_name(c) for c in play.cards)
            full = " (full: back)" if end - d < move_length(play.cards, on) else ""
            look.text(canvas, f"{what}: {end - d}{full}", (hx, HAND_Y - 6), look.BODY,
                      look.ACCENT)
        caps = [(self.key_label(human, "a"), "play it"),
                (self.key_label(human, "left") + " " + self.key_label(human, "right"),
                 "choose")]
        if TURBO in hand:
            caps.append((self.key_label(human, "b"),
                         "take the turbo back" if armed else "add a turbo"))
        for k, (cap, meaning) in enumerate(caps):
            box = look.keycap(canvas, (hx, HAND_Y + 52 + 52 * k), cap)
            look.text(canvas, meaning, (box.right + 10, box.centery), look.SMALL, look.ACCENT,
                      "midleft")

    def draw_top(self, canvas, view) -> None:
        if view["phase"] == "over":
            line = "Game over"
        else:
            turn = self.state.current_player()
            seat = self.seats[turn]
            icon = look.shape_icon(seat.shape, seat.colour, 20)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(TOP_BAR.x, TOP_BAR.y + 34)))
            who = seat.name + (" (CPU)" if turn in self.bots else "")
            line = f"{who} drives the car with the ring"
            if turn in self.bots:
                line += "..."
        look.text(canvas, line, (TOP_BAR.x + 56, TOP_BAR.y + 34), look.BODY, look.TEXT,
                  "midleft")
        if self.demo:
            look.text(canvas, "DEMO - press any button", (TOP_BAR.right, TOP_BAR.y + 34),
                      look.SMALL, look.ACCENT, "midright")

    def draw_race_panel(self, canvas) -> None:
        race, ranking, out, points, _ = self.race_panel
        box = pygame.Rect(0, 0, 900, 200 + 52 * ((len(ranking) + 1) // 2))
        box.center = TRACK.center
        look.panel(canvas, box)
        look.text(canvas, f"Race {race} is over", (box.centerx, box.y + 20), look.LARGE,
                  look.TEXT, "midtop")
        owner = self.state.owner
        half = (len(ranking) + 1) // 2
        for k, car in enumerate(ranking):
            col, row = divmod(k, half)
            x = box.x + 80 + col * 420
            y = box.y + 110 + row * 52
            seat = self.seats[owner[car]]
            surf = art.car_surface(seat.colour, seat.shape, 0.0, size=40)
            look.text(canvas, f"{k + 1}.", (x, y), look.SMALL, look.MUTED, "midright")
            paint.blit(canvas, surf, paint.get_rect(surf, center=(x + 40, y)))
            look.text(canvas, seat.name, (x + 80, y), look.SMALL,
                      look.BAD if car == out else look.TEXT, "midleft")
        seat = self.seats[owner[out]]
        look.text(canvas, f"{seat.name}'s car is out: {points} point{'s' if points != 1 else ''}",
                  (box.centerx, box.bottom - 24), look.BODY, look.BAD, "midbottom")

    def draw_end(self, canvas, view) -> None:
        res = view["result"]
        n = view["players"]
        box = pygame.Rect(0, 0, 820, 250 + 60 * n)
        box.center = TRACK.center
        look.panel(canvas, box)
        winners = " & ".join(self.seats[p].name for p in res["winners"])
        look.text(canvas, f"{winners} win{'s' if len(res['winners']) == 1 else ''}!",
                  (box.centerx, box.y + 20), look.TITLE, look.ACCENT, "midtop")
        ranked = sorted(range(n), key=lambda p: -res["scores"][p])
        for k, p in enumerate(ranked):
            seat = self.seats[p]
            y = box.y + 140 + k * 60
            icon = look.shape_icon(seat.shape, seat.colour, 18)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(box.x + 70, y)))
            look.text(canvas, seat.name, (box.x + 130, y), look.BODY, look.TEXT, "midleft")
            look.text(canvas, str(res["scores"][p]), (box.right - 70, y), look.BODY,
                      look.ACCENT, "midright")
        if self.humans() and not self.demo:
            look.text(canvas, f"{self.key_label(self.humans()[0], 'a')}: on to the results",
                      (box.centerx, box.bottom - 30), look.SMALL, look.MUTED, "midbottom")


def _towards(value: float, target: float, step: float) -> float:
    if abs(target - value) <= step:
        return float(target)
    return value + step if target > value else value - step


SCENE = FormulaFunScene
tile_art = art.tile_art
