"""The bid picker of the bidding games (Liar's Dice, Roll Call).

``BidPicker``: a quantity stepper, a row of die-face buttons and action
buttons (Bid plus any challenges: Call, Jinto...).  It only ever offers
legal bids: the game hands it the lowest legal quantity per face
(``set_legal``) and every larger quantity up to ``max_quantity`` is assumed
legal too, which holds for both games' raise rules.  The minimum legal
raise is preselected.  Keys: Left/Right face, Up/Down quantity, 1-6 pick a
face, Enter bids, each challenge has its own key (C for Call, J for Jinto).

    picker = BidPicker(rect, on_bid=lambda q, f: ..., challenges=(("call", "Call", K_c), ...),
                       on_challenge=lambda key: ...)
    picker.set_legal({face: min_quantity}, max_quantity, enabled={"call"}, prefer_face=f)
    picker.odds = lambda q, f: 0.42 or None     # optional odds line
    picker.handle_event(event) -> bool; picker.draw(canvas, theme, renderer)
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Optional, Sequence

import pygame

from ....ui import theme as th
from ....ui import layout_record
from ....ui.drawn_controls import note as note_drawn
from ....ui.intent import InputClock, SecondPress


def face_icon(canvas, renderer, kind, face, rect, colour=None):
    """A die face from the shared renderer, or a plain pip count without one."""
    if renderer is not None:
        renderer.draw_face_icon(canvas, kind, face, rect, colour)
        return
    rect = pygame.Rect(rect)
    pygame.draw.rect(canvas, th.CREAM, rect, border_radius=6)
    pygame.draw.rect(canvas, th.INK, rect, 2, border_radius=6)
    font = pygame.font.Font(None, max(12, rect.h))
    text = font.render(str(face), True, th.INK)
    canvas.blit(text, text.get_rect(center=rect.center))


PICKER_FONTS = ((18, True), (13, False), (26, True), (30, True), (20, True), (17, True))
"""The (size, bold) of the picker's words (title, hint, buttons, quantity), loaded ahead (``warm_steps``)."""


@lru_cache(maxsize=4)
def _veil(w: int, h: int) -> pygame.Surface:
    """The shade over a face that cannot be bid, made once per size (it was made afresh every frame)."""
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((20, 12, 8, 170))
    return veil


