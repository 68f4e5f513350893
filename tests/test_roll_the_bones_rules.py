"""Roll the Bones rules, each test quoting the rule text it checks
(../shared/rules/roll-the-bones.txt and HOUSE-RULES.md)."""
import json

import pytest

from game.core.protocol import CHANCE, IllegalActionError, RollRequest, RollResult
from game.games.roll_the_bones.rules import (Ante, BonesState, Declare, RollTheBonesGame,
                                             check_invariants, die_kind, first_owner)


def new_state(n=2, **options) -> BonesState:
    return RollTheBonesGame(n, options).new_initial_state()


def rigged(hands, side_pots=True, eliminations=0, starter=0, carried=(0, 0)) -> BonesState:
    """A fresh round where player p holds hands[p] = (six-siders, bones) and
    ``carried`` = (six-siders, bones) lie in the centre from an earlier round.

    Dice not handed out simply leave the game (these tests check placement,
    the harness checks conservation)."""
    n = len(hands)
    state = new_state(n, side_pots=side_pots)
    sixes = list(range(10 * n))
    bones = list(range(10 * n, 11 * n))
    state.collections = []
    for p, (s, b) in enumerate(hands):
        state.collections.append(sorted(sixes[:s] + bones[:b]))
        del sixes[:s], bones[:b]
    state.pots, state.pot_eligible = [sorted(sixes[:carried[0]] + bones[:carried[1]])], [None]
    state.out_event = [None if sum(h) else 1 for h in hands]
    state.eliminations = eliminations
    state.starter = starter
    state._start_round()
    return state


def act(state, player, action):
    return state.apply(player, action)


def play_until_roll(state, declarations=None, bones=None):
    """Ante (with ``bones[p]`` bones, default fewest) and declare
    (``declarations[p]``, default no bone) until the roll."""
    declarations = declarations or {}
    bones = bones or {}
    while not state.is_chance():
        p = state.turn_player()
        if state.phase == "ante":
            state = act(state, p, Ante(bones.get(p, min(a.bones for a in state.legal_actions(p)))))
        else:
            state = act(state, p, Declare(declarations.get(p, False)))
    return state


def roll(state, faces: dict):
    request = state.chance_request()
    return state.apply(CHANCE, RollResult(tuple((faces[g.owner],) for g in request.groups)))


def total(state, p):
    """Dice a player owns at the start of a round: the next round's antes and
    die in flight (already taken automatically when there was no choice) count."""
    assert state.stage == 0 or state.is_terminal()
    return len(state.collections[p]) + len(state.anted.get(p, ())) + (p in state.in_flight)


# --- set-up and antes -----------------------------------------------------------

def test_each_player_starts_with_ten_dice_and_a_bone():
    """"Give each player 10 dice and one 12-sided "bone" die.\""""
    state = new_state(4)
    for p in range(4):
        assert state.counts(p) == (10, 1)
        bone = [d for d in state.collections[p] if state.is_bone(d)][0]
        assert die_kind(bone, 4) == "bone" and first_owner(bone, 4) == p
    assert len({d for c in state.collections for d in c}) == 44


@pytest.mark.parametrize("n, ante", [(2, 2), (3, 2), (4, 1), (5, 1), (6, 1)])
def test_ante_size_by_player_count(n, ante):
    """"In a 4-6 player game, each player must ante any 1 die ... In a 2-3 player
    game, players ante 2 dice instead.\""""
    state = new_state(n)
    assert state.ante_size() == ante
    assert all(state.amounts[p] == ante for p in range(n))


def test_ante_grows_by_one_per_elimination():
    """"Each time a player is eliminated, increase the ante amount by 1.\""""
    state = rigged([(1, 0), (6, 0), (6, 0), (6, 0)])
    assert state.ante_size() == 1
    state = play_until_roll(state)
    state = roll(state, {0: 1, 1: 6, 2: 2, 3: 3})  # player 0 loses their only die
    assert state.out_event[0] is not None
    assert state.ante_size() == 2 and state.amounts[1] == 2


def test_player_chooses_which_dice_to_ante():
    """"each player must ante any 1 die from their collection" (HOUSE: the player
    chooses which dice to ante): a six-sider or a bone."""
    state = new_state(4)
    assert state.legal_actions(0) == [Ante(0), Ante(1)]
    after = act(state, 0, Ante(1))
    assert after.counts(0) == (10, 0)
    assert [d for d in after.pots[0] if after.is_bone(d)] == [40]


