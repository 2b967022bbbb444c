"""Fliegen klatschen on the TV: 112 cards spread face down on the felt, the active player's hand
picks one to turn, and when catching opens every hand slaps at once. Rules:
game/fliegen_klatschen.py; pictures: scenes/games/fliegen_klatschen/art.py.

The spread: the core gives each card a jittered grid place and a tilt (layout()); pymunk then
pushes overlapping cards apart (boxes that may not turn, a fixed number of constant steps), so
the spread is the same for the same deal and every card keeps most of itself visible.

Hands: a hand is a cursor in its seat's colour with its seat's shape on the back. It SNAPS from
card to card: a direction jumps to the nearest card that way (`snap`). While it is your turn to
reveal, your hand moves over the face-down cards; otherwise hands move over the face-up cards
(the only ones worth slapping), so a catch is a matter of seeing, not of steering.
A pad gives two hands when the game has two per player: left stick or d-pad with A or LB, and
the right stick with RB. A keyboard zone (no second stick) has one hand cursor that carries
both hands: after the first slap the second hand takes over from the same card. With 5 to 8
players everyone has one hand (either stick, any slap button).

The scene does not show which colours are catchable while a catch is open (that is the game);
the catch result afterwards does. Timing: `card_revealed` and a re-opened `catch_opened` are
stimuli (the base holds the game clock until the flip), so every slap's ms counts from the
moment the trigger was on screen. The core reports each slap of a closed catch as a reaction
time (kind "slap", in catch_closed's data) and the base scene records it: this scene records
nothing by hand.
"""

from __future__ import annotations

import math

import pygame
import pymunk

from shell import look, paint
from game import fliegen_klatschen as fly
from game.fliegen_klatschen import SWATTER, TURN_MS, Reveal, Slap

from . import art
from scenes.game_scene import GameScene
from scenes.timeline import ease_out, linear

# -- screen layout (canvas px) -------------------------------------------------------------------
BAR = pygame.Rect(look.SAFE.left, look.SAFE.top, look.SAFE.width, 64)
TABLE = pygame.Rect(look.SAFE.left, BAR.bottom + 8, look.SAFE.width, 716)
PANELS_TOP = TABLE.bottom + 10
PANEL_H = look.SAFE.bottom - PANELS_TOP
PANEL_GAP = 12

DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0),
              "up2": (0, -1), "down2": (0, 1), "left2": (-1, 0), "right2": (1, 0)}
SECOND_STICK = ("up2", "down2", "left2", "right2")
SLAP_BUTTONS = {"a": 0, "l": 0, "r": 1}

SPREAD_STEPS = 90         # pymunk steps that push overlapping cards apart
SPREAD_DT = 1 / 60
SOLID = 0.78              # share of a card (each side) other cards are pushed out of

POP_MS = 220              # a freshly turned card pops up this long
RING_MS = 900             # ... and is ringed in its turner's colour this long
LAND_MS = 160             # a slapping hand's drop and squash
SETTLE_MS = 1100          # hands stay on the cards this long after a catch closes
FLY_MS = 520              # a caught fly travels to its catcher's panel
BANNER_MS = 2600
REFUSAL_MS = 1100


def snap(points: dict, current, direction) -> object:
    """The card to jump to from `current` (a key of points, or an (x, y) position) in
    `direction` (dx, dy): the nearest card that lies that way, where distance across the
    direction counts double. None when no card lies that way."""
    if current in points:
        cx, cy = points[current]
    else:
        cx, cy = current
    dx, dy = direction
    best, best_score = None, None
    for key, (x, y) in points.items():
        if key == current:
            continue
        along = (x - cx) * dx + (y - cy) * dy
        across = abs((x - cx) * dy - (y - cy) * dx)
        if along <= 0 or across > 1.5 * along:  # within about 56 degrees of the direction
            continue
        score = along + 2 * across
        if best_score is None or score < best_score:
            best, best_score = key, score
    return best


def nearest(points: dict, xy) -> object:
    """The card nearest to a position (None if there are none)."""
    if not points:
        return None
    return min(points, key=lambda k: (points[k][0] - xy[0]) ** 2 + (points[k][1] - xy[1]) ** 2)


