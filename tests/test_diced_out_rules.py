"""Diced Out rules, each test quoting the rule text (diced-out.txt or
HOUSE-RULES.md) it checks."""
import json

import pytest

from game.core.protocol import CHANCE, IllegalActionError, RollRequest, RollResult
from game.games.diced_out.rules import (SkipFreeMark, FREE_MARK, OPENING, OVER, PENALTY, ROLL, TIE, DicedOutGame,
                                        FreeMark, Penalise, check_invariants)
from game.games.diced_out.solver import FULL, numbers_of


def faces(total):
    """Two dice showing ``total``."""
    low = max(1, total - 6)
    return (low, total - low)


def new(players=2, **options):
    return DicedOutGame(players, options).new_initial_state()


def step(state, player, action):
    """Apply and check the conservation laws on the way."""
    after = state.apply(player, action)
    check_invariants(state, action, after)
    return after


def roll(state, total):
    assert state.phase == ROLL, state.phase
    return step(state, CHANCE, RollResult((faces(total),)))


def roll_off(state, *totals):
    return step(state, CHANCE, RollResult(tuple(faces(t) for t in totals)))


def started(players=2, first=0, **options):
    """A game past the opening roll-off, ``first`` to play."""
    state = new(players, **options)
    return roll_off(state, *[12 if p == first else 4 for p in range(players)])


def finish_round(state, repeat=7):
    """Everyone marks ``repeat`` and then Dices Out on it (scores 70 each)."""
    start_round = state.round_index
    while state.round_index == start_round and state.phase == ROLL:
        state = roll(state, repeat)
    return state


# --- opening -----------------------------------------------------------------

def test_opening_roll_off_highest_total_goes_first():
    """"TO START THE GAME EACH PLAYER WILL ROLL BOTH DICE. THE PLAYER WITH THE
    HIGHEST DICE TOTAL GOES FIRST! PLAY ROTATES TO THE LEFT.\""""
    state = new(3)
    assert state.phase == OPENING
    request = state.chance_request()
    assert isinstance(request, RollRequest) and [g.owner for g in request.groups] == [0, 1, 2]
    assert all(g.count == 2 and g.kind == "d6" for g in request.groups)
    state = roll_off(state, 5, 11, 8)
    assert state.phase == ROLL and state.current == 1 and state.starter == 1
    state = roll(state, 6)
    assert state.current == 2
    state = roll(state, 6)
    assert state.current == 0


def test_opening_ties_for_highest_roll_again():
    """House: a tie for the opening roll is broken the way the FAQ breaks round
    ties, "THOSE PLAYERS WILL ROLL BOTH DICE" again."""
    state = roll_off(new(3), 9, 4, 9)
    assert state.phase == OPENING and state.contenders == (0, 2)
    assert [g.owner for g in state.chance_request().groups] == [0, 2]
    state = roll_off(state, 3, 10)
    assert state.phase == ROLL and state.current == 2


def test_solo_game_needs_no_opening_roll():
    """House: "1 player is a solo challenge for the lowest total"."""
    state = new(1)
    assert state.phase == ROLL and state.current == 0
    assert state.chance_request().groups[0].owner == 0


# --- a turn ------------------------------------------------------------------

def test_rolled_total_is_marked_and_turn_ends():
    """"THE DICE TOTAL YOU ROLL WILL THEN BE MARKED OFF ON YOUR SCORE SHEET!" and
    "AFTER YOU ROLL & ARE ABLE TO MARK-OFF ONE NUMBER ... YOUR TURN IS OVER!\""""
    state = started(2)
    state = roll(state, 8)
    assert numbers_of(state.marked[0]) == (8,) and state.current == 1
    assert state.last == {"event": "mark", "player": 0, "total": 8}


def test_repeat_forces_a_reroll_while_rerolls_remain():
    """"IF ON A TURN YOU ROLL A DICE TOTAL THAT YOU'VE PREVIOUSLY MARKED OFF ...
    YOU MAY USE ONE OF YOUR THREE "REROLLS"" - house: the reroll is forced."""
    state = roll(roll(started(2), 8), 5)
    state = roll(state, 8)
    assert state.current == 0 and state.phase == ROLL and state.rerolls[0] == 2
    assert state.chance_request().reason == "reroll"
    assert numbers_of(state.marked[0]) == (8,)
    state = roll(state, 8)
    state = roll(state, 9)
    assert state.rerolls[0] == 1 and numbers_of(state.marked[0]) == (8, 9) and state.current == 1


