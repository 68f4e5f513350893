"""Pace and misclick protection (issue 17): "pause after reveals" holds a
reveal or pot split until the player continues; Roll Call's call window
gives a human a visible moment to call out of turn; Call and Jinto need a
second press; a stray Enter on the results does not start a new game."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.games.bidding.bids import Bid, Call
from game.core.match import Match, Seat
from tests.helpers import you_and_ais as _seats, key, start_table, press_sure


REDUCED_MOTION = False
"""The ``app`` fixture (tests/conftest.py) at the settings' own pace: throws fly."""


def _to_human(app, scene, frames=4000):
    app.run_frames(frames, until=lambda a: scene.human_to_act() == 0)
    assert scene.human_to_act() == 0


def _play_until(app, scene, done, rounds=400):
    """Run the table, making seat 0's moves (its smallest legal one), until ``done()``."""
    for _ in range(rounds):
        app.run_frames(600, until=lambda a: done() or scene.human_to_act() == 0)
        if done():
            return
        if scene.human_to_act() == 0:
            legal = scene.match.state.legal_actions(0)
            bids = [a for a in legal if isinstance(a, Bid)]
            scene.submit(0, min(bids, key=lambda b: (b.quantity, b.face)) if bids else legal[0])
    raise AssertionError("the moment never came")


def _facing_a_bid(app, scene):
    """Play on (opening low when it is our turn to open) until seat 0 faces a bid."""
    for _ in range(20):
        _to_human(app, scene)
        if scene.match.state.current_bid is not None:
            return
        scene.submit(0, Bid(1, 2))
    raise AssertionError("never faced a bid")


def test_reveal_waits_for_the_player_when_asked(app):
    match = Match("liars-dice", _seats(), None, 5)
    scene = start_table(app, match)
    _facing_a_bid(app, scene)
    app.settings.pause_after_reveal = True
    scene.submit(0, Call())
    assert scene.reveal is not None
    app.run_frames(60 * 12)            # far longer than any reveal
    assert scene.reveal is not None and scene.held.moment is not None
    moves = len(match.history)
    assert len(match.history) == moves
    app.feed(key(pygame.K_RETURN))
    app.run_frames(3)
    assert scene.held.moment is None
    # held before the lost die leaves (the hands as called): it leaves now, then the next round
    app.run_frames(int(scene.reveal_length() * 60) + 3, until=lambda a: scene.reveal is None)
    assert scene.held.moment is None and scene.reveal is None


def test_reveal_moves_on_by_itself_by_default(app):
    match = Match("liars-dice", _seats(), None, 5)
    scene = start_table(app, match)
    _facing_a_bid(app, scene)
    scene.submit(0, Call())
    app.run_frames(60 * 12)
    assert scene.reveal is None and scene.held.moment is None


def test_pot_split_waits_for_the_player(app):
    app.settings.pause_after_reveal = True
    app.settings.reduced_motion = False
    match = Match("roll-the-bones", _seats(), None, 2)
    scene = start_table(app, match)
    _play_until(app, scene, lambda: scene.held.moment is not None)
    assert scene.held.moment is not None and scene.held.moment[0] == "pot split"
    assert match.state.results_log and match.state.results_log[-1]["kind"] == "win"
    moves = len(match.history)
    app.run_frames(600)
    assert len(match.history) == moves
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1))
    assert scene.held.moment is None


def test_call_window_holds_the_ai_bid_and_counts_down(app):
    """Text (Roll Call): a player other than the bidder and the one to act may
    call out of turn; the AI waits the call window first."""
    app.settings.call_window = 4
    match = Match("roll-call", _seats(4), None, 9)
    scene = start_table(app, match)
    _play_until(app, scene, lambda: scene.ai_turns.call_window_open() and scene.ai_turns.call_window_left > 0)
    assert scene.ai_turns.call_window_open()
    moves = len(match.history)
    app.run_frames(60 * 3)              # 3 s: still inside the 4 s window
    assert len(match.history) == moves and 0 < scene.ai_turns.call_window_left <= 1.5
    app.run_frames(60 * 2)
    assert len(match.history) > moves


