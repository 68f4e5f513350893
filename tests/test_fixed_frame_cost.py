"""Issue 41, the fixed cost of a table frame: pieces that change only at
moments are drawn once and their pixels kept (``KeptPatch``,
game/ui/still_layer.py), never drawn afresh every frame, and a kept frame
looks exactly like a fresh one.  Counted work, never a time."""
import pygame
import pytest

from game.core.match import Match, Seat
from game.scenes.launch import make_table
from game.ui import theme as th

REDUCED_MOTION = False   # throws fly: the panel is kept under dice in flight too


def _liars_dice(app, seats: int):
    table = make_table(app, Match("liars-dice", [Seat(f"Bot{i + 1}", "ai", "normal") for i in range(seats)],
                                  {"starting_dice": 3}, seed=5))
    app.start(table)
    app.run_frames(2)
    return table


def _history_state(table):
    """What the bid history shows and what lies under it."""
    footer = table.text.history_footer(table.snap, table.reveal is not None)
    return (tuple(table.shown_entries()), footer, table.still.redraws, table.reveal is not None, table.reveal)


def test_the_bid_history_is_drawn_only_when_it_changes(app, monkeypatch):
    """The history panel (title, bids, icons, footer) cost about 0.5 ms of
    every bidding frame, drawn afresh 60 times a second for a change every
    second or so.  It is drawn again only when its bids or footer change,
    the still picture under it is painted again, or a reveal's dice move
    under it; else its kept pixels are blitted."""
    table = _liars_dice(app, 4)
    painted: list[int] = []
    real = th.draw_text

    def counting(canvas, theme, text, *args, **kwargs):
        if text == table.history.title:
            painted.append(app.frame)
        return real(canvas, theme, text, *args, **kwargs)
    monkeypatch.setattr(th, "draw_text", counting)
    changes, last, frames = 0, None, 600
    for _ in range(frames):
        app.run_frames(1)
        now = _history_state(table)
        if now != last or now[3]:
            changes += 1
        last = now
    bids = len(table.match.history)
    assert bids > 3, "the AIs played"
    assert frames - changes > frames // 3, "many frames show the same history"
    assert len(painted) <= changes, f"{len(painted)} paintings of the history for {changes} changes in {frames} frames"


def _frame_pixels(table, canvas) -> bytes:
    table.draw(canvas, 1.0)
    return pygame.image.tobytes(canvas, "RGB")


@pytest.mark.parametrize("seats", [2, pytest.param(20, marks=pytest.mark.slow)])
def test_a_kept_history_panel_looks_exactly_like_a_fresh_one(app, seats):
    """At 2 (and, in the slow suite, 20) seats, over a game's waiting,
    bidding, throwing and revealing frames, the frame drawn with the kept
    panel is pixel for pixel the frame drawn with the panel painted afresh."""
    table = _liars_dice(app, seats)
    kept_frames = 0
    for frame in range(600):
        app.run_frames(1)
        if frame % 9:
            continue
        canvas = pygame.Surface(app.canvas.get_size())
        paints = table.history.kept.paints
        kept = _frame_pixels(table, canvas)
        for _ in range(10):   # the dice renderer makes a few pictures a drawing: until they are all made
            again = _frame_pixels(table, canvas)
            if again == kept:
                break
            kept = again
        kept_frames += table.history.kept.paints == paints
        table.history.kept.forget()
        assert kept == _frame_pixels(table, canvas), f"{seats} seats, frame {frame}: the kept panel differs"
    assert kept_frames > 20, "frames drawn from the kept panel were compared"


