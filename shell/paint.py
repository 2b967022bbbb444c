"""Every pixel operation of the arcade goes through here: this module holds the canvas scale,
and draws each frame of the canvas by redrawing only what changed.

All drawing code works in canvas units: the logical 1920x1080 canvas of shell.look. The
surfaces underneath hold SCALE real pixels per unit: 1 on a 1080p screen, 2 on a 4K screen
(shell.app picks it), so text, lines and art are drawn at the size they are shown, not scaled up
afterwards. The rule that makes this work: EVERY surface is made at SCALE (through surface() or
a font of shell.look), so a blit never resizes anything; only numbers cross the boundary, here:
positions, sizes, widths and radii go in as units (times SCALE), sizes come out as units
(divided by SCALE).

The names mirror pygame's: paint.circle(art, colour, c, r) for pygame.draw.circle(...),
paint.blit(canvas, art, (x, y)) for canvas.blit(art, (x, y)), paint.get_size(art) for
art.get_size(), paint.surface((w, h), flags) for pygame.Surface((w, h), flags). Scale-free
pygame calls (transform.rotate, rotozoom, flip, copy, convert, and render() of a look.font)
are used as they are. tests/test_paint.py checks that scenes/ make no direct pixel calls,
and draws every screen at SCALE 2 to compare it with SCALE 1.

At SCALE 1 the numbers pass through unchanged (nothing moves by a pixel). At any scale, blits
and fills bigger than BAND_PIXELS are done in bands (the same pixels, tested).

FRAMES OF THE CANVAS: only what changed is redrawn. Scenes draw every frame from scratch
(draw changes nothing, scenes/base.py), but most of a frame is the same as the one before: the
background, the panels, the cards that did not move. So between begin_frame() and end_frame()
the operations on the tracked canvas (track(), the App's window) are not done at once but
recorded, each with a key (what it draws, where, with which source surface in which state) and
the pixel rect it can touch. end_frame() compares the list with the previous frame's: where
every operation touching a pixel is the same, in the same order, the pixel is already right.
Only the rects of operations that are new, gone or reordered are redrawn (rounded out to TILE
units): every operation of the new frame that touches them is done again, clipped to them, over
the frame's first operation, which must cover the whole canvas with opaque pixels (the
background; a frame without one is drawn whole). end_frame() returns those rects, in pixels:
all the window needs to be sent. A 4K frame whose table did not change costs the recording of
its operations and nothing else.

What the key of a source surface holds: its identity, its alpha and colour key, and how many
times it was drawn on through this module (so art drawn on again after being shown is seen as
changed; every pixel write goes through here, tests/test_paint.py). While a frame is recorded,
drawing calls on the canvas return the rect they may touch (pygame returns the rect touched);
read the canvas only after end_frame() or through snapshot().
"""

from __future__ import annotations

import weakref

import pygame

SCALE = 1

# pygame-ce holds the GIL through a blit or a fill, and a full-canvas one takes ~1 ms: the main
# thread, which stamps input while the frame thread draws (shell.app), would wait that long.
# Bigger ones are done in bands of about this many pixels, the GIL free between bands.
BAND_PIXELS = 80_000

# Changed areas are rounded out to squares of TILE canvas units (fewer, larger redraws and
# uploads); when they cover more than FULL_SHARE of the canvas the whole frame is drawn.
TILE = 16
FULL_SHARE = 0.5


def set_scale(scale: int) -> None:
    """Change the pixel density (before a new display; cached art must be rebuilt after)."""
    global SCALE
    if scale not in (1, 2):
        raise ValueError(f"canvas scale {scale!r}: 1 (1080p) or 2 (4K)")
    SCALE = scale
    forget()


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


def _units(r: pygame.Rect) -> pygame.Rect:
    return r if SCALE == 1 else _unit_rect(r)


def _dest(dest):
    if isinstance(dest, pygame.Rect) or len(dest) == 4:
        return _pt(pygame.Rect(dest).topleft)
    return _pt(dest)


