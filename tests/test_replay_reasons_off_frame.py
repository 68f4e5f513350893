"""A replay's AI reasons are worked out off the frame (``ReplayReasons``,
``ReasonFlow.pending``).

With Settings' "Show AI reasoning" on, a replay shows each AI move's reason,
worked out by letting that AI decide the move again (``Match.relive``).  At a
20-seat Liar's Dice table a decision costs 10-20 ms, and the replay used to
make it in the frame that reached the move: at the fastest speed the replay
dropped frames.  In the game's window (``think_in_background``) a worker
thread now works them out a few moves ahead, and a move waits for its reason
(normally long known): the same words, said with the same moves, and no frame
thinks.  Stepping back, closing the replay and an AI that cannot think are
clean: no thread left running, no traceback.
"""
from __future__ import annotations

import threading

import pygame
import pytest

from game.core import saves
from game.core.match import Match, Seat
from game.core.playback import REPLAY_SPEEDS, ReplayReasons
from game.core.protocol import CHANCE
from tests.helpers import key

TRIO = [Seat("Bram", "ai", "hard"), Seat("Mags", "ai", "normal"), Seat("Old Tom", "ai", "easy")]
HANG = 600.0
"""A guard against a hung test, never a figure a passing test relies on: every
hand-off between a test and the worker is an event (``Gate``), so a busy
machine makes these tests slower, never red.  (They used to give the worker 20
seconds: a loaded CI machine ran past that and failed them.)"""


def _worker_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "replay-reasons" and t.is_alive()]


def _saved_game(seed: int = 4):
    match = Match("liars-dice", TRIO, {"starting_dice": 2}, seed=seed)
    match.play_out()
    return match, saves.save_replay(match)


def _thought_in_the_frame(app, path):
    """The replay of ``path`` played to its end as headless tests play it,
    its reasons worked out in the frame (as every replay did before): each
    move's reason, the commentary (moves shown, line) and the log's thinking."""
    app.think_in_background = False
    scene, said = _open(app, path, background=False)
    app.run_frames(60000, until=lambda a: scene.replay.finished and not scene.is_busy()
                   and scene.throw_view is None)
    assert scene.replay.finished
    expected = list(scene.replay.reasons.said)
    assert sum(1 for why in expected if why) >= 6
    return expected, said, _thinking(scene)


def _thinking(scene) -> list[tuple[int, str]]:
    return [(e.index, e.text) for e in scene.game_log.entries if e.note]


def _open(app, path, background: bool = True):
    """The replay of ``path`` on screen, in the game's window's mode (AIs
    think off the frame), reasons on, at the fastest speed; its commentary
    spied: (moves shown, line)."""
    from game.scenes.replay import open_replay
    app.think_in_background = background
    app.settings.show_ai_reasons = True
    scene, message = open_replay(app, path)
    assert scene is not None, message
    app.start(scene)
    scene.replay.speed_index = len(REPLAY_SPEEDS) - 1
    said: list[tuple[int, str]] = []
    announce = scene.announce

    def spy(text, colour=None):
        said.append((len(scene.match.history), text))
        announce(text, colour)
    scene.announce = spy
    return scene, said


_GATES: list["Gate"] = []


@pytest.fixture(autouse=True)
def _open_gates_afterwards():
    """A failing test leaves no worker held at its gate (the next test would see its thread)."""
    yield
    while _GATES:
        _GATES.pop().open()


class Gate:
    """``Match.ai_decision`` spied: which thread decides, and a worker held
    at its ``allowed + 1``-th decision of a seat's move until ``open``.  A decision on the
    main thread fails the test (the frame would think)."""

    def __init__(self, monkeypatch, allowed: int | None = None):
        self.allowed = allowed
        self.decided = 0
        self.on_main: list[int] = []
        self.held = threading.Event()
        self.timed_out = False
        """The worker was held ``HANG`` seconds: a test forgot to ``open`` (it fails, it does not hang)."""
        self._open = threading.Event()
        if allowed is None:
            self._open.set()
        _GATES.append(self)
        original = Match.ai_decision

        def ai_decision(match, player):
            if threading.current_thread() is threading.main_thread():
                self.on_main.append(len(match.history))
                raise AssertionError("an AI decided in the frame")
            if player == CHANCE:
                return original(match, player)
            if self.allowed is not None and self.decided >= self.allowed and not self._open.is_set():
                self.held.set()
                self.timed_out |= not self._open.wait(HANG)
            self.decided += 1
            return original(match, player)
        monkeypatch.setattr(Match, "ai_decision", ai_decision)

    def open(self) -> None:
        self._open.set()


