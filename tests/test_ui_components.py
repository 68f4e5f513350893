"""The shared table components in game/ui: the replay bar, banners, glides
and the pace's reading time (issue 20: one piece each, fed by the tables)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.playback import ReplayFeed
from game.ui import pace
from game.ui.banner import Banner, Banners
from game.ui.motion import Glide, ease, ease_out, landed_removed, moving
from game.ui.replay_bar import ReplayBar


def _bar():
    calls = []
    feed = ReplayFeed([(0, None)] * 10)
    bar = ReplayBar(feed, on_back=lambda: calls.append("back"), on_close=lambda: calls.append("close"))
    return feed, bar, calls


@pytest.mark.parametrize("how", ["key", "click"])
def test_replay_bar_controls_the_feed(how):
    feed, bar, calls = _bar()
    keys = {"pause": pygame.K_SPACE, "step": pygame.K_RIGHT, "back": pygame.K_LEFT, "faster": pygame.K_UP,
            "slower": pygame.K_DOWN}

    def press(name):
        event = (pygame.event.Event(pygame.KEYDOWN, key=keys[name]) if how == "key" else
                 pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar.buttons()[name].center, button=1))
        assert bar.handle_event(event)

    press("pause")
    assert feed.paused
    press("pause")
    assert not feed.paused
    press("step")
    press("step")
    assert feed.paused and feed.pending_steps == 2
    speed = feed.speed
    press("faster")
    assert feed.speed > speed
    press("slower")
    press("slower")
    assert feed.speed < speed
    press("back")
    assert calls == ["back"]
    if how == "click":
        assert bar.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=bar.buttons()["close"].center,
                                                   button=1))
        assert calls == ["back", "close"]


def test_replay_bar_ignores_what_is_not_for_it_and_holds_its_buttons():
    feed, bar, calls = _bar()
    assert not bar.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert not bar.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(900, 100), button=1))
    assert not calls and not feed.paused
    board = bar.rect()
    assert all(board.contains(r) for r in bar.buttons().values())
    canvas = pygame.Surface((1280, 720))
    from game.ui import theme as th
    bar.draw(canvas, th.Theme(), (-1, -1))
    assert canvas.get_at(bar.buttons()["pause"].center) != canvas.get_at((900, 100))


def test_banner_fades_over_its_last_quarter_and_banners_drop_finished_ones():
    b = Banner("Tie!", t0=10.0, seconds=2.0, blocking=True)
    assert b.fade(10.0) == 1.0 and b.fade(11.4) == 1.0
    assert b.fade(11.75) == pytest.approx(0.5)
    assert b.fade(12.5) == 0.0
    board = Banners(keep=2)
    for i in range(3):
        board.show(Banner(str(i), t0=10.0 + i, seconds=2.0))
    assert [x.title for x in board] == ["1", "2"]
    board.show(b)
    assert board.blocking(11.0)
    board.prune(12.5)
    assert [x.title for x in board] == ["2"] and not board.blocking(12.5)


def test_glide_path_and_landing():
    g = Glide((0, 0), (100, 0), t0=1.0, seconds=2.0)
    assert g.position(0.5) is None
    assert g.position(1.0) == (0, 0)
    assert g.position(2.0)[0] == pytest.approx(50)
    assert g.position(5.0) == (100, 0)
    assert moving([g], 2.9) and not moving([g], 3.0)
    assert landed_removed([g], 3.0) == []
    assert ease(0.25) < 0.25 < ease_out(0.25)
    assert ease(-1) == 0 and ease_out(2) == 1


@pytest.mark.parametrize("speed", list(pace.PACES))
def test_words_stay_readable_at_every_pace(speed):
    """Banners follow the speed setting but never drop below READ_FLOOR of
    their length, also with reduced motion (which still shortens animations)."""
    from types import SimpleNamespace
    for reduced in (False, True):
        p = pace.pace_for(SimpleNamespace(animation_speed=speed, reduced_motion=reduced))
        assert p.reduced_motion is reduced
        assert p.reading(2.0) == pytest.approx(2.0 * max(p.duration, pace.READ_FLOOR))
        assert p.reading(2.0) >= 2.0 * pace.READ_FLOOR
        assert pace.faster(p).reduced_motion is reduced


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call", "roll-for-it", "roll-the-bones", "diced-out"])
def test_every_table_raises_banners_through_the_one_shared_hook(app, game_id):
    """Issue 20, shared table pieces: a table raises its banners with the base's
    ``show_banner`` (its own colour, time and how many it keeps as class data),
    timed by the pace's reading time; the frame step drops the finished ones."""
    from game.core.match import Match, Seat
    from tests.helpers import start_table
    scene = start_table(app, Match(game_id, [Seat("Ann"), Seat("Bo", "ai")], seed=3))
    first = scene.show_banner("One", "sub")
    assert first.colour == scene.banner_colour and first.moment == len(scene.match.history)
    assert first.seconds == pytest.approx(scene.pace.reading(scene.banner_seconds))
    second = scene.show_banner("Two", colour=(1, 2, 3), seconds=5.0)
    assert second.colour == (1, 2, 3) and second.seconds == pytest.approx(scene.pace.reading(5.0))
    assert [b.title for b in scene.banners] == ["One", "Two"][-scene.banner_keep:]
    assert scene.banners.showing(scene.time) == ["One", "Two"][-scene.banner_keep:]
    scene.time += 10.0
    scene.fixed_update(0.0)
    assert list(scene.banners) == []


