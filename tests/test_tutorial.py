"""Guided first games (issue #18): each lesson is driven to its end through the real table
scene; a wrong move gets the hint and is not applied; a lesson left half-way resumes; the
progress file survives damage; the first-time offer in setup is remembered; a lesson never
touches the real autosave, the replays or the stats."""
from __future__ import annotations

import json

import pygame
import pytest

from game import games
from game.core import saves, tutorial as tut
from game.core.protocol import CHANCE
from game.core.tutorial import Tutorial, drive, right_action
from tests.helpers import key, past_the_opening
from tests.realinput import Hands

WITH_LESSON = [g for g in games.GAME_IDS if games.tutorial_script(g) is not None]


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def open_lesson(app, game_id, fresh=False):
    from game.scenes.learn import LearnScene, start_tutorial
    app.start(LearnScene(app))
    assert start_tutorial(app, game_id, fresh=fresh)
    past_the_opening(app)
    table = app.top
    assert table.tutorial is not None and tut.is_tutorial(table.match)
    return table


def until_note(app, table, frames=4000):
    """Run the table until the coach shows a note (or the lesson is over); a
    moment the table holds without a note (a pot split) is continued with Enter."""
    for _ in range(20):
        app.run_frames(frames, until=lambda a: table.tutorial.visible_step() is not None or table.held.moment
                       or table.tutorial.tutorial.done or a.top is not table)
        if table.tutorial.visible_step() is None and table.held.moment is not None:
            app.feed(key(pygame.K_RETURN))
            continue
        break
    return table.tutorial.visible_step()


def watch_through(app, table, lesson):
    """Run a step that only watches until the lesson moves on, throwing with
    Space if the table waits on the learner's throw."""
    index = lesson.step_index
    app.run_frames(4000, until=lambda a: table.waiting_thrower is not None or lesson.step_index != index)
    if table.waiting_thrower is not None:
        app.feed(key(pygame.K_SPACE))


def play_through_scene(app, table):
    """Follow the coach: Enter on a note, the asked move through the table's submit,
    and on a watching step Space whenever the table waits for the learner's throw."""
    lesson = table.tutorial.tutorial
    seen = []
    for _ in range(500):
        if lesson.done:
            break
        step = until_note(app, table)
        assert step is not None, f"stuck before step {lesson.step_index}: {lesson.current.title}"
        if not seen or seen[-1] != lesson.step_index:
            seen.append(lesson.step_index)
        if step.asks:
            action = right_action(lesson)
            assert action is not None, step.title
            assert table.submit(lesson.learner, action), step.title
        elif step.watches:
            index = lesson.step_index
            app.run_frames(4000, until=lambda a: table.waiting_thrower is not None
                           or (lesson.pending(), lesson.step_index)[1] != index)
            if table.waiting_thrower is not None:
                app.feed(key(pygame.K_SPACE))
        else:   # a note: its Next (or Finish) clicked with the mouse where it is drawn (issue 38)
            at = lesson.step_index
            hands = Hands(app)
            hands.click("Finish" if at == len(lesson.steps) - 1 else "Next")
            assert lesson.step_index == at + 1 and (lesson.done or app.top is table), "the card's button left the lesson"
    assert lesson.done
    return seen


@pytest.mark.parametrize("game_id", WITH_LESSON)
def test_lesson_plays_to_its_end_through_the_table(app, game_id):
    """Every step shows in order, the scripted game fits the steps, Finish opens the game's setup,
    and nothing lands in the real autosave or the replays."""
    table = open_lesson(app, game_id)
    lesson = table.tutorial.tutorial
    seen = play_through_scene(app, table)
    assert seen == list(range(len(lesson.steps)))
    assert lesson.finished
    assert any(p == lesson.learner for p, _a in lesson.match.history)
    app.apply_transitions()
    assert app.top.name == "setup" and app.top.game_id == game_id
    assert not saves.has_autosave() and saves.list_replays() == []
    assert tut.saved_entry(game_id)["done"] is True


