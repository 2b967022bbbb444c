"""The input layer: keyboard zones and gamepads become per-seat `Press` events.

Data flows one way: pygame events -> InputHub.handle(event, t_ns) -> Press / DeviceChange items
for the scenes. The hub owns devices; `Seats` (shell.seats) owns who sits where. The hub only
changes seats for pad unplug / re-plug (pad_lost / pad_back); joining, leaving and claiming are
the scenes' decisions.

Items
    Press(device, action, down, t_ns, seat)      action in ACTIONS, or LEAVE (see below)
    DeviceChange(kind, device, seat, t_ns, name) kind "added" | "lost" | "back"
Every item carries the t_ns the caller passed: the loop stamps each event with
time.perf_counter_ns() when it takes it from the queue. seat is the seat index (None when the
device has no seat).

Devices
    "kb1".."kb4"        keyboard zones (KEYBOARD_ZONES); always present, no DeviceChange
    "pad:<guid>:<n>"    a pad; n tells identical models (same GUID) apart, 1 for the first
    "phone:<n>"         a phone (shell/phones), fed to handle_phone(event, t_ns)
Pads go through SDL's game-controller API (pygame._sdl2.controller), up to 8 open at once (a pad
coming back to its lost seat is let in even then), hot-plugged at any time, tracked by SDL
instance id. Any device-added event rescans every connected pad by its current index. A controller-capable pad sends CONTROLLER* and JOY* events; the
hub opens it as a controller and ignores its JOY* events. A joystick SDL has no mapping for is
opened as a plain joystick and read from JOY* events (best effort: buttons 0-3 a/b/x/y, 4/5 l/r,
6 back, 7 start, hat and axes 0/1 -> directions, axes 2/3 -> second stick).

Unplug: held actions are released (Press down=False), then DeviceChange("lost", seat) and the
seat is flagged lost (Seats.pad_lost). Re-plug: a pad whose GUID matches a device id whose seat
is still lost gets that device id again, DeviceChange("back", seat) and Seats.pad_back. Otherwise
it gets a fresh device id that owns no seat ("added", seat None): a pad never silently drives
another seat. (Two identical pads share a GUID; SDL2 gives no serial, so if both of them lose
their seats, the first one back gets the lower seat. Swapping them back is a claim in the lobby.)

Mapping: d-pad and left stick -> up/down/left/right; right stick -> up2/down2/left2/right2;
shoulder and trigger -> l / r; A B X Y, Start, Back. Sticks and triggers use hysteresis (press at
STICK_PRESS, release below STICK_RELEASE of full scale) so a resting stick never chatters. An
action held by two sources (d-pad and stick) goes down once and up when the last one lets go.

Leaving: holding "back" for LEAVE_HOLD_MS on a *seated* device emits one
Press(device, LEAVE, True, t_ns, seat). The hub does not free the seat: the scene decides (lobby:
Seats.leave; in game: e.g. hand the seat to a CPU). Holding a button makes no events, so the loop
should call hub.tick(t_ns) every poll (cheap); handle() checks too. hold_progress(device, t_ns)
gives 0..1 for a "hold to leave" ring.

Keyboard zones: bindings are settings["key_bindings"] overlaid on DEFAULT_ZONES, stored as
pygame key names. No key may belong to two zones (nor to two actions of one zone); a broken
stored table falls back to the defaults with a settings notice. rebind() refuses a key another
zone uses with a BindingError whose message says which zone and action hold it. RESERVED_KEYS
(F11, F12, Escape) belong to no zone: rebind() refuses them, and a stored table with one of them
falls back like any broken table.

Phones: handle_phone(event, t_ns) turns the phone server's events (shell.phones.events) into
the same items. PhoneJoined -> DeviceChange("added", seat None, name = what the phone typed);
PhoneInput -> Press with the PhoneInput's own stamp (the touch on the phone, on the arcade's
clock), never the moment it arrived; PhoneLeft -> exactly an unplugged pad (held actions
released, Seats.pad_lost, DeviceChange("lost")), except reason "replaced" (the same phone
reconnected while its old socket lingered: its PhoneBack follows at once), which only releases
what was held; PhoneBack -> DeviceChange("back") and Seats.pad_back when the phone's seat waits
for it (or it still holds one), else "added". A phone can press only PHONE_LABELS' actions (no
second stick); its glyph is "Ph<n>".

Other API: hub.scan(t_ns) (open pads already connected, e.g. when the hub is made after their
ADDED events were taken), glyph(device) -> "K1" / "P3", bindings_text(device) -> [(action,
label)], zone_held(zone) -> [(action, key label, held)] for the key-test screen, devices(),
pad_name(device), close(), last_device (the device that last pressed a button).

Button names: family(device) says how a device's buttons look ("keys", "phone", "xbox",
"playstation", "nintendo", "pad": SDL's controller type of a pad, read when it is opened);
label(device, action) is what that device calls the button for an action, a ButtonName (a str
that also carries family, action and a face button's place), and names(device) all of them.
Every prompt on screen asks label() and draws the answer with look.button_cap.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

import pygame

ACTIONS = ("up", "down", "left", "right", "a", "b", "x", "y", "l", "r", "start", "back",
           "up2", "down2", "left2", "right2")
LEAVE = "leave"  # synthetic action: "back" held LEAVE_HOLD_MS on a seated device
LEAVE_HOLD_MS = 1500
MAX_PADS = 8

STICK_PRESS = 0.5
STICK_RELEASE = 0.3


@dataclass(frozen=True)
class Press:
    device: str
    action: str
    down: bool
    t_ns: int
    seat: int | None


@dataclass(frozen=True)
class DeviceChange:
    kind: str  # "added" | "lost" | "back"
    device: str
    seat: int | None
    t_ns: int
    name: str


class BindingError(ValueError):
    """A key binding the hub refuses; str(error) is a message fit for the screen."""


# ---- keyboard zones ------------------------------------------------------------------------
# Actions a zone must bind (the rest are optional: l, r, back, second stick).
REQUIRED_ZONE_ACTIONS = ("up", "down", "left", "right", "a", "b", "x", "y", "start")

KEYBOARD_ZONES = ("kb1", "kb2", "kb3", "kb4")
# Keys no zone may have (pygame key name -> what the arcade does with it): shell.app takes F11
# and F12 before any scene sees them, Escape pauses keyboard games and cancels key capture.
RESERVED_KEYS = {"f11": "fullscreen", "f12": "screenshots", "escape": "pause and cancel"}
ZONE_NAMES = {"kb1": "WASD keys", "kb2": "Arrow keys", "kb3": "IJKL keys", "kb4": "Number pad"}

# pygame key names. Letters chosen so that QWERTY and QWERTZ agree (no y/z, no punctuation).
DEFAULT_ZONES: dict[str, dict[str, str]] = {
    "kb1": {"up": "w", "down": "s", "left": "a", "right": "d",
            "a": "f", "b": "g", "x": "r", "y": "t", "l": "q", "r": "e",
            "start": "1", "back": "2"},
    "kb2": {"up": "up", "down": "down", "left": "left", "right": "right",
            "a": "right ctrl", "b": "right shift", "x": "delete", "y": "end",
            "l": "page down", "r": "page up", "start": "return", "back": "backspace"},
    "kb3": {"up": "i", "down": "k", "left": "j", "right": "l",
            "a": "u", "b": "o", "x": "p", "y": "h", "l": "7", "r": "8",
            "start": "9", "back": "0"},
    "kb4": {"up": "[8]", "down": "[5]", "left": "[4]", "right": "[6]",
            "a": "[0]", "b": "[.]", "x": "[+]", "y": "enter", "l": "[7]", "r": "[9]",
            "start": "[-]", "back": "[*]"},
}


def key_label(name: str) -> str:
    """A key name for the screen: "w" -> "W", "[8]" -> "Num 8", "right ctrl" -> "Right Ctrl"."""
    if name.startswith("[") and name.endswith("]") and len(name) > 2:
        return "Num " + name[1:-1]
    if name == "enter":
        return "Num Enter"
    return name.upper() if len(name) == 1 else name.title()


def _key_code(name: str) -> int:
    try:
        return pygame.key.key_code(name)
    except ValueError:
        raise BindingError(f"'{name}' is not a key name") from None


def _reserved() -> dict[int, str]:
    """Key code -> why no zone may have it (a message for the screen)."""
    return {_key_code(name): f"{key_label(name)} is kept for {what}; choose another key."
            for name, what in RESERVED_KEYS.items()}


def binding_problems(bindings: dict[str, dict[str, str]]) -> list[str]:
    """Everything wrong with a full zone table (empty list when it is usable)."""
    problems = []
    owner: dict[int, tuple[str, str]] = {}
    reserved = _reserved()
    for zone in KEYBOARD_ZONES:
        table = bindings.get(zone, {})
        for action in REQUIRED_ZONE_ACTIONS:
            if action not in table:
                problems.append(f"{ZONE_NAMES[zone]}: nothing bound to '{action}'")
        for action, name in table.items():
            if action not in ACTIONS:
                problems.append(f"{ZONE_NAMES[zone]}: unknown action '{action}'")
                continue
            try:
                code = _key_code(name)
            except BindingError as e:
                problems.append(f"{ZONE_NAMES[zone]}: {e}")
                continue
            if code in reserved:
                problems.append(f"{ZONE_NAMES[zone]} '{action}': {reserved[code]}")
                continue
            if code in owner:
                z, a = owner[code]
                problems.append(f"{key_label(name)} is bound twice ({ZONE_NAMES[z]} '{a}', "
                                f"{ZONE_NAMES[zone]} '{action}')")
            owner[code] = (zone, action)
    return problems


def merged_bindings(stored: dict | None) -> tuple[dict[str, dict[str, str]], list[str]]:
    """DEFAULT_ZONES overlaid with the stored zones; the defaults (and the problems) if the
    result is not usable."""
    merged = {z: dict(DEFAULT_ZONES[z]) for z in KEYBOARD_ZONES}
    for zone, table in (stored or {}).items():
        if zone in merged and isinstance(table, dict):
            merged[zone] = dict(table)
    problems = binding_problems(merged)
    if problems:
        return {z: dict(DEFAULT_ZONES[z]) for z in KEYBOARD_ZONES}, problems
    return merged, []


# ---- pads ----------------------------------------------------------------------------------
# SDL_CONTROLLER_BUTTON_* -> action
CONTROLLER_BUTTONS = {0: "a", 1: "b", 2: "x", 3: "y", 4: "back", 6: "start", 9: "l", 10: "r",
                      11: "up", 12: "down", 13: "left", 14: "right"}
# SDL_CONTROLLER_AXIS_* -> (action when negative, action when positive)
CONTROLLER_STICKS = {0: ("left", "right"), 1: ("up", "down"), 2: ("left2", "right2"),
                     3: ("up2", "down2")}
CONTROLLER_TRIGGERS = {4: "l", 5: "r"}
# Plain joysticks without a mapping (best effort, XInput-like order)
JOY_BUTTONS = {0: "a", 1: "b", 2: "x", 3: "y", 4: "l", 5: "r", 6: "back", 7: "start"}
JOY_STICKS = CONTROLLER_STICKS

# What a phone's page calls its buttons (assets/phone/phone.js): the pad's letters, a pause
# button and a "hold to leave" button.
PHONE_LABELS = {"up": "Up", "down": "Down", "left": "Left", "right": "Right",
                "a": "A", "b": "B", "x": "X", "y": "Y", "l": "L", "r": "R",
                "start": "Pause", "back": "Leave (hold)"}
PHONE_PREFIX = "phone:"


def is_phone(device: str | None) -> bool:
    """Is this device id a phone's ("phone:<n>")?"""
    return bool(device) and device.startswith(PHONE_PREFIX)


