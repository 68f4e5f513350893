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

import math

import pygame

from ...ui import layout
from ...ui.ai_turns import call_window_rect
from ...ui import theme as th
from ...ui.banner import nearest_clear_spot
from ...ui.drawn_controls import note as note_drawn
from ...ui.intent import SecondPress
from ..bidding.ui.table import BiddingTableScene
from ...ui.motion import ease
from .bidtext import RollCallText
from ...core.grammar import isolated
from ...core.protocol import state_as
from .rules import BID_FACES, CallOutOfTurn, RollCallState, table_snapshot
from ...canvas import CANVAS_W, CENTRE_X

REVEAL_SECONDS = {"normal": 4.6}  # scaled by the pace (game.ui.pace)
DIE_KIND = "emblem"
OUT_OF_TURN_KEYS = tuple(getattr(pygame, f"K_F{i}") for i in range(1, 11))
"""F1..F10: the out-of-turn call key of seat 1..10 (hot-seat)."""
FADE_AT = 0.66
"""Reveal fraction when the lost dice start to leave."""
OOT_W = 190
"""The out-of-turn call buttons' width."""
CALL_NEAR = 40
"""Pixels at most between a hot-seat call button and its owner's nameplate, where room allows."""


def _gap(a: pygame.Rect, b: pygame.Rect) -> float:
    """The distance between two boxes (0 where they touch or overlap)."""
    return math.hypot(max(b.left - a.right, a.left - b.right, 0), max(b.top - a.bottom, a.top - b.bottom, 0))


