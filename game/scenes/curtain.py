"""Pass-the-screen curtain: nothing secret is drawn while it is up.

It is an opaque scene (not an overlay), so the table below is not drawn at
all.  The next human presses Enter or clicks "I am <name>" to confirm they
sit at the screen; their cup stays down until they hold the peek key or
button (see game/ui/secrecy.py).  Only a deliberate press passes it: one
that began after the curtain had been on screen half a second, never a
key-repeat, never the second click of a double-click on the table, and a
hand mashing Enter waits again (``IntentGate``, game/ui/intent.py).  Space
and Tab are the peek keys, so they never confirm it.  Esc pauses the table
behind it (``app.nav.pause``): the pause menu is an overlay of the curtain,
so nothing of the table shows, and Resume comes back to the curtain.

``for_peek``: the short hand-over before a human looks at their dice outside
their own turn ("everyone else look away")."""
from __future__ import annotations

import pygame

from ..ui import pictures
from ..ui.game_log import LogPanel
from ..ui.intent import IntentGate
from ..ui.menu_button import WIDTH, MenuButton
from ..ui import theme as th
from ..ui.widgets import Button
from .base import MenuScene
from ..canvas import CANVAS_SIZE, CENTRE_X
from ..core.grammar import isolated


_CURTAIN: dict[tuple[int, int], pygame.Surface] = {}
PELMET_H = 46
"""Pixels of the pelmet's solid band under the brass rod."""
VALANCE_BOTTOM = PELMET_H + 46
"""The lowest pixel of the valance's art: its scallops, fringe and tassels."""


