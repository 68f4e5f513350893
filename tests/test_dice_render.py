"""Dice drawing: hidden dice never show a face, palettes, icons, bench."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.core.protocol import DieGroup, RollRequest  # noqa: E402
from game.physics import Throw  # noqa: E402
from game.physics.layout import seat_zones  # noqa: E402
from game.ui.dice_render import PLAYER_COLOURS, DiceRenderer, player_colour  # noqa: E402
from game.ui.throw_view import ThrowView  # noqa: E402

FELT = (32, 94, 64)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _pip_pixels(canvas, pose) -> int:
    """Pixels in the die's middle that look like a pip (near-black or red)."""
    half = int(pose.size * 0.42)
    count = 0
    for x in range(int(pose.x) - half, int(pose.x) + half, 2):
        for y in range(int(pose.y) - half, int(pose.y) + half, 2):
            r, g, b, _ = canvas.get_at((x, y))
            if (max(r, g, b) < 70 and abs(r - g) < 18) or (r > 150 and g < 70 and b < 80):
                count += 1
    return count


def _frames(can_see):
    """A mid-throw frame and a settled frame of 8 seats x 3 hidden dice."""
    req = RollRequest(tuple(DieGroup(i, "d6", 3, hidden=True) for i in range(8)))
    throw = Throw(req, 21, seat_zones(8))
    view = ThrowView(throw, DiceRenderer(), can_see=can_see)
    shots = []
    for steps in (12, None):
        while not view.done and (steps is None or throw.ticks * throw.TICK < steps / 120):
            view.fixed_update()
        canvas = pygame.Surface((1280, 720))
        canvas.fill(FELT)
        view.draw(canvas, 0.5)
        shots.append((canvas, view.poses(0.5)))
    return shots


def test_hidden_dice_never_drawn_face_up_mid_throw_or_at_rest():
    for canvas, poses in _frames(lambda owner: False):
        assert all(p.hidden for p in poses)
        for pose in poses:
            assert _pip_pixels(canvas, pose) == 0, f"a face of hidden die {pose} is visible"


def test_control_visible_dice_do_show_pips():
    """The same check finds the pips when the viewer may see the dice."""
    canvas, poses = _frames(lambda owner: True)[1]
    assert sum(_pip_pixels(canvas, p) > 0 for p in poses) >= len(poses) - 2


def test_only_the_owner_sees_their_hidden_dice():
    canvas, poses = _frames(lambda owner: owner == 2)[1]
    for pose in poses:
        if pose.owner != 2:
            assert _pip_pixels(canvas, pose) == 0


def test_player_colours_distinct_with_second_cue():
    assert len(PLAYER_COLOURS) >= 8
    for cb in (False, True):
        cols = [player_colour(i, cb) for i in range(8)]
        assert len({c.body for c in cols}) == 8
        assert len({c.pattern for c in cols}) == 8
        # lightness differs enough between most pairs to survive colour blindness
        lum = sorted(0.299 * c.body[0] + 0.587 * c.body[1] + 0.114 * c.body[2] for c in cols)
        assert lum[-1] - lum[0] > 120
    assert tuple(player_colour(9))[:3] == PLAYER_COLOURS[9].body


def test_every_face_of_every_kind_renders_and_differs():
    r = DiceRenderer(48)
    for kind, n in (("d6", 6), ("emblem", 6), ("bone", 12)):
        images = {pygame.image.tobytes(r.face(kind, f), "RGBA") for f in range(0, n + 1)}
        assert len(images) == n + 1
    # an emblem face is not a d6 face
    assert pygame.image.tobytes(r.face("emblem", 1), "RGBA") != pygame.image.tobytes(r.face("d6", 1), "RGBA")


def test_face_icons_and_cup_draw():
    r = DiceRenderer(40)
    surf = pygame.Surface((200, 100))
    surf.fill(FELT)
    r.draw_face_icon(surf, "emblem", 1, (0, 0, 32, 32))
    rect = r.draw_cup(surf, 120, 50, player_colour(1))
    assert surf.get_at((16, 16))[:3] != FELT
    assert surf.get_at(rect.center)[:3] != FELT


def test_table_frame_bench_runs():
    from game.dev.benches.table_frame import bench_table_frame
    figures = bench_table_frame(True)
    assert figures["frame_ms"]["n"] > 10


