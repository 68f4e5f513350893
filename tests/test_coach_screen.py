"""The coach on screen (issue 18): the results line opens it, it steps with
keys and the mouse, hot seat goes through the curtain, saved replays have a
Coach button, and every game's coach renders."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.app import App
from game.core import coach
from game.core.match import Match, Seat
from game.scenes.coach import CoachScene
from game.scenes.results import KEY_GUARD_SECONDS, ResultsScene
from tests.helpers import key


def _finished(game_id="liars-dice", humans=1, players=3, seed=3):
    seats = [Seat(f"P{i}", "ai", "normal") for i in range(players)]
    m = Match(game_id, seats, None, seed)
    m.play_out()
    for i in range(humans):
        m.seats[i] = Seat("You" if humans == 1 else f"Player {i + 1}", "human")
    return m


def _frames(app, n=1):
    for _ in range(n):
        app.top.update(1 / 60)
        app.top.draw(app.canvas if hasattr(app, "canvas") else pygame.Surface((1280, 720)), 1.0)


def test_results_line_fills_in_and_c_opens_the_coach():
    app = App(headless=True)
    match = _finished()
    results = ResultsScene(app, match)
    app.start(results)
    line = results.coach_line
    assert line is not None and "weighing" in line.text
    assert not results.is_idle()          # the loop keeps updating while the coach weighs
    for _ in range(2000):
        if line.done:
            break
        results.update(1 / 60)
    entries = coach.CoachSession(match, 0).finish().entries
    # the widest wording that fits the line: up to 3, 2 or 1 kinds of good decision
    assert line.text in {f"Coach: {coach.summary(entries, limit)}  \u203a" for limit in (3, 2, 1)}
    assert results.is_idle()
    app.run_frames(int(KEY_GUARD_SECONDS * 60) + 6)   # on screen a moment: a press may pass
    app.feed(key(pygame.K_c))
    app.apply_transitions()
    scene = app.top
    assert isinstance(scene, CoachScene) and scene.session is results.coach_sessions[0]
    assert scene.session.done  # nothing weighed twice


def test_all_ai_game_has_no_coach_line():
    app = App(headless=True)
    m = Match("roll-call", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], None, 2)
    m.play_out()
    results = ResultsScene(app, m)
    app.start(results)
    assert results.coach_line is None and results.coach_sessions == []
    assert not [w for w in results.ui.widgets if type(w).__name__ == "CoachLine"]


def test_coach_steps_with_keys_wheel_and_buttons():
    app = App(headless=True)
    scene = CoachScene(app, _finished())
    app.start(scene)
    canvas = pygame.Surface((1280, 720))
    for _ in range(400):
        scene.update(1 / 60)
        scene.draw(canvas, 1.0)
        if scene.session.done:
            break
    n = len(scene.session.entries)
    assert n >= 3
    assert scene.index == 0
    app.feed(key(pygame.K_RIGHT))
    app.feed(key(pygame.K_RIGHT))
    assert scene.index == 2
    app.feed(key(pygame.K_LEFT))
    assert scene.index == 1
    app.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert scene.index == 2
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(5, 5)))
    assert scene.index == 1
    for _ in range(n + 5):
        scene.step(1)
    assert scene.index == n - 1          # never past the last decision
    nxt = [w for w in scene.ui.widgets if getattr(w, "text", "") == "Next \u203a"][0]
    assert not nxt.enabled
    # a click on a dot of the timeline jumps to that decision
    rect, i = scene._dots()[0]
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center))
    assert scene.index == i == 0
    scene.draw(canvas, 1.0)


def test_hot_seat_coach_goes_through_the_curtain():
    """Two people at one screen: the coach shows nobody's decisions until one
    is chosen, and the choice passes through the curtain for that seat."""
    from game.scenes.curtain import CurtainScene
    app = App(headless=True)
    match = _finished(humans=2, players=3, seed=5)
    scene = CoachScene(app, match)
    app.start(scene)
    assert [s.seat for s in scene.sessions] == [0, 1]
    assert not scene.revealed and scene.entry() is None
    scene.update(1 / 60)
    assert all(not s.entries for s in scene.sessions)   # nothing weighed before a choice
    scene.choose(1)
    app.apply_transitions()
    curtain = app.top
    assert isinstance(curtain, CurtainScene)
    curtain.on_reveal()
    assert scene.revealed and scene.session.seat == 1
    scene.session.finish()
    hand1 = " ".join(map(str, sorted(_first_hand(match, 1))))
    hand0 = " ".join(map(str, sorted(_first_hand(match, 0))))
    first = scene.session.entries[0]
    assert f"You held {hand1} " in first.advice.situation
    assert hand0 == hand1 or f"held {hand0} " not in first.advice.situation


def _first_hand(match, seat):
    from game.core.protocol import CHANCE
    state = match.game.new_initial_state()
    for p, a in match.history:
        state = state.apply(p, a)
        if p == CHANCE:
            return state.faces[seat]
    return ()


def test_replay_list_coach_button(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.core import saves
    from game.scenes.replay import ReplayListScene
    app = App(headless=True)
    path = saves.save_replay(_finished("roll-for-it", players=2, seed=4))
    scene = ReplayListScene(app)
    app.start(scene)
    buttons = [w for w in scene.ui.widgets if getattr(w, "text", "") == "Coach"]
    assert len(buttons) == 1
    buttons[0].activate()
    app.apply_transitions()
    assert isinstance(app.top, CoachScene) and app.top.match.seed == 4
    # an all-AI replay: a message, no screen
    app.pop()
    app.apply_transitions()
    ai = Match("roll-for-it", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], None, 9)
    ai.play_out()
    toasts = []
    monkeypatch.setattr(app, "toast", toasts.append)
    scene.coach(saves.save_replay(ai))
    assert toasts and "nothing to coach" in toasts[0] and app.top is scene
    del path


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call", "roll-the-bones", "roll-for-it", "diced-out"])
def test_coach_shot_renders_every_game(game_id, tmp_path):
    from game.dev import shots
    os.environ["DICE_TAVERN_HOME"] = str(tmp_path)
    out = tmp_path / "coach.png"
    shots.render("coach", str(out), game_id=game_id, players=3 if game_id != "diced-out" else 4)
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_results_line_always_fits_its_slot(tmp_path, monkeypatch):
    """A long game names many kinds of decision; the one line falls back to
    shorter wordings (then the count per verdict) rather than overflow."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    from types import SimpleNamespace

    from game.scenes.coach import CoachLine
    app = App(headless=True)
    line = CoachLine.__new__(CoachLine)
    line.app, line.size = app, 18
    import pygame
    line.rect = pygame.Rect(0, 0, 640, 34)

    kinds = ["placement", "Take Back choice", "bone call", "ante", "free mark", "reroll choice"]
    entries = [SimpleNamespace(advice=SimpleNamespace(kind=kinds[i % len(kinds)]),
                               verdict=("good", "mistake", "questionable", "fine")[i % 4]) for i in range(40)]

    class Session:
        done = True
        name = "You"

    Session.entries = entries
    line.sessions = [Session()]
    line.refresh()
    font = app.theme.font(18)
    assert font.size(line.text)[0] <= line.rect.w - 28
    assert "10 mistakes" in line.text


