"""Diced Out figures: AI decision times and mean round scores per level.

``python -m game.dev.benches.diced_out [--games N] [--seed S]`` prints the
mean round score of each AI level in solo games (every round with three
rerolls, so it is the free-mark skill alone), next to the solved optimum.
``bench_ai`` is the provider for ``python -m game bench``.
"""
from __future__ import annotations

import argparse
import statistics

from ..bench import percentiles, timed
from ...core.match import Match, Seat
from ...core.protocol import state_as
from ...core.seeding import derive, stream
from ...games.diced_out.ai import make_agent
from ...games.diced_out.rules import FREE_MARK, PENALTY, DicedOutState
from ...games.diced_out.solver import solve

GAME_ID = "diced-out"


def solo_round_scores(level: str, games: int, seed: int = 1, options: dict | None = None) -> list[int]:
    """Round scores of ``games`` seeded solo games (four rounds each) by one AI level."""
    scores: list[int] = []
    for g in range(games):
        match = Match(GAME_ID, [Seat("solo", "ai", level)], options, seed=derive(seed, "solo", level, g))
        match.play_out()
        scores.extend(state_as(match.state, DicedOutState).round_scores[0])
    return scores


def mean_round_scores(games: int = 500, seed: int = 1) -> dict:
    """Mean round score (and its standard error) per level, plus the optimum."""
    out: dict[str, object] = {"solved_optimum": round(solve().expected(), 3), "rounds_per_level": 4 * games}
    for level in ("easy", "normal", "hard"):
        scores = solo_round_scores(level, games, seed)
        out[level] = {"mean": round(statistics.fmean(scores), 3),
                      "stderr": round(statistics.stdev(scores) / len(scores) ** 0.5, 3)}
    return out


def decision_positions(count: int, seed: int = 7) -> list[tuple]:
    """Real (view, legal) decision points from seeded AI games of 2-8 players."""
    positions: list[tuple] = []
    g = 0
    while len(positions) < count:
        n = 2 + g % 7
        match = Match(GAME_ID, [Seat(f"P{i}", "ai", "normal") for i in range(n)], seed=derive(seed, "bench", g))
        while not match.is_over:
            state = state_as(match.state, DicedOutState)
            if state.phase in (FREE_MARK, PENALTY):
                p = state.turn_player()
                assert p is not None, "a free mark or penalty is always someone's"
                positions.append((state.view(p), state.legal_actions(p)))
            match.step()
        g += 1
    return positions[:count]


def bench_ai(quick: bool = False) -> dict:
    """Decision-time percentiles per level over real positions (ms)."""
    positions = decision_positions(60 if quick else 400)
    out = {}
    for level in ("easy", "normal", "hard"):
        agent = make_agent(level, 0, stream(1, "bench", level))
        samples: list[float] = []
        for view, legal in positions:
            agent.player = view.me
            samples += timed(lambda: agent.act(view, legal), 1)
        out[level] = percentiles(samples)
    out["solve_ms"] = percentiles(timed(lambda: solve.__wrapped__((3, 11)), 1 if quick else 5))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.dev.benches.diced_out")
    parser.add_argument("--games", type=int, default=500, help="solo games per level (4 rounds each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-timing", action="store_true")
    args = parser.parse_args(argv)
    scores = mean_round_scores(args.games, args.seed)
    print(f"Diced Out mean round score, {scores['rounds_per_level']} solo rounds per level "
          f"(solved optimum {scores['solved_optimum']}):")
    for level in ("easy", "normal", "hard"):
        print(f"  {level:<7} {scores[level]['mean']:6.2f}  +- {scores[level]['stderr']:.2f}")
    if not args.no_timing:
        for level, figures in bench_ai().items():
            print(f"  decision ms {level:<8} {figures}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
