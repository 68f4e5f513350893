"""A full disk during a game (qa26, played in a window on a 200 KB folder
that was full): every move's autosave failed and put "Could not save: could
not save autosave.journal: No space left on device" up again, so the toast
never left the top of the screen; on Diced Out it sat over the Log and
Menu buttons (the only mouse way to pause) and the first sheets' headers for
the whole game (Liar's Dice here, whose moves come quicker).  A failure that repeats is said once (again only after a
save has worked, or when the reason changes), in words that do not stutter."""
from __future__ import annotations

from game.app import TOAST_SECONDS
from game.core.match import Match, Seat
from game.core.userfiles import UserFileError
from tests.helpers import past_the_opening, start_table

FULL = "could not save autosave.journal: No space left on device"


def test_a_save_that_fails_at_every_move_is_said_once_then_leaves_the_screen(app, monkeypatch):
    match = Match("liars-dice", [Seat("You", "human"), Seat("Mags", "ai", "easy"), Seat("Tom", "ai", "easy")],
                  {"starting_dice": 6}, seed=4)
    table = start_table(app, match)
    past_the_opening(app)
    said: list[str] = []
    toast = app.toast
    monkeypatch.setattr(app, "toast", lambda message: (said.append(message), toast(message)))
    saving = {"works": False}

    def save(_match):
        if not saving["works"]:
            raise UserFileError(FULL)
    monkeypatch.setattr(app.autosave, "save", save)
    moves_at_fail = len(match.history)
    for _ in range(6000):
        app.run_frames(1)
        if len(match.history) >= moves_at_fail + 12:
            break
        human = table.human_to_act()
        if human is not None and not table.is_busy():
            table.submit(human, match.state.legal_actions(human)[0])
    assert len(match.history) >= moves_at_fail + 12 and not match.is_over
    failures = [m for m in said if "No space left" in m]
    assert len(failures) == 1, failures
    assert "save: could not save" not in failures[0], failures[0]
    app.run_frames(int(TOAST_SECONDS * 60) + 30, until=lambda a: not a.toasts)
    assert not app.toasts, "the same failure keeps the toast on the screen"
    # once a save works again, a new failure is news: said again
    saving["works"] = True
    moves = len(match.history)
    app.run_frames(6000, until=lambda a: len(match.history) > moves + 1 or table.human_to_act() is not None)
    human = table.human_to_act()
    if human is not None:
        table.submit(human, match.state.legal_actions(human)[0])
    saving["works"] = False
    moves = len(match.history)
    for _ in range(6000):
        app.run_frames(1)
        if len(match.history) > moves + 1:
            break
        human = table.human_to_act()
        if human is not None and not table.is_busy():
            table.submit(human, match.state.legal_actions(human)[0])
    assert len([m for m in said if "No space left" in m]) == 2


def test_save_and_quit_on_a_full_disk_keeps_the_game_on_the_screen(app, monkeypatch):
    """Menu, then "Save and quit to title" with the disk full: the title
    showed with no Continue, the game gone (seen in a window).  The menu now
    stays, says the game is not saved, and offers "Quit without saving",
    which a double-click's second click does not press; Resume plays on,
    and once the disk has room, Save and quit keeps the game for Continue."""
    from tests.realinput import Hands
    match = Match("liars-dice", [Seat("You", "human"), Seat("Mags", "ai", "easy")], seed=5)
    table = start_table(app, match)
    past_the_opening(app)
    hands = Hands(app)
    assert hands.until(lambda a: table.human_to_act() == 0 and not table.is_busy(), 30)
    table.submit(0, match.state.legal_actions(0)[0])
    room = {"full": True}
    save = app.autosave.save

    def full_disk(match_):
        if room["full"]:
            raise UserFileError(FULL)
        save(match_)
    monkeypatch.setattr(app.autosave, "save", full_disk)
    hands.wait(0.5)
    hands.click("Menu")
    hands.double_click("Save and quit to title")
    hands.frames(3)
    assert app.top.name == "pause", "a failed save left the game for the title"
    failures = [t[0] for t in app.toasts if "No space left" in t[0]]
    assert failures == ["This game is not being saved (could not save autosave.journal: No space left on device)"]
    assert hands.has("Quit without saving") and not hands.has("Save and quit to title")
    hands.click("Resume")
    hands.frames(3)
    assert app.top is table
    room["full"] = False
    hands.wait(0.5)
    hands.click("Menu")
    hands.click("Save and quit to title")
    hands.frames(3)
    assert app.top.name == "title" and hands.has("Continue")


def test_quit_without_saving_leaves_when_pressed_on_purpose(app, monkeypatch):
    match = Match("liars-dice", [Seat("You", "human"), Seat("Mags", "ai", "easy")], seed=6)
    start_table(app, match)
    past_the_opening(app)
    from tests.realinput import Hands
    hands = Hands(app)

    def full_disk(_match):
        raise UserFileError(FULL)
    monkeypatch.setattr(app.autosave, "save", full_disk)
    hands.wait(0.5)
    hands.click("Menu")
    hands.click("Save and quit to title")
    hands.frames(2)
    assert app.top.name == "pause"
    hands.wait(0.6)
    hands.click("Quit without saving")
    hands.frames(3)
    assert app.top.name == "title"
