"""Completion odds for Roll For It! cards (pure maths, shared by deck checks and AI).

``expected_turns(needed, dice)`` is the expected number of turns to cover
the die images ``needed`` when rolling ``dice`` free dice each turn and
placing every die that matches a still-open image (the best play when
alone).  Placed dice stay on the card, so fewer dice are rolled next turn.
Exact: a small Markov chain over which images are still open.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from math import factorial

STUCK_PENALTY = 4.0
"""Extra turns charged when fewer dice are free than images remain (a Take
Back or a returned card is needed before the card can be finished)."""


def _compositions(total: int, parts: int):
    """Every way to split ``total`` dice among ``parts`` categories."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first,) + rest


@lru_cache(maxsize=None)
def _transitions(needed: tuple[int, ...], dice: int) -> tuple[tuple[float, tuple[int, ...], int], ...]:
    """(probability, still-needed images, dice left) after one roll."""
    need = Counter(needed)
    faces = sorted(need)
    probs = [1 / 6] * len(faces) + [1 - len(faces) / 6]
    out: dict[tuple, float] = {}
    for counts in _compositions(dice, len(faces) + 1):
        p = factorial(dice)
        for c, q in zip(counts, probs):
            p = p / factorial(c) * q ** c
        if p == 0.0:
            continue
        left: list[int] = []
        filled = 0
        for face, c in zip(faces, counts):
            used = min(c, need[face])
            filled += used
            left += [face] * (need[face] - used)
        key = (tuple(left), dice - filled)
        out[key] = out.get(key, 0.0) + p
    return tuple((p, left, d) for (left, d), p in sorted(out.items()))


@lru_cache(maxsize=None)
def expected_turns(needed: tuple[int, ...], dice: int = 6) -> float:
    """Expected turns to cover ``needed`` (sorted faces) rolling ``dice`` dice."""
    needed = tuple(sorted(needed))
    if not needed:
        return 0.0
    if dice < len(needed):
        return expected_turns(needed, len(needed)) + STUCK_PENALTY
    stay = 0.0
    rest = 1.0
    for p, left, d in _transitions(needed, dice):
        if left == needed:
            stay += p
        else:
            rest += p * expected_turns(left, d)
    return rest / (1.0 - stay)
