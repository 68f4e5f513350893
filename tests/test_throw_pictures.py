"""Issue 41: a die that has not moved is blitted from the pictures kept for
it, not drawn afresh through the renderer, and what may be seen of a hidden
die still follows who looks at the screen, frame by frame."""
from __future__ import annotations

import pygame

from game.core.protocol import DieGroup, RollRequest
from game.physics import Throw
from game.physics.layout import seat_zones
from game.ui.dice_render import DiceRenderer, player_colour
from game.ui.throw_view import ThrowView


class CountingRenderer(DiceRenderer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fresh = 0

    def draw(self, canvas, pose, **kwargs):
        self.fresh += 1
        return super().draw(canvas, pose, **kwargs)


def _landed_view(can_see):
    request = RollRequest(tuple(DieGroup(seat, "d6", 6, hidden=True) for seat in range(4)))
    renderer = CountingRenderer(28, prewarm=False)
    view = ThrowView(Throw.instant(request, 41, seat_zones(4), die_size=28.0), renderer,
                     can_see=can_see, colours=lambda pose: player_colour(pose.owner))
    return view, renderer


def _warm(view, canvas) -> None:
    """A few frames: a cold renderer builds only ``FRAME_FILLS`` pictures a
    frame and draws the rest with stand-ins, which are not kept."""
    for _ in range(8):
        view.draw(canvas)


def test_dice_at_rest_are_not_drawn_afresh_every_frame():
    view, renderer = _landed_view(lambda owner: owner == 0)
    canvas = pygame.Surface((1280, 720))
    _warm(view, canvas)
    canvas.fill((0, 0, 0))
    view.draw(canvas)
    first = canvas.copy()
    renderer.fresh = 0
    renderer.start_record()
    canvas.fill((0, 0, 0))
    view.draw(canvas)
    assert renderer.fresh == 0   # fd1575e drew all 24 again
    assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(first, "RGB")
    # the secrecy record is the same as a fresh drawing's: seat 0's six face up, the rest face down
    assert sorted((d.owner, d.face_up) for d in renderer.drawn) == sorted(
        [(0, True)] * 6 + [(seat, False) for seat in (1, 2, 3) for _ in range(6)])


def test_a_kept_picture_follows_who_may_see_the_die():
    """The curtain drops (nobody may see seat 0's dice): the very next frame
    draws them face down, then a peek shows them again."""
    looking = {"seat": 0}
    view, renderer = _landed_view(lambda owner: owner == looking["seat"])
    canvas = pygame.Surface((1280, 720))
    _warm(view, canvas)
    for seat, seen in ((None, False), (0, True), (1, False)):
        looking["seat"] = seat
        renderer.start_record()
        view.draw(canvas)
        assert [d.face_up for d in renderer.drawn if d.owner == 0] == [seen] * 6
        assert [d.face_up for d in renderer.drawn if d.owner == 1] == [seat == 1] * 6
    _warm(view, canvas)   # seat 1's faces were new pictures
    renderer.fresh = 0
    renderer.start_record()
    view.draw(canvas)
    assert renderer.fresh == 0
