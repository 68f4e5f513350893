"""Physics edge cases (first found by the stricter type check): a d12 tipped
before its directions were asked, a throw taken apart mid-build."""
from __future__ import annotations

from game.core.protocol import DieGroup, RollRequest
from game.physics.orientation import D12Orientation
from game.physics.throw import Throw


def test_a_d12_tips_without_being_asked_its_directions_first():
    """``tip(i)`` read a table that only ``directions()`` filled in (a
    ``TypeError`` on a fresh die and after every tip; the d6 has no such order)."""
    for i in range(5):
        asked, fresh = D12Orientation(), D12Orientation()
        for _ in range(3):                   # three tips in a row over the same edge index
            asked.directions()
            asked.tip(i)
            fresh.tip(i)
            assert fresh.top_slot == asked.top_slot
            assert fresh.normals == asked.normals
        assert fresh.directions() == asked.directions()


def test_a_throw_taken_apart_while_its_rails_are_still_being_built():
    """A throw prepared ahead is taken apart unused (``dispose_steps``) even
    when its build stopped among the rails, before any die existed (it used to
    raise ``AttributeError: 'Throw' object has no attribute 'dice'``)."""
    request = RollRequest(tuple(DieGroup(owner=i, kind="d6", count=2) for i in range(6)))
    zones = [(20 + i * 200, 100, 180, 180) for i in range(6)]
    throw = Throw.prepare(request, 1, zones)
    assert throw.build_step() is False          # paused after the fifth rail
    assert throw.dice == []
    assert sum(1 for _ in throw.dispose_steps()) >= 1
    assert throw.space is None and throw.done
    assert throw.step() == []
