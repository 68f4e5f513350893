"""The autosave as an append-only journal: one header, then one line per action.

Why: rewriting the whole record after every action cost 1.6 ms at move 50 and
21 ms (plus an fsync) at move 1,000, inside the frame.  The journal costs the
same at move 2,000 as at move 2: each action is one short line handed to the
OS with a single ``os.write`` (no fsync in the frame), so a killed game loses
nothing the OS was given; a background thread fsyncs a dirty journal at most
every ``SYNC_SECONDS`` for power cuts.

The file (``autosave.journal`` in the user data folder), UTF-8 JSON lines:

* line 1, the header, written atomically (temp file, fsync, rename, fsync
  of the folder) once per game; a table writes it ahead when it opens
  (``JournalKeeper.prepare``), so the first move's save only renames it into place and
  the folder's fsync goes to the writer thread (the fsyncs cost 2-10 ms,
  which landed in the frame of a game's first move):
  ``{"format": "dice-tavern-journal", "version": 1, "record": {...}}`` where
  ``record`` is ``Match.to_record()`` without ``actions`` (game, options,
  seats, seed, dice, record format and version);
* every following line: one action, ``{"player": P, "action": {...}}``, the
  same entries as a record's ``actions`` list.

Loading joins them back into a match record (``Match.from_record``), so the
Continue contract and the replay format are those of the record.  A last
line without its newline (the game was killed mid-write) is ignored; any other
bad line makes the journal damaged (set aside as ``.bad`` by the caller).
"""
from __future__ import annotations

import json
import os
import threading
import time
import weakref
from pathlib import Path
from typing import Any, Callable

from . import userfiles, validation
from .userfiles import UserFileError

JOURNAL_FORMAT = "dice-tavern-journal"
JOURNAL_VERSION = 1
SYNC_SECONDS = 1.0
"""A dirty journal is fsynced by the writer thread at most this often."""
MAX_BYTES = 4 * 1024 * 1024
"""A journal larger than this is not a Dice Tavern autosave: it holds what a
game record holds, more compactly (``match.RECORD_MAX_BYTES``).  At 64 MB a
hostile journal cost 18 s of CPU and 1 GB before it was refused."""
MAX_VALUES = 300_000
"""JSON values in the whole journal, counted before parsing (``userfiles.count_values``)."""
HEADER_MAX_BYTES = 64 * 1024
"""The header line (seats, options, seed) is never longer than this."""

validation.register(validation.Format(JOURNAL_FORMAT, "autosave", {1: validation.Obj({
    "format": validation.Str(), "version": validation.Int(1, JOURNAL_VERSION),
    # the record without its actions; Match.from_record checks it field by field
    "record": validation.Obj({}, extra=validation.Json(max_items=64, max_depth=4)),
}, required=("record",))}, max_bytes=MAX_BYTES))


def journal_path() -> Path:
    """Where the autosave journal lives (in the data folder, so ``scratch_home`` moves it too)."""
    return userfiles.data_dir() / "autosave.journal"


def exists() -> bool:
    """A plain file check (the title screen asks before loading anything)."""
    return journal_path().is_file()


def _header(match) -> bytes:
    """The journal's first line for ``match`` (its record without the actions)."""
    record = match.to_record()
    for key in ("actions", "finished", "ranking", "saved_at"):
        record.pop(key, None)
    header = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "record": record}
    return (json.dumps(header, separators=(",", ":")) + "\n").encode("utf-8")


def _line(player: int, action) -> bytes:
    return (json.dumps({"player": player, "action": action.to_json()}, separators=(",", ":"))
            + "\n").encode("utf-8")


