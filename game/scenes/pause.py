"""The pause menu over a table: resume, rules, settings, save and quit."""
from __future__ import annotations

from ..core.userfiles import UserFileError
from ..ui import pictures
from ..ui import theme as th
from ..ui.game_end import not_saved
from ..ui.intent import IntentGate
from ..ui.widgets import Button
from .base import MenuScene
from .curtain import CurtainScene
from ..canvas import CENTRE_X


class PauseScene(MenuScene):
    name = "pause"
    overlay = True
    still_below = True   # the paused table is drawn once (``App.draw``): a pause rests
    quiet_frames_to_rest = 2   # the still table and a menu that changes only on input: rest at once
    title = "Paused"

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.save_failed = False
        """The last "Save and quit" could not save: the menu stays up and the
        button says it would quit without saving."""
        self.quit_unsaved = IntentGate(app.input)
        """Opens a moment after a save failed, so the second click of the
        press that failed does not quit without saving."""

    BOARD = (440, 130, 400, 460)

    def enter(self) -> None:
        super().enter()
        phones = getattr(self.table, "phones", None)
        if phones is not None:
            phones.set_paused(True)   # every phone says "The table is paused" (the table is not pumped now)

    def exit(self) -> None:
        super().exit()
        phones = getattr(self.table, "phones", None)
        if phones is not None:
            phones.set_paused(False)

    def build(self) -> None:
        items = [("Resume", self.back, True), ("Rules", self.open_rules, False),
                 ("Settings", self.open_settings, False)]
        if self.offers_phones():
            items.append(("Phone codes" if self.table.phones is not None else "Use phones", self.use_phones, False))
        if self.game_over():
            items.append((self.TO_RESULTS, self.to_results, False))
        else:
            unsaved = self.save_failed or self.app.records_off is not None   # nothing can be saved: said as it is
            leave = "Quit without saving" if unsaved else "Save and quit to title"
            items.append((leave, self.quit_to_title, False))
        gap = 72 if len(items) <= 4 else 60
        for i, (text, action, primary) in enumerate(items):
            self.ui.add(Button((480, 262 + i * gap, 320, 56 if gap == 72 else 50), text, action, primary=primary))

    def offers_phones(self) -> bool:
        """"Use phones" for a table with human seats (not a replay or a lesson)."""
        table = self.table
        return (bool(getattr(table, "humans", ())) and getattr(table, "replay", None) is None
                and getattr(table, "tutorial", None) is None and not table.match.is_over)

    def use_phones(self) -> None:
        """Every human seat on its own phone from now on (their codes over the
        table).  Chosen behind a pass-the-screen curtain, that curtain closes
        too: its seat may be on a phone now, and when the codes are done the
        table brings the curtain it needs then, once (it was left behind,
        "Pass to Ana" over a seat whose dice had gone to her phone)."""
        table = self.table
        self.app.pop()
        under = self.app.stack[-2] if len(self.app.stack) >= 2 and self.app.stack[-1] is self else None
        if isinstance(under, CurtainScene) and under.table is table:
            self.app.pop()
            table.hot_seat.curtain_taken_down()
        seats = table.phones.seats if table.phones is not None else table.humans
        if not table.offer_phones(seats):
            table.hot_seat.maybe_curtain()   # no phones after all: the curtain comes back

    def draw_into_still(self, canvas) -> None:
        """All but the buttons: the dimmed table, the board and the words on
        it never change while the menu is open (the dimming alone was about
        1.5 ms of every frame the resting pause checked)."""
        self.draw_backdrop(canvas)
        self.draw_heading(canvas)
        self.draw_content(canvas)

    def draw_over_still(self, canvas, alpha: float) -> None:
        self.ui.draw(canvas, self.theme)

    def draw_backdrop(self, canvas) -> None:
        super().draw_backdrop(canvas)  # the table, dimmed
        th.wood_board(canvas, self.BOARD)

    def draw_heading(self, canvas, y=0):
        th.draw_text(canvas, self.theme, "Paused", (CENTRE_X, 150), 56, th.BRASS_LIGHT, style="display",
                     anchor="midtop", shadow=3)
        try:
            from .. import games
            name = games.game_info(self.table.match.game_id).title
        except Exception:  # a test double without a registered game
            name = ""
        if name:
            th.draw_text(canvas, self.theme, name, (CENTRE_X, 214), 18, th.CREAM_DIM, style="italic",
                         anchor="midtop")
        pictures.die(canvas, (484, 184), 30, 5, angle=-14)
        pictures.die(canvas, (796, 184), 30, 2, angle=12)

    def draw_content(self, canvas) -> None:
        th.draw_text(canvas, self.theme, "Esc resumes", (CENTRE_X, 572), 14, th.CREAM_DIM, anchor="midbottom")

    def open_rules(self) -> None:
        from .rules import RulesScene
        match = self.table.match
        self.app.push(RulesScene(self.app, match.game_id, match.options, overlay=True))

    def open_settings(self) -> None:
        from .settings import SettingsScene
        self.app.push(SettingsScene(self.app, overlay=True))

    TO_RESULTS = "Quit to the results"

    def game_over(self) -> bool:
        """The table's game is over and recorded, its last moment still on
        screen (held by "pause after reveals", or the final position's
        moment before the results): there is nothing left to save."""
        table = self.table
        return (table.match.is_over and getattr(table, "replay", None) is None
                and getattr(table, "tutorial", None) is None and hasattr(table, "held"))

    def to_results(self) -> None:
        """Leave a finished game's last moment for its results, as continuing
        it does.  "Save and quit to title" there saved nothing (the game was
        over and already in the replays and stats), went to the title with no
        Continue, and the player never saw who won: a game that is over ends
        at its results, as a commercial game's does, and the results lead
        to the title."""
        self.app.pop()
        held = self.table.held
        if held.active():
            held.release()   # as the player's click on it: the table hands over to the results

    def quit_to_title(self) -> None:
        """Save and leave.  A save that fails (a full disk) keeps the menu up:
        on the title the game would be gone with no Continue; the button then
        reads "Quit without saving" and does that, once its press can be
        meant for it (not the second click of the one that failed)."""
        match = self.table.match
        if self.app.records_off is not None:
            self.app.nav.title()
            return
        if self.save_failed:
            if self.quit_unsaved.is_open:
                self.app.nav.title()
            return
        if not match.is_over and self.table.replay is None:
            try:
                self.app.autosave.save(match)
                self.app.autosave.flush()
            except UserFileError as exc:
                self.app.toast(not_saved(exc))
                self.save_failed = True
                self.quit_unsaved.again()
                self.rebuild()
                return
            if self.table.phones is not None:
                self.table.phones.close(saved=True)   # "The host left the table; your dice are safe"
        self.app.nav.title()
