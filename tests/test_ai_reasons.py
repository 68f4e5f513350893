"""Settings' "Show AI reasoning" never gives a hidden die away (game/ui/ai_reasons.py).

An AI's reason for a bid speaks of its own dice ("bid 1 one: 100% true as I
read the table" says it holds a one), so during live play:

* a reason is said at once only when it reveals nothing hidden: a call, a
  Jinto or an out-of-turn call (the reveal lifts every cup at once), and
  every move of the games without hidden dice (Roll the Bones, Roll For It!,
  Diced Out: their AIs see only public facts);
* the reasons of bids wait until that AI's dice are shown: at the round's
  reveal they enter the game log, in order, as that seat's thinking for the
  round, and the commentary says the newest one and how many more the log has;
* reasons whose dice go without ever being shown are dropped, never said;
* hot-seat (two humans at one screen) alike.
"""
from __future__ import annotations

import pygame
import pytest

from game.games.bidding.bids import Bid
from game.core.match import Match, Seat
from game.core.narration import GameLog
from game.core.protocol import CHANCE
from tests.helpers import key, start_table

SOLO = [Seat("You", "human"), Seat("Bram", "ai", "hard"), Seat("Mags", "ai", "normal"),
        Seat("Old Tom", "ai", "easy")]
HOTSEAT = [Seat("Ann", "human"), Seat("Bram", "ai", "hard"), Seat("Bob", "human"), Seat("Mags", "ai", "normal")]


def _spy(scene):
    """Every AI decision with its reason (read from the agent when it decides,
    not from the table), and every commentary line with the moves made then."""
    match = scene.match
    decisions: list[tuple[int, object, str]] = []
    for seat, agent in match.agents.items():
        for name in ("act", "interject"):
            original = getattr(agent, name)

            def wrapped(view, legal, _original=original, _seat=seat, _agent=agent):
                action = _original(view, legal)
                if action is not None:
                    decisions.append((_seat, action, _agent.explain()))
                return action
            setattr(agent, name, wrapped)
    said: list[tuple[int, str]] = []
    announce = scene.announce

    def spy(text, colour=None):
        said.append((len(match.history), text))
        announce(text, colour)
    scene.announce = spy
    return decisions, said


def _human_bids(app, scene, until, frames: int = 40000) -> None:
    """Humans bid the smallest raise (a call when none is left), the curtain
    is passed on at once, until ``until()``."""
    match = scene.match
    for _ in range(frames):
        if until() or match.is_over:
            return
        app.run_frames(1)
        if app.top is not scene:
            if app.top.name == "curtain":
                app.feed(key(pygame.K_RETURN))
            continue
        human = scene.human_to_act()
        if human is None or scene.is_busy() or scene.throw_view is not None or until():
            continue
        legal = match.state.legal_actions(human)
        bids = [a for a in legal if isinstance(a, Bid)]
        scene.submit(human, min(bids, key=lambda b: (b.quantity, b.face)) if bids else legal[0])
    raise AssertionError(f"the game never got there in {frames} frames")


def _play(app, scene, reveals: int, frames: int = 40000) -> None:
    """``_human_bids`` until ``reveals`` challenges were made."""
    match = scene.match
    _human_bids(app, scene, lambda: sum(1 for p, a in match.history
                                        if p != CHANCE and not isinstance(a, Bid)) >= reveals, frames)


def _rounds(match, decisions):
    """Per challenge: (its index, its seat, the AI bids of its round as (index, seat, reason))."""
    ai_moves = [(i, p, a) for i, (p, a) in enumerate(match.history) if p in match.agents]
    assert [(p, a) for _i, p, a in ai_moves] == [(p, a) for p, a, _w in decisions], "one decision per AI move"
    why = {i: w for (i, _p, _a), (_p2, _a2, w) in zip(ai_moves, decisions)}
    rounds, bids = [], []
    for i, (p, a) in enumerate(match.history):
        if p == CHANCE:
            bids = []
        elif isinstance(a, Bid):
            if p in match.agents and why[i]:
                bids.append((i, p, why[i]))
        else:
            rounds.append((i, p, list(bids)))
    return rounds, why


