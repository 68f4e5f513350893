"""A hand mashing a key through the change of screen (issue 39's storms; the
slow ``test_storms`` full-table Roll the Bones case, seed 12, after the next
round began to wait for the haul banner): the mashed presses chain to the
press that ended the game, so the app drops every one of them as aimed at the
table (``InputClock.second_press``) and none reached the results' guard.
The guard, never told of them, opened one second after the results showed,
and a click on "Play again" 1.4 s in, while the hand still mashed, threw the
results away.  A dropped press is a refused press for whatever shows now."""
from __future__ import annotations

import pygame

from game.ui.intent import InputClock, IntentGate

FRAME = 1 / 60


class _Screen:
    """Stands for a screen on top of the app's stack (only its kind matters)."""


class _Results(_Screen):
    pass


def _press(clock: InputClock, top, key: int = pygame.K_SPACE):
    """One press and its release as the app sees them: dropped (None) or stamped."""
    down = pygame.event.Event(pygame.KEYDOWN, key=key)
    dropped = clock.second_press(down, top)
    stamped = None if dropped else clock.stamp(down)
    up = pygame.event.Event(pygame.KEYUP, key=key)
    if not clock.second_press(up, top):
        clock.stamp(up)
    return stamped


def _click(clock: InputClock, top, pos=(300, 600)):
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    if clock.second_press(down, top):
        return None
    return clock.stamp(down)


def _run(clock: InputClock, seconds: float, gate: IntentGate | None = None) -> None:
    for _ in range(round(seconds / FRAME)):
        clock.advance(FRAME)
        if gate is not None:
            gate.shown()


def test_a_key_mashed_through_the_change_of_screen_keeps_the_results_guard_shut():
    clock = InputClock()
    table, results = _Screen(), _Results()
    assert _press(clock, table) is not None   # the press that ends the game
    gate = IntentGate(clock, 1.0)
    gate.shown()
    dropped = 0
    for _ in range(10):                      # mashing on, every 0.15 s, for 1.5 s
        _run(clock, 0.15, gate)
        dropped += _press(clock, results) is None
    assert dropped == 10, "the mash is still the table's (second presses)"
    click = _click(clock, results)
    assert click is not None
    assert not gate.accepts(click), "a click while the hand still mashes passed the results' guard"
    _run(clock, 1.05, gate)                  # the hand rests a second, then clicks on purpose
    assert gate.accepts(_click(clock, results, (310, 600)))
