"""Roll the Bones opponents.

Two decisions matter: which dice to ante (bones are worth more than
six-siders: a d12 beats a d6 about 71% of the time) and whether to roll the
bone, given the others' announcements and the pot.

* Easy, "Greenhorn": announces on a whim and sometimes antes a bone.
* Normal, "Steady Hand": keeps bones out of the ante; rolls the bone only when
  the pot is fat or someone else already announced theirs.
* Hard, "Bone Reader": heads-up (2 or 3-player tables) it plays from the
  solved heads-up game (``HeadsUp``: P(win the game) for every stage, tables in
  ``_tables.py``), reads how its opponent answers its calls (``reply_bone``,
  learned from the views) and uses the free first pass to draw the answer it
  can punish.  With more players it enumerates every face of every die on the
  table to get the expected dice won, letting every player still to speak
  answer the same way (backward induction, at most 2**6 lines).

Pure Python; agents see only ``BonesView`` and the legal actions.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Sequence

from game.core.agents import Agent, agent_for_level

from .rules import Ante, BonesView, Declare

SIDES = {False: 6, True: 12}
PROBS: dict[tuple[bool, ...], tuple[float, float, float]] = {
    (False, False): (15 / 36, 15 / 36, 6 / 36), (True, False): (51 / 72, 15 / 72, 6 / 72),
    (False, True): (15 / 72, 51 / 72, 6 / 72), (True, True): (66 / 144, 66 / 144, 12 / 144)}
"""(P first higher, P second higher, P tie) for one die each, by kind (True = bone)."""



class HeadsUp:
    """The heads-up game solved: P(I win the whole game) from any stage.

    With two players left the ante is fixed, there are no side pots and the
    pot is whatever is not in the two collections, so a stage is just
    ``(my d6, my bones, their d6, their bones, do I speak first)``.  Antes
    and the binding announcements are sequential (the first pass binds
    nobody), so every stage is a small perfect-information game solved by
    minimax over the roll's three outcomes (higher, lower, tie).  Ties lead
    to smaller stages (recursion); wins lead to the next round, whose value
    comes from ``rounds`` (round starts, pot empty, keyed by my counts and
    whether I won the last roll), the fixed point of the same recursion.
    """

    def __init__(self, t6: int, tb: int, ante: int, rounds: dict | None = None,
                 reply: dict | None = None):
        self.t6, self.tb, self.ante = t6, tb, ante
        self.reply = reply
        self.rounds = rounds if rounds is not None else self._initial_rounds()
        self.memo: dict = {}

    def _initial_rounds(self) -> dict:
        t6, tb = self.t6, self.tb
        return {(m6, mb, first): (m6 + 3 * mb) / (t6 + 3 * tb)
                for m6 in range(t6 + 1) for mb in range(tb + 1) if 0 < m6 + mb < t6 + tb
                for first in (True, False)}

    def solve(self, tol: float = 1e-9, limit: int = 5000) -> dict:
        """Iterate the round-start values to their fixed point (seconds; done
        offline, see tune.py, and shipped in ``_tables.py``)."""
        for _ in range(limit):
            self.memo = {}
            new = {k: self.stage(k[0], k[1], self.t6 - k[0], self.tb - k[1], k[2]) for k in self.rounds}
            delta = max(abs(new[k] - self.rounds[k]) for k in new)
            self.rounds = new
            if delta < tol:
                break
        self.memo = {}
        return self.rounds

    def amount(self, m6, mb, o6, ob) -> int:
        return max(0, min(self.ante, m6 + mb - 1, o6 + ob - 1))

    def stage(self, m6, mb, o6, ob, first) -> float:
        """Value of a stage before the antes (both play the minimax line)."""
        key = (m6, mb, o6, ob, first)
        value = self.memo.get(key)
        if value is None:
            amt = self.amount(m6, mb, o6, ob)
            mine = range(max(0, amt - m6), min(mb, amt) + 1)
            theirs = range(max(0, amt - o6), min(ob, amt) + 1)
            loop = amt == 0
            if self.reply is not None:       # a modelled opponent keeps its bones
                theirs = theirs[:1]
            if first:
                value = max(min(self.declare(m6 - amt + km, mb - km, o6 - amt + ko, ob - ko, first, loop)
                                for ko in theirs) for km in mine)
            else:
                value = min(max(self.declare(m6 - amt + km, mb - km, o6 - amt + ko, ob - ko, first, loop)
                                for km in mine) for ko in theirs)
            self.memo[key] = value
        return value

    @staticmethod
    def kinds(d6: int, bones: int) -> tuple[bool, ...]:
        return (False, True) if d6 and bones else ((True,) if bones else (False,))

    def declare(self, m6, mb, o6, ob, first, loop=False) -> float:
        """Value after the antes: the binding announcements, first speaker first."""
        if self.reply is not None:
            return self.declare_vs_model(m6, mb, o6, ob, first, loop, self.reply)
        if first:
            return max(min(self.roll(m6, mb, o6, ob, dm, do, first, loop) for do in self.kinds(o6, ob))
                       for dm in self.kinds(m6, mb))
        return min(max(self.roll(m6, mb, o6, ob, dm, do, first, loop) for dm in self.kinds(m6, mb))
                   for do in self.kinds(o6, ob))

    def big_pot(self, m6, mb, o6, ob) -> bool:
        """A fat pot (after the antes): more than one ante each plus a die."""
        return self.t6 + self.tb - (m6 + mb + o6 + ob) >= 6

    def declare_vs_model(self, m6, mb, o6, ob, first, loop, reply, big=None) -> float:
        """Value after the antes against an opponent whose binding call is
        "bone" with probability ``reply[(what they heard from me, big pot)]``."""
        if big is None:
            big = self.big_pot(m6, mb, o6, ob)
        if not (o6 and ob):
            return max(self.roll(m6, mb, o6, ob, dm, ob > 0, first, loop) for dm in self.kinds(m6, mb))
        if first or not (m6 and mb):
            # they hear my binding call (or my forced die) and answer it
            best = 0.0
            for dm in self.kinds(m6, mb):
                q = reply[(dm, big)]
                best = max(best, q * self.roll(m6, mb, o6, ob, dm, True, first, loop)
                           + (1 - q) * self.roll(m6, mb, o6, ob, dm, False, first, loop))
            return best
        # they bind first, having heard my free first-pass call; I answer them
        answer = {do: max(self.roll(m6, mb, o6, ob, dm, do, first, loop) for dm in (False, True))
                  for do in (False, True)}
        return max(reply[(said, big)] * answer[True] + (1 - reply[(said, big)]) * answer[False]
                   for said in (False, True))

    def roll(self, m6, mb, o6, ob, dm, do, first, loop=False) -> float:
        """Value of rolling kinds ``dm`` (mine) and ``do`` with these collections
        left after the antes (the rolled dice still counted in them)."""
        p_high, p_low, p_tie = PROBS[(dm, do)]
        r6, rb = m6 - (not dm), mb - dm
        s6, sb = o6 - (not do), ob - do
        win = 1.0 if s6 + sb == 0 else self.rounds[(self.t6 - s6, self.tb - sb, True)]
        lose = 0.0 if r6 + rb == 0 else self.rounds[(r6, rb, False)]
        if r6 + rb == 0 or s6 + sb == 0:          # last-die rule: both keep their dice
            if loop:                               # ... and the same stage comes again
                return (p_high * win + p_low * lose) / (p_high + p_low)
            tie = self.stage(m6, mb, o6, ob, first)
        else:
            tie = self.stage(r6, rb, s6, sb, first)
        return p_high * win + p_low * lose + p_tie * tie


TABLE_MODEL = {(True, False): 1.0, (True, True): 1.0, (False, False): 0.0, (False, True): 1.0}
"""The opponent the shipped tables are solved against, as P(binding "bone")
keyed by (heard "bone" from me, fat pot): the common table habit of answering
a bone with a bone and rolling it for a fat pot (and keeping bones out of the
ante).  Hard learns each opponent's real answers as it plays (``Reads``); the
tables only price what comes after the current roll."""


def solve_heads_up(t6: int, tb: int, ante: int) -> dict:
    return HeadsUp(t6, tb, ante, reply=TABLE_MODEL).solve()


_MODELS: dict = {}


def heads_up_model(view: BonesView) -> HeadsUp | None:
    """The solved heads-up game for this table, if it is heads-up and shipped."""
    if len(view.alive) != 2 or len(view.order) != 2:
        return None
    from ._tables import ROUNDS
    config = (10 * view.num_players, view.num_players, view.ante_size)
    if config not in ROUNDS:
        return None
    model = _MODELS.get(config)
    if model is None:
        model = _MODELS[config] = HeadsUp(*config, rounds=ROUNDS[config], reply=TABLE_MODEL)
    return model


@lru_cache(maxsize=4096)
def outcome_table(my_bone: bool, others: tuple[bool, ...]) -> tuple[float, float, tuple[float, ...]]:
    """(P win, P lose, P tie with k others for k = 1..) for one roll.

    ``others`` are the other rollers' die kinds (True = bone).  Exact: sums over
    my face and, per face, the chance each other die is below or equal."""
    my_sides = SIDES[my_bone]
    win = 0.0
    ties = [0.0] * (len(others) + 1)
    for face in range(1, my_sides + 1):
        # poly[k] = P(exactly k others equal my face and the rest below it)
        poly = [1.0]
        for bone in others:
            sides = SIDES[bone]
            below = min(face - 1, sides) / sides
            equal = (1.0 / sides) if face <= sides else 0.0
            nxt = [0.0] * (len(poly) + 1)
            for k, p in enumerate(poly):
                nxt[k] += p * below
                nxt[k + 1] += p * equal
            poly = nxt
        win += poly[0] / my_sides
        for k in range(1, len(poly)):
            ties[k] += poly[k] / my_sides
    tie_total = sum(ties)
    return win, 1.0 - win - tie_total, tuple(ties[1:])


def roll_value(my_bone: bool, others: tuple[bool, ...], pot_value: float, bone_value: float) -> float:
    """Expected dice (in six-sider units) gained by rolling this kind now.

    Win: the pot and the others' dice.  Lose: my die.  Tie with k others: the
    pot and every rolled die go to k+1 players re-rolling, about 1/(k+1) each."""
    mine = bone_value if my_bone else 1.0
    theirs = sum(bone_value if b else 1.0 for b in others)
    win, lose, ties = outcome_table(my_bone, others)
    value = win * (pot_value + theirs) - lose * mine
    for k, p in enumerate(ties, start=1):
        value += p * ((pot_value + theirs + mine) / (k + 1) - mine)
    return value


def pot_value_for(view: BonesView, player: int, bone_value: float) -> float:
    """Dice the player could win from the pots (centre + side pots they anted to)."""
    total = 0.0
    for size, bones, eligible in zip(view.pot_sizes, view.pot_bones, view.pot_eligible):
        if eligible is None or player in eligible:
            total += (size - bones) + bones * bone_value
    return total


class BonesAgent(Agent):
    level = "base"
    name = "Roller"
    style = ""

    def __init__(self, player, rng):
        super().__init__(player, rng)
        self._why = ""

    def act(self, view: BonesView, legal: Sequence):
        if isinstance(legal[0], Ante):
            return self.choose_ante(view, list(legal))
        return self.choose_declaration(view)

    def choose_ante(self, view: BonesView, legal: list) -> Ante:
        """Keep the bones: ante as few of them as the rules allow."""
        choice = min(legal, key=lambda a: a.bones)
        self._why = "antes six-siders and keeps the bone" if view.my_counts()[1] else "antes six-siders"
        if choice.bones:
            self._why = "has to give up a bone in the ante"
        return choice

    def choose_declaration(self, view: BonesView) -> Declare:
        raise NotImplementedError

    def explain(self) -> str:
        return self._why


class EasyAgent(BonesAgent):
    level = "easy"
    name = "Greenhorn"
    style = "rolls on a whim"

    def choose_ante(self, view, legal):
        if len(legal) > 1 and self.rng.random() < 0.3:
            choice = self.rng.choice(legal)
            self._why = "antes whatever comes to hand"
            return choice
        return super().choose_ante(view, legal)

    def choose_declaration(self, view):
        bone = self.rng.random() < 0.55
        self._why = "feels lucky with the bone" if bone else "plays it safe with a six-sider"
        return Declare(bone)


class NormalAgent(BonesAgent):
    level = "normal"
    name = "Steady Hand"
    style = "guards the bones"

    def choose_declaration(self, view):
        me = view.me
        others_bone = any(view.declared.get(p) for p in view.order if p != me)
        pot = sum(view.pot_sizes)
        if others_bone:
            self._why = "answers a bone with a bone"
            return Declare(True)
        if pot >= 2 * len(view.order) + 2:
            self._why = f"a pot of {pot} is worth the bone"
            return Declare(True)
        self._why = "keeps the bone safe for a bigger pot"
        return Declare(False)


class HardAgent(BonesAgent):
    level = "hard"
    name = "Bone Reader"
    style = "counts every face"

    bone_value = 10.0
    """What a bone is worth in six-siders.  Its value is the big pots it wins
    later (tiebreak pots run to a dozen dice), so it is risked only for a pot of
    that size; tuned with ``python -m game sim`` (2 gave 48% against Normal, 10
    gave 57%)."""

    def __init__(self, player: int, rng: random.Random) -> None:
        super().__init__(player, rng)
        self.reads: dict = {}        # (opponent, heard bone, fat pot) -> [bone answers, answers]
        self._said: tuple[int, int, bool] | None = None   # (round, stage, my first-pass call)
        self._pending: tuple[int, int, int, bool, bool] | None = None
        """(round, stage, opponent, my binding call, fat pot)"""
        self._before: tuple = (None, None)   # (_said, _pending) as the last decision found them
        self.scores: dict | None = None
        """The last decision's value per legal action, or None when it was a
        rule with no numbers (the post-game coach reads it)."""
        self.unit = ""
        """``"win"`` (P(win the game), heads-up) or ``"bone-dice"`` (expected
        six-sider dice, a bone worth ``bone_value``)."""

    # --- reading the opponent (heads-up) ---------------------------------------
    def reply_bone(self, opp: int, heard: bool, big: bool) -> float:
        """P(opp's binding call is "bone") after hearing ``heard`` from me, with
        a fat pot or not: what they did so far, starting from ``TABLE_MODEL``."""
        bones, answers = self.reads.get((opp, heard, big), (0, 0))
        prior = min(0.9, max(0.1, TABLE_MODEL[(heard, big)]))
        return (bones + 3 * prior) / (answers + 3)

    def _read(self, opp, heard, big, bone) -> None:
        tally = self.reads.setdefault((opp, heard, big), [0, 0])
        tally[0] += bool(bone)
        tally[1] += 1

    def _observe(self, view) -> None:
        """Learn the answer to my last binding call from the roll that followed."""
        pending, self._pending = self._pending, None
        result = view.last_result
        if pending is None or result is None:
            return
        rnd, stage, opp, heard, big = pending
        if result.get("round") == rnd and result.get("stage") == stage and str(opp) in result["dice"]:
            self._read(opp, heard, big, result["dice"][str(opp)] >= 10 * view.num_players)

    def _replies(self, opp) -> dict:
        return {(h, b): self.reply_bone(opp, h, b) for h in (False, True) for b in (False, True)}

    def act(self, view, legal):
        self._observe(view)
        self.scores, self.unit = None, ""
        self._before = (self._said, self._pending)
        return super().act(view, legal)

    def adopt(self, action) -> None:
        """The seat really played ``action`` (a person in the coach's seat):
        learn the opponent's answer to that call, not to the one I chose
        (only what this last decision noted is corrected)."""
        said, pending = self._before
        if isinstance(action, Declare):
            if self._said is not None and self._said is not said:
                self._said = self._said[:2] + (action.bone,)
            if self._pending is not None and self._pending is not pending:
                self._pending = self._pending[:3] + (action.bone,) + self._pending[4:]

    def choose_ante(self, view, legal):
        model = heads_up_model(view)
        if model is None or len(legal) == 1:
            return super().choose_ante(view, legal)
        me = view.me
        opp = next(p for p in view.order if p != me)
        first = view.order[0] == me
        (m6, mb), (o6, ob) = view.counts[me], view.counts[opp]
        amt = view.amounts[me]
        reply = self._replies(opp)
        if first:   # they ante after me; assume they keep their bones
            o_amt = view.amounts[opp]
            ko = max(0, o_amt - o6)
            o6, ob = o6 - o_amt + ko, ob - ko
        scores = {a.bones: model.declare_vs_model(m6 - amt + a.bones, mb - a.bones, o6, ob, first, False, reply)
                  for a in legal}
        best = max(legal, key=lambda a: (round(scores[a.bones], 12), -a.bones))
        self.scores, self.unit = {a: scores[a.bones] for a in legal}, "win"
        self._why = (f"antes {best.bones} bone{'s' if best.bones != 1 else ''}: "
                     f"{100 * scores[best.bones]:.0f}% to take the game")
        return best

    def choose_declaration(self, view):
        me = view.me
        model = heads_up_model(view)
        if model is not None:
            return self._declare_heads_up(view, model)
        if view.declare_pass == 1 and len(view.choosers) >= 2:
            # The first pass binds nobody.  Showing the bone costs nothing and
            # tempts those who must commit before me to risk theirs on a small pot.
            self._why = "shows the bone early; the second pass is the one that counts"
            return Declare(True)
        kinds = {p: bool(view.declared.get(p)) for p in view.order}
        later = view.choosers[view.choosers.index(me) + 1:]
        final = self._solve(view, kinds, [me, *later])
        others = tuple(final[p] for p in view.order if p != me)
        pot = pot_value_for(view, me, self.bone_value)
        ev = {kind: roll_value(kind, others, pot, self.bone_value) for kind in (True, False)}
        bone = final[me]
        self.scores, self.unit = {Declare(k): ev[k] for k in (True, False)}, "bone-dice"
        if bone:
            self._why = f"bone: {ev[True]:+.1f} dice expected vs {ev[False]:+.1f} with a six-sider"
        else:
            self._why = f"six-sider: {ev[False]:+.1f} dice expected vs {ev[True]:+.1f} risking the bone"
        return Declare(bone)

    def _declare_heads_up(self, view, model: HeadsUp) -> Declare:
        me = view.me
        opp = next(p for p in view.order if p != me)
        first = view.order[0] == me
        (m6, mb), (o6, ob) = view.counts[me], view.counts[opp]
        loop = view.amounts.get(me, 0) == 0
        big = model.big_pot(m6, mb, o6, ob)
        opp_chooses = o6 > 0 and ob > 0

        def answer(do):
            return max(model.roll(m6, mb, o6, ob, dm, do, first, loop) for dm in (False, True))

        if view.declare_pass == 1 and len(view.choosers) >= 2:
            if first:
                self._why = "keeps its counsel: its binding call comes first anyway"
                return Declare(False)
            # They bind before me, having heard this: say what draws the
            # answer I can punish best.
            scores = {}
            for said in (False, True):
                q = self.reply_bone(opp, said, big)
                scores[said] = q * answer(True) + (1 - q) * answer(False)
            said = scores[True] > scores[False] + 1e-12
            self._said = (view.round, view.stage, said)
            self.scores, self.unit = {Declare(k): scores[k] for k in (False, True)}, "win"
            self._why = f"calls {'bone!' if said else 'no bone'} first to draw the answer it wants"
            return Declare(said)
        if first:
            scores = {}
            for dm in (False, True):
                if opp_chooses:
                    q = self.reply_bone(opp, dm, big)
                    scores[dm] = (q * model.roll(m6, mb, o6, ob, dm, True, True, loop)
                                  + (1 - q) * model.roll(m6, mb, o6, ob, dm, False, True, loop))
                else:
                    scores[dm] = model.roll(m6, mb, o6, ob, dm, ob > 0, True, loop)
        else:
            do = bool(view.declared.get(opp))
            if opp_chooses and self._said and self._said[:2] == (view.round, view.stage):
                self._read(opp, self._said[2], big, do)
            scores = {dm: model.roll(m6, mb, o6, ob, dm, do, False, loop) for dm in (False, True)}
        bone = scores[True] > scores[False] + 1e-12
        self.scores, self.unit = {Declare(k): scores[k] for k in (False, True)}, "win"
        if first and opp_chooses:
            self._pending = (view.round, view.stage, opp, bone, big)
        self._why = (f"{'bone' if bone else 'six-sider'}: {100 * scores[bone]:.0f}% to take the game "
                     f"vs {100 * scores[not bone]:.0f}%")
        return Declare(bone)

    def _solve(self, view, kinds: dict, speakers: list) -> dict:
        """Backward induction over the binding pass: each speaker picks the kind
        with the best expected dice, knowing everyone after them answers the
        same way.  At most 2**6 leaves, each an exact outcome table."""
        if not speakers:
            return kinds
        player, rest = speakers[0], speakers[1:]
        best_profile, best_value = None, None
        for kind in (False, True):
            trial = dict(kinds)
            trial[player] = kind
            profile = self._solve(view, trial, rest)
            others = tuple(profile[p] for p in view.order if p != player)
            value = roll_value(kind, others, pot_value_for(view, player, self.bone_value), self.bone_value)
            if best_value is None or value > best_value + 1e-12:
                best_profile, best_value = profile, value
        assert best_profile is not None, "both kinds were tried"
        return best_profile


AGENTS = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def make_agent(level: str, player: int, rng) -> BonesAgent:
    return agent_for_level(AGENTS, level, player, rng)
