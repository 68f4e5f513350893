"""Which face is up: the 3D orientation of a die that tips over its edges.

The table is top-down, so pymunk only knows a die's in-plane position and
angle.  This module keeps the rest of the 3D story: which face points up and
which way the die tips next as it travels.

Fairness argument, in one place.  Every die starts in the same *geometric*
pose (slot indices ``0..n-1``, no numbers attached) and the tips it makes
depend only on its motion, never on labels.  Numbers are painted on the
slots afterwards by a uniformly random rotational symmetry of the solid.
The rotation group acts transitively on faces, so whatever slot ends on top,
its number is uniform over ``1..sides``.  Forced faces (replays) pick, among
the symmetries, one that paints the logged number on the slot that ended on
top: the motion is untouched.

Body frame: x east (screen right), y south (screen down), z up (towards the
viewer).
"""
from __future__ import annotations

import math
from functools import lru_cache
from operator import itemgetter

# --------------------------------------------------------------------------
# d6 (also the Roll Call emblem die): slots by direction in the body frame
# --------------------------------------------------------------------------

UP, DOWN, NORTH, SOUTH, EAST, WEST = range(6)

D6_STANDARD = (1, 6, 2, 5, 3, 4)
"""Numbers on the slots of the reference die: opposite faces sum to 7."""

# Tip permutations: new[slot] = old[perm[slot]].  Rolling east puts the top on
# the east side and brings the west face up.
_D6_TIPS = {
    EAST: (WEST, EAST, NORTH, SOUTH, UP, DOWN),
    WEST: (EAST, WEST, NORTH, SOUTH, DOWN, UP),
    SOUTH: (NORTH, SOUTH, DOWN, UP, EAST, WEST),
    NORTH: (SOUTH, NORTH, UP, DOWN, EAST, WEST),
}
_D6_DIRS = ((EAST, (1.0, 0.0)), (WEST, (-1.0, 0.0)), (SOUTH, (0.0, 1.0)), (NORTH, (0.0, -1.0)))


def _permute(state: tuple, perm: tuple) -> tuple:
    return tuple(state[p] for p in perm)


@lru_cache(maxsize=None)
def d6_symmetries() -> tuple[tuple[int, ...], ...]:
    """The 24 rotations of a cube as slot permutations, sorted (stable order
    so the same seed picks the same one on every machine)."""
    seen = {tuple(range(6))}
    frontier = [tuple(range(6))]
    while frontier:
        cur = frontier.pop()
        for perm in (_D6_TIPS[EAST], _D6_TIPS[SOUTH]):
            nxt = _permute(cur, perm)
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    assert len(seen) == 24
    return tuple(sorted(seen))


# --------------------------------------------------------------------------
# d12 (bone die): a dodecahedron, slots are its 12 faces
# --------------------------------------------------------------------------

_PHI = (1 + 5 ** 0.5) / 2


@lru_cache(maxsize=None)
def d12_normals() -> tuple[tuple[float, float, float], ...]:
    """Unit face normals of a regular dodecahedron (icosahedron vertices)."""
    raw = []
    for a in (1.0, -1.0):
        for b in (_PHI, -_PHI):
            raw += [(0.0, a, b), (a, b, 0.0), (b, 0.0, a)]
    norm = math.sqrt(1 + _PHI * _PHI)
    return tuple((x / norm, y / norm, z / norm) for x, y, z in sorted(raw))


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


@lru_cache(maxsize=None)
def d12_neighbours() -> tuple[tuple[int, ...], ...]:
    """For each face, its five edge-sharing neighbours."""
    n = d12_normals()
    return tuple(tuple(j for j in range(12) if j != i and abs(_dot(n[i], n[j]) - 5 ** -0.5) < 1e-6)
                 for i in range(12))


@lru_cache(maxsize=None)
def d12_opposite() -> tuple[int, ...]:
    n = d12_normals()
    return tuple(min(range(12), key=lambda j: _dot(n[i], n[j])) for i in range(12))


@lru_cache(maxsize=None)
def d12_symmetries() -> tuple[tuple[int, ...], ...]:
    """The 60 rotations of a dodecahedron as face permutations, sorted.

    Built from the combinatorics: a rotation is fixed by where it sends one
    face and the cyclic order of that face's neighbours."""
    normals = d12_normals()
    out = set()
    for target in range(12):
        for first in d12_neighbours()[target]:
            perm = _rotation_perm(normals, 0, d12_neighbours()[0][0], target, first)
            if perm is not None:
                out.add(perm)
    assert len(out) == 60, len(out)
    return tuple(sorted(out))


def _frame(normals, face, nb):
    a = normals[face]
    b = normals[nb]
    # orthonormal frame: a, b' (b minus its a-part), a x b'
    d = _dot(a, b)
    b2 = tuple(b[k] - d * a[k] for k in range(3))
    ln = math.sqrt(_dot(b2, b2))
    b2 = tuple(c / ln for c in b2)
    c = (a[1] * b2[2] - a[2] * b2[1], a[2] * b2[0] - a[0] * b2[2], a[0] * b2[1] - a[1] * b2[0])
    return a, b2, c


def _rotation_perm(normals, f0, n0, f1, n1):
    """The face permutation of the rotation taking (f0, n0) to (f1, n1)."""
    src = _frame(normals, f0, n0)
    dst = _frame(normals, f1, n1)
    perm = []
    for v in normals:
        coords = [_dot(v, s) for s in src]
        w = tuple(sum(coords[k] * dst[k][i] for k in range(3)) for i in range(3))
        j = max(range(12), key=lambda q: _dot(w, normals[q]))
        if _dot(w, normals[j]) < 0.999:
            return None
        perm.append(j)
    # perm maps source face -> destination face; we want new_slot_of_old
    return tuple(perm)


