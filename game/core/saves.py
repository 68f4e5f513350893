"""Saving and loading game records: the autosave and the replay folder.

The autosave is the append-only journal of ``journal.py`` (``autosave.journal``);
an ``autosave.json`` record from an older version still loads for Continue
and is removed once the resumed game writes its journal."""
from __future__ import annotations

import datetime as _dt
import os
import threading
from pathlib import Path

from . import finished, journal
from .match import RECORD_FORMAT, Match, RecordError, run_steps
from .userfiles import (UserFileError, atomic_create_json, autosave_path,
                        read_format, remove_file, replays_dir, set_aside)


def _clear_legacy() -> None:
    """Remove an older version's ``autosave.json`` (the journal replaces it)."""
    remove_file(autosave_path(), "the autosave")


def has_autosave() -> bool:
    """Whether Continue has something to offer (the journal or an old-style autosave)."""
    return journal.exists() or autosave_path().is_file()


def autosave_file() -> Path:
    """The file Continue would load (the journal, else an older ``autosave.json``)."""
    return journal.journal_path() if journal.exists() else autosave_path()


def read_record(path: Path) -> dict:
    """The game record in a record file or the autosave journal, read within
    its format's limits (not replayed yet); ``UserFileError`` with a player message."""
    path = Path(path)
    if not path.name:
        raise UserFileError("no file was named (give the path of a replay file)")
    try:
        return (journal.read_record(path) if path.suffix == ".journal"
                else read_format(path, RECORD_FORMAT))
    except FileNotFoundError as exc:
        raise UserFileError(f"{path.name} does not exist") from exc


def match_from_record(data, name: str, dice=None, upto: int | None = None) -> Match:
    """``Match.from_record`` with its error as a player message naming the file."""
    return run_steps(match_steps(data, name, dice, upto))


def match_steps(data, name: str, dice=None, upto: int | None = None, *, checked: bool = False):
    """``match_from_record`` a few moves a step (``Match.record_steps``)."""
    try:
        return (yield from Match.record_steps(data, dice, upto, checked=checked))
    except RecordError as exc:
        raise UserFileError(f"{name}: {exc}") from exc


def load_match(path: Path, dice=None, upto: int | None = None) -> Match:
    """A match from a record file or the autosave journal; ``UserFileError``
    with a player message."""
    return match_from_record(read_record(path), Path(path).name, dice, upto)


