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
  itself (no shift), each with how far its bids' outcomes stood from the stated
  chance per cell (``Profile.shift``; kind, solved endgame or not, Palifico, the
  round's opening or a raise, my hand's shape against the bid: for an opening
  ``opening_shape``, for a raise ``raise_shape``; the chance's
  quarter), fitted by ``tools/bidcalib_fit.py --profiles``.  The posterior over
  the types, updated by every scored outcome, weighs their chances: a stranger
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
READING: Optional["Profiles"] = None
"""When set, the kinds a new Hard brain reads a stranger through instead of the
shipped ones (``typed``): ``tools/bidcalib_fit.py --profiles`` fits a round
with Hard reading through the previous round's kinds (``PROFILE_ROUNDS``);
``game.dev.strangers --leave-out`` reads a tuning bot without its own kind."""
SCORED: Optional[list] = None
"""When a list, every scored outcome is added to it as (type key, chance, hit):
what ``tools/bidcalib_fit.py --profiles`` fits the kinds of bidder on."""
BANDS = 4
"""Quarters of the chance stated before correction: a type's shift is kept per quarter."""
EDGE = 1e-4
"""A chance is read in log-odds kept this far from 0 and 1."""
LOG_ODDS = True
"""Whether ``tools/bidcalib_fit.py --profiles`` fits a kind's shift in log-odds
(else as the mean excess of outcome over the chance, added to it); the file
says which (``log_odds``).  Ninth session: it states a known kind within 3.5
points.  Tenth session: with ``RAISE_SHAPE``, fitted on the shipped endgame rule
(``SAFE_RISK = "swing"``; the file before was fitted on the old one), it stated
the pooled strangers of the tuning half closer (worst decile 4.5 and 7.5 over
two seeds, against 6.8 and 8.6), and of the reporting half 10.5 against 14.6
(docs/AI-NOTES.md)."""
MAX_SHIFT = 8.0
"""The most a kind's log-odds shift (``Profile.shift``) may be (a damaged file cannot state certainty)."""
PROFILES_PATH = Path(__file__).parent / "_profiles.json"

PIN_FLOOR = 0.6
"""The chance a careful opener still trusts (``spot.PinPrior``: the population's
pinned openers weigh 0.6-0.7 most): ``opening_shape`` asks whether my count of
the face is what such an opener counted on among my dice."""

RAISE_SHAPE = True
"""Whether a heads-up raise is filed by ``raise_shape`` (else by "held some or none").
On with ``LOG_ODDS`` since the tenth session (docs/AI-NOTES.md)."""
FIRST_ROUND_SHAPE = False
"""Whether the first round's opening is filed by ``opening_shape`` too (see ``cell_of``)."""

EVIDENCE_TEMPER = 1.0
"""How much one scored outcome counts in the posterior over kinds (its
log-likelihood times this).  Below 1: a stranger is none of the kinds, so
each kind's likelihood is over-sure of it (a tempered posterior for a
misspecified prior) and the mixture leaves the kinds' average more slowly.
Eleventh session: 0.5 and 2 both stated the tuning strangers worse, read
in-sample and with each bot's own kind left out (docs/AI-NOTES.md); 1 ships."""

BID_EVIDENCE = False
"""Whether a reveal also weighs the kinds of bidder by every bid the rival
made that round against the hand it showed (``bid_shape``, ``Profiles.bids``),
not only by the outcomes of the challenges I weighed.  Issue 40, ninth session:
by outcomes alone the posterior over kinds barely moved within a game.  Off:
tenth session, on the tuning half it stated one learner closer (worst decile
27.4 against 30.0 at weight 1) but the pooled strangers further off (12.1
against 4.5): it sharpens kinds whose fitted shifts are wrong for a stranger."""
BID_WEIGHT = 0.5
"""How much one bid's shape counts in the posterior (its log-likelihood times
this): a round's bids follow from one hand and one reading, so they are not
independent evidence, and a stranger unlike every kind must not be pinned on one."""
BID_SHAPES = ("none", "d-2", "d-1", "d0", "d+1", "d+2")
"""``bid_shape``'s values."""
BID_SCORED: Optional[list] = None
"""When a list, every rival bid scored at a reveal is added to it as (context,
shape): what ``tools/bidcalib_fit.py --profiles`` fits ``Profiles.bids`` on."""

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


