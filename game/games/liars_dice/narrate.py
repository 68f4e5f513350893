"""Liar's Dice in the game log (see ``game.core.narration``): the shared
bidding narrator (game/games/bidding/narrate.py) with Jinto, wild ones and
Palifico.  Dice are described only once the cups come up."""
from __future__ import annotations

from ..bidding.narrate import BidNarrator, Names
from ..bidding.snapshot import RevealFacts
from ...core.grammar import voice_of
from ...core.narration import plural
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
        """A right Jinto: the caller takes the bidder's die (rules: "the Jinto
        caller takes one die from the bidder", even above the starting dice),
        or, with *Cap Jinto gains* on and the caller already at the starting
        count, the die leaves the game."""
        words = voice_of(name)
        state = state_as(after, LiarsState)
        lines = []
        if r.gainer is not None:
            have = words.verb(r.gainer, "has", "have")
            lines.append(f"{words(r.gainer)} took that die for the exact Jinto and now {have} "
                         f"{plural(state.dice[r.gainer], 'die', 'dice')}.")
        elif r.kind == "jinto" and r.challenger_right:
            start = state.game.options["starting_dice"]
            lines.append(f"{words.says(r.challenger, 'is', 'are')} already at the starting "
                         f"{plural(start, 'die', 'dice') if start != 1 else 'one die'}, so the die left the game "
                         "(Jinto gains are capped).")
        c = state.last_challenge
        if c is not None and c.palifico_next:
            lines.append(f"Palifico next round: one die left for {words.object(r.loser)}.")
        return lines


_NARRATOR = LiarsNarrator(lambda state: table_snapshot(state_as(state, LiarsState)))
narrate = _NARRATOR.narrate
round_title = _NARRATOR.round_title
