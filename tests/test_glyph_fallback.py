"""Names in every script drawn by a font that has them, never as empty boxes
(issue 39, "Every word true and readable"; ``game/ui/glyphs.py``).

Lato and EB Garamond lack Hebrew, Arabic, Armenian, Georgian, Chinese,
Japanese, Korean and emoji: a name in any of them drew as a row of .notdef
boxes on the nameplates, the log, the curtain and the results.  Each
character now comes from the next font that has it (the bundled DejaVu cut,
then the system's fonts); where none has it the replacement sign U+FFFD
shows, and the name field refuses it with a message.

The oracle is the fonts' own character maps, read here with
pygame.freetype, and the .notdef box's pixels."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from game.paths import asset_path
from game.ui import theme as th
from game.ui.glyphs import REPLACEMENT, SystemFonts

REPO = Path(__file__).resolve().parent.parent

NAMES = {
    "latin": "Zoë Nguyễn",
    "greek": "Ωμέγα",
    "cyrillic": "Жанна",
    "hebrew": "שרה כהן",
    "arabic": "سلام عليكم",
    "armenian": "Հայկ",
    "georgian": "ნინო",
    "emoji": "Joy 😀",
    "chinese": "王小明",
    "japanese": "さくら",
    "korean": "김민준",
}
"""A player's name in each script; the last three no bundled font has."""

STYLES = [(22, False, "body"), (22, True, "body"), (18, False, "italic"), (30, True, "display")]
"""The sizes and styles names are drawn in (plates and log, bold plates, notes, the results' heading)."""


