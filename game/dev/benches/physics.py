"""Speed of the physics: resolving throws headless (``python -m game bench``)."""
from __future__ import annotations

import statistics

from ...core.protocol import DieGroup, RollRequest
from ...physics.layout import seat_zones
from ...physics.throw import resolve_throw


def _table_of_20() -> tuple[RollRequest, list]:
    """Liar's Dice with 20 seats x 3 dice: the biggest throw of the product."""
    return RollRequest(tuple(DieGroup(i, "d6", 3, hidden=True) for i in range(20))), seat_zones(20)


def bench_resolve(quick: bool) -> dict:
    """Median wall time to resolve a throw (fresh space, throw, settle, read
    faces) beside the simulated time the throw took to settle."""
    from ..bench import timed
    repeat = 10 if quick else 60
    out = {}
    cases = {
        "table20x3": _table_of_20(),
        "felt60": (RollRequest((DieGroup(0, "d6", 60),)), None),
        "bones6": (RollRequest(tuple(DieGroup(i, "bone", 1) for i in range(6))), seat_zones(6)),
    }
    for name, (request, zones) in cases.items():
        seeds = iter(range(10_000))
        sims = []

        def one():
            sims.append(resolve_throw(request, next(seeds), zones).sim_seconds)
        times = timed(one, repeat)
        out[f"{name}_resolve_median_ms"] = round(statistics.median(times), 2)
        out[f"{name}_settle_sim_s"] = round(statistics.median(sims), 3)
        out[f"{name}_settle_sim_max_s"] = round(max(sims), 3)
    return out
