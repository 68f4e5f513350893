"""How sentences name a seat: decided by the seats' KIND, never by a name.

The one human at a table of AI opponents is the person at the screen, so
sentences talk to them: "You open the bidding", "your dice".  Every other
seat, and every human when several share the screen (hot-seat), is named in
the third person: "Player 2 opens the bidding", "Mags's dice".  A human who
typed "You" as a name in a hot-seat game is still a third person, and a
lone human called "Ann" is still "you".

    words = Voice(match.seats)
    f"{words.subject(p)} {words.verb(p, 'loses', 'lose')} a die."

Pure Python (no pygame): the table (game/ui), the game log's narrators
(game/core/narration.py, each slice's ``narrate.py``) and the AIs' "why"
lines (game/core/bidbrain.py) all speak through it.  A ``Voice`` is also
callable (``words(seat)`` is ``subject``), so it is the ``name`` a narrator
is given; ``voice_of(name)`` turns any plain ``name(seat)`` function into a
``Voice`` in which nobody is "you".
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence


class Voice:
    """Grammar for the seats of one table (see the module docstring)."""

    def __init__(self, seats: Sequence, *, spectator: bool = False):
        """``spectator``: the person at the screen plays no seat (a replay), so nobody is "you"."""
        humans = [i for i, s in enumerate(seats) if not getattr(s, "is_ai", False)]
        self.you: int | None = humans[0] if len(humans) == 1 and not spectator else None
        """The seat addressed as "you" (the lone human), or None."""
        self.names = [str(getattr(s, "name", "?")) for s in seats]
        self._named: Optional[Callable[[int], str]] = None

    @classmethod
    def named(cls, names: Sequence[str] | Callable[[int], str], you: int | None = None) -> "Voice":
        """A voice over plain names (a list, or a ``name(seat)`` function) with
        ``you`` the seat spoken to as "you" (None: nobody), for code that
        holds names and the lone human's seat rather than the seats."""
        voice = cls(())
        voice.you = you
        if callable(names):
            voice._named = names
        else:
            voice.names = [str(n) for n in names]
        return voice

    def is_you(self, seat: int) -> bool:
        return seat == self.you and seat is not None

    def name(self, seat: int) -> str:
        if self._named is not None:
            return self._named(seat)
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def subject(self, seat: int) -> str:
        """"You" or the seat's name, to start a sentence."""
        return "You" if self.is_you(seat) else self.name(seat)

    __call__ = subject

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

    def says_inside(self, seat: int, third: str, second: str) -> str:
        """Subject and verb inside a sentence: "you call" / "Mags calls"."""
        return f"{self.object(seat)} {self.verb(seat, third, second)}"

    def group(self, seats: Sequence[int], start: bool = False) -> list[str]:
        """Several seats named together, to be joined ("Mags & you"): each as
        inside a sentence, the first as its start when ``start``."""
        return [self.subject(p) if start and i == 0 else self.object(p) for i, p in enumerate(seats)]


def voice_of(name: Voice | Callable[[int], str]) -> Voice:
    """``name`` as a ``Voice``: itself if it is one, else a voice over the
    plain ``name(seat)`` function in which nobody is "you"."""
    return name if isinstance(name, Voice) else Voice.named(name)
