"""Flixo's pictures, drawn by code at their final size and cached (shell.look.cached):
number cards, Flixo cards with a face that shows a mood, the card back, the eye token, the
frames of a card turning over, and the select-screen tile.

Moods of a Flixo's face: "sly" (on the discard pile, or just found), "worried" (face up or
peeked at in a display where it can still cost the game), "cheer" (removed: it got away in
the team's favour) and "calm" (safe in a last row or column).
"""

from __future__ import annotations

import math

import pygame

from shell import look, paint

FLIXO_FACE = (156, 96, 220)      # a Flixo card's face: violet, unlike any number card
FLIXO_EDGE = (96, 50, 150)
HEAD = (255, 214, 90)
EYE_TOKEN = (60, 170, 230)
FLIP_STEPS = 8                    # cached frames per half turn

# Number colours by value (ink on the light card), so equal numbers are found at a glance.
VALUE_INK = {-1: (40, 90, 200), 0: (40, 90, 200), 1: (30, 140, 80), 2: (30, 140, 80),
             3: (30, 140, 80), 4: (150, 120, 0), 5: (150, 120, 0), 6: (200, 100, 20),
             7: (200, 100, 20), 8: (190, 40, 60), 9: (190, 40, 60), 10: (120, 30, 110)}


def number_font(card_w: int) -> int:
    return max(look.MIN_FONT, int(card_w * 0.55))


def _face(surf, center, r: float, mood: str) -> None:
    """A round Flixo head with eyes and mouth for `mood`."""
    cx, cy = center
    paint.circle(surf, look.INK, (cx, cy), r + 2)
    paint.circle(surf, HEAD, (cx, cy), r)
    ex, ey, er = r * 0.38, cy - r * 0.15, max(2, r * 0.14)
    ink = look.INK
    if mood == "cheer":  # happy closed eyes, a wide open laugh, arms up
        for sx in (-1, 1):
            paint.arc(surf, ink, (cx + sx * ex - er * 1.6, ey - er, er * 3.2, er * 2.6),
                      0.2, math.pi - 0.2, max(2, int(r * 0.1)))
        mouth = pygame.Rect(0, 0, r * 1.1, r * 0.75)
        mouth.center = (cx, cy + r * 0.35)
        paint.ellipse(surf, (160, 30, 40), mouth)
        paint.ellipse(surf, ink, mouth, max(2, int(r * 0.08)))
        for sx in (-1, 1):
            paint.line(surf, ink, (cx + sx * r * 0.85, cy + r * 0.1),
                       (cx + sx * r * 1.35, cy - r * 0.7), max(3, int(r * 0.16)))
        return
    for sx in (-1, 1):
        paint.circle(surf, ink, (cx + sx * ex, ey), er)
    w = max(2, int(r * 0.1))
    if mood == "worried":  # eyebrows up in the middle, a wobbly mouth, a drop of sweat
        for sx in (-1, 1):
            paint.line(surf, ink, (cx + sx * ex * 0.4, ey - er * 2.6),
                       (cx + sx * ex * 1.6, ey - er * 1.6), w)
        pts = [(cx - r * 0.45 + i * r * 0.15, cy + r * 0.5 + (r * 0.08 if i % 2 else -r * 0.08))
               for i in range(7)]
        paint.lines(surf, ink, False, pts, w)
        paint.circle(surf, EYE_TOKEN, (cx + r * 0.85, cy - r * 0.35), r * 0.16)
    elif mood == "sly":  # one eyebrow down, a crooked grin
        paint.line(surf, ink, (cx - ex * 1.5, ey - er * 2.0), (cx - ex * 0.5, ey - er * 1.3),
                   w)
        paint.arc(surf, ink, (cx - r * 0.5, cy - r * 0.05, r * 1.1, r * 0.7),
                  math.pi + 0.3, 2 * math.pi - 0.1, w)
    else:  # calm
        paint.arc(surf, ink, (cx - r * 0.45, cy, r * 0.9, r * 0.55), math.pi + 0.25,
                  2 * math.pi - 0.25, w)