def card_size(n_cards: int, rect: pygame.Rect) -> tuple[int, int]:
    """Card width and height for n cards spread on rect (landscape cards, 4:3)."""
    cols = max(1, round(math.sqrt(n_cards * 16 / 9)))
    rows = max(1, math.ceil(n_cards / cols))
    w = min(rect.width / cols * 0.86, rect.height / rows * 0.98 * 4 / 3, 190)
    w = int(w) // 2 * 2
    return w, int(w * 0.75) // 2 * 2


def spread(cards: list, rect: pygame.Rect, w: int, h: int) -> dict:
    """Screen places {card: (x, y, tilt)} for the view's card entries (x, y per mille, tilt in
    degrees): mapped onto rect, then pushed apart by pymunk where they overlap. Deterministic:
    the same cards give the same places."""
    mx, my = w * 0.62, h * 0.62
    space = pymunk.Space()
    space.damping = 0.02
    space.iterations = 20
    bodies = {}
    for c in sorted(cards, key=lambda c: c["card"]):
        body = pymunk.Body(1.0, float("inf"))
        body.position = (rect.left + mx + c["x"] / 1000 * (rect.width - 2 * mx),
                         rect.top + my + c["y"] / 1000 * (rect.height - 2 * my))
        body.angle = -math.radians(c["tilt"])
        shape = pymunk.Poly.create_box(body, (w * SOLID, h * SOLID))
        shape.elasticity = 0.0
        shape.friction = 0.0
        space.add(body, shape)
        bodies[c["card"]] = (body, c["tilt"])
    edges = [((rect.left, rect.top), (rect.right, rect.top)),
             ((rect.right, rect.top), (rect.right, rect.bottom)),
             ((rect.right, rect.bottom), (rect.left, rect.bottom)),
             ((rect.left, rect.bottom), (rect.left, rect.top))]
    for a, b in edges:
        wall = pymunk.Segment(space.static_body, a, b, 6)
        space.add(wall)
    for _ in range(SPREAD_STEPS):
        space.step(SPREAD_DT)
    places = {}
    for card, (body, tilt) in bodies.items():
        x = min(max(body.position.x, rect.left + w * 0.55), rect.right - w * 0.55)
        y = min(max(body.position.y, rect.top + h * 0.55), rect.bottom - h * 0.55)
        places[card] = (int(round(x)), int(round(y)), tilt)
    return places


def card_key(entry: dict) -> tuple:
    if not entry["up"]:
        return ("back", entry["back"])
    if entry["face"] == SWATTER:
        return ("swatter",)
    return ("fly", entry["face"], entry["value"])


def ms_text(ms) -> str:
    return "-" if ms is None else f"{ms:.0f} ms"


