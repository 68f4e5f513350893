"""Diced Out in the game log (see ``game.core.narration``): the opening
roll-off, every throw and mark, rerolls, free marks, penalties and the
score of each of the four rounds."""
from __future__ import annotations

from ...core.grammar import voice_of
from ...core.narration import listing, plural
from ...core.protocol import CHANCE
from .rules import OPENING, PENALTY, ROLL, ROUNDS, TIE, FreeMark, Penalise, SkipFreeMark


def round_title(state) -> str:
    if state.phase == OPENING:
        return "Opening roll"
    if state.phase in (TIE, PENALTY):   # the end of the round just played
        return f"Round {state.round_index}"
    return f"Round {min(state.round_index + 1, ROUNDS)}"


def acting_seat(before, player, action) -> int:
    """A turn's throw is the turn player's own move."""
    return before.current if player == CHANCE and before.phase == ROLL else player


def narrate(before, player, action, after, name) -> list[str]:
    words = voice_of(name)   # "You" to start a sentence, "you" inside one (game.core.grammar)
    inside = words.object
    lines: list[str] = []
    last = after.last
    if player != CHANCE:
        if isinstance(action, FreeMark):
            lines.append(f"{name(player)} marked {action.number} free.")
        elif isinstance(action, Penalise):
            lines.append(f"{name(player)} took a reroll from {inside(action.target)} for the next round.")
        elif isinstance(action, SkipFreeMark):
            lines.append(f"{name(player)} left the free mark unused.")
        else:
            lines.append(f"{name(player)}: {action.label()}")
    elif last.get("event") == "roll_off":
        totals = ", ".join(f"{inside(p)} {t}" for p, t in last["totals"])
        what = "Opening roll" if last.get("phase") == OPENING else "Roll-off for the penalty"
        lines.append(f"{what}: {totals}.")
        if last.get("winner") is None:
            lines.append(f"Tie: {listing([inside(p) for p in after.contenders])} roll again.")
        elif last.get("phase") == OPENING:
            lines.append(f"{words.says(last['winner'], 'starts', 'start')}.")
    else:
        p, total, event = last.get("player"), last.get("total"), last.get("event")
        if event == "mark":
            lines.append(f"{name(p)} rolled {total} and marked it.")
        elif event == "bonus":
            lines.append(f"{name(p)} rolled {total} and marked it: a bonus number, one free mark.")
        elif event == "repeat":
            lines.append(f"{name(p)} rolled {total}, already marked: {plural(last['rerolls'], 'reroll')} left.")
        elif event == "diced_out":
            lines.append(f"{name(p)} rolled {total}, already marked, with no reroll left: "
                         f"Diced Out, scoring {last['score']}.")
        if last.get("complete"):
            lines.append(f"{name(p)} marked every number: the round scores 0.")
    if after.round_index > before.round_index:
        scores = ", ".join(f"{inside(q)} {after.round_scores[q][-1]}" for q in range(after.n))
        lines.append(f"Round {after.round_index} scores: {scores}.")
        if after.round_index >= ROUNDS:
            totals = ", ".join(f"{inside(q)} {t}" for q, t in enumerate(after.totals()))
            lines.append(f"Final totals (lowest wins): {totals}.")
    return lines
