"""The files the player owns: settings, saved game, replays, stats.

They live in the platform's user data folder (platformdirs), or wherever
``DICE_TAVERN_HOME`` points (tests, portable installs).  Every write is atomic
(temp file + rename) so a crash never leaves half a file; every read that
fails gives a ``UserFileError`` with a message for players, and the caller
falls back to defaults.  A bad file is moved aside as ``*.bad`` (never
deleted) so the player's data is kept for inspection; other files are never
touched.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

APP_NAME = "DiceTavern"
HOME_ENV = "DICE_TAVERN_HOME"

SETTINGS_FORMAT = "dice-tavern-settings"
SETTINGS_VERSION = 1
STATS_FORMAT = "dice-tavern-stats"
STATS_VERSION = 1
ANIMATION_SPEEDS = ("relaxed", "normal", "fast", "instant")
"""Values of ``Settings.animation_speed`` (what each does: ``game.ui.pace``)."""


CALL_WINDOW_MAX = 5


class UserFileError(Exception):
    """A user file that could not be read or written; ``str()`` is for players."""


def data_dir() -> Path:
    override = os.environ.get(HOME_ENV)
    if override:
        path = Path(override)
    else:
        import platformdirs
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return path


def replays_dir() -> Path:
    return data_dir() / "replays"


def settings_path() -> Path:
    return data_dir() / "settings.json"


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def stats_path() -> Path:
    return data_dir() / "stats.json"


def atomic_write_json(path: Path, data: Any) -> None:
    """Write JSON so that the file is either the old one or the new one."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=1, sort_keys=False)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    except OSError as exc:
        raise UserFileError(f"could not save {path.name}: {exc.strerror or exc}") from exc


def read_json(path: Path) -> Any:
    """Parse a JSON file; ``UserFileError`` says plainly what is wrong."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UserFileError(f"could not read {path.name}: {exc.strerror or exc}") from exc
    if len(raw) > 50 * 1024 * 1024:
        raise UserFileError(f"{path.name} is too large to be a Dice Tavern file")
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise UserFileError(f"{path.name} is damaged (not valid JSON)") from exc


def check_format(data: Any, fmt: str, version: int, name: str) -> dict:
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise UserFileError(f"{name} is not a Dice Tavern {fmt.split('-')[-1]} file")
    v = data.get("version")
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        raise UserFileError(f"{name} has no valid version")
    if v > version:
        raise UserFileError(f"{name} was written by a newer Dice Tavern (version {v})")
    return data


def set_aside(path: Path) -> Path | None:
    """Keep a bad file as ``name.bad`` (numbered if taken) instead of losing it."""
    path = Path(path)
    for i in range(100):
        target = path.with_name(path.name + (".bad" if i == 0 else f".bad{i}"))
        if not target.exists():
            try:
                os.replace(path, target)
                return target
            except OSError:
                return None
    return None


# --------------------------------------------------------------------------
# Settings
# --------------------------------------------------------------------------

@dataclass
class Settings:
    """Player preferences, saved between runs."""
    fullscreen: bool = False
    master_volume: float = 0.8
    effects_volume: float = 0.8
    animation_speed: str = "normal"  # one of ANIMATION_SPEEDS
    reduced_motion: bool = False
    colorblind_palette: bool = False
    show_ai_reasons: bool = False
    pause_after_reveal: bool = False
    """Pace: hold each reveal / pot split until the player continues (tap or Enter)."""
    call_window: int = 2
    """Pace: seconds AIs wait before bidding while a human may call out of turn (0-5)."""
    window_size: tuple[int, int] = (1280, 720)

    def to_json(self) -> dict:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, **data}

    @classmethod
    def from_json(cls, data: dict) -> tuple["Settings", list[str]]:
        """Settings from a file; bad values fall back one by one (listed)."""
        out, problems = cls(), []
        for f in fields(cls):
            if f.name not in data:
                continue
            value, default = data[f.name], getattr(out, f.name)
            ok = False
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, float):
                ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0
                value = float(value) if ok else value
            elif f.name == "call_window":
                ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= CALL_WINDOW_MAX
            elif f.name == "animation_speed":
                ok = value in ANIMATION_SPEEDS
            elif f.name == "window_size":
                ok = (isinstance(value, list) and len(value) == 2
                      and all(isinstance(v, int) and not isinstance(v, bool) and 200 <= v <= 10000 for v in value))
                value = tuple(value) if ok else value
            if ok:
                setattr(out, f.name, value)
            else:
                problems.append(f.name)
        return out, problems


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or defaults with a message saying why."""
    path = settings_path()
    try:
        data = check_format(read_json(path), SETTINGS_FORMAT, SETTINGS_VERSION, "settings.json")
    except FileNotFoundError:
        return Settings(), None
    except UserFileError as exc:
        kept = set_aside(path)
        note = f" (kept as {kept.name})" if kept else ""
        return Settings(), f"Settings reset to defaults: {exc}{note}."
    settings, problems = Settings.from_json(data)
    if problems:
        return settings, "Some settings were invalid and were reset: " + ", ".join(problems) + "."
    return settings, None


def save_settings(settings: Settings) -> None:
    atomic_write_json(settings_path(), settings.to_json())


# --------------------------------------------------------------------------
# Stats (personal bests, games played)
# --------------------------------------------------------------------------

def load_stats() -> tuple[dict, str | None]:
    path = stats_path()
    try:
        data = check_format(read_json(path), STATS_FORMAT, STATS_VERSION, "stats.json")
    except FileNotFoundError:
        return {"format": STATS_FORMAT, "version": STATS_VERSION, "games": {}}, None
    except UserFileError as exc:
        kept = set_aside(path)
        note = f" (kept as {kept.name})" if kept else ""
        return {"format": STATS_FORMAT, "version": STATS_VERSION, "games": {}}, f"Stats started afresh: {exc}{note}."
    if not isinstance(data.get("games"), dict):
        data["games"] = {}
    return data, None


def save_stats(stats: dict) -> None:
    atomic_write_json(stats_path(), stats)
