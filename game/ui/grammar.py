"""How sentences name a seat: decided by the seats' KIND, never by a name.

The one human at a table of AI opponents is the person at the screen, so
sentences talk to them: "You open the bidding", "your dice".  Every other
seat, and every human when several share the screen (hot-seat), is named in
the third person: "Player 2 opens the bidding", "Mags's dice".  A human who
typed "You" as a name in a hot-seat game is still a third person, and a
lone human called "Ann" is still "you".

    words = Voice(match.seats)
    f"{words.subject(p)} {words.verb(p, 'loses', 'lose')} a die."
"""
from __future__ import annotations

from typing import Sequence


class Voice:
    """Grammar for the seats of one table (see the module docstring)."""

    def __init__(self, seats: Sequence, *, spectator: bool = False):
        """``spectator``: the person at the screen plays no seat (a replay), so nobody is "you"."""
        humans = [i for i, s in enumerate(seats) if not getattr(s, "is_ai", False)]
        self.you: int | None = humans[0] if len(humans) == 1 and not spectator else None
        """The seat addressed as "you" (the lone human), or None."""
        self.names = [str(getattr(s, "name", "?")) for s in seats]

    def is_you(self, seat: int) -> bool:
        return seat == self.you and seat is not None

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def subject(self, seat: int) -> str:
        """"You" or the seat's name, to start a sentence."""
        return "You" if self.is_you(seat) else self.name(seat)

    def object(self, seat: int) -> str:
        """"you" or the name, inside a sentence ("bid by you")."""
        return "you" if self.is_you(seat) else self.name(seat)

    def possessive(self, seat: int, capital: bool = True) -> str:
        """"Your" / "your" or "Ann's"."""
        if self.is_you(seat):
            return "Your" if capital else "your"
        return self.name(seat) + "'s"

    def verb(self, seat: int, third: str, second: str) -> str:
        """``third`` ("loses") for a named seat, ``second`` ("lose") for you."""
        return second if self.is_you(seat) else third

    def ask(self, seat: int, request: str) -> str:
        """A request to the seat: "Roll the bone?" to you, "Mags, roll the bone?"."""
        if self.is_you(seat):
            return request[:1].upper() + request[1:]
        return f"{self.name(seat)}, {request}"

    def says(self, seat: int, third: str, second: str) -> str:
        """Subject and verb: "You lose" / "Mags loses"."""
        return f"{self.subject(seat)} {self.verb(seat, third, second)}"
