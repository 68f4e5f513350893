"""The results story (issue 17): each game's pure story hook gives numbers that
match a count made here independently, from the record and the rules' own
reveal records, and a chart series with one value per round."""
import pytest

from game.core.match import Match, Seat
from game.core.story import out_places, tell


def _finished(game_id, n=4, seed=5, levels=("hard", "normal", "easy", "normal")):
    seats = [Seat(f"S{i}", "ai", levels[i % len(levels)]) for i in range(n)]
    match = Match(game_id, seats, None, seed)
    match.play_out()
    return match


def _moves(match):
    """(before, player, action, after) over the match, for the independent counts."""
    state = match.game.new_initial_state()
    for player, action in match.history:
        after = state.apply(player, action)
        yield state, player, action, after
        state = after


def _col(story, name):
    i = story.columns.index(name)
    return [0 if row[i] == "\u2013" else int(row[i]) for row in story.cells]


@pytest.mark.parametrize("seed", [5, 9])
def test_liars_dice_story_counts(seed):
    match = _finished("liars-dice", 5, seed)
    story = tell(match)
    n = 5
    bids, won, lost, caught, dice_lost, dice_won = ([0] * n for _ in range(6))
    challenges = 0
    for _before, player, action, after in _moves(match):
        name = type(action).__name__
        if name == "Bid":
            bids[player] += 1
        elif name in ("Call", "Jinto"):
            challenges += 1
            ch = after.last_challenge   # the rules' own record of the reveal
            (lost if ch.loser == ch.challenger else won)[ch.challenger] += 1
            if ch.kind == "call" and ch.loser == ch.bidder:
                caught[ch.bidder] += 1
            dice_lost[ch.loser] += 1
            if ch.gainer is not None:
                dice_won[ch.gainer] += 1
    assert _col(story, "Bids") == bids
    assert _col(story, "Calls won") == won
    assert _col(story, "Calls lost") == lost
    assert _col(story, "Caught bluffing") == caught
    assert _col(story, "Dice lost") == dice_lost
    assert _col(story, "Dice won") == dice_won
    assert sum(won) + sum(lost) == challenges > 0
    # the chart: the start, then once per round (each round ends in one challenge)
    assert len(story.marks) == challenges + 1
    assert all(len(s) == challenges + 1 for s in story.series)
    start = match.game.options["starting_dice"]
    assert [s[0] for s in story.series] == [start] * n
    assert [s[-1] for s in story.series] == list(match.state.dice)
    winner = match.state.ranking().index(0)
    assert story.leaders()[-1] == (winner,)


def test_roll_call_story_counts():
    match = _finished("roll-call", 4, 3)
    story = tell(match)
    n = 4
    bids, won, lost, caught, dice_lost = ([0] * n for _ in range(5))
    reveals = 0
    for _before, player, action, after in _moves(match):
        if type(action).__name__ == "Bid":
            bids[player] += 1
        elif type(action).__name__ in ("Call", "CallOutOfTurn"):
            reveals += 1
            r = after.last_reveal
            (lost if r.loser == r.caller else won)[r.caller] += 1
            if r.loser == r.bidder:
                caught[r.bidder] += 1
            dice_lost[r.loser] += r.dice_lost
    assert _col(story, "Bids") == bids
    assert _col(story, "Calls won") == won
    assert _col(story, "Calls lost") == lost
    assert _col(story, "Caught bluffing") == caught
    assert _col(story, "Dice lost") == dice_lost
    assert "Dice won" not in story.columns
    assert len(story.marks) == reveals + 1
    assert [s[-1] for s in story.series] == list(match.state.dice_counts)