def test_a_replay_never_thinks_in_a_frame_and_says_the_same_words(app, monkeypatch):
    """Played to its end at the fastest speed: no AI decided on the frame's
    thread (the old replay decided each move's reason in the frame reaching
    it), and it says what the replay thinking in the frame says, with the
    same moves: the commentary, the log's thinking and every reason."""
    match, path = _saved_game()
    expected, said_then, notes_then = _thought_in_the_frame(app, path)
    gate = Gate(monkeypatch)
    scene, said = _open(app, path)
    app.run_frames(60000, until=lambda a: scene.replay.finished and not scene.is_busy()
                   and scene.throw_view is None)
    assert scene.replay.finished and scene.match.history == match.history
    assert gate.on_main == [], "a frame thought"
    assert gate.decided == sum(1 for p, _a in match.history if p != CHANCE), "each move decided once"
    assert scene.replay.reasons.said == expected, "the same words"
    assert said == said_then, "said with the same moves"
    assert _thinking(scene) == notes_then
    for index, why in enumerate(expected):
        if why:
            assert (index + 1, f"{match.seats[match.history[index][0]].name}: {why}") in said
    scene.replay_driver.leave()
    app.apply_transitions()
    assert scene.replay.reasons.wait(HANG) and not _worker_threads()


def test_a_move_waits_for_its_reason_and_the_frames_go_on(app, monkeypatch):
    """The worker held at the third AI decision: the replay stops before
    that move (frames keep coming, the move's thread never thinks), and once
    the reason is known the move shows with it."""
    match, path = _saved_game()
    expected, _said, _notes = _thought_in_the_frame(app, path)
    ai_moves = [i for i, (p, _a) in enumerate(match.history) if p != CHANCE]
    gate = Gate(monkeypatch, allowed=2)
    scene, said = _open(app, path)
    app.run_frames(1)   # the first throw starts; the worker works ahead meanwhile
    assert gate.held.wait(HANG), "the worker worked ahead of the replay"
    stuck = ai_moves[2]
    frames = app.run_frames(600, until=lambda a: scene.replay.position >= stuck and scene.replay_driver.waiting_for_reason)
    assert frames < 600 and scene.replay.position == stuck
    app.run_frames(120)   # two seconds at the fastest speed: it waits, frame after frame
    assert scene.replay.position == stuck and scene.replay_driver.waiting_for_reason
    assert gate.on_main == []
    gate.open()
    app.run_frames(6000, until=lambda a: scene.replay.position > stuck)
    assert scene.replay.position == stuck + 1 and not scene.replay_driver.waiting_for_reason
    if expected[stuck]:
        assert (stuck + 1, f"{match.seats[match.history[stuck][0]].name}: {expected[stuck]}") in said
    assert gate.on_main == []
    scene.replay_driver.leave()
    app.apply_transitions()
    assert scene.replay.reasons.wait(HANG) and not _worker_threads()


