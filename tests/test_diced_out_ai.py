"""Diced Out AI: legal moves from views only, and the Hard level's free mark
is the solved optimum."""
import random
import statistics

import pytest

from game.core.protocol import CHANCE, RollResult
from game.games.diced_out import ai
from game.dev.benches.diced_out import decision_positions, solo_round_scores
from game.games.diced_out.rules import DicedOutGame, FreeMark, Penalise, SkipFreeMark, TableView
from game.games.diced_out.solver import ROLL_PROB, bit, evaluate, mask_of, solve


@pytest.fixture(scope="module")
def positions():
    return decision_positions(150)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_agents_choose_legal_actions_from_views(level, positions):
    agent = ai.make_agent(level, 0, random.Random(3))
    assert agent.name and agent.style
    kinds = set()
    for view, legal in positions:
        assert isinstance(view, TableView)
        agent.player = view.me
        action = agent.act(view, legal)
        assert action in legal
        kinds.add(type(action))
        assert agent.explain()
    assert kinds == {FreeMark, Penalise}


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="level"):
        ai.make_agent("expert", 0, random.Random(0))


def test_solver_values_are_consistent():
    """Spot checks of the solved table: a full sheet is worth 0, more rerolls
    never hurt, and one turn from ten marks matches a hand computation."""
    sol = solve()
    assert sol.expected(2047, 0) == 0
    assert all(sol.expected(0, r + 1) < sol.expected(0, r) for r in range(3))
    only_seven_left = 2047 & ~bit(7)
    # No rerolls: 1/6 to complete (0), else Diced Out with 7 points.
    assert sol.expected(only_seven_left, 0) == pytest.approx(5 / 6 * 7)
    # Free marks: the table's choice is the argmin of the values it stores.
    mask = mask_of([2, 5, 6])
    values = sol.free_mark_values(mask, 2)
    assert sol.best_mark[2][mask] == min(values, key=values.get)


def test_hard_free_mark_is_the_solved_argmin():
    sol = solve()
    hard = ai.make_agent("hard", 0, random.Random(0))
    rng = random.Random(5)
    for _ in range(200):
        mask = rng.randrange(1, 2047)
        rerolls = rng.randrange(4)
        view = _solo_view(mask, rerolls)
        legal = [FreeMark(n) for n in range(2, 13) if not mask & bit(n)] + [SkipFreeMark()]
        action = hard.act(view, legal)
        values = sol.free_mark_values(mask, rerolls)
        assert isinstance(action, FreeMark)    # the default bonus numbers never favour skipping
        assert values[action.number] == pytest.approx(min(values.values()))


ISSUE_BONUS = (2, 4, 6, 7, 9, 10, 11)


def test_declining_the_free_mark_is_sometimes_best():
    """"YOU MAY NOT ONLY MARK-OFF THAT NUMBER BUT IMMEDIATELY MARK-OFF ONE NUMBER":
    with bonus {2,4,6,7,9,10,11}, only 6 and 7 unmarked and 3 rerolls, leaving both
    open (either one then fills the sheet) beats either free mark."""
    sol = solve(ISSUE_BONUS)
    mask = 2047 & ~mask_of([6, 7])
    values = sol.free_mark_values(mask, 3)
    assert values[0] == pytest.approx(3.0234, abs=1e-4)
    assert min(values[6], values[7]) == pytest.approx(3.2990, abs=1e-4)
    assert sol.best_mark[3][mask] == 0
    # the table's values are those of its own policy, skips included
    assert evaluate(lambda m, r, _c: sol.best_mark[r][m], ISSUE_BONUS) == pytest.approx(sol.expected())
    marks_always = evaluate(lambda m, r, c: sol.best_mark[r][m] or min(c, key=lambda n: sol.value[r][m | bit(n)]),
                            ISSUE_BONUS)
    assert sol.expected() < marks_always


