"""Input storms (issue 38): an impatient person at every transition, seeded
and driven frame by frame through tests/realinput.py, with the invariants
checked after every frame.

``Storm`` is a ``Hands`` that, after each frame, checks what was drawn:

* **secrecy**: a hidden die drawn face-up (not in a public reveal) belongs
  to the human the test itself last handed the screen to (a curtain it
  passed on purpose; solo: the one human), and nothing of the table is drawn
  while a curtain covers it;
* **aim**: every screen that comes on top is one the storm's inputs may
  lead to (``allowed``); a screen reached otherwise is noted in ``strays``.

``storm_at(...)`` throws one burst of impatient input (a double-click on a
drawn control, Enter twice, two keys in one frame, a key held across the
next transition, a mash); ``play(...)`` plays a table to its results that
way.  Everything random comes from the test's seed.
"""
from __future__ import annotations

import random

import pygame

from tests.realinput import Hands, NotOnScreen

PLAY_KEYS = (pygame.K_RETURN, pygame.K_SPACE)
BURSTS = ("double-click", "enter-enter", "two-keys", "held", "mash", "escape-mash")


class Storm(Hands):
    """An impatient person with the invariant checks (see the module docstring)."""

    def __init__(self, app, seed: int, *, allowed=("table", "curtain", "pause", "results")):
        super().__init__(app)
        self.rng = random.Random(seed)
        self.allowed = set(allowed)
        self.strays: list[str] = []
        self.leaks: list[str] = []
        self.at_screen: int | None = None
        """The seat the test last handed the screen to (a curtain passed on purpose)."""
        self.screens: list[str] = []
        self.table = None

    # --- the checks after every frame -------------------------------------------
    def frames(self, count: int = 1, *, repeat_held: bool = False) -> None:
        for _ in range(count):
            super().frames(1, repeat_held=repeat_held)
            self._check()

    def screen_name(self, scene) -> str:
        from game.ui.table_base import TableBase
        return "table" if isinstance(scene, TableBase) else str(getattr(scene, "name", None))

    def _check(self) -> None:
        top = self.app.top
        name = self.screen_name(top)
        if not self.screens or self.screens[-1] != name:
            self.screens.append(name)
            if name not in self.allowed:
                self.strays.append(f"{name} (after {self.screens[-6:-1]})")
        table = self.table
        if table is None or not hasattr(table, "renderer"):
            return
        drawn = [d for d in getattr(table.renderer, "drawn", []) if d.face_up and not d.public]
        if not drawn or not table.secrecy.hotseat and table.secrecy.mode != "solo":
            if drawn and table.secrecy.mode not in ("solo", "replay"):
                self.leaks.append(f"{table.secrecy.mode}: {sorted({d.owner for d in drawn})}")
            return
        if table.secrecy.mode == "solo":
            owners = {d.owner for d in drawn} - {table.secrecy.humans[0]}
        elif top is not table:
            owners = {d.owner for d in drawn}
        else:
            owners = {d.owner for d in drawn} - ({self.at_screen} if self.at_screen is not None else set())
            owners -= self._last_human_in(table)
        if owners:
            self.leaks.append(f"frame at {self.now:.2f}s on {name}: dice of {sorted(owners)} face-up "
                              f"(at the screen: {self.at_screen})")
        table.renderer.drawn = []

    @staticmethod
    def _last_human_in(table) -> set[int]:
        """The one human still in the game, when only one is (nobody left to
        hide their dice from: no curtain, they see their own), else nothing."""
        from game.core.story import out_places
        out = out_places(table.match.game_id, table.match.state)
        left = [h for h in table.secrecy.humans if h not in out]
        return set(left) if len(left) == 1 else set()

    # --- people --------------------------------------------------------------------
    def pass_curtain(self, *, by: str = "key") -> int | None:
        seat = super().pass_curtain(by=by)
        self.at_screen = seat
        return seat

    def primary(self):
        """The first enabled control of the top screen a player would press to move
        (not Log, not a peek, not a mark), or None."""
        for c in self.controls(enabled_only=True):
            if c.kind in ("button", "face") and c.label not in ("Log", "Skip tutorial") \
                    and not c.label.startswith(("Peek", "Cup", "Cups")):
                return c
        return None

    def burst(self, kind: str | None = None) -> str:
        """One burst of impatient input (see the module docstring); its kind."""
        kind = kind or self.rng.choice(BURSTS)
        key = self.rng.choice(PLAY_KEYS)
        if kind == "double-click":
            target = self.primary()
            if target is None:
                kind = "enter-enter"
            else:
                self.double_click(target)
                return kind
        if kind == "enter-enter":
            self.press(key, hold=0.05)
            self.wait(0.1)
            self.press(key, hold=0.05)
        elif kind == "two-keys":
            self.key_down(pygame.K_RETURN)   # both before one frame, then both let go
            self.key_down(self.rng.choice((pygame.K_SPACE, pygame.K_ESCAPE)))
            self.frames(1)
            self.release_all()
            self.frames(1)
        elif kind == "held":
            self.key_down(key)
            self.wait(self.rng.uniform(0.3, 1.2), repeat_held=True)
            self.key_up(key)
            self.frames(1)
        elif kind == "mash":
            self.mash(key, self.rng.uniform(0.3, 1.0), every=self.rng.uniform(0.05, 0.2))
        elif kind == "escape-mash":
            self.mash(pygame.K_ESCAPE, self.rng.uniform(0.2, 0.8), every=self.rng.uniform(0.05, 0.2))
        return kind

    def feed_quit(self) -> None:
        """The window's close button (or the system quitting the app)."""
        self._send(pygame.event.Event(pygame.QUIT))

    def back_to_table(self, table) -> None:
        """A pause left open by a burst is closed on purpose (Resume, as drawn)."""
        if self.app.top is not table and self.screen_name(self.app.top) == "pause":
            self.wait(0.3)
            try:
                self.click("Resume")
            except NotOnScreen:
                self.press(pygame.K_ESCAPE)


