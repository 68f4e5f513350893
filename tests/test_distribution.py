"""Every way a player gets the game finds the same assets and says which build it is.

Issue 19: "The wheel (and the source distribution) carry every asset the game
needs ... one asset lookup serves source, wheel and frozen builds. A missing or
unreadable asset is a clear error in tests and a clear message at start, never
a silent fallback."  And: "`dice-tavern --version`, and the version in the
title's corner and in crash reports."
"""
import os
import re
import shutil
import subprocess
import sys
import tarfile
import wave
import zipfile
from pathlib import Path

import pygame
import pytest

import game
from game import paths, version

REPO = Path(__file__).resolve().parent.parent


def _env(**extra):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=str(REPO))
    env.pop("DICE_TAVERN_BUNDLE", None)
    env.update(extra)
    return env


@pytest.fixture
def source_env(monkeypatch):
    monkeypatch.delenv("DICE_TAVERN_BUNDLE", raising=False)
    monkeypatch.delattr(sys, "frozen", raising=False)


# --- the files themselves ----------------------------------------------------------

def test_every_required_asset_is_in_the_repository_and_loads(source_env):
    assert paths.missing_assets() == []
    pygame.font.init()
    for name in paths.FONT_FILES:
        assert pygame.font.Font(str(paths.require_asset("fonts", name)), 20).size("Dice")[0] > 0
    for name in paths.SOUND_FILES:
        with wave.open(str(paths.require_asset("sounds", name + ".wav"))) as w:
            assert w.getnframes() > 0
    assert pygame.image.load(str(paths.require_asset("icon.png"))).get_width() > 0


def test_the_code_loads_only_files_the_asset_list_names():
    """The required list and the files the theme and the sounds open are one list."""
    from game.ui import sound, theme
    assert set(theme.FONT_FILES.values()) <= set(paths.FONT_FILES)
    assert tuple(sound.SOUND_NAMES) == paths.SOUND_FILES
    on_disk = {p.relative_to(REPO / "assets").parts for p in (REPO / "assets").rglob("*.*")
               if p.suffix in (".ttf", ".otf", ".wav", ".png")}
    # every shipped font/sound/image is required, except sounds kept for later use
    assert {parts for parts in paths.REQUIRED_ASSETS if parts[-1][-4:] in (".ttf", ".otf", ".wav", ".png")} <= on_disk


# --- one lookup, three layouts --------------------------------------------------------

def test_an_installed_package_finds_its_own_copy(tmp_path, monkeypatch, source_env):
    """A wheel puts the files at game/assets: that copy wins over any source tree."""
    pkg = tmp_path / "site-packages" / "game"
    shutil.copytree(REPO / "assets", pkg / "assets")
    monkeypatch.setattr(paths, "PACKAGE_DIR", pkg)
    monkeypatch.setattr(paths, "SOURCE_ROOT", tmp_path / "site-packages")
    assert paths.bundle_root() == pkg
    assert paths.asset_path("fonts", "Lato-Bold.ttf") == pkg / "assets" / "fonts" / "Lato-Bold.ttf"
    assert paths.missing_assets() == []
    assert version.build_kind() == "installed"


def test_source_tree_uses_the_top_level_folder(source_env):
    assert paths.assets_dir() == REPO / "assets"
    assert version.build_kind() == "source"


# --- missing files: an error, never a fallback -----------------------------------------

def test_a_missing_font_is_an_asset_error_not_the_default_font(tmp_path, monkeypatch):
    from game.ui.theme import Theme
    monkeypatch.setenv("DICE_TAVERN_BUNDLE", str(tmp_path))
    with pytest.raises(paths.AssetError, match="reinstall"):
        Theme().font(20)
    with pytest.raises(paths.AssetError):
        paths.require_asset("sounds", "click.wav")
    assert len(paths.missing_assets()) == len(paths.REQUIRED_ASSETS)


def test_an_unreadable_font_is_an_asset_error(tmp_path, monkeypatch):
    from game.ui.theme import Theme
    shutil.copytree(REPO / "assets", tmp_path / "assets")
    (tmp_path / "assets" / "fonts" / "Lato-Regular.ttf").write_bytes(b"not a font")
    monkeypatch.setenv("DICE_TAVERN_BUNDLE", str(tmp_path))
    with pytest.raises(paths.AssetError, match="Lato-Regular"):
        Theme().font(20)


@pytest.mark.parametrize("args", [[], ["smoke"], ["shot", "--scene", "title", "--out", "x.png"]])
def test_start_with_missing_assets_is_one_clear_line_and_exit_1(tmp_path, args):
    (tmp_path / "bundle" / "assets" / "fonts").mkdir(parents=True)
    shutil.copy(REPO / "assets" / "icon.png", tmp_path / "bundle" / "assets" / "icon.png")
    proc = subprocess.run([sys.executable, "-m", "game", *args], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, env=_env(DICE_TAVERN_BUNDLE=str(tmp_path / "bundle"),
                                               DICE_TAVERN_HOME=str(tmp_path / "home")))
    assert proc.returncode == 1
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert "fonts/Lato-Regular.ttf" in lines[0] and "sounds/click.wav" in lines[0]
    assert "icon.png" not in lines[0]  # only what is really missing
    assert "reinstall" in lines[0]
    assert not (tmp_path / "x.png").exists()


