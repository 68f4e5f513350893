"""Roll the Bones at the table: piles, pots, announcements and the haul.

Every seat has a tidy pile in front of it (six-siders and bones, with
counts).  The centre pot sits in the middle of the felt; side pots sit beside
it with the names of the players who may win them.  Antes and winnings slide
between piles and pots as small dice; each announcement appears as a speech
bubble over the speaker's pile ("bone!"); a tie raises a "Tiebreak" banner.
Humans choose their ante and their announcement with buttons or keys:
B = bone, N = no bone, 0-9 = how many bones to ante, Enter = the lit button.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial

import pygame

from ...core.narration import plural
from ...core.protocol import CHANCE, Action, state_as
from ...ui import layout
from ...ui import theme as th
from ...ui.banner import clearest_row, draw_plate, plate_size
from ...ui.motion import Glide, ease_out, landed_removed, moving
from ...ui.table_scene import TableScene as BaseTableScene
from ...ui.widgets import Button, FocusGroup
from . import felt, prompts
from .rules import Ante, BonesState, Declare, die_kind, first_owner
from ...canvas import CENTRE_X

FLIGHT_SECONDS = 0.55
BANNER_SECONDS = 1.6
POT_CENTRE = (CENTRE_X, 330)
STATUS_Y = 456
"""Top of the round / ante / step line, below the centre pot and its labels."""


@dataclass
class Flight(Glide):
    """One die sliding from a pile or pot to another, hopping a little."""
    kind: str = "d6"
    colour: int = 0

    arc = 26.0

    def curve(self, t: float) -> float:
        return ease_out(t)


class TableScene(BaseTableScene):
    die_size = 42
    banner_seconds = BANNER_SECONDS
    continue_spot = (880, 470)   # clear of the pot and of your own rolled die

    @property
    def state(self) -> BonesState:
        """The match's state as Roll the Bones's own State (typed: its fields are checked)."""
        return state_as(self.match.state, BonesState)

    def __init__(self, app, match, *, replay=None):
        super().__init__(app, match, replay=replay)
        n = len(match.seats)
        self.n = n
        self.pile_spots = [spot.toward_centre(0.30 if n > 2 else 0.26) for spot in self.seat_spots]
        self.flights: list[Flight] = []
        self.label_rects: list[pygame.Rect] = []
        """The pile and pot labels drawn this frame (the banner keeps clear of them)."""
        self._split_at: int | None = None
        self.ui = FocusGroup(app)
        self.buttons_top = 640
        """Top of the human's top row of buttons (the prompt sits above it)."""

    # ------------------------------------------------------------------
    # Geometry
    # ------------------------------------------------------------------
    def pot_spots(self) -> list[tuple[float, float]]:
        """The centre pot, then side pots to its right and left."""
        spots: list[tuple[float, float]] = [POT_CENTRE]
        for i in range(1, len(self.state.pots)):
            side = 1 if i % 2 else -1
            spots.append((POT_CENTRE[0] + side * (170 + 60 * ((i - 1) // 2)), POT_CENTRE[1] + 10))
        return spots

    def anchor_rect(self, name: str):
        """The tutorial coach's targets here: "pot", "side_pot", "my_dice" (the
        lone human's collection) and "buttons" (the ante / bone! row)."""
        spots = self.pot_spots()
        if name in ("pot", "side_pot"):
            index = 0 if name == "pot" else 1
            if index >= len(spots):
                return None
            radius = felt.pot_radius(index)
            return pygame.Rect(0, 0, radius * 2, radius * 2 + 40).move(int(spots[index][0]) - radius,
                                                                        int(spots[index][1]) - radius - 20)
        if name == "my_dice" and self.humans:
            x, y = self.pile_spots[self.humans[0]]
            return pygame.Rect(int(x) - 70, int(y) - 40, 140, 92)
        if name == "buttons":
            self._rebuild()
            return self.ui.bounds()
        return super().anchor_rect(name)

    def coach_keep_clear(self) -> list:
        """Every pot and the human's buttons."""
        keep = [self.anchor_rect("pot")] + [self.anchor_rect("buttons")]
        return [r for r in keep if r is not None]

    def dice_zones(self, request):
        zones = []
        for group in request.groups:
            x, y = self.seat_spots[group.owner].toward_centre(0.52)
            rect = pygame.Rect(0, 0, 150, 110)
            rect.center = (int(x), int(y))
            zones.append(rect.clamp(layout.FELT_RECT.inflate(-140, -90)))
        return zones

    # ------------------------------------------------------------------
    # Animation
    # ------------------------------------------------------------------
    def is_busy(self) -> bool:
        return moving(self.flights, self.time)

    def update(self, dt: float) -> None:
        self.flights = landed_removed(self.flights, self.time)
        if self._split_at is not None and not self.flights:
            self.hold_until_continue(("pot split", self._split_at))   # "pause after reveals"
            self._split_at = None
        self._rebuild()

    def _fly(self, dice, start, end, delay=0.0) -> None:
        """Dice slide from ``start`` to ``end`` one after another; the slide,
        the gap between dice and ``delay`` follow the speed setting (the
        pace's duration factor, applied here once)."""
        if self.pace.reduced_motion:
            return
        n = self.state.n
        pace = self.pace.duration
        for i, die in enumerate(dice):
            jitter = ((die * 37) % 21 - 10, (die * 53) % 17 - 8)
            self.flights.append(Flight(start, (end[0] + jitter[0], end[1] + jitter[1]),
                                       self.time + (delay + i * 0.06) * pace, FLIGHT_SECONDS * pace,
                                       kind=die_kind(die, n), colour=first_owner(die, n)))

    def on_applied(self, player, action, before_state) -> None:
        state = self.state
        pots = self.pot_spots()
        if player != CHANCE:
            self.clear_dice()   # last roll's dice leave the felt once the next ante or call starts
            if isinstance(action, Declare):
                self.app.sounds.play("click", 0.8)
            # antes (this one and any taken automatically after it)
            for p, dice in state.anted.items():
                new = [d for d in dice if d not in before_state.anted.get(p, [])] \
                    if before_state.stage == state.stage and before_state.round == state.round else dice
                for d in new:
                    target = next((i for i, pot in enumerate(state.pots) if d in pot), 0)
                    self._fly([d], self.pile_spots[p], pots[min(target, len(pots) - 1)])
            return
        result = state.last_result or {}
        if result.get("kind") == "tie":
            tied = result["tied"]
            self.show_banner(f"Tiebreak! {' & '.join(self.words.group(tied, start=True))}")
            self.announce(f"Tie at {max(result['faces'].values())}: {' & '.join(self.words.group(tied))} roll again",
                          th.BRASS_LIGHT)
            self.app.sounds.play("click")
        elif result.get("kind") == "win":
            winner = result["winner"]
            haul = result["haul"]
            self.show_banner(f"{self.words.says(winner, 'takes', 'take')} {plural(len(haul[str(winner)]), 'die', 'dice')}")
            self.announce(f"{self.words.says(winner, 'wins', 'win')} the roll with {result['faces'][str(winner)]}"
                          f" and {self.verb(winner, 'takes', 'take')} {plural(len(haul[str(winner)]), 'die', 'dice')}",
                          th.BRASS_LIGHT)
            for p, dice in haul.items():
                self._fly(dice, POT_CENTRE, self.pile_spots[int(p)], 0.3)
            self._split_at = len(self.match.history)
            if result.get("carried"):
                self.announce(f"{len(result['carried'])} dice nobody could win stay on the table "
                              "for the next round's centre pot")
            if state.is_terminal():
                self.show_banner(f"{self.words.says(winner, 'holds', 'hold')} every die!")

    def keeps_roll_on_continue(self, index: int) -> bool:
        """The rolled dice lie on the felt until the next ante or call."""
        return index == len(self.match.history) - 1

    def restore_moment(self, player, action, before_state) -> None:
        """Continue after a roll (nobody has anted or called since): its pot
        split or tiebreak plays again, banner, dice flying home and all."""
        if player == CHANCE:
            self.on_applied(player, action, before_state)

    # ------------------------------------------------------------------
    # Human controls
    # ------------------------------------------------------------------
    def _rebuild(self) -> None:
        player = self.controls_to_build(self.ui)
        if player is None:
            return
        legal = self.state.legal_actions(player)
        buttons: list[tuple[str, str, Action]] = []
        if isinstance(legal[0], Ante):
            amount = self.state.amounts[player]
            for action in legal:
                assert isinstance(action, Ante), "an ante moment offers antes only"
                sixes = amount - action.bones
                text = f"Ante {sixes} six-sider{'s' if sixes != 1 else ''}" if not action.bones else \
                    (f"{sixes} + {action.bones} bone{'s' if action.bones != 1 else ''}" if sixes else
                     f"Ante {action.bones} bone{'s' if action.bones != 1 else ''}")
                buttons.append((text, f"key {action.bones}", action))
        else:
            final = self.state.declare_pass == 2 or len(self.state.choosers) < 2
            buttons.append(("Bone!", "key B" + ("  (binding)" if final else ""), Declare(True)))
            buttons.append(("No bone", "key N" + ("  (binding)" if final else ""), Declare(False)))
        # at most three a row, right-aligned and clear of your nameplate; more rows go upwards
        cols = min(3, len(buttons))
        w, gap = (180, 12) if cols < 3 else (164, 10)
        rows = math.ceil(len(buttons) / cols)
        self.buttons_top = 640 - (rows - 1) * 64
        for i, (text, sub, action) in enumerate(buttons):
            row, col = divmod(i, cols)
            x0 = 1250 - cols * (w + gap)
            self.ui.add(Button((x0 + col * (w + gap), self.buttons_top + row * 64, w, 56), text,
                               partial(self.submit, player, action), sub=sub, size=20 if cols < 3 else 18,
                               primary=i == 0))
        self.ui.focus_first()

    def handle_table_event(self, event) -> bool:
        self._rebuild()
        player = self.human_to_act()
        if player is not None and event.type == pygame.KEYDOWN:
            legal = self.state.legal_actions(player)
            if legal and isinstance(legal[0], Declare):
                if event.key == pygame.K_b:
                    return self.submit(player, Declare(True))
                if event.key == pygame.K_n:
                    return self.submit(player, Declare(False))
            elif legal and pygame.K_0 <= event.key <= pygame.K_9:
                action = Ante(event.key - pygame.K_0)
                if action in legal:
                    return self.submit(player, action)
        return self.ui.handle_event(event)

    # ------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------
    def draw_table(self, canvas: pygame.Surface, alpha: float) -> None:
        self._rebuild()   # the buttons show under a pause menu too (update runs only on top)
        state = self.state
        active = state.turn_player() if state.phase in ("ante", "declare") else None
        notes = {}
        self.label_rects = []
        for p in range(self.n):
            sixes, bones = state.counts(p)
            notes[p] = "out" if state.out_event[p] is not None else \
                plural(sixes + bones + (p in state.in_flight), "die", "dice")
        self.draw_seats(canvas, active, notes)
        self._draw_pots(canvas)
        for p in range(self.n):
            self._draw_pile(canvas, p)
        self._draw_bubbles(canvas)
        self._draw_status(canvas)
        for flight in self.flights:
            pos = flight.position(self.time)
            if pos is not None:
                self._icon(canvas, flight.kind, flight.colour, pos, 22)
        for banner in self.banners:
            draw_plate(canvas, self.theme, banner, self.banner_rect(plate_size(self.theme, banner, 40)), self.time,
                       title_size=40, fill_alpha=220, rim=th.BRASS, radius=14)
        self.ui.draw(canvas, self.theme)

    def _icon(self, canvas, kind, owner, pos, size) -> None:
        renderer = self.renderer
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (int(pos[0]), int(pos[1]))
        colour = self._die_colour(owner)
        renderer.draw_face_icon(canvas, kind, 6 if kind == "d6" else 12, rect, colour)

    def _die_colour(self, owner):
        try:
            from ...ui.dice_render import player_colour
            return player_colour(owner, self.app.settings.colourblind)
        except (ImportError, AttributeError):
            return None

    def _pile_top(self, p: int) -> float:
        """The top edge of seat ``p``'s pile as ``felt.draw_heap`` lays it out."""
        return felt.heap_top(len(self.state.collections[p]), self.pile_spots[p][1] - 6)

    def _draw_pile(self, canvas, p) -> None:
        state = self.state
        if state.out_event[p] is not None:
            return
        x, y = self.pile_spots[p]
        felt.draw_heap(canvas, self._icon, state.collections[p], state.n, (x, y - 6))
        sixes, bones = state.counts(p)
        self.label_rects.append(th.draw_text(canvas, self.theme, felt.pile_label(sixes, bones), (x, y + 34), 15,
                                             th.CREAM, bold=bool(bones), anchor="midtop", shadow=2))

    def _draw_pots(self, canvas) -> None:
        state = self.state
        for i, (pot, spot) in enumerate(zip(state.pots, self.pot_spots())):
            if i and not pot:
                continue
            eligible = state.pot_eligible[i] if i else state.centre_eligible
            assert eligible is not None, "a side pot lists who may win it"
            note = None
            if i or (state.phase in ("declare", "roll") and set(eligible) != set(state.round_players)):
                # the centre is only for those who anted this round (rule text)
                names = ", ".join(self.seat_name(p)[:8] for p in eligible)
                note = f"for {names}" if names else "nobody anted: it stays on the table"
            bones = sum(1 for d in pot if state.is_bone(d))
            self.label_rects += felt.draw_pot(canvas, self.theme, self._icon, i, pot, state.n, spot, bones, note)

    def _draw_bubbles(self, canvas) -> None:
        state = self.state
        if state.phase not in ("declare", "roll"):
            return
        for p in state.order:
            said = state.declared.get(p)
            x, _y = self.pile_spots[p]   # above the pile, however tall
            felt.draw_bubble(canvas, self.theme, said, p in state.choosers and said is None,
                             (int(x), int(self._pile_top(p)) - 9))

    def screen_facts(self) -> dict:
        facts = super().screen_facts()
        facts.update(buttons=self.ui.labels(),
                     banner=self.banners.showing(self.time))
        return facts

    def _draw_status(self, canvas) -> None:
        # under the pots' labels: at the top it ran into the top seat's bubble
        th.draw_text(canvas, self.theme, prompts.status(self.state), (CENTRE_X, STATUS_Y), 18, th.BRASS_LIGHT,
                     bold=True, anchor="midtop", shadow=2)
        player = self.human_to_act()
        if player is not None:
            note = self.ante_note(player) if self.state.phase == "ante" else ""
            if note:
                th.draw_text(canvas, self.theme, note, (1240, self.buttons_top - 40), 15, th.CREAM_DIM,
                             anchor="bottomright", shadow=1)
            th.draw_text(canvas, self.theme, prompts.ask(self.state, self.words, player),
                         (1240, self.buttons_top - 8), 21, th.CREAM, bold=True, anchor="bottomright", shadow=2)

    def ante_note(self, player: int) -> str:
        """How the player's ante splits between the pots (prompts.py)."""
        return prompts.ante_note(self.state, player)

    BANNER_ROWS = (200, 470, 130, 560, 330)
    """Heights tried for the banner, best first (above the centre pot, below it, ...)."""

    def banner_rect(self, size) -> pygame.Rect:
        """Where the banner goes: the first row where it covers no seat label,
        pile or pot label drawn this frame (else the row covering the least)."""
        return clearest_row(size, self.BANNER_ROWS, list(self.seat_plates.values()) + self.label_rects)