def _face_surface(size, value: int, flixo: bool, mood: str) -> pygame.Surface:
    w, h = size
    radius = max(8, w // 8)
    surf = paint.surface((w, h), pygame.SRCALPHA)
    r = paint.get_rect(surf)
    if flixo:
        paint.rect(surf, FLIXO_EDGE, r, border_radius=radius)
        paint.rect(surf, FLIXO_FACE, r.inflate(-6, -6), border_radius=radius - 2)
        num = look.font(max(look.MIN_FONT, int(w * 0.42))).render(str(value), True, look.WHITE)
        paint.blit(surf, num, paint.get_rect(num, midtop=(w // 2, int(h * 0.06))))
        _face(surf, (w // 2, int(h * 0.66)), w * 0.27, mood)
    else:
        paint.rect(surf, look.CARD, r, border_radius=radius)
        paint.rect(surf, look.CARD_EDGE, r, width=3, border_radius=radius)
        num = look.font(number_font(w)).render(str(value), True, VALUE_INK.get(value, look.INK))
        paint.blit(surf, num, paint.get_rect(num, center=(w // 2, h // 2)))
    return surf


def card_face(size, value: int, flixo: bool, mood: str = "calm") -> pygame.Surface:
    """A face-up card (cached)."""
    size = (int(size[0]), int(size[1]))
    key = ("flixo_face", size, value, flixo, mood if flixo else "")
    return look.cached(key, lambda: look._prepare(_face_surface(size, value, flixo, mood)))


def card_back(size) -> pygame.Surface:
    """The arcade's card back (as shell.look.card_back draws it) with a Flixo eye in the middle."""
    size = (int(size[0]), int(size[1]))

    def build():
        w, h = size
        radius = max(8, w // 8)
        surf = paint.surface(size, pygame.SRCALPHA)
        r = paint.get_rect(surf)
        paint.rect(surf, look.CARD, r, border_radius=radius)
        inner = r.inflate(-10, -10)
        paint.rect(surf, look.CARD_BACK, inner, border_radius=max(4, radius - 4))
        step = max(10, w // 5)
        paint.set_clip(surf, inner.inflate(-6, -6))
        for x in range(-h, w, step):
            paint.line(surf, look.CARD_BACK_2, (x, 0), (x + h, h), 3)
            paint.line(surf, look.CARD_BACK_2, (x + h, 0), (x, h), 3)
        paint.set_clip(surf, None)
        paint.rect(surf, look.CARD_EDGE, r, width=3, border_radius=radius)
        return look._prepare(surf)
    return look.cached(("flixo_back", size), build)


def eye_token(r: int) -> pygame.Surface:
    """The eye token: a blue disc with an open eye."""
    def build():
        d = 2 * r + 4
        surf = paint.surface((d, d), pygame.SRCALPHA)
        c = (d // 2, d // 2)
        paint.circle(surf, look.WHITE, c, r + 2)
        paint.circle(surf, EYE_TOKEN, c, r)
        eye = pygame.Rect(0, 0, r * 1.5, r * 0.9)
        eye.center = c
        paint.ellipse(surf, look.WHITE, eye)
        paint.circle(surf, look.INK, c, max(2, r * 0.32))
        return look._prepare(surf)
    return look.cached(("flixo_eye", r), build)


def peeked(size, value: int, flixo: bool, mood: str) -> pygame.Surface:
    """A face-down card with an eye token: the back with the card the team saw on a window."""
    size = (int(size[0]), int(size[1]))

    def build():
        w, h = size
        surf = card_back(size).copy()
        inner = pygame.Rect(0, 0, int(w * 0.78), int(h * 0.62))
        inner.midbottom = (w // 2, h - int(h * 0.08))
        face = _face_surface(inner.size, value, flixo, mood)  # drawn at size: type stays >= 28
        paint.blit(surf, face, inner)
        paint.rect(surf, EYE_TOKEN, inner.inflate(6, 6), width=3,
                   border_radius=max(6, w // 10))
        tok = eye_token(max(10, w // 7))
        paint.blit(surf, tok, paint.get_rect(tok, midtop=(w // 2, int(h * 0.02))))
        return look._prepare(surf)
    return look.cached(("flixo_peek", size, value, flixo, mood if flixo else ""), build)


def flip_frame(size, t: float, front, back) -> pygame.Surface:
    """A card turning over at t in 0..1 (0: `back` showing, 1: `front`): squeezed in x.

    `front` / `back` are (kind, args) keys: ("face", value, flixo, mood), ("back",) or
    ("peek", value, flixo, mood). Frames are quantised to FLIP_STEPS per half and cached."""
    size = (int(size[0]), int(size[1]))
    t = min(1.0, max(0.0, t))
    half = 1 if t >= 0.5 else 0
    step = int(abs(t - 0.5) * 2 * FLIP_STEPS + 0.5)
    which = front if half else back
    key = ("flixo_flip", size, which, step)

    def build():
        base = _surface_of(size, which)
        w = max(2, int(size[0] * step / FLIP_STEPS))
        return look._prepare(paint.smoothscale(base, (w, size[1])))
    return look.cached(key, build)


def _surface_of(size, which) -> pygame.Surface:
    if which[0] == "back":
        return card_back(size)
    if which[0] == "peek":
        return peeked(size, *which[1:])
    return card_face(size, *which[1:])


def surface_of(size, which) -> pygame.Surface:
    return _surface_of((int(size[0]), int(size[1])), which)


def tile_art(surface, rect) -> None:
    """The select-screen picture: a 3x3 display whose middle column of 4s (a Flixo among them)
    is leaving, a worried Flixo still in it, an eye-marked card, and the removed pile."""
    rect = pygame.Rect(rect)
    look.felt(surface, rect.inflate(-10, -10), radius=30)
    cw, ch, gap = 56, 76, 8
    x0 = rect.centerx - (3 * cw + 2 * gap) // 2 - 50
    y0 = rect.centery - (3 * ch + 2 * gap) // 2
    cards = [("back",), ("face", 4, False, ""), ("back",),
             ("face", 7, True, "worried"), ("face", 4, False, ""), ("face", 2, False, ""),
             ("back",), ("face", 4, True, "cheer"), ("peek", 9, False, "")]
    for i, which in enumerate(cards):
        r, c = divmod(i, 3)
        pos = (x0 + c * (cw + gap), y0 + r * (ch + gap) - (8 if c == 1 else 0))
        paint.blit(surface, surface_of((cw, ch), which), pos)
    col = pygame.Rect(x0 + cw + gap - 6, y0 - 14, cw + 12, 3 * ch + 2 * gap + 12)
    paint.rect(surface, look.GOOD, col, width=4, border_radius=12)
    for k, which in enumerate((("face", 4, False, ""), ("face", 4, False, ""),
                               ("face", 4, True, "cheer"))):
        paint.blit(surface, surface_of((cw, ch), which),
                            (rect.right - cw - 70 + k * 16, rect.centery - ch // 2 - 10 + k * 8))
