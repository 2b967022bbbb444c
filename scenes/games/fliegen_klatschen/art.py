"""Fliegen klatschen's pictures, all drawn by code at their final size and cached (shell.look's
surface cache), including the rotated copies the spread needs.

    fly_face(colour, value, w, h)        a fly card: the fly in its colour, fatter for higher
                                         values, its value 1-5 in a white disc on its jersey
    swatter_face(w, h)                   the flyswatter card
    back_face(back, w, h)                a card back, back = "colour/motif" (core's layout())
    card_turned(key, w, h, tilt)         one of the three above, rotated by `tilt` degrees,
                                         with its shadow (key: ("fly", colour, value) |
                                         ("swatter",) | ("back", back))
    outline_turned(w, h, tilt, colour, width)   a ring around a card at that tilt
    hand(colour, shape, size, left, pose)       a slapping hand in a seat's colour with the
                                         seat's shape on its back; pose "hover", "down",
                                         "frozen", or ("squash", step) for the landing
    fly_icon(colour, size)               a small fly (the catchable colours in the top bar)

Card backs are coloured like the flies (the six fly colours, a shade darker) and carry a motif
(leaves, dots, stripes), so a fly can melt into a patch of backs of its own colour, as the
rulebook warns. Face-up cards stay findable: their face is a light cream the backs never are.
"""

from __future__ import annotations

import math

import pygame

from shell import look, paint

FLY_RGB = {
    "blue": (44, 112, 236),
    "yellow": (250, 204, 36),
    "green": (46, 168, 72),
    "violet": (150, 72, 206),
    "orange": (250, 128, 24),
    "red": (222, 40, 44),
}
# Each fly colour also has its own mark (the seat shapes of shell.look), printed in the card's
# corner and on the catch icons, so that players who cannot tell red from green still can.
COLOUR_MARK = {
    "blue": "circle",
    "yellow": "triangle",
    "green": "square",
    "violet": "diamond",
    "orange": "star",
    "red": "cross",
}
FACE = (252, 248, 234)
FACE_EDGE = (255, 255, 255)
WING = (206, 226, 244)
WING_EDGE = (120, 140, 170)
DARK = (30, 28, 36)
EYE = (196, 30, 40)
ICE = (176, 214, 240)
SHADOW_A = 110
PAD = 8  # room around a card for its shadow and rotation


