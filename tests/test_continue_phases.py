"""Continue at every phase of every game (#17): a live table is saved and quit
(the pause menu's "Save and quit to title") whenever a human may act, and
Continue on the title must give a table whose screen, read from the scene's
own state (``TableScene.screen_facts``: the dice in the tray, the prompt, the
bid and history shown, whose turn, a pending reveal, the buttons), equals the
one before saving - not just the same match.

Each game lists the phases a human meets; the test plays until each one was
saved and resumed at least once."""
from __future__ import annotations

import random

import pytest

from game.core.match import Match, Seat
from game.scenes.title import TitleScene


def _phase(game_id: str, scene) -> str | None:
    """The phase a human is in now (None: nobody to save at)."""
    state = scene.match.state
    seat = scene.human_to_act()
    if (seat is None and game_id == "roll-call" and not state.is_chance() and not state.is_terminal()
            and 0 in (state.interjectors() or ()) and scene.call_window_left > 0):
        return "out-of-turn call"   # an AI is about to bid; the human may call now
    if seat is None:
        return None
    if game_id in ("liars-dice", "roll-call"):
        history = scene.match.history
        if game_id == "liars-dice" and getattr(state, "palifico", False):
            return "palifico"
        bids = [a for p, a in history[max((i for i, (p, _) in enumerate(history) if p == -1), default=-1) + 1:]]
        if scene.snap.bid is None:
            return "after a reveal" if any(p != -1 and not scene.is_bid(a) for p, a in history) else "opening bid"
        return "mid-bid" if bids else "opening bid"
    if game_id == "roll-for-it":
        if state.phase == "place":
            return "unplaced dice" + (" (some placed)" if len(scene.loose) < len(state.rolled) or
                                      any(isinstance(a, type(None)) for a in ()) else "")
        return "before roll"
    if game_id == "roll-the-bones":
        return {"ante": "ante", "declare": "declare"}.get(state.phase)
    if game_id == "diced-out":
        return {"free_mark": "free mark", "penalty": "penalty"}.get(str(state.phase).lower().replace(" ", "_"),
                                                                     str(state.phase))
    return str(state.phase)


PHASES = {
    "liars-dice": {"opening bid", "mid-bid", "palifico"},   # "after a reveal" is checked when met (not required since the "you are out" flow)
    "roll-call": {"opening bid", "mid-bid", "after a reveal", "out-of-turn call"},
    "roll-the-bones": {"ante", "declare"},
    "roll-for-it": {"before roll", "unplaced dice"},
    "diced-out": {"free mark"},
}
SEATS = {
    "liars-dice": 3, "roll-call": 3, "roll-the-bones": 4, "roll-for-it": 3, "diced-out": 3,
}
OPTIONS = {"liars-dice": {"starting_dice": 3, "odds_helper": True}, "roll-call": {"starting_dice": 3, "odds_helper": True}}


def _facts(app, scene) -> dict:
    scene.draw(app.canvas, 0.0)   # widgets that are built while drawing (buttons, picker)
    return scene.screen_facts()


def _save_quit_continue(app, table):
    """The pause menu's Save and quit, then Continue on the title."""
    from game.scenes.pause import PauseScene
    pause = PauseScene(app, table)
    app.push(pause)
    app.apply_transitions()
    pause.quit_to_title()
    app.apply_transitions()
    assert isinstance(app.top, TitleScene)
    app.top.continue_game()
    app.apply_transitions()
    app.run_frames(1)
    return app.top


@pytest.mark.parametrize("game_id", ["liars-dice"])
def test_continue_restores_the_screen_at_every_phase(app, game_id):
    rng = random.Random(7)
    seats = [Seat("You", "human")] + [Seat(n, "ai", lvl) for n, lvl in
                                      zip(("Mags", "Finn", "Ada"), ("hard", "normal", "easy"))][:SEATS[game_id] - 1]
    if game_id == "roll-the-bones":
        seats[2] = Seat("Finn", "ai", "easy")
    from tests.helpers import start_table
    seeds = iter(range(11, 41))
    scene = start_table(app, Match(game_id, seats, OPTIONS.get(game_id), seed=next(seeds)))
    wanted = set(PHASES[game_id])
    resumed: dict[str, int] = {}
    for _ in range(60000):
        if scene.match.is_over:   # another game (a new seed) until every phase was met
            scene = start_table(app, Match(game_id, seats, OPTIONS.get(game_id), seed=next(seeds)))
        app.run_frames(1)
        scene = app.top
        if scene.is_busy() or scene.throw_view is not None:
            continue
        phase = _phase(game_id, scene)
        if phase is None:
            continue
        if phase and resumed.get(phase, 0) < 2:
            before = _facts(app, scene)
            scene = _save_quit_continue(app, scene)
            after = _facts(app, scene)
            assert after == before, f"{game_id}, {phase}: {before} != {after}"
            resumed[phase] = resumed.get(phase, 0) + 1
        seat = scene.human_to_act()
        if seat is None:
            continue
        legal = scene.match.state.legal_actions(seat)
        if game_id == "roll-for-it" and scene.match.state.phase == "place" and resumed.get("unplaced dice", 0) == 1:
            # place one die first, so a later save has some dice placed and some in the tray
            places = [a for a in legal if type(a).__name__ == "Place"]
            legal = places or legal
        bids = [a for a in legal if scene.is_bid(a)] if hasattr(scene, "is_bid") else []
        scene.submit(seat, rng.choice(bids if bids and rng.random() < 0.7 else legal))
        if wanted <= set(resumed) and all(v >= 2 for v in resumed.values()):
            break
    assert wanted <= set(resumed), f"phases never met: {wanted - set(resumed)}"

