"""Guided first games: a real match with scripted dice, scripted opponents and steps.

A tutorial is an ordinary ``Match`` at the game's own table.  What makes it a
lesson is a ``Script``:

* ``rolls``: the faces of every chance event, in order (the table throws the
  physical dice and forces them to land on these faces, as a replay does);
* ``moves``: for each opponent seat, the actions it plays, in order
  (``ScriptedAgent``); ``OutOfTurn(action)`` marks an out-of-turn one;
* ``steps``: what the coach says, what it points at (a named anchor the table
  provides, e.g. "bid_picker") and, for a step that asks the learner to act,
  which of their legal actions is the right one (``expect``).

``Tutorial`` walks the steps: a "Next" step holds the table still until the
learner has read it; an action step waits until the learner may act, then a
wrong action is refused with the step's gentle hint (it is never applied), so
the scripted dice and opponents always fit.  When the script runs out, dice
fall back to the seeded resolver and opponents to the real AI, so a lesson
never stalls.

Progress (step and the match record) lives in the user's ``tutorials.json``
through the validated, atomic file layer: a lesson can be left and resumed, a
damaged file is set aside and the lessons start afresh.  A tutorial match
carries ``match.tutorial = True``: it never touches the real autosave, saves
no replay and is left out of lifetime stats.

Pure Python: no pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence, Union

from . import userfiles, validation as v
from .agents import Agent
from .dice import DiceResolver, RngDice
from .match import RECORD_SCHEMA, Match, RecordError, Seat
from .protocol import Action, RollRequest, RollResult, State, StateT, state_as

TUTORIAL_FLAG = "tutorial"
"""The attribute set True on a tutorial ``Match`` (stats and saves skip it)."""

Predicate = Callable[[Action], bool]
StateTest = Callable[[State], bool]


@dataclass(frozen=True)
class OutOfTurn:
    """A scripted opponent's action taken out of turn (Roll Call's call)."""
    action: Action


Move = Union[Action, OutOfTurn, Callable[[Any, Sequence[Action]], Action]]
"""A scripted opponent's move: an action, an out-of-turn action, or a function
of (view, legal actions) for a move that depends on the learner's choice."""


@dataclass(frozen=True)
class Step:
    """One thing the coach says.

    ``expect`` None: a "Next" step (the table holds still until Next).
    Otherwise the learner must take an action for which ``expect`` is True;
    a wrong one gets ``hint``.  ``until`` makes a watching step instead: no
    Next, the table plays on (the learner throws their own dice, say) and
    the step is done once ``until(state)`` holds.  ``when`` delays the step until the state
    fits (default: at once for a Next step, the learner's turn for an
    action step; an out-of-turn move says ``when=you_may_act()``)."""
    text: str
    anchor: str | None = None
    expect: Predicate | None = None
    hint: str = ""
    title: str = ""
    when: StateTest | None = None
    until: StateTest | None = None

    @property
    def asks(self) -> bool:
        """The step waits for the learner's move (``expect``)."""
        return self.expect is not None

    @property
    def watches(self) -> bool:
        """The step lets the game play on until its ``until`` holds."""
        return self.until is not None and self.expect is None

    @property
    def is_note(self) -> bool:
        """Read, then Next: the table holds still meanwhile."""
        return self.expect is None and self.until is None


def is_action(expected: Action) -> Predicate:
    """The predicate "exactly this action"."""
    return lambda action: action == expected


def your_turn(learner: int = 0) -> StateTest:
    """The moment "it is the learner's turn" (the default of an action step;
    for a note that comes just before the learner's move)."""
    return lambda state: not state.is_terminal() and state.turn_player() == learner


def you_may_act(learner: int = 0) -> StateTest:
    """The moment "the learner may act", out of turn too (Roll Call's call)."""
    return lambda state: learner in state.current_players()


def on_state(cls: type[StateT], test: Callable[[StateT], bool]) -> StateTest:
    """A ``when``/``until`` test written against the game's own State subclass,
    so the fields it reads are checked by the type checker (``state_as``)."""
    return lambda state: test(state_as(state, cls))


