"""Render every die kind and face, a mid-tumble and a settled 60-dice table.

    python tools/dice_sheet.py [OUT_DIR]    (default /tmp/dice_sheet)

Writes faces.png, tumble.png, settled.png, colours.png: look at them."""
from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import pygame  # noqa: E402

from game.core.protocol import DieGroup, RollRequest  # noqa: E402
from game.physics import Throw  # noqa: E402
from game.physics.layout import seat_zones  # noqa: E402
from game.ui.dice_render import DiceRenderer, player_colour  # noqa: E402
from game.ui.throw_view import ThrowView  # noqa: E402

FELT = (32, 94, 64)


def felt(size):
    surf = pygame.Surface(size)
    surf.fill(FELT)
    return surf


def faces_sheet(r: DiceRenderer):
    size = 64
    surf = felt((16 + 13 * (size + 16), 16 + 4 * (size + 24)))
    from game.physics.orientation import D6_STANDARD  # noqa: F401
    y = 16
    for kind, n in (("d6", 6), ("emblem", 6), ("bone", 12)):
        for face in range(0, n + 1):
            pose = _pose(kind, 16 + face * (size + 16) + size / 2, y + size / 2, face, size)
            r.draw(surf, pose)
        y += size + 24
    # tilt sequence d6 3 -> 1
    for k in range(7):
        pose = _pose("d6", 16 + k * (size + 16) + size / 2, y + size / 2, 3, size)
        pose.tilt, pose.tilt_dir, pose.next_top, pose.angle = k / 6, 0.3, 1, 0.3
        r.draw(surf, pose, highlight=(k == 6))
    return surf


def colours_sheet(r: DiceRenderer, colourblind=False):
    size = 56
    surf = felt((16 + 10 * (size + 16), 16 + 2 * (size + 16)))
    for i in range(10):
        for row, face in enumerate((5, 6)):
            pose = _pose("d6", 16 + i * (size + 16) + size / 2, 16 + row * (size + 16) + size / 2, face, size)
            r.draw(surf, pose, colour=player_colour(i, colourblind))
    return surf


def _pose(kind, x, y, face, size):
    from game.physics import DiePose
    return DiePose(0, 0, 0, kind, x, y, 0.0, face, 0.0, 0.0, True, False, face, size)


def table(seed, *, tumble_steps=None):
    req = RollRequest(tuple(DieGroup(i, "d6", 3, hidden=(i % 4 == 3)) for i in range(20)))
    zones = seat_zones(20)
    throw = Throw(req, seed, zones)
    r = DiceRenderer()
    view = ThrowView(throw, r, can_see=lambda owner: owner == 0)
    n = 0
    while not throw.done and (tumble_steps is None or n < tumble_steps):
        view.fixed_update()
        n += 1
    for _ in range(30):
        view.fixed_update()
    surf = felt((1280, 720))
    for z in zones:
        pygame.draw.rect(surf, (26, 80, 54), z, 2, border_radius=6)
    view.draw(surf, 1.0)
    if tumble_steps is None:
        r.draw_cup(surf, 1180, 640, None)
    return surf


def main(out="/tmp/dice_sheet"):
    pygame.init()
    os.makedirs(out, exist_ok=True)
    r = DiceRenderer(64)
    pygame.image.save(faces_sheet(r), os.path.join(out, "faces.png"))
    pygame.image.save(colours_sheet(r), os.path.join(out, "colours.png"))
    pygame.image.save(table(7, tumble_steps=40), os.path.join(out, "tumble.png"))
    pygame.image.save(table(7), os.path.join(out, "settled.png"))
    print("wrote", out)


if __name__ == "__main__":
    main(*sys.argv[1:])
