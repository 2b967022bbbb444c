"""Flotte Flitzer's pictures, drawn by code and cached (shell.look.cached): the three-lane oval
with its striped danger spaces, start and finish lines, the cars (their colour AND shape), the
cards, and the select-screen tile.

All drawing goes through shell.paint in canvas units.

The oval is a stadium: the bottom straight holds rows 0-8 (the starting blocks, rows 0-3, at
its left end), the right curve rows 9-15, the top straight rows 16-24, the left curve rows
25-31; cars drive anticlockwise on screen (left to right along the bottom). Every row is as
long along the centre line, so a car's place on the track is one number `s` (rows from the
finish line) plus its lane; lane 0 is the inside.
"""

from __future__ import annotations

import math

import pygame

from shell import look, paint
from game.flotte_flitzer import (
    AUFHOLJAGD,
    CURVES,
    DANGER,
    FALSCHER_GANG,
    GEFAHR,
    GRID_ROWS,
    LANES,
    RISIKO,
    ROWS,
    SKID,
    UEBERHOLEN,
    WINDSCHATTEN,
)

ASPHALT = (58, 62, 74)
ASPHALT_2 = (66, 70, 84)
LANE_LINE = (120, 126, 146)
KERB = (236, 236, 240)
DANGER_RED = (214, 58, 64)
DANGER_WHITE = (244, 236, 230)
GRASS = look.FELT

KIND_COLOURS = {UEBERHOLEN: (46, 160, 96), FALSCHER_GANG: (92, 104, 140),
                AUFHOLJAGD: (232, 128, 30), RISIKO: (200, 44, 60), GEFAHR: (40, 40, 48)}
KIND_LINES = {WINDSCHATTEN: ("Wind-", "schatten"), UEBERHOLEN: ("Überholen",),
              FALSCHER_GANG: ("Falscher", "Gang"), AUFHOLJAGD: ("Aufhol-", "jagd"),
              RISIKO: ("Risiko",), GEFAHR: ("Gefahr",)}


class Track:
    """Where rows and lanes lie inside `rect`: row length `row_len`, lane width `lane_w`."""

    def __init__(self, rect, row_len: float, lane_w: float):
        self.rect = pygame.Rect(rect)
        self.d = row_len
        self.lane_w = lane_w
        straight_rows = CURVES[0][0]                      # rows 0-8 before the first curve
        curve_rows = CURVES[0][1] - CURVES[0][0] + 1      # 7 rows a curve
        self.straight = straight_rows * row_len
        self.radius = curve_rows * row_len / math.pi
        self.cx, self.cy = self.rect.center
        self.ends = [CURVES[0][0] * row_len, (CURVES[0][1] + 1) * row_len,
                     CURVES[1][0] * row_len, ROWS * row_len]

    def point(self, s: float, offset: float = 0.0) -> tuple[float, float]:
        """The point `s` rows' length along the centre line (0: the finish line), `offset` px
        outwards (negative: towards the infield)."""
        d, L, R = self.d, self.straight, self.radius
        s = s % (ROWS * d)
        half = L / 2
        if s < self.ends[0]:                      # bottom straight, left to right
            return self.cx - half + s, self.cy + R + offset
        if s < self.ends[1]:                      # right curve, upwards
            a = math.pi / 2 - (s - self.ends[0]) / R
            return (self.cx + half + (R + offset) * math.cos(a),
                    self.cy + (R + offset) * math.sin(a))
        if s < self.ends[2]:                      # top straight, right to left
            return self.cx + half - (s - self.ends[1]), self.cy - R - offset
        a = -math.pi / 2 - (s - self.ends[2]) / R   # left curve, downwards
        return (self.cx - half + (R + offset) * math.cos(a),
                self.cy + (R + offset) * math.sin(a))

    def heading(self, s: float) -> float:
        """The direction of travel (degrees, anticlockwise from screen right, as
        pygame.transform.rotate takes them) `s` rows' length along the track."""
        x0, y0 = self.point(s - 0.05 * self.d)
        x1, y1 = self.point(s + 0.05 * self.d)
        return math.degrees(math.atan2(-(y1 - y0), x1 - x0))

    def lane_offset(self, lane: float) -> float:
        return (lane - (LANES - 1) / 2) * self.lane_w

    def space(self, row: int, lane: int) -> tuple[float, float]:
        """The centre of a space."""
        return self.point((row + 0.5) * self.d, self.lane_offset(lane))

    def space_poly(self, row: float, lane: float, steps: int = 4, s0=None, s1=None) -> list:
        """The outline of a space (or of the part s0..s1 of its row, in rows)."""
        a = row if s0 is None else s0
        b = row + 1 if s1 is None else s1
        inner = self.lane_offset(lane) - self.lane_w / 2
        outer = inner + self.lane_w
        ss = [(a + (b - a) * i / steps) * self.d for i in range(steps + 1)]
        return [self.point(s, inner) for s in ss] + [self.point(s, outer) for s in reversed(ss)]

    def line_across(self, s_rows: float) -> tuple:
        half = LANES * self.lane_w / 2
        return self.point(s_rows * self.d, -half), self.point(s_rows * self.d, half)


