"""Table labels a player reads: their own hand in order, the dice total and
the Palifico label in Liar's Dice, "Your dice" only for you, the last roll
leaving Roll the Bones' felt, "1 die", and the Settings rows."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.match import Match, Seat
from tests.helpers import you_and_ais as _seats, start_table


REDUCED_MOTION = False
"""The ``app`` fixture (tests/conftest.py) at the settings' own pace: throws fly."""


def test_own_hand_is_drawn_in_order(app, monkeypatch):
    match = Match("liars-dice", _seats(), None, 5)
    scene = start_table(app, match)
    app.run_frames(2000, until=lambda a: scene.human_to_act() == 0)
    drawn = []
    monkeypatch.setattr(scene, "draw_dice", lambda canvas, seat, faces, size, **kw: drawn.append((seat, faces)))
    scene.draw_cups(app.canvas)
    own = [faces for seat, faces in drawn if seat == 0]
    assert own and list(own[0]) == sorted(match.state.faces[0])


def test_liars_dice_footer_counts_dice_and_names_palifico_only_when_it_is(app):
    match = Match("liars-dice", _seats(), {"starting_dice": 2}, 5)   # two dice: Palifico comes soon
    scene = start_table(app, match)
    app.run_frames(2000, until=lambda a: scene.human_to_act() == 0)
    assert f"{sum(match.state.dice)} dice" in scene.text.history_footer(scene.snap, scene.reveal is not None)
    assert "Palifico" not in scene.text.history_footer(scene.snap, scene.reveal is not None)
    # a normal round's reveal while the next round is Palifico: not labelled Palifico
    from game.games.bidding.bids import Call
    for _ in range(200):
        state = match.state
        if state.is_terminal():
            break
        if state.current_bid is not None and state.turn_player() is not None:
            before = sum(state.dice)
            palifico_round = state.palifico
            caller = state.turn_player()
            match.apply(caller, Call())
            scene.on_applied(caller, Call(), state)
            footer = scene.text.history_footer(scene.snap, scene.reveal is not None)
            assert f"{before} dice" in footer
            assert ("Palifico" in footer) == palifico_round
            if match.state.palifico and not palifico_round:
                return
            scene.reveal = None
        elif state.turn_player() == 0:
            match.apply(0, next(a for a in state.legal_actions(0) if type(a).__name__ == "Bid"))
        else:
            match.step()
    pytest.skip("no Palifico round came up in this game")


def test_your_dice_label_is_for_you_not_for_a_replay(app):
    """A replay is watched, not played: the lone human "Ann" is "Ann's dice"
    there, "Your dice" only at the live table.  A seat whose name is "You"
    (the solo default) reads "Your dice" in its replay, its name as the
    pronoun it is, never "You's dice" (QA s14)."""
    from game.core.playback import ReplayFeed
    ann = [Seat("Ann", "human")] + _seats()[1:]
    full = Match("liars-dice", ann, None, 5)
    full.play_out()
    start = Match("liars-dice", ann, None, 5)
    scene = start_table(app, start)
    labels = []
    orig = scene.theme.text

    def spy(text, *a, **kw):
        labels.append(text)
        return orig(text, *a, **kw)
    scene.theme.text = spy
    try:
        replay_scene = type(scene)(app, Match("liars-dice", ann, None, 5), replay=ReplayFeed(list(full.history)))
        replay_scene.draw_own_tray(app.canvas, 1, pygame.Rect(500, 500, 100, 30))
        replay_scene.draw_own_tray(app.canvas, 0, pygame.Rect(500, 500, 100, 30))
        assert "Your dice" not in labels and "Ann's dice" in labels
        scene.draw_own_tray(app.canvas, 0, pygame.Rect(500, 500, 100, 30))
        assert "Your dice" in labels
        labels.clear()
        you = type(scene)(app, Match("liars-dice", _seats(), None, 5), replay=ReplayFeed(list(full.history)))
        you.draw_own_tray(app.canvas, 0, pygame.Rect(500, 500, 100, 30))
        assert labels and set(labels) == {"Your dice"} and you.words.you is None   # measured by its font, drawn once
    finally:
        scene.theme.text = orig