def raise_shape(spot: BidSpot, face: int, reader) -> str:
    """How my count of ``face`` stands to what a raiser who pins its count
    could count on among my dice, as my bids before its raise read to anyone
    (``reader``'s public reading of my seat, ``TableReader.player_pmf``
    without ``pin``, at ``PIN_FLOOR``): "pin", "over" or "under".  Issue 40,
    ninth session: the league's bidders raise to their count plus what they
    read of mine at 60%, so a raise is exact when my count is that share;
    against the tuning learner, later-round raise Jintos where it was came
    true 91%, where my count was one more 65%, one less 51%; filed by "held
    some or none" they came true 86% and 39%."""
    before = BidSpot(spot.me, (), spot.dice, spot.faces, spot.wild, tuple(spot.bids[:-1]), spot.round_no, (),
                     spot.fixed_face, sides=spot.sides)
    pmf = reader.player_pmf(before, spot.me, face, cache={}, pinned=False)
    share, tail = 0, 1.0
    while share < len(pmf) and tail - pmf[share] >= PIN_FLOOR - 1e-12:
        tail -= pmf[share]
        share += 1
    mine = spot.mine(face)
    return "pin" if mine == share else ("over" if mine > share else "under")


def bid_context(pal: bool, opening: bool, round_no: int) -> str:
    """The context a bid's shape is tallied in per kind of bidder (``Profiles.bids``)."""
    return f"{'pal' if pal else 'plain'}|{'opening' if opening else 'raise'}|{'first' if round_no <= 1 else 'later'}"


def bid_shape(quantity: int, own: int, share: int) -> str:
    """How a bid of ``quantity`` stands to the bidder's ``own`` count of its face
    (seen at the reveal) plus ``share``, the matches among my dice an opener who
    pins its count counts on (``likely_share`` at ``PIN_FLOOR``, public: my dice
    count): "none" (it held none of the face), else the difference, -2..+2.
    A pinning learner bids "d0", a face bluffer "none", a loose bidder spreads."""
    if own <= 0:
        return "none"
    d = max(-2, min(2, quantity - own - share))
    return f"d{d:+d}" if d else "d0"


def cell_of(spot: BidSpot, kind: str, endgame: bool = False, reader=None) -> Optional[Cell]:
    """(bidder, kind, Palifico, the round's opening, my hand's shape against
    the bid, a solved endgame's) of the standing bid of a heads-up ``spot``;
    None elsewhere.  The shape: for a later round's opening ``opening_shape``,
    for a raise (given the ``reader`` that reads my seat) ``raise_shape``, else
    whether I hold some of its face ("held") or none ("none").  Not for the
    first round's opening: there nothing tells the kinds of bidder apart, and
    as every tuning kind pins its count the shape stated a stranger who does
    not (the sparring bluffer) 59 points off in a decile of 100+ (fresh, 300 games)."""
    cur, bidder = spot.current, spot.bidder
    if cur is None or bidder is None or len(spot.rivals) != 1:
        return None
    opening = len(spot.bids) <= 1
    if opening and (spot.round_no > 1 or FIRST_ROUND_SHAPE):
        shape = opening_shape(spot, cur[1])
    elif not opening and reader is not None and RAISE_SHAPE:
        shape = raise_shape(spot, cur[1], reader)
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


def logit(chance: float) -> float:
    """The log-odds of ``chance`` (kept inside ``EDGE`` of 0 and 1)."""
    c = min(1.0 - EDGE, max(EDGE, chance))
    return math.log(c / (1.0 - c))


def shifted(chance: float, shift: float) -> float:
    """``chance`` moved by ``shift`` in log-odds (``Profile.shift``)."""
    return 1.0 / (1.0 + math.exp(-(logit(chance) + shift)))


