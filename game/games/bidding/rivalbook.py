"""What the bidding AIs remember of each rival across games: how their stated chances came true.

Hard's chance for a call, Jinto or out-of-turn call is its ``TableReader``'s
posterior, put through the population calibration map (``bidcalib``).  Both
are models of "a bidder": the same bid means different hands from different
bidders, and before a rival's first reveal nothing in a game tells them apart
(in the first round of 2,000 heads-up Liar's Dice games, Jintos Hard stated
70-79% exact were exact 100% of the time against a bidder whose opening pins
its count and 28% against a bluffer).  A strong player remembers who bluffs.
So do the reading AIs (Normal and Hard, each level a memory of its own).  Per
rival, every challenge they make
is kept until its reveal and then becomes an outcome, in two stages:

1. **In its context.**  ``spot_context``: the kind, heads-up or not, first
   round / later / a solved endgame, Palifico, and the bid's shape (which bid
   of the round, on a new face or not, and, a level finer, whether the reader
   holds any of its face).  Per context and bin of the reader's raw chance the memory sums
   the residual (hit minus the population chance), and again per point of
   the raw chance (``FINE_BINS``: a rival who bids by rule makes the same spot
   come out the same way).  The chance corrected by it
   (``Reading.first_stage``) leans, level by level of detail, on the level
   above (``backoff``), and the rival's
   whole memory leans on what EVERY rival taught (the book's ``game/LEVEL/*``
   entry), and with no one met on the population.  That move is trusted by
   how much of this rival there is: of a kind with n outcomes, ``n / (n +
   TRUST_OUTCOMES)`` of it is said (``ChallengeMemory.trust``; a stranger is
   read as the population), as a handful of reveals stacked over the levels
   of detail had moved a chance by tens of points.
2. **As said.**  A chance made of many small contexts is noisy, and a noisy
   chance that lands high was more often too high (the winner's curse), so the
   first stage's chance is calibrated once more, per kind, by bin of itself,
   from every rival's outcomes (``second_stage``).

3. **By tenth, as chances came true lately.**  What is said lands in a tenth
   of the range (10-19%, 50-59%, ...), and the spots in a tenth change as the
   first stage learns (Jintos said 20-29% against the caller came true 45% in
   the last third of a 2,000-game series), so ``Reading.shifted``
   ("tenth|KIND", in the reader's "everyone" entry) moves the second stage's
   chance by how such chances came true lately, across tenths if need be.
   (A ledger that leaned each later chance to pay back a tenth's past excess
   was removed in issue 40: it made the per-tenth check agree by construction
   while moving each statement away from its best estimate.)

Cells fade their oldest outcomes past ``CAP`` (the second stage sooner,
``SAID_CAP``, as it follows the first while that learns), so the memory
follows a player who changes.

Hard acts on the chance it states (issue 40), memory included: a continued
game seats the same book, and a replay, whose AIs recall no earlier game,
shows what such an AI said from the record (``Match.said``).  The ``RivalBook`` is the tavern's memory
of every rival: a match seats it (``Match(book=...)``: each agent that
remembers gets a copy of what is known of its rivals and learns within the
game), and ``absorb`` takes a finished match's outcomes.  The app keeps one
book in ``rivals.json`` (``RivalShelf``); ``ai-report`` keeps one per run, the
way a player meets the same rivals game after game.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Optional

from ...core import validation as v

BINS = 20
"""Bins of a chance (0-5%, 5-10%, ...); neighbouring bins count half."""
SPREAD = 0.15
"""How far (one standard deviation) a level of detail is expected to stray from
the level above: a level counts half against it once its outcomes pin their
own rate that closely, ``q (1 - q) / SPREAD**2`` outcomes at rate q (11 at
50%, 4 at 10%), so a rare but extreme context (an opening Jinto read 58% that
is exact 4% of the time) is learned in tens of outcomes, not hundreds."""
MIN_BACKOFF = 2.0
CAP = 1000.0
"""Most outcomes one bin keeps: past it the older ones fade evenly."""
SAID_CAP = 200.0
"""The same for the second stage, which must follow the first as it learns."""
KINDS = ("call", "jinto", "oot")
STAGES = ("said|", "tenth|", "told|")
"""The prefixes of the later stages' contexts (no rival's outcomes; "told|",
the removed ledger's, is still read from older books and ignored)."""
TENTH_PRIOR = 40.0
"""Outcomes at which a tenth's shift (``Reading.shifted``) counts half against
none: the shift estimates a tenth's lasting error, which after the earlier
stages is a few points (40 outcomes: an error of about 8 points, one
standard deviation, expected).  Issue 40, twelfth session: at 20 (set beside
the ledger, which paid back what the shift chased) a run of luck moved a
whole tenth's next chances by 4 points, and the chances it pushed over a
tenth's edge came true as they would have unmoved (Hard vs Normal, 2,000
games: Jintos said 40-49% came true 56.6%, said 47.3%, the shift having
moved them down 4.0 points on average; docs/AI-NOTES.md)."""
TENTH_CAP = 200.0
"""Most outcomes a 5-point bin of the tenth's shift keeps (a tenth, 400): it
must follow the spots that move into a tenth as the first stage learns, but
a window of 100 made the shift wander by about 4 points on luck alone."""
MAX_RIVALS = 256
"""Most rivals the book keeps; the longest unseen go first."""
FINE_BINS = 100
"""The finest level: per context, per point of the raw chance (no neighbours).
A rival who bids by rule makes the same spot, read at the same chance, come out
the same way, and 5-point bins average over spots whose outcomes jump (Roll
Call's pure-odds player: later openings read 40-47% were true 100% of the time,
50-55% 5-10%, 55-60% 100%)."""
MAX_FINE = 4000
"""Most finest-level cells one rival keeps: past it the one with the fewest
outcomes goes."""
MAX_CONTEXTS = 512
"""Most contexts one rival's memory can hold (Liar's Dice can reach 282: two
kinds, ten situations, fourteen shapes, and the later stages' said, tenth and
told cells, three per kind; ``every_context``, every game's at once, is 513)."""
MAX_CELLS = 48_000
"""Most cells (context x bin, the finest level's too) the whole book keeps, the
longest-unseen rivals going first past it (the "everyone" entries, one per game
and reader level, at most ``MAX_CONTEXTS`` x ``BINS`` cells each and no finest
level, 40,960 in all, always stay): at worst about 65 bytes each
in the file, so a book at the limit stays well inside the format's 4 MB (a file
over it would be set aside on loading, and every rival forgotten)."""
TRUST_OUTCOMES = 10.0
"""Outcomes of one kind at which a rival's memory is trusted with half of its
move (``ChallengeMemory.trust``): each level of detail leans on the one above,
but a new rival's few outcomes are in every level at once, so three reveals
could move a chance from 42% to 91%.  Heads-up series against Normal
(10 x 200 games, Brier score of the stated chances): Roll Call games 2-5 0.220
-> 0.193, 6-20 0.221 -> 0.215; Liar's Dice calls in games 6-20 0.222 -> 0.196;
from the 21st game on equal or better; the 2,000-game calibration tables
unchanged within their noise (docs/AI-NOTES.md)."""
LOW, HIGH = 0.0025, 0.9975
"""A remembered chance is never stated as certain: only the reader's own 0 or 1 is."""

