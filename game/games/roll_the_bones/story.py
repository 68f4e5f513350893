"""Roll the Bones' results story: pots won, dice taken in them, the most
dice held, the round a player went out; the chart follows everyone's dice
(six-siders and bone) after each pot split, one a round, labelled as splits
(see ``game.core.story``)."""
from __future__ import annotations

from typing import Sequence

from ...core.protocol import Action
from ...core.story import Story, cell, walk
from .rules import RollTheBonesGame


def tell(game: RollTheBonesGame, history: Sequence[tuple[int, Action]]) -> Story:
    n = game.num_players
    first = game.new_initial_state()
    series = [[float(len(first.collections[p]))] for p in range(n)]
    pots, taken = [0] * n, [0] * n
    peak = [len(first.collections[p]) for p in range(n)]
    out_round: list[int | None] = [None] * n
    for before, _player, _action, after in walk(first, history):
        for p in range(n):
            if out_round[p] is None and after.out_event[p] is not None:
                out_round[p] = before.round
        if len(after.results_log) == len(before.results_log) or after.results_log[-1]["kind"] != "win":
            continue
        result = after.results_log[-1]
        pots[result["winner"]] += 1
        for seat, dice in result["haul"].items():
            taken[int(seat)] += len(dice)
        for p in range(n):
            held = held_at_split(after, p)
            peak[p] = max(peak[p], held)
            series[p].append(float(held))
    cells = tuple((cell(pots[p]), cell(taken[p]), str(peak[p]),
                   f"round {out_round[p]}" if out_round[p] is not None else "\u2013") for p in range(n))
    marks = ("Start",) + tuple(f"Split {i}" for i in range(1, len(series[0])))
    return Story(("Pots won", "Dice taken", "Most dice", "Out in"), cells, "Dice held after each pot split",
                 tuple(tuple(s) for s in series), marks)


def held_at_split(after, p: int) -> int:
    """Seat ``p``'s dice right after a pot split: its collection plus what
    the rules already moved on from it (the next round's forced antes and,
    when nobody had a choice, the die it rolls next).  Counting the
    collection alone showed a player still in the game at 0 dice and totals
    that did not add up; with these, the seats' dice and the dice nobody
    could win (carried over) make every die of the game."""
    if after.is_terminal():
        return len(after.collections[p])
    return len(after.collections[p]) + len(after.anted.get(p, ())) + (p in after.in_flight)


def out_places(state) -> dict[int, int]:
    ranking = state.ranking()   # a seat out already has its final place
    return {p: ranking[p] for p in range(state.n) if state.out_event[p] is not None}