@dataclass(frozen=True)
class Profile:
    """One kind of bidder: its prior weight and, per key, how far its bids'
    outcomes stand from the population's chance (``shift``): the mean excess
    of outcome over the chance, or a shift in log-odds (``Profiles.log_odds``).
    Issue 40, ninth session: the mean excess said a pinned learner's "pin"
    openings stated 75-100% came true 5 points above their chance; they came
    true every time, so at 75% it stated 80% of a sure thing.  A shift in
    log-odds says "near sure" across the whole quarter."""
    name: str
    weight: float
    shift: dict


class Profiles:
    """A prior over kinds of bidder (``Profile``), the population's own among them."""

    def __init__(self, profiles: list[Profile], log_odds: bool = False, bids: Optional[list[dict]] = None):
        self.profiles = profiles
        self.log_odds = log_odds
        """Whether the shifts are in log-odds (``shifted``), else added to the chance."""
        self.bids = bids
        """Per kind (in ``profiles``' order), per ``bid_context``, the log chance of each
        ``bid_shape`` (``BID_EVIDENCE``); None: the file has none."""
        total = sum(p.weight for p in profiles) or 1.0
        self.log_prior = [math.log(max(1e-9, p.weight / total)) for p in profiles]

    def without(self, name: str) -> "Profiles":
        """These kinds less the one called ``name``: how a bot of the tuning
        half is read as a stranger unlike every kind (``game.dev.strangers --leave-out``)."""
        keep = [i for i, p in enumerate(self.profiles) if p.name != name]
        bids = [self.bids[i] for i in keep] if self.bids is not None else None
        return Profiles([self.profiles[i] for i in keep], self.log_odds, bids)

    def chances(self, key: str, chance: float) -> list[float]:
        """Each type's chance of a bid in ``key`` the population gives ``chance``
        (a type that showed no such bid in tuning: the nearest coarser key it did, ``coarse_keys``)."""
        keys = (key,) + coarse_keys(key)
        out = []
        for p in self.profiles:
            shift = next((p.shift[k] for k in keys if k in p.shift), 0.0)
            out.append(shifted(chance, shift) if self.log_odds else min(1.0, max(0.0, chance + shift)))
        return out

    def bid_logs(self, context: str, shape: str) -> Optional[list[float]]:
        """Each kind's log chance of a bid of ``shape`` in ``context``; None where
        some kind has no tally of the context (the bid then weighs no kind)."""
        if self.bids is None:
            return None
        out = []
        for table in self.bids:
            row = table.get(context)
            if row is None or shape not in row:
                return None
            out.append(row[shape])
        return out


def _bid_tables(data, n: int) -> Optional[list[dict]]:
    """``Profiles.bids`` from a file's types (KeyError / ValueError if damaged), None if it has none."""
    tables = [t.get("bids") for t in data["types"]]
    if all(t is None for t in tables):
        return None
    out = [{str(c): {str(k): max(-30.0, min(0.0, float(v))) for k, v in row.items()} for c, row in t.items()}
           for t in tables]
    if len(out) != n:
        raise ValueError("bids")
    return out


def profiles_from(data) -> Optional[Profiles]:
    """``Profiles`` from a ``_profiles.json`` game entry, None if it is damaged."""
    try:
        out = [Profile(str(t["name"]), float(t["weight"]),
                       {str(k): max(-MAX_SHIFT, min(MAX_SHIFT, float(v))) for k, v in t["shift"].items()})
               for t in data["types"]]
        log_odds = data.get("log_odds", False)
        bids = _bid_tables(data, len(out))
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    if not isinstance(log_odds, bool):
        return None
    return Profiles(out, log_odds, bids) if out and all(p.weight >= 0 for p in out) else None


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
    if not TYPED:
        return None
    return READING if READING is not None else shipped_profiles(game_id)


