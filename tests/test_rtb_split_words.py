"""Roll the Bones: a won roll names who takes each pot, in the ticker and
on the banner (issue 39: "Mags wins the roll with a 6 and takes 6 dice" never
said that another seat took the side pot).

Rule text (roll-the-bones.txt): "If the player with the one die wins, then
they collect all the rolled dice and all the dice in the center pot if they
had ante'd to it that round; then the player with 2nd highest roll collects
the dice in the side pot.  If the player with 1 die did not ante to the
center pot and has the highest roll, then they only collect the rolled dice
from the other players.  The second highest die would then collect
everything else.  Otherwise, the player with the highest roll collects all
the dice rolled in both the center and side pots."
"""
from __future__ import annotations

import pytest

from game.core.grammar import Voice
from game.core.match import Seat
from game.games.roll_the_bones.narrate import won_roll_banner, won_roll_lines

VOICE = Voice([Seat("You", "human"), Seat("Mags", "ai", "easy"), Seat("Tom", "ai", "easy")])


def _won(winner: int, hauls: dict[int, int], pots: list[list], face: int = 6) -> dict:
    """A won roll as the rules record it: each taker's dice, each pot's [index, taker, count]."""
    return {"kind": "win", "winner": winner, "faces": {"0": 2, "1": face, "2": 4},
            "dice": {"0": 1, "1": 2, "2": 3}, "haul": {str(p): list(range(n)) for p, n in hauls.items()},
            "carried": [], "pots": pots}


@pytest.mark.parametrize("result, lines, banner", [
    # only a centre pot: one line, as before
    (_won(1, {1: 6}, [[0, 1, 3]]), ["Mags wins the roll with a 6 and takes 6 dice"], ("Mags takes 6 dice", "")),
    # "Otherwise, the player with the highest roll collects all the dice ... in both the center and side pots"
    (_won(1, {1: 8}, [[0, 1, 3], [1, 1, 2]]),
     ["Mags wins the roll with a 6 and takes 8 dice (the rolled dice, the centre pot and the side pot)"],
     ("Mags takes 8 dice", "")),
    # "... the player with 2nd highest roll collects the dice in the side pot"
    (_won(1, {1: 6, 2: 2}, [[0, 1, 3], [1, 2, 2]]),
     ["Mags wins the roll with a 6 and takes 6 dice (the rolled dice and the centre pot)",
      "Tom takes the side pot: 2 dice"],
     ("Mags takes 6 dice", "Tom takes the side pot (2 dice)")),
    # "... they only collect the rolled dice ...  The second highest die would then collect everything else."
    (_won(1, {1: 3, 0: 6}, [[0, 0, 4], [1, 0, 2]]),
     ["Mags wins the roll with a 6 and takes 3 dice (the rolled dice)",
      "You take the centre pot and the side pot: 6 dice"],
     ("Mags takes 3 dice", "You take the centre pot and the side pot (6 dice)")),
    # two side pots, each to its own taker
    (_won(0, {0: 7, 2: 1, 1: 2}, [[0, 0, 4], [1, 2, 1], [2, 1, 2]]),
     ["You win the roll with a 2 and take 7 dice (the rolled dice and the centre pot)",
      "Tom takes side pot 1: 1 die", "Mags takes side pot 2: 2 dice"],
     ("You take 7 dice", "Tom takes side pot 1 (1 die) · Mags takes side pot 2 (2 dice)")),
    # a pot nobody may win stays on the table
    (_won(1, {1: 3}, [[0, None, 4]]),
     ["Mags wins the roll with a 6 and takes 3 dice (the rolled dice)",
      "Nobody may win the centre pot (4 dice): it stays for the next round's centre pot"],
     ("Mags takes 3 dice", "")),
])
def test_a_won_roll_names_the_taker_of_every_pot(result, lines, banner):
    assert won_roll_lines(result, VOICE) == lines
    assert won_roll_banner(result, VOICE) == banner


def test_the_table_says_who_takes_the_side_pot(app, monkeypatch):
    """A six-seat game with short players (side pots): at the first won roll
    with a side pot, the ticker names the side pot's taker."""
    from game.core.match import Match
    from tests.helpers import past_the_opening, start_table
    from tests.test_rtb_words_clear import start_with_piles
    start_with_piles(monkeypatch, [6, 0, 1, 0, 2, 10])
    seats = [Seat(f"Seat {i}", "ai", "easy") for i in range(6)]
    match = Match("roll-the-bones", seats, None, 11)
    table = start_table(app, match)
    past_the_opening(app)

    def side_pot_won(_app) -> bool:
        return any(r["kind"] == "win" and any(index for index, _t, _n in r["pots"]) for r in match.state.results_log)

    app.run_frames(20_000, until=side_pot_won)
    result = next(r for r in match.state.results_log if r["kind"] == "win" and any(i for i, _t, _n in r["pots"]))
    taker = next(t for i, t, _n in result["pots"] if i)
    said = [line.text for line in table.log]
    assert any("side pot" in line and table.words.name(taker) in line for line in said), said
