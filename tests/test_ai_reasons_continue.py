"""Settings' "Show AI reasoning" across Continue (game/ui/ai_reasons.py,
``TableScene.relive``).

A bid's reason is held until the round's reveal.  The save keeps moves, not
words, so a game saved mid-round and continued had lost the reasons of the
bids made before the save: at the reveal only those made since were told.
Continue now plays the saved game again with its AIs thinking (the same
per-move streams of the seed) and holds those reasons again, so the reveal
tells every one, in order, as if the game had never been left; the thinking
told at earlier reveals is back in the log too.  Nothing held is said before
its reveal, solo or with two humans at one screen.
"""
from __future__ import annotations

import pygame
import pytest

from game.core import saves
from game.games.bidding.bids import Bid
from game.core.match import Match, Seat
from game.core.playback import REPLAY_SPEEDS
from game.core.protocol import CHANCE
from tests.helpers import past_the_opening, start_table
from tests.test_ai_reasons import HOTSEAT, SOLO, _human_bids, _play, _spy

FIVE = [Seat("You", "human"), Seat("Bram", "ai", "hard"), Seat("Mags", "ai", "normal"),
        Seat("Old Tom", "ai", "easy"), Seat("Vesna", "ai", "hard")]


def _challenges(match) -> int:
    return sum(1 for p, a in match.history if p != CHANCE and not isinstance(a, Bid))


def _continue(app):
    """Quit to the title and press Continue; the resumed table (its curtain passed)."""
    from game.scenes.title import TitleScene
    from game.ui.table_scene import TableScene
    app.autosave.flush()
    app.start(TitleScene(app))
    button = next(w for w in app.top.ui.widgets if getattr(w, "text", "") == "Continue")
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    past_the_opening(app, 1)
    table = app.top if isinstance(app.top, TableScene) else app.stack[-2]
    assert isinstance(table, TableScene), "Continue opened the saved game"
    return table


def _thinking(scene) -> list[tuple[int, str]]:
    return [(e.index, e.text) for e in scene.game_log.entries if e.note]


@pytest.mark.parametrize("game_id,seats,seed", [("liars-dice", SOLO, 7), ("liars-dice", FIVE, 12),
                                               ("roll-call", SOLO, 3), ("liars-dice", HOTSEAT, 5),
                                               ("roll-call", HOTSEAT, 4)])
def test_continue_mid_round_tells_every_held_reason_at_the_reveal(app, game_id, seats, seed):
    _continue_mid_round(app, game_id, seats, seed)


