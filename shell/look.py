"""The one look of the arcade: canvas geometry, palette, type, cards, panels, buttons, badges.

Everything is drawn by code in units of the logical 1920x1080 canvas, through shell.paint,
which draws at the screen's pixel density (1080p or 4K): no bitmaps scaled at run time.
Rendered text, badges, icons and backgrounds are cached (`cached`: up to cache_limit() bytes,
least recently used out first), so a frame mostly blits cached surfaces. Surfaces are
convert()/convert_alpha()-ed once a display exists (the cache is emptied by `reset_cache()`
when the display mode changes).

Sofa rules: no type under MIN_FONT (28 px) on the canvas; light text on the dark table,
dark ink on light cards; a seat is always shown by colour AND shape AND name AND device glyph.
Motion: things ease out (ease_out) over MOTION_MS; highlights pulse with pulse().

Buttons: every prompt draws the buttons of the device that presses them. button_cap draws a
shell.input.ButtonName as that device shows it (a key cap for a keyboard zone, a pad's face
button by family with a mark for its place, a d-pad, a dark pill for LB / Options / +, a phone
button); keycap does the same for such a name; caps_row draws a line of (buttons, meaning)
prompts.
"""

from __future__ import annotations

import math
import os
from collections import OrderedDict

import pygame

from shell import paint

