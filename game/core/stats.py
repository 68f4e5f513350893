"""Lifetime stats: what every finished game at this computer adds up to.

``record_match(match)`` is called once when a game ends (the table calls it
where it saves the replay); it adds the game to ``stats.json`` through the
validated, atomic file layer (``userfiles.load_stats`` / ``save_stats``).
Per game and per *table* (the level of the AI seats) it keeps games, wins,
the current and best win streak and the best score; per game the faces the
humans bid most and every face they rolled (the dice-luck panel, judged with
a chi-square test written here: no scipy at runtime).

Who "you" are: the stats belong to the players at this computer, so a game
is won when a human seat wins, the best score is the best of the human
seats, and the dice luck counts every die a human seat rolled.  Tables:

* ``easy`` / ``normal`` / ``hard``: every AI seat at that level;
* ``mixed``: AI seats of different levels;
* ``solo``: one human, no AI (Diced Out's solo game: its best is the
  personal best);
* ``hotseat``: several humans, no AI.

Solo and hot-seat games have nobody outside "you" to beat, so they count
games and best scores but no wins or streaks (the screen shows a dash).
All-AI games, replays and tutorial games (``match.tutorial`` true) are not
recorded; a game already recorded (same game, seed and moves: a resumed or
re-saved game) is not counted twice.

Pure: no pygame.  What a game's score is comes from its slice's small
``stats.py`` hook (``games.stats_hooks``): ``SCORE`` (a ``ScoreSpec``) and
``score(steps, player)``.
"""
from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from .. import games
from . import userfiles
from .protocol import CHANCE, DIE_KINDS, Action, RollRequest, State

TABLES = ("easy", "normal", "hard", "mixed", "solo", "hotseat")
"""The table buckets, in the order the screen lists them."""
TABLE_NAMES = {"easy": "Easy AI", "normal": "Normal AI", "hard": "Hard AI", "mixed": "Mixed AI levels",
               "solo": "Solo", "hotseat": "Hot-seat (no AI)"}
COMPETITIVE = ("easy", "normal", "hard", "mixed")
"""Tables with someone to beat: only these count wins and streaks."""
MAX_RECENT = 64
"""How many recorded games are remembered to refuse counting one twice."""
MAX_COUNT = 10**9
"""Counts stop here (the file schema's cap; a lifetime never reaches it)."""
MIN_EXPECTED = 5
"""Chi-square needs about this many expected rolls per face to be trusted."""


@dataclass(frozen=True)
class ScoreSpec:
    """A game's score as the stats keep it: its column name and which way is better."""
    label: str
    higher_is_better: bool = True

    def better(self, new: int, old: int | None) -> bool:
        """Whether ``new`` beats the best so far (``old``; None: no best yet), in this
        game's direction (some games count the lowest score best)."""
        return old is None or (new > old if self.higher_is_better else new < old)


@dataclass(frozen=True)
class Step:
    """One move of a finished game, with the states around it."""
    before: State
    player: int
    action: Action
    after: State


@dataclass
class Recorded:
    """What one recorded game changed (the table shows a new best, for instance)."""
    game_id: str
    table: str
    won: bool | None            # None: solo / hot-seat (nobody to beat)
    score: int | None
    new_best: bool
    best: int | None


# --------------------------------------------------------------------------
# Chi-square
# --------------------------------------------------------------------------

