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
from game.games.bidding import revealed


def pooled(half: str, games: int, seed: int, game: str = "liars-dice", log=None,
           leave_out: bool = False) -> ai_report.Report:
    """Every bot of ``half`` (its kinds, in ``league.KINDS`` order), ``games`` fresh heads-up games each, pooled.
    ``leave_out``: Hard reads each bot through the shipped kinds of bidder less
    the bot's own (``revealed.Profiles.without``), so a tuning bot is met as a
    stranger unlike every kind, as a reporting bot is (issue 40, eleventh session:
    the tuning half read in-sample stated its strangers closer than the reporting half)."""
    reports = []
    for kind in league.KINDS:
        league.reset_memory()
        bot = league.bot_of(half, kind)
        shipped = revealed.shipped_profiles(game)
        revealed.READING = shipped.without(bot.__name__) if leave_out and shipped is not None else None
        try:
            rep = ai_report.run_report(game, "hard", [league.spec(bot)], games, seed, fresh=True)
        finally:
            revealed.READING = None
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
    ap.add_argument("--leave-out", action="store_true", help="read each bot through the kinds less its own")
    args = ap.parse_args(argv)
    j = pooled(args.half, args.games, args.seed, log=lambda s: print(s, flush=True),
               leave_out=args.leave_out).to_json()
    lo, hi = j["ci95"]
    print(f"pooled: {100 * j['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}), worst decile {100 * j['worst_gap']:.1f}")
    for kind, deciles in j["calibration"].items():
        for d in deciles:
            print(f"  {kind} stated {d['decile']}: {d['n']}, said {100 * d['stated']:.1f}%, "
                  f"came true {100 * d['observed']:.1f}%, gap {100 * d['gap']:+.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
