"""Names fitted to their room, cut with "…" (issue 39): the nameplates cut
every name at 14 letters with no sign of it ("Bartholomew Qu"), and a wide
name of 14 letters still ran into the next plate at 20 seats; the "Waiting
for a phone" box did the same to its button, and its title ran past the box.
Names are now fitted in pixels with one helper (``theme.fit_text``) to the
plate's room (``layout.plate_name_rooms``); the log and the results keep them
whole.  Read through the layout recorder, as a player reads the screen.

Then (issue 39, last leftovers) the plates cut every wide name ("MMMMMMM…"
at 20 seats, "WWWWWWW…" at any count): a player could not read who sat
where.  A plate's name now shrinks to 14 points, then takes two lines down
to 12, and only past that is cut with "…", its whole name shown on hover
(``layout.fit_plate_name``, ``TableScene.draw_name_tip``): every name the
setup takes (16 letters) shows whole on its plate at every seat count."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.core.match import Match, Seat
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table
from tests.test_layout_check import LONG_NAMES

WIDE = [("WMWMWMWMWMWMWMW" + chr(ord("A") + i))[:16] for i in range(20)]
"""The widest names the setup screen takes (16 letters, its limit), each its own."""


def _table_words(app, names: list[str], game_id: str):
    """A table of ``names`` (you first, the rest AIs) drawn once with the
    recorder on: the table, each plate's first words (its name) and the problems."""
    seats = [Seat(names[0], "human")] + [Seat(name, "ai", "easy") for name in names[1:]]
    table = start_table(app, Match(game_id, seats, None, 7))
    past_the_opening(app)
    app.run_frames(20)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    return table, _plate_lines(table, record), layout_record.problems(record)


def _plate_lines(table, record) -> dict[int, tuple[str, ...]]:
    """Each plate's name as drawn: its first text lines (as many as its name
    takes; the note is under them), top to bottom."""
    texts = [box for box in record.boxes if box.kind == "text"]
    shown = {}
    for seat, plate in table.seat_plates.items():
        inside = sorted((t for t in texts if plate.contains(t.rect)), key=lambda t: t.rect.y)
        shown[seat] = tuple(t.text for t in inside[:len(table.plate_name(seat)[0])])
    return shown


def _whole(name: str, lines: tuple[str, ...]) -> bool:
    """The plate's lines read as ``name`` (a line may break at its space or inside the word)."""
    return "".join(lines).replace(" ", "") == name.replace(" ", "")


def _fitted(whole: str, shown: str | None) -> bool:
    """``shown`` is ``whole``, or its start marked cut with "…"."""
    return shown == whole or (shown is not None and shown.endswith("\u2026") and len(shown) > 1
                              and whole.startswith(shown[:-1]))


PLATED = [g for g in games.GAME_IDS if g != "diced-out"]
"""The games whose seats have nameplates (Diced Out's score sheets name them, whole:
``test_table_clearances.test_diced_out_header_keeps_the_whole_name``)."""


@pytest.mark.parametrize("game_id,seats", [(g, n) for g in PLATED for n in (2, games.game_info(g).max_players)])
def test_the_widest_names_read_whole_on_their_plates(app, game_id, seats):
    """Sixteen-letter names as wide as names come, at 2 seats and the most:
    each plate shows its whole name (on one line or two), inside the plate,
    and no plate runs into another."""
    names = WIDE[:seats]
    table, shown, found = _table_words(app, names, game_id)
    assert not found, "\n".join(found)
    for seat, name in enumerate(names):
        assert _whole(name, shown[seat]), f"seat {seat}'s plate shows {shown[seat]!r} for {name!r}"
    plates = list(table.seat_plates.values())
    for i, plate in enumerate(plates):
        assert plate.collidelist(plates[i + 1:]) < 0, f"nameplate {tuple(plate)} runs into another"


@pytest.mark.parametrize("game_id,seats", [("liars-dice", 2), ("roll-call", 10), ("liars-dice", 20)])
def test_ordinary_long_names_read_whole_broken_at_their_space(app, game_id, seats):
    """Ordinary sixteen-letter names ("Bartholomew Quil") show whole on one
    line where the plates have room; at 20 seats those that take two lines
    break at their space ("Bartholomew" over "Quil")."""
    names = [LONG_NAMES[i % len(LONG_NAMES)] for i in range(seats)]
    _table, shown, _found = _table_words(app, names, game_id)
    for seat, name in enumerate(names):
        assert _whole(name, shown[seat]), f"seat {seat}'s plate shows {shown[seat]!r} for {name!r}"
        if len(shown[seat]) == 2:   # broken at its space, not inside a word
            assert " ".join(shown[seat]) == name, shown[seat]
    if seats <= 10:
        assert [shown[seat] for seat in range(seats)] == [(name,) for name in names]


