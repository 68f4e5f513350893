"""The end of a game at the table: a human out ("you are out" card or notice),
the autosave after each move, the replay written off the frame, the results
screen built ahead while the final position shows, then the hand-over.

Its own module because it owns every file the table writes (autosave, replay,
stats, rivals memory: ``finish_game``, the one end-of-game path) and the errors
they may raise become toasts here, never a traceback.
"""
from __future__ import annotations

from .. import games
from ..core import finished, saves
from ..core.story import out_places
from ..core.userfiles import UserFileError
from .out_moment import OutMoment, out_words
from .table_base import TableBase

END_DELAY = 1.6
END_DELAY_MAX = 3.0   # the final position may show this long while the results screen finishes building
"""Seconds the final position stays on screen before the results."""


class GameEnd(TableBase):
    """Eliminations, saving and the way to the results (a mixin of ``TableScene``)."""

    def _out_places(self) -> dict[int, int]:
        if not games.is_known(self.match.game_id):
            return {}
        return out_places(self.match.game_id, self.match.state)

    def _note_out(self) -> None:
        """After a move: queue every human newly out (shown once the reveal ends)."""
        out = self._out_places()
        for seat in sorted(set(out) - self._out_known):
            self._out_known.add(seat)
            if not self.match.seats[seat].is_ai:
                self._out_queue.append(seat)

    def _announce_out(self) -> None:
        """The last human out gets the card; others a notice while humans play on."""
        places = self._out_places()
        queue, self._out_queue = self._out_queue, []
        still_in = [h for h in self.humans if h not in places]
        n = len(self.match.seats)
        for seat in queue:
            self.out_shown.append(seat)
            title, line = out_words(self.words.says(seat, "is", "are"), places.get(seat, n - 1), n)
            if still_in or seat != queue[-1]:
                self.out_notice.add(f"{title} \u2013 {line}", self.theme.player_colour(seat))
            else:
                self.secrecy.drop()
                self.out_moment = OutMoment(seat, title, line)
        self.app.sounds.play("curtain", 0.5)

    def _out_event(self, event) -> None:
        choice = self.out_moment.handle_event(event) if self.out_moment is not None else None
        if choice is None:
            return
        self.out_moment = None
        if choice == "watch":
            self.watching_fast = True
        elif choice == "results":
            self._skip_to_results()
        elif choice == "title":
            try:
                self._finished = True         # the table stops here
                saves.autosave(self.match)   # the game stays saved: Continue watches on
                saves.flush_autosave()
            except (UserFileError, OSError) as exc:
                self.app.toast(f"Could not save: {exc}")
            self.app.nav.title()

    def _skip_to_results(self) -> None:
        """Every human is out: the AIs finish the game at once (the same
        moves the table would have shown), then the results."""
        self._forget_thought()   # no thought may run while the match plays on
        try:
            self.match.play_out()
        except RuntimeError:
            pass
        if not self.match.is_over:   # someone still must act by hand: watch instead
            self.watching_fast = True
            return
        self.game_log.sync(self.match.history)
        self._autosave()   # the game is over: the one end-of-game path (finish_game)
        self._finished = True
        self.app.sounds.play("win")
        self.app.nav.results(self.match, self.replay_path)

    def _autosave(self) -> None:
        """The game so far to the autosave; a finished one takes the end-of-game path."""
        if self.tutorial is not None:
            self.tutorial.save()   # a lesson keeps its own place, never the real autosave
            return
        if self.match.is_over:
            self.finish_game()
            return
        try:
            saves.autosave(self.match)
        except (UserFileError, OSError) as exc:
            self.app.toast(f"Could not save: {exc}")

    def _prepare_autosave(self) -> None:
        """While the table opens: the autosave's header written ahead, so the
        first move's save costs a rename, not two fsyncs (``saves.prepare_autosave``).
        A failure here is no error: the first save tries again and says so."""
        if self.replay is not None or self.tutorial is not None:
            return
        try:
            saves.prepare_autosave(self.match)
        except (UserFileError, OSError):
            pass

    def finish_game(self) -> None:
        """The one way a finished game is recorded, whichever way it ended
        (its last move, "Skip to the results", the crash rescue): replay,
        lifetime stats and the AIs' memory of their rivals, once, as one
        durable step (``game.core.finished``) on a worker thread when the app
        writes in the background.  The replay's name is known at once, so
        the results offer it; never for a replay being watched or a lesson."""
        if self.recording is not None or self.replay is not None or not self.match.is_over:
            return
        rivals = self.app.rivals if self.tutorial is None else None
        self.recording = finished.finish(self.match, rivals,
                                         background=self.app.write_in_background)
        self.replay_path = self.recording.replay_path
        if self.recording.done:
            self.recording.report(self.app.toast)
        if rivals is not None:
            self.say_rivals_note()

    def _finish(self, dt: float) -> None:
        if self._finished:
            return
        self._end_timer += dt
        # the final position shows END_DELAY, or no longer than the results take to build
        # when the player has just continued the game's last held moment (they read it)
        delay = 0.0 if self._continued_at == len(self.match.history) else END_DELAY
        if self._end_timer < delay or (self._end_timer < END_DELAY_MAX and self._building_results()):
            self._results_ahead()
            return
        self._finished = True
        if self.recording is not None:
            self.recording.report(self.app.toast)
        if self.replay is not None:
            self.replay.paused = True
            return
        if self.tutorial is not None:
            return   # the lesson's last note says Finish
        self.app.sounds.play("win")
        ahead = self._ahead
        if ahead is not None and ahead[0] == len(self.match.history) and ahead[2] is not None:
            self.app.nav.results(self.match, self.replay_path, prepared=ahead[2])
        else:
            self.app.nav.results(self.match, self.replay_path)

    def _building_results(self) -> bool:
        """The results screen of this final position is still being built
        ahead: the hand-over waits for it (up to ``END_DELAY_MAX``) rather
        than build the rest in one frame."""
        ahead = self._ahead
        return ahead is not None and ahead[0] == len(self.match.history) and ahead[1] is not None

    def _results_ahead(self) -> None:
        """One step of building the results screen while the final position
        shows (``Navigator.results_ahead``): the hand-over frame then only
        swaps screens.  Kept per history length (an undo makes it stale)."""
        if self.replay is not None or self.tutorial is not None:
            return
        ahead = self._ahead
        if ahead is None or ahead[0] != len(self.match.history):
            ahead = self._ahead = [len(self.match.history), self.app.nav.results_ahead(self.match), None]
        if ahead[1] is None:
            return
        try:
            next(ahead[1])
        except StopIteration as done:
            ahead[1], ahead[2] = None, done.value
