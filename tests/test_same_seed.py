""""Same seed" after a game: the same deal again.  With two or more humans
at one screen in a game of hidden dice, everyone saw that deal's hands
revealed, so dealing it again would show each player the others' first
cups: the results screen then offers Play again (a fresh seed) and Watch
replay, never Same seed (game/scenes/results.py ``offers_same_seed``)."""
from __future__ import annotations

import pytest

from game.core.match import Match, Seat
from game.scenes.results import ResultsScene
from tests.realinput import Hands


def finished(game_id: str, humans: int, seed: int = 3) -> Match:
    match = Match(game_id, [Seat(f"P{i}", "ai", "normal") for i in range(3)], None, seed)
    match.play_out()
    for i in range(humans):
        match.seats[i] = Seat(f"Player {i + 1}", "human")
    return match


@pytest.mark.parametrize("game_id, humans, offered", [
    ("liars-dice", 2, False), ("roll-call", 3, False),   # hidden dice, hot seat: never the same deal
    ("liars-dice", 1, True),                             # one human against AIs: practise a deal again
    ("roll-for-it", 2, True),                            # nothing hidden: the same seed is fair to all
])
def test_same_seed_is_offered_only_when_nobody_saw_anothers_cup(app, game_id, humans, offered):
    app.start(ResultsScene(app, finished(game_id, humans)))
    hands = Hands(app)
    hands.frames(2)
    labels = hands.labels()
    assert ("Same seed" in labels) == offered, labels
    assert "Play again" in labels and "Title" in labels


def test_play_again_after_a_hot_seat_game_deals_a_fresh_seed(app):
    match = finished("liars-dice", 2)
    app.start(ResultsScene(app, match))
    hands = Hands(app)
    hands.wait(1.0)   # the results screen takes a deliberate press after a moment
    hands.click("Play again")
    hands.frames(3)
    top = app.top
    table = getattr(top, "table", top)   # the opening hand-over, then the table
    assert table.match is not match and table.match.seed != match.seed