def play(storm: Storm, table, *, seconds: float = 900.0, deliberate_every: float = 4.0) -> list[str]:
    """Play ``table`` to its results as an impatient person: a burst at every
    turn of a human, at every curtain and now and then while the AIs play; a
    curtain passed on purpose once its button lights (as a person does after
    a burst was refused); a human who made no move for ``deliberate_every``
    seconds presses the screen's first control on purpose.  The bursts thrown."""
    app = storm.app
    storm.table = table
    thrown: list[str] = []
    end = storm.now + seconds
    last_move, last_len = storm.now, -1
    while storm.now < end:
        top = app.top
        name = storm.screen_name(top)
        if name == "results" or table.match.is_over and top is not table and name != "pause":
            break
        if len(table.match.history) != last_len:
            last_len, last_move = len(table.match.history), storm.now
        if name == "curtain":
            thrown.append("curtain:" + storm.burst(storm.rng.choice(("double-click", "enter-enter", "two-keys", "mash"))))
            if app.top is top:
                storm.pass_curtain(by=storm.rng.choice(("key", "mouse")))
            continue
        if name == "pause":
            storm.back_to_table(table)
            continue
        if top is not table:
            storm.frames(1)
            continue
        human = table.human_to_act()
        ready = human is not None and not table.is_busy() and table.throw_view is None
        if ready or table.waiting_thrower is not None or table.held.moment is not None:
            if storm.now - last_move > deliberate_every:
                target = storm.primary()
                storm.wait(0.6)
                if target is not None:
                    storm.click(target)
                else:
                    storm.press(pygame.K_RETURN)
                last_move = storm.now
                thrown.append("deliberate")
            else:
                thrown.append(storm.burst())
            storm.frames(2)
            continue
        if storm.rng.random() < 0.02:
            thrown.append("ai:" + storm.burst(storm.rng.choice(("mash", "escape-mash", "two-keys"))))
        storm.frames(1)
    return thrown