@dataclass(frozen=True)
class Script:
    """A whole guided game; seat ``learner`` is the human."""
    game_id: str
    title: str
    seats: tuple[Seat, ...]
    steps: tuple[Step, ...]
    rolls: tuple[tuple[tuple[int, ...], ...], ...] = ()
    moves: Mapping[int, tuple[Move, ...]] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1
    learner: int = 0
    minutes: str = "3 minutes"


# --------------------------------------------------------------------------
# Scripted dice and opponents
# --------------------------------------------------------------------------

class ScriptedDice:
    """The script's faces for chance event number ``match.chance_count``;
    past the script (or if a roll does not fit), the fallback resolver."""

    name = "scripted"

    def __init__(self, rolls: Sequence[Sequence[Sequence[int]]], fallback: DiceResolver | None = None):
        self.rolls = [tuple(tuple(g) for g in roll) for roll in rolls]
        self.fallback: DiceResolver = fallback or RngDice()
        self.match: Match | None = None

    def scripted(self, request: RollRequest) -> RollResult | None:
        """The forced faces of the pending roll, or None past the script."""
        index = self.match.chance_count if self.match is not None else 0
        if index >= len(self.rolls) or not isinstance(request, RollRequest):
            return None   # past the script, or a shuffle (decided by the seed)
        faces = self.rolls[index]
        if len(faces) != len(request.groups) or any(
                len(f) != g.count or not all(1 <= x <= g.sides for x in f)
                for f, g in zip(faces, request.groups)):
            return None
        return RollResult(faces)

    def resolve(self, request: RollRequest, throw_seed: int) -> RollResult:
        """The lesson's scripted faces for this throw, else seeded dice."""
        return self.scripted(request) or self.fallback.resolve(request, throw_seed)


class ScriptedAgent(Agent):
    """Plays its seat's scripted moves in order; the count of its own moves in
    the match history says which is next (so a resumed lesson goes on right).
    A scripted move that is not legal, or the end of the script, hands the
    decision to the real AI."""

    level = "scripted"

    def __init__(self, player: int, moves: Sequence[Move], match: Match, fallback: Agent):
        super().__init__(player, fallback.rng)
        self.moves = list(moves)
        self.match = match
        self.fallback = fallback
        self.watches = fallback.watches
        self.seat_names = fallback.seat_names
        self.you_seat = fallback.you_seat

    def _next(self) -> Move | None:
        done = sum(1 for p, _a in self.match.history if p == self.player)
        return self.moves[done] if done < len(self.moves) else None

    def _resolve(self, move: Move | None, view, legal) -> Action | None:
        if isinstance(move, OutOfTurn):
            move = move.action
        if move is not None and not isinstance(move, Action) and callable(move):
            move = move(view, legal)
        return move if isinstance(move, Action) and move in legal else None

    def act(self, view, legal):
        move = self._next()
        if isinstance(move, OutOfTurn):   # wait for the moment it was scripted for
            move = None
        action = self._resolve(move, view, legal)
        if action is None:
            self.fallback.rng = self.rng
            return self.fallback.act(view, legal)
        return action

    def interject(self, view, legal):
        move = self._next()
        if not isinstance(move, OutOfTurn):
            return None if self.moves_left() else self._fallback_interject(view, legal)
        return self._resolve(move, view, legal)

    def _fallback_interject(self, view, legal):
        self.fallback.rng = self.rng
        return self.fallback.interject(view, legal)

    def moves_left(self) -> bool:
        """Whether the script still has a move for this seat."""
        return self._next() is not None

    def watch(self, view) -> None:
        self.fallback.watch(view)

    def explain(self) -> str:
        return ""


# --------------------------------------------------------------------------
# The lesson
# --------------------------------------------------------------------------

