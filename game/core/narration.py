"""The game log as data: every action of a match told in a player's words.

A game supplies a *narrator* (``narrate.py`` in its slice, found through
``games.narrator``): ``narrate(before, player, action, after, names)`` returns
the sentences for one applied action (chance outcomes included) and
``round_title(state)`` names the round a state is in; optionally
``acting_seat(before, player, action)`` says whose move a chance outcome is
(a seat's own throw), for the "since your last turn" summary.  The moves the
rules make by themselves (``State.automatic_moves``: a forced ante, a forced
"no bone") are told with the same ``narrate``, as that seat's move, right
after the action that led to them (``before`` and ``after`` are then both
the state they led to, under its round's heading): every move is in the log,
whoever or whatever made it.  Narrators state only
public facts: a die hidden under a cup is never described before its cup
comes up, so the log is safe at a hot-seat table.

Sentences are mostly in the past tense with the seat as subject ("Mags bid
four fives", "You called"), where English does not change with the person.
The ``name`` a narrator is given is the table's ``Voice``
(``game.core.grammar``; ``name(seat)`` is the subject: "You" for the lone
human at the screen, else the seat's name); a seat named inside a sentence
is ``voice_of(name).object(seat)`` ("bid by you"), and a present-tense verb
agrees through ``voice_of(name).says(seat, "starts", "start")``.  All number
words and lists come from the helpers below, the one place to change the
wording for every game.

``GameLog`` follows a match's history (it keeps its own copy of the state,
so a continued game or a replay gets the whole story, not just what was seen
since the table opened), grouped by round, and knows which entries came
after a seat's last own action (the "since your last turn" summary).
Pure Python: no pygame."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .grammar import Voice
from .protocol import CHANCE

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve")


NO_BREAK = "\u00a0"
"""A space a wrapped line never breaks at (``theme.wrap_text`` breaks at plain spaces only)."""


def unbroken(text: str) -> str:
    """``text`` kept on one line when wrapped: a name with its number ("Hilda 7")."""
    return text.replace(" ", NO_BREAK)


def number(n: int) -> str:
    """"three", or digits from 13 on."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def a_number(n: int) -> str:
    """A die's face as a thing rolled: "a 6", "an 8", "an 11" (never a bare
    "with 6" beside a count of dice)."""
    return f"{'an' if str(n).startswith('8') or n in (11, 18) else 'a'} {n}"


def there(n: int) -> str:
    """"there was one", "there were three", "there were no"."""
    return f"there {'was' if n == 1 else 'were'} {number(n)}"


def plural(n: int, word: str, words: str | None = None) -> str:
    """"1 die", "3 dice", "no dice" (``words``: the irregular plural)."""
    return f"{number(n) if n == 0 else n} {word if n == 1 else (words or word + 's')}"


