"""Every pixel operation of the arcade goes through here: this module holds the canvas scale.

All drawing code works in canvas units: the logical 1920x1080 canvas of shell.look. The
surfaces underneath hold SCALE real pixels per unit: 1 on a 1080p screen, 2 on a 4K screen
(shell.app picks it from the desktop size or the settings), so text, lines and art are drawn
at the size they are shown, not scaled up afterwards. The rule that makes this work: EVERY
surface is made at SCALE (through surface() or a font of shell.look), so a blit never resizes
anything; only numbers cross the boundary, here: positions, sizes, widths and radii go in as
units (times SCALE), sizes come out as units (divided by SCALE).

The names mirror pygame's: paint.circle(art, colour, c, r) for pygame.draw.circle(...),
paint.blit(canvas, art, (x, y)) for canvas.blit(art, (x, y)), paint.get_size(art) for
art.get_size(), paint.surface((w, h), flags) for pygame.Surface((w, h), flags). Scale-free
pygame calls (transform.rotate, rotozoom, flip, copy, convert, and render() of a look.font)
are used as they are. tests/test_paint.py checks that scenes/ make no direct pixel calls,
and draws every screen at SCALE 2 to compare it with SCALE 1.

At SCALE 1 the numbers pass through unchanged (nothing moves by a pixel). At any scale, blits
and fills bigger than BAND_PIXELS are done in bands (the same pixels, tested).
"""

from __future__ import annotations

import pygame

SCALE = 1

# pygame-ce holds the GIL through a blit or a fill, and a full-canvas one takes ~1 ms: the main
# thread, which stamps input while the frame thread draws (shell.app), would wait that long.
# Bigger ones are done in bands of about this many pixels, the GIL free between bands.
BAND_PIXELS = 80_000


def set_scale(scale: int) -> None:
    """Change the pixel density (before a new display; cached art must be rebuilt after)."""
    global SCALE
    if scale not in (1, 2):
        raise ValueError(f"canvas scale {scale!r}: 1 (1080p) or 2 (4K)")
    SCALE = scale


def pick_scale(desktop_size) -> int:
    """2 on a desktop of at least 4K (3840x2160), else 1."""
    w, h = desktop_size
    return 2 if w >= 3840 and h >= 2160 else 1


# -- units <-> pixels -----------------------------------------------------------------------------
def _pt(p):
    return (p[0] * SCALE, p[1] * SCALE)


def _rect(r):
    """A rect (Rect or 4 numbers or ((x, y), (w, h))) in pixels."""
    r = pygame.Rect(r)
    return pygame.Rect(r.x * SCALE, r.y * SCALE, r.w * SCALE, r.h * SCALE)


