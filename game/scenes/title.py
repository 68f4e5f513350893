"""The title screen: the five games as cards, Continue, Replays, Stats, Settings, Quit."""
from __future__ import annotations

import threading

import pygame

from .. import games
from ..core import journal, userfiles
from ..core.userfiles import UserFileError
from ..ui import pictures
from ..ui import theme as th
from ..ui.widgets import Button
from ..version import VERSION
from .base import MenuScene
from .launch import is_playable, make_table, menu_game_ids
from .opening import open_table
from ..canvas import CENTRE_X


class GameCard(Button):
    """A game on the title screen: picture, name, one line, its players
    (greyed out while another copy holds the data folder)."""

    def __init__(self, rect, game_id: str, on_click, *, enabled: bool):
        super().__init__(rect, games.game_info(game_id).title, on_click, enabled=enabled)
        self.game_id = game_id
        self.info = games.game_info(game_id)
        self._faces: dict = {}

    def draw(self, canvas, theme, focused, hovered):
        rect = self.rect.move(0, -6 if (focused or hovered) and self.enabled else 0)
        if focused and self.enabled:
            glow = pygame.Surface(rect.inflate(20, 20).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*th.BRASS_LIGHT, 80), glow.get_rect(), border_radius=22)
            canvas.blit(glow, rect.inflate(20, 20).topleft)
        # the card itself is painted once per look (focused or not) and reused:
        # repainting pictures and text every frame cost the idle title most of its CPU
        key = (bool(focused), theme.colorblind, rect.size)
        face = self._faces.get(key)
        if face is None:
            face = pygame.Surface((rect.w + 32, rect.h + 36), pygame.SRCALPHA)
            self._paint(face, pygame.Rect(12, 12, rect.w, rect.h), theme, focused)
            self._faces[key] = face
        canvas.blit(face, (rect.x - 12, rect.y - 12))

    def _paint(self, canvas, rect, theme, focused):
        th.panel(canvas, rect, fill=th.PARCHMENT if self.enabled else th.PARCHMENT_DARK,
                 border=th.BRASS_LIGHT if focused else th.BRASS_DARK, radius=14, width=3)
        pic = pygame.Rect(rect.x + 12, rect.y + 12, rect.w - 24, int(rect.w * 0.62))
        pictures.game_picture(canvas, pic, self.game_id)
        if not self.enabled:
            veil = pygame.Surface(pic.size, pygame.SRCALPHA)
            veil.fill((40, 30, 20, 130))
            canvas.blit(veil, pic.topleft)
        y = pic.bottom + 10
        th.draw_text(canvas, theme, self.info.title, (rect.centerx, y), 27, th.INK, bold=True,
                     style="display", anchor="midtop")
        font = theme.font(15, style="italic")
        for i, line in enumerate(th.wrap_text(font, self.info.tagline, rect.w - 28)[:3]):
            th.blit_text(canvas, font.render(line, True, (92, 70, 50)), (rect.centerx, y + 38 + i * 19), "midtop")
        players = f"{self.info.min_players}\u2013{self.info.max_players} players"
        th.draw_text(canvas, theme, players, (rect.centerx, rect.bottom - 14), 14, th.BRASS_DARK,
                     bold=True, anchor="midbottom")


