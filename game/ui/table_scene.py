"""TableScene: the base of every game's table, and the driver of a match.

A game's ``scene.py`` subclasses ``TableScene`` and draws its own table
(``draw_table``), reads its own input (``handle_table_event``) and calls
``self.submit(player, action)`` when a human decides.  Everything else is
done here, the same way for all five games: this module is the core (the
lifecycle, event routing, the frame step, the drawing order, a move's
application); each responsibility below is a component the table owns, in
its own module, asking the table only what its Protocol lists (the shared
state is ``table_base.py``'s):

* chance: a ``RollRequest`` becomes a physical throw (``game.physics.Throw``
  seeded by ``match.next_throw_seed()``, landing in ``dice_zones(request)``,
  drawn by ``ThrowView``); when the dice settle their faces are applied as
  the ``RollResult``.  Reduced motion uses ``Throw.instant``; replays pass the
  logged faces as ``forced``.  A ``ShuffleRequest`` is resolved at once
  (the table's ``throws`` component, throw_flow.py).
* AI: after a short natural delay (shorter on the fast setting) the AI's
  move comes from ``match.ai_interjection()`` / ``match.ai_turn_action()``,
  the same order as the headless ``Match.step``, so a seed plays the same on
  screen and in ``sim``.  While a human is thinking, AI interjections are
  polled once per position after the same delay (the ``ai_turns`` component,
  ai_turns.py; the AIs' reasons: ``reason_flow``, reason_flow.py; a moment
  held for reading: ``held``, held_moment.py).
* hidden dice: one policy object (``self.secrecy``, game/ui/secrecy.py)
  decides per die per frame whether a hidden die may be drawn face-up
  (``hot_seat.can_see``).  With two or more humans (hot-seat) every cup is down; the
  pass-the-screen curtain confirms who sits at the screen before a human
  must act, and that human peeks by holding Tab/Space or the "Peek at my
  dice" button; the cup drops on letting go, on any action, on a throw and
  when anything covers the table.  One human: their dice show as always
  (the ``hot_seat`` component, hotseat.py).
* words: ``self.words`` (game/core/grammar.py) says "You open" to the lone
  human and "Player 2 opens" to everyone else.
* Esc or the Menu button (menu_button.py) pauses; every applied action autosaves (errors become a toast); at the
  end the replay is saved and the results scene follows (the ``game_end``
  component, game_end.py).
* a move may be taken back (the ``undo_flow`` component, undo_flow.py); Continue opens a table as it was
  left (the ``restore_flow`` component, restore.py).

Watch-only mode (``replay=ReplayFeed``) plays a logged game back through the
same table (its ``replay_driver``, replay_drive.py), with the replay bar's pause / step / speed controls.
"""
from __future__ import annotations

import pygame

from ..core.grammar import isolated
from ..core.playback import REPLAY_SPEEDS, ReplayFeed  # noqa: F401 (re-exported)
from ..core.protocol import CHANCE, Action, IllegalActionError, RollRequest, ShuffleRequest
from . import game_log, layout, layout_record, preload
from .drawn_controls import CONTROLS
from . import theme as th
from .game_end import END_DELAY, END_DELAY_MAX  # noqa: F401 (re-exported)
from .pictures import render_table_background, table_background  # noqa: F401 (re-exported)
from .table_base import LogLine, TableBase  # noqa: F401 (re-exported)

EDGE_MARGIN = layout.EDGE_MARGIN

OPENING_DICE_PER_STEP = 12
"""Dice of the opening throw drawn out of sight per opening step (about 2 ms)."""

LOG_MOVES_PER_STEP = 25
"""Moves of a game under way told into its log per opening step (Continue; about 1-2 ms)."""

_OPENED = object()
"""``opening_step``'s mark of an opening run to its end."""

LOG_WIDTH = 560
"""Pixels of one row of the running commentary (bottom left, under the felt's edge)."""
LOG_MIN_WIDTH = 300
"""The commentary narrows to keep clear of the table's pieces (``log_keep_clear``), to no less than this."""
LOG_FLOOR_WIDTH = 160
"""Narrower than ``LOG_MIN_WIDTH``, one row of commentary still beats one printed under a nameplate."""
LOG_ROW = 20
LOG_ROWS = 8
"""Rows of the commentary at most (four lines of up to two rows)."""
LOG_LINES = 4
"""Lines of the commentary drawn, newest last."""


TABLE_FONTS: tuple[tuple, ...] = (
    (16, False, "body"), (15, False, "body"), (16, True, "body"), (17, True, "body"), (13, False, "body"))
"""The commentary's, the since card's and the nameplates' fonts (``glyph_fonts``)."""


