"""Opt-in pytest plugin: run the tests under a busy, odd scheduler.

CI runs the suite on a fresh, busy machine where threads start late, waits
wake late and the CPU clock runs at another speed than on a developer's
machine; a test that passes here only because a thread happened to be quick
fails there and blocks the landing.  This plugin makes those odd schedules
common so such a test fails here first.  It is never active in the normal
suite: load it by name,

    nice -n 10 python -m pytest -p tests.sched_shake -p no:xdist -m "not slow" tests/test_x.py

(with xdist every worker is shaken and pinned to the same CPU).

Only the game's own code (modules under ``game``) is shaken; pytest,
hypothesis and the tests' own waits keep the real clock and run unhindered.
Per test, seeded by its node id (the same test meets the same shake again):

* a thread the game starts begins its work up to ``SHAKE_DELAY`` s late;
* the game's ``Event.wait``/``Condition.wait``/``Queue.get`` return up to
  ``SHAKE_DELAY`` s late, and a ``SimpleQueue`` the game polls with ``empty()``
  sometimes looks empty (its item arrives a frame later);
* the game's clocks run slow: ``time.perf_counter``, ``monotonic``,
  ``process_time`` and ``thread_time`` jump ``SHAKE_JUMP`` s a read (a very
  slow machine: every budget runs out at once); or its CPU clocks
  (``process_time``, ``thread_time``) stand nearly still, a microsecond a read
  (a very fast machine: no CPU budget ever runs out; its wall clocks stay
  real, as a wall clock that stood still would never end a sleep);
* Python's thread switch interval is short or long;
* the process runs on CPU 0 only (as under ``taskset -c 0``).

Environment: ``SHAKE_DELAY`` (default 0.5), ``SHAKE_P`` (the chance a wait or
start is delayed, 0.3), ``SHAKE_BUDGET`` (the delays one test may sleep in
all, 4 s: enough to reorder its threads, short enough for the whole suite),
``SHAKE_CLOCK`` (``slow``, ``still``, ``real`` or ``mixed``: slow or still,
picked per test; the default), ``SHAKE_JUMP`` (0.25), ``SHAKE_CPUS`` (``0``;
empty leaves the affinity alone), ``SHAKE_SEED`` (added to each test's node
id: another run, other shakes).

It has teeth: on the code before the headless hand-over ran a fixed number of
steps a frame (ea2107e), ``test_opening::test_a_lesson_opens_behind_the_hand_over``
fails under it (the whole hand-over in one frame on a still CPU clock).
"""
from __future__ import annotations

import os
import queue
import random
import sys
import threading
import time

import pytest

DELAY = float(os.environ.get("SHAKE_DELAY", "0.5"))
CHANCE = float(os.environ.get("SHAKE_P", "0.3"))
BUDGET = float(os.environ.get("SHAKE_BUDGET", "4"))
CLOCK = os.environ.get("SHAKE_CLOCK", "mixed")
JUMP = float(os.environ.get("SHAKE_JUMP", "0.25"))
CPUS = os.environ.get("SHAKE_CPUS", "0")
SEED = os.environ.get("SHAKE_SEED", "")
STILL_STEP = 1e-6
CPU_CLOCKS = ("process_time", "thread_time")   # the clocks that may stand still: a sleep costs no CPU

_rng = random.Random(0)
_lock = threading.Lock()
_clock_mode = "real"
_reads = 0
_slept = 0.0
_sleep = time.sleep
_real = {name: getattr(time, name) for name in ("perf_counter", "process_time", "thread_time", "monotonic")}
_base = {name: 0.0 for name in _real}
_originals: dict[tuple[object, str], object] = {}


def _from_game(depth: int = 2) -> bool:
    """Whether the caller ``depth`` frames up is the game's code."""
    name = sys._getframe(depth).f_globals.get("__name__", "")
    return name == "game" or name.startswith("game.")


def _chance() -> bool:
    with _lock:
        return _rng.random() < CHANCE


def _late() -> None:
    """Sleep a random while, on the real clock (time.sleep is never shaken),
    until this test has slept its ``BUDGET`` (a test with hundreds of AI
    thoughts would otherwise take many minutes)."""
    global _slept
    with _lock:
        seconds = min(_rng.uniform(0.0, DELAY), max(0.0, BUDGET - _slept))
        _slept += seconds
    if seconds > 0:
        _sleep(seconds)


def _is_games(thread: threading.Thread) -> bool:
    target = getattr(thread, "_target", None)
    for owner in (target, getattr(target, "func", None), type(thread)):
        module = getattr(owner, "__module__", "") or ""
        if module == "game" or module.startswith("game."):
            return True
    return False


def _start(self, *args, **kwargs):
    if _is_games(self) and _chance():
        run = self.run

        def late_run():
            _late()
            run()
        self.run = late_run
    return _originals[(threading.Thread, "start")](self, *args, **kwargs)


def _late_after(cls, name):
    real = getattr(cls, name)

    def shaken(self, *args, **kwargs):
        result = real(self, *args, **kwargs)
        if _from_game() and _chance():
            _late()
        return result
    shaken.__name__ = name
    return shaken


class _ShakenSimpleQueue(queue.SimpleQueue):
    """queue.SimpleQueue whose game-side reads come late or find it empty for now."""

    def get(self, block=True, timeout=None):
        if block and _from_game() and _chance():
            _late()
        return super().get(block, timeout)

    def empty(self):   # (a get_nowait after a False empty() still finds its item: one reader)
        if _from_game() and _chance():
            return True
        return super().empty()


def _shaken_clock(name):
    real = _real[name]
    cpu = name in CPU_CLOCKS

    def clock():
        global _reads
        if _clock_mode == "real" or not _from_game() or (_clock_mode == "still" and not cpu):
            return real()
        with _lock:
            _reads += 1
            step = JUMP if _clock_mode == "slow" else STILL_STEP
            return _base[name] + _reads * step
    clock.__name__ = name
    return clock


def _patch(owner, name, value) -> None:
    _originals[(owner, name)] = getattr(owner, name)
    setattr(owner, name, value)


def pytest_configure(config):
    if CPUS.strip() and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {int(c) for c in CPUS.split(",")})
    _patch(threading.Thread, "start", _start)
    _patch(threading.Event, "wait", _late_after(threading.Event, "wait"))
    _patch(threading.Condition, "wait", _late_after(threading.Condition, "wait"))
    _patch(queue.Queue, "get", _late_after(queue.Queue, "get"))
    _patch(queue, "SimpleQueue", _ShakenSimpleQueue)
    for name in _real:
        _patch(time, name, _shaken_clock(name))


def pytest_unconfigure(config):
    for (owner, name), value in _originals.items():
        setattr(owner, name, value)
    _originals.clear()


def pytest_report_header(config):
    return (f"sched_shake: delays up to {DELAY} s (chance {CHANCE}), clock {CLOCK}, "
            f"cpus {CPUS or 'all'}, pid {os.getpid()}")


@pytest.fixture(autouse=True)
def _sched_shake(request):
    """Seed this test's shake from its node id; pick its clock and switch interval."""
    global _clock_mode, _reads, _slept
    _rng.seed(request.node.nodeid + SEED)
    _slept = 0.0
    _clock_mode = _rng.choice(["slow", "still"]) if CLOCK == "mixed" else CLOCK
    _reads = 0
    for name, real in _real.items():
        _base[name] = real()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(_rng.choice([0.0002, 0.005, 0.05]))
    request.node.user_properties.append(("sched_shake_clock", _clock_mode))
    yield
    sys.setswitchinterval(interval)
    _clock_mode = "real"
