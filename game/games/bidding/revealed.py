"""What this game's reveals taught of a stranger's bids, per kind of bid.

The calibration maps (``calib``) state a population's chance: how often a bid
like this, from a bidder like the population's, is true (exact).  Against one
stranger that average can be far off: the league's bidders are deterministic,
and at one reader chance a heads-up Jinto on a later round's opening came true
89% of the time when I held none of its face and 26% when I held some (issue
40, sixth session; the rival memory, ``rivalbook``, learns the same across
games, and with it every decile is within 5 points).

Every reveal shows every hand, so every bid of the rival I answered this
round can be scored, whether I challenged it or not: was it true, was it
exact, against the chance I gave it then (the map's population chance, or in
a solved endgame the reader's own, which is what the endgame states).  Two
layers learn from those outcomes, per rival:

* **Kinds of bidder** (``Profiles``, ``_profiles.json``): a prior over
  opponent types, one per bot of the league's TUNING half plus the population
  itself (no excess), each with the mean excess of outcome over the stated
  chance its bids showed per cell (kind, solved endgame or not, Palifico, the
  round's opening or a raise, my hand's shape against the bid: for an opening
  ``opening_shape``, for a raise whether I held any of its face; the chance's
  quarter), fitted by ``tools/bidcalib_fit.py --profiles``.  The posterior over
  the types, updated by every scored outcome, weighs their excess: a stranger
  is stated at the mixture's chance from the first bid (the types' average
  where nothing is revealed yet), and one reveal that fits one type far
  better moves the whole cell table at once, not one cell at a time.
  Issue 40, seventh session: with per-cell learning alone most challenges were
  taken before their cell had seen an outcome.
* **What is left** (``cells``): per rival and cell the mean of (outcome - the
  mixture's chance then), leaning on no correction by ``PRIOR`` outcomes.

Heads-up only; a rival the book remembers is corrected by the book.  What it
learns depends only on the game's history (a continued game learns the same).
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Optional

from .bids import count_matching
from .spot import BidSpot, likely_share

ENABLED = True
"""Whether a new Hard brain learns so.  ``tools/bidcalib_fit.py`` fits the
population maps without it (they state the population's chance; this
corrects that chance per rival), so the shipped maps replay as fitted."""
PRIOR = 3.0
"""Pseudo-outcomes of no correction each cell starts with."""
LOW, HIGH = 0.005, 0.995
"""A corrected chance stays inside these (an unknown chance is never stated certain)."""
SURE = 0.03
"""A type's chance of an outcome is kept inside [SURE, 1 - SURE] when weighing
the evidence: one surprise lowers a type, never rules it out."""
TYPED = True
"""Whether Hard reads a stranger through the shipped kinds of bidder (``typed``);
``tools/bidcalib_fit.py --profiles`` fits them with it off."""
SCORED: Optional[list] = None
"""When a list, every scored outcome is added to it as (type key, chance, hit):
what ``tools/bidcalib_fit.py --profiles`` fits the kinds of bidder on."""
BANDS = 4
"""Quarters of the chance stated before correction: a type's excess is kept per quarter."""
PROFILES_PATH = Path(__file__).parent / "_profiles.json"

PIN_FLOOR = 0.6
"""The chance a careful opener still trusts (``spot.PinPrior``: the population's
pinned openers weigh 0.6-0.7 most): ``opening_shape`` asks whether my count of
the face is what such an opener counted on among my dice."""

Cell = tuple[int, str, bool, bool, str, bool]


def opening_shape(spot: BidSpot, face: int) -> str:
    """How my count of ``face`` stands to what an opener who pins its count
    (its own dice plus the matches among mine still ``PIN_FLOOR`` likely,
    ``spot.likely_share``) counted on among my dice: "pin" (the same: such an
    opening is exact), "over" or "under".  Issue 40, eighth session: whether a
    pinned opening is exact turns on my dice count, which "held some or none"
    does not see: against the tuning learner, later-round openings Hard held
    none of came true exact 87% at a stated 60% (exact whenever I had two dice
    or fewer, never with more), those it held one of 38% at a stated 50%."""
    share = likely_share(len(spot.hand), spot.p_match(face), PIN_FLOOR)
    mine = spot.mine(face)
    return "pin" if mine == share else ("over" if mine > share else "under")


