"""The Roll Call table: domes around the rail, the bid in the middle, and an
out-of-turn "Call!" for every other human seat.

The rules decide (the table reads them through ``table_snapshot``); the
sentences are in bidtext.py.  The shared table
(game/games/bidding/ui/table.py ``BiddingTableScene``) draws the domes, your own dice
(Emblem on the 1 face) face-up before your seat, the current bid, the
round's history, the ``BidPicker`` (legal raises only, minimum preselected)
and the reveal.  This module adds what is Roll Call's own: Emblem wilds,
the Roll Call raise rule, the out-of-turn calls (while the player to act is
deciding, each other human seat allowed to call gets its own labelled
button and function key, F1 = seat 1 ...), the hands held up with each
player's count of the face plus Emblems, and the one or two dice a loser
gives up.
"""
from __future__ import annotations

import pygame

from ...ui import theme as th
from ..bidding.ui.table import BiddingTableScene
from ...ui.motion import ease
from .bidtext import RollCallText
from ...core.protocol import state_as
from .rules import BID_FACES, CallOutOfTurn, RollCallState, table_snapshot
from ...canvas import CANVAS_W, CENTRE_X

REVEAL_SECONDS = {"normal": 4.6}  # scaled by the pace (game.ui.pace)
DIE_KIND = "emblem"
OUT_OF_TURN_KEYS = tuple(getattr(pygame, f"K_F{i}") for i in range(1, 11))
"""F1..F10: the out-of-turn call key of seat 1..10 (hot-seat)."""
FADE_AT = 0.66
"""Reveal fraction when the lost dice start to leave."""
OOT_W, OOT_ROWS = 190, 3
"""The out-of-turn call buttons: their width, and how many go down a column."""


