"""What this game's reveals taught of a stranger's bids, per kind of bid.

The calibration maps (``calib``) state a population's chance: how often a bid
like this, from a bidder like the population's, is true (exact).  Against one
stranger that average can be far off: the league's bidders are deterministic,
and at one reader chance a heads-up Jinto on a later round's opening came true
89% of the time when I held none of its face and 26% when I held some (issue
40, sixth session; the rival memory, ``rivalbook``, learns the same across
games, and with it every decile is within 5 points).

Every reveal shows every hand, so every bid of the rival I answered this
round can be scored, whether I challenged it or not (outside the solved
endgames, whose statements are the reader's own chance): was it true, was it
exact, against the population chance I gave it then.  ``RevealedBids`` keeps
the mean of (outcome - that chance) per rival and cell (kind, Palifico, the
round's opening or a raise, whether I held any of its face), and corrects the
population chance of a like bid by it, leaning on no correction by ``PRIOR``
outcomes.  Heads-up only; a rival the book remembers is corrected by the book.
What it learns depends only on the game's history (a continued game learns the same).
"""
from __future__ import annotations

from typing import Optional

from .bids import count_matching
from .spot import BidSpot

ENABLED = True
"""Whether a new Hard brain learns so.  ``tools/bidcalib_fit.py`` fits the
population maps without it (they state the population's chance; this
corrects that chance per rival), so the shipped maps replay as fitted."""
PRIOR = 3.0
"""Pseudo-outcomes of no correction each cell starts with."""
LOW, HIGH = 0.005, 0.995
"""A corrected chance stays inside these (an unknown chance is never stated certain)."""

Cell = tuple[int, str, bool, bool, bool]


def cell_of(spot: BidSpot, kind: str) -> Optional[Cell]:
    """(bidder, kind, Palifico, the round's opening, I hold some of its face)
    of the standing bid of a heads-up ``spot``; None elsewhere."""
    cur, bidder = spot.current, spot.bidder
    if cur is None or bidder is None or len(spot.rivals) != 1:
        return None
    return bidder, kind, spot.fixed_face, len(spot.bids) <= 1, spot.mine(cur[1]) > 0


class RevealedBids:
    """Per rival and cell, this game's [sum of (outcome - population chance), outcomes]."""

    def __init__(self) -> None:
        self.cells: dict[Cell, list[float]] = {}
        self.pending: dict[tuple[int, int, str], tuple[Cell, int, int, Optional[int], float]] = {}
        """(round, bids so far, kind) -> (cell, quantity, face, wild, population chance) until the reveal."""

    def weigh(self, spot: BidSpot, kind: str, population: float) -> None:
        """Note a challenge of the standing bid at ``spot`` (made or not) to be scored at the reveal."""
        cell = cell_of(spot, kind)
        if cell is None or spot.current is None:
            return
        q, f = spot.current
        self.pending.setdefault((spot.round_no, len(spot.bids), kind), (cell, q, f, spot.wild, population))

    def settle(self, reveal) -> None:
        """At a reveal ``(round, hands by seat, challenger, last bid)``: score every
        noted challenge of that round or before against the hands shown."""
        if reveal is None or not self.pending:
            return
        rnd, hands = reveal[0], reveal[1]
        for key in [k for k in self.pending if k[0] <= rnd]:
            cell, q, f, wild, population = self.pending.pop(key)
            if key[0] != rnd:
                continue   # a round whose reveal I did not see
            count = sum(count_matching(tuple(h), f, wild) for h in hands if h)
            hit = count == q if cell[1] == "jinto" else count >= q
            acc = self.cells.setdefault(cell, [0.0, 0.0])
            acc[0] += (1.0 if hit else 0.0) - population
            acc[1] += 1.0

    def corrected(self, spot: BidSpot, kind: str, population: float) -> float:
        """``population`` moved by what this rival's like bids did this game."""
        cell = cell_of(spot, kind)
        acc = self.cells.get(cell) if cell is not None else None
        if acc is None or population <= 0.0 or population >= 1.0:
            return population
        return min(HIGH, max(LOW, population + acc[0] / (acc[1] + PRIOR)))
