"""Who may see which hidden dice: one policy, asked per die per frame.

Liar's Dice and Roll Call hide each player's dice.  The table asks
``Secrecy.may_show(owner)`` every time it draws a hidden die (a die in
flight, a cup, a tray), so a decision is never remembered past a frame.

* **replay**: the game is over, every hand is shown (as when the cups come up).
* **solo**: one human with AI opponents: that human's dice always, nobody
  else's (nothing hidden from the only person looking).
* **watch**: no human seat (or nothing hidden): nobody's.
* **hot-seat**: a hidden-dice game with two or more humans at one screen,
  modelled on the physical table: every cup is down by default.  The
  pass-the-screen curtain *confirms* who sits at the screen
  (``confirm(seat)``); that seat, and only that seat, may lift its own cup
  by holding the peek key or button (``peek()``), and the cup drops
  (``drop()``) when they let go, when anyone acts, when a throw starts,
  when another screen covers the table, and when the screen is passed on.
  A public reveal (a Call) ends the confirmation (``forget()``): the next
  human to act is confirmed by the curtain again.  The mode is fixed for
  the game: a human who is out still watches the same screen.
  Outside the confirmed human's own turn (an AI thinks, another human's
  out-of-turn call is due) a peek must first name its owner
  (``needs_owner``): the table asks whose cup, and a human other than the
  confirmed one gets the screen by a short hand-over curtain
  (``confirm(seat, named=True)``); the naming holds until the table moves
  on (``table_moved()``).

* **phones** (issue 44), a case apart from the four modes: a seat that plays
  on its own phone (``set_phones``) has its hidden dice on that phone only;
  on this screen they are never face-up (``on_phone``), whatever the mode
  says for the others, and it needs no curtain or peek.

Design decision (DESIGN.md, hidden information): in hot-seat the acting
human does NOT see their dice automatically on their turn; they peek, as
at a real table, and a "Peek at my dice" button plus a hint under it say
how.  That keeps every hidden die covered whenever nobody deliberately
looks, so another human may call out of turn (Roll Call) or glance at the
screen at any time without seeing a hidden face.
"""
from __future__ import annotations

from typing import Sequence

REPLAY, SOLO, WATCH, HOTSEAT = "replay", "solo", "watch", "hot-seat"


class Secrecy:
    """The visibility policy of one table (see the module docstring)."""

    def __init__(self, humans: Sequence[int], *, hidden_dice: bool, replay: bool = False):
        self.humans = tuple(humans)
        if replay:
            self.mode = REPLAY
        elif len(self.humans) >= 2 and hidden_dice:
            self.mode = HOTSEAT
        elif len(self.humans) == 1:
            self.mode = SOLO
        else:  # nobody human, or several humans and no hidden dice to guard
            self.mode = WATCH
        self.confirmed: int | None = None
        """Hot-seat: the seat the curtain last confirmed at the screen."""
        self.peeking = False
        """Hot-seat: the confirmed seat holds its cup up right now."""
        self.phones: frozenset[int] = frozenset()
        """Seats playing on their own phones: their hidden dice are never drawn face-up here."""
        self.named = False
        """Hot-seat: the confirmed seat was named as the peeker outside its own
        turn, and nothing has moved on the table since."""

    @property
    def hotseat(self) -> bool:
        return self.mode == HOTSEAT

    # --- the question asked per die per frame ---------------------------------
    def may_show(self, owner: int) -> bool:
        """May a hidden die of ``owner`` be drawn face-up now?"""
        if self.on_phone(owner):
            return False
        if self.mode == REPLAY:
            return True
        if self.mode == SOLO:
            return owner == self.humans[0]
        if self.mode == HOTSEAT:
            return self.peeking and self.confirmed is not None and owner == self.confirmed
        return False

    def shown_to_all(self, owner: int) -> bool:
        """Are ``owner``'s hidden dice face-up for everybody at this screen
        (a replay: every hand; solo: the lone human's own)?  Anything said of
        other hidden dice, such as an AI's reason for a bid, would give them
        away (game/ui/ai_reasons.py)."""
        if self.on_phone(owner):
            return False
        if self.mode == REPLAY:
            return True
        return self.mode == SOLO and owner == self.humans[0]

    @property
    def viewer(self) -> int | None:
        """The one seat whose hidden dice are face-up now (odds lines and the
        picker's preselection may use its faces), or None."""
        seat = None
        if self.mode == SOLO:
            seat = self.humans[0]
        elif self.mode == HOTSEAT and self.peeking:
            seat = self.confirmed
        return None if seat is None or self.on_phone(seat) else seat

    # --- phones (issue 44) ----------------------------------------------------
    def set_phones(self, seats) -> None:
        """These seats play on their own phones from now on (the others on this screen)."""
        self.phones = frozenset(seats)
        if self.confirmed in self.phones:
            self.forget()

    def on_phone(self, owner: int) -> bool:
        """Are ``owner``'s hidden dice on a phone, never face-up here?  (Not
        in a replay: the game is over and every hand is shown.)"""
        return self.mode != REPLAY and owner in self.phones

    # --- hot-seat events ------------------------------------------------------
    def confirm(self, seat: int, *, named: bool = False) -> None:
        """The curtain confirmed ``seat`` sits at the screen (cup still down);
        ``named``: for a peek outside its own turn (``needs_owner``)."""
        self.confirmed = seat
        self.peeking = False
        self.named = named

    def forget(self) -> None:
        """The screen is passed on or every hand went public: nobody is confirmed."""
        self.confirmed = None
        self.peeking = False
        self.named = False

    def needs_owner(self, acting: int | None) -> bool:
        """Must a peek now ask whose cup first?  In hot-seat, unless the
        confirmed human is the one to act (their own turn) or was just named."""
        if not self.hotseat:
            return False
        return self.confirmed is None or not (acting == self.confirmed or self.named)

    def name_owner(self, seat: int) -> bool:
        """Whose cup, answered: True when ``seat`` already sits at the screen
        (it may peek at once), False when the screen must be handed to it first."""
        if seat == self.confirmed:
            self.named = True
            return True
        return False

    def table_moved(self) -> None:
        """Somebody acted: the cup drops and a naming for a peek lapses."""
        self.peeking = False
        self.named = False

    def peek(self) -> bool:
        """Lift the confirmed seat's cup; False when nobody may peek."""
        if not self.hotseat or self.confirmed is None:
            return False
        self.peeking = True
        return True

    def drop(self) -> None:
        """The cup drops (let go, someone acted, something happens)."""
        self.peeking = False
