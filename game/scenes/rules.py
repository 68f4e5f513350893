"""The rules screen: a game's RULES.md as styled, scrollable text, followed by
a generated "House rules in force" section (each option and its value, with
house defaults marked)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import pygame

from .. import games
from ..ui import theme as th
from ..ui.widgets import Button, Scrollbar
from .base import MenuScene
from ..canvas import CENTRE_X

PAGE = pygame.Rect(190, 110, 900, 520)
TEXT_W = PAGE.w - 80


def house_rules_markdown(game_id: str, options: dict | None) -> str:
    """Markdown listing every option with the value in force."""
    info = games.game_info(game_id)
    if not info.options:
        return "## House rules in force\n\nThis game has no variant options."
    lines = ["## House rules in force", ""]
    for spec in info.options:
        value = (options or {}).get(spec.key, spec.default)
        shown = _show(value)
        if _same(value, spec.default):
            note = " (house default)" if spec.house else " (default)"
        else:
            note = f" (changed; default {_show(spec.default)})"
        help_text = f" {spec.help}" if spec.help else ""
        lines.append(f"- **{spec.label}:** {shown}{note}.{help_text}")
    return "\n".join(lines)


def _same(a, b) -> bool:
    def norm(v):
        return tuple(sorted(v)) if isinstance(v, (list, tuple, set)) else v
    return norm(a) == norm(b)


def _show(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, (list, tuple, set)):
        return ", ".join(str(v) for v in sorted(value))
    return str(value).replace("_", " ")


_INLINE = re.compile(r"(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)")
_MARKER = re.compile(r"^(\s*)([-*+]|\d+[.)])\s+")
LIST_INDENT = 28
"""Where a list item's text starts, per level (its wrapped lines hang there too)."""
BODY_SIZE = 19


@dataclass
class Block:
    """One block of the page: a heading (``h1``..``h3``), a paragraph (``p``),
    a list item (``li``, ``depth`` 0 or 1, ``marker`` "" for a bullet or the
    item's number such as "2.") or a table (``table``: ``rows`` of cells, the
    first the header, ``align`` "left" or "right" per column)."""
    kind: str
    text: str = ""
    depth: int = 0
    marker: str = ""
    rows: list[list[str]] = field(default_factory=list)
    align: list[str] = field(default_factory=list)


def parse_blocks(text: str) -> list[Block]:
    """The page's blocks.  A list item's following lines that are not a
    new item, a heading, a table or a blank line (indented or not, as
    markdown reads them) continue the item, so its text wraps as one."""
    blocks: list[Block] = []
    para: list[str] = []
    item: Block | None = None   # the list item that a following line continues

    def flush():
        if para:
            blocks.append(Block("p", " ".join(para)))
            para.clear()
    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        marker = _MARKER.match(line)
        if not stripped:
            flush()
            item = None
        elif stripped.startswith("#"):
            flush()
            item = None
            level = len(stripped) - len(stripped.lstrip("#"))
            blocks.append(Block(f"h{min(level, 3)}", stripped.lstrip("#").strip()))
        elif marker:
            flush()
            bullet = marker.group(2)
            item = Block("li", line[marker.end():].strip(), 1 if len(marker.group(1)) >= 2 else 0,
                         "" if bullet in "-*+" else bullet[:-1] + ".")
            blocks.append(item)
        elif stripped.startswith("|"):
            flush()
            item = None
            cells = [c.strip() for c in stripped.strip("|").split("|")]
            if not blocks or blocks[-1].kind != "table":
                blocks.append(Block("table"))
            table = blocks[-1]
            if set(stripped) <= set("|-: "):   # the separator row: each column's alignment
                table.align = ["right" if c.endswith(":") and not c.startswith(":") else "left" for c in cells]
            else:
                table.rows.append(cells)
        elif item is not None:
            item.text += " " + stripped
        else:
            para.append(stripped)
    flush()
    return blocks


def _runs(text: str) -> list[tuple[str, str, bool]]:
    """Split a line into (word, style, space before) runs: body, bold or
    italic.  A style's edge is no word break: "(*House rule:*" is "(" glued
    to "House", "**Raise**:" is "Raise" glued to ":"."""
    out: list[tuple[str, str, bool]] = []
    space = False
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**"):
            style, part = "bold", part[2:-2]
        elif part.startswith("*") or part.startswith("`"):
            style, part = "italic", part[1:-1]
        else:
            style = "body"
        for piece in re.findall(r"\s+|\S+", part):
            if piece.isspace():
                space = True
            else:
                out.append((piece, style, space and bool(out)))
                space = False
    return out


