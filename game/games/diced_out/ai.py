"""Diced Out opponents.  Two decisions exist: the free mark after a bonus
number, and whom to take a reroll from after winning a round.

The free mark is a choice ("you MAY"): an agent answers ``None`` to skip it.

* Easy, "Lucky Lou": marks any number and penalises anyone, at random.
* Normal, "Steady Sal": marks the rarest total (highest on ties) and
  penalises whoever leads the others.
* Hard, "The Actuary": free marks, or skips the free mark, from the exact
  solution of the round (``solver``), and penalises the opponent most likely
  to finish below it.

Easy and Normal always take the free mark.  Skipping is the better play only
in rare corners (never with the default bonus numbers; with {6, 7} among the
bonus numbers, 6 and 7 the last open and all three rerolls left), and the
rule of thumb "skip when the last two open numbers are both bonus numbers"
cost 0.01-0.18 points a round in 7 of 13 bonus sets tried (``solver.evaluate``).

Pure: sees only ``TableView`` and the legal actions.
"""
from __future__ import annotations

import math
from typing import Sequence

from ...core.agents import Agent, agent_for_level
from ...core.protocol import Action
from .rules import FreeMark, Penalise, SkipFreeMark, TableView
from .solver import ROLL_PROB, solve

PERSONAS = {
    "easy": ("Lucky Lou", "marks on a whim"),
    "normal": ("Steady Sal", "marks the rare numbers"),
    "hard": ("The Actuary", "plays the exact odds"),
}

solve()  # the default bonus set's table, ready before the first decision


class DicedOutAgent(Agent):
    """Shared shape: dispatch on the decision, remember a one-line reason."""

    def __init__(self, player, rng):
        super().__init__(player, rng)
        self.name, self.style = PERSONAS[self.level]
        self._why = ""

    def act(self, view: TableView, legal: Sequence) -> Action:
        numbers = [a.number for a in legal if isinstance(a, FreeMark)]
        if numbers:
            number = self.free_mark(view, numbers)
            if number is None and SkipFreeMark() in legal:
                return SkipFreeMark()
            return FreeMark(number if number is not None else numbers[-1])
        target = self.penalise(view, [a.target for a in legal])
        return Penalise(target)

    def explain(self) -> str:
        return self._why

    def free_mark(self, view: TableView, numbers: list[int]) -> int | None:
        """The number to mark free, or None to skip the free mark."""
        raise NotImplementedError

    def penalise(self, view: TableView, targets: list[int]) -> int:
        raise NotImplementedError


class EasyAgent(DicedOutAgent):
    level = "easy"

    def free_mark(self, view, numbers):
        number = self.rng.choice(numbers)
        self._why = f"{number} felt lucky"
        return number

    def penalise(self, view, targets):
        target = self.rng.choice(targets)
        self._why = "picked a player at random"
        return target


def leading_opponent(view: TableView, targets: list[int]) -> int:
    """The opponent with the lowest total (earliest seat on ties)."""
    totals = view.totals
    return min(targets, key=lambda t: (totals[t], t))


class NormalAgent(DicedOutAgent):
    level = "normal"

    def free_mark(self, view, numbers):
        number = min(numbers, key=lambda n: (ROLL_PROB[n], -n))
        self._why = f"{number} rarely comes up, so mark it now"
        return number

    def penalise(self, view, targets):
        target = leading_opponent(view, targets)
        self._why = f"seat {target + 1} leads the others"
        return target


class HardAgent(DicedOutAgent):
    level = "hard"

    def free_mark(self, view, numbers):
        me = view.me
        solution = solve(view.bonus)
        options = solution.free_mark_values(view.marked[me], view.rerolls[me])
        number = min(numbers, key=lambda n: (options[n], -n))
        if options[0] < options[number] - 1e-12:
            self._why = (f"skips the free mark: an expected {options[0]:.2f} points this round "
                         f"against {options[number]:.2f} after marking {number}")
            return None
        self._why = f"marking {number} leaves an expected {options[number]:.1f} points this round"
        return number

    def penalty_chances(self, view: TableView, targets: list[int]) -> dict[int, float]:
        """Per target, the chance they finish below me if they lose the reroll
        (public: the coach weighs a person's choice with it)."""
        return {t: self.threat(view, t) for t in targets}

    def penalise(self, view, targets):
        chances = self.penalty_chances(view, targets)
        target = max(targets, key=lambda t: (chances[t], -t))
        self._why = f"seat {target + 1} has a {100 * chances[target]:.0f}% chance to finish below me"
        return target

    def threat(self, view: TableView, rival: int) -> float:
        """P(rival's final total < mine), rounds as independent normals
        with the solved mean and spread; the rival loses the reroll."""
        solution = solve(view.bonus)
        rounds = view.rounds_left
        mean, sd = solution.expected(), solution.std()
        penalised = solution.expected(0, 2)
        gap = view.totals[view.me] - view.totals[rival]   # > 0: the rival is ahead
        drift = penalised - mean                          # the rival's extra expected points
        spread = math.sqrt(2 * rounds) * sd or 1.0
        return 0.5 * (1.0 + math.erf((gap - drift) / (spread * math.sqrt(2.0))))


LEVELS = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def make_agent(level: str, player: int, rng) -> DicedOutAgent:
    return agent_for_level(LEVELS, level, player, rng)

