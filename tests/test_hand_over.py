"""Two people at one screen with no curtain between turns: one person's
double-click or mashing hand never moves for the next person (game/ui/hand_over.py).

qa29, in a real window (Xvfb, xdotool, `/work/notes/shots_qa29/13_do_mash_*.png`):
Player 1 clicked twelve times at "Player 1: click or press Space to roll"; the
first click threw their dice, and a later one, once "Player 2: click or press
Space to roll" was up, threw Player 2's (it landed on 12 and Player 2's free
mark waited). A held Space did the same through its repeats. The prompt for the
next person at the screen now takes only a press that began once it had been
up half a second (``IntentGate``, as the curtain's button), never a key's
repeat; a hand still mashing waits again. One human with AIs throws as before.

Roll the Bones with three people: "Ante 2 six-siders" double-clicked by Ann
anted for Ann and Ben (`/tmp/qa29/dbl_rtb.py`; "Bone!" the same).  Roll For It!
with reduced motion: "Roll for it!" double-clicked rolled, and the second click
pressed the "Keep the rest" that took its place.
"""
from __future__ import annotations

import pygame
import pytest

from game.core.match import Match, Seat
from game.scenes.launch import make_table
from game.ui.intent import MIN_SECONDS
from tests.realinput import Hands


def two_people_at_the_prompt(app, seed=4):
    match = Match("diced-out", [Seat("Ann"), Seat("Ben")], seed=seed)
    table = make_table(app, match)
    app.start(table)
    hands = Hands(app)
    assert hands.until(lambda a: table.waiting_thrower is not None, 20.0), "the first human's throw waits"
    hands.wait(1.0)   # the first player reads their prompt
    return match, table, hands


def thrown_by(match, seat) -> int:
    """How many of ``seat``'s own rolls are in the record (its turns' throws)."""
    from game.core.protocol import CHANCE
    count, state = 0, match.game.new_initial_state()
    for player, action in match.history:
        if player == CHANCE and state.phase == "roll" and state.current == seat:
            count += 1
        state = state.apply(player, action)
    return count


def test_a_hand_mashing_its_own_throw_never_throws_the_next_players(app):
    match, table, hands = two_people_at_the_prompt(app)
    first = table.waiting_thrower
    other = 1 - first
    prompt = hands.find("Throw").rect.center
    before = thrown_by(match, other)
    end = hands.now + 3.0
    while hands.now < end:              # one player clicks on and on, every 0.15 s
        hands.click(prompt)
        hands.wait(0.15)
        if table.waiting_thrower not in (None, first, other):
            break
    assert thrown_by(match, first) >= 1, "the first click threw the first player's dice"
    if match.state.phase == "roll" and match.state.current == first:
        return   # a repeat: the first player's own reroll waits (their dice, their hand)
    assert thrown_by(match, other) == before, "a click meant for Ann's throw threw Ben's dice"
    assert table.waiting_thrower == other, "Ben's dice wait for Ben"
    hands.wait(MIN_SECONDS + 0.1)      # Ben takes the screen, sees his prompt, clicks
    hands.click(hands.find("Throw"))
    assert hands.until(lambda a: thrown_by(match, other) > before, 10.0), "Ben's own click throws his dice"


def test_a_held_space_throws_one_players_dice_not_the_next(app):
    match, table, hands = two_people_at_the_prompt(app, seed=6)
    first = table.waiting_thrower
    other = 1 - first
    before = thrown_by(match, other)
    hands.key_down(pygame.K_SPACE)
    hands.wait(3.0, repeat_held=True)   # held, repeating once a frame
    hands.key_up(pygame.K_SPACE)
    hands.frames(2)
    assert thrown_by(match, first) >= 1
    if match.state.phase == "roll" and match.state.current == first:
        return
    assert thrown_by(match, other) == before, "Ann's held Space threw Ben's dice"
    hands.wait(MIN_SECONDS + 0.1)
    hands.press(pygame.K_SPACE)
    assert hands.until(lambda a: thrown_by(match, other) > before, 10.0), "Ben's own Space throws his dice"


def test_one_player_with_ais_throws_at_once_as_before(app):
    match = Match("diced-out", [Seat("You"), Seat("Mags", "ai", "easy")], seed=4)
    table = make_table(app, match)
    app.start(table)
    hands = Hands(app)
    assert hands.until(lambda a: table.waiting_thrower == 0, 60.0)
    hands.click(hands.find("Throw"))   # the first frame it is up: no wait for a lone player
    assert hands.until(lambda a: thrown_by(match, 0) == 1, 10.0)


