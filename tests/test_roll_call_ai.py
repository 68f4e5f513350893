"""Roll Call AI: legal moves only, views only, sane strength, explanations."""
from __future__ import annotations

import random

import pytest

from game.core.match import Match, Seat
from game.core.protocol import CHANCE, RollResult
from game.core.sim import run_sim
from game.games import make_game
from game.games.roll_call import ai
from game.games.roll_call.rules import Bid, Call, CallOutOfTurn, RollCallView


class ViewSpy:
    """Wraps an agent, checking it is only ever handed views and picks legal moves."""

    def __init__(self, agent):
        self.agent = agent
        self.calls = 0

    def __getattr__(self, name):
        return getattr(self.agent, name)

    def act(self, view, legal):
        assert isinstance(view, RollCallView)
        self.calls += 1
        action = self.agent.act(view, legal)
        assert action in legal
        return action

    def interject(self, view, legal):
        assert isinstance(view, RollCallView) and legal == [CallOutOfTurn()]
        action = self.agent.interject(view, legal)
        assert action is None or action in legal
        return action


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_legally_from_views(level):
    for seed in range(6):
        seats = [Seat(f"P{i}", "ai", level) for i in range(5)]
        match = Match("roll-call", seats, seed=seed)
        for p in list(match.agents):
            match.agents[p] = ViewSpy(match.agents[p])
        match.play_out()
        assert match.is_over
        assert all(agent.calls for agent in match.agents.values())


def test_levels_have_names_styles_and_explain_moves():
    for level in ("easy", "normal", "hard"):
        agent = ai.make_agent(level, 0, random.Random(1))
        assert agent.name and agent.persona.style
    match = Match("roll-call", [Seat("A", "ai", "hard"), Seat("B", "ai", "normal")], seed=3)
    match.step()  # roll
    match.step()  # opening bid
    assert match.explain(0)
    with pytest.raises(ValueError):
        ai.make_agent("grandmaster", 0, random.Random(1))


def test_hard_never_calls_a_bid_its_own_dice_make_true():
    state = make_game("roll-call", 3).new_initial_state()
    state = state.apply(CHANCE, RollResult(((2, 2, 3, 4, 5), (1, 1, 6, 6, 6), (2, 3, 4, 5, 6))))
    state = state.apply(0, Bid(5, 6))
    hard = ai.make_agent("hard", 1, random.Random(0))
    for seed in range(20):
        hard.rng = random.Random(seed)
        assert hard.act(state.view(1), state.legal_actions(1)) != Call()


def test_out_of_turn_break_even_weighs_the_two_dice_risk():
    """Equal stacks: 2/3; a seat that a wrong call would knock out needs far more."""
    assert 2 / 3 <= ai.out_of_turn_break_even(5, 5) < 0.95
    assert ai.out_of_turn_break_even(2, 5) > 0.85
    assert ai.out_of_turn_break_even(1, 5) > ai.out_of_turn_break_even(5, 5)


def test_hard_calls_out_of_turn_on_an_impossible_bid_but_not_a_sure_one():
    state = make_game("roll-call", 4).new_initial_state()
    hands = ((2, 3, 4, 5, 6),) * 4
    state = state.apply(CHANCE, RollResult(hands))
    liar = state.apply(0, Bid(19, 6))
    hard = ai.make_agent("hard", 2, random.Random(0))
    assert hard.interject(liar.view(2), liar.legal_actions(2)) == CallOutOfTurn()
    safe = state.apply(0, Bid(1, 6))
    assert hard.interject(safe.view(2), safe.legal_actions(2)) is None


def test_strength_sanity_small():
    """A quick check that the ladder points the right way (full figures: sim)."""
    hard = run_sim("roll-call", ["hard", "easy"], 120, seed=3).by_level["hard"].win_rate
    assert hard > 0.55


@pytest.mark.slow
@pytest.mark.parametrize("pair", [("hard", "normal"), ("normal", "easy")])
def test_strength_targets(pair):
    result = run_sim("roll-call", list(pair), 2000, seed=1)
    assert result.by_level[pair[0]].win_rate >= 0.6


