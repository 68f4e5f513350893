"""Headless Roll Call table: enters, draws, survives random input, a human bids
and calls with posted events, a human calls out of turn by key and by button,
the reveal plays, hot-seat shows a labelled out-of-turn button per human."""
from __future__ import annotations

import random


import pygame

from game.core.match import Match, Seat
from game.games.roll_call.rules import Bid, Call, CallOutOfTurn
from tests.helpers import key, pass_curtain, press_sure



def table(app, seats, options=None, seed=3):
    from game.games.roll_call.scene import TableScene
    scene = TableScene(app, Match("roll-call", seats, options, seed))
    app.start(scene)
    return scene


def solo(app, players=4, **kw):
    seats = [Seat("You", "human")] + [Seat(f"Bot{i}", "ai", "normal") for i in range(1, players)]
    return table(app, seats, **kw)


def settled(scene):
    return scene.throw_view is None and scene.reveal is None and not scene.match.state.is_chance()


def until_human(app, scene, frames=3000):
    app.run_frames(frames, until=lambda a: scene.human_to_act() is not None and settled(scene))
    assert scene.human_to_act() == 0


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def test_enters_draws_and_survives_random_events(app):
    scene = solo(app, 5, options={"odds_helper": True})
    rng = random.Random(1)
    for _ in range(120):
        kind = rng.choice([pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION])
        if kind == pygame.KEYDOWN:
            event = key(rng.choice([pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN,
                                    pygame.K_c, pygame.K_F1, pygame.K_F3, pygame.K_5, pygame.K_a]))
        else:
            event = pygame.event.Event(kind, pos=(rng.randrange(1280), rng.randrange(720)), button=1, rel=(0, 0),
                                       buttons=(0, 0, 0))
        app.feed(event)
        app.run_frames(rng.randrange(1, 8))
    scene.draw(app.canvas, 0.5)


def test_human_bids_with_keys_then_calls(app):
    scene = solo(app, 3)
    until_human(app, scene)
    scene.draw(app.canvas, 0.0)
    before = len(scene.match.history)
    app.feed(key(pygame.K_UP), key(pygame.K_RETURN))  # minimum raise + 1 on the preselected face
    player, action = scene.match.history[before]
    assert player == 0 and isinstance(action, Bid) and action.quantity == 2
    until_human(app, scene)
    assert scene.match.state.bid is not None
    total = scene.match.state.total_dice
    press_sure(app, key(pygame.K_c))   # Call asks for a second press (misclick guard)
    assert isinstance(scene.match.history[-1][1], Call)
    assert scene.reveal is not None and scene.match.state.total_dice == total - 1
    scene.draw(app.canvas, 0.0)
    app.run_frames(30)
    scene.draw(app.canvas, 0.0)  # mid-reveal: fingers and tally


def _wait_for_out_of_turn_chance(app, scene, seat=0, frames=4000):
    app.run_frames(frames, until=lambda a: settled(scene) and seat in scene.out_of_turn_buttons())
    assert seat in scene.out_of_turn_buttons()


def test_human_calls_out_of_turn_with_their_key(app):
    scene = solo(app, 4)
    until_human(app, scene)
    app.feed(key(pygame.K_RETURN))  # open with the minimum bid
    _wait_for_out_of_turn_chance(app, scene)
    state = scene.match.state
    assert 0 not in (state.bidder, state.turn_player())
    press_sure(app, key(pygame.K_F1))
    assert scene.match.history[-1] == (0, CallOutOfTurn())
    assert scene.reveal is not None and scene.reveal.kind == "out-of-turn"


def test_human_calls_out_of_turn_with_the_button(app):
    scene = solo(app, 4, seed=5)
    until_human(app, scene)
    app.feed(key(pygame.K_RETURN))
    _wait_for_out_of_turn_chance(app, scene)
    scene.draw(app.canvas, 0.0)
    rect = scene.out_of_turn_buttons()[0]
    press_sure(app, click(rect.center))
    assert scene.match.history[-1] == (0, CallOutOfTurn())


def test_hot_seat_gives_each_other_human_a_labelled_out_of_turn_button(app):
    seats = [Seat("Ann", "human"), Seat("Ben", "human"), Seat("Cat", "human")]
    scene = table(app, seats)
    assert scene.hot_seat.uses_curtain
    for _ in range(20):  # click through curtains until the first bid stands
        app.run_frames(400, until=lambda a: a.stack[-1] is not scene or settled(scene))
        if app.stack[-1] is not scene:
            pass_curtain(app)
            app.apply_transitions()
            continue
        if scene.match.state.bid is None:
            app.feed(key(pygame.K_RETURN))
            continue
        break
    app.run_frames(1)
    if app.top is not scene:   # the screen passes to Ben (a person waits for the curtain's button)
        pass_curtain(app)
    state = scene.match.state
    assert state.bid is not None and state.bidder == 0 and state.turn_player() == 1
    buttons = scene.out_of_turn_buttons()
    assert set(buttons) == {2}  # Cat: not the bidder, not the player to act
    scene.draw(app.canvas, 0.0)
    app.feed(key(pygame.K_F2))  # Ben's key: Ben is the player to act, so nothing happens
    assert scene.match.history[-1][1] == Bid(1, state.bid[1])
    press_sure(app, key(pygame.K_F3))
    assert scene.match.history[-1] == (2, CallOutOfTurn())
