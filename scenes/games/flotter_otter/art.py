"""Flotter Otter's pictures, all drawn by code and cached: the 13 item themes of
game/waybills.py at their five feature levels, the waybill card with its magnifying glass, the
boxes (and their rotated copies, in angle buckets), the grab cards and waybill icons.

Items are drawn in a unit square (x right, y down, 0..1) by `Pen`, at twice the final size and
smooth-scaled down (cheap anti-aliasing; each picture is made once). A feature's level reaches a
theme's drawing as a number: `size(name)` is 0.0 .. 1.0 (level / 4) for "size" features and
`count(name)` the number drawn for "count" features. Features not on a waybill are drawn at the
middle level, so an item keeps its look from card to card.

How far apart the levels are is the game's difficulty: SIZE_SPAN says how much bigger the
largest size is than the smallest (each step about a quarter more: readable from a sofa, but it
takes a comparison, not a glance).
"""

from __future__ import annotations

import math

import pygame

from shell import look, paint
from game.waybills import THEMES, card_view

# Box colours: bright, far apart in hue and lightness (yellow and orange differ in lightness too).
BOX_RGB = {
    "yellow": (250, 214, 40),
    "orange": (246, 124, 22),
    "pink": (238, 104, 180),
    "green": (64, 178, 72),
    "blue": (44, 104, 224),
}
INK = (34, 30, 40)
PAPER = (252, 247, 232)
MID_LEVEL = 2
SUPERSAMPLE = 2

ITEM_W, ITEM_H = 226, 272  # one item's cell on the waybill
CARD_PAD = 26
CARD_W = 5 * ITEM_W + 2 * CARD_PAD
CARD_H = ITEM_H + 2 * CARD_PAD + 10


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


# -- the pen ------------------------------------------------------------------------------------

