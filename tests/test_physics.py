"""Physical dice: fairness, determinism, settling, rest rule, forced faces."""
from __future__ import annotations

import json
import subprocess
import sys
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.core.protocol import DIE_KINDS, DieGroup, RollRequest
from game.physics import MAX_TICKS, PhysicsDice, Throw, resolve_throw
from game.physics.fairness import chi2_sf, chi_square, roll_counts
from game.physics.layout import seat_zones
from game.physics.throw import overlap_depth

ROOT = Path(__file__).resolve().parents[1]


def table(seats=20, per=3, kind="d6"):
    return RollRequest(tuple(DieGroup(i, kind, per, hidden=True) for i in range(seats))), seat_zones(seats)


def test_chi2_survival_matches_known_values():
    assert chi2_sf(3.0, 5) == pytest.approx(0.69999, abs=1e-4)
    assert chi2_sf(20.0, 11) == pytest.approx(0.04534, abs=1e-4)
    assert chi2_sf(0.5, 2) == pytest.approx(math.exp(-0.25), abs=1e-9)
    assert chi_square([100, 0, 0, 0, 0, 0])[1] < 1e-6


@pytest.mark.parametrize("kind", list(DIE_KINDS))
def test_faces_are_fair_short(kind):
    """Every face equally likely: chi-square over 2,400 seeded physical rolls."""
    counts = roll_counts(kind, 2400, base_seed=11)
    assert all(c > 0 for c in counts)
    assert chi_square(counts)[1] > 0.001, counts


def test_same_seed_same_result_across_processes():
    code = ("import json;from game.physics.layout import seat_zones;"
            "from game.core.protocol import DieGroup, RollRequest;from game.physics import resolve_throw;"
            "r=RollRequest(tuple(DieGroup(i,'d6',3) for i in range(8))+(DieGroup(8,'bone',2),));"
            "o=resolve_throw(r,424242,seat_zones(9));"
            "print(json.dumps([o.faces,[(round(p.x,6),round(p.y,6),round(p.angle,6)) for p in o.poses]]))")
    outs = [subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout for _ in range(2)]
    assert outs[0] == outs[1]
    faces, _poses = json.loads(outs[0])
    request = RollRequest(tuple(DieGroup(i, 'd6', 3) for i in range(8)) + (DieGroup(8, 'bone', 2),))
    assert [list(f) for f in resolve_throw(request, 424242, seat_zones(9)).faces] == faces


def test_different_seeds_differ():
    req, zones = table(10, 3)
    results = {resolve_throw(req, s, zones).faces for s in range(4)}
    assert len(results) == 4


def test_on_screen_stepping_equals_headless_at_any_speed():
    req, zones = table(6, 3)
    headless = resolve_throw(req, 99, zones)
    for speed in (1.0, 2.0):
        throw = Throw(req, 99, zones, speed=speed)
        while not throw.done:
            throw.step()
        assert throw.faces() == headless.faces
        assert [(p.x, p.y) for p in throw.poses()] == [(p.x, p.y) for p in headless.poses]
    assert Throw.instant(req, 99, zones).faces() == headless.faces