@pytest.mark.parametrize("letter", "WM")
@pytest.mark.parametrize("game_id", PLATED)
def test_sixteen_letter_names_read_whole_at_the_most_seats(app, game_id, letter):
    """All-W and all-M names of 16 letters at the most seats: every plate
    reads its whole name, on one line or two, none smaller than 12 points,
    inside its plate, no plate on another, no words over words."""
    from game.ui import layout
    seats = games.game_info(game_id).max_players
    names = [letter * 15 + chr(ord("A") + i) for i in range(seats)]
    table, shown, found = _table_words(app, names, game_id)
    assert not found, "\n".join(found)
    for seat, name in enumerate(names):
        assert _whole(name, shown[seat]), f"seat {seat}'s plate shows {shown[seat]!r} for {name!r}"
        assert table.plate_name(seat)[1] >= layout.PLATE_TWO_LINE_SIZES[-1]
    plates = list(table.seat_plates.values())
    for i, plate in enumerate(plates):
        assert plate.collidelist(plates[i + 1:]) < 0, f"nameplate {tuple(plate)} runs into another"


def test_a_name_too_long_for_two_lines_shows_whole_on_hover(app):
    """A name past what two lines hold (a seat's name may be longer than the
    setup's 16 in a hand-made match) is cut with "…" on its plate; the mouse
    over the plate shows it whole, and off it the tip goes."""
    from tests.realinput import Hands
    names = [("WM" * 20)[:30] + chr(ord("A") + i) for i in range(20)]
    table, shown, _found = _table_words(app, names, "liars-dice")
    seat = 7
    assert shown[seat][-1].endswith("\u2026"), shown[seat]
    hands = Hands(app)
    hands.move(table.seat_plates[seat].center)
    hands.frames(1)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    assert names[seat] in [t.text for t in record.of("text")], "the whole name is not shown on hover"
    hands.move((640, 300))
    hands.frames(1)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    assert names[seat] not in [t.text for t in record.of("text")]


def test_waiting_for_a_phone_fits_the_widest_name(app):
    """"Waiting for …'s phone" and "Play … on this screen": a sixteen-letter
    wide name ran past the box (the title) and the button (cut at 14 letters,
    unmarked); both now fit, the name cut with "…"."""
    from tests.phones_helpers import phone_table, run_until
    seats = [Seat(WIDE[0]), Seat(WIDE[1]), Seat("Cy", "ai", "normal")]
    _match, table = phone_table(app, "liars-dice", seats, (0, 1), 4)
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", repeat=False))
    app.run_frames(2)
    run_until(app, lambda: table.phones.waiting_for() is not None and table.throw_view is None, "waiting for a phone")
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    found = layout_record.problems(record)
    assert not found, "\n".join(found)
    button = table.phones.waiting_button
    assert button is not None
    words = [box for box in record.boxes if box.kind == "text" and box.text.startswith("Play ")]
    assert words and button.contains(words[0].rect), f"the button's words {words[0].text!r} run past it"
    name = WIDE[table.phones.waiting_for()]
    assert _fitted(name, words[0].text[len("Play "):-len(" on this screen")])


def test_the_phone_screens_fit_the_widest_name(app):
    """The codes screen's title and "Waiting for …'s phone", and the pause
    menu's "Phone codes" rows: each cut names at 16 or 14 letters, unmarked,
    and a wide name still ran past the code's card and into "New code"; now
    fitted in pixels with "…"."""
    from game.scenes.phones import PhoneLinksScene
    from tests.phones_helpers import phone_table
    from tests.realinput import Hands
    seats = [Seat(WIDE[0]), Seat(WIDE[1]), Seat("Cy", "ai", "normal")]
    _match, table = phone_table(app, "liars-dice", seats, (0, 1), 4)
    hands = Hands(app)
    hands.frames(2)
    hands.pass_curtain(by="key")
    hands.frames(2)
    handout = app.top
    assert handout.name == "phones" and handout.seat == 0
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    found = layout_record.problems(record)
    assert not found, "\n".join(found)
    texts = [box.text for box in record.boxes if box.kind == "text"]
    title = next(t for t in texts if t.endswith("'s phone"))
    waiting = next(t for t in texts if t.startswith("Waiting for "))
    assert _fitted(WIDE[0], title[:-len("'s phone")]), title
    assert _fitted(WIDE[0], waiting[len("Waiting for "):-len("'s phone\u2026")]), waiting
    app.push(PhoneLinksScene(app, table))
    app.apply_transitions()
    app.run_frames(1)
    links = app.top
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    found = layout_record.problems(record)
    assert not found, "\n".join(found)
    for seat, row in links.rows.items():
        name = next(box for box in record.boxes if box.kind == "text" and box.rect.topleft == (row.x + 32, row.y + 5))
        assert _fitted(WIDE[seat], name.text), name.text
        assert name.rect.right <= links.new_code_buttons[seat].x, f"{name.text!r} runs into its New code button"


def _name_field_words(app, field) -> tuple[str, pygame.Rect]:
    """What the setup screen's name ``field`` shows (its lines joined), read
    from the drawn frame, and where."""
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    inside = [box for box in record.boxes if box.kind == "text" and box.rect.colliderect(field.value_rect)]
    assert 1 <= len(inside) <= 2, f"the name field shows {[b.text for b in inside]}"
    return "".join(b.text for b in inside), inside[0].rect.unionall([b.rect for b in inside[1:]])