def cell_of(spot: BidSpot, kind: str, endgame: bool = False) -> Optional[Cell]:
    """(bidder, kind, Palifico, the round's opening, my hand's shape against
    the bid, a solved endgame's) of the standing bid of a heads-up ``spot``;
    None elsewhere.  The shape: for a later round's opening ``opening_shape``,
    else whether I hold some of its face ("held") or none ("none").  Not in the
    first round: there nothing tells the kinds of bidder apart, and as every
    tuning kind pins its count the shape stated a stranger who does not (the
    sparring bluffer) 59 points off in a decile of 100+ (fresh, 300 games)."""
    cur, bidder = spot.current, spot.bidder
    if cur is None or bidder is None or len(spot.rivals) != 1:
        return None
    opening = len(spot.bids) <= 1
    if opening and spot.round_no > 1:
        shape = opening_shape(spot, cur[1])
    else:
        shape = "held" if spot.mine(cur[1]) > 0 else "none"
    return bidder, kind, spot.fixed_face, opening, shape, endgame


def profile_key(cell: Cell, chance: float) -> str:
    """A type's cell: ``cell`` without the bidder, and the quarter of ``chance``."""
    _bidder, kind, pal, opening, shape, endgame = cell
    band = min(BANDS - 1, max(0, int(chance * BANDS)))
    return (f"{kind}|{'endgame' if endgame else 'map'}|{'pal' if pal else 'plain'}"
            f"|{'opening' if opening else 'raise'}|{shape}|{band}")


def coarse_keys(key: str) -> tuple[str, str]:
    """``key`` over every quarter of the chance, then also in and outside the
    solved endgames: where a kind of bidder showed no bid like this in tuning
    (Issue 40, seventh session: a learner that never opened a Palifico round
    outside the endgame stood at the population's chance there, the bluffers
    far below, and Hard called its honest openings at a stated 40%)."""
    kind, _where, rest = key.split("|", 2)
    rest = rest.rpartition("|")[0]
    return f"{kind}|{_where}|{rest}|*", f"{kind}|*|{rest}|*"


@dataclass(frozen=True)
class Profile:
    """One kind of bidder: its prior weight and mean excess of outcome over the stated chance, per key."""
    name: str
    weight: float
    excess: dict


class Profiles:
    """A prior over kinds of bidder (``Profile``), the population's own among them."""

    def __init__(self, profiles: list[Profile]):
        self.profiles = profiles
        total = sum(p.weight for p in profiles) or 1.0
        self.log_prior = [math.log(max(1e-9, p.weight / total)) for p in profiles]

    def chances(self, key: str, chance: float) -> list[float]:
        """Each type's chance of a bid in ``key`` the population gives ``chance``
        (a type that showed no such bid in tuning: the nearest coarser key it did, ``coarse_keys``)."""
        keys = (key,) + coarse_keys(key)
        out = []
        for p in self.profiles:
            excess = next((p.excess[k] for k in keys if k in p.excess), 0.0)
            out.append(min(1.0, max(0.0, chance + excess)))
        return out


def profiles_from(data) -> Optional[Profiles]:
    """``Profiles`` from a ``_profiles.json`` game entry, None if it is damaged."""
    try:
        out = [Profile(str(t["name"]), float(t["weight"]),
                       {str(k): max(-1.0, min(1.0, float(v))) for k, v in t["excess"].items()})
               for t in data["types"]]
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return Profiles(out) if out and all(p.weight >= 0 for p in out) else None


@lru_cache(maxsize=None)
def shipped_profiles(game_id: str) -> Optional[Profiles]:
    """The shipped kinds of bidder of ``game_id`` (None: none, or the file is damaged)."""
    try:
        text = PROFILES_PATH.read_text(encoding="utf-8") if PROFILES_PATH.stat().st_size < 2_000_000 else ""
        entry = json.loads(text).get("games", {}).get(game_id) if text else None
    except (OSError, ValueError, AttributeError):
        return None
    return profiles_from(entry) if isinstance(entry, dict) else None


