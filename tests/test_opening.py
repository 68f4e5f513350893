"""Issue 41: opening a table cost 145-230 ms of CPU in one frame (imports,
dice sprites, the opening throw, the first drawing).  Start now shows a
hand-over (scenes/opening.py): the screen left behind dims while the table
is built a few small steps a frame; the table then opens with nothing left
to build.  Counted in steps and frames, never timed."""
from __future__ import annotations

import pygame

from game.core.match import Seat
from game.scenes.setup import SetupScene
from tests.helpers import HeldThreads, click_labelled, continue_saved


def _press_start(app, setup) -> None:
    start = next(w for w in setup.ui.widgets if getattr(w, "text", "") == "Start")
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start.rect.center, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start.rect.center, button=1))
    app.run_frames(1)


def _setup_with_ais(app, seats: int) -> SetupScene:
    setup = SetupScene(app, "liars-dice", offer_tutorial=False)
    app.start(setup)
    app.run_frames(1)
    setup.set_seat_count(seats)
    for index in range(seats):
        setup.set_kind(index, "easy")   # AIs only: no curtain, the table plays on by itself
    app.run_frames(1)
    return setup


def test_start_builds_the_table_behind_a_hand_over_a_few_steps_a_frame(app):
    """The frame of the press builds nothing of the table (the old code
    opened it whole in that frame); the hand-over then runs the table's
    opening steps over several frames, every one of them before the table
    is on top, so the table's own first frame finds nothing left to build."""
    setup = _setup_with_ais(app, 6)
    _press_start(app, setup)
    assert app.top.name == "opening"
    opening = app.top
    table = opening.table
    assert table._renderer is None and table.still.picture is None   # nothing built in the press's frame
    per_frame: list[int] = []
    while app.top is opening and len(per_frame) < 2000:
        before = opening.steps_run
        app.run_frames(1)
        per_frame.append(opening.steps_run - before)
    assert app.top is table
    assert table.opening_step() is None               # all run by the hand-over...
    assert table._renderer is not None and table.still.picture is not None
    busy = [n for n in per_frame if n]
    assert len(busy) >= 3 and max(busy) < sum(busy)   # ...spread over frames, never all in one


def test_the_hand_over_shows_the_screen_left_behind_never_the_table(app):
    """The opening steps draw the table (its labels, its still layer) on
    the canvas; the hand-over's own drawing covers all of it, so what is
    shown while it runs is the setup screen, dimmed."""
    setup = _setup_with_ais(app, 4)
    left_behind = app.canvas.copy()
    _press_start(app, setup)
    opening = app.top
    while app.top is opening:
        app.run_frames(1)
        if app.top is opening:
            shown = app.canvas
            x, y = 640, 360
            seen, was = shown.get_at((x, y)), left_behind.get_at((x, y))
            assert all(s <= w for s, w in zip(seen[:3], was[:3]))   # the same picture, darker