def test_liars_dice_lesson_ends_with_the_learners_jinto_win(app):
    table = open_lesson(app, "liars-dice")
    play_through_scene(app, table)
    state = table.match.state
    assert state.is_terminal() and state.winners() == (0,)
    kinds = [type(a).__name__ for p, a in table.match.history if p == 0]
    assert kinds == ["Bid", "Bid", "Bid", "Bid", "Bid", "Call", "Bid", "Jinto"]
    assert table.match.state.last_challenge.kind == "jinto"
    from game.core import stats, userfiles
    assert stats.skip_reason(table.match) == "a tutorial game"   # a finished lesson is no lifetime game
    if table.game_end.recording is not None:
        assert table.game_end.recording.wait() is None   # the recorder refused it
    assert not stats.has_any(userfiles.load_stats()[0])


def test_roll_call_lesson_has_an_emblem_and_out_of_turn_calls(app):
    """Rules text: "Anyone who is not the bidder and not the player to act may call the bid out of
    turn ... Wrong (the bid stands): the out-of-turn caller loses two dice." The lesson's learner calls
    out of turn and is right; Tom calls out of turn wrongly and loses two dice."""
    from game.games.roll_call.rules import CallOutOfTurn
    table = open_lesson(app, "roll-call")
    play_through_scene(app, table)
    history = table.match.history
    assert (0, CallOutOfTurn()) in history and (2, CallOutOfTurn()) in history
    assert table.match.state.is_terminal() and table.match.state.winners() == (0,)
    first_roll = next(a for p, a in history if p == CHANCE)
    assert 1 in first_roll.faces[0]    # the learner holds an Emblem from the start


def test_roll_the_bones_lesson_has_ante_bone_tie_and_side_pot(app):
    """Rules text: "If the highest roll is shared, every rolled die goes into the centre pot" and "the
    second-highest roll among the side pot's players takes the side pot"."""
    from game.games.roll_the_bones.rules import Ante, Declare
    table = open_lesson(app, "roll-the-bones")
    seen_side_pot = []
    lesson = table.tutorial.tutorial
    while not lesson.done:
        step = until_note(app, table)
        if step.anchor == "side_pot":
            seen_side_pot.append(len(table.match.state.pots) > 1 and bool(table.match.state.pots[1]))
        if step.asks:
            assert table.submit(0, right_action(lesson))
        else:
            app.feed(key(pygame.K_RETURN))
    mine = [a for p, a in table.match.history if p == 0]
    assert Ante(0) in mine and Declare(True) in mine
    ties = [a for p, a in table.match.history if p == CHANCE and len(a.faces) == 2]
    assert len(ties) == 2 and seen_side_pot == [True]
    assert table.match.state.last_result["haul"]["0"]   # the learner took the side pot


def test_scripted_faces_are_the_faces_thrown(app):
    """The physical throw lands on the script's faces (forced like a replay)."""
    table = open_lesson(app, "liars-dice")
    script = table.tutorial.tutorial.script
    play_through_scene(app, table)
    rolls = [a.faces for p, a in table.match.history if p == CHANCE]
    assert rolls == [tuple(tuple(g) for g in r) for r in script.rolls]


def test_wrong_move_gets_the_hint_and_is_not_applied(app):
    table = open_lesson(app, "liars-dice")
    lesson = table.tutorial.tutorial
    step = until_note(app, table)
    while not step.asks:
        app.feed(key(pygame.K_RETURN))
        step = until_note(app, table)
    index, moves = lesson.step_index, len(table.match.history)
    table.picker.quantity, table.picker.face = 3, 5          # a legal bid, but not the one asked for
    app.feed(key(pygame.K_RETURN))                           # the picker bids it
    assert len(table.match.history) == moves and lesson.step_index == index
    assert lesson.hint == step.hint and "two fours" in lesson.hint
    table.draw(app.canvas, 0.0)                              # the card shows the hint
    app.run_frames(30)
    assert len(table.match.history) == moves and lesson.step_index == index
    table.picker.quantity, table.picker.face = 2, 4
    app.feed(key(pygame.K_RETURN))
    assert table.match.history[-1] == (0, right_action_for(step))
    assert lesson.step_index == index + 1 and lesson.hint == ""


