"""Roll Call's own screens for `python -m game shot` (game/dev/shot_registry.py is the
pure registry; game/dev/shots.py loads this module): set-ups of the table at a
telling moment, kept out of the scene, which holds the play."""
from __future__ import annotations

from ...core.protocol import state_as
from ..shot_registry import register_shot
from ...games.roll_call.rules import Bid, Call, CallOutOfTurn, RollCallState
from ...games.roll_call.scene import TableScene


def _shot_table(app, ctx, humans: int, call: bool):
    from ...core.match import Match, Seat
    from ...scenes.launch import make_table
    from ...scenes.setup import TAVERN_NAMES
    names: tuple[str, ...] = ("You", "Ada", "Old Tom", "Mags", "Bertha", "Jory")
    names += tuple(n for n in TAVERN_NAMES if n not in names)
    seats = [Seat(names[i] if humans == 1 else f"Player {i + 1}", "human") if i < humans
             else Seat(names[i], "ai", ("hard", "normal", "easy")[i % 3]) for i in range(max(3, ctx.players))]
    match = Match("roll-call", seats, {"odds_helper": True}, ctx.seed)
    while match.step():
        pass
    state = state_as(match.state, RollCallState)
    turn = state.turn_player()
    if call and turn is not None:
        if state.bid is None:
            match.apply(turn, Bid(3, 4))
        caller = (match.state.interjectors() or (match.state.turn_player(),))[0]
        assert caller is not None, "after a bid someone may call it"
        action = CallOutOfTurn() if caller in match.state.interjectors() else Call()
        scene = make_table(app, match)
        assert isinstance(scene, TableScene), "make_table gives the game's own table"
        before = match.state
        match.apply(caller, action)
        scene.on_applied(caller, action, before)
        scene.reveal_time = scene.reveal_length() * 0.5 - 0.25
        return scene
    return make_table(app, match)


def _shot_hotseat(app, ctx):
    """Three humans, the curtain passed to the one to act, every cup down:
    the other humans' out-of-turn buttons show and no die is face-up."""
    scene = _shot_table(app, ctx, 3, False)
    state = scene.match.state
    if state.turn_player() is not None and state.bid is None:
        scene.submit(state.turn_player(), Bid(3, 4))
    scene.hot_seat.uses_curtain = False
    seat = scene.human_to_act()
    if seat is not None:
        scene.secrecy.confirm(seat)
    return scene


# the game's own screens for `python -m game shot` (game/dev/shot_registry.py: a pure registry)
register_shot("roll-call-reveal", lambda app, ctx: _shot_table(app, ctx, 1, True))
register_shot("roll-call-hotseat", _shot_hotseat)
