"""Issue 16, no frame over budget: the mechanisms that keep the worst table
frames small (measured with ``python -m game bench --only tables``; these
tests check the mechanisms, never a time)."""
import os
import sys

import pygame
import pytest

from game.core.match import Match, Seat
from game.scenes.launch import make_table


def _diced_out_at_rest(app):
    """An 8-seat Diced Out table a few rolls in, waiting for the next roll
    with nothing moving (the moment the sheet tests start from)."""
    from game.games.diced_out import scene as do_scene
    match = Match("diced-out", [Seat(f"B{i}", "ai", "hard") for i in range(8)], seed=3)
    table = make_table(app, match)
    app.start(table)
    app.run_frames(3000, until=lambda a: match.state.phase == do_scene.ROLL and len(match.history) > 12
                   and not table.is_busy() and table.throw_view is None and not table.strokes)
    return table


def _two_seat_liars_dice(app):
    """A quick all-AI Liar's Dice table (one die each), opened."""
    table = make_table(app, Match("liars-dice", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")],
                                  {"starting_dice": 1}, 4))
    app.start(table)
    return table


def test_the_results_screen_is_built_while_the_final_position_shows(app, monkeypatch):
    """The hand-over frame only swaps screens: the results scene (modules,
    story, widgets, labels) is built one piece per frame during the end
    delay, and that very scene is shown."""
    from game.scenes.nav import Navigator
    from game.scenes.results import ResultsScene
    steps_at = []
    real = Navigator.results_ahead

    def counted(self, match, patience=None):
        gen = real(self, match, patience)
        while True:
            steps_at.append(app.frame)
            try:
                next(gen)
            except StopIteration as done:
                return done.value
            yield
    monkeypatch.setattr(Navigator, "results_ahead", counted)
    table = _two_seat_liars_dice(app)
    match = table.match
    app.run_frames(20_000, until=lambda a: table.game_end.ahead is not None and table.game_end.ahead[2] is not None)
    assert app.top is table and match.is_over          # built while the table still shows
    prepared = table.game_end.ahead[2]
    assert isinstance(prepared, ResultsScene) and prepared.story is not None
    # one piece per frame (not one per fixed step: two of them made a 17 ms frame)
    assert len(steps_at) >= 8 and len(set(steps_at)) == len(steps_at), steps_at
    app.run_frames(2_000, until=lambda a: a.top is not table)
    assert app.top is prepared and prepared.replay_path == table.game_end.replay_path


def test_a_stale_prepared_results_screen_is_not_shown(app):
    """A results screen built for another history length (a move taken back)
    is dropped: the hand-over builds a fresh one."""
    from game.scenes.results import ResultsScene
    table = _two_seat_liars_dice(app)
    app.run_frames(20_000, until=lambda a: table.game_end.ahead is not None and table.game_end.ahead[2] is not None)
    stale = table.game_end.ahead[2]
    table.game_end.ahead[0] -= 1
    app.run_frames(2_000, until=lambda a: a.top is not table)
    assert isinstance(app.top, ResultsScene) and app.top is not stale


def test_the_hand_over_waits_for_a_results_screen_still_being_built(app, monkeypatch):
    """When building the results takes longer than the end delay (a slow
    machine, a long story), the final position shows a little longer and the
    prepared screen is handed over, rather than a whole new one built in the
    hand-over frame; past ``END_DELAY_MAX`` the table stops waiting."""
    from game.scenes.nav import Navigator
    from game.ui import table_scene
    real = Navigator.results_ahead
    slow_steps = int(table_scene.END_DELAY * 60) + 30   # more pieces than the end delay has frames (one a frame)

    def slow(self, match, patience=None):
        for _ in range(slow_steps):
            yield
        return (yield from real(self, match, patience))
    monkeypatch.setattr(Navigator, "results_ahead", slow)
    table = _two_seat_liars_dice(app)
    app.run_frames(40_000, until=lambda a: a.top is not table)
    prepared = table.game_end.ahead[2] if table.game_end.ahead is not None else None
    assert prepared is not None and app.top is prepared
    assert table_scene.END_DELAY < table.game_end.end_timer < table_scene.END_DELAY_MAX

    def endless(self, match, patience=None):
        while True:
            yield
    monkeypatch.setattr(Navigator, "results_ahead", endless)
    table = _two_seat_liars_dice(app)
    app.run_frames(40_000, until=lambda a: a.top is not table)
    assert app.top is not table and table.game_end.end_timer >= table_scene.END_DELAY_MAX


def test_a_story_told_too_late_still_leaves_the_hand_over_a_built_screen(app, monkeypatch):
    """Issue 41: when the story's thread got no core before ``END_DELAY_MAX``
    (the bench at Roll For It! 2 + human, a busy machine), the table handed
    over a results screen built in that frame and painted whole in the next
    (17-25 ms).  Now the screen built ahead stops waiting for the story at
    ``STORY_PATIENCE`` and is what the hand-over swaps in; the story, told
    later, is drawn in a piece a frame (``warm_steps``), never the whole
    still in one frame (``_paint_still``).  On main the hand-over built a
    fresh screen."""
    import threading

    from game.scenes import results as results_mod
    from game.scenes.results import ResultsScene
    from game.ui import game_end
    match = Match("liars-dice", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], {"starting_dice": 1}, 4)
    table = make_table(app, match)
    app.start(table)
    while match.step():
        pass
    app.think_in_background = True   # as in the game's window: the story is told by a thread
    may_tell = threading.Event()
    real_story = results_mod.safe_story

    def held_up(final):
        may_tell.wait(30)   # the teller gets no core until the results show
        return real_story(final)
    monkeypatch.setattr(results_mod, "safe_story", held_up)
    whole_paints: list[int] = []
    real_paint = ResultsScene._paint_still
    monkeypatch.setattr(ResultsScene, "_paint_still",
                        lambda self, canvas: (whole_paints.append(app.frame), real_paint(self, canvas)))
    try:
        app.run_frames(2_000, until=lambda a: a.top is not table)
        prepared = table.game_end.ahead[2] if table.game_end.ahead is not None else None
        assert prepared is not None and app.top is prepared, "the hand-over built a fresh results screen"
        assert game_end.STORY_PATIENCE <= table.game_end.end_timer < game_end.END_DELAY_MAX
        assert prepared.story is None and prepared.still.picture is not None   # the ranking shows meanwhile
    finally:
        may_tell.set()
    app.run_frames(600, until=lambda a: prepared.story is not None and prepared.is_idle())
    assert prepared.story is not None and prepared.is_idle()
    assert whole_paints == [], f"the whole still painted in frame(s) {whole_paints}"