def right_action_for(step):
    from game.games.bidding.bids import Bid
    return next(a for a in (Bid(q, f) for q in range(1, 7) for f in range(1, 7)) if step.expect(a))


def test_a_note_holds_the_table_and_blocks_moves(app):
    """While a "Next" note shows, nothing moves and the table takes no input."""
    table = open_lesson(app, "liars-dice")
    step = until_note(app, table)
    assert not step.asks
    moves = len(table.match.history)
    app.run_frames(300)
    assert len(table.match.history) == moves and table.throw_view is None
    assert table.tutorial.handle_event(click((640, 300)))   # swallowed by the note
    assert table.tutorial.tutorial.check(0, object()) == "Read this, then press Next."


def test_left_midway_resumes_at_the_same_step(app):
    table = open_lesson(app, "liars-dice")
    lesson = table.tutorial.tutorial
    while lesson.step_index < 9:
        step = until_note(app, table)
        if step.asks:
            table.submit(0, right_action(lesson))
        else:
            app.feed(key(pygame.K_RETURN))
    until_note(app, table)
    at, history = lesson.step_index, list(table.match.history)
    table.draw(app.canvas, 0.0)
    app.feed(click(table.tutorial._buttons["skip"].center))   # Skip tutorial: back to the title
    app.apply_transitions()
    assert app.top.name == "title"
    entry = tut.saved_entry("liars-dice")
    assert entry["step"] == at and not entry["done"]
    again = open_lesson(app, "liars-dice")
    assert again.tutorial.tutorial.step_index == at
    assert again.match.history == history
    play_through_scene(app, again)
    assert again.match.state.winners() == (0,)


def test_start_over_and_a_finished_lesson_start_fresh(app):
    table = open_lesson(app, "liars-dice")
    drive(table.tutorial.tutorial, lambda t: t.step_index >= 5)
    table.tutorial.save()
    assert open_lesson(app, "liars-dice", fresh=True).tutorial.tutorial.step_index == 0
    tut.save_progress("liars-dice", {"step": 16, "done": True})
    assert open_lesson(app, "liars-dice").tutorial.tutorial.step_index == 0


@pytest.mark.parametrize("body", [b"{not json", b'{"format": "dice-tavern-tutorials", "version": 1, '
                                  b'"games": {"liars-dice": {"step": -4}}}', b"\xff\xfe", b"[]"])
def test_bad_progress_file_is_set_aside(app, body):
    path = tut.progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(body)
    progress, problem = tut.load_progress()
    assert progress == {} and "tutorials.json" in problem
    assert path.with_name("tutorials.json.bad").exists()
    assert open_lesson(app, "liars-dice").tutorial.tutorial.step_index == 0


def test_saved_lesson_that_no_longer_fits_starts_afresh(app):
    """A record from another script (other seed, foreign moves) never breaks the lesson."""
    script = games.tutorial_script("liars-dice")
    lesson = Tutorial.start(script)
    drive(lesson, lambda t: t.step_index >= 4)
    record = lesson.match.to_record()
    record["seed"] = script.seed + 1
    assert Tutorial.resume(script, {"step": 4, "record": record}).step_index == 0
    record = lesson.match.to_record()
    record["actions"][-1]["action"] = {"type": "Bid", "quantity": 99, "face": 4}
    assert Tutorial.resume(script, {"step": 4, "record": record}).match.history == []