def typed(game_id: str) -> Optional[Profiles]:
    """The kinds of bidder a new Hard brain reads a stranger through (None: ``TYPED`` off, or none shipped)."""
    return shipped_profiles(game_id) if TYPED else None


class RevealedBids:
    """Per rival: the posterior over kinds of bidder (``profiles``) and, per
    cell, this game's [sum of (outcome - the mixture's chance), outcomes]."""

    def __init__(self, profiles: Optional[Profiles] = None) -> None:
        self.profiles = profiles
        self.cells: dict[Cell, list[float]] = {}
        self.log_post: dict[int, list[float]] = {}
        """Per rival, the log posterior weight of each type (unnormalised)."""
        self.pending: dict[tuple[int, int, str], tuple[Cell, int, int, Optional[int], float, float]] = {}
        """(round, bids so far, kind) -> (cell, quantity, face, wild, stated chance, mixture's chance) until the reveal."""

    def posterior(self, bidder: int) -> list[float]:
        """The weight of each type for ``bidder`` (the prior before any outcome)."""
        assert self.profiles is not None
        logs = self.log_post.get(bidder, self.profiles.log_prior)
        top = max(logs)
        ws = [math.exp(x - top) for x in logs]
        z = sum(ws)
        return [w / z for w in ws]

    def mixture(self, cell: Cell, chance: float) -> float:
        """``chance`` as the posterior over kinds of bidder sees a bid of ``cell``."""
        if self.profiles is None:
            return chance
        per_type = self.profiles.chances(profile_key(cell, chance), chance)
        return sum(w * p for w, p in zip(self.posterior(cell[0]), per_type))

    def weigh(self, spot: BidSpot, kind: str, population: float, endgame: bool = False) -> None:
        """Note a challenge of the standing bid at ``spot`` (made or not) to be scored at the reveal."""
        cell = cell_of(spot, kind, endgame)
        if cell is None or spot.current is None:
            return
        q, f = spot.current
        self.pending.setdefault((spot.round_no, len(spot.bids), kind),
                                (cell, q, f, spot.wild, population, self.mixture(cell, population)))

    def settle(self, reveal) -> None:
        """At a reveal ``(round, hands by seat, challenger, last bid)``: score every
        noted challenge of that round or before against the hands shown."""
        if reveal is None or not self.pending:
            return
        rnd, hands = reveal[0], reveal[1]
        for key in [k for k in self.pending if k[0] <= rnd]:
            cell, q, f, wild, population, mixed = self.pending.pop(key)
            if key[0] != rnd:
                continue   # a round whose reveal I did not see
            count = sum(count_matching(tuple(h), f, wild) for h in hands if h)
            hit = count == q if cell[1] == "jinto" else count >= q
            acc = self.cells.setdefault(cell, [0.0, 0.0])
            acc[0] += (1.0 if hit else 0.0) - mixed
            acc[1] += 1.0
            if SCORED is not None:
                SCORED.append((profile_key(cell, population), population, 1.0 if hit else 0.0))
            if self.profiles is not None:
                chances = self.profiles.chances(profile_key(cell, population), population)
                logs = self.log_post.setdefault(cell[0], list(self.profiles.log_prior))
                for i, p in enumerate(chances):
                    p = min(1.0 - SURE, max(SURE, p))
                    logs[i] += math.log(p if hit else 1.0 - p)

    def corrected(self, spot: BidSpot, kind: str, population: float, endgame: bool = False) -> float:
        """``population`` moved by what this rival's bids did this game: the
        kinds of bidder it looks like, then what is left in its like bids."""
        cell = cell_of(spot, kind, endgame)
        if cell is None or population <= 0.0 or population >= 1.0:
            return population
        mixed = self.mixture(cell, population)
        acc = self.cells.get(cell)
        shift = acc[0] / (acc[1] + PRIOR) if acc is not None else 0.0
        if acc is None and self.profiles is None:
            return population
        return min(HIGH, max(LOW, mixed + shift))
