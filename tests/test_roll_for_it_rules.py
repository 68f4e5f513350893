"""Roll For It! rules: each test quotes the rule text (or house rule) it checks."""
from __future__ import annotations

import json
from statistics import mean

import pytest

from game.core.protocol import CHANCE, IllegalActionError, RollRequest, RollResult, ShuffleRequest, ShuffleResult
from game.games.roll_for_it import rules
from game.games.roll_for_it.odds import expected_turns
from game.games.roll_for_it.rules import (DeckError, KeepRest, Pass, Place, Roll, RollForItGame, TakeBack,
                                          card, check_invariants, load_deck)

IDENTITY = ShuffleResult(tuple(range(30)))


def new_state(players=2, order=IDENTITY, starter=0, **options):
    """Shuffled (identity order: cards 0,1,2 face up) and roll-off won by ``starter``."""
    state = RollForItGame(players, options).new_initial_state()
    if order is IDENTITY:
        order = ShuffleResult(tuple(range(state.chance_request().size)))
    state = state.apply(CHANCE, order)
    faces = tuple((6, 6) if p == starter else (1, 1) for p in range(players))
    return state.apply(CHANCE, RollResult(faces))


def roll(state, *faces):
    state = state.apply(state.turn, Roll())
    return state.apply(CHANCE, RollResult((tuple(faces),)))


def step(state, player, action):
    nxt = state.apply(player, action)
    check_invariants(state, action, nxt)
    return nxt


# --- the deck ----------------------------------------------------------------

def test_house_deck_shape():
    """House: "30 cards: 6 worth 2 points, 12 worth 5, 8 worth 10, 4 worth 15 ... 2 pts -> 2 dice
    images, 5 pts -> 3, 10 pts -> 4 or 5, 15 pts -> 6"."""
    deck = load_deck()
    assert len(deck) == 30
    for points, count in {2: 6, 5: 12, 10: 8, 15: 4}.items():
        tier = [c for c in deck if c.points == points]
        assert len(tier) == count
        assert all(len(c.images) in rules.TIER_IMAGES[points] for c in tier)


def test_points_rise_with_difficulty():
    """House: the faces on each card are "chosen so that a card's points rise with how hard it
    is to complete": the exact expected turns to finish a card alone (rolling the dice not yet
    placed each turn) rise with points, tier by tier and card by card."""
    deck = load_deck()
    by_points = {}
    for c in deck:
        by_points.setdefault(c.points, []).append(expected_turns(c.images, 6))
    tiers = sorted(by_points)
    means = [mean(by_points[p]) for p in tiers]
    assert means == sorted(means) and len(set(means)) == len(means)
    for lower, higher in zip(tiers, tiers[1:]):
        assert max(by_points[lower]) < min(by_points[higher]), (lower, higher)


def test_expected_turns_matches_simulation():
    """The difficulty maths itself: a seeded simulation of finishing (1,1,2,2) alone agrees."""
    import random
    rng = random.Random(11)
    total, runs = 0, 4000
    for _ in range(runs):
        need, dice, turns = [1, 1, 2, 2], 6, 0
        while need:
            turns += 1
            faces = [rng.randint(1, 6) for _ in range(dice)]
            for f in faces:
                if f in need:
                    need.remove(f)
                    dice -= 1
        total += turns
    assert abs(total / runs - expected_turns((1, 1, 2, 2), 6)) < 0.15


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(format="something-else"), "not a Roll For It! deck"),
    (lambda d: d["cards"].pop(), "exactly 30"),
    (lambda d: d["cards"][0].update(points=3), "worth 3 points"),
    (lambda d: d["cards"][0].update(images=[1, 1, 1]), "shows 3 images"),
    (lambda d: d["cards"][5].update(images=[7, 1]), "faces 1..6"),
    (lambda d: d["cards"][6].update(id=99), "ids must run"),
    (lambda d: d["cards"][0].update(points=5, images=[1, 2, 3]), "needs 6 cards worth 2"),
])
def test_bad_deck_file_gives_clear_error(tmp_path, mutate, message):
    """A bad or corrupt deck file gives a clear error on load."""
    data = json.loads(rules.DECK_PATH.read_text())
    mutate(data)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DeckError, match=message):
        load_deck(path)


