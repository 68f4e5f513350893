"""The phone codes, handed out one seat at a time.

A seat's code gives whoever scans it that seat's dice, so no screen ever
shows two codes: ``PhoneHandoutScene`` passes the screen to each phone seat
in turn behind the "Pass to Ana" curtain (with two or more humans at the
table), then shows only Ana's code until her phone claims it (the screen
moves on by itself) or she clicks Next.  A code is spent once a phone has
opened it (game/phones/server.py): a second phone that scanned it is refused
in words, and the seat's owner sees that on the phone that lost.
``PhoneLinksScene`` (the pause menu's "Phone codes") lists the phone seats
and their state, with no code on it: "New code" hands one seat a fresh code
behind its own curtain, which lets the old phone go.

Opened when a table starts with "Use phones" (setup), from the pause menu,
and on Continue of a game that used phones (new secrets each time).  While
they are up the table holds still, but its phones are served (``pump``).
"""
from __future__ import annotations

from functools import partial

import pygame

from ..ui import theme as th
from ..ui.widgets import Button
from ..canvas import CANVAS_W, CENTRE_X
from ..phones import wire
from ..ui.phone_link import whose_phone
from .base import MenuScene
from .curtain import CurtainScene, velvet_curtain

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


def back_to_table(app, table) -> None:
    """Close the codes screen on top: the table brings the curtain a seat at
    this screen needs now, once (none for a seat on its phone)."""
    app.pop()
    table.hot_seat.maybe_curtain()