def _continue_mid_round(app, game_id, seats, seed, challenge_as_then: bool = True):
    """Save mid-round with several AI bids' reasons held, Continue, play to the
    reveal: it tells what the uninterrupted game told there (the
    challenge's own reason too, unless ``challenge_as_then`` is False)."""
    app.settings.show_ai_reasons = True
    app.settings.call_window = 0
    options = {"starting_dice": 3}

    # Left mid-round after a reveal, with several AI bids' reasons held.
    first = start_table(app, Match(game_id, seats, dict(options), seed=seed))

    def held_enough() -> bool:
        match = first.match
        return (_challenges(match) >= 1 and len(first.reason_flow.keeper.held) >= 2 and not match.can_take_back()
                and first.human_to_act() is not None)
    _human_bids(app, first, held_enough)
    saved_at = len(first.match.history)
    held = [(r.seat, r.text) for r in first.reason_flow.keeper.held]
    reveals = _challenges(first.match) + 1

    # The game as it goes uninterrupted, to that round's reveal.
    app.autosave.clear()
    whole = start_table(app, Match(game_id, seats, dict(options), seed=seed))
    said_then: list[tuple[int, str]] = []
    announce = whole.announce

    def spy(text, colour=None):
        said_then.append((len(whole.match.history), text))
        announce(text, colour)
    whole.announce = spy
    _play(app, whole, reveals=reveals)
    reveal = len(whole.match.history) - 1
    expected = _thinking(whole)
    # the commentary said since the save (no reason is said on resume; the last moves' own lines are recalled)
    said_since = [text for moves, text in said_then if moves > saved_at]
    said_before = [text for moves, text in said_then if moves <= saved_at]
    assert first.match.history == whole.match.history[:saved_at], "the same game so far"
    assert [(seat, f"{whole.match.seats[seat].name}'s thinking: {text}") for seat, text in held] == \
        [(e.actor, e.text) for e in whole.game_log.entries if e.note and e.index == reveal][:len(held)], \
        "the reasons held at the save open the reveal's thinking"

    # Saved there (the autosave of the first table), continued.
    app.autosave.clear()
    app.autosave.save(first.match)
    table = _continue(app)
    assert table.match.history == first.match.history
    recalled = [line.text for line in table.log]   # ``recall_commentary``: the last moves, as said then
    assert recalled and recalled == [text for text in said_before if text in recalled][-len(recalled):]
    held_again = [(r.seat, r.text) for r in table.reason_flow.keeper.held]
    assert not any(reason in line.text for line in table.log for _seat, reason in held), "nothing said on resume"
    assert not _thinking(table), "nothing of the round in the log (nor earlier rounds' thinking)"
    _decisions, said = _spy(table)
    _play(app, table, reveals=reveals)
    assert table.match.history == whole.match.history, "Continue plays on as the game did"

    # Nothing held was said before the reveal, in the commentary or the log.
    for moves, text in said:
        if moves <= reveal:
            assert not any(reason in text for _seat, reason in held), f"said before the reveal: {text}"
    assert all(index <= reveal for index, _text in _thinking(table))
    # At the reveal: every reason of the round, in order, as the uninterrupted game told them.
    told = [n for n in expected if n[0] == reveal]
    challenge = 0 if challenge_as_then or table.match.history[reveal][0] not in table.match.agents else 1
    assert _thinking(table)[:len(told) - challenge] == told[:len(told) - challenge]
    assert len(_thinking(table)) == len(told)
    names = [table.match.seats[seat].name for seat, _r in held]
    for name, (_seat, reason) in zip(names, held):
        assert (reveal, f"{name}'s thinking: {reason}") in expected
    if challenge_as_then:
        # the window as the uninterrupted game's: what was said since the save, under the recalled
        # moves where fewer lines than the window were said (seed 7: 'Old Tom bids 7 threes' on top)
        window = (recalled + said_since)[-len(whole.log):]
        assert [line.text for line in table.log] == window == [line.text for line in whole.log][-len(window):], \
            "the commentary says what it said then"
    assert held_again == held, "Continue held the round's reasons again"
    at_reveal = [text for moves, text in said if moves == reveal + 1]
    newest = [text for index, text in expected if index == reveal and "thinking" in text]
    assert any(text in at_reveal for text in newest), "the newest reason is said at the reveal"
    assert any("more AI reason" in text for text in at_reveal), at_reveal


def test_continue_at_a_reveal_says_its_thinking_again(app):
    """Saved as the cups came up (the call the last move): Continue shows the
    reveal again, and the commentary says its thinking again with it."""
    _continue_at_the_reveal(app, SOLO, 7)


def _continue_at_the_reveal(app, seats, seed) -> list[str]:
    """Play to the first reveal, save there, Continue: the reveal shows again
    with the reasons it told (commentary and log); returns them."""
    from game.ui import theme as th
    app.settings.show_ai_reasons = True
    match = Match("liars-dice", seats, {"starting_dice": 3}, seed=seed)
    scene = start_table(app, match)
    _play(app, scene, reveals=1)
    reveal = len(match.history) - 1
    assert [text for index, text in _thinking(scene) if index == reveal], "the reveal told some thinking"
    reasons = [line.text for line in scene.log if line.colour == th.CREAM_DIM]
    assert reasons and any("thinking" in text for text in reasons)
    app.autosave.save(match)
    table = _continue(app)
    assert len(table.match.history) == reveal + 1 and table.reveal is not None, "the reveal is shown again"
    assert _thinking(table) == _thinking(scene), "its thinking is in the log again"
    assert [line.text for line in table.log if line.colour == th.CREAM_DIM] == reasons
    return reasons


