"""Diced Out in the lifetime stats: the best score is the lowest four-round
total (the solo table's best is the personal best the table shows)."""
from __future__ import annotations

from ...core.stats import ScoreSpec

SCORE = ScoreSpec("Lowest total", higher_is_better=False)


def score(steps, player: int) -> int:
    return steps[-1].after.totals()[player]
