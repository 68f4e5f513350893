"""The Roll Call table: domes around the rail, the bid in the middle, and an
out-of-turn "Call!" for every other human seat.

The rules decide; this module only shows them.  The shared table
(game/ui/bidding.py ``BiddingTableScene``) draws the domes, your own dice
(Emblem on the 1 face) face-up before your seat, the current bid, the
round's history, the ``BidPicker`` (legal raises only, minimum preselected)
and the reveal.  This module adds what is Roll Call's own: Emblem wilds,
the Roll Call raise rule, the out-of-turn calls (while the player to act is
deciding, each other human seat allowed to call gets its own labelled
button and function key, F1 = seat 1 ...), the hands held up with each
player's count of the face plus Emblems, and the one or two dice a loser
gives up.
"""
from __future__ import annotations

import pygame

from ...core.bidding import bid_text, face_name
from ...ui import theme as th
from ...ui.bidding import BiddingTableScene, ease
from .ai import plain_chance
from .rules import (BID_FACES, EMBLEM, WRONG_OUT_OF_TURN_PENALTY, Bid, Call, CallOutOfTurn, Reveal,
                    matches, minimum_raise)
from ...canvas import CENTRE_X

REVEAL_SECONDS = {"normal": 4.6}  # scaled by the pace (game.ui.pace)
DIE_KIND = "emblem"
OUT_OF_TURN_KEYS = tuple(getattr(pygame, f"K_F{i}") for i in range(1, 11))
"""F1..F10: the out-of-turn call key of seat 1..10 (hot-seat)."""
PLAIN_BREAK_EVEN = WRONG_OUT_OF_TURN_PENALTY / (WRONG_OUT_OF_TURN_PENALTY + 1)
"""A wrong out-of-turn call costs 2 dice, a right one costs the bidder 1: the
bid must be false more than 2/3 of the time before calling pays in dice."""
FADE_AT = 0.66
"""Reveal fraction when the lost dice start to leave."""


