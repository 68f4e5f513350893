"""The tavern look: colours, type and a few drawing helpers shared by scenes.

Warm felt green, a dark-wood rail, cream and brass text.  Colours that carry
meaning (good/bad, player colours) have a colour-blind-safe alternative
(Okabe-Ito), switched by ``Theme.colorblind``.  Fonts come from
``assets/fonts`` (Lato for interface text, EB Garamond for display); a
missing font file raises ``AssetError`` (a broken install must show, not
quietly fall back to pygame's default font).  A character they lack (a
Hebrew or Japanese name) is drawn by the next font that has it
(``glyphs.py``).
"""
from __future__ import annotations

import re
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

import pygame

from ..core.grammar import ISOLATE, ISOLATE_END
from ..paths import AssetError, require_asset
from . import layout_record
from .glyphs import FALLBACK_FILES, GlyphChain, GlyphFont, SystemFonts
from .preload import FRESH_FRAME

TEXT_CACHE_LIMIT = 2048
"""Rendered labels kept per theme (least recently used go first)."""
TEXT_CACHE_BYTES = 16 * 1024 * 1024
"""...and at most this many bytes of their pixels (their drop shadows as much
again).  Every move writes new lines (the log's, the centre's): at the largest
tables a line is 400-1000 px wide, 26 KB and its shadow 25 KB, so the count
alone let the cache grow about 100 KB a move to 100 MB at Roll Call 10x6.  The
budget is four whole canvases of words: more than any screen draws at once."""
_SHADOWS: dict[pygame.Surface, pygame.Surface | None] = {}
"""Drop shadows of cached labels (``blit_text``), made on first use."""

# --- palette ----------------------------------------------------------------
FELT = (32, 94, 64)
FELT_LIGHT = (46, 118, 80)
FELT_DARK = (20, 64, 44)
WOOD = (104, 62, 34)
WOOD_LIGHT = (150, 96, 54)
WOOD_DARK = (58, 34, 20)
NIGHT = (24, 16, 12)           # the room behind the table / letterbox
CREAM = (246, 234, 206)
CREAM_DIM = (206, 190, 160)
BRASS = (220, 176, 86)
BRASS_LIGHT = (246, 214, 132)
BRASS_DARK = (150, 110, 46)
INK = (44, 28, 18)
PARCHMENT = (238, 224, 192)
PARCHMENT_DARK = (214, 194, 156)
DISABLED = (128, 116, 100)

_GOOD = {False: (104, 190, 104), True: (86, 180, 233)}    # green / sky blue
_BAD = {False: (214, 84, 64), True: (230, 159, 0)}        # red / orange

FONT_FILES = {
    ("body", False): "Lato-Regular.ttf",
    ("body", True): "Lato-Bold.ttf",
    ("italic", False): "Lato-Italic.ttf",
    ("italic", True): "Lato-Italic.ttf",
    ("display", False): "EBGaramond12-Regular.otf",
    ("display", True): "EBGaramond12-Bold.otf",
}