PAD_LABELS = {"up": "Up", "down": "Down", "left": "Left", "right": "Right",
              "a": "A", "b": "B", "x": "X", "y": "Y", "l": "LB / LT", "r": "RB / RT",
              "start": "Start", "back": "Back (hold: leave)",
              "up2": "Right stick up", "down2": "Right stick down",
              "left2": "Right stick left", "right2": "Right stick right"}

# ---- what each kind of device calls its buttons ---------------------------------------------
# A device's FAMILY says how its buttons look and what they are called: "keys" (a keyboard
# zone: its own keys), "xbox", "playstation", "nintendo" (pads whose layout SDL knows:
# SDL_GameControllerTypeForIndex), "pad" (any other pad: Xbox letters in Xbox places, drawn
# neutral), "phone" (the phone page's own buttons). look.button_cap draws a ButtonName of
# each family as that family's key cap or button.
PAD_FAMILIES = ("xbox", "playstation", "nintendo", "pad")
FAMILIES = ("keys", "phone") + PAD_FAMILIES
# SDL_GameControllerType -> family. 1/2 Xbox 360/One, 3/4/7 PS3/PS4/PS5, 5 Switch Pro and
# 11-13 Joy-Cons; the rest (0 unknown, 6 virtual, 8 Luna, 9 Stadia, 10 Shield) use Xbox
# letters in Xbox places, drawn neutral.
CONTROLLER_TYPE_FAMILIES = {1: "xbox", 2: "xbox", 3: "playstation", 4: "playstation",
                            7: "playstation", 5: "nintendo", 11: "nintendo", 12: "nintendo",
                            13: "nintendo"}
