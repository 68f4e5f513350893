"""The running commentary speaks of every move in one voice: a subject and a
verb that agrees with it ("You ante", "Ann says “no bone”", "Mags bids 3
fives", "You call").

Roll the Bones' commentary read "Ann: no bone" under "You ante", and the
bidding games' "Mags: bid 3 fives", "You: call out of turn!": a name and a
colon beside sentences.  For each action kind of each game with a
commentary (Diced Out draws none: its log tells its moves), the move is made
at a real table and the commentary's drawn words are read through the layout
recorder."""
from __future__ import annotations

import re

import pytest

from game import games
from game.core.match import Match, Seat
from game.core.protocol import CHANCE
from game.ui import layout_record
from tests.helpers import past_the_opening, start_table

NAMES = ["You", "Mags", "Old Tom", "Bram", "Odo", "Mira"]
OTHERS = r"(Mags|Old Tom|Bram|Odo|Mira)"


def _says(third: str, second: str, rest: str = "") -> str:
    """A line whose verb agrees with its subject: "You call", "Mags calls"."""
    return rf"^(You {second}|{OTHERS} {third}){rest}$"


FACES = r"(ones|twos|threes|fours|fives|sixes|one|two|three|four|five|six)"
COMMENTARY = {
    ("liars-dice", "Bid"): _says("bids", "bid", rf" \d+ {FACES}"),
    ("liars-dice", "Call"): _says("calls", "call"),
    ("liars-dice", "Jinto"): _says("says", "say", " \u201cJinto!\u201d"),
    ("roll-call", "Bid"): _says("bids", "bid", rf" \d+ {FACES}"),
    ("roll-call", "Call"): _says("calls", "call"),
    ("roll-call", "CallOutOfTurn"): _says("calls", "call", " out of turn!"),
    ("roll-the-bones", "Ante"): _says("antes", "ante", r"( with \d+ bones?)?"),
    ("roll-the-bones", "Declare"): _says("says", "say", " \u201c(bone!|no bone)\u201d"),
    ("roll-for-it", "Roll"): _says("rolls", "roll"),
    ("roll-for-it", "Place"): _says("places", "place", r" an? [1-6] on the \d+-point card"),
    ("roll-for-it", "KeepRest"): _says("keeps", "keep", " the rest and ends the turn"),
    ("roll-for-it", "TakeBack"): _says("takes", "take", " every die back from the cards"),
}
"""(game, action kind) -> the commentary line its move must read as."""
TOLD = [g for g in games.GAME_IDS if g != "diced-out"]


def test_every_action_kind_of_a_game_with_a_commentary_has_a_row():
    for game_id in TOLD:
        kinds = {t.__name__ for t in games.game_class(game_id).action_types} - {"Pass"}   # Pass: a banner says it
        assert kinds <= {kind for g, kind in COMMENTARY if g == game_id}, game_id


def _table_after(app, game_id: str, seats: int, seed: int, before, seat: int, move):
    """A table (you and Normal AIs) at the moves ``before``, where ``seat`` has just made ``move``."""
    match = Match(game_id, [Seat(NAMES[0], "human")] + [Seat(n, "ai", "normal") for n in NAMES[1:seats]],
                  None, seed)
    for player, action in before:
        match.apply(player, action)
    table = start_table(app, match)
    past_the_opening(app)
    table.submit(seat, move)
    app.run_frames(2)
    return table


def _first_legal(game_id: str, kind: str):
    """The moves before the first state where some seat may make a ``kind``
    move, that seat and the move (AIs playing seeded games)."""
    seats = 6 if game_id == "roll-the-bones" else 3
    for seed in range(1, 6):
        match = Match(game_id, [Seat(n, "ai", "normal") for n in NAMES[:seats]], None, seed)
        match.play_out()
        state = match.game.new_initial_state()
        for at, (player, action) in enumerate(match.history):
            if player != CHANCE:
                for seat in state.current_players():
                    legal = [a for a in state.legal_actions(seat) if type(a).__name__ == kind]
                    if legal:
                        return seats, seed, match.history[:at], seat, legal[0]
            state = state.apply(player, action)
    raise AssertionError(f"{game_id}: no {kind} move in five seeded games")


