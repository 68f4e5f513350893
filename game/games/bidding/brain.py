"""The bidding-game decision shared by Liar's Dice and Roll Call (Hard, Normal).

Every option gets an expected value in dice from the ``TableReader``
posterior: losing a die is -1, a rival losing one is worth ``rival_value``
(1 heads-up, less at a big table), a right Jinto's gained die +1.

* Call: ``(1 - P(true)) * rival_value - P(true)``.
* Jinto: ``P(exact) * (gain + rival_value) - (1 - P(exact))``.
* Out of turn (Roll Call): ``(1 - P) * rival_value - P * cost`` where a wrong
  call costs two dice, and only when the player to act would likely let the
  bid through.
* A bid: the next player answers.  For each count ``k`` of that player's
  matching dice (my posterior), they call with the chance their model gives
  for a bid that is ``x`` likely from their seat; if called the bid is judged
  on the real table.  Not called is worth 0 (the risk moves on), or with
  ``Style.passed_on`` at 3+ seats the round rolled on over who is left to act
  (``passed_on.py``: a call between rivals costs a rival a die).  Two
  refinements, built and screened in issue 40's eighth session and off for
  both games (``Style.rollout_faces``: raises onto any face by the game's
  rule; ``Style.rollout_jintos``: a right Jinto between rivals moves a die
  rather than costing one, and a challenge of my bid may be a Jinto, which
  takes my die only when the bid is exact).

Bids are mixed so they tell little: with chance ``conceal`` the face is
chosen blind to my hand (an opening on a random face, a raise on the face
already bid), unless that costs more than ``window`` dice of value; the
quantity is then the best for that face.  Otherwise the best face.  A bid
still on a face I hold moves, with chance ``bluff``, to the best face I hold
none of when that costs under ``bluff_window`` dice: the blind choices alone
leave a lean towards my hand (the fallbacks), the bluffs lean the other way.

Hard (``lean`` set) prices the lean instead: every face's value is charged
``price`` dice per die of it I hold above what a hand I know nothing of would
hold, and the price follows my own bids in this game towards a mean lean of
``lean`` (``priced_face``).  Unlike the blind face with its best-face
fallback, which leaked exactly when hiding was dear (Roll Call heads-up:
+0.35 to +0.56), this keeps the average wherever the opponent drives the
game, and spends the lean where hiding costs most.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, TypeVar

from ...core.agents import Agent, Decision
from ...core.narration import plural
from ...core.pacing import checkpoint
from .calib import context
from .bids import Bid, Call, bid_text, binomial_pmf, pmf_at_least, pmf_exactly
from .spot import BidSpot, TableReader, convolve
from ...core.dice import prob_at_least
from .rivalbook import ChallengeMemory, Layered
from . import revealed as revealed_bids
from .passed_on import JintoHabit, passed_on_value
from .out_of_turn import OotHabit, oot_risk


@dataclass(frozen=True)
class Style:
    conceal: float = 1.0        # chance to choose the bid face blind to my hand
    window: float = 1.3         # most value (dice) a blind face may cost
    reach: int = 3              # quantities considered above the cheapest raise
    model_caller: bool = True   # use the next player's learned call model
    oot_wait: float = 0.5       # weight on "the player to act calls it anyway"
    oot_weighed: bool = False   # out of turn: the player to act's learned call habit, not ``oot_wait``
    jinto_edge: float = 0.15    # Jinto must beat the alternatives by this much (its odds are the shakiest)
    bluff: float = 0.0          # chance to move a bid off a face I hold onto one I hold none of
    bluff_window: float = 0.0   # most value (dice) that bluff may cost
    lean: float | None = None   # priced mix: the lean (dice) my bids may show on average; None = off
    lean_price: float = 0.3     # starting price (dice of value) of one die of lean
    crowd_lean_price: float | None = None   # the starting price at a table of 3+ seats (None: ``lean_price``)
    lean_step: float = 0.05     # how fast the price follows the lean my bids showed
    mix_temp: float = 0.0       # mixed play: draw among near-equal options, softmax of value / this (dice)
    crowd_lean: float | None = None   # 3+ in, mixed: each draw's expected centred lean per place (``neutral_mix``); None = off
    crowd_lean_bound: float = 1.0     # the most (dice) ``neutral_mix`` may charge or pay per die of lean
    crowd_share: float = 0.6    # a rival's lost die at a table of 3+ is worth this over the rivals in (``rival_value``)
    passed_on: int = 0          # 3+ seats: rivals past the next one a let-through bid is rolled on over (``passed_on``; 0: worth 0)
    rollout_faces: bool = False   # the roll-out's raises onto any face by the game's rule (off: the same face)
    rollout_jintos: bool = False  # rivals' challenges in the roll-out and on my bid may be Jintos (``JintoHabit``)
    acts_on_memory: bool = False   # one posterior: a challenge is decided on the chance stated (memory included)
    oot_others: int = 0         # Roll Call, 3+ in: my bid may be called out of turn by this many rivals (``out_of_turn``)
    key_price: tuple[tuple[tuple[str, int, int], float], ...] = ()
    # mixed play heads-up: more (or less) price per die of lean for a bid of a kind a tabulating
    # reader sees (``reader_key``: place, quantity band, Palifico dice), so no kind tells my hand
    dice_price: tuple[tuple[tuple[str, int, int], float], ...] = ()
    # on top of ``key_price``, heads-up, outside Palifico: the price of a kind split by my dice (``dice_key``)


def rival_value(spot: BidSpot, crowd_share: float = 0.6) -> float:
    """What a rival's lost die is worth to me: everything heads-up, a share at
    a big table (``Style.crowd_share`` over the rivals still in)."""
    rivals = len(spot.rivals)
    return 1.0 if rivals <= 1 else crowd_share / rivals


MIX_SPAN = 3.0
"""Options more than this many temperatures below the best are never drawn."""


Option = TypeVar("Option")


def reader_key(spot: BidSpot, q: int, f: int) -> tuple[str, int, int]:
    """What a player who tabulates my revealed bids can file a bid of ``q`` x
    ``f`` under, from public facts alone: its place in the round (an opening,
    a raise on the face bid, a new face), how many whole dice its quantity runs
    above the table's mean for the face (-2 to 2), and in a Palifico round my
    dice (0 otherwise: one face of one or two dice says far more than of five).
    Issue 40: one price per die of lean over every bid kept the mean lean small
    while the kinds told apart (low openings were bluffs, high raises held),
    and a cross-game learner of exactly such tables read Hard's hand."""
    cur = spot.current
    place = "open" if cur is None else ("stay" if cur[1] == f else "new")
    band = max(-2, min(2, math.floor(q - spot.total * spot.p_match(f))))
    return place, band, len(spot.hand) if spot.fixed_face else 0


