"""Leaving a finished game's last held moment (qa30: "Save and quit on the
final held reveal skips the results screen").  With "pause after reveals"
the game's last reveal (Liar's Dice, Roll Call) or pot split (Roll the
Bones) stays on screen until the player continues, and continuing it leads
to the results.  The game is over and already recorded there, so the pause
menu's "Save and quit to title" saved nothing: the title offered no
Continue and the player never saw who won.  A finished game's pause menu
now offers "Quit to the results" in its place, and it leads where
continuing the moment does (the title is one click on from there)."""
from __future__ import annotations

import random

import pygame
import pytest

from game.core.match import Match, Seat
from tests.helpers import past_the_opening, start_table
from tests.realinput import Hands


def _quick_end(state, seat, legal, rng):
    """A person in a hurry: calls where they may, else the lowest bid."""
    names = [type(a).__name__ for a in legal]
    for wanted in ("Call", "Challenge"):
        if wanted in names:
            return legal[names.index(wanted)]
    return legal[0] if "Bid" in names else rng.choice(legal)


GAMES = {
    "liars-dice": ({"starting_dice": 1}, 2),
    "roll-call": ({"starting_dice": 1}, 3),
    "roll-the-bones": (None, 1),
}


def _at_the_final_held_moment(app, game_id, seed):
    """A game of You and one AI played by hand to its last moment, held."""
    options, _ = GAMES[game_id]
    app.settings.pause_after_reveal = True
    match = Match(game_id, [Seat("You"), Seat("Mags", "ai", "easy")], options, seed=seed)
    table = start_table(app, match)
    past_the_opening(app)
    hands = Hands(app)
    rng = random.Random(seed)
    for _ in range(40000):
        if table.held.moment is not None:
            if match.is_over:
                return match, table, hands
            hands.press(pygame.K_RETURN)   # an earlier moment: read, continued
            continue
        if match.is_over:   # the last moment plays, then is held (or the game went on to an out card)
            held = hands.until(lambda a: table.held.moment is not None or a.top is not table
                               or table.game_end.out_moment is not None, 20.0)
            return (match, table, hands) if held and table.held.moment is not None and app.top is table else None
        if table.waiting_thrower is not None:
            hands.press(pygame.K_SPACE)
            continue
        seat = table.human_to_act()
        if seat is not None and not table.is_busy():
            table.submit(seat, _quick_end(match.state, seat, match.state.legal_actions(seat), rng))
        hands.frames(1)
    return None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_quitting_a_finished_games_last_held_moment_shows_its_results(app, game_id):
    for seed in range(1, 12):
        reached = _at_the_final_held_moment(app, game_id, seed)
        if reached:
            break
    else:
        pytest.fail(f"{game_id}: no game ended on a held moment")
    match, table, hands = reached
    hands.wait(0.6)
    hands.click("Menu")
    assert app.top.name == "pause"
    assert not hands.has("Save and quit to title"), "nothing is left to save"
    hands.wait(0.3)
    hands.click("Quit to the results")
    assert hands.until(lambda a: a.top is not None and a.top.name == "results", 10.0), \
        f"{game_id}: the results never showed ({getattr(app.top, 'name', None)})"
    assert app.top.match is match
    hands.wait(1.2)
    hands.click("Title")
    assert app.top.name == "title"