class PhoneHandoutScene(MenuScene):
    """Each of ``seats`` in turn: its curtain, then its code alone; see the module docstring.
    ``fresh``: every seat gets a new code (a re-link); otherwise a seat whose
    code a phone already claimed is skipped."""

    name = "phones"
    overlay = False   # the velvet: nothing of the table behind a code

    def __init__(self, app, table, seats, fresh: bool = False):
        super().__init__(app)
        self.table = table
        self.queue: list[int] = list(seats)
        self.fresh = fresh
        self.seat: int | None = None
        """The seat whose code is on the screen now (None behind a curtain)."""
        self._codes: dict[tuple[str, int], pygame.Surface] = {}
        self.ended = False

    def enter(self) -> None:
        super().enter()
        if self.table.phones is not None:
            self.table.phones.pump()   # every phone's first view, kept for whenever it connects
        self.pass_on()

    def pass_on(self) -> None:
        """The next seat's curtain (its code after it), or back to the table when none is left."""
        self.seat = None
        self.rebuild()
        waiting = self.waiting()
        if waiting:
            seat = waiting[0]
            self.queue = waiting[1:]
            if len(self.table.humans) < 2:
                self.show_code(seat)   # nobody else at the screen to look away
            else:
                # the screen passes to this seat's owner: whoever sat at it is
                # seated no longer (their cup would lift for the next person's
                # peek); back at the table their curtain comes again
                self.table.secrecy.forget()
                self.app.push(CurtainScene(self.app, self.table.seat_name(seat), partial(self.show_code, seat),
                                           seat=seat, table=self.table, hint="Your phone's code is next: scan it with the camera.",
                                           on_escape=self.close_behind_curtain))
            return
        self.end()

    def end(self) -> None:
        if self.ended:
            return   # once: a frame that ended it by a click must not end it again (it popped the table too)
        self.ended = True
        if self.table.phones is not None:
            self.table.phones.withdraw_offers()   # a code no phone opened: its seat stays on this screen
        back_to_table(self.app, self.table)

    def waiting(self) -> list[int]:
        """The seats still to be handed a code: not back on the screen, and
        (unless ``fresh``) whose phone is not connected and whose code no
        phone has claimed yet; none waits, no curtain comes at all."""
        phones = self.table.phones
        if phones is None:
            return []
        return [s for s in self.queue if phones.has_code(s)
                and (self.fresh or not (phones.code_claimed(s) or phones.connected(s)))]

    def show_code(self, seat: int) -> None:
        """``seat``'s code on the screen (a fresh one if a phone already spent the old)."""
        phones = self.table.phones
        if phones is not None and (self.fresh or phones.code_claimed(seat)):
            phones.new_code(seat)
        self.seat = seat
        self.rebuild()

    def close_behind_curtain(self) -> None:
        """Esc on a seat's curtain: the hand-out ends (the curtain, then this screen)."""
        self.app.pop()
        self.end()

    def build(self) -> None:
        if self.seat is None:
            return
        self.ui.add(Button((CENTRE_X - 130, 640, 260, 56), "Next" if self.waiting() else "Done", self.pass_on,
                           primary=True))

    def back(self) -> None:
        self.end()   # Esc: no more codes now (the pause menu's "Phone codes" goes on later)

    def fixed_update(self, dt: float) -> None:
        phones = self.table.phones
        if phones is None or not (phones.seats or phones.offers):
            self.end()   # every seat went back to the screen
            return
        phones.pump()   # phones that scan now get their view at once (a seat offered a code is on its phone now)
        if self.seat is not None and phones.code_claimed(self.seat) and not self.app.transitions_pending:
            self.pass_on()   # its phone has it: on to the next seat

    def draw_backdrop(self, canvas) -> None:
        canvas.blit(velvet_curtain(canvas.get_size()), (0, 0))

    def draw_heading(self, canvas, y=0) -> None:
        if self.seat is None:
            return
        title = self.theme.font(46, style="display")
        whose = whose_phone(self.table, self.seat, title, CANVAS_W - 80 - title.size(" phone")[0])
        th.draw_text(canvas, self.theme, f"{whose} phone", (CENTRE_X, 96), 46, th.BRASS_LIGHT,
                     style="display", anchor="midtop", shadow=3)
        th.draw_text(canvas, self.theme, "Scan this code with your phone's camera (same Wi-Fi as this computer). "
                     "Only your own dice go to your phone.", (CENTRE_X, 154), 18, th.CREAM, anchor="midtop", shadow=2)

    CARD = (680, 438)
    """The code's card: the QR code on the left, its link to type on the right."""
    QR_SIZE = 320
    CODE_SIZE = 34
    """The secret's letters, in groups of four: read from arm's length (they were 12 px, in one line)."""

    def draw_content(self, canvas) -> None:
        phones = self.table.phones
        if phones is None or self.seat is None or not phones.has_code(self.seat):
            return
        url = phones.url(self.seat)
        card = pygame.Rect((0, 0), self.CARD)
        card.midtop = (CENTRE_X, 188)
        th.panel(canvas, card, fill=th.WOOD_DARK, border=th.BRASS)
        key = (url, self.QR_SIZE)
        code = self._codes.get(key)
        if code is None:
            code = self._codes[key] = qr_surface(url, self.QR_SIZE)
        drawn = canvas.blit(code, code.get_rect(topleft=(card.x + 18, card.y + 18)))
        self.draw_link(canvas, url, pygame.Rect(drawn.right + 24, card.y + 26, card.right - 18 - drawn.right - 24,
                                                drawn.h))
        words = self.theme.font(20, True)
        whose = whose_phone(self.table, self.seat, words, card.w - 24 - words.size("Waiting for  phone\u2026")[0],
                            capital=False)
        th.draw_text(canvas, self.theme, f"Waiting for {whose} phone\u2026",
                     (card.centerx, card.bottom - 58), 20, th.CREAM, bold=True, anchor="midtop")

    def draw_link(self, canvas, url: str, room: pygame.Rect) -> None:
        """The link for a phone whose camera cannot read the code: the address,
        then the secret in groups of four over as many lines as it needs (the
        page takes it with or without the dashes, ``wire.typed_token``)."""
        address, _, secret = url.split("//", 1)[-1].partition("/p/")
        y = th.draw_text(canvas, self.theme, "No camera? Type this in the phone's browser:", (room.x, room.y), 16,
                         th.CREAM_DIM, anchor="topleft").bottom + 12
        size = 22
        while self.theme.font(size).size(address + "/p/")[0] > room.w and size > 14:
            size -= 1
        y = th.draw_text(canvas, self.theme, address + "/p/", (room.x, y), size, th.CREAM, anchor="topleft").bottom + 8
        font = self.theme.font(self.CODE_SIZE, True)
        lines: list[str] = []
        for group in wire.grouped(secret).split("-"):
            joined = f"{lines[-1]}-{group}" if lines else group
            if lines and font.size(joined + "-")[0] <= room.w:
                lines[-1] = joined
            else:
                if lines:
                    lines[-1] += "-"
                lines.append(group)
        for line in lines:
            y = th.draw_text(canvas, self.theme, line, (room.x, y), self.CODE_SIZE, th.BRASS_LIGHT, bold=True,
                             anchor="topleft").bottom + 4