def test_dice_pictures_are_made_only_in_frames_that_did_not_paint_the_still_layer(app):
    """The picture warmer (8 dice pictures, 1-2.5 ms at 20 seats) ran in the
    same frame as a landed move's fresh still layer (3-5 ms): the two added
    up to the waiting frames over 6 ms.  It now works after a frame's drawing,
    only when that drawing blitted the kept still picture."""
    table = _liars_dice(app, 20)
    both, made, repaints = [], 0, 0
    for _ in range(3000):   # (a move that only passes the turn repaints no still: landings and reveals do)
        if made > 100 and repaints > 4:
            break
        before, painted = table.picture_warmer.made, table.still.redraws
        app.run_frames(1)
        warmed = table.picture_warmer.made - before
        fresh = table.still.redraws != painted
        made += warmed
        repaints += fresh
        if warmed and fresh:
            both.append(app.frame)
    assert made > 100 and repaints > 4, (made, repaints)
    assert both == [], f"pictures made in frames that painted the still layer: {both[:10]}"


def test_no_dice_pictures_are_made_in_a_frame_that_starts_a_throw(app):
    """Roll the Bones, 6 seats: a frame that starts a throw finds the dice's
    landing places and draws its first dice (6-9 ms of CPU, the table's
    costliest frames); the picture warmer's work (up to 8 pictures) ran in
    it too (edb90e0: in every throw start).  Counted over the first throws."""
    table = make_table(app, Match("roll-the-bones", [Seat(f"Bot{i + 1}", "ai", "normal") for i in range(6)], seed=4))
    app.start(table)
    starts, warmed_at_start = 0, []
    for _ in range(6000):
        if starts >= 4:
            break
        flying, before = table.throw_view is not None, table.picture_warmer.made
        app.run_frames(1)
        if table.throw_view is not None and not flying:
            starts += 1
            if table.picture_warmer.made != before:
                warmed_at_start.append(app.frame)
    assert starts >= 4
    assert warmed_at_start == [], f"pictures made in frames that started a throw: {warmed_at_start}"


def test_the_bones_turns_are_worked_out_behind_the_opening(app):
    """A bone's 60 turns (``orientation.d12_symmetries``, once per process)
    were worked out in the frame where the first bone throw started; the
    Roll the Bones opening hand-over now works them out, so the table's
    first throw finds them made."""
    from game.physics import orientation
    from game.scenes.opening import OpeningScene
    orientation.d12_symmetries.cache_clear()
    table = make_table(app, Match("roll-the-bones", [Seat("You", "human"), Seat("Bot", "ai", "normal")], seed=2))
    app.start(OpeningScene(app, table))
    app.run_frames(2000, until=lambda a: a.top is table)
    assert app.top is table and table.throw_view is None
    assert orientation.d12_symmetries.cache_info().currsize == 1, "the bones' turns were not made behind the opening"


def _bend_as_before(flight, words):
    """``clear_bend`` as it was: every bend's whole way sampled by ``Flight.squares``."""
    from game.games.roll_the_bones import scene as rtb
    box = pygame.Rect(flight.start, (1, 1)).union(pygame.Rect(flight.end, (1, 1))).inflate(420, 420)
    near = [r for r in words if r.colliderect(box)]
    best, fewest = 0.0, None
    for bend in rtb.BENDS:
        flight.bend = bend
        squares = flight.squares(rtb.BEND_SAMPLES)
        hits = sum(1 for square in squares if square.collidelist(near) >= 0) \
            + rtb.OFF_FELT_WEIGHT * sum(1 for square in squares if not rtb._on_felt(square.center))
        if fewest is None or hits < fewest:
            best, fewest = bend, hits
        if not hits:
            break
    return best


def test_a_landing_works_out_each_flights_way_once_and_bends_it_as_before(monkeypatch):
    """A Roll the Bones landing sends 20-40 dice to piles and pots, each way
    bowed round the words (``clear_bend``, up to nine bends tried): the
    curve and its sines were worked out again for every bend tried (a
    landing frame's 10 ms).  Now once per way, and the bend chosen is the
    one the old search chose, for ways of every length across the felt."""
    import random

    from game.games.roll_the_bones import scene as rtb
    from game.ui import layout
    rng = random.Random(41)
    felt = layout.FELT_RECT
    curves = []
    real = rtb.Flight.curve
    monkeypatch.setattr(rtb.Flight, "curve", lambda self, t: curves.append(t) or real(self, t))
    bent = 0
    for _ in range(300):
        def point():
            return (rng.randint(felt.left, felt.right), rng.randint(felt.top, felt.bottom))
        words = [pygame.Rect(*point(), rng.randint(20, 240), rng.randint(14, 40)) for _ in range(rng.randint(0, 12))]
        flight = rtb.Flight(point(), point(), 0.0, 0.6, sizes=(rng.choice((14.0, 18.0)), rng.choice((14.0, 22.0))))
        expected = _bend_as_before(flight, words)
        del curves[:]
        assert rtb.clear_bend(flight, words) == expected and flight.bend == expected
        assert len(curves) <= rtb.BEND_SAMPLES + 1, f"the way was worked out {len(curves)} times for one way"
        bent += expected != 0.0
    assert bent > 30, "ways that had to bend were tried"