def test_call_window_zero_keeps_the_old_pace(app):
    app.settings.call_window = 0
    match = Match("roll-call", _seats(4), None, 9)
    scene = start_table(app, match)
    _play_until(app, scene, scene.ai_turns.call_window_open)
    assert scene.ai_turns.call_window_open()
    moves = len(match.history)
    app.run_frames(60 * 1)
    assert len(match.history) > moves


def test_call_needs_a_second_press(app):
    match = Match("liars-dice", _seats(), None, 5)
    scene = start_table(app, match)
    _facing_a_bid(app, scene)
    moves = len(match.history)
    app.feed(key(pygame.K_c))
    assert len(match.history) == moves and scene.picker.armed == "call"
    app.feed(key(pygame.K_UP))          # anything else in between cancels
    assert scene.picker.armed is None
    press_sure(app, key(pygame.K_c))
    assert len(match.history) == moves + 1 and match.history[-1] == (0, Call())


def test_stray_enter_on_results_does_not_start_a_game(app):
    from game.scenes.results import ResultsScene
    match = Match("liars-dice", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], None, 3)
    match.play_out()
    app.start(ResultsScene(app, match))
    app.feed(key(pygame.K_RETURN))
    app.run_frames(2)
    assert isinstance(app.top, ResultsScene)
    app.run_frames(90)
    app.feed(key(pygame.K_RETURN))
    app.run_frames(2)
    assert not isinstance(app.top, ResultsScene)


def test_settings_keep_pace_fields_and_refuse_bad_ones():
    from game.core.userfiles import Settings
    s, problems = Settings.from_json({"pause_after_reveal": True, "call_window": 3})
    assert s.pause_after_reveal and s.call_window == 3 and not problems
    s, problems = Settings.from_json({"call_window": 99, "pause_after_reveal": "yes"})
    assert s.call_window == Settings().call_window  # problems are "field: why" (issue 14)
    assert {p.split(":")[0] for p in problems} == {"call_window", "pause_after_reveal"}


@pytest.mark.parametrize("speed", ["relaxed", "normal", "fast", "instant"])
def test_undo_window_follows_the_pace(app, speed):
    """The next AI waits the pace's undo window after an undoable bid (not a
    fixed 1.5 s): it has not moved just before the window ends, and moves
    as it ends (its own thinking time is shorter at every pace)."""
    from game.ui.pace import PACES
    app.settings.animation_speed = speed
    app.settings.reduced_motion = True
    pace = PACES[speed]
    assert pace.ai_delay < pace.undo_window
    scene = start_table(app, Match("liars-dice", _seats(3), None, 9))
    _to_human(app, scene)
    legal = [a for a in scene.match.state.legal_actions(0) if isinstance(a, Bid)]
    assert scene.submit(0, min(legal, key=lambda b: (b.quantity, b.face)))
    length = len(scene.match.history)
    assert scene.undo_flow.can_undo()
    step = 0.01
    scene.fixed_update(step)
    assert scene.undo_flow.left == pytest.approx(pace.undo_window - step)
    ticks = round(pace.undo_window / step)
    for _ in range(ticks - 3):
        scene.fixed_update(step)
    assert len(scene.match.history) == length and scene.undo_flow.can_undo(), "the AI moved inside the undo window"
    for _ in range(5):
        scene.fixed_update(step)
    assert len(scene.match.history) > length, "the AI still waits after the undo window"


def test_undo_window_is_short_at_instant_and_kept_by_reduced_motion():
    """Instant keeps a short window (0.6 s), Fast halves Normal's 1.5 s,
    Relaxed stretches it; reduced motion never shortens it."""
    from types import SimpleNamespace

    from game.ui.pace import PACES, pace_for
    assert PACES["normal"].undo_window == 1.5
    assert PACES["fast"].undo_window == 0.75
    assert PACES["relaxed"].undo_window == 2.0
    assert 0.3 <= PACES["instant"].undo_window <= 0.6
    for speed, pace in PACES.items():
        reduced = pace_for(SimpleNamespace(animation_speed=speed, reduced_motion=True))
        assert reduced.undo_window == pace.undo_window
