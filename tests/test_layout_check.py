"""Every word readable (issue 39): each screen and each table phase is drawn with
the layout recorder on (``game/ui/layout_record.py``) and must show no words cut
by the window, crossing a panel's border, or lying over or under a die, a banner,
a card or other words, and no die on a banner, for longer than a glance
(``GLANCE`` frames: a die flying across a line is fine, one landing on it is
not).  Tables are played at 2 seats and at the most, with the longest names;
lessons are followed step by step; the menu screens are the shot set-ups."""
from __future__ import annotations

import itertools
import os
import random
import re
from collections import defaultdict

import pygame
import pytest

from game import games
from game.core.match import Match, Seat
from game.core.tutorial import right_action
from game.ui import layout_record
from tests.helpers import key, past_the_opening

GLANCE = 12
"""Frames (1/5 s) a problem may last: a die in flight crosses words, it must not stay on them."""
LONG_NAMES = ["Bartholomew Quil", "Wilhelmina Stout", "Maximilian Crow", "Gwendolyn Marsh", "Percival Thorne",
              "Evangeline Rook", "Cornelius Vanes", "Octavia Bramble"]
"""Sixteen letters: the longest name the setup screen takes."""


_SHOT_NUMBERS = itertools.count(1)


class Watch:
    """Steps ``app`` a frame at a time with the recorder on; keeps the problems
    that lasted longer than a glance (``GLANCE`` frames in a row)."""

    def __init__(self, app):
        self.app = app
        self.runs: dict[str, int] = defaultdict(int)
        self.lasting: dict[str, str] = {}
        self.accumulator = 0.0

    def frames(self, count: int, until=None) -> None:
        with layout_record.recording(self.app.canvas) as record:
            for _ in range(count):
                if until is not None and until():
                    return
                record.clear()
                self.accumulator = self.app.step(1 / 60, self.accumulator)
                self._judge(layout_record.problems(record))

    def draw_once(self) -> None:
        """A still screen: one frame drawn, each of its problems kept."""
        with layout_record.recording(self.app.canvas) as record:
            self.app.draw(0.0)
            for problem in layout_record.problems(record):
                self.lasting.setdefault(_what(problem), problem)

    def _judge(self, found: list[str]) -> None:
        now = {_what(p): p for p in found}
        for what in list(self.runs):
            if what not in now:
                del self.runs[what]
        for what, problem in now.items():
            self.runs[what] += 1
            if self.runs[what] > GLANCE and what not in self.lasting:
                self.lasting[what] = problem
                if os.environ.get("LAYOUT_SHOTS"):   # a picture of each problem, to look at
                    pygame.image.save(self.app.canvas, f"{os.environ['LAYOUT_SHOTS']}-{next(_SHOT_NUMBERS)}.png")


def _what(problem: str) -> str:
    """A problem less where it is drawn (a moving die is the same problem each frame)."""
    return re.sub(r"\(\d+, \d+, \d+, \d+\)", "", problem)


def _seats(game_id: str, count: int) -> list[Seat]:
    return [Seat(LONG_NAMES[0], "human")] + [
        Seat(LONG_NAMES[i % len(LONG_NAMES)][:14] + (f"{i:02d}" if i >= len(LONG_NAMES) else ""), "ai", "hard")
        for i in range(1, count)]


def play_table(app, game_id: str, seats: int, frames: int, seed: int = 11) -> Watch:
    """A game with one human (moves chosen by a Normal AI at the speed of a
    person: a move once the table rests) and Hard AIs, through the table."""
    return play_match(app, Match(game_id, _seats(game_id, seats), None, seed), frames, seed)


def play_match(app, match: Match, frames: int, seed: int, until=None) -> Watch:
    """``match`` played through its table as ``play_table`` plays, until it
    ends, ``frames`` have passed or ``until()`` holds at a resting table."""
    from game.scenes.launch import make_table
    game_id = match.game_id
    table = make_table(app, match)
    app.start(table)
    stand_in = games.make_agent(game_id, "normal", 0, random.Random(seed))
    watch = Watch(app)
    for _ in range(frames // 10):
        if match.is_over or (until is not None and until() and not table.is_busy()):
            break
        if app.top is not table or table.waiting_thrower is not None or table.held.moment is not None \
                or table.game_end.out_moment is not None:   # "You are out": Space watches on to the end
            app.feed(key(pygame.K_SPACE))
        elif not table.is_busy() and table.human_to_act() == 0:
            state = match.state
            legal = state.legal_actions(0)
            move = (stand_in.act(state.view(0), legal) if state.turn_player() == 0
                    else stand_in.interject(state.view(0), legal))
            if move is not None:
                table.submit(0, move)
        watch.frames(10)
    return watch


def _max_seats(game_id: str) -> int:
    return games.game_info(game_id).max_players


TABLES = [(g, n) for g in games.GAME_IDS for n in (2, _max_seats(g))]


@pytest.mark.parametrize("game_id,seats", TABLES)
def test_a_table_in_play_shows_every_word_clear(app, game_id, seats):
    """Throws in flight and landing, banners, reveals, the round's end: the
    first stretch of a game at 2 seats and at the most."""
    app.settings.reduced_motion = False
    watch = play_table(app, game_id, seats, 900 if seats <= 6 else 500)
    assert not watch.lasting, "\n".join(watch.lasting.values())


@pytest.mark.slow
@pytest.mark.parametrize("game_id,seats", TABLES)
def test_a_whole_game_shows_every_word_clear(app, game_id, seats):
    app.settings.reduced_motion = False
    watch = play_table(app, game_id, seats, 60_000)
    assert not watch.lasting, "\n".join(watch.lasting.values())


LESSONS = [g for g in games.GAME_IDS if games.tutorial_script(g) is not None]


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_lesson_step_shows_every_word_clear(app, game_id):
    """Each step's card, ring and arrow, over the table it talks about, and the
    table's own words under them."""
    from game.scenes.learn import LearnScene, start_tutorial
    app.start(LearnScene(app))
    assert start_tutorial(app, game_id, fresh=True)
    past_the_opening(app)
    table = app.top
    lesson = table.tutorial.tutorial
    watch = Watch(app)
    shown = []
    for _ in range(400):
        if lesson.done or app.top is not table:
            break
        watch.frames(4000, until=lambda: table.tutorial.visible_step() is not None or table.held.moment is not None
                     or lesson.done or app.top is not table or table.waiting_thrower is not None)
        step = table.tutorial.visible_step()
        if step is None:
            app.feed(key(pygame.K_SPACE if table.waiting_thrower is not None else pygame.K_RETURN))
            continue
        watch.frames(GLANCE + 2)
        shown.append(lesson.step_index)
        found = dict(watch.lasting)
        watch.lasting.clear()
        assert not found, f"step {lesson.step_index + 1} ({step.title}):\n" + "\n".join(found.values())
        if step.asks:
            assert table.submit(lesson.learner, right_action(lesson))
        elif step.watches:
            index = lesson.step_index
            watch.frames(4000, until=lambda: table.waiting_thrower is not None or lesson.step_index != index)
            if table.waiting_thrower is not None:
                app.feed(key(pygame.K_SPACE))
        else:
            app.feed(key(pygame.K_RETURN))
    assert lesson.done and len(set(shown)) == len(lesson.steps)
