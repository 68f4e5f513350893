"""Issue 41: the results screen paints what never changes while it shows (the
backdrop, the heading, the ranking with each story, the chart, the footer)
once, as a kept still, and only its widgets (buttons, the coach's line) every
frame; the picture is the same as a whole fresh painting.  Work is counted,
nothing is timed."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.app import App
from game.core.match import Match, Seat
from game.scenes.results import ResultsScene
from game.ui import story as story_ui


def _fresh(results: ResultsScene) -> bytes:
    """The whole screen painted afresh, as every frame painted it before."""
    canvas = pygame.Surface((1280, 720))
    results.draw_backdrop(canvas)
    results.draw_heading(canvas)
    results.draw_content(canvas)
    results.ui.draw(canvas, results.theme)
    return pygame.image.tobytes(canvas, "RGB")


def _finished_heads_up() -> Match:
    """A finished 2-seat Liar's Dice game, seat 0 a human."""
    match = Match("liars-dice", [Seat("P0", "ai", "normal"), Seat("P1", "ai", "normal")], None, 5)
    match.play_out()
    match.seats[0] = Seat("You", "human")
    return match


def _counting_boards(monkeypatch) -> list:
    """One entry per painting of the ranking and stories (``story.board_steps``)."""
    boards: list = []
    real = story_ui.board_steps

    def board_steps(*args, **kwargs):
        boards.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(story_ui, "board_steps", board_steps)
    return boards


def test_the_results_screen_paints_its_ranking_and_chart_once_and_its_widgets_every_frame(monkeypatch):
    app = App(headless=True)
    try:
        boards = _counting_boards(monkeypatch)
        results = ResultsScene(app, _finished_heads_up())
        app.start(results)
        app.run_frames(30)
        assert len(boards) == 1   # 6b8c6e8: the ranking and stories painted in all 30 frames
        line = results.coach_line
        for _ in range(2000):   # the coach's line weighs (it changes as a widget, over the still)
            if line is None or line.done:
                break
            app.run_frames(1)
        app.run_frames(1)
        boards.clear()
        shown = pygame.image.tobytes(app.canvas, "RGB")
        assert shown == _fresh(results)
        button = next(w for w in results.ui.widgets if getattr(w, "text", "") == "Title")
        app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(1)
        hovered = pygame.image.tobytes(app.canvas, "RGB")
        assert hovered != shown   # the hovered button is drawn over the kept still
        assert hovered == _fresh(results)
        assert boards == [1, 1]   # only ``_fresh`` (twice) painted the ranking
    finally:
        app.shutdown()


def test_results_built_ahead_show_their_first_frame_without_painting_the_ranking(monkeypatch):
    """The end delay builds the results screen a piece a frame
    (``Navigator.results_ahead``): its one drawing there is kept as the
    still, so the frame that shows the screen paints only the widgets, and
    the picture is the same as a fresh painting."""
    app = App(headless=True)
    try:
        steps = app.nav.results_ahead(_finished_heads_up())
        while True:
            try:
                next(steps)
            except StopIteration as done:
                results = done.value
                break
        boards = _counting_boards(monkeypatch)
        app.start(results)
        app.run_frames(3)
        assert boards == []   # 6b8c6e8: painted in every frame, the first one shown included
        line = results.coach_line
        for _ in range(2000):
            if line is None or line.done:
                break
            app.run_frames(1)
        app.run_frames(1)
        assert pygame.image.tobytes(app.canvas, "RGB") == _fresh(results)
    finally:
        app.shutdown()
