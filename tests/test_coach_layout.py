"""The coach page and the results screen, every word clear (issue 39): each
of the five games at 2 seats and at a big table, with the longest names
(sixteen letters), drawn with the layout recorder on
(``game/ui/layout_record.py``): no words cut, over other words, across a
panel's border, over a die, and every coach page names its figures' unit
once and says what they are.  At the big tables two people played, so the
coach also shows its row of people and the summary line beside the chips.

The games are played by the AI (seat 0 at Normal stands in for a person,
as ``make shots`` does), then reviewed as if people had played them."""
from __future__ import annotations

import pytest

from game.core.match import Match, Seat
from game.ui import layout_record
from tests.helpers import show_results

NAMES = ["Bartholomew Quil", "Wilhelmina Stout", "Maximilian Crow", "Gwendolyn Marsh", "Percival Thorne",
         "Evangeline Rook", "Cornelius Vanes", "Octavia Bramble", "Florentine Ashby", "Archibald Nettle"]
"""Sixteen letters at most: the longest name the setup screen takes."""

BIG = {"liars-dice": 6, "roll-call": 10, "diced-out": 8, "roll-for-it": 8, "roll-the-bones": 6}
"""The big table of each game walked in a real window (``/work/notes/shots39w11``)."""

QUICK = [(g, 2) for g in BIG] + [("liars-dice", 6)]
SLOW = [(g, n) for g, n in BIG.items() if (g, n) not in QUICK]


SEEDS = {("diced-out", 2): 1}
"""Where seed 3 leaves nothing to coach (Diced Out coaches free marks and penalties only)."""


def _played(game_id: str, seats: int, seed: int | None = None) -> Match:
    """A finished game of Hard AIs with long names, seat 0 played by the Normal AI;
    at a big table seats 0 and 1 then count as people (hot seat)."""
    people = 1 if seats == 2 else 2
    lineup = [Seat(NAMES[i], "ai", "normal" if i < people else "hard") for i in range(seats)]
    match = Match(game_id, lineup, None, seed if seed is not None else SEEDS.get((game_id, seats), 3))
    match.play_out()
    for i in range(people):
        match.seats[i] = Seat(NAMES[i], "human")
    return match


def _problems(app) -> tuple[list[str], list[str]]:
    """The frame's problems and its words."""
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    return layout_record.problems(record), [b.text for b in record.of("text")]


def _check(game_id: str, seats: int, app) -> None:
    from game.scenes.coach import BARS_ONLY, CoachScene, explained, has_figures
    match = _played(game_id, seats)
    results = show_results(app, match)
    found, words = _problems(app)
    assert not found, "results:\n" + "\n".join(found)
    assert any(w.startswith("Coach:") for w in words), words
    scene = CoachScene(app, match, results.coach_sessions, seat=0)
    app.push(scene)
    app.apply_transitions()
    app.run_frames(2)
    entries = scene.session.entries
    assert entries, "nothing to coach"
    rank = {"mistake": 0, "questionable": 1, "fine": 2, "good": 3}
    # the first pages, and the harshest verdicts (they carry the most words)
    pages = sorted(set(range(min(4, len(entries))))
                   | set(sorted(range(len(entries)), key=lambda i: (rank[entries[i].verdict], i))[:4]))
    for i in pages:
        scene.index = i
        scene.rebuild()
        found, words = _problems(app)
        page = f"{game_id} at {seats}, decision {i + 1}"
        assert not found, page + ":\n" + "\n".join(found)
        advice = entries[i].advice
        joined = " ".join(words)
        if has_figures(advice):
            assert advice.scale.legend.split(":")[0] in joined, (page, "the footnote says what the figures are")
        else:   # Roll the Bones' antes: bars with no figure say what the bars are
            assert BARS_ONLY in joined, (page, "the footnote says what the bars are")
        if any(c.shown for c in advice.options):
            assert sum(w == advice.scale.column for w in words) == 1, (page, "the unit named once")
        why = explained(advice)
        if why:
            assert " ".join(why.split()[:3]) in joined, (page, "the sentence saying why", why)


@pytest.mark.parametrize("game_id,seats", QUICK)
def test_the_results_and_coach_pages_show_every_word_clear(app, game_id, seats):
    _check(game_id, seats, app)


