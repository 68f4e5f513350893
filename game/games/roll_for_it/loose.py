"""Roll For It!'s rolled dice lying in the tray, and a human's hold on them.

After a roll the dice stay where they settled until they are placed on a
card: ``LooseDice`` keeps them, which one the keyboard holds (``selected``),
which card the keyboard aims it at (``target``) and the one being dragged,
and reads the mouse and the arrow keys for them.  What may go where is the
caller's: it passes ``fits(face) -> card slots``, ``card_at(pos)`` and
``place(index, slot)``; the scene keeps the flow (what a placement does).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import pygame

from ...ui import drawn_controls
from . import tray
from .tray import DIE, TRAY

Fits = Callable[[int], list[int]]
"""A die's face -> the card slots it may go on."""


@dataclass
class Loose:
    """A rolled die lying in the tray, not yet placed."""
    face: int
    x: float
    y: float


class LooseDice:
    """The tray's loose dice and the hold on them (see the module docstring)."""

    def __init__(self) -> None:
        self.dice: list[Loose] = []
        self.dead = False                  # the turn moved on: dice shown dimmed
        self.selected: int | None = None
        self.target: int | None = None     # keyboard card choice (slot index)
        self.drag: int | None = None
        self.drag_pos = (0, 0)
        self.drag_moved = False
        self.press_pos = (0, 0)

    def __len__(self) -> int:
        return len(self.dice)

    def __iter__(self) -> Iterator[Loose]:
        return iter(self.dice)

    def __getitem__(self, index: int) -> Loose:
        return self.dice[index]

    def faces(self) -> list[int]:
        return [d.face for d in self.dice]

    def clear(self) -> None:
        """No dice in the tray, nothing held."""
        self.dice = []
        self.selected = self.target = self.drag = None

    def lay_out(self, faces: Sequence[int], poses: Sequence) -> None:
        """The rolled ``faces`` where their dice settled (``poses`` of the
        throw; a face without one lies in a row), the first one held."""
        self.dead = False
        self.dice = []
        poses = list(poses)
        for i, face in enumerate(faces):
            pose = next((p for p in poses if p.top == face), None)
            if pose is not None:
                poses.remove(pose)
                x, y = pose.x, pose.y
            else:
                x, y = TRAY.x + 50 + i * (DIE + 14), TRAY.centery
            self.dice.append(Loose(face, x, y))
        self.selected = 0 if self.dice else None

    def put_back(self, face: int) -> None:
        """A die taken back from a card: in the first free spot of the row, held."""
        taken = {(round(d.x), round(d.y)) for d in self.dice}
        spot = next(((TRAY.x + 50 + i * (DIE + 14), TRAY.centery) for i in range(12)
                     if all(abs(TRAY.x + 50 + i * (DIE + 14) - x) > DIE or abs(TRAY.centery - y) > DIE
                            for x, y in taken)), TRAY.center)
        self.dice.append(Loose(face, float(spot[0]), float(spot[1])))
        self.dead = False
        self.selected = len(self.dice) - 1
        self.target = None
        self.drag = None

    def take(self, face: int, index: int | None) -> tuple[float, float]:
        """Remove the die placed with ``face`` (``index``: the one the player
        moved, if known) and return where it was (the drag point while dragged)."""
        if index is None or index >= len(self.dice) or self.dice[index].face != face:
            index = next((i for i, d in enumerate(self.dice) if d.face == face), None)
        start: tuple[float, float] = (self.dice[index].x, self.dice[index].y) if index is not None else TRAY.center
        if self.drag is not None and index == self.drag:
            start = self.drag_pos
        if index is not None:
            del self.dice[index]
        self.drag = None
        return start

    def selected_face(self) -> int | None:
        return self.dice[self.selected].face if self.selected is not None and self.selected < len(self.dice) else None

    def fix_selection(self, fits: Fits) -> None:
        """Hold a die that is there, and aim at a card it fits (or at none)."""
        if not self.dice:
            self.selected = None
            return
        if self.selected is None or self.selected >= len(self.dice):
            self.selected = 0
        slots = fits(self.dice[self.selected].face)
        if self.target not in slots:
            self.target = slots[0] if slots else None

    def lit_slots(self, fits: Fits) -> set[int]:
        """The cards the dragged (else the held) die fits: they glow."""
        index = self.drag if self.drag is not None else self.selected
        if index is None or index >= len(self.dice):
            return set()
        return set(fits(self.dice[index].face))

    def rect(self, i: int) -> pygame.Rect:
        d = self.dice[i]
        if self.drag == i:
            return pygame.Rect(0, 0, DIE, DIE).move(self.drag_pos[0] - DIE // 2, self.drag_pos[1] - DIE // 2)
        return pygame.Rect(int(d.x - DIE / 2), int(d.y - DIE / 2), DIE, DIE)

    def at(self, pos) -> int | None:
        """The die under ``pos`` (the topmost), or None."""
        return next((i for i in reversed(range(len(self.dice))) if self.rect(i).collidepoint(pos)), None)

    def handle_event(self, event, fits: Fits, card_at: Callable[[tuple[int, int]], int | None],
                     place: Callable[[int, int], bool], toast: Callable[[str], None]) -> bool:
        """A human placing: press a die (hold it) and drag it onto a card, or
        click a card for the held die; Left/Right hold another die, Up/Down aim
        at another card it fits, Enter or Space places.  True if used."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            hit = self.at(event.pos)
            if hit is not None:
                self.drag, self.selected = hit, hit
                self.drag_pos = self.press_pos = event.pos
                self.drag_moved = False
                self.fix_selection(fits)
                return True
            slot = card_at(event.pos)
            if slot is not None and self.selected is not None:
                place(self.selected, slot)
                return True
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self.drag_pos = event.pos
            if math.dist(event.pos, self.press_pos) > 6:
                self.drag_moved = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.drag is not None:
            index, self.drag = self.drag, None
            if self.drag_moved:
                slot = card_at(event.pos)
                if slot is None:
                    toast("Drop the die on a card with a matching image.")
                else:
                    place(index, slot)
            return True
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.dice:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self.selected = ((self.selected or 0) + step) % len(self.dice)
                self.target = None
                self.fix_selection(fits)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.selected is not None:
                slots = fits(self.dice[self.selected].face)
                if slots:
                    i = slots.index(self.target) if self.target in slots else -1
                    self.target = slots[(i + (1 if event.key == pygame.K_DOWN else -1)) % len(slots)]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.selected is not None and self.target is not None:
                    return place(self.selected, self.target) or True
                toast("This die fits no card: pick another or keep the rest (K).")
                return True
        return False

    def draw(self, canvas: pygame.Surface, image: Callable[[int], pygame.Surface], fits: Fits | None) -> None:
        """Every loose die (the dragged one on top); ``fits`` while a human
        places: their held die framed, a die that fits no card dimmed."""
        for i in sorted(range(len(self.dice)), key=lambda k: k == self.drag):
            d = self.dice[i]
            fitting = fits is not None and bool(fits(d.face))
            tray.draw_loose_die(canvas, image(d.face), self.rect(i),
                                selected=i == self.selected and fits is not None,
                                dim=self.dead or (fits is not None and not fitting))
            drawn_controls.note(f"die {d.face}", self.rect(i), fits is not None and fitting, kind="die")
