"""The log's wording for every action kind of every game (issue 39): one
table, one pattern list per kind, checked against what the narrators say
for real games (every chance outcome, and for each player action kind the
first one legal, applied to a copy).  A new action kind without a row here
fails ``test_every_action_kind_has_a_wording_row``.  Roll the Bones names
each pot's own winner ("Tom took the side pot"), not only the centre's."""
from __future__ import annotations

import re

import pytest

from game import games
from game.core.grammar import Voice
from game.core.match import Match, Seat
from game.core.protocol import CHANCE

NAMES = ["Ada", "Mags", "Old Tom", "Bram", "Odo", "Mira"]
WHO = r"(Ada|Mags|Old Tom|Bram|Odo|Mira)"
WHOM = r"(ada|mags|old tom|bram|odo|mira|Ada|Mags|Old Tom|Bram|Odo|Mira)"
COUNT = r"(no|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d+)"
FACES = r"(ones|twos|threes|fours|fives|sixes|one|two|three|four|five|six)"
DIE = r"([1-6]|Emblem)"
HAND = rf"{WHO} showed {DIE}((, {DIE})* and {DIE})? \({COUNT} {FACES}(, with (a|{COUNT}) wild (1|Emblem)s?)?\)"
HANDS = rf"^(Cups|Domes) up: {HAND}(; {HAND})*\.$"

WORDING: dict[tuple[str, str], list[str]] = {
    ("liars-dice", "chance:RollResult"): [r"^Everyone rolled under their cups: \d+ dice in play\.$"],
    ("liars-dice", "Bid"): [rf"^{WHO} bid {COUNT} {FACES}\.$"],
    ("liars-dice", "Call"): [rf"^{WHO} called {COUNT} {FACES} \(bid by {WHOM}\): there (was|were) {COUNT} {FACES}",
                             HANDS, rf"^{WHO} lost a die"],
    ("liars-dice", "Jinto"): [rf"^{WHO} said Jinto on {COUNT} {FACES} \(bid by {WHOM}\): there (was|were) ",
                              HANDS, rf"^{WHO} (lost a die|took that die)"],
    ("roll-call", "chance:RollResult"): [r"^Everyone rolled under their domes: \d+ dice in play\.$"],
    ("roll-call", "Bid"): [rf"^{WHO} bid {COUNT} \w+\.$"],
    ("roll-call", "Call"): [rf"^{WHO} called {COUNT} \w+ \(bid by {WHOM}\): there (was|were) ", HANDS,
                            rf"^{WHO} lost a die"],
    ("roll-call", "CallOutOfTurn"): [rf"^{WHO} called out of turn on {COUNT} \w+ \(bid by {WHOM}\): ", HANDS,
                                     rf"(^{WHO} lost a die|^Wrong out-of-turn call: {WHO} lost two dice)"],
    ("roll-the-bones", "Ante"): [rf"^{WHO} anted \d+ (die|dice)( \(\d+ bones?\))?\.$"],
    ("roll-the-bones", "Declare"): [rf"^{WHO} (said|switched to|stayed with) \u201c(bone!|no bone)\u201d"],
    ("roll-the-bones", "chance:RollResult"): [
        rf"^Rolled: {WHOM} \d+( \(bone\))?(, {WHOM} \d+( \(bone\))?)*\.$",
        rf"^(Tie: .+ roll again|{WHO} won the roll\. Pot shares: {WHOM} took the rolled dice \(\d+\))"],
    ("roll-for-it", "chance:ShuffleResult"): [r"^The deck was shuffled; \d+ cards face up\.$"],
    ("roll-for-it", "chance:RollResult"): [rf"^(Roll-off: |{WHO} rolled [1-6](, [1-6])*\.$)"],
    ("roll-for-it", "Roll"): [],   # the throw's outcome says it
    ("roll-for-it", "Place"): [rf"^{WHO} put an? [1-6] on the \d+-point card\.$"],
    ("roll-for-it", "KeepRest"): [rf"^{WHO} kept the rest and ended the turn\.$"],
    ("roll-for-it", "TakeBack"): [rf"^{WHO} took every die back from the cards\.$"],
    ("roll-for-it", "Pass"): [rf"^{WHO} passed with all six dice on cards\.$"],
    ("diced-out", "chance:RollResult"): [rf"^(Opening roll: |Roll-off for the penalty: |{WHO} rolled \d+)"],
    ("diced-out", "FreeMark"): [rf"^{WHO} marked \d+ free\.$"],
    ("diced-out", "SkipFreeMark"): [rf"^{WHO} left the free mark unused\.$"],
    ("diced-out", "Penalise"): [rf"^{WHO} took a reroll from {WHOM} for the next round\.$"],
}
"""(game, action kind) -> patterns its sentences match, in order ("chance:" for the dice and cards)."""

