"""The rendered-label cache is bounded in bytes, not only in labels: the
longest game writes new lines every move (the log's, the centre's), each a
picture 400-1000 px wide, and the cache of 2,048 labels (and their drop
shadows) grew the game's memory about 100 KB a move, to about 100 MB at Roll
Call 10x6 (measured: 395 labels held 10.4 MB and their shadows 9.9 MB after
100 moves)."""
from __future__ import annotations

import pygame

from game.ui import theme as th

BUDGET = 16 * 1024 * 1024
"""``theme.TEXT_CACHE_BYTES``: four whole canvases of words."""
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def _lines(count: int):
    """What a 2,000-move game writes: a new sentence every move."""
    for move in range(count):
        who, other = NAMES[move % 10], NAMES[(move * 7 + 3) % 10]
        yield (f"Round {move // 30 + 1}: {who} raises to {move % 60 + 1} fives after {other}'s "
               f"{move % 59 + 1} fours, and the table holds {60 - move // 40} dice")


def _bytes(surfaces) -> int:
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces if s is not None)


def test_the_label_cache_of_a_long_game_stays_within_its_bytes(app):
    theme = app.theme
    canvas = pygame.Surface((1280, 720))
    standing = theme.text("Pass to Ana", 30, bold=True)
    for line in _lines(2000):
        th.blit_text(canvas, theme.text(line, 18), (0, 0), shadow=2)   # drawn with its shadow, as the log does
        assert theme.text("Pass to Ana", 30, bold=True) is standing, "a label drawn every frame was rendered again"
    held = _bytes(theme._texts.values())
    assert held <= BUDGET, f"{len(theme._texts)} labels hold {held // 1024} KB"
    shadows = _bytes(th._SHADOWS.get(s) for s in theme._texts.values())
    assert shadows <= BUDGET, f"their shadows hold {shadows // 1024} KB"
    assert th.TEXT_CACHE_BYTES == BUDGET
    assert len(theme._texts) >= 200, "the budget still keeps a whole screen's words"
