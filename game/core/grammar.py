"""How sentences name a seat: "you" is decided by the seats' KIND, never by a name.

The one human at a table of AI opponents is the person at the screen, so
sentences talk to them: "You open the bidding", "your dice".  Every other
seat, and every human when several share the screen (hot-seat), is named in
the third person: "Player 2 opens the bidding", "Mags's dice".  A lone
human called "Ann" is still "you".

A seat's NAME may itself be a pronoun: the lone human's default name is
"You", so every replay of a solo game has a seat called "You", and nobody at
the screen is "you" there (nor in hot-seat).  Such a name is spoken as the
pronoun it is, with its own verb and cases, never as "You is out" or "You's
dice": "You are out!", "Your dice", "Mags takes a die from you"; "I am out",
"Me" -> "my dice"; "They lose", "their dice".  Only where another seat is
really "you" does a seat named "You" stay a name, in quotes ('"You" is out')
so the two never blur.

    words = Voice(match.seats)
    f"{words.subject(p)} {words.verb(p, 'loses', 'lose')} a die."

Pure Python (no pygame): the table (game/ui), the game log's narrators
(game/core/narration.py, each slice's ``narrate.py``) and the AIs' "why"
lines (game/games/bidding/brain.py) all speak through it.  A ``Voice`` is also
callable (``words(seat)`` is ``subject``), so it is the ``name`` a narrator
is given; ``voice_of(name)`` turns any plain ``name(seat)`` function into a
``Voice`` in which nobody is "you".

A name with a right-to-left letter (Hebrew, Arabic) is set apart in every
sentence a ``Voice`` builds (``isolated``: Unicode's first-strong isolate,
U+2068 ... U+2069, as a web page's ``<bdi>``), so the drawing reads the
sentence left to right and the name in its own direction, its digits and
marks kept with it ("2 דוד bids 3 fives", never "דוד bids 3 fives 2").
Names stay plain where they are stored (saves, replays, settings) and on
a label of their own (a nameplate): only sentences carry the marks, and the
drawing never shows them (``game.ui.glyphs``).
"""
from __future__ import annotations

import unicodedata
from typing import Callable, Optional, Sequence

ISOLATE = "\u2068"
"""FIRST STRONG ISOLATE: a name in a sentence starts here."""
ISOLATE_END = "\u2069"
"""POP DIRECTIONAL ISOLATE: the name ends here."""

_RIGHT_TO_LEFT = frozenset(("R", "AL"))


def isolated(name: str) -> str:
    """``name`` set apart from the sentence around it if it holds a
    right-to-left letter (module docstring); any other name reads the same
    either way in an English sentence and stays as typed."""
    if name.isascii() or name.startswith(ISOLATE) and name.endswith(ISOLATE_END) \
            or not any(unicodedata.bidirectional(ch) in _RIGHT_TO_LEFT for ch in name):
        return name   # (set apart once: a name a sentence was given already marked)
    return f"{ISOLATE}{name}{ISOLATE_END}"


_PRONOUNS: dict[str, tuple[str, str, str, int]] = {
    # a name (lower case): its subject, object and possessive forms and its person
    # (1: "I am", 2: the plain verb, "you lose" / "they lose", 3: "he loses")
    "you": ("You", "you", "Your", 2),
    "i": ("I", "me", "My", 1), "me": ("I", "me", "My", 1),
    "we": ("We", "us", "Our", 2), "us": ("We", "us", "Our", 2),
    "they": ("They", "them", "Their", 2), "them": ("They", "them", "Their", 2),
    "he": ("He", "him", "His", 3), "him": ("He", "him", "His", 3),
    "she": ("She", "her", "Her", 3), "her": ("She", "her", "Her", 3),
    "it": ("It", "it", "Its", 3),
}
"""Names that are pronouns, spoken as themselves (see the module docstring)."""


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
        """The seat's name as typed (a label: "Mags", "You"); sentences use
        ``subject``, ``object`` and ``possessive``."""
        if self._named is not None:
            return self._named(seat)
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def _pronoun(self, seat: int) -> tuple[str, str, str, int] | None:
        """The forms of a seat whose name is a pronoun (None: a plain name,
        or "you" while another seat is really you)."""
        forms = _PRONOUNS.get(self.name(seat).strip().lower())
        if forms is None or (forms[0] == "You" and self.you is not None):
            return None
        return forms

    def _label(self, seat: int) -> str:
        """The name in a sentence: quoted if it says "you" while someone else
        is you, set apart if it reads right to left (``isolated``)."""
        name = self.name(seat)
        if self.you is not None and name.strip().lower() == "you":
            return f"\u201c{name}\u201d"
        return isolated(name)

    def speaker(self, seat: int) -> str:
        """The name as typed heading what the seat says ("Mags: Liar!"), set
        apart if it reads right to left."""
        return isolated(self.name(seat))

    def subject(self, seat: int) -> str:
        """"You" or the seat's name, to start a sentence."""
        if self.is_you(seat):
            return "You"
        forms = self._pronoun(seat)
        return forms[0] if forms else self._label(seat)

    __call__ = subject

    def object(self, seat: int) -> str:
        """"you" or the name, inside a sentence ("bid by you")."""
        if self.is_you(seat):
            return "you"
        forms = self._pronoun(seat)
        return forms[1] if forms else self._label(seat)

    def possessive(self, seat: int, capital: bool = True) -> str:
        """"Your" / "your" or "Ann's"."""
        if self.is_you(seat):
            return "Your" if capital else "your"
        forms = self._pronoun(seat)
        if forms:
            return forms[2] if capital else forms[2].lower()
        return self._label(seat) + "'s"

    def verb(self, seat: int, third: str, second: str) -> str:
        """``third`` ("loses") for a named seat, ``second`` ("lose") for you
        (and for a seat called "You" or "They"; "am"/"was" for one called "I")."""
        if self.is_you(seat):
            return second
        forms = self._pronoun(seat)
        if forms is None or forms[3] == 3:
            return third
        if forms[3] == 1:
            return {"are": "am", "were": "was"}.get(second, second)
        return second

    def ask(self, seat: int, request: str) -> str:
        """A request to the seat: "Roll the bone?" to you, "Mags, roll the bone?"."""
        if self.is_you(seat):
            return request[:1].upper() + request[1:]
        return f"{self.speaker(seat)}, {request}"   # a call by name: "You, roll the bone?" reads as one

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
