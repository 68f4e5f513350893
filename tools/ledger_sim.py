"""How the last two calibration steps (``rivalbook.Reading.shifted`` and
``ledgered``) keep every tenth of the range honest.

    python tools/ledger_sim.py [--runs 80] [--chances 2500] [--seed 1]

Simulates one reader's stated chances of one kind over a series: each chance
the second stage gives is drawn (most near 0 or 1, a fifth at 20-30%, as a
bidding AI's calls are), the truth is that chance plus an error, and the
outcome is drawn from the truth.  The errors:

* ``exact``: none (what is left is luck);
* ``bias3``: every chance 3 points low;
* ``wave``: up to 6 points off, changing sign along the range;
* ``jump``: chances at 20-30% come true 20 points more often in the last third
  (the first stage moved other spots there: Hard's Jintos against the caller);
* ``drift``: low chances drift from 4 points high to 4 low over the series,
  high chances the other way;
* ``edge``: chances at 40-43% come true 8 points more often, at 43-50% 6
  points less (the tenth's shift moves the first across its edge).

For each, with neither step, the ledger alone (clamped in its tenth), and
both (the shipped), it prints how often a series ends with some tenth of 100+
chances more than 5 points off (stated mean vs observed frequency), and how
far each chance said was from its truth (root mean square): what the steps
cost in sharpness for what they gain in calibration.  The steps are the
game's own code, fed as ``ChallengeMemory.settle`` feeds them.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.games.bidding.rivalbook import RivalMemory  # noqa: E402

ERRORS = ("exact", "bias3", "wave", "jump", "drift", "edge")
STEPS = ("neither", "ledger", "both")


def truth(error: str, chance: float, i: int, n: int) -> float:
    """What a chance of ``chance`` (the ``i``-th of ``n``) truly is, under ``error``."""
    shift = {"exact": 0.0,
             "bias3": 0.03,
             "wave": 0.06 * math.sin(chance * 12),
             "jump": 0.2 if (0.2 <= chance < 0.3 and i > 2 * n / 3) else 0.0,
             "drift": 0.08 * (i / n - 0.5) * (1 if chance < 0.5 else -1),
             "edge": 0.08 if 0.40 <= chance < 0.43 else (-0.06 if 0.43 <= chance < 0.5 else 0.0)}[error]
    return min(0.999, max(0.001, chance + shift))


def one_series(error: str, steps: str, n: int, rng: random.Random) -> tuple[float, float]:
    """One series of ``n`` chances: (the worst gap of a tenth with 100+ chances,
    root mean square of said - truth)."""
    everyone = RivalMemory()
    tenths = [[0.0, 0.0, 0] for _ in range(10)]
    off2 = 0.0
    for i in range(n):
        second = rng.betavariate(0.5, 0.5) if rng.random() < 0.8 else rng.uniform(0.2, 0.3)
        second = min(0.9975, max(0.0025, second))
        if steps == "both":
            said = everyone.ledgered("call", everyone.shifted("call", second), second)
        else:
            said = everyone.ledgered("call", second) if steps == "ledger" else second
        t = truth(error, second, i, n)
        y = 1.0 if rng.random() < t else 0.0
        everyone.add("tenth|call", second, y - second, fine=False)
        everyone.add("told|call", said, y - said, fine=False)
        row = tenths[min(9, int(said * 10))]
        row[0] += said
        row[1] += y
        row[2] += 1
        off2 += (said - t) ** 2
    worst = max((abs(seen - stated) / k for stated, seen, k in tenths if k >= 100), default=0.0)
    return worst, math.sqrt(off2 / n)


def off_rate(error: str, steps: str, runs: int, n: int, seed: int) -> tuple[float, float]:
    """Over ``runs`` seeded series: the share with a tenth more than 5 points
    off, and the mean root-mean-square distance of a chance said from its truth."""
    rng = random.Random(seed)
    series = [one_series(error, steps, n, rng) for _ in range(runs)]
    return sum(w > 0.05 for w, _ in series) / runs, sum(e for _, e in series) / runs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/ledger_sim.py")
    ap.add_argument("--runs", type=int, default=80)
    ap.add_argument("--chances", type=int, default=2500)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"{args.runs} series of {args.chances} chances: share with a tenth 5+ points off"
          " (rms of said - truth, points)")
    print(f"{'error':8}" + "".join(f"{s:>20}" for s in STEPS))
    for error in ERRORS:
        cells = [off_rate(error, s, args.runs, args.chances, args.seed) for s in STEPS]
        print(f"{error:8}" + "".join(f"{100 * f:12.0f}% ({100 * e:3.1f})" for f, e in cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
