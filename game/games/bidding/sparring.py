"""Scripted sparring partners for the bidding games (seated by ``sim`` and ``ai-report``, not menu levels).

Six styles, written once on the game-neutral ``BidSpot``; each game only
supplies ``spot_of(agent, view, legal)`` (its ``sparring.py``).

* ``reader``: the honest bid reader.  Treats every bid as evidence of the
  bidder's dice (a ``TableReader`` that trusts everyone), bids the face it
  holds most (plus what it read) at the highest quantity still >= 50%, calls
  when the bid is likelier false than its best raise is true.
* ``bluffer``: aggressive.  Bids a random face, jumps the quantity about one
  above the plain odds, rarely calls (only when the bid is under 20%).
* ``caller``: trigger-happy.  Honest cheapest raise on its best face; calls
  anything under 65% from its own dice.
* ``binomial``: the pure odds player.  Own dice plus a binomial for the rest,
  honest best raise, calls when the bid is likelier false than its raise true.
* ``liar``: the face liar.  Bids only faces it holds none of (at the cheapest
  raise, now and then one above), calls anything under 30% from its own dice:
  its bids say the opposite of its hand, so a reader that trusts bids or
  only learns "this one bluffs" is fooled (it held Hard to 55% in its
  solved endgames until Hard weighed them with its reading).
* ``silent``: the never-caller.  The caller's honest cheapest raise, but it
  never calls (unless no raise is left) and never out of turn: at a table of
  them only the other seats take the risk of a challenge (1 Hard + 3 of them
  held Roll Call Hard to 19% of games until Hard learned that a player may
  never call, ``PlayerModel.learn_answer``).

Out of turn (Roll Call) each calls when its chance the bid is false beats a
style threshold.  Jinto (Liar's Dice) when the exact chance beats 1/2 (reader,
binomial) or never (bluffer, caller, liar).
"""
from __future__ import annotations

from typing import Any, Callable

from ...core.agents import SPARRING, Agent, Decision
from .bids import Bid, Call, bid_text
from .spot import BidSpot, TableReader

STYLES = SPARRING


class SparringAgent(Agent):
    """One scripted style; ``spot_of`` turns the game's view into a ``BidSpot``."""

    def __init__(self, player, rng, style: str, spot_of: Callable[[Agent, Any, Any], BidSpot]):
        super().__init__(player, rng)
        if style not in STYLES:
            raise ValueError(f"unknown sparring style {style!r}; choose {', '.join(STYLES)}")
        self.level = style
        self.style = style
        self.name = style
        self.spot_of = spot_of
        self.reader = TableReader(beta=6.0, prior_w=0.97, learn=False) if style == "reader" else None
        self._why = ""

    def explain(self) -> str:
        return self._why

    # --- odds -------------------------------------------------------------------
    def chance(self, spot: BidSpot, q: int, f: int) -> float:
        """The chance a bid is true as this style sees it: read from the bids for the
        reader, from its own dice and the odds for the others."""
        if self.reader is not None:
            return self.reader.chance_true(spot, q, f)
        return spot.plain_chance(q, f)

    def _best_raise(self, spot: BidSpot) -> tuple[Bid, float] | None:
        lows = spot.lows()
        if not lows:
            return None
        if self.style == "bluffer":
            face = self.rng.choice(sorted(lows))
            q = lows[face]
            while q < spot.total and self.chance(spot, q + 1, face) >= 0.35:
                q += 1
            if spot.current is None or self.rng.random() < 0.5:
                q = min(spot.total, max(q, lows[face]) + (1 if self.rng.random() < 0.5 else 0))
            return Bid(q, face), self.chance(spot, q, face)
        if self.style == "liar":
            empty = sorted(f for f in lows if spot.mine(f) == 0) or sorted(lows)
            face = self.rng.choice(empty)
            q = lows[face] + (1 if self.rng.random() < 0.3 and lows[face] < spot.total else 0)
            return Bid(q, face), self.chance(spot, q, face)
        # honest styles: the likeliest face at its cheapest raise (ties: most held)
        face = max(lows, key=lambda f: (round(self.chance(spot, lows[f], f), 6), spot.mine(f), f))
        q = lows[face]
        if self.style in ("reader", "binomial") or spot.current is None:
            while q < spot.total and self.chance(spot, q + 1, face) >= 0.5:
                q += 1
            q = max(q, lows[face])
        return Bid(q, face), self.chance(spot, q, face)

    # --- turn -------------------------------------------------------------------
    def act(self, view, legal):
        spot = self.spot_of(self, view, legal)
        if self.reader is not None:
            self.reader.observe(spot)
        best = self._best_raise(spot)
        cur = spot.current
        if cur is not None and (self.style != "silent" or best is None):
            p_cur = self.chance(spot, *cur)
            if spot.jinto is not None and self.style in ("reader", "binomial"):
                exact = (self.reader.chance_exact(spot, *cur) if self.reader else
                         _plain_exact(spot, *cur))
                if exact > 0.5:
                    return self._done(spot.jinto, Decision("jinto", cur[0], cur[1], exact),
                                      f"Jinto on {bid_text(*cur)}: {exact:.0%} exact")
            limit = {"bluffer": 0.2, "caller": 0.65, "liar": 0.3}.get(self.style)
            if limit is None:
                limit = 1.0 - best[1] if best else 1.0
            if best is None or p_cur < limit:
                return self._done(Call(), Decision("call", cur[0], cur[1], p_cur),
                                  f"call {bid_text(*cur)}: {p_cur:.0%} true")
        assert best is not None, "no bid yet, so some raise is legal"
        bid, p = best
        return self._done(bid, Decision("bid", bid.quantity, bid.face, p),
                          f"bid {bid_text(bid.quantity, bid.face)}: {p:.0%} true")

    def interject(self, view, legal):
        spot = self.spot_of(self, view, legal)
        if spot.oot is None or spot.current is None:
            return None
        if self.reader is not None:
            self.reader.observe(spot)
        p_cur = self.chance(spot, *spot.current)
        limit = {"reader": 0.25, "binomial": 1 / 3, "caller": 0.5, "bluffer": 0.0, "liar": 0.25,
                 "silent": 0.0}[self.style]
        if p_cur < limit:
            return self._done(spot.oot, Decision("oot", *spot.current, p_cur),
                              f"out-of-turn call on {bid_text(*spot.current)}: {p_cur:.0%} true")
        return None

    def _done(self, action, decision: Decision, why: str):
        self.last_decision = decision
        self._why = why
        return action


def _plain_exact(spot: BidSpot, q: int, f: int) -> float:
    from ...core.dice import prob_exactly
    return prob_exactly(q - spot.mine(f), spot.total - len(spot.hand), spot.p_match(f))
