"""Liar's Dice rules: every rule of liars-dice.txt and its HOUSE-RULES section."""
import pytest

from game.games.bidding.bids import Bid, Call
from game.core.protocol import CHANCE, IllegalActionError, RollResult
from game.games import make_game
from game.games.liars_dice.rules import Jinto, check_invariants, is_raise
from tests.helpers import play_checked


def rolled(faces, options=None, opener=0, palifico=False):
    """A state with ``faces`` under each cup (a player with () is out)."""
    game = make_game("liars-dice", len(faces), options)
    state = game.new_initial_state()
    state.dice = [len(f) for f in faces]
    state.opener = opener
    state.palifico = palifico
    return state.apply(CHANCE, RollResult(tuple(tuple(f) for f in faces if f)))


def play(state, *moves):
    return play_checked(state, check_invariants, *moves)


def test_default_setup():
    """"2 to 20 People", "3 x Dice Per Person"; house: starting dice 1-6 (default 3)."""
    game = make_game("liars-dice", 4)
    state = game.new_initial_state()
    assert state.dice == [3, 3, 3, 3]
    request = state.chance_request()
    assert [g.count for g in request.groups] == [3, 3, 3, 3]
    assert all(g.hidden and g.kind == "d6" for g in request.groups)
    assert make_game("liars-dice", 2, {"starting_dice": 6}).new_initial_state().dice == [6, 6]
    for bad in ({"starting_dice": 0}, {"starting_dice": 7}):
        with pytest.raises(ValueError, match="starting_dice"):
            make_game("liars-dice", 3, bad)
    with pytest.raises(ValueError):
        make_game("liars-dice", 21)
    with pytest.raises(ValueError):
        make_game("liars-dice", 1)


def test_first_seat_opens_first_round():
    """"Player 1 (P1) starts by announcing..." House rule: seat 0 opens round 1."""
    state = rolled([(2, 3, 4), (5, 6, 6)])
    assert state.turn_player() == 0


def test_opening_bid_not_on_ones():
    """House: "The opening bid of a normal round may not be on ones (public Perudo)"."""
    state = rolled([(2, 3, 4), (5, 6, 6)])
    legal = state.legal_actions(0)
    assert Bid(1, 2) in legal and not any(isinstance(a, Bid) and a.face == 1 for a in legal)
    assert Call() not in legal and Jinto() not in legal
    with pytest.raises(IllegalActionError):
        state.apply(0, Bid(2, 1))


def test_raise_quantity_face_free():
    """"only the QUANTITY must be raised, but the number being specified can be changed"
    ("4 threes" -> "5 sixes"; "5 threes" -> "6 threes")."""
    assert is_raise((4, 3), 5, 6, palifico=False)
    assert is_raise((5, 3), 6, 3, palifico=False)
    assert not is_raise((4, 3), 4, 6, palifico=False)
    assert not is_raise((4, 3), 3, 6, palifico=False)
    state = play(rolled([(2, 3, 4), (5, 6, 6)]), (0, Bid(4, 3)))
    assert Bid(5, 6) in state.legal_actions(1) and Bid(4, 6) not in state.legal_actions(1)
    with pytest.raises(IllegalActionError):
        state.apply(1, Bid(4, 5))


def test_cut_to_ones_rounds_up():
    """"P1 says "5 sixes". P2 decides to cut the bid, and goes to "3 ones"" (half, rounding up);
    house: a higher ones bid is also allowed."""
    assert is_raise((5, 6), 3, 1, palifico=False)
    assert not is_raise((5, 6), 2, 1, palifico=False)
    assert is_raise((5, 6), 4, 1, palifico=False)
    assert is_raise((4, 6), 2, 1, palifico=False)


def test_out_of_ones_double_plus_one():
    """"P1 says "4 ones". P2 then would then have to say 9 of something to escape the Ones";
    house: more ones (q+1) are also a raise."""
    assert is_raise((4, 1), 9, 5, palifico=False)
    assert not is_raise((4, 1), 8, 5, palifico=False)
    assert is_raise((4, 1), 5, 1, palifico=False)
    assert not is_raise((4, 1), 4, 1, palifico=False)


def test_bids_above_the_table_are_not_offered():
    """House rule: a bid may not exceed the number of dice on the table."""
    state = rolled([(2, 3), (5, 6)])
    assert max(a.quantity for a in state.legal_actions(0) if isinstance(a, Bid)) == 4
    assert not state.is_legal(0, Bid(5, 3))


