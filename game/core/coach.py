"""The post-game coach: a finished game's human decisions, each weighed by
the Hard AI's own evaluation (pure Python, no pygame).

A game is ``(options, seed, actions)``, so the coach replays the record and,
at every action of the coached seat, asks the game's coach hook
(``game/games/<pkg>/coach.py``, found through ``games.coach_hook``) for an
``Advice``: the situation in words, the value of the move made and of the
best alternatives, in the hook's unit (a ``Scale``).  The hook sees only
``state.view(seat)`` and the legal actions when it advises, and it learns
only from the seat's views between decisions (``watch``), exactly what a
Hard AI sitting in that seat would have seen.  What really happened (the
dice under the cups, the roll that followed) comes after the decision from
``hook.aftermath``, which may read the full state and the rest of the game;
the screen draws it below a rule, as a separate line.

Verdicts compare the move's value with the best option's (the *loss*), with
thresholds per unit chosen so a "clear mistake" is one a club player would
wince at (see ``Scale`` and the ``SCALES`` table; documented in README).

A hook module provides ``make_coach(game, seat, names) -> SeatCoach``::

    watch(view)                       # after every action (learning from views)
    advise(view, legal, action)       # -> Advice | None (None: nothing to weigh)
    aftermath(before, action, after, rest) -> (label, text)   # full information

``CoachSession`` walks a match a little at a time (``advance(budget)``), so a
screen can show the first decisions while the rest are still being weighed.
"""
from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, Iterator, Sequence

from .. import games
from .grammar import isolated
from .protocol import CHANCE

VERDICTS = ("good", "fine", "questionable", "mistake")
VERDICT_LABELS = {"good": "Good", "fine": "Fine", "questionable": "Questionable", "mistake": "Clear mistake"}


@dataclass(frozen=True)
class Scale:
    """How a hook's values compare.  Higher values are better.  ``loss`` is
    best minus made, or, when ``relative``, that as a fraction of the best
    value's size.  Up to ``good`` the move was (about) the best, up to
    ``fine`` a defensible alternative, up to ``questionable`` it gave away
    something real; beyond it is a clear mistake."""
    unit: str
    good: float
    fine: float
    questionable: float
    relative: bool = False
    column: str = ""
    """The options table's header over the figures (names the unit once a page)."""
    legend: str = ""
    """The page's footnote: what the figures are, in a newcomer's words."""
    short: str = ""
    """The footnote in one line, for a page full of words (none: ``legend`` is short enough)."""

    def loss(self, made: float, best: float) -> float:
        """How much worse the move made is than the best one (relative on scales where
        only proportions mean something), never negative."""
        gap = max(0.0, best - made)
        if self.relative:
            return gap / max(abs(best), 0.05)
        return gap

    def verdict(self, made: float, best: float) -> str:
        """The loss as one of VERDICTS ("good" to "mistake"), by this scale's thresholds."""
        loss = self.loss(made, best)
        if loss <= self.good + 1e-9:
            return "good"
        if loss <= self.fine:
            return "fine"
        if loss <= self.questionable:
            return "questionable"
        return "mistake"


SCALES = {
    # expected dice won/lost (a lost die -1; the bidding games)
    "dice": Scale("dice", 0.05, 0.15, 0.35, column="dice won (+) / lost (\u2212)",
                  legend="Chance: the Hard AI's reading of your dice, the hidden dice and each rival's bids "
                         "this round (not plain dice odds). Dice: the dice the move is expected to win or lose.",
                  short="Chance: the Hard AI's reading, not plain dice odds. Dice: expected to be won (+) or lost."),
    # chance to win the game (Roll the Bones heads-up): percentage points
    "win": Scale("chance to win", 0.005, 0.02, 0.05, column="chance to win the game",
                 legend="Chance to win the game: how often you end up holding every die after this move, "
                        "from the solved two-player tables."),
    # expected dice in six-sider units, a bone worth ten (Roll the Bones, 4+ players)
    "bone-dice": Scale("dice", 0.1, 0.5, 1.5, column="dice expected",
                       legend="Dice expected: the dice the move is expected to win (+) or lose (\u2212) "
                              "on this roll, a bone counted as ten six-siders."),
    # expected points per turn (Roll For It!): share of the best plan's rate
    "rate": Scale("points per turn", 0.03, 0.10, 0.25, relative=True, column="points a turn",
                  legend="Points a turn: the card points the move's plan is expected to score per turn "
                         "on average, as the Hard AI reckons it. Higher is better."),
    # expected round score from the exact solver (Diced Out): points (values are -score)
    "points": Scale("points", 0.05, 0.3, 1.0, column="expected points",
                    legend="Expected points: the round score this move leads to on average, with the "
                           "best play after it. Lower is better: the lowest total wins."),
    # chance a choice works out (Diced Out's penalty target): percentage points
    "chance": Scale("chance", 0.01, 0.05, 0.15, column="chance they finish below you",
                    legend="Chance: how likely that rival ends the game with a lower total than yours "
                           "(lower wins), as the Hard AI reckons it."),
}