# -- the canvas's frames --------------------------------------------------------------------------
class _Op:
    """One recorded operation on the canvas: run(canvas, clip, *args) does it, clipped to
    `clip` (a pixel Rect: the op's own clip, narrowed to the area being redrawn). `rect` holds
    every pixel it can touch; `parts`, when not None, are smaller rects that hold them too (the
    four sides of an outline). `whole`: its pixels depend on where a clip cuts it (pygame
    re-rasterises a clipped square outline, arc or anti-aliased line, and anti-aliases by
    absolute position), so it is only ever drawn whole: what it touches is redrawn with it."""
    __slots__ = ("key", "rect", "run", "args", "clip", "parts", "whole")

    def __init__(self, key, rect, run, args, clip, parts=None, whole=False):
        self.key, self.rect, self.run, self.args, self.clip = key, rect, run, args, clip
        self.parts, self.whole = parts, whole

    def areas(self) -> list:
        return self.parts if self.parts is not None else [self.rect]


_canvas: pygame.Surface | None = None   # the tracked canvas
_bounds = pygame.Rect(0, 0, 0, 0)       # its pixel rect
_ops: list | None = None                # the frame being recorded, else None
_last: list | None = None               # what the canvas shows (None: unknown, draw it all)
_clip: pygame.Rect | None = None        # the canvas's clip while recording (None: none)
_done = 0                               # ops of this frame already drawn (snapshot)
_versions: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # surface -> times drawn on
stats = {"ops": 0, "redrawn": 0, "full": True}  # the last frame: ops, pixels redrawn, whole?


def track(canvas: pygame.Surface | None) -> None:
    """Draw the frames of `canvas` (the window's) by recording (None: stop)."""
    global _canvas, _bounds, _ops
    _canvas = canvas
    _bounds = canvas.get_rect() if canvas is not None else pygame.Rect(0, 0, 0, 0)
    _ops = None
    forget()


def forget() -> None:
    """The canvas's pixels are not what the last frame left (new window, scale, a device
    reset): the next frame is drawn whole."""
    global _last
    _last = None


def begin_frame() -> None:
    """Start recording the operations on the tracked canvas."""
    global _ops, _clip, _done
    if _canvas is None:
        return
    _ops, _clip, _done = [], None, 0


def end_frame() -> list[pygame.Rect]:
    """Draw the recorded frame: what changed since the last one, or all of it. Returns the
    pixel rects of the canvas that may have changed ([] when nothing did)."""
    global _ops, _last
    ops, _ops = _ops, None
    if ops is None:
        return []
    canvas, last, _last = _canvas, _last, None  # (unknown until the frame is drawn)
    stats["ops"] = len(ops)
    based = _based(ops)
    changed = _changes(last, ops) if (based and last is not None and not _done) else None
    damage = _damage(changed, ops) if changed is not None else None
    if damage is not None and sum(r.w * r.h for r in damage) > FULL_SHARE * _bounds.w * _bounds.h:
        damage = None
    if damage is None:
        for op in ops[_done:]:
            op.run(canvas, _bounds if op.clip is None else op.clip, *op.args)
        damage = [_bounds.copy()] if ops else []
        stats["full"], stats["redrawn"] = True, _bounds.w * _bounds.h
    else:
        for op in ops:
            hits = op.rect.collidelistall(damage)
            if hits and op.whole:  # (the damage holds all of it: see _damage)
                op.run(canvas, _bounds if op.clip is None else op.clip, *op.args)
                continue
            for i in hits:
                op.run(canvas, damage[i] if op.clip is None else damage[i].clip(op.clip), *op.args)
        stats["full"], stats["redrawn"] = False, sum(r.w * r.h for r in damage)
    _last = ops if based else None
    return damage


def cancel_frame() -> None:
    """Drop the frame being recorded (its drawing failed); the next one is drawn whole."""
    global _ops
    _ops = None
    forget()


def snapshot(surf: pygame.Surface) -> pygame.Surface:
    """A copy of `surf` as drawn so far (the canvas in the middle of a frame included)."""
    global _done, _last
    if surf is _canvas and _ops is not None:
        for op in _ops[_done:]:
            op.run(surf, _bounds if op.clip is None else op.clip, *op.args)
        _done = len(_ops)
        _last = None
    return surf.copy()


def redraw(surf: pygame.Surface) -> None:
    """Draw the last frame's operations, all of them, onto `surf` (a surface the size of the
    canvas): what end_frame() must have left on the canvas (for tests)."""
    for op in _last or []:
        op.run(surf, surf.get_rect() if op.clip is None else op.clip, *op.args)


def _recording(surf) -> bool:
    return _ops is not None and surf is _canvas


def _drawn_on(surf) -> None:
    """surf's pixels change (outside a recorded frame): art shown before is seen as changed;
    the canvas (or a part of it) changed behind the frames' back: the next frame is whole."""
    while surf is not None:
        if surf is _canvas:
            forget()
        _versions[surf] = _versions.get(surf, 0) + 1
        surf = surf.get_parent()


