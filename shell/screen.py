"""How frames reach the screen: the drawing path, and only the changed parts sent.

    info = probe()                       # before the window: is there a GPU? (None: unknown)
    path = choose(wanted, info, driver)  # "gpu", "software" or "headless"
    screen = Screen(canvas, path, info)  # after pygame.display.set_mode(..., SCALED)
    screen.show(damage)                  # main thread, after each frame: damage from paint
    screen.expose()                      # the window needs the picture again (resize, reset)

The paths:
  gpu       an accelerated SDL renderer (OpenGL, Direct3D, Metal on a real GPU) shows the canvas
            as a texture, scaled to the window by the GPU. The canvas may be drawn at 4K (at
            the desktop's pixel density: shell.app).
  software  no GPU: SDL's software renderer, or OpenGL done by the CPU (Mesa's llvmpipe or
            softpipe, SwiftShader). Every frame shown costs the CPU a copy, and a scaling, of the
            whole canvas (at 4K under Xvfb with llvmpipe: 120-210 ms a frame), so by default
            the canvas is drawn at 1080p.
  headless  SDL's dummy or offscreen driver: nothing is shown (tests, benchmarks).

On either window path the canvas stays pygame's SCALED display surface (so art is converted
to its pixel format), but pygame's display.flip, which sends the whole canvas (33 MB at 4K)
every frame, is not used: each frame, only the pixel rects that changed (shell.paint.end_frame)
are copied into a streaming texture of the canvas's own pixel format (SDL_UpdateTexture: no
conversion), and the frame is presented only when something changed, or when the window asks
for its picture again (expose). The SDL calls go through ctypes (shell.sdl), which lets go of
the GIL while they run; they must be made on the main thread, like every window call.
"""

from __future__ import annotations

import ctypes
import threading
import warnings

import pygame

from shell import sdl

PATHS = ("auto", "gpu", "software")
SOFTWARE_GL = ("llvmpipe", "softpipe", "swiftshader", "software rasterizer", "swrast")
HEADLESS_DRIVERS = ("dummy", "offscreen")
GL_RENDERER = 0x1F01
SDL_TEXTUREACCESS_STREAMING = 1
SDL_RENDERER_ACCELERATED = 0x2
# Window events after which the window must be given its picture again.
EXPOSING = {getattr(pygame, name) for name in (
    "WINDOWEXPOSED", "WINDOWSIZECHANGED", "WINDOWRESIZED", "WINDOWRESTORED", "WINDOWMAXIMIZED",
    "WINDOWSHOWN", "RENDER_TARGETS_RESET", "RENDER_DEVICE_RESET") if hasattr(pygame, name)}


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int),
                ("h", ctypes.c_int)]


class _Info(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("flags", ctypes.c_uint32),
                ("num_texture_formats", ctypes.c_uint32), ("texture_formats", ctypes.c_uint32 * 16),
                ("max_texture_width", ctypes.c_int), ("max_texture_height", ctypes.c_int)]


class RendererInfo:
    """What draws the window: SDL's renderer name, whether SDL calls it accelerated, and for
    OpenGL the GL_RENDERER string (which tells a real GPU from a CPU doing OpenGL)."""

    def __init__(self, name: str, accelerated: bool, gl: str = ""):
        self.name, self.accelerated, self.gl = name, accelerated, gl

    @property
    def gpu(self) -> bool:
        return (self.accelerated and self.name != "software"
                and not any(s in self.gl.lower() for s in SOFTWARE_GL))

    def __str__(self) -> str:
        return f"{self.name}: {self.gl}" if self.gl else self.name


