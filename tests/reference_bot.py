"""An independent reference bot for the bidding games (tests only).

Written apart from the game's AI (no ``TableReader``, no ``BidBrain``, no
sparring style) to check that Hard beats "any other reasonable bot", here the
one issue 12 measured: a player that treats every bid as evidence about the
bidder's dice.  It samples the hands it cannot see (Monte Carlo, its own rng),
weights each sample by how well it explains every bid made this round (a
bidder names faces it holds: weight ``(1 + held) / (1 + expected)`` per bid),
and from the weighted samples:

* calls when the bid is likelier false than its best raise is true,
* raises on the face the samples make likeliest, as high as still >= 50%,
* says Jinto when the samples make the bid exact more than half the time,
* calls out of turn (Roll Call) when the bid is under 15% true.

Only ``spot_of`` (the game's view as plain facts) is shared with the game.
"""
from __future__ import annotations

import importlib

from game.core.agents import Agent
from game.games.bidding.bids import Bid, Call, count_matching
from game.games import package_name

SAMPLES = 160


class ReferenceBot(Agent):
    level = "reference"
    name = "reference"

    def __init__(self, player: int, rng, game_id: str):
        super().__init__(player, rng)
        self.spot_of = importlib.import_module(package_name(game_id) + ".ai").spot_of

    def _samples(self, spot):
        """Weighted samples of the unseen hands: [(weight, {player: hand})]."""
        rng = self.rng
        out = []
        sides = spot.sides
        for _ in range(SAMPLES):
            hands = {p: tuple(rng.randint(1, sides) for _ in range(n))
                     for p, n in enumerate(spot.dice) if n and p != spot.me}
            w = 1.0
            for p, _q, f in spot.bids:
                if p in hands:
                    held = count_matching(hands[p], f, spot.wild)
                    w *= (1.0 + held) / (1.0 + len(hands[p]) * spot.p_match(f))
            out.append((w, hands))
        return out

    def _chances(self, spot, samples, q, f):
        total = sum(w for w, _ in samples)
        at_least = exact = 0.0
        mine = spot.mine(f)
        for w, hands in samples:
            c = mine + sum(count_matching(h, f, spot.wild) for h in hands.values())
            if c >= q:
                at_least += w
            if c == q:
                exact += w
        return at_least / total, exact / total

    def _best_raise(self, spot, samples):
        lows = spot.lows()
        best = None
        for f, lo in lows.items():
            p, _ = self._chances(spot, samples, lo, f)
            if best is None or p > best[0]:
                best = (p, f, lo)
        if best is None:
            return None
        p, f, q = best
        while q < spot.total:
            nxt, _ = self._chances(spot, samples, q + 1, f)
            if nxt < 0.5 or not any(type(a) is Bid and a.quantity == q + 1 and a.face == f for a in spot.legal):
                break
            q, p = q + 1, nxt
        return Bid(q, f), p

    def act(self, view, legal):
        spot = self.spot_of(self, view, legal)
        samples = self._samples(spot)
        best = self._best_raise(spot, samples)
        cur = spot.current
        if cur is not None:
            p_true, p_exact = self._chances(spot, samples, *cur)
            if spot.jinto is not None and p_exact > 0.5 and spot.jinto in legal:
                return spot.jinto
            if Call() in legal and (best is None or 1.0 - p_true > best[1]):
                return Call()
        return best[0]

    def interject(self, view, legal):
        spot = self.spot_of(self, view, legal)
        if spot.oot is None or spot.current is None:
            return None
        p_true, _ = self._chances(spot, self._samples(spot), *spot.current)
        return spot.oot if p_true < 0.15 else None


SPEC = __file__ + ":ReferenceBot"
"""This bot as ``sim`` and ``ai-report`` seat it (``game.core.guest_bots``)."""


def play_vs_reference(game_id: str, level: str, references: int, games: int, seed: int) -> float:
    """Win rate per ``level`` seat against ``references`` reference bots: a ``sim``
    run (seats rotated every game, RNG dice) with the bots seated as guests."""
    from game.core.sim import run_sim
    return run_sim(game_id, [level] + [SPEC] * references, games, seed).by_level[level].win_rate


def main(argv=None) -> int:
    """``python -m tests.reference_bot --game ID [--level hard] [--references N] --games N --seed S``"""
    import argparse

    from game.core.sim import wilson
    ap = argparse.ArgumentParser(prog="python -m tests.reference_bot")
    ap.add_argument("--game", required=True, choices=("liars-dice", "roll-call"))
    ap.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    ap.add_argument("--references", type=int, default=1, choices=range(1, 6))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rate = play_vs_reference(args.game, args.level, args.references, args.games, args.seed)
    lo, hi = wilson(rate * args.games, args.games)
    print(f"{args.game}: {args.level} vs {args.references} reference bot(s), {args.games} games, seed {args.seed}: "
          f"{100 * rate:.1f}% per {args.level} seat (95% CI {100 * lo:.1f}-{100 * hi:.1f}), "
          f"fair share {100 / (1 + args.references):.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
