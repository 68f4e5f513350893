"""The modules a table needs, imported on a thread before it opens.

Imported from source (the game ships without bytecode, or with it stale),
the physics with pymunk, the dice renderer, the throw view and the results
screen's modules cost 100-170 ms of CPU: a table used to import them inside
its opening frame.  ``start`` imports them on a daemon thread instead (the
setup screen calls it as it opens, a table's opening waits for it while its
hand-over shows, ``scenes/opening.py``); Python's import locks make a module
the game thread needs meanwhile wait for the thread, never import twice.
An error is left for the game thread's own import to meet (and report)."""
from __future__ import annotations

import importlib
import threading

MODULES = ("game.physics", "game.physics.throw", "game.ui.dice_render", "game.ui.throw_view")
"""What every table's opening imports; the screens above the table layer add
their own by name (``start(also=)``: the setup screen adds the results
screen's, ``game.scenes.nav.RESULTS_MODULES``), so ui names no scene."""

_started: dict[str, threading.Thread] = {}


FRESH_FRAME = "fresh frame"
"""Yielded by a table's opening steps before a step that costs a few
milliseconds alone (a font opened, the still layer painted): the hand-over
starts it at the beginning of a frame's share (``scenes/opening.py``), not
after 3.9 ms of small steps (the Liar's Dice lesson's 6-7 ms opening frames:
a 0.4 ms step, then a font's 2.5 ms first step)."""


class Loading:
    """Work under way on a thread (``done`` once it has finished).  A
    table's opening step yields it while it waits: the hand-over ends that
    frame's share of the opening, a table opened at once ``wait``s."""

    def __init__(self, thread: threading.Thread):
        self.thread = thread

    def done(self) -> bool:
        return not self.thread.is_alive()

    def wait(self, timeout: float | None = None) -> None:
        """Until the thread has finished (a table opened at once, without its
        hand-over), or at most ``timeout`` seconds: a blocking wait, so the
        thread has the GIL to itself meanwhile (``scenes/opening.py``)."""
        self.thread.join(timeout)


def _import_all(game_id: str, also: tuple[str, ...]) -> None:
    from .. import games
    for name in MODULES + also:
        try:
            importlib.import_module(name)
        except Exception:   # noqa: BLE001 - the game thread's own import meets it again
            return
    for hook in (games.scene_module, games.story_hook, games.coach_hook):
        try:
            hook(game_id)
        except Exception:   # noqa: BLE001 - as above
            return


def in_background(work, name: str) -> Loading:
    """``work()`` on a daemon thread (errors are ``work``'s to handle)."""
    thread = threading.Thread(target=work, name=name, daemon=True)
    thread.start()
    return Loading(thread)


def start(game_id: str, also: tuple[str, ...] = ()) -> Loading:
    """Import ``game_id``'s table and physics modules, and the modules named
    in ``also``, on a thread (once per game and process)."""
    thread = _started.get(game_id)
    if thread is None:
        thread = threading.Thread(target=_import_all, args=(game_id, also), name=f"preload-{game_id}",
                                  daemon=True)
        _started[game_id] = thread
        thread.start()
    return Loading(thread)
