"""Roll the Bones AI: legal moves from views only, the exact outcome table,
and a small strength sanity check (the full figures come from ``game sim``)."""
import random

import pytest

from game.core.match import Match, Seat
from game.core.sim import run_sim
from game.games.roll_the_bones.ai import make_agent, outcome_table, roll_value
from game.games.roll_the_bones.rules import BonesView, Declare


def test_outcome_table_d12_against_d6():
    """A bone (d12) beats a six-sider 51/72 of the time and ties 6/72."""
    win, lose, ties = outcome_table(True, (False,))
    assert win == pytest.approx(51 / 72) and ties[0] == pytest.approx(6 / 72)
    assert win + lose + sum(ties) == pytest.approx(1.0)


def test_outcome_table_is_symmetric_for_equal_dice():
    win, lose, ties = outcome_table(False, (False,))
    assert win == pytest.approx(lose) == pytest.approx(15 / 36) and ties[0] == pytest.approx(1 / 6)


def test_bone_is_worth_rolling_for_a_big_pot_not_a_small_one():
    assert roll_value(True, (False,), 30, 10) > roll_value(False, (False,), 30, 10)
    assert roll_value(True, (False,), 2, 10) < roll_value(False, (False,), 2, 10)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_agents_play_legal_moves_from_views_only(level):
    for seed in range(15):
        seats = [Seat(f"P{i}", "ai", level) for i in range(2 + seed % 5)]
        match = Match("roll-the-bones", seats, seed=seed)
        steps = 0
        while not match.is_over and steps < 5000:
            state = match.state
            if not state.is_chance():
                p = state.turn_player()
                agent = make_agent(level, p, random.Random(steps))
                view = state.view(p)
                assert isinstance(view, BonesView) and not hasattr(view, "collections")
                action = agent.act(view, state.legal_actions(p))
                assert action in state.legal_actions(p)
                assert agent.explain()
            match.step()
            steps += 1
        assert match.is_over


def test_hard_uses_the_last_word():
    """Speaking last in the binding pass against a six-sider and a fat pot, Hard rolls the bone."""
    match = Match("roll-the-bones", [Seat("A", "ai", "hard"), Seat("B", "ai", "hard")], seed=1)
    state = match.state
    for _ in range(2):
        state = state.apply(state.turn_player(), state.legal_actions(state.turn_player())[0])
    state = state.apply(0, Declare(False)).apply(1, Declare(False)).apply(0, Declare(False))
    state.pots[0].extend(state.collections[0][:6])  # (a fatter pot for the test)
    del state.collections[0][:6]
    agent = make_agent("hard", 1, random.Random(0))
    assert agent.act(state.view(1), state.legal_actions(1)) == Declare(True)


def test_strength_sanity_normal_beats_easy():
    result = run_sim("roll-the-bones", ["normal", "easy"], 160, seed=5)
    assert result.by_level["normal"].win_rate > 0.5


def test_heads_up_tables_are_probabilities_and_rise_with_dice():
    """Hard's shipped heads-up tables: every value is a probability, and one
    more die (six-sider or bone) in my collection never lowers my chance."""
    from game.games.roll_the_bones._tables import ROUNDS
    assert ROUNDS
    for table in ROUNDS.values():
        for (m6, mb, won), p in table.items():
            assert 0.0 <= p <= 1.0
            more = table.get((m6 + 1, mb, won))
            if more is not None:
                assert more >= p - 1e-9
            bone = table.get((m6, mb + 1, won))
            if bone is not None:
                assert bone >= p - 1e-9


@pytest.mark.slow
def test_shipped_heads_up_tables_regenerate():
    """``_tables.py`` is exactly what its generator (``tune.py tables``) makes now."""
    from game.games.roll_the_bones._tables import ROUNDS
    from game.games.roll_the_bones.ai import solve_heads_up
    for config, table in ROUNDS.items():
        fresh = solve_heads_up(*config)
        assert fresh.keys() == table.keys()
        assert max(abs(fresh[k] - table[k]) for k in table) < 1e-9


def test_heads_up_rounds_never_leave_dice_on_the_table():
    """The heads-up tables assume the roll's winner takes every die on the table.
    Under the pot rules (a pot goes only to a player who anted to it) that still
    holds from a heads-up start: nobody antes only when someone is down to one
    die, and then the table is empty."""
    from game.dev.harness import playouts
    for match in playouts("roll-the-bones", 12, seed=21, players=(2,)):
        assert not any(r.get("carried") for r in match.state.results_log)
        assert all(r["kind"] == "tie" or sum(map(len, r["haul"].values())) > 0
                   and list(r["haul"]) == [str(r["winner"])] for r in match.state.results_log)


def test_minimax_heads_up_game_is_symmetric():
    """Solved without an opponent model, the heads-up game is zero-sum: my
    chance from a stage plus the opponent's from the mirrored stage is 1."""
    from game.games.roll_the_bones.ai import HeadsUp
    solver = HeadsUp(t6=6, tb=2, ante=2)
    solver.solve(tol=1e-10)
    for (m6, mb, first), p in solver.rounds.items():
        mirror = solver.rounds.get((solver.t6 - m6, solver.tb - mb, not first))
        if mirror is not None:
            assert abs(p + mirror - 1.0) < 1e-6