@lru_cache(maxsize=None)
def d12_standard() -> tuple[int, ...]:
    """Numbers on the 12 face slots: opposite faces sum to 13."""
    opp = d12_opposite()
    labels = [0] * 12
    nxt = 1
    for i in range(12):
        if labels[i] == 0:
            labels[i] = nxt
            labels[opp[i]] = 13 - nxt
            nxt += 1
    return tuple(labels)


# --------------------------------------------------------------------------
# Orientation trackers
# --------------------------------------------------------------------------

_D6_TIP_GET = tuple(itemgetter(*_D6_TIPS[k]) for k, _ in _D6_DIRS)
_D6_DIRS_OF: dict = {}
"""directions() per state (24 states): the hot loop of a throw asks often."""


class D6Orientation:
    """Cube orientation in slot space.  ``state[position] = initial slot``."""

    sides = 6
    axis_aligned = True
    """Tip directions are the body axes (lets the physics skip work)."""

    def __init__(self):
        self.state = tuple(range(6))

    def directions(self):
        """(unit direction in body frame, initial slot that comes up) per tip."""
        s = self.state
        out = _D6_DIRS_OF.get(s)
        if out is None:
            out = _D6_DIRS_OF[s] = [(d, s[_D6_TIPS[k][UP]]) for k, d in _D6_DIRS]
        return out

    def tip(self, index: int) -> None:
        self.state = _D6_TIP_GET[index](self.state)

    @property
    def top_slot(self) -> int:
        return self.state[UP]


def _rodrigues(v, axis, c, s):
    kx, ky, kz = axis
    d = kx * v[0] + ky * v[1] + kz * v[2]
    cx = ky * v[2] - kz * v[1]
    cy = kz * v[0] - kx * v[2]
    cz = kx * v[1] - ky * v[0]
    return (v[0] * c + cx * s + kx * d * (1 - c),
            v[1] * c + cy * s + ky * d * (1 - c),
            v[2] * c + cz * s + kz * d * (1 - c))


class D12Orientation:
    """Dodecahedron orientation: the 12 face normals in the body frame.

    Starts resting on a face; a tip rolls it over one edge of the face it
    rests on, so the neighbour across that edge becomes the bottom face."""

    sides = 12
    axis_aligned = False

    def __init__(self):
        normals = d12_normals()
        # rotate so that face 0 points straight up
        up = normals[0]
        axis = (up[1], -up[0], 0.0)  # up x z
        ln = math.hypot(axis[0], axis[1])
        axis = (axis[0] / ln, axis[1] / ln, 0.0)
        c = up[2]
        s = math.sqrt(max(0.0, 1 - c * c))
        self.normals = [_rodrigues(v, axis, c, s) for v in normals]
        self._snap()
        self._dirs: list[tuple[tuple[float, float], int, int]] | None = None

    def _snap(self):
        # keep the resting face exactly down (no drift over many tips)
        self.top = max(range(12), key=lambda i: self.normals[i][2])
        self.bottom = d12_opposite()[self.top]

    def _tips(self) -> list[tuple[tuple[float, float], int, int]]:
        """(direction, face that comes up, neighbour rolled onto) per tip, kept
        until the next tip: ``tip`` needs it too, whether or not
        ``directions`` was asked first (as with ``D6Orientation``)."""
        if self._dirs is None:
            out = []
            opp = d12_opposite()
            for nb in d12_neighbours()[self.bottom]:
                x, y, _ = self.normals[nb]
                ln = math.hypot(x, y)
                # rolling onto nb brings the face opposite nb to the top
                out.append(((x / ln, y / ln), opp[nb], nb))
            out.sort(key=lambda t: t[2])
            self._dirs = out
        return self._dirs

    def directions(self):
        return [(d, up) for d, up, _ in self._tips()]

    def tip(self, index: int) -> None:
        nb = self._tips()[index][2]
        a = self.normals[nb]
        # rotate a onto -z: axis = a x (-z) normalised, angle = acos(-a.z)
        axis = (-a[1], a[0], 0.0)
        ln = math.hypot(axis[0], axis[1])
        axis = (axis[0] / ln, axis[1] / ln, 0.0)
        c = -a[2]
        s = math.sqrt(max(0.0, 1 - c * c))
        self.normals = [_rodrigues(v, axis, c, s) for v in self.normals]
        self._snap()
        self._dirs = None

    @property
    def top_slot(self) -> int:
        return self.top


def new_orientation(kind: str):
    return D12Orientation() if kind == "bone" else D6Orientation()


def symmetries(kind: str):
    return d12_symmetries() if kind == "bone" else d6_symmetries()


def standard_labels(kind: str) -> tuple[int, ...]:
    return d12_standard() if kind == "bone" else D6_STANDARD


@lru_cache(maxsize=None)
def paint(kind: str, symmetry_index: int) -> tuple[int, ...]:
    """Numbers per slot after applying symmetry ``symmetry_index``."""
    perm = symmetries(kind)[symmetry_index]
    std = standard_labels(kind)
    return tuple(std[perm[slot]] for slot in range(len(std)))


def paint_forcing(kind: str, symmetry_index: int, slot: int, face: int) -> tuple[int, ...]:
    """A painting with ``face`` on ``slot``: the ``symmetry_index``-th (mod the
    number that qualify) of the symmetries that do so."""
    std = standard_labels(kind)
    fitting = [p for p in symmetries(kind) if std[p[slot]] == face]
    perm = fitting[symmetry_index % len(fitting)]
    return tuple(std[perm[s]] for s in range(len(std)))
