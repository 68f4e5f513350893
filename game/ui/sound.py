"""Sound effects with master/effects volume, rate limiting and a silent fallback.

Sounds are WAV files in ``assets/sounds`` (made by ``tools/gen_sounds.py``).
If the mixer cannot start (no audio device) ``play`` quietly does nothing,
Settings says "no audio device", and ``retry`` (on entering Settings or the
title, and when SDL reports a new device) tries again, so sound comes back
when a device appears.  The audio libraries (ALSA, PulseAudio) write their
complaints straight to file descriptor 2; every mixer start runs inside
``quiet_native_stderr`` so a machine without a sound card starts silently.
Dice hitting the felt can fire dozens of impacts a second, so each name is
rate limited and only a few sounds overlap.
"""
from __future__ import annotations

import os
import sys
import time
from contextlib import contextmanager

import pygame

from ..paths import SOUND_FILES, asset_path

SOUND_NAMES = SOUND_FILES
MIN_GAP = {"felt": 0.035, "rail": 0.05, "hover": 0.05}
"""Seconds between two plays of the same sound (default 0.02)."""
MAX_CHANNELS = 16
RETRY_GAP = 2.0
"""Seconds between two attempts to open an audio device (a failed attempt
can take a few milliseconds)."""
NO_DEVICE = "no audio device"


@contextmanager
def quiet_native_stderr():
    """Send whatever C libraries write to fd 2 to the null device meanwhile.
    Python's own ``sys.stderr`` is flushed first and restored after; where
    there is no real fd 2 (a windowed executable) nothing is changed."""
    fd = 2  # the libraries write to the process's fd 2, whatever sys.stderr is
    try:
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(fd)
    except (AttributeError, OSError, ValueError):
        yield
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, fd)
        finally:
            os.close(devnull)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


class Sounds:
    """The game's sound effects at the settings' volumes; never fails the game: with
    no audio device it stays silent and tries again now and then."""
    def __init__(self, settings, *, clock=time.perf_counter) -> None:
        self.master = settings.master_volume
        self.effects = settings.effects_volume
        self._clock = clock
        self._last: dict[str, float] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.enabled = False
        self.played: list[str] = []  # names played (kept short; for tests)
        self._last_try = -1e9
        self._open()

    @property
    def status(self) -> str:
        """For Settings: "on" or "no audio device"."""
        return "on" if self.enabled else NO_DEVICE

    def _open(self) -> bool:
        self._last_try = self._clock()
        try:
            with quiet_native_stderr():
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(MAX_CHANNELS)
        except pygame.error:
            return False
        self.enabled = True
        for name in SOUND_NAMES:
            try:
                self._sounds[name] = pygame.mixer.Sound(str(asset_path("sounds", name + ".wav")))
            except (pygame.error, FileNotFoundError, OSError):
                pass  # the start-up asset check (game.paths) already named it
        return True

    def retry(self) -> bool:
        """Try again to open a device if there is none (at most every
        ``RETRY_GAP`` seconds); returns whether sound is on."""
        if not self.enabled and self._clock() - self._last_try >= RETRY_GAP:
            self._open()
        return self.enabled

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
