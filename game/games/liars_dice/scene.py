"""The Liar's Dice table: cups around the rail, the bid in the middle.

Everything the rules decide comes from the match; this module only shows it.
Your own dice sit face-up before your seat, everyone else's under a cup.
The current bid is drawn large in the centre with the round's history on the
right, and the shared ``BidPicker`` (game/ui/bidding.py) offers only legal
bids.  A challenge plays as a short reveal: cups lift, matching dice (and the
wild ones, when they count) light up, the count ticks up, then the loser's
die leaves the table or slides to the Jinto winner.  Palifico is announced
with a banner.
"""
from __future__ import annotations

import math

import pygame

from ...core.bidding import Bid, Call, bid_chance, bid_text, count_matching, exact_chance, face_name
from ...core.protocol import CHANCE
from ...ui import layout
from ...ui import table_scene
from ...ui import theme as th
from ...ui.bidding import BidHistory, BidPicker, HistoryEntry
from .rules import WILD, Challenge, Jinto, minimum_raises

REVEAL_SECONDS = {"normal": 4.2, "fast": 2.2}
BANNER_SECONDS = 2.4


def _ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


class TableScene(table_scene.TableScene):
    keep_settled_dice = False  # dice go under cups (or face-up before you) once thrown

    def __init__(self, app, match, **kw):
        super().__init__(app, match, **kw)
        n = len(match.seats)
        self.die_px = 30 if n <= 6 else 24 if n <= 10 else 18
        self.cup_px = 64 if n <= 6 else 50 if n <= 10 else 38
        self.picker = BidPicker(pygame.Rect(430, 404, 420, 150), on_bid=self._human_bid,
                                challenges=(("call", "Call", pygame.K_c), ("jinto", "Jinto", pygame.K_j)),
                                on_challenge=self._human_challenge)
        self.history = BidHistory(pygame.Rect(850, 196, 172, 206))
        self.reveal: Challenge | None = None
        self.reveal_time = 0.0
        self.banner = ""
        self.banner_time = 0.0
        self.round_entries: list[HistoryEntry] = []
        self._picker_key = None

    # ------------------------------------------------------------------
    # Geometry
    # ------------------------------------------------------------------
    def cup_point(self, seat: int) -> tuple[float, float]:
        return self.seat_spots[seat].toward_centre(0.2 if len(self.seat_spots) <= 10 else 0.17)

    def dice_points(self, seat: int, count: int, size: int) -> list[tuple[float, float]]:
        """Dice in a neat row (two rows past four) centred on the cup spot."""
        cx, cy = self.cup_point(seat)
        per_row = count if count <= 4 else math.ceil(count / 2)
        gap = size + 4
        out = []
        for i in range(count):
            row, col = divmod(i, per_row)
            in_row = min(per_row, count - row * per_row)
            out.append((cx + (col - (in_row - 1) / 2) * gap,
                        cy + (row - (math.ceil(count / per_row) - 1) / 2) * gap))
        return out

    def dice_zones(self, request):
        """Each group lands around its owner's cup spot (the throw lands, then the cup covers it)."""
        zones = []
        for g in request.groups:
            cx, cy = self.cup_point(g.owner)
            side = 120 if g.count <= 3 else 150  # physics needs room for full-size dice
            rect = pygame.Rect(0, 0, side, side)
            rect.center = (int(cx), int(cy))
            zones.append(rect)
        return zones

    # ------------------------------------------------------------------
    # Hooks from the base
    # ------------------------------------------------------------------
    def is_busy(self) -> bool:
        return self.reveal is not None

    def on_applied(self, player, action, before_state) -> None:
        state = self.match.state
        if player == CHANCE:
            self.round_entries = []
            if state.palifico:
                opener = self.seat_name(state.opener)
                self._show_banner("Palifico!")
                self.announce(f"Palifico! {opener} has one die: no wilds, one face all round.",
                              th.BRASS_LIGHT)
            return
        colour = self.theme.player_colour(player)
        if isinstance(action, Bid):
            self.round_entries.append(HistoryEntry(self.seat_name(player), colour, action.quantity,
                                                   action.face))
            return
        self.round_entries.append(HistoryEntry(self.seat_name(player), colour,
                                               text="Jinto!" if isinstance(action, Jinto) else "Call!"))
        self.reveal = state.last_challenge
        self.reveal_time = 0.0
        self.app.sounds.play("curtain", 0.7)
        self.announce(self._verdict(self.reveal), th.BRASS_LIGHT)

    def human_to_act(self):
        if self.reveal is not None:
            return None
        return super().human_to_act()

    def handle_table_event(self, event) -> bool:
        if self.human_to_act() is None or self.reveal is not None:
            return False
        self._refresh_picker()
        return self.picker.handle_event(event)

    def update(self, dt: float) -> None:
        if self.reveal is not None:
            self.reveal_time += dt
            if self.reveal_time >= self._reveal_length():
                self.reveal = None
                self._maybe_curtain()
        if self.banner:
            self.banner_time += dt
            if self.banner_time > BANNER_SECONDS:
                self.banner = ""

    # ------------------------------------------------------------------
    # Human input
    # ------------------------------------------------------------------
    def _refresh_picker(self) -> None:
        """Load the legal bids of this moment into the picker (once per move)."""
        seat = self.human_to_act()
        key = (len(self.match.history), seat)
        if key == self._picker_key or seat is None:
            return
        self._picker_key = key
        state = self.match.state
        prev = state.current_bid
        minimums = minimum_raises(prev, palifico=state.palifico, palifico_face=state.palifico_face)
        prefer = prev[1] if prev else self._best_face(seat)
        self.picker.set_legal(minimums, sum(state.dice), enabled=("call", "jinto") if prev else (),
                              prefer_face=prefer)
        self.picker.odds = self._odds_for(seat) if self.match.options.get("odds_helper") else None

    def _best_face(self, seat: int) -> int:
        """Preselect the face you hold most of (with wilds) for an opening bid."""
        state = self.match.state
        wild = None if state.palifico else WILD
        faces = state.faces[seat] if self.can_see(seat) else ()
        choices = range(1, 7) if state.palifico else range(2, 7)
        return max(choices, key=lambda f: (count_matching(faces, f, wild), f))

    def _odds_for(self, seat: int):
        view = self.match.state.view(seat)

        def odds(q, f):
            return bid_chance(q, f, view.my_faces, view.unseen, view.wild)
        return odds

    def _human_bid(self, quantity: int, face: int) -> None:
        seat = self.human_to_act()
        if seat is not None:
            self.submit(seat, Bid(quantity, face))

    def _human_challenge(self, name: str) -> None:
        seat = self.human_to_act()
        if seat is not None:
            self.submit(seat, Jinto() if name == "jinto" else Call())

    # ------------------------------------------------------------------
    # Words
    # ------------------------------------------------------------------
    def _verdict(self, c: Challenge) -> str:
        loser, bid = self.seat_name(c.loser), bid_text(c.quantity, c.face)
        text = f"{c.count} {face_name(c.face, c.count)} on the table against {bid}. "
        if c.gainer is not None:
            text += f"Jinto! {self.seat_name(c.gainer)} {self._verb(c.gainer, 'takes', 'take')} a die from {loser}."
        else:
            text += f"{loser} {self._verb(c.loser, 'loses', 'lose')} a die."
        if c.eliminated:
            text += f" {loser} {self._verb(c.loser, 'is', 'are')} out!"
        return text

    def _verb(self, seat: int, third: str, second: str) -> str:
        """"You lose" but "Marta loses"."""
        return second if self.seat_name(seat) == "You" else third

    def _show_banner(self, text: str) -> None:
        self.banner = text
        self.banner_time = 0.0

    def _reveal_length(self) -> float:
        if self.app.settings.reduced_motion:
            return 2.0
        return REVEAL_SECONDS.get(self.app.settings.animation_speed, REVEAL_SECONDS["normal"])

    # ------------------------------------------------------------------
    # Drawing
    # ------------------------------------------------------------------
    def draw_table(self, canvas, alpha) -> None:
        state = self.match.state
        dice_counts = list(state.dice)
        if self.reveal is not None:  # show counts as they were until the die has moved
            dice_counts = [len(f) for f in self.reveal.faces]
        notes = {i: ("out" if n == 0 else f"{n} {'die' if n == 1 else 'dice'}")
                 for i, n in enumerate(dice_counts)}
        self.draw_seats(canvas, active=state.turn_player(), notes=notes)
        if self.reveal is not None:
            self._draw_reveal(canvas)
        elif self.throw_view is None:
            self._draw_cups(canvas)
        self._draw_centre(canvas)
        self.history.draw(canvas, self.theme, self.renderer, self.round_entries,
                          footer=f"Round {self._round_no()}" + ("  \u00b7  Palifico" if state.palifico else ""))
        if self.human_to_act() is not None and self.throw_view is None:
            self._refresh_picker()
            self.picker.draw(canvas, self.theme, self.renderer)
        if self.banner:
            self._draw_banner(canvas)

    def _round_no(self) -> int:
        state = self.match.state
        return state.round_no - 1 if self.reveal is not None else state.round_no

    def _colour(self, seat: int):
        from ...ui.dice_render import player_colour
        return player_colour(seat, self.theme.colorblind)

    def _draw_dice(self, canvas, seat, faces, size, *, lit=None, skip=0):
        for i, (pos, face) in enumerate(zip(self.dice_points(seat, len(faces), size), faces)):
            if i < skip:
                continue
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (int(pos[0]), int(pos[1]))
            if lit is not None and lit(face):
                pygame.draw.rect(canvas, th.BRASS_LIGHT, rect.inflate(8, 8), border_radius=8)
            self._face(canvas, face, rect, seat)
            if lit is not None and not lit(face):
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((0, 0, 0, 110))
                canvas.blit(veil, rect)

    def _face(self, canvas, face, rect, seat):
        if self.renderer is not None:
            self.renderer.draw_face_icon(canvas, "d6", face, rect, self._colour(seat))
        else:
            pygame.draw.rect(canvas, th.CREAM, rect, border_radius=5)
            th.draw_text(canvas, self.theme, str(face), rect.center, rect.h - 6, th.INK, bold=True,
                         anchor="center")

    def _draw_cups(self, canvas) -> None:
        state = self.match.state
        for seat, n in enumerate(state.dice):
            if n == 0:
                continue
            x, y = self.cup_point(seat)
            if self.can_see(seat) and state.faces[seat]:
                size = max(self.die_px, 40 if len(self.seat_spots) <= 10 else 26)
                self._draw_dice(canvas, seat, state.faces[seat], size)
                continue
            if self.renderer is not None:
                self.renderer.draw_cup(canvas, x, y, self._colour(seat), size=self.cup_px)
            else:
                pygame.draw.circle(canvas, th.WOOD_DARK, (int(x), int(y)), self.cup_px // 2)

    def _draw_reveal(self, canvas) -> None:
        """Cups lifted, matches lit, the tally, and the die that leaves."""
        c = self.reveal
        t = self.reveal_time / self._reveal_length()
        wild = WILD if c.wilds else None

        def lit(face):
            return t > 0.12 and (face == c.face or face == wild)
        moving = t > 0.62
        for seat, faces in enumerate(c.faces):
            if not faces:
                continue
            x, y = self.cup_point(seat)
            skip = 1 if (moving and seat == c.loser) else 0
            self._draw_dice(canvas, seat, faces, self.die_px + 4, lit=lit, skip=skip)
            lift = _ease(t / 0.12)
            if lift < 1 and self.renderer is not None:   # the cup rising off the dice
                self.renderer.draw_cup(canvas, x, y - 40 * lift, self._colour(seat), size=self.cup_px)
        if moving:
            k = _ease((t - 0.62) / 0.3)
            start = self.dice_points(c.loser, len(c.faces[c.loser]), self.die_px + 4)[0]
            if c.gainer is not None:
                end = self.cup_point(c.gainer)
            else:
                sx, sy = self.seat_spots[c.loser].pos
                end = (sx + (sx - 640) * 0.3, sy + (sy - 356) * 0.3)
            pos = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k - 60 * math.sin(k * math.pi))
            rect = pygame.Rect(0, 0, self.die_px + 6, self.die_px + 6)
            rect.center = (int(pos[0]), int(pos[1]))
            surf = pygame.Surface(rect.size, pygame.SRCALPHA)
            self._face(surf, c.faces[c.loser][0], surf.get_rect(), c.loser)
            if c.gainer is None:
                surf.set_alpha(int(255 * (1 - k)))
            canvas.blit(surf, rect)

    def _draw_centre(self, canvas) -> None:
        state = self.match.state
        cx, cy = 640, 236
        if self.reveal is not None:
            c = self.reveal
            t = self.reveal_time / self._reveal_length()
            shown = min(c.count, int(c.count * _ease((t - 0.12) / 0.4) + 0.999)) if t > 0.12 else 0
            word = "Jinto" if c.kind == "jinto" else "Call"
            th.draw_text(canvas, self.theme, f"{self.seat_name(c.challenger)}: {word}!", (cx, cy - 86), 24,
                         th.BRASS_LIGHT, bold=True, anchor="center", shadow=2)
            self._draw_bid_big(canvas, (cx, cy - 30), c.quantity, c.face, f"bid by {self.seat_name(c.bidder)}")
            tally = f"There {'is' if shown == 1 else 'are'} {shown}"
            colour = th.CREAM
            if t > 0.55:
                right = (c.count == c.quantity) if c.kind == "jinto" else (c.count < c.quantity)
                colour = self.theme.good if right else self.theme.bad
            th.draw_text(canvas, self.theme, tally, (cx, cy + 44), 40, colour, bold=True, style="display",
                         anchor="center", shadow=2)
            if t > 0.55:
                th.draw_text(canvas, self.theme, self._verdict(c).split(". ", 1)[1], (cx, cy + 84), 20,
                             th.CREAM, anchor="center", shadow=2)
            if not c.wilds:
                th.draw_text(canvas, self.theme, "Palifico round: ones were not wild", (cx, cy + 110), 15,
                             th.CREAM_DIM, anchor="center")
            return
        if state.is_terminal():
            return
        prev = state.current_bid
        if prev is None:
            who = self.seat_name(state.opener)
            what = "Palifico! " if state.palifico else ""
            verb = "open" if who == "You" else "opens"
            th.draw_text(canvas, self.theme, f"{what}{who} {verb} the bidding", (cx, cy), 30, th.CREAM,
                         bold=True, style="display", anchor="center", shadow=2)
            hint = ("One face for the whole round, no wilds." if state.palifico
                    else "Ones are wild. The opening bid may not be on ones.")
            th.draw_text(canvas, self.theme, hint, (cx, cy + 36), 17, th.CREAM_DIM, anchor="center")
        else:
            bidder = state.bids[-1][0]
            self._draw_bid_big(canvas, (cx, cy), prev[0], prev[1], f"bid by {self.seat_name(bidder)}")
            if state.palifico:
                th.draw_text(canvas, self.theme, f"Palifico: {face_name(prev[1])} only, no wilds",
                             (cx, cy + 50), 16, th.BRASS_LIGHT, bold=True, anchor="center")
        turn = state.turn_player()
        if turn is not None:
            who = "Your turn" if self.human_to_act() == turn else f"{self.seat_name(turn)} is thinking\u2026"
            th.draw_text(canvas, self.theme, who, (cx, cy + 72), 18, th.CREAM, anchor="center", shadow=1)
        self._draw_odds_line(canvas, (cx, cy + 98))

    def _draw_bid_big(self, canvas, centre, quantity, face, caption) -> None:
        cx, cy = centre
        qty = self.theme.font(60, True).render(f"{quantity} \u00d7", True, th.CREAM)
        icon = pygame.Rect(0, 0, 58, 58)
        total = qty.get_width() + 14 + icon.w
        left = cx - total // 2
        th.blit_text(canvas, qty, (left, cy), "midleft", shadow=3)
        icon.midleft = (left + qty.get_width() + 14, cy + 2)
        self._face(canvas, face, icon, 0) if self.renderer is None else \
            self.renderer.draw_face_icon(canvas, "d6", face, icon)
        th.draw_text(canvas, self.theme, caption, (cx, cy + 34), 16, th.CREAM_DIM, anchor="midtop")

    def _draw_odds_line(self, canvas, pos) -> None:
        """Odds helper: the chance the standing bid is true, from what you see."""
        state = self.match.state
        seat = self.viewer
        if not self.match.options.get("odds_helper") or seat is None or not state.rolled:
            return
        if state.current_bid is None or state.dice[seat] == 0:
            return
        view = state.view(seat)
        q, f = state.current_bid
        true = bid_chance(q, f, view.my_faces, view.unseen, view.wild)
        exact = exact_chance(q, f, view.my_faces, view.unseen, view.wild)
        th.draw_text(canvas, self.theme, f"Odds: {true:.0%} true  \u00b7  {exact:.0%} exactly (Jinto)", pos,
                     16, th.BRASS_LIGHT, anchor="center", shadow=1)

    def _draw_banner(self, canvas) -> None:
        t = self.banner_time / BANNER_SECONDS
        fade = 1.0 - max(0.0, (t - 0.75) / 0.25)
        font = self.theme.font(72, True, style="display")
        text = font.render(self.banner, True, th.BRASS_LIGHT)
        band = pygame.Surface((layout.CANVAS_W, text.get_height() + 30), pygame.SRCALPHA)
        band.fill((20, 12, 8, int(170 * fade)))
        canvas.blit(band, (0, 330 - band.get_height() // 2))
        text.set_alpha(int(255 * fade))
        th.blit_text(canvas, text, (640, 330), "center", shadow=3)