def _prepare(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def shade(rgb, f: float):
    """Darker (f < 1) or lighter (f > 1, towards white) version of a colour."""
    if f <= 1:
        return tuple(int(c * f) for c in rgb)
    return look.mix(rgb, (255, 255, 255), min(1.0, f - 1))


# -- cards ------------------------------------------------------------------------------------


def _radius(w: int, h: int) -> int:
    return max(6, min(w, h) // 8)


def _fly(surf, cx: float, cy: float, h: int, colour: str, value: int, number: bool = True):
    """A fly seen from above, head up, centred on (cx, cy), about h px tall."""
    body = FLY_RGB[colour]
    u = h / 100.0
    # wings: two translucent ellipses spread to the sides and up
    for side in (-1, 1):
        wing = paint.surface((int(60 * u), int(30 * u)), pygame.SRCALPHA)
        paint.ellipse(wing, (*WING, 230), paint.get_rect(wing))
        paint.ellipse(wing, (*WING_EDGE, 255), paint.get_rect(wing), max(2, int(2.5 * u)))
        wing = pygame.transform.rotozoom(wing, -side * 22, 1)
        paint.blit(surf, wing, paint.get_rect(wing, center=(cx + side * 34 * u, cy - 10 * u)))
    # legs
    for side in (-1, 1):
        for k, (dy, ex, ey) in enumerate(((-6, 30, -22), (6, 36, 8), (16, 30, 34))):
            paint.line(surf, DARK, (cx + side * 8 * u, cy + dy * u),
                       (cx + side * ex * u, cy + ey * u), max(2, int(3 * u)))
    # abdomen: the jersey, fatter for a higher value; it fills most of the card so that its
    # colour reads from the sofa
    fat = 40 + 8 * value
    ab = pygame.Rect(0, 0, int(fat * u), int(64 * u))
    ab.center = (cx, cy + 14 * u)
    paint.ellipse(surf, DARK, ab.inflate(int(6 * u), int(6 * u)))
    paint.ellipse(surf, body, ab)
    # jersey hoops in a darker shade
    for dy in (-21, 22):
        band = pygame.Rect(0, 0, int(fat * u * 0.8), int(6 * u))
        band.center = (cx, cy + (14 + dy) * u)
        paint.ellipse(surf, shade(body, 0.72), band)
    # thorax and head with big eyes
    paint.circle(surf, shade(body, 0.55), (cx, cy - 20 * u), 13 * u)
    paint.circle(surf, DARK, (cx, cy - 34 * u), 10 * u)
    for side in (-1, 1):
        paint.circle(surf, EYE, (cx + side * 9 * u, cy - 36 * u), 7.5 * u)
        paint.circle(surf, (255, 220, 220), (cx + side * 7 * u, cy - 39 * u), 2.5 * u)
    if number:
        # white digits with a dark rim, straight on the jersey
        size = max(look.MIN_FONT, int(46 * u))
        centre = (int(cx), int(cy + 15 * u))
        f = look.font(size)
        rim = f.render(str(value), True, DARK)
        digits = f.render(str(value), True, look.WHITE)
        rect = paint.get_rect(digits, center=centre)
        k = max(2, int(3 * u))
        for dx in (-k, 0, k):
            for dy in (-k, 0, k):
                if dx or dy:
                    paint.blit(surf, rim, rect.move(dx, dy))
        paint.blit(surf, digits, rect)


def _blank(w: int, h: int, fill, edge) -> pygame.Surface:
    surf = paint.surface((w, h), pygame.SRCALPHA)
    r = paint.get_rect(surf)
    paint.rect(surf, edge, r, border_radius=_radius(w, h))
    paint.rect(surf, fill, r.inflate(-6, -6), border_radius=_radius(w, h) - 2)
    return surf


def fly_face(colour: str, value: int, w: int, h: int) -> pygame.Surface:
    def build():
        surf = _blank(w, h, FACE, FACE_EDGE)
        # the value again in a corner, for a card partly under a hand
        corner = look.font(look.MIN_FONT).render(str(value), True, shade(FLY_RGB[colour], 0.7))
        paint.blit(surf, corner, (8, 3))
        r = max(7, h // 13)
        look.draw_shape(surf, COLOUR_MARK[colour], (w - r - 12, r + 12), r, FLY_RGB[colour],
                        outline=DARK, width=2)
        _fly(surf, w / 2 + 4, h / 2 + 2, int(h * 0.9), colour, value)
        paint.rect(surf, shade(FLY_RGB[colour], 0.8), paint.get_rect(surf), 5,
                   border_radius=_radius(w, h))
        return _prepare(surf)
    return look.cached(("fly_face", colour, value, w, h), build)


def swatter_face(w: int, h: int) -> pygame.Surface:
    def build():
        surf = _blank(w, h, FACE, FACE_EDGE)
        red = (214, 34, 40)
        # the head: a square mesh, tilted, the handle running to the lower right
        head = paint.surface((int(h * 0.62), int(h * 0.62)), pygame.SRCALPHA)
        hr = paint.get_rect(head)
        paint.rect(head, red, hr, border_radius=hr.width // 6)
        step = max(6, hr.width // 6)
        for x in range(step, hr.width, step):
            paint.line(head, shade(red, 0.6), (x, 4), (x, hr.height - 4), 2)
            paint.line(head, shade(red, 0.6), (4, x), (hr.width - 4, x), 2)
        paint.rect(head, DARK, hr, 3, border_radius=hr.width // 6)
        head = pygame.transform.rotozoom(head, 30, 1)
        hc = (w * 0.36, h * 0.42)
        paint.line(surf, DARK, hc, (w * 0.92, h * 0.9), max(8, h // 9))
        paint.line(surf, (240, 200, 60), hc, (w * 0.92, h * 0.9), max(4, h // 16))
        paint.blit(surf, head, paint.get_rect(head, center=hc))
        paint.rect(surf, red, paint.get_rect(surf), 4, border_radius=_radius(w, h))
        return _prepare(surf)
    return look.cached(("swatter_face", w, h), build)


def back_face(back: str, w: int, h: int) -> pygame.Surface:
    colour, motif = back.split("/")

    def build():
        base = shade(FLY_RGB[colour], 0.88)
        surf = _blank(w, h, base, (236, 230, 214))
        inner = paint.get_rect(surf).inflate(-10, -10)
        pat = paint.surface(inner.size, pygame.SRCALPHA)
        dark, light = shade(base, 0.7), shade(base, 1.3)
        if motif == "leaves":
            for i, (fx, fy, a) in enumerate(((0.2, 0.3, 30), (0.6, 0.2, -40), (0.85, 0.7, 60),
                                            (0.35, 0.78, -20), (0.55, 0.5, 80),
                                            (0.05, 0.9, 10))):
                leaf = paint.surface((int(h * 0.5), int(h * 0.22)), pygame.SRCALPHA)
                paint.ellipse(leaf, dark if i % 2 else light, paint.get_rect(leaf))
                paint.line(leaf, base, (2, paint.get_height(leaf) // 2),
                           (paint.get_width(leaf) - 2, paint.get_height(leaf) // 2), 2)
                leaf = pygame.transform.rotate(leaf, a)
                at = paint.get_rect(leaf, center=(fx * inner.width, fy * inner.height))
                paint.blit(pat, leaf, at)
        elif motif == "dots":
            step = max(12, h // 5)
            for j, y in enumerate(range(step // 2, inner.height + step, step)):
                for x in range((j % 2) * step // 2, inner.width + step, step):
                    paint.circle(pat, light, (x, y), step // 4)
        else:  # stripes
            step = max(12, h // 5)
            for x in range(-inner.height, inner.width + inner.height, step):
                paint.line(pat, dark, (x, 0), (x + inner.height, inner.height), step // 3)
        paint.blit(surf, pat, inner)
        return _prepare(surf)
    return look.cached(("fly_back", back, w, h), build)


def _face_for(key, w: int, h: int) -> pygame.Surface:
    if key[0] == "fly":
        return fly_face(key[1], key[2], w, h)
    if key[0] == "swatter":
        return swatter_face(w, h)
    return back_face(key[1], w, h)


def card_turned(key: tuple, w: int, h: int, tilt: int, scale: float = 1.0) -> pygame.Surface:
    """A card face (or back) rotated by tilt degrees (counter-clockwise), shadow below it;
    blit it centred on the card's place. Cached per key, size, tilt and scale."""
    def build():
        face = _face_for(key, w, h)
        surf = paint.surface((w + 2 * PAD, h + 2 * PAD), pygame.SRCALPHA)
        shadow = pygame.Rect(PAD + 2, PAD + 5, w, h)
        paint.rect(surf, (*look.SHADOW, SHADOW_A), shadow, border_radius=_radius(w, h))
        paint.blit(surf, face, (PAD, PAD))
        if tilt or scale != 1.0:
            surf = pygame.transform.rotozoom(surf, tilt, scale)
        return _prepare(surf)
    return look.cached(("fly_turned", key, w, h, tilt, scale), build)


def outline_turned(w: int, h: int, tilt: int, colour, width: int = 6) -> pygame.Surface:
    def build():
        g = width + 4
        surf = paint.surface((w + 2 * PAD + 2 * g, h + 2 * PAD + 2 * g), pygame.SRCALPHA)
        r = pygame.Rect(PAD + 1, PAD + 1, w + 2 * g - 2, h + 2 * g - 2)
        paint.rect(surf, look.INK, r.inflate(4, 4), width + 4,
                   border_radius=_radius(w, h) + g)
        paint.rect(surf, colour, r, width, border_radius=_radius(w, h) + g)
        if tilt:
            surf = pygame.transform.rotozoom(surf, tilt, 1)
        return _prepare(surf)
    return look.cached(("fly_ring", w, h, tilt, tuple(colour), width), build)


# -- hands ------------------------------------------------------------------------------------

SQUASH_STEPS = ((1.35, 1.35), (1.15, 1.15), (1.12, 0.84), (1.06, 0.93), (1.0, 1.0))


def _hand_base(colour, shape: str, size: int, left: bool, fill_mix=None) -> pygame.Surface:
    """A right hand seen from its back, fingers up (mirrored for the left)."""
    s = size / 100.0
    surf = paint.surface((int(110 * s), int(120 * s)), pygame.SRCALPHA)
    fill = colour if fill_mix is None else look.mix(colour, fill_mix, 0.65)
    parts = []
    palm = pygame.Rect(int(24 * s), int(48 * s), int(62 * s), int(62 * s))
    parts.append(("rect", palm, int(24 * s)))
    for i, (x, top) in enumerate(((26, 14), (41, 6), (56, 8), (71, 20))):
        parts.append(("rect", pygame.Rect(int(x * s), int(top * s), int(14 * s),
                                          int(60 * s)), int(7 * s)))
    thumb = [(24 * s, 70 * s), (6 * s, 46 * s), (12 * s, 38 * s), (34 * s, 58 * s)]
    # outline first (every part a little larger in ink), then the fill
    o = max(3, int(4 * s))
    paint.polygon(surf, look.INK, thumb, o * 2 + 2)
    for _, r, rad in parts:
        paint.rect(surf, look.INK, r.inflate(o * 2, o * 2), border_radius=rad + o)
    paint.polygon(surf, fill, thumb)
    paint.circle(surf, fill, (int(9 * s), int(42 * s)), int(6 * s))
    for _, r, rad in parts:
        paint.rect(surf, fill, r, border_radius=rad)
    icon_r = int(15 * s)
    look.draw_shape(surf, shape, (palm.centerx, palm.centery + int(4 * s)), icon_r,
                    look.WHITE, outline=look.INK, width=2)
    if left:
        surf = pygame.transform.flip(surf, True, False)
    return surf


def hand(colour, shape: str, size: int, left: bool = False, pose="hover") -> pygame.Surface:
    """The hand for a seat. Blit it with its centre on the spot it points at."""
    def build():
        if pose == "frozen":
            base = _hand_base(colour, shape, size, left, fill_mix=ICE)
            base.set_alpha(None)
            out = paint.surface(paint.get_size(base), pygame.SRCALPHA)
            paint.blit(out, base, (0, 0))
            # frost: a few white crystals
            w, h = paint.get_size(out)
            for fx, fy in ((0.3, 0.2), (0.7, 0.35), (0.5, 0.8)):
                c = (int(fx * w), int(fy * h))
                for a in range(3):
                    ang = a * math.pi / 3
                    d = (math.cos(ang) * h * 0.08, math.sin(ang) * h * 0.08)
                    paint.line(out, look.WHITE, (c[0] - d[0], c[1] - d[1]),
                               (c[0] + d[0], c[1] + d[1]), 3)
            return _prepare(out)
        base = _hand_base(colour, shape, size, left)
        sx, sy = 1.0, 1.0
        lifted = pose == "hover"
        if isinstance(pose, tuple):
            sx, sy = SQUASH_STEPS[pose[1]]
            lifted = pose[1] < 2
        w, h = paint.get_size(base)
        body = paint.smoothscale(base, (int(w * sx), int(h * sy)))
        off = int(size * (0.16 if lifted else 0.05))
        out = paint.surface((paint.get_width(body) + off + 4, paint.get_height(body) + off + 4),
                            pygame.SRCALPHA)
        shadow = body.copy()
        paint.fill(shadow, (0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
        paint.fill(shadow, (0, 0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
        shadow.set_alpha(110)
        paint.blit(out, shadow, (off, off))
        paint.blit(out, body, (0, 0))
        return _prepare(out)
    return look.cached(("fly_hand", tuple(colour), shape, size, left, pose), build)


def fly_icon(colour: str, size: int) -> pygame.Surface:
    def build():
        surf = paint.surface((size, size), pygame.SRCALPHA)
        _fly(surf, size / 2, size / 2 + size * 0.04, int(size * 0.95), colour, 3, number=False)
        look.draw_shape(surf, COLOUR_MARK[colour], (size / 2, size * 0.6), size * 0.16,
                        look.WHITE, outline=DARK, width=2)
        return _prepare(surf)
    return look.cached(("fly_icon", colour, size), build)


def tile_art(surface, rect) -> None:
    """The select-screen picture: a patch of backs, three flies, the swatter, a hand slapping."""
    rect = pygame.Rect(rect)
    look.felt(surface, rect, radius=24)
    w, h = 120, 92
    spots = [(0.14, 0.31, 8, ("back", "green/leaves")), (0.38, 0.3, -12, ("back", "red/dots")),
             (0.86, 0.31, 14, ("back", "blue/stripes")), (0.12, 0.71, -6, ("fly", "red", 2)),
             (0.62, 0.3, 6, ("swatter",)), (0.37, 0.7, 10, ("fly", "green", 5)),
             (0.63, 0.71, -14, ("back", "yellow/dots")), (0.88, 0.7, 4, ("fly", "red", 4))]
    for fx, fy, tilt, key in spots:
        card = card_turned(key, w, h, tilt)
        paint.blit(surface, card, paint.get_rect(card, center=(rect.x + fx * rect.width,
                                                               rect.y + fy * rect.height)))
    pink = (236, 84, 160)
    slap = hand(pink, "star", 110, left=False, pose=("squash", 2))
    paint.blit(surface, slap, paint.get_rect(slap, center=(rect.x + 0.40 * rect.width,
                                                           rect.y + 0.66 * rect.height)))
    over = hand((60, 200, 220), "circle", 110, left=True, pose="hover")
    paint.blit(surface, over, paint.get_rect(over, center=(rect.x + 0.30 * rect.width,
                                                           rect.y + 0.52 * rect.height)))
