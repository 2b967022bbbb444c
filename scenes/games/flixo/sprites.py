"""The cards of the Flixo table as the TV shows them, and their motion.

The core changes the table at once; the TV catches up. `TableShow` keeps one `Sprite` per card
of each display (what it shows, where it rests) and turns the core's events into steps on the
scene's Timeline (scenes/timeline.py): cards turn over (FLIP), fly between a display and the
piles or to a removed pile (FLY), and a display closes up after a removal (SLIDE); sounds are
cues on the same timeline. Drawing asks the timeline what is playing; nothing here keeps time
of its own.

When the timeline has played out, the sprites must show what the view shows: `settle(view)`
lays the table out afresh from the view wherever they differ (after an undo, which brings no
events, they differ everywhere).
"""

from __future__ import annotations

import pygame

from game import flixo as rules
from scenes.timeline import linear
from shell import look

from . import art
from .layout import DISCARD_RECT, DRAW_RECT, DRAWN_RECT, Layout, is_safe

# Timeline step kinds
FLY, FLIP, SLIDE = "fly", "flip", "slide"

# -- timing (ms of animation time) ----------------------------------------------------------------
FLIP_MS = 340
FLY_MS = 420
LIFT_MS = 120                # a removed line lifts off this long after it is shown
REMOVE_MS = 620
SLIDE_MS = 420
REVEAL_STAGGER_MS = 80       # the final reveal turns cards one after another, this far apart


def which(cell: dict | None, safe: bool = False):
    """The art key of a display cell: ("back",), ("peek", v, flixo, mood), ("face", ...)."""
    if cell is None or (not cell["up"] and not cell["eye"]):
        return ("back",)
    # a Flixo is calm in a last row or column (it may stay), worried where it can lose the game
    m = ("calm" if safe else "worried") if cell["flixo"] else ""
    if cell["eye"]:
        return ("peek", cell["value"], cell["flixo"], m)
    return ("face", cell["value"], cell["flixo"], m)


def face(card: dict, m: str = "sly"):
    """The art key of a card off the displays (on a pile, flying, removed)."""
    return ("face", card["value"], card["flixo"], m if card["flixo"] else "")


class Sprite:
    """One card of a display as shown: its cell (as in a view), where it rests, and the
    timeline steps that move it there (`move`, data["src"]) or turn it over (`flip`, from the
    art key `prev`)."""

    __slots__ = ("cell", "rect", "move", "flip", "prev")

    def __init__(self, cell: dict, rect: pygame.Rect):
        self.cell = cell
        self.rect = rect
        self.move = None
        self.flip = None
        self.prev = None

    def at(self, now: float) -> pygame.Rect:
        """Where the card is at `now` (eased along its move, at rest when there is none)."""
        if self.move is None:
            return self.rect
        k = self.move.progress(now)
        if k >= 1.0:
            return self.rect
        src = self.move.data["src"]
        return pygame.Rect(round(src.x + (self.rect.x - src.x) * k),
                           round(src.y + (self.rect.y - src.y) * k), *self.rect.size)

    def surface(self, size, safe: bool, now: float) -> pygame.Surface:
        """The card's picture at `now`: before, during or after its turn-over."""
        final = which(self.cell, safe)
        flip = self.flip
        if flip is not None and self.prev is not None and now < flip.end:
            if now < flip.start:
                return art.surface_of(size, self.prev)
            return art.flip_frame(size, (now - flip.start) / (flip.end - flip.start), final,
                                  self.prev)
        return art.surface_of(size, final)


