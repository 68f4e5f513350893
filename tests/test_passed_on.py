"""Issue 40, full tables: a bid the next player lets through is weighed by who
is left to act (``game/games/bidding/passed_on.py``)."""
import dataclasses
import random
from functools import partial

from game.games.bidding.brain import BidBrain
from game.games.bidding.passed_on import JintoHabit, next_bids, passed_on_value, stay_share
from game.games.bidding.spot import BidSpot
from game.games.liars_dice.ai import make_agent
from game.games.liars_dice.rules import Jinto, minimum_raises
from game.games.roll_call.rules import minimum_raises as rc_minimum_raises

FACES = (1, 2, 3, 4, 5, 6)


def _hard(habits: dict[int, str], **style):
    """Liar's Dice Hard at seat 0 with each listed rival's call habit set:
    "never" lets every bid through, "always" calls every one (``style``: Hard's
    style changed so)."""
    hard = make_agent("hard", 0, random.Random(0))
    hard.brain.style = dataclasses.replace(hard.brain.style, **style)
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


# --- eighth session: raises onto other faces, rivals' Jintos ------------------------------

def _rolled_spot(dice, hand, bids=()):
    """A Liar's Dice spot whose roll-out raises by the game's own rule."""
    return BidSpot(me=0, hand=hand, dice=dice, faces=FACES, wild=1, bids=bids, round_no=1, legal=(),
                   next_player=1, jinto=Jinto(), raise_rule=partial(minimum_raises, palifico=False))


def test_a_raise_between_rivals_may_name_any_face_by_the_games_rule():
    """Liar's Dice: "Raising the bid means the player increases the quantity of
    dice, but the player may also change the number" (and a cut to ones needs
    half the quantity); Roll Call: "The quantity can stay the same or go up.
    The Value can go up, down, or stay the same."  The roll-out's raises follow
    each rule, on the same face with the round's stay share."""
    s = _rolled_spot((5, 5, 5, 5), (2, 3, 3, 5, 6))
    raised = dict(next_bids(s, (4, 3), 0.5))
    assert raised[(5, 3)] == 0.5
    assert {(5, 2), (5, 4), (5, 5), (5, 6), (2, 1)} <= set(raised)
    assert abs(sum(raised.values()) - 1) < 1e-9
    rc = dataclasses.replace(s, faces=(2, 3, 4, 5, 6), raise_rule=rc_minimum_raises)
    assert set(dict(next_bids(rc, (4, 3), 0.5))) == {(4, 4), (4, 5), (4, 6), (5, 2), (5, 3)}


def test_the_stay_share_follows_this_rounds_raises():
    """Raises that kept to their face make the roll-out keep to it; Palifico
    raises always do."""
    stayed = _rolled_spot((5, 5, 5, 5), (2, 3, 3, 5, 6), bids=((1, 3, 4), (2, 4, 4), (3, 5, 4)))
    moved = _rolled_spot((5, 5, 5, 5), (2, 3, 3, 5, 6), bids=((1, 3, 2), (2, 4, 4), (3, 5, 6)))
    assert stay_share(stayed) == 0.75 and stay_share(moved) == 0.25
    assert stay_share(dataclasses.replace(moved, fixed_face=True)) == 1.0


def test_a_bid_that_comes_back_on_a_face_a_rival_moved_it_to_is_not_taken_for_a_bluff():
    """Holding no threes, "9 threes" coming back to me is a call by my reading;
    kept on threes (the seventh session's roll-out) letting my bid through was
    worth about that call.  With raises onto any face (``rollout_faces``) the
    bid comes back on threes only as often as this round's raises stayed on
    their face; on a face a rival moved it to, the move is evidence of their
    hand my reading has not seen, so it is passed on, not called."""
    brain = _hard({1: "never", 2: "never", 3: "never"})
    s = _rolled_spot((5, 5, 5, 5), (2, 2, 4, 5, 6))
    G = brain.rival_value(s)
    kept = passed_on_value(brain.reader, s, 6, 3, G, 3, faces=False)
    moved = passed_on_value(brain.reader, s, 6, 3, G, 3, faces=True)
    assert kept > 0.8 * G
    assert moved < 0.3 * G


def _taught(brain, kind: str, n: int = 40):
    """Feed ``n`` reveals of rivals' challenges of ``kind`` to the brain's Jinto habit."""
    for i in range(n):
        reveal = (i, ((2,),) * 4, 1 + i % 3, (0, 3, 3))
        brain.jintos.settle(dataclasses.replace(_rolled_spot((5, 5, 5, 5), (2,)), reveal=reveal, reveal_kind=kind))
    return brain


