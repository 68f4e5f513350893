"""The files the player owns: settings, saved game, replays, stats.

They live in the platform's user data folder (platformdirs), or wherever
``DICE_TAVERN_HOME`` points (tests, portable installs).  Every write is atomic
(temp file + rename) so a crash never leaves half a file; every read that
fails gives a ``UserFileError`` with a message for players, and the caller
falls back to defaults.  A bad file is moved aside as ``*.bad`` (never
deleted) so the player's data is kept for inspection; other files are never
touched.

Reading is defensive: only regular files are opened (``O_NONBLOCK`` + fstat,
so a FIFO never blocks and a device is never read), the size cap of the
format is checked before reading, every JSON failure (bad bytes, huge
integers, deep nesting) becomes ``UserFileError``, and the document is then
checked against its declared schema (``game.core.validation``).  Writes
survive power loss: temp file, fsync, rename, fsync of the folder; temp
files left by a kill are removed at start (``clean_stale_temp_files``).
"""
from __future__ import annotations

import datetime as _dt
import json
import errno
import os
import re
import stat
import tempfile
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, TypeVar

from . import validation as v
from ..canvas import CANVAS_SIZE

T = TypeVar("T")

APP_NAME = "DiceTavern"
HOME_ENV = "DICE_TAVERN_HOME"

SETTINGS_FORMAT = "dice-tavern-settings"
SETTINGS_VERSION = 1
STATS_FORMAT = "dice-tavern-stats"
STATS_VERSION = 2
ANIMATION_SPEEDS = ("relaxed", "normal", "fast", "instant")
"""Values of ``Settings.animation_speed`` (what each does: ``game.ui.pace``)."""
MAX_READ_BYTES = 16 * 1024 * 1024
"""No user file is read past this (a format may declare less)."""
MAX_VALUES = 300_000
"""No user file is parsed with more JSON values than this (a format may
declare less or more: ``validation.Format.max_values``).  Counted on the
bytes first (``count_values``), so a file of millions of tiny values is
refused for the cost of reading it: parsing 15 MB of ``{},`` cost 12 s of CPU
and 550 MB."""
WINDOW_MIN, WINDOW_MAX = 200, 10000
TEMP_MAX_AGE = 60.0
"""A temp file older than this (seconds) is left over from a kill, not a write in progress."""


CALL_WINDOW_MAX = 5


class UserFileError(Exception):
    """A user file that could not be read or written; ``str()`` is for players."""


def data_dir() -> Path:
    """The player's data folder; ``DICE_TAVERN_HOME`` overrides it so tests, benches
    and shots never touch the player's own files."""
    override = os.environ.get(HOME_ENV)
    if override:
        path = Path(override)
    else:
        import platformdirs
        path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return path


def folder_trouble(folder: Path, code: int | None, short: bool = False) -> str:
    """Why ``folder`` cannot be written, as a player reads it, with where
    (``code``: the ``errno`` of the failure): the title said only the system's
    words, "Not a directory", for a data folder set to a file.  ``short``:
    paths by their last two names ("…/Games/DiceTavern"), for a narrow line."""
    folder = Path(folder)
    if short:
        return _shortened(folder_trouble(folder, code), folder)
    if code in (errno.ENOTDIR, errno.EEXIST):   # a file stands where the folder (or one above it) should be
        place = folder
        while place != place.parent and not place.exists():
            place = place.parent
        if place.exists() and not place.is_dir():
            return f"{place} is a file, not a folder"
    if code in (errno.EACCES, errno.EPERM):
        return f"this user may not write in {folder}"
    if code == errno.EROFS:
        return f"{folder} is on a read-only disk"
    if code == errno.ENOSPC:
        return f"the disk that holds {folder} is full"
    return f"{folder} cannot be written ({os.strerror(code) if code else 'unknown error'})"


def _shortened(sentence: str, folder: Path) -> str:
    """``sentence`` with each path in it (``folder`` and those above it) cut to its last two names."""
    for place in (folder, *folder.parents):
        if len(place.parts) > 3 and str(place) in sentence:
            return sentence.replace(str(place), os.path.join("\u2026", *place.parts[-2:]))
    return sentence


def use_data_dir(path: Path) -> None:
    """From now on every user file goes to ``path`` (a second copy of the game
    moving to another folder: ``game.core.table_lock.another_folder``)."""
    os.environ[HOME_ENV] = str(path)


