"""Diced Out: fill your sheet's rows with the dice you roll (see RULES.md)."""
from ..kit import FULL

KIT = FULL
