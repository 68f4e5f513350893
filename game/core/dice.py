"""Dice maths shared by the games, and the plain seeded dice resolver.

``RngDice`` answers a ``RollRequest`` with uniformly random faces; it is what
headless sims use with ``--dice rng``.  ``game.physics`` offers the same
interface with physically thrown dice.
"""
from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Protocol

from .protocol import RollRequest, RollResult
from .seeding import stream


class DiceResolver(Protocol):
    """Turns a roll request and a throw seed into faces."""

    name: str

    def resolve(self, request: RollRequest, throw_seed: int) -> RollResult: ...


class RngDice:
    """Faces straight from a seeded RNG (no physics)."""

    name = "rng"

    def resolve(self, request: RollRequest, throw_seed: int) -> RollResult:
        """Seeded random faces, group by group (the headless and test dice)."""
        rng = stream(throw_seed, "rng-dice")
        return RollResult(tuple(tuple(rng.randint(1, g.sides) for _ in range(g.count))
                                for g in request.groups))


@lru_cache(maxsize=65536)
def prob_at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p): the chance a bid needing ``k`` more
    matches among ``n`` unseen dice comes true."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    q = 1.0 - p
    return sum(comb(n, i) * p**i * q**(n - i) for i in range(k, n + 1))


@lru_cache(maxsize=65536)
def prob_exactly(k: int, n: int, p: float) -> float:
    """P(X == k) for X ~ Binomial(n, p) (Jinto odds)."""
    if k < 0 or k > n:
        return 0.0
    return comb(n, k) * p**k * (1.0 - p)**(n - k)
