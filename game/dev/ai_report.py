"""``python -m game ai-report``: calibration, honesty and speed of one AI level.

Plays seeded AI games (seats rotated like ``sim``) and watches every decision
of the seats at the tested level through ``agent.last_decision`` (a
``Decision``: kind, bid, stated probability), never through text:

* calibration: stated chance vs observed frequency, by decile, for calls
  (chance the called bid is true), Jintos (chance it is exact) and
  out-of-turn calls;
* honesty: mean dice of the bid face the bidder holds (wilds included) vs the
  no-information baseline (dice held x chance one die counts);
* decision CPU time (``time.thread_time``) p50/p99 of turn decisions and
  out-of-turn polls.

Each bidding game supplies ``table_count(state, face)`` and
``hand_and_wild(state, player)`` in its ``rules.py``.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from ..games.bidding.bids import count_matching, match_chance
from ..core.match import Match
from ..core.seeding import derive
from ..core.sim import load_guests, seated_match, wilson


def chance_off_by(n: int, p: float, tolerance: float) -> float:
    """The chance that the observed frequency of ``n`` outcomes each true with
    chance ``p`` lands more than ``tolerance`` from ``p`` (exact binomial)."""
    if n <= 0:
        return 0.0
    p = min(1.0, max(0.0, p))
    if p in (0.0, 1.0):
        return 0.0
    lo = max(0, math.ceil(n * (p - tolerance) - 1e-9))
    hi = min(n, math.floor(n * (p + tolerance) + 1e-9))
    lp, lq = math.log(p), math.log1p(-p)
    head = math.lgamma(n + 1)
    inside = sum(math.exp(head - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * lp + (n - k) * lq)
                 for k in range(lo, hi + 1))
    return max(0.0, 1.0 - inside)


@dataclass
class Report:
    """What ``ai-report`` measured for one level: kept as data so the text
    (``lines``) and the JSON (``to_json``) say the same thing."""
    game: str
    level: str
    players: list
    games: int
    seed: int
    fresh: bool = False
    """Every game among strangers (no rival memory across the run)."""
    wins: float = 0.0
    seat_games: int = 0
    calib: dict = field(default_factory=lambda: {"call": [], "jinto": [], "oot": []})
    later: dict = field(default_factory=lambda: {"call": [], "jinto": [], "oot": []})
    """The same samples after the game's first round only (every rival has then shown a
    hand once): what learning a rival's habits from reveals could reach."""
    raw: list = field(default_factory=list)
    """(kind, calibration context, raw chance, hit) of every challenge that has a
    raw chance: what ``tools/bidcalib_fit.py`` fits the calibration maps on."""
    held: list = field(default_factory=list)
    baseline: list = field(default_factory=list)
    times_ms: list = field(default_factory=list)
    outcomes: list = field(default_factory=list)
    """Per game, the tested seats' share of the win (in order): how a rate moves
    over a series, e.g. against a bot that learns across games."""

    def deciles(self, kind: str, samples: dict | None = None) -> list[dict]:
        """Stated chance against what happened, per tenth of the range (with the gap):
        calibration is judged per decile, as one average hides opposite errors."""
        rows = []
        for d in range(10):
            pts = [(p, o) for p, o in (samples or self.calib)[kind] if min(9, int(p * 10)) == d]
            if pts:
                stated = sum(p for p, _ in pts) / len(pts)
                seen = sum(o for _, o in pts) / len(pts)
                lo, hi = wilson(seen * len(pts), len(pts))
                rows.append({"decile": f"{10 * d}-{10 * d + 9}%", "n": len(pts), "stated": round(stated, 4),
                             "observed": round(seen, 4), "gap": round(seen - stated, 4),
                             "observed_ci95": [round(lo, 4), round(hi, 4)]})
        return rows

    def misses(self, min_n: int = 100, samples: dict | None = None) -> list[tuple[str, dict]]:
        """Deciles with ``min_n``+ samples off by more than 5 points whose observed
        frequency's 95% interval also leaves out the stated chance: misses that
        sampling noise does not explain (with 100-300 samples an exactly
        calibrated chance of 30-70% is off by 5 points by chance alone in
        roughly one decile in four to one in ten)."""
        out = []
        for k in self.calib:
            for r in self.deciles(k, samples):
                lo, hi = r["observed_ci95"]
                if r["n"] >= min_n and abs(r["gap"]) > 0.05 and not lo <= r["stated"] <= hi:
                    out.append((k, r))
        return out

    def misses_if_calibrated(self, min_n: int = 100, tolerance: float = 0.05) -> float:
        """How many deciles with ``min_n``+ samples would be off by more than
        ``tolerance`` from sampling noise alone if every stated chance were
        exactly right: the floor the count of actual misses is read against.
        Each decile's outcomes taken as Binomial(n, its mean stated chance)
        (its chances span at most ten points, so their own spread changes the
        variance by well under 1%)."""
        return sum(chance_off_by(r["n"], r["stated"], tolerance)
                   for k in self.calib for r in self.deciles(k) if r["n"] >= min_n)

    def to_json(self) -> dict:
        """Every figure of the report as JSON (``--json``), the same numbers ``lines`` prints."""
        s = sorted(self.times_ms)

        def pct(q):
            return round(s[min(len(s) - 1, int(round(q * (len(s) - 1))))], 3) if s else None
        lo, hi = wilson(self.wins, self.seat_games)
        n = len(self.held)
        return {
            "game": self.game, "level": self.level, "players": self.players, "games": self.games,
            "seed": self.seed, "rival_memory": not self.fresh,
            "win_rate": round(self.wins / max(1, self.seat_games), 4), "ci95": [round(lo, 4), round(hi, 4)],
            "calibration": {k: self.deciles(k) for k in self.calib},
            "worst_gap": self.worst_gap(),
            "after_first_round": {k: self.deciles(k, self.later) for k in self.later},
            "worst_gap_after_first_round": self.worst_gap(samples=self.later),
            "misses_beyond_noise": [{"kind": k, **r} for k, r in self.misses()],
            "misses_over_5": sum(1 for k in self.calib for r in self.deciles(k)
                                 if r["n"] >= 100 and abs(r["gap"]) > 0.05),
            "misses_if_calibrated": round(self.misses_if_calibrated(), 2),
            "honesty": {"bids": n, "held": round(sum(self.held) / max(1, n), 3),
                        "baseline": round(sum(self.baseline) / max(1, n), 3),
                        "excess": round((sum(self.held) - sum(self.baseline)) / max(1, n), 3)},
            "decision_ms": {"n": len(s), "p50": pct(0.5), "p99": pct(0.99), "max": pct(1.0)},
        }

    def worst_gap(self, min_n: int = 100, samples: dict | None = None) -> float:
        """The largest calibration gap over deciles with at least ``min_n`` samples
        (thin deciles are noise): the one number a calibration target is checked on."""
        gaps = [abs(r["gap"]) for k in self.calib for r in self.deciles(k, samples) if r["n"] >= min_n]
        return round(max(gaps), 4) if gaps else 0.0

    def lines(self) -> list[str]:
        """The report as the terminal shows it."""
        j = self.to_json()
        lo, hi = j["ci95"]
        memory = "every game among strangers" if self.fresh else "rivals remembered across the series"
        out = [f"{self.game}: {self.level} vs {','.join(self.players[1:])}, {self.games} games, seed {self.seed}, "
               f"dice rng, {memory}",
               f"  wins per {self.level} seat: {100 * j['win_rate']:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f})"]
        for kind, title in (("call", "calls: chance the called bid is true"),
                            ("jinto", "Jintos: chance the bid is exact"),
                            ("oot", "out-of-turn calls: chance the bid is true")):
            rows = j["calibration"][kind]
            if not rows:
                continue
            out.append(f"  {title}")
            out.append("    decile     n   stated  observed   gap")
            for r in rows:
                flag = ""
                if r["n"] >= 100 and abs(r["gap"]) > 0.05:
                    lo, hi = r["observed_ci95"]
                    flag = "  <- off by more than 5 points" + (
                        "" if lo <= r["stated"] <= hi else ", beyond sampling noise")
                out.append(f"    {r['decile']:<8} {r['n']:>5}  {100 * r['stated']:6.1f}%  {100 * r['observed']:6.1f}%"
                           f"  {100 * r['gap']:+5.1f}{flag}")
        h = j["honesty"]
        out.append(f"  bid honesty: {h['bids']} bids hold {h['held']:.3f} of the bid face vs "
                   f"{h['baseline']:.3f} with no information (excess {h['excess']:+.3f})")
        t = j["decision_ms"]
        out.append(f"  decision CPU time: p50 {t['p50']} ms, p99 {t['p99']} ms, max {t['max']} ms (n={t['n']})")
        out.append(f"  worst calibration gap (deciles with 100+ samples): {100 * j['worst_gap']:.1f} points "
                   f"({100 * j['worst_gap_after_first_round']:.1f} after the first round); "
                   f"{len(j['misses_beyond_noise'])} decile(s) off by more than 5 points beyond sampling noise")
        out.append(f"  deciles off by more than 5 points: {j['misses_over_5']}; sampling noise alone would put "
                   f"{j['misses_if_calibrated']:.1f} off if every stated chance were exact")
        return out