def dice_key(spot: BidSpot, q: int, f: int) -> tuple[str, int, int] | None:
    """``reader_key`` split by how many dice I hold (public: a reader files my bids
    by it), outside Palifico: (place, quantity band, my dice), None in a Palifico
    round.  Issue 40: one price per kind kept each kind's mean lean near nothing
    over all my stacks, but at four dice low openings were bluffs (-0.55 per
    bid) and at three raises onto a new face held (+0.84), which the
    cross-game learner, filing by the bidder's dice, read."""
    if spot.fixed_face:
        return None
    place, band, _pal = reader_key(spot, q, f)
    return place, band, len(spot.hand)


def mix_weights(options: list[tuple[float, Option]], temp: float) -> list[tuple[float, Option]]:
    """(weight, what) of every option ``mixed_choice`` may draw, unnormalised:
    ``exp((value - best) / temp)`` among those within ``MIX_SPAN x temp`` of
    the best: near-equal moves are mixed, poor ones never played.  Issue 40: a
    deterministic choice let a player who tabulates the cups lifted after each
    kind of bid read Hard's hand."""
    best = max(v for v, _ in options)
    return [(math.exp((v - best) / temp), what) for v, what in options if v >= best - MIX_SPAN * temp]


def neutral_mix(options: list[tuple[float, Option]], leans: list[float], places: list[str | None],
                temp: float, target: float, bound: float) -> list[tuple[float, Option]]:
    """``mix_weights`` of ``options`` once every option of a place (an opening, a
    new face: not None) is charged a price per die of its lean, one price per
    place, found so that the draw's expected lean among that place's options is
    ``target``: positive when value alone would lean towards my hand, negative
    (a premium on faces I hold) when it would lean away, at most ``bound`` dice
    per die either way; the place keeps the weight value gave it (only the
    face within it is priced: pricing the place's weight away had the other
    places, a raise on the face bid above all, take the hands the price
    turned from it).  Issue 40, fifteenth session: one running price for
    every bid, started at the heads-up price, made Hard's openings and new-face
    bids at six seats hold half a blind share of the face (values differ little
    between faces at a crowded table, so the price alone chose the face), and a
    player who tabulated the lifted cups read that as well as an honest lean.
    Each draw meeting its own target, every kind of bid, at any table size,
    holds about a blind share in expectation."""
    values = [v for v, _ in options]
    for place in sorted({p for p in places if p is not None}):
        group = [i for i, p in enumerate(places) if p == place]
        top = max(values[i] for i in group)
        unpriced = sum(math.exp((values[i] - top) / temp) for i in group)

        def priced(price: float) -> list[float]:
            """Every option's value with this place's lean charged ``price`` per die,
            shifted so the place keeps its unpriced weight."""
            shift = temp * math.log(unpriced / sum(math.exp((values[i] - price * leans[i] - top) / temp)
                                                   for i in group))
            return [v - price * leans[i] + shift if places[i] == place else v for i, v in enumerate(values)]

        def excess(price: float) -> float | None:
            drawn = [(w, i) for w, i in mix_weights([(v, i) for i, v in enumerate(priced(price))], temp)
                     if places[i] == place]
            z = sum(w for w, _ in drawn)
            return None if z <= 0 else sum(w * leans[i] for w, i in drawn) / z - target

        if len({leans[i] for i in group}) < 2 or (e0 := excess(0.0)) is None or abs(e0) < 1e-9:
            continue
        lo, hi = (0.0, bound) if e0 > 0 else (-bound, 0.0)
        for _ in range(24):   # bisection: the expected lean falls as the price rises
            mid = (lo + hi) / 2
            e = excess(mid)
            if e is not None and (e > 0) == (e0 > 0):   # not there yet (None: the place drops out: too far)
                lo, hi = (mid, hi) if e0 > 0 else (lo, mid)
            else:
                lo, hi = (lo, mid) if e0 > 0 else (mid, hi)
        values = priced(hi if e0 > 0 else lo)
    return mix_weights([(v, what) for v, (_, what) in zip(values, options)], temp)


