"""Liar's Dice with Jinto and Palifico (issue 4): rules, AI, table scene."""
from dataclasses import replace

from ..kit import FULL

KIT = replace(FULL, sparring="sparring")
