"""Who is who: the profile picker of a seat, and renaming and deleting a profile (an overlay).

    manager.push("profile", seat=index, device=device)   pick a profile for the seat, make a
                                                         new one, or sit as a guest
    manager.push("profile", mode="rename", profile=id)   (the stats screen) type a new name
    manager.push("profile", mode="delete", profile=id)   (the stats screen) asks first

Profiles live in the reaction-time store (shell.stats); the seat and its device remember the
choice (scenes/profiles.py). Only the seat's device drives the picker (any device when it was
opened for no seat).

The list: Up/Down, A chooses (a profile, "New profile ...", "Guest" or "Just a name ..."), X
renames the profile under the cursor, Y deletes it (after a confirm), B leaves without a change.
"Just a name" types a name for the seat without making a profile: the seat shows it (and keeps
it in settings["seat_names"]) and its times are not kept, as for a guest.

Typing a name: an on-screen keyboard that a pad drives (directions move, A types the key,
B deletes a letter, X a space, Start is done) and that a real keyboard types into (letters,
Backspace, Enter; Escape cancels). Letters typed on screen are capitals at the start of a word.
While a name is typed, keyboard keys type: they drive no keyboard zone. A name the store
refuses (empty, too long, taken) is said on the panel and nothing is lost.
"""

from __future__ import annotations

import pygame

from shell import look, paint
from shell.seats import clean_name
from shell.stats import NAME_MAX, ProfileError

from ..base import Scene
from ..profiles import choose, follow_delete, follow_rename
from ..widgets import down, is_press

ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZÄÖÜ-")
SPECIAL = ("space", "delete", "done")  # the bottom row
SPECIAL_LABELS = {"space": "Space", "delete": "Delete", "done": "Done"}
NEW, NAME, GUEST = "new", "name", "guest"
VISIBLE = 7  # rows of the list on screen at once
PANEL = pygame.Rect(0, 0, 1280, 800)
PANEL.center = look.CENTER


