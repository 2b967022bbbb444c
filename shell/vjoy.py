"""SDL virtual joysticks for tests and benchmarks: a real pad through SDL's own input path.

Uses ctypes on the very SDL2 library pygame-ce loaded (shell.sdl), so the virtual device lives in
the same SDL instance as pygame's event queue. Needs SDL >= 2.24 (SDL_JoystickAttachVirtualEx);
pygame-ce 2.5.8 ships SDL 2.32.10. Works headless (SDL_VIDEODRIVER=dummy) and without root.

The pad is attached with type SDL_JOYSTICK_TYPE_GAMECONTROLLER and a full button/axis mask, so
SDL generates a game-controller mapping for it: it shows up as a controller (CONTROLLERDEVICEADDED
and JOYDEVICEADDED) and virtual button i IS SDL_CONTROLLER_BUTTON i, virtual axis i IS
SDL_CONTROLLER_AXIS i. Its GUID is derived from (name, vendor, product): two pads made with the
same arguments are "identical models" with one GUID, as real pads of one model are.

    pygame.init(); pygame._sdl2.controller.init()    # joystick subsystem must be up first
    pad = VirtualPad("Test Pad", product=1)          # attach; events follow on the next pump
    pad.press("a"); pad.release("a")                 # buttons by SDL controller name or index
    pad.axis("leftx", -1.0)                          # sticks -1..1 (y: -1 is up)
    pad.trigger("lefttrigger", 1.0)                  # triggers 0..1
    pad.detach()                                     # unplug (CONTROLLERDEVICEREMOVED follows)

State changes reach the event queue when SDL next updates joysticks (every pygame.event.pump /
get). press/release/axis are safe to call from another thread (SDL locks its joystick list).
"""

from __future__ import annotations

import ctypes

from shell import sdl as shell_sdl

BUTTONS = ("a", "b", "x", "y", "back", "guide", "start", "leftstick", "rightstick",
           "leftshoulder", "rightshoulder", "dpup", "dpdown", "dpleft", "dpright")
AXES = ("leftx", "lefty", "rightx", "righty", "lefttrigger", "righttrigger")

SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1
SDL_VIRTUAL_JOYSTICK_DESC_VERSION = 1
AXIS_MIN, AXIS_MAX = -32768, 32767


class _Desc(ctypes.Structure):
    """SDL_VirtualJoystickDesc as of SDL 2.24..2.32 (version 1)."""
    _fields_ = [
        ("version", ctypes.c_uint16), ("type", ctypes.c_uint16),
        ("naxes", ctypes.c_uint16), ("nbuttons", ctypes.c_uint16), ("nhats", ctypes.c_uint16),
        ("vendor_id", ctypes.c_uint16), ("product_id", ctypes.c_uint16),
        ("padding", ctypes.c_uint16),
        ("button_mask", ctypes.c_uint32), ("axis_mask", ctypes.c_uint32),
        ("name", ctypes.c_char_p), ("userdata", ctypes.c_void_p),
        ("Update", ctypes.c_void_p), ("SetPlayerIndex", ctypes.c_void_p),
        ("Rumble", ctypes.c_void_p), ("RumbleTriggers", ctypes.c_void_p),
        ("SetLED", ctypes.c_void_p), ("SendEffect", ctypes.c_void_p),
    ]


_ready = False


def sdl() -> ctypes.CDLL:
    """The SDL2 library pygame-ce uses (shell.sdl), with the prototypes this module needs."""
    global _ready
    lib = shell_sdl.library()
    if not _ready:
        lib.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(_Desc)]
        lib.SDL_JoystickAttachVirtualEx.restype = ctypes.c_int
        lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
        lib.SDL_JoystickDetachVirtual.restype = ctypes.c_int
        lib.SDL_NumJoysticks.restype = ctypes.c_int
        lib.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
        lib.SDL_JoystickGetDeviceInstanceID.restype = ctypes.c_int32
        lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
        lib.SDL_JoystickOpen.restype = ctypes.c_void_p
        lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        lib.SDL_JoystickClose.restype = None
        lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        lib.SDL_JoystickSetVirtualButton.restype = ctypes.c_int
        lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
        lib.SDL_JoystickSetVirtualAxis.restype = ctypes.c_int
        lib.SDL_JoystickSetVirtualHat.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        lib.SDL_JoystickSetVirtualHat.restype = ctypes.c_int
        _ready = True
    return lib


