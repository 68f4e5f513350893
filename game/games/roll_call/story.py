"""Roll Call's results story: bids, calls (out of turn too) won and lost,
times caught bluffing, dice lost; the chart follows everyone's dice round by
round (see ``game.core.story``)."""
from __future__ import annotations

from ...core.story import places_from_out_order
from ..bidding.story import bidding_tell


def tell(game, history):
    return bidding_tell(game, history, lambda state: list(state.dice_counts), gains=False)


def out_places(state) -> dict[int, int]:
    return places_from_out_order(state.num_players, state.out_order)