def test_the_results_screen_weighs_no_decision_on_the_game_thread(monkeypatch):
    """Issue 41 (frames9): the results line weighed the player's decisions
    with the Hard AI a few milliseconds of every frame (up to 13 ms of the
    results screen's first frames at a big table).  In the window (AI off the
    frame: ``think_in_background``) a worker weighs them; the frames only
    take what it finished, and the entries are those weighed in one go.
    Counted: the decisions valued on the game thread (on da2a035: all)."""
    import threading

    from game import games
    hook = games.coach_hook("liars-dice")
    on_game_thread: list[bool] = []
    make = hook.make_coach

    def counted_coach(*args, **kwargs):
        made = make(*args, **kwargs)
        advise = made.advise

        def counted(*a, **k):
            on_game_thread.append(threading.current_thread() is threading.main_thread())
            return advise(*a, **k)
        made.advise = counted
        return made
    monkeypatch.setattr(hook, "make_coach", counted_coach)
    app = App(headless=True)
    app.think_in_background = True   # as in the game's window
    match = _finished(players=4)
    results = ResultsScene(app, match)
    app.start(results)
    line = results.coach_line
    app.run_frames(10_000_000, until=lambda _: line.done)   # until the worker is through, however long
    weighed = on_game_thread.count(False)
    assert weighed > 0 and on_game_thread.count(True) == 0, \
        f"{on_game_thread.count(True)} decisions valued on the game thread, {weighed} by the worker"
    assert results.coach_sessions[0].entries == coach.CoachSession(match, 0).finish().entries
    assert results.is_idle()