def test_continue_when_the_ais_cannot_think_again_still_plays(app, monkeypatch):
    """A save the AIs cannot think through (an old or doctored one) loads and
    plays as before: no reasons held, no message, no traceback."""
    app.settings.show_ai_reasons = True
    match = Match("liars-dice", SOLO, {"starting_dice": 3}, seed=7)
    while match.state.is_chance() or len(match.history) < 8:
        if not match.step():
            match.apply(0, min((a for a in match.state.legal_actions(0) if isinstance(a, Bid)),
                               key=lambda b: (b.quantity, b.face)))
    app.autosave.save(match)

    def confused(self, *args, **kwargs):
        yield from ()
        raise ValueError("an AI that cannot read this save")
    monkeypatch.setattr(Match, "relive", confused)
    table = _continue(app)
    assert table.match.history == match.history and not table.reason_flow.keeper.held
    agents = dict(table.match.agents)
    _play(app, table, reveals=_challenges(match) + 1)
    assert all(table.match.agents[p] is agents[p] for p in agents), "the loaded AIs play on"


def test_continue_with_reasoning_off_holds_nothing(app):
    app.settings.show_ai_reasons = False
    match = Match("liars-dice", SOLO, {"starting_dice": 3}, seed=7)
    while match.state.round_no < 2 or match.state.is_chance() or len(match.history) < 12:
        if not match.step():
            bids = [a for a in match.state.legal_actions(0) if isinstance(a, Bid)]
            match.apply(0, min(bids, key=lambda b: (b.quantity, b.face)))
    app.autosave.save(match)
    table = _continue(app)
    assert not table.reason_flow.keeper.held and not _thinking(table)


def test_an_ai_that_decides_otherwise_now_gives_no_reason_not_a_wrong_one():
    """A save from an older AI: the move it would make now is not the logged
    one, so that move has no reason (never another move's)."""
    match = Match("liars-dice", [Seat("You", "human"), Seat("Bram", "ai", "hard")], {"starting_dice": 3}, seed=2)
    while len(match.history) < 6:
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    ai = [i for i, (p, _a) in enumerate(match.history) if p == 1]
    assert ai
    relived = [why for _again, _p, why in match.relive()]
    assert all(relived[i] for i in ai) and not any(relived[i] for i in range(len(relived)) if i not in ai)
    doctored = list(match.history)
    legal = [a for a in Match.from_record(match.to_record(), upto=ai[0]).state.legal_actions(1)
             if a != doctored[ai[0]][1]]
    doctored[ai[0]] = (1, legal[0])
    relived = [why for _again, _p, why in match.relive(doctored[:ai[0] + 1])]
    assert relived[ai[0]] == ""


def _remembered_games(app, game_id, seats, games: int = 4) -> None:
    """Games played before, headless, into the AIs' rivals book (``app.rivals``)."""
    for seed in range(100, 100 + games):
        match = Match(game_id, seats, {"starting_dice": 3}, seed=seed)
        app.rivals.seat(match)
        while not match.is_over:
            if not match.step():
                human = match.state.turn_player()
                legal = match.state.legal_actions(human)
                bids = [a for a in legal if isinstance(a, Bid)]
                match.apply(human, min(bids, key=lambda b: (b.quantity, b.face)) if bids else legal[0])
        app.rivals.book.absorb(match)
    assert app.rivals.book.rivals, "the book remembers"


def test_continue_with_a_rivals_book_tells_what_the_ais_said(app):
    """Hard states a challenge's chance through what it remembers of its
    rivals: the AIs asked again for their reasons recall them as the
    table's did (``TableBase.ready_agents``)."""
    _remembered_games(app, "liars-dice", FIVE, games=25)
    # the first seed whose first reveal states a remembered chance: which one does depends on the
    # AIs' play (seed 3, then 5, stopped doing so as Hard changed), so it is found, within a bound
    for seed in range(5, 25):
        reasons = _continue_at_the_reveal(app, FIVE, seed)
        if any("taught me" in text for text in reasons):
            break
    assert any("taught me" in text for text in reasons), "the book moved a stated chance"
    _continue_mid_round(app, "liars-dice", FIVE, 12, challenge_as_then=False)


