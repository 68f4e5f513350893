"""The screen passing from one person to another with no curtain between.

Roll the Bones, Roll For It! and Diced Out hide no dice, so two or more
people share the screen with no pass-the-screen curtain: one person's move
hands the turn straight to the next person's buttons, at the same place.
qa29 found one person's double-click ante for the next ("Ante 2 six-siders"
twice: Ann's ante and Ben's), say "bone!" for them, or throw their dice
(twelve clicks on Diced Out's roll prompt threw the next player's too).

``HandOver`` (the table's ``hand_over``) notices when the human the table
waits on at this screen (a decision, or a throw by hand) becomes another
human, and then lets a press through only once that person's turn has been
on screen ``MIN_SECONDS`` (an ``IntentGate``, as the curtain's button): a
double-click or a hand still mashing is the last person's, a key's repeat
never counts.  The same person acting again, one human with AIs, a hot-seat
table (its curtain guards the hand-over), phone seats and replays pass at once.

The wait starts when the new person's controls are first drawn
(``drawn``), not when the turn changes: where they show only after an
animation (Diced Out's penalty panel under the "Round over" stamp) a hand
mashing through it never meets them open.  Diced Out's bonus free mark is a
moment of its own (``decision_kind``): Ben's throw landed on 12, Ann's click
on the sheet a moment later is not Ben's mark.

At any table, the second click of a double-click whose first click moved the
game is dropped too (``moment``, read by ``InputClock.second_press``): it was
aimed at the button the move took away (with reduced motion Roll For It!'s
"Roll for it!" double-clicked pressed the "Keep the rest" that took its
place, and the turn ended with nothing placed).  Moves by AIs alone in
between do not count: a player mashing Roll Call's "Call!" while the AIs bid
means every press.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from .intent import PRESSES, IntentGate

if TYPE_CHECKING:
    from ..core.match import Match
    from .secrecy import Secrecy
    from .services import AppServices


class HandOverTable(Protocol):
    """What the hand-over asks of its table."""

    app: AppServices
    match: Match
    secrecy: Secrecy
    replay: object | None

    @property
    def waiting_thrower(self) -> int | None: ...
    @property
    def is_top(self) -> bool: ...
    def deciding_human(self) -> int | None: ...
    def decision_kind(self) -> object: ...


class HandOver:
    """Shuts the table's buttons briefly when another person takes the screen (module docstring)."""

    def __init__(self, table: HandOverTable):
        self.table = table
        self.gate = IntentGate(table.app.input)
        self.turn: tuple[int, object] | None = None
        """The human the table last waited on at this screen, and for what (``decision_kind``)."""
        self.shut = False
        """A new person's turn is up and no press of theirs has passed yet."""
        screen = [i for i, s in enumerate(table.match.seats) if not s.is_ai]
        self.shared = table.replay is None and not table.secrecy.hotseat and len(screen) >= 2

    def screen_seat(self) -> int | None:
        """The human the table waits on at this screen now (not on a phone), or None."""
        t = self.table
        seat = t.waiting_thrower if t.waiting_thrower is not None else t.deciding_human()
        if seat is None or t.secrecy.on_phone(seat):
            return None
        return seat

    def update(self) -> None:
        """Notice a turn passing to another person, or a moment of its own
        (each frame, and before a press): the buttons shut until shown."""
        if not self.shared:
            return
        seat = self.screen_seat()
        if seat is None:
            return
        turn = (seat, self.table.decision_kind())
        if turn == self.turn:
            return
        if self.turn is not None:
            self.gate.hidden()
            self.shut = True
        self.turn = turn

    def drawn(self, controls: bool) -> None:
        """The frame drew the person's controls (``controls``: any that take a
        press): the wait counts from the first frame they are on screen."""
        self.update()
        if self.shut and controls and self.table.is_top:
            self.gate.shown()

    def refuses(self, event: pygame.event.Event) -> bool:
        """Is ``event`` a press the last person made at the new person's turn?
        Refused, it is dropped with its release (``InputClock.drop``)."""
        if event.type not in PRESSES:
            return False
        self.update()
        if not self.shut:
            return False
        if self.gate.accepts(event):
            self.shut = False
            return False
        self.table.app.input.drop(event)
        return True

    def moment(self) -> int | None:
        """Where the record stood after the last move by a person or a throw
        (an AI's moves leave it): a click's second click outliving it is
        dropped (``Scene.press_moment``); None in a replay (each step counts)."""
        t = self.table
        if t.replay is not None:
            return None
        seats = t.match.seats
        history = t.match.history
        for index in range(len(history) - 1, -1, -1):
            player = history[index][0]
            if player < 0 or not seats[player].is_ai:
                return index
        return -1

    @property
    def waiting(self) -> bool:
        """The new person's buttons do not take a press yet (the throw prompt dims)."""
        return self.shut and not self.gate.is_open
