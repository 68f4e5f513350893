"""Learn to play Roll Call: a guided game against Mags and Tom (two dice each).

Three short rounds: the learner opens counting an Emblem (wild), calls out of
turn and is right, raises, watches Tom call out of turn wrongly and lose two
dice, then calls Mags's last bid and wins.  Dice and opponents are scripted
(game.core.tutorial); the game really ends.
"""
from __future__ import annotations

from ..bidding.bids import Bid, Call
from ..bidding.tutorial import PICK, BidLesson
from ...core.tutorial import OutOfTurn, Step, is_action, on_state, you_may_act
from .rules import CallOutOfTurn, RollCallState, table_snapshot

LESSON = BidLesson(RollCallState, table_snapshot)
_round = LESSON.in_round

SCRIPT = LESSON.script(
    "roll-call", "Roll Call",
    minutes="2 minutes",
    rolls=(
        ((1, 4), (4, 2), (3, 6)),   # round 1: your Emblem and a four; only two count for sixes
        ((1, 5), (5,), (5, 3)),     # round 2: exactly four fives
        ((2, 6), (3,)),             # round 3: one three
    ),
    moves={
        1: (Bid(4, 6), Bid(2, 5), Bid(2, 3)),
        2: (Bid(3, 5), OutOfTurn(CallOutOfTurn())),
    },
    steps=(
        Step("Everyone's dice hide under a dome, and each bid is a claim about ALL the dice on the "
             "table. Lose a call and you lose a die; the last player with dice wins.",
             title="Welcome to Roll Call"),
        Step("Your dice: a four and the Emblem, where the one would be. The Emblem is wild: it "
             "counts for every bid. Bids are on twos to sixes.", anchor="my_dice", title="The Emblem",
             when=on_state(RollCallState, lambda s: s.phase == "bid" and s.round_no == 1)),
        Step("Open with \u201ctwo fours\u201d: your four and your Emblem already make it true.",
             anchor="bid_picker", title="Your first bid", expect=is_action(Bid(2, 4)),
             hint="Bid two fours. " + PICK),
        Step("Mags bids four sixes. It is Tom's turn, but you need not wait: anyone except the bidder "
             "and the player to act may call out of turn. Right, and the bidder loses a die; wrong, "
             "and you lose TWO. You see only one six (your Emblem). Press your Call! (twice: it asks "
             "\u201cSure?\u201d).",
             anchor="oot_button", title="Call out of turn", expect=is_action(CallOutOfTurn()),
             when=you_may_act(),
             hint="Press your Call! button beside the bid, then again to confirm (or F1 twice)."),
        Step("Only two sixes (your Emblem and Tom's six): Mags loses a die. The player who lost a "
             "die opens the next round.", anchor="centre", title="You were right", when=_round(2)),
        Step("Mags opened two fives, Tom bid three. You hold a five and an Emblem. Raise to \u201cfour "
             "fives\u201d: a higher quantity may take any face; the same quantity needs a higher face.",
             anchor="bid_picker", title="Raise", expect=is_action(Bid(4, 5)),
             hint="Stay on fives and raise the quantity to four."),
        Step("Tom called out of turn, but there were exactly four fives: the bid stands. A wrong "
             "out-of-turn call costs two dice, so Tom is out! The next player still in opens: you.",
             anchor="centre", title="A costly call", when=_round(3)),
        Step("Any bid may open a round. Open with \u201cone six\u201d.", anchor="bid_picker",
             title="Your opening", expect=is_action(Bid(1, 6)), hint="Bid one six. " + PICK),
        Step("Mags bids two threes. You hold no three and no Emblem, and Mags has a single die. "
             "It is your turn, so call it: press Call (twice: it asks \u201cSure?\u201d).",
             anchor="call_button", title="Call", expect=is_action(Call()),
             hint="Press Call, then press it again to confirm."),
        Step("Only one three: Mags loses her last die, and you win! You have counted the Emblem, "
             "called out of turn, raised and called.", anchor="centre", title="You win!",
             when=lambda s: s.is_terminal()),
    ),
)