@pytest.mark.parametrize("seats", [2, 12])
def test_the_setup_name_field_shows_the_widest_name(app, seats):
    """A sixteen-letter wide name typed into the setup screen's name field:
    the field clipped its last letter ("WMWM…M" cut).  With one column of
    seats it now shows the whole name in smaller letters, typing or not; in
    the narrow two-column fields on two lines (it was cut with "…"), never
    clipped (tests/test_setup_name_fields.py: every field at 20 seats)."""
    from game.scenes.setup import SetupScene, default_seats
    from game.ui.widgets import TextInput
    scene = SetupScene(app, "liars-dice", default_seats(seats))
    app.start(scene)
    app.apply_transitions()
    field = [w for w in scene.ui.widgets if isinstance(w, TextInput)][0]
    name = "WMWMWMWMWMWMWMWM"
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=field.value_rect.center, button=1))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=field.value_rect.center, button=1))
    for letter in name:
        app.feed(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    assert field.text == name
    seen = field.value_rect.inflate(-16, -4)   # the field's clip: letters past it are cut off
    typing, where = _name_field_words(app, field)
    assert seen.contains(layout_record.ink(where)), f"{typing!r} at {tuple(where)} is clipped by the field {tuple(seen)}"
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", repeat=False))
    resting, where = _name_field_words(app, field)
    assert seen.contains(layout_record.ink(where)), f"{resting!r} at {tuple(where)} is clipped by the field {tuple(seen)}"
    assert typing == resting == name


@pytest.mark.parametrize("game_id,seats", [("liars-dice", 2), ("roll-call", 10), ("liars-dice", 20)])
def test_the_results_ledger_fits_the_widest_names_before_its_columns(app, game_id, seats):
    """The results ledger cut names at 17 letters by count, so a sixteen-letter
    wide name ran across the first column ("Bids") and its figure, seen in a
    real window after a two-seat game; each name now fits the room before the
    columns, whole or cut with "…"."""
    from tests.helpers import show_results
    names = WIDE[:seats]
    match = Match(game_id, [Seat(name, "ai", "easy") for name in names], None, 3)
    match.play_out()
    match.seats[0] = Seat(names[0], "human")
    show_results(app, match)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    found = layout_record.problems(record)
    assert not found, "\n".join(found)
    words = [box.text for box in record.of("text")]
    for name in names:
        assert any(_fitted(name, w) for w in words), f"no row shows {name!r} whole or cut with '…'"


@pytest.mark.parametrize("name", ["Ada", "Bartholomew Quil", WIDE[0]])
def test_the_curtains_button_holds_the_whole_name(app, name):
    """"I am WMWMWMWMWMWMWMWA" ran 50 px out of both sides of the curtain's
    300 px button; the button now grows with the name, and a click at the
    button's drawn centre still lifts the curtain for that name."""
    from game.scenes.curtain import CurtainScene
    curtain = CurtainScene(app, name, for_peek=True)
    app.start(curtain)
    app.run_frames(2)
    label = app.theme.font(22, True).size(curtain.button.text)[0]
    assert curtain.button.text == "I am " + name
    assert label + 24 <= curtain.button.rect.w, (label, curtain.button.rect)
    assert app.canvas.get_rect().contains(curtain.button.rect)


def test_a_replay_file_with_forty_letter_names_plays_with_every_word_clear(app):
    """A record may hold names of 40 letters (a hand-made or edited file; the
    setup writes 16): watching one ran the commentary's "WMWM...: Jinto!" over
    the dice and the centre's shout past the table's rim.  Loaded names are
    shortened to the setup's 16 (with "…"), and the replay's every frame is
    clear of such problems."""
    import json

    from game.core import saves
    from game.core.match import MAX_NAME
    from game.scenes.replay import open_replay
    match = Match("liars-dice", [Seat("A", "ai", "easy"), Seat("B", "ai", "normal")], {"starting_dice": 2}, seed=5)
    match.play_out()
    path = saves.save_replay(match)
    record = json.loads(path.read_text(encoding="utf-8"))
    for i, seat in enumerate(record["seats"]):
        seat["name"] = ("WM" * 20)[:39] + str(i)
    path.write_text(json.dumps(record), encoding="utf-8")
    scene, error = open_replay(app, path)
    assert scene is not None, error
    assert [len(s.name) for s in scene.match.seats] == [MAX_NAME, MAX_NAME]
    assert all(s.name.endswith("\u2026") for s in scene.match.seats)
    app.start(scene)
    for _ in range(4):
        scene.replay.faster()
    from tests.test_layout_check import Watch
    watch = Watch(app)   # problems that last longer than a glance (a die flying past words is fine)
    watch.frames(6000, until=lambda: scene.replay.finished and not scene.is_busy())
    assert scene.replay.finished
    found = [p for p in watch.lasting.values() if "WMWM" in p]
    assert not found, "\n".join(found[:5])