def read_record(path: Path) -> dict:
    """The match record a journal holds (``UserFileError`` if damaged).

    A torn last line (no newline: the writer was killed mid-line) is dropped.
    Bounded before anything is parsed: the size (``MAX_BYTES``, from fstat),
    then the moves (lines, at most ``MAX_ACTIONS``) and the JSON values
    (``MAX_VALUES``), counted on the bytes; then every line is parsed in one
    pass (the lines joined as one JSON list)."""
    from .match import MAX_ACTIONS
    path = Path(path)
    raw = userfiles.read_bytes(path, MAX_BYTES)  # regular files only, size checked first
    end = raw.rfind(b"\n")   # after it: nothing, or a torn line to ignore
    if end < 0:
        raise UserFileError(f"{path.name} is damaged (no header)")
    if raw.count(b"\n", 0, end) > MAX_ACTIONS:
        raise UserFileError(f"{path.name} holds more moves than a game can have")
    if userfiles.count_values(raw[:end]) > MAX_VALUES:
        raise UserFileError(f"{path.name} holds too many entries to be a Dice Tavern autosave")
    body = raw[:end].replace(b"\n", b",")   # JSON never holds a raw newline inside a value
    del raw
    try:
        lines = json.loads(b"[" + body + b"]", parse_constant=userfiles._no_constants)
    except (ValueError, RecursionError) as exc:  # incl. bad UTF-8, huge integers, NaN, an empty line
        raise UserFileError(f"{path.name} is damaged (a line is not valid JSON)") from exc
    if not lines:   # b"\n" alone parses as an empty list
        raise UserFileError(f"{path.name} is damaged (no header)")
    header, actions = lines[0], lines[1:]
    if not isinstance(header, dict) or header.get("format") != JOURNAL_FORMAT:
        raise UserFileError(f"{path.name} is not a Dice Tavern autosave")
    version = header.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise UserFileError(f"{path.name} has no valid version")
    if version > JOURNAL_VERSION:
        raise UserFileError(f"{path.name} was written by a newer Dice Tavern (version {version})")
    record = header.get("record")
    if not isinstance(record, dict):
        raise UserFileError(f"{path.name} is damaged (no game in the header)")
    userfiles.check_document(header, JOURNAL_FORMAT, path.name)  # the actions: by the record's schema
    return {**record, "actions": actions, "finished": False}


def read_header(path: Path) -> dict | None:
    """The record (without actions) in the journal's first line, or None if it
    cannot be read: the end of a game asks whose game the autosave is
    (``game.core.finished``) without reading the moves."""
    try:
        with open(path, "rb") as fh:
            line = fh.readline(HEADER_MAX_BYTES + 1)
        header = json.loads(line.decode("utf-8"), parse_constant=userfiles._no_constants)
    except (OSError, ValueError, RecursionError):
        return None
    record = header.get("record") if isinstance(header, dict) else None
    return record if isinstance(record, dict) else None


class _Syncer(threading.Thread):
    """fsyncs the journal's descriptor when it is dirty, off the game loop."""

    def __init__(self, journal: "Journal"):
        super().__init__(name="autosave-sync", daemon=True)
        self.journal = journal
        self.wake = threading.Event()

    def run(self) -> None:
        while True:
            self.wake.wait()
            self.wake.clear()
            if self.journal._syncer is not self or not self.journal.sync():
                return
            time.sleep(SYNC_SECONDS)


class Journal:
    """The open autosave journal of one match (see the module docstring)."""

    def __init__(self, match, path: Path):
        self.path = Path(path)
        self.match = weakref.ref(match)
        self.count = 0      # actions of the match's history in the file
        self._fd: int | None = None
        self._lock = threading.Lock()
        self._dirty = False
        self._dir_dirty = False
        """A rename into the folder not yet made durable (``start`` from a prepared header)."""
        self._syncer: _Syncer | None = None

    def start(self, match, take_prepared: Callable[[Any, bytes, Path], bool] | None = None) -> None:
        """Write the header and the actions so far atomically (once per game,
        or when a game resumed from an older save is first saved).  A header
        written ahead for this match (``JournalKeeper.prepare``) is renamed
        into place instead by ``take_prepared``, its folder synced by the
        writer thread."""
        body = _header(match)
        self.close()
        if take_prepared is not None and take_prepared(match, body, self.path):
            self.count = 0
            self._open()
            self._dir_dirty = True
            self.append(match)
            return
        body += b"".join(_line(p, a) for p, a in match.history)
        userfiles.atomic_write_bytes(self.path, body)
        self.count = len(match.history)
        self._open()

    def _open(self) -> None:
        try:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        except OSError as exc:
            raise UserFileError(f"could not save {self.path.name}: {exc.strerror or exc}") from exc

    def append(self, match) -> None:
        """The actions applied since the last call, as lines, in one write."""
        history = match.history
        if self.count >= len(history):
            return
        data = b"".join(_line(p, a) for p, a in history[self.count:])
        with self._lock:
            if self._fd is None:
                self._open()
            fd = self._fd
            assert fd is not None  # _open set it or raised
            try:
                written = os.write(fd, data)
                while written < len(data):  # rare: a partial write to a full disk
                    written += os.write(fd, data[written:])
            except OSError as exc:
                raise UserFileError(f"could not save {self.path.name}: {exc.strerror or exc}") from exc
            self.count = len(history)
            self._dirty = True
        if self._syncer is None:
            self._syncer = _Syncer(self)
            self._syncer.start()
        self._syncer.wake.set()

    def sync(self) -> bool:
        """fsync if dirty (and the folder after a rename); False once the
        journal is closed (the thread ends)."""
        with self._lock:
            if self._fd is None:
                return False
            if not self._dirty:
                return True
            self._dirty = False
            folder, self._dir_dirty = self._dir_dirty, False
            try:
                fd = os.dup(self._fd)  # fsync a twin outside the lock: appends never wait
            except OSError:
                return True
        userfiles.fsync_and_close(fd)
        if folder:
            userfiles.fsync_dir(self.path.parent)
        return True

    def close(self) -> None:
        """Flush to disk and close (quitting to the title, a finished game)."""
        with self._lock:
            if self._fd is not None:
                try:
                    if self._dirty:
                        os.fsync(self._fd)
                except OSError:
                    pass
                os.close(self._fd)
                self._fd = None
                self._dirty = False
        syncer, self._syncer = self._syncer, None
        if syncer is not None:
            syncer.wake.set()  # it sees it is no longer the journal's and ends


