"""Setup: seats (named humans or AI levels), the game's options, a seed, Start."""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial

import pygame

from .. import games
from ..core import saves
from ..core.match import MAX_NAME, Match, Seat
from ..core.seeding import parse_seed
from ..core.userfiles import SETUP_SEAT_KINDS
from ..ui import theme as th
from ..ui.widgets import Button, Choice, FacePicker, Label, Panel, Stepper, TextInput, Toggle
from .base import MenuScene
from .launch import make_table

TAVERN_NAMES = ("Mags", "Old Tom", "Bertha", "Finn", "Ada", "Rook", "Hilda", "Jasper", "Nell",
                "Cormac", "Ivy", "Bram", "Odette", "Silas", "Wren", "Garrick", "Tilly", "Ansel",
                "Maude", "Percy")
SEAT_KINDS = SETUP_SEAT_KINDS
KIND_LABELS = {"human": "Human", "easy": "AI \u00b7 easy", "normal": "AI \u00b7 normal", "hard": "AI \u00b7 hard"}
MAX_ROWS_PER_COLUMN = 10
NOTE_BOX = pygame.Rect(575, 650, 410, 52)   # the footnote or the focused control's tip, between the buttons


@dataclass
class SeatRow:
    name: str
    kind: str  # human | easy | normal | hard
    custom: bool = False
    """The player typed this name; otherwise it follows ``default_name``."""
    ai_name: str = ""
    """The tavern name this seat gets while it is an AI."""

    def to_seat(self, index: int, default: str = "") -> Seat:
        name = self.name.strip() or default or f"Player {index + 1}"
        if self.kind == "human":
            return Seat(name, "human")
        return Seat(name, "ai", self.kind)


def default_name(rows: list[SeatRow], index: int) -> str:
    """A seat's name until the player types one: a lone human is "You",
    humans sharing the screen are "Player 1", "Player 2"... (in seat order),
    an AI keeps its tavern name."""
    row = rows[index]
    if row.kind != "human":
        return row.ai_name or TAVERN_NAMES[(index - 1) % len(TAVERN_NAMES)]
    humans = [i for i, r in enumerate(rows) if r.kind == "human"]
    return "You" if len(humans) == 1 else f"Player {humans.index(index) + 1}"


def refresh_default_names(rows: list[SeatRow]) -> None:
    """Every seat without a typed name takes its default name again."""
    for i, row in enumerate(rows):
        if not row.custom:
            row.name = default_name(rows, i)


def default_seats(count: int) -> list[SeatRow]:
    rows = [SeatRow("You", "human")] + [SeatRow(name, "normal", ai_name=name)
                                        for name in (TAVERN_NAMES[i % len(TAVERN_NAMES)]
                                                     for i in range(count - 1))]
    refresh_default_names(rows)
    return rows


def make_dice():
    """Physical dice: the faces the pymunk throw lands on (recorded in the log)."""
    from ..physics import PhysicsDice
    return PhysicsDice()


def start_match(app, game_id: str, seats: list[Seat], options: dict, seed: int, *,
                replace: bool = False, phones: bool = False) -> bool:
    """Create the match and push its table (``replace``: instead of the current
    scene, e.g. results); a bad combination gives a message.  While an
    unfinished game is saved (Continue), the player is asked first: the new
    game's first move would replace that save (``confirm.replace_save_question``).
    ``phones``: every human seat plays on its own phone (the table shows the codes)."""
    try:
        match = Match(game_id, seats, options, seed, make_dice())
    except ValueError as exc:
        app.toast(str(exc))
        return False
    if phones:
        match.phone_seats = tuple(i for i, s in enumerate(seats) if not s.is_ai)

    def open_table() -> None:
        from .opening import open_table as hand_over
        hand_over(app, make_table(app, match), replace=replace)
    if saves.has_autosave():
        from .confirm import replace_save_question
        app.push(replace_save_question(app, open_table))
    else:
        open_table()
    return True