class TableScene(BiddingTableScene):
    die_kind = DIE_KIND
    cover_word = "dome"   # the rules' and the log's word: "Everyone rolled under their domes"
    phone_die_kind = "emblem"   # the phone page draws the 1 as the Emblem
    bid_faces = BID_FACES
    picker_width = 460
    reveal_seconds = REVEAL_SECONDS
    reduced_reveal_seconds = 2.2
    light_at = 0.12
    verdict_at = 0.6
    move_at = FADE_AT
    snapshot_of = staticmethod(table_snapshot)
    text_class = RollCallText

    def __init__(self, app, match, **kw):
        super().__init__(app, match, **kw)
        self.sure_call = SecondPress(getattr(app, "input", None))
        """An out-of-turn call pressed once ("Sure?"): it costs two dice when
        wrong and lifts every dome, so it is confirmed like Call and Jinto."""

    def human_deciding(self) -> bool:
        """Adds an out-of-turn call pressed once ("Sure? Call!")."""
        return super().human_deciding() or self.sure_call.armed is not None

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
        seats = [p for p in self.snap.interjectors if not self.match.seats[p].is_ai and not self.secrecy.on_phone(p)]
        if len(seats) == 1 and len(self.humans) == 1:   # the lone human's: beside the call window's countdown
            return {seats[0]: pygame.Rect(CENTRE_X + 160, 372, OOT_W, 46)}
        places = self._call_places()
        return {seat: places[seat] for seat in seats if seat in places}

    def _call_places(self) -> dict[int, pygame.Rect]:
        """Where each human seat's out-of-turn button goes at a hot-seat table:
        beside its own nameplate, where its player looks (issue 39: they
        stacked in the top-right corner, far from the seats and the
        countdown), never over a nameplate, a cup, a die, the centre's
        words, the picker, the countdown, the round's bids, the table's
        chrome or the Peek button's place (shown or not: at 10 seats with
        many humans it came up over two buttons), and where there is room
        also clear of each seat's dice at their most.  A place beside the
        plate (``CALL_NEAR``) clear of the must-nots beats a farther one
        clear of everything (a left seat's button went 115 px away).
        Worked out from the table's layout once per round (who holds how
        many dice), so a button stays where its player found it."""
        key = (tuple(self.humans), tuple(self.dice_counts()), tuple(tuple(r) for r in self.seat_plates.values()))
        cached = self.__dict__.get("_call_places_cache")
        if cached is not None and cached[0] == key:
            return cached[1]
        cx, cy = self.centre
        centre = self.centre_box().union(pygame.Rect(cx - self.picker_width // 2, cy - 40, self.picker_width, 160))
        pieces = [centre, call_window_rect(), self.picker.rect, self.history.place]
        pieces += [self.cups.seat_plate(i) for i in range(len(self.seat_spots))] + list(self.seat_plates.values())
        pieces += self.band_keep_clear()   # every cup, and the dice face-up in a tray, as they lie
        air = [r.inflate(16, 16) for r in pieces] + self.chrome_keep_clear()
        if self.secrecy.hotseat:
            air.append(self.hot_seat.peek_button_rect().inflate(8, 8))
        bounds = pygame.Rect(0, 0, CANVAS_W, layout.CANVAS_H).inflate(-16, -16)
        places: dict[int, pygame.Rect] = {}
        for seat in self.humans:
            plate = self.cups.seat_plate(seat)
            taken = [r.inflate(12, 12) for r in places.values()]
            roomy = nearest_clear_spot((OOT_W, 46), [air + self.log_keep_clear() + taken], plate.center, bounds)
            near = nearest_clear_spot((OOT_W, 46), [air + taken], plate.center, bounds)
            places[seat] = roomy if _gap(roomy, plate) <= CALL_NEAR or _gap(near, plate) > CALL_NEAR else near
        self.__dict__["_call_places_cache"] = (key, places)
        return places

    def _button_line(self, seat: int, size: int, bold: bool, rest: str) -> str:
        """A line on the seat's call button, "<name>: <rest>": the whole name
        where the line fits the button, else its first word, else ``rest``
        alone ("Percival: Call!", never "Percival Tho: Call!"; "Maximilian:
        F3 or click again" ran to the button's edge)."""
        font = self.theme.font(size, bold)
        name = self.seat_name(seat)
        for said in (name, name.split()[0] if name.split() else name):
            line = f"{isolated(said)}: {rest}"
            if font.size(line)[0] <= OOT_W - 40:
                return line
        return rest[0].upper() + rest[1:]

    def since_keep_clear(self) -> list:
        """Adds the out-of-turn call buttons to every tier."""
        buttons = list(self.out_of_turn_buttons().values())
        return [tier + [b.inflate(8, 8) for b in buttons] for tier in super().since_keep_clear()]

    def anchor_rect(self, name: str):
        """Adds "oot_button": the lone human's out-of-turn Call! button."""
        if name == "oot_button":
            return next(iter(self.out_of_turn_buttons().values()), None)
        return super().anchor_rect(name)

    def overlay_event(self, event) -> bool:
        """A seat's F-key or button arms its out-of-turn call ("Sure?"); the
        same again, once the "Sure?" has been on screen a moment, calls; Esc
        or any other key or click lets it go."""
        buttons = self.out_of_turn_buttons()
        if self.sure_call.armed not in buttons:
            self.sure_call.cancel()   # the moment passed (a move, a reveal)
        if not buttons:
            return False
        seat = None
        if event.type == pygame.KEYDOWN and event.key in OUT_OF_TURN_KEYS:
            seat = OUT_OF_TURN_KEYS.index(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            seat = next((s for s, r in buttons.items() if r.collidepoint(event.pos)), None)
        if seat is None or seat not in buttons:
            if self.sure_call.armed is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.sure_call.cancel()
                return event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            return False
        if self.sure_call.press(seat, event):
            self.submit(seat, CallOutOfTurn())
        return True

    def draw_overlay(self, canvas) -> None:
        buttons = self.out_of_turn_buttons()
        if not buttons:
            return
        left = self.ai_turns.call_window_left
        window = float(self.app.settings.call_window) or 1.0
        for seat, rect in buttons.items():
            sure = self.sure_call.armed == seat
            if sure:
                self.sure_call.shown()
            label = "Sure? Call!" if sure else self._button_line(seat, 18, True, "Call!")
            note_drawn(label, rect)
            pygame.draw.rect(canvas, th.BRASS_DARK if sure else th.WOOD, rect, border_radius=10)
            pygame.draw.rect(canvas, th.BRASS_LIGHT if sure else self.theme.bad, rect, 2, border_radius=10)
            pygame.draw.circle(canvas, self.theme.player_colour(seat), (rect.x + 18, rect.centery), 7)
            th.draw_text(canvas, self.theme, label, (rect.x + 32, rect.y + 4), 18, th.CREAM, bold=True)
            sub = (self._button_line(seat, 13, False, self.sure_call.again_words(f"F{seat + 1}")) if sure
                   else f"F{seat + 1}  \u00b7  wrong costs 2 dice")
            th.draw_text(canvas, self.theme, sub, (rect.x + 32, rect.y + 26), 13, th.CREAM_DIM)
            if left > 0.05 and len(self.humans) > 1:   # the call window's countdown on every button
                bar = pygame.Rect(rect.x + 10, rect.bottom - 6, rect.w - 20, 3)
                pygame.draw.rect(canvas, (40, 24, 14), bar, border_radius=1)
                bar.w = int(bar.w * min(1.0, left / window))
                if bar.w:
                    pygame.draw.rect(canvas, th.BRASS, bar, border_radius=1)

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
