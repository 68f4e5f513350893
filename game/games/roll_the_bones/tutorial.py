"""Learn to play Roll the Bones: a guided first game against Mags and Tom.

Two rounds: the ante, a bone announcement (both passes), a tie that goes on
until one player wins the lot, then a short stack and its side pot.  Dice and
opponents are scripted (game.core.tutorial).  A whole game takes far longer
than a lesson (everyone starts with eleven dice), so the lesson ends after
the side pot, with the game still going.
"""
from __future__ import annotations

from ...core.match import Seat
from ...core.protocol import state_as
from ...core.tutorial import Script, StateTest, Step, is_action, on_state
from .rules import Ante, BonesState, Declare


def elimination_text() -> str:
    """Elimination and the rising ante, which the first real game then
    asks about, with the antes from the rules' own count.  Rule text: "When
    a player runs out of dice, they are eliminated from the game. Each time
    a player is eliminated, increase the ante amount by 1." and "in a 4-6
    player game, each player must ante any 1 die ... In a 2-3 player game,
    players ante 2 dice instead"."""
    from ... import games
    here = state_as(games.make_game("roll-the-bones", len(SEATS)).new_initial_state(), BonesState)
    one_out = here.clone()
    one_out.eliminations += 1
    bigger = state_as(games.make_game("roll-the-bones", 4).new_initial_state(), BonesState).ante_size()
    return (f"A player who runs out of dice is out of the game, and each time one goes out, everyone's "
            f"ante rises by one: at this table it is {here.ante_size()} dice a round, "
            f"{one_out.ante_size()} once someone is out (with four or more players it starts at {bigger}). "
            f"Short stacks go fast then.")


def _round(n: int) -> StateTest:
    return on_state(BonesState, lambda state: state.round == n and state.phase in ("ante", "declare"))


SEATS = (Seat("You", "human"), Seat("Mags", "ai", "easy"), Seat("Tom", "ai", "easy"))

SCRIPT = Script(
    game_id="roll-the-bones",
    title="Roll the Bones",
    seats=SEATS,
    seed=18,
    minutes="3 minutes",
    rolls=(
        ((9,), (9,), (5,)),         # round 1: your bone and Mags's bone both show 9: a tie
        ((4,), (4,)),               # tiebreak: four all, another tie
        ((6,), (2,)),               # second tiebreak: your six wins the lot
        ((4,), (6,), (2,)),         # round 2: Mags (short) rolls highest, you beat Tom for the side pot
    ),
    moves={
        1: (Ante(0), Declare(True), Declare(True)),
        2: (Ante(0), Declare(False), Declare(False), Ante(0), Declare(False), Declare(False)),
    },
    steps=(
        Step("Everyone starts with ten six-sided dice and one twelve-sided bone. Each round you ante "
             "dice into the pot, then everyone rolls ONE die: the highest roll takes the pot and every "
             "rolled die. Collect every die to win.", title="Welcome to Roll the Bones"),
        Step("Your collection: ten six-siders and one bone.", anchor="my_dice", title="Your dice",
             when=on_state(BonesState, lambda s: s.phase == "ante" and s.round == 1)),
        Step("First, the ante: with three players everyone puts two dice into the centre pot. You may "
             "ante your bone, but you rarely want to. Ante two six-siders.", anchor="button:Ante 2 six-siders",
             title="The ante", expect=is_action(Ante(0)), hint="Press \u201cAnte 2 six-siders\u201d (or key 0)."),
        Step("Now everyone announces which die they will roll. A bone rolls 1 to 12, a six-sider 1 to 6, "
             "but a rolled bone can be lost to the winner. Say \u201cBone!\u201d.", anchor="button:Bone!",
             title="Bone!", expect=is_action(Declare(True)), hint="Press \u201cBone!\u201d (or key B)."),
        Step("Mags also said bone, Tom no bone. In the second pass everyone may change their mind, "
             "having heard the others; this call binds. Stay with \u201cBone!\u201d.", anchor="button:Bone!",
             title="The second pass", expect=is_action(Declare(True)), hint="Press \u201cBone!\u201d again."),
        Step("You and Mags both rolled 9: a tie! Every rolled die goes into the centre pot, and only "
             "the tied players ante again and roll again, until one of them wins the lot.",
             anchor="pot", title="A tie", when=on_state(BonesState, lambda s: s.stage == 1 and s.phase == "roll")),
        Step("Four all: another tie! Your bones are in the pot now, so you both roll six-siders.",
             anchor="pot", title="Tie again", when=on_state(BonesState, lambda s: s.stage == 2 and s.phase == "roll")),
        Step("Your six beats Mags's two: you take the whole pot and every rolled die, both bones "
             "included. Mags is down to two dice.", anchor="my_dice", title="You win the lot",
             when=_round(2)),
        Step("Mags cannot ante two and still keep a die to roll, so she antes one. Ante your two "
             "six-siders.", anchor="button:Ante 2 six-siders", title="A short stack", expect=is_action(Ante(0)),
             hint="Press \u201cAnte 2 six-siders\u201d."),
        Step("Your second die and Tom's went into a side pot that only you and Tom can win. Mags can "
             "win only the centre.", anchor="side_pot", title="The side pot",
             when=on_state(BonesState, lambda s: s.round == 2 and s.phase == "declare")),
        Step("Keep your bones safe this time: say \u201cNo bone\u201d.", anchor="button:No bone", title="No bone",
             expect=is_action(Declare(False)), hint="Press \u201cNo bone\u201d (or key N)."),
        Step("Tom said no bone too. Stay with \u201cNo bone\u201d.", anchor="button:No bone", title="No bone",
             expect=is_action(Declare(False)), hint="Press \u201cNo bone\u201d again."),
        Step("Mags rolled the highest: she takes the centre pot and the rolled dice. The side pot goes "
             "to the best roll among its own players: your four beats Tom's two!", anchor="my_dice",
             title="Two pots, two winners", when=on_state(BonesState, lambda s: s.round == 3)),
        Step(elimination_text(), title="Out, and the ante rises", anchor="pot",
             when=on_state(BonesState, lambda s: s.round == 3)),
        Step("That is Roll the Bones: ante, announce, roll, and ties and side pots when they come. "
             "A whole game goes on until one player holds every die.", title="You've got it!",
             when=on_state(BonesState, lambda s: s.round == 3)),
    ),
)