class ProfileScene(Scene):
    opaque = False
    dim_below = 170

    def enter(self, seat: int | None = None, device: str | None = None, mode: str = "pick",
              profile: int | None = None, **kw) -> None:
        self.seat = None if seat is None else self.app.seats[seat]
        self.device = device
        self.first = mode          # how it was opened: "pick", "rename" or "delete"
        self.mode = {"rename": "type", "delete": "confirm"}.get(mode, "pick")
        self.target = profile      # the profile renamed or deleted
        self.text = ""
        self.naming = False        # typing the seat's own name (no profile) rather than one
        self.key = (0, 0)          # (row, column) of the on-screen keyboard's cursor
        self.message = ""
        self.index = 0
        self.items = self.list_items()
        if self.mode == "type":
            found = self.stats.profile(profile) if self.stats is not None else None
            self.text = found.name if found is not None else ""
        elif self.seat is not None and self.seat.profile is not None:
            self.index = next((i for i, (k, _) in enumerate(self.items)
                               if k == self.seat.profile), 0)

    def prompt_devices(self) -> list:
        """The picker belongs to the seat's own device (any device when opened for none)."""
        return [self.device] if self.device is not None else super().prompt_devices()

    @property
    def stats(self):
        return getattr(self.app, "stats", None)

    def list_items(self) -> list:
        """(profile id | NEW | GUEST, label) in list order."""
        found = self.stats.profiles() if self.stats is not None else []
        items = [(p.id, p.name) for p in found]
        if self.seat is not None:
            items += [(NEW, "New profile ..."), (GUEST, "Guest (times are not kept)"),
                      (NAME, "Just a name (times are not kept)")]
        return items

    def done(self) -> None:
        """Back where it was opened from: the list, or off the stack."""
        if self.first == "pick" and self.mode != "pick":
            self.mode, self.message, self.text = "pick", "", ""
            self.items = self.list_items()
            self.index = min(self.index, max(0, len(self.items) - 1))
        else:
            self.app.manager.pop()

    # -- input ----------------------------------------------------------------------------------
    def handle_raw(self, event, t_ns: int) -> bool:
        """While a name is typed, the keyboard types (its keys drive no zone meanwhile)."""
        if self.mode != "type":
            return False
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False  # (key releases go on to the hub, which lets go of what it held)
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish_name()
        elif event.key == pygame.K_ESCAPE:
            self.done()
        return True

    def type_text(self, text: str) -> None:
        text = "".join(ch for ch in text if ch.isprintable())
        if len(self.text) + len(text) > NAME_MAX:
            self.message = f"A name has at most {NAME_MAX} characters."
            self.app.audio.play("error")
            return
        self.text += text
        self.message = ""

    def handle(self, item) -> None:
        if not is_press(item) or not down(item):
            return
        if self.device is not None and item.device != self.device:
            return  # the picker belongs to the seat's own device
        if self.mode == "pick":
            self.handle_list(item.action)
        elif self.mode == "type":
            self.handle_keys(item.action)
        else:
            self.handle_confirm(item.action)

    def handle_list(self, action: str) -> None:
        if action in ("b", "back"):
            self.back()
            return
        if not self.items:
            return
        if action in ("up", "down"):
            self.index = (self.index + (1 if action == "down" else -1)) % len(self.items)
            self.app.audio.play("move")
            return
        key = self.items[self.index][0]
        if action in ("a", "start"):
            if key == NEW:
                self.mode, self.target, self.text, self.key = "type", None, "", (0, 0)
                self.naming = False
            elif key == NAME:
                self.mode, self.target, self.key = "type", None, (0, 0)
                self.text, self.naming = self.seat.name, True
            elif key == GUEST:
                choose(self.app, self.seat, None)
                self.app.audio.play("confirm")
                self.app.manager.pop()
            else:
                choose(self.app, self.seat, self.stats.profile(key))
                self.app.audio.play("confirm")
                self.app.manager.pop()
        elif action == "x" and key not in (NEW, GUEST):
            self.mode, self.target, self.key = "type", key, (0, 0)
            self.text = self.items[self.index][1]
        elif action == "y" and key not in (NEW, GUEST):
            self.mode, self.target = "confirm", key

    def handle_keys(self, action: str) -> None:
        row, col = self.key
        if action in ("up", "down"):
            new = (row + (1 if action == "down" else -1)) % (len(ROWS) + 1)
            if new == len(ROWS):  # into the row of three wide keys: the one below
                col = col * len(SPECIAL) // len(ROWS[0])
            elif row == len(ROWS):  # out of it: the letter in the middle above
                col = (2 * col + 1) * len(ROWS[0]) // (2 * len(SPECIAL))
            self.key = (new, col)
        elif action in ("left", "right"):
            self.key = (row, (col + (1 if action == "right" else -1)) % self.columns(row))
        elif action == "a":
            self.press_key()
        elif action == "b":
            if self.text:
                self.text = self.text[:-1]
            else:
                self.done()
        elif action == "x":
            self.type_text(" ")
        elif action == "start":
            self.finish_name()

    @staticmethod
    def columns(row: int) -> int:
        return len(SPECIAL) if row == len(ROWS) else len(ROWS[row])

    def press_key(self) -> None:
        row, col = self.key
        if row == len(ROWS):
            what = SPECIAL[col]
            if what == "space":
                self.type_text(" ")
            elif what == "delete":
                self.text = self.text[:-1]
            else:
                self.finish_name()
            return
        letter = ROWS[row][col]
        start = not self.text or self.text[-1] in " -"
        self.type_text(letter if start else letter.lower())

    def finish_name(self) -> None:
        if self.naming:
            self.name_seat()
            return
        if self.stats is None:
            self.message = "There is no statistics store to keep profiles in."
            return
        try:
            if self.target is None:
                profile = self.stats.create_profile(self.text)
                choose(self.app, self.seat, profile)
                self.app.audio.play("confirm")
                self.app.manager.pop()
                return
            profile = self.stats.rename_profile(self.target, self.text)
        except ProfileError as exc:
            self.message = str(exc)
            self.app.audio.play("error")
            return
        follow_rename(self.app, profile)
        self.app.audio.play("confirm")
        self.done()

    def name_seat(self) -> None:
        """The seat is a guest with the typed name, kept in settings["seat_names"]."""
        name = clean_name(self.text)
        if not name:
            self.message = "Type a name first."
            self.app.audio.play("error")
            return
        seats = self.app.seats
        choose(self.app, self.seat, None)
        seats.rename(self.seat.index, name)
        names = list(self.app.settings.get("seat_names") or [])
        names += [""] * (self.seat.index + 1 - len(names))
        names[self.seat.index] = name
        self.app.settings.set("seat_names", names)
        self.app.audio.play("confirm")
        self.app.manager.pop()

    def handle_confirm(self, action: str) -> None:
        if action == "a":
            try:
                self.stats.delete_profile(self.target)
            except ProfileError as exc:
                self.message = str(exc)
            follow_delete(self.app, self.target)
            self.app.audio.play("leave")
            self.done()
        elif action in ("b", "back"):
            self.app.audio.play("back")
            self.done()

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.panel(canvas, PANEL, radius=36)
        if self.mode == "pick":
            self.draw_list(canvas)
        elif self.mode == "type":
            self.draw_keys(canvas)
        else:
            self.draw_confirm(canvas)
        if self.message:
            look.text(canvas, self.message, (PANEL.centerx, PANEL.bottom - 120), look.SMALL,
                      look.BAD, "midtop")

    def heading(self, canvas, words: str) -> None:
        if self.seat is not None:
            icon = look.shape_icon(self.seat.shape, self.seat.colour, 24)
            paint.blit(canvas, icon, paint.get_rect(icon, midright=(PANEL.left + 110,
                                                                     PANEL.top + 62)))
        look.text(canvas, words, (PANEL.left + 130, PANEL.top + 62), look.TITLE if
                  look.font(look.TITLE).size(words)[0] < PANEL.width - 170 else look.LARGE,
                  look.TEXT, "midleft")

    def draw_list(self, canvas) -> None:
        seat = self.seat
        self.heading(canvas, f"Who sits at seat {seat.index + 1}?" if seat else "Profiles")
        first = max(0, min(self.index - VISIBLE // 2, len(self.items) - VISIBLE))
        y = PANEL.top + 140
        for i in range(first, min(len(self.items), first + VISIBLE)):
            key, label = self.items[i]
            if seat is not None and key == seat.profile:
                label += "   (sitting here)"
            rect = pygame.Rect(PANEL.left + 120, y, PANEL.width - 240, 64)
            look.button(canvas, rect, label, selected=i == self.index)
            y += 76
        # (scroll cues in the list's right margin, beside the first and last row: no button
        # lies under them there)
        if first > 0:
            draw_more(canvas, (PANEL.right - 60, PANEL.top + 140 + 32), up=True)
        if first + VISIBLE < len(self.items):
            draw_more(canvas, (PANEL.right - 60, y - 76 + 32), up=False)
        self.draw_hint(canvas, [("a", "choose"), ("x", "rename"), ("y", "delete"),
                                ("b", "back")], pos=(PANEL.centerx, PANEL.bottom - 60),
                       anchor="midtop", max_width=PANEL.width - 80)

    def draw_keys(self, canvas) -> None:
        old = self.stats.profile(self.target) if self.target is not None and self.stats else None
        self.heading(canvas, f"Rename {old.name}" if old else "Your name")
        field = pygame.Rect(PANEL.left + 120, PANEL.top + 120, PANEL.width - 240, 80)
        paint.rect(canvas, look.CARD, field, border_radius=16)
        shown = self.text + "_"
        look.text(canvas, shown, (field.left + 24, field.centery), look.LARGE, look.INK,
                  "midleft")
        look.text(canvas, f"{len(self.text)}/{NAME_MAX}", (field.right - 20, field.centery),
                  look.SMALL, look.mix(look.INK, look.CARD, 0.35), "midright")
        cell_w, cell_h, gap = 96, 70, 12
        left = PANEL.centerx - (10 * cell_w + 9 * gap) // 2
        y = field.bottom + 36
        for r, letters in enumerate(ROWS):
            for c, letter in enumerate(letters):
                rect = pygame.Rect(left + c * (cell_w + gap), y, cell_w, cell_h)
                look.button(canvas, rect, letter, selected=self.key == (r, c), size=look.BODY)
            y += cell_h + gap
        wide = (10 * cell_w + 9 * gap - 2 * gap) // 3
        for c, what in enumerate(SPECIAL):
            rect = pygame.Rect(left + c * (wide + gap), y, wide, cell_h)
            look.button(canvas, rect, SPECIAL_LABELS[what], selected=self.key == (len(ROWS), c),
                        size=look.BODY)
        if self.device is not None and self.app.hub.family(self.device) == "keys":
            look.text(canvas, "Type your name on the keyboard: Enter when done, Esc to go back",
                      (PANEL.centerx, PANEL.bottom - 60), look.SMALL, look.MUTED, "midtop")
        else:
            self.draw_hint(canvas, [("a", "type"), ("b", "delete"), ("x", "space"),
                                    ("start", "done")], pos=(PANEL.centerx, PANEL.bottom - 60),
                           anchor="midtop", max_width=PANEL.width - 80)

    def draw_confirm(self, canvas) -> None:
        found = self.stats.profile(self.target) if self.stats is not None else None
        name = found.name if found is not None else "this profile"
        self.heading(canvas, f"Delete {name}?")
        look.paragraph(canvas, f"Every reaction time kept for {name} goes with the profile. "
                               "This cannot be undone.",
                       pygame.Rect(PANEL.left + 120, PANEL.top + 170, PANEL.width - 240, 200),
                       look.BODY)
        left = pygame.Rect(PANEL.left + 160, PANEL.top + 420, 420, 84)
        right = pygame.Rect(PANEL.right - 580, PANEL.top + 420, 420, 84)
        look.button(canvas, left, "delete", selected=True)
        look.button(canvas, right, "keep it")
        self.draw_hint(canvas, [("a", "delete")], pos=(left.centerx, left.bottom + 20),
                       anchor="midtop")
        self.draw_hint(canvas, [("b", "keep it")], pos=(right.centerx, right.bottom + 20),
                       anchor="midtop")


def draw_more(canvas, centre, up: bool) -> pygame.Rect:
    """A scroll cue centred at `centre`: a triangle pointing up (or down) over the word
    "more"."""
    x, y = centre
    top, base = (y - 30, y - 10) if up else (y - 10, y - 30)
    paint.polygon(canvas, look.MUTED, [(x, top), (x - 13, base), (x + 13, base)])
    word = look.text(canvas, "more", (x, y - 4), look.MIN_FONT, look.MUTED, "midtop")
    return word.union(pygame.Rect(x - 13, y - 30, 26, 20))
