"""The headless smoke mode (``python -m game smoke``) that CI also runs in the
packaged executable and compares with this source run."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import games
from game.dev import smoke

REPO = Path(__file__).resolve().parent.parent
games.register("toy", "tests.toy_high_roll")


def _smoke_json(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               DICE_TAVERN_HOME=str(tmp_path / "home"))
    env.pop(smoke.FIRST_FRAME_ENV, None)
    out = subprocess.run([sys.executable, "-m", "game", "smoke", "--json"], cwd=REPO, env=env,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


def test_smoke_from_source_passes_and_is_deterministic(tmp_path):
    first = _smoke_json(tmp_path)
    assert first["ok"] and not first["errors"]
    assert first["title"]["ok"] and "Dice Tavern" in first["title"]["caption"]
    assert len(first["dice"]["faces"][0]) == 5
    assert all(1 <= f <= 6 for f in first["dice"]["faces"][0])
    for game_id, report in first["games"].items():
        assert games.is_built(game_id)
        assert report["ok"] and report["faces"], game_id
    assert set(first["games"]) | set(first["skipped"]) == set(games.GAME_IDS)
    # the user-data folder given to the process is untouched: smoke uses its own temp folder
    assert not (tmp_path / "home").exists()

    second = _smoke_json(tmp_path)
    assert second["dice"]["faces"] == first["dice"]["faces"]
    assert {g: r["faces"] for g, r in second["games"].items()} == \
           {g: r["faces"] for g, r in first["games"].items()}


def test_game_stage_saves_reloads_and_plays_on(tmp_path, monkeypatch):
    """The per-game stage on the toy game, with real physical dice."""
    pytest.importorskip("pymunk")
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    a = smoke.game_stage("toy", 5)
    b = smoke.game_stage("toy", 5)
    assert a["ok"] and a["throws"] >= 1 and a["faces"]
    assert a["faces"] == b["faces"]
    assert (tmp_path / "replays").is_dir() or (tmp_path / "autosave.journal").is_file()


def test_a_failing_stage_makes_smoke_exit_non_zero(monkeypatch, capsys):
    monkeypatch.setattr(smoke, "title_stage", lambda headless=True: {"ok": True, "caption": "Dice Tavern",
                                                                    "scene": "title", "size": [1, 1],
                                                                    "colours": 9})

    def broken(seed):
        raise RuntimeError("dice fell off the table")
    monkeypatch.setattr(smoke, "dice_stage", broken)
    monkeypatch.setattr(smoke, "game_stage", lambda game_id, seed: {"ok": True, "players": 2, "steps": 1,
                                                                    "actions": 1, "throws": 0,
                                                                    "over": False, "saved_as": "x",
                                                                    "faces": []})
    monkeypatch.delenv(smoke.FIRST_FRAME_ENV, raising=False)

    class Args:
        seed = 1
        json = False
    assert smoke.main(Args()) == 1
    out = capsys.readouterr()
    assert "dice fell off the table" in out.out
    assert "FAILED" in out.out