def start(app, game_id, names, seed):
    match = Match(game_id, [Seat(n) for n in names], seed=seed)
    table = make_table(app, match)
    app.start(table)
    return match, table, Hands(app)


def test_a_double_click_on_ante_antes_for_one_person_only(app):
    match, table, hands = start(app, "roll-the-bones", ["Ann", "Ben", "Cy"], 3)
    assert hands.until(lambda a: hands.has("Ante 2 six-siders"), 20.0)
    hands.wait(1.0)
    hands.double_click("Ante 2 six-siders")   # Ann, in a hurry
    hands.frames(3)
    assert [p for p, _ in match.history] == [0], f"one ante, Ann's: {match.history}"
    hands.wait(MIN_SECONDS + 0.1)              # Ben takes the mouse
    hands.click("Ante 2 six-siders")
    assert [p for p, _ in match.history] == [0, 1], "Ben's own click antes for him"


def test_a_double_click_on_bone_says_it_for_one_person_only(app):
    match, table, hands = start(app, "roll-the-bones", ["Ann", "Ben"], 3)
    for _ in range(2):
        assert hands.until(lambda a: hands.has("Ante 2 six-siders"), 20.0)
        hands.wait(MIN_SECONDS + 0.1)
        hands.click("Ante 2 six-siders")
    assert hands.until(lambda a: hands.has("Bone!"), 20.0)
    hands.wait(1.0)
    said = len(match.history)
    hands.double_click("Bone!")
    hands.frames(3)
    assert len(match.history) == said + 1, f"one person says it: {match.history[said:]}"


def test_a_double_clicked_roll_for_it_does_not_end_the_turn(app):
    """Reduced motion (the ``app`` fixture): the dice land at once, so the second
    click met "Keep the rest" where "Roll for it!" had been."""
    from game.games.roll_for_it.rules import KeepRest, Roll
    match, table, hands = start(app, "roll-for-it", ["Ann", "Ben"], 2)
    assert hands.until(lambda a: hands.has("Roll for it!"), 20.0)
    hands.wait(1.0)
    rolls = len(match.history)
    hands.double_click("Roll for it!")
    hands.frames(3)
    moves = [type(a) for _, a in match.history[rolls:] if type(a).__name__ != "RollResult"]
    assert moves == [Roll], f"the second click pressed what took the button's place: {moves}"
    assert KeepRest not in moves and hands.has("Keep the rest"), "Ann places her dice or keeps them herself"


def test_presses_with_only_an_ais_move_between_them_both_count(app):
    """A player mashing Roll Call's "Call!" while the AIs bid means every
    press: a second press at the same spot right after an AI's move is not a
    double-click's leftover; right after the player's own move it is."""
    match = Match("roll-call", [Seat("Mags", "ai", "hard"), Seat("Tom", "ai", "hard"), Seat("Ann")], seed=3)
    table = make_table(app, match)
    while match.state.is_chance():
        match.step()
    assert match.state.turn_player() == 0, "an AI opens"

    clock = app.input

    def second():
        """One click at "Call!"'s spot, as the app hands it to ``second_press``."""
        press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(1180, 640))
        dropped = clock.second_press(press, table, table.press_moment())
        released = clock.second_press(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(1180, 640)), table)
        assert released == dropped, "a dropped press's release goes with it, a counted one's stays"
        return dropped
    assert not second()
    assert match.step(), "Mags bids"
    assert not second(), "a press after only an AI's bid was dropped"
    clock.advance(1.0)
    assert not second()
    match.history.append((2, match.history[-1][1]))   # as if Ann's own press had moved the game
    assert second(), "a person's double-click leftover passed"


def diced_out_for_two(app, *, options=None, then=()):
    """Ann and Ben at Diced Out's table, ``then`` (moves) applied first."""
    match = Match("diced-out", [Seat("Ann"), Seat("Ben")], options=options, seed=4)
    for player, action in then:
        match.apply(player, action)
    table = make_table(app, match)
    app.start(table)
    return match, table, Hands(app)