def _lib():
    lib = sdl.library()
    if not getattr(lib, "_screen_types", False):
        lib.SDL_GetWindowFromID.restype = ctypes.c_void_p
        lib.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
        lib.SDL_GetRenderer.restype = ctypes.c_void_p
        lib.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
        lib.SDL_GetRendererInfo.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Info)]
        lib.SDL_GL_GetProcAddress.restype = ctypes.c_void_p
        lib.SDL_GL_GetProcAddress.argtypes = [ctypes.c_char_p]
        lib.SDL_MasksToPixelFormatEnum.restype = ctypes.c_uint32
        lib.SDL_MasksToPixelFormatEnum.argtypes = [ctypes.c_int] + [ctypes.c_uint32] * 4
        lib.SDL_CreateTexture.restype = ctypes.c_void_p
        lib.SDL_CreateTexture.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int,
                                          ctypes.c_int, ctypes.c_int]
        lib.SDL_DestroyTexture.argtypes = [ctypes.c_void_p]
        lib.SDL_SetTextureBlendMode.argtypes = [ctypes.c_void_p, ctypes.c_int]
        lib.SDL_UpdateTexture.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Rect),
                                          ctypes.c_void_p, ctypes.c_int]
        lib.SDL_SetRenderDrawColor.argtypes = [ctypes.c_void_p] + [ctypes.c_uint8] * 4
        lib.SDL_RenderClear.argtypes = [ctypes.c_void_p]
        lib.SDL_RenderCopy.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                       ctypes.c_void_p]
        lib.SDL_RenderPresent.argtypes = [ctypes.c_void_p]
        lib.SDL_GetRendererOutputSize.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int),
                                                  ctypes.POINTER(ctypes.c_int)]
        lib.SDL_RenderReadPixels.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint32,
                                             ctypes.c_void_p, ctypes.c_int]
        lib._screen_types = True
    return lib


def _renderer_of(window_id: int):
    lib = _lib()
    return lib.SDL_GetRenderer(lib.SDL_GetWindowFromID(window_id))


def _describe_renderer(renderer) -> RendererInfo | None:
    """Call on the thread whose OpenGL context is current (the main thread, right after the
    renderer is made or used)."""
    lib = _lib()
    info = _Info()
    if not renderer or lib.SDL_GetRendererInfo(renderer, ctypes.byref(info)) != 0:
        return None
    name = (info.name or b"?").decode(errors="replace")
    gl = ""
    if name.startswith("opengl"):
        address = lib.SDL_GL_GetProcAddress(b"glGetString")
        if address:
            text = ctypes.CFUNCTYPE(ctypes.c_char_p, ctypes.c_uint32)(address)(GL_RENDERER)
            gl = (text or b"").decode(errors="replace")
    return RendererInfo(name, bool(info.flags & SDL_RENDERER_ACCELERATED), gl)


