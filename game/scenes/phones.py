"""The phone codes over a table: one QR code per phone seat, who is connected,
and Done.  Opened when a table starts with "Use phones" (setup), from the
pause menu, and on Continue of a game that used phones (new secrets each time).

While it is up the table holds still, but its phones are served (``pump``):
a phone that scans its code sees its own dice at once.
"""
from __future__ import annotations

import pygame

from ..ui import theme as th
from ..ui.widgets import Button
from ..canvas import CANVAS_W, CENTRE_X
from .base import MenuScene

QUIET_ZONE = 2
"""Light modules around a code (the standard asks 4; 2 reads on every phone we tried and saves room)."""


def qr_surface(text: str, size: int) -> pygame.Surface:
    """``text`` as a QR code about ``size`` pixels square (dark on cream), whole modules only."""
    import segno   # only here: the codes screen is the one place that draws them
    code = segno.make(text, error="m")
    matrix = code.matrix
    modules = len(matrix) + 2 * QUIET_ZONE
    scale = max(2, size // modules)
    surf = pygame.Surface((modules * scale, modules * scale))
    surf.fill((250, 244, 228))
    for y, row in enumerate(matrix):
        for x, bit in enumerate(row):
            if bit:
                surf.fill((20, 14, 10), ((x + QUIET_ZONE) * scale, (y + QUIET_ZONE) * scale, scale, scale))
    return surf


class PhoneCodesScene(MenuScene):
    name = "phones"
    overlay = True
    title = "Phones as private cups"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self._codes: dict[tuple[int, str, int], pygame.Surface] = {}

    def build(self) -> None:
        self.ui.add(Button((CENTRE_X - 130, 640, 260, 56), "Done", self.back, primary=True))

    def fixed_update(self, dt: float) -> None:
        phones = self.table.phones
        if phones is not None:
            phones.pump()   # phones that scan now get their view at once
        if phones is None or not phones.seats:
            self.app.pop()   # every seat went back to the screen

    def cards(self) -> list[tuple[int, pygame.Rect]]:
        """Each phone seat's card: up to four in a row, two rows at most on screen."""
        seats = self.table.phones.seats if self.table.phones is not None else []
        per_row = min(4, max(1, len(seats)))
        rows = (len(seats) + per_row - 1) // per_row
        w = min(290, (CANVAS_W - 80) // per_row - 16)
        h = min(470, w + 106) if rows == 1 else 232   # the code, the name above it, the state and link below
        out = []
        for i, seat in enumerate(seats):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(seats) - row * per_row)
            x = CENTRE_X - (in_row * (w + 16) - 16) // 2 + col * (w + 16)
            out.append((seat, pygame.Rect(x, 148 + row * (h + 12), w, h)))
        return out

    def draw_heading(self, canvas, y=0) -> None:
        th.draw_text(canvas, self.theme, self.title, (CENTRE_X, 36), 44, th.BRASS_LIGHT, style="display",
                     anchor="midtop", shadow=3)
        th.draw_text(canvas, self.theme, "Each player scans their own code: your dice stay on your phone "
                     "(same Wi-Fi as this computer).", (CENTRE_X, 100), 18, th.CREAM_DIM, anchor="midtop")

    def draw_content(self, canvas) -> None:
        phones = self.table.phones
        if phones is None:
            return
        for seat, card in self.cards():
            th.panel(canvas, card, fill=th.WOOD_DARK, border=th.BRASS)
            colour = self.theme.player_colour(seat)
            name = self.table.seat_name(seat)
            pygame.draw.circle(canvas, colour, (card.x + 20, card.y + 22), 8)
            th.draw_text(canvas, self.theme, name[:16], (card.x + 36, card.y + 10), 22, th.CREAM, bold=True)
            url = phones.url(seat)
            side = min(card.w - 24, card.h - 96)
            key = (seat, url, side)
            code = self._codes.get(key)
            if code is None:
                code = self._codes[key] = qr_surface(url, side)
            canvas.blit(code, code.get_rect(midtop=(card.centerx, card.y + 44)))
            on = phones.connected(seat)
            state = "Phone connected" if on else "Waiting for a scan\u2026"
            th.draw_text(canvas, self.theme, state, (card.centerx, card.bottom - 44), 18,
                         th.BRASS_LIGHT if on else th.CREAM_DIM, bold=on, anchor="midtop")
            link = url.split("//", 1)[-1]
            font = self.theme.font(12)
            while font.size(link)[0] > card.w - 16 and len(link) > 8:
                link = link[:-2]
            th.draw_text(canvas, self.theme, link if link == url.split("//", 1)[-1] else link + "\u2026",
                         (card.centerx, card.bottom - 20), 12, th.CREAM_DIM, anchor="midtop")
