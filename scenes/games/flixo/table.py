"""Drawing the Flixo table from a view and the cards on screen (sprites.TableShow): the
backdrop with every display's panel (cached pieces), each display (header with its
player's shape and name, the numbers it needs, its cards, the rings where the offered card
fits, the cursor, the removed pile), the piles' column, and the cards in flight. Draws only:
changes nothing."""

from __future__ import annotations

import pygame

from game.flixo import EYE_TOKENS
from shell import look, paint

from . import art
from .layout import (DISCARD_RECT, DRAW_RECT, DRAWN_RECT, HEADER_H, NEEDS_H, PILE_CARD, PILES,
                     Layout, is_safe)
from .sprites import TableShow, face


# -- the backdrop ----------------------------------------------------------------------------------

def backdrop_plain() -> pygame.Surface:
    """The arcade's background (shell.look.backdrop) as one cached surface."""
    return look.backdrop()


def panel_surface(rect, fill, edge, band) -> pygame.Surface:
    """A display panel (or the piles' panel) at its place: shadow, fill, edge and a header
    band, drawn over the arcade's backdrop so it is opaque (an opaque blit is far cheaper than
    an alpha one of this size). Cached; blit it at rect.move(-2, -2)."""
    rect = pygame.Rect(rect)

    def build():
        area = pygame.Rect(rect.x - 2, rect.y - 2, rect.width + 4, rect.height + 14)
        surf = paint.surface(area.size)
        paint.blit(surf, backdrop_plain(), (0, 0), area)
        r = pygame.Rect(2, 2, rect.width, rect.height)
        paint.rect(surf, look.SHADOW, r.move(0, 8), border_radius=26)
        paint.rect(surf, fill, r, border_radius=26)
        if band is not None:
            head = pygame.Rect(r.x + 6, r.y + 6, rect.width - 12, HEADER_H - 6)
            paint.rect(surf, band, head, border_top_left_radius=22,
                       border_top_right_radius=22)
        paint.rect(surf, edge, r, width=3, border_radius=26)
        return look._prepare(surf, alpha=False)
    return look.cached(("flixo_panel", tuple(rect), tuple(fill), tuple(edge),
                        tuple(band) if band is not None else None), build)


def panel_looks(colours: list, active) -> list:
    """(fill, edge, band) of each display's panel (`colours[d]`: display d's seat colour;
    `active`: the lit display or None)."""
    looks = []
    for d, colour in enumerate(colours):
        if d == active:
            looks.append((look.FELT, look.WHITE, colour))
        else:
            looks.append((look.mix(look.FELT, look.PANEL, 0.6),
                          look.mix(colour, look.PANEL, 0.45),
                          look.mix(colour, look.PANEL, 0.55)))
    return looks


def draw_backdrop(canvas, layout: Layout, colours: list, active) -> None:
    """The arcade's background, then the piles' panel and every display's panel, each one
    cached opaque surface. shell.paint redraws only what changed since the last frame, so
    lighting another display costs two panels, not a canvas."""
    paint.blit(canvas, backdrop_plain(), (0, 0))
    paint.blit(canvas, panel_surface(PILES, look.PANEL, look.PANEL_EDGE, None),
               PILES.move(-2, -2))
    for rect, (fill, edge, band) in zip(layout.panels, panel_looks(colours, active)):
        paint.blit(canvas, panel_surface(rect, fill, edge, band), rect.move(-2, -2))


def warm_panels(layout: Layout, colours: list) -> None:
    """Build the panels for every display to move now (the scene starts), not mid-game."""
    for d in [None, *range(len(colours))]:
        for rect, (fill, edge, band) in zip(layout.panels, panel_looks(colours, d)):
            panel_surface(rect, fill, edge, band)


# -- a display -------------------------------------------------------------------------------------