@dataclass(frozen=True)
class Choice:
    """One option at a decision: ``text`` as a player says it ("three 5s",
    "Call"), its ``value`` on the advice's scale, and ``odds`` in words
    ("61% true", "72% right"; may be empty) with its number in ``chance``."""
    key: Any
    text: str
    value: float
    odds: str = ""
    chance: float | None = None    # the probability behind ``odds``, when there is one
    figure: str = ""
    """The figure alone for the options table (its header names the unit); default ``odds``."""
    plain: float | None = None
    """The same chance by plain dice odds (own dice and a binomial for the hidden ones)."""

    @property
    def shown(self) -> str:
        """What the options table shows in the figures column."""
        return self.figure or self.odds

    def words(self) -> str:
        """The option as the coach writes it, with its odds when it has them."""
        return f"{self.text} ({self.odds})" if self.odds else self.text


@dataclass(frozen=True)
class Advice:
    """The decision part of a coach entry: a function of the seat's view only."""
    kind: str                      # noun of the move: "bid", "call", "Jinto", "bone call" ...
    situation: str                 # what the seat saw, in words
    move: str                      # "You bid four 5s"
    made: Choice
    options: tuple[Choice, ...]    # every option weighed, best first (the made one included)
    scale: Scale
    note: str = ""                 # one more line (e.g. the AI's rule when there are no odds)
    context: str = ""              # what the made move's odds are based on (" given your dice and the bids")
    forced_verdict: str = ""       # a hook's verdict when there are no numbers to compare
    reading: str = ""
    """Where the verdict's chance and plain dice odds disagree: one sentence saying why."""

    @property
    def best(self) -> Choice:
        """The best option (the move made when nothing was weighed against it)."""
        return self.options[0] if self.options else self.made

    @property
    def loss(self) -> float:
        """How much the move made gave away against the best (``Scale.loss``)."""
        return self.scale.loss(self.made.value, self.best.value)

    @property
    def verdict(self) -> str:
        """The verdict on the move made; a hook's forced verdict wins (no numbers to compare)."""
        return self.forced_verdict or self.scale.verdict(self.made.value, self.best.value)

    def why(self) -> str:
        """One sentence where the verdict and the move's own odds seem to
        disagree (a likely-true bid marked a mistake, an unlikely call marked
        good): what the verdict weighed besides the odds.  Empty where they
        agree, where the figures are the chances themselves (nothing else was
        weighed) or where the move has no odds."""
        made, best = self.made, self.best
        if made.chance is None or self.scale.unit != "dice" or self.forced_verdict or len(self.options) < 2:
            return ""
        unit = self.scale.unit
        if self.verdict in ("questionable", "mistake") and best.key != made.key and made.chance >= 0.5:
            gap = f"{best.value - made.value:.2f} {unit}"
            if best.chance is not None and best.chance > made.chance + 0.005:
                return f"Likely as it was, {best.text} was safer ({best.odds}) and is worth {gap} more."
            likely = "as likely as" if made.chance < (best.chance or 0) + 0.005 else "safer than"
            return (f"Your move was {likely} {best.text} ({best.odds}), but the Hard AI reckons "
                    f"{best.text} worth {gap} more once the other players' replies are counted.")
        if self.verdict in ("good", "fine") and made.chance < 0.5:
            others = [c for c in self.options if c.key != made.key]
            if not others:
                return ""
            second = max(others, key=lambda c: c.value)
            ahead = made.value - second.value
            worth = ("is worth about the same" if abs(ahead) < 0.005 else f"is worth {ahead:.2f} {unit} less"
                     if ahead > 0 else f"is worth only {-ahead:.2f} {unit} more")
            return f"Only {made.odds}, yet no other move was clearly better: the best of them, {second.words()}, {worth}."
        return ""

    def alternatives(self, count: int = 2) -> list[Choice]:
        """The best options other than the one made."""
        return [c for c in self.options if c.key != self.made.key][:count]

    def headline(self) -> str:
        """"You bid four fives: 38% true given your dice and the bids"."""
        return self.move + (f": {self.made.odds}{self.context}" if self.made.odds else "")

    def sentence(self) -> str:
        """"You bid four fives: 38% true given your dice and the bids. Best: three fives (61% true) or Call (72% right)." """
        head = self.headline() + "."
        alts = self.alternatives()
        if not alts:
            return head
        if self.best.key == self.made.key:
            return head + " That was the best option; next: " + " or ".join(c.words() for c in alts) + "."
        better = [c for c in alts if c.value > self.made.value + 1e-12] or alts
        return head + " Best: " + " or ".join(c.words() for c in better) + "."