def test_roll_the_bones_story_counts():
    match = _finished("roll-the-bones", 4, 2)
    story = tell(match)
    final = match.state
    wins = [e for e in final.results_log if e["kind"] == "win"]
    pots = [sum(1 for e in wins if e["winner"] == p) for p in range(4)]
    taken = [sum(len(e["haul"].get(str(p), ())) for e in wins) for p in range(4)]
    assert _col(story, "Pots won") == pots
    assert _col(story, "Dice taken") == taken
    assert len(story.marks) == len(wins) + 1
    from game.games.roll_the_bones.rules import SIX_SIDERS_EACH
    assert [s[0] for s in story.series] == [SIX_SIDERS_EACH + 1.0] * 4   # the six-siders and a bone each
    assert [s[-1] for s in story.series] == [float(len(c)) for c in final.collections]
    assert _col(story, "Most dice") == [int(max(s)) for s in story.series]
    outs = [row[story.columns.index("Out in")] for row in story.cells]
    assert outs[final.ranking().index(0)] == "\u2013"
    assert sum(o.startswith("round") for o in outs) == 3


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 1), (3, 5), (4, 5), (6, 1), (6, 4)])
def test_roll_the_bones_chart_is_consistent(players, seed):
    """Issue 39: the chart's labels said "R1..R13" for its samples, which are
    pot splits, and it dropped a player to 0 dice who played on (the rules had
    already moved the next round's forced antes and rolled die out of the
    collection), so a sample added up to 18 of 22 dice.  Rule text: "The
    object of the game is to collect all the dice. Give each player 10 dice
    and one 12-sided bone die."  At each split the seats' dice and the dice
    nobody could win (carried) make every die; a seat shows 0 only once out."""
    match = _finished("roll-the-bones", players, seed)
    story = tell(match)
    wins = [e for e in match.state.results_log if e["kind"] == "win"]
    assert story.marks == ("Start",) + tuple(f"Split {i}" for i in range(1, len(wins) + 1))
    assert "pot split" in story.chart_title and "round" not in story.chart_title.lower()
    every = 11 * players
    for i, win in enumerate(wins, start=1):
        held = [s[i] for s in story.series]
        assert sum(held) + len(win["carried"]) == every, (i, held, win["carried"])
    for p, series in enumerate(story.series):
        for i, value in enumerate(series):
            if value == 0:
                assert all(v == 0 for v in series[i:]), f"seat {p} shown at 0 dice at split {i}, then playing on"


def test_roll_for_it_story_counts():
    match = _finished("roll-for-it", 3, 4)
    story = tell(match)
    final = match.state
    placed = [sum(1 for p, a in match.history if p == s and type(a).__name__ == "Place") for s in range(3)]
    assert _col(story, "Cards") == [len(final.scored[p]) for p in range(3)]
    assert _col(story, "Points") == list(final.scores)
    assert _col(story, "Dice placed") == placed
    assert [s[-1] for s in story.series] == [float(x) for x in final.scores]
    assert all(s[0] == 0 for s in story.series)
    assert all(list(s) == sorted(s) for s in story.series), "points never go down"


def test_diced_out_story_is_the_four_rounds():
    match = _finished("diced-out", 3, 6)
    story = tell(match)
    final = match.state
    assert story.columns[:4] == ("Round 1", "Round 2", "Round 3", "Round 4")
    for p in range(3):
        assert [int(c) for c in story.cells[p][:4]] == list(final.round_scores[p])
        assert int(story.cells[p][4]) == final.totals()[p]
        assert story.series[p] == (0.0, *[float(sum(final.round_scores[p][:k])) for k in range(1, 5)])
    assert story.higher_is_better is False
    winner = final.ranking().index(0)
    assert winner in story.leaders()[-1]


def test_out_places_are_final_places():
    """A seat out mid-game already has the place the final ranking gives it."""
    for game_id, seed in (("liars-dice", 3), ("roll-call", 4), ("roll-the-bones", 5)):
        match = _finished(game_id, 5, seed)
        final = match.state.ranking()
        seen = {}
        for _before, _player, _action, after in _moves(match):
            for seat, place in out_places(game_id, after).items():
                seen.setdefault(seat, place)
        assert len(seen) == 4
        assert seen == {p: final[p] for p in seen}, game_id
    assert out_places("roll-for-it", _finished("roll-for-it", 2, 1).state) == {}


def test_results_scene_draws_every_story(app):
    """Any game, 2 to 20 seats, with and without humans: the scene shows the
    story and chart (no game-specific code in the scene)."""
    import pygame
    from game.scenes.results import ResultsScene
    canvas = pygame.Surface((1280, 720))
    for game_id, n in (("liars-dice", 20), ("roll-call", 10), ("roll-the-bones", 6), ("roll-for-it", 8),
                       ("diced-out", 2)):
        match = _finished(game_id, n, 1)
        match.seats[0] = Seat("P1", "human")
        match.seats[1] = Seat("P2", "human")
        scene = ResultsScene(app, match)
        assert scene.story is not None and len(scene.story.cells) == n
        assert scene.humans == (0, 1)
        scene.enter()
        scene.draw(canvas, 1.0)
        board, chart = scene.panel_rect(), scene.chart_rect()
        assert not board.colliderect(chart) and chart.right <= 1280
        assert board.bottom <= scene.coach_slot()[1]