def test_the_hand_over_darkens_the_screen_left_behind_without_a_layer_over_it(app):
    """Each frame of the hand-over blended a whole-canvas black layer over the
    screen left behind (1.1 ms of frames that also give the opening steps
    4 ms: 11 of a 2-seat game's 20 frames over 6 ms).  The picture is
    darkened in place by multiplying: one whole-canvas copy a frame, as dark
    as the layer made it (within rounding)."""
    from game.scenes import opening as opening_mod
    setup = _setup_with_ais(app, 4)
    _press_start(app, setup)
    opening = app.top
    left_behind = opening._left_behind.copy()
    copies: list[tuple[int, int]] = []

    class Counted(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            if source.get_size() == self.get_size():
                copies.append((app.frame, 1))
            return super().blit(source, dest, *args, **kwargs)
    canvas = Counted(app.canvas.get_size())
    frames = 0
    while app.top is opening and frames < 200:
        opening.draw(canvas, 0.0)
        frames += 1
        app.run_frames(1)
    assert frames >= 3 and len(copies) == frames, f"{len(copies)} whole-canvas copies in {frames} frames"
    opening.time = opening_mod.FADE_SECONDS   # the fade's end
    opening.draw(canvas, 0.0)
    layer = left_behind.copy()
    shade = pygame.Surface(layer.get_size())
    shade.set_alpha(opening_mod.DIM_ALPHA)
    layer.blit(shade, (0, 0))
    for x, y in ((640, 360), (100, 100), (1200, 650), (640, 40)):
        assert all(abs(a - b) <= 2 for a, b in zip(canvas.get_at((x, y))[:3], layer.get_at((x, y))[:3])), \
            (canvas.get_at((x, y)), layer.get_at((x, y)), left_behind.get_at((x, y)))


def test_a_table_started_directly_still_opens_whole(app):
    """Tests (and replays) start a table at once (``app.start``): its
    ``enter`` runs every opening step, waiting for the import thread."""
    from game.core.match import Match
    from game.scenes.launch import make_table
    match = Match("liars-dice", [Seat(f"B{i}", "ai", "easy") for i in range(3)], {}, 5)
    table = make_table(app, match)
    app.start(table)
    assert table.opening_step() is None and table._renderer is not None


def _pick_the_liars_dice_lesson(app) -> None:
    """Click "Liar's Dice" on Learn to play, as a person does, and run the click's frame."""
    from game.scenes.learn import LearnScene
    app.start(LearnScene(app))
    app.run_frames(1)
    click_labelled(app, "Liar's Dice")


def _frames_of_the_hand_over(app) -> tuple:
    """Frames until the hand-over gives way: its opening and the steps it ran in each frame."""
    opening = app.top
    assert opening.name == "opening", f"{opening.name!r} opened at once, with no hand-over"
    per_frame: list[int] = []
    while app.top is opening and len(per_frame) < 2000:
        before = opening.steps_run
        app.run_frames(1)
        per_frame.append(opening.steps_run - before)
    return opening, [n for n in per_frame if n]


def test_continue_opens_the_saved_game_behind_the_hand_over(app):
    """Continue used to open the saved table whole in one frame (120-230 ms
    of CPU: the opening plus telling the whole game into its log and
    settling its last throw); it now has a new game's hand-over: the click's
    frame builds nothing, the log is told and the last throw laid a piece
    per step over several frames, and the table opens with nothing left."""
    from game.core.match import Match
    match = Match("diced-out", [Seat("You", "human")] + [Seat(f"B{i}", "ai", "easy") for i in range(1, 4)],
                  None, seed=7)
    while len(match.history) < 90 and not match.is_over:
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    continue_saved(app, match)
    assert app.top.name == "opening", f"{app.top.name!r} opened at once, with no hand-over"
    table = app.top.table
    assert table._renderer is None and not table.game_log.entries   # nothing built in the click's frame
    opening, busy = _frames_of_the_hand_over(app)
    assert app.top is table and table.match.history == match.history
    assert table.opening_step() is None and len(table.game_log.entries) > 0
    assert table.throws.settled is not None        # the last throw lies where it landed
    assert len(busy) >= 3 and max(busy) < sum(busy)


def test_a_lesson_opens_behind_the_hand_over(app):
    """A lesson picked on Learn to play has the same hand-over as a new game
    (it used to open whole in the click's frame)."""
    _pick_the_liars_dice_lesson(app)
    assert app.top.name == "opening", f"{app.top.name!r} opened at once, with no hand-over"
    table = app.top.table
    assert table._renderer is None and table.tutorial is not None
    opening, busy = _frames_of_the_hand_over(app)
    assert app.top is table and table.opening_step() is None
    assert len(busy) >= 3 and max(busy) < sum(busy)


def test_glyphs_are_drawn_once_and_a_reveals_words_in_frames_that_wait(app, monkeypatch):
    """The glyph warm-up made the hand-over longer (a dozen fonts, one named
    twice).  Now the opening draws each font's glyphs once, and only the
    fonts of the first words; a reveal's fonts (the shout, the tally, the
    verdict) are drawn after it, a step in frames with nothing in flight;
    the next table's opening finds every font drawn."""
    from game.ui.theme import Theme
    drawn: list[tuple] = []   # (font, the table's throw in flight, on top: "opening" or "table")
    real_steps, real_font = Theme.glyph_steps, Theme.font
    drawing = []

    def font(self, size, bold=False, *, style="body"):
        if drawing:
            top = app.top
            drawn.append(((int(size), bool(bold), style), getattr(top, "throw_view", None) is not None, top.name))
        return real_font(self, size, bold, style=style)

    frames_with_a_step: list[int] = []

    def glyph_steps(self, fonts):
        steps = real_steps(self, fonts)
        while True:
            if app.top is not None and app.top.name != "opening":
                frames_with_a_step.append(app.frame)
            drawing.append(True)
            try:
                step = next(steps, None)
            finally:
                drawing.pop()
            if step is None:
                return
            yield step
    monkeypatch.setattr(Theme, "font", font)
    monkeypatch.setattr(Theme, "glyph_steps", glyph_steps)

    setup = _setup_with_ais(app, 6)
    _press_start(app, setup)
    opening = app.top
    table = opening.table
    while app.top is opening:
        app.run_frames(1)
    in_opening = [f for f, _flying, on in drawn if on == "opening"]
    assert len(in_opening) == len(set(in_opening)), f"a font's glyphs drawn twice: {in_opening}"
    assert (38, True, "body") not in in_opening and (30, True, "display") in in_opening
    app.run_frames(600, until=lambda a: table._glyphs_later is None)
    later = [(f, flying) for f, flying, on in drawn if on == "table"]
    assert len(set(frames_with_a_step)) == len(frames_with_a_step), "two glyph steps in one frame"
    assert (38, True, "body") in [f for f, _ in later]
    assert not any(flying for _, flying in later), "a glyph step ran while a throw flew"

    drawn.clear()
    _press_start(app, _setup_with_ais(app, 6))   # the next table (same app, same theme)
    while app.top.name == "opening":
        app.run_frames(1)
    assert drawn == []


def _labels_drawn_cold(app, monkeypatch, painter, match) -> list[tuple]:
    """Open ``match``'s table behind the hand-over; the labels ``painter.draw``
    rendered in a font whose glyphs the theme had not drawn yet."""
    from game.scenes.launch import make_table
    from game.scenes.opening import OpeningScene
    from game.ui.theme import Theme
    cold: list[tuple] = []
    real_text, real_draw = Theme.text, painter.draw
    inside = []

    def text(self, words, size, colour=(0, 0, 0), *, bold=False, style="body"):
        drawn = {(s, b, st) for s, b, st, _chars in getattr(self, "_glyphs_drawn", ())}
        if inside and (int(size), bool(bold), style) not in drawn:
            cold.append((words, size, bold, style))
        return real_text(self, words, size, colour, bold=bold, style=style)

    def draw(self, *args, **kw):
        inside.append(True)
        try:
            return real_draw(self, *args, **kw)
        finally:
            inside.pop()
    monkeypatch.setattr(Theme, "text", text)
    monkeypatch.setattr(painter, "draw", draw)
    table = make_table(app, match)
    app.start(OpeningScene(app, table))
    app.run_frames(2000, until=lambda a: a.top is table)
    assert app.top is table
    return cold


def test_the_bid_pickers_labels_are_drawn_with_glyphs_already_drawn(app, monkeypatch):
    """The opening step that drew the bid picker once cost about 8 ms
    under load: eight labels in fonts whose glyphs were not drawn yet (the
    glyph warm-up came after the first drawing).  Now the glyphs come
    first, the picker's fonts among them: every label of its first drawing
    is in a font whose glyphs the theme has drawn."""
    from game.core.match import Match
    from game.games.bidding.ui.picker import BidPicker
    match = Match("liars-dice", [Seat("You", "human")] + [Seat(f"B{i}", "ai", "easy") for i in range(1, 6)], {}, 5)
    assert _labels_drawn_cold(app, monkeypatch, BidPicker, match) == []


def test_diced_out_sheets_labels_are_drawn_with_glyphs_already_drawn(app, monkeypatch):
    """Diced Out's first sheet cost 9 ms of one opening step (its print's
    labels, each in a cold font) and a landing rewrites up to three sheets'
    totals, scores and rerolls lines: the sheets' fonts are in the glyph
    warm-up (the characters they use), so none of their labels is cold."""
    from game.core.match import Match
    from game.games.diced_out.sheet import SheetPainter
    match = Match("diced-out", [Seat(f"B{i}", "ai", "easy") for i in range(8)], None, 5)
    assert _labels_drawn_cold(app, monkeypatch, SheetPainter, match) == []


def test_a_reset_to_the_title_during_the_hand_over_is_not_undone_by_the_table(app):
    """CI found a table on top after ``reset_to(Title)``: the hand-over,
    built and faded, ran its update once more before the reset applied at the
    frame's end and asked to take its place with the table, after the reset.
    A scene with a change waiting is not on top for what it starts."""
    from game.scenes.opening import FADE_SECONDS
    from game.scenes.title import TitleScene
    setup = _setup_with_ais(app, 2)
    _press_start(app, setup)
    opening = app.top
    while not opening.built:
        opening.time = 0.0            # the fade waits however many frames the build takes
        app.run_frames(1)
    assert app.top is opening
    opening.time = FADE_SECONDS - 1 / 120     # the fade ends in the next frame
    app.reset_to(TitleScene(app))             # e.g. recovering from an error, or a test's reset
    app.run_frames(2)
    assert app.top.name == "title" and len(app.stack) == 1




def _opened_with_held_threads(app, monkeypatch):
    """A 2-seat table started with the hand-over's threads held (``HeldThreads``)
    and its hand-over run frame by frame until it has given way."""
    threads = HeldThreads(app, monkeypatch)
    _press_start(app, _setup_with_ais(app, 2))
    opening = app.top
    threads.watch(opening)
    while app.top is opening:
        app.run_frames(1)
    return opening, threads


def test_headless_the_hand_over_waits_for_its_threads_inside_the_frame(app, monkeypatch):
    """When a test's table came on top used to depend on the scheduler: the
    hand-over's frames ran on while a thread it needed (the imports, the
    autosave's header) worked, so a busy machine gave it more frames.
    Headless (``app.think_in_background`` off) a step that needs a thread
    waits for it inside the frame: however slow the thread, no frame ends
    waiting for it.  On the old code frames ended waiting for the held threads."""
    assert not app.think_in_background
    opening, threads = _opened_with_held_threads(app, monkeypatch)
    assert app.top is opening.table and threads.holds and threads.waiting == []


def test_in_the_window_the_hand_over_draws_on_while_its_threads_work(app, monkeypatch):
    """The game's own window keeps the hand-over's frames coming while a
    thread works (the fade goes on): its held threads finish only once a
    frame has ended waiting for them, and the table still opens whole."""
    app.think_in_background = True
    opening, threads = _opened_with_held_threads(app, monkeypatch)
    assert app.top is opening.table and opening.table.opening_step() is None
    assert threads.waiting, "no frame ended while a thread worked"


def test_in_the_window_a_frame_waiting_for_a_thread_gives_it_the_frames_spare_time(app, monkeypatch):
    """Issue 41: the hand-over's frames ended at once when a step needed a
    thread (the imports, Liar's Dice's endgame tables), so frames that never
    sleep (the bench; a machine whose frames fill 1/60 s) left that thread a
    GIL turn a switch interval at most for each file it read: on an idle
    2-core machine the 20x6 opening took 66,000-122,000 frames.  Now every
    such frame first waits for the thread, blocked (the GIL free), at most
    ``LOADER_WAIT_S`` of wall time for all its waits together; on the old
    code no frame waited at all."""
    from game.scenes.opening import LOADER_WAIT_S
    app.think_in_background = True
    opening, threads = _opened_with_held_threads(app, monkeypatch)
    assert app.top is opening.table and threads.waiting
    offered: dict[int, float] = {}
    for frame, seconds in threads.offered:   # ``app.frame`` while the frame runs: one less than after it
        offered[frame + 1] = offered.get(frame + 1, 0.0) + seconds
    assert set(threads.waiting) <= set(offered), "a frame ended waiting for a thread without waiting for it first"
    assert all(0.0 < seconds <= LOADER_WAIT_S for seconds in offered.values())


def test_headless_the_results_story_is_told_on_the_game_thread(app, monkeypatch):
    """The same for the results screen built during the end delay: its
    story was told on a thread while the end delay's frames ran on (a thread
    slower than ``END_DELAY_MAX`` left the table handing over an unprepared
    screen).  Headless the story is told in the frame; in the window on a thread."""
    import threading

    from game.core.match import Match
    from game.scenes import results
    from game.scenes.launch import make_table
    tellers: list[bool] = []
    real = results.safe_story
    monkeypatch.setattr(results, "safe_story",
                        lambda match: tellers.append(threading.current_thread() is threading.main_thread())
                        or real(match))
    for background in (False, True):
        app.think_in_background = background
        match = Match("liars-dice", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], {"starting_dice": 1}, 4)
        table = make_table(app, match)
        app.start(table)
        app.run_frames(20_000, until=lambda a: a.top is not table)
        assert match.is_over and app.top.name == "results" and app.top.story is not None
    assert tellers == [True, False]