class Tutorial:
    """A script being played: the match, the step index, the last hint."""

    def __init__(self, script: Script, match: Match, step: int = 0):
        self.script = script
        self.match = match
        self.step_index = max(0, min(int(step), len(script.steps)))
        self.hint = ""
        self.finished = False
        """The learner pressed Finish on the last step."""
        _install(script, match)

    # --- building ----------------------------------------------------------
    @classmethod
    def start(cls, script: Script, dice: DiceResolver | None = None) -> "Tutorial":
        """A fresh lesson (``dice``: the resolver past the script, e.g. physics)."""
        match = Match(script.game_id, list(script.seats), dict(script.options), script.seed,
                      ScriptedDice(script.rolls, dice))
        return cls(script, match)

    @classmethod
    def resume(cls, script: Script, saved: Mapping | None, dice: DiceResolver | None = None) -> "Tutorial":
        """The lesson where ``saved`` left it; a fresh one if there is nothing
        saved, or it no longer fits the script (another version's lesson)."""
        if not saved or saved.get("done") or "record" not in saved:
            return cls.start(script, dice)
        record = saved["record"]
        try:
            if record.get("game") != script.game_id or record.get("seed") != script.seed or \
                    len(record.get("seats", ())) != len(script.seats):
                raise RecordError("another lesson")
            match = Match.from_record(record, dice=ScriptedDice(script.rolls, dice))
        except (RecordError, AttributeError, TypeError):
            return cls.start(script, dice)
        if match.is_over and saved.get("step", 0) < len(script.steps) - 1:
            return cls.start(script, dice)
        return cls(script, match, saved.get("step", 0))

    # --- where we are ------------------------------------------------------
    @property
    def steps(self) -> tuple[Step, ...]:
        """The lesson's steps, in order."""
        return self.script.steps

    @property
    def current(self) -> Step | None:
        """The step under way, None once the lesson is over."""
        return self.steps[self.step_index] if self.step_index < len(self.steps) else None

    @property
    def done(self) -> bool:
        """Every step has been taken."""
        return self.step_index >= len(self.steps)

    @property
    def learner(self) -> int:
        """The seat the lesson teaches."""
        return self.script.learner

    def pending(self) -> Step | None:
        """The current step if its moment has come (else the game plays on);
        a watching step whose ``until`` came true is done first."""
        step = self.current
        while step is not None and step.watches and step.until is not None and step.until(self.match.state):
            self.step_index += 1
            step = self.current
        if step is None:
            return None
        if step.when is not None:
            return step if step.when(self.match.state) else None
        if step.asks:
            return step if your_turn(self.learner)(self.match.state) else None
        return step

    def holds_table(self) -> bool:
        """A note or an asking step is showing: nothing moves (no throw, no
        opponent, no call window running out) until the learner has read it
        or made the move (an out-of-turn call is asked for while an opponent
        is to act).  A watching step lets the table play."""
        step = self.pending()
        return step is not None and not step.watches

    # --- the learner ---------------------------------------------------------
    def next(self) -> bool:
        """The learner pressed Next (only a "Next" step advances this way)."""
        step = self.pending()
        if step is None or not step.is_note:
            return False
        self.hint = ""
        if self.step_index == len(self.steps) - 1:
            self.finished = True
        self.step_index += 1
        return True

    def check(self, player: int, action: Action) -> str:
        """"" if the learner's ``action`` is the one asked for (the step then
        advances, and the caller applies the action), else the hint to show
        (the caller must not apply it)."""
        if player != self.learner or self.done:
            return ""
        step = self.pending()
        if step is None:
            return "Press Next first." if self.current is not None and self.current.is_note else ""
        if step.watches:
            return step.hint or "Not now: follow the note."
        if not step.asks:
            return "Read this, then press Next."
        assert step.expect is not None
        if not step.expect(action):
            self.hint = step.hint or "Not quite: try what the note asks."
            return self.hint
        self.hint = ""
        self.step_index += 1
        return ""

    def forced_roll(self, request: RollRequest) -> RollResult | None:
        """The scripted faces of the pending roll (None past the script)."""
        dice = self.match.dice
        return dice.scripted(request) if isinstance(dice, ScriptedDice) else None

    # --- progress ------------------------------------------------------------
    def progress(self) -> dict:
        """This lesson's entry of ``tutorials.json``."""
        entry: dict = {"step": self.step_index, "done": self.finished or self.done}
        if not entry["done"]:
            entry["record"] = self.match.to_record()
        return entry

    def save(self) -> None:
        """Write the progress (``UserFileError`` on failure, for a toast)."""
        save_progress(self.script.game_id, self.progress())


def _install(script: Script, match: Match) -> None:
    """Mark the match as a tutorial, bind the scripted dice, seat the scripted opponents."""
    setattr(match, TUTORIAL_FLAG, True)
    if isinstance(match.dice, ScriptedDice):
        match.dice.match = match
    for seat, agent in list(match.agents.items()):
        if isinstance(agent, ScriptedAgent):
            continue
        match.agents[seat] = ScriptedAgent(seat, script.moves.get(seat, ()), match, agent)


