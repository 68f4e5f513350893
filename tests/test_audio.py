"""Without a sound card the game starts quietly and says so; sound comes back later.

Issue 19: "Audio: when no device opens, the game starts quietly (no library
noise on the terminal), says "no audio device" in Settings, and keeps working;
sound comes back if a device appears later."
"""
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui import sound

REPO = Path(__file__).resolve().parent.parent


class _Settings:
    master_volume = 1.0
    effects_volume = 1.0


@pytest.fixture
def no_device(monkeypatch):
    """pygame.mixer.init fails as it does with no device (and the mixer is closed)."""
    pygame.mixer.quit()
    state = {"device": False, "tries": 0}
    real_init = pygame.mixer.init

    def fake_init(*args, **kwargs):
        state["tries"] += 1
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        if not state["device"]:
            raise pygame.error("No such audio device")
        real_init(*args, **kwargs)

    monkeypatch.setattr(pygame.mixer, "init", fake_init)
    yield state
    pygame.mixer.quit()


def test_no_device_is_quiet_and_sound_comes_back(no_device, capfd):
    clock = [100.0]
    sounds = sound.Sounds(_Settings(), clock=lambda: clock[0])
    assert not sounds.enabled and sounds.status == sound.NO_DEVICE
    sounds.play("click")  # does nothing, raises nothing
    assert capfd.readouterr().err == "", "library noise reached the terminal"
    # a retry right away is skipped (cheap), a later one finds the new device
    no_device["device"] = True
    assert sounds.retry() is False and no_device["tries"] == 1
    clock[0] += sound.RETRY_GAP
    assert sounds.retry() is True and no_device["tries"] == 2
    assert sounds.status == "on" and "click" in sounds._sounds
    assert capfd.readouterr().err == ""
    sounds.retry()
    assert no_device["tries"] == 2, "an open device is not probed again"


def test_quiet_native_stderr_restores_the_terminal(capfd):
    with sound.quiet_native_stderr():
        os.write(2, b"noise\n")
    os.write(2, b"ours\n")
    assert capfd.readouterr().err == "ours\n"


def test_settings_says_no_audio_device_and_retries_on_entering(app, monkeypatch):
    from game.scenes.settings import SettingsScene
    tries = []
    monkeypatch.setattr(app.sounds, "retry", lambda: tries.append(1) or app.sounds.enabled)
    monkeypatch.setattr(app.sounds, "enabled", False)
    app.start(SettingsScene(app))
    assert tries, "entering Settings must look for a device again"
    app.run_frames(1)
    silent = app.canvas.copy()
    monkeypatch.setattr(app.sounds, "enabled", True)
    app.run_frames(1)
    note = pygame.Rect(320, 575, 640, 35)
    assert any(silent.get_at((x, y)) != app.canvas.get_at((x, y))
               for x in range(note.left, note.right, 2) for y in range(note.top, note.bottom, 2))


def test_audio_device_added_event_retries(app, monkeypatch):
    tries = []
    monkeypatch.setattr(app.sounds, "retry", lambda: tries.append(1))
    app.feed(pygame.event.Event(pygame.AUDIODEVICEADDED, which=0, iscapture=0))
    assert tries == [1]


def test_start_without_a_usable_audio_driver_prints_only_the_games_line(tmp_path):
    """A real start (first frame, then exit) with the machine's own audio set-up
    and with a driver that cannot open: nothing on stderr, only our line."""
    for driver in (None, "alsa", "no-such-driver"):
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(REPO), DICE_TAVERN_FIRST_FRAME_EXIT="1",
                   DICE_TAVERN_HOME=str(tmp_path / "home"))
        env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
        env.pop("SDL_AUDIODRIVER", None)
        if driver:
            env["SDL_AUDIODRIVER"] = driver
        proc = subprocess.run([sys.executable, "-m", "game"], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout == "first-frame\n", (driver, proc.stdout)
        assert proc.stderr == "", (driver, proc.stderr)
