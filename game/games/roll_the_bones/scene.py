"""Roll the Bones at the table: piles, pots, announcements and the haul.

Every seat has a tidy pile in front of it (six-siders and bones, with
counts).  The centre pot sits in the middle of the felt; side pots sit beside
it with the names of the players who may win them.  Every die that changes
place slides there as a small die, from its spot in one heap to its spot in
the other (the heap it lands in draws it only once it has landed): antes
(forced ones too) into the pots; after a roll the rolled dice, which lie a
moment on the felt faces up, and the pots' dice to whoever takes them, then
the next stage's forced antes.  Each announcement appears as a speech
bubble over the speaker's pile ("bone!"); a tie raises a "Tiebreak" banner.
With "pause after reveals" the pot split is held (banner and all) once the
dice have landed, and nothing moves on from the roll until the player
continues: the next stage's forced antes (already in the state) wait in the
piles (``shown``) and slide into the pots, and are said, on the continue.
Humans choose their ante and their announcement with buttons or keys:
B = bone, N = no bone, 0-9 = how many bones to ante, Enter = the lit button.
"""
from __future__ import annotations

import copy
import functools
import math
from dataclasses import dataclass
from typing import Sequence
from functools import partial

import pygame

from ...core.narration import plural
from ...core.protocol import CHANCE, Action, state_as
from ...ui import layout
from ...ui import theme as th
from ...ui.banner import GIVE_WAY_SECONDS, draw_plate, nearest_clear_spot, plate_size
from ...ui.motion import Glide, ease_out, landed_removed, moving
from ...ui.table_scene import EDGE_MARGIN, TableScene as BaseTableScene
from ...ui.widgets import Button, FocusGroup
from . import felt, narrate, prompts
from .rules import Ante, BonesState, Declare, die_kind, first_owner
from ...canvas import CENTRE_X

FLIGHT_SECONDS = 0.55
ROLL_SHOWN = 0.6
"""Seconds (at the Normal pace) the rolled dice lie on the felt, faces up,
before they fly to whoever takes them."""
FLIGHT_GAP = 0.06
"""Seconds between two dice leaving the same heap."""
BANNER_SECONDS = 1.6
POT_CENTRE = (CENTRE_X, 330)
STATUS_TOPRIGHT = (1264, 12)
"""Top-right corner of the round / ante / step lines (``status_rect``)."""
FLIGHT_SAMPLES = 8
"""Points along a flying die's way that a banner keeps clear of."""
ZONE_SHARES = (0.52, 0.45, 0.58, 0.38, 0.64, 0.32, 0.7)
ZONE_PLACES = tuple((share, aside) for aside in (0, -85, 85, -170, 170, -255, 255, -340, 340) for share in ZONE_SHARES)
"""Where a seat's dice may land: how far toward the middle, how far to the side; the first that is clear."""
NAMES_LISTED = 3
"""A pot's note names at most this many seats; a pot for more says who may not win it."""
PILE_WORDS_HALF = 84
"""Half the width a pile's words take at their widest ("51 six-siders · 5 bones")."""
LANDING_SIZE, LANDING_SMALL = (150, 110), (108, 88)
"""A landing zone's size, and the smaller one tried where no place has room for it."""
BUTTONS_RIGHT = 1250
"""Right edge of a human's buttons (bottom right)."""
BUTTON_NARROW, BUTTON_NARROW_GAP = 164, 10
"""Width and gap of the buttons in a row of three."""


LANDING_GRID_STEP = 32
"""The spacing of the places tried anywhere on the felt when none toward the thrower is free."""


@functools.lru_cache(maxsize=4)
def _felt_grid(felt_area: tuple[int, int, int, int]) -> tuple[pygame.Rect, ...]:
    """Every small landing place on the felt, a grid step apart (made once)."""
    area = pygame.Rect(felt_area)
    w, h = LANDING_SMALL
    return tuple(pygame.Rect(x, y, w, h) for x in range(area.left, area.right - w + 1, LANDING_GRID_STEP)
                 for y in range(area.top, area.bottom - h + 1, LANDING_GRID_STEP))


@functools.lru_cache(maxsize=16)
def _felt_grid_nearest(felt_area: tuple[int, int, int, int], x: float, y: float) -> tuple[pygame.Rect, ...]:
    """``_felt_grid`` nearest ``(x, y)`` first: sorted once per seat (a throw's
    start sorted the whole grid again for every thrower with nowhere free)."""
    return tuple(sorted(_felt_grid(felt_area), key=lambda r: (r.centerx - x) ** 2 + (r.centery - y) ** 2))


