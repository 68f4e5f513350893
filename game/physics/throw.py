"""One throw of dice on a top-down pymunk table.

How a throw goes (DESIGN.md "Dice"):

* A fresh ``pymunk.Space`` per throw, bodies added in request order, fixed
  physics tick (``TICK``), all randomness from the throw seed.  So the same
  seed gives the same faces and resting places, on screen and headless.
* Each ``DieGroup`` has a zone: a rectangle on the 1280x720 canvas with a
  rail around it (only that group's dice bounce off it).  The dice leave the
  zone edge nearest the player (the table border) with seeded impulses
  towards the far side, slide against table friction, bounce off the rail and
  each other.
* As a die travels it tips over its edges like a rolling cube: each time it
  has travelled ``tip length`` in one of its tip directions (body frame) its
  orientation turns (see ``orientation``).  When it slows down, a die caught
  half way over an edge falls the way it leans: on over the edge if it is
  past half way, back otherwise.  So no die rests cocked.
* Settling: a die is settled when it has (almost) stopped and is not tipping.
  The throw is done when every die is settled.  Then the **rest rule**
  checks each die: a die overlapping another or poking out of its zone gets a
  small nudge from the same physics (away from what it overlaps, or toward
  the zone centre) and the throw continues.  At the hard limit
  (``MAX_TICKS``) motion is stopped, pending tips fall the way they lean,
  and a deterministic separation pushes overlapping dice apart and clamps
  them into their zone, one grid sweep per tick (``_Separation``: the cost
  grows with the dice, not their pairs, and no frame does it all).  A die
  is never silently re-rolled.

``Throw.step()`` advances display time by ``DT * speed``; the physics ticks
at ``TICK`` (every third display step at normal speed) and poses are
interpolated in between, so headless resolving (which just ticks) gives the
same faces and poses as watching the throw.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generator, Sequence

import pymunk
from pymunk import batch

from ..core.protocol import RollRequest
from ..core.seeding import stream
from .orientation import new_orientation, paint, paint_forcing, symmetries
from ..canvas import CANVAS_SIZE

CANVAS = CANVAS_SIZE
"""Logical canvas size in pixels; positions are in canvas pixels."""

FELT = (48.0, 48.0, 1184.0, 624.0)
"""Default zone (x, y, w, h) when a throw gets no zones: most of the canvas."""

DIE_SIZE = 34.0
"""Side of a six-sided die in canvas pixels (the bone die is a bit wider)."""

BONE_SCALE = 1.22
"""Bone die diameter relative to ``DIE_SIZE``."""

TICK = 1.0 / 40.0
"""Physics tick in simulated seconds (fixed)."""

DT = 1.0 / 120.0
"""Display step: one ``Throw.step()`` at normal speed."""

MAX_TICKS = int(3.5 / TICK)
"""Hard limit: after this many ticks the rest rule stops everything."""

FRICTION_ACCEL = 520.0
"""Table friction (Coulomb), px/s^2: dice decelerate at least this much."""

THROW_SECONDS = 1.5
"""Time a lone die in a small tray slides before friction stops it."""

SPIN_FRICTION = 14.0
"""Angular friction, rad/s^2."""

LINEAR_DAMPING = 0.7
"""Fraction of velocity kept per simulated second on top of friction."""

REST_SPEED = 3.0
"""Below this speed (px/s) a die counts as stopped."""

FALL_SPEED = 45.0
"""Below this speed (px/s) a die half way over an edge falls the way it leans."""

IMPACT_JOLT = 45.0
"""A velocity change (px/s) in one tick above this is an impact: table
friction and damping take at most about 22 px/s a tick.  Impacts are read
from the velocities every tick reads anyway, not from pymunk collision
callbacks: a Python callback per new contact cost about 3 ms in a 20x6
throw's first tick and nearly doubled every later one."""

_DIE_CAT = 1
_FIELDS = (batch.BodyFields.POSITION | batch.BodyFields.ANGLE | batch.BodyFields.VELOCITY
           | batch.BodyFields.ANGULAR_VELOCITY)


@dataclass
class DiePose:
    """Where one die is and what it shows, for drawing and for results."""
    group: int
    index: int
    owner: int
    kind: str
    x: float
    y: float
    angle: float
    top: int
    tilt: float
    tilt_dir: float
    settled: bool
    hidden: bool
    next_top: int = 0
    """The face coming up while ``tilt > 0`` (the side face of the turn)."""
    size: float = DIE_SIZE
    """Die size in canvas pixels (side for d6/emblem, diameter for bone)."""


@dataclass
class Impact:
    """A die hitting another die or the rail, for clatter sounds."""
    x: float
    y: float
    speed: float
    kind: str  # 'die' | 'rail'


@dataclass
class ThrowOutcome:
    """A throw resolved headless: the faces per group, the resting poses, how
    many ticks it took and the simulated seconds."""
    faces: tuple[tuple[int, ...], ...]
    poses: list[DiePose]
    steps: int
    sim_seconds: float


def _chipmunk_in_place():
    """Chipmunk's own calls (``cpShapesCollide``, ``cpShapeGetBB``), read in
    place with no Python objects built; None when this pymunk does not have
    them where pymunk 7 keeps them (a private module: a later release may
    move it), and the public ``Shape`` calls, slower but the same numbers,
    are used instead."""
    try:
        from pymunk._chipmunk_cffi import lib
        probe = pymunk.Circle(None, 1.0), pymunk.Circle(None, 1.0)
        lib.cpShapeGetBB(probe[0]._shape)
        lib.cpShapesCollide(probe[0]._shape, probe[1]._shape).count
        return lib
    except Exception:   # any shape of "not there": moved module, renamed field
        return None


_CHIPMUNK = _chipmunk_in_place()


