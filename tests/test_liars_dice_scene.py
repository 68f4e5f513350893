"""Headless Liar's Dice table: enters, draws, survives random input, a human bids and calls
through posted events, a challenge plays its reveal, big tables and the odds helper draw."""
from __future__ import annotations

import random


import pygame

from game.games.bidding.bids import Bid, Call
from game.core.match import Match, Seat
from game.games.liars_dice.rules import Jinto
from tests.helpers import key, press_sure



def table(app, players=3, options=None, seed=3):
    from game.games.liars_dice.scene import TableScene
    seats = [Seat("You", "human")] + [Seat(f"Bot{i}", "ai", "normal") for i in range(1, players)]
    scene = TableScene(app, Match("liars-dice", seats, options, seed))
    app.start(scene)
    return scene


def until_human(app, scene, frames=3000):
    app.run_frames(frames, until=lambda a: scene.human_to_act() is not None and scene.throw_view is None)
    assert scene.human_to_act() == 0


def test_human_bids_with_keys_then_calls(app):
    scene = table(app)
    until_human(app, scene)
    app.canvas.fill((0, 0, 0))
    scene.draw(app.canvas, 0.0)
    before = len(scene.match.history)
    app.feed(key(pygame.K_UP), key(pygame.K_RETURN))   # minimum raise + 1, then bid
    player, action = scene.match.history[before]
    assert player == 0 and isinstance(action, Bid)
    until_human(app, scene)
    assert scene.match.state.current_bid is not None
    total = sum(scene.match.state.dice)
    press_sure(app, key(pygame.K_c))   # Call asks for a second press (misclick guard)
    assert isinstance(scene.match.history[-1][1], Call)
    assert sum(scene.match.state.dice) == total - 1   # a Call always costs someone one die
    assert scene.reveal is not None and scene.is_busy()
    for _ in range(40):
        app.run_frames(5)
        scene.draw(app.canvas, 0.5)
    app.run_frames(400, until=lambda a: scene.reveal is None)
    assert scene.reveal is None


def test_human_clicks_bid_button(app):
    scene = table(app, seed=8)
    until_human(app, scene)
    scene.draw(app.canvas, 0.0)
    bid_button = scene.picker._rects()["bid"]
    before = len(scene.match.history)
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bid_button.center, button=1))
    assert len(scene.match.history) == before + 1 and isinstance(scene.match.history[-1][1], Bid)


def test_jinto_key_only_when_legal(app):
    scene = table(app, seed=4)
    until_human(app, scene)
    if scene.match.state.current_bid is None:   # opening: no Jinto
        before = len(scene.match.history)
        press_sure(app, key(pygame.K_j))
        assert len(scene.match.history) == before
        app.feed(key(pygame.K_RETURN))
        until_human(app, scene)
    app.feed(key(pygame.K_j))
    assert not isinstance(scene.match.history[-1][1], Jinto)   # the first press only asks "Sure?"
    app.feed(key(pygame.K_j))
    assert not isinstance(scene.match.history[-1][1], Jinto)   # and a second at once only arms it (issue 38)
    app.run_frames(40)
    app.feed(key(pygame.K_j))
    assert isinstance(scene.match.history[-1][1], Jinto)


def test_random_input_and_full_game(app):
    scene = table(app, players=4, options={"starting_dice": 1, "odds_helper": True}, seed=11)
    rng = random.Random(2)
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_c,
            pygame.K_j, pygame.K_3, pygame.K_1]
    for _ in range(300):
        r = rng.random()
        if r < 0.5:
            app.feed(key(rng.choice(keys)))
        elif r < 0.8:
            app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(rng.randint(0, 1279), rng.randint(0, 719)),
                                        button=1))
        else:
            app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randint(0, 1279), rng.randint(0, 719)),
                                        rel=(0, 0), buttons=(0, 0, 0)))
        app.run_frames(6)
        scene.draw(app.canvas, 0.3)
        if scene.match.is_over:
            break


def test_twenty_seats_draw(app):
    scene = table(app, players=20, options={"odds_helper": True}, seed=2)
    until_human(app, scene, frames=6000)
    scene.draw(app.canvas, 0.0)
    assert len(scene.seat_spots) == 20


def _fresh_frame(app, scene):
    """The frame drawn with nothing kept (the still layer forgotten)."""
    scene.still.forget()
    scene.draw(app.canvas, 0.0)
    return pygame.image.tobytes(app.canvas, "RGB"), list(scene.renderer.drawn)


