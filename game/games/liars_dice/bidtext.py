"""Liar's Dice's sentences at the bidding table (``BidText``, game/games/bidding/snapshot.py):
Palifico, Jinto and wild ones.  Person ("You lose" / "Mags loses") comes
from the table's ``Voice``."""
from __future__ import annotations

from ..bidding.bids import bid_chance, exact_chance, face_name
from ..bidding.snapshot import BiddingSnapshot, BidText, RevealFacts
from ...core.narration import plural


class LiarsDiceText(BidText):
    def round_start(self, snap: BiddingSnapshot):
        if not snap.palifico:
            return None
        w = self.words
        return "Palifico!", (f"Palifico! {w.subject(snap.opener)} {w.verb(snap.opener, 'has', 'have')} one die: "
                             "no wilds, one face all round.")

    def opening(self, snap: BiddingSnapshot) -> tuple[str, str]:
        what = "Palifico! " if snap.palifico else ""
        hint = ("One face for the whole round, no wilds." if snap.palifico
                else "Ones are wild. The opening bid may not be on ones.")
        return f"{what}{self.words.says(snap.opener, 'opens', 'open')} the bidding", hint

    def bid_note(self, snap: BiddingSnapshot) -> str:
        if not snap.palifico or snap.bid is None:
            return ""
        return f"Palifico: {face_name(snap.bid[1])} only, no wilds"

    def chance(self, snap: BiddingSnapshot, seat: int, quantity: int, face: int):
        own = snap.hand(seat)
        return bid_chance(quantity, face, own, snap.total_dice - len(own), snap.wild)

    def odds_line(self, snap: BiddingSnapshot, viewer) -> str:
        """The chance the standing bid is true, and exactly true (Jinto), from what you see."""
        if viewer is None or snap.turn is None or snap.bid is None or snap.dice[viewer] == 0:
            return ""
        own = snap.hand(viewer)
        q, f = snap.bid
        unseen = snap.total_dice - len(own)
        true = bid_chance(q, f, own, unseen, snap.wild)
        exact = exact_chance(q, f, own, unseen, snap.wild)
        return f"Odds: {true:.0%} true  \u00b7  {exact:.0%} exactly (Jinto)"

    def shout(self, reveal: RevealFacts) -> str:
        return "Jinto!" if reveal.kind == "jinto" else "Call!"

    def tally(self, c: RevealFacts) -> str:
        return f"{c.count} {face_name(c.face, c.count)} on the table"

    def consequence(self, c: RevealFacts) -> str:
        w = self.words
        if c.gainer is not None:
            return f"Jinto! {w.says(c.gainer, 'takes', 'take')} a die from {w.object(c.loser)}."
        if c.kind == "jinto" and c.challenger_right:   # *Cap Jinto gains*: the caller is at the start already
            start = len(c.hands[c.challenger])
            dice = plural(start, "die", "dice") if start != 1 else "one die"
            return (f"Jinto! {w.says(c.loser, 'loses', 'lose')} a die. It leaves the game: "
                    f"{w.says_inside(c.challenger, 'is', 'are')} at the starting {dice}.")
        return super().consequence(c)

    def reveal_lines(self, c: RevealFacts, shown: int) -> tuple[str, str, str]:
        word = "Jinto" if c.kind == "jinto" else "Call"
        note = "" if c.wild is not None else "Palifico round: ones were not wild"
        return (f"{self.words.speaker(c.challenger)}: {word}!", f"There {'is' if shown == 1 else 'are'} {shown}",
                note)

    def history_footer(self, snap: BiddingSnapshot, revealing: bool) -> str:
        r = snap.reveal if revealing else None
        palifico = (r.wild is None) if r is not None else snap.palifico
        dice = snap.total_dice + (1 if r is not None and r.gainer is None else 0)
        round_no = r.round_no if r is not None else snap.round_no
        return f"Round {round_no}  \u00b7  {plural(dice, 'die', 'dice')}" + ("  \u00b7  Palifico" if palifico else "")
