"""Roll the Bones: a pot's count says its bones are among its dice (issue
39: "13 dice, 2 bones" did not say whether the two bones were among the
thirteen; a newcomer read fifteen dice)."""
from __future__ import annotations

import pygame
import pytest

from game.games.roll_the_bones import felt
from game.ui import layout_record


@pytest.mark.parametrize("count, bones, said", [
    (13, 2, "13 dice, 2 of them bones"),
    (5, 1, "5 dice, 1 of them a bone"),
    (2, 2, "2 dice, both bones"),
    (3, 3, "3 dice, all bones"),
    (1, 1, "1 die, a bone"),
    (4, 0, "4 dice"),
])
def test_a_pot_counts_its_bones_among_its_dice(app, count, bones, said):
    """As drawn under the centre pot (a side pot's narrower column may wrap it)."""
    canvas = pygame.Surface((1280, 720))
    with layout_record.recording(canvas) as record:
        felt.draw_pot(canvas, app.theme, lambda *a: None, 0, list(range(count)), 2, (640, 330), bones, None)
    drawn = [b.text for b in record.of("text") if b.text != "Centre pot"]
    assert " ".join(drawn) == said


def test_a_side_pots_count_wraps_inside_its_column(app):
    canvas = pygame.Surface((1280, 720))
    with layout_record.recording(canvas) as record:
        felt.draw_pot(canvas, app.theme, lambda *a: None, 1, list(range(13)), 2, (810, 340), 2, None)
    lines = [b for b in record.of("text") if b.text != "Side pot"]
    assert " ".join(b.text for b in lines) == "13 dice, 2 of them bones"
    assert all(b.rect.w <= felt.note_width(1) for b in lines), [(b.text, b.rect) for b in lines]
