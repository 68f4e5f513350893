"""The replay list (#17): date, game, players and winner per row, read only
for the rows shown and cached, damaged files shown as such, a slot for
per-row actions."""
import json
import os
import shutil

from game.core import saves
from game.core.match import Match, Seat
from game.core.replay_index import ReplayIndex, summarise


def _finished(game_id="liars-dice", seed=5):
    seats = [Seat("You", "human"), Seat("Mags", "ai", "normal"), Seat("Finn", "ai", "hard")]
    match = Match(game_id, seats, seed=seed)
    while not match.is_over:
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
    return match


def test_row_says_date_game_players_and_winner(app):
    match = _finished()
    path = saves.save_replay(match)
    s = summarise(path)
    assert s.ok and s.game == "Liar's Dice"
    assert s.players == ("You", "Mags", "Finn")
    assert s.winner == " and ".join(match.seats[p].name for p in match.state.winners())
    assert s.date[:2].strip().isdigit() and str(path.name[:4]) in s.date  # "23 Nov 2026  14:05"


def test_hundreds_of_replays_read_only_the_page_shown_and_then_from_the_cache(app):
    from game.scenes.replay import ROWS, ReplayListScene
    first = saves.save_replay(_finished())
    for i in range(300):
        shutil.copy(first, first.with_name(f"2025{i // 28 + 1:02d}{i % 28 + 1:02d}-120000-liars-dice-{i}.json"))
    scene = ReplayListScene(app)
    app.start(scene)
    app.run_frames(1)
    assert len(scene.files) == 301
    assert scene.index.reads == ROWS                  # only the rows on screen were opened
    texts = [w.summary.game for w in scene.ui.widgets if hasattr(w, "summary")]
    assert texts == ["Liar's Dice"] * ROWS
    scene.page(ROWS)
    assert scene.index.reads == 2 * ROWS
    again = ReplayListScene(app)                      # next visit: from replays/index.json
    app.start(again)
    app.run_frames(1)
    assert again.index.reads == 0
    assert "index.json" not in {p.name for p in saves.list_replays()}


def test_damaged_files_and_a_damaged_index_never_break_the_list(app):
    from game.scenes.replay import ReplayListScene
    good = saves.save_replay(_finished())
    folder = saves.replays_dir()
    (folder / "20250101-000000-liars-dice-1.json").write_bytes(b"\xff\x00 not json")
    (folder / "20250101-000001-liars-dice-2.json").write_text(json.dumps({"format": "dice-tavern-game", "seats": 5}))
    (folder / "20250101-000002-liars-dice-3.json").mkdir()
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "20250101-000003-liars-dice-4.json")
    (folder / "index.json").write_text("[[[ broken")
    scene = ReplayListScene(app)
    app.start(scene)
    app.run_frames(2)
    rows = {w.summary.date: w for w in scene.ui.widgets if hasattr(w, "summary")}
    assert sum(1 for w in rows.values() if w.summary.ok) == 1
    bad = [w for w in scene.ui.widgets if hasattr(w, "summary") and not w.summary.ok]
    assert len(bad) >= 3 and all(not w.enabled for w in bad)   # shown, but cannot be opened
    assert good.exists()
    assert ReplayIndex(folder).entries                         # the index was rebuilt


def test_a_changed_file_is_read_again(app):
    path = saves.save_replay(_finished())
    index = ReplayIndex(saves.replays_dir())
    assert index.summary(path).ok
    path.write_text("{}")
    assert not index.summary(path).ok and index.reads == 2


def test_per_row_actions_have_their_own_button(app):
    from game.scenes import replay
    opened = []
    saves.save_replay(_finished())
    replay.register_row_action("Share", lambda app_, path: opened.append(path))
    try:
        scene = replay.ReplayListScene(app)
        app.start(scene)
        app.run_frames(1)
        button = next(w for w in scene.ui.widgets if getattr(w, "text", "") == "Share")
        row = next(w for w in scene.ui.widgets if hasattr(w, "summary"))
        assert not button.rect.colliderect(row.rect)
        button.activate()
        assert opened and opened[0].name == saves.list_replays()[0].name
    finally:
        replay.ROW_ACTIONS[:] = [a for a in replay.ROW_ACTIONS if a[0] != "Share"]


