"""Roll the Bones under the invariant harness: dice conservation after every
action (check_invariants), legal moves for whoever acts, replay round trips."""
import json

from game.core.harness import playout, playouts
from game.core.match import Match


def test_many_playouts_conserve_every_die():
    """"The object of the game is to collect all the dice": no die is ever made or
    lost, each bone exists exactly once, games end with one holder of everything."""
    matches = playouts("roll-the-bones", 240, seed=11)
    for match in matches:
        state = match.state
        assert len(state.alive()) == 1
        winner = state.alive()[0]
        assert len(state.collections[winner]) == 11 * state.n


def test_playouts_without_side_pots():
    playouts("roll-the-bones", 80, seed=12, options={"side_pots": False})


def test_replay_round_trip_through_json():
    match = playout("roll-the-bones", 5, seed=3)
    record = json.loads(json.dumps(match.to_record()))
    again = Match.from_record(record)
    assert again.state.summary() == match.state.summary()
    assert again.history == match.history
