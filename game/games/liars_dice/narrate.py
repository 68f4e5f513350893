"""Liar's Dice in the game log (see ``game.core.narration``): bids, calls,
Jinto and their outcome.  Dice are described only once the cups come up."""
from __future__ import annotations

from ...core.bidding import Bid, face_name
from ...core.narration import bid_words, plural, there
from ...core.protocol import CHANCE


def round_title(state) -> str:
    return f"Round {state.round_no}" + (" \u00b7 Palifico" if state.palifico else "")


def narrate(before, player, action, after, name) -> list[str]:
    if player == CHANCE:
        total = sum(after.dice[p] for p in after.players_in())
        return [f"Everyone rolled under their cups: {plural(total, 'die', 'dice')} in play."]
    if isinstance(action, Bid):
        return [f"{name(player)} bid {bid_words(action.quantity, action.face)}."]
    c = after.last_challenge
    if c is None:
        return [f"{name(player)}: {action.label()}"]
    what = face_name(c.face, c.count)
    ones = " (ones wild)" if c.wilds and c.face != 1 else ""
    if c.kind == "jinto":
        lines = [(f"{name(player)} said Jinto on {bid_words(c.quantity, c.face)} (bid by {name(c.bidder)}): "
                  f"{there(c.count)} {what}{ones}.")]
    else:
        lines = [(f"{name(player)} called {bid_words(c.quantity, c.face)} (bid by {name(c.bidder)}): "
                  f"{there(c.count)} {what}{ones}.")]
    lines.append(f"{name(c.loser)} lost a die" + (" (the last one) and left the game." if c.eliminated else "."))
    if c.gainer is not None:
        lines.append(f"{name(c.gainer)} won a die back for the exact call.")
    if c.palifico_next:
        lines.append(f"Palifico next round: one die left for {name(c.loser)}.")
    return lines
