"""The pace policy: what each animation-speed setting does, in one place.

Every timing of a table reads the current ``Pace`` (``pace_for(settings)``)
and applies it once: the throw's simulated seconds per real second
(``throw_speed``), the length of scene animations (reveals, banners, flights:
``duration``, a factor on their normal seconds) how long an AI seems to
think (``ai_delay``) and how long the next AI waits after a move that may be
taken back (``undo_window``).  The labels say exactly that.  Reduced motion (an
accessibility setting, separate from speed) lands throws at once and
shortens animations to at most ``REDUCED_DURATION`` of their length; it
never shortens the undo window (more time to react, not less).
``reduced_motion`` tells a table to leave out what only decorates (Roll the
Bones' sliding dice) and to use its short reveal.  Words to read (banners)
last ``reading(seconds)``: the pace shortens them, never below
``READ_FLOOR``.  Tables read these fields, never the settings themselves.

The setting is ``Settings.animation_speed``; its values are
``userfiles.ANIMATION_SPEEDS``.  "normal" and "fast" are the values of older
settings files and keep their names; "fast" used to speed throws up twice
over (4x) and is now the 2x its label says.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.userfiles import ANIMATION_SPEEDS


@dataclass(frozen=True)
class Pace:
    """One speed setting's timings (module docstring), read by tables instead of the
    settings, so the setting means the same thing at every table."""
    name: str
    label: str
    throw_speed: float
    """Simulated throw seconds per real second (1.0 = real time)."""
    duration: float
    """Factor on every scene animation's normal length."""
    ai_delay: float
    """Seconds an AI 'thinks' before it acts."""
    instant_throws: bool = False
    """Dice land at once (``Throw.instant``: same faces and resting places)."""
    undo_window: float = 1.5
    """Seconds the next AI waits after a move that may be taken back (the
    undo window; docs/REFERENCE.md, "Misclick protection")."""
    reduced_motion: bool = False
    """The player asked for less movement (an accessibility setting)."""

    def reading(self, seconds: float) -> float:
        """How long words meant to be read stay up: the pace shortens them,
        but never below ``READ_FLOOR`` of their length."""
        return seconds * max(self.duration, READ_FLOOR)


NORMAL_AI_DELAY = 0.85
NORMAL_UNDO_WINDOW = 1.5
INSTANT_UNDO_WINDOW = 0.6
"""Instant keeps a short window rather than none: long enough to press Z on
a misclick seen at once, short enough not to be the one wait left."""

PACES = {
    "relaxed": Pace("relaxed", "Relaxed (3/4 speed)", 0.75, 1 / 0.75, NORMAL_AI_DELAY / 0.75,
                    undo_window=NORMAL_UNDO_WINDOW / 0.75),
    "normal": Pace("normal", "Normal", 1.0, 1.0, NORMAL_AI_DELAY, undo_window=NORMAL_UNDO_WINDOW),
    "fast": Pace("fast", "Fast (2x)", 2.0, 0.5, NORMAL_AI_DELAY / 2, undo_window=NORMAL_UNDO_WINDOW / 2),
    "instant": Pace("instant", "Instant (dice land at once)", 1.0, 0.2, 0.15, instant_throws=True,
                    undo_window=INSTANT_UNDO_WINDOW),
}
assert tuple(PACES) == ANIMATION_SPEEDS

READ_FLOOR = 0.6
"""Banners keep at least this share of their length at any pace."""
REDUCED_DURATION = 0.25
"""With reduced motion, animations take at most this share of their length."""


def pace_for(settings) -> Pace:
    """The pace of ``settings`` (unknown values: normal)."""
    pace = PACES.get(getattr(settings, "animation_speed", "normal"), PACES["normal"])
    if getattr(settings, "reduced_motion", False):
        pace = replace(pace, instant_throws=True, duration=min(pace.duration, REDUCED_DURATION), reduced_motion=True)
    return pace


def faster(pace: Pace) -> Pace:
    """The pace for watching on once every human is out: one step faster
    (Relaxed and Normal become Fast, Fast becomes Instant), keeping what
    reduced motion shortened."""
    target = {"relaxed": "fast", "normal": "fast", "fast": "instant"}.get(pace.name)
    if target is None:
        return pace
    quick = PACES[target]
    return replace(quick, instant_throws=quick.instant_throws or pace.instant_throws,
                   duration=min(quick.duration, pace.duration), reduced_motion=pace.reduced_motion)
