"""Sound effects: ``audio.play("deal")``, honouring the sound and volume settings.

Machines without a sound device are common (servers, some laptops under Linux): if the mixer
cannot start, the game simply stays silent.
"""

from __future__ import annotations

import logging

import pygame

from game.ui.paths import SOUNDS_DIR

log = logging.getLogger(__name__)

SOUND_NAMES = ("deal", "draw", "place", "shuffle", "pickup", "win", "click", "error")


class Audio:
    def __init__(self, sounds_dir=SOUNDS_DIR):
        self.sounds_dir = sounds_dir
        self.available = False
        self.enabled = True
        self.volume = 0.8
        self._sounds: dict[str, pygame.mixer.Sound] = {}

    def init(self) -> bool:
        """Start the mixer and load the sounds; False (and silence) when there is no device."""
        if self.available:
            return True
        try:
            if not pygame.mixer.get_init():
                # A small buffer keeps a card's sound in step with its animation.
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
        except (pygame.error, OSError) as e:
            log.info("no sound: %s", e)
            return False
        for name in SOUND_NAMES:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(self.sounds_dir / f"{name}.wav"))
            except (pygame.error, FileNotFoundError) as e:
                log.warning("sound %s not loaded: %s", name, e)
        self.available = True
        return True

    def apply(self, settings) -> None:
        """Take ``sound`` and ``volume`` from a :class:`game.settings.Settings`."""
        self.enabled = bool(settings.sound)
        self.volume = max(0.0, min(1.0, float(settings.volume)))

    def play(self, name: str, volume: float = 1.0) -> bool:
        """Play a sound at ``volume`` (times the setting); True if it was started."""
        if not (self.available and self.enabled) or self.volume <= 0:
            return False
        snd = self._sounds.get(name)
        if snd is None:
            return False
        snd.set_volume(self.volume * max(0.0, min(1.0, volume)))
        return snd.play() is not None

    def quit(self) -> None:
        self._sounds.clear()
        if self.available and pygame.mixer.get_init():
            pygame.mixer.quit()
        self.available = False


# The game's one mixer; screens call ``audio.play(name)``.
_audio = Audio()


def get() -> Audio:
    return _audio


def init(settings=None) -> bool:
    ok = _audio.init()
    if settings is not None:
        _audio.apply(settings)
    return ok


def apply(settings) -> None:
    _audio.apply(settings)


def play(name: str, volume: float = 1.0) -> bool:
    return _audio.play(name, volume)
