"""Headless Diced Out table: enters, draws, survives random input, a human
makes a free mark by mouse and by keyboard, chooses the penalty, and a solo
game keeps the personal best in stats."""
from __future__ import annotations

import random


import pygame
import pytest

from game.core.match import Match, Seat
from game.core.protocol import CHANCE, RollResult
from game.core.stats import solo_best
from game.core.userfiles import load_stats
from game.games.diced_out.rules import FREE_MARK, PENALTY, ROLL, FreeMark, Penalise, SkipFreeMark
from game.games.diced_out.solver import bit
from tests.helpers import key, start_table



def faces(total):
    low = max(1, total - 6)
    return RollResult(((low, total - low),))


def settle(app, scene, frames=240):
    """Let banners and strokes finish (no dice are pending in these setups)."""
    app.run_frames(frames, until=lambda a: not scene.is_busy())


def click(pos):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]


def solo_at_free_mark():
    match = Match("diced-out", [Seat("You")], seed=5)
    match.apply(CHANCE, faces(12))          # a bonus number: the human picks a free mark
    assert match.state.phase == FREE_MARK
    return match


def test_table_enters_draws_and_survives_random_input(app):
    match = Match("diced-out", [Seat("You")] + [Seat(f"Bot{i}", "ai", lvl) for i, lvl in
                                                 enumerate(["easy", "normal", "hard", "hard"], 1)], seed=2)
    scene = start_table(app, match)
    rng = random.Random(4)
    for _ in range(30):
        pos = (rng.randrange(1280), rng.randrange(720))
        app.feed(*click(pos), key(rng.choice([pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE])))
        app.run_frames(5)
    assert app.stack[-1] is scene or scene.match.history


@pytest.mark.parametrize("players", [1, 2, 3, 8])
def test_every_table_size_draws(app, players):
    seats = [Seat("You")] + [Seat(f"B{i}", "ai", "hard") for i in range(1, players)]
    scene = start_table(app, Match("diced-out", seats, seed=1))
    app.run_frames(3)
    scene.draw(app.canvas, 0.0)
    rects = scene.sheets
    assert len(rects) == players
    for i, a in enumerate(rects):
        assert app.canvas.get_rect().contains(a.rect)
        for b in rects[i + 1:]:
            assert not a.rect.colliderect(b.rect), "sheets overlap"


def test_human_free_mark_by_clicking_the_sheet(app):
    scene = start_table(app, solo_at_free_mark())
    settle(app, scene)
    assert scene.human_to_act() == 0
    cell = scene.sheets[0].cell(0, 11)
    app.feed(*click(cell.center))
    assert scene.match.history[-1] == (0, FreeMark(11))
    assert scene.match.state.marked[0] == bit(11) | bit(12)
    assert scene.is_busy(), "the free mark draws itself as a pen stroke"


def test_clicking_a_marked_number_is_refused_politely(app):
    scene = start_table(app, solo_at_free_mark())
    settle(app, scene)
    app.feed(*click(scene.sheets[0].number_rect(12).center))
    assert scene.match.state.phase == FREE_MARK
    assert app.toasts and "already marked" in app.toasts[-1][0]


def test_human_free_mark_by_keyboard(app):
    scene = start_table(app, solo_at_free_mark())
    settle(app, scene)
    app.feed(key(pygame.K_LEFT), key(pygame.K_LEFT), key(pygame.K_RIGHT), key(pygame.K_RETURN))
    assert scene.match.history[-1] == (0, FreeMark(10)), "the cursor starts on 11, the highest unmarked"



def test_human_skips_the_free_mark_by_key_or_button(app):
    """The free mark is a "may": S or the visible button declines it, and the prompt says so."""
    scene = start_table(app, solo_at_free_mark())
    settle(app, scene)
    assert "Skip free mark (S)" in scene._status_text() and "may mark" in scene._status_text()
    app.feed(key(pygame.K_s))
    assert scene.match.history[-1] == (0, SkipFreeMark())
    assert scene.match.state.marked[0] == bit(12) and scene.match.state.phase == ROLL

    scene = start_table(app, solo_at_free_mark())
    settle(app, scene)
    app.feed(*click(scene.skip_rect().center))
    assert scene.match.history[-1] == (0, SkipFreeMark())


def test_human_lowest_scorer_chooses_the_penalty(app):
    match = Match("diced-out", [Seat("You"), Seat("Bot", "ai", "hard"), Seat("Cat", "ai", "easy")], seed=9)
    match.apply(CHANCE, RollResult(((6, 6), (1, 1), (1, 2))))   # opening: the human starts
    match.apply(CHANCE, faces(9))                                 # you mark 9, the others 7
    while match.state.phase != PENALTY:
        match.apply(CHANCE, faces(7))
    assert match.state.chooser == 0
    scene = start_table(app, match)
    settle(app, scene)
    app.run_frames(2)
    assert scene.human_to_act() == 0
    app.feed(key(pygame.K_DOWN), key(pygame.K_RETURN))
    assert scene.match.history[-1] == (0, Penalise(2))
    assert scene.match.state.reroll_limit == [3, 3, 2]


