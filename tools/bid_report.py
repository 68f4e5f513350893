"""Every issue-12 table of one bidding game: win rate, calibration, honesty.

    python tools/bid_report.py --game liars-dice [--games 2000] [--seed 1] [--tables hard:normal,...] [--json]

A table is ``level:opp1+opp2+...``; ``reference`` seats are the independent
reference bot of ``tests/reference_bot.py`` (not a game level: seated as a guest
bot, ``game.core.guest_bots``, as ``ai-report --opponents FILE.py:Class`` seats
any bot).  Each table is ``game.core.ai_report``'s measurement (seats rotated
every game, RNG dice, one seed per game).  Prints one Markdown row per
table: win rate (95% CI), honesty (held vs baseline, excess), worst calibration gap
over deciles with 100+ samples (per kind), the same worst gap counting only the
decisions after the first round (every rival has then shown a hand once), and how
many deciles are off by more than 5 points beyond sampling noise (the stated chance
outside the observed frequency's 95% interval), and how many are off by more than
5 points against how many sampling noise alone would put there if every stated
chance were exact (``Report.misses_if_calibrated``).  The games are a series in which
the AIs remember their rivals (``game.core.rivalbook``); ``--fresh`` plays every
game among strangers.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core import ai_report  # noqa: E402
from game.core.agents import SPARRING  # noqa: E402
from tests.reference_bot import SPEC as REFERENCE_BOT  # noqa: E402  (seated as a guest bot)

STYLES = SPARRING + ("reference",)
DEFAULT_TABLES = (["hard:normal", "normal:easy"] + [f"hard:{s}" for s in STYLES]
                  + [f"hard:{s}+{s}+{s}" for s in STYLES])


def run_table(game: str, table: str, games: int, seed: int, fresh: bool = False) -> ai_report.Report:
    """``ai_report.run_report`` of one table, ``reference`` seats played by the reference bot."""
    level, _, opps = table.partition(":")
    opponents = [REFERENCE_BOT if o == "reference" else o for o in opps.split("+")]
    return ai_report.run_report(game, level, opponents, games, seed, fresh=fresh)


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
    args = ap.parse_args(argv)
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
            for kind, rs in j["calibration"].items():
                for r in rs:
                    if r["n"] >= 100:
                        lo, hi = r["observed_ci95"]
                        print(f"    {kind:5} {r['decile']:8} n={r['n']:5} stated {100 * r['stated']:5.1f} "
                              f"observed {100 * r['observed']:5.1f} ({100 * lo:.1f}-{100 * hi:.1f}) "
                              f"gap {100 * r['gap']:+5.1f}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