WORDS = Voice.named(lambda seat: NAMES[seat])


def _seats(game_id: str) -> int:
    return 6 if game_id == "roll-the-bones" else 4


def _told(game_id: str, seeds=range(1, 4)) -> dict[str, list[list[str]]]:
    """Every chance outcome's sentences, and for each player action kind the
    sentences of the first one legal (applied to a copy), over a few games."""
    narrate = games.narrator(game_id).narrate
    told: dict[str, list[list[str]]] = {}
    for seed in seeds:
        match = Match(game_id, [Seat(n, "ai", "normal") for n in NAMES[:_seats(game_id)]], None, seed)
        match.play_out()
        state = match.game.new_initial_state()
        for player, action in match.history:
            if player != CHANCE:
                for seat in state.current_players():
                    for legal in state.legal_actions(seat):
                        kind = type(legal).__name__
                        if kind not in told:
                            told[kind] = [narrate(state, seat, legal, state.apply(seat, legal), WORDS)]
            after = state.apply(player, action)
            if player == CHANCE:
                told.setdefault("chance:" + type(action).__name__, []).append(
                    narrate(state, player, action, after, WORDS))
            state = after
    return told


def test_every_action_kind_has_a_wording_row():
    for game_id in games.GAME_IDS:
        kinds = {t.__name__ for t in games.make_game(game_id, _seats(game_id)).action_types}
        assert kinds <= {kind for g, kind in WORDING if g == game_id}, (game_id, kinds)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_action_kind_is_told_in_the_words_of_its_row(game_id):
    told = _told(game_id)
    rows = {kind: patterns for (g, kind), patterns in WORDING.items() if g == game_id}
    if game_id == "roll-for-it" and "Pass" not in told:   # all six dice on cards: rare in play
        from game.games.roll_for_it.rules import Pass
        match = Match(game_id, [Seat(n, "ai", "normal") for n in NAMES[:4]], None, 1)
        state = match.game.new_initial_state()
        told["Pass"] = [games.narrator(game_id).narrate(state, 0, Pass(), state, WORDS)]
    for kind, patterns in rows.items():
        assert kind in told, f"{game_id}: no {kind} seen"
        for lines in told[kind]:
            if not patterns:
                assert lines == [], (kind, lines)
                continue
            at = 0
            for pattern in patterns:   # each pattern matches a line, in order
                while at < len(lines) and not re.search(pattern, lines[at]):
                    at += 1
                assert at < len(lines), f"{game_id} {kind}: no line matches {pattern!r} in {lines}"
                at += 1
            for line in lines:
                # no raw values, and no fallback "Mags: skips the free mark" (a name, a colon, a label)
                assert not re.search(rf"None|\{{|\[|seat \d|^{WHO}: [a-z]", line), (kind, line)


