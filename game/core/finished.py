"""The end of a game as one durable transaction: a finished game is recorded
once (replay, lifetime stats, the AIs' memory of their rivals), whatever
kills the game on the way.

Why: the three records were written by separate threads at separate moments,
so a kill in between left a game uncounted, or counted it and left the
autosave behind (Continue then played the last move again and saved a second
replay); "Skip to the results" never recorded the stats at all.

How (``finish``):

1. **commit**: one small file, ``finishing/<id>.json`` in the data folder,
   written atomically, holds everything the records need: the game's key
   (``stats.match_key``: game, seed, moves), the replay's file name, the whole
   record and what the AIs learned (``RivalShelf.lessons``).  From here on the
   game is finished on disk;
2. **effects**, each keyed by the game so a second run adds nothing: the
   autosave removed (only if it is this game's), the replay created under its
   reserved name (exclusive: once), the stats (``stats.json`` keeps the keys
   of the last games recorded), the rivals memory (``rivals.json`` likewise);
3. the file removed.

A kill anywhere leaves either no commit (the autosave still holds the game
before its last move: Continue plays it to its end once) or a commit that
``recover`` completes at the next start, before the title offers Continue.
Every step is one of ``STEPS``; ``DICE_TAVERN_KILL_AT=<step>`` kills the
process right after it (the kill test, deterministic, no timing).

Pure: no pygame.
"""
from __future__ import annotations

import datetime as _dt
import os
import signal
import threading
import weakref
from pathlib import Path
from typing import Callable

from . import journal, stats, userfiles
from . import validation as v
from .match import Match, RecordError
from .userfiles import UserFileError

FINISHED_FORMAT = "dice-tavern-finished"
FINISHED_VERSION = 1
KILL_ENV = "DICE_TAVERN_KILL_AT"
STEPS = ("begin", "committed", "autosave", "replay", "stats", "rivals", "done")
"""The end-of-game steps, in order; the kill test kills after each."""
MAX_PENDING = 32
"""At most this many unfinished ends are completed at a start (one is usual)."""

_KEY = v.Str(80, 1, r"[a-z0-9_-]+:[0-9]+:[0-9]+")
v.register(v.Format(FINISHED_FORMAT, "finished game", {1: v.Obj({
    "format": v.Str(), "version": v.Int(1, FINISHED_VERSION),
    "key": _KEY,
    "replay": v.Str(200, 1, r"[A-Za-z0-9_.-]+\.json"),
    "record": v.Json(max_items=200_000, max_depth=8),    # checked by Match.from_record
    "lessons": v.Obj({"learned": v.List(v.List(v.Json(), 4, 4), 200_000),
                      "met": v.List(v.Str(120, 1), 10_000)}),
}, required=("key", "replay", "record"))}, max_bytes=6 * 1024 * 1024))


def pending_dir() -> Path:
    """Where committed, not yet completed game ends wait (in the data folder)."""
    return userfiles.data_dir() / "finishing"


def kill_point(step: str) -> None:
    """The kill test's hook: die here, as a power cut would, if asked to."""
    if os.environ.get(KILL_ENV) == step:
        if hasattr(signal, "SIGKILL"):
            os.kill(os.getpid(), signal.SIGKILL)
        os._exit(137)


def _replay_name(match: Match) -> str:
    """A fresh replay name for ``match`` (time, game and seed; a counter if taken)."""
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = userfiles.replays_dir()
    for n in range(1, 10_000):
        name = f"{stamp}-{match.game_id}-{match.seed}{'' if n == 1 else f'-{n}'}.json"
        if not os.path.lexists(folder / name):
            return name
    raise UserFileError("could not name the replay file (too many games this second)")


class Finishing:
    """One game's end on its way to disk (``finish``): where its replay will
    be (known at once, so the results can offer it), the stats it made
    (``result``) and the error that stopped it, if any."""

    def __init__(self, key: str, replay_path: Path | None, *, done: bool = False,
                 error: BaseException | None = None):
        self.key = key
        self.replay_path = replay_path
        self.result: stats.Recorded | None = None
        self.error = error
        self._done = threading.Event()
        if done:
            self._done.set()
        self._reported = False
        self.committed = False
        """The commit file is on disk: ``recover`` completes the records at the next start."""
        self.in_autosave = False
        """Not committed, but the autosave holds this game: Continue on the title ends it again."""

    @property
    def done(self) -> bool:
        """Whether every record is written (the screen asks; it never waits on it)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = 30.0) -> stats.Recorded | None:
        """The stats result once everything is written (opening the replay,
        quitting, tests); a bug (not a file error) is raised here."""
        self._done.wait(timeout)
        if self.error is not None and not isinstance(self.error, (UserFileError, OSError)):
            raise self.error
        return self.result

    def report(self, toast: Callable[[str], None]) -> None:
        """Once done: a file error as a message for players (``toast``)."""
        if not self.done or self._reported:
            return
        self._reported = True
        if isinstance(self.error, (UserFileError, OSError)):
            if self.committed:
                fate = " It is kept and saved at the next start."
            elif self.in_autosave:
                fate = " It is kept: Continue on the title saves it."
            else:
                fate = ""   # nothing on disk holds it: no promise
            toast(f"Could not save the finished game: {str(self.error).rstrip('.')}.{fate}")
        elif self.error is not None:
            raise self.error


_LOCK = threading.Lock()
"""One end of game written at a time (the rivals book, the stats file)."""
_STARTED: weakref.WeakKeyDictionary[Match, Finishing] = weakref.WeakKeyDictionary()
"""Each match's end, once started (the same match finished again gets the same one)."""
_RUNNING: list[Finishing] = []
"""Game ends started on a worker thread and not known to be done (``wait_all``)."""


