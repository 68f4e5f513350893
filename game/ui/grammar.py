"""The table's grammar lives in the pure core now (``game.core.grammar``), so
the game log's narrators and the AIs' "why" lines speak with the same
``Voice`` as the table; this name stays for the table code that imports it."""
from __future__ import annotations

from ..core.grammar import Voice, voice_of

__all__ = ["Voice", "voice_of"]