class SeatCoach:
    """The common start of a game's coach that keeps no memory between
    decisions: the seat it advises, the seat names for its sentences, and
    the game's Hard AI (``agent_class``, seeded 0 so advice is repeatable)
    that values the options.  A game sets ``agent_class`` and writes
    ``situation`` / ``advise``."""
    agent_class: Any = None

    def __init__(self, game, seat: int, names):
        self.seat = seat
        self.names = tuple(names)
        self.agent = self.agent_class(seat, random.Random(0))

    def watch(self, view) -> None:
        """Nothing to learn between decisions (Hard reads each one afresh)."""

    def who(self, p: int) -> str:
        """The advised player is "You" (the coach speaks to its seat)."""
        return "You" if p == self.seat else self.names[p]

    def whom(self, p: int) -> str:
        """``who`` inside a sentence: the advised player is "you"."""
        return "you" if p == self.seat else self.names[p]


@dataclass(frozen=True)
class Entry:
    """One coached decision: the advice, then (separately) what really happened."""
    number: int                    # 1-based among the seat's coached decisions
    index: int                     # position of the action in the game's log
    seat: int
    heading: str                   # "Round 3 · Palifico"
    advice: Advice
    after_label: str               # "What was really under the cups" / "What happened next"
    after_text: str

    @property
    def verdict(self) -> str:
        """The verdict on this decision (its advice's)."""
        return self.advice.verdict


def play_on(state, rest, stop, limit: int = 2000):
    """For ``aftermath``: apply the game's next actions from ``rest`` until
    ``stop(state)``; the state where it stopped, or None if the game ended first."""
    for n, (player, action) in enumerate(rest):
        if n >= limit:
            break
        state = state.apply(player, action)
        if stop(state):
            return state
    return None


def human_seats(match) -> list[int]:
    """Seats a person played (the coach has nothing to say to an AI)."""
    return [i for i, s in enumerate(match.seats) if not s.is_ai]


def has_coach(game_id: str) -> bool:
    """Whether the game ships a coach (its package has a coach hook)."""
    return games.coach_hook(game_id) is not None


def walk(match, seat: int) -> Iterator[Entry]:
    """Yield the coach entries of ``seat`` in ``match`` (its logged history),
    one decision at a time; the game is replayed from a fresh state."""
    hook = games.coach_hook(match.game_id)
    if hook is None:
        return
    game = match.game
    names = tuple(isolated(s.name) for s in match.seats)   # for its sentences
    coach = hook.make_coach(game, seat, names)
    narrator = games.narrator(match.game_id)
    history = list(match.history)
    state = game.new_initial_state()
    coach.watch(state.view(seat))
    number = 0
    for i, (player, action) in enumerate(history):
        advice = None
        if player == seat and player != CHANCE:
            advice = coach.advise(state.view(seat), state.legal_actions(seat), action)
        after = state.apply(player, action)
        if advice is not None:
            number += 1
            heading = narrator.round_title(state) if narrator is not None and hasattr(narrator, "round_title") else ""
            label, text = coach.aftermath(state, action, after, iter(history[i + 1:]))
            yield Entry(number, i, seat, heading, advice, label, text)
        state = after
        coach.watch(state.view(seat))


# --------------------------------------------------------------------------
# Summary line
# --------------------------------------------------------------------------

def _plural(n: int, noun: str) -> str:
    if n == 1:
        return noun
    if noun.endswith("y") and not noun.endswith(("ay", "ey", "oy")):
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "sh", "ch")) else "s")