class PhoneLinksScene(MenuScene):
    """The pause menu's "Phone codes": each phone seat and whether its phone
    is connected, with "New code" (behind that seat's curtain); and each human
    seat that plays on this screen (its phone had died: "Play Ana on this
    screen"), with "Use a phone": a code behind its curtain, and the seat is
    back on a phone once one opens it.  No code is drawn here."""

    name = "phones"
    overlay = False   # the menu's own backdrop: nothing of the table shows through between the rows
    title = "Phones"
    PER_COLUMN = 8

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.rows: dict[int, pygame.Rect] = {}
        self.new_code_buttons: dict[int, pygame.Rect] = {}   # each row's name ends before its button

    def seats(self) -> list[int]:
        """The phone seats and the human seats on this screen, in seat order."""
        return sorted({*self.table.phones.seats, *self.table.humans}) if self.table.phones is not None else []

    def on_screen(self, seat: int) -> bool:
        return self.table.phones is not None and not self.table.phones.holds(seat)

    def build(self) -> None:
        seats = self.seats()
        columns = max(1, (len(seats) + self.PER_COLUMN - 1) // self.PER_COLUMN)
        width = min(420, (CANVAS_W - 80) // columns - 16)
        self.rows = {}
        self.new_code_buttons = {}
        for i, seat in enumerate(seats):
            column, row = divmod(i, self.PER_COLUMN)
            x = CENTRE_X - (columns * (width + 16) - 16) // 2 + column * (width + 16)
            self.rows[seat] = pygame.Rect(x, 160 + row * 58, width, 50)
            button = pygame.Rect(0, 0, min(150, width // 2 - 8), 40)
            button.midright = (x + width - 6, self.rows[seat].centery)
            self.new_code_buttons[seat] = button
            if self.on_screen(seat):
                self.ui.add(Button(button, "Use a phone", partial(self.to_phone, seat), size=18))
            else:
                self.ui.add(Button(button, "New code", partial(self.new_code, seat), size=18))
        self.ui.add(Button((CENTRE_X - 130, 640, 260, 56), "Done", self.back, primary=True))

    def new_code(self, seat: int) -> None:
        """A fresh code for ``seat``, behind its own curtain (its old phone is let go)."""
        self.app.pop()
        self.app.push(PhoneHandoutScene(self.app, self.table, [seat], fresh=True))

    def to_phone(self, seat: int) -> None:
        """``seat``, on this screen now, gets a code behind its own curtain; it
        plays on the phone that opens it (until then, and if none does, here)."""
        if self.table.phones is None:
            return
        self.table.phones.offer(seat)
        self.app.pop()
        self.app.push(PhoneHandoutScene(self.app, self.table, [seat]))

    def back(self) -> None:
        back_to_table(self.app, self.table)   # Done or Esc

    def fixed_update(self, dt: float) -> None:
        phones = self.table.phones
        if phones is None:
            self.back()
            return
        phones.pump()

    def draw_heading(self, canvas, y=0) -> None:
        th.draw_text(canvas, self.theme, self.title, (CENTRE_X, 36), 44, th.BRASS_LIGHT, style="display",
                     anchor="midtop", shadow=3)
        th.draw_text(canvas, self.theme, "A phone lost, or someone else scanned your code? Ask for a new one: "
                     "only you see it, behind your curtain.", (CENTRE_X, 100), 18, th.CREAM_DIM, anchor="midtop")
        if any(self.on_screen(seat) for seat in self.rows):
            th.draw_text(canvas, self.theme, "Playing on this screen and your phone is back? \"Use a phone\" gives "
                         "you a code: your seat moves to the phone that opens it.", (CENTRE_X, 124), 18, th.CREAM_DIM,
                         anchor="midtop")

    def draw_content(self, canvas) -> None:
        phones = self.table.phones
        if phones is None:
            return
        for seat, row in self.rows.items():
            th.panel(canvas, row, fill=th.WOOD_DARK, border=th.BRASS)
            pygame.draw.circle(canvas, self.theme.player_colour(seat), (row.x + 18, row.centery), 7)
            on = phones.connected(seat) and phones.holds(seat)
            room = self.new_code_buttons[seat].x - 8 - (row.x + 32)
            name = th.fit_text(self.theme.font(18, True), self.table.seat_name(seat), room)
            th.draw_text(canvas, self.theme, name, (row.x + 32, row.y + 5), 18, th.CREAM, bold=True)
            if not phones.holds(seat):
                state = "Plays on this screen"
            else:
                state = "Phone connected" if on else ("Phone away" if phones.code_claimed(seat) else "No phone yet")
            th.draw_text(canvas, self.theme, state, (row.x + 32, row.y + 27), 14,
                         th.BRASS_LIGHT if on else th.CREAM_DIM)