def _check_rest(throw_or_outcome_poses, throw):
    for die in throw.dice:
        zx, zy, zw, zh = die.zone
        bb = die.shape.bb
        assert zx - 1.5 <= bb.left and bb.right <= zx + zw + 1.5, "die outside its zone"
        assert zy - 1.5 <= bb.bottom and bb.top <= zy + zh + 1.5, "die outside its zone"
    for i, a in enumerate(throw.dice):
        for b in throw.dice[i + 1:]:
            assert overlap_depth(a.shape, b.shape) <= 1.5, "dice overlap at rest"
    for pose in throw_or_outcome_poses:
        assert pose.settled and pose.tilt == 0.0


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**62), dice=st.integers(1, 60))
def test_settles_flat_apart_and_inside(seed, dice):
    """Any number of dice from 1 to 60 settle within the step limit, flat,
    not overlapping, inside their zones."""
    seats = max(1, -(-dice // 3))
    groups = []
    left = dice
    for i in range(seats):
        groups.append(DieGroup(i, "emblem" if i % 5 == 4 else "d6", min(3, left)))
        left -= min(3, left)
    req = RollRequest(tuple(groups))
    throw = Throw(req, seed, seat_zones(seats))
    throw.run()
    assert throw.ticks <= MAX_TICKS + 4 * 40
    _check_rest(throw.poses(), throw)


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**62), seats=st.integers(2, 6))
def test_bone_dice_settle_too(seed, seats):
    req = RollRequest(tuple(DieGroup(i, "bone" if i % 2 else "d6", 1) for i in range(seats)))
    throw = Throw(req, seed, seat_zones(seats))
    throw.run()
    _check_rest(throw.poses(), throw)


def test_sixty_dice_on_one_felt_rest_apart():
    throw = Throw(RollRequest((DieGroup(0, "d6", 60),)), 5)
    throw.run()
    _check_rest(throw.poses(), throw)


def test_forced_faces_keep_the_motion():
    req, zones = table(5, 3)
    free = resolve_throw(req, 7, zones)
    wanted = tuple(tuple(((g * 3 + i) % 6) + 1 for i in range(3)) for g in range(5))
    forced = resolve_throw(req, 7, zones, forced=wanted)
    assert forced.faces == wanted
    assert [(p.x, p.y, p.angle) for p in forced.poses] == [(p.x, p.y, p.angle) for p in free.poses]
    bones = RollRequest((DieGroup(0, "bone", 4),))
    assert resolve_throw(bones, 3, forced=((12, 1, 6, 9),)).faces == ((12, 1, 6, 9),)


def test_physics_dice_resolver_gives_valid_faces():
    req = RollRequest((DieGroup(0, "d6", 5), DieGroup(1, "bone", 1), DieGroup(2, "emblem", 3)))
    result = PhysicsDice().resolve(req, 1234)
    assert [len(f) for f in result.faces] == [5, 1, 3]
    assert all(1 <= f <= 12 for f in result.faces[1])
    assert all(1 <= f <= 6 for g in (0, 2) for f in result.faces[g])


def test_zone_too_small_is_a_clear_error():
    with pytest.raises(ValueError, match="too small"):
        Throw(RollRequest((DieGroup(0, "d6", 9),)), 1, [(100, 100, 40, 40)])


def test_tumbling_changes_the_top_face_during_a_throw():
    """Dice visibly tumble: the face on top changes while they roll."""
    throw = Throw(RollRequest((DieGroup(0, "d6", 6),)), 3)
    seen = [set() for _ in range(6)]
    while not throw.done:
        throw.step()
        for i, p in enumerate(throw.poses()):
            seen[i].add(p.top)
    assert sum(len(s) > 1 for s in seen) >= 4


def test_physics_never_imports_pygame():
    code = "import sys, game.physics, game.physics.fairness, game.dev.benches.physics; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_physics_bench_provider_runs():
    from game.dev.benches.physics import bench_resolve
    figures = bench_resolve(True)
    assert figures["table20x3_resolve_median_ms"] > 0
    assert 0 < figures["table20x3_settle_sim_s"] <= 3.5


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(DIE_KINDS))
def test_faces_are_fair_long(kind):
    counts = roll_counts(kind, 30000, base_seed=5)
    assert chi_square(counts)[1] > 0.001, counts


def _crowded_request():
    """20 seats x 6 dice thrown into overlapping trays, as at Liar's Dice's
    biggest table: more dice than the trays hold, so the hard stop runs."""
    zones = []
    for i in range(20):
        angle = 2 * math.pi * i / 20
        cx, cy = 640 + 300 * math.cos(angle), 360 + 170 * math.sin(angle)
        zones.append((cx - 105, cy - 85, 210, 170))
    return RollRequest(tuple(DieGroup(i, "d6", 6, hidden=True) for i in range(20))), zones


