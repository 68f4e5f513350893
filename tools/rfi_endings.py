"""How Roll For It! games end at a table size (target reached, cards ran out, stall).

    PYTHONPATH=. python tools/rfi_endings.py --players 8 --games 400

All-AI games (levels hard, normal, easy in turn round the table), seeded, on
the RNG dice; prints the share of each end reason.  Used for the two-deck rule
at 5+ players: with one 30-card deck (212 points) eight players ran the deck
out in 5-8% of games.
"""
from __future__ import annotations

import argparse
from collections import Counter

from game.core.match import Match, Seat
from game.core.protocol import state_as
from game.core.seeding import derive
from game.games.roll_for_it.rules import RollForItState


def endings(players: int, games: int, seed: int = 1) -> Counter:
    levels = ("hard", "normal", "easy")
    counts: Counter = Counter()
    for g in range(games):
        seats = [Seat(f"P{i}", "ai", levels[i % 3]) for i in range(players)]
        match = Match("roll-for-it", seats, seed=derive(seed, "endings", players, g))
        match.play_out()
        counts[state_as(match.state, RollForItState).end_reason] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = endings(args.players, args.games, args.seed)
    total = sum(counts.values())
    for reason in ("target", "deck", "stall"):
        print(f"{reason:7s} {counts[reason]:5d}  {100 * counts[reason] / total:5.1f}%")


if __name__ == "__main__":
    main()
