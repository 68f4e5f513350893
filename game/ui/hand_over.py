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

At any table, the second click of a double-click whose first click moved the
game is dropped too: it was aimed at the button the move took away (with
reduced motion Roll For It!'s "Roll for it!" double-clicked pressed the
"Keep the rest" that took its place, and the turn ended with nothing placed).
Moves by AIs alone in between do not count: a player mashing Roll Call's
"Call!" while the AIs bid means every press.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from .intent import DOUBLE_CLICK_SECONDS, DOUBLE_CLICK_SPOT, PRESSES, IntentGate

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
    def deciding_human(self) -> int | None: ...


class HandOver:
    """Shuts the table's buttons briefly when another person takes the screen (module docstring)."""

    def __init__(self, table: HandOverTable):
        self.table = table
        self.gate = IntentGate(table.app.input)
        self.seat: int | None = None
        """The human the table last waited on at this screen."""
        self.shut = False
        """A new person's turn is up and no press of theirs has passed yet."""
        self.last_click: tuple[int, float, tuple[int, int], int] | None = None
        """The last mouse press here: (button, app time, canvas spot, moves in the record before it)."""
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
        """Notice a turn passing to another person (each frame, and before a press)."""
        if not self.shared:
            return
        seat = self.screen_seat()
        if seat is None or seat == self.seat:
            return
        if self.seat is not None:
            self.gate.again()
            self.shut = True
        self.seat = seat

    def refuses(self, event: pygame.event.Event) -> bool:
        """Is ``event`` a press the last person made at the new person's turn?"""
        if event.type not in PRESSES:
            return False
        if self.second_click_after_a_move(event):
            return True
        self.update()
        if not self.shut:
            return False
        if self.gate.accepts(event):
            self.shut = False
            return False
        return True

    def second_click_after_a_move(self, event: pygame.event.Event) -> bool:
        """Is ``event`` the second press of a double-click whose first press moved the game?"""
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        now, moves = self.table.app.input.now, len(self.table.match.history)
        pos = tuple(getattr(event, "pos", (0, 0)))
        button = int(getattr(event, "button", 1))
        last, self.last_click = self.last_click, (button, now, (int(pos[0]), int(pos[1])), moves)
        if last is None or last[0] != button or now - last[1] > DOUBLE_CLICK_SECONDS:
            return False
        if not self.moved_by_a_person(last[3]):
            return False   # only AIs moved since (a Call! mashed while they bid is meant)
        if abs(pos[0] - last[2][0]) > DOUBLE_CLICK_SPOT or abs(pos[1] - last[2][1]) > DOUBLE_CLICK_SPOT:
            return False
        self.last_click = last   # a third click is still the first one's
        return True

    def moved_by_a_person(self, since: int) -> bool:
        """Did a person (or a throw) move the game since the record held ``since`` moves?"""
        seats = self.table.match.seats
        return any(player < 0 or not seats[player].is_ai
                   for player, _action in self.table.match.history[since:])

    @property
    def waiting(self) -> bool:
        """The new person's buttons do not take a press yet (the throw prompt dims)."""
        return self.shut and not self.gate.is_open
