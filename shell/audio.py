"""Sound for the arcade: the synthesised effects of sounds/synth.py, an optional music loop, and
three volumes (master, music, effects) that apply at once.

    audio = Audio(settings)       # opens the mixer; without a sound device it stays silent
    audio.play("join")            # unknown names and a missing mixer are harmless no-ops
    audio.set_volumes(master=0.5) # stored in settings and applied immediately
    audio.music(True / False)

Effects are rendered once, on a thread of their own that starts with the Audio (5-200 ms each
in pure Python, the music loop about half a second): a sound is never made on the thread that
plays it, so playing never stalls a frame or the input. A sound asked for before it is ready is
skipped (counted in `skipped`); music asked for before it is ready starts when it is. With SDL's
dummy audio driver nothing is synthesised (`ok` is False) but play() still counts what would
have played.
"""

from __future__ import annotations

import threading
from array import array
from collections import Counter

import pygame

from sounds import synth


class Audio:
    def __init__(self, settings=None, enabled: bool = True):
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.music_sound = None
        self.music_channel = None
        self.ok = False
        self.channels = 1
        self.played: list[str] = []  # names played, newest last (the last 50)
        self.counts: Counter = Counter()  # how often each name was played (tests read it)
        self.skipped: Counter = Counter()  # asked for before they were made
        self.ready = threading.Event()     # set once every effect and the music are made
        self._want_music = False
        self._lock = threading.Lock()
        if enabled:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=synth.RATE, size=-16, channels=1, buffer=512)
                freq, size, channels = pygame.mixer.get_init()
                # The dummy driver plays nothing: do not spend time synthesising for it.
                self.ok = freq == synth.RATE and size == -16 and _driver() != "dummy"
                self.channels = channels
                pygame.mixer.set_num_channels(16)
            except pygame.error:
                self.ok = False
        if self.ok:
            threading.Thread(target=self._prepare, name="sounds", daemon=True).start()
        else:
            self.ready.set()

    def _prepare(self) -> None:
        """Make every effect, then the music loop (on the "sounds" thread)."""
        try:
            for name in synth.EFFECTS:
                self.sound(name)
            music = self._make(synth.music_loop())
            with self._lock:
                self.music_sound = music
                start = self._want_music
            if start:
                self.music(True)
        except pygame.error:
            pass  # the mixer went away (closing): nothing to play anyway
        finally:
            self.ready.set()

    # -- volumes -------------------------------------------------------------------------------
    def volume(self, key: str) -> float:
        defaults = {"master_volume": 0.8, "music_volume": 0.6, "effects_volume": 0.9}
        if self.settings is None:
            return defaults[key]
        return float(self.settings.get(key, defaults[key]))

    def set_volumes(self, **values: float) -> None:
        """master=, music=, effects= (0..1): saved in settings and applied now."""
        clean = {f"{k}_volume": round(min(1.0, max(0.0, v)), 2) for k, v in values.items()}
        if self.settings is not None:
            self.settings.update(**clean)
        self.apply_volumes()

    def apply_volumes(self) -> None:
        effects = self.volume("master_volume") * self.volume("effects_volume")
        for sound in self.sounds.values():
            sound.set_volume(effects)
        if self.music_channel is not None:
            self.music_channel.set_volume(self.volume("master_volume") * self.volume("music_volume"))

    # -- playing -------------------------------------------------------------------------------
    def _make(self, samples) -> pygame.mixer.Sound:
        data = synth.pcm(samples)
        if self.channels > 1:  # the mixer opened in stereo (or more): duplicate the channel
            data = array("h", (v for v in data for _ in range(self.channels)))
        return pygame.mixer.Sound(buffer=data.tobytes())

    def sound(self, name: str):
        """The effect `name`, made now if it is not made yet (the preparing thread's job: the
        playing side uses self.sounds.get and never waits)."""
        if name not in self.sounds:
            build = synth.EFFECTS.get(name)
            if build is None:
                return None
            made = self._make(build())
            made.set_volume(self.volume("master_volume") * self.volume("effects_volume"))
            self.sounds[name] = made  # (only now can play() see it: at its volume)
        return self.sounds[name]

    def play(self, name: str) -> None:
        self.played.append(name)
        del self.played[:-50]
        self.counts[name] += 1
        if not self.ok:
            return
        sound = self.sounds.get(name)
        if sound is None:
            self.skipped[name] += 1
            return
        try:
            sound.play()
        except pygame.error:
            pass

    def music(self, on: bool = True) -> None:
        if not self.ok:
            return
        try:
            if on:
                with self._lock:
                    self._want_music = True
                    if self.music_sound is None:
                        return  # it starts when the preparing thread has made it
                if self.music_channel is None or not self.music_channel.get_busy():
                    self.music_channel = self.music_sound.play(loops=-1)
                self.apply_volumes()
            else:
                self._want_music = False
                if self.music_channel is not None:
                    self.music_channel.stop()
                    self.music_channel = None
        except pygame.error:
            pass


def _driver() -> str:
    try:
        return pygame.mixer.get_driver()
    except (AttributeError, pygame.error):
        return ""
