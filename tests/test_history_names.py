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
the rest.

At 8 and 16 seats the corner's only free place is 102 pixels tall: names
whole over two lines showed one or two bids, and at 20 seats two two-line
bidders in a row left two.  The panel now always shows the latest three:
where whole names leave fewer it is laid out compact (the round's line as
its title, each name on one line beside its bid, cut with "…" only if its
nameplate shows it whole).  Before the first bid it was a 212-pixel panel
saying "No bids yet": it now stands at the bottom of its place and grows
up with its rows."""
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


WIDE = [NAMES[1], NAMES[2], NAMES[5]]
"""The names two lines tall beside a bid."""


def _names(count: int, kinds: list[str] = NAMES) -> list[str]:
    return [name if i < len(kinds) else name[:14] + f"{i:02d}" for i, name in
            ((i, kinds[i % len(kinds)]) for i in range(count))]


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
    and every word in it that is not wholly inside it or has a problem (a
    name cut with "…" is one unless its nameplate shows it whole)."""
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    panel = table.history.rect
    texts = [b for b in record.of("text") if b.rect.colliderect(panel)]
    wrong = [f"{b.text!r} at {b.rect} leaves the panel {panel}" for b in texts if not panel.contains(b.rect)]
    words = {b.text for b in texts}
    wrong += [p for p in layout_record.problems(record) if any(w in p for w in words)]
    wrong += [f"{b.text!r} is cut and its nameplate does not show it whole" for b in texts
              if "\u2026" in b.text and not _whole_on_a_plate(table, b.text)]
    title_and_footer = {"This round"} | {w for w in words if w.startswith(("+", "Round "))}
    rows = sorted((b for b in texts if b.text not in title_and_footer), key=lambda b: (b.rect.y, b.rect.x))
    quantities = [int(m.group(1)) for m in (BID.match(b.text) for b in rows) if m]
    names = [b.text for b in rows if not BID.match(b.text)]
    return names, quantities, wrong


def _whole_on_a_plate(table, cut: str) -> bool:
    """A seat whose name starts as ``cut`` does (less its "…") has its whole name on its plate."""
    start = cut.rstrip("\u2026").rstrip()
    return any(table.seat_name(seat).startswith(start)
               and "".join(table.plate_name(seat)[0]).replace(" ", "") == table.seat_name(seat).replace(" ", "")
               for seat in range(len(table.match.seats)))


def _names_read(lines: list[str], entries) -> bool:
    """The last name lines are the entries' names, oldest first: each whole
    (on one line or two) or cut with "…" on one line."""
    lines = list(lines)
    for entry in reversed(entries):
        if not lines:
            return False
        if lines[-1].endswith("\u2026"):
            if not entry.name.startswith(lines.pop().rstrip("\u2026").rstrip()):
                return False
            continue
        taken = ""
        while lines and len(taken.replace(" ", "")) < len(entry.name.replace(" ", "")):
            taken = lines.pop() + taken
        if taken.replace(" ", "") != entry.name.replace(" ", ""):
            return False
    return True


@pytest.mark.parametrize("game_id, seats, dice, latest, kinds", [
    ("liars-dice", 2, 6, 4, "mixed"), ("liars-dice", 8, 3, 3, "mixed"), ("liars-dice", 16, 3, 3, "mixed"),
    ("liars-dice", 20, 3, 3, "mixed"), ("liars-dice", 20, 3, 3, "wide"), ("roll-call", 8, None, 3, "mixed")])
def test_the_history_panel_shows_the_latest_bids_with_the_longest_names(app, game_id, seats, dice, latest, kinds):
    """Heads-up with six dice each (rounds long enough), at the seat counts
    whose corner is shortest (8, 16) and at the most seats, where every
    name may take two lines (``WIDE``)."""
    names = _names(seats, WIDE if kinds == "wide" else NAMES)
    match = Match(game_id, [Seat(name, "human" if i == 0 else "ai", "normal") for i, name in enumerate(names)],
                  {"starting_dice": dice} if dice else None, 3)
    table = start_table(app, match)
    past_the_opening(app)
    _play_until_a_round_has(app, table, latest + 2)
    lines, quantities, wrong = _panel_reading(app, table)
    assert not wrong, "\n".join(wrong)
    newest = table.round_entries[-latest:]
    assert quantities[-latest:] == [e.quantity for e in newest], \
        f"the panel shows the bids {quantities}; the round's latest {latest} are {[e.quantity for e in newest]}"
    assert _names_read(lines, newest), f"the names of the latest {latest} bids are not in order in {lines}"


def test_the_history_panel_grows_with_its_rows(app):
    """At 2 seats the panel's place is 212 pixels tall: before the first bid
    it stood there whole around "No bids yet".  It is as tall as its words
    (no gap between lines wider than a row), and grows up from the same
    bottom as the bids come."""
    match = Match("liars-dice", [Seat(n, "human" if i == 0 else "ai", "normal") for i, n in enumerate(_names(2))],
                  {"starting_dice": 6}, 3)
    table = start_table(app, match)
    past_the_opening(app)
    seen = []
    for bids in (0, 1, 2, 3):
        if bids:
            _play_until_a_round_has(app, table, bids)
        with layout_record.recording(app.canvas) as record:
            app.draw(0.0)
        panel = next(b.rect for b in record.of("panel") if b.rect.colliderect(table.history.rect))
        words = sorted((b.rect for b in record.of("text") if panel.contains(b.rect)), key=lambda r: r.y)
        assert words, "the panel shows no words"
        assert words[0].top - panel.top <= 10 and panel.bottom - max(r.bottom for r in words) <= 10, \
            f"{bids} bids: empty room above or below the words in {panel}"
        gaps = [b.top - a.bottom for a, b in zip(words, words[1:])]
        assert max(gaps, default=0) <= 16, f"{bids} bids: an empty band {max(gaps)} px tall in the panel {panel}"
        seen.append(panel)
        if len(table.round_entries) < bids:   # the round ended on a call: its rows are gone
            break
    assert len({p.bottom for p in seen}) == 1, seen
    assert seen[0].h < 100 and seen[-1].h > seen[0].h, seen
