"""Every number says what it is, and no figure or formula is split across
lines (issue 39, "Words for every number": "each figure the coach or the
odds line shows says what it is in words a newcomer understands ...
Diced Out says lower wins").  Each test below fails on the code before it:
Diced Out's sheet said "at risk 77", the folded "since" card "· 2 ›", Roll
For It!'s lesson named cards by their pictures "(3 3)", Liar's Dice's
lesson broke "1 × 2 + 1 = three" over two lines, the coach split a hand
("Gwendolyn Mars 1 2 / 2"), showed Roll Call's Emblem as "E" and offered
"a 3 on the 10-point card" twice where two cards were worth 10."""
from __future__ import annotations

import re

import pytest

from game import games
from game.core import coach
from game.core.match import Match, Seat
from game.core.narration import NO_BREAK
from game.games.diced_out import sheet
from game.ui import game_log, layout_record
from game.ui import theme as th
from game.ui.tutorial import CARD_W


def test_the_diced_out_rerolls_line_says_what_its_second_number_is(app):
    """It read "2 left  -  at risk 17": the 17 is what the round scores if the
    player dices out now (the unmarked numbers' sum).  At 2 seats and at 8
    (the smallest sheets) the line says so, and fits its sheet."""
    from game.games.diced_out.rules import ROLL
    state = Match("diced-out", [Seat("You")], seed=5).state   # a fresh round: nothing marked
    assert state.phase == ROLL
    for seats in (2, 8):
        open_points = sum(range(2, 13))
        facts = sheet.sheet_facts(state, 0, (200, 50, 50), "Bartholomew Quil", "")
        assert all("at risk" not in text for text in facts.info)
        geo = sheet.SheetGeometry(sheet.sheet_rects(seats)[0])
        painter = sheet.SheetPainter(0, geo)
        words = painter.rerolls_words(app.theme, facts)
        assert re.fullmatch(rf"\d left\s+\u00b7\s+({open_points} points if diced out now|{open_points} pts if "
                            rf"diced out|diced out: {open_points} pts)", words), (seats, words)
        room = geo.rect.right - geo.pad - (geo.reroll_box(2).right + geo.pad * 2)
        assert app.theme.font(geo.footer_size).size(words)[0] <= room


def test_the_folded_since_card_says_what_its_count_is(app):
    """The folded card read "Since your last move · 2 ›": a bare 2."""
    since = game_log.SinceSummary()
    since.show(0, "Since your last move", [type("E", (), {"text": t})() for t in ("Mags bid two fours.",
                                                                                   "Tom called.")])
    since.age = game_log.SUMMARY_SECONDS + 1
    with layout_record.recording(app.canvas) as record:
        since.draw(app.canvas, app.theme)
    words = [b.text for b in record.of("text")]
    assert len(words) == 1 and "2 things happened" in words[0], words
    assert not layout_record.problems(record)
    assert since.tab_rect().contains(record.of("text")[0].rect.inflate(-4, -4))


def _lesson_texts(game_id: str) -> list[str]:
    script = games.tutorial_script(game_id)
    return [t for step in script.steps for t in (step.text, step.hint) if t]


def test_roll_for_it_lessons_name_cards_in_words_as_the_table_does():
    """The lesson said "drag a 3 onto the (3 3) card"; the table and the log
    name a card by its points ("the 2-point card").  Every card the lesson
    names now says its points and its pictures in words."""
    texts = _lesson_texts("roll-for-it")
    assert not any(re.search(r"\((\d ?)+\)", t) for t in texts), [t for t in texts if re.search(r"\(\d", t)]
    joined = " ".join(texts)
    for words in ("the 2-point card with two 3s", "the 10-point card with two 3s and two 4s",
                  "the 5-point card with a 4, a 5 and a 6", "the 2-point card with two 4s",
                  "the 5-point card with a 1, a 2 and a 3"):
        assert words in joined, words


@pytest.mark.parametrize("game_id", [g for g in games.GAME_IDS if games.tutorial_script(g) is not None])
def test_a_lessons_formula_is_never_split_across_lines(app, game_id):
    """Liar's Dice step 11 showed "... plus one: 1 × 2 +" and "1 = three" on
    two lines.  At any card width a formula stays on one line."""
    formula = re.compile(r"\d+(?:[ \u00a0][\u00d7+=\u2212][ \u00a0]\w+)+")
    font = app.theme.font(18)
    found = 0
    for text in _lesson_texts(game_id):
        for match in formula.finditer(text):
            found += 1
            whole = match.group().replace(NO_BREAK, " ")
            for width in range(180, CARD_W, 9):
                lines = [line.replace(NO_BREAK, " ") for line in th.wrap_text(font, text, width)]
                assert any(whole in line for line in lines), (width, whole, lines)
    if game_id == "liars-dice":
        assert found


