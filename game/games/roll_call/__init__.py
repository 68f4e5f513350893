"""Roll Call: liar's dice with Emblem wilds and out-of-turn calls (see RULES.md)."""
from dataclasses import replace

from ..kit import FULL

KIT = replace(FULL, sparring="sparring")