@dataclass
class Flight(Glide):
    """One die sliding from a pile, a pot or the felt to a pile or pot,
    hopping a little and taking the size it has where it lands."""
    kind: str = "d6"
    colour: int = 0
    die: int = -1
    """The die's id: the heap it lands in leaves it out until it has landed."""
    face: int = 0
    """The face it shows (a rolled die keeps its roll); 0: its kind's top face."""
    sizes: tuple[float, float] = (felt.PILE_DIE, felt.PILE_DIE)
    """Pixels at the start and at the landing."""
    waits_shown: bool = True
    """Drawn at its start until it leaves (lifted from a heap); False for a
    rolled die, which the felt's settled dice show until then."""
    source: tuple[str, int] | None = None
    """The heap it leaves (("pot", i) or ("pile", seat)): a pot counts the
    dice still lying in it (``waiting_in_pots``)."""

    bend: float = 0.0
    """Pixels the way bows sideways at its middle (left of the way, minus:
    right), so it passes round the words on the felt (``clear_bend``)."""
    words: list[pygame.Rect] | None = None
    """The words its way bows round, while its bend is not chosen yet
    (``settle_bend``: a landing sends 20-40 dice, and choosing every bend in
    the landing's frame cost it about 10 ms)."""

    arc = 26.0

    def settle_bend(self) -> None:
        """Choose the bend (``clear_bend``) if it is not chosen yet: at the
        latest when its way is first asked for."""
        if self.words is not None:
            words, self.words = self.words, None
            clear_bend(self, words)

    def curve(self, t: float) -> float:
        return ease_out(t)

    def position(self, now: float) -> tuple[float, float] | None:
        t = self.progress(now)
        return None if t is None else self.point(t)

    def point(self, t: float) -> tuple[float, float]:
        """Where it is ``t`` (0..1) of its time after leaving: along the eased
        straight way, bowed ``bend`` sideways and hopping ``arc`` up."""
        if self.words is not None:
            self.settle_bend()
        k = self.curve(t)
        (x0, y0), (x1, y1) = self.start, self.end
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) or 1.0
        side = math.sin(math.pi * k) * self.bend
        hop = math.sin(math.pi * t) * self.arc
        return x0 + dx * k + dy / length * side, y0 + dy * k - dx / length * side - hop

    def squares(self, steps: int = FLIGHT_SAMPLES) -> list[pygame.Rect]:
        """The die's box at ``steps`` + 1 even moments of its time in the air."""
        side = int(max(self.sizes))
        out = []
        for k in range(steps + 1):
            x, y = self.point(k / steps)
            out.append(pygame.Rect(int(x) - side // 2, int(y) - side // 2, side, side))
        return out

    def spot(self, now: float) -> tuple[float, float] | None:
        """Where to draw it now (its start while it waits, if ``waits_shown``)."""
        pos = self.position(now)
        return self.start if pos is None and self.waits_shown else pos

    def size(self, now: float) -> float:
        """Its size now: from the start's to the landing's as it goes."""
        k = self.curve(self.progress(now) or 0.0)
        return self.sizes[0] + (self.sizes[1] - self.sizes[0]) * k


BENDS = (0.0, 60.0, -60.0, 100.0, -100.0, 140.0, -140.0, 190.0, -190.0)
"""Sideways bows a flight may take, the straightest first (``clear_bend``)."""
BEND_SAMPLES = 30
BENDS_PER_FRAME = 2
"""Flights whose bend a frame chooses ahead of their leaving (about 0.4 ms each)."""
"""Moments of a flight checked against the words (1/55 s apart at the Normal pace)."""


OFF_FELT_WEIGHT = 3
"""A moment off the felt counts as this many moments over words (a wide bow
took a haul's die off the felt, over the top nameplate)."""


_FELT_OVAL = layout.FELT_RECT.inflate(-40, -40)
"""The oval felt less its rim (``_on_felt``), worked out once: ``clear_bend``
asks about 1,000 points in a landing frame, each made this rectangle again."""
_OVAL_X, _OVAL_Y, _OVAL_HALF_W, _OVAL_HALF_H = _FELT_OVAL.centerx, _FELT_OVAL.centery, _FELT_OVAL.w / 2, _FELT_OVAL.h / 2


def _on_felt(point: tuple[int, int]) -> bool:
    """Is ``point`` on the oval felt (``layout.FELT_RECT``, less its rim)?"""
    dx = (point[0] - _OVAL_X) / _OVAL_HALF_W
    dy = (point[1] - _OVAL_Y) / _OVAL_HALF_H
    return dx * dx + dy * dy <= 1.0


def _area_covered(rect: pygame.Rect, rects: Sequence[pygame.Rect], hits: Sequence[int]) -> int:
    """Pixels of ``rect`` under ``rects[i]`` for each ``i`` of ``hits`` (summed, overlaps counted twice)."""
    total = 0
    for i in hits:
        part = rect.clip(rects[i])
        total += part.w * part.h
    return total


def clear_bend(flight: Flight, words: list[pygame.Rect]) -> float:
    """The straightest of ``BENDS`` whose way crosses ``words`` for the
    fewest moments and stays on the felt (issue 39: a won haul streamed from the centre pot down
    across its count and the status line for seconds; dice climbing to the
    top pile crossed its words as they slowed to land)."""
    box = pygame.Rect(flight.start, (1, 1)).union(pygame.Rect(flight.end, (1, 1))).inflate(420, 420)
    near = [r for r in words if r.colliderect(box)]
    moments = _flight_moments(flight, BEND_SAMPLES)
    side = int(max(flight.sizes))
    half = side // 2
    best, fewest = 0.0, None
    for bend in BENDS:
        hits = 0
        for x, y, across_x, across_y, bow, hop in moments:   # ``Flight.point``'s sums, in its order
            square = pygame.Rect(int(x + across_x * (bow * bend)) - half, int(y - across_y * (bow * bend) - hop) - half,
                                 side, side)
            hits += (square.collidelist(near) >= 0) + (0 if _on_felt(square.center) else OFF_FELT_WEIGHT)
            if fewest is not None and hits >= fewest:
                break   # no fewer than the best so far: not taken
        if fewest is None or hits < fewest:
            best, fewest = bend, hits
        if not hits:
            break
    flight.bend = best
    return best


def _flight_moments(flight: Flight, steps: int) -> list[tuple[float, ...]]:
    """What ``Flight.point`` works out for ``steps`` + 1 even moments that
    does not depend on the bend: (eased x, eased y, the sideways unit's x and
    y, the bow's share, the hop).  ``clear_bend`` tries up to nine bends of
    one way: the curve, sines and square roots were worked out nine times
    (a landing moving 20-40 dice spent about 10 ms there)."""
    (x0, y0), (x1, y1) = flight.start, flight.end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    out: list[tuple[float, ...]] = []
    for i in range(steps + 1):
        t = i / steps
        k = flight.curve(t)
        out.append((x0 + dx * k, y0 + dy * k, dy / length, dx / length, math.sin(math.pi * k),
                    math.sin(math.pi * t) * flight.arc))
    return out


class TableScene(BaseTableScene):
    die_size = 42
    banner_seconds = BANNER_SECONDS
    continue_under_banner = True   # the held pot split is its banner's: the prompt sits right under it

    @property
    def state(self) -> BonesState:
        """The match's state as Roll the Bones's own State (typed: its fields are checked)."""
        return state_as(self.match.state, BonesState)

    def __init__(self, app, match, *, replay=None):
        super().__init__(app, match, replay=replay)
        n = len(match.seats)
        self.n = n
        self.pile_spots = [spot.toward_centre(0.30 if n > 2 else 0.26) for spot in self.seat_spots]
        self.flights: list[Flight] = []
        self.word_rects: list[pygame.Rect] = []
        """The words of every pile and pot drawn last frame (a flying die bows round them, ``clear_bend``;
        a thrown one lands clear of them, ``dice_zones``)."""
        self.note_hovers: list[tuple[pygame.Rect, str]] = []
        """Each shortened pot note drawn this frame and its every name, whole (``_draw_note_hover``)."""
        self.note_rect: pygame.Rect | None = None
        """The ante note over a human's buttons drawn last frame (``_note_lines``)."""
        self.label_rects: list[pygame.Rect] = []
        """The pile and pot labels drawn this frame (the banner keeps clear of them)."""
        self.pot_rects: list[pygame.Rect] = []
        """Each pot with dice drawn this frame, its tray, dice and labels (``banner_keep_clear``)."""
        self.idle_rects: list[pygame.Rect] = []
        """The labels of an empty centre pot drawn this frame: a banner may cover
        them, the "since your last move" card keeps clear where it can."""
        self.pile_rects: dict[int, pygame.Rect] = {}
        """Each seat's pile drawn this frame, every die (those still flying in
        too) and its words (``banner_keep_clear``)."""
        self.bubble_rects: dict[int, pygame.Rect] = {}
        """Where each seat's "bone!" / "no bone" bubble was last drawn (tests check it)."""
        self._banner_spots: list[tuple[object, pygame.Rect]] = []
        """Each banner on screen and where it was placed (``_placed_banner``)."""
        self._banners_raised: list[tuple[object, int]] = []
        """Each banner not placed yet and the frame it went up in (``_placed_banner``)."""
        self._felt_clear_at: float | None = None
        """When the rolled dice leave the felt (they fly to their taker then)."""
        self._haul_banners: tuple[float, list[tuple[str, str]], bool] | None = None
        self._hover_plate: tuple[tuple, pygame.Rect] | None = None
        """The hovered note's plate, with what it was placed among: searched once, not every frame."""
        """A won pot's banners waiting for its haul to land: (when, (title, line under it) each, held)."""
        self._stage_waits = False
        """A roll was won and the next stage waits (``_next_stage_waits``):
        nobody antes, none is lit as next, no forced ante slides or is said."""
        self._held_layout: tuple[BonesState, dict[int, tuple[str, int]]] | None = None
        """While the next stage waits and the rules made forced antes: the
        table as the roll left it (the pots won, those antes not made yet)
        and where each die is there; the antes slide into the pots once the
        stage goes on."""
        self._ante_lines: list[str] = []
        """The log's lines of the forced antes waiting with them (``say_automatic``)."""
        self.ui = FocusGroup(app)
        self.buttons_top = 640
        """Top of the human's top row of buttons (the prompt sits above it)."""

    # ------------------------------------------------------------------
    # Geometry
    # ------------------------------------------------------------------
    @property
    def shown(self) -> BonesState:
        """The state the felt shows: the match's, but while a pot split is held
        the table as the roll left it (the forced antes wait for the continue)."""
        if self._held_layout is not None:
            return self._held_layout[0]
        return self.state

    def pot_spots(self, state: BonesState | None = None, pots: int | None = None) -> list[tuple[float, float]]:
        """The centre pot, then side pots to its right and left (of ``state``,
        default as shown; or the first ``pots`` of them)."""
        spots: list[tuple[float, float]] = [POT_CENTRE]
        for i in range(1, len((state or self.shown).pots) if pots is None else pots):
            side = 1 if i % 2 else -1
            spots.append((POT_CENTRE[0] + side * (felt.SIDE_POT_STEP + 60 * ((i - 1) // 2)), POT_CENTRE[1] + 10))
        return spots

    def anchor_rect(self, name: str):
        """The tutorial coach's targets here: "pot", "side_pot", "my_dice" (the
        lone human's collection), "buttons" (the ante / bone! row) and
        "button:<label>" (the one button of that row a step asks for)."""
        spots = self.pot_spots()
        if name in ("pot", "side_pot"):
            index = 0 if name == "pot" else 1
            if index >= len(spots):
                return None
            radius = felt.pot_radius(index)
            return pygame.Rect(0, 0, radius * 2, radius * 2 + 40).move(int(spots[index][0]) - radius,
                                                                        int(spots[index][1]) - radius - 20)
        if name == "my_dice" and self.humans:
            x, y = self.pile_spots[self.humans[0]]
            return pygame.Rect(int(x) - 70, int(y) - 40, 140, 92)
        if name == "buttons":
            self._rebuild()
            return self.ui.bounds()
        if name.startswith("button:"):
            self._rebuild()
            return self.ui.rect_of(name[7:])
        return super().anchor_rect(name)

    def coach_keep_clear(self) -> list:
        """Every pot, the human's buttons and the round's lines."""
        keep = [self.anchor_rect("pot"), self.anchor_rect("buttons"), self.status_rect()]
        return [r for r in keep if r is not None]

    def table_pieces(self) -> list:
        """Every seat's pile with its bubble above and its words below, and
        the pot and pile labels drawn last frame (the "since your last move"
        card leaves them in view where it can)."""
        pieces = []
        for p, (x, y) in enumerate(self.pile_spots):
            if self.state.out_event[p] is not None:
                continue
            top = int(self._pile_top(p)) - 44   # the bubble over the pile
            pieces.append(pygame.Rect(int(x) - 80, top, 160, int(y) + 40 - top))
        view = self.settled_view   # the roll lying on the felt
        dice = [pygame.Rect(int(pose.x - pose.size / 2), int(pose.y - pose.size / 2), int(pose.size), int(pose.size))
                for pose in view.poses()] if view is not None else []
        return pieces + [r.inflate(8, 8) for r in self.label_rects + self.idle_rects + [self.status_rect()] + dice]

    def dice_zones(self, request):
        """Each thrower's dice land between their seat and the pots, on the
        line from the seat to the middle (or beside it), as near halfway as
        leaves every word, pot, pile, bubble, nameplate and banner in view;
        where nothing is free (six seats and side pots), in a smaller zone,
        then where it covers least (issue 39: the first place, taken when none
        was free, put dice on a side pot's words)."""
        pots = self.pot_areas()
        drawn, room = self.landing_keep_clear(pots)
        felt_area = layout.FELT_RECT.inflate(-140, -90)
        zones: list[pygame.Rect] = []
        for group in request.groups:
            zones.append(self._landing_zone(self.seat_spots[group.owner], [drawn + room + zones, drawn + zones],
                                            felt_area, pots))
        return zones

    def landing_keep_clear(self, pots: list[pygame.Rect]) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """What a thrown die must not land on: every word, pile, pot
        (``pots``: ``pot_areas()``, which the caller uses too), bubble,
        nameplate, banner and card drawn last frame, with room around; and,
        where there is room, what may grow there before the dice leave (every
        pot's place with the side pots to come, every pile at its tallest)."""
        drawn = [*self.word_rects, *self.label_rects, *self.idle_rects, *self.pot_rects, *self.pile_rects.values(),
                 *self.bubble_rects.values(), *self.seat_plates.values(), *self.banner_rects]
        card = self.since_card_rect()
        if card is not None:
            drawn.append(card)
        if self.note_rect is not None:
            drawn.append(self.note_rect)
        keep = pots + [r.inflate(12, 12) for r in drawn + self.pile_words_places()]
        if self.humans and self.replay is None:
            keep.append(self.controls_area())
        return keep, self.pot_areas(coming=True) + self.pile_places()

    def since_card_rect(self) -> pygame.Rect | None:
        """The "since your last move" card (or its folded tab) where it was drawn, if it shows."""
        since = self.since
        if not since.shown:
            return None
        return since.card_rect(self.theme) if since.unfolding else since.tab_rect()

    def pile_places(self) -> list[pygame.Rect]:
        """Every seat's pile at its tallest with its words at their widest (a
        pile filling up after the roll, "all in play" becoming "51 six-siders
        · 5 bones", must not grow under a die that landed beside it)."""
        places = []
        for p, (x, y) in enumerate(self.pile_spots):
            if self.shown.out_event[p] is None:
                top = int(felt.heap_top(felt.HEAP_SHOWN, y - 6, felt.PILE_DIE)) - 4
                places.append(pygame.Rect(int(x) - PILE_WORDS_HALF, top, 2 * PILE_WORDS_HALF, int(y) + 56 - top))
        return places

    def pile_words_places(self) -> list[pygame.Rect]:
        """Every seat's pile words at their widest, where they are drawn: kept
        clear even where the piles at their tallest leave no room ("all in
        play" under a throw becomes "4 six-siders · 1 bone" when it lands)."""
        return [pygame.Rect(int(x) - PILE_WORDS_HALF, int(y) + 34, 2 * PILE_WORDS_HALF, 20)
                for p, (x, y) in enumerate(self.pile_spots) if self.shown.out_event[p] is None]

    @staticmethod
    def _landing_zone(spot, tiers: list[list[pygame.Rect]], felt_area: pygame.Rect,
                      pots: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """The first of ``ZONE_PLACES`` toward ``spot``'s seat free of the
        first of ``tiers`` (the most cautious first) at the full size, then at
        ``LANDING_SMALL``; then of the next tier; then the nearest small place
        on the felt free of it; else the small place that covers least of the
        last tier and nothing of ``pots`` (every pot's tray and words: with
        reduced motion a roll's dice lie where they landed until the next
        move, and a die in a side pot's tray it does not belong to read as
        part of that pot), trying the felt's grid too."""
        least: tuple[int, pygame.Rect] | None = None
        off_pots: tuple[int, pygame.Rect] | None = None
        for keep in tiers:
            for size in (LANDING_SIZE, LANDING_SMALL):
                for share, aside in ZONE_PLACES:
                    x, y = spot.toward_centre(share)
                    rect = pygame.Rect((0, 0), size)
                    rect.center = (int(x + aside), int(y))
                    rect = rect.clamp(felt_area)
                    hits = rect.collidelistall(keep)
                    if not hits:
                        return rect
                    if keep is tiers[-1] and size == LANDING_SMALL:
                        covered = _area_covered(rect, keep, hits)
                        if least is None or covered < least[0]:
                            least = (covered, rect)
                        if rect.collidelist(pots) < 0 and (off_pots is None or covered < off_pots[0]):
                            off_pots = (covered, rect)
        x, y = spot.toward_centre(0.5)
        last = tiers[-1]
        for rect in _felt_grid_nearest(tuple(felt_area), x, y):
            hits = rect.collidelistall(last)
            if not hits:
                return rect.copy()   # somewhere on the felt is free: nearest the seat's halfway point
            if rect.collidelist(pots) < 0:
                covered = _area_covered(rect, last, hits)
                if off_pots is None or covered < off_pots[0]:
                    off_pots = (covered, rect.copy())
        if off_pots is not None:
            return off_pots[1]
        assert least is not None, "every place was tried"
        return least[1]

    def pot_areas(self, coming: bool = False) -> list[pygame.Rect]:
        """Every pot's tray with its name above and its count and note below,
        as wide as its widest line (a side pot's "for ..." is wider than its
        tray).  ``coming``: with the side pots the next round may open (one
        more, at least one each side of the centre), their note naming every
        seat still in (a roll's dice lie on the felt as the next round's
        side pot appears under them)."""
        areas = []
        state = self.shown
        count = len(state.pots)
        if coming and self.n > 2:
            count = min(max(count + 1, 3), self.n)
        widest = sorted(state.alive(), key=lambda p: -self.theme.font(13).size(self.seat_name(p))[0])
        everyone = self._names_note("for", widest[:NAMES_LISTED])   # the longest note a pot to come may show
        for index, (x, y) in enumerate(self.pot_spots(pots=count)):
            radius = felt.pot_radius(index)
            note = self._pot_note(state, index) if index < len(state.pots) else everyone
            lines = felt.note_lines(self.theme, index, note)
            pot = state.pots[index] if index < len(state.pots) else []
            counted = felt.count_lines(self.theme, index, len(pot), sum(1 for d in pot if state.is_bone(d))) \
                if pot else ["", ""]   # a pot to come may hold bones: its count in two lines
            half = max([radius, 60] + [(self.theme.font(13).size(line)[0] + 1) // 2 for line in lines]
                       + [(self.theme.font(felt.COUNT_SIZE).size(line)[0] + 1) // 2 for line in counted])
            below = 6 + felt.COUNT_LINE * len(counted) + felt.NOTE_LINE * max(1, len(lines))
            areas.append(pygame.Rect(int(x) - half, int(y) - radius - 24, 2 * half, 2 * radius + 24 + below))
        return areas

    def _pot_note(self, state: BonesState, i: int, room: int = felt.POT_NOTE_WIDTH) -> str | None:
        """Who may win pot ``i``, when it is worth saying: a side pot always,
        the centre while it is for fewer than the round's players; in
        ``room`` pixels (every name whole: the hover line, ``_draw_note_hover``)."""
        if i >= len(state.pots):
            return None
        eligible = (state.pot_eligible[i] if i < len(state.pot_eligible) else ()) if i else \
            (state.centre_eligible or state.centre_takers())
        assert eligible is not None, "a side pot lists who may win it"
        if not i and (state.phase not in ("declare", "roll") or set(eligible) == set(state.round_players)):
            return None
        # the centre is for those who anted this round, or if nobody did, for the
        # highest roll not on its last die (else the second highest: rule text)
        if not eligible:
            return "for the second-highest roll"
        others = [p for p in state.alive() if p not in eligible]
        if len(eligible) > NAMES_LISTED and others:   # five names ran past the felt's room: say who may not
            return self._names_note("for all but", others, room)
        return self._names_note("for", eligible, room)

    def _names_note(self, lead: str, seats, room: int = felt.POT_NOTE_WIDTH) -> str:
        """A pot's note naming ``seats`` after ``lead``, shortened at whole
        words to ``room`` (``felt.names_note``: "for Bartholomew and 2
        others"; "for Bartholo, Evangeli" was cut mid-word)."""
        font = self.theme.font(13)   # named inside the sentence: "for you and Tom" (it said "for You and Tom")
        return felt.names_note(lead, [self.words.object(p) for p in seats], lambda text: font.size(text)[0], room)

    def _draw_note_hover(self, canvas) -> None:
        """Under the mouse, a pot's shortened note ("for Bartholomew and 2
        others") opens into every name, whole, on a small plate below it, or
        the nearest place that covers no other words, pile or nameplate (issue
        39: the side pot's plate lay on the centre pot's note)."""
        if not pygame.display.get_surface():
            return
        mouse = self.app.mouse_pointer()
        for rect, whole in self.note_hovers:
            if rect.inflate(8, 8).collidepoint(mouse):
                text = self.theme.text(whole, 14, th.CREAM)
                size = text.get_rect().inflate(20, 12).size
                keep = [r.inflate(8, 8) for r in [*self.word_rects, *self.pile_rects.values(), *self.pot_rects,
                                                  *self.seat_plates.values()] if not rect.contains(r)]
                key = (tuple(rect), size, tuple(map(tuple, keep)), canvas.get_size())
                if self._hover_plate is None or self._hover_plate[0] != key:
                    self._hover_plate = (key, nearest_clear_spot(
                        size, [keep], (rect.centerx, rect.bottom + 4 + size[1] // 2),
                        canvas.get_rect().inflate(-2 * EDGE_MARGIN, -2 * EDGE_MARGIN), step=4))
                plate = self._hover_plate[1]
                th.panel(canvas, plate, fill=th.WOOD_DARK, border=th.BRASS, radius=8)
                th.blit_text(canvas, text, plate.center, "center")
                return

    # ------------------------------------------------------------------
    # Animation
    # ------------------------------------------------------------------
    def is_busy(self) -> bool:
        """Dice flying; or the next stage waiting for the won pot's banner to
        go (``_next_stage_waits``): no AI moves under it.  Not while a held moment
        or a lesson's note holds the table (the prompt and the note show only
        at rest)."""
        return moving(self.flights, self.time) or (self._stage_waits and not self.held.active() and not self._note_up())

    def update(self, dt: float) -> None:
        self.flights = landed_removed(self.flights, self.time)
        self._settle_bends()
        self._raise_haul_banners()
        if self._stage_waits and not self._next_stage_waits():
            self._stage_waits = False   # the won pot's banner is gone, the notes read
            self._slide_held_antes()
        if self.throw_view is not None and any(b.moment < len(self.match.history) for b in self.banners):
            # a new roll is in the air: an earlier roll's banner makes way (its dice landed on it)
            self.banners.give_way(self.time, GIVE_WAY_SECONDS * self.pace.duration)
        if self._felt_clear_at is not None and self.time >= self._felt_clear_at:
            self.clear_dice()   # the rolled dice took off for their taker
            self._felt_clear_at = None
        self._rebuild()

    def clear_dice(self) -> None:
        super().clear_dice()
        self._felt_clear_at = None

    # Where a die is: ("pile", seat), ("pot", index) or ("felt", seat) (rolled, or in hand to roll)
    @staticmethod
    def _places(state: BonesState) -> dict[int, tuple[str, int]]:
        where = {d: ("pile", p) for p, dice in enumerate(state.collections) for d in dice}
        where.update({d: ("pot", i) for i, pot in enumerate(state.pots) for d in pot})
        where.update({d: ("felt", p) for p, d in state.in_flight.items()})
        return where

    @staticmethod
    def _by_place(places: dict[int, tuple[str, int]]) -> dict[tuple[str, int], list[int]]:
        """The dice at each place, in the order ``places`` lists them."""
        out: dict[tuple[str, int], list[int]] = {}
        for die, place in places.items():
            out.setdefault(place, []).append(die)
        return out

    def _heap_spots(self, state: BonesState, place: tuple[str, int], contents: dict[tuple[str, int], list[int]]
                    ) -> tuple[dict[int, tuple[float, float]], tuple[float, float], float]:
        """Where each die at ``place`` among ``contents`` (dice by place) is
        drawn, the heap's own spot (a die not shown there starts or lands at
        it) and the dice's size."""
        kind, index = place
        if kind == "pile":
            spot = self.pile_spots[index]
            return felt.pile_heap_spots(contents[place], state.n, spot), spot, felt.PILE_DIE
        spot = self.pot_spots(state)[min(index, len(state.pots) - 1)]
        return felt.pot_heap_spots(index, contents[place], state.n, spot), spot, felt.POT_DIE

    def _fly_moves(self, before: dict[int, tuple[str, int]], after: dict[int, tuple[str, int]],
                   state_before: BonesState, state_after: BonesState, delay: float,
                   rolled: dict[int, tuple[float, float, int, float]] | None = None, wait_shown: bool = True) -> float:
        """Every die whose place differs from ``before`` to ``after`` slides
        from its spot there to its spot here (dice taken in hand to roll do
        not: the throw shows them), one heap's dice one after another,
        leaving ``delay`` seconds from now (at the Normal pace).  ``rolled``:
        die -> (x, y, face, size) of the dice lying on the felt;
        ``wait_shown``: a die is drawn at its start until it leaves.  The
        slides, gaps and delay follow the speed setting (the pace's duration
        factor, applied here once).  Returns when the last one lands (Normal
        pace seconds from now), ``delay`` if none moves."""
        if self.pace.reduced_motion:
            return delay
        n = state_after.n
        pace = self.pace.duration
        lists_before, lists_after = self._by_place(before), self._by_place(after)
        words = [r.inflate(6, 6) for r in self.word_rects + [self.status_rect()] + self._pot_label_boxes(state_after)
                 + ([self.note_rect] if self.note_rect is not None else [])]   # as drawn last frame, and the pots after
        leaving: dict[tuple[str, int], int] = {}
        heaps: dict[tuple[bool, tuple[str, int]], tuple[dict[int, tuple[float, float]], tuple[float, float], float]] = {}

        def heap_spot(after_move: bool, place: tuple[str, int], die: int) -> tuple[tuple[float, float], float]:
            """Where ``die`` lies at ``place`` before or after the move, and its
            size: each heap laid out once (a landing moving 20-40 dice sorted
            the whole heap again for every die)."""
            heap = heaps.get((after_move, place))
            if heap is None:
                heap = heaps[after_move, place] = self._heap_spots(
                    state_after if after_move else state_before, place, lists_after if after_move else lists_before)
            spots, spot, size = heap
            return spots.get(die, spot), size
        end = delay
        for die in sorted(after):
            src, dest = before.get(die), after[die]
            if src is None or src == dest or dest[0] == "felt":
                continue
            target, size1 = heap_spot(True, dest, die)
            if src[0] == "felt":
                if rolled is None or die not in rolled:
                    continue
                x, y, face, size0 = rolled[die]
                start, shown = (x, y), False
            else:
                start, size0 = heap_spot(False, src, die)
                face, shown = 0, wait_shown
            order = leaving.get(src, 0)
            leaving[src] = order + 1
            t0 = delay + order * FLIGHT_GAP
            end = max(end, t0 + FLIGHT_SECONDS)
            flight = Flight(start, target, self.time + t0 * pace, FLIGHT_SECONDS * pace,
                            kind=die_kind(die, n), colour=first_owner(die, n), die=die, face=face,
                            sizes=(size0, size1), waits_shown=shown, source=src)
            flight.words = words   # its bend chosen a few a frame (``_settle_bends``), at the latest as it leaves
            self.flights.append(flight)
        return end

    def _settle_bends(self) -> None:
        """Choose the bends of up to ``BENDS_PER_FRAME`` flights not yet
        left, the soonest to leave first (a flight leaving before its turn
        here chooses its own as it leaves: ``Flight.settle_bend``)."""
        pending = [flight for flight in self.flights if flight.words is not None]
        for flight in sorted(pending, key=lambda f: f.t0)[:BENDS_PER_FRAME]:
            flight.settle_bend()

    def _pot_label_boxes(self, state: BonesState) -> list[pygame.Rect]:
        """Where every pot of ``state`` with dice draws its labels: the dice
        flying there bend round them (``clear_bend``), the words of a side pot
        their antes open too (issue 39, six seats, seed 8: bent round the words
        drawn the frame before, when the pot was not there yet, the top seat's
        ante came down across its "Side pot" title)."""
        spots = self.pot_spots(state)
        return [box for i, pot in enumerate(state.pots) if pot
                for box in felt.pot_label_boxes(self.theme, i, spots[i], len(pot),
                                                 sum(1 for d in pot if state.is_bone(d)), self._pot_note(state, i))]

    def _rolled_dice(self, before: BonesState) -> dict[int, tuple[float, float, int, float]]:
        """The dice of the roll just made as they lie on the felt: die -> (x, y, face, size)."""
        view = self.settled_view
        if view is None:
            return {}
        return {before.in_flight[pose.owner]: (pose.x, pose.y, pose.top, pose.size)
                for pose in view.poses() if pose.owner in before.in_flight}

    def arriving(self) -> set[int]:
        """The dice still on their way somewhere (their new heap leaves them out)."""
        return {f.die for f in self.flights}

    def waiting_in_pots(self) -> dict[int, list[int]]:
        """Pot index -> the dice drawn lying in it that have not left yet: a
        won pot's dice wait there while the roll lies on the felt, though the
        state has already moved them to the taker's pile."""
        return self._waiting_in("pot")

    def _waiting_in(self, kind: str) -> dict[int, list[int]]:
        """Heap index -> the dice drawn lying in that pot or pile (``kind``)
        that have not left yet (the state has already moved them)."""
        waiting: dict[int, list[int]] = {}
        for flight in self.flights:
            if flight.source is not None and flight.source[0] == kind and flight.waits_shown \
                    and flight.position(self.time) is None:
                waiting.setdefault(flight.source[1], []).append(flight.die)
        return waiting

    def pile_counts(self, arriving=frozenset()) -> list[tuple[int, int]]:
        """Each seat's (six-siders, bones) as its pile is drawn: the dice
        lying there, not those still flying in, and those that have not
        left yet (issue 39: a pile's words and its plate's count changed as
        the dice took off, before they landed).  ``arriving``: ``arriving()``."""
        state = self.shown
        waiting = self._waiting_in("pile")
        out = []
        for p, dice in enumerate(state.collections):
            lying = [d for d in dice if d not in arriving] + waiting.get(p, [])
            bones = sum(1 for d in lying if state.is_bone(d))
            out.append((len(lying) - bones, bones))
        return out

    def on_applied(self, player, action, before_state) -> None:
        state = self.state
        before = state_as(before_state, BonesState)
        if player != CHANCE:
            self.clear_dice()   # last roll's dice leave the felt once the next ante or call starts
            if isinstance(action, Declare):
                self.app.sounds.play("click", 0.8)
            # antes (this one and any the rules made after it) slide from the piles to the pots
            self._fly_moves(self._places(before), self._places(state), before, state, 0.0)
            self._make_way_for_flights()
            return
        result = state.last_result or {}
        # first the roll's dice and the pots go where they were won (or, on a tie,
        # into the centre), then the next stage's forced antes slide into the pots
        after = self._places(state)
        won = dict(after)
        if not state.is_terminal():
            for p, dice in state.anted.items():
                won.update({d: ("pile", p) for d in dice if after.get(d, ("", -1))[0] == "pot"})
        between = copy.copy(state)
        between.collections = [[d for d, place in won.items() if place == ("pile", p)] for p in range(state.n)]
        between.pots = [[d for d, place in won.items() if place == ("pot", i)] for i in range(len(state.pots))]
        rolled = self._rolled_dice(before)
        # "pause after reveals": held once the dice have landed, banner and all; nothing moves on
        # meanwhile, not even the forced antes (they slide in when the player continues)
        held = result.get("kind") == "win" and self.held.after_animation(("pot split", len(self.match.history)))
        self._held_layout = None
        landed = self._fly_moves(self._places(before), won, before, between, ROLL_SHOWN, rolled)
        self._stage_waits = result.get("kind") == "win" and not state.is_terminal()   # for the haul's banner
        waits = self._stage_waits and won != after
        if waits:
            self._held_layout = (between, won)
        else:
            self._fly_moves(won, after, between, state, landed + 0.1, wait_shown=False)   # from a pile laid out without them
        if rolled and not self.pace.reduced_motion:
            self._felt_clear_at = self.time + ROLL_SHOWN * self.pace.duration
        self._clear_felt_as_side_pots_open(before.pots, (between if waits else state).pots)
        if result.get("kind") == "tie":
            tied = result["tied"]
            self.show_banner("Tiebreak!", " & ".join(self.words.group(tied, start=True)))   # names below: three fit
            self.announce(f"Tie at {max(result['faces'].values())}: {' & '.join(self.words.group(tied))} roll again",
                          th.BRASS_LIGHT)
            self.app.sounds.play("click")
            # "pause after reveals": a tie is a reveal too (who rolls again, and what went to the centre)
            if self.held.after_animation(("tiebreak", len(self.match.history))):
                self.banners.hold(len(self.match.history))
        elif result.get("kind") == "win":
            winner = result["winner"]
            titles = [narrate.won_roll_banner(result, self.words)]
            if state.is_terminal():
                titles.append((f"{self.words.says(winner, 'holds', 'hold')} every die!", ""))
            flying = 0.0 if self.pace.reduced_motion else landed * self.pace.duration
            self._haul_banners = (self.time + flying, titles, held)
            self._raise_haul_banners()
            for k, line in enumerate(narrate.won_roll_lines(result, self.words)):
                self.announce(line, th.BRASS_LIGHT if k == 0 else None)

    def _raise_haul_banners(self) -> None:
        """Put a won pot's banners up once its haul has landed in the
        taker's pile (``_haul_banners``): raised at the roll, the banner
        centred over the emptied tray had the pot's dice lying on it, then
        flying across it (issue 39).  Held with the moment if it is held."""
        if self._haul_banners is None or self.time < self._haul_banners[0]:
            return
        _when, titles, held = self._haul_banners
        self._haul_banners = None
        for title, sub in titles:
            self.show_banner(title, sub)
        if held:
            self.banners.hold(len(self.match.history))

    def _make_way_for_flights(self) -> None:
        """A banner of an earlier moment (the last roll's "You take 6 dice",
        centred over the emptied pot) fades out at once when a move sends
        dice to land under it: the dice are the news now."""
        if any(r.collidepoint(int(f.end[0]), int(f.end[1])) for f in self.flights for r in self.banner_rects):
            self.banners.give_way(self.time, GIVE_WAY_SECONDS * self.pace.duration)

    def on_hold_released(self) -> None:
        """The player continued a held pot split: its banner, standing over the
        emptied centre, makes way; the next stage's forced antes slide from
        the piles into the pots once it is gone (``_next_stage_waits``)."""
        if self._stage_waits:
            self.banners.give_way(self.time, GIVE_WAY_SECONDS * self.pace.duration)

    def _next_stage_waits(self) -> bool:
        """Does the stage after a won roll still wait (``_stage_waits``)?
        While the pot split is held, while a lesson's note is up (issue 39,
        lesson 13 to 14: Mags's forced ante slid into the pot between two
        notes) and while the won pot's banner is up or about to be (issue 39:
        the next round's antes flew, and were said, under a fading "You take
        21 dice")."""
        return self._stage_waits and (self.held.active() or self._note_up() or self._haul_up())

    def _haul_up(self) -> bool:
        """A won pot's banner is on screen, or waits for its haul to land."""
        return self._haul_banners is not None or bool(self.banners.showing(self.time))

    def _note_up(self) -> bool:
        """A lesson note's moment has come (it holds the table until read)."""
        step = self.tutorial.tutorial.pending() if self.tutorial is not None else None
        return step is not None and step.is_note

    def say_automatic(self, line: str) -> None:
        """The rules' own moves (the next stage's forced antes) are said as
        they slide into the pots, not under the banner they wait for."""
        if self._stage_waits:
            self._ante_lines.append(line)
        else:
            super().say_automatic(line)

    def deciding_human(self) -> int | None:
        """Nobody while the next stage waits (``_stage_waits``): an ante is
        not asked for under the won pot's banner."""
        return None if self._stage_waits else super().deciding_human()

    def _slide_held_antes(self) -> None:
        """The forced antes that waited behind a won pot are said and slide into the pots."""
        for line in self._ante_lines:
            self.announce(line)
        self._ante_lines = []
        if self._held_layout is None:
            return
        between, won = self._held_layout
        self._held_layout = None
        self._fly_moves(won, self._places(self.state), between, self.state, 0.0)
        self._clear_felt_as_side_pots_open(between.pots, self.state.pots)

    def keeps_roll_on_continue(self, index: int) -> bool:
        """The roll is the last move: its dice are put back where they landed,
        to fly to their taker as the pot split plays again (``restore_moment``)."""
        return index == len(self.match.history) - 1

    def restore_moment(self, player, action, before_state) -> None:
        """Continue after a roll (nobody has anted or called since): its pot
        split or tiebreak plays again, banner, dice flying home and all (held
        again with "pause after reveals")."""
        if player == CHANCE:
            self.on_applied(player, action, before_state)

    # ------------------------------------------------------------------
    # Human controls
    # ------------------------------------------------------------------
    def _rebuild(self) -> None:
        player = self.controls_to_build(self.ui)
        if player is None:
            return
        legal = self.state.legal_actions(player)
        buttons: list[tuple[str, str, Action]] = []
        if isinstance(legal[0], Ante):
            amount = self.state.amounts[player]
            for action in legal:
                assert isinstance(action, Ante), "an ante moment offers antes only"
                buttons.append((prompts.ante_choice(amount, action.bones, short=True), f"key {action.bones}", action))
        else:
            final = self.state.declare_pass == 2 or len(self.state.choosers) < 2
            buttons.append(("Bone!", "key B" + ("  (binding)" if final else ""), Declare(True)))
            buttons.append(("No bone", "key N" + ("  (binding)" if final else ""), Declare(False)))
        # at most three a row, right-aligned and clear of your nameplate; more rows go upwards
        cols = min(3, len(buttons))
        w, gap = (180, 12) if cols < 3 else (BUTTON_NARROW, BUTTON_NARROW_GAP)
        rows = math.ceil(len(buttons) / cols)
        self.buttons_top = 640 - (rows - 1) * 64
        for i, (text, sub, action) in enumerate(buttons):
            row, col = divmod(i, cols)
            x0 = BUTTONS_RIGHT - cols * (w + gap)
            self.ui.add(Button((x0 + col * (w + gap), self.buttons_top + row * 64, w, 56), text,
                               partial(self.submit, player, action), sub=sub, size=20 if cols < 3 else 18,
                               primary=i == 0))
        self.ui.focus_first()

    def handle_table_event(self, event) -> bool:
        self._rebuild()
        player = self.human_to_act()
        if player is not None and event.type == pygame.KEYDOWN:
            legal = self.state.legal_actions(player)
            if legal and isinstance(legal[0], Declare):
                if event.key == pygame.K_b:
                    return self.submit(player, Declare(True))
                if event.key == pygame.K_n:
                    return self.submit(player, Declare(False))
            elif legal and pygame.K_0 <= event.key <= pygame.K_9:
                action = Ante(event.key - pygame.K_0)
                if action in legal:
                    return self.submit(player, action)
        return self.ui.handle_event(event)

    # ------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------
    def draw_table(self, canvas: pygame.Surface, alpha: float) -> None:
        self._rebuild()   # the buttons show under a pause menu too (update runs only on top)
        state = self.shown
        # nobody is lit as next to act while the next stage waits (issue 39, lesson step 14: Tom's plate)
        active = state.turn_player() if state.phase in ("ante", "declare") and not self._stage_waits else None
        notes = {}
        self.label_rects, self.idle_rects, self.pot_rects, self.pile_rects = [], [], [], {}
        self.word_rects, self.note_rect, self.note_hovers = [], None, []
        arriving = self.arriving()
        counts = self.pile_counts(arriving)
        rolled = [f.source[1] for f in self.flights if f.source is not None and f.source[0] == "felt"]
        for p in range(self.n):   # a rolled die counts for its roller until it lands with its taker
            sixes, bones = counts[p]
            notes[p] = "out" if state.out_event[p] is not None else \
                plural(sixes + bones + (p in state.in_flight) + rolled.count(p), "die", "dice")
        self.draw_seats(canvas, active, notes)
        self._draw_pots(canvas, arriving)
        for p in range(self.n):
            self._draw_pile(canvas, p, arriving, counts[p])
        self._draw_bubbles(canvas)
        spots = [(banner, self._placed_banner(banner)) for banner in self.banners]
        plates = [(banner, self.note_banner(rect)) for banner, rect in spots if rect is not None]
        self._draw_status(canvas)
        for banner, rect in plates:
            draw_plate(canvas, self.theme, banner, rect, self.time,
                       title_size=40, fill_alpha=220, rim=th.BRASS, radius=14)
        for flight in self.flights:   # over the banner: a die leaving the pot under it is seen going
            pos = flight.spot(self.time)
            if pos is not None:
                self._icon(canvas, flight.kind, flight.colour, pos, round(flight.size(self.time)), flight.face)
        self.ui.draw(canvas, self.theme)
        self._draw_note_hover(canvas)

    def first_draw_steps(self):
        """Each seat's pile and words drawn, one a step, then the pots (the
        first drawing's labels and dice icons: about 30 ms in one frame).
        On the canvas before its frame's drawing covers it (``opening_steps``)."""
        canvas = self.app.canvas
        for p in range(self.n):
            self._draw_pile(canvas, p)
            yield
        self._draw_pots(canvas)
        yield
        from ...physics import orientation
        orientation.symmetries("bone")   # a bone's 60 turns, worked out once (they were, in the first bone throw's frame)
        yield

    def _icon(self, canvas, kind, owner, pos, size, face: int = 0) -> None:
        """A die of ``kind`` in its first owner's colour, ``size`` pixels,
        centred at ``pos``, showing ``face`` (default: its kind's top face)."""
        renderer = self.renderer
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (int(pos[0]), int(pos[1]))
        colour = self._die_colour(owner)
        renderer.draw_face_icon(canvas, kind, face or (6 if kind == "d6" else 12), rect, colour)

    def _die_colour(self, owner):
        """The pile's dice in the kind's own colour (None).  This used to ask
        ``player_colour(owner, settings.colourblind)``, a setting that never
        existed, so it always fell back to None; typing ``Scene.app`` showed
        it (issue 37 keeps what is drawn: seat colours here are a design call)."""
        return None

    def _pile_top(self, p: int) -> float:
        """The top edge of seat ``p``'s pile as ``felt.draw_heap`` lays it out."""
        return felt.heap_top(len(self.shown.collections[p]), self.pile_spots[p][1] - 6)

    def _draw_pile(self, canvas, p, arriving=frozenset(), counts: tuple[int, int] | None = None) -> None:
        """Seat ``p``'s pile (but the dice still flying in) and what it
        holds in words (``counts``: as drawn, ``pile_counts``; default the state's)."""
        state = self.shown
        if state.out_event[p] is not None:
            return
        x, y = self.pile_spots[p]
        half = felt.PILE_DIE // 2
        heap, whole = [], []
        for die, spot in felt.pile_heap_spots(state.collections[p], state.n, (x, y)).items():
            rect = pygame.Rect(int(spot[0]) - half, int(spot[1]) - half, felt.PILE_DIE, felt.PILE_DIE)
            whole.append(rect)
            if die in arriving:
                continue   # its place is kept: it lands there
            self._icon(canvas, die_kind(die, state.n), first_owner(die, state.n), spot, felt.PILE_DIE)
            heap.append(rect)
        if heap:
            self.label_rects.append(heap[0].unionall(heap[1:]))   # the banner keeps clear of the dice too
        sixes, bones = counts if counts is not None else state.counts(p)
        words = felt.pile_label(sixes, bones)
        label = th.draw_text(canvas, self.theme, words, (self._pile_words_x(words, bool(bones), x, y + 34), y + 34), 15,
                             th.CREAM, bold=bool(bones), anchor="midtop", shadow=2)
        self.label_rects.append(label)
        self.word_rects.append(label)
        self.pile_rects[p] = label.unionall(whole)

    PILE_WORDS_GAP = 10
    """Pixels a pile's words keep from a nameplate beside them."""

    def _pile_words_x(self, words: str, bold: bool, x: float, top: float) -> float:
        """Where a pile's words are centred: under the pile, moved toward the
        middle just enough to keep ``PILE_WORDS_GAP`` from a nameplate at
        their height (at 6 seats "0 six-siders · 2 bones" began on the side
        seat's plate edge, seen in a real window)."""
        w, h = self.theme.font(15, bold).size(words)
        rect = pygame.Rect(int(x - w / 2), int(top), w, h)
        for plate in self.seat_plates.values():
            if plate.top < rect.bottom and rect.top < plate.bottom:
                if plate.centerx < x:
                    rect.left = max(rect.left, plate.right + self.PILE_WORDS_GAP)
                else:
                    rect.right = min(rect.right, plate.left - self.PILE_WORDS_GAP)
        return rect.centerx

    def _draw_pots(self, canvas, arriving=frozenset()) -> None:
        """Each pot's tray, dice and words.  Its count says what lies in the
        tray as drawn (issue 39: after a roll the won pot's dice still lay in
        the centre, waiting to fly to the taker, under "no dice"): the
        state's dice there but those still flying in, and the dice that have
        not left yet (``waiting_in_pots``; they are drawn as flights, at their start)."""
        state = self.shown
        for i, spot, pot, lying in self._pot_contents(arriving):
            if i and not lying and (not pot or self._felt_die_in_tray(i, spot)):
                continue   # a side pot opens once the roll's dice have left its place (``_felt_die_in_tray``)
            note = self._pot_note(state, i)
            bones = sum(1 for d in lying if state.is_bone(d))
            labels = felt.draw_pot(canvas, self.theme, self._icon, i, pot, state.n, spot, bones, note, arriving,
                                   count=len(lying))
            whole = self._pot_note(state, i, room=layout.CANVAS_W) if note else None
            if whole != note:   # the note's lines: the last labels
                lines = labels[len(labels) - len(felt.note_lines(self.theme, i, note)):]
                self.note_hovers.append((lines[0].unionall(lines[1:]),
                                         f"{'Centre pot' if i == 0 else 'Side pot'} {whole}"))
            self.word_rects += labels
            if not lying:   # an empty centre: a banner may stand over it (a won pot's is centred, not cornered)
                self.idle_rects += labels
                continue
            self.label_rects += labels
            radius = felt.pot_radius(i)
            tray = pygame.Rect(int(spot[0]) - radius, int(spot[1]) - radius, 2 * radius, 2 * radius)
            self.pot_rects.append(tray.unionall(labels))

    def _pot_contents(self, arriving=frozenset()) -> list[tuple[int, tuple[float, float], list[int], list[int]]]:
        """Each pot as shown: (index, spot, its dice in the state, the dice
        lying in its tray as drawn: not those still flying in, but those
        that have not left yet, ``waiting_in_pots``)."""
        state = self.shown
        waiting = self.waiting_in_pots()
        spots = self.pot_spots(pots=max([len(state.pots)] + [i + 1 for i in waiting]))
        out = []
        for i, spot in enumerate(spots):
            pot = state.pots[i] if i < len(state.pots) else []
            out.append((i, spot, pot, [d for d in pot if d not in arriving] + waiting.get(i, [])))
        return out

    def _felt_die_in_tray(self, index: int, spot: tuple[float, float]) -> bool:
        """Does a die of the last roll, lying on the felt, touch pot ``index``'s tray at ``spot``?
        A side pot the next round opens may lie where a die landed (issue 39, seed 5: the
        landing keeps its place clear only where there is room)."""
        view = self.settled_view
        radius = felt.pot_radius(index)
        return view is not None and any(math.hypot(pose.x - spot[0], pose.y - spot[1]) < radius + pose.size / 2
                                        for pose in view.poses())

    def _clear_felt_as_side_pots_open(self, before: list[list[int]], after: list[list[int]]) -> None:
        """With reduced motion the roll's dice lie on the felt until the next
        move, and a side pot the next round's forced antes open shows its
        dice at once: the roll's dice leave the felt as a side pot opens, so
        a tray never holds a die its count does not say (issue 39, seed 5).
        Decided by the pots alone, not where the dice lie, so Continue (which
        lays the roll again, not always in the same places) shows the same.
        With motion the roll's dice fly off before the antes land, and a side
        pot opens only once they have left its place (``_draw_pots``)."""
        if self.pace.reduced_motion and any(pot and (i >= len(before) or not before[i])
                                            for i, pot in enumerate(after) if i):
            self.clear_dice()

    def _draw_bubbles(self, canvas) -> None:
        state = self.shown
        if state.phase not in ("declare", "roll"):
            return
        plates = list(self.seat_plates.values())
        self.bubble_rects = {}
        for p in state.order:
            said = state.declared.get(p)
            x, _y = self.pile_spots[p]   # above the pile, however tall; never over a nameplate
            self.bubble_rects[p] = felt.draw_bubble(canvas, self.theme, said, p in state.choosers and said is None,
                                                    (int(x), int(self._pile_top(p)) - 9), avoid=plates)

    def screen_facts(self) -> dict:
        facts = super().screen_facts()
        facts.update(buttons=self.ui.labels(),
                     banner=self.banners.showing(self.time))
        return facts

    def _status_texts(self) -> list[pygame.Surface]:
        return [self.theme.text(line, 18 if k == 0 else 16, th.BRASS_LIGHT if k == 0 else th.CREAM, bold=k == 0)
                for k, line in enumerate(prompts.status(self.shown))]

    def status_rect(self) -> pygame.Rect:
        """Where the round / ante / step lines go: the top-right corner, off
        the felt (issue 39: under the pots, every die flying between the
        bottom pile and the pots crossed it, a won haul in a stream for
        seconds; on the felt a thrown die landed on it)."""
        texts = self._status_texts()
        rect = pygame.Rect(0, 0, max(t.get_width() for t in texts), sum(t.get_height() for t in texts))
        rect.topright = STATUS_TOPRIGHT
        return rect

    def controls_area(self) -> pygame.Rect:
        """Where a human's buttons (up to three a row, right-aligned) and the
        question over them go, bottom right."""
        left = BUTTONS_RIGHT - 3 * (BUTTON_NARROW + BUTTON_NARROW_GAP)   # the widest row
        top = self.buttons_top - 64
        return pygame.Rect(left, top, BUTTONS_RIGHT - left, layout.CANVAS_H - EDGE_MARGIN - top)

    def _draw_status(self, canvas) -> None:
        spot = self.status_rect()
        if spot.collidelist(self.banner_rects) < 0:   # a banner over it says more (it showed through the plate)
            y = spot.top
            for text in self._status_texts():
                th.blit_text(canvas, text, (spot.right - text.get_width(), y), shadow=2)
                y += text.get_height()
        player = self.human_to_act()
        if player is not None:
            note = self.ante_note(player) if self.state.phase == "ante" else ""
            ask = self._question(player)
            if note:
                lines, self.note_rect = self._note_place(note, ask)
                for k, line in enumerate(reversed(lines)):
                    th.draw_text(canvas, self.theme, line, (self.note_rect.right, self.note_rect.bottom - 19 * k), 15,
                                 th.CREAM_DIM, anchor="bottomright", shadow=1)
            th.draw_text(canvas, self.theme, ask, (1240, self.buttons_top - 8), 21, th.CREAM, bold=True,
                         anchor="bottomright", shadow=2)

    def _question(self, player: int) -> str:
        """The question over the buttons, naming the bone's die where it
        stands clear of the plates, piles and rolled dice on its left; else
        its short form (a caller's 16-letter name ran "..., roll your
        12-sided bone?" into the pile's count)."""
        ask = prompts.ask(self.state, self.words, player)
        width, height = self.theme.font(21, bold=True).size(ask)
        line = pygame.Rect(1240 - width, self.buttons_top - 8 - height, width, height)
        fixed, dice = self._felt_things()
        return ask if line.collidelist(fixed + dice) < 0 else prompts.ask(self.state, self.words, player, short=True)

    def _felt_things(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """What words over the buttons keep clear of: the plates and piles
        (with room round them), and the last roll's dice lying on the felt."""
        fixed = [r.inflate(8, 8) for r in [*self.seat_plates.values(), *self.pile_rects.values()]]
        dice = []
        if self.settled_view is not None:   # the roll's dice lying on the felt
            dice = [pygame.Rect(int(p.x - p.size / 2) - 4, int(p.y - p.size / 2) - 4, int(p.size) + 8,
                                int(p.size) + 8) for p in self.settled_view.poses()]
        return fixed, dice

    def _note_place(self, note: str, ask: str) -> tuple[list[str], pygame.Rect]:
        """The ante note's lines and place: over the question, wrapped to the
        buttons' width (it never reaches your pile); where that meets a
        nameplate, a pile or a die of the roll (two rows of buttons at 6 seats
        lift it onto the bottom-right seat's plate), in lines beside the
        question; where only a die of the last roll is in the way, the roll's
        dice leave the felt (the next ante has started) and the note takes
        the first place clear of plates and piles."""
        font = self.theme.font(15)
        width = self.controls_area().w
        beside = 1240 - self.theme.font(21, bold=True).size(ask)[0] - 14
        places = [(width, (1240, self.buttons_top - 40)), (240, (beside, self.buttons_top - 8))]
        fixed, dice = self._felt_things()
        first: tuple[list[str], pygame.Rect] | None = None
        clear_of_fixed: tuple[list[str], pygame.Rect] | None = None
        for wrap, bottomright in places:
            lines = th.wrap_text(font, note, wrap)
            rect = pygame.Rect(0, 0, max(font.size(line)[0] for line in lines), 19 * len(lines))
            rect.bottomright = bottomright
            if rect.collidelist(fixed + dice) < 0:
                return lines, rect
            first = first or (lines, rect)
            if clear_of_fixed is None and rect.collidelist(fixed) < 0:
                clear_of_fixed = (lines, rect)
        if clear_of_fixed is not None:
            # only a die of the last roll is in the way: your ante starts the next stage, and the
            # roll's dice leave the felt as the next ante starts (six seats, seed 12: the note lay on one)
            self.clear_dice()
            return clear_of_fixed
        assert first is not None
        return first

    def ante_note(self, player: int) -> str:
        """How the player's ante splits between the pots (prompts.py)."""
        return prompts.ante_note(self.state, player)

    def show_banner(self, *args, **kwargs):
        """As every table's, noting the frame it goes up in (``_placed_banner``)."""
        banner = super().show_banner(*args, **kwargs)
        self._banners_raised.append((banner, self.app.frame))
        return banner

    def _placed_banner(self, banner) -> pygame.Rect | None:
        """Where ``banner`` is drawn: placed once (``banner_rect``), then kept
        there (piles filling up as dice land never move it); None: not drawn
        yet.  Not placed in the frame it went up in: that is a roll's landing
        (its dice's flights set out, the pots and piles laid out again) or a
        haul's, and the place, found from those flights, cost 2-4 ms more of
        it (issue 41); it is found the next frame, 1/60 s later.  Unless a
        lesson's coach places its card by this frame's drawing: the banner
        is then part of it."""
        placed = [(b, r) for b, r in self._banner_spots if any(b is shown for shown in self.banners)]
        rect = next((r for b, r in placed if b is banner), None)
        if rect is None:
            raised = [(b, f) for b, f in self._banners_raised if any(b is shown for shown in self.banners)]
            coach = self.tutorial
            if any(b is banner and f == self.app.frame for b, f in raised) and not (
                    coach is not None and coach.wants_boxes()):
                self._banners_raised = raised
                return None
            rect = self.banner_rect(plate_size(self.theme, banner, 40))
            placed.append((banner, rect))
            self._banners_raised = [(b, f) for b, f in raised if b is not banner]
        self._banner_spots = placed
        return rect

    BANNER_AIR = 10
    """Pixels a banner keeps from everything it must not cover."""

    def banner_keep_clear(self) -> list[list[pygame.Rect]]:
        """What a banner (and, while its moment is held, its "continue"
        prompt) must not cover, in tiers, the most cautious first (see
        ``nearest_clear_spot``).  Always: every nameplate, every pot (tray,
        dice and labels: what went to the centre stays in view), every pile
        with its words (dice still flying in counted), every bubble and the
        table's chrome (Log button, commentary).  Where there is room also the
        round's lines, every pile at its tallest, the dice of the roll lying on the felt and the corner
        where your buttons come.  Every pot with dice in it, or with a die
        still flying into it, keeps its whole place (``busy_pot_areas``); an
        emptied pot with nothing coming does not, so a won pot's banner
        stands centred over the emptied centre tray (its labels are
        ``idle_rects``) and its haul (``won_haul``) flies over it; every other
        die still flying keeps its way clear (``flight_paths``)."""
        air = self.BANNER_AIR
        always = [r.inflate(2 * air, 2 * air) for r in
                  [*self.seat_plates.values(), *self.pot_rects, *self.busy_pot_areas(),
                   *self.pile_rects.values(), *self.bubble_rects.values()]] + self.chrome_keep_clear()
        card = self.since_card_rect()
        if card is not None:
            always.append(card.inflate(2 * air, 2 * air))
        better = [r.inflate(2 * air, 2 * air) for r in [*self.pile_places(), self.status_rect()]]   # a banner over
        # the round's lines hides them (``_draw_status``); a pile may grow with a haul
        if self.settled_view is not None:
            leaving = [flight.start for flight in self.won_haul()]   # the won haul's dice: see flight_paths
            for pose in self.settled_view.poses():
                if any(abs(pose.x - x) < 1 and abs(pose.y - y) < 1 for x, y in leaving):
                    continue
                side = int(pose.size) + 2 * air
                better.append(pygame.Rect(int(pose.x) - side // 2, int(pose.y) - side // 2, side, side))
        if self.humans and self.replay is None:
            better.append(self.controls_area())
        if self.note_rect is not None:
            better.append(self.note_rect.inflate(air, air))
        return [always + better + self.flight_paths(), always + better, always]

    def busy_pot_areas(self) -> list[pygame.Rect]:
        """The whole place (``pot_areas``) of every pot that has dice in it as
        shown, or that a die still flying will land in."""
        pots = self.shown.pots
        landing = [flight.end for flight in self.flights if flight.progress(self.time) != 1.0]   # None: not yet left
        return [area for i, area in enumerate(self.pot_areas())
                if (i < len(pots) and pots[i]) or any(area.collidepoint(int(x), int(y)) for x, y in landing)]

    def won_haul(self) -> list[Flight]:
        """The dice still to land of a won pot's haul: those leaving an
        emptied pot and every other die going into the same pile (the roll's
        dice on the felt go to the taker with them).  A die leaves a pot by
        its ``source``, not by where it starts: a tie's rolled die lying in
        an empty side pot's place was taken for a haul, and so were all the
        roll's dice flying with it to the centre; the "Tiebreak!" banner
        then lay on a rolled bone (issue 39, six seats)."""
        flying = [flight for flight in self.flights if flight.progress(self.time) != 1.0]   # None: not yet left
        pots = self.shown.pots
        ends = [flight.end for flight in flying if flight.source is not None and flight.source[0] == "pot"
                and flight.source[1] < len(pots) and not pots[flight.source[1]]]
        if not ends:
            return []
        box = pygame.Rect(int(min(x for x, _y in ends)), int(min(y for _x, y in ends)), 1, 1)
        box.union_ip(pygame.Rect(int(max(x for x, _y in ends)), int(max(y for _x, y in ends)), 1, 1))
        taker = box.unionall([pile for pile in self.pile_rects.values() if pile.colliderect(box)] or [box])
        taker = taker.inflate(4 * felt.PILE_DIE, 4 * felt.PILE_DIE)
        return [flight for flight in flying if taker.collidepoint(int(flight.end[0]), int(flight.end[1]))]

    def flight_paths(self) -> list[pygame.Rect]:
        """Squares along the way of every die still to land (a haul flying to
        its taker), so a banner placed now is not flown over.  Not a won
        pot's haul (the dice leaving the emptied pot and the roll's dice going
        with them to the same pile): the won pot's banner stands centred over
        the emptied tray (commit 9d42c55), and the haul, drawn over it, lifts
        off and crosses it in a glance on its way to the taker."""
        paths = []
        haul = self.won_haul()
        for flight in self.flights:
            if flight.progress(self.time) == 1.0 or flight in haul:
                continue
            paths += [square.inflate(2 * self.BANNER_AIR, 2 * self.BANNER_AIR) for square in flight.squares()]
        return paths

    def banner_rect(self, size) -> pygame.Rect:
        """Where the banner goes: the place nearest the centre pot where it
        covers nothing of ``banner_keep_clear`` (computed from what is on the
        table this frame, at any seat count; else where it covers least).
        While its moment is held, the "continue" prompt goes right under it
        (``held.prompt_rect``), so the place must have room for both."""
        bounds = pygame.Rect(0, 0, layout.CANVAS_W, layout.CANVAS_H).inflate(-2 * EDGE_MARGIN, -2 * EDGE_MARGIN)
        tiers = self.banner_keep_clear()
        if not self.held.active():
            return nearest_clear_spot(size, tiers, POT_CENTRE, bounds)
        w, h = self.held.prompt_size()
        below = self.held.CONTINUE_GAP + h
        group = nearest_clear_spot((max(size[0], w), size[1] + below), tiers, POT_CENTRE, bounds)
        rect = pygame.Rect((0, 0), size)
        rect.midtop = (group.centerx, group.top)
        return rect
