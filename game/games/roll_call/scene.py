"""The Roll Call table: domes around the rail, the bid in the middle, and an
out-of-turn "Call!" for every other human seat.

The rules decide; this module only shows them.  Your own dice (Emblem on the
1 face) sit face-up before your seat, everyone else's under a dome.  The
shared ``BidPicker`` (game/ui/bidding.py) offers legal raises only, with the
minimum raise preselected.  While the player to act is deciding, each other
human seat allowed to call out of turn gets its own labelled button and
function key (F1 = seat 1 ...).  A call plays as a reveal: domes lift, each
player holds up fingers for their count of the face plus Emblems, the tally
climbs, and the loser's die (or two dice, for a wrong out-of-turn call)
leaves the table.
"""
from __future__ import annotations

import math

import pygame

from ...core.bidding import bid_text, face_name
from ...core.protocol import CHANCE
from ...ui import layout
from ...ui import table_scene
from ...ui import theme as th
from ...ui.bidding import BidHistory, BidPicker, HistoryEntry
from .ai import plain_chance
from .rules import (BID_FACES, EMBLEM, WRONG_OUT_OF_TURN_PENALTY, Bid, Call, CallOutOfTurn, Reveal,
                    matches, minimum_raise)

REVEAL_SECONDS = {"normal": 4.6, "fast": 2.4}
DIE_KIND = "emblem"
OUT_OF_TURN_KEYS = tuple(getattr(pygame, f"K_F{i}") for i in range(1, 11))
"""F1..F10: the out-of-turn call key of seat 1..10 (hot-seat)."""
PLAIN_BREAK_EVEN = WRONG_OUT_OF_TURN_PENALTY / (WRONG_OUT_OF_TURN_PENALTY + 1)
"""A wrong out-of-turn call costs 2 dice, a right one costs the bidder 1: the
bid must be false more than 2/3 of the time before calling pays in dice."""


def _ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


