"""Flotter Otter on the TV: the waybill on top, one lane per player below with their stack of
boxes (pymunk bodies that drop, settle and, when wrong, topple at the reveal), grab cards, the
round clock, scores, and the reveal with both orders, the otters, grab times and the photo
finish. Rules: game/flotter_otter.py; pictures: scenes/games/flotter_otter/art.py.

Controls (the same on a pad and on a keyboard zone; a full stack is five presses and a grab):
A green, B orange, X blue, Y yellow (the colours of the usual pad face buttons), RB or Right
pink; Down takes the top box off again; Up grabs. Each lane shows its player's keys.

Timing: the waybill's reveal is the stimulus (reveal_kinds), so the core's times are from the
moment it was on screen. The core reports per scored round each player's time to the first box
and to the grab (kinds "first_box" and "grab", correct = the stack matched a feature, in
round_result's data); the base scene records them, shell.stats keeps both, and the results
screen's median/best are of the grabs (`results_kind`).
"""

from __future__ import annotations

import math
import random

import pygame
import pymunk

from shell import look, paint
from game import flotter_otter as otter
from game.flotter_otter import PHOTO_FINISH_MS, READY_MS, ROUND_LIMIT_MS, Grab, PlaceBox, Undo
from game.waybills import card
from game.words import plural

from . import art
from scenes.game_scene import GameScene

# Buttons -> what they do. The face buttons carry the pad colours they usually have
# (A green, B red-orange, X blue, Y yellow); pink, the fifth, is a shoulder or a direction.
BOX_BUTTONS = {"a": "green", "b": "orange", "x": "blue", "y": "yellow", "r": "pink",
               "right": "pink"}
UNDO_BUTTONS = ("down",)
GRAB_BUTTONS = ("up",)
# The order the key caps are shown in (one per colour, then undo and grab).
CAP_ACTIONS = ("a", "b", "x", "y", "r", "down", "up")

# Screen layout (canvas px).
TOP = look.SAFE.top
CARD_X = look.SAFE.left
SIDE_X = CARD_X + art.CARD_W + 30          # the column right of the card
SIDE_W = look.SAFE.right - SIDE_X
LANES_TOP = TOP + art.CARD_H + 44
LANE_GAP = 14
BOX_H = 48
DROP_PX = 70                                 # boxes appear this far above the stack top

# Physics: canvas px and seconds, y down. Stepped with a constant dt from update_scene.
GRAVITY = 2600.0
SUBSTEPS = 2
TOPPLE_SPIN = 2.4       # rad/s: the stack starts to turn about its foot's corner as one piece
TOPPLE_KICK = 30.0     # px/s sideways per box above the bottom one, so it also breaks up


def short_key(label: str) -> str:
    """A key or button label short enough for a key cap in a lane."""
    label = label.split(" /")[0].split(" (")[0]
    for long, short in (("Right ", "R "), ("Left ", "L "), ("Page Down", "PgDn"),
                        ("Page Up", "PgUp"), ("Delete", "Del"), ("Num Enter", "N Ent"),
                        ("Num ", "N"), ("Backspace", "Bksp"), ("Return", "Ret")):
        label = label.replace(long, short)
    return label



def lane_panel(size, colour) -> pygame.Surface:
    """A player's lane: tinted with the seat colour, edged with it (cached: one blit, which
    shell.paint does in bands, rather than a big fill that holds the GIL)."""
    def build():
        surf = paint.surface(size, pygame.SRCALPHA)
        r = paint.get_rect(surf)
        paint.rect(surf, look.mix(colour, look.BG_BOTTOM, 0.82), r, border_radius=22)
        paint.rect(surf, colour, r, 4, border_radius=22)
        return look._prepare(surf)
    return look.cached(("otter_lane", tuple(size), tuple(colour)), build)

