"""Intent: an irreversible step takes only an input a person meant for it.

A double-click, Enter pressed twice, a key still held (or repeating) from the
screen before, or a hand mashing Space through a throw must not pass a
pass-the-screen curtain, confirm a "Sure?" that lifts every cup, or start a
new game from the results.  Two small pieces decide it:

* ``InputClock`` (one per app, ``app.input``): the app's own clock (the sum of
  frame times, so tests inject time through the frames they run and nothing
  depends on the wall clock or the scheduler) and the keys held now.  The app
  stamps every key and mouse-button event with it before a scene sees it:
  ``event.began`` (when this press began: a key held since the last screen
  keeps its first time) and, on KEYDOWN, ``event.repeat`` (the key was already
  down: a key-repeat, never a new press).
* the **second press of a double-click or a doubled key never reaches a new
  screen** (``InputClock.second_press``): when the first press changed the
  screen, the very next press, if it is the same key within ``DOUBLE_CLICK_SECONDS``
  (or a click at the same spot within ``SETTLE_SECONDS``: each such click starts
  it again, so a mash of any pace stays the old screen's until the hand rests),
  and its release, belong to the screen that press left: a double-click on "Replays" does not open the first replay, nor one
  on "Skip tutorial" open "Learn to play"; Enter, Enter on the curtain does
  not make a move at the table behind it.  Esc is not held back: Esc, Esc
  means "back, back", and going back loses nothing (the results guard
  themselves: ``ResultsScene.resume``).  Within one screen a click's second
  click is dropped the same way when the first changed what the screen calls
  its moment (``Scene.press_moment``: at a table a person's move or a throw,
  never an AI's, and a lesson's step): it was aimed at the button the move
  took away.
* ``IntentGate`` (one per irreversible control): it opens once the control has
  been *visible* (drawn) for ``seconds``; it accepts a press that began after
  that, never a repeat.  A refused press starts a shorter wait again
  (``RETRY_SECONDS``): a hand mashing Enter, or the second press of a
  double-click, never gets through; a person pressing again every third of a
  second or slower because "it did not work" does, once the control's own time is up.
"""
from __future__ import annotations

import pygame

MIN_SECONDS = 0.5
"""How long an irreversible control is on screen before a press may pass it."""

RETRY_SECONDS = 0.3
"""The wait a refused press restarts.  Longer than the gap between a
double-click's two presses (0.1-0.2 s) and between a mashing hand's clicks
(0.1-0.27 s: ``test_hand_over``'s hand clicks every 0.27 s), so neither
passes; no longer than an impatient person's presses (0.3-0.4 s apart), who
with the full half second again each time never got through until they
paused."""

PRESSES = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)

DOUBLE_CLICK_SECONDS = 0.4
"""Two presses of a mouse button this close in time (and ``DOUBLE_CLICK_SPOT``
pixels in place) are one double-click (desktops use 0.4-0.5 s)."""
DOUBLE_CLICK_SPOT = 8

SETTLE_SECONDS = 0.6
"""After a press changed the screen, the same mouse button at the same spot
takes nothing on the new screen until it has rested this long:
each press within it is still the old screen's and starts it again.  The
person has not seen what is there (qa32: a mash on the out card's "Leave to
the title" chose Roll For It! on the title card under it, its clicks more
than ``DOUBLE_CLICK_SECONDS`` apart on a loaded machine).  Longer than the
gap of a slow mash (half a second); a person who looked and clicks again
after a pause gets through, and a moved mouse aims at the new screen at once.
A key keeps ``DOUBLE_CLICK_SECONDS``: Enter on the curtain, then Enter on the
bid half a second later is a keyboard player's two moves, and a mashed key
finds every irreversible control behind an ``IntentGate``."""


