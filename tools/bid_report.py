"""Every issue-12 table of one bidding game: win rate, calibration, honesty.

    python tools/bid_report.py --game liars-dice [--games 2000] [--seed 1] [--tables hard:normal,...] [--json]

A table is ``level:opp1+opp2+...``; ``reference`` seats are the independent
reference bot of ``tests/reference_bot.py`` (not a game level: seated as a guest
bot, ``game.core.guest_bots``, as ``ai-report --opponents FILE.py:Class`` seats
any bot).  Each table is ``game.dev.ai_report``'s measurement (seats rotated
every game, RNG dice, one seed per game).  Prints one Markdown row per
table: win rate (95% CI), honesty (held vs baseline, excess), worst calibration gap
over deciles with 100+ samples (per kind), the same worst gap counting only the
decisions after the first round (every rival has then shown a hand once), and how
many deciles are off by more than 5 points beyond sampling noise (the stated chance
outside the observed frequency's 95% interval), and how many are off by more than
5 points against how many sampling noise alone would put there if every stated
chance were exact (``Report.misses_if_calibrated``).  The games are a series in which
the AIs remember their rivals (``game.games.bidding.rivalbook``); ``--fresh`` plays every
game among strangers.

``--series K`` plays each table as K series (seeds SEED..SEED+K-1, each with a
memory of its own) and prints, per table, how many series were within 5 points,
their deciles 5+ points off against what sampling noise alone gives, and the
worst gap of the pooled deciles (every sample of every series; deciles with
100 x K+ decisions) and their chi-square (about the number of deciles when
every chance is exact): one series' misses are mostly noise, the pooled figures
are the error that is not.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.dev import ai_report  # noqa: E402
from game.core.agents import SPARRING  # noqa: E402
from tests.reference_bot import SPEC as REFERENCE_BOT  # noqa: E402  (seated as a guest bot)

STYLES = SPARRING + ("reference",)
DEFAULT_TABLES = (["hard:normal", "normal:easy"] + [f"hard:{s}" for s in STYLES]
                  + [f"hard:{s}+{s}+{s}" for s in STYLES])


def run_table(game: str, table: str, games: int, seed: int, fresh: bool = False,
              hard_calib=None) -> ai_report.Report:
    """``ai_report.run_report`` of one table, ``reference`` seats played by the reference bot
    (``hard_calib``: the Hard AIs' maps, if not the shipped ones)."""
    level, _, opps = table.partition(":")
    opponents = [REFERENCE_BOT if o == "reference" else o for o in opps.split("+")]
    return ai_report.run_report(game, level, opponents, games, seed, fresh=fresh, hard_calib=hard_calib)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/bid_report.py")
    ap.add_argument("--game", required=True, choices=("liars-dice", "roll-call"))
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tables", default=",".join(DEFAULT_TABLES))
    ap.add_argument("--json", metavar="FILE", help="also write every decile of every table to FILE")
    ap.add_argument("--deciles", action="store_true", help="print the deciles with 100+ samples under each row")
    ap.add_argument("--fresh", action="store_true",
                    help="every game among strangers: no rival memory across the series (rivalbook)")
    ap.add_argument("--series", type=int, default=1, metavar="K",
                    help="play each table as K series (seeds SEED..SEED+K-1, each with its own memory) and "
                         "print how many series were within 5 points, their misses against sampling noise, "
                         "and the pooled deciles: the error that is not noise")
    args = ap.parse_args(argv)
    if args.series < 1 or args.games < 1:
        ap.error("--series and --games must be at least 1")
    if args.series > 1:
        return _series(args)
    rows = []
    for table in args.tables.split(","):
        rep = run_table(args.game, table, args.games, args.seed, fresh=args.fresh)
        j = rep.to_json()
        j["table"] = table
        rows.append(j)
        lo, hi = j["ci95"]
        h = j["honesty"]
        gaps = {k: max((abs(r["gap"]) for r in v if r["n"] >= 100), default=0.0)
                for k, v in j["calibration"].items()}
        print(f"| {args.game} | {table} | {args.games} | {100 * j['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}) "
              f"| {h['held']:.2f} vs {h['baseline']:.2f} ({h['excess']:+.3f}) "
              f"| {100 * j['worst_gap']:.1f} (call {100 * gaps['call']:.1f}, jinto {100 * gaps['jinto']:.1f}, "
              f"oot {100 * gaps['oot']:.1f}) | {100 * j['worst_gap_after_first_round']:.1f} "
              f"| {len(j['misses_beyond_noise'])} | {j['misses_over_5']} vs {j['misses_if_calibrated']:.1f} |", flush=True)
        if args.deciles:
            _print_deciles(j["calibration"], 100)
    _write_json(args.json, rows)
    return 0


def _print_deciles(calibration: dict, min_n: int, label: str = "", width: int = 5) -> None:
    """The deciles of ``min_n``+ decisions under a table's row (``--deciles``)."""
    for kind, rs in calibration.items():
        for r in rs:
            if r["n"] >= min_n:
                lo, hi = r["observed_ci95"]
                print(f"    {label}{kind:5} {r['decile']:8} n={r['n']:{width}} stated {100 * r['stated']:5.1f} "
                      f"observed {100 * r['observed']:5.1f} ({100 * lo:.1f}-{100 * hi:.1f}) "
                      f"gap {100 * r['gap']:+5.1f}", flush=True)


def _write_json(path, rows: list) -> None:
    """Every row of the run to ``path`` (``--json``), if given."""
    if path:
        Path(path).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


def series_summary(reports: list[ai_report.Report], table: str) -> dict:
    """K series of one table: per series its worst gap and misses (the target is
    read per 2,000-game series), and the pooled deciles (every sample of every
    series), whose 100 x K+ deciles show the systematic error left once the
    sampling noise of one series is averaged away."""
    k = len(reports)
    each = [r.to_json() for r in reports]
    pool = ai_report.pooled(reports)
    j = pool.to_json()
    min_n = 100 * k
    pooled_rows = {kind: [r for r in pool.deciles(kind) if r["n"] >= min_n] for kind in pool.calib}
    return {
        "table": table, "series": k, "seeds": [r.seed for r in reports], "games_each": reports[0].games,
        "win_rate": j["win_rate"], "ci95": j["ci95"], "honesty": j["honesty"],
        "series_within_5": sum(1 for e in each if e["worst_gap"] <= 0.05),
        "misses_over_5": sum(e["misses_over_5"] for e in each),
        "misses_if_calibrated": round(sum(e["misses_if_calibrated"] for e in each), 2),
        "per_series": [{"seed": r.seed, "worst_gap": e["worst_gap"], "misses_over_5": e["misses_over_5"],
                        "misses_if_calibrated": e["misses_if_calibrated"]} for r, e in zip(reports, each)],
        "pooled_worst_gap": round(max((abs(r["gap"]) for rs in pooled_rows.values() for r in rs), default=0.0), 4),
        "pooled_chi2": round(pooled_chi2(pool, min_n), 1),
        "pooled_deciles_counted": sum(len(rs) for rs in pooled_rows.values()),
        "pooled_beyond_noise": [{"kind": kind, **r} for kind, r in pool.misses(min_n=min_n)],
        "pooled_deciles": pooled_rows,
    }


def pooled_chi2(pool: ai_report.Report, min_n: int) -> float:
    """Sum over the pooled deciles with ``min_n``+ decisions of (observed - stated)^2
    over its variance, the sum of p (1 - p) over n^2 of its stated chances: about
    the number of deciles if every chance is exact, more for every systematic
    error (a 2-point error in a decile of thousands counts, as one of 5 points
    in a thin one is mostly noise)."""
    total = 0.0
    for kind in pool.calib:
        for d in range(10):
            pts = [(p, o) for p, o in pool.calib[kind] if min(9, int(p * 10)) == d]
            if len(pts) >= min_n:
                n = len(pts)
                gap = sum(o - p for p, o in pts) / n
                var = max(sum(p * (1 - p) for p, _ in pts), 1.0) / (n * n)
                total += gap * gap / var
    return total


def _series(args) -> int:
    rows = []
    for table in args.tables.split(","):
        reports = [run_table(args.game, table, args.games, args.seed + i, fresh=args.fresh)
                   for i in range(args.series)]
        s = series_summary(reports, table)
        rows.append(s)
        lo, hi = s["ci95"]
        print(f"| {args.game} | {table} | {args.series} x {args.games} | {100 * s['win_rate']:.1f}% "
              f"({100 * lo:.1f}-{100 * hi:.1f}) | {s['honesty']['excess']:+.3f} "
              f"| {s['series_within_5']} of {args.series} | {s['misses_over_5']} vs {s['misses_if_calibrated']:.1f} "
              f"| {100 * s['pooled_worst_gap']:.1f} | {len(s['pooled_beyond_noise'])} "
              f"| {s['pooled_chi2']:.0f} over {s['pooled_deciles_counted']} |", flush=True)
        if args.deciles:
            _print_deciles(s["pooled_deciles"], 0, label="pooled ", width=6)   # already 100 x K+ each
    _write_json(args.json, rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
