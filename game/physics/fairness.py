"""``python -m game fairness``: chi-square test of the physical dice.

Throws ``--rolls`` dice of each kind (in throws of ``DICE_PER_THROW``, each
with its own seed) and prints the chi-square statistic and p-value of the
face counts against a uniform distribution.  No scipy: the chi-square
survival function is the regularized upper incomplete gamma, computed here.
"""
from __future__ import annotations

import json
import math

from ..core.protocol import DIE_KINDS, DieGroup, RollRequest
from ..core.seeding import derive
from .throw import resolve_throw

DICE_PER_THROW = 20
"""Dice per fairness throw (one group on the default felt)."""


def _gamma_series(a: float, x: float) -> float:
    """Regularized lower gamma P(a, x) by its series (x < a + 1)."""
    term = total = 1.0 / a
    n = a
    for _ in range(10_000):
        n += 1
        term *= x / n
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _gamma_cf(a: float, x: float) -> float:
    """Regularized upper gamma Q(a, x) by Lentz's continued fraction (x >= a + 1)."""
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def chi2_sf(stat: float, dof: int) -> float:
    """P(X >= stat) for X ~ chi-square with ``dof`` degrees of freedom."""
    if stat <= 0:
        return 1.0
    a, x = dof / 2.0, stat / 2.0
    if x < a + 1:
        return max(0.0, 1.0 - _gamma_series(a, x))
    return _gamma_cf(a, x)


def chi_square(counts: list[int]) -> tuple[float, float]:
    """(statistic, p-value) of ``counts`` against a uniform distribution."""
    n = sum(counts)
    expected = n / len(counts)
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return stat, chi2_sf(stat, len(counts) - 1)


def roll_counts(kind: str, rolls: int, base_seed: int = 0) -> list[int]:
    """Face counts of ``rolls`` physically thrown dice of ``kind``."""
    sides = DIE_KINDS[kind]
    counts = [0] * sides
    done = 0
    throw_no = 0
    while done < rolls:
        n = min(DICE_PER_THROW, rolls - done)
        request = RollRequest((DieGroup(0, kind, n),))
        for face in resolve_throw(request, derive(base_seed, "fairness", kind, throw_no)).faces[0]:
            counts[face - 1] += 1
        done += n
        throw_no += 1
    return counts


def main(args) -> int:
    rolls = int(getattr(args, "rolls", 100_000) or 100_000)
    report = {}
    for kind in DIE_KINDS:
        counts = roll_counts(kind, rolls)
        stat, p = chi_square(counts)
        report[kind] = {"rolls": rolls, "counts": counts, "chi2": round(stat, 3), "p_value": round(p, 4)}
        if not getattr(args, "json", False):
            print(f"{kind:7s} rolls={rolls} chi2={stat:8.3f} dof={len(counts) - 1:2d} p={p:.4f}  counts={counts}",
                  flush=True)
    if getattr(args, "json", False):
        print(json.dumps(report))
    return 0
