"""Declared schemas for the files the player owns, checked field by field.

Every user file format (settings, stats, the game record used by the
autosave and the replays, and any later one such as a save journal) declares
here, per format name and version, what each field may hold: type, range,
string content, sizes and nesting.  ``check_document`` dispatches on
``format``/``version`` and raises ``SchemaError`` naming the first bad field
(``seats[1].name: contains a control character``); the loaders in
``userfiles`` turn that into one player message naming the file.

A small hand-written checker rather than a library (jsonschema, pydantic):
it adds no runtime dependency to the frozen build, distinguishes ``True``
from ``1`` and finite from infinite numbers by default, rejects lone
surrogates and control characters in text, and words its messages for
players.  The game-specific meaning of a record (is this move legal?) is
checked by replaying it (``Match.from_record``), not here.

Pure Python: no pygame.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

MAX_DEPTH = 32
"""Deepest nesting any user file may have (records nest about 6 levels)."""


class SchemaError(ValueError):
    """A value that does not fit its schema; ``path`` names the field."""

    def __init__(self, path: str, problem: str):
        super().__init__(f"{path or 'the file'}: {problem}" if path else problem)
        self.path = path
        self.problem = problem


def _join(path: str, key: object) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{_shown(key)}" if path else _shown(key)


def _shown(key: object) -> str:
    """A field name as a message may print it: one line, printable, short (a damaged file's
    keys can hold newlines, control characters or lone surrogates)."""
    text = str(key)
    if text.isprintable() and len(text) <= 60:
        return text
    return ascii(text[:60]) + ("..." if len(text) > 60 else "")


def text_problem(text: str) -> str | None:
    """Why a string may not be shown or saved (None when it is fine).

    NUL and other control characters break font rendering and terminals;
    a lone surrogate cannot be encoded at all."""
    for ch in text:
        o = ord(ch)
        if 0xD800 <= o <= 0xDFFF:
            return "contains a lone surrogate (invalid Unicode)"
        if o < 0x20 or 0x7F <= o < 0xA0:
            return "contains a control character"
        if o in (0xFFFE, 0xFFFF):
            return "contains a non-character"
    return None


class Node:
    """One schema node; ``check`` returns the (possibly normalised) value."""

    def check(self, value: Any, path: str) -> Any:  # pragma: no cover - abstract
        """The value if it fits this node (normalised), else ``SchemaError`` with its path."""
        raise NotImplementedError


def _number(value: Any, path: str, kinds: tuple[type[float], ...], noun: str, lo: float, hi: float) -> Any:
    """``value`` if it is one of ``kinds`` (never a bool) from ``lo`` to ``hi``
    (NaN is in no range), else ``SchemaError`` naming ``noun``."""
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise SchemaError(path, f"must be {noun}, not {_kind(value)}")
    if not lo <= value <= hi:
        raise SchemaError(path, f"must be from {lo} to {hi}")
    return value


@dataclass
class Int(Node):
    """A whole number within bounds (``True`` is refused: JSON's booleans are not numbers)."""
    lo: int
    hi: int

    def check(self, value, path):
        return _number(value, path, (int,), "a whole number", self.lo, self.hi)


@dataclass
class Float(Node):
    """A finite number within bounds, returned as a float (NaN and infinities refused)."""
    lo: float
    hi: float

    def check(self, value, path):
        value = _number(value, path, (int, float), "a number", self.lo, self.hi)
        if not math.isfinite(value):
            raise SchemaError(path, f"must be from {self.lo} to {self.hi}")
        return float(value)


@dataclass
class Bool(Node):
    """``true`` or ``false`` only (no 0/1), so a hand-edited file means what it says."""
    def check(self, value, path):
        if not isinstance(value, bool):
            raise SchemaError(path, f"must be true or false, not {_kind(value)}")
        return value


@dataclass
class Str(Node):
    """Text within a length, without control characters or lone surrogates (it is drawn
    on screen and written back), optionally of a fixed form."""
    max_len: int = 200
    min_len: int = 0
    pattern: str | None = None

    def check(self, value, path):
        if not isinstance(value, str):
            raise SchemaError(path, f"must be text, not {_kind(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            raise SchemaError(path, f"must be {self.min_len} to {self.max_len} characters long")
        problem = text_problem(value)
        if problem:
            raise SchemaError(path, problem)
        if self.pattern and not re.fullmatch(self.pattern, value):
            raise SchemaError(path, "is not in the expected form")
        return value


@dataclass
class OneOf(Node):
    """A fixed set of allowed JSON scalars (enum)."""
    values: tuple

    def check(self, value, path):
        if isinstance(value, (dict, list)) or not any(type(value) is type(v) and value == v
                                                      for v in self.values):
            shown = ", ".join(repr(v) for v in self.values)
            raise SchemaError(path, f"must be one of {shown}")
        return value


@dataclass
class Optional(Node):
    """``null`` or the inner node."""
    inner: Node

    def check(self, value, path):
        return None if value is None else self.inner.check(value, path)


@dataclass
class List(Node):
    """A list of one kind of item, with a length cap so a huge file cannot stall loading."""
    item: Node
    max_len: int
    min_len: int = 0

    def check(self, value, path):
        if not isinstance(value, list):
            raise SchemaError(path, f"must be a list, not {_kind(value)}")
        if not self.min_len <= len(value) <= self.max_len:
            raise SchemaError(path, f"must hold {self.min_len} to {self.max_len} entries, not {len(value)}")
        return [self.item.check(v, _join(path, i)) for i, v in enumerate(value)]


def _object(value: Any, path: str, max_keys: int) -> None:
    """``SchemaError`` unless ``value`` is an object of at most ``max_keys`` entries."""
    if not isinstance(value, dict):
        raise SchemaError(path, f"must be an object, not {_kind(value)}")
    if len(value) > max_keys:
        raise SchemaError(path, f"has more than {max_keys} entries")


@dataclass
class Obj(Node):
    """An object with declared fields.  ``extra``: schema for undeclared
    keys (None: undeclared keys are an error)."""
    fields: Mapping[str, Node]
    required: tuple[str, ...] = ()
    extra: Node | None = None
    max_keys: int = 64

    def check(self, value, path):
        _object(value, path, self.max_keys)
        for name in self.required:
            if name not in value:
                raise SchemaError(_join(path, name), "is missing")
        out = {}
        for key, item in value.items():
            where = _join(path, key)
            node = self.fields.get(key, self.extra)
            if node is None:
                raise SchemaError(where, "is not a known field")
            out[key] = node.check(item, where)
        return out


@dataclass
class Map(Node):
    """An object used as a dictionary: checked keys, one value schema."""
    key: Str
    value: Node
    max_keys: int = 64

    def check(self, value, path):
        _object(value, path, self.max_keys)
        out = {}
        for key, item in value.items():
            where = _join(path, key)
            self.key.check(key, where + " (name)")
            out[key] = self.value.check(item, where)
        return out


@dataclass
class Scalar(Node):
    """Any JSON scalar (null, bool, finite number of bounded size, short text)."""
    max_len: int = 200

    def check(self, value, path):
        if value is None or isinstance(value, bool):
            return value
        if isinstance(value, int):
            if not -2**63 <= value < 2**63:   # said without its 19-digit bounds (it is no count a player knows)
                raise SchemaError(path, "is a number too large for a Dice Tavern file")
            return value
        if isinstance(value, float):
            if not math.isfinite(value):
                raise SchemaError(path, "must be a finite number")
            return value
        if isinstance(value, str):
            return Str(self.max_len).check(value, path)
        raise SchemaError(path, f"must be a single value, not {_kind(value)}")


@dataclass
class Tree(Node):
    """Nested lists of scalars (action fields, option lists), bounded in size
    and depth."""
    max_items: int = 1000
    max_depth: int = 4
    scalar: Node = field(default_factory=Scalar)

    def check(self, value, path, depth: int = 0):
        if isinstance(value, list):
            if depth >= self.max_depth:
                raise SchemaError(path, "is nested too deeply")
            if len(value) > self.max_items:
                raise SchemaError(path, f"holds more than {self.max_items} entries")
            return [self.check(v, _join(path, i), depth + 1) for i, v in enumerate(value)]
        return self.scalar.check(value, path)


@dataclass
class Json(Node):
    """Any JSON (objects too), bounded in entries and depth: for parts whose
    fields another schema checks later (a journal header's record)."""
    max_items: int = 1000
    max_depth: int = 6

    def check(self, value, path, depth: int = 0):
        if isinstance(value, (list, dict)):
            if depth >= self.max_depth:
                raise SchemaError(path, "is nested too deeply")
            if len(value) > self.max_items:
                raise SchemaError(path, f"holds more than {self.max_items} entries")
            if isinstance(value, list):
                return [self.check(v, _join(path, i), depth + 1) for i, v in enumerate(value)]
            return {Str(200).check(k, _join(path, k) + " (name)"): self.check(v, _join(path, k), depth + 1)
                    for k, v in value.items()}
        return Scalar().check(value, path)


@dataclass
class Check(Node):
    """A node plus a cross-field rule: ``rule(value)`` returns a problem or None."""
    inner: Node
    rule: Callable[[Any], str | None]

    def check(self, value, path):
        value = self.inner.check(value, path)
        problem = self.rule(value)
        if problem:
            raise SchemaError(path, problem)
        return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, float):
        return "a decimal number"   # "must be a whole number, not a decimal number" (it said "not a number")
    if isinstance(value, int):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


# --------------------------------------------------------------------------
# The format registry
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Format:
    """One user file format: its schema for every version it ever had and the
    largest file accepted (checked before reading)."""
    name: str
    noun: str                    # "settings", "game record": for messages
    schemas: Mapping[int, Node]  # version -> schema of the whole document
    max_bytes: int
    max_values: int = 300_000
    """At most this many JSON values (counted on the bytes before parsing: a
    file of millions of tiny values costs seconds and hundreds of MB to parse)."""

    @property
    def version(self) -> int:
        """The newest version of this file format (what is written)."""
        return max(self.schemas)


FORMATS: dict[str, Format] = {}


def register(fmt: Format) -> Format:
    """Declare a user file format (settings, stats, records, journals...)."""
    FORMATS[fmt.name] = fmt
    return fmt


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """Refuse documents nested deeper than ``limit`` (iteratively: no recursion)."""
    todo = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            if depth >= limit:
                raise SchemaError("", f"is nested more than {limit} levels deep")
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))


def check_document(data: Any, format_name: str) -> Any:
    """Check a parsed document against its declared format and version."""
    version = check_header(data, format_name)
    return FORMATS[format_name].schemas[version].check(data, "")


def check_header(data: Any, format_name: str) -> int:
    """Nesting, ``format`` and ``version`` (which must have a schema); the version."""
    fmt = FORMATS[format_name]
    check_depth(data)
    if not isinstance(data, dict) or data.get("format") != fmt.name:
        raise SchemaError("", f"is not a Dice Tavern {fmt.noun} file")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SchemaError("version", "is not a valid version number")
    if version > fmt.version:
        raise SchemaError("", f"was written by a newer Dice Tavern (version {version})")
    if version not in fmt.schemas:
        raise SchemaError("version", f"{version} is not a version this game knows")
    return version
