"""Game-neutral reading of a bidding table (Liar's Dice, Roll Call).

Both bidding games reduce, for an AI, to one ``BidSpot``: my hand, the dice
each seat holds, the faces one may bid, the wild face (or None), this round's
bids, the legal actions and what the last reveal showed.  Each game builds a
spot from its own view (``spot_of`` in its ``sparring.py``); everything below
is written once for both games.

``TableReader`` is the belief: for every opponent and face, a posterior over
how many of that opponent's dice count for the face, given their bids this
round.  The likelihood of a bid given a hand comes from a model of how THAT
player bids, a mixture of

* an *honest* component: a bidder picks face ``f`` with a chance that rises
  with the matches ``k`` they hold, ``P_h(f | k) = e^(b k) / E[e^(b K)] / F``
  with ``b = beta / n^n_power`` for ``n`` dice (normalised so every face is a
  priori equally likely, ``F`` faces), and rarely bids a quantity above its
  ``k`` plus the mean of the dice it cannot see plus ``q_offset``
  (``e^(-q_slope * excess)``), and
* a *bluff* component: the face says nothing, ``1 / F``,

with the honest weight ``w`` learned online from reveals (a soft count per
player), the product of likelihoods tempered by ``temper``.  The defaults
below are round numbers for tests; Hard starts from the population prior
fitted offline per game (``bidfit.py``, shipped as ``_fit.json``).  It also learns how readily each player calls:
``call_chance(player, x)`` with ``x`` the chance the bid was true from that
player's own seat (known after the reveal shows their hand), per fifth of
``x``, weighed against the chance that the player never calls at all
(``PlayerModel.learn_answer``).
"""
from __future__ import annotations

import math
from itertools import repeat
from operator import add, mul
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Mapping, Optional, Sequence

from .bids import Bid, binomial_pmf, count_matching, match_chance, pmf_at_least
from ...core.dice import prob_at_least
from ...core.grammar import Voice
from ...core.protocol import Action


@dataclass
class BidSpot:
    """One seat's decision point, game-neutral (built per game from a view)."""
    me: int
    hand: tuple[int, ...]
    dice: tuple[int, ...]                 # dice per seat (0 = out)
    faces: tuple[int, ...]                # faces one may bid on
    wild: Optional[int]                   # counts for every face, or None
    bids: tuple[tuple[int, int, int], ...]  # (player, quantity, face) this round
    round_no: int
    legal: Sequence[Action]
    fixed_face: bool = False              # Palifico: only the opening bid picks the face
    jinto: Optional[Action] = None        # Liar's Dice's exact call, when legal
    jinto_gain: bool = True               # a right Jinto wins a die
    oot: Optional[Action] = None          # Roll Call's out-of-turn call, when legal
    oot_cost: int = 2                     # dice a wrong out-of-turn call costs
    next_player: Optional[int] = None     # who answers my bid
    to_act: Optional[int] = None          # out of turn (Roll Call): the seat whose turn it is
    reveal: Optional[tuple] = None        # (round_no, hands by seat, challenger, bid (p, q, f))
    names: Sequence[str] = ()
    you: Optional[int] = None             # the seat the why line speaks to as "you" (``Agent.you_seat``)
    sides: int = 6
    raise_rule: Optional[Callable[[tuple[int, int]], Mapping[int, int]]] = field(default=None, repr=False)
    """The game's smallest legal quantity per face after a bid (``raises``)."""
    reveal_kind: Optional[str] = None     # the last challenge's kind ("call", "jinto"), where the game tells
    _lows: Optional[dict] = field(default=None, repr=False)
    rolled: dict = field(default_factory=dict, init=False, repr=False)   # ``passed_on``'s memo for this decision

    # --- plain facts ----------------------------------------------------------
    @property
    def current(self) -> Optional[tuple[int, int]]:
        return (self.bids[-1][1], self.bids[-1][2]) if self.bids else None

    @property
    def bidder(self) -> Optional[int]:
        return self.bids[-1][0] if self.bids else None

    @property
    def total(self) -> int:
        return sum(self.dice)

    @property
    def rivals(self) -> list[int]:
        return [p for p, n in enumerate(self.dice) if n and p != self.me]

    def p_match(self, face: int) -> float:
        return match_chance(face, self.wild, self.sides)

    def mine(self, face: int) -> int:
        return count_matching(self.hand, face, self.wild)

    def name(self, player: int) -> str:
        return self.names[player] if 0 <= player < len(self.names) else f"seat {player + 1}"

    @property
    def words(self) -> Voice:
        """How the why line names a seat: "you" for the lone human at the
        screen (``you``), the seat's name for everyone else (``game.core.grammar``)."""
        return Voice.named(self.name, self.you)

    def lows(self) -> dict[int, int]:
        """Smallest legal quantity per face (faces with no legal bid left out)."""
        if self._lows is None:
            lows: dict[int, int] = {}
            for a in self.legal:
                if type(a) is Bid and a.quantity < lows.get(a.face, 10**9):
                    lows[a.face] = a.quantity
            self._lows = lows
        return self._lows

    def raises(self, bid: tuple[int, int]) -> Mapping[int, int]:
        """Smallest legal quantity per face after ``bid`` by the game's rule;
        without one, only the same face one higher."""
        if self.raise_rule is None:
            return {bid[1]: bid[0] + 1}
        return self.raise_rule(bid)

    def can_call(self) -> bool:
        return any(type(a).__name__ == "Call" for a in self.legal)

    def plain_chance(self, quantity: int, face: int) -> float:
        """Chance the bid is true from my dice alone (binomial over the rest)."""
        return prob_at_least(quantity - self.mine(face), self.total - len(self.hand), self.p_match(face))