def _has(path: Path, ch: str) -> bool:
    """The font file's character map has ``ch`` (pygame.freetype, not the code under test)."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(str(path), 12).get_metrics(ch)[0] is not None


def _pixels(surf: pygame.Surface) -> tuple:
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


def _notdef_boxes(size: int, bold: bool, style: str) -> list[tuple]:
    """The empty box each bundled font draws for a character it lacks."""
    files = {th.FONT_FILES[(style, bold)], "DejaVuSans-Names.ttf", "DejaVuSans-Names-Bold.ttf"}
    return [_pixels(pygame.font.Font(str(asset_path("fonts", f)), size).render("\ue000", True, th.CREAM))
            for f in sorted(files) if asset_path("fonts", f).exists()]


@pytest.fixture
def bare_theme():
    """A theme on a machine with no system fonts: what the bundle alone draws."""
    pygame.font.init()
    return th.Theme(system_fonts=SystemFonts(lambda: []))


@pytest.mark.parametrize("script", list(NAMES))
@pytest.mark.parametrize("size,bold,style", STYLES)
def test_no_character_of_a_name_draws_as_an_empty_box(bare_theme, script, size, bold, style):
    """Each character of the name, drawn as the game draws labels
    (``Theme.text``), is never the .notdef box of a bundled font."""
    boxes = _notdef_boxes(size, bold, style)
    for ch in NAMES[script]:
        if ch == " ":
            continue
        drawn = _pixels(bare_theme.text(ch, size, th.CREAM, bold=bold, style=style))
        assert drawn not in boxes, f"{script}: {ch!r} (U+{ord(ch):04X}) is drawn as an empty box"


@pytest.mark.parametrize("script", list(NAMES))
@pytest.mark.parametrize("system", ["none", "this machine's"])
def test_every_character_is_drawn_by_a_font_that_has_it(script, system):
    """The plan of each name: every run's characters are in its font's
    character map; a character no font reached has is drawn as U+FFFD (so
    with no system fonts the Chinese name shows three replacement signs)."""
    pygame.font.init()
    theme = th.Theme(system_fonts=SystemFonts(lambda: []) if system == "none" else None)
    name = NAMES[script]
    font = theme.font(22, True)
    runs = font.runs(name) or ()
    drawn = "".join(run.text for run in runs) if runs else name
    assert len(drawn) == len(name)
    for run in runs:
        for ch in run.text:
            assert _has(run.path, ch), f"{ch!r} drawn by {run.path.name}, which lacks it"
    for typed, shown in zip(name, drawn):
        if shown == REPLACEMENT:
            assert not theme.drawable(typed, bold=True)
        else:
            assert shown == typed
    if script in ("hebrew", "arabic"):   # one right-to-left run: its words read from the right
        assert [(run.text, run.script) for run in runs] == [(name, "Hebr" if script == "hebrew" else "Arab")]
    surf = font.render(name, True, th.CREAM)
    assert surf.get_width() == font.size(name)[0] > 0


def test_a_label_of_words_and_a_name_measures_what_it_draws(bare_theme):
    """``size`` and ``render`` agree for a mixed line, so wrapping and fitting
    measure what the table draws."""
    font = bare_theme.font(20)
    for line in ("Pass to " + NAMES["hebrew"], NAMES["emoji"] + " wins!", "Ann \u00d7 3 \u2026"):
        assert font.size(line)[0] == font.render(line, True, th.CREAM).get_width()


def test_the_name_field_refuses_a_character_no_font_has_and_says_why(app):
    """Typed into a seat's name: a character no font on this machine has is
    turned away with a message naming it by its code (it cannot be shown),
    and the rest of what was typed is kept."""
    from game.scenes.setup import SetupScene, default_seats
    from game.ui.widgets import TextInput
    app.theme = th.Theme(system_fonts=SystemFonts(lambda: []))
    scene = SetupScene(app, "liars-dice", default_seats(3))
    app.start(scene)
    field = [w for w in scene.ui.widgets if isinstance(w, TextInput)][0]
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=field.value_rect.center, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=field.value_rect.center, button=1))
    assert scene.ui.focused is field
    app.feed(pygame.event.Event(pygame.TEXTINPUT, text="שרה"))
    assert field.text == "שרה" and scene.seat_rows[0].name == "שרה"
    app.feed(pygame.event.Event(pygame.TEXTINPUT, text="王a"))
    assert field.text == "שרהa"
    assert any("U+738B" in message for message, _left in app.toasts), app.toasts
    scene.draw(app.canvas, 0.0)


def test_the_fallback_fonts_are_what_their_generator_makes(tmp_path):
    """Generated data ships with its generator: ``tools/make_fallback_fonts.py``
    run again from DejaVu gives the same characters and glyphs as the bundled cut."""
    fonttools = pytest.importorskip("fontTools.ttLib")
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import make_fallback_fonts as maker
    finally:
        sys.path.remove(str(REPO / "tools"))
    if not all((maker.SOURCE_DIR / source).exists() for source in maker.SOURCES.values()):
        pytest.skip(f"DejaVu Sans is not in {maker.SOURCE_DIR} (Debian's fonts-dejavu-core)")
    subprocess.run([sys.executable, str(REPO / "tools" / "make_fallback_fonts.py"), "--out", str(tmp_path)],
                   check=True, capture_output=True)
    for target in maker.SOURCES:
        made, shipped = (fonttools.TTFont(str(p / target)) for p in (tmp_path, REPO / "assets" / "fonts"))
        assert made.getBestCmap() == shipped.getBestCmap(), target
        assert made.getGlyphOrder() == shipped.getGlyphOrder(), target
        assert {t for t in made.keys()} == {t for t in shipped.keys()}, target
        assert made["glyf"].compile(made) == shipped["glyf"].compile(shipped), target


def test_a_right_to_left_name_starts_at_its_right_end(bare_theme):
    """Hebrew alef, then five thin vavs: the first letter typed (the wide
    alef, the widest stroke of ink) is drawn at the right end, as Hebrew is
    read, not at the left as a left-to-right line would put it."""
    surf = bare_theme.text("\u05d0\u05d5\u05d5\u05d5\u05d5\u05d5", 40, (255, 255, 255))
    inked = [any(surf.get_at((x, y)).a > 128 for y in range(surf.get_height())) for x in range(surf.get_width())]
    strokes: list[tuple[int, int]] = []   # (first column, width) of each stretch of inked columns
    for x, on in enumerate(inked):
        if on and (x == 0 or not inked[x - 1]):
            strokes.append((x, 0))
        if on:
            strokes[-1] = (strokes[-1][0], strokes[-1][1] + 1)
    assert len(strokes) == 6, strokes
    assert max(strokes, key=lambda s: s[1]) == strokes[-1], strokes


def test_a_list_of_right_to_left_names_keeps_each_name_whole_and_in_order(bare_theme):
    """"6 players: <Hebrew name>, <Arabic name>, ..." (the replay list): the
    comma between two right-to-left names ended one stretch and began the
    next, so each name reads from its right and the list stays in order."""
    runs = bare_theme.font(15).runs("שרה כהן, سلام, Ann")
    assert [(run.text, run.script) for run in runs] == [
        ("שרה כהן", "Hebr"), (", ", ""), ("سلام", "Arab"), (", Ann", "")]


@pytest.mark.parametrize("other", [NAMES["hebrew"], NAMES["emoji"][-1], NAMES["chinese"]])
def test_a_name_from_another_font_does_not_move_the_words_beside_it(other):
    """A label drawn by its top-left corner keeps its words where the same
    words alone are drawn: the replay list's "6 players: ..." line sat lower,
    on its row's edge, once a taller font (Chinese) joined it."""
    pygame.font.init()
    theme = th.Theme()
    alone = theme.text("Ann, ", 15, th.CREAM)
    mixed = theme.text("Ann, " + other, 15, th.CREAM)
    assert mixed.get_height() == alone.get_height()
    width = alone.get_width() - 4   # the words, short of where the next run may start
    assert _pixels(mixed.subsurface((0, 0, width, alone.get_height()))) == \
        _pixels(alone.subsurface((0, 0, width, alone.get_height())))


