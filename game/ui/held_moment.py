"""A moment worth reading (a reveal, a pot split) held on screen until the
player continues, with its "continue" prompt placed clear of the banners.

``HeldMoment`` is a component the table owns (``table.held``): it keeps the
moment held, the one to hold once an animation ends, the commentary waiting
behind it, the last moment continued and where its prompt was drawn; it asks
the table only what ``HoldTable`` lists.  While a moment is held (or about to
be) nothing moves on: no AI moves, no human is asked to act.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from . import theme as th
from .drawn_controls import note as note_drawn
from ..canvas import CANVAS_H

if TYPE_CHECKING:
    from ..core.match import Match
    from ..core.playback import ReplayFeed
    from .banner import Banners
    from .game_end import GameEnd
    from .services import AppServices
    from .tutorial import TutorialCoach

CONTINUE_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
"""Keys that continue a held moment (as a left click does)."""


class HoldTable(Protocol):
    """What a held moment asks of its table."""

    app: AppServices
    match: Match
    humans: list[int]
    tutorial: TutorialCoach | None
    game_end: GameEnd
    banners: Banners
    banner_rects: list[pygame.Rect]
    continue_spot: tuple[int, int]
    continue_under_banner: bool
    time: float

    @property
    def replay(self) -> ReplayFeed | None: ...
    @property
    def theme(self) -> th.Theme: ...
    def announce(self, text: str, colour=None) -> None: ...
    def on_hold_released(self) -> None: ...


class HeldMoment:
    """The held moment of one table (its component ``held``)."""

    CONTINUE_TEXT = "Click or press Enter to continue"
    CONTINUE_GAP = 8
    """Pixels between a banner and the "continue" prompt placed under (or over) it."""

    def __init__(self, table: HoldTable):
        self.table = table
        self.moment: object | None = None
        """The moment (a key) held on screen until the player continues, or None."""
        self.pending: object | None = None
        """A moment to hold once the table's animation ends (``after_animation``)."""
        self.said_after: list[str] = []
        """Commentary of the rules' own moves made behind a held moment (Roll the
        Bones' forced antes after a held pot split): said when the player continues."""
        self.prompt_drawn: pygame.Rect | None = None
        """Where the "continue" prompt was last drawn (tests check overlaps with it)."""
        self.continued: object | None = None
        """The moment the player last continued (each moment is held once)."""
        self.continued_at: int | None = None
        """Moves in the match when the player last continued a held moment."""

    def may_hold(self, moment) -> bool:
        """Would ``moment`` be held?  Only with the "pause after reveals"
        setting on (or in a lesson) and a human at the table, never in a
        replay or while every human watches on fast, and each moment once."""
        table = self.table
        if not (table.app.settings.pause_after_reveal or table.tutorial is not None):
            return False
        return (table.replay is None and bool(table.humans) and moment != self.continued
                and not table.game_end.watching_fast)

    def until_continue(self, moment) -> bool:
        """At a moment worth reading (a reveal, a pot split): with the
        "pause after reveals" setting on and a human at the table, keep it on
        screen until the player clicks or presses Enter/Space.  ``moment`` is
        any key naming it (held once).  True while it is held.  The game's
        last moment too: continuing it goes straight on to the results."""
        if not self.may_hold(moment):
            return False
        self.moment = moment
        return True

    def after_animation(self, moment) -> bool:
        """``until_continue`` from now on, for a moment whose animation is
        still to play (Roll the Bones' dice flying to the winner): the held
        prompt shows once the table is no longer busy (``animation_over``),
        and meanwhile nothing moves on either: no AI moves, no human is asked
        to act and ``submit`` refuses (an ante clicked under the winner's
        banner had skipped the hold).  True if it will be held."""
        if not self.may_hold(moment):
            return False
        self.pending = moment
        return True

    def animation_over(self) -> None:
        """The table's animation ended: a pending moment is held now (its prompt shows)."""
        if self.pending is not None:
            self.moment, self.pending = self.pending, None

    def active(self) -> bool:
        """A moment is held, or will be once its animation ends: nothing moves on."""
        return self.moment is not None or self.pending is not None

    def say_after(self, line: str) -> None:
        """Say ``line`` in the commentary now, or once the player continues
        while a moment is held (it speaks of what happened behind it)."""
        if self.active():
            self.said_after.append(line)
        else:
            self.table.announce(line)

    def release(self) -> None:
        """The player continued (or a lesson's Next did): the moment goes, its
        kept banners fade out, the commentary held behind it is said, and the
        table adds its own (``on_hold_released``)."""
        table = self.table
        self.continued = self.moment if self.moment is not None else self.pending
        self.moment = self.pending = None
        self.continued_at = len(table.match.history)
        table.banners.release(table.time)
        table.on_hold_released()   # first: it may keep lines that speak of moves it holds back
        for line in self.said_after:
            table.announce(line)
        self.said_after = []

    def handle_event(self, event) -> bool:
        """A held moment keeps the keyboard (Esc still pauses); a left click
        or Enter/Space continues it."""
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1) or (
                event.type == pygame.KEYDOWN and event.key in CONTINUE_KEYS):
            self.release()
            return True
        return event.type == pygame.KEYDOWN and event.key not in (pygame.K_ESCAPE,)

    def _label(self, under_banner: bool) -> pygame.Surface:
        """The prompt's words: smaller under a banner (its line, not a second headline)."""
        return self.table.theme.text(self.CONTINUE_TEXT, 20 if under_banner else 24, th.CREAM, bold=True)

    def prompt_size(self, under_banner: bool = True) -> tuple[int, int]:
        """The "continue" prompt's size (a table leaves room for it under its banner)."""
        return self._label(under_banner).get_rect().inflate(32 if under_banner else 36, 14 if under_banner else 18).size

    def prompt_rect(self) -> tuple[pygame.Rect, bool]:
        """Where the "continue" prompt of a held moment goes, and whether it
        sits under a banner: centred on the table's ``continue_spot``, unless
        a banner drawn this frame (``banner_rects``) would overlap it, or
        always with ``continue_under_banner`` while a banner shows; then
        centred right under that banner, smaller, the two read as one plate
        and its prompt (over it where there is no room below)."""
        table = self.table
        box = pygame.Rect((0, 0), self.prompt_size(False))
        box.center = table.continue_spot
        clear = box.inflate(2 * self.CONTINUE_GAP, 2 * self.CONTINUE_GAP)
        hit = [r for r in table.banner_rects if r.colliderect(clear) or table.continue_under_banner]
        if not hit:
            return box, False
        banner = pygame.Rect(hit[0]).unionall(hit[1:]) if len(hit) > 1 else pygame.Rect(hit[0])
        box = pygame.Rect((0, 0), self.prompt_size(True))
        box.midtop = (banner.centerx, banner.bottom + self.CONTINUE_GAP)
        if box.bottom > CANVAS_H - 8:
            box.midbottom = (banner.centerx, banner.top - self.CONTINUE_GAP)
        return box, True

    def draw(self, canvas: pygame.Surface) -> bool:
        """The "continue" prompt of a held moment; True if one is held."""
        if self.moment is None:
            return False
        box, under = self.prompt_rect()
        self.prompt_drawn = box
        th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS_LIGHT, radius=12 if under else 14,
                 width=2 if under else 3)
        th.blit_text(canvas, self._label(under), box.center, "center")
        note_drawn("Continue", box, kind="continue")   # a click anywhere continues; the prompt is where one looks
        return True
