"""Re-measure every AI strength figure in docs/ENGINEERING.md (the README's until 2026-11-27), as a Markdown table.

    python tools/strength_report.py [--games 2000] [--seed 1] [--jobs 2]

Each row is one `python -m game sim ... --json` run (seats rotated between
games); rows run in parallel processes.  Takes several minutes at 2000 games.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

PAIRINGS = [
    ("liars-dice", "hard,normal"), ("liars-dice", "normal,easy"),
    ("liars-dice", "hard,hard,normal,normal,easy,easy"),
    ("roll-call", "hard,normal"), ("roll-call", "normal,easy"), ("roll-call", "hard,normal,easy,easy"),
    ("roll-the-bones", "hard,normal"), ("roll-the-bones", "normal,easy"),
    ("roll-for-it", "hard,normal"), ("roll-for-it", "normal,easy"),
    ("diced-out", "hard,normal"), ("diced-out", "normal,easy"),
]


def run(game: str, players: str, games: int, seed: int) -> dict:
    cmd = [sys.executable, "-m", "game", "sim", "--game", game, "--players", players,
           "--games", str(games), "--seed", str(seed), "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda p: run(p[0], p[1], args.games, args.seed), PAIRINGS))
    print("| game | players | games | win rate per seat (95% CI) |")
    print("| --- | --- | --- | --- |")
    for (game, players), res in zip(PAIRINGS, results):
        cells = []
        for level, r in res["levels"].items():
            lo, hi = r["ci95"]
            cells.append(f"{level} {100 * r['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})")
        print(f"| {game} | {players} | {res['games']} | {'; '.join(cells)} (fair share {100 * (1 / len(res['players'])):.1f}%) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
