"""Liar's Dice opponents: Easy, Normal and Hard.

One decision procedure, three temperaments.  Every option (each legal bid
worth considering, Call, Jinto) gets an expected value in dice: losing a die
is -1, the bidder or caller losing one is worth ``rival_loss`` (1 with two
players, less at a big table where someone else's loss helps you little),
and a correct Jinto's gained die is +1.

* Easy counts only its own dice, sometimes forgets the ones are wild, acts
  on hunches (noise) and now and then cries Jinto on a whim.
* Normal and Hard are the shared ``game.games.bidding.brain.BidBrain`` (also Roll
  Call's): a posterior over each rival's dice from their bids
  (``game.games.bidding.spot.TableReader``), expected values for call, Jinto and
  every bid.  Normal's reading is fixed (trusting-but-wary, no learning) and
  it assumes every bid is called.  Hard starts from a population prior
  fitted offline (``game.games.bidding.fit``), learns, per rival, how honestly they
  bid and how readily they call, prices how far its bid faces lean
  towards its hand (``BidBrain.priced_face``) so its bids say little, and in covered
  heads-up endgames plays the solved tables of ``endgame.py`` unless its reading
  of the rival finds a clearly better move (``EXPLOIT_MARGIN``).  Palifico: no
  wilds, only the opening bid picks the face (and it is read as such).

Hard and Normal never call a bid their own dice already make true and never
Jinto a bid they know is impossible.  All chance from ``self.rng``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Optional, Sequence

from ...core.agents import Agent, Decision
from ..bidding.brain import BrainAgent, Style
from ..bidding.bids import (Bid, BidBelief, Call, bid_text, count_matching, match_chance,
                             pmf_at_least, pmf_exactly, sum_binomials_pmf)
from ..bidding import revealed as revealed_bids
from ..bidding.calib import calibration
from ..bidding.fit import fitted_params, reader_for
from ..bidding.spot import BidSpot, PinPrior, TableReader, next_seat
from ...core.dice import prob_at_least
from ...core.protocol import Action
from .endgame import endgame_policy, equilibrium_chances, position_value, round_swing, value_if_challenge_lost
from .rules import FACES, Jinto, LiarsView, minimum_raises

PERSONAS = {
    "easy": (("Pip", "a hopeful beginner: bids what it holds, calls on a hunch"),
             ("Nell", "cheerful and trusting; forgets the ones now and then"),
             ("Tobin", "new to the tavern, loves a good Jinto")),
    "normal": (("Marta", "a steady counter who plays the odds"),
               ("Bram", "careful and sober; calls when the numbers say so"),
               ("Ysolde", "patient, plays the percentages")),
    "hard": (("Old Silas", "reads every bid and bluffs when it pays"),
             ("Vesna", "a card sharp's eye: remembers who bid what"),
             ("The Captain", "cold and cunning; strikes with Jinto")),
}


def persona(level: str, player: int) -> tuple[str, str]:
    """(name, style) for an AI seat; seats at one level get different names."""
    options = PERSONAS.get(level, PERSONAS["normal"])
    return options[player % len(options)]


@dataclass(frozen=True)
class Temperament:
    reads_bids: bool          # Bayesian belief from rivals' bids
    forget_wilds: float       # chance a decision ignores the ones
    noise: float              # std-dev of hunch added to each option's value
    whim_jinto: float         # chance of a Jinto on a whim when it is at all possible
    bluff_rate: float         # chance to prefer a face it does not hold
    models_caller: bool       # estimates whether its bid will be called
    jinto_edge: float         # extra value Jinto must show over the best alternative


TEMPERAMENTS = {
    "easy": Temperament(False, 0.6, 0.6, 0.1, 0.0, False, 0.0),
    "normal": Temperament(False, 0.0, 0.0, 0.0, 0.0, False, 0.1),
    "hard": Temperament(True, 0.0, 0.0, 0.0, 0.12, True, 0.0),
}


class LiarsAgent(Agent):
    def __init__(self, player: int, rng: random.Random, level: str):
        super().__init__(player, rng)
        self.level = level
        self.temper = TEMPERAMENTS[level]
        self.name, self.style = persona(level, player)
        self.belief = BidBelief()
        self._round: Optional[int] = None
        self._seen_bids = 0
        self._why = ""

    def explain(self) -> str:
        return self._why

    # --- what the agent believes ---------------------------------------------
    def _update_belief(self, view: LiarsView) -> None:
        if view.round_no != self._round:
            self._round = view.round_no
            self._seen_bids = 0
            self.belief = BidBelief(wild=view.wild)
        for player, _q, face in view.bids[self._seen_bids:]:
            if player != self.player:
                self.belief.observe(player, face)
        self._seen_bids = len(view.bids)

    def _odds(self, view: LiarsView, face: int, wild: Optional[int]) -> tuple[int, list[float]]:
        """(my matches, distribution of matches among the dice I cannot see)."""
        mine = count_matching(view.my_faces, face, wild)
        base = match_chance(face, wild)
        if self.temper.reads_bids:
            hidden = {p: n for p, n in enumerate(view.dice) if n and p != self.player}
            return mine, self.belief.total_pmf(face, hidden, base)
        return mine, sum_binomials_pmf([(view.unseen, base)])

    # --- the decision --------------------------------------------------------------
    def act(self, view: LiarsView, legal: Sequence[Action]) -> Action:
        self._update_belief(view)
        wild = view.wild
        if wild is not None and self.rng.random() < self.temper.forget_wilds:
            wild = None  # the classic beginner slip
        rivals = len(view.players_in) - 1
        rival_loss = 1.0 if rivals == 1 else 0.6 / rivals
        cache: dict[int, tuple[int, list[float]]] = {}

        def odds(face):
            if face not in cache:
                cache[face] = self._odds(view, face, wild)
            return cache[face]

        def p_true(q, face):
            mine, pmf = odds(face)
            return pmf_at_least(pmf, q - mine)

        options: list[tuple[float, Action, str, Decision]] = []
        prev = view.current_bid
        if prev is not None:
            q, face = prev
            truth = p_true(q, face)
            mine, pmf = odds(face)
            exact = pmf_exactly(pmf, q - mine)
            if mine < q:  # never call what my own dice already make true
                options.append((-truth + rival_loss * (1 - truth), Call(),
                                f"called {bid_text(q, face)}: I put it at {truth:.0%} to be true",
                                Decision("call", q, face, truth)))
            if exact > 0.0:
                can_gain = not (view.jinto_cap and view.dice[self.player] >= view.starting_dice)
                value = exact * ((1.0 if can_gain else 0.0) + rival_loss) - (1 - exact) - self.temper.jinto_edge
                if self.temper.whim_jinto and self.rng.random() < self.temper.whim_jinto:
                    value += 1.0
                options.append((value, Jinto(),
                                f"said Jinto on {bid_text(q, face)}: exactly right {exact:.0%} of the time",
                                Decision("jinto", q, face, exact)))
        options += self._bid_options(view, wild, p_true, rival_loss)
        if self.temper.noise:
            options = [(v + self.rng.gauss(0, self.temper.noise), a, w, d) for v, a, w, d in options]
        legal_set = set(legal)
        options = [o for o in options if o[1] in legal_set]
        if not options:  # never happens with a sane view; stay legal regardless
            choice = self.rng.choice(list(legal))
            self._why = f"chose {choice.label()}"
            return choice
        best = max(options, key=lambda o: o[0])
        self._why = f"{best[2]}."
        self.last_decision = best[3]
        return best[1]

    def _bid_options(self, view: LiarsView, wild, p_true, rival_loss) -> list:
        """Value of each bid worth considering: small raises per face, or for
        an opening bid every quantity up to what the table could hold."""
        prev = view.current_bid
        total = view.total_dice
        lows = minimum_raises(prev, palifico=view.palifico, palifico_face=view.palifico_face)
        out = []
        for face, lo in lows.items():
            top = total if prev is None else min(total, lo + 3)
            held = count_matching(view.my_faces, face, wild)
            bluff = held == 0 and self.temper.bluff_rate and self.rng.random() < self.temper.bluff_rate
            for q in range(lo, top + 1):
                truth = p_true(q, face)
                if prev is None and truth < 0.3 and q > lo:
                    break
                called = self._call_chance(view, q, face) if self.temper.models_caller else 1.0
                value = -(1 - truth) * called + rival_loss * truth * called
                if prev is None:
                    value += 0.01 * q / max(1, total)  # open with substance, not "1 two"
                if bluff:
                    value += 0.15
                out.append((value, Bid(q, face),
                            f"bid {bid_text(q, face)}: {truth:.0%} likely from what I see"
                            + (" (a bluff)" if held == 0 else ""), Decision("bid", q, face, truth)))
        return out

    def _call_chance(self, view: LiarsView, q: int, face: int) -> float:
        """How likely the next player calls: high when the bid is far above
        what the table would hold on average (their view, roughly)."""
        public = prob_at_least(q, view.total_dice, match_chance(face, view.wild))
        return min(1.0, max(0.05, max(0.0, 1.0 - public) ** 0.7))


def spot_of(agent: Agent, view: LiarsView, legal) -> BidSpot:
    """Everything a bidding AI needs from one Liar's Dice view (Palifico:
    no wilds, only the opening bid picks the face)."""
    last = view.last_challenge
    reveal = None
    if last is not None:
        reveal = (view.round_no - 1, last.faces, last.challenger, (last.bidder, last.quantity, last.face))
    return BidSpot(
        me=view.me, hand=view.my_faces, dice=view.dice, faces=FACES, wild=view.wild, bids=view.bids,
        round_no=view.round_no, legal=legal, fixed_face=view.palifico,
        jinto=Jinto() if view.bids else None,
        jinto_gain=not (view.jinto_cap and view.dice[view.me] >= view.starting_dice),
        next_player=next_seat(view.dice, view.me), reveal=reveal, names=agent.seat_names,
        raise_rule=partial(minimum_raises, palifico=view.palifico), reveal_kind=last.kind if last else None,
        you=getattr(agent, "you_seat", None))


class LiarsBrainAgent(BrainAgent):
    """Normal and Hard: the shared ``BidBrain`` on this game's views."""

    level = "hard"

    def __init__(self, player: int, rng: random.Random, reader: TableReader, style: Style):
        super().__init__(player, rng, reader, style)
        self.name, self.style = persona(self.level, player)

    def make_spot(self, view: LiarsView, legal) -> BidSpot:
        return spot_of(self, view, legal)


