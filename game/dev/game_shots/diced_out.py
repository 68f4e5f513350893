"""Diced Out's own screens for `python -m game shot` (game/dev/shot_registry.py is the
pure registry; game/dev/shots.py loads this module): set-ups of the table at a
telling moment, kept out of the scene, which holds the play."""
from __future__ import annotations

from ...core.protocol import state_as
from ..shot_registry import register_shot
from ...games.diced_out.rules import ROLL, DicedOutState
from ...games.diced_out.scene import TableScene


def _shot_free_mark(app, ctx):
    """A human's bonus roll: the sheet offers the free mark and the Skip button."""
    from ...core.match import Match, Seat
    from ...core.protocol import RollResult
    from ...scenes.launch import make_table
    from ...games.diced_out.solver import mask_of
    seats = [Seat("You", "human"), Seat("Actuary", "ai", "hard")]
    match = Match("diced-out", seats, {"bonus_numbers": [2, 4, 6, 7, 9, 10, 11]}, ctx.seed)
    while (state := state_as(match.state, DicedOutState)).phase != ROLL or state.current != 0:
        if not match.step():
            player = state.turn_player()
            assert player is not None, "a game under way has a player to act"
            match.apply(player, state.legal_actions(player)[0])
    # The solver's corner: 6 and 7 left open with three rerolls, and a 9 rolled.
    state = state.clone()
    state.marked[0] = mask_of((2, 3, 4, 5, 8, 10, 11, 12))
    match.state = state
    match.apply(-1, RollResult(((4, 5),)))
    scene = make_table(app, match)
    assert isinstance(scene, TableScene), "make_table seats Diced Out at its own table"
    scene.last_total = (0, 9, "bonus")
    return scene


# the game's own screens for `python -m game shot` (game/dev/shot_registry.py: a pure registry)
register_shot("diced-out-free-mark", _shot_free_mark)
