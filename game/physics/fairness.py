"""``python -m game fairness``: chi-square test of the physical dice.

Throws ``--rolls`` dice of each kind (in throws of ``DICE_PER_THROW``, each
with its own seed) and prints the chi-square statistic and p-value of the
face counts against a uniform distribution.  No scipy: the chi-square
survival function is the regularized upper incomplete gamma, computed here.
"""
from __future__ import annotations

import json

from ..core.protocol import DIE_KINDS, DieGroup, RollRequest
from ..core.seeding import derive
from ..core.stats import chi2_sf, chi_square as chi_statistic  # shared with the dice-luck panel
from .throw import resolve_throw

DICE_PER_THROW = 20
"""Dice per fairness throw (one group on the default felt)."""


def chi_square(counts: list[int]) -> tuple[float, float]:
    """(statistic, p-value) of ``counts`` against a uniform distribution."""
    stat = chi_statistic(counts)
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
