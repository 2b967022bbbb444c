"""Where the Flixo table goes on the 1920x1080 canvas: the top bar (status and prompt), the
piles' column on the left, one panel per display (header band with its seat's name, the
"needs" line, the grid, the removed pile), and the places of the toasts and flashes, kept clear
of every display's name. Pure geometry: nothing here draws or reads a game."""

from __future__ import annotations

import pygame

from shell import look

TOP_BAR = pygame.Rect(look.SAFE.left, look.SAFE.top, look.SAFE.width, 92)
PILES = pygame.Rect(look.SAFE.left, TOP_BAR.bottom + 18, 250,
                    look.SAFE.bottom - TOP_BAR.bottom - 18)
AREA = pygame.Rect(PILES.right + 24, TOP_BAR.bottom + 18, look.SAFE.right - PILES.right - 24,
                   look.SAFE.bottom - TOP_BAR.bottom - 18)
GAP = 20                     # between display panels
HEADER_H = 56                # a panel's header band (icon, name, "needs" in two-row layouts)
SIDE_W = 76                  # the removed pile's column inside a panel (two-row layouts)
NEEDS_H = 44                 # the "needs" line under the header (one-row layouts)
REMOVED_H = 100              # the removed pile's row at the bottom (one-row layouts)
PILE_CARD = (132, 184)

DRAW_RECT = pygame.Rect(PILES.x + (PILES.width - PILE_CARD[0]) // 2, PILES.y + 52, *PILE_CARD)
DISCARD_RECT = DRAW_RECT.move(0, PILE_CARD[1] + 72)
DRAWN_RECT = DISCARD_RECT.move(0, PILE_CARD[1] + 72)


def is_safe(shape) -> bool:
    """A display of one row or one column (or none) may keep its Flixos."""
    return shape[0] <= 1 or shape[1] <= 1


class Layout:
    """Where each display's panel and cards go; fixed for a game (its starting shape).

    Displays stand in one row when that gives the larger cards (the removed pile then lies in
    a row under the grid), else in two rows (the removed pile stands in a column at the side)."""

    def __init__(self, people: int, shape):
        self.rows, self.cols = shape
        self.gap = 10
        best = None
        for pc in sorted({people, -(-people // 2)}):
            pr = -(-people // pc)
            card = self._card(pc, pr)
            if best is None or card[0] > best[2][0]:
                best = (pc, pr, card)
        pc, pr, self.card = best
        self.one_row = pr == 1
        pw = (AREA.width - GAP * (pc - 1)) // pc
        ph = (AREA.height - GAP * (pr - 1)) // pr
        self.panels = []
        for d in range(people):
            r, c = divmod(d, pc)
            in_row = min(pc, people - r * pc)
            x0 = AREA.x + (AREA.width - in_row * pw - (in_row - 1) * GAP) // 2
            self.panels.append(pygame.Rect(x0 + c * (pw + GAP), AREA.y + r * (ph + GAP), pw, ph))
        mw = max(44, self.card[0] // 2 + 4)
        self.mini = (mw, int(mw / 0.72))

    def _card(self, pc: int, pr: int) -> tuple[int, int]:
        pw = (AREA.width - GAP * (pc - 1)) // pc
        ph = (AREA.height - GAP * (pr - 1)) // pr
        w, h = self._box_size(pw, ph, pr == 1)
        cw = min((w - (self.cols - 1) * self.gap) // self.cols,
                 int((h - (self.rows - 1) * self.gap) / self.rows * 0.72), 150)
        return cw, int(cw / 0.72)

    @staticmethod
    def _box_size(pw: int, ph: int, one_row: bool) -> tuple[int, int]:
        if one_row:
            return pw - 28, ph - HEADER_H - NEEDS_H - REMOVED_H - 20
        return pw - 28 - SIDE_W, ph - HEADER_H - 20

    def header(self, d: int) -> pygame.Rect:
        """Display d's header band: its seat's shape and name (nothing may cover it)."""
        p = self.panels[d]
        return pygame.Rect(p.x + 6, p.y + 6, p.width - 12, HEADER_H - 6)

    def grid_box(self, d: int) -> pygame.Rect:
        p = self.panels[d]
        w, h = self._box_size(p.width, p.height, self.one_row)
        top = p.y + HEADER_H + 10 + (NEEDS_H if self.one_row else 0)
        return pygame.Rect(p.x + 14, top, w, h)

    def slot_rect(self, d: int, r: int, c: int, shape) -> pygame.Rect:
        """A card's rect at (r, c) in a grid of `shape`, the grid centred in its box."""
        rows, cols = shape
        cw, ch = self.card
        box = self.grid_box(d)
        w = cols * cw + (cols - 1) * self.gap
        h = rows * ch + (rows - 1) * self.gap
        x0 = box.centerx - w // 2
        y0 = box.centery - h // 2
        return pygame.Rect(x0 + c * (cw + self.gap), y0 + r * (ch + self.gap), cw, ch)

    def removed_pos(self, d: int, k: int) -> pygame.Rect:
        """The k-th card of display d's removed pile (cards overlap, the newest on top)."""
        p = self.panels[d]
        mw, mh = self.mini
        if self.one_row:
            step = max(10, min(mw // 2, (p.width - 40 - mw) // 11))
            return pygame.Rect(p.x + 20 + k * step, p.bottom - 14 - mh, mw, mh)
        step = max(12, min(26, (p.height - HEADER_H - 30 - mh) // 11))
        return pygame.Rect(p.right - SIDE_W - 4 + (SIDE_W - mw) // 2,
                           p.y + HEADER_H + 12 + k * step, mw, mh)

    @staticmethod
    def toast_top(height: int) -> int:
        """The top of a toast (a banner of `height` px) at the foot of the displays: it covers
        a removed pile for a moment, never a display's name."""
        return AREA.bottom - height - 16

    def flash_anchor(self, d: int) -> pygame.Rect:
        """A seat's flash (look.flash_above) sits above this line, near its panel's foot."""
        p = self.panels[d]
        return pygame.Rect(p.x, p.bottom - 18, p.width, 1)
