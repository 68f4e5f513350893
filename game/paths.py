"""Where bundled read-only files live: one lookup for source, wheel and frozen.

- From source, assets are the repository's top-level ``assets/`` folder.
- An installed wheel carries the same files as ``game/assets`` (``setup.py``
  maps the folder into the package at build time).
- A PyInstaller build unpacks them under ``sys._MEIPASS`` (one-file) or beside
  the executable (one-folder), always at ``<bundle>/assets``.

``DICE_TAVERN_BUNDLE`` overrides the bundle folder (tests use it to simulate
the frozen case).  A missing asset is an error (``AssetError``) with a message
a player can act on, never a silent fallback.  User files never go here: see
``game.core.userfiles``.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
SOURCE_ROOT = PACKAGE_DIR.parent

FONT_FILES = ("Lato-Regular.ttf", "Lato-Bold.ttf", "Lato-Italic.ttf",
              "EBGaramond12-Regular.otf", "EBGaramond12-Bold.otf",
              "DejaVuSans-Names.ttf", "DejaVuSans-Names-Bold.ttf")
SOUND_FILES = ("click", "hover", "felt", "rail", "win", "error", "curtain", "chime")
REQUIRED_ASSETS = ((("icon.png",),)
                   + tuple(("fonts", f) for f in FONT_FILES)
                   + tuple(("fonts", f) for f in ("LICENSE-Lato-OFL.txt", "LICENSE-EBGaramond-OFL.txt", "LICENSE-DejaVu.txt"))
                   + tuple(("sounds", s + ".wav") for s in SOUND_FILES))
"""Every file the game loads (and the font licences it must ship with)."""


class AssetError(RuntimeError):
    """A bundled file is missing or unreadable: the install is broken."""


def bundle_root() -> Path:
    """The folder that holds ``assets/`` (or, for a wheel, the package)."""
    override = os.environ.get("DICE_TAVERN_BUNDLE")
    if override:
        return Path(override)
    if getattr(sys, "frozen", False):
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent))
    if (PACKAGE_DIR / "assets").is_dir():  # installed from a wheel or sdist
        return PACKAGE_DIR
    return SOURCE_ROOT


def assets_dir() -> Path:
    return bundle_root() / "assets"


def asset_path(*parts: str) -> Path:
    """Path of a bundled asset, e.g. ``asset_path("fonts", "Lato-Bold.ttf")``.
    The path may not exist; ``require_asset`` checks."""
    return assets_dir().joinpath(*parts)


def require_asset(*parts: str) -> Path:
    """Like ``asset_path`` but raises ``AssetError`` if the file is missing."""
    path = asset_path(*parts)
    if not usable(path):
        raise AssetError(missing_message([path]))
    return path


MAGIC = {".ttf": (b"\x00\x01\x00\x00", b"true"), ".otf": (b"OTTO",), ".wav": (b"RIFF",),
         ".png": (b"\x89PNG",)}
"""How each kind of file starts: a truncated download or a text stub is caught
here (pygame itself may accept a broken font file and fail only later)."""


def usable(path: Path) -> bool:
    """The file is there, readable, and starts like its kind of file."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4)
    except OSError:
        return False
    starts = MAGIC.get(path.suffix.lower())
    return bool(head) if starts is None else head in starts


def missing_assets() -> list[Path]:
    """The required files that are not there, cannot be read or are damaged."""
    return [path for path in (asset_path(*parts) for parts in REQUIRED_ASSETS) if not usable(path)]


def missing_message(missing: list[Path]) -> str:
    root = assets_dir()

    def name(p: Path) -> str:
        try:
            return p.relative_to(root).as_posix()
        except ValueError:
            return str(p)
    names = ", ".join(name(p) for p in missing)
    return (f"game files are missing or unreadable in {root}: {names}. "
            "This copy of Dice Tavern is incomplete; please reinstall it.")


def is_frozen() -> bool:
    return bool(getattr(sys, "frozen", False))
