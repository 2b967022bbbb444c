"""Pads read on their own thread, so a pad press is stamped when it happens, whatever the main
thread is doing (sitting in display.flip, which can take a whole frame with vsync or a 4K
upload; committing a file; making a sound).

    reader = PadReader(clock_ns)       # time.perf_counter_ns, or the app's clock
    reader.start() -> bool             # False where it cannot run: the main thread reads pads
    with reader.lock:                  # the main thread takes SDL's events under this lock
        events = pygame.event.get()
    reader.stamp(event) -> int | None  # the stamp of a pad event taken under the lock
    reader.settled_ns                  # pad events not yet taken are stamped after this
    reader.stop()

How: SDL reads pads inside SDL_PumpEvents, i.e. on the main thread, and only when it pumps. This
thread also calls SDL_JoystickUpdate, about POLL_HZ times a second (through ctypes, which
releases the GIL around each call), so pads are read while the main thread is blind. The events
such a read pushes are the new pad events at the back of SDL's queue; the thread peeks at them
(SDL_PeepEvents, without taking them) and records, per event, the middle of the interval
between its previous read and this one: the press happened in that interval, so the stamp is
off by at most half the poll interval (0.25 ms at 2 kHz). The main thread takes events from SDL
under `lock`, which the thread holds for a whole read, so every pad event it takes has its
record already; `stamp(event)` matches them in order per (event type, pad, button or axis).
Whoever reads a change first pushes its event: an event the main thread's own pump read has no
record and is stamped as it is taken (it was read right then). Either way nothing is lost.

Where the thread is not running (no SDL library found, or stopped), `stamp` returns None and the
caller stamps pad events as it takes them, like keys.
"""

from __future__ import annotations

import collections
import ctypes
import threading
import time

import pygame

from shell import sdl

POLL_HZ = 2000
SLOW_HZ = 60             # while nobody's reaction is timed (menus): about once a frame
REST_HZ = 20             # while the arcade rests (shell/app.py, App.resting): nothing is drawn
STALE_NS = 2_000_000_000  # a record this much older than its event is not its record

# SDL2 event types of pads: 0x600..0x6FF holds exactly the joystick and game controller ones.
PAD_FIRST, PAD_LAST = 0x600, 0x6FF
JOYAXISMOTION, JOYHATMOTION, JOYBUTTONDOWN, JOYBUTTONUP = 0x600, 0x602, 0x603, 0x604
CONTROLLERAXISMOTION, CONTROLLERBUTTONDOWN, CONTROLLERBUTTONUP = 0x650, 0x651, 0x652
SDL_PEEKEVENT = 1


class _Event(ctypes.Structure):
    """The common head of SDL2's joystick and controller events (SDL_Event is 56 bytes):
    type, timestamp, which (instance id), then the button/axis/hat index."""
    _fields_ = [("type", ctypes.c_uint32), ("timestamp", ctypes.c_uint32),
                ("which", ctypes.c_int32), ("index", ctypes.c_uint8),
                ("rest", ctypes.c_uint8 * 43)]


KEYED = {JOYAXISMOTION: "axis", JOYHATMOTION: "hat", JOYBUTTONDOWN: "button",
         JOYBUTTONUP: "button", CONTROLLERAXISMOTION: "axis", CONTROLLERBUTTONDOWN: "button",
         CONTROLLERBUTTONUP: "button"}


def event_key(event) -> tuple | None:
    """The matching key of a pygame pad event: (type, instance id, index), None for others."""
    field = KEYED.get(event.type)
    if field is None:
        return None
    try:
        return event.type, event.instance_id, getattr(event, field)
    except AttributeError:
        return None


class PadReader:
    def __init__(self, clock_ns=time.perf_counter_ns, hz: int = POLL_HZ):
        self.clock_ns = clock_ns
        self.hz = hz
        self.fast = True  # read at `hz`; False: at SLOW_HZ (set by the app: nobody is timed)
        self.resting = False  # and not fast: at REST_HZ (set by the app: nothing is drawn)
        self.lock = threading.Lock()
        self.reads = 0
        self.settled_ns = 0  # when the last read began: later reads stamp nothing before it
        self._records: dict[tuple, collections.deque] = {}
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._lib = None
        self._buffer = (_Event * 64)()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> bool:
        if self.running:
            return True
        try:
            lib = sdl.library()
            lib.SDL_PeepEvents.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                           ctypes.c_uint32, ctypes.c_uint32]
            lib.SDL_PeepEvents.restype = ctypes.c_int
            lib.SDL_JoystickUpdate.restype = None
        except (RuntimeError, OSError, AttributeError):
            return False
        self._lib = lib
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="pads", daemon=True)
        self._thread.start()
        # Whoever quits pygame (the app, a test, a crash handler) stops this thread first: an
        # SDL_JoystickUpdate running while SDL takes the joysticks down is a segfault.
        pygame.register_quit(self.stop)
        return True

    def stop(self) -> None:
        """End the thread (the main thread's pump still reads the pads)."""
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join(timeout=2)
        self._thread = None
        with self.lock:
            self._records.clear()

    def stamp(self, event, taken_ns: int | None = None) -> int | None:
        """The stamp recorded for a pad event the main thread took under `lock`; None when
        there is none (not a pad event, or the thread was not running when it came)."""
        key = event_key(event)
        if key is None:
            return None
        queue = self._records.get(key)
        while queue:
            t = queue.popleft()
            if taken_ns is None or taken_ns - t < STALE_NS:
                return t
        return None

    def forget(self, instance_id: int) -> None:
        """A pad is gone: drop what is left of its records."""
        with self.lock:
            for key in [k for k in self._records if k[1] == instance_id]:
                del self._records[key]

    # -- the thread --------------------------------------------------------------------------
    def _run(self) -> None:
        lib = self._lib
        last = self.clock_ns()
        while not self._stop.is_set():
            with self.lock:
                before = lib.SDL_PeepEvents(None, 0, SDL_PEEKEVENT, PAD_FIRST, PAD_LAST)
                now = self.clock_ns()
                lib.SDL_JoystickUpdate()
                after = lib.SDL_PeepEvents(None, 0, SDL_PEEKEVENT, PAD_FIRST, PAD_LAST)
                if after > before:
                    self._record(lib, before, after, (last + now) // 2)
                self.reads += 1
                self.settled_ns = now
            last = now
            time.sleep(1 / (self.hz if self.fast else REST_HZ if self.resting else SLOW_HZ))

    def _record(self, lib, before: int, after: int, stamp: int) -> None:
        buffer = self._buffer
        if after > len(buffer):
            buffer = self._buffer = (_Event * (after * 2))()
        got = lib.SDL_PeepEvents(buffer, after, SDL_PEEKEVENT, PAD_FIRST, PAD_LAST)
        for event in buffer[before:got]:
            field = KEYED.get(event.type)
            if field is None:
                continue  # device added / removed and the like: not stamped here
            key = (event.type, event.which, event.index)
            queue = self._records.get(key)
            if queue is None:
                queue = self._records[key] = collections.deque(maxlen=256)
            queue.append(stamp)
