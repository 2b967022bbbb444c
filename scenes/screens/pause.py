"""Pause overlay: holds the paused game scene (which stays on the stack, clock stopped) and is
drawn over it.

Opened by "start" from a seated player, or by the Escape key (then any seated human of the game
drives it): whoever holds that seat drives it (resume, the three
volumes with left/right, the rules, settings, quit to the menu): the same pad, or the device that
claimed the seat after that pad was lost. While that seat has no device (its pad lost, or handed
to the CPU), any seated human of the game drives it, so a pause is never orphaned. Opened
because a pad was unplugged (reason="lost"): a banner names every seat without its pad; that pad
plugged back in takes its seat again (the input hub re-binds it and sends DeviceChange "back"); a
device without a seat pressing A claims the seat; any seated player of the game may choose
"Hand ... to the CPU". When no seat is missing any more, a pause opened for a lost pad closes by
itself (at once, or when it is on top again if Settings covers it).

Start (the driver's) and Escape resume at once, whatever item is highlighted; so does B. The
prompts at the bottom show the driver's own buttons (every seated player's while anyone may
drive).
"""

from __future__ import annotations

import pygame

from shell import look
from shell.input import is_phone

import pygame

from ..base import Scene
from ..widgets import Menu, change_volume, down, is_press, volume_label