def test_still_layer_is_kept_and_looks_like_a_fresh_frame(app):
    """Issue 16: the nameplates and cups are drawn once and kept while
    nothing on them changes; a kept frame is pixel-identical to a fresh one
    and records the same hidden dice for the secrecy checks."""
    scene = table(app, players=20, options={"starting_dice": 6})
    until_human(app, scene)
    scene.draw(app.canvas, 0.0)
    redraws = scene.still.redraws
    scene.draw(app.canvas, 0.0)
    kept = pygame.image.tobytes(app.canvas, "RGB"), list(scene.renderer.drawn)
    assert scene.still.redraws == redraws                  # same moment: nothing drawn afresh
    assert kept == _fresh_frame(app, scene)
    assert any(not d.face_up for d in kept[1]) and any(d.face_up and d.owner == 0 for d in kept[1])
    # a bid moves the turn: only the lit nameplate changes, drawn over the kept layer
    legal = [a for a in scene.match.state.legal_actions(0) if isinstance(a, Bid)]
    scene.submit(0, legal[0])
    scene.draw(app.canvas, 0.0)
    assert scene.still.redraws == redraws + 1   # the fresh frame's only
    kept = pygame.image.tobytes(app.canvas, "RGB"), list(scene.renderer.drawn)
    assert kept == _fresh_frame(app, scene)
    # and during a reveal, once the cups are up
    for _ in range(20):
        app.run_frames(3000, until=lambda a: (scene.reveal is not None and scene.reveal_t() > 0.3)
                       or scene.human_to_act() == 0)
        if scene.reveal is not None:
            break
        scene.submit(0, Call())
    assert scene.reveal is not None
    scene.draw(app.canvas, 0.0)
    kept = pygame.image.tobytes(app.canvas, "RGB"), list(scene.renderer.drawn)
    assert kept == _fresh_frame(app, scene)
    assert all(d.public for d in kept[1] if d.face_up and d.owner != 0)


def _whole_still_pixels(app, scene):
    """The frame with the still picture painted in one go, the turn's
    nameplate lit in it (as the layout check draws it: nothing kept)."""
    from game.ui import layout_record
    with layout_record.recording(app.canvas):
        scene.draw(app.canvas, 0.0)
    return pygame.image.tobytes(app.canvas, "RGB")


def test_a_move_that_only_passes_the_turn_repaints_no_still(app):
    """Issue 41 (frames9): the turn's seat was part of the still picture's
    key, so at 20 seats every AI bid repainted the whole still (nameplates,
    20 cups: 2-5 ms of that frame).  The still is now painted with no seat
    lit and the lit nameplate is painted over it, clipped to its glow, by the
    same painter: a bid that only passes the turn repaints no still, and the
    frame is pixel for pixel the one with the seat lit in a whole painting.
    Counted: still repaints in the frames where an AI bid (on da2a035: one each)."""
    scene = table(app, players=20, options={"starting_dice": 6})
    until_human(app, scene)
    scene.submit(0, next(a for a in scene.match.state.legal_actions(0) if isinstance(a, Bid)))
    bids = repaints = 0
    while bids < 6:
        seen, redraws = len(scene.match.history), scene.still.redraws
        app.run_frames(1)
        new = scene.match.history[seen:]
        if new and all(isinstance(action, Bid) for _, action in new) and scene.throw_view is None \
                and scene.reveal is None:
            bids += 1
            repaints += scene.still.redraws - redraws
            assert scene.highlighted_seat == scene.match.state.turn_player()
        assert scene.human_to_act() is None, "the AIs kept bidding until the turn came back"
    assert repaints == 0, f"{repaints} still repaints in {bids} frames where an AI bid"
    scene.draw(app.canvas, 0.0)
    lit = pygame.image.tobytes(app.canvas, "RGB")
    assert lit == _whole_still_pixels(app, scene)


