"""Bid maths shared by the bidding games (Liar's Dice, Roll Call).

Pure Python, no pygame.  Everything here is about one question: *given the
dice I can see and how many I cannot, how likely is "q dice show face f"?*

Stable API (Roll Call imports it):

* ``Bid`` / ``Call``: the two actions every bidding game has.
* ``face_name(face, quantity)`` / ``bid_text(quantity, face)``: "5 sixes".
* ``count_matching(faces, face, wild)``: matches of a bid among dice, wilds included.
* ``match_chance(face, wild, sides)``: chance one unseen die matches.
* ``bid_chance`` / ``exact_chance``: chance a bid is true / exactly true for a
  seat that sees ``own_faces`` and ``unseen`` hidden dice (independent dice).
* ``sum_binomials_pmf`` / ``pmf_at_least`` / ``pmf_exactly``: the same with a
  different match chance per hidden group (used with beliefs).
* ``BidBelief``: a Bayesian reading of opponents' bids.  A bid on a face is
  evidence the bidder holds that face; modelling each of the bidder's dice
  as more likely to match by a likelihood ratio ``lift`` per bid keeps the
  posterior binomial (``tilt``), so beliefs stay cheap at a 20-seat table.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ...core.dice import prob_at_least, prob_exactly
from ...core.narration import number
from ...core.protocol import Action

FACE_WORDS = {1: ("one", "ones"), 2: ("two", "twos"), 3: ("three", "threes"),
              4: ("four", "fours"), 5: ("five", "fives"), 6: ("six", "sixes")}


def bid_face(action) -> int | None:
    """The face a move bids on, None for any other move (the lifetime stats
    count each face the humans bid on: a bidding game's stats hook)."""
    return action.face if isinstance(action, Bid) else None


def face_name(face: int, quantity: int = 2) -> str:
    """English name of a face, plural unless ``quantity`` is 1."""
    singular, plural = FACE_WORDS.get(face, (f"{face}", f"{face}s"))
    return singular if quantity == 1 else plural


def bid_words(quantity: int, face: int) -> str:
    """"four fives", "one six" (a bid as players say it)."""
    return f"{number(quantity)} {face_name(face, quantity)}"


def bid_text(quantity: int, face: int) -> str:
    """"5 sixes", "1 two"."""
    return f"{quantity} {face_name(face, quantity)}"


@dataclass(frozen=True)
class Bid(Action):
    """Claim: at least ``quantity`` dice on the table show ``face`` (wilds count
    when the round has wilds)."""
    quantity: int
    face: int

    def label(self) -> str:
        return "bid " + bid_text(self.quantity, self.face)

    def sentence(self, words, seat: int) -> str:
        """The commentary's line (``TableScene.move_line``): "You bid 3 fives", "Mags bids 1 six"."""
        return f"{words.says(seat, 'bids', 'bid')} {bid_text(self.quantity, self.face)}"


@dataclass(frozen=True)
class Call(Action):
    """Challenge the last bid: "there are fewer than that"."""

    def label(self) -> str:
        return "call"

    def sentence(self, words, seat: int) -> str:
        """The commentary's line: "You call", "Mags calls" (it read "Mags: call"
        beside "You ante": one voice, a subject and its verb, for every move)."""
        return words.says(seat, "calls", "call")


# --------------------------------------------------------------------------
# Counting and plain odds
# --------------------------------------------------------------------------

def count_matching(faces: Iterable[int], face: int, wild: int | None = 1) -> int:
    """How many of ``faces`` count for a bid on ``face``; ``wild`` (or None
    when nothing is wild) counts for every face."""
    return sum(1 for f in faces if f == face or (wild is not None and f == wild))


def match_chance(face: int, wild: int | None = 1, sides: int = 6) -> float:
    """Chance one unseen fair die counts for a bid on ``face``."""
    if wild is None or face == wild:
        return 1.0 / sides
    return 2.0 / sides


def bid_chance(quantity: int, face: int, own_faces: Sequence[int], unseen: int,
               wild: int | None = 1, sides: int = 6) -> float:
    """Chance the bid "``quantity`` x ``face``" is true for a seat that sees
    ``own_faces`` and knows nothing about ``unseen`` other dice."""
    need = quantity - count_matching(own_faces, face, wild)
    return prob_at_least(need, unseen, match_chance(face, wild, sides))


def exact_chance(quantity: int, face: int, own_faces: Sequence[int], unseen: int,
                 wild: int | None = 1, sides: int = 6) -> float:
    """Chance exactly ``quantity`` dice count for the bid (Jinto odds)."""
    need = quantity - count_matching(own_faces, face, wild)
    return prob_exactly(need, unseen, match_chance(face, wild, sides))


# --------------------------------------------------------------------------
# Sums of unequal binomials (beliefs give each opponent their own chance)
# --------------------------------------------------------------------------

def binomial_pmf(n: int, p: float) -> list[float]:
    """P(X = k) for k = 0..n, X ~ Binomial(n, p)."""
    return [prob_exactly(k, n, p) for k in range(n + 1)]


def sum_binomials_pmf(groups: Iterable[tuple[int, float]]) -> list[float]:
    """Distribution of the total of independent Binomial(n_i, p_i) groups."""
    merged: dict[float, int] = {}
    for n, p in groups:  # equal chances add up into one binomial: fast at big tables
        if n > 0:
            key = round(p, 4)
            merged[key] = merged.get(key, 0) + n
    pmf = [1.0]
    for p, n in sorted(merged.items()):
        part = binomial_pmf(n, p)
        out = [0.0] * (len(pmf) + n)
        for i, a in enumerate(pmf):
            if a:
                for j, b in enumerate(part):
                    out[i + j] += a * b
        pmf = out
    return pmf


def pmf_at_least(pmf: Sequence[float], k: int) -> float:
    """P(count >= k) from a count distribution; clamped, as float sums may pass 1."""
    if k <= 0:
        return 1.0
    return min(1.0, sum(pmf[k:]))


def pmf_exactly(pmf: Sequence[float], k: int) -> float:
    """P(count == k), 0 outside the distribution's range (no index error on an impossible count)."""
    return pmf[k] if 0 <= k < len(pmf) else 0.0


def tilt(p: float, lift: float) -> float:
    """Posterior match chance of one die after evidence with likelihood ratio
    ``lift`` (>1: more likely to match).  Binomial x lift**k is again binomial
    with this chance, which is why beliefs stay closed-form."""
    return p * lift / (p * lift + (1.0 - p))


class BidBelief:
    """What the bids of one round reveal about each bidder's hidden dice.

    ``observe(player, face)`` after every bid; ``chance(player, face, base)``
    is that player's posterior chance that one of their dice counts for a bid
    on ``face``.  ``lift`` is how much one bid on a face multiplies the odds
    that each die of the bidder shows it (1.0 = bids tell nothing); evidence
    for the wild face also helps every other face by ``wild_share`` of it.
    Repeated bids on one face count with diminishing weight (``cap``)."""

    def __init__(self, lift: float = 1.8, wild: int | None = 1, wild_share: float = 0.5,
                 cap: float = 2.0):
        self.lift = lift
        self.wild = wild
        self.wild_share = wild_share
        self.cap = cap
        self.evidence: dict[int, dict[int, float]] = {}

    def reset(self) -> None:
        """A new round: fresh dice, no evidence."""
        self.evidence.clear()

    def observe(self, player: int, face: int, weight: float = 1.0) -> None:
        seen = self.evidence.setdefault(player, {})
        seen[face] = min(self.cap, seen.get(face, 0.0) + weight)

    def weight(self, player: int, face: int) -> float:
        seen = self.evidence.get(player, {})
        w = seen.get(face, 0.0)
        if self.wild is not None and face != self.wild:
            w += self.wild_share * seen.get(self.wild, 0.0)
        return w

    def chance(self, player: int, face: int, base: float) -> float:
        w = self.weight(player, face)
        return tilt(base, self.lift ** w) if w else base

    def total_pmf(self, face: int, hidden: dict[int, int], base: float) -> list[float]:
        """Distribution of matches among the ``hidden`` dice (player -> count)."""
        return sum_binomials_pmf((n, self.chance(p, face, base)) for p, n in hidden.items())
