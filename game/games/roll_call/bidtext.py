"""Roll Call's sentences at the bidding table (``BidText``, game/games/bidding/snapshot.py):
Emblems, out-of-turn calls and the two dice a wrong one costs.  Person
("You lose" / "Mags loses") comes from the table's ``Voice``."""
from __future__ import annotations

from ...core.narration import plural
from ..bidding.bids import face_name
from ..bidding.snapshot import BiddingSnapshot, BidText, RevealFacts
from .ai import hand_chance
from .rules import WRONG_OUT_OF_TURN_PENALTY

PLAIN_BREAK_EVEN = WRONG_OUT_OF_TURN_PENALTY / (WRONG_OUT_OF_TURN_PENALTY + 1)
"""A wrong out-of-turn call costs 2 dice, a right one costs the bidder 1: the
bid must be false more than 2/3 of the time before calling pays in dice."""


class RollCallText(BidText):
    def opening(self, snap: BiddingSnapshot) -> tuple[str, str]:
        return (f"{self.words.says(snap.opener, 'opens', 'open')} the bidding",
                "Emblems are wild. Bids are on Twos to Sixes.")

    def turn_line(self, snap: BiddingSnapshot, turn: int, acting_human: bool) -> str:
        if snap.bid is None:
            return ""
        if acting_human:
            return "Your turn" if self.words.is_you(turn) else f"{self.words.subject(turn)} to raise or call"
        return f"{self.words.says(turn, 'is', 'are')} thinking\u2026"

    def chance(self, snap: BiddingSnapshot, seat: int, quantity: int, face: int):
        own = snap.hand(seat) if snap.turn is not None else ()   # a seat's dice count while bidding
        return hand_chance(own, snap.total_dice, quantity, face)

    def odds_line(self, snap: BiddingSnapshot, viewer) -> str:
        """The chance the standing bid is true from what you see, and the out-of-turn break-even."""
        if viewer is None or snap.bid is None or snap.dice[viewer] == 0 or not snap.hand(viewer):
            return ""
        chance = self.chance(snap, viewer, *snap.bid)
        text = f"Odds: {chance:.0%} true"
        if viewer in snap.interjectors:
            verdict = "worth it" if 1 - chance > PLAIN_BREAK_EVEN else "not worth it"
            text += (f"  \u00b7  out-of-turn call pays if under {1 - PLAIN_BREAK_EVEN:.0%} true "
                     f"({verdict})")
        return text

    def consequence(self, r: RevealFacts) -> str:
        wrong = "Wrong out-of-turn call: " if r.kind == "out-of-turn" and not r.challenger_right else ""
        return wrong + super().consequence(r)

    def reveal_lines(self, r: RevealFacts, shown: int) -> tuple[str, str, str]:
        shout = "Call out of turn!" if r.kind == "out-of-turn" else "Call!"
        return f"{self.words.speaker(r.challenger)}: {shout}", f"{shown} {face_name(r.face, shown)} with Emblems", ""

    def history_footer(self, snap: BiddingSnapshot, revealing: bool) -> str:
        """While a reveal is on screen, the dice as they were before it: the total
        after it would give the verdict away before the count (a wrong
        out-of-turn call costs two dice, a right one the bidder one)."""
        r = snap.reveal if revealing else None
        round_no = r.round_no if r is not None else snap.round_no
        dice = snap.total_dice + (r.dice_lost if r is not None else 0)
        return f"Round {round_no}  \u00b7  {plural(dice, 'die', 'dice')}"
