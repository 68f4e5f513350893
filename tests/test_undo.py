"""Misclick protection by undo (issue 17): a bid at a table with one human,
and a Roll For It! placement until the turn's next commit, can be taken back
while no one else has moved.  A taken-back move leaves no trace: the state is
the one before it, the autosave and the replay never hold it, and the AI's
next move is the one it would have made had the move never been made."""
import pickle

import pygame
import pytest

from game.core import journal, saves
from game.games.bidding.bids import Bid, Call
from game.core.match import Match, Seat
from game.games.roll_for_it.rules import KeepRest, Place, Roll
from tests.helpers import key, pass_curtain, start_table


def _seats(n=3, humans=1):
    return ([Seat(f"P{i + 1}" if humans > 1 else "You", "human") for i in range(humans)]
            + [Seat(f"AI{i}", "ai", "normal") for i in range(1, n - humans + 1)])


def _to_human(app, scene, seat=0, frames=6000):
    app.run_frames(frames, until=lambda a: scene.human_to_act() == seat)
    assert scene.human_to_act() == seat


def _journal_actions():
    return journal.read_record(saves.autosave_file())["actions"]


def _smallest_bid(match, seat=0):
    bids = [a for a in match.state.legal_actions(seat) if isinstance(a, Bid)]
    return min(bids, key=lambda b: (b.quantity, b.face))


def _other_bid(match, first, seat=0):
    bids = [a for a in match.state.legal_actions(seat) if isinstance(a, Bid) and a != first]
    return min(bids, key=lambda b: (b.quantity, b.face))


def _next_actor_move(app, scene, length):
    """Run the table until the move after ``length`` moves is made; that move."""
    app.run_frames(6000, until=lambda a: len(scene.match.history) > length)
    assert len(scene.match.history) > length
    return scene.match.history[length]


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_a_bid_taken_back_leaves_no_trace(app, game_id):
    match = Match(game_id, _seats(4), None, 11)
    scene = start_table(app, match)
    _to_human(app, scene)
    length = len(match.history)
    before = match.state.summary()
    on_disk = _journal_actions()
    assert len(on_disk) == length
    misclick = _smallest_bid(match)
    assert scene.submit(0, misclick)
    assert scene.undo_flow.can_undo() and len(match.history) == length + 1
    app.run_frames(10)                                  # inside the undo window
    assert len(match.history) == length + 1, "the next actor waits for the undo window"
    assert _journal_actions() == on_disk, "a move that may be taken back is not saved yet"
    app.feed(key(pygame.K_z))
    app.run_frames(1)
    assert len(match.history) == length
    assert match.state.summary() == before
    assert not scene.undo_flow.can_undo()
    assert scene.human_to_act() == 0
    assert scene.round_entries == scene._round_so_far()
    # the real bid, then the next actor: the same move as in a game that never saw the misclick
    meant = _other_bid(match, misclick)
    assert scene.submit(0, meant)
    nxt = _next_actor_move(app, scene, length + 1)
    record = match.to_record()
    ref = Match.from_record({**record, "actions": record["actions"][:length + 1]})
    assert ref.history[-1] == (0, meant)
    assert nxt == (ref.ai_interjection() or ref.ai_turn_action())
    # neither the autosave nor the record ever holds the misclick
    saved = _journal_actions()
    assert saved[length] == {"player": 0, "action": meant.to_json()}
    assert {"player": 0, "action": misclick.to_json()} not in saved[length:]
    assert (0, misclick) not in match.history[length:]


def test_undo_is_impossible_once_the_next_actor_moved(app):
    match = Match("liars-dice", _seats(3), None, 5)
    scene = start_table(app, match)
    _to_human(app, scene)
    length = len(match.history)
    assert scene.submit(0, _smallest_bid(match))
    _next_actor_move(app, scene, length + 1)
    assert not scene.undo_flow.can_undo() and not match.can_take_back()
    moves = list(match.history)
    app.feed(key(pygame.K_z))
    app.run_frames(1)
    assert match.history[:len(moves)] == moves
    assert len(_journal_actions()) >= length + 2, "the bid became final and was saved with the next move"


def test_call_is_confirmed_not_undone(app):
    match = Match("liars-dice", _seats(3), None, 5)
    scene = start_table(app, match)
    for _ in range(20):
        _to_human(app, scene)
        if match.state.current_bid is not None:
            break
        scene.submit(0, Bid(1, 2))
    assert scene.submit(0, Call())
    assert not scene.undo_flow.can_undo()
    length = len(match.history)
    app.feed(key(pygame.K_z))
    app.run_frames(1)
    assert len(match.history) == length and match.history[-1] == (0, Call())


def test_no_bid_undo_in_hot_seat(app):
    """With two humans the next human would see the bid: it is final."""
    match = Match("liars-dice", _seats(3, humans=2), None, 3)
    scene = start_table(app, match)
    for _ in range(6000):
        seat = scene.human_to_act()
        if seat is not None and scene.secrecy.confirmed == seat:
            break
        if seat is not None and scene.is_top is False:
            pass_curtain(app)   # the curtain: confirm who sits at the screen
        app.run_frames(1)
    seat = scene.human_to_act()
    assert seat is not None
    assert scene.submit(seat, _smallest_bid(match, seat))
    assert not match.can_take_back() and not scene.undo_flow.can_undo()


