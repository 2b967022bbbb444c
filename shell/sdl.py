"""The SDL2 library pygame-ce loaded, reached with ctypes, for what pygame-ce does not offer:
reading pads from another thread (shell.pad_stamps) and virtual pads for tests (shell.vjoy).

Found in /proc/self/maps (Linux), else next to the pygame package (the wheel's
pygame_ce.libs/libSDL2-*.so, .dylibs, SDL2.dll), so it is the same SDL instance as pygame's
event queue, not a second copy. ctypes.CDLL releases the GIL around every call.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os

_lib = None


def _find_path() -> str | None:
    import pygame.base  # noqa: F401  (makes sure pygame's SDL is loaded)
    import pygame
    try:
        with open("/proc/self/maps", encoding="utf-8", errors="replace") as f:
            for line in f:
                path = line.split()[-1]
                # libSDL2-2.0.so.0 (system), libSDL2-2-<hash>... (wheel); not SDL2_image
                if os.path.basename(path).startswith(("libSDL2-2", "libSDL2.so")):
                    return path
    except OSError:
        pass
    here = os.path.dirname(pygame.__file__)
    for pattern in (os.path.join(os.path.dirname(here), "pygame_ce.libs", "libSDL2-2*"),
                    os.path.join(here, ".dylibs", "libSDL2*"), os.path.join(here, "SDL2.dll")):
        found = sorted(glob.glob(pattern))
        if found:
            return found[0]
    return ctypes.util.find_library("SDL2")


def library() -> ctypes.CDLL:
    """pygame-ce's SDL2; RuntimeError when it cannot be found."""
    global _lib
    if _lib is None:
        path = _find_path()
        if path is None:
            raise RuntimeError("cannot find the SDL2 library pygame-ce loaded")
        lib = ctypes.CDLL(path)
        lib.SDL_GetError.restype = ctypes.c_char_p
        _lib = lib
    return _lib
