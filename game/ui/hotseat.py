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

Kept apart from the table's driving because it is the one place a hidden die
could leak: every face-up decision of the table goes through ``can_see`` here
(checked by tests/test_hotseat.py and tests/test_secrecy.py).
"""
from __future__ import annotations

import pygame

from . import theme as th
from .drawn_controls import note as note_drawn
from .table_base import TableBase

PEEK_KEYS = (pygame.K_TAB, pygame.K_SPACE)
"""Held down in hot-seat: the confirmed human lifts their cup."""
OWNER_KEYS = tuple(getattr(pygame, f"K_{i}") for i in range(1, 10))
""""Whose dice?": the number key of seat 1..9."""
OWNER_ROW = 44
"""Height of one "Whose dice?" button (and its gap)."""


class HotSeatFlow(TableBase):
    """The hot-seat secrecy flow of a table (a mixin of ``TableScene``)."""

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

    def reason_hidden(self, seat: int) -> bool:
        """Would an AI's reason for a move of ``seat`` give away dice somebody
        at this screen does not see now?  (It holds dice under its cup, and
        the secrecy policy does not show them to everyone.)"""
        return self.has_hidden_dice(seat) and not self.secrecy.shown_to_all(seat)

    def hand_shown(self, seat: int) -> bool:
        """Did the last move show ``seat``'s hidden dice to everyone (a
        reveal)?  Games without hidden dice show none."""
        return False

    def peek_possible(self) -> bool:
        """May the confirmed hot-seat human lift their cup right now?"""
        seat = self.secrecy.confirmed
        return seat is not None and self._table_still() and self.has_hidden_dice(seat)

    def _table_still(self) -> bool:
        """On top and at rest: nothing in the air, no animation, no log over it."""
        return (self.is_top and self.throw_view is None and not self.is_busy() and not self.log_panel.is_open
                and not self.game_end.finished and not self.match.state.is_chance())

    def peek_owners(self) -> list[int]:
        """The humans who hold hidden dice to look at now ("Whose dice?"); a
        seat playing on its phone looks there, never here."""
        return [h for h in self.humans if self.has_hidden_dice(h) and not self.secrecy.on_phone(h)]

    def _others_still_in(self, seat: int) -> list[int]:
        """The humans other than ``seat`` still playing (with dice to hide)."""
        out = self.game_end.out_places()
        return [h for h in self.humans if h != seat and h not in out]

    def peek_button_rect(self) -> pygame.Rect:
        """Where the hot-seat "Peek at my dice" button sits."""
        return pygame.Rect(16, 548, 236, 58)

    def show_curtain_for(self, seat: int, *, for_peek: bool = False) -> None:
        """Pass the screen to ``seat``: hide everything, then reveal to them
        (``for_peek``: the short hand-over before a peek outside their turn)."""
        if self._curtain_for == seat:
            return  # already on its way up
        self.secrecy.forget()
        self._curtain_for = seat

        def reveal():
            self.secrecy.confirm(seat, named=for_peek)
            self._curtain_for = None
        self.app.nav.curtain(self.seat_name(seat), reveal, seat=seat, table=self,   # Esc there pauses this table
                             for_peek=for_peek)

    def _maybe_curtain(self) -> None:
        if not self.uses_curtain or self.match.is_over:
            return
        seat = self.human_to_act()
        if seat is not None and seat != self.secrecy.confirmed:
            if not self._others_still_in(seat):
                self.secrecy.confirm(seat)   # the one human left: nobody to pass the screen to
                return
            self.show_curtain_for(seat)

    def curtain_hides_table(self) -> bool:
        """True while the pass-the-screen curtain is on its way up."""
        return self._curtain_for is not None

    def _cup_down(self) -> None:
        """Drop the cup and forget held peek keys/buttons (their release may
        go to another screen)."""
        self.secrecy.drop()
        self._peek_keys_held.clear()
        self._peek_by_mouse = False

    def _peek_event(self, event) -> bool:
        """Hot-seat peeking: hold Tab/Space or the button to lift your cup
        (asking whose first, outside the seated human's own turn)."""
        kind = event.type
        if self.choosing_owner is not None and self._owner_event(event):
            return True
        if kind == pygame.KEYDOWN and event.key in PEEK_KEYS:
            if event.key not in self._peek_keys_held:  # a key-repeat never lifts a dropped cup
                self._peek_keys_held.add(event.key)
                self._want_peek()
            return True
        if kind == pygame.KEYUP and event.key in PEEK_KEYS:
            self._peek_keys_held.discard(event.key)
            self.secrecy.drop()
            return True
        if kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self._peek_button_shown() \
                and self.peek_button_rect().collidepoint(event.pos):
            self._peek_by_mouse = self._want_peek()
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

    def _want_peek(self) -> bool:
        """A peek key or the button pressed: lift the seated human's cup in
        their own turn, else ask whose dice first (True: the cup went up)."""
        if not self.secrecy.needs_owner(self.human_to_act()):
            return self._start_peek()
        if self._table_still() and self.peek_owners():
            self.choosing_owner = len(self.match.history)
        return False

    def _owner_event(self, event) -> bool:
        """"Whose dice?" is open: a number key or a name's button answers,
        Esc or a click elsewhere closes it; it keeps every other key."""
        owners = self.peek_owners()
        if self.choosing_owner != len(self.match.history) or not owners or not self._table_still():
            self.choosing_owner = None   # the table moved on
            return False
        kind = event.type
        if kind == pygame.KEYDOWN:
            if event.key in OWNER_KEYS and OWNER_KEYS.index(event.key) in owners:
                self._owner_named(OWNER_KEYS.index(event.key))
            elif event.key == pygame.K_ESCAPE:
                self.choosing_owner = None
            elif event.key in PEEK_KEYS:
                self._peek_keys_held.add(event.key)
            return True
        if kind == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            seat = next((s for s, r in self.owner_buttons().items() if r.collidepoint(event.pos)), None)
            if seat is not None:
                self._owner_named(seat)
            elif not self.peek_button_rect().collidepoint(event.pos):
                self.choosing_owner = None
            return True
        if kind == pygame.KEYUP and event.key in PEEK_KEYS:
            self._peek_keys_held.discard(event.key)
            return True
        return False

    def _owner_named(self, seat: int) -> None:
        """"Whose dice?" answered: the seated human peeks (at once if a peek
        key is still held); anyone else gets the screen by a short curtain."""
        self.choosing_owner = None
        if self.secrecy.name_owner(seat):
            if self._peek_keys_held:
                self._start_peek()
            return
        self._cup_down()
        self.show_curtain_for(seat, for_peek=True)

    def owner_buttons(self) -> dict[int, pygame.Rect]:
        """"Whose dice?": one button per human with hidden dice, stacked above the Peek button."""
        peek = self.peek_button_rect()
        owners = self.peek_owners()
        return {seat: pygame.Rect(peek.x, peek.y - 8 - (len(owners) - i) * OWNER_ROW, peek.w, OWNER_ROW - 6)
                for i, seat in enumerate(owners)}

    def _peek_button_shown(self) -> bool:
        if not self.secrecy.hotseat:
            return False
        if self.secrecy.needs_owner(self.human_to_act()):
            return self._table_still() and bool(self.peek_owners())
        return self.peek_possible()

    def _draw_peek_button(self, canvas: pygame.Surface) -> None:
        """Hot-seat: "Peek at my dice", held down to lift the cup, with the
        key hint; brass while the cup is up.  Outside the seated human's own
        turn it asks whose dice first ("Whose dice?", ``owner_buttons``)."""
        seat = self.secrecy.confirmed
        rect = self.peek_button_rect()
        up = self.secrecy.peeking
        asks = self.secrecy.needs_owner(self.human_to_act())
        pygame.draw.rect(canvas, th.BRASS_DARK if up else th.WOOD_DARK, rect, border_radius=10)
        pygame.draw.rect(canvas, th.BRASS_LIGHT if up else th.BRASS, rect, 2, border_radius=10)
        if seat is not None and not asks:
            pygame.draw.circle(canvas, self.theme.player_colour(seat), (rect.x + 18, rect.y + 20), 7)
        title = f"{self.cover_word.capitalize()} lifted" if up else "Peek at my dice"
        th.draw_text(canvas, self.theme, title, (rect.x + 32, rect.y + 8), 18, th.CREAM, bold=True)
        if up:
            hint = "let go to cover them"
        elif asks or seat is None:
            hint = "Tab or Space: whose dice?"
        else:
            hint = f"{self.seat_name(seat)[:12]}: hold Tab or Space"
        th.draw_text(canvas, self.theme, hint, (rect.x + 32, rect.y + 33), 14, th.CREAM_DIM)
        note_drawn(title, rect, kind="hold")
        if self.choosing_owner is not None:
            self._draw_owner_buttons(canvas)

    def _draw_owner_buttons(self, canvas: pygame.Surface) -> None:
        """"Whose dice?": a name per human, with its number key."""
        buttons = self.owner_buttons()
        if not buttons:
            return
        rects = list(buttons.values())
        board = rects[0].unionall(rects[1:]).inflate(12, 36)
        board.y -= 12
        th.panel(canvas, board, fill=th.WOOD_DARK, border=th.BRASS, radius=10)
        th.draw_text(canvas, self.theme, "Whose dice? Others look away", (board.x + 10, board.y + 6), 14,
                     th.BRASS_LIGHT, bold=True)
        for seat, rect in buttons.items():
            label = f"{seat + 1}  {self.seat_name(seat)[:16]}"
            note_drawn(label, rect)
            pygame.draw.rect(canvas, th.WOOD, rect, border_radius=8)
            pygame.draw.rect(canvas, th.BRASS, rect, 2, border_radius=8)
            pygame.draw.circle(canvas, self.theme.player_colour(seat), (rect.x + 18, rect.centery), 7)
            th.draw_text(canvas, self.theme, label, (rect.x + 32, rect.centery), 17, th.CREAM, bold=True,
                         anchor="midleft")

    def _draw_seated_mark(self, canvas: pygame.Surface) -> None:
        """Hot-seat: who sits at the screen now, on their nameplate, all the time."""
        seat = self.secrecy.confirmed
        plate = self.seat_plates.get(seat) if seat is not None else None
        if seat is None or plate is None:
            return
        tag = self.theme.text("at the screen", 13, th.INK, bold=True)
        box = tag.get_rect().inflate(14, 4)
        if plate.centery < 360:
            box.midtop = (plate.centerx, plate.bottom + 3)
        else:
            box.midbottom = (plate.centerx, plate.top - 3)
        pygame.draw.rect(canvas, th.BRASS_LIGHT, box, border_radius=8)
        pygame.draw.rect(canvas, self.theme.player_colour(seat), box, 2, border_radius=8)
        canvas.blit(tag, tag.get_rect(center=box.center))
        note_drawn(f"{self.seat_name(seat)} at the screen", box, enabled=False, kind="mark")