W, H = 1920, 1080
CANVAS = (W, H)
# TVs may overscan: keep everything that matters inside the title-safe area (5 % each side).
SAFE_MARGIN = (96, 54)
SAFE = pygame.Rect(SAFE_MARGIN[0], SAFE_MARGIN[1], W - 2 * SAFE_MARGIN[0], H - 2 * SAFE_MARGIN[1])
CENTER = (W // 2, H // 2)

# -- palette --------------------------------------------------------------------------------------
BG_TOP = (20, 28, 58)
BG_BOTTOM = (10, 14, 32)
FELT = (26, 74, 66)          # the table cloth games draw their cards on
FELT_EDGE = (16, 50, 45)
PANEL = (36, 46, 88)
PANEL_EDGE = (70, 86, 150)
SHADOW = (4, 6, 16)
CARD = (250, 245, 230)
CARD_EDGE = (200, 190, 165)
CARD_BACK = (190, 60, 60)
CARD_BACK_2 = (150, 40, 46)
INK = (22, 26, 40)
TEXT = (246, 246, 252)
MUTED = (176, 186, 216)
ACCENT = (255, 200, 40)
GOOD = (70, 214, 120)
BAD = (244, 76, 86)
WHITE = (255, 255, 255)

# -- type -----------------------------------------------------------------------------------------
# Sizes are the font's pixel height on the canvas (ascent + descent). Note: pygame's
# Font(None, size) shrinks its bundled font to 0.6875 of `size`; loading the same file by path
# gives the size asked for, so that is what font() does.
MIN_FONT = 28
SMALL = 30
BODY = 38
LARGE = 52
TITLE = 72
HUGE = 120
FONT_FILE = os.path.join(os.path.dirname(pygame.__file__), "freesansbold.ttf")

MOTION_MS = 250

_fonts: dict = {}
_cache: OrderedDict = OrderedDict()  # key -> art, least recently used first
_sizes: dict = {}                    # key -> bytes it holds
_held = [0]                          # bytes held by the cache
_backdrop: list = [None]             # the backdrop (see backdrop), not in the cache
USED_SIZES: set[int] = set()  # every font size asked for (tests check none is under MIN_FONT)
# The art cache holds at most this many bytes of pixels at 1080p, times SCALE² (a 4K surface
# holds four times the pixels: 192 MB at 4K). The least recently used art goes first.
CACHE_BYTES = 48_000_000
SMALL_ENTRY = 256  # what a cached value that is not a surface is counted as (wrapped lines)


# The bundled font's kerning table pushes many letter pairs APART ("tt" by 10 % of the size, so
# the logo read "Flot te Fünf"; "yb", "kk" ... too), which no type designer meant. Text is set
# without the kerning of any pair the font widens by more than KERN_GAP of its size (the
# pieces between such pairs keep the font's own kerning, the tightening kind included).
KERN_GAP = 0.04


def _unkerned_pieces(font: pygame.font.Font, text: str, gaps: dict) -> list[str]:
    """text cut between the letters of every pair `font` kerns apart ("Flotte" -> ["Flot",
    "te"]). gaps: the font's cache, pair -> True when it is cut there."""
    pieces, start = [], 0
    for i in range(1, len(text)):
        pair = text[i - 1:i + 1]
        cut = gaps.get(pair)
        if cut is None:
            widened = font.size(pair)[0] - font.size(pair[0])[0] - font.size(pair[1])[0]
            cut = gaps[pair] = widened > KERN_GAP * font.size(pair)[1]
        if cut:
            pieces.append(text[start:i])
            start = i
    return pieces + [text[start:]]


SIZES_KEPT = 4096  # measured texts remembered per font (then forgotten all at once)


class Font:
    """pygame-ce's bundled font measured in canvas units: render() draws its glyphs at
    paint.SCALE (so text is sharp at 4K), size() and get_linesize() answer in units.
    Pairs the font kerns apart are set side by side, without that kerning (KERN_GAP)."""

    def __init__(self, size: int):
        self.pixels = pygame.font.Font(FONT_FILE, size * paint.SCALE)
        # at 1080p: where lines break must not depend on the scale (hinting makes glyphs at
        # twice the size a pixel wider or narrower than twice the glyphs)
        self.units = self.pixels if paint.SCALE == 1 else pygame.font.Font(FONT_FILE, size)
        self._gaps: dict[str, bool] = {}
        self._unit_gaps: dict[str, bool] = {}
        self._sizes: dict[str, tuple[int, int]] = {}

    def render(self, text: str, antialias: bool, colour, background=None) -> pygame.Surface:
        pieces = _unkerned_pieces(self.pixels, text, self._gaps)
        if len(pieces) == 1:
            return self.pixels.render(text, antialias, colour, background)
        # SDL_ttf puts a piece's baseline lower when one of its glyphs reaches above the
        # font's ascent ("Ü"): line the pieces up on their baselines
        tops = [self._baseline(p) for p in pieces]
        return paint.join_row([self.pixels.render(p, antialias, colour, background)
                               for p in pieces], background, [max(tops) - t for t in tops])

    def _baseline(self, text: str) -> int:
        """Pixels from the top of a rendering of text down to its baseline."""
        tops = [m[3] for m in self.pixels.metrics(text) if m is not None]
        return max([self.pixels.get_ascent()] + tops)

    def size(self, text: str) -> tuple[int, int]:
        found = self._sizes.get(text)
        if found is None:  # (prompts measure the same few texts every frame)
            sizes = [self.pixels.size(p) for p in _unkerned_pieces(self.pixels, text, self._gaps)]
            w, h = sum(s[0] for s in sizes), max(s[1] for s in sizes)
            found = -(-w // paint.SCALE), -(-h // paint.SCALE)
            if len(self._sizes) > SIZES_KEPT:
                self._sizes.clear()
            self._sizes[text] = found
        return found

    def width_1080p(self, text: str) -> int:
        """The width of text as drawn at 1080p: for decisions such as where a line breaks,
        which must come out the same at every scale."""
        return sum(self.units.size(p)[0] for p in _unkerned_pieces(self.units, text, self._unit_gaps))

    def get_linesize(self) -> int:
        return -(-self.pixels.get_linesize() // paint.SCALE)

    def get_height(self) -> int:
        return -(-self.pixels.get_height() // paint.SCALE)


def font(size: int) -> Font:
    """The arcade's font at `size` units. Refuses anything too small to read from a sofa."""
    if size < MIN_FONT:
        raise ValueError(f"font size {size} is under {MIN_FONT} px: unreadable on a TV")
    USED_SIZES.add(size)
    if not pygame.font.get_init():  # pygame was quit since: cached fonts are dead objects
        pygame.font.init()
        _fonts.clear()
    f = _fonts.get(size)
    if f is None:
        f = _fonts[size] = Font(size)
    return f


def reset_cache() -> None:
    """Forget every cached surface and font (a new display, or pygame was re-initialised)."""
    _cache.clear()
    _sizes.clear()
    _held[0] = 0
    _fonts.clear()
    _backdrop[0] = None


def cache_bytes() -> int:
    """Bytes of pixels the art cache holds now."""
    return _held[0]


def cache_limit() -> int:
    return CACHE_BYTES * paint.SCALE * paint.SCALE


def _prepare(surface: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    if pygame.display.get_surface() is None:
        return surface
    return surface.convert_alpha() if alpha else surface.convert()


def cached(key, build):
    """The surface (or other art) for `key`, built by build() when it is not in the cache.
    The cache keeps what was used last, up to cache_limit() bytes: the art a frame uses
    stays, art not seen for a while is built again if it comes back."""
    art = _cache.get(key, _cache)
    if art is not _cache:
        _cache.move_to_end(key)
        return art
    art = _cache[key] = build()
    size = paint.byte_size(art) if isinstance(art, pygame.Surface) else SMALL_ENTRY
    _sizes[key] = size
    _held[0] += size
    limit = cache_limit()
    while _held[0] > limit and len(_cache) > 1:
        old, _ = _cache.popitem(last=False)
        _held[0] -= _sizes.pop(old)
    return art


# -- canvas geometry ------------------------------------------------------------------------------
def fit(window_size) -> tuple[float, pygame.Rect]:
    """Scale and destination rect of the canvas in a window: as large as fits, centred,
    aspect kept (letterbox or pillarbox bars)."""
    ww, wh = window_size
    scale = min(ww / W, wh / H)
    dw, dh = max(1, round(W * scale)), max(1, round(H * scale))
    return scale, pygame.Rect((ww - dw) // 2, (wh - dh) // 2, dw, dh)


def to_canvas(pos, window_size) -> tuple[int, int]:
    """A window position (mouse) in canvas coordinates."""
    scale, dest = fit(window_size)
    return int((pos[0] - dest.x) / scale), int((pos[1] - dest.y) / scale)


# -- motion ---------------------------------------------------------------------------------------
def ease_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def pulse(ms: float, period: float = 1200.0) -> float:
    """0..1..0 over `period` ms, for highlights that breathe."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (ms % period) / period)


def mix(a, b, t: float):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


# -- text -----------------------------------------------------------------------------------------
def text_surface(s: str, size: int = BODY, colour=TEXT) -> pygame.Surface:
    key = ("text", s, size, tuple(colour))
    return cached(key, lambda: _prepare(font(size).render(s, True, colour)))


def text(canvas, s: str, pos, size: int = BODY, colour=TEXT,
         anchor: str = "topleft") -> pygame.Rect:
    surf = text_surface(s, size, colour)
    rect = paint.get_rect(surf, **{anchor: pos})
    paint.blit(canvas, surf, rect)
    return rect


def wrap(s: str, size: int, width: int) -> list[str]:
    """Split s into lines no wider than width px at this size."""
    f = font(size)
    lines = []
    for para in s.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}".strip()
            if f.width_1080p(trial) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def fit_text(s: str, size: int, width: int) -> str:
    """s as it fits `width` at `size`: whole, or cut with "..." at the end."""
    f = font(size)
    if f.size(s)[0] <= width:
        return s
    while s and f.size(s + "...")[0] > width:
        s = s[:-1]
    return s.rstrip() + "..."


def name_fit(name: str, width: int) -> tuple[str, int]:
    """A player's name for a header `width` wide, and its size: the body type if it fits, else
    the small type, cut letter by letter as a last resort."""
    size = BODY if font(BODY).size(name)[0] <= width else SMALL
    while len(name) > 1 and font(size).size(name)[0] > width:
        name = name[:-1]
    return name, size


def paragraph(canvas, s: str, rect, size: int = BODY, colour=TEXT, gap: int = 8) -> int:
    """Wrapped text in rect; returns the y below the last line."""
    y = rect.top
    for line in cached(("wrap", s, size, rect.width), lambda: wrap(s, size, rect.width)):
        if line:
            text(canvas, line, (rect.left, y), size, colour)
        y += font(size).get_linesize() + gap
    return y


# -- shapes ---------------------------------------------------------------------------------------
def _shape_points(shape: str, cx: float, cy: float, r: float) -> list:
    def poly(n, rot=-math.pi / 2, radius=r):
        return [(cx + radius * math.cos(rot + 2 * math.pi * i / n),
                 cy + radius * math.sin(rot + 2 * math.pi * i / n)) for i in range(n)]
    if shape == "square":
        k = r * 0.82
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return poly(3, radius=r * 1.1)
    if shape == "diamond":
        return poly(4, radius=r * 1.05)
    if shape == "hexagon":
        return poly(6, rot=0)
    if shape == "star":
        pts = []
        for i in range(10):
            rad = r * 1.08 if i % 2 == 0 else r * 0.45
            a = -math.pi / 2 + math.pi * i / 5
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return pts
    if shape == "cross":
        a, b = r * 0.34, r * 0.95
        return [(cx - a, cy - b), (cx + a, cy - b), (cx + a, cy - a), (cx + b, cy - a),
                (cx + b, cy + a), (cx + a, cy + a), (cx + a, cy + b), (cx - a, cy + b),
                (cx - a, cy + a), (cx - b, cy + a), (cx - b, cy - a), (cx - a, cy - a)]
    if shape == "heart":
        pts = []
        for i in range(40):
            t = 2 * math.pi * i / 40
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            pts.append((cx + x * r / 16.5, cy - y * r / 16.5 - r * 0.05))
        return pts
    return []  # circle


def draw_shape(surface, shape: str, center, r: float, colour, outline=None, width: int = 4) -> None:
    """One of the eight seat shapes, filled, with an optional outline for contrast."""
    cx, cy = center
    if shape == "circle":
        if outline is not None:
            paint.circle(surface, outline, (cx, cy), r + width)
        paint.circle(surface, colour, (cx, cy), r)
        return
    pts = _shape_points(shape, cx, cy, r)
    if outline is not None:
        paint.polygon(surface, outline, pts, 0)
        paint.lines(surface, outline, True, pts, width * 2)
    paint.polygon(surface, colour, pts)
    paint.aalines(surface, colour, True, pts)


def shape_icon(shape: str, colour, r: int) -> pygame.Surface:
    def build():
        size = int(r * 2.6)
        surf = paint.surface((size, size), pygame.SRCALPHA)
        draw_shape(surf, shape, (size / 2, size / 2), r, colour, outline=INK, width=3)
        return _prepare(surf)
    return cached(("shape", shape, tuple(colour), r), build)


# -- panels, cards, buttons -----------------------------------------------------------------------
def background(canvas) -> None:
    """The arcade's dark gradient backdrop (one cached full-canvas blit)."""
    paint.blit(canvas, backdrop(), (0, 0))


def backdrop() -> pygame.Surface:
    """The arcade's backdrop as one opaque canvas-sized surface, built once per display and
    kept outside the art cache (_backdrop): nearly every screen draws it, but a game's table
    bakes in its own copy, so in the cache it went unused through a game, was dropped as the
    least recently used art, and the results screen stalled 40-90 ms at 4K building it again."""
    if _backdrop[0] is None:
        surf = paint.surface(CANVAS)
        for y in range(H):
            paint.fill(surf, mix(BG_TOP, BG_BOTTOM, y / H), (0, y, W, 1))
        # a faint diagonal weave, so large empty areas do not band on TVs
        for x in range(-H, W, 48):
            paint.line(surf, mix(BG_TOP, (40, 52, 96), 0.25), (x, 0), (x + H, H), 1)
        _backdrop[0] = _prepare(surf, alpha=False)
    return _backdrop[0]


def felt(canvas, rect, radius: int = 40) -> None:
    """The table cloth a game's cards lie on."""
    rect = pygame.Rect(rect)
    paint.rect(canvas, SHADOW, rect.move(0, 10), border_radius=radius)
    paint.rect(canvas, FELT_EDGE, rect, border_radius=radius)
    paint.rect(canvas, FELT, rect.inflate(-16, -16), border_radius=radius - 8)


def panel(canvas, rect, colour=PANEL, radius: int = 28, edge=PANEL_EDGE) -> pygame.Rect:
    rect = pygame.Rect(rect)
    paint.rect(canvas, SHADOW, rect.move(0, 8), border_radius=radius)
    paint.rect(canvas, colour, rect, border_radius=radius)
    if edge is not None:
        paint.rect(canvas, edge, rect, width=3, border_radius=radius)
    return rect


def card(canvas, rect, label: str = "", colour=CARD, ink=INK, size: int = LARGE,
         highlight=None) -> pygame.Rect:
    """A face-up card: light face, thin edge, big centred label; `highlight` rings it.
    Cached per look, so a table of many cards costs one blit each."""
    rect = pygame.Rect(rect)
    radius = max(8, rect.width // 8)
    pad = 8 if highlight is not None else 0

    def build():
        surf = paint.surface((rect.width + 2 * pad, rect.height + 2 * pad + 6), pygame.SRCALPHA)
        r = pygame.Rect(pad, pad, rect.width, rect.height)
        paint.rect(surf, SHADOW, r.move(0, 6), border_radius=radius)
        if highlight is not None:
            paint.rect(surf, highlight, r.inflate(2 * pad, 2 * pad),
                       border_radius=radius + pad)
        paint.rect(surf, colour, r, border_radius=radius)
        paint.rect(surf, CARD_EDGE, r, width=3, border_radius=radius)
        if label:
            t = font(size).render(label, True, ink)
            paint.blit(surf, t, paint.get_rect(t, center=r.center))
        return _prepare(surf)

    key = ("card", rect.size, label, tuple(colour), tuple(ink), size,
           tuple(highlight) if highlight is not None else None)
    paint.blit(canvas, cached(key, build), (rect.x - pad, rect.y - pad))
    return rect


def card_back(canvas, rect, highlight=None) -> pygame.Rect:
    """A face-down card: the arcade's one card back (cached per size)."""
    rect = pygame.Rect(rect)
    radius = max(8, rect.width // 8)

    def build():
        surf = paint.surface(rect.size, pygame.SRCALPHA)
        r = paint.get_rect(surf)
        paint.rect(surf, CARD, r, border_radius=radius)
        inner = r.inflate(-12, -12)
        paint.rect(surf, CARD_BACK, inner, border_radius=radius - 4)
        step = max(10, rect.width // 6)
        clip = paint.get_clip(surf)
        paint.set_clip(surf, inner.inflate(-8, -8))
        for x in range(-rect.height, rect.width, step):
            paint.line(surf, CARD_BACK_2, (x, 0), (x + rect.height, rect.height), 4)
            paint.line(surf, CARD_BACK_2, (x + rect.height, 0), (x, rect.height), 4)
        paint.set_clip(surf, clip)
        paint.rect(surf, CARD_EDGE, r, width=3, border_radius=radius)
        return _prepare(surf)
    paint.rect(canvas, SHADOW, rect.move(0, 6), border_radius=radius)
    if highlight is not None:
        paint.rect(canvas, highlight, rect.inflate(16, 16), border_radius=radius + 6)
    paint.blit(canvas, cached(("back", rect.size), build), rect)
    return rect


def button(canvas, rect, label: str, selected: bool = False, enabled: bool = True,
           size: int = BODY) -> pygame.Rect:
    """A pill button; the selected one is filled with the accent colour and ringed (cached)."""
    rect = pygame.Rect(rect)
    radius = rect.height // 2
    pad = 6

    def build():
        surf = paint.surface((rect.width + 2 * pad, rect.height + 2 * pad + 6), pygame.SRCALPHA)
        r = pygame.Rect(pad, pad, rect.width, rect.height)
        if selected:
            paint.rect(surf, WHITE, r.inflate(2 * pad, 2 * pad), border_radius=radius + pad)
            fill, ink = ACCENT, INK
        else:
            fill, ink = PANEL, TEXT if enabled else MUTED
            paint.rect(surf, SHADOW, r.move(0, 6), border_radius=radius)
        paint.rect(surf, fill, r, border_radius=radius)
        if not selected:
            paint.rect(surf, PANEL_EDGE, r, width=3, border_radius=radius)
        t = font(size).render(label, True, ink)
        paint.blit(surf, t, paint.get_rect(t, center=r.center))
        return _prepare(surf)

    key = ("button", rect.size, label, selected, enabled, size)
    paint.blit(canvas, cached(key, build), (rect.x - pad, rect.y - pad))
    return rect


def menu_rows(room: int, n: int, most: int = 84) -> tuple[int, int, int]:
    """(height, gap, label size) of `n` menu buttons that fit `room` px: at most `most` high,
    12 apart, closer (6) and at last in the small type when room is short. Menus whose list
    grows (settings; the pause menu with a row per lost pad) end above their prompts so."""
    gap = 12 if room // n >= 62 else 6
    height = max(36, min(most, room // n - gap))
    return height, gap, BODY if height >= 52 else SMALL


def menu(canvas, labels, selected: int, top: int, width: int = 640, height: int = 84,
         gap: int = 24, x: int | None = None, size: int = BODY) -> list:
    """A vertical list of buttons centred on x (canvas centre by default), labels at `size`."""
    x = CENTER[0] if x is None else x
    rects = []
    for i, label in enumerate(labels):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (x, top + i * (height + gap))
        rects.append(button(canvas, rect, label, selected=(i == selected), size=size))
    return rects


def keycap(canvas, pos, label: str, size: int = SMALL) -> pygame.Rect:
    """A key or button name drawn as a key cap (light box, dark ink), topleft at pos. A pad's
    or phone's button name (shell.input.ButtonName) is drawn as that device's button instead
    (button_cap)."""
    if getattr(label, "family", "keys") != "keys":
        return button_cap(canvas, pos, label, size)
    surf = text_surface(label, size, INK)
    box = paint.get_rect(surf, topleft=(pos[0] + 12, pos[1] + 6)).inflate(24, 12)
    box.topleft = pos
    paint.rect(canvas, SHADOW, box.move(0, 4), border_radius=10)
    paint.rect(canvas, CARD, box, border_radius=10)
    paint.blit(canvas, surf, paint.get_rect(surf, center=box.center))
    return box


def controls(canvas, rect, pairs, size: int = SMALL, max_rows: int = 6) -> int:
    """(key label, meaning) pairs as key caps + words, flowing left to right inside rect.
    Returns the y below the last row."""
    x, y = rect.left, rect.top
    row_h = font(size).get_linesize() + 24
    rows = 1
    for label, meaning in pairs:
        cap_w = cap_size(label, size)[0]
        words_w = font(size).size(meaning)[0]
        if x > rect.left and x + cap_w + 10 + words_w > rect.right:
            rows += 1
            if rows > max_rows:
                break
            x, y = rect.left, y + row_h
        cap = keycap(canvas, (x, y), label, size)
        text(canvas, meaning, (cap.right + 10, cap.centery), size, TEXT, "midleft")
        x = cap.right + 10 + words_w + 34
    return y + row_h


def title(canvas, s: str, y: int | None = None, size: int = TITLE) -> pygame.Rect:
    return text(canvas, s, (CENTER[0], SAFE.top + 10 if y is None else y), size, TEXT, "midtop")


def hint(canvas, s: str) -> pygame.Rect:
    """A line of help at the bottom of the safe area."""
    return text(canvas, s, (CENTER[0], SAFE.bottom), SMALL, MUTED, "midbottom")


def banner(canvas, s: str, colour=BAD, y: int | None = None, lead: int = 0) -> pygame.Rect:
    """A pill with one line of large white text, centred; `lead` px are kept free on its left
    (for a seat's shape)."""
    surf = text_surface(s, LARGE, WHITE)
    rect = pygame.Rect(0, 0, paint.get_width(surf) + lead + 60, paint.get_height(surf) + 30)
    rect.midtop = (CENTER[0], SAFE.top if y is None else y)
    panel(canvas, rect, colour, radius=rect.height // 2, edge=WHITE)
    paint.blit(canvas, surf, paint.get_rect(surf, midleft=(rect.left + 30 + lead, rect.centery)))
    return rect


def dim(canvas, alpha: int = 170) -> None:
    """Darken everything drawn so far (under an overlay) as SHADOW at `alpha` blitted over it
    would (within 2 of 255 a channel), by two fills: no canvas-sized surface to build (30-60 ms
    at 4K, in the frame an end panel came up) and to keep (33 MB at 4K per alpha)."""
    keep = 255 - alpha
    paint.fill(canvas, (keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
    paint.fill(canvas, tuple(round(c * alpha / 255) for c in SHADOW),
               special_flags=pygame.BLEND_RGB_ADD)


# -- seats ----------------------------------------------------------------------------------------
BADGE_H = 84


def seat_badge(canvas, pos, seat, glyph: str = "", *, ready: bool | None = None,
               lost: bool = False, active: bool = False, anchor: str = "topleft",
               width: int | None = None) -> pygame.Rect:
    """A seat's badge: its shape in its colour, its name, its device glyph (and ready/lost).

    The seat's colour also rims the badge; `active` (whose turn) rings it in white. A CPU
    seat's glyph ("CPU hard") sits on its level's colour (level_colour)."""
    label = seat.name
    cpu = getattr(seat, "cpu", None)
    state = "LOST" if lost else ("READY" if ready else ("" if ready is None else "..."))

    def build():
        name_s = text_surface(label, BODY, TEXT)
        glyph_s = text_surface(glyph, SMALL, INK) if glyph else None
        state_s = text_surface(state, SMALL, BAD if lost else (GOOD if ready else MUTED)) \
            if state else None
        w = 16 + 64 + 14 + paint.get_width(name_s) + 18
        if glyph_s:
            w += paint.get_width(glyph_s) + 24 + 14
        if state_s:
            w += paint.get_width(state_s) + 18
        w = max(w, width or 0)
        surf = paint.surface((w, BADGE_H), pygame.SRCALPHA)
        r = paint.get_rect(surf)
        paint.rect(surf, seat.colour, r, border_radius=BADGE_H // 2)
        paint.rect(surf, PANEL if not lost else (70, 30, 40), r.inflate(-10, -10),
                   border_radius=BADGE_H // 2 - 5)
        icon = shape_icon(seat.shape, seat.colour, 24)
        paint.blit(surf, icon, paint.get_rect(icon, center=(16 + 32, BADGE_H // 2)))
        x = 16 + 64 + 14
        paint.blit(surf, name_s, paint.get_rect(name_s, midleft=(x, BADGE_H // 2)))
        x += paint.get_width(name_s) + 18
        if glyph_s:
            box = paint.get_rect(glyph_s, midleft=(x + 12, BADGE_H // 2)).inflate(24, 12)
            fill = BAD if lost else (level_colour(cpu) if cpu else MUTED)
            paint.rect(surf, fill, box, border_radius=10)
            paint.blit(surf, glyph_s, paint.get_rect(glyph_s, center=box.center))
            x = box.right + 14
        if state_s:
            paint.blit(surf, state_s, paint.get_rect(state_s, midleft=(x, BADGE_H // 2)))
        return _prepare(surf)

    key = ("badge", label, tuple(seat.colour), seat.shape, glyph, state, width, cpu)
    surf = cached(key, build)
    rect = paint.get_rect(surf, **{anchor: pos})
    if active:
        paint.rect(canvas, WHITE, rect.inflate(14, 14), width=5,
                   border_radius=BADGE_H // 2 + 7)
    paint.blit(canvas, surf, rect)
    return rect


def seat_strip(canvas, infos, active=frozenset(), y: int | None = None) -> list:
    """Badges for the players of a game, centred in a row along the bottom of the safe area
    (two rows when they do not fit). infos: dicts with seat, glyph, lost. Returns the rects."""
    y = SAFE.bottom - BADGE_H if y is None else y
    surfs = []
    for p, info in enumerate(infos):
        key = ("badge", info["seat"].name, tuple(info["seat"].colour), info["seat"].shape,
               info.get("glyph", ""), "LOST" if info.get("lost") else "", None,
               getattr(info["seat"], "cpu", None))
        surfs.append(_cache.get(key))
    widths = [paint.get_width(s) if s is not None else 360 for s in surfs]
    gap = 24
    rows = [list(range(len(infos)))]
    if sum(widths) + gap * (len(infos) - 1) > SAFE.width:
        half = (len(infos) + 1) // 2
        rows = [list(range(half)), list(range(half, len(infos)))]
        y -= BADGE_H + 20
    rects = [None] * len(infos)
    for r, row in enumerate(rows):
        total = sum(widths[i] for i in row) + gap * (len(row) - 1)
        x = CENTER[0] - total // 2
        for i in row:
            info = infos[i]
            rects[i] = seat_badge(canvas, (x, y + r * (BADGE_H + 20)), info["seat"],
                                  info.get("glyph", ""), lost=info.get("lost", False),
                                  active=i in active)
            x += rects[i].width + gap
    return rects


def flash_above(canvas, rect, s: str, colour=BAD) -> pygame.Rect:
    """A short message (an illegal move's rule) in a pill just above a badge."""
    surf = text_surface(s, SMALL, WHITE)
    box = paint.get_rect(surf, midbottom=(rect.centerx, rect.top - 14)).inflate(28, 14)
    box.clamp_ip(SAFE.inflate(40, 40))
    paint.rect(canvas, colour, box, border_radius=box.height // 2)
    paint.blit(canvas, surf, paint.get_rect(surf, center=box.center))
    return box


# -- button caps: a key, or a pad's or phone's button, as that device shows it ---------------------
# shell.input.ButtonName carries `family` ("keys", "phone", "xbox", "playstation", "nintendo",
# "pad"), `action` and, for face buttons, `place`; look draws it. A plain str is a key cap.
PAD_BODY = (38, 40, 52)
PAD_RING = (132, 140, 170)
FACE_COLOURS = {
    "xbox": {"a": (96, 184, 64), "b": (232, 66, 66), "x": (52, 128, 236), "y": (246, 190, 0)},
    "playstation": {"a": (132, 170, 246), "b": (242, 96, 108), "x": (234, 136, 206),
                    "y": (70, 206, 176)},
}
PHONE_BUTTON = (64, 78, 140)
_FACES = ("a", "b", "x", "y")
_DIRS = ("up", "down", "left", "right")


def _cap_kind(label) -> str:
    """How a label is drawn: "key", "face", "dpad", "pill" (shoulders, start, back, sticks)
    or "phone"."""
    family = getattr(label, "family", "keys")
    if family == "keys":
        return "key"
    if family == "phone":
        return "phone"
    action = getattr(label, "action", "")
    if action in _FACES:
        return "face"
    if action in _DIRS or action == "move":
        return "dpad"
    return "pill"


def cap_size(label, size: int = SMALL) -> tuple[int, int]:
    """Width and height (canvas units) of button_cap(label, size)."""
    h = font(size).size("Ag")[1] + 12
    kind = _cap_kind(label)
    if kind == "face":
        return h + 16, h
    if kind == "dpad":
        return h, h
    return font(size).size(str(label))[0] + 24 + (8 if kind in ("pill", "phone") else 0), h


def button_cap(canvas, pos, label, size: int = SMALL, anchor: str = "topleft") -> pygame.Rect:
    """A button as the device that presses it shows it: a keyboard key as a key cap (light
    box, dark ink), a pad's face button as a round button with the family's letter or
    PlayStation shape and colour and a mark for where it sits on the pad, a d-pad direction as
    a d-pad with that arm lit, other pad buttons (LB, L1, Options, +) as dark pills, a phone's
    button as the phone page's blue pill. Cached per look. Returns the rect drawn."""
    w, h = cap_size(label, size)
    kind = _cap_kind(label)
    family = getattr(label, "family", "keys")
    action = getattr(label, "action", "")
    place = getattr(label, "place", "")
    key = ("cap", kind, family, action, place, str(label), size)
    surf = cached(key, lambda: _prepare(_build_cap(kind, family, action, place, str(label),
                                                   size, w, h)))
    rect = pygame.Rect(0, 0, w, h)
    setattr(rect, anchor, pos)
    paint.blit(canvas, surf, (rect.x, rect.y))
    return rect


def _build_cap(kind, family, action, place, text_s, size, w, h) -> pygame.Surface:
    surf = paint.surface((w, h + 4), pygame.SRCALPHA)
    if kind == "key":
        box = pygame.Rect(0, 0, w, h)
        paint.rect(surf, SHADOW, box.move(0, 4), border_radius=10)
        paint.rect(surf, CARD, box, border_radius=10)
        t = font(size).render(text_s, True, INK)
        paint.blit(surf, t, paint.get_rect(t, center=box.center))
        return surf
    if kind in ("pill", "phone"):
        box = pygame.Rect(0, 0, w, h)
        fill, edge = (PHONE_BUTTON, WHITE) if kind == "phone" else (PAD_BODY, PAD_RING)
        paint.rect(surf, SHADOW, box.move(0, 4), border_radius=h // 2)
        paint.rect(surf, fill, box, border_radius=h // 2)
        paint.rect(surf, edge, box, width=2, border_radius=h // 2)
        t = font(size).render(text_s, True, WHITE)
        paint.blit(surf, t, paint.get_rect(t, center=box.center))
        return surf
    if kind == "dpad":
        c, arm, thick = h / 2, h / 2 - 2, h * 0.36
        paint.circle(surf, SHADOW, (c, c + 3), h / 2)
        paint.circle(surf, PAD_BODY, (c, c), h / 2)
        cross = [pygame.Rect(round(c - thick / 2), round(c - arm), round(thick), round(2 * arm)),
                 pygame.Rect(round(c - arm), round(c - thick / 2), round(2 * arm), round(thick))]
        for r in cross:
            paint.rect(surf, PAD_RING, r, border_radius=3)
        ends = {"up": (c, c - arm * 0.62), "down": (c, c + arm * 0.62),
                "left": (c - arm * 0.62, c), "right": (c + arm * 0.62, c)}
        for spot in ends.values() if action == "move" else [ends[action]]:
            paint.circle(surf, ACCENT, spot, thick * (0.4 if action == "move" else 0.52))
        return surf
    # a face button: a round dark button, the family's letter or shape in its colour, and four
    # dots at the right showing where it sits on the pad
    r = h / 2
    c = (r, r)
    paint.circle(surf, SHADOW, (r, r + 3), r)
    paint.circle(surf, PAD_BODY, c, r)
    paint.circle(surf, PAD_RING, c, r, width=2)
    colour = FACE_COLOURS.get(family, {}).get(action, WHITE)
    if family == "playstation":
        k = r * 0.42
        if action == "a":
            paint.line(surf, colour, (c[0] - k, c[1] - k), (c[0] + k, c[1] + k), 4)
            paint.line(surf, colour, (c[0] - k, c[1] + k), (c[0] + k, c[1] - k), 4)
        elif action == "b":
            paint.circle(surf, colour, c, k * 1.1, width=4)
        elif action == "x":
            paint.rect(surf, colour, pygame.Rect(round(c[0] - k), round(c[1] - k),
                                                 round(2 * k), round(2 * k)), width=4)
        else:
            pts = [(c[0], c[1] - k * 1.2), (c[0] + k * 1.15, c[1] + k * 0.8),
                   (c[0] - k * 1.15, c[1] + k * 0.8)]
            paint.lines(surf, colour, True, pts, 4)
    else:
        t = font(size).render(text_s, True, colour)
        paint.blit(surf, t, paint.get_rect(t, center=c))
    dots = {"n": (0, -1), "s": (0, 1), "w": (-1, 0), "e": (1, 0)}
    mx, my, step = h + 7, r, 7
    for name, (dx, dy) in dots.items():
        on = name == place
        paint.circle(surf, ACCENT if on else PAD_RING, (mx + dx * step, my + dy * step),
                     4 if on else 2.5)
    return surf


def _group_width(group, size: int) -> int:
    return sum(cap_size(c, size)[0] for c in group) + 6 * (len(group) - 1)


def _caps_lines(pairs, size: int, max_width: int):
    """caps_row's layout: [(items of a line, its width)], items (width, caps, meaning)."""
    slash = font(size).size(" / ")[0]
    items = []
    for caps, meaning in pairs:
        caps = [c if isinstance(c, tuple) else (c,) for c in caps]
        width = sum(_group_width(c, size) for c in caps) + slash * max(0, len(caps) - 1)
        width += (font(size).size(meaning)[0] + 10) if meaning else 0
        items.append((width, caps, meaning))
    lines, line, line_w = [], [], 0
    for item in items:
        if line and line_w + CAPS_GAP + item[0] > max_width:
            lines.append((line, line_w))
            line, line_w = [], 0
        line_w += (CAPS_GAP if line else 0) + item[0]
        line.append(item)
    if line:
        lines.append((line, line_w))
    return lines


CAPS_GAP = 40  # between two prompts of a caps_row


def caps_row_size(pairs, size: int = SMALL, max_width: int | None = None) -> tuple[int, int]:
    """Width and height caps_row would take for these pairs."""
    lines = _caps_lines(pairs, size, max_width or SAFE.width)
    row_h = font(size).size("Ag")[1] + 24
    return max((w for _, w in lines), default=0), row_h * len(lines) - 12 if lines else 0


def caps_row(canvas, pos, pairs, size: int = SMALL, colour=MUTED, anchor: str = "midbottom",
             max_width: int | None = None) -> pygame.Rect:
    """One line of prompts: pairs of (caps, meaning), caps a list of button names or of tuples
    of them (one device's buttons for the prompt, drawn side by side; "/" between the devices)
    and meaning the words after them. Placed by `anchor` at pos; wraps onto more lines (upwards
    for a bottom anchor) when wider than max_width (SAFE's width by default). Returns the rect of
    all lines (empty, at pos, when there is nothing to show). The row is drawn once and cached
    (every screen shows the same prompts frame after frame)."""
    max_width = max_width or SAFE.width
    w, total_h = caps_row_size(pairs, size, max_width)
    total = pygame.Rect(0, 0, w, total_h)
    setattr(total, anchor, pos)
    if not w or not total_h:
        return total
    align = ("center" if anchor in ("midtop", "midbottom", "center")
             else "right" if anchor.endswith("right") else "left")
    key = ("caps_row", _caps_key(pairs), size, tuple(colour), max_width, align)

    def build():
        surf = paint.surface((w, total_h), pygame.SRCALPHA)
        _draw_caps_lines(surf, _caps_lines(pairs, size, max_width), size, colour, align, w)
        return _prepare(surf)
    paint.blit(canvas, cached(key, build), total)
    return total


def _caps_key(pairs) -> tuple:
    """What a caps_row's picture depends on: each button's text, family, action and place."""
    def cap(c):
        return (str(c), getattr(c, "family", ""), getattr(c, "action", ""),
                getattr(c, "place", ""))
    return tuple((tuple(tuple(cap(c) for c in (g if isinstance(g, tuple) else (g,)))
                        for g in caps), meaning) for caps, meaning in pairs)


def _draw_caps_lines(surf, lines, size: int, colour, align: str, w: int) -> None:
    slash = font(size).size(" / ")[0]
    h = font(size).size("Ag")[1] + 12
    y = 0
    for line, line_w in lines:
        x = {"center": (w - line_w) // 2, "right": w - line_w}.get(align, 0)
        for _, caps, meaning in line:
            for i, group in enumerate(caps):
                if i:
                    text(surf, " / ", (x, y + h // 2), size, colour, "midleft")
                    x += slash
                for j, cap in enumerate(group):
                    x = button_cap(surf, (x + (6 if j else 0), y), cap, size).right
            if meaning:
                text(surf, meaning, (x + 10, y + h // 2), size, colour, "midleft")
                x += 10 + font(size).size(meaning)[0]
            x += CAPS_GAP
        y += h + 12


# A CPU player's level as a colour (its badge in the lobby and the seat strip).
LEVEL_COLOURS = {"easy": GOOD, "normal": ACCENT, "hard": BAD}


def level_colour(level) -> tuple:
    return LEVEL_COLOURS.get(level, MUTED)