def test_headless_the_table_comes_on_top_in_the_same_frame_on_any_machine(app, monkeypatch):
    """CI's random input met the hand-over in another frame than a
    developer's machine did: its steps ran for 4 ms of CPU a frame, so a
    slower or busier machine gave it more frames.  Headless a frame runs a
    fixed number of steps: with the game thread's CPU clock made to run
    fast (every step costs a millisecond) or to stand still, the table comes
    on top in the same frame.  On the old code the two differed."""
    import itertools
    from types import SimpleNamespace

    from game.scenes import opening as opening_module

    def frames_to_the_table(clock) -> int:
        monkeypatch.setattr(opening_module, "time", SimpleNamespace(thread_time=clock))
        _press_start(app, _setup_with_ais(app, 2))
        opening = app.top
        assert opening.name == "opening"
        return app.run_frames(2000, until=lambda a: a.top is not opening)

    ticks = itertools.count()
    slow = frames_to_the_table(lambda: next(ticks) / 1000)   # a millisecond a step
    fast = frames_to_the_table(lambda: 0.0)                  # steps cost nothing
    assert slow == fast


def test_an_opening_frame_starts_no_step_its_budget_cannot_hold(app, monkeypatch):
    """Issue 41: each hand-over frame ran steps until ``STEP_BUDGET_S`` was
    spent, so the step that crossed it ran whole (the Liar's Dice lesson's
    opening frames: 6-9 ms for a 4 ms budget, its p99 over 6 ms).  A step is
    now started only if the one before it, run again, would end inside the
    budget.  On a counted clock (each step 3 ms of the game thread's CPU, a
    4 ms budget): one step a frame (main ran two, to 6 ms)."""
    from types import SimpleNamespace

    from game.scenes import opening
    clock = [0.0]

    class Steps:
        def begin_opening(self):
            pass

        def opening_step(self):
            clock[0] += 0.003
            return True
    monkeypatch.setattr(opening, "time", SimpleNamespace(thread_time=lambda: clock[0],
                                                         perf_counter=opening.time.perf_counter))
    app.think_in_background = True   # as in the game's window (headless runs a fixed count)
    scene = opening.OpeningScene(app, Steps())
    for frame in range(1, 4):
        scene._build_for(opening.STEP_BUDGET_S)
        assert scene.steps_run == frame, f"frame {frame} ran {scene.steps_run - frame + 1} steps"


