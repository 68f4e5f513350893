"""tools/bid_report.py: issue 12's tables, the reference bot's seats included."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

import bid_report  # noqa: E402

from tests.reference_bot import ReferenceBot  # noqa: E402


def test_reference_seats_are_played_by_the_reference_bot(monkeypatch):
    """Every reference seat of a table is a ReferenceBot (seated as a guest bot),
    an easy seat beside them the Easy AI, the tested seat never a bot, and the
    report counts the tested seat's decisions."""
    from game.core.guest_bots import load_bot
    bot_class = load_bot(bid_report.REFERENCE_BOT).cls
    assert bot_class.__name__ == ReferenceBot.__name__
    seen = []
    original = bot_class.act

    def act(self, view, legal):
        seen.append(self.player)
        return original(self, view, legal)
    monkeypatch.setattr(bot_class, "act", act)
    rep = bid_report.run_table("liars-dice", "hard:reference+easy", 6, seed=3)
    j = rep.to_json()
    assert rep.seat_games == 6 and j["honesty"]["bids"] > 5
    assert j["players"] == ["hard", "ReferenceBot", "easy"]
    # seats rotate: over 6 games the bot (player 1) sits in every chair
    assert set(seen) == {0, 1, 2}


def test_plain_tables_match_ai_report():
    from game.core.ai_report import run_report
    a = bid_report.run_table("roll-call", "hard:caller", 4, seed=2).to_json()
    b = run_report("roll-call", "hard", ["caller"], 4, seed=2).to_json()
    a.pop("decision_ms"), b.pop("decision_ms")
    assert a == b


def test_calibration_after_the_first_round_is_the_later_samples():
    """ai-report keeps the decisions made after round 1 apart (what learning from
    reveals could reach): they are the calibration samples taken in rounds 2+."""
    from game.core import ai_report
    rounds = []
    original = ai_report._record

    def record(rep, state, player, d, hooks):
        before = len(rep.calib.get(d.kind, ()))
        original(rep, state, player, d, hooks)
        if d.kind in rep.calib and len(rep.calib[d.kind]) > before:
            rounds.append((d.kind, state.round_no))
    ai_report._record = record
    try:
        rep = bid_report.run_table("liars-dice", "hard:binomial", 8, seed=4)
    finally:
        ai_report._record = original
    for kind in rep.calib:
        assert len(rep.later[kind]) == sum(1 for k, r in rounds if k == kind and r > 1)
        assert all(s in rep.calib[kind] for s in rep.later[kind])
    assert 0 < sum(map(len, rep.later.values())) < sum(map(len, rep.calib.values()))
    j = rep.to_json()
    assert set(j["after_first_round"]) == set(j["calibration"]) and "worst_gap_after_first_round" in j


def test_chance_off_by_is_the_exact_binomial_tail():
    """100 fair outcomes land more than 5 points from 50% when 44 or fewer, or 56
    or more, come true: 2 x P(X <= 44), by hand from the binomial coefficients."""
    from math import comb

    from game.core.ai_report import chance_off_by
    assert chance_off_by(100, 0.5, 0.05) == __import__("pytest").approx(
        2 * sum(comb(100, k) for k in range(45)) / 2 ** 100, rel=1e-9)
    assert chance_off_by(100, 0.0, 0.05) == 0.0 and chance_off_by(0, 0.5, 0.05) == 0.0
    assert chance_off_by(1000, 0.5, 0.05) < chance_off_by(100, 0.5, 0.05)


def test_misses_if_calibrated_predicts_the_misses_of_exact_chances():
    """The noise floor the README reads misses against: reports whose outcomes are
    drawn from their own stated chances are off by more than 5 points, on average,
    in as many deciles as ``misses_if_calibrated`` says (and a report whose chances
    are all 10 points too high is off in far more)."""
    import random

    from game.core.ai_report import Report
    rng = random.Random(5)
    actual = predicted = 0.0
    for _ in range(60):
        rep = Report("liars-dice", "hard", ["hard", "x"], 1, 1)
        for kind in ("call", "jinto"):
            for _ in range(1200):
                p = rng.random()
                rep.calib[kind].append((p, 1.0 if rng.random() < p else 0.0))
        j = rep.to_json()
        actual += j["misses_over_5"]
        predicted += rep.misses_if_calibrated()
    assert 0.8 * predicted < actual < 1.25 * predicted and predicted > 30
    off = Report("liars-dice", "hard", ["hard", "x"], 1, 1)
    for _ in range(1200):
        p = rng.random()
        off.calib["call"].append((min(1.0, p + 0.1), 1.0 if rng.random() < p else 0.0))
    assert off.to_json()["misses_over_5"] > 3 * off.misses_if_calibrated()
