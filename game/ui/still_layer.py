"""The still bottom of a table's picture, drawn once and kept.

Most of a table frame is the same as the last one: the felt and rail, the
nameplates, the cups, the dice at rest.  A table scene names what that
bottom layer shows as a key (``TableScene.still_key``) and draws it in
``draw_still``; ``StillLayer`` keeps the finished opaque picture and blits it
while the key stays equal, so a frame costs one blit plus what really moves.
The key must change whenever anything drawn there would look different
(counts, turn, which cups are up, who may see which hand): a key of None
draws afresh every frame.  Hidden dice drawn into the layer are recorded
again in the renderer's ``drawn`` list on every frame that shows it, so the
secrecy tests see exactly what a fresh drawing would have recorded.
"""
from __future__ import annotations

import pygame

from . import layout_record


class StillLayer:
    """One kept picture of the whole canvas with the key it was drawn for."""

    def __init__(self) -> None:
        self.key = None
        self.picture: pygame.Surface | None = None
        self.notes: list = []
        self.redraws = 0
        """Fresh drawings so far (tests: an unchanged key draws nothing); also
        which picture lies under this frame's drawing (``KeptPatch`` keys on it)."""
        self.base_key = None
        self.base: pygame.Surface | None = None
        self.base_notes: list = []

    def draw(self, canvas: pygame.Surface, key, paint, renderer=None, layers=None) -> None:
        """Blit the kept picture if ``key`` matches, else ``paint(canvas)`` and keep it.
        ``layers``: called only to paint, gives (bottom's key, paint the
        bottom, paint the top) or None (paint in one go), ``paint``
        in two: the bottom (at a bidding table the felt and 20 nameplates,
        which change only when a round ends) is kept apart, and a new ``key``
        over an unchanged bottom paints only the top over a copy of it (a
        throw landing, a call: about 1 ms less at 20 seats).  Painting the
        bottom then the top is the whole painting: the same pixels."""
        picture = self.picture
        if layout_record.ACTIVE is not None:
            key = None   # the layout check sees every box drawn, so nothing comes from the kept picture
        if key is not None and key == self.key and picture is not None and picture.get_size() == canvas.get_size():
            canvas.blit(picture, (0, 0))
            if renderer is not None and self.notes:
                renderer.drawn.extend(self.notes)
            return
        start = len(renderer.drawn) if renderer is not None else 0
        parts = layers() if key is not None and layers is not None else None
        if parts is not None:
            self._paint_layers(canvas, parts, renderer, start)
        else:
            paint(canvas)
        self.redraws += 1
        if key is None:
            self.key, self.notes = None, []
            return
        self.keep(canvas, key, list(renderer.drawn[start:]) if renderer is not None else [])

    def _paint_layers(self, canvas: pygame.Surface, layers, renderer, start: int) -> None:
        """The bottom from its kept copy when its key is unchanged (else painted
        and kept), then the top painted over it."""
        base_key, paint_base, paint_top = layers
        base = self.base
        if base_key is not None and base_key == self.base_key and base is not None \
                and base.get_size() == canvas.get_size():
            canvas.blit(base, (0, 0))
            if renderer is not None:
                renderer.drawn.extend(self.base_notes)
        else:
            paint_base(canvas)
            if base is None or base.get_size() != canvas.get_size():
                base = self.base = pygame.Surface(canvas.get_size())
            base.blit(canvas, (0, 0))
            self.base_key = base_key
            self.base_notes = list(renderer.drawn[start:]) if renderer is not None else []
        paint_top(canvas)

    def keep(self, canvas: pygame.Surface, key, notes: list | None = None) -> None:
        """Keep ``canvas`` as the picture for ``key`` (painted by the caller:
        a screen built ahead paints its still off the frame that shows it)."""
        picture = self.picture
        if picture is None or picture.get_size() != canvas.get_size():
            picture = self.picture = pygame.Surface(canvas.get_size())
        picture.blit(canvas, (0, 0))
        self.key = key
        self.notes = notes or []

    def adopt(self, picture: pygame.Surface, key, notes: list | None = None) -> None:
        """Keep ``picture`` itself (a caller's own surface it draws on no more)
        as the picture for ``key``: no second whole canvas.  A fresh one is
        3.7 MB of memory first touched in the frame that copies into it, about
        900 page faults: 1-2 ms of kernel time, up to 19 ms on a busy machine."""
        self.picture = picture
        self.key = key
        self.notes = notes or []

    def prepare(self, size: tuple[int, int]) -> None:
        """Make the kept picture's surface now (a table's opening: a whole
        canvas's worth of memory, some milliseconds), not in the first drawing."""
        if self.picture is None or self.picture.get_size() != tuple(size):
            self.picture = pygame.Surface(size)

    def forget(self) -> None:
        self.key = None
        self.base_key = None


