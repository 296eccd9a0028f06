"""Sounds exist, load, play with the dummy driver, and respect the settings; no device, no crash."""

import wave

import pygame
import pytest

from game.settings import Settings
from game.ui import audio
from game.ui.paths import SOUNDS_DIR


@pytest.mark.parametrize("name", audio.SOUND_NAMES)
def test_sound_files_are_short_mono_16bit(name):
    with wave.open(str(SOUNDS_DIR / f"{name}.wav")) as w:
        assert w.getnchannels() == 1 and w.getsampwidth() == 2
        assert 0.01 < w.getnframes() / w.getframerate() < 3.0
    assert (SOUNDS_DIR / "LICENSE").exists()


def test_play_honours_settings():
    a = audio.Audio()
    assert a.init()  # SDL_AUDIODRIVER=dummy
    try:
        a.apply(Settings(sound=True, volume=0.5))
        assert a.play("click")
        a.apply(Settings(sound=False))
        assert not a.play("click")
        a.apply(Settings(sound=True, volume=0.0))
        assert not a.play("click")
        a.apply(Settings())
        assert not a.play("no-such-sound")
    finally:
        a.quit()


def test_no_device_means_silence(monkeypatch):
    def fail(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)
    a = audio.Audio()
    assert a.init() is False
    assert a.play("deal") is False