BOOK_FORMAT = "dice-tavern-rivals"
BOOK_VERSION = 2
"""2: every entry belongs to one reader level (``rival_key``); a version 1
book, whose entries every level shared, is read as every level's
(``RivalBook.from_json``)."""
READERS = ("normal", "hard")
"""The levels that remember (``Agent.remembers``): what a version 1 entry is copied to."""
BOOK_MAX_BYTES = 4 * 1024 * 1024

_CTX = r"[a-z]+(\|[a-z]+)*(/[0-9][a-z]{0,2})?"


def _cell_schema(bins: int) -> v.Check:
    """A sparse cell ``[bin, residual sum, outcomes]`` of a level with ``bins`` bins."""
    return v.Check(v.List(v.Float(-1e9, 1e9), 3, 3),
                   lambda t: None if (float(t[0]).is_integer() and 0 <= t[0] < bins and t[2] >= 0
                                      and abs(t[1]) <= t[2] + 1e-6) else "is not a [bin, residual, outcomes] entry")


_CELL = _cell_schema(BINS)
_FINE_CELL = _cell_schema(FINE_BINS)
_ENTRY = v.Obj({"seen": v.Int(0, 10**9), "last": v.Int(0, 10**12),
                "cells": v.Map(v.Str(60, 1, _CTX), v.List(_CELL, BINS), max_keys=MAX_CONTEXTS),
                "fine": v.Map(v.Str(60, 1, _CTX), v.List(_FINE_CELL, FINE_BINS), max_keys=MAX_CONTEXTS)},
               required=("cells",))
MAX_RECENT = 64
"""How many finished games the book remembers taking (``RivalBook.take``)."""
BOOK_SCHEMA = v.Obj({"format": v.Str(), "version": v.Int(1, BOOK_VERSION), "games": v.Int(0, 10**12),
                     "recent": v.List(v.Str(80, 1, r"[a-z0-9_:-]+"), MAX_RECENT),
                     "rivals": v.Map(v.Str(120, 1), _ENTRY, max_keys=MAX_RIVALS)},
                    required=("rivals",))
"""``rivals.json``: per reader and rival (``game/reader/kind:name``) the games it was met in, when
last (the book's game count), and per context the sparse bins ``[bin,
residual sum, outcomes]`` (contexts from ``spot_context``; "said|KIND": the
second stage, binned by the chance the first one gave); "fine": the same per
point of the raw chance (``FINE_BINS``)."""
v.register(v.Format(BOOK_FORMAT, "rival memory", {1: BOOK_SCHEMA, 2: BOOK_SCHEMA}, max_bytes=BOOK_MAX_BYTES,
                    max_values=450_000))   # a full book: about 90,000 cells of 4 values


def rival_key(game_id: str, seat, reader: str) -> str:
    """Who a seat is to the AI level ``reader``, for the book: the game, the
    reader, and the person (a human by name) or the AI (level and name):
    "liars-dice/hard/human:Ann", "roll-call/normal/ai-hard:Bram".  Each level
    keeps its own memory of a rival: an outcome is measured against that
    reader's own chance, and Normal's and Hard's readings of the same bid
    differ (mixed, the Hard vs Normal tables' calls Hard stated 70-89% true
    came true 6-12 points less often, the half Normal taught pulling the
    correction back)."""
    who = "human" if seat.kind == "human" else f"ai-{seat.level}"
    return f"{game_id}/{reader}/{who}:{seat.name}"[:120]


def everyone_key(game_id: str, reader: str) -> str:
    """The book's entry for every rival of a game at once, as the AI level
    ``reader`` met them: what the players this tavern meets have in common,
    which a rival's own memory starts from."""
    return f"{game_id}/{reader}/*"