def test_a_lessons_first_frame_renders_none_of_its_cards_words(app):
    """Issue 41: the lesson's first table frame (its worst, 9-13 ms) drew
    the coach's card for the first time: eight labels rendered and its words
    wrapped in that frame.  The card is now drawn once out of sight among the
    opening's steps (``TutorialCoach.warm_steps``): the first frame the card
    shows renders no label (main: 8, its title, lines and buttons)."""
    _pick_the_liars_dice_lesson(app)
    table = app.top.table
    _frames_of_the_hand_over(app)
    assert app.top is table and table.tutorial is not None
    fresh: set = set()
    for _ in range(600):   # until the card first shows (the opening throw may fly first)
        before = set(table.theme._texts)
        app.run_frames(1)
        if table.tutorial._placed is not None:
            fresh = set(table.theme._texts) - before
            break
    assert table.tutorial._placed is not None, "the card never showed"
    assert fresh == set(), f"the card's first frame rendered {sorted(k[0] for k in fresh)}"


def test_a_lessons_opening_makes_its_cards_words_without_drawing_the_card(app, monkeypatch):
    """Issue 41: the opening drew the coach's card whole out of sight, twice
    (a 4.4 ms step in one of its frames: the lesson's p99).  Now its steps
    wrap the card's lines and render its labels one a step, and the card is
    drawn only where it shows (main drew it twice behind the hand-over)."""
    from game.ui.theme import Theme
    from game.ui.tutorial import TutorialCoach
    drawn: list[str] = []
    real_draw = TutorialCoach._draw_card
    monkeypatch.setattr(TutorialCoach, "_draw_card",
                        lambda self, *a: (drawn.append(self.table.app.top.name), real_draw(self, *a))[1])
    made: list[str] = []
    real_text = Theme.text

    def text(self, words, *a, **k):
        if not any(key[0] == words for key in self._texts):
            made.append(words)
        return real_text(self, words, *a, **k)
    monkeypatch.setattr(Theme, "text", text)
    _pick_the_liars_dice_lesson(app)
    table = app.top.table
    steps, real_steps = [], table.tutorial.warm_steps

    def warm_steps(*scratch):   # (main drew the card on a scratch surface)
        card_steps = real_steps(*scratch)
        while True:
            made.clear()
            step = next(card_steps, steps)
            if step is steps:
                return
            steps.append(list(made))   # what this step rendered
            yield step
    monkeypatch.setattr(table.tutorial, "warm_steps", warm_steps)
    _frames_of_the_hand_over(app)
    assert drawn == [], f"the card was drawn behind the hand-over ({drawn})"
    assert steps and all(len(labels) <= 1 for labels in steps), steps
    assert sum(len(labels) for labels in steps) >= 8   # header, title, lines, buttons: made ahead


