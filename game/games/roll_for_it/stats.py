"""Roll For It! in the lifetime stats: the best score is the most points
scored in a game."""
from __future__ import annotations

from ...core.stats import ScoreSpec

SCORE = ScoreSpec("Best score")


def score(steps, player: int) -> int:
    return steps[-1].after.scores[player]