class TableScene(table_scene.TableScene):
    keep_settled_dice = False  # thrown dice go under the domes (or face-up before you)

    def __init__(self, app, match, **kw):
        super().__init__(app, match, **kw)
        n = len(match.seats)
        self.die_px = 28 if n <= 6 else 22
        self.dome_px = 66 if n <= 6 else 52
        self.picker = BidPicker(pygame.Rect(410, 392, 460, 150), on_bid=self._human_bid,
                                challenges=(("call", "Call", pygame.K_c),), on_challenge=self._human_call,
                                faces=BID_FACES, die_kind=DIE_KIND)
        self.history = BidHistory(pygame.Rect(1096, 512, 176, 200), die_kind=DIE_KIND)
        self.reveal: Reveal | None = None
        self.reveal_time = 0.0
        self.round_entries: list[HistoryEntry] = []
        self._picker_key = None

    # ------------------------------------------------------------------
    # Geometry
    # ------------------------------------------------------------------
    def dome_point(self, seat: int) -> tuple[float, float]:
        return self.seat_spots[seat].toward_centre(0.22)

    def dice_points(self, seat: int, count: int, size: int, per_row: int = 3) -> list[tuple[float, float]]:
        """A neat row (two rows past ``per_row``) centred on the dome spot."""
        cx, cy = self.dome_point(seat)
        per_row = count if count <= per_row else math.ceil(count / 2)
        rows = math.ceil(count / per_row) if count else 0
        gap = size + 4
        out = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            out.append((cx + (col - (in_row - 1) / 2) * gap, cy + (row - (rows - 1) / 2) * gap))
        return out

    def dice_zones(self, request):
        """Each group lands around its owner's dome (physics needs room for
        full-size dice, so the zone is larger than the dome)."""
        zones = []
        for g in request.groups:
            rect = pygame.Rect(0, 0, 220, 180)
            rect.center = tuple(int(v) for v in self.dome_point(g.owner))
            zones.append(rect.clamp(layout.FELT_RECT.inflate(-60, -40)))
        return zones

    def out_of_turn_buttons(self) -> dict[int, pygame.Rect]:
        """One "Call!" button per human seat that may call out of turn now."""
        if self.replay is not None or self.reveal is not None or self.throw_view is not None:
            return {}
        seats = [p for p in self.match.state.interjectors() if not self.match.seats[p].is_ai]
        out = {}
        for i, seat in enumerate(seats):  # three down the top-left corner, then the top-right
            col, row = divmod(i, 3)
            out[seat] = pygame.Rect(12 if col == 0 else 1268 - 190, 34 + row * 52, 190, 46)
        return out

    # ------------------------------------------------------------------
    # Hooks from the base
    # ------------------------------------------------------------------
    def is_busy(self) -> bool:
        return self.reveal is not None

    def human_to_act(self):
        if self.reveal is not None:
            return None
        return super().human_to_act()

    def on_applied(self, player, action, before_state) -> None:
        state = self.match.state
        if player == CHANCE:
            self.round_entries = []
            return
        colour = self.theme.player_colour(player)
        if isinstance(action, Bid):
            self.round_entries.append(HistoryEntry(self.seat_name(player), colour, action.quantity, action.face))
            return
        self.round_entries.append(HistoryEntry(self.seat_name(player), colour,
                                               text="Call!"))
        self.reveal = state.last_reveal
        self.reveal_time = 0.0
        self.app.sounds.play("curtain", 0.7)
        self.announce(self._verdict(self.reveal), th.BRASS_LIGHT)

    def handle_table_event(self, event) -> bool:
        if self.reveal is not None:
            return False
        if self._out_of_turn_event(event):
            return True
        if self.human_to_act() is None:
            return False
        self._refresh_picker()
        return self.picker.handle_event(event)

    def update(self, dt: float) -> None:
        if self.reveal is not None:
            self.reveal_time += dt
            if self.reveal_time >= self._reveal_length():
                self.reveal = None
                self._maybe_curtain()

    # ------------------------------------------------------------------
    # Human input
    # ------------------------------------------------------------------
    def _out_of_turn_event(self, event) -> bool:
        buttons = self.out_of_turn_buttons()
        if not buttons:
            return False
        seat = None
        if event.type == pygame.KEYDOWN and event.key in OUT_OF_TURN_KEYS:
            seat = OUT_OF_TURN_KEYS.index(event.key)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            seat = next((s for s, r in buttons.items() if r.collidepoint(event.pos)), None)
        if seat is None or seat not in buttons:
            return False
        self.submit(seat, CallOutOfTurn())
        return True

    def _refresh_picker(self) -> None:
        """Load this moment's legal raises into the picker (once per move)."""
        seat = self.human_to_act()
        key = (len(self.match.history), seat)
        if key == self._picker_key or seat is None:
            return
        self._picker_key = key
        state = self.match.state
        self.picker.set_legal(self._minimums(state.bid, state.total_dice), state.total_dice,
                              enabled=("call",) if state.bid else (),
                              prefer_face=state.bid[1] if state.bid else self._best_face(seat))
        if self.match.options.get("odds_helper") and self.can_see(seat):
            view = state.view(seat)
            self.picker.odds = lambda q, f: plain_chance(view, q, f)
        else:
            self.picker.odds = None

    @staticmethod
    def _minimums(bid, total_dice: int) -> dict[int, int]:
        """Lowest legal quantity per face under the Roll Call raise rule (the
        picker assumes every larger quantity is legal too, which holds)."""
        start = minimum_raise(bid, total_dice)
        if start is None:
            return {}
        q, f = start
        return {face: (q if face >= f else q + 1) for face in BID_FACES}

    def _best_face(self, seat: int) -> int:
        faces = self.match.state.hands[seat] if self.can_see(seat) else ()
        return max(BID_FACES, key=lambda f: (matches(faces, f), f))

    def _human_bid(self, quantity: int, face: int) -> None:
        seat = self.human_to_act()
        if seat is not None:
            self.submit(seat, Bid(quantity, face))

    def _human_call(self, _name: str) -> None:
        seat = self.human_to_act()
        if seat is not None:
            self.submit(seat, Call())

    # ------------------------------------------------------------------
    # Words
    # ------------------------------------------------------------------
    def _verdict(self, r: Reveal) -> str:
        loser = self.seat_name(r.loser)
        text = f"{r.total} on the table against {bid_text(r.quantity, r.face)}. "
        dice = "two dice" if r.dice_lost == 2 else "a die"
        if r.out_of_turn and r.bid_true:
            text += f"Wrong out-of-turn call: {loser} loses {dice}."
        else:
            text += f"{loser} loses {dice}."
        if r.eliminated:
            text += f" {loser} is out!"
        return text

    def _reveal_length(self) -> float:
        if self.app.settings.reduced_motion:
            return 2.2
        return REVEAL_SECONDS.get(self.app.settings.animation_speed, REVEAL_SECONDS["normal"])

    def _colour(self, seat: int):
        from ...ui.dice_render import player_colour
        return player_colour(seat, self.theme.colorblind)

    # ------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------
    def draw_table(self, canvas, alpha) -> None:
        state = self.match.state
        counts = list(state.dice_counts)
        if self.reveal is not None:  # counts as they were until the dice have gone
            counts = [len(h) for h in self.reveal.hands]
        notes = {i: ("out" if n == 0 else f"{n} {'die' if n == 1 else 'dice'}") for i, n in enumerate(counts)}
        self.draw_seats(canvas, active=state.turn_player(), notes=notes)
        if self.reveal is not None:
            self._draw_reveal(canvas)
        elif self.throw_view is None:
            self._draw_domes(canvas)
        self._draw_centre(canvas)
        footer = f"Round {self.reveal.round_no if self.reveal else state.round_no}  \u00b7  {state.total_dice} dice"
        self.history.draw(canvas, self.theme, self.renderer, self.round_entries, footer=footer)
        if self.human_to_act() is not None and self.throw_view is None:
            self._refresh_picker()
            self.picker.draw(canvas, self.theme, self.renderer)
        self._draw_out_of_turn_buttons(canvas)

    def _face(self, canvas, face, rect, seat) -> None:
        if self.renderer is not None:
            self.renderer.draw_face_icon(canvas, DIE_KIND, face, rect, self._colour(seat))
        else:
            pygame.draw.rect(canvas, th.CREAM, rect, border_radius=5)
            label = "\u2605" if face == EMBLEM else str(face)
            th.draw_text(canvas, self.theme, label, rect.center, rect.h - 6, th.INK, bold=True, anchor="center")

    def _draw_dice(self, canvas, seat, faces, size, *, lit=None, leaving=0, fade=1.0, per_row=3) -> None:
        """A seat's dice; ``lit`` marks the ones that count, the last
        ``leaving`` dice fade out (the die a loser gives up)."""
        points = self.dice_points(seat, len(faces), size, per_row)
        for i, (pos, face) in enumerate(zip(points, faces)):
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (int(pos[0]), int(pos[1]))
            going = i >= len(faces) - leaving
            if going and fade <= 0:
                continue
            target = canvas
            if going:
                target = pygame.Surface((size + 10, size + 10), pygame.SRCALPHA)
                rect = pygame.Rect(5, 5 - int((1 - fade) * 30), size, size)
            if lit is not None and lit(face):
                pygame.draw.rect(target, th.BRASS_LIGHT, rect.inflate(8, 8), border_radius=8)
            self._face(target, face, rect, seat)
            if lit is not None and not lit(face):
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((0, 0, 0, 120))
                target.blit(veil, rect)
            if going:
                target.set_alpha(int(255 * fade))
                canvas.blit(target, (int(pos[0]) - size // 2 - 5, int(pos[1]) - size // 2 - 5))

    def _near_bottom(self, seat: int) -> bool:
        """Seats along the bottom rail have room for their dice in one row."""
        return abs(math.sin(self.seat_spots[seat].angle)) > 0.9 and self.seat_spots[seat].y > 360

    def _draw_domes(self, canvas) -> None:
        state = self.match.state
        for seat, n in enumerate(state.dice_counts):
            if n == 0:
                continue
            x, y = self.dome_point(seat)
            if self.can_see(seat) and state.hands[seat]:
                wide = self._near_bottom(seat)
                self._draw_dice(canvas, seat, state.hands[seat], 40 if wide else 32, per_row=6 if wide else 3)
                continue
            if self.renderer is not None:
                self.renderer.draw_cup(canvas, x, y, self._colour(seat), size=self.dome_px)
            else:
                pygame.draw.circle(canvas, th.WOOD_DARK, (int(x), int(y)), self.dome_px // 2)

    def _draw_reveal(self, canvas) -> None:
        """Domes lifted, matching dice and Emblems lit, fingers held up, the lost dice leave."""
        r = self.reveal
        t = self.reveal_time / self._reveal_length()

        def lit(face):
            return t > 0.12 and (face == r.face or face == EMBLEM)
        fade = 1.0 - _ease((t - 0.66) / 0.25)
        for seat, hand in enumerate(r.hands):
            if not hand:
                continue
            leaving = r.dice_lost if seat == r.loser else 0
            self._draw_dice(canvas, seat, hand, self.die_px + 4, lit=lit, leaving=leaving,
                            fade=fade if t > 0.66 else 1.0)
            x, y = self.dome_point(seat)
            lift = _ease(t / 0.12)
            if lift < 1 and self.renderer is not None:
                self.renderer.draw_cup(canvas, x, y - 40 * lift, self._colour(seat), size=self.dome_px)
            if t > 0.2:
                self._draw_fingers(canvas, seat, r.counts[seat], _ease((t - 0.2) / 0.15))

    def _draw_fingers(self, canvas, seat: int, count: int, appear: float) -> None:
        """A raised hand showing ``count`` fingers (a fist for zero), like
        players do at the table, with the number beside it."""
        sx, sy = self.seat_spots[seat].pos
        x, y = self.dome_point(seat)
        hx, hy = x + (x - sx) * 0.0 + 0, y - 52  # above the dice
        if abs(y - sy) < 60:  # side seats: put the hand towards the centre
            hx, hy = x + (640 - x) * 0.25, y - 40
        ink = (*th.CREAM, int(255 * appear))
        hand = pygame.Surface((64, 48), pygame.SRCALPHA)
        pygame.draw.rect(hand, (*th.WOOD_DARK, int(220 * appear)), hand.get_rect(), border_radius=10)
        palm = pygame.Rect(8, 24, 22, 16)
        pygame.draw.rect(hand, ink, palm, border_radius=6)
        for k in range(min(count, 5)):
            pygame.draw.rect(hand, ink, pygame.Rect(8 + k * 5 - (3 if k == 4 else 0), 8 + (4 if k == 4 else 0),
                                                    4, 18), border_radius=2)
        if count == 0:
            pygame.draw.rect(hand, ink, pygame.Rect(8, 18, 22, 10), border_radius=4)
        label = self.theme.font(22, True).render(str(count), True, th.BRASS_LIGHT)
        label.set_alpha(int(255 * appear))
        hand.blit(label, label.get_rect(midleft=(36, 25)))
        canvas.blit(hand, hand.get_rect(center=(int(hx), int(hy))))

    def _draw_centre(self, canvas) -> None:
        state = self.match.state
        cx, cy = 640, 232
        if self.reveal is not None:
            self._draw_reveal_centre(canvas, cx, cy)
            return
        if state.is_terminal():
            return
        if state.bid is None:
            who = self.seat_name(state.opener)
            verb = "open" if who == "You" else "opens"
            th.draw_text(canvas, self.theme, f"{who} {verb} the bidding", (cx, cy), 30, th.CREAM, bold=True,
                         style="display", anchor="center", shadow=2)
            th.draw_text(canvas, self.theme, "Emblems are wild. Bids are on Twos to Sixes.", (cx, cy + 36), 17,
                         th.CREAM_DIM, anchor="center")
        else:
            self._draw_bid_big(canvas, (cx, cy), *state.bid, f"bid by {self.seat_name(state.bidder)}")
        turn = state.turn_player()
        if turn is not None and state.bid is not None:
            who = "Your turn" if self.human_to_act() == turn and len(self.humans) == 1 else \
                f"{self.seat_name(turn)} to raise or call" if self.human_to_act() == turn else \
                f"{self.seat_name(turn)} is thinking\u2026"
            th.draw_text(canvas, self.theme, who, (cx, cy + 72), 18, th.CREAM, anchor="center", shadow=1)
        self._draw_odds_line(canvas, (cx, cy + 98))

    def _draw_reveal_centre(self, canvas, cx, cy) -> None:
        r = self.reveal
        t = self.reveal_time / self._reveal_length()
        shown = min(r.total, int(r.total * _ease((t - 0.2) / 0.4) + 0.999)) if t > 0.2 else 0
        shout = "Call out of turn!" if r.out_of_turn else "Call!"
        th.draw_text(canvas, self.theme, f"{self.seat_name(r.caller)}: {shout}", (cx, cy - 86), 24,
                     th.BRASS_LIGHT, bold=True, anchor="center", shadow=2)
        self._draw_bid_big(canvas, (cx, cy - 30), r.quantity, r.face, f"bid by {self.seat_name(r.bidder)}")
        colour = th.CREAM
        if t > 0.6:
            colour = self.theme.bad if r.bid_true else self.theme.good  # good for the caller
        th.draw_text(canvas, self.theme, f"{shown} {face_name(r.face, shown)} with Emblems", (cx, cy + 44), 36,
                     colour, bold=True, style="display", anchor="center", shadow=2)
        if t > 0.6:
            th.draw_text(canvas, self.theme, self._verdict(r).split(". ", 1)[1], (cx, cy + 84), 20, th.CREAM,
                         anchor="center", shadow=2)

    def _draw_bid_big(self, canvas, centre, quantity, face, caption) -> None:
        cx, cy = centre
        qty = self.theme.font(60, True).render(f"{quantity} \u00d7", True, th.CREAM)
        icon = pygame.Rect(0, 0, 58, 58)
        left = cx - (qty.get_width() + 14 + icon.w) // 2
        th.blit_text(canvas, qty, (left, cy), "midleft", shadow=3)
        icon.midleft = (left + qty.get_width() + 14, cy + 2)
        if self.renderer is not None:
            self.renderer.draw_face_icon(canvas, DIE_KIND, face, icon)
        else:
            self._face(canvas, face, icon, 0)
        th.draw_text(canvas, self.theme, caption, (cx, cy + 34), 16, th.CREAM_DIM, anchor="midtop")

    def _draw_odds_line(self, canvas, pos) -> None:
        """Odds helper: chance the standing bid is true from what you see, and
        the out-of-turn break-even."""
        state = self.match.state
        seat = self.viewer
        if not self.match.options.get("odds_helper") or seat is None or state.bid is None:
            return
        if state.dice_counts[seat] == 0 or not state.hands[seat]:
            return
        chance = plain_chance(state.view(seat), *state.bid)
        text = f"Odds: {chance:.0%} true"
        if seat in state.interjectors():
            verdict = "worth it" if 1 - chance > PLAIN_BREAK_EVEN else "not worth it"
            text += (f"  \u00b7  out-of-turn call pays if under {1 - PLAIN_BREAK_EVEN:.0%} true "
                     f"({verdict})")
        th.draw_text(canvas, self.theme, text, pos, 16, th.BRASS_LIGHT, anchor="center", shadow=1)

    def _draw_out_of_turn_buttons(self, canvas) -> None:
        buttons = self.out_of_turn_buttons()
        if not buttons:
            return
        th.draw_text(canvas, self.theme, "Call out of turn", (14, 10), 16, th.BRASS_LIGHT, bold=True, shadow=1)
        for seat, rect in buttons.items():
            pygame.draw.rect(canvas, th.WOOD, rect, border_radius=10)
            pygame.draw.rect(canvas, self.theme.bad, rect, 2, border_radius=10)
            pygame.draw.circle(canvas, self.theme.player_colour(seat), (rect.x + 18, rect.centery), 7)
            th.draw_text(canvas, self.theme, f"{self.seat_name(seat)[:12]}: Call!", (rect.x + 32, rect.y + 4), 18,
                         th.CREAM, bold=True)
            th.draw_text(canvas, self.theme, f"F{seat + 1}  \u00b7  wrong costs 2 dice", (rect.x + 32, rect.y + 26),
                         13, th.CREAM_DIM)


# ----------------------------------------------------------------------
# Screenshots: ``python -m game shot --scene roll-call-reveal`` (and -hotseat)
# ----------------------------------------------------------------------
def _shot_table(app, ctx, humans: int, call: bool):
    from ...core.match import Match, Seat
    from ...scenes.launch import make_table
    names = ("You", "Ada", "Old Tom", "Mags", "Bertha", "Jory")
    seats = [Seat(names[i], "human") if i < humans else Seat(names[i], "ai", ("hard", "normal", "easy")[i % 3])
             for i in range(max(3, ctx.players))]
    match = Match("roll-call", seats, {"odds_helper": True}, ctx.seed)
    while match.step():
        pass
    state = match.state
    if call and state.turn_player() is not None:
        if state.bid is None:
            match.apply(state.turn_player(), Bid(3, 4))
        others = state.interjectors() if state.bid else match.state.interjectors()
        caller = (match.state.interjectors() or (match.state.turn_player(),))[0]
        action = CallOutOfTurn() if caller in match.state.interjectors() else Call()
        scene = make_table(app, match)
        before = match.state
        match.apply(caller, action)
        scene.on_applied(caller, action, before)
        scene.reveal_time = scene._reveal_length() * 0.5 - 0.25
        return scene
    return make_table(app, match)


def _register_shots() -> None:
    try:
        from ...ui.shots import register_shot
    except ImportError:  # pragma: no cover - shots are a dev tool
        return
    register_shot("roll-call-reveal", lambda app, ctx: _shot_table(app, ctx, 1, True))
    register_shot("roll-call-hotseat", _shot_hotseat)


def _shot_hotseat(app, ctx):
    """Three humans, the curtain already passed: the out-of-turn buttons show."""
    scene = _shot_table(app, ctx, 3, False)
    state = scene.match.state
    if state.turn_player() is not None and state.bid is None:
        scene.submit(state.turn_player(), Bid(3, 4))
    scene.uses_curtain = False
    scene.viewer = scene.human_to_act()
    return scene


_register_shots()
