"""The end of a game at the table: a human out ("you are out" card or notice),
the autosave after each move, the replay written off the frame, the results
screen built ahead while the final position shows, then the hand-over.

``GameEnd`` is a component the table owns (``table.game_end``): it keeps who
was announced out, the out card, whether the table finished, the recording
of the finished game and the results built ahead, and asks the table only
what ``EndTable`` lists.  Its own module because it owns every file the table
writes (autosave, replay, stats, rivals memory: ``finish_game``, the one
end-of-game path) and the errors they may raise become toasts here, never a
traceback.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from .. import games
from ..core import finished
from ..core.story import out_places
from ..core.userfiles import UserFileError
from .out_moment import OutMoment, OutNotice, out_words

if TYPE_CHECKING:
    from ..core.grammar import Voice
    from ..core.match import Match
    from ..core.narration import GameLog
    from ..core.playback import ReplayFeed
    from .ai_turns import AiTurns
    from .held_moment import HeldMoment
    from .secrecy import Secrecy
    from .services import AppServices
    from .theme import Theme
    from .tutorial import TutorialCoach

END_DELAY = 1.6
END_DELAY_MAX = 3.0   # the final position may show this long while the results screen finishes building
"""Seconds the final position stays on screen before the results."""
STORY_PATIENCE = END_DELAY_MAX - 1.0
"""Seconds of the end delay the results built ahead wait for the story's
thread; the last second is for the pieces after it (a few dozen frames), so
the hand-over always has a finished screen to swap in (a story told later is
painted in by the results screen)."""


def not_saved(exc: Exception) -> str:
    """What a player is told when the game could not be saved (a full disk):
    the table's autosave and the pause menu's Save and quit say it in the
    same words, so the two toasts are one (``App.toast`` keeps one copy)."""
    return f"This game is not being saved ({exc})"


class EndTable(Protocol):
    """What the end of a game asks of its table."""

    app: AppServices
    match: Match
    humans: list[int]
    words: Voice
    secrecy: Secrecy
    game_log: GameLog
    tutorial: TutorialCoach | None
    held: HeldMoment
    ai_turns: AiTurns

    @property
    def replay(self) -> ReplayFeed | None: ...
    @property
    def theme(self) -> Theme: ...
    def say_rivals_note(self) -> None: ...


class GameEnd:
    """Eliminations, saving and the way to the results (the table's component ``game_end``)."""

    def __init__(self, table: EndTable):
        self.table = table
        self.known_out = set(self.out_places())
        """Seats already out (a continued game does not announce them again)."""
        self.out_queue: list[int] = []
        """Humans newly out, announced once the table is at rest (``announce_out``)."""
        self.out_moment: OutMoment | None = None
        """The "you are out" card while it is up (game/ui/out_moment.py)."""
        self.out_notice = OutNotice()
        self.out_shown: list[int] = []
        """Every human seat announced as out, in order (each once)."""
        self.watching_fast = False
        """Every human is out and chose to watch on faster."""
        self.save_failure: str | None = None
        """Why the last autosave failed (None: it worked).  A full disk fails
        every move: said once, or the toast would never leave the screen."""
        self.finished = False
        """The table stopped: the results are on their way, or the player left."""
        self.end_timer = 0.0
        """Seconds the final position has shown."""
        self.ahead: list | None = None
        """[history length, steps, scene]: the results screen built ahead (``results_ahead``)."""
        self._ahead_frame = -1
        """The app frame of the last step built ahead: one a frame (``results_ahead``)."""
        self.replay_path: Path | None = None
        self.recording: finished.Finishing | None = None
        """The finished game on its way into the replays, stats and rivals memory (``finish_game``)."""

    def out_places(self) -> dict[int, int]:
        match = self.table.match
        if not games.is_known(match.game_id):
            return {}
        return out_places(match.game_id, match.state)

    def note_out(self) -> None:
        """After a move: queue every human newly out (shown once the reveal ends)."""
        out = self.out_places()
        for seat in sorted(set(out) - self.known_out):
            self.known_out.add(seat)
            if not self.table.match.seats[seat].is_ai:
                self.out_queue.append(seat)

    def announce_out(self) -> bool:
        """The last human out gets the card; others a notice while humans
        play on.  False when nobody waits to be announced."""
        if not self.out_queue:
            return False
        table = self.table
        places = self.out_places()
        queue, self.out_queue = self.out_queue, []
        still_in = [h for h in table.humans if h not in places]
        n = len(table.match.seats)
        for seat in queue:
            self.out_shown.append(seat)
            title, line = out_words(table.words.says(seat, "is", "are"), places.get(seat, n - 1), n)
            if still_in or seat != queue[-1]:
                self.out_notice.add(f"{title} \u2013 {line}", table.theme.player_colour(seat))
            else:
                table.secrecy.drop()
                self.out_moment = OutMoment(seat, title, line)
        table.app.sounds.play("curtain", 0.5)
        return True

    def out_event(self, event) -> None:
        """The "you are out" card is up: its buttons (watch on, results, title)."""
        choice = self.out_moment.handle_event(event) if self.out_moment is not None else None
        if choice is None:
            return
        self.out_moment = None
        app = self.table.app
        if choice == "watch":
            self.watching_fast = True
        elif choice == "results":
            self._skip_to_results()
        elif choice == "title":
            try:
                self.finished = True         # the table stops here
                app.autosave.save(self.table.match)   # the game stays saved: Continue watches on
                app.autosave.flush()
            except (UserFileError, OSError) as exc:
                app.toast(not_saved(exc))
            app.nav.title()

    def _skip_to_results(self) -> None:
        """Every human is out: the AIs finish the game at once (the same
        moves the table would have shown), then the results."""
        table = self.table
        table.ai_turns.forget_thought()   # no thought may run while the match plays on
        try:
            table.match.play_out()
        except RuntimeError:
            pass
        if not table.match.is_over:   # someone still must act by hand: watch instead
            self.watching_fast = True
            return
        table.game_log.sync(table.match.history)
        self.autosave()   # the game is over: the one end-of-game path (finish_game)
        self.finished = True
        table.app.sounds.play("win")
        table.app.nav.results(table.match, self.replay_path)

    def autosave(self) -> None:
        """The game so far to the autosave; a finished one takes the end-of-game path."""
        table = self.table
        if table.tutorial is not None:
            table.tutorial.save()   # a lesson keeps its own place, never the real autosave
            return
        if table.match.is_over:
            self.finish_game()
            return
        try:
            table.app.autosave.save(table.match)
        except (UserFileError, OSError) as exc:
            if str(exc) != self.save_failure:
                table.app.record_failure(not_saved(exc))
            self.save_failure = str(exc)
        else:
            self.save_failure = None

    def prepare_autosave(self) -> None:
        """While the table opens: the autosave's header written ahead, so the
        first move's save costs a rename, not two fsyncs (``Autosave.prepare``).
        A failure here is no error: the first save tries again and says so."""
        if self.table.replay is not None or self.table.tutorial is not None:
            return
        try:
            self.table.app.autosave.prepare(self.table.match)
        except (UserFileError, OSError):
            pass

    def finish_game(self) -> None:
        """The one way a finished game is recorded, whichever way it ended
        (its last move, "Skip to the results", the crash rescue): replay,
        lifetime stats and the AIs' memory of their rivals, once, as one
        durable step (``game.core.finished``) on a worker thread when the app
        writes in the background.  The replay's name is known at once, so
        the results offer it; never for a replay being watched or a lesson."""
        table = self.table
        if self.recording is not None or table.replay is not None or not table.match.is_over:
            return
        rivals = table.app.rivals if table.tutorial is None else None
        self.recording = table.app.autosave.finish(table.match, rivals, background=table.app.write_in_background)
        self.replay_path = self.recording.replay_path
        if self.recording.done:
            self.recording.report(table.app.record_failure)
        if rivals is not None:
            table.say_rivals_note()

    def finish(self, dt: float) -> None:
        """The game is over: the final position shows a moment (the results
        built meanwhile), then the results screen takes over."""
        self.out_queue.clear()   # the results say it all
        if self.finished:
            return
        table = self.table
        self.end_timer += dt
        # the final position shows END_DELAY, or no longer than the results take to build
        # when the player has just continued the game's last held moment (they read it)
        delay = 0.0 if table.held.continued_at == len(table.match.history) else END_DELAY
        if self.end_timer < delay or (self.end_timer < END_DELAY_MAX and self._building_results()):
            self.results_ahead()
            return
        self.finished = True
        if self.recording is not None:
            self.recording.report(table.app.record_failure)
        if table.replay is not None:
            table.replay.paused = True
            return
        if table.tutorial is not None:
            return   # the lesson's last note says Finish
        table.app.sounds.play("win")
        ahead = self.ahead
        if ahead is not None and ahead[0] == len(table.match.history) and ahead[2] is not None:
            table.app.nav.results(table.match, self.replay_path, prepared=ahead[2])
        else:
            table.app.nav.results(table.match, self.replay_path)

    def _building_results(self) -> bool:
        """The results screen of this final position is still being built
        ahead: the hand-over waits for it (up to ``END_DELAY_MAX``) rather
        than build the rest in one frame."""
        ahead = self.ahead
        return ahead is not None and ahead[0] == len(self.table.match.history) and ahead[1] is not None

    def _story_patience(self) -> bool:
        """Still time to wait for the story's thread (``STORY_PATIENCE``)."""
        return self.end_timer < STORY_PATIENCE

    def results_ahead(self) -> None:
        """One step of building the results screen while the final position
        shows (``Navigator.results_ahead``): the hand-over frame then only
        swaps screens.  Kept per history length (an undo makes it stale).
        One step a frame, not one per fixed step: two of the ledger's steps
        in one frame made Roll the Bones' 17 ms game-over frame (issue 41)."""
        table = self.table
        if table.replay is not None or table.tutorial is not None or self._ahead_frame == table.app.frame:
            return
        self._ahead_frame = table.app.frame
        ahead = self.ahead
        if ahead is None or ahead[0] != len(table.match.history):
            ahead = self.ahead = [len(table.match.history),
                                  table.app.nav.results_ahead(table.match, self._story_patience), None]
        if ahead[1] is None:
            return
        try:
            next(ahead[1])
        except StopIteration as done:
            ahead[1], ahead[2] = None, done.value