class NormalAgent(LiarsBrainAgent):
    """A fair opponent: reads bids with a fixed, trusting-but-wary model (no
    learning), assumes every bid gets called, and hides its hand only half
    the time."""

    level = "normal"

    def __init__(self, player: int, rng: random.Random):
        super().__init__(player, rng, TableReader(beta=3.0, prior_w=0.5, learn=False),
                         Style(conceal=0.5, window=0.5, reach=2, model_caller=False))


KEY_PRICE = (
    (("open", -1, 0), -0.32), (("open", 0, 0), 0.021),
    (("stay", 0, 0), -0.226), (("stay", 1, 0), 0.379), (("stay", 2, 0), 0.438),
    (("new", 0, 0), 0.47), (("new", 1, 0), 0.251), (("new", 2, 0), 0.121),
)
"""The price per die of lean added for each kind of bid (``reader_key``: place,
quantity band, Palifico dice), fitted on the league's TUNING half only (Hard
heads-up against ``LearnerA``, 300-game rounds, each kind's price moved by 0.4
x the mean lean Hard's revealed bids of that kind showed, four rounds): the one
running price had left low openings bluffs (mean lean -0.63 over 2,397
revealed bids) and high raises held (+1.13), which the cross-game learner read.
Tell per revealed bid (``league.tell``) 0.457 -> 0.111; against the tuning
learner over 2,000 games (seed 21) 49.6% -> 56.6%, games 1,001-2,000 48.7% ->
54.9%.  Palifico bids carry no price of their own (they are drawn in the mix
at their value): the fitting round that also priced them (one-die openings
then often on a face Hard does not hold) won 62.0% of 700 games against the
tuning learner, the round before it 76.3% (docs/AI-NOTES.md, "Issue 40,
second session")."""

