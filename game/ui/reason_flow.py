"""The AIs' reasons at the table: an AI's reason said at once or held until
its dice are shown (and found again on Continue or in a replay).  When the
AIs move is the ``ai_turns`` component (game/ui/ai_turns.py); a moment held
for reading is the ``held`` component (game/ui/held_moment.py).

``ReasonFlow`` is a component the table owns (``table.reason_flow``): it keeps
the reasons held (its ``keeper``, game/ui/ai_reasons.py) and asks the table
only what ``ReasonTable`` lists.  Its own module because what an AI says
must never give a hidden die away, whatever the table draws.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable, ContextManager, Protocol

from . import theme as th
from ..core.grammar import isolated
from ..core.match import Match
from ..core.playback import ReplayReasons
from ..core.protocol import CHANCE
from .ai_reasons import HeldReason, ReasonKeeper, Told, more_in_log, thinking

if TYPE_CHECKING:
    from ..core.grammar import Voice
    from ..core.narration import GameLog
    from ..core.playback import ReplayFeed
    from .hotseat import HotSeatFlow
    from .services import AppServices


class ReasonTable(Protocol):
    """What the AIs' reasons ask of their table."""

    app: AppServices
    match: Match
    game_log: GameLog
    words: Voice
    hot_seat: HotSeatFlow
    show_log: bool

    @property
    def replay(self) -> ReplayFeed | None: ...
    def hand_shown(self, seat: int) -> bool: ...
    def announce(self, text: str, colour=None) -> None: ...
    def seat_name(self, seat: int) -> str: ...
    def ready_agents(self, match: Match) -> None: ...
    def as_of(self, match: Match) -> ContextManager[None]: ...


RELIVE_MOVES_PER_STEP = 25
"""Moves of the record the keeper follows per opening step (Continue with "Show AI reasoning")."""


