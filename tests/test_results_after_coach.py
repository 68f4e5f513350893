"""Back from the coach, the results' buttons take a click once they have been
on screen half a second, however still the screen is.  Seen in a real window:
after Coach > Back the results came to rest, and the loop's naps (a second
each) were not counted as input time, so the buttons' half-second wait
(``IntentGate``) took about thirty seconds of wall time, and every click
meanwhile made it wait again: Title did nothing, click after click."""
from __future__ import annotations

import time
import types

import pygame

import game.app as app_module
from game.core.match import Match, Seat
from game.scenes.results import ResultsScene
from tests.realinput import Hands


class _Nap:
    """A wall clock the test moves: ``wait`` lets the time pass at once."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        return self.now

    def wait(self, seconds: float) -> bool:
        self.now += seconds
        return False

    def is_set(self) -> bool:
        return False


def test_a_click_on_title_after_the_coach_goes_through_while_the_results_rest(app, monkeypatch):
    match = Match("liars-dice", [Seat("Ana", "ai", "normal"), Seat("Mags", "ai", "hard")], None, 3)
    match.play_out()
    match.seats[0] = Seat("Ana", "human")
    app.start(ResultsScene(app, match))
    hands = Hands(app)
    hands.wait(2.0)
    assert hands.until(lambda _app: hands.has("Coach:"), 10)
    hands.click("Coach:")
    hands.wait(1.0)
    assert hands.top.name == "coach"
    hands.click("Back")
    hands.frames(1)
    assert hands.top.name == "results"
    nap = _Nap()
    monkeypatch.setattr(app_module, "time", types.SimpleNamespace(   # the nap's clock; the frame's CPU clock as is
        perf_counter=nap.perf_counter, thread_time=time.thread_time, strftime=time.strftime))
    monkeypatch.setattr(app, "wake", nap)
    monkeypatch.setattr(app, "running", True)   # as in the real loop (a nap ends early when quitting)
    pygame.event.clear()
    app._rest()   # the screen rests: one nap (a second of wall time) with no input
    hands.click("Title")
    hands.frames(2)
    assert hands.top.name == "title", "a click a second after coming back was refused"