def test_ante_choice_skipped_when_there_is_none():
    """Only real choices are asked: a player with no bone antes six-siders at once."""
    state = rigged([(5, 0), (5, 1)])
    assert state.turn_player() == 1
    assert state.counts(0) == (3, 0)


def test_short_player_antes_what_they_can_and_keeps_one():
    """"If a player is unable to ante the full amount, then they ante what they
    can, while retaining 1 die" / "Whenever a player is down to their last die,
    they must keep it.\""""
    state = play_until_roll(rigged([(2, 0), (8, 0), (8, 0)]))
    assert state.amounts == {0: 1, 1: 2, 2: 2}
    assert state.in_flight[0] is not None and state.collections[0] == []  # 1 anted, 1 rolling


def test_illegal_actions_are_refused():
    """Legal actions are exact: a wrong bone count or acting out of turn is refused."""
    state = new_state(2)
    with pytest.raises(IllegalActionError):
        act(state, 0, Ante(2))
    with pytest.raises(IllegalActionError):
        act(state, 1, Ante(0))
    with pytest.raises(IllegalActionError):
        act(state, 0, Declare(True))


def test_bad_option_is_rejected():
    with pytest.raises(ValueError, match="side_pots"):
        RollTheBonesGame(3, {"side_pots": "yes"})
    with pytest.raises(ValueError, match="players"):
        RollTheBonesGame(7)


# --- announcements ---------------------------------------------------------------

def test_announcements_start_with_last_winner_and_go_clockwise():
    """HOUSE: "starting with the last round's winner and going clockwise, each
    player holding a bone declares "bone" or "no bone"; then one more pass."""
    state = rigged([(5, 1), (5, 1), (5, 1)], starter=1)
    state = play_until_roll(state) if False else state
    while state.phase == "ante":
        state = act(state, state.turn_player(), Ante(0))
    speakers = []
    while not state.is_chance():
        speakers.append((state.declare_pass, state.turn_player()))
        state = act(state, state.turn_player(), Declare(True))
    assert speakers == [(1, 1), (1, 2), (1, 0), (2, 1), (2, 2), (2, 0)]


def test_second_pass_may_change_and_final_declaration_binds():
    """"other players may choose to announce a bone die as well or decide not to
    roll their bone die if they had already announced to roll it" - the final
    declaration binds: a declared player rolls a bone, others a six-sider."""
    state = rigged([(5, 1), (5, 1)])
    state = act(act(state, 0, Ante(0)), 1, Ante(0))
    state = act(state, 0, Declare(True))
    state = act(state, 1, Declare(False))
    assert state.declared == {0: True, 1: False}
    state = act(state, 0, Declare(False))   # changes his mind
    state = act(state, 1, Declare(True))    # and so does she
    request = state.chance_request()
    assert isinstance(request, RollRequest)
    assert [(g.owner, g.kind, g.count) for g in request.groups] == [(0, "d6", 1), (1, "bone", 1)]


def test_players_without_a_choice_do_not_announce():
    """Only a player holding both kinds has a choice: no bone means a six-sider;
    only bones means the bone (announced for them)."""
    state = rigged([(5, 0), (0, 2), (5, 1)])
    state = play_until_roll(state, declarations={2: True})
    assert state.declared == {0: False, 1: True, 2: True}
    assert state.declare_pass == 1  # one chooser: no second pass (house rule)


# --- winning a roll ---------------------------------------------------------------

def test_highest_roll_takes_the_pot_and_all_rolled_dice():
    """"The player with the highest number collects the center pot, and all the
    rolled dice from the other players, and adds them to their collection.\""""
    state = play_until_roll(rigged([(5, 1), (5, 1), (5, 1)]), declarations={1: True})
    state = roll(state, {0: 3, 1: 11, 2: 5})
    # each anted 2 and rolled 1: player 1 gains 2*2 + 2 = 6 dice from the others
    assert [total(state, p) for p in range(3)] == [3, 12, 3]
    assert state.counts(1) == (11, 1)  # the bone came back home
    assert state.last_result["winner"] == 1 and not any(state.pots)


def test_captured_bone_joins_the_captors_collection():
    """HOUSE: "All captured dice, bones included, join the captor's collection, so a
    player may hold several bones."""
    state = play_until_roll(rigged([(5, 1), (5, 1)]), declarations={0: True, 1: False})
    bone_of_0 = state.in_flight[0]
    state = roll(state, {0: 2, 1: 6})
    assert bone_of_0 in state.collections[1] and state.counts(1)[1] == 2