def pooled(reports: list[Report]) -> Report:
    """Several series of one table as one report (every sample of each): the
    systematic calibration error, with the sampling noise of any one 2,000-game
    series averaged away, is what the pooled deciles show."""
    first = reports[0]
    out = Report(first.game, first.level, first.players, sum(r.games for r in reports), first.seed,
                 fresh=first.fresh)
    for r in reports:
        out.wins += r.wins
        out.seat_games += r.seat_games
        for kind in out.calib:
            out.calib[kind] += r.calib[kind]
            out.later[kind] += r.later[kind]
        out.raw += r.raw
        out.held += r.held
        out.baseline += r.baseline
        out.times_ms += r.times_ms
        out.outcomes += r.outcomes
    return out


def run_report(game_id: str, level: str, opponents: list[str], games: int, seed: int,
               options: dict | None = None, fresh: bool = False, hard_calib=None, progress=None) -> Report:
    """Play ``games`` seeded games with ``level`` among ``opponents`` (levels,
    sparring styles or guest bots, ``FILE.py:Class``: ``guest_bots``) and collect its
    decisions: the figures the Hard level's honesty and calibration targets are checked on.

    The games are a series at one table, as a player meets the same rivals game
    after game: the AIs remember their rivals across it (one ``RivalBook`` for
    the run; it changes the chances they state and the challenges Hard makes on
    them, ``Style.acts_on_memory``).  ``fresh``:
    every game among strangers (no book), the first game of a new player.
    ``hard_calib``: the Hard AIs state their chances through these maps (a
    ``bidding.calib.Calibration``: ``tools/bidcalib_fit.py``'s rounds), not the shipped ones.
    ``progress``: called with the report and the game's match after every game (a long
    run's figures so far; ``outside_report`` reads the games themselves)."""
    from ..core import dice as _dice
    from .. import games as registry
    from ..games.bidding.rivalbook import RivalBook
    hooks = registry.rules_module(game_id)
    levels = [level] + list(opponents)
    guests = load_guests(levels)
    rep = Report(game_id, level, [guests[lvl].label if lvl in guests else lvl for lvl in levels], games, seed,
                 fresh=fresh)
    book = None if fresh else RivalBook()
    for g in range(games):
        seat_levels, match = seated_match(game_id, levels, g, guests, derive(seed, "ai-report", g), options,
                                          _dice.RngDice(), book)
        if hard_calib is not None:
            for agent in match.agents.values():
                if getattr(agent, "level", None) == "hard" and hasattr(agent, "brain"):
                    agent.brain.calib = hard_calib
        tested = [p for p, lvl in enumerate(seat_levels) if lvl == level]
        for p in tested:
            _watch(match, p, rep, hooks)
        match.play_out()
        match.catch_up()   # the AIs watch the final reveal (a fresh series has no book to make them)
        if book is not None:
            book.absorb(match)
        winners = match.state.winners()
        won = 0.0
        for p in tested:
            rep.seat_games += 1
            if p in winners:
                rep.wins += 1.0 / len(winners)
                won += 1.0 / len(winners)
        rep.outcomes.append(won / max(1, len(tested)))
        if progress is not None:
            progress(rep, match)
    return rep


