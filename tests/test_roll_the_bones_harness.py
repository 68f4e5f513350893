"""Roll the Bones under the invariant harness: dice conservation after every
action (check_invariants), legal moves for whoever acts, replay round trips."""
import json

import pytest

from game.dev.harness import playout, playouts
from game.core.match import Match
from game.core.protocol import CHANCE, RollResult
from game.games.roll_the_bones.rules import check_invariants

from .test_roll_the_bones_rules import play_until_roll, rigged


def test_many_playouts_conserve_every_die():
    """"The object of the game is to collect all the dice": no die is ever made or
    lost, each bone exists exactly once, games end with one holder of everything."""
    matches = playouts("roll-the-bones", 240, seed=11)
    for match in matches:
        state = match.state
        assert len(state.alive()) == 1
        winner = state.alive()[0]
        assert len(state.collections[winner]) == 11 * state.n
    # Dice left on the table (an unwinnable pot) are common enough that the
    # invariant's haul check (who may take carried dice) runs on them here.
    carried = sum(1 for m in matches for r in m.state.results_log if r.get("carried"))
    assert carried >= 5, f"only {carried} rolls left dice on the table"


def test_invariant_rejects_carried_dice_for_a_short_winner_who_did_not_ante():
    """The harness would catch the old bug: the short winner taking the centre."""
    before = play_until_roll(rigged([(1, 0), (12, 1), (13, 1)], carried=(4, 1)))  # all 33 dice
    carried = list(before.pots[0])
    action = RollResult(((6,), (5,), (2,)))
    after = before.apply(CHANCE, action)
    check_invariants(before, action, after)
    wrong = after.clone()
    for d in carried:                      # as the old rules did it
        wrong.collections[1].remove(d)
        wrong.collections[0].append(d)
    haul = {k: list(v) for k, v in after.last_result["haul"].items()}
    haul["1"] = [d for d in haul["1"] if d not in carried]
    haul["0"] += carried
    wrong.last_result = {**after.last_result, "haul": haul}
    wrong.results_log[-1] = wrong.last_result
    with pytest.raises(AssertionError, match="without anteing"):
        check_invariants(before, action, wrong)


def test_playouts_without_side_pots():
    playouts("roll-the-bones", 80, seed=12, options={"side_pots": False})


def test_replay_round_trip_through_json():
    match = playout("roll-the-bones", 5, seed=3)
    record = json.loads(json.dumps(match.to_record()))
    again = Match.from_record(record)
    assert again.state.summary() == match.state.summary()
    assert again.history == match.history
