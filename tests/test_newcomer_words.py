"""Sentences a newcomer meets in a first Roll the Bones and Diced Out game
at 4 seats, read in a real window (issue 39, "Every word true and
readable"), and fixed where they were ambiguous."""
from __future__ import annotations

import pytest

from game.core.grammar import Voice
from game.core.match import Seat
from game.games.roll_the_bones.narrate import won_roll_lines

SEATS = [Seat("You"), Seat("Mags", "ai", "normal"), Seat("Old Tom", "ai", "normal"), Seat("Bertha", "ai", "normal")]


@pytest.mark.parametrize("winner, face, said", [
    (1, 6, "Mags wins the roll with a 6 and takes 8 dice"),
    (0, 8, "You win the roll with an 8 and take 8 dice"),
    (2, 11, "Old Tom wins the roll with an 11 and takes 8 dice"),
    (3, 12, "Bertha wins the roll with a 12 and takes 8 dice"),
])
def test_a_won_roll_tells_the_face_rolled_apart_from_the_dice_taken(winner, face, said):
    """"You win the roll with 6 and take 8 dice": two bare numbers side by
    side read as 6 dice and 8 dice; the face rolled is "a 6", "an 8"."""
    result = {"kind": "win", "winner": winner, "faces": {str(p): 1 for p in range(4)} | {str(winner): face},
              "dice": {str(p): 1 for p in range(4)}, "haul": {str(winner): list(range(8))}, "carried": [],
              "pots": [[0, winner, 4]]}
    assert won_roll_lines(result, Voice(SEATS)) == [said]


@pytest.mark.parametrize("players, said", [
    (4, {0: "Ante 1 six-sider", 1: "Ante 1 bone"}),
    (3, {0: "Ante 2 six-siders", 1: "Ante 1 six-sider and 1 bone"}),
    (2, {0: "Ante 2 six-siders", 1: "Ante 1 six-sider and 1 bone"}),
])
def test_the_coach_names_an_ante_as_its_button_did(players, said):
    """Rules: "each player must ante any 1 die ... In a 2-3 player game,
    players ante 2 dice instead."  The table's buttons read "Ante 1
    six-sider" and "Ante 1 bone" (at 2-3 players "2 six-siders" and
    "1 + 1 bone"); the coach called the first "Ante six-siders only" and the
    second of a 2-die ante "Ante 1 bone", as if the bone went alone."""
    from game.core.match import Match
    from game.games.roll_the_bones import prompts
    from game.games.roll_the_bones.coach import BonesCoach
    match = Match("roll-the-bones", SEATS[:players], None, 4)
    state = match.state
    legal = state.legal_actions(0)
    coach = BonesCoach(match.game, 0, [s.name for s in SEATS[:players]])
    for action in legal:
        advice = coach.advise(state.view(0), legal, action)
        assert {c.key.bones: c.text for c in advice.options} == said
        assert advice.move == "You anted " + said[action.bones][len("Ante "):]
        button = prompts.ante_choice(state.amounts[0], action.bones, short=True)
        assert button == said[action.bones] or button == said[action.bones].replace(" six-sider and", " +")[len("Ante "):]


def test_diced_out_says_why_the_same_player_rolls_again():
    """Rules 5: "IF ON A TURN YOU ROLL A DICE TOTAL THAT YOU'VE PREVIOUSLY
    MARKED OFF ... YOU MAY USE ONE OF YOUR THREE "REROLLS"".  After a repeat
    the tray showed "5 rolled", a reroll box ticked and "You: click or press
    Space to roll", the status still "You roll (2 rerolls left)": nothing
    said the 5 was marked already.  The status now says so, for you and for
    an AI."""
    from game.core.match import Match
    from game.games.diced_out import prompts
    from game.games.diced_out.rules import ROLL
    match = Match("diced-out", SEATS, None, 5)
    words = Voice(match.seats)
    seen = set()
    for _ in range(3000):
        state = match.state
        last = state.last
        if state.phase == ROLL and last.get("event") == "repeat" and last.get("player") == state.current:
            p, left = state.current, state.rerolls[state.current]
            rerolls = f"({left} reroll{'s' if left != 1 else ''} left)"
            expected = (f"You rolled {last['total']}, already marked: roll again  {rerolls}" if p == 0 else
                        f"{SEATS[p].name} rolled {last['total']}, already marked: rolls again  {rerolls}")
            assert prompts.status(state, words, p == 0).replace("\xa0", " ") == expected
            seen.add(p == 0)
        if seen == {True, False} or not match.step():
            if seen == {True, False} or match.is_over:
                break
            match.apply(0, state.legal_actions(0)[0])   # you (a human seat): the first legal move
    assert seen == {True, False}, seen


def _asked_to_announce(app, seats):
    """Play ``seats``' Roll the Bones to its first announcement asked of a
    human (each ante the first one offered); the frame's record then."""
    import pygame

    from game.core.match import Match
    from game.ui import layout_record
    from tests.helpers import key, past_the_opening, start_table
    table = start_table(app, Match("roll-the-bones", seats, None, 3))
    past_the_opening(app)
    for _ in range(40):
        app.run_frames(600, until=lambda a: table.human_to_act() is not None and not table.is_busy())
        player = table.human_to_act()
        if player is not None and table.state.phase == "declare":
            break
        if player is not None:
            assert table.submit(player, table.state.legal_actions(player)[0])
        else:
            app.feed(key(pygame.K_RETURN))
    app.run_frames(30)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    return record


def test_the_bone_question_says_which_die_the_bone_is(app):
    """Rules: "Give each player 10 dice and one 12-sided “bone” die."  The
    question over "Bone!" and "No bone" read "Roll the bone?", which told a
    newcomer nothing of which die that is."""
    record = _asked_to_announce(app, SEATS)
    assert [b.text for b in record.of("text") if "bone?" in b.text] == ["Roll your 12-sided bone?"]


def test_a_long_name_calls_for_the_bone_clear_of_the_pile(app):
    """Two humans at one screen, the caller's name 16 Ws: "W…W, roll your
    12-sided bone?" (584 px) ran into the pile's "9 six-siders · 1 bone";
    the question takes its short form there, clear of every word."""
    from game.core.match import MAX_NAME
    seats = [Seat("W" * MAX_NAME), Seat("Bertha"), Seat("Mags", "ai", "normal")]
    record = _asked_to_announce(app, seats)
    asked = [b for b in record.of("text") if "bone?" in b.text]
    assert [b.text for b in asked] == ["W" * MAX_NAME + ", roll the bone?"]
    assert not [b.text for b in record.of("text") if b is not asked[0] and b.text.strip()
                and b.rect.colliderect(asked[0].rect)]