def overlap_depth(a: pymunk.Shape, b: pymunk.Shape) -> float:
    """How deep two shapes overlap in pixels (0 when apart or just touching).
    Chipmunk's own contact set read in place: ``Shape.shapes_collide`` gives
    the same distances but builds a set of Python objects a pair (at 20x6
    about 90 pairs a rest-rule check: 0.5 ms of it)."""
    if _CHIPMUNK is None:
        try:
            points = a.shapes_collide(b).points
        except AssertionError:  # pymunk 7 asserts instead of returning no points
            return 0.0
        return max((-p.distance for p in points), default=0.0)
    found = _CHIPMUNK.cpShapesCollide(a._shape, b._shape)
    count = found.count
    if not count:   # apart (pymunk 7's ``shapes_collide`` asserts here)
        return 0.0
    points = found.points
    depth = -points[0].distance
    if count > 1:
        other = -points[1].distance
        if other > depth:
            depth = other
    return depth


def shape_box(shape: pymunk.Shape) -> tuple[float, float, float, float]:
    """``shape.bb`` as (left, bottom, right, top), without a BB object when
    chipmunk's call is at hand."""
    if _CHIPMUNK is None:
        bb = shape.bb
        return bb.left, bb.bottom, bb.right, bb.top
    bb = _CHIPMUNK.cpShapeGetBB(shape._shape)
    return bb.l, bb.b, bb.r, bb.t


OVERLAP_LIMIT = 1.0
"""The rest rule's tolerance: two dice overlapping deeper than this many pixels are nudged apart."""

BOX_RADIUS = 1.0
"""A box die's rounded edge: its shape is a square ``ext - 2`` pixels wide grown by this radius."""


def pairs_pymunk_must_judge(halves, turns, pairs, limit: float = OVERLAP_LIMIT) -> list:
    """The near ``pairs`` (``(i, j, dx, dy)``, ``dx, dy`` = i's centre minus
    j's) that may overlap deeper than ``limit``, in their order.  A pair of
    rounded squares (``halves[i]`` = ``box_half``, -1 for a polygon;
    ``turns[i]`` = the cosine and sine of its angle) is dropped when along
    one of their four edge normals their shadows overlap by at most
    ``limit`` less a quarter pixel: no overlap is deeper than along any one
    direction.  A few float operations a pair instead of a pymunk query; one
    call for all of them (about 300 pairs at a crowded 20x6 check)."""
    out = []
    for pair in pairs:
        i, j, dx, dy = pair
        ha, hb = halves[i], halves[j]
        if ha >= 0 and hb >= 0:
            ca, sa = turns[i]
            cb, sb = turns[j]
            turn = abs(ca * cb + sa * sb) + abs(sa * cb - ca * sb)   # |cos| + |sin| of the angle between them
            reach_a = ha + hb * turn + 2 * BOX_RADIUS - limit + 0.25   # a's axes: its half, b's shadow, both rims
            reach_b = hb + ha * turn + 2 * BOX_RADIUS - limit + 0.25
            if not (abs(dx * ca + dy * sa) < reach_a and abs(dy * ca - dx * sa) < reach_a
                    and abs(dx * cb + dy * sb) < reach_b and abs(dy * cb - dx * sb) < reach_b):
                continue
        out.append(pair)
    return out


def default_zones(request: RollRequest) -> list[tuple[float, float, float, float]]:
    """Every group shares the felt when the caller has no layout."""
    return [FELT] * len(request.groups)


# pymunk's property setters, looked up once (building calls them directly).  The
# ignores: mypy types a property read on its class as the getter, which has no
# ``fset`` (at run time it is the ``property``); ``unused-ignore`` for pymunk
# versions whose typing differs.
_set_position = pymunk.Body.position.fset  # type: ignore[attr-defined, unused-ignore]
_set_angle = pymunk.Body.angle.fset  # type: ignore[attr-defined, unused-ignore]
_set_velocity = pymunk.Body.velocity.fset  # type: ignore[attr-defined, unused-ignore]
_set_angular_velocity = pymunk.Body.angular_velocity.fset  # type: ignore[attr-defined, unused-ignore]
_set_elasticity = pymunk.Shape.elasticity.fset  # type: ignore[attr-defined, unused-ignore]
_set_friction = pymunk.Shape.friction.fset  # type: ignore[attr-defined, unused-ignore]
_set_collision_type = pymunk.Shape.collision_type.fset  # type: ignore[attr-defined, unused-ignore]
_set_filter = pymunk.Shape.filter.fset  # type: ignore[attr-defined, unused-ignore]
_set_max_bias = pymunk.Constraint.max_bias.fset  # type: ignore[attr-defined, unused-ignore]
_set_max_force = pymunk.Constraint.max_force.fset  # type: ignore[attr-defined, unused-ignore]


@lru_cache(maxsize=None)
def _die_model(kind: str, ext: float):
    """(moment, polygon vertices or None for a box, tip length) of a die."""
    if kind == "bone":
        r = ext / 2
        verts = tuple((r * math.cos(math.pi * k / 5), r * math.sin(math.pi * k / 5))
                      for k in range(10))
        return pymunk.moment_for_poly(1.0, verts), verts, ext * 0.62
    return pymunk.moment_for_box(1.0, (ext, ext)), None, ext


class _Die:
    """One die in flight: its pymunk body and shape, its 3-D orientation and
    the tip state (slots, set in ``Throw._make_die``: building is half a throw)."""
    __slots__ = ("group", "index", "owner", "kind", "hidden", "body", "shape", "orient",
                 "labels", "sym", "ax", "ay", "px", "py", "pa", "settled", "size",
                 "tip_len", "tip_len2", "tip_t", "square", "zone", "dirs", "prev", "vx", "vy", "box_half")
    group: int
    index: int
    owner: int
    kind: str
    hidden: bool
    body: pymunk.Body
    shape: pymunk.Poly
    orient: Any
    labels: Any
    sym: Any
    ax: float
    ay: float
    px: float
    py: float
    pa: float
    settled: bool
    size: float
    tip_len: float
    tip_len2: float
    tip_t: float
    square: bool
    box_half: float
    """Half the side of a box die's square before its rounded rim (``BOX_RADIUS``); -1 for a polygon (the bone)."""
    zone: tuple[float, float, float, float]
    dirs: Any
    prev: tuple[float, float, float, float, float]
    vx: float
    vy: float
    """The velocity at the last tick (an impact is a jolt in it: ``Throw._tick``)."""

    def tilt_state(self):
        """(progress 0..1, tip index) of the tip the die is heading into."""
        if self.square:
            best, best_i = _d6_lead(self.ax, self.ay)
            return best / self.tip_len, best_i
        best, best_i = 0.0, -1
        for i, ((dx, dy), _) in enumerate(self.dirs):
            p = self.ax * dx + self.ay * dy
            if p > best:
                best, best_i = p, i
        return best / self.tip_len, best_i


