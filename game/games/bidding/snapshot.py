"""What a bidding table may show: one read-only snapshot for both bidding games.

Liar's Dice and Roll Call keep the same facts under different names
(``dice``/``faces``/``current_bid`` against ``dice_counts``/``hands``/``bid``).
Each game's rules module has one function, ``table_snapshot(state, may_see)``,
that builds a ``BiddingSnapshot`` from its state, so the shared table
(game/games/bidding/ui/table.py) and the per-game sentences (``BidText``) read one
vocabulary and never the game's own fields.

Secrecy is part of the contract: ``hands[seat]`` holds faces only where
``may_see(seat)`` said yes (the table passes its ``can_see``, which asks
game/ui/secrecy.py); every other seat's entry is None, and only the number of
dice under its cup (``held``) is given.  A reveal's hands are public (every
cup is up), so ``reveal.hands`` holds them all.

Pure Python, no pygame.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from .bids import bid_text


@dataclass(frozen=True)
class RevealFacts:
    """A challenge just resolved, with what the table needs to show it."""
    kind: str                              # "call", "jinto" or "out-of-turn"
    challenger: int
    bidder: int
    quantity: int
    face: int
    wild: Optional[int]                    # the face that counted too (None: nothing wild)
    hands: tuple[tuple[int, ...], ...]     # everyone's dice as they were, by seat (public now; ``revealed_hands``)
    counts: tuple[int, ...]                # dice that counted, by seat
    count: int                             # dice that counted on the table
    challenger_right: bool                 # the challenge was good (the tally shows green)
    loser: int
    dice_lost: int
    gainer: Optional[int]                  # a Jinto winner who took a die back
    eliminated: bool                       # the loser is out
    round_no: int                          # the round the challenge ended

    def counts_for_bid(self, face: int) -> bool:
        """Does a die showing ``face`` count towards the challenged bid?"""
        return face == self.face or (self.wild is not None and face == self.wild)

    @property
    def dice_before(self) -> int:
        """Dice on the table when the challenge was made."""
        return sum(len(h) for h in self.hands)

    def lost_dice(self) -> tuple[int, ...]:
        """Which of the loser's dice (indices into ``hands[loser]``) the table
        shows leaving: dice that did not count first, from the last, so every
        counted die stays on the felt while the count is read; a counted die
        only when the loser has too few others (the table then keeps it, lit)."""
        hand = self.hands[self.loser] if 0 <= self.loser < len(self.hands) else ()
        order = sorted(range(len(hand)), key=lambda i: (self.counts_for_bid(hand[i]), -i))
        return tuple(order[:min(self.dice_lost, len(hand))])


@dataclass(frozen=True)
class BiddingSnapshot:
    """One moment of a bidding game, as the table may show it (module docstring)."""
    dice: tuple[int, ...]                      # dice per seat (0 = out)
    held: tuple[int, ...]                      # dice in hand per seat (0 before the roll)
    hands: tuple[Optional[tuple[int, ...]], ...]  # faces where the viewer may see them, else None
    round_no: int
    opener: int
    turn: Optional[int]                        # the seat to bid or call (None: rolling, over)
    bid: Optional[tuple[int, int]]             # the standing (quantity, face)
    bidder: Optional[int]
    wild: Optional[int]                        # the face wild this round (None: nothing wild)
    minimums: tuple[tuple[int, int], ...]      # (face, lowest legal quantity) for the next bid
    max_quantity: int                          # the highest quantity anyone may bid
    challenges: tuple[str, ...]                # challenges open to the seat to act ("call", "jinto")
    interjectors: tuple[int, ...] = ()         # seats that may call out of turn now
    palifico: bool = False
    palifico_face: Optional[int] = None
    reveal: Optional[RevealFacts] = None       # the last challenge (None before the first)

    @property
    def total_dice(self) -> int:
        return sum(self.dice)

    def hand(self, seat: int) -> tuple[int, ...]:
        """``seat``'s faces if the viewer may see them, else ()."""
        faces = self.hands[seat] if 0 <= seat < len(self.hands) else None
        return faces if faces is not None else ()

    def legal_minimums(self) -> dict[int, int]:
        """Lowest legal quantity per face (every larger one up to ``max_quantity`` is legal too)."""
        return dict(self.minimums)


