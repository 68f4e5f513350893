"""The hot-seat hand-over: who may see hidden dice now, the pass-the-screen
curtain before a human must act, and peeking (hold Tab/Space or the "Peek at
my dice" button; the cup drops on letting go, on any action, on a throw and
when anything covers the table).

Outside the seated human's own turn (an AI thinks, a human weighs an
out-of-turn call) a peek first asks "Whose dice?": each human has a number
key (1 = seat 1) and a button; naming someone else than the seated human
passes the screen by a short curtain ("Only <name> looks"), so nobody ever
sees the last human's dice by pressing Tab.  The seated human is marked on
the table all the time; with one human left in the game there is no curtain.

``HotSeatFlow`` is a component the table owns (``table.hot_seat``): it keeps
the curtain on its way up, the held peek keys and button, and the open "Whose
dice?", and asks the table only what ``HandOverTable`` lists.  Kept apart
from the table's driving because it is the one place a hidden die could leak:
every face-up decision of the table goes through ``hot_seat.can_see`` here
(checked by tests/test_hotseat.py and tests/test_secrecy.py).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import pygame

from ..canvas import CANVAS_SIZE
from ..core.grammar import isolated
from . import theme as th
from .banner import clear_spot
from .drawn_controls import note as note_drawn

if TYPE_CHECKING:
    from ..core.match import Match
    from .game_end import GameEnd
    from .game_log import LogPanel
    from .secrecy import Secrecy
    from .services import AppServices
    from .throw_view import ThrowView

PEEK_KEYS = (pygame.K_TAB, pygame.K_SPACE)
"""Held down in hot-seat: the confirmed human lifts their cup."""
OWNER_KEYS = tuple(getattr(pygame, f"K_{i}") for i in range(1, 10))
""""Whose dice?": the number key of seat 1..9."""
OWNER_ROW = 44
"""Height of one "Whose dice?" button (and its gap)."""
COMPACT_ROW = 26
"""The same on a compact board: many names where a board of big buttons
would cover the standing bid (19 names at 20 seats of Liar's Dice)."""
COMPACT_WIDTH = 150
"""Width of one button on a compact board."""
TWO_LINE_ROW = 34
"""The same on a two-line board: where a name does not fit one line of a
compact button, every button holds its name in two lines and its number
key in its dot, so a name of the 16 letters the setup allows (16 Ws) is
read whole (it was cut to 7 letters); four or five columns of them fit
under the standing bid at 17-20 seats."""
TWO_LINE_WIDTH = 124
"""Width of one button on a two-line board (8 Ws a line)."""
BUTTON_LOOKS = {OWNER_ROW: (17, True, 7, 32), COMPACT_ROW: (15, True, 6, 26), TWO_LINE_ROW: (12, False, 8, 22)}
"""Each row height's button: its words' size and weight, its dot's radius and where the words begin."""
ROW_GAPS = {OWNER_ROW: 6, COMPACT_ROW: 4, TWO_LINE_ROW: 2}
"""Pixels between two rows of buttons of each height."""
WORDS_PAD = 4
"""Pixels a button's words keep from its right edge."""
OWNER_TOP = 76
"""The highest a "Whose dice?" button may sit: its board's heading then
clears the Log button (at 20 seats 19 names need two columns)."""
OWNER_HEADING = "Whose dice? Others look away"
OWNER_GAP = 10
"""Between two columns of "Whose dice?" buttons (6 on a two-line board)."""
BOARD_MARGIN = 8
"""Pixels the "Whose dice?" board keeps from the window's edge."""
LEAST_STEP = 16
"""Pixels between the places tried for a "Whose dice?" board that must cover something."""
OWNER_WAIT = 8.0
"""Seconds an open "Whose dice?" holds the AIs; then it closes by itself.
Held, because a human who asks to see their own dice before an out-of-turn
call must not lose the call to an AI moving meanwhile (Roll Call); never
longer, because a question left open (Tab pressed, then nobody answers)
must not stop the game (docs/DESIGN.md, hidden information)."""


class HandOverTable(Protocol):
    """What the hot-seat hand-over asks of its table."""

    app: AppServices
    match: Match
    secrecy: Secrecy
    humans: list[int]
    game_end: GameEnd
    log_panel: LogPanel
    seat_plates: dict[int, pygame.Rect]
    cover_word: str

    @property
    def is_top(self) -> bool: ...
    @property
    def throw_view(self) -> ThrowView | None: ...
    @property
    def theme(self) -> th.Theme: ...
    def is_busy(self) -> bool: ...
    def has_hidden_dice(self, seat: int) -> bool: ...
    def human_to_act(self) -> int | None: ...
    def seat_name(self, seat: int) -> str: ...
    def log_keep_clear(self) -> list[pygame.Rect]: ...
    def peek_keep_clear(self) -> list[pygame.Rect]: ...
    def since_keep_clear(self) -> list[list[pygame.Rect]]: ...
    def chrome_keep_clear(self) -> list[pygame.Rect]: ...


class HotSeatFlow:
    """The hot-seat secrecy flow of one table (its component ``hot_seat``)."""

    def __init__(self, table: HandOverTable):
        self.table = table
        self.uses_curtain = table.secrecy.hotseat
        """Pass the screen by a curtain before a human acts (two or more humans with hidden dice)."""
        self.curtain_for: int | None = None
        """The seat the pass-the-screen curtain is on its way up for, or None."""
        self.peek_by_mouse = False
        """The Peek button is held down (its release drops the cup)."""
        self.peek_keys_held: set[int] = set()
        self.choosing_owner: int | None = None
        """"Whose dice?" is open (the history length it was asked at), or None."""
        self.owner_asked_at = 0.0
        """App time "Whose dice?" was opened (it holds the AIs ``OWNER_WAIT`` at most)."""
        self._board_place: tuple[tuple, tuple[pygame.Rect, int, int, int]] | None = None
        """The "Whose dice?" buttons' column and what it was placed among (``owner_board_spot``)."""
        self._lines: dict[tuple[str, int, int], list[str]] = {}
        """Each button's words as laid out (``owner_lines``): measured once, not every frame."""
        self._mark_place: tuple[tuple, pygame.Rect] | None = None
        """The "at the screen" mark's place and what it was worked out for (``seated_mark_place``)."""

    @property
    def secrecy(self) -> Secrecy:
        """The table's secrecy policy (who may see which hidden dice)."""
        return self.table.secrecy

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

    def reason_hidden(self, seat: int) -> bool:
        """Would an AI's reason for a move of ``seat`` give away dice somebody
        at this screen does not see now?  (It holds dice under its cup, and
        the secrecy policy does not show them to everyone.)"""
        return self.table.has_hidden_dice(seat) and not self.secrecy.shown_to_all(seat)

    def peek_possible(self) -> bool:
        """May the confirmed hot-seat human lift their cup right now?"""
        seat = self.secrecy.confirmed
        return seat is not None and self.table_still() and self.table.has_hidden_dice(seat)

    def table_still(self) -> bool:
        """On top and at rest: nothing in the air, no animation, no log over it."""
        table = self.table
        return (table.is_top and table.throw_view is None and not table.is_busy() and not table.log_panel.is_open
                and not table.game_end.finished and not table.match.state.is_chance())

    def peek_owners(self) -> list[int]:
        """The humans who hold hidden dice to look at now ("Whose dice?"); a
        seat playing on its phone looks there, never here."""
        table = self.table
        return [h for h in table.humans if table.has_hidden_dice(h) and not self.secrecy.on_phone(h)]

    def _others_still_in(self, seat: int) -> list[int]:
        """The humans other than ``seat`` still playing (with dice to hide)."""
        out = self.table.game_end.out_places()
        return [h for h in self.table.humans if h != seat and h not in out]

    PEEK_PLACES = tuple((w, dy) for w in (236, 218, 200) for dy in (0, 6, 12, 18, 24, -12, -24, -36, -48))
    """The "Peek" button's width and how far below its usual place it may go
    (``peek_button_rect``), the usual first."""
    PEEK_HOME = (16, 548)
    PEEK_H = 58
    PEEK_REGION = pygame.Rect(16, 400, 560, CANVAS_SIZE[1] - 8 - 400)
    """Where the button may go when no usual place is clear: the bottom-left
    quarter of the table, above the window's edge."""
    PEEK_COMPACT = (176, 38)
    """The button with its title alone (no key hint: the curtain says it), for a crowded corner."""

    def peek_button_rect(self) -> pygame.Rect:
        """Where the hot-seat "Peek at my dice" button sits: bottom left, over
        the commentary, narrower or a little higher or lower where a nameplate
        (as drawn) stands there (at 10 and 20 seats it covered the bottom-left
        seats' plates); where none of those is clear (17-20 seats of wide
        names: a plate sits across each), the clear place nearest the usual
        one in the bottom-left quarter (``_clear_peek_place``)."""
        plates = tuple(tuple(r) for r in self.table.seat_plates.values())
        key = (plates, tuple(tuple(r) for r in [*self.table.log_keep_clear(), *self.table.peek_keep_clear()]))
        cached = self.__dict__.get("_peek_place")
        if cached is not None and cached[0] == key:
            return pygame.Rect(cached[1])
        place = self._clear_peek_place([pygame.Rect(r) for r in plates])
        self.__dict__["_peek_place"] = (key, tuple(place))
        return pygame.Rect(place)

    def _clear_peek_place(self, plates: list[pygame.Rect]) -> pygame.Rect:
        """``peek_button_rect``'s search, made once for where the plates stand:
        a usual place clear of the plates; else, nearest the usual place, one
        clear of the plates and the seats' dice (``log_keep_clear``) that leaves
        the commentary its rows (from 640: at 19 seats the button took them and
        the commentary had no room left), the button's compact form first (its
        title alone) before it takes the commentary's rows, then one leaving it
        a row, the same nearer the dice, then anywhere there, then one clear of
        the plates alone; always clear of what the table
        keeps in one place (``peek_keep_clear``: the bid picker)."""
        x, y = self.PEEK_HOME
        for w, dy in self.PEEK_PLACES:
            rect = pygame.Rect(x, y + dy, w, self.PEEK_H)
            if rect.inflate(8, 8).collidelist(plates) < 0 and rect.bottom <= 634:   # the commentary from 640
                return rect
        region = self.PEEK_REGION

        def grid(sizes) -> list[pygame.Rect]:
            return [pygame.Rect(px, py, w, h) for w, h in sizes
                    for py in range(region.top, region.bottom - h + 1, 4)
                    for px in range(region.left, region.right - w + 1, 8)]
        compact = grid([self.PEEK_COMPACT])
        full = grid([(w, self.PEEK_H) for w in (236, 218, 200)])
        fixed = self.table.peek_keep_clear()
        around = self.table.log_keep_clear()   # plates and dice with a margin (22 x 44 around the dice)
        pieces = [*plates, *around, *fixed]
        tight = [*plates, *(r.inflate(-22, -44) for r in around), *fixed]   # the dice themselves
        one_row = CANVAS_SIZE[1] - 20 - 20 - 4   # the commentary's last row (from 680) stays clear
        tiers = ((full, pieces, 634), (compact, pieces, 634), (full, pieces, one_row), (compact, pieces, one_row),
                 (full + compact, tight, one_row), (full + compact, tight, region.bottom),
                 (full, [*plates, *fixed], region.bottom))
        for places, keep_clear, low in tiers:
            clear = [r for r in places if r.bottom <= low and r.inflate(8, 8).collidelist(keep_clear) < 0]
            if clear:
                return min(clear, key=lambda r: (math.dist(r.topleft, (x, y)), -r.w))
        return pygame.Rect(x, y, 236, self.PEEK_H)

    def show_curtain_for(self, seat: int, *, for_peek: bool = False) -> None:
        """Pass the screen to ``seat``: hide everything, then reveal to them
        (``for_peek``: the short hand-over before a peek outside their turn)."""
        if self.curtain_for == seat:
            return  # already on its way up
        self.secrecy.forget()
        self.curtain_for = seat

        def reveal():
            self.secrecy.confirm(seat, named=for_peek)
            self.curtain_for = None
        self.table.app.nav.curtain(self.table.seat_name(seat), reveal, seat=seat, table=self.table,   # Esc there pauses this table
                                   for_peek=for_peek)

    def curtain_taken_down(self) -> None:
        """The curtain on its way up was closed unpassed (the pause menu's "Use
        phones" chosen behind it: its seat may now play on a phone);
        ``maybe_curtain`` brings the right one, once, when the table is back."""
        self.curtain_for = None

    def maybe_curtain(self) -> None:
        """Before a human at this screen must act, pass the screen to them (the
        curtain), unless they sit there already or nobody else is left to hide from."""
        if not self.uses_curtain or self.table.match.is_over:
            return
        seat = self.table.human_to_act()
        if seat is not None and seat != self.secrecy.confirmed:
            if not self._others_still_in(seat):
                self.secrecy.confirm(seat)   # the one human left: nobody to pass the screen to
                return
            self.show_curtain_for(seat)

    def curtain_hides_table(self) -> bool:
        """True while the pass-the-screen curtain is on its way up."""
        return self.curtain_for is not None

    def cup_down(self) -> None:
        """Drop the cup and forget held peek keys/buttons (their release may
        go to another screen)."""
        self.secrecy.drop()
        self.peek_keys_held.clear()
        self.peek_by_mouse = False

    def handle_event(self, event) -> bool:
        """Hot-seat peeking: hold Tab/Space or the button to lift your cup
        (asking whose first, outside the seated human's own turn)."""
        kind = event.type
        if self.choosing_owner is not None and self._owner_event(event):
            return True
        if kind == pygame.KEYDOWN and event.key in PEEK_KEYS:
            if event.key not in self.peek_keys_held:  # a key-repeat never lifts a dropped cup
                self.peek_keys_held.add(event.key)
                self._want_peek()
            return True
        if kind == pygame.KEYUP and event.key in PEEK_KEYS:
            self.peek_keys_held.discard(event.key)
            self.secrecy.drop()
            return True
        if kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self.button_shown() \
                and self.peek_button_rect().collidepoint(event.pos):
            self.peek_by_mouse = self._want_peek()
            return True
        if kind == pygame.MOUSEBUTTONUP and self.peek_by_mouse:
            self.peek_by_mouse = False
            self.secrecy.drop()
            return True
        if kind == getattr(pygame, "WINDOWFOCUSLOST", -1):
            self.cup_down()
        if kind == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.secrecy.drop()
        return False

    def _start_peek(self) -> bool:
        if not self.peek_possible():
            return False
        return self.secrecy.peek()

    def _want_peek(self) -> bool:
        """A peek key or the button pressed: lift the seated human's cup in
        their own turn, else ask whose dice first (True: the cup went up)."""
        if not self.secrecy.needs_owner(self.table.human_to_act()):
            return self._start_peek()
        if self.table_still() and self.peek_owners():
            self.choosing_owner = len(self.table.match.history)
            self.owner_asked_at = self.table.app.input.now
        return False

    def owner_question_holds(self) -> bool:
        """Does an open "Whose dice?" hold the AIs now?  Yes for ``OWNER_WAIT``
        seconds; after that, or once the table has moved, it closes."""
        if self.choosing_owner is None:
            return False
        if self.choosing_owner != len(self.table.match.history) or self.owner_wait_left() <= 0.0:
            self.choosing_owner = None
            return False
        return True

    def owner_wait_left(self) -> float:
        return max(0.0, self.owner_asked_at + OWNER_WAIT - self.table.app.input.now)

    def _owner_event(self, event) -> bool:
        """"Whose dice?" is open: a number key or a name's button answers,
        Esc or a click elsewhere closes it; it keeps every other key."""
        owners = self.peek_owners()
        if self.choosing_owner != len(self.table.match.history) or not owners or not self.table_still():
            self.choosing_owner = None   # the table moved on
            return False
        kind = event.type
        if kind == pygame.KEYDOWN:
            if event.key in OWNER_KEYS and OWNER_KEYS.index(event.key) in owners:
                self._owner_named(OWNER_KEYS.index(event.key))
            elif event.key == pygame.K_ESCAPE:
                self.choosing_owner = None
            elif event.key in PEEK_KEYS:
                self.peek_keys_held.add(event.key)
            return True
        if kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            seat = next((s for s, r in self.owner_buttons().items() if r.collidepoint(event.pos)), None)
            if seat is not None:
                self._owner_named(seat)
            elif not self.peek_button_rect().collidepoint(event.pos):
                self.choosing_owner = None
            return True
        if kind == pygame.KEYUP and event.key in PEEK_KEYS:
            self.peek_keys_held.discard(event.key)
            return True
        return False

    def _owner_named(self, seat: int) -> None:
        """"Whose dice?" answered: the seated human peeks (at once if a peek
        key is still held); anyone else gets the screen by a short curtain."""
        self.choosing_owner = None
        if self.secrecy.name_owner(seat):
            if self.peek_keys_held:
                self._start_peek()
            return
        self.cup_down()
        self.show_curtain_for(seat, for_peek=True)

    def owner_buttons(self) -> dict[int, pygame.Rect]:
        """"Whose dice?": one button per human with hidden dice, in a board
        by the Peek button where it covers no nameplate and no dice
        (``owner_board_spot``), in one column or a few."""
        owners = self.peek_owners()
        spot, columns, rows, row = self.owner_board_spot(len(owners))
        width = self._button_width(columns, rows, row)
        return {seat: pygame.Rect(spot.x + (i // rows) * (width + self._gap(row)), spot.y + (i % rows) * row,
                                  width, row - ROW_GAPS[row])
                for i, seat in enumerate(owners)}

    def owner_grids(self, count: int) -> list[tuple[int, int, int]]:
        """(columns, rows, row height) that ``count`` "Whose dice?" buttons
        may take, the first preferred: one column while the names fit
        between ``OWNER_TOP`` and the Peek button, else as few columns as fit
        them, filled evenly; then up to three columns (a shorter board finds
        room where a tall one does not); then compact boards of smaller
        buttons in three to five columns (``COMPACT_ROW``), or, where a name
        does not fit one line of those, of two-line buttons (``TWO_LINE_ROW``).
        A board whose buttons would cut a name is not offered while another
        shows every name whole."""
        fit = max(1, (self.peek_button_rect().y - 8 - OWNER_TOP) // OWNER_ROW)
        first = max(1, -(-count // fit))
        grids = [(across, -(-count // across), OWNER_ROW) for across in dict.fromkeys((first, 1, 2, 3))
                 if across <= max(1, count)]
        compact = COMPACT_ROW if self._names_fit(COMPACT_ROW, COMPACT_WIDTH) else TWO_LINE_ROW
        grids = [grid for grid in grids if self._names_fit(OWNER_ROW, self._button_width(*grid))]   # names whole
        compact_across = (3, 4, 5) if grids else (1, 2, 3, 4, 5)
        return grids + [(across, -(-count // across), compact) for across in compact_across
                        if across < count or across == compact_across[0]]

    def owner_label(self, seat: int) -> str:
        """A "Whose dice?" button's words: the seat's number key (seats 1-9 have one) and name."""
        name = self.table.seat_name(seat)
        return f"{seat + 1}  {name}" if seat < len(OWNER_KEYS) else name

    def owner_lines(self, seat: int, row: int, width: int) -> list[str]:
        """The words on ``seat``'s button in a board of ``row`` and ``width``:
        its number key and name in one line (cut with "…" where it must
        be), or on a two-line board its name in two (the key is in its dot)."""
        words = self.table.seat_name(seat) if row == TWO_LINE_ROW else self.owner_label(seat)
        key = (words, row, width)
        lines = self._lines.get(key)
        if lines is None:
            size, bold, _dot, inset = BUTTON_LOOKS[row]
            font, room = self.table.theme.font(size, bold), width - inset - WORDS_PAD
            lines = th.two_lines(font, words, room) if row == TWO_LINE_ROW else [th.fit_text(font, words, room)]
            self._lines[key] = lines
        return lines

    def _names_fit(self, row: int, width: int) -> bool:
        """Does every human's button, in a board of ``row`` and ``width``, show their name whole?"""
        for seat in self.table.humans:
            whole = self.table.seat_name(seat) if row == TWO_LINE_ROW else self.owner_label(seat)
            if "".join(self.owner_lines(seat, row, width)).replace(" ", "") != whole.replace(" ", ""):
                return False
        return True

    @staticmethod
    def _gap(row: int) -> int:
        """Pixels between two columns of buttons of ``row``."""
        return 6 if row == TWO_LINE_ROW else OWNER_GAP

    def _button_width(self, across: int, down: int, row: int) -> int:
        """One button's width in a board of ``across`` columns of ``row``."""
        width, _height = self._column_size(across, down, row)
        return (width - (across - 1) * self._gap(row)) // across

    def _column_size(self, across: int, down: int, row: int) -> tuple[int, int]:
        """The size of ``across`` x ``down`` "Whose dice?" buttons together."""
        if row != OWNER_ROW:   # never narrower than the board's heading (one column of two-line buttons was)
            width = COMPACT_WIDTH if row == COMPACT_ROW else TWO_LINE_WIDTH
            heading = self.table.theme.font(14, True).size(OWNER_HEADING)[0] + 8
            return max(across * width + (across - 1) * self._gap(row), heading), down * row
        width = self.peek_button_rect().w if across == 1 else across * 200 + (across - 1) * OWNER_GAP
        return width, down * row

    def owner_board_spot(self, count: int) -> tuple[pygame.Rect, int, int, int]:
        """Where ``count`` "Whose dice?" buttons stack (their column, top
        left), in how many columns and rows and at what row height: above
        the Peek button, else beside it (bottoms level), else beside it
        higher up (or a little further right), in one column
        (``owner_grids``' first); the first whose board covers none of the
        table's nameplates, dice, cups and words as last drawn
        (``owner_board_keep_clear``).  Where none is clear, the place
        nearest the Peek button that covers none of them in one of
        ``owner_grids``, found among the same boxes a banner's place is
        (``banner.clear_spot``); else one that covers nothing drawn now
        (the dice as they lie in their cups, not the room a reveal takes);
        else the place covering least of them (a nameplate or a control
        counts ten times).  At 5 seats of Liar's Dice the left nameplate
        sat right above the Peek button; at 10 seats of Roll Call with 9
        humans every place by it covered a nameplate; at 20 seats with 19
        humans the board of big buttons lay over the standing bid (a
        compact board now lies under it)."""
        tiers = self.owner_board_keep_clear()
        key = (count, tuple(tuple(r) for tier in tiers for r in tier))
        if self._board_place is not None and self._board_place[0] == key:
            return self._board_place[1]
        self._board_place = (key, self._place_board(count, tiers))
        return self._board_place[1]

    def _place_board(self, count: int, tiers: list[list[pygame.Rect]]) -> tuple[pygame.Rect, int, int, int]:
        """``owner_board_spot``'s search (made once for what the table shows)."""
        peek = self.peek_button_rect()
        bounds = pygame.Rect((0, 0), CANVAS_SIZE).inflate(-2 * BOARD_MARGIN, -2 * BOARD_MARGIN)
        grids = self.owner_grids(count)
        everything, now, plates = tiers
        width, height = self._column_size(*grids[0])
        beside = peek.right + 14
        columns = [pygame.Rect(peek.x, peek.y - 8 - height, width, height)]
        for x in (beside, beside + 48):
            columns += [pygame.Rect(x, peek.bottom - height + 6, width, height),
                        pygame.Rect(x, peek.y - 8 - height, width, height)]
        for column in columns:
            if bounds.contains(owner_board(column)) and owner_board(column).collidelist(everything) < 0:
                return (column, *grids[0])
        toward = owner_board(columns[0]).center
        for keep_clear in (everything, now):
            for grid in grids:
                board = clear_spot(owner_board(pygame.Rect((0, 0), self._column_size(*grid))).size, [keep_clear],
                                   toward, bounds, step=4)
                if board is not None:
                    return (column_of(board), *grid)

        def covered(board: pygame.Rect) -> int:
            return sum(board.clip(r).w * board.clip(r).h for r in everything) + \
                10 * sum(board.clip(r).w * board.clip(r).h for r in plates)
        places = []
        for grid in grids:
            w, h = owner_board(pygame.Rect((0, 0), self._column_size(*grid))).size
            places += [(pygame.Rect(x, y, w, h), grid) for y in range(bounds.top, bounds.bottom - h + 1, LEAST_STEP)
                       for x in range(bounds.left, bounds.right - w + 1, LEAST_STEP)]
        board, grid = min(places, key=lambda place: (covered(place[0]), math.dist(place[0].center, toward)))
        return (column_of(board), *grid)

    def owner_board_keep_clear(self) -> list[list[pygame.Rect]]:
        """What the "Whose dice?" board must not cover: the table's pieces as
        the "since your last move" card keeps clear of them
        (``since_keep_clear``: nameplates, dice, cups, the centre's words),
        the Peek and Log buttons and the commentary; then the same less the
        room dice may take later (``since_keep_clear``'s last tier: what is
        drawn now); and, of those, what it must cover least of all: the
        nameplates (``log_keep_clear``) and the buttons."""
        chrome = [self.peek_button_rect().inflate(8, 8), *self.table.chrome_keep_clear()]   # the button shown or not
        plates = self.table.log_keep_clear()
        since = self.table.since_keep_clear()
        return [plates + [r for tier in since for r in tier] + chrome, since[-1] + chrome, plates + chrome]

    def button_shown(self) -> bool:
        if not self.secrecy.hotseat:
            return False
        if self.secrecy.needs_owner(self.table.human_to_act()):
            return self.table_still() and bool(self.peek_owners())
        return self.peek_possible()

    def draw_peek_button(self, canvas: pygame.Surface) -> None:
        """Hot-seat: "Peek at my dice", held down to lift the cup, with the
        key hint; brass while the cup is up.  Outside the seated human's own
        turn it asks whose dice first ("Whose dice?", ``owner_buttons``)."""
        seat = self.secrecy.confirmed
        rect = self.peek_button_rect()
        up = self.secrecy.peeking
        asks = self.secrecy.needs_owner(self.table.human_to_act())
        pygame.draw.rect(canvas, th.BRASS_DARK if up else th.WOOD_DARK, rect, border_radius=10)
        pygame.draw.rect(canvas, th.BRASS_LIGHT if up else th.BRASS, rect, 2, border_radius=10)
        if seat is not None and not asks:
            pygame.draw.circle(canvas, self.table.theme.player_colour(seat), (rect.x + 18, rect.y + 20), 7)
        title = f"{self.table.cover_word.capitalize()} lifted" if up else "Peek at my dice"
        th.draw_text(canvas, self.table.theme, title, (rect.x + 32, rect.y + 8), 18, th.CREAM, bold=True)
        if rect.h < self.PEEK_H:   # the compact form: its title alone
            hint = ""
        elif up:
            hint = "let go to cover them"
        elif asks or seat is None:
            hint = "Tab or Space: whose dice?"
        else:   # the seated player's name where it fits, whole (never "Bartholomew :")
            hint = f"{isolated(self.table.seat_name(seat))}: hold Tab or Space"
            if self.table.theme.font(14).size(hint)[0] > rect.w - 40:
                hint = "hold Tab or Space to look"
        if hint:
            th.draw_text(canvas, self.table.theme, hint, (rect.x + 32, rect.y + 33), 14, th.CREAM_DIM)
        note_drawn(title, rect, kind="hold")
        if self.choosing_owner is not None:
            self._draw_owner_buttons(canvas)

    def _draw_owner_buttons(self, canvas: pygame.Surface) -> None:
        """"Whose dice?": a name per human, with its number key."""
        buttons = self.owner_buttons()
        if not buttons:
            return
        row = self.owner_board_spot(len(buttons))[3]
        rects = list(buttons.values())
        board = owner_board(rects[0].unionall(rects[1:]))
        th.panel(canvas, board, fill=th.WOOD_DARK, border=th.BRASS, radius=10)
        th.draw_text(canvas, self.table.theme, OWNER_HEADING, (board.x + 10, board.y + 6), 14,
                     th.BRASS_LIGHT, bold=True)
        left = self.owner_wait_left() / OWNER_WAIT   # the AIs wait this long for an answer
        pygame.draw.rect(canvas, th.BRASS, (board.x + 10, board.bottom - 6, int((board.w - 20) * left), 3))
        size, bold, dot, inset = BUTTON_LOOKS[row]   # a compact board: smaller buttons, words and dots
        theme = self.table.theme
        step = theme.font(size, bold).get_linesize() - 1   # two lines inside a compact button
        for seat, rect in buttons.items():
            lines = self.owner_lines(seat, row, rect.w)
            note_drawn(self.owner_label(seat) if row == TWO_LINE_ROW else lines[0], rect)
            pygame.draw.rect(canvas, th.WOOD, rect, border_radius=8)
            pygame.draw.rect(canvas, th.BRASS, rect, 2, border_radius=8)
            colour = theme.player_colour(seat)
            centre = (rect.x + inset // 2 + 2, rect.centery)
            keyed = row == TWO_LINE_ROW and seat < len(OWNER_KEYS)   # its number key in its dot
            pygame.draw.circle(canvas, colour, centre, dot if keyed else min(dot, 6))
            if keyed:
                light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 140
                th.draw_text(canvas, theme, str(seat + 1), centre, 11, th.INK if light else th.CREAM, bold=True,
                             anchor="center")
            top = rect.centery - (step * len(lines) + 1) // 2
            for k, line in enumerate(lines):
                th.draw_text(canvas, theme, line, (rect.x + inset, top + k * step), size, th.CREAM, bold=bold)

    def draw_seated_mark(self, canvas: pygame.Surface) -> None:
        """Hot-seat: who sits at the screen now, on their nameplate, all the time."""
        seat = self.secrecy.confirmed
        plate = self.table.seat_plates.get(seat) if seat is not None else None
        if seat is None or plate is None:
            return
        tag = self.table.theme.text("at the screen", 13, th.INK, bold=True)
        box = self.seated_mark_place(seat, plate, tag.get_rect().inflate(14, 4).size)
        pygame.draw.rect(canvas, th.BRASS_LIGHT, box, border_radius=8)
        pygame.draw.rect(canvas, self.table.theme.player_colour(seat), box, 2, border_radius=8)
        canvas.blit(tag, tag.get_rect(center=box.center))
        note_drawn(f"{isolated(self.table.seat_name(seat))} at the screen", box, enabled=False, kind="mark")

    def seated_mark_place(self, seat: int, plate: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
        """Where the "at the screen" mark of ``seat`` goes: on the outer side
        of its nameplate (away from the felt), else the inner side, else
        beside it; the first inside the screen that covers no cup, die,
        other nameplate or the table's centre (``since_keep_clear``).  Its
        old place, the inner side, lay on the seat's own cup at the bottom
        and top of every table.  Worked out once per move and seat."""
        key = (seat, tuple(plate), size, len(self.table.match.history))
        if self._mark_place is not None and self._mark_place[0] == key:
            return self._mark_place[1]
        box = pygame.Rect((0, 0), size)
        below = box.copy()
        below.midtop = (plate.centerx, plate.bottom + 3)
        above = box.copy()
        above.midbottom = (plate.centerx, max(plate.top - 2, above.h))   # a top seat's plate leaves ~21 px
        left = box.copy()
        left.midright = (plate.left - 10, plate.centery)   # clear of the seated plate's glow
        right = box.copy()
        right.midleft = (plate.right + 10, plate.centery)
        places = [below, above] if plate.centery >= 360 else [above, below]
        places += [left, right] if plate.centerx >= 640 else [right, left]
        pieces = [r for r in self.table.since_keep_clear()[-1] if not r.collidepoint(plate.center)]
        screen = pygame.Rect(0, 0, *CANVAS_SIZE)
        clear = [r for r in places if screen.contains(r) and r.collidelist(pieces) < 0]
        place = clear[0] if clear else places[1]   # nothing clear: the inner side, as before
        self._mark_place = (key, place)
        return place


def owner_board(column: pygame.Rect) -> pygame.Rect:
    """The "Whose dice?" board around its column of buttons (its heading on top)."""
    board = column.inflate(12, 36)
    board.y -= 12
    return board


def column_of(board: pygame.Rect) -> pygame.Rect:
    """The column of buttons a "Whose dice?" board holds (``owner_board`` undone)."""
    column = board.inflate(-12, -36)
    column.y += 12
    return column
