"""The dice pictures of a table's throws, made in frames where nothing flies.

A table's opening makes the pictures of one colour (the kind's own); a table
whose seats throw their own colours (Liar's Dice up to 20 seats, Roll For
It!) found few of its dice's pictures made when a throw flew: each missing
one went through ``DiceRenderer.draw`` (tens of microseconds of Python a
die), or built at most ``FRAME_FILLS`` a frame, the rest drawn flat.
``PictureWarmer`` (the table's component ``picture_warmer``) makes them
``PER_FRAME`` at a time in frames that wait anyway: first every seat's dice
face-down (what a hidden die shows in flight), then the faces this screen
sees, then hidden dice part way over an edge.  What a picture is cut from (a
face, a tilt's outline: ten pictures' worth each) is painted in a waiting
frame of its own, one a frame (eight pictures and a painting made one frame
of 1-2 ms on a quiet core, 2.6-3.6 ms on a busy one).
"""
from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Iterator

from ..core.protocol import RollRequest

if TYPE_CHECKING:
    from .dice_render import DiceRenderer

PER_FRAME = 8
"""Pictures made in one waiting frame (each 40-80 us, about 0.6 ms together on a quiet core).  The
face or outline a picture is cut from gets a frame of its own.  Four a frame made the 20-seat warm
twice as long, so more of its throws found pictures missing (no better p99 at Liar's Dice 20x6)."""

OPENING_PICTURES_PER_STEP = 4
"""Pictures of the first throw made in one opening step (about 0.1 ms)."""

OPENING_PICTURES = 2000
"""A table's opening makes every picture of its first throw's dice lying
flat when there are at most this many (a 20-seat table with one human's
faces: 1,800), else only those of dice shown face-down, and paints the
faces the others are cut from (about 0.13 ms a face): a replay shows every
seat's faces, 20 colours x 6 faces x 72 turns, 8,640 pictures, 250-700 ms
of its hand-over (3.5 s of it in a window) for no better throw frames (cut
as its dice show, ``FRAME_FILLS`` a frame, and in waiting frames)."""


class PictureWarmer:
    """Makes ahead the pictures ``DiceRenderer.sprite`` looks up for ``table``'s throws."""

    def __init__(self, table):
        self.table = table
        self.kinds: set[str] = set()
        """Kinds of dice this table has thrown (or is about to)."""
        self._wanted: Iterator[tuple] | None = None
        """The pictures still to make (``DiceRenderer.pictures_wanted``), None: to be listed."""
        self._next: tuple | None = None
        """The picture reached and not made yet (its parts were being painted)."""
        self._frame = -1
        self.made = 0
        """Pictures made so far (tests count them)."""
        self.painted = 0
        """Parts painted so far (``DiceRenderer.unpainted_parts``; tests count them)."""

    def saw(self, request) -> None:
        """A throw of ``request`` starts (or waits at the opening): its kinds' pictures are wanted."""
        if not isinstance(request, RollRequest):
            return
        kinds = {group.kind for group in request.groups}
        if not kinds <= self.kinds:
            self.kinds |= kinds
            self._wanted, self._next = None, None   # listed again with the new kinds; pictures made are skipped

    def looks(self) -> list[tuple[str, object, tuple[int, ...]]]:
        """(kind, colour, faces) of the dice this table throws, the most
        needed first: every seat's dice face-down where dice are hidden,
        then every face of the seats whose dice this screen may see."""
        table = self.table
        hidden = bool(table.info.hidden_dice)
        seats = range(len(table.seats))
        looks: list[tuple[str, object, tuple[int, ...]]] = []

        def add(kind: str, seat: int, faces: tuple[int, ...]) -> None:
            look = (kind, table.throw_colour(SimpleNamespace(owner=seat)), faces)
            if look not in looks:
                looks.append(look)
        kinds = sorted(self.kinds)
        for kind in kinds if hidden else ():
            for seat in seats:
                add(kind, seat, (0,))
        for kind in kinds:
            for seat in seats:
                if not hidden or seat in table.humans:
                    add(kind, seat, tuple(range(1, (12 if kind == "bone" else 6) + 1)))
        return looks

    def first_throw_steps(self, request, can_see) -> Iterator[None]:
        """The table's opening (a generator, ``OPENING_PICTURES_PER_STEP``
        pictures a step): every turn, lying flat, of what the first throw's
        dice show (each group's seat colour, face-down where this screen may
        not see them, else every face).  The first throw came before any
        waiting frame: at 20 seats about 100 of its 120 dice a frame found no
        picture and went through ``DiceRenderer.draw`` (4-6 ms a frame, drawn
        upright past the frame's budget).  Of the dice turning, only what their
        turning pictures are cut from is painted (``turning_parts_steps``);
        the pictures themselves stay for ``step`` and the throws' frames.
        Past ``OPENING_PICTURES`` (a replay: every seat's faces) the faces
        shown are painted, not cut into their 72 turns."""
        renderer: DiceRenderer | None = self.table.renderer
        if renderer is None or not isinstance(request, RollRequest):
            return
        looks: list[tuple[str, object, tuple[int, ...]]] = []
        for group in request.groups:
            faces = (0,) if group.hidden and not can_see(group.owner) else tuple(range(1, group.sides + 1))
            look = (group.kind, self.table.throw_colour(SimpleNamespace(owner=group.owner)), faces)
            if look not in looks:
                looks.append(look)
        from .dice_render import ROT_BUCKETS
        pictured = looks
        if sum(len(faces) for _k, _c, faces in looks) * ROT_BUCKETS > OPENING_PICTURES:
            pictured = [look for look in looks if tuple(look[2]) == (0,)]
        painted = [look for look in looks if look not in pictured]
        for made, _ in enumerate(renderer.warm_steps(pictured, turning=False), 1):
            if made % OPENING_PICTURES_PER_STEP == 0:
                yield
        for kind, colour, faces in painted:
            yield from renderer.face_steps(kind, colour, faces)
        for kind, colour, faces in looks:
            yield from renderer.turning_parts_steps(kind, colour, faces)

    def step(self, frame: int) -> None:
        """In a frame where nothing flies (once a frame): make up to
        ``PER_FRAME`` pictures, or, where the next one's face or outline is
        not painted yet, paint one of those alone."""
        renderer: DiceRenderer | None = self.table.renderer
        if frame == self._frame or renderer is None or not self.kinds or not renderer.warm_room():
            return
        self._frame = frame
        if self._wanted is None:
            self._wanted = renderer.pictures_wanted(self.looks())
        for made in range(PER_FRAME):
            picture = self._next if self._next is not None else next(self._wanted, None)
            if picture is None:
                self._wanted = iter(())
                return
            parts = renderer.unpainted_parts(picture)
            if parts:
                self._next = picture   # made once its parts are painted
                if not made:
                    parts[0]()
                    self.painted += 1
                return
            self._next = None
            renderer.make(picture)
            self.made += 1
