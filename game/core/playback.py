"""Replay playback state: the logged actions, the position and the viewer's
controls (pause, step, speed).  Pure data, no pygame: the table scene reads
and advances it, the replay viewer builds it from a saved record."""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Iterator

from .protocol import Action

REPLAY_SPEEDS = (0.5, 1.0, 2.0, 4.0)


@dataclass
class ReplayFeed:
    """The logged actions of a replay and the viewer's playback controls."""
    actions: list[tuple[int, Action]]
    position: int = 0
    paused: bool = False
    speed_index: int = 1
    pending_steps: int = 0
    reasons: ReplayReasons | None = field(default=None, compare=False, repr=False)
    """The AIs' why lines when the viewer shows them (Settings' "Show AI
    reasoning"), worked out as the replay gets there; a replay stepped back
    (a copy of this feed) keeps them."""

    @property
    def speed(self) -> float:
        """The playback speed factor (x0.5 to x4) at the current step."""
        return REPLAY_SPEEDS[self.speed_index]

    @property
    def finished(self) -> bool:
        """Every logged move has been played."""
        return self.position >= len(self.actions)

    def peek(self) -> tuple[int, Action] | None:
        """The next logged move, without playing it (None at the end)."""
        return None if self.finished else self.actions[self.position]

    def faster(self) -> None:
        """One speed step up (stops at the fastest)."""
        self.speed_index = min(len(REPLAY_SPEEDS) - 1, self.speed_index + 1)

    def slower(self) -> None:
        """One speed step down (stops at the slowest)."""
        self.speed_index = max(0, self.speed_index - 1)


class ReplayReasons:
    """The AIs' why line of each move of a replay: the game played again with
    its AIs thinking (``Match.relive``), one AI decision per move (as the
    game cost when it was played), kept: stepping back reads them again.  An
    AI that fails to think ends it: its moves and the later ones have no
    reason.

    With ``background`` (the game's window, as its live AIs think: see
    game/ui/thinker.py) they are worked out on a worker thread, up to
    ``AHEAD`` moves past the last one asked of ``ready``, never in a frame:
    a move of the replay waits until ``ready`` says its reason is known (at
    10-20 ms a decision against a fifth of a second between moves at the
    fastest speed, the worker is ahead).  The worker stops when it has
    nothing wanted left to work out, or at once after the decision in
    progress once closed (``close``): no thread outlives the replay.  Without
    ``background`` (headless tests) a reason is worked out when asked.  The
    words are the same either way: the same decisions in the same order,
    each from its own per-move stream of the seed, on agents only the one
    thread touches."""

    AHEAD = 8
    """Moves worked out past the next one the replay will show."""

    def __init__(self, moves: Iterator[tuple[Any, int, str]], background: bool = False):
        self._moves: Iterator[tuple[Any, int, str]] | None = moves
        self.said: list[str] = []
        self.background = background
        self._cond = threading.Condition()
        self._wanted = -1
        self._worker: threading.Thread | None = None
        """The worker while it runs (set and cleared under the lock)."""
        self._thread: threading.Thread | None = None
        """The last worker started (``wait`` joins it)."""
        self._closed = False

    @property
    def ended(self) -> bool:
        """No reason is left to work out (all of them, an AI failed, or closed)."""
        return self._moves is None or self._closed

    @property
    def working(self) -> bool:
        """A worker thread is working reasons out now."""
        return self._worker is not None

    def ready(self, index: int, ahead: bool = True) -> bool:
        """Is the reason of the move at ``index`` known (or will it never be)?
        Never waits.  Asks the worker for it and the ``AHEAD`` after it: with
        ``ahead``, or when it is not known yet.  Without ``background``
        always True: ``__call__`` works it out."""
        if not self.background:
            return True
        with self._cond:
            known = len(self.said) > index or self.ended
            if ahead or not known:
                self._want(index + self.AHEAD)
            return known

    def _want(self, index: int) -> None:
        """Work out the reasons up to ``index`` on the worker (its lock held)."""
        if index <= self._wanted and self._worker is not None:
            return
        self._wanted = max(self._wanted, index)
        if self._worker is None and not self.ended and len(self.said) <= self._wanted:
            self._worker = self._thread = threading.Thread(target=self._work, name="replay-reasons",
                                                           daemon=True)
            self._worker.start()

    def _work(self) -> None:
        """The worker: the next move's reason while one is wanted.  Whatever
        ends it, it says so (a replay never waits for a worker gone)."""
        try:
            while True:
                with self._cond:
                    moves = self._moves
                    if moves is None or self._closed or len(self.said) > self._wanted:
                        return
                try:
                    said = self._next(moves)
                except BaseException:  # noqa: BLE001 - not even this reaches the player: the reasons end
                    said = None
                with self._cond:
                    if said is None:
                        self._moves = None
                    else:
                        self.said.append(said)
                    self._cond.notify_all()
        finally:
            with self._cond:
                self._worker = None
                self._cond.notify_all()

    @staticmethod
    def _next(moves: Iterator[tuple[Any, int, str]]) -> str | None:
        """The next move's reason, or None once there is none to work out."""
        try:
            return next(moves)[2]
        except StopIteration:
            return None
        except Exception:   # noqa: BLE001 - an AI's reasons are a nicety: the replay plays on
            return None

    def close(self) -> None:
        """The replay is closed: the worker stops after the decision in
        progress (``wait`` joins it); known reasons stay readable."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Join the worker, if one runs; True once none does."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return thread is None or not thread.is_alive()

    def __call__(self, index: int) -> str:
        """The reason for the move at ``index`` ("" for none).  With
        ``background``, one not yet known is waited for (a frame asks
        ``ready`` first and never waits)."""
        if self.background:
            with self._cond:
                while len(self.said) <= index and not self.ended:
                    self._want(index + self.AHEAD)
                    self._cond.wait()
        else:
            while len(self.said) <= index and self._moves is not None:
                said = self._next(self._moves)
                if said is None:
                    self._moves = None
                else:
                    self.said.append(said)
        return self.said[index] if 0 <= index < len(self.said) else ""


def rewound(match, actions: list[tuple[int, Action]], position: int):
    """A fresh match of the same game, seats, options, seed and dice, with the
    first ``position`` logged actions applied (stepping a replay back)."""
    from .match import Match
    position = max(0, min(position, len(actions)))
    fresh = Match(match.game_id, match.seats, match.options, match.seed, match.dice)
    fresh.watched = False   # shown, never played on: its AIs need not watch
    for player, action in actions[:position]:
        fresh.apply(player, action)
    return fresh
