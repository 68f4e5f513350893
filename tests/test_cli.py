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