class Pen:
    """Draws in unit coordinates onto a surface; every filled shape gets an ink outline."""

    def __init__(self, surf: pygame.Surface, colour):
        self.surf = surf
        self.w, self.h = paint.get_size(surf)
        self.colour = colour
        self.ink = max(2, round(self.w / 70))

    def p(self, x, y):
        return (round(x * self.w), round(y * self.h))

    def px(self, v):
        return max(1, round(v * self.w))

    def poly(self, pts, fill=None, outline=True):
        pts = [self.p(x, y) for x, y in pts]
        paint.polygon(self.surf, self.colour if fill is None else fill, pts)
        if outline:
            paint.polygon(self.surf, INK, pts, self.ink)

    def rect(self, x, y, w, h, fill=None, outline=True, radius=0.0):
        r = pygame.Rect(self.p(x, y), (self.px(w), max(1, round(h * self.h))))
        paint.rect(self.surf, self.colour if fill is None else fill, r,
                   border_radius=self.px(radius) if radius else 0)
        if outline:
            paint.rect(self.surf, INK, r, self.ink,
                       border_radius=self.px(radius) if radius else 0)

    def circle(self, x, y, r, fill=None, outline=True, width=0):
        c, rad = self.p(x, y), self.px(r)
        if outline:
            paint.circle(self.surf, INK, c, rad + self.ink)
        paint.circle(self.surf, self.colour if fill is None else fill, c, rad, width)

    def ring(self, x, y, r, thickness):
        """A ring (tyre): ink outside and inside edge, the fill is ink too (rubber)."""
        c = self.p(x, y)
        paint.circle(self.surf, INK, c, self.px(r))
        inner = self.px(r) - max(self.ink + 1, self.px(thickness))
        paint.circle(self.surf, PAPER, c, max(1, inner))

    def ellipse(self, x, y, w, h, fill=None, outline=True):
        r = pygame.Rect(self.p(x, y), (self.px(w), max(1, round(h * self.h))))
        paint.ellipse(self.surf, self.colour if fill is None else fill, r)
        if outline:
            paint.ellipse(self.surf, INK, r, self.ink)

    def line(self, x1, y1, x2, y2, width=0.02, colour=None, outline=True):
        a, b = self.p(x1, y1), self.p(x2, y2)
        wpx = self.px(width)
        if outline:
            paint.line(self.surf, INK, a, b, wpx + 2 * self.ink)
            for end in (a, b):
                paint.circle(self.surf, INK, end, (wpx + 2 * self.ink) // 2)
        paint.line(self.surf, self.colour if colour is None else colour, a, b, wpx)
        for end in (a, b):
            paint.circle(self.surf, self.colour if colour is None else colour, end,
                         wpx // 2)

    def ground(self, y=0.95):
        paint.line(self.surf, (200, 190, 165), self.p(0.04, y), self.p(0.96, y),
                   self.ink)


def spread(n: int, a: float, b: float) -> list:
    """n positions evenly inside a..b (centred in n equal slots)."""
    return [a + (b - a) * (i + 0.5) / n for i in range(n)]


WHITE = (255, 255, 255)
WOOD = (176, 124, 70)
DARK = (70, 74, 84)
LEAF = (46, 84, 60)
RED = (190, 30, 50)


# -- the 13 themes --------------------------------------------------------------------------------
# Each draws one item with Pen `d`; size(name) in 0..1, count(name) an int.

def bicycle(d, size, count):
    rear, front, y, r = 0.24, 0.76, 0.74, 0.19
    tyre = lerp(0.018, 0.085, size("tyre width"))
    for x in (rear, front):
        d.ring(x, y, r, tyre)
        n = count("spokes")
        for i in range(n):
            a = math.pi * i / n
            dx, dy = math.cos(a) * (r - tyre), math.sin(a) * (r - tyre)
            d.line(x - dx, y - dy, x + dx, y + dy, 0.012, INK, outline=False)
        d.circle(x, y, 0.022, INK, outline=False)
    seat_x, bar_x, top = 0.42, 0.7, 0.5
    d.line(rear, y, seat_x, top, 0.035)
    d.line(seat_x, top, bar_x, top, 0.035)
    d.line(rear, y, 0.5, y, 0.035)
    d.line(0.5, y, seat_x, top, 0.035)
    d.line(0.5, y, bar_x, top, 0.035)
    d.line(bar_x, top, front, y, 0.035)
    seat_up = lerp(0.04, 0.34, size("seat height"))
    d.line(seat_x, top, seat_x, top - seat_up, 0.022, DARK)
    d.ellipse(seat_x - 0.08, top - seat_up - 0.035, 0.16, 0.05, INK, outline=False)
    bar_up = lerp(0.04, 0.34, size("handlebar height"))
    d.line(bar_x, top, bar_x, top - bar_up, 0.022, DARK)
    d.line(bar_x - 0.07, top - bar_up, bar_x + 0.06, top - bar_up, 0.025, DARK)


def tv_set(d, size, count):
    d.ground()
    body = (0.08, 0.42, 0.84, 0.52)
    d.rect(*body, radius=0.04)
    s = lerp(0.35, 1.0, size("screen size"))
    sw, sh = 0.56 * s, 0.42 * s
    cx, cy = 0.08 + 0.33, 0.42 + 0.26
    d.rect(cx - sw / 2, cy - sh / 2, sw, sh, DARK, radius=0.02)
    for ky in spread(count("knobs"), 0.45, 0.92):
        d.circle(0.83, ky, 0.028, WHITE)
    length = lerp(0.07, 0.36, size("antenna length"))
    for a in (-0.5, 0.5):
        d.line(0.5, 0.42, 0.5 + math.sin(a) * length, 0.42 - math.cos(a) * length, 0.014, DARK)
    d.circle(0.5, 0.42, 0.03, DARK)


def ship_in_bottle(d, size, count):
    d.ground()
    neck = lerp(0.02, 0.3, size("neck length"))
    body_w = 0.92 - 0.04 - neck
    d.ellipse(0.04, 0.42, body_w, 0.5, (238, 244, 246))
    d.rect(0.04 + body_w - 0.03, 0.57, neck + 0.03, 0.2, (238, 244, 246))
    d.rect(0.04 + body_w + neck - 0.01, 0.59, 0.05, 0.16, WOOD)
    # the glass is the item's colour: a thick coloured rim
    rim = pygame.Rect(d.p(0.04, 0.42), (d.px(body_w), round(0.5 * d.h)))
    paint.ellipse(d.surf, d.colour, rim.inflate(-2 * d.ink, -2 * d.ink), d.px(0.035))
    hull_x, hull_w = 0.04 + body_w * 0.2, body_w * 0.6
    d.poly([(hull_x, 0.72), (hull_x + hull_w, 0.72), (hull_x + hull_w - 0.05, 0.82),
            (hull_x + 0.05, 0.82)], DARK)
    for px_ in spread(count("cannon ports"), hull_x + 0.06, hull_x + hull_w - 0.06) \
            if count("cannon ports") else []:
        d.circle(px_, 0.765, 0.024, WHITE, outline=False)
    mast = lerp(0.06, 0.24, size("mast height"))
    mx = hull_x + hull_w / 2
    d.line(mx, 0.72, mx, 0.72 - mast, 0.012, INK, outline=False)
    d.poly([(mx + 0.01, 0.72 - mast), (mx + 0.01, 0.7), (mx + 0.02 + mast * 0.6, 0.7)], d.colour)


def sock(d, size, count):
    length = lerp(0.18, 0.62, size("length"))
    top = 0.74 - length
    x0, x1 = 0.3, 0.58
    d.poly([(x0, top), (x1, top), (x1, 0.74), (0.88, 0.74), (0.92, 0.82), (0.86, 0.92),
            (x0 + 0.06, 0.92), (x0, 0.84)])
    d.rect(x0 - 0.01, top - 0.05, x1 - x0 + 0.02, 0.06, WHITE)
    n = count("stripes")
    for sy in spread(n, top + 0.03, 0.72):
        d.rect(x0, sy - 0.012, x1 - x0, 0.024, INK, outline=False)
    dots = count("dots")
    for dx in spread(dots, 0.45, 0.86) if dots else []:
        d.circle(dx, 0.835, 0.022, WHITE)


def kite(d, size, count):
    s = lerp(0.08, 0.23, size("kite size"))
    cx, cy = 0.35, 0.06 + s * 1.2
    d.poly([(cx, cy - s * 1.2), (cx + s, cy), (cx, cy + s * 1.4), (cx - s, cy)])
    d.line(cx, cy - s * 1.2, cx, cy + s * 1.4, 0.008, INK, outline=False)
    d.line(cx - s, cy, cx + s, cy, 0.008, INK, outline=False)
    tail = lerp(0.15, 0.62, size("tail length"))
    start = (cx, cy + s * 1.4)
    end = (min(0.92, cx + tail * 0.55), min(0.96, start[1] + tail * 0.85))
    pts = []
    for i in range(21):
        t = i / 20
        x = lerp(start[0], end[0], t) + 0.03 * math.sin(t * 4 * math.pi)
        pts.append((x, lerp(start[1], end[1], t)))
    paint.lines(d.surf, INK, False, [d.p(*p) for p in pts], d.ink)
    n = count("bows")
    b = min(0.045, tail / n * 0.42)  # small enough on a short tail to stay countable
    for t in spread(n, 0.0, 1.0):
        x, y = pts[min(20, round(t * 20))]
        d.poly([(x - b, y - b * 0.62), (x + b, y + b * 0.62), (x + b, y - b * 0.62),
                (x - b, y + b * 0.62)], d.colour)


def cake(d, size, count):
    d.ground()
    h = lerp(0.12, 0.44, size("height"))
    top = 0.94 - h
    d.rect(0.14, top, 0.72, h, radius=0.03)
    d.rect(0.12, top - 0.02, 0.76, 0.05, WHITE, radius=0.02)
    for x in spread(count("candles"), 0.18, 0.82):
        d.rect(x - 0.014, top - 0.16, 0.028, 0.14, WHITE)
        d.ellipse(x - 0.018, top - 0.21, 0.036, 0.05, (255, 190, 40))
    cherries = count("cherries")
    for x in spread(cherries, 0.2, 0.8) if cherries else []:
        d.circle(x, top + h / 2 + 0.01, 0.03, RED)


def lamp(d, size, count):
    d.ground()
    d.ellipse(0.34, 0.89, 0.32, 0.07, DARK)
    pole = lerp(0.14, 0.52, size("pole height"))
    top = 0.9 - pole
    d.line(0.5, 0.9, 0.5, top, 0.018, DARK)
    w = lerp(0.24, 0.86, size("shade width"))
    d.poly([(0.5 - w * 0.32, top - 0.17), (0.5 + w * 0.32, top - 0.17), (0.5 + w / 2, top),
            (0.5 - w / 2, top)])
    tassels = count("tassels")
    for x in spread(tassels, 0.5 - w / 2, 0.5 + w / 2) if tassels else []:
        d.line(x, top, x, top + 0.06, 0.006, INK, outline=False)
        d.circle(x, top + 0.07, 0.016, INK, outline=False)


def fish(d, size, count):
    length = lerp(0.28, 0.62, size("body length"))
    fin = lerp(0.07, 0.27, size("tail fin size"))
    x0 = 0.5 - (length + fin) / 2 + fin
    cy = 0.58
    d.poly([(x0 + 0.02, cy), (x0 - fin, cy - fin * 0.9), (x0 - fin, cy + fin * 0.9)])
    d.ellipse(x0, cy - 0.14, length, 0.28)
    n = count("spots")
    r = min(0.024, (length * 0.66 - 0.06) / n / 2 - 0.008)
    for x in spread(n, x0 + 0.04, x0 + length * 0.7):
        d.circle(x, cy + 0.03, r, WHITE)
    d.circle(x0 + length * 0.84, cy - 0.05, 0.022, WHITE)
    d.circle(x0 + length * 0.85, cy - 0.05, 0.009, INK, outline=False)


def house(d, size, count):
    d.ground()
    chim = lerp(0.03, 0.24, size("chimney height"))
    d.rect(0.66, 0.38 - chim, 0.08, chim + 0.1, DARK)
    d.rect(0.12, 0.46, 0.76, 0.49)
    d.poly([(0.06, 0.47), (0.5, 0.2), (0.94, 0.47)], DARK)
    door = lerp(0.12, 0.4, size("door height"))
    d.rect(0.18, 0.95 - door, 0.14, door, WOOD)
    n = count("windows")
    slots = [(x, y) for y in (0.56, 0.76) for x in (0.44, 0.6, 0.76)][:n]
    for x, y in slots:
        d.rect(x - 0.055, y - 0.055, 0.11, 0.11, (200, 226, 250))


def umbrella(d, size, count):
    w = lerp(0.34, 0.94, size("canopy width"))
    top, rim = 0.1, 0.1 + 0.2 + w * 0.12
    n = count("panels")
    edge = [(0.5 - w / 2 + w * i / n, rim) for i in range(n + 1)]
    for i in range(n):
        fill = d.colour if i % 2 == 0 else look.mix(d.colour, WHITE, 0.45)
        d.poly([(0.5, top), edge[i], (edge[i][0] + w / n / 2, rim - 0.04), edge[i + 1]], fill)
    handle = lerp(0.12, 0.5, size("handle length"))
    d.line(0.5, rim, 0.5, rim + handle, 0.016, DARK)
    hook = pygame.Rect(d.p(0.44, rim + handle - 0.05), (d.px(0.12), round(0.1 * d.h)))
    paint.arc(d.surf, DARK, hook, math.pi, 2 * math.pi, d.px(0.016))


def flower(d, size, count):
    d.ground()
    stem = lerp(0.18, 0.56, size("stem length"))
    head_y = 0.95 - stem - 0.1
    d.line(0.5, 0.95, 0.5, head_y, 0.02, LEAF)
    leaves = count("leaves")
    for i, y in enumerate(spread(leaves, head_y + 0.12, 0.9)):
        side = 1 if i % 2 == 0 else -1
        d.poly([(0.5, y), (0.5 + side * 0.13, y - 0.05), (0.5 + side * 0.2, y - 0.01),
                (0.5 + side * 0.1, y + 0.03)], LEAF)
    n = count("petals")
    for i in range(n):
        a = 2 * math.pi * i / n - math.pi / 2
        px_, py = 0.5 + math.cos(a) * 0.1, head_y + math.sin(a) * 0.1
        d.circle(px_, py, 0.07)
    d.circle(0.5, head_y, 0.055, (255, 236, 150))


def truck(d, size, count):
    d.ground()
    length = lerp(0.34, 0.74, size("length"))
    x0 = 0.94 - 0.2 - length
    d.rect(x0, 0.62, length, 0.18)
    d.rect(0.74, 0.5, 0.2, 0.3, radius=0.03)
    d.rect(0.8, 0.54, 0.1, 0.1, (200, 226, 250))
    load = lerp(0.05, 0.4, size("load height"))
    d.rect(x0 + 0.03, 0.62 - load, length - 0.06, load, WOOD)
    n = count("wheels")
    r = min(0.05, (0.9 - x0) / n / 2 - 0.014)  # wheels never overlap: they are counted
    for x in spread(n, x0 + 0.02, 0.92):
        d.circle(x, 0.85, r, DARK)
        d.circle(x, 0.85, r * 0.36, WHITE, outline=False)


def hat(d, size, count):
    d.ground()
    crown = lerp(0.1, 0.46, size("crown height"))
    brim = lerp(0.32, 0.96, size("brim width"))
    base = 0.84
    d.ellipse(0.5 - brim / 2, base - 0.05, brim, 0.12)
    d.rect(0.34, base - crown, 0.32, crown + 0.01, radius=0.03)
    d.rect(0.34, base - 0.09, 0.32, 0.06, INK, outline=False)
    feathers = count("feathers")
    for i in range(feathers):
        a = -0.9 + 0.45 * i
        x0, y0 = 0.62, base - 0.07
        x1, y1 = x0 + math.sin(a + 0.9) * 0.26, y0 - math.cos(a + 0.9) * 0.3 + 0.04
        d.line(x0, y0, x1, y1, 0.03, WHITE)


DRAW = {
    "bicycle": bicycle, "tv_set": tv_set, "ship_in_bottle": ship_in_bottle, "sock": sock,
    "kite": kite, "cake": cake, "lamp": lamp, "fish": fish, "house": house,
    "umbrella": umbrella, "flower": flower, "truck": truck, "hat": hat,
}


# -- items, cards ---------------------------------------------------------------------------------

def item_surface(theme: str, colour: str, levels: dict, w: int = ITEM_W,
                 h: int = ITEM_H) -> pygame.Surface:
    """One item of `theme` in box `colour`; levels: {feature name: 0..4} (others: middle).
    Cached per look."""
    key = ("otter_item", theme, colour, tuple(sorted(levels.items())), w, h)

    def build():
        features = {f.name: f for f in THEMES[theme]}

        def level(name):
            return levels.get(name, MID_LEVEL)

        def size(name):
            return level(name) / 4

        def count(name):
            return features[name].values[level(name)]

        big = paint.surface((w * SUPERSAMPLE, h * SUPERSAMPLE), pygame.SRCALPHA)
        DRAW[theme](Pen(big, BOX_RGB[colour]), size, count)
        return look._prepare(paint.smoothscale(big, (w, h)))

    return look.cached(key, build)


def magnifier_surface(colour: str, r: int = 44) -> pygame.Surface:
    """The magnifying glass: a thick frame in box `colour`, a handle, a pale lens."""
    def build():
        s = SUPERSAMPLE
        big = paint.surface((int(r * 3.2) * s, int(r * 3.2) * s), pygame.SRCALPHA)
        c = (r * 1.3 * s, r * 1.3 * s)
        a = math.pi / 4
        end = (c[0] + math.cos(a) * r * 2.3 * s, c[1] + math.sin(a) * r * 2.3 * s)
        paint.line(big, INK, c, end, int(r * 0.5 * s))
        paint.line(big, WOOD, c, end, int(r * 0.32 * s))
        paint.circle(big, INK, c, r * s + 4 * s)
        paint.circle(big, BOX_RGB[colour], c, r * s)
        paint.circle(big, (226, 240, 248), c, int(r * 0.66 * s))
        paint.circle(big, INK, c, int(r * 0.66 * s), 2 * s)
        paint.arc(big, WHITE, pygame.Rect(c[0] - r * 0.45 * s, c[1] - r * 0.45 * s,
                                          r * 0.9 * s, r * 0.9 * s), 1.9, 2.9, 3 * s)
        size = (paint.get_width(big) // s, paint.get_height(big) // s)
        return look._prepare(paint.smoothscale(big, size))
    return look.cached(("otter_magnifier", colour, r), build)


def waybill_surface(waybill_id: int) -> pygame.Surface:
    """The whole waybill card (CARD_W x CARD_H): five items left to right in the card's
    layout, the magnifying glass in the top-right corner. Cached per card."""
    def build():
        view = card_view(waybill_id)
        surf = paint.surface((CARD_W, CARD_H + 8), pygame.SRCALPHA)
        r = pygame.Rect(0, 0, CARD_W, CARD_H)
        paint.rect(surf, look.SHADOW, r.move(0, 8), border_radius=26)
        paint.rect(surf, PAPER, r, border_radius=26)
        paint.rect(surf, (196, 182, 150), r, 4, border_radius=26)
        paint.rect(surf, (226, 214, 186), r.inflate(-20, -20), 2, border_radius=20)
        for i, item in enumerate(view["items"]):
            levels = dict(zip(view["features"], item["levels"]))
            pic = item_surface(view["theme"], item["colour"], levels)
            paint.blit(surf, pic, (CARD_PAD + i * ITEM_W, CARD_PAD + 6))
        glass = magnifier_surface(view["magnifier_colour"], 34)
        paint.blit(surf, glass, paint.get_rect(glass, topright=(CARD_W - 4, 2)))
        return look._prepare(surf)
    return look.cached(("otter_waybill", waybill_id), build)


def card_back_surface(w: int = CARD_W, h: int = CARD_H) -> pygame.Surface:
    """The back of a waybill (the face-down pile), with an otter-blue wave pattern."""
    def build():
        surf = paint.surface((w, h + 8), pygame.SRCALPHA)
        r = pygame.Rect(0, 0, w, h)
        radius = max(6, min(26, w // 10))
        paint.rect(surf, look.SHADOW, r.move(0, 8), border_radius=radius)
        paint.rect(surf, PAPER, r, border_radius=radius)
        inner = r.inflate(-max(6, w // 40), -max(6, w // 40))
        paint.rect(surf, (40, 110, 150), inner, border_radius=max(4, radius - 6))
        step = max(8, h // 8)
        for y in range(inner.top + step // 2, inner.bottom - step // 3, step):
            pts = [(x, y + math.sin(x / max(6, step * 0.6)) * step * 0.25)
                   for x in range(inner.left + 6, inner.right - 6, 4)]
            if len(pts) > 1:
                paint.lines(surf, (90, 170, 200), False, pts, max(2, step // 8))
        return look._prepare(surf)
    return look.cached(("otter_back", w, h), build)


def mini_face(w: int, h: int) -> pygame.Surface:
    """A small face-up waybill (1 point) for the score row."""
    def build():
        surf = paint.surface((w, h), pygame.SRCALPHA)
        r = paint.get_rect(surf)
        paint.rect(surf, PAPER, r, border_radius=6)
        paint.rect(surf, (196, 182, 150), r, 2, border_radius=6)
        for i, c in enumerate(("yellow", "pink", "blue")):
            paint.rect(surf, BOX_RGB[c], (6 + i * (w - 12) // 3, h // 3,
                                          (w - 12) // 3 - 3, h // 2), border_radius=3)
        return look._prepare(surf)
    return look.cached(("otter_mini_face", w, h), build)


# -- boxes and grab cards --------------------------------------------------------------------------

def box_surface(colour: str, w: int, h: int) -> pygame.Surface:
    """A stackable box: the colour, a darker rim, a lid line and a highlight."""
    def build():
        surf = paint.surface((w, h), pygame.SRCALPHA)
        rgb = BOX_RGB[colour]
        r = paint.get_rect(surf)
        paint.rect(surf, look.mix(rgb, INK, 0.45), r, border_radius=8)
        paint.rect(surf, rgb, r.inflate(-6, -6), border_radius=6)
        paint.line(surf, look.mix(rgb, INK, 0.3), (6, h // 3), (w - 7, h // 3), 3)
        paint.line(surf, look.mix(rgb, WHITE, 0.45), (8, 6), (w - 10, 6), 3)
        return look._prepare(surf)
    return look.cached(("otter_box", colour, w, h), build)


ANGLE_STEP = 3  # degrees per cached rotation bucket


def rotated_box(colour: str, w: int, h: int, degrees: float) -> pygame.Surface:
    """The box rotated to the nearest ANGLE_STEP bucket (cached: rotating every frame costs
    about five times a cached blit)."""
    bucket = round(degrees / ANGLE_STEP) % (360 // ANGLE_STEP)
    if bucket == 0:
        return box_surface(colour, w, h)
    return look.cached(("otter_box_rot", colour, w, h, bucket),
                       lambda: look._prepare(pygame.transform.rotate(
                           box_surface(colour, w, h), bucket * ANGLE_STEP)))


def grab_card_surface(value: int, w: int = 70, h: int = 96, taken: bool = False):
    """A grab card with its number (an otter paw would be nicer; the number is what counts)."""
    def build():
        surf = paint.surface((w, h + 6), pygame.SRCALPHA)
        r = pygame.Rect(0, 0, w, h)
        paint.rect(surf, look.SHADOW, r.move(0, 6), border_radius=10)
        paint.rect(surf, (255, 226, 120) if not taken else (230, 214, 170), r,
                   border_radius=10)
        paint.rect(surf, INK, r, 3, border_radius=10)
        t = look.font(look.LARGE if h >= 80 else look.BODY).render(str(value), True, INK)
        paint.blit(surf, t, paint.get_rect(t, center=r.center))
        return look._prepare(surf)
    return look.cached(("otter_grab", value, w, h, taken), build)


def order_strip(order, cell: int = 46, gap: int = 6) -> pygame.Surface:
    """Five small boxes in a row, lowest level on the left, with a '<' between them."""
    def build():
        w = 5 * cell + 4 * gap
        surf = paint.surface((w, cell), pygame.SRCALPHA)
        for i, colour in enumerate(order):
            paint.blit(surf, box_surface(colour, cell, cell), (i * (cell + gap), 0))
        return look._prepare(surf)
    return look.cached(("otter_order", tuple(order), cell, gap), build)


def tile_picture(surface: pygame.Surface, rect) -> None:
    """The select-screen picture: a bicycle waybill corner, a stack of boxes and a grab card."""
    rect = pygame.Rect(rect)
    paint.fill(surface, (26, 74, 66), rect)
    x = rect.left + 16
    for i, colour in enumerate(("green", "orange", "pink", "yellow", "blue")):
        pic = item_surface("bicycle", colour, {"seat height": i, "tyre width": (i * 3) % 5},
                           110, 125)
        paint.blit(surface, pic, (x + (i % 3) * 104, rect.top + 10 + (i // 3) * 130))
    bw, bh = 110, 40
    for i, colour in enumerate(("blue", "yellow", "pink", "orange", "green")):
        at = (rect.right - bw - 40 + (i % 2) * 4, rect.bottom - 16 - (i + 1) * (bh - 2))
        paint.blit(surface, box_surface(colour, bw, bh), at)
    paint.blit(surface, grab_card_surface(1, 56, 76), (rect.right - 120, rect.top + 14))
    paint.blit(surface, magnifier_surface("orange", 26), (rect.right - 120 - 100, rect.top + 8))
