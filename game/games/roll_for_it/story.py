"""Roll For It!'s results story: cards taken and their points, the best
card, dice placed and Take Backs; the chart follows everyone's points after
each round of turns (see ``game.core.story``)."""
from __future__ import annotations

from typing import Sequence

from ...core.story import Story, cell, walk
from ...core.protocol import Action
from .rules import Place, RollForItGame, TakeBack, card


def tell(game: RollForItGame, history: Sequence[tuple[int, Action]]) -> Story:
    n = game.num_players
    placed, backs = [0] * n, [0] * n
    series: list[list[float]] = [[0.0] for _ in range(n)]
    state = game.new_initial_state()
    for before, player, action, after in walk(state, history):
        state = after
        if isinstance(action, Place):
            placed[player] += 1
        elif isinstance(action, TakeBack):
            backs[player] += 1
        if after.turns_played > before.turns_played and after.turns_played % n == 0 or \
                (after.is_terminal() and not before.is_terminal()):
            for p in range(n):
                series[p].append(float(after.scores[p]))
    cells = []
    for p in range(n):
        points = sorted((card(c).points for c in state.scored[p]), reverse=True)
        cells.append((cell(len(points)), str(state.scores[p]), str(points[0]) if points else "\u2013",
                      cell(placed[p]), cell(backs[p])))
    marks = ("Start",) + tuple(f"R{i}" for i in range(1, len(series[0])))
    if state.is_terminal() and len(marks) > 1:
        marks = marks[:-1] + ("End",)
    return Story(("Cards", "Points", "Best card", "Dice placed", "Take Backs"), tuple(cells),
                 "Points, round by round", tuple(tuple(s) for s in series), marks)
