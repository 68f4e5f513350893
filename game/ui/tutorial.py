"""The coach of a guided first game: a note card over the real table.

``game.scenes.learn.start_tutorial`` opens the game's own table with the lesson
(``game.core.tutorial``) attached as ``table.tutorial``, a ``TutorialCoach``.
The table base asks the coach at a few points (game/ui/table_scene.py):
events first, whether a "Next" note holds the table still, whether a human
move is the one asked for (a wrong one gets the hint and is not applied),
the scripted faces of a throw, and where to save.  The coach draws last: a
brass ring around what the note is about (the table names it:
``anchor_rect(name)``), an arrow to it, and a parchment card with the text,
"Next" (or "Finish") and "Skip tutorial".
"""
from __future__ import annotations

import math

import pygame

from ..core.protocol import Action, RollRequest, RollResult
from ..core.tutorial import Step, Tutorial
from ..core.userfiles import UserFileError
from . import layout, layout_record
from . import theme as th
from .drawn_controls import note as note_drawn
from .preload import FRESH_FRAME

CARD_W = 400
NARROW_W = 290
"""The card's width when no side of the target has room for the wide one."""
SLIM_W = 260
"""The card's width when only that brings it beside a target its arrow
would reach from far off (Diced Out's rerolls: the narrow card did not fit
left of the score sheet, so it stood 380 px away on the right)."""
FAR_ARROW = 150
"""An arrow longer than this gives way to a slim card ``BESIDE`` the target."""
BESIDE = 24
"""Pixels at most between a card and its ring for the card to stand beside it."""
GAP = 30
MARGIN = 10
CARD_RADIUS = 14
HINT_INK = (150, 52, 36)
"""The colour of the card's hint lines."""
ARROW_INSET = 16
"""An arrow meets its ring at least this far (pixels) from the ring's corner."""
LONG_ARROW = 300
"""An arrow longer than this (pixels) reads as pointing across the table: a
card with the ring alone half as far away is preferred."""
WORDS_ROOM = 8
"""A card keeps this much (half each side) off the table's words: one placed
on the 20 px grid sat with its edge on the top of "Roll your 12-sided bone?"."""