class KeptPatch:
    """A piece drawn straight over the still layer that changes only at
    moments (the bid history's panel: its words, icons and translucent panel
    took about 0.5 ms of every frame).  Its finished pixels, the still
    picture under it included, are kept with its ``key`` and blitted back
    while the key and the still picture (``StillLayer.redraws``) stay the
    same: exactly the pixels a fresh drawing makes.  The caller draws it
    before anything else that frame covers its rectangle (else a key of None
    draws afresh), and what it draws records no hidden die."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.picture: pygame.Surface | None = None
        self.paints = 0
        """Fresh drawings so far (tests: an unchanged piece is not drawn again)."""

    def draw(self, canvas: pygame.Surface, rect: pygame.Rect, key, still: StillLayer, paint) -> None:
        """Blit the kept pixels of ``rect`` if ``key`` and the still picture are
        unchanged, else ``paint(canvas)`` and keep ``rect``'s pixels."""
        rect = pygame.Rect(rect).clip(canvas.get_rect())
        if layout_record.ACTIVE is not None or key is None:
            self.key = None   # the layout check sees every box drawn
            paint(canvas)
            self.paints += 1
            return
        full = (key, still.redraws, tuple(rect), canvas.get_size())
        if full == self.key and self.picture is not None:
            canvas.blit(self.picture, rect)
            return
        paint(canvas)
        self.paints += 1
        if self.picture is None or self.picture.get_size() != rect.size:
            self.picture = pygame.Surface(rect.size)
        self.picture.blit(canvas, (0, 0), rect)
        self.key = full

    def forget(self) -> None:
        self.key = None


class StillHighlight:
    """A piece of the still picture that changes far more often than the
    rest of it (the nameplate whose turn it is: every AI move at a 20-seat
    table repainted the whole still, 2-5 ms).  The still is painted without
    it and this paints the piece's rectangle again over it, clipped to that
    rectangle, by the same painter with the piece shown: the pixels are
    exactly those of a whole still painted with it.  Kept (``KeptPatch``)
    while the piece's key and the still picture stay the same; what the
    clipped painting records of hidden dice is dropped (the still has
    recorded them).  Draw it straight after the still layer."""

    def __init__(self) -> None:
        self.patch = KeptPatch()

    @property
    def paints(self) -> int:
        """Fresh paintings of the piece so far (tests)."""
        return self.patch.paints

    def draw(self, canvas: pygame.Surface, rect: pygame.Rect | None, key, still: StillLayer, paint,
             renderer=None) -> None:
        """``paint(canvas)``: the whole still with the piece shown (only
        ``rect`` of it is painted); ``rect`` None: no piece shows."""
        if rect is None:
            self.patch.forget()
            return

        def clipped(target: pygame.Surface) -> None:
            start = len(renderer.drawn) if renderer is not None else 0
            before = target.get_clip()
            target.set_clip(pygame.Rect(rect).clip(before))
            try:
                paint(target)
            finally:
                target.set_clip(before)
            if renderer is not None:
                del renderer.drawn[start:]
        self.patch.draw(canvas, rect, key, still, clipped)

    @property
    def shown(self):
        """What lies over the still now (a key for pieces kept above it)."""
        return self.patch.key
