"""Formula Fun's pictures, drawn by code at their final size and cached (shell.look.cached):
the oval track (30 numbered spaces, the chequered start space, the flagged ten-space), the
car cards as traffic signs, the cars in their seat's colour with their seat's shape on the roof,
and the select-screen tile.

Track geometry: a stadium (two straights, two half circles) inside `Track.rect`. Space d lies
at arc position d along the centre line, driving anticlockwise on screen: along the bottom
straight to the right, up the right bend, back along the top, down the left bend. Lanes run
from the inside (lane 0, towards the infield) outwards.
"""

from __future__ import annotations

import math

import pygame

from shell import look, paint
from game.formula_fun import CARDS, LABELS, SPACES, TURBO

ASPHALT = (58, 62, 74)
ASPHALT_2 = (70, 75, 88)
KERB = (230, 230, 236)
KERB_RED = (210, 50, 50)
SIGN_RED = (214, 36, 40)
SIGN_BLUE = (30, 90, 200)
TURBO_ORANGE = (255, 140, 20)
LANES = 4                 # drawn lanes; the start grid's 5th and 6th car squeeze in


class Track:
    """Where spaces and lanes are on the canvas."""

    def __init__(self, rect, band: int = 132):
        self.rect = pygame.Rect(rect)
        self.band = band
        self.r = (self.rect.height - band) / 2              # radius of the centre line
        self.straight = self.rect.width - band - 2 * self.r
        self.cx, self.cy = self.rect.center
        self.length = 2 * self.straight + 2 * math.pi * self.r
        self.step = self.length / SPACES
        # Space 0 (the chequered start) sits on the bottom straight, right of its middle, so
        # the grid behind it (spaces 28, 29) is on the straight too.
        self.offset = self.straight / 2 - 2.5 * self.step

    def _centre(self, s: float):
        """(x, y, heading in radians) on the centre line, arc length s from the bottom-left end
        of the bottom straight, driving anticlockwise on screen."""
        s %= self.length
        half = self.straight / 2
        r = self.r
        if s < self.straight:                                   # bottom, to the right
            return self.cx - half + s, self.cy + r, 0.0
        s -= self.straight
        if s < math.pi * r:                                     # right bend, upwards
            a = s / r
            return (self.cx + half + r * math.sin(a), self.cy + r * math.cos(a), -a)
        s -= math.pi * r
        if s < self.straight:                                   # top, to the left
            return self.cx + half - s, self.cy - r, -math.pi
        s -= self.straight
        a = s / r                                               # left bend, downwards
        return (self.cx - half - r * math.sin(a), self.cy - r * math.cos(a), -math.pi - a)

    def point(self, d: float, lane: float = 1.5, lanes: int = LANES):
        """Canvas point of lane `lane` (0 inside) at the middle of space d (d may be a fraction:
        cars slide along the track)."""
        x, y, h = self._centre(self.offset + (d + 0.5) * self.step)
        # the normal (sin h, -cos h) of a heading h (screen y down) points into the infield
        nx, ny = math.sin(h), -math.cos(h)
        width = self.band - 24
        across = -width / 2 + (lane + 0.5) * width / max(LANES, lanes)
        return x - nx * across, y - ny * across

    def heading(self, d: float) -> float:
        return self._centre(self.offset + (d + 0.5) * self.step)[2]

    def edge(self, s: float, out: float):
        """A point `out` px outwards from the centre line at arc length s."""
        x, y, h = self._centre(s)
        nx, ny = math.sin(h), -math.cos(h)
        return x - nx * out, y - ny * out

    def space_poly(self, i: int, inset: float = 0.0) -> list:
        s0 = self.offset + i * self.step
        s1 = s0 + self.step
        half = self.band / 2 - inset
        pts = [self.edge(s0 + (s1 - s0) * k / 6, -half) for k in range(7)]
        pts += [self.edge(s1 - (s1 - s0) * k / 6, half) for k in range(7)]
        return pts

    def label_pos(self, i: int):
        """Where the number of space i is printed: in the infield beside it."""
        return self.edge(self.offset + (i + 0.5) * self.step, -self.band / 2 - 28)


