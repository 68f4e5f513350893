"""Things that move across the table: easing curves and glides.

Every table moves dice (and Roll For It!'s cards) from one spot to another:
Roll the Bones slides antes into the pots and hauls to the winner, Roll For
It! flies dice onto cards and home again, the bidding tables ease their
reveals.  The curve and the path live here once; a table only says what
moves, from where to where, when and for how long (its length already
scaled by the pace, ``game.ui.pace``), and draws the thing at
``Glide.position(now)`` in its own look.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar, Iterable


def ease(t: float) -> float:
    """Smoothstep on [0, 1] (clamped): slow start, slow landing."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def ease_out(t: float) -> float:
    """Cubic ease-out on [0, 1] (clamped): a quick start that settles."""
    t = max(0.0, min(1.0, t))
    return 1 - (1 - t) ** 3


PULSE_RATE = 4.0
"""Radians per second of a pulse: one beat about every 1.6 s."""
PULSE_BEATS = 3
"""Beats a pulse plays before it holds still (an idle screen must come to rest)."""


def settling_pulse(elapsed: float, still: bool = False) -> float:
    """0..1 brightness of something that pulses to catch the eye when it
    starts (a seat whose turn begins), then holds at full from its last
    beat's peak on: an endless pulse kept a table waiting for a person
    redrawing 60 times a second (60% of a core), where a resting screen uses
    about 1%.  ``still`` (reduced motion): full at once."""
    end = math.pi * (2 * PULSE_BEATS - 1) / PULSE_RATE
    if still or elapsed >= end:
        return 1.0
    return 0.5 - 0.5 * math.cos(PULSE_RATE * max(0.0, elapsed))


@dataclass
class Glide:
    """One thing moving from ``start`` to ``end`` on the scene clock: it
    leaves at ``t0`` and lands ``seconds`` later, hopping ``arc`` pixels
    over the straight line, along ``curve`` (smoothstep unless a subclass
    says otherwise).  ``arc_eased`` makes the hop follow the eased progress
    instead of the clock (a card that rises as it speeds up)."""
    start: tuple[float, float]
    end: tuple[float, float]
    t0: float
    seconds: float

    arc: ClassVar[float] = 0.0
    arc_eased: ClassVar[bool] = False

    def curve(self, t: float) -> float:
        return ease(t)

    def progress(self, now: float) -> float | None:
        """How far along (0..1), or None before it leaves."""
        t = (now - self.t0) / max(self.seconds, 1e-3)
        return None if t < 0 else min(1.0, t)

    def position(self, now: float) -> tuple[float, float] | None:
        """Where it is at ``now`` (None before it leaves)."""
        t = self.progress(now)
        if t is None:
            return None
        k = self.curve(t)
        hop = math.sin(math.pi * (k if self.arc_eased else t)) * self.arc
        return (self.start[0] + (self.end[0] - self.start[0]) * k,
                self.start[1] + (self.end[1] - self.start[1]) * k - hop)

    def done(self, now: float) -> bool:
        return now - self.t0 >= self.seconds


def moving(glides: Iterable[Glide], now: float) -> bool:
    """Is anything still on its way (the table is busy until it lands)?"""
    return any(not g.done(now) for g in glides)


def landed_removed(glides: list, now: float) -> list:
    """The glides still on their way (those that landed are dropped)."""
    return [g for g in glides if not g.done(now)]
