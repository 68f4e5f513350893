"""Roll the Bones's own screens for `python -m game shot` (game/dev/shot_registry.py is the
pure registry; game/dev/shots.py loads this module): set-ups of the table at a
telling moment, kept out of the scene, which holds the play."""
from __future__ import annotations

from ...core.protocol import state_as
from ..shot_registry import register_shot
from ...games.roll_the_bones.rules import BonesState


def _shot_short_stack(app, ctx):
    """A human antes into a side pot beside a centre holding carried dice."""
    from ...core.match import Match, Seat
    from ...scenes.launch import make_table
    seats = [Seat("You", "human"), Seat("Mira", "ai", "hard"), Seat("Odo", "ai", "normal"),
             Seat("Tam", "ai", "easy")]
    match = Match("roll-the-bones", seats, None, ctx.seed)
    state = state_as(match.state, BonesState)
    # A mid-game table, rigged directly (every die id still exists once): Tam is
    # down to one die and four dice, a bone among them, were left by an earlier round.
    sixes, bones = list(range(40)), list(range(40, 44))
    hands = [(12, 2), (14, 1), (10, 0), (1, 0)]
    state.collections = []
    for s, b in hands:
        state.collections.append(sorted(sixes[:s] + bones[:b]))
        del sixes[:s], bones[:b]
    state.pots, state.pot_eligible = [sixes + bones], [None]
    state.eliminations = 1
    state.starter = 1
    state._start_round()
    while state.turn_player() != 0:
        player = state.turn_player()
        assert player is not None, "a round under way has a player to act"
        state = state.apply(player, state.legal_actions(player)[0])
    match.state = state
    return make_table(app, match)


# the game's own screens for `python -m game shot` (game/dev/shot_registry.py: a pure registry)
register_shot("bones-short-stack", _shot_short_stack)
