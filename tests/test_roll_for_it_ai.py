"""Roll For It! AI: legal moves from views only, the "why" line, and strength sanity."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.match import Match, Seat
from game.games.roll_for_it import ai
from game.games.roll_for_it.rules import Place, RollForItView, TakeBack

from .test_roll_for_it_rules import new_state, roll


class ViewOnlyAgent:
    """Wraps an agent and checks it is only ever handed views."""

    def __init__(self, inner):
        self.inner = inner
        self.calls = 0

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def act(self, view, legal):
        assert isinstance(view, RollForItView)
        self.calls += 1
        action = self.inner.act(view, legal)
        assert action in legal
        return action


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_agents_play_legal_moves_from_views(level):
    """Every level finishes games making only legal moves, seeing only views."""
    for seed in range(6):
        seats = [Seat("a", "ai", level), Seat("b", "ai", "normal"), Seat("c", "ai", "hard")]
        match = Match("roll-for-it", seats, seed=seed)
        match.agents[0] = ViewOnlyAgent(match.agents[0])
        match.play_out()
        assert match.is_over and match.agents[0].calls > 0
        assert match.agents[0].explain()


def test_levels_have_names_and_styles():
    for level in ("easy", "normal", "hard"):
        agent = ai.make_agent(level, 0, random.Random(1))
        assert agent.name and agent.style and agent.level == level
    with pytest.raises(ValueError):
        ai.make_agent("grandmaster", 0, random.Random(1))


def test_hard_finishes_a_card_first_so_the_replacement_can_match():
    """With a roll that completes the (1 1) card, Hard places the finishing die first."""
    state = roll(new_state(), 1, 1, 4, 4, 6, 6)
    state = state.apply(0, Place(1, 0))
    agent = ai.make_agent("hard", 0, random.Random(0))
    assert agent.act(state.view(0), state.legal_actions(0)) == Place(1, 0)


def test_hard_takes_back_when_its_dice_are_stranded():
    """Hard takes back when all its dice sit on cards a rival is about to win."""
    state = new_state()
    state.slots = [26, 27, 28]                     # 15-point cards
    state.deck = [c for c in range(30) if c not in (26, 27, 28)]
    state.covers = {26: [[0, 1], [0, 1, 2, 3, 4]], 27: [[0, 1], [0, 1, 2, 3, 4]], 28: [[0, 1], []]}
    agent = ai.make_agent("hard", 0, random.Random(0))
    assert agent.act(state.view(0), state.legal_actions(0)) == TakeBack()


@pytest.mark.parametrize("seed", range(40))
def test_easy_never_misses_a_card_it_can_score_now(seed):
    """Easy is a beginner, but a beginner always sees a card this roll finishes: the rolled 1
    also fits its favourite card (the 15-pointer it has three dice on), yet it scores the
    (1 1) card it needs one die for, whatever its random whims."""
    state = new_state()
    state.slots = [26, 0, 1]                       # 1-2-3-4-5-6 (15), 1 1 (2), 2 2 (2)
    state.deck = [c for c in range(30) if c not in (26, 0, 1)]
    state.covers = {26: [[1, 2, 3], []], 0: [[0], []], 1: [[], []]}
    state = roll(state, 1, 5)
    agent = ai.make_agent("easy", 0, random.Random(seed))
    while state.phase == "place" and state.turn == 0:
        state = state.apply(0, agent.act(state.view(0), state.legal_actions(0)))
    assert 0 in state.scored[0] and state.scores[0] == 2


def test_easy_is_a_beginner_not_a_calculator():
    """Easy piles dice on the card it has started rather than spreading them at random."""
    state = new_state()
    state.slots = [26, 18, 7]                      # 1-2-3-4-5-6 (15), 1 1 2 2 (10), 4 5 6 (5)
    state.deck = [c for c in range(30) if c not in (26, 18, 7)]
    state.covers = {26: [[0, 3], []], 18: [[], []], 7: [[], []]}
    state = roll(state, 2, 2, 2, 1)
    picks = Counter()
    for seed in range(40):
        agent = ai.make_agent("easy", 0, random.Random(seed))
        picks[agent.act(state.view(0), state.legal_actions(0))] += 1
    assert picks.most_common(1)[0][0] == Place(2, 26)


def _heads_up(a, b, games, seed=0):
    wins = 0.0
    for g in range(games):
        seats = [Seat("x", "ai", a), Seat("y", "ai", b)]
        if g % 2:
            seats.reverse()
        match = Match("roll-for-it", seats, seed=seed + g)
        match.play_out()
        winners = match.state.winners()
        wins += sum(1 / len(winners) for p in winners if match.seats[p].level == a)
    return wins / games


def test_strength_sanity_small():
    """Over a few seeded games, Hard beats Easy clearly (full figures: README / sim)."""
    assert _heads_up("hard", "easy", 30) >= 0.7


@pytest.mark.slow
@pytest.mark.parametrize("strong, weak", [("hard", "normal"), ("normal", "easy")])
def test_strength_ladder(strong, weak):
    assert _heads_up(strong, weak, 400, seed=100) >= 0.6