def test_a_banner_takes_the_nearest_clear_spot_else_the_least_covered():
    """``nearest_clear_spot``: the place nearest the point asked for where the
    plate covers nothing of the first tier that leaves room (else the next
    tier's), inside the bounds; if every place covers something, the one
    covering the least area."""
    from game.ui.banner import nearest_clear_spot
    bounds = pygame.Rect(0, 0, 1280, 720)
    assert nearest_clear_spot((200, 40), [[]], (640, 330), bounds).center == (640, 330)
    pot = pygame.Rect(560, 250, 160, 160)
    spot = nearest_clear_spot((200, 40), [[pot]], (640, 330), bounds)
    assert not spot.colliderect(pot) and bounds.contains(spot)
    assert abs(spot.centerx - 640) + abs(spot.centery - 330) <= 140, "right next to it"
    everything = [pygame.Rect(0, 0, 1280, 720)]
    fallback = nearest_clear_spot((200, 40), [[pot] + everything, [pot]], (640, 330), bounds)
    assert fallback == spot, "the cautious tier leaves no room: the next one"
    twice_over_the_top = [pygame.Rect(0, 0, 1280, 720), pygame.Rect(0, 0, 1280, 360)]   # covered everywhere
    least = nearest_clear_spot((200, 40), [twice_over_the_top], (640, 330), bounds)
    assert least.top >= 360 and abs(least.centerx - 640) <= 8 and least.top <= 368


