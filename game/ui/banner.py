"""Banners: the big words a table shows at a moment ("Tiebreak!", "+10 takes
the card!", "DICED OUT!", "LIAR!").

One component for every table: a ``Banner`` knows its words, when it was
shown and how long it stays (``Pace.reading``: fast play shortens it, never
past reading), and fades out over the last quarter of its time.
``Banners`` keeps the ones on screen, drops the finished ones, says
whether one still holds the game, and makes them give way (fade out at once)
when something the players must read starts under them (a reveal).  ``draw_plate`` is the shared look (a
dark wooden plate with a coloured rim); a table with a look of its own
(Diced Out's stamp, the bidding tables' band) draws ``banner.fade(now)``
its way and keeps the timing from here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

import pygame

from . import layout_record
from . import theme as th
from ..canvas import CANVAS_W, CENTRE_X

FADE_FROM = 0.75
"""Share of its time a banner stays fully opaque before it fades."""

GIVE_WAY_SECONDS = 0.2
"""How fast a banner told to make room fades out (``Banners.give_way``)."""


@dataclass
class Banner:
    """One banner's words, look and timing (module docstring): data, so every table
    times and fades its banners the same way whatever it draws."""
    title: str
    sub: str = ""
    colour: tuple = th.BRASS_LIGHT
    t0: float = 0.0
    seconds: float = 1.6
    """Its time on screen, the pace already applied."""
    blocking: bool = False
    """The table waits until it is gone (nothing is played under it)."""
    big: bool = False
    """A table's loudest moment (drawn its own way, e.g. Diced Out's stamp)."""
    moment: int = 0
    """Moves in the match when it was raised (news of a later move replaces it)."""
    held: bool = False
    """Kept whole on screen while its moment is held (``Banners.hold``)."""
    gives_way: tuple[float, float] | None = None
    """(when, seconds): told to make room (``give_way``), it fades out over these seconds."""

    def age(self, now: float) -> float:
        """How far through its time (0..1 while shown; 0 while held)."""
        return 0.0 if self.held else (now - self.t0) / max(self.seconds, 1e-3)

    def alive(self, now: float) -> bool:
        """Still on screen at ``now``."""
        if self.gives_way is not None and now - self.gives_way[0] >= self.gives_way[1]:
            return False   # making room wins even over a hold
        return self.held or now - self.t0 < self.seconds

    def fade(self, now: float, fade_from: float = FADE_FROM) -> float:
        """Opacity 1..0: whole until ``fade_from`` of its time, then fading
        (or fading from where it was since it was told to give way)."""
        t = self.age(now)
        opacity = 1.0 if t < fade_from else max(0.0, 1 - (t - fade_from) / (1 - fade_from))
        if self.gives_way is not None:
            since, seconds = self.gives_way
            opacity *= max(0.0, 1 - (now - since) / max(seconds, 1e-3))
        return opacity

    def give_way(self, now: float, seconds: float) -> None:
        """Make room for something the players must read (a reveal's count):
        fade out over ``seconds`` from ``now``, whatever time it had left."""
        if self.alive(now) and (self.gives_way is None or now + seconds < sum(self.gives_way)):
            self.gives_way = (now, seconds)


class Banners:
    """The banners a table shows: at most ``keep`` at once, newest last."""

    def __init__(self, keep: int = 1):
        self.keep = keep
        self.items: list[Banner] = []

    def show(self, banner: Banner) -> Banner:
        """Put ``banner`` up: news of a later moment replaces the earlier's, a
        big one replaces the smaller ones of its own moment, and the oldest
        beyond ``keep`` goes."""
        self.items = [b for b in self.items if b.moment == banner.moment and (b.big or not banner.big)]
        self.items.append(banner)
        del self.items[:-self.keep]
        return banner

    def prune(self, now: float) -> None:
        """Drop the banners whose time is over."""
        self.items = [b for b in self.items if b.alive(now)]

    def hold(self, moment: int) -> None:
        """Keep the banners of ``moment`` whole on screen until ``release``
        (a held moment's words stay up while the player reads them)."""
        for banner in self.items:
            if banner.moment == moment:
                banner.held = True

    def release(self, now: float) -> None:
        """The held banners fade out from ``now`` (the last quarter of their time)."""
        for banner in self.items:
            if banner.held:
                banner.held = False
                banner.t0 = now - banner.seconds * FADE_FROM

    def blocking(self, now: float) -> bool:
        """Does a banner still hold the game?"""
        return any(b.blocking and b.alive(now) for b in self.items)

    def showing(self, now: float) -> list[str]:
        """The titles on screen now (a table's ``screen_facts``)."""
        return [b.title for b in self.items if b.alive(now)]

    def give_way(self, now: float, seconds: float = GIVE_WAY_SECONDS) -> None:
        """Every banner on screen fades out within ``seconds``: what starts now
        must be read (a reveal's count under a round's "Palifico!" band)."""
        for banner in self.items:
            banner.give_way(now, seconds)

    def end(self, now: float, seconds: float = GIVE_WAY_SECONDS) -> None:
        """What the banners on screen speak of is over (Diced Out: their turn
        ended): each fades out within ``seconds`` and holds the game until it
        is gone, so nothing of what comes next plays under it."""
        for banner in self.items:
            if banner.alive(now):
                banner.give_way(now, seconds)
                banner.blocking = True

    def clear(self) -> None:
        """Drop every banner (a table rebuilt, a replay stepped back)."""
        self.items = []

    def __iter__(self) -> Iterator[Banner]:
        return iter(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, index: int) -> Banner:
        return self.items[index]


SUB_GAP = 2
"""Pixels between a banner's title and the line under it."""


def plate_size(theme: th.Theme, banner: Banner, title_size: int, sub_size: int = 18) -> tuple[int, int]:
    """A plate just large enough for the banner's title and the line under it."""
    w, h = theme.text(banner.title, title_size, banner.colour, bold=True, style="display").get_size()
    if banner.sub:
        sw, sh = theme.text(banner.sub, sub_size, th.CREAM).get_size()
        w, h = max(w, sw), h + SUB_GAP + sh
    return w + 48, h + 20


def nearest_clear_spot(size: tuple[int, int], tiers: Sequence[Sequence[pygame.Rect]], toward: tuple[int, int],
                       bounds: pygame.Rect, step: int = 8) -> pygame.Rect:
    """Where a plate of ``size`` goes (a banner, with its "continue" prompt
    while its moment is held): inside ``bounds`` (the window less its
    margin), covering nothing of the first of ``tiers`` (what to keep
    clear, the most cautious first) that leaves room anywhere, as near
    ``toward`` (the centre of the action) as it can be, on a grid of ``step``
    pixels (the nearest first, then the higher, then the more to the left);
    if every place covers something of the last tier, the one that covers
    least of it (the nearest of those).  Computed from what is on the
    table, so it holds at any seat count.

    Found row by row (``_ClearRows``): each rectangle to keep clear blocks a
    run of grid places in the rows it spans, and a row's nearest free place
    lies just beside the run that covers the place nearest ``toward``, so a
    frame never builds and tests the whole grid (14,000 places cost 17-35 ms)."""
    found = clear_spot(size, tiers, toward, bounds, step)
    return found if found is not None else _least_covering(size, tiers, toward, bounds, step,
                                                           _first_place(size, toward, bounds))


def clear_spot(size: tuple[int, int], tiers: Sequence[Sequence[pygame.Rect]], toward: tuple[int, int],
               bounds: pygame.Rect, step: int = 8) -> pygame.Rect | None:
    """``nearest_clear_spot``'s place if one covers nothing of some tier,
    else None, without the whole-grid search for the least covering place:
    a caller with smaller looks to try first tries them (Roll For It!'s
    banners paid 25-29 ms for a least-covering place they then threw away)."""
    w, h = size
    first = _first_place(size, toward, bounds)
    rows = _ClearRows(size, toward, bounds, step) if w > 0 and h > 0 else None
    for keep_clear in tiers:
        if first.collidelist(keep_clear) < 0:
            return first
        if rows is not None:
            found = rows.nearest_free(keep_clear)
            if found is not None:
                return found
    return None


def _first_place(size: tuple[int, int], toward: tuple[int, int], bounds: pygame.Rect) -> pygame.Rect:
    """The plate centred on ``toward``, moved inside ``bounds``: the first place tried."""
    near = pygame.Rect((0, 0), size)
    near.center = toward
    return near.clamp(bounds)


def _grid(lo: int, hi: int, at: int, step: int) -> list[int]:
    """The grid's coordinates from ``lo`` to ``hi``: it runs through ``at``."""
    return [c for c in range(at - (at - lo) // step * step, hi + 1, step) if lo <= c <= hi]


class _ClearRows:
    """The grid of plate centres of ``nearest_clear_spot``, searched a row at a time."""

    def __init__(self, size: tuple[int, int], toward: tuple[int, int], bounds: pygame.Rect, step: int):
        self.w, self.h = size
        self.toward = toward
        w, h = size
        self.xs = _grid(bounds.left + w // 2, bounds.right - (w - w // 2), toward[0], step)
        self.ys = _grid(bounds.top + h // 2, bounds.bottom - (h - h // 2), toward[1], step)
        # the grid column nearest ``toward`` (the left one of two as near)
        self.home = min(range(len(self.xs)), key=lambda i: (abs(self.xs[i] - toward[0]), self.xs[i])) \
            if self.xs else 0
        self._row_order: list[int] | None = None

    def nearest_free(self, keep_clear: Sequence[pygame.Rect]) -> pygame.Rect | None:
        """The place nearest ``toward`` (ties: higher, then left) covering
        nothing of ``keep_clear``, or None if every place covers something.
        Each row's blocked places are one integer's bits (a rectangle sets a
        run of them in the rows it spans), so a row's nearest free place is a
        few bit operations, not a sort of its runs; rows are tried nearest
        ``toward`` first, up to the first row farther than the best place
        found.  (A sort and merge per row of ~80, for each tier, was 2-4 ms of
        Roll the Bones' landing frame at six seats.)"""
        import bisect
        xs, ys, w, h = self.xs, self.ys, self.w, self.h
        if not xs or not ys:
            return None
        blocked = [0] * len(ys)
        for rect in keep_clear:
            r = pygame.Rect(rect)
            r.normalize()
            if r.w == 0 or r.h == 0:
                continue   # an empty rectangle covers nothing (as ``colliderect`` says)
            # a plate centred at (x, y) overlaps ``r`` when x and y lie strictly inside these
            x_lo, x_hi = r.left - (w - w // 2), r.right + w // 2
            y_lo, y_hi = r.top - (h - h // 2), r.bottom + h // 2
            i0, i1 = bisect.bisect_right(xs, x_lo), bisect.bisect_left(xs, x_hi) - 1
            j0, j1 = bisect.bisect_right(ys, y_lo), bisect.bisect_left(ys, y_hi) - 1
            if i0 > i1:
                continue
            run = ((1 << (i1 - i0 + 1)) - 1) << i0
            for j in range(j0, j1 + 1):
                blocked[j] |= run
        tx, ty = self.toward
        best: tuple[int, int, int] | None = None
        for j in self.rows_nearest_first():
            y = ys[j]
            if best is not None and (y - ty) ** 2 > best[0]:
                break   # every place of this row and the rows after is farther than the best
            i = self._free_in_row(blocked[j])
            if i is None:
                continue
            key = ((xs[i] - tx) ** 2 + (y - ty) ** 2, y, xs[i])
            if best is None or key < best:
                best = key
        if best is None:
            return None
        return pygame.Rect(best[2] - w // 2, best[1] - h // 2, w, h)

    def rows_nearest_first(self) -> list[int]:
        """The rows' indices by their distance from ``toward`` (the higher of two as near first)."""
        ty = self.toward[1]
        if self._row_order is None:
            self._row_order = sorted(range(len(self.ys)), key=lambda j: ((self.ys[j] - ty) ** 2, self.ys[j]))
        return self._row_order

    def _free_in_row(self, blocked: int) -> int | None:
        """The free column of a row (``blocked``: bit i set, column i covers
        something) nearest ``toward`` (left of two as near): the home column,
        else the one just past either end of the blocked run over it."""
        home, last = self.home, len(self.xs) - 1
        if not (blocked >> home) & 1:
            return home
        above = ~(blocked >> home)
        sides = [home + (above & -above).bit_length() - 1]   # the first free column to the right
        below = ~blocked & ((1 << home) - 1)
        if below:
            sides.append(below.bit_length() - 1)   # the first free column to the left
        sides = [i for i in sides if 0 <= i <= last]
        if not sides:
            return None
        tx = self.toward[0]
        return min(sides, key=lambda i: (abs(self.xs[i] - tx), self.xs[i]))


def _least_covering(size, tiers, toward, bounds, step, first) -> pygame.Rect:
    """Every place covers something of the last tier: the one that covers
    least of it (the nearest of those).  Rare: the whole grid is searched."""
    w, h = size
    xs = _grid(bounds.left + w // 2, bounds.right - (w - w // 2), toward[0], step)
    ys = _grid(bounds.top + h // 2, bounds.bottom - (h - h // 2), toward[1], step)
    centres = sorted(((x, y) for x in xs for y in ys),
                     key=lambda c: ((c[0] - toward[0]) ** 2 + (c[1] - toward[1]) ** 2, c[1], c[0]))
    places = [first] + [pygame.Rect(x - w // 2, y - h // 2, w, h) for x, y in centres]
    if not (w > 0 and h > 0):
        for keep_clear in tiers:
            for rect in places:
                if rect.collidelist(keep_clear) < 0:
                    return rect
    last = list(tiers[-1]) if tiers else []

    def covered(rect: pygame.Rect) -> int:
        return sum(rect.clip(last[i]).w * rect.clip(last[i]).h for i in rect.collidelistall(last))
    return min(places, key=covered)   # min keeps the first (nearest) of equals


def draw_plate(canvas: pygame.Surface, theme: th.Theme, banner: Banner, rect: pygame.Rect, now: float, *,
               title_size: int = 34, sub_size: int = 18, fill_alpha: int = 230, rim: tuple | None = None,
               radius: int = 16, fade_from: float = FADE_FROM) -> None:
    """The shared banner look: a dark wooden plate with a rim (the banner's
    colour unless ``rim``), the title in the display face, the line under
    it in cream, the whole fading as one."""
    plate = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(plate, (*th.WOOD_DARK, fill_alpha), plate.get_rect(), border_radius=radius)
    pygame.draw.rect(plate, (*(rim or banner.colour), 255), plate.get_rect(), 3, border_radius=radius)
    if banner.sub:   # the two lines centred as one block
        title = theme.text(banner.title, title_size, banner.colour, bold=True, style="display")
        sub = theme.text(banner.sub, sub_size, th.CREAM)
        top = (rect.h - title.get_height() - SUB_GAP - sub.get_height()) // 2
        th.blit_text(plate, title, (rect.w // 2, top), "midtop")
        th.blit_text(plate, sub, (rect.w // 2, top + title.get_height() + SUB_GAP), "midtop")
    else:
        surf = theme.text(banner.title, title_size, banner.colour, bold=True, style="display")
        plate.blit(surf, surf.get_rect(center=plate.get_rect().center))
    plate.set_alpha(max(0, int(255 * banner.fade(now, fade_from))))
    canvas.blit(plate, rect)
    layout_record.note(canvas, "banner", rect)


BAND_GAP = 12
"""Pixels a band keeps from the nameplates and cups beside it (``band_rect``)."""


def band_rect(height: int, y: int, keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """The loud band's box: ``height`` tall, its middle at ``y``, across the
    whole table unless something in ``keep_clear`` (the nameplates and cups
    of the seats at its height) stands in its row; then only as wide as the
    room between them, still centred.  A full-width band lay over two
    nameplates at 4, 7, 8 and 11-20 seats."""
    rect = pygame.Rect(0, y - height // 2, CANVAS_W, height)
    half = max(CENTRE_X, CANVAS_W - CENTRE_X)
    for other in keep_clear:
        if rect.colliderect(other):
            room = CENTRE_X - other.right if other.centerx < CENTRE_X else other.left - CENTRE_X
            half = min(half, room - BAND_GAP)
    if half >= max(CENTRE_X, CANVAS_W - CENTRE_X):
        return rect
    return pygame.Rect(CENTRE_X - half, rect.top, 2 * max(half, 0), height)


def draw_band(canvas: pygame.Surface, theme: th.Theme, banner: Banner, now: float, *, y: int = 330,
              title_size: int = 72, keep_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """The loud look (the bidding tables' "LIAR!", "Palifico"): the title
    large on a dark band across the table, short of what ``keep_clear``
    holds at its height (``band_rect``); returns where the band was drawn."""
    fade = banner.fade(now)
    text = theme.text(banner.title, title_size, banner.colour, bold=True, style="display")
    rect = band_rect(text.get_height() + 16, y, keep_clear)
    band = pygame.Surface(rect.size, pygame.SRCALPHA)
    band.fill((20, 12, 8, int(170 * fade)))
    canvas.blit(band, rect)
    layout_record.note(canvas, "banner", rect)
    th.blit_text(canvas, th.faded(text, int(255 * fade)), (CENTRE_X, y), "center", shadow=3)
    return rect
