"""Speed of drawing: a 1280x720 table frame with 60 dice tumbling (software)."""
from __future__ import annotations

import os
import time

from ..core.protocol import DieGroup, RollRequest
from ..physics import Throw
from ..physics.layout import seat_zones


def bench_table_frame(quick: bool) -> dict:
    """p50/p95/p99 of drawing one frame (felt blit + every die) while 20
    seats x 3 dice tumble and settle; throws follow each other, so the
    first frames of every throw (cold sprite caches) are included."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from ..bench import percentiles
    from .dice_render import DiceRenderer
    from .throw_view import ThrowView

    pygame.init()
    canvas = pygame.Surface((1280, 720))
    felt = pygame.Surface((1280, 720))
    felt.fill((32, 94, 64))
    renderer = DiceRenderer()
    zones = seat_zones(20)
    request = RollRequest(tuple(DieGroup(i, "d6", 3, hidden=(i % 2 == 1)) for i in range(20)))
    samples = []
    throws = 3 if quick else 12
    for seed in range(throws):
        view = ThrowView(Throw(request, seed, zones), renderer, can_see=lambda owner: owner == 0)
        frames = 0
        while not view.done and frames < 600:
            view.fixed_update()
            view.fixed_update()  # 60 fps frames, 120 Hz steps
            t0 = time.perf_counter()
            canvas.blit(felt, (0, 0))
            view.draw(canvas, 1.0)
            samples.append((time.perf_counter() - t0) * 1000.0)
            frames += 1
    return {"frame_ms": percentiles(samples), "throws": throws}
