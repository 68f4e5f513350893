"""Calibration of Hard's stated chances for calls, Jintos and out-of-turn calls.

The ``TableReader`` posterior is a model; how often a bid Hard calls is
really true depends on things it does not model (who bids how before any
reveal, the selection of the decisions Hard actually takes).  This module
maps the reader's raw chance to the frequency observed in seeded games:

    stated = map[kind | context](raw chance)

one monotone piecewise-linear map per kind ("call", "jinto", "oot") and small
context (``context``: heads-up or more rivals, first round or later,
Palifico), fitted OFFLINE by ``tools/bidcalib_fit.py`` from the decisions Hard
took in seeded games against a fixed mixture of opponents (Hard self-play
weighted most, Normal, the sparring styles, the reference bot), shipped as
plain data in ``_calib.json``.  Hard uses the mapped chance both to decide
and to state it.  The fit: per context, the samples are binned by raw
chance, each bin's hit rate shrunk towards the raw chance (``PRIOR`` pseudo
samples, so sparse bins stay near the reader) and made monotone by pooling
adjacent violators.  A context with fewer than ``MIN_SAMPLES`` keeps the raw
chance.  Endgame positions covered by the solved tables are not mapped: there
the stated chance is the equilibrium's own (``liars_dice.endgame``).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Optional

HERE = Path(__file__).parent
CALIB_PATH = HERE / "_calib.json"
KINDS = ("call", "jinto", "oot")
BINS = 20
PRIOR = 20.0
MIN_SAMPLES = 60


TRUST_BANDS = ((0.9, "honest"), (0.7, "mixed"), (0.0, "bluffing"))
"""(lowest honest weight, name): how far this game's reveals have taught the
reader to trust the bidder (``PlayerModel.w``), a finer context after the first
round.  Issue 40: one map per context for every bidder stated the population's
chance to an honest stranger the reader had already learned to trust (among
strangers, Jintos stated 70-79% came true 98.7%, calls stated 0-9% 12.8%)."""


def trust_band(w: float) -> str:
    """The band of ``TRUST_BANDS`` an honest weight ``w`` falls in."""
    return next(name for low, name in TRUST_BANDS if w >= low)


def context(kind: str, spot, trust: Optional[float] = None) -> str:
    """The small context a map is fitted for: the kind, heads-up or not, before
    or after the first reveal, Palifico (one face, no wilds), and after the
    first round the band of the reader's trust in the bidder (``trust``: its
    honest weight, None: no band)."""
    seats = "hu" if len(spot.rivals) <= 1 else "many"
    rnd = "first" if spot.round_no <= 1 else "later"
    ctx = f"{kind}|{seats}|{rnd}" + ("|pal" if spot.fixed_face else "")
    return ctx if trust is None or rnd == "first" else f"{ctx}|{trust_band(trust)}"


def coarse(ctx: str) -> str:
    """``ctx`` without its trust band: the map used where a band has too few samples."""
    head, _, last = ctx.rpartition("|")
    return head if last in {name for _low, name in TRUST_BANDS} else ctx


def fit_map(samples, bins: int = BINS, prior: Optional[float] = None) -> list[list[float]]:
    """Monotone knots [[raw, stated], ...] from (raw, hit, weight) samples."""
    prior = PRIOR if prior is None else prior
    acc = [[0.0, 0.0, 0.0] for _ in range(bins)]   # weight, weighted raw, weighted hits
    for raw, hit, w in samples:
        b = acc[min(bins - 1, max(0, int(raw * bins)))]
        b[0] += w
        b[1] += w * raw
        b[2] += w * hit
    blocks = []   # [weight, weighted x, weighted y] pooled adjacent violators
    for n, sx, sh in acc:
        if n <= 0:
            continue
        x = sx / n
        y = (sh + prior * x) / (n + prior)
        blocks.append([n + prior, x * (n + prior), y * (n + prior), 1])
        while len(blocks) > 1 and blocks[-2][2] / blocks[-2][0] > blocks[-1][2] / blocks[-1][0]:
            top = blocks.pop()
            for i in range(4):
                blocks[-1][i] += top[i]
    knots = [[round(b[1] / b[0], 4), round(b[2] / b[0], 4)] for b in blocks]
    if knots:
        # the end blocks hold their level over the samples they pooled (``apply_map``
        # runs on to (0, 0) and (1, 1) only beyond the samples)
        lowest = round(min(raw for raw, _hit, w in samples if w > 0), 4)
        highest = round(max(raw for raw, _hit, w in samples if w > 0), 4)
        if lowest < knots[0][0]:
            knots.insert(0, [lowest, knots[0][1]])
        if highest > knots[-1][0]:
            knots.append([highest, knots[-1][1]])
    return knots


def apply_map(knots, p: float) -> float:
    """Piecewise-linear through the knots, and beyond the ends towards the
    certain chances, (0, 0) below the first knot and (1, 1) above the last: a
    chance the reader puts near nothing (or near certain) stays so where the fit
    has no samples.  Issue 40: held flat beyond the ends, the heads-up
    first-round Jinto map (first knot: raw 38% -> 36%) stated, and Hard acted
    on, 36% for Jintos its reader put at 11%; among strangers those came true
    9.5% of the time, and the raw 56-60% ones it held at 74% came true 98%."""
    if not knots:
        return p
    first_x, first_y = knots[0]
    if p <= first_x:
        return first_y if first_x <= 0 else first_y * max(0.0, p) / first_x
    for (x0, y0), (x1, y1) in zip(knots, knots[1:]):
        if p <= x1:
            return y0 if x1 <= x0 else y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    last_x, last_y = knots[-1]
    if last_x >= 1:
        return last_y
    return last_y + (1 - last_y) * (min(1.0, p) - last_x) / (1 - last_x)


class Calibration:
    """The maps of one game: ``apply(kind, spot, raw) -> (stated, context)``."""

    def __init__(self, maps: dict, decides: bool = False):
        self.maps = maps
        self.decides = decides
        """True: the mapped chance also decides (else it is only stated)."""

    def apply(self, kind: str, spot, raw: float, trust: Optional[float] = None) -> tuple[float, str]:
        """(stated chance, context): the map of the trust band's context, else
        of the context without it (``coarse``); a known chance (0 or 1) as it is:
        a map fitted on every weighed challenge (``tools/bidcalib_fit.py
        --every``) pools them with the reader's near-certain ones (heads-up
        first-round Jintos at raw 0-5% came true 9.7%)."""
        ctx = context(kind, spot, trust)
        if raw <= 0.0 or raw >= 1.0:
            return raw, ctx   # a chance the reader knows (an impossible bid, one my dice make)
        knots = self.maps.get(ctx)
        return apply_map(self.maps.get(coarse(ctx)) if knots is None else knots, raw), ctx


@lru_cache(maxsize=None)
def _shipped() -> dict:
    from .fit import read_shipped
    return read_shipped(CALIB_PATH)


def _valid(knots) -> bool:
    try:
        pts = [(float(x), float(y)) for x, y in knots]
    except (TypeError, ValueError):
        return False
    return all(0 <= x <= 1 and 0 <= y <= 1 for x, y in pts) and \
        all(a[0] <= b[0] and a[1] <= b[1] for a, b in zip(pts, pts[1:]))


def calibration(game_id: str) -> Optional[Calibration]:
    """The shipped maps of ``game_id`` (None: use the raw chance), damaged maps
    left out (``game.dev.fit_bid_reader`` plays its population with Hard
    uncalibrated, so that fit does not depend on this one).  ``tools/bidcalib_fit.py``
    plays its rounds with maps of its own instead (``ai_report.run_report``'s
    ``hard_calib``), never the shipped file."""
    entry = _shipped().get("games", {}).get(game_id)
    maps = entry.get("maps") if isinstance(entry, dict) else None
    if not isinstance(maps, dict):
        return None
    return Calibration({k: v for k, v in maps.items() if isinstance(k, str) and _valid(v)},
                       entry.get("decides") is True)