class TableScene(TableBase):
    """Base of every game's table scene; see the module docstring.  The core:
    lifecycle, event routing, the frame step, the drawing order, a human's
    move and every move's application; the rest comes from the pieces."""

    paints_every_pixel = True   # the still picture (or the felt's background) first, opaque and whole

    def is_idle(self) -> bool:
        """Waiting for a human, with no throw, animation or AI poll pending
        (the app then checks the frames really stay the same before it rests)."""
        if self.tutorial is not None and self.tutorial.visible_step() is not None:
            return False   # the coach's ring pulses
        if self.held.moment is not None or self.log_panel.is_open:
            return True   # a held reveal or the open log: nothing moves until the player acts
        if self.replay is not None or self.throw_view is not None or self.is_busy():
            return False
        if self.match.state.is_terminal():
            return False
        if self.since.unfolding:
            return False   # the "since your last move" card folds after a few seconds
        if self.waiting_thrower is not None:
            return True
        return self.deciding_human() is not None and self.ai_turns.polled_at == len(self.match.history)

    def submit(self, player: int, action: Action) -> bool:
        """A human's decision; an illegal one gives a message, never a crash."""
        if self.replay is not None or self.game_end.finished or self.held.active():
            return False   # nothing moves on under a held moment (the click continues it)
        self.secrecy.drop()  # acting drops the cup
        if self.throw_view is not None or self.match.state.is_chance():
            self.app.toast("Wait for the dice to settle.")
            return False
        if self.tutorial is not None and not self.tutorial.allows(player, action):
            return False   # not what the lesson asks: its hint shows, nothing is applied
        try:
            undo = (self.tutorial is None   # a lesson's moves follow its script: no take-backs
                    and self.state.is_legal(player, action) and self.undoable(player, action))
            self._apply(player, action, undoable=undo)
        except IllegalActionError as exc:
            self.app.toast(str(exc))
            self.app.sounds.play("error")
            return False
        return True

    # ------------------------------------------------------------------
    # Lifecycle
    # ------------------------------------------------------------------
    def enter(self) -> None:
        self.game_log.sync(self.match.history)
        if self.replay is None:
            self.recall_commentary()
            self.app.tell_records_off()   # the data folder cannot be written: said once, with where
        self.restore_flow.restore()
        self.warm()
        if self.match.phone_seats and self.phones is None and self.replay is None:
            # a new game with phones, or Continue: fresh codes.  The hand-out's end brings the curtain a
            # seat at this screen needs (``back_to_table``): asked now, before the table knows which
            # seats play on phones, a phone seat's turn got the hot-seat curtain (Continue, qa31)
            if self.offer_phones(self.match.phone_seats):
                return
        self.hot_seat.maybe_curtain()

    def recall_commentary(self) -> None:
        """A Continue's commentary says the last moves again, as it did when
        the game was left (it came back empty: a player back from the title
        saw nothing of what the AIs had just done).  Only the moves' own
        public lines, so nothing hidden is said: the moves the rules made for
        a seat too (Roll the Bones' forced antes), as the commentary said them."""
        for player, action in self.game_log.moves(self.match.history)[-LOG_LINES:]:
            self.announce(self.move_line(player, action))

    def offer_phones(self, seats) -> bool:
        """Start this table's phones for ``seats`` and hand out their codes one
        seat at a time; when the table already uses phones, their list ("New
        code" for a lost phone, "Use a phone" for a seat back on this screen).  A problem (no home network) is a toast and
        the seats stay on the screen."""
        if self.phones is not None:   # its list: "New code" for a phone seat, "Use a phone" for a screen seat
            self.app.nav.phone_links(self)
            return True
        try:
            self.use_phones(seats)
        except OSError as exc:
            self.match.phone_seats = ()
            self.app.toast(f"Phones are not available: {exc}")
            return False
        self.app.nav.phone_codes(self)
        return True

    def phone_to_screen(self, seat: int) -> None:
        """``seat`` plays at this screen again (its phone is let go): the
        hot-seat curtain comes for it as for any screen seat."""
        if self.phones is not None:
            self.phones.to_screen(seat)
            self.match.phone_seats = tuple(self.phones.seats)
        self.hot_seat.maybe_curtain()

    def warm(self) -> None:
        """Build now what the opening hand-over (``opening_steps``, run a few
        steps a frame by ``scenes/opening.py``) has not built yet; then the
        table's later pictures start, one step a frame (``warm_steps``)."""
        self.begin_opening()
        while (step := self.opening_step()) is not None:
            if isinstance(step, preload.Loading):
                step.wait()
        self._warming = self.warm_steps()
        self._glyphs_later = self.theme.glyph_steps(self.later_glyph_fonts())

    def begin_opening(self) -> None:
        """Start the opening steps (once)."""
        if self._opening is None:
            self._opening = self.opening_steps()

    def opening_step(self) -> object:
        """Run one opening step: None once all have run, a ``preload.Loading``
        when it waits for work off the frame, ``preload.FRESH_FRAME`` before a
        step that wants a frame's share to itself, else True."""
        self.begin_opening()
        assert self._opening is not None
        got = next(self._opening, _OPENED)
        return None if got is _OPENED else (got if isinstance(got, preload.Loading) or got == preload.FRESH_FRAME
                                            else True)

    def opening_steps(self):
        """What the first throw and the first frame would otherwise build
        (70-230 ms at big tables), one small piece per step (a generator):
        the physics and results modules (imported on a thread, ``preload``),
        the dice renderer's sprites for the kinds of dice this game throws,
        the felt background, the opening throw of a bidding table (step by
        step, then drawn once), one drawing of the table (its labels, fonts
        and still layer) and the autosave's header (on a thread: its fsync).
        The drawings go on the canvas before this frame's drawing covers them
        (the hand-over's picture, or the table's own first frame): never shown."""
        loading = preload.start(self.match.game_id)
        while not loading.done():
            yield loading   # the imports run off the frame (the hand-over shows meanwhile)
        header = preload.in_background(self.game_end.prepare_autosave, "autosave-header")   # its fsync too
        from . import throw_view
        request = self.match.state.chance_request()
        kinds = ({g.kind for g in request.groups} if isinstance(request, RollRequest) else set()) - {"d6"}
        self.picture_warmer.saw(request)
        if self._renderer is None:
            from . import dice_render
            self._renderer = dice_render.DiceRenderer(self.die_size, prewarm=False)
            yield from self._renderer.prewarm_steps()
        yield from self._renderer.prewarm_steps(tuple(sorted(kinds)))
        table_background((layout.CANVAS_W, layout.CANVAS_H))
        yield
        yield from self._restore_steps()
        if self.prepare_throws and isinstance(request, RollRequest):
            self.throws.prepare()   # the opening throw, built step by step now
            yield
            prepared = self.throws.prepared
            if prepared is not None and prepared[1] is not None:
                while not prepared[1].build_step():
                    yield
                # and drawn once out of sight: the dice pictures of its first frame
                # (each seat's colour, face-down, at their starting angles) made now
                yield from throw_view.ThrowView(prepared[1], self.renderer, can_see=self.hot_seat.can_see,
                                                colours=self.throw_colour).draw_in_parts(
                    self.app.canvas, OPENING_DICE_PER_STEP)
                yield from self.picture_warmer.first_throw_steps(request, self.hot_seat.can_see)
        yield from self.theme.glyph_steps(self.glyph_fonts())   # first: the first drawing's labels then cost ~0.1 ms
        yield from self.first_draw_steps()
        yield from self._first_drawing_in_parts(self.app.canvas)
        if self.tutorial is not None:
            yield from self.tutorial.warm_steps()   # the coach's card: its words made now
        while not header.done():
            yield header
        if self.replay is None and self.tutorial is None:
            yield from self.app.nav.warm_results(self.match.game_id)   # the results screen's fonts: not in the end delay

    def _restore_steps(self):
        """A game under way (Continue): its log told ``LOG_MOVES_PER_STEP``
        moves a step and its last throw laid (``RestoreFlow.prepare_steps``),
        so ``enter`` finds them done.  Nothing for a new game."""
        history = self.match.history
        for told in range(LOG_MOVES_PER_STEP, len(history), LOG_MOVES_PER_STEP):
            self.game_log.sync(history[:told])
            yield
        self.game_log.sync(history)
        yield from self.restore_flow.prepare_steps()

    def _first_drawing_in_parts(self, scratch: pygame.Surface):
        """The table drawn once (its labels, fonts and still layer made), its
        parts a step each, then whole (all made by then)."""
        for seat in range(len(self.match.seats)):   # the nameplates' names (``draw_seats``)
            lines, size = self.plate_name(seat)
            for line in lines:
                self.theme.text(line, size, th.CREAM, bold=True)
            yield
        self.still.prepare(scratch.get_size())
        yield preload.FRESH_FRAME
        self.still.draw(scratch, self.still_key(), self._paint_still, self.renderer, self.still_layers)
        yield preload.FRESH_FRAME
        # the still again, in this step: a frame of the hand-over between two steps paints the screen
        # left behind on ``scratch`` (the app's canvas), and patches kept over the still (the bid
        # history's) keep what lies under them (the title's Quit showed through "This round")
        self.still.draw(scratch, self.still_key(), self._paint_still, self.renderer, self.still_layers)
        self.draw_table(scratch, 0.0)
        yield
        if self.show_log:
            self._draw_log(scratch)
            yield
        if self.humans:   # the "since your last move" card's places, sorted once (at its first showing: 1-2 ms)
            game_log.card_spots(self.log_panel.BUTTON, self.since.RECT_TOPLEFT)
            yield
        self.draw(scratch, 0.0)
        yield

    def first_draw_steps(self):
        """Pictures the table's first drawing would paint, a piece per step
        (a generator the opening runs before that drawing).  Default: none."""
        return iter(())

    def glyph_fonts(self) -> tuple[tuple, ...]:
        """The (size, bold, style) of the words a table prints as it plays
        (the commentary, the since card, nameplates): their glyphs are drawn
        once while it opens (``Theme.glyph_steps``); games add theirs."""
        return TABLE_FONTS

    def later_glyph_fonts(self) -> tuple[tuple, ...]:
        """Fonts whose words come only later in a game (a reveal's tally,
        say): their glyphs are drawn after the opening, a step in each frame
        with nothing in flight (``fixed_update``), so the hand-over stays
        short.  Default: none."""
        return ()

    def warm_steps(self):
        """Pictures the table will need later (a reveal's dice, say), built a
        small piece per step: a generator that ``fixed_update`` runs one step
        a frame, so the moment that first shows them does not paint them all.
        Default: none."""
        return iter(())

    def pause(self) -> None:
        self.hot_seat.cup_down()  # another screen covers the table: cups down

    def exit(self) -> None:
        self.hot_seat.cup_down()
        if self.phones is not None:
            self.phones.close()   # the server listens only while a table uses phones
        self.app.autosave.discard_prepared()   # no move was made: no header left behind

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
        if self.menu_button_shown() and self.menu_button.pressed(event):
            self.secrecy.drop()   # as Esc drops a lifted cup (``HotSeatFlow.handle_event``)
            self.escape()
            return
        if self.secrecy.hotseat and (not self.log_panel.is_open or event.type == pygame.KEYUP) \
                and self.hot_seat.handle_event(event):
            return
        if self.game_end.out_moment is not None:
            self.game_end.out_event(event)
            return
        if self.phones is not None and self.phones.handle_event(event):
            return
        if self.tutorial is not None and self.tutorial.handle_event(event):
            return
        if self.log_panel.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return
        if self.replay_bar is not None and self.replay_bar.handle_event(event):
            return
        if self.held.moment is not None and self.held.handle_event(event):
            return
        if self.replay is None and self.undo_flow.handle_event(event):
            return
        if self.hand_over.refuses(event):
            return   # the last person's double-click or mash, at the next person's turn
        if self.waiting_thrower is not None and self.throws.handle_event(event):
            return
        if self.throw_view is None:
            self.handle_table_event(event)

    def press_moment(self) -> object:
        """A person's move or a throw (``HandOver.moment``) and a lesson's step:
        a double-click's second click outliving either was aimed at what went."""
        return (self.hand_over.moment(), None if self.tutorial is None else self.tutorial.tutorial.step_index)

    def escape(self) -> None:
        """Esc, or the Menu button: a replay closes, a game pauses (the pause menu)."""
        if self.replay_driver is not None:
            self.replay_driver.leave()
        else:
            self.app.nav.pause(self)

    def menu_button_shown(self) -> bool:
        """The Menu button shows over a game's table (a lesson's too), never in a
        replay (its bar's close button is its way out), behind the curtain or
        under the "you are out" moment (whose own choices include the title)."""
        return (self.replay is None and self.game_end.out_moment is None
                and not self.hot_seat.curtain_hides_table())

    def fixed_update(self, dt: float) -> None:
        if self.phones is not None:
            self.phones.pump()   # a phone's move is applied here, on the game thread, as a click is
        self.time += dt
        self.hand_over.update()   # another person's turn at this screen: their buttons wait a moment
        self.banners.prune(self.time)
        if self._warming is not None and next(self._warming, None) is None:
            self._warming = None
        elif self.throw_view is None and not self.is_busy():   # a frame that waits anyway (nothing flies)
            self._waiting_work_frame = self.app.frame   # done after its drawing (``_waiting_work``)
        self.throws.dispose_step()
        if self.secrecy.peeking and not self.hot_seat.peek_possible():
            self.secrecy.drop()  # something covered the table or started moving
        if self.log_panel.is_open:
            return   # the table holds still while the log is read
        self._update_since()
        self.since.tick(dt)
        for line in self.log:
            line.age += dt
        if self.throws.advance(dt):
            return
        self.game_end.out_notice.update(dt)
        if not self.is_busy():
            self.held.animation_over()   # a moment to hold after its animation: the prompt shows
        if self.held.active() or self.is_busy() or not self.is_top:
            self.throws.prepare()
            if self.held.moment is not None and self.match.is_over and self.is_top:
                self.game_end.results_ahead()   # the results are built while the last moment is read
            return
        if self.game_end.out_moment is not None:
            return
        if self.game_end.finished and not self.match.is_over:
            return   # left the table (the out moment's "leave"): nothing more is played
        if self.tutorial is not None and self.tutorial.holds_table():
            return   # the learner reads the coach's note first
        state = self.match.state
        if state.is_terminal():
            self.game_end.finish(dt)
            return
        if self.game_end.announce_out():
            return
        if self.replay_driver is not None:
            self.replay_driver.drive(dt)
            return
        request = state.chance_request()
        if isinstance(request, RollRequest):
            if self.throws.released_at != len(self.match.history):
                self.throws.wait_for(self.throw_waits_for(request))
                if self.waiting_thrower is not None:
                    return
            self.throws.wait_for(None)
            self._waiting_work_frame = -1   # this frame finds the dice's landing places and draws the first dice
            self.throws.start(request)
            return
        if isinstance(request, ShuffleRequest):
            self._apply(CHANCE, self.match.chance_outcome())
            return
        self.ai_turns.drive(dt)

    def still_key(self):
        """What the still bottom layer (``draw_still``) shows, as a value that
        changes whenever its picture would (see game/ui/still_layer.py); None
        draws it afresh every frame.  Default: only the felt."""
        return ("felt",)

    def still_layers(self):
        """The still in two layers (what ``StillLayer.draw``'s ``layers`` gives
        when it paints: the bottom's key, its painter with the background, the
        top's painter), or None: painted in one go (``_paint_still``).  Default: one go."""
        return None

    def draw_still(self, canvas: pygame.Surface) -> None:
        """Draw what lies on the felt and changes only at moments (kept as a
        picture until ``still_key`` changes); the background is already drawn."""

    def _paint_still(self, canvas: pygame.Surface) -> None:
        self.draw_background(canvas)
        self.draw_still(canvas)

    def draw(self, canvas: pygame.Surface, alpha: float) -> None:
        coach = self.tutorial
        repaints = self.still.redraws
        placing = coach is not None and coach.wants_boxes()
        if coach is not None and placing:
            # the coach places its card by what the table draws (its words, dice, cards, panels)
            with layout_record.recording(canvas) as drawn:
                self._draw_table(canvas, alpha)
            coach.draw(canvas, drawn)
        else:
            self._draw_table(canvas, alpha)
            if coach is not None:
                coach.draw(canvas)
        self._waiting_work(repainted=placing or self.still.redraws != repaints and self.still.key is not None)

    def _waiting_work(self, repainted: bool) -> None:
        """A waiting frame's work ahead (a later font's glyphs, then dice
        pictures: ``picture_warmer``), after its drawing and only if that
        drawing was cheap: a frame that painted the still layer afresh (a move
        landed: 3-5 ms at 20 seats), started a throw (Roll the Bones 6: 6-9 ms)
        or placed a lesson's card (its first frame: 2-5 ms) leaves it to the
        next, so the two never add up."""
        if self._waiting_work_frame != self.app.frame or repainted:
            return
        self._waiting_work_frame = -1   # once a frame
        if self._glyphs_later is not None:
            if next(self._glyphs_later, None) is None:
                self._glyphs_later = None
        else:
            self.picture_warmer.step(self.app.frame)

    def _draw_table(self, canvas: pygame.Surface, alpha: float) -> None:
        """Everything but the coach's card."""
        if self.renderer is not None:
            self.renderer.start_record()
        self.banner_rects = []   # the table notes this frame's banners as it draws them
        self.still.draw(canvas, self.still_key(), self._paint_still, self.renderer, self.still_layers)
        controls_before = CONTROLS.enabled_count()   # what follows, up to draw_above_dice, is the game's own
        self.draw_table(canvas, alpha)
        view = self.throw_view or (self.settled_view if self.keep_settled_dice else None)
        if view is not None:
            view.draw(canvas, alpha)
        if self.secrecy.hotseat and self.replay is None:
            self.hot_seat.draw_seated_mark(canvas)
        if self.hot_seat.button_shown():
            self.hot_seat.draw_peek_button(canvas)
        if self.show_log:
            self._draw_log(canvas)
        self.throws.draw_prompt(canvas)
        if self.replay_bar is not None:
            mouse = self.app.mouse_pointer()
            self.replay_bar.draw(canvas, self.theme, mouse)
        self.draw_above_dice(canvas)
        # a person's buttons are up (or their throw waits: a click anywhere throws, prompt or not): their wait counts
        self.hand_over.drawn(CONTROLS.enabled_count() > controls_before or self.waiting_thrower is not None)
        self.undo_flow.draw(canvas)
        if (self.tutorial is None or self.tutorial.visible_step() is None) and self.is_top \
                and not self.hot_seat.curtain_hides_table():
            # a held moment's "continue" prompt, else a call window's countdown; not under an open
            # "Whose dice?": it holds the AIs, so the countdown stands still, and at Roll Call 10 the
            # board may need its place
            if not self.held.draw(canvas) and self.hot_seat.choosing_owner is None:
                self.ai_turns.draw_call_window(canvas)
        if not self.hot_seat.curtain_hides_table():
            self.game_end.out_notice.draw(canvas, self.theme)
            if self.phones is not None and self.is_top:
                self.phones.draw(canvas, self.theme)   # "Waiting for Ana's phone" (not under a menu)
        self._draw_log_chrome(canvas)
        if not self.hot_seat.curtain_hides_table():
            self.draw_name_tip(canvas)

    NAME_TIP_SIZE = 16

    def draw_name_tip(self, canvas: pygame.Surface) -> None:
        """Over a nameplate whose name is cut ("…", ``plate_name``), the whole
        name in a tip above the plate (below it on the top row), as a card
        game's seat label shows it on hover."""
        seat = next((i for i, plate in self.seat_plates.items() if plate.collidepoint(self.pointer)), None)
        if seat is None or not self.plate_name_cut(seat):
            return
        plate = self.seat_plates[seat]
        words = self.theme.text(self.seat_name(seat), self.NAME_TIP_SIZE, th.CREAM, bold=True)
        tip = pygame.Rect(0, 0, words.get_width() + 20, words.get_height() + 10)
        tip.midbottom = (plate.centerx, plate.y - 4)
        if tip.y < EDGE_MARGIN:
            tip.midtop = (plate.centerx, plate.bottom + 4)
        tip.clamp_ip(pygame.Rect(0, 0, layout.CANVAS_W, layout.CANVAS_H).inflate(-2 * EDGE_MARGIN, -2 * EDGE_MARGIN))
        pygame.draw.rect(canvas, th.WOOD_DARK, tip, border_radius=8)
        pygame.draw.rect(canvas, th.BRASS_LIGHT, tip, 2, border_radius=8)
        layout_record.note(canvas, "panel", tip)
        th.blit_text(canvas, words, (tip.x + 10, tip.y + 5))

    def anchor_rect(self, name: str):
        """Where the thing called ``name`` is on screen (the tutorial coach
        points at it), or None; tables add their own names."""
        if name.startswith("seat:") and name[5:].isdigit() and int(name[5:]) < len(self.seat_spots):
            spot = self.seat_spots[int(name[5:])]
            return pygame.Rect(0, 0, 150, 48).move(int(spot.x) - 75, int(spot.y) - 24)
        return {"centre": pygame.Rect(430, 160, 420, 230)}.get(name)

    def coach_keep_clear(self) -> list:
        """Rectangles the coach's card must not cover (besides its target)."""
        return []

    def draw_above_dice(self, canvas: pygame.Surface) -> None:
        """Game drawing above the dice in flight (banners, dialogs); the log
        button and panel still go on top."""

    def _draw_log_chrome(self, canvas: pygame.Surface) -> None:
        """The shared log pieces: the "since your last move" card, the Log button, the open panel."""
        if self.hot_seat.curtain_hides_table():
            return
        mouse = self.app.mouse_pointer()
        if self.since.shown:
            self.since.place(*self.since_area())
        self.since.draw(canvas, self.theme, mouse)
        self.log_panel.draw_button(canvas, self.theme, mouse)
        if self.menu_button_shown():
            self.menu_button.draw(canvas, self.theme, mouse)
        self.log_panel.draw(canvas, self.theme)
        out_moment = self.game_end.out_moment
        if out_moment is not None and self.is_top:
            out_moment.draw(canvas, self.theme, self.theme.player_colour(out_moment.seat))

    def move_line(self, seat: int, action: Action) -> str:
        """The commentary's line for a move: the action's own sentence when it
        has one (``sentence(words, seat)``: "You ante 2 dice", "Mags takes a
        reroll from Bram", with verbs that agree), else what the seat says,
        "Mags: bid 3 fives", "You: call"."""
        sentence = getattr(action, "sentence", None)
        if sentence is not None:
            return sentence(self.words, seat)
        return f"{isolated(self.seat_name(seat))}: {action.label()}"

    def since_keep_clear(self) -> list[list[pygame.Rect]]:
        """What the "since your last move" card must not cover besides the
        Log and Peek buttons and the commentary's newest line, in tiers from
        the most cautious (``since_area`` takes the first tier that leaves
        room): a bidding table keeps its centre, picker, round's bids and
        nameplates clear always, and its dice as far as it can.  Default:
        ``log_keep_clear`` (every nameplate as drawn, unless the game says
        more) always, and first also the coach's pieces (``coach_keep_clear``)
        and the game's own (``table_pieces``: piles, bubbles, labels), so a
        card never hides who sits where (a Roll the Bones card had covered a
        nameplate and a seat's "no bone")."""
        always = self.log_keep_clear()
        return [always + self.coach_keep_clear() + self.table_pieces(), always]

    def table_pieces(self) -> list[pygame.Rect]:
        """The game's pieces on the felt a card should leave in view where it
        can (``since_keep_clear``'s first tier).  Default: none."""
        return []

    def chrome_keep_clear(self) -> list[pygame.Rect]:
        """The table's own controls and words a banner must leave in view: the
        Log and Menu buttons, the running commentary, the Peek button while it shows and
        the replay bar in a replay."""
        chrome = [self.log_panel.BUTTON.inflate(12, 12), self.menu_button.rect.inflate(12, 12), self.log_area()]
        if self.hot_seat.button_shown():
            chrome.append(self.hot_seat.peek_button_rect().inflate(8, 8))
        if self.replay_bar is not None:
            chrome.append(self.replay_bar.rect())
        return chrome

    def since_area(self) -> tuple[pygame.Rect, int]:
        """Where the "since your last move" card goes, and how many lines it
        shows, never over a banner drawn this frame: with the first tier of ``since_keep_clear()`` that leaves room,
        the first of ``game_log.card_spots`` (under the Log button first, then
        the nearest) where, at its width or narrower, with all its lines or
        fewer, it covers nothing of that tier; else, narrower still (down to
        its title) with ``SUMMARY_TIGHT_LINES``, where that covers nothing of
        the last tier; else where it covers least (game_log.clear_spot).
        An open card stays where it is while that covers nothing of the last
        tier.  Worked out once per card and position of the pieces."""
        area = self.log_area()   # the commentary's newest line (its older ones may go under the card)
        chrome = [self.log_panel.BUTTON.inflate(12, 12), self.menu_button.rect.inflate(12, 12),
                  pygame.Rect(area.x, area.bottom - 2 * LOG_ROW, area.w, 2 * LOG_ROW)]
        if self.hot_seat.button_shown():
            chrome.append(self.hot_seat.peek_button_rect().inflate(8, 8))
        prompt = self.throws.prompt_rect()   # "click or press Space to roll" (Diced Out's turn)
        if prompt is not None:
            chrome.append(prompt.inflate(8, 8))
        chrome += [banner.inflate(8, 8) for banner in self.banner_rects]   # as drawn this frame (a Roll the
        # Bones banner placed before the card lay under its words)
        tiers = [tier + chrome for tier in self.since_keep_clear()]
        since = self.since
        key = (since.shows, tuple(tuple(tuple(r) for r in tier) for tier in tiers))
        cached = self.__dict__.get("_since_area")
        if cached is not None and cached[0] == key:
            return cached[1]
        if cached is not None and cached[0][0] == since.shows and cached[1][0].collidelist(tiers[-1]) < 0:
            self.__dict__["_since_area"] = (key, cached[1])   # still clear where its reader found it: it
            return cached[1]   # stays (it jumped across a 20-seat table as the "Palifico!" band faded)
        narrowest = max(game_log.CARD_MIN_WIDTH, since.title_width(self.theme))   # the title on one line
        widths = list(range(self.since_width, narrowest - 1, -40)) or [self.since_width]
        keeps = (game_log.SUMMARY_LINES, game_log.SUMMARY_LINES - 2, game_log.SUMMARY_MIN_LINES)
        spots = game_log.card_spots(self.log_panel.BUTTON, since.RECT_TOPLEFT)
        def height(w: int, keep: int) -> int:
            return since.card_height(self.theme, w, keep)
        placed = game_log.clear_spot(height, widths, keeps, spots, tiers)
        if placed[0].collidelist(tiers[-1]) >= 0:   # no card fits clear: a smaller one before a covering one
            tight = list(range(narrowest - 20, since.title_width(self.theme) - 1, -20))
            small = game_log.clear_spot(height, tight or [narrowest], (game_log.SUMMARY_TIGHT_LINES,), spots,
                                        tiers[-1:])
            if small[0].collidelist(tiers[-1]) < 0:
                placed = small
        self.__dict__["_since_area"] = (key, placed)
        return placed

    def _update_since(self) -> None:
        """Show what others did since a human's last move when their turn starts."""
        seat = self.human_to_act()
        if seat is None:
            seat = self.waiting_thrower
        if seat == self._since_for:
            return
        self._since_for = seat
        if seat is None or self.replay is not None or not self.game_log.has_acted(seat):
            return
        title = "Since your last move" if len(self.humans) == 1 else f"{isolated(self.seat_name(seat))}: since your last move"
        self.since.show(seat, title, self.game_log.since_last_turn(seat), name_cut_ok=not self.plate_name_cut(seat))

    def _apply(self, player: int, action: Action, undoable: bool = False) -> None:
        self.ai_turns.forget_thought()   # any move makes a thought in progress stale
        self.secrecy.table_moved()  # the cup drops before anything happens on the table
        before = self.match.state
        self.match.apply(player, action, undoable=undoable)
        self.game_log.sync(self.match.history)
        if player == self.since.seat:
            self.since.hide()
        self.ai_turns.moved()   # the next AI waits afresh; any move closes the call window
        if self.replay_driver is not None:
            self.replay_driver.moved()
        if player != CHANCE:
            self.announce(self.move_line(player, action))
            self.app.sounds.play("click", 0.6)
        if self.replay is None and not self.match.can_take_back():
            self.game_end.autosave()   # a move that may still be taken back is saved with the next one;
            # the last one ends the game: recorded once (finish_game)
        self.on_applied(player, action, before)
        for seat, move in self.match.state.automatic_moves():   # what the rules did for a seat with no choice
            self.say_automatic(self.move_line(seat, move))
        if player != CHANCE:
            self.reason_flow.tell(player)   # a replay's too: its AIs' reasons are worked out again
        if self.replay is None:
            self.game_end.note_out()
            self.hot_seat.maybe_curtain()

    def say_automatic(self, line: str) -> None:
        """Say the log line of a move the rules made for a seat with no
        choice: behind a held moment, once the player continues."""
        self.held.say_after(line)

    # ------------------------------------------------------------------
    # A human's controls
    # ------------------------------------------------------------------
    def decision_changed(self) -> bool:
        """True once each time the decision point changes (a move was made,
        another seat must act, a throw began or ended): the moment for a
        scene to rebuild its human controls, and no other."""
        key = (len(self.match.history), self.human_to_act(), self.throw_view is None)
        if key == self._decision_key:
            return False
        self._decision_key = key
        return True

    def controls_to_build(self, group) -> int | None:
        """Once per decision point (``decision_changed``): empty ``group`` (a
        ``FocusGroup``) and return the human seat whose buttons it should
        hold now; None when nothing changed, nobody here decides, or dice
        are in the air."""
        if not self.decision_changed():
            return None
        group.clear()
        player = self.human_to_act()
        return None if player is None or self.throw_view is not None else player

    # ------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------
    def draw_background(self, canvas: pygame.Surface) -> None:
        """The room, the wooden rail and the felt (cached once per size)."""
        canvas.blit(table_background(canvas.get_size()), (0, 0))

    def draw_seats(self, canvas: pygame.Surface, active: int | None = None,
                   notes: dict[int, str] | None = None, near: pygame.Rect | None = None) -> None:
        """Nameplates on the rail: seat colour, name, AI level, an optional note
        (score, dice left); ``active`` glows.  Each plate keeps ``EDGE_MARGIN``
        from the window edge; where it was drawn is kept in ``seat_plates``.
        ``near``: only the plates (with a glow's room) reaching into it are drawn
        (a painting clipped to it: ``StillHighlight``)."""
        self.highlighted_seat = active
        for i, spot in enumerate(self.seat_spots):
            seat = self.match.seats[i]
            lines, size = self.plate_name(i)
            names = [self.theme.text(line, size, th.CREAM, bold=True) for line in lines]
            note = (notes or {}).get(i, "" if not seat.is_ai else f"AI {seat.level}")
            small = self.theme.text(note, 13, th.BRASS_LIGHT) if note else None
            w = max(*(name.get_width() for name in names), small.get_width() if small else 0) + layout.PLATE_PAD
            if self.phones is not None and self.phones.holds(i):
                w += layout.PLATE_PHONE_MARK   # room for the phone mark
            plate = pygame.Rect(0, 0, w, layout.plate_height(len(lines), small is not None))
            plate.center = (int(spot.x), int(spot.y))
            plate.clamp_ip(pygame.Rect(0, 0, layout.CANVAS_W, layout.CANVAS_H).inflate(-2 * EDGE_MARGIN, -2 * EDGE_MARGIN))
            self.seat_plates[i] = plate
            if near is not None and not plate.inflate(14, 14).colliderect(near):
                continue
            if i == active:
                glow = pygame.Surface(plate.inflate(14, 14).size, pygame.SRCALPHA)
                pygame.draw.rect(glow, (*th.BRASS_LIGHT, 110), glow.get_rect(), border_radius=14)
                canvas.blit(glow, plate.inflate(14, 14).topleft)
            pygame.draw.rect(canvas, th.WOOD_DARK, plate, border_radius=10)
            pygame.draw.rect(canvas, th.BRASS_LIGHT if i == active else th.BRASS_DARK, plate, 2, border_radius=10)
            layout_record.note(canvas, "panel", plate)   # the layout check sees the plate and its words
            pygame.draw.circle(canvas, self.theme.player_colour(i), (plate.x + 14, plate.y + 15), 7)
            if len(names) == 1:
                th.blit_text(canvas, names[0], (plate.x + 28, plate.y + 5))
                note_y = plate.y + 25
            else:   # a two-line name (``layout.fit_plate_name``)
                line_h = layout.PLATE_TWO_LINE_SIZES[0] + 3
                for k, name in enumerate(names):
                    th.blit_text(canvas, name, (plate.x + 28, plate.y + layout.PLATE_NAME_TOP + k * line_h))
                note_y = plate.y + layout.PLATE_NAME_TOP + len(names) * line_h
            if small:
                th.blit_text(canvas, small, (plate.x + 28, note_y))
            if self.phones is not None and self.phones.holds(i):
                self.phones.draw_plate_mark(canvas, plate, i)

    def log_area(self) -> pygame.Rect:
        """Where the running commentary may print: bottom left, as many rows
        (of ``LOG_ROWS``) as fit at a width of at least ``LOG_MIN_WIDTH``
        clear of ``log_keep_clear`` and the Peek button (the rows then hold
        fewer lines rather than print over a nameplate, your dice or a button)."""
        bottom = 700 if self.replay_bar is None else self.replay_bar.rect().top - 18   # above the replay bar
        clear = list(self.log_keep_clear())
        if self.hot_seat.button_shown():
            clear.append(self.hot_seat.peek_button_rect())
        key = (bottom, tuple(tuple(r) for r in clear))
        cached = self.__dict__.get("_log_area")
        if cached is not None and cached[0] == key:
            return cached[1]
        def width_at(top: int) -> int:
            width = LOG_WIDTH
            for rect in clear:
                if rect.bottom > top - 2 and rect.top < bottom + 4 and rect.right > 16:
                    width = min(width, rect.left - 12 - 16)
            return width
        one_row = width_at(bottom - LOG_ROW)   # no room at the usual least width (a 20-seat replay, lifted
        # above its bar, beside the bottom-left plate): one narrower row, its line cut with "…", rather
        # than a row printed under a nameplate
        area = pygame.Rect(16, bottom - LOG_ROW, one_row if one_row >= LOG_FLOOR_WIDTH else LOG_MIN_WIDTH, LOG_ROW)
        for rows in range(LOG_ROWS, 0, -1):
            top = bottom - rows * LOG_ROW
            width = width_at(top)
            if width >= LOG_MIN_WIDTH:
                area = pygame.Rect(16, top, width, bottom - top)
                break
        self.__dict__["_log_area"] = (key, area)
        return area

    LOG_SIZES = (16, 14)
    """The commentary's letter sizes, the usual first (``log_rows``)."""

    def log_rows(self, text: str, width: int, rows: int) -> tuple[int, tuple[str, ...]]:
        """A commentary line in at most ``rows`` rows of ``width`` pixels: its
        size and rows.  Whole at 16 points, else at 14, else cut after whole
        words with "…" (an AI's why line can run long; at 19 hot seats of
        wide names the Peek button left the commentary one row, and a bid's
        line of two rows was not drawn at all)."""
        for size in self.LOG_SIZES:
            wrapped = th.wrap_text(self.theme.font(size), text, width)
            if len(wrapped) <= rows:
                return size, tuple(wrapped)
        font = self.theme.font(size)
        return size, (*wrapped[:rows - 1], th.fit_words(font, " ".join(wrapped[rows - 1:]), width))

    def _draw_log(self, canvas: pygame.Surface) -> None:
        area = self.log_area()
        y = area.bottom
        room = min(2, max(1, area.h // LOG_ROW))
        for line in reversed(self.log[-LOG_LINES:]):
            fade = max(0, min(255, int(255 - max(0.0, line.age - 6.0) * 120)))
            if fade <= 0:
                continue
            if line.rows is None or line.wrapped_at != (area.w, room):
                line.size, rows = self.log_rows(line.text, area.w, room)
                line.rows, line.wrapped_at = rows, (area.w, room)
            if y - len(line.rows) * LOG_ROW < area.top:
                break   # no room for an older line
            for row in reversed(line.rows):
                surf = th.faded(self.theme.text(row, line.size, line.colour), fade)
                th.blit_text(canvas, surf, (16, y), "bottomleft", shadow=1)
                y -= LOG_ROW
