"""The linters of `make lint` also run in the quick suite, so a change that
breaks them is caught before it reaches main (settings: pyproject.toml)."""
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _tool(module: str) -> list[str]:
    try:
        __import__(module)
    except ImportError:
        pytest.fail(f"{module} is missing: install the dev extra (pip install -e '.[dev]')")
    return [sys.executable, "-m", module]


def test_ruff_is_clean_on_the_whole_tree():
    proc = subprocess.run([*_tool("ruff"), "check", "--no-cache", "--output-format", "concise", "."], cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_is_clean_on_the_checked_packages(tmp_path):
    cache = tmp_path / "mypy-cache"
    if (REPO / ".mypy_cache").is_dir():  # start warm when a previous run left one
        shutil.copytree(REPO / ".mypy_cache", cache)
    proc = subprocess.run([*_tool("mypy"), "--cache-dir", str(cache)], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_canvas_size_is_written_only_in_game_canvas():
    """The logical canvas (1280x720, its centre x 640) is defined once, in
    game/canvas.py; layout code imports CANVAS_W / CANVAS_H / CENTRE_X instead
    of writing the numbers (issue 20: 640 stood in 45 places)."""
    import re
    pattern = re.compile(r"\b1280\b|\b720\b|[(=]\s*640\s*[,)]")
    found = [f"{path.relative_to(REPO)}:{i}: {line.strip()}"
             for path in sorted((REPO / "game").rglob("*.py")) if path.name != "canvas.py"
             for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line.split("#")[0])]
    assert found == []