DICE_PRICE: tuple[tuple[tuple[str, int, int], float], ...] = ()
"""On top of ``KEY_PRICE``, heads-up outside Palifico: the price per die of lean
of a kind of bid split by Hard's dice (``brain.dice_key``: place, quantity band,
Hard's dice), fitted by ``python -m game.dev.fit_dice_price`` on the league's
TUNING half.  Empty: off."""

CROWD_SHARE = 1.0
"""At a table of three or more, a rival's lost die is worth ``CROWD_SHARE /
rivals`` of mine (``brain.rival_value``): with N equal stacks my chance of
winning falls about N - 1 times as much when I lose a die as it rises when one
rival does, so 1 / rivals.  The shared default (0.6 / rivals, Roll Call's and
Normal's) made Hard treat a call as a bad bet unless the bid was five in six
false, so it raised into calls instead; on the league's TUNING half (Hard + 3
``ReaderTrusting``, seed 1, 1,000 games) 31.8% -> 40.6% (docs/AI-NOTES.md,
"Issue 40, third session")."""

HARD_STYLE = Style(lean=0.1, lean_price=0.4, lean_step=0.05, mix_temp=0.1, key_price=KEY_PRICE, dice_price=DICE_PRICE,
                   acts_on_memory=True, crowd_share=CROWD_SHARE, passed_on=3,
                   crowd_lean=0.0)
