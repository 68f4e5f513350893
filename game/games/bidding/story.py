"""The results story of a bidding game (Liar's Dice, Roll Call): bids, calls
won and lost, bluffs caught and the dice in hand round by round."""
from __future__ import annotations

from ...core.protocol import CHANCE
from ...core.story import Story, cell, walk
from .bids import Bid


def bidding_tell(game, history, dice_of, *, gains: bool) -> Story:
    """The story of a bidding game (Liar's Dice, Roll Call), from its moves:
    every move that is not a bid or a chance outcome is a challenge (Call,
    Jinto, an out-of-turn call) of the standing bid; who lost and gained
    dice is read from ``dice_of(state)`` (dice per seat) before and after.
    A challenge is won when the challenger lost no die; a bidder is caught
    bluffing when a Call (not a Jinto) found their bid false."""
    n = game.num_players
    bids, won, lost, caught, dice_lost, dice_won = ([0] * n for _ in range(6))
    first = dice_of(game.new_initial_state())
    series = [[float(d)] for d in first]
    bidder = None
    for before, player, action, after in walk(game.new_initial_state(), history):
        if player == CHANCE:
            bidder = None
            continue
        if isinstance(action, Bid):
            bids[player] += 1
            bidder = player
            continue
        old, new = dice_of(before), dice_of(after)
        for p in range(n):
            dice_lost[p] += max(0, old[p] - new[p])
            dice_won[p] += max(0, new[p] - old[p])
        if new[player] < old[player]:
            lost[player] += 1
        else:
            won[player] += 1
        if bidder is not None and type(action).__name__ != "Jinto" and new[bidder] < old[bidder]:
            caught[bidder] += 1
        for p in range(n):
            series[p].append(float(new[p]))
    columns = ["Bids", "Calls won", "Calls lost", "Caught bluffing", "Dice lost"]
    table = [bids, won, lost, caught, dice_lost]
    if gains:
        columns.append("Dice won")
        table.append(dice_won)
    cells = tuple(tuple(cell(col[p]) for col in table) for p in range(n))
    marks = ("Start",) + tuple(f"R{i}" for i in range(1, len(series[0])))
    return Story(tuple(columns), cells, "Dice in hand, round by round",
                 tuple(tuple(s) for s in series), marks)