def test_a_diced_out_phase_change_spreads_its_fresh_sheets_over_frames(app):
    """When a new round touches all eight sheets, at most ``SHEETS_PER_FRAME``
    (and the active seat's) are drawn afresh per frame; the rest show their
    kept picture until their turn, and then the table is pixel-identical to
    a fresh drawing of every sheet."""
    from game.games.diced_out import scene as do_scene
    table = _diced_out_at_rest(app)
    match = table.match
    table.draw(app.canvas, 0.0)
    before = [p.redraws for p in table.painters]
    for painter in table.painters:                     # every sheet's facts changed (as a new round does)
        painter._facts = painter._facts.__class__(**{**painter._facts.__dict__, "total": -1})
    table.still.forget()
    table.draw(app.canvas, 0.0)
    fresh = [p.redraws - b for p, b in zip(table.painters, before)]
    active = match.state.current
    assert fresh[active] == 1
    assert sum(fresh) <= do_scene.SHEETS_PER_FRAME + 1 and sum(fresh) < 8
    assert any(p.pending for p in table.painters) and not table.is_idle()
    for _ in range(8):
        table.draw(app.canvas, 0.0)
    assert [p.redraws - b for p, b in zip(table.painters, before)] == [1] * 8   # each once, none twice
    assert not any(p.pending for p in table.painters)
    kept = pygame.image.tobytes(app.canvas, "RGB")
    for painter in table.painters:
        painter._facts = None                           # forgotten: drawn afresh at once
    table.still.forget()
    table.draw(app.canvas, 0.0)
    assert pygame.image.tobytes(app.canvas, "RGB") == kept


def test_a_calls_first_reveal_frame_finds_every_dice_picture_made(app, monkeypatch):
    """The revealed dice pictures (each seat's colour, each face, the reveal
    size) are made one a frame while the round is played
    (``warm_steps``), so the first frame of a reveal paints none."""
    from game.ui import dice_render
    app.settings.reduced_motion = False
    seats = [Seat(f"Bot{i}", "ai", "easy") for i in range(8)]
    match = Match("liars-dice", seats, {"starting_dice": 5}, 21)
    table = make_table(app, match)
    app.start(table)
    size = table.reveal_die_px()
    painted = []
    real = dice_render.paint_face
    monkeypatch.setattr(dice_render, "paint_face", lambda *a, **k: painted.append(a[3]) or real(*a, **k))
    app.run_frames(20_000, until=lambda a: table._warming is None or table.reveal is not None)
    assert table.reveal is None and painted.count(size) == 8 * 6     # made before the first reveal
    app.run_frames(20_000, until=lambda a: table.reveal is not None and table.reveal_t() > 0.5)
    assert table.reveal is not None and painted.count(size) == 8 * 6     # and not again
    assert len([d for d in table.renderer.drawn if d.public]) == 8 * 5


def test_the_bid_historys_first_face_is_painted_before_the_first_bid(app, monkeypatch):
    """The bid history shows each bid's face as a small die (``ICON_PX``):
    the round's first bid painted it in its own frame (about 0.6 ms a face).
    Each face at that size is painted while the table waits
    (``warm_steps``), so the history paints none when bids come in."""
    from game.games.bidding.ui.history import ICON_PX
    from game.ui import dice_render
    app.settings.reduced_motion = False
    match = Match("liars-dice", [Seat(f"Bot{i}", "ai", "easy") for i in range(4)], {"starting_dice": 5}, 21)
    table = make_table(app, match)
    app.start(table)
    painted: list[int] = []
    real = dice_render.paint_face
    monkeypatch.setattr(dice_render, "paint_face", lambda *a, **k: painted.append(a[3]) or real(*a, **k))
    app.run_frames(20_000, until=lambda a: table._warming is None)
    assert table._warming is None and painted.count(ICON_PX) == 6
    app.run_frames(20_000, until=lambda a: sum(1 for e in table.shown_entries() if e.face is not None) >= 3)
    assert sum(1 for e in table.shown_entries() if e.face is not None) >= 3
    assert painted.count(ICON_PX) == 6, "a bid's face in the history was painted in its frame"


