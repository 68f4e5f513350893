"""Every seat of the largest table (Liar's Dice, 20 seats) has its own colour
(#17: colours repeated at 20 seats), far enough apart to tell at a glance,
and each one reads on the felt and on its nameplate (QA13: at 20 seats
Cormac's maroon and Ansel's plum looked alike, Hilda's charcoal was near-black
on the dark felt)."""
import itertools
import math

import pytest

from game import games
from game.ui import theme as th
from game.ui.dice_render import cup_colour, player_colour


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


def _de2000(rgb1, rgb2):
    """CIEDE2000 colour difference of two sRGB colours: unlike CIE76 it does
    not overrate dark and saturated pairs (maroon and plum were 28 apart in
    CIE76, 14 here)."""
    return _de2000_lab(_lab(rgb1), _lab(rgb2))


def _de2000_lab(lab1, lab2):
    """CIEDE2000 (Sharma, Wu and Dalal's formulation) of two CIELAB colours."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) > 180:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    else:
        h_bar = (h1p + h2p) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    rt = (-2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
          * math.sin(math.radians(60 * math.exp(-(((h_bar - 275) / 25) ** 2)))))
    sl = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


@pytest.mark.parametrize("lab1, lab2, expected", [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
])
def test_de2000_matches_published_pairs(lab1, lab2, expected):
    """Pairs from Sharma, Wu and Dalal's CIEDE2000 test data."""
    assert _de2000_lab(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def _seats():
    return max(games.game_info(g).max_players for g in games.GAME_IDS)


@pytest.mark.parametrize("colourblind", [False, True])
def test_twenty_seats_twenty_colours(colourblind):
    seats = _seats()
    assert seats == 20
    colours = [player_colour(i, colourblind) for i in range(seats)]
    assert len({c.body for c in colours}) == seats
    assert len({c.name for c in colours}) == seats
    closest = min((_de2000(a.body, b.body), a.name, b.name) for a, b in itertools.combinations(colours, 2))
    assert closest[0] >= 18, closest       # CIEDE2000: about 2 is "just noticeable"
    for c in colours:                      # pips readable on their body
        assert abs(sum(c.body) - sum(c.pips)) > 200


@pytest.mark.parametrize("colourblind", [False, True])
def test_every_colour_reads_on_the_felt_and_its_nameplate(colourblind):
    """A seat's dice and cup lie on the felt (dark towards the rail), its
    colour dot on a dark wooden nameplate: none may sink into either."""
    for i in range(_seats()):
        c = player_colour(i, colourblind)
        assert _lab(c.body)[0] >= 35, f"{c.name} is too dark for the table"
        for ground, what in ((th.FELT_DARK, "felt"), (th.FELT, "felt"), (th.WOOD_DARK, "nameplate")):
            assert _de2000(c.body, ground) >= 22, f"{c.name} sinks into the {what}"


def _chroma(rgb):
    _l, a, b = _lab(rgb)
    return math.hypot(a, b)


@pytest.mark.parametrize("colourblind", [False, True])
def test_twenty_cups_far_apart_as_drawn(colourblind):
    """A hidden hand is a cup: the cups, in their leather tint (``cup_colour``),
    must be as far apart as the dice (playtest at 20 seats: the cups of
    Garrick and Jasper, and of Ansel and Maude, read alike; the 35% leather
    mix had turned every pale and muted colour the same beige: 12.8 apart)."""
    cups = [(cup_colour(player_colour(i, colourblind)), player_colour(i, colourblind).name) for i in range(_seats())]
    closest = min((_de2000(a, b), na, nb) for (a, na), (b, nb) in itertools.combinations(cups, 2))
    assert closest[0] >= 17.5, closest


@pytest.mark.parametrize("colourblind", [False, True])
def test_every_cup_reads_on_the_felt(colourblind):
    """A cup lies on the felt: the green seat's cup, mixed towards brown, was
    1.8 from the felt (it sank into the table)."""
    for i in range(_seats()):
        cup = cup_colour(player_colour(i, colourblind))
        for ground in (th.FELT, th.FELT_DARK):
            assert _de2000(cup, ground) >= 15, f"{player_colour(i, colourblind).name}'s cup sinks into the felt"


@pytest.mark.parametrize("colourblind", [False, True])
def test_no_greys_but_the_white(colourblind):
    """Greys tell apart only by lightness, which a small cup or dot hardly
    shows (slate and taupe read alike): every colour but the one white has a
    clear hue."""
    colours = [player_colour(i, colourblind) for i in range(_seats())]
    greys = [c.name for c in colours if _chroma(c.body) < 25]
    assert greys == ["white"], greys


def test_seat_labels_use_the_same_twenty(app):
    assert len({app.theme.player_colour(i) for i in range(20)}) == 20
