"""Throws: a ``RollRequest`` becomes a physical throw seeded by the match,
landing in the table's ``dice_zones``; its settled faces are applied as the
``RollResult``.  The next throw is built a step a tick while the table is busy,
and a finished one is taken apart a step a frame (no long frames at big tables).

``Throws`` is a component the table owns (``table.throws``): it keeps the
throw in flight, the last one at rest, a human's throw waiting for its
thrower and the throws being built or taken apart, and asks the table only
what ``ThrowTable`` lists (its zones, who may see a die, a die's colour, who
throws by hand: the hooks a game overrides).  Its own module because the seed,
zones and die size of a throw must be the same whether it flies, lands at once
(reduced motion) or is restored.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Literal, Protocol

import pygame

from ..core.grammar import isolated
from ..core.protocol import CHANCE, Action, RollRequest, RollResult
from . import layout_record
from . import theme as th
from .banner import nearest_clear_spot
from .drawn_controls import note as note_drawn

if TYPE_CHECKING:
    from ..core.match import Match
    from .dice_render import DiceRenderer
    from .game_log import SinceSummary
    from .hand_over import HandOver
    from .hotseat import HotSeatFlow
    from .pace import Pace
    from .picture_warmer import PictureWarmer
    from .replay_drive import ReplayDriver
    from .secrecy import Secrecy
    from .services import AppServices
    from .throw_view import ThrowView
    from .tutorial import TutorialCoach


class ThrowTable(Protocol):
    """What the throws ask of their table."""

    app: AppServices
    match: Match
    secrecy: Secrecy
    since: SinceSummary
    tutorial: TutorialCoach | None
    replay_driver: ReplayDriver | None
    die_size: int
    prepare_throws: bool
    hot_seat: HotSeatFlow
    hand_over: HandOver
    picture_warmer: PictureWarmer

    @property
    def pace(self) -> Pace: ...
    @property
    def renderer(self) -> DiceRenderer: ...
    @property
    def theme(self) -> th.Theme: ...
    @property
    def is_top(self) -> bool: ...
    def dice_zones(self, request: RollRequest) -> list[pygame.Rect]: ...
    def throw_colour(self, pose): ...
    def throw_prompt_place(self) -> tuple[tuple[int, int], int]: ...
    def throw_prompt_room(self) -> tuple[pygame.Rect, list[pygame.Rect]]: ...
    def seat_name(self, seat: int) -> str: ...
    def _apply(self, player: int, action: Action, undoable: bool = False) -> None: ...


class Throws:
    """The physical throws of one table (its component ``throws``)."""

    def __init__(self, table: ThrowTable):
        self.table = table
        self.view: ThrowView | None = None
        """The throw in flight."""
        self.settled: ThrowView | None = None
        """The last throw, at rest (drawn where it landed until the next)."""
        self.waiting_thrower: int | None = None
        """A human seat whose own roll waits for them to throw (click/Space)."""
        self.released_at: int | None = None
        """History length when the waiting thrower let their dice go."""
        self.prepared: tuple | None = None
        """(key, Throw being built) for the next throw (``prepare``)."""
        self._prepared_at: tuple | None = None
        """(moves, throw speed, die size) when ``prepared``'s key was last made:
        it is made again only once one of them changes (twice a frame, the
        request, seed and 20 zones cost about a millisecond)."""
        self.disposing: list[Iterator[object]] = []
        """Finished throws taken apart, a step a frame (``dispose``)."""

    def start(self, request: RollRequest, forced: RollResult | None = None) -> None:
        table = self.table
        table.secrecy.drop()  # hidden dice land face-down in hot-seat
        table.picture_warmer.saw(request)
        seed = table.match.next_throw_seed()
        self.settled = None
        from .. import physics
        from . import throw_view
        zones = [tuple(pygame.Rect(z)) for z in table.dice_zones(request)]
        if forced is None and table.tutorial is not None:
            forced = table.tutorial.forced_roll(request)   # the lesson's scripted faces
        forced_faces = forced.faces if forced is not None else None
        throw = self._make(physics, request, seed, zones, forced_faces)
        self.view = throw_view.ThrowView(throw, table.renderer, on_impact=self._on_impact,
                                         can_see=table.hot_seat.can_see, colours=table.throw_colour)

    def settle(self, view: ThrowView | None) -> None:
        """Lay ``view`` on the felt as the last throw at rest (Continue), or clear it."""
        self.settled = view

    def lay(self, request, seed: int, result: RollResult) -> None:
        """Put a logged throw back on the felt at rest (Continue):
        ``Throw.instant`` with its seed and zones and the logged faces, the
        dice of a crowded zone shrunk as ``_make`` shrinks them; nothing when
        ``request`` is not a roll."""
        if isinstance(request, RollRequest):
            self.lay_thrown(self.at_rest(request, seed, result)())

    def at_rest(self, request: RollRequest, seed: int, result: RollResult):
        """``lay``'s physics (a throw settled at once, 10-80 ms) as a call
        that touches no table or pygame state, so Continue's opening
        hand-over can run it on a thread: returns the throw or None."""
        from .. import physics
        zones = [tuple(pygame.Rect(z)) for z in self.table.dice_zones(request)]
        die_size = float(self.table.die_size)

        def settle():
            size = die_size
            for _ in range(12):
                try:
                    return physics.Throw.instant(request, seed, zones, forced=result.faces, die_size=size)
                except ValueError:
                    size *= 0.88
            return None
        return settle

    def lay_thrown(self, throw) -> None:
        """A throw settled by ``at_rest`` lies on the felt (nothing for None)."""
        if throw is None:
            return
        from . import throw_view
        table = self.table
        self.settled = throw_view.ThrowView(throw, table.renderer, can_see=table.hot_seat.can_see, colours=table.throw_colour)

    def wait_for(self, seat: int | None) -> None:
        """The next roll waits for ``seat`` to throw it by hand (None: it starts at once)."""
        self.waiting_thrower = seat

    def handle_event(self, event) -> bool:
        """Click, Space or Enter throws the waiting human's dice."""
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.release(self.waiting_thrower)
            return True
        return False

    def release(self, seat: int | None) -> bool:
        """``seat``'s waiting throw flies (a click, a key, or its phone's
        "roll the dice"); False when the table does not wait for that seat."""
        if seat is None or seat != self.waiting_thrower:
            return False
        table = self.table
        self.released_at = len(table.match.history)
        if self.waiting_thrower == table.since.seat:
            table.since.hide()   # the throw is their move: what came before it is old news
        self.waiting_thrower = None
        return True

    def _prompt_text(self) -> pygame.Surface | None:
        """The prompt, as large as fits its place (``table.throw_prompt_place``);
        without the name if even the smallest does not."""
        if self.waiting_thrower is None:
            return None
        _centre, width = self.table.throw_prompt_place()
        text = f"{isolated(self.table.seat_name(self.waiting_thrower))}: click or press Space to roll"
        for size in (26, 22, 18):
            surf = self.table.theme.text(text, size, th.CREAM, bold=True)
            if surf.get_width() + 36 <= width:
                return surf
        return self.table.theme.text("Click or press Space to roll", 18, th.CREAM, bold=True)

    def prompt_rect(self) -> pygame.Rect | None:
        """Where the "click or press Space to roll" prompt is drawn while a
        human's throw waits (the "since" card keeps clear of it), else None:
        nearest its place, inside the table's room for it, covering nothing
        the table keeps clear (the last roll's dice, its total, a banner)."""
        surf = self._prompt_text()
        if surf is None:
            return None
        toward, _width = self.table.throw_prompt_place()
        bounds, keep_clear = self.table.throw_prompt_room()
        return nearest_clear_spot(surf.get_rect().inflate(36, 18).size, [keep_clear], toward, bounds)

    def draw_prompt(self, canvas: pygame.Surface) -> None:
        if not self.table.is_top:
            return
        surf = self._prompt_text()
        box = self.prompt_rect()
        if surf is None or box is None:
            return
        if self.table.hand_over.waiting:
            surf = surf.copy()
            surf.set_alpha(110)   # another person's throw, not yet theirs to click (game/ui/hand_over.py)
        th.panel(canvas, box, fill=th.WOOD_DARK, border=th.BRASS)
        layout_record.note(canvas, "banner", box)   # a plate: no die may lie under it
        th.blit_text(canvas, surf, box.center, "center")
        note_drawn("Throw", box, kind="throw")   # a click anywhere throws; the prompt is where one looks

    def prepare(self) -> None:
        """While the table is busy and the next event is a throw: build it a
        little per tick (see ``prepare_throws``)."""
        table = self.table
        if not table.prepare_throws or table.pace.instant_throws:
            return
        moment = (len(table.match.history), table.pace.throw_speed, float(table.die_size))
        if self.prepared is None or self._prepared_at != moment:   # else the same throw: its key is not made again
            request = table.match.state.chance_request()
            if not isinstance(request, RollRequest):
                return
            forced = self.forced_faces(request)
            if forced is False:
                return
            from ..physics import Throw
            seed = table.match.next_throw_seed()
            zones = [tuple(pygame.Rect(z)) for z in table.dice_zones(request)]
            key = (request, seed, tuple(zones), moment[1], moment[2], forced)
            self._prepared_at = moment
            if self.prepared is None or self.prepared[0] != key:
                if self.prepared is not None:
                    self.dispose(self.prepared[1])
                try:
                    self.prepared = (key, Throw.prepare(request, seed, zones, speed=key[3], die_size=key[4],
                                                        forced=forced))
                except ValueError:
                    self.prepared = (key, None)
                    return
        key, throw = self.prepared
        if throw is not None:
            try:
                throw.build_step()
            except ValueError:   # a zone too small at this size: ``_make`` shrinks the dice
                self.prepared = (key, None)

    def forced_faces(self, request: RollRequest) -> tuple[tuple[int, ...], ...] | None | Literal[False]:
        """The faces the next throw must land on: a replay's logged roll
        (its next move), a lesson's scripted one, None for a throw of
        chance; False when a replay's next move is not this roll (nothing
        to prepare)."""
        driver = self.table.replay_driver
        if driver is not None:
            logged = driver.feed.peek()
            if logged is None or logged[0] != CHANCE or not isinstance(logged[1], RollResult):
                return False
            return _faces(logged[1].faces)
        tutorial = self.table.tutorial
        forced = tutorial.forced_roll(request) if tutorial is not None else None
        return _faces(forced.faces) if forced is not None else None

    def dispose(self, throw) -> None:
        """Take a throw no longer needed apart a step a frame
        (``Throw.dispose_steps``): pymunk's reference cycles otherwise wait
        for a full garbage collection, a 40-60 ms frame at big tables."""
        steps = getattr(throw, "dispose_steps", None)
        if steps is not None:
            self.disposing.append(steps())

    def dispose_step(self) -> None:
        """One step of taking the oldest finished throw apart (once a frame)."""
        if self.disposing and next(self.disposing[0], None) is None:
            self.disposing.pop(0)

    def _make(self, physics, request, seed, zones, forced_faces):
        """A throw at the table's die size, shrunk step by step if a zone is
        too small for its dice (a crowded table), never a crash."""
        pace = self.table.pace
        speed = pace.throw_speed
        size = float(self.table.die_size)
        prepared, self.prepared = self.prepared, None
        if (prepared is not None and prepared[1] is not None and not pace.instant_throws
                and prepared[0] == (request, seed, tuple(tuple(z) for z in zones), speed, size,
                                    None if forced_faces is None else _faces(forced_faces))):
            return prepared[1].finish_build()
        if prepared is not None:
            self.dispose(prepared[1])   # built for another throw (a replay stepped, say)
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
        self.table.app.sounds.play("rail" if getattr(impact, "kind", "") == "rail" else "felt", volume)

    def advance(self, dt: float) -> bool:
        """Step a throw in flight; True while it is still running (or landed this step)."""
        view = self.view
        if view is None:
            return False
        driver = self.table.replay_driver
        steps = 1  # the pace is in the throw's own speed, applied once
        if driver is not None:
            steps = max(1, round(driver.feed.speed))
        for _ in range(steps):
            if view.done:
                break
            view.fixed_update()
        if not view.done:
            return True
        result = RollResult(_faces(view.faces()))
        self.settled = view
        self.view = None
        self.dispose(view.throw)   # its dice are drawn from their last poses, no physics
        if driver is not None:
            logged = driver.feed.peek()
            result = logged[1] if logged and isinstance(logged[1], RollResult) else result
            driver.throw_landed()
        self.table._apply(CHANCE, result)
        return True


def _faces(faces) -> tuple[tuple[int, ...], ...]:
    """A roll's faces as a hashable key (a lesson's script may give lists)."""
    return tuple(tuple(int(f) for f in group) for group in faces)
