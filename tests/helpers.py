"""Small helpers shared by the game tests (events, tables, checked moves)."""
import pygame


def key(k):
    """A fresh key press as scenes read it (``event.key``); its release is not
    modelled, so it says ``repeat=False`` (tests/realinput.py models whole hands)."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", repeat=False)


def pass_curtain(app, by: str = "key", look: bool = True):
    """A person at the pass-the-screen curtain: waits until its button lights,
    then presses Enter (or clicks it), then looks at the table a moment
    (``look``); returns the seat it passed to."""
    from tests.realinput import Hands
    return Hands(app).pass_curtain(by=by, look=look)


def start_table(app, match):
    """The game's own table scene for ``match``, started on ``app``."""
    from game.scenes.launch import make_table
    scene = make_table(app, match)
    app.start(scene)
    return scene


def past_the_opening(app, frames: int = 1):
    """Frames as a person waits them out after Start: ``frames``, then on
    until the opening hand-over (scenes/opening.py) has given way to the
    table (a capped count of frames, whatever the machine's speed)."""
    app.run_frames(frames)
    app.run_frames(2000, until=lambda a: a.top is None or a.top.name != "opening")


def continue_saved(app, match):
    """``match`` left as a person leaves a game (autosaved, written out), then
    Continue clicked on the title screen at its drawn place, down and up, and
    the click's frame run: what the click opened is ``app.top``."""
    from game.scenes.title import TitleScene
    app.autosave.save(match)
    app.autosave.flush()
    app.start(TitleScene(app))
    app.run_frames(1)
    click_labelled(app, "Continue")


def click_labelled(app, text: str):
    """Click the widget labelled ``text`` on the scene on top as a person does
    (down and up at its drawn centre) and run the click's frame."""
    button = next(w for w in app.top.ui.widgets if getattr(w, "text", "") == text)
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    app.run_frames(1)


def play_checked(state, check_invariants, *moves):
    """Apply ``(player, action)`` moves, checking the game's invariants after each."""
    for player, action in moves:
        nxt = state.apply(player, action)
        check_invariants(state, action, nxt)
        state = nxt
    return state


def press_sure(app, event, again=None):
    """A move confirmed by a second press ("Sure?": Call, Jinto, an
    out-of-turn call): the press, the "Sure?" on screen a moment (frames pass),
    then the press again (``again``: a different event for the second press)."""
    from game.ui.intent import MIN_SECONDS
    app.feed(event)
    app.run_frames(int(MIN_SECONDS * 60) + 6)
    app.feed(again if again is not None else event)


def you_and_ais(n=3, level="easy"):
    """Seats for a table with one human, "You", and ``n - 1`` AIs at ``level``."""
    from game.core.match import Seat
    return [Seat("You", "human")] + [Seat(f"AI{i}", "ai", level) for i in range(1, n)]


class HeldThreads:
    """Each piece of work a table hands to a thread (``preload.in_background``:
    the autosave's header, a Continue's last throw, the results' imports)
    held on its thread, as by a scheduler that left it behind, until the
    game thread waits for it to the end (``Loading.wait()``) or a frame has ended with
    the hand-over waiting for it (``waiting``: those frames)."""

    def __init__(self, app, monkeypatch):
        import threading

        from game.ui import preload
        self.app, self.monkeypatch = app, monkeypatch
        self.holds: list[threading.Event] = []
        self.waiting: list[int] = []
        self.offered: list[tuple[int, float]] = []
        """(frame, seconds) of each wait with a bound (``Loading.wait(timeout)``)."""
        self.last_step: object = None
        real_wait, real_in_background = preload.Loading.wait, preload.in_background

        def in_background(work, name):
            hold = threading.Event()
            self.holds.append(hold)

            def held():
                hold.wait(60)   # a bound only: released by the game thread at once
                work()
            loading = real_in_background(held, name)
            loading.hold = hold
            return loading

        def wait(loading, timeout=None):
            if timeout is not None:   # a frame's spare time offered: the scheduler still leaves it behind
                self.offered.append((self.app.frame, timeout))
                return
            if hasattr(loading, "hold"):
                loading.hold.set()
            real_wait(loading)
        monkeypatch.setattr(preload, "in_background", in_background)
        monkeypatch.setattr(preload.Loading, "wait", wait)

    def watch(self, opening) -> None:
        """Note each frame that ends with ``opening``'s last step waiting for a thread."""
        from game.ui.preload import Loading
        real_step, real_after_frame = opening.table.opening_step, self.app.memory.after_frame

        def opening_step():
            self.last_step = real_step()
            return self.last_step

        def after_frame(*args):
            if self.app.top is opening and isinstance(self.last_step, Loading):
                self.waiting.append(self.app.frame)
                for hold in self.holds:
                    hold.set()
            real_after_frame(*args)
        self.monkeypatch.setattr(opening.table, "opening_step", opening_step)
        self.monkeypatch.setattr(self.app.memory, "after_frame", after_frame)


def show_results(app, match):
    """The results of a finished ``match`` on screen, the coach's line weighed
    (its sessions finished) and past the buttons' guard: the page a player reads."""
    from game.scenes.results import ResultsScene
    results = ResultsScene(app, match)
    app.start(results)
    for session in results.coach_sessions:
        session.finish()
    results.rebuild()
    results.age = 5.0
    app.run_frames(2)
    return results