def test_diced_out_scores_the_unmarked_sum_and_sits_out():
    """"IF YOU USE ALL OF YOUR "REROLL" OPTIONS ... YOU HAVE DICEDOUT! ... ADD UP ALL
    THE NUMBERS THAT YOU HAVEN'T ROLLED & MARKED-OFF ... YOU MAY NOT TAKE ANOTHER
    TURN THAT ROUND\""""
    state = started(2)
    state = roll(state, 8)        # P0 marks 8
    state = roll(state, 5)        # P1 marks 5
    state = roll(state, 6)        # P0 marks 6
    state = roll(state, 4)        # P1 marks 4
    for _ in range(3):
        state = roll(state, 8)    # P0 burns three rerolls
    assert state.rerolls[0] == 0 and state.current == 0
    state = roll(state, 6)        # a fourth repeat: Diced Out
    assert state.done[0] and state.round_score[0] == 77 - 8 - 6
    assert state.last["event"] == "diced_out"
    assert state.current == 1
    state = roll(state, 9)
    assert state.current == 1, "a Diced Out player takes no more turns"


def test_marking_all_eleven_scores_zero():
    """"IF YOU'RE LUCKY ENOUGH TO MARK OFF ALL THE NUMBERS IN A SINGLE ROUND THEN YOU
    SCORE ZERO POINTS FOR THAT ROUND!\""""
    state = new(1, bonus_numbers=[2])
    for total in range(3, 13):
        state = roll(state, total)
    assert numbers_of(state.marked[0]) == tuple(range(3, 13))
    state = roll(state, 2)  # the bonus number completes the sheet: nothing left to mark free
    assert state.round_scores[0] == [0] and state.round_index == 1
    assert state.round_marks[0] == [FULL]


# --- bonus numbers -------------------------------------------------------------

def test_bonus_number_gives_a_free_mark_of_the_players_choice():
    """"IF DURING A ROUND YOU ROLL A NUMBER THAT HAS TWO CIRCLES ... YOU MAY NOT ONLY
    MARK-OFF THAT NUMBER BUT IMMEDIATELY MARK-OFF ONE NUMBER IN THAT ROUND\""""
    state = roll(started(2), 7)
    state = roll(state, 12)       # P1 rolls a bonus number
    assert state.phase == FREE_MARK and state.turn_player() == 1 and state.chance_request() is None
    legal = state.legal_actions(1)
    assert legal == [FreeMark(n) for n in range(2, 12)] + [SkipFreeMark()]
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalActionError):
        state.apply(1, FreeMark(12))  # already marked
    with pytest.raises(IllegalActionError):
        state.apply(0, FreeMark(5))   # not their turn
    state = step(state, 1, FreeMark(11))
    assert numbers_of(state.marked[1]) == (11, 12) and state.current == 0 and state.phase == ROLL


def test_the_free_mark_may_be_declined():
    """"YOU MAY NOT ONLY MARK-OFF THAT NUMBER BUT IMMEDIATELY MARK-OFF ONE NUMBER IN
    THAT ROUND FROM YOUR SCORE SHEET WITHOUT HAVING TO ROLL-IT!": a "may", so the
    player can leave the sheet as it is; only the rolled number is marked."""
    state = roll(started(2), 7)
    state = roll(state, 12)
    assert SkipFreeMark() in state.legal_actions(1)
    with pytest.raises(IllegalActionError):
        state.apply(0, SkipFreeMark())   # not their turn
    state = step(state, 1, SkipFreeMark())
    assert numbers_of(state.marked[1]) == (12,) and state.current == 0 and state.phase == ROLL
    assert state.last == {"event": "skip_free_mark", "player": 1}
    with pytest.raises(IllegalActionError):
        state.apply(0, SkipFreeMark())   # no bonus pending
    summary = json.loads(json.dumps(state.summary()))
    assert summary["last"]["event"] == "skip_free_mark"


def test_free_mark_of_a_bonus_number_does_not_chain():
    """House: only *rolling* a two-circle number earns a free mark ("IF DURING A
    ROUND YOU ROLL A NUMBER THAT HAS TWO CIRCLES")."""
    state = roll(new(1), 12)
    state = step(state, 0, FreeMark(2))
    assert state.phase == ROLL and numbers_of(state.marked[0]) == (2, 12)


def test_bonus_numbers_option_is_configurable_and_validated():
    """House: bonus numbers default to 2 and 12 *(option: any set)*."""
    assert DicedOutGame(2).options["bonus_numbers"] == (2, 12)
    state = roll(new(1, bonus_numbers=[7]), 7)
    assert state.phase == FREE_MARK
    state = roll(new(1, bonus_numbers=[7]), 12)
    assert state.phase == ROLL
    for bad in ([], [1], [13], "x", [True]):
        with pytest.raises(ValueError, match="bonus_numbers"):
            DicedOutGame(2, {"bonus_numbers": bad})
    with pytest.raises(ValueError, match="players"):
        DicedOutGame(9)


# --- end of a round --------------------------------------------------------------