def test_solo_game_keeps_the_personal_best(app):
    match = Match("diced-out", [Seat("You")], seed=3)
    scene = start_table(app, match)
    assert scene.personal_best is None
    for _ in range(20):   # four rounds of five 7s: mark, three rerolls, Diced Out (70 each)
        scene._apply(CHANCE, faces(7))
    assert match.is_over and match.state.totals() == [280]
    scene.game_end.recording.wait()
    stats, note = load_stats()
    assert note is None and solo_best(stats, "diced-out") == 280
    assert scene.personal_best == 280 and scene.new_best
    scene.draw(app.canvas, 0.0)


def test_a_human_throws_their_own_dice(app):
    """On a human's turn the dice wait in hand until the player throws them
    (click, Space or Enter); AI turns and replays roll by themselves."""
    from game.scenes.launch import make_table
    match = Match("diced-out", [Seat("You")], seed=4)
    table = make_table(app, match)
    app.start(table)
    app.run_frames(240)
    assert match.state.is_chance() and table.waiting_thrower == 0 and table.throw_view is None
    before = len(match.history)
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    app.run_frames(600, until=lambda a: len(match.history) > before)
    assert len(match.history) > before and table.waiting_thrower in (None, 0)


def test_sheets_are_kept_until_their_marks_change_and_look_the_same(app):
    """Issue 16: a sheet is drawn afresh only when what it shows changes; the
    kept picture is pixel-identical to a fresh drawing."""
    seats = [Seat(f"B{i}", "ai", "hard") for i in range(8)]
    match = Match("diced-out", seats, seed=3)
    scene = start_table(app, match)
    app.run_frames(2000, until=lambda a: match.state.phase == ROLL and len(match.history) > 12
                   and not scene.is_busy() and scene.throw_view is None and not scene.strokes)
    assert match.state.phase == ROLL and not scene.strokes
    scene.draw(app.canvas, 0.0)
    before = [p.redraws for p in scene.painters]
    scene.draw(app.canvas, 0.0)
    kept = pygame.image.tobytes(app.canvas, "RGB")
    assert [p.redraws for p in scene.painters] == before          # nothing changed: no sheet redrawn
    for painter in scene.painters:
        painter._facts = None                                        # forget: draw every sheet afresh
    scene.still.forget()                                             # (the still sheets are in the still layer)
    scene.draw(app.canvas, 0.0)
    assert pygame.image.tobytes(app.canvas, "RGB") == kept
    assert all(p.redraws == b + 1 for p, b in zip(scene.painters, before))
    # a new mark on one sheet redraws that sheet only
    seat = match.state.current
    state = match.state.clone()
    free = next(n for n in range(2, 13) if not state.marked[seat] & bit(n))
    state.marked[seat] |= bit(free)
    match.state = state
    before = [p.redraws for p in scene.painters]
    scene.draw(app.canvas, 0.0)
    assert [p.redraws - b for p, b in zip(scene.painters, before)] == [int(i == seat) for i in range(8)]


@pytest.mark.parametrize("players", range(1, 9))
def test_the_log_button_and_since_card_never_cover_a_sheet(app, players):
    """At every table size the Log button sits clear of every sheet (at 5+ seats the
    sheets fill both top corners, so it moves to the top centre) and the "since
    your last move" card clears the sheets and the dice tray."""
    seats = [Seat("You")] + [Seat(f"AI {i}", "ai", "normal") for i in range(1, players)]
    scene = start_table(app, Match("diced-out", seats, seed=3))
    app.run_frames(2)
    sheets = [geo.rect for geo in scene.sheets]
    assert not any(scene.log_panel.BUTTON.colliderect(r) for r in sheets), players
    from game.ui.game_log import SUMMARY_LINES
    card = pygame.Rect(*scene.since.RECT_TOPLEFT, scene.since.WIDTH, 38 + 19 * (SUMMARY_LINES + 3))
    if players >= 5:
        assert not any(card.colliderect(r) for r in sheets + [scene.tray]), players
    assert pygame.Rect(0, 0, 1280, 720).contains(card)