def mixed_choice(near: list[tuple[float, Option]], rng) -> Option:
    """One of ``mix_weights``' options, drawn with the seeded ``rng`` in proportion to its weight."""
    x = rng.random() * sum(w for w, _ in near)
    for w, what in near:
        x -= w
        if x <= 0:
            return what
    return near[-1][1]


class BidBrain:
    def __init__(self, reader: TableReader, style: Style = Style(), calib=None):
        self.reader = reader
        self.style = style
        self.lean_price = style.lean_price   # see ``priced_face``; set by the table's size at the first spot
        self._priced = False
        self._noted: tuple[int, int] | None = None   # the own bid ``note_own_bid`` counted last
        self.calib = calib   # a ``bidcalib.Calibration`` (Hard) or None: the reader's chance as is
        self.memory = ChallengeMemory()   # what each rival's reveals taught (``rivalbook``)
        self.revealed = revealed_bids.RevealedBids() if revealed_bids.ENABLED else None
        """What this game's reveals taught of a stranger's bids (``revealed``; Hard, heads-up)."""
        self.solved_round = False
        """Whether this round is a solved endgame's (Liar's Dice Hard sets it as it
        watches): its challenges state the reader's own chance, scored as such."""
        self.every_bid: list[tuple[float, Bid, float, float]] = []   # ``candidates``' every bid weighed
        self.jintos = JintoHabit()   # the share of rivals' challenges that were Jintos (``passed_on``)
        self.oots = OotHabit()   # how often each rival calls out of turn (``out_of_turn``; Roll Call Hard)
        self.last_mix: list[tuple[float, tuple[object, Decision, str]]] | None = None
        """The weighed moves the last ``decide`` drew from (None: it did not mix),
        so a caller can take the exact distribution of a move (``HardAgent.endgame_mix``)."""

    def trust(self, spot: BidSpot) -> float | None:
        """How honest this game's reveals taught the reader the current bidder is
        (its honest weight), the finer calibration context (``calib.context``)."""
        return None if spot.bidder is None else self.reader.model(spot.bidder).w

    def population(self, kind: str, spot: BidSpot, raw: float) -> float:
        """The chance a bid like this from a bidder like the population's, read
        as this game taught the reader to trust them, is true (exact): the
        calibration map's, else the reader's."""
        return raw if self.calib is None else self.calib.apply(kind, spot, raw, self.trust(spot))[0]

    def stated(self, kind: str, spot: BidSpot, raw: float) -> Decision:
        """The decision record of a challenge: the chance to state (the
        calibrated chance, corrected by what this bidder taught: ``rivalbook``),
        the raw one and its calibration context."""
        q, f = spot.current or (0, 0)
        pop = self.stranger(kind, spot, self.population(kind, spot, raw))
        p = self.memory.stated(spot, kind, raw, pop)
        ctx = context(kind, spot, self.trust(spot)) if self.calib is not None else None
        return Decision(kind, q, f, p, raw=raw, ctx=ctx)

    def stranger(self, kind: str, spot: BidSpot, pop: float, endgame: bool = False) -> float:
        """The population chance ``pop`` (``endgame``: a solved endgame's, the
        reader's own), for a rival the book does not know corrected by what
        this game's reveals showed of it (``revealed``, with the calibration
        maps only: Hard)."""
        if self.calib is None or self.revealed is None:
            return pop
        if spot.bidder is not None and spot.bidder in self.memory.at_start:
            return pop
        return self.revealed.corrected(spot, kind, pop, endgame)

    def note_rival_bid(self, spot: BidSpot) -> None:
        """A rival's bid has landed (``BrainAgent.watch``): note a call and a Jinto
        on it, with their population chances, to be scored at the reveal
        (``revealed``), whether I challenge it or not.  From the watched moves
        alone, so a continued game learns exactly what the uninterrupted one did."""
        bidder = spot.bidder
        if self.calib is None or self.revealed is None or bidder is None or bidder == spot.me \
                or spot.current is None or not spot.hand or len(spot.rivals) != 1:
            return   # (heads-up only: ``revealed.cell_of``)
        q, f = spot.current
        for kind, raw in (("call", self.reader.chance_true(spot, q, f)), ("jinto", self.reader.chance_exact(spot, q, f))):
            if 0.0 < raw < 1.0:
                pop = raw if self.solved_round else self.population(kind, spot, raw)
                self.revealed.weigh(spot, kind, pop, self.solved_round)

    def remembered(self, spot: BidSpot, d: Decision, decided: float) -> str:
        """The why line's word on the rival memory, when it moved the reading's
        chance ``decided`` by 5 points or more: the number stated (and acted
        on, ``acts_on_memory``), and how much play it rests on."""
        bidder = spot.bidder
        known = self.memory.at_start.get(bidder) if bidder is not None else None
        if known is None or d.p is None or abs(d.p - decided) < 0.05:
            return ""
        assert bidder is not None   # a known rival is a seat
        who = spot.words.object(bidder)
        seen = getattr(known, "seen", 0)   # a book memory (Layered, RivalMemory) counts its games
        if seen:
            past = f"{seen} earlier game{'s' if seen != 1 else ''} with {who}"
        else:
            past = "the players I have met"
        return f"; {d.p:.0%} by what {past} taught me" + (", and I go by that" if self.style.acts_on_memory else "")

    def note_challenge(self, spot: BidSpot, d: Decision, raw: float | None = None,
                       endgame: bool = False) -> None:
        """My move at ``spot`` was ``d``: a challenge is remembered until its
        reveal (``rivalbook``), a bid clears what an earlier word at this spot
        noted.  ``endgame``: a solved endgame's challenge, whose population
        chance is the reader's ``raw`` one."""
        raw = d.raw if raw is None else raw
        if d.kind not in ("call", "jinto", "oot") or raw is None:
            self.memory.withdraw(spot)
            return
        pop = raw if endgame else self.population(d.kind, spot, raw)
        self.memory.note(spot, d.kind, raw, pop, endgame)

    def reading(self, d: Decision, spot: BidSpot) -> float:
        """The in-game reading's chance of a challenge: the calibrated one when
        the calibration decides, else the reader's, without the rival memory."""
        assert d.raw is not None
        if self.calib is not None and self.calib.decides:
            return self.population(d.kind, spot, d.raw)
        return d.raw

    def deciding(self, d: Decision, spot: BidSpot) -> float:
        """The chance a challenge is decided on.  ``acts_on_memory`` (Hard): the
        chance stated, one posterior of the in-game reading, what this game's
        reveals taught of the bidder and (for a named rival) the cross-game
        memory (``rivalbook``).  Issue 40: moves that ignored the memory made
        208 calls per 1,000 games on bids stated "17% true by my reading; 91% by
        what 30 earlier games taught me", and 99% of them were true.
        Otherwise (Normal) the reading's, so its play does not depend on the book."""
        if self.style.acts_on_memory and d.p is not None:
            return d.p
        return self.reading(d, spot)

    # --- values (public: the post-game coach weighs a human's options with these) ---
    def rival_value(self, spot: BidSpot) -> float:
        """What a rival's lost die is worth to me by my style (``rival_value``)."""
        return rival_value(spot, self.style.crowd_share)

    @staticmethod
    def call_value(pt: float, G: float) -> float:
        """Calling a bid that is true with chance ``pt``."""
        return (1 - pt) * G - pt

    @staticmethod
    def jinto_value(spot: BidSpot, pe: float, G: float) -> float:
        """Jinto on a bid that is exactly right with chance ``pe`` (before ``jinto_edge``)."""
        gain = 1.0 if spot.jinto_gain else 0.0
        return pe * (gain + G) - (1 - pe)

    def oot_value(self, spot: BidSpot, pt: float) -> float:
        """Calling out of turn (Roll Call) against waiting: a wrong
        call costs ``oot_cost`` dice (doubled when it would all but end my
        game) and only the share of false bids the player to act lets through
        counts (``let_through``), each worth a rival's die less what waiting
        would still bring (``waited_on``)."""
        mine = spot.dice[spot.me]
        cost = float(min(spot.oot_cost, mine))
        if mine <= spot.oot_cost:
            cost *= 2.0  # a wrong call would end (or all but end) my game
        G = self.rival_value(spot)
        gain = G - self.waited_on(spot, G)
        return (1 - pt) * (gain * self.let_through(spot)) - pt * cost

    def waited_on(self, spot: BidSpot, G: float) -> float:
        """What a false bid the player to act lets through still brings me if I
        wait (``passed_on``, at 3+ seats with ``Style.passed_on``): the round
        rolled on from their raise, weighed as my own let-through bids are.
        Without it, nothing (a false bid passed on was taken as lost)."""
        turn, cur = spot.to_act, spot.current
        if not self.style.passed_on or cur is None or turn is None or len(spot.rivals) < 2:
            return 0.0
        jinto = self.jintos.share(spot) if self.style.rollout_jintos else 0.0
        return passed_on_value(self.reader, spot, cur[0], cur[1], G, self.style.passed_on, jinto,
                               raiser=turn, faces=self.style.rollout_faces)

    def let_through(self, spot: BidSpot) -> float:
        """The share of false bids the player to act would not call: a fixed
        ``1 - oot_wait``, or (``oot_weighed``) from my reading of their dice and
        their learned call habit, as ``bid_value`` weighs the next player: for
        each count ``k`` of the bid face they may hold, the chance the bid is
        false given it, and the chance they call a bid that likely from their
        seat.  Issue 40: with one fixed share Hard's Roll Call out-of-turn calls
        were right 53% of the time against a reader's 68%; the share is a
        weight on the value, never the stated chance (that stays the reading's)."""
        turn, cur = spot.to_act, spot.current
        if not self.style.oot_weighed or cur is None or turn is None or turn in (spot.me, spot.bidder) \
                or not spot.dice[turn]:
            return 1 - self.style.oot_wait
        q, f = cur
        need = q - spot.mine(f)
        r = self.reader
        others = r.hidden_pmf(spot, f, skip=(turn,))
        unseen_them, p = spot.total - spot.dice[turn], spot.p_match(f)
        false = through = 0.0
        for k, pk in enumerate(r.player_pmf(spot, turn, f)):
            if pk < 1e-9:
                continue
            wrong = pk * (1 - pmf_at_least(others, need - k))
            false += wrong
            through += wrong * (1 - r.call_chance(turn, prob_at_least(q - k, unseen_them, p)))
        return through / false if false > 1e-12 else 1 - self.style.oot_wait

    def value_of(self, spot: BidSpot, action) -> float:
        """The expected dice of one legal action by my reading (a call, Jinto or
        bid), without the Jinto edge: what a fixed policy's move is worth
        against THIS table (Liar's Dice Hard weighs the solved endgame's mix
        with it)."""
        G = self.rival_value(spot)
        cur = spot.current
        if isinstance(action, Bid):
            return self.bid_value(spot, action.quantity, action.face, G)[0]
        assert cur is not None, "a challenge always follows a bid"
        if spot.jinto is not None and action == spot.jinto:
            return self.jinto_value(spot, self.reader.chance_exact(spot, *cur), G)
        if isinstance(action, Call):
            return self.call_value(self.reader.chance_true(spot, *cur), G)
        raise ValueError(f"no value for {action!r}")

    def bid_score(self, spot: BidSpot, q: int, f: int, G: float) -> tuple[float, float, float]:
        """``bid_value`` plus the small bonus an opening bid gets for substance."""
        v, pt, pc = self.bid_value(spot, q, f, G)
        if spot.current is None:
            v += 0.02 * q / max(1, spot.total)  # open with substance, not "1 two"
        return v, pt, pc

    def models_caller(self, spot: BidSpot) -> bool:
        """Whether ``bid_value`` weighs my bid by the chance the next player
        calls it (their learned call model); otherwise it values every bid as
        if it will be called (Normal's ``model_caller=False``, or no next
        player), and the "chance called" it returns is that assumption, 1."""
        nxt = spot.next_player
        return (self.style.model_caller and nxt is not None and nxt != spot.me
                and bool(spot.dice[nxt]))

    def bid_value(self, spot: BidSpot, q: int, f: int, G: float) -> tuple[float, float, float]:
        """(value, chance true, chance the next player calls) of bidding q x f;
        without a call model (``models_caller``) the bid is valued as if called."""
        checkpoint()   # a slice of the thought: a frame in progress may run first (core/pacing.py)
        nxt = spot.next_player
        need = q - spot.mine(f)
        r = self.reader
        if nxt is None or nxt == spot.me or not spot.dice[nxt]:
            pt = pmf_at_least(r.hidden_pmf(spot, f), need)
            return pt * G - (1 - pt), pt, 1.0
        others = r.hidden_pmf(spot, f, skip=(nxt,))
        theirs = r.player_pmf(spot, nxt, f)
        n_them = spot.dice[nxt]
        unseen_them = spot.total - n_them
        p = spot.p_match(f)
        rolled = bool(self.style.passed_on) and len(spot.rivals) >= 2
        jinto = self.jintos.share(spot) if rolled and self.style.rollout_jintos else 0.0
        ev = pt = pc = ct = 0.0
        for k, pk in enumerate(theirs):
            if pk < 1e-9:
                continue
            t = pmf_at_least(others, need - k)
            if self.style.model_caller:
                c = r.call_chance(nxt, prob_at_least(q - k, unseen_them, p))
            else:
                c = 1.0
            called = t * G - (1 - t)
            if jinto:   # a right Jinto takes my die to them; a wrong one costs them theirs
                e = pmf_exactly(others, need - k)
                called = (1 - jinto) * called + jinto * (G - e * (1 + 2 * G))
            ev += pk * c * called
            pt += pk * t
            pc += pk * c
            ct += pk * c * t
        if self.style.oot_others and len(spot.rivals) >= 2:
            ev += self.oot_answer(spot, q, f, G, pt, ct, pc - ct)
        if rolled:
            ev += (1 - pc) * passed_on_value(r, spot, q, f, G, self.style.passed_on, jinto,
                                             faces=self.style.rollout_faces)
        return ev, pt, pc

    def oot_answer(self, spot: BidSpot, q: int, f: int, G: float, pt: float, called_true: float,
                   called_false: float) -> float:
        """What the rivals past the next player add to my bid ``q`` x ``f``'s
        value by calling it out of turn first (Roll Call, ``Style.oot_others``,
        ``out_of_turn.oot_risk``): a false one costs me a die, a true one costs
        the caller two; the next player's call (``called_true``,
        ``called_false``: the chance they call it while true, false) then comes
        only when nobody did.  Issue 40, seventeenth session: a third of the
        dice Hard lost on its false bids at four seats went this way."""
        false, true = oot_risk(self.reader, self.oots, spot, q, f, self.style.oot_others)
        thinned = called_true * G * true / max(pt, 1e-9) - called_false * false / max(1 - pt, 1e-9)
        return 2 * G * true - false - thinned

    def candidates(self, spot: BidSpot, G: float) -> dict[int, tuple[float, Bid, float, float]]:
        """Best (value, bid, chance true, chance called) per face."""
        best: dict[int, tuple[float, Bid, float, float]] = {}
        opening = spot.current is None
        self.every_bid = []
        for f, lo in spot.lows().items():
            top = spot.total if opening else min(spot.total, lo + self.style.reach)
            for q in range(lo, top + 1):
                if opening and q > lo and spot.plain_chance(q, f) < 0.25:
                    break
                v, pt, pc = self.bid_score(spot, q, f, G)
                self.every_bid.append((v, Bid(q, f), pt, pc))
                if f not in best or v > best[f][0]:
                    best[f] = (v, Bid(q, f), pt, pc)
        return best

    def public_face(self, spot: BidSpot, rng) -> int:
        """The face whose cheapest raise is likeliest from public facts only
        (my own dice treated as unknown): a choice that says nothing about my
        hand but still follows what the table's bids revealed."""
        scores = {}
        for f, lo in spot.lows().items():
            pmf = convolve(self.reader.hidden_pmf(spot, f), binomial_pmf(len(spot.hand), spot.p_match(f)))
            scores[f] = round(pmf_at_least(pmf, lo), 9)
        best = max(scores.values())
        return rng.choice(sorted(f for f, v in scores.items() if v >= best - 1e-6))

    @staticmethod
    def lean(spot: BidSpot, face: int) -> float:
        """How many more of ``face`` I hold than a hand I know nothing of would:
        what a reader learns from the face I name."""
        return spot.mine(face) - len(spot.hand) * spot.p_match(face)

    def priced_face(self, spot: BidSpot, cands) -> int:
        """The face of best value once each die of lean is charged ``price``
        dice.  The price follows my own bids (``note_own_bid``: dual ascent on
        "mean lean <= lean"), so the average holds against any opponent and
        the lean is spent where hiding costs most, not at a fixed rate."""
        price = self.starting_price(spot)
        return max(cands, key=lambda f: cands[f][0] - price * self.lean(spot, f))

    def starting_price(self, spot: BidSpot) -> float:
        """The lean price, first set by the table's size: a best-value face
        leans far less at a crowded table than heads-up (it follows the other
        bids more than my hand), so a start fit for heads-up pushed Roll Call's
        4-seat bids to a lean of -0.14 to -0.20, value given away for nothing,
        and three players who trust every bid beat it (AI-NOTES, "Fourteenth
        session").  By the seats at the table, so a game rebuilt from its
        record (Continue) starts from the same price."""
        if not self._priced:
            self._priced = True
            crowd = self.style.crowd_lean_price
            if crowd is not None and len(spot.dice) >= 3:   # seats at the table, out or not: fixed all game
                self.lean_price = crowd
        return self.lean_price

    def note_own_bid(self, spot: BidSpot) -> None:
        """Move the lean price after a bid of mine has landed: up when it showed
        more than ``lean``, down when less.  Called as the agent watches the
        table, never while choosing, so the price depends only on the game's
        history and a match rebuilt from its record (Continue) goes on exactly
        as the uninterrupted one would.  A Palifico opening, whose face is fixed
        for the round by my one die, is not a choice and does not count."""
        if self.style.lean is None or not spot.bids or spot.bids[-1][0] != spot.me:
            return
        key = (spot.round_no, len(spot.bids))
        if key == self._noted or (spot.fixed_face and len(spot.bids) == 1):
            self._noted = key
            return
        self._noted = key
        face = spot.bids[-1][2]
        price = self.starting_price(spot)
        self.lean_price = max(0.0, price + self.style.lean_step * (self.lean(spot, face) - self.style.lean))

    # --- the turn -------------------------------------------------------------------
    def decide(self, spot: BidSpot, rng) -> tuple[object, Decision, str]:
        """(action, decision record, why) for the seat to act."""
        self.reader.observe(spot)
        self.last_mix = None
        G = self.rival_value(spot)
        r = self.reader
        challenges: list[tuple[float, object, Decision, str]] = []
        cur = spot.current
        if cur is not None:
            q, f = cur
            call = self.stated("call", spot, r.chance_true(spot, q, f))
            pt, read_t = self.deciding(call, spot), self.reading(call, spot)
            bidder = spot.bidder
            assert bidder is not None  # a current bid has a bidder
            words = spot.words
            whose = words.possessive(bidder, capital=False)
            w = r.model(bidder).w
            if spot.mine(f) < q and spot.can_call():
                challenges.append((self.call_value(pt, G), Call(), call,
                                   f"called {whose} {bid_text(q, f)}: {read_t:.0%} true by my reading "
                                   f"({words.says_inside(bidder, 'bids', 'bid')} honestly {w:.0%} of the time)"
                                   + self.remembered(spot, call, read_t)))
            if spot.jinto is not None:
                jinto = self.stated("jinto", spot, r.chance_exact(spot, q, f))
                pe, read_e = self.deciding(jinto, spot), self.reading(jinto, spot)
                if jinto.raw:
                    challenges.append((self.jinto_value(spot, pe, G) - self.style.jinto_edge, spot.jinto, jinto,
                                       f"Jinto on {whose} {bid_text(q, f)}: exactly right {read_e:.0%} "
                                       f"by my reading" + self.remembered(spot, jinto, read_e)))
        cands = self.candidates(spot, G)
        best_challenge = max(challenges, key=lambda c: c[0]) if challenges else None
        if not cands:
            if best_challenge is None:
                raise ValueError("no legal bid and no challenge")
            return best_challenge[1], best_challenge[2], best_challenge[3]
        top = max(c[0] for c in cands.values())
        free_face = not (spot.fixed_face and cur is None)
        if self.style.mix_temp > 0 and self.style.lean is not None:
            # mixed play: the challenge and every bid, each at its priced value,
            # drawn in proportion to exp(value / mix_temp) among those within
            # MIX_SPAN temperatures of the best, so no reveal history pins a hand;
            # each die of lean is priced by the kind of bid it shows in
            # (``reader_key``), a Palifico opening by its kind alone (its face is
            # fixed for the round: not the lean the running price follows)
            crowd = self.crowd_neutral(spot) and free_face
            price = self.starting_price(spot) if free_face and not crowd else 0.0
            options: list[tuple[float, tuple[object, Decision, str]]] = [
                (c[0] - (price + self.kind_price(spot, c[1])) * self.lean(spot, c[1].face), self._bid_move(spot, c))
                for c in self.every_bid]
            if best_challenge is not None:
                options.append((best_challenge[0], (best_challenge[1], best_challenge[2], best_challenge[3])))
            if crowd:
                assert self.style.crowd_lean is not None   # ``crowd_neutral``
                places: list[str | None] = [self.neutral_place(spot, c[1]) for c in self.every_bid]
                leans = self.centred_leans(spot, places)
                if best_challenge is not None:   # the challenge, drawn with the bids, unpriced
                    places.append(None)
                    leans.append(0.0)
                self.last_mix = neutral_mix(options, leans, places, self.style.mix_temp, self.style.crowd_lean,
                                            self.style.crowd_lean_bound)
            else:
                self.last_mix = mix_weights(options, self.style.mix_temp)
            return mixed_choice(self.last_mix, rng)
        else:
            if best_challenge is not None and best_challenge[0] >= top:
                return best_challenge[1], best_challenge[2], best_challenge[3]
            face = max(cands, key=lambda f: cands[f][0])
            if self.style.lean is not None and free_face:
                face = self.priced_face(spot, cands)
            elif self.style.lean is None and free_face and rng.random() < self.style.conceal:
                # (a Palifico opening fixes the face for the whole round: it stays on value)
                blind = self.public_face(spot, rng)
                if blind in cands and cands[blind][0] >= top - self.style.window:
                    face = blind
        if self.style.bluff and spot.mine(face) > 0 and not (spot.fixed_face and cur is None) \
                and rng.random() < self.style.bluff:
            # the other half of the mix: a face I hold none of, so that over many
            # bids the face I name says about nothing of my hand
            empty = [f for f in cands if spot.mine(f) == 0 and cands[f][0] >= top - self.style.bluff_window]
            if empty:
                face = max(empty, key=lambda f: cands[f][0])
        return self._bid_move(spot, cands[face])

    def crowd_neutral(self, spot: BidSpot) -> bool:
        """Whether this draw prices each place's lean to its own target (``neutral_mix``):
        with ``crowd_lean`` set and 3+ players in."""
        return self.style.crowd_lean is not None and len(spot.rivals) >= 2

    def centred_leans(self, spot: BidSpot, places: list[str | None]) -> list[float]:
        """Each weighed bid's lean (``every_bid``) less the mean lean of the faces
        its place offers.  With wild ones
        a hand can lean over a blind share on every face, so no draw among them
        leans nothing; an average face of my own hand always can be drawn, and
        over the hands I may hold it holds a blind share."""
        leans = [self.lean(spot, c[1].face) for c in self.every_bid]
        faces: dict[str | None, set[int]] = {}
        for c, place in zip(self.every_bid, places):
            faces.setdefault(place, set()).add(c[1].face)
        centre = {place: sum(self.lean(spot, f) for f in fs) / len(fs) for place, fs in faces.items()}
        return [lean - centre[place] if place is not None else lean for lean, place in zip(leans, places)]

    @staticmethod
    def neutral_place(spot: BidSpot, bid: Bid) -> str | None:
        """The place ``neutral_mix`` holds to a blind lean: an opening or a new
        face (a raise on the face bid has no face to choose: None)."""
        cur = spot.current
        if cur is None:
            return "open"
        return None if cur[1] == bid.face else "new"

    def kind_price(self, spot: BidSpot, bid: Bid) -> float:
        """The price per die of lean added for the kind of ``bid`` a tabulating
        reader sees (``key_price`` by ``reader_key``, ``dice_price`` by
        ``dice_key``): heads-up only, where they were fitted."""
        if len(spot.rivals) != 1:
            return 0.0
        q, f = bid.quantity, bid.face
        extra = 0.0
        if self.style.dice_price:
            key = dice_key(spot, q, f)
            extra = 0.0 if key is None else dict(self.style.dice_price).get(key, 0.0)
        return dict(self.style.key_price).get(reader_key(spot, q, f), 0.0) + extra

    def _bid_move(self, spot: BidSpot, cand: tuple[float, Bid, float, float]) -> tuple[object, Decision, str]:
        """(bid, decision record, why) of one candidate bid (value, bid, chance true, chance called)."""
        _v, bid, pt, pc = cand
        why = f"bid {bid_text(bid.quantity, bid.face)}: {pt:.0%} true as I read the table"
        if self.models_caller(spot):   # the call chance is a number the value used; else it assumed a call
            nxt = spot.next_player
            assert nxt is not None   # ``models_caller`` needs a next player
            why += f", {spot.words.says_inside(nxt, 'calls', 'call')} it about {pc:.0%} of the time"
        return bid, Decision("bid", bid.quantity, bid.face, pt), why

    # --- out of turn (Roll Call) ---------------------------------------------------------
    def interject(self, spot: BidSpot) -> tuple[object, Decision, str] | None:
        """Call out of turn when it beats waiting: the player to act may call
        it themselves, so only the share they would let through counts."""
        if spot.oot is None or spot.current is None:
            return None
        self.reader.observe(spot)
        q, f = spot.current
        if spot.mine(f) >= q:
            return None
        oot = self.stated("oot", spot, self.reader.chance_true(spot, q, f))
        pt, read_t = self.deciding(oot, spot), self.reading(oot, spot)
        mine = spot.dice[spot.me]
        if self.oot_value(spot, pt) > 0:
            assert spot.bidder is not None  # a current bid has a bidder
            whose = spot.words.possessive(spot.bidder, capital=False)
            return spot.oot, oot, (
                f"called {whose} {bid_text(q, f)} out of turn: {read_t:.0%} true by my reading, "
                f"a wrong call costs me {plural(min(spot.oot_cost, mine), 'die', 'dice')}" + self.remembered(spot, oot, read_t))
        return None


