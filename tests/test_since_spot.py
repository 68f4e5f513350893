"""Issue 41: the "since your last move" card's place (``game_log.clear_spot``)
is found with the same answers as the plain search it replaced (kept here as
the oracle), which made every place afresh for each tier and measured each
against every rectangle: 70 ms in the frame a 20-seat human's turn began."""
from __future__ import annotations

import pygame
from hypothesis import given, settings, strategies as st

from game.ui import game_log
from game.ui.game_log import CANVAS_H, CANVAS_W, CARD_MARGIN


def _plain(height_of, widths, keeps, spots, tiers):
    bounds = pygame.Rect(0, 0, CANVAS_W, CANVAS_H).inflate(-2 * CARD_MARGIN, -2 * CARD_MARGIN)
    heights = {(w, keep): height_of(w, keep) for w in widths for keep in keeps}

    def places(keep):
        for x, y in spots:
            for w in widths:
                rect = pygame.Rect(x, y, w, heights[w, keep])
                if bounds.contains(rect):
                    yield rect
    for keep_clear in tiers:
        for keep in keeps:
            for rect in places(keep):
                if rect.collidelist(keep_clear) < 0:
                    return rect, keep
    return min(places(keeps[-1]), key=lambda r: sum(r.clip(k).w * r.clip(k).h for k in tiers[-1])), keeps[-1]


rects = st.builds(pygame.Rect, st.integers(-50, CANVAS_W), st.integers(-50, CANVAS_H),
                  st.integers(0, 900), st.integers(0, 600))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.lists(rects, max_size=25), min_size=1, max_size=3), st.booleans())
def test_the_card_takes_the_same_place_as_the_plain_search(tiers, crowded):
    if crowded:   # every place covers something: the least covered one is chosen
        tiers = [tier + [pygame.Rect(0, 0, CANVAS_W, CANVAS_H)] for tier in tiers]
    button = pygame.Rect(CARD_MARGIN, CARD_MARGIN, 60, 30)
    spots = game_log.card_spots(button, (CARD_MARGIN, 48))
    args = (lambda w, k: 40 + 19 * k, [420, 380, 340, 300, 260, 220], (6, 4, 3), spots, tiers)
    assert game_log.clear_spot(*args) == _plain(*args)


def test_a_crowded_table_finds_the_cards_place_without_testing_each_spot_alone(monkeypatch):
    """At 20 seats the card's place was found by testing the least card at
    each of the ~1,300 spots against every rectangle to keep clear, one
    Python call per spot and tier (about 3,600: 10-14 ms of the frame a
    human's turn began).  Each rectangle to keep clear now sweeps every
    spot at once; the spots are tested alone only where a card has room."""
    tests: list[int] = []

    class Counted(pygame.Rect):
        def collidelist(self, *args):
            tests.append(1)
            return super().collidelist(*args)
    monkeypatch.setattr(pygame, "Rect", Counted)
    keep = [pygame.Rect(x, y, 100, 70) for x in range(0, CANVAS_W, 130) for y in range(0, CANVAS_H, 95)]
    keep.remove(pygame.Rect(1170, 570, 100, 70))   # room for a small card far from the Log button
    button = pygame.Rect(CARD_MARGIN, CARD_MARGIN, 60, 30)
    spots = game_log.card_spots(button, (CARD_MARGIN, 48))
    args = (lambda w, k: 40 + 19 * k, [420, 300, 200, 100], (6, 4, 1), spots, [keep + [button], keep])
    place, lines = game_log.clear_spot(*args)
    tested = len(tests)
    assert place.collidelist(keep) < 0 and (place, lines) == _plain(*args)
    assert tested < 50, f"{tested} spots tested one at a time"


def test_a_crowded_table_makes_no_rectangle_per_spot(monkeypatch):
    """Issue 41 (frames9): at 20 seats the card's place was still sought by
    making a rectangle for each of the ~1,300 spots in every tier and line
    count (3-4 ms each, 6-18 ms in the frame a human's turn began, an undo
    or the bid before it).  The spots lie on a few columns and rows: each
    rectangle to keep clear marks its block of cells, so the rectangles made
    grow with what is kept clear, not with the spots (on da2a035: 4,211 for 79)."""
    made: list[int] = []

    class Counted(pygame.Rect):
        def __init__(self, *args):
            made.append(1)
            super().__init__(*args)
    keep = [pygame.Rect(x, y, 100, 70) for x in range(0, CANVAS_W, 130) for y in range(0, CANVAS_H, 95)]
    keep.remove(pygame.Rect(1170, 570, 100, 70))   # room for a small card far from the Log button
    button = pygame.Rect(CARD_MARGIN, CARD_MARGIN, 60, 30)
    spots = game_log.card_spots(button, (CARD_MARGIN, 48))
    args = (lambda w, k: 40 + 19 * k, [420, 300, 200, 100], (6, 4, 1), spots, [keep + [button], keep])
    expected = _plain(*args)
    monkeypatch.setattr(pygame, "Rect", Counted)
    assert game_log.clear_spot(*args) == expected
    assert len(made) < 20 * len(keep), f"{len(made)} rectangles made for {len(keep)} to keep clear"
