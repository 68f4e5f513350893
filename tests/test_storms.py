"""Issue 38, input storms at every transition: an impatient person
(tests/storms.py: double-clicks, Enter twice, two keys in one frame, a key
held from one screen into the next, Enter/Space/Esc mashed) through reveals,
throws, curtains, results, "Skip to the results", leaving to the title and
quitting.  Seeded, on the app's own frame clock.  After every frame: no
hidden die face-up for anyone but the human the test handed the screen to,
and no screen the input did not aim at.  At the end: the replay, the stats,
the rivals memory and the autosave each recorded exactly once, or correctly
absent.

Which test fails on the code before this file (each found a real bug):

* a double-click on "Replays" opened the first replay; on a Roll the Bones
  lesson's "Skip tutorial" it opened "Learn to play"; Enter, Enter on the
  curtain made a move at the table; Enter, Enter on the stats opened a
  game's setup; Enter, Enter on the results opened "Play again"'s question:
  ``test_a_doubled_press_never_reaches_the_next_screen``
* Esc on the coach, then Esc again a moment later, left the results:
  ``test_back_from_the_coach_the_results_wait_again``
"""
from __future__ import annotations

import json

import pygame
import pytest

from game import games
from game.core import finished, journal, stats, userfiles
from game.core.match import Match, Seat
from tests.helpers import past_the_opening, start_table
from tests.storms import Storm, play

QUICK_GAMES = ["liars-dice", "roll-call", "roll-the-bones", "diced-out"]
"""Roll For It! takes ten times as long (a storm game of it is in the slow suite)."""


# --- the records ---------------------------------------------------------------------
def replay_files() -> list:
    return [p for p in userfiles.replays_dir().glob("*.json") if p.name != "index.json"]


def records(match) -> dict:
    """How often ``match`` is in each record, and whether an autosave or an
    unfinished game end is left."""
    key = stats.match_key(match)
    data, _ = userfiles.load_stats()
    counted = sum(b["games"] for g in data.get("games", {}).values() for b in g.get("levels", {}).values()) \
        if data else 0
    book_path = userfiles.data_dir() / "rivals.json"
    book = json.loads(book_path.read_text()) if book_path.exists() else {"recent": [], "games": 0}
    replays = replay_files()
    return {
        "replays": len(replays),
        "replays of it": sum(stats.match_key(Match.from_record(json.loads(p.read_text()))) == key for p in replays),
        "stats recent": (data or {}).get("recent", []).count(key),
        "stats games": counted,
        "rivals recent": book.get("recent", []).count(key),
        "rivals games": book.get("games", 0),
        "autosave": journal.exists(),
        "pending": len(finished.pending()),
    }


ONCE = {"replays": 1, "replays of it": 1, "stats recent": 1, "stats games": 1,
        "rivals recent": 1, "rivals games": 1, "autosave": False, "pending": 0}
NONE = {"replays": 0, "replays of it": 0, "stats recent": 0, "stats games": 0,
        "rivals recent": 0, "rivals games": 0, "pending": 0}


def settle_records(table) -> None:
    """The end-of-game step written (it runs on a worker thread, as in the app)."""
    if table.game_end.recording is not None:
        table.game_end.recording.wait()
    finished.wait_all()


def solo(game_id: str, seats: int = 2, seed: int = 5) -> Match:
    from game.scenes.setup import make_dice
    people = [Seat("You")] + [Seat(f"AI {i}", "ai", "easy") for i in range(1, seats)]
    options = {"starting_dice": 2} if game_id in ("liars-dice", "roll-call") else None
    return Match(game_id, people, options, seed, make_dice())


def storm_the_results(storm: Storm, seconds: float = 2.5) -> None:
    """At the results: bursts of every kind for ``seconds`` (a click where
    "Play again" is drawn among them); the results must stay."""
    results = storm.app.top
    end = storm.now + seconds
    while storm.now < end:
        storm.burst(storm.rng.choice(("double-click", "enter-enter", "two-keys", "held", "mash", "escape-mash")))
    assert storm.app.top is results, f"a storm left the results for {storm.screen_name(storm.app.top)}"


# --- a whole game, every transition ----------------------------------------------------
def storm_a_game(app, match, seed) -> Storm:
    app.write_in_background = True   # the real app's end of game: a worker thread
    table = start_table(app, match)
    storm = Storm(app, seed)
    play(storm, table)
    assert match.is_over and app.top.name == "results", storm.screens[-8:]
    storm_the_results(storm)
    assert not storm.strays, storm.strays
    assert not storm.leaks, storm.leaks[:5]
    settle_records(table)
    assert records(match) == ONCE
    storm.wait(1.2)
    storm.click("Title")
    assert app.top.name == "title"
    storm.feed_quit()
    assert not app.running
    app.shutdown()
    assert records(match) == ONCE, "leaving and quitting recorded the game again"
    return storm


