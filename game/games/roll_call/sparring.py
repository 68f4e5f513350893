"""Roll Call sparring partners (testing only): the shared styles of
``game.core.sparring`` fed by ``spot_of``, this game's view as a ``BidSpot``."""
from __future__ import annotations

from ...core.bidspot import BidSpot, next_seat
from ...core.sparring import SparringAgent
from .rules import BID_FACES, EMBLEM, WRONG_OUT_OF_TURN_PENALTY, CallOutOfTurn, RollCallView, matches


def spot_of(agent, view: RollCallView, legal) -> BidSpot:
    """Everything a bidding AI needs from one Roll Call view; ``oot`` is set
    when the seat is asked out of turn."""
    last = view.last_reveal
    reveal = None
    if last is not None:
        reveal = (last.round_no, last.hands, last.caller, (last.bidder, last.quantity, last.face))
    out_of_turn = view.turn != view.me
    return BidSpot(
        me=view.me, hand=view.my_dice, dice=view.dice_counts, faces=BID_FACES, wild=EMBLEM,
        bids=tuple((b.player, b.quantity, b.face) for b in view.round_bids),
        round_no=view.round_no, legal=legal,
        oot=CallOutOfTurn() if out_of_turn and CallOutOfTurn() in legal else None,
        oot_cost=WRONG_OUT_OF_TURN_PENALTY, next_player=next_seat(view.dice_counts, view.me),
        reveal=reveal, names=agent.seat_names)


def hand_and_wild(state, player: int):
    """A seat's dice and the round's wild face (for ai-report's honesty figure)."""
    return state.hands[player], EMBLEM


def table_count(state, face: int) -> int:
    """Dice that count for a bid on ``face`` (for ai-report's outcomes)."""
    return sum(matches(h, face) for h in state.hands)


def make_sparring(style: str, player: int, rng) -> SparringAgent:
    return SparringAgent(player, rng, style, spot_of)
