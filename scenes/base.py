"""The Scene base class and its lifecycle.

A scene is one screen of the arcade (title, lobby, a game, the pause overlay ...). The scene
manager (scenes/manager.py) keeps them on a stack and calls, in this order and only these:

    enter(**kw)   the scene becomes part of the stack (pushed, or put in by replace/reset);
                  `kw` are the arguments of that push/replace.
    pause()       another scene was pushed on top of it; it stays on the stack, unchanged.
    resume()      the scene above it was popped; it is on top again.
    exit()        the scene leaves the stack (popped, replaced, or the stack was reset).

Every scene gets exactly one enter and at most one exit, and pause/resume alternate in
between, starting with pause. While it is on top it also gets:

    handle(item)      one input item (shell.input.Press), already stamped (item.t_ns: when it
                      was read, in the app's perf_counter_ns clock).
    handle_raw(event, t_ns) -> bool   a raw pygame event before the input layer sees it;
                      return True to swallow it (key capture in settings, the key test).
    update(dt_ms)     a fixed time step (dt_ms is constant); the only place that animates.
    on_flip(t_ns)     the moment display.flip() returned after a frame that drew this scene:
                      the moment what it drew became visible (stimulus onset).
    times_reactions() True while someone's reaction is being timed (a live round or catch, a
                      drill): the app then reads input at full rate; otherwise it polls gently
                      and an idle arcade sleeps (shell/app.py, App.timing).
    can_rest()        True when the scene may be frozen while nobody is there: a menu whose
                      picture only input changes (or whose motion nobody would miss). An arcade
                      left alone then stops updating and drawing it (App.resting) until the
                      next input. False by default: games, countdowns and demos run on.

Every scene on the stack, covered or not, bottom first, gets:

    on_device(change) a device came or went (shell.input.DeviceChange: kind "added", "lost" or
                      "back", its seat). `self.app.manager.top is self` tells a scene whether it
                      is the one on screen.

and every frame, for every scene that is visible (the top one, and those below an overlay):

    draw(canvas)      paint onto the 1920x1080 logical canvas. Draw CHANGES NOTHING: no state,
                      no animation step, no sound; a frame drawn twice looks the same.

Scenes reach the rest of the arcade through `self.app` (app.manager, app.seats, app.hub,
app.settings, app.audio, app.stats, app.clock_ns) and change scenes only through
`self.app.manager` (push/pop/replace/reset).

Prompts ("A: ready") name the buttons of the device that will press them, never a fixed
button: `button_caps(actions, devices)` asks the input hub what each device calls them (key caps for a
keyboard zone, pad glyphs by family, a phone's own buttons) and `draw_hint(canvas, pairs)`
draws a line of them with look.caps_row. `prompt_devices()` says whose buttons a screen shows:
every seated person's own when people sit, else the device that last pressed a button.
"""

from __future__ import annotations

import pygame

from shell import look

# Escape: pauses a game of keyboard players and goes back on the shared screens
# (shell.input.RESERVED_KEYS). A ButtonName of the keyboard family, so it draws as a key cap.
ESCAPE_KEY = "Esc"
_DIRECTIONS = {"up", "down", "left", "right"}
_STICK2 = {"up2", "down2", "left2", "right2"}


