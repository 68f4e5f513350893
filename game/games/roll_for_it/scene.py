"""Roll For It! at the table: big cards, coloured dice beside their images, a dice tray.

The face-up cards sit in a row across the felt; each image on a card is a
die face with the matching dice of every colour lined up beside it.  Below
is the tray where the turn's dice land.  A human drags a die onto a card
(or clicks a die, then a card; or Left/Right to pick a die, Up/Down to pick
a card, Enter to place).  Cards the die fits glow; a refused drop says why.
Scoring is staged: a banner, the card sliding to its new owner's pile, the
dice flying home and the replacement card flipping in.
"""
from __future__ import annotations

import dataclasses
import math
from functools import partial

import pygame

from ...core.narration import plural
from ...core.protocol import CHANCE, RollRequest, state_as
from ...ui import layout, layout_record
from ...ui import theme as th
from ...ui.banner import Banner, clear_spot, draw_plate, nearest_clear_spot, plate_size
from ...ui.drawn_controls import note as note_drawn
from ...ui.motion import landed_removed, moving
from ...ui.table_scene import TableScene as BaseTableScene
from ...ui.widgets import Button, FocusGroup
from . import cards as look
from .cards import Flight, card_rects
from . import prompts, tray
from .loose import LooseDice
from .tray import DIE, TRAY
from .rules import KeepRest, Pass, Place, Roll, RollForItState, TakeBack, card
from ...canvas import CENTRE_X

BANNER_TOWARD = (CENTRE_X, 290)
"""The middle of the cards: a banner goes as near it as it finds room on the felt."""
BANNER_LOOKS = ((False, 34), (False, 28), (True, 26), (True, 22))
"""A banner's looks, the largest first: (on one line, title size)."""
BANNER_SUB_SIZE = 16
PROMPT_WIDEST = 640
"""Pixels the prompt over the tray may take ("Drag a die onto a matching image (arrows + Enter), or keep the rest": 588)."""
BANNER_AIR = 6
"""Pixels a banner keeps from what it must not cover."""
FLIGHT_SECONDS = 0.35
FLIP_SECONDS = 0.45
BANNER_SECONDS = 1.6