def test_corrupt_or_missing_deck_file(tmp_path):
    """A corrupt (not JSON) or missing deck file is a DeckError, not a crash."""
    path = tmp_path / "deck.json"
    path.write_text("{ not json")
    with pytest.raises(DeckError, match="corrupt"):
        load_deck(path)
    with pytest.raises(DeckError, match="cannot read"):
        load_deck(tmp_path / "missing.json")


# --- set-up --------------------------------------------------------------------

def test_shuffle_is_a_chance_event_and_three_cards_face_up():
    """"Shuffle the Roll For It! cards ... Deal three cards face up.\""""
    state = RollForItGame(2).new_initial_state()
    assert state.chance_request() == ShuffleRequest(30, "shuffle the deck")
    order = tuple(reversed(range(30)))
    state = state.apply(CHANCE, ShuffleResult(order))
    assert state.slots == [29, 28, 27] and len(state.deck) == 27


@pytest.mark.parametrize("n", [2, 3, 4])
def test_one_deck_and_three_cards_with_two_to_four_players(n):
    """"Shuffle the Roll For It! cards ... Deal three cards face up.\""""
    state = RollForItGame(n).new_initial_state()
    assert state.chance_request() == ShuffleRequest(30, "shuffle the deck")
    state = new_state(n)
    assert len(state.slots) == 3 and len(state.deck) == 27


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_two_decks_and_four_cards_with_five_or_more_players(n):
    """"Deal three cards face up. If you're playing with two decks and 5+ players,
    deal four instead.": with 5+ players both decks (60 cards) are shuffled together."""
    state = RollForItGame(n).new_initial_state()
    assert state.chance_request() == ShuffleRequest(60, "shuffle both decks")
    order = tuple(reversed(range(60)))
    state = state.apply(CHANCE, ShuffleResult(order))
    assert state.slots == [59, 58, 57, 56] and len(state.deck) == 56
    # the second deck repeats the first, card for card, under its own ids
    assert [(card(c).points, card(c).images) for c in range(30, 60)] == \
        [(card(c).points, card(c).images) for c in range(30)]
    assert sum(card(c).points for c in range(60)) == 2 * 212


def test_roll_off_highest_total_starts_and_ties_roll_again():
    """"All players roll two dice; the highest total goes first." (ties roll again)"""
    state = RollForItGame(3).new_initial_state().apply(CHANCE, IDENTITY)
    request = state.chance_request()
    assert isinstance(request, RollRequest) and [g.count for g in request.groups] == [2, 2, 2]
    state = state.apply(CHANCE, RollResult(((6, 5), (1, 2), (5, 6))))
    assert state.contenders == (0, 2) and state.turn_player() is None
    assert [g.owner for g in state.chance_request().groups] == [0, 2]
    state = state.apply(CHANCE, RollResult(((2, 2), (3, 1))))
    assert state.contenders == (0, 2)        # tied again
    state = state.apply(CHANCE, RollResult(((2, 2), (6, 1))))
    assert state.turn_player() == 2 and state.phase == "start"


# --- a turn ----------------------------------------------------------------------

def test_roll_the_dice_not_on_cards():
    """"The number of dice available for you to roll will change during the game.\""""
    state = new_state()
    assert state.chance_request() is None and state.legal_actions(0) == [Roll()]
    state = roll(state, 1, 4, 5, 5, 6, 6)
    state = step(state, 0, Place(1, 0))
    assert state.turn == 1          # nothing else fits: the turn ends by itself
    # player 1 misses, then player 0 rolls only the five dice not on cards
    state = roll(state, 4, 4, 4, 4, 4, 4)          # player 1: nothing matches, turn ends
    assert state.turn == 0
    state = state.apply(0, Roll())
    assert state.chance_request().groups[0].count == 5


