"""TableScene: the base of every game's table, and the driver of a match.

A game's ``scene.py`` subclasses ``TableScene`` and draws its own table
(``draw_table``), reads its own input (``handle_table_event``) and calls
``self.submit(player, action)`` when a human decides.  Everything else is
done here, the same way for all five games:

* chance: a ``RollRequest`` becomes a physical throw (``game.physics.Throw``
  seeded by ``match.next_throw_seed()``, landing in ``dice_zones(request)``,
  drawn by ``ThrowView``); when the dice settle their faces are applied as
  the ``RollResult``.  Reduced motion uses ``Throw.instant``; replays pass the
  logged faces as ``forced``.  A ``ShuffleRequest`` is resolved at once.
* AI: after a short natural delay (shorter on the fast setting) the AI's
  move comes from ``match.ai_interjection()`` / ``match.ai_turn_action()``,
  the same order as the headless ``Match.step``, so a seed plays the same on
  screen and in ``sim``.  While a human is thinking, AI interjections are
  polled once per position after the same delay.
* hidden dice: one policy object (``self.secrecy``, game/ui/secrecy.py)
  decides per die per frame whether a hidden die may be drawn face-up
  (``can_see``).  With two or more humans (hot-seat) every cup is down; the
  pass-the-screen curtain confirms who sits at the screen before a human
  must act, and that human peeks by holding Tab/Space or the "Peek at my
  dice" button; the cup drops on letting go, on any action, on a throw and
  when anything covers the table.  One human: their dice show as always.
* words: ``self.words`` (game/ui/grammar.py) says "You open" to the lone
  human and "Player 2 opens" to everyone else.
* Esc pauses; every applied action autosaves (errors become a toast); at the
  end the replay is saved and the results scene follows.

Watch-only mode (``replay=ReplayFeed``) plays a logged game back through the
same table, with pause / step / speed controls drawn by this base class.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from .. import games
from ..core import saves, stats
from ..core.match import Match
from ..core.narration import GameLog
from ..core.story import out_places
from ..core.playback import REPLAY_SPEEDS, ReplayFeed  # noqa: F401 (re-exported)
from ..core.protocol import (CHANCE, Action, IllegalActionError, RollRequest, RollResult, State,
                             ShuffleRequest)
from ..core.userfiles import UserFileError
from . import layout
from . import theme as th
from .game_log import LogPanel, SinceSummary
from .grammar import Voice
from .out_moment import OutMoment, OutNotice, out_words
from .pace import PACES, Pace, faster, pace_for
from .replay_bar import ReplayBar
from .pictures import render_table_background, table_background  # noqa: F401 (re-exported)
from .scene import Scene
from .secrecy import Secrecy
from .still_layer import StillLayer
from .thinker import Thinker
from ..canvas import CENTRE_X

if TYPE_CHECKING:
    from .dice_render import DiceRenderer
    from .throw_view import ThrowView
    from .tutorial import TutorialCoach

END_DELAY = 1.6
END_DELAY_MAX = 3.0   # the final position may show this long while the results screen finishes building
"""Seconds the final position stays on screen before the results."""
EDGE_MARGIN = 8
"""Nameplates keep this far from the window edge (at 4 seats they touched it)."""
PEEK_KEYS = (pygame.K_TAB, pygame.K_SPACE)
"""Held down in hot-seat: the confirmed human lifts their cup."""


@dataclass
class LogLine:
    text: str
    age: float = 0.0
    colour: tuple = field(default=th.CREAM)


class TableScene(Scene):
    """Base of every game's table scene; see the module docstring."""

    name = "table"
    die_size = 46
    keep_settled_dice = True
    """Draw the last throw's dice where they landed until the next throw
    (games that move dice into trays set False and draw them themselves)."""
    show_log = True
    log_corner = "topleft"
    """Where the Log button and the "since your last move" card sit ("topright" too)."""
    since_width = 420
    """Width of the "since your last move" card (narrower where the table's
    own pieces reach the corner)."""
    continue_spot = (CENTRE_X, 470)
    """Centre of the "continue" prompt of a held reveal (clear of the seats' dice)."""


    def __init__(self, app, match: Match, *, replay: ReplayFeed | None = None):
        super().__init__(app)
        self.match = match
        self.info = match.game.info
        self.replay = replay
        self.replay_bar = None if replay is None else ReplayBar(replay, on_back=self.step_back,
                                                                 on_close=self._leave_replay)
        self.seats = match.seats
        self.seat_spots = layout.seat_spots(len(match.seats))
        humans = [i for i, s in enumerate(match.seats) if not s.is_ai]
        self.humans = humans
        self.secrecy = Secrecy(humans, hidden_dice=bool(self.info.hidden_dice), replay=replay is not None)
        self.uses_curtain = self.secrecy.hotseat
        self.words = Voice(match.seats, spectator=replay is not None)
        self._peek_by_mouse = False
        self._peek_keys_held: set[int] = set()
        self.throw_view: ThrowView | None = None     # the throw in flight
        self.settled_view: ThrowView | None = None   # the last throw, at rest
        self._ai_timer = 0.0
        self._polled_at = -1            # history length of the last interjection poll
        self._end_timer = 0.0
        self._finished = False
        self._warming = None   # ``warm_steps`` still to run, one a frame
        self._disposing: list = []   # finished throws taken apart, a step a frame (``_dispose``)
        self._ahead: list | None = None
        """[history length, steps, scene]: the results screen built ahead (``_results_ahead``)."""
        self._curtain_for: int | None = None
        self.replay_path = None
        self.recording: stats.Recording | None = None
        """The finished game on its way into the lifetime stats (``record_stats``)."""
        self.return_to = None
        """The scene a replay goes back to when closed (see ``app.nav``)."""
        self.log: list[LogLine] = []
        self._decision_key: tuple[int, int | None, bool] | None = None
        self.waiting_thrower: int | None = None
        """A human seat whose own roll waits for them to throw (click/Space)."""
        self._throw_released_at: int | None = None
        self._renderer: DiceRenderer | None = None
        self.time = 0.0
        self.game_log = GameLog(match.game.new_initial_state(), [s.name for s in match.seats],
                                games.narrator(match.game_id) if games.is_known(match.game_id) else None)
        """Every action of the whole game in words (``L`` or the Log button)."""
        self.log_panel = LogPanel(self.game_log, self.log_corner)
        self.since = SinceSummary(self.log_corner, self.since_width)
        self._since_for: int | None = None
        self.holding: object | None = None
        """The moment (a key) held on screen until the player continues, or None."""
        self._continued: object | None = None
        self.call_window_left = 0.0
        self.highlighted_seat: int | None = None
        """The seat whose nameplate glowed when last drawn (``draw_seats``)."""
        self.seat_plates: dict[int, pygame.Rect] = {}
        """Where each seat's nameplate was last drawn (tests check overlaps with it)."""
        """Seconds left in a visible call window (a human may call out of turn)."""
        self.undo_left = 0.0
        """Seconds left before the next AI moves and a taken-back move becomes final."""
        self.tutorial: TutorialCoach | None = None
        """A guided first game's coach (game/ui/tutorial.py ``TutorialCoach``), or None."""
        self._replay_writer: tuple | None = None
        """(thread, outcome) while the finished game's replay is being written."""
        self._prepared: tuple | None = None
        """(key, Throw being built) for the next throw (``_prepare_throw``)."""
        self._thinker: Thinker | None = None
        """An AI decision being computed in the background (``_drive_ai``)."""
        self.still = StillLayer()
        """The kept bottom of the picture (``still_key`` / ``draw_still``)."""
        self._out_known = set(self._out_places())
        """Seats already out (a continued game does not announce them again)."""
        self._out_queue: list[int] = []
        self.out_moment: OutMoment | None = None
        """The "you are out" card while it is up (game/ui/out_moment.py)."""
        self.out_notice = OutNotice()
        self.out_shown: list[int] = []
        """Every human seat announced as out, in order (each once)."""
        self.watching_fast = False
        """Every human is out and chose to watch on faster."""
        self._built_at: int | None = len(match.history)
        """Moves in the match when the table was built (a Continue: more than 0);
        None once ``restore_table`` ran."""

    # ------------------------------------------------------------------
    # Subclass hooks
    # ------------------------------------------------------------------
    def draw_table(self, canvas: pygame.Surface, alpha: float) -> None:
        """Draw the game's own table contents (background already drawn)."""

    def handle_table_event(self, event) -> bool:
        """Game input; return True if the event was used."""
        return False

    def dice_zones(self, request: RollRequest) -> list[pygame.Rect]:
        """Where each die group lands: by default in front of its owner."""
        return [layout.zone_near(self.seat_spots[g.owner].pos, 0.38) if 0 <= g.owner < len(self.seat_spots)
                else layout.zone_near(layout.TABLE_CENTRE, 0) for g in request.groups]

    def on_applied(self, player: int, action: Action, before_state) -> None:
        """After any action (chance included) was applied: start animations."""

    def keeps_roll_on_continue(self, index: int) -> bool:
        """Does the throw at ``history[index]`` (the last one) still lie on the
        felt?  Asked when a table opens on a game under way; default: the
        table keeps its last throw until the next (``keep_settled_dice``)."""
        return self.keep_settled_dice

    def on_roll_restored(self, before_state, after_state) -> None:
        """Continue put the last throw back on the felt (``keeps_roll_on_continue``):
        the game adds what goes with it (a total shown beside the tray)."""

    def restore_moment(self, player: int, action: Action, before_state) -> None:
        """Continue: the table opens on a game whose last move was ``action``
        (``before_state``: the state before it).  Put back what that move
        left on screen and play its outcome again if it is one (a reveal, a
        pot split, a card scored: docs/CONTRIBUTING.md, "Continue").
        Default: nothing."""

    def undoable(self, player: int, action: Action) -> bool:
        """May this human move (not applied yet; ``self.state`` is before it)
        be taken back until any other move is made?  Default: no.  Games
        answer per action (a bid with one human, a placement that scores
        nothing); moves that show hidden information stay final and get a
        confirm step instead (docs/CONTRIBUTING.md, "Misclick protection")."""
        return False

    def on_taken_back(self, player: int, action: Action) -> None:
        """After ``action`` was taken back (``self.state`` is before it again):
        put the scene's own pieces back (the bid list, a die in the tray)."""

    def undo_text(self, action: Action) -> str:
        """The Undo button's words for ``action`` ("Undo bid 1 five")."""
        return "Undo " + action.label().lower()

    def undo_button_rect(self) -> pygame.Rect:
        """Where the "Undo" button sits while a move may be taken back."""
        return pygame.Rect(530, 430, 220, 52)

    def is_busy(self) -> bool:
        """True while a game animation plays; the driver waits for it."""
        return False

    def is_idle(self) -> bool:
        """Waiting for a human, with no throw, animation or AI poll pending
        (the app then checks the frames really stay the same before it rests)."""
        if self.tutorial is not None and self.tutorial.visible_step() is not None:
            return False   # the coach's ring pulses
        if self.holding is not None or self.log_panel.is_open:
            return True   # a held reveal or the open log: nothing moves until the player acts
        if self.replay is not None or self.throw_view is not None or self.is_busy():
            return False
        if self.match.state.is_terminal():
            return False
        if self.since.unfolding:
            return False   # the "since your last move" card folds after a few seconds
        if self.waiting_thrower is not None:
            return True
        return self.human_to_act() is not None and self._polled_at == len(self.match.history)

    def restore_table(self) -> None:
        """A table opened on a game already under way (Continue, a replay
        stepped back) shows what the table showed after the last move, from
        the record alone: the last throw's dice where they landed (the same
        seed, zones and faces, settled at once) while the game keeps them,
        then ``restore_moment`` for the last move.  Runs once, before the
        table's own first move."""
        history = self.match.history
        built, self._built_at = self._built_at, None
        if not built or built != len(history) or self.match.is_over:
            return
        rolls = [i for i, (p, a) in enumerate(history) if p == CHANCE and isinstance(a, RollResult)]
        last_roll = rolls[-1] if rolls else None
        state = self.match.game.new_initial_state()
        before_roll = before_last = None
        for i, (player, action) in enumerate(history):
            if i == last_roll:
                before_roll = state
            if i == len(history) - 1:
                before_last = state
            state = state.apply(player, action)
        if last_roll is not None and before_roll is not None and self.keeps_roll_on_continue(last_roll):
            roll = history[last_roll][1]
            assert isinstance(roll, RollResult), "rolls lists RollResult moves only"
            self._restore_throw(before_roll, roll,
                                sum(1 for p, _a in history[:last_roll] if p == CHANCE))
            self.on_roll_restored(before_roll, before_roll.apply(*history[last_roll]))
        if self.replay is None and before_last is not None:
            self.restore_moment(*history[-1], before_last)

    def _restore_throw(self, before, result: RollResult, chance_index: int) -> None:
        """The settled view of a logged throw: ``Throw.instant`` with its seed
        and zones and the logged faces (a crowded zone shrinks the dice as
        ``_make_throw`` does)."""
        request = before.chance_request()
        if not isinstance(request, RollRequest):
            return
        from .. import physics
        from . import throw_view
        from ..core.seeding import derive
        seed = derive(self.match.seed, "chance", chance_index)
        zones = [tuple(pygame.Rect(z)) for z in self.dice_zones(request)]
        size = float(self.die_size)
        for _ in range(12):
            try:
                throw = physics.Throw.instant(request, seed, zones, forced=result.faces, die_size=size)
                break
            except ValueError:
                size *= 0.88
        else:
            return
        self.settled_view = throw_view.ThrowView(throw, self.renderer, can_see=self.can_see,
                                                 colours=self.throw_colour)

    def screen_facts(self) -> dict:
        """What the player sees, as data: whose turn, who must act, a throw
        waiting for its thrower, a held moment, the dice lying on the felt.
        Continue must give a table with the same facts (tests/test_continue_phases.py);
        each game adds its own (the tray, the bid, the prompt...)."""
        state = self.match.state
        view = self.settled_view if self.keep_settled_dice else None
        return {"moves": len(self.match.history), "to_act": self.human_to_act(),
                "turn": None if state.is_terminal() or state.is_chance() else state.turn_player(),
                "waiting_thrower": self.waiting_thrower, "holding": self.holding is not None,
                "highlighted": self.highlighted_seat, "call_window": self.call_window_left > 0,
                "dice_on_felt": sorted(p.top for p in view.poses()) if view is not None else []}

    def human_to_act(self) -> int | None:
        """The human seat that must decide now, or None."""
        if self.replay is not None:
            return None
        state = self.match.state
        if state.is_terminal() or state.is_chance():
            return None
        tp = state.turn_player()
        if tp is not None and not self.match.seats[tp].is_ai:
            return tp
        return None

    # ------------------------------------------------------------------
    # Helpers for subclasses
    # ------------------------------------------------------------------
    @property
    def theme(self) -> th.Theme:
        return self.app.theme

    @property
    def state(self) -> State:
        """The match's state; each game's scene narrows it to its own State
        subclass (``state_as``), so game-specific fields are type-checked."""
        return self.match.state

    @property
    def renderer(self) -> DiceRenderer:
        """The shared DiceRenderer, made on first use at this table's die size."""
        if self._renderer is None:
            from . import dice_render
            self._renderer = dice_render.DiceRenderer(self.die_size)
        return self._renderer

    def can_see(self, owner: int) -> bool:
        """May the hidden dice of ``owner`` be drawn face-up now?  Asked per
        die per frame; the answer is ``self.secrecy``'s, and in hot-seat only
        while the table itself is on top and at rest (no throw in flight,
        nothing covering it).  In a replay the game is over, so the watcher
        sees every hand, as at a real table when the cups come up."""
        if not self.secrecy.may_show(owner):
            return False
        return not self.secrecy.hotseat or self.peek_possible()

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden dice are face-up now (the lone human, or the
        hot-seat human while peeking), or None."""
        seat = self.secrecy.viewer
        return seat if seat is not None and self.can_see(seat) else None

    def has_hidden_dice(self, seat: int) -> bool:
        """Does ``seat`` hold hidden dice to peek at?  (Bidding tables: dice
        in hand.)"""
        return False

    def peek_possible(self) -> bool:
        """May the confirmed hot-seat human lift their cup right now?"""
        seat = self.secrecy.confirmed
        return (seat is not None and self.is_top and self.throw_view is None and not self.is_busy()
                and not self.log_panel.is_open
                and not self._finished and not self.match.state.is_chance() and self.has_hidden_dice(seat))

    def peek_button_rect(self) -> pygame.Rect:
        """Where the hot-seat "Peek at my dice" button sits."""
        return pygame.Rect(16, 548, 236, 58)

    def subject(self, seat: int) -> str:
        return self.words.subject(seat)

    def verb(self, seat: int, third: str, second: str) -> str:
        """"You lose" but "Marta loses" (decided by the seats' kind)."""
        return self.words.verb(seat, third, second)

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name if 0 <= seat < len(self.match.seats) else "?"

    def announce(self, text: str, colour=None) -> None:
        """Add a line to the table's running commentary."""
        self.log.append(LogLine(text, 0.0, colour or th.CREAM))
        del self.log[:-6]

    def submit(self, player: int, action: Action) -> bool:
        """A human's decision; an illegal one gives a message, never a crash."""
        if self.replay is not None or self._finished:
            return False
        self.secrecy.drop()  # acting drops the cup
        if self.throw_view is not None or self.match.state.is_chance():
            self.app.toast("Wait for the dice to settle.")
            return False
        if self.tutorial is not None and not self.tutorial.allows(player, action):
            return False   # not what the lesson asks: its hint shows, nothing is applied
        try:
            undo = (self.tutorial is None   # a lesson's moves follow its script: no take-backs
                    and self.state.is_legal(player, action) and self.undoable(player, action))
            self._apply(player, action, undoable=undo)
        except IllegalActionError as exc:
            self.app.toast(str(exc))
            self.app.sounds.play("error")
            return False
        return True

    # ------------------------------------------------------------------
    # Undo: a human's last move, while no one else has moved since
    # ------------------------------------------------------------------
    def can_undo(self) -> bool:
        """May the last move be taken back now?  Only a human's own move
        made ``undoable``, before anyone else moved, while no throw or held
        moment is on screen, and only for the human who made it: when
        another human is to act (or, in hot-seat, sits at the screen) the
        move is theirs to see, not to undo."""
        match = self.match
        if self.replay is not None or self._finished or not match.can_take_back():
            return False
        seat = match.undo_player()
        if seat is None or not 0 <= seat < len(match.seats) or match.seats[seat].is_ai:
            return False
        if self.throw_view is not None or self.holding is not None or match.state.is_chance():
            return False
        if self.human_to_act() not in (None, seat):
            return False
        return not self.secrecy.hotseat or self.secrecy.confirmed == seat

    def undo(self) -> bool:
        """Take back the last move (see ``can_undo``); the match forgets it
        entirely, so the record, the autosave and the AIs never see it."""
        if not self.can_undo():
            return False
        self.secrecy.drop()
        self._forget_thought()   # the AIs' memory is rolled back: no thought may run meanwhile
        self._await_replay()
        player, action = self.match.take_back()
        self.game_log.sync(self.match.history)
        self._ai_timer = 0.0
        self.undo_left = 0.0
        self.announce(f"{self.seat_name(player)}: took back {action.label()}", th.CREAM_DIM)
        self.app.sounds.play("click", 0.4)
        self.on_taken_back(player, action)
        return True

    def _undo_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z:
            return self.undo()
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.undo_button_rect().collidepoint(event.pos):
            return self.undo()
        return False

    def _draw_undo(self, canvas: pygame.Surface) -> None:
        """The "Undo" button, with the time left before the move is final."""
        if not self.is_top or not self.can_undo():
            return
        rect = self.undo_button_rect()
        mouse = self.app.to_canvas(pygame.mouse.get_pos()) if pygame.display.get_surface() else (-1, -1)
        hot = rect.collidepoint(mouse)
        pygame.draw.rect(canvas, th.WOOD_LIGHT if hot else th.WOOD_DARK, rect, border_radius=10)
        pygame.draw.rect(canvas, th.BRASS_LIGHT, rect, 2, border_radius=10)
        label = self.undo_text(self.match.history[-1][1])
        th.draw_text(canvas, self.theme, label[:26], (rect.centerx, rect.y + 8), 18, th.CREAM, bold=True,
                     anchor="midtop")
        th.draw_text(canvas, self.theme, "Z or Ctrl+Z", (rect.centerx, rect.bottom - 9), 13, th.CREAM_DIM,
                     anchor="midbottom")
        if self.undo_left > 0.05:
            bar = pygame.Rect(rect.x + 14, rect.bottom - 5, rect.w - 28, 3)
            bar.w = int(bar.w * min(1.0, self.undo_left / self.pace.undo_window))
            if bar.w:
                pygame.draw.rect(canvas, th.BRASS, bar)

    def clear_dice(self) -> None:
        self.settled_view = None

    def show_curtain_for(self, seat: int) -> None:
        """Pass the screen to ``seat``: hide everything, then reveal to them."""
        if self._curtain_for == seat:
            return  # already on its way up
        self.secrecy.forget()
        self._curtain_for = seat

        def reveal():
            self.secrecy.confirm(seat)
            self._curtain_for = None
        self.app.nav.curtain(self.seat_name(seat), reveal, seat=seat)

    # ------------------------------------------------------------------
    # Lifecycle
    # ------------------------------------------------------------------
    def enter(self) -> None:
        self.game_log.sync(self.match.history)
        if self._built_at is not None:
            self.restore_table()
        self.warm()
        self._maybe_curtain()

    def warm(self) -> None:
        """Build now, while the table opens, what the first throw would
        otherwise build in its first frame (70-200 ms at big tables): the
        physics modules, the dice renderer with its sprites for the kinds of
        dice this game throws, the felt background, the opening throw of a
        bidding table, and one drawing of the table (its labels and still layer)."""
        from .. import physics  # noqa: F401 - imported now, not in the first throw's frame
        from . import throw_view  # noqa: F401
        request = self.match.state.chance_request()
        kinds = ({g.kind for g in request.groups} if isinstance(request, RollRequest) else set()) - {"d6"}
        if kinds:
            self.renderer.prewarm(tuple(sorted(kinds)))
        table_background((layout.CANVAS_W, layout.CANVAS_H))
        if self.prepare_throws and isinstance(request, RollRequest):
            self._prepare_throw()   # the opening throw, built whole now
            if self._prepared is not None and self._prepared[1] is not None:
                self._prepared[1].finish_build()
                # and drawn once out of sight: the dice pictures of its first frame
                # (each seat's colour, face-down, at their starting angles) made now
                throw_view.ThrowView(self._prepared[1], self.renderer, can_see=self.can_see,
                                     colours=self.throw_colour).draw(pygame.Surface(self.app.canvas.get_size()))
        self.draw(self.app.canvas, 0.0)   # fonts, labels and the still layer: made now, not in frame 1
        warm_results = getattr(self.app.nav, "warm_results", None)
        if warm_results is not None and self.replay is None and self.tutorial is None:
            warm_results(self.match.game_id)   # the results screen's modules: not in the end delay
        self._warming = self.warm_steps()

    def warm_steps(self):
        """Pictures the table will need later (a reveal's dice, say), built a
        small piece per step: a generator that ``fixed_update`` runs one step
        a frame, so the moment that first shows them does not paint them all.
        Default: none."""
        return iter(())

    def pause(self) -> None:
        self._cup_down()  # another screen covers the table: cups down

    def exit(self) -> None:
        self._cup_down()
        self._await_replay()   # leaving before the results: the replay is still written

    def _cup_down(self) -> None:
        """Drop the cup and forget held peek keys/buttons (their release may
        go to another screen)."""
        self.secrecy.drop()
        self._peek_keys_held.clear()
        self._peek_by_mouse = False

    def handle_event(self, event) -> None:
        if self.secrecy.hotseat and (not self.log_panel.is_open or event.type == pygame.KEYUP) \
                and self._peek_event(event):
            return
        if self.out_moment is not None:
            self._out_event(event)
            return
        if self.tutorial is not None and self.tutorial.handle_event(event):
            return
        if self.log_panel.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.replay is not None:
                self._leave_replay()
            else:
                self.app.nav.pause(self)
            return
        if self.replay_bar is not None and self.replay_bar.handle_event(event):
            return
        if self.holding is not None and self._continue_event(event):
            return
        if self.replay is None and self._undo_event(event):
            return
        if self.waiting_thrower is not None and self._throw_event(event):
            return
        if self.throw_view is None:
            self.handle_table_event(event)

    def _peek_event(self, event) -> bool:
        """Hot-seat peeking: hold Tab/Space or the button to lift your cup."""
        kind = event.type
        if kind == pygame.KEYDOWN and event.key in PEEK_KEYS:
            if event.key not in self._peek_keys_held:  # a key-repeat never lifts a dropped cup
                self._peek_keys_held.add(event.key)
                self._start_peek()
            return True
        if kind == pygame.KEYUP and event.key in PEEK_KEYS:
            self._peek_keys_held.discard(event.key)
            self.secrecy.drop()
            return True
        if kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self._peek_button_shown() \
                and self.peek_button_rect().collidepoint(event.pos):
            self._peek_by_mouse = self._start_peek()
            return True
        if kind == pygame.MOUSEBUTTONUP and self._peek_by_mouse:
            self._peek_by_mouse = False
            self.secrecy.drop()
            return True
        if kind == getattr(pygame, "WINDOWFOCUSLOST", -1):
            self._cup_down()
        if kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.secrecy.drop()
        return False

    def _start_peek(self) -> bool:
        if not self.peek_possible():
            return False
        return self.secrecy.peek()

    def _peek_button_shown(self) -> bool:
        return self.secrecy.hotseat and self.peek_possible()

    def fixed_update(self, dt: float) -> None:
        self.time += dt
        if self._warming is not None and next(self._warming, None) is None:
            self._warming = None
        if self._disposing and next(self._disposing[0], None) is None:
            self._disposing.pop(0)
        if self.secrecy.peeking and not self.peek_possible():
            self.secrecy.drop()  # something covered the table or started moving
        if self.log_panel.is_open:
            return   # the table holds still while the log is read
        self._update_since()
        self.since.tick(dt)
        for line in self.log:
            line.age += dt
        if self._advance_throw(dt):
            return
        self.out_notice.update(dt)
        if self.holding is not None or self.is_busy() or not self.is_top:
            self._prepare_throw()
            return
        if self.out_moment is not None:
            return
        if self._finished and not self.match.is_over:
            return   # left the table (the out moment's "leave"): nothing more is played
        if self.tutorial is not None and self.tutorial.holds_table():
            return   # the learner reads the coach's note first
        state = self.match.state
        if state.is_terminal():
            self._out_queue.clear()   # the results say it all
            self._finish(dt)
            return
        if self._out_queue:
            self._announce_out()
            return
        if self.replay is not None:
            self._drive_replay(dt)
            return
        request = state.chance_request()
        if isinstance(request, RollRequest):
            if self._throw_released_at != len(self.match.history):
                self.waiting_thrower = self.throw_waits_for(request)
                if self.waiting_thrower is not None:
                    return
            self.waiting_thrower = None
            self._start_throw(request)
            return
        if isinstance(request, ShuffleRequest):
            self._apply(CHANCE, self.match.chance_outcome())
            return
        self._drive_ai(dt)

    def still_key(self):
        """What the still bottom layer (``draw_still``) shows, as a value that
        changes whenever its picture would (see game/ui/still_layer.py); None
        draws it afresh every frame.  Default: only the felt."""
        return ("felt",)

    def draw_still(self, canvas: pygame.Surface) -> None:
        """Draw what lies on the felt and changes only at moments (kept as a
        picture until ``still_key`` changes); the background is already drawn."""

    def _paint_still(self, canvas: pygame.Surface) -> None:
        self.draw_background(canvas)
        self.draw_still(canvas)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        if self.renderer is not None:
            self.renderer.start_record()
        self.still.draw(canvas, self.still_key(), self._paint_still, self.renderer)
        self.draw_table(canvas, alpha)
        view = self.throw_view or (self.settled_view if self.keep_settled_dice else None)
        if view is not None:
            view.draw(canvas, alpha)
        if self._peek_button_shown():
            self._draw_peek_button(canvas)
        if self.show_log:
            self._draw_log(canvas)
        self._draw_throw_prompt(canvas)
        if self.replay_bar is not None:
            mouse = self.app.to_canvas(pygame.mouse.get_pos()) if pygame.display.get_surface() else (-1, -1)
            self.replay_bar.draw(canvas, self.theme, mouse)
        self.draw_above_dice(canvas)
        self._draw_undo(canvas)
        if self.tutorial is None or self.tutorial.visible_step() is None:
            self._draw_pace(canvas)
        if not self.curtain_hides_table():
            self.out_notice.draw(canvas, self.theme)
        self._draw_log_chrome(canvas)
        if self.tutorial is not None:
            self.tutorial.draw(canvas)

    def anchor_rect(self, name: str):
        """Where the thing called ``name`` is on screen (the tutorial coach
        points at it), or None; tables add their own names."""
        if name.startswith("seat:") and name[5:].isdigit() and int(name[5:]) < len(self.seat_spots):
            spot = self.seat_spots[int(name[5:])]
            return pygame.Rect(0, 0, 150, 48).move(int(spot.x) - 75, int(spot.y) - 24)
        return {"centre": pygame.Rect(430, 160, 420, 230)}.get(name)

    def coach_keep_clear(self) -> list:
        """Rectangles the coach's card must not cover (besides its target)."""
        return []

    def draw_above_dice(self, canvas: pygame.Surface) -> None:
        """Game drawing above the dice in flight (banners, dialogs); the log
        button and panel still go on top."""

    def _draw_log_chrome(self, canvas: pygame.Surface) -> None:
        """The shared log pieces: the "since your last move" card, the Log button, the open panel."""
        if self.curtain_hides_table():
            return
        mouse = self.app.to_canvas(pygame.mouse.get_pos()) if pygame.display.get_surface() else (-1, -1)
        self.since.draw(canvas, self.theme, mouse)
        self.log_panel.draw_button(canvas, self.theme, mouse)
        self.log_panel.draw(canvas, self.theme)
        if self.out_moment is not None and self.is_top:
            self.out_moment.draw(canvas, self.theme, self.theme.player_colour(self.out_moment.seat))

    def curtain_hides_table(self) -> bool:
        """True while the pass-the-screen curtain is on its way up."""
        return self._curtain_for is not None

    def _update_since(self) -> None:
        """Show what others did since a human's last move when their turn starts."""
        seat = self.human_to_act()
        if seat is None:
            seat = self.waiting_thrower
        if seat == self._since_for:
            return
        self._since_for = seat
        if seat is None or self.replay is not None or not self.game_log.has_acted(seat):
            return
        title = "Since your last move" if len(self.humans) == 1 else f"{self.seat_name(seat)}: since your last move"
        self.since.show(seat, title, self.game_log.since_last_turn(seat))

    # ------------------------------------------------------------------
    # Driving the match
    # ------------------------------------------------------------------
    @property
    def pace(self) -> Pace:
        """The animation pace of the settings (see ``game.ui.pace``); one
        step faster while every human is out and watching on."""
        pace = pace_for(self.app.settings)
        return faster(pace) if self.watching_fast else pace

    def _ai_delay(self) -> float:
        return self.pace.ai_delay

    def call_window_open(self) -> bool:
        """An AI is about to act while a human may call out of turn (Roll Call)."""
        state = self.match.state
        if self.replay is not None or state.is_terminal() or state.is_chance():
            return False
        tp = state.turn_player()
        if tp is None or not self.match.seats[tp].is_ai:
            return False
        return any(not self.match.seats[p].is_ai for p in (state.interjectors() or ()))

    def _drive_ai(self, dt: float) -> None:
        self._ai_timer += dt
        delay = self._ai_delay()
        if self.call_window_open():
            delay = max(delay, float(getattr(self.app.settings, "call_window", 0)))
            self.call_window_left = max(0.0, delay - self._ai_timer)
        else:
            self.call_window_left = 0.0
        if self.can_undo():   # the undo window: the next actor waits a moment (the pace's)
            delay = max(delay, self.pace.undo_window)
            self.undo_left = max(0.0, delay - self._ai_timer)
        else:
            self.undo_left = 0.0
        human = self.human_to_act()
        moments = len(self.match.history)
        # A human is thinking: give the AI one chance to speak up here.
        if human is not None and self._polled_at == moments:
            return
        if getattr(self.app, "think_in_background", False):
            moment = (moments, human is not None)
            if self._thinker is None or self._thinker.moment != moment:
                self._forget_thought()
                self._thinker = Thinker(moment, lambda: self._ai_move(human is not None))
            if self._ai_timer < delay or not self._thinker.done:
                return   # the pause (and the thought) go on
            move = self._thinker.take()
            self._thinker = None
        else:
            if self._ai_timer < delay:
                return
            move = self._ai_move(human is not None)
        self.call_window_left = 0.0
        if human is not None:
            self._polled_at = moments
        self._ai_timer = 0.0
        if move is not None:
            player, action = move
            self._apply(player, action)
            if self.app.settings.show_ai_reasons:
                why = self.match.explain(player)
                if why:
                    self.announce(f"{self.seat_name(player)}: {why}", th.CREAM_DIM)

    def _ai_move(self, human_thinking: bool):
        """The AI move of this moment, as ``Match.step`` would find it: with a
        human to act, only an AI's chance to speak up out of turn."""
        if human_thinking:
            return self.match.ai_interjection()
        return self.match.ai_interjection() or self.match.ai_turn_action()

    def _forget_thought(self) -> None:
        """Drop a thought in progress (waiting for it: see game/ui/thinker.py)."""
        if self._thinker is not None:
            self._thinker.wait()
            self._thinker = None

    def _apply(self, player: int, action: Action, undoable: bool = False) -> None:
        self._forget_thought()   # any move makes a thought in progress stale
        self.secrecy.drop()  # the cup drops before anything happens on the table
        before = self.match.state
        self.match.apply(player, action, undoable=undoable)
        self.game_log.sync(self.match.history)
        if player == self.since.seat:
            self.since.hide()
        self._ai_timer = 0.0
        if player != CHANCE:
            self.announce(f"{self.seat_name(player)}: {action.label()}")
            self.app.sounds.play("click", 0.6)
        if self.replay is None and not self.match.can_take_back():
            self._autosave()   # a move that may still be taken back is saved with the next one
            self.record_stats()
        self.on_applied(player, action, before)
        if self.replay is None:
            self._note_out()
            self._maybe_curtain()

    # ------------------------------------------------------------------
    # Elimination: the "you are out" moment
    # ------------------------------------------------------------------
    def _out_places(self) -> dict[int, int]:
        if not games.is_known(self.match.game_id):
            return {}
        return out_places(self.match.game_id, self.match.state)

    def _note_out(self) -> None:
        """After a move: queue every human newly out (shown once the reveal ends)."""
        out = self._out_places()
        for seat in sorted(set(out) - self._out_known):
            self._out_known.add(seat)
            if not self.match.seats[seat].is_ai:
                self._out_queue.append(seat)

    def _announce_out(self) -> None:
        """The last human out gets the card; others a notice while humans play on."""
        places = self._out_places()
        queue, self._out_queue = self._out_queue, []
        still_in = [h for h in self.humans if h not in places]
        n = len(self.match.seats)
        for seat in queue:
            self.out_shown.append(seat)
            is_you = len(self.humans) == 1
            title, line = out_words(self.seat_name(seat), is_you, places.get(seat, n - 1), n)
            if still_in or seat != queue[-1]:
                self.out_notice.add(f"{title} \u2013 {line}", self.theme.player_colour(seat))
            else:
                self.secrecy.drop()
                self.out_moment = OutMoment(seat, title, line)
        self.app.sounds.play("curtain", 0.5)

    def _out_event(self, event) -> None:
        choice = self.out_moment.handle_event(event) if self.out_moment is not None else None
        if choice is None:
            return
        self.out_moment = None
        if choice == "watch":
            self.watching_fast = True
        elif choice == "results":
            self._skip_to_results()
        elif choice == "title":
            try:
                self._finished = True         # the table stops here
                saves.autosave(self.match)   # the game stays saved: Continue watches on
                saves.flush_autosave()
            except (UserFileError, OSError) as exc:
                self.app.toast(f"Could not save: {exc}")
            self.app.nav.title()

    def _skip_to_results(self) -> None:
        """Every human is out: the AIs finish the game at once (the same
        moves the table would have shown), then the results."""
        self._forget_thought()   # no thought may run while the match plays on
        try:
            self.match.play_out()
        except RuntimeError:
            pass
        if not self.match.is_over:   # someone still must act by hand: watch instead
            self.watching_fast = True
            return
        self.game_log.sync(self.match.history)
        self._autosave()
        self._finished = True
        self.app.sounds.play("win")
        self.app.nav.results(self.match, self.replay_path)

    def _autosave(self) -> None:
        if self.tutorial is not None:
            self.tutorial.save()   # a lesson keeps its own place, never the real autosave
            return
        if self.match.is_over:
            self._save_replay()
            return
        try:
            saves.autosave(self.match)
        except (UserFileError, OSError) as exc:
            self.app.toast(f"Could not save: {exc}")

    def record_stats(self) -> None:
        """Add the game to the lifetime stats once, when it ends, off the frame
        (never a replay; ``game.core.stats`` also skips tutorials and repeats)."""
        if self.recording is None and self.replay is None and self.match.is_over:
            self.recording = stats.Recording(self.match)

    def _save_replay(self) -> None:
        """The finished game becomes a replay file and the autosave goes.  The
        whole record written with fsync costs 10-200 ms at a big table, so
        with ``app.write_in_background`` a thread writes it while the final
        position shows (``END_DELAY``); the results wait for it
        (``_await_replay``).  Headless tests write it at once."""
        match = self.match
        outcome: dict = {}

        def write() -> None:
            try:
                outcome["path"] = saves.save_replay(match)
                saves.clear_autosave()
            except (UserFileError, OSError) as exc:
                outcome["error"] = exc
        if getattr(self.app, "write_in_background", False):
            thread = threading.Thread(target=write, name="replay-writer", daemon=True)
            self._replay_writer = (thread, outcome)
            thread.start()
            return
        write()
        self._replay_written(outcome)

    def _await_replay(self) -> None:
        """Wait for the replay writer, if one runs (normally long finished)."""
        if self._replay_writer is None:
            return
        thread, outcome = self._replay_writer
        thread.join()
        self._replay_writer = None
        self._replay_written(outcome)

    def _replay_written(self, outcome: dict) -> None:
        if "error" in outcome:
            self.app.toast(f"Could not save: {outcome['error']}")
        else:
            self.replay_path = outcome.get("path")

    def _maybe_curtain(self) -> None:
        if not self.uses_curtain or self.match.is_over:
            return
        seat = self.human_to_act()
        if seat is not None and seat != self.secrecy.confirmed:
            self.show_curtain_for(seat)

    def _finish(self, dt: float) -> None:
        if self._finished:
            return
        self._end_timer += dt
        if self._end_timer < END_DELAY or (self._end_timer < END_DELAY_MAX and self._building_results()):
            self._results_ahead()
            return
        self._finished = True
        if self.recording is not None:
            self.recording.report(self.app.toast)
        if self.replay is not None:
            self.replay.paused = True
            return
        if self.tutorial is not None:
            return   # the lesson's last note says Finish
        self._await_replay()
        self.app.sounds.play("win")
        ahead = self._ahead
        if ahead is not None and ahead[0] == len(self.match.history) and ahead[2] is not None:
            self.app.nav.results(self.match, self.replay_path, prepared=ahead[2])
        else:
            self.app.nav.results(self.match, self.replay_path)

    def _building_results(self) -> bool:
        """The results screen of this final position is still being built
        ahead: the hand-over waits for it (up to ``END_DELAY_MAX``) rather
        than build the rest in one frame."""
        ahead = self._ahead
        return ahead is not None and ahead[0] == len(self.match.history) and ahead[1] is not None

    def _results_ahead(self) -> None:
        """One step of building the results screen while the final position
        shows (``Navigator.results_ahead``): the hand-over frame then only
        swaps screens.  Kept per history length (an undo makes it stale)."""
        if self.replay is not None or self.tutorial is not None:
            return
        ahead = self._ahead
        if ahead is None or ahead[0] != len(self.match.history):
            steps = getattr(self.app.nav, "results_ahead", None)
            if steps is None:
                return
            ahead = self._ahead = [len(self.match.history), steps(self.match), None]
        if ahead[1] is None:
            return
        try:
            next(ahead[1])
        except StopIteration as done:
            ahead[1], ahead[2] = None, done.value

    # ------------------------------------------------------------------
    # Throws
    # ------------------------------------------------------------------
    def _start_throw(self, request: RollRequest, forced: RollResult | None = None) -> None:
        self.secrecy.drop()  # hidden dice land face-down in hot-seat
        seed = self.match.next_throw_seed()
        self.settled_view = None
        from .. import physics
        from . import throw_view
        zones = [tuple(pygame.Rect(z)) for z in self.dice_zones(request)]
        if forced is None and self.tutorial is not None:
            forced = self.tutorial.forced_roll(request)   # the lesson's scripted faces
        forced_faces = forced.faces if forced is not None else None
        throw = self._make_throw(physics, request, seed, zones, forced_faces)
        self.throw_view = throw_view.ThrowView(throw, self.renderer, on_impact=self._on_impact,
                                               can_see=self.can_see, colours=self.throw_colour)

    def throw_waits_for(self, request: RollRequest) -> int | None:
        """The human seat who throws this roll by hand (the dice fly when they
        click or press Space or Enter), or None to throw at once.  Default:
        every throw starts by itself; games with a lone human roller (Diced
        Out) override this.  Replays and reduced motion never wait."""
        return None

    def _throw_event(self, event) -> bool:
        """Click, Space or Enter throws the waiting human's dice."""
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)):
            self._throw_released_at = len(self.match.history)
            self.waiting_thrower = None
            return True
        return False

    # ------------------------------------------------------------------
    # Pace: hold a moment until the player continues; the call window
    # ------------------------------------------------------------------
    def hold_until_continue(self, moment) -> bool:
        """At a moment worth reading (a reveal, a pot split): with the
        "pause after reveals" setting on and a human at the table, keep it on
        screen until the player clicks or presses Enter/Space.  ``moment`` is
        any key naming it (held once).  True while it is held."""
        if (not (getattr(self.app.settings, "pause_after_reveal", False) or self.tutorial is not None)
                or self.replay is not None
                or not self.humans or self.match.is_over or moment == self._continued or self.watching_fast):
            return False
        self.holding = moment
        return True

    def _continue_event(self, event) -> bool:
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)):
            self._continued, self.holding = self.holding, None
            return True
        return event.type == pygame.KEYDOWN and event.key not in (pygame.K_ESCAPE,)

    def _draw_pace(self, canvas: pygame.Surface) -> None:
        """The "continue" prompt of a held moment, or the call window's countdown."""
        if not self.is_top or self.curtain_hides_table():
            return
        if self.holding is not None:
            text = "Click or press Enter to continue"
            surf = self.theme.text(text, 24, th.CREAM, bold=True)
            box = surf.get_rect(center=self.continue_spot).inflate(36, 18)
            th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS_LIGHT)
            th.blit_text(canvas, surf, box.center, "center")
            return
        if self.call_window_left > 0.05:
            window = float(getattr(self.app.settings, "call_window", 0)) or 1.0
            box = pygame.Rect(0, 0, 300, 46)
            box.midbottom = (CENTRE_X, 384)
            th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS, radius=10, width=2)
            th.draw_text(canvas, self.theme, f"Call window  {self.call_window_left:.1f} s", (box.centerx, box.y + 6),
                         17, th.BRASS_LIGHT, bold=True, anchor="midtop")
            bar = pygame.Rect(box.x + 16, box.bottom - 12, box.w - 32, 5)
            pygame.draw.rect(canvas, (40, 24, 14), bar, border_radius=2)
            bar.w = int(bar.w * min(1.0, self.call_window_left / window))
            if bar.w:
                pygame.draw.rect(canvas, th.BRASS, bar, border_radius=2)

    def _draw_throw_prompt(self, canvas: pygame.Surface) -> None:
        if self.waiting_thrower is None or not self.is_top:
            return
        text = f"{self.seat_name(self.waiting_thrower)}: click or press Space to roll"
        surf = self.theme.text(text, 26, th.CREAM, bold=True)
        box = surf.get_rect(center=(CENTRE_X, 612)).inflate(36, 18)
        th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS)
        th.blit_text(canvas, surf, box.center, "center")

    def decision_changed(self) -> bool:
        """True once each time the decision point changes (a move was made,
        another seat must act, a throw began or ended): the moment for a
        scene to rebuild its human controls, and no other."""
        key = (len(self.match.history), self.human_to_act(), self.throw_view is None)
        if key == self._decision_key:
            return False
        self._decision_key = key
        return True

    def controls_to_build(self, group) -> int | None:
        """Once per decision point (``decision_changed``): empty ``group`` (a
        ``FocusGroup``) and return the human seat whose buttons it should
        hold now; None when nothing changed, nobody here decides, or dice
        are in the air."""
        if not self.decision_changed():
            return None
        group.clear()
        player = self.human_to_act()
        return None if player is None or self.throw_view is not None else player

    def throw_colour(self, pose):
        """Colour of a die in flight; None = the kind's own colour.  Games with
        player-coloured dice (Roll For It!) override this."""
        return None

    prepare_throws = False
    """Build the next throw a group of dice per tick while an animation holds
    the table (``Throw.prepare``), so the frame the dice fly in does not build
    them all.  Only for games whose ``dice_zones`` has no side effects."""

    def _prepare_throw(self) -> None:
        """While the table is busy and the next event is a throw: build it a
        little per tick (see ``prepare_throws``)."""
        if not self.prepare_throws or self.replay is not None or self.pace.instant_throws:
            return
        request = self.match.state.chance_request()
        if not isinstance(request, RollRequest):
            return
        from ..physics import Throw
        seed = self.match.next_throw_seed()
        zones = [tuple(pygame.Rect(z)) for z in self.dice_zones(request)]
        key = (request, seed, tuple(zones), self.pace.throw_speed, float(self.die_size))
        if self._prepared is None or self._prepared[0] != key:
            if self._prepared is not None:
                self._dispose(self._prepared[1])
            try:
                self._prepared = (key, Throw.prepare(request, seed, zones, speed=key[3], die_size=key[4]))
            except ValueError:
                self._prepared = (key, None)
                return
        throw = self._prepared[1]
        if throw is not None:
            try:
                throw.build_step()
            except ValueError:   # a zone too small at this size: ``_make_throw`` shrinks the dice
                self._prepared = (key, None)

    def _dispose(self, throw) -> None:
        """Take a throw no longer needed apart a step a frame
        (``Throw.dispose_steps``): pymunk's reference cycles otherwise wait
        for a full garbage collection, a 40-60 ms frame at big tables."""
        steps = getattr(throw, "dispose_steps", None)
        if steps is not None:
            self._disposing.append(steps())

    def _make_throw(self, physics, request, seed, zones, forced_faces):
        """A throw at the scene's die size, shrunk step by step if a zone is
        too small for its dice (a crowded table), never a crash."""
        pace = self.pace
        speed = pace.throw_speed
        size = float(self.die_size)
        prepared, self._prepared = self._prepared, None
        if (prepared is not None and prepared[1] is not None and forced_faces is None and not pace.instant_throws
                and prepared[0] == (request, seed, tuple(tuple(z) for z in zones), speed, size)):
            return prepared[1].finish_build()
        for _ in range(12):
            try:
                if pace.instant_throws:
                    return physics.Throw.instant(request, seed, zones, forced=forced_faces, die_size=size)
                return physics.Throw(request, seed, zones, speed=speed, forced=forced_faces, die_size=size)
            except ValueError:
                size *= 0.88
        return physics.Throw(request, seed, None, speed=speed, forced=forced_faces)

    def _on_impact(self, impact) -> None:
        volume = max(0.1, min(1.0, getattr(impact, "speed", 300) / 900))
        self.app.sounds.play("rail" if getattr(impact, "kind", "") == "rail" else "felt", volume)

    def _advance_throw(self, dt: float) -> bool:
        """Step a throw in flight; True while it is still running."""
        view = self.throw_view
        if view is None:
            return False
        steps = 1  # the pace is in the throw's own speed, applied once
        if self.replay is not None:
            steps = max(1, round(self.replay.speed))
        for _ in range(steps):
            if view.done:
                break
            view.fixed_update()
        if not view.done:
            return True
        result = RollResult(tuple(tuple(int(f) for f in group) for group in view.faces()))
        self.settled_view = view
        self.throw_view = None
        self._dispose(view.throw)   # its dice are drawn from their last poses, no physics
        if self.replay is not None:
            logged = self.replay.peek()
            result = logged[1] if logged and isinstance(logged[1], RollResult) else result
            self.replay.position += 1
        self._apply(CHANCE, result)
        return True

    # ------------------------------------------------------------------
    # Replay (watch-only)
    # ------------------------------------------------------------------
    def _drive_replay(self, dt: float) -> None:
        feed = self.replay
        assert feed is not None, "only a replay table drives a replay"
        if feed.finished:
            return
        if feed.paused and feed.pending_steps <= 0:
            return
        if feed.pending_steps <= 0:
            self._ai_timer += dt * feed.speed
            if self._ai_timer < PACES["normal"].ai_delay:
                return
        feed.pending_steps = max(0, feed.pending_steps - 1)
        self._ai_timer = 0.0
        logged = feed.peek()
        assert logged is not None, "a replay that is not finished has a next move"
        player, action = logged
        request = self.match.state.chance_request()
        if player == CHANCE and isinstance(request, RollRequest) and isinstance(action, RollResult):
            self._start_throw(request, forced=action)
            return
        feed.position += 1
        try:
            self._apply(player, action)
        except IllegalActionError as exc:
            self.app.toast(f"The replay does not fit this game: {exc}")
            feed.position = len(feed.actions)

    def _leave_replay(self) -> None:
        self.app.nav.leave_replay(self)

    def step_back(self) -> None:
        """One action back: the table is rebuilt from the start up to the action
        before the one last shown (silently, as Continue does), paused there."""
        feed = self.replay
        if feed is None:
            return
        self.app.nav.replay_at(self, max(0, feed.position - 1))  # a throw in flight is not counted yet

    # ------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------
    def draw_background(self, canvas: pygame.Surface) -> None:
        """The room, the wooden rail and the felt (cached once per size)."""
        canvas.blit(table_background(canvas.get_size()), (0, 0))

    def draw_seats(self, canvas: pygame.Surface, active: int | None = None,
                   notes: dict[int, str] | None = None) -> None:
        """Nameplates on the rail: seat colour, name, AI level, an optional note
        (score, dice left); ``active`` glows.  Each plate keeps ``EDGE_MARGIN``
        from the window edge; where it was drawn is kept in ``seat_plates``."""
        self.highlighted_seat = active
        for i, spot in enumerate(self.seat_spots):
            seat = self.match.seats[i]
            name = self.theme.text(seat.name[:14], 17, th.CREAM, bold=True)
            note = (notes or {}).get(i, "" if not seat.is_ai else f"AI {seat.level}")
            small = self.theme.text(note, 13, th.BRASS_LIGHT) if note else None
            w = max(name.get_width(), small.get_width() if small else 0) + 40
            plate = pygame.Rect(0, 0, w, 44 if small else 30)
            plate.center = (int(spot.x), int(spot.y))
            plate.clamp_ip(pygame.Rect(0, 0, layout.CANVAS_W, layout.CANVAS_H).inflate(-2 * EDGE_MARGIN, -2 * EDGE_MARGIN))
            self.seat_plates[i] = plate
            if i == active:
                glow = pygame.Surface(plate.inflate(14, 14).size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*th.BRASS_LIGHT, 110), glow.get_rect(), border_radius=14)
                canvas.blit(glow, plate.inflate(14, 14).topleft)
            pygame.draw.rect(canvas, th.WOOD_DARK, plate, border_radius=10)
            pygame.draw.rect(canvas, th.BRASS_LIGHT if i == active else th.BRASS_DARK, plate, 2, border_radius=10)
            pygame.draw.circle(canvas, self.theme.player_colour(i), (plate.x + 14, plate.y + 15), 7)
            canvas.blit(name, (plate.x + 28, plate.y + 5))
            if small:
                canvas.blit(small, (plate.x + 28, plate.y + 25))

    def _draw_peek_button(self, canvas: pygame.Surface) -> None:
        """Hot-seat: "Peek at <name>'s dice", held down to lift the cup, with
        the key hint; brass while the cup is up."""
        seat = self.secrecy.confirmed
        assert seat is not None, "the peek button is drawn for a confirmed seat only"
        rect = self.peek_button_rect()
        up = self.secrecy.peeking
        pygame.draw.rect(canvas, th.BRASS_DARK if up else th.WOOD_DARK, rect, border_radius=10)
        pygame.draw.rect(canvas, th.BRASS_LIGHT if up else th.BRASS, rect, 2, border_radius=10)
        pygame.draw.circle(canvas, self.theme.player_colour(seat), (rect.x + 18, rect.y + 20), 7)
        title = "Cup lifted" if up else "Peek at my dice"
        th.draw_text(canvas, self.theme, title, (rect.x + 32, rect.y + 8), 18, th.CREAM, bold=True)
        hint = "let go to cover them" if up else f"{self.seat_name(seat)[:12]}: hold Tab or Space"
        th.draw_text(canvas, self.theme, hint, (rect.x + 32, rect.y + 33), 14, th.CREAM_DIM)

    def _draw_log(self, canvas: pygame.Surface) -> None:
        y = 700 if self.replay_bar is None else self.replay_bar.buttons()["slower"].y - 52   # above the replay bar
        for line in reversed(self.log[-4:]):
            fade = max(0, min(255, int(255 - max(0.0, line.age - 6.0) * 120)))
            if fade <= 0:
                continue
            surf = th.faded(self.theme.text(line.text[:90], 16, line.colour), fade)
            th.blit_text(canvas, surf, (16, y), "bottomleft", shadow=1)
            y -= 20

