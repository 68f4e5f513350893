"""Saving and loading game records: the autosave and the replay folder."""
from __future__ import annotations

import datetime as _dt
from pathlib import Path

from .match import Match, RecordError
from .userfiles import (UserFileError, atomic_write_json, autosave_path, read_json,
                        replays_dir, set_aside)


def autosave(match: Match) -> None:
    """Write the unfinished game so "Continue" resumes it exactly; a finished
    game goes to the replay folder and the autosave is cleared."""
    if match.is_over:
        save_replay(match)
        clear_autosave()
    else:
        atomic_write_json(autosave_path(), match.to_record())


def clear_autosave() -> None:
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise UserFileError(f"could not clear the autosave: {exc}") from exc


def has_autosave() -> bool:
    return autosave_path().is_file()


def load_match(path: Path, dice=None, upto: int | None = None) -> Match:
    """A match from a record file; ``UserFileError`` with a player message."""
    try:
        data = read_json(path)
    except FileNotFoundError as exc:
        raise UserFileError(f"{Path(path).name} does not exist") from exc
    try:
        return Match.from_record(data, dice=dice, upto=upto)
    except RecordError as exc:
        raise UserFileError(f"{Path(path).name}: {exc}") from exc


def load_autosave(dice=None) -> Match:
    """Resume the autosave; a damaged one is set aside (kept as .bad)."""
    path = autosave_path()
    try:
        return load_match(path, dice)
    except UserFileError:
        if path.exists():
            set_aside(path)
        raise


def save_replay(match: Match) -> Path:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = replays_dir() / f"{stamp}-{match.game_id}-{match.seed}.json"
    atomic_write_json(path, match.to_record())
    return path


def list_replays() -> list[Path]:
    try:
        return sorted(replays_dir().glob("*.json"), reverse=True)
    except OSError:
        return []