# --- ties ---------------------------------------------------------------------------

def test_tie_sends_rolled_dice_to_pot_and_tied_players_ante_and_roll_again():
    """"If there is a tie, then all players add their dice to the center pot and
    the tied players ante again. then roll again, with a new die from their
    collection.\""""
    state = play_until_roll(rigged([(6, 0), (6, 0), (6, 0), (6, 0)]))
    state = roll(state, {0: 5, 1: 2, 2: 5, 3: 1})
    assert state.stage == 1 and state.order == (0, 2)
    # four antes, four rolled dice, and the tied players' new antes (taken at
    # once: holding only six-siders they had no choice to make)
    assert len(state.pots[0]) == 4 + 4 + 2 and state.anted == {0: [state.anted[0][0]], 2: [state.anted[2][0]]}
    state = roll(state, {0: 6, 2: 4})
    assert [total(state, p) for p in range(4)] == [6 - 4 + 12, 4, 2, 4]
    assert state.last_result["stage"] == 1


def test_tiebreak_may_use_any_die_but_bones_must_be_announced():
    """"Each tiebreaker roll can be with any type of die, regardless of what you
    rolled previously. Each bone die must still be announced.\""""
    state = play_until_roll(rigged([(8, 1), (8, 1)]))
    state = roll(state, {0: 4, 1: 4})
    state = play_until_roll(state, declarations={0: True})
    assert [g.kind for g in state.chance_request().groups] == ["bone", "d6"]


def test_last_die_rule_in_a_tiebreak():
    """"If, during a tiebreaker, one of the players runs out of dice to roll, then
    their final die does not go into the pot ... both tiebreaker players keep their
    last rolled die and they roll again.\""""
    state = play_until_roll(rigged([(1, 0), (6, 0), (6, 0), (6, 0)]))
    rolled_0, rolled_1 = state.in_flight[0], state.in_flight[1]
    state = roll(state, {0: 6, 1: 6, 2: 1, 3: 3})
    assert state.last_result["kept"] is True
    # the last-die player neither antes; player 1 has nobody to match (2 players),
    # so both are straight back at the roll with their kept dice
    assert state.amounts == {0: 0, 1: 0} and state.out_event[0] is None
    assert state.in_flight[0] == rolled_0 and rolled_1 in state.collections[1] + [state.in_flight[1]]
    assert len(state.pots[0]) == 2 and len(state.pots[1]) == 3  # 2 rolled; side pot of antes
    state = roll(state, {0: 5, 1: 2})
    # "If the player with 1 die did not ante to the center pot and has the highest
    # roll, then they only collect the rolled dice from the other players. The
    # second highest die would then collect everything else."
    assert total(state, 0) == 1 + 1       # own die and player 1's die only
    assert total(state, 1) == 6 - 1 - 1 + 3 + 2  # the side pot and the centre


def test_tie_at_the_top_of_three_players_continues_among_them():
    """Three-way tie: all rolled dice go to the pot and the three roll again."""
    state = play_until_roll(rigged([(6, 0), (6, 0), (6, 0), (6, 0)]))
    state = roll(state, {0: 4, 1: 4, 2: 4, 3: 1})
    assert state.order == (0, 1, 2)
    state = roll(play_until_roll(state), {0: 3, 1: 3, 2: 2})
    assert state.order == (0, 1)
    state = roll(play_until_roll(state), {0: 1, 1: 2})
    assert total(state, 1) == 18 and state.last_result["winner"] == 1
    assert state.out_event[0] is not None  # player 0 rolled and anted his last dice


# --- side pots ---------------------------------------------------------------------

def test_short_player_who_anted_wins_centre_and_second_takes_side_pot():
    """"If the player with the one die wins, then they collect all the rolled dice
    and all the dice in the center pot if they had ante'd to it that round; then
    the player with 2nd highest roll collects the dice in the side pot.\""""
    state = play_until_roll(rigged([(2, 0), (8, 0), (8, 0)]))
    assert [len(p) for p in state.pots] == [3, 2] and state.pot_eligible[1] == (1, 2)
    state = roll(state, {0: 6, 1: 2, 2: 5})
    assert total(state, 0) == 3 + 3       # centre (1 from each) + the 3 rolled dice
    assert total(state, 2) == 5 + 2       # the side pot
    assert total(state, 1) == 5


