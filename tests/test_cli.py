"""Command line: bad arguments give one line and exit status 2."""
import subprocess
import sys

import pytest


def run(*args):
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("args, needle", [
    (["frobnicate"], "invalid choice"),
    (["sim", "--game", "chess", "--players", "hard,easy"], "invalid choice"),
    (["sim", "--game", "liars-dice", "--players", "hard,genius"], "easy, normal, hard"),
    (["sim", "--game", "liars-dice", "--players", "hard,easy", "--games", "0"], "at least 1"),
    (["sim", "--game", "liars-dice", "--players", "hard,easy", "--seed", "x"], "not a whole number"),
    (["bench", "--only", "nope"], "unknown benchmark"),
    (["shot"], "required"),
])
def test_bad_arguments_exit_2_with_one_line(args, needle):
    out = run(*args)
    assert out.returncode == 2
    assert needle in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_data_dir_alone_means_play(monkeypatch, tmp_path):
    """`python -m game --data-dir X` plays (the app is replaced by a probe)."""
    from game import app, cli
    seen = {}
    monkeypatch.setattr(app, "run", lambda fullscreen=None, replay_file=None: seen.setdefault("ran", fullscreen) or 0)
    monkeypatch.delenv("DICE_TAVERN_HOME", raising=False)
    assert cli.main(["--data-dir", str(tmp_path)]) == 0
    assert "ran" in seen
    assert cli.main(["--data-dir", str(tmp_path), "--windowed"]) == 0
    assert seen["ran"] is None  # setdefault kept the first call's value


def test_a_shot_that_cannot_be_written_says_so_in_one_line(monkeypatch, tmp_path, capsys):
    """qa28: `python -m game shot --scene title --out /proc/x.png` (a folder
    that exists but takes no file, as a full disk) ended in a pygame traceback."""
    import pygame

    from game import cli

    def save(_surface, name):
        raise pygame.error(f"Couldn't open {name}: No space left on device")
    monkeypatch.setattr(pygame.image, "save", save)
    out = tmp_path / "title.png"
    assert cli.main(["shot", "--scene", "title", "--out", str(out)]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "cannot write" in said[0] and "No space left" in said[0], said
