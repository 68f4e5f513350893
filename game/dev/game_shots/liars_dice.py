"""Liar's Dice's own screens for `python -m game shot` (game/dev/shot_registry.py is the
pure registry; game/dev/shots.py loads this module): set-ups of the table at a
telling moment, kept out of the scene, which holds the play."""
from __future__ import annotations

from ...games.bidding.bids import Bid, Call
from ...core.protocol import state_as
from ..shot_registry import register_shot
from ...games.liars_dice.rules import LiarsState
from ...games.liars_dice.scene import TableScene


def _shot_table(app, ctx, reveal: bool):
    """A round under way (a few bids stand, the history fills), or a call mid-reveal."""
    from ...core.match import Match
    from ...scenes.launch import make_table
    match = Match("liars-dice", ctx.seats(1), {"odds_helper": True}, ctx.seed)
    match.play_out()   # until the human must act
    state = state_as(match.state, LiarsState)
    if state.current_bid is None:
        bids = [a for a in state.legal_actions(0) if isinstance(a, Bid)]
        match.apply(0, min(bids, key=lambda b: (b.quantity, -b.face)))
    while match.state.turn_player() not in (0, None):   # let the AI bid round to you again
        move = match.ai_turn_action()
        assert move is not None, "the other seats are AIs"
        player, action = move
        if not isinstance(action, Bid):
            break
        match.apply(player, action)
    scene = make_table(app, match)
    assert isinstance(scene, TableScene), "make_table gives the game's own table"
    caller = match.state.turn_player()
    if reveal and state_as(match.state, LiarsState).current_bid is not None and caller is not None:
        before = match.state
        match.apply(caller, Call())
        scene.on_applied(caller, Call(), before)
        scene.reveal_time = scene.reveal_length() * 0.45 - 0.5
    return scene


# the game's own screens for `python -m game shot` (game/dev/shot_registry.py: a pure registry)
register_shot("liars-dice-bid", lambda app, ctx: _shot_table(app, ctx, False))
register_shot("liars-dice-reveal", lambda app, ctx: _shot_table(app, ctx, True))