def test_the_solved_endgame_tables_are_read_behind_the_liars_dice_opening(app):
    """The results screen's coach weighs a heads-up endgame with the solved
    tables (``endgame.variant_table``, gzipped JSON read on first use): that
    first reading, about 40 ms, was the results screen's first frame.  The
    Liar's Dice opening hand-over now reads this game's tables on a thread."""
    from game.games.liars_dice import endgame
    from game.scenes.opening import OpeningScene
    endgame.variant_table.cache_clear()
    table = make_table(app, Match("liars-dice", [Seat("You", "human"), Seat("Bot", "ai", "normal")], seed=2))
    app.start(OpeningScene(app, table))
    app.run_frames(2000, until=lambda a: a.top is table)
    assert app.top is table
    name = endgame.variant_name(table.match.state.view(0))
    hits = endgame.variant_table.cache_info().hits
    assert endgame.variant_table(name) is not None
    assert endgame.variant_table.cache_info().hits == hits + 1, f"the {name} tables were not read behind the opening"


def test_a_roll_for_it_banner_searches_the_whole_felt_only_for_its_smallest_look(app, monkeypatch):
    """Roll For It! tries its banner's looks largest first.  At 2 seats the
    largest look ("+5  You take the card!" in 34 pt) finds no clear place,
    and the whole-grid search for the place covering least ran for it and
    was thrown away, since the next look fits: 25-29 ms (39 ms frames) of
    the frame after a human placed a die.  The search runs only when even
    the smallest look finds no clear place; the banner goes where it went."""
    from game.games.roll_for_it import prompts
    from game.ui import banner as banner_mod
    table = make_table(app, Match("roll-for-it", [Seat("You", "human"), Seat("Bot2", "ai", "normal")], {}, seed=1))
    app.start(table)
    app.run_frames(2)
    searched: list[tuple[int, int]] = []
    real = banner_mod._least_covering
    monkeypatch.setattr(banner_mod, "_least_covering", lambda size, *a: searched.append(size) or real(size, *a))
    title, sub = prompts.scored(table.state, table.words, 0, 5)
    rect, one_line, title_size = table.banner_place(banner_mod.Banner(title, sub))
    assert (one_line, title_size) != (True, 22), "a larger look than the smallest fits (else the test shows nothing)"
    assert rect.collidelist(table.banner_keep_clear()) < 0
    assert searched == [], f"the least-covering search ran for looks of {searched} that were not used"


class _CountedSurface(pygame.Surface):
    """A surface that counts whole-canvas copies into it and clears of it."""
    copies: list = []
    fills: list = []

    def blit(self, source, dest, *args, **kwargs):
        if source.get_size() == self.get_size():
            self.copies.append(1)
        return super().blit(source, dest, *args, **kwargs)

    def fill(self, *args, **kwargs):
        self.fills.append(1)
        return super().fill(*args, **kwargs)


def _frames_until_resting(app, limit: int = 2000) -> None:
    """Frames as the window's loop runs them until the picture stays the same (the loop would rest)."""
    for _ in range(limit):
        if app.resting:
            return
        app.run_frames(1)
        app.note_frame()
        app._present()
    raise AssertionError("the table never came to rest")


