"""Roll Call sparring partners (testing only): the shared styles of
``game.core.sparring`` fed by ``spot_of``, this game's view as a ``BidSpot``."""
from __future__ import annotations

from ...core.sparring import SparringAgent
from .ai import spot_of
from .rules import EMBLEM, matches


def hand_and_wild(state, player: int):
    """A seat's dice and the round's wild face (for ai-report's honesty figure)."""
    return state.hands[player], EMBLEM


def table_count(state, face: int) -> int:
    """Dice that count for a bid on ``face`` (for ai-report's outcomes)."""
    return sum(matches(h, face) for h in state.hands)


def make_sparring(style: str, player: int, rng) -> SparringAgent:
    return SparringAgent(player, rng, style, spot_of)