def chi_square(observed: Sequence[int]) -> float:
    """Pearson's statistic of ``observed`` counts against equal chances per face."""
    total = sum(observed)
    if total <= 0 or len(observed) < 2:
        return 0.0
    expected = total / len(observed)
    return sum((o - expected) ** 2 for o in observed) / expected


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom: the
    regularised upper incomplete gamma Q(df/2, x/2) (series below a+1, continued
    fraction above, as in Numerical Recipes 6.2)."""
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if x <= 0:
        return 1.0
    a, z = df / 2.0, x / 2.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1.0:   # series for the lower part P, then Q = 1 - P
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1.0
            term *= z / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, min(1.0, 1.0 - total * math.exp(log_front)))
    tiny = 1e-300   # Lentz's continued fraction for Q
    b = z + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return max(0.0, min(1.0, math.exp(log_front) * h))


@dataclass(frozen=True)
class Luck:
    """The faces of one die kind the humans rolled, against fair dice."""
    kind: str
    counts: tuple[int, ...]

    @property
    def sides(self) -> int:
        """Faces of the die kind counted."""
        return len(self.counts)

    @property
    def rolls(self) -> int:
        """Dice counted over all faces."""
        return sum(self.counts)

    @property
    def expected(self) -> float:
        """Rolls per face a fair die gives on average."""
        return self.rolls / self.sides if self.sides else 0.0

    @property
    def enough(self) -> bool:
        """Enough rolls for the chi-square test to mean something."""
        return self.sides >= 2 and self.expected >= MIN_EXPECTED

    @property
    def needed(self) -> int:
        """Rolls needed before the fairness test is shown (enough expected per face)."""
        return MIN_EXPECTED * self.sides

    @property
    def statistic(self) -> float:
        """The chi-square statistic of the face counts."""
        return chi_square(self.counts)

    @property
    def p_value(self) -> float | None:
        """The chance a fair die counts at least this unevenly; None until there are
        enough rolls to say."""
        return chi2_sf(self.statistic, self.sides - 1) if self.enough else None

    def verdict(self) -> str:
        """The test in plain words, one short line (``The dice look fair: p = 0.43``)."""
        p = self.p_value
        if p is None:
            return "Too few rolls to judge yet"
        shown = f"p = {p:.2f}" if p >= 0.01 else ("p < 0.001" if p < 0.001 else f"p = {p:.3f}")
        if p >= 0.05:
            return f"The dice look fair: {shown}"
        if p >= 0.001:
            return f"Unusual for fair dice: {shown}"
        return f"Very unusual for fair dice: {shown}"

    def detail(self) -> str:
        """The line under the verdict: what was counted and what p means here."""
        p = self.p_value
        if p is None:
            return (f"{self.rolls:,} of the {self.needed:,} rolls the test needs "
                    f"({MIN_EXPECTED} per face on average)")
        if p >= 0.05:
            return (f"{self.rolls:,} rolls \u00b7 p is the chance that fair dice come out "
                    f"at least this uneven")
        return (f"{self.rolls:,} rolls \u00b7 fair dice come out this uneven about once in "
                f"{max(2, round(1 / max(p, 1e-9))):,} tries: it happens")


# --------------------------------------------------------------------------
# Reading a finished match
# --------------------------------------------------------------------------

def table_of(seats) -> str | None:
    """The table bucket of these seats (None: no human, nothing to record)."""
    humans = [s for s in seats if not s.is_ai]
    ais = [s for s in seats if s.is_ai]
    if not humans:
        return None
    if not ais:
        return "solo" if len(humans) == 1 else "hotseat"
    levels = {s.level for s in ais}
    if len(levels) == 1:
        level = levels.pop()
        return level if level in TABLES else "mixed"
    return "mixed"


def skip_reason(match) -> str | None:
    """Why ``match`` is not recorded, or None."""
    if getattr(match, "tutorial", False):
        return "a tutorial game"
    if getattr(match, "replay", False):
        return "a replay"
    if not match.is_over:
        return "not finished"
    if table_of(match.seats) is None:
        return "no human played"
    return None


def steps_of(match) -> list[Step]:
    """Every move of ``match`` with the state before and after it (replayed
    from the start, so it works for any match, also a loaded one)."""
    state = match.game.new_initial_state()
    out = []
    for player, action in match.history:
        after = state.apply(player, action)
        out.append(Step(state, player, action, after))
        state = after
    return out


def human_rolls(steps: Iterable[Step], humans: set[int]) -> dict[str, list[int]]:
    """Per die kind, how often each face came up on a human seat's dice."""
    out: dict[str, list[int]] = {}
    for step in steps:
        if step.player != CHANCE:
            continue
        request = step.before.chance_request()
        if not isinstance(request, RollRequest):
            continue
        for group, faces in zip(request.groups, getattr(step.action, "faces", ())):
            if group.owner not in humans:
                continue
            counts = out.setdefault(group.kind, [0] * DIE_KINDS[group.kind])
            for face in faces:
                if 1 <= face <= len(counts):
                    counts[face - 1] += 1
    return out


