"""Keys read on their own thread (X11), so a key press is stamped when it reaches the arcade,
whatever the main thread is doing (sitting in display.flip, which can take a whole frame with
vsync or a slow upload).

    reader = KeyReader(clock_ns)
    reader.start(window_id) -> bool    # False where it cannot run (not X11, no python-xlib)
    reader.stamp(event, taken_ns)      # the stamp of a KEYDOWN/KEYUP the main thread took
    reader.stop()

How: SDL reads the keyboard only when the main thread pumps its event queue. Under X11 any
client may ask the X server for the key events of a window; this thread opens a second
connection to the server, asks for the arcade window's key presses and releases, and stamps
each one the moment it arrives (time.perf_counter_ns on the same monotonic clock as the rest),
by key (the X keysym turned into pygame's key code) and direction. When the main thread takes
SDL's copy of the event, `stamp` gives it the oldest record of that key and direction. A record
older than the key's previous event in the other direction is a leftover (SDL got there first:
it was read right then and is stamped as taken) and is dropped, so a press never takes the stamp
of an earlier one. Keys this module cannot name are stamped as taken, as before.

Other platforms (Windows, macOS, Wayland without XWayland) keep the main thread's stamps: the
floor there is the time the main thread is blind (README, "Timing: who was first").
"""

from __future__ import annotations

import collections
import os
import select
import threading
import time

STALE_NS = 2_000_000_000

# X keysym names (python-xlib's XK, without "XK_") -> pygame key names, for keys whose names
# differ; single characters and most names ("Up" -> "up") are lower-cased as they are.
X_NAMES = {
    "Control_R": "right ctrl", "Control_L": "left ctrl", "Shift_R": "right shift",
    "Shift_L": "left shift", "Alt_R": "right alt", "Alt_L": "left alt", "Prior": "page up",
    "Next": "page down", "KP_Enter": "enter", "KP_Decimal": "[.]", "KP_Delete": "[.]",
    "KP_Add": "[+]", "KP_Subtract": "[-]", "KP_Multiply": "[*]", "KP_Divide": "[/]",
    "KP_Insert": "[0]", "KP_End": "[1]", "KP_Down": "[2]", "KP_Next": "[3]", "KP_Left": "[4]",
    "KP_Begin": "[5]", "KP_Right": "[6]", "KP_Home": "[7]", "KP_Up": "[8]", "KP_Prior": "[9]",
    **{f"KP_{d}": f"[{d}]" for d in range(10)},
}


class KeyReader:
    def __init__(self, clock_ns=time.perf_counter_ns):
        self.clock_ns = clock_ns
        self.events = 0
        self._records: dict[tuple, collections.deque] = {}
        self._last: dict[tuple, int] = {}  # (key, down) -> stamp given to its last event
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._display = None
        self._keys: dict[int, int | None] = {}  # X keycode -> pygame key code

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, window_id: int | None) -> bool:
        if window_id is None or not os.environ.get("DISPLAY"):
            return False
        try:
            from Xlib import X, display, error
        except ImportError:
            return False
        try:
            d = display.Display()
            window = d.create_resource_object("window", window_id)
            window.change_attributes(event_mask=X.KeyPressMask | X.KeyReleaseMask)
            d.sync()
        except (error.DisplayError, error.XError, OSError, ValueError):
            return False
        self._display = d
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="keys", daemon=True)
        self._thread.start()
        return True

    def stop(self) -> None:
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join(timeout=2)
        self._thread = None
        try:
            self._display.close()
        except Exception:  # the server may be gone already
            pass
        self._display = None

    def stamp(self, event, taken_ns: int) -> int | None:
        """The stamp for a pygame KEYDOWN/KEYUP the main thread just took (None: none)."""
        import pygame

        if event.type not in (pygame.KEYDOWN, pygame.KEYUP) or not self.running:
            return None
        down = event.type == pygame.KEYDOWN
        key = (event.key, down)
        since = self._last.get((event.key, not down), 0)  # this key's last opposite event
        found = None
        with self._lock:
            queue = self._records.get(key)
            while queue:
                t = queue.popleft()
                if since <= t <= taken_ns and taken_ns - t < STALE_NS:
                    found = t
                    break
        self._last[key] = found if found is not None else taken_ns
        return found

    # -- the thread --------------------------------------------------------------------------
    def _run(self) -> None:
        from Xlib import X

        d = self._display
        fd = d.fileno()
        try:
            while not self._stop.is_set():
                ready, _, _ = select.select([fd], [], [], 0.1)
                if not ready:
                    continue
                now = self.clock_ns()
                while d.pending_events():
                    event = d.next_event()
                    if event.type not in (X.KeyPress, X.KeyRelease):
                        continue
                    key = self._key(event.detail)
                    if key is None:
                        continue
                    self.events += 1
                    with self._lock:
                        queue = self._records.setdefault(
                            (key, event.type == X.KeyPress), collections.deque(maxlen=64))
                        queue.append(now)
        except Exception:  # the connection broke (server gone): keys fall back to SDL stamps
            return

    def _key(self, keycode: int) -> int | None:
        """The pygame key code of an X keycode (cached; None when it has no pygame name)."""
        if keycode not in self._keys:
            self._keys[keycode] = _pygame_key(self._display, keycode)
        return self._keys[keycode]


def _pygame_key(d, keycode: int) -> int | None:
    import pygame

    names = _keysym_names()
    for index in (0, 1):
        name = names.get(d.keycode_to_keysym(keycode, index))
        if not name:
            continue
        pg_name = X_NAMES.get(name, name.lower())
        try:
            return pygame.key.key_code(pg_name)
        except ValueError:
            continue
    return None


_names: dict | None = None


def _keysym_names() -> dict:
    global _names
    if _names is None:
        from Xlib import XK

        _names = {getattr(XK, n): n[3:] for n in dir(XK) if n.startswith("XK_")}
    return _names
