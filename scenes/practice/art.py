"""The drills' pictures, drawn by code through shell.paint; the waybill sprint and the slap drill
draw with the games' own art (scenes/games/flotter_otter/art.py, fliegen_klatschen/art.py).

    stimulus(canvas, rect, view, seats)   the stage: what the current trial shows
    key_cap(canvas, rect, label, fill)    a key cap in a colour (a box's, a choice's)
    picture(canvas, rect, drill_id)       the practice menu's picture of a drill
    CHOICE_RGB                            the choice drill's four colours (the face buttons')

Sofa rules as everywhere: big, high contrast, never colour alone (the choice drill's colour
sits where its button sits on a pad; go and no-go differ in shape as well as colour).
"""

from __future__ import annotations

import pygame

from game.drills import CHOICE_COLOURS, PLACES
from game.fliegen_klatschen import catch_opens, catchable_colours
from game.waybills import card
from shell import look, paint
from scenes.games.fliegen_klatschen import art as flies
from scenes.games.flotter_otter import art as otter

CHOICE_RGB = {"green": otter.BOX_RGB["green"], "red": flies.FLY_RGB["red"],
              "blue": otter.BOX_RGB["blue"], "yellow": otter.BOX_RGB["yellow"]}
# Where each colour's disc sits: where its button sits on a pad (A low, B right, X left, Y up).
CHOICE_SPOT = {"green": (0, 1), "red": (1, 0), "blue": (-1, 0), "yellow": (0, -1)}
PLACE_SPOT = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
GO_RGB = look.GOOD
LURE_RGB = look.BAD
WAIT_RGB = (70, 40, 52)
SLAP_CARD = (180, 135)
TRIGGER_BACK = "green/dots"


def key_cap(canvas, rect, label: str, fill=look.CARD) -> pygame.Rect:
    rect = pygame.Rect(rect)
    paint.rect(canvas, look.SHADOW, rect.move(0, 3), border_radius=9)
    paint.rect(canvas, fill, rect, border_radius=9)
    look.text(canvas, label, rect.center, look.SMALL, look.INK, "center")
    return rect


def stimulus(canvas, rect, view: dict, seats) -> None:
    """The stage of the current trial (`view`: game.drills' view; `seats`: the players')."""
    rect = pygame.Rect(rect)
    drill, phase = view["drill"], view["phase"]
    shown = view["stimulus"]
    if phase in ("ready", "over"):
        words = "Get ready!" if phase == "ready" else "Done!"
        look.text(canvas, words, rect.center, look.HUGE, look.ACCENT, "center")
        return
    if drill == "simple":
        _simple(canvas, rect, phase)
    elif drill == "choice":
        lit = CHOICE_COLOURS[shown["target"]] if shown else None
        choice_discs(canvas, rect.center, choice_radius(rect.height), lit)
    elif drill == "go_nogo":
        _go_nogo(canvas, rect, shown)
    elif drill == "waybill":
        _waybill(canvas, rect, view)
    elif drill == "slap":
        _slap(canvas, rect, view, seats)


def _simple(canvas, rect, phase: str) -> None:
    box = pygame.Rect(0, 0, min(rect.width, 1100), rect.height - 20)
    box.center = rect.center
    if phase == "open":
        look.panel(canvas, box, GO_RGB, radius=60, edge=look.WHITE)
        look.text(canvas, "NOW!", box.center, look.HUGE, look.INK, "center")
    elif phase == "fore":
        look.panel(canvas, box, WAIT_RGB, radius=60)
        look.text(canvas, "wait for green ...", box.center, look.TITLE, look.MUTED, "center")
    else:
        look.panel(canvas, box, look.PANEL, radius=60)


def choice_radius(height: int) -> int:
    """The discs' radius for a stage `height` high: the lit one, ringed and bigger (r + 22),
    at the top or bottom of the cross (2.3 r from the centre) stays on the stage."""
    return min(int((height / 2 - 22) / 3.3), 80)


def choice_discs(canvas, centre, r: int, lit: str | None) -> None:
    """Four discs where the face buttons sit on a pad; the lit one bright, ringed, bigger."""
    cx, cy = centre
    step = int(r * 2.3)
    for colour in CHOICE_COLOURS:
        dx, dy = CHOICE_SPOT[colour]
        at = (cx + dx * step, cy + dy * step)
        if colour == lit:
            paint.circle(canvas, look.WHITE, at, r + 22)
            paint.circle(canvas, CHOICE_RGB[colour], at, r + 12)
        else:
            paint.circle(canvas, look.mix(CHOICE_RGB[colour], look.BG_BOTTOM, 0.72), at, r)
            paint.circle(canvas, look.mix(CHOICE_RGB[colour], look.BG_BOTTOM, 0.4), at, r, 4)


