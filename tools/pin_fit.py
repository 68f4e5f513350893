"""Fit the population prior of how a stranger's quantity pins its count (Liar's Dice Hard's ``PIN_PRIOR``).

    python tools/pin_fit.py                     # 150 games a table, seed 7, prints the weights
    python tools/pin_fit.py --games 60 --seed 3

Hard's reader (``TableReader.q_like``) reads an honest bid's quantity as one of
several types: loose (any quantity up to the honest ceiling) or pinned at one of
``PinPrior.floors`` (the bidder's count plus what is still that likely among
the dice it cannot see).  Each reveal teaches a rival's weights; a stranger
starts from the population's.  This plays Hard heads-up against the fitting
population (every bot of the league's TUNING half, Hard, Normal and the
sparring styles; never the reporting half), records for every revealed honest
quantity how likely each type made it, and fits the population's type weights
by expectation-maximisation, each table weighing the same.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from game.core.seeding import derive  # noqa: E402
from game.games.bidding import spot as spotmod  # noqa: E402
from bid_report import run_table  # noqa: E402

STYLES = ("hard", "normal", "reader", "bluffer", "caller", "binomial")


def tables(population: str = "league") -> list[str]:
    """The fitting population, heads-up: the league's tuning half (by module
    name), and with "styles+league" Hard, Normal and the sparring styles too."""
    from game.dev import league
    bots = [f"hard:game.dev.league:{cls.__name__}" for cls in league.HALVES["tuning"].values()]
    return bots if population == "league" else [f"hard:{s}" for s in STYLES] + bots


def collect(games: int, seed: int, log=print, population: str = "league") -> dict[str, list[tuple[float, list[float]]]]:
    """Per table, (honest weight, likelihood per quantity type) of every revealed choice."""
    from game.dev import league
    seen: dict[str, list[tuple[float, list[float]]]] = {}
    learn = spotmod.TableReader._learn_pin
    current: list = []

    def recording(self, m, honest, top, k, n, p, total):
        current.append((honest, self._quantity_likes(top, k, n, p, total)))
        return learn(self, m, honest, top, k, n, p, total)

    spotmod.TableReader._learn_pin = recording   # type: ignore[method-assign]
    try:
        for table in tables(population):
            league.reset_memory()
            current.clear()
            run_table("liars-dice", table, games, derive(seed, "pinfit", table), fresh=True)
            seen[table] = list(current)
            if log:
                log(f"  {table}: {len(current)} revealed openings")
    finally:
        spotmod.TableReader._learn_pin = learn   # type: ignore[method-assign]
    return seen


def fit(seen: dict[str, list[tuple[float, list[float]]]], rounds: int = 200) -> list[float]:
    """The type weights (loose, then each floor) that make the revealed
    quantities likeliest, each table's observations weighing the same in all."""
    types = len(next(iter(v for v in seen.values() if v))[0][1])
    weights = [1.0 / types] * types
    for _ in range(rounds):
        acc = [0.0] * types
        for obs in seen.values():
            if not obs:
                continue
            share = [0.0] * types
            mass = 0.0
            for honest, likes in obs:
                joint = [w * x for w, x in zip(weights, likes)]
                z = sum(joint)
                if z <= 0:
                    continue
                share = [s + honest * j / z for s, j in zip(share, joint)]
                mass += honest
            if mass > 0:
                acc = [a + s / mass for a, s in zip(acc, share)]
        total = sum(acc)
        weights = [a / total for a in acc]
    return weights


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/pin_fit.py", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--population", choices=("league", "styles+league"), default="league")
    args = ap.parse_args(argv)
    seen = collect(args.games, args.seed, population=args.population)
    weights = fit(seen)
    floors = spotmod.PinPrior().floors
    print("loose", round(weights[0], 4))
    for f, w in zip(floors, weights[1:]):
        print(f"pinned at floor {f}", round(w, 4))
    print(f"weight (pinned) {1 - weights[0]:.4f}; floors' shares "
          f"{tuple(round(w / max(1e-9, 1 - weights[0]), 4) for w in weights[1:])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