def _d6_lead(ax: float, ay: float) -> tuple[float, int]:
    """A d6's leading tip: its tip directions are always E, W, S, N (body
    axes), so the best projection of the travel ``(ax, ay)`` is the largest
    of ax, -ax, ay, -ay (first wins ties); ``(travel along it, index)``,
    index -1 for no travel."""
    if ax > 0.0:
        best, i = ax, 0
    elif ax < 0.0:
        best, i = -ax, 1
    else:
        best, i = 0.0, -1
    if ay > best:
        best, i = ay, 2
    elif -ay > best:
        best, i = -ay, 3
    return best, i


def _tip_d6(die: _Die, ax: float, ay: float) -> tuple[float, float]:
    """Tip a d6 over every edge it has travelled past (``tilt_state`` and
    ``_tip_if_due`` unrolled for the four body-axis directions E, W, S, N);
    stores and returns the new travel ``(ax, ay)``."""
    tl = die.tip_len
    orient = None
    while True:
        best, i = _d6_lead(ax, ay)
        if best / tl < 1.0:
            break
        if i == 0:
            ax -= tl
        elif i == 1:
            ax += tl
        elif i == 2:
            ay -= tl
        else:
            ay += tl
        orient = die.orient
        orient.tip(i)
    if orient is not None:
        die.dirs = orient.directions()
    die.ax = ax
    die.ay = ay
    return ax, ay


def _fall_d6(die: _Die, ax: float, ay: float) -> tuple[float, float]:
    """``Throw._fall`` for a d6 (tip directions E, W, S, N), with the same
    arithmetic; stores and returns the new travel ``(ax, ay)``."""
    tl = die.tip_len
    best, i = _d6_lead(ax, ay)
    if i < 0 or best / tl < 0.5:
        ax *= 0.6
        ay *= 0.6
        if ax * ax + ay * ay < 0.25:
            ax = ay = 0.0
        die.ax = ax
        die.ay = ay
        return ax, ay
    if i == 0:
        tx, ty = tl, 0.0
    elif i == 1:
        tx, ty = -tl, 0.0
    elif i == 2:
        tx, ty = 0.0, tl
    else:
        tx, ty = 0.0, -tl
    ax += (tx - ax) * 0.35
    ay += (ty - ay) * 0.35
    if (tx - ax) ** 2 + (ty - ay) ** 2 < (0.05 * tl) ** 2:
        _tip_d6(die, tx, ty)
        ax = ay = 0.0
    die.ax = ax
    die.ay = ay
    return ax, ay