def wait_all(timeout: float = 30.0) -> None:
    """Until every game end started here is on disk: before a replay opens
    (it may be the one being written), before the replay list reads the
    folder, and as the app quits."""
    while _RUNNING:
        _RUNNING.pop(0)._done.wait(timeout)


def finish(match: Match, rivals=None, *, background: bool = False,
           journals: journal.JournalKeeper | None = None) -> Finishing:
    """Record the finished ``match`` once: commit, then every effect (see the
    module docstring), on a worker thread with ``background`` (the frame that
    ends a game does not wait for the disk).  ``rivals``: the app's
    ``RivalShelf`` (its AIs' lessons are handed over now, in this thread).
    Finishing the same match again (skip to the results, then the crash
    rescue, say) gives the same ``Finishing``; a lesson (``match.tutorial``)
    or a replay records nothing.  ``journals``: the app's open autosave
    journal (``saves.Autosave``), closed if it is removed."""
    started = _STARTED.get(match)
    if started is not None:
        return started
    key = stats.match_key(match)
    if getattr(match, "tutorial", False) or getattr(match, "replay", False) or not match.is_over:
        return Finishing(key, None, done=True)
    lessons = rivals.lessons(match) if rivals is not None else None
    try:
        replay = _replay_name(match)
    except (UserFileError, OSError) as exc:
        return Finishing(key, None, done=True, error=exc)
    handle = _STARTED[match] = Finishing(key, userfiles.replays_dir() / replay)

    def run() -> None:
        try:
            document = {"format": FINISHED_FORMAT, "version": FINISHED_VERSION, "key": key,
                        "replay": replay, "record": match.to_record()}
            if lessons is not None:
                document["lessons"] = lessons
            kill_point("begin")
            with _LOCK:
                path = pending_dir() / f"{key.replace(':', '-')}.json"
                userfiles.atomic_write_json(path, document)
                handle.committed = True
                kill_point("committed")
                handle.result = _complete(document, path, match, rivals, journals)
        except BaseException as exc:  # handed to the frame loop by report()/wait()
            handle.error = exc
            if not handle.committed:
                try:
                    handle.in_autosave = _autosave_holds(match.game_id, match.seed)
                except (UserFileError, OSError):
                    pass
        finally:
            handle._done.set()
    if background:
        _RUNNING.append(handle)
        threading.Thread(target=run, name="game-end", daemon=True).start()
    else:
        run()
    return handle


def _complete(document: dict, path: Path, match: Match, rivals,
              journals: journal.JournalKeeper | None = None) -> stats.Recorded | None:
    """Every effect of a committed game end, each at most once, then the commit removed."""
    key = document["key"]
    record = document["record"]
    _clear_autosave_of(record, journals)
    kill_point("autosave")
    try:
        userfiles.atomic_create_json(userfiles.replays_dir() / document["replay"], record)
    except FileExistsError:
        pass   # written before a kill: one replay, never two
    kill_point("replay")
    result = stats.record_match(match)
    kill_point("stats")
    lessons = document.get("lessons")
    if lessons is not None and rivals is not None and not getattr(match, "tutorial", False):
        # the caller's rivals memory (the app's ``RivalShelf``): core never
        # imports the bidding family, whose book it is
        rivals.remember(key, lessons)
    kill_point("rivals")
    userfiles.remove_file(path, "the finished game")
    kill_point("done")
    return result


def _clear_autosave_of(record: dict, journals: journal.JournalKeeper | None) -> None:
    """Remove the autosave if it holds this game (same game and seed): a
    newer game's autosave is never touched.  ``journals`` (the app's open
    journal) is closed first; without it (recovery at start) the file goes."""
    if _autosave_holds(record.get("game"), record.get("seed")):
        if journals is not None:
            journals.remove()
        else:
            userfiles.remove_file(journal.journal_path(), "the autosave")


def _autosave_holds(game, seed) -> bool:
    """Is the autosave on disk a save of this game (same game and seed)?"""
    if not journal.exists():
        return False
    header = journal.read_header(journal.journal_path())
    return header is not None and (header.get("game"), header.get("seed")) == (game, seed)


def pending() -> list[Path]:
    """The committed game ends not completed yet (a kill came first)."""
    try:
        entries = sorted(p for p in pending_dir().glob("*.json") if p.is_file())
    except OSError:
        return []
    return entries[:MAX_PENDING]


def recover(rivals=None) -> tuple[int, list[str]]:
    """Complete every game end a kill interrupted (the app's start, under the
    data folder's lock).  Returns how many were completed and a message per
    file that could not be (a damaged one is set aside as ``.bad``)."""
    done, problems = 0, []
    for path in pending():
        try:
            document = userfiles.read_document(path, FINISHED_FORMAT)
            match = Match.from_record(document["record"])
            if not match.is_over:
                raise RecordError("the game in it is not finished")
        except (UserFileError, RecordError) as exc:
            problems.append(f"A finished game could not be recorded: {exc}{userfiles.aside_note(path, 'kept as')}.")
            continue
        except FileNotFoundError:
            continue
        try:
            with _LOCK:
                _complete(document, path, match, rivals)
            done += 1
        except (UserFileError, OSError) as exc:
            problems.append(f"A finished game could not be recorded yet: {exc}")
    return done, problems
