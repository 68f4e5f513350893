"""Issue 40, full tables: a bid the next player lets through is weighed by who
is left to act (``game/games/bidding/passed_on.py``)."""
import dataclasses
import random

from game.games.bidding.brain import BidBrain
from game.games.bidding.spot import BidSpot
from game.games.liars_dice.ai import make_agent

FACES = (1, 2, 3, 4, 5, 6)


def _hard(habits: dict[int, str]):
    """Liar's Dice Hard at seat 0 with each listed rival's call habit set:
    "never" lets every bid through, "always" calls every one."""
    hard = make_agent("hard", 0, random.Random(0))
    for seat, habit in habits.items():
        model = hard.brain.reader.model(seat)
        model.call_bins = [[0.0, 50.0] if habit == "never" else [50.0, 50.0] for _ in model.call_bins]
        model.never_odds = 30.0 if habit == "never" else -30.0
    return hard.brain


def _spot(dice):
    return BidSpot(me=0, hand=(2, 3, 3, 5, 6), dice=dice, faces=FACES, wild=1, bids=(), round_no=1,
                   legal=(), next_player=1)


def test_a_bid_let_through_before_callers_is_worth_a_rivals_die():
    """At four seats the round still costs someone a die after the next player
    raises: if the two players after it call every bid, it ends between rivals
    (worth ``rival_value``), the amount a winning call of mine is credited with.
    Before, a bid not called was worth nothing, so a call was weighed with the
    round's whole outcome and a raise with only its first answer."""
    brain = _hard({1: "never", 2: "always", 3: "always"})
    s = _spot((5, 5, 5, 5))
    G = brain.rival_value(s)
    value, _true, called = brain.bid_value(s, 6, 3, G)
    assert called < 0.05
    assert value > 0.8 * G


def test_who_is_left_to_act_changes_the_value_of_letting_it_through():
    """The same bid before the same next player is worth less when the players
    after it let everything through too: the bid comes back to me three raises
    higher, and the risk is mine again."""
    callers = _hard({1: "never", 2: "always", 3: "always"})
    passers = _hard({1: "never", 2: "never", 3: "never"})
    s = _spot((5, 5, 5, 5))
    G = callers.rival_value(s)
    assert callers.bid_value(s, 6, 3, G)[0] > passers.bid_value(s, 6, 3, G)[0] + 0.1 * G


def test_heads_up_a_bid_is_weighed_as_before():
    """Heads-up the player after the next one is me: nothing is rolled on."""
    brain = _hard({1: "never"})
    plain = BidBrain(brain.reader, dataclasses.replace(brain.style, passed_on=0))
    s = _spot((5, 5))
    for q in range(1, 8):
        assert brain.bid_value(s, q, 3, 1.0) == plain.bid_value(s, q, 3, 1.0)