class TitleScene(MenuScene):
    name = "title"

    def __init__(self, app):
        super().__init__(app)
        self._saved: str | None = None
        """What Continue resumes, once known (``saved_game``)."""
        self._described = ""
        self._describing: threading.Thread | None = None   # the thread finding it out
        self._spare_problem: str | None = None
        """Why no spare data folder can be written either (asked as the buttons are built), or None."""

    def build(self) -> None:
        ids = menu_game_ids()
        read_only = self.app.read_only
        playable_here = not read_only or self.app.records_off is not None   # in memory: nothing to clobber
        gap = 18
        width = min(220, (1180 - gap * (len(ids) - 1)) // len(ids))
        x0 = CENTRE_X - (width * len(ids) + gap * (len(ids) - 1)) // 2
        for i, game_id in enumerate(ids):
            self.ui.add(GameCard((x0 + i * (width + gap), 200, width, 300), game_id,
                                 lambda g=game_id: self.open_setup(g),
                                 enabled=is_playable(game_id) and playable_here))
        # a plain file check: the save machinery (Match, seeds) loads on Continue, or off the
        # frame to say what Continue resumes (``saved_game``)
        has_save = not read_only and (journal.exists() or userfiles.autosave_path().is_file())
        saved = self.saved_game() if has_save else ""
        if read_only and self.app.table_lock.unwritable:
            # nothing can be written here: "Play here" cannot work, "Another folder" only where one can be made
            self._spare_problem = self._spare_folder_problem()
            spare = self._spare_problem is None
            labels = ([("Another folder", self.another_folder, True)] if spare else []) + [
                ("Replays", self.open_replays, False), ("Stats", self.open_stats, False),
                ("Quit", self.app.quit, False)]
        elif read_only:   # another copy plays with this folder: look, or play elsewhere
            labels = [("Play here", self.play_here, True), ("Another folder", self.another_folder, False),
                      ("Replays", self.open_replays, False), ("Stats", self.open_stats, False),
                      ("Quit", self.app.quit, False)]
        else:
            labels = ([("Continue", self.continue_game, True)] if has_save else []) + [
                ("Learn to play", self.open_learn, False), ("Replays", self.open_replays, False),
                ("Stats", self.open_stats, False), ("Settings", self.open_settings, False),
                ("Quit", self.app.quit, False)]
        w, gap = 190, 20
        x0 = CENTRE_X - (w * len(labels) + gap * (len(labels) - 1)) // 2
        for i, (text, action, primary) in enumerate(labels):
            sub = saved if text == "Continue" else ""
            self.ui.add(Button((x0 + i * (w + gap), 560, w, 54), text, action, primary=primary, sub=sub,
                               tooltip=f"Continue: {sub}" if sub else ""))
        if has_save or read_only and not (self.app.records_off is not None and self._spare_problem is not None):
            self.ui.focus(self.ui.widgets[len(ids)])   # Continue, Play here or Another folder

    def play_here(self) -> None:
        """Read-only: try the folder's lock again (the other copy may have closed)."""
        if self.app.take_table():
            self.app.toast("This copy now plays with the data folder.")
            self._saved = None
            self.rebuild()
        elif self.app.table_lock.unwritable:
            self.app.toast(f"The data folder still cannot be written ({self.app.table_lock.unwritable}).")
        else:
            self.app.toast("The other copy of Dice Tavern is still open with this data folder.")

    def another_folder(self) -> None:
        """Read-only: play with a separate data folder beside the usual one
        (its own stats, replays and saved game)."""
        from ..core.table_lock import another_folder
        lock = another_folder(userfiles.data_dir())
        if lock is None:
            problem = self._spare_folder_problem()
            self.app.toast(f"No folder beside the data folder can be written ({problem})." if problem
                           else "Every spare data folder is in use by another copy.")
            self.rebuild()
            return
        self.app.take_table(lock)
        self.app.toast(f"This copy plays with the data folder {lock.folder}")
        self._saved = None
        self.rebuild()

    def _spare_folder_problem(self) -> str | None:
        from ..core.table_lock import spare_folders_unwritable
        return spare_folders_unwritable(userfiles.data_dir())

    def saved_game(self) -> str:
        """What Continue resumes ("Liar's Dice, round 4": ``app.autosave.describe``),
        or "" until it is known: the save is replayed to find its round, on a
        thread when the app thinks in the background (the title's first frame
        does not wait), at once otherwise (tests, screenshots)."""
        if self._saved is not None:
            return self._saved
        if not self.app.think_in_background:
            self._saved = self.app.autosave.describe()
            return self._saved
        if self._describing is None:
            def describe() -> None:
                self._described = self.app.autosave.describe()
            self._describing = threading.Thread(target=describe, name="describe-autosave", daemon=True)
            self._describing.start()
        return ""

    def update(self, dt: float) -> None:
        if self._describing is not None and not self._describing.is_alive():
            self._describing = None
            self._saved = self._described
            self.rebuild()   # Continue says what it resumes

    def is_idle(self) -> bool:
        return self._describing is None and super().is_idle()

    def open_setup(self, game_id: str) -> None:
        from .setup import SetupScene
        self.app.push(SetupScene(self.app, game_id))

    def open_learn(self) -> None:
        from .learn import LearnScene
        self.app.push(LearnScene(self.app))

    def open_settings(self) -> None:
        from .settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def open_stats(self) -> None:
        from .stats import StatsScene
        self.app.push(StatsScene(self.app))

    def open_replays(self) -> None:
        from .replay import ReplayListScene
        self.app.push(ReplayListScene(self.app))

    def continue_game(self) -> None:
        try:
            match = self.app.autosave.load()
        except UserFileError as exc:
            self.app.toast(f"Could not continue: {exc}. The damaged save was kept aside.")
            self.rebuild()
            return
        except Exception as exc:  # a game's rules raising on an old log: keep the title alive
            self.app.toast(f"Could not continue the saved game: {exc}")
            return
        open_table(self.app, make_table(self.app, match))   # the hand-over a new game has (scenes/opening.py)

    def back(self) -> None:
        pass  # Esc on the title does nothing; Quit is a button

    def resume(self) -> None:
        self.app.sounds.retry()  # cheap and rate-limited: sound returns if a device appeared
        self._saved = None       # a game played since has saved another moment (or none)
        self.rebuild()

    def draw_heading(self, canvas, y=40):
        th.draw_text(canvas, self.theme, "Dice Tavern", (CENTRE_X, 34), 92, th.BRASS_LIGHT,
                     style="display", anchor="midtop", shadow=4)
        if self.app.read_only:
            self._draw_read_only_notice(canvas)
        else:
            th.draw_text(canvas, self.theme, "Five dice games around one felt table", (CENTRE_X, 138), 22,
                         th.CREAM_DIM, style="italic", anchor="midtop", shadow=2)
        pictures.die(canvas, (356, 92), 44, 5, angle=-16)
        pictures.die(canvas, (924, 92), 44, 3, angle=14)

    def _draw_read_only_notice(self, canvas) -> None:
        """Why the games are greyed out: another copy holds this data folder,
        or nothing can be written to it (a read-only folder, a file in its way)."""
        strip = pygame.Rect(0, 0, 900, 58)
        strip.midtop = (CENTRE_X, 134)
        th.panel(canvas, strip, fill=th.PARCHMENT, border=th.BRASS_DARK, radius=10, shadow=False, width=2)
        trouble = self.app.table_lock.trouble()
        if trouble:
            heading = f"The data folder cannot be written: {trouble}."
            font = self.theme.font(18, True)
            if font.size(heading)[0] > strip.w - 24:   # a long path: its last two names
                heading = th.fit_text(font, f"The data folder cannot be written: {self.app.table_lock.trouble(True)}.",
                                      strip.w - 24)
            then = ("Play here and nothing is saved (no Continue, replays or stats), or play with another folder."
                    if self._spare_problem is None else
                    "Nor can a folder beside it. You can play, but nothing is saved: no Continue, replays or stats.")
        else:
            heading = "Dice Tavern is already open with this data folder in another window."
            then = "Here you can watch replays and see your stats. Play here once the other copy closes, " \
                   "or play with another folder."
        th.draw_text(canvas, self.theme, heading, (CENTRE_X, strip.y + 7), 18, th.INK, bold=True, anchor="midtop")
        th.draw_text(canvas, self.theme, then, (CENTRE_X, strip.y + 32), 15, th.INK, anchor="midtop")

    def draw_content(self, canvas):
        th.draw_text(canvas, self.theme, "Arrows choose \u00b7 Enter plays \u00b7 F11 full screen",
                     (CENTRE_X, 700), 15, th.CREAM_DIM, anchor="midbottom")
        # which build this is, for bug reports (the same text as `--version`)
        th.draw_text(canvas, self.theme, f"v{VERSION}", (1268, 712), 13, th.CREAM_DIM, anchor="bottomright")