def track_surface(track: Track) -> pygame.Surface:
    """The whole table, drawn once on the arcade's backdrop: grass, asphalt rows, lanes, danger
    stripes, lines, arrows. Opaque, so a frame starts with one plain blit."""
    def build():
        surf = paint.surface(look.CANVAS)      # opaque, the arcade's backdrop baked in
        look.background(surf)
        outer = track.radius + LANES * track.lane_w / 2 + 26
        grass = [track.point(i * track.d * ROWS / 160, outer - track.radius) for i in range(160)]
        paint.polygon(surf, look.FELT_EDGE, grass)
        infield = [track.point(i * track.d * ROWS / 160, -LANES * track.lane_w / 2 - 30)
                   for i in range(160)]
        paint.polygon(surf, GRASS, grass)
        for row in range(ROWS):
            for lane in range(LANES):
                colour = ASPHALT if row % 2 else ASPHALT_2
                paint.polygon(surf, colour, track.space_poly(row, lane))
                if (row, lane) in DANGER:
                    for k in range(6):
                        stripe = track.space_poly(row, lane, 1, row + k / 6, row + (k + 1) / 6)
                        paint.polygon(surf, DANGER_RED if k % 2 == 0 else DANGER_WHITE, stripe)
        for lane in range(1, LANES):              # lane lines
            off = track.lane_offset(lane) - track.lane_w / 2
            pts = [track.point(i * track.d / 4, off) for i in range(ROWS * 4 + 1)]
            paint.lines(surf, LANE_LINE, False, pts, 2)
        for row in range(ROWS):                   # row marks across the track
            a, b = track.line_across(row)
            paint.line(surf, (86, 92, 110), a, b, 2)
        for side in (-1, 1):                      # kerbs along both edges
            off = side * (LANES * track.lane_w / 2 + 4)
            pts = [track.point(i * track.d / 4, off) for i in range(ROWS * 4 + 1)]
            paint.lines(surf, KERB, False, pts, 6)
        paint.polygon(surf, look.FELT, infield)
        # The start line (in front of the starting blocks) and the chequered finish line.
        a, b = track.line_across(GRID_ROWS)
        paint.line(surf, look.WHITE, a, b, 8)
        _chequer(surf, track, 0.0)
        # Arrows: the direction of the race, on the grass outside the straights.
        for s_rows, flip in ((6.0, False), (20.0, True)):
            x, y = track.point(s_rows * track.d, LANES * track.lane_w / 2 + 14)
            dx = -1 if flip else 1
            pts = [(x - 26 * dx, y - 6), (x + 10 * dx, y - 6), (x + 10 * dx, y - 14),
                   (x + 30 * dx, y), (x + 10 * dx, y + 14), (x + 10 * dx, y + 6),
                   (x - 26 * dx, y + 6)]
            paint.polygon(surf, look.WHITE, pts)
        return look._prepare(surf, alpha=False)
    return look.cached(("flitzer_track", tuple(track.rect), track.d, track.lane_w), build)


def _chequer(surf, track: Track, s_rows: float) -> None:
    """Black and white squares across the track at `s_rows`."""
    cells = LANES * 3
    size = track.lane_w / 3
    for k in range(cells):
        for j in range(2):
            s = s_rows * track.d - size + j * size
            off0 = -LANES * track.lane_w / 2 + k * size
            pts = [track.point(s, off0), track.point(s + size, off0),
                   track.point(s + size, off0 + size), track.point(s, off0 + size)]
            paint.polygon(surf, look.WHITE if (k + j) % 2 else look.INK, pts)


CAR_SIZE = (66, 48)   # along the track x across it: big enough to tell from the sofa (3 m)


