"""Roll the Bones on the felt: the pots, the piles of won dice and the
speech bubbles, as the painter of the table (the scene keeps the flow:
who antes, what flies where, when a banner shows).

Functions of plain data (dice ids, spots, words), each returning the rects
of the labels it wrote so the banner can keep clear of them.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Sequence

import pygame

from ...core.narration import listing, plural
from ...ui import theme as th
from .rules import Declare, die_kind, first_owner

HEAP_SHOWN = 15
"""Dice drawn in one heap at most (the label says how many there are)."""

Icon = Callable[[pygame.Surface, str, int, tuple[float, float], int], None]
"""Draws a die of ``kind`` for its first owner, centred at a point, ``size`` pixels."""


def pot_radius(index: int) -> int:
    """The centre pot is big; side pots are smaller."""
    return 82 if index == 0 else 58


def heap_top(count: int, centre_y: float, size: int = 20, columns: int = 5) -> float:
    """The top edge of a heap of ``count`` dice around ``centre_y`` as ``draw_heap`` lays it out."""
    rows = max(1, math.ceil(min(HEAP_SHOWN, count) / columns))
    return centre_y - (rows - 1) / 2 * (size + 3) - size / 2


def heap_spots(dice, n: int, centre, size: int = 20, columns: int = 5) -> dict[int, tuple[float, float]]:
    """Where ``draw_heap`` puts each die it shows (the last ``HEAP_SHOWN`` in
    its order: six-siders first, bones in front), by die id; a die flying to
    or from a heap starts or lands there."""
    ordered = sorted(dice, key=lambda d: (die_kind(d, n) == "bone", d))
    shown = ordered[-HEAP_SHOWN:]
    rows = max(1, math.ceil(len(shown) / columns))
    spots = {}
    for i, die in enumerate(shown):
        row, col = divmod(i, columns)
        in_row = min(columns, len(shown) - row * columns)
        spots[die] = (centre[0] + (col - (in_row - 1) / 2) * (size + 3),
                      centre[1] + (row - (rows - 1) / 2) * (size + 3))
    return spots


def draw_heap(canvas: pygame.Surface, icon: Icon, dice, n: int, centre, size: int = 20, columns: int = 5) -> None:
    """Dice in tidy rows, bones in front, six-siders behind (``n`` players: a die's kind and owner)."""
    for die, spot in heap_spots(dice, n, centre, size, columns).items():
        icon(canvas, die_kind(die, n), first_owner(die, n), spot, size)


def pile_label(sixes: int, bones: int) -> str:
    """What a seat's pile holds, in words; a seat still playing with every
    die in the centre or in the roll is "all in play" (issue 39: "0
    six-siders" under a seat rolling its last die read as a seat out); a pile
    of bones alone says only its bones ("0 six-siders · 2 bones" was seen
    in a real window)."""
    if not sixes and not bones:
        return "all in play"
    parts = [f"{sixes} six-sider{'s' if sixes != 1 else ''}"] if sixes else []
    parts += [f"{bones} bone{'s' if bones != 1 else ''}"] if bones else []
    return " · ".join(parts)


PILE_DIE = 20
"""Pixels of a die in a seat's pile."""
POT_DIE = 18
"""Pixels of a die in a pot."""


def pile_heap_spots(dice, n: int, spot) -> dict[int, tuple[float, float]]:
    """Where each die of a seat's pile at ``spot`` is drawn (``heap_spots``)."""
    return heap_spots(dice, n, (spot[0], spot[1] - 6), PILE_DIE)


def pot_heap_spots(index: int, dice, n: int, spot) -> dict[int, tuple[float, float]]:
    """Where each die of pot ``index`` at ``spot`` is drawn (``heap_spots``)."""
    return heap_spots(dice, n, (spot[0], spot[1] - 6), POT_DIE, 6 if index == 0 else 4)


POT_NOTE_WIDTH = 190
"""Pixels a pot's "for ..." note may take (at 13 px): about what three names
cut at eight letters took ("for Bartholo, Evangeli, Maximili"), so the
pots' places (``pot_areas``) grow no wider than they were."""


def names_note(lead: str, names: Sequence[str], width_of: Callable[[str], int],
               room: int = POT_NOTE_WIDTH) -> str:
    """Who a pot is for, in ``room`` pixels and never cut mid-word: "for
    Bartholomew Quil, Evangeline Rook and You" where it fits; else the
    longest names first become their first word ("for Bartholomew,
    Evangeline and You"); else as many names as fit, then how many others
    ("for Bartholomew and 2 others").  ``lead``: "for", "for all but"."""
    shown = list(names)
    line = f"{lead} {listing(shown)}"
    for i in sorted(range(len(shown)), key=lambda k: -width_of(shown[k])):
        if width_of(line) <= room:
            return line
        shown[i] = shown[i].split()[0] if shown[i].split() else shown[i]
        line = f"{lead} {listing(shown)}"
    for kept in range(len(shown) - 1, 0, -1):
        if width_of(line) <= room:
            return line
        line = f"{lead} {', '.join(shown[:kept])} and {plural(len(shown) - kept, 'other')}"
    return line


PotLabel = tuple[str, int, tuple[int, int, int], bool, str, tuple[float, float], int]
"""One of a pot's labels: (words, size, colour, bold, anchor, where, shadow)."""


def pot_labels(theme: th.Theme, index: int, spot, count: int, bones: int, note: str | None) -> list[PotLabel]:
    """Pot ``index``'s labels at ``spot``: its name over the tray, how many
    dice lie in it (``count``, ``bones`` of them bones) and ``note`` (who may
    win it) under it.  ``draw_pot`` draws them; ``pot_label_boxes`` says
    where they will be before the pot is drawn."""
    radius = pot_radius(index)
    labels: list[PotLabel] = [("Centre pot" if index == 0 else "Side pot", 16, th.BRASS_LIGHT, True, "midbottom",
                               (spot[0], spot[1] - radius - 4), 2)]
    y = spot[1] + radius + 2
    for line in pot_lines(theme, index, count_words(count, bones), COUNT_SIZE):
        labels.append((line, COUNT_SIZE, th.CREAM, False, "midtop", (spot[0], y), 2))
        y += COUNT_LINE
    for k, line in enumerate(note_lines(theme, index, note)):
        labels.append((line, 13, th.CREAM_DIM, False, "midtop", (spot[0], y + 2 + NOTE_LINE * k), 1))
    return labels


def pot_label_boxes(theme: th.Theme, index: int, spot, count: int, bones: int, note: str | None) -> list[pygame.Rect]:
    """Where pot ``index``'s labels (``pot_labels``) are drawn: a die flying
    into a pot that opens as it lands keeps clear of words not drawn yet."""
    return [theme.text(words, size, colour, bold=bold).get_rect(**{anchor: (int(at[0]), int(at[1]))})
            for words, size, colour, bold, anchor, at, _shadow in pot_labels(theme, index, spot, count, bones, note)]


def draw_pot(canvas: pygame.Surface, theme: th.Theme, icon: Icon, index: int, pot, n: int, spot, bones: int,
             note: str | None, arriving=frozenset(), count: int | None = None) -> list[pygame.Rect]:
    """Pot ``index`` (0 the centre) at ``spot``: its round tray, its dice
    (but those still ``arriving``: they fly in) and its labels (``pot_labels``;
    ``count``: default all of ``pot``, the dice lying in the tray as drawn)."""
    radius = pot_radius(index)
    tray = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    pygame.draw.circle(tray, (10, 40, 26, 120), (radius, radius), radius)
    pygame.draw.circle(tray, (*th.BRASS_DARK, 200), (radius, radius), radius, 3)
    canvas.blit(tray, (spot[0] - radius, spot[1] - radius))
    for die, at in pot_heap_spots(index, pot, n, spot).items():
        if die not in arriving:   # its place is kept: it lands there
            icon(canvas, die_kind(die, n), first_owner(die, n), at, POT_DIE)
    return [th.draw_text(canvas, theme, words, at, size, colour, bold=bold, anchor=anchor, shadow=shadow)
            for words, size, colour, bold, anchor, at, shadow
            in pot_labels(theme, index, spot, len(pot) if count is None else count, bones, note)]


COUNT_SIZE, COUNT_LINE = 15, 17
"""Font size of a pot's count, and pixels from one of its lines to the next."""


def count_words(count: int, bones: int) -> str:
    """How many dice lie in a pot, the bones said to be among them (issue
    39: "13 dice, 2 bones" read as thirteen dice and two bones more)."""
    dice = plural(count, "die", "dice")
    if not bones:
        return dice
    if bones == count:
        return f"{dice}, {'a bone' if count == 1 else 'both bones' if count == 2 else 'all bones'}"
    return f"{dice}, {'1 of them a bone' if bones == 1 else f'{bones} of them bones'}"


def count_lines(theme: th.Theme, index: int, count: int, bones: int) -> list[str]:
    """Pot ``index``'s count as drawn, in lines (``pot_lines``)."""
    return pot_lines(theme, index, count_words(count, bones), COUNT_SIZE)


NOTE_LINE = 15
"""Pixels from one line of a pot's note to the next."""
SIDE_POT_STEP = 170
"""Pixels from the centre pot's middle to the first side pot's (``TableScene.pot_spots``)."""
NOTE_GAP = 16
"""Pixels at least between the centre pot's note and a side pot's beside it."""


def note_width(index: int) -> int:
    """How wide pot ``index``'s count and note may run: the centre's as wide as its
    tray, a side pot's as wide as leaves ``NOTE_GAP`` to the centre's (issue
    39: at six seats "for all but Wilhelmina and 1 other" under each pot ran
    within 2 px of the other's and read as one line)."""
    centre = pot_radius(0)
    return 2 * centre if index == 0 else 2 * (SIDE_POT_STEP - centre - NOTE_GAP)


def note_lines(theme: th.Theme, index: int, note: str | None) -> list[str]:
    """Pot ``index``'s note in lines (``pot_lines``)."""
    return pot_lines(theme, index, note, 13) if note else []


def pot_lines(theme: th.Theme, index: int, text: str, size: int) -> list[str]:
    """``text`` under pot ``index`` wrapped to its width (``note_width``),
    whole words a line, its lines as even as they can be ("for all but
    Wilhelmina / and 1 other", not "for all but Wilhelmina and 1 / other")."""
    return list(_even_lines(theme.font(size), text, note_width(index)))


@lru_cache(maxsize=256)
def _even_lines(font: pygame.font.Font, text: str, width: int) -> tuple[str, ...]:
    """``pot_lines``'s wrapping, kept: every frame draws each pot's count and
    note, and a throw's landing zones and flights measure them again (each
    a dozen trial wraps of ``font.size`` calls; Roll the Bones 6 seats spent
    about 1 ms a throw frame there on the same few words)."""
    lines = th.wrap_text(font, text, width)
    while width > 40 and len(th.wrap_text(font, text, width - 4)) == len(lines):
        width -= 4
        lines = th.wrap_text(font, text, width)
    return tuple(lines)


def bubble_rect(theme: th.Theme, said: bool | None, waiting: bool, midbottom,
                avoid=()) -> tuple[pygame.Rect, str]:
    """Where a seat's bubble goes and which way its tail points: over the
    pile (tail down), or, when that would cover a nameplate in ``avoid``
    (the top seat's plate sits just over its pile, its dice count under the
    name), beside that plate, tail pointing at it ("left" or "right")."""
    text = _bubble_text(said, waiting)[0]
    bubble = theme.text(text, 18, th.INK, bold=bool(said)).get_rect().inflate(18, 10)
    bubble.midbottom = midbottom
    hit = next((pygame.Rect(r) for r in avoid if bubble.inflate(0, 14).colliderect(r)), None)
    if hit is None:
        return bubble, "down"
    bubble.midleft = (hit.right + 12, hit.centery)
    if bubble.right > 1270:   # no room to the right: to the plate's left
        bubble.midright = (hit.x - 12, hit.centery)
        return bubble, "right"
    return bubble, "left"


def _bubble_text(said: bool | None, waiting: bool) -> tuple[str, tuple]:
    if waiting:
        return "…", th.CREAM_DIM
    return Declare(bool(said)).label(), th.BRASS_LIGHT if said else th.CREAM   # the words the log tells too


def draw_bubble(canvas: pygame.Surface, theme: th.Theme, said: bool | None, waiting: bool, midbottom,
                avoid=()) -> pygame.Rect:
    """A seat's speech bubble: "bone!", "no bone", or "…" while it still
    chooses; kept off the nameplates in ``avoid`` (``bubble_rect``)."""
    text, colour = _bubble_text(said, waiting)
    surf = theme.text(text, 18, th.INK, bold=bool(said))
    bubble, tail = bubble_rect(theme, said, waiting, midbottom, avoid)
    fill = th.PARCHMENT if said else th.PARCHMENT_DARK
    pygame.draw.rect(canvas, fill, bubble, border_radius=10)
    pygame.draw.rect(canvas, colour if said else th.BRASS_DARK, bubble, 2, border_radius=10)
    if tail == "down":
        points = [(bubble.centerx - 6, bubble.bottom - 1), (bubble.centerx + 6, bubble.bottom - 1),
                  (bubble.centerx, bubble.bottom + 7)]
    elif tail == "left":
        points = [(bubble.x + 1, bubble.centery - 6), (bubble.x + 1, bubble.centery + 6),
                  (bubble.x - 7, bubble.centery)]
    else:
        points = [(bubble.right - 1, bubble.centery - 6), (bubble.right - 1, bubble.centery + 6),
                  (bubble.right + 7, bubble.centery)]
    pygame.draw.polygon(canvas, fill, points)
    canvas.blit(surf, surf.get_rect(center=bubble.center))
    return bubble
