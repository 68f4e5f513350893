"""Learn to play Liar's Dice: a guided game against Mags and Tom (two dice each).

Four short rounds teach, in the learner's own hands: an opening bid, a cut to
ones, a raise in a Palifico round, leaving the ones, a Call and a Jinto; the
opponents show a raise, leaving ones and a Call on their own.  The dice and
every opponent move are scripted (game.core.tutorial), and the game really
ends: the learner's Jinto takes Tom's last die.
"""
from __future__ import annotations

from ..bidding.bids import Bid, Call, bid_chance, count_matching
from ..bidding.tutorial import PICK, BidLesson
from ...core.narration import unbroken
from ...core.tutorial import Step, is_action, on_state, your_turn
from .rules import Jinto, LiarsState, table_snapshot

LESSON = BidLesson(LiarsState, table_snapshot)
_round = LESSON.in_round

ROLLS = (
    ((1, 1), (6, 2), (3, 5)),   # round 1: you hold two wild ones
    ((5, 1), (5,), (5, 3)),     # round 2 (Palifico for Mags): three fives, your one is not wild
    ((6, 3), (1, 4)),           # round 3: only two sixes (with Tom's wild one)
    ((2, 2), (2,)),             # round 4 (Palifico for Tom): exactly three twos
)
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def likelihood(chance: float) -> str:
    """A chance in a newcomer's word (the lessons say what the odds code says)."""
    if chance <= 0.0:
        return "Impossible"
    if chance >= 1.0:
        return "Certain"
    return "Unlikely" if chance < 1 / 3 else "A coin flip" if chance < 2 / 3 else "Likely"


def call_step_text(quantity: int = 4, face: int = 6, round_index: int = 2) -> str:
    """The Call step's words, from the round's scripted dice: how many you
    see, how many Tom's hidden dice would need, and how likely that is."""
    own, hidden = ROLLS[round_index][0], len(ROLLS[round_index][1])
    seen = count_matching(own, face)
    need = quantity - seen
    chance = bid_chance(quantity, face, own, hidden)
    reach = (f"even if both his dice counted there would be only {NUMBER_WORDS[seen + hidden]}"
             if need > hidden else f"{NUMBER_WORDS[need]} of his {NUMBER_WORDS[hidden]} dice would have to count")
    return (f"Tom bids {NUMBER_WORDS[quantity]} sixes. You see {NUMBER_WORDS[seen]} six; {reach}. "
            f"{likelihood(chance)}! Press Call (twice: it asks \u201cSure?\u201d).")


SCRIPT = LESSON.script(
    "liars-dice", "Liar's Dice",
    minutes="3 minutes",
    rolls=ROLLS,
    moves={
        1: (Bid(3, 4), Bid(5, 4), Bid(1, 5), Call()),
        2: (Bid(4, 4), Call(), Bid(2, 5), Bid(1, 1), Bid(4, 6), Bid(1, 2), Bid(3, 2)),
    },
    steps=(
        Step("Everyone's dice hide under a cup. Each bid is a claim about ALL the dice on the table. "
             "Lose a challenge and you lose a die; the last player with dice wins.",
             title="Welcome to Liar's Dice"),
        Step("These are your dice: only you can see them. Two ones! Ones are wild: they count as "
             "any face.", anchor="my_dice", title="Your dice",
             when=on_state(LiarsState, lambda s: s.rolled and s.round_no == 1)),
        Step("Open the bidding with \u201ctwo fours\u201d: at least two fours on the whole table. "
             "Your two wild ones already make it true.", anchor="bid_picker", title="Your first bid",
             expect=is_action(Bid(2, 4)), hint="Not that one: bid two fours. " + PICK),
        Step("Mags raised to three fours, Tom to four. A raise needs a higher quantity; the face may "
             "change freely.", anchor="history", title="Raising", when=your_turn()),
        Step("Four fours is a lot. Cut to ones instead: a bid on ones needs only half the quantity, "
             "rounded up. Bid \u201ctwo ones\u201d.", anchor="bid_picker", title="Cut to ones",
             expect=is_action(Bid(2, 1)), hint="Half of four is two: bid two ones (the face with one pip)."),
        Step("Mags left the ones: from two ones, another face needs twice the quantity plus one, so "
             "five fours. Tom called: only your two wild ones count, so Mags loses a die.",
             anchor="centre", title="Call!", when=_round(2)),
        Step("Mags fell from two dice to one: Palifico! Mags opens the next round, ones are NOT wild, "
             "and every bid stays on the opening face.", anchor="seat:1", title="Palifico", when=_round(2)),
        Step("Mags opened one five, Tom bid two fives. Your one does not count this round: you hold "
             "just one five. Raise to \u201cthree fives\u201d: in Palifico only the quantity rises.",
             anchor="bid_picker", title="A Palifico raise",
             expect=is_action(Bid(3, 5)), hint="Stay on fives and raise the quantity to three."),
        Step("Mags called, but there were three fives: the caller loses. Mags had one die, so Mags "
             "is out! You won the challenge, so you open the next round.", anchor="centre",
             title="Mags is out", when=_round(3)),
        Step("A normal round again: ones are wild. Open with \u201ctwo sixes\u201d.", anchor="bid_picker",
             title="Your opening", expect=is_action(Bid(2, 6)), hint="Bid two sixes. " + PICK),
        Step("Tom cut to ones: \u201cone one\u201d. To leave the ones you need twice the quantity plus "
             "one: " + unbroken("1 \u00d7 2 + 1 = three") + ". Bid \u201cthree sixes\u201d.", anchor="bid_picker",
             title="Leave the ones", expect=is_action(Bid(3, 6)),
             hint="From one one, another face needs at least three: bid three sixes."),
        Step(call_step_text(), anchor="call_button", title="Call",
             expect=is_action(Call()), hint="Press Call, then press it again to confirm."),
        Step("Only two sixes: Tom loses a die and falls to one. Palifico for Tom: he opens, and ones "
             "are not wild.", anchor="centre", title="Your Call was right", when=_round(4)),
        Step("Tom opened one two. You hold two twos: raise to \u201ctwo twos\u201d.", anchor="bid_picker",
             title="Palifico again", expect=is_action(Bid(2, 2)), hint="Stay on twos: bid two twos."),
        Step("Tom bids three twos. There are only three dice, you hold two twos, and Tom opened on "
             "twos. Jinto says the bid is EXACTLY right: if so you take a die from the bidder, if not "
             "you lose one. Press Jinto (twice).", anchor="jinto_button", title="Jinto!",
             expect=is_action(Jinto()), hint="Press Jinto, then press it again to confirm."),
        Step("Exactly three twos: your Jinto takes Tom's last die, and you win! You have bid, cut to "
             "ones, left the ones, called, said Jinto and played Palifico.", anchor="centre",
             title="You win!", when=lambda s: s.is_terminal()),
    ),
)
