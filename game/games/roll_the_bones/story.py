"""Roll the Bones' results story: pots won, dice taken in them, the most
dice held, the round a player went out; the chart follows everyone's dice
(six-siders and bone) after every round's pot split (see ``game.core.story``)."""
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
            held = len(after.collections[p])
            peak[p] = max(peak[p], held)
            series[p].append(float(held))
    cells = tuple((cell(pots[p]), cell(taken[p]), str(peak[p]),
                   f"round {out_round[p]}" if out_round[p] is not None else "\u2013") for p in range(n))
    marks = ("Start",) + tuple(f"R{i}" for i in range(1, len(series[0])))
    return Story(("Pots won", "Dice taken", "Most dice", "Out in"), cells, "Dice held, round by round",
                 tuple(tuple(s) for s in series), marks)


def out_places(state) -> dict[int, int]:
    ranking = state.ranking()   # a seat out already has its final place
    return {p: ranking[p] for p in range(state.n) if state.out_event[p] is not None}