def _check_held_until_the_reveal(scene, decisions, said):
    match = scene.match
    rounds, why = _rounds(match, decisions)
    assert rounds and any(bids for _i, _p, bids in rounds), "the AIs bid with reasons before a reveal"
    for reveal, challenger, bids in rounds:
        for index, seat, reason in bids:
            early = [text for moves, text in said if index < moves <= reveal and reason.rstrip(".") in text]
            assert not early, f"{match.seats[seat].name}'s reason for a bid was said before the reveal: {early}"
        notes = [e for e in scene.game_log.entries if e.note and e.index == reveal]
        expected = [f"{match.seats[seat].name}'s thinking: {reason}" for _i, seat, reason in bids]
        call = [f"{match.seats[challenger].name}'s thinking: {why[reveal]}"] if why.get(reveal) else []
        assert [e.text for e in notes] == expected + call, \
            "the round's bid reasons enter the log, in order, at the reveal (the challenge's own last)"
        assert all(e.actor == seat for e, (_i, seat, _r) in zip(notes, bids))
        told = [e for e in scene.game_log.entries if e.index == reveal]
        assert not notes or told[-len(notes):] == notes, "after the reveal's own sentences"
        at_reveal = [text for moves, text in said if moves == reveal + 1]
        if call:
            assert f"{match.seats[challenger].name}: {why[reveal]}" in at_reveal, "the challenge's reason at once"
        if bids:
            assert expected[-1] in at_reveal, "the newest reason is said at the reveal"
            if len(bids) > 1:
                assert any(f"{len(bids) - 1} more AI reason" in text for text in at_reveal), at_reveal


def test_a_bids_reason_waits_for_the_reveal_and_enters_the_log_there(app):
    app.settings.show_ai_reasons = True
    match = Match("liars-dice", SOLO, {"starting_dice": 3}, seed=7)
    scene = start_table(app, match)
    decisions, said = _spy(scene)
    _play(app, scene, reveals=3)
    _check_held_until_the_reveal(scene, decisions, said)


def test_a_calls_reason_is_said_at_once_and_first_in_its_round(app):
    """The call lifts every cup at once: its reason gives nothing away.  It is
    the first reason the commentary says in that round (no bid's before it)."""
    app.settings.show_ai_reasons = True
    match = Match("liars-dice", SOLO, {"starting_dice": 3}, seed=7)
    scene = start_table(app, match)
    decisions, said = _spy(scene)
    _play(app, scene, reveals=3)
    rounds, why = _rounds(match, decisions)
    calls = [(i, p) for i, p, _b in rounds if p in match.agents]
    assert calls, "an AI challenged"
    starts = [i for i, (p, _a) in enumerate(match.history) if p == CHANCE]
    for index, seat in calls:
        line = f"{match.seats[seat].name}: {why[index]}"
        assert (index + 1, line) in said, f"the call's reason is said with the call: {line}"
        start = max(s for s in starts if s < index)
        reasons = {f"{match.seats[p].name}: {why[i]}" for i, (p, _a) in enumerate(match.history)
                   if i in why and why[i]}
        before = [text for moves, text in said if start < moves <= index + 1 and text in reasons]
        assert before == [line], f"no other reason said in the round before the call's: {before}"


def test_hot_seat_holds_the_bids_reasons_too(app):
    app.settings.show_ai_reasons = True
    match = Match("liars-dice", HOTSEAT, {"starting_dice": 3}, seed=5)
    scene = start_table(app, match)
    assert scene.secrecy.hotseat
    decisions, said = _spy(scene)
    _play(app, scene, reveals=2)
    _check_held_until_the_reveal(scene, decisions, said)


def test_roll_call_out_of_turn_and_bids(app):
    """Roll Call: bids held, calls (in turn or out of turn) said at once."""
    app.settings.show_ai_reasons = True
    app.settings.call_window = 0
    match = Match("roll-call", SOLO, {"starting_dice": 3}, seed=3)
    scene = start_table(app, match)
    decisions, said = _spy(scene)
    _play(app, scene, reveals=3)
    _check_held_until_the_reveal(scene, decisions, said)


@pytest.mark.parametrize("game_id", ["roll-the-bones", "roll-for-it", "diced-out"])
def test_games_without_hidden_dice_say_every_reason_at_once(app, game_id):
    """Their AIs decide from public facts only (the views hold no hidden
    die or card), so a reason is said with its move."""
    app.settings.show_ai_reasons = True
    match = Match(game_id, [Seat("Bram", "ai", "hard"), Seat("Mags", "ai", "normal"), Seat("Old Tom", "ai", "easy")],
                  seed=2)
    scene = start_table(app, match)
    decisions, said = _spy(scene)
    app.run_frames(6000, until=lambda a: len(decisions) >= 6)
    assert len(decisions) >= 6
    moves = [(i, p) for i, (p, _a) in enumerate(match.history) if p in match.agents]
    for (index, seat), (_p, _a, reason) in zip(moves, decisions):
        if reason:
            assert (index + 1, f"{match.seats[seat].name}: {reason}") in said