class TableScene(BaseTableScene):
    name = "roll-for-it"
    keep_settled_dice = False
    since_width = 270   # clear of the leftmost face-up card (x 295 with four cards)
    banner_colour = th.CREAM
    banner_seconds = BANNER_SECONDS

    @property
    def state(self) -> RollForItState:
        """The match's state as Roll For It!'s own State (typed: its fields are checked)."""
        return state_as(self.match.state, RollForItState)

    def __init__(self, app, match, **kw):
        super().__init__(app, match, **kw)
        self.cards = card_rects(match.game.face_up_count)
        self.loose = LooseDice()
        """The rolled dice in the tray and the human's hold on them (loose.py)."""
        self.flights: list[Flight] = []
        self.flips: dict[int, float] = {}       # slot -> flip start time
        self.sparkles: list[tuple[float, float, float, float]] = []  # x, y, t0, angle
        self.rolloff_view = None
        self.buttons = FocusGroup(app)
        self._placing_index: int | None = None
        self.mini = 22 if len(match.seats) <= 4 else 15
        self.card_faces = look.CardFaces()
        self._banner_spots: list[tuple[Banner, tuple[pygame.Rect, bool, int]]] = []
        """Each banner shown and where (``_placed_banners``)."""
        """The face-up cards as painted, redrawn only when what they show changes."""
        if self.state.phase == "place":   # Continue (or a replay stepped back) between a roll and its placing
            self._lay_out_roll(self.state.turn)

    # ------------------------------------------------------------------
    # Helpers
    # ------------------------------------------------------------------
    def colour(self, player: int):
        from ...ui.dice_render import player_colour
        return player_colour(player, self.app.settings.colorblind_palette)

    def image_spot(self, slot: int, index: int, player: int) -> tuple[float, float]:
        """Centre of ``player``'s die beside image ``index`` of the card in ``slot``."""
        return look.image_spot(self.cards[slot], index, len(self._slot_card(slot).images), player, self.mini)

    def _slot_card(self, slot: int):
        cid = self.state.slots[slot] if slot < len(self.state.slots) else None
        return card(cid) if cid is not None else None

    def seat_anchor(self, player: int) -> tuple[float, float]:
        return self.seat_spots[player].pos

    def home_spot(self, player: int, size: int) -> tuple[float, float]:
        """Where a die of ``size`` flying home to ``player`` ends: beside the nameplate, off its words."""
        return look.beside_plate(self.seat_anchor(player), self.seat_plates.get(player), size)

    def pile_spot(self, player: int) -> tuple[float, float]:
        """Where a card ``player`` scored flies: the top of their pile (it holds the card already)."""
        return look.pile_top(self.seat_anchor(player), self.seat_plates.get(player),
                             max(1, len(self.state.scored[player])))

    def human_placing(self) -> int | None:
        seat = self.human_to_act()
        return seat if seat is not None and self.state.phase == "place" else None

    def legal_slots_for(self, face: int, player: int) -> list[int]:
        return [i for i, cid in enumerate(self.state.slots)
                if cid is not None and self.state.fits(face, cid, player)]

    def _turn_fits(self, face: int) -> list[int]:
        """The cards a die of ``face`` fits for the seat whose turn it is."""
        return self.legal_slots_for(face, self.state.turn)

    # ------------------------------------------------------------------
    # Base-class hooks
    # ------------------------------------------------------------------
    def dice_zones(self, request: RollRequest) -> list[pygame.Rect]:
        """A turn's roll lands in the tray; a roll-off splits the tray into one
        lane per player (``tray.zones``)."""
        return tray.zones(len(request.groups))

    def throw_colour(self, pose):
        """Player-coloured dice in flight."""
        return self.colour(pose.owner)

    def is_busy(self) -> bool:
        now = self.time
        if moving(self.flights, now):
            return True
        return any(now - t0 < FLIP_SECONDS * self.pace.duration for t0 in self.flips.values())

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        now = self.time
        self.flights = landed_removed(self.flights, now)
        self.sparkles = [s for s in self.sparkles if now - s[2] < tray.SPARKLE_SECONDS]
        self.flips = {k: t for k, t in self.flips.items() if now - t < FLIP_SECONDS * self.pace.duration}

    # ------------------------------------------------------------------
    # Reacting to applied actions
    # ------------------------------------------------------------------
    def on_applied(self, player, action, before) -> None:
        after = self.state
        pace = self.pace.duration
        if player == CHANCE:
            if before.phase == "shuffle":
                for slot in range(len(after.slots)):
                    self.flips[slot] = self.time + slot * 0.12 * pace
                self.announce(prompts.dealt(after))
            elif before.phase == "rolloff":
                self.rolloff_view = self.settled_view
                self.announce(prompts.rolloff(after, self.words.speaker))
                banner = prompts.rolloff_banner(after, self.words)
                self.show_banner(*banner, self._rolloff_colour(banner))
            elif before.phase == "roll":
                self._lay_out_roll(before.turn)
                if after.turn != before.turn or after.phase != "place":
                    self.loose.dead = True
                    self.announce(prompts.kept_unfitted(self.words, before.turn, len(action.faces[0]), rest=False),
                                  th.CREAM_DIM)
            return
        if isinstance(action, (Roll, TakeBack)):
            self.loose.clear()
            self.rolloff_view = None
            if isinstance(action, TakeBack):
                self._fly_home_from_cards(before, player)
        elif isinstance(action, Place):
            self._placed(before, player, action)
        elif isinstance(action, KeepRest):
            self._send_rest_home(player)
        if isinstance(action, Place) and self.loose and (after.phase != "place" or after.turn != player):
            # the rest fits no card: the turn ended with the placement, the dice go home
            self.announce(prompts.kept_unfitted(self.words, player, len(self.loose), rest=True), th.CREAM_DIM)
            self._send_rest_home(player)
        elif isinstance(action, Pass):
            self.show_banner(*prompts.passed(self.words, player))
        if after.phase == "place" and after.turn == player:
            self.loose.fix_selection(self._turn_fits)

    def _send_rest_home(self, player: int) -> None:
        """The unplaced dice fly from the tray back to their owner."""
        for d in self.loose:
            self.flights.append(Flight((d.x, d.y), self.home_spot(player, DIE - 10), self.time,
                                       FLIGHT_SECONDS * self.pace.duration, d.face, player, DIE - 10))
        self.loose.clear()

    def _lay_out_roll(self, owner: int) -> None:
        """The rolled dice stay where they settled, ready to drag."""
        poses = list(self.settled_view.poses()) if self.settled_view is not None else []
        faces = list(self.state.rolled) if self.state.phase == "place" else []
        if not faces and poses:
            faces = [p.top for p in poses]
        self.loose.lay_out(faces, poses)
        self.loose.fix_selection(self._turn_fits)

    def _placed(self, before, player: int, action: Place) -> None:
        pace = self.pace.duration
        start = self.loose.take(action.face, self._placing_index)
        self._placing_index = None
        slot, image = self._placed_on(before, player, action)
        end = self.image_spot(slot, image, player)
        if action.card in self.state.covers:
            self.flights.append(Flight(start, end, self.time, FLIGHT_SECONDS * pace, action.face, player,
                                       self.mini, lands_on=(action.card, player, image)))
            self.app.sounds.play("click", 0.5)
            return
        self._stage_score(before, player, action, slot, end)

    @staticmethod
    def _placed_on(before: RollForItState, player: int, action: Place) -> tuple[int, int]:
        """(slot, image index) the die of ``action`` went to (``before``: the state it was placed in)."""
        images = card(action.card).images
        return (before.slots.index(action.card),
                next(i for i in before.open_images(action.card, player) if images[i] == action.face))

    def _stage_score(self, before, player: int, action: Place, slot: int, end) -> None:
        """A card scored: celebrate, send the card to the pile and every die home."""
        pace = self.pace.duration
        images = card(action.card).images
        after = self.state
        self.show_banner(*prompts.scored(after, self.words, player, card(action.card).points), th.BRASS_LIGHT)
        self.app.sounds.play("win" if after.is_terminal() else "chime", 0.8)
        rect = self.cards[slot]
        for k in range(14):
            self.sparkles.append((rect.centerx, rect.centery, self.time, k * math.tau / 14))
        for p, covered in enumerate(before.covers[action.card]):
            for i in covered:
                self.flights.append(Flight(self.image_spot(slot, i, p), self.home_spot(p, self.mini),
                                           self.time + 0.15 * pace, FLIGHT_SECONDS * 1.6 * pace,
                                           images[i], p, self.mini))
        self.flights.append(Flight(end, self.home_spot(player, self.mini), self.time + 0.15 * pace,
                                   FLIGHT_SECONDS * 1.6 * pace, action.face, player, self.mini))
        self.flights.append(Flight(rect.center, self.pile_spot(player), self.time, 0.7 * pace,
                                   card_id=action.card))
        if after.slots[slot] is not None:
            self.flips[slot] = self.time + 0.3 * pace
        if after.is_terminal():
            self.show_banner(*prompts.won(after, self.words, player), th.BRASS_LIGHT, seconds=3.0)

    def keeps_roll_on_continue(self, index: int) -> bool:
        """The last roll's dice (where they landed) are this turn's tray while
        only placements followed it, or the roll-off's dice before the first turn."""
        return all(isinstance(a, Place) for _p, a in self.match.history[index + 1:])

    def restore_moment(self, player, action, before_state) -> None:
        """Continue: a roll is laid out again (the tray, dimmed if nothing
        matched; a roll-off's dice and banner; a deal's cards turning); the
        tray of a turn under way keeps where its dice landed; a card just
        scored is celebrated again (banner, dice flying home, a new card)."""
        if player == CHANCE:
            self.on_applied(player, action, before_state)
            return
        if self.state.phase == "place":
            self._lay_out_roll(self.state.turn)
        if isinstance(action, Place) and action.card not in self.state.covers:
            slot, image = self._placed_on(before_state, player, action)
            self._stage_score(before_state, player, action, slot, self.image_spot(slot, image, player))

    def undoable(self, player, action) -> bool:
        """A placement may be taken back until the turn's next commit (the
        player keeps the rest, rolls again, or anyone else moves), unless it
        scored the card: then the dice flew home and a new card was turned
        from the hidden deck, so it is final.  The rules say a placed die
        cannot move; taking it back erases the misclick from the record,
        it never moves a die within the game."""
        if not isinstance(action, Place):
            return False
        after = self.state.apply(player, action)
        return action.card in after.covers and not after.is_terminal()

    def on_taken_back(self, player, action) -> None:
        """The die leaves its card and lies in the tray again."""
        self.flights = [f for f in self.flights if not (f.lands_on and f.lands_on[:2] == (action.card, player))]
        self.loose.put_back(action.face)
        self.loose.fix_selection(self._turn_fits)

    def undo_text(self, action) -> str:
        return f"Undo: the {action.face} to tray"   # one die, the one showing that face

    def undo_button_rect(self) -> pygame.Rect:
        """Under "Keep the rest", beside the tray."""
        return pygame.Rect(TRAY.right + 24, TRAY.y + 70, 196, 56)

    def _fly_home_from_cards(self, before, player: int) -> None:
        for slot, cid in enumerate(before.slots):
            if cid is None:
                continue
            for i in before.covers[cid][player]:
                self.flights.append(Flight(self.image_spot(slot, i, player), self.home_spot(player, self.mini),
                                           self.time, FLIGHT_SECONDS * 1.4 * self.pace.duration,
                                           card(cid).images[i], player, self.mini))

    # ------------------------------------------------------------------
    # Human input
    # ------------------------------------------------------------------
    def _refresh_buttons(self) -> None:
        seat = self.controls_to_build(self.buttons)
        if seat is None:
            return
        for button in self._choice_buttons(self.state, seat):
            self.buttons.add(button)

    def _choice_buttons(self, state: RollForItState, seat: int) -> list[Button]:
        """The buttons beside the tray for ``seat`` in ``state``, a row each."""
        x, y = TRAY.right + 24, TRAY.y + 4
        out: list[Button] = []
        for c in prompts.choices(state, seat):
            out.append(Button((x, y + 66 * len(out), 196, 56), c.label, partial(self.submit, seat, c.action),
                              primary=c.primary, sub=c.sub))
        return out

    def anchor_rect(self, name: str):
        """The tutorial coach's targets here: "card:N" (face-up slot N), "tray"
        (your rolled dice), "buttons" (Roll / Take Back / Keep the rest) and
        "button:<label>" (the one button a step asks for: Take Back beside Roll
        for it!)."""
        if name.startswith("card:") and name[5:].isdigit():
            index = int(name[5:])
            return self.cards[index] if index < len(self.cards) else None
        if name == "tray":
            return TRAY
        if name == "buttons":
            self._refresh_buttons()
            return self.buttons.bounds()
        if name.startswith("button:"):
            self._refresh_buttons()
            return self.buttons.rect_of(name[7:])
        return super().anchor_rect(name)

    def since_keep_clear(self) -> list[list[pygame.Rect]]:
        """The table's tiers, each with the prompt over the tray: with a
        16-letter name "All MWMW…'s dice are on cards" ran under the "since
        your last move" card."""
        prompt = self._prompt_rect().inflate(8, 8)
        return [tier + [prompt] for tier in super().since_keep_clear()]

    def coach_keep_clear(self) -> list:
        """The cards, your dice and the buttons stay visible."""
        buttons = self.anchor_rect("buttons")
        return [TRAY, *self.cards] + ([buttons] if buttons is not None else [])

    def try_place(self, index: int, slot: int | None) -> bool:
        """Place loose die ``index`` on the card in ``slot``; a refusal says why."""
        seat = self.human_placing()
        if seat is None or index is None or index >= len(self.loose):
            return False
        cid = self.state.slots[slot] if slot is not None else None
        if cid is None:
            return False
        action = Place(self.loose[index].face, cid)
        reason = self.state.why_illegal(seat, action)
        if reason:
            self.app.toast(reason)
            self.app.sounds.play("error")
            return False
        self._placing_index = index
        return self.submit(seat, action)

    def card_at(self, pos) -> int | None:
        return next((i for i, r in enumerate(self.cards) if r.collidepoint(pos)), None)

    def handle_table_event(self, event) -> bool:
        self._refresh_buttons()
        seat = self.human_to_act()
        if seat is None:
            return False
        if self.state.phase == "start" and event.type == pygame.KEYDOWN:
            shortcuts = {pygame.K_r: Roll(), pygame.K_t: TakeBack(), pygame.K_p: Pass()}
            if event.key in shortcuts:
                action = shortcuts[event.key]
                if action in self.state.legal_actions(seat):
                    return self.submit(seat, action)
                self.app.toast(self.state.why_illegal(seat, action))
                return True
        if self.human_placing() is not None:
            if self.loose.handle_event(event, self._turn_fits, self.card_at, self.try_place, self.app.toast):
                return True
            if event.type == pygame.KEYDOWN and event.key == pygame.K_k:
                return self.submit(seat, KeepRest())
        return self.buttons.handle_event(event)

    # ------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------
    def draw_table(self, canvas: pygame.Surface, alpha: float) -> None:
        self._refresh_buttons()
        state = self.state
        notes = {p: f"{state.scores[p]} pts  ·  {plural(state.hand(p), 'die', 'dice')} in hand" for p in range(state.n)}
        self.draw_seats(canvas, state.turn_player() if state.turn_player() is not None else
                        (state.turn if state.phase == "roll" else None), notes)
        self._draw_piles(canvas)
        placed = self._placed_banners()   # before the deck line: a banner over it hides it
        self._draw_header(canvas)
        fits = self._highlight_slots()
        for slot, rect in enumerate(self.cards):
            self._draw_slot(canvas, slot, rect, slot in fits)
        self._draw_tray(canvas)
        if self.rolloff_view is not None:
            self.rolloff_view.draw(canvas, alpha)
        self.loose.draw(canvas, lambda face: self.renderer.face("d6", face, self.colour(self.state.turn), DIE),
                        self._turn_fits if self.human_placing() is not None else None)
        look.draw_flights(canvas, self.theme, self.flights, self.time, self._mini_die)
        tray.draw_sparkles(canvas, self.sparkles, self.time)
        self.buttons.draw(canvas, self.theme)
        self._draw_banner(canvas, placed)
        self._note_dice_and_cards(fits)

    def _note_dice_and_cards(self, lit: set[int]) -> None:
        """Each face-up card is a control as drawn (game/ui/drawn_controls.py),
        named by its points and pictures: a walkthrough drops a die on it;
        while a human places, only a card the held die fits is enabled.  The
        loose dice note themselves (``LooseDice.draw``)."""
        placing = self.human_placing() is not None
        for slot, rect in enumerate(self.cards):
            shown = self._slot_card(slot)
            if shown is not None:
                note_drawn(f"card {shown.points}: {' '.join(map(str, shown.images))}", rect,
                           placing and slot in lit, kind="card")

    def first_draw_steps(self):
        """The piles, the header and each card slot drawn, a step each (the
        first drawing's cards and labels: about 20 ms in one frame).  On the
        canvas before its frame's drawing covers it (``opening_steps``)."""
        canvas = self.app.canvas
        self._draw_piles(canvas)
        yield
        self._draw_header(canvas)
        yield
        for slot, rect in enumerate(self.cards):
            self._draw_slot(canvas, slot, rect, False)
            yield
        yield from self._first_turn_steps(canvas)

    def _first_turn_steps(self, canvas):
        """The words of a human's first turn here (the prompt, "Roll for it!"
        and the line under it), drawn once, a step each: the frame that turn
        began rendered them, about 1.3 ms at 8 seats.  From a copy of the
        state at that turn's start (the table itself is still at its shuffle)."""
        seat = next((s for s in self.humans if s not in getattr(self.match, "phone_seats", ())), None)
        if seat is None:
            return
        turn = self.state.clone()
        turn.phase, turn.turn = "start", seat
        tray.draw_header(canvas, self.theme, self.cards[0].y, "", prompts.prompt(turn, self.words, seat))
        yield
        for button in self._choice_buttons(turn, seat):
            button.draw(canvas, self.theme, False, False)   # the words look alike focused or not
            yield

    def _highlight_slots(self) -> set[int]:
        return set() if self.human_placing() is None else self.loose.lit_slots(self._turn_fits)

    def _draw_header(self, canvas) -> None:
        """The deck line (not while a banner stands over it: the banner says more) and the prompt."""
        hidden = self._deck_line_rect().collidelist([rect for _b, (rect, _one, _size) in self._banner_spots]) >= 0
        tray.draw_header(canvas, self.theme, self.cards[0].y, "" if hidden else prompts.deck_line(self.state),
                         self._prompt())

    def screen_facts(self) -> dict:
        facts = super().screen_facts()
        state = self.state
        facts.update(tray=sorted(self.loose.faces()), tray_dimmed=self.loose.dead and bool(self.loose),
                     selected=self.loose.selected_face(), prompt=self._prompt(),
                     hands=[state.hand(p) for p in range(state.n)],
                     buttons=self.buttons.labels(),
                     banner=self.banners.showing(self.time),
                     rolloff=sorted(p.top for p in self.rolloff_view.poses()) if self.rolloff_view else [],
                     highlighted=sorted(self._highlight_slots()))
        return facts

    def _prompt(self) -> str:
        return prompts.prompt(self.state, self.words, self.human_to_act())

    def _draw_slot(self, canvas, slot: int, rect: pygame.Rect, lit: bool) -> None:
        c = self._slot_card(slot)
        face = None
        if c is not None:
            hidden = {f.lands_on for f in self.flights if f.lands_on is not None}
            dice = tuple((i, p) for p, covered in enumerate(self.state.covers.get(c.id, []))
                         for i in covered if (c.id, p, i) not in hidden)

            def paint() -> pygame.Surface:
                surf = pygame.Surface(rect.size, pygame.SRCALPHA)
                look.paint_card(surf, self.theme, self.renderer, c, pygame.Rect(0, 0, *rect.size), dice, self.mini,
                                self._mini_die)
                return surf
            face = self.card_faces.face((c.id, dice, rect.size, self.mini, self.app.settings.colorblind_palette),
                                        paint)
        flip = self.flips.get(slot)
        turn = None if flip is None else (self.time - flip) / max(FLIP_SECONDS * self.pace.duration, 1e-3)
        look.draw_slot(canvas, self.theme, face, rect, turn, lit,
                       slot == self.loose.target and self.human_placing() is not None)
        if c is not None and layout_record.ACTIVE is not None and (turn is None or turn >= 1):
            for box in look.picture_rects(c, rect, dice, self.mini):   # a banner must not cover them
                layout_record.note(canvas, "die", box)

    def _mini_die(self, surf, face: int, owner: int, centre, size: int) -> None:
        img = self.renderer.face("d6", face, self.colour(owner), int(size))
        surf.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))

    def _draw_tray(self, canvas) -> None:
        tray.draw_tray(canvas, self.theme,
                       not self.loose and self.throw_view is None and self.rolloff_view is None
                       and self.state.phase in ("start", "roll"))

    def _draw_piles(self, canvas) -> None:
        """Each player's scored cards as a staggered pile beside their nameplate."""
        for p, pile in enumerate(self.state.scored):
            if pile:
                anchor = self.seat_anchor(p)
                look.draw_pile(canvas, self.theme, pile, look.pile_left(anchor, self.seat_plates.get(p), len(pile)),
                               anchor[1] - 18)

    def _draw_banner(self, canvas, placed) -> None:
        """Each banner where ``_placed_banners`` put it."""
        for banner, (rect, one_line, title_size) in placed:
            draw_plate(canvas, self.theme, self._banner_look(banner, one_line), rect, self.time, title_size=title_size,
                       sub_size=BANNER_SUB_SIZE, fade_from=0.8)
            self.note_banner(rect)

    @staticmethod
    def _rolloff_colour(banner: tuple[str, str]) -> tuple:
        """Brass for who goes first, cream for a tie (they roll again)."""
        return th.CREAM if banner == prompts.ROLLOFF_TIE else th.BRASS_LIGHT

    def warm_steps(self):
        """Before the first roll-off lands: its banner's words, every way it
        can end (each seat going first, a tie), in each of ``BANNER_LOOKS``
        as ``banner_place`` measures them and ``draw_plate`` draws them, one
        look a step (issue 41: the landing frame rendered them: first-use
        text in that frame).  None once the roll-off is over."""
        yield from super().warm_steps()
        if self.state.phase not in ("shuffle", "rolloff"):
            return
        for title, sub in prompts.rolloff_banners(self.words, len(self.match.seats)):
            banner = Banner(title, sub, self._rolloff_colour((title, sub)))
            for one_line, title_size in BANNER_LOOKS:
                plate_size(self.theme, self._banner_look(banner, one_line), title_size, BANNER_SUB_SIZE)
                yield True

    def _placed_banners(self) -> list[tuple[Banner, tuple[pygame.Rect, bool, int]]]:
        """Each banner showing and where it is drawn: placed once, when it first
        shows (``banner_place``), then kept there."""
        placed = {id(b): spot for b, spot in self._banner_spots if any(b is shown for shown in self.banners)}
        self._banner_spots = []
        for banner in self.banners:
            spot = placed.get(id(banner)) or self.banner_place(banner)
            self._banner_spots.append((banner, spot))
        return list(self._banner_spots)

    def banner_place(self, banner: Banner) -> tuple[pygame.Rect, bool, int]:
        """Where ``banner`` goes (its rect, on one line or two, its title size):
        as near the cards' middle as it covers nothing of ``banner_keep_clear``,
        the largest of ``BANNER_LOOKS`` that finds such a place (issue 39: at 8
        seats "Rook goes first", centred on the cards, covered their die
        pictures for its whole fade); else where the smallest covers least."""
        keep_clear = self.banner_keep_clear()
        for one_line, title_size in BANNER_LOOKS:
            size = plate_size(self.theme, self._banner_look(banner, one_line), title_size, BANNER_SUB_SIZE)
            rect = clear_spot(size, [keep_clear], BANNER_TOWARD, layout.FELT_RECT)
            if rect is not None:
                return rect, one_line, title_size
        # only the smallest look searches for the place covering least (issue 41: 25-29 ms a look)
        return nearest_clear_spot(size, [keep_clear], BANNER_TOWARD, layout.FELT_RECT), one_line, title_size

    @staticmethod
    def _banner_look(banner: Banner, one_line: bool) -> Banner:
        """``banner`` as drawn: on one line, the line under it follows the title."""
        return dataclasses.replace(banner, title=f"{banner.title} \u00b7 {banner.sub}", sub="") \
            if one_line and banner.sub else banner

    def banner_keep_clear(self) -> list[pygame.Rect]:
        """What a banner must not cover: every nameplate and its pile, every
        face-up card (its die pictures and the dice on it), the tray (a
        roll-off's dice, a roll to place, the next throw's landing), the
        prompt over it, the buttons and the table's chrome.  Not the deck
        line over the cards: a banner over it hides it (``_draw_header``)."""
        air = BANNER_AIR
        always = [r.inflate(2 * air, 2 * air) for r in
                  [*self.seat_plates.values(), *self._pile_rects(), *self.cards, TRAY, self._prompt_rect()]]
        buttons = self.buttons.bounds()
        if buttons is not None:
            always.append(buttons.inflate(2 * air, 2 * air))
        return always + self.chrome_keep_clear()

    def _pile_rects(self) -> list[pygame.Rect]:
        """Each seat's scored cards as ``_draw_piles`` lays them out."""
        rects = []
        for p, pile in enumerate(self.state.scored):
            if pile:
                anchor = self.seat_anchor(p)
                left = look.pile_left(anchor, self.seat_plates.get(p), len(pile))
                rects.append(pygame.Rect(int(left), int(anchor[1] - 18),
                                         look.PILE_CARD[0] + look.PILE_STEP * (len(pile) - 1), look.PILE_CARD[1]))
        return rects

    def _deck_line_rect(self) -> pygame.Rect:
        return tray.deck_line_rect(self.theme, self.cards[0].y, prompts.deck_line(self.state))

    def _prompt_rect(self) -> pygame.Rect:
        """The prompt over the tray now, and as wide as it may grow while a
        banner stands (placed at a short "Your turn: roll your dice", a
        banner lay under "Drag a die onto a matching image ..." next)."""
        now = tray.prompt_rect(self.theme, self._prompt())
        widest = pygame.Rect(0, now.y, PROMPT_WIDEST, now.h)
        widest.centerx = now.centerx
        return now.union(widest)
