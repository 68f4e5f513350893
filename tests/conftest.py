"""Shared test set-up: headless SDL, and a headless app whose user files go to
a temporary folder (so no test ever touches the real user data folder)."""
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("DICE_TAVERN_PHONES_HOST", "127.0.0.1")   # phone tests serve on the loopback only
# Outside the ``app`` fixture too (a test that undoes its monkeypatch undoes the
# fixture's folder with it): a throwaway folder, never the player's own.  qa28's
# first draft of a test did that, and Continue played on the real autosave.
os.environ.setdefault("DICE_TAVERN_HOME", tempfile.mkdtemp(prefix="dice-tavern-tests-"))

import pytest


@pytest.fixture
def app(tmp_path, monkeypatch, request):
    """A headless App with reduced motion (throws settle at once), unless the
    test module sets ``REDUCED_MOTION = False`` (the settings' own pace: throws fly)."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    app = App(headless=True)
    if getattr(request.module, "REDUCED_MOTION", True):
        app.settings.reduced_motion = True
    yield app
    app.shutdown()
