"""Where bundled read-only files live, from source and when frozen.

From source, assets are in ``<repo>/assets``; in a PyInstaller build they are
unpacked under ``sys._MEIPASS`` (one-file) or beside the executable
(one-folder), always at ``<bundle>/assets``.  ``DICE_TAVERN_BUNDLE`` overrides
the bundle folder (used by tests to simulate the frozen case).  User files
never go here: see ``game.core.userfiles``.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parent.parent


def bundle_root() -> Path:
    override = os.environ.get("DICE_TAVERN_BUNDLE")
    if override:
        return Path(override)
    if getattr(sys, "frozen", False):
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent))
    return SOURCE_ROOT


def asset_path(*parts: str) -> Path:
    """Path of a bundled asset, e.g. ``asset_path("fonts", "Body.ttf")``."""
    return bundle_root().joinpath("assets", *parts)


def is_frozen() -> bool:
    return bool(getattr(sys, "frozen", False))