def listing(items: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


@dataclass(frozen=True)
class LogEntry:
    """One sentence of the log."""
    index: int          # the history position of the action told (0-based)
    round: str          # the round heading it belongs under
    text: str
    actor: int          # the seat that acted (a seat's own throw counts as theirs), or CHANCE
    note: bool = False  # added by the table after the action (``GameLog.note``), not told by the narrator
    automatic: bool = False   # a move the rules made for the seat (``State.automatic_moves``)


Narrate = Callable[[Any, int, Any, Any, Callable[[int], str]], Sequence[str]]


def plain_narrate(before, player, action, after, name) -> list[str]:
    """Fallback for a game without a narrator: the action's own label."""
    if player == CHANCE:
        return []
    return [f"{name(player)}: {action.label()}"]


class GameLog:
    """The log of one match (see the module docstring)."""

    def __init__(self, initial_state, names: Sequence[str], narrator=None, words: Voice | None = None):
        """``words``: the table's ``Voice`` (who is "you"); by default nobody is."""
        self._initial = initial_state
        self.names = list(names)
        self.words = words if words is not None else Voice.named(self.name)
        self._narrate: Narrate = getattr(narrator, "narrate", None) or plain_narrate
        self._round_title = getattr(narrator, "round_title", None) or (lambda state: "")
        self._acting_seat = getattr(narrator, "acting_seat", None) or (lambda before, player, action: player)
        self.entries: list[LogEntry] = []
        self._state = initial_state
        self._done = 0
        self._last_own: dict[int, int] = {}   # seat -> entries count after its last own action
        self._notes: dict[int, list[tuple[int, str]]] = {}   # history index -> (seat, text) told after it
        self._told: list[tuple[Any, int]] = []   # per action told: (the state before it, its actor)

    def name(self, seat: int) -> str:
        """A seat's name for the log, a question mark for a seat the record does not have."""
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    def sync(self, history: Sequence[tuple[int, Any]]) -> list[LogEntry]:
        """Tell every action of ``history`` not told yet; returns the new
        entries.  A shorter history (a replay stepped back) starts over."""
        if len(history) < self._done:
            self._notes = {i: notes for i, notes in self._notes.items() if i < len(history)}
            self._cut(len(history))
        new: list[LogEntry] = []
        if self._done == 0 and not self.entries:
            new += self._tell_automatic(-1, self._initial)   # the rules' own moves before the first action
        for i in range(self._done, len(history)):
            player, action = history[i]
            before = self._state
            heading = self._round_title(before)
            after = before.apply(player, action)
            lines = list(self._narrate(before, player, action, after, self.words))
            actor = self._acting_seat(before, player, action)
            self._told.append((before, actor))
            batch = [LogEntry(i, heading, text, actor) for text in lines]
            batch += [LogEntry(i, heading, text, seat, note=True) for seat, text in self._notes.get(i, ())]
            new += batch
            self.entries += batch
            if actor != CHANCE:
                self._last_own[actor] = len(self.entries) - len(self._notes.get(i, ()))
            new += self._tell_automatic(i, after)
            self._state = after
            self._done = i + 1
        return new

    def moves(self, history: Sequence[tuple[int, Any]]) -> list[tuple[int, Any]]:
        """Every move of a seat in the told part of ``history``, in order,
        each followed by the moves the rules then made by themselves
        (``State.automatic_moves``), as the table's commentary said them;
        chance outcomes left out.  From the states the log kept: no replay."""
        out: list[tuple[int, Any]] = []
        for i in range(min(self._done, len(history))):
            player, action = history[i]
            if player != CHANCE:
                out.append((player, action))
            after = self._told[i + 1][0] if i + 1 < len(self._told) else self._state
            out += after.automatic_moves()
        return out

    def _cut(self, done: int) -> None:
        """The log as telling the first ``done`` actions makes it, without
        telling them again (a move taken back: retelling a long game took
        10-40 ms in the undo's frame): their entries kept, the state before
        the first one cut, and where each seat's last own sentences end."""
        self.entries = [e for e in self.entries if e.index < done]
        self._state = self._told[done][0] if done < len(self._told) else self._initial
        del self._told[done:]
        self._done = done
        ends: dict[int, int] = {}      # action -> the position after its own sentences
        starts: dict[int, int] = {}    # action -> the position of its first entry
        for pos, entry in enumerate(self.entries):
            starts.setdefault(entry.index, pos)
            if not entry.note and not entry.automatic:
                ends[entry.index] = pos + 1
        self._last_own = {}
        following = len(self.entries)
        for i in range(done - 1, -1, -1):   # latest first: a seat's last own action wins
            start = starts.get(i, following)
            actor = self._told[i][1]
            if actor != CHANCE and actor not in self._last_own:
                self._last_own[actor] = ends.get(i, start)
            following = start

    def note(self, index: int, seat: int, texts: Sequence[str]) -> None:
        """Add ``texts`` about ``seat`` after the sentences of the action at
        history ``index`` (already told), under its round: what the table
        learned only then, e.g. an AI's thinking told at the reveal
        (game/ui/ai_reasons.py).  Kept when the log is told again from the
        start, dropped when the history is cut before ``index``."""
        if not texts or not 0 <= index < self._done:
            return
        self._notes.setdefault(index, []).extend((seat, text) for text in texts)
        at = next((k for k, e in enumerate(self.entries) if e.index > index or (e.index == index and e.automatic)),
                  len(self.entries))   # after the action's sentences and notes, before the rules' own moves
        told = [e for e in self.entries[:at] if e.index == index]
        heading = told[-1].round if told else self.entries[at - 1].round if at else ""
        self.entries[at:at] = [LogEntry(index, heading, text, seat, note=True) for text in texts]
        self._last_own = {s: n + len(texts) if n > at else n for s, n in self._last_own.items()}

    def _tell_automatic(self, index: int, state) -> list[LogEntry]:
        """The moves the rules made by themselves on the way to ``state``,
        each told as that seat's move (not its own decision: the "since your
        last move" summary still counts from the seat's last real one)."""
        moves = state.automatic_moves()
        if not moves:
            return []
        heading = self._round_title(state)
        batch = [LogEntry(index, heading, text, player, automatic=True)
                 for player, action in moves for text in self._narrate(state, player, action, state, self.words)]
        self.entries += batch
        return batch

    def rounds(self) -> list[tuple[str, list[LogEntry]]]:
        """The entries grouped under their round headings, in order."""
        out: list[tuple[str, list[LogEntry]]] = []
        for entry in self.entries:
            if not out or out[-1][0] != entry.round:
                out.append((entry.round, []))
            out[-1][1].append(entry)
        return out

    def has_acted(self, seat: int) -> bool:
        """Whether ``seat`` has acted yet (the summary since your last move needs one)."""
        return seat in self._last_own

    def since_last_turn(self, seat: int) -> list[LogEntry]:
        """What others did since ``seat`` last acted (all of it if they never did)."""
        start = self._last_own.get(seat, 0)
        return [e for e in self.entries[start:] if not e.note]
