"""The Liar's Dice table: cups around the rail, the bid in the middle.

Everything the rules decide comes from the match (through the rules'
``table_snapshot``); the sentences are in bidtext.py.  The shared table (game/games/bidding/ui/table.py ``BiddingTableScene``) draws the cups,
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

from ..bidding.bids import Call
from ..bidding.ui.table import BiddingTableScene
from ...ui.motion import ease
from .bidtext import LiarsDiceText
from ...core.protocol import state_as
from .rules import Jinto, LiarsState, table_snapshot
from ...canvas import CENTRE_X

REVEAL_SECONDS = {"normal": 4.2}  # scaled by the pace (game.ui.pace)
BANNER_SECONDS = 2.4
MOVE_AT = 0.62
"""Reveal fraction when the lost die starts to leave (or slide to the Jinto winner)."""


class TableScene(BiddingTableScene):
    challenges = (("call", "Call", pygame.K_c), ("jinto", "Jinto", pygame.K_j))
    challenge_actions = {"call": Call, "jinto": Jinto}
    snapshot_of = staticmethod(table_snapshot)
    text_class = LiarsDiceText
    reveal_seconds = REVEAL_SECONDS
    banner_seconds = BANNER_SECONDS

    @property
    def state(self) -> LiarsState:
        """The match's state as Liar's Dice's own State (typed: its fields are checked)."""
        return state_as(self.match.state, LiarsState)

    def first_draw_steps(self):
        """Then the solved endgame tables of this game's rules, read on a
        thread while the hand-over shows: the post-game coach and the Hard AI
        read them, and their first reading (40 ms of JSON) landed in the
        results screen's first frame."""
        yield from super().first_draw_steps()
        from ...ui import preload
        from . import endgame
        view = self.match.state.view(0)
        loading = preload.in_background(lambda: endgame.variant_table(endgame.variant_name(view)), "endgame-tables")
        while not loading.done():
            yield loading

    # ------------------------------------------------------------------
    # Reveal extras
    # ------------------------------------------------------------------
    move_at = MOVE_AT

    def _flying_die(self) -> int | None:
        """The loser's die that flies from ``MOVE_AT``: to the Jinto winner's
        next free place (it stays lit there if it counted), or off the table
        when it did not count; None: a counted die lost to no one stays as a
        lit ghost (the shared ``reveal_dice_style``)."""
        c = self.shown_reveal
        lost = c.lost_dice()
        if not lost:
            return None
        die = lost[0]
        return die if c.gainer is not None or not c.counts_for_bid(c.hands[c.loser][die]) else None

    def reveal_dice_style(self, seat, t):
        c = self.shown_reveal
        if t <= MOVE_AT:
            return {}
        if seat == c.gainer:   # room for the die coming, made as it flies
            return {"slots": len(c.hands[seat]) + 1, "make_room": ease((t - MOVE_AT) / 0.12)}
        die = self._flying_die() if seat == c.loser else None
        if die is not None:
            return {"skip": (die,)}
        return super().reveal_dice_style(seat, t)

    def draw_reveal_extras(self, canvas, t) -> None:
        """The loser's die leaves the table, or slides to the Jinto winner's free place."""
        c = self.shown_reveal
        die = self._flying_die()
        if t <= MOVE_AT or die is None:
            return
        k = ease((t - MOVE_AT) / 0.3)
        size = self.reveal_die_px()
        start = self.cups.dice_points(c.loser, len(c.hands[c.loser]), size)[die]
        if c.gainer is not None:
            end = self.cups.dice_points(c.gainer, len(c.hands[c.gainer]) + 1, size)[-1]
        else:
            sx, sy = self.seat_spots[c.loser].pos
            end = (sx + (sx - CENTRE_X) * 0.3, sy + (sy - 356) * 0.3)
        pos = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k - 60 * math.sin(k * math.pi))
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (int(pos[0]), int(pos[1]))
        face = c.hands[c.loser][die]
        # a counted die still counts where it goes: lit there too
        self.draw_die(canvas, c.loser, face, rect, lit=c.counts_for_bid(face),
                      alpha=1.0 if c.gainer is not None else 1 - k, public=True)


# ----------------------------------------------------------------------
# Screenshots: ``python -m game shot --scene liars-dice-bid`` (and -reveal)
# ----------------------------------------------------------------------
