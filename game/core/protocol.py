"""The one protocol every game speaks (after OpenSpiel's Python games).

A finished game is exactly ``(options, seed, list of (player, action))``:

* ``Game`` is made from validated options and creates the initial ``State``.
* ``State`` is immutable from the outside: ``apply`` returns the next state.
* Dice rolls and deck shuffles are *chance* events.  The state says what it
  needs (``chance_request``); the outcome comes back as an ordinary action
  (``RollResult`` / ``ShuffleResult``) applied by the chance player
  ``CHANCE``.  So the faces the physics decided are part of the log.
* ``view(player)`` is all a seat may see; AI gets views, never states.
* More than one player may be able to act at one moment: ``turn_player`` must
  act, ``interjectors`` *may* act out of turn (Roll Call).  The ``Match``
  decides the order deterministically.

Pure Python: this module imports neither pygame nor pymunk.
"""
from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Mapping, Sequence, TypeVar

CHANCE = -1
"""The pseudo-player that applies chance outcomes (dice, shuffles)."""


class IllegalActionError(ValueError):
    """Raised when an action is not legal for that player in that state."""


# --------------------------------------------------------------------------
# Actions and their JSON codec
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Action:
    """Base of every action.  Subclasses are small frozen dataclasses whose
    fields are ints, strs, bools, or (nested) tuples of those, so that they
    turn into JSON and back without a custom codec."""

    def to_json(self) -> dict:
        """The action as a record stores it: its class name and its fields, JSON-safe
        (``action_from_json`` reads it back against the game's action types)."""
        data = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            data[f.name] = _to_jsonable(getattr(self, f.name))
        return data

    def label(self) -> str:
        """Short human text for logs and history lists; games override."""
        return type(self).__name__


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_jsonable(v) for v in value]
    return value


def _from_jsonable(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_from_jsonable(v) for v in value)
    return value


def _fits(value: Any, annotation: str) -> bool:
    """Whether a decoded field value has its declared type exactly (``True``
    is not an ``int`` here: a saved move of quantity ``true`` is foreign).
    Knows the forms actions use: int, bool, str and ``tuple[X, ...]``;
    anything else is accepted as is."""
    annotation = annotation.replace(" ", "")
    if annotation in ("int", "bool", "str"):
        return type(value).__name__ == annotation
    if annotation.startswith("tuple[") and annotation.endswith(",...]"):
        return isinstance(value, tuple) and all(_fits(v, annotation[6:-5]) for v in value)
    return True