def _four_seat_position(normal_dice: int, quantity: int, face: int = 6):
    """Seat 0 bids, seat 1 is to act, seat 2 is Normal (``normal_dice`` dice,
    one of which counts for sixes), seat 3 watches."""
    state = make_game("roll-call", 4).new_initial_state()
    state.dice_counts[2] = normal_dice
    normal_hand = (6,) + (2, 3, 4, 5)[:normal_dice - 1]
    hands = ((2, 3, 4, 5, 6), (2, 3, 4, 5, 6), normal_hand, (2, 3, 4, 5, 6))
    state = state.apply(CHANCE, RollResult(hands))
    return state.apply(0, Bid(quantity, face))


def test_normal_out_of_turn_call_respects_the_two_dice_break_even():
    """Text: "If you are wrong, you must lose TWO dice".  Normal must not call
    out of turn unless the chance the bid is false clears the break-even of
    risking two of its dice for one of the bidder's."""
    normal = ai.make_agent("normal", 2, random.Random(0))
    # Two dice left: 9 sixes is about 91% false by the plain odds (above the
    # old fixed 85%), but a wrong call would all but end Normal's game.
    risky = _four_seat_position(2, 9)
    view = risky.view(2)
    assert 0.85 < 1.0 - ai.plain_chance(view, 9, 6) < ai.out_of_turn_break_even(2, 5)
    assert normal.interject(view, risky.legal_actions(2)) is None
    # Whatever the bid, an out-of-turn call only ever comes above the break-even.
    for dice in (1, 2, 3, 5):
        for quantity in range(1, 3 * 5 + dice + 1):
            state = _four_seat_position(dice, quantity)
            view = state.view(2)
            if normal.interject(view, state.legal_actions(2)) == CallOutOfTurn():
                assert 1.0 - ai.plain_chance(view, quantity, 6) > ai.out_of_turn_break_even(dice, 5)


def test_normal_calls_an_impossible_bid_out_of_turn_but_not_a_likely_one():
    normal = ai.make_agent("normal", 2, random.Random(0))
    impossible = _four_seat_position(5, 20)  # more sixes than dice could show but mine
    assert normal.interject(impossible.view(2), impossible.legal_actions(2)) == CallOutOfTurn()
    likely = _four_seat_position(5, 5)
    assert normal.interject(likely.view(2), likely.legal_actions(2)) is None


def test_normal_in_turn_call_floor_rises_with_the_table():
    assert ai.normal_call_floor(1) == 0.0  # heads-up: the plain comparison decides
    assert 0.0 < ai.normal_call_floor(2) < ai.normal_call_floor(3) < ai.normal_call_floor(5) <= 0.9


@pytest.mark.xfail(strict=True, reason="issue 40 not met in Roll Call: every mixed draw screened on the tuning "
                                        "half lost strength against the learner and did not close the tell gap "
                                        "(thirteenth session, docs/AI-NOTES.md), so Hard's bids stay pure")
def test_hards_bid_from_one_hand_and_history_is_drawn_and_states_the_chance_it_used():
    """Issue 40: "bids, raises and challenges drawn from a distribution over
    near-equal options, so that no reveal history pins a hand".  Main's Roll
    Call Hard answered one hand and history with one bid, and a learner that
    tabulated its revealed bids by kind won 12.2 points more than itself
    untrained (AI-NOTES, "Issue 40, thirteenth session").  The same spot,
    Hard's rng seeded otherwise, draws different bids from one weighed mix
    (``BidBrain.last_mix``); each drawn bid is one of the mix, and the chance
    Hard states for it is the chance true its value was weighed with."""
    state = make_game("roll-call", 2).new_initial_state()
    state = state.apply(CHANCE, RollResult(((2, 3, 3, 5, 6), (1, 2, 4, 4, 6))))
    for spot_state, seat in ((state, 0), (state.apply(0, Bid(3, 4)), 1)):
        drawn = set()
        for seed in range(40):
            hard = ai.make_agent("hard", seat, random.Random(seed))
            action = hard.act(spot_state.view(seat), spot_state.legal_actions(seat))
            drawn.add(action)
            mix = hard.brain.last_mix
            assert mix is not None and action in [move[0] for _w, move in mix]
            if isinstance(action, Bid):
                weighed = {bid: pt for _v, bid, pt, _pc in hard.brain.every_bid}
                assert hard.last_decision.p == weighed[action]
        assert len(drawn) > 1, drawn



