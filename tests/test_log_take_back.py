"""Issue 41: a move taken back used to retell the whole game's log from
its first action (10-40 ms in the undo's frame at 20 seats).  The log now
cuts back to the shorter history; it must be exactly the log that telling
that history makes, notes and "since your last move" included."""
from __future__ import annotations

import pytest

from game import games
from game.core.match import Match, Seat
from game.core.narration import GameLog


def _log(match: Match) -> GameLog:
    return GameLog(match.game.new_initial_state(), [s.name for s in match.seats], games.narrator(match.game_id))


@pytest.mark.parametrize("game_id, seats", [("liars-dice", 4), ("roll-call", 3), ("roll-the-bones", 3),
                                            ("diced-out", 2), ("roll-for-it", 3)])
def test_a_log_cut_back_is_the_log_of_the_shorter_history(game_id, seats):
    match = Match(game_id, [Seat(f"B{i}", "ai", "easy") for i in range(seats)], seed=7)
    for _ in range(60):
        if not match.step():
            break
    history = list(match.history)
    told = _log(match)
    told.sync(history)
    notes = [(len(history) // 3, 1, ["a note kept", "and another"]), (len(history) - 2, 0, ["a later note"])]
    for note in notes:
        told.note(*note)
    for cut in (len(history) - 1, len(history) // 2, len(history) // 3 + 1, 0):
        told.sync(history[:cut])
        fresh = _log(match)
        fresh.sync(history[:cut])
        for index, seat, texts in notes:
            if index < cut:
                fresh.note(index, seat, texts)
        assert told.entries == fresh.entries
        assert told._last_own == fresh._last_own
        assert told.sync(history[:cut + 1]) == fresh.sync(history[:cut + 1])   # and it tells on from there alike
        told.sync(history[:cut])


def test_a_move_taken_back_tells_nothing_again():
    """The old log retold every action from the first one on a take-back."""
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "easy") for i in range(6)], seed=3)
    for _ in range(80):
        if not match.step():
            break
    log = _log(match)
    log.sync(match.history)
    told: list[int] = []
    real = log._narrate
    log._narrate = lambda *a: told.append(1) or real(*a)
    log.sync(match.history[:-1])
    assert told == []
