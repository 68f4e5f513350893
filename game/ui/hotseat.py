"""The hot-seat hand-over: who may see hidden dice now, the pass-the-screen
curtain before a human must act, and peeking (hold Tab/Space or the "Peek at
my dice" button; the cup drops on letting go, on any action, on a throw and
when anything covers the table).

Kept apart from the table's driving because it is the one place a hidden die
could leak: every face-up decision of the table goes through ``can_see`` here
(checked by tests/test_hotseat.py and tests/test_secrecy.py).
"""
from __future__ import annotations

import pygame

from . import theme as th
from .table_base import TableBase

PEEK_KEYS = (pygame.K_TAB, pygame.K_SPACE)
"""Held down in hot-seat: the confirmed human lifts their cup."""


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
        return (seat is not None and self.is_top and self.throw_view is None and not self.is_busy()
                and not self.log_panel.is_open
                and not self._finished and not self.match.state.is_chance() and self.has_hidden_dice(seat))

    def peek_button_rect(self) -> pygame.Rect:
        """Where the hot-seat "Peek at my dice" button sits."""
        return pygame.Rect(16, 548, 236, 58)

    def show_curtain_for(self, seat: int) -> None:
        """Pass the screen to ``seat``: hide everything, then reveal to them."""
        if self._curtain_for == seat:
            return  # already on its way up
        self.secrecy.forget()
        self._curtain_for = seat

        def reveal():
            self.secrecy.confirm(seat)
            self._curtain_for = None
        self.app.nav.curtain(self.seat_name(seat), reveal, seat=seat, table=self)   # Esc there pauses this table

    def _maybe_curtain(self) -> None:
        if not self.uses_curtain or self.match.is_over:
            return
        seat = self.human_to_act()
        if seat is not None and seat != self.secrecy.confirmed:
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
        title = f"{self.cover_word.capitalize()} lifted" if up else "Peek at my dice"
        th.draw_text(canvas, self.theme, title, (rect.x + 32, rect.y + 8), 18, th.CREAM, bold=True)
        hint = "let go to cover them" if up else f"{self.seat_name(seat)[:12]}: hold Tab or Space"
        th.draw_text(canvas, self.theme, hint, (rect.x + 32, rect.y + 33), 14, th.CREAM_DIM)
