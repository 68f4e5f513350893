"""Roll Call opponents (pure: they see only ``RollCallView`` and legal actions).

* Easy, "Pip the Greenhorn": counts its own dice plus a third of the rest,
  calls on a hunch, now and then bids on a whim and calls out of turn rashly.
* Normal, "Morgan the Reckoner": exact binomial odds from its own dice; calls
  when the bid is more likely false than its best raise is true (and, with
  more opponents, only when it is clearly false: its raise is then less likely
  to be the bid that gets called); calls out of turn only when the bid is
  likely false even granting the bidder every die they hold, beyond the
  break-even of risking two of its own dice.
* Normal and Hard are the shared ``game.games.bidding.brain.BidBrain`` (as in
  Liar's Dice) on Roll Call views: Emblems wild, out-of-turn calls valued
  against the two dice a wrong one costs.  Normal reads bids with a fixed
  model; Hard, "Vesper the Card Shark", learns each rival's honesty and call
  habits and hides its hand in its bid faces.  (``NormalAgent`` below, the
  earlier plain-odds Normal, is kept for its break-even helpers and tests.)

All odds come from ``game.games.bidding.bids`` (shared with Liar's Dice).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ...core.agents import Agent, Decision, agent_for_level
from ..bidding.brain import BrainAgent, Style
from ..bidding.calib import calibration
from ..bidding.fit import fitted_params, reader_for
from ...core.protocol import Action
from ..bidding.spot import BidSpot, TableReader, next_seat
from ..bidding.bids import bid_text, match_chance, pmf_at_least, sum_binomials_pmf, tilt
from .rules import (BID_FACES, EMBLEM, WRONG_OUT_OF_TURN_PENALTY, Bid, Call, CallOutOfTurn,
                    RollCallView, matches, minimum_raises)

P_MATCH = match_chance(2, EMBLEM)  # a hidden die shows the face or the Emblem: 1/3


@dataclass(frozen=True)
class Persona:
    """How a level is shown at the table."""
    name: str
    style: str


PERSONAS = {
    "easy": Persona("Pip", "Greenhorn: trusts their own dice, calls on a hunch"),
    "normal": Persona("Morgan", "Reckoner: plays the plain odds"),
    "hard": Persona("Vesper", "Card shark: reads every bid, bluffs, calls out of turn when it pays"),
}


# --------------------------------------------------------------------------
# Odds from a seat's point of view
# --------------------------------------------------------------------------

def hidden_counts(view: RollCallView) -> dict[int, int]:
    """Dice this seat cannot see, per player."""
    return {p: n for p, n in enumerate(view.dice_counts) if p != view.me and n > 0}


def plain_chance(view: RollCallView, quantity: int, face: int) -> float:
    """Chance "quantity x face" is true knowing only my own dice (the odds
    helper shows this figure)."""
    return hand_chance(view.my_dice, view.total_dice, quantity, face)


def hand_chance(my_dice, total_dice: int, quantity: int, face: int) -> float:
    """``plain_chance`` from a hand and the dice on the table (the table's odds line)."""
    pmf = sum_binomials_pmf([(total_dice - len(my_dice), P_MATCH)])
    return pmf_at_least(pmf, quantity - matches(my_dice, face))


def out_of_turn_break_even(my_dice: int, bidder_dice: int) -> float:
    """The chance the bid must be false before an out-of-turn call pays.

    Losing a die hurts in proportion to 1/dice held; a wrong call costs two of
    mine (all of them if that is every die I have), a right one costs the
    bidder one, but only gains when the player to act would not have called
    anyway.  Dice alone give 2/3 for equal stacks; with that discount it is
    about 0.9, and being nearly out pushes it towards 1."""
    my_cost = min(WRONG_OUT_OF_TURN_PENALTY, my_dice) / my_dice
    if my_dice <= WRONG_OUT_OF_TURN_PENALTY:
        my_cost *= 3.0  # a wrong call would end (or all but end) my game
    their_gain = 1.0 / bidder_dice
    return min(0.97, my_cost / (my_cost + their_gain * CALL_ANYWAY_DISCOUNT))


CALL_ANYWAY_DISCOUNT = 0.25
"""The share of false bids the player to act would let through (raise rather
than call): only then does an out-of-turn call gain anything over waiting.
Tuned by sim: with 1.0 (the bare 2/3 rule) Hard calls far too often."""


class BidReader:
    """Per-round Bayesian reading of opponents' bids, with a memory of how
    honest each opponent has been (learned from reveals, i.e. from views)."""

    def __init__(self, lift: float):
        self.lift = lift
        self.seen_round: dict[int, tuple] = {}   # round -> bids seen
        self.honesty: dict[int, list[float]] = {}  # player -> [honest bids, bids]

    def remember(self, view: RollCallView) -> None:
        if view.round_bids:
            self.seen_round[view.round_no] = view.round_bids
        reveal = view.last_reveal
        if reveal is not None and reveal.round_no in self.seen_round:
            for b in self.seen_round.pop(reveal.round_no):
                if b.player == view.me:
                    continue
                held = matches(reveal.hands[b.player], b.face)
                honest = 1.0 if held >= max(1, len(reveal.hands[b.player]) * P_MATCH) else 0.0
                tally = self.honesty.setdefault(b.player, [2.0, 3.0])  # prior: mostly honest
                tally[0] += honest
                tally[1] += 1.0
        for r in [r for r in self.seen_round if r < view.round_no - 1]:
            del self.seen_round[r]

    def player_lift(self, player: int) -> float:
        honest, total = self.honesty.get(player, (2.0, 3.0))
        trust = honest / total
        return 1.0 + (self.lift - 1.0) * trust

    def chance(self, view: RollCallView, player: int, face: int) -> float:
        """Posterior chance one of ``player``'s dice counts for ``face``."""
        weight = 0.0
        for b in view.round_bids:
            if b.player == player:
                weight += 1.0 if b.face == face else -0.15
        weight = max(-0.5, min(2.0, weight))
        return tilt(P_MATCH, self.player_lift(player) ** weight) if weight else P_MATCH


class RollCallAgent(Agent):
    """Shared decision skeleton; levels differ in how they read the table."""

    level = "normal"

    def __init__(self, player: int, rng, *, lift: float = 1.0, call_bias: float = 0.0,
                 bluff: float = 0.0, oot_fixed: float | None = 0.9, blunder: float = 0.0):
        super().__init__(player, rng)
        self.persona = PERSONAS[self.level]
        self.reader = BidReader(lift) if lift > 1.0 else None
        self.call_bias = call_bias
        self.bluff = bluff
        self.oot_fixed = oot_fixed
        self.blunder = blunder
        self._why = ""

    @property
    def name(self) -> str:
        return self.persona.name

    def explain(self) -> str:
        return self._why

    # --- odds -----------------------------------------------------------------
    def face_pmfs(self, view: RollCallView) -> dict[int, list[float]]:
        """Per bid face: distribution of matches among the dice I cannot see."""
        hidden = hidden_counts(view)
        if self.reader is None:
            pmf = sum_binomials_pmf([(sum(hidden.values()), P_MATCH)])
            return {f: pmf for f in BID_FACES}
        return {f: sum_binomials_pmf((n, self.reader.chance(view, p, f)) for p, n in hidden.items())
                for f in BID_FACES}

    def chance_true(self, view: RollCallView, pmfs, quantity: int, face: int) -> float:
        return pmf_at_least(pmfs[face], quantity - matches(view.my_dice, face))

    # --- turn -------------------------------------------------------------------
    def act(self, view: RollCallView, legal: Sequence) -> Action:
        if self.reader is not None:
            self.reader.remember(view)
        pmfs = self.face_pmfs(view)
        bids = [a for a in legal if isinstance(a, Bid)]
        can_call = any(isinstance(a, Call) for a in legal)
        if not bids:
            assert view.bid is not None, "only a standing bid leaves no raise"
            self._why = f"no raise is left, so I call {bid_text(*view.bid)}"
            return Call()
        if self.blunder and self.rng.random() < self.blunder:
            small = [b for b in bids if b.quantity <= bids[0].quantity + 1]
            choice = self.rng.choice(small)
            self._why = f"a hunch: {bid_text(choice.quantity, choice.face)}"
            return choice
        raise_bid, raise_p = self.pick_raise(view, pmfs, bids)
        if can_call:
            assert view.bid is not None, "only a standing bid can be called"
            p_cur = self.chance_true(view, pmfs, *view.bid)
            if 1.0 - p_cur > max(raise_p + self.call_bias, self.call_floor(view)):
                self._why = f"{bid_text(*view.bid)} looks only {100 * p_cur:.0f}% likely, so I call"
                self.last_decision = Decision("call", view.bid[0], view.bid[1], p_cur)
                return Call()
        self._why = f"{bid_text(raise_bid.quantity, raise_bid.face)} is {100 * raise_p:.0f}% likely by my count"
        self.last_decision = Decision("bid", raise_bid.quantity, raise_bid.face, raise_p)
        return raise_bid

    def pick_raise(self, view: RollCallView, pmfs, bids: list[Bid]) -> tuple[Bid, float]:
        """The cheapest raise per face, then the likeliest of those (ties go
        to the face I hold most of); sometimes a bluff on another face."""
        cheapest: dict[int, Bid] = {}
        for b in bids:
            if b.face not in cheapest or b.quantity < cheapest[b.face].quantity:
                cheapest[b.face] = b
        if view.bid is None:
            cheapest = {f: self.opening_bid(view, pmfs, f) for f in BID_FACES}
        scored = sorted(((self.chance_true(view, pmfs, b.quantity, b.face),
                          matches(view.my_dice, b.face), b.face, b) for b in cheapest.values()),
                        key=lambda t: (t[0], t[1], t[2]), reverse=True)
        best_p, _, _, best = scored[0]
        if self.bluff and len(scored) > 1 and self.rng.random() < self.bluff:
            p2, _, _, alt = scored[1]
            if p2 > 0.45:
                return alt, p2
        return best, best_p

    def opening_bid(self, view: RollCallView, pmfs, face: int) -> Bid:
        """Open at the largest quantity that is still likely (>= 60%)."""
        q = 1
        while q < view.total_dice and self.chance_true(view, pmfs, q + 1, face) >= 0.6:
            q += 1
        return Bid(q, face)

    # --- out of turn --------------------------------------------------------------
    def interject(self, view: RollCallView, legal: Sequence) -> Action | None:
        if self.reader is not None:
            self.reader.remember(view)
        if not legal or view.bid is None:
            return None
        pmfs = self.face_pmfs(view)
        p_false = self.oot_false_chance(view, pmfs)
        threshold = self.oot_threshold(view)
        if p_false > threshold:
            self._why = (f"{bid_text(*view.bid)} is {100 * p_false:.0f}% likely false, "
                         f"above my {100 * threshold:.0f}% break-even: Call!")
            self.last_decision = Decision("oot", view.bid[0], view.bid[1], 1.0 - p_false)
            return CallOutOfTurn()
        return None

    def oot_threshold(self, view: RollCallView) -> float:
        return self.oot_fixed if self.oot_fixed is not None else 1.0

    def oot_false_chance(self, view: RollCallView, pmfs) -> float:
        assert view.bid is not None, "asked out of turn only while a bid stands"
        return 1.0 - self.chance_true(view, pmfs, *view.bid)

    def call_floor(self, view: RollCallView) -> float:
        """The least chance of being false at which a bid is called in turn."""
        return 0.0


class EasyAgent(RollCallAgent):
    """Own dice plus a flat third of the rest; rash in its calls."""

    level = "easy"

    def __init__(self, player, rng):
        super().__init__(player, rng, oot_fixed=None, blunder=0.12)

    def chance_true(self, view, pmfs, quantity, face):
        """A beginner's rule of thumb rather than odds: how far the bid is
        above "mine plus a third of the rest", squashed to 0..1."""
        expected = matches(view.my_dice, face) + (view.total_dice - len(view.my_dice)) / 3.0
        return max(0.0, min(1.0, 0.5 + (expected - quantity) * 0.3))

    def act(self, view, legal):
        bids = [a for a in legal if isinstance(a, Bid)]
        if view.bid is not None and bids:
            hunch = self.rng.uniform(-1.0, 1.5)
            expected = matches(view.my_dice, view.bid[1]) + (view.total_dice - len(view.my_dice)) / 3.0
            if view.bid[0] > expected + hunch:
                self._why = f"{bid_text(*view.bid)} feels too high"
                return Call()
            best = max(BID_FACES, key=lambda f: (matches(view.my_dice, f), f))
            raise_on = [b for b in bids if b.face == best] or bids
            choice = min(raise_on, key=lambda b: b.quantity)
            self._why = f"I have {matches(view.my_dice, best)} that count for {choice.face}s"
            return choice
        return super().act(view, legal)

    def interject(self, view, legal):
        if not legal or view.bid is None:
            return None
        expected = matches(view.my_dice, view.bid[1]) + (view.total_dice - len(view.my_dice)) / 3.0
        if view.bid[0] > expected + 2 and self.rng.random() < 0.35:
            self._why = f"{bid_text(*view.bid)}? No way: Call!"
            return CallOutOfTurn()
        return None


def normal_call_floor(opponents: int) -> float:
    """How likely false a bid must be before Normal calls it in turn.

    Heads-up my raise always goes back to the one opponent, so the plain
    comparison (false beats my raise) decides.  With more opponents a raise
    of mine is less likely to be the bid that gets called (others raise on),
    while the bids I would call come from players who saw their own dice:
    the call must then clear a floor that rises with the table."""
    if opponents <= 1:
        return 0.0
    return min(0.9, 0.5 + 0.1 * (opponents - 1))


class NormalAgent(RollCallAgent):
    """Plain binomial odds from its own dice, no reading of bids."""

    level = "normal"

    def __init__(self, player, rng):
        super().__init__(player, rng, oot_fixed=None, call_bias=0.1)

    def call_floor(self, view: RollCallView) -> float:
        return normal_call_floor(len(view.alive) - 1)

    def oot_threshold(self, view: RollCallView) -> float:
        assert view.bidder is not None, "asked out of turn only while a bid stands"
        return out_of_turn_break_even(view.dice_counts[view.me], view.dice_counts[view.bidder])

    def oot_false_chance(self, view: RollCallView, pmfs) -> float:
        """Chance the bid is false even if every die of the bidder counts for
        it: the plain odds over the other hidden dice only.  A bid is rarely
        made without backing, so this keeps a wrong two-dice call rare."""
        assert view.bid is not None and view.bidder is not None, "asked out of turn only while a bid stands"
        quantity, face = view.bid
        others = [(n, P_MATCH) for p, n in hidden_counts(view).items() if p != view.bidder]
        need = quantity - matches(view.my_dice, face) - view.dice_counts[view.bidder]
        return 1.0 - pmf_at_least(sum_binomials_pmf(others), need)


def spot_of(agent: Agent, view: RollCallView, legal) -> BidSpot:
    """Everything a bidding AI needs from one Roll Call view; ``oot`` is set
    when the seat is asked out of turn (Emblems are wild for every bid)."""
    last = view.last_reveal
    reveal = None
    if last is not None:
        reveal = (last.round_no, last.hands, last.caller, (last.bidder, last.quantity, last.face))
    out_of_turn = view.turn != view.me
    return BidSpot(
        me=view.me, hand=view.my_dice, dice=view.dice_counts, faces=BID_FACES, wild=EMBLEM,
        bids=tuple((b.player, b.quantity, b.face) for b in view.round_bids),
        round_no=view.round_no, legal=legal,
        oot=CallOutOfTurn() if out_of_turn and CallOutOfTurn() in legal else None,
        oot_cost=WRONG_OUT_OF_TURN_PENALTY, next_player=next_seat(view.dice_counts, view.me),
        to_act=view.turn if out_of_turn else None, raise_rule=minimum_raises,
        reveal=reveal, names=agent.seat_names, you=getattr(agent, "you_seat", None))


class RollCallBrainAgent(BrainAgent):
    """Normal and Hard: the shared ``BidBrain`` (as in Liar's Dice) on Roll
    Call's views, out-of-turn calls included."""

    level = "hard"

    def __init__(self, player, rng, reader: TableReader, style: Style):
        super().__init__(player, rng, reader, style)
        self.persona = PERSONAS[self.level]

    @property
    def name(self) -> str:
        return self.persona.name

    def make_spot(self, view: RollCallView, legal) -> BidSpot:
        return spot_of(self, view, legal)


class NormalBrainAgent(RollCallBrainAgent):
    """A fair opponent: a fixed reading of bids (no learning, so its stated
    odds stay honest), assumes every bid is called, looks one step above the
    cheapest raise only, and hides its hand even when that costs (which is
    what keeps it below Hard), waits more before calling out of turn."""

    level = "normal"

    def __init__(self, player, rng):
        super().__init__(player, rng, TableReader(beta=3.0, prior_w=0.5, learn=False),
                         Style(conceal=1.0, window=0.8, reach=1, model_caller=False, oot_wait=0.7))


HARD_STYLE = Style(lean=0.1, lean_price=0.4, lean_step=0.05, crowd_lean_price=0.1, oot_weighed=True,
                   acts_on_memory=True, oot_others=4)
"""Hard's bid mix in Roll Call: the priced mix of ``BidBrain.priced_face``
(each die of the bid face held above a blind hand's share costs 0.4 dice of
value at first heads-up, 0.1 at a table of 3+, the price then following
this game's bids towards a mean lean of 0.1).  At 4 seats the 0.4 start had
held the lean at -0.04 to -0.26, value given away, and three players who take
every bid for one die of its face beat Hard to 30.8% (400 games, seed 31); at
0.25: 38.2%, lean 0.00.  Issue 40, sixteenth session: mid-round at a
crowded table the faces' values differ by less than 0.25 a die of lean, so
that start chose the face: after "5 fives", "6 fives", holding two fours and
two sixes, Hard bid "7 twos" (18% true by its reading) over "6 sixes" (77%);
its bids under 30% true gave up 0.13 dice each against its best bid, and
players who read the lifted cups called them.  At 0.1 (tuning half, 200
games, seed 1): Hard + 3 tuning cup readers 17.0% -> 28.0%, + 3 plain
readers 32.0% -> 44.0%, their bids' lean +0.228 (issue 12's bound +0.25); a
start of nothing won as much (32.0%, 49.5%) but leaned +0.374.  Openings
are as before (an opening is about as likely true on any face, so even 0.1
chooses it) (AI-NOTES, sixteenth session).  The mix
before the priced one leaned +0.35 to +0.56 heads-up (``tools/bid_report.py``).
No mixed draw (``mix_temp``): Roll Call's one-step values are flat over bids
that differ later, so every draw tried spent real value (T 0.03: the reference
bot 81.3% -> 77.0%; 300 games against the league's reader 59.0% where the
pure choice had 64.9% over 1,000) (AI-NOTES, "A mixed bid for Hard").
``oot_weighed`` (issue 40): an out-of-turn call counts only the false bids
the player to act would let through by their learned call habit
(``BidBrain.let_through``), not a fixed half.  ``acts_on_memory`` (issue 40,
thirteenth session): a call, in turn or out of it, is decided on the chance
the why line states, the rival memory included, as in Liar's Dice; before,
it stated that chance and acted on the in-game reading's (AI-NOTES, "Roll
Call acts on the chance it states").  ``oot_others`` (issue 40, seventeenth
session): at 3+ in, a bid of mine is weighed against an out-of-turn call by
the first four rivals asked past the next player, each by the habit this game
showed (``bidding/out_of_turn.py``); before, a bluff the next player would let
through looked free, and a third of the dice Hard lost on its false bids
against three tuning cup readers went to out-of-turn calls (1.06 a game; 0.75
with it, and Hard 28.0% -> 37.5% of 200 games)."""


def hard_reader(params: Optional[dict] = None) -> TableReader:
    """Hard's reader: the shipped population prior (or ``params``, as the offline
    fit tries them); the one place that says how Hard reads, so
    ``game.dev.fit_bid_reader`` fits the reading Hard plays with."""
    return reader_for(fitted_params("roll-call") if params is None else params)


class HardAgent(RollCallBrainAgent):
    """Learns how each rival bids and calls, prices the lean of its bid faces
    so they say little of its hand (``HARD_STYLE``), calls out of turn when
    the two-dice risk pays."""

    level = "hard"

    def __init__(self, player, rng):
        super().__init__(player, rng, hard_reader(), HARD_STYLE)
        self.brain.calib = calibration("roll-call")


AGENTS = {"easy": EasyAgent, "normal": NormalBrainAgent, "hard": HardAgent}


def make_agent(level: str, player: int, rng) -> Agent:
    return agent_for_level(AGENTS, level, player, rng)