def is_everyone(key: str) -> bool:
    """Whether ``key`` is a game's "everyone" entry (``everyone_key``)."""
    return key.endswith("/*")


def spot_context(spot, kind: str, endgame: bool = False) -> str:
    """The context of a challenge of ``spot``'s standing bid, most general part
    first: kind | heads-up or several rivals | first round, later or a solved
    endgame [| Palifico] / which bid of the round it is and whether it changed
    face ("1": the opening, "2n": the second, on a new face, ... "4s": the
    fourth or later, on the face before it), then "h" if the reader holds any
    of the bid's face, "z" if none ("2nz").  The same bid means different
    things at different points of a round: an honest reader's opening that
    Hard's reader rated 48% exact was exact 99% of the time, its third bid
    rated the same 2%; and an opening that bids its own count is exact exactly
    when the reader holds none."""
    seats = "hu" if len(spot.rivals) <= 1 else "many"
    phase = "endgame" if endgame else ("first" if spot.round_no <= 1 else "later")
    bids = spot.bids
    n = len(bids)
    shape = "1" if n <= 1 else f"{min(n, 4)}{'s' if bids[-1][2] == bids[-2][2] else 'n'}"
    if spot.current is not None:
        shape += "h" if spot.mine(spot.current[1]) else "z"
    return f"{kind}|{seats}|{phase}" + ("|pal" if spot.fixed_face else "") + "/" + shape


def every_context() -> list[str]:
    """Every context ``spot_context`` can give (of any game), then the second
    stage's: what a memory at its limits holds."""
    shapes = [sh + mine for sh in ("1", "2s", "2n", "3s", "3n", "4s", "4n") for mine in "hz"]
    return ([f"{k}|{s}|{ph}{pal}/{sh}" for k in KINDS for s in ("hu", "many")
             for ph in ("first", "later", "endgame") for pal in ("", "|pal") for sh in shapes]
            + [f"{stage}{k}" for stage in STAGES for k in KINDS])


def fine_bin(p: float) -> int:
    return min(FINE_BINS - 1, max(0, int(p * FINE_BINS)))


def chance_bin(p: float) -> int:
    return min(BINS - 1, max(0, int(p * BINS)))


def backoff(chance: float) -> float:
    """Outcomes at which a level of detail counts half against the level above
    it, when that level puts the rate at ``chance`` (see ``SPREAD``)."""
    q = min(0.98, max(0.02, chance))
    return max(MIN_BACKOFF, q * (1.0 - q) / SPREAD ** 2)


def _per_bin(rs: list[float], ns: list[float], above: list[float], dev: list[float],
             base: float) -> list[float]:
    """One binned level of detail: per bin, the outcomes' deviation from
    ``above`` (neighbouring bins at half weight), leaning on the deviation
    ``dev`` of the level before by ``backoff`` outcomes."""
    out = []
    for b in range(BINS):
        r = rs[b] + 0.5 * ((rs[b - 1] if b else 0.0) + (rs[b + 1] if b + 1 < BINS else 0.0))
        n = ns[b] + 0.5 * ((ns[b - 1] if b else 0.0) + (ns[b + 1] if b + 1 < BINS else 0.0))
        k = backoff(base + above[b] + dev[b])
        out.append((r - n * above[b] + k * dev[b]) / (n + k))
    return out


def _levels(ctx: str) -> tuple[str, str, str, str]:
    """The context's four levels of detail: kind, situation, situation/shape, and
    situation/shape with whether the reader holds any of the bid face ("h"/"z"):
    that split is learned as a level of its own, leaning on the shape, so a rival
    whose bids do not depend on it keeps the shape's whole data."""
    base = ctx.split("/", 1)[0]
    shape = ctx[:-1] if "/" in ctx and ctx[-1] in "hz" else ctx
    return base.split("|", 1)[0], base, shape, ctx


