"""Roll For It!'s banners and commentary at a full table (issue 39).

Seen at 8 seats in a real window: the fading "Rook goes first" banner,
centred on the cards, lay over their die pictures; the roll-off's commentary
wrapped with "7" alone on a row, and cut short it ended on half a name
("Cornelius Va ...") or half a number ("Cornelius Vane 1 ..." for a 12)."""
from __future__ import annotations

import copy
import re

import pygame
import pytest

from game.core.match import Match, Seat
from game.games.roll_for_it import prompts
from game.games.roll_for_it.cards import IMAGE_DIE, image_row
from game.ui import layout_record
from tests.helpers import key, start_table
from tests.test_layout_check import _seats

REDUCED_MOTION = False

TAVERN = ["You", "Mags", "Old Tom", "Bertha", "Finn", "Ada", "Rook", "Hilda"]


def _card_pictures(scene) -> list[pygame.Rect]:
    """Every printed die picture on the face-up cards, from the cards' own layout."""
    boxes = []
    for slot, rect in enumerate(scene.cards):
        shown = scene._slot_card(slot)
        count = len(shown.images) if shown is not None else 0
        for i in range(count):
            row = image_row(rect, i, count)
            boxes.append(pygame.Rect(row.x, row.centery - IMAGE_DIE // 2, IMAGE_DIE, IMAGE_DIE))
    return boxes


@pytest.mark.parametrize("seats", [2, 4, 7, 8])
def test_the_roll_offs_banner_leaves_the_cards_pictures_and_the_dice_in_view(app, seats):
    """From the deal through the roll-off's "X goes first" (or "Tie!") and its
    fade while the first turn's throw lands: every frame's banner covers no
    die picture on a card, no die in the tray, no nameplate, and the layout
    recorder finds nothing wrong for longer than a glance."""
    app.settings.animation_speed = "normal"
    match = Match("roll-for-it", _seats("roll-for-it", seats), None, 11)
    scene = start_table(app, match)
    seen = 0
    lasting: dict[str, int] = {}
    accumulator = 0.0
    with layout_record.recording(app.canvas) as record:
        for _ in range(900):
            if seen and not scene.banners.showing(scene.time):
                break
            if scene.waiting_thrower is not None:
                app.feed(key(pygame.K_SPACE))
            record.clear()
            accumulator = app.step(1 / 60, accumulator)
            banners = [box.rect for box in record.of("banner")]
            if not banners or app.top is not scene:
                continue
            seen += 1
            pieces = _card_pictures(scene) + [box.rect for box in record.of("die")] + list(scene.seat_plates.values())
            for banner in banners:
                assert banner.collidelist(pieces) < 0, (scene.banners.showing(scene.time), banner,
                                                        [tuple(p) for p in pieces if p.colliderect(banner)])
            found = {re.sub(r"\(\d+, \d+, \d+, \d+\)", "", p) for p in layout_record.problems(record)}
            lasting = {what: lasting.get(what, 0) + 1 for what in found}
            assert all(count <= 12 for count in lasting.values()), lasting
    assert seen > 30, "the roll-off's banner never showed: the test saw nothing"


def _log_rows(record, area) -> list[str]:
    return [box.text for box in sorted(record.of("text"), key=lambda b: b.rect.y) if area.colliderect(box.rect)]


@pytest.mark.parametrize("names", [TAVERN, [s.name for s in _seats("roll-for-it", 8)]], ids=["tavern", "long"])
def test_the_roll_offs_commentary_keeps_each_total_with_its_name(app, names):
    """The roll-off's totals as the commentary draws them at 8 seats: no row
    starts with a number, and where the line is cut short it ends on a whole
    "name total" (the totals as words4 saw them: You 6, Mags 9, Old Tom 5,
    Bertha 7, Finn 10, Ada 9, Rook 11, Hilda 7)."""
    app.settings.reduced_motion = True
    match = Match("roll-for-it", [Seat(names[0])] + [Seat(n, "ai", "easy") for n in names[1:]], seed=1)
    scene = start_table(app, match)
    app.run_frames(2)
    state = copy.copy(match.state)
    totals = [6, 9, 5, 7, 10, 9, 11, 7]
    state.rolloff = tuple(enumerate(totals))
    scene.announce(prompts.rolloff(state, scene.seat_name))
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    rows = _log_rows(record, scene.log_area())
    line = [row for row in rows if "Roll-off" in row]
    assert line, rows
    said = rows[rows.index(line[0]):]
    for row in said:
        assert not re.match(r"^\s*\d", row), f"a total alone at a row's start: {said}"
    entries = " ".join(said).removeprefix("Roll-off:").replace("\u00a0", " ").removesuffix(" …").split(",")
    whole = {f"{scene.seat_name(p)} {t}" for p, t in enumerate(totals)}
    for entry in entries:
        assert entry.strip() in whole, f"{entry.strip()!r} is not a whole name and total: {said}"
    listed = [int(e.strip().rsplit(" ", 1)[1]) for e in entries]
    assert listed == sorted(listed, reverse=True), "the highest first: a cut drops the lowest"
