"""Roll For It!'s table lines: the deck line over the cards, the prompt
over the tray, the buttons of a turn, and the words of its banners and
announcements (pure: the state and the table's ``Voice``; the scene draws
them and decides when)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.narration import unbroken
from ...core.protocol import Action
from .rules import KeepRest, Pass, Roll, RollForItState, TakeBack

if TYPE_CHECKING:
    from ...core.grammar import Voice


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
        if TakeBack() not in state.legal_actions(human):   # nothing on a card: nothing to take back
            return f"{words.possessive(human)} turn: roll your dice"
        return f"{words.possessive(human)} turn: roll the dice in hand, or Take Back first"
    return "Drag a die onto a matching image (arrows + Enter), or keep the rest"


@dataclass(frozen=True)
class Choice:
    """One button of a turn: its label, the line under it (with the key), the action."""
    label: str
    sub: str
    action: Action
    primary: bool = False


def choices(state: RollForItState, seat: int) -> list[Choice]:
    """The buttons beside the tray for ``seat`` now: before a roll Roll / Take
    Back / Pass as legal, while placing Keep the rest."""
    if state.phase == "place":
        return [Choice("Keep the rest", "end turn  (K)", KeepRest())]
    if state.phase != "start":
        return []
    legal = state.legal_actions(seat)
    offered = [Choice("Roll for it!", f"{state.hand(seat)} dice  (R)", Roll(), primary=True),
               Choice("Take Back", "all dice home, roll 6  (T)", TakeBack()),
               Choice("Pass", "leave dice on cards  (P)", Pass())]
    return [c for c in offered if c.action in legal]


def dealt(state: RollForItState) -> str:
    """The announcement of the deal."""
    return ("The deck is shuffled; three cards are dealt." if state.game.decks == 1
            else "Two decks are shuffled together; four cards are dealt.")


def rolloff(state: RollForItState, name: Callable[[int], str]) -> str:
    """The announcement of a roll-off's totals, the highest first (cut short
    at 8 seats, the commentary drops the lowest).  Each name and its total
    are joined by no-break spaces: a wrapped line never leaves a total alone
    (issue 39: "Hilda" ended one row, "7" stood alone on the next)."""
    ranked = sorted(state.rolloff, key=lambda pair: -pair[1])
    return "Roll-off: " + ", ".join(unbroken(f"{name(p)} {t}") for p, t in ranked)


def rolloff_banner(state: RollForItState, words: Voice) -> tuple[str, str]:
    """Who goes first after a roll-off, or a tie."""
    return _goes_first(words, state.turn) if state.phase == "start" else ROLLOFF_TIE


ROLLOFF_TIE = ("Tie!", "the tied players roll again")


def _goes_first(words: Voice, seat: int) -> tuple[str, str]:
    return f"{words.says(seat, 'goes', 'go')} first", "highest roll-off total"


def rolloff_banners(words: Voice, seats: int) -> list[tuple[str, str]]:
    """Every banner a roll-off can end with (``rolloff_banner``): each seat
    going first, then the tie (the table draws their words ahead)."""
    return [_goes_first(words, seat) for seat in range(seats)] + [ROLLOFF_TIE]


def kept_unfitted(words: Voice, player: int, dice: int, rest: bool) -> str:
    """The commentary's line when ``dice`` dice fit no card and go back to
    ``player``'s hand, a whole roll or (``rest``) those left after a
    placement, in the commentary's one voice: "Mags keeps all 4 dice: none
    fits a card", "You keep the other die: it fits no card" (it read "Mags's
    roll fits no card", "Your other dice fit no card": the dice the subject,
    and no count)."""
    keeps = words.says(player, "keeps", "keep")
    if dice == 1:
        return f"{keeps} the {'other ' if rest else ''}die: it fits no card"
    which = f"the other {dice} dice" if rest else ("both dice" if dice == 2 else f"all {dice} dice")
    return f"{keeps} {which}: {'neither' if dice == 2 else 'none'} fits a card"


def passed(words: Voice, player: int) -> tuple[str, str]:
    return words.says(player, "passes", "pass"), "all six dice are on cards"


def scored(state: RollForItState, words: Voice, player: int, points: int) -> tuple[str, str]:
    """The banner of a card taken (``state`` after the placement)."""
    return f"+{points}  {words.says(player, 'takes', 'take')} the card!", f"now {state.scores[player]} points"


def won(state: RollForItState, words: Voice, player: int) -> tuple[str, str]:
    """The banner of the game's end (``player`` made the last move)."""
    why = {"target": f"reaches {state.scores[player]} points", "deck": "the cards ran out"}.get(state.end_reason, "")
    return f"{words.says(state.winners()[0], 'wins', 'win')}!", why
