"""What the two bidding games' lessons share (game/core/tutorial.py).

Both teach at the same small table: you against Mags and Tom, two dice
each, an easy seed; both point at the same bid picker and tell rounds apart
by the round number their table snapshot shows.  A game's ``tutorial.py``
keeps only its own dice, moves and words.  Pure Python, no pygame."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic

from .snapshot import BiddingSnapshot
from ...core.match import Seat
from ...core.protocol import StateT
from ...core.tutorial import Move, Script, StateTest, Step, on_state

PICK = "Use \u2212 and + for the quantity, click the face, then press Bid."
"""How to use the bid picker: the hint a wrong bid ends with."""

SEATS = (Seat("You", "human"), Seat("Mags", "ai", "easy"), Seat("Tom", "ai", "easy"))
OPTIONS = {"starting_dice": 2}
SEED = 18


class BidLesson(Generic[StateT]):
    """A bidding game's lesson maker: its State class and ``table_snapshot``."""

    def __init__(self, state_class: type[StateT], snapshot: Callable[[StateT], BiddingSnapshot]):
        self.state_class = state_class
        self.snapshot = snapshot

    def in_round(self, n: int) -> StateTest:
        """The moment "round ``n`` is under way" (the game not over)."""
        return on_state(self.state_class, lambda state: self.snapshot(state).round_no == n
                        and not state.is_terminal())

    def script(self, game_id: str, title: str, *, minutes: str, rolls: tuple[tuple[tuple[int, ...], ...], ...],
               moves: Mapping[int, tuple[Move, ...]], steps: tuple[Step, ...]) -> Script:
        """The lesson at the shared table (``SEATS``, ``OPTIONS``, ``SEED``)."""
        return Script(game_id=game_id, title=title, seats=SEATS, options=OPTIONS, seed=SEED, minutes=minutes,
                      rolls=rolls, moves=moves, steps=steps)
