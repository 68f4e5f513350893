"""Roll Call rules, each test quoting the rule text (roll-call.txt / HOUSE-RULES.md)."""
from __future__ import annotations

import pytest

from game.core.protocol import CHANCE, IllegalActionError, RollResult
from game.games import make_game
from game.games.roll_call.rules import (Bid, Call, CallOutOfTurn, RollCallState, check_invariants,
                                        is_raise, matches, minimum_raise)
from tests.helpers import play_checked


def new_state(players=4, **options) -> RollCallState:
    return make_game("roll-call", players, options).new_initial_state()


def rolled(state: RollCallState, *hands) -> RollCallState:
    """Apply a roll giving each player still in the hands listed (in seat order)."""
    request = state.chance_request()
    assert request is not None
    assert [g.count for g in request.groups] == [len(h) for h in hands]
    return state.apply(CHANCE, RollResult(tuple(tuple(h) for h in hands)))


def play(state, *moves):
    return play_checked(state, check_invariants, *moves)


FOUR_HANDS = ((1, 3, 3, 5, 6), (2, 2, 4, 4, 6), (1, 1, 5, 5, 5), (3, 4, 6, 6, 2))
# Threes + Emblems on the table: p0 3, p1 0, p2 2, p3 1 -> 6.


def test_setup_five_hidden_emblem_dice_each_and_everyone_rolls():
    """House: "2 to 10 players, 5 dice each"; rule 4: "Everyone Rolls"."""
    state = new_state(4)
    request = state.chance_request()
    assert [(g.owner, g.kind, g.count, g.hidden) for g in request.groups] == \
        [(p, "emblem", 5, True) for p in range(4)]
    for bad in (1, 11):
        with pytest.raises(ValueError, match="players"):
            make_game("roll-call", bad)
    with pytest.raises(ValueError, match="starting_dice"):
        make_game("roll-call", 3, {"starting_dice": 9})


def test_emblem_is_wild_for_every_bid():
    """Text: "The Emblem is a wild, and it counts towards the total no matter the
    value of the bid ... you have 2 Emblems, and 3 Sixes ... "6 Threes" ... 2
    fingers ... "7 Sixes" ... 5 Fingers"."""
    hand = (1, 1, 6, 6, 6)
    assert matches(hand, 3) == 2
    assert matches(hand, 6) == 5
    # Text example: 2 Threes, 2 Fives and 1 Six: "6 Threes" -> 2, "5 Sixes" -> 1, "8 Fours" -> fist.
    hand = (3, 3, 5, 5, 6)
    assert (matches(hand, 3), matches(hand, 6), matches(hand, 4)) == (2, 1, 0)


def test_bids_only_on_twos_to_sixes():
    """House: "Emblems are wild for every bid; bids are on faces 2-6 only"."""
    state = rolled(new_state(4), *FOUR_HANDS)
    faces = {a.face for a in state.legal_actions(0) if isinstance(a, Bid)}
    assert faces == {2, 3, 4, 5, 6}
    with pytest.raises(IllegalActionError):
        state.apply(0, Bid(3, 1))


def test_raise_rule_examples_from_the_text():
    """Text: "You could raise the value of 4 Fives to 4 Sixes ... the Quantity of 5
    Twos to 6 Twos ... BOTH ... 6 Fours to 7 Sixes ... The quantity can stay the
    same or go up. The Value can go up, down, or stay the same. The Quantity of
    the BID must NEVER go down." House: "with the same quantity the value must go
    up; with a higher quantity the value may be anything"."""
    assert is_raise((4, 5), 4, 6)
    assert is_raise((5, 2), 6, 2)
    assert is_raise((6, 4), 7, 6)
    assert is_raise((6, 4), 7, 2)          # higher quantity, value down
    assert not is_raise((4, 5), 4, 5)      # same bid
    assert not is_raise((4, 5), 4, 3)      # same quantity, value down
    assert not is_raise((4, 5), 3, 6)      # quantity down
    assert minimum_raise((4, 5), 20) == (4, 6)
    assert minimum_raise((4, 6), 20) == (5, 2)
    assert minimum_raise((20, 6), 20) is None


def test_legal_bids_are_exactly_the_raises_and_illegal_ones_are_refused():
    """Text: "Players Must RAISE or CALL the BID"; a bid never exceeds the dice in play (house)."""
    state = play(rolled(new_state(4), *FOUR_HANDS), (0, Bid(4, 5)))
    legal = state.legal_actions(1)
    bids = {(a.quantity, a.face) for a in legal if isinstance(a, Bid)}
    expected = {(q, f) for q in range(1, 21) for f in range(2, 7) if is_raise((4, 5), q, f)}
    assert bids == expected and Call() in legal
    for action in (Bid(4, 4), Bid(3, 6), Bid(21, 2), CallOutOfTurn()):
        assert not state.is_legal(1, action)
        with pytest.raises(IllegalActionError):
            state.apply(1, action)
    with pytest.raises(IllegalActionError):
        state.apply(2, Bid(5, 5))  # not your turn


def test_opener_cannot_call_and_play_goes_clockwise():
    """Text: "Roll The Dice and Make a BID. Going Clockwise, Players Must RAISE or
    CALL". House: the first seat opens round 1."""
    state = rolled(new_state(4), *FOUR_HANDS)
    assert state.turn_player() == 0
    assert Call() not in state.legal_actions(0)
    state = play(state, (0, Bid(2, 3)))
    assert state.turn_player() == 1
    state = play(state, (1, Bid(3, 3)))
    assert state.turn_player() == 2


