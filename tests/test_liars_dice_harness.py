"""Invariant harness: seeded playouts with AI and random seats, replay round trips."""
import json

from game.core.harness import playouts
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


def test_replay_round_trip_mid_game():
    seats = [Seat("A", "ai", "hard"), Seat("B", "ai", "easy"), Seat("C", "ai", "normal")]
    match = Match("liars-dice", seats, {"starting_dice": 4}, seed=99)
    match.play_out()
    record = json.loads(json.dumps(match.to_record()))
    half = Match.from_record(record, upto=len(record["actions"]) // 2)
    half.play_out()  # same seed and seats: the AI plays the rest identically
    assert half.state.summary() == match.state.summary()