class Theme:
    """Colours plus a font cache; one instance lives on ``app.theme``."""

    def __init__(self, colorblind: bool = False, *, system_fonts: SystemFonts | None = None):
        self.colorblind = colorblind
        self._fonts: dict[tuple, pygame.font.Font] = {}
        self._font_paths: dict[str, Path] = {}
        self._chains: dict[tuple[str, bool], GlyphChain] = {}
        self.system_fonts = system_fonts or SystemFonts()
        """Where a character no bundled font has is looked for (``glyphs.py``)."""
        self._texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.text_bytes = 0
        """Bytes of pixels of the labels in ``_texts`` (``TEXT_CACHE_BYTES``)."""
        self._glyphs_drawn: set[tuple] = set()
        """(size, bold, style, characters) whose glyphs ``glyph_steps`` has drawn."""

    # --- meaning colours ------------------------------------------------
    @property
    def good(self) -> tuple[int, int, int]:
        return _GOOD[self.colorblind]

    @property
    def bad(self) -> tuple[int, int, int]:
        return _BAD[self.colorblind]

    def player_colour(self, index: int) -> tuple[int, int, int]:
        """Seat colour: the dice renderer's palette, so labels match the dice."""
        from .dice_render import player_colour
        return tuple(player_colour(index, self.colorblind))[:3]

    # --- type -----------------------------------------------------------
    def font(self, size: int, bold: bool = False, *, style: str = "body") -> pygame.font.Font:
        """A cached font; ``style`` is body, italic or display."""
        size = max(6, int(size))
        key = (style, bool(bold), size)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            name = FONT_FILES.get((style, bool(bold)), FONT_FILES[("body", False)])
            path = self._font_file(name)
            try:
                font = GlyphFont(path, size, self._chain(name, bool(bold)), bool(bold))
            except (OSError, pygame.error) as exc:
                raise AssetError(f"font {path} cannot be read ({exc}); please reinstall Dice Tavern") from exc
            self._fonts[key] = font
        return font

    def font_ready(self, size: int, bold: bool = False, *, style: str = "body") -> bool:
        """That font is open already (``font`` would not read its file)."""
        return (style, bool(bold), max(6, int(size))) in self._fonts

    def _font_file(self, name: str) -> Path:
        path = self._font_paths.get(name)
        if path is None:   # checked once a file (its magic bytes read), not once a size
            path = self._font_paths[name] = require_asset("fonts", name)
        return path

    def _chain(self, name: str, bold: bool) -> GlyphChain:
        chain = self._chains.get((name, bold))
        if chain is None:
            chain = self._chains[(name, bold)] = GlyphChain(
                self._font_file(name), self._font_file(FALLBACK_FILES[bold]), self.system_fonts)
        return chain

    def drawable(self, ch: str, *, bold: bool = False, style: str = "body") -> bool:
        """Some font this theme reaches has ``ch`` (``glyphs.py``): the name
        field takes only those, so a typed name never shows the replacement sign."""
        name = FONT_FILES.get((style, bold), FONT_FILES[("body", False)])
        return self._chain(name, bold).drawable(ch)

    def glyph_steps(self, fonts):
        """Render ``GLYPHS`` once in each of ``fonts`` ((size, bold, style),
        or with a fourth item, the characters to draw instead),
        a few characters a step (a generator), each font once per theme (the
        next table finds them drawn): SDL_ttf keeps every glyph it has
        drawn, so a label's first render then costs about 0.1 ms instead of
        0.7-1 ms (a 20-seat call's frame rendered a dozen new labels)."""
        for size, bold, style, *chars in fonts:
            glyphs = chars[0] if chars else GLYPHS
            drawn = (int(size), bool(bold), style, glyphs)
            if drawn in self._glyphs_drawn:
                continue   # named twice, or by an earlier table: the font keeps them
            if not self.font_ready(size, bold, style=style):
                yield FRESH_FRAME   # opening the font file costs a step of its own (2-3 ms)
            font = self.font(size, bold, style=style)
            for start in range(0, len(glyphs), GLYPHS_PER_STEP):
                font.render(glyphs[start:start + GLYPHS_PER_STEP], True, CREAM)
                yield True
            self._glyphs_drawn.add(drawn)

    def display(self, size: int, bold: bool = True) -> pygame.font.Font:
        return self.font(size, bold, style="display")

    def text(self, text: str, size: int, colour=CREAM, *, bold: bool = False,
             style: str = "body") -> pygame.Surface:
        """The label rendered once and kept (tables draw the same words every
        frame).  Shared: do not draw on it or change its alpha (``faded``
        gives a copy to fade)."""
        key = (text, int(size), tuple(colour), bool(bold), style)
        texts = self._texts
        surf = texts.get(key)
        if layout_record.ACTIVE is not None and surf is not None:
            layout_record.name_label(surf, text)
        if surf is not None:
            texts.move_to_end(key)
            return surf
        surf = self.font(size, bold, style=style).render(text, True, colour)
        texts[key] = surf
        self.text_bytes += _pixel_bytes(surf)
        if layout_record.ACTIVE is not None:
            layout_record.name_label(surf, text)
        _SHADOWS[surf] = None
        while len(texts) > 1 and (len(texts) > TEXT_CACHE_LIMIT or self.text_bytes > TEXT_CACHE_BYTES):
            _old_key, old = texts.popitem(last=False)
            self.text_bytes -= _pixel_bytes(old)
            _SHADOWS.pop(old, None)
        return surf


