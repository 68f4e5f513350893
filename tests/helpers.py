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
