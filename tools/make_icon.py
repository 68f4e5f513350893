"""Draw the application icon (assets/icon.png): an ivory die on felt.

Run `python tools/make_icon.py`; drawn with pygame so it needs no image editor."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.ui import pictures  # noqa: E402
from game.ui import theme as th  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "assets" / "icon.png"


def main() -> int:
    pygame.init()
    size = 256
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(icon, th.WOOD_DARK, (128, 128), 124)
    pygame.draw.circle(icon, th.WOOD, (128, 128), 118)
    pygame.draw.circle(icon, th.FELT, (128, 128), 100)
    pygame.draw.circle(icon, th.BRASS, (128, 128), 102, 3)
    pictures.die(icon, (104, 140), 92, 5, angle=-14)
    pictures.die(icon, (166, 98), 62, 3, angle=22, body=(196, 64, 52), pip=pictures.IVORY)
    pygame.image.save(icon, str(OUT))
    print(OUT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
