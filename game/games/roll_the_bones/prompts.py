"""Roll the Bones' table lines: the round / ante / step line and what the
human at the screen is asked (pure: the state and the table's ``Voice``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.narration import plural
from .rules import BonesState

if TYPE_CHECKING:
    from ...core.grammar import Voice


def status(state: BonesState) -> list[str]:
    """The round, a tiebreak's stage and the ante; then the step under way (two
    lines: the table draws them in its top-right corner)."""
    if state.is_terminal():
        return ["Game over"]
    stage = f"  ·  tiebreak {state.stage}" if state.stage else ""
    step = {"ante": "antes", "declare": f"announcements, {'first' if state.declare_pass == 1 else 'final'} call",
            "roll": "everyone rolls"}.get(state.phase, "")
    return [f"Round {state.round}{stage}  ·  ante {state.ante_size()}"] + ([step.capitalize()] if step else [])


def ask(state: BonesState, words: Voice, player: int, *, short: bool = False) -> str:
    """The question to the human deciding now: which dice to ante, or whether
    to roll the bone, saying which die that is ("Roll your 12-sided bone?":
    "Roll the bone?" told a newcomer nothing of it); ``short``: without it,
    where a caller's long name leaves no room ("Mags, roll the bone?")."""
    if state.phase == "ante":
        return words.ask(player, f"ante {state.amounts[player]}: which dice?")
    return words.ask(player, "roll the bone?" if short else "roll your 12-sided bone?")


def ante_choice(amount: int, bones: int, *, short: bool = False) -> str:
    """An ante of ``amount`` dice, ``bones`` of them bones, as its button and
    the coach both name it ("Ante 1 six-sider", "Ante 1 bone", "Ante 2
    six-siders and 1 bone"; ``short``, on a button: "2 + 1 bone").  The coach
    said "Ante six-siders only" for the button "Ante 1 six-sider", and "Ante
    1 bone" for "2 + 1 bone"."""
    sixes = amount - bones
    if not bones:
        return f"Ante {plural(sixes, 'six-sider')}"
    if not sixes:
        return f"Ante {plural(bones, 'bone')}"
    return f"{sixes} + {plural(bones, 'bone')}" if short else f"Ante {plural(sixes, 'six-sider')} and {plural(bones, 'bone')}"


def ante_note(state: BonesState, player: int) -> str:
    """How the player's ante splits between centre and side pot: a rule, not
    a choice, so it is said where the choice is made ("" without a side pot)."""
    centre, side = state.ante_split(player)
    if not side:
        return ""
    if not centre and side == 1:   # "all 1 go", seen in a real window at ante 1
        return "it goes to the side pot: a short player cannot match it"
    if not centre:
        return f"all {side} go to the side pot: a short player cannot match them"
    return f"{centre} to the centre, {side} to the side pot (six-siders fill the centre first)"