@contextmanager
def scratch_home(prefix: str = "dice-tavern-"):
    """A throw-away data folder for the length of a ``with`` block (benches,
    test fixtures): every user file goes there, and the player's own folder
    (or an outer override) is back in place afterwards, whatever happens."""
    old = os.environ.get(HOME_ENV)
    with tempfile.TemporaryDirectory(prefix=prefix) as home:
        os.environ[HOME_ENV] = home
        try:
            yield home
        finally:
            if old is None:
                os.environ.pop(HOME_ENV, None)
            else:
                os.environ[HOME_ENV] = old


def replays_dir() -> Path:
    """Saved replays, one file each, in the data folder."""
    return data_dir() / "replays"


def settings_path() -> Path:
    """The settings file, in the data folder."""
    return data_dir() / "settings.json"


def autosave_path() -> Path:
    """The old single-file autosave (still read, for games saved before the journal)."""
    return data_dir() / "autosave.json"


def stats_path() -> Path:
    """The stats file, in the data folder."""
    return data_dir() / "stats.json"


def rivals_path() -> Path:
    """What the AIs remember of their rivals (``game.games.bidding.rivalbook``), in the data folder."""
    return data_dir() / "rivals.json"


def _fsynced_temp(path: Path, body: bytes) -> str:
    """``body`` in a new temp file beside ``path``, on disk before it is renamed or linked."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(body)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        _unlink_quietly(tmp)
        raise
    return tmp


def staged_write(path: Path, body: bytes) -> str:
    """``body`` on disk in a new temp file beside ``path`` (named as a temp
    file, so a killed game's leftover is cleaned), to be renamed to ``path``
    later: the fsync is paid now.  ``UserFileError`` if it cannot be written."""
    path = Path(path)
    try:
        return _fsynced_temp(path, body)
    except OSError as exc:
        raise UserFileError(f"could not save {path.name}: {exc.strerror or exc}") from exc


def _unlink_quietly(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass


def _json_bytes(data: Any) -> bytes:
    return json.dumps(data, indent=1, sort_keys=False).encode("utf-8")


def atomic_write_bytes(path: Path, body: bytes) -> None:
    """Write so that the file is either the old one or the new one, also after a power cut
    (temp file, fsync, rename, fsync of the folder)."""
    path = Path(path)
    try:
        tmp = _fsynced_temp(path, body)
        try:
            os.replace(tmp, path)
        except BaseException:
            _unlink_quietly(tmp)
            raise
        fsync_dir(path.parent)
    except OSError as exc:
        raise UserFileError(f"could not save {path.name}: {exc.strerror or exc}") from exc


def atomic_write_json(path: Path, data: Any) -> None:
    """Write JSON so that the file is either the old one or the new one."""
    atomic_write_bytes(path, _json_bytes(data))


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # Windows: folders cannot be opened; NTFS journals the rename
    fsync_and_close(fd)


def fsync_and_close(fd: int) -> None:
    """fsync ``fd`` where the system can (a failure costs durability, never
    the game) and close it."""
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_file(path: Path, what: str) -> None:
    """Delete ``path`` if it is there; a failure is a ``UserFileError``
    ("could not clear {what}") the caller shows as a toast."""
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise UserFileError(f"could not clear {what}: {exc}") from exc


def read_or_default(path: Path, read: Callable[[Path], T], default: Callable[[], T],
                    afresh: str) -> tuple[T, str | None]:
    """``(read(path), None)``; for a missing file ``(default(), None)``; for a
    bad one (``UserFileError``) the file is set aside and ``(default(),
    "{afresh}: why (kept as NAME).")``, the player's message."""
    try:
        return read(path), None
    except FileNotFoundError:
        return default(), None
    except UserFileError as exc:
        return default(), f"{afresh}: {exc}{aside_note(path, 'kept as')}."


def aside_note(path: Path, words: str) -> str:
    """Set ``path`` aside (``set_aside``) and say where: " (kept as NAME)"."""
    kept = set_aside(path)
    return f" ({words} {kept.name})" if kept else ""


def atomic_create_json(path: Path, data: Any) -> None:
    """Like ``atomic_write_json`` but never replaces: ``FileExistsError`` if
    ``path`` exists (hard link of the finished temp file, atomic and exclusive)."""
    path = Path(path)
    try:
        tmp = _fsynced_temp(path, _json_bytes(data))
        try:
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise
            except OSError:  # no hard links here (FAT, some shares): reserve the name, then replace
                os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
                os.replace(tmp, path)
            fsync_dir(path.parent)
        finally:
            _unlink_quietly(tmp)
    except FileExistsError:
        raise
    except OSError as exc:
        raise UserFileError(f"could not save {path.name}: {exc.strerror or exc}") from exc


def read_bytes(path: Path, max_bytes: int = MAX_READ_BYTES) -> bytes:
    """The bytes of a *regular* file of at most ``max_bytes``.

    Opened non-blocking and checked with fstat before any read, so a FIFO,
    a device, a folder or a link to one is refused at once.  Raises
    ``FileNotFoundError`` if absent, else ``UserFileError``."""
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except NotADirectoryError as exc:   # a file where its folder should be: there is no such file
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path)) from exc
    except (OSError, ValueError) as exc:  # ValueError: NUL in the path
        raise UserFileError(f"could not read {path.name}: {getattr(exc, 'strerror', None) or exc}") from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UserFileError(f"{path.name} is not a regular file")
        if info.st_size > max_bytes:
            raise UserFileError(f"{path.name} is too large to be a Dice Tavern file")
        chunks, total = [], 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > max_bytes:  # grew while we read
            raise UserFileError(f"{path.name} is too large to be a Dice Tavern file")
        return b"".join(chunks)
    except OSError as exc:
        raise UserFileError(f"could not read {path.name}: {exc.strerror or exc}") from exc
    finally:
        os.close(fd)


