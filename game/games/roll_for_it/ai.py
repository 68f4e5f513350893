"""Roll For It! opponents (pure; they see only views).

Two decisions make the game: where each rolled die goes (or whether it stays
in hand), and when to Take Back.

* Easy, "Magpie": a beginner. Always scores a card this roll can finish;
  otherwise piles matching dice on its favourite card (the one it has most
  dice on, else the one this roll matches best; now and then just one it
  fancies), sometimes spreads the dice that miss it over other cards, never
  looks at the rivals, and takes back only when all six dice are stuck.
* Normal, "Steady": finishes what it started: each die goes to the card it
  is closest to completing (bigger cards first on ties).
* Hard, "Shark": scores whole placement plans by expected points per turn:
  for every card, points x the chance of finishing it before the rivals
  (from the exact expected-turns odds of each player's open images and free
  dice) / the turns it will take; it focuses on the best cards, avoids
  feeding cards a rival is about to take, and takes back when a fresh start
  with six dice is worth more than the dice it has on the table.
"""
from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Sequence

from ...core.agents import Agent, agent_for_level
from ...core.protocol import Action
from .odds import expected_turns
from .rules import DICE_PER_PLAYER, KeepRest, Pass, Place, Roll, RollForItView, TakeBack

FOCUS_WEIGHTS = (1.0, 0.1)
"""Weight of each card's rate, best first: dice are shared, so only a few
cards can be chased at once."""
UNSTARTED_RIVAL = 1.5
"""A rival who has not started a card is this much slower at it (they may chase another)."""
WIN_BONUS = 10.0
"""Extra worth of a card that reaches the target (points past the target count for nothing)."""
DENY_WEIGHT = 0.5
"""Share of a rival's progress on a card that counts as a gain when we score it first."""
SPEED_EXP = 1.5
"""Exponent on our speed (1 / expected turns) in a card's rate: above 1 favours quick cards,
which free the dice sooner and leave the rivals less time (tuned by sim)."""
TAKEBACK_MARGIN = 0.3
"""A fresh start must beat the dice on the table by this fraction before Hard takes back."""
EASY_SPREAD = 0.3
"""Chance Easy drops a die that misses its favourite card on some other card anyway."""
EASY_WHIM = 0.15
"""Chance Easy's favourite card this move is just one it fancies, not the one it has started."""


def _first_placement(legal: Sequence[Action]) -> list[Place]:
    return [a for a in legal if isinstance(a, Place)]


class RollForItAgent(Agent):
    name = "Player"
    style = ""

    def __init__(self, player, rng):
        super().__init__(player, rng)
        self._why = ""

    def explain(self) -> str:
        return self._why

    def act(self, view: RollForItView, legal: Sequence[Action]) -> Action:
        if view.phase == "place":
            if not _first_placement(legal):
                self._why = "nothing fits"
                return KeepRest()
            return self.place(view, legal)
        return self.start(view, legal)

    def start(self, view: RollForItView, legal: Sequence[Action]) -> Action:
        if Roll() in legal:
            self._why = "rolls the free dice"
            return Roll()
        self._why = "all dice are stuck on cards: takes them back"
        return TakeBack()

    def place(self, view: RollForItView, legal: Sequence[Action]) -> Action:
        """Choose a placement (or KeepRest); ``act`` calls it only when at
        least one rolled die fits a card."""
        raise NotImplementedError


class EasyAgent(RollForItAgent):
    """A beginner: never misses a card it can score right now, otherwise piles
    matching dice onto its favourite card, sometimes spreads the rest thin over
    other cards, ignores the rivals and only takes back when it has no dice left."""
    level = "easy"
    name = "Magpie"
    style = "grabs whatever fits"

    spread_chance = EASY_SPREAD
    whim_chance = EASY_WHIM

    def start(self, view, legal):
        if TakeBack() in legal and view.hands[view.me] == 0:
            self._why = "all dice are stuck on cards: takes them all back"
            return TakeBack()
        return super().start(view, legal)

    def place(self, view, legal):
        options = _first_placement(legal)
        rolled = Counter(view.rolled)
        slot_of = {a: view.slot_of(a.card) for a in options}
        # 1. A card it can score with this roll: always seen.
        finish = [a for a in options if not Counter(view.needed(slot_of[a], view.me)) - rolled]
        if finish:
            choice = max(finish, key=lambda a: view.slots[slot_of[a]].points)
            self._why = f"can score the {view.slots[slot_of[choice]].points}-point card right now"
            return choice

        # 2. Its favourite card: the one it has most dice on, else the one this roll matches best.
        def progress(slot: int) -> int:
            return len(view.covers[slot][view.me])

        def matches(slot: int) -> int:
            return sum(min(k, rolled[f]) for f, k in Counter(view.needed(slot, view.me)).items())
        if self.rng.random() < self.whim_chance:
            favourite = self.rng.choice(sorted({slot_of[a] for a in options}))
        else:
            favourite = max((s for s, c in enumerate(view.slots) if c is not None),
                            key=lambda s: (progress(s), matches(s), view.slots[s].points))
        mine = [a for a in options if slot_of[a] == favourite]
        if mine:
            choice = self.rng.choice(mine)
            self._why = f"piles a {choice.face} on its favourite card"
            return choice
        # 3. Nothing more fits the favourite: sometimes spreads the rest thin.
        if self.rng.random() < self.spread_chance:
            choice = self.rng.choice(options)
            self._why = f"a {choice.face} fits there too"
            return choice
        self._why = "keeps the rest"
        return KeepRest()


