"""DESIGN, hidden information on one screen: "With two or more humans at the
table, a curtain asks the next human to take the seat before their dice
appear, and hides them again before passing on."  Checked on the real
hidden-dice games with two humans and an AI."""
import pygame
import pytest

from game.core.match import Match, Seat


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_curtain_guards_each_humans_dice(app, game_id):
    from game.scenes.launch import make_table
    match = Match(game_id, [Seat("Ann"), Seat("Bob"), Seat("Cat", "ai", "normal")], seed=12)
    table = make_table(app, match)
    app.start(table)
    decisions, curtains = 0, 0
    for _ in range(4000):
        app.run_frames(1)
        if app.top is not table:
            if app.top.name == "curtain":
                curtains += 1
                assert table.viewer is None, "a human's dice are visible behind the curtain"
                app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
            continue
        if match.is_over or decisions >= 8:
            break
        human = table.human_to_act()
        if human is None or table.is_busy() or table.throw_view is not None:
            continue
        turn = match.state.turn_player()
        if human != turn:
            continue
        # only the human at the screen may see hidden dice, and only their own
        assert table.viewer == human
        assert table.can_see(human) and not table.can_see(1 - human) and not table.can_see(2)
        assert table.submit(human, match.state.legal_actions(human)[0])
        decisions += 1
    assert decisions >= 4 and curtains >= 2