class Reading:
    """The chance to state from a memory's ``profile``: shared by a rival's memory
    in the book (``RivalMemory``) and as an agent sees it in a game (``Layered``)."""

    def profile(self, ctx: str) -> list[tuple[list[float], list[float]]]:
        raise NotImplementedError

    def has_outcomes(self) -> bool:
        raise NotImplementedError

    def outcomes(self, kind: Optional[str] = None) -> float:
        """How many challenges this memory holds (of one kind, or all)."""
        raise NotImplementedError

    def estimates(self, ctx: str, base: float, above: Optional[list[list[float]]] = None) -> list[list[float]]:
        """The learned residual (against the chance ``base``) for every bin, at
        each level of detail, each leaning on the one above (``backoff``).  The
        kind and the situation are learned per bin (neighbours count half); the
        bid's shape and then whether the reader holds any of its face, whose
        outcomes are few, each first as one shift over all its bins, then per
        bin.  ``above``: another memory's estimates (every rival's) that these
        are deviations from; else the kind leans on zero."""
        prof = self.profile(ctx)
        zero = [0.0] * BINS
        dev = zero
        out = []
        for level in range(2):
            rs, ns = prof[level]
            e = above[level] if above is not None else zero
            dev = _per_bin(rs, ns, e, dev, base)
            out.append([x + y for x, y in zip(e, dev)])
        levels = _levels(ctx)
        for level in (2, 3):
            # the bid's shape (level 2), then whether the reader holds any of its
            # face (level 3): each first as one shift over all its bins, then per
            # bin leaning on that shift; a context whose outcomes turn on the
            # chance itself (one opening read 54% is exact 4% of the time, another
            # read 61% exact 96%) is learned where it has outcomes
            rs, ns = prof[level]
            total = sum(ns)
            learn = total > 0 and levels[level] != levels[level - 1]
            e = above[len(out)] if above is not None else zero
            if learn:
                miss = sum(r - n * (ei + d) for r, n, ei, d in zip(rs, ns, e, dev) if n)
                k = backoff(base + out[-1][chance_bin(base)])
                shift = miss / (total + k)
                dev = [d + shift for d in dev]
            out.append([x + y for x, y in zip(e, dev)])
            e = above[len(out)] if above is not None else zero
            if learn:
                dev = _per_bin(rs, ns, e, dev, base)
            out.append([x + y for x, y in zip(e, dev)])
        return out

    def correction(self, ctx: str, p: float, base: float, everyone: Optional["Reading"] = None) -> float:
        """The learned residual at chance ``p`` (its bin) in ``ctx``, against
        ``base``: what every rival taught (``everyone``) plus how THIS rival
        differs from it (``ChallengeMemory.trust`` then weighs it by how much of
        this rival there is).  A stranger's correction is everyone's, and with no
        one met yet none."""
        above = everyone.estimates(ctx, base) if everyone is not None and everyone.has_outcomes() else None
        binned = self.estimates(ctx, base, above)[-1][chance_bin(p)]
        r, n = self.fine_cell(ctx, fine_bin(p))
        if n <= 0:
            return binned
        # the finest level: this rival at this very chance, leaning on the bin
        return binned + (r - n * binned) / (n + backoff(base + binned))

    def fine_cell(self, ctx: str, b: int) -> tuple[float, float]:
        """[residual sum, outcomes] at the finest level (``FINE_BINS``)."""
        raise NotImplementedError

    def first_stage(self, ctx: str, raw: float, population: float,
                    everyone: Optional["Reading"] = None) -> float:
        """The population chance corrected in its context, by bin of the raw chance."""
        return min(HIGH, max(LOW, population + self.correction(ctx, raw, population, everyone)))

    def second_stage(self, kind: str, first: float, everyone: Optional["Reading"] = None) -> float:
        """The first stage's chance, corrected by how such chances came true: a
        chance made of many small contexts is noisy, and a noisy chance that
        lands high was more often too high (the winner's curse), so the chance
        as said is calibrated again, by bin of itself, per kind."""
        said = f"said|{kind}"
        source = everyone if everyone is not None and everyone.has_outcomes() else self   # every rival's: the steadiest
        return min(HIGH, max(LOW, first + source.estimates(said, first)[-1][chance_bin(first)]))

    def _tenth(self, ctx: str, p: float) -> tuple[int, float, float]:
        """The tenth of the range ``p`` is in, with its [residual sum, outcomes] in ``ctx``."""
        rs, ns = self.profile(ctx)[1]
        tenth = min(9, int(p * 10))
        return tenth, rs[2 * tenth] + rs[2 * tenth + 1], ns[2 * tenth] + ns[2 * tenth + 1]

    def shifted(self, kind: str, p: float) -> float:
        """``p`` (the second stage's chance) moved by how such chances in its
        tenth came true lately ("tenth|KIND", faded past ``TENTH_CAP`` per
        5-point bin), leaning on no move by ``TENTH_PRIOR`` outcomes."""
        _tenth, r, n = self._tenth(f"tenth|{kind}", p)
        return p if n <= 0 else min(HIGH, max(LOW, p + r / (n + TENTH_PRIOR)))

    def trusted(self, ctx: str, raw: float, population: float, everyone: Optional["Reading"] = None,
                trust: float = 1.0) -> float:
        """The first stage's chance with ``trust`` of its move from the
        population's: the chance the second stage is keyed on."""
        first = self.first_stage(ctx, raw, population, everyone)
        return min(HIGH, max(LOW, population + trust * (first - population)))

    def stated(self, ctx: str, raw: float, population: float, everyone: Optional["Reading"] = None,
               trust: float = 1.0) -> float:
        """The chance to state: the population's, corrected by what every rival
        (``everyone``) and then this rival taught (``trust`` of that move), then
        calibrated as said.  A chance the reader knows for certain (0 or 1) stays."""
        if raw <= 0.0 or raw >= 1.0:
            return population
        return self.second_stage(_levels(ctx)[0], self.trusted(ctx, raw, population, everyone, trust), everyone)


def _count(cell: list[float], residual: float, cap: float) -> None:
    """One more outcome in ``cell`` [residual sum, outcomes]; past ``cap`` the
    older ones fade evenly."""
    if cell[1] >= cap:
        keep = (cap - 1.0) / cell[1]
        cell[0] *= keep
        cell[1] *= keep
    cell[0] += residual
    cell[1] += 1.0


