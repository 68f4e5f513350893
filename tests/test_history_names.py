"""The "This round" panel names each bidder whole.

The panel was 172 pixels wide; beside a bid ("12 ×" and its die) a name had
about 60 of them and was cut with "…" ("Wilhel…", "WMW…"): at a long table a
player could not tell which of two "Wilhel…" had bid.  A name now fits as
its nameplate's does (``layout.fit_plate_name``): beside the bid on one
line, else over the panel's width with the bid beside its last line or
under it.  The tables are played by their AIs; the panel's words are read
through the layout recorder.

The panel also keeps the latest bids in view: at 20 seats it had 80 pixels
for its rows and a 16-letter name, never beside its bid in 172 pixels, took
43 of them over it, so the panel showed the newest bid alone ("+12
earlier").  It now takes the corner's place that shows the most of these
bidders' rows (208 pixels wide there), a name sits beside its bid on one
line or two, and the rows are smaller.  Those tables are played by a person
clicking the picker's Bid (and Continue after a reveal) while the AIs play
the rest."""
from __future__ import annotations

import re

import pygame
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
    lines, _quantities, wrong = _panel_reading(app, table)
    assert not wrong, "\n".join(wrong)
    newest = table.round_entries[-1].name   # the panel always shows it (older ones as room allows)
    assert newest.replace(" ", "") in "".join(lines).replace(" ", ""), f"{newest!r} is not whole in the panel: {lines}"


BID = re.compile(r"^(\d+) \u00d7$")


def _click(app, pos) -> None:
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _play_until_a_round_has(app, table, bids: int) -> None:
    """You bid the picker's offer (the least raise) at each turn and go on
    after each reveal, until this round has ``bids`` bids on the panel, the
    newest a bid (not a call)."""
    def enough(_app) -> bool:
        entries = table.round_entries
        return len(entries) >= bids and all(e.quantity is not None for e in entries)

    for _ in range(400):
        app.run_frames(3000, until=lambda a: enough(a) or table.held.active()
                       or (table.human_to_act() is not None and table.throw_view is None))
        if enough(app):
            return
        app.draw(0.0)
        if table.held.active():
            _click(app, table.held.prompt_rect()[0].center)
        elif table.human_to_act() is not None and table.picker.can_bid:
            _click(app, table.picker._rects()["bid"].center)
        else:
            raise AssertionError("no bid offered at your turn")
    raise AssertionError(f"no round reached {bids} bids")


def _panel_reading(app, table) -> tuple[list[str], list[int], list[str]]:
    """The panel as drawn: its name lines and bid quantities top to bottom,
    and every word in it that is not wholly inside it or has a problem."""
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    panel = table.history.rect
    texts = [b for b in record.of("text") if b.rect.colliderect(panel)]
    wrong = [f"{b.text!r} at {b.rect} leaves the panel {panel}" for b in texts if not panel.contains(b.rect)]
    words = {b.text for b in texts}
    wrong += [p for p in layout_record.problems(record) if any(w in p for w in words)]
    wrong += [f"{b.text!r} is cut" for b in texts if "\u2026" in b.text]
    title_and_footer = {"This round"} | {w for w in words if w.startswith(("+", "Round "))}
    rows = sorted((b for b in texts if b.text not in title_and_footer), key=lambda b: (b.rect.y, b.rect.x))
    quantities = [int(m.group(1)) for m in (BID.match(b.text) for b in rows) if m]
    names = [b.text for b in rows if not BID.match(b.text)]
    return names, quantities, wrong


@pytest.mark.parametrize("seats, dice, latest", [(2, 6, 4), (20, 3, 3)])
def test_the_history_panel_shows_the_latest_bids_with_the_longest_names(app, seats, dice, latest):
    """Heads-up with six dice each (rounds long enough), and at the most seats."""
    names = _names(seats)
    match = Match("liars-dice", [Seat(name, "human" if i == 0 else "ai", "normal") for i, name in enumerate(names)],
                  {"starting_dice": dice}, 3)
    table = start_table(app, match)
    past_the_opening(app)
    _play_until_a_round_has(app, table, latest + 2)
    lines, quantities, wrong = _panel_reading(app, table)
    assert not wrong, "\n".join(wrong)
    newest = table.round_entries[-latest:]
    assert quantities[-latest:] == [e.quantity for e in newest], \
        f"the panel shows the bids {quantities}; the round's latest {latest} are {[e.quantity for e in newest]}"
    read = "".join(lines).replace(" ", "")
    assert read.endswith("".join(e.name for e in newest).replace(" ", "")), \
        f"the names of the latest {latest} bids are not whole and in order in {lines}"
