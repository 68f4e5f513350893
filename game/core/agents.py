"""What an AI seat is, seen from the match.

An agent sees only ``view`` (what its seat may see) and the legal actions.
It draws any randomness from the ``rng`` it was built with (a stream of the
game seed), so AI games replay exactly.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence, TypeVar

from .protocol import Action

LEVELS = ("easy", "normal", "hard")
SPARRING = ("reader", "bluffer", "caller", "binomial", "liar", "silent")
"""Scripted test opponents of the bidding games: seated by ``sim`` and
``ai-report`` only, never offered in the setup menu."""


@dataclass(frozen=True)
class Decision:
    """The numbers behind an agent's last decision, for ``ai-report``.

    ``kind`` is "bid", "call", "jinto" or "oot" (out-of-turn call); ``p`` is
    the stated chance the bid in question is true (bid, call, oot) or exactly
    right (jinto); ``raw`` and ``ctx`` are what fitting the calibration map needs."""
    kind: str
    quantity: int
    face: int
    p: Optional[float]
    raw: Optional[float] = None   # the reader's chance before calibration (``bidcalib``)
    ctx: Optional[str] = None     # the calibration context, or "endgame" (solved table)


class Agent:
    """Base agent: subclasses implement ``act``; ``interject`` is optional."""

    level = "random"

    seat_names: Sequence[str] = ()
    """Seat names by seat, set by the match so the "why" line names players
    as the table does."""

    you_seat: Optional[int] = None
    """The seat the "why" line speaks to as "you" (the lone human at the
    table, decided by the seats' kind: ``game.core.grammar.Voice``), or None;
    set by the match (and by the table, which knows who sits at the screen)."""

    last_decision: Optional[Decision] = None

    def __init__(self, player: int, rng: random.Random):
        self.player = player
        self.rng = rng

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        """Choose the turn action."""
        raise NotImplementedError

    def interject(self, view: Any, legal: Sequence[Action]) -> Action | None:
        """Out-of-turn action, or None to let play go on (default)."""
        return None

    watches = False
    """True for agents that learn from the game as it goes: the match then
    calls ``watch`` with this seat's view after every action, so what they
    learned depends only on the history (a loaded game plays on the same)."""

    def watch(self, view: Any) -> None:
        """See the table after an action (only if ``watches``)."""

    def explain(self) -> str:
        """One line on the last decision, for the optional "why" line."""
        return ""

    remembers = False
    """True for agents that remember their rivals across games
    (``game.games.bidding.rivalbook``): ``recall`` is given what the book knows of each
    rival by seat, ``hand_over`` returns what this game taught."""

    def recall(self, rivals: Mapping[int, tuple[str, Any]], everyone: Optional[tuple[str, Any]] = None) -> None:
        """What the book remembers of each rival, by seat, and of every rival at
        once (only if ``remembers``)."""

    def hand_over(self) -> list[tuple[str, str, float, float]]:
        """What this game taught about the rivals, for the book (only if ``remembers``)."""
        return []

    def recalls_earlier_games(self) -> bool:
        """Did ``recall`` give this agent anything learned in earlier games?  Then
        its moves and why lines rest on a book a replay cannot seat again, and the
        match keeps its why lines (``Match.said``)."""
        return False


class RandomAgent(Agent):
    """Uniformly random legal actions: the harness's chaos monkey."""

    def __init__(self, player: int, rng: random.Random, interject_rate: float = 0.05):
        super().__init__(player, rng)
        self.interject_rate = interject_rate

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))

    def interject(self, view: Any, legal: Sequence[Action]) -> Action | None:
        if legal and self.rng.random() < self.interject_rate:
            return self.rng.choice(list(legal))
        return None


AgentT = TypeVar("AgentT", bound=Agent)


def agent_for_level(agents_by_level: Mapping[str, type[AgentT]], level: str, player: int,
                    rng: random.Random) -> AgentT:
    """The agent class a game lists for ``level``, built for ``player``; an
    unknown level is a ``ValueError`` naming the allowed ones."""
    try:
        cls = agents_by_level[level]
    except KeyError:
        raise ValueError(f"unknown AI level {level!r}; choose {', '.join(agents_by_level)}") from None
    return cls(player, rng)