class TableScene(BiddingTableScene):
    die_kind = DIE_KIND
    bid_faces = BID_FACES
    picker_width = 460
    reveal_seconds = REVEAL_SECONDS
    reduced_reveal_seconds = 2.2
    light_at = 0.12
    verdict_at = 0.6
    log_corner = "topright"   # the out-of-turn call buttons live top left

    # ------------------------------------------------------------------
    # State access
    # ------------------------------------------------------------------
    def dice_counts(self):
        return list(self.match.state.dice_counts)

    def hand(self, seat):
        return self.match.state.hands[seat]

    def current_bid(self):
        return self.match.state.bid

    def current_bidder(self):
        return self.match.state.bidder

    def last_reveal(self) -> Reveal:
        return self.match.state.last_reveal

    def is_bid(self, action) -> bool:
        return isinstance(action, Bid)

    # ------------------------------------------------------------------
    # Out-of-turn calls
    # ------------------------------------------------------------------
    def out_of_turn_buttons(self) -> dict[int, pygame.Rect]:
        """One "Call!" button per human seat that may call out of turn now.
        In hot-seat they show only while every cup is down: nobody is
        invited to watch the screen while someone peeks."""
        if self.replay is not None or self.reveal is not None or self.throw_view is not None:
            return {}
        if self.secrecy.hotseat and self.secrecy.peeking:
            return {}
        seats = [p for p in self.match.state.interjectors() if not self.match.seats[p].is_ai]
        out = {}
        for i, seat in enumerate(seats):  # three down the top-left corner, then the top-right
            col, row = divmod(i, 3)
            out[seat] = pygame.Rect(12 if col == 0 else 1268 - 190, 34 + row * 52, 190, 46)
        return out

    def anchor_rect(self, name: str):
        """Adds "oot_button": the lone human's out-of-turn Call! button."""
        if name == "oot_button":
            return next(iter(self.out_of_turn_buttons().values()), None)
        return super().anchor_rect(name)

    def overlay_event(self, event) -> bool:
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

    def draw_overlay(self, canvas) -> None:
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

    # ------------------------------------------------------------------
    # Human input
    # ------------------------------------------------------------------
    def legal_bids(self, seat):
        state = self.match.state
        prefer = state.bid[1] if state.bid else self._best_face(seat)
        return (self._minimums(state.bid, state.total_dice), state.total_dice,
                ("call",) if state.bid else (), prefer)

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
        faces = self.match.state.hands[seat] if self.knows_hand(seat) else ()
        return max(BID_FACES, key=lambda f: (matches(faces, f), f))

    def bid_odds(self, seat):
        view = self.match.state.view(seat)
        return lambda q, f: plain_chance(view, q, f)

    def bid_action(self, quantity, face):
        return Bid(quantity, face)

    def challenge_action(self, name):
        return Call()

    # ------------------------------------------------------------------
    # Words
    # ------------------------------------------------------------------
    def verdict(self, r: Reveal) -> str:
        loses = self.words.says(r.loser, "loses", "lose")
        text = f"{r.total} on the table against {bid_text(r.quantity, r.face)}. "
        dice = "two dice" if r.dice_lost == 2 else "a die"
        if r.out_of_turn and r.bid_true:
            text += f"Wrong out-of-turn call: {loses} {dice}."
        else:
            text += f"{loses} {dice}."
        if r.eliminated:
            text += f" {self.words.says(r.loser, 'is', 'are')} out!"
        return text

    def opening_lines(self):
        opener = self.match.state.opener
        return (f"{self.words.says(opener, 'opens', 'open')} the bidding",
                "Emblems are wild. Bids are on Twos to Sixes.")

    def turn_line(self, turn) -> str:
        if self.match.state.bid is None:
            return ""
        if self.human_to_act() == turn:
            return "Your turn" if self.words.is_you(turn) else f"{self.seat_name(turn)} to raise or call"
        return f"{self.seat_name(turn)} is thinking\u2026"

    def history_footer(self) -> str:
        state = self.match.state
        return f"Round {self.reveal.round_no if self.reveal else state.round_no}  \u00b7  {state.total_dice} dice"

    def odds_line(self) -> str:
        """Odds helper: chance the standing bid is true from what you see, and
        the out-of-turn break-even."""
        state = self.match.state
        seat = self.viewer
        if seat is None or state.bid is None or state.dice_counts[seat] == 0 or not state.hands[seat]:
            return ""
        chance = plain_chance(state.view(seat), *state.bid)
        text = f"Odds: {chance:.0%} true"
        if seat in state.interjectors():
            verdict = "worth it" if 1 - chance > PLAIN_BREAK_EVEN else "not worth it"
            text += (f"  \u00b7  out-of-turn call pays if under {1 - PLAIN_BREAK_EVEN:.0%} true "
                     f"({verdict})")
        return text

    # ------------------------------------------------------------------
    # Reveal
    # ------------------------------------------------------------------
    def reveal_hands(self, r: Reveal):
        return r.hands

    def reveal_counts(self, face, r: Reveal) -> bool:
        return face == r.face or face == EMBLEM

    def reveal_total(self, r: Reveal) -> int:
        return r.total

    def reveal_lines(self, r: Reveal, shown: int):
        shout = "Call out of turn!" if r.out_of_turn else "Call!"
        return (f"{self.seat_name(r.caller)}: {shout}", f"{shown} {face_name(r.face, shown)} with Emblems",
                not r.bid_true, "")   # good for the caller

    def reveal_dice_style(self, seat, t):
        """The loser's last die (two for a wrong out-of-turn call) rises and fades."""
        if seat != self.reveal.loser or t <= FADE_AT:
            return {}
        return {"leaving": self.reveal.dice_lost, "fade": 1.0 - ease((t - FADE_AT) / 0.25)}

    def draw_reveal_extras(self, canvas, t) -> None:
        if t <= 0.2:
            return
        for seat, hand in enumerate(self.reveal.hands):
            if hand:
                self._draw_fingers(canvas, seat, len(hand), self.reveal.counts[seat], ease((t - 0.2) / 0.15))

    def _draw_fingers(self, canvas, seat: int, dice: int, count: int, appear: float) -> None:
        """A raised hand showing ``count`` fingers (a fist for zero), like
        players do at the table, with the number beside it; it sits beside
        the seat's dice on the side of the table centre."""
        box = self.dice_box(seat, dice, self.reveal_die_px())
        cx, cy = box.center
        tx, ty = CENTRE_X - cx, 356 - cy
        if abs(tx) * box.h > abs(ty) * box.w * 1.6:   # side seats: beside the dice
            hx, hy = cx + (box.w / 2 + 44) * (1 if tx > 0 else -1), cy
        else:                                          # top and bottom: above or below
            hx, hy = cx, cy + (box.h / 2 + 32) * (1 if ty > 0 else -1)
        ink = (*th.CREAM, int(255 * appear))
        hand = pygame.Surface((64, 48), pygame.SRCALPHA)
        pygame.draw.rect(hand, (*th.WOOD_DARK, int(220 * appear)), hand.get_rect(), border_radius=10)
        pygame.draw.rect(hand, (*self.theme.player_colour(seat), int(230 * appear)), hand.get_rect(), 2,
                         border_radius=10)
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


# ----------------------------------------------------------------------
# Screenshots: ``python -m game shot --scene roll-call-reveal`` (and -hotseat)
# ----------------------------------------------------------------------
def _shot_table(app, ctx, humans: int, call: bool):
    from ...core.match import Match, Seat
    from ...scenes.launch import make_table
    from ...scenes.setup import TAVERN_NAMES
    names = ("You", "Ada", "Old Tom", "Mags", "Bertha", "Jory")
    names += tuple(n for n in TAVERN_NAMES if n not in names)
    seats = [Seat(names[i] if humans == 1 else f"Player {i + 1}", "human") if i < humans
             else Seat(names[i], "ai", ("hard", "normal", "easy")[i % 3]) for i in range(max(3, ctx.players))]
    match = Match("roll-call", seats, {"odds_helper": True}, ctx.seed)
    while match.step():
        pass
    state = match.state
    if call and state.turn_player() is not None:
        if state.bid is None:
            match.apply(state.turn_player(), Bid(3, 4))
        caller = (match.state.interjectors() or (match.state.turn_player(),))[0]
        action = CallOutOfTurn() if caller in match.state.interjectors() else Call()
        scene = make_table(app, match)
        before = match.state
        match.apply(caller, action)
        scene.on_applied(caller, action, before)
        scene.reveal_time = scene.reveal_length() * 0.5 - 0.25
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
    """Three humans, the curtain passed to the one to act, every cup down:
    the other humans' out-of-turn buttons show and no die is face-up."""
    scene = _shot_table(app, ctx, 3, False)
    state = scene.match.state
    if state.turn_player() is not None and state.bid is None:
        scene.submit(state.turn_player(), Bid(3, 4))
    scene.uses_curtain = False
    seat = scene.human_to_act()
    if seat is not None:
        scene.secrecy.confirm(seat)
    return scene


_register_shots()