def _watch(match: Match, player: int, rep: Report, hooks) -> None:
    agent = match.agents[player]

    def wrap(fn):
        def timed(view, legal):
            agent.last_decision = None
            state = match.state
            t0 = time.thread_time()
            action = fn(view, legal)
            rep.times_ms.append((time.thread_time() - t0) * 1000.0)
            d = agent.last_decision
            if action is not None and d is not None:
                _record(rep, state, player, d, hooks)
            return action
        return timed
    agent.act = wrap(agent.act)
    agent.interject = wrap(agent.interject)


def _record(rep: Report, state, player: int, d, hooks) -> None:
    if d.kind == "bid":
        hand, wild = hooks.hand_and_wild(state, player)
        rep.held.append(count_matching(hand, d.face, wild))
        rep.baseline.append(len(hand) * match_chance(d.face, wild))
        return
    if d.p is None or d.kind not in rep.calib:
        return
    count = hooks.table_count(state, d.face)
    hit = count == d.quantity if d.kind == "jinto" else count >= d.quantity
    sample = (min(1.0, max(0.0, d.p)), 1.0 if hit else 0.0)
    rep.calib[d.kind].append(sample)
    if d.raw is not None and d.ctx is not None:
        rep.raw.append((d.kind, d.ctx, d.raw, sample[1]))
    if getattr(state, "round_no", 1) > 1:
        rep.later[d.kind].append(sample)