def summary(entries: Sequence[Entry], limit: int = 3) -> str:
    """"3 good calls, 1 costly Jinto": the most frequent good kinds, then
    every kind with a clear mistake, then the questionable ones in one count."""
    if not entries:
        return "No decisions to review"
    good: dict[str, int] = {}
    bad: dict[str, int] = {}
    doubtful = 0
    for e in entries:
        v = e.verdict
        if v in ("good", "fine"):
            good[e.advice.kind] = good.get(e.advice.kind, 0) + 1
        elif v == "mistake":
            bad[e.advice.kind] = bad.get(e.advice.kind, 0) + 1
        else:
            doubtful += 1
    parts = [f"{n} good {_plural(n, k)}" for k, n in sorted(good.items(), key=lambda kv: -kv[1])][:limit]
    parts += [f"{n} costly {_plural(n, k)}" for k, n in sorted(bad.items(), key=lambda kv: -kv[1])]
    if doubtful:
        parts.append(f"{doubtful} questionable {_plural(doubtful, 'move')}")
    return ", ".join(parts)


def tally(entries: Sequence[Entry]) -> dict[str, int]:
    """How many decisions got each verdict (the coach screen's counts), every
    verdict present, zero included, so the screen's layout never changes."""
    out = {v: 0 for v in VERDICTS}
    for e in entries:
        out[e.verdict] += 1
    return out


# --------------------------------------------------------------------------
# A walk done a little at a time (for screens)
# --------------------------------------------------------------------------

@dataclass
class CoachSession:
    """The coach of one seat, computed lazily: ``advance(budget)`` weighs at
    least one more decision and goes on until ``budget`` seconds have passed
    (a screen calls it once a frame), ``done`` once the game is walked.
    After ``weigh_in_background`` a worker thread weighs them all and
    ``advance`` only takes what it has finished."""
    match: Any
    seat: int
    entries: list[Entry] = field(default_factory=list)
    done: bool = False
    error: str = ""
    _walk: Iterator[Entry] | None = None
    _worker: threading.Thread | None = None
    _weighed: list[Entry] = field(default_factory=list)
    """The worker's entries so far (it only appends; ``advance`` copies them)."""

    def __post_init__(self):
        self._walk = walk(self.match, self.seat)

    def weigh_in_background(self) -> "CoachSession":
        """Weigh every decision in a worker thread, so no frame runs the AI
        that values them (issue 41: up to 13 ms in the results screen's first
        frames at a big table).  The game is over and its record is copied
        here, so the entries are the ones ``finish`` would make; between two
        decisions the worker lets the game thread have the interpreter."""
        if self._worker is not None or self.done:
            return self
        match = self.match
        record = SimpleNamespace(game_id=match.game_id, game=match.game, seats=tuple(match.seats),
                                 history=list(match.history))
        self._walk = walk(record, self.seat)
        self._worker = threading.Thread(target=self._weigh_all, name="coach-weigher", daemon=True)
        self._worker.start()
        return self

    def _weigh_all(self) -> None:
        """The worker: the whole walk (an error stops the coach, as in ``advance``)."""
        assert self._walk is not None
        try:
            for entry in self._walk:
                self._weighed.append(entry)
                time.sleep(0)   # the game thread's frame first
        except Exception as exc:  # noqa: BLE001 - a damaged record or a hook bug: the coach stops, the game does not
            self.error = f"the coach stopped early ({type(exc).__name__}: {str(exc)[:80]})"

    @property
    def name(self) -> str:
        """The coached seat's name."""
        return self.match.seats[self.seat].name

    def is_done(self) -> bool:
        """Every decision is weighed (a method, so a caller reads it anew after ``advance``)."""
        return self.done

    def advance(self, budget: float = 0.008) -> bool:
        """Weigh decisions for about ``budget`` seconds; True if something new came."""
        if self.done or self._walk is None:
            return False
        if self._worker is not None:   # weighed by the worker: only what it has finished is taken
            finished = not self._worker.is_alive()   # read first: every entry is in by then
            fresh = self._weighed[len(self.entries):]
            self.entries.extend(fresh)
            self.done = finished
            return bool(fresh)
        start = time.perf_counter()
        grew = False
        while True:
            try:
                self.entries.append(next(self._walk))
                grew = True
            except StopIteration:
                self.done = True
                break
            except Exception as exc:  # a damaged record or a hook bug: the coach stops, the game does not
                self.done = True
                self.error = f"the coach stopped early ({type(exc).__name__}: {str(exc)[:80]})"
                break
            if time.perf_counter() - start >= budget:
                break
        return grew

    def finish(self) -> "CoachSession":
        """Weigh everything now (tests, the bench); with a worker, wait for it."""
        if self._worker is not None:
            self._worker.join()
        while not self.done:
            self.advance(1.0)
        return self

    def summary(self) -> str:
        """The session's decisions in one line (``summary``: kinds that went well, mistakes)."""
        return summary(self.entries)