@pytest.mark.parametrize("game_id", QUICK_GAMES)
def test_a_storm_through_a_solo_game_records_it_once(app, game_id):
    """Solo against one AI: bursts at every turn, throw, reveal and the
    results; the game is recorded exactly once, never again on the way to
    the title or on quitting; no AI die shown; no screen but the table,
    the pause (Esc), the results."""
    storm_a_game(app, solo(game_id), seed=len(game_id))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [g for g in games.GAME_IDS if games.is_known(g)])
@pytest.mark.parametrize("seed", [11, 12])
def test_a_storm_through_a_full_table_records_it_once(app, game_id, seed):
    """The same at the game's maximum seats (and Roll For It! at two)."""
    seats = games.game_info(game_id).max_players
    storm_a_game(app, solo(game_id, min(seats, 6), seed), seed)


@pytest.mark.parametrize("game_id", ["liars-dice", pytest.param("roll-call", marks=pytest.mark.slow)])
def test_a_storm_in_hot_seat_shows_nobody_elses_dice_and_records_once(app, game_id):
    """Three humans and an AI at one screen: bursts on every curtain (all
    refused: it takes only a deliberate press), at every turn and through
    every reveal; a hidden die is face-up only for the human the test handed
    the screen to, and the game is recorded once."""
    from game.scenes.setup import make_dice
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cat"), Seat("Mags", "ai", "easy")]
    match = Match(game_id, seats, {"starting_dice": 2}, 7, make_dice())
    storm = storm_a_game(app, match, seed=7)
    assert "curtain" in storm.screens


# --- the ways out before the end --------------------------------------------------------
def test_a_storm_on_the_out_card_skips_to_the_results_once(app):
    """The human is out; a double-click on "Skip to the results", then R and
    Enter mashed: the results come once and stay, the game is recorded once."""
    from tests.test_out_moment import _find
    app.write_in_background = True
    table = _find(app, "liars-dice", {"starting_dice": 2})
    match = table.match
    storm = Storm(app, 3)
    storm.table = table
    storm.double_click(table.game_end.out_moment.buttons()["results"].center)
    storm.mash(pygame.K_r, 0.6, every=0.05)
    assert match.is_over and app.top.name == "results"
    storm_the_results(storm)
    assert not storm.strays and not storm.leaks, (storm.strays, storm.leaks)
    settle_records(table)
    assert records(match) == ONCE


def test_leaving_to_the_title_in_a_storm_keeps_the_game_for_continue(app):
    """Mid-game, Esc mashed then a double-click on "Save and quit to title":
    the title, nothing past it; the game is in the autosave and in no
    record; Continue (a double-click too) plays it on, and its end is
    recorded once."""
    match = solo("liars-dice", 3, seed=9)
    table = start_table(app, match)
    storm = Storm(app, 9, allowed=("table", "pause", "title", "opening", "results", "curtain"))
    storm.table = table
    assert storm.until(lambda a: table.human_to_act() == 0 and not table.is_busy(), 30)
    storm.press(pygame.K_RETURN)   # a move, so there is something to keep
    storm.mash(pygame.K_ESCAPE, 0.7, every=0.1)
    if storm.screen_name(app.top) != "pause":
        storm.wait(0.5)
        storm.press(pygame.K_ESCAPE)
    moves = len(match.history)
    storm.double_click("Save and quit to title")
    storm.frames(3)
    assert app.top.name == "title", storm.screens[-4:]
    assert records(match) == {**NONE, "autosave": True}
    storm.double_click("Continue")
    storm.frames(3)
    past_the_opening(app)
    again = app.top
    assert storm.screen_name(again) == "table" and len(again.match.history) >= moves
    play(storm, again)
    assert again.match.is_over and app.top.name == "results"
    storm_the_results(storm)
    settle_records(again)
    assert records(again.match) == ONCE
    assert not storm.strays and not storm.leaks, (storm.strays, storm.leaks)