class InputClock:
    """The app's input time and the keys held now (see the module docstring)."""

    def __init__(self) -> None:
        self.now = 0.0
        """Seconds of app time: the frame times added up (``advance``)."""
        self.keys_down: dict[int, float] = {}
        """Each key held now, with the time its press began."""
        self._last_press: tuple[tuple[str, int], float, tuple, object, object] | None = None
        """The last press of any key or mouse button: (which, time, canvas spot, the top screen then, its moment)."""
        self._swallowed: set[tuple[str, int]] = set()
        """Keys and buttons whose release belongs to a dropped second press."""
        self.last_dropped: float | None = None
        """When the last press was dropped as aimed at a screen that is gone:
        to the screen now showing it is still a hand mashing (``IntentGate``)."""

    def advance(self, dt: float) -> None:
        self.now += max(0.0, dt)

    def second_press(self, event: pygame.event.Event, top: object, moment: object = None) -> bool:
        """Is ``event`` (canvas coordinates) the second press of a double-click
        or a doubled key whose first press changed the screen (``top`` is
        another kind of screen now, and no other press came between), or that
        press's release?  A mouse button's second press counts as such too
        when the first changed ``moment`` (``Scene.press_moment``: what on this
        screen a press can change, None for nothing but the screen) and the
        screen stayed: it was aimed at the button the first press's move took
        away.  A key has no spot a move empties: Space, Space at a table means
        both (another person's keys wait at ``HandOver``).  Such input is
        dropped (``drop``): it was aimed at the screen that is gone."""
        kind = event.type
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            what: tuple[str, int] = ("button", int(getattr(event, "button", 1)))
        elif kind in (pygame.KEYDOWN, pygame.KEYUP):
            what = ("key", int(getattr(event, "key", 0)))
        else:
            return False
        if kind in (pygame.MOUSEBUTTONUP, pygame.KEYUP):
            if what in self._swallowed:
                self._swallowed.discard(what)
                if what[0] == "key":
                    self.keys_down.pop(what[1], None)   # up all the same (a press refused once stamped was held)
                return True
            return False
        if what[0] == "key" and (what[1] in self.keys_down or what[1] == pygame.K_ESCAPE):
            return False   # a key-repeat is no new press; Esc, Esc is "back, back" (it loses nothing)
        pos = tuple(getattr(event, "pos", (0, 0)))
        last, self._last_press = self._last_press, (what, self.now, pos, top, moment)
        if last is None or last[0] != what:
            return False   # another press came between: this one is aimed at what is on screen now
        new_screen = type(last[3]) is not type(top)
        if not new_screen and (what[0] == "key" or last[4] == moment):
            return False   # the same screen, or one of its kind rebuilt (a replay's step): each press counts
        if self.now - last[1] > (SETTLE_SECONDS if new_screen and what[0] == "button" else DOUBLE_CLICK_SECONDS):
            return False   # a pause: the new screen was seen (or, on one screen, no double-click)
        if abs(pos[0] - last[2][0]) > DOUBLE_CLICK_SPOT or abs(pos[1] - last[2][1]) > DOUBLE_CLICK_SPOT:
            return False
        # a third press is still the first screen's (a hand mashing through a new screen stays the old one's);
        # within one screen only the double-click's own time from its first press: a hand clicking on at its
        # own next prompt (Diced Out's reroll, thrown again and again) gets through
        since = self.now if new_screen else last[1]
        self._last_press = (what, since, pos, last[3], last[4])
        self.drop(event)
        return True

    def press_behind_a_change(self, event: pygame.event.Event) -> bool:
        """Drop a press that reached the app in the same frame as an earlier
        press that changed the screen (the change not yet made): the person
        could not have seen the new screen, so it was aimed at the old one,
        and the old one must not take it twice (a double-click whose two
        presses land in one frame on a busy machine popped the curtain and
        then the table under it).  Its release is dropped with it."""
        if event.type not in PRESSES:
            return False
        self.drop(event)
        return True

    def drop(self, event: pygame.event.Event) -> None:
        """A press (KEYDOWN or MOUSEBUTTONDOWN) no screen takes: its release
        goes with it, and to whatever shows now it is a hand still mashing
        (``last_dropped``, ``IntentGate``).  A held key's repeat keeps its
        own release."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._swallowed.add(("button", int(getattr(event, "button", 1))))
        elif event.type == pygame.KEYDOWN:
            key = int(getattr(event, "key", 0))
            stamped = "began" in event.dict
            if bool(event.dict.get("repeat")) if stamped else key in self.keys_down:
                return   # a held key's repeat: its own release stays its own
            self._swallowed.add(("key", key))
        else:
            return
        self.last_dropped = self.now

    def stamp(self, event: pygame.event.Event) -> pygame.event.Event:
        """``event`` with ``began`` (and ``repeat`` on KEYDOWN) added; other
        events as they are.  A KEYDOWN that says ``repeat=False`` itself is a
        new press whose release is not modelled (tests that send only the press)."""
        kind = event.type
        if kind == pygame.KEYDOWN:
            key = int(getattr(event, "key", 0))
            if event.dict.get("repeat") is False:   # a press whose release is not modelled
                self.keys_down.pop(key, None)
                return pygame.event.Event(kind, {**event.dict, "began": self.now})
            repeat = key in self.keys_down
            if not repeat:
                self.keys_down[key] = self.now
            return pygame.event.Event(kind, {**event.dict, "repeat": repeat, "began": self.keys_down[key]})
        if kind == pygame.KEYUP:
            began = self.keys_down.pop(int(getattr(event, "key", 0)), self.now)
            return pygame.event.Event(kind, {**event.dict, "began": began})
        if kind == pygame.MOUSEBUTTONDOWN:
            return pygame.event.Event(kind, {**event.dict, "began": self.now})
        if kind == getattr(pygame, "WINDOWFOCUSLOST", -1):
            self.keys_down.clear()   # their releases go to another window
        return event


class IntentGate:
    """Opens ``seconds`` after its control is first drawn; passes a press that
    began after that and is no key-repeat (see the module docstring)."""

    def __init__(self, clock: InputClock, seconds: float = MIN_SECONDS):
        self.clock = clock
        self.seconds = seconds
        self.retry = min(seconds, RETRY_SECONDS)
        """The wait a refused (or dropped) press restarts (``RETRY_SECONDS``)."""
        self.ready_at: float | None = None
        """App time from which a press may pass; None until the control is shown."""

    def shown(self) -> None:
        """The control is on screen (call each time it is drawn; the first counts)."""
        if self.ready_at is None:
            self.ready_at = self.clock.now + self.seconds

    def hidden(self) -> None:
        """The control left the screen: it waits its full time again when next shown."""
        self.ready_at = None

    def again(self, seconds: float | None = None) -> None:
        """The control is on screen again after something covered it: it
        waits ``seconds`` (its own time if None) from now."""
        self.ready_at = self.clock.now + (self.seconds if seconds is None else seconds)

    @property
    def is_open(self) -> bool:
        return self.ready_at is not None and self.clock.now >= self.ready_at

    def accepts(self, event: pygame.event.Event) -> bool:
        """Is ``event`` (a KEYDOWN or MOUSEBUTTONDOWN) a press meant for the control?"""
        if event.type not in PRESSES:
            return False
        began = getattr(event, "began", self.clock.now)
        dropped = self.clock.last_dropped
        if self.ready_at is not None and dropped is not None:
            # a press the app dropped (a mash chained to the press that changed
            # the screen) never reached this control, yet it is the same hand
            # mashing: it restarts the wait as a refused press would
            self.ready_at = max(self.ready_at, dropped + self.retry)
        ok = (self.ready_at is not None and not getattr(event, "repeat", False) and began >= self.ready_at)
        if not ok and self.ready_at is not None:
            self.ready_at = max(self.ready_at, self.clock.now + self.retry)   # a mashing hand waits again
        return ok


class SecondPress:
    """A move that cannot be taken back (Call, Jinto, an out-of-turn call):
    the first press arms it ("Sure?"), a second press fires it, but only a
    press that began once the "Sure?" had been on screen ``seconds`` (an
    ``IntentGate``), so a double-click or a doubled key only arms it."""

    def __init__(self, clock: InputClock | None = None, seconds: float = MIN_SECONDS):
        self.armed: object | None = None
        """What was pressed once (a challenge's name, a seat), or None."""
        self.gate = IntentGate(clock or InputClock(), seconds)

    def press(self, choice: object, event: pygame.event.Event | None = None) -> bool:
        """``choice`` pressed by ``event``: True when this press fires it."""
        if self.armed != choice:
            self.armed = choice
            self.gate.hidden()
            return False
        if event is None or not self.gate.accepts(event):
            return False   # too soon, or a repeat: it stays armed
        self.armed = None
        return True

    def shown(self) -> None:
        """The armed "Sure?" is drawn (its time on screen counts from the first drawing)."""
        if self.armed is not None:
            self.gate.shown()

    WAIT_WORDS = "wait a moment\u2026"
    """The armed button's line while a second press would only re-arm it."""

    def again_words(self, key: str) -> str:
        """The line under an armed "Sure?": ``WAIT_WORDS`` until a second press
        would fire it (a press before then only re-arms it and the wait starts
        over), then "<key> or click again".  Issue 39: "click again" showed
        from the first frame, and a press in the first half second did
        nothing visible."""
        return f"{key} or click again" if self.gate.is_open else self.WAIT_WORDS

    def cancel(self) -> None:
        self.armed = None
        self.gate.hidden()