def test_hard_stop_separation_matches_an_all_pairs_check():
    """The grid separation leaves no pair closer than its reach when the dice
    fit, checked against every pair (not just the grid's)."""
    from game.physics.throw import _Separation
    import random
    rng = random.Random(3)
    points = [(rng.uniform(100, 1100), rng.uniform(100, 600)) for _ in range(80)]
    sep = _Separation(points, [34.0] * 80, [(48.0, 48.0, 1184.0, 624.0)] * 80)
    while not sep.sweep():
        pass
    assert sep.sweeps < 60
    for i in range(80):
        for j in range(i + 1, 80):
            d = math.hypot(sep.xs[i] - sep.xs[j], sep.ys[i] - sep.ys[j])
            assert d >= 34.0 * 1.42 - 1e-6, (i, j, d)


def test_crowded_table_hard_stop_is_spread_over_ticks_and_deterministic():
    """A crowded table ends its throw with the separation one sweep per tick
    (no single frame does all of it), gives up once overlaps stop shrinking,
    and plays the same on screen as headless."""
    from game.physics.throw import SEPARATION_SWEEPS
    req, zones = _crowded_request()
    headless = Throw(req, 12, zones, die_size=46.0)
    sweeps_per_tick = []
    while not headless.done:
        before = headless._separation.sweeps if headless._separation else None
        headless._tick()
        if before is not None:
            after = headless._separation.sweeps if headless._separation else before + 1
            sweeps_per_tick.append(after - before)
    assert sweeps_per_tick, "the crowded table should reach the hard stop"
    assert set(sweeps_per_tick) == {1}
    assert len(sweeps_per_tick) < SEPARATION_SWEEPS
    shown = Throw(req, 12, zones, die_size=46.0, speed=2.0)
    while not shown.done:
        shown.step()
    assert shown.faces() == headless.faces()
    assert [(p.x, p.y) for p in shown.poses()] == [(p.x, p.y) for p in headless.poses()]


