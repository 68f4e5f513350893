"""Small helpers shared by the game tests (events, tables, checked moves)."""
import pygame


def key(k):
    """A key press as scenes read it (``event.key``)."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def start_table(app, match):
    """The game's own table scene for ``match``, started on ``app``."""
    from game.scenes.launch import make_table
    scene = make_table(app, match)
    app.start(scene)
    return scene


def play_checked(state, check_invariants, *moves):
    """Apply ``(player, action)`` moves, checking the game's invariants after each."""
    for player, action in moves:
        nxt = state.apply(player, action)
        check_invariants(state, action, nxt)
        state = nxt
    return state
