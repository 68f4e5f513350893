"""Replay playback state: the logged actions, the position and the viewer's
controls (pause, step, speed).  Pure data, no pygame: the table scene reads
and advances it, the replay viewer builds it from a saved record."""
from __future__ import annotations

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
    its AIs thinking (``Match.relive``), a move further each time a later
    move is asked for (one AI decision, as the game cost when it was played),
    and kept: stepping back reads them again.  An AI that fails to think
    ends it: its moves and the later ones have no reason."""

    def __init__(self, moves: Iterator[tuple[Any, int, str]]):
        self._moves: Iterator[tuple[Any, int, str]] | None = moves
        self.said: list[str] = []

    def __call__(self, index: int) -> str:
        """The reason for the move at ``index`` ("" for none)."""
        while len(self.said) <= index and self._moves is not None:
            try:
                self.said.append(next(self._moves)[2])
            except StopIteration:
                self._moves = None
            except Exception:   # noqa: BLE001 - an AI's reasons are a nicety: the replay plays on
                self._moves = None
        return self.said[index] if 0 <= index < len(self.said) else ""


def rewound(match, actions: list[tuple[int, Action]], position: int):
    """A fresh match of the same game, seats, options, seed and dice, with the
    first ``position`` logged actions applied (stepping a replay back)."""
    from .match import Match
    position = max(0, min(position, len(actions)))
    fresh = Match(match.game_id, match.seats, match.options, match.seed, match.dice)
    for player, action in actions[:position]:
        fresh.apply(player, action)
    return fresh
