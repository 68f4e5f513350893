"""The shot command renders PNGs headless and refuses unknown scene names."""
import os
import subprocess
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game import games
from game.cli import main

games.register("toy", "tests.toy_high_roll")


def test_shot_writes_png(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path / "home"))
    out = tmp_path / "title.png"
    assert main(["shot", "--scene", "title", "--out", str(out), "--size", "640x480"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (640, 480)
    # shots run in a throw-away data folder: the player's stays untouched (the stats
    # shot writes a stats file, so this fails if a shot used the player's folder)
    assert main(["shot", "--scene", "stats", "--out", str(tmp_path / "stats.png")]) == 0
    assert not (tmp_path / "home").exists() or not any((tmp_path / "home").iterdir())
    assert os.environ["DICE_TAVERN_HOME"] == str(tmp_path / "home")


def test_shot_of_toy_table_and_results(tmp_path):
    from game.dev import shots
    os.environ["DICE_TAVERN_HOME"] = str(tmp_path)
    for name in ("table", "results", "replay", "rules"):
        out = tmp_path / f"{name}.png"
        shots.render(name, str(out), game_id="toy", players=3)
        assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_unknown_scene_is_one_line_error_exit_2(tmp_path, capsys):
    assert main(["shot", "--scene", "nope", "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "nope" in err and "title" in err


def test_replay_cli_bad_file_exit_2(tmp_path):
    """A replay file that cannot be loaded is a bad argument: one line, status 2, no window."""
    bad = tmp_path / "broken.json"
    bad.write_text("{{{")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DICE_TAVERN_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "game", "replay", str(bad)], capture_output=True, text=True,
                          env=env, timeout=60)
    assert proc.returncode == 2
    assert "broken.json" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
