"""Continue on the title screen resumes a real game exactly where it was
autosaved: same log, same state, same player to act."""
import pygame
import pytest

from game import games
from game.core import saves
from game.core.match import Match, Seat


@pytest.mark.parametrize("game_id", [g for g in games.GAME_IDS if games.is_built(g)])
def test_continue_resumes_each_game(app, game_id):
    from game.scenes.title import TitleScene
    seats = [Seat("You", "human"), Seat("Ada", "ai", "normal"), Seat("Bram", "ai", "hard")]
    match = Match(game_id, seats, seed=31)
    while len(match.history) < 8:  # a few moves in: chance, AI, and the human's first choices
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    assert not match.is_over
    saves.autosave(match)

    app.start(TitleScene(app))
    button = next(w for w in app.top.ui.widgets if getattr(w, "text", "") == "Continue")
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.run_frames(1)

    resumed = app.top.match
    from game.ui.table_scene import TableScene
    assert isinstance(app.top, TableScene)
    assert resumed.history == match.history
    assert resumed.state.summary() == match.state.summary()
    assert resumed.state.current_players() == match.state.current_players()
    app.run_frames(30)  # the table keeps running after the resume
