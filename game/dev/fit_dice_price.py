"""Fit Liar's Dice Hard's lean price per kind of bid and Hard's dice (``ai.DICE_PRICE``).

    python -m game.dev.fit_dice_price [--rounds 4] [--games 300] [--seed 100] [--step 0.4] [--min-bids 15]

Issue 40's tell: a cross-game learner files Hard's revealed bids by (place,
Hard's dice, quantity band, Palifico) and reads its hand from what each kind
held.  ``KEY_PRICE`` prices the lean per kind over all of Hard's stacks, so a
kind can still lean one way at four dice and the other at two.  Each round
plays Hard heads-up against the league's TUNING learner (``LearnerA``, with
memory, as the league row does), files each bid Hard makes where the price
applies (not Palifico, not a solved endgame, whose equilibrium bids lean by
design and are not priced) as the learner would, and moves the price of every
such kind at each stack size by ``step`` x the mean lean its bids showed
(kinds under ``min-bids`` bids stay).  Prints each round's win
rate, tell per bid and the prices, and at the end the tuple to ship.
"""
from __future__ import annotations

import argparse
from dataclasses import replace

from game.dev import ai_report, league
from game.games.bidding.bids import Bid
from game.games.bidding.brain import BidBrain, dice_key
from game.games.liars_dice import ai as ld_ai
from game.games.liars_dice.endgame import endgame_policy


LEANS: dict[tuple[str, int, int], list[float]] = {}
"""(bids, summed lean) of Hard's heads-up non-Palifico bids outside the solved
endgames, per ``brain.dice_key``, filled as Hard plays (``_filing_act``)."""


def _filing_act(act):
    """``HardAgent.act`` that also files each bid it makes where the price applies:
    heads-up, not Palifico, not a solved endgame (there the tables bid, unpriced)."""
    def filed(self, view, legal):
        action = act(self, view, legal)
        if isinstance(action, Bid) and len(view.players_in) == 2 and endgame_policy(view, legal) is None:
            spot = ld_ai.spot_of(self, view, legal)
            key = dice_key(spot, action.quantity, action.face)
            if key is not None:
                cell = LEANS.setdefault(key, [0, 0.0])
                cell[0] += 1
                cell[1] += BidBrain.lean(spot, action.face)
        return action
    return filed


def fit_round(prices: dict, games: int, seed: int, step: float, min_bids: int) -> tuple[float, float, dict]:
    """One round: (Hard's win rate, the learner's tell per bid, the moved prices)."""
    ld_ai.HARD_STYLE = replace(ld_ai.HARD_STYLE, dice_price=tuple(sorted(prices.items())))
    league.reset_memory()
    LEANS.clear()
    rep = ai_report.run_report("liars-dice", "hard", [league.spec(league.bot_of("tuning", "learner"))],
                               games, seed)
    _bids, told = league.tell()
    moved = dict(prices)
    for key, (n, total) in LEANS.items():
        if n >= min_bids:
            moved[key] = round(moved.get(key, 0.0) + step * total / n, 3)
    return sum(rep.outcomes) / len(rep.outcomes), told, moved


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.dev.fit_dice_price")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--step", type=float, default=0.4)
    ap.add_argument("--min-bids", type=int, default=15)
    args = ap.parse_args(argv)
    prices = dict(ld_ai.DICE_PRICE)
    ld_ai.HardAgent.act = _filing_act(ld_ai.HardAgent.act)   # type: ignore[method-assign]
    for r in range(args.rounds):
        won, told, moved = fit_round(prices, args.games, args.seed + r, args.step, args.min_bids)
        print(f"round {r + 1}: Hard won {100 * won:.1f}% of {args.games}, tell per bid {told:.3f} "
              f"(prices played: {len(prices)} kinds)", flush=True)
        prices = moved
    print("DICE_PRICE = (")
    for key, price in sorted(prices.items()):
        print(f"    ({key!r}, {price}),")
    print(")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