def _no_constants(name: str):
    raise ValueError(f"{name} is not allowed")


def count_values(raw: bytes) -> int:
    """An upper bound of the JSON values in ``raw`` without parsing it (C-speed
    counts: every value but the first follows a comma or opens a container)."""
    return raw.count(b",") + raw.count(b"[") + raw.count(b"{") + 1


def parse_json(raw: bytes, name: str, max_values: int = MAX_VALUES) -> Any:
    """JSON from bytes, refused before parsing when it holds more than
    ``max_values`` values; every kind of failure becomes ``UserFileError``."""
    if count_values(raw) > max_values:
        raise UserFileError(f"{name} holds too many entries to be a Dice Tavern file")
    try:
        return json.loads(raw.decode("utf-8-sig"), parse_constant=_no_constants)   # a BOM: the file was saved by Notepad
    except (ValueError, RecursionError) as exc:  # incl. UnicodeDecodeError, int digit limit
        raise UserFileError(f"{name} is damaged (not valid JSON)") from exc


def read_json(path: Path, max_bytes: int = MAX_READ_BYTES, max_values: int = MAX_VALUES) -> Any:
    """Parse a JSON file of at most ``max_bytes`` and ``max_values`` values
    (both checked before parsing); ``UserFileError`` says plainly what is wrong."""
    path = Path(path)
    return parse_json(read_bytes(path, max_bytes), path.name, max_values)


def read_format(path: Path, format_name: str) -> Any:
    """A JSON file within the limits of its declared format (not yet checked
    against the schema)."""
    fmt = v.FORMATS[format_name]
    return read_json(path, fmt.max_bytes, fmt.max_values)


def read_document(path: Path, format_name: str) -> Any:
    """Read and check a user file against its declared schema
    (``validation.FORMATS``); one ``UserFileError`` names the file and field."""
    path = Path(path)
    return check_document(read_format(path, format_name), format_name, path.name)


def check_document(data: Any, format_name: str, name: str) -> Any:
    """``validation.check_document`` with errors named after the file, so a
    player's message says which file was bad."""
    try:
        return v.check_document(data, format_name)
    except v.SchemaError as exc:
        raise UserFileError(f"{name}: {exc}") from exc


def set_aside(path: Path) -> Path | None:
    """Keep a bad file as ``name.bad`` (``name.bad1``, ``.bad2``... if taken:
    an earlier one is never overwritten) instead of losing it."""
    path = Path(path)
    for i in range(10_000):
        target = path.with_name(path.name + (".bad" if i == 0 else f".bad{i}"))
        if os.path.lexists(target):
            continue
        try:
            if hasattr(os, "link") and not path.is_symlink() and path.is_file():
                os.link(path, target)   # exclusive: fails if a .bad appeared meanwhile
                os.unlink(path)
            else:
                os.replace(path, target)
            return target
        except FileExistsError:
            continue
        except OSError:
            try:
                os.replace(path, target)
                return target
            except OSError:
                return None
    return None


