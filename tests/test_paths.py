"""Bundled files are found from source and when frozen; user files never go there.

The frozen case is simulated two ways: ``DICE_TAVERN_BUNDLE`` pointing at a
folder holding a copy of ``assets/`` (what PyInstaller unpacks), and
``sys.frozen``/``sys._MEIPASS`` set as the PyInstaller bootloader sets them.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import paths
from game.core import userfiles

REPO = Path(__file__).resolve().parent.parent


def _some_asset() -> Path:
    files = sorted(f for f in (REPO / "assets").rglob("*") if f.is_file())
    if not files:
        pytest.skip("no assets yet")
    return files[0].relative_to(REPO / "assets")


@pytest.fixture
def source_env(monkeypatch):
    monkeypatch.delenv("DICE_TAVERN_BUNDLE", raising=False)
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)


def test_assets_resolve_from_source(source_env):
    rel = _some_asset()
    assert paths.bundle_root() == REPO
    assert not paths.is_frozen()
    assert paths.asset_path(*rel.parts) == REPO / "assets" / rel
    assert paths.asset_path(*rel.parts).is_file()


def test_assets_resolve_from_the_bundle_folder(tmp_path, monkeypatch):
    rel = _some_asset()
    shutil.copytree(REPO / "assets", tmp_path / "assets")
    monkeypatch.setenv("DICE_TAVERN_BUNDLE", str(tmp_path))
    assert paths.bundle_root() == tmp_path
    found = paths.asset_path(*rel.parts)
    assert found == tmp_path / "assets" / rel and found.is_file()
    # and not the source copy: an empty bundle finds nothing
    monkeypatch.setenv("DICE_TAVERN_BUNDLE", str(tmp_path / "empty"))
    assert not paths.asset_path(*rel.parts).exists()


def test_one_file_build_uses_meipass(tmp_path, monkeypatch, source_env):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.is_frozen()
    assert paths.bundle_root() == tmp_path
    assert paths.asset_path("fonts", "x.ttf") == tmp_path / "assets" / "fonts" / "x.ttf"


def test_frozen_without_meipass_uses_the_executable_folder(tmp_path, monkeypatch, source_env):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "dice-tavern"))
    assert paths.bundle_root() == tmp_path


def test_user_files_never_go_into_the_bundle(tmp_path, monkeypatch, source_env):
    """Frozen, with no DICE_TAVERN_HOME: user files go to the platform's user
    data folder, not next to the executable."""
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "dice-tavern"))
    monkeypatch.delenv("DICE_TAVERN_HOME", raising=False)
    data = userfiles.data_dir().resolve()
    assert tmp_path.resolve() not in (data, *data.parents)


def test_fonts_load_from_a_simulated_bundle(tmp_path):
    """A fresh process with the bundle override loads the theme's fonts from
    the copy (the frozen app's view of the world)."""
    fonts = REPO / "assets" / "fonts"
    if not any(fonts.glob("*.[ot]tf")):
        pytest.skip("no fonts yet")
    shutil.copytree(REPO / "assets", tmp_path / "assets")
    code = ("import pygame; pygame.font.init(); from game.paths import asset_path; import glob;"
            "fs = sorted(glob.glob(str(asset_path('fonts', '*.[ot]tf'))));"
            "assert fs and all(f.startswith(%r) for f in fs), fs;"
            "[pygame.font.Font(f, 20) for f in fs]; print(len(fs))" % str(tmp_path))
    env = dict(os.environ, DICE_TAVERN_BUNDLE=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout.strip()) >= 1


def test_build_spec_is_valid_python():
    spec = REPO / "build.spec"
    compile(spec.read_text(encoding="utf-8"), str(spec), "exec")