def test_a_big_opening_step_starts_a_frames_share(app, monkeypatch):
    """A step marked big (``preload.FRESH_FRAME``: a font opened, the still
    painted) waits for the next frame's share instead of running after the
    share's small steps: a lesson frame ran 0.4 ms steps to 3.9 ms, then a
    font's 2.5-3 ms first step (6-7 ms frames)."""
    from types import SimpleNamespace

    from game.scenes import opening
    from game.ui.preload import FRESH_FRAME
    clock = [0.0]
    script = iter([0.001, 0.001, FRESH_FRAME, 0.003, 0.001])

    class Steps:
        def begin_opening(self):
            pass

        def opening_step(self):
            step = next(script, None)
            if isinstance(step, float):
                clock[0] += step
                return True
            return step
    monkeypatch.setattr(opening, "time", SimpleNamespace(thread_time=lambda: clock[0],
                                                         perf_counter=opening.time.perf_counter))
    app.think_in_background = True   # as in the game's window
    scene = opening.OpeningScene(app, Steps())
    assert not scene._build_for(opening.STEP_BUDGET_S) and scene.steps_run == 2   # the big step waits
    assert not scene._build_for(opening.STEP_BUDGET_S) and scene.steps_run == 3   # it starts the next share
    assert scene._build_for(opening.STEP_BUDGET_S) and scene.steps_run == 4


