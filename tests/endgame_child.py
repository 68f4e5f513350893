"""The child process of the end-of-game kill test (``test_game_end.py``).

``python -m tests.endgame_child play SEED``: one Liar's Dice game, a human
(seeded random moves) against a Hard AI that remembers its rivals, saved
after every move as the table saves it, then recorded by the one end-of-game
path (``finished.finish``).  ``DICE_TAVERN_KILL_AT`` kills it at one step.

``... start``: what the next start of the game does (a headless ``App``:
the data folder's lock, then ``finished.recover``), then prints whether
Continue is offered.

``... continue SEED``: Continue the autosave and play it to its end.

``... hold``: a copy of the game holding the data folder (``App`` with its
lock) until a line arrives on stdin; ``... title``: another copy opening its
title screen, printing whether it is read-only and which games it offers.
"""
from __future__ import annotations

import random
import sys

from game.core import saves
from game.core.match import Match, Seat
from game.games.bidding.rivalbook import RivalShelf

AUTOSAVE = saves.Autosave()
"""The autosave as the app owns it (``app.autosave``): one for this module's tests."""

SEATS = [Seat("You", "human"), Seat("Old Silas", "ai", "hard")]


def play_to_end(match: Match, rng: random.Random) -> None:
    """Moves until the end, the autosave after each (as the table), then the end of the game."""
    shelf = RivalShelf()
    shelf.seat(match)
    while not match.is_over:
        if not match.step():
            match.apply(0, rng.choice(list(match.state.legal_actions(0))))
        if not match.is_over:
            AUTOSAVE.save(match)
    AUTOSAVE.flush()
    ending = AUTOSAVE.finish(match, shelf)   # as the table does (``GameEnd.finish_game``)
    ending.wait()
    print("finished", ending.key, flush=True)


def main(argv: list[str]) -> int:
    command = argv[0]
    if command == "play":
        seed = int(argv[1])
        play_to_end(Match("liars-dice", SEATS, None, seed=seed), random.Random(seed))
    elif command == "continue":
        play_to_end(AUTOSAVE.load(), random.Random(int(argv[1])))
    elif command == "hold":
        from game.app import App
        app = App(headless=True, lock_folder=True)
        print(f"read_only={app.read_only}", flush=True)
        sys.stdin.readline()
        app.shutdown()
    elif command == "title":
        from game.app import App
        from game.scenes.title import GameCard, TitleScene
        app = App(headless=True, lock_folder=True)
        app.start(TitleScene(app))
        playable = [w.game_id for w in app.top.ui.widgets if isinstance(w, GameCard) and w.enabled]
        print(f"read_only={app.read_only} playable={len(playable)}", flush=True)
        app.shutdown()
    elif command == "start":
        from game.app import App
        app = App(headless=True)
        print("continue" if saves.has_autosave() else "no-continue", flush=True)
        app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