def action_from_json(data: Mapping, action_types: Iterable[type]) -> Action:
    """Rebuild an action from ``Action.to_json`` output.

    Raises ``ValueError`` with a clear message on anything foreign."""
    if not isinstance(data, Mapping) or "type" not in data:
        raise ValueError(f"not an action: {data!r}")
    by_name = {t.__name__: t for t in action_types}
    by_name.update({t.__name__: t for t in CHANCE_ACTION_TYPES})
    cls = by_name.get(data["type"])
    if cls is None:
        raise ValueError(f"unknown action type {data['type']!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    kwargs = {k: _from_jsonable(v) for k, v in data.items() if k != "type"}
    if set(kwargs) != names:
        raise ValueError(f"action {data['type']} needs fields {sorted(names)}, got {sorted(kwargs)}")
    for f in dataclasses.fields(cls):
        if not _fits(kwargs[f.name], str(f.type)):
            raise ValueError(f"action {data['type']}: {f.name} must be {f.type}")
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bad action {data!r}: {exc}") from exc


# --------------------------------------------------------------------------
# Chance: what the state asks for, and the outcome actions
# --------------------------------------------------------------------------

DIE_KINDS = {"d6": 6, "emblem": 6, "bone": 12}
"""Die kinds and their number of faces.  ``emblem`` is Roll Call's die whose 1
face shows the Emblem; ``bone`` is Roll the Bones' twelve-sided die."""


@dataclass(frozen=True)
class DieGroup:
    """Some dice of one kind thrown by one owner.  ``hidden``: only the owner
    may see the faces (Liar's Dice, Roll Call)."""
    owner: int
    kind: str
    count: int
    hidden: bool = False

    @property
    def sides(self) -> int:
        """Faces of this kind of die (``DIE_KINDS``)."""
        return DIE_KINDS[self.kind]


@dataclass(frozen=True)
class RollRequest:
    """The state needs these dice thrown (all groups at once)."""
    groups: tuple[DieGroup, ...]
    reason: str = ""


@dataclass(frozen=True)
class ShuffleRequest:
    """The state needs a random permutation of ``size`` items (a deck)."""
    size: int
    reason: str = ""


ChanceRequest = RollRequest | ShuffleRequest


@dataclass(frozen=True)
class RollResult(Action):
    """Faces per group of the matching ``RollRequest``, in group order."""
    faces: tuple[tuple[int, ...], ...]

    def label(self) -> str:
        return "rolled " + " | ".join(" ".join(map(str, g)) for g in self.faces)


@dataclass(frozen=True)
class ShuffleResult(Action):
    """A permutation of ``range(size)`` for the matching ``ShuffleRequest``."""
    order: tuple[int, ...]

    def label(self) -> str:
        return "shuffled"


CHANCE_ACTION_TYPES: tuple[type, ...] = (RollResult, ShuffleResult)


def check_chance_outcome(request: ChanceRequest, action: Action) -> None:
    """Raise ``IllegalActionError`` unless ``action`` answers ``request``."""
    if isinstance(request, RollRequest):
        if not isinstance(action, RollResult) or len(action.faces) != len(request.groups):
            raise IllegalActionError(f"expected faces for {len(request.groups)} dice groups, got {action!r}")
        for group, faces in zip(request.groups, action.faces):
            if len(faces) != group.count or any(
                    not isinstance(f, int) or not 1 <= f <= group.sides for f in faces):
                raise IllegalActionError(f"faces {faces!r} do not fit {group.count} x {group.kind}")
    elif isinstance(request, ShuffleRequest):
        if not isinstance(action, ShuffleResult) or sorted(action.order) != list(range(request.size)):
            raise IllegalActionError(f"expected a permutation of {request.size}, got {action!r}")
    else:  # pragma: no cover - programming error
        raise TypeError(request)


# --------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class OptionSpec:
    """One variant option of a game, shown on the setup screen.

    kind: ``int`` (min..max), ``bool``, ``choice`` (one of ``choices``) or
    ``faces`` (a set of ints within min..max, e.g. Diced Out's bonus numbers).
    ``house`` tells the rules screen that the default is a house rule."""
    key: str
    label: str
    kind: str
    default: Any
    min: int | None = None
    max: int | None = None
    choices: tuple[Any, ...] = ()
    help: str = ""
    house: bool = True

    def allowed(self) -> str:
        """The values this option takes, in words, for error messages and ``--help``."""
        if self.kind == "int":
            return f"an integer from {self.min} to {self.max}"
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return "one of " + ", ".join(map(str, self.choices))
        if self.kind == "faces":
            return f"a non-empty set of integers from {self.min} to {self.max}"
        return "?"

    def validate(self, value: Any) -> Any:
        """The value if it is allowed (normalised), else ``ValueError`` naming what is:
        options come from files and the command line, so they are never trusted."""
        bad = ValueError(f"option {self.key!r}: {value!r} is not allowed; use {self.allowed()}")
        if self.kind == "int":
            assert self.min is not None and self.max is not None, "an int option has bounds"
            if isinstance(value, bool) or not isinstance(value, int) or not self.min <= value <= self.max:
                raise bad
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise bad
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise bad
            return value
        if self.kind == "faces":
            assert self.min is not None and self.max is not None, "a faces option has bounds"
            try:
                items = tuple(sorted(set(value)))
            except TypeError:
                raise bad from None
            if not items or any(isinstance(v, bool) or not isinstance(v, int) or not self.min <= v <= self.max
                                for v in items):
                raise bad
            return items
        raise bad


def validate_options(specs: Sequence[OptionSpec], options: Mapping[str, Any] | None) -> dict:
    """Fill defaults and check every option; unknown keys are an error."""
    options = dict(options or {})
    known = {s.key for s in specs}
    unknown = sorted(set(options) - known)
    if unknown:
        allowed = ", ".join(sorted(known)) or "none"
        raise ValueError(f"unknown option {unknown[0]!r}; this game's options are: {allowed}")
    out = {}
    for spec in specs:
        out[spec.key] = spec.validate(options.get(spec.key, spec.default))
    return out


# --------------------------------------------------------------------------
# Game and State
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class GameInfo:
    """What the menus need to know about a game before it is loaded."""
    id: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = ()
    hidden_dice: bool = False
    """True when each player's dice are secret (curtain between humans)."""
    tagline_template: str = ""
    """The tagline with ``{option}`` fields ("race to {target}"), for a table
    whose options are known (``tagline_for``); ``tagline`` is its default."""

    def tagline_for(self, options: Mapping[str, Any] | None = None) -> str:
        """The tagline as this table's options make it ("race to 20")."""
        if not self.tagline_template:
            return self.tagline
        values = {spec.key: spec.default for spec in self.options}
        values.update(options or {})
        return self.tagline_template.format(**values)


class Game:
    """A game with validated options and a player count.

    Subclasses set ``info`` and ``action_types`` and implement
    ``new_initial_state``.  Bad options raise ``ValueError`` naming the option
    and the allowed range."""

    info: ClassVar[GameInfo]
    action_types: ClassVar[tuple[type, ...]] = ()
    rules_version: ClassVar[int] = 1
    """Raised whenever a rules change could make an old record replay differently;
    every record carries it (see ``replays_records_of``)."""

    def __init__(self, num_players: int, options: Mapping[str, Any] | None = None):
        lo, hi = self.info.min_players, self.info.max_players
        if isinstance(num_players, bool) or not isinstance(num_players, int) or not lo <= num_players <= hi:
            raise ValueError(f"option 'players': {num_players!r} is not allowed; use an integer from {lo} to {hi}")
        self.num_players = num_players
        self.options = validate_options(self.info.options, options)
        self.check_options()

    def check_options(self) -> None:
        """Cross-option checks (e.g. a combination that cannot be played)."""

    def new_initial_state(self) -> "State":
        """The state before the first move (a game's rules override this)."""
        raise NotImplementedError

    def replays_records_of(self, rules_version: int) -> bool:
        """Whether a record made under an older ``rules_version`` may still replay
        identically at this player count and these options (a game overrides
        this when its change left some tables untouched); the replay then asks
        ``State.departs_from_rules`` after every move."""
        return rules_version == self.rules_version

    def action_from_json(self, data: Mapping) -> Action:
        """An action read back from a record, only of this game's action types."""
        return action_from_json(data, self.action_types)


StateT = TypeVar("StateT", bound="State")


class State:
    """One moment of a game.  Never mutated after ``apply`` hands it out.

    Subclasses implement the ``_``-prefixed hooks; the public methods add the
    legality checks so that no game can be driven into an illegal position.
    """

    def __init__(self, game: Game):
        self.game = game

    # --- who acts -------------------------------------------------------
    def chance_request(self) -> ChanceRequest | None:
        """What chance must decide next, or None if a player acts."""
        return None

    def is_chance(self) -> bool:
        """Whether chance (the dice) decides next rather than a player."""
        return self.chance_request() is not None

    def turn_player(self) -> int | None:
        """The player who must act now (None at chance nodes and the end)."""
        raise NotImplementedError

    def interjectors(self) -> tuple[int, ...]:
        """Players who *may* act out of turn now (default: nobody)."""
        return ()

    def current_players(self) -> tuple[int, ...]:
        """Everyone who may act now: the turn player first, then interjectors."""
        if self.is_terminal() or self.is_chance():
            return ()
        tp = self.turn_player()
        rest = tuple(p for p in self.interjectors() if p != tp)
        return ((tp,) if tp is not None else ()) + rest

    # --- actions --------------------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action for ``player`` now (empty if they may not act)."""
        if player not in self.current_players():
            return []
        return self._legal_actions(player)

    def _legal_actions(self, player: int) -> list[Action]:
        raise NotImplementedError

    def is_legal(self, player: int, action: Action) -> bool:
        """Games with huge action lists may override with a direct check."""
        return action in self.legal_actions(player)

    def apply(self: StateT, player: int, action: Action) -> StateT:
        """Return the state after ``player`` takes ``action``.

        ``player`` is ``CHANCE`` for roll and shuffle outcomes."""
        if player == CHANCE:
            request = self.chance_request()
            if request is None:
                raise IllegalActionError("no chance event is pending")
            check_chance_outcome(request, action)
        elif self.is_terminal():
            raise IllegalActionError("the game is over")
        elif not self.is_legal(player, action):
            raise IllegalActionError(f"not a legal move for player {player} now: {type(action).__name__} ({action.label()})")
        nxt = self.clone()
        nxt._apply(player, action)
        return nxt

    def _apply(self, player: int, action: Action) -> None:
        """Mutate ``self`` (a fresh clone) by the already-checked action."""
        raise NotImplementedError

    def automatic_moves(self) -> Sequence[tuple[int, Action]]:
        """The moves the rules made by themselves on the way to this state,
        after the action that made it (for the initial state: before any),
        in order: a step a seat had no choice in, such as Roll the Bones'
        forced ante or "no bone" for a seat without a bone.  They are never
        in the record (the rules make them again on replay), but players must
        still learn of them: the game log narrates each one like a move of
        that seat (``game.core.narration.GameLog``) and the table says it in
        its commentary.  Default: none."""
        return ()

    def clone(self: StateT) -> StateT:
        """Deep enough copy for ``_apply`` to mutate; games may speed it up."""
        # the Game is shared, never copied: the memo says it is its own copy
        return copy.deepcopy(self, {id(self.game): self.game})

    # --- the end --------------------------------------------------------
    def departs_from_rules(self, rules_version: int) -> bool:
        """Whether play so far went differently than under that older rules
        version (asked only for records ``Game.replays_records_of`` accepts)."""
        return False

    def is_terminal(self) -> bool:
        """Whether the game has ended (a game's rules override this)."""
        raise NotImplementedError

    def ranking(self) -> tuple[int, ...]:
        """Final place of each player, 0 = winner; equal places are ties."""
        raise NotImplementedError

    def winners(self) -> tuple[int, ...]:
        """The players in first place (more than one on a tie)."""
        return tuple(p for p, place in enumerate(self.ranking()) if place == 0)

    # --- what a seat may see ------------------------------------------
    def view(self, player: int) -> Any:
        """All ``player`` may know now: own secrets and public facts only."""
        raise NotImplementedError

    def summary(self) -> dict:
        """A JSON-able digest of the full state, for replay checks and tests."""
        raise NotImplementedError


def state_as(state: State, cls: type[StateT]) -> StateT:
    """``state`` typed as its game's own State subclass, so scenes, tutorials and
    benches read game-specific fields that the type checker can follow; a state
    of another game is a ``TypeError`` (a programming error, never a player's)."""
    if not isinstance(state, cls):
        raise TypeError(f"expected a {cls.__name__}, got a {type(state).__name__}")
    return state