def test_a_table_frame_copies_the_whole_canvas_once_and_clears_nothing(app, monkeypatch):
    """A table frame used to clear the canvas (a full fill), blit its still
    picture over it, then copy the canvas into the window (about 0.3 + 0.5 +
    0.5 ms of every frame).  The table paints every pixel, so nothing is
    cleared, and a window of the canvas's size is drawn into directly:
    one whole-canvas copy a frame, the still picture's."""
    from game.ui.scene import CANVAS_SIZE
    monkeypatch.setattr(_CountedSurface, "copies", [])
    monkeypatch.setattr(_CountedSurface, "fills", [])
    window = _CountedSurface(CANVAS_SIZE)
    app.window = app.canvas = app._own_canvas = window   # the old app drew on ``canvas``, the new one on its own
    table = _liars_dice(app, 4)
    frames = 120
    for _ in range(frames):
        app.run_frames(1)
        app._present()
    assert table.still.redraws < frames // 2, "mostly the kept still picture"
    assert len(_CountedSurface.fills) == 0, f"{len(_CountedSurface.fills)} clears of a canvas the table covers"
    # one a frame: the still picture (a frame that paints it afresh copies the felt in instead, and may
    # draw a whole-canvas layer over it: a reveal), never a clear and a copy into the window besides
    # (the turn's lit nameplate, painted again when the turn passes, copies only its glow's rectangle of
    # the felt picture; and the opening's drawing out of sight (``_first_drawing_in_parts``): it was
    # hidden in the slack of one still repaint per turn before the turn's seat left the still's key; it
    # lays the kept still down twice, once more under the table's patches, since a hand-over frame may
    # have painted the screen left behind over it in between: qa28's tests/test_opening_leaves_no_ghost.py)
    lit = table.turn_highlight.paints
    assert len(_CountedSurface.copies) <= frames + table.still.redraws + lit + 2, \
        f"{len(_CountedSurface.copies)} whole-canvas copies in {frames} frames ({table.still.redraws} repaints)"


def test_a_resized_window_shows_the_scaled_frame_and_back_at_size_the_frame_itself(app):
    """Drawing straight into the window holds only while the window is the
    canvas's size: resized, the frame is drawn on the app's own canvas and
    scaled into the window (letterboxed); back at 1280x720 the window shows
    the frame drawn straight into it, pixel for pixel the same picture."""
    from game.ui.scene import CANVAS_SIZE
    table = make_table(app, Match("liars-dice", [Seat("You", "human"), Seat("Bot2", "ai", "normal")], seed=3))
    app.start(table)
    _frames_until_resting(app)
    at_size = pygame.image.tobytes(app.window, "RGB")
    app.window = pygame.Surface((1920, 1200))
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1200), w=1920, h=1200))
    app.run_frames(1)
    app._present()
    assert app.canvas.get_size() == CANVAS_SIZE and app.canvas is not app.window
    view = pygame.Rect(0, 60, 1920, 1080)   # 16:9 in 16:10: bars top and bottom
    assert pygame.image.tobytes(app.window.subsurface(view), "RGB") == \
        pygame.image.tobytes(pygame.transform.smoothscale(app.canvas, view.size), "RGB")
    assert app.window.get_at((960, 30))[:3] == (12, 8, 6), "the bar"
    assert pygame.image.tobytes(app.canvas, "RGB") == at_size, "the same picture, off screen"
    app.window = pygame.Surface(CANVAS_SIZE)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, size=CANVAS_SIZE, w=CANVAS_SIZE[0], h=CANVAS_SIZE[1]))
    app.run_frames(1)
    app._present()
    assert pygame.image.tobytes(app.window, "RGB") == at_size


