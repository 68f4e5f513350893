"""One running table per data folder.

Why: two copies of the game on one data folder replaced each other's
autosave without a word, and the first went on "saving" into a file that no
longer existed.  The copy that plays holds an OS-level lock on
``table.lock`` in the data folder (``filelock``: ``flock`` on POSIX,
``LockFileEx`` on Windows); a second copy finds it taken and opens read-only
(replays and stats, nothing written) or moves to another folder
(``another_folder``).  The OS drops the lock with the process, so a killed
copy leaves no stale lock behind: the file stays, the lock does not.

Pure: no pygame.
"""
from __future__ import annotations

import errno
import os
from pathlib import Path

from filelock import FileLock, Timeout

from . import userfiles

LOCK_NAME = "table.lock"
SPARE_FOLDERS = 9
"""How many other folders (``<data folder>-2`` ...) ``another_folder`` tries."""


class TableLock:
    """The lock of one data folder, held while this copy may write to it."""

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder is not None else userfiles.data_dir()
        self._lock: FileLock | None = None
        self.unwritable: str | None = None
        self.unwritable_errno: int | None = None
        """The ``errno`` of that failure (``userfiles.folder_trouble`` words it for players)."""
        """Why the folder cannot be written at all (the system's words: "Read-only
        file system"), when the last ``acquire`` failed for that and not because
        another copy holds it: the title must not blame a window that is not open."""

    def trouble(self, short: bool = False) -> str | None:
        """Why this folder cannot be written, in a sentence with where; None if it can."""
        if self.unwritable is None:
            return None
        return userfiles.folder_trouble(self.folder, self.unwritable_errno, short)

    @property
    def held(self) -> bool:
        return self._lock is not None

    def acquire(self) -> bool:
        """Take the folder's lock now (never waits); False if another copy holds it
        (or the folder cannot be written at all: then nothing may be written either)."""
        if self._lock is not None:
            return True
        self.unwritable = self.unwritable_errno = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(self.folder / LOCK_NAME), timeout=0, mode=0o600, thread_local=False)
            lock.acquire()
        except Timeout:
            return False
        except OSError as exc:
            self.unwritable = exc.strerror or str(exc)
            self.unwritable_errno = exc.errno
            return False
        self._lock = lock
        return True

    def release(self) -> None:
        """Let another copy play with this folder (quitting)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None


def spare_folders_unwritable(current: Path) -> str | None:
    """Why no folder beside ``current`` can be made or written (the system's
    words: "Read-only file system"), or None if one can: the title offers
    "Another folder" only where it can work.  Asked without writing (the
    nearest folder that exists, or a spare folder that does)."""
    spares = [current.with_name(f"{current.name}-{n}") for n in range(2, 2 + SPARE_FOLDERS)]
    if any(p.is_dir() and os.access(p, os.W_OK | os.X_OK) for p in spares):
        return None
    place = current.parent
    while not place.exists() and place != place.parent:
        place = place.parent
    if not place.is_dir():
        return os.strerror(errno.ENOTDIR)
    if os.access(place, os.W_OK | os.X_OK):
        return None
    try:
        read_only = bool(os.statvfs(place).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):   # no statvfs (Windows)
        read_only = False
    return os.strerror(errno.EROFS if read_only else errno.EACCES)


def another_folder(current: Path) -> TableLock | None:
    """A lock taken on the first free sibling folder of ``current``
    (``DiceTavern-2``, ``-3``...), or None if every one is in use or none
    can be written (``spare_folders_unwritable`` says which)."""
    for n in range(2, 2 + SPARE_FOLDERS):
        lock = TableLock(current.with_name(f"{current.name}-{n}"))
        if lock.acquire():
            return lock
    return None