@pytest.mark.slow
@pytest.mark.parametrize("game_id,seats", SLOW)
def test_the_results_and_coach_pages_show_every_word_clear_at_a_big_table(app, game_id, seats):
    _check(game_id, seats, app)


def test_a_coach_page_keeps_its_footnote_whole_however_much_it_says(app):
    """A six-seat Liar's Dice page (six long names in "What you saw", a
    three-line "why", two lines of hands under the cups) had no room left
    and drew its footnote as nothing: "Chance" was gone.  The page now
    makes room in order (fewer, lower rows, the short footnote, the
    sentences saying why in the footnote's size, the strip of hands on one
    line) and past all of that cuts those sentences, never the footnote.
    Shown here on every page of that game with a note of one to eight more
    sentences: the footnote is whole and nothing overlaps."""
    import dataclasses

    from game.scenes.coach import CoachScene
    match = _played("liars-dice", 6)
    results = show_results(app, match)
    scene = CoachScene(app, match, results.coach_sessions, seat=0)
    app.push(scene)
    app.apply_transitions()
    app.run_frames(2)
    entries = scene.session.entries
    sentence = "One more sentence this page has to find some room for, however full it is."
    for i, entry in enumerate(list(entries)):
        legends = [entry.advice.scale.legend, entry.advice.scale.short]
        for more in range(0, 9, 2 if i else 1):
            advice = dataclasses.replace(entry.advice, note=" ".join([sentence] * more))
            entries[i] = dataclasses.replace(entry, advice=advice)
            scene.index = i
            scene.rebuild()
            found, words = _problems(app)
            page = f"decision {i + 1} with {more} more sentences"
            assert not found, page + ":\n" + "\n".join(found)
            assert any(legend and legend in " ".join(words) for legend in legends), (page, "the footnote whole")
        entries[i] = entry


def test_the_coach_ring_keeps_off_roll_for_its_tray_dice(app):
    """Roll For It!'s lesson, step 11 ("Keep the rest"): the ring round the
    buttons took in the prompt line and ran through the four dice lying in
    the tray (their pictures were not recorded, so nothing saw them).  The
    dice's places are read from the table's own ``loose`` dice here, not from
    the recorder."""
    from tests.test_lesson_cards_clear import ring_crosses, ringed_steps
    checked = 0
    for step, table, record in ringed_steps(app, "roll-for-it"):
        dice = [layout_record.piece(table.loose.rect(i)) for i in range(len(table.loose.dice))]
        for ring in record.of("ring"):
            checked += bool(dice)
            crossed = [tuple(d) for d in dice if ring_crosses(ring.rect, d)]
            assert not crossed, f"{step.title!r}: the ring {tuple(ring.rect)} runs through tray dice {crossed}"
    assert checked


def test_the_roll_for_it_situation_breaks_between_whole_cards(app):
    """Roll For It!'s "What you saw" ran as one sentence over three lines,
    broken mid-card ("two 5s and two" / "6s"), with "(Mags 10)" for who led:
    it is now the score and the roll in a line, then the cards, shorter, a
    line breaking only where a card ends; on most pages in two lines (a page
    of every decision, drawn with the recorder on)."""
    from game.scenes.coach import CoachScene
    match = _played("roll-for-it", 4)
    match.seats[1] = Seat(NAMES[1], "human")
    scene = CoachScene(app, match, seat=0)
    app.start(scene)
    app.run_frames(2)
    entries = scene.session.finish().entries
    assert entries
    two = 0
    for i, entry in enumerate(entries):
        scene.index = i
        scene.rebuild()
        with layout_record.recording(app.canvas) as record:
            app.draw(0.0)
        texts = record.of("text")
        top = next(b.rect.bottom for b in texts if b.text == "What you saw")
        headline = next(b.rect.top for b in texts if b.rect.top > top and b.text not in entry.advice.situation)
        lines = [b.text for b in texts if top <= b.rect.top < headline]
        assert lines[0].startswith("You had ") and lines[0].endswith("."), (i + 1, lines)
        assert lines[1].startswith("Cards, left to right: "), (i + 1, lines)
        assert len(lines) <= 3 and all(line.endswith((";", ".")) for line in lines), (i + 1, lines)
        two += len(lines) == 2
    assert two >= 0.8 * len(entries), f"{two} of {len(entries)} pages in two lines"
