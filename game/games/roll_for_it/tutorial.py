"""Learn to play Roll For It!: a guided first game against Mags.

Three turns: the learner rolls, matches dice to the cards, scores a card with
its last image, leaves dice on two harder cards, then uses Take Back to roll
all six again, scores once more and keeps the rest.  Dice, the deal (the
seed's shuffle) and Mags are scripted (game.core.tutorial).  A whole race to
40 points is longer than a lesson, so it ends with the game still going.
"""
from __future__ import annotations

from ...core.match import Seat
from ...core.tutorial import Script, Step, is_action, on_state
from .narrate import card_words
from .rules import KeepRest, Place, Roll, RollForItState, TakeBack, card

# Seed 235 deals (3 3) for 2 points, (3 3 4 4) for 10 and (4 5 6) for 5;
# the next cards are (4 4) and (1 2 3).  The texts name each card by its
# points and its pictures in words (``card_words``), never "(3 3)".
THREES, THREES_FOURS, FOUR_FIVE_SIX, FOURS, ONE_TWO_THREE = (card(i) for i in (2, 19, 7, 3, 6))
SCRIPT = Script(
    game_id="roll-for-it",
    title="Roll For It!",
    seats=(Seat("You", "human"), Seat("Mags", "ai", "easy")),
    seed=235,
    minutes="3 minutes",
    rolls=(
        (),                          # the shuffle (decided by the seed)
        ((5, 6), (2, 3)),            # roll-off: your 11 beats Mags's 5, you start
        ((3, 3, 4, 5, 1, 2),),       # your first roll
        ((6, 1, 1, 2, 2, 2),),       # Mags
        ((4, 4, 1, 1, 2, 2),),       # your roll after Take Back
    ),
    moves={1: (Roll(), Place(6, 7))},
    steps=(
        Step("Race to 40 points by matching your six dice to the cards. Each card shows die images "
             "and its points: the harder the card, the more it is worth.", title="Welcome to Roll For It!"),
        Step("You rolled the highest total, so you start. Press \u201cRoll for it!\u201d to roll all the "
             "dice you hold.", anchor="buttons", title="Roll for it!", expect=is_action(Roll()),
             hint="Press \u201cRoll for it!\u201d (or R)."),
        Step(f"Match it: drag a 3 onto {card_words(THREES)}, or click the die and then the card. Each "
             "image takes one of your dice.", anchor="card:0", title="Match it!", expect=is_action(Place(3, 2)),
             hint=f"Put a 3 on {card_words(THREES)}."),
        Step("Now your other 3 on the same card: when every image holds one of your dice, you score "
             "the card.", anchor="card:0", title="Score it!", expect=is_action(Place(3, 2)),
             hint=f"Put your second 3 on {card_words(THREES)}."),
        Step(f"{THREES.points} points! Your dice came home and a new card flipped up. Start on "
             f"{card_words(THREES_FOURS)}: put your 4 on it.", anchor="card:1", title="A bigger card",
             expect=is_action(Place(4, 19)), hint=f"Put the 4 on {card_words(THREES_FOURS)}, in the middle."),
        Step(f"And your 5 on {card_words(FOUR_FIVE_SIX)}. A placed die stays on its card until the card "
             "is scored or you take it back.", anchor="card:2", title="Another card",
             expect=is_action(Place(5, 7)), hint=f"Put the 5 on {card_words(FOUR_FIVE_SIX)}."),
        Step("Your 1 and 2 fit no card, so your turn ends. Mags may put her dice beside the same "
             "images: each player fills a card with their own dice.", anchor="tray", title="Your turn ends",
             when=on_state(RollForItState, lambda s: s.turn == 1)),
        Step("Two of your dice sit on cards, so you would roll only four. Take Back brings ALL your "
             "dice home (all or nothing) and you roll six.", anchor="button:Take Back", title="Take Back",
             expect=is_action(TakeBack()), hint="Press \u201cTake Back\u201d (or T)."),
        Step(f"Two 4s: put them on {card_words(FOURS)}.", anchor="card:0", title="Match again",
             expect=is_action(Place(4, 3)), hint=f"Put a 4 on {card_words(FOURS)}."),
        Step("The second 4 scores it.", anchor="card:0", title="Score again", expect=is_action(Place(4, 3)),
             hint=f"Put your other 4 on {card_words(FOURS)}."),
        Step(f"Another {FOURS.points} points, and {card_words(ONE_TWO_THREE)} flipped up: dice you still "
             "hold may go on a new card at once. Or keep them in hand: press \u201cKeep the rest\u201d "
             "to end your turn.",
             anchor="buttons", title="Keep the rest", expect=is_action(KeepRest()),
             hint="Press \u201cKeep the rest\u201d (or K)."),
        Step("That is Roll For It!: roll, match, score, and Take Back when your dice are stuck. The "
             "first to 40 points wins, even in the middle of a turn.", title="You've got it!"),
    ),
)
