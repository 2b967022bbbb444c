"""Lag calibration, as rhythm games do it: tap along to a flash (the TV's lag) and to a click
(the sound's lag); the medians are kept in the settings (scenes/practice/lag.py) and every
practice screen shows reaction times less the TV lag, saying so. Stored times stay raw.

    manager.push("calibrate")

Any device drives the menu: "TV lag" and "Sound lag" (Left/Right: a ms more or less by hand;
A: measure), "Reset both", "Done". Measuring: a square flashes (or a click sounds) every
PERIOD_MS, BEATS times after a short lead-in; tap A with it, on the device that started it.
The offsets of the taps from their beats (the first lag.SKIP_TAPS taps left out) give the lag:
their median. A keeps it, B drops it; with too few taps near the beats it asks again.

What each figure includes (lag.measure): the flash's offset runs from the moment display.flip()
returned after drawing it (what a drill calls stimulus onset) to the tap's stamp: the TV's
own processing and the pad's or keyboard's lag, and the tapper's habit of tapping a little
early or late. The click's runs from the moment it was handed to the mixer: the mixer's buffer,
the sound driver and the speakers' delay, and the same habit. Where no sound device plays
(SDL's dummy driver) nothing can be heard: the sound lag offered then is the mixer's buffer
alone (MIXER_BUFFER samples at the mixer's rate), and the screen says so.
"""

from __future__ import annotations

import pygame

from game.words import plural
from shell import look, paint
from shell.settings import MAX_LAG_MS

from ..base import Scene
from ..practice import lag
from ..widgets import Menu, down, is_press

PERIOD_MS = 750        # 80 beats a minute: easy to tap along to
BEATS = 16
LEAD_MS = 1500         # from A to the first beat
FLASH_MS = 120
MIXER_BUFFER = 512     # samples: as shell/app.py opens the mixer
MIXER_RATE = 22050
MS = 1_000_000


def mixer_ms() -> float:
    """The mixer's buffer in ms: the least a sound can lag."""
    try:
        rate = (pygame.mixer.get_init() or (MIXER_RATE,))[0]
    except pygame.error:
        rate = MIXER_RATE
    return MIXER_BUFFER / rate * 1000


