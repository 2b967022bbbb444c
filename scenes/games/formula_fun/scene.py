"""Formula Fun on the TV: the elimination car race (rules: game/formula_fun.py, pictures:
scenes/games/formula_fun/art.py).

The oval fills the left of the table, its 30 numbered spaces printed in the infield; every car
wears its seat's colour and shape, the car to move has a pulsing ring. The infield says which
race and round it is and what just happened; the right column lists the players (points so far,
cars still racing, cards in hand). Along the bottom lies the hand of the player to move: face
up for a human at the table (everyone sees the TV, so only the hand of the human whose turn it
is is shown), face down for a CPU or a phone.

Controls of the player to move:
    left / right   choose a card; the space the car would reach is lit on the track
    B              add a turbo to the card (press again to take it back)
    A              play the chosen card (with the turbo, if added)
then, once the car has moved:
    A              draw a card: the turn is over
    B              take the move back (the core allows it until the card is drawn)

The state changes at once; the screen catches up on the base's timeline: cars glide along the
track (the car that moved, and the cars that close up beside a space it left), and at the end
of a race its finishing order stays up as a panel. CPUs and the countdown to the results wait
for it (GameScene.busy).
"""

from __future__ import annotations

from collections import Counter

import pygame

from shell import look, paint
from game.formula_fun import (CARDS, DRAW, DREW, ELIMINATED, GAME_OVER, OVER, PLAYED, RACE,
                              RACE_OVER, RACE_START, RESHUFFLED, SPACES, TURBO, Draw, Play, label,
                              landing, move_length)
from game.words import article, plural

from . import art
from scenes.game_scene import GameScene
from scenes.timeline import ease_in_out

# -- timing --------------------------------------------------------------------------------------
CAR_SPEED = 15.0          # spaces per second a car glides along the track
SHIFT_MS = 300            # a car moving across its space (closing up inwards)
MIN_GLIDE_MS = 250
RACE_PANEL_MS = 3000      # the finishing order of a race stays up this long
NEWS_MS = 4000

# -- layout (canvas px) --------------------------------------------------------------------------
TOP_BAR = pygame.Rect(look.SAFE.left, look.SAFE.top, look.SAFE.width, 72)
TRACK = pygame.Rect(look.SAFE.left + 10, TOP_BAR.bottom + 8, 1310, 640)
BAND = 180
SIDE = pygame.Rect(TRACK.right + 30, TRACK.y - 6, look.SAFE.right - TRACK.right - 30,
                   look.SAFE.bottom - TRACK.y + 6)
HAND_Y = TRACK.bottom + 36
CARD = (116, 156)
CARD_GAP = 16
HAND_X = look.SAFE.left + 230
CAR_LEN = 66              # a car's length on a space of up to 4 cars (from the sofa: big)
CAR_LEN_CROWDED = 44      # on the start grid's crowded spaces (5 or 6 cars)


def card_name(card: str) -> str:
    red, blue, _ = CARDS[card]
    if card == TURBO:
        return "turbo"
    if red is None:
        return f"blue {blue}"
    return f"red {red}"