def test_rivals_jintos_are_learned_from_reveals_and_never_my_own():
    brain = _taught(_hard({}), "jinto")
    s = _rolled_spot((5, 5, 5, 5), (2, 3, 3, 5, 6))
    assert brain.jintos.share(s) > 0.85
    again = _taught(brain, "call")   # the same rounds again: counted once
    assert again.jintos.share(s) > 0.85
    mine = _hard({})
    mine.jintos.settle(dataclasses.replace(s, reveal=(0, ((2,),) * 4, 0, (1, 3, 3)), reveal_kind="jinto"))
    assert mine.jintos.share(s) == JintoHabit().share(s)
    assert brain.jintos.share(dataclasses.replace(s, jinto=None)) == 0.0   # Roll Call: no Jinto


def test_a_right_jinto_between_rivals_costs_no_rival_a_die():
    """"If they are correct, they get 1 of the previous players' dice": a right
    Jinto between rivals moves a die from one rival to another, so a bid let
    through to rivals who challenge by Jinto is worth less than to rivals who
    call (before, both were worth a rival's die)."""
    s = _rolled_spot((5, 5, 5, 5), (2, 3, 3, 5, 6))
    callers = _taught(_hard({1: "never", 2: "always", 3: "always"}, rollout_jintos=True), "call")
    jintos = _taught(_hard({1: "never", 2: "always", 3: "always"}, rollout_jintos=True), "jinto")
    G = callers.rival_value(s)
    assert callers.bid_value(s, 6, 3, G)[0] > jintos.bid_value(s, 6, 3, G)[0] + 0.1 * G


def test_a_next_player_who_cries_jinto_weighs_my_bid_by_its_exact_chance():
    """A challenge on my bid is weighed by its kind: a call loses when my bid is
    true, a Jinto when it is exact ("If they are correct, they get 1 of the
    previous players' dice"), and costs the crier a die otherwise.  So a safe
    bid (5 threes, about 92% true) is dearer before a next player who cries
    Jinto, and a shaky one (7 threes, about 58%) cheaper.  Before, every
    challenge on my bid was weighed as a call (equal values)."""
    s = _rolled_spot((5, 5, 5, 5), (2, 3, 3, 5, 6))
    callers = _taught(_hard({1: "always", 2: "never", 3: "never"}, rollout_jintos=True), "call")
    jintos = _taught(_hard({1: "always", 2: "never", 3: "never"}, rollout_jintos=True), "jinto")
    G = callers.rival_value(s)
    assert callers.bid_value(s, 5, 3, G)[0] > jintos.bid_value(s, 5, 3, G)[0] + 0.05
    assert callers.bid_value(s, 7, 3, G)[0] < jintos.bid_value(s, 7, 3, G)[0] - 0.1


def test_a_roll_call_call_out_of_turn_is_weighed_against_the_round_rolled_on():
    """Roll Call: "You can call a bid out of turn ... If you are wrong, you must
    lose TWO dice".  Calling a false bid now wins a rival's die; waiting, when
    the player to act lets it through, still may: the players after them may
    call its raise.  So the call out of turn is worth less when they call every
    bid than when they let everything through.  Before, it was weighed by the
    player to act alone (equal values)."""
    from game.games.roll_call.ai import make_agent as rc_agent
    from game.games.roll_call.rules import CallOutOfTurn

    def brain(habit):
        hard = rc_agent("hard", 3, random.Random(0))
        hard.brain.style = dataclasses.replace(hard.brain.style, passed_on=3)
        for seat, h in ((1, "never"), (2, habit), (4, habit)):
            model = hard.brain.reader.model(seat)
            model.call_bins = [[0.0, 50.0] if h == "never" else [50.0, 50.0] for _ in model.call_bins]
            model.never_odds = 30.0 if h == "never" else -30.0
        return hard.brain

    s = BidSpot(me=3, hand=(2, 3, 4, 5, 6), dice=(5, 5, 5, 5, 5), faces=(2, 3, 4, 5, 6), wild=1,
                bids=((0, 9, 4),), round_no=1, legal=(), oot=CallOutOfTurn(), next_player=4, to_act=1,
                raise_rule=rc_minimum_raises)
    callers, passers = brain("always"), brain("never")
    pt = 0.2
    assert passers.oot_value(s, pt) > callers.oot_value(s, pt) + 0.05