def test_round_lowest_scorer_starts_and_takes_a_reroll_from_another():
    """"AFTER EACH ROUND THE PLAYER WITH THE LOWEST POINT TOTAL FROM THAT ROUND WILL
    NOT ONLY START THE NEXT ROUND BUT MUST ALSO CHOOSE ONE PLAYER TO MARK-OFF ONE OF
    THEIR THREE REROLL OPTIONS ... THAT PLAYER WILL ONLY HAVE TWO REROLLS\""""
    state = started(3)
    state = roll(state, 7)
    state = roll(state, 7)
    state = roll(state, 9)        # P2 marks 9 instead
    state = finish_round(state)   # P0, P1 score 70; P2 marks 7 later: 77 - 16 = 61
    assert state.round_scores == [[70], [70], [61]]
    assert state.phase == PENALTY and state.turn_player() == 2
    assert state.legal_actions(2) == [Penalise(0), Penalise(1)]
    with pytest.raises(IllegalActionError):
        state.apply(2, Penalise(2))
    state = step(state, 2, Penalise(0))
    assert state.phase == ROLL and state.current == 2 and state.round_index == 1
    assert state.rerolls == [2, 3, 3] and state.reroll_limit == [2, 3, 3]
    assert state.marked == [0, 0, 0]
    state = finish_round(state)
    assert state.reroll_limit == [2, 3, 3], "limits last until the next round starts"


def test_round_ends_only_when_everyone_is_done():
    """"YOU MAY NOT TAKE ANOTHER TURN THAT ROUND & MUST WAIT FOR THE OTHER PLAYERS TO
    FINISH THE ROUND!\""""
    state = roll(roll(started(2), 7), 5)
    for _ in range(4):
        state = roll(state, 7)
    assert state.done == [True, False] and state.round_index == 0
    state = roll(state, 6)
    assert state.current == 1 and state.round_index == 0


def test_tied_lowest_roll_off_highest_total_chooses_and_repeats_on_ties():
    """FAQ: "IF PLAYERS TIE FOR THE LOWEST SCORE FOR A ROUND, THOSE PLAYERS WILL ROLL
    BOTH DICE. THE PLAYER WITH THE HIGHEST DICE TOTAL WILL START THE NEXT ROUND &
    CHOOSE ONE PLAYER\""""
    state = started(3)
    state = roll(state, 7)
    state = roll(state, 9)
    state = roll(state, 9)
    state = finish_round(state)   # P0 70, P1 and P2 each 77 - 16 = 61
    assert state.round_scores == [[70], [61], [61]]
    assert state.phase == TIE and state.contenders == (1, 2)
    assert [g.owner for g in state.chance_request().groups] == [1, 2]
    state = roll_off(state, 8, 8)
    assert state.phase == TIE and state.contenders == (1, 2)
    state = roll_off(state, 4, 10)
    assert state.phase == PENALTY and state.turn_player() == 2


def test_solo_rounds_have_no_penalty():
    """House: solo has no one to penalise; every round has three rerolls."""
    state = new(1)
    state = finish_round(state)
    assert state.round_index == 1 and state.phase == ROLL and state.rerolls == [3]


def test_four_rounds_then_lowest_total_wins_and_ties_share():
    """"AT THE END OF THE FOURTH AND FINAL ROUND EACH PLAYER WILL ADD UP THEIR TOTALS
    FROM EACH ROUND & THE PLAYER WITH THE LEAST AMOUNT OF TOTAL POINTS WINS" - house:
    a tie is shared."""
    state = started(3)
    for r in range(4):
        # P1 marks an extra 9 each round, so P1 is the lowest each time.
        order = [state.current, (state.current + 1) % 3, (state.current + 2) % 3]
        for p in order:
            state = roll(state, 9 if p == 1 else 7)
        state = finish_round(state)
        if r < 3:
            assert state.phase == PENALTY and state.turn_player() == 1
            state = step(state, 1, Penalise(2))
    assert state.phase == OVER and state.is_terminal()
    assert state.round_scores[1] == [61] * 4 and state.totals() == [280, 244, 280]
    assert state.ranking() == (1, 0, 1) and state.winners() == (1,)
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalActionError):
        state.apply(1, Penalise(0))


def test_view_is_public_and_summary_is_json():
    """House: hidden_dice=False, every sheet is on the table for all to see."""
    state = roll(started(3), 8)
    views = [state.view(p) for p in range(3)]
    assert [v.me for v in views] == [0, 1, 2]
    assert all(v.marked == views[0].marked for v in views)
    json.dumps(state.summary())
    assert DicedOutGame.info.hidden_dice is False


def test_invariants_catch_a_lost_mark():
    """The harness check must be able to fail: a sheet may never lose a mark."""
    before = roll(started(2), 8)
    after = before.clone()
    after.marked[0] = 0
    with pytest.raises(AssertionError):
        check_invariants(before, None, after)
    bad_score = before.clone()
    bad_score.done[0], bad_score.round_score[0] = True, 5
    with pytest.raises(AssertionError):
        check_invariants(before, None, bad_score)
