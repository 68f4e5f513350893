"""Settings: window, volumes, animation speed, reduced motion, palette, AI
reasons.  Every change is saved at once (``app.save_settings``)."""
from __future__ import annotations

from ..core.userfiles import CALL_WINDOW_MAX
from ..ui.pace import PACES
from ..ui.widgets import Button, Choice, Panel, Stepper, Toggle
from .base import MenuScene
from ..canvas import CENTRE_X


def _percent(tenths: int) -> str:
    """A volume step as players read it: "0 %", "80 %"."""
    return f"{tenths * 10} %"


class SettingsScene(MenuScene):
    name = "settings"
    title = "Settings"
    subtitle = "Saved as you change them"

    def __init__(self, app, overlay: bool = False):
        super().__init__(app)
        self.overlay = overlay

    def enter(self) -> None:
        # a sound device plugged in since the start is picked up here
        self.app.sounds.retry()
        super().enter()

    def build(self) -> None:
        s = self.app.settings
        self.ui.add(Panel((300, 132, 680, 496)))
        rows = [
            Choice((0, 0, 0, 0), "Display", [False, True], s.fullscreen, self._fullscreen,
                   fmt=lambda v: "Full screen" if v else "Window",
                   tooltip="A window or the whole screen (F11 switches anywhere)."),
            Stepper((0, 0, 0, 0), "Master volume", round(s.master_volume * 10), 0, 10,
                    lambda v: self._set("master_volume", v / 10), fmt=_percent,
                    tooltip="Every sound the game makes."),
            Stepper((0, 0, 0, 0), "Effects volume", round(s.effects_volume * 10), 0, 10,
                    lambda v: self._set("effects_volume", v / 10), fmt=_percent,
                    tooltip="Dice, cups and chips, under the master volume."),
            Choice((0, 0, 0, 0), "Animation speed", list(PACES), s.animation_speed,
                   lambda v: self._set("animation_speed", v), fmt=lambda v: PACES[v].label,
                   tooltip="How fast dice tumble, animations play and the AIs take their turns."),
            Toggle((0, 0, 0, 0), "Reduced motion", s.reduced_motion, lambda v: self._set("reduced_motion", v),
                   tooltip="Throws land at once and animations are short; nothing only decorative moves."),
            Toggle((0, 0, 0, 0), "Colour-blind palette", s.colorblind_palette,
                   lambda v: self._set("colorblind_palette", v),
                   tooltip="Seat colours chosen to stay distinct with colour-blindness (Okabe-Ito)."),
            Toggle((0, 0, 0, 0), "Show AI reasoning", s.show_ai_reasons,
                   lambda v: self._set("show_ai_reasons", v),
                   tooltip="The AIs say why they move; a bid's reason waits until its dice are shown."),
            Toggle((0, 0, 0, 0), "Pause after reveals", s.pause_after_reveal,
                   lambda v: self._set("pause_after_reveal", v),
                   tooltip="Each reveal stays on the table until you click or press Enter."),
            Stepper((0, 0, 0, 0), "Call window (Roll Call)", s.call_window, 0, CALL_WINDOW_MAX,
                    lambda v: self._set("call_window", v), fmt="{} s",
                    tooltip="How long a bid can be called out of turn before play goes on."),
        ]
        from ..ui import theme as th
        for i, w in enumerate(rows):
            w.rect.update(340, 148 + i * 48, 600, 42)
            w.label_width = 280
            w.label_colour = th.INK
            self.ui.add(w)
        self.ui.add(Button((540, 640, 200, 52), "Done", self.back, primary=True))

    def update(self, dt: float) -> None:
        # F11 switches the display anywhere: the Display row must follow it
        display = self.ui.widgets[1] if len(self.ui.widgets) > 1 else None
        if display is not None and getattr(display, "value", None) != self.app.settings.fullscreen:
            self.rebuild()

    def _set(self, key: str, value) -> None:
        setattr(self.app.settings, key, value)
        self.app.save_settings()

    def _fullscreen(self, value: bool) -> None:
        if value != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()

    def hint(self) -> str:
        """What the row under the mouse (else the focused row) does, in one line."""
        for widget in (self.ui.hover, self.ui.focused):
            tip = getattr(widget, "tooltip", "") if widget is not None else ""
            if tip:
                return tip
        return ""

    def draw(self, canvas, alpha: float) -> None:
        super().draw(canvas, alpha)
        from ..ui import theme as th
        hint = self.hint()
        if hint:   # on the panel, under the rows
            th.draw_text(canvas, self.theme, hint, (CENTRE_X, 580), 17, th.INK, style="italic", anchor="midtop")
        if not self.app.sounds.enabled:
            th.draw_text(canvas, self.theme, "Sound: no audio device \u00b7 the game plays silently until one is found",
                         (CENTRE_X, 602), 17, th.INK, style="italic", anchor="midtop")

    def draw_content(self, canvas):
        from ..ui import theme as th
        th.draw_text(canvas, self.theme, "0 % means silent \u00b7 Fast (2x) halves every wait: dice, animations, AI thinking",
                     (CENTRE_X, 716), 16, th.CREAM_DIM, anchor="midbottom", shadow=1)
