"""Roll For It!'s post-game coach hook (see ``game.core.coach``): each
placement (or keeping the rest) and each Take Back decision, weighed by the
Hard AI's own evaluation (``ai.HardAgent``: expected points per turn).

A placement is valued as the best whole plan for the roll that starts with
it (``HardAgent.plan_values``: the other dice placed as well as possible),
keeping the rest as the plan that places nothing more; Take Back as a fresh
start with six dice against the dice left on the cards
(``HardAgent.take_back_values``).  Hard's own margin before it takes back is
a habit, not a value, so the coach compares the two values as they are.
Moves where every option is worth the same (a die that fits one card only,
and keeping it is no better) are not listed.  Everything is public except
the deck, which the view does not show."""
from __future__ import annotations


from ...core.coach import SCALES, Advice, Choice, SeatCoach, play_on
from ...core.narration import unbroken
from .ai import HardAgent
from .narrate import picture_words
from .rules import KeepRest, Pass, Place, Roll, TakeBack

WIN = 1e5
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def card_name(view, slot: int) -> str:
    """The card in ``slot`` as the table names it, by its points ("the
    10-point card"); where two cards on the table are worth the same, which
    one, left to right ("the second 10-point card"): the coach once offered
    "a 3 on the 10-point card" twice, one row for each."""
    c = view.slots[slot]
    same = [s for s, d in enumerate(view.slots) if d is not None and d.points == c.points]
    which = f"{ORDINALS[same.index(slot)]} " if len(same) > 1 and same.index(slot) < len(ORDINALS) else ""
    return f"the {which}{c.points}-point card"


def _rate(value: float) -> str:
    return "wins the game" if value >= WIN else f"{value:.2f} points a turn"


def _figure(value: float) -> str:
    """The rate alone, for the options table (its header says "points a turn")."""
    return "wins the game" if value >= WIN else f"{value:.2f}"


class RollForItCoach(SeatCoach):
    """Hard reads each position afresh; the coach remembers only the whole
    roll of the turn, for its words (``watch``)."""
    agent_class = HardAgent

    def __init__(self, game, seat: int, names):
        super().__init__(game, seat, names)
        self.turn_roll: tuple[int, ...] = ()
        """The dice this seat rolled this turn, placed ones included (a view shows only those left)."""

    def watch(self, view) -> None:
        """Remember the turn's whole roll: a later placement's view shows
        only the dice left, and "You rolled 1 3 5" after two of 1 1 3 5 6 6
        were placed was not what the player rolled."""
        if view.phase != "place" or view.turn_player != view.me:
            self.turn_roll = ()
        elif not self.turn_roll:
            self.turn_roll = tuple(view.rolled)

    def situation(self, view) -> str:
        """What the player saw: the score and the roll (or the dice in hand)
        in a line, then the cards, a line breaking between two cards only
        (issue 39: one sentence over three lines, broken mid-card, "(Mags
        10)" saying nothing of who led)."""
        me = view.me
        rivals = [p for p in range(view.num_players) if p != me]
        lead = max(rivals, key=lambda p: view.scores[p]) if rivals else None
        mine = view.scores[me]
        text = f"You had {mine} of {view.target} points"
        if lead is not None:
            theirs, name = view.scores[lead], self.names[lead]
            text += (f"; {name} led with {theirs}." if theirs > mine else f", as did {name}." if theirs == mine
                     else f" and led; {name} had {theirs}.")
        else:
            text += "."
        if view.phase == "place":
            left = " ".join(map(str, sorted(view.rolled)))
            if len(self.turn_roll) > len(view.rolled):   # some of the roll already placed
                text += f" You rolled {' '.join(map(str, sorted(self.turn_roll)))}; still to place: {left}."
            else:
                text += f" You rolled {left}."
        else:
            text += f" You had {view.hands[me]} dice in hand, {6 - view.hands[me]} on cards."
        cards: list[str] = []
        for s, c in enumerate(view.slots):
            if c is None:
                continue
            have = len(c.images) - len(view.needed(s, me))
            yours = f" ({have} of yours)" if have else ""
            cards.append(unbroken(f"{c.points}{' points' if not cards else ''} for {picture_words(list(c.images), short=True)}{yours}"))
        return text + "\nCards, left to right: " + "; ".join(cards) + "."   # a line breaks between cards only

    def advise(self, view, legal, action) -> Advice | None:
        agent = self.agent
        if isinstance(action, (Place, KeepRest)) and view.phase == "place":
            plans = agent.plan_values(view)
            if not plans:
                return None
            options: list[Choice] = []
            keep = max((v for plan, v in plans if not plan), default=None)
            if keep is not None and KeepRest() in legal:
                options.append(Choice(KeepRest(), "keep the rest (end the turn)", keep, _rate(keep), figure=_figure(keep)))
            for a in legal:
                if not isinstance(a, Place):
                    continue
                slot = view.slot_of(a.card)
                best = max((v for plan, v in plans if any(f == a.face and s == slot for f, s, _k in plan)),
                           default=None)
                if best is not None:
                    options.append(Choice(a, f"a {a.face} on {card_name(view, slot)}", best, _rate(best),
                                          figure=_figure(best)))
            options.sort(key=lambda c: -c.value)
            made = next((c for c in options if c.key == action), None)
            if made is None or len(options) < 2 or options[0].value - options[-1].value < 1e-9:
                return None
            if isinstance(action, Place):
                move = f"You placed a {action.face} on {card_name(view, view.slot_of(action.card))}"
                kind = "placement"
            else:
                move, kind = "You kept the rest", "placement"
            return Advice(kind, self.situation(view), move, made, tuple(options), SCALES["rate"])
        if isinstance(action, (Roll, Pass, TakeBack)) and TakeBack() in legal:
            now, restart = agent.take_back_values(view)
            stay = next((a for a in (Roll(), Pass()) if a in legal), None)
            if stay is None:
                return None
            options = sorted([Choice(TakeBack(), "Take Back", restart, _rate(restart), figure=_figure(restart)),
                              Choice(stay, "Keep the dice on the cards", now, _rate(now), figure=_figure(now))],
                             key=lambda c: -c.value)
            made = next((c for c in options if c.key == action), None)
            if made is None:
                return None
            move = "You took back all your dice" if isinstance(action, TakeBack) else \
                "You kept your dice on the cards"
            return Advice("Take Back choice", self.situation(view), move, made, tuple(options), SCALES["rate"])
        return None

    def aftermath(self, before, action, after, rest) -> tuple[str, str]:
        label = "What happened next"
        seat = self.seat
        gone = {"left": False}

        def stop(s):
            if s.is_terminal():
                return True
            if s.turn_player() != seat:
                gone["left"] = True
            return gone["left"] and s.phase == "place" and s.turn_player() == seat and bool(s.rolled)
        later = after if after.is_terminal() else play_on(after, rest, stop)
        if later is None:
            return label, "The game ended before your next roll."
        scores = ", ".join(f"{self.whom(p)} {later.scores[p]}" for p in range(later.n))
        if later.is_terminal():
            return label, f"The game ended. Final scores: {scores}."
        return label, f"Your next roll: {' '.join(map(str, sorted(later.rolled)))}. Scores then: {scores}."


def make_coach(game, seat: int, names) -> RollForItCoach:
    return RollForItCoach(game, seat, names)