class CalibrateScene(Scene):
    def enter(self, **kw) -> None:
        self.menu = Menu([("video", self.video_label), ("audio", self.audio_label),
                          ("reset", "Reset both to 0"), ("done", "Done")])
        self.test: str | None = None   # "video" / "audio" while tapping
        self.device: str | None = None  # whose taps count
        self.result: lag.Measurement | None = None
        self.message = ""
        self.now = 0

    def video_label(self) -> str:
        return f"TV lag:  <  {lag.video_lag(self.app.settings)} ms  >   (measure)"

    def audio_label(self) -> str:
        return f"Sound lag:  <  {lag.audio_lag(self.app.settings)} ms  >   (measure)"

    def times_reactions(self) -> bool:
        """While taps along the beat are measured, presses are read at full rate."""
        return self.test is not None

    # -- measuring ------------------------------------------------------------------------------
    def start(self, which: str, device: str | None = None) -> None:
        self.test = which
        self.device = device  # only its taps count: one person taps along
        self.result = None
        self.message = ""
        now = self.app.clock_ns()
        self.beats_ns = [now + (LEAD_MS + k * PERIOD_MS) * MS for k in range(BEATS)]
        self.onsets: dict[int, int] = {}  # beat -> when it was shown (flip) or handed on
        self.taps: list[int] = []
        self.lit: int | None = None
        self.now = now
        self.silent = which == "audio" and not getattr(self.app.audio, "ok", False)

    def update(self, dt_ms: float) -> None:
        if self.test is None or self.result is not None:
            return
        self.now = now = self.app.clock_ns()
        self.lit = None
        for k, beat in enumerate(self.beats_ns):
            if beat <= now < beat + FLASH_MS * MS:
                self.lit = k
            if self.test == "audio" and beat <= now and k not in self.onsets:
                self.app.audio.play("countdown")
                self.onsets[k] = now  # handed to the mixer now
        if now >= self.beats_ns[-1] + PERIOD_MS * MS:
            self.finish()

    def on_flip(self, t_ns: int) -> None:
        if self.test == "video" and self.lit is not None and self.lit not in self.onsets:
            self.onsets[self.lit] = t_ns  # the frame that first showed this flash

    def finish(self) -> None:
        if self.silent:
            self.result = lag.Measurement(round(mixer_ms()), 0, 0)
            self.message = (f"No sound plays here: the mixer's buffer alone adds "
                            f"{mixer_ms():.0f} ms (drivers and speakers add more).")
            return
        found = lag.measure(self.taps, list(self.onsets.values()), PERIOD_MS * MS)
        if found is None:
            self.test = None
            self.message = "Too few taps with the beat: try again, tapping A on every beat."
            self.app.audio.play("error")
            return
        self.result = found
        if found.lag_ms < 0:
            self.message = "Your taps came before the beat: no lag to correct (0 ms)."

    def keep(self) -> None:
        value = max(0, min(MAX_LAG_MS, self.result.lag_ms))
        self.app.settings.set(lag.VIDEO if self.test == "video" else lag.AUDIO, value)
        self.app.audio.play("confirm")
        self.test, self.result, self.message = None, None, ""

    # -- input ----------------------------------------------------------------------------------
    def handle(self, item) -> None:
        if not is_press(item):
            return
        if self.test is not None:
            if self.result is None:
                if item.down and item.action == "a" and item.device == self.device:
                    self.taps.append(item.t_ns)
                elif down(item, "b", "back"):
                    self.test, self.message = None, "Stopped."
                return
            if down(item, "a"):
                self.keep()
            elif down(item, "b", "back"):
                self.test, self.result, self.message = None, None, ""
            return
        what = self.menu.handle(item)
        key = self.menu.key
        if what == "move":
            self.app.audio.play("move")
        elif what in ("left", "right") and key in ("video", "audio"):
            name = lag.VIDEO if key == "video" else lag.AUDIO
            now = lag.video_lag(self.app.settings) if key == "video" else \
                lag.audio_lag(self.app.settings)
            value = max(0, min(MAX_LAG_MS, now + (1 if what == "right" else -1)))
            self.app.settings.set(name, value)
            self.app.audio.play("move")
        elif what == "choose":
            if key in ("video", "audio"):
                self.start(key, item.device)
            elif key == "reset":
                self.app.settings.update(**{lag.VIDEO: 0, lag.AUDIO: 0})
                self.app.audio.play("confirm")
            else:
                self.back()
        elif what == "back":
            self.back()

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, canvas) -> None:
        look.background(canvas)
        look.title(canvas, "Lag calibration")
        if self.test is None:
            self.menu.draw(canvas, look.SAFE.top + 140, width=1000, height=72, gap=16)
            text = ("A TV shows a picture some ms after it was sent (more outside its game "
                    "mode), and a pad adds a few. Tap along to a flash to measure both: "
                    "reaction times on the practice screens are shown less it. Stored times "
                    "stay as measured.")
            look.paragraph(canvas, text, pygame.Rect(look.SAFE.left + 200, look.SAFE.top + 520,
                                                     look.SAFE.width - 400, 260), look.BODY,
                           look.MUTED)
            if self.message:
                look.text(canvas, self.message, (look.CENTER[0], look.SAFE.bottom - 100),
                          look.BODY, look.ACCENT, "midtop")
            self.draw_hint(canvas, [(("up", "down"), "choose"),
                                    (("left", "right"), "1 ms less / more"), ("a", "measure"),
                                    ("b", "back")])
            return
        if self.result is not None:
            self.draw_result(canvas)
            return
        what = "flash" if self.test == "video" else "click"
        look.text(canvas, f"Tap along with every {what}:", (look.CENTER[0], look.SAFE.top + 110),
                  look.LARGE, look.ACCENT, "midtop")
        self.draw_hint(canvas, [("a", "tap")], pos=(look.CENTER[0], look.SAFE.top + 180),
                       anchor="midtop", size=look.BODY)
        square = pygame.Rect(0, 0, 460, 460)
        square.center = (look.CENTER[0], look.CENTER[1] + 40)
        if self.test == "video":
            if self.lit is not None:
                paint.rect(canvas, look.WHITE, square, border_radius=40)
            else:
                paint.rect(canvas, look.PANEL_EDGE, square, 6, border_radius=40)
        else:  # nothing moves with the click: a picture would be tapped to instead
            look.text(canvas, "listen ...", square.center, look.TITLE, look.MUTED, "center")
        look.text(canvas, plural(len(self.taps), "tap"), (look.CENTER[0], square.bottom + 30),
                  look.BODY, look.TEXT, "midtop")
        self.draw_hint(canvas, [("b", "stop")])

    def draw_result(self, canvas) -> None:
        r = self.result
        name = "TV lag" if self.test == "video" else "Sound lag"
        look.text(canvas, f"{name}: {max(0, r.lag_ms)} ms", (look.CENTER[0], look.CENTER[1] - 120),
                  look.HUGE, look.ACCENT, "center")
        if r.taps:
            look.text(canvas, f"from {r.taps} taps, steady within +/- {r.spread_ms} ms",
                      (look.CENTER[0], look.CENTER[1] + 10), look.BODY, look.TEXT, "midtop")
        if self.message:
            for i, line in enumerate(look.wrap(self.message, look.BODY, look.SAFE.width - 200)):
                look.text(canvas, line, (look.CENTER[0], look.CENTER[1] + 70 + 50 * i),
                          look.BODY, look.MUTED, "midtop")
        if self.test == "video":
            look.text(canvas, f"Practice screens will say: {lag.note(max(1, r.lag_ms))}"
                      if r.lag_ms > 0 else "Practice screens will show times as measured.",
                      (look.CENTER[0], look.CENTER[1] + 190), look.SMALL, look.MUTED, "midtop")
        self.draw_hint(canvas, [("a", "keep it"), ("b", "drop it")])
