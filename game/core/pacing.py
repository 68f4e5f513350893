"""Where a long AI thought lets the game's frame run (cooperative pacing).

An AI thinks on the table's thinker thread (game/ui/thinker.py); a 20-seat
Liar's Dice decision is 20-90 ms of Python, holding the GIL in 5 ms turns
against the game thread, whose frame then waits.  The AIs' inner loops call
``checkpoint()`` between slices of their work (a bid weighed, say); on the
thinker thread it runs the hook the table set with ``paced`` (sleep while a
frame is being made, which lets go of the GIL), elsewhere (headless play,
simulations, tests) it does nothing.  No timing reaches a decision: the
same moves come out, only later."""
from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_local = threading.local()


def checkpoint() -> None:
    """Between two slices of an AI's thinking: this thread's hook, if any."""
    hook = getattr(_local, "hook", None)
    if hook is not None:
        hook()


@contextmanager
def paced(hook: Callable[[], None] | None) -> Iterator[None]:
    """``checkpoint()`` runs ``hook`` on this thread while the block runs (None: nothing)."""
    before = getattr(_local, "hook", None)
    _local.hook = hook
    try:
        yield
    finally:
        _local.hook = before