def track_surface(track: Track) -> pygame.Surface:
    """The arcade's background with the whole track on it, one opaque canvas-sized surface
    (cached per track rect)."""
    def build():
        surf = paint.surface(look.CANVAS)
        look.background(surf)
        outer = track.rect.inflate(24, 24)
        paint.rect(surf, look.FELT_EDGE, outer, border_radius=outer.height // 2)
        paint.rect(surf, look.FELT, track.rect.inflate(8, 8),
                         border_radius=track.rect.height // 2)
        for i in range(SPACES):
            poly = track.space_poly(i)
            colour = ASPHALT if i % 2 else ASPHALT_2
            paint.polygon(surf, colour, poly)
            paint.lines(surf, (40, 44, 54), True, poly, 2)
        _chequer(surf, track, 0)
        _flag_space(surf, track, 10)
        infield = track.rect.inflate(-2 * track.band, -2 * track.band)
        paint.rect(surf, look.mix(look.FELT, look.BG_BOTTOM, 0.2), infield,
                         border_radius=max(1, infield.height // 2))
        for i in range(SPACES):
            x, y = track.label_pos(i)
            n = LABELS[i]
            disc = 22
            paint.circle(surf, look.SHADOW, (x, y + 3), disc)
            paint.circle(surf, look.INK if i in (0, 10) else look.CARD, (x, y), disc)
            paint.circle(surf, SIGN_RED, (x, y), disc, 4)
            t = look.font(look.SMALL).render(str(n), True,
                                             look.WHITE if i in (0, 10) else look.INK)
            paint.blit(surf, t, paint.get_rect(t, center=(x, y + 1)))
        return look._prepare(surf, alpha=False)
    return look.cached(("ff_track", tuple(track.rect), track.band), build)


def _chequer(surf, track: Track, i: int) -> None:
    s0 = track.offset + i * track.step
    rows, cols = 6, 4
    for a in range(cols):
        for b in range(rows):
            sa, sb = s0 + track.step * a / cols, s0 + track.step * (a + 1) / cols
            oa = -track.band / 2 + track.band * b / rows
            ob = -track.band / 2 + track.band * (b + 1) / rows
            poly = [track.edge(sa, oa), track.edge(sb, oa), track.edge(sb, ob), track.edge(sa, ob)]
            paint.polygon(surf, look.WHITE if (a + b) % 2 else look.INK, poly)


def _flag_space(surf, track: Track, i: int) -> None:
    """The first ten-space after the start: black, with a little flag."""
    paint.polygon(surf, (24, 24, 30), track.space_poly(i, inset=3))
    x, y = track.edge(track.offset + (i + 0.5) * track.step, track.band / 2 + 4)
    paint.line(surf, look.CARD, (x, y), (x, y - 44), 4)
    paint.polygon(surf, look.ACCENT, [(x, y - 44), (x + 30, y - 36), (x, y - 28)])


# -- cars ----------------------------------------------------------------------------------------

def car_surface(colour, shape: str, heading: float, size: int = 50, ring=None) -> pygame.Surface:
    """A top-down car pointing along `heading` (radians, screen coordinates), cached per 10
    degrees: a body in the seat colour, dark wheels, the seat's shape upright on the roof, and
    `ring` (a colour) round it."""
    deg = int(round(math.degrees(-heading) / 10.0)) * 10 % 360

    def build():
        w, h = size, int(size * 0.56)
        body = paint.surface((w + 8, h + 12), pygame.SRCALPHA)
        r = pygame.Rect(4, 6, w, h)
        for wx in (r.x + w * 0.18, r.x + w * 0.68):
            paint.rect(body, look.INK, (wx, r.y - 5, w * 0.18, 8), border_radius=3)
            paint.rect(body, look.INK, (wx, r.bottom - 3, w * 0.18, 8), border_radius=3)
        paint.rect(body, look.INK, r.inflate(4, 4), border_radius=h // 2)
        paint.rect(body, colour, r, border_radius=h // 2)
        paint.rect(body, look.mix(colour, look.WHITE, 0.5),
                         (r.right - w * 0.22, r.y + h * 0.25, w * 0.12, h * 0.5), border_radius=3)
        turned = pygame.transform.rotate(body, deg)
        # the shape stands upright whatever the heading: it is what tells the seats apart
        tw, th = paint.get_size(turned)
        look.draw_shape(turned, shape, (tw // 2, th // 2), h * 0.4, look.WHITE,
                        outline=look.INK, width=2)
        if ring is None:
            return look._prepare(turned)
        side = max(paint.get_size(turned)) + 16   # square: the ring is a whole circle
        out = paint.surface((side, side), pygame.SRCALPHA)
        c = paint.get_rect(out).center
        paint.circle(out, ring, c, side // 2 - 3, 5)
        paint.blit(out, turned, paint.get_rect(turned, center=c))
        return look._prepare(out)
    return look.cached(("fun_car", tuple(colour), shape, deg, size,
                        tuple(ring) if ring else None), build)


# -- cards ---------------------------------------------------------------------------------------

def card_surface(card: str, size) -> pygame.Surface:
    """A car card face: a red maximum-speed sign (black number in a red ring) with the blue
    designated-speed plate below, a blue plate alone, or the turbo."""
    size = (int(size[0]), int(size[1]))

    def build():
        w, h = size
        surf = paint.surface(size, pygame.SRCALPHA)
        r = paint.get_rect(surf)
        radius = max(8, w // 8)
        paint.rect(surf, look.CARD, r, border_radius=radius)
        paint.rect(surf, look.CARD_EDGE, r, width=3, border_radius=radius)
        red, blue, _ = CARDS[card]
        if card == TURBO:
            inner = r.inflate(-12, -12)
            paint.rect(surf, TURBO_ORANGE, inner, border_radius=radius - 4)
            for k in range(3):  # speed streaks
                y = inner.y + inner.height * (0.62 + 0.1 * k)
                paint.line(surf, look.ACCENT, (inner.x + 10, y),
                                 (inner.x + inner.width * (0.5 + 0.15 * k), y), 5)
            big = look.font(max(look.MIN_FONT, int(w * 0.42))).render("+5", True, look.WHITE)
            paint.blit(surf, big, paint.get_rect(big, center=(w // 2, int(h * 0.36))))
            small = look.font(look.MIN_FONT).render("TURBO", True, look.INK)
            if paint.get_width(small) < w - 8:
                paint.blit(surf, small, paint.get_rect(small, midbottom=(w // 2, h - 12)))
            return look._prepare(surf)
        if red is not None:
            cy = int(h * 0.36)
            rad = int(min(w * 0.4, h * 0.28))
            paint.circle(surf, SIGN_RED, (w // 2, cy), rad)
            paint.circle(surf, look.WHITE, (w // 2, cy), int(rad * 0.74))
            num = look.font(max(look.MIN_FONT, int(rad * 0.95))).render(str(red), True, look.INK)
            paint.blit(surf, num, paint.get_rect(num, center=(w // 2, cy + 2)))
            plate = pygame.Rect(0, 0, int(w * 0.5), int(h * 0.26))
            plate.midtop = (w // 2, cy + rad + 8)
            paint.rect(surf, SIGN_BLUE, plate, border_radius=8)
            paint.rect(surf, look.WHITE, plate.inflate(-6, -6), width=2, border_radius=6)
            small = look.font(max(look.MIN_FONT, int(plate.height * 0.75))).render(
                str(blue), True, look.WHITE)
            paint.blit(surf, small, paint.get_rect(small, center=plate.center))
            return look._prepare(surf)
        plate = r.inflate(-int(w * 0.2), -int(h * 0.3))
        paint.rect(surf, SIGN_BLUE, plate, border_radius=10)
        paint.rect(surf, look.WHITE, plate.inflate(-8, -8), width=3, border_radius=8)
        num = look.font(max(look.MIN_FONT, int(w * 0.55))).render(str(blue), True, look.WHITE)
        paint.blit(surf, num, paint.get_rect(num, center=plate.center))
        return look._prepare(surf)
    return look.cached(("ff_card", card, size), build)


def card_back(size) -> pygame.Surface:
    size = (int(size[0]), int(size[1]))

    def build():
        surf = paint.surface(size, pygame.SRCALPHA)
        look.card_back(surf, paint.get_rect(surf))
        return look._prepare(surf)
    return look.cached(("ff_back", size), build)


# -- the select-screen tile ----------------------------------------------------------------------

def tile_art(surface, rect) -> None:
    """A small oval with cars on it and two cards: a red 4 and a turbo."""
    rect = pygame.Rect(rect)
    look.felt(surface, rect.inflate(-10, -10), radius=30)
    box = pygame.Rect(0, 0, int(rect.width * 0.86), int(rect.height * 0.62))
    box.midtop = (rect.centerx, rect.y + 18)
    track = Track(box, band=max(30, box.height // 3))
    for i in range(SPACES):
        paint.polygon(surface, ASPHALT if i % 2 else ASPHALT_2, track.space_poly(i))
    _chequer(surface, track, 0)
    cars = [((230, 60, 60), "circle", 3.0, 0), ((60, 140, 240), "triangle", 3.0, 2),
            ((250, 200, 40), "square", 14.0, 1), ((70, 200, 110), "diamond", 22.0, 0)]
    for colour, shape, d, lane in cars:
        surf = car_surface(colour, shape, track.heading(d), size=max(24, box.height // 7))
        paint.blit(surface, surf, paint.get_rect(surf, center=track.point(d, lane)))
    cw, ch = max(40, rect.width // 7), max(56, int(rect.width / 7 * 1.4))
    for k, card in enumerate(("M4", TURBO)):
        paint.blit(surface, card_surface(card, (cw, ch)),
                     (rect.centerx - cw - 6 + k * (cw + 12), rect.bottom - ch - 14))
