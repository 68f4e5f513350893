"""A tiny test double game: everyone may 'roll' or 'stand'; highest total of
rolled dice wins after three turns each.  Exercises chance, interjection,
ties and the record round trip without depending on any real game."""
from game.games.kit import GameKit

KIT = GameKit()
"""Rules and AI only: it plays on the generic table."""