def next_seat(dice: Sequence[int], player: int) -> int:
    """The next seat to ``player``'s left that still holds dice."""
    n = len(dice)
    for step in range(1, n + 1):
        q = (player + step) % n
        if dice[q] > 0:
            return q
    return player


def convolve(a: list[float], b: list[float]) -> list[float]:
    """Distribution of the sum of two independent counts (tails below 1e-12
    dropped: a 20-seat table stays fast)."""
    if len(a) < len(b):
        a, b = b, a
    la = len(a)
    out = [0.0] * (la + len(b) - 1)
    for j, y in enumerate(b):
        if y:
            out[j:j + la] = map(add, out[j:j + la], map(mul, a, repeat(y, la)))
    while len(out) > 1 and out[-1] < 1e-12:
        out.pop()
    return out


def choice_observations(spot: BidSpot, bids=None) -> list[tuple[int, int]]:
    """(player, face) for every bid that *chose* its face: each player's first
    bid on a face this round, unless it only stayed on the face just bid (a
    raise on someone else's face says little about one's own dice); in a
    fixed-face round only the opening bid."""
    bids = spot.bids if bids is None else bids
    out, seen = [], set()
    for i, (p, _q, f) in enumerate(bids):
        if spot.fixed_face and i > 0:
            break
        if (p, f) not in seen:
            seen.add((p, f))
            if i == 0 or bids[i - 1][2] != f:
                out.append((p, f))
    return out


@dataclass(frozen=True)
class PinPrior:
    """How a stranger's honest quantity may pin its count (``TableReader.q_like``):
    it names its count plus as many of the dice it cannot see as are still at
    least ``floor`` likely, for one of ``floors``.  ``weight``: the chance a
    stranger bids so; ``slope``: how tightly.  A player's way of bidding is
    taken to be its own, so reveals weigh the types as a posterior (each one's
    likelihood multiplies), not as a share of its bids: a share learns a
    rival who always pins its count only as fast as 3-dice bids tell the types
    apart (about 1.8 to 1 a reveal), which took eight reveals to pass half."""
    weight: float = 0.5
    floors: tuple[float, ...] = (0.3, 0.4, 0.5, 0.55, 0.6, 0.65, 0.7, 0.8)
    slope: float = 3.0
    shares: tuple[float, ...] = ()
    """How a pinned stranger's weight splits over ``floors`` (empty: evenly)."""
    keep: float = 0.02
    """Share of the stranger's chances mixed back in at every reveal, so a rival
    who changes how it bids can still be learned again."""

    def start(self) -> list[float]:
        """A stranger's chances: loose, then pinned at each floor."""
        shares = self.shares or (1.0,) * len(self.floors)
        total = sum(shares)
        return [1 - self.weight] + [self.weight * x / total for x in shares]

    def like(self, off: int) -> float:
        """The chance of a quantity ``off`` whole dice from the pinned one."""
        e = math.exp(-self.slope)
        return math.exp(-self.slope * abs(off)) * (1 - e) / (1 + e)


