"""The Liar's Dice engine's fast paths (issue 16: playouts 4x faster) give
exactly what the generic protocol path gives: the same successor states,
views, legal actions and errors, over random games of every size and option."""
import random

import pytest

from game.games.bidding.bids import Bid, Call, count_matching
from game.core.protocol import CHANCE, IllegalActionError, RollResult, State
from game.games import make_game
from game.games.liars_dice.rules import Jinto, LiarsView, is_raise, minimum_raises


def reference_legal(state, player):
    """The legal actions as the engine listed them before it was tuned."""
    if player not in State.current_players(state):
        return []
    prev, top = state.current_bid, sum(state.dice)
    out = []
    for face, lo in minimum_raises(prev, palifico=state.palifico, palifico_face=state.palifico_face).items():
        out.extend(Bid(q, face) for q in range(lo, top + 1))
    return out + ([Call(), Jinto()] if prev is not None else [])


def reference_view(state, player):
    o = state.game.options
    turn = state.turn if state.rolled and not state.is_terminal() else None
    return LiarsView(player, state.faces[player], tuple(state.dice), tuple(state.bids), turn,
                     state.opener, state.palifico, state.round_no, o["starting_dice"], o["jinto_cap"],
                     state.last_challenge, o["skip_palifico_two"])


def generic_apply(state, player, action):
    """``State.apply`` as every game has it: generic checks, ``clone``, ``_apply``."""
    return State.apply(state, player, action)


def error_of(fn):
    try:
        fn()
    except IllegalActionError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("seed", range(12))
def test_fast_paths_match_the_generic_engine(seed):
    rng = random.Random(seed)
    n = rng.choice([2, 3, 5, 8, 20])
    options = {"starting_dice": rng.randint(1, 6), "jinto_cap": rng.random() < 0.5,
               "skip_palifico_two": rng.random() < 0.5}
    state = make_game("liars-dice", n, options).new_initial_state()
    while not state.is_terminal():
        assert state.is_chance() == State.is_chance(state)
        assert state.current_players() == State.current_players(state)
        if state.is_chance():
            request = state.chance_request()
            result = RollResult(tuple(tuple(rng.randint(1, 6) for _ in range(g.count)) for g in request.groups))
            bad = RollResult(result.faces[:-1] + ((7,) * request.groups[-1].count,))
            assert error_of(lambda: state.apply(CHANCE, bad)) == error_of(lambda: generic_apply(state, CHANCE, bad))
            nxt = state.apply(CHANCE, result)
            assert nxt.summary() == generic_apply(state, CHANCE, result).summary()
            state = nxt
            continue
        p = state.turn_player()
        legal = state.legal_actions(p)
        assert legal == reference_legal(state, p)
        assert state.legal_actions((p + 1) % n) == []
        for q in range(n):
            assert state.view(q) == reference_view(state, q)
        for probe in (Bid(rng.randint(0, 9 * n), rng.randint(0, 7)), Bid(True, 2), Call(), Jinto()):
            for who in (p, (p + 1) % n):
                assert state.is_legal(who, probe) == (probe in reference_legal(state, who)
                                                      and type(probe.__dict__.get("quantity", 0)) is int)
                assert error_of(lambda: state.apply(who, probe)) == error_of(lambda: generic_apply(state, who, probe))
        action = legal[rng.randrange(len(legal))] if rng.random() < 0.85 else legal[-2 if state.bids else 0]
        nxt = state.apply(p, action)
        twin = generic_apply(state, p, action)
        assert nxt.summary() == twin.summary()
        assert nxt.last_challenge == twin.last_challenge
        if type(action) in (Call, Jinto):   # the count, from the rules' own counting function
            wild = None if state.palifico else 1
            face = state.bids[-1][2]
            assert nxt.last_challenge.count == sum(count_matching(fs, face, wild) for fs in state.faces)
        for q in range(n):
            assert nxt.view(q) == twin.view(q)
        state = nxt
    assert state.legal_actions(0) == [] and error_of(lambda: state.apply(0, Call())) == "the game is over"


def test_a_bid_successor_leaves_its_parent_unchanged():
    state = make_game("liars-dice", 3).new_initial_state()
    state = state.apply(CHANCE, RollResult(((1, 2, 3), (4, 5, 6), (2, 2, 2))))
    before = state.summary()
    after = state.apply(0, Bid(2, 2)).apply(1, Bid(3, 2)).apply(2, Call())
    assert state.summary() == before and after.summary()["dice"] != before["dice"]
    assert is_raise(None, 2, 2, palifico=False)


def test_engine_bench_reports_playout_speed():
    from game.dev.benches.liars_dice import bench_engine, random_playouts
    actions, games = random_playouts(3, 2, 5, seed=3)
    assert games == 5 and actions > 5 * 4
    figures = bench_engine(True)
    for table in ("2x3", "6x5", "20x6"):
        assert figures[f"{table}_actions"] > 0 and figures[f"{table}_actions_per_cpu_s"] > 0
