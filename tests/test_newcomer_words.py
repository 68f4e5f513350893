"""Sentences a newcomer meets in a first Roll the Bones and Diced Out game
at 4 seats, read in a real window (issue 39, "Every word true and
readable"), and fixed where they were ambiguous."""
from __future__ import annotations

import pytest

from game.core.grammar import Voice
from game.core.match import Seat
from game.games.roll_the_bones.narrate import won_roll_lines

SEATS = [Seat("You"), Seat("Mags", "ai", "normal"), Seat("Old Tom", "ai", "normal"), Seat("Bertha", "ai", "normal")]


@pytest.mark.parametrize("winner, face, said", [
    (1, 6, "Mags wins the roll with a 6 and takes 8 dice"),
    (0, 8, "You win the roll with an 8 and take 8 dice"),
    (2, 11, "Old Tom wins the roll with an 11 and takes 8 dice"),
    (3, 12, "Bertha wins the roll with a 12 and takes 8 dice"),
])
def test_a_won_roll_tells_the_face_rolled_apart_from_the_dice_taken(winner, face, said):
    """"You win the roll with 6 and take 8 dice": two bare numbers side by
    side read as 6 dice and 8 dice; the face rolled is "a 6", "an 8"."""
    result = {"kind": "win", "winner": winner, "faces": {str(p): 1 for p in range(4)} | {str(winner): face},
              "dice": {str(p): 1 for p in range(4)}, "haul": {str(winner): list(range(8))}, "carried": [],
              "pots": [[0, winner, 4]]}
    assert won_roll_lines(result, Voice(SEATS)) == [said]