@lru_cache(maxsize=4096)
def likely_share(unseen: int, p: float, floor: float) -> int:
    """The most matches among ``unseen`` dice (each a match with chance ``p``)
    that are still at least ``floor`` likely: what a bidder who trusts its
    quantity to that floor adds to its own count."""
    pmf = binomial_pmf(unseen, p)
    tail = 1.0
    for j in range(unseen + 1):
        if j > 0:
            tail -= pmf[j - 1]
        if tail < floor - 1e-12:
            return max(0, j - 1)
    return unseen


def _opened(bids, player: int, face: int, top: int) -> bool:
    """Whether ``player`` opened the round with ``top`` of ``face`` (and bid no
    more of it since): the one quantity chosen from its own dice and no other
    bid.  A later bid's quantity also follows what the bidder read from the
    bids before it, which ``PinPrior`` does not model."""
    return bool(bids) and tuple(bids[0]) == (player, top, face)


PRIOR_CALLS: tuple[float, ...] = (0.92, 0.75, 0.45, 0.2, 0.05)
"""Prior chance a player calls a bid, by the chance (from their own seat) the
bid is true in fifths: 0-20%, 20-40%, ..."""
NEVER_CALLER_PRIOR = 0.05
"""Prior chance a stranger is a player who never calls (``PlayerModel.learn_answer``)."""
NEVER_CALLS = 0.01
"""How often such a player calls all the same (so one call is strong evidence, not proof)."""


@dataclass
class PlayerModel:
    """What a player's past rounds taught: honest weight and call tendency."""
    honest: float = 2.4       # soft count of honest face choices (prior 0.6 of 4)
    bluff: float = 1.6
    seen: float = 0.0         # face choices learned from reveals (how much the counts know)
    call_bins: list = field(default_factory=lambda: [[c * 3.0, 3.0] for c in PRIOR_CALLS])
    never_odds: float = math.log(NEVER_CALLER_PRIOR / (1 - NEVER_CALLER_PRIOR))
    """Log-odds that this player never calls (``learn_answer``)."""
    qtypes: list = field(default_factory=list)
    """Chances this player's honest quantity is loose (first), else pinned at each
    of ``PinPrior.floors`` (``TableReader.q_like``); empty: the reader has no ``pin``."""

    @property
    def w(self) -> float:
        return self.honest / (self.honest + self.bluff)

    def quantity_types(self) -> list[float]:
        """Chances of: a loose honest quantity, then a pinned one per floor (``TableReader.q_like``)."""
        return self.qtypes

    def learn_answer(self, fifth: int, called: bool) -> None:
        """One answer (call or raise) to a bid that was ``fifth`` likely from their seat.

        Two explanations compete: the player calls like the population, learned per
        fifth (``call_bins``), or never calls.  Per fifth alone, a player who never
        calls was learned only where it had been tested; bids far above what the
        table holds are rare, and the prior's "92% call there" kept Hard folding
        raises into poor calls at a table that never calls (1 Hard + 3 never-callers,
        Roll Call: 19% of 1,000 games, fair share 25%).  One call ends the doubt."""
        b = self.call_bins[fifth]
        rate = b[0] / b[1]
        if called:
            self.never_odds += math.log(NEVER_CALLS / rate)
        else:
            self.never_odds += math.log((1 - NEVER_CALLS) / (1 - rate))
        b[0] += 1.0 if called else 0.0
        b[1] += 1.0

    def call_chance(self, fifth: int) -> float:
        calls, seen = self.call_bins[fifth]
        never = 1.0 / (1.0 + math.exp(-self.never_odds)) if self.never_odds > -30 else 0.0
        return (1 - never) * calls / seen + never * NEVER_CALLS


