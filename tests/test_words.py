"""Every word true (issue 39): the lessons' likelihood words come from the odds
code on their scripted dice; a verdict names the face it counted; the coach's
summary keeps its noun; a tie for the favourite bid is said as a tie."""
from __future__ import annotations

from game.core import coach
from game.core.grammar import Voice
from game.core.match import Seat
from game.core.stats import GameStats, Row
from game.games.bidding.bids import bid_chance
from game.games.bidding.snapshot import RevealFacts
from game.games.liars_dice import tutorial as ld_lesson
from game.games.roll_call.bidtext import RollCallText


def test_the_call_steps_likelihood_comes_from_the_scripted_dice():
    """Round 3 of the lesson: you hold (6, 3), Tom two hidden dice; four sixes
    need three more sixes from two dice: impossible, not "Unlikely!"."""
    step = next(s for s in ld_lesson.SCRIPT.steps if s.title == "Call")
    own, hidden = ld_lesson.ROLLS[2][0], len(ld_lesson.ROLLS[2][1])
    chance = bid_chance(4, 6, own, hidden)
    assert chance == 0.0
    assert "Impossible!" in step.text and "Unlikely" not in step.text
    assert ld_lesson.likelihood(chance) == "Impossible"
    assert ld_lesson.likelihood(0.2) == "Unlikely" and ld_lesson.likelihood(0.9) == "Likely"


def test_a_verdict_names_the_face_it_counted():
    seats = [Seat("You", "human"), Seat("Tom", "ai", "normal")]
    facts = RevealFacts(kind="call", challenger=0, bidder=1, quantity=2, face=3, wild=None,
                        hands=((3, 5), (2, 6)), counts=(1, 0), count=1, challenger_right=True, loser=1,
                        dice_lost=1, gainer=None, eliminated=False, round_no=1)
    verdict = RollCallText(Voice(seats)).verdict(facts)
    assert verdict.startswith("1 three on the table against a bid of 2 threes."), verdict


def test_the_coach_summary_keeps_its_noun():
    class E:   # what ``summary`` reads of an entry
        def __init__(self, verdict, kind="bid"):
            self.verdict = verdict
            self.advice = type("A", (), {"kind": kind})()
    assert coach.summary([E("questionable")]) == "1 questionable move"
    assert coach.summary([E("good", "call"), E("questionable"), E("questionable")]) == \
        "1 good call, 2 questionable moves"


def test_a_tie_for_the_favourite_bid_is_said_as_a_tie():
    stats = GameStats("liars-dice", None, [], Row("total", "Total"), bids={2: 5, 4: 5, 6: 5, 3: 1})
    assert stats.favourite_bids == [2, 4, 6]
    assert GameStats("liars-dice", None, [], Row("total", "Total"), bids={5: 2, 3: 1}).favourite_bids == [5]


def test_the_last_lesson_step_offers_finish_alone(app):
    """Nothing is left to skip on a lesson's last step: "Finish" stands alone."""
    from game.core.tutorial import Tutorial, drive
    from game import games
    from game.scenes.learn import make_tutorial_table
    script = games.tutorial_script("liars-dice")
    lesson = Tutorial.start(script)
    drive(lesson, lambda t: t.step_index == len(t.steps) - 1 and t.pending() is not None)
    table = make_tutorial_table(app, lesson)
    app.start(table)
    app.run_frames(600, until=lambda a: table.tutorial.visible_step() is not None)
    assert table.tutorial.visible_step() is not None
    app.draw(0.0)
    assert "next" in table.tutorial._buttons and "skip" not in table.tutorial._buttons


def test_diced_out_says_the_lowest_total_wins():
    from game.core.match import Match
    from game.games.diced_out import prompts
    match = Match("diced-out", [Seat("You", "human"), Seat("Mags", "ai", "easy")], None, 3)
    for _ in range(50):
        if "Round" in prompts.status(match.state, Voice(match.seats), False):
            break
        if not match.step():
            break
    assert "lowest total wins" in prompts.status(match.state, Voice(match.seats), False).replace("\xa0", " ")


