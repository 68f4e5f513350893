"""Roll Call's post-game coach hook (see ``game.core.coach``): bids, calls
and out-of-turn calls weighed by the Hard AI's ``BidBrain`` from the seat's
view (the shared ``game.games.bidding.coach.BidCoach``; Emblems are wild)."""
from __future__ import annotations

import random

from ..bidding.coach import BidCoach
from .ai import HardAgent, spot_of
from .rules import EMBLEM
from .rules import hand_and_wild, table_count


def _face(face: int) -> str:
    """A die as players see it, in the log's words: the Emblem is no number
    (it read "E", which nothing on the page explained)."""
    return "Emblem" if face == EMBLEM else str(face)


def make_coach(game, seat: int, names) -> BidCoach:
    """A shadow Hard agent in ``seat`` (its reader learns from the seat's views)."""
    return BidCoach(HardAgent(seat, random.Random(0)), spot_of, hand_and_wild, table_count,
                    names=names, cups="domes", wild_word="Emblems wild", face_text=_face)
