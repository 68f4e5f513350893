"""The rules screen: a game's RULES.md as styled, scrollable text, followed by
a generated "House rules in force" section (each option and its value, with
house defaults marked)."""
from __future__ import annotations

import re

import pygame

from .. import games
from ..ui import theme as th
from ..ui.widgets import Button
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


def _runs(text: str) -> list[tuple[str, str]]:
    """Split a line into (word, style) pairs: body, bold or italic."""
    out = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**"):
            style, part = "bold", part[2:-2]
        elif part.startswith("*") or part.startswith("`"):
            style, part = "italic", part[1:-1]
        else:
            style = "body"
        for i, word in enumerate(part.split(" ")):
            if word:
                out.append((word, style))
    return out


def render_markdown(theme: th.Theme, text: str, width: int = TEXT_W) -> pygame.Surface:
    """Lay out headings, paragraphs and bullet lists onto one tall surface."""
    blocks: list[tuple[str, str]] = []
    para: list[str] = []

    def flush():
        if para:
            blocks.append(("p", " ".join(para)))
            para.clear()
    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            blocks.append((f"h{min(level, 3)}", stripped.lstrip("#").strip()))
        elif re.match(r"^\s*([-*+]|\d+[.)])\s+", line):
            flush()
            indent = len(line) - len(line.lstrip())
            blocks.append(("li2" if indent >= 2 else "li", re.sub(r"^\s*([-*+]|\d+[.)])\s+", "", line)))
        elif stripped.startswith("|"):
            flush()
            if not set(stripped) <= set("|-: "):
                blocks.append(("p", "  \u00b7  ".join(c.strip() for c in stripped.strip("|").split("|"))))
        else:
            para.append(stripped)
    flush()

    rendered: list[tuple[pygame.Surface, int]] = []
    for kind, content in blocks:
        if kind.startswith("h"):
            size = {"h1": 40, "h2": 30, "h3": 24}[kind]
            font = theme.font(size, True, style="display")
            for line in th.wrap_text(font, content.replace("**", ""), width):
                rendered.append((font.render(line, True, (110, 40, 28) if kind != "h3" else th.INK), 8 if kind != "h3" else 4))
            continue
        indent = {"li": 28, "li2": 56}.get(kind, 0)
        lines = _wrap_runs(theme, _runs(content), width - indent, 19)
        for i, surf in enumerate(lines):
            line_surf = pygame.Surface((width, surf.get_height()), pygame.SRCALPHA)
            if i == 0 and indent:
                pygame.draw.circle(line_surf, th.BRASS_DARK, (indent - 14, surf.get_height() // 2 + 1), 4)
            line_surf.blit(surf, (indent, 0))
            rendered.append((line_surf, 0))
        rendered.append((pygame.Surface((1, 8 if kind == "p" else 3), pygame.SRCALPHA), 0))
    height = sum(s.get_height() + gap for s, gap in rendered) + 20
    page = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
    y = 0
    for surf, gap in rendered:
        y += gap
        page.blit(surf, (0, y))
        y += surf.get_height()
    return page


def _wrap_runs(theme, runs, width, size) -> list[pygame.Surface]:
    fonts = {"body": theme.font(size), "bold": theme.font(size, True), "italic": theme.font(size, style="italic")}
    space = fonts["body"].size(" ")[0]
    lines: list[list[tuple[str, str, int]]] = []
    current: list[tuple[str, str, int]] = []
    x = 0
    for word, style in runs:
        w = fonts[style].size(word)[0]
        if current and word[0] in ",.;:!?)" and x >= space:
            x -= space  # punctuation hugs the (bold) word before it
        if current and x + w > width:
            lines.append(current)
            current, x = [], 0
        current.append((word, style, x))
        x += w + space
    if current or not lines:
        lines.append(current)
    height = fonts["body"].get_linesize() + 3
    out = []
    for line in lines:
        surf = pygame.Surface((width, height), pygame.SRCALPHA)
        for word, style, x in line:
            surf.blit(fonts[style].render(word, True, th.INK), (x, 0))
        out.append(surf)
    return out


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

    @property
    def max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - (PAGE.h - 40))

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def handle_event(self, event) -> None:
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
        if self.max_scroll > 0:
            track = pygame.Rect(PAGE.right - 22, PAGE.y + 20, 8, PAGE.h - 40)
            pygame.draw.rect(canvas, th.PARCHMENT_DARK, track, border_radius=4)
            frac = inner.h / self.page.get_height()
            thumb = pygame.Rect(track.x, 0, 8, max(24, int(track.h * frac)))
            thumb.y = track.y + int((track.h - thumb.h) * self.scroll / self.max_scroll)
            pygame.draw.rect(canvas, th.BRASS_DARK, thumb, border_radius=4)
        # the hint sits beside the Back button, never under it
        hint = "Up/Down, Page Up/Down or the wheel to scroll" if self.max_scroll > 0 else ""
        if hint:
            th.draw_text(canvas, self.theme, hint, (760, 674), 15, th.CREAM_DIM, anchor="midleft", shadow=1)
        th.draw_text(canvas, self.theme, "Esc goes back", (520, 674), 15, th.CREAM_DIM, anchor="midright",
                     shadow=1)