def test_short_player_who_did_not_ante_only_takes_rolled_dice():
    """"If the player with 1 die did not ante to the center pot and has the
    highest roll, then they only collect the rolled dice from the other players.
    The second highest die would then collect everything else.\""""
    state = play_until_roll(rigged([(1, 0), (8, 0), (8, 0)]))
    assert state.amounts[0] == 0 and state.pots[0] == [] and len(state.pots[1]) == 4
    state = roll(state, {0: 6, 1: 5, 2: 2})
    assert total(state, 0) == 3
    assert total(state, 1) == 5 + 4
    assert total(state, 2) == 5


def test_full_player_winning_takes_centre_and_side_pots():
    """"Otherwise, the player with the highest roll collects all the dice rolled in
    both the center and side pots.\""""
    state = play_until_roll(rigged([(2, 0), (8, 0), (8, 0)]))
    state = roll(state, {0: 3, 1: 6, 2: 5})
    assert [total(state, p) for p in range(3)] == [0, 8 - 3 + 8, 5]
    assert state.out_event[0] is not None


def test_side_pot_with_three_tied_players_and_a_short_stack():
    """"If the tie is between more than 2 players, then side pots are used. If a
    player is unable to ante the full amount, then they ante what they can, while
    retaining 1 die, and the other players ante the remaining amount to a side pot.\""""
    state = play_until_roll(rigged([(5, 0), (9, 0), (9, 0), (9, 0)], eliminations=1))
    assert state.ante_size() == 2
    state = roll(state, {0: 5, 1: 5, 2: 5, 3: 1})        # three-way tie
    assert state.order == (0, 1, 2)
    # player 0 now holds 2 dice: antes 1 (keeps 1); players 1 and 2 ante 2: one to a side pot
    state = play_until_roll(state)
    assert state.amounts == {0: 1, 1: 2, 2: 2}
    assert state.pot_eligible == [None, (1, 2)] and len(state.pots[1]) == 2
    centre = len(state.pots[0])
    state = roll(state, {0: 6, 1: 3, 2: 4})
    assert total(state, 0) == 0 + centre + 3          # centre pot and the rolled dice
    assert total(state, 2) == 9 - 2 - 1 - 2 - 1 + 2   # second highest takes the side pot


def test_unclaimable_side_pot_is_carried_to_next_round():
    """House rule: a side pot whose contributors tie for the second-highest roll
    stays in the centre for the next round."""
    state = play_until_roll(rigged([(1, 0), (8, 0), (8, 0)]))
    state = roll(state, {0: 6, 1: 4, 2: 4})
    assert total(state, 0) == 3
    assert len(state.last_result["carried"]) == 4 and state.round == 2
    assert set(state.last_result["carried"]) <= set(state.pots[0])


# --- dice carried over from an earlier round (they lie in the centre) -----------------

def test_short_winner_who_did_not_ante_leaves_carried_dice_to_second_highest():
    """"If the player with 1 die did not ante to the center pot and has the highest
    roll, then they only collect the rolled dice from the other players. The second
    highest die would then collect everything else."  Carried dice lie in the centre,
    so they are part of "everything else"."""
    state = play_until_roll(rigged([(1, 0), (8, 0), (8, 0)], carried=(3, 1)))
    assert state.amounts[0] == 0 and len(state.pots[0]) == 4 and state.centre_eligible == (1, 2)
    carried = list(state.pots[0])
    state = roll(state, {0: 6, 1: 5, 2: 2})
    assert total(state, 0) == 1 + 2                  # own die and the two rolled dice
    assert total(state, 1) == 8 - 2 - 1 + 4 + 4      # side pot and the carried dice
    assert set(carried) <= set(state.collections[1]) and total(state, 2) == 5
    assert state.last_result["carried"] == []


def test_short_winner_who_anted_takes_the_centre_with_carried_dice():
    """"If the player with the one die wins, then they collect all the rolled dice
    and all the dice in the center pot if they had ante'd to it that round; then the
    player with 2nd highest roll collects the dice in the side pot.\""""
    state = play_until_roll(rigged([(2, 0), (8, 0), (8, 0)], carried=(4, 0)))
    assert [len(p) for p in state.pots] == [4 + 3, 2] and state.centre_eligible == (0, 1, 2)
    state = roll(state, {0: 6, 1: 2, 2: 5})
    assert total(state, 0) == 1 + 7 + 2              # own die, the centre, 2 rolled dice
    assert total(state, 2) == 8 - 2 - 1 + 2          # the side pot
    assert total(state, 1) == 5