def test_a_twenty_seat_throw_finds_its_landing_zones_once_per_seat(app, monkeypatch):
    """Every throw at a 20-seat bidding table asks for all 20 seats' landing
    zones (``dice_zones``), each slid towards the centre against all 20
    nameplates: about 5 ms of the call frame that prepares the next round's
    throw.  Names and seats do not change during a game, so each seat's zone
    (per size) is worked out once, the same as afresh."""
    from game.core.protocol import RollRequest
    from game.games.bidding.ui.cups import CupLayout
    from game.ui import layout
    table = make_table(app, Match("liars-dice", [Seat(f"Bot{i + 1}", "ai", "normal") for i in range(20)],
                                  {"starting_dice": 6}, seed=5))
    slides: list[int] = []
    real = layout.slid_clear
    monkeypatch.setattr(layout, "slid_clear", lambda *a, **k: slides.append(1) or real(*a, **k))
    request = table.match.state.chance_request()
    assert isinstance(request, RollRequest) and len(request.groups) == 20
    first = table.dice_zones(request)
    worked = len(slides)
    for _ in range(3):   # the next throws of the game, the same seats and sizes
        assert table.dice_zones(request) == first
    assert len(slides) == worked, f"{len(slides) - worked} zones worked out again for the same seats"
    fresh = CupLayout(table.seat_spots, table.cups.plate_width, table.cup_px)
    assert first == [fresh.throw_zone(g.owner, 130 if g.count <= 3 else 170) for g in request.groups]


def _bones_table(app, seats: int = 6, seed: int = 4):
    table = make_table(app, Match("roll-the-bones", [Seat(f"Bot{i + 1}", "ai", "normal") for i in range(seats)],
                                  seed=seed))
    app.start(table)
    return table


def test_a_bones_throw_measures_the_pots_once(app, monkeypatch):
    """Roll the Bones, 6 seats: the frame a throw starts finds each seat's
    landing zone clear of every pot's place (``pot_areas``: each pot's
    count and note measured and wrapped).  ``dice_zones`` worked the pots'
    places out twice (once for its own last resort, once to keep clear);
    now once, and the zones are the same."""
    from game.games.roll_the_bones import scene as rtb
    table = _bones_table(app)
    app.run_frames(3000, until=lambda a: table.throw_view is not None)
    request = table.match.state.chance_request()
    expected = table.dice_zones(request)
    asked: list[bool] = []
    real = rtb.TableScene.pot_areas
    monkeypatch.setattr(rtb.TableScene, "pot_areas",
                        lambda self, coming=False: asked.append(coming) or real(self, coming))
    assert table.dice_zones(request) == expected
    assert asked.count(False) == 1, f"the pots' places worked out {asked.count(False)} times for one throw"


def test_a_pots_words_are_wrapped_once(app, monkeypatch):
    """Every Roll the Bones frame draws each pot's count and note, evened
    out over as many lines as the narrowest width keeps (a dozen trial
    wraps); a throw's landing zones and flights measure them again.  The
    same words under the same pot are wrapped once, and the lines kept are
    the lines wrapped afresh."""
    from game.games.roll_the_bones import felt
    note = "for all but Bartholomew Quil and 1 other"
    first = felt.pot_lines(app.theme, 1, note, 13)
    wraps: list[str] = []
    real = th.wrap_text
    monkeypatch.setattr(th, "wrap_text", lambda font, text, *a, **k: wraps.append(text) or real(font, text, *a, **k))
    for _ in range(3):
        assert felt.pot_lines(app.theme, 1, note, 13) == first
    assert wraps == [], f"the same note wrapped {len(wraps)} more times"
    felt._even_lines.cache_clear()
    assert felt.pot_lines(app.theme, 1, note, 13) == first and wraps, "wrapped afresh: the same lines"
    assert len(first) == 2


def test_a_bones_table_drawn_with_kept_pot_words_looks_exactly_like_a_fresh_one(app):
    """Over a 6-seat game's antes, throws and hauls, a frame drawn with the
    pots' words as kept is pixel for pixel the frame drawn with them
    wrapped afresh."""
    from game.games.roll_the_bones import felt
    table = _bones_table(app)
    compared = 0
    for frame in range(1500):
        app.run_frames(1)
        if frame % 25:
            continue
        canvas = pygame.Surface(app.canvas.get_size())
        kept = _frame_pixels(table, canvas)
        felt._even_lines.cache_clear()
        assert _frame_pixels(table, canvas) == kept, f"frame {app.frame} differs with its pot words wrapped afresh"
        compared += 1
    assert compared >= 50 and len(table.match.history) > 10