@pytest.mark.parametrize("text", ["\u034f", "a\u034f", "\u0301b\u20dd", "a\x00b", "\ud800abc", "\u200d\u200f"])
def test_a_label_no_font_can_draw_never_raises(bare_theme, text):
    """A mark on nothing ("\\u034f" is printable, so the name field takes it),
    a NUL, half a surrogate pair (a hand-edited file's "\\ud800"): SDL_ttf
    raised ("Text has zero width", "null character", an encoding error), a
    crash where the label was drawn.  Now the label is drawn, the character
    no font has as U+FFFD, and ``size`` answers."""
    surf = bare_theme.text(text, 20)
    assert surf.get_height() > 0
    assert bare_theme.font(20).size(text)[1] > 0


@pytest.mark.parametrize("size,bold,style", STYLES + [(22, False, "display")])
def test_the_interfaces_own_characters_never_ask_the_system(size, bold, style):
    """Every character the interface's labels are made of (``theme.GLYPHS``,
    the value rows' ‹ ›) is in a bundled font: EB Garamond 12 Bold lacks the
    minus sign, so the first heading with one made the game list the
    system's fonts (a subprocess, tens of milliseconds, in a frame)."""
    asked: list[str] = []

    class Watched(SystemFonts):
        def font_for(self, ch):
            asked.append(ch)
            return None
    pygame.font.init()
    theme = th.Theme(system_fonts=Watched(lambda: []))
    theme.font(size, bold, style=style).render(th.GLYPHS + "\u2039\u203a", True, th.CREAM)
    assert not asked, [f"U+{ord(ch):04X}" for ch in asked]


@pytest.mark.parametrize("name, shown", [
    ("דוד 2", [("2 ", ""), ("דוד", "Hebr")]),
    ("שרה!", [("!", ""), ("שרה", "Hebr")]),
    ("محمد (3)", [("(3) ", ""), ("محمد", "Arab")]),
    ("دانة 12", [("12 ", ""), ("دانة", "Arab")]),
    ("שָׁלוֹם 3", [("3 ", ""), ("שָׁלוֹם", "Hebr")]),
])
def test_a_right_to_left_name_with_digits_or_marks_reads_as_its_own_direction_puts_it(bare_theme, name, shown):
    """A name alone in a right-to-left script, with a number or a mark
    (python-bidi, the full bidirectional algorithm): "דוד 2" drew its 2 at
    the right, after the name as a left-to-right line puts it, so a Hebrew
    reader met the 2 first; the bracket of "محمد (3)" faced the wrong way
    once reversed.  The runs stand left to right as drawn, each
    right-to-left run in typed order (SDL_ttf lays it from the right)."""
    assert [(run.text, run.script) for run in bare_theme.font(15, True).runs(name)] == shown


def test_a_sentence_with_a_right_to_left_name_keeps_the_name_whole_in_its_place(bare_theme):
    """A sentence whose name nobody set apart (``grammar.isolated``; the
    grammar layer does it, tests/test_rtl_sentences.py) is not run through
    the algorithm: "דוד, 3 dice" would show "3 ,דוד dice" (the name's
    neighbours taken into its run)."""
    runs = bare_theme.font(15).runs("דוד, 3 dice")
    assert [(run.text, run.script) for run in runs] == [("דוד", "Hebr"), (", 3 dice", "")]