def test_each_unreadable_row_says_why_in_true_words(app, monkeypatch):
    """Issue 39 and the bad-input standard: a row that cannot be read said
    "This file is damaged." whatever it was.  Each kind now says its own
    reason, read from the drawn rows; the pipe is listed without blocking."""
    from game.core.match import RECORD_MAX_BYTES
    from game.scenes.replay import ReplayListScene
    from game.ui import layout_record
    saves.save_replay(_finished())
    folder = saves.replays_dir()
    name = "20250101-00000{}-liars-dice-{}.json".format
    (folder / name(0, 0)).mkdir()
    os.symlink(folder / "gone.json", folder / name(1, 1))
    os.mkfifo(folder / name(2, 2))
    with open(folder / name(3, 3), "wb") as big:   # sparse: no disk used
        big.truncate(RECORD_MAX_BYTES + 1)
    (folder / name(4, 4)).write_bytes(b"\xff\x00 not json")
    (folder / name(5, 5)).write_text(json.dumps({"format": "dice-tavern-settings", "version": 1}))
    (folder / name(6, 6)).write_text("{}")
    locked = str(folder / name(6, 6))
    real_open = os.open

    def refused(path, flags, *args, **kw):   # root reads any file: the refusal a player meets, made here
        if os.fspath(path) == locked:
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, flags, *args, **kw)
    monkeypatch.setattr(os, "open", refused)
    scene = ReplayListScene(app)
    app.start(scene)
    app.run_frames(1)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    words = {box.text for box in record.boxes if box.kind == "text"}
    for reason in ("A folder, not a replay.", "A link to a file that is gone.", "A pipe, not a file.",
                   "This file is damaged.", "Not a replay this version can read.",
                   "Dice Tavern is not allowed to read it."):
        assert reason in words, f"{reason!r} not on the list: {sorted(words)}"
    assert any(w.startswith("Too large to be a replay (") for w in words), sorted(words)
    bad = [w for w in scene.ui.widgets if hasattr(w, "summary") and not w.summary.ok]
    assert len(bad) == 7 and not any(w.enabled for w in bad)


def test_the_winner_is_the_seat_in_first_place_not_the_first_seat_listed(app):
    """``ranking`` holds each seat's place (0 = winner): the list read it as
    seats in order and named the wrong winner (a game Finn won showed
    "Winner: Mags" when Mags placed last; seen in a six-seat game).  An
    index written by that version is rebuilt, not trusted."""
    path = saves.save_replay(_finished())
    record = json.loads(path.read_text())
    record["ranking"] = [1, 2, 0]   # Finn first, You second, Mags third
    path.write_text(json.dumps(record))
    assert summarise(path).winner == "Finn"
    record["ranking"] = [0, 1, 0]
    path.write_text(json.dumps(record))
    assert summarise(path).winner == "You and Finn"
    folder = saves.replays_dir()
    stale = ReplayIndex(folder)
    stale.summary(path)
    entry = next(iter(stale.entries.values()))
    (folder / "index.json").write_text(json.dumps({"format": "dice-tavern-replay-index", "version": 1,
                                                  "entries": {next(iter(stale.entries)): {**entry, "winner": "Mags"}}}))
    assert ReplayIndex(folder).summary(path).winner == "You and Finn"


def test_the_wheel_and_the_paging_keys_move_through_a_long_list(app):
    """Thousands of finished games (QA s30: 3,332 in a real window) were eight
    rows a click of "Older": the wheel over the list did nothing, so the first
    games were 416 clicks away.  A notch moves three rows, as in the game log;
    Page Up/Down a page, Home/End the newest/oldest, never past the last full page."""
    import pygame
    from game.scenes.replay import ROWS, ReplayListScene
    from tests.realinput import Hands
    first = saves.save_replay(_finished())
    for i in range(40):
        shutil.copy(first, first.with_name(f"2025{i // 28 + 1:02d}{i % 28 + 1:02d}-120000-liars-dice-{i}.json"))
    scene = ReplayListScene(app)
    app.start(scene)
    hands = Hands(app)
    hands.frames(1)
    rows = lambda: [w.rect.y for w in scene.ui.widgets if hasattr(w, "summary")]  # noqa: E731
    hands.move(hands.find("Coach").rect.center)   # the pointer over the list

    def wheel(notches: int) -> None:
        app.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
                                    precise_y=float(notches), touch=False, which=0))
        hands.frames(1)

    wheel(-1)
    assert scene.first == 3 and len(rows()) == ROWS
    wheel(+1)
    assert scene.first == 0
    wheel(+1)
    assert scene.first == 0                       # nothing newer than the newest
    for _ in range(30):
        wheel(-1)
    assert scene.first == len(scene.files) - ROWS and len(rows()) == ROWS
    hands.tap(pygame.K_HOME)
    assert scene.first == 0
    hands.tap(pygame.K_PAGEDOWN)
    assert scene.first == ROWS
    hands.tap(pygame.K_END)
    assert scene.first == len(scene.files) - ROWS
    hands.tap(pygame.K_PAGEUP)
    assert scene.first == len(scene.files) - 2 * ROWS