def test_turn_passes_left_and_skips_players_out():
    """"The next player to the left then has 4 choices"; players out of the game are skipped."""
    state = rolled([(2,), (), (3, 3)])
    state = play(state, (0, Bid(1, 3)))
    assert state.turn_player() == 2
    assert state.legal_actions(1) == []


def test_ones_are_wild_in_call():
    """"Ones are always wild." and Call: "The loser of the call removes one of their dice"
    (7 fives, only 4 -> the bidder loses)."""
    state = rolled([(5, 1, 2), (5, 3, 4)])            # fives incl. wilds: 3
    after = play(state, (0, Bid(3, 5)), (1, Call()))
    assert after.dice == [3, 2]                       # 3 >= 3: caller loses
    after = play(rolled([(5, 1, 2), (5, 3, 4)]), (0, Bid(4, 5)), (1, Call()))
    assert after.dice == [2, 3]                       # only 3: bidder loses
    assert after.last_challenge.count == 3 and after.last_challenge.loser == 0


def test_jinto_correct_takes_a_die():
    """"If there are exactly 5, then P2 is correct and wins one of P1's dice"."""
    after = play(rolled([(2, 1, 4), (2, 3, 4)]), (0, Bid(3, 2)), (1, Jinto()))
    assert after.dice == [2, 4]
    assert after.last_challenge.gainer == 1 and after.last_challenge.loser == 0


def test_jinto_wrong_loses_a_die_not_given():
    """"If they are incorrect, they simply remove a dice from the game - they do not give it
    to the opposing player"."""
    after = play(rolled([(2, 1, 4), (2, 3, 4)]), (0, Bid(2, 2)), (1, Jinto()))
    assert after.dice == [3, 2] and after.last_challenge.gainer is None


def test_jinto_cap_option():
    """House: "No cap on dice gained (option: cap at the starting count)"; with the cap the
    bidder still loses a die."""
    after = play(rolled([(2, 1, 4), (2, 3, 4)], {"jinto_cap": True}), (0, Bid(3, 2)), (1, Jinto()))
    assert after.dice == [2, 3] and after.last_challenge.gainer is None
    after = play(rolled([(2, 1, 4), (2, 3)], {"jinto_cap": True}), (0, Bid(3, 2)), (1, Jinto()))
    assert after.dice == [2, 3]


def test_only_jinto_gains_dice():
    """"The only way to gain dice is to say Jinto and be correct." (A winning caller gains
    nothing.)"""
    after = play(rolled([(2, 2, 4), (6, 3, 4)]), (0, Bid(3, 6)), (1, Call()))
    assert after.dice == [2, 3]


def test_winner_opens_next_round():
    """"The winner of the round then starts the next round with a new bid."."""
    after = play(rolled([(2, 2, 4), (6, 3, 4), (5, 5, 5)]), (0, Bid(3, 6)), (1, Call()))
    assert after.opener == 1
    after = after.apply(CHANCE, RollResult(((1, 2), (3, 4, 5), (6, 6, 6))))
    assert after.turn_player() == 1
    # A wrong Jinto: the bidder (winner) opens.
    after = play(rolled([(2, 2, 4), (6, 3, 4), (5, 5, 5)]), (0, Bid(2, 6)), (1, Jinto()))
    assert after.opener == 0 and after.dice == [3, 2, 3]


def test_fall_to_one_starts_palifico_opened_by_faller():
    """"When a player loses a dice and now only has a single dice left, they yell "Palifico"";
    "The player who is now Palifico gets to start the bid."."""
    state = rolled([(2, 4), (6, 3, 4), (5, 5, 5)])
    after = play(state, (0, Bid(3, 6)), (1, Call()))
    assert after.dice == [1, 3, 3] and after.palifico and after.opener == 0
    assert after.last_challenge.palifico_next


def test_palifico_no_wilds_same_face_quantity_rises():
    """"There are no wilds for this one round." "All players must stay on the same number."
    "Call and Jinto are still valid to say." The Palifico opener may open on ones (public)."""
    state = rolled([(1,), (1, 5), (5, 2)], palifico=True)
    legal = state.legal_actions(0)
    assert Bid(1, 1) in legal and Bid(1, 5) in legal
    state = play(state, (0, Bid(1, 5)))
    legal = state.legal_actions(1)
    assert set(a.face for a in legal if isinstance(a, Bid)) == {5}
    assert Call() in legal and Jinto() in legal
    assert not state.is_legal(1, Bid(2, 6)) and not state.is_legal(1, Bid(1, 5))
    # No wilds: two fives, the one does not count -> "3 fives" is false.
    after = play(state, (1, Bid(3, 5)), (2, Call()))
    assert after.last_challenge.count == 2 and not after.last_challenge.wilds
    assert after.dice == [1, 1, 2]