class TableScene(BiddingTableScene):
    die_kind = DIE_KIND
    cover_word = "dome"   # the rules' and the log's word: "Everyone rolled under their domes"
    bid_faces = BID_FACES
    picker_width = 460
    reveal_seconds = REVEAL_SECONDS
    reduced_reveal_seconds = 2.2
    light_at = 0.12
    verdict_at = 0.6
    move_at = FADE_AT
    snapshot_of = staticmethod(table_snapshot)
    text_class = RollCallText

    @property
    def state(self) -> RollCallState:
        """The match's state as Roll Call's own State (typed: its fields are checked)."""
        return state_as(self.match.state, RollCallState)

    # ------------------------------------------------------------------
    # Out-of-turn calls
    # ------------------------------------------------------------------
    def out_of_turn_buttons(self) -> dict[int, pygame.Rect]:
        """One "Call!" button per human seat that may call out of turn now.
        In hot-seat they stay while someone peeks at their own dice (a peek is
        the owner's business; a call drops the cup before the reveal)."""
        if self.replay is not None or self.reveal is not None or self.throw_view is not None:
            return {}
        seats = [p for p in self.snap.interjectors if not self.match.seats[p].is_ai]
        if len(seats) == 1 and len(self.humans) == 1:   # the lone human's: beside the call window's countdown
            return {seats[0]: pygame.Rect(CENTRE_X + 160, 372, OOT_W, 46)}
        out = {}
        for i, seat in enumerate(seats):  # three down the top-right corner (the Log's is top left), then leftwards
            col, row = divmod(i, OOT_ROWS)
            out[seat] = pygame.Rect(CANVAS_W - 12 - OOT_W - col * (OOT_W + 10), 34 + row * 52, OOT_W, 46)
        return out

    def since_keep_clear(self) -> list:
        """Adds the out-of-turn call buttons with their heading to every tier."""
        buttons = list(self.out_of_turn_buttons().values())
        if len(buttons) > 1 or len(self.humans) > 1:
            buttons.append(pygame.Rect(CANVAS_W - 200, 6, 190, 24))
        return [tier + [b.inflate(8, 8) for b in buttons] for tier in super().since_keep_clear()]

    def anchor_rect(self, name: str):
        """Adds "oot_button": the lone human's out-of-turn Call! button."""
        if name == "oot_button":
            return next(iter(self.out_of_turn_buttons().values()), None)
        return super().anchor_rect(name)

    def overlay_event(self, event) -> bool:
        buttons = self.out_of_turn_buttons()
        if not buttons:
            return False
        seat = None
        if event.type == pygame.KEYDOWN and event.key in OUT_OF_TURN_KEYS:
            seat = OUT_OF_TURN_KEYS.index(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            seat = next((s for s, r in buttons.items() if r.collidepoint(event.pos)), None)
        if seat is None or seat not in buttons:
            return False
        self.submit(seat, CallOutOfTurn())
        return True

    def draw_overlay(self, canvas) -> None:
        buttons = self.out_of_turn_buttons()
        if not buttons:
            return
        if len(self.humans) > 1:
            th.draw_text(canvas, self.theme, "Call out of turn", (CANVAS_W - 14, 10), 16, th.BRASS_LIGHT, bold=True,
                         shadow=1, anchor="topright")
        for seat, rect in buttons.items():
            pygame.draw.rect(canvas, th.WOOD, rect, border_radius=10)
            pygame.draw.rect(canvas, self.theme.bad, rect, 2, border_radius=10)
            pygame.draw.circle(canvas, self.theme.player_colour(seat), (rect.x + 18, rect.centery), 7)
            th.draw_text(canvas, self.theme, f"{self.seat_name(seat)[:12]}: Call!", (rect.x + 32, rect.y + 4), 18,
                         th.CREAM, bold=True)
            th.draw_text(canvas, self.theme, f"F{seat + 1}  \u00b7  wrong costs 2 dice", (rect.x + 32, rect.y + 26),
                         13, th.CREAM_DIM)

    # ------------------------------------------------------------------
    # Reveal extras (the loser's die, two for a wrong out-of-turn call, rises
    # and fades from FADE_AT: the shared table's ``reveal_dice_style``)
    # ------------------------------------------------------------------
    def draw_reveal_extras(self, canvas, t) -> None:
        if t <= 0.2:
            return
        reveal = self.shown_reveal
        for seat, hand in enumerate(reveal.hands):
            if hand:
                self._draw_fingers(canvas, seat, len(hand), reveal.counts[seat], ease((t - 0.2) / 0.15))

    def _draw_fingers(self, canvas, seat: int, dice: int, count: int, appear: float) -> None:
        """A raised hand showing ``count`` fingers (a fist for zero), like
        players do at the table, with the number beside it; it sits beside
        the seat's dice on the side of the table centre."""
        box = self.cups.dice_box(seat, dice, self.reveal_die_px())
        cx, cy = box.center
        tx, ty = CENTRE_X - cx, 356 - cy
        if abs(tx) * box.h > abs(ty) * box.w * 1.6:   # side seats: beside the dice
            hx, hy = cx + (box.w / 2 + 44) * (1 if tx > 0 else -1), float(cy)
        else:                                          # top and bottom: above or below
            hx, hy = cx, cy + (box.h / 2 + 32) * (1 if ty > 0 else -1)
        ink = (*th.CREAM, int(255 * appear))
        hand = pygame.Surface((64, 48), pygame.SRCALPHA)
        pygame.draw.rect(hand, (*th.WOOD_DARK, int(220 * appear)), hand.get_rect(), border_radius=10)
        pygame.draw.rect(hand, (*self.theme.player_colour(seat), int(230 * appear)), hand.get_rect(), 2,
                         border_radius=10)
        palm = pygame.Rect(8, 24, 22, 16)
        pygame.draw.rect(hand, ink, palm, border_radius=6)
        for k in range(min(count, 5)):
            pygame.draw.rect(hand, ink, pygame.Rect(8 + k * 5 - (3 if k == 4 else 0), 8 + (4 if k == 4 else 0),
                                                    4, 18), border_radius=2)
        if count == 0:
            pygame.draw.rect(hand, ink, pygame.Rect(8, 18, 22, 10), border_radius=4)
        label = self.theme.font(22, True).render(str(count), True, th.BRASS_LIGHT)
        label.set_alpha(int(255 * appear))
        hand.blit(label, label.get_rect(midleft=(36, 25)))
        canvas.blit(hand, hand.get_rect(center=(int(hx), int(hy))))


# ----------------------------------------------------------------------
# Screenshots: ``python -m game shot --scene roll-call-reveal`` (and -hotseat)
# ----------------------------------------------------------------------
