"""Learn to play Diced Out: a guided first round, solo.

The learner throws their own dice; the script decides the faces: a first
mark, the bonus number 12 and its free mark, a repeat that uses a reroll, and
repeats until the rerolls run out: Diced Out.  A whole game is four rounds,
so the lesson ends as the second round starts (game.core.tutorial).
"""
from __future__ import annotations

from ...core.match import Seat
from ...core.protocol import CHANCE, RollResult, state_as
from ...core.tutorial import Script, StateTest, Step, is_action, on_state
from .rules import FREE_MARK, MAX_REROLLS, DicedOutState, FreeMark, bit


def _marked(number: int) -> StateTest:
    return on_state(DicedOutState, lambda state: bool(state.marked[0] & bit(number)))


_ROLL = "Click the dice tray or press Space to roll."

ROLLS = (
    ((3, 4),),    # 7: marked
    ((6, 6),),    # 12: a bonus number, then a free mark
    ((4, 3),),    # 7 again: a reroll
    ((2, 6),),    # 8: marked
    ((4, 4),),    # 8 again: a reroll
    ((5, 2),),    # 7 again: the last reroll
    ((6, 2),),    # 8 again, no rerolls left: Diced Out
)
FREE = 11
"""The number the lesson asks the learner to mark free."""


def ways_to_roll(total: int) -> int:
    """Of the 36 ways two dice fall, how many make ``total``."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total)


def scripted_round() -> DicedOutState:
    """The learner's first round as the rules play the scripted dice (the free
    mark on ``FREE``): the lesson quotes its score, not a typed number."""
    from ... import games
    state = state_as(games.make_game("diced-out", 1).new_initial_state(), DicedOutState)
    for faces in ROLLS:
        state = state.apply(CHANCE, RollResult(faces))
        if state.phase == FREE_MARK:
            state = state.apply(0, FreeMark(FREE))
    return state


def diced_out_text() -> str:
    """The "Diced Out!" step: the round score as the rules count it."""
    score = scripted_round().round_scores[0][0]
    return (f"8 again with no rerolls left: Diced Out! Your round score is the sum of the numbers you "
            f"did not mark: {score}. The next round starts with a fresh row.")


def penalty_text() -> str:
    """The round-end penalty the first real game asks about ("who loses a
    reroll?"), from the rules' reroll count; rule text, Diced Out rule 2:
    "AFTER EACH ROUND THE PLAYER WITH THE LOWEST POINT TOTAL FROM THAT ROUND
    WILL NOT ONLY START THE NEXT ROUND BUT MUST ALSO CHOOSE ONE PLAYER TO
    MARK-OFF ONE OF THEIR THREE REROLL OPTIONS BEFORE THE NEXT ROUND BEGINS!
    THAT PLAYER WILL ONLY HAVE TWO REROLLS DURING THAT ROUND!" """
    return (f"Playing with others: after each round, the lowest round score starts the next round and "
            f"picks one player to lose a reroll, who then has only {MAX_REROLLS - 1} instead of "
            f"{MAX_REROLLS}. The game will ask you \u201cwho loses a reroll?\u201d: pick the rival "
            f"most likely to finish below you.")


def bonus_text() -> str:
    """The bonus step: how rarely 11 comes up, from the dice's own odds."""
    return (f"12 is a bonus number (the little circles): mark it, then you may mark one more number "
            f"free. Take {FREE}: it comes up on only {ways_to_roll(FREE)} rolls in 36, and it costs "
            f"{FREE} points if it stays open. Click {FREE} on your sheet.")

SCRIPT = Script(
    game_id="diced-out",
    title="Diced Out",
    seats=(Seat("You", "human"),),
    seed=18,
    minutes="2 minutes",
    rolls=ROLLS,
    steps=(
        Step("Each turn you roll two dice and mark the total on your sheet. Numbers you leave unmarked "
             "count against you: after four rounds, the lowest total wins.", title="Welcome to Diced Out"),
        Step(_ROLL, anchor="tray", title="Roll", until=_marked(7)),
        Step("7: marked on your sheet, and your turn is over.", anchor="number:7", title="Marked",
             when=_marked(7)),
        Step("Roll again.", anchor="tray", title="Your next turn",
             until=on_state(DicedOutState, lambda s: s.phase == "free_mark" or bool(s.marked[0] & bit(12)))),
        Step(bonus_text(), anchor="number:11", title="A bonus number", expect=is_action(FreeMark(FREE)),
             hint="Click the 11 on this round's row (or Left/Right and Enter)."),
        Step("Roll again.", anchor="tray", title="Your next turn",
             until=on_state(DicedOutState, lambda s: s.rerolls[0] < 3)),
        Step("7 again, and it is already marked: a reroll box is ticked and you roll again, in the same "
             "turn. You have three rerolls a round.", anchor="rerolls", title="A reroll",
             when=on_state(DicedOutState, lambda s: s.rerolls[0] < 3)),
        Step(_ROLL, anchor="tray", title="Reroll", until=_marked(8)),
        Step("8: marked. Now keep rolling: each repeat ticks another reroll box.", anchor="tray",
             title="Keep rolling", until=on_state(DicedOutState, lambda s: s.round_index >= 1)),
        Step(diced_out_text(), anchor="sheet",
             title="Diced Out!", when=on_state(DicedOutState, lambda s: s.round_index >= 1)),
        Step(penalty_text(), anchor="rerolls", title="Who loses a reroll?",
             when=on_state(DicedOutState, lambda s: s.round_index >= 1)),
        Step("That is Diced Out: mark, reroll repeats, use bonus numbers well, and keep your unmarked "
             "sum low over four rounds: the lowest total wins.", title="You've got it!"),
    ),
)
