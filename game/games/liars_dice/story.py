"""Liar's Dice's results story: bids, calls (and Jintos) won and lost, times
caught bluffing, dice lost and won; the chart follows everyone's dice round
by round (see ``game.core.story``)."""
from __future__ import annotations

from ...core.story import places_from_out_order
from ..bidding.story import bidding_tell


def tell(game, history):
    return bidding_tell(game, history, lambda state: list(state.dice), gains=True)


def out_places(state) -> dict[int, int]:
    return places_from_out_order(len(state.dice), state.out_order)
