"""Diced Out's post-game coach hook (see ``game.core.coach``): free marks,
skipping the free mark, and the reroll penalty, weighed against the exact
solver (``solver.solve``: the expected round score under best play) and
the Hard AI's penalty reading (``HardAgent.penalty_chances``).

A free mark is valued by the expected final score of the round after it
(lower is better; the coach's values are the negated scores), so "you
marked 7: 11.2 expected points; best: 12 (9.8)" is the solver's own
arithmetic.  Everything in Diced Out is public."""
from __future__ import annotations


from ...core.coach import SCALES, Advice, Choice, SeatCoach, play_on
from .ai import HardAgent
from .rules import FreeMark, Penalise, SkipFreeMark
from .solver import numbers_of, solve, unmarked_sum


class DicedOutCoach(SeatCoach):
    """The solver needs no memory: nothing to learn between decisions."""
    agent_class = HardAgent

    def advise(self, view, legal, action) -> Advice | None:
        me = view.me
        if isinstance(action, (FreeMark, SkipFreeMark)):
            mask, rerolls = view.marked[me], view.rerolls[me]
            values = solve(view.bonus).free_mark_values(mask, rerolls)
            options = []
            for a in legal:
                n = a.number if isinstance(a, FreeMark) else 0
                if n in values:
                    text = f"Mark {n}" if n else "Skip the free mark"
                    options.append(Choice(a, text, -values[n], f"{values[n]:.1f} expected points",
                                          figure=f"{values[n]:.1f}"))
            options.sort(key=lambda c: -c.value)
            made = next((c for c in options if c.key == action), None)
            if made is None or len(options) < 2:
                return None
            open_numbers = [n for n in range(2, 13) if not mask & (1 << (n - 2))]
            marked = " ".join(map(str, numbers_of(mask)))   # "Your sheet had 12 marked" read as twelve numbers
            situation = (f"{f'Marked on your sheet: {marked}' if marked else 'Nothing marked on your sheet yet'}; "
                         f"still open: {' '.join(map(str, open_numbers))} ({unmarked_sum(mask)} points if you were "
                         f"Diced Out now), {rerolls} reroll{'s' if rerolls != 1 else ''} left. "
                         f"Bonus numbers: {' and '.join(map(str, view.bonus))}.")
            move = f"You marked {action.number} free" if isinstance(action, FreeMark) else "You skipped the free mark"
            kind = "free mark"
            return Advice(kind, situation, move, made, tuple(options), SCALES["points"])
        if isinstance(action, Penalise):
            targets = [a.target for a in legal]
            if len(targets) < 2:
                return None
            chances = self.agent.penalty_chances(view, targets)
            options = sorted((Choice(Penalise(t), f"Take a reroll from {self.names[t]}", c,
                                     f"{100 * c:.0f}% they finish below you", c,
                                     figure=f"{100 * c:.0f}%")
                              for t, c in chances.items()), key=lambda c: -c.value)
            made = next(c for c in options if c.key == action)
            totals = view.totals
            situation = ("You had the round's lowest score and chose who plays next round with two "
                         "rerolls. Totals: " + ", ".join(f"{self.whom(p)} {totals[p]}" for p in range(view.num_players))
                         + f"; {view.rounds_left} round{'s' if view.rounds_left != 1 else ''} left.")
            return Advice("penalty", situation, f"You took a reroll from {self.names[action.target]}", made,
                          tuple(options), SCALES["chance"],
                          note="The Hard AI weighs each rival's chance to finish below you, rounds "
                               "taken as independent with the solver's mean and spread.")
        return None

    def aftermath(self, before, action, after, rest) -> tuple[str, str]:
        label = "What happened next"
        seat = self.seat
        if isinstance(action, Penalise):
            end = play_on(after, rest, lambda s: s.is_terminal() or s.round_index > after.round_index)
            if end is None:
                return label, ""
            score = end.round_scores[action.target][-1]
            return label, f"{self.names[action.target]} scored {score} in the next round with two rerolls."
        done = play_on(after, rest, lambda s: s.round_score[seat] is not None) \
            if after.round_score[seat] is None else after
        if done is None:
            return label, ""
        return label, f"You finished the round with {done.round_score[seat]} points."


def make_coach(game, seat: int, names) -> DicedOutCoach:
    return DicedOutCoach(game, seat, names)
