"""Roll Call sparring partners: the shared scripted styles of
``game.games.bidding.sparring`` (seated by ``sim`` and ``ai-report``, not
menu levels) fed by ``spot_of``, this game's view as a ``BidSpot``."""
from __future__ import annotations

from ..bidding.sparring import SparringAgent
from .ai import spot_of


def make_sparring(style: str, player: int, rng) -> SparringAgent:
    return SparringAgent(player, rng, style, spot_of)
