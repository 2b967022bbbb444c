"""The arcade's sounds, synthesised by code: no sample files, no numpy.

Each effect is a function returning mono 16-bit PCM samples (array('h')) at RATE. shell.audio
turns them into pygame Sounds. Effects are short and bright so they cut through talk on a sofa;
all share one small vocabulary (soft sine/triangle notes with quick attack and exponential
decay, and filtered noise for hits), so the games sound like one arcade.

EFFECTS maps a name to its builder: join, leave, move, confirm, back, error, countdown, go, win,
lose, slap, thump, box_drop, card_flip, ready. music_loop() builds an optional background loop.
"""

from __future__ import annotations

import math
import random
from array import array

RATE = 22050
PEAK = 28000


def _n(ms: float) -> int:
    return max(1, int(RATE * ms / 1000))


def note(freq: float, ms: float, volume: float = 0.6, wave: str = "sine", attack_ms: float = 4,
         decay: float = 6.0, freq_end: float | None = None) -> list[float]:
    """One note as floats in -1..1: exponential decay, optional pitch glide to freq_end."""
    n = _n(ms)
    attack = max(1, _n(attack_ms))
    out = []
    phase = 0.0
    f_end = freq if freq_end is None else freq_end
    for i in range(n):
        t = i / n
        f = freq + (f_end - freq) * t
        phase += 2 * math.pi * f / RATE
        if wave == "sine":
            v = math.sin(phase)
        elif wave == "triangle":
            x = (phase / (2 * math.pi)) % 1.0
            v = 4 * abs(x - 0.5) - 1
        else:  # square, softened
            v = 0.6 if math.sin(phase) >= 0 else -0.6
        env = min(1.0, i / attack) * math.exp(-decay * t)
        out.append(v * env * volume)
    return out


def noise(ms: float, volume: float = 0.6, decay: float = 12.0, smooth: float = 0.5,
          seed: int = 1) -> list[float]:
    """A noise burst; `smooth` (0..1) low-passes it from hiss (0) to thud (0.95)."""
    rng = random.Random(seed)
    n = _n(ms)
    out = []
    prev = 0.0
    for i in range(n):
        prev = prev * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(prev * volume * math.exp(-decay * i / n) * (1 / max(0.2, 1 - smooth)) ** 0.5)
    return out


def silence(ms: float) -> list[float]:
    return [0.0] * _n(ms)


def mix(*parts: list[float]) -> list[float]:
    n = max(len(p) for p in parts)
    out = [0.0] * n
    for p in parts:
        for i, v in enumerate(p):
            out[i] += v
    return out


def seq(*parts: list[float]) -> list[float]:
    out: list[float] = []
    for p in parts:
        out.extend(p)
    return out


def pcm(samples: list[float]) -> array:
    """Floats in -1..1 -> 16-bit PCM, clipped."""
    return array("h", [int(v * PEAK) if -1.0 < v < 1.0 else (PEAK if v > 0 else -PEAK)
                       for v in samples])


# -- the effects ----------------------------------------------------------------------------------
def join():
    return seq(note(523, 90, wave="triangle"), note(784, 160, wave="triangle"))


def leave():
    return seq(note(659, 90, wave="triangle"), note(440, 160, wave="triangle"))


def ready():
    return seq(note(659, 70), note(880, 70), note(1319, 140))


def move():
    return note(880, 45, volume=0.35, wave="triangle", decay=9)


def confirm():
    return seq(note(660, 70, wave="triangle"), note(990, 130, wave="triangle"))


def back():
    return note(520, 110, volume=0.45, wave="triangle", freq_end=380)


def error():
    return mix(note(180, 260, volume=0.5, wave="square", decay=4, freq_end=140),
               note(187, 260, volume=0.3, wave="square", decay=4, freq_end=146))


def countdown():
    return note(660, 160, volume=0.6, decay=4)


def go():
    return note(1320, 380, volume=0.6, decay=3)


def win():
    return seq(*(note(f, 120, wave="triangle", decay=3) for f in (523, 659, 784)),
               note(1047, 520, wave="triangle", decay=3))


def lose():
    return seq(note(392, 180, wave="triangle"), note(330, 180, wave="triangle"),
               note(262, 420, wave="triangle", decay=3))


def slap():
    return mix(noise(120, volume=0.9, decay=18, smooth=0.3, seed=3),
               note(140, 90, volume=0.5, decay=10))


def thump():
    return mix(note(90, 220, volume=0.8, freq_end=50, decay=7),
               noise(60, volume=0.3, decay=20, smooth=0.8, seed=5))


def box_drop():
    return seq(mix(note(220, 110, volume=0.55, freq_end=160, decay=12),
                   noise(50, volume=0.6, decay=25, smooth=0.6, seed=7)),
               mix(note(240, 70, volume=0.25, decay=14)))


def card_flip():
    return noise(70, volume=0.5, decay=10, smooth=0.15, seed=11)


EFFECTS = {
    "join": join, "leave": leave, "ready": ready, "move": move, "confirm": confirm, "back": back,
    "error": error, "countdown": countdown, "go": go, "win": win, "lose": lose, "slap": slap,
    "thump": thump, "box_drop": box_drop, "card_flip": card_flip,
}


def music_loop() -> list[float]:
    """An easy four-bar loop (C Am F G): soft bass and a plucked arpeggio, 4 s, played looped.
    Each distinct note is rendered once and copied (pure Python is slow per sample)."""
    beat = 60000 / 120 / 2  # eighth notes at 120 bpm
    chords = [(131, (262, 330, 392)), (110, (220, 262, 330)),
              (87, (175, 220, 262)), (98, (196, 247, 294))]
    memo: dict = {}

    def cached_note(*args):
        if args not in memo:
            memo[args] = note(*args)
        return memo[args]

    out: list[float] = []
    for bass, triad in chords:
        bar: list[float] = []
        for step in range(8):
            f = triad[(0, 1, 2, 1)[step % 4]] * 2
            bar.extend(cached_note(f, beat, 0.16, "triangle", 4, 5))
        bass_part = seq(cached_note(bass, beat * 4, 0.28, "sine", 4, 2),
                        cached_note(bass, beat * 4, 0.22, "sine", 4, 2))
        out.extend(mix(bar, bass_part))
    return out
