"""Roll Call in the game log (see ``game.core.narration``): bids, calls in and
out of turn and their outcome.  Dice are described only once the domes lift."""
from __future__ import annotations

from ...core.bidding import Bid, face_name
from ...core.narration import bid_words, plural, there
from ...core.protocol import CHANCE
from .rules import CallOutOfTurn


def round_title(state) -> str:
    return f"Round {state.round_no}"


def narrate(before, player, action, after, name) -> list[str]:
    if player == CHANCE:
        return [f"Everyone rolled under their domes: {plural(after.total_dice, 'die', 'dice')} in play."]
    if isinstance(action, Bid):
        return [f"{name(player)} bid {bid_words(action.quantity, action.face)}."]
    r = after.last_reveal
    if r is None:
        return [f"{name(player)}: {action.label()}"]
    how = "called out of turn on" if isinstance(action, CallOutOfTurn) else "called"
    lines = [(f"{name(player)} {how} {bid_words(r.quantity, r.face)} (bid by {name(r.bidder)}): "
              f"{there(r.total)} {face_name(r.face, r.total)} with Emblems.")]
    dice = "two dice" if r.dice_lost == 2 else "a die"
    wrong = "Wrong out-of-turn call: " if r.out_of_turn and r.bid_true else ""
    lines.append(f"{wrong}{name(r.loser)} lost {dice}"
                 + (" and left the game." if r.eliminated else "."))
    return lines
