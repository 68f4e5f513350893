"""Headless Roll the Bones table: enters, draws every table size, survives
random input, and a human antes and announces by keys and by mouse."""
from __future__ import annotations

import random


import pygame
import pytest

from game.core.match import Match, Seat
from game.games.roll_the_bones.rules import Ante, Declare
from tests.helpers import key, start_table



def click(pos):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_table_size_draws_and_plays(app, players):
    seats = [Seat(f"B{i}", "ai", "hard") for i in range(players)]
    scene = start_table(app, Match("roll-the-bones", seats, seed=players))
    app.run_frames(240)
    assert scene.match.history


def test_random_input_does_not_break_the_table(app):
    match = Match("roll-the-bones", [Seat("You"), Seat("Bot", "ai", "normal"), Seat("Bot2", "ai", "easy")], seed=2)
    scene = start_table(app, match)
    rng = random.Random(4)
    for _ in range(30):
        pos = (rng.randrange(1280), rng.randrange(720))
        app.feed(*click(pos), key(rng.choice([pygame.K_b, pygame.K_n, pygame.K_0, pygame.K_1, pygame.K_RETURN])))
        app.run_frames(5)
    assert scene.match.history


def test_human_antes_and_announces_by_keys(app):
    match = Match("roll-the-bones", [Seat("You"), Seat("Bot", "ai", "normal")], seed=1)
    scene = start_table(app, match)
    assert scene.human_to_act() == 0
    app.feed(key(pygame.K_0))
    app.run_frames(2)
    assert match.history[0] == (0, Ante(0))
    app.run_frames(200, until=lambda a: scene.human_to_act() == 0 and match.state.phase == "declare")
    app.feed(key(pygame.K_b))
    app.run_frames(2)
    assert (0, Declare(True)) in match.history


def test_human_antes_by_mouse(app):
    match = Match("roll-the-bones", [Seat("You"), Seat("Bot", "ai", "normal")], seed=1)
    scene = start_table(app, match)
    app.run_frames(2)
    button = scene.ui.widgets[1]           # "Ante 1 six-sider + 1 bone"
    app.feed(*click(button.rect.center))
    app.run_frames(2)
    assert match.history[0] == (0, Ante(1))


def test_table_says_how_an_ante_splits_and_who_may_win_the_centre(app):
    """RULES.md: "six-siders fill the centre first, so any bones you ante land in the
    side pot. The table says how your ante splits when you choose it."""
    from types import SimpleNamespace

    from game.games.roll_the_bones.shots import _shot_short_stack
    scene = _shot_short_stack(app, SimpleNamespace(seed=7))
    state = scene.match.state
    assert state.phase == "ante" and scene.human_to_act() == 0
    assert state.ante_split(0) == (0, 2)           # Tam antes nothing: all of it is a side pot
    assert "side pot" in scene.ante_note(0)
    scene.draw(app.canvas, 0.0)
    scene.submit(0, Ante(0))
    assert 3 not in scene.match.state.centre_eligible   # Tam did not ante: not his centre
    scene.draw(app.canvas, 0.0)


@pytest.mark.parametrize("speed, factor", [("relaxed", 1 / 0.75), ("normal", 1.0), ("fast", 0.5)])
def test_ante_flights_follow_the_speed_setting_once(app, speed, factor):
    """Issue 16: Roll the Bones' dice slides obey relaxed / normal / fast (the
    pace's duration factor, applied once): a slide lasts FLIGHT_SECONDS times
    the factor, and the table is busy exactly that long."""
    from game.games.roll_the_bones.scene import FLIGHT_SECONDS
    app.settings.reduced_motion = False
    app.settings.animation_speed = speed
    match = Match("roll-the-bones", [Seat("You"), Seat("Bot", "ai", "normal")], seed=1)
    scene = start_table(app, match)
    scene.submit(0, Ante(1))               # two dice slide to the pots
    flights = list(scene.flights)
    assert len(flights) >= 2
    for flight in flights:
        assert flight.seconds == pytest.approx(FLIGHT_SECONDS * factor)
    last = max(f.t0 + f.seconds for f in flights)
    scene.time = last - 0.02
    assert scene.is_busy()
    scene.time = last + 0.02
    assert not scene.is_busy()