"""Hard's bid mix: the priced mix of ``BidBrain.priced_face`` (as in Roll
Call), drawn (``mix_temp``, issue 40) among every bid and the challenge within
0.3 dice of the best, each weighed by exp(value / 0.1 dice), each die of lean
priced by the kind of bid too (``KEY_PRICE``): a deterministic choice let a
player who tabulates the cups lifted after each kind of Hard's bids read its
hand (a cross-game learner took Hard from 50% to 42% over 2,000 games).  The
earlier mix (a blind face under 1.3 dice, half the held faces moved to a face
held none of) leaned up to +0.26 at four seats.  ``acts_on_memory``: a
challenge is decided on the chance Hard states, its rival memory included
(issue 40's "one model for saying and doing").  ``passed_on``: at 3+ seats a
bid the next player lets through is rolled on over the three players after it
(``bidding/passed_on.py``); it was worth 0, so a call was weighed with the
round's whole outcome and a raise with its first answer only.  Tuning half,
Hard + 3 ``Baiter`` 35.6% -> 39.6% and Hard + 3 ``ReaderTrusting`` 36.9% ->
35.6% (1,000 games each, seeds 1 and 2); reporting half, Hard + 3
``Ambusher`` 30.7% -> 35.5% (600) and Hard + 3 ``ReaderPlain`` 34.2% ->
35.3% (1,000) (docs/AI-NOTES.md, "Issue 40, seventh session").  Its raises
stay on the face bid and its rivals' challenges are all calls: the eighth
session's raises onto any face and rivals' Jintos (``rollout_faces``,
``rollout_jintos``) were not shown to help on the tuning half (Hard + 3
``ReaderTrusting``, 400 games, seed 1: 40.0% shipped, 32.2% the first
version, 36.2% both, 33.2% Jintos alone, 43.2% faces alone) and stay off
(docs/AI-NOTES.md, "Issue 40, eighth session").  With 3+ players in
(``crowd_lean``, issue 40, fifteenth session) the running price is off and
each draw prices an opening's or a new face's lean so the face drawn is, in
expectation, an average face of Hard's hand (``neutral_mix``,
``centred_leans``), the place (opening, new face, raise on the face, call)
keeping the weight value gave it: the running price had
Hard's new-face bids at six seats hold 0.47 of a blind share and its openings
0.62, an anti-tell the outside exploiter read (Hard 4.2% at six seats).
Tuning half, Hard + 5 ``CupReader`` 10.0% -> 24.0%, + 3 28.0% -> 33.0%
(200 games each, seed 1); outside group, Hard + 5 exploiters 4.2% -> 12.8%
(400 games; AI-NOTES, "bids that tell nothing at full tables").  Shipped off
for a session (its new games exposed a coach page that lost its footnote and
tests pinned to seeds), on since the sixteenth."""