def test_the_frame_that_places_a_lessons_card_leaves_the_work_ahead_to_the_next(app):
    """Issue 41: the lesson's first table frame placed the coach's card (the
    table's drawing recorded, a grid searched) and then ran a step of the
    waiting frames' work ahead (a font's glyphs, 1-3 ms) on top.  A frame
    that places the card now leaves that step to the next frame, as a frame
    that repaints the still does (main ran it in the placing frame)."""
    from game.core.tutorial import Tutorial, drive
    from game.games import tutorial_script
    from game.scenes.learn import make_tutorial_table
    lesson = Tutorial.start(tutorial_script("liars-dice"))
    drive(lesson, lambda t: t.step_index == 4 and t.pending() is not None)
    table = make_tutorial_table(app, lesson)
    app.start(table)
    ran: list[int] = []
    real_step = table.picture_warmer.step
    table.picture_warmer.step = lambda frame: (ran.append(app.frame), real_step(frame))[1]
    table._glyphs_later = iter(())   # the glyphs done: the work ahead is the pictures' warmer
    app.run_frames(2)
    table.tutorial._placed = None    # the card to place anew (as a new step's is)
    placed_in = None
    for _ in range(120):
        app.run_frames(1)
        if table.tutorial._placed is not None:
            placed_in = app.frame - 1
            break
    assert placed_in is not None, "the card was never placed"
    assert placed_in not in ran, f"the placing frame {placed_in} also ran the work ahead"
    app.run_frames(3)
    assert ran, "the work ahead never ran after it"