@pytest.mark.parametrize("game_id, kind", sorted(COMMENTARY))
def test_the_commentary_tells_each_move_as_a_sentence(app, game_id, kind):
    seats, seed, before, seat, move = _first_legal(game_id, kind)
    table = _table_after(app, game_id, seats, seed, before, seat, move)
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    area = table.log_area()
    lines = [b.text for b in sorted(record.of("text"), key=lambda b: b.rect.y) if area.contains(b.rect)]
    assert lines, f"{game_id}: no commentary drawn after {move!r}"
    assert re.search(COMMENTARY[game_id, kind], lines[-1]), \
        f"{game_id} {kind}: the commentary's newest line reads {lines[-1]!r} ({lines})"
    for line in lines:
        assert not re.match(rf"^(You|{OTHERS}): ", line), f"{game_id}: a name and a colon in {lines}"



def _dice_left_after_a_placement():
    """The first placement in a seeded AI game of Roll For It! that ends the
    turn with dice left over: the moves before it, its seat, the move and
    how many dice go home."""
    from game.games.roll_for_it.rules import Place
    for seed in range(1, 6):
        match = Match("roll-for-it", [Seat(n, "ai", "normal") for n in NAMES[:3]], None, seed)
        match.play_out()
        state = match.game.new_initial_state()
        for at, (player, action) in enumerate(match.history):
            after = state.apply(player, action)
            if isinstance(action, Place) and after.phase != "over" and after.turn != player and len(state.rolled) > 1:
                return seed, match.history[:at], player, action, len(state.rolled) - 1
            state = after
    raise AssertionError("no placement left dice over in five seeded games")


def _kept_unfitted(dice: int, rest: bool) -> str:
    """The line of ``dice`` dice that fit no card going home, in the one voice."""
    which = {1: "the other die" if rest else "the die", 2: "the other 2 dice" if rest else "both dice"}.get(
        dice, f"the other {dice} dice" if rest else f"all {dice} dice")
    fits = "it fits no card" if dice == 1 else f"{'neither' if dice == 2 else 'none'} fits a card"
    return _says("keeps", "keep", rf" {which}: {fits}")


def _commentary(app, table) -> list[str]:
    """The running commentary's lines as drawn, top to bottom."""
    with layout_record.recording(app.canvas) as record:
        app.draw(0.0)
    area = table.log_area()
    return [b.text for b in sorted(record.of("text"), key=lambda b: b.rect.y) if area.contains(b.rect)]


def test_roll_for_it_says_in_one_voice_when_dice_left_after_a_placement_fit_no_card(app):
    """Roll For It!'s table said "Your other dice fit no card" (the dice the
    subject, no count) beside "You place a 3 on the 2-point card"."""
    seed, before, seat, move, dice = _dice_left_after_a_placement()
    table = _table_after(app, "roll-for-it", 3, seed, before, seat, move)
    lines = _commentary(app, table)
    said = _kept_unfitted(dice, rest=True)
    assert any(re.search(said, line) for line in lines), f"no line reads {said!r} in {lines}"


def test_roll_for_it_says_in_one_voice_when_a_roll_fits_no_card(app):
    """It said "Mags's roll fits no card" beside "Mags rolls".  The AIs play
    a seeded table until a throw lands that fits no card."""
    from game.games.roll_for_it.rules import RollForItState
    match = Match("roll-for-it", [Seat(n, "ai", "normal") for n in NAMES[1:4]], None, 1)
    table = start_table(app, match)
    past_the_opening(app)

    def roll_fit_none(_app) -> bool:
        history = match.history
        return len(history) > 1 and history[-1][0] == CHANCE and isinstance(match.state, RollForItState) \
            and history[-2][1].__class__.__name__ == "Roll" and match.state.turn != history[-2][0]
    app.run_frames(20000, until=roll_fit_none)
    assert roll_fit_none(app), "no throw in the game fitted no card"
    app.run_frames(2)
    said = _kept_unfitted(len(match.history[-1][1].faces[0]), rest=False)
    lines = _commentary(app, table)
    assert any(re.search(said, line) for line in lines), f"no line reads {said!r} in {lines}"