def test_a_prepared_throw_is_the_same_throw():
    """Issue 16: a table builds its next throw a group per tick while a reveal
    plays (``Throw.prepare`` / ``build_step``); the throw is identical."""
    from game.core.protocol import DieGroup, RollRequest
    from game.physics import Throw
    request = RollRequest(tuple(DieGroup(p, "d6", 6, hidden=True) for p in range(8)))
    whole = Throw(request, 77)
    prepared = Throw.prepare(request, 77)
    steps = 0
    while not prepared.build_step():
        steps += 1
    # one group of dice per step, then the 48 bodies and 144 shapes and joints
    # in slices of ADD_PER_STEP (the one shared tray's rails come with the space)
    from game.physics.throw import ADD_PER_STEP
    assert steps == len(request.groups) + -(-48 // ADD_PER_STEP) + -(-144 // ADD_PER_STEP)
    for _ in range(40):
        whole.step()
        prepared.step()
        assert [(p.x, p.y, p.angle, p.top) for p in whole.poses()] == \
            [(p.x, p.y, p.angle, p.top) for p in prepared.poses()]
    assert whole.run().faces() == prepared.run().faces()


def test_a_forced_throw_prepared_a_step_at_a_time_is_the_same_throw():
    """Issue 41: a replay's (or a lesson's) throw lands on given faces by
    running an unforced twin to rest (``_force``): 40-50 ms of a 20-seat
    replay's throw-start frame (72-73 ms with the build).  ``Throw.prepare``
    now takes ``forced`` and runs the twin in its build steps, a few ticks a
    step, then takes the twin apart: the same dice, painted the same, the
    same motion and faces as ``Throw(forced=...)``, and no step runs the
    twin whole."""
    from game.core.protocol import DieGroup, RollRequest
    from game.physics import Throw, throw as throw_module
    request = RollRequest(tuple(DieGroup(p, "d6", 6, hidden=True) for p in range(8)))
    forced = tuple(tuple((p + d) % 6 + 1 for d in range(6)) for p in range(8))
    whole = Throw(request, 77, forced=forced)
    prepared = Throw.prepare(request, 77, forced=forced)
    ticks_per_step = []
    real_tick = Throw._tick

    def tick(self):
        ticks_per_step[-1] += 1
        return real_tick(self)
    try:
        Throw._tick = tick   # type: ignore[method-assign]
        while True:
            ticks_per_step.append(0)
            if prepared.build_step():
                break
    finally:
        Throw._tick = real_tick   # type: ignore[method-assign]
    assert 0 < max(ticks_per_step) <= throw_module.FORCE_TICKS_PER_STEP
    assert sum(ticks_per_step) > 5 * throw_module.FORCE_TICKS_PER_STEP   # the twin ran, in slices
    assert [die.labels for die in prepared.dice] == [die.labels for die in whole.dice]
    for _ in range(40):
        whole.step()
        prepared.step()
        assert [(p.x, p.y, p.angle, p.top) for p in whole.poses()] == \
            [(p.x, p.y, p.angle, p.top) for p in prepared.poses()]
    assert whole.run().faces() == prepared.run().faces() == forced


def test_a_shown_throw_clatters_without_a_python_callback_per_contact(monkeypatch):
    """Issue 41: the clatter came from pymunk collision callbacks, one Python
    call per new contact (about 3 ms in a 20x6 throw's first tick, nearly
    double the cost of every later tick).  Impacts are now read from the
    velocities each tick reads anyway: a throw shown at 20 seats registers no
    collision callback, still reports die and rail impacts, and lands as the
    headless throw does."""
    import pymunk

    def no_callbacks(*args, **kwargs):
        raise AssertionError("a collision callback was registered")

    monkeypatch.setattr(pymunk.Space, "on_collision", no_callbacks)
    req, zones = table(20, 6)
    shown = Throw(req, 41, zones, die_size=22.0)
    kinds: dict[str, int] = {}
    while not shown.done:
        for impact in shown.step():
            kinds[impact.kind] = kinds.get(impact.kind, 0) + 1
    assert kinds.get("die", 0) > 0 and kinds.get("rail", 0) > 0, kinds
    headless = Throw.instant(req, 41, zones, die_size=22.0)
    assert shown.faces() == headless.faces()
    assert [(p.x, p.y) for p in shown.poses()] == [(p.x, p.y) for p in headless.poses()]


def test_the_rest_rules_near_pairs_are_every_pair_an_all_pairs_check_finds():
    """Issue 41: the rest rule finds the pairs it asks pymunk about with a
    grid (a sweep along x listed ten times as many at 20 seats); the same
    pairs, in the same order, as checking every pair."""
    import random
    from types import SimpleNamespace
    from game.physics.throw import _near_pairs
    rng = random.Random(41)
    dice = [SimpleNamespace(px=rng.uniform(0, 1280), py=rng.uniform(0, 720), size=rng.choice((22.0, 34.0, 41.5)))
            for _ in range(240)]
    dice += [SimpleNamespace(px=d.px + rng.uniform(-30, 30), py=d.py + rng.uniform(-30, 30), size=d.size)
             for d in dice[:60]]
    every = []
    for i, a in enumerate(dice):
        for j in range(i + 1, len(dice)):
            b = dice[j]
            need = (a.size + b.size) * 0.72
            dx, dy = a.px - b.px, a.py - b.py
            if -need < dx < need and -need < dy < need:
                every.append((i, j, dx, dy))
    assert len(every) > 60
    assert _near_pairs(dice) == every


def _plain_depth(a, b) -> float:
    """How deep two shapes overlap, from pymunk's public contact set (the
    rest rule's ``overlap_depth`` reads chipmunk's in place)."""
    try:
        points = a.shapes_collide(b).points
    except AssertionError:  # pymunk 7 asserts when the shapes are apart
        return 0.0
    return max((-p.distance for p in points), default=0.0)


def _rest_rule_by_pymunk_alone(throw) -> list:
    """The rest rule's verdicts the plain way (every pair of dice looked at,
    every near one asked of pymunk's public ``shapes_collide``, every die's
    box from pymunk): what ``Throw._problems`` must equal, in the same order."""
    out, flagged = [], set()
    dice = throw.dice
    for die in dice:
        zx, zy, zw, zh = die.zone
        bb = die.shape.bb
        if bb.left < zx - 1 or bb.bottom < zy - 1 or bb.right > zx + zw + 1 or bb.top > zy + zh + 1:
            out.append((die, (zx + zw / 2 - die.px, zy + zh / 2 - die.py)))
            flagged.add(id(die))
    for i, a in enumerate(dice):
        for b in dice[i + 1:]:
            need = (a.size + b.size) * 0.72
            dx, dy = a.px - b.px, a.py - b.py
            if -need < dx < need and -need < dy < need and _plain_depth(a.shape, b.shape) > 1.0:
                for die, sign in ((a, 1.0), (b, -1.0)):
                    if id(die) not in flagged:
                        flagged.add(id(die))
                        out.append((die, (sign * dx, sign * dy)))
    return out


def _crowded_trays(seats: int, per: int):
    """``seats`` overlapping trays around an oval, ``per`` d6 each (as
    ``_crowded_request`` at 20x6): dice pile up, get nudged, hard-stop."""
    zones = []
    for i in range(seats):
        angle = 2 * math.pi * i / seats
        cx, cy = 640 + 300 * math.cos(angle), 360 + 170 * math.sin(angle)
        zones.append((cx - 105, cy - 85, 210, 170))
    return RollRequest(tuple(DieGroup(i, "d6", per, hidden=True) for i in range(seats))), zones


@pytest.mark.parametrize("seats,per,size,crowded", [
    (1, 2, 34.0, False), (2, 3, 40.0, False), (4, 5, 34.0, True), (10, 6, 30.0, False),
    (20, 6, 22.0, False), (20, 6, 46.0, True), (20, 6, 34.0, True)])
def test_the_rest_rule_equals_the_plain_all_pairs_check_on_seeded_throws(seats, per, size, crowded):
    """Issue 41 (rest32): the rest rule's grid, its squares decided without
    pymunk and its in-place contact reading name the same dice, in the same
    order, as the plain all-pairs check, at 2..120 dice: at every check the
    throw makes and at every fifth tick besides, so every throw's nudges,
    faces and resting places are those of the plain check."""
    request, zones = _crowded_trays(seats, per) if crowded else table(seats, per)
    for seed in range(4):
        throw = Throw(request, seed, zones, die_size=size)
        checks = []
        real = throw._problems

        def checked(throw=throw, real=real, checks=checks):
            found = real()
            assert found == _rest_rule_by_pymunk_alone(throw), (seed, throw.ticks)
            checks.append(len(found))
            return found
        throw._problems = checked
        while not throw.done:
            throw._tick()
            if throw.ticks % 5 == 0 and throw.space is not None and throw._separation is None:
                assert real() == _rest_rule_by_pymunk_alone(throw), (seed, throw.ticks)
        assert checks or throw.ticks >= MAX_TICKS
        for a, b in zip(throw.dice, throw.dice[1:]):
            assert overlap_depth(a.shape, b.shape) == _plain_depth(a.shape, b.shape)


def test_without_chipmunks_private_calls_the_rest_rule_names_the_same_dice(monkeypatch):
    """The in-place contact and box reading come from pymunk's private
    ``_chipmunk_cffi`` (pymunk 7); a pymunk that moves it must still run the
    game, on the public ``Shape`` calls, with the same dice named: a crowded
    20x6 throw checked both ways at every check."""
    from game.physics import throw as physics_throw
    assert physics_throw._CHIPMUNK is not None, "this pymunk keeps chipmunk's calls where pymunk 7 does"
    request, zones = _crowded_trays(20, 6)
    throw = Throw(request, 1, zones, die_size=46.0)
    compared = 0
    while not throw.done and compared < 6:
        throw._tick()
        if throw.ticks % 5 == 0 and throw.space is not None and throw._separation is None:
            in_place = throw._problems()
            monkeypatch.setattr(physics_throw, "_CHIPMUNK", None)
            public = throw._problems()
            monkeypatch.setattr(physics_throw, "_CHIPMUNK", physics_throw._chipmunk_in_place())
            assert public == in_place, throw.ticks
            compared += bool(in_place)
    assert compared, "the throw never had a die to nudge"


def test_a_rest_rule_check_turns_each_die_once(monkeypatch):
    """Issue 41 (rest32): a check of a crowded 20x6 table worked out the
    cosine and sine of both dice for every near pair (about 320 pairs: four
    each), besides once a die for its zone; now once a die, shared."""
    from types import SimpleNamespace
    from game.physics import throw as physics_throw
    from game.physics.throw import _near_pairs
    request, zones = _crowded_trays(20, 6)
    throw = Throw(request, 0, zones, die_size=46.0)
    while not throw._nudges:   # the first check found dice to nudge (an impulse: none moved yet)
        throw._tick()
    turns = []
    counting = SimpleNamespace(**{name: getattr(math, name) for name in dir(math) if not name.startswith("_")})
    counting.cos = lambda x: turns.append(x) or math.cos(x)
    counting.sin = lambda x: turns.append(x) or math.sin(x)
    monkeypatch.setattr(physics_throw, "math", counting)
    assert throw._problems()
    assert len(_near_pairs(throw.dice)) > 200
    assert len(turns) <= 2 * len(throw.dice), f"{len(turns)} cosines and sines for {len(throw.dice)} dice"


@pytest.mark.parametrize("seats,per,size,kind", [(20, 6, 22.0, "d6"), (2, 5, 40.0, "d6"), (6, 1, 34.0, "bone")])
def test_the_rest_rule_gives_pymunks_verdicts_at_every_tick(seats, per, size, kind):
    """Issue 41: the rest rule decides most pairs and zones from the dice's
    squares itself; at every tick of whole throws (flying, crowded, at rest)
    it names the same dice, in the same order, as asking pymunk about all."""
    request, zones = table(seats, per, kind)
    for seed in range(3):
        throw = Throw(request, seed, zones, die_size=size)
        checked = 0
        while not throw.done:
            throw._tick()
            if throw.space is not None and throw._separation is None:
                assert throw._problems() == _rest_rule_by_pymunk_alone(throw)
                checked += 1
        assert checked > 20


def test_a_settled_crowded_table_asks_pymunk_about_few_pairs(monkeypatch):
    """Issue 41: at 20x6 the rest rule's check asked pymunk about every near
    pair (about 160, each a contact set of Python objects: 1-1.5 ms, up to
    four checks a throw, in the frames the dice land); squares plainly apart
    are now told apart without it."""
    from game.physics import throw as physics_throw
    from game.physics.throw import _near_pairs
    request, zones = table(20, 6)
    throw = Throw(request, 3, zones, die_size=22.0).run()
    asked = []
    monkeypatch.setattr(physics_throw, "overlap_depth", lambda a, b: asked.append(1) or overlap_depth(a, b))
    assert throw._problems() == []
    assert len(_near_pairs(throw.dice)) > 100
    assert len(asked) <= 10, f"pymunk asked about {len(asked)} pairs of a settled table"