def test_a_click_on_the_sheet_as_the_next_persons_bonus_mark_shows_is_not_theirs(app):
    """qa29 left: "In Diced Out a click by Player 1 on the score sheet during
    Player 2's bonus free mark still counts".  RULES.md: "When you roll a bonus
    number, mark it and then you may mark one more number of your choice ...
    Click the number on your sheet".  At a shared screen the bonus mark is a
    moment of its own: Ben's sheet takes a click only once the mark has been
    offered MIN_SECONDS, so Ann's click landing on it as it shows is not Ben's."""
    from game.games.diced_out.rules import FREE_MARK, FreeMark
    every = {"bonus_numbers": list(range(2, 13))}    # every total a bonus: Ben's throw earns a free mark
    match, table, hands = diced_out_for_two(app, options=every)
    assert hands.until(lambda a: table.waiting_thrower is not None, 20.0), "the opening roll-off is over"
    first = table.waiting_thrower
    other = 1 - first
    hands.wait(1.0)
    hands.click("Throw")
    assert hands.until(lambda a: hands.has("Skip free mark"), 20.0), "the first thrower's own free mark"
    hands.wait(MIN_SECONDS + 0.1)
    hands.click("Skip free mark")
    assert hands.until(lambda a: table.waiting_thrower == other, 20.0), "the other's throw waits"
    hands.wait(MIN_SECONDS + 0.1)
    hands.click("Throw")                          # Ben's throw: a bonus number
    assert hands.until(lambda a: hands.has("Skip free mark"), 20.0), "Ben's free mark is offered on his sheet"
    assert match.state.phase == FREE_MARK and match.state.current == other
    marks = [c.label for c in hands.controls() if c.label.startswith("Mark ")]
    hands.click(marks[-1])                        # Ann's hand, clicking on at the sheets
    assert not any(isinstance(a, FreeMark) for _, a in match.history), "Ann's click marked Ben's sheet"
    hands.wait(MIN_SECONDS + 0.1)                 # Ben reads "Bonus! Ben may mark ...", takes the mouse
    hands.click(marks[0])
    assert match.history[-1] == (other, FreeMark(int(marks[0][5:]))), "Ben's own click marks his sheet"


def test_a_hand_tapping_through_the_round_stamps_never_chooses_for_the_next_person(app):
    """qa29 left: "the half-second wait starts when the turn changes, so where
    the new person's buttons appear only after an animation a click can pass
    once they show".  Ann's last throw dices her out; Ben, lowest, chooses who
    loses a reroll (RULES.md: "The player with the lowest score this round
    starts the next round and picks another player") on a panel that shows
    only after the "DICED OUT!" and "Round over" stamps, seconds after his turn
    began.  Ann taps on where its button comes, to hurry the stamps along, and
    once more as it shows: that tap is not Ben's choice; Ben's own click,
    MIN_SECONDS after it shows, is."""
    from game.core.protocol import CHANCE, RollResult
    from game.games.diced_out import tray as look
    from game.games.diced_out.rules import PENALTY, FreeMark, Penalise, SkipFreeMark
    then = [(CHANCE, RollResult(((6, 6), (1, 1))))]   # Ann starts
    ann = [[t] for t in range(3, 12)] + [[3, 3, 3, 12]]   # her three rerolls gone, only 2 open
    ben = [[t] for t in range(3, 13)]                    # 12 last: his free mark fills the sheet
    for turn_a, turn_b in zip(ann, ben):
        for seat, totals, choice in ((0, turn_a, SkipFreeMark()), (1, turn_b, FreeMark(2))):
            for total in totals:
                then.append((CHANCE, RollResult(((max(1, total - 6), total - max(1, total - 6)),))))
                if total == 12:
                    then.append((seat, choice))
    match, table, hands = diced_out_for_two(app, then=then)   # Ann's last throw: a repeat, Diced Out
    assert hands.until(lambda a: table.waiting_thrower == 0, 20.0), "Ann's last throw of the round waits"
    hands.wait(1.0)
    spot = look.penalty_button_rects(look.penalty_panel(table.tray, 1), 1)[0].center
    hands.click(spot)                             # a click anywhere throws Ann's dice
    tap_at = hands.now + 0.7
    while not hands.has("Ann"):                  # she taps on, slowly, through the stamps
        hands.frames(1)
        if hands.now >= tap_at:
            hands.click(spot)
            tap_at = hands.now + 0.7
        assert hands.now < 60.0, "the penalty panel showed"
    assert match.state.phase == PENALTY and match.state.chooser == 1, "Ben scored lowest and chooses"
    assert hands.find("Ann").rect.collidepoint(spot), "Ann taps where the button shows"
    hands.click(spot)                             # and once more as it shows
    assert not any(isinstance(a, Penalise) for _, a in match.history), "Ann's tap chose for Ben"
    hands.wait(MIN_SECONDS + 0.1)                 # Ben takes the mouse
    hands.click("Ann")
    assert match.history[-1] == (1, Penalise(0)), "Ben's own click chooses"