def _version(surf):
    parent = surf.get_parent()
    v = _versions.get(surf, 0)
    return v if parent is None else (v, _version(parent))


def _based(ops) -> bool:
    """Does the frame start by covering the whole canvas with opaque pixels?"""
    if not ops:
        return False
    op = ops[0]
    if op.clip is not None or op.rect != _bounds:
        return False
    if op.run is _run_fill:
        return op.args[2] == 0
    if op.run is _run_blit:
        src, flags = op.args[0], op.args[4]
        return (flags == 0 and not src.get_flags() & pygame.SRCALPHA
                and src.get_alpha() in (None, 255) and src.get_colorkey() is None)
    return False


def _changes(old, new):
    """Pixel rects where the two frames may differ: those of the operations that are only in
    one of them, or all in between when the shared ones changed order."""
    n_old, n_new = len(old), len(new)
    a = 0
    while a < n_old and a < n_new and old[a].key == new[a].key:
        a += 1
    b = 0
    while b < n_old - a and b < n_new - a and old[n_old - 1 - b].key == new[n_new - 1 - b].key:
        b += 1
    old_mid, new_mid = old[a:n_old - b], new[a:n_new - b]
    if not old_mid and not new_mid:
        return []
    left: dict = {}
    for op in old_mid:
        left[op.key] = left.get(op.key, 0) + 1
    both: dict = {}
    for op in new_mid:
        if left.get(op.key, 0) > both.get(op.key, 0):
            both[op.key] = both.get(op.key, 0) + 1
    rects, orders = [], []
    for mid in (old_mid, new_mid):
        count, order = dict(both), []
        for op in mid:
            if count.get(op.key, 0) > 0:
                count[op.key] -= 1
                order.append(op.key)
            else:
                rects += op.areas()
        orders.append(order)
    if orders[0] != orders[1]:
        return [r for op in old_mid + new_mid for r in op.areas()]
    return rects


