"""The rules screen's markdown (game/scenes/rules.py) as players read it
(playtest: a wrapped bullet's next lines started at the bullet, not under
its text, and "(*House rule:*" read "( House rule:")."""
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

from game import games  # noqa: E402
from game.scenes import rules  # noqa: E402
from game.ui import theme as th  # noqa: E402


@pytest.fixture(scope="module")
def theme():
    pygame.init()
    return th.Theme()


def _ink_columns(surf: pygame.Surface, top: int, bottom: int) -> list[int]:
    """The x of every column with a drawn pixel between rows ``top`` and ``bottom``."""
    return [x for x in range(surf.get_width())
            if any(surf.get_at((x, y)).a > 0 for y in range(top, min(bottom, surf.get_height())))]


@pytest.mark.parametrize("item", ["- ", "2. "])
def test_a_wrapped_list_item_hangs_under_its_text(theme, item):
    """A bullet (or numbered) item longer than the page, its source wrapped
    onto an indented line as the RULES.md files do: every line after the first
    starts under the item's text, none at the bullet."""
    text = item + "word " * 40 + "\n   more words on the source's next line " + "word " * 30
    page = rules.render_markdown(theme, text, 400)
    row = theme.font(rules.BODY_SIZE).get_linesize() + 3
    lines = (page.get_height() - 20) // row
    assert lines >= 4
    for k in range(1, lines):
        ink = _ink_columns(page, k * row, (k + 1) * row)
        if ink:
            assert min(ink) >= rules.LIST_INDENT, f"line {k + 1} starts at x={min(ink)}"


def test_a_style_edge_is_no_word_break():
    """"(*House rule:* 5 each" is "(" glued to the italic "House" (no space
    between them), "**Raise**:" is "Raise" glued to its colon."""
    assert rules._runs("(*House rule:* 5 each") == [
        ("(", "body", False), ("House", "italic", False), ("rule:", "italic", True),
        ("5", "body", True), ("each", "body", True)]
    assert rules._runs("**Raise**: bid") == [("Raise", "bold", False), (":", "body", False), ("bid", "body", True)]


def test_glued_runs_sit_side_by_side_and_wrap_as_one(theme):
    fonts = rules._fonts(theme)
    (line,) = rules.wrap_runs(fonts, rules._runs("(*House rule:*"), 500)
    assert line[0] == ("(", "body", 0)
    assert line[1] == ("House", "italic", fonts["body"].size("(")[0])
    # at a width where "(House" does not fit after "a", the two go to the next line together
    width = fonts["body"].size("a (")[0] + 2
    lines = rules.wrap_runs(fonts, rules._runs("a (*House*"), width)
    assert [[w for w, _s, _x in ln] for ln in lines] == [["a"], ["(", "House"]]


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_rules_page_lays_out_cleanly(theme, game_id):
    """Every game's page: list items' lines all hang at their text's indent,
    no word starts or ends with a stray markdown star, no "( " or " )" pair
    comes from a style edge, and each table keeps its rows."""
    text = games.rules_markdown(game_id) + "\n\n" + rules.house_rules_markdown(game_id, None)
    blocks = rules.parse_blocks(text)
    for block, lines in rules.layout_blocks(theme, blocks):
        if block.kind == "li":
            assert all(line.indent == rules.LIST_INDENT * (block.depth + 1) for line in lines)
            assert lines[0].marker == block.marker and all(line.marker is None for line in lines[1:])
        for line in lines:
            words = [w for w, _s, _x in line.words]
            assert not any(w.startswith("*") or w.endswith("*") for w in words), words
        if block.kind == "table":
            assert len(block.rows) >= 2 and len({len(r) for r in block.rows}) == 1
    # an indented line continues its list item: it never becomes a paragraph of its own
    indented = [ln.strip() for ln in text.splitlines() if ln.startswith("  ") and not rules._MARKER.match(ln)]
    assert not any(b.text.startswith(ln) for b in blocks if b.kind == "p" for ln in indented)
    rules.render_markdown(theme, text)   # and it draws


def test_numbered_items_keep_their_numbers():
    blocks = rules.parse_blocks("1. **Raise**: a bid\n   *an example*\n2. **Call**\n- a bullet")
    assert [(b.kind, b.marker) for b in blocks] == [("li", "1."), ("li", "2."), ("li", "")]
    assert blocks[0].text == "**Raise**: a bid *an example*"
