"""The Liar's Dice table: cups around the rail, the bid in the middle.

Everything the rules decide comes from the match; this module only shows it.
The shared table (game/ui/bidding.py ``BiddingTableScene``) draws the cups,
your own dice face-up before your seat, the current bid large in the centre,
the round's history, the ``BidPicker`` (legal bids only) and the reveal:
cups lift, matching dice (and the wild ones, when they count) light up, the
count ticks up.  This module adds what is Liar's Dice's own: Jinto (the
button, the verdict, the die that slides to the Jinto winner), the loser's
die leaving the table, and Palifico (the banner, no wilds, one face).
"""
from __future__ import annotations

import math

import pygame

from ...core.bidding import Bid, Call, bid_chance, bid_text, count_matching, exact_chance, face_name
from ...ui import theme as th
from ...ui.bidding import BiddingTableScene, ease
from .rules import WILD, Challenge, Jinto, minimum_raises
from ...canvas import CENTRE_X

REVEAL_SECONDS = {"normal": 4.2}  # scaled by the pace (game.ui.pace)
BANNER_SECONDS = 2.4
MOVE_AT = 0.62
"""Reveal fraction when the lost die starts to leave (or slide to the Jinto winner)."""


class TableScene(BiddingTableScene):
    challenges = (("call", "Call", pygame.K_c), ("jinto", "Jinto", pygame.K_j))
    reveal_seconds = REVEAL_SECONDS
    banner_seconds = BANNER_SECONDS

    # ------------------------------------------------------------------
    # State access
    # ------------------------------------------------------------------
    def dice_counts(self):
        return list(self.match.state.dice)

    def hand(self, seat):
        return self.match.state.faces[seat]

    def current_bid(self):
        return self.match.state.current_bid

    def current_bidder(self):
        return self.match.state.bids[-1][0]

    def last_reveal(self) -> Challenge:
        return self.match.state.last_challenge

    def is_bid(self, action) -> bool:
        return isinstance(action, Bid)

    def shout_text(self, action) -> str:
        return "Jinto!" if isinstance(action, Jinto) else "Call!"

    def on_round_start(self) -> None:
        state = self.match.state
        if state.palifico:
            opener = self.subject(state.opener)
            self.show_banner("Palifico!")
            self.announce(f"Palifico! {opener} {self.verb(state.opener, 'has', 'have')} one die: no wilds, "
                          "one face all round.", th.BRASS_LIGHT)

    # ------------------------------------------------------------------
    # Human input
    # ------------------------------------------------------------------
    def legal_bids(self, seat):
        state = self.match.state
        prev = state.current_bid
        minimums = minimum_raises(prev, palifico=state.palifico, palifico_face=state.palifico_face)
        prefer = prev[1] if prev else self._best_face(seat)
        return minimums, sum(state.dice), ("call", "jinto") if prev else (), prefer

    def _best_face(self, seat: int) -> int:
        """Preselect the face you hold most of (with wilds) for an opening bid."""
        state = self.match.state
        wild = None if state.palifico else WILD
        faces = state.faces[seat] if self.knows_hand(seat) else ()
        choices = range(1, 7) if state.palifico else range(2, 7)
        return max(choices, key=lambda f: (count_matching(faces, f, wild), f))

    def bid_odds(self, seat: int):
        view = self.match.state.view(seat)

        def odds(q, f):
            return bid_chance(q, f, view.my_faces, view.unseen, view.wild)
        return odds

    def bid_action(self, quantity, face):
        return Bid(quantity, face)

    def challenge_action(self, name):
        return Jinto() if name == "jinto" else Call()

    # ------------------------------------------------------------------
    # Words
    # ------------------------------------------------------------------
    def verdict(self, c: Challenge) -> str:
        loser, bid = self.subject(c.loser), bid_text(c.quantity, c.face)
        text = f"{c.count} {face_name(c.face, c.count)} on the table against {bid}. "
        if c.gainer is not None:
            text += (f"Jinto! {self.words.says(c.gainer, 'takes', 'take')} a die from "
                     f"{self.words.object(c.loser)}.")
        else:
            text += f"{loser} {self.verb(c.loser, 'loses', 'lose')} a die."
        if c.eliminated:
            text += f" {loser} {self.verb(c.loser, 'is', 'are')} out!"
        return text

    def opening_lines(self):
        state = self.match.state
        what = "Palifico! " if state.palifico else ""
        hint = ("One face for the whole round, no wilds." if state.palifico
                else "Ones are wild. The opening bid may not be on ones.")
        return f"{what}{self.words.says(state.opener, 'opens', 'open')} the bidding", hint

    def bid_note(self) -> str:
        state = self.match.state
        return f"Palifico: {face_name(state.current_bid[1])} only, no wilds" if state.palifico else ""

    def history_footer(self) -> str:
        state = self.match.state
        palifico = (not self.reveal.wilds) if self.reveal is not None else state.palifico
        dice = sum(state.dice) + (1 if self.reveal is not None else 0) - (
            1 if self.reveal is not None and self.reveal.gainer is not None else 0)
        return (f"Round {self._round_no()}  \u00b7  {dice} dice" + ("  \u00b7  Palifico" if palifico else ""))

    def _round_no(self) -> int:
        state = self.match.state
        return state.round_no - 1 if self.reveal is not None else state.round_no

    def odds_line(self) -> str:
        """Odds helper: the chance the standing bid is true, from what you see."""
        state = self.match.state
        seat = self.viewer
        if seat is None or not state.rolled or state.current_bid is None or state.dice[seat] == 0:
            return ""
        view = state.view(seat)
        q, f = state.current_bid
        true = bid_chance(q, f, view.my_faces, view.unseen, view.wild)
        exact = exact_chance(q, f, view.my_faces, view.unseen, view.wild)
        return f"Odds: {true:.0%} true  \u00b7  {exact:.0%} exactly (Jinto)"

    # ------------------------------------------------------------------
    # Reveal
    # ------------------------------------------------------------------
    def reveal_hands(self, c: Challenge):
        return c.faces

    def reveal_counts(self, face, c: Challenge) -> bool:
        return face == c.face or (c.wilds and face == WILD)

    def reveal_total(self, c: Challenge) -> int:
        return c.count

    def reveal_lines(self, c: Challenge, shown: int):
        word = "Jinto" if c.kind == "jinto" else "Call"
        right = (c.count == c.quantity) if c.kind == "jinto" else (c.count < c.quantity)
        note = "" if c.wilds else "Palifico round: ones were not wild"
        return (f"{self.seat_name(c.challenger)}: {word}!", f"There {'is' if shown == 1 else 'are'} {shown}",
                right, note)

    def reveal_dice_style(self, seat, t):
        return {"skip": (0,)} if t > MOVE_AT and seat == self.reveal.loser else {}

    def draw_reveal_extras(self, canvas, t) -> None:
        """The loser's die leaves the table, or slides to the Jinto winner."""
        c = self.reveal
        if t <= MOVE_AT:
            return
        k = ease((t - MOVE_AT) / 0.3)
        size = self.reveal_die_px()
        start = self.dice_points(c.loser, len(c.faces[c.loser]), size)[0]
        if c.gainer is not None:
            end = self.cup_point(c.gainer)
        else:
            sx, sy = self.seat_spots[c.loser].pos
            end = (sx + (sx - CENTRE_X) * 0.3, sy + (sy - 356) * 0.3)
        pos = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k - 60 * math.sin(k * math.pi))
        rect = pygame.Rect(0, 0, size + 2, size + 2)
        rect.center = (int(pos[0]), int(pos[1]))
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        self.draw_face(surf, c.faces[c.loser][0], surf.get_rect(), c.loser, public=True)
        if c.gainer is None:
            surf.set_alpha(int(255 * (1 - k)))
        canvas.blit(surf, rect)


