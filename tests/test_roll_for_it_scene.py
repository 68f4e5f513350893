"""Headless Roll For It! table: enters, draws at every size, survives random input, and a
human rolls, drags a die onto a card, is refused an illegal drop, and keeps the rest."""
from __future__ import annotations

import random


import pygame
import pytest

from game.core.match import Match, Seat
from game.core.protocol import CHANCE, RollResult, ShuffleResult
from game.games.roll_for_it.rules import KeepRest, Place, Roll
from tests.helpers import key, start_table



def mouse(kind, pos):
    return pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0), buttons=(1, 0, 0))


def human_match():
    """You start (identity deck: cards (1 1), (2 2), (3 3) face up) against a Hard AI."""
    match = Match("roll-for-it", [Seat("You"), Seat("Bot", "ai", "hard")], seed=3)
    match.apply(CHANCE, ShuffleResult(tuple(range(30))))
    match.apply(CHANCE, RollResult(((6, 6), (1, 1))))
    return match


def test_table_enters_draws_and_survives_random_input(app):
    match = Match("roll-for-it", [Seat("You")] + [Seat(f"B{i}", "ai", "hard") for i in range(1, 4)], seed=2)
    start_table(app, match)
    rng = random.Random(4)
    for _ in range(40):
        pos = (rng.randrange(1280), rng.randrange(720))
        app.feed(mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEMOTION, (pos[0] + 30, pos[1])),
                 mouse(pygame.MOUSEBUTTONUP, (pos[0] + 30, pos[1])),
                 key(rng.choice([pygame.K_LEFT, pygame.K_UP, pygame.K_RETURN, pygame.K_r, pygame.K_k])))
        app.run_frames(6)
    app.draw(1.0)
    assert match.history


@pytest.mark.parametrize("players", [2, 5, 8])
def test_every_table_size_draws(app, players):
    seats = [Seat(f"B{i}", "ai", "easy") for i in range(players)]
    scene = start_table(app, Match("roll-for-it", seats, seed=1))
    app.run_frames(240)
    app.draw(1.0)
    assert len(scene.cards) == (4 if players >= 5 else 3)


def test_human_rolls_drags_a_die_and_is_refused_a_wrong_card(app):
    match = human_match()
    scene = start_table(app, match)
    app.feed(key(pygame.K_r))
    assert match.history[-1] == (0, Roll())
    app.run_frames(600, until=lambda a: match.state.phase == "place")
    match_state_faces = list(match.state.rolled)
    # The physics decided the faces; find a die that fits a card and one card it does not fit.
    index = next((i for i, d in enumerate(scene.loose) if d.face in (1, 2, 3)), None)
    if index is None:
        pytest.skip("this throw matched nothing")   # the seed is fixed, so this never flakes
    face = scene.loose[index].face
    good = face - 1                                 # card slot of (1 1), (2 2), (3 3)
    bad = (good + 1) % 3
    start = scene.loose.rect(index).center
    app.feed(mouse(pygame.MOUSEBUTTONDOWN, start), mouse(pygame.MOUSEMOTION, scene.cards[bad].center),
             mouse(pygame.MOUSEBUTTONUP, scene.cards[bad].center))
    assert not any(isinstance(a, Place) for _, a in match.history)      # refused, with a reason
    assert len(scene.loose) == len(match_state_faces)
    start = scene.loose.rect(index).center
    app.feed(mouse(pygame.MOUSEBUTTONDOWN, start), mouse(pygame.MOUSEMOTION, scene.cards[good].center),
             mouse(pygame.MOUSEBUTTONUP, scene.cards[good].center))
    assert (0, Place(face, good)) in match.history
    app.run_frames(60)
    app.draw(1.0)


def test_keyboard_place_and_keep_the_rest(app):
    match = human_match()
    match.apply(0, Roll())
    match.apply(CHANCE, RollResult(((1, 2, 5, 5, 6, 6),)))
    scene = start_table(app, match)
    scene._lay_out_roll(0)
    app.run_frames(5)
    assert scene.loose.selected == 0 and scene.loose.target == 0
    app.feed(key(pygame.K_RETURN))
    assert match.history[-1] == (0, Place(1, 0))
    app.run_frames(5)
    app.feed(key(pygame.K_k))
    assert match.history[-1] == (0, KeepRest())
    assert match.state.turn == 1


def test_the_turn_prompt_offers_take_back_only_when_there_is_something_to_take_back():
    """Playtest s16: the first turn said "roll the dice in hand, or Take Back
    first" with nothing on a card and no Take Back button."""
    from game.core.grammar import Voice
    from game.games.roll_for_it import prompts
    from game.games.roll_for_it.rules import TakeBack
    match = human_match()
    words = Voice(match.seats)
    state = match.state
    assert state.phase == "start" and TakeBack() not in state.legal_actions(0)
    line = prompts.prompt(state, words, 0)
    assert "Take Back" not in line and "roll" in line, line
    match.apply(0, Roll())
    match.apply(CHANCE, RollResult(((1, 1, 2, 3, 4, 5),)))
    match.apply(0, Place(1, 0))   # a 1 on the (1 1) card
    match.apply(0, KeepRest())
    while match.state.turn != 0:   # the Bot's turn goes by
        match.step()
    state = match.state
    assert state.phase == "start" and TakeBack() in state.legal_actions(0)
    assert "Take Back" in prompts.prompt(state, words, 0)


def test_a_card_is_painted_when_what_it_shows_changes_not_every_frame(app, monkeypatch):
    """Issue 41: every frame painted every face-up card afresh (a new
    surface, its pictures and the dice lying on it: up to 19 ms at 8 seats).
    Now a card is painted once for what it shows (``CardFaces``): frames that
    change nothing paint none."""
    from game.games.roll_for_it import cards as look
    painted: list[int] = []
    real = look.paint_card
    monkeypatch.setattr(look, "paint_card", lambda surf, theme, renderer, c, *a: (painted.append(c.id),
                                                                                   real(surf, theme, renderer, c, *a)))
    match = human_match()
    scene = start_table(app, match)
    app.run_frames(3)
    painted.clear()
    app.run_frames(30)   # You to roll: nothing on the table changes
    assert painted == []
    app.feed(key(pygame.K_r))
    app.run_frames(600, until=lambda a: match.state.phase == "place" and not scene.is_busy())
    app.run_frames(5)
    painted.clear()
    app.run_frames(20)   # the roll lies in the tray, You to place: the cards stay as they are
    assert painted == []
