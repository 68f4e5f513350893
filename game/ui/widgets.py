"""Menu widgets shared by every scene, with keyboard focus.

A ``FocusGroup`` owns the widgets of a screen: the mouse hovers and clicks
them, and the keyboard alone can do everything: Up/Down/Tab move the focus,
Left/Right change a focused value (stepper, choice, toggle) or move along a
row of buttons, Enter/Space activates.  Widgets draw themselves in the
tavern style (wooden buttons, brass focus ring) so every screen matches.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from . import theme as th
from .drawn_controls import note as note_drawn
from .layout import fit_plate_name

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class Widget:
    """Base of the menu widgets: a rectangle that a ``FocusGroup`` can hover, focus
    and activate, so every screen gets mouse and keyboard the same way."""
    focusable = True

    def __init__(self, rect, *, enabled: bool = True, tooltip: str = ""):
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.tooltip = tooltip
        self.visible = True

    @property
    def can_focus(self) -> bool:
        """Whether the keyboard may land here: hidden or disabled widgets are skipped."""
        return self.focusable and self.enabled and self.visible

    def activate(self) -> bool:
        """Enter/Space while focused; True if something happened."""
        return False

    def adjust(self, step: int) -> bool:
        """Left/Right while focused; False lets the group move the focus."""
        return False

    def click(self, pos) -> bool:
        """A left click on the widget; by default the same as Enter (``activate``)."""
        return self.activate()

    def text_input(self, event) -> bool:
        """A key event while focused, for widgets that take typing; False passes it on."""
        return False

    def draw(self, canvas: pygame.Surface, theme: th.Theme, focused: bool, hovered: bool) -> None:
        """Draw in the tavern style; ``focused``/``hovered`` choose the ring and glow."""
        raise NotImplementedError


def _wood_box(canvas, rect, *, focused=False, hovered=False, enabled=True, primary=False, radius=10):
    """The common button look: a wooden plank with a brass edge and a glow when focused."""
    if focused and enabled:
        glow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*th.BRASS_LIGHT, 70), glow.get_rect(), border_radius=radius + 8)
        canvas.blit(glow, rect.inflate(16, 16).topleft)
    base: tuple[int, ...] = th.WOOD if enabled else (88, 72, 60)
    if primary and enabled:
        base = (132, 44, 34)
    if hovered and enabled:
        base = tuple(min(255, c + 18) for c in base)
    pygame.draw.rect(canvas, th.WOOD_DARK, rect.move(0, 3), border_radius=radius)
    pygame.draw.rect(canvas, base, rect, border_radius=radius)
    top = pygame.Rect(rect.x + 3, rect.y + 3, rect.w - 6, max(2, rect.h // 2 - 3))
    sheen = pygame.Surface(top.size, pygame.SRCALPHA)
    sheen.fill((255, 240, 210, 22))
    canvas.blit(sheen, top.topleft)
    edge = th.BRASS_LIGHT if focused and enabled else (th.BRASS if enabled else th.DISABLED)
    pygame.draw.rect(canvas, edge, rect, 3 if focused else 2, border_radius=radius)


SUB_SIZE = 14
LINE_OVERLAP = 4   # a line's picture carries leading below its letters; the second line tucks into it
BORDER_ROOM = 5    # kept free inside a button's edge (2-3 px border plus a gap)


def two_line_layout(theme, rect: pygame.Rect, size: int) -> tuple[int, int, int]:
    """Title top, title size and sub-line top for a two-line button: both lines
    centred as one block inside the border (the title drops a size or more
    where the button is too short), so no letter sits on the wooden edge."""
    sub_height = theme.font(SUB_SIZE).get_linesize()
    while True:
        title_height = theme.font(size, True).get_linesize()
        block = title_height + sub_height - LINE_OVERLAP
        if block <= rect.h - 2 * BORDER_ROOM or size <= 12:
            break
        size -= 1
    title_top = rect.centery - block // 2
    return title_top, size, title_top + title_height - LINE_OVERLAP


class Button(Widget):
    """A wooden button that calls ``on_click`` when clicked or activated by key."""
    def __init__(self, rect, text: str, on_click: Callable[[], Any] | None = None, *,
                 enabled: bool = True, primary: bool = False, size: int = 22, sub: str = "",
                 tooltip: str = ""):
        super().__init__(rect, enabled=enabled, tooltip=tooltip)
        self.text = text
        self.on_click = on_click
        self.primary = primary
        self.size = size
        self.sub = sub

    def activate(self) -> bool:
        if not self.enabled or self.on_click is None:
            return False
        self.on_click()
        return True

    def draw(self, canvas, theme, focused, hovered):
        if not self.visible:
            return
        _wood_box(canvas, self.rect, focused=focused, hovered=hovered, enabled=self.enabled,
                  primary=self.primary)
        colour = th.CREAM if self.enabled else th.CREAM_DIM
        if self.sub:
            title_top, size, sub_top = two_line_layout(theme, self.rect, self.size)
            th.draw_text(canvas, theme, self.text, (self.rect.centerx, title_top), size,
                         colour, bold=True, anchor="midtop")
            th.draw_text(canvas, theme, self.sub, (self.rect.centerx, sub_top), SUB_SIZE,
                         th.CREAM_DIM, anchor="midtop")
        else:
            th.draw_text(canvas, theme, self.text, self.rect.center, self.size, colour, bold=True,
                         anchor="center")


class Label(Widget):
    """Text placed on a screen that takes no focus (the keyboard skips it)."""
    focusable = False

    def __init__(self, pos, text: str, size: int = 20, colour=th.CREAM, *, anchor: str = "topleft",
                 bold: bool = False, style: str = "body"):
        super().__init__((pos[0], pos[1], 0, 0))
        self.pos, self.text, self.size, self.colour = pos, text, size, colour
        self.anchor, self.bold, self.style = anchor, bold, style

    def draw(self, canvas, theme, focused, hovered):
        if self.visible:
            self.rect = th.draw_text(canvas, theme, self.text, self.pos, self.size, self.colour,
                                     bold=self.bold, style=self.style, anchor=self.anchor)


class Panel(Widget):
    """A parchment or wooden card behind a group of widgets (decoration)."""
    focusable = False

    def __init__(self, rect, *, fill=th.PARCHMENT, border=th.BRASS_DARK, title: str = ""):
        super().__init__(rect)
        self.fill, self.border, self.title = fill, border, title

    def draw(self, canvas, theme, focused, hovered):
        th.panel(canvas, self.rect, fill=self.fill, border=self.border)
        if self.title:
            th.draw_text(canvas, theme, self.title, (self.rect.centerx, self.rect.y + 14), 30,
                         th.INK if self.fill == th.PARCHMENT else th.CREAM, style="display",
                         anchor="midtop")


class _ValueRow(Widget):
    """A labelled row with a value area on the right (stepper, choice, toggle, text)."""

    label_colour = th.CREAM

    NUMBER_MARGIN = 6
    """Pixels either side of the drawn value that still count as the value (a click there only focuses)."""
    ARROW_ROOM = 32
    """Pixels at each end of the value box that always change the value (where "‹" and "›" are drawn)."""

    def __init__(self, rect, label: str, *, enabled=True, tooltip="", label_width: int | None = None):
        super().__init__(rect, enabled=enabled, tooltip=tooltip)
        self.label = label
        self.label_width = label_width if label_width is not None else self.rect.w // 2
        self.value_drawn: pygame.Rect | None = None
        """Where the value itself (the number or the choice's words) was last drawn."""

    @property
    def value_rect(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x + self.label_width, self.rect.y,
                           self.rect.w - self.label_width, self.rect.h)

    def draw_label(self, canvas, theme, focused):
        if focused:
            colour = (150, 56, 28) if self.label_colour == th.INK else th.BRASS_LIGHT
        else:
            colour = self.label_colour if self.enabled else th.DISABLED
        if self.label:
            th.draw_text(canvas, theme, self.label, (self.rect.x + 4, self.rect.centery), 20, colour,
                         bold=focused, anchor="midleft")

    def value_text(self) -> str:
        raise NotImplementedError

    def draw(self, canvas, theme, focused, hovered):
        if not self.visible:
            return
        self.draw_label(canvas, theme, focused)
        box = self.value_rect
        _wood_box(canvas, box, focused=focused, hovered=hovered, enabled=self.enabled, radius=8)
        arrow_col = th.BRASS_LIGHT if self.enabled else th.DISABLED
        th.draw_text(canvas, theme, "\u2039", (box.x + 16, box.centery - 2), 30, arrow_col, anchor="center")
        th.draw_text(canvas, theme, "\u203a", (box.right - 16, box.centery - 2), 30, arrow_col, anchor="center")
        self.value_drawn = th.draw_text(canvas, theme, self.value_text(), box.center, 20,
                                        th.CREAM if self.enabled else th.CREAM_DIM, bold=True, anchor="center")

    def number_rect(self) -> pygame.Rect:
        """The value as drawn, with a small margin (before the first frame: the box's middle third)."""
        box = self.value_rect
        if self.value_drawn is None:
            return pygame.Rect(box.x + box.w // 3, box.y, box.w - 2 * (box.w // 3), box.h)
        drawn = self.value_drawn.inflate(2 * self.NUMBER_MARGIN, 0)
        left, right = max(drawn.left, box.x + self.ARROW_ROOM), min(drawn.right, box.right - self.ARROW_ROOM)
        return pygame.Rect(left, box.y, max(0, right - left), box.h)

    def click(self, pos) -> bool:
        """The value box's "‹" side lowers, its "›" side raises; the value
        itself, like the row's words, only takes the focus (``FocusGroup``).
        A click on the words raised the value, so a player reading "Starting
        dice" with the mouse changed it by surprise; a click on the number to
        read or select it did the same, so only the arrows' sides change it,
        as a commercial game's spinner does.  Keys still change a focused row
        (Left/Right, Enter)."""
        box = self.value_rect
        if not box.collidepoint(pos) or self.number_rect().collidepoint(pos):
            return False
        return self.adjust(-1 if pos[0] < box.centerx else 1)

    def activate(self) -> bool:
        return self.adjust(1)


class Stepper(_ValueRow):
    """A number picker: Left/Right or the arrows change it within min..max."""

    def __init__(self, rect, label: str, value: int, minimum: int, maximum: int,
                 on_change: Callable[[int], Any] | None = None, *, step: int = 1,
                 fmt: str | Callable[[int], str] = "{}",
                 **kw):
        super().__init__(rect, label, **kw)
        self.value, self.minimum, self.maximum = value, minimum, maximum
        self.on_change, self.step, self.fmt = on_change, step, fmt

    def value_text(self) -> str:
        return self.fmt(self.value) if callable(self.fmt) else self.fmt.format(self.value)

    def adjust(self, step: int) -> bool:
        if not self.enabled:
            return False
        new = min(self.maximum, max(self.minimum, self.value + step * self.step))
        if new != self.value:
            self.value = new
            if self.on_change:
                self.on_change(new)
        return True

    def activate(self) -> bool:
        return False


class Choice(_ValueRow):
    """One of a list of values, cycled with Left/Right, Enter or a click."""

    def __init__(self, rect, label: str, choices: Sequence[Any], value: Any,
                 on_change: Callable[[Any], Any] | None = None, *,
                 fmt: Callable[[Any], str] = str, **kw):
        super().__init__(rect, label, **kw)
        self.choices = list(choices)
        self.index = self.choices.index(value) if value in self.choices else 0
        self.on_change, self.fmt = on_change, fmt

    @property
    def value(self):
        """The chosen value (not its text: ``value_text`` formats it)."""
        return self.choices[self.index]

    def value_text(self) -> str:
        """The chosen value as the row shows it (``fmt``)."""
        return self.fmt(self.value)

    def adjust(self, step: int) -> bool:
        """Left/Right cycle through the choices (wrapping) and report the new value."""
        if not self.enabled or not self.choices:
            return False
        self.index = (self.index + step) % len(self.choices)
        if self.on_change:
            self.on_change(self.value)
        return True


class Toggle(Choice):
    """On/off."""

    def __init__(self, rect, label: str, value: bool, on_change=None, *, on: str = "On",
                 off: str = "Off", **kw):
        super().__init__(rect, label, [False, True], bool(value), on_change,
                         fmt=lambda v: on if v else off, **kw)


class TextInput(_ValueRow):
    """Free text (names, seeds); typing goes here while it has the focus.
    Gaining the focus (click or Tab) selects the whole text, so typing
    replaces a default name instead of appending to it."""

    SMALLEST_SIZE = 14
    """The smallest letters a long name shrinks to on one line (``fitted``)."""
    TWO_LINE_SIZES = (13, 12)
    """The sizes a name too long for one line takes on two: two 13-point lines
    fill the 34-pixel field inside its border (``fitted``)."""

    def __init__(self, rect, label: str, text: str = "", on_change=None, *, max_len: int = 20,
                 allowed: Callable[[str], bool] | None = None, placeholder: str = "",
                 refused: Callable[[str], Any] | None = None, **kw):
        super().__init__(rect, label, **kw)
        self.text, self.on_change, self.max_len = text, on_change, max_len
        self.allowed = allowed or (lambda ch: ch.isprintable())
        self.refused = refused
        """Told the printable characters ``allowed`` turned away (to say why)."""
        self.placeholder = placeholder
        self.selected = False
        """The whole text is selected: the next key replaces (or erases) it."""

    def focus_gained(self) -> None:
        """Select the whole text, so typing replaces a default name (class docstring)."""
        self.selected = bool(self.text)

    def value_text(self) -> str:
        return self.text

    def text_input(self, event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.TEXTINPUT:
            added = "".join(ch for ch in event.text if self.allowed(ch))
            turned_away = "".join(ch for ch in event.text if ch.isprintable() and ch not in added)
            if turned_away and self.refused:
                self.refused(turned_away)
            if added:
                base = "" if self.selected else self.text
                self.text = (base + added)[: self.max_len]
                self.selected = False
                self._changed()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.text = "" if self.selected else self.text[:-1]
            self.selected = False
            self._changed()
            return True
        return False

    def fitted(self, theme, room: int, style: str) -> tuple[tuple[str, ...], int]:
        """The lines to draw in ``room`` pixels and their size: the whole text on
        one line in the largest size from 20 down to ``SMALLEST_SIZE`` that fits;
        else broken on two smaller lines as a nameplate's name is
        (``layout.fit_plate_name``), so a sixteen-letter name in a narrow
        field (20 seats' two columns) still reads, and is edited, whole."""
        shown = self.text or self.placeholder
        for size in range(20, self.SMALLEST_SIZE - 1, -1):
            if theme.font(size, style=style).size(shown)[0] <= room:
                return (shown,), size
        return fit_plate_name(lambda size, text: theme.font(size, style=style).size(text)[0], shown, room,
                              self.TWO_LINE_SIZES)

    def _changed(self):
        if self.on_change:
            self.on_change(self.text)

    def click(self, pos) -> bool:
        self.focus_gained()
        return True

    def adjust(self, step: int) -> bool:
        return False

    def activate(self) -> bool:
        return False

    def draw(self, canvas, theme, focused, hovered):
        if not self.visible:
            return
        self.draw_label(canvas, theme, focused)
        box = self.value_rect
        pygame.draw.rect(canvas, (250, 242, 222), box, border_radius=8)
        pygame.draw.rect(canvas, th.BRASS_LIGHT if focused else th.BRASS_DARK, box, 3 if focused else 2,
                         border_radius=8)
        colour = th.INK if self.text else (150, 130, 110)
        style = "italic" if not self.text else "body"
        editing = focused and not self.selected
        lines, size = self.fitted(theme, box.w - 24, style)
        surfs = [theme.text(line, size, colour, style=style) for line in lines]
        clip = canvas.get_clip()
        canvas.set_clip(box.inflate(-16, -4))
        if len(lines) > 1:   # packed a point apart, the ink centred in the field
            step = size + 1
            top = box.centery - (step * (len(lines) - 1) + size) // 2
        else:
            step, top = 0, box.centery - surfs[0].get_height() // 2
        wheres = [s.get_rect(topleft=(box.x + 12, top + k * step)) for k, s in enumerate(surfs)]
        if focused and self.selected and self.text:  # selected: typing replaces it
            pygame.draw.rect(canvas, th.BRASS_LIGHT, wheres[0].unionall(wheres[1:]).inflate(6, 4), border_radius=4)
        rect = box
        for surf, where in zip(surfs, wheres):
            rect = th.blit_text(canvas, surf, where.topleft)
        if editing and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = (rect.right + 2) if self.text else box.x + 12
            ys = (rect.y + 2, rect.bottom - 2) if len(lines) > 1 else (box.y + 8, box.bottom - 8)
            pygame.draw.line(canvas, th.INK, (x, ys[0]), (x, ys[1]), 2)
        canvas.set_clip(clip)


class Scrollbar(Widget):
    """A list's scrollbar, as a desktop list has: the thumb's length is the
    share of the list on screen; a person drags the thumb, and a click on the
    track above or below it moves a page.  It holds no list: ``on_scroll(first)``
    asks its screen to show the list from ``first`` (the screen clamps it)
    and ``show`` tells it where the list stands; rows or pixels alike.  The
    screen hands it every event first (``route``): while the thumb is held,
    the mouse's motion and release are the bar's."""

    MIN_THUMB = 28
    """The shortest thumb (thousands of games still give one a finger can grab)."""

    def __init__(self, rect, on_scroll: Callable[[int], Any], *, label: str = "Scroll bar",
                 on_release: Callable[[], Any] | None = None):
        super().__init__(rect)
        self.on_scroll = on_scroll
        self.on_release = on_release
        """Called when the thumb is let go (the replay list saves its cache then)."""
        self.text = label
        self.first = self.shown = self.total = 0
        self.grab: int | None = None
        """While the thumb is dragged: where on it (pixels from its top) it was grabbed."""

    def show(self, first: int, shown: int, total: int) -> None:
        self.first, self.shown, self.total = first, shown, total
        self.visible = total > shown

    @property
    def span(self) -> int:
        """How far the list's first row can go (0: it all fits)."""
        return max(0, self.total - self.shown)

    def thumb(self) -> pygame.Rect:
        h = self.rect.h if not self.total else max(self.MIN_THUMB, self.rect.h * self.shown // self.total)
        h = min(h, self.rect.h)
        travel = self.rect.h - h
        y = self.rect.y + (travel * min(self.first, self.span) // self.span if self.span else 0)
        return pygame.Rect(self.rect.x, y, self.rect.w, h)

    def click(self, pos) -> bool:
        thumb = self.thumb()
        if thumb.collidepoint(pos):
            self.grab = pos[1] - thumb.y
            return False   # a grab is no click (no sound)
        self.on_scroll(self.first + (self.shown if pos[1] > thumb.y else -self.shown))
        return True

    def drag(self, pos) -> None:
        """The mouse moved with the thumb held: the list follows the thumb."""
        if self.grab is None:
            return
        thumb = self.thumb()
        travel = self.rect.h - thumb.h
        if travel <= 0:
            return
        y = min(max(pos[1] - self.grab, self.rect.y), self.rect.y + travel)
        first = round((y - self.rect.y) * self.span / travel)
        if first != self.first:
            self.on_scroll(first)

    def adjust(self, step: int) -> bool:
        """Left/Right while focused (the mouse over it focuses it): an eighth
        of what shows each way (a row of the replay list's eight)."""
        if not self.span:
            return False
        self.on_scroll(self.first + step * max(1, self.shown // 8))
        return True

    def activate(self) -> bool:
        """Enter/Space while focused: a page on, and from the end back to the
        start (the focus ring promised something and Enter did nothing)."""
        if not self.span:
            return False
        self.on_scroll(0 if self.first >= self.span else self.first + self.shown)
        return True

    def route(self, event) -> bool:
        """While the thumb is held the mouse drags it, until its button is let
        go (perhaps outside the window: a motion with no button down); True
        when the event was the bar's."""
        if self.grab is None:
            return False
        if event.type == pygame.MOUSEMOTION and getattr(event, "buttons", (1,))[0]:
            self.drag(event.pos)
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            self.grab = None
            if self.on_release is not None:
                self.on_release()
            return event.type == pygame.MOUSEBUTTONUP
        return False

    def draw(self, canvas, theme, focused, hovered):
        pygame.draw.rect(canvas, th.PARCHMENT_DARK, self.rect, border_radius=self.rect.w // 2)
        thumb = self.thumb()
        lit = hovered or focused or self.grab is not None
        pygame.draw.rect(canvas, th.BRASS if lit else th.BRASS_DARK, thumb, border_radius=self.rect.w // 2)
        note_drawn("Scroll thumb", thumb, True, kind="thumb")


class FocusGroup:
    """The widgets of one screen and which has the keyboard focus."""

    def __init__(self, app=None, widgets: Sequence[Widget] = ()):
        self.app = app
        self.widgets: list[Widget] = list(widgets)
        self.focus_index = -1
        self.hover: Widget | None = None
        self.focus_first()

    def add(self, widget: Widget) -> Widget:
        """Add a widget; the first focusable one takes the focus, so a new screen
        answers the keyboard at once."""
        self.widgets.append(widget)
        if self.focus_index < 0 and widget.can_focus:
            self.focus_index = len(self.widgets) - 1
        return widget

    def clear(self) -> None:
        """Drop every widget (a screen rebuilding its controls), focus and hover included."""
        self.widgets.clear()
        self.focus_index = -1
        self.hover = None

    def bounds(self) -> pygame.Rect | None:
        """The rectangle around every widget (a tutorial note points at it), or None."""
        rects = [w.rect for w in self.widgets]
        return rects[0].unionall(rects[1:]) if rects else None

    def rect_of(self, label: str) -> pygame.Rect | None:
        """Where the visible widget whose text starts with ``label`` sits (a
        lesson's note rings the one button it asks for, not its whole row), or None."""
        for w in self.widgets:
            if getattr(w, "visible", True) and str(getattr(w, "text", "")).startswith(label):
                return pygame.Rect(w.rect)
        return None

    def labels(self) -> list[str]:
        """The visible widgets' texts, sorted (a table's ``screen_facts``)."""
        return sorted(str(getattr(w, "text", "")) for w in self.widgets if getattr(w, "visible", True))

    @property
    def focused(self) -> Widget | None:
        """The widget with the keyboard focus, or None when it cannot take it now."""
        if 0 <= self.focus_index < len(self.widgets):
            w = self.widgets[self.focus_index]
            return w if w.can_focus else None
        return None

    def _set_focus(self, index: int) -> None:
        """Move the focus; a widget that gains it hears ``focus_gained``."""
        changed = index != self.focus_index
        self.focus_index = index
        if changed and 0 <= index < len(self.widgets):
            gained = getattr(self.widgets[index], "focus_gained", None)
            if gained is not None:
                gained()

    def focus(self, widget: Widget) -> None:
        """Give ``widget`` the focus (it hears ``focus_gained``) if it can take it."""
        if widget in self.widgets and widget.can_focus:
            self._set_focus(self.widgets.index(widget))

    def focus_first(self) -> None:
        """Focus the first focusable widget (or nothing), as a screen opens."""
        self.focus_index = next((i for i, w in enumerate(self.widgets) if w.can_focus), -1)

    def move(self, step: int) -> None:
        """Move the focus ``step`` focusable widgets on, wrapping (Tab, Up, Down)."""
        focusable = [i for i, w in enumerate(self.widgets) if w.can_focus]
        if not focusable:
            self.focus_index = -1
            return
        if self.focus_index not in focusable:
            self._set_focus(focusable[0 if step > 0 else -1])
        else:
            pos = focusable.index(self.focus_index)
            self._set_focus(focusable[(pos + step) % len(focusable)])
        self._sound("hover", 0.25)

    def _sound(self, name, volume=1.0):
        if self.app is not None:
            self.app.sounds.play(name, volume)

    def widget_at(self, pos) -> Widget | None:
        """The focusable widget under ``pos``, the one drawn last winning where they overlap."""
        for w in reversed(self.widgets):
            if w.can_focus and w.rect.collidepoint(pos):
                return w
        return None

    def handle_event(self, event) -> bool:
        """Route one event; True if a widget used it."""
        focused = self.focused
        if isinstance(focused, TextInput) and focused.text_input(event):
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_TAB:
                self.move(-1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1)
                return True
            if key in (pygame.K_DOWN,):
                self.move(1)
                return True
            if key in (pygame.K_UP,):
                self.move(-1)
                return True
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                step = -1 if key == pygame.K_LEFT else 1
                if focused is not None and focused.adjust(step):
                    self._sound("click", 0.5)
                else:
                    self.move(step)
                return True
            if key in ACTIVATE_KEYS and focused is not None:
                if focused.activate():
                    self._sound("click")
                return True
        elif event.type == pygame.MOUSEMOTION:
            w = self.widget_at(event.pos)
            if w is not None and w is not self.hover:
                self.focus(w)
            self.hover = w
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            w = self.widget_at(event.pos)
            if w is not None:
                self.focus(w)
                if w.click(event.pos):
                    self._sound("click")
                return True
        return False

    def draw(self, canvas: pygame.Surface, theme: th.Theme) -> None:
        """Draw every visible widget with its focus and hover state."""
        focused = self.focused
        for w in self.widgets:
            if w.visible:
                w.draw(canvas, theme, w is focused, w is self.hover)
                if w.focusable:   # what a person may click, as drawn (game/ui/drawn_controls.py)
                    note_drawn(str(getattr(w, "text", "") or getattr(w, "label", "")), w.rect,
                               w.can_focus and getattr(w, "on_click", True) is not None,
                               kind="button" if isinstance(w, Button) else type(w).__name__.lower())


class FacePicker(_ValueRow):
    """A set of numbers (e.g. Diced Out's bonus faces): Left/Right move the
    cursor, Enter toggles the number under it; at least one stays chosen."""

    def __init__(self, rect, label: str, values, minimum: int, maximum: int, on_change=None, **kw):
        super().__init__(rect, label, **kw)
        self.values = set(values)
        self.minimum, self.maximum = minimum, maximum
        self.cursor = minimum
        self.on_change = on_change

    def value_text(self) -> str:
        return " ".join(str(v) for v in sorted(self.values))

    def adjust(self, step: int) -> bool:
        self.cursor = self.minimum + (self.cursor - self.minimum + step) % (self.maximum - self.minimum + 1)
        return True

    def activate(self) -> bool:
        if self.cursor in self.values and len(self.values) > 1:
            self.values.discard(self.cursor)
        else:
            self.values.add(self.cursor)
        if self.on_change:
            self.on_change(tuple(sorted(self.values)))
        return True

    def _cell(self, n: int) -> pygame.Rect:
        box = self.value_rect
        count = self.maximum - self.minimum + 1
        w = box.w / count
        return pygame.Rect(int(box.x + (n - self.minimum) * w) + 1, box.y, int(w) - 2, box.h)

    def click(self, pos) -> bool:
        for n in range(self.minimum, self.maximum + 1):
            if self._cell(n).collidepoint(pos):
                self.cursor = n
                return self.activate()
        return False

    def draw(self, canvas, theme, focused, hovered):
        if not self.visible:
            return
        self.draw_label(canvas, theme, focused)
        for n in range(self.minimum, self.maximum + 1):
            cell = self._cell(n)
            on = n in self.values
            pygame.draw.rect(canvas, th.BRASS if on else th.WOOD, cell, border_radius=6)
            edge = th.BRASS_LIGHT if focused and n == self.cursor else th.WOOD_DARK
            pygame.draw.rect(canvas, edge, cell, 3 if focused and n == self.cursor else 1, border_radius=6)
            th.draw_text(canvas, theme, str(n), cell.center, 16, th.INK if on else th.CREAM_DIM,
                         bold=on, anchor="center")
