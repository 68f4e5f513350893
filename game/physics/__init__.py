"""Physical dice: pymunk throws, tumbles and settles the dice (never pygame).

``Throw`` is a throw in progress (step it, draw its ``poses()``);
``resolve_throw`` runs one headless to the end; ``PhysicsDice`` is the
``DiceResolver`` the match uses with ``--dice physics``.  See ``throw`` for
the rules of motion and rest, ``orientation`` for why every face is equally
likely.
"""
from __future__ import annotations

from ..core.protocol import RollRequest, RollResult
from .throw import (CANVAS, DIE_SIZE, DT, FELT, MAX_TICKS, TICK, DiePose, Impact, Throw,
                    ThrowOutcome, default_zones, resolve_throw)

__all__ = ["CANVAS", "DIE_SIZE", "DT", "FELT", "MAX_TICKS", "TICK", "DiePose", "Impact",
           "Throw", "ThrowOutcome", "PhysicsDice", "default_zones", "resolve_throw"]


class PhysicsDice:
    """Faces decided by a physical throw on the default felt (headless).

    The on-screen table throws into its own zones; the log keeps the faces
    either way, so a replay trusts the logged faces (``Throw(forced=...)``)."""

    name = "physics"

    def resolve(self, request: RollRequest, throw_seed: int) -> RollResult:
        return RollResult(resolve_throw(request, throw_seed).faces)