class TutorialCoach:
    """See the module docstring."""

    def __init__(self, table, tutorial: Tutorial):
        self.table = table
        self.tutorial = tutorial
        self.shake_at = -1.0
        """Table time of the last wrong move (the card shakes for a moment)."""
        self._buttons: dict[str, pygame.Rect] = {}
        self._hover: str | None = None
        self._placed: tuple[tuple, pygame.Rect] | None = None
        self._arrow_clear: list[pygame.Rect] = []
        """What the arrow may not cross (the table's words and dice when the card was placed)."""
        self._wrapped: dict[tuple, tuple[list[str], list[str]]] = {}
        """The card's lines per (theme, words, hint, width): wrapped once, not in every frame's drawing."""
        self._grid_kept: tuple[tuple, list[tuple[int, ...]]] | None = None
        """(what it was made for, the card's grid of places): ``_grid``."""
        self._ring_fit: tuple[tuple, pygame.Rect] | None = None
        """(the target it was fitted for, what the ring goes round): the target
        grown to take in the words its frame would cut (``ring_clear_of_words``)."""
        """(what it was placed for, the card): placed once a step, from what the table drew."""

    @property
    def app(self):
        return self.table.app

    # --- what the table asks -------------------------------------------------
    def visible_step(self) -> Step | None:
        """The note on screen now: its moment has come and the table is at rest
        (or holding a reveal for the player to read)."""
        step = self.tutorial.pending()
        table = self.table
        if step is None or table.throw_view is not None:
            return None
        if table.is_busy() and table.held.moment is None:
            return None
        if step.asks and table.held.active():
            return None   # the held moment is continued first: no move is asked for under it
        return step

    def holds_table(self) -> bool:
        return self.tutorial.holds_table()

    def allows(self, player: int, action: Action) -> bool:
        """The table's submit: True to apply ``action``; False after showing the hint."""
        hint = self.tutorial.check(player, action)
        if not hint:
            return True
        self.shake_at = self.table.time
        self.app.sounds.play("error")
        return False

    def forced_roll(self, request: RollRequest) -> RollResult | None:
        return self.tutorial.forced_roll(request)

    def save(self) -> None:
        try:
            self.tutorial.save()
        except UserFileError as exc:
            self.app.toast(f"Could not save the lesson: {exc}")

    # --- input -----------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """Next / Skip; a "Next" note keeps clicks and keys off the table."""
        step = self.visible_step()
        if step is None:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._hover = next((k for k, r in self._buttons.items() if r.collidepoint(event.pos)), None)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            card = self._buttons.get("card")
            for name in ("next", "skip"):   # the card's buttons first: the card's own area holds them
                rect = self._buttons.get(name)
                if rect is not None and rect.collidepoint(event.pos):
                    self.next() if name == "next" else self.leave()
                    return True
            return step.is_note or bool(card and card.collidepoint(event.pos))
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return False   # the pause menu, as always
            if step.is_note and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_n):
                self.next()
                return True
            return step.is_note
        return event.type == pygame.MOUSEBUTTONUP and step.is_note

    def next(self) -> None:
        if not self.tutorial.next():
            return
        table = self.table
        if table.held.moment is not None:   # Next also lets a held reveal go
            table.held.release()
        self.save()
        if self.tutorial.finished:
            self.app.nav.learned(self.tutorial.script.game_id)

    def leave(self) -> None:
        """Skip tutorial: keep the place (Learn to play resumes it) and go back."""
        self.save()
        self.app.nav.title()

    # --- drawing ---------------------------------------------------------------
    def anchor(self, step: Step) -> pygame.Rect | None:
        if not step.anchor:
            return None
        rect = self.table.anchor_rect(step.anchor)
        return pygame.Rect(rect) if rect is not None else None

    def _placement_key(self, step: Step) -> tuple:
        """What the card's place depends on: the step, its hint, where its
        target is, and where the "since your last move" card is (it opens as
        the learner's turn starts, after a step is placed: Roll the Bones'
        "A short stack" lay on its last lines)."""
        target = self.anchor(step)
        since = self.table.since
        return (self.tutorial.step_index, self.tutorial.hint, tuple(target) if target is not None else None,
                tuple(since.card_rect(self.table.theme)) if since.shown else None)

    def wants_boxes(self) -> bool:
        """The card needs a place (a new step, hint or target): the table records
        what it draws this frame (``layout_record``) and hands it to ``draw``."""
        step = self.visible_step()
        return step is not None and self.table.is_top and (self._placed is None
                                                              or self._placed[0] != self._placement_key(step))

    def draw(self, canvas: pygame.Surface, drawn: layout_record.LayoutRecord | None = None) -> None:
        step = self.visible_step()
        self._buttons = {}
        if step is None or not self.table.is_top:
            return
        theme = self.table.theme
        target = self._fitted(self.anchor(step), drawn)
        pulse = 0.5 + 0.5 * math.sin(self.table.time * 4.0)
        if target is not None:
            self._draw_ring(canvas, target, pulse)
        key = self._placement_key(step)
        if drawn is not None or self._placed is None or self._placed[0] != key:
            self._placed = (key, self._layout_card(canvas, theme, step, target, drawn))
        card = self._placed[1]
        if target is not None and not _arrow_crosses(card, target, self._arrow_clear):
            self._draw_arrow(canvas, card, target)   # else the ring alone shows the target
        self._draw_card(canvas, theme, step, card)

    def warm_steps(self):
        """The words of the step to come's card made ready, in either width,
        without drawing the card (a generator: the table's opening steps):
        its lines wrapped a width a step, then its labels rendered one a step
        and its shadow made, so the lesson's first frame only places and
        draws it (issue 41: that frame rendered the card's eight labels and
        wrapped its words; drawn whole out of sight instead, it was one 4.4 ms
        step in an opening frame)."""
        step = self.tutorial.pending()
        if step is None:
            return
        theme = self.table.theme
        for width in (CARD_W, NARROW_W):
            card = self._card_size(theme, step, width)   # wraps its lines
            yield
            th.panel_shadow(card.w, card.h, CARD_RADIUS)
            for text, size, colour, kind in self._card_words(step, width):
                if not theme.font_ready(size, **kind):
                    yield FRESH_FRAME   # its font opened in a step of its own
                theme.text(text, size, colour, **kind)
                yield

    def _fitted(self, target: pygame.Rect | None, drawn: layout_record.LayoutRecord | None) -> pygame.Rect | None:
        """What the ring goes round: ``target``, grown (once, from the words the
        table drew when it was first shown) to take in any line of words its
        frame would cut: a reveal line wider than the centre, a pot's "for You,
        Tom" under its count (issue 39: the ring ran through them)."""
        if target is None:
            return None
        if drawn is not None and (self._ring_fit is None or self._ring_fit[0] != tuple(target)):
            self._ring_fit = (tuple(target), ring_clear_of_words(target, drawn))
        if self._ring_fit is not None and self._ring_fit[0] == tuple(target):
            return pygame.Rect(self._ring_fit[1])
        return target

    def _lines(self, theme, step: Step, width: int = CARD_W) -> tuple[list[str], list[str]]:
        key = (id(theme), step.text, self.tutorial.hint, width)
        lines = self._wrapped.get(key)
        if lines is None:
            text = th.wrap_text(theme.font(18), step.text, width - 36)
            hint = th.wrap_text(theme.font(16, True), self.tutorial.hint, width - 36) if self.tutorial.hint else []
            if len(self._wrapped) >= 8:
                self._wrapped.clear()   # an earlier step's lines
            lines = self._wrapped[key] = (text, hint)
        return lines

    def _card_size(self, theme, step: Step, width: int) -> pygame.Rect:
        text, hint = self._lines(theme, step, width)
        return pygame.Rect(0, 0, width, 58 + len(text) * 24 + (len(hint) * 20 + 10 if hint else 0) + 62)

    def _layout_card(self, canvas, theme, step: Step, target: pygame.Rect | None,
                     drawn: layout_record.LayoutRecord | None = None) -> pygame.Rect:
        """Beside the target (or the panel it sits in), then anywhere on the
        screen nearest it, where the card covers none of the table's words,
        dice, cards and panels (``drawn``: what the table drew this frame) and
        its arrow crosses none of them; failing that, none of the table's
        words and dice; failing that (a target ringed by words, every arrow to
        it across them: Roll the Bones' "No bone" under its question), the same
        with no arrow, the ring alone showing the target; then nothing the
        table keeps clear; else a narrower card, then the screen's edges; else
        the place that covers least."""
        screen = pygame.Rect(0, 0, layout.CANVAS_W, layout.CANVAS_H).inflate(-2 * MARGIN, -2 * MARGIN)
        if target is None:
            card = self._card_size(theme, step, CARD_W)
            card.center = (layout.CENTRE_X, 300)
            if drawn is not None:
                # what the table keeps clear first: a sheet or tray drawn as one
                # picture records none of its words (Diced Out's last card lay on
                # the score sheet, Roll the Bones' on the centre pot)
                keep = [pygame.Rect(r) for r in self.table.coach_keep_clear()]
                middle = pygame.Rect(layout.CENTRE_X, 300, 0, 0)
                tiers = _drawn_tiers(drawn, middle)
                for tier in [t + keep for t in tiers] + tiers:
                    found = self._clear_spot(theme, step, middle, tier, screen, [card], arrow=False)
                    if found is not None:
                        return found
            return card
        keep = [pygame.Rect(r) for r in self.table.coach_keep_clear()]
        clear = [target.inflate(24, 24)] + keep
        around = [target] + [r.union(target) for r in keep if r.colliderect(target)]
        spots = []
        for width, gap in ((CARD_W, GAP), (NARROW_W, 14)):
            card = self._card_size(theme, step, width)
            for zone in around:
                for side in ("right", "left", "below", "above"):
                    c = card.copy()
                    if side == "right":
                        c.midleft = (zone.right + gap, target.centery)
                    elif side == "left":
                        c.midright = (zone.left - gap, target.centery)
                    elif side == "below":
                        c.midtop = (target.centerx, zone.bottom + gap)
                    else:
                        c.midbottom = (target.centerx, zone.top - gap)
                    spots.append(c.clamp(screen))
        beside = list(spots)
        card = self._card_size(theme, step, NARROW_W)
        for y in (70, 200, 330):   # the screen's edges, with a longer arrow
            spots += [card.move(MARGIN, y), card.move(layout.CANVAS_W - MARGIN - card.w, y)]
        plain = next((c for c in spots if screen.contains(c) and c.collidelist(clear) < 0), None)
        tiers = _drawn_tiers(drawn, target) if drawn is not None else []
        self._arrow_clear = keep + (tiers[1] if tiers else [])   # no arrow across words, dice or a control
        for tier in tiers:
            found = self._clear_spot(theme, step, target, clear + tier, screen, spots)
            if found is not None:
                return self._nearer_than_a_long_arrow(theme, step, target, clear + tier, screen, beside, found)
        for tier in tiers:   # every arrow to the target crosses words (a question over its button): the ring alone, near it
            found = self._clear_spot(theme, step, target, clear + tier, screen, beside, arrow=False)
            if found is not None:
                return self._slim_beside(theme, step, target, clear + tier, screen, found) or found
        found = self._clear_spot(theme, step, target, clear, screen, spots)   # no arrow across what the table keeps clear
        if found is not None:
            return found
        if plain is not None:
            return plain
        return min(spots, key=lambda c: sum(_overlap(c, r) for r in clear))

    def _nearer_than_a_long_arrow(self, theme, step: Step, target: pygame.Rect, clear: list[pygame.Rect],
                                  screen: pygame.Rect, beside: list[pygame.Rect], found: pygame.Rect) -> pygame.Rect:
        """``found``, unless a slim card fits beside the target where its
        arrow runs over ``FAR_ARROW``, or its arrow is longer than
        ``LONG_ARROW``: then the nearest place covering nothing of ``clear``
        with the ring alone, if it stands less than half as far (Roll the
        Bones' "A short stack" sat 430 px above its button, the only arrow
        that crossed no words)."""
        slim = self._slim_beside(theme, step, target, clear, screen, found)
        if slim is not None:
            return slim
        length = _arrow_length(found, target)
        if length <= LONG_ARROW:
            return found
        near = self._clear_spot(theme, step, target, clear, screen, beside, arrow=False)
        if near is not None and _arrow_length(near, target) * 2 < length:
            return near
        return found

    def _slim_beside(self, theme, step: Step, target: pygame.Rect, clear: list[pygame.Rect], screen: pygame.Rect,
                     found: pygame.Rect) -> pygame.Rect | None:
        """A slim card ``BESIDE`` the target covering nothing of ``clear``,
        when ``found`` stands more than ``FAR_ARROW`` from it; else None."""
        if _arrow_length(found, target) <= FAR_ARROW:
            return None
        slim = self._clear_spot(theme, step, target, clear, screen, [], arrow=False, widths=(SLIM_W,))
        return slim if slim is not None and _arrow_length(slim, target) <= BESIDE else None

    def _clear_spot(self, theme, step: Step, target: pygame.Rect, clear: list[pygame.Rect], screen: pygame.Rect,
                    spots: list[pygame.Rect], *, arrow: bool = True,
                    widths: tuple[int, ...] = (CARD_W, NARROW_W)) -> pygame.Rect | None:
        """The first of ``spots``, then of a grid over the screen nearest the
        target (cards of ``widths``), that covers nothing of ``clear`` and whose arrow crosses none of it."""
        for c in spots:
            if self._clear(c, target, clear, screen, arrow):
                return c
        for _, _, x, y, w, h in self._grid(theme, step, target, screen, widths):
            c = pygame.Rect(x, y, w, h)
            if self._clear(c, target, clear, screen, arrow):
                return c
        return None

    def _grid(self, theme, step: Step, target: pygame.Rect, screen: pygame.Rect,
              widths: tuple[int, ...] = (CARD_W, NARROW_W)) -> list[tuple[int, ...]]:
        """The card's places on a 20 px grid over the screen, in each of ``widths``, the
        nearest ``target`` first: (distance, order, x, y, w, h), sorted without
        a key function, made into rectangles only as far as a search goes, and
        kept for the placement's next tier (issue 41: the lesson's first frame
        built and sorted 2,300 rectangles by a key function once a tier)."""
        sizes = tuple(self._card_size(theme, step, width).size for width in widths)
        key = (sizes, target.center, tuple(screen))
        if self._grid_kept is not None and self._grid_kept[0] == key:
            return self._grid_kept[1]
        grid: list[tuple[int, ...]] = []
        tx, ty = target.center
        for w, h in sizes:
            ys = range(MARGIN, screen.bottom - h + 1, 20)
            dy = [((y + h // 2 - ty) ** 2, y) for y in ys]
            first, n = len(grid), len(ys)
            grid += [(dx + d, first + ix * n + iy, x, y, w, h)
                     for ix, x in enumerate(range(MARGIN, screen.right - w + 1, 20))
                     for dx in ((x + w // 2 - tx) ** 2,) for iy, (d, y) in enumerate(dy)]
        grid.sort()
        self._grid_kept = (key, grid)
        return grid

    @staticmethod
    def _clear(c: pygame.Rect, target: pygame.Rect, clear: list[pygame.Rect], screen: pygame.Rect, arrow: bool) -> bool:
        """``c`` on the screen, covering nothing of ``clear``, its arrow (if any) crossing none of it."""
        return screen.contains(c) and c.collidelist(clear) < 0 and not (arrow and _arrow_crosses(c, target, clear[1:]))

    def _draw_ring(self, canvas, target: pygame.Rect, pulse: float) -> None:
        ring = target.inflate(RING_MIN + int((RING_MAX - RING_MIN) * pulse), RING_MIN + int((RING_MAX - RING_MIN) * pulse))
        glow = pygame.Surface(ring.inflate(16, 16).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*th.BRASS_LIGHT, int(40 + 50 * pulse)), glow.get_rect(), 8, border_radius=18)
        canvas.blit(glow, ring.inflate(16, 16).topleft)
        pygame.draw.rect(canvas, th.BRASS_LIGHT, ring, 3, border_radius=14)
        layout_record.note(canvas, "ring", ring)

    def _draw_arrow(self, canvas, card: pygame.Rect, target: pygame.Rect) -> None:
        """A brass arrow from the card's nearest edge to the ring."""
        shape = _arrow_shape(card, target)
        if shape is None:
            return
        start, base, head = shape
        pygame.draw.line(canvas, th.WOOD_DARK, start, base, 8)
        pygame.draw.line(canvas, th.BRASS_LIGHT, start, base, 4)
        pygame.draw.polygon(canvas, th.BRASS_LIGHT, head)
        pygame.draw.polygon(canvas, th.WOOD_DARK, head, 2)
        layout_record.note_arrow(canvas, start, head[0], head)

    def _card_words(self, step: Step, width: int) -> list[tuple[str, int, tuple, dict]]:
        """Every label of ``step``'s card at ``width``, in drawing order (text,
        size, colour, bold and style): the card's header, title, lines and
        hint, then what its foot shows (``_draw_card`` draws them; the
        opening renders them ahead, ``warm_steps``)."""
        total = len(self.tutorial.steps)
        index = min(self.tutorial.step_index + 1, total)
        text, hint = self._lines(self.table.theme, step, width)
        narrow = width < CARD_W
        words: list[tuple[str, int, tuple, dict]] = [
                 (f"Learn to play  \u00b7  {index} of {total}", 13, th.BRASS_DARK, {"bold": True}),
                 (step.title or self.tutorial.script.title, 24, th.INK, {"bold": True, "style": "display"})]
        words += [(line, 18, th.INK, {}) for line in text]
        words += [(line, 16, HINT_INK, {"bold": True}) for line in hint]
        if self.tutorial.step_index != total - 1:   # on the last step there is nothing left to skip
            words.append(_button_words("Skip tutorial", primary=False))
        if not step.is_note:
            words.append(("Your move" if narrow else "Your move: do it on the table", 15, th.BRASS_DARK,
                          {"style": "italic"}))
        else:
            words.append(_button_words("Finish" if self.tutorial.step_index == total - 1 else "Next", primary=True))
        return words

    def _draw_card(self, canvas, theme, step: Step, card: pygame.Rect) -> None:
        width = card.w
        left = 0.45 - (self.table.time - self.shake_at)
        shake = int(math.sin(left * 50) * 8 * left / 0.45) if 0 < left <= 0.45 else 0
        card = card.move(shake, 0)
        th.panel(canvas, card, fill=th.PARCHMENT, border=th.BRASS_DARK, radius=CARD_RADIUS)
        words = iter(self._card_words(step, width))

        def draw(pos, anchor="topleft") -> None:
            text, size, colour, kind = next(words)
            th.blit_text(canvas, theme.text(text, size, colour, **kind), pos, anchor)
        draw((card.x + 18, card.y + 12))
        draw((card.x + 18, card.y + 28))
        text, hint = self._lines(theme, step, width)
        y = card.y + 62
        for _ in text:
            draw((card.x + 18, y))
            y += 24
        if hint:
            y += 6
            for _ in hint:
                draw((card.x + 18, y))
                y += 20
        self._buttons = {"card": card}
        last = self.tutorial.step_index == len(self.tutorial.steps) - 1
        skip_w, next_w = (150, 130) if width >= CARD_W else (138, 104) if width >= NARROW_W else (120, 92)
        if not last:   # on the last step there is nothing left to skip: "Finish" stands alone
            skip = pygame.Rect(card.x + 14, card.bottom - 50, skip_w, 38)
            self._button(canvas, theme, "skip", skip, next(words), primary=False)
        if not step.is_note:
            draw((card.right - 18, card.bottom - 31), "midright")
        else:
            nxt = pygame.Rect(card.right - 14 - next_w, card.bottom - 50, next_w, 38)
            self._button(canvas, theme, "next", nxt, next(words), primary=True)

    def _button(self, canvas, theme, name: str, rect: pygame.Rect, words: tuple, *, primary: bool) -> None:
        hot = self._hover == name
        fill: tuple[int, ...] = (132, 44, 34) if primary else th.WOOD
        if hot:
            fill = tuple(min(255, c + 22) for c in fill)
        pygame.draw.rect(canvas, th.WOOD_DARK, rect.move(0, 3), border_radius=9)
        pygame.draw.rect(canvas, fill, rect, border_radius=9)
        pygame.draw.rect(canvas, th.BRASS_LIGHT if primary else th.BRASS, rect, 2, border_radius=9)
        label, size, colour, kind = words
        th.blit_text(canvas, theme.text(label, size, colour, **kind), rect.center, "center")
        self._buttons[name] = rect
        note_drawn(label, rect)


def _button_words(label: str, *, primary: bool) -> tuple[str, int, tuple, dict]:
    """A card button's label as ``_card_words`` gives it."""
    return label, 17 if primary else 15, th.CREAM, {"bold": True}


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    clip = a.clip(b)
    return clip.w * clip.h


RING_MIN, RING_MAX = 16, 22
"""How much wider and taller than its target the coach's ring is (it pulses between them)."""


def ring_clear_of_words(target: pygame.Rect, drawn: layout_record.LayoutRecord) -> pygame.Rect:
    """``target`` grown until the ring round it (at its widest, and its line)
    cuts no line of the words in ``drawn``: a line it would cut is taken in
    whole, its full box (descenders and all), so the ring runs outside it.
    Where taking a line in would send the ring across a die or a card (Roll
    For It!'s prompt under the cards: the ring round one card ran through
    the next), or take in another control (the row heading over Roll the
    Bones' "Ante 2 six-siders" grew its ring round "1 + 1 bone" too), the
    ring is drawn tighter on that side instead (``_pulled_in``); so it is
    where the ring round the target itself would cut a die or card."""
    rect = pygame.Rect(target)
    texts = [pygame.Rect(b.rect) for b in drawn.of("text") if b.text.strip()]
    pieces = [layout_record.piece(b.rect) for b in drawn.boxes
              if b.layer == 0 and b.kind in ("die", "card") and not target.contains(b.rect)]
    others = [pygame.Rect(b.rect) for b in drawn.boxes
              if b.layer == 0 and b.kind == "control" and not target.contains(b.rect)]
    for _ in range(6):
        outer = rect.inflate(RING_MAX + 6, RING_MAX + 6)
        cut = [t for t in texts if t.colliderect(outer) and not rect.contains(t)]
        if not cut:
            break
        grown = rect.unionall(cut)
        if any(_ring_cuts(grown, p) for p in pieces) or grown.collidelist(others) >= 0:
            pulled = _pulled_in(rect, cut)
            rect = pulled if pulled is not None else rect
            break
        rect = grown
    crossed = [p for p in pieces if _ring_cuts(rect, p)]   # a cup beside a nameplate (Liar's Dice step 7)
    pulled = _pulled_in(rect, crossed) if crossed else None
    return pulled if pulled is not None else rect


def _ring_cuts(frame: pygame.Rect, piece: pygame.Rect) -> bool:
    """Would the ring round ``frame``, at any width it pulses through, run through ``piece``?"""
    rings = (frame.inflate(RING_MIN, RING_MIN), frame.inflate(RING_MAX, RING_MAX))
    return any(ring.colliderect(piece) and not ring.contains(piece) for ring in rings)


def _pulled_in(rect: pygame.Rect, lines: list[pygame.Rect]) -> pygame.Rect | None:
    """``rect`` with each side that faces one of ``lines`` moved in far enough
    that the ring round it (at its widest, its line and glow) stays off the
    line; None when a line overlaps ``rect`` itself (it cannot be kept out)."""
    reach = RING_MAX // 2 + 4
    left, top, right, bottom = rect.left, rect.top, rect.right, rect.bottom
    for line in lines:
        if line.bottom <= rect.top:
            top = max(top, line.bottom + reach)
        elif line.top >= rect.bottom:
            bottom = min(bottom, line.top - reach)
        elif line.right <= rect.left:
            left = max(left, line.right + reach)
        elif line.left >= rect.right:
            right = min(right, line.left - reach)
        else:
            return None
    if right - left < 8 or bottom - top < 8:
        return None
    return pygame.Rect(left, top, right - left, bottom - top)


def _arrow_ends(card: pygame.Rect, target: pygame.Rect) -> tuple[tuple[int, int], tuple[int, int]]:
    """The arrow from the card's nearest edge to the ring around ``target``,
    meeting a side of the ring, not its corner (Roll Call's arrow to Call!
    ran along the ring's top edge and the bid picker's border beside it)."""
    ring = target.inflate(22, 22)
    inset_x, inset_y = min(ARROW_INSET, ring.w // 4), min(ARROW_INSET, ring.h // 4)
    tx = max(ring.left + inset_x, min(card.centerx, ring.right - inset_x))
    ty = max(ring.top + inset_y, min(card.centery, ring.bottom - inset_y))
    if card.right <= ring.left or card.left >= ring.right:   # beside the ring: onto its left or right side
        tx = ring.left if card.right <= ring.left else ring.right
    elif card.bottom <= ring.top or card.top >= ring.bottom:   # over or under it: onto its top or bottom
        ty = ring.top if card.bottom <= ring.top else ring.bottom
    else:   # the card overlaps the ring's box: as near as the card's middle allows
        tx = max(ring.left, min(card.centerx, ring.right))
        ty = max(ring.top, min(card.centery, ring.bottom))
    sx = max(card.left, min(tx, card.right))
    sy = max(card.top, min(ty, card.bottom))
    return (sx, sy), (tx, ty)


def _arrow_length(card: pygame.Rect, target: pygame.Rect) -> float:
    """How far the card's nearest edge stands from the ring round ``target``."""
    (sx, sy), (tx, ty) = _arrow_ends(card, target)
    return math.hypot(tx - sx, ty - sy)


def _arrow_shape(card: pygame.Rect, target: pygame.Rect):
    """The arrow's start, the base of its head and its head's points (tip
    first), or None when the card stands too near for one."""
    (sx, sy), (tx, ty) = _arrow_ends(card, target)
    dx, dy = tx - sx, ty - sy
    length = math.hypot(dx, dy)
    if length < 12:
        return None
    ux, uy = dx / length, dy / length
    tip = (tx - ux * 4, ty - uy * 4)
    base = (tip[0] - ux * 18, tip[1] - uy * 18)
    left = (base[0] - uy * 11, base[1] + ux * 11)
    right = (base[0] + uy * 11, base[1] - ux * 11)
    return (sx, sy), base, (tip, left, right)


def _arrow_crosses(card: pygame.Rect, target: pygame.Rect, boxes: list[pygame.Rect]) -> bool:
    """Would the arrow from ``card`` to ``target``, its body and head as
    drawn, lie on one of ``boxes`` (outside the target)?  Its head once
    grazed the Bid button beside the Call! it pointed at."""
    shape = _arrow_shape(card, target)
    if shape is None:
        return False
    start, _base, head = shape
    line = (start, head[0])
    head_box = layout_record.points_box(head)
    ring = target.inflate(22, 22)
    return any(layout_record.arrow_covers(line, head_box, box) for box in boxes
               if not ring.contains(box) and not box.contains(target))


def _drawn_tiers(drawn: layout_record.LayoutRecord, target: pygame.Rect) -> list[list[pygame.Rect]]:
    """What the card keeps clear of the table's drawing, the most cautious
    first: its words, dice, cards, controls, banners and panels; then its
    words, dice, cards and controls (what the arrow never crosses); then its
    words, dice and cards.
    What lies inside the target is the ring's, and a panel holding the target
    (the felt under it) is not kept clear."""
    ring = target.inflate(24, 24)
    kept = [b for b in drawn.boxes if b.layer == 0 and not ring.contains(b.rect)
            and not (b.kind == "panel" and b.rect.contains(target))]
    words_and_dice = [b.rect.inflate(WORDS_ROOM, WORDS_ROOM) if b.kind == "text" else b.rect
                      for b in kept if b.kind in ("text", "die", "card") and (b.kind != "text" or b.text.strip())]
    controls = [layout_record.control_room(b.rect) for b in kept if b.kind == "control"]
    return [words_and_dice + controls + [b.rect for b in kept if b.kind in ("banner", "panel")],
            words_and_dice + controls, words_and_dice]
