"""User files: atomic writes, safe fallbacks, other files untouched."""
import json
import os
from pathlib import Path

import pytest

from game.core import saves, userfiles
from game.core.match import Match, Seat
from game import games

AUTOSAVE = saves.Autosave()
"""The autosave as the app owns it (``app.autosave``): one for this module's tests."""

games.register("toy", "tests.toy_high_roll")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    return tmp_path


def test_settings_round_trip(home):
    s = userfiles.Settings(fullscreen=True, master_volume=0.25, animation_speed="fast")
    userfiles.save_settings(s)
    loaded, message = userfiles.load_settings()
    assert loaded == s and message is None


@pytest.mark.parametrize("content, expect", [
    (b"{not json", "damaged"),
    (b"\xff\xfe\x00garbage", "damaged"),
    (json.dumps({"format": "something-else", "version": 1}).encode(), "not a Dice Tavern"),
    (json.dumps({"format": "dice-tavern-settings", "version": 99}).encode(), "newer"),
    (b"", "damaged"),
])
def test_bad_settings_fall_back_and_keep_file(home, content, expect):
    other = home / "replays" / "keep.json"
    other.parent.mkdir()
    other.write_text("precious")
    userfiles.settings_path().write_bytes(content)
    settings, message = userfiles.load_settings()
    assert settings == userfiles.Settings()
    assert expect in message
    assert (home / "settings.json.bad").read_bytes() == content  # kept, not destroyed
    assert other.read_text() == "precious"


def test_settings_saved_with_a_byte_order_mark_are_read_and_kept(home):
    """phones33: settings.json opened and saved in Windows Notepad starts with a
    UTF-8 byte order mark; it was "damaged (not valid JSON)", set aside and
    every setting reset.  It is read as it is (utf-8-sig), nothing set aside."""
    s = userfiles.Settings(fullscreen=True, master_volume=0.25, animation_speed="fast")
    userfiles.save_settings(s)
    path = userfiles.settings_path()
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    loaded, message = userfiles.load_settings()
    assert message is None and loaded == s
    assert not (home / "settings.json.bad").exists()


def test_single_bad_values_reset_one_by_one(home):
    data = userfiles.Settings().to_json()
    data.update(master_volume=7, animation_speed="ludicrous", fullscreen=True, window_size=[0, "0"])
    userfiles.settings_path().write_text(json.dumps(data))
    settings, message = userfiles.load_settings()
    assert settings.fullscreen is True and settings.master_volume == 0.8
    assert "master_volume" in message and "animation_speed" in message and "window_size" in message


def test_atomic_write_leaves_no_temp_files(home):
    userfiles.atomic_write_json(home / "a.json", {"x": 1})
    userfiles.atomic_write_json(home / "a.json", {"x": 2})
    assert json.loads((home / "a.json").read_text()) == {"x": 2}
    assert [p.name for p in home.iterdir()] == ["a.json"]


def test_autosave_continue_and_finish(home):
    m = Match("toy", [Seat("a", "ai", "easy"), Seat("b", "ai", "easy")], seed=4)
    m.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    for _ in range(5):
        m.step()
    resumed = AUTOSAVE.load()
    assert resumed.history == m.history
    m.play_out()
    assert not saves.has_autosave()
    assert len(saves.list_replays()) == 1


def test_corrupt_autosave_is_set_aside(home):
    userfiles.autosave_path().write_text('{"format": "dice-tavern-game", "version": 1, "game": "toy"')
    with pytest.raises(userfiles.UserFileError, match="damaged"):
        AUTOSAVE.load()
    assert not saves.has_autosave()
    assert (home / "autosave.json.bad").exists()


def test_scratch_home_puts_user_files_aside_and_restores_the_folder(monkeypatch, tmp_path):
    """Benches and fixtures write into a throw-away folder; the player's folder
    (here an outer override) is back afterwards, also when the block fails."""
    monkeypatch.setenv(userfiles.HOME_ENV, str(tmp_path))
    with pytest.raises(RuntimeError):
        with userfiles.scratch_home("dt-test-") as home:
            assert userfiles.data_dir() == Path(home) != tmp_path
            raise RuntimeError("boom")
    assert userfiles.data_dir() == tmp_path
    assert not Path(home).exists()
    monkeypatch.delenv(userfiles.HOME_ENV)
    with userfiles.scratch_home():
        assert userfiles.HOME_ENV in os.environ
    assert userfiles.HOME_ENV not in os.environ