CROWD_QUANTITY: Optional[int] = 5
"""From this many players in, Hard reads a rival's quantity past the round's
opening loose: only its face choice tells of its dice (``TableReader.crowd_quantity``;
None: every quantity read).  At a crowded table a raise's quantity follows
what the bidder read from the bids before it (every bot of the league, and
the outside ones, bids as high as the table's bids make still likely), so
reading it as the bidder's count plus its share of the dice it cannot see
counted those earlier bids twice: at five and six players in, the standing
bids Hard raised over, read 70-99% true, came true 58-85% (tuning half,
``Overbidder`` and ``CupReader``), and its Jintos, read 44% exact, were
exact 35%.  Tuning half, 200 games, seed 1: Hard + 5 ``Overbidder`` 10.0% ->
18.5%, + 5 ``CupReader`` 24.0% -> 24.0%; from three players in, + 3
``CupReader`` 33.0% -> 31.0% and + 3 ``Overbidder`` 25.0% -> 27.0% (no gain at
four seats: off there).  Heads-up and at four seats the reading is main's
(docs/AI-NOTES.md, "Issue 40, seventeenth session")."""


PIN_PRIOR: Optional[PinPrior] = None
"""How Hard reads a stranger's opening (and, heads-up, a raise): None, the
one-sided reading (``TableReader.q_like``).  Screened on the league's TUNING
half and not shipped (issue 40, fifth session, docs/AI-NOTES.md): with the
population's prior fitted there (``python tools/pin_fit.py --games 60``:
``PinPrior(weight=0.87, shares=(0.12, 0.03, 0.01, 0.01, 0.28, 0.28, 0.28,
0.01))``) Hard beat the tuning learner among strangers 80.0% of 400 games where
the shipped reader won 68.0%, but its stated chances were no better calibrated
(worst decile 24-30 points with the shipped maps, no maps or maps refitted for
it, against 22.5): the maps were fitted for the one-sided reader and no refit
of them was run to its end."""


EXPLOIT_MARGIN = 0.3
EXPLOIT_DECAY = 0.3
"""Leaving the solved endgame: Hard takes the Call or Jinto its reading
prefers when that looks ``EXPLOIT_MARGIN`` dice better than the equilibrium's
mix, by its reading, against a rival it has not seen reveal yet, and less
(``/ (1 + EXPLOIT_DECAY x face choices seen)``) as reveals teach it; and only
within what it has banked (``HardAgent.bank``)."""


