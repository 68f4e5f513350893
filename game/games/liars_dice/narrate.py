"""Liar's Dice in the game log (see ``game.core.narration``): the shared
bidding narrator (game/core/bidnarrate.py) with Jinto, wild ones and
Palifico.  Dice are described only once the cups come up."""
from __future__ import annotations

from ...core.bidnarrate import BidNarrator, Names
from ...core.bidtable import RevealFacts
from ...core.protocol import State, state_as
from .rules import LiarsState, table_snapshot


class LiarsNarrator(BidNarrator):
    def challenged(self, r: RevealFacts) -> str:
        return "said Jinto on" if r.kind == "jinto" else "called"

    def counted(self, r: RevealFacts) -> str:
        return " (ones wild)" if r.wild is not None and r.face != 1 else ""

    def last_die(self, r: RevealFacts) -> str:
        return " (the last one)"

    def after(self, r: RevealFacts, after: State, name: Names) -> list[str]:
        lines = [f"{name(r.gainer)} won a die back for the exact call."] if r.gainer is not None else []
        c = state_as(after, LiarsState).last_challenge
        if c is not None and c.palifico_next:
            lines.append(f"Palifico next round: one die left for {name(r.loser)}.")
        return lines


_NARRATOR = LiarsNarrator(lambda state: table_snapshot(state_as(state, LiarsState)))
narrate = _NARRATOR.narrate
round_title = _NARRATOR.round_title