def test_lesson_never_touches_the_real_autosave(app):
    from game.core.match import Match, Seat
    real = Match("liars-dice", [Seat("You"), Seat("Ann", "ai")], None, 5)
    real.play_out()
    app.autosave.save(real)
    app.autosave.flush()
    before = app.autosave.load().to_record()["actions"]
    table = open_lesson(app, "liars-dice")
    until_note(app, table)
    app.feed(key(pygame.K_RETURN))
    app.run_frames(200)
    app.autosave.save(table.match)      # even asked directly (pause menu, crash rescue): nothing is written
    app.autosave.flush()
    assert app.autosave.load().to_record()["actions"] == before


def test_first_choice_of_a_game_offers_the_lesson_once(app):
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    app.settings.tutorial_offered, app.offer_tutorials = (), True
    app.start(TitleScene(app))
    app.push(SetupScene(app, "liars-dice"))
    app.apply_transitions()
    app.apply_transitions()
    assert app.top.name == "tutorial-offer"
    app.feed(key(pygame.K_ESCAPE))                    # No thanks
    app.apply_transitions()
    assert app.top.name == "setup"
    assert "liars-dice" in app.settings.tutorial_offered
    saved = json.loads((tut.progress_path().parent / "settings.json").read_text())
    assert "liars-dice" in saved["tutorial_offered"]
    app.pop()
    app.push(SetupScene(app, "liars-dice"))
    app.apply_transitions()
    app.apply_transitions()
    assert app.top.name == "setup"                    # remembered: not offered again


def test_offer_accepted_opens_the_lesson(app):
    from game.scenes.learn import TutorialOfferScene
    from game.scenes.setup import SetupScene
    app.settings.tutorial_offered, app.offer_tutorials = (), True
    app.start(SetupScene(app, "liars-dice"))
    app.apply_transitions()
    offer = app.top
    assert isinstance(offer, TutorialOfferScene)
    offer.accept()
    app.apply_transitions()
    past_the_opening(app)   # a lesson opens behind the hand-over, as a new game does
    assert app.top.tutorial is not None


def test_learn_scene_lists_progress(app):
    from game.scenes.learn import LearnScene
    lesson = Tutorial.start(games.tutorial_script("liars-dice"))
    drive(lesson, lambda t: t.step_index >= 3)
    lesson.save()
    scene = LearnScene(app)
    app.start(scene)
    labels = [(w.text, getattr(w, "sub", "")) for w in scene.ui.widgets]
    assert ("Liar's Dice", f"Resume at step 4 of {len(lesson.steps)}") in labels
    assert any(text == "Start over" for text, _ in labels)
    scene.draw(app.canvas, 0.0)


def test_scripted_opponent_falls_back_to_the_real_ai(app):
    """Past the script, or on a move that does not fit, the seat's real AI decides: a lesson never stalls."""
    from game.games.bidding.bids import Bid
    script = games.tutorial_script("liars-dice")
    lesson = Tutorial.start(script)
    agent = lesson.match.agents[1]
    agent.moves = [Bid(99, 4)]
    drive(lesson, lambda t: t.match.state.turn_player() == 1)
    player, action = lesson.match.ai_turn_action()
    assert player == 1 and action in lesson.match.state.legal_actions(1)


def test_scripted_dice_fall_back_past_the_script():
    from game.core.protocol import DieGroup, RollRequest
    dice = tut.ScriptedDice([((3, 3),)])
    request = RollRequest((DieGroup(0, "d6", 2),))
    assert dice.resolve(request, 1).faces == ((3, 3),)
    wrong = RollRequest((DieGroup(0, "d6", 3),))
    faces = dice.resolve(wrong, 1).faces
    assert len(faces[0]) == 3 and all(1 <= f <= 6 for f in faces[0])


def test_every_script_asks_only_for_legal_moves_and_ends_with_a_note():
    for game_id in WITH_LESSON:
        script = games.tutorial_script(game_id)
        lesson = Tutorial.start(script)
        drive(lesson, lambda t: False)
        assert lesson.done and not script.steps[-1].asks
        assert all(s.text and len(s.text) < 400 for s in script.steps)
