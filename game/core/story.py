"""Each player's story of a finished game, as data for the results screen.

A game supplies a small pure hook (``story.py`` in its slice, found through
``games.story_hook``): ``tell(game, history) -> Story`` reads the match's
history (replaying it from the first state, so a replay or a continued game
tells the whole game) and returns a few numbers per seat under short column
headings, plus a series per seat sampled at each round's end for the "lead
over time" chart.  Games with elimination also give
``out_places(state) -> {seat: place}``: the final place (0 = winner) of every
seat already out, which the table uses for the "you are out" moment.

The results screen draws a ``Story`` with the shared ``game.ui.story``
component; no game-specific line lives in the scene.  Pure Python.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .. import games
from .protocol import Action, StateT


@dataclass(frozen=True)
class Story:
    """What the results screen shows about how the game went.

    ``columns``: short headings ("Bids", "Calls won"); ``cells[seat]``: one
    short text per column.  ``series[seat]``: the chart's value per sample
    (all seats have the same number); ``marks``: the label of each sample
    ("Start", "R1", ...).  ``higher_is_better`` False (Diced Out) turns the
    chart over, so the leader is always on top."""
    columns: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]
    chart_title: str
    series: tuple[tuple[float, ...], ...]
    marks: tuple[str, ...]
    higher_is_better: bool = True

    def leaders(self) -> list[tuple[int, ...]]:
        """The seats in the lead at each sample (ties share it)."""
        out = []
        for i in range(len(self.marks)):
            values = [s[i] for s in self.series]
            best = max(values) if self.higher_is_better else min(values)
            out.append(tuple(p for p, v in enumerate(values) if v == best))
        return out


def walk(first: StateT, history: Sequence[tuple[int, Action]]) -> Iterator[tuple[StateT, int, Action, StateT]]:
    """``(before, player, action, after)`` for every move of ``history`` played
    from ``first`` (the game's initial state, typed as the game's own State)."""
    state = first
    for player, action in history:
        after = state.apply(player, action)
        yield state, player, action, after
        state = after


def tell(match) -> Story | None:
    """The story of ``match`` (finished or not), or None for a game without a hook."""
    hook = games.story_hook(match.game_id) if games.is_known(match.game_id) else None
    if hook is None:
        return None
    return hook.tell(match.game, match.history)


def out_places(game_id: str, state) -> dict[int, int]:
    """``{seat: final place}`` of every seat already out (games with elimination)."""
    hook = games.story_hook(game_id) if games.is_known(game_id) else None
    fn = getattr(hook, "out_places", None)
    return dict(fn(state)) if fn is not None else {}


def places_from_out_order(num_players: int, out_order: Sequence[int]) -> dict[int, int]:
    """Final places of the seats out so far, first out last: the ones still in
    all finish above them."""
    alive = num_players - len(out_order)
    return {p: alive + len(out_order) - 1 - i for i, p in enumerate(out_order)}


def cell(n: int) -> str:
    """A cell: "-" for none, else the number."""
    return str(n) if n else "\u2013"