def test_palifico_cuts_and_ones_escapes_do_not_apply():
    """Palifico: "players only have 3 options. Raise the bid, Jinto, Call" - no cut to ones."""
    state = play(rolled([(3,), (1, 5), (5, 2)], palifico=True), (0, Bid(2, 3)))
    assert not state.is_legal(1, Bid(1, 1)) and not state.is_legal(1, Bid(3, 1))


def test_palifico_lasts_one_round():
    """"Palifico only lasts for 1 round. Even if a player with 1 dice begins a later round,
    the round is normal"."""
    state = rolled([(3,), (1, 5, 4), (5, 2, 2)], palifico=True)
    after = play(state, (0, Bid(1, 3)), (1, Call()))   # one three, ones not wild: caller 3 -> 2
    assert after.dice == [1, 2, 3] and not after.palifico and after.opener == 0
    after = after.apply(CHANCE, RollResult(((1,), (1, 1), (4, 4, 4))))
    assert not after.is_legal(0, Bid(1, 1))            # a normal round again: no opening on ones
    after = play(after, (0, Bid(4, 4)), (1, Call()))   # ones wild again: 3 ones + 3 fours
    assert after.last_challenge.wilds and after.last_challenge.count == 6 and after.dice == [1, 1, 3]
    assert after.palifico and after.opener == 1        # P1 fell from 2 to 1


def test_regain_then_fall_is_a_new_palifico():
    """"If a single-dice player wins a dice by winning a Jinto ... and then later they lose
    another dice ... then this is a new Palifico round. Any time a player goes from 2 to 1"."""
    after = play(rolled([(2,), (2, 1, 4)]), (0, Bid(2, 2)), (1, Bid(3, 2)), (0, Jinto()))
    assert after.dice == [2, 2] and not after.palifico
    after = after.apply(CHANCE, RollResult(((6, 6), (3, 3))))
    after = play(after, (0, Bid(3, 6)), (1, Call()))
    assert after.dice == [1, 2] and after.palifico and after.opener == 0


def test_skip_palifico_with_two_left_option():
    """House: "Palifico is skipped when only two players remain (option, default off)"."""
    after = play(rolled([(2, 4), (6, 3, 4)], {"skip_palifico_two": True}), (0, Bid(3, 6)), (1, Call()))
    assert after.dice == [1, 3] and not after.palifico and after.opener == 1
    after = play(rolled([(2, 4), (6, 3, 4)]), (0, Bid(3, 6)), (1, Call()))
    assert after.palifico


def test_elimination_and_ranking():
    """"When a player loses their last dice, they are out of the game." "The winner is the
    player who remains when all other players have been eliminated."."""
    state = rolled([(2,), (6,), (5, 5)])
    after = play(state, (0, Bid(2, 4)), (1, Call()))
    assert after.dice == [0, 1, 2] and after.last_challenge.eliminated
    assert not after.is_terminal() and after.opener == 1
    after = after.apply(CHANCE, RollResult(((6,), (5, 5))))
    after = play(after, (1, Bid(1, 6)), (2, Bid(2, 5)), (1, Call()))
    assert after.dice == [0, 0, 2] and after.is_terminal()
    assert after.ranking() == (2, 1, 0) and after.winners() == (2,)
    assert after.legal_actions(2) == [] and after.chance_request() is None


def test_no_bid_after_call_and_views_hide_dice():
    """"Everyone can peek at their own dice, but don't let others see your dice."."""
    state = rolled([(2, 3, 4), (5, 6, 6)])
    view = state.view(1)
    assert view.my_faces == (5, 6, 6) and "2, 3, 4" not in repr(view)
    assert state.view(0).my_faces == (2, 3, 4)
    after = play(state, (0, Bid(2, 6)), (1, Call()))
    # After the challenge everyone saw every cup: the reveal is public.
    assert after.view(0).last_challenge.faces == ((2, 3, 4), (5, 6, 6))
    assert after.view(0).my_faces == ()


def test_illegal_actions_refused():
    state = rolled([(2, 3, 4), (5, 6, 6)])
    with pytest.raises(IllegalActionError):
        state.apply(1, Bid(1, 2))        # not your turn
    with pytest.raises(IllegalActionError):
        state.apply(0, Call())           # nothing to call
    with pytest.raises(IllegalActionError):
        state.apply(0, Bid(0, 2))