class NormalAgent(RollForItAgent):
    level = "normal"
    name = "Steady"
    style = "finishes what it starts"

    def start(self, view, legal):
        hand = view.hands[view.me]
        closest = min((len(view.needed(s, view.me)) for s, c in enumerate(view.slots) if c is not None),
                      default=0)
        if TakeBack() in legal and hand <= 2 and closest > hand:
            self._why = "too few dice to finish anything: takes them all back"
            return TakeBack()
        return super().start(view, legal)

    def place(self, view, legal):
        options = _first_placement(legal)

        def closeness(a: Place):
            slot = view.slot_of(a.card)
            size = len(view.slots[slot].images)
            left = len(view.needed(slot, view.me)) - 1
            return (-left, size - left, view.slots[slot].points)
        started = {s for s, c in enumerate(view.slots)
                   if c is not None and len(view.needed(s, view.me)) < len(c.images)}
        rolled = Counter(view.rolled)

        def finishable_now(slot: int) -> bool:
            return not Counter(view.needed(slot, view.me)) - rolled
        focus = [a for a in options
                 if not started or view.slot_of(a.card) in started or finishable_now(view.slot_of(a.card))]
        if not focus:
            self._why = "keeps the rest for the card it is chasing"
            return KeepRest()
        options = focus
        choice = max(options, key=closeness)
        self._why = f"puts the {choice.face} on the card it is closest to finishing"
        return choice


