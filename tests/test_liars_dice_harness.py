"""Invariant harness: seeded playouts with AI and random seats, replay round trips."""
import json

import pytest

from game.dev.harness import playouts
from game.core.match import Match, Seat


def test_playouts_default_options():
    """Dice are conserved except for Jinto transfers and losses, every challenge has exactly
    one loser, bids always rise by the rules (rules.check_invariants), replays reproduce."""
    matches = playouts("liars-dice", 240, seed=4, players=(2, 3, 4, 6))
    assert all(m.is_over for m in matches)


def test_playouts_every_option_on():
    opts = {"starting_dice": 2, "jinto_cap": True, "skip_palifico_two": True, "odds_helper": True}
    playouts("liars-dice", 80, seed=5, players=(2, 3, 5), options=opts)


def test_playouts_big_tables_and_one_die():
    playouts("liars-dice", 6, seed=6, players=(20,), options={"starting_dice": 2})
    playouts("liars-dice", 40, seed=7, players=(2, 7), options={"starting_dice": 1})


@pytest.mark.parametrize("levels,seed", [(("hard", "easy", "normal"), 99), (("hard", "hard"), 3),
                                         (("hard", "normal"), 8), (("hard", "hard", "normal"), 5)])
def test_replay_round_trip_mid_game(levels, seed):
    """A match rebuilt from its record (Continue) plays on exactly as the
    uninterrupted one: every AI memory (Hard's reader, its lean price, the
    solved endgame's draws) comes from the game's history, not from its own turns."""
    seats = [Seat(f"S{i}", "ai", lvl) for i, lvl in enumerate(levels)]
    match = Match("liars-dice", seats, {"starting_dice": 4}, seed=seed)
    match.play_out()
    record = json.loads(json.dumps(match.to_record()))
    half = Match.from_record(record, upto=len(record["actions"]) // 2)
    half.play_out()  # same seed and seats: the AI plays the rest identically
    assert half.state.summary() == match.state.summary()
