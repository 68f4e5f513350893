"""What the replay list shows for each saved game: date, game, players, winner.

Only the rows on screen are summarised, each from its record's header fields
(game, seats, ranking, saved_at: no replaying), and every summary is kept in
``replays/index.json`` keyed by file name, size and modification time, so a
list of hundreds of replays opens with one folder listing and at most a page
of reads.  A file that cannot be read gives a "cannot be read" row that says
why in a few words (a folder, a link to nothing, a pipe, no permission, too
large, damaged, not a replay; ``why_unreadable``), never an error; a damaged
index is simply rebuilt.  Pure Python: no pygame.
"""
from __future__ import annotations

import datetime as _dt
import hashlib
import os
import stat
from dataclasses import asdict, dataclass
from pathlib import Path

from .. import games
from . import validation as v
from .userfiles import UserFileError, atomic_write_json, read_document, read_format

INDEX_FORMAT = "dice-tavern-replay-index"
INDEX_NAME = "index.json"
MAX_ENTRIES = 5000
_TEXT = v.Str(200)
SUMMARY_SCHEMA = v.Obj({
    "key": v.List(v.Int(0, 2**63 - 1), 2, 2),
    "date": _TEXT, "game": _TEXT, "players": v.List(v.Str(40), 20), "winner": _TEXT, "ok": v.Bool(),
    "problem": _TEXT,
}, required=("key", "date", "game", "players", "winner", "ok"))
INDEX_VERSION = 2
"""2: winners read as the seats in first place (version 1 kept the seat
listed first in ``ranking``, which is each seat's place: a wrong winner), and
a bad row's reason.  An index of another version is rebuilt."""
_INDEX_SCHEMA = v.Obj({
    "format": v.Str(), "version": v.Int(1, INDEX_VERSION),
    "entries": v.Map(v.Str(64, 64, r"[0-9a-f]{64}"), SUMMARY_SCHEMA, max_keys=MAX_ENTRIES),
}, required=("entries",))
v.register(v.Format(INDEX_FORMAT, "replay index", {1: _INDEX_SCHEMA, INDEX_VERSION: _INDEX_SCHEMA},
                    max_bytes=8 * 1024 * 1024, max_values=100_000))   # 5,000 rows of 12


@dataclass(frozen=True)
class ReplaySummary:
    """One row of the replay list, in words a player uses."""
    date: str       # "23 Nov 2026 14:05"
    game: str       # "Liar's Dice"
    players: tuple[str, ...]
    winner: str     # "Mags" ("Mags and Finn" on a tie), "" while unknown
    ok: bool = True
    """False: the file could not be read (the row says so and cannot be opened)."""
    problem: str = ""
    """Why it could not be read, in a few words ("A folder, not a replay.")."""


def entry_name(path: Path) -> str:
    """The index's name for a replay file: a digest of the name's bytes, so
    any name the OS allows (not UTF-8, a newline, 250 characters) is a
    valid key and one odd name never makes the whole cache refused."""
    return hashlib.sha256(os.fsencode(Path(path).name)).hexdigest()


def _file_key(path: Path) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_size, st.st_mtime_ns]