def test_a_landed_throw_is_freed_without_a_garbage_collection(app):
    """pymunk objects hold handles to themselves: a dropped throw used to wait,
    thousands of objects strong, for a full garbage collection (40-60 ms in
    one frame at big tables).  A landed throw is taken apart a step a frame
    (``Throw.dispose_steps``) and freed by reference counting; the landed
    dice still show where they stopped."""
    import gc
    import weakref
    app.settings.reduced_motion = False
    seats = [Seat(f"Bot{i}", "ai", "easy") for i in range(6)]
    match = Match("liars-dice", seats, {"starting_dice": 5}, 8)
    table = make_table(app, match)
    app.start(table)
    app.run_frames(2_000, until=lambda a: table.throw_view is not None)
    throw = table.throw_view.throw
    space = weakref.ref(throw.space)
    poses = None
    gc.disable()
    try:
        app.run_frames(2_000, until=lambda a: table.throw_view is None)
        assert table.settled_view.throw is throw
        poses = list(throw.poses())
        app.run_frames(60)
        assert space() is None and throw.space is None         # freed, no collection ran
        assert list(throw.poses()) == poses
    finally:
        gc.enable()
    assert len(poses) == 6 * 5


def test_diced_out_keeps_its_still_sheets_in_the_still_layer(app):
    """A Diced Out frame blits the tray and every sheet but the active seat's
    (and any mark drawing itself) as one kept picture; only those are drawn
    on top, and the frame is pixel-identical to one drawn afresh."""
    table = _diced_out_at_rest(app)
    match = table.match
    table.draw(app.canvas, 0.0)
    table.draw(app.canvas, 0.0)
    repaints = table.still.redraws
    called = []
    for painter in table.painters:
        real = painter.draw
        painter.draw = lambda *a, _real=real, _p=painter.seat, **k: called.append(_p) or _real(*a, **k)
    table.draw(app.canvas, 0.0)
    assert table.still.redraws == repaints and called == [match.state.current]
    kept = pygame.image.tobytes(app.canvas, "RGB")
    table.still.forget()
    table.draw(app.canvas, 0.0)
    assert sorted(called[1:]) == list(range(8)) and pygame.image.tobytes(app.canvas, "RGB") == kept