_TEMP_NAME = re.compile(r".+\.(json|journal)\.[A-Za-z0-9_]+\.tmp")


def clean_stale_temp_files(now: float | None = None) -> list[Path]:
    """Remove temp files a killed write left behind (ours only: ``*.json.XXXX.tmp``, ``*.journal.XXXX.tmp``,
    regular files, older than ``TEMP_MAX_AGE`` so a write in progress is safe)."""
    now = time.time() if now is None else now
    removed = []
    for folder in (data_dir(), replays_dir(), data_dir() / "finishing"):   # finishing: game.core.finished
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if (_TEMP_NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False)
                        and now - entry.stat(follow_symlinks=False).st_mtime > TEMP_MAX_AGE):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
            except OSError:
                continue
    return removed


def write_crash_report(text: str) -> Path | None:
    """``crash-YYYYmmdd-HHMMSS-N.txt`` in the data folder (never overwrites)."""
    folder = data_dir()
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    for n in range(1, 1000):
        path = folder / f"crash-{stamp}-{n}.txt"
        try:
            fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:
            continue
        except OSError:
            return None
        with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as fh:
            fh.write(text)
        return path
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
    call_window: int = 5
    """Seconds to call out of turn in Roll Call: a first-time player needs about
    reading time (the bid and the odds line, ~2.5 s) plus a reaction to a
    decision (~1 s) plus the way to the button (~1 s): 5 s, the most."""
    """Pace: seconds AIs wait before bidding while a human may call out of turn (0-5)."""
    window_size: tuple[int, int] = CANVAS_SIZE
    setups: dict = field(default_factory=dict)
    """The last setup per game id: ``{"options": {...}, "seats": [{"name", "kind", "custom"}]}``
    (the setup screen restores it; see ``SETUP_SCHEMA``)."""
    tutorial_offered: tuple[str, ...] = ()
    """Games whose guided first game was already offered in setup (taken or "No thanks")."""

    def to_json(self) -> dict:
        """The settings file's content, window size clamped so a bad size is never saved."""
        data = asdict(self)
        data["window_size"] = [_clamp_window(x) for x in self.window_size]
        data["tutorial_offered"] = list(self.tutorial_offered)
        return {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, **data}

    @classmethod
    def from_json(cls, data: dict) -> tuple["Settings", list[str]]:
        """Settings from a file; bad values fall back one by one (each listed
        as ``field: problem``)."""
        out, problems = cls(), []
        for f in fields(cls):
            if f.name == "setups" and f.name in data:
                out.setups, bad = check_setups(data[f.name])
                problems += bad
                continue
            if f.name not in data or f.name not in SETTINGS_FIELDS:
                continue
            try:
                value = SETTINGS_FIELDS[f.name].check(data[f.name], f.name)
            except v.SchemaError as exc:
                problems.append(str(exc))
                continue
            setattr(out, f.name, tuple(value) if isinstance(value, list) else value)
        return out, problems


def _clamp_window(x: int) -> int:
    return min(max(int(x), WINDOW_MIN), WINDOW_MAX)


class _ClampedInt(v.Node):
    """A whole number; out of range is clamped, not refused (a window dragged
    past the limit is still the player's choice)."""

    def check(self, value, path):
        v.Int(-2**63, 2**63 - 1).check(value, path)
        return _clamp_window(value)


SETUP_SEAT_KINDS = ("human", "easy", "normal", "hard")
"""What a seat can be on the setup screen (a human or an AI level)."""
MAX_SETUP_SEATS = 20
_SETUP_ID = v.Str(40, 1, r"[a-z0-9_-]+")
SETUP_SCHEMA = v.Obj({
    "options": v.Map(_SETUP_ID, v.Tree(max_items=64, max_depth=2), max_keys=32),
    "seats": v.List(v.Obj({"name": v.Str(40), "kind": v.OneOf(SETUP_SEAT_KINDS), "custom": v.Bool()},
                          required=("name", "kind")), MAX_SETUP_SEATS, 1),
}, max_keys=8)
"""One game's remembered setup; whether the values fit the game *now*
(an option's range, the seat count) is checked by the setup screen, option by option."""
MAX_SETUPS = 32