def _check(result: int, what: str) -> int:
    if result < 0:
        raise RuntimeError(f"{what} failed: {sdl().SDL_GetError().decode(errors='replace')}")
    return result


class VirtualPad:
    """One attached virtual game controller (see module docstring)."""

    def __init__(self, name: str = "Virtual Pad", vendor: int = 0x1209, product: int = 0x0001,
                 controller: bool = True, hats: int = 0):
        """controller=False attaches a plain joystick with no controller mapping (type
        unknown), for the input layer's JOY* fallback; `hats` adds hats (set with hat())."""
        lib = sdl()
        self.name = name
        self._name_bytes = name.encode()  # kept alive: SDL copies it, but be safe
        desc = _Desc(version=SDL_VIRTUAL_JOYSTICK_DESC_VERSION,
                     type=SDL_JOYSTICK_TYPE_GAMECONTROLLER if controller else 0,
                     naxes=len(AXES), nbuttons=len(BUTTONS), nhats=hats,
                     vendor_id=vendor, product_id=product,
                     button_mask=(1 << len(BUTTONS)) - 1, axis_mask=(1 << len(AXES)) - 1,
                     name=self._name_bytes)
        index = _check(lib.SDL_JoystickAttachVirtualEx(ctypes.byref(desc)),
                       "SDL_JoystickAttachVirtualEx")
        self.instance_id = lib.SDL_JoystickGetDeviceInstanceID(index)
        # Our own reference keeps the device open so its state can be set, whatever the
        # input layer opens or closes.
        self._joy = lib.SDL_JoystickOpen(index)
        if not self._joy:
            lib.SDL_JoystickDetachVirtual(index)
            raise RuntimeError(f"SDL_JoystickOpen failed: {lib.SDL_GetError().decode()}")

    @property
    def attached(self) -> bool:
        return self._joy is not None

    def _index(self) -> int:
        """The current device index (indices shift when other devices go away)."""
        lib = sdl()
        for i in range(lib.SDL_NumJoysticks()):
            if lib.SDL_JoystickGetDeviceInstanceID(i) == self.instance_id:
                return i
        raise RuntimeError("virtual pad is no longer attached")

    def button(self, button: str | int, down: bool) -> None:
        i = BUTTONS.index(button) if isinstance(button, str) else button
        _check(sdl().SDL_JoystickSetVirtualButton(self._joy, i, 1 if down else 0),
               "SDL_JoystickSetVirtualButton")

    def press(self, button: str | int) -> None:
        self.button(button, True)

    def release(self, button: str | int) -> None:
        self.button(button, False)

    def axis(self, axis: str | int, value: float) -> None:
        """A stick axis, value -1..1 (-1 = left / up)."""
        i = AXES.index(axis) if isinstance(axis, str) else axis
        raw = max(AXIS_MIN, min(AXIS_MAX, round(value * AXIS_MAX)))
        _check(sdl().SDL_JoystickSetVirtualAxis(self._joy, i, raw), "SDL_JoystickSetVirtualAxis")

    def trigger(self, axis: str | int, value: float) -> None:
        """A trigger, value 0 (released) .. 1 (fully pulled). A trigger's raw axis runs
        -32768..32767 and the controller mapping turns that into 0..32767."""
        i = AXES.index(axis) if isinstance(axis, str) else axis
        raw = round(AXIS_MIN + max(0.0, min(1.0, value)) * (AXIS_MAX - AXIS_MIN))
        _check(sdl().SDL_JoystickSetVirtualAxis(self._joy, i, raw), "SDL_JoystickSetVirtualAxis")

    def hat(self, x: int, y: int, hat: int = 0) -> None:
        """A hat (d-pad of a plain joystick): x, y in -1/0/1, y=1 is up."""
        # SDL_HAT_UP=1, RIGHT=2, DOWN=4, LEFT=8
        value = (y > 0) * 1 | (x > 0) * 2 | (y < 0) * 4 | (x < 0) * 8
        _check(sdl().SDL_JoystickSetVirtualHat(self._joy, hat, value), "SDL_JoystickSetVirtualHat")

    def detach(self) -> None:
        """Unplug. Safe to call twice."""
        if self._joy is None:
            return
        lib = sdl()
        index = self._index()
        lib.SDL_JoystickClose(self._joy)
        self._joy = None
        _check(lib.SDL_JoystickDetachVirtual(index), "SDL_JoystickDetachVirtual")

    def __enter__(self) -> "VirtualPad":
        return self

    def __exit__(self, *exc) -> None:
        self.detach()
