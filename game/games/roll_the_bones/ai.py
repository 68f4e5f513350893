"""Roll the Bones opponents.

Two decisions matter: which dice to ante (bones are worth more than
six-siders: a d12 beats a d6 about 71% of the time) and whether to roll the
bone, given the others' announcements and the pot.

* Easy, "Greenhorn": announces on a whim and sometimes antes a bone.
* Normal, "Steady Hand": keeps bones out of the ante; rolls the bone only when
  the pot is fat or someone else already announced theirs.
* Hard, "Bone Reader": shows its bone in the non-binding first pass, then
  solves the binding pass as the small game it is: for each choice it
  enumerates every face of every die on the table (ties re-rolled, shared
  evenly) to get the expected dice won, letting every player still to speak
  answer the same way (backward induction, at most 2**6 lines).

Pure Python; agents see only ``BonesView`` and the legal actions.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from game.core.agents import Agent

from .rules import Ante, BonesView, Declare

SIDES = {False: 6, True: 12}


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

    def choose_declaration(self, view):
        me = view.me
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
        if bone:
            self._why = f"bone: {ev[True]:+.1f} dice expected vs {ev[False]:+.1f} with a six-sider"
        else:
            self._why = f"six-sider: {ev[False]:+.1f} dice expected vs {ev[True]:+.1f} risking the bone"
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
        return best_profile


AGENTS = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def make_agent(level: str, player: int, rng) -> BonesAgent:
    try:
        return AGENTS[level](player, rng)
    except KeyError:
        raise ValueError(f"unknown AI level {level!r}; choose easy, normal or hard") from None