_STICK2 = {"up2": "R stick up", "down2": "R stick down", "left2": "R stick left",
           "right2": "R stick right"}
_DIRECTIONS = {"up": "Up", "down": "Down", "left": "Left", "right": "Right"}
# Short names for prompts, per family (and per model where the labels differ). Face buttons are
# the ones in the action's place: SDL's "a" is the bottom button, except on Nintendo pads with
# SDL's default SDL_GAMECONTROLLER_USE_BUTTON_LABELS=1, where "a" is the button labelled A
# (on the right; see nintendo_names).
PAD_NAMES = {
    "pad": {**_DIRECTIONS, **_STICK2, "a": "A", "b": "B", "x": "X", "y": "Y", "l": "LB",
            "r": "RB", "start": "Start", "back": "Back"},
    "xbox": {**_DIRECTIONS, **_STICK2, "a": "A", "b": "B", "x": "X", "y": "Y", "l": "LB",
             "r": "RB", "start": "Menu", "back": "View"},
    "xbox360": {**_DIRECTIONS, **_STICK2, "a": "A", "b": "B", "x": "X", "y": "Y", "l": "LB",
                "r": "RB", "start": "Start", "back": "Back"},
    "playstation": {**_DIRECTIONS, **_STICK2, "a": "Cross", "b": "Circle", "x": "Square",
                    "y": "Triangle", "l": "L1", "r": "R1", "start": "Options",
                    "back": "Share"},
    "ps3": {**_DIRECTIONS, **_STICK2, "a": "Cross", "b": "Circle", "x": "Square",
            "y": "Triangle", "l": "L1", "r": "R1", "start": "Start", "back": "Select"},
    "ps5": {**_DIRECTIONS, **_STICK2, "a": "Cross", "b": "Circle", "x": "Square",
            "y": "Triangle", "l": "L1", "r": "R1", "start": "Options", "back": "Create"},
}
PHONE_NAMES = {**PHONE_LABELS, "back": "Leave"}
# Where each face button sits (for the little position marks look draws): "s" bottom,
# "e" right, "w" left, "n" top, by SDL's controller button (its action).
FACE_PLACES = {"a": "s", "b": "e", "x": "w", "y": "n"}