def test_stepping_back_while_a_reason_is_worked_out(app, monkeypatch):
    """Stepped back while the worker thinks: the rebuilt table shares the
    reasons (its log's thinking told again, nothing waited for on the
    frame), and plays on to the end with every reason said."""
    match, path = _saved_game()
    expected, _said, _notes = _thought_in_the_frame(app, path)
    ai_moves = [i for i, (p, _a) in enumerate(match.history) if p != CHANCE]
    gate = Gate(monkeypatch, allowed=12)
    scene, _said = _open(app, path)
    stuck = ai_moves[12]
    app.run_frames(20000, until=lambda a: scene.replay.position >= stuck and scene.replay_driver.waiting_for_reason)
    assert scene.replay.position == stuck
    assert gate.held.wait(HANG), "the worker is held at that move's decision"
    notes = _thinking(scene)
    reasons = scene.replay.reasons
    for _ in range(3):
        app.top.replay_driver.step_back()
        app.apply_transitions()
    back = app.top
    assert back is not scene and back.replay.position == stuck - 3 and back.replay.reasons is reasons
    assert _thinking(back) == [n for n in notes if n[0] < stuck - 3]
    assert gate.on_main == [] and not gate.timed_out, "stepping back waited for no reason"
    said: list[tuple[int, str]] = []
    announce = back.announce
    back.announce = lambda text, colour=None: (said.append((len(back.match.history), text)), announce(text, colour))
    back.replay.paused = False
    app.run_frames(600)
    assert back.replay.position == stuck, "it waits again at the move whose reason is not known"
    gate.open()
    app.run_frames(60000, until=lambda a: back.replay.finished and not back.is_busy() and back.throw_view is None)
    assert back.replay.finished and gate.on_main == [] and not gate.timed_out
    for index, why in enumerate(expected):
        if why and index >= stuck - 3:
            assert (index + 1, f"{match.seats[match.history[index][0]].name}: {why}") in said
    app.feed(key(pygame.K_ESCAPE))
    app.apply_transitions()
    assert back.replay.reasons.wait(HANG) and not _worker_threads()


def test_closing_a_replay_stops_its_worker(app, monkeypatch):
    """Closed (Escape) while the worker thinks: it stops after that thought,
    works out nothing more, and leaves no thread; the closed table asked
    for its reasons finds none to wait for."""
    from game.scenes.title import TitleScene
    _match, path = _saved_game()
    app.start(TitleScene(app))
    gate = Gate(monkeypatch, allowed=3)
    from game.scenes.replay import open_replay
    app.think_in_background = True
    app.settings.show_ai_reasons = True
    scene, _message = open_replay(app, path)
    app.push(scene)
    app.run_frames(2)   # on screen, then its first frame: the worker works ahead
    assert gate.held.wait(HANG)
    reasons = scene.replay.reasons
    app.feed(key(pygame.K_ESCAPE))
    app.apply_transitions()
    assert app.top is not scene and isinstance(app.top, TitleScene)
    gate.open()
    assert reasons.wait(HANG) and not _worker_threads()
    decided = gate.decided
    assert decided == 4, "the thought in progress ends; no other starts"
    assert not scene.reason_flow.pending(len(reasons.said) + 5), "nothing left to wait for"
    assert reasons(len(reasons.said) + 5) == ""
    app.run_frames(30)
    assert gate.decided == decided and not _worker_threads() and gate.on_main == []


def test_an_ai_that_cannot_think_again_ends_the_reasons_not_the_replay(app, monkeypatch):
    """The worker's AI fails (an old or doctored replay): the replay plays
    to its end, the reasons before it said, none after, no traceback."""
    match, path = _saved_game()
    original = Match.ai_decision
    calls = []

    def failing(self, player):
        calls.append(threading.current_thread() is threading.main_thread())
        if len(calls) > 5:
            raise ValueError("an AI that cannot read this replay")
        return original(self, player)
    monkeypatch.setattr(Match, "ai_decision", failing)
    scene, _said = _open(app, path)
    app.run_frames(60000, until=lambda a: scene.replay.finished and not scene.is_busy()
                   and scene.throw_view is None)
    assert scene.replay.finished and scene.match.history == match.history
    assert not any(calls), "no frame thought"
    reasons = scene.replay.reasons
    assert reasons.ended and 0 < len(reasons.said) < len(match.history)
    assert reasons.wait(HANG) and not _worker_threads()


# --- ReplayReasons alone ----------------------------------------------------------


def _slow_moves(n: int, log: list[str]):
    for i in range(n):
        log.append(threading.current_thread().name)
        yield None, i % 3, f"why {i}"