def _unit_rect(r: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(r.x // SCALE, r.y // SCALE, -(-r.w // SCALE), -(-r.h // SCALE))


def _dest(dest):
    if isinstance(dest, pygame.Rect) or len(dest) == 4:
        return _pt(pygame.Rect(dest).topleft)
    return _pt(dest)


# -- surfaces -------------------------------------------------------------------------------------
def surface(size, flags: int = 0, *more) -> pygame.Surface:
    """A new surface of `size` units (pygame.Surface(size, flags, ...) at SCALE)."""
    if SCALE == 1:
        return pygame.Surface(size, flags, *more)
    return pygame.Surface((max(0, int(size[0] * SCALE)), max(0, int(size[1] * SCALE))),
                          flags, *more)


def get_size(surf) -> tuple[int, int]:
    w, h = surf.get_size()
    if SCALE == 1:
        return w, h
    return -(-w // SCALE), -(-h // SCALE)


def get_width(surf) -> int:
    return get_size(surf)[0]


def get_height(surf) -> int:
    return get_size(surf)[1]


def get_rect(surf, **where) -> pygame.Rect:
    """surf.get_rect(**where) in units."""
    if SCALE == 1:
        return surf.get_rect(**where)
    r = pygame.Rect((0, 0), get_size(surf))
    for name, value in where.items():
        setattr(r, name, value)
    return r


def _joined(got, part: pygame.Rect) -> pygame.Rect:
    """The rect a banded blit or fill changed: the union of the bands that changed pixels."""
    if got is None or not (got.w and got.h):
        return part
    return got.union(part) if part.w and part.h else got


def blit(dst, src, dest, area=None, special_flags: int = 0) -> pygame.Rect:
    if SCALE == 1 and area is None and src.get_width() * src.get_height() <= BAND_PIXELS:
        return dst.blit(src, dest, None, special_flags)  # the common case, kept cheap
    if SCALE == 1:
        x, y = pygame.Rect(dest).topleft if len(dest) == 4 else dest
        area = src.get_rect() if area is None else pygame.Rect(area)
    else:
        x, y = _dest(dest)
        area = src.get_rect() if area is None else _rect(area)
    if area.w * area.h <= BAND_PIXELS:
        got = dst.blit(src, (x, y), area, special_flags)
    else:
        inside = area.clip(src.get_rect())  # as SDL does: the part of `area` src really has
        x, y = x + inside.x - area.x, y + inside.y - area.y
        area = inside
        rows = max(1, BAND_PIXELS // max(1, area.w))
        got = None
        for top in range(area.top, area.bottom, rows):
            band = pygame.Rect(area.left, top, area.w, min(rows, area.bottom - top))
            got = _joined(got, dst.blit(src, (x, y + top - area.top), band, special_flags))
    return got if SCALE == 1 else _unit_rect(got)


def join_row(parts: list, background=None) -> pygame.Surface:
    """Pixel surfaces (rendered text pieces) side by side, top-aligned, in one new surface."""
    surf = pygame.Surface((sum(p.get_width() for p in parts),
                           max(p.get_height() for p in parts)), pygame.SRCALPHA)
    if background is not None:
        surf.fill(background)
    x = 0
    for part in parts:
        surf.blit(part, (x, 0))
        x += part.get_width()
    return surf


def fill(dst, colour, r=None, special_flags: int = 0) -> pygame.Rect:
    if r is None:
        r = dst.get_rect()
    else:
        r = pygame.Rect(r) if SCALE == 1 else _rect(r)
    if r.w * r.h <= BAND_PIXELS:
        got = dst.fill(colour, r, special_flags)
    else:
        rows = max(1, BAND_PIXELS // max(1, r.w))
        got = None
        for top in range(r.top, r.bottom, rows):
            got = _joined(got, dst.fill(colour, (r.left, top, r.w, min(rows, r.bottom - top)),
                                        special_flags))
    return got if SCALE == 1 else _unit_rect(got)


def subsurface(surf, r) -> pygame.Surface:
    return surf.subsurface(r if SCALE == 1 else _rect(r))


def set_clip(surf, r) -> None:
    surf.set_clip(r if SCALE == 1 or r is None else _rect(r))


def get_clip(surf) -> pygame.Rect:
    return surf.get_clip() if SCALE == 1 else _unit_rect(surf.get_clip())


def smoothscale(surf, size) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, size if SCALE == 1 else _pt(size))


def scale(surf, size) -> pygame.Surface:
    return pygame.transform.scale(surf, size if SCALE == 1 else _pt(size))


# -- pygame.draw in units -------------------------------------------------------------------------
def _width(width: int) -> int:
    return width * SCALE


def _radius_kw(kw: dict) -> dict:
    if SCALE == 1:
        return kw
    return {k: (v * SCALE if k.startswith("border_") and v > 0 else v) for k, v in kw.items()}


def rect(surf, colour, r, width: int = 0, **kw) -> pygame.Rect:
    if SCALE == 1:
        return pygame.draw.rect(surf, colour, r, width, **kw)
    return _unit_rect(pygame.draw.rect(surf, colour, _rect(r), _width(width), **_radius_kw(kw)))


def circle(surf, colour, center, radius, width: int = 0, **kw) -> pygame.Rect:
    if SCALE == 1:
        return pygame.draw.circle(surf, colour, center, radius, width, **kw)
    return _unit_rect(pygame.draw.circle(surf, colour, _pt(center), radius * SCALE,
                                         _width(width), **kw))


def ellipse(surf, colour, r, width: int = 0) -> pygame.Rect:
    if SCALE == 1:
        return pygame.draw.ellipse(surf, colour, r, width)
    return _unit_rect(pygame.draw.ellipse(surf, colour, _rect(r), _width(width)))


def arc(surf, colour, r, start, stop, width: int = 1) -> pygame.Rect:
    if SCALE == 1:
        return pygame.draw.arc(surf, colour, r, start, stop, width)
    return _unit_rect(pygame.draw.arc(surf, colour, _rect(r), start, stop, _width(width)))


def polygon(surf, colour, points, width: int = 0) -> pygame.Rect:
    if SCALE == 1:
        return pygame.draw.polygon(surf, colour, points, width)
    return _unit_rect(pygame.draw.polygon(surf, colour, [_pt(p) for p in points], _width(width)))


def line(surf, colour, start, end, width: int = 1) -> pygame.Rect:
    if SCALE == 1:
        return pygame.draw.line(surf, colour, start, end, width)
    return _unit_rect(pygame.draw.line(surf, colour, _pt(start), _pt(end), _width(width)))


def lines(surf, colour, closed, points, width: int = 1) -> pygame.Rect:
    if SCALE == 1:
        return pygame.draw.lines(surf, colour, closed, points, width)
    return _unit_rect(pygame.draw.lines(surf, colour, closed, [_pt(p) for p in points],
                                        _width(width)))


def aaline(surf, colour, start, end, *more) -> pygame.Rect:
    if SCALE == 1:
        return pygame.draw.aaline(surf, colour, start, end, *more)
    return _unit_rect(pygame.draw.aaline(surf, colour, _pt(start), _pt(end), *more))


def aalines(surf, colour, closed, points, *more) -> pygame.Rect:
    if SCALE == 1:
        return pygame.draw.aalines(surf, colour, closed, points, *more)
    return _unit_rect(pygame.draw.aalines(surf, colour, closed, [_pt(p) for p in points], *more))


def aacircle(surf, colour, center, radius, width: int = 0, **kw) -> pygame.Rect:
    if SCALE == 1:
        return pygame.draw.aacircle(surf, colour, center, radius, width, **kw)
    return _unit_rect(pygame.draw.aacircle(surf, colour, _pt(center), radius * SCALE,
                                           _width(width), **kw))
