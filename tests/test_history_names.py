"""The "This round" panel names each bidder whole.

The panel is 172 pixels wide; beside a bid ("12 ×" and its die) a name had
about 60 of them and was cut with "…" ("Wilhel…", "WMW…"): at a long table a
player could not tell which of two "Wilhel…" had bid.  A name now fits as
its nameplate's does (``layout.fit_plate_name``): beside the bid on one
line, else over the panel's width with the bid beside its last line or
under it.  The tables are played by their AIs; the panel's words are read
through the layout recorder."""
from __future__ import annotations

import pytest

from game.core.match import Match, Seat
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table

NAMES = ["Wilhelmina Stout", "WMWMWMWMWMWMWMWM", "山田太郎山田太郎山田太郎山田太郎", "Bartholomew Quil",
         "Александра Ивано", "MWMWMWMWMWMWMWMW", "Gwendolyn Marsh", "Maximilian Crow"]
"""Sixteen letters (the most a name takes): spaced, unbroken, wide, other scripts."""


def _names(count: int) -> list[str]:
    return [name if i < len(NAMES) else name[:14] + f"{i:02d}" for i, name in
            ((i, NAMES[i % len(NAMES)]) for i in range(count))]


@pytest.mark.parametrize("game_id, seats", [("liars-dice", 2), ("liars-dice", 20), ("roll-call", 10)])
def test_the_history_panel_reads_every_shown_bidder_whole(app, game_id, seats):
    names = _names(seats)
    table = start_table(app, Match(game_id, [Seat(n, "ai", "normal") for n in names], None, 5))
    past_the_opening(app)
    app.run_frames(3000, until=lambda a: len(table.round_entries) >= 2)
    assert len(table.round_entries) >= 2, "the AIs made no two bids"
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    panel = table.history.rect
    words = [b.text for b in sorted(record.of("text"), key=lambda b: (b.rect.y, b.rect.x))
             if panel.contains(b.rect)]
    assert not any("\u2026" in w for w in words), f"a cut name in the panel: {words}"
    read = "".join(words).replace(" ", "")
    newest = table.round_entries[-1].name   # the panel always shows it (older ones as room allows)
    assert newest.replace(" ", "") in read, f"{newest!r} is not whole in the panel: {words}"
    found = [p for p in layout_record.problems(record) if any(w in p for w in words)]
    assert not found, "\n".join(found)
