"""Packaging glue that pyproject.toml cannot say: the top-level ``assets/``
folder ships inside the package as ``game/assets`` (wheel and sdist), so an
installed game finds its fonts and sounds exactly as the source tree and the
frozen builds do (see ``game.paths``).  The repository keeps ``assets/`` where
it is; every sub-folder is mapped explicitly so setuptools copies it as data.
"""
from pathlib import Path

from setuptools import find_namespace_packages, setup

ROOT = Path(__file__).resolve().parent
ASSET_DIRS = sorted(p for p in (ROOT / "assets").rglob("*")
                    if p.is_dir() and "__pycache__" not in p.parts)
asset_packages = ["game.assets"] + [
    "game.assets." + ".".join(d.relative_to(ROOT / "assets").parts) for d in ASSET_DIRS]

setup(
    # namespace packages too: game/ui and game/scenes have no __init__.py
    packages=[p for p in find_namespace_packages(include=["game", "game.*"]) if "__pycache__" not in p]
    + asset_packages,
    package_dir={"game.assets": "assets"},
    package_data={name: ["*"] for name in asset_packages},
)