def test_carried_dice_in_a_tiebreak_go_to_the_second_highest():
    """"If the player with 1 die did not ante to the center pot and has the highest
    roll, then they only collect the rolled dice from the other players. The second
    highest die would then collect everything else."  Here after a tiebreak (where
    "both tiebreaker players keep their last rolled die"), with a bone carried."""
    state = play_until_roll(rigged([(1, 0), (6, 0), (6, 0), (6, 0)], carried=(7, 1)))
    bone = next(d for d in state.pots[0] if state.is_bone(d))
    state = roll(state, {0: 6, 1: 6, 2: 1, 3: 3})
    assert state.order == (0, 1) and state.last_result["kept"] is True
    state = roll(play_until_roll(state), {0: 5, 1: 2})
    assert total(state, 0) == 2                       # own die, player 1's die
    assert total(state, 1) == 6 - 1 - 1 + 3 + 8 + 2   # side pot, carried dice, 2 tie dice
    assert bone in state.collections[1]


def test_several_short_players_the_centre_goes_to_the_best_player_who_anted():
    """"The second highest die would then collect everything else": with two short
    players who anted nothing, the centre and side pots go to the highest roll among
    the players who anted into them (house reading for several short players)."""
    state = play_until_roll(rigged([(1, 0), (1, 0), (5, 0), (5, 0)], carried=(3, 0)))
    assert state.amounts == {0: 0, 1: 0, 2: 1, 3: 1} and state.centre_eligible == (2, 3)
    state = roll(state, {0: 6, 1: 5, 2: 4, 3: 2})
    assert total(state, 0) == 4                       # all four rolled dice
    assert total(state, 2) == 5 - 1 - 1 + 2 + 3       # side pot and carried centre
    assert total(state, 3) == 3 and state.out_event[1] is not None


# --- a centre nobody anted to this round (issue 36) ---------------------------------
# "The player with the highest number collects the center pot, and all the rolled dice
# from the other players" ... "If the player with 1 die did not ante to the center pot
# and has the highest roll, then they only collect the rolled dice from the other
# players. The second highest die would then collect everything else. Otherwise, the
# player with the highest roll collects all the dice rolled in both the center and side
# pots."  No reading leaves dice on the table when a roll clearly wins.

def test_nobody_anted_a_clear_winner_collects_the_centre_minimal_case():
    """"The player with the highest number collects the center pot, and all the rolled
    dice from the other players."  Side pots off, P0 has one die so every ante is 0; P0
    and P1 tie at 5 and keep their dice ("both tiebreaker players keep their last rolled
    die"), P2's 2 goes to the centre; P1 then rolls 6 against P0's 1 and takes 3 dice:
    P0's rolled die, and P2's die from the centre."""
    state = play_until_roll(rigged([(1, 0), (5, 0), (5, 0)], side_pots=False))
    assert state.amounts == {0: 0, 1: 0, 2: 0} and state.centre_eligible == ()
    state = roll(state, {0: 5, 1: 5, 2: 2})
    assert state.last_result["kept"] is True and len(state.pots[0]) == 1
    state = roll(play_until_roll(state), {0: 1, 1: 6})
    assert state.last_result["winner"] == 1
    assert total(state, 1) == 5 + 2 and total(state, 2) == 4 and state.out_event[0] is not None
    assert state.last_result["carried"] == []


def test_nobody_anted_a_short_winner_leaves_everything_else_to_the_second_highest():
    """"If the player with 1 die did not ante to the center pot and has the highest roll,
    then they only collect the rolled dice from the other players. The second highest
    die would then collect everything else.\""""
    state = play_until_roll(rigged([(1, 0), (5, 0), (1, 0)], carried=(3, 0)))
    assert state.amounts == {0: 0, 1: 0, 2: 0} and state.centre_eligible == ()
    state = roll(state, {0: 6, 1: 5, 2: 1})
    assert total(state, 0) == 3                      # own die and the two rolled dice
    assert total(state, 1) == 5 - 1 + 3              # the centre's carried dice
    assert state.last_result["carried"] == []