def test_a_glyph_step_draws_a_few_characters_whatever_the_font_size(monkeypatch):
    """Issue 41: a glyph's first drawing costs about the same at any size, but
    the opening's glyph steps drew ``600 // size`` characters: 42 at size 14,
    33 at size 18, 2.5-3 ms steps (1 ms at size 40) that pushed a lesson's
    opening frames to 6-8 ms.  A step now draws ``GLYPHS_PER_STEP``
    characters, small font or large."""
    from game.ui import theme as th
    theme = th.Theme()
    real_font = th.Theme.font
    drawn: list[tuple[int, int]] = []   # (size, characters) of each step's drawing

    class Counting:
        def __init__(self, font, size):
            self.font, self.size = font, size

        def render(self, text, *args):
            drawn.append((self.size, len(text)))
            return self.font.render(text, *args)
    monkeypatch.setattr(th.Theme, "font", lambda self, size, bold=False, *, style="body":
                        Counting(real_font(self, size, bold, style=style), size))
    for _ in theme.glyph_steps([(14, False, "body"), (18, True, "body"), (40, True, "display")]):
        pass
    assert {size for size, _ in drawn} == {14, 18, 40}
    assert sum(n for size, n in drawn if size == 14) == len(th.GLYPHS), "every glyph drawn"
    assert max(n for _, n in drawn) <= 12, f"steps of up to {max(n for _, n in drawn)} characters"


def test_a_twenty_seat_tables_bid_history_is_placed_by_the_opening_a_place_a_step(app, monkeypatch):
    """Issue 41 (frames31): a 20-seat bidding table's constructor weighed
    every place its round's bids could take (six widths, each laying out
    the 20 bidders' names: 4-7 ms), all in the one step that built it (a
    replay's hand-over step, the click's frame of Start).  The press's frame
    now places nothing; the hand-over weighs one place a step, and the place
    taken is the one the whole weighing takes."""
    from game.games.bidding.ui.history import BidHistory
    names = ["Wilhelmina Oakes", "Percival Thorne", "Bartholomew", "Mags"]
    setup = _setup_with_ais(app, 20)
    for index, name in enumerate(names, 1):
        setup.set_name(index, name)
    weighed: list[int] = [0]
    real = BidHistory.rows_held

    def rows_held(self, *args, **kwargs):
        weighed[-1] += 1
        return real(self, *args, **kwargs)
    monkeypatch.setattr(BidHistory, "rows_held", rows_held)
    _press_start(app, setup)
    opening = app.top
    table = opening.table
    assert opening.name == "opening" and weighed == [0], weighed   # the press's frame weighed no place
    while table._history is None:
        weighed.append(0)
        step = table.opening_step()
        assert step is not None, "the opening placed the history"
    assert max(weighed) == 1 and sum(weighed) >= 3, weighed   # a place a step
    placed = table.history.place
    table._history = None   # placed again whole, as a table asked for it at once does
    assert table.history.place == placed