class FormulaFunScene(GameScene):
    game_id = "formula_fun"
    bot_pace_ms = 400
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
        "Until you draw, B takes your move back.",
    ]
    controls = {"left": "previous card", "right": "next card", "a": "play the card / draw",
                "b": "add a turbo / take the move back"}

    # -- lifecycle ------------------------------------------------------------------------------
    def setup(self) -> None:
        self.track = art.Track(TRACK, BAND)
        self.cursor: dict[int, int] = {}
        self.turbo: dict[int, bool] = {}
        self.news = ((), -NEWS_MS)              # (lines, anim_ms they appeared)
        self.where = self.places(self.view())   # car -> (d, lane, cars on its space) as shown

    def bot_wait_ms(self) -> float:
        """A CPU's draw shows nothing new: it follows its car's arrival at once."""
        return 0 if self.view()["phase"] == DRAW else self.bot_pace_ms

    # -- cars on screen (the timeline) --------------------------------------------------------------
    @staticmethod
    def places(view) -> dict:
        """car -> (d, lane, cars on its space) for the cars on the track in a view."""
        crowd = Counter(c["space"] for c in view["cars"] if c["d"] is not None)
        return {c["car"]: (c["d"], c["lane"], crowd[c["space"]])
                for c in view["cars"] if c["d"] is not None}

    def moves_to(self, view, t: float, mover=None, jump: bool = False) -> float:
        """Glides from where the cars were shown to where `view` has them, starting at `t`: the
        car that moved (`mover`) along the track, the others across their space; `jump`: a new
        start grid, every car set there at once. Returns when the mover arrives."""
        new = self.places(view)
        end = t
        for car, old in self.where.items():
            if car not in new:  # out of the race: gone once the race's end is shown
                self.timeline.add(t, 0, "glide", car=car, a=old, b=old, gone=True)
        for car, now in new.items():
            old = self.where.get(car, now)
            if old == now:
                continue
            if jump:
                ms = 0
            elif car == mover:
                ms = max(MIN_GLIDE_MS, abs(now[0] - old[0]) / CAR_SPEED * 1000)
                end = max(end, t + ms)
            else:
                ms = SHIFT_MS
            self.timeline.add(t, ms, "glide", ease=ease_in_out, car=car, a=old, b=now,
                              gone=False)
        self.where = new
        return end

    def car_at(self, car: int):
        """(d, lane, cars on the space) where car `car` is drawn now, or None (not there)."""
        now = self.anim_ms
        glides = [s for s in self.timeline.steps if s.kind == "glide" and s.data["car"] == car]
        if self.timeline.busy(now) and glides:
            started = [s for s in glides if s.start <= now]
            if not started:
                return glides[0].data["a"]
            step = started[-1]
            g, k = step.data, step.progress(now)
            if now >= step.end:
                return None if g["gone"] else g["b"]
            (d0, l0, n0), (d1, l1, n1) = g["a"], g["b"]
            return d0 + (d1 - d0) * k, l0 + (l1 - l0) * k, max(n0, n1)
        return self.where.get(car)

    # -- events -----------------------------------------------------------------------------------
    def on_events(self, events) -> None:
        tl = self.timeline
        t = tl.next_start(self.anim_ms)
        view = self.view()
        panel = {}
        for e in events:
            k, data = e.kind, e.data
            if k == PLAYED:
                self.turbo[e.player] = False
                name = self.seats[e.player].name
                cards = data["cards"]
                what = card_name(cards[0]) + (" + turbo" if len(cards) == 2 else "")
                moved = data["to"] - data["from"]
                second = (f"on {article(data['label'])} {data['label']}-space: "
                          f"{plural(moved, 'space')} ahead")
                if data["fell_back"]:
                    second += f" ({data['fell_back']} back: full)"
                    tl.cue(t, "thump")
                tl.cue(t, lambda lines=(f"{name}: {what}", second): self.say(*lines))
                tl.cue(t, "go" if len(cards) == 2 else "card_flip")
                t = self.moves_to(view, t, mover=data["car"])
            elif k == RESHUFFLED:
                tl.cue(t, lambda: self.say("Draw pile used up:", "the discards are shuffled"))
                tl.cue(t, "card_flip")
            elif k == DREW and e.player not in self.bots:
                tl.cue(t, "confirm")
            elif k == RACE_OVER:
                panel = {"race": data["race"], "ranking": list(data["ranking"])}
            elif k == ELIMINATED:
                tl.add(t, RACE_PANEL_MS, "panel", **panel, out=data["car"],
                       points=data["points"])
                tl.cue(t, "box_drop")  # (win / lose belong to the results screen)
                self.moves_to(view, t, jump=True)
                t += RACE_PANEL_MS
            elif k == RACE_START:
                tl.cue(t - RACE_PANEL_MS // 3, "countdown")
            elif k == GAME_OVER:
                tl.cue(t, "confirm")
        tl.hold(t)

    def say(self, *lines: str) -> None:
        self.news = (lines, self.anim_ms)

    # -- input ------------------------------------------------------------------------------------
    def hand_of(self, p: int) -> list:
        return self.state.view(p)["hand"]

    def cursor_at(self, p: int) -> int:
        hand = self.hand_of(p)
        return max(0, min(self.cursor.get(p, 0), len(hand) - 1))

    def chosen(self, p: int):
        """The play player p has lined up: the card under the cursor (with a turbo if added),
        or None when that is no play (the only turbo cannot go with itself, or the move is
        made and only the draw is left)."""
        hand = self.hand_of(p)
        if not hand or self.view()["phase"] != RACE:
            return None
        card = hand[self.cursor_at(p)]
        if not self.turbo.get(p):
            return Play((card,))
        if card == TURBO and hand.count(TURBO) < 2:
            return None
        return Play((card, TURBO))

    def to_move(self, view) -> int | None:
        """The seat whose car moves now (None once the game is over)."""
        return None if view["phase"] == OVER else view["cars"][view["moving"]]["owner"]

    def press_to_action(self, p, press):
        if not press.down:
            return None
        view = self.view()
        turn = self.to_move(view)
        if turn != p:
            if press.action in ("a", "b") and turn is not None:
                self.flash(p, f"{self.seats[turn].name} is driving")
            return None
        if view["phase"] == DRAW:
            if press.action == "a":
                return Draw()
            if press.action == "b":
                if self.undo(p):
                    self.say(f"{self.seats[p].name} takes the move back")
                    self.where = self.places(self.view())
                    self.sound("back")
                else:
                    self.flash(p, "nothing to take back")
                    self.sound("error")
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
        """The phone's hand: the cursor, the turbo lifted with it, how far each card moves;
        after the move: draw, or take it back."""
        view = self.view()
        turn = self.to_move(view)
        if turn != p:
            name = self.seats[turn].name if turn is not None else ""
            return {"selected": None, "prompt": f"{name} is driving" if name else "",
                    "labels": {"a": "play", "b": "turbo"}}
        if view["phase"] == DRAW:
            return {"selected": None, "prompt": "Draw a card to end your turn",
                    "labels": {"a": "draw", "b": "take back" if self.can_undo(p) else ""}}
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
        panels = self.timeline.playing(self.anim_ms, "panel")
        if panels:
            self.draw_race_panel(canvas, view, panels[-1][0].data)
        elif view["phase"] == OVER and not self.busy():
            self.draw_end(canvas, view)

    def human_to_move(self, view):
        """The human whose turn it is and who may see their hand now, else None."""
        p = self.to_move(view)
        if p is None or p in self.bots or self.covered() == p or self.hand_on_phone(p):
            return None
        return p

    def draw_target(self, canvas, view) -> None:
        p = self.human_to_move(view)
        if p is None or self.busy():
            return
        play = self.chosen(p)
        if play is None:
            return
        d, end = landing(view, play.cards)
        if end == d:
            return
        glow = look.mix(look.ACCENT, look.WHITE, look.pulse(self.anim_ms, 900))
        paint.polygon(canvas, glow, self.track.space_poly(end % SPACES), 8)

    def draw_cars(self, canvas, view) -> None:
        moving = view["moving"]
        shown = [(car, self.car_at(car)) for car in range(len(view["cars"]))]
        for car, at in sorted(shown, key=lambda x: x[0] == moving):  # the moving car on top
            if at is None:
                continue
            d, lane, crowd = at
            seat = self.seats[view["cars"][car]["owner"]]
            lanes = max(art.LANES, crowd)
            x, y = self.track.point(d, lane, lanes)
            ring = None
            if car == moving and view["phase"] != OVER:
                ring = look.WHITE if look.pulse(self.anim_ms, 800) > 0.5 else look.ACCENT
            surf = art.car_surface(seat.colour, seat.shape, self.track.heading(d),
                                   size=CAR_LEN if lanes <= art.LANES else CAR_LEN_CROWDED,
                                   ring=ring)
            paint.blit(canvas, surf, paint.get_rect(surf, center=(int(x), int(y))))

    def draw_infield(self, canvas, view) -> None:
        """Race and round in the middle of the infield, what just happened under it, the draw
        pile in the left bend and the last card played in the right bend."""
        cx, cy = TRACK.center
        total = view["players"] * view["cars_each"] - 1
        if view["phase"] == OVER:
            head = "The final duel is over!"
        elif view["race"] == total:
            head = f"Final duel!  ·  round {view['round'] + 1}"
        else:
            head = f"Race {view['race']} of {total}  ·  round {view['round'] + 1}"
        look.text(canvas, head, (cx, cy - 84), look.LARGE, look.TEXT, "midtop")
        left = len([c for c in view["cars"] if c["d"] is not None])
        look.text(canvas, f"{left} cars racing: the last one is out", (cx, cy - 24),
                  look.SMALL, look.MUTED, "midtop")
        lines, since = self.news
        if self.anim_ms - since < NEWS_MS:
            for k, line in enumerate(lines):
                look.text(canvas, line, (cx, cy + 16 + 36 * k), look.SMALL, look.ACCENT, "midtop")
        w, h = 64, 86
        end = self.track.straight / 2 - 8          # inside the ring of numbers at the bends
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
        turn = self.to_move(view)
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
                if c["d"] is not None and view["phase"] != OVER:
                    surf = art.car_surface(seat.colour, seat.shape, 0.0, size=44)
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
        turn = self.to_move(view)
        if turn is None:
            return
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
        drawing = view["phase"] == DRAW
        cur = self.cursor_at(human)
        armed = self.turbo.get(human, False) and not drawing
        car = view["moving"]
        on = label(view["cars"][car]["d"])
        look.text(canvas, f"car on {article(on)} {on}", (look.SAFE.left, HAND_Y + 100),
                  look.SMALL, look.MUTED, "midleft")
        turbo_spare = None
        if armed:  # the turbo that goes with the chosen card is lifted too
            spare = [i for i, c in enumerate(hand) if c == TURBO and i != cur]
            turbo_spare = spare[0] if spare else None
        for k, card in enumerate(hand):
            x = HAND_X + k * (CARD[0] + CARD_GAP)
            lift = 26 if not drawing and (k == cur or k == turbo_spare) else 0
            rect = pygame.Rect(x, HAND_Y - lift, *CARD)
            if not drawing and k == cur:
                paint.rect(canvas, look.ACCENT, rect.inflate(16, 16), border_radius=22)
            elif k == turbo_spare:
                paint.rect(canvas, art.TURBO_ORANGE, rect.inflate(16, 16), border_radius=22)
            paint.blit(canvas, art.card_surface(card, CARD), rect)
            if drawing:
                continue
            length = move_length((card,), on)
            chip = look.text_surface(f"{length}", look.SMALL, look.INK)
            box = paint.get_rect(chip, midtop=(rect.centerx, rect.bottom + 8)).inflate(20, 4)
            box.width = max(box.width, 52)
            box.midtop = (rect.centerx, rect.bottom + 6)
            paint.rect(canvas, look.GOOD if length > 3 else look.CARD, box, border_radius=12)
            paint.blit(canvas, chip, paint.get_rect(chip, center=box.center))
        hx = HAND_X + max(len(hand), 4) * (CARD[0] + CARD_GAP) + 20
        if drawing:
            caps = [(self.key_label(human, "a"), "draw a card: turn over")]
            if self.can_undo(human):
                caps.append((self.key_label(human, "b"), "take the move back"))
            look.text(canvas, "Moved.", (hx, HAND_Y - 6), look.BODY, look.ACCENT)
        else:
            play = self.chosen(human)
            if play is not None:
                d, end = landing(view, play.cards)
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
        turn = self.to_move(view)
        if turn is None:
            line = "Game over"
        else:
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

    def draw_race_panel(self, canvas, view, panel: dict) -> None:
        ranking, out, points = panel["ranking"], panel["out"], panel["points"]
        box = pygame.Rect(0, 0, 900, 200 + 52 * ((len(ranking) + 1) // 2))
        box.center = TRACK.center
        look.panel(canvas, box)
        look.text(canvas, f"Race {panel['race']} is over", (box.centerx, box.y + 20),
                  look.LARGE, look.TEXT, "midtop")
        half = (len(ranking) + 1) // 2
        for k, car in enumerate(ranking):
            col, row = divmod(k, half)
            x = box.x + 80 + col * 420
            y = box.y + 110 + row * 52
            seat = self.seats[view["cars"][car]["owner"]]
            surf = art.car_surface(seat.colour, seat.shape, 0.0, size=44)
            look.text(canvas, f"{k + 1}.", (x, y), look.SMALL, look.MUTED, "midright")
            paint.blit(canvas, surf, paint.get_rect(surf, center=(x + 40, y)))
            look.text(canvas, seat.name, (x + 80, y), look.SMALL,
                      look.BAD if car == out else look.TEXT, "midleft")
        seat = self.seats[view["cars"][out]["owner"]]
        look.text(canvas, f"{seat.name}'s car is out: {plural(points, 'point')}",
                  (box.centerx, box.bottom - 24), look.BODY, look.BAD, "midbottom")

    def draw_end(self, canvas, view) -> None:
        res = view["result"]
        light = view["highlight"]
        lines = look.wrap(self.named(light["text"]), look.SMALL, 740) if light else []
        n = view["players"]
        box = pygame.Rect(0, 0, 820, 220 + 60 * n + 38 * len(lines[:3]))
        box.center = TRACK.center
        look.panel(canvas, box)
        winners = " & ".join(self.seats[p].name for p in res["winners"])
        look.text(canvas, f"{winners} win{'s' if len(res['winners']) == 1 else ''}!",
                  (box.centerx, box.y + 20), look.TITLE, look.ACCENT, "midtop")
        ranked = sorted(range(n), key=lambda p: -res["scores"][p])
        y = box.y + 140
        for p in ranked:
            seat = self.seats[p]
            icon = look.shape_icon(seat.shape, seat.colour, 18)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(box.x + 70, y)))
            look.text(canvas, seat.name, (box.x + 130, y), look.BODY, look.TEXT, "midleft")
            look.text(canvas, plural(res["scores"][p], "point"), (box.right - 70, y), look.BODY,
                      look.ACCENT, "midright")
            y += 60
        for line in lines[:3]:
            look.text(canvas, line, (box.centerx, y - 10), look.SMALL, look.TEXT, "midtop")
            y += 38
        self.draw_on_to_results(canvas, (box.centerx, box.bottom - 30))


SCENE = FormulaFunScene
tile_art = art.tile_art
