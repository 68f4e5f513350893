"""Throws: a ``RollRequest`` becomes a physical throw seeded by the match,
landing in the table's ``dice_zones``; its settled faces are applied as the
``RollResult``.  The next throw is built a step a tick while the table is busy,
and a finished one is taken apart a step a frame (no long frames at big tables).

Its own module because the seed, zones and die size of a throw must be the
same whether it flies, lands at once (reduced motion) or is restored.
"""
from __future__ import annotations

import pygame

from ..core.protocol import CHANCE, RollRequest, RollResult
from . import theme as th
from .table_base import TableBase
from ..canvas import CENTRE_X


class ThrowFlow(TableBase):
    """Physical throws of a table (a mixin of ``TableScene``)."""

    prepare_throws = False
    """Build the next throw a group of dice per tick while an animation holds
    the table (``Throw.prepare``), so the frame the dice fly in does not build
    them all.  Only for games whose ``dice_zones`` has no side effects."""

    def _start_throw(self, request: RollRequest, forced: RollResult | None = None) -> None:
        self.secrecy.drop()  # hidden dice land face-down in hot-seat
        seed = self.match.next_throw_seed()
        self.settled_view = None
        from .. import physics
        from . import throw_view
        zones = [tuple(pygame.Rect(z)) for z in self.dice_zones(request)]
        if forced is None and self.tutorial is not None:
            forced = self.tutorial.forced_roll(request)   # the lesson's scripted faces
        forced_faces = forced.faces if forced is not None else None
        throw = self._make_throw(physics, request, seed, zones, forced_faces)
        self.throw_view = throw_view.ThrowView(throw, self.renderer, on_impact=self._on_impact,
                                               can_see=self.can_see, colours=self.throw_colour)

    def throw_waits_for(self, request: RollRequest) -> int | None:
        """The human seat who throws this roll by hand (the dice fly when they
        click or press Space or Enter), or None to throw at once.  Default:
        every throw starts by itself; games with a lone human roller (Diced
        Out) override this.  Replays and reduced motion never wait."""
        return None

    def _throw_event(self, event) -> bool:
        """Click, Space or Enter throws the waiting human's dice."""
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.release_throw(self.waiting_thrower)
            return True
        return False

    def release_throw(self, seat: int | None) -> bool:
        """``seat``'s waiting throw flies (a click, a key, or its phone's
        "roll the dice"); False when the table does not wait for that seat."""
        if seat != self.waiting_thrower:
            return False
        self._throw_released_at = len(self.match.history)
        if self.waiting_thrower is not None and self.waiting_thrower == self.since.seat:
            self.since.hide()   # the throw is their move: what came before it is old news
        self.waiting_thrower = None
        return True

    def _throw_prompt_text(self) -> pygame.Surface | None:
        if self.waiting_thrower is None:
            return None
        text = f"{self.seat_name(self.waiting_thrower)}: click or press Space to roll"
        return self.theme.text(text, 26, th.CREAM, bold=True)

    def throw_prompt_rect(self) -> pygame.Rect | None:
        """Where the "click or press Space to roll" prompt is drawn while a
        human's throw waits (the "since" card keeps clear of it), else None."""
        surf = self._throw_prompt_text()
        return None if surf is None else surf.get_rect(center=(CENTRE_X, 612)).inflate(36, 18)

    def _draw_throw_prompt(self, canvas: pygame.Surface) -> None:
        if not self.is_top:
            return
        surf = self._throw_prompt_text()
        box = self.throw_prompt_rect()
        if surf is None or box is None:
            return
        th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS)
        th.blit_text(canvas, surf, box.center, "center")

    def throw_colour(self, pose):
        """Colour of a die in flight; None = the kind's own colour.  Games with
        player-coloured dice (Roll For It!) override this."""
        return None

    def _prepare_throw(self) -> None:
        """While the table is busy and the next event is a throw: build it a
        little per tick (see ``prepare_throws``)."""
        if not self.prepare_throws or self.replay is not None or self.pace.instant_throws:
            return
        request = self.match.state.chance_request()
        if not isinstance(request, RollRequest):
            return
        from ..physics import Throw
        seed = self.match.next_throw_seed()
        zones = [tuple(pygame.Rect(z)) for z in self.dice_zones(request)]
        key = (request, seed, tuple(zones), self.pace.throw_speed, float(self.die_size))
        if self._prepared is None or self._prepared[0] != key:
            if self._prepared is not None:
                self._dispose(self._prepared[1])
            try:
                self._prepared = (key, Throw.prepare(request, seed, zones, speed=key[3], die_size=key[4]))
            except ValueError:
                self._prepared = (key, None)
                return
        throw = self._prepared[1]
        if throw is not None:
            try:
                throw.build_step()
            except ValueError:   # a zone too small at this size: ``_make_throw`` shrinks the dice
                self._prepared = (key, None)

    def _dispose(self, throw) -> None:
        """Take a throw no longer needed apart a step a frame
        (``Throw.dispose_steps``): pymunk's reference cycles otherwise wait
        for a full garbage collection, a 40-60 ms frame at big tables."""
        steps = getattr(throw, "dispose_steps", None)
        if steps is not None:
            self._disposing.append(steps())

    def _make_throw(self, physics, request, seed, zones, forced_faces):
        """A throw at the scene's die size, shrunk step by step if a zone is
        too small for its dice (a crowded table), never a crash."""
        pace = self.pace
        speed = pace.throw_speed
        size = float(self.die_size)
        prepared, self._prepared = self._prepared, None
        if (prepared is not None and prepared[1] is not None and forced_faces is None and not pace.instant_throws
                and prepared[0] == (request, seed, tuple(tuple(z) for z in zones), speed, size)):
            return prepared[1].finish_build()
        for _ in range(12):
            try:
                if pace.instant_throws:
                    return physics.Throw.instant(request, seed, zones, forced=forced_faces, die_size=size)
                return physics.Throw(request, seed, zones, speed=speed, forced=forced_faces, die_size=size)
            except ValueError:
                size *= 0.88
        return physics.Throw(request, seed, None, speed=speed, forced=forced_faces)

    def _on_impact(self, impact) -> None:
        volume = max(0.1, min(1.0, getattr(impact, "speed", 300) / 900))
        self.app.sounds.play("rail" if getattr(impact, "kind", "") == "rail" else "felt", volume)

    def _advance_throw(self, dt: float) -> bool:
        """Step a throw in flight; True while it is still running."""
        view = self.throw_view
        if view is None:
            return False
        steps = 1  # the pace is in the throw's own speed, applied once
        if self.replay is not None:
            steps = max(1, round(self.replay.speed))
        for _ in range(steps):
            if view.done:
                break
            view.fixed_update()
        if not view.done:
            return True
        result = RollResult(tuple(tuple(int(f) for f in group) for group in view.faces()))
        self.settled_view = view
        self.throw_view = None
        self._dispose(view.throw)   # its dice are drawn from their last poses, no physics
        if self.replay is not None:
            logged = self.replay.peek()
            result = logged[1] if logged and isinstance(logged[1], RollResult) else result
            self.replay.position += 1
            self._replay_shown_at = getattr(self.app, "frame", None)   # a heavy frame: no thought starts in it
        self._apply(CHANCE, result)
        return True