def nintendo_names(use_labels: bool = True) -> dict:
    """A Nintendo pad's names. With SDL's button labels on (its default), SDL's A is the
    button labelled A (right), B the bottom one, X the top, Y the left; off, SDL's A is the
    bottom button, labelled B (Nintendo's B/A/Y/X in the bottom/right/left/top places)."""
    faces = {"a": "A", "b": "B", "x": "X", "y": "Y"} if use_labels else \
        {"a": "B", "b": "A", "x": "Y", "y": "X"}
    return {**_DIRECTIONS, **_STICK2, **faces, "l": "L", "r": "R", "start": "+", "back": "−"}


def nintendo_places(use_labels: bool = True) -> dict:
    """Where a Nintendo pad's button for each face action sits (see nintendo_names)."""
    return {"a": "e", "b": "s", "x": "n", "y": "w"} if use_labels else dict(FACE_PLACES)


class ButtonName(str):
    """What a device calls a button ("F", "A", "Cross", "Pause"): a str, so it reads in any
    text, that also knows its `family` (FAMILIES), its `action` and, for a pad's face
    button, its `place` ("s", "e", "w", "n"), so look.button_cap can draw it as that device
    shows it."""

    family: str
    action: str
    place: str

    def __new__(cls, text: str, family: str, action: str, place: str = ""):
        name = super().__new__(cls, text)
        name.family, name.action, name.place = family, action, place
        return name

    def __reduce__(self):
        return (ButtonName, (str(self), self.family, self.action, self.place))


def _controller_type(index: int) -> int:
    """SDL_GameControllerTypeForIndex(index): SDL's idea of the pad's layout (0 unknown)."""
    try:
        from shell import sdl
        lib = sdl.library()
        lib.SDL_GameControllerTypeForIndex.argtypes = [ctypes.c_int]
        lib.SDL_GameControllerTypeForIndex.restype = ctypes.c_int
        return int(lib.SDL_GameControllerTypeForIndex(index))
    except (RuntimeError, OSError, AttributeError):
        return 0


def _sdl_uses_button_labels() -> bool:
    """SDL's SDL_GAMECONTROLLER_USE_BUTTON_LABELS hint (on unless someone turned it off)."""
    try:
        from shell import sdl
        lib = sdl.library()
        lib.SDL_GetHintBoolean.argtypes = [ctypes.c_char_p, ctypes.c_int]
        lib.SDL_GetHintBoolean.restype = ctypes.c_int
        return bool(lib.SDL_GetHintBoolean(b"SDL_GAMECONTROLLER_USE_BUTTON_LABELS", 1))
    except (RuntimeError, OSError, AttributeError):
        return True


def pad_model(controller_type: int) -> str:
    """The PAD_NAMES table (or "nintendo") for an SDL controller type."""
    family = CONTROLLER_TYPE_FAMILIES.get(controller_type, "pad")
    return {1: "xbox360", 3: "ps3", 7: "ps5"}.get(controller_type, family)


def _controller_module():
    """pygame's game-controller module, initialised (the hub may be made before pygame.init)."""
    import pygame._sdl2.controller as controller
    if not controller.get_init():
        controller.init()
    return controller


class _Pad:
    """One connected pad: its SDL handle and the state the hub needs to read it."""

    def __init__(self, device, instance_id, guid, name, controller=None, joystick=None,
                 model: str = "pad"):
        self.device = device
        self.instance_id = instance_id
        self.guid = guid
        self.name = name
        self.model = model  # a PAD_NAMES key, or "nintendo" (see pad_model)
        self.controller = controller  # pygame._sdl2.controller.Controller, None for plain pads
        self.joystick = joystick      # pygame.joystick.Joystick (always: it gave the ids)
        self.axes: dict[int, int] = {}  # axis -> -1 / 0 / +1 after hysteresis

    def close(self):
        for handle in (self.controller, self.joystick):
            if handle is not None:
                try:
                    handle.quit()
                except pygame.error:
                    pass