class TableReader:
    """Posterior over each opponent's hand from their bids (see module doc)."""

    def __init__(self, beta: float = 4.0, prior_w: float = 0.6, strength: float = 4.0,
                 learn: bool = True, q_slope: float = 1.2, q_offset: float = 0.5,
                 temper: float = 1.0, n_power: float = 0.5, pin: Optional["PinPrior"] = None):
        self.pin = pin
        """How a bidder may pin its count with its quantity (None: never; ``q_like``)."""
        self.crowd_quantity: Optional[int] = None
        """From this many players in, a bidder's quantity past the round's opening is
        read loose (its face choice still counts); None: always read."""
        self.beta = beta
        self.n_power = n_power
        self.temper = temper
        self.q_slope = q_slope
        self.q_offset = q_offset
        self.learn = learn
        self.prior = (prior_w * strength, (1 - prior_w) * strength)
        self.models: dict[int, PlayerModel] = {}
        self._round: int | None = None
        self._bids: tuple = ()
        self._meta: tuple | None = None
        self._me: int | None = None   # the reader's own seat (its own openings teach no ``pin``)
        self._cache: dict = {}

    def model(self, player: int) -> PlayerModel:
        m = self.models.get(player)
        if m is None:
            m = self.models[player] = PlayerModel(*self.prior)
            if self.pin is not None:
                m.qtypes = self.pin.start()
        return m

    # --- learning ---------------------------------------------------------------
    def observe(self, spot: BidSpot) -> None:
        """Call at every decision: learns from the previous round's reveal."""
        self._me = spot.me
        if spot.round_no != self._round:
            if self.learn and self._round is not None and spot.reveal is not None \
                    and spot.reveal[0] == self._round:
                self._learn(spot.reveal)
            self._round = spot.round_no
            self._bids = ()
        if len(spot.bids) >= len(self._bids):
            self._bids = tuple(spot.bids)
            self._meta = (spot.faces, spot.wild, spot.fixed_face, spot.sides, spot.dice)
        self._cache = {}

    def _learn(self, reveal) -> None:
        """Learn each bidder's honest weight and call habit from a reveal.

        The honest weight judges a face choice with its top quantity
        (``q_honest``) at every table size, also where ``crowd_quantity``
        reads that quantity loose (a raise past the opening at a crowded
        table): there a high raise on a face the bidder holds still counts
        as bluff evidence (Liar's Dice Hard at six seats, 40 seeded games: 29%
        of such bids, honest credit 0.61 where read loose 0.79).  Left so (AI
        behaviour unchanged); consistent would be a quantity factor of 1 for
        such bids, as ``player_pmf`` uses."""
        _round, hands, challenger, last = reveal
        bids = list(self._bids)
        if last is not None and (not bids or tuple(bids[-1]) != tuple(last)):
            bids.append(tuple(last))
        if not bids or self._meta is None:
            return
        faces, wild, fixed, sides, dice = self._meta
        F = len(faces)
        probe = BidSpot(-1, (), dice, faces, wild, tuple(bids), -1, (), fixed, sides=sides)
        total = sum(dice)
        for p, f in choice_observations(probe):
            hand = hands[p] if p < len(hands) else ()
            if not hand:
                continue
            k = count_matching(hand, f, wild)
            pm = match_chance(f, wild, sides)
            top = max(q for b, q, g in bids if b == p and g == f)
            ph = self.p_honest(f, k, len(hand), pm, F) * self.q_honest(top, k, len(hand), pm, total)
            m = self.model(p)
            w = m.w
            r = w * ph / (w * ph + (1 - w) / F)
            m.honest += r
            m.bluff += 1 - r
            m.seen += 1.0
            if self.pin is not None and p != self._me and _opened(bids, p, f, top):
                self._learn_pin(m, r, top, k, len(hand), pm, total)
        # Responses: each bid answered by the next bidder (raise) or the challenger (call).
        for i, (p, q, f) in enumerate(bids):
            responder = bids[i + 1][0] if i + 1 < len(bids) else challenger
            if responder is None or responder == p or responder >= len(hands):
                continue
            hand = hands[responder]
            if not hand:
                continue
            x = prob_at_least(q - count_matching(hand, f, wild), total - len(hand),
                              match_chance(f, wild, sides))
            called = i + 1 == len(bids)
            self.model(responder).learn_answer(min(4, int(x * 5)), called)

    def p_honest(self, face: int, k: int, n: int, p: float, F: int) -> float:
        """Honest component: chance of choosing ``face`` holding ``k`` of ``n``."""
        if n <= 0:
            return 1.0 / F
        b = self.beta / n ** self.n_power
        mean = (1 - p + p * math.exp(b)) ** n
        return min(0.999, math.exp(b * k) / mean / F)

    def call_chance(self, player: int, x: float) -> float:
        return self.model(player).call_chance(min(4, max(0, int(x * 5))))

    def _quantity_likes(self, quantity: int, k: int, n: int, p: float, total: int,
                        shares: Optional[Sequence[int]] = None) -> list[float]:
        """The chance an honest bidder holding ``k`` names ``quantity``, per type of
        ``PlayerModel.quantity_types``: loose (any quantity from 1 up to its
        ceiling, ``q_honest``, each as likely), or pinned at each floor: its
        count plus what it could count on at that floor among the dice it
        cannot see (``shares``, per floor; an opener's: ``likely_share``)."""
        pin = self.pin
        assert pin is not None
        if shares is None:
            shares = [likely_share(total - n, p, f) for f in pin.floors]
        span = max(1, math.floor(k + (total - n) * p + self.q_offset))
        return [self.q_honest(quantity, k, n, p, total) / span] + [pin.like(quantity - k - j) for j in shares]

    def pin_reads(self, spot: BidSpot, player: int, face: int, top: int) -> bool:
        """Whether ``pin`` reads ``player``'s top bid on ``face``: its opening, or heads-up a raise."""
        return _opened(spot.bids, player, face, top) or self.raise_shares(spot, player, face, top) is not None

    def raise_shares(self, spot: BidSpot, player: int, face: int, top: int) -> Optional[list[int]]:
        """Heads-up, for ``player``'s raise to ``top`` x ``face``: per floor of
        ``PinPrior.floors``, what it could count on among my dice as my bids
        before it read (my public reading, ``player_pmf`` of my seat from the
        bids it had seen).  None at a bigger table (every rival's reading at
        each bid: too dear at 20 seats) or for the opening."""
        pin = self.pin
        me = self._me
        if pin is None or me is None or player == me or spot.bids[:1] == ((player, top, face),):
            return None
        if [q for q, n in enumerate(spot.dice) if n] != sorted((player, me)):
            return None
        i = next((j for j, b in enumerate(spot.bids) if tuple(b) == (player, top, face)), 0)
        before = BidSpot(me, (), spot.dice, spot.faces, spot.wild, tuple(spot.bids[:i]), spot.round_no, (),
                         spot.fixed_face, sides=spot.sides)
        mine = self.player_pmf(before, me, face, cache={}, pinned=False)
        out = []
        for floor in pin.floors:
            tail, j = 1.0, 0
            while j < len(mine) and tail - mine[j] >= floor - 1e-12:
                tail -= mine[j]
                j += 1
            out.append(j)
        return out

    def _learn_pin(self, m: PlayerModel, honest: float, top: int, k: int, n: int, p: float,
                   total: int) -> None:
        """One revealed opening, weighed by ``honest`` (the chance its face was
        chosen honestly): which type of honest quantity explains it."""
        pin = self.pin
        assert pin is not None
        likes = self._quantity_likes(top, k, n, p, total)
        joint = [t * x ** honest for t, x in zip(m.qtypes, likes)]
        z = sum(joint)
        if z <= 0:
            return
        m.qtypes = [(1 - pin.keep) * x / z + pin.keep * s for x, s in zip(joint, pin.start())]

    def q_like(self, m: PlayerModel, quantity: int, k: int, n: int, p: float, total: int,
               shares: Optional[Sequence[int]] = None) -> float:
        """The chance an honest opener holding ``k`` names ``quantity``: a loose
        bidder (``q_honest``: any quantity up to its ceiling) or, with ``pin``
        and the weights this player's reveals gave each, one whose quantity pins
        its count (``PinPrior``).  Issue 40: the league's honest bidders name
        their count plus what is likely enough among the rest, and Jintos the
        one-sided reader put at 50-59% came true 92% of the time."""
        if self.pin is None:
            return self.q_honest(quantity, k, n, p, total)
        likes = self._quantity_likes(quantity, k, n, p, total, shares)
        return sum(t * x for t, x in zip(m.quantity_types(), likes))

    # --- beliefs ----------------------------------------------------------------------
    def q_honest(self, quantity: int, k: int, n: int, p: float, total: int) -> float:
        """Honest component of a bid's quantity: an honest bidder rarely bids
        more than its own ``k`` plus about the mean of the dice it cannot see."""
        over = quantity - k - (total - n) * p - self.q_offset
        return 1.0 if over <= 0 else math.exp(-self.q_slope * over)

    def player_pmf(self, spot: BidSpot, player: int, face: int, cache: Optional[dict] = None,
                   pinned: bool = True) -> list[float]:
        """Posterior over how many of ``player``'s dice count for ``face``
        (``cache``: where to keep it, if not the reader's cache for this spot;
        ``pinned`` False: read without ``pin``, as a rival reads my bids)."""
        cache = self._cache if cache is None else cache
        key = (player, face)
        hit = cache.get(key)
        if hit is not None:
            return hit
        n = spot.dice[player]
        p = spot.p_match(face)
        prior = binomial_pmf(n, p)
        chosen = [f for q, f in choice_observations(spot) if q == player]
        top = max((q for b, q, f in spot.bids if b == player and f == face), default=None)
        if not chosen and top is None:
            cache[key] = prior
            return prior
        F = len(spot.faces)
        m = self.model(player)
        w = m.w
        crowd = sum(1 for d in spot.dice if d)   # players in
        if top is None or (self.crowd_quantity is not None and crowd >= self.crowd_quantity
                           and not _opened(spot.bids, player, face, top)):
            lqs = [1.0] * len(prior)
        elif pinned and self.pin is not None and self.pin_reads(spot, player, face, top):
            shares = None if _opened(spot.bids, player, face, top) else self.raise_shares(spot, player, face, top)
            lqs = [self.q_like(m, top, k, n, p, spot.total, shares) for k in range(len(prior))]
            best = max(lqs)   # scaled as ``q_honest`` is (1 at the likeliest count), so the
            lqs = [x / best for x in lqs] if best > 0 else lqs   # bluff term weighs as before
        else:
            lqs = [self.q_honest(top, k, n, p, spot.total) for k in range(len(prior))]
        post = []
        for k, pk in enumerate(prior):
            like = 1.0
            ph = self.p_honest(face, k, n, p, F)
            lq = lqs[k]
            if face in chosen:
                like *= w * ph * lq + (1 - w) / F
            else:
                if top is not None:  # forced onto the face (Palifico): quantity only
                    like *= w * lq + (1 - w)
                for f in chosen:
                    like *= w * (1 - ph) / max(1, F - 1) + (1 - w) / F
            post.append(pk * like ** self.temper if self.temper != 1.0 else pk * like)
        z = sum(post)
        post = [x / z for x in post] if z > 0 else prior
        cache[key] = post
        return post

    def hidden_pmf(self, spot: BidSpot, face: int, skip: tuple = ()) -> list[float]:
        """Distribution of matches for ``face`` among every die I cannot see
        (players in ``skip`` left out)."""
        key = ("all", face, skip)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        bidders = {p for p, _q, _f in spot.bids}
        plain = 0
        pmf = [1.0]
        for p in spot.rivals:
            if p in skip:
                continue
            if p in bidders:
                pmf = convolve(pmf, self.player_pmf(spot, p, face))
            else:
                plain += spot.dice[p]
        if plain:
            pmf = convolve(pmf, binomial_pmf(plain, spot.p_match(face)))
        self._cache[key] = pmf
        return pmf

    def chance_true(self, spot: BidSpot, quantity: int, face: int) -> float:
        return pmf_at_least(self.hidden_pmf(spot, face), quantity - spot.mine(face))

    def chance_exact(self, spot: BidSpot, quantity: int, face: int) -> float:
        pmf = self.hidden_pmf(spot, face)
        k = quantity - spot.mine(face)
        return pmf[k] if 0 <= k < len(pmf) else 0.0
