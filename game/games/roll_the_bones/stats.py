"""Roll the Bones in the lifetime stats: the best score is the most dice won
in one game, every die a seat took from the table at a won roll (the rolled
dice and the pots it took, its own ante back included).  Holding every die
at the end is what every winner does, so the haul measures the game better."""
from __future__ import annotations

from ...core.protocol import CHANCE
from ...core.stats import ScoreSpec

SCORE = ScoreSpec("Most dice won")


def score(steps, player: int) -> int:
    won = 0
    for step in steps:
        result = step.after.last_result
        if step.player == CHANCE and result is not None and result.get("kind") == "win":  # each roll records anew
            won += len(result.get("haul", {}).get(str(player), ()))
    return won