def _coached(game_id: str, players: int, seed: int = 3) -> Match:
    names = ["Wilhelmina Stout", "Maximilian Crow", "Percival Thorne", "Gwendolyn Marsh", "Evangeline Rook"]
    seats = [Seat("You", "ai", "normal")] + [Seat(n, "ai", "hard") for n in names[:players - 1]]
    match = Match(game_id, seats, None, seed)
    match.play_out()
    match.seats[0] = Seat("You", "human")
    return match


def test_the_coach_never_splits_a_hand_across_lines(app):
    """ "What was really under the cups" listed six hands and wrapped one as
    "Gwendolyn Mars 1 2" / "2".  Each hand is now one unbreakable piece, and
    the strip shows whole hands only.  A line also never starts with the dot
    between two hands ("· Percival Thorne 2 5 6" once the strip filled up
    just before it): the dot stays with the hand before it, at any width."""
    from game.scenes.coach import CoachScene
    scene = CoachScene(app, _coached("liars-dice", 6))
    entries = scene.session.finish().entries
    app.start(scene)
    app.run_frames(2)
    font = app.theme.font(15)
    for entry in entries:
        for width in range(160, 900, 9):
            lines = th.wrap_text(font, entry.after_text, width)
            assert not any(line.startswith("\u00b7") for line in lines), (width, lines)
    for i, entry in enumerate(entries[:8]):
        hands = entry.after_text.split("  ", 1)[1].split(f"{NO_BREAK}\u00b7 ")
        assert len(hands) >= 2 and all(" " not in hand for hand in hands), hands
        scene.index = i
        with layout_record.recording(app.canvas) as record:
            app.draw(0.0)
        assert not layout_record.problems(record), layout_record.problems(record)
        drawn = [b.text.replace(NO_BREAK, " ") for b in record.of("text")]
        strip = drawn[drawn.index(f"{entry.after_label}:") + 1:][:2]   # its two lines, then the buttons
        whole = {hand.replace(NO_BREAK, " ") for hand in hands}
        for n, line in enumerate(strip):
            pieces = line.removesuffix(" \u2026").removesuffix(" \u00b7").split(" \u00b7 ")
            if n == 0:
                pieces[0] = pieces[0].split("  ", 1)[-1]
            assert all(piece in whole for piece in pieces), ("a hand cut", line, whole)


def test_the_roll_call_coach_names_the_emblem_as_the_log_does():
    """The coach wrote "You held E E 2 3 6 (Emblems wild)"; the log writes "Emblem"."""
    entries = coach.CoachSession(_coached("roll-call", 2), 0).finish().entries
    texts = [e.advice.situation for e in entries] + [e.after_text for e in entries]
    assert not any(re.search(r"(^|\s)E(\s|$|\u00a0)", t.replace(NO_BREAK, " ")) for t in texts)
    assert any("Emblem" in t for t in texts)


def test_the_roll_for_it_coach_tells_two_cards_of_equal_points_apart():
    """Seen in a real window: "a 3 on the 10-point card" offered twice, once
    for each of two 10-point cards.  No two options read the same, and the
    situation names the cards left to right in words."""
    entries = coach.CoachSession(_coached("roll-for-it", 2), 0).finish().entries
    twins = 0
    for e in entries:
        texts = [c.text for c in e.advice.options]
        assert len(texts) == len(set(texts)), texts
        assert "pts [" not in e.advice.situation and "covered" not in e.advice.situation
        twins += any(" second " in t for t in texts)
    assert twins, "the seed deals two cards of equal points"


def test_diced_out_results_say_the_lowest_total_wins(app):
    """The ledger's last column read "Total" and the chart "low leads": a
    newcomer saw 91 beat 198 with nothing saying lower wins."""
    from game.scenes.results import ResultsScene
    scene = ResultsScene(app, _coached("diced-out", 2))
    app.start(scene)
    app.run_frames(2)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    assert not layout_record.problems(record), layout_record.problems(record)
    words = " ".join(b.text for b in record.of("text"))
    assert "lowest wins" in words, words