def test_a_landing_lays_out_each_heap_once_and_flies_as_before(app, monkeypatch):
    """A Roll the Bones landing sends 20-40 dice between piles and pots, each
    flight starting and ending at its die's spot in a heap: every die's
    spots were found by laying its whole heap out again (sorted), twice a
    die.  Each heap (before and after the move) is now laid out once per
    move, and every flight starts and ends where its heap shows its die."""
    from game.games.roll_the_bones import felt
    from game.games.roll_the_bones import scene as rtb
    _bones_table(app)
    layouts: list[int] = []
    real_heap = felt.heap_spots
    monkeypatch.setattr(felt, "heap_spots", lambda *a, **k: layouts.append(1) or real_heap(*a, **k))
    moves: list[tuple[int, int, int]] = []   # (heaps laid out, heaps involved, dice moved)
    real_fly = rtb.TableScene._fly_moves

    def counted(self, before, after, state_before, state_after, delay, rolled=None, wait_shown=True):
        del layouts[:]
        flown = len(self.flights)
        end = real_fly(self, before, after, state_before, state_after, delay, rolled, wait_shown)
        laid, new = len(layouts), self.flights[flown:]
        lists_before, lists_after = self._by_place(before), self._by_place(after)
        heaps = set()

        def where(state, place, lists, die):   # the die's spot and size, its heap laid out afresh
            kind, index = place
            if kind == "pile":
                spot = self.pile_spots[index]
                return real_heap(lists[place], state.n, (spot[0], spot[1] - 6), felt.PILE_DIE).get(die, spot), \
                    felt.PILE_DIE
            spot = self.pot_spots(state)[min(index, len(state.pots) - 1)]
            return real_heap(lists[place], state.n, (spot[0], spot[1] - 6), felt.POT_DIE,
                             6 if index == 0 else 4).get(die, spot), felt.POT_DIE
        for flight in new:
            src, dest = before[flight.die], after[flight.die]
            heaps.add((True, dest))
            assert (flight.end, flight.sizes[1]) == where(state_after, dest, lists_after, flight.die)
            if src[0] != "felt":
                heaps.add((False, src))
                assert (flight.start, flight.sizes[0]) == where(state_before, src, lists_before, flight.die)
        moves.append((laid, len(heaps), len(new)))
        return end
    monkeypatch.setattr(rtb.TableScene, "_fly_moves", counted)
    app.run_frames(4000, until=lambda a: sum(1 for m in moves if m[2] >= 6) >= 3)
    assert sum(1 for m in moves if m[2] >= 6) >= 3, f"landings moving many dice: {moves}"
    assert all(laid <= heaps for laid, heaps, _ in moves), f"heaps laid out more than once a move: {moves}"


def _counting_paints(monkeypatch) -> list[int]:
    """Counts every face, flat face and tilt outline the dice renderer paints (an entry each)."""
    from game.ui import dice_render
    paints: list[int] = []
    for name in ("paint_face", "paint_face_flat", "_silhouette"):
        real = getattr(dice_render, name)
        monkeypatch.setattr(dice_render, name, lambda *a, _real=real, **k: paints.append(1) or _real(*a, **k))
    return paints