def test_quitting_in_a_storm_keeps_the_game_or_records_it_once(app, tmp_path):
    """The window closed in the middle of a burst: mid-game the autosave
    holds the game and nothing is recorded; closed in the very frame the
    last move is made (its records still being written by the thread), the
    game is recorded once, and a new start records nothing more."""
    from game.app import App
    app.write_in_background = True
    match = solo("roll-the-bones", 2, seed=4)
    table = start_table(app, match)
    storm = Storm(app, 4)
    storm.table = table
    storm.burst("mash")
    storm.burst("held")
    storm.feed_quit()
    assert not app.running
    app.shutdown()
    assert records(match) == {**NONE, "autosave": True}

    second = App(headless=True)
    second.settings.reduced_motion = True
    second.write_in_background = True
    try:
        resumed = app.autosave.load()
        table = start_table(second, resumed)
        storm = Storm(second, 5)
        storm.table = table

        def at_last_move(a):
            return table.match.is_over
        # play until the move that ends the game, then close the window in that frame
        storm.until(lambda a: table.game_end.recording is not None or a.top is not table, 600,
                    step=lambda h: h.burst("enter-enter") if table.human_to_act() is not None else None)
        assert table.game_end.recording is not None and at_last_move(second)
        storm.feed_quit()
        second.shutdown()
        assert records(table.match) == ONCE
    finally:
        second.running = False
    third = App(headless=True)
    third.shutdown()
    assert records(table.match) == ONCE, "the next start recorded the game again"


# --- a doubled press at every navigation ------------------------------------------------
def screens_to_storm():
    from tests.test_census import SCREENS
    return SCREENS


def lived_in(app) -> None:
    """A data folder after a few evenings: replays and a game to continue
    (the title then shows Continue and Replays, and every button sits where
    a player who came back finds it)."""
    from game.core import saves
    from tests.test_census import finished_with_you
    game = finished_with_you()
    for _ in range(4):
        saves.save_replay(game)
    going = solo("liars-dice", 3, seed=2)
    going.step()
    app.autosave.save(going)
    app.autosave.flush()


@pytest.mark.parametrize("screen", sorted(screens_to_storm()))
def test_a_doubled_press_never_reaches_the_next_screen(app, screen):
    """On every kind of screen (tests/test_census.py's list): a double-click on
    each enabled button, and Enter, Space and Esc each pressed twice 0.15 s
    apart, move at most one screen: the second press belongs to the screen
    the first one left.  Esc, Esc may go back twice ("back, back"), never
    out of a game or its results to the title."""
    build = screens_to_storm()[screen]
    lived_in(app)
    settle = 1.2 if screen in ("results", "coach", "curtain") else 0.3
    storm = Storm(app, 1)
    build(app)
    storm.wait(settle)
    buttons = [c for c in storm.controls(enabled_only=True)
               if c.kind == "button" and not c.label.startswith("Quit")]
    problems = []
    trials = [("double-click", c) for c in buttons] + [("key", k) for k in (pygame.K_RETURN, pygame.K_SPACE,
                                                                              pygame.K_ESCAPE)]
    for how, what in trials:
        storm = Storm(app, 1)
        build(app)
        storm.wait(settle)
        start = storm.screen_name(app.top)
        storm.screens = [start]
        if how == "double-click":
            again = [d for d in storm.controls(enabled_only=True) if d.label == what.label and d.rect == what.rect]
            if not again:
                continue
            storm.double_click(again[0])
            name = repr(what.label)
        else:
            storm.press(what, hold=0.05)
            storm.wait(0.1)
            storm.press(what, hold=0.05)
            name = pygame.key.name(what)
        storm.frames(3)
        if len(storm.screens) > 2 and not (how == "key" and what == pygame.K_ESCAPE and (
                storm.screens[-1] != "title" or start in ("settings", "stats", "replays", "learn"))):
            problems.append(f"{name} twice on {screen}: {' > '.join(storm.screens)}")
        app.running = True
    assert not problems, problems


def test_back_from_the_coach_the_results_wait_again(app):
    """Esc closes the coach; Esc again 0.6 s later (the hand still pressing)
    does not throw the results away; a press after a pause does."""
    from tests.test_census import coach
    coach(app)
    storm = Storm(app, 2)
    storm.wait(0.3)
    assert app.top.name == "coach"
    storm.press(pygame.K_ESCAPE, hold=0.05)
    storm.frames(2)
    assert app.top.name == "results"
    storm.wait(0.3)
    storm.press(pygame.K_ESCAPE, hold=0.05)
    storm.frames(2)
    assert app.top.name == "results", "the second Esc left the results"
    storm.wait(1.0)
    storm.press(pygame.K_ESCAPE)
    storm.frames(2)
    assert app.top.name == "title"
