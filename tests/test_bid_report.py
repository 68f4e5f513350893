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
    from game.dev.ai_report import run_report
    a = bid_report.run_table("roll-call", "hard:caller", 4, seed=2).to_json()
    b = run_report("roll-call", "hard", ["caller"], 4, seed=2).to_json()
    a.pop("decision_ms"), b.pop("decision_ms")
    assert a == b


def test_calibration_after_the_first_round_is_the_later_samples():
    """ai-report keeps the decisions made after round 1 apart (what learning from
    reveals could reach): they are the calibration samples taken in rounds 2+."""
    from game.dev import ai_report
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

    from game.dev.ai_report import chance_off_by
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

    from game.dev.ai_report import Report
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


def test_pooled_report_holds_every_sample_of_every_series():
    from game.dev.ai_report import pooled
    a = bid_report.run_table("liars-dice", "hard:caller", 5, seed=1)
    b = bid_report.run_table("liars-dice", "hard:caller", 5, seed=2)
    pool = pooled([a, b])
    assert pool.seat_games == a.seat_games + b.seat_games and pool.wins == a.wins + b.wins
    for kind in pool.calib:
        assert pool.calib[kind] == a.calib[kind] + b.calib[kind]
    assert pool.held == a.held + b.held and pool.games == 10
    # a pooled decile is the samples of both: n adds up, the frequency is the combined one
    for kind in pool.calib:
        by = {r["decile"]: r for r in pool.deciles(kind)}
        for r in a.deciles(kind) + b.deciles(kind):
            assert by[r["decile"]]["n"] >= r["n"]
        assert sum(r["n"] for r in pool.deciles(kind)) == len(a.calib[kind]) + len(b.calib[kind])


def test_series_summary_counts_each_series_and_pools_the_deciles():
    """The target is read per series (within 5 points, misses against noise), the
    systematic error from the pooled deciles with 100 x K+ samples."""
    from game.dev.ai_report import Report
    reps = []
    for seed, hits in ((1, 30), (2, 70)):
        rep = Report("liars-dice", "hard", ["hard", "caller"], 10, seed)
        # 100 calls stated 50% true; 30 (series 1) and 70 (series 2) came true
        rep.calib["call"] = [(0.5, 1.0)] * hits + [(0.5, 0.0)] * (100 - hits)
        reps.append(rep)
    s = bid_report.series_summary(reps, "hard:caller")
    assert [p["worst_gap"] for p in s["per_series"]] == [0.2, 0.2]
    assert s["series_within_5"] == 0 and s["misses_over_5"] == 2
    # pooled: 100 of 200 came true at a stated 50%, so no systematic error at all
    assert s["pooled_deciles"]["call"][0]["n"] == 200
    assert s["pooled_worst_gap"] == 0.0 and s["pooled_beyond_noise"] == []


def test_series_option_prints_a_row_per_table(capsys):
    assert bid_report.main(["--game", "roll-call", "--tables", "hard:caller", "--games", "3", "--series", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("| roll-call | hard:caller | 2 x 3 |") and " of 2 |" in out


def test_pooled_chi2_is_small_for_exact_chances_and_large_for_a_bias():
    """Exact chances give about one per decile; an 8-point bias over 2,000 decisions far more."""
    import random

    from game.dev.ai_report import Report
    rng = random.Random(5)
    exact, biased = Report("liars-dice", "hard", [], 1, 1), Report("liars-dice", "hard", [], 1, 1)
    for _ in range(2000):
        p = rng.uniform(0.3, 0.4)
        exact.calib["call"].append((p, 1.0 if rng.random() < p else 0.0))
        biased.calib["call"].append((p, 1.0 if rng.random() < p + 0.08 else 0.0))
    assert bid_report.pooled_chi2(exact, 100) < 9.0      # one degree of freedom: 99.7% below 9
    assert bid_report.pooled_chi2(biased, 100) > 15.0    # expected about 56