def test_reasons_of_a_hand_never_shown_are_dropped():
    from game.ui.ai_reasons import ReasonKeeper
    keeper = ReasonKeeper()
    hidden = {1: True, 2: True}
    told = keeper.after_move(1, 4, "bid two fives: I hold two", hidden.get, lambda s: False)
    assert told.now == "" and len(keeper.held) == 1
    keeper.after_move(2, 5, "bid three fives", hidden.get, lambda s: False)
    hidden[1] = False          # seat 1's dice went away unseen
    told = keeper.after_move(0, 6, "", hidden.get, lambda s: False)
    assert told.shown == () and [r.seat for r in keeper.held] == [2], "dropped, never said"
    hidden[2] = False
    told = keeper.after_move(0, 7, "", hidden.get, lambda s: s == 2)
    assert [r.text for r in told.shown] == ["bid three fives"] and not keeper.held


def test_a_taken_back_move_drops_the_reasons_held_since():
    from game.ui.ai_reasons import ReasonKeeper
    keeper = ReasonKeeper()
    keeper.after_move(1, 3, "a", lambda s: True, lambda s: False)
    keeper.after_move(2, 5, "b", lambda s: True, lambda s: False)
    keeper.taken_back(5)
    assert [r.text for r in keeper.held] == ["a"]


def test_the_logs_notes_stay_when_told_again_and_go_with_their_move():
    from game.games.liars_dice import narrate
    from game.games.liars_dice.rules import Call
    match = Match("liars-dice", [Seat("A", "ai", "easy"), Seat("B", "ai", "easy")], {"starting_dice": 2}, seed=1)
    while not any(not isinstance(a, Bid) and p != CHANCE for p, a in match.history):
        match.step()
    reveal = len(match.history) - 1
    assert isinstance(match.history[reveal][1], Call)
    for _ in range(3):   # the next roll and two bids
        match.step()
    log = GameLog(match.game.new_initial_state(), ["A", "B"], narrate)
    log.sync(match.history[:reveal + 1])
    told = [e.text for e in log.entries]
    log.note(reveal, 1, ["B's thinking: x", "B's thinking: y"])
    assert [e.text for e in log.entries] == told + ["B's thinking: x", "B's thinking: y"]
    assert log.entries[-1].round == log.entries[-3].round and log.entries[-1].note
    assert not any(e.note for e in log.since_last_turn(0)), "the since-card keeps to what happened"
    log.sync(match.history)
    whole = [e.text for e in log.entries]
    assert whole[:len(told) + 2] == told + ["B's thinking: x", "B's thinking: y"]
    log.sync(match.history[:-1])   # a move taken back: the log is told again from the start ...
    log.sync(match.history)
    assert [e.text for e in log.entries] == whole
    log.sync(match.history[:reveal])   # ... and cut before the move the notes follow, they go
    log.sync(match.history)
    assert [e.text for e in log.entries] == [t for t in whole if "thinking" not in t]


def test_diced_out_reasons_show_in_the_log_as_its_table_draws_no_commentary(app):
    """Playtest s16: Diced Out's table has no running commentary (its sheets
    fill the corners), so with "Show AI reasoning" on an AI's reason for a
    free mark or a penalty was said to nobody.  The log tells it, at once,
    after the move's own sentence."""
    app.settings.show_ai_reasons = True
    match = Match("diced-out", [Seat("Bram", "ai", "hard"), Seat("Mags", "ai", "normal"),
                                Seat("Old Tom", "ai", "easy")], seed=2)
    scene = start_table(app, match)
    decisions, _said = _spy(scene)
    app.run_frames(40000, until=lambda a: sum(1 for _s, _a, why in decisions if why) >= 3 or match.is_over)
    reasoned = [(i, p) for i, (p, _a) in enumerate(match.history) if p in match.agents]
    whys = [why for _s, _a, why in decisions]
    assert sum(1 for w in whys if w) >= 3, "some AIs gave reasons"
    notes = [e for e in scene.game_log.entries if e.note]
    for (index, seat), why in zip(reasoned, whys):
        if why:
            line = f"{match.seats[seat].name}'s thinking: {why}"
            assert any(e.index == index and e.text == line for e in notes), line
    app.settings.show_ai_reasons = False
