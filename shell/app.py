"""The arcade application: one window, one loop, and the scene stack it is handed.

    app = App(manager=SceneManager, ...)   # main.py composes: the shell imports no scene
    app.start("title"); app.run(); app.close()

The shell knows devices, the window, files and sound; it imports neither `scenes` nor `game`.
`manager` is a factory, called with the app, that returns the scene stack (scenes.manager).

The window shows a logical 1920x1080 canvas (shell.look.CANVAS), drawn at `scale` pixels per
unit (shell.paint: 1 for 1080p, 2 for 4K; by default 2 when the desktop is 4K and a GPU shows
the frames: the drawing path, shell/screen.py, chosen at start and logged). pygame-ce's SCALED
mode makes the display surface that canvas and lets SDL fit it to any window or fullscreen
size, aspect kept, with bars (look.fit is the same maths, for tests and mouse positions).
Scenes keep what matters inside look.SAFE, the TV title-safe area. A frame is recorded and only
what changed since the last one is drawn (shell.paint) and sent to the window (shell.screen).

The loop (App.run), each frame:
    1. fixed-step updates: manager.update(UPDATE_MS) as many times as real time has advanced;
    2. draw the visible scenes onto the canvas, then the one-time notices.
       Steps 1 and 2 run on the frame thread while the main thread keeps taking events from
       the queue about every 0.3 ms, stamping them and holding them back (see "Why a frame
       thread");
    3. screen.show: the changed parts of the canvas go to the window, on the main thread,
       and the frame is presented (nothing is, when nothing changed); the moment it returns
       is passed to manager.on_flip(t_ns) (stimulus onset: what was drawn is now on screen);
       then the held-back events are handed on;
    4. until the next frame is due (own perf_counter timer: Clock.tick truncates to 16 ms),
       poll the event queue about every half millisecond, stamping each batch with
       time.perf_counter_ns() right when it is taken, and hand each event to the top scene's
       handle_raw, then to the input hub, whose Press/DeviceChange items go to the top scene.

Polling at those rates (and pads at 2 kHz, shell/pad_reader.py) costs a core ~15 %, so it
happens only while someone's reaction is timed (App.timing: the top scene's times_reactions).
Otherwise (menus, turn-based waits, the demo) the queue is taken once a frame, pads are read
at SLOW_HZ, and after IDLE_AFTER_NS without input frames slow to 30 a second. A menu left alone
that can be frozen (Scene.can_rest: title, select, settings, statistics, practice) is not drawn at
all: the queue is looked at 30 times a second and pads read at REST_HZ until the next input (App.
resting). An arcade nobody plays mostly sleeps (bench/idle_cpu.py).

Why a frame thread: a reaction time is only as honest as the stamp on the press. An input that
arrives while a frame is worked out (updates and drawing: 2-4 ms in our scenes, bots and physics
included) would wait in the queue until the work ends, so polling only between frames gives a
p99 error of about that time. SDL reads the OS (and pads) only when the main thread pumps the
queue, so the main thread must keep pumping; the frame's work moves instead. While the frame
thread works, the main thread only stamps and keeps events, and hands them to the scenes after
the flip: the scenes are only ever touched by one thread at a time. A short switch interval
lets the main thread get the GIL back within ~0.05 ms when the frame thread runs Python code.
Phones (shell/phones): with `phones` on (or settings["phones"]) a PhoneLink serves the phone
page while the arcade runs (set_phones turns it on or off at once; a port it cannot have is a
notice, never a crash). Its events are taken with the queue's (take_events): a tap keeps the
stamp the phone gave it, joins and drops become the hub's DeviceChange items. After each frame
the phones are sent what changed for them, and `input_delay_ns` is set to the link's hold
window (80 ms while a phone sits at a real-time game, else 0).
F12 saves a screenshot (PNG) into the screenshot dir (default ./screenshots); with
--screenshot-dir every new scene is also saved once it has settled. F11 toggles fullscreen.
`frames` bounds the run (tests, benchmarks); `pace=False` runs frames back to back.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import warnings
from pathlib import Path

import pygame

from shell import look, main_thread, paint
from shell.key_reader import KeyReader
from shell.pad_reader import PadReader
from shell.screen import EXPOSING, Screen, choose, probe

FPS = 60
FRAME_NS = 1_000_000_000 // FPS
UPDATE_HZ = 120
UPDATE_NS = 1_000_000_000 // UPDATE_HZ
UPDATE_MS = 1000 / UPDATE_HZ
POLL_S = 0.0005            # sleep between polls of the queue while waiting for the next frame
WORK_POLL_S = 0.0003       # between polls while the frame thread works
IDLE_POLL_S = 1 / FPS      # both, while nobody's reaction is timed: one look at the queue a frame
IDLE_AFTER_NS = 10_000_000_000  # no input for this long, nobody timed: the arcade is idle ...
IDLE_FRAME_NS = 1_000_000_000 // 30  # ... and draws 30 frames a second (any input: 60 again)
INPUT_EVENTS = {pygame.KEYDOWN, pygame.KEYUP, pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP,
                pygame.JOYHATMOTION, pygame.JOYAXISMOTION, pygame.CONTROLLERBUTTONDOWN,
                pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION, pygame.MOUSEBUTTONDOWN,
                pygame.FINGERDOWN}
SWITCH_INTERVAL_S = 0.00005  # how soon a thread waiting for the GIL gets it (default: 5 ms)
MAX_CATCH_UP_NS = 100_000_000  # after a stall, do not replay more than 0.1 s of updates
LAG_CAP_NS = 20_000_000    # the input horizon never waits longer than this for the pad thread
CLOSE_WAIT_S = 30          # closing waits this long for a frame being worked out
SETTLE_FRAMES = 45         # a new scene is auto-screenshotted this many frames after it appears
NOTICE_MS = 7000


def next_shot_number(folder: Path) -> int:
    """1 + the highest number a file name in `folder` starts with ("007-title.png": 7)."""
    highest = 0
    for entry in folder.iterdir():
        digits = entry.name.split("-", 1)[0]
        if digits.isdigit():
            highest = max(highest, int(digits))
    return highest + 1


class FrameThread:
    """Runs one function (App.work: a frame's updates and drawing) on its own thread, once per
    run(take) call. run() calls take() about every `interval` s (WORK_POLL_S) until the work is
    done, and once after; an exception raised by the work is raised again in the caller."""

    def __init__(self, work):
        self._work = work
        self._go = threading.Event()
        self._done = threading.Event()
        self._error: BaseException | None = None
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="frame", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            self._go.wait()
            self._go.clear()
            if self._stopping:
                return
            try:
                self._work()
            except BaseException as exc:  # handed to the main thread, raised there
                self._error = exc
            self._done.set()

    def run(self, take, interval: float = WORK_POLL_S) -> None:
        self._error = None
        self._done.clear()
        self._go.set()
        while not self._done.wait(interval):
            take()
        take()
        if self._error is not None:
            error, self._error = self._error, None
            raise error

    def stop(self, timeout: float) -> bool:
        """Let a frame being worked out finish, then end the thread. False if it would not
        end within `timeout` seconds (a hung frame): the caller must then leave pygame up."""
        self._stopping = True
        self._go.set()
        self._thread.join(timeout=timeout)
        return not self._thread.is_alive()


class App:
    """Holds the window, the devices, the settings, the sound and the scene stack."""

    def __init__(self, manager, fullscreen: bool | None = None, size=None, screenshot_dir=None,
                 frame_limit: int | None = None, settings=None, stats=None, pace: bool = True,
                 audio: bool = True, clock_ns=time.perf_counter_ns, scale: int | None = None,
                 phones: bool | None = None, phone_port: int | None = None,
                 phone_host: str = "0.0.0.0"):
        from shell.audio import Audio
        from shell.input import InputHub
        from shell.seats import Seats
        from shell.settings import Settings
        from shell.stats import Stats

        self.clock_ns = clock_ns
        self.frame_limit = frame_limit
        self.pace = pace
        self.screenshot_dir = Path(screenshot_dir) if screenshot_dir else None
        self.auto_shots = screenshot_dir is not None
        self.settings = settings if settings is not None else Settings()
        self.stats = stats if stats is not None else Stats()
        self.notices: list[list] = []  # [text, ms left]
        for source in (self.settings, self.stats):
            note = source.take_notice()
            if note:
                self.notice(note)

        from sounds.synth import RATE

        if main_thread.wanted():
            main_thread.guard()
        pygame.mixer.pre_init(RATE, -16, 1, 512)  # the synthesised sounds' format
        # Pads keep working while another window has the focus (a TV box, a chat window).
        os.environ.setdefault("SDL_JOYSTICK_ALLOW_BACKGROUND_EVENTS", "1")
        pygame.init()  # display, font, joystick (the hub opens controllers), mixer
        if fullscreen is None:
            fullscreen = bool(self.settings.get("fullscreen", False))
        self.fullscreen = fullscreen
        wanted = self.settings.get("draw_path", "auto")
        info = probe() if wanted == "auto" else None
        self.draw_path = choose(wanted, info, pygame.display.get_driver())
        if scale is None:
            scale = self.settings.get("draw_scale", "auto")
        paint.set_scale(self._auto_scale() if scale == "auto" else scale)
        self.canvas = self._open_window(fullscreen, size)
        self.screen = Screen(self.canvas, self.draw_path, info)
        paint.track(self.canvas)
        self.damage: list = []  # pixel rects of the canvas the last frame changed
        self.log(f"drawing: {self.screen.describe()}")
        look.reset_cache()

        self.seats = Seats(names=self.settings.get("seat_names") or None)
        self.hub = InputHub(self.settings, self.seats)
        self.pads = PadReader(clock_ns)
        self.pads.start()
        self.window_id = self._window_id()  # asked once: a later call can crash pygame-ce
        self.keys = KeyReader(clock_ns)
        self.keys.start(self.window_id)
        self.audio = Audio(self.settings, enabled=audio)
        self.manager = manager(self)  # the scene stack, made by the composer's factory
        for item in self.hub.scan(self.clock_ns()):  # pads plugged in before we started
            self.manager.handle(item)
        self.running = True
        self.frames = 0
        self.frame_times: list[tuple[str, int]] = []  # (top scene name, ns of update+draw)
        self.record_frames = False
        self._shots_taken = 0
        self._seen_changes = -1
        self._settle = 0
        self._next_frame = None
        self._frame_ns = FRAME_NS  # the time between this frame and the next
        self._active_ns = clock_ns()  # the last input (App.wake)
        self._last_update = None
        self._acc = 0
        self._held: list[tuple[object, int]] = []  # (event, stamp) taken during a frame's work
        self._taken_ns = clock_ns()  # every input stamped before this has been taken
        self.input_delay_ns = 0  # hold window asked for by late input sources (phones)
        self.phones = None  # shell.phones.link.PhoneLink, once phones were turned on
        self._phone_port, self._phone_host = phone_port, phone_host
        if self.settings.get("phones", False) if phones is None else phones:
            self.set_phones(True)
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        self.frame_thread = FrameThread(self.work)

    # -- the window ------------------------------------------------------------------------------
    def _auto_scale(self) -> int:
        """4K on a 4K desktop when a GPU shows the frames; else 1080p (headless included):
        without a GPU every frame shown costs the CPU a copy of the whole canvas."""
        if self.draw_path != "gpu":
            return 1
        try:
            return paint.pick_scale(pygame.display.get_desktop_sizes()[0])
        except (pygame.error, IndexError):
            return 1

    def _open_window(self, fullscreen: bool, size) -> pygame.Surface:
        # SCALED: SDL's renderer scales the canvas to the window on the GPU, aspect kept.
        # The headless dummy driver has no window to scale and only a slow software renderer
        # (3.7 ms a flip against 0.8 ms), so there the display surface is the plain canvas.
        headless = pygame.display.get_driver() in ("dummy", "offscreen")
        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        flags = 0 if headless else pygame.SCALED
        if fullscreen:
            flags |= pygame.FULLSCREEN
        else:
            flags |= pygame.RESIZABLE
        pygame.display.set_caption("Flotte Fünf")
        canvas = pygame.display.set_mode((look.W * paint.SCALE, look.H * paint.SCALE), flags,
                                         vsync=0)
        if not fullscreen and not headless:
            self._size_window(size)
        return canvas

    def _size_window(self, size) -> None:
        """A windowed arcade gets a 16:9 window that fits the desktop (or `size`)."""
        try:
            with warnings.catch_warnings():  # pygame-ce marks this bridge as transitional
                warnings.simplefilter("ignore")
                window = pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return
        if size is None:
            try:
                dw, dh = pygame.display.get_desktop_sizes()[0]
            except (pygame.error, IndexError):
                return
            pw, ph = look.W * paint.SCALE, look.H * paint.SCALE
            scale = min(1.0, dw * 0.9 / pw, dh * 0.85 / ph)
            size = (int(pw * scale), int(ph * scale))
        if tuple(size) != tuple(window.size):
            window.size = tuple(size)

    @staticmethod
    def _window_id() -> int | None:
        """The X11 window's id (for the key thread), None on other video drivers."""
        if pygame.display.get_driver() != "x11":
            return None
        return pygame.display.get_wm_info().get("window")

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            self.log(f"fullscreen toggle failed: {exc}")
        self.screen.expose()
        self.settings.set("fullscreen", self.fullscreen)

    # -- services for scenes ---------------------------------------------------------------------
    def device_glyph(self, device: str | None) -> str:
        if not device:
            return ""
        try:
            return self.hub.glyph(device)
        except Exception:  # an unknown device id must not break a badge
            return device[:4].upper()

    def notice(self, text: str) -> None:
        """A message shown once over whatever scene is up (settings reset, stats moved ...)."""
        self.notices.append([text, NOTICE_MS])

    def log(self, text: str) -> None:
        print(f"[arcade] {text}", file=sys.stderr)

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """End the frame thread and pygame (the window, the pads, the mixer). Cached art and
        fonts die with pygame; the pixel scale goes back to 1."""
        if self.phones is not None:
            self.phones.stop()
        # The input threads go first, whatever the frame does: the pad thread calls into SDL's
        # joystick code, and a pygame.quit() (here or anyone's later) under it crashes.
        self.pads.stop()
        self.keys.stop()
        if self.frame_thread.stop(CLOSE_WAIT_S):
            self.screen.close()
            pygame.quit()
        else:  # a hung frame: never pull the window out from under it (the process ends)
            self.log(f"a frame did not finish within {CLOSE_WAIT_S} s; leaving pygame up")
        unsaved = self.stats.close()  # flushes what waits to be written (bounded)
        if unsaved:
            self.log(f"{unsaved} reaction time(s) could not be saved")
        look.reset_cache()
        paint.track(None)
        paint.set_scale(1)

    # -- screenshots -----------------------------------------------------------------------------
    def screenshot(self, label: str = "") -> Path:
        """Save the canvas as <number>-<scene>.png; the number goes on after the highest one
        already in the folder, so a new session never overwrites an earlier one's shots."""
        folder = self.screenshot_dir or Path("screenshots")
        folder.mkdir(parents=True, exist_ok=True)
        self._shots_taken += 1
        top = self.manager.top
        name = label or (top.name if top is not None else "empty")
        path = folder / f"{next_shot_number(folder):03d}-{name}.png"
        pygame.image.save(self.canvas, str(path))
        return path

    # -- the loop --------------------------------------------------------------------------------
    def start(self, target="title", **kw) -> None:
        self.manager.reset(target, **kw)

    def run(self, frames: int | None = None) -> None:
        """Run frames until quit, the stack empties, or `frames` (or frame_limit) more frames.
        Can be called again to continue (tests post events between calls)."""
        limit = frames if frames is not None else self.frame_limit
        done = 0
        now = self.clock_ns()
        if self._next_frame is None or not self.pace:
            self._next_frame = now
        if self._last_update is None or frames is not None:
            self._last_update = now
        while self.running and self.manager.stack:
            self.pump()  # (paced: poll_until has just done this; a bounded run starts here)
            if not self.running or not self.manager.stack:
                break
            t0 = self.clock_ns()
            self._acc = min(self._acc + t0 - self._last_update, MAX_CATCH_UP_NS)
            self._last_update = t0
            if not self.pace:
                self._acc = max(self._acc, FRAME_NS)  # unpaced runs still advance a frame
            timed = self.timing()
            self.pads.fast = timed
            resting = self.pace and not timed and self.resting()
            self.pads.resting = resting
            if resting:  # nothing would change on screen: no updates, no drawing, no showing
                self._acc = 0
                self._take_notices()
                self.sync_phones()
                done += 1
                if limit is not None and done >= limit:
                    break
                self._frame_ns = IDLE_FRAME_NS
                self._next_frame = max(self._next_frame + IDLE_FRAME_NS, self.clock_ns())
                self.poll_until(self._next_frame, IDLE_FRAME_NS / 1e9)  # one sleep: nothing to do
                continue
            # self.work(), on the frame thread
            self.frame_thread.run(self.hold_events, WORK_POLL_S if timed else IDLE_POLL_S)
            if not self.manager.stack or not self.running:
                self.pass_held()
                break
            t1 = self.clock_ns()
            if self.record_frames:
                self.frame_times.append((self.manager.top.name, t1 - t0))
            self.screen.show(self.damage)  # only what changed: nothing shown when nothing did
            self.damage = []
            self.manager.on_flip(self.clock_ns())
            self._after_frame()
            self.pass_held()
            self.sync_phones()
            done += 1
            if limit is not None and done >= limit:
                break
            if self.pace:
                self._frame_ns = FRAME_NS if timed or not self.idle() else IDLE_FRAME_NS
                self._next_frame += self._frame_ns
                if self._next_frame < self.clock_ns():  # fell behind: do not rush to catch up
                    self._next_frame = self.clock_ns()
                self.poll_until(self._next_frame, POLL_S if timed else IDLE_POLL_S)

    def timing(self) -> bool:
        """Is someone's reaction being timed now? The top scene says so (times_reactions: a
        live round or catch, a drill). Then input is taken about every half millisecond and
        pads are read at 2 kHz; otherwise (menus, turn-based waits, the demo) the queue is
        taken once a frame and pads are read at SLOW_HZ, and an idle arcade mostly sleeps."""
        top = self.manager.top
        check = getattr(top, "times_reactions", None)
        return bool(check is not None and check())

    def idle(self) -> bool:
        """No input for IDLE_AFTER_NS (and nobody's reaction timed: see run): frames slow to 30
        a second, e.g. a title screen left alone, until the next input."""
        return self.clock_ns() - self._active_ns > IDLE_AFTER_NS

    def resting(self) -> bool:
        """May the arcade stop drawing altogether? Idle (see idle()), nothing to tell (no
        notice up), the window holding its whole picture, and the top scene content to be
        frozen (Scene.can_rest: a title or a menu, never a game, a countdown or a demo). While
        resting no frame is worked out or shown and the queue is looked at once per
        IDLE_FRAME_NS; the first input wakes it (the press keeps its own stamp)."""
        return (self.idle() and not self.notices and not self.screen.owes_picture()
                and self.manager.can_rest())

    def wake(self) -> None:
        """Someone is there (an input came): full frame rate again."""
        self._active_ns = self.clock_ns()

    def work(self) -> None:
        """A frame's work: the updates real time asks for, then the drawing."""
        while self._acc >= UPDATE_NS and self.manager.stack:
            self.manager.update(UPDATE_MS)
            self._acc -= UPDATE_NS
        if self.manager.stack and self.running:
            self.draw()

    def draw(self) -> None:
        """Draw the frame: recorded, then only what changed is redrawn (shell.paint)."""
        paint.begin_frame()
        try:
            self.manager.draw(self.canvas)
            if self.notices:
                y = look.SAFE.top
                for text, _ in self.notices[:2]:
                    for line in text.split("\n")[:3]:
                        rect = look.banner(self.canvas, line[:90], look.PANEL, y=y)
                        y = rect.bottom + 12
        except BaseException:
            paint.cancel_frame()
            raise
        self.damage = paint.end_frame()

    def _after_frame(self) -> None:
        self.frames += 1
        self._take_notices()
        for note in self.notices:
            note[1] -= self._frame_ns / 1e6
        self.notices = [n for n in self.notices if n[1] > 0]
        if self.auto_shots:
            if self.manager.changes != self._seen_changes:
                self._seen_changes = self.manager.changes
                self._settle = SETTLE_FRAMES
            elif self._settle > 0:
                self._settle -= 1
                if self._settle == 0:
                    self.screenshot()

    def _take_notices(self) -> None:
        for source in (self.settings, self.stats):  # notices made since: shown once, now
            note = source.take_notice()
            if note:
                self.notice(note)

    def poll_until(self, deadline_ns: int, interval: float = POLL_S) -> None:
        """Take events from the queue about every `interval` s until deadline_ns."""
        while True:
            self.pump()
            left = deadline_ns - self.clock_ns()
            if left <= 0 or not self.running:
                return
            time.sleep(min(left / 1e9, interval))

    def take_events(self) -> tuple[list[tuple[object, int]], int]:
        """Take every event waiting in SDL's queue, each with its stamp: a key or pad event with
        the stamp the key or pad thread gave it when it was read (shell/key_reader.py,
        shell/pad_reader.py), anything else (and keys and pads where those threads do not run)
        with the moment it is taken from the queue.
        Also returns the stamp before which every input is now in hand (a pad thread that
        lags, on a busy machine, holds that back, but never by more than LAG_CAP_NS)."""
        with self.pads.lock:
            events = pygame.event.get()
            t_ns = self.clock_ns()
            settled = self.pads.settled_ns if self.pads.running else t_ns
            stamped = [(event, self.keys.stamp(event, t_ns) or self.pads.stamp(event, t_ns)
                        or t_ns) for event in events]
        if self.phones is not None:  # a tap keeps the phone's stamp (PhoneInput.t_ns)
            stamped += [(e, getattr(e, "t_ns", t_ns)) for e in self.phones.drain()]
        return stamped, max(min(t_ns, settled), t_ns - LAG_CAP_NS)

    # -- phones ----------------------------------------------------------------------------------
    def set_phones(self, on: bool) -> bool:
        """Start (or stop) the phone server at once; True when it listens afterwards. A port it
        cannot have is shown as a notice. Port: phone_port, else settings["phone_port"]."""
        from shell.phones.link import PhoneLink

        if on and (self.phones is None or not self.phones.running):
            port = self._phone_port
            if port is None:
                port = self.settings.get("phone_port", 8642)
            if self.phones is None:
                self.phones = PhoneLink(self._phone_host, self.clock_ns)
            problem = self.phones.start(port)
            if problem:
                self.notice(problem)
        elif not on and self.phones is not None:
            self.phones.stop()  # its phones' PhoneLeft("stopped") come with the next take
        return self.phones is not None and self.phones.running

    def sync_phones(self) -> None:
        """After a frame: send the phones what changed for them; set the hold window."""
        if self.phones is not None:
            self.phones.sync(self.seats, self.manager.stack)
            self.input_delay_ns = self.phones.hold_ns(self.manager.stack)

    def input_horizon_ns(self) -> int:
        """The stamp before which every input has reached the scenes: scenes apply real-time
        input in stamp order up to here (scenes/game_scene.py, run_stream). While a frame is
        worked out it stays where the frame began: what is taken meanwhile is handed over after
        the flip."""
        return self._taken_ns

    def pump(self) -> None:
        events, self._taken_ns = self.take_events()
        for event, t_ns in events:
            self.dispatch(event, t_ns)
        self._tick_hub(self.clock_ns())

    def _tick_hub(self, t_ns: int) -> None:
        for item in self.hub.tick(t_ns):  # a held "back" turns into LEAVE without an event
            self.manager.handle(item)

    def hold_events(self) -> None:
        """While the frame thread works: take and stamp events, keep them for pass_held().
        (The input horizon stays where the frame began: these are handed over after the flip.)"""
        self._held.extend(self.take_events()[0])

    def pass_held(self) -> None:
        """Hand on the events held back during the frame's work, with the stamps they got."""
        held, self._held = self._held, []
        for event, t_ns in held:
            if self.running:
                self.dispatch(event, t_ns)
        if held:
            self._tick_hub(held[-1][1])

    def dispatch(self, event, t_ns: int) -> None:
        if not isinstance(event, pygame.event.Event):  # a phone's (shell.phones.events)
            for item in self.hub.handle_phone(event, t_ns):
                self.manager.handle(item)
            return
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in EXPOSING:
            self.screen.expose()
        elif event.type in INPUT_EVENTS:
            self.wake()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            self.log(f"screenshot: {self.screenshot()}")
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.manager.handle_raw(event, t_ns):
            return
        for item in self.hub.handle(event, t_ns):
            self.manager.handle(item)