def test_a_diced_out_mark_draws_itself_over_the_kept_sheet(app):
    """While a mark draws itself (about 20 frames), its sheet is not drawn
    afresh every frame: the sheet without the mark is drawn once and each
    frame draws only the mark over it.  Every frame's sheet is
    pixel-identical to the whole sheet painted afresh at that moment."""
    from game.games.diced_out import sheet
    table = _diced_out_at_rest(app)
    app.run_frames(3000, until=lambda a: bool(table.strokes))
    seat = table.strokes[0].player
    painter, rect = table.painters[seat], table.sheets[seat].rect
    start = painter.redraws
    frames = 0
    while any(s.player == seat for s in table.strokes) and frames < 300:
        app.run_frames(1)
        frames += 1
        shown = app.canvas.subsurface(rect).copy()
        fresh = app.canvas.copy()   # the sheet painted whole, as it was before marks were kept
        pygame.draw.rect(fresh, sheet.PAPER, rect, border_radius=sheet.CORNER)
        pygame.draw.rect(fresh, sheet.PAPER_EDGE, rect, 1, border_radius=sheet.CORNER)
        facts = table._sheet_facts(seat)
        pygame.draw.rect(fresh, facts.colour, (rect.x, rect.y, rect.w, max(4, table.sheets[seat].header.h // 6)),
                         border_top_left_radius=sheet.CORNER, border_top_right_radius=sheet.CORNER)
        progress = {(s.round_index, s.number): min(1.0, max(0.0, (table.time - s.start)
                                                          / _stroke_seconds(table)))
                    for s in reversed(table.strokes) if s.player == seat}
        painter._paint(fresh, app.theme, facts, lambda r, n: progress.get((r, n), 1.0), None)
        inside = rect.inflate(-2 * sheet.CORNER, 0)
        assert (pygame.image.tobytes(shown.subsurface(inside.move(-rect.x, -rect.y)), "RGB")
                == pygame.image.tobytes(fresh.subsurface(inside), "RGB")), f"frame {frames} of the mark differs"
    assert frames >= 5
    assert painter.redraws - start <= 1, "the sheet was drawn afresh while its mark drew itself"


def _stroke_seconds(table) -> float:
    from game.games.diced_out import scene as do_scene
    return do_scene.STROKE_SECONDS * table.pace.duration


def test_a_stamp_is_rendered_and_turned_once(app, monkeypatch):
    """A sheet's "DICED OUT" stamp and the steady frames of the big banner's
    reuse the finished picture: no font render or rotation after the first."""
    from game.games.diced_out import sheet
    renders = []
    real = app.theme.display

    class Counting:
        def __init__(self, font):
            self.font = font

        def render(self, *a, **k):
            renders.append(a[0])
            return self.font.render(*a, **k)
    monkeypatch.setattr(app.theme, "display", lambda size, bold=True: Counting(real(size, bold)))
    canvas = pygame.Surface((400, 300))
    for _ in range(3):
        sheet.stamp(canvas, app.theme, "DICED OUT", (200, 150), 30, sheet.PRINT_RED, alpha=165)
    assert renders == ["DICED OUT"]


def _sheet_facts(marks: tuple[int, ...], current: int = 1):
    from game.games.diced_out import sheet
    rows = tuple(sheet.SheetRow(r <= current, m, 10 + r if r < current else None) for r, m in enumerate(marks))
    return sheet.SheetFacts((200, 60, 40), "Bot1", "Steady Sal", 31, (3, 11), current, rows, 3, 2, "2 left")


def test_a_diced_out_sheet_keeps_its_whole_marks_as_pictures(app, monkeypatch):
    """A sheet drawn again (a move changed its total, say) blits its whole
    marks instead of drawing each stroke again (some 30 pen calls a mark,
    two thirds of a sheet's drawing), and comes out pixel-identical to a
    sheet drawn from nothing, also when new marks sit beside kept ones."""
    from game.games.diced_out import sheet
    geo = sheet.SheetGeometry(sheet.sheet_rects(8)[0])
    first = _sheet_facts((0b1010101010100, 0b0000010100000, 0, 0))
    later = _sheet_facts((0b1010101010100, 0b0000111110000, 0, 0))
    strokes = []
    real = sheet.pen_stroke
    monkeypatch.setattr(sheet, "pen_stroke", lambda *a, **k: (a[0].get_size() == (1280, 720) and strokes.append(a[2]))
                        or real(*a, **k))   # on the canvas (not the ink's measuring)

    def drawn(painter, facts):
        canvas = pygame.Surface((1280, 720))
        painter.draw(canvas, app.theme, facts)
        return pygame.image.tobytes(canvas, "RGB")
    painter = sheet.SheetPainter(0, geo)
    drawn(painter, first)
    strokes.clear()
    kept = drawn(painter, later)
    assert strokes == [1.0, 1.0, 1.0], "only the three new marks are drawn with the pen"
    assert kept == drawn(sheet.SheetPainter(0, geo), later)


def test_diced_out_sheet_geometry_is_worked_out_once_and_hands_out_fresh_rects():
    """The sheet's lengths are kept once worked out (a sheet drawn afresh asks
    for some 90 cells); the rectangles it hands out are new each time, so a
    caller moving one cannot shift the sheet's layout."""
    from game.games.diced_out import sheet
    rect = sheet.sheet_rects(8)[3]
    geo = sheet.SheetGeometry(rect)
    before = [geo.cell(r, n) for r in range(3) for n in sheet.NUMBERS]
    header, numbers = geo.header, geo.numbers_row
    for moved in (header, numbers, geo.cell(0, 2), geo.label(1), geo.footer):
        moved.move_ip(37, 11)
    assert [geo.cell(r, n) for r in range(3) for n in sheet.NUMBERS] == before
    assert (geo.header, geo.numbers_row) == (header.move(-37, -11), numbers.move(-37, -11))
    assert geo.cell(1, 5).y == round(geo.numbers_row.bottom + geo.row_h)
    assert "cell_w" in vars(geo), "the column width is kept, not worked out per cell"


def test_a_diced_out_round_change_does_not_measure_kept_marks_again(app, monkeypatch):
    """When the round moves on, the band leaves a row and its marks are cut
    again (their paper changed), but their ink is not measured again: that
    is the frame where most sheets are drawn afresh."""
    from game.games.diced_out import sheet
    geo = sheet.SheetGeometry(sheet.sheet_rects(8)[0])
    painter = sheet.SheetPainter(0, geo)
    canvas = pygame.Surface((1280, 720))
    painter.draw(canvas, app.theme, _sheet_facts((0b1010101010100, 0b0000111110000, 0, 0), current=1))
    measured = []
    real = sheet.ink_rect
    monkeypatch.setattr(sheet, "ink_rect", lambda *a: measured.append(a) or real(*a))
    painter.draw(canvas, app.theme, _sheet_facts((0b1010101010100, 0b0000111110000, 0, 0), current=2))
    assert measured == []


def test_every_diced_out_mark_stays_inside_its_cell():
    """Why a kept mark is safe to blit: at every table size, every mark's ink
    stays inside its own cell, so no other mark ever reaches under it."""
    from game.games.diced_out import sheet
    for seats in range(1, 9):
        for seat, rect in enumerate(sheet.sheet_rects(seats)):
            geo = sheet.SheetGeometry(rect)
            for r in range(4):
                for n in range(2, 13):
                    cell = geo.cell(r, n)
                    ink = sheet.ink_rect(cell.size, sheet.stroke_seed(seat, r, n))
                    assert pygame.Rect((0, 0), cell.size).contains(ink), (seats, seat, r, n)


def _full_collections_seen():
    """A list that gets the app frame of every full collection from now on."""
    import gc
    seen: list[int] = []

    def note(phase, info):
        if phase == "start" and info["generation"] == 2:
            seen.append(1)
    gc.callbacks.append(note)
    return seen, lambda: gc.callbacks.remove(note)


def _ai_acts_each_frame(monkeypatch):
    """As the tables bench does: an AI acts after one frame, not the pace's pause."""
    from game.ui import pace
    for name, p in list(pace.PACES.items()):
        monkeypatch.setitem(pace.PACES, name, pace.replace(p, ai_delay=1 / 60))


def test_no_full_collection_runs_inside_a_frame_while_a_game_gathers_objects(app):
    """CPython's automatic full collections walked the 15-28k objects a long
    20-seat game gathers (history, bids, log lines) inside a frame: 8-48 ms.
    Once the loop owns collection (``App.settle_memory`` -> ``game/memory.py``)
    frames run only young collections, as often as CPython would; the full one
    waits for a quiet moment.  A screen that keeps 300 objects a frame (as a
    long game does, faster) shows it: without the policy this run has full
    collections inside its frames."""
    import gc

    from game import memory
    from game.ui.scene import Scene

    class Gathering(Scene):
        def __init__(self, app):
            super().__init__(app)
            self.kept: list = []

        def update(self, dt):
            self.kept.extend({"seat": i, "bid": [i, i]} for i in range(100))
            [[] for _ in range(300)]   # and garbage, as any frame makes

    app.start(Gathering(app))
    app.settle_memory()
    frozen = gc.get_freeze_count()
    seen, stop = _full_collections_seen()
    try:
        app.run_frames(600)   # 120k objects kept, under the valve's ``VALVE_MIN`` (800 frames reached it)
        assert seen == [] and app.memory.young > 100 and app.memory.forced == 0
        assert gc.get_count()[0] <= memory.DEFER_LIMIT * gc.get_threshold()[0]   # young collections kept up
        assert gc.get_count()[2] > 0          # old objects are waiting for the quiet moment
        assert app.memory.quiet() and len(seen) == 1 and gc.get_count()[1:] == (0, 0)
        assert not app.memory.quiet()          # nothing new since: no second walk
        assert gc.get_freeze_count() <= frozen  # nothing frozen during play (it would never be freed)
    finally:
        stop()
        app.shutdown()
    assert gc.isenabled()                       # given back for whatever runs after the app


def test_a_20_seat_table_runs_young_collections_only(app, monkeypatch):
    """The same at a real 20-seat table: its frames collect the young
    generations and never the old one."""
    import gc

    from game import memory
    _ai_acts_each_frame(monkeypatch)
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "easy") for i in range(20)], {"starting_dice": 2}, 5)
    table = make_table(app, match)
    app.start(table)
    app.settle_memory()
    seen, stop = _full_collections_seen()
    try:
        app.run_frames(6000, until=lambda a: len(match.history) >= 60)
        assert len(match.history) >= 60
        assert seen == [] and app.memory.young > 5
        assert gc.get_count()[0] <= memory.DEFER_LIMIT * gc.get_threshold()[0]
    finally:
        stop()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_a_quiet_moment_hands_freed_memory_back_to_the_system():
    """Thousands of surfaces come and go at a big table; glibc kept what they
    freed, so a closed table's memory stayed resident (432 MB after an 8-seat
    Roll For It!, 115 MB once trimmed).  A quiet moment's full collection now
    hands the free heap pages back: resident memory falls after the garbage."""
    import gc

    from game import memory

    def resident_mb() -> float:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20

    collector = memory.Collector()
    collector.start()
    try:
        keep = [pygame.Surface((96, 96), pygame.SRCALPHA) for _ in range(1600)]  # ~58 MB on the heap
        for s in keep:
            s.fill((1, 2, 3, 4))                    # touched: resident
        pin = pygame.Surface((8, 8))                # allocated last: the heap cannot simply shrink from its top
        del keep
        gc.collect(0)                               # a young collection since the last full one
        before = resident_mb()
        assert collector.quiet()
        after = resident_mb()
        assert collector.trims == 1
        assert before - after > 25, (before, after)
        del pin
    finally:
        collector.stop()


