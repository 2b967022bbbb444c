"""Lobby: take a seat, add CPU players, get ready.

* A device without a seat joins with any button but B/Back (a pad button or a keyboard zone's
  action key). B on a device without a seat, while nobody sits, goes back to the game select.
* Seated: A toggles ready; B un-readies a ready seat and, from a seat that is not ready, goes
  back to the game select (the seats stay taken; Escape too); Start picks who sits there (the profile
  picker, scenes/screens/profile.py, which also takes a typed name; a device that had a
  profile last time has it again when it joins); holding Back leaves the seat (the input hub
  sends LEAVE); X adds a CPU player (it gets a name of its own, shell.seats.CPU_NAMES);
  Up/Down pick a CPU seat, Left/Right change its level, Y removes it.
* Every prompt shows the buttons of the device that presses it: each seat's slot lists its own
  keys or pad buttons (ready, name, add a CPU, leave), the line at the bottom the CPU and
  "back" buttons of every seated device (scenes/base.py, draw_hint).
* Game options (GameInfo.option_choices) show as one line each under the seats, with every
  value the game offers and the chosen one lit; any seated human changes them with the
  shoulder buttons L / R (keyboard zones: their "l" / "r" keys): with one option L steps its
  value back and R forward, stopping at the first and last value (two values just swap);
  with several, L picks the next option and R steps its value round. The choice is kept in
  settings["game_options"][game_id] (option -> value) and passed to the game as `options`; a
  stored value the game does not offer counts as unset.
* When every human seat is ready and the number of players fits the game (min..max), a three
  second countdown starts (any change stops it), then the how-to card (or the game).
* Phones (shell/phones), while they are on: a panel at the right shows the QR code of the phone
  page's address (with the room code), the address to type and the room code; if the server
  could not start, why. A phone that joins while the lobby is up takes the lowest free seat at
  once (one that was connected before joins with A, like a pad); a seat taken by a phone gets
  the name typed on it, and goes back to its own name when the phone leaves it. A phone drives
  the lobby like a pad; its page says what A does now (phone_controls).
"""

from __future__ import annotations

import pygame

import game
from shell import look, paint
from shell.input import is_phone
from game.bots import LEVELS
from game.words import plural

from ..base import Scene
from ..games import game_scene_class
from ..profiles import seat_joined
from ..widgets import is_press

COUNTDOWN_MS = 3000
SLOT_W, SLOT_H = 400, 280
SLOT_GAP = 30
PHONE_W = 400            # the phones' panel at the right (the slots narrow to make room)
QR_MODULE = 8            # canvas px per QR module (a version-3 code with its margin: 296 px)