def check_setups(value) -> tuple[dict, list[str]]:
    """The remembered setups that pass ``SETUP_SCHEMA``; a bad game entry (or a
    bad part of one: its options, its seats) falls back alone, with a message."""
    if not isinstance(value, dict):
        return {}, ["setups: must be an object"]
    out: dict = {}
    problems: list[str] = []
    for key, entry in list(value.items())[:MAX_SETUPS]:
        try:
            game_id = _SETUP_ID.check(key, "setups (name)")
            if not isinstance(entry, dict):
                raise v.SchemaError(f"setups.{game_id}", "must be an object")
        except v.SchemaError as exc:
            problems.append(str(exc))
            continue
        kept = {}
        for part in ("options", "seats"):
            if part not in entry:
                continue
            try:
                kept[part] = SETUP_SCHEMA.fields[part].check(entry[part], f"setups.{game_id}.{part}")
            except v.SchemaError as exc:
                problems.append(str(exc))
        if kept:
            out[game_id] = kept
    if len(value) > MAX_SETUPS:
        problems.append(f"setups: more than {MAX_SETUPS} games (the rest were dropped)")
    return out, problems


SETTINGS_FIELDS: dict[str, v.Node] = {
    "fullscreen": v.Bool(),
    "master_volume": v.Float(0.0, 1.0),
    "effects_volume": v.Float(0.0, 1.0),
    "animation_speed": v.OneOf(ANIMATION_SPEEDS),
    "reduced_motion": v.Bool(),
    "colorblind_palette": v.Bool(),
    "show_ai_reasons": v.Bool(),
    "pause_after_reveal": v.Bool(),
    "call_window": v.Int(0, CALL_WINDOW_MAX),
    "window_size": v.List(_ClampedInt(), 2, 2),
    "tutorial_offered": v.List(v.Str(40, 1, r"[a-z0-9_-]+"), 64),
}
"""The declared schema of each setting (a bad one falls back alone)."""

v.register(v.Format(SETTINGS_FORMAT, "settings", {
    1: v.Obj({"format": v.Str(), "version": v.Int(1, 1), **SETTINGS_FIELDS,
              "setups": v.Map(_SETUP_ID, SETUP_SCHEMA, max_keys=MAX_SETUPS)},
             extra=v.Tree(max_items=64, max_depth=2)),  # unknown keys: ignored, but bounded
}, max_bytes=64 * 1024, max_values=10_000))


def load_settings() -> tuple[Settings, str | None]:
    """The saved settings, or defaults with a message saying why.

    A file with bad values is kept as ``settings.json.bad`` and the good
    values are used; the next save writes a clean file."""
    path = settings_path()
    data, message = read_or_default(path, _read_settings, lambda: None, "Settings reset to defaults")
    if data is None:
        return Settings(), message
    settings, problems = Settings.from_json(data)
    if problems:
        return settings, ("Some settings in settings.json were invalid and were reset: "
                          + "; ".join(problems) + aside_note(path, "file kept as") + ".")
    return settings, None


def _read_settings(path: Path) -> Any:
    """The settings file's JSON with its header checked (the values are checked one by one)."""
    data = read_format(path, SETTINGS_FORMAT)
    try:
        v.check_header(data, SETTINGS_FORMAT)
    except v.SchemaError as exc:
        raise UserFileError(f"settings.json: {exc}") from exc
    return data


def save_settings(settings: Settings) -> None:
    """Write the settings atomically: a crash mid-write never leaves a broken file."""
    atomic_write_json(settings_path(), settings.to_json())


# --------------------------------------------------------------------------
# Stats (game.core.stats: games, wins, streaks, best scores, bids, dice luck)
# --------------------------------------------------------------------------

_STAT_NAME = v.Str(40, 1, r"[a-z0-9_-]+")
STATS_SCHEMA_V1 = v.Obj({
    "format": v.Str(), "version": v.Int(1, 1),
    # game id -> stat name -> count or score (e.g. diced-out: solo_games, solo_best)
    "games": v.Map(_STAT_NAME, v.Map(_STAT_NAME, v.Int(-10**9, 10**9), max_keys=32), max_keys=64),
}, required=("games",))

_COUNT = v.Int(0, 10**9)
_TABLE = v.Str(10, 1, r"easy|normal|hard|mixed|solo|hotseat")