def _nearest_clear_spot_by_search(size, tiers, toward, bounds, step=8):
    """The placement as it was first written (every grid place built, sorted
    and tested): the reference the row-by-row search must agree with."""
    w, h = size

    def along(lo, hi, at):
        return [c for c in range(at - (at - lo) // step * step, hi + 1, step) if lo <= c <= hi]
    xs = along(bounds.left + w // 2, bounds.right - (w - w // 2), toward[0])
    ys = along(bounds.top + h // 2, bounds.bottom - (h - h // 2), toward[1])
    centres = sorted(((x, y) for x in xs for y in ys),
                     key=lambda c: ((c[0] - toward[0]) ** 2 + (c[1] - toward[1]) ** 2, c[1], c[0]))
    near = pygame.Rect((0, 0), size)
    near.center = toward
    places = [near.clamp(bounds)] + [pygame.Rect(x - w // 2, y - h // 2, w, h) for x, y in centres]
    for keep_clear in tiers:
        for rect in places:
            if rect.collidelist(keep_clear) < 0:
                return rect
    last = list(tiers[-1]) if tiers else []
    return min(places, key=lambda r: sum(r.clip(last[i]).w * r.clip(last[i]).h for i in r.collidelistall(last)))


_rects = st.builds(pygame.Rect, st.integers(-50, 1300), st.integers(-50, 760), st.integers(-40, 500),
                   st.integers(-40, 400))


@settings(max_examples=150, deadline=None)
@given(size=st.tuples(st.integers(0, 600), st.integers(0, 300)),
       tiers=st.lists(st.lists(_rects, max_size=12), min_size=0, max_size=3),
       toward=st.tuples(st.integers(-100, 1400), st.integers(-100, 800)),
       step=st.sampled_from([8, 13, 24]))
def test_the_row_search_places_a_banner_exactly_where_the_full_search_did(size, tiers, toward, step):
    """``nearest_clear_spot`` finds the free place row by row, but the place is
    the same one the search over every grid place found (same order of
    preference: nearest, higher, more to the left; same tiers, same fallback)."""
    from game.ui.banner import nearest_clear_spot
    bounds = pygame.Rect(12, 12, 1256, 696)
    if size[0] > bounds.w or size[1] > bounds.h:
        return
    assert nearest_clear_spot(size, tiers, toward, bounds, step) == \
        _nearest_clear_spot_by_search(size, tiers, toward, bounds, step)


def test_placing_a_banner_builds_rows_not_the_whole_grid(monkeypatch):
    """A banner placed over a crowded table (Roll the Bones at 6 seats: piles,
    pots, nameplates, a roll on the felt) used to build and test every grid
    place, about 14,000 rectangles in one frame (17-35 ms); the row search
    builds a few per thing to keep clear."""
    from game.ui import banner
    built = []

    class Counted(pygame.Rect):
        def __init__(self, *args):
            built.append(1)
            super().__init__(*args)
    monkeypatch.setattr(banner.pygame, "Rect", Counted)
    keep = [pygame.Rect(x, y, 90, 60) for x in range(40, 1240, 150) for y in range(40, 700, 120)]
    keep.remove(pygame.Rect(40, 40, 90, 60))   # one corner left free, far from the centre
    bounds = pygame.Rect(12, 12, 1256, 696)
    spot = banner.nearest_clear_spot((180, 60), [keep + [pygame.Rect(560, 250, 160, 160)], keep], (640, 330),
                                     bounds)
    assert spot.collidelist(keep) < 0
    assert len(built) < 4 * len(keep) + 20, f"{len(built)} rectangles built"


def _crowded_felt() -> list[pygame.Rect]:
    """What Roll the Bones' first tier keeps clear as a roll lands at six seats:
    nameplates, piles, the pots, and the squares along every die's flight."""
    plates = [pygame.Rect(x, y, 170, 56) for x, y in ((60, 40), (555, 20), (1050, 40), (60, 560), (555, 640),
                                                      (1050, 560))]
    piles = [p.move(0, 70 if p.y < 300 else -90).inflate(-40, 20) for p in plates]
    pots = [pygame.Rect(560, 250, 160, 160), pygame.Rect(380, 290, 120, 90), pygame.Rect(780, 290, 120, 90)]
    flights = []
    for (x0, y0), (x1, y1) in (((300, 420), (145, 90)), ((640, 500), (640, 130)), ((980, 420), (1135, 90)),
                               ((300, 300), (145, 520)), ((980, 300), (1135, 520)), ((640, 200), (640, 600))):
        flights += [pygame.Rect(0, 0, 52, 52).move(x0 + (x1 - x0) * k // 8 - 26, y0 + (y1 - y0) * k // 8 - 26)
                    for k in range(9)]
    return [r.inflate(20, 20) for r in plates + piles + pots] + flights


def test_placing_a_banner_over_a_crowded_felt_takes_no_sort_per_row(monkeypatch):
    """Issue 41: Roll the Bones' landing frame placed its banner by listing,
    sorting and merging the blocked runs of each of the grid's ~80 rows (2-4
    ms of the frame at six seats).  Each row's blocked places are now one
    integer's bits, and rows are tried nearest the action first: counted in
    calls (Python and C), the placement is about a thousand steps, not four thousand.
    The place is the one every grid place tried in turn gives."""
    import sys
    from game.ui import banner
    keep = _crowded_felt()
    bounds = pygame.Rect(12, 12, 1256, 696)
    calls = []
    sys.setprofile(lambda frame, event, arg: calls.append(1) if event in ("call", "c_call") else None)
    try:
        spot = banner.nearest_clear_spot((203, 84), [keep], (640, 330), bounds)
    finally:
        sys.setprofile(None)
    assert spot.collidelist(keep) < 0
    assert spot == _nearest_clear_spot_by_search((203, 84), [keep], (640, 330), bounds)
    assert len(calls) < 1500, f"{len(calls)} calls"   # main: 3,829


@pytest.mark.parametrize("height,size", [(56, 22), (56, 20), (56, 18), (58, 22), (54, 22), (66, 22), (44, 18),
                                         (40, 22)])
def test_a_two_line_buttons_words_stay_inside_its_wooden_edge(monkeypatch, height, size):
    """make_shots showed "Roll for it!", "Take Back", "Keep the rest" and "Skip free
    mark" with their titles on the button's top border: the title sat on the
    centre line with the second line hung below it, not the two centred as one."""
    from game.ui import theme as th
    from game.ui.widgets import Button
    pygame.font.init()
    theme = th.Theme()
    drawn: list[pygame.Rect] = []
    real = th.draw_text
    monkeypatch.setattr(th, "draw_text", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    canvas = pygame.Surface((400, 200))
    rect = pygame.Rect(100, 60, 196, height)
    Button(rect, "Roll for it!", sub="4 dice  (R)", size=size).draw(canvas, theme, False, False)
    title, sub = drawn
    inside = rect.inflate(-4, -4)   # the 2 px wooden border
    assert inside.contains(title) and inside.contains(sub), (rect, title, sub)
    assert title.bottom > sub.top - 1 and title.top < sub.top, "the sub line sits under the title"


def test_a_banners_two_lines_fit_the_plate_made_for_them(monkeypatch):
    """Roll the Bones' "Tiebreak!" banner with the tied names under it: the
    plate was sized for the title alone and the title hung above the middle,
    so its top was cut off by the plate's edge."""
    from game.ui import banner as banner_module
    from game.ui import theme as th
    pygame.font.init()
    theme = th.Theme()
    drawn: list[pygame.Rect] = []
    real = th.blit_text
    monkeypatch.setattr(th, "blit_text", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    plate = Banner("Tiebreak!", "Finn & Mags & Old Tom", th.BRASS_LIGHT, 0.0, 3.0)
    size = banner_module.plate_size(theme, plate, 40)
    banner_module.draw_plate(pygame.Surface((1280, 720)), theme, plate, pygame.Rect((100, 100), size), 0.5,
                             title_size=40)
    title, sub = drawn
    inside = pygame.Rect((0, 0), size).inflate(-6, -6)   # the 3 px rim
    assert inside.contains(title) and inside.contains(sub), (size, title, sub)
    assert sub.top >= title.bottom - 1


def test_the_compact_replay_board_keeps_its_words_and_buttons_on_its_wood():
    """The two-row board (Liar's Dice at 11-19 seats): its buttons inside the
    board, its rows ending where the wide board's row does, and its status
    line, a long replay paused at its slowest, inside the wood."""
    from game.ui import replay_bar, theme as th
    feed = ReplayFeed([(0, None)] * 1709)
    feed.position, feed.paused, feed.speed_index = 1708, True, 0
    bar = ReplayBar(feed, on_back=lambda: None, on_close=lambda: None,
                    origin=replay_bar.compact_origin(), columns=replay_bar.COMPACT)
    board = bar.rect()
    assert all(board.contains(r) for r in bar.buttons().values())
    assert max(r.bottom for r in bar.buttons().values()) == replay_bar.BOTTOM
    font = th.Theme().font(14, True)
    status = bar.status(lambda text: font.size(text)[0], board.w - 28)
    assert font.size(status)[0] <= board.w - 28 and "1708/1709" in status
