"""What a game brings, declared once: ``KIT = GameKit(...)`` in its package's
``__init__.py``.

The registry (``game.games``) reads only the kit: it never probes a game's
folder for optional modules.  Each part names a module of the game's package
(None: the game has no such part); a part is imported the first time it is
asked for, so the title screen does not compile every game's coach.  Pure
parts never import pygame; ``scene`` is the one that does.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.agents import LEVELS, SPARRING


@dataclass(frozen=True)
class GameKit:
    rules: str = "rules"
    """``GAME`` (a ``Game`` subclass); optionally ``check_invariants`` (the harness)."""
    ai: str = "ai"
    """``make_agent(level, player, rng)`` for each of ``levels``."""
    scene: str | None = None
    """``TableScene`` (pygame); None: the generic table (test doubles)."""
    levels: tuple[str, ...] = LEVELS
    """The AI levels offered in the setup menu."""
    sparring: str | None = None
    """``make_sparring(style, player, rng)``: the scripted styles of ``SPARRING``
    (seated by ``sim`` and ``ai-report``, never offered in the menu)."""
    coach: str | None = None
    """``make_coach(game, seat, names)``: the post-game coach (``game.core.coach``)."""
    story: str | None = None
    """``tell(game, history)``: the results story (``game.core.story``)."""
    narrate: str | None = None
    """The game log's sentences (``game.core.narration``)."""
    tutorial: str | None = None
    """``SCRIPT``: the guided first game (``game.core.tutorial``)."""
    stats: str | None = None
    """``SCORE`` and ``score(steps, player)`` for the lifetime stats; a bidding game adds ``bid_face``."""

    @property
    def styles(self) -> tuple[str, ...]:
        """The sparring styles this game seats (none without ``sparring``)."""
        return SPARRING if self.sparring else ()


FULL = GameKit(scene="scene", coach="coach", story="story", narrate="narrate", tutorial="tutorial", stats="stats")
"""The parts every built game has (each game's kit starts from it)."""