def test_match_take_back_restores_the_ai_memory(monkeypatch):
    """Core: learning agents see every move; after a take-back their memory is
    the one from before, so the match plays on as if it never happened.  The
    AIs watch a move only once it is final (``Match.catch_up``), so an undo
    copies nothing (a deep copy of 20 agents cost 21-73 ms at 20x6): no
    ``copy.deepcopy`` and no ``watch`` while the move may be taken back."""
    import copy as copy_module
    seats = [Seat("You", "human")] + [Seat(f"AI{i}", "ai", "hard") for i in range(1, 4)]
    match = Match("liars-dice", seats, None, 21)
    match.play_out()
    length = len(match.history)
    first = _smallest_bid(match)
    match.catch_up()   # the AIs have watched every move so far
    memory = pickle.dumps(match.agents)
    copies, watched = [], []
    real_deepcopy = copy_module.deepcopy
    monkeypatch.setattr(copy_module, "deepcopy", lambda *a, **k: copies.append(a) or real_deepcopy(*a, **k))
    hard = type(match.agents[1])
    real_watch = hard.watch
    monkeypatch.setattr(hard, "watch", lambda agent, view: watched.append(view) or real_watch(agent, view))
    match.apply(0, first, undoable=True)
    assert match.can_take_back() and match.undo_player() == 0
    assert match.take_back() == (0, first)
    assert copies == [] and watched == [], "an undo copies no AI and no AI watched the move"
    assert pickle.dumps(match.agents) == memory
    assert len(match.history) == length and not match.can_take_back()
    match.apply(0, first, undoable=True)
    match.catch_up()   # an AI is asked to decide: the move is final and every AI watches it
    assert len(watched) == 3 and not match.can_take_back()
    assert pickle.dumps(match.agents) != memory, "the AIs watched the bid"
    match = Match("liars-dice", seats, None, 21)
    match.play_out()
    second = _other_bid(match, first)
    match.apply(0, second)
    match.play_out()
    clean = Match("liars-dice", seats, None, 21)
    clean.play_out()
    clean.apply(0, second)
    clean.play_out()
    assert match.history == clean.history
    with pytest.raises(Exception):
        match.take_back()


# --- Roll For It! placements --------------------------------------------------
def _rfi_to_placing(app, scene, tries=60):
    """Play on until seat 0 has rolled dice with a placement that scores nothing."""
    match = scene.match
    for _ in range(tries):
        _to_human(app, scene)
        state = match.state
        if state.phase == "start":
            scene.submit(0, Roll() if Roll() in state.legal_actions(0) else state.legal_actions(0)[0])
            continue
        quiet = [a for a in state.legal_actions(0) if isinstance(a, Place) and scene.undoable(0, a)]
        if len(quiet) >= 1:
            return quiet
        scene.submit(0, KeepRest())
    raise AssertionError("never had a placement to make")


def test_roll_for_it_placements_come_back_to_the_tray(app):
    match = Match("roll-for-it", _seats(3), None, 8)
    scene = start_table(app, match)
    quiet = _rfi_to_placing(app, scene)
    length = len(match.history)
    before = match.state.summary()
    tray = sorted(d.face for d in scene.loose)
    placed = []
    for _ in range(2):   # place up to two dice, then take both back, newest first
        options = [a for a in match.state.legal_actions(0) if isinstance(a, Place) and scene.undoable(0, a)]
        if not options or scene.human_to_act() != 0:
            break
        index = next(i for i, d in enumerate(scene.loose) if d.face == options[0].face)
        slot = match.state.slots.index(options[0].card)
        assert scene.try_place(index, slot)
        placed.append(options[0])
    assert placed and quiet
    assert len(scene.loose) == len(tray) - len(placed)
    assert len(_journal_actions()) == length, "placements wait for the turn's commit"
    for _ in placed:
        assert scene.undo_flow.can_undo()
        app.feed(key(pygame.K_z))
        app.run_frames(1)
    assert len(match.history) == length and match.state.summary() == before
    assert sorted(d.face for d in scene.loose) == tray
    assert not scene.undo_flow.can_undo()
    # place again and keep the rest: the turn is committed, nothing can come back
    options = [a for a in match.state.legal_actions(0) if isinstance(a, Place) and scene.undoable(0, a)]
    assert scene.submit(0, options[0])
    if scene.human_to_act() == 0:
        assert scene.submit(0, KeepRest())
    assert not scene.undo_flow.can_undo()
    app.feed(key(pygame.K_z))
    app.run_frames(1)
    assert match.history[length] == (0, options[0])
    app.run_frames(6000, until=lambda a: len(_journal_actions()) > length)
    saved = _journal_actions()
    assert saved[length] == {"player": 0, "action": options[0].to_json()}


def test_roll_for_it_scoring_placement_is_final(app):
    """A placement that scores turns a card from the hidden deck: never undone."""
    driver = Match("roll-for-it", [Seat("A", "ai", "hard"), Seat("B", "ai", "hard")], None, 4)
    found = None
    while not found and driver.step():
        state = driver.state
        seat = state.turn_player()
        if seat is None or state.is_terminal():
            continue
        found = next(((seat, a) for a in state.legal_actions(seat)
                      if isinstance(a, Place) and a.card not in state.apply(seat, a).covers), None)
    assert found, "a scoring placement comes up in a whole game"
    record = driver.to_record()
    match = Match.from_record({**record, "seats": [{"name": "A"}, {"name": "B"}]})
    scene = start_table(app, match)
    seat, scoring = found
    assert not scene.undoable(seat, scoring)
    quiet = [a for a in match.state.legal_actions(seat) if isinstance(a, Place)
             and a.card in match.state.apply(seat, a).covers]
    for a in quiet:
        assert scene.undoable(seat, a)
