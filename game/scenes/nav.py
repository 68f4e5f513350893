"""Navigation as a service: the screens around a table, by name.

The table layer (``game.ui``) never imports the menu scenes; it asks
``app.nav`` for them (``pause``, ``curtain``, ``results``, ``title``,
``replay``, ``replay_at``, ``leave_replay``).  The app builds one ``Navigator`` at start;
tests may swap it for a recorder."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..ui.services import AppServices


RESULTS_MODULES = ("game.core.story", "game.ui.story", "game.core.coach", "game.ui.widgets",
                   "game.scenes.base", "game.scenes.coach", "game.scenes.results")
"""What the results screen imports (``warm_results``, ``results_ahead``)."""


class Navigator:
    """Opens the menu scenes for the table layer (see the module docstring)."""

    def __init__(self, app: AppServices):
        self.app = app

    def pause(self, table) -> None:
        """The pause menu over ``table``."""
        from .pause import PauseScene
        self.app.push(PauseScene(self.app, table))

    def curtain(self, name: str, on_reveal: Callable[[], None], seat: int | None = None, table=None,
                for_peek: bool = False) -> None:
        """Pass the screen to the player called ``name`` (seat index ``seat``);
        ``table``: the table behind it, paused by Esc (the pause menu over the
        curtain, so the table stays hidden); ``for_peek``: the short hand-over
        before a peek outside that player's own turn."""
        from .curtain import CurtainScene
        self.app.push(CurtainScene(self.app, name, on_reveal, seat=seat, table=table, for_peek=for_peek))

    def results(self, match, replay_path=None, prepared=None) -> None:
        """The results of a finished ``match`` in place of its table;
        ``prepared``: the scene ``results_ahead`` built (its replay path is set now)."""
        if prepared is not None:
            prepared.replay_path = replay_path
            self.app.replace(prepared)
            return
        from .results import ResultsScene
        self.app.replace(ResultsScene(self.app, match, replay_path=replay_path))

    def results_ahead(self, match, patience=None):
        """The results screen of the finished ``match``, built a piece per step
        (a generator: the table runs one step per frame while its last position
        shows) so the frame that hands over only swaps screens: the modules,
        the backdrop, the story, the coach's sessions, the widgets and one
        drawing of every label.  Returns the scene (``results(prepared=)``).
        ``patience()`` False: stop waiting for the story's thread (one that
        never got a core: the end delay ran out and the whole screen was then
        built in the hand-over and first frames, 17-25 ms; issue 41); the
        screen is built without it and paints it in once told
        (``ResultsScene.tell_later``)."""
        import importlib
        for name in RESULTS_MODULES:
            importlib.import_module(name)   # one module (and what it alone needs) per step
            yield
        from .. import games
        games.story_hook(match.game_id)   # the game's own story and coach modules
        yield
        games.coach_hook(match.game_id)
        yield
        from . import coach
        from .results import ResultsScene
        from ..ui import pictures
        size = self.app.canvas.get_size()
        pictures.menu_backdrop(size)
        yield
        import threading
        from types import SimpleNamespace

        from .results import safe_story
        told: dict = {}
        final = SimpleNamespace(game_id=match.game_id, game=match.game, history=list(match.history))
        import pygame

        def tell() -> None:
            told["story"] = safe_story(final)
            # the results' own canvas (it becomes their still): a fresh whole canvas is 3.7 MB first
            # touched, about 900 page faults (1-2 ms of kernel time, up to 19 ms on a busy machine), taken
            # by the thread that makes it
            told["canvas"] = pygame.Surface(size)
        if self.app.think_in_background:   # replaying a long game for its story took 20 ms: told off the frame
            teller = threading.Thread(target=tell, name="results-story", daemon=True)
            teller.start()
            while teller.is_alive() and (patience is None or patience()):
                yield
        else:   # headless (tests, shots): told here, so the end delay's frames never race the thread
            tell()
            yield
        late = self.app.think_in_background and teller.is_alive()
        scene = ResultsScene(self.app, match, story=None if late else told.get("story"), told=True)
        if late:
            scene.tell_later(teller, told)   # its canvas is then the teller's: this still is drawn on a new one
        yield
        scene.coach_sessions = coach.sessions_for(match, background=bool(self.app.think_in_background))
        yield
        scene.rebuild()
        yield
        scratch = None if late else told.get("canvas")
        yield from scene.warm_steps(scratch or pygame.Surface(size))   # labels and fonts made now
        return scene

    def warm_results(self, game_id: str):
        """Import now, while a table opens, the modules its results screen
        needs (``RESULTS_MODULES``, the game's story and coach; usually the
        ``preload`` thread has) and load its fonts, one per step (a
        generator): compiled from source the modules cost 40-60 ms, and each
        font 1-3 ms, which used to land in the frames of the end delay
        (``results_ahead``)."""
        import importlib
        import sys
        missing = tuple(name for name in RESULTS_MODULES if name not in sys.modules)
        if missing:   # a table not opened from the setup screen (whose preload imports them)
            from ..ui import preload
            loading = preload.in_background(partial(_import_quietly, missing), "results-imports")
            while not loading.done():
                yield loading   # compiled on the game thread they made a 20 ms opening step
        for name in RESULTS_MODULES:
            importlib.import_module(name)
        from .. import games
        games.story_hook(game_id)
        games.coach_hook(game_id)
        yield
        from ..ui import story
        for size, bold, style in story.fonts_used():   # the fonts of its ledger and chart,
            self.app.theme.font(size, bold, style=style)
            yield
        self.app.theme.font(22, True)      # and of its buttons (``widgets.Button``'s size)

    def phone_codes(self, table) -> None:
        """``table``'s phone codes handed out one seat at a time (game/scenes/phones.py)."""
        from .phones import PhoneHandoutScene
        self.app.push(PhoneHandoutScene(self.app, table, table.phones.seats))

    def phone_links(self, table) -> None:
        """``table``'s phone seats and their state, with "New code" for each (no code drawn)."""
        from .phones import PhoneLinksScene
        self.app.push(PhoneLinksScene(self.app, table))

    def title(self) -> None:
        """Back to the title screen, dropping everything else."""
        from .title import TitleScene
        self.app.reset_to(TitleScene(self.app))

    def learned(self, game_id: str) -> None:
        """A guided first game is finished: the game's setup, ready to play for
        real; "New to ...? Learn to play" is not offered for it again."""
        from .learn import remember_offer
        from .setup import SetupScene
        from .title import TitleScene
        remember_offer(self.app, game_id)
        self.app.reset_to(TitleScene(self.app))
        self.app.push(SetupScene(self.app, game_id, offer_tutorial=False))

    def replay(self, path, *, came_from=None, record: dict | None = None) -> str:
        """Watch the replay at ``path``: pushed over the current screen, or in
        place of ``came_from`` (a scene to return to when it is closed);
        ``record``, the game as played, if the file could not be written.
        Returns "" (a record that cannot be replayed is told by a toast, and
        the screen it was opened from comes back)."""
        from ..core.finished import wait_all
        from .opening import OpeningScene
        from .replay import replay_steps
        wait_all()   # the replay may be the finished game's, still being written

        def prepared():
            scene, error = yield from replay_steps(self.app, path, record)
            if scene is not None and came_from is not None:
                scene.return_to = came_from
            return scene, error
        # the record checked and the table built behind the hand-over, a few pieces a frame
        # (in the click's frame they cost 110-180 ms at a 20-seat replay); a message comes as a toast
        hand_over = OpeningScene(self.app, None, prepare=prepared(), back_to=came_from)
        self.app.replace(hand_over) if came_from is not None else self.app.push(hand_over)
        return ""

    def replay_at(self, table, position: int) -> None:
        """The replay shown by ``table``, rebuilt paused at ``position`` (its
        first ``position`` actions applied), in its place; Close still returns
        where the replay was opened from."""
        from dataclasses import replace

        from ..core.playback import rewound
        from .launch import make_table
        feed = replace(table.replay, position=max(0, min(position, len(table.replay.actions))),
                       paused=True, pending_steps=0)
        scene = make_table(self.app, rewound(table.match, feed.actions, feed.position), replay=feed)
        scene.return_to = table.return_to
        self.app.replace(scene)

    def leave_replay(self, table) -> None:
        """Close a replay: back where it was opened from (the results it
        replaced, the replay list below it), else the title."""
        back = getattr(table, "return_to", None)
        if back is not None:
            self.app.replace(back)
        elif len(self.app.stack) > 1:
            self.app.pop()
        else:
            self.title()


def _import_quietly(names: tuple[str, ...]) -> None:
    """Import ``names`` (on a thread); an error is left for the game
    thread's own import of the same module to meet."""
    import importlib
    for name in names:
        try:
            importlib.import_module(name)
        except Exception:   # noqa: BLE001 - met again on the game thread
            return
