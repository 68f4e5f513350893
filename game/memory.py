"""Garbage collection owned by the app loop (issue 16): no full collection inside a moving frame.

CPython's automatic collector runs a full (oldest-generation) collection
whenever the objects that survived into that generation grew by a quarter.  At
a 20-seat table that walked the 15-28k objects a long game gathers (history,
bids, log lines, cached labels) in one frame: 8-48 ms, freeing next to nothing.
So while the app runs (``Collector.start``, from ``App.settle_memory``):

- everything alive at start (modules, fonts, the first screen) is frozen
  (``gc.freeze``) and never walked again;
- automatic collection is off; after each frame (``after_frame``) the young
  generations are collected when CPython would have (``gc.get_count``
  against ``gc.get_threshold``): young objects only, a millisecond or two
  (up to 3 ms at a 20-seat table); a frame that already cost ``SLACK_MS``
  leaves it to the next frame with slack (a 20-seat throw's frame plus a
  collection made 17 ms), at most until ``DEFER_LIMIT`` thresholds are due;
- the full collection waits for a quiet moment (``quiet``: the loop rests on an
  idle screen, or a table waits for a human), where nothing moves and a
  player waits anyway (it also frees a finished table and its cycles);
- a valve keeps memory bounded when no quiet moment comes (an all-AI game
  watched to its end): once the old generation holds ``VALVE_MIN`` objects and
  ``VALVE_FACTOR`` times what the last full collection left, a full collection
  runs anyway.  Counting the old generation walks all of it (5-7 ms at 40-80k
  objects), so it is counted only once what young collections moved into it
  since the last count could have reached the valve, and then in a frame
  with slack of its own (it was counted every tenth collection of the middle
  generation, inside that frame: a 20-seat game's three worst frames).

``stop`` (``App.shutdown``) gives the automatic collector back, so tools that
run an app and then go on (the bench, tests) are left as they were.
"""
from __future__ import annotations

import gc
import sys
from functools import cache

VALVE_MIN = 150_000
"""Old-generation objects below which the valve never opens (a 20-seat game
gathers about 30k; a full collection of 150k would be a 100+ ms frame)."""
VALVE_FACTOR = 4
"""...and at least this many times what the last full collection left alive."""
SLACK_MS = 3.0
"""A frame that already cost this much game-thread CPU leaves a due young
collection to a later frame (a median table frame costs about 1 ms)."""
DEFER_LIMIT = 2
"""...but not once this many times the youngest generation's threshold is due."""


class Collector:
    """The app's garbage collection policy (see the module docstring)."""

    def __init__(self) -> None:
        self.active = False
        self.young = 0
        """Young collections run by ``after_frame``."""
        self.full = 0
        """Full collections run at quiet moments."""
        self.forced = 0
        """Full collections the valve ran (inside a frame)."""
        self.trims = 0
        """Quiet moments that handed freed C memory back (``release_free_memory``)."""
        self.deferred = 0
        """Frames whose due young collection waited for a frame with slack."""
        self.old_counts = 0
        """Times the valve counted the old generation (a walk of all of it)."""
        self._old_left = 0
        self._old_bound = 0
        """At most this many old objects now: the last count plus what young
        collections moved up since (objects freed since only lower it)."""
        self._count_due = False
        self._was_enabled = True

    def start(self) -> None:
        """Collect once, freeze what is alive, switch automatic collection off."""
        gc.collect()
        gc.freeze()
        if not self.active:
            self._was_enabled = gc.isenabled()
        gc.disable()
        self.active = True
        self._old_left = self._old_bound = 0

    def stop(self) -> None:
        """Automatic collection as it was before ``start`` (frozen objects stay frozen)."""
        if self.active and self._was_enabled:
            gc.enable()
        self.active = False

    def after_frame(self, frame_cpu_ms: float = 0.0) -> None:
        """The young collection CPython would have run by now, if any, unless
        this frame already cost ``frame_cpu_ms`` >= ``SLACK_MS`` (see the module
        docstring)."""
        if not self.active:
            return
        t0, t1, _ = gc.get_threshold()
        c0, c1, _ = gc.get_count()
        if c0 <= t0:
            if self._count_due and (frame_cpu_ms < SLACK_MS or self._old_bound >= 2 * self._valve()):
                self._weigh_the_valve()   # in a frame with slack, unless it waited too long
            return
        if frame_cpu_ms >= SLACK_MS and c0 <= DEFER_LIMIT * t0:
            self.deferred += 1
            return
        if c1 < t1:
            gc.collect(0)
            self.young += 1
            return
        young = len(gc.get_objects(0)) + len(gc.get_objects(1))
        self._old_bound += young - gc.collect(1)   # the survivors moved to the old generation
        self.young += 1
        self._count_due = self._old_bound >= self._valve()

    def _valve(self) -> int:
        return max(VALVE_MIN, VALVE_FACTOR * self._old_left)

    def _weigh_the_valve(self) -> None:
        """Count the old generation; a full collection if it reached the valve."""
        self._count_due = False
        self.old_counts += 1
        self._old_bound = len(gc.get_objects(2))
        if self._old_bound >= self._valve():
            self.forced += 1
            self._collect_all()

    def quiet(self) -> bool:
        """A quiet moment (nothing moves): the full collection, if a young
        collection ran since the last one (so a resting screen that allocates
        next to nothing is not walked again every wake-up).  True if it ran."""
        _, c1, c2 = gc.get_count()
        if not self.active or (c1 == 0 and c2 == 0):
            return False
        self.full += 1
        self._collect_all()
        self.trims += release_free_memory()
        return True

    def _collect_all(self) -> None:
        gc.collect()
        self._old_left = self._old_bound = len(gc.get_objects(2))
        self._count_due = False

    def old_objects(self) -> int:
        """Objects in the old generation now (not frozen): what a full collection walks."""
        return len(gc.get_objects(2))


@cache
def _malloc_trim():
    """glibc's ``malloc_trim`` (Linux), or None where there is none (Windows,
    macOS, musl): there the allocator's own policy stands.  Looked up once, at
    the first quiet moment (not at start-up)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes   # here, not at start-up
    try:
        trim = ctypes.CDLL(None).malloc_trim   # the C library the process already has
    except Exception:  # noqa: BLE001 - best effort: no such call here, the allocator's policy stands
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


def release_free_memory() -> int:
    """Hand the C heap's free pages back to the system: 1 if it did, else 0.

    Surfaces, text and turning pictures come and go by the thousand at a big
    table; glibc keeps what they freed for reuse, so a game's resident memory
    stayed near its peak after its table closed (an 8-seat Roll For It! 432 MB,
    115 MB once trimmed; six bench tables in one process climbed to 762 MB).
    Called at a quiet moment only (it walks the heap: a few milliseconds)."""
    trim = _malloc_trim()
    if trim is None:
        return 0
    try:
        return 1 if trim(0) else 0
    except OSError:
        return 0