@dataclass
class Line:
    """One laid-out line of body text: its words as (word, style, x), x
    from ``indent``; ``marker`` on an item's first line ("" a bullet, "2." a
    number, None none)."""
    indent: int
    words: list[tuple[str, str, int]]
    marker: str | None = None


def _fonts(theme) -> dict:
    return {"body": theme.font(BODY_SIZE), "bold": theme.font(BODY_SIZE, True),
            "italic": theme.font(BODY_SIZE, style="italic")}


def wrap_runs(fonts: dict, runs: list[tuple[str, str, bool]], width: int) -> list[list[tuple[str, str, int]]]:
    """Greedy wrap of ``runs`` to ``width`` pixels: lines of (word, style, x).
    A line breaks only where the text has a space (glued runs stay together)."""
    space = fonts["body"].size(" ")[0]
    groups: list[list[tuple[str, str]]] = []
    for word, style, spaced in runs:
        if spaced or not groups:
            groups.append([])
        groups[-1].append((word, style))
    lines: list[list[tuple[str, str, int]]] = [[]]
    x = 0
    for group in groups:
        widths = [fonts[style].size(word)[0] for word, style in group]
        start = x + space if lines[-1] else 0
        if lines[-1] and start + sum(widths) > width:
            lines.append([])
            start = 0
        for (word, style), w in zip(group, widths):
            lines[-1].append((word, style, start))
            start += w
        x = start
    return lines


def layout_blocks(theme, blocks: list[Block], width: int = TEXT_W) -> list[tuple[Block, list[Line]]]:
    """Each body block's lines (headings and tables are laid out by ``render_markdown``):
    a list item's lines all start at its text's indent, the first with its
    marker before it."""
    fonts = _fonts(theme)
    out: list[tuple[Block, list[Line]]] = []
    for block in blocks:
        if block.kind.startswith("h") or block.kind == "table":
            out.append((block, []))
            continue
        indent = LIST_INDENT * (block.depth + 1) if block.kind == "li" else 0
        rows = wrap_runs(fonts, _runs(block.text), width - indent)
        out.append((block, [Line(indent, words, block.marker if block.kind == "li" and i == 0 else None)
                            for i, words in enumerate(rows)]))
    return out


def _table(fonts: dict, block: Block, width: int, height: int) -> pygame.Surface:
    """A table: the header row bold over a rule, the columns as wide as
    their widest cell, each aligned as its separator row says."""
    cols = max(len(row) for row in block.rows)
    rows = [row + [""] * (cols - len(row)) for row in block.rows]
    styles = ["bold"] + ["body"] * (len(rows) - 1)
    widths = [max(fonts[style].size(row[c])[0] for row, style in zip(rows, styles)) for c in range(cols)]
    gap = 36
    surf = pygame.Surface((width, height * len(rows) + 6), pygame.SRCALPHA)
    for r, (row, style) in enumerate(zip(rows, styles)):
        x, y = LIST_INDENT, r * height + (6 if r else 0)
        for c, cell in enumerate(row):
            text = fonts[style].render(cell, True, th.INK)
            right = (block.align[c] if c < len(block.align) else "left") == "right"
            surf.blit(text, (x + (widths[c] - text.get_width() if right else 0), y))
            x += widths[c] + gap
        if r == 0:
            pygame.draw.line(surf, th.BRASS_DARK, (LIST_INDENT, height + 1), (x - gap, height + 1), 2)
    return surf


