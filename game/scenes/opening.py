"""The hand-over to a new table: the screen the player leaves dims while the
table is built behind it, a few small pieces a frame.

Opening a big table used to cost 145-230 ms of CPU in one frame (imports,
the dice renderer's sprites, the opening throw, the first drawing: see
``TableScene.opening_steps``).  ``open_table`` (Start, Continue, a lesson)
shows this scene instead: it
keeps the last picture of the screen the player left, darkens it over
``FADE_SECONDS`` (a fade the player sees anyway), and each frame runs the
table's opening steps for at most ``STEP_BUDGET_S`` of the game thread's
CPU (a step marked as big, ``preload.FRESH_FRAME``, starts a frame's
share; a step waiting on the import thread waits for it up to
``LOADER_WAIT_S``, then ends the frame's share; headless,
where ``app.think_in_background`` is off, a fixed number of steps, waiting
for the thread inside the frame: a test's frames never race the scheduler).  When the
table is built and the fade is over it takes this scene's place; its own
``enter`` (``warm``) finds nothing left to build.  Input waits (the player
has just pressed Start).  Nothing of the table is drawn here, so no hidden
die can show before a hot-seat curtain."""
from __future__ import annotations

import time

import pygame

from ..ui.preload import FRESH_FRAME, Loading
from ..ui.scene import Scene

FADE_SECONDS = 0.3
"""The dimming of the screen left behind, however quickly the table is built."""
DIM_ALPHA = 170
"""How dark the screen left behind ends (0-255)."""
STEP_BUDGET_S = 0.004
"""Game-thread CPU a frame gives the table's opening steps (a step is 0.1-8 ms).
A step that would end past it, by the cost of the step before it, waits for
the next frame (the Liar's Dice lesson's opening frames ran 6-9 ms: the step
that crossed the budget ran whole, a 4 ms font's glyphs after 3.9 ms)."""
LOADER_WAIT_S = 0.008
"""Wall time a frame of the hand-over waits, at most (all its waits together), for the work off the
frame (imports, a table's data) when a step needs it: blocked, so that thread
runs with the GIL to itself.  Frames that never sleep (a slow machine whose
frames fill the frame time, or the bench) otherwise left it a GIL turn a
switch interval (5 ms) at most for each file it read: on an idle 2-core
machine the Liar's Dice 20x6 opening took 66,000-122,000 frames.  A real
window sleeps that long anyway (``App.run``'s frame clock): the hand-over's
frame, with its 4 ms of steps, stays well inside 1/60 s."""
STEADY_STEPS = 40
"""Headless (tests, shots: ``app.think_in_background`` off) a frame runs this
many steps instead, so when the table comes on top is the same frame on
every machine, busy or not (a 2-seat table's first opening, its fonts' glyphs
drawn ``theme.GLYPHS_PER_STEP`` a step, about 600 steps, fits in the fade)."""


def open_table(app, table, *, replace: bool = False) -> None:
    """Show ``table`` after its opening hand-over (in place of the current
    scene with ``replace``, else over it)."""
    scene = OpeningScene(app, table)
    app.replace(scene) if replace else app.push(scene)


class OpeningScene(Scene):
    name = "opening"

    def __init__(self, app, table, *, prepare=None, back_to: Scene | None = None):
        super().__init__(app)
        self.table = table
        """The table to show (None until ``prepare`` has made it)."""
        self._prepare = prepare
        """Steps run before the table's own (a generator whose value is (table, "")
        or (None, a message for players)): a replay's record checked (``nav.replay``)."""
        self._back_to = back_to
        """The scene this one replaced, shown again if ``prepare`` gives no table (else: popped)."""
        self.failed = ""
        self.time = 0.0
        self.built = False
        self.steps_run = 0
        """Opening steps run so far (tests count them)."""
        self.last_step_s = 0.0
        """The game-thread CPU the last step took: the next is expected to take as
        long (steps come in runs of one kind: a font's glyphs, a row of labels)."""
        self._left_behind: pygame.Surface | None = None

    def enter(self) -> None:
        self._left_behind = self.app.canvas.copy()   # the last frame of the screen the player left
        if self.table is not None:
            self.table.begin_opening()

    def update(self, dt: float) -> None:
        self.time += dt
        if not self.built:
            self.built = self._build_for(STEP_BUDGET_S)
        if self.failed and self.is_top:
            self.app.toast(self.failed)
            self.app.replace(self._back_to) if self._back_to is not None else self.app.pop()
        elif self.built and self.time >= FADE_SECONDS and self.is_top:
            self.app.replace(self.table)

    def _opening_step(self) -> object:
        """The next step: ``prepare``'s, then the table's (``TableScene.opening_step``)."""
        if self._prepare is not None:
            try:
                step = next(self._prepare)
            except StopIteration as done:
                self._prepare = None
                self.table, self.failed = done.value
                if self.table is None:
                    return None
                self.table.begin_opening()
                return True
            return step if isinstance(step, Loading) else True
        return self.table.opening_step()

    def _build_for(self, budget_s: float) -> bool:
        """Run opening steps until ``budget_s`` of this thread's CPU is
        spent or a step waits for the next frame; True once all have run.
        Headless: ``STEADY_STEPS`` steps, and a step that needs a thread
        waits for it here, so neither the thread's pace nor the machine's
        speed changes the frame a test's table comes on top."""
        steady = not self.app.think_in_background
        until = time.thread_time() + budget_s
        wait_until: float | None = None   # of this frame's waits for threads, all together (``LOADER_WAIT_S``)
        ran = 0
        while True:
            started = time.thread_time()
            if ran and not steady and started + self.last_step_s > until:
                return False   # the next step would end past the budget: it starts the next frame
            step = self._opening_step()
            if step is None:
                return True
            if step == FRESH_FRAME:   # the next step is a big one: at the start of a frame's share
                if ran and not steady:
                    return False
                continue
            self.steps_run += 1
            self.last_step_s = time.thread_time() - started
            if isinstance(step, Loading):
                if not steady:
                    if wait_until is None:
                        wait_until = time.perf_counter() + LOADER_WAIT_S
                    step.wait(max(0.0, wait_until - time.perf_counter()))   # the frame's spare time, GIL and all
                    if not step.done():
                        return False
                    continue
                step.wait()   # not counted: whether the thread was done already is the scheduler's
                continue
            ran += 1
            if (ran >= STEADY_STEPS) if steady else (time.thread_time() >= until):
                return False

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        if self._left_behind is not None:
            canvas.blit(self._left_behind, (0, 0))
            # darkened by multiplying (0.3 ms), not by blending a black layer over it (1.1 ms of each
            # frame of the hand-over, which also gives the table's opening steps 4 ms a frame)
            keep = 255 - int(DIM_ALPHA * min(1.0, self.time / FADE_SECONDS))
            canvas.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)
