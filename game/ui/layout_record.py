"""What a frame drew where: the boxes of its words, panels, dice, banners and
cards, for the layout check (``tests/test_layout_check.py``).

Off by default: the drawing helpers (``theme.blit_text``, ``theme.panel``,
``theme.dim``, the dice renderer, the banner plates, the cards, the drawn
controls) call ``note``, which returns at once unless a test opened
``recording(canvas)``.  Only what
is drawn straight onto that canvas is kept (words drawn on a plate that is
then blitted belong to the plate).  ``problems`` says what a player would
see wrong: words cut by the window's edge, words crossing a panel's border
(half in, half out) or lying under or over a die, a banner, a card or other
words, unless a panel drawn between them covers the lower one (an open log
over the table); a coach's arrow across words, dice, cards or a control it
does not point at; a coach's ring across a die or card (half in, half out); a banner while the bid picker waits.  ``dim`` (a veil
over the screen) starts a new layer: what lies under an overlay is not
checked against it.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

import pygame

PIECES = ("die", "banner", "card")
"""Kinds of box that words must neither cover nor lie under."""


@dataclass
class Box:
    """One thing drawn: its kind, where, its words (text only), its drawing order and layer."""
    kind: str
    rect: pygame.Rect
    text: str = ""
    order: int = 0
    layer: int = 0
    line: tuple[tuple[int, int], tuple[int, int]] | None = None
    """An arrow's ends (kind "arrow")."""
    head: pygame.Rect | None = None
    """The box of an arrow's head (wider than its body)."""


@dataclass
class LayoutRecord:
    """The boxes drawn on ``canvas`` while recording, in drawing order."""
    canvas: pygame.Surface
    boxes: list[Box] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=dict)
    """The words of the labels rendered while recording (by the picture's id)."""
    layer: int = 0
    outer: "LayoutRecord | None" = None
    """The recording this one was opened inside (it sees the same boxes)."""

    def add(self, kind: str, rect, text: str = "", line=None, head=None) -> None:
        if self.outer is not None:
            self.outer.add(kind, rect, text, line, head)
        if kind == "veil":
            self.layer += 1
            return
        self.boxes.append(Box(kind, pygame.Rect(rect), text, len(self.boxes), self.layer, line,
                              pygame.Rect(head) if head is not None else None))

    def clear(self) -> None:
        """Forget the frame drawn so far (the next frame starts)."""
        self.boxes, self.layer = [], 0

    def of(self, kind: str) -> list[Box]:
        return [b for b in self.boxes if b.kind == kind]


ACTIVE: LayoutRecord | None = None


def note(surface: pygame.Surface, kind: str, rect, text: str = "") -> None:
    """Record a box drawn on ``surface`` (nothing unless recording that surface)."""
    record = ACTIVE
    if record is not None and surface is record.canvas:
        record.add(kind, rect, text)


def name_label(surf: pygame.Surface, text: str) -> None:
    """Remember the words a rendered label shows (so a problem can quote them)."""
    record = ACTIVE
    if record is not None:
        record.names[id(surf)] = text


def same_words(copy: pygame.Surface, label: pygame.Surface) -> None:
    """``copy`` (a faded label) shows the words of ``label``."""
    record = ACTIVE
    if record is not None and id(label) in record.names:
        record.names[id(copy)] = record.names[id(label)]


def note_arrow(surface: pygame.Surface, start, end, head=None) -> None:
    """Record an arrow drawn from ``start`` to ``end`` (the coach's pointer);
    ``head``: the points of its head."""
    record = ACTIVE
    if record is not None and surface is record.canvas:
        (x0, y0), (x1, y1) = (int(start[0]), int(start[1])), (int(end[0]), int(end[1]))
        rect = pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0) + 1, abs(y1 - y0) + 1)
        record.add("arrow", rect, line=((x0, y0), (x1, y1)), head=points_box(head) if head else None)


def note_control(rect, label: str) -> None:
    """Record a clickable control (``drawn_controls.note`` calls it): no
    arrow may run across one it does not point at."""
    record = ACTIVE
    if record is not None:
        record.add("control", rect, label)


def points_box(points) -> pygame.Rect:
    """The box round ``points`` (an arrow's head)."""
    xs, ys = [int(p[0]) for p in points], [int(p[1]) for p in points]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def note_text(surface: pygame.Surface, label: pygame.Surface, rect) -> None:
    record = ACTIVE
    if record is not None and surface is record.canvas:
        record.add("text", rect, record.names.get(id(label), "?"))


@contextmanager
def recording(canvas: pygame.Surface) -> Iterator[LayoutRecord]:
    """Record what is drawn on ``canvas`` until the block ends."""
    global ACTIVE
    before = ACTIVE
    record = LayoutRecord(canvas, outer=before if before is not None and before.canvas is canvas else None)
    ACTIVE = record
    try:
        yield record
    finally:
        ACTIVE = before


SLACK = 3
"""Pixels of a label's box that may touch something (its empty line spacing)."""


