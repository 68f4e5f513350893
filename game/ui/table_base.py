"""TableBase: what every piece of a table shares - the match, the seats, the
secrecy policy, the log, the throw on the felt - the hooks a game answers
(``undoable``, ``restore_moment``, ``screen_facts``...) and the helpers every
piece uses (``state``, ``human_to_act``, ``seat_name``, ``announce``, ``pace``).

``TableScene`` (game/ui/table_scene.py) is this base with the components it
builds here, each owning its state and asking the table only what its own
Protocol lists (``throws``, ``replay_driver``, ``game_end``, ``undo_flow``,
``restore_flow``, ``ai_turns``, ``hot_seat``, ``held``, ``reason_flow``).  No
table flow is a mixin: what the components ask of the table's own methods
(``TableScene``'s) is declared below under ``TYPE_CHECKING``.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator

import pygame

from .. import games
from ..core.match import Match
from ..core.narration import GameLog
from ..core.playback import ReplayFeed
from ..core.protocol import Action, RollRequest, State
from . import layout
from . import theme as th
from .ai_turns import AiTurns
from .banner import Banner, Banners
from .game_log import LogPanel, SinceSummary
from ..core.grammar import Voice
from .game_end import GameEnd
from .held_moment import HeldMoment
from .menu_button import MenuButton
from .hotseat import HotSeatFlow
from .pace import Pace, faster, pace_for
from .picture_warmer import PictureWarmer
from .reason_flow import ReasonFlow
from . import replay_bar
from .replay_bar import ReplayBar
from .replay_drive import ReplayDriver
from .restore import RestoreFlow
from .scene import Scene
from .secrecy import Secrecy
from .still_layer import StillLayer
from .hand_over import HandOver
from .throw_flow import Throws
from .undo_flow import UndoFlow
from ..canvas import CENTRE_X

if TYPE_CHECKING:
    from .dice_render import DiceRenderer
    from .phone_link import PhoneLink
    from .throw_view import ThrowView
    from .tutorial import TutorialCoach


@dataclass
class LogLine:
    text: str
    age: float = 0.0
    colour: tuple = field(default=th.CREAM)
    rows: tuple[str, ...] | None = None
    """The text as drawn: wrapped once (``TableScene._draw_log``), at most two rows."""
    wrapped_at: tuple[int, int] = (0, 0)
    """The width and rows ``rows`` were fitted to (the log's area may narrow)."""
    size: int = 16
    """The letters' size ``rows`` are drawn at (smaller where the area is tight: ``TableScene.log_rows``)."""


class TableBase(Scene):
    """The table's state and shared helpers; see the module docstring."""

    name = "table"
    die_size = 46
    keep_settled_dice = True
    """Draw the last throw's dice where they landed until the next throw
    (games that move dice into trays set False and draw them themselves)."""
    show_log = True
    cover_word = "cup"
    """What hides a seat's dice at this table, in the hot-seat words (the
    curtain's hint, the peek button): "cup", Roll Call's "dome"."""
    log_corner = "topleft"
    """Where the Log button and the "since your last move" card sit: one of
    ``game_log.LOG_CORNERS`` (a table may make it a property of its seats)."""
    since_width = 420
    """Width of the "since your last move" card (narrower where the table's
    own pieces reach the corner)."""
    continue_spot = (CENTRE_X, 470)
    """Centre of the "continue" prompt of a held reveal (clear of the seats' dice)."""
    continue_under_banner = False
    """Put the "continue" prompt right under the banner on screen, if one is
    (the held moment is that banner's: Roll the Bones' "Odo takes 9 dice");
    else only where the banner would overlap ``continue_spot``."""
    banner_keep = 1
    """Banners on screen at once (Diced Out keeps a stamp over a smaller one)."""
    banner_seconds = 1.6
    """A banner's time on screen at the Normal pace (``show_banner``)."""
    banner_colour: tuple = th.BRASS_LIGHT
    """A banner's colour when ``show_banner`` is given none."""

    def __init__(self, app, match: Match, *, replay: ReplayFeed | None = None):
        super().__init__(app)
        self.match = match
        self.info = match.game.info
        self.replay = replay
        if self._remembers():
            app.rivals.seat(match)   # the AIs recall their rivals (``game.games.bidding.rivalbook``); not in a lesson
            self.say_rivals_note()   # a damaged rivals.json is said as the table opens, not at its end
        self.replay_driver = None if replay is None else ReplayDriver(self, replay)
        """Plays the logged game back (game/ui/replay_drive.py); None at a live table."""
        self.seats = match.seats
        self.seat_spots = layout.seat_spots(len(match.seats))
        self._name_rooms = layout.plate_name_rooms(self.seat_spots)
        self.replay_bar = None if self.replay_driver is None else self._make_replay_bar(self.replay_driver)
        self._plate_names: dict[tuple[int, str, bool], tuple[tuple[str, ...], int]] = {}
        """Each nameplate's name as fitted (``plate_name``): its lines and size, by seat, name and phone mark."""
        self.pointer: tuple[int, int] = (-1, -1)
        """Where the mouse last moved on the canvas (a nameplate under it shows its whole name)."""
        humans = [i for i, s in enumerate(match.seats) if not s.is_ai]
        self.humans = humans
        self.secrecy = Secrecy(humans, hidden_dice=bool(self.info.hidden_dice), replay=replay is not None)
        self.hot_seat = HotSeatFlow(self)
        """The hot-seat hand-over: the curtain, peeking, "Whose dice?" (game/ui/hotseat.py)."""
        self.words = Voice(match.seats, spectator=replay is not None)
        for agent in match.agents.values():   # the AIs' why lines speak to whoever sits at this screen
            agent.you_seat = self.words.you
        self.throws = Throws(self)
        """The throw in flight, the last at rest, a throw waiting for its thrower (game/ui/throw_flow.py)."""
        self.picture_warmer = PictureWarmer(self)
        """The dice pictures of this table's throws, made in frames where nothing flies (game/ui/picture_warmer.py)."""
        self._warming: Iterator[object] | None = None   # ``warm_steps`` still to run, one a frame
        self._glyphs_later: Iterator[object] | None = None   # ``later_glyph_fonts``, a step in a waiting frame
        self._waiting_work_frame = -1   # the app frame that waited: its drawing is followed by a step of them
        self._opening: Iterator[object] | None = None   # ``opening_steps`` (scenes/opening.py runs them)
        self.return_to = None
        """The scene a replay goes back to when closed (see ``app.nav``)."""
        self.log: list[LogLine] = []
        self._decision_key: tuple[int, int | None, bool] | None = None
        self._renderer: DiceRenderer | None = None
        self.time = 0.0
        self.banners = Banners(self.banner_keep)
        """The table's banners (game/ui/banner.py): each table draws them its own way."""
        self.game_log = GameLog(match.game.new_initial_state(), [s.name for s in match.seats],
                                games.narrator(match.game_id) if games.is_known(match.game_id) else None,
                                words=self.words)
        """Every action of the whole game in words (``L`` or the Log button)."""
        self.log_panel = LogPanel(self.game_log, self.log_corner)
        self.menu_button = MenuButton.beside(self.log_panel.BUTTON)
        """The pause menu for the mouse, beside the Log button (game/ui/menu_button.py)."""
        self.reason_flow = ReasonFlow(self)
        """The AIs' why lines, said or held until their dice are shown (game/ui/reason_flow.py)."""
        self.since = SinceSummary(self.log_corner, self.since_width)
        self._since_for: int | None = None
        self.banner_rects: list[pygame.Rect] = []
        """Where banners were drawn this frame (a table adds them, ``note_banner``):
        the held moment's "continue" prompt keeps clear of them."""
        self.highlighted_seat: int | None = None
        """The seat whose nameplate glowed when last drawn (``draw_seats``)."""
        self.seat_plates: dict[int, pygame.Rect] = {}
        """Where each seat's nameplate was last drawn (tests check overlaps with it)."""
        self.held = HeldMoment(self)
        """A moment held on screen until the player continues (game/ui/held_moment.py)."""
        self.undo_flow = UndoFlow(self)
        """Taking back a human's last move, and its time left (game/ui/undo_flow.py)."""
        self.hand_over = HandOver(self)   # type: ignore[arg-type]
        """Another person's turn at a screen with no curtain: their buttons wait a moment (game/ui/hand_over.py)."""
        self.tutorial: TutorialCoach | None = None
        """A guided first game's coach (game/ui/tutorial.py ``TutorialCoach``), or None."""
        self.ai_turns = AiTurns(self)
        """When the AIs move: the delay, the thought in progress, the call window (game/ui/ai_turns.py)."""
        self.still = StillLayer()
        """The kept bottom of the picture (``still_key`` / ``draw_still``)."""
        self.game_end = GameEnd(self)
        """Who is out, the autosave, the finished game's records, the way to the results (game/ui/game_end.py)."""
        self.phones: PhoneLink | None = None
        """This table's phones (``use_phones``), or None: no server, no thread."""
        self.restore_flow = RestoreFlow(self)
        """Continue: the table put back as it was after the last move (game/ui/restore.py)."""

    def _remembers(self) -> bool:
        """Do this table's AIs recall their rivals (``app.rivals``)?  Not in a
        replay, nor in a lesson."""
        return self.replay is None and not getattr(self.match, "tutorial", False)

    def ready_agents(self, match: Match) -> None:
        """Ready the agents of ``match`` (a match played again for its AIs'
        thoughts: ``Match.relive``) as this table readied its own: the rivals
        they recall, the seat their why lines call "you".  A replay's AIs
        recall no earlier game (the book has moved on since): they learn
        from this game alone, and what an AI that recalled earlier games said
        at the table comes from the record (``Match.said``)."""
        if self._remembers():
            self.app.rivals.seat(match)
        elif self.replay is not None:
            self.app.rivals.seat_strangers(match)
        for agent in match.agents.values():
            agent.you_seat = self.words.you

    def replay_bar_origin(self) -> tuple[int, int]:
        """Where a replay's controls start (their first button's top-left);
        asked once as the table is built, with only ``match`` and the seat
        spots set.  Default: low in the bottom-left corner (``replay_bar.ORIGIN``)."""
        return replay_bar.ORIGIN

    def _make_replay_bar(self, driver: ReplayDriver) -> ReplayBar:
        """The replay's controls at ``replay_bar_origin``: the wide board, or
        the compact one of two rows where the wide one would meet a nameplate
        (``plate_bounds``: at 11-19 seats the wide board covered the bottom-left plate)."""
        def bar(origin, columns):
            return ReplayBar(driver.feed, on_back=driver.step_back, on_close=driver.leave, origin=origin,
                             columns=columns)
        origin = self.replay_bar_origin()
        wide = bar(origin, replay_bar.WIDE)
        if wide.rect().collidelist(self.plate_bounds()) < 0:
            return wide
        return bar(replay_bar.compact_origin(origin), replay_bar.COMPACT)

    def plate_bounds(self) -> list[pygame.Rect]:
        """The most each seat's nameplate can cover (its name's room, the
        widest name line and a note under two lines), known before any is drawn.
        A table whose seats show no nameplates on the rail says none."""
        height = layout.plate_height(2, True)
        margin = layout.EDGE_MARGIN
        screen = pygame.Rect(0, 0, layout.CANVAS_W, layout.CANVAS_H).inflate(-2 * margin, -2 * margin)
        bounds = []
        for spot, room in zip(self.seat_spots, self._name_rooms):
            plate = pygame.Rect(0, 0, room + layout.PLATE_PAD, height)
            plate.center = (int(spot.x), int(spot.y))
            bounds.append(plate.clamp(screen))
        return bounds

    prepare_throws = False
    """Build the next throw a group of dice per tick while an animation holds
    the table (``Throws.prepare``), so the frame the dice fly in does not build
    them all.  Only for games whose ``dice_zones`` has no side effects."""

    def throw_waits_for(self, request: RollRequest) -> int | None:
        """The human seat who throws this roll by hand (the dice fly when they
        click or press Space or Enter), or None to throw at once.  Default:
        every throw starts by itself; games with a lone human roller (Diced
        Out) override this.  Replays and reduced motion never wait."""
        return None

    def throw_prompt_place(self) -> tuple[tuple[int, int], int]:
        """The middle of the "click or press Space to roll" prompt and its
        widest; default: under the middle of the table (Diced Out: its tray)."""
        return (layout.CENTRE_X, 612), 1000

    def throw_prompt_room(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """Where the prompt may go and what it must leave in view (default:
        anywhere on the canvas, nothing: it stands at its place)."""
        return pygame.Rect(0, 0, layout.CANVAS_W, layout.CANVAS_H), []

    def throw_colour(self, pose):
        """Colour of a die in flight; None = the kind's own colour.  Games with
        player-coloured dice (Roll For It!) override this."""
        return None

    def draw_table(self, canvas: pygame.Surface, alpha: float) -> None:
        """Draw the game's own table contents (background already drawn)."""

    def handle_table_event(self, event) -> bool:
        """Game input; return True if the event was used."""
        return False

    def peek_keep_clear(self) -> list[pygame.Rect]:
        """What stays in one place on this table and the hot-seat Peek button
        must never cover when it leaves its corner (``HotSeatFlow.peek_button_rect``).
        Default: nothing besides the plates and the dice (``log_keep_clear``)."""
        return []

    def log_keep_clear(self) -> list[pygame.Rect]:
        """What the running commentary (bottom left) must not print over: the
        table's own pieces there (nameplates, your dice); the base adds the
        hot-seat Peek button while it shows.  Default: every nameplate as
        last drawn (``seat_plates``; at 8 seats of Roll For It! a long line
        ran under the bottom-left seat's plate)."""
        return [plate.inflate(8, 8) for plate in self.seat_plates.values()]

    def dice_zones(self, request: RollRequest) -> list[pygame.Rect]:
        """Where each die group lands: by default in front of its owner."""
        return [layout.zone_near(self.seat_spots[g.owner].pos, 0.38) if 0 <= g.owner < len(self.seat_spots)
                else layout.zone_near(layout.TABLE_CENTRE, 0) for g in request.groups]

    def has_hidden_dice(self, seat: int) -> bool:
        """Does ``seat`` hold hidden dice to peek at (``hot_seat``)?  Default:
        no; bidding tables: dice in hand."""
        return False

    def hand_shown(self, seat: int) -> bool:
        """Did the last move show ``seat``'s hidden dice to everyone (a
        reveal)?  Games without hidden dice show none."""
        return False

    def human_deciding(self) -> bool:
        """Is a human in the middle of a deliberate step the table must wait
        for (a game's armed "Sure?", a hidden-dice table's open "Whose dice?"
        for a few seconds at most: a question left open must not stop the game)?"""
        return False

    def undoable(self, player: int, action: Action) -> bool:
        """May this human move (not applied yet; ``self.state`` is before it)
        be taken back until any other move is made (``undo_flow``)?  Default:
        no.  Games answer per action (a bid with one human, a placement that
        scores nothing); moves that show hidden information stay final and get
        a confirm step instead (docs/REFERENCE.md, "Misclick protection")."""
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

    def keeps_roll_on_continue(self, index: int) -> bool:
        """Does the throw at ``history[index]`` (the last one) still lie on the
        felt?  Asked when a table opens on a game under way; default: the
        table keeps its last throw until the next (``keep_settled_dice``)."""
        return self.keep_settled_dice

    def on_hold_released(self) -> None:
        """The player continued a held moment (``held.release``): the game
        moves on with what waited behind it.  Default: nothing."""

    def on_roll_restored(self, before_state, after_state) -> None:
        """Continue put the last throw back on the felt (``keeps_roll_on_continue``):
        the game adds what goes with it (a total shown beside the tray)."""

    def restore_moment(self, player: int, action: Action, before_state) -> None:
        """Continue: the table opens on a game whose last move was ``action``
        (``before_state``: the state before it).  Put back what that move
        left on screen and play its outcome again if it is one (a reveal, a
        pot split, a card scored: docs/REFERENCE.md, "Continue").
        Default: nothing."""

    def screen_facts(self) -> dict:
        """What the player sees, as data: whose turn, who must act, a throw
        waiting for its thrower, a held moment, the dice lying on the felt.
        Continue must give a table with the same facts (tests/test_continue_phases.py);
        each game adds its own (the tray, the bid, the prompt...)."""
        state = self.match.state
        view = self.settled_view if self.keep_settled_dice else None
        return {"moves": len(self.match.history), "to_act": self.human_to_act(),
                "turn": None if state.is_terminal() or state.is_chance() else state.turn_player(),
                "waiting_thrower": self.waiting_thrower, "holding": self.held.moment is not None,
                "highlighted": self.highlighted_seat, "call_window": self.ai_turns.call_window_left > 0,
                "dice_on_felt": sorted(p.top for p in view.poses()) if view is not None else []}

    def on_applied(self, player: int, action: Action, before_state) -> None:
        """After any action (chance included) was applied: start animations."""

    def is_busy(self) -> bool:
        """True while a game animation plays; the driver waits for it."""
        return False

    def human_to_act(self) -> int | None:
        """The human seat that must decide at this screen now, or None: a
        seat on its own phone decides there (``deciding_human``)."""
        seat = self.deciding_human()
        return None if seat is not None and self.secrecy.on_phone(seat) else seat

    def decision_kind(self) -> object:
        """What the person at the screen decides now, where it matters to a
        shared screen (``HandOver``): a new kind is a moment of its own for the
        same person, with its own short wait.  None: a turn is one moment."""
        return None

    def deciding_human(self) -> int | None:
        """The human seat that must decide now, at this screen or on its
        phone, or None (nobody while a moment is held or about to be:
        nothing moves on under it)."""
        if self.replay is not None or self.held.active():
            return None
        state = self.match.state
        if state.is_terminal() or state.is_chance():
            return None
        tp = state.turn_player()
        if tp is not None and not self.match.seats[tp].is_ai:
            return tp
        return None

    # --- phones (game/ui/phone_link.py) ------------------------------------------
    phone_die_kind = "d6"
    """How the phone page draws this game's hidden dice ("emblem": Roll Call's 1 is the Emblem)."""

    def use_phones(self, seats, host: str | None = None) -> None:
        """``seats`` play on their own phones from now on: the server starts
        (new secrets), their dice leave the big screen.  Raises ``OSError``
        (``phone_link.NoNetwork``: words for players) when it cannot."""
        from .phone_link import PhoneLink
        if self.phones is not None:
            self.phones.close()
        self.phones = PhoneLink(self, seats, host)   # type: ignore[arg-type]
        self.secrecy.set_phones(self.phones.seats)
        self.match.phone_seats = tuple(self.phones.seats)

    def phone_marks(self) -> tuple:
        """What the nameplates' phone marks show (which seats use phones, which
        are connected): part of a still layer's key, so a phone that connects
        or drops while the table rests is seen at once."""
        if self.phones is None:
            return ()
        return tuple(self.phones.seats), tuple(sorted(self.phones.server.connected))

    def phone_may_act(self, seat: int) -> bool:
        """May ``seat``'s phone move now: the rules let it (its turn, or Roll
        Call's out-of-turn call) and the table is quiet (no throw, reveal or
        held moment), as for a click at this screen."""
        if self.replay is not None or self.game_end.finished or self.held.active():
            return False
        if self.throw_view is not None or self.is_busy() or self.game_end.out_moment is not None or self.tutorial is not None:
            return False
        state = self.match.state
        if state.is_terminal() or state.is_chance():
            return False
        return seat in state.current_players() and not self.match.seats[seat].is_ai

    def phone_odds(self, seat: int) -> str:
        """The odds helper's line for ``seat``'s phone, from its own dice only ("" without one)."""
        return ""

    def phone_count_shown(self) -> bool:
        """Has the table shown the outcome of its last move to everyone (a
        reveal's count said)?  Until then no phone is told the game is over
        (who won gives the count away).  Games without reveals: always."""
        return True

    _phone_news: tuple[object, dict] | None = None
    """The newest banner the phones were told of, and what they were told."""
    _news_read: frozenset[int] = frozenset()
    """Phone seats whose turn came once that banner was off the table: their news is gone."""

    def phone_outcome(self, seat: int | None = None) -> dict | None:
        """The last round's outcome for ``seat``'s phone (public, as the table
        shows it), kept while the next round's dice are not ready: a phone held
        in a friend's hand saw only "The dice are rolling" after a reveal.
        Here: the table's newest banner ("Round 2 done", "DICED OUT!"), the news
        of games whose dice are all public, from when it goes up until the next
        news or, once the banner is gone, ``seat``'s next turn (it went with the
        banner: a player who glanced at their phone later saw nothing).
        ``seat`` None: only a banner on the table now (the link's decision key)."""
        shown = [b for b in self.banners.items if b.alive(self.time)]
        if shown:
            news = shown[-1]
            if self._phone_news is None or self._phone_news[0] is not news:
                said = {"heading": "At the table", "verdict": news_line(news.title, news.sub)}
                self._phone_news, self._news_read = (news, said), frozenset()
            return self._phone_news[1]
        if self._phone_news is None or seat is None:
            return None
        state = self.match.state
        if self.waiting_thrower == seat or not state.is_terminal() and not state.is_chance() and state.turn_player() == seat:
            self._news_read |= {seat}   # its turn, or its throw ("Roll your dice!")
        return None if seat in self._news_read else self._phone_news[1]

    def seat_dice_colour(self, seat: int):
        """The seat's dice colours (``dice_render.DiceColour``) as the table draws them."""
        from .dice_render import player_colour
        return player_colour(seat, self.theme.colorblind)

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

    @contextmanager
    def as_of(self, match: Match) -> Iterator[None]:
        """The table's own checks (``has_hidden_dice``, ``hand_shown``) read
        ``match`` for a while: another moment of this game (``reason_flow``
        follows the moves again); the table's match is put back after."""
        kept = self.match
        self.match = match
        try:
            yield
        finally:
            self.match = kept

    def subject(self, seat: int) -> str:
        return self.words.subject(seat)

    def verb(self, seat: int, third: str, second: str) -> str:
        """"You lose" but "Marta loses" (decided by the seats' kind)."""
        return self.words.verb(seat, third, second)

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name if 0 <= seat < len(self.match.seats) else "?"

    def plate_name(self, seat: int) -> tuple[tuple[str, ...], int]:
        """``seat``'s name as its nameplate shows it, its lines and their size:
        fitted to the plate's room (``layout.plate_name_rooms``) by
        ``layout.fit_plate_name``: whole on one line, smaller, on two lines,
        and only past all that cut with "…" (names were cut at 14 letters with
        no sign of it, then "MMMMMMM…" at 20 seats).  The log and the results
        say it whole, and so does the plate's hover (``plate_name_cut``)."""
        name = self.seat_name(seat)
        key = (seat, name, self.phones is not None and self.phones.holds(seat))
        fitted = self._plate_names.get(key)
        if fitted is None:
            room = self._name_rooms[seat] - (layout.PLATE_PHONE_MARK if key[2] else 0)
            fitted = self._plate_names[key] = layout.fit_plate_name(
                lambda size, text: self.theme.font(size, True).size(text)[0], name, room)
        return fitted

    def plate_name_cut(self, seat: int) -> bool:
        """Does ``seat``'s plate show less than the whole name (the hover then shows it)?"""
        return "".join(self.plate_name(seat)[0]).replace(" ", "") != self.seat_name(seat).replace(" ", "")

    def plate_name_width(self, seat: int) -> int:
        """Pixels of ``seat``'s name on its plate (its widest line)."""
        lines, size = self.plate_name(seat)
        return max(self.theme.font(size, True).size(line)[0] for line in lines)

    def say_rivals_note(self) -> None:
        """A problem with the AIs' memory file (``app.rivals``), said once."""
        note = self.app.rivals.take_note()
        if note:
            self.app.toast(note)

    def announce(self, text: str, colour=None) -> None:
        """Add a line to the table's running commentary."""
        self.log.append(LogLine(text, 0.0, colour or th.CREAM))
        del self.log[:-6]

    def show_banner(self, title: str, sub: str = "", colour: tuple | None = None, *, seconds: float | None = None,
                    blocking: bool = False, big: bool = False) -> Banner:
        """Put a banner up for ``seconds`` (default ``banner_seconds``) at the
        reading pace: one way for every table.  A later move's news replaces the
        earlier's; a big one (a stamp) also replaces the smaller of its own move."""
        return self.banners.show(Banner(title, sub, colour or self.banner_colour, self.time,
                                        self.pace.reading(self.banner_seconds if seconds is None else seconds),
                                        blocking, big, moment=len(self.match.history)))

    def note_banner(self, rect: pygame.Rect) -> pygame.Rect:
        """Say where a banner was drawn this frame (``banner_rects``); returns ``rect``."""
        self.banner_rects.append(pygame.Rect(rect))
        return rect

    def clear_dice(self) -> None:
        self.throws.settle(None)

    @property
    def throw_view(self) -> ThrowView | None:
        """The throw in flight (``throws.view``)."""
        return self.throws.view

    @property
    def settled_view(self) -> ThrowView | None:
        """The last throw, at rest (``throws.settled``)."""
        return self.throws.settled

    @property
    def waiting_thrower(self) -> int | None:
        """A human seat whose own roll waits for them to throw (``throws.waiting_thrower``)."""
        return self.throws.waiting_thrower

    @property
    def pace(self) -> Pace:
        """The animation pace of the settings (see ``game.ui.pace``); one
        step faster while every human is out and watching on."""
        pace = pace_for(self.app.settings)
        return faster(pace) if self.game_end.watching_fast else pace

    if TYPE_CHECKING:
        # What the components ask of the table that TableScene defines (table_scene.py).
        def _apply(self, player: int, action: Action, undoable: bool = False) -> None: ...
        def move_line(self, seat: int, action: Action) -> str: ...
        def since_keep_clear(self) -> list[list[pygame.Rect]]: ...
        def chrome_keep_clear(self) -> list[pygame.Rect]: ...


def news_line(title: str, sub: str) -> str:
    """A banner as one line for the phones: "Round 1 done: 14 points", and
    "+5 Bo takes the card! Now 5 points" (it read "card!: now")."""
    if not sub:
        return title
    if title.endswith(("!", "?", ".")):
        return f"{title} {sub[:1].upper()}{sub[1:]}"
    return f"{title}: {sub}"