def test_the_since_card_never_covers_the_roll_prompt(app):
    """Playtest s16: at four seats the "since your last move" card (round 1's
    scores, a penalty...) went beside the tray, over "You: click or press
    Space to roll"."""
    seats = [Seat("You")] + [Seat(f"AI {i}", "ai", "normal") for i in range(1, 4)]
    scene = start_table(app, Match("diced-out", seats, seed=3))
    checked = 0
    for _ in range(80):
        app.run_frames(3000, until=lambda a: scene.waiting_thrower == 0 or scene.match.is_over)
        if scene.match.is_over:
            break
        if scene.since.shown:
            card, _lines = scene.since_area()
            words = scene.theme.text(f"{scene.seat_name(0)}: click or press Space to roll", 26, bold=True)
            prompt = words.get_rect(center=(640, 612)).inflate(36, 18)   # as drawn
            assert not card.colliderect(prompt), (card, prompt)
            checked += 1
        app.feed(key(pygame.K_SPACE))
        app.run_frames(5)
    assert checked >= 2


def test_the_tray_never_shows_an_earlier_rolls_total_over_new_dice(app):
    """Issue 39 (seen in a real window, lesson step 6: "12 rolled" beside a new
    4 and 3): the total in the tray's corner is the roll that lies there.  The
    tray is kept in the still layer; every frame of a solo game's first rolls,
    thrown by hand at the settings' own pace (dice fly and land), the kept
    tray must be pixel-identical to one drawn afresh."""
    app.settings.reduced_motion = False
    table = start_table(app, Match("diced-out", [Seat("You")], seed=5))
    tray = table.tray.inflate(16, 16)
    accumulator, checked, rolls = 0.0, 0, 0
    for _ in range(4000):
        if table.waiting_thrower is not None:
            rolls += 1
            if rolls > 5:
                break
            app.feed(key(pygame.K_SPACE))
        elif table.human_to_act() == 0 and not table.is_busy() and table.state.phase == FREE_MARK:
            app.feed(key(pygame.K_RETURN))
        accumulator = app.step(1 / 60, accumulator)
        table.draw(app.canvas, 0.0)
        kept = pygame.image.tobytes(app.canvas.subsurface(tray), "RGB")
        table.still.forget()
        table.draw(app.canvas, 0.0)
        same = pygame.image.tobytes(app.canvas.subsurface(tray), "RGB") == kept
        assert same, f"the kept tray differs from a fresh one (roll {rolls}, throw in flight: {table.throw_view is not None})"
        checked += 1
    assert rolls > 5 and checked > 200


def test_the_status_line_never_breaks_inside_a_bracket(app):
    """Diced Out at 8 seats, played in a real window: the status over the
    tray wrapped as "Round 1 of 4 (lowest total wins)  -  Old Tom rolls (3"
    / "rerolls left)".  Each row drawn holds its brackets whole, whoever
    rolls (a 16-letter name too)."""
    from game.ui import layout_record
    names = ["You", "Old Tom", "WMWMWMWMWMWMWMWM", "Bertha", "Ada", "Finn", "Rook", "Hilda"]
    seats = [Seat(n, "ai", "easy") for n in names]
    match = Match("diced-out", seats, None, 3)
    start_table(app, match)
    rollers = set()
    for _ in range(400):
        if match.state.phase == ROLL:   # a throw awaited: the status names the roller
            rollers.add(match.state.current)
            with layout_record.recording(app.canvas) as record:
                app.draw(0.0)
            rows = [t.text for t in record.of("text") if "reroll" in t.text or "total wins" in t.text]
            assert rows and all(r.count("(") == r.count(")") for r in rows), rows
        if len(rollers) >= 3 or not match.step():
            break
    assert len(rollers) >= 3, "fewer than three players rolled: the test saw little"


def test_a_sheets_stamp_leaves_the_column_numbers_readable(app, monkeypatch):
    """Seen in a real window at 8 seats: a round-1 "DICED OUT" stamp stood
    over the sheet's column numbers (4 to 9), as it was centred above its
    row.  The stamp of every round starts below the numbers."""
    from dataclasses import replace

    from game.games.diced_out import sheet
    match = Match("diced-out", [Seat("You", "ai", "easy"), Seat("Mags", "ai", "easy")], None, 3)
    geo = sheet.SheetGeometry(pygame.Rect(14, 16, 392, 166))   # an 8-seat sheet
    drawn: list[pygame.Rect] = []
    real = sheet.stamp
    monkeypatch.setattr(sheet, "stamp", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    facts = sheet.sheet_facts(match.state, 0, (200, 80, 40), "You", "")
    for round_index in range(sheet.ROUNDS):
        for word in ("DICED OUT", "FULL SHEET"):
            painter = sheet.SheetPainter(0, geo)
            painter.draw(app.canvas, app.theme, replace(facts, stamp=(word, sheet.PRINT_RED, round_index)))
            assert drawn and drawn[-1].top >= geo.number_rect(2).bottom, (round_index, word, drawn[-1])