class ReasonFlow:
    """The AIs' reasons at one table (its component ``reason_flow``; the moves: ``ai_turns``)."""

    def __init__(self, table: ReasonTable):
        self.table = table
        self.keeper = ReasonKeeper()
        """The AIs' why lines held until their dice are shown (game/ui/ai_reasons.py)."""
        self._relived: tuple[tuple[int, Told] | None] | None = None
        """What ``relive_steps`` found, until ``relive`` hands it over."""

    def tell(self, player: int) -> None:
        """After a move by ``player`` (with "Show AI reasoning" on): an AI's
        reason is said at once when it gives nothing hidden away, else held
        (game/ui/ai_reasons.py) and told when its dice are shown, in the log
        as that seat's thinking for the round (with the reason of the
        challenge that showed them, last) and, briefly, in the commentary:
        the newest held reason and how many more the log holds."""
        if not self.table.app.settings.show_ai_reasons:
            self.keeper.clear()
            return
        moment = len(self.table.match.history) - 1
        if not self.table.match.seats[player].is_ai:
            why = ""
        elif self.table.replay is None:
            why = self.table.match.explain(player)
        else:   # a replay's AIs do not decide: their words are worked out again
            why = self.replay_reasons()(moment)
        self.say(player, self._keep(player, moment, why))

    def replay_reasons(self) -> ReplayReasons:
        """A replay's AI reasons, by move: the logged game played again with
        its AIs thinking (``Match.relive``), kept on its feed (a replay
        stepped back reads them again).  In the game's window they are
        worked out a few moves ahead on a worker thread, as the live AIs
        think (``think_in_background``), and the replay shows a move once
        its reason is known (``pending``): no frame thinks.  Its AIs
        recall no earlier game (``ready_agents``): an AI that did at the
        table is not asked, its words come from the record (``Match.said``).
        In a replay every hand shows (game/ui/secrecy.py), so
        each reason is said with its move (the keeper holds none): the bid
        and why, beside the dice it speaks of."""
        feed = self.table.replay
        assert feed is not None, "only a replay table has a replay's reasons"
        if feed.reasons is None:
            feed.reasons = ReplayReasons(self.table.match.relive(feed.actions, prepare=self.table.ready_agents),
                                         background=bool(self.table.app.think_in_background))
        return feed.reasons

    def pending(self, index: int, ahead: bool = False) -> bool:
        """A replay with "Show AI reasoning" on: is the reason of the logged
        move at ``index`` still being worked out?  The replay waits for it
        before it shows the move: each reason is said with its move, as at
        the table, and a replay stepped back finds every reason before it
        known.  One not known is asked for at once; with ``ahead`` the
        worker is also kept ``ReplayReasons.AHEAD`` moves further on (the
        replay asks that while it rests: ``ReplayDriver.reasons_ahead``).  False with
        the setting off (nothing is worked out)."""
        if self.table.replay is None or not self.table.app.settings.show_ai_reasons:
            return False
        return not self.replay_reasons().ready(index, ahead=ahead)

    def _keep(self, player: int, moment: int, why: str) -> Told:
        """The keeper's turn after the move at ``moment`` (its reason ``why``):
        the reasons it lets go enter the log as thinking; returns them."""
        told = self.keeper.after_move(player, moment, why, self.table.hot_seat.reason_hidden, self.table.hand_shown)
        self._note(player, moment, told)
        return told

    def _note(self, player: int, moment: int, told: Told) -> None:
        """The log's part of ``told`` (the move at ``moment``, by ``player``):
        the reasons let go, as thinking after the move's sentences."""
        notes = list(told.shown)
        if told.now and (self.table.hand_shown(player) or not self.table.show_log):
            # the challenge's own reason closes the round's thinking; a table that draws no
            # commentary (Diced Out) has the log say every reason, else none would show
            notes.append(HeldReason(player, moment, told.now))
        for reason in notes:
            self.table.game_log.note(moment, reason.seat, [thinking(self.table.words.possessive(reason.seat), reason.text)])

    def say(self, player: int, told: Told) -> None:
        """The commentary's part of ``told``: the mover's own reason, then the
        newest reason its move showed and how many more the log holds."""
        if told.now:
            self.table.announce(f"{isolated(self.table.seat_name(player))}: {told.now}", th.CREAM_DIM)
        if told.shown:
            last = told.shown[-1]
            self.table.announce(thinking(self.table.words.possessive(last.seat), last.text), th.CREAM_DIM)
            if len(told.shown) > 1:
                self.table.announce(more_in_log(len(told.shown) - 1), th.CREAM_DIM)

    def relive(self) -> tuple[int, Told] | None:
        """A table opened on a game under way (Continue; a replay stepped
        back), with "Show AI reasoning" on: the AIs' reasons as if the game
        had never been left.  A record keeps moves, not words, so the keeper
        follows the moves again, the table's own checks (``reason_hidden``,
        ``hand_shown``) asked of each moment, and:

        * Continue (a table whose reasons may be held: hidden dice): the
          reasons the round holds are held again, to be told at its reveal;
          only their moves' AIs are asked again (``Match.relive``, recalling
          their rivals and speaking to "you" as at this table), so the cost
          is a round's thinking, not the game's.  The log's thinking of
          earlier rounds is not told again (that would be the whole game's).
        * a replay stepped back: the thinking its log told before this move
          is told again (``replay_reasons``, kept from playing it).

        Nothing is said here: returns the last move's player and what it
        told, for the table to say again as it shows that move again
        (``restore_moment``: a reveal), or None.  An AI that cannot think on
        an old save leaves those reasons unsaid.  A lesson's AIs follow its
        script: not asked again.  What ``relive_steps`` found (the opening
        hand-over ran it) is returned without doing it again."""
        if self._relived is None:
            for _ in self.relive_steps():
                pass
        assert self._relived is not None, "relive_steps ends by keeping what it found"
        (told,), self._relived = self._relived, None
        return told

    def relive_steps(self):
        """``relive``'s work a piece per step (a generator the opening
        hand-over runs, ``RestoreFlow.prepare_steps``): the moves followed
        ``RELIVE_MOVES_PER_STEP`` a step, each AI asked again a step of its
        own (a Hard AI's thought is milliseconds); ``relive`` then returns
        what it found.  It ran in the table's first frame: 20 seats' round
        of thinking in one frame."""
        self._relived = None
        told = yield from self._relive_steps()
        self._relived = (told,)

    def _relive_steps(self):
        match = self.table.match
        if (not self.table.app.settings.show_ai_reasons or getattr(match, "tutorial", False)
                or not match.history or not match.agents):
            return None
        if self.table.replay is not None:
            return (yield from self._follow_steps(self.replay_reasons()))
        if not match.game.info.hidden_dice:
            return None
        # which moves' reasons matter now: the keeper followed with a stand-in for every AI's
        stand_in = yield from self._follow_steps(
            lambda index: "\u2026" if match.seats[match.history[index][0]].is_ai else "", log=False)
        wanted = {r.moment for r in self.keeper.held}
        if stand_in is not None:
            wanted.update(r.moment for r in stand_in[1].shown)
            if stand_in[1].now:
                wanted.add(len(match.history) - 1)
        self.keeper.clear()
        if not wanted:
            return None
        said: dict[int, str] = {}
        try:
            for index, (_again, _player, why) in enumerate(match.relive(prepare=self.table.ready_agents, asked=wanted)):
                if index in wanted:
                    said[index] = why
                    yield True   # an AI thought again: a step of its own
                elif index % RELIVE_MOVES_PER_STEP == RELIVE_MOVES_PER_STEP - 1:
                    yield True
                if index >= max(wanted):
                    break
        except Exception:   # the reasons are a nicety: a save its AIs cannot think on still plays
            return None
        return (yield from self._follow_steps(lambda index: said.get(index, "")))

    def _follow_steps(self, reason: Callable[[int], str], log: bool = True):
        """The keeper, from empty, after every move of the game so far, each
        with ``reason(index)`` (Continue, a replay stepped back), the table's
        own checks asked of each moment; with ``log``, the thinking let go
        enters the log.  Returns the last move's player and what it told
        (None after a chance move).  A generator: ``RELIVE_MOVES_PER_STEP``
        moves a step; the table's checks read the followed match only
        inside a step."""
        match = self.table.match
        again = Match(match.game_id, [replace(s, kind="human") for s in match.seats], match.options, match.seed)
        self.keeper.clear()
        last: tuple[int, Told] | None = None
        table = self.table
        history = list(match.history)
        for start in range(0, len(history), RELIVE_MOVES_PER_STEP):
            if start:
                yield True
            with table.as_of(again):   # the checks read the table's match: this moment's
                for index in range(start, min(start + RELIVE_MOVES_PER_STEP, len(history))):
                    player, action = history[index]
                    again.apply(player, action)   # the moves alone: no AI here thinks
                    if player == CHANCE:
                        last = None
                        continue
                    told = self.keeper.after_move(player, index, reason(index), table.hot_seat.reason_hidden,
                                                  table.hand_shown)
                    if log:
                        self._note(player, index, told)
                    last = (player, told)
        return last