# --- version --------------------------------------------------------------------------

def test_one_version_source():
    """pyproject.toml reads the version from game/__init__.py; nothing else writes it."""
    text = (REPO / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in text and 'attr = "game.__version__"' in text
    assert not re.search(r'^version\s*=\s*"', text, re.M)
    assert re.fullmatch(r"\d+\.\d+\.\d+", game.__version__)
    assert version.VERSION == game.__version__
    changelog = (REPO / "CHANGELOG.md").read_text()
    assert f"## {game.__version__}" in changelog or "## Unreleased" in changelog


@pytest.mark.parametrize("args", [["--version"], ["--data-dir", "d", "--version"]])
def test_version_flag(args, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "game", *args], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, env=_env())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == f"dice-tavern {game.__version__} (source)\n"
    assert proc.stderr == ""


def test_crash_report_header_names_the_build():
    pygame.init()
    info = version.build_info()
    assert info["version"] == game.__version__ and info["build"] == "source"
    assert info["pygame-ce"] == pygame.version.ver
    header = version.crash_report_header()
    assert header.splitlines()[0] == f"version: {game.__version__}"


def test_title_shows_the_version_in_its_corner(app, monkeypatch):
    """Drawn with and without a version string: only the bottom-right corner changes."""
    from game.scenes import title
    app.start(title.TitleScene(app))
    app.run_frames(2)
    with_version = app.canvas.copy()
    monkeypatch.setattr(title, "VERSION", "")
    app.run_frames(2)
    changed = [(x, y) for x in range(0, 1280, 2) for y in range(0, 720, 2)
               if with_version.get_at((x, y)) != app.canvas.get_at((x, y))]
    assert changed, "no version drawn"
    assert min(x for x, _ in changed) > 1150 and min(y for _, y in changed) > 690


# --- the built packages (slow: pip builds in an isolated env) -------------------------

@pytest.mark.slow
def test_wheel_and_sdist_carry_every_asset(tmp_path):
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(tmp_path), str(REPO)],
                   check=True, capture_output=True, timeout=900)
    wheel = zipfile.ZipFile(next(tmp_path.glob("*.whl"))).namelist()
    with tarfile.open(next(tmp_path.glob("*.tar.gz"))) as tar:
        sdist = tar.getnames()
    for parts in paths.REQUIRED_ASSETS:
        rel = "/".join(parts)
        assert f"game/assets/{rel}" in wheel
        assert any(n.endswith(f"/assets/{rel}") for n in sdist), rel
    assert any(n.startswith("game/ui/") for n in wheel), "namespace packages must be packaged"


SDIST_READERS = ["tests/test_paths.py", "tests/test_workflows.py", "tests/test_bid_report.py",
                 "tests/test_bidcalib.py", "tests/test_typed_state.py", "tests/test_golden.py",
                 "tests/test_distribution.py"]
"""The tests that open files outside ``game/`` (tools/, build.spec, .github, CHANGELOG.md)."""


@pytest.mark.slow
def test_the_sdists_own_tests_pass_from_the_unpacked_archive(tmp_path):
    """Issue 43: the sdist shipped its tests and ``build.spec`` without
    ``tools/`` (the PyInstaller entry, check_wheel.py, bid_report.py): its tests
    failed to collect.  Unpacked, every test collects, and the ones that read
    files outside the package pass there (the rest need only the package)."""
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(tmp_path), str(REPO)],
                   check=True, capture_output=True, timeout=900)
    with tarfile.open(next(tmp_path.glob("*.tar.gz"))) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    root = next((tmp_path / "unpacked").iterdir())
    env = _env(PYTHONPATH=str(root))
    collect = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider",
                              "--collect-only", "-q"], cwd=root, env=env, capture_output=True, text=True,
                             timeout=600)
    assert collect.returncode == 0 and "error" not in collect.stdout.lower(), collect.stdout[-3000:]
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider",
                          "-m", "not slow", *SDIST_READERS], cwd=root, env=env, capture_output=True, text=True,
                         timeout=1800)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]


@pytest.mark.slow
def test_installed_wheel_is_the_same_game_as_the_source(tmp_path):
    """tools/check_wheel.py: fresh venv outside the repository, --version,
    a start-up that prints only the game's own line, the smoke run's dice
    faces and every screen pixel for pixel against the source run."""
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "check_wheel.py"), "--deps-from-here", "--shots",
                           "--dist", str(tmp_path / "dist")], capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "check_wheel: ok" in proc.stdout


def test_every_sound_the_game_plays_is_a_known_sound():
    """A sound name played anywhere in the code must be loaded (Roll For It!'s card chime was
    played but never loaded, so it was silently skipped)."""
    root = Path(paths.__file__).resolve().parent
    played = set()
    for source in root.rglob("*.py"):
        played |= set(re.findall(r"""sounds\.play\(\s*["'](\w+)["']""", source.read_text()))
        for a, b in re.findall(r"""sounds\.play\(\s*["'](\w+)["']\s+if .*? else ["'](\w+)["']""",
                               source.read_text()):
            played |= {a, b}
    assert "chime" in played and played <= set(paths.SOUND_FILES), played - set(paths.SOUND_FILES)