# ----------------------------------------------------------------------
# Screenshots: ``python -m game shot --scene liars-dice-bid`` (and -reveal)
# ----------------------------------------------------------------------
def _shot_table(app, ctx, reveal: bool):
    """A round under way (a few bids stand, the history fills), or a call mid-reveal."""
    from ...core.match import Match
    from ...scenes.launch import make_table
    match = Match("liars-dice", ctx.seats(1), {"odds_helper": True}, ctx.seed)
    match.play_out()   # until the human must act
    state = match.state
    if state.current_bid is None:
        bids = [a for a in state.legal_actions(0) if isinstance(a, Bid)]
        match.apply(0, min(bids, key=lambda b: (b.quantity, -b.face)))
    while match.state.turn_player() not in (0, None):   # let the AI bid round to you again
        player, action = match.ai_turn_action()
        if not isinstance(action, Bid):
            break
        match.apply(player, action)
    scene = make_table(app, match)
    if reveal and match.state.current_bid is not None and match.state.turn_player() is not None:
        caller = match.state.turn_player()
        before = match.state
        match.apply(caller, Call())
        scene.on_applied(caller, Call(), before)
        scene.reveal_time = scene.reveal_length() * 0.45 - 0.5
    return scene


def _register_shots() -> None:
    try:
        from ...ui.shots import register_shot
    except ImportError:  # pragma: no cover - shots are a dev tool
        return
    register_shot("liars-dice-bid", lambda app, ctx: _shot_table(app, ctx, False))
    register_shot("liars-dice-reveal", lambda app, ctx: _shot_table(app, ctx, True))


_register_shots()
