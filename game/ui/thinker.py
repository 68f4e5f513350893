"""An AI decision computed in a worker thread, so no frame waits for it.

A big table's AI can think for 10-20 ms (Liar's Dice at 20 seats): inside
one frame that is a visible stall.  The table starts thinking as soon as a
position needs an AI move (the seat's "thinking" pause runs meanwhile) and
applies the move once the pause is over and the thought is done; if the
thought takes longer than the pause, the pause simply lasts a little
longer.  Decisions stay deterministic: each draws from a random stream named
by the seat and the log length (``Match._decision_rng``), not from timing.
Nothing else touches the agents while a thought runs: the table waits for
it (``wait``) before it applies or takes back any move.  A thought first lets
the AIs watch the moves since the last one (``Match.catch_up``), so their
bookkeeping runs here too, not in the frame that made the move.
"""
from __future__ import annotations

import threading
from typing import Any, Callable


class Thinker:
    """``fn()`` running in a daemon thread for the position ``moment``."""

    def __init__(self, moment: Any, fn: Callable[[], Any]):
        self.moment = moment
        self.result: Any = None
        self.error: BaseException | None = None
        self.awaited = False
        """The table waits for this thought (``wait``): it no longer lets frames run first."""
        self._thread = threading.Thread(target=self._run, args=(fn,), name="ai-thinker", daemon=True)
        self._thread.start()

    def _run(self, fn: Callable[[], Any]) -> None:
        try:
            self.result = fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the table's thread by ``take``
            self.error = exc

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def give(self, seconds: float) -> None:
        """Block up to ``seconds`` while the thought runs (not ``awaited``: its
        slices still let frames run): the time a window's frame clock sleeps
        between frames, given by a loop that does not sleep (the bench)."""
        self._thread.join(seconds)

    def wait(self) -> None:
        self.awaited = True
        self._thread.join()

    def take(self) -> Any:
        """The decision (waiting for it); an error in the thought is raised here."""
        self.wait()
        if self.error is not None:
            raise self.error
        return self.result
