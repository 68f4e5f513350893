"""The game log (issue 17): every game's actions told in players' words,
grouped by round, never a hidden die, on screen with L and a button, and a
"since your last move" summary."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game import games
from game.core.match import Match, Seat
from game.core.narration import GameLog, plural, there
from game.core.protocol import CHANCE, RollResult
from tests.helpers import key, start_table

NAMES = ["Ada", "Mags", "Old Tom"]


def _played(game_id, seed=4):
    match = Match(game_id, [Seat(n, "ai", "normal") for n in NAMES], None, seed)
    match.play_out()
    log = GameLog(match.game.new_initial_state(), NAMES, games.narrator(game_id))
    log.sync(match.history)
    return match, log


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_decision_is_told_by_name_under_a_round(game_id):
    match, log = _played(game_id)
    told = {e.index for e in log.entries}
    for i, (player, action) in enumerate(match.history):
        if player != CHANCE and type(action).__name__ != "Roll":   # Roll For It!'s throw says it
            assert i in told, (i, action)
    assert all(e.round for e in log.entries)
    assert len(log.rounds()) >= 2
    text = " ".join(e.text for e in log.entries)
    for bad in ("None", "{", "[", "Player 0", "seat 0"):
        assert bad not in text
    assert any(n in text for n in NAMES)


def test_the_outcomes_players_ask_about_are_in_the_log():
    _m, log = _played("liars-dice")
    text = " ".join(e.text for e in log.entries)
    assert " bid " in text and ("called" in text or "Jinto" in text) and "lost a die" in text
    _m, log = _played("roll-the-bones")
    assert any("Pot shares:" in e.text and " took " in e.text for e in log.entries)
    _m, log = _played("roll-for-it")
    assert any("completed the" in e.text and "points" in e.text for e in log.entries)
    _m, log = _played("diced-out")
    rounds = [e.text for e in log.entries if e.text.startswith("Round ") and "scores" in e.text]
    assert len(rounds) == 4 and any(e.text.startswith("Final totals") for e in log.entries)


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_a_hidden_throw_reads_the_same_whatever_the_faces(game_id):
    """Hot-seat safety: the sentence for the cups' throw never depends on
    the dice under them."""
    match = Match(game_id, [Seat(n, "ai", "normal") for n in NAMES], None, 1)
    state = match.state
    request = state.chance_request()
    narrator = games.narrator(game_id)
    told = []
    for face in (2, 6):
        result = RollResult(tuple(tuple(face for _ in range(g.count)) for g in request.groups))
        told.append(narrator.narrate(state, CHANCE, result, state.apply(CHANCE, result), NAMES.__getitem__))
    assert told[0] == told[1] and told[0]


def test_words():
    assert plural(1, "die", "dice") == "1 die" and plural(3, "die", "dice") == "3 dice"
    assert there(1) == "there was one" and there(0) == "there were no"


def test_a_shorter_history_starts_the_log_over():
    match, log = _played("roll-call")
    count = len(log.entries)
    log.sync(match.history[:5])
    assert 0 < len(log.entries) < count and max(e.index for e in log.entries) < 5


def _human_match(game_id, seed=3):
    seats = [Seat("You", "human")] + [Seat(n, "ai", "easy") for n in NAMES[1:]]
    return Match(game_id, seats, None, seed)


def test_log_panel_opens_with_l_and_button_and_holds_the_table(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    app = App(headless=True)
    match = _human_match("roll-call")
    scene = start_table(app, match)
    app.run_frames(400)
    assert scene.game_log.entries
    app.feed(key(pygame.K_l))
    assert scene.log_panel.is_open
    moves = len(match.history)
    app.run_frames(600)
    assert len(match.history) == moves         # nothing moves while the log is read
    app.feed(key(pygame.K_ESCAPE))
    app.apply_transitions()
    assert not scene.log_panel.is_open and app.top is scene   # Esc closed the log, not the table
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.log_panel.BUTTON.center, button=1))
    assert scene.log_panel.is_open
    app.run_frames(2)
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 700), button=1))
    assert not scene.log_panel.is_open


def test_continued_game_has_the_whole_story(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    app = App(headless=True)
    match = _human_match("liars-dice")
    while match.step():
        pass
    record = match.to_record()
    again = Match.from_record(record)
    scene = start_table(app, again)
    assert scene.game_log.entries and scene.game_log.entries[0].index == 0
    assert len({e.round for e in scene.game_log.entries}) == again.state.round_no


def test_since_your_last_move_after_several_ai_moves(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    from game.app import App
    from game.core.bidding import Bid
    app = App(headless=True)
    match = _human_match("liars-dice", seed=8)
    scene = start_table(app, match)
    app.run_frames(2000, until=lambda a: scene.human_to_act() == 0)
    assert scene.human_to_act() == 0
    bids = [a for a in match.state.legal_actions(0) if isinstance(a, Bid)]
    assert scene.submit(0, min(bids, key=lambda b: (b.quantity, b.face)))
    assert scene.since.seat is None
    app.run_frames(3000, until=lambda a: scene.human_to_act() == 0)
    others = scene.game_log.since_last_turn(0)
    assert len(others) >= 2 and all(e.actor != 0 for e in others)
    assert scene.since.seat == 0 and scene.since.lines[-1] == others[-1].text


def test_since_card_folds_into_a_tab_and_the_table_then_rests(tmp_path, monkeypatch):
    """The card must not cover seats or cards for a whole turn: after a few
    seconds it folds into a one-line tab (hover opens it), and only then
    may the waiting table rest."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    import pygame
    from game.app import App
    from game.core.bidding import Bid
    from game.ui import game_log
    app = App(headless=True)
    match = _human_match("liars-dice", seed=8)
    scene = start_table(app, match)
    app.run_frames(2000, until=lambda a: scene.human_to_act() == 0)
    bids = [a for a in match.state.legal_actions(0) if isinstance(a, Bid)]
    assert scene.submit(0, min(bids, key=lambda b: (b.quantity, b.face)))
    app.run_frames(3000, until=lambda a: scene.since.seat == 0)
    assert scene.since.unfolding and not scene.is_idle()
    card = pygame.Surface((1280, 720))
    scene.since.draw(card, scene.theme)
    app.run_frames(int(game_log.SUMMARY_SECONDS * 60) + 30)
    assert scene.since.seat == 0 and not scene.since.unfolding
    tab = pygame.Surface((1280, 720))
    scene.since.draw(tab, scene.theme)
    hovered = pygame.Surface((1280, 720))
    scene.since.draw(hovered, scene.theme, mouse=scene.since.tab_rect().center)
    below = pygame.Rect(0, scene.since.tab_rect().bottom + 4, 420, 60)

    def blank(surface):
        part = surface.subsurface(below)
        return pygame.mask.from_threshold(part, (0, 0, 0), (1, 1, 1, 255)).count() == below.w * below.h
    assert blank(tab)            # folded: nothing drawn below the tab
    assert not blank(card)       # the open card reached there
    assert not blank(hovered)    # hovering the tab opens it again
    assert scene.is_idle()
