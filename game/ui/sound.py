"""Sound effects with master/effects volume, rate limiting and a silent fallback.

Sounds are WAV files in ``assets/sounds`` (made by ``tools/gen_sounds.py``).
If the mixer cannot start (no audio device, dummy driver) or a file is
missing, ``play`` quietly does nothing: sound is never worth a crash.  Dice
hitting the felt can fire dozens of impacts a second, so each name is rate
limited and only a few sounds overlap.
"""
from __future__ import annotations

import time

import pygame

from ..paths import asset_path

SOUND_NAMES = ("click", "hover", "felt", "rail", "win", "error", "curtain")
MIN_GAP = {"felt": 0.035, "rail": 0.05, "hover": 0.05}
"""Seconds between two plays of the same sound (default 0.02)."""
MAX_CHANNELS = 16


class Sounds:
    def __init__(self, settings, *, clock=time.perf_counter):
        self.master = settings.master_volume
        self.effects = settings.effects_volume
        self._clock = clock
        self._last: dict[str, float] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.enabled = False
        self.played: list[str] = []  # names played (kept short; for tests)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(MAX_CHANNELS)
            self.enabled = True
        except pygame.error:
            return
        for name in SOUND_NAMES:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", name + ".wav")))
            except (pygame.error, FileNotFoundError, OSError):
                pass

    def apply_settings(self, settings) -> None:
        self.master = settings.master_volume
        self.effects = settings.effects_volume

    def play(self, name: str, volume: float = 1.0) -> None:
        """Play ``name`` at ``volume`` x effects x master; never raises."""
        now = self._clock()
        if now - self._last.get(name, -1e9) < MIN_GAP.get(name, 0.02):
            return
        self._last[name] = now
        self.played.append(name)
        del self.played[:-50]
        sound = self._sounds.get(name)
        level = max(0.0, min(1.0, volume * self.master * self.effects))
        if sound is None or level <= 0.0:
            return
        try:
            channel = pygame.mixer.find_channel(False)
            if channel is not None:
                channel.set_volume(level)
                channel.play(sound)
        except pygame.error:
            pass

    def close(self) -> None:
        try:
            if pygame.mixer.get_init():
                pygame.mixer.stop()
        except pygame.error:
            pass
