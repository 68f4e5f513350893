"""Liar's Dice in the lifetime stats: the best score is the most dice left
under your cup when the game ends (only a winner has any)."""
from __future__ import annotations

from ...core.stats import ScoreSpec
from ..bidding.bids import bid_face as bid_face  # the faces the humans bid on, counted by the stats

SCORE = ScoreSpec("Most dice left")


def score(steps, player: int) -> int | None:
    """None for a seat that lost (no dice left: nothing to compare)."""
    return steps[-1].after.dice[player] or None
