"""The game log of a bidding game, told from its table snapshot.

Liar's Dice and Roll Call say the same things in the log (a throw under the
cups, a bid, a challenge with what the cups showed and who paid), so one
narrator tells both from the ``BiddingSnapshot`` their rules already give the
table (game/games/bidding/snapshot.py); a game's ``narrate.py`` only names its cups
and adds its own words for a challenge.  Like every narrator it states public
facts only: hands are read from a snapshot that sees none, and a challenge's
dice only once they are revealed.  Pure Python, no pygame."""
from __future__ import annotations

from collections.abc import Callable

from .bids import Bid, bid_words, face_name
from .snapshot import BiddingSnapshot, RevealFacts
from ...core.grammar import Voice, voice_of
from ...core.narration import listing, number, plural, there
from ...core.protocol import CHANCE, Action, State

Names = Voice | Callable[[int], str]
"""The narrator's ``name``: the table's ``Voice`` (or a plain ``name(seat)``)."""


class BidNarrator:
    """``narrate``/``round_title`` for ``game.core.narration``; a game
    subclasses it for its own words (``cover``, the hooks below)."""

    cover = "cups"
    """What hides the dice ("Everyone rolled under their cups")."""

    def __init__(self, snapshot: Callable[[State], BiddingSnapshot]):
        """``snapshot``: the game's ``rules.table_snapshot`` (seeing no hand)."""
        self.snapshot = snapshot

    def round_title(self, state: State) -> str:
        snap = self.snapshot(state)
        return f"Round {snap.round_no}" + (" \u00b7 Palifico" if snap.palifico else "")

    def narrate(self, before: State, player: int, action: Action, after: State, name: Names) -> list[str]:
        if isinstance(action, Bid) and player != CHANCE:
            return [f"{name(player)} bid {bid_words(action.quantity, action.face)}."]
        snap = self.snapshot(after)
        if player == CHANCE:
            return [f"Everyone rolled under their {self.cover}: {plural(snap.total_dice, 'die', 'dice')} in play."]
        r = snap.reveal
        if r is None or r.challenger != player:
            return [f"{name(player)}: {action.label()}"]
        words = voice_of(name)
        return [(f"{words(player)} {self.challenged(r)} {bid_words(r.quantity, r.face)} (bid by {words.object(r.bidder)}): "
                 f"{there(r.count)} {face_name(r.face, r.count)}{self.counted(r)}."),
                self.hands_shown(r, words),
                f"{self.wrong(r)}{words(r.loser)} lost {'two dice' if r.dice_lost == 2 else 'a die'}"
                + (f"{self.last_die(r)} and left the game." if r.eliminated else ".")] + self.after(r, after, name)

    def hands_shown(self, r: RevealFacts, words: Voice) -> str:
        """Every hand the cups showed, with how many of it counted and which
        of those were wild, as a Perudo table says it when the cups come up:
        "Cups up: Mags showed 1 and 5 (two fives, with a wild 1); Tom showed
        3 and 3 (no fives)."  It read "Hands: Tom 3 5 (one five)", the dice
        like a number after the name, the wild ones unsaid."""
        hands = [f"{words(seat)} showed {listing([self.face_shown(face) for face in hand])} "
                 f"({bid_words(r.counts[seat], r.face)}{self._wilds(r, hand)})"
                 for seat, hand in enumerate(r.hands) if hand]
        return f"{self.cover.capitalize()} up: {'; '.join(hands)}."

    def _wilds(self, r: RevealFacts, hand) -> str:
        """", with two wild 1s" for the wild dice that counted in ``hand`` ("" for none)."""
        wild = sum(1 for face in hand if r.wild is not None and face == r.wild != r.face)
        if not wild:
            return ""
        shown = self.face_shown(r.wild) if r.wild is not None else ""
        return f", with a wild {shown}" if wild == 1 else f", with {number(wild)} wild {shown}s"

    def face_shown(self, face: int) -> str:
        """A revealed die in the hands line: its number ("Emblem" in Roll Call)."""
        return str(face)

    def challenged(self, r: RevealFacts) -> str:
        """The verb of the challenge: "called"."""
        return "called"

    def counted(self, r: RevealFacts) -> str:
        """A note after what the cups showed ("with Emblems"); "" for none."""
        return ""

    def wrong(self, r: RevealFacts) -> str:
        """Words before the loser's loss ("Wrong out-of-turn call: "); "" for none."""
        return ""

    def last_die(self, r: RevealFacts) -> str:
        """Words after "lost a die" for the loser's last one (" (the last one)")."""
        return ""

    def after(self, r: RevealFacts, after: State, name: Names) -> list[str]:
        """Sentences after the loss (a Jinto's die taken, the next round's rule)."""
        return []