class PauseScene(Scene):
    opaque = False
    dim_below = 170

    def enter(self, game, device=None, seat=None, reason: str = "menu", **kw) -> None:
        self.game = game
        self.seat = seat  # the driver's seat (shell.seats index); None: any seated human
        self.reason = reason
        self.close_when_top = False
        self.show_rules = False
        self.menu = Menu(self.items())
        self.app.audio.play("back")

    def resume(self) -> None:  # back from settings
        if self.close_when_top and not self.game.lost:
            self.close()
            return
        self.refresh()

    def items(self) -> list:
        vol = self.app.audio.volume
        items = [("resume", "Resume")]
        for p in sorted(self.game.lost):
            name = self.game.seats[p].name
            items.append((f"cpu:{p}", f"Hand {name} to the CPU"))
        items += [
            ("master", lambda: volume_label("Volume", vol("master_volume"))),
            ("music", lambda: volume_label("Music", vol("music_volume"))),
            ("effects", lambda: volume_label("Effects", vol("effects_volume"))),
            ("rules", "Rules"),
            ("settings", "Settings"),
            ("quit", "Quit to the menu"),
        ]
        return items

    def refresh(self) -> None:
        key = self.menu.key
        self.menu.items = self.items()
        keys = [k for k, _ in self.menu.items]
        self.menu.index = keys.index(key) if key in keys else 0

    # -- input ---------------------------------------------------------------------------------
    def handle_raw(self, event, t_ns: int) -> bool:
        """Escape resumes (keyboard players' pause key), unless a seat waits for its pad."""
        if event.type != pygame.KEYDOWN or event.key != pygame.K_ESCAPE:
            return False
        if self.show_rules:
            self.show_rules = False
        elif not self.game.lost:
            self.close()
        else:
            self.app.audio.play("error")
        return True

    def prompt_devices(self) -> list:
        """The driver's device, or every seated human's of the game while anyone may drive."""
        driver = self.driver_seat()
        if driver is not None:
            return [self.app.seats[driver].device]
        return self.game.prompt_devices()

    def driver_seat(self) -> int | None:
        """The seat that drives the menu now: the one that paused while a human of the game
        holds it with a connected device; None (anyone seated) otherwise."""
        if self.seat is None:
            return None
        game, seat = self.game, self.app.seats[self.seat]
        p = game.player_of.get(self.seat)
        if p is None or p in game.bots or p in game.lost or not seat.is_human or seat.lost:
            return None
        return self.seat

    def may_drive(self, item) -> bool:
        driver = self.driver_seat()
        if driver is not None:
            return item.seat == driver
        p = self.game.player_of.get(item.seat)
        return p is not None and p not in self.game.bots and p not in self.game.lost

    def on_device(self, change) -> None:
        """(The game below heard it first and has marked the seat lost or back.)"""
        if self.game.player_of.get(change.seat) is None:
            return
        if change.kind == "back":
            self.app.audio.play("join")
        self.after_seat_change()

    def handle(self, item) -> None:
        game = self.game
        if not is_press(item):
            return
        if item.seat is None and down(item, "a", "start") and game.lost:
            p = min(game.lost)
            seat = game.seats[p]
            try:
                self.app.seats.claim(seat.index, item.device)
            except ValueError:
                self.app.audio.play("error")
                return
            game.seat_back(p)
            self.app.audio.play("join")
            self.after_seat_change()
            return
        if not self.may_drive(item):
            return
        if self.show_rules:
            if down(item):
                self.show_rules = False
            return
        if down(item, "start"):  # Start resumes, whatever is highlighted
            self.choose("resume")
            return
        what = self.menu.handle(item)
        key = self.menu.key
        if what == "move":
            self.app.audio.play("move")
        elif what in ("left", "right") and key in ("master", "music", "effects"):
            change_volume(self.app, key, 0.1 if what == "right" else -0.1)
        elif what == "back" and not game.lost:
            self.close()
        elif what == "choose":
            self.choose(key)

    def choose(self, key: str) -> None:
        game = self.game
        if key == "resume":
            if game.lost:
                self.app.audio.play("error")
            else:
                self.close()
        elif key.startswith("cpu:"):
            p = int(key[4:])
            level = self.app.settings.get("cpu_level", "normal")
            self.app.seats.hand_to_cpu(game.seats[p].index, level)
            game.hand_to_cpu(p, level)
            self.app.audio.play("confirm")
            self.after_seat_change()
        elif key == "rules":
            self.show_rules = True
        elif key == "settings":
            self.app.manager.push("settings")
        elif key == "quit":
            self.app.audio.play("back")
            self.app.manager.reset("title")

    def after_seat_change(self) -> None:
        self.app.manager.invalidate()  # the game's seat strip below shows who is lost
        if not self.game.lost and self.reason == "lost":
            if self.on_top:
                self.close()
            else:
                self.close_when_top = True  # Settings is open over it: close when back
        else:
            self.refresh()

    def close(self) -> None:
        self.app.audio.play("confirm")
        if self.on_top:
            self.app.manager.pop()

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        game = self.game
        y = look.SAFE.top
        phones = any(is_phone(game.seats[p].device) for p in game.lost)
        for p in sorted(game.lost):
            seat = game.seats[p]
            what = "phone" if is_phone(seat.device) else "pad"
            rect = look.banner(canvas, f"{seat.name} lost their {what}", look.BAD, y=y, lead=56)
            look.draw_shape(canvas, seat.shape, (rect.left + 52, rect.centery), 22, seat.colour,
                            outline=look.WHITE)
            y = rect.bottom + 14
        if game.lost:
            back = "Open the page again" if phones else "Plug it back in"
            free = [d for d in self.app.hub.devices() if self.app.seats.seat_of(d) is None]
            rect = self.draw_hint(canvas, [("a", "takes the seat")], devices=free,
                                  pos=(look.CENTER[0], y + 56), anchor="midtop",
                                  max_width=look.SAFE.width - 200)
            look.text(canvas, f"{back}, or a free device takes the seat:",
                      (look.CENTER[0], y + 6), look.SMALL, look.TEXT, "midtop")
            y = rect.bottom + 10 if rect.height else y + 60
        panel = pygame.Rect(0, 0, 1000, 900)
        panel.midtop = (look.CENTER[0], max(look.SAFE.top + 80, y + 10))
        panel.height = min(panel.height, look.SAFE.bottom - 10 - panel.top)
        look.panel(canvas, panel)
        look.text(canvas, "Paused", (panel.centerx, panel.top + 20), look.TITLE, look.ACCENT,
                  "midtop")
        if self.show_rules:
            rules = list(type(game).rules) or [game.info.pitch]
            yy = panel.top + 130
            for line in rules:
                yy = look.paragraph(canvas, line, pygame.Rect(panel.left + 50, yy,
                                                              panel.width - 100, 300),
                                    look.SMALL, look.TEXT) + 8
            look.text(canvas, "any button: back", (panel.centerx, panel.bottom - 20),
                      look.SMALL, look.MUTED, "midbottom")
            return
        driver = "the player who paused" if self.driver_seat() is not None else "any player"
        foot = look.text(canvas, f"The menu is for {driver}",
                         (panel.centerx, panel.bottom - 16), look.SMALL, look.MUTED,
                         "midbottom")
        pairs = self.hint_pairs([(("up", "down"), "choose"), (("left", "right"), "volume"),
                                 ("a", "select"), ("start", "resume")])
        escape = self.escape_cap()
        if escape is not None and pairs and pairs[-1][1] == "resume":  # Esc resumes too
            pairs[-1] = ([(escape,)] + pairs[-1][0], "resume")
        hint = look.caps_row(canvas, (panel.centerx, foot.top - 10), pairs, look.SMALL,
                             anchor="midbottom", max_width=panel.width - 60)
        # (a seat without its pad adds a banner above and a row: the rows end above the
        # prompts all the same, look.menu_rows)
        height, gap, size = look.menu_rows(hint.top - 16 - (panel.top + 116),
                                           len(self.menu.items))
        self.menu.draw(canvas, panel.top + 116, width=760, height=height, gap=gap, size=size)