def velvet_curtain(size=CANVAS_SIZE) -> pygame.Surface:
    """Red velvet in soft folds under a brass rod and a fringed pelmet, with a
    pool of lamp light in the middle (drawn once per size)."""
    import math
    key = (max(1, int(size[0])), max(1, int(size[1])))
    surf = _CURTAIN.get(key)
    if surf is not None:
        return surf
    w, h = key
    # one row of folds: cosine shading, scaled down the whole height
    folds = pygame.Surface((w, 1))
    period = 92
    for x in range(w):
        light = 0.5 + 0.5 * math.cos(2 * math.pi * x / period)
        light = light ** 1.6
        folds.set_at((x, 0), (int(70 + 70 * light), int(12 + 16 * light), int(20 + 16 * light)))
    surf = pygame.transform.scale(folds, (w, h))
    # darker towards the floor and under the pelmet
    shade = pygame.Surface((2, 3), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120), (0, 0, 2, 1))
    shade.fill((0, 0, 0, 0), (0, 1, 2, 1))
    shade.fill((0, 0, 0, 150), (0, 2, 2, 1))
    surf.blit(pygame.transform.smoothscale(shade, (w, h)), (0, 0))
    # lamp light on the velvet
    glow = pygame.Surface((max(1, w // 4), max(1, h // 4)), pygame.SRCALPHA)
    for i in range(24):
        r = pygame.Rect(0, 0, (960 - i * 34) // 4, (600 - i * 21) // 4)
        r.center = (glow.get_width() // 2, int(h * 0.5) // 4)
        pygame.draw.ellipse(glow, (255, 150, 90, 4), r)
    surf.blit(pygame.transform.smoothscale(glow, (w, h)), (0, 0))
    # pelmet with a scalloped edge and gold trim, on a brass rod
    pelmet_h = PELMET_H
    pygame.draw.rect(surf, (96, 16, 26), (0, 0, w, pelmet_h))
    for x in range(0, w + 80, 80):
        pygame.draw.circle(surf, (96, 16, 26), (x + 40, pelmet_h), 28, draw_top_right=False,
                           draw_top_left=False, draw_bottom_left=True, draw_bottom_right=True)
        pygame.draw.arc(surf, th.BRASS, (x + 12, pelmet_h - 28, 56, 56), math.pi, 2 * math.pi, 3)
        pygame.draw.line(surf, th.BRASS_DARK, (x + 40, pelmet_h + 28), (x + 40, pelmet_h + 40), 2)
        pygame.draw.circle(surf, th.BRASS, (x + 40, VALANCE_BOTTOM - 4), 4)
    pygame.draw.rect(surf, th.BRASS_DARK, (0, 0, w, 12))
    pygame.draw.line(surf, th.BRASS_LIGHT, (0, 4), (w, 4), 2)
    # the hem on the floor
    pygame.draw.rect(surf, (40, 6, 10), (0, h - 10, w, 10))
    pygame.draw.line(surf, th.BRASS_DARK, (0, h - 10), (w, h - 10), 2)
    surf = surf.convert() if pygame.display.get_surface() is not None else surf
    _CURTAIN[key] = surf
    return surf


class CurtainScene(MenuScene):
    name = "curtain"
    overlay = False

    def __init__(self, app, seat_name: str, on_reveal=None, *, seat: int | None = None,
                 peek_hint: bool = True, table=None, for_peek: bool = False, hint: str = "",
                 on_escape=None):
        super().__init__(app)
        self.for_peek = for_peek
        self.gate = IntentGate(app.input)
        """Opens half a second after the curtain is first drawn (see the module docstring)."""
        self.seat_name = seat_name
        self.seat = seat
        """The seat index the screen passes to (None for a picture)."""
        self.table = table
        """The table behind the curtain (Esc pauses it), or None (the coach's screen)."""
        self.on_reveal = on_reveal
        self.peek_hint = peek_hint and not hint
        self.hint = hint
        """A line under the button in place of the peek hint (the phone codes' hand-out)."""
        self.on_escape = on_escape
        """What Esc does instead of pausing ``table`` (the hand-out ends), or None."""

    def enter(self) -> None:
        super().enter()
        self.app.sounds.play("curtain", 0.7)

    def resume(self) -> None:
        """Back on top after the pause over it: the button waits its time
        again, so a key mashed right after Resume does not hand the screen on
        (the storm test found an Enter 0.1 s after Resume passing it)."""
        super().resume()
        self.gate.again()

    def build(self) -> None:
        label = self.button_label()
        self.button = self.ui.add(Button(self.button_rect(label), label, self.reveal,
                                         primary=True, enabled=self.gate.is_open))

    BUTTON_SIZE = 22
    BUTTON_ROOM = (300, 640)
    """The button's narrowest and widest: it grows with the name (a sixteen-letter
    wide name ran 50 px out of both sides of a 300 px button)."""

    def button_label(self) -> str:
        font = self.theme.font(self.BUTTON_SIZE, True)
        return "I am " + isolated(th.fit_text(font, self.seat_name, self.BUTTON_ROOM[1] - 48 - font.size("I am ")[0]))

    def button_rect(self, label: str) -> pygame.Rect:
        width = self.theme.font(self.BUTTON_SIZE, True).size(label)[0] + 48
        rect = pygame.Rect(0, 470, max(self.BUTTON_ROOM[0], min(self.BUTTON_ROOM[1], width)), 64)
        rect.centerx = CENTRE_X
        return rect

    def reveal(self) -> None:
        if self.on_reveal:
            self.on_reveal()
        self.app.pop()

    def back(self) -> None:
        pass  # Esc must not lift the curtain for the wrong person

    def update(self, dt: float) -> None:
        self.button.enabled = self.gate.is_open   # greyed until a press may pass

    def is_idle(self) -> bool:
        return self.gate.is_open   # the button lights up when the wait is over

    def escape(self) -> None:
        """Esc, or the Menu button: the hand-out's own end, else the table's
        pause menu over the curtain (the table stays hidden)."""
        if self.on_escape is not None:
            self.on_escape()
        elif self.table is not None:
            self.app.nav.pause(self.table)

    MENU = MenuButton(pygame.Rect(LogPanel.BUTTON.x, VALANCE_BOTTOM + 14, WIDTH, LogPanel.BUTTON.h))
    """The Menu button in the curtain's top left corner, under the valance
    (at the table's place it sat alone on the pelmet's rod), at the Log
    button's margin, where the table's own Menu button is near."""

    def menu_button(self) -> MenuButton | None:
        """The curtain's Menu button (None on the coach's screen: nothing to pause)."""
        if self.table is None and self.on_escape is None:
            return None
        return self.MENU

    def handle_event(self, event) -> None:
        menu = self.menu_button()
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE) or (menu is not None and menu.pressed(event)):
            self.escape()
            return
        confirm = ((event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER))
                   or (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                       and self.button.rect.collidepoint(event.pos)))
        if confirm and self.gate.accepts(event):
            self.reveal()
        elif event.type == pygame.MOUSEMOTION:
            self.ui.handle_event(event)   # the button lights under the mouse

    def draw_backdrop(self, canvas):
        canvas.blit(velvet_curtain(canvas.get_size()), (0, 0))

    def draw_heading(self, canvas, y=0):
        self.gate.shown()
        cover = getattr(self.table, "cover_word", "cup")   # Roll Call's domes
        (pictures.dome if cover == "dome" else pictures.cup)(canvas, (CENTRE_X, 200), 110, 110)
        name = isolated(self.seat_name)
        heading = f"Only {name} looks" if self.for_peek else f"Pass to {name}"
        th.draw_text(canvas, self.theme, heading, (CENTRE_X, 300), 64, th.BRASS_LIGHT,
                     style="display", anchor="midtop", shadow=3)
        th.draw_text(canvas, self.theme, f"Everyone else, look away. {isolated(self.seat_name[:16])}: press Enter or click "
                     "below when ready.", (CENTRE_X, 390), 22, th.CREAM, anchor="midtop", shadow=2)
        if self.hint:
            th.draw_text(canvas, self.theme, self.hint, (CENTRE_X, 560), 18, th.CREAM_DIM, anchor="midtop", shadow=2)
        elif self.peek_hint:
            th.draw_text(canvas, self.theme, f"Your dice stay under the {cover}: hold Tab or Space (or the Peek "
                         "button) to look, let go to cover them.", (CENTRE_X, 560), 18, th.CREAM_DIM,
                         anchor="midtop", shadow=2)

    def draw_content(self, canvas) -> None:
        menu = self.menu_button()
        if menu is not None:   # a mouse-only player pauses here as at the table
            mouse = self.app.mouse_pointer()
            menu.draw(canvas, self.theme, mouse)
