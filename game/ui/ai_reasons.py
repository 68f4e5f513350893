"""The AIs' why lines at a live table (Settings' "Show AI reasoning"), said
only when they give nothing hidden away.

An AI's reason for a bid speaks of its own dice ("bid 1 one: 100% true as I
read the table" tells the table it holds a one).  So a table asks, after each
AI move, whether that seat's dice are hidden from somebody at the screen now
(``HotSeatFlow.reason_hidden``: the seat holds dice under its cup, the game's
``has_hidden_dice``, and the secrecy policy does not show them to everyone,
game/ui/secrecy.py).  If not (a call, Jinto or out-of-turn call, whose reveal
lifts every cup at once; every move of a game without hidden dice) the
reason is said at once; otherwise it is held here.

After every move the held reasons of a seat whose dice are no longer hidden
are let go: told, in the order they were made, when that move showed the
seat's hand to everyone (the game's ``hand_shown``: the round's reveal), as
that seat's thinking for the round; dropped unsaid when the hand went
without being shown (no game ends a round so today, but a reason must never
outlive the secret it holds).  A move taken back drops the reasons held
since.  Pure Python: the table says and logs what ``after_move`` returns.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class HeldReason:
    """A why line kept back until its seat's dice are shown."""
    seat: int
    moment: int
    """The history index of the move it explains."""
    text: str


@dataclass(frozen=True)
class Told:
    """What a move lets the table say: ``now`` (the mover's own reason, to
    say at once, or "") and ``shown`` (held reasons whose dice were just
    shown, oldest first)."""
    now: str = ""
    shown: tuple[HeldReason, ...] = ()


class ReasonKeeper:
    """The held why lines of one table (see the module docstring)."""

    def __init__(self) -> None:
        self._held: list[HeldReason] = []

    @property
    def held(self) -> tuple[HeldReason, ...]:
        """Every reason held now, oldest first."""
        return tuple(self._held)

    def after_move(self, mover: int, moment: int, why: str, hidden: Callable[[int], bool],
                   shown: Callable[[int], bool]) -> Told:
        """A move was made (``moment``: its history index) and ``why`` is the
        mover's reason ("" for none or a human).  ``hidden(seat)``: would that
        seat's reason give away dice somebody here does not see, now;
        ``shown(seat)``: did this move show that seat's hand to everyone."""
        now = ""
        if why:
            if hidden(mover):
                self._held.append(HeldReason(mover, moment, why))
            else:
                now = why
        freed = [r for r in self._held if not hidden(r.seat)]
        self._held = [r for r in self._held if hidden(r.seat)]
        return Told(now, tuple(r for r in freed if shown(r.seat)))

    def taken_back(self, moves: int) -> None:
        """The history is ``moves`` long again: reasons of later moves go."""
        self._held = [r for r in self._held if r.moment < moves]

    def clear(self) -> None:
        """Drop every held reason (the setting was switched off)."""
        self._held = []


def thinking(possessive: str, text: str) -> str:
    """The log's sentence for a reason told at the reveal:
    "Bram's thinking: bid 1 one: 100% true as I read the table"."""
    return f"{possessive} thinking: {text}"


def more_in_log(count: int) -> str:
    """The commentary's pointer to the rest of a reveal's reasons."""
    return f"The Log (L) has {count} more AI {'reason' if count == 1 else 'reasons'} from this round"