SAFE_RISK = "swing"
"""What a departure from the solved endgame is taken to risk, which the bank
must cover (``HardAgent._may_depart``).  "swing" (shipped): the whole range
this round can move my chance of winning (``endgame.round_swing``), a bound
whatever the rival does and however many departures the round holds.  "round"
(before): my value now less my value if the challenge goes wrong; with the
bank moving as the agent's does, an exact best response gained 0.069 game
over the equilibrium against it (two dice each, Hard entered as the responder
with nothing banked: the value at an information set can exceed the round's,
a right Jinto moves two dice, and a round may hold several departures before
the bank settles); with "swing" 0.0041, the tables' own
(``python -m game.dev.endgame_exploit [--risk round]``).  Tuning half, Hard +
``LearnerA`` heads-up, 1,000 games, seed 1: 74.5% "round", 71.5% "swing"
(docs/AI-NOTES.md, "Issue 40, ninth session")."""


def hard_reader(params: Optional[dict] = None) -> TableReader:
    """Hard's reader: the shipped population prior (or ``params``, as the offline
    fit tries them) read with this game's switches (``PIN_PRIOR``,
    ``CROWD_QUANTITY``).  The one place that says how Hard reads, so
    ``game.dev.fit_bid_reader`` fits the reading Hard plays with."""
    reader = reader_for(fitted_params("liars-dice") if params is None else params)
    reader.pin = PIN_PRIOR   # None: main's reading (see PIN_PRIOR)
    reader.crowd_quantity = CROWD_QUANTITY
    return reader