def test_placing_one_die_per_image():
    """"each die can be matched to only a single image on any one card"; a die "fits" only a
    matching image."""
    state = roll(new_state(), 1, 1, 1, 4, 5, 6)
    assert Place(1, 0) in state.legal_actions(0)
    assert Place(4, 0) not in state.legal_actions(0)
    with pytest.raises(IllegalActionError):
        state.apply(0, Place(4, 0))
    assert "no 4" in state.why_illegal(0, Place(4, 0))
    state = step(state, 0, Place(1, 0))
    assert state.covers[0][0] == [0]


@pytest.mark.parametrize("cid", [3, 30, 60, 61, 999, -61])
def test_a_die_placed_on_a_card_not_face_up_is_refused_as_an_illegal_move(cid):
    """"Match the results of your roll with the dice images shown on the
    face-up Roll For It! cards": a card in the deck, or no card at all, is
    refused with ``IllegalActionError`` (it raised IndexError, from the refusal's
    own message, for ids past both decks)."""
    state = roll(new_state(), 1, 2, 3, 4, 5, 6)
    for face in range(1, 7):
        assert not state.is_legal(0, Place(face, cid))
        with pytest.raises(IllegalActionError):
            state.apply(0, Place(face, cid))
        assert state.why_illegal(0, Place(face, cid)) == "That card is not face up."


def test_scoring_returns_dice_and_flips_replacement_matched_same_turn():
    """"You score a Roll For It! card as soon as you've matched all of its die images ... All
    dice on a scored card are returned to their owners ... Immediately flip a new card from the
    deck ... you may match them with any of the face-up Roll For It! cards, including the one
    you just flipped.\""""
    state = roll(new_state(), 1, 1, 4, 4, 5, 6)
    state = step(state, 0, Place(1, 0))
    assert Place(4, 3) not in state.legal_actions(0)     # card 3 (4 4) is still in the deck
    state = step(state, 0, Place(1, 0))
    assert state.scores[0] == 2 and state.scored[0] == [0]
    assert state.slots == [3, 1, 2] and state.hand(0) == 6
    assert state.rolled == [4, 4, 5, 6]
    state = step(state, 0, Place(4, 3))                   # the new card takes this roll's 4s
    state = step(state, 0, Place(4, 3))
    assert state.scores[0] == 4 and state.slots == [4, 1, 2]


def test_mixed_colours_on_one_card_and_only_own_dice_score():
    """"multiple dice colors can be matched with a single card ... you cannot use other
    players' dice to score a card"; "All dice on a scored card are returned to their owners.\""""
    state = roll(new_state(), 2, 5, 5, 5, 5, 5)
    state = step(state, 0, Place(2, 1))
    state = step(state, 0, KeepRest()) if state.turn == 0 else state
    assert state.turn == 1
    state = roll(state, 2, 2, 6, 6, 6, 6)
    state = step(state, 1, Place(2, 1))
    assert state.covers[1] == [[0], [0]] and state.scores == [0, 0]   # two colours, no score
    assert state.hand(0) == 5
    state = step(state, 1, Place(2, 1))
    assert state.scores == [0, 2] and state.hand(0) == 6 and state.hand(1) == 6


def test_placed_dice_never_move():
    """"Once a die is placed, it cannot be moved to another card.\" No action moves a die."""
    state = roll(new_state(), 1, 2, 4, 4, 4, 4)
    state = step(state, 0, Place(1, 0))
    assert all(isinstance(a, (Place, KeepRest)) for a in state.legal_actions(0))
    assert all(a.face != 1 for a in state.legal_actions(0) if isinstance(a, Place))


def test_keep_dice_and_end_turn():
    """"You may choose not to place a matching die or dice during your turn.\""""
    state = roll(new_state(), 1, 1, 4, 4, 4, 4)
    state = step(state, 0, KeepRest())
    assert state.turn == 1 and state.hand(0) == 6 and state.scores == [0, 0]


