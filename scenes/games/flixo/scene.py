"""Flixo on the TV: the cooperative display game (rules: game/flixo.py, pictures:
scenes/games/flixo/art.py).

Everything face up or eye-marked is public, so the whole table is drawn for everybody: one panel
per display (its seat's colour, shape and name on top, the numbers it needs as chips, its
removed cards at its side), the piles on the left (draw pile, discard pile, the drawn card, the
eye tokens), and one prompt line at the top that says whose turn it is and what their two
buttons do, as key caps of that player's own device.

Controls (few presses; the cursor remembers its place per display):
    directions   move the cursor over the active display's cards
                 (reward: over every display's face-down cards; left/right cross displays)
    A            take the offered card into the slot under the cursor:
                 the top discard (action 1) or, after drawing, the drawn card
    B            draw a card (action 2); after drawing: discard it and turn up the card under
                 the cursor
    A (reward)   peek at the card under the cursor: it gets an eye token
A forced take (a Flixo on the discard pile) accepts only A.

Before the first turn a small panel offers the game options to every human at the table
(Level 0-4, 3x3 or 3x4 displays for 3-5 people) and shows the campaign step of Levels 2-4;
the last choice is kept in settings["game_options"]["flixo"], the campaign in
settings.progress("flixo")[table] = {"level", "flixos", "beaten"} (table: "<people>:<rows>x<cols>").
A table of CPUs only (the demo, the benchmark) skips the panel.

Motion: the state changes at once, the screen catches up: every core Event is scheduled on an
animation timeline (`Show`): cards turn over (x-squeeze, cached frames), swapped cards fly
between the display and the piles, removed lines fly to the side pile with cheering faces, the
display slides together, the final reveal turns everything up display by display. CPU partners
wait for the timeline and think in small steps (FlixoBot.thinking) so no frame stalls.
"""

from __future__ import annotations

import time

import pygame

from shell import look, paint
from game.flixo import (EYE_TOKENS, INFO, MAX_FLIXOS, DiscardAndReveal, Draw, RewardPeek,
                        SwapDrawn, TakeDiscard, campaign_next, display_shape, people_of,
                        setup_counts)

from . import art
from scenes.game_scene import GameScene

# -- timing (ms of animation time) ----------------------------------------------------------------
FLIP_MS = 340
FLY_MS = 420
REMOVE_MS = 620
SLIDE_MS = 420
REVEAL_STAGGER_MS = 80
BANNER_MS = 2400
BOT_AFTER_SHOW_MS = 450      # a CPU waits this long after the table has settled
THINK_BUDGET_NS = 1_000_000  # bot thinking per update step (two steps a frame)

# -- layout (canvas px) ------------------------------------------------------------------------
TOP_BAR = pygame.Rect(look.SAFE.left, look.SAFE.top, look.SAFE.width, 92)
PILES = pygame.Rect(look.SAFE.left, TOP_BAR.bottom + 18, 250,
                    look.SAFE.bottom - TOP_BAR.bottom - 18)
AREA = pygame.Rect(PILES.right + 24, TOP_BAR.bottom + 18, look.SAFE.right - PILES.right - 24,
                   look.SAFE.bottom - TOP_BAR.bottom - 18)
GAP = 20
HEADER_H = 56
SIDE_W = 76                  # the removed pile's column inside a display panel
PILE_CARD = (132, 184)

LEVEL_NAMES = {0: "Level 0 - to learn", 1: "Level 1", 2: "Level 2 (campaign)",
               3: "Level 3 (campaign: no -1)", 4: "Level 4 (campaign: no -1, 0)"}


NEEDS_H = 44                 # the "needs" line under the header (one-row layouts)
REMOVED_H = 100              # the removed pile's row at the bottom (one-row layouts)


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


