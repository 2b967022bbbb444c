"""Settings: volumes (applied at once), fullscreen, drawing at 4K or 1080p and the drawing path
(GPU or software; both from the next start), the how-to card, phones as controllers (on or off
at once: the phone server starts or stops, shell/phones; the row shows its address, or why it
could not start), the key bindings of each keyboard zone (no key may serve two zones:
shell.input refuses it and says who has it), and a reset of a game's saved progress (Flixo's
campaign, say: left/right picks the game, A twice resets; the first press only asks).

Any device drives it. Rebinding: choose a zone with left/right on "Keys", A opens its list,
A on an action waits for the next key press (Escape cancels). F11, F12 and Escape belong to the
arcade (shell.input.RESERVED_KEYS): the hint says so while a key is awaited, and the hub's refusal
is shown like any other.
"""

from __future__ import annotations

import pygame

import game
from shell import look, paint
from shell.input import KEYBOARD_ZONES, RESERVED_KEYS, ZONE_NAMES, BindingError, key_label

from ..base import Scene
from ..widgets import Menu, change_volume, down, volume_label


# How sharp to draw (shell.paint): "auto" draws at 4K on a 4K desktop when a GPU shows the
# frames; 1080p is lighter work for a slow computer on a 4K TV. Read when the arcade starts.
SCALE_CHOICES = ("auto", 1, 2)
SCALE_LABELS = {"auto": "as the screen", 1: "1080p (faster)", 2: "4K"}
# How frames reach the screen (shell.screen): the GPU where there is one, else software at
# 1080p. The row shows the path in use; a change applies from the next start.
PATH_CHOICES = ("auto", "gpu", "software")
PATH_LABELS = {"auto": "auto", "gpu": "GPU", "software": "software", "headless": "none"}