def test_a_pot_split_names_each_pots_winner():
    """Rule text: "then the player with 2nd highest roll collects the dice in
    the side pot": when the side pot goes to someone other than the roll's
    winner, the log names them with it ("Old Tom took the side pot")."""
    narrate = games.narrator("roll-the-bones").narrate
    found = 0
    for seed in range(1, 4):
        match = Match("roll-the-bones", [Seat(n, "ai", "normal") for n in NAMES], None, seed)
        match.play_out()
        state = match.game.new_initial_state()
        for player, action in match.history:
            after = state.apply(player, action)
            if player == CHANCE and len(after.results_log) > len(state.results_log):
                result = after.results_log[-1]
                for index, taker, count in result.get("pots", []):
                    if index and taker is not None and taker != result["winner"]:
                        lines = narrate(state, player, action, after, WORDS)
                        share = next(line for line in lines if "Pot shares:" in line)
                        assert f"{NAMES[taker]} took " in share and "side pot" in share.split(NAMES[taker])[-1], share
                        found += 1
            state = after
    assert found, "the seeds have a side pot won by someone other than the roll's winner"


def test_the_commentary_tells_roll_for_it_moves_in_sentences():
    """The issue: the ticker said "You: took back placed a 1 on the 15-point
    card 1 1 1 6 6 6"; each Roll For It! move has its own sentence, verbs
    agreeing with the seat ("You place a 3 on the 2-point card")."""
    from game.games.roll_for_it.rules import KeepRest, Pass, Place, Roll, TakeBack
    words = Voice([Seat("You", "human"), Seat("Mags", "ai", "easy")])
    assert Place(3, 0).sentence(words, 0) == "You place a 3 on the 2-point card"
    assert Place(3, 0).sentence(words, 1) == "Mags places a 3 on the 2-point card"
    assert KeepRest().sentence(words, 1) == "Mags keeps the rest and ends the turn"
    assert KeepRest().sentence(words, 0) == "You keep the rest and end the turn"   # it read "You keep ... and ends"
    assert TakeBack().sentence(words, 0) == "You take every die back from the cards"
    assert Pass().sentence(words, 1) == "Mags passes with all six dice on cards"
    assert Roll().sentence(words, 0) == "You roll"


def test_the_hands_line_says_what_counted_in_words_and_names_the_emblem():
    """The since card read "Hands: You 1 5 (2), Mags 5 (1), Tom 3 5 (1)." in
    the Roll Call lesson: numbers without words, and the Emblem written as a 1."""
    from game.games.bidding.bids import Bid, Call
    from game.core.protocol import RollResult
    seats = [Seat("You", "human"), Seat("Mags", "ai", "normal")]
    match = Match("roll-call", seats, None, 1)
    match.apply(CHANCE, RollResult(((1, 5, 2, 3, 4), (3, 6, 2, 2, 4))))
    match.apply(match.state.turn_player(), Bid(3, 5))
    before = match.state
    caller = match.state.turn_player()
    match.apply(caller, Call())
    lines = games.narrator("roll-call").narrate(before, caller, Call(), match.state, Voice(match.seats))
    assert ("Domes up: You showed Emblem, 2, 3, 4 and 5 (two fives, with a wild Emblem); "
            "Mags showed 2, 2, 3, 4 and 6 (no fives).") in lines, lines   # hands sorted


def test_the_hands_line_reads_as_the_cups_come_up_with_the_wild_ones_said():
    """It read "Hands: Tom 3 5 (one five)": the dice like a number after the
    name, and a one that counted as a five unsaid.  A Perudo table says
    "cups up", who showed what, and how many counted, wild ones included."""
    from game.core.protocol import RollResult
    from game.games.bidding.bids import Bid, Call
    seats = [Seat("Ann", "human"), Seat("Mags", "ai", "normal")]
    match = Match("liars-dice", seats, {"starting_dice": 3}, 1)
    match.apply(CHANCE, RollResult(((1, 5, 3), (1, 1, 6))))
    match.apply(0, Bid(3, 5))
    before = match.state
    match.apply(1, Call())
    lines = games.narrator("liars-dice").narrate(before, 1, Call(), match.state, Voice(match.seats))
    assert ("Cups up: You showed 1, 3 and 5 (two fives, with a wild 1); "
            "Mags showed 1, 1 and 6 (two fives, with two wild 1s).") in lines, lines