def _instance_id(index: int) -> int | None:
    """The SDL instance id of the pad at `index`, without opening it (None if unknown)."""
    try:
        from shell import sdl
        lib = sdl.library()
        lib.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
        lib.SDL_JoystickGetDeviceInstanceID.restype = ctypes.c_int32
        found = lib.SDL_JoystickGetDeviceInstanceID(index)
    except (RuntimeError, OSError, AttributeError):
        return None
    return None if found < 0 else found


def _hysteresis(state: int, v: float) -> int:
    """Next -1/0/+1 state of a stick half: on at STICK_PRESS, off below STICK_RELEASE."""
    if state < 0 and v < -STICK_RELEASE:
        return -1
    if state > 0 and v > STICK_RELEASE:
        return 1
    if v <= -STICK_PRESS:
        return -1
    if v >= STICK_PRESS:
        return 1
    return 0


class InputHub:
    """Turns pygame events into Press / DeviceChange items (see module docstring)."""

    def __init__(self, settings, seats):
        self.settings = settings
        self.seats = seats
        self._pads: dict[int, _Pad] = {}          # instance id -> connected pad
        self._pad_numbers: dict[str, int] = {}    # device id -> P number for glyphs (stable)
        self._held: dict[str, dict[str, set]] = {}  # device -> action -> sources holding it
        self._back_since: dict[str, int] = {}     # device -> t_ns "back" went down
        self._leave_sent: set[str] = set()
        self._keys_down: set[int] = set()
        stored = settings.get("key_bindings", {}) if settings is not None else {}
        self.bindings, problems = merged_bindings(stored)
        if problems and settings is not None:
            settings.add_notice("Keyboard bindings were invalid, defaults are used: "
                                + "; ".join(problems[:3]))
        self._build_keymap()
        self._skipped = False  # a pad was left unopened because MAX_PADS were connected
        self._phones: dict[str, str] = {}  # connected phone -> the name it typed
        self._models: dict[str, str] = {}  # pad device id -> model, kept after an unplug
        self.last_device: str | None = None  # the device that last pressed something
        if pygame.get_init():
            pygame.joystick.init()
            _controller_module()

    # ---- keyboard bindings -------------------------------------------------------------
    def _build_keymap(self) -> None:
        self._names: dict = {}  # device -> names(device), made when first asked for
        self._keymap: dict[int, tuple[str, str]] = {}
        for zone, table in self.bindings.items():
            for action, name in table.items():
                self._keymap[_key_code(name)] = (zone, action)

    def rebind(self, zone: str, action: str, key_name: str | None) -> None:
        """Bind `key_name` (a pygame key name) to `action` in `zone` and save it in settings.

        A key bound to another action of the same zone swaps with this one. A key used by
        another zone is refused with a BindingError naming that zone. None unbinds an optional
        action."""
        if zone not in self.bindings:
            raise BindingError(f"unknown keyboard zone '{zone}'")
        if action not in ACTIONS:
            raise BindingError(f"unknown action '{action}'")
        table = dict(self.bindings[zone])
        if key_name is None:
            if action in REQUIRED_ZONE_ACTIONS:
                raise BindingError(f"'{action}' needs a key in every zone")
            table.pop(action, None)
        else:
            code = _key_code(key_name)
            why = _reserved().get(code)
            if why is not None:
                raise BindingError(why)
            key_name = pygame.key.name(code)  # canonical spelling
            other = self._keymap.get(code)
            if other is not None and other[0] != zone:
                raise BindingError(
                    f"{key_label(key_name)} is already used by {ZONE_NAMES[other[0]]} for "
                    f"'{other[1]}'. Choose another key, or change that zone first.")
            if other is not None and other[1] != action:
                old = table.get(action)
                if old is None:
                    table.pop(other[1])
                else:
                    table[other[1]] = old
            table[action] = key_name
        new = dict(self.bindings)
        new[zone] = table
        problems = binding_problems(new)
        if problems:
            raise BindingError(problems[0])
        self.bindings = new
        self._build_keymap()
        # Keys held while rebinding (the key just chosen, typically) must not stay "held"
        # under their old action: forget the keyboard's held state without emitting anything.
        self._keys_down.clear()
        for z in KEYBOARD_ZONES:
            self._held.pop(z, None)
            self._back_since.pop(z, None)
            self._leave_sent.discard(z)
        if self.settings is not None:
            stored = dict(self.settings.get("key_bindings", {}) or {})
            stored[zone] = dict(table)
            self.settings.set("key_bindings", stored)

    def zone_held(self, zone: str) -> list[tuple[str, str, bool]]:
        """For the key-test screen: (action, key label, held now) for each key of the zone, as
        seen in the KEYDOWN/KEYUP events the hub handled. A combination the keyboard drops
        (ghosting) shows up as a key that is pressed but not held here."""
        return [(action, key_label(name), _key_code(name) in self._keys_down)
                for action, name in self.bindings[zone].items()]

    # ---- devices -----------------------------------------------------------------------
    def devices(self) -> list[str]:
        return (list(KEYBOARD_ZONES) + [p.device for p in self._pads.values()]
                + list(self._phones))

    def phone_name(self, device: str) -> str | None:
        """The name a connected phone typed (None for other devices and absent phones)."""
        return self._phones.get(device)

    def pad_name(self, device: str) -> str | None:
        for pad in self._pads.values():
            if pad.device == device:
                return pad.name
        return None

    def glyph(self, device: str | None) -> str:
        """A short on-screen label: "K1".."K4" for keyboard zones, "P1".. for pads (the number
        is kept for a device id the whole session), "Ph1".. for phones, "CPU" for None."""
        if device is None:
            return "CPU"
        if device in KEYBOARD_ZONES:
            return "K" + device[2:]
        if is_phone(device):
            return "Ph" + device[len(PHONE_PREFIX):]
        if device not in self._pad_numbers:
            self._pad_numbers[device] = len(self._pad_numbers) + 1
        return f"P{self._pad_numbers[device]}"

    def family(self, device: str | None) -> str:
        """How this device's buttons look (FAMILIES): "keys", "phone", "xbox",
        "playstation", "nintendo" or "pad" (also for a pad the hub does not know)."""
        if device in self.bindings:
            return "keys"
        if is_phone(device):
            return "phone"
        model = self._models.get(device, "pad")
        return {"xbox360": "xbox", "ps3": "playstation", "ps5": "playstation"}.get(model, model)

    def set_model(self, device: str, model: str) -> None:
        """Say which pad model a device id is (PAD_NAMES key or "nintendo"); the hub does this
        itself when it opens a pad, from SDL's controller type."""
        self._models[device] = model
        self._names.pop(device, None)

    def names(self, device: str | None) -> dict[str, ButtonName]:
        """action -> what this device calls the button for it (only the actions it has); a
        pad also has "move" (its d-pad or left stick as a whole) and "move2" (its right
        stick), for prompts that mean all four directions. Made once per device (every
        prompt asks, every frame) and made again when its keys or its model change; read it,
        never change it."""
        found = self._names.get(device)
        if found is None:
            found = self._names[device] = self._make_names(device)
        return found

    def _make_names(self, device: str | None) -> dict[str, ButtonName]:
        family = self.family(device)
        if family == "keys":
            table = self.bindings[device]
            return {a: ButtonName(key_label(table[a]), "keys", a) for a in ACTIONS if a in table}
        if family == "phone":
            return {a: ButtonName(PHONE_NAMES[a], "phone", a) for a in ACTIONS
                    if a in PHONE_NAMES}
        model = self._models.get(device, "pad")
        if model == "nintendo":
            labels = _sdl_uses_button_labels()
            table, places = nintendo_names(labels), nintendo_places(labels)
        else:
            table, places = PAD_NAMES.get(model, PAD_NAMES["pad"]), FACE_PLACES
        names = {a: ButtonName(table[a], family, a, places.get(a, "")) for a in ACTIONS}
        # the whole d-pad / left stick and the whole right stick, for "move" prompts
        names["move"] = ButtonName("D-pad", family, "move")
        names["move2"] = ButtonName("R stick", family, "move2")
        return names

    def bindings_text(self, device: str) -> list[tuple[str, str]]:
        """(action, key or button label) for how-to cards, in ACTIONS order."""
        if device in self.bindings:
            table = self.bindings[device]
            out = [(a, key_label(table[a])) for a in ACTIONS if a in table]
            return [(a, label + " (hold: leave)" if a == "back" else label) for a, label in out]
        if is_phone(device):
            return [(a, PHONE_LABELS[a]) for a in ACTIONS if a in PHONE_LABELS]
        return [(a, PAD_LABELS[a]) for a in ACTIONS]

    def label(self, device: str, action: str) -> str:
        """The key or button this device uses for `action`, as shown on screen: a ButtonName
        ("F", "A", "Cross", "Pause": a str that look.button_cap draws as this device shows
        it), or "-" when the device has none (a zone has no second stick, say)."""
        return self.names(device).get(action, "-")

    def hold_progress(self, device: str, t_ns: int) -> float:
        """How far "back" has been held towards leaving, 0..1 (0 when not held)."""
        since = self._back_since.get(device)
        if since is None:
            return 0.0
        return min(1.0, (t_ns - since) / (LEAVE_HOLD_MS * 1_000_000))

    def close(self) -> None:
        for pad in self._pads.values():
            pad.close()
        self._pads.clear()

    # ---- the event path ----------------------------------------------------------------
    def tick(self, t_ns: int) -> list[Press]:
        """Emit LEAVE for every seated device that has held "back" long enough."""
        out = []
        for device, since in list(self._back_since.items()):
            if device in self._leave_sent or t_ns - since < LEAVE_HOLD_MS * 1_000_000:
                continue
            seat = self.seats.seat_of(device)
            if seat is not None:
                self._leave_sent.add(device)
                out.append(Press(device, LEAVE, True, t_ns, seat.index))
        return out

    def handle(self, event, t_ns: int) -> list[Press | DeviceChange]:
        """Translate one pygame event taken from the queue at t_ns."""
        out: list = self.tick(t_ns) if self._back_since else []
        t = event.type
        if t == pygame.KEYDOWN or t == pygame.KEYUP:
            hit = self._keymap.get(event.key)
            if hit is not None:
                down = t == pygame.KEYDOWN
                if down:
                    self._keys_down.add(event.key)
                else:
                    self._keys_down.discard(event.key)
                self._set(hit[0], hit[1], ("key", event.key), down, t_ns, out)
        elif t == pygame.CONTROLLERBUTTONDOWN or t == pygame.CONTROLLERBUTTONUP:
            pad = self._pads.get(event.instance_id)
            action = CONTROLLER_BUTTONS.get(event.button)
            if pad is not None and pad.controller is not None and action is not None:
                self._set(pad.device, action, ("button", event.button),
                          t == pygame.CONTROLLERBUTTONDOWN, t_ns, out)
        elif t == pygame.CONTROLLERAXISMOTION:
            pad = self._pads.get(event.instance_id)
            if pad is not None and pad.controller is not None:
                self._axis(pad, event.axis, event.value / 32767, CONTROLLER_STICKS,
                           CONTROLLER_TRIGGERS, t_ns, out)
        elif t == pygame.JOYBUTTONDOWN or t == pygame.JOYBUTTONUP:
            pad = self._pads.get(event.instance_id)
            action = JOY_BUTTONS.get(event.button)
            if pad is not None and pad.controller is None and action is not None:
                self._set(pad.device, action, ("button", event.button),
                          t == pygame.JOYBUTTONDOWN, t_ns, out)
        elif t == pygame.JOYAXISMOTION:
            pad = self._pads.get(event.instance_id)
            if pad is not None and pad.controller is None:
                self._axis(pad, event.axis, event.value, JOY_STICKS, {}, t_ns, out)
        elif t == pygame.JOYHATMOTION:
            pad = self._pads.get(event.instance_id)
            if pad is not None and pad.controller is None and event.hat == 0:
                x, y = event.value
                for action, on in (("left", x < 0), ("right", x > 0), ("up", y > 0),
                                   ("down", y < 0)):
                    self._set(pad.device, action, ("hat",), on, t_ns, out)
        elif t == pygame.CONTROLLERDEVICEADDED or t == pygame.JOYDEVICEADDED:
            # Not event.device_index: an event taken while a frame was worked out may carry an
            # index that another pad's going has since shifted (SDL fixes up only the events
            # still in its queue). Every connected pad not yet open is opened instead.
            out += self.scan(t_ns)
        elif t == pygame.CONTROLLERDEVICEREMOVED or t == pygame.JOYDEVICEREMOVED:
            pad = self._pads.pop(event.instance_id, None)
            if pad is not None:
                self._removed(pad, t_ns, out)
                if self._skipped:
                    self._skipped = False
                    out += self.scan(t_ns)
        return out

    def handle_phone(self, event, t_ns: int) -> list[Press | DeviceChange]:
        """Translate one event of the phone server (shell.phones.events), taken at t_ns; a
        PhoneInput keeps its own stamp (module docstring)."""
        from shell.phones.events import PhoneBack, PhoneInput, PhoneJoined, PhoneLeft

        out: list = self.tick(t_ns) if self._back_since else []
        device = event.phone_id
        if isinstance(event, PhoneInput):
            if device in self._phones and event.action in PHONE_LABELS:
                self._set(device, event.action, ("phone",), event.down, event.t_ns, out)
        elif isinstance(event, PhoneJoined):
            self._phones[device] = event.name
            seat = self.seats.seat_of(device)  # (a new phone id never has a seat)
            out.append(DeviceChange("added", device, None if seat is None else seat.index,
                                    t_ns, event.name))
        elif isinstance(event, PhoneBack):
            self._phones[device] = event.name
            seat = self.seats.seat_of(device)
            if seat is not None:
                self.seats.pad_back(device)
            out.append(DeviceChange("added" if seat is None else "back", device,
                                    None if seat is None else seat.index, t_ns, event.name))
        elif isinstance(event, PhoneLeft):
            name = self._phones.pop(device, None)
            if name is None:
                return out
            self._release(device, t_ns, out)
            if event.reason == "replaced":
                self._phones[device] = name  # back at once, on its new socket
                return out
            seat = self.seats.pad_lost(device)
            out.append(DeviceChange("lost", device, None if seat is None else seat.index,
                                    t_ns, name))
        return out

    def scan(self, t_ns: int) -> list[DeviceChange]:
        """Open every pad connected now that is not open yet (by its current index)."""
        out: list = []
        controller = _controller_module()
        for index in range(pygame.joystick.get_count()):
            try:
                as_controller = controller.is_controller(index)
            except pygame.error:
                continue  # gone again: its REMOVED event follows
            self._open(index, as_controller, t_ns, out)
        return out

    # ---- helpers -----------------------------------------------------------------------
    def _set(self, device, action, source, down, t_ns, out) -> None:
        """Record that `source` holds (or let go of) `action` on `device`; emit a Press when
        the action as a whole goes down or up."""
        sources = self._held.setdefault(device, {}).setdefault(action, set())
        was = bool(sources)
        if down:
            sources.add(source)
        else:
            sources.discard(source)
        now = bool(sources)
        if now == was:
            return
        if now:
            self.last_device = device
        seat = self.seats.seat_of(device)
        out.append(Press(device, action, now, t_ns, None if seat is None else seat.index))
        if action == "back":
            if now:
                self._back_since[device] = t_ns
            else:
                self._back_since.pop(device, None)
                self._leave_sent.discard(device)

    def _axis(self, pad, axis, value, sticks, triggers, t_ns, out) -> None:
        if axis in sticks:
            neg, pos = sticks[axis]
            state = _hysteresis(pad.axes.get(axis, 0), value)
        elif axis in triggers:
            neg, pos = None, triggers[axis]
            state = 1 if _hysteresis(pad.axes.get(axis, 0), value) > 0 else 0
        else:
            return
        pad.axes[axis] = state
        halves = [(pos, state > 0)] + ([(neg, state < 0)] if neg is not None else [])
        halves.sort(key=lambda h: h[1])  # let go before pressing: a flick across stays clean
        for action, on in halves:
            self._set(pad.device, action, ("axis", axis), on, t_ns, out)

    def _open(self, index: int, as_controller: bool, t_ns: int, out: list) -> None:
        if _instance_id(index) in self._pads:
            return  # open already (known without opening it again)
        try:
            # The instance id and GUID come from a Joystick opened by the CURRENT index. Not from
            # Controller.as_joystick(): pygame-ce 2.5.8 hands back its cached Controller for an
            # already-open pad, and that object's as_joystick() uses the index the pad had when
            # first opened, which points at another pad once a lower index was unplugged.
            joy = pygame.joystick.Joystick(index)
            instance_id = joy.get_instance_id()
            if instance_id in self._pads:
                return  # already open (e.g. found by scan() and then its ADDED event)
            guid = joy.get_guid()
            name = joy.get_name()
            handle = _controller_module().Controller(index) if as_controller else None
            model = pad_model(_controller_type(index)) if as_controller else "pad"
            if handle is not None:
                name = handle.name or name
        except pygame.error:
            return  # gone again before we got to it; its REMOVED event follows
        if len(self._pads) >= MAX_PADS and not self._awaited(guid):
            # Full: a pad that is not coming back to its seat waits (scan() when one goes).
            # A pad whose seat waits for it is always let in, so a ninth pad that came
            # meanwhile can never lock a seated player out.
            for handle in (handle, joy):
                if handle is not None:
                    handle.quit()
            self._skipped = True
            return
        device, seat, kind = self._device_for(guid)
        self._pads[instance_id] = _Pad(device, instance_id, guid, name,
                                       controller=handle, joystick=joy, model=model)
        self._models[device] = model
        self._names.pop(device, None)
        self.glyph(device)  # number the pad in order of arrival
        out.append(DeviceChange(kind, device, seat, t_ns, name))

    def _awaited(self, guid: str) -> bool:
        """Does a lost seat wait for a pad of this model (GUID)?"""
        prefix = f"pad:{guid}:"
        return any(seat.lost and (seat.device or "").startswith(prefix)
                   for seat in self.seats.occupied())

    def _device_for(self, guid: str) -> tuple[str, int | None, str]:
        """The device id for a new pad with this GUID, its seat and the DeviceChange kind."""
        connected = {p.device for p in self._pads.values()}
        n = 1
        first_free = None
        while True:
            device = f"pad:{guid}:{n}"
            if device not in connected:
                seat = self.seats.seat_of(device)
                if seat is not None and seat.lost:
                    self.seats.pad_back(device)
                    return device, seat.index, "back"
                if seat is None and first_free is None:
                    first_free = device
                if seat is None and device not in self._pad_numbers:
                    break  # never seen before: nothing further up can be waiting
            n += 1
        return first_free, None, "added"

    def _release(self, device: str, t_ns: int, out: list) -> None:
        """A device is gone: every action it held goes up."""
        for action, sources in list(self._held.get(device, {}).items()):
            if sources:
                sources.clear()
                seat = self.seats.seat_of(device)
                out.append(Press(device, action, False, t_ns,
                                 None if seat is None else seat.index))
        self._held.pop(device, None)
        self._back_since.pop(device, None)
        self._leave_sent.discard(device)

    def _removed(self, pad: _Pad, t_ns: int, out: list) -> None:
        self._release(pad.device, t_ns, out)
        pad.close()
        seat = self.seats.pad_lost(pad.device)
        out.append(DeviceChange("lost", pad.device, None if seat is None else seat.index,
                                t_ns, pad.name))