def _go_nogo(canvas, rect, shown) -> None:
    c = rect.center
    size = min(rect.height - 60, 360)
    if shown is None:
        frame = pygame.Rect(0, 0, size, size)
        frame.center = c
        paint.rect(canvas, look.PANEL_EDGE, frame, 6, border_radius=size // 2)
        return
    if shown["go"]:
        paint.circle(canvas, look.WHITE, c, size // 2 + 8)
        paint.circle(canvas, GO_RGB, c, size // 2)
    else:
        square = pygame.Rect(0, 0, size - 40, size - 40)
        square.center = c
        paint.rect(canvas, look.WHITE, square.inflate(16, 16), border_radius=18)
        paint.rect(canvas, LURE_RGB, square, border_radius=12)


def _waybill(canvas, rect, view) -> None:
    card_rect = pygame.Rect(0, 0, otter.CARD_W, otter.CARD_H)
    card_rect.center = rect.center
    shown = view["stimulus"]
    if shown is None:
        paint.blit(canvas, otter.card_back_surface(), card_rect)
        look.text(canvas, "get ready ...", card_rect.center, look.TITLE, look.WHITE, "center")
        return
    paint.blit(canvas, otter.waybill_surface(shown["waybill"]), card_rect)
    if view["phase"] == "shown":  # both right orders, lowest first, at the card's side
        orders = card(shown["waybill"]).orders
        x = card_rect.right + 24
        for i, order in enumerate(orders):
            strip = otter.order_strip(order, 40, 5)
            if x + paint.get_width(strip) <= look.SAFE.right:
                paint.blit(canvas, strip, (x, card_rect.top + 60 + i * 110))
        if x + 5 * 45 <= look.SAFE.right:
            look.text(canvas, "low -> high", (x, card_rect.top + 14), look.SMALL, look.MUTED)


def slap_spots(rect) -> dict:
    """Where the slap drill's cards lie: the trigger in the middle, the flies at PLACES."""
    w, h = SLAP_CARD
    cx, cy = pygame.Rect(rect).center
    spots = {"trigger": (cx, cy)}
    for place in PLACES:
        dx, dy = PLACE_SPOT[place]
        spots[place] = (cx + dx * (w + 24), cy + dy * (h + 16))
    return spots


def _slap(canvas, rect, view, seats) -> None:
    w, h = SLAP_CARD
    spots = slap_spots(rect)
    felt = pygame.Rect(0, 0, 3 * w + 120, 3 * h + 60)
    felt.center = rect.center
    look.felt(canvas, felt, radius=30)
    shown = view["stimulus"]
    trigger = shown["trigger"] if shown else None
    face = flies.back_face(TRIGGER_BACK, w, h) if trigger is None else (
        flies.swatter_face(w, h) if trigger[0] == "swatter" else flies.fly_face(*trigger, w, h))
    paint.blit(canvas, face, paint.get_rect(face, center=spots["trigger"]))
    for i, place in enumerate(PLACES):
        colour, value = view["table"][i]
        card = flies.fly_face(colour, value, w, h)
        paint.blit(canvas, card, paint.get_rect(card, center=spots[place]))
    if view["phase"] != "shown":
        return  # (hands show only once the trial is over: a hand must not cue the others)
    faces = [c for c, _ in view["table"]] + [trigger[0]]
    catchable = catchable_colours(faces) if catch_opens(faces, trigger[0]) else []
    for i, place in enumerate(PLACES):
        if view["table"][i][0] in catchable:
            ring = pygame.Rect(0, 0, w + 16, h + 16)
            ring.center = spots[place]
            paint.rect(canvas, look.GOOD, ring, 6, border_radius=18)
    for p, player in enumerate(view["players"]):  # every slap of the trial, as that seat's hand
        if player["choice"] is None or player["verdict"] == "early":
            continue
        seat = seats[p]
        hand = flies.hand(seat.colour, seat.shape, 96, left=p % 2 == 1, pose="down")
        x, y = spots[PLACES[player["choice"]]]
        paint.blit(canvas, hand, paint.get_rect(hand, center=(x + (p % 4 - 1.5) * 22, y + 10)))


def picture(canvas, rect, drill_id: str) -> None:
    """The practice menu's picture of a drill (the games' select-screen art for their drills)."""
    rect = pygame.Rect(rect)
    if drill_id == "waybill":
        otter.tile_picture(canvas, rect)
        return
    if drill_id == "slap":
        flies.tile_art(canvas, rect)
        return
    look.felt(canvas, rect, radius=24)
    if drill_id == "simple":
        box = rect.inflate(-120, -120)
        look.panel(canvas, box, GO_RGB, radius=40, edge=look.WHITE)
        look.text(canvas, "NOW!", box.center, look.TITLE, look.INK, "center")
    elif drill_id == "choice":
        choice_discs(canvas, rect.center, rect.height // 9, "red")
    else:
        r = rect.height // 4
        paint.circle(canvas, GO_RGB, (rect.centerx - r - 30, rect.centery), r)
        square = pygame.Rect(0, 0, int(r * 1.7), int(r * 1.7))
        square.center = (rect.centerx + r + 30, rect.centery)
        paint.rect(canvas, LURE_RGB, square, border_radius=10)