class ReplayIndex:
    """Summaries of the replay files, read lazily and cached on disk."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.path = self.folder / INDEX_NAME
        self.entries: dict[str, dict] = {}
        self.dirty = False
        self.reads = 0
        """Replay files read so far (a test checks that only shown rows are read)."""
        try:
            data = read_document(self.path, INDEX_FORMAT)
            self.entries = dict(data["entries"]) if data.get("version") == INDEX_VERSION else {}
        except (FileNotFoundError, UserFileError):
            self.entries = {}  # missing or damaged: rebuilt from the replays as rows are shown

    def summary(self, path: Path) -> ReplaySummary:
        """The row for ``path`` (from the cache when the file is unchanged)."""
        path = Path(path)
        key = _file_key(path)
        cached = self.entries.get(entry_name(path))
        # a bad row cached without its reason (an older index) is looked at again
        if cached is not None and key is not None and cached["key"] == key and (cached["ok"] or cached.get("problem")):
            return ReplaySummary(cached["date"], cached["game"], tuple(cached["players"]),
                                 cached["winner"], cached["ok"], cached.get("problem", ""))
        summary = summarise(path)
        self.reads += 1
        if key is not None:
            self.entries[entry_name(path)] = {"key": key, **asdict(summary), "players": list(summary.players)}
            self.dirty = True
        return summary

    def save(self, keep: list[Path] | None = None) -> None:
        """Write the cache if it changed (entries of deleted replays dropped)."""
        if not self.dirty:
            return
        if keep is not None:
            names = {entry_name(p) for p in keep}
            self.entries = {k: e for k, e in self.entries.items() if k in names}
        entries = dict(list(self.entries.items())[-MAX_ENTRIES:])
        try:
            atomic_write_json(self.path, {"format": INDEX_FORMAT, "version": INDEX_VERSION, "entries": entries})
            self.dirty = False
        except UserFileError:
            pass  # a read-only folder: the list still works, just reads again next time


def summarise(path: Path) -> ReplaySummary:
    """A record's date, game, players and winner from its header fields."""
    from .match import RECORD_FORMAT
    fallback_date = _date_from_name(path.name)
    try:
        data = read_format(path, RECORD_FORMAT)
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise ValueError("not a record")
        from .match import RECORD_SCHEMA
        game_id = RECORD_SCHEMA.fields["game"].check(data.get("game"), "game")
        seats = RECORD_SCHEMA.fields["seats"].check(data.get("seats"), "seats")
        players = tuple(s["name"] for s in seats)
        title = games.game_info(game_id).title if games.is_known(game_id) else game_id
        ranking = data.get("ranking")
        winner = ""
        if ranking is not None:
            ranking = RECORD_SCHEMA.fields["ranking"].check(ranking, "ranking")   # each seat's place
            winner = " and ".join(name for name, place in zip(players, ranking) if place == 0)
        date = _date_from_saved_at(data.get("saved_at")) or fallback_date
        return ReplaySummary(date, title, players, winner)
    except (FileNotFoundError, UserFileError, ValueError) as exc:  # SchemaError is a ValueError
        return ReplaySummary(fallback_date, "", (), "", ok=False, problem=why_unreadable(path, exc))


def why_unreadable(path: Path, exc: Exception) -> str:
    """What is wrong with a replay that could not be read, in a few true
    words for its row: looked up with ``lstat``/``stat`` (neither opens the
    entry, so a pipe never blocks), then the reading's own failure."""
    from .match import RECORD_FORMAT
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            info = os.stat(path)
    except FileNotFoundError:
        return "A link to a file that is gone." if os.path.islink(path) else "The file is gone."
    except PermissionError:
        return "Dice Tavern is not allowed to read it."
    except (OSError, ValueError):
        return "The file cannot be looked at."
    if stat.S_ISDIR(info.st_mode):
        return "A folder, not a replay."
    if stat.S_ISFIFO(info.st_mode):
        return "A pipe, not a file."
    if not stat.S_ISREG(info.st_mode):
        return "A device or socket, not a file."
    limit = v.FORMATS[RECORD_FORMAT].max_bytes
    if info.st_size > limit:
        return f"Too large to be a replay ({_megabytes(info.st_size)} MB; replays are under {_megabytes(limit)} MB)."
    if isinstance(exc.__cause__, PermissionError) or isinstance(exc, PermissionError):
        return "Dice Tavern is not allowed to read it."
    if isinstance(exc, UserFileError) and isinstance(exc.__cause__, OSError):
        return "The file could not be read (" + (exc.__cause__.strerror or "a disk error") + ")."
    if isinstance(exc, UserFileError) and "too many entries" in str(exc):
        return "Too large to be a replay."
    if isinstance(exc, UserFileError):
        return "This file is damaged."
    return "Not a replay this version can read."


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.0f}" if size >= 10_000_000 else f"{size / 1_000_000:.1f}"


def _date_from_saved_at(text) -> str:
    """The record's UTC save time in the player's local time."""
    if not isinstance(text, str):
        return ""
    try:
        when = _dt.datetime.fromisoformat(text)
    except ValueError:
        return ""
    if when.tzinfo is not None:
        when = when.astimezone()
    return _format(when)


def _date_from_name(name: str) -> str:
    """``20261123-140512-...json`` -> the date in the file name (a damaged file still has one)."""
    try:
        return _format(_dt.datetime.strptime(name[:15], "%Y%m%d-%H%M%S"))
    except ValueError:
        return ""


def _format(when: _dt.datetime) -> str:
    return f"{when.day} {when.strftime('%b %Y  %H:%M')}"