def test_the_collection_valve_bounds_memory_without_a_quiet_moment(monkeypatch):
    """No quiet moment (an all-AI game watched to its end): once the old
    generation holds ``VALVE_MIN`` objects and ``VALVE_FACTOR`` times what
    the last full collection left, a full collection runs anyway, so cyclic
    garbage never piles up without bound."""
    import gc

    from game import memory
    monkeypatch.setattr(memory, "VALVE_MIN", 20_000)
    collector = memory.Collector()
    collector.start()
    try:
        peak = 0
        recent: list = []
        for _ in range(3000):            # frames, each leaving cyclic garbage behind...
            for _ in range(40):
                a: list = []
                a.append(a)
                recent.append(a)
            del recent[:-4000]           # ...that dies old: after surviving young collections
            collector.after_frame()
            peak = max(peak, gc.get_count()[0])
        old = collector.old_objects()
        assert collector.forced > 0 and collector.young > 100
        assert old < 20_000 * memory.VALVE_FACTOR
        assert peak <= gc.get_threshold()[0] + 50   # young collections kept up frame by frame
    finally:
        collector.stop()
    assert gc.isenabled()


def test_a_young_collection_waits_for_a_frame_with_slack():
    """A 20-seat throw's frame plus a young collection (2-4 ms) made 17 ms.
    A frame that already cost ``SLACK_MS`` of CPU leaves its due collection
    to the next frame with slack, but never once ``DEFER_LIMIT`` thresholds
    are due (young garbage stays bounded)."""
    import gc

    from game import memory
    collector = memory.Collector()
    collector.start()
    kept: list = []
    try:
        due = gc.get_threshold()[0]
        kept.extend([] for _ in range(due + 50))
        collector.after_frame(memory.SLACK_MS + 4.0)             # a heavy frame
        assert collector.young == 0 and collector.deferred == 1 and gc.get_count()[0] > due
        collector.after_frame(memory.SLACK_MS / 2)               # the next frame has slack
        assert collector.young == 1 and gc.get_count()[0] < due
        kept.extend([] for _ in range(memory.DEFER_LIMIT * due + 50))
        collector.after_frame(memory.SLACK_MS + 4.0)             # heavy, but too much is due
        assert collector.young == 2 and collector.deferred == 1
    finally:
        collector.stop()


def test_the_valve_walks_the_old_generation_only_when_it_could_be_due(monkeypatch):
    """Counting the old generation walks every object in it (5-7 ms at a
    20-seat table's 40-80k objects: that game's three worst frames); it was
    counted after every tenth middle-generation collection.  Now it is
    counted only once what young collections moved into it since the last
    count could have reached the valve: a game that keeps 120k objects
    (under ``VALVE_MIN``) never walks it, and once past, it is walked once."""
    import gc

    from game import memory
    monkeypatch.setattr(memory, "VALVE_MIN", 150_000)
    walks: list[int] = []
    real = gc.get_objects

    def get_objects(generation=None):
        if generation == 2:
            walks.append(1)
        return real() if generation is None else real(generation)
    monkeypatch.setattr(gc, "get_objects", get_objects)
    collector = memory.Collector()
    collector.start()
    kept: list = []
    try:
        for _ in range(3000):
            kept.extend({"bid": [i]} for i in range(20))   # 40 objects a frame that stay
            collector.after_frame()
        assert collector.young > 100 and walks == [] and collector.old_counts == 0
        for _ in range(1500):
            kept.extend({"bid": [i]} for i in range(20))
            collector.after_frame()
        assert collector.old_counts == 1 and collector.forced == 1   # counted once, then collected
    finally:
        collector.stop()
        del kept