class BrainAgent(Agent):
    """An AI level played by ``BidBrain``; a game subclasses it with
    ``make_spot(view, legal)`` (its view as a ``BidSpot``).  It watches every
    action, so what its reader learned depends only on the game's history.
    It remembers its rivals across games (``rivalbook``): that changes the
    chances it states and, with ``Style.acts_on_memory`` (Hard), the
    challenges it makes on them."""

    watches = True
    remembers = True

    def __init__(self, player: int, rng, reader: TableReader, style: Style):
        super().__init__(player, rng)
        self.brain = BidBrain(reader, style)
        self._why = ""

    def make_spot(self, view, legal) -> BidSpot:
        raise NotImplementedError

    def explain(self) -> str:
        return self._why

    def recall(self, rivals: Mapping[int, tuple[str, Layered]],
               everyone: tuple[str, Layered] | None = None) -> None:
        """What the tavern remembers of each rival, by seat, and of every rival
        at once (``RivalBook.seat``)."""
        self.brain.memory.recall(rivals, everyone)

    def hand_over(self) -> list[tuple[str, str, float, float]]:
        """This game's outcomes for the book (``RivalBook.absorb``)."""
        return self.brain.memory.hand_over()

    def recalls_earlier_games(self) -> bool:
        return self.brain.memory.from_earlier_games

    def watch(self, view) -> None:
        spot = self.make_spot(view, ())
        self.brain.reader.observe(spot)
        self.brain.note_own_bid(spot)
        self.brain.memory.settle(spot.reveal, self.player)
        self.brain.jintos.settle(spot)
        if self.brain.style.oot_others:
            self.brain.oots.watch(spot)
        if self.brain.revealed is not None:
            self.brain.revealed.settle(spot.reveal)
            if spot.hand and self.brain.calib is not None:   # Hard: the kinds of bidder
                self.brain.revealed.note_bids(spot)
            self.brain.note_rival_bid(spot)

    def act(self, view, legal):
        spot = self.make_spot(view, legal)
        action, decision, why = self.brain.decide(spot, self.rng)
        self.last_decision = decision
        self.brain.note_challenge(spot, decision)
        self._why = why + "."
        return action

    def interject(self, view, legal):
        spot = self.make_spot(view, legal)
        if spot.oot is None:
            return None
        found = self.brain.interject(spot)
        if found is None:
            return None
        action, self.last_decision, why = found
        self.brain.note_challenge(spot, self.last_decision)
        self._why = why + "."
        return action