def _streak_problem(entry: dict) -> str | None:
    """Counts that cannot all be true at once (a hand-edited or damaged file)."""
    games_, wins = entry.get("games"), entry.get("wins", 0)
    streak, best = entry.get("streak", 0), entry.get("best_streak", 0)
    if games_ is not None and wins > games_:
        return "has more wins than games"
    if streak > best:
        return "has a current streak longer than its best streak"
    if games_ is not None and best > wins:
        return "has a best streak longer than its wins"
    return None


def _luck_problem(luck: dict) -> str | None:
    from .protocol import DIE_KINDS
    for kind, counts in luck.items():
        if kind in DIE_KINDS and len(counts) != DIE_KINDS[kind]:
            return f"{kind} must have {DIE_KINDS[kind]} faces, not {len(counts)}"
    return None


STATS_BUCKET = v.Check(v.Obj({"games": _COUNT, "wins": _COUNT, "streak": _COUNT, "best_streak": _COUNT,
                              "best": v.Int(-10**9, 10**9)}, required=("games",)), _streak_problem)
STATS_GAME = v.Check(v.Obj({
    "levels": v.Map(_TABLE, STATS_BUCKET, max_keys=6),
    "streak": _COUNT, "best_streak": _COUNT,
    "bids": v.Map(v.Str(2, 1, r"[1-9]|1[0-2]"), _COUNT, max_keys=12),
    "luck": v.Check(v.Map(v.Str(20, 1, r"[a-z0-9_-]+"), v.List(_COUNT, 20, 2), max_keys=8), _luck_problem),
}), _streak_problem)
STATS_SCHEMA_V2 = v.Obj({
    "format": v.Str(), "version": v.Int(2, 2),
    "games": v.Map(_STAT_NAME, STATS_GAME, max_keys=64),
    "recent": v.List(v.Str(80, 1, r"[a-z0-9_-]+:[0-9]+:[0-9]+"), 64),
}, required=("games",))
"""Version 2: per game, per table (AI level, mixed, solo, hot-seat) games,
wins, streaks and best score; the faces bid; the faces rolled per die kind;
the last recorded games (so none is counted twice).  See ``game.core.stats``."""
v.register(v.Format(STATS_FORMAT, "stats", {1: STATS_SCHEMA_V1, 2: STATS_SCHEMA_V2}, max_bytes=256 * 1024,
                    max_values=20_000))   # 64 games x 6 tables x 5 counts, bids, luck: under 6,000


def fresh_stats() -> dict:
    """An empty stats document, in the current format (a new player, or a bad file set aside)."""
    return {"format": STATS_FORMAT, "version": STATS_VERSION, "games": {}, "recent": []}


def migrate_stats(data: dict) -> dict:
    """A checked stats document of any version as the current version.

    Version 1 kept only Diced Out's solo games and solo best: they become the
    "solo" table of that game (games and best), so an old personal best stays."""
    if data.get("version") == STATS_VERSION:
        return data
    out = fresh_stats()
    for game_id, old in data.get("games", {}).items():
        count, best = old.get("solo_games"), old.get("solo_best")
        if count is None and best is None:
            continue
        solo: dict = {"games": max(0, count or 0), "wins": 0, "streak": 0, "best_streak": 0}
        if best is not None:
            solo["best"] = best
            solo["games"] = max(solo["games"], 1)
        out["games"][game_id] = {"levels": {"solo": solo}}
    return v.check_document(out, STATS_FORMAT)


def load_stats(path: Path | None = None) -> tuple[dict, str | None]:
    """Personal stats (always the current version: older files are migrated);
    a file that breaks its schema anywhere is kept aside and stats start
    afresh (the message names the field).  ``path``: the stats file (default
    ``stats_path()``; a worker thread is given it, see ``game.core.stats``)."""
    path = stats_path() if path is None else Path(path)
    return read_or_default(path, _read_stats, fresh_stats, "Stats started afresh")


def _read_stats(path: Path) -> dict:
    """The stats file, checked and migrated to the current version."""
    data = read_document(path, STATS_FORMAT)
    try:
        return migrate_stats(data)
    except v.SchemaError as exc:  # an old file whose values do not fit the new version
        raise UserFileError(f"{path.name}: {exc}") from exc


def save_stats(stats: dict, path: Path | None = None) -> None:
    """Write the stats atomically: a crash mid-write never loses the record."""
    atomic_write_json(stats_path() if path is None else path, stats)