class FliegenKlatschenScene(GameScene):
    game_id = "fliegen_klatschen"
    # The trigger is on screen at the flip after these: a turned card (a swatter or the fifth
    # colour opens the catch in the same step) and a voided catch opening again.
    reveal_kinds = frozenset({fly.CARD_REVEALED, fly.CATCH_OPENED})
    reaction_noun = "slap"
    reaction_label = "ms from the swatter or fifth colour to each slap, right flies only"
    strip = False          # each player's panel shows their badge, score and catch result
    phone_layout = "slap"  # a phone: a swipe pad moves the hand, a big area slaps
    end_delay_ms = 7000    # the final table with medians and bests stays up this long
    rules = [
        "Your turn: flip a card (6 s timer).",
        "Swatter, or five colours up: all slap the most common colour!",
        "Wrong card: lose your last fly. First hand down wins.",
        "Too early: lose a fly; that hand sits out a catch.",
        "Each colour has a mark in the corner: blue circle ...",
        "CPU easy, normal, hard: beginner, average, practised.",
    ]
    # (the how-to card's meaning column is narrow: short words; a tuple of actions is shown as
    # one group of the device's keys, and a row a device lacks stays empty for it)
    controls = {("up", "left", "down", "right"): "move hand", "a": "flip / slap",
                ("up2", "left2", "down2", "right2"): "hand 2 move", "r": "hand 2 slap"}

    # -- setting up ----------------------------------------------------------------------------
    def setup(self) -> None:
        self.round_key = None
        self.places: dict = {}
        self.card_w, self.card_h = 96, 72
        # cursors: per player two cursors (card or None) and where they last were on screen
        self.cursor = {p: [None, None] for p in range(self.players)}
        self.cursor_xy = {p: [TABLE.center, TABLE.center] for p in range(self.players)}
        self.twin = {p: self._twin(p) for p in range(self.players)}
        self.up_order: dict = {}     # card -> when it was turned (draw order)
        self.known: dict = {}        # card -> (face, value) once it was turned
        self.landed: list = []       # hands on cards: dicts player, hand, card, xy, t, bottom
        self.settle_until = 0.0
        # On the base's timeline (self.timeline, anim_ms): "turned" (a card just turned: it
        # pops, ringed in its turner's colour), "fly" (a caught fly on its way to its catcher's
        # panel), "banner" (a line across the table), "refusal" (a rule said at a hand).
        self.result_t = -1e9         # anim_ms of the last catch_closed
        self.panel_rects = self._panel_rects()
        self._relayout(self.view())

    def _twin(self, p: int) -> bool:
        """Does player p's device have a second stick (two hand cursors)?"""
        device = self.seats[p].device or ""
        if device.startswith("pad:"):
            return True
        hub = getattr(self.app, "hub", None)
        try:
            return hub is not None and "left2" in dict(hub.bindings_text(device))
        except Exception:
            return False

    def _panel_rects(self) -> list:
        """One row of tall panels up to four players; two rows of short ones for more (they
        have one hand each, so one line of catch result is enough)."""
        n = self.players
        rows = 1 if n <= 4 else 2
        cols = -(-n // rows)
        w = (look.SAFE.width - PANEL_GAP * (cols - 1)) // cols
        h = (PANEL_H - PANEL_GAP * (rows - 1)) // rows
        return [pygame.Rect(look.SAFE.left + (p % cols) * (w + PANEL_GAP),
                            PANELS_TOP + (p // cols) * (h + PANEL_GAP), w, h)
                for p in range(n)]

    def _relayout(self, view: dict) -> None:
        """New round (a fresh deal): card size and the pymunk spread for its cards."""
        key = view["round"]  # (cards leave the table during a round: only a deal re-spreads)
        if key == self.round_key or view["phase"] == "over":
            return
        self.round_key = key
        self.card_w, self.card_h = card_size(max(1, len(view["cards"])), TABLE)
        self.places = spread(view["cards"], TABLE, self.card_w, self.card_h)
        self.up_order.clear()
        self.cursor = {p: [None, None] for p in range(self.players)}

    # -- hands ---------------------------------------------------------------------------------
    def cursor_count(self, p: int, view: dict) -> int:
        return 2 if view["hands"] == 2 and self.twin[p] else 1

    def targets(self, p: int, view: dict) -> dict:
        """Cards player p's hands move over now: face-down ones while p turns a card, else the
        face-up ones. {card: (x, y)}."""
        want_up = not (view["phase"] == "reveal" and view["turn"] == p)
        return {c["card"]: self.places[c["card"]][:2] for c in view["cards"]
                if c["up"] == want_up and c["card"] in self.places}

    def _fix_cursors(self, view: dict) -> None:
        """Cursors on a card they can no longer be on jump to the nearest one they can."""
        for p in self.humans():
            pts = None
            for c in range(self.cursor_count(p, view)):
                card = self.cursor[p][c]
                if pts is None:
                    pts = self.targets(p, view)
                if card not in pts:
                    self.cursor[p][c] = nearest(pts, self.cursor_xy[p][c])
                if self.cursor[p][c] is not None:
                    self.cursor_xy[p][c] = pts[self.cursor[p][c]]

    def free_hand(self, p: int, view: dict, prefer: int = 0) -> int:
        """The hand a one-cursor device slaps with: the preferred one if it may slap, else the
        other free one (the core refuses a hand that may not slap, with the reason)."""
        order = [prefer] + [h for h in range(view["hands"]) if h != prefer]
        catch = view["catch"]
        for h in order:
            used = catch is not None and catch["used"][p][h]
            if not used and not view["frozen"][p][h]:
                return h
        return prefer

    def press_to_action(self, p: int, press):
        if not press.down:
            return None
        view = self.view()
        self._relayout(view)
        self._fix_cursors(view)
        action = press.action
        twin = self.cursor_count(p, view) == 2
        if action in DIRECTIONS:
            c = 1 if twin and action in SECOND_STICK else 0
            pts = self.targets(p, view)
            start = self.cursor[p][c]
            to = snap(pts, start if start is not None else self.cursor_xy[p][c],
                      DIRECTIONS[action])
            if to is not None:
                self.cursor[p][c] = to
                self.cursor_xy[p][c] = pts[to]
                self.sound("move")
            return None
        if action not in SLAP_BUTTONS:
            return None
        c = SLAP_BUTTONS[action] if twin else 0
        card = self.cursor[p][c]
        if card is None:
            return None
        if view["phase"] == "reveal" and view["turn"] == p:
            return Reveal(card)
        hand = c if twin else self.free_hand(p, view)
        return Slap(hand, card)

    def on_illegal(self, p: int, action, exc) -> None:
        super().on_illegal(p, action, exc)
        self.timeline.add(self.anim_ms, REFUSAL_MS, "refusal", linear, player=p, text=exc.rule)

    # -- events --------------------------------------------------------------------------------
    def on_events(self, events) -> None:
        view = self.view()
        self._relayout(view)
        for e in events:
            d = e.data
            if e.kind == fly.CARD_REVEALED:
                self.timeline.add(self.anim_ms, RING_MS, "turned", linear, card=d["card"],
                                  player=e.player)
                self.up_order[d["card"]] = len(self.up_order)
                self.known[d["card"]] = (d["face"], d["value"])
                self.sound("card_flip")
            elif e.kind == fly.CATCH_OPENED:
                self.landed = []
                self.sound("go")
                if d.get("reopened"):
                    self.banner("Catch again!", look.ACCENT)
            elif e.kind == fly.SLAP:
                xy = self.places.get(d["card"], (0, 0, 0))[:2]
                self.landed.append({"player": e.player, "hand": d["hand"], "card": d["card"],
                                    "xy": xy, "t": self.anim_ms, "bottom": d["bottom"],
                                    "false": False})
                self.sound("slap" if d["bottom"] else "thump")
            elif e.kind == fly.FALSE_START:
                xy = self.places.get(d["card"], (0, 0, 0))[:2]
                self.landed.append({"player": e.player, "hand": d["hand"], "card": d["card"],
                                    "xy": xy, "t": self.anim_ms, "bottom": True, "false": True})
                self.settle_until = self.anim_ms + SETTLE_MS
                self.flash(e.player, "False start! Hand frozen")
                self.sound("error")
            elif e.kind == fly.CATCH_VOIDED:
                self.landed = []
                self.banner("Catch void: a pad was lost. Ready, steady ...", look.BAD)
            elif e.kind == fly.CATCH_CLOSED:
                self._closed(d)
            elif e.kind == fly.NOTHING_TO_CATCH:
                self.banner("A swatter, but no fly to catch", look.PANEL)
            elif e.kind == fly.TIE_ROUND:
                names = " and ".join(self.seats[p].name for p in d["contenders"])
                self.banner(f"Tie! One more round: only {names} can win it", look.ACCENT,
                            ms=4500)
                self.sound("countdown")
            elif e.kind == fly.GAME_OVER:
                self.sound("confirm")  # (the results screen plays the fanfare)

    def _closed(self, d: dict) -> None:
        self.result_t = self.anim_ms
        self.settle_until = self.anim_ms + SETTLE_MS
        for row in d["players"]:
            p = row["player"]
            target = self.panel_rects[p].midtop
            for card in row["gained"]:
                place = self.places.get(card)
                if place is not None:
                    key = ("fly", *self.known.get(card, ("red", 1)))
                    self.timeline.add(self.anim_ms, FLY_MS, "fly", ease_out, key=key,
                                      src=place[:2], dst=target, tilt=place[2])
            if row["gained"]:
                self.sound("confirm")
            if row["lost"]:
                self.flash(p, f"lost {flies(len(row['lost']))}")

    def value_of(self, card: int) -> int:
        """The value of a card that has been face up this round (0 if never seen)."""
        return self.known.get(card, ("", 0))[1]

    def banner(self, text: str, colour, ms: float = BANNER_MS) -> None:
        self.timeline.add(self.anim_ms, ms, "banner", linear, text=text, colour=colour)

    def update_scene(self, dt_ms: float) -> None:
        now = self.anim_ms
        view = self.view()
        if view["phase"] != "catch" and now > self.settle_until and self.landed:
            self.landed = []
        self._relayout(view)
        self._fix_cursors(view)

    # -- drawing -------------------------------------------------------------------------------
    def draw_table(self, canvas, view) -> None:
        now = self.anim_ms
        w, h = self.card_w, self.card_h
        # The felt, then each face-down card straight onto the canvas: shell.paint redraws
        # only what changed from the last frame, so a turned card costs its own rect.
        paint.blit(canvas, _felt(), TABLE.topleft)
        for c in view["cards"]:
            if not c["up"]:
                x, y, tilt = self.places[c["card"]]
                surf = art.card_turned(("back", c["back"]), w, h, tilt)
                paint.blit(canvas, surf, paint.get_rect(surf, center=(x, y)))
        ups = sorted((c for c in view["cards"] if c["up"]),
                     key=lambda c: self.up_order.get(c["card"], -1))
        turned = {step.data["card"]: step for step, _ in self.timeline.playing(now, "turned")}
        for c in ups:
            place = self.places.get(c["card"])
            if place is None:
                continue
            step = turned.get(c["card"])
            age = now - step.start if step is not None else RING_MS
            scale = 1.0 if age >= POP_MS else (1.2 if age < POP_MS / 2 else 1.1)
            surf = art.card_turned(card_key(c), w, h, place[2], scale)
            paint.blit(canvas, surf, paint.get_rect(surf, center=place[:2]))
            if step is not None and step.data["player"] is not None:
                ring = art.outline_turned(w, h, place[2], self.seats[step.data["player"]].colour)
                paint.blit(canvas, ring, paint.get_rect(ring, center=place[:2]))
        self._draw_cursor_rings(canvas, view)
        self._draw_landed(canvas, view)
        self._draw_cursors(canvas, view)
        for step, t in self.timeline.playing(now, "fly"):
            f = step.data
            x = f["src"][0] + (f["dst"][0] - f["src"][0]) * t
            y = f["src"][1] + (f["dst"][1] - f["src"][1]) * t
            surf = art.card_turned(f["key"], w, h, f["tilt"])
            paint.blit(canvas, surf, paint.get_rect(surf, center=(x, y)))
        self._draw_bar(canvas, view)
        for p in range(self.players):
            self._draw_panel(canvas, view, p)
        y = TABLE.top + 30
        for step, _ in self.timeline.playing(now, "banner")[-2:]:
            rect = look.banner(canvas, step.data["text"], step.data["colour"], y=y)
            y = rect.bottom + 12
        if view["phase"] == "over":
            self._draw_end(canvas, view)

    def _hand_size(self) -> int:
        return max(64, int(self.card_h * 1.05))

    def _cursor_cards(self, view):
        """(player, cursor index, card, hand index or None, frozen) of the visible cursors."""
        out = []
        catch = view["catch"]
        for p in self.humans():
            n = self.cursor_count(p, view)
            for c in range(n):
                card = self.cursor[p][c]
                if card is None or card not in self.places:
                    continue
                hands = [c] if n == 2 else list(range(view["hands"]))
                free = [hh for hh in hands
                        if not (catch is not None and catch["used"][p][hh])]
                if not free and not (view["phase"] == "reveal" and view["turn"] == p):
                    continue  # this hand is on a card already
                frozen = bool(free) and all(view["frozen"][p][hh] for hh in free)
                out.append((p, c, card, free[0] if free else c, frozen))
        return out

    def _draw_cursor_rings(self, canvas, view) -> None:
        entries = {c["card"]: c for c in view["cards"]}
        for p, c, card, _, frozen in self._cursor_cards(view):
            x, y, tilt = self.places[card]
            entry = entries.get(card)
            if entry is not None and not entry["up"]:
                # the face-down card under a hand is lifted above its neighbours
                lifted = art.card_turned(card_key(entry), self.card_w, self.card_h, tilt, 1.1)
                paint.blit(canvas, lifted, paint.get_rect(lifted, center=(x, y - 4)))
            colour = art.ICE if frozen else self.seats[p].colour
            ring = art.outline_turned(self.card_w, self.card_h, tilt, colour, 8)
            paint.blit(canvas, ring, paint.get_rect(ring, center=(x, y - 4)))

    def _draw_cursors(self, canvas, view) -> None:
        size = int(self._hand_size() * 0.8)
        for p, c, card, hand, frozen in self._cursor_cards(view):
            x, y, _ = self.places[card]
            seat = self.seats[p]
            left = hand == 0 and view["hands"] == 2
            surf = art.hand(seat.colour, seat.shape, size, left=left,
                            pose="frozen" if frozen else "hover")
            # per player a little apart, so hands over one card stay visible
            off = (-1 if left else 1) * self.card_w * 0.34 + (p % 4) * 16 - 24
            rect = paint.get_rect(surf, midtop=(x + off, y + 2 + (p // 4) * 12))
            paint.blit(canvas, surf, rect)
            for step, _ in self.timeline.playing(self.anim_ms, "refusal"):
                if step.data["player"] == p:
                    look.flash_above(canvas, rect, step.data["text"])
                    break

    def _draw_landed(self, canvas, view) -> None:
        size = self._hand_size()
        order = sorted(self.landed, key=lambda s: (not s["bottom"], s["t"]))
        seen: dict = {}
        for s in order:
            k = seen.get(s["card"], 0)
            seen[s["card"]] = k + 1
            age = self.anim_ms - s["t"]
            step = min(len(art.SQUASH_STEPS) - 1, int(age / (LAND_MS / 4)))
            seat = self.seats[s["player"]]
            left = s["hand"] == 0 and view["hands"] == 2
            surf = art.hand(seat.colour, seat.shape, size, left=left, pose=("squash", step))
            x, y = s["xy"]
            rect = paint.get_rect(surf, center=(x + k * 16, y - k * 12))
            paint.blit(canvas, surf, rect)
            if s["false"]:
                look.flash_above(canvas, rect, "false start")

    def _draw_bar(self, canvas, view) -> None:
        phase = view["phase"]
        now = self.game_ms()
        bar_rect = BAR if not self.demo else BAR.inflate(-480, 0).move(-240, 0)
        look.panel(canvas, bar_rect, radius=24)
        right = bar_rect.right
        x = BAR.left + 24
        if phase == "reveal":
            p = view["turn"]
            seat = self.seats[p]
            icon = look.shape_icon(seat.shape, seat.colour, 18)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(x, BAR.centery)))
            look.text(canvas, f"{seat.name}: turn a card", (x + 58, BAR.centery), look.BODY,
                      look.TEXT, "midleft")
            left = max(0, (view["turn_deadline"] or now) - now)
            bar = pygame.Rect(right - 520, BAR.centery - 12, 400, 24)
            paint.rect(canvas, look.SHADOW, bar, border_radius=12)
            fill = bar.copy()
            fill.width = int(bar.width * min(1.0, left / TURN_MS))
            colour = look.ACCENT if left > 2000 else look.BAD
            if fill.width > 0:
                paint.rect(canvas, colour, fill, border_radius=12)
            look.text(canvas, f"{math.ceil(left / 1000)} s", (right - 24, BAR.centery),
                      look.BODY, colour, "midright")
        elif phase == "catch":
            look.text(canvas, "SLAP!  Catch the flies of the most common colour",
                      (x, BAR.centery), look.BODY, look.ACCENT, "midleft")
            catch = view["catch"]
            left = max(0, catch["closes_at"] - now)
            look.text(canvas, f"{left / 1000:.1f} s", (right - 24, BAR.centery),
                      look.BODY, look.TEXT, "midright")
        elif phase == "countdown":
            left = max(0, view["catch"]["reopen_at"] - now)
            word = "Ready ..." if left > 1000 else "Steady ..."
            look.text(canvas, f"{word}  do not slap yet", (x, BAR.centery), look.BODY,
                      look.ACCENT, "midleft")
        else:
            look.text(canvas, "Game over", (x, BAR.centery), look.BODY, look.TEXT, "midleft")
        if view["round"]:
            look.text(canvas, f"tie round {view['round']}", (BAR.centerx + 330, BAR.centery),
                      look.SMALL, look.ACCENT, "midleft")

    def _draw_panel(self, canvas, view, p: int) -> None:
        rect = self.panel_rects[p]
        seat = self.seats[p]
        active = view["phase"] == "reveal" and view["turn"] == p
        fresh = self.anim_ms - self.result_t < 1500
        lines = self._result_lines(view, p, compact=rect.height < 120)
        frozen = sum(view["frozen"][p]) if view["phase"] != "over" else 0
        glyph = "CPU" if p in self.bots else self.app.device_glyph(seat.device)
        key = ("fly_panel", rect.size, seat.name, tuple(seat.colour), seat.shape, glyph,
               view["scores"][p], tuple(lines), frozen, p in self.lost,
               p in view["contenders"])
        surf = look.cached(key, lambda: self._panel_surface(view, p, rect.size, glyph, lines,
                                                            frozen))
        if active:
            paint.rect(canvas, look.WHITE, rect.inflate(12, 12), 5, border_radius=26)
        elif fresh and view["last_catch"] is not None:
            paint.rect(canvas, look.ACCENT, rect.inflate(8, 8), 4, border_radius=24)
        paint.blit(canvas, surf, rect)
        for fp, text, _ in self.flashes:
            if fp == p:
                look.flash_above(canvas, rect, text)
                break

    def _panel_surface(self, view, p: int, size, glyph: str, lines, frozen: int):
        """A player's panel: shape, name, device, score; then the last catch's lines."""
        seat = self.seats[p]
        surf = paint.surface(size, pygame.SRCALPHA)
        r = paint.get_rect(surf)
        paint.rect(surf, seat.colour, r, border_radius=22)
        paint.rect(surf, look.PANEL if p not in self.lost else (70, 30, 40),
                   r.inflate(-10, -10), border_radius=18)
        compact = r.height < 120
        top = 26 if compact else 32
        icon = look.shape_icon(seat.shape, seat.colour, 14 if compact else 16)
        paint.blit(surf, icon, paint.get_rect(icon, center=(32, top)))
        name = seat.name if p in view["contenders"] else seat.name + " (out)"
        score_s = look.text_surface(str(view["scores"][p]), look.LARGE, look.ACCENT)
        glyph_s = look.text_surface(glyph, look.SMALL, look.MUTED) if glyph else None
        room = r.width - 58 - paint.get_width(score_s) - 24
        if glyph_s is not None and r.width >= 300:
            room -= paint.get_width(glyph_s) + 14
            right = r.right - paint.get_width(score_s) - 30
            at = paint.get_rect(glyph_s, midright=(right, top + 2))
            paint.blit(surf, glyph_s, at)
        _blit_clipped(surf, look.text_surface(name, look.SMALL, look.TEXT), (52, top - 16),
                      room)
        paint.blit(surf, score_s, paint.get_rect(score_s, midright=(r.right - 16, top + 2)))
        rows = list(lines)
        if frozen:
            rows.insert(0, ((f"{'a hand' if frozen == 1 else 'hands'} frozen: sits out",
                             art.ICE),))
        y = 48 if compact else 60
        rows = fit_rows(rows, panel_lines(r.height, y))
        for row in rows:
            x = 16
            for seg in row:
                if seg[0] == "seat":
                    other = self.seats[seg[1]]
                    icon = look.shape_icon(other.shape, other.colour, 12)
                    paint.blit(surf, icon, paint.get_rect(icon, midleft=(x - 4, y + 15)))
                    x += paint.get_width(icon) - 6
                else:
                    t = look.text_surface(seg[0], look.SMALL, seg[1])
                    x += _blit_clipped(surf, t, (x, y), r.width - 12 - x)
            y += LINE_H
        return art._prepare(surf)

    def _result_lines(self, view, p: int, compact: bool = False) -> list:
        """Lines of segments ((text, colour) or ("seat", player)): player p's slaps in the last
        catch, with ms since the onset, what they won, whom they beat or lost to and by how
        many ms, and their false starts since the catch before."""
        last = view["last_catch"]
        if last is None:
            return []
        row = last["players"][p]
        lines = []
        for s in row["slaps"]:
            if s["correct"] and s["bottom"]:
                lines.append(((f"+{self.value_of(s['card'])} in {ms_text(s['ms'])}",
                               look.GOOD),))
                beaten = next((c["beaten"] for c in last["contests"]
                               if c["card"] == s["card"] and c["winner"] == p), [])
                for q, _, by in beaten[:1]:
                    margin = f" by {by} ms" if by else " on the same ms"
                    if q != p and compact:  # on the same line
                        lines[-1] = ((f"+{self.value_of(s['card'])} {ms_text(s['ms'])}, beat ",
                                      look.GOOD), ("seat", q), (margin, look.GOOD))
                    elif q != p:
                        lines.append((("  beat ", look.TEXT), ("seat", q), (margin, look.TEXT)))
            elif s["correct"]:
                q = s["under"][0]
                faster = f" {s['by_ms']} ms faster" if s["by_ms"] else " first, same ms"
                lines.append(((f"{ms_text(s['ms'])}: ", look.MUTED), ("seat", q),
                              (faster, look.MUTED)))
            else:
                lines.append(((f"wrong card, {ms_text(s['ms'])}", look.BAD),))
        if row["lost"]:
            lines.append(((f"lost {flies(len(row['lost']))}", look.BAD),))
        if row["false_starts"]:
            n = row["false_starts"]
            lines.append(((f"{n} false start" + ("s" if n > 1 else ""), look.BAD),))
        if not lines:
            lines.append((("no slap", look.MUTED),))
        return lines

    def _draw_end(self, canvas, view) -> None:
        rows = view["summary"]
        box = pygame.Rect(0, 0, 1300, 130 + 62 * len(rows))
        box.center = TABLE.center
        look.panel(canvas, box)
        winners = view["winners"]
        names = " and ".join(self.seats[p].name for p in winners)
        head = f"{names} win{'s' if len(winners) == 1 else ''}!"
        if len(view["round_scores"]) > 1:
            head += f"  (after {len(view['round_scores']) - 1} tie round" \
                    f"{'s' if len(view['round_scores']) > 2 else ''})"
        look.text(canvas, head, (box.centerx, box.top + 20), look.LARGE, look.ACCENT, "midtop")
        cols = [box.left + 40, box.left + 520, box.left + 700, box.left + 900, box.left + 1090]
        y = box.top + 90
        for label, x in zip(("Points", "Median", "Best", "False starts"), cols[1:]):
            look.text(canvas, label, (x, y), look.SMALL, look.MUTED)
        y += 40
        first = view["round_scores"][0] if view["round_scores"] else view["scores"]
        for r in sorted(rows, key=lambda r: -first[r["player"]]):
            p = r["player"]
            seat = self.seats[p]
            icon = look.shape_icon(seat.shape, seat.colour, 16)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(cols[0], y + 20)))
            look.text(canvas, seat.name, (cols[0] + 50, y + 20), look.BODY,
                      look.ACCENT if p in winners else look.TEXT, "midleft")
            pts = " / ".join(str(rs[p]) for rs in view["round_scores"]) or str(first[p])
            look.text(canvas, pts, (cols[1], y + 20), look.BODY, look.TEXT, "midleft")
            look.text(canvas, ms_text(r["median_ms"]), (cols[2], y + 20), look.BODY, look.TEXT,
                      "midleft")
            look.text(canvas, ms_text(r["best_ms"]), (cols[3], y + 20), look.BODY, look.TEXT,
                      "midleft")
            look.text(canvas, str(r["false_starts"]), (cols[4], y + 20), look.BODY, look.TEXT,
                      "midleft")
            y += 62


LINE_H = 29  # a panel's result lines (SMALL type)


def panel_lines(height: int, top: int) -> int:
    """How many result lines fit in a panel of `height` px whose first line is at `top`, above
    its inner border (5 px) with a little air."""
    return max(1, (height - top - 8) // LINE_H)


def fit_rows(rows: list, n: int) -> list:
    """At most n lines: when there are more, the last line says the rest, joined by commas
    (drawn cut at the panel's edge)."""
    if len(rows) <= n:
        return rows
    rest = tuple(seg for i, row in enumerate(rows[n - 1:])
                 for seg in ((((", ", look.MUTED),) if i else ()) + tuple(row)))
    return rows[:n - 1] + [rest]


def flies(n: int) -> str:
    """ "1 fly", "2 flies"."""
    return f"{n} fly" if n == 1 else f"{n} flies"


def _blit_clipped(surf, text: pygame.Surface, pos, room: int) -> int:
    """Blit text cut to `room` px wide; returns the width used."""
    room = max(1, int(room))
    if paint.get_width(text) > room:
        text = paint.subsurface(text, (0, 0, room, paint.get_height(text)))
    paint.blit(surf, text, pos)
    return paint.get_width(text)


def _felt() -> pygame.Surface:
    def build():
        surf = paint.surface(TABLE.size)
        paint.fill(surf, look.BG_BOTTOM)
        look.felt(surf, paint.get_rect(surf), radius=36)
        return surf.convert() if pygame.display.get_surface() else surf
    return look.cached(("fly_felt", TABLE.size), build)


def tile_art(surface, rect) -> None:
    art.tile_art(surface, rect)


SCENE = FliegenKlatschenScene