# -- piles ----------------------------------------------------------------------------------------
DRAW_RECT = pygame.Rect(PILES.x + (PILES.width - PILE_CARD[0]) // 2, PILES.y + 52, *PILE_CARD)
DISCARD_RECT = DRAW_RECT.move(0, PILE_CARD[1] + 72)
DRAWN_RECT = DISCARD_RECT.move(0, PILE_CARD[1] + 72)


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
    return ("face", card["value"], card["flixo"], m if card["flixo"] else "")


def is_safe(shape) -> bool:
    return shape[0] <= 1 or shape[1] <= 1


def backdrop_plain() -> pygame.Surface:
    """The arcade's background (shell.look.background) as one cached surface."""
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


class Sprite:
    """One card of a display as shown: what it shows, where it goes, how it turns over."""

    def __init__(self, cell: dict, rect: pygame.Rect):
        self.cell = cell
        self.rect = rect            # where it rests
        self.prev = None            # art key shown before flip_t (None: no turn)
        self.flip_t = 0.0
        self.move = None            # (t0, ms, from rect)

    def at(self, t: float) -> pygame.Rect:
        if self.move is None:
            return self.rect
        t0, ms, src = self.move
        if t <= t0:
            return src
        k = look.ease_out((t - t0) / ms)
        return pygame.Rect(round(src.x + (self.rect.x - src.x) * k),
                           round(src.y + (self.rect.y - src.y) * k), *self.rect.size)


class Flyer:
    """A card crossing the table (to or from a pile, or to a removed pile), then gone."""

    def __init__(self, src, dst, t0, ms, front, back=None, until=None):
        self.src, self.dst, self.t0, self.ms = pygame.Rect(src), pygame.Rect(dst), t0, ms
        self.front, self.back = front, back  # back: turns over from `back` to `front` on the way
        self.until = until if until is not None else t0 + ms

    def rect(self, t: float) -> pygame.Rect:
        k = look.ease_out((t - self.t0) / self.ms)
        w = self.src.width + (self.dst.width - self.src.width) * k
        h = self.src.height + (self.dst.height - self.src.height) * k
        x = self.src.centerx + (self.dst.centerx - self.src.centerx) * k
        y = self.src.centery + (self.dst.centery - self.src.centery) * k - 60 * k * (1 - k) * 4
        r = pygame.Rect(0, 0, int(w), int(h))
        r.center = (int(x), int(y))
        return r


class FlixoScene(GameScene):
    game_id = "flixo"
    strip = False            # each display panel carries its seat's badge
    bot_pace_ms = 500
    end_delay_ms = 7000
    a_ends_wait = True
    phone_layout = "flixo"   # a phone: the team's table from its view, the cursor, A and B
    rules = [
        "Take the top discard, or draw: swap it in, or discard it and turn a card up.",
        "A whole row or column of one number leaves. A Flixo in it earns a peek.",
        "Win: no Flixo left in a display of 2+ rows and columns.",
    ]
    controls = {"up": "cursor up", "down": "cursor down", "left": "cursor left",
                "right": "cursor right", "a": "take / swap in / peek",
                "b": "draw / turn a card up"}

    # -- lifecycle ------------------------------------------------------------------------------
    def setup(self) -> None:
        self.cursor: dict[int, tuple] = {}
        self.pick = [0, 0, 0]        # the reward cursor: display, row, col
        self.thinking = None
        self.banners: list = []      # (text, colour, t0, t1)
        self.captions: list = []     # (display, text, t0, t1): what the table is showing
        self.sounds: list = []       # (t, name) to play on the timeline
        self.end_shown_at = None
        self.progress_note = ""
        settings = getattr(self.app, "settings", None)
        self.settings = settings if hasattr(settings, "set") else None
        self.choosing = bool(self.humans()) and not self.demo
        self.choice_row = 0
        if self.choosing:
            self.choice = self.preferred_options()
            self.rebuild_state()
        self.reset_show()
        self.warm_cache()

    # -- options and the campaign -----------------------------------------------------------------
    def table_key(self, large: bool) -> str:
        people = people_of(self.players)
        rows, cols = display_shape(people, large)
        return f"{people}:{rows}x{cols}"

    def progress(self, large: bool) -> dict:
        """The campaign step of this table: {"level", "flixos", "beaten"}."""
        stored = {}
        if self.settings is not None:
            stored = self.settings.progress("flixo").get(self.table_key(large), {})
        step = {"level": 2, "flixos": 0, "beaten": False}
        if isinstance(stored, dict):
            step.update({k: stored[k] for k in step if k in stored})
        return step

    def save_progress(self, large: bool, step: dict) -> None:
        if self.settings is None:
            return
        all_steps = self.settings.progress("flixo")
        all_steps[self.table_key(large)] = step
        self.settings.set_progress("flixo", all_steps)

    def preferred_options(self) -> dict:
        """Last chosen options (settings), with Levels 2-4 at the campaign's step."""
        last = {}
        if self.settings is not None:
            last = (self.settings.get("game_options", {}) or {}).get("flixo", {}) or {}
        level = self.options.get("level", last.get("level", INFO.default_options["level"]))
        large = bool(self.options.get("large_displays", last.get("large_displays", False)))
        return {"level": level if level in range(5) else 1, "large_displays": large}

    def options_for(self, choice: dict) -> dict | None:
        """Game options for a choice, or None when that table cannot play it."""
        level, large = choice["level"], choice["large_displays"]
        flixos = 0
        if level >= 2:
            step = self.progress(large)
            if step["level"] == level and not step["beaten"]:
                flixos = step["flixos"]
        options = {"level": level, "large_displays": large, "flixos": flixos}
        try:
            setup_counts(people_of(self.players), large, level, flixos)
        except ValueError:
            try:  # a stored count that no longer fits: the level's start
                setup_counts(people_of(self.players), large, level)
                options["flixos"] = 0
            except ValueError:
                return None
        return options

    def rebuild_state(self) -> bool:
        options = self.options_for(self.choice)
        if options is None:
            return False
        self.options = options
        self.state = self.info.new(self.players, options, self.seed)
        self._view = None
        self.reset_show()
        return True

    def start_game(self) -> None:
        if self.options_for(self.choice) is None:
            self.sound("error")
            return
        self.choosing = False
        self.rebuild_state()
        self.warm_cache()
        if self.settings is not None:
            games = dict(self.settings.get("game_options", {}) or {})
            games["flixo"] = dict(self.choice)
            self.settings.set("game_options", games)
        self.sound("go")
        now = self.game_ms()
        for p in self.wakes:
            self.wakes[p] = now + self.bot_pace_ms

    def choice_press(self, press) -> None:
        rows = self.choice_rows()
        if press.action in ("up", "down"):
            self.choice_row = (self.choice_row + (1 if press.action == "down" else -1)) % len(rows)
            self.sound("move")
        elif press.action in ("left", "right"):
            step = 1 if press.action == "right" else -1
            what = rows[self.choice_row]
            if what == "level":
                self.choice["level"] = (self.choice["level"] + step) % 5
            elif what == "large":
                self.choice["large_displays"] = not self.choice["large_displays"]
            else:
                return
            self.sound("move")
            self.rebuild_state()
        elif press.action == "a":
            self.start_game()

    def choice_rows(self) -> list[str]:
        rows = ["level"]
        if people_of(self.players) >= 3:
            rows.append("large")
        return rows + ["start"]

    def campaign_text(self, large: bool) -> str:
        step = self.progress(large)
        if step["beaten"]:
            return "Campaign beaten! Levels 2-4 replay from their start."
        people = people_of(self.players)
        try:
            start, _ = setup_counts(people, large, step["level"])
            count, _ = setup_counts(people, large, step["level"], step["flixos"])
        except ValueError:
            return ""
        return (f"Campaign step: Level {step['level']}, {count} Flixos "
                f"(from {start} up to {MAX_FLIXOS[step['level']]})")

    def record_campaign(self, won: bool) -> None:
        """After a game of Levels 2-4: store the campaign's next step."""
        level = self.options.get("level", 1)
        large = bool(self.options.get("large_displays", False))
        if level < 2 or self.demo or self.settings is None:
            return
        nxt = campaign_next(self.options, self.players, won)
        if nxt is None:
            self.save_progress(large, {"level": 2, "flixos": 0, "beaten": True})
            self.progress_note = "Campaign beaten - FLIXO legends!"
            return
        count, _ = setup_counts(people_of(self.players), large, nxt["level"], nxt["flixos"])
        self.save_progress(large, {"level": nxt["level"], "flixos": count, "beaten": False})
        if won:
            self.progress_note = f"Next campaign game: Level {nxt['level']} with {count} Flixos"
        else:
            self.progress_note = f"Campaign: try Level {nxt['level']} with {count} Flixos again"

    # -- the animation timeline -------------------------------------------------------------------
    def reset_show(self) -> None:
        """Forget the timeline and lay out the table as the view says."""
        view = self.view()
        self.layout = Layout(view["people"], tuple(self.state.shape))
        self.sprites = []
        self.shapes = []
        for d, disp in enumerate(view["displays"]):
            shape = disp["shape"]
            self.shapes.append(list(shape))
            self.sprites.append([[Sprite(cell, self.layout.slot_rect(d, r, c, shape))
                                  for c, cell in enumerate(row)]
                                 for r, row in enumerate(disp["cells"])])
        self.flyers: list[Flyer] = []
        self.show_end = self.anim_ms
        self.hide_discard_until = 0.0
        self.hide_drawn_until = 0.0
        self.removed_arrive = [[] for _ in view["displays"]]  # arrival times still to come
        self.removed_count = [len(disp["removed"]) for disp in view["displays"]]
        self.leaving: list = []      # (display, sprite, lift-off time): drawn in place until then
        self.dirty = False

    def busy(self) -> bool:
        return self.anim_ms < self.show_end

    def update_scene(self, dt_ms: float) -> None:
        if self.choosing and not self.humans():
            self.start_game()  # everyone left the table to the CPUs
        while self.sounds and self.sounds[0][0] <= self.anim_ms:
            self.sound(self.sounds.pop(0)[1])
        if self.dirty and not self.busy():
            self.reset_show()
        self.flyers = [f for f in self.flyers if f.until > self.anim_ms]
        self.banners = [b for b in self.banners if b[3] > self.anim_ms]
        self.captions = [c for c in self.captions if c[3] + 150 > self.anim_ms]
        if self.state.is_terminal():
            if self.busy():
                self.end_left = None  # the final reveal plays before the countdown
            elif self.end_shown_at is None:
                self.end_shown_at = self.anim_ms

    def at_sound(self, t: float, name: str) -> None:
        self.sounds.append((t, name))
        self.sounds.sort(key=lambda s: s[0])

    def banner(self, text: str, colour, t0: float, ms: float = BANNER_MS) -> None:
        self.banners.append((text, colour, t0, t0 + ms))

    def seat_name(self, d: int) -> str:
        seat = self.seats[self.state.seat_of(d)]
        if people_of(self.players) != self.players:  # solo: one person, two displays
            return f"{seat.name} ({d + 1})"
        return seat.name

    def on_events(self, events) -> None:
        t = start = max(self.anim_ms, self.show_end)
        lay = self.layout
        final = False
        for e in events:
            k, data = e.kind, e.data
            if k == "drawn":
                self.flyers.append(Flyer(DRAW_RECT, DRAWN_RECT, t, FLY_MS, face(data["card"]),
                                         ("back",)))
                self.hide_drawn_until = t + FLY_MS
                self.at_sound(t, "card_flip")
                t += FLY_MS + 60
            elif k == "swapped":
                d, (r, c) = data["display"], data["slot"]
                old = self.sprites[d][r][c]
                shape = self.shapes[d]
                dst = lay.slot_rect(d, r, c, shape)
                src = DISCARD_RECT if data["source"] == "discard" else DRAWN_RECT
                out_key = which(old.cell, is_safe(shape))
                self.flyers.append(Flyer(dst, DISCARD_RECT, t, FLY_MS, face(data["out"]),
                                         None if out_key[0] == "face" else out_key))
                new = Sprite({"up": True, "eye": False, **data["taken"]}, dst)
                new.move = (t, FLY_MS, pygame.Rect(src))
                self.sprites[d][r][c] = new
                self.hide_discard_until = t + FLY_MS
                if data["source"] == "draw":
                    self.hide_drawn_until = 0.0
                self.at_sound(t, "card_flip")
                if data["out"]["flixo"]:
                    self.at_sound(t + FLY_MS, "thump")
                t += FLY_MS + 60
            elif k == "discarded" and data["slot"] is None:
                self.flyers.append(Flyer(DRAWN_RECT, DISCARD_RECT, t, FLY_MS,
                                         face(data["card"])))
                self.hide_discard_until = t + FLY_MS
                t += FLY_MS
            elif k == "card_flipped":
                d, (r, c) = data["display"], data["slot"]
                sp = self.sprites[d][r][c]
                sp.prev = which(sp.cell, is_safe(self.shapes[d]))
                sp.cell = {"up": True, "eye": False, **data["card"]}
                sp.flip_t = t
                self.at_sound(t, "card_flip")
                if e.player is None:
                    final = True
                    t += REVEAL_STAGGER_MS
                else:
                    t += FLIP_MS + 80
            elif k == "line_removed":
                if final:
                    t += FLIP_MS + 200
                d = data["display"]
                rows, cols = data["rows"], data["cols"]
                shape = self.shapes[d]
                gone = {tuple(p) for p in data["cells"]}
                for r, c in sorted(gone):
                    sp = self.sprites[d][r][c]
                    dst = lay.removed_pos(d, self.removed_count[d])
                    self.removed_count[d] += 1
                    self.flyers.append(Flyer(sp.at(t), dst, t + 120, REMOVE_MS,
                                             face(sp.cell, "cheer")))
                    self.removed_arrive[d].append(t + 120 + REMOVE_MS)
                kept_rows = [r for r in range(shape[0]) if r not in rows]
                kept_cols = [c for c in range(shape[1]) if c not in cols]
                new_shape = [len(kept_rows), len(kept_cols)] if kept_rows and kept_cols else [0, 0]
                old_grid = self.sprites[d]
                grid = [[old_grid[r][c] for c in kept_cols] for r in kept_rows] \
                    if new_shape[0] else []
                for i, row in enumerate(grid):
                    for j, sp in enumerate(row):
                        src = sp.at(t)
                        sp.rect = lay.slot_rect(d, i, j, new_shape)
                        sp.move = (t + 120 + REMOVE_MS, SLIDE_MS, src)
                # cards that leave stay drawn in place until they lift off
                self.leaving += [(d, old_grid[r][c], t + 120) for r, c in gone]
                self.sprites[d] = grid
                self.shapes[d] = new_shape
                self.at_sound(t + 120, "go")
                if any(card["flixo"] for card in data["cards"]):
                    self.at_sound(t + 120 + REMOVE_MS, "confirm")
                    if not final:
                        self.banner("A Flixo is out!", look.GOOD, t + 120, 1600)
                t += 120 + REMOVE_MS + SLIDE_MS + 80
            elif k == "reward_due":
                self.pick = self.fresh_pick(self.view())
                n = data["count"]
                self.banner("Reward: peek at a face-down card" + (f" (x{n})" if n > 1 else ""),
                            look.GOOD, t, 2000)
            elif k == "reward":
                d, (r, c) = data["display"], data["slot"]
                sp = self.sprites[d][r][c]
                sp.prev = ("back",)
                sp.cell = {"up": False, "eye": True, **data["card"]}
                sp.flip_t = t
                self.at_sound(t, "card_flip")
                t += FLIP_MS + 120
                if self.state.phase == "reward":  # another reward: start afresh
                    self.pick = self.fresh_pick(self.view())
            elif k == "flixo_forced":
                self.banner(f"A Flixo on the pile: {self.seat_name(data['display'])} must take it",
                            look.BAD, t, BANNER_MS)
                self.at_sound(t, "countdown")
            elif k == "final_turns_begin":
                who = "every other display" if people_of(self.players) != self.players \
                    else "everyone else"
                self.banner(f"Final turns! Now {who} plays once more", look.ACCENT, t,
                            BANNER_MS + 600)
                self.at_sound(t, "countdown")
                t += 300
            elif k == "game_over":
                t += 400
                self.record_campaign(data["team_won"])
        self.show_end = max(self.show_end, t)
        caption = self.caption_of(events)
        if caption is not None:
            self.captions.append((caption[0], caption[1], start, t))

    def caption_of(self, events):
        """(display, what happened) for the top bar while the table catches up, or None."""
        by = {e.kind: e.data for e in events}
        if "game_over" in by:
            return None, "The last turn is over: every card is turned up"
        acting = next((e.data["display"] for e in events if isinstance(e.data, dict)
                       and "display" in e.data and e.player is not None), None)
        if acting is None:
            return None
        name = self.seat_name(acting)

        def card(c):
            return f"Flixo {c['value']}" if c["flixo"] else f"{c['value']}"
        if "reward" in by:
            return acting, f"{name} peeks at a card: a {card(by['reward']['card'])}"
        if "drawn" in by:
            return acting, f"{name} draws a {card(by['drawn']['card'])}"
        if "swapped" in by:
            sw = by["swapped"]
            verb = "takes the" if sw["source"] == "discard" else "swaps in the"
            out = f", out goes a {card(sw['out'])}" if sw["was"] != "up" or sw["out"]["flixo"] \
                else ""
            return acting, f"{name} {verb} {card(sw['taken'])}{out}"
        if "card_flipped" in by:
            return acting, f"{name} turns up a {card(by['card_flipped']['card'])}"
        return None
        self.dirty = True

    # -- the CPU partners ------------------------------------------------------------------------
    def advance(self) -> None:
        """Bots wait for the table to settle, then think in small steps (a frame never waits
        for a whole decision: FlixoBot.thinking yields every fraction of a millisecond)."""
        if (self._held or self._paused or self.state.is_terminal() or self.choosing
                or self.anim_ms < self.show_end + BOT_AFTER_SHOW_MS):
            return
        p = self.state.current_player()
        bot = self.bots.get(p)
        if bot is None:
            self.thinking = None
            return
        now = self.game_ms()
        wake = self.wakes.get(p)
        if wake is None or wake > now:
            return
        key = (len(self.state.log), p, id(bot))
        if self.thinking is None or self.thinking[0] != key:
            view, legal = self.state.view(p), self.state.legal_actions(p)
            steps = bot.thinking(view, legal) if hasattr(bot, "thinking") else None
            if steps is None:
                actions, self.wakes[p] = bot.poll(view, legal, now)
                for action in actions:
                    self.act(p, action, now)
                return
            self.thinking = (key, steps)
        steps = self.thinking[1]
        stop = time.perf_counter_ns() + THINK_BUDGET_NS
        while True:
            try:
                next(steps)
            except StopIteration as done:
                self.thinking = None
                self.act(p, done.value, now)
                return
            if time.perf_counter_ns() >= stop:
                return

    # -- input ------------------------------------------------------------------------------------
    def cursor_at(self, d: int) -> tuple[int, int]:
        """The cursor of display d, kept inside its grid (it remembers its place per display)."""
        grid = self.state.displays[d]
        rows, cols = (len(grid), len(grid[0])) if grid else (0, 0)
        r, c = self.cursor.get(d, (rows // 2, cols // 2))
        return max(0, min(r, rows - 1)), max(0, min(c, cols - 1))

    def press_to_action(self, p, press):
        if not press.down:
            return None
        if self.choosing:
            self.choice_press(press)
            return None
        view = self.view()
        if self.state.current_player() != p:
            if press.action in ("a", "b"):
                self.flash(p, f"{self.seat_name(view['turn'])} is playing")
            return None
        d = view["turn"]
        if view["phase"] == "reward":
            return self.reward_press(p, press, view)
        cur = self.cursor_at(d)
        rows, cols = view["displays"][d]["shape"]
        moves = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
        if press.action in moves:
            dr, dc = moves[press.action]
            self.cursor[d] = ((cur[0] + dr) % max(1, rows), (cur[1] + dc) % max(1, cols))
            self.sound("move")
            return None
        slot = (cur[0], cur[1])
        if press.action == "a":
            return TakeDiscard(slot) if view["phase"] == "turn" else SwapDrawn(slot)
        if press.action == "b":
            if view["phase"] == "turn":
                if view["forced"]:
                    self.flash(p, "take the Flixo: A")
                    self.sound("error")
                    return None
                return Draw()
            cell = view["displays"][d]["cells"][cur[0]][cur[1]]
            if cell["up"]:
                self.flash(p, "turn up a face-down card")
                self.sound("error")
                return None
            return DiscardAndReveal(slot)
        return None

    def reward_press(self, p, press, view):
        displays = view["displays"]
        d, r, c = self.pick_at(view)
        if press.action in ("up", "down"):
            rows = displays[d]["shape"][0]
            r = (r + (1 if press.action == "down" else -1)) % max(1, rows)
        elif press.action in ("left", "right"):
            step = 1 if press.action == "right" else -1
            c += step
            cols = displays[d]["shape"][1]
            if not 0 <= c < cols:  # over the edge: the next display with cards
                for _ in range(len(displays)):
                    d = (d + step) % len(displays)
                    if displays[d]["shape"][0]:
                        break
                rows, cols = displays[d]["shape"]
                c = 0 if step > 0 else cols - 1
                r = min(r, rows - 1)
        elif press.action == "a":
            return RewardPeek(d, (r, c))
        else:
            return None
        self.pick = [d, r, c]
        self.sound("move")
        return None

    def pick_at(self, view) -> tuple[int, int, int]:
        """The reward cursor, kept inside a display that has cards."""
        displays = view["displays"]
        d, r, c = self.pick
        if not displays[d]["shape"][0]:
            d = next((i for i, disp in enumerate(displays) if disp["shape"][0]), d)
        rows, cols = displays[d]["shape"]
        return d, max(0, min(r, rows - 1)), max(0, min(c, cols - 1))

    def fresh_pick(self, view) -> list:
        """Where the reward cursor starts: the first face-down card of the display with the
        most of them (the likeliest hiding place)."""
        displays = view["displays"]
        d = max(range(len(displays)), key=lambda i: sum(
            not cell["up"] and not cell["eye"] for row in displays[i]["cells"] for cell in row))
        spots = [(i, j) for i, row in enumerate(displays[d]["cells"])
                 for j, cell in enumerate(row) if not cell["up"] and not cell["eye"]]
        r, c = spots[0] if spots else (0, 0)
        return [d, r, c]

    def phone_extras(self, p: int) -> dict:
        """The phone's table: the cursor [display, row, col] on p's turn and what A and B do
        now (the prompt line is the TV's)."""
        if self.choosing:
            return {"layout": "menu", "prompt": "Choose the level on the TV",
                    "labels": {"a": "start"}}
        view = self.view()
        line, _ = self.prompt(view)
        names = [self.seat_name(d) for d in range(len(view["displays"]))]
        if view["phase"] == "over" or view["seat"] != p:
            return {"prompt": line, "cursor": None, "labels": {}, "names": names}
        if view["phase"] == "reward":
            return {"prompt": line, "cursor": list(self.pick_at(view)), "labels": {"a": "peek"},
                    "names": names}
        d = view["turn"]
        offer = self.offered(view)
        if view["phase"] == "turn":
            labels = {"a": f"take the {offer['value']}" if offer else "take",
                      "b": "" if view["forced"] else "draw"}
        else:
            labels = {"a": "swap it in", "b": "discard, turn up"}
        return {"prompt": line, "cursor": [d, *self.cursor_at(d)], "labels": labels,
                "names": names}

    # -- drawing ----------------------------------------------------------------------------------
    def offered(self, view):
        """The card on offer to the player to move: the top discard, or the drawn card."""
        if view["phase"] == "drawn":
            return view["drawn"]
        if view["phase"] == "turn" and view["discard"]:
            return view["discard"][-1]
        return None

    def draw(self, canvas) -> None:
        view = self.view()
        self.draw_backdrop(canvas, view, self.active_display(view))
        self.draw_table(canvas, view)
        if self.demo:  # in the piles' column, clear of the prompt
            look.text(canvas, "DEMO", (PILES.centerx, PILES.bottom - 96), look.BODY, look.ACCENT,
                      "midtop")
            look.text(canvas, "press a button", (PILES.centerx, PILES.bottom - 50), look.SMALL,
                      look.MUTED, "midtop")

    def caption(self):
        """(display, text) of the action the table is showing now, or None."""
        t = self.anim_ms
        for d, text, t0, t1 in self.captions:
            if t0 <= t < t1 + 150:
                return d, text
        return None

    def active_display(self, view):
        """The display to light up: the one whose action is being shown, else the one to move."""
        shown = self.caption()
        if shown is not None:
            return shown[0]
        if self.choosing or view["phase"] == "over":
            return None
        return view["turn"]

    def panel_looks(self, view, active) -> list:
        """(fill, edge, band) of each display's panel; `active`: the lit display or None."""
        looks = []
        for d, disp in enumerate(view["displays"]):
            colour = self.seats[disp["seat"]].colour
            if d == active:
                looks.append((look.FELT, look.WHITE, colour))
            else:
                looks.append((look.mix(look.FELT, look.PANEL, 0.6),
                              look.mix(colour, look.PANEL, 0.45),
                              look.mix(colour, look.PANEL, 0.55)))
        return looks

    def draw_backdrop(self, canvas, view, active) -> None:
        """The arcade's background, then the piles' panel and every display's panel, each one
        cached opaque surface. shell.paint redraws only what changed since the last frame, so
        lighting another display costs two panels, not a canvas."""
        paint.blit(canvas, backdrop_plain(), (0, 0))
        paint.blit(canvas, panel_surface(PILES, look.PANEL, look.PANEL_EDGE, None),
                   PILES.move(-2, -2))
        for rect, (fill, edge, band) in zip(self.layout.panels, self.panel_looks(view, active)):
            paint.blit(canvas, panel_surface(rect, fill, edge, band), rect.move(-2, -2))

    def warm_cache(self) -> None:
        """Build the panels for every display to move now, while the scene starts, rather
        than in the middle of a game."""
        view = self.view()
        if not pygame.display.get_surface():
            return
        for d in [None, *range(len(view["displays"]))]:
            for rect, (fill, edge, band) in zip(self.layout.panels, self.panel_looks(view, d)):
                panel_surface(rect, fill, edge, band)

    def draw_table(self, canvas, view) -> None:
        t = self.anim_ms
        offer = self.offered(view)
        for d in range(len(view["displays"])):
            self.draw_display(canvas, view, d, offer, t)
        self.draw_piles(canvas, view, t)
        for f in self.flyers:
            if f.t0 <= t:
                self.draw_flyer(canvas, f, t)
        self.draw_top_bar(canvas, view)
        over = self.state.is_terminal() and not self.busy()
        for text, colour, t0, t1 in ([] if over else self.banners):
            if t0 <= t < t1:
                look.banner(canvas, text, colour, y=AREA.y + 36)
                break
        for p, text, _ in self.flashes:
            d = next((d for d in range(len(view["displays"])) if self.state.seat_of(d) == p), 0)
            look.flash_above(canvas, self.layout.panels[d].move(0, 30), text)
        if self.choosing:
            self.draw_choice(canvas)
        elif self.state.is_terminal() and not self.busy():
            self.draw_end(canvas, view)

    def draw_flyer(self, canvas, f: Flyer, t: float) -> None:
        rect = f.rect(t)
        k = min(1.0, max(0.0, (t - f.t0) / f.ms))
        if f.back is not None and k < 1.0:
            surf = art.flip_frame(rect.size, k, f.front, f.back)
        else:
            surf = art.surface_of(rect.size, f.front)
        paint.blit(canvas, surf, paint.get_rect(surf, center=rect.center))

    def draw_card(self, canvas, sp: Sprite, rect, safe: bool, t: float) -> None:
        final = which(sp.cell, safe)
        if sp.prev is not None and t < sp.flip_t + FLIP_MS:
            if t < sp.flip_t:
                surf = art.surface_of(rect.size, sp.prev)
            else:
                surf = art.flip_frame(rect.size, (t - sp.flip_t) / FLIP_MS, final, sp.prev)
        else:
            surf = art.surface_of(rect.size, final)
        paint.blit(canvas, surf, paint.get_rect(surf, center=rect.center))

    def draw_display(self, canvas, view, d: int, offer, t: float) -> None:
        lay = self.layout
        panel = lay.panels[d]
        disp = view["displays"][d]
        seat = self.seats[disp["seat"]]
        active = d == self.active_display(view)
        reward = view["phase"] == "reward" and not self.choosing
        if active:
            glow = panel.inflate(14, 14)
            paint.rect(canvas, look.mix(look.ACCENT, look.WHITE, look.pulse(t)), glow,
                       width=6, border_radius=30)
        # (the panel itself is part of the backdrop: see draw_backdrop())
        head = pygame.Rect(panel.x + 6, panel.y + 6, panel.width - 12, HEADER_H - 6)
        icon = look.shape_icon(seat.shape, seat.colour, 17)
        paint.blit(canvas, icon, paint.get_rect(icon, center=(head.x + 30, head.centery)))
        name = self.seat_name(d) + (" (CPU)" if disp["seat"] in self.bots else "")
        name_rect = look.text(canvas, name, (head.x + 56, head.centery), look.SMALL,
                              look.INK if active else look.WHITE, "midleft")
        self.draw_needs(canvas, disp, head, name_rect, offer, active)
        # cards
        safe = is_safe(self.shapes[d])
        want_slots = set()
        if offer is not None and not reward:
            want_slots = {tuple(pos) for v, pos in disp["wants"] if v == offer["value"]}
        leaving = [s for s in self.leaving if s[0] == d and s[2] > t]
        for _, sp, _ in leaving:
            self.draw_card(canvas, sp, sp.rect, safe, t)
        busy = self.busy()
        for r, row in enumerate(self.sprites[d]):
            for c, sp in enumerate(row):
                rect = sp.at(t)
                if not busy and (r, c) in want_slots:
                    ring = rect.inflate(18, 18)
                    paint.rect(canvas, look.GOOD, ring, border_radius=16)
                self.draw_card(canvas, sp, rect, safe, t)
                if not busy and (r, c) in want_slots:
                    tag = look.text_surface("fits!", look.SMALL, look.WHITE)
                    box = paint.get_rect(tag, midtop=(rect.centerx, rect.bottom - 14))
                    box = box.inflate(14, 4)
                    paint.rect(canvas, look.GOOD, box, border_radius=10)
                    paint.blit(canvas, tag, paint.get_rect(tag, center=box.center))
        if not self.sprites[d] and not busy:
            look.text(canvas, "empty: -5", lay.grid_box(d).center, look.BODY, look.ACCENT,
                      "center")
        self.draw_cursor(canvas, view, d, active, reward, t)
        # removed pile
        removed = disp["removed"]
        shown = len(removed) - sum(1 for a in self.removed_arrive[d] if a > t)
        for k, card in enumerate(removed[:max(0, shown)]):
            rect = lay.removed_pos(d, k)
            surf = art.surface_of(rect.size, face(card, "cheer"))
            paint.blit(canvas, surf, rect)

    def draw_needs(self, canvas, disp, head, name_rect, offer, active) -> None:
        needs = disp["needs"]
        if not needs:
            return
        if self.layout.one_row:  # a line of its own under the header
            x = head.x + 8
            label = look.text(canvas, "needs", (x, head.bottom + NEEDS_H // 2 + 2), look.SMALL,
                              look.TEXT, "midleft")
            x = label.right + 10
            for v in needs:
                hot = offer is not None and offer["value"] == v
                s = look.text_surface(str(v), look.SMALL, look.WHITE if hot else look.INK)
                box = paint.get_rect(s, midleft=(x, label.centery)).inflate(18, 6)
                box.width = max(box.width, 44)
                box.midleft = (x, label.centery)
                if box.right > head.right:
                    break
                paint.rect(canvas, look.GOOD if hot else look.CARD, box, border_radius=12)
                paint.blit(canvas, s, paint.get_rect(s, center=box.center))
                x = box.right + 8
            return
        x = head.right - 12
        for v in reversed(needs):
            hot = offer is not None and offer["value"] == v
            s = look.text_surface(str(v), look.SMALL, look.WHITE if hot else look.INK)
            box = paint.get_rect(s, midright=(x, head.centery)).inflate(18, 6)
            box.width = max(box.width, 44)
            box.midright = (x, head.centery)
            if box.left < name_rect.right + 90:
                break
            paint.rect(canvas, look.GOOD if hot else look.CARD, box, border_radius=12)
            paint.blit(canvas, s, paint.get_rect(s, center=box.center))
            x = box.left - 6
        look.text(canvas, "needs", (x - 4, head.centery), look.SMALL,
                  look.INK if active else look.WHITE, "midright")

    def draw_cursor(self, canvas, view, d, active, reward, t) -> None:
        if self.choosing or view["phase"] == "over":
            return
        human = view["seat"] not in self.bots
        if reward:
            if not human:
                return
            pd, r, c = self.pick_at(view)
            if pd != d or not self.sprites[d]:
                return
            colour = art.EYE_TOKEN
        elif active and human:
            if not self.sprites[d]:
                return
            r, c = self.cursor_at(d)
            colour = look.ACCENT
        else:
            return
        if r >= len(self.sprites[d]) or c >= len(self.sprites[d][0]):
            return
        rect = self.sprites[d][r][c].at(t).inflate(22, 22)
        width = 6 + int(3 * look.pulse(t, 900))
        paint.rect(canvas, look.INK, rect.inflate(4, 4), width=width + 2, border_radius=18)
        paint.rect(canvas, colour, rect, width=width, border_radius=16)

    def draw_piles(self, canvas, view, t: float) -> None:
        # draw pile
        look.text(canvas, f"Draw pile: {view['draw_left']}", (PILES.centerx, DRAW_RECT.y - 42),
                  look.SMALL, look.TEXT, "midtop")
        if view["draw_left"]:
            for k in range(min(3, view["draw_left"])):
                paint.blit(canvas, art.card_back(PILE_CARD), DRAW_RECT.move(-2 * k, -2 * k))
        else:
            paint.rect(canvas, look.MUTED, DRAW_RECT, width=3, border_radius=18)
        # discard pile
        look.text(canvas, "Discard", (PILES.centerx, DISCARD_RECT.y - 42), look.SMALL, look.TEXT,
                  "midtop")
        pile = view["discard"][:-1] if t < self.hide_discard_until else view["discard"]
        offer_discard = view["phase"] == "turn" and not self.choosing
        if pile:
            top = pile[-1]
            if offer_discard and t >= self.hide_discard_until:
                paint.rect(canvas, look.BAD if view["forced"] else look.ACCENT,
                           DISCARD_RECT.inflate(18, 18), border_radius=22)
            paint.blit(canvas, art.surface_of(PILE_CARD, face(top, "sly")), DISCARD_RECT)
        # drawn card
        drawn = view["drawn"]
        if drawn is not None and t >= self.hide_drawn_until:
            look.text(canvas, "Drawn", (PILES.centerx, DRAWN_RECT.y - 42), look.SMALL,
                      look.ACCENT, "midtop")
            paint.rect(canvas, look.mix(look.ACCENT, look.WHITE, look.pulse(t)),
                       DRAWN_RECT.inflate(18, 18), border_radius=22)
            paint.blit(canvas, art.surface_of(PILE_CARD, face(drawn, "sly")), DRAWN_RECT)
        else:
            # eye tokens
            free = view["eyes_free"]
            look.text(canvas, f"Eye tokens: {free}/{EYE_TOKENS}",
                      (PILES.centerx, DRAWN_RECT.y - 42),
                      look.SMALL, look.TEXT, "midtop")
            tok = art.eye_token(22)
            for k in range(free):
                row, col = divmod(k, 4)
                paint.blit(canvas, tok, (PILES.x + 30 + col * 50, DRAWN_RECT.y + row * 50))

    def prompt(self, view) -> tuple[str, list]:
        """(line, [(key cap, meaning)]) for the top bar."""
        if self.choosing:
            return "Choose the game", []
        shown = self.caption()
        if shown is not None:
            return shown[1], []
        if view["phase"] == "over":
            return "", []
        d, p = view["turn"], view["seat"]
        name = self.seat_name(d)
        offer = self.offered(view)
        cpu = p in self.bots
        last = view["last_display"]
        final = "" if last is None else "  (final turns)"
        if view["phase"] == "reward":
            if cpu:
                return f"{name} peeks at a card{final}", []
            return (f"Reward! {name}: pick a face-down card to peek at",
                    [("Arrows", "any display"),
                     (self.key_label(p, "a"), "peek (eye token)")])
        if cpu:
            verb = "is thinking..." if view["phase"] == "turn" else f"drew a {offer['value']}"
            if view["forced"]:
                verb = f"must take the Flixo {offer['value']}"
            return f"{name} (CPU) {verb}{final}", []
        if view["phase"] == "turn":
            if view["forced"]:
                return (f"{name} must take the Flixo {offer['value']}!",
                        [(self.key_label(p, "a"), "swap it in at the cursor")])
            return (f"{name}'s turn{final}",
                    [(self.key_label(p, "a"), f"take the {offer['value']} here"),
                     (self.key_label(p, "b"), "draw a card")])
        return (f"{name} drew a {offer['value']}{final}",
                [(self.key_label(p, "a"), "swap it in here"),
                 (self.key_label(p, "b"), "discard it, turn this up")])

    def draw_top_bar(self, canvas, view) -> None:
        level = view["level"]
        found = sum(1 for disp in view["displays"] for row in disp["cells"] for cell in row
                    if cell["flixo"]) + sum(1 for disp in view["displays"]
                                            for c in disp["removed"] + [] if c["flixo"])
        found += sum(1 for c in view["discard"] if c["flixo"])
        hidden = max(0, view["flixos_in_play"] - found)
        label = f"Level {level}  ·  {view['flixos_in_play']} Flixos, {hidden} still hidden"
        look.text(canvas, label, (TOP_BAR.x, TOP_BAR.y + 4), look.SMALL, look.MUTED)
        if view["last_display"] is not None and view["phase"] != "over":
            s = look.text_surface("FINAL TURNS", look.SMALL, look.WHITE)
            box = paint.get_rect(s, topleft=(TOP_BAR.x + 12, TOP_BAR.y + 56)).inflate(24, 8)
            paint.rect(canvas, look.BAD, box, border_radius=box.height // 2)
            paint.blit(canvas, s, paint.get_rect(s, center=box.center))
        line, caps = self.prompt(view)
        if not line:
            return
        # The prompt: [shape] line, then the key caps; right-aligned in the bar, and on two
        # rows (line above, caps below) when one row would not fit beside the status.
        left = TOP_BAR.x + 560
        icon = None
        shown = self.active_display(view)
        if shown is not None:
            seat = self.seats[self.state.seat_of(shown)]
            icon = look.shape_icon(seat.shape, seat.colour, 20)
        line_w = look.font(look.BODY).size(line)[0] + (44 if icon else 0)
        caps_w = sum(look.font(look.SMALL).size(m)[0] + look.font(look.SMALL).size(c)[0] + 24
                     + 10 + 28 for c, m in caps)
        one_row = line_w + 30 + caps_w <= TOP_BAR.right - left
        if one_row:
            x, y = TOP_BAR.right - line_w - 30 - caps_w, TOP_BAR.y + 34
            cx, cy = x + line_w + 30, TOP_BAR.y + 12
        else:
            x, y = max(left, TOP_BAR.right - line_w), TOP_BAR.y + 20
            cx, cy = max(left, TOP_BAR.right - caps_w), TOP_BAR.y + 44
        x = max(left, x)
        if icon is not None:
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(x, y)))
            x += 44
        look.text(canvas, line, (x, y), look.BODY, look.TEXT, "midleft")
        for cap, meaning in caps:
            box = look.keycap(canvas, (cx, cy), cap)
            r = look.text(canvas, meaning, (box.right + 10, box.centery), look.SMALL, look.ACCENT,
                          "midleft")
            cx = r.right + 28

    def draw_choice(self, canvas) -> None:
        box = pygame.Rect(0, 0, 1040, 580)
        box.center = (AREA.centerx, AREA.centery)
        look.dim(canvas, 150)
        look.panel(canvas, box)
        look.text(canvas, "Flixo: choose the game", (box.centerx, box.y + 28), look.LARGE,
                  look.TEXT, "midtop")
        rows = self.choice_rows()
        y = box.y + 120
        large = self.choice["large_displays"]
        for i, what in enumerate(rows):
            if what == "level":
                label = f"<  {LEVEL_NAMES[self.choice['level']]}  >"
            elif what == "large":
                label = f"<  Displays: {'3x4 (large)' if large else '3x3'}  >"
            else:
                label = "Start!"
            look.button(canvas, pygame.Rect(box.x + 120, y, box.width - 240, 72), label,
                        selected=i == self.choice_row, size=look.BODY)
            y += 92
        options = self.options_for(self.choice)
        if options is None:
            info = "Not possible at this table (no draw pile)"
            colour = look.BAD
        else:
            count, _ = setup_counts(people_of(self.players), large, options["level"],
                                    options["flixos"])
            info = f"{count} Flixos hidden in {people_of(self.players)} displays"
            colour = look.ACCENT
        look.text(canvas, info, (box.centerx, y + 6), look.SMALL, colour, "midtop")
        look.text(canvas, self.campaign_text(large), (box.centerx, y + 48), look.SMALL,
                  look.MUTED, "midtop")
        hub = getattr(self.app, "hub", None)
        human = self.humans()[0] if self.humans() else None
        a = self.key_label(human, "a") if human is not None and hub else "A"
        look.text(canvas, f"Up/Down: choose   Left/Right: change   {a}: start",
                  (box.centerx, box.bottom - 20), look.SMALL, look.MUTED, "midbottom")

    def draw_end(self, canvas, view) -> None:
        res = view["result"]
        if res is None:
            return
        n = len(view["displays"])
        box = pygame.Rect(0, 0, 980, 330 + 62 * n)
        box.center = (AREA.centerx, AREA.centery)
        look.dim(canvas, 120)
        look.panel(canvas, box)
        won = res["team_won"]
        look.text(canvas, "The team wins!" if won else "The Flixos got away!",
                  (box.centerx, box.y + 24), look.TITLE, look.GOOD if won else look.BAD, "midtop")
        y = box.y + 120
        for d, pts in enumerate(res["points"]):
            seat = self.seats[self.state.seat_of(d)]
            icon = look.shape_icon(seat.shape, seat.colour, 18)
            paint.blit(canvas, icon, paint.get_rect(icon, midleft=(box.x + 80, y + 24)))
            look.text(canvas, self.seat_name(d), (box.x + 140, y + 24), look.BODY, look.TEXT,
                      "midleft")
            note = ""
            if d in res["flixos_left_in"]:
                note = "a Flixo stayed!"
            elif not view["displays"][d]["shape"][0]:
                note = "empty"
            if note:
                look.text(canvas, note, (box.x + 560, y + 24), look.SMALL,
                          look.BAD if d in res["flixos_left_in"] else look.GOOD, "midleft")
            look.text(canvas, f"{pts:+d}" if pts < 0 else str(pts), (box.right - 80, y + 24),
                      look.BODY, look.TEXT, "midright")
            y += 62
        paint.line(canvas, look.MUTED, (box.x + 60, y + 4), (box.right - 60, y + 4), 3)
        look.text(canvas, "Total", (box.x + 140, y + 40), look.LARGE, look.TEXT, "midleft")
        look.text(canvas, str(res["total"]), (box.right - 80, y + 40), look.LARGE, look.ACCENT,
                  "midright")
        look.text(canvas, res["verdict"], (box.centerx, y + 90), look.BODY,
                  look.ACCENT if won else look.BAD, "midtop")
        if self.progress_note:
            look.text(canvas, self.progress_note, (box.centerx, y + 140), look.SMALL, look.MUTED,
                      "midtop")
        if not self.demo and self.humans():
            look.text(canvas, f"{self.key_label(self.humans()[0], 'a')}: on to the results",
                      (box.centerx, box.bottom - 16), look.SMALL, look.MUTED, "midbottom")


SCENE = FlixoScene
tile_art = art.tile_art
