"""Roll the Bones' post-game coach hook (see ``game.core.coach``): ante
choices and binding bone announcements weighed by the Hard AI.

A shadow ``HardAgent`` sits in the coached seat and decides each of the
seat's moves from the seat's view (everything in this game is public);
its ``scores`` are the values: heads-up, the chance to win the whole game
from the solved heads-up tables (``_tables.py``); with more players, the
expected dice of the roll (a bone worth ``bone_value`` six-siders).  Two
choices carry no numbers and are not weighed: a first-pass announcement
that binds nobody while the seat speaks first, and an ante at a table of
three or more, where Hard follows a rule (keep the bones out of the ante)
that the coach states instead."""
from __future__ import annotations

import random

from ...core.coach import SCALES, Advice, Choice, SeatCoach, play_on
from .ai import HardAgent
from .prompts import ante_choice
from .rules import Ante


def _choice_text(action, amount: int) -> str:
    """A move in the words its button used (``prompts.ante_choice`` for an ante of ``amount`` dice)."""
    if isinstance(action, Ante):
        return ante_choice(amount, action.bones)
    return "Roll the bone" if action.bone else "Roll a six-sider"


def _odds(value: float, unit: str) -> str:
    return f"{100 * value:.0f}% to win the game" if unit == "win" else f"{value:+.1f} dice expected"


def _figure(value: float, unit: str) -> str:
    """The value alone, for the options table (its header names the unit)."""
    return f"{100 * value:.0f}%" if unit == "win" else f"{value:+.1f}"


def _dice(d6: int, bones: int) -> str:
    six = f"{d6} six-sider{'s' if d6 != 1 else ''}"
    return six + (f" and {bones} bone{'s' if bones != 1 else ''}" if bones else "")


class BonesCoach(SeatCoach):
    """Hard learns from the rolls it sees at its own decisions (inside the agent)."""
    agent_class = HardAgent

    def __init__(self, game, seat: int, names):
        super().__init__(game, seat, names)
        self.agent.seat_names = self.names

    def situation(self, view) -> str:
        d6, bones = view.my_counts()
        pot = sum(view.pot_sizes)
        pot_bones = sum(view.pot_bones)
        players = len(view.order)
        text = (f"You held {_dice(d6, bones)}; {players} players in this "
                f"{'roll' if not view.stage else 'tie-break'}, {pot} dice in the pots"
                + (f" ({pot_bones} bones)" if pot_bones else "") + ".")
        if view.phase == "ante":
            amount = view.amounts.get(view.me, 0)
            text += f" Your ante: {amount} {'die' if amount == 1 else 'dice'}."
        else:
            said = [f"{self.who(p)} {'will roll the bone' if b else 'will not roll the bone'}"
                    for p, b in view.declared.items()
                    if b is not None and p != view.me]
            if said:
                text += " Announced so far: " + ", ".join(said) + "."
            if view.declare_pass == 2:
                text += " Second time round the table: what you announce now, you must roll."
        return text

    def advise(self, view, legal, action) -> Advice | None:
        if len(legal) < 2:
            return None
        agent = self.agent
        agent.rng = random.Random(0)
        agent.act(view, list(legal))
        agent.adopt(action)
        scores = agent.scores
        kind = "ante" if isinstance(action, Ante) else "bone call"
        amount = view.amounts.get(view.me, 0)
        move = "You " + _choice_text(action, amount).lower().replace("ante ", "anted ").replace("roll ", "rolled ")
        if scores is None:
            if not isinstance(action, Ante):
                return None  # a first-pass call that binds nobody
            fewest = min(a.bones for a in legal)
            options = tuple(Choice(a, _choice_text(a, amount), -float(a.bones - fewest)) for a in
                            sorted(legal, key=lambda a: a.bones))
            made = next(c for c in options if c.key == action)
            return Advice(kind, self.situation(view), move, made, options, SCALES["bone-dice"],
                          note="With three or more at the table the Hard AI keeps its bones out of "
                               "the ante: a bone wins the big pots later.",
                          forced_verdict="good" if action.bones == fewest else "questionable")
        unit = agent.unit
        options = tuple(sorted((Choice(a, _choice_text(a, amount), v, _odds(v, unit), v if unit == "win" else None,
                                       figure=_figure(v, unit))
                                for a, v in scores.items()),
                               key=lambda c: -c.value))
        found = next((c for c in options if c.key == action), None)
        if found is None:
            return None
        return Advice(kind, self.situation(view), move, found, options, SCALES[unit])

    def aftermath(self, before, action, after, rest) -> tuple[str, str]:
        label = "What happened next"
        seen = len(after.results_log)
        if seen == len(before.results_log):
            after = play_on(after, rest, lambda s: len(s.results_log) > seen)
        if after is None:
            return label, "The game ended before the next roll."
        result = after.results_log[-1] if after.results_log else None
        if result is None:
            return label, ""
        n = after.n
        rolls = []
        for p, face in result["faces"].items():
            die = result["dice"][p]
            bone = " (bone)" if die >= 10 * n else ""
            rolls.append(f"{self.whom(int(p))} {face}{bone}")
        text = "The roll: " + ", ".join(rolls) + ". "
        if result["kind"] == "tie":
            text += "A tie: " + " and ".join(self.whom(p) for p in result["tied"]) + " rolled again."
        else:
            winner = result["winner"]
            haul = sum(len(d) for d in result["haul"].values())
            text += f"{self.who(winner)} {'take' if winner == self.seat else 'takes'} the roll ({haul} dice moved)."
        return label, text


def make_coach(game, seat: int, names) -> BonesCoach:
    return BonesCoach(game, seat, names)