class Lane:
    """One player's lane: where it is, and its boxes as pymunk bodies in its own space."""

    def __init__(self, rect: pygame.Rect, box_w: int):
        self.rect = rect
        self.box_w = box_w
        self.floor = rect.bottom - 170
        self.cx = rect.centerx - (24 if rect.width >= 260 else 0)
        self.space = pymunk.Space()
        self.space.gravity = (0, GRAVITY)
        self.space.iterations = 30
        self.space.damping = 0.8
        # A floor wider than the lane and no side walls: a toppled stack may fall out of its
        # lane; the drawing is clipped to the lane, so it never lands in a neighbour's.
        floor = pymunk.Segment(self.space.static_body, (rect.left - 400, self.floor),
                               (rect.right + 400, self.floor), 4)
        floor.friction = 0.9
        self.space.add(floor)
        self.boxes: list = []  # [(colour, body)], bottom first
        self.toppled = False

    def drop(self, colour: str, jitter: float) -> None:
        top = self.floor - BOX_H * len(self.boxes)
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (self.box_w, BOX_H)))
        body.position = (self.cx + jitter, top - BOX_H / 2 - DROP_PX)
        shape = pymunk.Poly.create_box(body, (self.box_w, BOX_H), 1)
        shape.friction = 0.9
        shape.elasticity = 0.0
        self.space.add(body, shape)
        self.boxes.append((colour, body))

    def lift(self) -> None:
        if self.boxes:
            _, body = self.boxes.pop()
            self.space.remove(body, *body.shapes)

    def clear(self) -> None:
        while self.boxes:
            self.lift()
        self.toppled = False

    def topple(self, direction: int) -> None:
        """Tip the stack over: it starts to turn as one piece about the bottom box's floor
        corner on the `direction` side (+1 right, -1 left), the upper boxes a little faster,
        and gravity does the rest."""
        self.toppled = True
        pivot = pymunk.Vec2d(self.cx + direction * self.box_w / 2, self.floor)
        for i, (_, body) in enumerate(self.boxes):
            for shape in body.shapes:
                shape.friction = 0.5  # so the pieces slide apart instead of standing up again
            r = body.position - pivot
            w = direction * TOPPLE_SPIN
            # v = w x r (2-D, y down: a clockwise turn for w > 0 moves the top to the right)
            body.velocity = (-w * r.y + direction * TOPPLE_KICK * i, w * r.x)
            body.angular_velocity = w

    def step(self, dt: float) -> None:
        if self.boxes:
            for _ in range(SUBSTEPS):
                self.space.step(dt / SUBSTEPS)

    def upright(self) -> bool:
        """Every box level and right above the stack's foot (for tests and the reveal)."""
        return all(abs(body.angle) < 0.1 and abs(body.position.x - self.cx) < self.box_w / 3
                   for _, body in self.boxes)