def test_three_games_in_a_row_leave_no_garbage_behind(app, monkeypatch):
    """Automatic collection is off during play; the quiet moment after each
    game (the title screen, where the loop rests) frees every finished table
    and its cycles: the old objects left after the third game are those
    after the first (same seed, so the same caches), and nothing piles up
    frozen.

    The first quiet moment looks up ``malloc_trim``, importing ctypes (about
    500 objects): run alone, that grew the old objects between games 1 and 2
    ([6490, 6990, 7020]); inside the suite ctypes was already there.  So it is
    warmed before the count starts, and the bound is tight enough (growth is
    about 0) that one results screen kept per game (about 90 objects) fails."""
    import gc
    import weakref
    from game.memory import release_free_memory
    _ai_acts_each_frame(monkeypatch)
    release_free_memory()   # warm: its first call imports ctypes to find malloc_trim
    app.settle_memory()
    frozen = gc.get_freeze_count()
    alive, tables = [], []
    try:
        for _ in range(3):
            match = Match("liars-dice", [Seat(f"B{i}", "ai", "easy") for i in range(3)], {"starting_dice": 2}, 4)
            table = make_table(app, match)
            app.start(table)
            app.run_frames(40_000, until=lambda a, t=table: a.top is not t)
            assert match.is_over and app.top is not table
            tables.append(weakref.ref(table))
            app.nav.title()
            app.run_frames(5)
            del table, match
            assert app.memory.quiet()
            alive.append(app.memory.old_objects())
        assert [t() for t in tables] == [None, None, None]
    finally:
        app.shutdown()
    assert app.memory.full == 3 and app.memory.forced == 0
    assert alive[2] - alive[0] < 100, alive
    assert gc.get_freeze_count() <= frozen


def test_a_table_imports_its_results_screen_when_it_opens(app, monkeypatch):
    """Compiled from source, the results screen's modules cost 40-60 ms,
    which landed in the end delay's frames.  A table imports them while it
    opens (``Navigator.warm_results``): every module ``results_ahead``
    imports, and the game's story and coach hooks."""
    import importlib

    from game.scenes import nav
    warmed: list[str] = []
    real_import = importlib.import_module
    monkeypatch.setattr(importlib, "import_module", lambda name, *a: warmed.append(name) or real_import(name, *a))
    table = _two_seat_liars_dice(app)
    opened = list(warmed)
    assert "game.games.liars_dice.story" in opened and "game.games.liars_dice.coach" in opened
    warmed.clear()
    steps = app.nav.results_ahead(table.match)
    for _ in range(len(nav.RESULTS_MODULES) + 2):
        next(steps)
    assert warmed and set(warmed) <= set(opened)


def test_a_20_seat_results_screen_is_drawn_ahead_a_few_labels_per_step(app, monkeypatch):
    """The results screen built ahead used to draw its whole ledger (a 20-row
    one makes about 100 labels: 10-15 ms) and its chart in one step each;
    now a few rows per step, the chart's labels and its lines apart, so no
    step of the end delay makes more than a handful of labels."""
    from game.ui import theme as th
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "easy") for i in range(20)], {"starting_dice": 1}, 3)
    while match.step():
        pass
    app.settle_memory()
    made: list[str] = []
    real = th.Theme.text

    def counted(self, text, *a, **k):
        if (text, *a, *k.items()) not in seen:
            seen.add((text, *a, *k.items()))
            made.append(text)
        return real(self, text, *a, **k)
    seen: set = set()
    monkeypatch.setattr(th.Theme, "text", counted)
    steps = app.nav.results_ahead(match)
    per_step = []
    try:
        while True:
            before = len(made)
            next(steps)
            per_step.append(len(made) - before)
    except StopIteration as done:
        per_step.append(len(made) - before)
        scene = done.value
    app.shutdown()
    assert scene is not None and len(scene.order) == 20
    assert sum(per_step) > 60                  # the ledger, chart and buttons...
    assert max(per_step) <= 25, [p for p in per_step if p]   # ...spread over the steps (was 61 in one)


def test_the_results_built_ahead_make_no_whole_canvas_on_the_game_thread(app, monkeypatch):
    """Issue 41: the end delay's slowest frames were page faults, not
    collections (no collection ran in them): building the results ahead made
    two fresh whole canvases on the game thread, the scratch it draws on and
    the still it copied that into (3.7 MB first touched each, about 900
    page faults: 5-19 ms frames on a busy machine).  The scratch is made by
    the thread that tells the story, and the still is the scratch itself.
    Counted: surfaces of the canvas's size made on the game thread (2 on the
    old code)."""
    import threading

    import pygame

    from game.scenes.setup import SetupScene
    SetupScene(app, "liars-dice").draw(app.canvas, 0.0)   # the menu the player came through (its backdrop)
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "easy") for i in range(3)], {"starting_dice": 1}, 3)
    app.start(make_table(app, match))
    while match.step():
        pass
    app.think_in_background = True   # as in the game's window
    made: list[bool] = []
    size = app.canvas.get_size()

    class Counted(pygame.Surface):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            if self.get_size() == size:
                made.append(threading.current_thread() is threading.main_thread())
    monkeypatch.setattr(pygame, "Surface", Counted)
    steps = app.nav.results_ahead(match)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        scene = done.value
    assert scene is not None and scene.still.picture is not None
    assert made.count(True) == 0, f"{made.count(True)} whole canvases made on the game thread"


