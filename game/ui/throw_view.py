"""A throw on screen: steps the physics, draws every die, reports clatter.

``ThrowView`` is the only thing a table scene needs to show a throw:
``fixed_update()`` at 120 Hz, ``draw(canvas, alpha)`` every frame.  Hidden
dice (``DieGroup.hidden``) whose owner the viewer may not see are drawn
face-down (the blank face, also while they tumble), so no face of a hidden
die is ever on screen.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

import pygame

from ..physics import Impact, Throw
from . import layout_record
from .dice_render import BAKED_BLEND, record

IMPACT_MIN_GAP = 0.045
"""Seconds between two clatter callbacks (rate limit)."""

IMPACT_MIN_SPEED = 60.0
"""Impacts slower than this (px/s) make no sound."""


class ThrowView:
    """Draws ``throw`` with ``renderer``.

    ``on_impact(impact)``: called for audible impacts (rate-limited; the
    loudest of each window); the caller plays "dice_felt"/"dice_rail" with a
    volume following ``impact.speed``.  ``can_see(owner)``: may this
    viewer see that owner's hidden dice (default: nobody's).
    ``colours(pose)``: optional dice colour per pose (player colours: it
    follows the die's owner, asked once per owner and frame).
    ``highlight``: ring the dice once settled (the result)."""

    keep_pictures = True
    """Blit a die from the pictures made for it (False: draw every die through the renderer)."""

    def __init__(self, throw: Throw, renderer, *, on_impact: Callable[[Impact], None] | None = None,
                 can_see: Callable[[int], bool] | None = None, colours=None, highlight: bool = True):
        self.throw = throw
        self.renderer = renderer
        self.on_impact = on_impact
        self.can_see = can_see or (lambda owner: False)
        self.colours = colours
        self.highlight = highlight
        self._since_sound = IMPACT_MIN_GAP
        self._pending: Impact | None = None
        self.settled_time = 0.0
        self.highlight_groups: set[int] | None = None
        """Groups to ring when settled (None: all)."""
        self._kept: dict[tuple[int, int], tuple[tuple, list]] = {}
        """(group, index) -> (what decided a ringed die's picture, its blits) as last drawn."""
        self.kept_blits = 0
        """Dice drawn from made pictures, not through ``DiceRenderer.draw``, so far."""

    @property
    def done(self) -> bool:
        return self.throw.done

    def faces(self):
        return self.throw.faces()

    def poses(self, alpha: float = 1.0):
        return self.throw.poses(alpha)

    def boxes(self) -> list[pygame.Rect]:
        """Where each die lies now, a square its picture stays inside at any
        turn (what a plate placed over the felt keeps clear of)."""
        boxes = []
        for pose in self.throw.poses(1.0):
            side = int(round((pose.size or self.renderer.die_size) * 1.5))
            boxes.append(pygame.Rect(0, 0, side, side).move(round(pose.x) - side // 2, round(pose.y) - side // 2))
        return boxes

    def fixed_update(self) -> None:
        """One physics display step (``Throw.DT``) plus clatter."""
        dt = Throw.DT
        if self.throw.done:
            self.settled_time += dt
            return
        for impact in self.throw.step():
            if impact.speed >= IMPACT_MIN_SPEED and (self._pending is None or impact.speed > self._pending.speed):
                self._pending = impact
        self._since_sound += dt * self.throw.speed
        if self._pending is not None and self._since_sound >= IMPACT_MIN_GAP:
            impact, self._pending = self._pending, None
            self._since_sound = 0.0
            if self.on_impact is not None:
                self.on_impact(impact)

    def draw(self, canvas: pygame.Surface, alpha: float = 1.0) -> None:
        """Every die, interpolated ``alpha`` between the last two steps."""
        self._draw_poses(canvas, self.throw.poses(alpha))

    def draw_in_parts(self, canvas: pygame.Surface, dice_per_part: int) -> Iterator[None]:
        """``draw`` a few dice per step (a generator): a table's opening draws
        its first throw out of sight, to make its pictures, spread over frames."""
        poses = list(self.throw.poses(1.0))
        for start in range(0, len(poses), max(1, dice_per_part)):
            self._draw_poses(canvas, poses[start:start + dice_per_part])
            yield

    def _draw_poses(self, canvas: pygame.Surface, poses) -> None:
        """Draw ``poses`` in order.  A die whose exact picture the renderer
        has made is one look-up and one entry of a ``blits`` call
        (``DiceRenderer.sprite``); a ringed die whose picture would be the
        same as last frame's is blitted from the pictures kept for it; only
        the rest go through ``DiceRenderer.draw`` (about 30 us of Python a
        die: 120 moving dice at 20x6 cost 3-4 ms a frame that way)."""
        settled = self.throw.done
        ring = self.highlight and settled and self.settled_time > 0.12
        renderer = self.renderer
        framed = hasattr(renderer, "begin_frame")
        quick = self.keep_pictures and framed and layout_record.ACTIVE is None   # the layout check sees every die drawn
        kept = self._kept
        if framed:
            renderer.begin_frame()  # bounded sprite building: no frame spikes
        looks: dict = {}   # per owner: asked once a frame, not per die (120 at 20x6)
        pending: list = []   # blits waiting, in drawing order
        sprite: Any = renderer.sprite if quick else None
        drawn: Any = renderer.drawn if quick else None
        made = 0
        try:
            for pose in poses:
                owner = pose.owner
                look = looks.get(owner)
                if look is None or look[0] != pose.kind:
                    colour = self.colours(pose) if self.colours else None
                    seen = self.can_see(owner)
                    look = looks[owner] = (pose.kind, colour, seen, renderer.tone(pose.kind, colour) if quick else 0,
                                           record(owner, seen))   # a hidden die's secrecy record, as ``draw`` notes it
                _, colour, seen, tone, noted = look
                face_down = bool(pose.hidden) and not seen
                lit = ring and not face_down and (self.highlight_groups is None
                                                  or pose.group in self.highlight_groups)
                if not quick:
                    renderer.draw(canvas, pose, face_down=face_down, highlight=lit, colour=colour)
                    continue
                if not lit:
                    baked = sprite(pose, face_down, tone)
                    if baked is not None:
                        pending.append((baked[0], (round(pose.x) + baked[1], round(pose.y) + baked[2]), None, BAKED_BLEND))
                        if pose.hidden:
                            drawn.append(noted)
                        made += 1
                        continue
                spot = (pose.group, pose.index)
                key = (pose.x, pose.y, pose.angle, pose.top, pose.tilt, pose.tilt_dir, pose.next_top,
                       pose.size, face_down, lit, colour)
                got = kept.get(spot) if lit else None
                if got is not None and got[0] == key:
                    pending += got[1]
                    if pose.hidden:
                        renderer.note(owner, not face_down)
                    made += 1
                    continue
                if pending:
                    canvas.blits(pending, doreturn=False)
                    pending = []
                sprites: list = []
                fallbacks = renderer.fallbacks
                renderer.draw(canvas, pose, face_down=face_down, highlight=lit, colour=colour, sprites=sprites)
                if lit and renderer.fallbacks == fallbacks:   # an exact picture, not a frame's stand-in
                    kept[spot] = (key, sprites)
            if pending:
                canvas.blits(pending, doreturn=False)
        finally:
            self.kept_blits += made
            if framed:
                renderer.end_frame()