def _file_key(path: Path) -> tuple | None:
    """The autosave file as it is now (path, size, time), or None without one."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return (str(path), stat.st_size, stat.st_mtime_ns)


class Autosave:
    """The player's autosave, which Continue resumes: the journal of the game
    being played (one at a time, ``journal.JournalKeeper``) and what the
    title already read to describe it.  The app owns one (``app.autosave``);
    a headless tool makes its own."""

    def __init__(self) -> None:
        self.journals = journal.JournalKeeper()
        """The open journal and a header written ahead."""
        self._described: dict[tuple, str] = {}
        """``describe``'s answer for the autosave file as it was (path, size, time)."""
        self._read: dict[tuple, Match] = {}
        """The match ``describe`` read, for Continue (``load``), by the same key."""
        self._reading = threading.Lock()
        """Describing and continuing read the autosave one at a time (the title describes
        on a thread; Continue pressed meanwhile waits for it and takes its match)."""

    def save(self, match: Match) -> None:
        """Write the unfinished game so "Continue" resumes it exactly; a finished
        game is recorded once (``finish``: replay, stats, rivals memory, the
        autosave cleared).  A guided first game (``match.tutorial``) writes
        nothing here: it keeps its place in tutorials.json and must never
        replace the player's real game."""
        if getattr(match, "tutorial", False):
            return
        if match.is_over:   # the one end-of-game path: replay, stats, rivals, once
            ending = self.finish(match)
            ending.wait()
            if isinstance(ending.error, (UserFileError, OSError)):
                raise ending.error
        else:
            self.journals.save(match)
            _clear_legacy()

    def finish(self, match: Match, rivals=None, *, background: bool = False) -> finished.Finishing:
        """Record the finished ``match`` once (``finished.finish``), removing
        this autosave if it holds that game."""
        return finished.finish(match, rivals, background=background, journals=self.journals)

    def prepare(self, match: Match) -> None:
        """Write a fresh game's autosave header ahead (the table opening), so
        its first move's save does no fsync in the frame (``JournalKeeper.prepare``).
        Nothing for a tutorial or a game already under way."""
        if getattr(match, "tutorial", False) or match.history or match.is_over:
            return
        self.journals.prepare(match)

    def discard_prepared(self) -> None:
        """Drop a header written ahead that no move used (the table closed first)."""
        self.journals.discard_prepared()

    def clear(self) -> None:
        """Forget the game in progress (finished or abandoned), the old single-file
        autosave included, so Continue never offers a game that is over."""
        self.journals.remove()
        _clear_legacy()

    def flush(self) -> None:
        """fsync and close the autosave now (leaving a table, quitting)."""
        self.journals.close()

    def load(self, dice=None) -> Match:
        """Resume the autosave; a damaged one is set aside (kept as .bad).  A
        journal keeps growing from where it ends (no rewrite on resume).  The
        match the title already read to describe it (``describe``) is used if
        the file has not changed since: the autosave is parsed once."""
        path = autosave_file()
        try:
            match = self._take_described(path) if dice is None else None
            if match is None:
                match = load_match(path, dice)
        except UserFileError:
            if os.path.lexists(path):
                set_aside(path)  # so Continue does not fail on it forever
            raise
        if path.suffix == ".journal":
            self.journals.adopt(match, path)
        return match

    def _take_described(self, path: Path) -> Match | None:
        """The match describing read from ``path``, once, if the file is unchanged."""
        with self._reading:
            key = _file_key(path)
            match = self._read.pop(key, None) if key is not None else None
            self._read.clear()
            return match

    def describe(self) -> str:
        """What Continue resumes, in a player's words ("Liar's Dice, round 4"),
        or "" when there is no autosave or it cannot be read (Continue then
        says why).  Replays the save to find its round, once per version of the
        file (kept by its size and time); reads only, never sets a file aside."""
        path = autosave_file()
        with self._reading:
            key = _file_key(path)
            if key is None:
                return ""
            text = self._described.get(key)
            if text is None:
                self._read.clear()
                try:
                    match = load_match(path)
                    text = describe_match(match)
                    self._read[key] = match   # Continue takes this one: no second parse
                except Exception:   # a damaged or foreign save: Continue itself says what is wrong
                    text = ""
                self._described.clear()
                self._described[key] = text
            return text


def describe_match(match: Match) -> str:
    """"Liar's Dice, round 4": the game's title and the round its log is in
    (the narrator's ``round_title``), "just started" before the first round."""
    from .. import games
    title = games.game_info(match.game_id).title
    narrator = games.narrator(match.game_id)
    heading = narrator.round_title(match.state) if narrator is not None and hasattr(narrator, "round_title") else ""
    words = heading.split(" \u00b7 ")[0].split()
    if len(words) == 2 and words[0] == "Round" and words[1].isdigit():
        return f"{title}, round {words[1]}"
    return f"{title}, just started"   # the opening roll, who starts


def save_replay(match: Match) -> Path:
    """A new file per finished game: time, game and seed name it, and a
    counter plus exclusive creation make sure two games never share a name."""
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    record = match.to_record()
    for n in range(1, 10_000):
        path = replays_dir() / f"{stamp}-{match.game_id}-{match.seed}{'' if n == 1 else f'-{n}'}.json"
        try:
            atomic_create_json(path, record)
            return path
        except FileExistsError:
            continue
    raise UserFileError("could not name the replay file (too many games this second)")


def list_replays() -> list[Path]:
    """The replay files, newest first (the list's own ``index.json`` is not one)."""
    from .replay_index import INDEX_NAME
    try:
        return sorted((p for p in replays_dir().glob("*.json") if p.name != INDEX_NAME), reverse=True)
    except OSError:
        return []
