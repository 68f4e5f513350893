"""The pass-the-screen curtain pictures the cover the table uses.

Roll Call's rules and log say "domes" and its table draws domes, but its
curtain showed Liar's Dice's leather cup beside the words "Your dice stay
under the dome" (seen in a window)."""
from __future__ import annotations

import pytest

from game.core.match import Match, Seat
from game.ui import pictures
from tests.helpers import start_table
from tests.realinput import Hands


@pytest.mark.parametrize("game_id, drawn", [("liars-dice", "cup"), ("roll-call", "dome")])
def test_the_curtain_pictures_the_tables_cover(app, monkeypatch, game_id, drawn):
    seen: list[str] = []
    for kind in ("cup", "dome"):
        real = getattr(pictures, kind)
        monkeypatch.setattr(pictures, kind, lambda *a, _k=kind, _real=real, **kw: (seen.append(_k), _real(*a, **kw)))
    start_table(app, Match(game_id, [Seat("Ann"), Seat("Bob"), Seat("Cat", "ai", "normal")], None, 12))
    hands = Hands(app)
    assert hands.until(lambda a: a.top.name == "curtain", 30)
    hands.frames(2)
    assert seen and set(seen) == {drawn}
