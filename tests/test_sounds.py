"""The synthesised sounds: every effect renders to clean 16-bit PCM; volumes apply at once."""

import pygame
import pytest

from shell.audio import Audio
from sounds import synth


@pytest.mark.parametrize("name", sorted(synth.EFFECTS))
def test_each_effect_is_short_audible_and_not_clipped_garbage(name):
    samples = synth.EFFECTS[name]()
    pcm = synth.pcm(samples)
    assert 0.03 * synth.RATE <= len(pcm) <= 1.5 * synth.RATE
    peak = max(abs(v) for v in pcm)
    assert 3000 < peak <= synth.PEAK
    assert abs(pcm[-1]) < peak * 0.5  # it fades out instead of ending in a click


def test_music_loop_is_four_bars_at_120_bpm():
    music = synth.music_loop()
    assert len(music) == pytest.approx(4 * 2.0 * synth.RATE, rel=0.01)
    assert max(abs(v) for v in music) < 1.0


class FakeSettings(dict):
    def update(self, **kw):
        super().update(kw)


def test_volumes_apply_to_loaded_sounds_at_once():
    pygame.mixer.quit()
    audio = Audio(FakeSettings(master_volume=1.0, effects_volume=1.0, music_volume=1.0))
    if not pygame.mixer.get_init():
        pytest.skip("no mixer at all on this machine")
    audio.ok = True  # the dummy driver: make the sounds anyway to check their volume
    sound = audio.sound("join")
    assert sound.get_volume() == pytest.approx(1.0, abs=0.01)
    audio.set_volumes(master=0.5, effects=0.5)
    assert sound.get_volume() == pytest.approx(0.25, abs=0.01)
    assert audio.settings["master_volume"] == 0.5
    audio.set_volumes(master=3)  # clamped
    assert audio.settings["master_volume"] == 1.0
    pygame.mixer.quit()


def test_unknown_sound_and_dummy_driver_are_harmless():
    audio = Audio(None)
    audio.play("no such sound")
    audio.play("join")
    assert audio.counts["join"] == 1


def test_sounds_are_made_on_their_own_thread_and_playing_never_makes_one(monkeypatch):
    """Synthesis costs 5-200 ms a sound: play() must never do it on the caller's thread."""
    import threading

    made_on = []
    real = synth.EFFECTS["join"]
    monkeypatch.setitem(synth.EFFECTS, "join",
                        lambda: made_on.append(threading.current_thread().name) or real())
    pygame.mixer.quit()
    audio = Audio(None)
    if not pygame.mixer.get_init():
        pytest.skip("no mixer at all on this machine")
    audio.ok = True                       # the dummy driver: make them anyway, as a real one would
    audio.sounds.clear()
    audio.play("join")                    # not made yet: skipped, never made here
    assert made_on == [] and audio.skipped["join"] == 1
    audio.ready.clear()
    worker = threading.Thread(target=audio._prepare, name="sounds")
    worker.start()
    worker.join(timeout=30)
    assert made_on == ["sounds"] and audio.ready.is_set()
    audio.play("join")
    assert audio.skipped["join"] == 1     # made once, played from then on
    pygame.mixer.quit()
