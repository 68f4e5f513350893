"""Stats: every finished game at this computer, per game and per table.

A tab per game (and "All games"): a ledger of the tables played (AI level,
mixed, solo, hot-seat) with games, wins, win rate, streaks and the best
score; the faces bid most (Liar's Dice, Roll Call); and the dice-luck panel:
a bar per face against the fair line, with the chi-square verdict in plain
words.  "Reset stats" asks first.  The numbers come from ``game.core.stats``.
"""
from __future__ import annotations

from functools import partial

import pygame

from .. import games
from ..canvas import CENTRE_X
from ..core import stats as st
from ..core import userfiles
from ..games.bidding.bids import face_name
from ..core.userfiles import UserFileError
from ..ui import pictures
from ..ui import theme as th
from ..ui.widgets import Button
from .base import MenuScene

LEDGER = pygame.Rect(36, 168, 664, 452)
LUCK = pygame.Rect(724, 168, 520, 452)
KIND_NAMES = {"d6": "Six-sided dice", "emblem": "Emblem dice", "bone": "Bone dice (d12)"}
RED_INK = (140, 44, 30)
SOFT_INK = (112, 88, 64)


def _n(value: int) -> str:
    """A count in a sentence, whole: "30,000 games"."""
    return f"{value:,}"


def _cell(value: int) -> str:
    """A count in a column, a card or over a bar: at most five characters
    ("9,999", "12.3k", "456k", "1.2M", "-1.0B"), since a stats file may hold
    counts up to a billion and "6,000,000,000" ran over the next column."""
    size = abs(value)
    if size < 10_000:
        return f"{value:,}"
    for scale, unit in ((10 ** 9, "B"), (10 ** 6, "M"), (10 ** 3, "k")):
        if size >= scale:
            short = value / scale
            if abs(round(short, 1)) < 100:
                return f"{short:.1f}{unit}"
            if abs(round(short)) < 1000 or unit == "B":
                return f"{round(short)}{unit}"
    return f"{value:,}"


class Tab(Button):
    """A tab of the ledger: the chosen one is parchment, joined to the card below."""

    def __init__(self, rect, text, on_click, *, selected: bool):
        super().__init__(rect, text, on_click, size=17)
        self.selected = selected

    def draw(self, canvas, theme, focused, hovered):
        if not self.selected:
            super().draw(canvas, theme, focused, hovered)
            return
        rect = self.rect
        if focused:
            glow = pygame.Surface(rect.inflate(16, 16).size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*th.BRASS_LIGHT, 70), glow.get_rect(), border_radius=18)
            canvas.blit(glow, rect.inflate(16, 16).topleft)
        pygame.draw.rect(canvas, th.WOOD_DARK, rect.move(0, 3), border_radius=10)
        pygame.draw.rect(canvas, th.PARCHMENT, rect, border_radius=10)
        pygame.draw.rect(canvas, th.BRASS_LIGHT if focused else th.BRASS, rect, 3, border_radius=10)
        th.draw_text(canvas, theme, self.text, rect.center, self.size, th.INK, bold=True, anchor="center")