class SetupScene(MenuScene):
    name = "setup"

    def __init__(self, app, game_id: str, seats: list[SeatRow] | None = None,
                 options: dict | None = None, *, offer_tutorial: bool = True):
        super().__init__(app)
        self.offer_tutorial = offer_tutorial
        """Offer the guided first game the first time this game is chosen."""
        self.game_id = game_id
        self.info = games.game_info(game_id)
        self.title = self.info.title
        self.subtitle = self.info.tagline
        lo, hi = self.info.min_players, self.info.max_players
        remembered = {} if seats or options else self.remembered()
        self.seat_rows = seats or remembered.get("seats") or default_seats(max(lo, min(hi, 4 if hi >= 4 else hi)))
        self.options = {o.key: o.default for o in self.info.options}
        self.options.update(options or remembered.get("options") or {})
        self.seed_text = ""
        self.use_phones = False
        """Every human seat on its own phone (``game/ui/phone_link.py``)."""

    # --- memory: the last setup of each game (in the settings file) --------
    def remembered(self) -> dict:
        """This game's last options and seats from the settings, each checked
        against the game as it is now: an option that no longer fits falls
        back to its default alone; seats only if their count fits the game."""
        saved = self.app.settings.setups.get(self.game_id) or {}
        out: dict = {}
        options = {}
        for spec in self.info.options:
            if spec.key in saved.get("options", {}):
                try:
                    options[spec.key] = spec.validate(_from_json(saved["options"][spec.key]))
                except (ValueError, TypeError):
                    continue
        if options:
            out["options"] = options
        seats = saved.get("seats") or []
        if self.info.min_players <= len(seats) <= self.info.max_players:
            rows = []
            for i, s in enumerate(seats):
                custom = bool(s.get("custom")) and bool(s["name"].strip())
                ai_name = TAVERN_NAMES[(i - 1) % len(TAVERN_NAMES)]
                rows.append(SeatRow(s["name"][:MAX_NAME] if custom else "", s["kind"], custom=custom,
                                    ai_name="" if custom else ai_name))
            refresh_default_names(rows)
            out["seats"] = rows
        return out

    def remember(self) -> None:
        """Keep these options and seats for the next time this game is set up."""
        settings = self.app.settings
        if not hasattr(settings, "setups"):
            return
        settings.setups = dict(settings.setups)
        settings.setups[self.game_id] = {
            "options": {k: list(v) if isinstance(v, (tuple, set, frozenset)) else v
                        for k, v in self.options.items()},
            "seats": [{"name": r.name if r.custom else "", "kind": r.kind, "custom": r.custom}
                      for r in self.seat_rows]}
        self.app.save_settings()

    # --- widgets -------------------------------------------------------------
    def build(self) -> None:
        lo, hi = self.info.min_players, self.info.max_players
        self.ui.add(Panel((40, 130, 700, 500), title="Seats"))
        self.ui.add(Stepper((70, 186, 640, 40), "Players", len(self.seat_rows), lo, hi,
                            self.set_seat_count, label_width=200))
        n = len(self.seat_rows)
        columns = 1 if n <= MAX_ROWS_PER_COLUMN else 2
        col_w = 640 // columns
        for i, row in enumerate(self.seat_rows):
            col, r = divmod(i, MAX_ROWS_PER_COLUMN)
            x, y = 70 + col * col_w, 236 + r * 38
            name_w = int(col_w * (0.5 if columns == 1 else 0.45))
            self.ui.add(TextInput((x, y, name_w, 34), "", row.name,
                                  lambda t, i=i: self.set_name(i, t), max_len=MAX_NAME, label_width=0,
                                  placeholder=default_name(self.seat_rows, i),
                                  allowed=self._name_char_ok, refused=self._name_chars_refused))
            self.ui.add(Choice((x + name_w + 8, y, col_w - name_w - 16, 34), "", SEAT_KINDS, row.kind,
                               partial(self.set_kind, i), fmt=KIND_LABELS.__getitem__,
                               label_width=0))
        self.ui.add(Panel((760, 130, 480, 500), title="Table rules"))
        y = 186
        for spec in self.info.options:
            if spec.kind == "faces":  # a row of number chips needs the panel's full width
                label = spec.label + (" *" if spec.house else "")
                self.ui.add(Label((790, y + 8), label, 20, th.INK))
                self.ui.add(self._option_widget(spec, (790, y + 38, 420, 40), label_width=0))
                y += 96
                continue
            self.ui.add(self._option_widget(spec, (790, y, 420, 40)))
            y += 48
        if not self.info.options:
            self.ui.add(_note((1000, y + 10), "This game has no variant options."))
        if any(row.kind == "human" for row in self.seat_rows):
            self.ui.add(Toggle((790, max(y, 508), 420, 40), "Use phones", self.use_phones, self._set_phones,
                               label_width=250, tooltip="Each player keeps their dice on their own phone: "
                               "scan a code at the table (same Wi-Fi)."))
        self.ui.add(TextInput((790, 560, 420, 40), "Seed", self.seed_text, self._set_seed,
                              max_len=18, placeholder="random", label_width=120))
        for w in self.ui.widgets:
            if hasattr(w, "label_colour"):
                w.label_colour = th.INK
        self.ui.add(Button((40, 650, 150, 52), "Back", self.back))
        self.ui.add(Button((205, 650, 150, 52), "Rules", self.open_rules))
        if games.tutorial_script(self.game_id) is not None:
            self.ui.add(Button((370, 650, 190, 52), "Learn to play", self.open_tutorial))
        self.ui.add(Button((1000, 650, 240, 52), "Start", self.start, primary=True))

    def _option_widget(self, spec, rect, label_width: int = 250):
        value = self.options.get(spec.key, spec.default)

        def setter(v, key=spec.key):
            self.options[key] = v
        kw = {"label_width": label_width, "tooltip": spec.help}
        label = spec.label + (" *" if spec.house else "")
        if spec.kind == "int":
            return Stepper(rect, label, value, spec.min, spec.max, setter, **kw)
        if spec.kind == "bool":
            return Toggle(rect, label, value, setter, **kw)
        if spec.kind == "choice":
            return Choice(rect, label, spec.choices, value, setter, fmt=_pretty, **kw)
        return FacePicker(rect, label, value, spec.min, spec.max, setter, **kw)

    def _set_phones(self, on: bool) -> None:
        self.use_phones = on

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    def set_seat_count(self, count: int) -> None:
        while len(self.seat_rows) < count:
            name = TAVERN_NAMES[(len(self.seat_rows) - 1) % len(TAVERN_NAMES)]
            self.seat_rows.append(SeatRow(name, "normal", ai_name=name))
        del self.seat_rows[count:]
        refresh_default_names(self.seat_rows)
        self.rebuild()

    def _name_char_ok(self, ch: str) -> bool:
        """A name takes a character some font can draw (``ui/glyphs.py``):
        the nameplate, the log and the curtain then show it, never a box."""
        return ch.isprintable() and self.app.theme.drawable(ch)

    def _name_chars_refused(self, chars: str) -> None:
        """Say why a typed character did not appear: by its code, since no font here can show it."""
        codes = ", ".join(f"U+{ord(ch):04X}" for ch in dict.fromkeys(chars))
        self.app.toast(f"No font on this computer can draw {codes}; a name cannot use "
                       f"{'it' if len(set(chars)) == 1 else 'them'}.")

    def set_name(self, index: int, text: str) -> None:
        """A typed name sticks; an emptied field goes back to the default."""
        row = self.seat_rows[index]
        row.name = text
        row.custom = bool(text.strip())

    def set_kind(self, index: int, kind: str) -> None:
        """Human or AI; default names follow ("You" alone, "Player 1"... together)."""
        row = self.seat_rows[index]
        if row.kind != "human" and not row.ai_name:
            row.ai_name = row.name if not row.custom else ""
        row.kind = kind
        before = [r.name for r in self.seat_rows]
        refresh_default_names(self.seat_rows)
        if [r.name for r in self.seat_rows] != before:
            self.rebuild()

    def enter(self) -> None:
        super().enter()
        from ..ui import preload
        from .nav import RESULTS_MODULES
        preload.start(self.game_id, also=RESULTS_MODULES)   # the table's modules imported off the frame while the player chooses
        from .learn import TutorialOfferScene, should_offer
        if self.offer_tutorial and should_offer(self.app, self.game_id):
            self.app.push(TutorialOfferScene(self.app, self.game_id))
        self.offer_tutorial = False

    # --- actions -------------------------------------------------------------
    def open_tutorial(self) -> None:
        from .learn import remember_offer, start_tutorial
        remember_offer(self.app, self.game_id)
        start_tutorial(self.app, self.game_id)

    def open_rules(self) -> None:
        from .rules import RulesScene
        self.app.push(RulesScene(self.app, self.game_id, self.options))

    def seats(self) -> list[Seat]:
        """The seats to start with, every name told apart: a name typed twice
        gets a number on the later seat ("WMWMWMWMWMWMW 2"), or two nameplates,
        the log and the results read the same (seen at 6 seats of Roll the Bones)."""
        seats = [row.to_seat(i, default_name(self.seat_rows, i)) for i, row in enumerate(self.seat_rows)]
        taken: set[str] = set()
        for i, seat in enumerate(seats):
            name, number = seat.name, 1
            while name.casefold() in taken:
                number += 1
                name = f"{seat.name[:16 - len(str(number)) - 1].rstrip()} {number}"
            if name != seat.name:
                seats[i] = replace(seat, name=name)
            taken.add(name.casefold())
        return seats

    def back(self) -> None:
        self.remember()
        super().back()

    def start(self) -> None:
        self.remember()
        start_match(self.app, self.game_id, self.seats(), dict(self.options), parse_seed(self.seed_text),
                    phones=self.use_phones)

    def draw_heading(self, canvas, y=24):
        self.subtitle = self.info.tagline_for(self.options)   # "race to 20" follows the option
        super().draw_heading(canvas, 22)

    def footnote(self) -> str:
        """The note between the buttons: what "*" means, only if an option has it."""
        seed = "Empty seed = a fresh random game."
        if any(spec.house for spec in self.info.options):
            return f"* house rule (see Rules).  {seed}"
        return seed

    def draw_content(self, canvas):
        focused = self.ui.focused
        tip = getattr(focused, "tooltip", "") if focused is not None else ""
        text = tip or self.footnote()
        # the note lives in the free strip between the buttons (it used to run under them)
        lines = th.wrap_text(self.theme.font(15), text, NOTE_BOX.w)[:2]
        top = NOTE_BOX.centery - len(lines) * 9
        for i, line in enumerate(lines):
            th.draw_text(canvas, self.theme, line, (NOTE_BOX.centerx, top + i * 18), 15, th.CREAM_DIM,
                         anchor="midtop", shadow=1)


def _from_json(value):
    """An option value as JSON stored it (a set of faces comes back as a list)."""
    return tuple(value) if isinstance(value, list) else value


def _pretty(value) -> str:
    return str(value).replace("_", " ").replace("-", " ").capitalize()


def _note(pos, text):
    from ..ui.widgets import Label
    return Label(pos, text, 18, th.INK, anchor="midtop", style="italic")