def test_hard_declines_exactly_where_the_solver_does():
    """Hard follows the exact solution, skipping included, for a custom bonus set."""
    sol = solve(ISSUE_BONUS)
    hard = ai.make_agent("hard", 0, random.Random(0))
    mask = 2047 & ~mask_of([6, 7])
    legal = [FreeMark(6), FreeMark(7), SkipFreeMark()]
    assert hard.act(_solo_view(mask, 3, ISSUE_BONUS), legal) == SkipFreeMark()
    assert "skips" in hard.explain()
    rng = random.Random(8)
    masks = [mask] + [rng.randrange(1, 2047) for _ in range(300)]
    for m in masks:
        for rerolls in range(4):
            legal = [FreeMark(n) for n in range(2, 13) if not m & bit(n)] + [SkipFreeMark()]
            action = hard.act(_solo_view(m, rerolls, ISSUE_BONUS), legal)
            best = sol.best_mark[rerolls][m]
            values = sol.free_mark_values(m, rerolls)
            if best == 0:
                assert action == SkipFreeMark()
            else:
                assert isinstance(action, FreeMark)
                assert values[action.number] == pytest.approx(values[best])


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_take_the_free_mark(level):
    """Easy and Normal always take the gift (skipping pays only in rare corners)."""
    agent = ai.make_agent(level, 0, random.Random(1))
    mask = 2047 & ~mask_of([6, 7])
    action = agent.act(_solo_view(mask, 3, ISSUE_BONUS), [FreeMark(6), FreeMark(7), SkipFreeMark()])
    assert isinstance(action, FreeMark)


def test_hard_mean_round_score_matches_the_solution_and_beats_naive():
    """2000 seeded solo rounds: Hard's mean is the solved expectation within
    sampling error, and clearly below marking the lowest number (exact value
    by policy evaluation) and below Normal's rarest-number rule."""
    solved = solve().expected()
    scores = solo_round_scores("hard", 500, seed=11)
    mean = statistics.fmean(scores)
    stderr = statistics.stdev(scores) / len(scores) ** 0.5
    assert abs(mean - solved) < 4 * stderr, (mean, solved, stderr)
    naive_lowest = evaluate(lambda mask, r, choices: min(choices))
    rarest = evaluate(lambda mask, r, choices: min(choices, key=lambda n: (ROLL_PROB[n], -n)))
    assert solved < rarest - 1 < naive_lowest - 2
    assert mean < naive_lowest - 4 * stderr


def test_penalty_goes_to_the_rival_who_threatens_the_lead():
    """Normal and Hard take the reroll from the opponent nearest the lead."""
    view = _table_view(me=0, totals=(90, 80, 120, 95))
    for level in ("normal", "hard"):
        agent = ai.make_agent(level, 0, random.Random(0))
        assert agent.act(view, [Penalise(1), Penalise(2), Penalise(3)]) == Penalise(1)
    hard = ai.make_agent("hard", 0, random.Random(0))
    assert hard.threat(view, 1) > hard.threat(view, 3) > hard.threat(view, 2)


def test_ai_plays_through_the_match_with_views_only():
    """The agent is never handed a State: Match passes ``state.view(p)``."""
    game = DicedOutGame(3)
    state = game.new_initial_state()
    agents = [ai.make_agent("hard", p, random.Random(p)) for p in range(3)]
    rng = random.Random(9)
    while not state.is_terminal():
        request = state.chance_request()
        if request:
            state = state.apply(CHANCE, RollResult(tuple((rng.randint(1, 6), rng.randint(1, 6))
                                                         for _ in request.groups)))
            continue
        p = state.turn_player()
        state = state.apply(p, agents[p].act(state.view(p), state.legal_actions(p)))
    assert len(state.round_scores[0]) == 4


def _solo_view(mask, rerolls, bonus=(2, 12)):
    return TableView(me=0, num_players=1, bonus=bonus, phase="free_mark", round_index=0, current=0,
                     starter=0, marked=(mask,), rerolls=(rerolls,), reroll_limit=(3,), done=(False,),
                     round_score=(None,), round_scores=((),), round_marks=((),), contenders=(), chooser=None)


def _table_view(me, totals):
    n = len(totals)
    return TableView(me=me, num_players=n, bonus=(2, 12), phase="penalty", round_index=2, current=None,
                     starter=0, marked=(0,) * n, rerolls=(3,) * n, reroll_limit=(3,) * n, done=(True,) * n,
                     round_score=(None,) * n, round_scores=tuple((t // 2, t - t // 2) for t in totals),
                     round_marks=((0, 0),) * n, contenders=(), chooser=me)