def _damage(rects, ops) -> list[pygame.Rect]:
    """The rects rounded out to tiles, grown until every op drawn only whole that touches
    them lies inside them, and merged (see _tile_rects)."""
    t = TILE * SCALE
    bits = [0] * -(-_bounds.h // t)
    for r in rects:
        _set_tiles(bits, r, t)
    whole = [op for op in ops if op.whole and op.rect.w and op.rect.h]
    grown = True
    while whole and grown:
        grown = False
        for op in whole:
            rows, mask = _tile_span(op.rect, t)
            hit = any(bits[row] & mask for row in rows)
            if hit and any(bits[row] & mask != mask for row in rows):
                for row in rows:
                    bits[row] |= mask
                grown = True
    return _tile_rects(bits, t)


def _tile_span(r: pygame.Rect, t: int):
    """The tile rows and the column mask of the tiles a (non-empty) pixel rect touches."""
    c0, c1 = r.x // t, (r.right - 1) // t
    return range(r.y // t, (r.bottom - 1) // t + 1), ((1 << (c1 - c0 + 1)) - 1) << c0


def _set_tiles(bits, r: pygame.Rect, t: int) -> None:
    r = r.clip(_bounds)
    if r.w and r.h:
        rows, mask = _tile_span(r, t)
        for row in rows:
            bits[row] |= mask


def _tile_rects(bits, t: int) -> list[pygame.Rect]:
    """The tiles set in `bits` (a column mask per row) as rects: runs of tiles along rows,
    equal runs of neighbouring rows joined."""
    out: list[pygame.Rect] = []
    open_runs: dict = {}  # (c0, c1) -> its rect, still growing downwards
    for row, v in enumerate(bits):
        runs, c = [], 0
        while v:
            if v & 1:
                start = c
                while v & 1:
                    v >>= 1
                    c += 1
                runs.append((start, c))
            else:
                skip = (v & -v).bit_length() - 1
                v >>= skip
                c += skip
        grown = {}
        for run in runs:
            rect = open_runs.pop(run, None)
            if rect is None:
                rect = pygame.Rect(run[0] * t, row * t, (run[1] - run[0]) * t, 0)
                out.append(rect)
            rect.h += t
            grown[run] = rect
        open_runs = grown
    return [r.clip(_bounds) for r in out]


def _clip_key():
    return None if _clip is None else tuple(_clip)


def _record(key, rect, run, args, parts=None, whole=False) -> pygame.Rect:
    clip = _clip if _clip is not None else _bounds
    rect = rect.clip(clip)
    if parts is not None:
        parts = [r.clip(clip) for r in parts]
    _ops.append(_Op(key, rect, run, args, _clip, parts, whole))
    return rect


def _freeze(v):
    """A hashable, comparable copy of a drawing argument (colours, points, rects)."""
    if v is None or type(v) in (int, float, str, bool):
        return v
    if type(v) is pygame.Rect:
        return tuple(v)
    if isinstance(v, (list, tuple, pygame.Rect, pygame.Color, pygame.Vector2)):
        return tuple(_freeze(i) for i in v)
    return v


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


def byte_size(surf) -> int:
    """Bytes of pixels the surface holds."""
    return surf.get_pitch() * surf.get_height()


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


def _blit_px(dst, src, x: int, y: int, area: pygame.Rect, special_flags: int) -> pygame.Rect:
    """dst.blit(src, (x, y), area, special_flags), in bands when it is big."""
    if area.w * area.h <= BAND_PIXELS:
        return dst.blit(src, (x, y), area, special_flags)
    inside = area.clip(src.get_rect())  # as SDL does: the part of `area` src really has
    x, y = x + inside.x - area.x, y + inside.y - area.y
    area = inside
    rows = max(1, BAND_PIXELS // max(1, area.w))
    got = None
    for top in range(area.top, area.bottom, rows):
        band = pygame.Rect(area.left, top, area.w, min(rows, area.bottom - top))
        got = _joined(got, dst.blit(src, (x, y + top - area.top), band, special_flags))
    return got


def _fill_px(dst, colour, r: pygame.Rect, special_flags: int) -> pygame.Rect:
    if r.w * r.h <= BAND_PIXELS:
        return dst.fill(colour, r, special_flags)
    rows = max(1, BAND_PIXELS // max(1, r.w))
    got = None
    for top in range(r.top, r.bottom, rows):
        got = _joined(got, dst.fill(colour, (r.left, top, r.w, min(rows, r.bottom - top)),
                                    special_flags))
    return got


def _run_blit(canvas, clip, src, x, y, area, flags) -> None:
    seen = pygame.Rect(x, y, area.w, area.h).clip(clip)
    if seen.w and seen.h:
        part = pygame.Rect(area.x + seen.x - x, area.y + seen.y - y, seen.w, seen.h)
        _blit_px(canvas, src, seen.x, seen.y, part, flags)


def _run_fill(canvas, clip, colour, r, flags) -> None:
    r = r.clip(clip)
    if r.w and r.h:
        _fill_px(canvas, colour, r, flags)


def _run_draw(canvas, clip, fn, colour, args, kw) -> None:
    if fn is pygame.draw.rect and kw and _fill_between_corners(canvas, clip, colour, args, kw):
        return
    canvas.set_clip(clip)
    fn(canvas, colour, *args, **kw)
    canvas.set_clip(None)


def _fill_between_corners(canvas, clip, colour, args, kw) -> bool:
    """A filled rounded rect redrawn inside `clip` where the clip misses its four corners: there
    every pixel of it is plain `colour`, so a fill does it. pygame draws the whole rounded
    shape whatever the clip (0.6 ms for a 4K side panel, per damaged tile). True if done."""
    r, width = args
    if width != 0:
        return False
    r = pygame.Rect(r)
    r.normalize()
    radius = min(max(kw.values()), r.w // 2, r.h // 2) + 1
    inner = r.clip(clip)
    if not inner.w or not inner.h:
        return True
    if (inner.left < r.left + radius or inner.right > r.right - radius) and \
            (inner.top < r.top + radius or inner.bottom > r.bottom - radius):
        return False  # it touches a corner square
    _fill_px(canvas, colour, inner, 0)
    return True


def blit(dst, src, dest, area=None, special_flags: int = 0) -> pygame.Rect:
    if _recording(dst):
        return _units(_record_blit(src, dest, area, special_flags))
    if SCALE == 1 and area is None and src.get_width() * src.get_height() <= BAND_PIXELS:
        _drawn_on(dst)
        return dst.blit(src, dest, None, special_flags)  # the common case, kept cheap
    _drawn_on(dst)
    if SCALE == 1:
        x, y = pygame.Rect(dest).topleft if len(dest) == 4 else dest
        area = src.get_rect() if area is None else pygame.Rect(area)
    else:
        x, y = _dest(dest)
        area = src.get_rect() if area is None else _rect(area)
    return _units(_blit_px(dst, src, x, y, area, special_flags))


def _record_blit(src, dest, area, flags) -> pygame.Rect:
    if SCALE == 1:
        x, y = pygame.Rect(dest).topleft if len(dest) == 4 else dest
    else:
        x, y = _dest(dest)
    x, y = int(x), int(y)
    size = src.get_rect()
    if area is None:
        area = size
    else:
        area = pygame.Rect(area) if SCALE == 1 else _rect(area)
        inside = area.clip(size)  # as SDL does: the part of `area` src really has
        x, y = x + inside.x - area.x, y + inside.y - area.y
        area = inside
    key = ("blit", id(src), _version(src), src.get_alpha(), src.get_colorkey(), x, y,
           area.x, area.y, area.w, area.h, flags, _clip_key())
    rect = _record(key, pygame.Rect(x, y, area.w, area.h), _run_blit, (src, x, y, area, flags))
    return rect if rect.w and rect.h else pygame.Rect(x, y, 0, 0)


def join_row(parts: list, background=None, drops=None) -> pygame.Surface:
    """Pixel surfaces (rendered text pieces) side by side in one new surface, each `drops[i]`
    pixels down from the top (default: all at the top)."""
    drops = drops or [0] * len(parts)
    surf = pygame.Surface((sum(p.get_width() for p in parts),
                           max(p.get_height() + d for p, d in zip(parts, drops))),
                          pygame.SRCALPHA)
    if background is not None:
        surf.fill(background)
    x = 0
    for part, drop in zip(parts, drops):
        surf.blit(part, (x, drop))
        x += part.get_width()
    return surf


def fill(dst, colour, r=None, special_flags: int = 0) -> pygame.Rect:
    if r is None:
        r = dst.get_rect()
    else:
        r = pygame.Rect(r) if SCALE == 1 else _rect(r)
    if _recording(dst):
        if isinstance(colour, (pygame.Color, list)):
            colour = tuple(colour)  # (a Color can change after it was recorded)
        key = ("fill", colour, tuple(r), special_flags, _clip_key())
        rect = _record(key, r, _run_fill, (colour, r, special_flags))
        return _units(rect if rect.w and rect.h else pygame.Rect(0, 0, 0, 0))
    _drawn_on(dst)
    return _units(_fill_px(dst, colour, r, special_flags))


def subsurface(surf, r) -> pygame.Surface:
    if surf is _canvas and _ops is not None:
        raise RuntimeError("a frame of the canvas is being recorded: draw on the canvas itself "
                           "(paint.set_clip limits where)")
    return surf.subsurface(r if SCALE == 1 else _rect(r))


def set_clip(surf, r) -> None:
    global _clip
    r = None if r is None else (pygame.Rect(r) if SCALE == 1 else _rect(r))
    if _recording(surf):
        _clip = None if r is None else r.clip(_bounds)
        return
    surf.set_clip(r)


def get_clip(surf) -> pygame.Rect:
    if _recording(surf):
        return _units(_clip if _clip is not None else _bounds.copy())
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


def _around(points, margin: float) -> pygame.Rect:
    """A pixel rect holding every point, `margin` pixels more on each side."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    left, top = int(min(xs) - margin) - 1, int(min(ys) - margin) - 1
    return pygame.Rect(left, top, int(max(xs) + margin) + 2 - left, int(max(ys) + margin) + 2 - top)


def _draw(fn, surf, colour, bound, *args, parts=None, whole=False, **kw) -> pygame.Rect:
    """pygame.draw's `fn` on surf with pixel arguments; `bound` (a pixel rect, or a function
    making it) holds every pixel it can touch, and so do `parts` (a function making a list of
    rects) when given. `whole`: its pixels depend on the clip (see _Op). Returns the rect in
    units."""
    if _recording(surf):
        if callable(bound):
            bound = bound()
        if isinstance(colour, (pygame.Color, list)):
            colour = tuple(colour)  # (a Color can change after it was recorded)
        key = (fn.__name__, colour, _freeze(args), tuple(sorted(kw.items())) if kw else (),
               _clip_key())
        return _units(_record(key, bound, _run_draw, (fn, colour, args, kw),
                              parts() if parts is not None else None, whole))
    _drawn_on(surf)
    return _units(fn(surf, colour, *args, **kw))


def rect(surf, colour, r, width: int = 0, **kw) -> pygame.Rect:
    r = pygame.Rect(r) if SCALE == 1 else _rect(r)
    kw = _radius_kw(kw)
    w = _width(width)
    if width <= 0:
        return _draw(pygame.draw.rect, surf, colour, lambda: r.inflate(2, 2), r, w, **kw)
    radius = max([0, *kw.values()])
    small = min(abs(r.w), abs(r.h))
    if 2 * w > small or 2 * radius > small:
        # an outline too thick or too round for its rect: pygame draws pixels well outside
        # it (measured: up to 35 px), so it counts as touching the whole canvas
        return _draw(pygame.draw.rect, surf, colour, lambda: _bounds.copy(), r, w, whole=True,
                     **kw)

    def sides():  # an outline's pixels lie along its sides and in its rounded corners
        box = r.inflate(2, 2)
        box.normalize()
        t, c = w + 2, max(w, radius) + 2
        return [pygame.Rect(box.x, box.y, box.w, t),
                pygame.Rect(box.x, box.bottom - t, box.w, t),
                pygame.Rect(box.x, box.y, t, box.h),
                pygame.Rect(box.right - t, box.y, t, box.h),
                pygame.Rect(box.x, box.y, c, c), pygame.Rect(box.right - c, box.y, c, c),
                pygame.Rect(box.x, box.bottom - c, c, c),
                pygame.Rect(box.right - c, box.bottom - c, c, c)]
    # pygame draws a square outline as lines, which come out differently when clipped
    return _draw(pygame.draw.rect, surf, colour, lambda: r.inflate(2, 2), r, w, parts=sides,
                 whole=radius == 0, **kw)


def circle(surf, colour, center, radius, width: int = 0, **kw) -> pygame.Rect:
    c, rad = _pt(center), radius * SCALE
    return _draw(pygame.draw.circle, surf, colour, lambda: _around([c], rad + 2), c, rad,
                 _width(width), **kw)


def ellipse(surf, colour, r, width: int = 0) -> pygame.Rect:
    r = pygame.Rect(r) if SCALE == 1 else _rect(r)
    return _draw(pygame.draw.ellipse, surf, colour, lambda: r.inflate(4, 4), r, _width(width))


def arc(surf, colour, r, start, stop, width: int = 1) -> pygame.Rect:
    r = pygame.Rect(r) if SCALE == 1 else _rect(r)
    w = _width(width)
    return _draw(pygame.draw.arc, surf, colour, lambda: r.inflate(2 * w + 4, 2 * w + 4), r,
                 start, stop, w, whole=True)


def polygon(surf, colour, points, width: int = 0) -> pygame.Rect:
    pts = points if SCALE == 1 else [_pt(p) for p in points]
    w = _width(width)
    return _draw(pygame.draw.polygon, surf, colour, lambda: _around(pts, w + 2), pts, w)


def line(surf, colour, start, end, width: int = 1) -> pygame.Rect:
    a, b = (start, end) if SCALE == 1 else (_pt(start), _pt(end))
    w = _width(width)
    return _draw(pygame.draw.line, surf, colour, lambda: _around((a, b), w + 2), a, b, w)


def lines(surf, colour, closed, points, width: int = 1) -> pygame.Rect:
    pts = points if SCALE == 1 else [_pt(p) for p in points]
    w = _width(width)
    return _draw(pygame.draw.lines, surf, colour, lambda: _around(pts, w + 2), closed, pts, w)


def _extra(more) -> int:
    return sum(abs(int(m)) for m in more if isinstance(m, (int, float)))


def aaline(surf, colour, start, end, *more) -> pygame.Rect:
    a, b = (start, end) if SCALE == 1 else (_pt(start), _pt(end))
    return _draw(pygame.draw.aaline, surf, colour, lambda: _around((a, b), 3 + _extra(more)),
                 a, b, *more, whole=True)


def aalines(surf, colour, closed, points, *more) -> pygame.Rect:
    pts = points if SCALE == 1 else [_pt(p) for p in points]
    return _draw(pygame.draw.aalines, surf, colour, lambda: _around(pts, 3 + _extra(more)),
                 closed, pts, *more, whole=True)


def aacircle(surf, colour, center, radius, width: int = 0, **kw) -> pygame.Rect:
    c, rad = _pt(center), radius * SCALE
    return _draw(pygame.draw.aacircle, surf, colour, lambda: _around([c], rad + 3), c, rad,
                 _width(width), **kw)
