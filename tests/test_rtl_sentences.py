"""A sentence that names a Hebrew or Arabic seat reads as its player typed
the name, and the English around it stays in order (issue 39, "Every word
true and readable").

Only a name alone went through the bidirectional algorithm; in a sentence
the hand rule kept each right-to-left stretch in typed place, so "דוד 2
bids three fives" drew the name's 2 on its left end's wrong side (alone it
reads "2 דוד"), "שרה!" its "!" on the right, "محمد (3)" its bracket inside
out.  The grammar layer now sets a right-to-left name apart (U+2068 ...
U+2069, ``grammar.isolated``) wherever it puts one into a sentence, and the
drawing reads the sentence as the Unicode algorithm reads an English line
with isolates in it.  The oracle is python-bidi's ``get_display`` over the
same sentence, and the name as drawn alone."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from bidi import get_display

from game import games
from game.core.grammar import Voice
from game.core.match import Match, Seat
from game.core.narration import GameLog
from game.ui import theme as th
from game.ui.glyphs import SystemFonts

MARKS = "\u2068\u2069"

NAMES = ["דוד 2", "שרה!", "دانة 12", "מיכל 3 כהן", "علي-7"]
"""Right-to-left names with a digit or a mark (a plain one, "שרה כהן", read
right with the hand rule already)."""

SENTENCES = {
    "start": ("{name} bids 3 fives.", lambda w: f"{w.says(1, 'bids', 'bid')} 3 fives."),
    "middle": ("You take a die from {name}, 2 left.", lambda w: f"You take a die from {w.object(1)}, 2 left."),
    "end": ("Round 2: 4 dice for {name}", lambda w: f"Round 2: 4 dice for {w.object(1)}"),
    "possessive": ("Ann: {name}'s 3 sixes stand.", lambda w: f"Ann: {w.possessive(1)} 3 sixes stand."),
}
"""Where a sentence may hold the name: (the sentence with the name set apart
by hand, for the oracle; the sentence as the grammar layer builds it)."""


@pytest.fixture(scope="module")
def font():
    pygame.font.init()
    return th.Theme(system_fonts=SystemFonts(lambda: [])).font(15)


def shown(font, text: str) -> str:
    """``text``'s characters left to right as drawn (a right-to-left run is
    handed to SDL_ttf in typed order and laid from its right end)."""
    runs = font.runs(text)
    if runs is None:
        return text
    return "".join(run.text[::-1] if run.script else run.text for run in runs)


def algorithm(text: str) -> str:
    """The Unicode bidirectional algorithm's display order of an English line, marks dropped."""
    return "".join(ch for ch in get_display(text, base_dir="L") if ch not in MARKS)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("where", list(SENTENCES))
def test_a_sentence_naming_a_right_to_left_seat_reads_as_the_algorithm_reads_it(font, name, where):
    """The name at the start, in the middle, at the end, as a possessive:
    drawn as the algorithm orders the sentence with the name isolated, and
    the name reads as it does alone."""
    oracle, build = SENTENCES[where]
    words = Voice([Seat("Ann"), Seat(name, "ai", "easy")])
    sentence = build(words)
    drawn = shown(font, sentence)
    assert drawn == algorithm(oracle.format(name=f"\u2068{name}\u2069")), sentence
    alone = shown(font, name)
    assert drawn.replace(alone, "{name}", 1) == oracle, (drawn, alone)


def test_a_bracketed_number_faces_the_right_way_in_a_sentence(font):
    """"محمد (3)" in a sentence: its "(3)" at the name's left end, where an
    Arabic reader ends it (the hand rule drew it on the right, between the
    name and "calls"), each bracket facing its number; the words untouched."""
    words = Voice([Seat("Ann"), Seat("محمد (3)", "ai", "easy")])
    drawn = shown(font, f"{words.says(1, 'calls', 'call')} Liar!")
    assert drawn == "(3) دمحم calls Liar!"


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-the-bones"])
def test_the_log_tells_a_right_to_left_seat_with_the_name_whole_and_the_words_in_order(font, game_id):
    """A whole game's log, as the table builds it (the seats' ``Voice``):
    wherever a name stands, it is drawn as it is alone, and every other
    character keeps its typed place."""
    seats = [Seat("Ann", "ai", "easy"), Seat("דוד 2", "ai", "easy"), Seat("شادي 4", "ai", "easy")]
    match = Match(game_id, seats, None, 3)
    match.play_out()
    log = GameLog(match.game.new_initial_state(), [s.name for s in seats], games.narrator(game_id),
                  words=Voice(seats))
    log.sync(match.history)
    told = 0
    for entry in log.entries:
        typed, drawn = "".join(ch for ch in entry.text if ch not in MARKS), shown(font, entry.text)
        for seat in seats[1:]:
            if seat.name in typed:
                told += 1
                typed = typed.replace(seat.name, "{name}")
                drawn = drawn.replace(shown(font, seat.name), "{name}")
        assert drawn == typed, entry.text
    assert told > 10


@pytest.mark.parametrize("text", ["\u2068דוד 2", "2 left\u2069 for you", "\u2068\u2069", "\u2068\u2068שרה!\u2069\u2069 x",
                                  "\u2068Tom\u2069 bids"])
def test_a_line_cut_inside_a_set_apart_name_is_drawn_without_its_marks(font, text):
    """A wrapped or shortened line may keep one mark of a pair: nothing
    raises, no mark is drawn (no bundled font has one: it would be a box),
    and the width measured is the width drawn."""
    runs = font.runs(text) or ()
    assert not any(mark in run.text for run in runs for mark in MARKS)
    assert font.size(text)[0] == font.render(text, True, th.CREAM).get_width()


@pytest.mark.parametrize("name", ["מיכל 3 כהן", "عبد الله"])
def test_a_wrapped_sentence_keeps_a_set_apart_name_whole_on_one_line(font, name):
    """A name with a space in a sentence long enough to wrap: at every width
    the line breaks before the name, never inside it (broken, its first
    line's isolate ran on to the line's end and the next line read the
    name's last word as English), and every line opens and closes its own
    marks."""
    words = Voice([Seat("Ann"), Seat(name, "ai", "easy")])
    sentence = f"Round 2: Ann bids 4 fives, then {words.object(1)} calls Liar and loses a die."
    whole = words.object(1)
    full = font.size(sentence)[0]
    for width in range(font.size(whole)[0], full + 1, 3):
        lines = th.wrap_text(font, sentence, width)
        assert sum(whole in line for line in lines) == 1, (width, lines)
        assert all(line.count(MARKS[0]) == line.count(MARKS[1]) for line in lines), (width, lines)
        assert " ".join(lines) == sentence


def test_a_set_apart_name_wider_than_a_line_is_set_apart_on_each_line(font):
    """A line too narrow for the name alone: the name breaks at its spaces
    and each line's part is set apart on its own, reading in its direction."""
    words = Voice([Seat("Ann"), Seat("מיכל 3 כהן", "ai", "easy")])
    sentence = f"Pass to {words.object(1)} now."
    lines = th.wrap_text(font, sentence, font.size("\u2068מיכל 3\u2069")[0])
    parts = [line for line in lines if any(ch in line for ch in MARKS)]
    assert len(parts) == 2 and all(line.count(MARKS[0]) == line.count(MARKS[1]) == 1 for line in parts), lines
    assert "".join(ch for ch in " ".join(lines) if ch not in MARKS) == "Pass to מיכל 3 כהן now."
