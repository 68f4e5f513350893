"""Roll For It! in the game log (see ``game.core.narration``): roll-offs,
rolls, every placed die, scored cards and points, and how the game ended."""
from __future__ import annotations

from ...core.grammar import voice_of
from ...core.narration import listing, number, plural
from ...core.protocol import CHANCE
from .rules import Card, KeepRest, Pass, Place, Roll, TakeBack, card

ENDINGS = {"target": "a player reached the target", "deck": "the cards ran out",
           "stall": "nobody could score any more"}


def picture_words(images, short: bool = False) -> str:
    """A card's die pictures in words: "two 3s and two 4s", "a 4, a 5 and a 6";
    ``short`` where every face shows as often: "two 3s and 4s", "a 4, 5 and 6"
    (the coach lists three cards in a line)."""
    faces = sorted(set(images))
    counts = {images.count(f) for f in faces}
    if short and len(counts) == 1 and len(faces) > 1:
        each = counts.pop()
        return ("a " if each == 1 else f"{number(each)} ") + listing([f"{f}" if each == 1 else f"{f}s" for f in faces])
    return listing([f"a {f}" if images.count(f) == 1 else f"{number(images.count(f))} {f}s" for f in faces])


def card_words(c: Card) -> str:
    """A card as the lessons name it: its points, as the table and the log
    name it ("the 10-point card"), and its pictures in words, since two
    cards on the table may be worth the same ("the 10-point card with two 3s
    and two 4s"; the lessons once wrote the pictures as "(3 3 4 4)")."""
    return f"the {c.points}-point card with {picture_words(list(c.images))}"


def round_title(state) -> str:
    if state.phase in ("shuffle", "rolloff"):
        return "Who starts"
    return f"Round {state.turns_played // max(1, state.n) + 1}"


def acting_seat(before, player, action) -> int:
    """A turn's throw is the turn player's own move."""
    return before.turn if player == CHANCE and before.phase == "roll" else player


def narrate(before, player, action, after, name) -> list[str]:
    words = voice_of(name)   # "You" to start a sentence, "you" inside one (game.core.grammar)
    inside = words.object
    lines: list[str] = []
    if player == CHANCE:
        if before.phase == "shuffle":
            up = plural(len([s for s in after.slots if s is not None]), "card")
            return [f"The deck was shuffled; {up} face up."]
        if before.phase == "rolloff":
            totals = ", ".join(f"{inside(p)} {t}" for p, t in after.rolloff)
            lines.append(f"Roll-off: {totals}.")
            if after.phase == "start":
                lines.append(f"{words.says(after.turn, 'starts', 'start')}.")
            else:
                lines.append(f"Tie: {listing([inside(p) for p in after.contenders])} roll again.")
            return lines
        p = before.turn
        faces = ", ".join(str(f) for f in sorted(action.faces[0]))
        lines.append(f"{name(p)} rolled {faces}.")
        if after.turn != p or after.phase != "place":
            lines.append(f"No die fitted a card; {inside(p)} kept them.")
        return lines + _ending(before, after)
    if isinstance(action, Roll):
        return []   # the throw's outcome says it
    if isinstance(action, TakeBack):
        lines.append(f"{name(player)} took every die back from the cards.")
    elif isinstance(action, Pass):
        lines.append(f"{name(player)} passed with all six dice on cards.")
    elif isinstance(action, KeepRest):
        lines.append(f"{name(player)} kept the rest and ended the turn.")
    elif isinstance(action, Place):
        c = card(action.card)
        lines.append(f"{name(player)} put a {action.face} on the {c.points}-point card.")
        if len(after.scored[player]) > len(before.scored[player]):
            lines.append(f"{name(player)} completed the {c.points}-point card: {after.scores[player]} points.")
        elif after.turn != player and after.phase != "over":
            lines.append(f"No other die fitted; the turn passed to {inside(after.turn)}.")
    else:
        return [f"{name(player)}: {action.label()}"]
    return lines + _ending(before, after)


def _ending(before, after) -> list[str]:
    if after.phase != "over" or before.phase == "over":
        return []
    return [f"Game over: {ENDINGS.get(after.end_reason, after.end_reason)}."]