def draw_display(canvas, view: dict, d: int, show: TableShow, tl, now: float, *, name: str,
                 seat, active: bool, settled: bool, offer, cursor) -> None:
    """Display d: header (shape, `name`), needs, cards, rings where `offer` fits (once the
    table has `settled`), the `cursor` ((row, col, colour) or None) and the removed pile."""
    lay = show.layout
    panel = lay.panels[d]
    disp = view["displays"][d]
    if active:
        glow = panel.inflate(14, 14)
        paint.rect(canvas, look.mix(look.ACCENT, look.WHITE, look.pulse(now)), glow,
                   width=6, border_radius=30)
    head = lay.header(d)
    icon = look.shape_icon(seat.shape, seat.colour, 17)
    paint.blit(canvas, icon, paint.get_rect(icon, center=(head.x + 30, head.centery)))
    name_rect = look.text(canvas, name, (head.x + 56, head.centery), look.SMALL,
                          look.INK if active else look.WHITE, "midleft")
    draw_needs(canvas, lay, disp, head, name_rect, offer, active)
    safe = is_safe(show.shapes[d])
    want = set()
    if offer is not None and settled:
        want = {tuple(pos) for v, pos in disp["wants"] if v == offer["value"]}
    for sp in show.leaving(tl, now, d):  # removed cards wait in place until they lift off
        draw_card(canvas, sp.surface(sp.rect.size, safe, now), sp.rect)
    for r, row in enumerate(show.sprites[d]):
        for c, sp in enumerate(row):
            rect = sp.at(now)
            if (r, c) in want:
                paint.rect(canvas, look.GOOD, rect.inflate(18, 18), border_radius=16)
            draw_card(canvas, sp.surface(rect.size, safe, now), rect)
            if (r, c) in want:
                tag = look.text_surface("fits!", look.SMALL, look.WHITE)
                box = paint.get_rect(tag, midtop=(rect.centerx, rect.bottom - 14)).inflate(14, 4)
                paint.rect(canvas, look.GOOD, box, border_radius=10)
                paint.blit(canvas, tag, paint.get_rect(tag, center=box.center))
    if not show.sprites[d] and settled:
        look.text(canvas, "empty: -5", lay.grid_box(d).center, look.BODY, look.ACCENT, "center")
    if cursor is not None:
        r, c, colour = cursor
        grid = show.sprites[d]
        if r < len(grid) and c < len(grid[0]):
            rect = grid[r][c].at(now).inflate(22, 22)
            width = 6 + int(3 * look.pulse(now, 900))
            paint.rect(canvas, look.INK, rect.inflate(4, 4), width=width + 2, border_radius=18)
            paint.rect(canvas, colour, rect, width=width, border_radius=16)
    removed = disp["removed"]
    shown = len(removed) - show.landing(tl, now, ("removed", d))
    for k, card in enumerate(removed[:max(0, shown)]):
        rect = lay.removed_pos(d, k)
        paint.blit(canvas, art.surface_of(rect.size, face(card, "cheer")), rect)


def draw_card(canvas, surf, rect) -> None:
    paint.blit(canvas, surf, paint.get_rect(surf, center=rect.center))


def _chip(v, hot: bool, anchor: str, pos) -> tuple[pygame.Rect, pygame.Surface]:
    """A number chip's box (at least 44 px wide, placed by `anchor` at `pos`) and its text."""
    s = look.text_surface(str(v), look.SMALL, look.WHITE if hot else look.INK)
    box = paint.get_rect(s, **{anchor: pos}).inflate(18, 6)
    box.width = max(box.width, 44)
    setattr(box, anchor, pos)
    return box, s