class BidPicker:
    """See the module docstring.  Coordinates are canvas pixels."""

    def __init__(self, rect, *, on_bid: Callable[[int, int], None],
                 challenges: Sequence[tuple[str, str, int]] = (("call", "Call", pygame.K_c),),
                 on_challenge: Callable[[str], None] = lambda key: None,
                 faces: Sequence[int] = (1, 2, 3, 4, 5, 6), die_kind: str = "d6", clock: InputClock | None = None):
        self.rect = pygame.Rect(rect)
        self.on_bid = on_bid
        self.on_challenge = on_challenge
        self.challenges = tuple(challenges)
        self.faces = tuple(faces)
        self.die_kind = die_kind
        self.minimums: dict[int, int] = {}
        self.max_quantity = 0
        self.enabled_challenges: set[str] = set()
        self.quantity = 1
        self.face = self.faces[0]
        self.odds: Optional[Callable[[int, int], Optional[float]]] = None
        self.title = "Your bid"
        self.hover: Optional[str] = None
        self.visible = True
        self.sure = SecondPress(clock)
        """A challenge pressed once is armed; a second, deliberate press confirms it (misclick guard)."""

    # --- state -------------------------------------------------------------
    def set_legal(self, minimums: dict[int, int], max_quantity: int, *, enabled: Sequence[str] = (),
                  prefer_face: Optional[int] = None) -> None:
        """Offer these bids and preselect the minimum legal raise (on
        ``prefer_face`` when it has one, else the cheapest face)."""
        self.minimums = {f: q for f, q in minimums.items() if q <= max_quantity}
        self.max_quantity = max_quantity
        self.enabled_challenges = set(enabled)
        self.sure.cancel()
        if not self.minimums:
            return
        if prefer_face in self.minimums:
            self.face = prefer_face
        else:
            self.face = min(self.minimums, key=lambda f: (self.minimums[f], -f))
        self.quantity = self.minimums[self.face]

    @property
    def armed(self) -> Optional[str]:
        """The challenge pressed once ("Sure?"), or None."""
        armed = self.sure.armed
        return armed if isinstance(armed, str) else None

    @property
    def can_bid(self) -> bool:
        """Whether the chosen face has a legal bid left."""
        return self.face in self.minimums

    def selected(self) -> Optional[tuple[int, int]]:
        """The bid (quantity, face) the picker shows, None when it is not legal."""
        return (self.quantity, self.face) if self.can_bid else None

    def pick_face(self, face: int) -> bool:
        """Choose a face, raising the quantity to its smallest legal bid; False if
        that face has none."""
        if face not in self.minimums:
            return False
        self.face = face
        self.quantity = max(self.quantity, self.minimums[face])
        if self.quantity > self.max_quantity:
            self.quantity = self.minimums[face]
        return True

    def step_face(self, step: int) -> bool:
        """Move to the next face with a legal bid (keys), as ``pick_face`` does."""
        legal = [f for f in self.faces if f in self.minimums]
        if not legal:
            return False
        i = legal.index(self.face) if self.face in legal else 0
        return self.pick_face(legal[(i + step) % len(legal)])

    def step_quantity(self, step: int) -> bool:
        """Raise or lower the quantity, never below the face's smallest legal bid."""
        if not self.can_bid:
            return False
        q = min(self.max_quantity, max(self.minimums[self.face], self.quantity + step))
        changed = q != self.quantity
        self.quantity = q
        return changed

    # --- geometry ------------------------------------------------------------
    def _rects(self) -> dict[str, pygame.Rect]:
        r = self.rect
        out = {"minus": pygame.Rect(r.x + 14, r.y + 40, 40, 44),
               "qty": pygame.Rect(r.x + 56, r.y + 40, 64, 44),
               "plus": pygame.Rect(r.x + 122, r.y + 40, 40, 44)}
        cell = min(44, (r.right - 14 - (r.x + 176)) // max(1, len(self.faces)))
        for i, f in enumerate(self.faces):
            out[f"face{f}"] = pygame.Rect(r.x + 176 + i * cell, r.y + 40, cell - 4, 44)
        n = 1 + len(self.challenges)
        w = (r.w - 28 - (n - 1) * 8) // n
        out["bid"] = pygame.Rect(r.x + 14, r.bottom - 56, w, 44)
        for i, (key, _label, _k) in enumerate(self.challenges):
            out[key] = pygame.Rect(r.x + 14 + (i + 1) * (w + 8), r.bottom - 56, w, 44)
        return out

    # --- input ------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if not self.visible:
            return False
        armed = self.armed
        used = self._handle(event)
        if used and armed is not None and self.armed == armed and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) \
                and not self._is_challenge_press(event, armed):
            self.sure.cancel()   # anything else done in between cancels a pressed-once challenge
        return used

    def _handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE and self.armed:
                self.sure.cancel()
                return True
            if key in (pygame.K_LEFT, pygame.K_a):
                return self.step_face(-1)
            if key in (pygame.K_RIGHT, pygame.K_d):
                return self.step_face(1)
            if key in (pygame.K_UP, pygame.K_w, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                return self.step_quantity(1)
            if key in (pygame.K_DOWN, pygame.K_s, pygame.K_MINUS, pygame.K_KP_MINUS):
                return self.step_quantity(-1)
            if pygame.K_1 <= key <= pygame.K_9:
                return self.pick_face(key - pygame.K_0)
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_b):
                return self._bid()
            for name, _label, shortcut in self.challenges:
                if key == shortcut:
                    return self._challenge(name, event)
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((k for k, r in self._rects().items() if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self.step_quantity(1 if event.y > 0 else -1)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for name, rect in self._rects().items():
                if not rect.collidepoint(event.pos):
                    continue
                if name == "minus":
                    return self.step_quantity(-1)
                if name == "plus":
                    return self.step_quantity(1)
                if name.startswith("face"):
                    return self.pick_face(int(name[4:]))
                if name == "bid":
                    return self._bid()
                return self._challenge(name, event)
            return self.rect.collidepoint(event.pos)
        return False

    def _bid(self) -> bool:
        if not self.can_bid:
            return False
        self.on_bid(self.quantity, self.face)
        return True

    def _challenge(self, name: str, event) -> bool:
        """Call and Jinto cannot be taken back: the first press arms the
        button ("Sure?"), a second press fires it once the "Sure?" has been
        on screen a moment (game/ui/intent.py: a double-click only arms it)."""
        if name not in self.enabled_challenges:
            return False
        if self.sure.press(name, event):
            self.on_challenge(name)
        return True

    def _is_challenge_press(self, event, name: str) -> bool:
        """Is ``event`` a press of challenge ``name`` (its key or its button)?"""
        if event.type == pygame.KEYDOWN:
            return any(key == event.key for n, _label, key in self.challenges if n == name)
        rect = self._rects().get(name)
        return event.type == pygame.MOUSEBUTTONDOWN and rect is not None and rect.collidepoint(event.pos)

    # --- drawing ----------------------------------------------------------------
    def warm_steps(self, canvas: pygame.Surface, theme: th.Theme, renderer=None):
        """What the first ``draw`` would paint, a piece per step (a generator
        a table's opening runs, on a canvas drawn over later): each face
        picture, then the labels (all at once they cost 10-12 ms), greyed as
        while nothing is legal and lit as a first turn offers them (every
        face from one, every challenge: they were first rendered in the
        frame a human's first turn began)."""
        rects = self._rects()
        for f in self.faces:
            face_icon(canvas, renderer, self.die_kind, f, rects[f"face{f}"].inflate(-4, -4))
            yield
        for size, bold in PICKER_FONTS:   # a font loaded is 1-3 ms
            theme.font(size, bold)
            yield
        self.draw(canvas, theme, renderer)
        yield
        offer = self.minimums, self.max_quantity, set(self.enabled_challenges), self.face, self.quantity
        self.set_legal({f: 1 for f in self.faces}, 2, enabled=[name for name, _label, _key in self.challenges])
        self.draw(canvas, theme, renderer)
        self.minimums, self.max_quantity, self.enabled_challenges, self.face, self.quantity = offer
        yield

    TITLE_SIZES = (18, 17, 16, 15, 14)
    """The sizes the title ("Wilhelmina Stout's bid") tries beside the key hint, largest first."""

    def fitted_title(self, theme: th.Theme, room: int) -> tuple[str, int]:
        """The title and its size in ``room`` pixels left of the key hint:
        whole, smaller, then cut with "…" (a 16-letter name ran "WWWW…'s bid"
        under the hint)."""
        for size in self.TITLE_SIZES:
            if theme.font(size, True).size(self.title)[0] <= room:
                return self.title, size
        size = self.TITLE_SIZES[-1]
        return th.fit_text(theme.font(size, True), self.title, room), size

    def draw(self, canvas: pygame.Surface, theme: th.Theme, renderer=None) -> None:
        if not self.visible:
            return
        th.panel(canvas, self.rect, fill=th.WOOD_DARK, border=th.BRASS, radius=14)
        layout_record.note(canvas, "picker", self.rect)
        rects = self._rects()
        keys = ["\u2190\u2192 face", "\u2191\u2193 quantity", "Enter bid"] + [
            f"{pygame.key.name(k).upper()} {label}" for _n, label, k in self.challenges]
        hint_font = theme.font(13)
        while True:   # the key hint gives way, its first keys first, to a title that would not fit beside it
            hint = "  ".join(keys)
            hint_w = hint_font.size(hint)[0] if hint else 0
            title, size = self.fitted_title(theme, self.rect.w - 30 - hint_w - (12 if hint else 0))
            if title == self.title or not keys:
                break
            keys.pop(0)
        if hint:
            th.draw_text(canvas, theme, hint, (self.rect.right - 14, self.rect.y + 13), 13, th.CREAM_DIM,
                         anchor="topright")
        th.draw_text(canvas, theme, title, (self.rect.x + 16, self.rect.y + 10 + (18 - size) // 2), size,
                     th.BRASS_LIGHT, bold=True)
        for name, label in (("minus", "\u2212"), ("plus", "+")):
            active = self.can_bid and (self.quantity > self.minimums[self.face] if name == "minus"
                                       else self.quantity < self.max_quantity)
            self._button(canvas, theme, rects[name], label, active, name == self.hover, size=26)
        pygame.draw.rect(canvas, th.PARCHMENT, rects["qty"], border_radius=8)
        th.draw_text(canvas, theme, str(self.quantity) if self.can_bid else "-", rects["qty"].center, 30,
                     th.INK, bold=True, anchor="center")
        for f in self.faces:
            r = rects[f"face{f}"]
            legal = f in self.minimums
            note_drawn(f"face {f}", r, legal and self.can_bid, kind="face")
            if f == self.face and legal:
                pygame.draw.rect(canvas, th.BRASS_LIGHT, r.inflate(6, 6), border_radius=9)
            face_icon(canvas, renderer, self.die_kind, f, r.inflate(-4, -4))
            if not legal:
                canvas.blit(_veil(*r.size), r)
        odds_text = ""
        if self.odds is not None and self.can_bid:
            chance = self.odds(self.quantity, self.face)
            if chance is not None:
                odds_text = f"{chance:.0%} likely"
        self._button(canvas, theme, rects["bid"], "Bid", self.can_bid, self.hover == "bid", primary=True,
                     sub=odds_text)
        for name, label, k in self.challenges:
            if name == self.armed:
                self.sure.shown()
                self._button(canvas, theme, rects[name], f"Sure? {label}!", True, True, primary=True, size=17,
                             sub=self.sure.again_words(pygame.key.name(k).upper()))
            else:
                self._button(canvas, theme, rects[name], label + "!", name in self.enabled_challenges,
                             self.hover == name)

    def _button(self, canvas, theme, rect, label, enabled, hovered, *, primary=False, size=20, sub=""):
        note_drawn(label, rect, enabled)
        fill: tuple[int, ...] = th.BRASS_DARK if primary else th.WOOD
        if not enabled:
            fill = (70, 52, 40)
        elif hovered:
            fill = tuple(min(255, c + 24) for c in fill)
        pygame.draw.rect(canvas, fill, rect, border_radius=9)
        pygame.draw.rect(canvas, th.BRASS_LIGHT if enabled else th.DISABLED, rect, 2, border_radius=9)
        colour = th.CREAM if enabled else th.DISABLED
        if sub:
            th.draw_text(canvas, theme, label, (rect.centerx, rect.centery + 1), size, colour, bold=True,
                         anchor="midbottom")
            th.draw_text(canvas, theme, sub, (rect.centerx, rect.centery + 1), 13, th.CREAM_DIM,
                         anchor="midtop")
        else:
            th.draw_text(canvas, theme, label, rect.center, size, colour, bold=True, anchor="center")