def test_hard_at_four_seats_raises_on_the_face_it_holds_rather_than_bluff_for_its_lean():
    """Issue 40, sixteenth session: at a table of 3+ Hard's lean price started at
    0.25 dice per die of the bid face held above a blind hand's share, more than
    the faces' values differ there, so the price chose the face: after "5 fives"
    and "6 fives", holding two fours and two sixes (and no Emblem), Hard bid
    "7 twos", 18% true by its own reading, over "6 sixes", 77%.  Its bids under
    30% true gave up 0.13 dice of value each against its best bid, and players
    who read the lifted cups called them ("Losing a Call means you Lose a Die",
    roll-call.txt).  The crowded table's price now starts at 0.1."""
    state = make_game("roll-call", 4).new_initial_state()
    state = state.apply(CHANCE, RollResult(((2, 3, 4, 5, 6), (2, 3, 4, 5, 6), (4, 4, 5, 6, 6), (2, 3, 4, 5, 6))))
    state = state.apply(0, Bid(5, 5))
    state = state.apply(1, Bid(6, 5))
    hard = ai.make_agent("hard", 2, random.Random(0))
    bid = hard.act(state.view(2), state.legal_actions(2))
    assert bid == Bid(6, 6), hard.explain()
    assert hard.last_decision is not None and hard.last_decision.p is not None and hard.last_decision.p > 0.5


def test_hard_at_four_seats_weighs_the_out_of_turn_call_of_a_rival_past_the_next_player():
    """Issue 40, seventeenth session: "You can call a bid out of turn (When you
    are not sitting to the left of the Bidder)" (roll-call.txt), but Hard valued
    its bids by the next player's answer alone, so a bluff the next player would
    let through looked free; at four seats a third of the dice it lost on its
    false bids went to out-of-turn calls.  Here seat 0 twice called seat 1's
    high bid out of turn, rightly; then, holding 3 4 5 5 6 (1 is the Emblem)
    after seat 1's "4 fours", Hard (seat 2) bid "5 twos", 43% true by its
    reading and a face seat 0's dice make unlikely, where "4 sixes" was 85%."""
    hard = ai.make_agent("hard", 2, random.Random(0))
    state = make_game("roll-call", 4).new_initial_state()

    def apply(player, action):
        nonlocal state
        state = state.apply(player, action)
        hard.watch(state.view(2))

    hands = [((1, 1, 3, 5, 5), (3, 3, 3, 5, 5), (1, 2, 2, 2, 3), (2, 3, 4, 4, 6)),
             ((2, 4, 4, 4, 6), (2, 3, 5, 6), (1, 3, 3, 5, 5), (1, 2, 3, 6, 6))]
    for dealt, bid in zip(hands, (Bid(7, 6), Bid(7, 5))):
        apply(CHANCE, RollResult(dealt))
        if state.turn == 0:
            apply(0, Bid(2, 3))
        apply(1, bid)
        apply(0, CallOutOfTurn())
        assert state.last_reveal is not None and not state.last_reveal.bid_true
    apply(CHANCE, RollResult(((5, 5, 5, 6, 6), (4, 5, 5), (3, 4, 5, 5, 6), (1, 3, 3, 4, 5))))
    apply(1, Bid(4, 4))
    bid = hard.act(state.view(2), state.legal_actions(2))
    assert bid != Bid(5, 2), hard.explain()
    assert hard.last_decision is not None and hard.last_decision.p is not None and hard.last_decision.p > 0.5