def human_bid_faces(steps: Iterable[Step], humans: set[int], face_of: Callable[[Any], int | None]) -> dict[int, int]:
    """How often the humans bid on each face; ``face_of(action)`` is the face a
    move bids on or None (the bidding games' stats hook ``bid_face``)."""
    out: dict[int, int] = {}
    for step in steps:
        face = face_of(step.action) if step.player in humans else None
        if face is not None:
            out[face] = out.get(face, 0) + 1
    return out


def score_spec(game_id: str) -> ScoreSpec | None:
    """The game's score rules for the stats screen, or None for games without a score."""
    hooks = games.stats_hooks(game_id)
    return getattr(hooks, "SCORE", None) if hooks else None


def human_score(game_id: str, steps: list[Step], humans: Sequence[int]) -> int | None:
    """The best score of the human seats (the game's ``stats.py`` hook)."""
    hooks = games.stats_hooks(game_id)
    spec = score_spec(game_id)
    if hooks is None or spec is None or not steps:
        return None
    best: int | None = None
    for p in humans:
        value = hooks.score(steps, p)
        if value is not None and spec.better(value, best):
            best = value
    return best


def match_key(match) -> str:
    """Names one finished game (resuming or re-saving it gives the same key)."""
    return f"{match.game_id}:{match.seed}:{len(match.history)}"


# --------------------------------------------------------------------------
# Adding a match to the stats document
# --------------------------------------------------------------------------

def _bump(value: int, by: int = 1) -> int:
    return min(MAX_COUNT, value + by)


def game_entry(data: dict, game_id: str) -> dict:
    """The game's record in the stats document, created on first use so callers
    never test for missing keys."""
    entry = data.setdefault("games", {}).setdefault(game_id, {})
    entry.setdefault("levels", {})
    return entry


def add_match(data: dict, match) -> Recorded | None:
    """Add a finished match to the stats document ``data`` (in memory);
    None if it is not recorded (see ``skip_reason``) or was already."""
    if skip_reason(match):
        return None
    key = match_key(match)
    recent = data.setdefault("recent", [])
    if key in recent:
        return None
    recent.append(key)
    del recent[:-MAX_RECENT]
    table = table_of(match.seats)
    assert table is not None
    humans = [i for i, s in enumerate(match.seats) if not s.is_ai]
    steps = steps_of(match)
    ranking = match.state.ranking()
    entry = game_entry(data, match.game_id)
    bucket = entry["levels"].setdefault(table, {"games": 0, "wins": 0, "streak": 0, "best_streak": 0})
    bucket["games"] = _bump(bucket["games"])
    won: bool | None = None
    if table in COMPETITIVE:
        won = any(ranking[p] == 0 for p in humans)
        if won:
            bucket["wins"] = _bump(bucket["wins"])
        for where in (bucket, entry):   # the table's streak and the game's (any table)
            where["streak"] = _bump(where.get("streak", 0)) if won else 0
            where["best_streak"] = max(where.get("best_streak", 0), where["streak"])
    score = human_score(match.game_id, steps, humans)
    spec = score_spec(match.game_id)
    new_best = False
    if score is not None and spec is not None:
        score = max(-MAX_COUNT, min(MAX_COUNT, score))
        new_best = spec.better(score, bucket.get("best"))
        if new_best:
            bucket["best"] = score
    hooks = games.stats_hooks(match.game_id)
    bid_face = getattr(hooks, "bid_face", None)
    for face, n in (human_bid_faces(steps, set(humans), bid_face) if bid_face else {}).items():
        bids = entry.setdefault("bids", {})
        bids[str(face)] = _bump(bids.get(str(face), 0), n)
    for kind, counts in human_rolls(steps, set(humans)).items():
        luck = entry.setdefault("luck", {})
        old = luck.get(kind)
        if not isinstance(old, list) or len(old) != len(counts):
            old = [0] * len(counts)
        luck[kind] = [_bump(a, b) for a, b in zip(old, counts)]
    return Recorded(match.game_id, table, won, score, new_best, bucket.get("best"))


