"""Tuning-half screen of the full-table roll-out (issue 40, eighth session): one league row with
Hard's style swapped.  From the worktree:
  python tools/rollout_screen.py ROW GAMES SEED VARIANT
VARIANT (Liar's Dice): ld-old (shipped: the seventh session's roll-out),
ld-new (raises onto any face, a bid back on a switched face passed on, Jintos),
ld-switch-naive (as ld-new but a bid back on a switched face called by my
reading: the first version screened), ld-jinto-only (same-face raises, Jintos),
ld-faces-only (raises onto any face, a switched bid passed on, no Jintos).
VARIANT (Roll Call): rc-off (shipped), rc-on (passed_on 3, same-face raises,
out-of-turn calls weighed against the roll-out), rc-on-faces (and raises onto
any face).  The first session screens of ld-new/rc-on ran on commit 58abb0f
and 063dc9a, where the refined model was always on (= ld-switch-naive and
rc-on-faces with a switched bid called by my reading)."""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.dev import league  # noqa: E402
from game.games.bidding import passed_on  # noqa: E402
from game.games.liars_dice import ai as ld_ai  # noqa: E402
from game.games.roll_call import ai as rc_ai  # noqa: E402

row, games, seed, variant = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
SWITCHES: dict[str, dict[str, object]] = {
    "ld-old": {}, "ld-new": dict(rollout_faces=True, rollout_jintos=True),
    "ld-switch-naive": dict(rollout_faces=True, rollout_jintos=True),
    "ld-jinto-only": dict(rollout_jintos=True), "ld-faces-only": dict(rollout_faces=True),
    "rc-off": dict(passed_on=0), "rc-on": dict(passed_on=3), "rc-on-faces": dict(passed_on=3, rollout_faces=True),
}
switches = SWITCHES[variant]
if variant == "ld-switch-naive":
    passed_on.CALL_ONLY_MY_FACE = False
if variant.startswith("ld-"):
    ld_ai.HARD_STYLE = dataclasses.replace(ld_ai.HARD_STYLE, **switches)  # type: ignore[arg-type]
else:
    rc_ai.HARD_STYLE = dataclasses.replace(rc_ai.HARD_STYLE, **switches)  # type: ignore[arg-type]
rep = league.run_row(row, "tuning", games, seed)
j = rep.to_json()
lo, hi = j["ci95"]
print(f"| {row} | {variant} | seed {seed} | {games} | {100 * j['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}) "
      f"| p99 {j['decision_ms']['p99']} |", flush=True)