def render_markdown(theme: th.Theme, text: str, width: int = TEXT_W) -> pygame.Surface:
    """Lay out headings, paragraphs and bullet or numbered lists onto one tall surface."""
    fonts = _fonts(theme)
    height = fonts["body"].get_linesize() + 3
    rendered: list[tuple[pygame.Surface, int]] = []
    laid = layout_blocks(theme, parse_blocks(text), width)
    for n, (block, lines) in enumerate(laid):
        if block.kind.startswith("h"):
            size = {"h1": 40, "h2": 30, "h3": 24}[block.kind]
            font = theme.font(size, True, style="display")
            for row in th.wrap_text(font, block.text.replace("**", ""), width):
                rendered.append((font.render(row, True, (110, 40, 28) if block.kind != "h3" else th.INK),
                                 8 if block.kind != "h3" else 4))
            continue
        if block.kind == "table":
            rendered.append((_table(fonts, block, width, height), 0))
            rendered.append((pygame.Surface((1, 10), pygame.SRCALPHA), 0))
            continue
        for line in lines:
            surf = pygame.Surface((width, height), pygame.SRCALPHA)
            if line.marker == "":
                pygame.draw.circle(surf, th.BRASS_DARK, (line.indent - 14, height // 2 - 1), 4)
            elif line.marker:
                number = fonts["bold"].render(line.marker, True, th.BRASS_DARK)
                surf.blit(number, (line.indent - 8 - number.get_width(), 0))
            for word, style, x in line.words:
                surf.blit(fonts[style].render(word, True, th.INK), (line.indent + x, 0))
            rendered.append((surf, 0))
        last_item = block.kind == "li" and (n + 1 == len(laid) or laid[n + 1][0].kind != "li")
        rendered.append((pygame.Surface((1, 3 if block.kind == "li" and not last_item else 8), pygame.SRCALPHA), 0))
    total = sum(s.get_height() + gap for s, gap in rendered) + 20
    page = pygame.Surface((width, max(1, total)), pygame.SRCALPHA)
    y = 0
    for surf, gap in rendered:
        y += gap
        page.blit(surf, (0, y))
        y += surf.get_height()
    return page


class RulesScene(MenuScene):
    name = "rules"

    def __init__(self, app, game_id: str, options: dict | None = None, overlay: bool = False):
        super().__init__(app)
        self.game_id = game_id
        self.options = dict(options or {})
        self.overlay = overlay
        self.title = "Rules of " + games.game_info(game_id).title
        self.scroll = 0
        self.page: pygame.Surface | None = None

    def enter(self) -> None:
        super().enter()
        text = games.rules_markdown(self.game_id) + "\n\n" + house_rules_markdown(self.game_id, self.options)
        self.page = render_markdown(self.theme, text)

    def build(self) -> None:
        self.ui.add(Button((540, 648, 200, 52), "Back", self.back, primary=True))
        self.bar = Scrollbar(pygame.Rect(PAGE.right - 26, PAGE.y + 20, 12, PAGE.h - 40), self.scroll_to)
        self.ui.add(self.bar)
        self.bar.visible = False   # shown once the page is laid out and longer than its panel (``draw_content``)

    def scroll_to(self, scroll: int) -> None:
        self.scroll_by(scroll - self.scroll)

    @property
    def max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - (PAGE.h - 40))

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def handle_event(self, event) -> None:
        if self.bar.route(event):   # the thumb held: the mouse drags the page
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-int(getattr(event, "y", 0)) * 60)
            return
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_DOWN: 50, pygame.K_UP: -50, pygame.K_PAGEDOWN: PAGE.h - 80,
                     pygame.K_PAGEUP: -(PAGE.h - 80), pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return
        super().handle_event(event)

    def draw_heading(self, canvas, y=0):
        th.draw_text(canvas, self.theme, self.title, (CENTRE_X, 36), 48, th.BRASS_LIGHT, style="display",
                     anchor="midtop", shadow=3)

    def draw_content(self, canvas) -> None:
        th.panel(canvas, PAGE, fill=th.PARCHMENT, border=th.BRASS_DARK)
        if self.page is None:
            return
        inner = PAGE.inflate(-80, -40)
        canvas.blit(self.page, inner.topleft, pygame.Rect(0, self.scroll, inner.w, inner.h))
        self.bar.show(self.scroll, PAGE.h - 40, self.page.get_height())   # the page's pixels, as ``max_scroll``
        # the hint sits beside the Back button, never under it
        hint = "Drag the bar, or use the wheel or Up/Down, to scroll" if self.max_scroll > 0 else ""
        if hint:
            th.draw_text(canvas, self.theme, hint, (760, 674), 15, th.CREAM_DIM, anchor="midleft", shadow=1)
        th.draw_text(canvas, self.theme, "Esc goes back", (520, 674), 15, th.CREAM_DIM, anchor="midright",
                     shadow=1)
