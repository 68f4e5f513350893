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