def test_the_worker_works_a_few_moves_ahead_then_stops():
    log: list[str] = []
    reasons = ReplayReasons(_slow_moves(100, log), background=True)
    reasons.ready(0)
    assert reasons.wait(HANG)
    assert len(reasons.said) == ReplayReasons.AHEAD + 1, "as far ahead as asked, no further"
    assert set(log) == {"replay-reasons"}
    assert reasons.ready(3) and reasons(3) == "why 3"
    reasons.ready(40)
    assert reasons(40) == "why 40"   # asked outside a frame: waited for
    assert reasons.wait(HANG) and not _worker_threads()
    assert reasons.said == [f"why {i}" for i in range(len(reasons.said))]


@pytest.mark.parametrize("background", [False, True])
def test_the_words_do_not_depend_on_the_thread(background):
    """Worked out in the frame or on the worker: the same list, the end known."""
    log: list[str] = []
    reasons = ReplayReasons(_slow_moves(30, log), background=background)
    got = [reasons(i) for i in range(35)]
    assert got == [f"why {i}" for i in range(30)] + [""] * 5
    assert reasons.ended and reasons.ready(50)
    assert reasons.wait(HANG) and not _worker_threads()


def test_the_replay_bench_watches_a_replay_with_reasons(tmp_path, monkeypatch):
    """``bench --only replay`` drives the real replay viewer, reasons on,
    worked out by the worker, and leaves no worker behind."""
    from game.dev.benches.replay import watch_replay
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    out = watch_replay("liars-dice", 4, {"starting_dice": 2}, quick=True, max_frames=400)
    assert out["frames"] == 400 and out["move_frames"] >= 3 and out["reasons_said"] >= 3
    assert 0 < out["move_frames_cpu_p99_ms"] <= out["move_frames_cpu_max_ms"]
    assert len(out["worst"]) == 5
    for thread in _worker_threads():
        thread.join(HANG)
    assert not _worker_threads()


def test_a_worker_that_dies_leaves_nothing_to_wait_for():
    """Whatever the worker meets (here beyond ``Exception``), the reasons
    end, no traceback escapes the thread, and nothing waits for it."""
    def moves():
        yield None, 0, "why 0"
        raise SystemExit   # not an ``Exception``
    reasons = ReplayReasons(moves(), background=True)
    reasons.ready(0)
    assert reasons.wait(HANG) and not reasons.working
    assert reasons.ended and reasons.ready(5) and reasons(5) == "" and reasons(0) == "why 0"


def test_the_replay_bench_watches_the_games_without_bidding_and_names_their_first_throw(tmp_path, monkeypatch):
    """Issue 41 (frames33): the replay bench watched only the 20x6 Liar's
    Dice replay, so the first forced throw of Roll the Bones', Roll For It!'s
    and Diced Out's replays (tables that build no throw ahead) was never
    measured.  ``DICE_TAVERN_BENCH_REPLAYS`` picks them at their largest
    tables, and ``first_throw_cpu_ms`` is the frame their first throw starts in."""
    from game.dev.benches import replay as replay_bench
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    watched: list[tuple[str, int]] = []
    monkeypatch.setattr(replay_bench, "watch_replay",
                        lambda game_id, seats, options, quick: watched.append((game_id, seats)) or {})
    monkeypatch.setenv("DICE_TAVERN_BENCH_REPLAYS", "roll_the_bones_6,roll_for_it_8,diced_out_8")
    assert set(replay_bench.bench_replay(quick=True)) == {"roll_the_bones_6", "roll_for_it_8", "diced_out_8"}
    assert watched == [("roll-the-bones", 6), ("roll-for-it", 8), ("diced-out", 8)]
    monkeypatch.delenv("DICE_TAVERN_BENCH_REPLAYS")
    assert set(replay_bench.bench_replay(quick=True)) == {"liars_dice_20x6"}
    monkeypatch.undo()
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    out = replay_bench.watch_replay("roll-for-it", 3, {}, quick=True, max_frames=900)
    assert out["first_throw_cpu_ms"] is not None and out["first_throw_cpu_ms"] > 0
