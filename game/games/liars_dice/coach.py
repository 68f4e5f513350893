"""Liar's Dice's post-game coach hook (see ``game.core.coach``): bids,
calls and Jintos weighed by the Hard AI's ``BidBrain`` from the seat's view
(the shared ``game.games.bidding.coach.BidCoach``).  In heads-up endgames, where
Hard plays the solved tables (``endgame.py``), a note quotes the
equilibrium's mix next to the estimates."""
from __future__ import annotations

import random

from ..bidding.coach import BidCoach
from .ai import HardAgent, spot_of
from .endgame import endgame_policy
from .rules import hand_and_wild, table_count


def make_coach(game, seat: int, names) -> BidCoach:
    """A shadow Hard agent in ``seat`` (its reader learns from the seat's views)."""
    return BidCoach(HardAgent(seat, random.Random(0)), spot_of, hand_and_wild, table_count,
                    names=names, cups="cups", wild_word="ones wild", solved=endgame_policy)