def test_a_landing_and_a_reveal_paint_over_the_kept_nameplates_the_same_pixels(app, monkeypatch):
    """Issue 41: at 20 seats a throw landing, a call and each step of a
    reveal repainted the whole still: the felt and 20 nameplates too, which
    change only when a round ends (edb90e0: one full nameplate painting in
    each such frame).  The nameplates are now kept as the still's bottom
    and only the cups or the reveal are painted over a copy of them; every
    such frame is pixel for pixel the still painted in one go.  Counted,
    over three rounds played by the AIs and the human's stand-in."""
    scene = table(app, players=20, options={"starting_dice": 6})
    plates: list = []
    real = type(scene).draw_seats

    def draw_seats(self, canvas, active=None, notes=None, near=None):
        if near is None:
            plates.append(app.frame)
        return real(self, canvas, active, notes, near)
    monkeypatch.setattr(type(scene), "draw_seats", draw_seats)
    over_kept = compared = rounds = 0
    notes = scene._seat_notes()   # what the nameplates say (dice left): changes when a round ends
    for _ in range(20_000):
        if rounds >= 3:
            break
        before, redraws = len(plates), scene.still.redraws
        if scene.human_to_act() == 0:
            legal = scene.match.state.legal_actions(0)
            scene.submit(0, Call() if any(isinstance(a, Call) for a in legal) else legal[0])
        was_reveal = scene.reveal is not None
        app.run_frames(1)
        rounds += was_reveal and scene.reveal is None
        if scene.still.redraws == redraws:
            continue
        if scene._seat_notes() == notes:
            over_kept += 1
            assert len(plates) == before, "the nameplates were painted again under a new top"
            if compared < 12:
                scene.draw(app.canvas, 0.0)
                assert pygame.image.tobytes(app.canvas, "RGB") == _whole_still_pixels(app, scene)
                compared += 1
        notes = scene._seat_notes()
    assert rounds >= 3
    assert over_kept >= 9 and compared == 12   # landings, calls, reveal steps


def _ai_game(app, background: bool, shelf=None):
    """One AI game; ``shelf``: the rivals' book it starts from (each game its
    own, so a second game does not meet rivals the first taught Hard)."""
    from game.games.liars_dice.scene import TableScene
    app.think_in_background = background
    if shelf is not None:
        app.rivals = shelf
    seats = [Seat(f"Bot{i}", "ai", level) for i, level in enumerate(["hard", "normal", "easy"])]
    match = Match("liars-dice", seats, {"starting_dice": 2}, 11)
    scene = TableScene(app, match)
    app.start(scene)
    app.run_frames(60_000, until=lambda a: match.is_over)
    assert match.is_over
    return match.history


def test_ai_thinking_in_the_background_plays_the_same_game(app, monkeypatch):
    """Issue 16: AI decisions run in a worker thread (game/ui/thinker.py), off
    the frame; the game they play is the same move for move."""
    import threading

    from game.ui import ai_turns
    threads = set()

    class Counted(ai_turns.Thinker):
        def _run(self, fn):
            threads.add(threading.get_ident())
            super()._run(fn)
    monkeypatch.setattr(ai_turns, "Thinker", Counted)
    assert not app.think_in_background            # headless tests think inside the frame
    from game.games.bidding.rivalbook import RivalBook, RivalShelf

    def fresh_shelf():
        shelf = RivalShelf()
        shelf._book, shelf.note = RivalBook(), None
        return shelf
    background = _ai_game(app, True, fresh_shelf())
    assert threads and threading.get_ident() not in threads
    assert background == _ai_game(app, False, fresh_shelf())


def test_the_replay_is_written_off_the_frame(app, monkeypatch):
    """Issue 16: at the end of a game the whole record is written (with
    fsync) by a thread while the final position shows; the results get its
    path and the autosave is gone."""
    import threading

    from game.core import saves, userfiles
    from game.games.liars_dice.scene import TableScene
    writers = []
    real = userfiles.atomic_create_json

    def create(path, data):
        writers.append(threading.get_ident())   # the replay is created once, by finished.finish's worker
        return real(path, data)
    monkeypatch.setattr(userfiles, "atomic_create_json", create)
    app.write_in_background = True
    match = Match("liars-dice", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], {"starting_dice": 1}, 4)
    scene = TableScene(app, match)
    app.start(scene)
    app.run_frames(20_000, until=lambda a: a.top is not scene)
    assert scene.game_end.recording is not None
    scene.game_end.recording.wait(None)    # the writer's progress, joined: no frame count stands in for it
    assert match.is_over and writers and writers[0] != threading.get_ident()
    assert scene.game_end.replay_path is not None and scene.game_end.replay_path.is_file()
    assert not saves.has_autosave()