def test_nobody_anted_tie_dice_are_centre_pot_for_the_second_highest():
    """A reading the text leaves open (RULES.md): the dice rolled in this round's ties
    went "to the center pot" ("If there is a tie, then all players add their dice to the
    center pot"), so when a one-die player who anted nothing wins afterwards "they only
    collect the rolled dice from the other players" of the winning roll, and "the second
    highest die would then collect everything else": the tie dice too."""
    state = play_until_roll(rigged([(1, 0), (5, 0), (5, 0)], side_pots=False))
    tie_die = state.in_flight[2]
    state = roll(state, {0: 5, 1: 5, 2: 2})
    state = roll(play_until_roll(state), {0: 6, 1: 1})
    assert state.last_result["winner"] == 0
    assert total(state, 0) == 2                      # own die and P1's rolled die
    assert tie_die in state.collections[1] and total(state, 1) == 5 - 1 + 1


def test_side_pots_capped_big_stack_still_collects_the_centre():
    """"Otherwise, the player with the highest roll collects all the dice rolled in both
    the center and side pots."  Side pots on, everyone else is down to one die, so the
    house cap cuts the big stack's ante to nothing and nobody antes; the big stack's
    clear win still takes the centre (here dice carried from an earlier round)."""
    state = play_until_roll(rigged([(8, 0), (1, 0), (1, 0)], carried=(2, 1)))
    assert state.amounts == {0: 0, 1: 0, 2: 0} and state.centre_eligible == ()
    state = roll(state, {0: 6, 1: 2, 2: 3})
    assert total(state, 0) == 8 + 2 + 3 and state.is_terminal()
    assert state.last_result["carried"] == []


def test_side_pots_capped_big_stack_second_highest_collects_after_a_short_winner():
    """"The second highest die would then collect everything else": the short winner who
    anted nothing takes only the rolled dice; the capped big stack, second highest, takes
    the centre."""
    state = play_until_roll(rigged([(8, 0), (1, 0), (1, 0)], carried=(2, 1)))
    state = roll(state, {0: 5, 1: 6, 2: 2})
    assert total(state, 1) == 3 and total(state, 0) == 8 - 1 + 3
    assert state.out_event[2] is not None and state.last_result["carried"] == []


def test_a_pot_stays_on_the_table_only_when_its_players_tie_for_it():
    """House rule (RULES.md): when the players the text would pay tie for the best roll
    among them, the pot stays on the table for the next round's centre."""
    state = play_until_roll(rigged([(1, 0), (5, 0), (5, 0)], carried=(3, 0), side_pots=False))
    state = roll(state, {0: 6, 1: 4, 2: 4})       # short winner; the second highest tie
    assert total(state, 0) == 3 and len(state.last_result["carried"]) == 3
    assert state.round == 2 and set(state.last_result["carried"]) <= set(state.pots[0])


def test_version_2_records_depart_where_the_centre_used_to_stay():
    """A rules-version-2 record replays identically until the first roll whose centre
    nobody anted to goes to a player (it stayed on the table under version 2)."""
    state = play_until_roll(rigged([(1, 0), (5, 0), (5, 0)], side_pots=False))
    state = roll(state, {0: 5, 1: 5, 2: 2})
    assert not state.departs_from_rules(2)
    state = roll(play_until_roll(state), {0: 1, 1: 6})
    assert state.departs_from_rules(2)
    assert not state.departs_from_rules(1)       # version 1 gave the winner the centre too
    assert RollTheBonesGame(3, {}).replays_records_of(2)


def test_no_side_pots_means_everyone_matches_the_short_player():
    """"when a player can't ante the full amount, then all the other players match
    whatever that player could ante.\""""
    state = play_until_roll(rigged([(2, 0), (8, 0), (8, 0)], side_pots=False))
    assert state.amounts == {0: 1, 1: 1, 2: 1} and len(state.pots) == 1
    state = roll(state, {0: 6, 1: 2, 2: 5})
    assert [total(state, p) for p in range(3)] == [6, 6, 6]


# --- the end ----------------------------------------------------------------------

def test_last_player_with_dice_wins():
    """"When a player loses all their dice, they are eliminated from the game and
    the ante increases by 1. The last player remaining, wins!\""""
    state = rigged([(1, 0), (5, 0), (4, 0)])
    state = roll(play_until_roll(state), {0: 1, 1: 6, 2: 2})   # player 0 out first
    assert state.out_event[0] is not None and not state.is_terminal()
    state = roll(play_until_roll(state), {1: 6, 2: 2})
    assert state.is_terminal() and state.ranking() == (2, 0, 1)
    assert state.legal_actions(1) == []


def test_summary_is_json_and_invariants_hold():
    state = new_state(3)
    prev = state
    state = play_until_roll(state)
    check_invariants(prev, Ante(0), state)
    json.dumps(state.summary())
