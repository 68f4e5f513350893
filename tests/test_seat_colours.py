"""Every seat of the largest table (Liar's Dice, 20 seats) has its own colour
(#17: colours repeated at 20 seats), far enough apart to tell at a glance."""
import itertools

import pytest

from game import games
from game.ui.dice_render import player_colour


def _lab(rgb):
    def lin(u):
        u /= 255
        return ((u + 0.055) / 1.055) ** 2.4 if u > 0.04045 else u / 12.92
    r, g, b = map(lin, rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@pytest.mark.parametrize("colourblind", [False, True])
def test_twenty_seats_twenty_colours(colourblind):
    seats = max(games.game_info(g).max_players for g in games.GAME_IDS)
    assert seats == 20
    colours = [player_colour(i, colourblind) for i in range(seats)]
    assert len({c.body for c in colours}) == seats
    assert len({c.name for c in colours}) == seats
    closest = min(sum((p - q) ** 2 for p, q in zip(_lab(a.body), _lab(b.body))) ** 0.5
                  for a, b in itertools.combinations(colours, 2))
    assert closest >= 25, closest          # CIE76: about 2.3 is "just noticeable"
    for c in colours:                      # pips readable on their body
        assert abs(sum(c.body) - sum(c.pips)) > 200


def test_seat_labels_use_the_same_twenty(app):
    assert len({app.theme.player_colour(i) for i in range(20)}) == 20
