"""Roll Call in the game log (see ``game.core.narration``): the shared
bidding narrator (game/games/bidding/narrate.py) with domes, Emblems and the two
dice a wrong out-of-turn call costs.  Dice are described only once the domes lift."""
from __future__ import annotations

from ..bidding.narrate import BidNarrator
from ..bidding.snapshot import RevealFacts
from ...core.protocol import state_as
from .rules import RollCallState, table_snapshot


class RollCallNarrator(BidNarrator):
    cover = "domes"

    def challenged(self, r: RevealFacts) -> str:
        return "called out of turn on" if r.kind == "out-of-turn" else "called"

    def counted(self, r: RevealFacts) -> str:
        return " with Emblems"

    def face_shown(self, face: int) -> str:
        return "Emblem" if face == 1 else str(face)   # it read "You 1 5": the Emblem sits where the one would be

    def wrong(self, r: RevealFacts) -> str:
        return "Wrong out-of-turn call: " if r.kind == "out-of-turn" and not r.challenger_right else ""


_NARRATOR = RollCallNarrator(lambda state: table_snapshot(state_as(state, RollCallState)))
narrate = _NARRATOR.narrate
round_title = _NARRATOR.round_title