def draw_needs(canvas, lay: Layout, disp, head, name_rect, offer, active) -> None:
    """The numbers that would complete one of the display's lines, as chips (the offered
    card's number lit)."""
    needs = disp["needs"]
    if not needs:
        return
    if lay.one_row:  # a line of its own under the header
        x = head.x + 8
        label = look.text(canvas, "needs", (x, head.bottom + NEEDS_H // 2 + 2), look.SMALL,
                          look.TEXT, "midleft")
        x = label.right + 10
        for v in needs:
            hot = offer is not None and offer["value"] == v
            box, s = _chip(v, hot, "midleft", (x, label.centery))
            if box.right > head.right:
                break
            paint.rect(canvas, look.GOOD if hot else look.CARD, box, border_radius=12)
            paint.blit(canvas, s, paint.get_rect(s, center=box.center))
            x = box.right + 8
        return
    x = head.right - 12
    for v in reversed(needs):
        hot = offer is not None and offer["value"] == v
        box, s = _chip(v, hot, "midright", (x, head.centery))
        if box.left < name_rect.right + 90:
            break
        paint.rect(canvas, look.GOOD if hot else look.CARD, box, border_radius=12)
        paint.blit(canvas, s, paint.get_rect(s, center=box.center))
        x = box.left - 6
    look.text(canvas, "needs", (x - 4, head.centery), look.SMALL,
              look.INK if active else look.WHITE, "midright")


# -- the piles and the cards in flight -------------------------------------------------------------

def draw_piles(canvas, view: dict, show: TableShow, tl, now: float, offer_discard: bool) -> None:
    """Draw pile, discard pile (lit when its top is on offer), the drawn card or the eye
    tokens; a card on its way to a pile is not on it yet."""
    look.text(canvas, f"Draw pile: {view['draw_left']}", (PILES.centerx, DRAW_RECT.y - 42),
              look.SMALL, look.TEXT, "midtop")
    if view["draw_left"]:
        for k in range(min(3, view["draw_left"])):
            paint.blit(canvas, art.card_back(PILE_CARD), DRAW_RECT.move(-2 * k, -2 * k))
    else:
        paint.rect(canvas, look.MUTED, DRAW_RECT, width=3, border_radius=18)
    look.text(canvas, "Discard", (PILES.centerx, DISCARD_RECT.y - 42), look.SMALL, look.TEXT,
              "midtop")
    coming = show.landing(tl, now, "discard")
    pile = view["discard"][:len(view["discard"]) - coming]
    if pile:
        if offer_discard and not coming:
            paint.rect(canvas, look.BAD if view["forced"] else look.ACCENT,
                       DISCARD_RECT.inflate(18, 18), border_radius=22)
        paint.blit(canvas, art.surface_of(PILE_CARD, face(pile[-1], "sly")), DISCARD_RECT)
    drawn = view["drawn"]
    if drawn is not None and not show.landing(tl, now, "drawn"):
        look.text(canvas, "Drawn", (PILES.centerx, DRAWN_RECT.y - 42), look.SMALL,
                  look.ACCENT, "midtop")
        paint.rect(canvas, look.mix(look.ACCENT, look.WHITE, look.pulse(now)),
                   DRAWN_RECT.inflate(18, 18), border_radius=22)
        paint.blit(canvas, art.surface_of(PILE_CARD, face(drawn, "sly")), DRAWN_RECT)
    else:
        free = view["eyes_free"]
        look.text(canvas, f"Eye tokens: {free}/{EYE_TOKENS}", (PILES.centerx, DRAWN_RECT.y - 42),
                  look.SMALL, look.TEXT, "midtop")
        tok = art.eye_token(22)
        for k in range(free):
            row, col = divmod(k, 4)
            paint.blit(canvas, tok, (PILES.x + 30 + col * 50, DRAWN_RECT.y + row * 50))


def draw_flyers(canvas, show: TableShow, tl, now: float) -> None:
    """Cards crossing the table: along an arc, growing or shrinking to where they land, turning
    over on the way when they left face down."""
    for step, k in show.flyers(tl, now):
        data = step.data
        src, dst = data["src"], data["dst"]
        w = src.width + (dst.width - src.width) * k
        h = src.height + (dst.height - src.height) * k
        x = src.centerx + (dst.centerx - src.centerx) * k
        y = src.centery + (dst.centery - src.centery) * k - 60 * k * (1 - k) * 4
        rect = pygame.Rect(0, 0, int(w), int(h))
        rect.center = (int(x), int(y))
        linear = (now - step.start) / (step.end - step.start)
        if data["back"] is not None and linear < 1.0:
            surf = art.flip_frame(rect.size, linear, data["front"], data["back"])
        else:
            surf = art.surface_of(rect.size, data["front"])
        paint.blit(canvas, surf, paint.get_rect(surf, center=rect.center))