class Scene:
    """Base scene: every hook is a no-op, so a scene overrides only what it needs."""

    # A scene that does not fill the whole canvas (an overlay) sets opaque = False: the
    # manager then shows the scenes below it, frozen (they get no updates while covered), as a
    # snapshot it redraws only when the stack changes or someone calls manager.invalidate();
    # dim_below (0..255) darkens that snapshot once instead of every frame.
    opaque = True
    dim_below = 0
    # Registry name, set by the manager when it creates the scene.
    name = ""

    def __init__(self, app):
        self.app = app

    # -- lifecycle -------------------------------------------------------------------------------
    def enter(self, **kw) -> None:
        pass

    def exit(self) -> None:
        pass

    def pause(self) -> None:
        pass

    def resume(self) -> None:
        pass

    # -- per frame -------------------------------------------------------------------------------
    def handle(self, item) -> None:
        pass

    escape_goes_back = False  # True: on this screen the Escape key goes back, as B does

    def handle_raw(self, event, t_ns: int) -> bool:
        """A raw SDL event before the input hub sees it; True: taken here."""
        if (self.escape_goes_back and event.type == pygame.KEYDOWN
                and event.key == pygame.K_ESCAPE):
            self.back()
            return True
        return False

    def menu_input(self, item, confirm: bool = True) -> str | None:
        """self.menu takes the press: a move clicks, B goes back (back()), a choice sounds
        "confirm" (confirm=False: the caller sounds it). Returns what the menu did."""
        what = self.menu.handle(item)
        if what == "move":
            self.app.audio.play("move")
        elif what == "back":
            self.back()
        elif what == "choose" and confirm:
            self.app.audio.play("confirm")
        return what

    def back(self) -> None:
        """Leave this screen for the one under it (B, or Escape where it goes back)."""
        self.app.audio.play("back")
        self.app.manager.pop()

    def on_device(self, change) -> None:
        pass

    @property
    def on_top(self) -> bool:
        return self.app.manager.top is self

    def update(self, dt_ms: float) -> None:
        pass

    def draw(self, canvas) -> None:
        pass

    def on_flip(self, t_ns: int) -> None:
        pass

    def times_reactions(self) -> bool:
        return False

    def can_rest(self) -> bool:
        return False

    # -- prompts ---------------------------------------------------------------------------------
    def prompt_devices(self) -> list:
        """The devices whose buttons this screen's prompts show: each seated person's own
        (seats with a connected device); with nobody seated, the device that last pressed a
        button; before anyone pressed one, the first keyboard zone and every connected pad."""
        hub = getattr(self.app, "hub", None)
        seats = getattr(self.app, "seats", None)
        if hub is None:
            return []
        if seats is not None:
            seated = [s.device for s in seats.humans() if not s.lost]
            if seated:
                return seated
        if hub.last_device is not None and hub.last_device in hub.devices():
            return [hub.last_device]
        return ["kb1"] + [d for d in hub.devices() if d.startswith("pad:")]

    def button_caps(self, actions, devices=None) -> list:
        """For a prompt: each device's button(s) for `actions` (one action or a tuple, e.g.
        ("up", "down")) as a tuple of button names, one tuple per different look (two Xbox
        pads share one). Devices lacking a button for one of the actions are left out."""
        actions = (actions,) if isinstance(actions, str) else tuple(actions)
        hub = getattr(self.app, "hub", None)
        if hub is None:
            return [tuple(a.upper() for a in actions)]
        out, seen = [], set()
        for device in (self.prompt_devices() if devices is None else devices):
            names = hub.names(device)
            if not all(a in names for a in actions):
                continue
            group = tuple(names[a] for a in actions)
            for whole, name in ((_DIRECTIONS, "move"), (_STICK2, "move2")):
                if len(actions) == 4 and set(actions) == whole and name in names:
                    group = (names[name],)  # a pad's d-pad (or stick) as one button
            key = tuple((n.family, str(n)) for n in group)
            if key not in seen:
                seen.add(key)
                out.append(group)
        return out

    def escape_cap(self, devices=None):
        """The Escape key as a key cap, when a keyboard zone is among the devices (else
        None): keyboard players' own pause / back key."""
        hub = getattr(self.app, "hub", None)
        if hub is None:
            return None
        devices = self.prompt_devices() if devices is None else devices
        if not any(hub.family(d) == "keys" for d in devices):
            return None
        from shell.input import ButtonName
        return ButtonName(ESCAPE_KEY, "keys", "escape")

    def hint_pairs(self, pairs, devices=None) -> list:
        """(caps, meaning) for look.caps_row from (actions, meaning) pairs; an action may be
        "escape" (the Escape key, only when a keyboard zone is among the devices). Pairs no
        device has a button for are left out."""
        out = []
        for actions, meaning in pairs:
            if actions == "escape":
                cap = self.escape_cap(devices)
                caps = [(cap,)] if cap is not None else []
            else:
                caps = self.button_caps(actions, devices)
            if caps:
                out.append((caps, meaning))
        return out

    def draw_hint(self, canvas, pairs, devices=None, pos=None, anchor: str = "midbottom",
                  size: int = look.SMALL, max_width: int | None = None):
        """A line of prompts at the bottom of the safe area (or at pos): pairs of (actions,
        meaning), each drawn as every prompt device's own buttons, then the words."""
        pos = (look.CENTER[0], look.SAFE.bottom) if pos is None else pos
        return look.caps_row(canvas, pos, self.hint_pairs(pairs, devices), size,
                             anchor=anchor, max_width=max_width)
