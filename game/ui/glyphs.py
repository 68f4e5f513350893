"""Every character drawn by a font that has it: never an empty box (issue #39).

Players name their seats in any script.  Lato and EB Garamond draw Latin,
Greek and Cyrillic; for any other character a ``GlyphFont`` (what
``Theme.font`` hands out) draws it with the next font in a chain that has it:

1. the style's own font (Lato or EB Garamond);
2. the bundled fallback, DejaVu Sans cut to the scripts names come in
   (Hebrew, Arabic, Armenian, Georgian, ...; ``tools/make_fallback_fonts.py``);
3. a font the player's system has (Chinese, Japanese, Korean, emoji...),
   listed once on first need and never downloaded;
4. none has it: the replacement sign U+FFFD, drawn by the fallback, so the
   player sees a character went missing rather than a box that looks like a
   letter.  The name field refuses such a character and says why
   (``drawable``); a name from an older file or a phone shows the sign.

Emoji and other pictographs reach the screen only in names (typed at the
setup, kept in files, sent by a phone): no word of the game or its rules
has one.  DejaVu draws the faces U+1F600-1F64F and many symbols in one
colour, at the text's size; a colour emoji font (Noto Color Emoji: one set
of bitmaps at 109 px, CBDT) cannot be read at a text's size, so it is never
chosen (its glyphs would stand five times the line's height) and a
pictograph nothing else draws shows U+FFFD, which the name field refuses
(checked by words32 with the Debian font file: "Joy 😀 🎲"
at 22 px is a one-colour face, then the replacement sign, the line 27 px high).

Right-to-left letters (Hebrew, Arabic) are drawn right to left, joined as
their script joins them (SDL_ttf shapes a run with HarfBuzz).  A line is put
in display order by the Unicode bidirectional algorithm (python-bidi, the
unicode-bidi crate):

- a sentence names its seats set apart (``grammar.isolated``: U+2068 ...
  U+2069, the phones' ``<bdi>``), so it is read as the algorithm reads an
  English line with isolates in it: the words left to right, in place, and
  each name in its own direction, its digits and marks with it ("2 דוד bids
  3 fives", "Pass to !שרה.");
- a string with right-to-left letters and no left-to-right one (a name
  alone: "דוד 2", "שרה!", "محمد (3)") is read in its own right-to-left
  direction: its digits and punctuation stand where a right-to-left reader
  expects them ("2 דוד"), its brackets mirrored; so is a set-apart name;
- what is left (words around a name nobody set apart, a name that mixes
  Hebrew and Latin) keeps the hand rule: each right-to-left stretch whole,
  the stretches in typed order (the algorithm over an unmarked sentence
  would move a name's neighbours: "דוד, 3 dice" shows "3 ,דוד dice").

The isolate marks are never drawn (no font here has them; they would be
boxes).

Whether a font has a character is read from its character map through
pygame.freetype: SDL_ttf answers ``metrics`` for a missing character with
the measures of its .notdef box.  Strings in ASCII, and strings the style's
font covers whole, take SDL_ttf's own path untouched (the cost of a frame
does not change); a mixed string's plan is kept per string.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

import pygame
import pygame.freetype

from ..core.grammar import ISOLATE, ISOLATE_END

REPLACEMENT = "\ufffd"
"""Drawn where no font has the character."""

FALLBACK_FILES = {False: "DejaVuSans-Names.ttf", True: "DejaVuSans-Names-Bold.ttf"}
"""The bundled fallback, regular and bold (``tools/make_fallback_fonts.py``)."""

SYSTEM_FONT_LIMIT = 600
"""System font files looked through at most (a machine with thousands of
fonts still answers a missing character within a moment)."""

PLAN_CACHE_LIMIT = 4096
"""Strings whose plan a chain keeps (then it starts afresh)."""

_RTL_CLASSES = frozenset(("R", "AL"))
_LTR_BREAKERS = frozenset(("L", "EN", "AN"))
"""A strong left-to-right letter or a number ends a right-to-left stretch (a
number keeps its digits' order)."""


_NAME_JOINERS = frozenset(" \u00a0-'.\u2010\u2011")
"""What may stand between two words of one right-to-left name."""


class Coverage:
    """Which characters one font file has, asked one character at a time and
    remembered.  The file is opened for each new question and let go, so a
    scan of the system's fonts holds no file open."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._has: dict[str, bool] = {}
        self._face: pygame.freetype.Font | None = None

    def has(self, ch: str) -> bool:
        known = self._has.get(ch)
        if known is None:
            known = self._has[ch] = self._read(ch)
        return known

    def _read(self, ch: str) -> bool:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        try:
            face = self._face or pygame.freetype.Font(str(self.path), 12)
            found = face.get_metrics(ch)[0] is not None
        except (OSError, pygame.error, ValueError, UnicodeError, IndexError):
            return False   # an unreadable file has no characters
        if self.keep_open:
            self._face = face
        return found

    keep_open = False
    """A bundled font answers every label's question: keep its file open."""


class SystemFonts:
    """The font files this machine has, listed once on first need (pygame's
    list: fontconfig on Linux, the registry on Windows, the font folders on a
    Mac); ``lister`` gives another list (tests: none)."""

    def __init__(self, lister: Callable[[], Iterable[Path]] | None = None):
        self._lister = lister or _pygame_system_fonts
        self._fonts: list[Coverage] | None = None
        self._found: dict[str, Path | None] = {}

    def font_for(self, ch: str) -> Path | None:
        """A system font file that has ``ch``, or None; fonts that served an
        earlier character are asked first (a Japanese name's letters come
        from one font)."""
        if ch in self._found:
            return self._found[ch]
        if self._fonts is None:
            try:
                paths = list(self._lister())[:SYSTEM_FONT_LIMIT]
            except (OSError, ValueError, RuntimeError, pygame.error):
                paths = []
            self._fonts = [Coverage(p) for p in paths]
        found = None
        for index, font in enumerate(self._fonts):
            if font.has(ch):
                found = font.path
                self._fonts.insert(0, self._fonts.pop(index))
                break
        self._found[ch] = found
        return found


def _pygame_system_fonts() -> list[Path]:
    """Regular faces first, TrueType and OpenType only (SDL_ttf draws those)."""
    paths: list[Path] = []
    for name in sorted(pygame.font.get_fonts()):
        found = pygame.font.match_font(name)
        if found and Path(found).suffix.lower() in (".ttf", ".otf", ".ttc") and Path(found) not in paths:
            paths.append(Path(found))
    return paths


_UNPLANNED = object()
"""A plan cache miss."""


class Run(NamedTuple):
    """A stretch of a line one font draws; ``script`` names a right-to-left
    script (ISO 15924) or is empty for left to right."""
    path: Path
    text: str
    script: str


def _rtl_script(ch: str) -> str:
    code = ord(ch)
    return "Hebr" if 0x0590 <= code <= 0x05FF or 0xFB1D <= code <= 0xFB4F else "Arab"


class GlyphChain:
    """The fonts one style asks in turn (module docstring), and each
    string's plan: the runs that draw it."""

    def __init__(self, primary: Path, fallback: Path, system: SystemFonts):
        self.primary = Coverage(primary)
        self.fallback = Coverage(fallback)
        self.primary.keep_open = self.fallback.keep_open = True
        self.system = system
        self._plans: dict[str, tuple[Run, ...] | None] = {}

    def source(self, ch: str) -> Path | None:
        """The font file that draws ``ch``, or None if no font has it."""
        if self.primary.has(ch):
            return self.primary.path
        if self.fallback.has(ch):
            return self.fallback.path
        return self.system.font_for(ch)

    def drawable(self, ch: str) -> bool:
        """Some font in the chain has ``ch`` (the name field refuses the others)."""
        return self.source(ch) is not None

    def plan(self, text: str) -> tuple[Run, ...] | None:
        """The runs that draw ``text``, or None when the style's own font
        draws it whole, left to right."""
        known = self._plans.get(text, _UNPLANNED)   # one lookup: a warm-up thread may clear the cache
        if known is not _UNPLANNED:
            return known  # type: ignore[return-value]
        if len(self._plans) >= PLAN_CACHE_LIMIT:
            self._plans.clear()
        plan = self._plans[text] = self._make_plan(text)
        return plan

    def _make_plan(self, text: str) -> tuple[Run, ...] | None:
        runs: list[Run] = []
        drawn = 0
        for piece, visual in display_pieces(text):
            drawn += len(piece)
            for run in self._piece_runs(piece, visual):
                if runs and not run.script and not runs[-1].script and runs[-1].path == run.path:
                    runs[-1] = Run(run.path, runs[-1].text + run.text, "")   # left to right: one run
                else:
                    runs.append(run)
        if drawn == len(text) and all(run.path == self.primary.path and not run.script for run in runs) \
                and sum(len(run.text) for run in runs) == len(text):
            return None
        return tuple(runs)

    def _piece_runs(self, text: str, visual: bool) -> list[Run]:
        """The runs of one piece of a line (``display_pieces``), left to right."""
        placed: list[tuple[Path, str]] = []   # (font, character drawn)
        for ch in text:
            kind = unicodedata.category(ch)
            if kind in ("Cc", "Cs"):   # a control character or half a surrogate pair: no font draws it
                placed.append((self.fallback.path, REPLACEMENT))
                continue
            if kind == "Cf":   # joiners, direction marks: drawn by nothing
                if placed and self._has(placed[-1][0], ch):
                    placed.append((placed[-1][0], ch))
                continue
            if kind in ("Mn", "Me") and placed and self._has(placed[-1][0], ch):
                placed.append((placed[-1][0], ch))   # an accent stays with its letter's font
                continue
            path = self.source(ch)
            if path is None:
                path, ch = self.fallback.path, REPLACEMENT
            placed.append((path, ch))
        rtl = [unicodedata.bidirectional(ch) in _RTL_CLASSES for _path, ch in placed]
        self._join_spaces(placed, rtl)
        runs = _merge(placed, _directions(placed, rtl))
        if visual:   # each right-to-left run back in typed order: SDL_ttf shapes and lays it
            runs = [Run(run.path, run.text[::-1], run.script) if run.script else run for run in runs]
        return runs

    def _join_spaces(self, placed: list[tuple[Path, str]], rtl: list[bool]) -> None:
        """A space or hyphen between two right-to-left letters is drawn by
        the letters' font, so "<first> <last>" stays one stretch whose words
        read from the right.  A comma is not joined: "<name>, <name>" (a
        list of players) keeps each name whole and the list in its order."""
        last_rtl: int | None = None
        for i, (path, ch) in enumerate(placed):
            if rtl[i]:
                if last_rtl is not None and all(placed[j][1] in _NAME_JOINERS for j in range(last_rtl + 1, i)):
                    font = placed[last_rtl][0]
                    for j in range(last_rtl + 1, i):
                        if self._has(font, placed[j][1]):
                            placed[j] = (font, placed[j][1])
                last_rtl = i

    def _has(self, path: Path, ch: str) -> bool:
        for font in (self.primary, self.fallback):
            if font.path == path:
                return font.has(ch)
        return self.system.font_for(ch) == path


def _display_order(text: str) -> str | None:
    """``text`` in display order (module docstring) where it has right-to-left
    letters and no left-to-right one, its mirrored characters (brackets)
    turned, as every one of them stands in a right-to-left run there; else None."""
    classes = {unicodedata.bidirectional(ch) for ch in text}
    if "L" in classes or not classes & _RTL_CLASSES:
        return None
    from bidi import get_display
    from bidi.mirror import MIRRORED
    shown = get_display(text, base_dir="R")
    return "".join(MIRRORED.get(ch, ch) for ch in shown) if isinstance(shown, str) else None


def display_pieces(text: str) -> list[tuple[str, bool]]:
    """``text`` as pieces left to right, the isolate marks taken out, each
    with whether it is in display order already (True: a name read in its
    own direction) or in typed order (False: left to right, or the hand
    rule).  Outside the set-apart names a sentence reads left to right; an
    isolate never closed runs to the line's end (a wrapped or cut line), an
    end with no start is dropped, as the algorithm does."""
    if ISOLATE not in text and ISOLATE_END not in text:
        shown = _display_order(text)
        return [(shown, True)] if shown is not None else [(text, False)]
    pieces: list[tuple[str, bool]] = []
    at = 0
    while at <= len(text):
        start = text.find(ISOLATE, at)
        words = text[at:start if start >= 0 else len(text)].replace(ISOLATE_END, "")
        if words:
            pieces.append((words, False))
        if start < 0:
            break
        end = text.find(ISOLATE_END, start + 1)
        end = len(text) if end < 0 else end
        name = text[start + 1:end].replace(ISOLATE, "")
        shown = _display_order(name)
        if name:
            pieces.append((shown, True) if shown is not None else (name, False))
        at = end + 1
    return pieces


def _directions(placed: list[tuple[Path, str]], rtl: list[bool]) -> list[str]:
    """Each character's script if it stands in a right-to-left stretch, else
    "": a neutral character (space, hyphen) joins a stretch only between two
    right-to-left letters drawn by the same font."""
    out = [""] * len(placed)
    for i, (path, ch) in enumerate(placed):
        if rtl[i]:
            out[i] = _rtl_script(ch)
            continue
        if unicodedata.bidirectional(ch) in _LTR_BREAKERS:
            continue
        before = next((j for j in range(i - 1, -1, -1)
                       if placed[j][0] != path or rtl[j] or unicodedata.bidirectional(placed[j][1]) in _LTR_BREAKERS),
                      None)
        after = next((j for j in range(i + 1, len(placed))
                      if placed[j][0] != path or rtl[j] or unicodedata.bidirectional(placed[j][1]) in _LTR_BREAKERS),
                     None)
        if before is not None and after is not None and rtl[before] and rtl[after] \
                and placed[before][0] == path == placed[after][0]:
            out[i] = out[before]
    return out


def _merge(placed: list[tuple[Path, str]], scripts: list[str]) -> list[Run]:
    runs: list[Run] = []
    for (path, ch), script in zip(placed, scripts):
        if runs and runs[-1].path == path and runs[-1].script == script:
            runs[-1] = Run(path, runs[-1].text + ch, script)
        else:
            runs.append(Run(path, ch, script))
    return runs


_SDL_SIZE = pygame.font.Font.size
_SDL_RENDER = pygame.font.Font.render


class GlyphFont(pygame.font.Font):
    """A style's font that draws what it lacks with the chain's other fonts
    (module docstring); ``render`` and ``size`` answer as SDL_ttf's do."""

    def __init__(self, path: Path, size: int, chain: GlyphChain, bold: bool):
        super().__init__(str(path), size)
        self.chain = chain
        self._px, self._bold = size, bold
        self._fonts: dict[tuple[Path, str], pygame.font.Font] = {}
        self._line_h: int | None = None

    def _run_font(self, run: Run) -> pygame.font.Font:
        key = (run.path, run.script)
        font = self._fonts.get(key)
        if font is None:
            font = self if run.path == self.chain.primary.path and not run.script \
                else pygame.font.Font(str(run.path), self._px)
            if font is not self:
                if run.script:
                    font.set_direction(pygame.DIRECTION_RTL)
                    font.set_script(run.script)
                # a system font has no bold face here: SDL_ttf thickens its strokes
                font.bold = self._bold and run.path not in (self.chain.primary.path, self.chain.fallback.path)
            self._fonts[key] = font
        return font

    def runs(self, text: str) -> tuple[Run, ...] | None:
        """How ``text`` is drawn (None: by this font alone); tests read it."""
        return None if text.isascii() and "\x00" not in text else self.chain.plan(text)

    def render(self, text, antialias, color, bgcolor=None, wraplength=0) -> pygame.Surface:
        plan = self.runs(text) if text.__class__ is str else None
        if plan is None:
            try:
                return _SDL_RENDER(self, text, antialias, color, bgcolor, wraplength)
            except pygame.error:   # only marks with no width ("\u034f" is printable): an empty label
                return super().render("", antialias, color, bgcolor)
        pieces = []
        for run in plan:
            font = self._run_font(run)
            try:
                surf = (super().render(run.text, antialias, color) if font is self
                        else font.render(run.text, antialias, color))
            except pygame.error:   # a run of marks with no width (an accent on nothing): nothing to draw
                continue
            pieces.append((surf, font.get_ascent(), surf.get_bounding_rect()))
        # the baseline where this font's own labels have it (a label drawn by
        # its top-left corner does not drop when a taller font joins it),
        # lower only if a letter's ink would be cut
        top = max([self.get_ascent()] + [ascent - ink.top for _surf, ascent, ink in pieces if ink.h])
        height = max([self._line_height()] + [top - ascent + ink.bottom for _surf, ascent, ink in pieces if ink.h])
        out = pygame.Surface((sum(surf.get_width() for surf, _a, _ink in pieces), height), pygame.SRCALPHA)
        if bgcolor is not None:
            out.fill(bgcolor)
        x = 0
        for surf, ascent, _ink in pieces:
            # MAX: the runs do not overlap, so each pixel is its run's own (an
            # alpha blend onto the clear surface would darken the letters' edges)
            out.blit(surf, (x, top - ascent), special_flags=0 if bgcolor is not None else pygame.BLEND_RGBA_MAX)
            x += surf.get_width()
        return out

    def _line_height(self) -> int:
        """The height of this font's own rendered labels (SDL_ttf's ``render``
        is taller than its ``size`` says)."""
        if self._line_h is None:
            self._line_h = super().render(" ", True, (0, 0, 0)).get_height()
        return self._line_h

    def size(self, text) -> tuple[int, int]:
        # the common case first, in as few steps as can be: wrapping and fitting ask often
        if text.__class__ is not str or text.isascii() and "\x00" not in text:
            return _SDL_SIZE(self, text)
        plan = self.chain.plan(text)
        if plan is None:
            return _SDL_SIZE(self, text)
        width, height = 0, super().size("")[1]
        for run in plan:
            font = self._run_font(run)
            w, h = super().size(run.text) if font is self else font.size(run.text)
            width, height = width + w, max(height, h)
        return width, height
