"""Roll the Bones with reduced motion: a roll's dice lie where they landed
until the next move, so none may land in a pot's tray or on its words
(issue 39: on a full felt the landing's last resort, the place covering
least, could be a side pot's tray, and the die then read as part of it)."""
from __future__ import annotations

from game.core.match import Match, Seat
from game.core.protocol import DieGroup, RollRequest
from game.ui import layout
from tests.helpers import past_the_opening, start_table
from tests.test_layout_check import LONG_NAMES
from tests.test_rtb_words_clear import start_with_piles


def _side_pot_table(app, monkeypatch):
    """Six seats with the longest names, three short (a side pot opens), the
    antes made: the table waits for the roll with both pots holding dice."""
    start_with_piles(monkeypatch, [6, 0, 1, 0, 2, 10])
    seats = [Seat(LONG_NAMES[i], "ai", "easy") for i in range(6)]
    table = start_table(app, Match("roll-the-bones", seats, None, 11))
    past_the_opening(app)
    app.run_frames(3000, until=lambda a: len(table.shown.pots) > 1 and table.shown.pots[1] and not table.is_busy())
    assert table.shown.pots[1], "the short seats' antes opened a side pot"
    return table


def test_on_a_full_felt_no_landing_zone_lies_on_a_pot(app, monkeypatch):
    """Every place on the felt covers something (a stand-in for a crowded
    table): each seat's dice still land off every pot's tray and words."""
    table = _side_pot_table(app, monkeypatch)
    table.draw(app.canvas, 0.0)
    pots = table.pot_areas()
    monkeypatch.setattr(table, "landing_keep_clear", lambda pots: ([layout.FELT_RECT], []))
    request = RollRequest(tuple(DieGroup(seat, "d6", 1) for seat in range(6)))
    for seat, zone in enumerate(table.dice_zones(request)):
        assert zone.collidelist(pots) < 0, f"seat {seat}'s dice would land on a pot: {zone} {pots}"