def _near_pairs(dice) -> list[tuple[int, int, float, float]]:
    """``(i, j, dx, dy)`` for every pair ``i < j`` of dice whose centres are
    less than ``0.72`` of their summed sizes apart on both axes (the pairs
    the rest rule asks pymunk about), in index order.  A uniform grid (cell
    = the largest such reach) finds them: a 20x6 table's dice are spread
    over the whole canvas, and the sweep along x it replaces listed about
    ten times as many candidate pairs (a 4-7 ms landing tick)."""
    if not dice:
        return []
    xs = [die.px for die in dice]
    ys = [die.py for die in dice]
    sizes = [die.size for die in dice]
    cell = max(sizes) * 1.44 + 1.0
    grid: dict[tuple[int, int], list[int]] = {}
    for i, (x, y) in enumerate(zip(xs, ys)):
        grid.setdefault((int(x // cell), int(y // cell)), []).append(i)
    out = []
    for (cx, cy), members in grid.items():
        # each pair once: within the cell, then the four cells after it (the
        # other four see this cell as theirs); sorted into index order below
        for k, i in enumerate(members):
            ax, ay, size = xs[i], ys[i], sizes[i]
            for j in members[k + 1:]:
                need = (size + sizes[j]) * 0.72
                dx, dy = ax - xs[j], ay - ys[j]
                if -need < dx < need and -need < dy < need:
                    out.append((i, j, dx, dy))
        for key in ((cx + 1, cy - 1), (cx + 1, cy), (cx + 1, cy + 1), (cx, cy + 1)):
            others = grid.get(key)
            if others is None:
                continue
            for i in members:
                ax, ay, size = xs[i], ys[i], sizes[i]
                for j in others:
                    need = (size + sizes[j]) * 0.72
                    if i < j:
                        dx, dy = ax - xs[j], ay - ys[j]
                    else:
                        dx, dy = xs[j] - ax, ys[j] - ay
                    if -need < dx < need and -need < dy < need:
                        out.append((i, j, dx, dy) if i < j else (j, i, dx, dy))
    out.sort()
    return out


SEPARATION_SWEEPS = 60
"""At most this many sweeps of the hard stop's overlap separation."""

SEPARATION_PATIENCE = 4
"""Sweeps without a shallower deepest overlap after which the separation
gives up: more dice than their zones can hold never come apart, and a
crowded 20-seat table must not spend 60 sweeps finding that out."""


class _Separation:
    """The hard stop's deterministic separation: push overlapping dice apart
    (centre distance at least 1.42 half-sizes summed, a die's circumcircle)
    and clamp each into its zone, one ``sweep()`` per physics tick until
    nothing moves (the dice visibly slide apart instead of one frame
    stalling for all of it).

    A sweep visits only the pairs a uniform grid (cell = the largest reach)
    finds near each other, in index order, so it costs about the number of
    dice instead of its square; a pair that a push brings together mid-sweep
    is found by the next sweep, and a sweep that moves nothing proves every
    pair apart.  Plain floats, no pymunk calls.  When the deepest overlap
    stops shrinking (more dice than their zones hold) it gives up after
    ``SEPARATION_PATIENCE`` sweeps."""

    def __init__(self, points, sizes, zones):
        self.xs = [float(p[0]) for p in points]
        self.ys = [float(p[1]) for p in points]
        self.half = [s / 2 * 1.42 for s in sizes]
        self.cell = 2 * max(self.half, default=1.0)
        self.bounds = [(zx + s * 0.71, zx + zw - s * 0.71, zy + s * 0.71, zy + zh - s * 0.71)
                       for s, (zx, zy, zw, zh) in zip(sizes, zones)]
        self.sweeps = 0
        self.best = math.inf
        self.stalled = 0
        self.finished = not self.xs

    def sweep(self) -> bool:
        """One sweep; True once the separation is finished."""
        if self.finished:
            return True
        xs, ys, half, cell = self.xs, self.ys, self.half, self.cell
        hypot = math.hypot
        moved = False
        deepest = 0.0
        grid: dict = {}
        keys = []
        for i in range(len(xs)):
            key = (int(xs[i] // cell), int(ys[i] // cell))
            keys.append(key)
            grid.setdefault(key, []).append(i)
        pairs = []
        for i, (cx, cy) in enumerate(keys):
            for gx in (cx - 1, cx, cx + 1):
                for gy in (cy - 1, cy, cy + 1):
                    for j in grid.get((gx, gy), ()):
                        if j > i:
                            pairs.append((i, j))
        pairs.sort()
        for i, j in pairs:
            ax, ay, bx, by = xs[i], ys[i], xs[j], ys[j]
            need = half[i] + half[j]
            dx, dy = bx - ax, by - ay
            if dx >= need or dx <= -need or dy >= need or dy <= -need:
                continue
            d = hypot(dx, dy)
            if d < need:
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.0, 1.0
                if need - d > deepest:
                    deepest = need - d
                push = (need - d) / 2 + 0.1
                ux, uy = dx / d * push, dy / d * push
                xs[i], ys[i] = ax - ux, ay - uy
                xs[j], ys[j] = bx + ux, by + uy
                moved = True
        for i, (lo_x, hi_x, lo_y, hi_y) in enumerate(self.bounds):
            x, y = xs[i], ys[i]
            nx = min(max(x, lo_x), hi_x)
            ny = min(max(y, lo_y), hi_y)
            if nx != x or ny != y:
                xs[i], ys[i] = nx, ny
                moved = True
        self.sweeps += 1
        if deepest < self.best - 0.01:
            self.best, self.stalled = deepest, 0
        else:
            self.stalled += 1
        self.finished = (not moved or self.sweeps >= SEPARATION_SWEEPS
                         or self.stalled >= SEPARATION_PATIENCE)
        return self.finished


ADD_PER_STEP = 90
"""Bodies, shapes or joints added to the space per build step (``Throw.prepare``)."""

FORCE_TICKS_PER_STEP = 3
"""Ticks of a forced throw's twin per build step (``Throw.prepare(forced=...)``):
about 0.6 ms a tick at 20 seats x 6 dice."""

_SELF_HANDLES = ("_data_handle", "_h", "_userData")
"""Where pymunk 7 keeps an object's handle to itself (bodies and joints,
shapes, collision handlers): the reference cycle ``Throw.dispose_steps`` cuts."""


def _drop_self_handle(obj) -> None:
    """Cut ``obj``'s pymunk self-handle (if it has one: another pymunk
    version leaves the object to the garbage collector, as before)."""
    attrs = getattr(obj, "__dict__", None)
    if attrs is not None:
        for name in _SELF_HANDLES:
            attrs.pop(name, None)


class Throw:
    """A throw in progress.  ``step()`` until ``done``; read ``poses()``.

    ``zones``: one ``(x, y, w, h)`` rect per group, the tray that group's
    dice are thrown into and rest in (``None``: all share ``FELT``).
    ``speed``: animation rate (1.0 normal, 2.0 fast); it changes only how
    much simulated time a ``step()`` covers, never the outcome.
    ``forced``: faces per group to land on (replays); the motion is the
    same as without, only the numbers painted on the dice differ."""

    DT = DT
    TICK = TICK

    def __init__(self, request: RollRequest, seed: int,
                 zones: Sequence[Sequence[float]] | None = None, *,
                 speed: float = 1.0, forced: Sequence[Sequence[int]] | None = None,
                 die_size: float = DIE_SIZE, _deferred: bool = False):
        self.request = request
        self.seed = int(seed)
        self.zones: list[tuple[float, float, float, float]] = [
            (float(x), float(y), float(w), float(h)) for x, y, w, h in (zones or default_zones(request))]
        if len(self.zones) != len(request.groups):
            raise ValueError(f"zones: need one rect per dice group ({len(request.groups)}), "
                             f"got {len(self.zones)}")
        self.speed = float(speed)
        if self.speed <= 0:
            raise ValueError("speed must be positive")
        self.die_size = float(die_size)
        self.sim_time = 0.0
        self.ticks = 0
        self._tick_time = 0.0
        self.impacts: list[Impact] = []
        self._report_impacts = True
        self._buf = batch.Buffer()
        self.dice: list[_Die] = []   # here, not in the build: a throw taken apart mid-build has none
        self._building: Generator[int, None, None] | None = self._build_steps()
        if not _deferred:
            self.finish_build()
        if forced is not None:
            self._force(forced)

    @classmethod
    def prepare(cls, request: RollRequest, seed: int,
                zones: Sequence[Sequence[float]] | None = None, *,
                speed: float = 1.0, die_size: float = DIE_SIZE,
                forced: Sequence[Sequence[int]] | None = None) -> "Throw":
        """The same throw, built a group of dice per ``build_step()`` (a table
        builds its next throw this way while a reveal plays, so the frame the
        dice fly in does not also build 120 bodies).  The finished throw is
        identical to ``Throw(...)``: same bodies, order and random draws.
        With ``forced`` (a replay's or a lesson's faces) the steps go on to
        run the twin that ``_force`` runs, ``FORCE_TICKS_PER_STEP`` ticks a
        step, and take it apart (at 20 seats x 6 dice the twin is 40-50 ms
        of the throw's first frame): the same labels as ``Throw(forced=...)``."""
        throw = cls(request, seed, zones, speed=speed, die_size=die_size, _deferred=True)
        if forced is not None:
            throw._check_forced(forced)
            built = throw._building
            assert built is not None, "a deferred throw has its build steps"
            throw._building = throw._build_then_force(built, forced)
        return throw

    def build_step(self) -> bool:
        """Build the next group of dice; True once the throw is complete
        (a zone too small for its dice raises ``ValueError``, as ``Throw`` does)."""
        if self._building is None:
            return True
        if next(self._building, None) is None:
            self._building = None
        return self._building is None

    def finish_build(self) -> "Throw":
        while not self.build_step():
            pass
        return self

    # ------------------------------------------------------------------ build
    def _build_steps(self) -> Generator[int, None, None]:
        """Build the space (a generator: it pauses after each group of dice)."""
        motion = stream(self.seed, "throw-motion")
        paint_rng = stream(self.seed, "throw-paint")
        space = pymunk.Space()
        space.iterations = 8
        space.damping = LINEAR_DAMPING
        self.space = space
        self._anchor = space.static_body
        zone_bits: dict[tuple, int] = {}
        for zone in self.zones:
            if zone not in zone_bits:
                zone_bits[zone] = 1 << (1 + len(zone_bits) % 31)
                self._add_rail(zone, zone_bits[zone])
                if len(zone_bits) % 5 == 0:
                    yield -1   # 20 rails are a step's work in four
        filters: dict[int, pymunk.ShapeFilter] = {}
        bodies: list[pymunk.Body] = []
        attached: list = []
        for gi, (group, zone) in enumerate(zip(self.request.groups, self.zones)):
            starts = self._start_positions(zone, group.count, group.kind, motion)
            bit = zone_bits[zone]
            filt = filters.get(bit)
            if filt is None:
                filt = filters[bit] = pymunk.ShapeFilter(categories=_DIE_CAT, mask=_DIE_CAT | bit)
            n_sym = len(symmetries(group.kind))
            for di in range(group.count):
                die = self._add_die(gi, di, group, zone, filt, starts[di], motion, attached)
                bodies.append(die.body)
                die.sym = paint_rng.randrange(n_sym)
                die.labels = paint(group.kind, die.sym)
                self.dice.append(die)
            yield gi
        # as one ``space.add(*bodies, *attached)`` would (pymunk adds the
        # bodies first, space order = dice order, then shapes and joints in
        # dice order), in slices over steps: the same space, same order
        for items in (bodies, attached):
            for i in range(0, len(items), ADD_PER_STEP):
                space.add(*items[i:i + ADD_PER_STEP])
                yield -1

    def _add_rail(self, zone, bit) -> None:
        x, y, w, h = zone
        r = 6.0
        pts = [(x - r, y - r), (x + w + r, y - r), (x + w + r, y + h + r), (x - r, y + h + r)]
        filt = pymunk.ShapeFilter(categories=bit, mask=_DIE_CAT)
        segs = []
        for a, b in zip(pts, pts[1:] + pts[:1]):
            seg = pymunk.Segment(self._anchor, a, b, r)
            _set_elasticity(seg, 0.55)
            _set_friction(seg, 0.5)
            _set_collision_type(seg, 2)
            _set_filter(seg, filt)
            segs.append(seg)
        assert self.space is not None, "rails are added while the throw is built"
        self.space.add(*segs)

    def _die_extent(self, kind) -> float:
        return self.die_size * (BONE_SCALE if kind == "bone" else 1.0)

    def _start_positions(self, zone, count, kind, rng):
        """Dice leave the zone edge nearest the table border, in rows."""
        x, y, w, h = zone
        cx, cy = x + w / 2, y + h / 2
        ext = self._die_extent(kind)
        gap = ext * 1.15
        # edge facing the player: the one nearest the canvas border
        dx, dy = cx - CANVAS[0] / 2, cy - CANVAS[1] / 2
        if abs(dx) / CANVAS[0] > abs(dy) / CANVAS[1]:
            normal = (-1.0 if dx > 0 else 1.0, 0.0)  # inward
            along, depth = h, w
        else:
            normal = (0.0, -1.0 if dy > 0 else 1.0)
            along, depth = w, h
        per_row = max(1, int((along - ext * 0.3) // gap))
        rows = -(-count // per_row)
        if ext * 1.5 + (rows - 1) * gap > depth + 1e-6 or ext * 1.45 > along:
            raise ValueError(f"zone {zone} is too small for {count} {kind} dice "
                             f"of {ext:.0f} px")
        starts = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            offset = (col - (in_row - 1) / 2) * gap + rng.uniform(-0.15, 0.15) * (gap - ext)
            d = ext * 0.75 + row * gap
            if normal[0] != 0:
                edge_x = x if normal[0] > 0 else x + w
                px, py = edge_x + normal[0] * d, cy + offset
            else:
                edge_y = y if normal[1] > 0 else y + h
                px, py = cx + offset, edge_y + normal[1] * d
            starts.append((px, py, normal, depth))
        return starts

    def _add_die(self, gi, di, group, zone, filt, start, rng, attached) -> _Die:
        """A die's body, shape and table friction; the shape and joints go to
        ``attached``, for ``_build`` to add to the space in one call."""
        px, py, normal, depth = start
        ext = self._die_extent(group.kind)
        mass = 1.0
        moment, verts, tip_len = _die_model(group.kind, ext)
        body = pymunk.Body(mass, moment)
        # the property setters called directly: what ``body.x = v`` runs,
        # minus pymunk's ``__setattr__`` hop (building is half a throw's time)
        _set_position(body, (px, py))
        angle = rng.uniform(-math.pi, math.pi)
        _set_angle(body, angle)
        if verts is not None:
            shape = pymunk.Poly(body, verts, radius=BOX_RADIUS)
            box_half = -1.0
        else:
            shape = pymunk.Poly.create_box(body, (ext - 2, ext - 2), radius=BOX_RADIUS)
            box_half = (ext - 2) / 2
        _set_elasticity(shape, 0.45)
        _set_friction(shape, 0.35)
        _set_collision_type(shape, 1)
        _set_filter(shape, filt)
        # Throw: toward the far side of the zone, spread, with spin.
        travel = depth * rng.uniform(0.55, 1.45) + ext * 2.0
        # small trays get less friction, so every throw lasts about as long
        friction = min(FRICTION_ACCEL, 2 * travel / THROW_SECONDS ** 2)
        v0 = math.sqrt(2 * friction * travel) * 0.8
        heading = math.atan2(normal[1], normal[0]) + rng.uniform(-0.6, 0.6)
        vx, vy = v0 * math.cos(heading), v0 * math.sin(heading)
        _set_velocity(body, (vx, vy))
        _set_angular_velocity(body, rng.uniform(-9.0, 9.0))
        # Coulomb friction against the table: pivot + gear to the static body.
        pivot = pymunk.PivotJoint(self._anchor, body, (0, 0), (0, 0))
        _set_max_bias(pivot, 0)
        _set_max_force(pivot, mass * friction)
        gear = pymunk.GearJoint(self._anchor, body, 0.0, 1.0)
        _set_max_bias(gear, 0)
        _set_max_force(gear, moment * SPIN_FRICTION)
        attached += (shape, pivot, gear)
        die = _Die()
        die.group, die.index, die.owner = gi, di, group.owner
        die.kind, die.hidden, die.zone = group.kind, group.hidden, zone
        die.body, die.shape, die.size, die.tip_len = body, shape, ext, tip_len
        die.box_half = box_half
        die.tip_len2 = tip_len * tip_len
        die.tip_t = tip_len * 0.999999
        die.orient = new_orientation(group.kind)
        die.dirs = die.orient.directions()
        die.square = die.orient.axis_aligned
        die.ax = die.ay = 0.0
        die.px, die.py, die.pa = px, py, angle
        die.prev = (px, py, angle, 0.0, 0.0)
        die.vx, die.vy = vx, vy
        die.settled = False
        return die

    def _check_forced(self, forced) -> None:
        if len(forced) != len(self.request.groups) or any(
                len(f) != g.count for f, g in zip(forced, self.request.groups)):
            raise ValueError("forced faces do not match the request's dice groups")

    def _force(self, forced) -> None:
        """Repaint the dice so they land on ``forced`` without changing the motion."""
        self._check_forced(forced)
        for _ in self._force_steps(forced, dispose=False):
            pass

    def _build_then_force(self, built: Generator[int, None, None], forced) -> Generator[int, None, None]:
        """``Throw.prepare``'s steps with ``forced``: the build, then ``_force``'s."""
        yield from built
        yield from self._force_steps(forced, dispose=True)

    def _force_steps(self, forced, *, dispose: bool) -> Generator[int, None, None]:
        """``_force`` a piece a step: the unforced twin of this throw (same
        seed, zones and size: the same motion) built and run to rest, then
        each die painted so the face the twin's die shows on top reads
        ``forced``; with ``dispose`` the twin is then taken apart a step at a
        time (``dispose_steps``), not left to a garbage collection."""
        twin = Throw.prepare(self.request, self.seed, self.zones, die_size=self.die_size)
        twin._report_impacts = False
        while not twin.build_step():
            yield -1
        while not twin.run_for(FORCE_TICKS_PER_STEP):
            yield -1
        for die, ghost in zip(self.dice, twin.dice):
            face = forced[die.group][die.index]
            die.labels = paint_forcing(die.kind, die.sym, ghost.orient.top_slot, face)
        if dispose:
            for _ in twin.dispose_steps():
                yield -1

    # ------------------------------------------------------------ collisions
    def _impact(self, die: _Die, x: float, y: float, dvx: float, dvy: float) -> Impact:
        """The clatter of a die whose velocity jolted by ``(dvx, dvy)`` in one
        tick: against its rail when it is near its zone's edge, else against
        a die; ``speed`` is about the closing speed a contact callback
        reported (a die loses about 0.7 of it against a die, gains 1.45 times
        it bouncing off the rail)."""
        zx, zy, zw, zh = die.zone
        reach = die.size * 0.8
        jolt = math.sqrt(dvx * dvx + dvy * dvy)
        if x - zx < reach or y - zy < reach or zx + zw - x < reach or zy + zh - y < reach:
            return Impact(x, y, jolt / 1.45, "rail")
        return Impact(x, y, jolt / 0.72, "die")

    # ------------------------------------------------------------ disposal
    DISPOSE_PER_STEP = 48
    """Physics objects taken out of the space per ``dispose_steps`` step."""

    def dispose_steps(self):
        """Take a throw that is no longer shown apart, a few dozen physics
        objects per step (a generator; a table runs one step a frame).

        pymunk gives every body, shape, joint and collision handler a handle
        to itself, and the space's collision handlers hold this throw: a
        dropped throw is a few thousand objects in reference cycles, freed
        only by a garbage collection.  By then they sit in the oldest
        generation, and the full collection that frees a few throws' worth
        took 40-60 ms in one table frame.  Here each object leaves the
        space and loses its self-handle, so reference counting frees it at
        once.  After the last step the throw cannot be stepped or drawn."""
        if self._building is not None:   # a throw built ahead and not used
            self._building.close()
            self._building = None
        space = getattr(self, "space", None)
        if space is None:
            return
        per = self.DISPOSE_PER_STEP
        for group in (list(space.constraints), list(space.shapes), list(space.bodies)):
            while group:
                chunk = group[-per:]
                del group[-per:]
                space.remove(*chunk)
                for obj in chunk:
                    _drop_self_handle(obj)
                del chunk, obj
                yield True
        for die in self.dice:
            del die.body, die.shape
        handlers = getattr(space, "_handlers", {})
        for handler in handlers.values():
            _drop_self_handle(handler)
        handlers.clear()
        _drop_self_handle(space.static_body)
        del self._anchor
        self.space = None
        self._done = True
        yield True

    # ------------------------------------------------------------- stepping
    @property
    def done(self) -> bool:
        return self._done

    _done = False
    space: pymunk.Space | None = None
    """The physics world: set by the build, None once ``dispose_steps`` took it apart."""

    def step(self) -> list[Impact]:
        """Advance display time by ``DT * speed``; return the impacts since
        the last step (empty when done)."""
        if self._building is not None:
            self.finish_build()
        if self._done:
            return []
        assert self.space is not None, "only a done throw is taken apart"
        self.sim_time += DT * self.speed
        while not self.done and self._tick_time + TICK <= self.sim_time + 1e-9:
            self._tick()
        if self.done:   # the property: ``_tick`` may have finished the throw
            self.sim_time = max(self.sim_time, self._tick_time)
        out, self.impacts = self.impacts, []
        return out

    def run_for(self, ticks: int) -> bool:
        """Tick at most ``ticks`` times toward completion (headless, a
        slice of ``run``); True once the throw is done."""
        for _ in range(ticks):
            if self._done:
                break
            self._tick()
        return self._done

    def run(self) -> "Throw":
        """Tick to completion (headless)."""
        self.finish_build()
        while not self._done:
            self._tick()
        self.sim_time = self._tick_time
        self.impacts = []
        return self

    def _tick(self) -> None:
        if self._separation is not None:
            # the hard stop's separation: no physics, one sweep per tick
            self.ticks += 1
            self._tick_time = self.ticks * TICK
            self._separate_step()   # the last sweep marks the throw done
            return
        assert self.space is not None, "only a done throw is taken apart"
        self.space.step(TICK)
        self.ticks += 1
        self._tick_time = self.ticks * TICK
        buf = self._buf
        buf.clear()
        batch.get_space_bodies(self.space, _FIELDS, buf)
        it = iter(memoryview(buf.float_buf()).cast("d").tolist())
        all_settled = True
        fall2 = FALL_SPEED * FALL_SPEED
        rest2 = REST_SPEED * REST_SPEED
        cos, sin = math.cos, math.sin
        keep_prev = self._report_impacts  # headless runs never interpolate, nor clatter
        jolt2 = IMPACT_JOLT * IMPACT_JOLT
        # six floats per body (x, y, angle, vx, vy, w), bodies in dice order
        for die, x, y, a, vx, vy, w in zip(self.dice, it, it, it, it, it, it):
            px = die.px
            py = die.py
            ax = die.ax
            ay = die.ay
            if keep_prev:
                die.prev = (px, py, die.pa, ax, ay)
                dvx = vx - die.vx
                dvy = vy - die.vy
                die.vx = vx
                die.vy = vy
                if dvx * dvx + dvy * dvy > jolt2:
                    self.impacts.append(self._impact(die, x, y, dvx, dvy))
            die.px = x
            die.py = y
            die.pa = a
            dx = x - px
            dy = y - py
            if dx or dy:
                c = cos(a)
                s = sin(a)
                ax += dx * c + dy * s
                ay += dy * c - dx * s
                die.ax = ax
                die.ay = ay
            speed2 = vx * vx + vy * vy
            if speed2 < fall2:
                if ax or ay:
                    if die.square:
                        ax, ay = _fall_d6(die, ax, ay)
                    else:
                        self._fall(die)
                        ax = die.ax
                        ay = die.ay
            elif die.square:
                # d6: a tip is due only once |ax| or |ay| reaches tip_len
                t = die.tip_t
                if ax >= t or ax <= -t or ay >= t or ay <= -t:
                    ax, ay = _tip_d6(die, ax, ay)
            elif ax * ax + ay * ay >= die.tip_len2:
                # only then can some tip direction have reached tip_len
                self._tip_if_due(die)
                ax = die.ax
                ay = die.ay
            if speed2 < rest2 and -0.08 < w < 0.08 and ax * ax + ay * ay < 0.25:
                die.settled = True
            else:
                die.settled = False
                all_settled = False
        if all_settled:
            if self._apply_rest_rule():
                self._done = True
        elif self.ticks >= MAX_TICKS:
            self._hard_stop()

    def _tip_if_due(self, die) -> None:
        if die.square:
            _tip_d6(die, die.ax, die.ay)
            return
        progress, i = die.tilt_state()
        while progress >= 1.0:
            (dx, dy), _ = die.dirs[i]
            die.ax -= dx * die.tip_len
            die.ay -= dy * die.tip_len
            die.orient.tip(i)
            die.dirs = die.orient.directions()
            progress, i = die.tilt_state()

    def _fall(self, die) -> None:
        """A slow die falls the way it leans: over the edge past half way,
        back flat otherwise (so nothing rests cocked)."""
        progress, i = die.tilt_state()
        if i < 0 or progress < 0.5:
            die.ax *= 0.6
            die.ay *= 0.6
            if die.ax * die.ax + die.ay * die.ay < 0.25:
                die.ax = die.ay = 0.0
            return
        (dx, dy), _ = die.dirs[i]
        tx, ty = dx * die.tip_len, dy * die.tip_len
        die.ax += (tx - die.ax) * 0.35
        die.ay += (ty - die.ay) * 0.35
        if (tx - die.ax) ** 2 + (ty - die.ay) ** 2 < (0.05 * die.tip_len) ** 2:
            die.ax, die.ay = tx, ty
            self._tip_if_due(die)
            die.ax = die.ay = 0.0

    # ------------------------------------------------------------ rest rule
    def _problems(self):
        """(die, push direction) for each die overlapping another or outside its zone."""
        out = []
        flagged = set()
        dice = self.dice
        cos, sin = math.cos, math.sin
        turns = [(cos(die.pa), sin(die.pa)) for die in dice]   # once a die: the zone and pair checks share them
        for die, (c, s) in zip(dice, turns):
            zx, zy, zw, zh = die.zone
            if die.box_half >= 0:
                # a rounded square's box from its angle (pymunk's ``bb`` builds an object a die):
                # clearly inside its zone, else pymunk's box decides
                x, y = die.px, die.py
                reach = die.box_half * (abs(c) + abs(s)) + BOX_RADIUS + 0.01
                if zx - 1 < x - reach and zy - 1 < y - reach and x + reach < zx + zw + 1 and y + reach < zy + zh + 1:
                    continue
            left, bottom, right, top = shape_box(die.shape)
            if left < zx - 1 or bottom < zy - 1 or right > zx + zw + 1 or top > zy + zh + 1:
                out.append((die, (zx + zw / 2 - die.px, zy + zh / 2 - die.py)))
                flagged.add(id(die))
        for i, j, dx, dy in pairs_pymunk_must_judge([die.box_half for die in dice], turns, _near_pairs(dice)):
            a, b = dice[i], dice[j]
            if overlap_depth(a.shape, b.shape) > OVERLAP_LIMIT:
                for die, sign in ((a, 1.0), (b, -1.0)):
                    if id(die) not in flagged:
                        flagged.add(id(die))
                        out.append((die, (sign * dx, sign * dy)))
        return out

    _nudges = 0

    def _apply_rest_rule(self) -> bool:
        """True when every die rests flat, apart and in its zone; otherwise
        nudge offenders with a small impulse and keep simulating."""
        problems = self._problems()
        if not problems:
            return True
        self._nudges += 1
        if self._nudges > 3 or self.ticks >= MAX_TICKS:
            self._hard_stop()
            return False  # done after the separation's sweeps (next ticks)
        for die, (dx, dy) in problems:
            ln = math.hypot(dx, dy) or 1.0
            die.body.apply_impulse_at_world_point((dx / ln * 60.0, dy / ln * 60.0), die.body.position)
            die.vx, die.vy = die.body.velocity   # a nudge is no clatter
            die.settled = False
        return False

    def _hard_stop(self) -> None:
        """Step limit reached: stop everything, finish pending tips the way
        they lean; the next ticks separate overlaps and clamp into zones
        (deterministic, see ``_Separation``), then the throw is done."""
        for die in self.dice:
            die.body.velocity = (0, 0)
            die.body.angular_velocity = 0
            for _ in range(40):
                if die.ax == 0.0 and die.ay == 0.0:
                    break
                self._fall(die)
            die.ax = die.ay = 0.0
            die.settled = True
        self._separation = _Separation([die.body.position for die in self.dice],
                                       [die.size for die in self.dice],
                                       [die.zone for die in self.dice])

    _separation: _Separation | None = None

    def _separate_step(self) -> None:
        """One sweep of the hard stop's separation (one per tick, so a crowded
        table spreads the work over frames); the throw is done after the last."""
        sep = self._separation
        assert sep is not None, "the hard stop prepared the separation"
        finished = sep.sweep()
        for die, x, y in zip(self.dice, sep.xs, sep.ys):
            die.prev = (die.px, die.py, die.pa, 0.0, 0.0)
            die.px, die.py = x, y
        if not finished:
            return
        assert self.space is not None, "only a done throw is taken apart"
        for die in self.dice:
            if (die.px, die.py) != tuple(die.body.position):
                die.body.position = (die.px, die.py)
            die.prev = (die.px, die.py, die.pa, 0.0, 0.0)
            self.space.reindex_shapes_for_body(die.body)
        self._separation = None
        self._done = True

    # --------------------------------------------------------------- results
    def faces(self) -> tuple[tuple[int, ...], ...]:
        """Face on top of every die, per group (like ``RollResult.faces``)."""
        out: list[list[int]] = [[] for _ in self.request.groups]
        for die in self.dice:
            out[die.group].append(die.labels[die.orient.top_slot])
        return tuple(tuple(f) for f in out)

    def poses(self, alpha: float = 1.0) -> list[DiePose]:
        """Every die's pose, ``alpha`` of the way from the previous display
        step to the current one (1.0 = now)."""
        t = self.sim_time - (1.0 - alpha) * DT * self.speed
        if self._done:
            t = max(t, self._tick_time)
        f = 1.0 - (self._tick_time - t) / TICK
        f = min(1.0, max(0.0, f))
        out = []
        for die in self.dice:
            px, py, pa, pax, pay = die.prev
            x = px + (die.px - px) * f
            y = py + (die.py - py) * f
            da = (die.pa - pa + math.pi) % (2 * math.pi) - math.pi
            a = pa + da * f
            tilt, i = die.tilt_state()
            top = die.labels[die.orient.top_slot]
            if i >= 0 and tilt > 0.02:
                (dx, dy), up_slot = die.dirs[i]
                c, s = math.cos(a), math.sin(a)
                tilt_dir = math.atan2(dx * s + dy * c, dx * c - dy * s)
                next_top = die.labels[up_slot]
                tilt = min(1.0, tilt)
            else:
                tilt, tilt_dir, next_top = 0.0, 0.0, top
            out.append(DiePose(die.group, die.index, die.owner, die.kind, x, y, a, top,
                               tilt, tilt_dir, die.settled and self._done, die.hidden,
                               next_top, die.size))
        return out

    # ---------------------------------------------------------- shortcuts
    @classmethod
    def instant(cls, request: RollRequest, seed: int, zones=None, *, speed: float = 1.0,
                forced=None, die_size: float = DIE_SIZE) -> "Throw":
        """Reduced motion: the same throw, already settled (same faces and
        resting places as watching it)."""
        throw = cls(request, seed, zones, speed=speed, forced=forced, die_size=die_size)
        throw._report_impacts = False
        return throw.run()


def resolve_throw(request: RollRequest, seed: int, zones=None, *,
                  forced=None) -> ThrowOutcome:
    """Resolve a throw headless: the same ticks as an on-screen ``Throw``."""
    throw = Throw(request, seed, zones, forced=forced)
    throw._report_impacts = False
    throw.run()
    return ThrowOutcome(throw.faces(), throw.poses(), throw.ticks, throw.ticks * TICK)
