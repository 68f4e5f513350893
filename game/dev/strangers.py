"""``python -m game.dev.strangers``: Hard's calibration among strangers, pooled over a league half.

A posterior over kinds of rival is calibrated over the population its prior
describes, not against each member (issue 40, seventh session,
docs/AI-NOTES.md): so besides each row of ``game.dev.league`` this plays Hard
heads-up against every bot of one half as a stranger (no rival memory, seats
rotated, one seed per game) and pools the challenges (``ai_report.pooled``):
the per-decile gap over a population of strangers.
"""
from __future__ import annotations

import argparse

from game.dev import ai_report, league


def pooled(half: str, games: int, seed: int, game: str = "liars-dice", log=None) -> ai_report.Report:
    """Every bot of ``half`` (its kinds, in ``league.KINDS`` order), ``games`` fresh heads-up games each, pooled."""
    reports = []
    for kind in league.KINDS:
        league.reset_memory()
        rep = ai_report.run_report(game, "hard", [league.spec(league.bot_of(half, kind))], games, seed, fresh=True)
        if log:
            j = rep.to_json()
            log(f"{kind}: {100 * j['win_rate']:.1f}%, worst decile {100 * j['worst_gap']:.1f}")
        reports.append(rep)
    return ai_report.pooled(reports)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.dev.strangers")
    ap.add_argument("--half", choices=tuple(league.HALVES), default="reporting")
    ap.add_argument("--games", type=int, default=250, help="games per bot")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    j = pooled(args.half, args.games, args.seed, log=lambda s: print(s, flush=True)).to_json()
    lo, hi = j["ci95"]
    print(f"pooled: {100 * j['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}), worst decile {100 * j['worst_gap']:.1f}")
    for kind, deciles in j["calibration"].items():
        for d in deciles:
            print(f"  {kind} stated {d['decile']}: {d['n']}, said {100 * d['stated']:.1f}%, "
                  f"came true {100 * d['observed']:.1f}%, gap {100 * d['gap']:+.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