def test_a_key_refused_at_the_hand_over_is_let_go_with_its_release(app):
    """A refused press is dropped with its release (``InputClock.drop``); the
    key is up all the same: Ben's Space pressed too soon, then again once his
    prompt has been up MIN_SECONDS, throws (the swallowed release once left
    Space "held", and every later Space was a key-repeat, never a press)."""
    match, table, hands = two_people_at_the_prompt(app)
    first = table.waiting_thrower
    other = 1 - first
    hands.click("Throw")
    assert hands.until(lambda a: table.waiting_thrower == other, 20.0), "the other's throw waits"
    before = thrown_by(match, other)
    hands.press(pygame.K_SPACE)                   # too soon: refused
    assert thrown_by(match, other) == before and table.waiting_thrower == other
    hands.wait(MIN_SECONDS + 0.1)
    hands.press(pygame.K_SPACE)
    assert hands.until(lambda a: thrown_by(match, other) > before, 10.0), "Ben's own Space throws his dice"


# --- an impatient person, and a double-click, at every hand-over ----------------------
# The closing note of session 30: a refused press restarted the full half-second
# wait (``IntentGate``), so a person pressing again every 0.35 s because "it did
# not work" was never let through until they paused.  A refused press now
# restarts ``RETRY_SECONDS``: longer than a double-click's gap, shorter than an
# impatient person's.

def _quick_click(hands, label):
    """A click released in the next frame: the next control shows a frame later."""
    hands.down(hands.target(label))
    hands.frames(1)
    hands.up()


def _diced_out_throw(app):
    """Ann throws; Ben's prompt comes up: (what to press, has the press passed)."""
    match, table, hands = two_people_at_the_prompt(app)
    other = 1 - table.waiting_thrower
    _quick_click(hands, "Throw")
    assert hands.until(lambda a: table.waiting_thrower == other and hands.has("Throw", enabled=None), 20.0)
    before = thrown_by(match, other)
    return hands, hands.find("Throw", enabled=None).rect.center, lambda: thrown_by(match, other) > before


def _roll_the_bones_ante(app):
    """Ann antes; Ben's ante buttons come up at the same place."""
    match, table, hands = start(app, "roll-the-bones", ["Ann", "Ben", "Cy"], 3)
    assert hands.until(lambda a: hands.has("Ante 2 six-siders"), 20.0)
    hands.wait(1.0)
    _quick_click(hands, "Ante 2 six-siders")
    assert hands.until(lambda a: [p for p, _ in match.history] == [0] and hands.has("Ante 2 six-siders", enabled=None), 5.0)
    return hands, hands.find("Ante 2 six-siders", enabled=None).rect.center, lambda: len(match.history) > 1


def _liars_dice_curtain(app):
    """Two people at Liar's Dice: the curtain's "I am ..." comes up."""
    match, table, hands = start(app, "liars-dice", ["Ann", "Ben"], 5)
    assert hands.until(lambda a: a.top is not table and a.top.name == "curtain", 20.0)
    return hands, hands.find("I am", enabled=None).rect.center, lambda: app.top is table


HAND_OVERS = {"diced-out-throw": _diced_out_throw, "roll-the-bones-ante": _roll_the_bones_ante,
              "liars-dice-curtain": _liars_dice_curtain}


@pytest.mark.parametrize("hand_over", sorted(HAND_OVERS))
def test_a_person_pressing_again_every_third_of_a_second_gets_through(app, hand_over):
    """Ben clicks his control the moment it shows and again every 0.35 s:
    the first clicks are too soon (it has not been up MIN_SECONDS), and the
    first click once it has been up that long passes.  On main every
    refused click restarted the half second, and none ever passed."""
    hands, spot, passed = HAND_OVERS[hand_over](app)
    presses = 0
    while not passed() and presses < 8:
        hands.click(spot, hold=0.05)
        presses += 1
        hands.wait(0.35 - 0.05 - 2 / 60)   # a click takes 0.05 s held and a frame either side
    assert passed(), f"eight clicks 0.35 s apart never passed the {hand_over}"
    assert presses <= 3, f"{presses} clicks to pass the {hand_over}"


@pytest.mark.parametrize("first, gap", [(0.28, 0.2), (0.36, 0.15), (0.44, 0.1)])
@pytest.mark.parametrize("hand_over", sorted(HAND_OVERS))
def test_a_double_click_straddling_the_opening_never_passes(app, hand_over, first, gap):
    """The last person double-clicks as the next person's control is about to
    open: the first click too soon, the second after the opening.  The
    refused first click restarts a wait longer than the gap, so neither
    passes; the next person's own click a moment later does."""
    hands, spot, passed = HAND_OVERS[hand_over](app)
    hands.wait(first)
    hands.double_click(spot, gap=gap)
    hands.frames(2)
    assert not passed(), f"a double-click {gap} s apart passed the {hand_over}"
    hands.wait(MIN_SECONDS + 0.1)
    hands.click(spot)
    assert hands.until(lambda a: passed(), 5.0), "the next person's own click passes"