def hand_order(faces) -> tuple[int, ...]:
    """The one order a hand is shown in, face up (your tray, a peek, the
    reveal's row): lowest face first, so the wild ones lead.  The rules keep
    dice in the order they were rolled; a player who peeked must recognise
    the same row when the cups come up."""
    return tuple(sorted(faces))


def visible_hands(hands, may_see: Callable[[int], bool]) -> tuple[Optional[tuple[int, ...]], ...]:
    """Each hand where ``may_see(seat)`` (in ``hand_order``), None elsewhere (the secrecy filter)."""
    return tuple(hand_order(h) if may_see(seat) else None for seat, h in enumerate(hands))


def revealed_hands(hands) -> tuple[tuple[int, ...], ...]:
    """Every hand at a reveal, each in ``hand_order`` (as its owner saw it)."""
    return tuple(hand_order(h) for h in hands)


def nobody(_seat: int) -> bool:
    """``may_see`` for a snapshot that shows no hidden die (AI, tests, logs)."""
    return False


class BidText:
    """The sentences of a bidding table; each game subclasses it (its
    ``bidtext.py``) and overrides what it says differently.

    ``words`` is the table's ``Voice`` (game/core/grammar.py): it decides "you"
    or a name from the seats' kind.  Every method reads a ``BiddingSnapshot``."""

    def __init__(self, words):
        self.words = words

    def round_start(self, snap: BiddingSnapshot) -> Optional[tuple[str, str]]:
        """``(banner, announcement)`` when a round's dice have just been rolled, or None."""
        return None

    def opening(self, snap: BiddingSnapshot) -> tuple[str, str]:
        """Title and hint in the centre before the first bid of a round."""
        raise NotImplementedError

    def bid_note(self, snap: BiddingSnapshot) -> str:
        """A line under the standing bid ("" for none)."""
        return ""

    def turn_line(self, snap: BiddingSnapshot, turn: int, acting_human: bool) -> str:
        """Whose turn, under the bid; ``acting_human``: a human at this screen must act."""
        if acting_human:
            return f"{self.words.possessive(turn)} turn"
        return f"{self.words.says(turn, 'is', 'are')} thinking\u2026"

    def chance(self, snap: BiddingSnapshot, seat: int, quantity: int, face: int) -> Optional[float]:
        """The odds helper's chance that the bid is true for ``seat`` (its own
        dice from the snapshot: None when the viewer may not see them)."""
        return None

    def odds_line(self, snap: BiddingSnapshot, viewer: Optional[int]) -> str:
        """The odds helper's line about the standing bid for ``viewer`` ("" for none)."""
        return ""

    def shout(self, reveal: RevealFacts) -> str:
        """The history panel's line for a challenge."""
        return "Call!"

    def verdict(self, reveal: RevealFacts) -> str:
        """"3 fives on the table against a bid of 4 fives. X loses a die." (announced; the part
        after the first ". " is shown under the tally): ``tally``, the bid,
        ``consequence`` and whether the loser is out, the same for every game."""
        text = f"{self.tally(reveal)} against a bid of {bid_text(reveal.quantity, reveal.face)}. {self.consequence(reveal)}"
        if reveal.eliminated:
            text += f" {self.words.says(reveal.loser, 'is', 'are')} out!"
        return text

    def tally(self, reveal: RevealFacts) -> str:
        """What the cups showed, to start the verdict ("3 on the table")."""
        return f"{bid_text(reveal.count, reveal.face)} on the table"   # "1 three", never a bare "1" (#39)

    def consequence(self, reveal: RevealFacts) -> str:
        """Who pays for the challenge: "Mags loses a die." (a game adds its own cases)."""
        dice = "two dice" if reveal.dice_lost == 2 else "a die"
        return f"{self.words.says(reveal.loser, 'loses', 'lose')} {dice}."

    def reveal_lines(self, reveal: RevealFacts, shown: int) -> tuple[str, str, str]:
        """``(shout, tally, note)`` in the centre while ``shown`` dice are counted."""
        raise NotImplementedError

    def history_footer(self, snap: BiddingSnapshot, revealing: bool) -> str:
        """The history panel's last line; ``revealing``: the reveal of
        ``snap.reveal`` is on screen."""
        return ""