def test_the_log_shows_the_hands_a_challenge_revealed():
    """A Perudo log shows each round's revealed hands and what counted."""
    from game import games
    from game.core.match import Match
    from game.core.protocol import CHANCE, RollResult
    from game.games.bidding.bids import Bid, Call
    seats = [Seat("Ann", "human"), Seat("Mags", "ai", "normal")]
    match = Match("liars-dice", seats, {"starting_dice": 2}, 1)
    match.apply(CHANCE, RollResult(((2, 3), (5, 6))))
    match.apply(0, Bid(3, 5))
    before = match.state
    match.apply(1, Call())
    lines = games.narrator("liars-dice").narrate(before, 1, Call(), match.state, Voice(match.seats))
    assert "Cups up: You showed 2 and 3 (no fives); Mags showed 5 and 6 (one five)." in lines, lines   # was "(0)", "(1)"


def _lesson_steps_seen(app, game_id):
    """Play ``game_id``'s lesson through its table; each note step with the
    state it showed over (a copy)."""
    from tests.test_tutorial import open_lesson, until_note, watch_through
    from game.core.tutorial import right_action
    import pygame
    from tests.helpers import key
    table = open_lesson(app, game_id, fresh=True)
    lesson = table.tutorial.tutorial
    seen = []
    for _ in range(200):
        if lesson.done:
            break
        step = until_note(app, table)
        if step.asks:
            assert table.submit(0, right_action(lesson))
        elif step.watches:
            watch_through(app, table, lesson)
        else:
            seen.append((step, table.match.state.clone()))
            app.feed(key(pygame.K_RETURN))
    assert lesson.done
    return seen


def test_the_diced_out_lesson_teaches_the_penalty_with_the_rules_numbers(app):
    """Rule 2: "AFTER EACH ROUND THE PLAYER WITH THE LOWEST POINT TOTAL FROM
    THAT ROUND WILL NOT ONLY START THE NEXT ROUND BUT MUST ALSO CHOOSE ONE
    PLAYER TO MARK-OFF ONE OF THEIR THREE REROLL OPTIONS BEFORE THE NEXT ROUND
    BEGINS! THAT PLAYER WILL ONLY HAVE TWO REROLLS DURING THAT ROUND!"  The
    first real game asks "who loses a reroll?": the lesson says so, and its
    round score is the one the rules counted on the scripted dice."""
    from game.games.diced_out.rules import MAX_REROLLS
    seen = {step.title: (step, state) for step, state in _lesson_steps_seen(app, "diced-out")}
    step, state = seen["Diced Out!"]
    assert f"did not mark: {state.round_scores[0][0]}." in step.text
    penalty = seen["Who loses a reroll?"][0].text
    assert "who loses a reroll?" in penalty and "lowest round score" in penalty
    assert f"only {MAX_REROLLS - 1} instead of {MAX_REROLLS}" in penalty
    assert "lowest total wins" in seen["You've got it!"][0].text


def test_the_roll_the_bones_lesson_teaches_elimination_and_the_rising_ante(app):
    """Rule text: "When a player runs out of dice, they are eliminated from the
    game. Each time a player is eliminated, increase the ante amount by 1."
    The lesson's antes are the rules' own at the table it shows."""
    seen = {step.title: (step, state) for step, state in _lesson_steps_seen(app, "roll-the-bones")}
    step, state = seen["Out, and the ante rises"]
    out = state.clone()
    out.eliminations += 1
    assert "out of the game" in step.text
    assert f"it is {state.ante_size()} dice a round, {out.ante_size()} once someone is out" in step.text


def test_the_diced_out_bonus_step_counts_the_ways_to_roll_eleven():
    from game.games.diced_out import tutorial as do_lesson
    step = next(s for s in do_lesson.SCRIPT.steps if s.title == "A bonus number")
    assert "only 2 rolls in 36" in step.text and do_lesson.ways_to_roll(7) == 6