def _pixel_bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


GLYPHS = "".join(chr(c) for c in range(32, 127)) + "\u00d7\u00b7\u2026\u2212\u2190\u2192\u2191\u2193"
"""What a table's words are made of (``Theme.glyph_steps``): printable ASCII and the signs its labels use."""

GLYPHS_PER_STEP = 12
"""Characters ``Theme.glyph_steps`` draws a step: a glyph's first drawing costs
about the same at any size (0.06-0.09 ms each at load 18), so a step is a
count of characters.  (It was ``600 // size``: 42 characters at size 14, a
2.6-3 ms step that pushed a lesson's opening frames to 6-8 ms, issue 41.)"""


# --- drawing helpers -----------------------------------------------------------

def blit_text(canvas: pygame.Surface, surf: pygame.Surface, pos, anchor: str = "topleft",
              shadow: int = 0) -> pygame.Rect:
    """Blit ``surf`` anchored at ``pos`` (any Rect attribute name), optionally
    with a soft drop shadow so cream text stays readable on felt."""
    rect = surf.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if shadow:
        shade = _SHADOWS.get(surf)   # kept for cached labels (``Theme.text``)
        if shade is None:
            shade = surf.copy()
            shade.fill((0, 0, 0, 150), special_flags=pygame.BLEND_RGBA_MULT)
            shade.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
            if surf in _SHADOWS:
                _SHADOWS[surf] = shade
        canvas.blit(shade, rect.move(shadow, shadow))
    canvas.blit(surf, rect)
    if layout_record.ACTIVE is not None:
        layout_record.note_text(canvas, surf, rect)
    return rect


def keep_shadow(surf: pygame.Surface) -> pygame.Surface:
    """Let ``blit_text`` keep the drop shadow of a long-lived picture (one
    that is never drawn on again), as it does for cached labels."""
    _SHADOWS.setdefault(surf, None)
    return surf


def faded(surf: pygame.Surface, alpha: int) -> pygame.Surface:
    """``surf`` at ``alpha`` (0-255) without touching a shared (cached) label."""
    if alpha >= 255:
        return surf
    copy = surf.copy()
    copy.set_alpha(max(0, int(alpha)))
    if layout_record.ACTIVE is not None:
        layout_record.same_words(copy, surf)
    return copy


def draw_text(canvas, theme: Theme, text: str, pos, size: int = 22, colour=CREAM, *,
              bold: bool = False, style: str = "body", anchor: str = "topleft",
              shadow: int = 0) -> pygame.Rect:
    """Render and blit text in one call (the theme's cached font), anchored at ``pos``;
    returns the rectangle drawn so callers can lay out what follows."""
    return blit_text(canvas, theme.text(text, size, colour, bold=bold, style=style), pos, anchor, shadow)