class SettingsScene(Scene):
    def enter(self, **kw) -> None:
        self.zone = 0
        self.editing: str | None = None   # zone whose keys are listed
        self.capture: str | None = None   # action waiting for a key
        self.message = ""
        self.confirm_reset = False
        self.progress_pick = 0
        vol = self.app.audio.volume
        onoff = lambda b: "on" if b else "off"  # noqa: E731
        self.menu = Menu([
            ("master", lambda: volume_label("Volume", vol("master_volume"))),
            ("music", lambda: volume_label("Music", vol("music_volume"))),
            ("effects", lambda: volume_label("Effects", vol("effects_volume"))),
            ("fullscreen", lambda: f"Fullscreen: {onoff(self.app.fullscreen)}"),
            ("scale", self.scale_label),
            ("path", self.path_label),
            ("howto", lambda: f"How-to cards: {onoff(self.app.settings.get('show_howto', True))}"),
            ("phones", self.phones_label),
            ("keys", lambda: f"Keys:  <  {ZONE_NAMES[KEYBOARD_ZONES[self.zone]]}  >"),
            ("keytest", "Keyboard test"),
            ("progress", self.progress_label),
            ("done", "Done"),
        ])
        self.keys_menu: Menu | None = None

    def can_rest(self) -> bool:
        return True  # only input changes this menu

    def scale_label(self) -> str:
        chosen = self.app.settings.get("draw_scale", "auto")
        label = SCALE_LABELS[chosen]
        if chosen != "auto" and chosen != paint.SCALE:
            label += " (next start)"
        return f"Drawing: <  {label}  >"

    def phones_label(self) -> str:
        phones = getattr(self.app, "phones", None)
        if phones is not None and phones.running:
            return f"Phones: on  ({phones.url.split('//', 1)[-1].split('/?', 1)[0]})"
        if phones is not None and phones.problem and self.app.settings.get("phones", False):
            return f"Phones: off  (port {phones.port} is taken)"
        return "Phones: off"

    def toggle_phones(self) -> None:
        on = not (self.app.phones is not None and self.app.phones.running)
        self.app.settings.set("phones", on)
        if self.app.set_phones(on) != on:
            self.app.audio.play("error")  # (the app's notice says why)

    def path_label(self) -> str:
        chosen = self.app.settings.get("draw_path", "auto")
        shown = getattr(getattr(self.app, "screen", None), "path", "software")
        if chosen == "auto":
            label = f"auto: {PATH_LABELS[shown]}"
        else:
            label = PATH_LABELS[chosen] + (" (next start)" if chosen != shown else "")
        return f"Drawing path: <  {label}  >"

    def saved_progress(self) -> list[str]:
        """The games that have progress saved, in the select screen's order."""
        return [g for g in game.GAMES if self.app.settings.progress(g)]

    def picked_progress(self) -> str | None:
        games = self.saved_progress()
        return games[self.progress_pick % len(games)] if games else None

    def progress_label(self) -> str:
        picked = self.picked_progress()
        if picked is None:
            return "Saved progress: none"
        name = game.GAMES[picked].name
        if self.confirm_reset:
            return f"Reset {name}: A again to reset"
        arrows = "<  {}  >" if len(self.saved_progress()) > 1 else "{}"
        return "Reset progress: " + arrows.format(name)

    def reset_progress(self) -> None:
        picked = self.picked_progress()
        if picked is None:
            self.app.audio.play("error")
        elif not self.confirm_reset:
            self.confirm_reset = True
        else:
            self.app.settings.set_progress(picked, None)
            self.confirm_reset = False
            self.app.audio.play("confirm")

    # -- key capture -----------------------------------------------------------------------------
    def handle_raw(self, event, t_ns: int) -> bool:
        if self.capture is None or event.type != pygame.KEYDOWN:
            return False
        action, self.capture = self.capture, None
        if event.key == pygame.K_ESCAPE:
            self.message = "Unchanged"
            return True
        try:
            self.app.hub.rebind(self.editing, action, pygame.key.name(event.key))
            self.message = f"{action} is now {key_label(pygame.key.name(event.key))}"
            self.app.audio.play("confirm")
        except BindingError as exc:
            self.message = str(exc)
            self.app.audio.play("error")
        return True

    def handle(self, item) -> None:
        if self.capture is not None:
            return
        if self.editing is not None:
            what = self.keys_menu.handle(item)
            if what == "move":
                self.app.audio.play("move")
            elif what == "choose":
                if self.keys_menu.key == "back":
                    self.editing = None
                else:
                    self.capture = self.keys_menu.key
                    self.message = ""
            elif what == "back":
                self.editing = None
            return
        what = self.menu.handle(item)
        key = self.menu.key
        if what is not None and (key != "progress" or what in ("left", "right")):
            self.confirm_reset = False
        if what == "move":
            self.app.audio.play("move")
        elif what in ("left", "right"):
            step = 1 if what == "right" else -1
            if key in ("master", "music", "effects"):
                change_volume(self.app, key, 0.1 * step)
            elif key == "scale":
                now = SCALE_CHOICES.index(self.app.settings.get("draw_scale", "auto"))
                self.app.settings.set("draw_scale",
                                      SCALE_CHOICES[(now + step) % len(SCALE_CHOICES)])
                self.app.audio.play("move")
            elif key == "path":
                now = PATH_CHOICES.index(self.app.settings.get("draw_path", "auto"))
                self.app.settings.set("draw_path", PATH_CHOICES[(now + step) % len(PATH_CHOICES)])
                self.app.audio.play("move")
            elif key == "keys":
                self.zone = (self.zone + step) % len(KEYBOARD_ZONES)
                self.app.audio.play("move")
            elif key == "progress":
                self.progress_pick += step
                self.app.audio.play("move")
        elif what == "choose" and key == "progress":
            self.reset_progress()
        elif what == "choose":
            self.app.audio.play("confirm")
            if key == "fullscreen":
                self.app.toggle_fullscreen()
            elif key == "howto":
                s = self.app.settings
                s.set("show_howto", not s.get("show_howto", True))
            elif key == "phones":
                self.toggle_phones()
            elif key == "keys":
                self.open_zone(KEYBOARD_ZONES[self.zone])
            elif key == "keytest":
                self.app.manager.push("keytest")
            elif key == "done":
                self.app.manager.pop()
        elif what == "back" or down(item, "back"):
            self.back()

    def open_zone(self, zone: str) -> None:
        self.editing = zone
        hub = self.app.hub
        items = [(action, (lambda a=action: f"{a}:  {dict(hub.bindings_text(zone)).get(a, '-')}"))
                 for action, _ in hub.bindings_text(zone)]
        self.keys_menu = Menu(items + [("back", "Back")])

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.background(canvas)
        if self.editing is None:
            look.title(canvas, "Settings")
            top = look.SAFE.top + 120  # (the rows end above the prompt row: look.menu_rows)
            height, gap, size = look.menu_rows(look.SAFE.bottom - 70 - top,
                                               len(self.menu.items), most=62)
            self.menu.draw(canvas, top, width=900, height=height, gap=gap, size=size)
            self.draw_hint(canvas, [(("up", "down"), "choose"), (("left", "right"), "change"),
                                    ("a", "select"), ("b", "back")])
            return
        look.title(canvas, f"Keys: {ZONE_NAMES[self.editing]}")
        items = self.keys_menu.items
        half = (len(items) + 1) // 2
        for col in range(2):
            for row, i in enumerate(range(col * half, min(len(items), (col + 1) * half))):
                rect = pygame.Rect(0, 0, 700, 64)
                rect.topleft = (look.CENTER[0] - 740 + col * 780, look.SAFE.top + 130 + row * 80)
                look.button(canvas, rect, self.keys_menu.label(i), i == self.keys_menu.index,
                            size=look.SMALL)
        if self.capture is not None:
            look.banner(canvas, f"Press the new key for '{self.capture}'",
                        look.ACCENT, y=look.SAFE.bottom - 200)
        elif self.message:
            for i, line in enumerate(look.wrap(self.message, look.SMALL, look.SAFE.width)[:2]):
                look.text(canvas, line, (look.CENTER[0], look.SAFE.bottom - 140 + i * 40),
                          look.SMALL, look.ACCENT, "midtop")
        if self.capture is not None:
            hint = self.draw_hint(canvas, [("escape", "cancel")], devices=[self.editing])
            look.text(canvas, "Cannot be bound:  " + ",  ".join(
                f"{key_label(name)} ({what})" for name, what in RESERVED_KEYS.items()),
                (look.CENTER[0], hint.top - 10), look.SMALL, look.MUTED, "midbottom")
        else:
            self.draw_hint(canvas, [(("up", "down"), "choose"), ("a", "change key"),
                                    ("b", "back")])