_FILE_LOCK = threading.Lock()
"""One reader-writer of stats.json at a time (a recording thread, a reset)."""


def record_match(match, path=None) -> Recorded | None:
    """Add a finished game to the player's stats file, once (see the module
    docstring for what is skipped).  A damaged stats file is set aside by the
    loader and the stats start afresh; ``UserFileError`` if it cannot be saved."""
    if skip_reason(match):
        return None
    with _FILE_LOCK:
        data, _note = userfiles.load_stats(path)
        recorded = add_match(data, match)
        if recorded is not None:
            userfiles.save_stats(data, path)
    return recorded


class Recording:
    """``record_match`` on a worker thread, so the frame that ends a game does
    not wait for the replay of its log nor the disk (``python -m game bench
    --only stats``: up to ~20 ms CPU and ~70 ms with the fsyncs).  The file's
    path is fixed when it starts.  ``report(toast)`` in the frame loop: a file
    error becomes a message; any other error is raised there (a bug must show)."""

    def __init__(self, match, *, background: bool = True):
        self.result: Recorded | None = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._reported = False
        path = userfiles.stats_path()
        if background:
            threading.Thread(target=self._run, args=(match, path), name="stats", daemon=True).start()
        else:
            self._run(match, path)

    def _run(self, match, path) -> None:
        try:
            self.result = record_match(match, path)
        except BaseException as exc:  # handed to the frame loop by report()
            self.error = exc
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        """Whether the background write finished (the screen asks; it never waits on it)."""
        return self._done.is_set()

    def wait(self, timeout: float | None = 10.0) -> Recorded | None:
        """The result once written (tests; the screen never waits)."""
        self._done.wait(timeout)
        if self.error is not None and not isinstance(self.error, userfiles.UserFileError):
            raise self.error
        return self.result

    def report(self, toast) -> None:
        """Once done: a save error as a message for players (``toast``)."""
        if not self.done or self._reported:
            return
        self._reported = True
        if isinstance(self.error, userfiles.UserFileError):
            toast(f"Could not save the stats: {self.error}")
        elif self.error is not None:
            raise self.error


def reset() -> None:
    """Forget every stat (the screen asks first)."""
    with _FILE_LOCK:
        userfiles.save_stats(userfiles.fresh_stats())


def solo_best(data: dict, game_id: str) -> int | None:
    """The personal best of the solo game (Diced Out's lowest four-round total)."""
    best = data.get("games", {}).get(game_id, {}).get("levels", {}).get("solo", {}).get("best")
    return best if isinstance(best, int) and not isinstance(best, bool) else None


def load_solo_best(game_id: str) -> tuple[int | None, str | None]:
    """``(personal best, message about a damaged stats file or None)``."""
    data, note = userfiles.load_stats()
    return solo_best(data, game_id), note


# --------------------------------------------------------------------------
# What the stats screen shows
# --------------------------------------------------------------------------

@dataclass
class Row:
    """One line of the table: a table bucket, or a game on the overview."""
    key: str
    name: str
    games: int = 0
    wins: int | None = 0        # None: nobody to beat (solo, hot-seat)
    streak: int | None = 0
    best_streak: int | None = 0
    best: int | None = None
    contested: int = 0
    """Games at tables with someone to beat (the win rate's denominator)."""

    @property
    def win_rate(self) -> float | None:
        """Wins over games with someone to beat; None where nobody was (solo, hot-seat)."""
        if self.wins is None or not self.contested:
            return None
        return self.wins / self.contested