class TableShow:
    """The table's cards on screen (one Sprite per card, per display) and their motion."""

    def __init__(self, layout: Layout, view: dict):
        self.layout = layout
        self.sprites: list[list[list[Sprite]]] = []
        self.shapes: list[list[int]] = []
        self.lay_out(view)

    # -- from the view ---------------------------------------------------------------------------
    def lay_out(self, view: dict) -> None:
        """Every card at rest, as the view shows it."""
        lay = self.layout
        self.shapes = [list(disp["shape"]) for disp in view["displays"]]
        self.removed = [len(disp["removed"]) for disp in view["displays"]]  # cards sent there
        self.sprites = [[[Sprite(cell, lay.slot_rect(d, r, c, disp["shape"]))
                          for c, cell in enumerate(row)] for r, row in enumerate(disp["cells"])]
                        for d, disp in enumerate(view["displays"])]

    def matches(self, view: dict) -> bool:
        """Do the sprites show what the view shows (shapes and every cell)?"""
        return all(self.shapes[d] == list(disp["shape"])
                   and [[sp.cell for sp in row] for row in self.sprites[d]] == disp["cells"]
                   for d, disp in enumerate(view["displays"]))

    def settle(self, view: dict) -> bool:
        """Once the timeline has played out: lay the table out from the view where the sprites
        show something else. True when it had to."""
        if self.matches(view):
            return False
        self.lay_out(view)
        return True

    # -- events -> timeline ------------------------------------------------------------------------
    def play(self, events, tl, t: float) -> list[tuple[object, float]]:
        """Schedule the motion and sounds of one batch of core events on the timeline `tl`,
        starting at `t` (the timeline's next start). Returns (event, ms it is shown at) for
        each event, for the scene's captions and toasts; the timeline holds until the end."""
        lay = self.layout
        final = False  # the final reveal: cards turn one after another, quickly
        moments = []
        for e in events:
            k, data = e.kind, e.data
            moments.append((e, t))
            if k == rules.DRAWN:
                self.fly(tl, t, DRAW_RECT, DRAWN_RECT, face(data["card"]), ("back",), "drawn")
                tl.cue(t, "card_flip")
                t += FLY_MS + 60
            elif k == rules.SWAPPED:
                d, (r, c) = data["display"], data["slot"]
                old = self.sprites[d][r][c]
                shape = self.shapes[d]
                dst = lay.slot_rect(d, r, c, shape)
                src = DISCARD_RECT if data["source"] == "discard" else DRAWN_RECT
                out_key = which(old.cell, is_safe(shape))
                self.fly(tl, t, dst, DISCARD_RECT, face(data["out"]),
                         None if out_key[0] == "face" else out_key, "discard")
                new = Sprite({"up": True, "eye": False, **data["taken"]}, dst)
                new.move = tl.add(t, FLY_MS, SLIDE, ease=look.ease_out, src=pygame.Rect(src))
                self.sprites[d][r][c] = new
                tl.cue(t, "card_flip")
                if data["out"]["flixo"]:
                    tl.cue(t + FLY_MS, "thump")
                t += FLY_MS + 60
            elif k == rules.DISCARDED and data["slot"] is None:
                self.fly(tl, t, DRAWN_RECT, DISCARD_RECT, face(data["card"]), None, "discard")
                t += FLY_MS
            elif k == rules.CARD_FLIPPED:
                d, (r, c) = data["display"], data["slot"]
                sp = self.sprites[d][r][c]
                sp.prev = which(sp.cell, is_safe(self.shapes[d]))
                sp.cell = {"up": True, "eye": False, **data["card"]}
                sp.flip = tl.add(t, FLIP_MS, FLIP, ease=linear)
                tl.cue(t, "card_flip")
                if e.player is None:
                    final = True
                    t += REVEAL_STAGGER_MS
                else:
                    t += FLIP_MS + 80
            elif k == rules.LINE_REMOVED:
                if final:
                    t += FLIP_MS + 200
                    moments[-1] = (e, t)
                t = self.remove(tl, t, data)
            elif k == rules.REWARD:
                d, (r, c) = data["display"], data["slot"]
                sp = self.sprites[d][r][c]
                sp.prev = ("back",)
                sp.cell = {"up": False, "eye": True, **data["card"]}
                sp.flip = tl.add(t, FLIP_MS, FLIP, ease=linear)
                tl.cue(t, "card_flip")
                t += FLIP_MS + 120
            elif k == rules.FLIXO_FORCED:
                tl.cue(t, "countdown")
            elif k == rules.FINAL_TURNS_BEGIN:
                tl.cue(t, "countdown")
                t += 300
            elif k == rules.GAME_OVER:
                t += 400
        tl.hold(t)
        return moments

    def fly(self, tl, t, src, dst, front, back, to) -> None:
        """A card crossing the table from `src` to `dst` (turning over from `back` to `front` on
        the way when `back` is given); `to`: the pile it lands on ("drawn", "discard", or
        ("removed", d)), which hides that card until it has landed."""
        tl.add(t, FLY_MS, FLY, ease=look.ease_out, src=pygame.Rect(src), dst=pygame.Rect(dst),
               front=front, back=back, to=to)

    def remove(self, tl, t: float, data: dict) -> float:
        """A removal step: the cards of the full lines lift off to the removed pile, then the
        rest of the display slides together. Returns when the next thing may start."""
        lay = self.layout
        d = data["display"]
        rows, cols = data["rows"], data["cols"]
        shape = self.shapes[d]
        gone = sorted({tuple(p) for p in data["cells"]})
        for r, c in gone:
            sp = self.sprites[d][r][c]
            dst = lay.removed_pos(d, self.removed[d])
            self.removed[d] += 1
            tl.add(t + LIFT_MS, REMOVE_MS, FLY, ease=look.ease_out, src=sp.at(t), dst=dst,
                   front=face(sp.cell, "cheer"), back=None, to=("removed", d), sprite=sp)
        kept_rows = [r for r in range(shape[0]) if r not in rows]
        kept_cols = [c for c in range(shape[1]) if c not in cols]
        new_shape = [len(kept_rows), len(kept_cols)] if kept_rows and kept_cols else [0, 0]
        old_grid = self.sprites[d]
        grid = [[old_grid[r][c] for c in kept_cols] for r in kept_rows] if new_shape[0] else []
        for i, row in enumerate(grid):
            for j, sp in enumerate(row):
                src = sp.at(t)
                sp.rect = lay.slot_rect(d, i, j, new_shape)
                sp.move = tl.add(t + LIFT_MS + REMOVE_MS, SLIDE_MS, SLIDE, ease=look.ease_out,
                                 src=src)
        self.sprites[d] = grid
        self.shapes[d] = new_shape
        tl.cue(t + LIFT_MS, "go")
        if any(card["flixo"] for card in data["cards"]):
            tl.cue(t + LIFT_MS + REMOVE_MS, "confirm")
        return t + LIFT_MS + REMOVE_MS + SLIDE_MS + 80

    # -- what is playing (for drawing) ----------------------------------------------------------
    @staticmethod
    def flyers(tl, now: float) -> list:
        """(step, eased progress) of the cards in flight now."""
        return tl.playing(now, FLY)

    @staticmethod
    def landing(tl, now: float, to) -> int:
        """Cards still on their way to `to` ("drawn", "discard", ("removed", d)): the pile
        shows its cards less that many on top until they land."""
        return sum(1 for s in tl.steps if s.kind == FLY and s.data["to"] == to and s.end > now)

    @staticmethod
    def leaving(tl, now: float, d: int) -> list[Sprite]:
        """Cards of display d's removed lines that have not lifted off yet (drawn in place)."""
        return [s.data["sprite"] for s in tl.steps if s.kind == FLY
                and s.data["to"] == ("removed", d) and s.start > now]