def wrap_text(font: pygame.font.Font, text: str, width: int, measured: dict[str, int] | None = None) -> list[str]:
    """Greedy word wrap to ``width`` pixels (a no-break space,
    ``narration.NO_BREAK``, joins two words into one; a word wider than
    ``width`` alone is cut with "…": a 16-letter name ran out of the "since
    your last move" card).  A name the sentence set apart
    (``grammar.isolated``) is one word: a line breaks before it, never
    inside it (split, the line's end ran its start's isolate on and the next
    line read its last word out of the name); a set-apart name wider than a
    line alone is broken at its spaces, each line's part set apart on its own.
    ``measured``: widths of trial lines already measured in ``font``, kept by
    a caller that wraps the same text at several widths (each width mostly
    re-measures the same first words)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += _greedy(font, _words(paragraph), width, measured)
    return lines


def _greedy(font: pygame.font.Font, words: list[str], width: int, measured: dict[str, int] | None) -> list[str]:
    """``words`` filled into lines of ``width`` pixels (``wrap_text``)."""
    lines: list[str] = []
    line = ""
    for word in words:
        trial = word if not line else line + " " + word
        if measured is None:
            trial_width = font.size(trial)[0]
        elif (trial_width := measured.get(trial, -1)) < 0:
            trial_width = measured[trial] = font.size(trial)[0]
        if trial_width <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        if font.size(word)[0] <= width:
            line = word
        elif ISOLATE in word and " " in word:
            *whole, line = _set_apart_per_line(_greedy(font, word.split(" "), width, measured))
            lines += whole
        else:
            line = fit_text(font, word, width)
    lines.append(line)
    return lines


_SET_APART = re.compile(f"{ISOLATE}[^{ISOLATE}{ISOLATE_END}]*{ISOLATE_END}")
"""A name a sentence set apart, start to end mark."""


def _words(paragraph: str) -> list[str]:
    """``paragraph`` split at its spaces, but for those inside a set-apart name."""
    if ISOLATE not in paragraph:
        return paragraph.split(" ")
    inside = {i for name in _SET_APART.finditer(paragraph) for i in range(name.start(), name.end())}
    words, start = [], 0
    for i, ch in enumerate(paragraph):
        if ch == " " and i not in inside:
            words.append(paragraph[start:i])
            start = i + 1
    words.append(paragraph[start:])
    return words


def _set_apart_per_line(lines: list[str]) -> list[str]:
    """Lines of one set-apart name broken across them, each line's part
    closed and opened again where the break falls."""
    out, open_at_start = [], False
    for line in lines:
        text = (ISOLATE if open_at_start else "") + line
        open_at_start = text.count(ISOLATE) > text.count(ISOLATE_END)
        out.append(text + ISOLATE_END if open_at_start else text)
    return out


def two_lines(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` in one line of ``width`` pixels, else in two: broken at the
    last space that leaves both within it, else inside a word, as late as
    the first line allows (a name of 16 Ws is read whole on a narrow
    button); a second line still too wide is cut with "…"."""
    if font.size(text)[0] <= width:
        return [text]
    spaces = [i for i, c in enumerate(text) if c == " " and font.size(text[:i].rstrip())[0] <= width]
    for i in reversed(spaces):
        first, rest = text[:i].rstrip(), text[i:].strip()
        if first and font.size(rest)[0] <= width:
            return [first, rest]
    cut = max(1, max((i for i in range(1, len(text)) if font.size(text[:i])[0] <= width), default=1))
    return [text[:cut].rstrip(), fit_text(font, text[cut:].strip(), width)]


