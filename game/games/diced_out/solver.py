"""The single-player Diced Out round, solved exactly.

Each player's round is independent of the others' (only the reroll count
differs), so the best free mark is the one that minimises the player's own
expected round score.  The state of a round is the set of marked numbers
(11 bits, bit ``i`` = number ``i + 2``) and the rerolls left (0..3); the
value is the expected final round score with optimal free marks from there.

Supersets of a mask are numerically larger, so one sweep from the full
sheet down to the empty one, rerolls ascending, fills the table: about
180k cheap steps, ~0.1 s in CPython, cached per bonus set.

Pure Python: used by the Hard AI, the tests and the bench.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

NUMBERS = tuple(range(2, 13))
FULL = (1 << len(NUMBERS)) - 1
MAX_REROLLS = 3

ROLL_PROB = {t: (6 - abs(t - 7)) / 36.0 for t in NUMBERS}
"""Chance of each two-dice total."""


def bit(number: int) -> int:
    return 1 << (number - 2)


def mask_of(numbers) -> int:
    m = 0
    for n in numbers:
        m |= bit(n)
    return m


def numbers_of(mask: int) -> tuple[int, ...]:
    return tuple(n for n in NUMBERS if mask & bit(n))


def unmarked_sum(mask: int) -> int:
    """The Diced Out score of a sheet: the sum of its unmarked numbers."""
    return sum(n for n in NUMBERS if not mask & bit(n))


@dataclass(frozen=True)
class RoundSolution:
    """Expected round scores (and second moments) under optimal free marks.

    ``value[r][mask]``: expected final score at the start of a turn.
    ``best_mark[r][mask]``: the best free mark once ``mask`` is marked, 0
    when declining it is better (the free mark is a choice: "you MAY") or
    nothing is left to mark."""
    bonus: tuple[int, ...]
    value: tuple[tuple[float, ...], ...]
    second: tuple[tuple[float, ...], ...]
    best_mark: tuple[tuple[int, ...], ...]

    def expected(self, mask: int = 0, rerolls: int = MAX_REROLLS) -> float:
        return self.value[rerolls][mask]

    def std(self, mask: int = 0, rerolls: int = MAX_REROLLS) -> float:
        mean = self.value[rerolls][mask]
        return max(0.0, self.second[rerolls][mask] - mean * mean) ** 0.5

    def free_mark_values(self, mask: int, rerolls: int) -> dict[int, float]:
        """Expected round score after each possible free mark on ``mask``;
        key ``0`` is declining the free mark."""
        values = {n: self.value[rerolls][mask | bit(n)] for n in NUMBERS if not mask & bit(n)}
        values[0] = self.value[rerolls][mask]
        return values


@lru_cache(maxsize=16)
def solve(bonus: tuple[int, ...] = (2, 12)) -> RoundSolution:
    """Solve the round for one bonus set (cached)."""
    bonus_bits = mask_of(bonus)
    size = FULL + 1
    sums = [unmarked_sum(m) for m in range(size)]
    value = [[0.0] * size for _ in range(MAX_REROLLS + 1)]
    second = [[0.0] * size for _ in range(MAX_REROLLS + 1)]
    best = [[0] * size for _ in range(MAX_REROLLS + 1)]
    bits = [(bit(t), ROLL_PROB[t]) for t in NUMBERS]
    for mask in range(FULL, -1, -1):
        for r in range(MAX_REROLLS + 1):
            v_row, s_row = value[r], second[r]
            if mask == FULL:
                continue  # a full sheet scores 0 and rolls no more
            ev = ev2 = 0.0
            for b, p in bits:
                if mask & b:  # a repeat: reroll or Diced Out
                    if r:
                        ev += p * value[r - 1][mask]
                        ev2 += p * second[r - 1][mask]
                    else:
                        ev += p * sums[mask]
                        ev2 += p * sums[mask] ** 2
                    continue
                after = mask | b
                if b & bonus_bits and after != FULL:
                    after |= best[r][after]
                ev += p * v_row[after]
                ev2 += p * s_row[after]
            v_row[mask], s_row[mask] = ev, ev2
            # Best free mark once ``mask`` is marked: a superset, or none at
            # all (this very value) when declining is strictly better.
            choice, low = 0, None
            for b, _ in bits:
                if not mask & b:
                    v = v_row[mask | b]
                    if low is None or v < low:
                        choice, low = b, v
            assert low is not None, "a sheet short of FULL has a free number"
            if ev < low - 1e-12:
                choice = 0
            best[r][mask] = choice
    marks = tuple(tuple((b.bit_length() + 1) if b else 0 for b in row) for row in best)
    return RoundSolution(tuple(bonus), tuple(map(tuple, value)), tuple(map(tuple, second)), marks)


def evaluate(policy, bonus: tuple[int, ...] = (2, 12), rerolls: int = MAX_REROLLS) -> float:
    """Exact expected round score of any free-mark ``policy(mask, rerolls,
    choices) -> number`` (0 declines; to measure how much a naive rule gives away)."""
    bonus_bits = mask_of(bonus)
    memo: dict[tuple[int, int], float] = {}

    def value(mask: int, r: int) -> float:
        if mask == FULL:
            return 0.0
        key = (mask, r)
        if key not in memo:
            ev = 0.0
            for t in NUMBERS:
                b, p = bit(t), ROLL_PROB[t]
                if mask & b:
                    ev += p * (value(mask, r - 1) if r else unmarked_sum(mask))
                    continue
                after = mask | b
                if b & bonus_bits and after != FULL:
                    choice = policy(after, r, numbers_of(FULL & ~after))
                    after |= bit(choice) if choice else 0
                ev += p * value(after, r)
            memo[key] = ev
        return memo[key]

    return value(0, rerolls)