def is_tutorial(match: Any) -> bool:
    """True for a tutorial match (stats and saves leave it out)."""
    return bool(getattr(match, TUTORIAL_FLAG, False))


# --------------------------------------------------------------------------
# tutorials.json: progress per game
# --------------------------------------------------------------------------

PROGRESS_FORMAT = "dice-tavern-tutorials"
PROGRESS_VERSION = 1
_ID = r"[a-z0-9_-]+"
PROGRESS_SCHEMA = v.Obj({
    "format": v.Str(), "version": v.Int(1, PROGRESS_VERSION),
    "games": v.Map(v.Str(40, 1, _ID), v.Obj({
        "step": v.Int(0, 1000),
        "done": v.Bool(),
        "record": RECORD_SCHEMA,
    }, required=("step",)), max_keys=32),
}, required=("games",))
v.register(v.Format(PROGRESS_FORMAT, "tutorial progress", {1: PROGRESS_SCHEMA}, max_bytes=4 * 1024 * 1024))


def progress_path():
    """Where lesson progress lives (the data folder, so ``scratch_home`` moves it too)."""
    return userfiles.data_dir() / "tutorials.json"


def load_progress() -> tuple[dict, str | None]:
    """Every game's lesson progress, or none with a message if the file was bad
    (kept aside as ``tutorials.json.bad``)."""
    return userfiles.read_or_default(progress_path(), _read_progress, dict, "Lesson progress started afresh")


def _read_progress(path) -> dict:
    return dict(userfiles.read_document(path, PROGRESS_FORMAT)["games"])


def save_progress(game_id: str, entry: Mapping) -> None:
    """Store one game's lesson progress, keeping the other games' (a bad file starts afresh)."""
    games, _problem = load_progress()
    games[game_id] = dict(entry)
    userfiles.atomic_write_json(progress_path(), {"format": PROGRESS_FORMAT, "version": PROGRESS_VERSION,
                                                  "games": games})


def saved_entry(game_id: str) -> dict | None:
    """The game's saved lesson progress, or None, so a lesson can resume where it stopped."""
    entry = load_progress()[0].get(game_id)
    return dict(entry) if isinstance(entry, Mapping) else None


def status(script: Script, entry: Mapping | None) -> str:
    """"new", "started" or "done" for the lesson list."""
    if not entry:
        return "new"
    if entry.get("done"):
        return "done"
    return "started" if entry.get("step", 0) > 0 else "new"


def right_action(tutorial: Tutorial) -> Action | None:
    """The first legal learner action the pending step accepts (tests, shots)."""
    step = tutorial.pending()
    if step is None or step.expect is None:
        return None
    legal = tutorial.match.state.legal_actions(tutorial.learner)
    return next((a for a in legal if step.expect(a)), None)


def drive(tutorial: Tutorial, stop: Callable[[Tutorial], bool], max_moves: int = 5000) -> None:
    """Play the lesson headless, as a learner who always does what the coach
    asks, until ``stop(tutorial)`` or the end; ``RuntimeError`` if the script
    gets stuck (an action step no legal move fits, or the learner to act
    with no step asking)."""
    match = tutorial.match
    for _ in range(max_moves):
        if stop(tutorial) or tutorial.done:
            return
        step = tutorial.pending()
        if step is not None and step.is_note:
            tutorial.next()
            continue
        if step is not None and step.asks:
            action = right_action(tutorial)
            if action is None:
                raise RuntimeError(f"step {tutorial.step_index} ({step.title}): no legal move fits")
            tutorial.check(tutorial.learner, action)
            match.apply(tutorial.learner, action)
            continue
        if match.state.is_terminal():
            raise RuntimeError(f"the game ended at step {tutorial.step_index} of {len(tutorial.steps)}")
        if not match.step():
            raise RuntimeError(f"step {tutorial.step_index}: the learner must act but no step asks")
        if step is not None and step.watches and len(match.history) > 10_000:
            raise RuntimeError(f"step {tutorial.step_index} ({step.title}) never comes true")
    raise RuntimeError("the lesson did not end")
