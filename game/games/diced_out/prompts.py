"""Diced Out's status line over the tray (pure: the state and the table's
``Voice``; the scene draws it with tray.draw_status)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.narration import unbroken
from .rules import FREE_MARK, OPENING, PENALTY, ROLL, ROUNDS, TIE, DicedOutState

if TYPE_CHECKING:
    from ...core.grammar import Voice


def status(state: DicedOutState, words: Voice, human_acts: bool) -> str:
    """Whose turn and what to do; ``human_acts``: a human at the screen decides now.
    A bracket's words stay on one line when the status wraps ("Old Tom rolls (3"
    ended a row, "rerolls left)" began the next, seen in a real window)."""
    round_text = f"Round {min(state.round_index + 1, ROUNDS)} of {ROUNDS} {unbroken('(lowest total wins)')}"
    if state.phase == OPENING:
        return "Everyone rolls: the highest total goes first"
    if state.phase == TIE:
        return "Tie for the lowest score: roll off, highest total chooses"
    if state.phase == ROLL:
        left = state.rerolls[state.current]
        rerolls = unbroken(f"({left} reroll{'s' if left != 1 else ''} left)")
        last = state.last
        if last.get("event") == "repeat" and last.get("player") == state.current:
            # why the same player rolls again ("5 rolled", a reroll box ticked and
            # "click to roll" said nothing of the repeat, seen in a real window)
            again = words.verb(state.current, "rolls", "roll")
            return f"{words.subject(state.current)} rolled {last['total']}, already marked: {again} again  {rerolls}"
        rolls = words.says(state.current, "rolls", "roll")
        return f"{round_text}  -  {rolls}  {rerolls}"
    if state.phase == FREE_MARK:
        who = words.subject(state.current)
        if human_acts:
            return "Bonus! " + words.says(state.current, "may", "may") + (
                " mark one more number free: click it on the sheet (Left/Right, Enter), or Skip free mark (S)")
        return f"{round_text}  -  {who} may mark one more number free"
    if state.phase == PENALTY:
        assert state.chooser is not None, "a penalty has its chooser"
        c = state.chooser
        return (f"{words.subject(c)} scored lowest: {words.verb(c, 'starts', 'start')} next round, "
                f"{words.verb(c, 'takes', 'take')} one reroll away")
    return "Game over"