@dataclass
class RivalMemory(Reading):
    """What the challenges against one rival taught: per context, per bin of a
    chance, [sum of (hit - that chance), outcomes]."""
    cells: dict[str, dict[int, list[float]]] = field(default_factory=dict)
    seen: int = 0   # games this rival was met in
    last: int = 0   # the book's game count when last met
    fine: dict[str, dict[int, list[float]]] = field(default_factory=dict)
    """The finest level (``FINE_BINS``), per context: [residual sum, outcomes]."""
    _profiles: dict = field(default_factory=dict, repr=False, compare=False)
    """``profile`` (and ``outcomes``) by context, until the next outcome (decisions
    ask often: every out-of-turn poll in Roll Call)."""

    def outcomes(self, kind: Optional[str] = None) -> float:
        """How many challenges this memory holds (of one kind, or all)."""
        known = self._profiles.get(("outcomes", kind))
        if known is None:
            known = self._profiles[("outcomes", kind)] = sum(
                n for ctx, cells in self.cells.items()
                if not ctx.startswith(STAGES) and (kind is None or _levels(ctx)[0] == kind)
                for _r, n in cells.values())
        return known

    def add(self, ctx: str, p: float, residual: float, fine: bool = True) -> None:
        """One challenge's outcome: ``residual`` = hit (0/1) minus ``p``, the
        chance given in context ``ctx``; ``fine``: also at the finest level,
        which only a rival's own memory reads (not the "everyone" entry)."""
        self._profiles.clear()
        stage = ctx.startswith(STAGES)
        _count(self.cells.setdefault(ctx, {}).setdefault(chance_bin(p), [0.0, 0.0]), residual,
               SAID_CAP if ctx.startswith("said|") else TENTH_CAP if ctx.startswith("tenth|") else CAP)
        if stage or not fine:
            return
        cells = self.fine.setdefault(ctx, {})
        b = fine_bin(p)
        if b not in cells and self.fine_cells() >= MAX_FINE:
            thinnest = min(((c, k) for c, by_bin in self.fine.items() for k in by_bin),
                           key=lambda ck: self.fine[ck[0]][ck[1]][1])
            del self.fine[thinnest[0]][thinnest[1]]
        _count(cells.setdefault(b, [0.0, 0.0]), residual, CAP)

    def fine_cells(self) -> int:
        return sum(len(c) for c in self.fine.values())

    def fine_cell(self, ctx: str, b: int) -> tuple[float, float]:
        cell = self.fine.get(ctx, {}).get(b)
        return (cell[0], cell[1]) if cell else (0.0, 0.0)

    def profile(self, ctx: str) -> list[tuple[list[float], list[float]]]:
        """Per level of detail of ``ctx`` (``_levels``: the kind, the situation,
        the bid's shape, and whether the reader holds any of its face): residual sums and outcomes by bin."""
        known = self._profiles.get(ctx)
        if known is not None:
            return known
        out = [([0.0] * BINS, [0.0] * BINS) for _ in range(4)]
        self._profiles[ctx] = out
        want = _levels(ctx)
        for c, cells in self.cells.items():
            have = _levels(c)
            for level in range(4):
                if have[level] != want[level]:
                    break
                rs, ns = out[level]
                for b, (r, n) in cells.items():
                    rs[b] += r
                    ns[b] += n
        return out

    def has_outcomes(self) -> bool:
        return self.outcomes() > 0

    def to_json(self) -> dict:
        def table(by_ctx):
            return {ctx: [[b, round(r, 4), round(n, 4)] for b, (r, n) in sorted(cells.items())]
                    for ctx, cells in sorted(by_ctx.items()) if cells}
        return {"seen": self.seen, "last": self.last, "cells": table(self.cells), "fine": table(self.fine)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "RivalMemory":
        """From a checked entry (``BOOK_SCHEMA``)."""
        def table(by_ctx):
            return {ctx: {int(b): [float(r), float(n)] for b, r, n in cells} for ctx, cells in by_ctx.items()}
        return cls(table(data["cells"]), int(data.get("seen", 0)), int(data.get("last", 0)),
                   table(data.get("fine", {})))


class Layered(Reading):
    """A rival's memory as an agent sees it during one game: the book's (shared,
    never written here) plus what this game has taught (its own).  Seating a
    20-seat table copies nothing, and an undo snapshot (``Match.apply``
    deep-copies the agents) copies only this game's outcomes: copying whole
    memories cost seconds per human move at a 20-seat table."""

    def __init__(self, base: Optional[RivalMemory] = None):
        self.base = base
        self.own = RivalMemory()
        self._profiles: dict = {}

    @property
    def seen(self) -> int:
        return self.base.seen if self.base is not None else 0

    def outcomes(self, kind: Optional[str] = None) -> float:
        return self.own.outcomes(kind) + (self.base.outcomes(kind) if self.base is not None else 0.0)

    def has_outcomes(self) -> bool:
        return self.own.has_outcomes() or (self.base is not None and self.base.has_outcomes())

    def add(self, ctx: str, p: float, residual: float, fine: bool = True) -> None:
        self._profiles.clear()
        self.own.add(ctx, p, residual, fine)

    def profile(self, ctx: str) -> list[tuple[list[float], list[float]]]:
        known = self._profiles.get(ctx)
        if known is not None:
            return known
        if self.base is None:
            out = self.own.profile(ctx)
        elif not self.own.cells:
            out = self.base.profile(ctx)
        else:
            out = [([x + y for x, y in zip(br, orr)], [x + y for x, y in zip(bn, on)])
                   for (br, bn), (orr, on) in zip(self.base.profile(ctx), self.own.profile(ctx))]
        self._profiles[ctx] = out
        return out

    def fine_cell(self, ctx: str, b: int) -> tuple[float, float]:
        r, n = self.own.fine_cell(ctx, b)
        if self.base is not None:
            br, bn = self.base.fine_cell(ctx, b)
            r, n = r + br, n + bn
        return r, n

    def __deepcopy__(self, memo) -> "Layered":
        twin = Layered(self.base)   # the book's memory is shared, never copied
        twin.own = copy.deepcopy(self.own, memo)
        return twin


class RivalBook:
    """Every rival's memory: seated into matches, fed by finished ones."""

    def __init__(self, rivals: Optional[dict[str, RivalMemory]] = None, games: int = 0,
                 recent: Optional[list[str]] = None):
        self.rivals: dict[str, RivalMemory] = rivals or {}
        self.games = games
        self.recent: list[str] = list(recent or [])
        """The last finished games taken (``take``), so none is taken twice."""

    @staticmethod
    def _readers(match) -> Iterator[tuple[Any, dict[int, str], str]]:
        """Every agent of ``match`` that remembers (``Agent.remembers``), with the
        keys of its rivals by seat and of its "everyone" entry."""
        for p, agent in match.agents.items():
            if getattr(agent, "remembers", False):
                rivals = {q: rival_key(match.game_id, s, agent.level) for q, s in enumerate(match.seats) if q != p}
                yield agent, rivals, everyone_key(match.game_id, agent.level)

    def seat(self, match) -> None:
        """Give every agent of ``match`` that remembers its rivals' memories, by
        seat, as ``Layered`` views: the game learns into its own layer, the book
        only at ``absorb``."""
        for agent, rivals, everyone in self._readers(match):
            agent.recall({q: (key, Layered(self.rivals.get(key))) for q, key in rivals.items()},
                         (everyone, Layered(self.rivals.get(everyone))))

    def absorb(self, match) -> int:
        """Take the outcomes every remembering agent of ``match`` learned (each
        once: the agent hands them over and forgets them) and count the game
        for every rival met.  Returns how many outcomes were taken."""
        if getattr(match, "_in_book", None) is self:
            return 0
        match._in_book = self
        return self.take(None, self.lessons(match))

    def lessons(self, match) -> dict:
        """What the remembering agents of ``match`` learned, handed over once
        (the agents forget them), as a JSON-able delta for ``take``: the end
        of a game stores it with the finished game (``game.core.finished``)
        so a kill before the book is written loses none of it."""
        catch_up = getattr(match, "catch_up", None)
        if catch_up is not None:
            catch_up()   # the last moves (the final reveal) are watched before the outcomes are taken
        learned: list = []
        met: set[str] = set()
        for agent, rivals, everyone in self._readers(match):
            learned.extend([key, ctx, raw, residual] for key, ctx, raw, residual in agent.hand_over())
            met.update(rivals.values(), [everyone])
        return {"learned": learned, "met": sorted(met)}

    def take(self, game: Optional[str], lessons: Mapping[str, Any]) -> int:
        """Add one game's ``lessons`` (``lessons``) to the book and count it for
        every rival met; a game already taken (its key in ``recent``) adds
        nothing, so a finished game recorded again after a kill counts once.
        Returns how many outcomes were taken."""
        if game is not None:
            if game in self.recent:
                return 0
            self.recent = (self.recent + [game])[-MAX_RECENT:]
        taken = 0
        self.games += 1
        for key, ctx, raw, residual in lessons.get("learned", ()):
            self.rivals.setdefault(key, RivalMemory()).add(ctx, raw, residual, fine=not is_everyone(key))
            taken += 1
        for key in lessons.get("met", ()):
            entry = self.rivals.get(key)
            if entry is not None:
                entry.seen += 1
                entry.last = self.games
        self._trim()
        return taken

    def _trim(self) -> None:
        """Keep the book inside ``MAX_RIVALS`` and ``MAX_CELLS``: the rivals met
        longest ago go first, and every game's "everyone" entry (what all
        rivals taught, the most used of all) stays."""
        def cells(memory: RivalMemory) -> int:
            return sum(len(c) for c in memory.cells.values()) + memory.fine_cells()
        total = sum(cells(m) for m in self.rivals.values())
        if len(self.rivals) <= MAX_RIVALS and total <= MAX_CELLS:
            return
        oldest_first = sorted((k for k in self.rivals if not is_everyone(k)), key=lambda k: (self.rivals[k].last, k))
        count = len(self.rivals)
        for key in oldest_first:
            if count <= MAX_RIVALS and total <= MAX_CELLS:
                break
            total -= cells(self.rivals.pop(key))
            count -= 1

    def forget(self) -> None:
        """Forget every rival."""
        self.rivals.clear()

    # --- file form ------------------------------------------------------------------
    def to_json(self) -> dict:
        return {"format": BOOK_FORMAT, "version": BOOK_VERSION, "games": self.games,
                "recent": list(self.recent),
                "rivals": {k: m.to_json() for k, m in sorted(self.rivals.items())}}

    @classmethod
    def from_json(cls, data: Any) -> "RivalBook":
        """From a parsed document; ``validation.SchemaError`` if it breaks the schema."""
        data = v.check_document(data, BOOK_FORMAT)
        rivals = {k: RivalMemory.from_json(e) for k, e in data["rivals"].items()}
        if data["version"] == 1:
            # every level shared an entry: each level starts from a copy of it
            # ("game/who:name" becomes "game/LEVEL/who:name")
            shared, rivals = rivals, {}
            for key, memory in shared.items():
                game, slash, rest = key.partition("/")
                if slash:
                    for reader in READERS:
                        rivals[f"{game}/{reader}/{rest}"[:120]] = copy.deepcopy(memory)
        for key, memory in rivals.items():
            if is_everyone(key):
                memory.fine.clear()   # never read there (``Reading.correction``), so never kept
        book = cls(rivals, data.get("games", 0), data.get("recent"))
        book._trim()
        return book


def load_book(path=None) -> tuple[RivalBook, Optional[str]]:
    """The player's book (``userfiles.rivals_path``): a missing file is an empty
    book; a damaged one is set aside, the book starts afresh and the message
    says so (the AIs only forget; nothing else is touched)."""
    from ...core import userfiles
    from pathlib import Path
    path = userfiles.rivals_path() if path is None else Path(path)

    def read(p):
        return RivalBook.from_json(userfiles.read_document(p, BOOK_FORMAT))
    return userfiles.read_or_default(path, read, RivalBook, "The AIs' memory of their rivals started afresh")


def save_book(document: dict, path=None) -> None:
    """Write ``RivalBook.to_json()`` atomically (a crash mid-write keeps the old file)."""
    from ...core import userfiles
    userfiles.atomic_write_json(userfiles.rivals_path() if path is None else path, document)


@dataclass
class _Pending:
    """A challenge of mine waiting for its reveal."""
    bidder: int
    kind: str
    ctx: str
    raw: float
    population: float
    first: float       # the trusted first stage's chance: the second stage's key (``Reading.trusted``)
    second: float      # the second stage's chance: the tenth's shift's key (``Reading.shifted``)
    said: float        # the chance stated (after the tenth's shift)
    quantity: int
    face: int
    wild: Optional[int]


class ChallengeMemory:
    """One agent's side of the book: the memories of its rivals for this game
    (``recall``), the chance to state (``stated``), and the outcomes it learns
    as reveals come (``note`` a challenge when it is made, ``settle`` at the
    reveal) until ``hand_over`` gives them to the book."""

    def __init__(self) -> None:
        self.rivals: dict[int, tuple[str, Layered]] = {}
        self.everyone: Optional[tuple[str, Layered]] = None
        self.pending: dict[tuple[int, int], _Pending] = {}
        self.learned: list[tuple[str, str, float, float]] = []

    def recall(self, rivals: Mapping[int, tuple[str, Layered]],
               everyone: Optional[tuple[str, Layered]] = None) -> None:
        self.rivals = dict(rivals)
        self.everyone = everyone
        self.at_start = {seat: self._as_begun(memory) for seat, (_key, memory) in self.rivals.items()}
        self.everyone_at_start = self._as_begun(everyone[1]) if everyone is not None else None
        self.from_earlier_games = any(m.has_outcomes() for m in self.at_start.values()) or (
            self.everyone_at_start is not None and self.everyone_at_start.has_outcomes())

    @staticmethod
    def _as_begun(memory: Reading) -> Reading:
        """A seated memory as the book had it (its shared base, nothing of this
        game); a plain memory given directly is read as it is."""
        return Layered(memory.base) if isinstance(memory, Layered) else memory

    at_start: dict[int, Reading] = {}
    """Each rival's memory as the book had it when the game began: what the
    chance is stated from.  Hard acts on the chance it states (issue 40), and a
    continued game rebuilds its AIs by watching the moves, which teaches this
    game's layer nothing of the challenges they made; so the chance (and the
    move) comes from what the book knew at the start, the same after Continue,
    and this game's reveals reach it from the next game on."""
    everyone_at_start: Optional[Reading] = None
    from_earlier_games = False
    """Did the book seat any outcome of an earlier game (``recall``)?  Then what
    this agent states and does may rest on it (``Match.said``)."""

    def stated(self, spot, kind: str, raw: float, population: float, endgame: bool = False) -> float:
        """``population`` corrected by what the book taught of the bidder of
        ``spot``'s standing bid (unchanged for a stranger or without a book)."""
        known = self.at_start.get(spot.bidder) if spot.bidder is not None else None
        if known is None:
            return population
        return self._stages(known, spot_context(spot, kind, endgame), kind, raw, population)[2]

    def _stages(self, rival: Reading, ctx: str, kind: str, raw: float,
                population: float) -> tuple[float, float, float]:
        """Each stage's chance, each worked out once: the trusted first
        stage's (``Reading.trusted``), the second stage's, and the chance to
        say (after the tenth's shift).  A chance the reader knows
        stays the population's at every stage."""
        if raw <= 0.0 or raw >= 1.0:
            return population, population, population
        everyone = self.everyone_at_start
        first = rival.trusted(ctx, raw, population, everyone, self.trust(rival, kind))
        second = rival.second_stage(kind, first, everyone)
        if everyone is None:
            return first, second, second
        return first, second, everyone.shifted(kind, second)

    @staticmethod
    def trust(rival: Reading, kind: str) -> float:
        """How much of its first stage's move a rival's memory has earned: ``n /
        (n + TRUST_OUTCOMES)`` for n outcomes of this kind, so a rival met in one
        game is said at a fraction of what its few reveals suggest and a rival
        of hundreds at nearly all of it (the second stage then calibrates the
        chance so trusted).  A stranger is read as the population."""
        n = rival.outcomes(kind)
        return n / (n + TRUST_OUTCOMES)

    def note(self, spot, kind: str, raw: float, population: float, endgame: bool = False) -> None:
        """A challenge (``kind``) on the standing bid of ``spot`` is my move: kept
        for its reveal.  One per decision point, the last word counting (a
        solved endgame may replace the reader's choice).  A chance the reader
        knew (0 or 1) teaches the rival's memory nothing."""
        if spot.bidder not in self.rivals or spot.current is None:
            self.withdraw(spot)
            return
        q, f = spot.current
        ctx = spot_context(spot, kind, endgame)
        first, second, said = self._stages(self.at_start[spot.bidder], ctx, kind, raw, population)
        self.pending[(spot.round_no, len(spot.bids))] = _Pending(
            spot.bidder, kind, ctx, raw, population, first, second, said, q, f, spot.wild)

    def _everyone(self) -> Optional[Layered]:
        return self.everyone[1] if self.everyone is not None else None

    def withdraw(self, spot) -> None:
        """My move at ``spot`` was not a challenge after all."""
        self.pending.pop((spot.round_no, len(spot.bids)), None)

    def settle(self, reveal, me: int) -> None:
        """At a reveal ``(round, hands by seat, challenger, (bidder, q, face))``:
        the challenge of mine it judged becomes an outcome of its bidder's
        memory; challenges that were never made (another player spoke first)
        are dropped."""
        if not self.pending or reveal is None:
            return
        rnd, hands, challenger, last = reveal
        done = [k for k in self.pending if k[0] <= rnd]
        if not done:
            return
        chosen = None
        if challenger == me and last is not None:
            for at in sorted(k for k in done if k[0] == rnd):
                made = self.pending[at]
                if (made.bidder, made.quantity, made.face) == tuple(last):
                    chosen = made
        for at in done:
            del self.pending[at]
        if chosen is None or chosen.bidder not in self.rivals:
            return
        from .bids import count_matching
        count = sum(count_matching(tuple(h), chosen.face, chosen.wild) for h in hands if h)
        hit = count == chosen.quantity if chosen.kind == "jinto" else count >= chosen.quantity
        y = 1.0 if hit else 0.0
        learns = 0.0 < chosen.raw < 1.0
        for key, memory in [self.rivals[chosen.bidder]] + ([self.everyone] if self.everyone else []):
            outcomes = [(chosen.ctx, chosen.raw, y - chosen.population),
                        (f"said|{chosen.kind}", chosen.first, y - chosen.first)] if learns else []
            if is_everyone(key):
                if learns:
                    outcomes.append((f"tenth|{chosen.kind}", chosen.second, y - chosen.second))
            for ctx, chance, residual in outcomes:
                memory.add(ctx, chance, residual, fine=not is_everyone(key))
                self.learned.append((key, ctx, chance, residual))

    def hand_over(self) -> list[tuple[str, str, float, float]]:
        """The outcomes learned since the last hand-over (the book takes each once)."""
        out, self.learned = self.learned, []
        return out


class RivalShelf:
    """The app's book: read from ``rivals.json`` when first needed, seated into
    every real game (not replays, not lessons), and written after each one that
    ends.  A damaged file gives one message (``note``) and a fresh book."""

    def __init__(self, path=None):
        self.path = path
        self._book: Optional[RivalBook] = None
        self.note: Optional[str] = None
        """A message for the player about the file, until ``take_note``."""
        import threading
        self._lock = threading.Lock()
        """The book is read as a table opens and written by the end-of-game step's thread."""

    def take_note(self) -> Optional[str]:
        """The message about the file, once (then None): the screen toasts it."""
        note, self.note = self.note, None
        return note

    @property
    def book(self) -> RivalBook:
        if self._book is None:
            self._book, self.note = load_book(self.path)
        return self._book

    def seat(self, match) -> None:
        """Give the match's AIs what the book remembers of their rivals."""
        with self._lock:
            self.book.seat(match)

    def seat_strangers(self, match) -> None:
        """Seat the match's AIs as among strangers: an empty book of their own,
        so they learn from this game alone (a replay's AIs: the shelf's book
        has moved on since the game was played)."""
        RivalBook().seat(match)

    def lessons(self, match) -> dict:
        """What ``match``'s AIs learned of their rivals, handed over now (in the
        frame that ends the game: the agents are the live match's), for
        ``remember`` to take on the end-of-game step's thread."""
        with self._lock:
            return self.book.lessons(match)

    def remember(self, game: str, lessons: Mapping[str, Any]) -> None:
        """Take one finished game's ``lessons`` into the book (once per ``game``:
        ``RivalBook.take``) and write the book.  ``UserFileError`` if it cannot
        be written: the end-of-game step keeps the game pending and tries again."""
        with self._lock:
            self.book.take(game, lessons)
            save_book(self.book.to_json(), self.path)

    def forget(self) -> None:
        """Forget every rival and write the empty book (the stats screen's reset);
        a write that fails keeps the empty book in memory, the message is ``note``."""
        from ...core.userfiles import UserFileError
        with self._lock:
            self.book.forget()
            try:
                save_book(self.book.to_json(), self.path)
            except (UserFileError, OSError) as exc:
                self.note = f"Could not save what the AIs remember: {exc}"


def full_book(game_id: str, seats, seed: int = 0) -> RivalBook:
    """A book that remembers every seat of ``seats`` (and every rival at once)
    in every context and every bin, with made-up outcomes: the heaviest memory
    a decision can consult, for the decision-time bench."""
    import random
    rng = random.Random(seed)
    contexts = every_context()
    book = RivalBook()
    keys = [rival_key(game_id, s, reader) for reader in READERS for s in seats]
    for key in keys + [everyone_key(game_id, reader) for reader in READERS]:
        memory = RivalMemory(seen=50, last=50)
        for ctx in contexts[:MAX_CONTEXTS]:
            for b in range(BINS):
                n = float(rng.randint(1, 40))
                memory.cells.setdefault(ctx, {})[b] = [rng.uniform(-0.3, 0.3) * n, n]
        for i in range(0 if is_everyone(key) else MAX_FINE):
            n = float(rng.randint(1, 20))
            memory.fine.setdefault(contexts[i * 7 % (len(contexts) - len(KINDS))], {})[rng.randrange(FINE_BINS)] = \
                [rng.uniform(-0.3, 0.3) * n, n]
        book.rivals[key] = memory
    return book
