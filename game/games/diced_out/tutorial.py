"""Learn to play Diced Out: a guided first round, solo.

The learner throws their own dice; the script decides the faces: a first
mark, the bonus number 12 and its free mark, a repeat that uses a reroll, and
repeats until the rerolls run out: Diced Out.  A whole game is four rounds,
so the lesson ends as the second round starts (game.core.tutorial).
"""
from __future__ import annotations

from ...core.match import Seat
from ...core.tutorial import Script, StateTest, Step, is_action, on_state
from .rules import DicedOutState, FreeMark, bit


def _marked(number: int) -> StateTest:
    return on_state(DicedOutState, lambda state: bool(state.marked[0] & bit(number)))


_ROLL = "Click the dice tray or press Space to roll."

SCRIPT = Script(
    game_id="diced-out",
    title="Diced Out",
    seats=(Seat("You", "human"),),
    seed=18,
    minutes="2 minutes",
    rolls=(
        ((3, 4),),    # 7: marked
        ((6, 6),),    # 12: a bonus number, then a free mark
        ((4, 3),),    # 7 again: a reroll
        ((2, 6),),    # 8: marked
        ((4, 4),),    # 8 again: a reroll
        ((5, 2),),    # 7 again: the last reroll
        ((6, 2),),    # 8 again, no rerolls left: Diced Out
    ),
    steps=(
        Step("Each turn you roll two dice and mark the total on your sheet. Numbers you leave unmarked "
             "count against you: after four rounds, the lowest total wins.", title="Welcome to Diced Out"),
        Step(_ROLL, anchor="tray", title="Roll", until=_marked(7)),
        Step("7: marked on your sheet, and your turn is over.", anchor="number:7", title="Marked",
             when=_marked(7)),
        Step("Roll again.", anchor="tray", title="Your next turn",
             until=on_state(DicedOutState, lambda s: s.phase == "free_mark" or bool(s.marked[0] & bit(12)))),
        Step("12 is a bonus number (the little circles): mark it, then you may mark one more number "
             "free. Take 11: you rarely roll it, and it costs a lot if it stays open. Click 11 on "
             "your sheet.", anchor="number:11", title="A bonus number", expect=is_action(FreeMark(11)),
             hint="Click the 11 on this round's row (or Left/Right and Enter)."),
        Step("Roll again.", anchor="tray", title="Your next turn",
             until=on_state(DicedOutState, lambda s: s.rerolls[0] < 3)),
        Step("7 again, and it is already marked: a reroll box is ticked and you roll again, in the same "
             "turn. You have three rerolls a round.", anchor="rerolls", title="A reroll",
             when=on_state(DicedOutState, lambda s: s.rerolls[0] < 3)),
        Step(_ROLL, anchor="tray", title="Reroll", until=_marked(8)),
        Step("8: marked. Now keep rolling: each repeat ticks another reroll box.", anchor="tray",
             title="Keep rolling", until=on_state(DicedOutState, lambda s: s.round_index >= 1)),
        Step("8 again with no rerolls left: Diced Out! Your round score is the sum of the numbers you "
             "did not mark: 39. The next round starts with a fresh row.", anchor="sheet",
             title="Diced Out!", when=on_state(DicedOutState, lambda s: s.round_index >= 1)),
        Step("That is Diced Out: mark, reroll repeats, use bonus numbers well, and keep your unmarked "
             "sum low over four rounds.", title="You've got it!"),
    ),
)