def test_the_end_delay_loads_no_font_a_table_could_have_loaded_when_it_opened(app):
    """Each new font size is a font file opened and parsed (1-3 ms); the
    results ledger's first rows met six new ones in one frame of the end
    delay.  A table loads the results screen's fonts while it opens
    (``Navigator.warm_results`` -> ``story.warm_fonts``), so building the
    results ahead of a 20-seat game (the ledger's smallest rows) and of a
    6-seat one (its biggest) loads none beyond the menus' own."""
    from game.scenes.setup import SetupScene
    for seats, dice in ((20, 1), (6, 1)):
        SetupScene(app, "liars-dice").draw(app.canvas, 0.0)   # the menu the player came through
        match = Match("liars-dice", [Seat(f"B{i}", "ai", "easy") for i in range(seats)], {"starting_dice": dice}, 3)
        app.start(make_table(app, match))
        while match.step():
            pass
        loaded = set(app.theme._fonts)
        for _ in app.nav.results_ahead(match):
            pass
        assert set(app.theme._fonts) - loaded == set()


def test_the_ais_watch_off_the_frame_and_let_a_frame_in_progress_finish(app, monkeypatch):
    """Issue 41: applying a move makes no AI watch it on the game thread
    (20 agents' ``watch`` cost 16-21 ms of a call's frame at 20 seats); the
    thinker catches them up (``Match.catch_up``) and, before each AI's watch,
    waits while the game thread is inside a frame (it sleeps: the GIL is
    the frame's).  Counted, not timed."""
    from game.ui import ai_turns
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "hard") for i in range(4)], seed=5)
    table = make_table(app, match)
    app.start(table)
    watched = []
    hard = type(match.agents[0])
    real_watch = hard.watch
    monkeypatch.setattr(hard, "watch", lambda agent, view: watched.append(agent.player) or real_watch(agent, view))
    match.apply(-1, match.chance_outcome())
    assert watched == [], "applying a move watches nothing"
    sleeps = []

    def sleep(seconds):   # the frame ends while the thinker sleeps
        sleeps.append(seconds)
        app.in_frame = False
    monkeypatch.setattr(ai_turns.time, "sleep", sleep)
    app.in_frame = True
    table.ai_turns._ai_move(False, on_thinker=True)
    assert sorted(watched) == [0, 1, 2, 3] and len(sleeps) == 1, "it waited for the frame, then watched"
    app.in_frame = False
    match.apply(*match.ai_turn_action())
    watched.clear()
    table.ai_turns._ai_move(False, on_thinker=True)
    assert len(watched) == 4 and len(sleeps) == 1, "no frame in progress: no wait"


def test_the_thinker_waits_for_the_frame_in_progress_only_never_the_next(app, monkeypatch):
    """Issue 41: frames that follow each other without a sleep (the bench; a
    machine whose frames fill 1/60 s) kept the thinker asleep at every slice
    of its thought until ``FRAME_WAIT_MAX`` had passed: Liar's Dice 20x6 made
    5-12 moves in 6,000 frames on an idle machine.  The thinker lets the frame
    in progress end, then thinks on.  Counted: here a frame ends at every nap
    and the next one begins at once; on the old code it napped on through
    frame after frame."""
    from game.ui import ai_turns
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "hard") for i in range(4)], seed=5)
    table = make_table(app, match)
    app.start(table)
    begun = app.frame
    naps = []

    def sleep(seconds):   # while the thinker naps a frame ends and the next begins
        naps.append(seconds)
        app.frame += 1
        if len(naps) > 1000:
            app.in_frame = False   # (a bound for the old code)
    monkeypatch.setattr(ai_turns.time, "sleep", sleep)
    app.in_frame = True
    table.ai_turns.thinker = None
    table.ai_turns._let_the_frame_run()
    app.in_frame = False
    assert app.frame - begun == 1 and len(naps) == 1, f"it slept through {app.frame - begun} frames"


def test_an_ai_thinking_on_the_game_thread_never_waits_for_its_own_frame(app, monkeypatch):
    """Without a thinker thread (headless play, tests) the AIs think inside
    the game thread's frame: the wait for "the frame in progress" is a wait
    for itself.  It slept 50 ms at every slice of every thought (a whole
    Liar's Dice 20 layout game: 992 s of wall at 20% of a core).  Counted:
    a whole seeded Hard game driven by the table, no sleep."""
    import threading
    import time
    sleeps = []
    real_sleep = time.sleep

    def sleep(seconds):   # (the module is shared: other threads' sleeps, the journal's, go on)
        if threading.current_thread() is threading.main_thread():
            sleeps.append(seconds)
        real_sleep(seconds)
    monkeypatch.setattr(time, "sleep", sleep)
    app.think_in_background = False
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "hard") for i in range(4)], {"starting_dice": 2}, 5)
    table = make_table(app, match)
    app.start(table)
    app.run_frames(3000, until=lambda a: match.state.is_terminal())
    assert match.state.is_terminal() and len(match.history) > 10
    assert sleeps == [], f"{len(sleeps)} sleeps on the game thread"