def test_take_back_all_dice_then_roll_six():
    """"before rolling his or her dice, that player may choose to take back ALL of his or her
    dice from the cards and then roll all six of them.\""""
    state = roll(new_state(), 1, 2, 3, 4, 4, 4)
    for face, cid in ((1, 0), (2, 1), (3, 2)):
        state = step(state, 0, Place(face, cid))
    state = roll(state, 5, 5, 5, 5, 5, 5)              # player 1 misses
    assert state.turn == 0 and TakeBack() in state.legal_actions(0)
    state = step(state, 0, TakeBack())
    assert state.hand(0) == 6 and all(per[0] == [] for per in state.covers.values())
    assert state.chance_request().groups[0].count == 6
    with pytest.raises(IllegalActionError):            # only before rolling
        state = roll(state, 1, 4, 4, 4, 4, 4)
        state.apply(0, TakeBack())


def test_no_take_back_without_dice_on_cards():
    """Take Back needs dice on cards (all or nothing: there is nothing to take)."""
    state = new_state()
    assert TakeBack() not in state.legal_actions(0)
    assert "None of your dice" in state.why_illegal(0, TakeBack())


def test_first_to_forty_wins_at_once():
    """"The first player to score 40 or more points wins the game." (at once, mid-turn)"""
    state = roll(new_state(), 1, 1, 2, 2, 3, 3)
    state.scores[0] = 38            # a staged position: 38 points already banked
    state = state.apply(0, Place(1, 0))
    state = state.apply(0, Place(1, 0))
    assert state.is_terminal() and state.end_reason == "target"
    assert state.ranking() == (0, 1)
    with pytest.raises(IllegalActionError):
        state.apply(0, Place(2, 1))


def test_target_option_and_bad_options():
    """Option "Points to win" (text default 40); bad values name the option and the range."""
    assert RollForItGame(2).options["target"] == 40
    with pytest.raises(ValueError, match="target"):
        RollForItGame(2, {"target": 5})
    with pytest.raises(ValueError, match="players"):
        RollForItGame(9)


def test_empty_deck_leaves_slot_empty_and_game_ends_when_cards_run_out():
    """House rule: "If the deck and the face-up cards run out, the highest score wins"; with
    the deck empty, a scored card's slot stays empty and play goes on with fewer cards."""
    state = roll(new_state(), 1, 1, 5, 5, 5, 5)
    state.deck = []
    state.slots = [0, 1, None]
    state.covers = {0: [[], []], 1: [[], []]}
    state.scored[1] = list(range(2, 30))   # staged: only cards 0 and 1 are left
    state.scores[1] = 10
    state = state.apply(0, Place(1, 0))
    state = state.apply(0, Place(1, 0))
    assert state.slots == [None, 1, None] and not state.is_terminal()
    state = state.apply(1, Roll()).apply(CHANCE, RollResult(((2, 2, 3, 3, 3, 3),)))
    state = state.apply(1, Place(2, 1)).apply(1, Place(2, 1))
    assert state.is_terminal() and state.end_reason == "deck" and state.scores == [2, 12]
    assert state.winners() == (1,)


def test_pass_with_all_dice_on_cards_and_stall_guard():
    """House rule (stall guard): with all six dice on cards you may pass; a full round in
    which every player passes ends the game, highest score wins, ties share."""
    state = new_state()
    # staged: each player has two dice on each of three 5-point cards (six on cards)
    state.slots = [6, 7, 8]
    state.covers = {6: [[0, 1], [0, 1]], 7: [[0, 1], [0, 1]], 8: [[0, 1], [0, 1]]}
    state.deck = [c for c in range(30) if c not in (6, 7, 8)]
    assert state.legal_actions(0) == [TakeBack(), Pass()]
    state = step(state, 0, Pass())
    assert not state.is_terminal()
    state = step(state, 1, Pass())
    assert state.is_terminal() and state.end_reason == "stall" and state.ranking() == (0, 0)


def test_views_show_everything_but_the_deck_order():
    """All information is open except the order of the face-down deck."""
    state = roll(new_state(3), 1, 2, 3, 4, 5, 6)
    view = state.view(2)
    assert view.me == 2 and view.rolled == (1, 2, 3, 4, 5, 6) and view.deck_left == 27
    assert [c.id for c in view.slots] == [0, 1, 2]
    assert not hasattr(view, "deck")
    json.dumps(state.summary())