def _turning_pose(colour_index: int, step: int):
    """A d6 part way over an edge, as a throw gives it (seat ``colour_index``)."""
    from types import SimpleNamespace
    return SimpleNamespace(kind="d6", size=40, x=100.0, y=100.0, top=1 + step % 6, next_top=2 + step % 4,
                           tilt=0.3 + (step % 5) * 0.1, tilt_dir=step * 0.37, angle=step * 0.21,
                           hidden=False, owner=colour_index)


def _throw_frames(renderer, colours, frames=200):
    canvas = pygame.Surface((200, 200))
    for f in range(frames):
        renderer.begin_frame()
        for i, colour in enumerate(colours):
            renderer.draw(canvas, _turning_pose(i, f + i), colour=colour)
        renderer.end_frame()


def test_leftover_budget_warms_only_dice_the_table_throws():
    """The background warming of turning-cube pictures (leftover per-frame
    budget) builds pictures of the dice the table throws, and only when one
    kind and colour makes up most of them: where each seat throws its own
    colour it builds none (it used to build the plain ivory d6 at every
    table: half the pictures built in throw frames, never shown)."""
    seat_colours = [PLAYER_COLOURS[i] for i in range(4)]
    renderer = DiceRenderer(40, prewarm=False)
    _throw_frames(renderer, seat_colours)
    kinds = {(key[0], key[3].name) for key in renderer._tilted}
    assert kinds <= {("d6", c.name) for c in seat_colours}
    assert len(renderer._tilted) <= 2 * 200 * 4, "pictures beyond the ones drawn were built"  # a turn and its base
    one = DiceRenderer(40, prewarm=False)
    _throw_frames(one, [None, None])
    assert {(key[0], key[3].name) for key in one._tilted} == {("d6", "ivory")}
    assert len(one._tilted) > 400, "the one colour thrown is warmed in the background"


def test_a_baked_sprite_leaves_with_its_picture(monkeypatch):
    """When a full cache drops its oldest picture, the sprite baked from it
    (picture and shadow in one) goes too: it held the picture alive, so an
    evicted picture stayed in memory twice."""
    from game.ui import dice_render
    monkeypatch.setattr(dice_render, "CACHE_LIMIT", 50)
    renderer = DiceRenderer(40, prewarm=False)
    _throw_frames(renderer, [PLAYER_COLOURS[0], PLAYER_COLOURS[1]], frames=300)
    kept = {id(s) for s in renderer._rotated.values()} | {id(s) for s in renderer._tilted.values()}
    assert renderer._baked and all(id(base) in kept for base, _quarters in renderer._baked)


def _pixel_bytes_kept(renderer) -> int:
    """Bytes of pixels the renderer's picture caches hold, counted from the
    caches themselves (a baked sprite is kept as a tuple, its image first)."""
    total = 0
    for cache in (renderer._faces, renderer._flat, renderer._rotated, renderer._tilted, renderer._baked):
        for kept in cache.values():
            surf = kept[0] if isinstance(kept, tuple) else kept
            total += surf.get_width() * surf.get_height() * surf.get_bytesize()
    return total


def test_dice_pictures_are_capped_in_bytes_not_in_count():
    """Pictures were capped at 12,000 per cache whatever their size: a
    20-seat table's (20-30 KB each with their baked shadows) took 340 MB.
    After more distinct pictures than the byte budget holds (large dice,
    every face and turn of four colours, made as the table's warmer makes
    them), the caches hold at most ``CACHE_BYTES`` (and the faces they are
    cut from), and the running count agrees with the pixels kept."""
    from game.ui import dice_render
    size = 160   # about 0.2 MB a picture with its baked shadow: the budget fills in ~1,000 pictures
    renderer = DiceRenderer(size, prewarm=False)
    looks = [("d6", PLAYER_COLOURS[i], tuple(range(7))) for i in range(4)]
    made = 0
    for picture in renderer.pictures_wanted(looks, size, turning=False):
        renderer.make(picture)
        made += 1
    faces = sum(s.get_width() * s.get_height() * s.get_bytesize()
                for s in (*renderer._faces.values(), *renderer._flat.values()))
    held = _pixel_bytes_kept(renderer)
    assert made == 4 * 7 * 72
    assert held - faces <= dice_render.CACHE_BYTES, f"{held / 2**20:.0f} MB of pictures after {made} pictures"
    assert renderer.sprite_bytes == held - faces