class HardAgent(LiarsBrainAgent):
    """Reads every rival through a learned model of how THAT rival bids
    (``TableReader``), values call / Jinto / each bid by expected dice with the
    next player's learned call habits, and prices the lean of its bid faces
    towards its hand (``HARD_STYLE``) so its bids say little.  Covered heads-up
    endgames play the solved equilibrium (``endgame.py``), sampled with
    ``self.rng``; it leaves the equilibrium for a move its reading finds clearly
    better (``EXPLOIT_MARGIN``) only when what that move risks is covered by
    what it has already won in this game's endgame (``bank``): safe opponent
    exploitation in the sense of Ganzfried and Sandholm ("risk what you've
    won"), so a rival who bluffs where the reading trusts (a one-die Palifico
    opening on a face it does not hold) cannot win more than it gave away."""

    level = "hard"

    def __init__(self, player: int, rng: random.Random):
        super().__init__(player, rng, hard_reader(), HARD_STYLE)
        self.brain.calib = calibration("liars-dice")
        if self.brain.revealed is not None:   # a stranger is read as one of the kinds of bidder met in tuning
            self.brain.revealed = revealed_bids.RevealedBids(revealed_bids.typed("liars-dice"), self.brain.reader)
        self.bank = 0.0
        """Chance of winning the game gained (+) or lost (-) over this game's
        solved endgame rounds so far, each round's result against its
        equilibrium value: the most a departure from the tables may risk."""
        self._round_value: Optional[tuple[int, float]] = None

    def watch(self, view: LiarsView) -> None:
        self.brain.solved_round = position_value(view) is not None
        super().watch(view)
        self._bank_round(view)

    def _bank_round(self, view: LiarsView) -> None:
        """At a solved round's start note its equilibrium value to me; when the
        next round starts, bank the difference (the game's history alone decides
        it, so a continued game banks the same)."""
        value = position_value(view)
        noted = self._round_value
        if noted is not None and view.round_no != noted[0]:
            if value is not None:
                self.bank += value - noted[1]
            self._round_value = None
        if value is not None and self._round_value is None:
            self._round_value = (view.round_no, value)

    def act(self, view: LiarsView, legal: Sequence[Action]) -> Action:
        action = super().act(view, legal)
        self._bank_round(view)
        policy = endgame_policy(view, legal)
        if not policy:
            return action
        spot = spot_of(self, view, legal)
        read_why = self._why.rstrip(".")
        mix, edge, eq_value = self._weigh_endgame(view, spot, policy, action)
        choice = self._sample(mix)
        if edge > 0 and choice == action and not isinstance(choice, Bid):
            who = spot.words.object(spot.rivals[0]) if spot.rivals else "my rival"
            self._why = (f"{read_why}; by my reading of {who}, {edge:.2f} dice better than the solved "
                         f"endgame's mix (worth {eq_value:+.2f} dice here), within what I have won")
            self._why += "."
            return action
        self.last_decision, why = self._endgame_record(view, spot, choice)
        self._why = why + "."
        return choice

    def endgame_mix(self, view: LiarsView, legal: Sequence[Action]) -> Optional[dict[Action, float]]:
        """The distribution Hard's move is drawn from in a solved endgame (None
        if not covered): what an exact best response plays against
        (``game/dev/endgame_exploit.py``).  ``act`` weighs the move its reading
        drew (``BidBrain.decide``'s mix) against the tables, so this is that
        weighing averaged over the reading's whole mix, not one draw of it."""
        policy = endgame_policy(view, legal)
        if not policy:
            return None
        if not self._may_depart(view):
            return policy
        spot = spot_of(self, view, legal)
        action, _decision, _why = self.brain.decide(spot, self.rng)
        drawn: dict[object, float] = {}   # every bid weighs alike: the first one drawn stands for all
        for w, (move, _d, _w) in self.brain.last_mix or [(1.0, (action, _decision, _why))]:
            key = next((m for m in drawn if isinstance(m, Bid)), move) if isinstance(move, Bid) else move
            drawn[key] = drawn.get(key, 0.0) + w
        total = sum(drawn.values())
        out: dict[Action, float] = {}
        for move, w in drawn.items():
            for a, p in self._weigh_endgame(view, spot, policy, move)[0].items():
                out[a] = out.get(a, 0.0) + p * w / total
        return out

    def _weigh_endgame(self, view: LiarsView, spot: BidSpot, policy: dict,
                       action: object) -> tuple[dict, float, float]:
        """(the mix to draw from, its edge over the solved mix, the mix's worth),
        valued in dice by my reading of this rival.  Hard leaves the mix only for
        a challenge its reading prefers by ``_exploit_margin`` (calling a rival
        whose one-die bids lie, sparing one who never bluffs), or for the mix's
        bids alone when the reading would rather bid than challenge, and only
        when what that risks (``SAFE_RISK``: all the round can move my chance of winning)
        is covered by ``bank``.  Otherwise the solved mix."""
        value = self._endgame_value
        vals = {a: value(spot, a) for a in policy}
        total = sum(policy.values())
        eq_value = sum(w * vals[a] for a, w in policy.items()) / total
        if not self._may_depart(view):
            return policy, 0.0, eq_value
        margin = self._exploit_margin(spot)
        if not isinstance(action, Bid):
            edge = value(spot, action) - eq_value
            if edge > margin:
                return {action: 1.0}, edge, eq_value
            return policy, 0.0, eq_value
        bids = {a: w for a, w in policy.items() if isinstance(a, Bid) and w > 0}
        if bids and len(bids) < len(policy):
            z = sum(bids.values())
            bid_value = sum(w * vals[a] for a, w in bids.items()) / z
            if bid_value - eq_value > margin:
                return {a: w / z for a, w in bids.items()}, bid_value - eq_value, eq_value
        return policy, 0.0, eq_value

    def _endgame_chance(self, spot: BidSpot, jinto: bool) -> tuple[float, float]:
        """(the reader's chance, the chance stated and acted on) of a challenge of
        the standing bid in a solved endgame: the reader's own chance of THIS
        rival, for a stranger corrected by the kinds of bidder this game's
        reveals showed it to be (``revealed``), for a known one by the book."""
        cur = spot.current
        assert cur is not None, "a challenge always follows a bid"
        kind = "jinto" if jinto else "call"
        raw = (self.brain.reader.chance_exact if jinto else self.brain.reader.chance_true)(spot, *cur)
        pop = self.brain.stranger(kind, spot, raw, endgame=True)
        return raw, self.brain.memory.stated(spot, kind, raw, pop, endgame=True)

    def _endgame_value(self, spot: BidSpot, action) -> float:
        """``BidBrain.value_of``, a challenge valued at the chance the endgame states (``_endgame_chance``)."""
        if isinstance(action, Bid):
            return self.brain.value_of(spot, action)
        p = self._endgame_chance(spot, isinstance(action, Jinto))[1]
        G = self.brain.rival_value(spot)
        return self.brain.jinto_value(spot, p, G) if isinstance(action, Jinto) else self.brain.call_value(p, G)

    def _may_depart(self, view: LiarsView) -> bool:
        """Whether the bank covers the most a departure can cost (``SAFE_RISK``)."""
        now, lost = position_value(view), value_if_challenge_lost(view)
        if now is None or lost is None:
            return False
        return self.bank >= (now - lost if SAFE_RISK == "round" else round_swing(view))

    def _exploit_margin(self, spot: BidSpot) -> float:
        """How much better my reading's move must look before Hard leaves the
        solved mix: the equilibrium guarantees its value against anyone, a
        reading can be wrong, so the margin is ``EXPLOIT_MARGIN`` against a
        stranger and shrinks as the rival's reveals teach the reader
        (``EXPLOIT_DECAY`` per face choice seen)."""
        seen = sum(self.brain.reader.model(p).seen for p in spot.rivals)
        return EXPLOIT_MARGIN / (1.0 + EXPLOIT_DECAY * seen)

    def _sample(self, policy: dict) -> Action:
        x = self.rng.random() * sum(policy.values())
        for action, weight in policy.items():
            x -= weight
            if x <= 0:
                return action
        return next(iter(policy))

    def _endgame_record(self, view: LiarsView, spot: BidSpot, action: Action) -> tuple[Decision, str]:
        """The solved table chooses the action; the stated chance is Hard's own
        reading of THIS rival (the reader's learned model, for a stranger moved
        by the kinds of bidder this game's reveals showed it to be:
        ``_endgame_chance``), because that is what comes true against it: the
        equilibrium's chance (``equilibrium_chances``, the rival's hand if it
        played the table too) was exact only against Hard itself and badly off
        against rivals who never bluff at one die (calls "50-59% true" were true
        95% of the time against Normal; among strangers, tuning learner, calls at
        an equilibrium 52% came true 99%).  The why line gives both numbers."""
        r = self.brain.reader
        cur = spot.current
        eq = equilibrium_chances(view) if cur is not None else None
        rival = spot.words.object(spot.bidder) if spot.bidder is not None else "the bidder"
        if isinstance(action, (Call, Jinto)):
            assert cur is not None, "a challenge always follows a bid"
            jinto = isinstance(action, Jinto)
            raw, p = self._endgame_chance(spot, jinto)
            best = f", {eq[int(jinto)]:.0%} against best play" if eq else ""
            kind, said, chance = ("jinto", "Jinto on", "exact") if jinto else ("call", "called", "true")
            decision = Decision(kind, cur[0], cur[1], p, ctx="endgame")
            self.brain.note_challenge(spot, decision, raw=raw, endgame=True)
            return (decision,
                    f"{said} {bid_text(*cur)} (solved endgame; {p:.0%} {chance} by my reading of {rival}{best})")
        assert isinstance(action, Bid), "the endgame policy holds bids, Call and Jinto only"
        p = r.chance_true(spot, action.quantity, action.face)
        self.brain.memory.withdraw(spot)
        return (Decision("bid", action.quantity, action.face, p),
                f"bid {bid_text(action.quantity, action.face)} (solved endgame; {p:.0%} true by my reading)")


def make_agent(level: str, player: int, rng: random.Random) -> Agent:
    if level == "hard":
        return HardAgent(player, rng)
    if level == "normal":
        return NormalAgent(player, rng)
    if level not in TEMPERAMENTS:
        raise ValueError(f"unknown AI level {level!r}; use easy, normal or hard")
    return LiarsAgent(player, rng, level)
