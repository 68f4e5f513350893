"""A ``Match`` owns one game in progress: state, seats, seeds and the log.

``apply`` is the only way the game changes, and every applied action is
logged, so ``to_record`` / ``from_record`` round-trip a game exactly (the
record is the replay and the autosave format).  Headless callers use
``step``/``play_out``; the table scene calls the same pieces one at a time.

Order when several players may act (Roll Call's out-of-turn call): AI
interjectors are asked first, clockwise from the turn player's left, then the
turn player.  Each AI decision draws from its own stream named by the seat and
the log length, so asking twice at the same moment gives the same answer and
a game with the same seed and seats plays the same on screen and headless.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Any, Callable, Container, Generator, Iterator, Mapping, Sequence

from .. import games
from .dice import DiceResolver, RngDice
from .grammar import Voice
from .protocol import (CHANCE, Action, IllegalActionError, RollRequest, ShuffleRequest,
                       ShuffleResult, State)
from . import validation as v
from .seeding import MAX_SEED, derive, fresh_seed, stream

RECORD_FORMAT = "dice-tavern-game"
RECORD_VERSION = 1
MAX_SEATS = 20
MAX_ACTIONS = 200_000

MAX_WHY = 400
"""The longest why line a record keeps (``Match.said``); a longer one is cut."""

MAX_NAME = 16
"""The longest seat name the game writes (the setup's name field): every
screen is laid out for it.  A record's names may be longer (``SEAT_SCHEMA``:
a hand-made file); ``Seat.from_json`` shortens them to this, ending in "…"."""
SEAT_SCHEMA = v.Obj({"name": v.Str(40), "kind": v.OneOf(("human", "ai")),
                     "level": v.OneOf(("easy", "normal", "hard"))}, required=("name",))
_ID = r"[a-z0-9_-]+"
RECORD_SCHEMA = v.Obj({
    "format": v.Str(), "version": v.Int(1, RECORD_VERSION),
    "game": v.Str(40, 1, _ID),
    "rules_version": v.Scalar(40),  # range and meaning: check_rules_version
    "options": v.Optional(v.Map(v.Str(40, 1, _ID), v.Tree(max_items=64, max_depth=2), max_keys=32)),
    "seats": v.List(SEAT_SCHEMA, MAX_SEATS, 1),
    "seed": v.Int(0, MAX_SEED),
    "dice": v.Str(20),
    "actions": v.List(v.Obj({"player": v.Int(CHANCE, MAX_SEATS - 1),
                             "action": v.Obj({"type": v.Str(40, 1, r"[A-Za-z][A-Za-z0-9_]*")},
                                             required=("type",), extra=v.Tree(max_items=200, max_depth=3),
                                             max_keys=16)},
                            required=("player", "action")), MAX_ACTIONS),
    "finished": v.Bool(),
    "saved_at": v.Str(40),
    "ranking": v.List(v.Int(0, MAX_SEATS - 1), MAX_SEATS),
    "phones": v.List(v.Int(0, MAX_SEATS - 1), MAX_SEATS),
    "said": v.List(v.Obj({"move": v.Int(0, MAX_ACTIONS - 1), "why": v.Str(MAX_WHY)}, required=("move", "why")),
                   MAX_ACTIONS),
}, required=("game", "seats", "seed", "actions"))
"""The declared schema of the game record (autosave and replays), version 1.
What the moves *mean* is checked by replaying them (``Match.from_record``)."""
RECORD_MAX_BYTES = 4 * 1024 * 1024
"""A game record (replay, autosave) larger than this is not Dice Tavern's: the
longest game there is (Liar's Dice at 20 seats, 6 dice each, ``tests/test_long_game.py``)
writes 260 KB and about 19,000 JSON values; 4 MB and 300,000 values (the
format's default) leave it fifteen times the room and keep a hostile file's
parse within ~50 MB."""
v.register(v.Format(RECORD_FORMAT, "game record", {1: RECORD_SCHEMA}, max_bytes=RECORD_MAX_BYTES))


RECORD_MOVES_PER_STEP = 40
"""Moves ``Match.record_steps`` checks a step (about 2-3 ms at a 20-seat table)."""


class RecordError(ValueError):
    """A saved game or replay that cannot be loaded; the message is for players."""


def check_rules_version(record: Mapping, game) -> int:
    """The record's rules version (records before rules versions: 1); refuses,
    with a clear message, one whose rules changed in a way that replays it
    differently."""
    version = record.get("rules_version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError("this game record has no valid rules version")
    if version > game.rules_version:
        raise RecordError(f"this {game.info.title} game was made by a newer version of Dice Tavern "
                          f"(rules version {version})")
    if not game.replays_records_of(version):
        raise older_rules_error(game, version)
    return version


def older_rules_error(game, version: int) -> RecordError:
    """The error for a record whose rules version this build no longer plays, in
    words a player understands (raised instead of replaying it wrongly)."""
    return RecordError(f"this {game.info.title} game was made by an older version of Dice Tavern "
                       f"(rules version {version}, now {game.rules_version}); the rules have "
                       f"changed since, so it cannot be replayed or continued")


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a named human, or an AI at a level."""
    name: str
    kind: str = "human"  # "human" | "ai"
    level: str = "normal"

    @property
    def is_ai(self) -> bool:
        """Whether the match seats an AI agent here (a human seat waits for input)."""
        return self.kind == "ai"

    def to_json(self) -> dict:
        """The seat as a record stores it (``from_json`` reads it back, checked)."""
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, data: Mapping) -> "Seat":
        """A seat from a record; names with control characters or lone
        surrogates (which cannot be drawn) are refused like any bad field, and
        a name longer than ``MAX_NAME`` is shortened (a replay file with
        40-letter names ran the commentary over the dice and the centre's
        "…: Jinto!" across the table's rim)."""
        try:
            data = SEAT_SCHEMA.check(dict(data) if isinstance(data, Mapping) else data, "seat")
        except v.SchemaError as exc:
            raise RecordError(str(exc)) from exc
        name = data["name"]
        if len(name) > MAX_NAME:
            name = name[:MAX_NAME - 1].rstrip() + "\u2026"
        return cls(name, data.get("kind", "human"), data.get("level", "normal"))


class Match:
    """One game being played: the rules' state, the seats and their AIs, the seeded
    dice and the move log that replays, autosaves and undo are built from. Every move
    goes through ``apply`` so the log and the state never disagree."""
    def __init__(self, game_id: str, seats: list[Seat], options: Mapping | None = None,
                 seed: int | None = None, dice: DiceResolver | None = None, book=None):
        self.game_id = game_id
        self.seats = list(seats)
        self.game = games.make_game(game_id, len(self.seats), options)
        self.options = self.game.options
        self.seed = fresh_seed() if seed is None else int(seed)
        self.dice: DiceResolver = dice or RngDice()
        self.state: State = self.game.new_initial_state()
        self.history: list[tuple[int, Action]] = []
        self.chance_count = 0
        self.listeners: list[Callable[["Match", int, Action], None]] = []
        self.agents = {i: games.make_agent(game_id, s.level, i, stream(self.seed, "ai", i))
                       for i, s in enumerate(self.seats) if s.is_ai}
        names = tuple(s.name for s in self.seats)
        you = Voice(self.seats).you
        for agent in self.agents.values():
            agent.seat_names = names
            agent.you_seat = you
        if book is not None:   # a ``rivalbook.RivalBook``: what the AIs remember of their rivals
            book.seat(self)
        self.phone_seats: tuple[int, ...] = ()
        """Human seats that played on their own phones (game/ui/phone_link.py):
        kept in the autosave so Continue offers the codes again; no effect on play."""
        self._undo: list[tuple[State, int]] = []
        """(state, log length) before each action applied ``undoable`` since the last other action."""
        self.said: dict[int, str] = {}
        """Why lines a replay could not work out again, by move: each move of an AI
        whose thinking rests on earlier games (``Agent.recalls_earlier_games``:
        what the rivals book gave it), as it said it then.  A replay's AIs recall
        no earlier game (the book has moved on), so ``relive`` reads these
        instead of asking them; kept in the record (``to_record``)."""
        self.watched = True
        """False for a match only shown (a replay): its AIs never decide again,
        so they watch nothing and no move waits for them (``catch_up``)."""
        self._unwatched: list[State] = []
        """The states after the moves the AIs have not watched yet, oldest first
        (``catch_up``); its last ``len(self._undo)`` are the moves that may
        still be taken back, so an undo needs no copy of any AI's memory."""

    # --- changing the game ---------------------------------------------
    def apply(self, player: int, action: Action, *, undoable: bool = False) -> None:
        """Apply and log one action (raises ``IllegalActionError``).

        ``undoable``: a human's move that may still be taken back
        (``take_back``) until any other action is applied or an AI is asked
        to decide.  The AIs watch a move only when they are next asked
        (``catch_up``: in the table's thinker thread, off the frame), so a
        move taken back before that leaves no trace in their memories and
        costs nothing to undo, however big the table or long the game."""
        before = self.state
        self.state = before.apply(player, action)
        if undoable and player != CHANCE:
            self._undo.append((before, len(self.history)))
        else:
            self._undo.clear()
        if self.watched:
            self._unwatched.append(self.state)
        self.history.append((player, action))
        if player == CHANCE:
            self.chance_count += 1
        agent = self.agents.get(player)
        if agent is not None and getattr(agent, "remembers", False) and agent.recalls_earlier_games():   # a guest bot need not be an ``Agent``
            self.said[len(self.history) - 1] = agent.explain()[:MAX_WHY]
        for listener in list(self.listeners):
            listener(self, player, action)

    def catch_up(self, *, final_only: bool = False, between: Callable[[], None] | None = None) -> None:
        """Every AI that learns from the game (``Agent.watches``) watches each
        move it has not seen yet, in order: called before any AI decides (so
        what it knows depends only on the history, as if it had watched each
        move at once) and by whoever reads what they learned.  Watching a move
        that may still be taken back makes it final; ``final_only`` watches
        only the moves that are final already.  ``between()`` runs before each
        AI's watch (the thinker thread lets a frame in progress finish there)."""
        keep = len(self._undo) if final_only else 0
        if not final_only:
            self._undo.clear()
        states = self._unwatched[:len(self._unwatched) - keep]
        if not states:
            return
        del self._unwatched[:len(states)]
        watchers = [(p, agent) for p, agent in self.agents.items() if agent.watches]
        for state in states:
            for p, agent in watchers:
                if between is not None:
                    between()
                agent.watch(state.view(p))

    def can_take_back(self) -> bool:
        """Was the last action applied ``undoable``, with nothing after it?"""
        return bool(self._undo)

    def undo_player(self) -> int | None:
        """The seat whose move ``take_back`` would undo, or None."""
        return self.history[-1][0] if self._undo else None

    def take_back(self) -> tuple[int, Action]:
        """Undo the last (``undoable``) action as if it was never made: the
        state and the log are those from before it, and no AI has watched it
        (``catch_up``), so the record, the autosave and what the AIs do next
        never see it.  Raises ``IllegalActionError`` when there is nothing to
        take back."""
        if not self._undo:
            raise IllegalActionError("there is no move to take back")
        state, length = self._undo.pop()
        if self.watched:
            self._unwatched.pop()
        move = self.history[-1]
        self.state = state
        del self.history[length:]
        return move

    # --- chance -----------------------------------------------------------
    def next_throw_seed(self) -> int:
        """The seed of the next chance event, derived from the game seed."""
        return derive(self.seed, "chance", self.chance_count)

    def chance_outcome(self) -> Action:
        """Decide the pending chance event headless (dice resolver or shuffle)."""
        request = self.state.chance_request()
        if isinstance(request, RollRequest):
            return self.dice.resolve(request, self.next_throw_seed())
        if isinstance(request, ShuffleRequest):
            order = list(range(request.size))
            stream(self.next_throw_seed(), "shuffle").shuffle(order)
            return ShuffleResult(tuple(order))
        raise IllegalActionError("no chance event is pending")

    # --- AI -------------------------------------------------------------
    def _decision_rng(self, player: int, what: str):
        return stream(self.seed, "ai", player, len(self.history), what)

    def ai_interjection(self) -> tuple[int, Action] | None:
        """The first AI out-of-turn action, clockwise from the turn player."""
        state = self.state
        interjectors = state.interjectors()
        if not interjectors:
            return None
        tp = state.turn_player()
        n = len(self.seats)
        start = (tp + 1) if tp is not None else 0
        for offset in range(n):
            p = (start + offset) % n
            if p in interjectors and p in self.agents:
                legal = state.legal_actions(p)
                if not legal:
                    continue
                self.catch_up()
                agent = self.agents[p]
                agent.rng = self._decision_rng(p, "interject")
                action = agent.interject(state.view(p), legal)
                if action is not None:
                    return p, action
        return None

    def ai_turn_action(self) -> tuple[int, Action] | None:
        """The turn player's action if that seat is an AI."""
        tp = self.state.turn_player()
        if tp is None or tp not in self.agents or self.state.is_terminal():
            return None
        self.catch_up()
        agent = self.agents[tp]
        agent.rng = self._decision_rng(tp, "act")
        return tp, agent.act(self.state.view(tp), self.state.legal_actions(tp))

    def ai_decision(self, player: int) -> Action | None:
        """What the AI in seat ``player`` does now when it is the one to
        move, decided as ``step`` decides it (its turn action, or its
        out-of-turn one from the same stream), or None (no AI there, or not
        its move).  Only that agent is asked: ``relive`` knows who moved."""
        state = self.state
        agent = self.agents.get(player)
        if agent is None or state.is_terminal() or state.is_chance():
            return None
        self.catch_up()
        legal = state.legal_actions(player) if player in (state.interjectors() or ()) else ()
        if legal:   # asked out of turn first, as ``ai_interjection`` asks
            agent.rng = self._decision_rng(player, "interject")
            action = agent.interject(state.view(player), legal)
            if action is not None:
                return action
        if player == state.turn_player():
            move = self.ai_turn_action()
            return move[1] if move is not None else None
        return None

    def explain(self, player: int) -> str:
        """Why the AI in ``player``'s seat made its last move (the coach and the log
        quote it), or "" for a human seat."""
        agent = self.agents.get(player)
        return agent.explain() if agent else ""

    def relive(self, actions: Sequence[tuple[int, Action]] | None = None,
               prepare: Callable[["Match"], None] | None = None,
               asked: Container[int] | None = None) -> Iterator[tuple["Match", int, str]]:
        """Play ``actions`` (default: this match's history) again on a fresh
        match, for what the record does not keep: why the AIs made their
        moves.  Yields, after each move, (the fresh match, the move's player,
        the why line ``explain`` gave right after it at the table: "" for
        chance, a human, or an AI without a word).  Lazy: a caller that needs
        the first moves only stops early.

        The AI that made a move decides it again (``ai_decision``: as
        ``step`` and the table decide, from the same per-move stream of the
        seed), so it thinks as it did then; ``asked``: the indices of the
        moves whose AI is asked (default: every AI move; the others yield "",
        at the cost of the replay alone: an AI's reason may cost as much
        thought as its move did).  An AI that would not make the logged move
        (a save from an older AI) gets "" there: no reason rather than a wrong
        one.  ``prepare`` readies the fresh agents as the table readied the
        real ones (the rivals book, whom the why lines speak to).  Nothing of
        this match changes; chance comes from the log."""
        moves = list(self.history if actions is None else actions)
        again = Match(self.game_id, self.seats, self.options, self.seed)
        if prepare is not None:
            prepare(again)
        for index, (player, action) in enumerate(moves):
            if index in self.said:   # what it said then, from what it recalled of earlier games
                again.apply(player, action)
                yield again, player, self.said[index] if asked is None or index in asked else ""
                continue
            decided = again.ai_decision(player) if asked is None or index in asked else None
            again.apply(player, action)
            yield again, player, (again.explain(player) if decided is not None and decided == action else "")

    # --- headless driving --------------------------------------------------
    def step(self) -> bool:
        """Advance by one chance event or AI action; False if a human must act
        (or the game is over)."""
        if self.state.is_terminal():
            return False
        if self.state.is_chance():
            self.apply(CHANCE, self.chance_outcome())
            return True
        move = self.ai_interjection() or self.ai_turn_action()
        if move is None:
            return False
        self.apply(*move)
        return True

    def play_out(self, max_steps: int = 1_000_000) -> None:
        """Run chance and AI until the end or a human's turn."""
        for _ in range(max_steps):
            if not self.step():
                return
        raise RuntimeError(f"{self.game_id}: no end after {max_steps} steps (seed {self.seed})")

    @property
    def is_over(self) -> bool:
        """The game has ended (the rules' terminal state)."""
        return self.state.is_terminal()

    # --- records: replay and autosave -----------------------------------
    def to_record(self) -> dict:
        """The whole game as a JSON record (seats, options, seed, every move): what
        replays, autosaves and golden records store, replayable by ``from_record``."""
        rec = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game_id,
            "rules_version": self.game.rules_version,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()},
            "seats": [s.to_json() for s in self.seats],
            "seed": self.seed,
            "dice": self.dice.name,
            "actions": [{"player": p, "action": a.to_json()} for p, a in self.history],
            "finished": self.state.is_terminal(),
            "saved_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        }
        if self.state.is_terminal():
            rec["ranking"] = list(self.state.ranking())
        if self.phone_seats:
            rec["phones"] = list(self.phone_seats)
        said = [{"move": i, "why": why} for i, why in sorted(self.said.items()) if i < len(self.history)]
        if said:
            rec["said"] = said
        return rec

    @classmethod
    def from_record(cls, record: Any, dice: DiceResolver | None = None,
                    upto: int | None = None) -> "Match":
        """Rebuild a match by replaying its log (the first ``upto`` actions).

        Raises ``RecordError`` with a player-readable message on anything
        corrupt, foreign or from a newer version."""
        return run_steps(cls.record_steps(record, dice, upto))

    @classmethod
    def record_steps(cls, record: Any, dice: DiceResolver | None = None, upto: int | None = None,
                     moves_per_step: int = RECORD_MOVES_PER_STEP, *,
                     checked: bool = False) -> Generator[None, None, "Match"]:
        """``from_record`` a few moves a step: a generator whose value (``run_steps``)
        is the match, so a screen can check a long record over several frames
        (a 20-seat replay's 1,709 moves took 100-180 ms in the click's frame).
        ``checked``: ``record`` is what ``validation.check_document`` returned
        for it against ``RECORD_FORMAT`` (30-50 ms for that replay: a caller
        may do it off the frame)."""
        if not isinstance(record, Mapping):
            raise RecordError("this file is not a Dice Tavern game record")
        if not checked:
            try:
                record = v.check_document(dict(record), RECORD_FORMAT)
            except v.SchemaError as exc:
                raise RecordError(str(exc)) from exc
        yield
        game_id = record["game"]
        if not games.is_known(game_id):
            raise RecordError(f"unknown game {game_id!r} in this record")
        if not games.has_rules(game_id):
            raise RecordError(f"{games.game_info(game_id).title} is not available in this version")
        seats = [Seat.from_json(s) for s in record["seats"]]
        try:
            match = cls(game_id, seats, record.get("options") or {}, record["seed"], dice)
        except Exception as exc:  # a game's option parser on foreign values: any error is the record's
            raise RecordError(f"the record's settings are not valid: {exc}") from exc
        yield
        rules_version = check_rules_version(record, match.game)
        match.phone_seats = tuple(sorted({s for s in record.get("phones", ()) if s < len(seats) and not seats[s].is_ai}))
        actions = record["actions"]
        match.said = {e["move"]: e["why"] for e in record.get("said", ())   # an AI's words, never a person's
                      if e["move"] < len(actions) and 0 <= actions[e["move"]]["player"] < len(seats)
                      and seats[actions[e["move"]]["player"]].is_ai}
        for i, entry in enumerate(actions[:upto] if upto is not None else actions):
            if i and i % moves_per_step == 0:
                yield
            # Replaying is the check of the game-specific content: an illegal,
            # out-of-range or foreign move fails here, whatever the rules raise.
            try:
                player = entry["player"]
                action = match.game.action_from_json(entry["action"])
                if player != CHANCE and not 0 <= player < len(seats):
                    raise ValueError(f"there is no player {player}")
                match.apply(player, action)
                action.label()
                if rules_version < match.game.rules_version and match.state.departs_from_rules(rules_version):
                    raise older_rules_error(match.game, rules_version)
            except RecordError:
                raise
            except Exception as exc:
                if rules_version < match.game.rules_version:
                    raise older_rules_error(match.game, rules_version) from exc
                raise RecordError(f"the record is damaged at move {i + 1}: {_short(exc)}") from exc
        return match


def run_steps(steps: Iterator[Any]) -> Any:
    """Run a generator of steps to its end: its return value (a step that is
    work under way on a thread, with a ``wait``, is waited for)."""
    while True:
        try:
            step = next(steps)
        except StopIteration as done:
            return done.value
        wait = getattr(step, "wait", None)
        if wait is not None:
            wait()


def _short(exc: BaseException) -> str:
    """An exception as at most one short line for a player message."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:160]