def test_a_waiting_frame_paints_a_face_or_makes_pictures_never_both(app, monkeypatch):
    """The picture warmer made 8 pictures a waiting frame, and where one of
    them was cut from a face or tilt outline not painted yet (0.6-0.8 ms,
    ten pictures' worth) it painted that too: 2.6-3.6 ms waiting frames on
    a busy machine.  Now a waiting frame's warming either makes up to
    ``PER_FRAME`` pictures from painted parts or paints one part alone.
    Roll For It!, 8 seats: each seat throws its own colour, face-up."""
    from game.ui import picture_warmer
    table = make_table(app, Match("roll-for-it", [Seat(f"Bot{i + 1}", "ai", "normal") for i in range(8)], seed=4))
    app.start(table)
    paints = _counting_paints(monkeypatch)
    warmer = table.picture_warmer
    steps: list[tuple[int, int]] = []   # (pictures made, parts painted) by each warming step
    real_step = warmer.step

    def counted(frame):
        made, painted = warmer.made, len(paints)
        real_step(frame)
        if warmer.made != made or len(paints) != painted:
            steps.append((warmer.made - made, len(paints) - painted))
    monkeypatch.setattr(warmer, "step", counted)
    app.run_frames(4000, until=lambda a: sum(1 for _m, p in steps if p) > 10 and len(steps) > 100)
    assert sum(1 for _m, p in steps if p) > 10 and len(steps) > 100, "the warmer painted and made pictures"
    assert max(made for made, _p in steps) <= picture_warmer.PER_FRAME
    assert [step for step in steps if step[1] and (step[0] or step[1] > 1)] == [], \
        "steps that painted a part and made pictures, or painted two parts"


def test_a_bidding_tables_faces_are_painted_one_a_frame(app, monkeypatch):
    """A bidding table paints its reveal's faces ahead (``warm_steps``, a
    step each frame from the opening on, the first throw's frames
    included): three faces a step were 1.5-2 ms of those frames."""
    table = make_table(app, Match("liars-dice", [Seat(f"Bot{i + 1}", "ai", "normal") for i in range(20)],
                                  {"starting_dice": 6}, seed=5))
    assert table.renderer is not None   # made (and its own pictures painted) before counting
    paints = _counting_paints(monkeypatch)
    per_step = []
    for _ in table.warm_steps():
        per_step.append(len(paints))
        del paints[:]
    assert sum(per_step) >= 20 * 6, "every seat's faces painted"
    assert max(per_step) == 1, f"faces painted in one step: {max(per_step)}"


def _words_first_rendered_in_the_first_human_turn(app, monkeypatch, game_id: str, seats: int,
                                                   options: dict) -> tuple:
    """A ``seats`` table of ``game_id`` with a human in seat 0, opened as Start
    opens it (the hand-over), run until seat 0's first turn: the table and
    the words whose pictures the frame that turn began rendered afresh."""
    from game.scenes.opening import OpeningScene
    table = make_table(app, Match(game_id, [Seat("You", "human")] +
                                  [Seat(f"Bot{i + 1}", "ai", "normal") for i in range(1, seats)],
                                  options, seed=1))
    app.start(OpeningScene(app, table))
    app.run_frames(3000, until=lambda a: a.top is table)
    assert app.top is table
    fresh: list[str] = []
    real = th.Theme.text

    def text(theme, words, size, colour=th.CREAM, **kwargs):
        key = (words, int(size), tuple(colour), bool(kwargs.get("bold", False)), kwargs.get("style", "body"))
        if key not in theme._texts:
            fresh.append(words)
        return real(theme, words, size, colour, **kwargs)
    monkeypatch.setattr(th.Theme, "text", text)
    for _ in range(3000):
        del fresh[:]
        app.run_frames(1)
        if table.human_to_act() == 0:
            break
    assert table.human_to_act() == 0
    return table, fresh


def test_the_bid_pickers_labels_are_made_while_the_table_opens(app, monkeypatch):
    """Liar's Dice 20 x 6 with a human, opened as Start opens it: the bid
    picker's lit labels ("+", "Bid", the quantity) and the turn line's
    glyphs ("Your turn") were first rendered in the frame the human's first
    turn began (about 1.5 ms there, on top of the first throw's landing).
    The opening renders them: that frame renders no picker label, and the
    turn line's font has its glyphs drawn."""
    table, fresh = _words_first_rendered_in_the_first_human_turn(app, monkeypatch, "liars-dice", 20,
                                                                 {"starting_dice": 6})
    assert table.picker_shown()
    picker_words = {"+", "\u2212", "Bid", str(table.picker.quantity), table.picker.title}
    assert picker_words.isdisjoint(fresh), f"rendered in the first turn's frame: {fresh}"
    from game.games.bidding.ui import centre
    size, bold, style = centre.TURN_FONTS[0]
    assert (size, bold, style, th.GLYPHS) in app.theme._glyphs_drawn