def ink(rect: pygame.Rect) -> pygame.Rect:
    """A label's box less its empty margins (line spacing above and below)."""
    return rect.inflate(-2 * SLACK, -max(2 * SLACK, rect.h // 4))


ARROW_HALF = 6
"""Pixels either side of an arrow's line that its body covers (its head: ``Box.head``)."""
CONTROL_CLEARANCE = 8
"""Pixels an arrow keeps off a control it does not point at: one run down the
edge of Roll For It!'s "Roll for it!" button to Take Back under it read as
pointing at both."""


def control_room(rect: pygame.Rect) -> pygame.Rect:
    """A control with the room an arrow that does not point at it leaves it."""
    return rect.inflate(2 * CONTROL_CLEARANCE, 2 * CONTROL_CLEARANCE)


def arrow_covers(line, head: pygame.Rect | None, rect: pygame.Rect) -> bool:
    """Does an arrow (its body along ``line``, its head in ``head``) lie on ``rect``?"""
    return bool(rect.inflate(2 * ARROW_HALF, 2 * ARROW_HALF).clipline(*line)) or (
        head is not None and head.colliderect(rect))


def _crosses_frame(frame: pygame.Rect, words: pygame.Rect) -> bool:
    """Does the line of a ring around ``frame`` run through ``words`` (words
    half in, half out)?  Words wholly inside or outside are fine."""
    return words.colliderect(frame) and not frame.contains(words)


def piece(rect: pygame.Rect) -> pygame.Rect:
    """A die picture's box less its soft corners."""
    return rect.inflate(-rect.w // 6, -rect.h // 6)


def _covered_between(record: LayoutRecord, lower: Box, upper: Box, text: Box) -> bool:
    """A panel drawn after ``lower`` and by ``upper``'s time holds ``text`` whole:
    the panel hides what lies under it."""
    lo, hi = sorted((lower.order, upper.order))
    return any(lo < p.order <= hi and p.layer == text.layer and p.rect.contains(ink(text.rect))
               for p in record.boxes if p.kind == "panel")


def problems(record: LayoutRecord) -> list[str]:
    """What a player would see wrong in the recorded frame (module docstring)."""
    found: list[str] = []
    screen = record.canvas.get_rect()
    texts = [b for b in record.boxes if b.kind == "text" and b.text.strip()]
    for text in texts:
        words = ink(text.rect)
        if not screen.contains(words):
            found.append(f"cut by the window's edge: {text.text!r} at {tuple(text.rect)}")
        for other in record.boxes:
            if other is text or other.layer != text.layer or not words.colliderect(other.rect):
                continue
            if other.kind == "panel":
                if not other.rect.contains(words) and not words.contains(other.rect):
                    if not _covered_between(record, other, text, text):
                        found.append(f"crosses a panel's border: {text.text!r} at {tuple(text.rect)}, "
                                     f"panel {tuple(other.rect)}")
                elif other.order > text.order and other.rect.contains(words):
                    found.append(f"under a panel: {text.text!r} at {tuple(text.rect)}, panel {tuple(other.rect)}")
            elif other.kind == "ring":
                if _crosses_frame(other.rect, text.rect.inflate(-4, -4)):
                    found.append(f"a coach's ring across words: {text.text!r} at {tuple(text.rect)}")
            elif other.kind == "arrow" and other.line is not None:
                if words.inflate(2 * ARROW_HALF, 2 * ARROW_HALF).clipline(*other.line):
                    found.append(f"an arrow across words: {text.text!r} at {tuple(text.rect)}")
            elif other.kind in PIECES:
                if other.kind != "die" and other.rect.contains(words):
                    continue   # words on a banner or card are its own
                if words.colliderect(piece(other.rect)) and not _covered_between(record, other, text, text):
                    where = "over" if other.order < text.order else "under"
                    found.append(f"{where} a {other.kind}: {text.text!r} at {tuple(text.rect)}, "
                                 f"{other.kind} {tuple(other.rect)}")
            elif other.kind == "text" and other.order < text.order and other.text.strip():
                if words.colliderect(ink(other.rect)) and not _covered_between(record, other, text, text):
                    found.append(f"over other words: {text.text!r} at {tuple(text.rect)} "
                                 f"on {other.text!r} at {tuple(other.rect)}")
    for arrow in record.of("arrow"):
        rings = [r.rect for r in record.of("ring") if r.layer == arrow.layer]
        own = [p.rect for p in record.of("panel") if arrow.line is not None
               and p.rect.inflate(4, 4).collidepoint(arrow.line[0])]   # the card the arrow leaves
        for control in record.of("control"):
            if control.layer == arrow.layer and arrow.line is not None and not any(
                    ring.contains(control.rect) for ring in rings) \
                    and arrow_covers(arrow.line, arrow.head, control.rect if any(
                        card.contains(control.rect) for card in own) else control_room(control.rect)):
                found.append(f"an arrow across (or along) a control: {control.text!r} at {tuple(control.rect)}")
        for thing in record.boxes:
            if thing.kind in ("die", "card") and thing.layer == arrow.layer and arrow.line is not None \
                    and piece(thing.rect).clipline(*arrow.line):
                found.append(f"an arrow across a {thing.kind}: {thing.kind} {tuple(thing.rect)}")
    for ring in record.of("ring"):
        for thing in record.boxes:
            if thing.kind in ("die", "card") and thing.layer == ring.layer \
                    and _crosses_frame(ring.rect, piece(thing.rect)):
                found.append(f"a coach's ring across a {thing.kind}: {thing.kind} {tuple(thing.rect)}, "
                             f"ring {tuple(ring.rect)}")
    banners = record.of("banner")
    for picker in record.of("picker"):
        for banner in banners:
            if banner.layer == picker.layer:
                found.append(f"a banner while the bid picker waits (it stands in for the centre's words the "
                             f"bidder reads): banner {tuple(banner.rect)}")
    for die in record.of("die"):
        for banner in banners:
            if banner.layer == die.layer and piece(die.rect).colliderect(banner.rect):
                where = "over" if banner.order < die.order else "under"
                found.append(f"a die {where} a banner: die {tuple(die.rect)}, banner {tuple(banner.rect)}")
    return found