class JournalKeeper:
    """The autosave journal of the match being played, one at a time, and a
    header written ahead for the next (``prepare``).  The app's autosave
    (``saves.Autosave``, ``app.autosave``) owns one: no module state."""

    def __init__(self) -> None:
        self.current: Journal | None = None
        """The journal of the match being played."""
        self.prepared: tuple[Any, str, bytes] | None = None
        """(weak reference to a match, temp file, its bytes): a header written ahead (``prepare``)."""

    def prepare(self, match) -> None:
        """Write ``match``'s journal header now, on disk beside the journal as a
        temp file (a table calls this while it opens): its first save renames it
        into place (``Journal.start``).  Until then Continue sees nothing new; an
        unused one is removed by ``discard_prepared`` or, if the game was killed,
        as a stale temp file (``userfiles.clean_stale_temp_files``)."""
        self.discard_prepared()
        body = _header(match)
        tmp = userfiles.staged_write(journal_path(), body)
        self.prepared = (weakref.ref(match), tmp, body)

    def discard_prepared(self) -> None:
        """Remove a header written ahead and not used (the table closed first)."""
        if self.prepared is not None:
            _, tmp, _ = self.prepared
            self.prepared = None
            try:
                os.unlink(tmp)
            except OSError:
                pass

    def take_prepared(self, match, body: bytes, path: Path) -> bool:
        """Rename the header written ahead for ``match`` to ``path`` if it is
        still there and still right; True if it was."""
        prepared = self.prepared
        if prepared is None or prepared[0]() is not match or prepared[2] != body:
            self.discard_prepared()
            return False
        tmp = prepared[1]
        self.prepared = None
        try:
            os.replace(tmp, path)
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            return False
        return True

    def save(self, match) -> None:
        """Journal ``match``: append its new actions, or start a fresh journal if
        the file belongs to another match or is gone."""
        path = journal_path()
        journal = self.current
        if (journal is None or journal.count > len(match.history) or journal.match() is not match
                or journal.path != path or not path.is_file()):
            if journal is not None:
                journal.close()
            journal = self.current = Journal(match, path)
            journal.start(match, self.take_prepared)
        else:
            journal.append(match)

    def adopt(self, match, path: Path) -> None:
        """A match just loaded from the journal at ``path`` keeps appending to it
        (no rewrite on resume), unless its last line was torn: then the next save
        starts the file afresh."""
        if self.current is not None:
            self.current.close()
            self.current = None
        try:
            with open(path, "rb") as fh:
                fh.seek(-1, os.SEEK_END)
                clean = fh.read(1) == b"\n"
        except OSError:
            return
        if clean:
            journal = Journal(match, path)
            journal.count = len(match.history)
            self.current = journal

    def close(self) -> None:
        """fsync and close the current journal (pause menu, quitting)."""
        if self.current is not None:
            self.current.close()

    def remove(self) -> None:
        """Delete the journal (the game ended or was abandoned)."""
        if self.current is not None:
            self.current.close()
            self.current = None
        userfiles.remove_file(journal_path(), "the autosave")
