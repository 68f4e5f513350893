"""The Menu button: the pause menu for a player who uses only the mouse.

Esc opened the pause menu (Resume, Rules, Settings, Phone codes, Save and
quit) and nothing on screen did, so a mouse-only player could neither pause
nor leave a game.  The button sits beside the Log button, in its look, with
"Esc" as its key hint: that corner is kept clear by every table at every
seat count (the Log button's place: top left, or top centre where a game
gives both top corners to its pieces), and the button joins the table's
``chrome_keep_clear`` so banners and cards keep off it too.  A click does
what Esc does there: the table's pause menu (``TableScene.escape``), the
curtain's (``CurtainScene.escape``: the pause over the curtain, the table
still hidden).  A double-click's second press never reaches the menu it
opened (``InputClock.second_press``), so mashing opens one menu.  On the
pass-the-screen curtain the same button sits in the curtain's own top
corner, under its valance (``CurtainScene.MENU``): alone at the table's
place it hung on the pelmet's brass rod."""
from __future__ import annotations

import pygame

from . import theme as th
from .drawn_controls import note as note_drawn

LABEL = "Menu"
KEY_HINT = "Esc"
WIDTH = 104
"""Pixels wide: "Menu" and "Esc" with the Log button's margins."""
GAP = 8
"""Pixels between the Log button and this one."""


class MenuButton:
    """Where the Menu button is, whether a press hits it, and its drawing."""

    def __init__(self, rect: pygame.Rect):
        self.rect = pygame.Rect(rect)

    @classmethod
    def beside(cls, log_button: pygame.Rect) -> "MenuButton":
        """The table's: right of its Log button, the same height."""
        return cls(pygame.Rect(log_button.right + GAP, log_button.y, WIDTH, log_button.h))

    def pressed(self, event) -> bool:
        """A left-button press on the button."""
        return (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                and self.rect.collidepoint(getattr(event, "pos", (-1, -1))))

    def draw(self, canvas: pygame.Surface, theme: th.Theme, mouse=(-1, -1)) -> None:
        note_drawn(LABEL, self.rect)
        th.corner_button(canvas, theme, self.rect, LABEL, KEY_HINT, self.rect.collidepoint(mouse))