def fit_words(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` ended with " …" where whole words fit ``width`` pixels with it
    (a cut never ends on half a name or half a number: "Cornelius Vane 1 …"
    read as a total of 1)."""
    words = text.split(" ")
    while len(words) > 1 and font.size(" ".join(words) + " …")[0] > width:
        words.pop()
    return " ".join(words).rstrip(",;:\u00b7\u00a0 ") + " …"


def fit_text(font: pygame.font.Font, text: str, width: int, *, keep_end: bool = False) -> str:
    """``text`` shortened with an ellipsis ("…", one sign) to fit ``width`` pixels;
    ``keep_end``: its start cut instead (a field being typed in shows where the caret is)."""
    if font.size(text)[0] <= width:
        return text
    if keep_end:
        while text and font.size("\u2026" + text)[0] > width:
            text = text[1:]
        return "\u2026" + text.lstrip()
    while text and font.size(text + "\u2026")[0] > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def panel(canvas: pygame.Surface, rect, *, fill=PARCHMENT, border=BRASS_DARK, radius: int = 14,
          shadow: bool = True, width: int = 3) -> None:
    """A rounded card with a soft shadow: the common frame of menus."""
    rect = pygame.Rect(rect)
    if shadow:
        canvas.blit(panel_shadow(rect.w, rect.h, radius), (rect.x - 12 + 4, rect.y - 12 + 8))
    pygame.draw.rect(canvas, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(canvas, border, rect, width, border_radius=radius)
    if layout_record.ACTIVE is not None:
        layout_record.note(canvas, "panel", rect)


@lru_cache(maxsize=64)
def panel_shadow(w: int, h: int, radius: int) -> pygame.Surface:
    """A panel's soft shadow (six translucent rounded rectangles), made once
    per size: panels drawn every frame (the bid picker, prompts, toasts) made
    it afresh each time.  Shared: never drawn on."""
    shade = pygame.Surface((w + 24, h + 24), pygame.SRCALPHA)
    for i in range(6):
        pygame.draw.rect(shade, (0, 0, 0, 18), shade.get_rect().inflate(-i * 4, -i * 4),
                         border_radius=radius + 12 - i * 2)
    return shade


def vertical_gradient(size, top, bottom) -> pygame.Surface:
    """A surface fading from ``top`` to ``bottom`` colour (backgrounds)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    surf = pygame.Surface((w, h))
    for y in range(h):
        t = y / max(1, h - 1)
        colour = [int(a + (b - a) * t) for a, b in zip(top, bottom)]
        pygame.draw.line(surf, colour, (0, y), (w, y))
    return surf


def dim(canvas: pygame.Surface, amount: int = 150) -> None:
    """Darken everything drawn so far (behind an overlay)."""
    veil = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    veil.fill((10, 6, 4, amount))
    canvas.blit(veil, (0, 0))
    if layout_record.ACTIVE is not None:
        layout_record.note(canvas, "veil", canvas.get_rect())


def corner_button(canvas: pygame.Surface, theme: Theme, rect, label: str, key_hint: str, hot: bool) -> None:
    """A table's small corner button (Log, Menu): a wooden tab with a brass
    edge, its label on the left and its key on the right; ``hot`` lights it."""
    rect = pygame.Rect(rect)
    pygame.draw.rect(canvas, WOOD_LIGHT if hot else WOOD_DARK, rect, border_radius=8)
    pygame.draw.rect(canvas, BRASS_LIGHT if hot else BRASS, rect, 2, border_radius=8)
    draw_text(canvas, theme, label, (rect.x + 14, rect.centery), 18, CREAM, bold=True, anchor="midleft")
    draw_text(canvas, theme, key_hint, (rect.right - 14, rect.centery), 14, BRASS_LIGHT, anchor="midright")


def wood_board(canvas: pygame.Surface, rect, *, radius: int = 16, inlay: bool = True,
               studs: bool = True) -> None:
    """A dark wooden board with a brass inlay and brass studs in the corners:
    the frame of the overlays (pause, replay controls), matching the table rail."""
    rect = pygame.Rect(rect)
    if rect.w < 8 or rect.h < 8:
        return
    panel(canvas, rect, fill=WOOD_DARK, border=BRASS_DARK, radius=radius, width=3)
    # a lighter top half: the board catches the lamp light
    strip = pygame.Surface((2, 2), pygame.SRCALPHA)
    strip.fill((*WOOD, 150), (0, 0, 2, 1))
    strip.fill((*WOOD, 0), (0, 1, 2, 1))
    light = pygame.transform.smoothscale(strip, (rect.w - 2 * radius, max(1, rect.h * 2 // 3)))
    canvas.blit(light, (rect.x + radius, rect.y + 4))
    # grain: a few thin darker lines across the board
    for i in range(1, 7 if rect.h >= 120 else 1):
        y = rect.y + rect.h * i // 7
        pygame.draw.line(canvas, (48, 28, 16), (rect.x + radius, y), (rect.right - radius, y + (i % 3) - 1), 1)
    if inlay:
        pygame.draw.rect(canvas, BRASS_DARK, rect.inflate(-16, -16), 1, border_radius=max(0, radius - 6))
    if studs and rect.w > 60 and rect.h > 60:
        for cx, cy in ((rect.x + 14, rect.y + 14), (rect.right - 15, rect.y + 14),
                       (rect.x + 14, rect.bottom - 15), (rect.right - 15, rect.bottom - 15)):
            pygame.draw.circle(canvas, BRASS_DARK, (cx, cy), 5)
            pygame.draw.circle(canvas, BRASS_LIGHT, (cx - 1, cy - 1), 2)
