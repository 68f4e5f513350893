"""Roll For It!'s table lines: the deck line over the cards and the prompt
over the tray (pure: the state and the table's ``Voice``; the scene draws them)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import Roll, RollForItState

if TYPE_CHECKING:
    from ...ui.grammar import Voice


def deck_line(state: RollForItState) -> str:
    """How many cards are left and the target."""
    decks = "" if state.game.decks == 1 else f" (of {state.game.deck_size}, two decks)"
    deck = f"Deck: {len(state.deck)} cards{decks}" if state.phase != "shuffle" else "Shuffling..."
    return f"{deck}   ·   first to {state.target} points wins"


def prompt(state: RollForItState, words: Voice, human: int | None) -> str:
    """Who acts and what to do; ``human`` is the human seat to act (None while an AI acts)."""
    if state.phase == "over":
        return "Game over"
    if state.phase in ("shuffle", "rolloff"):
        return "Roll-off: highest total goes first"
    if human is None:
        doing = "rolling..." if state.phase in ("start", "roll") else "placing dice"
        return f"{words.says(state.turn, 'is', 'are')} {doing}"
    if state.phase == "start":
        if Roll() not in state.legal_actions(human):
            return f"All {words.possessive(human, capital=False)} dice are on cards: Take Back, or pass"
        return f"{words.possessive(human)} turn: roll the dice in hand, or Take Back first"
    return "Drag a die onto a matching image (arrows + Enter), or keep the rest"