def test_roll_for_its_rolloff_banner_words_are_drawn_before_the_landing_frame(app):
    """Issue 41: the frame the roll-off lands in rendered its banner's words
    (each look ``banner_place`` measures, then the one drawn): first-use text
    inside a landing frame.  The table draws every way the roll-off can end
    (each seat going first, a tie) a look a frame while the dice fly, so the
    landing frame renders none of its banner's words (on main it rendered
    "Mags goes first" and "highest roll-off total")."""
    from game.games.roll_for_it import prompts
    app.settings.reduced_motion = False   # the roll-off's dice fly, as in a player's game
    match = Match("roll-for-it", [Seat("You", "human"), Seat("Mags", "ai", "normal")], seed=2)
    table = make_table(app, match)
    app.start(table)
    shown: list = []
    fresh: set = set()
    for _ in range(3000):
        before = set(table.theme._texts)
        app.run_frames(1)
        banner = prompts.rolloff_banner(table.state, table.words)
        shown = [b for b in table.banners if (b.title, b.sub) == banner]
        if shown:
            fresh = set(table.theme._texts) - before
            break
    assert shown, "no roll-off banner showed"
    rendered = [key[0] for key in fresh if any(w in key[0] for w in banner)]
    assert rendered == [], f"the landing frame rendered {rendered}"


def test_a_lessons_card_wraps_its_words_once_not_every_frame(app, monkeypatch):
    """Issue 41: the Liar's Dice lesson's waiting frames wrapped the coach's
    card text (and its hint) anew in every frame's drawing, and placed the
    card by building and sorting 2,300 rectangles.  Its lines are now kept
    per step: 60 frames of one step wrap nothing (main: 60, one a frame)."""
    from game.core.tutorial import Tutorial, drive
    from game.games import tutorial_script
    from game.scenes.learn import make_tutorial_table
    from game.ui import theme as th
    from game.ui import tutorial as tutorial_ui
    lesson = Tutorial.start(tutorial_script("liars-dice"))
    drive(lesson, lambda t: t.step_index == 4 and t.pending() is not None)
    table = make_tutorial_table(app, lesson)
    app.start(table)
    app.run_frames(5)   # the card placed and drawn
    assert table.tutorial is not None and table.tutorial.visible_step() is not None
    wrapped = []
    real_wrap = th.wrap_text
    monkeypatch.setattr(tutorial_ui.th, "wrap_text", lambda *a, **k: wrapped.append(a[1]) or real_wrap(*a, **k))
    app.run_frames(60)
    assert wrapped == [], f"{len(wrapped)} wraps in 60 frames of one step"


def test_roll_the_bones_places_no_banner_in_the_frame_a_roll_lands(app, monkeypatch):
    """Issue 41: the frame a Roll the Bones roll lands in (its dice's flights
    set out, pots and piles laid out again) also placed the banner it raised
    ("Tiebreak!"), and the frame a won pot's haul lands placed "X takes N
    dice": a place found from every flight's path, 2-4 ms more of an already
    costly frame at six seats.  No banner is placed in a frame that landed a
    roll or raised it; it is placed the frame after (1/60 s later) and kept."""
    app.settings.reduced_motion = False   # the dice fly, as in a player's game
    match = Match("roll-the-bones", [Seat(f"B{i}", "ai", "normal") for i in range(6)], seed=3)
    table = make_table(app, match)
    app.start(table)
    landed: set = set()
    raised: list = []
    placed: list = []
    on_applied, show, place = table.on_applied, table.show_banner, table.banner_rect

    def applied(player, action, before):
        if player < 0:
            landed.add(app.frame)
        return on_applied(player, action, before)

    def shown(*args, **kwargs):
        banner = show(*args, **kwargs)
        raised.append(app.frame)
        return banner

    def placing(size):
        placed.append(app.frame)
        return place(size)
    monkeypatch.setattr(table, "on_applied", applied)
    monkeypatch.setattr(table, "show_banner", shown)
    monkeypatch.setattr(table, "banner_rect", placing)
    app.run_frames(60 * 120, until=lambda a: len(placed) >= 4 and landed)
    assert len(placed) >= 4 and landed, "no banners placed"
    assert not set(placed) & landed, "a banner placed in the frame a roll landed"
    assert not set(placed) & set(raised), "a banner placed in the frame it went up in"
    assert set(placed) <= {frame + 1 for frame in raised}, "a banner placed later than the frame after"


def test_the_tables_bench_names_the_frames_that_cost_the_process_most():
    """Issue 41's last item: frames whose process CPU (the AI thinker's
    thread with the game thread's) passes 16.7 ms, 2-6 a 20x6 game, were
    counted but never named: the bench's worst frames are the game
    thread's.  ``worst_proc`` lists the five costliest by process CPU, with
    the game thread's share and what happened in them."""
    from types import SimpleNamespace

    from game.dev.benches.tables import _Frames
    frames = _Frames()
    for i, (cpu, proc) in enumerate([(2.0, 2.5), (9.0, 9.5), (1.5, 31.0), (3.0, 18.0), (2.2, 2.4),
                                      (1.0, 1.2), (2.5, 25.0), (4.0, 4.1)]):
        frames.add(cpu, proc, proc + 1.0, lambda i=i: f"frame {i}", frame=i)
    out = frames.figures(SimpleNamespace(history=[]), False, 0.0, 0.0)
    assert [w["frame"] for w in out["worst_proc"]] == [2, 6, 3, 1, 7]
    assert out["worst_proc"][0] == {"frame": 2, "proc_ms": 31.0, "cpu_ms": 1.5, "wall_ms": 32.0, "what": "frame 2"}
    assert out["frames_over_16_7ms_proc"] == 3 and out["worst"][0]["frame"] == 1