# --- replays ---------------------------------------------------------------------

TRIO = [Seat("Bram", "ai", "hard"), Seat("Mags", "ai", "normal"), Seat("Old Tom", "ai", "easy")]


def _watch_replay(app, path, upto: int | None = None):
    """The replay of ``path`` played (at once, step by step) to its end or ``upto`` moves."""
    from game.scenes.replay import open_replay
    scene, message = open_replay(app, path)
    assert scene is not None, message
    app.start(scene)
    said = []
    announce = scene.announce

    def spy(text, colour=None):
        said.append((len(scene.match.history), text))
        announce(text, colour)
    scene.announce = spy
    end = len(scene.replay.actions) if upto is None else upto
    scene.replay.speed_index = len(REPLAY_SPEEDS) - 1   # the fastest
    app.run_frames(60000, until=lambda a: scene.replay.position >= end and not scene.is_busy()
                   and scene.throw_view is None)
    scene.replay.paused = True
    return scene, said


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_a_replay_says_each_ai_reason_with_its_move(app, game_id):
    """Replays showed no AI reasons.  With "Show AI reasoning" on, a replay
    (every hand face-up) says each reason with its move, in the words the
    AI gave at the table; the log tells a challenge's reason at its reveal."""
    app.settings.show_ai_reasons = True
    app.settings.call_window = 0
    match = Match(game_id, TRIO, {"starting_dice": 2}, seed=4)
    live = start_table(app, match)
    decisions, _said = _spy(live)
    app.run_frames(80000, until=lambda a: live.game_end.replay_path is not None)
    assert match.is_over and live.game_end.replay_path is not None
    ai_moves = [i for i, (p, _a) in enumerate(match.history) if p in match.agents]
    assert [(match.history[i][0], match.history[i][1]) for i in ai_moves] == [(p, a) for p, a, _w in decisions]
    whys = {i: w for i, (_p, _a, w) in zip(ai_moves, decisions) if w}
    assert len(whys) >= 6
    live_notes = _thinking(live)

    replay, said = _watch_replay(app, live.game_end.replay_path)
    assert replay.match.history == match.history
    for index, why in whys.items():
        line = f"{match.seats[match.history[index][0]].name}: {why}"
        assert (index + 1, line) in said, f"said with its move: {line}"
    challenges = {i for i, (p, a) in enumerate(match.history) if p != CHANCE and not isinstance(a, Bid)}
    notes = _thinking(replay)
    assert notes and {i for i, _t in notes} <= challenges, "the log tells a challenge's reason at its reveal"
    assert all(note in live_notes for note in notes)


def test_a_replay_says_no_reason_with_the_setting_off(app):
    app.settings.show_ai_reasons = False
    match = Match("liars-dice", TRIO, {"starting_dice": 2}, seed=4)
    match.play_out()
    path = saves.save_replay(match)
    replay, said = _watch_replay(app, path)
    whys = {w for _a, _p, w in match.relive() if w}
    assert whys and not any(why in text for _m, text in said for why in whys)
    assert replay.replay.reasons is None, "not worked out"


def test_a_replay_stepped_back_keeps_its_logs_thinking(app):
    """Stepping back rebuilds the table from the record: the reasons its log
    told before that move are told again (worked out once per replay)."""
    app.settings.show_ai_reasons = True
    match = Match("liars-dice", TRIO, {"starting_dice": 2}, seed=4)
    match.play_out()
    path = saves.save_replay(match)
    reveals = [i for i, (p, a) in enumerate(match.history) if p != CHANCE and not isinstance(a, Bid)]
    upto = reveals[1] + 3
    replay, _said = _watch_replay(app, path, upto=upto)
    notes = _thinking(replay)
    assert notes
    reasons = replay.replay.reasons
    replay.replay_driver.step_back()
    app.apply_transitions()
    back = app.top
    assert back is not replay and back.replay.position == upto - 1
    assert back.replay.reasons is reasons, "worked out once"
    assert _thinking(back) == [n for n in notes if n[0] < upto - 1]