def test_a_solo_game_row_says_one_player():
    """A solo Diced Out row read "1 players: You" (QA s30, the replay list in a real window)."""
    from game.core.replay_index import ReplaySummary
    from game.scenes.replay import ReplayRow

    def row(*players):
        return ReplayRow((0, 0, 800, 50), ReplaySummary("1 Dec 2026  10:00", "Diced Out", tuple(players), "You", True),
                         lambda: None).players_line()
    assert row("You") == "1 player: You"
    assert row("You", "Mags") == "2 players: You, Mags"


def _long_list(app, games: int):
    """The Replays screen over ``games`` finished games, and a person at it."""
    from game.scenes.replay import ReplayListScene
    from tests.realinput import Hands
    first = saves.save_replay(_finished())
    for i in range(games - 1):
        shutil.copy(first, first.with_name(f"20{i // 336 + 10:02d}{i // 28 % 12 + 1:02d}{i % 28 + 1:02d}-120000-liars-dice-{i}.json"))
    scene = ReplayListScene(app)
    app.start(scene)
    hands = Hands(app)
    hands.frames(1)
    return scene, hands


def test_the_scrollbars_thumb_drags_the_list_and_its_track_pages_it(app, monkeypatch):
    """qa30 left the replay list with no scrollbar: the wheel and the paging
    keys moved it, the mouse alone only by "Older", eight rows a click.  Its
    scrollbar, as a desktop list's: the thumb dragged to the bottom of the
    track shows the oldest games, dragged back the newest; a click on the
    track below or above the thumb moves a page.  Two thousand games stay
    quick: a drag reads only the rows it shows and writes the list's cache
    once, when the thumb is let go (not at every step)."""
    from game.core import replay_index
    from game.scenes.replay import ROWS
    scene, hands = _long_list(app, 2000)
    writes = []
    real_write = replay_index.atomic_write_json
    monkeypatch.setattr(replay_index, "atomic_write_json", lambda *a, **k: (writes.append(1), real_write(*a, **k)))
    track = hands.find("Scroll bar").rect
    thumb = hands.find("Scroll thumb").rect
    assert track.contains(thumb) and thumb.top == track.top and thumb.h < track.h // 4
    assert thumb.left > max(w.rect.right for w in scene.ui.widgets if hasattr(w, "summary")), "right of the rows"

    hands.down(thumb.center)                      # grab the thumb, drag it to the bottom in steps
    for y in range(thumb.centery, track.bottom + 40, 20):
        hands.move((thumb.centerx + 3, y))
        hands.frames(1)
    assert scene.first == len(scene.files) - ROWS, "the thumb at the bottom shows the oldest games"
    assert writes == [], "the cache was written while the thumb was held"
    hands.up()
    hands.frames(1)
    assert len(writes) == 1, "the cache is written once the thumb is let go"
    assert hands.find("Scroll thumb").rect.bottom == track.bottom
    newest = len(scene.files) - ROWS

    hands.click((track.centerx, track.top + 5))   # the track above the thumb: a page newer
    assert scene.first == newest - ROWS
    hands.double_click((track.centerx, track.top + 5))   # two clicks, two pages, as on a desktop
    assert scene.first == newest - 3 * ROWS

    thumb = hands.find("Scroll thumb").rect       # and back up to the top by the thumb
    hands.down(thumb.center)
    hands.move((thumb.centerx, track.top - 60))
    hands.frames(1)
    hands.up()
    hands.frames(1)
    assert scene.first == 0 and hands.find("Scroll thumb").rect.top == track.top
    hands.click((track.centerx, track.bottom - 5))   # the track below the thumb: a page older
    assert scene.first == ROWS
    hands.click("Newer")
    assert scene.first == 0 and not hands.has("Newer")


def test_a_short_list_has_no_scrollbar(app):
    """Eight games fit: nothing to scroll, no bar."""
    scene, hands = _long_list(app, 8)
    assert not hands.has("Scroll bar", enabled=None) and not hands.has("Scroll thumb", enabled=None)