def car_surface(colour, shape: str, owned: bool, heading: float = 0.0,
                size=CAR_SIZE) -> pygame.Surface:
    """A car seen from above, pointing along `heading` (degrees, see Track.heading; cached per
    10 degrees): its colour, four wheels, a windscreen, and its seat's shape big on the roof.
    Owned cars wear a white rim; neutral cars (nobody's) a dark one."""
    deg = int(round(heading / 10.0)) * 10 % 360

    def build():
        w, h = size
        body_surf = paint.surface((w + 10, h + 10), pygame.SRCALPHA)
        body = pygame.Rect(5, 5, w, h)
        wheel = (int(w * 0.2), 9)
        for wx in (body.x + int(w * 0.12), body.right - int(w * 0.12) - wheel[0]):
            paint.rect(body_surf, look.INK, (wx, body.y - 4, *wheel), border_radius=3)
            paint.rect(body_surf, look.INK, (wx, body.bottom - 5, *wheel), border_radius=3)
        paint.rect(body_surf, look.WHITE if owned else look.INK, body, border_radius=14)
        paint.rect(body_surf, colour, body.inflate(-6, -6), border_radius=12)
        screen = pygame.Rect(0, 0, int(w * 0.12), int(h * 0.62))
        screen.midright = (body.right - 7, body.centery)
        paint.rect(body_surf, look.mix(colour, look.WHITE, 0.55), screen, border_radius=4)
        # the shape stands upright whatever the heading: it is what tells the cars apart
        turned = pygame.transform.rotate(body_surf, deg)
        tw, th = paint.get_size(turned)
        look.draw_shape(turned, shape, (tw // 2, th // 2), h * 0.33, look.WHITE,
                        outline=look.INK, width=3)
        return look._prepare(turned)
    return look.cached(("flitzer_car", tuple(colour), shape, owned, deg, size), build)


def card_surface(card: dict, size, style=None, highlight=None) -> pygame.Surface:
    """A face-up card: its name in a coloured band, its big number, and at the bottom the
    marker that only counts when the card is turned up ("Risiko -2", "Schleudern").
    `style`: (colour, shape) of a Windschatten's car colour."""
    key = ("flitzer_card", card["kind"], card["value"], card["marker"], size,
           None if style is None else (tuple(style[0]), style[1]),
           None if highlight is None else tuple(highlight))

    def build():
        w, h = size
        pad = 10
        surf = paint.surface((w + 2 * pad, h + 2 * pad + 6), pygame.SRCALPHA)
        r = pygame.Rect(pad, pad, w, h)
        radius = max(10, w // 9)
        paint.rect(surf, look.SHADOW, r.move(0, 6), border_radius=radius)
        if highlight is not None:
            paint.rect(surf, highlight, r.inflate(2 * pad, 2 * pad), border_radius=radius + pad)
        paint.rect(surf, look.CARD, r, border_radius=radius)
        band_colour = style[0] if style is not None else KIND_COLOURS[card["kind"]]
        band = pygame.Rect(r.x, r.y, w, int(h * 0.34))
        paint.rect(surf, band_colour, band, border_top_left_radius=radius,
                   border_top_right_radius=radius)
        ink = look.INK if sum(band_colour) > 500 else look.WHITE
        lines = KIND_LINES[card["kind"]]
        line_h = look.font(look.SMALL).get_linesize()
        y = band.centery - line_h * len(lines) // 2
        for text in lines:
            t = look.text_surface(text, look.SMALL, ink)
            paint.blit(surf, t, paint.get_rect(t, midtop=(band.centerx, y)))
            y += line_h
        big = {RISIKO: "?", GEFAHR: "!"}.get(card["kind"])
        if big is None:
            big = f"{card['value']:+d}"
        t = look.text_surface(big, look.TITLE, look.INK)
        mid = (r.centerx, r.y + int(h * 0.58))
        if style is not None:
            mid = (r.centerx + 26, mid[1])
            look.draw_shape(surf, style[1], (r.x + 40, mid[1]), 20, style[0], outline=look.INK,
                            width=3)
        paint.blit(surf, t, paint.get_rect(t, center=mid))
        marker = card["marker"]
        if marker is not None:
            text = "Schleudern" if marker == SKID else f"Risiko {marker}"
            t = look.text_surface(text, look.SMALL, look.BAD)
            paint.blit(surf, t, paint.get_rect(t, midbottom=(r.centerx, r.bottom - 10)))
        paint.rect(surf, look.CARD_EDGE, r, width=3, border_radius=radius)
        return look._prepare(surf)
    return look.cached(key, build)


def draw_card(canvas, card: dict, rect, style=None, highlight=None) -> None:
    rect = pygame.Rect(rect)
    paint.blit(canvas, card_surface(card, rect.size, style, highlight), (rect.x - 10, rect.y - 10))


def tile_art(surface, rect) -> None:
    """The select-screen picture: the oval with its danger stripes and a pack of cars, two of
    them in slipstream."""
    rect = pygame.Rect(rect)
    look.felt(surface, rect.inflate(-10, -10), radius=30)
    box = rect.inflate(-44, -44)
    row_len = min(box.width / (9 + 14 / math.pi + 1.8), box.height / (14 / math.pi + 1.8))
    track = Track(box, row_len, row_len * 0.6)
    for row in range(ROWS):
        for lane in range(LANES):
            colour = ASPHALT if row % 2 else ASPHALT_2
            if (row, lane) in DANGER:
                colour = DANGER_RED if row % 2 else DANGER_WHITE
            paint.polygon(surface, colour, track.space_poly(row, lane, 2))
    _chequer(surface, track, 0.0)
    cars = [((230, 57, 70), "circle", 6, 1), ((52, 120, 246), "square", 5, 1),
            ((250, 204, 21), "triangle", 12, 0), ((34, 197, 94), "diamond", 20, 2),
            ((168, 85, 247), "star", 27, 1)]
    r = row_len * 0.32
    for colour, shape, row, lane in cars:
        x, y = track.space(row, lane)
        look.draw_shape(surface, shape, (x, y), r, colour, outline=look.INK, width=2)
