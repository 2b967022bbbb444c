"""Sound for the arcade: the synthesised effects of sounds/synth.py, an optional music loop, and
three volumes (master, music, effects) that apply at once.

    audio = Audio(settings)       # opens the mixer; without a sound device it stays silent
    audio.play("join")            # unknown names and a missing mixer are harmless no-ops
    audio.set_volumes(master=0.5) # stored in settings and applied immediately
    audio.music(True / False)

Effects are rendered once, lazily, on first use (a few ms each in pure Python); the music
loop takes about half a second, once. With SDL's dummy audio driver nothing is synthesised
(`ok` is False) but play() still counts what would have played.
"""

from __future__ import annotations

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
        if name not in self.sounds:
            build = synth.EFFECTS.get(name)
            if build is None:
                return None
            self.sounds[name] = self._make(build())
            self.sounds[name].set_volume(self.volume("master_volume") * self.volume("effects_volume"))
        return self.sounds[name]

    def play(self, name: str) -> None:
        self.played.append(name)
        del self.played[:-50]
        self.counts[name] += 1
        if not self.ok:
            return
        try:
            sound = self.sound(name)
            if sound is not None:
                sound.play()
        except pygame.error:
            pass

    def preload(self) -> None:
        if self.ok:
            for name in synth.EFFECTS:
                self.sound(name)

    def music(self, on: bool = True) -> None:
        if not self.ok:
            return
        try:
            if on:
                if self.music_sound is None:
                    self.music_sound = self._make(synth.music_loop())
                if self.music_channel is None or not self.music_channel.get_busy():
                    self.music_channel = self.music_sound.play(loops=-1)
                self.apply_volumes()
            elif self.music_channel is not None:
                self.music_channel.stop()
                self.music_channel = None
        except pygame.error:
            pass


def _driver() -> str:
    try:
        return pygame.mixer.get_driver()
    except (AttributeError, pygame.error):
        return ""
