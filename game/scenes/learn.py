"""Learn to play: pick a game's guided first game, and the first-time offer in setup.

A lesson (``game.core.tutorial``) is the game's own table with scripted dice
and opponents and the coach on top (``game.ui.tutorial.TutorialCoach``); its
place is kept in ``tutorials.json``, so a lesson left half-way resumes.
"""
from __future__ import annotations

from functools import partial

from .. import games
from ..core.tutorial import Tutorial, load_progress, saved_entry, status
from ..core.userfiles import UserFileError
from ..ui import theme as th
from ..ui.tutorial import TutorialCoach
from ..ui.widgets import Button
from .base import MenuScene
from .launch import make_table, menu_game_ids
from .opening import open_table
from ..canvas import CENTRE_X
from ..ui.services import AppServices


def start_tutorial(app, game_id: str, *, fresh: bool = False, replace: bool = False) -> bool:
    """Open ``game_id``'s guided game (resumed where it was left unless
    ``fresh``); False with a message if the game has no lesson."""
    script = games.tutorial_script(game_id)
    if script is None:
        app.toast(f"{games.game_info(game_id).title} has no guided game yet.")
        return False
    from .setup import make_dice
    try:
        entry = None if fresh else saved_entry(game_id)
    except UserFileError:
        entry = None
    table = make_tutorial_table(app, Tutorial.resume(script, entry, make_dice()))
    open_table(app, table, replace=replace)   # the hand-over a new game has (scenes/opening.py)
    return True


def make_tutorial_table(app, tutorial: Tutorial):
    """The game's own table with ``tutorial`` coaching on it."""
    table = make_table(app, tutorial.match)
    table.tutorial = TutorialCoach(table, tutorial)
    return table


class LearnScene(MenuScene):
    """One row per game: start, resume or replay its lesson; start over."""

    name = "learn"
    title = "Learn to play"
    subtitle = "A short game at the real table: the coach stops at each new idea and lets you try it"

    def build(self) -> None:
        progress, problem = load_progress()
        if problem:
            self.app.toast(problem)
        lessons = [(g, s) for g in menu_game_ids() if (s := games.tutorial_script(g)) is not None]
        for i, (game_id, script) in enumerate(lessons[:6]):   # a game without a lesson is not listed
            info = games.game_info(game_id)
            y = 176 + i * 84
            entry = progress.get(game_id)
            state = status(script, entry)
            total = len(script.steps)
            sub = {"new": f"About {script.minutes}  \u00b7  {total} steps",
                   "started": f"Resume at step {min(total, int(entry.get('step', 0)) + 1) if entry else 1} of {total}",
                   "done": "Done \u2713  \u00b7  play it again"}[state]
            self.ui.add(Button((360, y, 560, 66), info.title, partial(self.open, game_id),
                               primary=state == "started", sub=sub))
            if state == "started":
                self.ui.add(Button((936, y + 8, 170, 50), "Start over", partial(self.open, game_id, fresh=True),
                                   size=18))
        self.ui.add(Button((40, 650, 180, 52), "Back", self.back))

    def open(self, game_id: str, fresh: bool = False) -> None:
        start_tutorial(self.app, game_id, fresh=fresh)

    def resume(self) -> None:
        self.rebuild()

    def draw_content(self, canvas) -> None:
        th.draw_text(canvas, self.theme, "Your place is kept: leave a lesson any time and resume it here.",
                     (CENTRE_X, 700), 15, th.CREAM_DIM, anchor="midbottom")


class TutorialOfferScene(MenuScene):
    """Over setup, the first time a game is chosen: take the guided game, or
    "No thanks" (remembered either way in Settings.tutorial_offered)."""

    name = "tutorial-offer"
    overlay = True
    BOARD = (330, 200, 620, 300)

    def __init__(self, app, game_id: str):
        super().__init__(app)
        self.game_id = game_id
        self.script = games.tutorial_script(game_id)
        remember_offer(app, game_id)

    def build(self) -> None:
        self.ui.add(Button((370, 410, 300, 58), "Learn to play", self.accept, primary=True,
                           sub=f"about {self.script.minutes}" if self.script else ""))
        self.ui.add(Button((690, 410, 220, 58), "No thanks", self.back))

    def accept(self) -> None:
        start_tutorial(self.app, self.game_id, replace=True)

    def draw_backdrop(self, canvas) -> None:
        super().draw_backdrop(canvas)
        th.wood_board(canvas, self.BOARD)

    def draw_heading(self, canvas, y=0) -> None:
        title = games.game_info(self.game_id).title
        th.draw_text(canvas, self.theme, f"New to {title}?", (CENTRE_X, 230), 44, th.BRASS_LIGHT, style="display",
                     anchor="midtop", shadow=3)
        for i, line in enumerate(("Play a short guided game first: the coach shows each idea",
                                  "on the real table and lets you try it.")):
            th.draw_text(canvas, self.theme, line, (CENTRE_X, 302 + i * 28), 20, th.CREAM, anchor="midtop", shadow=1)
        th.draw_text(canvas, self.theme, "Learn to play is on the title screen too.", (CENTRE_X, 370), 15,
                     th.CREAM_DIM, style="italic", anchor="midtop")


def should_offer(app: AppServices, game_id: str) -> bool:
    """The first-time offer: not once offered, nor for a lesson already finished."""
    if not (app.offer_tutorials and game_id not in tuple(app.settings.tutorial_offered)
            and games.tutorial_script(game_id) is not None):
        return False
    try:
        entry = saved_entry(game_id)
    except UserFileError:
        entry = None
    return not (entry and entry.get("done"))


def remember_offer(app: AppServices, game_id: str) -> None:
    offered = tuple(app.settings.tutorial_offered)
    if game_id not in offered:
        app.settings.tutorial_offered = offered + (game_id,)
        app.save_settings()