@dataclass
class GameStats:
    """One game's stats screen, computed from the stats file and kept apart from the
    drawing, so tests read the figures a player sees."""
    game_id: str
    spec: ScoreSpec | None
    rows: list[Row]
    total: Row
    bids: dict[int, int] = field(default_factory=dict)
    luck: list[Luck] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Games recorded for this game."""
        return self.total.games

    @property
    def favourite_bid(self) -> int | None:
        """The face bid most often (the lowest on a tie), None without bids."""
        if not self.bids:
            return None
        return max(sorted(self.bids), key=lambda f: self.bids[f])

    @property
    def favourite_bids(self) -> list[int]:
        """Every face bid most often (a tie is said as one), lowest first."""
        top = max(self.bids.values(), default=0)
        return sorted(f for f, n in self.bids.items() if n == top and top > 0)


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _luck_list(luck_maps: Iterable[dict]) -> list[Luck]:
    merged: dict[str, list[int]] = {}
    for luck in luck_maps:
        for kind, counts in luck.items():
            if kind not in DIE_KINDS or not isinstance(counts, list) or len(counts) != DIE_KINDS[kind]:
                continue
            into = merged.setdefault(kind, [0] * len(counts))
            for i, n in enumerate(counts):
                into[i] += _int(n)
    order = list(DIE_KINDS)
    return [Luck(k, tuple(merged[k])) for k in sorted(merged, key=order.index) if sum(merged[k])]


def game_stats(data: dict, game_id: str) -> GameStats:
    """One game's rows (one per table played), total, bids and dice luck."""
    entry = data.get("games", {}).get(game_id, {})
    spec = score_spec(game_id)
    rows = []
    for table in TABLES:
        b = entry.get("levels", {}).get(table)
        if not b or not _int(b.get("games")):
            continue
        competitive = table in COMPETITIVE
        rows.append(Row(table, TABLE_NAMES[table], _int(b.get("games")),
                        _int(b.get("wins")) if competitive else None,
                        _int(b.get("streak")) if competitive else None,
                        _int(b.get("best_streak")) if competitive else None,
                        b.get("best") if isinstance(b.get("best"), int) else None,
                        _int(b.get("games")) if competitive else 0))
    total = Row("all", "All tables", sum(r.games for r in rows), contested=sum(r.contested for r in rows))
    played = [r for r in rows if r.wins is not None]
    if played:
        total.wins = sum(r.wins or 0 for r in played)
        total.streak = _int(entry.get("streak"))
        total.best_streak = _int(entry.get("best_streak"))
    else:
        total.wins = total.streak = total.best_streak = None
    for r in rows:
        if r.best is not None and spec is not None and spec.better(r.best, total.best):
            total.best = r.best
    bids = {int(f): _int(n) for f, n in entry.get("bids", {}).items()   # the faces a bid can name
            if f.isdigit() and 1 <= int(f) <= DIE_KINDS["d6"] and _int(n)}
    return GameStats(game_id, spec, rows, total, bids, _luck_list([entry.get("luck", {})]))


def overview(data: dict) -> GameStats:
    """Every game at once: one row per game played, all the dice luck."""
    rows = []
    lucks = []
    for game_id in games.GAME_IDS:
        g = game_stats(data, game_id)
        if g.games:
            row = g.total
            row.key, row.name = game_id, games.game_info(game_id).title
            rows.append(row)
        lucks.append(data.get("games", {}).get(game_id, {}).get("luck", {}))
    total = Row("all", "All games", sum(r.games for r in rows), contested=sum(r.contested for r in rows))
    played = [r for r in rows if r.wins is not None]
    total.wins = sum(r.wins or 0 for r in played) if played else None
    total.streak = total.best_streak = None
    return GameStats("all", None, rows, total, {}, _luck_list(lucks))


def has_any(data: dict) -> bool:
    """Whether any game was recorded: an empty stats screen says so instead of zeros."""
    return overview(data).games > 0