def test_last_roll_leaves_the_felt_at_the_next_ante(app):
    match = Match("roll-the-bones", _seats(), None, 2)
    scene = start_table(app, match)
    for _ in range(300):
        app.run_frames(300, until=lambda a: scene.human_to_act() == 0 or match.state.results_log)
        if match.state.results_log:
            break
        if scene.human_to_act() == 0:
            scene.submit(0, match.state.legal_actions(0)[0])
    assert match.state.results_log
    app.run_frames(60, until=lambda a: scene.settled_view is not None)
    moves = len(match.history)
    app.run_frames(3000, until=lambda a: len(match.history) > moves and match.history[-1][0] >= 0
                   or scene.human_to_act() == 0)
    if scene.human_to_act() == 0 and len(match.history) == moves:
        scene.submit(0, match.state.legal_actions(0)[0])
    assert scene.settled_view is None


def test_one_die_is_one_die():
    from game.core.narration import plural
    assert plural(1, "die", "dice") == "1 die"


def test_settings_volume_zero_reads_0_percent_and_display_follows_f11(app):
    from game.scenes.settings import SettingsScene
    app.settings.master_volume = 0.0
    app.start(SettingsScene(app))
    row = next(w for w in app.top.ui.widgets if getattr(w, "label", "") == "Master volume")
    assert row.value_text() == "0 %"
    display = app.top.ui.widgets[1]
    assert display.value is False
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    app.run_frames(1)
    assert app.settings.fullscreen is True
    assert app.top.ui.widgets[1].value is True and app.top.ui.widgets[1].value_text() == "Full screen"


def test_roll_call_footer_keeps_the_dice_before_the_reveal_until_it_is_done(app):
    """The footer's dice total must not give a call's verdict away before the
    count: while the reveal is on screen it shows the dice as they were (QA
    s14: after an out-of-turn call it dropped 12 -> 11 at once, telling the
    table the call was right)."""
    from game.games.bidding.bids import Call
    match = Match("roll-call", _seats(), None, 5)
    scene = start_table(app, match)
    app.run_frames(2000, until=lambda a: scene.human_to_act() == 0)
    for _ in range(300):
        state = match.state
        if state.is_terminal():
            break
        if state.bid is not None and state.turn_player() is not None:
            before = state.total_dice
            caller = state.turn_player()
            match.apply(caller, Call())
            scene.on_applied(caller, Call(), state)
            assert scene.reveal is not None and match.state.total_dice < before
            assert f"{before} dice" in scene.text.history_footer(scene.snap, True)
            assert f"{match.state.total_dice} dice" in scene.text.history_footer(scene.snap, False)
            return
        elif state.turn_player() == 0:
            match.apply(0, next(a for a in state.legal_actions(0) if type(a).__name__ == "Bid"))
        else:
            match.step()
    pytest.fail("no call came up")


def test_the_history_footer_says_one_die_not_one_dice():
    """The footer under "This round" read "Round 16 · 1 dice" at the end of a
    Liar's Dice game (seen in docs/shots/out-moment.png); Roll Call's footer
    is written the same way."""
    from types import SimpleNamespace

    from game.games.liars_dice.bidtext import LiarsDiceText
    from game.games.roll_call.bidtext import RollCallText
    snap = SimpleNamespace(reveal=None, palifico=False, total_dice=1, round_no=16)
    for text in (LiarsDiceText(None), RollCallText(None)):
        assert text.history_footer(snap, False).endswith("16  \u00b7  1 die")
        assert text.history_footer(SimpleNamespace(**{**vars(snap), "total_dice": 12}), False).endswith("12 dice")
