"""Every built game's table survives keyboard mashing and random input.

Each game in ``games.catalogue()`` that is built is entered through its own
TableScene with two AI seats and one human, then fed 1000 random key, text,
mouse, wheel and resize events (window sizes down to 0x0) with frames run in
between; a second test mashes single keys (Enter, Space, Esc, arrows, Tab)
over the table and whatever it leads to.  Nothing may raise."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import games
from game.core.match import Match, Seat

BUILT = [e.info.id for e in games.catalogue() if e.built]
KEYS = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_RETURN,
        pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_F1, pygame.K_F2,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END, pygame.K_PLUS, pygame.K_MINUS,
        pygame.K_PERIOD] + [getattr(pygame, f"K_{c}") for c in "abcjnpr0123456789"]
SIZES = [(0, 0), (1, 1), (0, 500), (300, 900), (1920, 1080), (640, 360), (1280, 720)]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    app = App(headless=True)
    yield app
    app.shutdown()


def new_table(app, game_id: str, seed: int):
    from game.scenes.launch import make_table
    seats = [Seat("You", "human"), Seat("Mags", "ai", "easy"), Seat("Bertha", "ai", "hard")]
    return make_table(app, Match(game_id, seats, None, seed))


def random_event(rng: random.Random) -> pygame.event.Event:
    r = rng.random()
    if r < 0.45:
        key = rng.choice(KEYS)
        mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
        kind = pygame.KEYDOWN if rng.random() < 0.8 else pygame.KEYUP
        return pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0)
    if r < 0.52:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("ab1 \u00e9-"))
    if r < 0.70:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randint(-50, 2000), rng.randint(-50, 1200)),
                                  rel=(0, 0), buttons=(0, 0, 0))
    if r < 0.90:
        kind = pygame.MOUSEBUTTONDOWN if rng.random() < 0.7 else pygame.MOUSEBUTTONUP
        return pygame.event.Event(kind, pos=(rng.randint(0, 1280), rng.randint(0, 720)),
                                  button=rng.choice((1, 1, 1, 2, 3, 4, 5)))
    if r < 0.95:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)))
    size = rng.choice(SIZES)
    return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


def keep_a_table(app, game_id: str, seed: int) -> None:
    """Random clicks may quit to the title or finish the game: start a fresh
    table then, so the whole run keeps exercising the game."""
    from game.ui.table_scene import TableScene
    if not app.running or not any(isinstance(s, TableScene) for s in app.stack):
        app.running = True
        app.reset_to(new_table(app, game_id, seed))
        app.apply_transitions()


@pytest.mark.parametrize("game_id", BUILT)
def test_table_survives_1000_random_events(app, game_id):
    rng = random.Random(hash(game_id) & 0xFFFF)
    app.start(new_table(app, game_id, seed=11))
    for i in range(1000):
        app.feed(random_event(rng))
        if i % 8 == 7:
            app.run_frames(2, frame_dt=rng.choice((1 / 60, 1 / 30, 0.25)))
        if i % 100 == 99:
            keep_a_table(app, game_id, seed=11 + i)
    app.run_frames(5)
    assert app.stack


@pytest.mark.parametrize("game_id", BUILT)
def test_table_survives_one_key_mashed(app, game_id):
    """Enter, Space, Esc, arrows and Tab held down (200 presses each, 1000 in all)."""
    app.start(new_table(app, game_id, seed=3))
    for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_RIGHT, pygame.K_TAB):
        for i in range(200):
            app.feed(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
            if i % 10 == 9:
                app.run_frames(2, frame_dt=1 / 30)
        keep_a_table(app, game_id, seed=3)
    app.feed(pygame.event.Event(pygame.VIDEORESIZE, size=(0, 0), w=0, h=0))
    app.run_frames(5)
    assert app.stack


def test_every_menu_keyboard_only(app):
    """Title -> (arrows, Enter) setup -> Tab through every widget -> Esc back;
    settings and rules reachable and left with Esc."""
    from game.scenes.rules import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene

    def key(k):
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
        app.run_frames(1)

    app.start(TitleScene(app))
    key(pygame.K_RETURN)  # the first card is focused
    assert isinstance(app.top, SetupScene)
    for _ in range(len(app.top.ui.widgets) + 2):
        key(pygame.K_TAB)
        key(pygame.K_DOWN)
    key(pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    # the Settings button: Tab round from the cards to it
    title = app.top
    target = next(w for w in title.ui.widgets if getattr(w, "text", "") == "Settings")
    for _ in range(len(title.ui.widgets)):
        if title.ui.focused is target:
            break
        key(pygame.K_TAB)
    assert title.ui.focused is target
    key(pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)
    key(pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
    app.push(RulesScene(app, BUILT[0] if BUILT else games.GAME_IDS[0]))
    app.apply_transitions()
    for k in (pygame.K_DOWN, pygame.K_PAGEDOWN, pygame.K_END, pygame.K_HOME):
        key(k)
    key(pygame.K_ESCAPE)
    assert isinstance(app.top, TitleScene)
