"""Write a set of screenshots (PNG) for the README: `python tools/make_shots.py [FOLDER]`.

Uses the same renderer as `python -m game shot`; scenes that need a built
game are skipped while no game is built."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ui import shots  # noqa: E402

SCENES = ("title", "setup", "rules", "settings", "table", "pause", "curtain", "results", "replay")


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/shots")
    out.mkdir(parents=True, exist_ok=True)
    shots._load_game_shots()
    with tempfile.TemporaryDirectory(prefix="dice-tavern-shots-") as home:
        os.environ["DICE_TAVERN_HOME"] = home
        for name in SCENES:
            try:
                print(shots.render(name, str(out / f"{name}.png")))
            except ValueError as exc:
                print(f"skipped {name}: {exc}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