class HardAgent(RollForItAgent):
    level = "hard"
    name = "Shark"
    style = "counts the odds and the rivals"

    focus_weights = FOCUS_WEIGHTS
    unstarted_rival = UNSTARTED_RIVAL
    win_bonus = WIN_BONUS
    deny_weight = DENY_WEIGHT
    speed_exp = SPEED_EXP
    takeback_margin = TAKEBACK_MARGIN

    # --- evaluation ---------------------------------------------------------
    def _context(self, view: RollForItView) -> dict[int, tuple]:
        """Per face-up slot, the facts that do not depend on this turn's plan:
        (my open images, the rivals' combined speed on it, what scoring it is worth to me)."""
        me, n, target = view.me, view.num_players, view.target
        remaining = target - view.scores[me]
        ctx = {}
        for s, card in enumerate(view.slots):
            if card is None:
                continue
            covers = view.covers[s]
            images = card.images
            size = len(images)
            mine = tuple(f for i, f in enumerate(images) if i not in covers[me])
            rival_speed = deny = 0.0
            for p in range(n):
                if p == me:
                    continue
                have = covers[p]
                theirs = tuple(f for i, f in enumerate(images) if i not in have)
                turns = expected_turns(theirs, view.hands[p])
                if not have:
                    turns *= self.unstarted_rival
                speed = 1.0 / turns
                rival_speed += speed
                worth = card.points + (self.win_bonus if view.scores[p] + card.points >= target else 0.0)
                if have:
                    # Scoring the card first sends the rival's dice home: their progress is lost.
                    deny += self.deny_weight * worth * len(have) / size
            worth = (min(card.points, remaining)
                     + (self.win_bonus if card.points >= remaining else 0.0))
            ctx[s] = (mine, rival_speed, worth + deny)
        return ctx

    def position_value(self, ctx: dict[int, tuple], needs: dict[int, tuple[int, ...]], free: int,
                       banked: float = 0.0) -> float:
        """Focus-weighted expected points per turn over the cards, plus points banked now.

        A card's rate: its worth x P(we finish it before the rivals) x our speed on it."""
        rates = []
        for s, needed in needs.items():
            _, rival_speed, worth = ctx[s]
            if not needed:
                rates.append(worth)
                continue
            my_speed = 1.0 / expected_turns(needed, free)
            first = my_speed / (my_speed + rival_speed)
            rates.append(worth * first * my_speed ** self.speed_exp)
        rates.sort(reverse=True)
        return banked + sum(w * r for w, r in zip(self.focus_weights, rates))

    # --- take back ----------------------------------------------------------
    def take_back_values(self, view) -> tuple[float, float]:
        """(expected points per turn keeping the dice on the cards, after a
        Take Back): the two sides of the Take Back decision (public: the coach)."""
        ctx = self._context(view)
        needs = {s: c[0] for s, c in ctx.items()}
        now = self.position_value(ctx, needs, view.hands[view.me])
        fresh = {s: view.slots[s].images for s in ctx}
        return now, self.position_value(ctx, fresh, DICE_PER_PLAYER)

    def start(self, view, legal):
        if TakeBack() not in legal:
            self._why = "rolls all six dice"
            return Roll()
        now, restart = self.take_back_values(view)
        if restart > now + self.takeback_margin * abs(now) or Roll() not in legal and restart > now:
            self._why = f"takes back: a fresh start is worth {restart:.2f} pts/turn vs {now:.2f}"
            return TakeBack()
        if Roll() in legal:
            self._why = f"keeps its dice on the cards ({now:.2f} pts/turn) and rolls the rest"
            return Roll()
        self._why = "waits: its dice are worth more where they are"
        return Pass()

    # --- placement ------------------------------------------------------------
    @staticmethod
    def _plans(needs: dict[int, tuple[int, ...]], rolled: Sequence[int]):
        """Every way to spread the rolled dice over the cards (one per open image)."""
        per_face = []
        for face, count in sorted(Counter(rolled).items()):
            targets = [(s, needs[s].count(face)) for s in needs if face in needs[s]]
            options = []
            for split in product(*(range(k + 1) for _, k in targets)):
                if sum(split) <= count:
                    options.append(tuple((face, s, k) for (s, _), k in zip(targets, split) if k))
            per_face.append(options)
        for combo in product(*per_face):
            yield tuple(step for part in combo for step in part)

    def _plan_value(self, view: RollForItView, ctx, needs, plan) -> float:
        needs = {s: list(n) for s, n in needs.items()}
        free = view.hands[view.me]
        for face, slot, k in plan:
            for _ in range(k):
                needs[slot].remove(face)
            free -= k
        banked = 0.0
        for slot in [s for s, n in needs.items() if not n]:
            card = view.slots[slot]
            banked += ctx[slot][2]
            free += len(card.images)
            del needs[slot]
        if view.scores[view.me] + sum(view.slots[s].points for s in ctx if s not in needs) >= view.target:
            return 1e6
        return self.position_value(ctx, {s: tuple(n) for s, n in needs.items()}, free, banked)

    def plan_values(self, view) -> list[tuple[tuple, float]]:
        """Every way to place this roll's dice, ``((face, slot, count), ...)``,
        with its value (expected points per turn; 1e6 wins the game), in the
        order Hard tries them (public: the coach weighs a person's placement)."""
        ctx = self._context(view)
        needs = {s: c[0] for s, c in ctx.items()}
        return [(plan, self._plan_value(view, ctx, needs, plan)) for plan in self._plans(needs, view.rolled)]

    def place(self, view, legal):
        needs = {s: c[0] for s, c in self._context(view).items()}
        best_plan: tuple = ()
        best_value: float | None = None
        for plan, value in self.plan_values(view):
            if best_value is None or value > best_value + 1e-12:
                best_plan, best_value = plan, value
        if not best_plan:
            self._why = "keeps the rest: no placement improves its odds"
            return KeepRest()
        # Finish a card first, so the replacement card can still take the rest of this roll.
        finishing = [(f, s) for f, s, k in best_plan if len(needs[s]) == sum(
            kk for ff, ss, kk in best_plan if ss == s)]
        face, slot = finishing[0] if finishing else best_plan[0][:2]
        card = view.slots[slot]
        self._why = (f"places a {face} on the {card.points}-point card "
                     f"({best_value:.2f} expected pts/turn)")
        return Place(face, card.id)


LEVELS = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def make_agent(level: str, player: int, rng) -> RollForItAgent:
    return agent_for_level(LEVELS, level, player, rng)