def test_call_bid_true_caller_loses_a_die():
    """Text: "If you add up all the dice of the specific value in question, and
    there are equal to, or greater than the bid's quantity, the Bidder wins and
    the Caller loses ... Losing a Call means you Lose a Die. The player who has
    lost a die starts the bidding for the next round." (6 Threes exactly.)"""
    state = play(rolled(new_state(4), *FOUR_HANDS), (0, Bid(6, 3)), (1, Call()))
    reveal = state.last_reveal
    assert reveal.counts == (3, 0, 2, 1) and reveal.total == 6 and reveal.bid_true
    assert state.dice_counts == [5, 4, 5, 5] and reveal.loser == 1
    assert state.opener == 1 and state.chance_request() is not None
    state = rolled(state, (2,) * 5, (2,) * 4, (2,) * 5, (2,) * 5)
    assert state.turn_player() == 1


def test_call_bid_false_bidder_loses_a_die():
    """Text: "If there are not enough, the Bidder loses." """
    state = play(rolled(new_state(4), *FOUR_HANDS), (0, Bid(7, 3)), (1, Call()))
    assert not state.last_reveal.bid_true
    assert state.dice_counts == [4, 5, 5, 5] and state.opener == 0


def test_out_of_turn_callers_are_everyone_but_bidder_and_player_to_act():
    """Text: "You can call a bid out of turn (When you are not sitting to the left
    of the Bidder)". House: "any player other than the bidder and the player whose
    turn it is may call at any moment before the next bid is made"."""
    state = rolled(new_state(4), *FOUR_HANDS)
    assert state.interjectors() == ()  # no bid yet
    state = play(state, (0, Bid(4, 5)))
    assert state.interjectors() == (2, 3)
    assert state.current_players() == (1, 2, 3)
    assert state.legal_actions(2) == [CallOutOfTurn()]
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalActionError):
        state.apply(0, CallOutOfTurn())
    with pytest.raises(IllegalActionError):
        state.apply(1, CallOutOfTurn())  # the player to act calls normally
    state = play(state, (1, Bid(5, 5)))
    assert state.interjectors() == (0, 3)


def test_wrong_out_of_turn_call_costs_two_dice():
    """Text: "If you are wrong, you must lose TWO dice"."""
    state = play(rolled(new_state(4), *FOUR_HANDS), (0, Bid(6, 3)), (3, CallOutOfTurn()))
    reveal = state.last_reveal
    assert reveal.bid_true and reveal.out_of_turn and reveal.loser == 3 and reveal.dice_lost == 2
    assert state.dice_counts == [5, 5, 5, 3] and state.opener == 3


def test_right_out_of_turn_call_costs_the_bidder_one_die():
    """Text: "there is no extra penalty for being called out of turn"; house:
    "right -> the bidder loses one die as usual"."""
    state = play(rolled(new_state(4), *FOUR_HANDS), (0, Bid(7, 3)), (2, CallOutOfTurn()))
    assert state.dice_counts == [4, 5, 5, 5] and state.last_reveal.loser == 0
    assert state.opener == 0


def test_wrong_out_of_turn_caller_with_one_die_is_out():
    """House (RULES.md): a wrong out-of-turn caller holding only one die loses it
    and is out; the next player to the left opens. Text: "If that player has lost
    his last die, he is eliminated. Play continues to the eliminated player's left"."""
    state = new_state(3, starting_dice=1)
    state = play(rolled(state, (2,), (3,), (1,)), (0, Bid(1, 2)), (2, CallOutOfTurn()))
    assert state.dice_counts == [1, 1, 0]
    assert state.last_reveal.dice_lost == 1 and state.last_reveal.eliminated
    assert state.opener == 0  # left of seat 2 is seat 0
    assert state.out_order == [2]


def test_eliminated_loser_passes_the_opening_to_the_left_and_is_skipped():
    """Text: "If a Player runs out of Dice he is Out of the Game ... Play continues
    to the eliminated player's left"."""
    state = new_state(3, starting_dice=1)
    state = play(rolled(state, (2,), (3,), (4,)), (0, Bid(2, 2)), (1, Call()))
    assert state.dice_counts == [0, 1, 1] and state.opener == 1
    state = rolled(state, (5,), (6,))
    assert state.turn_player() == 1
    state = play(state, (1, Bid(1, 5)))
    assert state.turn_player() == 2 and state.interjectors() == ()


def test_last_player_with_dice_wins_and_ranking_follows_elimination():
    """Text: "Last player with Dice Wins"."""
    state = new_state(3, starting_dice=1)
    state = play(rolled(state, (2,), (3,), (4,)), (0, Bid(2, 2)), (1, Call()))  # p0 out
    state = play(rolled(state, (5,), (6,)), (1, Bid(1, 5)), (2, Call()))        # p2 out (1 five)
    assert state.is_terminal() and state.winners() == (1,)
    assert state.ranking() == (2, 0, 1)
    assert state.current_players() == ()


def test_view_shows_own_dice_only_and_reveal_after_a_call():
    """Text: "lift your Dome to CALL ... ALL players uncover their domes": dice are
    secret until a call, then everyone sees them."""
    state = play(rolled(new_state(4), *FOUR_HANDS), (0, Bid(4, 5)))
    view = state.view(2)
    assert view.my_dice == FOUR_HANDS[2]
    assert str(FOUR_HANDS[1]) not in repr(view)
    assert view.last_reveal is None
    state = play(state, (1, Call()))
    assert state.view(3).last_reveal.hands == FOUR_HANDS
    assert state.view(3).my_dice == ()  # new dice not rolled yet


def test_summary_is_json():
    import json
    state = play(rolled(new_state(4), *FOUR_HANDS), (0, Bid(4, 5)), (2, CallOutOfTurn()))
    json.dumps(state.summary())