def probe() -> RendererInfo | None:
    """Before the window opens: make a hidden window with the renderer SDL would pick for it
    (as pygame's SCALED mode does) and say what it is. None where that cannot be told."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return None
    try:
        from pygame._sdl2.video import Renderer

        window = pygame.Window("probe", (64, 64), hidden=True)
        try:
            renderer = Renderer(window)
            info = _describe_renderer(_renderer_of(window.id))
            del renderer
        finally:
            window.destroy()
        return info
    except (pygame.error, RuntimeError, OSError, AttributeError, ImportError, TypeError):
        return None


def choose(wanted: str, info: RendererInfo | None, driver: str) -> str:
    """The drawing path: `wanted` is the setting (auto, gpu, software)."""
    if driver in HEADLESS_DRIVERS:
        return "headless"
    if wanted in ("gpu", "software"):
        return wanted
    return "gpu" if info is not None and info.gpu else "software"


class Screen:
    """Shows the frames of one canvas (the SCALED display surface) on the main thread."""

    def __init__(self, canvas: pygame.Surface, path: str, info: RendererInfo | None = None):
        self.canvas = canvas
        self.path = path
        self.info = info
        self.uploaded_bytes = 0   # sent to the window since the start (benchmarks)
        self.presents = 0
        self.problem = ""         # why the texture path is not in use ("" when it is)
        self._renderer = None
        self._texture = None
        self._window_id = None
        self._whole = True        # the next show sends the whole canvas
        if path != "headless":
            self._open()

    # -- the texture -----------------------------------------------------------------------------
    def _open(self) -> None:
        try:
            with warnings.catch_warnings():  # pygame-ce marks this bridge as transitional
                warnings.simplefilter("ignore")
                self._window_id = pygame.Window.from_display_module().id
            lib = _lib()
            self._renderer = _renderer_of(self._window_id)
            if not self._renderer:
                raise RuntimeError("the window has no SDL renderer")
            self.info = _describe_renderer(self._renderer) or self.info
            c = self.canvas
            fmt = lib.SDL_MasksToPixelFormatEnum(c.get_bitsize(), *c.get_masks())
            self._texture = lib.SDL_CreateTexture(self._renderer, fmt,
                                                  SDL_TEXTUREACCESS_STREAMING, *c.get_size())
            if not self._texture:
                raise RuntimeError(f"no texture: {lib.SDL_GetError().decode(errors='replace')}")
            lib.SDL_SetTextureBlendMode(self._texture, 0)  # SDL_BLENDMODE_NONE: copy as is
            self._whole = True
        except (RuntimeError, OSError, AttributeError, pygame.error) as exc:
            self._renderer = self._texture = None
            self.problem = str(exc) or type(exc).__name__

    def _check_renderer(self) -> None:
        """pygame may make a new renderer (fullscreen toggles on some systems): follow it."""
        if self._window_id is not None and _renderer_of(self._window_id) != self._renderer:
            self.close()
            self._open()

    def close(self) -> None:
        if self._texture:
            _lib().SDL_DestroyTexture(self._texture)
        self._texture = None

    # -- frames ----------------------------------------------------------------------------------
    def expose(self) -> None:
        """The window must be given its whole picture again (resized, uncovered, a renderer
        that lost its textures)."""
        self._whole = True

    def owes_picture(self) -> bool:
        """Must the window be given its whole picture at the next show (see expose)?"""
        return self._whole and self.path != "headless"

    def show(self, damage) -> bool:
        """Show the frame: send the `damage` pixel rects of the canvas, present. True if a
        frame was presented (nothing is, when nothing changed)."""
        if threading.current_thread() is not threading.main_thread():
            raise RuntimeError("Screen.show is a window call: main thread only")
        if self.path == "headless":
            if damage:
                pygame.display.flip()
            return bool(damage)
        if self._texture is None:  # no texture path: pygame sends the whole canvas
            if damage or self._whole:
                pygame.display.flip()
                self.uploaded_bytes += self.canvas.get_pitch() * self.canvas.get_height()
                self.presents += 1
                self._whole = False
                return True
            return False
        if self._whole:
            self._check_renderer()
            damage = [self.canvas.get_rect()]
        if not damage:
            return False
        lib, c = _lib(), self.canvas
        pixels, pitch, depth = c._pixels_address, c.get_pitch(), c.get_bytesize()
        for r in damage:
            lib.SDL_UpdateTexture(self._texture, ctypes.byref(_Rect(r.x, r.y, r.w, r.h)),
                                  pixels + r.y * pitch + r.x * depth, pitch)
            self.uploaded_bytes += r.w * r.h * depth
        lib.SDL_SetRenderDrawColor(self._renderer, 0, 0, 0, 255)
        lib.SDL_RenderClear(self._renderer)
        lib.SDL_RenderCopy(self._renderer, self._texture, None, None)
        lib.SDL_RenderPresent(self._renderer)
        self.presents += 1
        self._whole = False
        return True

    def shown(self) -> bytes | None:
        """What the window holds now, in the canvas's pixel format, when the window is the
        canvas's size (and its renderer keeps its picture after presenting, as SDL's software
        one does; for tests). None otherwise."""
        if self._texture is None:
            return None
        lib, c = _lib(), self.canvas
        w, h = ctypes.c_int(), ctypes.c_int()
        lib.SDL_GetRendererOutputSize(self._renderer, ctypes.byref(w), ctypes.byref(h))
        if (w.value, h.value) != c.get_size():
            return None
        fmt = lib.SDL_MasksToPixelFormatEnum(c.get_bitsize(), *c.get_masks())
        out = ctypes.create_string_buffer(c.get_pitch() * c.get_height())
        if lib.SDL_RenderReadPixels(self._renderer, None, fmt, out, c.get_pitch()) != 0:
            return None
        return out.raw

    def describe(self) -> str:
        w, h = self.canvas.get_size()
        size = f"canvas {w}x{h} ({'4K' if w >= 3840 else '1080p' if w == 1920 else 'scaled'})"
        if self.path == "headless":
            return f"headless ({pygame.display.get_driver()} driver), {size}"
        what = "GPU" if self.path == "gpu" else "software"
        how = (f"{what} ({self.info}), {size}" if self.info is not None else f"{what}, {size}")
        if self._texture is None:
            return f"{how}; whole canvas sent each frame ({self.problem})"
        return f"{how}; only changed parts sent"