class StatsScene(MenuScene):
    name = "stats"
    title = "Your Stats"

    def __init__(self, app, tab: str = "all"):
        super().__init__(app)
        self.tab = tab
        self.kind_index = 0
        self.confirming = False
        self.data = userfiles.fresh_stats()
        self.reload()

    # --- data ----------------------------------------------------------
    def reload(self) -> None:
        data, note = userfiles.load_stats()
        self.data = data
        if note:
            self.app.toast(note)

    @property
    def tabs(self) -> list[tuple[str, str]]:
        return [("all", "All games")] + [(g, games.game_info(g).title) for g in games.GAME_IDS]

    def shown(self) -> st.GameStats:
        return st.overview(self.data) if self.tab == "all" else st.game_stats(self.data, self.tab)

    # --- widgets -------------------------------------------------------
    def build(self) -> None:
        if self.confirming:
            self.ui.add(Button((452, 430, 180, 54), "Keep them", self.cancel_reset))
            self.ui.add(Button((648, 430, 180, 54), "Reset", self.do_reset, primary=True))
            return
        if not st.has_any(self.data):
            self.ui.add(Button((545, 646, 190, 52), "Back", self.back, primary=True))
            return
        tabs = self.tabs
        w, gap = 196, 8
        x0 = CENTRE_X - (w * len(tabs) + gap * (len(tabs) - 1)) // 2
        for i, (key, label) in enumerate(tabs):
            self.ui.add(Tab((x0 + i * (w + gap), 116, w, 42), label, lambda k=key: self.choose(k),
                            selected=key == self.tab))
        lucks = self.shown().luck
        if len(lucks) > 1:
            self.kind_index = min(self.kind_index, len(lucks) - 1)
            bw = (LUCK.w - 60 - 8 * (len(lucks) - 1)) // len(lucks)
            for i, luck in enumerate(lucks):
                self.ui.add(Button((LUCK.x + 30 + i * (bw + 8), LUCK.y + 70, bw, 32),
                                   KIND_NAMES.get(luck.kind, luck.kind), partial(self.choose_kind, i),
                                   size=15, primary=i == self.kind_index))
        self.ui.add(Button((440, 646, 190, 52), "Reset stats", self.ask_reset,
                           enabled=st.has_any(self.data) and not self.app.read_only))
        self.ui.add(Button((650, 646, 190, 52), "Back", self.back, primary=True))

    def enter(self) -> None:
        super().enter()
        self._focus_tab()

    def choose(self, key: str) -> None:
        if key != self.tab:
            self.tab = key
            self.kind_index = 0
            self.rebuild()
            self._focus_tab()

    def _focus_tab(self) -> None:
        for w in self.ui.widgets:
            if isinstance(w, Tab) and w.selected:
                self.ui.focus(w)

    def choose_kind(self, index: int) -> None:
        self.kind_index = index
        self.rebuild()

    def ask_reset(self) -> None:
        self.confirming = True
        self.ui.clear()
        self.rebuild()

    def cancel_reset(self) -> None:
        self.confirming = False
        self.ui.clear()
        self.rebuild()

    def do_reset(self) -> None:
        try:
            st.reset()
        except UserFileError as exc:
            self.app.toast(f"Could not reset the stats: {exc}")
        self.app.rivals.forget()   # a fresh start: the AIs forget how you played too
        note = self.app.rivals.take_note()
        if note:
            self.app.toast(note)
        self.reload()
        self.confirming = False
        self.ui.clear()
        self.rebuild()
        self.app.toast("Stats reset: a fresh start.")

    def back(self) -> None:
        if self.confirming:
            self.cancel_reset()
        else:
            self.app.pop()

    def handle_event(self, event) -> None:
        super().handle_event(event)
        # Left/Right along the tab row shows the tab under the focus (the mouse only by clicking)
        focused = self.ui.focused
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT)
                and isinstance(focused, Tab) and not focused.selected):
            focused.activate()

    # --- drawing -------------------------------------------------------
    def draw_heading(self, canvas, y=24):
        th.draw_text(canvas, self.theme, self.title, (CENTRE_X, 18), 56, th.BRASS_LIGHT, style="display",
                     anchor="midtop", shadow=3)
        th.draw_text(canvas, self.theme, "Every finished game at this computer", (CENTRE_X, 82), 18,
                     th.CREAM_DIM, style="italic", anchor="midtop", shadow=2)
        pictures.die(canvas, (456, 52), 34, 6, angle=-16)
        pictures.die(canvas, (824, 52), 34, 3, angle=12)

    def draw(self, canvas, alpha: float) -> None:
        self.draw_backdrop(canvas)
        self.draw_heading(canvas)
        if self.confirming:
            self.draw_content(canvas)
            self._draw_confirm(canvas)
            self.ui.draw(canvas, self.theme)
            return
        self.draw_content(canvas)
        self.ui.draw(canvas, self.theme)

    def draw_content(self, canvas) -> None:
        shown = self.shown()
        if not st.has_any(self.data):
            self._draw_empty(canvas, "No games yet",
                             "Finish a game against the tavern's regulars and it is counted here: "
                             "wins, streaks, best scores and how your dice really rolled.")
            return
        self._draw_ledger(canvas, shown)
        self._draw_luck(canvas, shown)

    def _draw_empty(self, canvas, heading: str, text: str) -> None:
        card = pygame.Rect(240, 150, 800, 460)
        th.panel(canvas, card)
        pygame.draw.rect(canvas, th.BRASS_DARK, card.inflate(-16, -16), 1, border_radius=10)
        felt = pygame.Rect(0, 0, 360, 150)
        felt.midtop = (card.centerx, card.y + 40)
        pygame.draw.rect(canvas, th.FELT, felt, border_radius=14)
        pygame.draw.rect(canvas, th.FELT_DARK, felt, 4, border_radius=14)
        pictures.cup(canvas, (felt.centerx - 90, felt.centery + 4), 70, 76)
        for i, (face, angle) in enumerate(((5, -18), (2, 10), (6, 24))):
            pictures.die(canvas, (felt.centerx + 10 + i * 52, felt.centery + (8 if i % 2 else -10)), 40, face,
                         angle=angle)
        th.draw_text(canvas, self.theme, heading, (card.centerx, felt.bottom + 28), 40, th.INK, style="display",
                     bold=True, anchor="midtop")
        font = self.theme.font(19, style="italic")
        for i, line in enumerate(th.wrap_text(font, text, card.w - 160)):
            th.blit_text(canvas, font.render(line, True, SOFT_INK), (card.centerx, felt.bottom + 92 + i * 27), "midtop")
        # what the screen will show, one small tile each
        tiles = (("Wins and streaks", "per table: Easy, Normal, Hard AI"), ("Best scores", "and Diced Out's personal best"),
                 ("Dice luck", "your rolls against fair dice"))
        w, gap = 220, 20
        x0 = card.centerx - (3 * w + 2 * gap) // 2
        for i, (name, sub) in enumerate(tiles):
            box = pygame.Rect(x0 + i * (w + gap), card.bottom - 112, w, 84)
            pygame.draw.rect(canvas, (245, 234, 208), box, border_radius=10)
            pygame.draw.rect(canvas, th.PARCHMENT_DARK, box, 1, border_radius=10)
            icon = pygame.Rect(box.x + 14, box.y + 18, 44, 44)
            if i == 0:      # a win-rate bar
                for k, h in enumerate((18, 30, 24, 40)):
                    pygame.draw.rect(canvas, self.theme.good if k == 3 else th.BRASS,
                                     (icon.x + k * 11, icon.bottom - h, 8, h), border_radius=2)
            elif i == 1:    # a brass star
                pictures.star(canvas, icon.center, 22, th.BRASS)
                pictures.star(canvas, icon.center, 13, th.BRASS_LIGHT)
            else:           # a die above the fair line
                pictures.die(canvas, icon.center, 34, 6, angle=-10)
                for k in range(3):
                    pygame.draw.line(canvas, th.BRASS_DARK, (icon.x - 4 + k * 18, icon.bottom + 4),
                                     (icon.x + 6 + k * 18, icon.bottom + 4), 2)
            th.draw_text(canvas, self.theme, name, (box.x + 70, box.y + 20), 17, th.INK, bold=True)
            small = self.theme.font(13, style="italic")
            for k, line in enumerate(th.wrap_text(small, sub, w - 82)[:2]):
                th.blit_text(canvas, small.render(line, True, SOFT_INK), (box.x + 70, box.y + 44 + k * 16), "topleft")

    # the ledger ------------------------------------------------------------
    def _draw_ledger(self, canvas, shown: st.GameStats) -> None:
        card = LEDGER
        th.panel(canvas, card, radius=12)
        pygame.draw.rect(canvas, th.BRASS_DARK, card.inflate(-14, -14), 1, border_radius=8)
        theme = self.theme
        title = "All games" if self.tab == "all" else games.game_info(self.tab).title
        th.draw_text(canvas, theme, title, (card.x + 28, card.y + 16), 32, th.INK, style="display", bold=True)
        total = shown.total
        summary = self._summary_line(shown)
        th.draw_text(canvas, theme, summary, (card.right - 28, card.y + 30), 16, SOFT_INK, style="italic",
                     anchor="topright")
        if not shown.games:
            name = games.game_info(self.tab).title
            font = theme.font(19, style="italic")
            pictures.game_picture(canvas, pygame.Rect(card.centerx - 110, card.y + 110, 220, 130), self.tab)
            for i, line in enumerate(th.wrap_text(font, f"No {name} games yet. Finish one and it is counted "
                                                  "here.", card.w - 120)):
                th.blit_text(canvas, font.render(line, True, SOFT_INK), (card.centerx, card.y + 266 + i * 26),
                             "midtop")
            return
        best_label = shown.spec.label if shown.spec and self.tab != "all" else ""
        x = card.x
        if best_label:
            cols = {"games": x + 246, "wins": x + 306, "rate": x + 398, "streak": x + 480, "best_streak": x + 534,
                    "best": x + 602}
        else:
            cols = {"games": x + 300, "wins": x + 372, "rate": x + 472, "streak": x + 566, "best_streak": x + 626}
        y = card.y + 66
        head = theme.font(13, True)

        def heading(text, cx, top=y):
            for i, line in enumerate(th.wrap_text(head, text.upper(), 86)):
                th.blit_text(canvas, head.render(line, True, th.BRASS_DARK), (cx, top + i * 15), "midtop")

        th.blit_text(canvas, head.render("GAME" if self.tab == "all" else "TABLE", True, th.BRASS_DARK),
                     (card.x + 32, y + 15), "topleft")
        heading("Games", cols["games"], y + 15)
        heading("Wins", cols["wins"], y + 15)
        heading("Win rate", cols["rate"], y + 15)
        mid = (cols["streak"] + cols["best_streak"]) // 2
        heading("Streak", mid)
        pygame.draw.line(canvas, th.PARCHMENT_DARK, (cols["streak"] - 22, y + 16), (cols["best_streak"] + 22, y + 16), 1)
        small = theme.font(12, style="italic")
        th.blit_text(canvas, small.render("now", True, th.BRASS_DARK), (cols["streak"], y + 18), "midtop")
        th.blit_text(canvas, small.render("best", True, th.BRASS_DARK), (cols["best_streak"], y + 18), "midtop")
        if best_label:
            heading(best_label, cols["best"], y + (15 if head.size(best_label.upper())[0] <= 86 else 0))
        y += 36
        pygame.draw.line(canvas, th.BRASS_DARK, (card.x + 24, y), (card.right - 24, y), 2)
        rows = shown.rows + ([total] if len(shown.rows) > 1 else [])
        y += 6
        row_h = max(28, min(38, (card.bottom - 140 - y) // len(rows)))
        for i, row in enumerate(rows):
            is_total = row is total
            band = pygame.Rect(card.x + 22, y, card.w - 44, row_h - 4)
            if is_total:
                pygame.draw.rect(canvas, (232, 214, 170), band, border_radius=6)
            elif i % 2 == 0:
                pygame.draw.rect(canvas, (245, 234, 208), band, border_radius=6)
            self._draw_row(canvas, row, band, cols, bold=is_total)
            y += row_h
        bottom = max(y + 8, card.bottom - 132)
        if self.tab != "all" and bottom - y > 60:   # room left: say how the table fills up
            font = theme.font(15, style="italic")
            hint = "A row appears for each table you play: Easy, Normal, Hard or mixed AI, solo, hot-seat."
            for i, line in enumerate(th.wrap_text(font, hint, card.w - 80)[:2]):
                th.blit_text(canvas, font.render(line, True, SOFT_INK), (card.centerx, (y + bottom) // 2 - 18 + i * 20),
                             "midtop")
        self._draw_bids(canvas, shown, pygame.Rect(card.x + 24, bottom, card.w - 48, 116))

    def _summary_line(self, shown: st.GameStats) -> str:
        total = shown.total
        if not total.games:
            return ""
        games_text = f"{_n(total.games)} game{'s' if total.games != 1 else ''}"
        if total.wins is None:
            return games_text
        return f"{games_text} \u00b7 {_n(total.wins)} won"

    def _draw_row(self, canvas, row: st.Row, band: pygame.Rect, cols: dict, *, bold: bool) -> None:
        theme = self.theme
        cy = band.centery
        dash = "\u2013"
        name_x = band.x + 10
        if self.tab == "all" and row.key in games.GAME_IDS:
            pictures.game_picture(canvas, pygame.Rect(name_x, cy - 13, 40, 26), row.key)
            name_x += 50
        elif row.key in ("easy", "normal", "hard"):
            pips = {"easy": 1, "normal": 2, "hard": 3}[row.key]
            for k in range(3):
                colour = RED_INK if k < pips else th.PARCHMENT_DARK
                pygame.draw.circle(canvas, colour, (name_x + 5 + k * 9, cy), 3)
            name_x += 34
        th.draw_text(canvas, theme, row.name, (name_x, cy), 18, RED_INK if bold else th.INK, bold=True,
                     anchor="midleft")

        def cell(key, text, colour=th.INK):
            if key in cols:
                th.draw_text(canvas, theme, text, (cols[key], cy), 18, colour, bold=bold, anchor="center")

        cell("games", _cell(row.games))
        cell("wins", dash if row.wins is None else _cell(row.wins))
        rate = row.win_rate
        if rate is None:
            cell("rate", dash, SOFT_INK)
        else:
            bar = pygame.Rect(0, 0, 52, 8)
            bar.midleft = (cols["rate"] - 4, cy)
            pygame.draw.rect(canvas, th.PARCHMENT_DARK, bar, border_radius=4)
            if rate > 0:
                fill = bar.copy()
                fill.w = max(4, round(bar.w * rate))
                pygame.draw.rect(canvas, self.theme.good if rate >= 0.5 else th.BRASS, fill, border_radius=4)
            pygame.draw.rect(canvas, th.BRASS_DARK, bar, 1, border_radius=4)
            th.draw_text(canvas, theme, f"{round(rate * 100)}%", (cols["rate"] - 10, cy), 17, th.INK, bold=bold,
                         anchor="midright")
        cell("streak", dash if row.streak is None else _cell(row.streak))
        cell("best_streak", dash if row.best_streak is None else _cell(row.best_streak))
        cell("best", dash if row.best is None else _cell(row.best), RED_INK if row.best is not None else SOFT_INK)

    def _draw_bids(self, canvas, shown: st.GameStats, rect: pygame.Rect) -> None:
        """Favourite bids: one die per face with a bar of how often it was bid."""
        theme = self.theme
        if self.tab == "all":
            self._draw_bests(canvas, rect)
            return
        if self.tab not in ("liars-dice", "roll-call"):
            self._draw_highlights(canvas, shown, rect)
            return
        pygame.draw.line(canvas, th.PARCHMENT_DARK, (rect.x, rect.y), (rect.right, rect.y), 2)
        fav = shown.favourite_bid
        if fav is None:
            th.draw_text(canvas, theme, "Favourite bid: none yet", (rect.x + 6, rect.y + 14), 18, th.INK, bold=True)
            return
        tied = shown.favourite_bids
        names = [face_name(f, 2) for f in tied]
        name = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] + " (tied)"
        total = sum(shown.bids.values())
        said = f"{_cell(total)} bids"
        room = rect.w - 134 - theme.font(15, style="italic").size(said)[0] - 20
        if theme.font(18, True).size(name)[0] > room:   # a tie of many faces: the bars below say which
            name = f"{len(names)} faces (tied)"
        th.draw_text(canvas, theme, "Favourite bid:", (rect.x + 6, rect.y + 14), 18, th.INK, bold=True)
        th.draw_text(canvas, theme, name, (rect.x + 134, rect.y + 14), 18, RED_INK, bold=True)
        th.draw_text(canvas, theme, said, (rect.right - 6, rect.y + 16), 15, SOFT_INK,
                     style="italic", anchor="topright")
        faces = range(2, 7) if self.tab == "roll-call" else range(1, 7)   # Roll Call: the Emblem is never bid
        top = max(shown.bids.values())
        slot = (rect.w - 20) // len(faces)
        for i, face in enumerate(faces):
            cx = rect.x + 10 + slot * i + slot // 2
            count = shown.bids.get(face, 0)
            pictures.die(canvas, (cx - slot // 2 + 24, rect.y + 78), 30, face, emblem=self.tab == "roll-call")
            bar = pygame.Rect(cx - slot // 2 + 46, rect.y + 70, slot - 60, 16)
            pygame.draw.rect(canvas, th.PARCHMENT_DARK, bar, border_radius=5)
            if count:
                fill = bar.copy()
                fill.w = max(5, round(bar.w * count / top))
                pygame.draw.rect(canvas, RED_INK if face == fav else th.BRASS, fill, border_radius=5)
            th.draw_text(canvas, theme, _cell(count), (bar.centerx, bar.bottom + 4), 13, SOFT_INK, anchor="midtop")

    def _draw_highlights(self, canvas, shown: st.GameStats, rect: pygame.Rect) -> None:
        """The game's proudest numbers, one card each (where no bids are kept)."""
        total = shown.total
        cards = [("Best win streak", total.best_streak), ("Games played", total.games)]
        if shown.spec is not None:
            cards.insert(0, (shown.spec.label, total.best))
        solo = st.solo_best(self.data, self.tab)
        if solo is not None:
            cards.insert(1, ("Solo personal best", solo))
        self._draw_cards(canvas, rect, "Highlights", cards)

    def _draw_cards(self, canvas, rect: pygame.Rect, heading: str, cards) -> None:
        theme = self.theme
        pygame.draw.line(canvas, th.PARCHMENT_DARK, (rect.x, rect.y), (rect.right, rect.y), 2)
        th.draw_text(canvas, theme, heading, (rect.x + 6, rect.y + 10), 18, th.INK, bold=True)
        gap = 10
        w = (rect.w - gap * (len(cards) - 1)) // len(cards)
        for i, (label, value) in enumerate(cards):
            box = pygame.Rect(rect.x + i * (w + gap), rect.y + 40, w, 72)
            pygame.draw.rect(canvas, (245, 234, 208), box, border_radius=8)
            pygame.draw.rect(canvas, th.PARCHMENT_DARK, box, 1, border_radius=8)
            th.draw_text(canvas, theme, "\u2013" if value is None else _cell(value), (box.centerx, box.y + 8), 30,
                         RED_INK if value is not None else SOFT_INK, style="display" if value is not None else "body",
                         bold=True, anchor="midtop")
            th.draw_text(canvas, theme, label, (box.centerx, box.bottom - 8), 14, SOFT_INK, bold=True,
                         anchor="midbottom")

    def _draw_bests(self, canvas, rect: pygame.Rect) -> None:
        """On the overview: each game's best score, one small card each."""
        theme = self.theme
        pygame.draw.line(canvas, th.PARCHMENT_DARK, (rect.x, rect.y), (rect.right, rect.y), 2)
        th.draw_text(canvas, theme, "Best scores", (rect.x + 6, rect.y + 10), 18, th.INK, bold=True)
        w = (rect.w - 4 * 10) // 5
        for i, game_id in enumerate(games.GAME_IDS):
            g = st.game_stats(self.data, game_id)
            box = pygame.Rect(rect.x + i * (w + 10), rect.y + 40, w, 72)
            pygame.draw.rect(canvas, (245, 234, 208), box, border_radius=8)
            pygame.draw.rect(canvas, th.PARCHMENT_DARK, box, 1, border_radius=8)
            th.draw_text(canvas, theme, games.game_info(game_id).title, (box.centerx, box.y + 8), 14, SOFT_INK,
                         bold=True, anchor="midtop")
            best = g.total.best
            th.draw_text(canvas, theme, "\u2013" if best is None else _cell(best), (box.centerx, box.y + 24), 26,
                         RED_INK if best is not None else SOFT_INK, style="display" if best is not None else "body",
                         bold=True, anchor="midtop")   # the display face has no dash: it drew a box
            label = (g.spec.label if g.spec else "").lower()
            th.draw_text(canvas, theme, label, (box.centerx, box.bottom - 6), 12, SOFT_INK, style="italic",
                         anchor="midbottom")

    # the dice luck -----------------------------------------------------------
    def _draw_luck(self, canvas, shown: st.GameStats) -> None:
        board = LUCK
        th.wood_board(canvas, board, radius=14)
        theme = self.theme
        th.draw_text(canvas, theme, "Dice luck", (board.x + 30, board.y + 16), 32, th.BRASS_LIGHT, style="display",
                     bold=True)
        th.draw_text(canvas, theme, "the faces your dice showed, against fair dice", (board.right - 30, board.y + 32),
                     15, th.CREAM_DIM, style="italic", anchor="topright")
        lucks = shown.luck
        felt = pygame.Rect(board.x + 24, board.y + (112 if len(lucks) > 1 else 70), board.w - 48, 0)
        felt.h = board.bottom - 104 - felt.y
        pygame.draw.rect(canvas, th.FELT, felt, border_radius=10)
        pygame.draw.rect(canvas, th.FELT_DARK, felt, 3, border_radius=10)
        if not lucks:
            th.draw_text(canvas, theme, "No dice rolled yet", felt.center, 20, th.CREAM_DIM, style="italic",
                         anchor="center")
            return
        luck = lucks[min(self.kind_index, len(lucks) - 1)]
        self._draw_bars(canvas, luck, felt)
        self._draw_verdict(canvas, luck, pygame.Rect(board.x + 24, felt.bottom + 10, board.w - 48, 84))

    def _draw_bars(self, canvas, luck: st.Luck, felt: pygame.Rect) -> None:
        theme = self.theme
        sides = luck.sides
        inner = felt.inflate(-36, 0)
        base_y = felt.bottom - (56 if sides <= 6 else 44)
        top_y = felt.y + 40
        slot = inner.w / sides
        bar_w = max(8, int(slot * (0.56 if sides <= 6 else 0.62)))
        expected = luck.expected
        peak = max(max(luck.counts), expected) * 1.15 or 1
        scale = (base_y - top_y) / peak
        labels: list[pygame.Rect] = []
        for i, count in enumerate(luck.counts):
            cx = int(inner.x + slot * i + slot / 2)
            h = round(count * scale)
            bar = pygame.Rect(cx - bar_w // 2, base_y - h, bar_w, h)
            shade = pygame.Rect(bar.x + 3, bar.y + 3, bar.w, bar.h)
            pygame.draw.rect(canvas, th.FELT_DARK, shade, border_top_left_radius=4, border_top_right_radius=4)
            colour = pictures.IVORY if luck.kind != "bone" else (236, 222, 190)
            pygame.draw.rect(canvas, colour, bar, border_top_left_radius=4, border_top_right_radius=4)
            pygame.draw.rect(canvas, (196, 180, 150), bar, 1, border_top_left_radius=4, border_top_right_radius=4)
            if h > 0:
                pygame.draw.line(canvas, th.BRASS, (bar.x + 1, bar.y + 1), (bar.right - 2, bar.y + 1), 2)
            labels.append(th.draw_text(canvas, theme, _cell(count), (cx, bar.y - 4), 14 if sides <= 6 else 12, th.CREAM,
                                       bold=True, anchor="midbottom", shadow=1))
            face_y = base_y + (28 if sides <= 6 else 22)
            if luck.kind == "bone":
                pictures.bone_die(canvas, (cx, face_y), 15, i + 1)
            else:
                pictures.die(canvas, (cx, face_y), 32, i + 1, emblem=luck.kind == "emblem")
        pygame.draw.line(canvas, th.FELT_DARK, (inner.x, base_y), (inner.right, base_y), 2)
        # the fair line: what a fair die gives on average, broken round the bars'
        # numbers (it ran through a number level with it)
        fy = round(base_y - expected * scale)
        x = inner.x - 8
        clear = [label.inflate(6, 2) for label in labels]
        while x < inner.right + 8:
            dash = pygame.Rect(x, fy - 1, min(x + 10, inner.right + 8) - x + 1, 2)
            if dash.collidelist(clear) < 0:
                pygame.draw.line(canvas, th.BRASS_LIGHT, (x, fy), (min(x + 10, inner.right + 8), fy), 2)
            x += 16
        lx, ly = felt.x + 14, felt.y + 12
        for k in range(2):
            pygame.draw.line(canvas, th.BRASS_LIGHT, (lx + k * 14, ly + 7), (lx + k * 14 + 9, ly + 7), 2)
        th.draw_text(canvas, theme, f"fair dice: {expected:,.1f} per face", (lx + 30, ly), 13, th.BRASS_LIGHT,
                     bold=True, shadow=1)

    def _draw_verdict(self, canvas, luck: st.Luck, rect: pygame.Rect) -> None:
        theme = self.theme
        p = luck.p_value
        if p is None:
            colour, mark = th.CREAM_DIM, "?"
        elif p >= 0.05:
            colour, mark = theme.good, "\u2713"
        else:
            colour, mark = th.BRASS_LIGHT, "!"
        badge = pygame.Rect(rect.x + 4, rect.y + 6, 40, 40)
        pygame.draw.circle(canvas, colour, badge.center, 19)
        pygame.draw.circle(canvas, th.WOOD_DARK, badge.center, 19, 2)
        cx, cy = badge.center
        if mark == "\u2713":   # a drawn tick: the fonts have no check mark
            pygame.draw.lines(canvas, th.WOOD_DARK, False, [(cx - 9, cy + 1), (cx - 3, cy + 8), (cx + 10, cy - 7)], 4)
        else:
            th.draw_text(canvas, theme, mark, badge.center, 24, th.WOOD_DARK, bold=True, anchor="center")
        th.draw_text(canvas, theme, luck.verdict(), (rect.x + 56, rect.y + 6), 20, th.CREAM, bold=True, shadow=1)
        detail = f"{KIND_NAMES.get(luck.kind, luck.kind)}: {luck.detail()}"
        small = theme.font(14, style="italic")
        for i, line in enumerate(th.wrap_text(small, detail, rect.w - 60)[:2]):
            th.blit_text(canvas, small.render(line, True, th.CREAM_DIM), (rect.x + 56, rect.y + 34 + i * 17), "topleft")

    def _draw_confirm(self, canvas) -> None:
        th.dim(canvas, 170)
        board = pygame.Rect(0, 0, 560, 300)
        board.center = (CENTRE_X, 372)
        board.y = 240
        th.wood_board(canvas, board)
        th.draw_text(canvas, self.theme, "Reset all your stats?", (CENTRE_X, board.y + 34), 40, th.BRASS_LIGHT,
                     style="display", bold=True, anchor="midtop", shadow=2)
        font = self.theme.font(18, style="italic")
        text = ("Games, wins, streaks, best scores (Diced Out's personal best too), favourite bids, "
                "dice luck and what the AIs remember of how you bid are forgotten for every game. "
                "This cannot be undone.")
        for i, line in enumerate(th.wrap_text(font, text, board.w - 80)):
            th.blit_text(canvas, font.render(line, True, th.CREAM), (CENTRE_X, board.y + 94 + i * 25), "midtop")
        th.draw_text(canvas, self.theme, "Esc keeps them", (CENTRE_X, board.bottom - 20), 14, th.CREAM_DIM,
                     anchor="midbottom")