class FlotterOtterScene(GameScene):
    game_id = "flotter_otter"
    reveal_kinds = frozenset({otter.WAYBILL_REVEALED})
    reaction_noun = "grab"
    results_kind = "grab"  # the results screen's median/best: grabs (first boxes: stats only)
    reaction_label = "ms from the waybill appearing to the grab, right stacks only"
    strip = False  # each lane shows its player's badge
    phone_layout = "otter"  # a phone: the five coloured boxes, take off and GRAB
    rules = [
        "Stack your boxes in one feature's order, up or down.",
        "Then grab! First right stack per feature: 2 points (magnifier's) or 1.",
        "Wrong stack + grab: -1. Five waybills end it.",
        "Digital addition: rounds end after 30 s.",
        "CPU easy, normal, hard: beginner, average, practised.",
    ]
    # One word each, so a player's whole row of keys fits the how-to card.
    controls = {"a": "green", "b": "orange", "x": "blue", "y": "yellow", "r": "pink",
                "down": "undo", "up": "grab"}

    # -- setting up ---------------------------------------------------------------------------
    def setup(self) -> None:
        n = self.players
        width = (look.SAFE.width - LANE_GAP * (n - 1)) // n
        height = look.SAFE.bottom - LANES_TOP
        box_w = int(min(150, width * 0.62))
        self.lanes = [Lane(pygame.Rect(look.SAFE.left + p * (width + LANE_GAP), LANES_TOP, width,
                                       height), box_w) for p in range(n)]
        self.fx = random.Random(self.seed)  # visual jitter only; the game's rng stays untouched
        self.result = None        # the last round_result's data, while it is shown
        self.last_count = None    # the countdown number last sounded
        self.caps = {p: self._caps(p) for p in range(n)}
        self.end_text = "Game over"

    def _caps(self, p: int) -> list:
        """(action, short key label) for the player's lane, [] for CPU seats."""
        seat = self.seats[p]
        hub = getattr(self.app, "hub", None)
        if seat.cpu or not seat.device or hub is None:
            return []
        keys = dict(hub.bindings_text(seat.device))
        out = []
        for action in CAP_ACTIONS:
            if action not in keys and action == "r":
                action = "right"  # a zone without a shoulder key: the direction is bound
            if action in keys:
                out.append((action, short_key(keys[action])))
        return out

    # -- input --------------------------------------------------------------------------------
    def press_to_action(self, p: int, press):
        if not press.down:
            return None
        if press.action in BOX_BUTTONS:
            return PlaceBox(BOX_BUTTONS[press.action])
        if press.action in UNDO_BUTTONS:
            return Undo()
        if press.action in GRAB_BUTTONS:
            return Grab()
        return None

    def on_illegal(self, p, action, exc) -> None:
        # Presses between rounds are just early: no error noise for them.
        if exc.rule == "no round in flight":
            return
        super().on_illegal(p, action, exc)

    # -- events -> motion and sound ---------------------------------------------------------------
    def on_events(self, events) -> None:
        for e in events:
            if e.kind == otter.BOX_PLACED:
                self.lanes[e.player].drop(e.data["colour"], self.fx.uniform(-3, 3))
                self.sound("box_drop")
            elif e.kind == otter.BOX_REMOVED:
                self.lanes[e.player].lift()
                self.sound("move")
            elif e.kind == otter.GRABBED:
                self.sound("slap")
            elif e.kind == otter.WAYBILL_REVEALED:
                self.sound("card_flip")
            elif e.kind in (otter.ROUND_READY, otter.GAME_STARTED):
                for lane in self.lanes:
                    lane.clear()
                self.result = None
                self.last_count = None
            elif e.kind == otter.ROUND_VOIDED:
                for lane in self.lanes:
                    lane.clear()
                self.flash(e.player, "round called off")
            elif e.kind == otter.ROUND_RESULT:
                self.round_result(e.data)
            elif e.kind == otter.GAME_OVER:
                why = "five waybills!" if e.data["reason"] == "five_waybills" else "pile empty"
                game_no = f"Game {e.data['game']} over" if not e.data["final"] else "Game over"
                self.end_text = f"{game_no}: {why}"

    def round_result(self, data: dict) -> None:
        self.result = data
        for p, row in enumerate(data["players"]):
            if not row["correct"] and self.lanes[p].boxes:
                self.lanes[p].topple(1 if self.fx.random() < 0.5 else -1)
        if any(not r["correct"] and self.lanes[p].boxes for p, r in enumerate(data["players"])):
            self.sound("thump")
        if any(o is not None for o in data["otters"]):
            self.sound("confirm")

    def update_scene(self, dt_ms: float) -> None:
        for lane in self.lanes:
            lane.step(dt_ms / 1000.0)
        view = self.view()
        if view["phase"] == "ready" and view["deadline"] is not None:
            left = math.ceil((view["deadline"] - self.game_ms()) / 1000)
            if left != self.last_count and 0 < left <= READY_MS // 1000:
                self.last_count = left
                self.sound("countdown")

    # -- drawing ----------------------------------------------------------------------------------
    def draw_table(self, canvas, view) -> None:
        self.draw_card(canvas, view)
        self.draw_side(canvas, view)
        for p in range(self.players):
            self.draw_lane(canvas, view, p)

    def draw_card(self, canvas, view) -> None:
        card_rect = pygame.Rect(CARD_X, TOP, art.CARD_W, art.CARD_H)
        phase = view["phase"]
        if view["waybill"] is None:
            paint.blit(canvas, art.card_back_surface(), card_rect)
            if phase == "ready":
                left = max(0, view["deadline"] - self.game_ms())
                n = max(1, math.ceil(left / 1000))
                look.text(canvas, f"Round {view['round']}: get ready!",
                          (card_rect.centerx, card_rect.top + 40), look.LARGE, look.WHITE,
                          "midtop")
                look.text(canvas, str(n), (card_rect.centerx, card_rect.centery + 40),
                          look.HUGE, look.ACCENT, "center")
            elif phase == "over":
                look.text(canvas, "Game over", card_rect.center, look.HUGE, look.WHITE, "center")
            elif phase == "break":
                look.text(canvas, f"Game {view['game'] + 1} of {view['games']} next",
                          card_rect.center, look.TITLE, look.WHITE, "center")
            return
        paint.blit(canvas, art.waybill_surface(view["waybill"]["id"]), card_rect)
        if phase == "stacking":
            self.draw_clock(canvas, view, card_rect)
        elif phase in ("over", "break"):
            surf = look.text_surface(self.end_text, look.LARGE, look.INK)
            pill = paint.get_rect(surf, center=(card_rect.centerx, card_rect.bottom - 20))
            pill = pill.inflate(60, 24)
            paint.rect(canvas, look.ACCENT, pill, border_radius=pill.height // 2)
            paint.rect(canvas, look.WHITE, pill, 4, border_radius=pill.height // 2)
            paint.blit(canvas, surf, paint.get_rect(surf, center=pill.center))

    def draw_clock(self, canvas, view, card_rect) -> None:
        """The round limit: a bar under the card that runs out, with the seconds left."""
        left = max(0, view["onset"] + ROUND_LIMIT_MS - self.game_ms())
        bar = pygame.Rect(card_rect.left + 30, card_rect.bottom + 10, card_rect.width - 160, 18)
        paint.rect(canvas, look.PANEL, bar, border_radius=9)
        fill = bar.copy()
        fill.width = int(bar.width * left / ROUND_LIMIT_MS)
        colour = look.GOOD if left > 10_000 else (look.ACCENT if left > 5000 else look.BAD)
        if fill.width > 0:
            paint.rect(canvas, colour, fill, border_radius=9)
        look.text(canvas, f"{math.ceil(left / 1000)} s", (bar.right + 16, bar.centery),
                  look.SMALL, colour, "midleft")

    def draw_side(self, canvas, view) -> None:
        x, y = SIDE_X, TOP
        if self.result is not None and view["last_result"] is not None:
            self.draw_orders(canvas, self.result, x, y)
            return
        look.text(canvas, f"Round {view['round']}" if view["round"] else "", (x, y),
                  look.BODY, look.TEXT)
        if view["games"] > 1:
            look.text(canvas, f"Game {view['game']} of {view['games']}", (x, y + 44),
                      look.SMALL, look.MUTED)
        y += 100
        look.text(canvas, "Grab cards", (x, y), look.SMALL, look.MUTED)
        y += 40
        for i, value in enumerate(view["grab_cards"][:6]):
            paint.blit(canvas, art.grab_card_surface(value), (x + i * 80, y))
        y += 130
        paint.blit(canvas, art.card_back_surface(70, 96), (x, y))
        look.text(canvas, f"{plural(view['pile'], 'waybill')} left", (x + 90, y + 48), look.SMALL,
                  look.MUTED, "midleft")

    def draw_orders(self, canvas, result, x, y) -> None:
        """The reveal: both correct orders (low to high), the magnifier's, and the otters."""
        w = SIDE_W
        panel = pygame.Rect(x, y, w, art.CARD_H)
        paint.rect(canvas, art.PAPER, panel, border_radius=22)
        paint.rect(canvas, (196, 182, 150), panel, 4, border_radius=22)
        yy = panel.top + 14
        for f in (result["magnifier"], 1 - result["magnifier"]):
            name = result["features"][f]
            double = f == result["magnifier"]
            look.text(canvas, name, (panel.left + 18, yy), look.SMALL, art.INK)
            if double:
                glass = art.magnifier_surface(result["magnifier_colour"], 14)
                paint.blit(canvas, glass, (panel.right - paint.get_width(glass) - 10, yy - 4))
            strip = art.order_strip(result["orders"][f], 40, 5)
            paint.blit(canvas, strip, (panel.left + 18, yy + 38))
            if w > 440:
                look.text(canvas, "low -> high",
                          (panel.left + 30 + paint.get_width(strip), yy + 58),
                          look.SMALL, (120, 110, 96), "midleft")
            otter = result["otters"][f]
            who = self.seats[otter].name if otter is not None else "no otter"
            points = "+2 face down" if double else "+1 face up"
            line = f"Otter: {who}  {points}" if otter is not None else "Otter: nobody"
            look.text(canvas, line, (panel.left + 18, yy + 86), look.SMALL,
                      (30, 120, 60) if otter is not None else (120, 110, 96))
            yy += 134
        margin = result["margin_ms"]
        if margin is not None:
            first = min((r for r in result["players"] if r["grab_ms"] is not None),
                        key=lambda r: r["grab_ms"])
            name = self.seats[first["seat"]].name
            if margin <= PHOTO_FINISH_MS:
                line, short = f"Photo finish: {name} by {margin} ms", f"Photo finish: {margin} ms"
            else:
                line, short = f"First grab: {name}, {margin} ms ahead", f"First grab by {margin} ms"
            if look.font(look.SMALL).size(line)[0] > panel.width - 36:
                line = short
            look.text(canvas, line, (panel.left + 18, panel.bottom - 36), look.SMALL, look.INK,
                      "midleft")

    def draw_lane(self, canvas, view, p) -> None:
        lane = self.lanes[p]
        seat = self.seats[p]
        rect = lane.rect
        row = view["players"][p]
        paint.blit(canvas, lane_panel(rect.size, seat.colour), rect)
        # header: shape, name (and the device glyph where there is room), score
        icon = look.shape_icon(seat.shape, seat.colour, 20)
        paint.blit(canvas, icon, paint.get_rect(icon, center=(rect.left + 34, rect.top + 32)))
        glyph = self.glyph(p)
        wide = rect.width >= 250
        room = rect.width - 74 - (70 if wide else 0)
        name, size = look.name_fit(seat.name, room)
        look.text(canvas, name, (rect.left + 62, rect.top + 32), size, look.TEXT, "midleft")
        if wide:
            look.keycap(canvas, (rect.right - 76, rect.top + 12), glyph[:3])
        # score: face-down waybills (2 points) and face-up ones (1 point), then the points
        y = rect.top + 66
        points = plural(view["series_points"][p], "pt")
        for i, x in enumerate(waybill_xs(rect, points, row["face_down"], len(row["face_up"]))):
            card = (art.card_back_surface(30, 42) if i < row["face_down"]
                    else art.mini_face(30, 42))
            paint.blit(canvas, card, (x, y))
        look.text(canvas, points, (rect.right - 16, y + 22), look.BODY, look.ACCENT, "midright")
        # the stack (clipped to the lane: a toppled stack may fall out of it)
        clip = paint.get_clip(canvas)
        paint.set_clip(canvas, rect.inflate(-8, -8))
        for colour, body in lane.boxes:
            surf = art.rotated_box(colour, lane.box_w, BOX_H, -math.degrees(body.angle))
            paint.blit(canvas, surf, paint.get_rect(surf, center=(round(body.position.x),
                                                                  round(body.position.y))))
        paint.set_clip(canvas, clip)
        if row["grab_card"] is not None:
            card_surf = art.grab_card_surface(row["grab_card"], 52, 72)
            paint.blit(canvas, card_surf, (rect.right - 64, lane.floor - 80))
        paint.line(canvas, look.mix(seat.colour, look.WHITE, 0.3),
                   (rect.left + 10, lane.floor + 3), (rect.right - 10, lane.floor + 3), 4)
        self.draw_lane_foot(canvas, view, p)

    def glyph(self, p: int) -> str:
        return "CPU" if p in self.bots else self.app.device_glyph(self.seats[p].device)

    def draw_lane_foot(self, canvas, view, p) -> None:
        """Under the stack: the result of the round, or this player's keys."""
        lane = self.lanes[p]
        rect = lane.rect
        y = lane.floor + 14
        result = self.result if view["last_result"] is not None else None
        if result is not None:
            row = result["players"][p]
            if row["grab_ms"] is not None:
                ms = f"{row['grab_ms']:,} ms".replace(",", " ")
            else:
                ms = "no grab"
            ok = row["correct"]
            full = len(row["stack"]) == len(art.BOX_RGB)
            verdict = "right" if ok else ("wrong" if row["grab_ms"] is not None or full
                                          else ("unfinished" if row["stack"] else ""))
            colour = look.GOOD if ok else (look.BAD if verdict else look.MUTED)
            look.text(canvas, ms, (rect.left + 16, y + 6), look.BODY,
                      colour if verdict else look.TEXT)
            if verdict and rect.width >= 250:
                look.text(canvas, verdict, (rect.right - 16, y + 6), look.BODY, colour, "topright")
            self.draw_award(canvas, result, p)
            return
        caps = self.caps.get(p) or []
        if not caps:
            if p in self.bots:
                look.text(canvas, f"CPU {self.seats[p].cpu or ''}", (rect.left + 16, y + 10),
                          look.SMALL, look.MUTED)
            return
        # the colour keys as key caps in the box colours, then undo and grab with their words;
        # as many rows as fit under the floor (the how-to card has them all)
        left, bottom = rect.left + 12, rect.bottom - 6
        items = [(label, art.BOX_RGB[BOX_BUTTONS[a]], None) for a, label in caps
                 if a in BOX_BUTTONS]
        items += [(label, look.CARD, "grab" if a in GRAB_BUTTONS else "undo")
                  for a, label in caps if a not in BOX_BUTTONS]
        if rect.width < 250:  # the header had no room for the device glyph
            items.insert(0, (self.glyph(p)[:3], look.MUTED, None))
        x = left
        for i, (label, fill, word) in enumerate(items):
            w = look.font(look.SMALL).size(label)[0] + 20
            ww = look.font(look.SMALL).size(word)[0] + 8 if word and rect.width >= 250 else 0
            new_row = word is not None and items[i - 1][2] is None and x > left
            if (x + w + ww > rect.right - 8 or new_row) and x > left:
                x, y = left, y + 50
            if y + 42 > bottom:
                break
            self.cap(canvas, pygame.Rect(x, y, w, 42), label, fill)
            if ww:
                look.text(canvas, word, (x + w + 8, y + 21), look.SMALL, look.TEXT, "midleft")
            x += w + ww + 8 + (12 if ww else 0)

    @staticmethod
    def cap(canvas, box, label, fill) -> None:
        paint.rect(canvas, look.SHADOW, box.move(0, 3), border_radius=9)
        paint.rect(canvas, fill, box, border_radius=9)
        look.text(canvas, label, box.center, look.SMALL, look.INK, "center")

    def draw_award(self, canvas, result, p) -> None:
        """A big tag over the lane's stack: what this round brought."""
        lane = self.lanes[p]
        tag, short, colour = None, None, look.GOOD
        for award in result["awards"]:
            if award["seat"] == p:
                short = "+2" if award["face"] == "down" else "+1"
                tag = "OTTER " + short
        for pen in result["penalties"]:
            if pen["seat"] == p:
                tag = short = "-1" if pen["lost"] != "nothing" else "-0"
                if pen["lost"] == "nothing":
                    tag = "nothing to lose"
                colour = look.BAD
        if tag is None:
            return
        size = look.BODY if len(tag) < 10 else look.SMALL
        if look.font(size).size(tag)[0] + 40 > lane.rect.width:
            tag, size = short, look.BODY
        surf = look.text_surface(tag, size, look.WHITE)
        box = paint.get_rect(surf, center=(lane.rect.centerx, lane.rect.top + 140)).inflate(30, 14)
        paint.rect(canvas, colour, box, border_radius=box.height // 2)
        paint.rect(canvas, look.WHITE, box, 3, border_radius=box.height // 2)
        paint.blit(canvas, surf, paint.get_rect(surf, center=box.center))

    def draw_strip(self, canvas) -> None:
        """No strip: flashes (an illegal press) go above the lane's stack."""
        for p, text, _ in self.flashes:
            rect = self.lanes[p].rect
            look.flash_above(canvas, pygame.Rect(rect.left, rect.top + 200, rect.width, 10), text)

    def draw(self, canvas) -> None:
        super().draw(canvas)
        if not self.strip:
            self.draw_strip(canvas)

    def demo_banner_at(self):
        """The side column's top line says the round (and holds the reveal panel), the lanes
        fill the rest: the DEMO line goes under the lanes, in the safe area's bottom margin
        (a line nobody needs to read if a TV cuts the edge off)."""
        return "midtop", (look.SAFE.centerx, look.SAFE.bottom + 10)


SCENE = FlotterOtterScene


def tile_art(surface, rect) -> None:
    art.tile_picture(surface, rect)


def waybill_xs(lane: pygame.Rect, points: str, face_down: int, face_up: int) -> list:
    """Where a lane's waybill cards (30 px wide; the face-down ones first, a gap, then the
    face-up ones) go, left to right under its name: 24 px apart, or stacked closer where they
    would reach within 12 px of the `points` written at the lane's right (many waybills in a
    narrow lane become two piles)."""
    left = lane.left + 16
    end = lane.right - 16 - look.font(look.BODY).size(points)[0] - 12
    count = face_down + face_up
    if not count:
        return []
    gap = 10 if face_down and face_up else 0
    step = 24
    if count > 1 and left + 30 + gap + 24 * (count - 1) > end:
        gap = min(gap, 4)
        step = max(0, (end - left - 30 - gap) // (count - 1))
    return [left + i * step + (gap if i >= face_down else 0) for i in range(count)]


def correct_presses(waybill_id: int, feature: int = 0, descending: bool = False) -> list:
    """The buttons that stack `waybill_id` right by `feature` (a helper for tests and demos)."""
    order = list(card(waybill_id).orders[feature])
    if descending:
        order.reverse()
    by_colour = {c: a for a, c in BOX_BUTTONS.items() if a != "right"}
    return [by_colour[c] for c in order] + [GRAB_BUTTONS[0]]

