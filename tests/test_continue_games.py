"""Continue on the title screen resumes a real game exactly where it was
autosaved: same log, same state, same player to act."""
import pygame
import pytest

from game import games
from game.core import saves
from game.core.match import Match, Seat
from tests.helpers import past_the_opening


@pytest.mark.parametrize("game_id", [g for g in games.GAME_IDS if games.is_built(g)])
def test_continue_resumes_each_game(app, game_id):
    from game.scenes.title import TitleScene
    seats = [Seat("You", "human"), Seat("Ada", "ai", "normal"), Seat("Bram", "ai", "hard")]
    match = Match(game_id, seats, seed=31)
    while len(match.history) < 8:  # a few moves in: chance, AI, and the human's first choices
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    assert not match.is_over
    app.autosave.save(match)

    app.start(TitleScene(app))
    button = next(w for w in app.top.ui.widgets if getattr(w, "text", "") == "Continue")
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    past_the_opening(app, 1)

    resumed = app.top.match
    from game.ui.table_scene import TableScene
    assert isinstance(app.top, TableScene)
    assert resumed.history == match.history
    assert resumed.state.summary() == match.state.summary()
    assert resumed.state.current_players() == match.state.current_players()
    app.run_frames(30)  # the table keeps running after the resume


def test_continue_says_which_game_it_resumes(app):
    """QA13: the title's Continue did not say which game it resumes.  It says
    the game and the round ("Liar's Dice, round 4"), read from the autosave."""
    from game.games.bidding.bids import Bid
    from game.scenes.title import TitleScene
    seats = [Seat("You", "human"), Seat("Ada", "ai", "normal"), Seat("Bram", "ai", "hard")]
    match = Match("liars-dice", seats, seed=31)
    while match.state.round_no < 4 or match.state.is_chance():
        if not match.step():
            bids = [a for a in match.state.legal_actions(0) if isinstance(a, Bid)]
            match.apply(0, min(bids, key=lambda b: (b.quantity, b.face)))
    assert not match.is_over
    app.autosave.save(match)
    assert app.autosave.describe() == "Liar's Dice, round 4"
    app.start(TitleScene(app))
    button = next(w for w in app.top.ui.widgets if getattr(w, "text", "") == "Continue")
    assert button.sub == "Liar's Dice, round 4"


@pytest.mark.parametrize("game_id", [g for g in games.GAME_IDS if games.is_built(g)])
def test_every_game_says_where_continue_resumes(game_id):
    """Every game's save reads as its title and a round (or "just started")."""
    seats = [Seat("You", "human"), Seat("Ada", "ai", "normal"), Seat("Bram", "ai", "hard")]
    match = Match(game_id, seats, seed=31)
    title = games.game_info(game_id).title
    assert saves.describe_match(match) in (f"{title}, just started", f"{title}, round 1")
    while len(match.history) < 60 and not match.is_over:
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    text = saves.describe_match(match)
    assert text.startswith(f"{title}, round ") and text.rsplit(" ", 1)[1].isdigit(), text


def test_the_title_finds_out_what_continue_resumes_off_the_frame(app):
    """In the game's window the save is replayed on a thread: the title shows
    Continue at once, is not idle until it knows, then says it."""
    from game.scenes.title import TitleScene
    seats = [Seat("You", "human"), Seat("Ada", "ai", "normal")]
    match = Match("roll-call", seats, seed=5)
    while match.state.round_no < 2 or match.state.is_chance():
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    app.autosave.save(match)
    app.autosave._described.clear()
    app.think_in_background = True
    app.start(TitleScene(app))
    title = app.top
    describing = title._describing
    assert describing is not None and not title.is_idle()
    button = next(w for w in title.ui.widgets if getattr(w, "text", "") == "Continue")
    assert button.sub == ""
    # the thread's end is waited for, not raced with a frame count (a busy machine is slower, never red)
    describing.join(600)
    app.run_frames(1)
    button = next(w for w in title.ui.widgets if getattr(w, "text", "") == "Continue")
    assert button.sub == f"Roll Call, round {match.state.round_no}" and title.is_idle()
