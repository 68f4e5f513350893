"""The screen the player left never shows through the table (qa28, in a
window on a busy machine): after Continue, the title's "Quit" button and its
"v0.1.0" lay faintly inside Roll Call's "This round" panel for the whole
turn (shots_qa28/37, 39).  The opening draws the table once on the canvas a
step at a time; between two steps a frame of the hand-over paints the left
screen there, and the bid history's kept patch (its pixels with the still
layer under them) was kept from that canvas.  On a busy machine every step
gets its own frame; here the opening runs one step a frame to be that machine."""
from __future__ import annotations

from game.core.match import Match, Seat
from game.scenes import opening
from game.scenes.title import TitleScene
from tests.test_game_end import button, click


def test_the_history_panel_after_continue_shows_the_table_under_it_not_the_title(app, monkeypatch):
    match = Match("liars-dice", [Seat("You", "human"), Seat("Mags", "ai", "easy"), Seat("Tom", "ai", "easy")],
                  {"starting_dice": 3}, seed=7)
    while match.state.is_chance():
        match.step()   # the first roll: the game saved as You open the bidding
    app.autosave.save(match)
    monkeypatch.setattr(opening, "STEADY_STEPS", 1)   # a busy machine: a frame between any two steps
    app.start(TitleScene(app))
    app.run_frames(30)
    click(app, button(app.top, "Continue").rect.center)
    app.run_frames(5000, until=lambda a: a.top is not None and a.top.name == "table")
    table = app.top
    assert table.name == "table"
    app.run_frames(2)
    panel = table.history.rect
    shown = app.canvas.subsurface(panel).copy()
    table.history.kept.key = None   # the panel painted afresh over the table
    app.run_frames(1)
    fresh = app.canvas.subsurface(panel).copy()
    differ = sum(shown.get_at((x, y)) != fresh.get_at((x, y)) for x in range(panel.w) for y in range(panel.h))
    assert differ == 0, f"{differ} pixels of the history panel are not the table's (the title shows through)"