class LobbyScene(Scene):
    escape_goes_back = True  # Escape goes back, as B does

    def enter(self, game_id: str, **kw) -> None:
        self.game_id = game_id
        self.info = game.GAMES[game_id]
        self.cursor = 0  # index into the CPU seats
        self.option_row = 0  # index into info.option_choices
        self.choice = self.stored_choice()  # option name -> index into its choices
        self.countdown: float | None = None
        self.message = ""
        self.message_ms = 0.0
        self.t = 0.0
        self._unready()

    def resume(self) -> None:
        self._unready()

    def _unready(self) -> None:
        # No game runs while the lobby is on screen: a seat whose pad went while a game, the
        # results or a menu was up is simply free again (as if the pad had left here).
        for seat in self.app.seats.occupied():
            if seat.lost:
                self.leave(seat.index)
        for seat in self.app.seats.humans():
            self.app.seats.set_ready(seat.index, False)
        self.countdown = None

    # -- game options ----------------------------------------------------------------------------
    def stored_choice(self) -> dict:
        """For each offered option, the index of the last value chosen for this game (settings),
        or of the game's default when nothing usable is stored."""
        stored = (self.app.settings.get("game_options", {}) or {}).get(self.game_id)
        stored = stored if isinstance(stored, dict) else {}
        choice = {}
        for name, (_, choices) in self.info.option_choices.items():
            values = [value for value, _ in choices]
            default = _index(values, self.info.default_options.get(name))
            choice[name] = _index(values, stored.get(name), default if default is not None else 0)
        return choice

    def options(self) -> dict:
        """The options the game is started with: option -> chosen value."""
        return {name: choices[self.choice[name]][0]
                for name, (_, choices) in self.info.option_choices.items()}

    def change_option(self, action: str) -> None:
        names = list(self.info.option_choices)
        if len(names) > 1 and action == "l":
            self.option_row = (self.option_row + 1) % len(names)
            self.app.audio.play("move")
            return
        name = names[self.option_row % len(names)]
        count = len(self.info.option_choices[name][1])
        step = -1 if action == "l" else 1
        if len(names) == 1 and count > 2 and not 0 <= self.choice[name] + step < count:
            self.app.audio.play("error")  # the end of the list: no jump round to the other end
            return
        self.choice[name] = (self.choice[name] + step) % count
        games = dict(self.app.settings.get("game_options", {}) or {})
        mine = games.get(self.game_id)
        games[self.game_id] = {**(mine if isinstance(mine, dict) else {}), **self.options()}
        self.app.settings.set("game_options", games)
        self.app.audio.play("move")
        self.countdown = None  # everyone sees the change before the game starts

    # -- input ---------------------------------------------------------------------------------
    def say(self, text: str) -> None:
        self.message, self.message_ms = text, 2500

    def cpus(self) -> list:
        return [s for s in self.app.seats.occupied() if s.is_cpu]

    def room(self) -> bool:
        return len(self.app.seats.occupied()) < self.info.max_players

    def join(self, device: str):
        """Seat a device (None when the table is full); a phone's seat takes its typed name."""
        seat = self.app.seats.join(device)
        name = self.app.hub.phone_name(device) if seat is not None else None
        if name:
            self.app.seats.rename(seat.index, name)
        return seat

    def leave(self, index: int) -> None:
        """Free a seat; one a phone held gets its own name back (settings["seat_names"])."""
        seats = self.app.seats
        phone = is_phone(seats[index].device)
        seats.leave(index)
        if phone:
            names = self.app.settings.get("seat_names") or []
            seats.rename(index, names[index] if index < len(names) else "")

    def on_device(self, change) -> None:
        if not self.on_top:
            return
        if change.kind == "lost" and change.seat is not None:
            self.leave(change.seat)  # no game running: a pulled pad simply leaves
            self.app.audio.play("leave")
            self.countdown = None
        elif change.kind == "added" and change.seat is None and is_phone(change.device):
            if not self.room():  # a phone that just typed its name gets a seat at once
                self.say(f"{self.info.name} takes at most {self.info.max_players} players")
            elif self.join(change.device) is not None:
                self.app.audio.play("join")
                self.countdown = None

    def phone_controls(self, device: str) -> dict:
        """The phone page's pad and what it says (shell/phones/link.py)."""
        seat = self.app.seats.seat_of(device)
        if seat is None:
            prompt = "Press A to take a seat" if self.room() else "The table is full"
            labels = {"a": "sit down", "b": "back"}
        elif seat.ready:
            prompt, labels = "Ready! Waiting for the others", {"a": "not ready", "b": "not ready"}
        else:
            prompt, labels = "Press A when you are ready", {"a": "ready", "b": "back"}
        buttons = []
        if seat is not None:
            buttons = [["x", "+ CPU"], ["y", "- CPU"]]
            if len(self.info.option_choices) == 1:
                buttons += [["l", "option <"], ["r", "option >"]]
            elif self.info.option_choices:
                buttons += [["l", "option"], ["r", "change"]]
        return {"type": "controls", "layout": "menu", "prompt": prompt, "labels": labels,
                "buttons": buttons, "leave": seat is not None}

    def handle(self, item) -> None:
        seats = self.app.seats
        if not is_press(item):
            return
        if item.action == "leave" and item.seat is not None:
            self.leave(item.seat)
            self.app.audio.play("leave")
            self.countdown = None
            return
        if not item.down:
            return
        if item.seat is None:
            if item.action in ("b", "back"):
                if not seats.humans():
                    self.back()
                return
            if item.action.startswith(("up", "down", "left", "right")):
                return
            if not self.room():
                self.app.audio.play("error")
                self.say(f"{self.info.name} takes at most {self.info.max_players} players")
                return
            seat = self.join(item.device)
            if seat is not None:
                seat_joined(self.app, seat)  # a device that remembers a profile takes it
                self.app.audio.play("join")
                self.countdown = None
            return
        seat = seats[item.seat]
        if not seat.is_human:
            return
        cpus = self.cpus()
        if item.action == "start":
            self.app.manager.push("profile", seat=seat.index, device=item.device)
        elif item.action == "a":
            seats.set_ready(seat.index, not seat.ready)
            self.app.audio.play("ready" if seat.ready else "back")
            if not seat.ready:
                self.countdown = None
        elif item.action == "b":
            if seat.ready:
                seats.set_ready(seat.index, False)
                self.app.audio.play("back")
                self.countdown = None
            else:
                self.back()
        elif item.action == "x":
            if self.room():
                new = seats.add_cpu(self.app.settings.get("cpu_level", "normal"))
                self.app.audio.play("join")
                self.cursor = [s.index for s in self.cpus()].index(new.index)
                self.countdown = None
            else:
                self.app.audio.play("error")
                self.say(f"{self.info.name} takes at most {self.info.max_players} players")
        elif item.action in ("up", "down") and cpus:
            self.cursor = (self.cursor + (1 if item.action == "down" else -1)) % len(cpus)
            self.app.audio.play("move")
        elif item.action in ("left", "right") and cpus:
            cpu = cpus[self.cursor % len(cpus)]
            levels = list(LEVELS)
            i = levels.index(cpu.cpu) if cpu.cpu in levels else 1
            i = max(0, min(len(levels) - 1, i + (1 if item.action == "right" else -1)))
            seats.set_cpu_level(cpu.index, levels[i])
            self.app.settings.set("cpu_level", levels[i])
            self.app.audio.play("move")
        elif item.action in ("l", "r") and self.info.option_choices:
            self.change_option(item.action)
        elif item.action == "y" and cpus:
            seats.leave(cpus[self.cursor % len(cpus)].index)
            self.cursor = 0
            self.app.audio.play("leave")
            self.countdown = None


    # -- time ----------------------------------------------------------------------------------
    def problem(self) -> str:
        """Why the game cannot start now ('' when it can)."""
        seats = self.app.seats
        n = len(seats.occupied())
        if not seats.humans():
            return "Press a button to join"
        if n < self.info.min_players:
            return f"{plural(self.info.min_players, 'player')} needed: join, or add a CPU"
        if n > self.info.max_players:
            return f"At most {self.info.max_players} players: someone please leave"
        if not seats.all_ready():
            return "Waiting for everybody to be ready"
        return ""

    def update(self, dt_ms: float) -> None:
        self.t += dt_ms
        self.message_ms = max(0.0, self.message_ms - dt_ms)
        if self.problem():
            self.countdown = None
            return
        if self.countdown is None:
            self.countdown = COUNTDOWN_MS
            self.app.audio.play("countdown")
        before = self.countdown
        self.countdown -= dt_ms
        if int(before // 1000) != int(self.countdown // 1000) and self.countdown > 0:
            self.app.audio.play("countdown")
        if self.countdown <= 0:
            self.countdown = None
            self.app.audio.play("go")
            self.start()

    def start(self) -> None:
        scene_class = game_scene_class(self.game_id)
        options = self.options()
        if self.app.settings.get("show_howto", True):
            self.app.manager.push("howto", game_id=self.game_id, scene_class=scene_class,
                                  options=options)
        else:
            self.app.manager.push(scene_class, game_id=self.game_id, options=options)

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, f"{self.info.name}: take a seat")
        seats = self.app.seats
        cpus = self.cpus()
        chosen_cpu = cpus[self.cursor % len(cpus)].index if cpus else None
        now = self.app.clock_ns()
        phones = self.app.phones if getattr(self.app, "phones", None) is not None else None
        if phones is not None and (phones.running or phones.problem):
            slot_w = (look.SAFE.width - PHONE_W - 4 * SLOT_GAP) // 4
            left = look.SAFE.left
            self.draw_phones(canvas, phones, pygame.Rect(
                look.SAFE.right - PHONE_W, look.SAFE.top + 130, PHONE_W,
                2 * SLOT_H + SLOT_GAP))
        else:
            slot_w = SLOT_W
            left = look.CENTER[0] - (4 * SLOT_W + 3 * SLOT_GAP) // 2
        for i in range(len(seats)):
            seat = seats[i]
            rect = pygame.Rect(left + (i % 4) * (slot_w + SLOT_GAP),
                               look.SAFE.top + 130 + (i // 4) * (SLOT_H + SLOT_GAP), slot_w,
                               SLOT_H)
            self.draw_slot(canvas, rect, seat, seat.index == chosen_cpu, now)
        slots_bottom = look.SAFE.top + 130 + 2 * SLOT_H + SLOT_GAP
        # from the bottom up: the buttons every seated device shares, the options, the news
        pairs = [("b", "back to the games"), ("escape", "back")]
        names = list(self.info.option_choices)
        if len(names) == 1:
            pairs = [(("l", "r"), names and self.info.option_choices[names[0]][0].lower())] + pairs
        elif names:
            pairs = [("l", "next option"), ("r", "change it")] + pairs
        if cpus:
            pairs = [(("up", "down"), "pick a CPU"), (("left", "right"), "its level"),
                     ("y", "remove it")] + pairs
        hint = self.draw_hint(canvas, pairs)
        y = (hint.top if hint.height else look.SAFE.bottom) - 16
        y = self.draw_options(canvas, y)
        problem = self.problem()
        banner_y = max(slots_bottom + 8, y - 92)  # over the prompts when they fill the room
        if self.countdown is not None:
            n = int(self.countdown // 1000) + 1
            look.banner(canvas, f"Starting in {n}", look.GOOD, y=banner_y)
        elif self.message_ms > 0:
            look.banner(canvas, self.message, look.BAD, y=banner_y)
        elif problem and y - 70 >= slots_bottom:  # (the slots say it too)
            look.text(canvas, problem, (look.CENTER[0], y - 12), look.LARGE, look.ACCENT,
                      "midbottom")

    def draw_options(self, canvas, bottom: int) -> int:
        """One centred line per offered option, bottom line ending at `bottom`: its label and
        every value the game offers, the chosen one lit (the line L / R change is lit too;
        their buttons are in the prompts below). Returns the top of the lines."""
        names = list(self.info.option_choices)
        if not names:
            return bottom
        row_h = 58
        top = bottom - row_h * len(names)
        for row, name in enumerate(names):
            label, choices = self.info.option_choices[name]
            chosen_row = row == self.option_row % len(names)
            mid = top + row * row_h + row_h // 2
            parts = [(f"{label}:", None)] + [(text, i == self.choice[name])
                                             for i, (_, text) in enumerate(choices)]
            size = look.SMALL
            widths = [look.font(look.BODY).size(parts[0][0])[0] + 20] + \
                [look.font(size).size(t)[0] + 40 for t, _ in parts[1:]]
            if sum(widths) > look.SAFE.width:  # too many values to show: the chosen one only
                chosen = choices[self.choice[name]][1]
                parts = [parts[0], (f"<  {chosen}  >", True)]
                widths = widths[:1] + [look.font(size).size(parts[1][0])[0] + 40]
            x = look.CENTER[0] - sum(widths) // 2
            look.text(canvas, parts[0][0], (x, mid), look.BODY,
                      look.TEXT if chosen_row else look.MUTED, "midleft")
            x += widths[0]
            for (text, lit), w in zip(parts[1:], widths[1:]):
                pill = pygame.Rect(x, mid - 22, w - 10, 44)
                if lit:
                    paint.rect(canvas, look.ACCENT if chosen_row else look.TEXT, pill,
                               border_radius=22)
                else:
                    paint.rect(canvas, look.PANEL_EDGE, pill, width=2, border_radius=22)
                look.text(canvas, text, pill.center, size, look.INK if lit else look.MUTED,
                          "center")
                x += w
        return top

    def draw_phones(self, canvas, phones, rect) -> None:
        """The phones' panel: the QR code of the page (room code in it), the address and the
        room code to type; or why phones are off."""
        look.panel(canvas, rect, radius=28)
        look.text(canvas, "Play with your phone", (rect.centerx, rect.y + 22), look.BODY,
                  look.ACCENT, "midtop")
        if not phones.running:
            box = pygame.Rect(rect.x + 24, rect.y + 100, rect.width - 48, rect.height - 120)
            look.paragraph(canvas, phones.problem or "Phones are off", box, look.SMALL, look.BAD)
            return
        url = phones.url
        qr = look.cached(("phone-qr", url), lambda: qr_surface(phones.qr_matrix()))
        spot = paint.get_rect(qr, midtop=(rect.centerx, rect.y + 84))
        paint.blit(canvas, qr, spot)
        address = url.split("//", 1)[-1].split("/?", 1)[0]
        # From the panel's foot up (the room code's big type must stay inside it), each line
        # no wider than the panel: the code, its label, the address, how to get there.
        width = rect.width - 24
        y = look.text(canvas, phones.room_code, (rect.centerx, rect.bottom - 4), look.TITLE,
                      look.ACCENT, "midbottom").top + 8
        y = look.text(canvas, "room code", (rect.centerx, y), look.SMALL, look.MUTED,
                      "midbottom").top - 6
        y = look.text(canvas, look.fit_text(address, look.BODY, width), (rect.centerx, y),
                      look.BODY, look.TEXT, "midbottom").top
        look.text(canvas, look.fit_text("same wifi: scan, or open", look.SMALL, width),
                  (rect.centerx, y), look.SMALL, look.MUTED, "midbottom")

    def draw_slot(self, canvas, rect, seat, chosen: bool, now: int) -> None:
        glyph = self.app.device_glyph(seat.device) if seat.is_human else ""
        key = ("slot", seat.index, seat.name, seat.device, seat.cpu, seat.ready, seat.lost,
               chosen, glyph, rect.width)
        slot = look.cached(key, lambda: self.slot_surface(seat, chosen, glyph, rect.width))
        paint.blit(canvas, slot, (rect.x - 16, rect.y - 16))
        if seat.is_human and not seat.lost:  # this seat's own buttons
            y = rect.y + (196 if seat.ready else 96)
            for pairs in self.slot_legend(seat.device, seat.ready, rect.width - 30):
                look.caps_row(canvas, (rect.x + 24, y), pairs, look.MIN_FONT,
                              anchor="topleft", max_width=rect.width - 30)
                y += 44
        progress = self.app.hub.hold_progress(seat.device, now) if seat.device else 0.0
        if progress > 0:
            bar = pygame.Rect(rect.x + 30, rect.bottom - 20, int((rect.width - 60) * progress), 12)
            paint.rect(canvas, look.BAD, bar, border_radius=6)

    def slot_legend(self, device: str, ready: bool, width: int) -> list:
        """A seat's own buttons in its slot, one caps_row line each, every line at most
        `width` wide at MIN_FONT (a long key name gets the short words: "Backspace leave")."""
        rows = [("b", "not ready", "undo")] if ready else [
            ("a", "ready", "ready"), ("start", "name", "name"), ("x", "add a CPU", "+ CPU"),
            ("back", "hold: leave", "leave")]
        out = []
        for action, words, short in rows:
            for text in (words, short):
                pairs = self.hint_pairs([(action, text)], [device])
                if not pairs or look.caps_row_size(pairs, look.MIN_FONT, 10_000)[0] <= width:
                    break
            if pairs:
                out.append(pairs)
        return out

    def slot_surface(self, seat, chosen: bool, glyph: str, width: int = SLOT_W) -> pygame.Surface:
        """One seat's slot without its buttons, drawn once per look (cached by draw_slot): the
        seat's shape, its name and its device glyph; a CPU's level as a badge."""
        surf = paint.surface((width + 32, SLOT_H + 40), pygame.SRCALPHA)
        rect = pygame.Rect(16, 16, width, SLOT_H)
        if seat.is_free:
            paint.rect(surf, look.PANEL_EDGE, rect, width=3, border_radius=28)
            look.draw_shape(surf, seat.shape, (rect.centerx, rect.y + 100), 46,
                            look.mix(seat.colour, look.BG_BOTTOM, 0.6))
            look.text(surf, "free seat", (rect.centerx, rect.y + 180), look.BODY, look.MUTED,
                      "midtop")
            return surf.convert_alpha()
        if chosen:
            paint.rect(surf, look.WHITE, rect.inflate(16, 16), border_radius=34)
        look.panel(surf, rect, radius=28, edge=seat.colour)
        look.draw_shape(surf, seat.shape, (rect.x + 50, rect.y + 56), 30, seat.colour,
                        outline=look.INK)
        room = width - 100 - (0 if seat.is_cpu else 70)
        size = next((s for s in (look.LARGE, look.BODY) if look.font(s).size(seat.name)[0]
                     <= room), look.SMALL)
        look.text(surf, seat.name, (rect.x + 94, rect.y + 56), size, look.TEXT, "midleft")
        if seat.is_cpu:
            look.text(surf, "CPU player", (rect.centerx, rect.y + 118), look.SMALL,
                      look.MUTED, "midtop")
            level = pygame.Rect(0, 0, 220, 64)
            level.midtop = (rect.centerx, rect.y + 166)
            paint.rect(surf, look.WHITE if chosen else look.level_colour(seat.cpu), level,
                       border_radius=32)
            paint.rect(surf, look.level_colour(seat.cpu), level.inflate(-8, -8),
                       border_radius=28)
            look.text(surf, seat.cpu, level.center, look.BODY, look.INK, "center")
            return surf.convert_alpha()
        gl = look.text_surface(glyph, look.SMALL, look.INK)
        box = paint.get_rect(gl, topright=(rect.right - 22, rect.y + 38)).inflate(22, 10)
        paint.rect(surf, look.MUTED, box, border_radius=10)
        paint.blit(surf, gl, paint.get_rect(gl, center=box.center))
        if seat.lost:
            state = "phone lost" if is_phone(seat.device) else "pad lost"
            look.text(surf, state, (rect.centerx, rect.y + 150), look.LARGE, look.BAD, "midtop")
        elif seat.ready:
            look.text(surf, "READY", (rect.centerx, rect.y + 112), look.LARGE, look.GOOD,
                      "midtop")
        return surf.convert_alpha()


def _index(values: list, value, fallback=None):
    """Position of `value` in `values`, matching type as well (a stored 1 is not True), or
    `fallback`."""
    for i, v in enumerate(values):
        if type(v) is type(value) and v == value:
            return i
    return fallback


def qr_surface(matrix) -> pygame.Surface:
    """A QR code as the arcade draws it: dark ink modules on a light card with rounded corners
    and the quiet zone of 4 modules a reader needs."""
    n = len(matrix)
    size = (n + 8) * QR_MODULE
    surf = paint.surface((size, size), pygame.SRCALPHA)
    paint.rect(surf, look.CARD, (0, 0, size, size), border_radius=3 * QR_MODULE)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if dark:
                paint.rect(surf, look.INK, ((c + 4) * QR_MODULE, (r + 4) * QR_MODULE,
                                            QR_MODULE, QR_MODULE))
    return surf