class RevealedBids:
    """Per rival: the posterior over kinds of bidder (``profiles``) and, per
    cell, this game's [sum of (outcome - the mixture's chance), outcomes]."""

    def __init__(self, profiles: Optional[Profiles] = None, reader=None) -> None:
        self.profiles = profiles
        self.reader = reader
        """The ``TableReader`` whose public reading of my seat files a raise (``raise_shape``); None: "held/none"."""
        self.cells: dict[Cell, list[float]] = {}
        self.log_post: dict[int, list[float]] = {}
        """Per rival, the log posterior weight of each type (unnormalised)."""
        self.pending: dict[tuple[int, int, str], tuple[Cell, int, int, Optional[int], float, float]] = {}
        """(round, bids so far, kind) -> (cell, quantity, face, wild, stated chance, mixture's chance) until the reveal."""
        self.rival_bids: dict[tuple[int, int], tuple[int, int, int, Optional[int], str, int]] = {}
        """(round, index in the round) -> (bidder, quantity, face, wild, ``bid_context``, my share) of
        each rival bid seen, until the reveal scores it against the bidder's hand (``BID_EVIDENCE``)."""

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
        cell = cell_of(spot, kind, endgame, self.reader)
        if cell is None or spot.current is None:
            return
        q, f = spot.current
        self.pending.setdefault((spot.round_no, len(spot.bids), kind),
                                (cell, q, f, spot.wild, population, self.mixture(cell, population)))

    def note_bids(self, spot: BidSpot) -> None:
        """Keep each rival bid of ``spot``'s round (heads-up) to score its shape at the reveal."""
        if not (BID_EVIDENCE or BID_SCORED is not None) or len(spot.rivals) != 1:
            return
        for i, (player, q, f) in enumerate(spot.bids):
            if player != spot.me and (spot.round_no, i) not in self.rival_bids:
                share = likely_share(len(spot.hand), spot.p_match(f), PIN_FLOOR)
                self.rival_bids[(spot.round_no, i)] = (player, q, f, spot.wild,
                                                       bid_context(spot.fixed_face, i == 0, spot.round_no), share)

    def _score_bids(self, rnd: int, hands) -> None:
        """Weigh the kinds of bidder by the shape (``bid_shape``) of each bid the
        rival made in round ``rnd`` against the hand it showed."""
        for key in [k for k in self.rival_bids if k[0] <= rnd]:
            bidder, q, f, wild, context, share = self.rival_bids.pop(key)
            if key[0] != rnd or not 0 <= bidder < len(hands) or not hands[bidder]:
                continue
            shape = bid_shape(q, count_matching(tuple(hands[bidder]), f, wild), share)
            if BID_SCORED is not None:
                BID_SCORED.append((context, shape))
            kinds = self.profiles if BID_EVIDENCE else None
            logs = kinds.bid_logs(context, shape) if kinds is not None else None
            if kinds is not None and logs is not None:
                post = self.log_post.setdefault(bidder, list(kinds.log_prior))
                for i, lp in enumerate(logs):
                    post[i] += BID_WEIGHT * lp

    def settle(self, reveal) -> None:
        """At a reveal ``(round, hands by seat, challenger, last bid)``: score every
        noted challenge of that round or before against the hands shown, and
        (``BID_EVIDENCE``) every bid the rival made that round."""
        if reveal is None:
            return
        rnd, hands = reveal[0], reveal[1]
        if self.rival_bids:
            self._score_bids(rnd, hands)
        if not self.pending:
            return
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
                    logs[i] += EVIDENCE_TEMPER * math.log(p if hit else 1.0 - p)

    def corrected(self, spot: BidSpot, kind: str, population: float, endgame: bool = False) -> float:
        """``population`` moved by what this rival's bids did this game: the
        kinds of bidder it looks like, then what is left in its like bids."""
        cell = cell_of(spot, kind, endgame, self.reader)
        if cell is None or population <= 0.0 or population >= 1.0:
            return population
        mixed = self.mixture(cell, population)
        acc = self.cells.get(cell)
        shift = acc[0] / (acc[1] + PRIOR) if acc is not None else 0.0
        if acc is None and self.profiles is None:
            return population
        return min(HIGH, max(LOW, mixed + shift))
