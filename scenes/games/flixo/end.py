"""Flixo's end panel, over the revealed table: each display's points, the team's total and what
it means on the rulebook's scale (a win: the lower the better; a loss: the points do not
count), the game's highlights (game.flixo: the line that cleared the table, the Flixo that got
away, the spotter) and the campaign's next step; the scene puts the key that goes on to the
results at its foot."""

from __future__ import annotations

import pygame

from shell import look, paint

from .layout import AREA

WIDTH = 1200
ROW_H, MIN_ROW_H = 62, 46     # a display's row (shrunk to fit five displays and highlights)
LINE_H = 36                   # a highlight's line
MAX_LINES = 2                 # per highlight (a longer one is cut with "...")
TOP_H = 110                   # the title
TOTAL_H = 86                  # the rule and the total
VERDICT_H = 56
FOOT_H = 60                   # "A: on to the results"
BANDS = ("5 or fewer", "6 to 10", "11 to 20", "21 to 30", "31 or more")  # the printed scale


def highlight_lines(view: dict, names: list[str]) -> list[tuple[str, str, object]]:
    """(lead, text, colour) lines: each highlight as "Title: who - what" wrapped to the panel
    (the title, the first line's lead, in the accent colour); an escape names no one (the rows
    above say whose display kept a Flixo)."""
    hi = view["highlight"]
    lines = []
    for h in ([] if hi is None else [hi, *hi["more"]]):
        who = "" if h["kind"] == "escape" else ", ".join(
            names[d] for d in ([h["display"]] if h["display"] is not None
                               else _displays_of(view, h["players"])))
        lead = f"{h['title']}:"
        text = f"{who} - {h['text']}" if who else h["text"]
        wrapped = look.wrap(f"{lead} {text}", look.SMALL, WIDTH - 120)
        if len(wrapped) > MAX_LINES:
            wrapped = wrapped[:MAX_LINES - 1] + [cut(" ".join(wrapped[MAX_LINES - 1:]),
                                                     WIDTH - 120)]
        lines.append((lead, wrapped[0][len(lead):], look.TEXT))
        lines += [("", line, look.TEXT) for line in wrapped[1:]]
    return lines


def cut(text: str, width: int) -> str:
    """`text` cut with "..." to fit `width` px of the small type."""
    f = look.font(look.SMALL)
    while f.size(text + "...")[0] > width and " " in text:
        text = text.rsplit(" ", 1)[0]
    return text + "..."


def measure(view: dict, lines: int) -> tuple[int, int]:
    """(panel height, row height) for the view's displays and `lines` lines of text below."""
    chips = look.font(look.SMALL).get_linesize() + 12 + 16
    fixed = TOP_H + TOTAL_H + chips + VERDICT_H + LINE_H * lines + FOOT_H
    n = len(view["displays"])
    row_h = max(MIN_ROW_H, min(ROW_H, (AREA.height - 20 - fixed) // n))
    return fixed + row_h * n, row_h


def draw_end(canvas, view: dict, names: list[str], seats: list, note: str) -> pygame.Rect:
    """The panel; `names[d]` / `seats[d]`: display d's player (name; shell seat for its shape
    and colour); `note`: the campaign's next step or "". Returns its box: the scene puts the
    prompt that goes on to the results at its foot (FOOT_H)."""
    res = view["result"]
    lines = highlight_lines(view, names) + ([("", note, look.MUTED)] if note else [])
    height, row_h = measure(view, len(lines))
    box = pygame.Rect(0, 0, WIDTH, height)
    box.center = (AREA.centerx, AREA.centery)
    look.dim(canvas, 120)
    look.panel(canvas, box)
    won = res["team_won"]
    look.text(canvas, "The team wins!" if won else "The Flixos got away!",
              (box.centerx, box.y + 20), look.TITLE, look.GOOD if won else look.BAD, "midtop")
    y = box.y + TOP_H
    for d, pts in enumerate(res["points"]):
        mid = y + row_h // 2
        seat = seats[d]
        icon = look.shape_icon(seat.shape, seat.colour, 18)
        paint.blit(canvas, icon, paint.get_rect(icon, midleft=(box.x + 80, mid)))
        look.text(canvas, names[d], (box.x + 140, mid), look.BODY, look.TEXT, "midleft")
        stayed = d in res["flixos_left_in"]
        what = "a Flixo stayed!" if stayed else "" if view["displays"][d]["shape"][0] \
            else "empty"
        if what:
            look.text(canvas, what, (box.x + 580, mid), look.SMALL,
                      look.BAD if stayed else look.GOOD, "midleft")
        look.text(canvas, str(pts), (box.right - 80, mid), look.BODY,
                  look.TEXT if won else look.MUTED, "midright")
        y += row_h
    paint.line(canvas, look.MUTED, (box.x + 60, y + 4), (box.right - 60, y + 4), 3)
    look.text(canvas, "Team total" if won else "Total (counts only in a win)",
              (box.x + 140, y + 44), look.LARGE if won else look.BODY,
              look.TEXT if won else look.MUTED, "midleft")
    look.text(canvas, str(res["total"]), (box.right - 80, y + 44), look.LARGE,
              look.ACCENT if won else look.MUTED, "midright")
    y = draw_scale(canvas, box, y + TOTAL_H, res["band"]) + 16
    look.text(canvas, res["verdict"], (box.centerx, y), look.BODY,
              look.ACCENT if won else look.BAD, "midtop")
    y += VERDICT_H
    for lead, text, colour in lines:
        f = look.font(look.SMALL)
        x = box.centerx - f.size(lead + text)[0] // 2
        if lead:
            x = look.text(canvas, lead, (x, y), look.SMALL, look.ACCENT).right
        look.text(canvas, text, (x, y), look.SMALL, colour)
        y += LINE_H
    return box


def draw_scale(canvas, box: pygame.Rect, y: int, band: int | None) -> int:
    """The printed scale as a row of chips, the team's own lit (none after a loss). Returns
    the y below it."""
    f = look.font(look.SMALL)
    widths = [f.size(b)[0] + 28 for b in BANDS]
    gap = 12
    x = box.centerx - (sum(widths) + gap * (len(BANDS) - 1)) // 2
    h = f.get_linesize() + 12
    for i, (label, w) in enumerate(zip(BANDS, widths)):
        chip = pygame.Rect(x, y, w, h)
        lit = i == band
        paint.rect(canvas, look.ACCENT if lit else look.PANEL_EDGE, chip, border_radius=h // 2)
        look.text(canvas, label, chip.center, look.SMALL, look.INK if lit else look.MUTED,
                  "center")
        x += w + gap
    return y + h


def _displays_of(view: dict, players: list) -> list[int]:
    """The first display of each seat (a solo player's name is said once)."""
    out = []
    for p in players:
        d = next((d for d, disp in enumerate(view["displays"]) if disp["seat"] == p), None)
        if d is not None:
            out.append(d)
    return out