def test_roll_for_its_first_turn_words_are_made_while_the_table_opens(app, monkeypatch):
    """Roll For It! at 8 seats with a human: the prompt ("Your turn: roll
    your dice") and the Roll for it! button's words ("Roll for it!",
    "6 dice  (R)") were first rendered in the frame the human's first turn
    began (about 1.3 ms of it).  The opening renders them from a copy of the
    state at that turn: that frame renders none of them.  On the old code
    all three were rendered there."""
    table, fresh = _words_first_rendered_in_the_first_human_turn(app, monkeypatch, "roll-for-it", 8, {})
    shown = {table._prompt()} | {w for b in table.buttons.widgets for w in (b.text, b.sub)}
    assert "Roll for it!" in shown
    assert shown.isdisjoint(fresh), f"rendered in the first turn's frame: {sorted(shown & set(fresh))}"


def test_a_flights_way_is_checked_against_the_felt_worked_out_once(monkeypatch):
    """``clear_bend`` asks whether each of up to 279 points of a way lies on
    the oval felt, 20-40 ways a landing: each asking made the felt's
    rectangle afresh.  The oval is worked out once (nothing moves the felt),
    and every point reads as it did."""
    import random
    import types

    from game.games.roll_the_bones import scene as rtb
    from game.ui import layout

    def on_felt_as_before(point):
        felt_rect = layout.FELT_RECT.inflate(-40, -40)
        dx = (point[0] - felt_rect.centerx) / (felt_rect.w / 2)
        dy = (point[1] - felt_rect.centery) / (felt_rect.h / 2)
        return dx * dx + dy * dy <= 1.0
    rng = random.Random(41)
    for _ in range(3000):
        point = (rng.randint(-20, 1300), rng.randint(-20, 740))
        assert rtb._on_felt(point) == on_felt_as_before(point), point
    asked: list[str] = []

    class Counting(types.ModuleType):
        def __getattr__(self, name):
            asked.append(name)
            return getattr(layout, name)
    monkeypatch.setattr(rtb, "layout", Counting("layout"))
    flight = rtb.Flight((300, 200), (900, 560), 0.0, 0.6, sizes=(18.0, 20.0))
    rtb.clear_bend(flight, [pygame.Rect(500, 300, 240, 40), pygame.Rect(600, 420, 120, 30)])
    assert asked == [], f"the layout asked {len(asked)} times for one way"


def test_a_landing_chooses_its_dice_bends_a_few_a_frame(app, monkeypatch):
    """Roll the Bones, 6 seats: a landing sends 20-40 dice to piles and pots,
    each way bowed round the words (``clear_bend``, up to nine bends tried,
    about 0.4 ms a die).  Every bend was chosen in the landing's own frame
    (about 10 ms); the dice leave one after another, so each bend is now
    chosen a few a frame before its die leaves (``BENDS_PER_FRAME``), or as
    it leaves: no frame chooses more than that and one per heap leaving."""
    from game.games.roll_the_bones import scene as rtb
    table = _bones_table(app)
    chosen: list[int] = [0]
    real = rtb.clear_bend
    monkeypatch.setattr(rtb, "clear_bend", lambda flight, words: chosen.append(chosen.pop() + 1) or real(flight, words))
    per_frame: list[tuple[int, int]] = []   # (bends chosen, dice sent off that frame)
    after_big = None
    for frame in range(6000):
        sent = len(table.flights)
        app.run_frames(1)
        per_frame.append((chosen[-1], len(table.flights) - sent))
        chosen[-1] = 0
        if after_big is None and per_frame[-1][1] >= 15:
            after_big = frame + 120   # and the frames its dice leave in
        if app.top is not table or (after_big is not None and frame >= after_big):
            break
    assert after_big is not None, "a landing sending many dice was played"
    heaps = table.n + 2   # every pile and the pots: one die of each leaves at once
    assert max(c for c, _n in per_frame) <= rtb.BENDS_PER_FRAME + heaps, per_frame
