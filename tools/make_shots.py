"""Write the README's screenshots (PNG): `python tools/make_shots.py [FOLDER]`.

The set: the title, setup, rules, settings, pause, curtain and results
screens, the hot-seat flow (cups down, a peek, Roll Call's out-of-turn
calls with every die covered), the replay viewer, the game log, the post-game
coach (and its line on the results screen), the results story (4 and 20
seats), the Undo button, the "you are out" card, the lifetime stats (all games, and Liar's Dice), and the
table of every built game at a mid-game moment (``table-<game>.png``).  Uses the same renderer as
`python -m game shot`, in a throw-away data folder; scenes that need a built
game are skipped while it is not built.  Images are 1280x720 PNGs, each
written once and reported with its size."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.dev import shots  # noqa: E402

MENU_SHOTS = (
    # (file stem, scene, game or None for the default, players)
    ("title", "title", None, None),
    ("setup", "setup", "liars-dice", 4),
    ("rules", "rules", "roll-call", None),
    ("settings", "settings", None, None),
    ("pause", "pause", "roll-the-bones", 4),
    ("curtain", "curtain", "liars-dice", 3),
    ("hotseat-covered", "hotseat", "liars-dice", 4),
    ("hotseat-peek", "hotseat-peek", "liars-dice", 4),
    ("hotseat-call", "roll-call-hotseat", "roll-call", 4),
    ("results", "results", "roll-for-it", 4),
    ("replay", "replay", "liars-dice", 4),
    ("log", "log", "liars-dice", 4),
    ("call-window", "call-window", "roll-call", 4),
    ("coach", "coach", "liars-dice", 4),
    ("coach-roll-for-it", "coach", "roll-for-it", 4),
    ("coach-results", "coach-results", "liars-dice", 4),
    ("results-story", "results-story", "roll-the-bones", 4),
    ("results-story-20", "results-story", "liars-dice", 20),
    ("undo", "undo", "roll-for-it", 4),
    ("stats", "stats-all", None, None),
    ("stats-game", "stats", "liars-dice", None),
    ("learn", "learn", None, None),
    ("tutorial-liars-dice", "tutorial", "liars-dice", None),
    ("tutorial-offer", "tutorial-offer", "liars-dice", None),
    ("out-moment", "out-moment", "liars-dice", 5),
)
TABLE_PLAYERS = {"diced-out": 3, "roll-the-bones": 6}
"""Seats per table shot (others: 4); Diced Out's sheets are large; Roll the Bones at 6 reaches round 5
(at 4 seats your last choice comes in round 1)."""
SIZE_LIMIT = 250_000


def plan() -> list[tuple[str, str, str | None, int | None]]:
    from game import games
    items = list(MENU_SHOTS)
    for game_id in games.GAME_IDS:
        items.append((f"table-{game_id}", "table", game_id, TABLE_PLAYERS.get(game_id, 4)))
    return items


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/shots")
    out.mkdir(parents=True, exist_ok=True)
    shots._load_game_shots()
    status = 0
    for stem, scene, game_id, players in plan():
        with tempfile.TemporaryDirectory(prefix="dice-tavern-shots-") as home:
            os.environ["DICE_TAVERN_HOME"] = home
            path = out / f"{stem}.png"
            try:
                shots.render(scene, str(path), game_id=game_id, players=players)
            except ValueError as exc:
                print(f"skipped {stem}: {exc}")
                continue
            except Exception as exc:  # one broken game must not stop the rest
                print(f"FAILED {stem}: {type(exc).__name__}: {exc}", file=sys.stderr)
                status = 1
                continue
        size = path.stat().st_size
        note = "" if size <= SIZE_LIMIT else f"  (over {SIZE_LIMIT // 1000} KB)"
        print(f"{path}  {size // 1024} KB{note}")
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
