"""One seed per game; every random stream is derived from it by name.

``derive(seed, "throw", 3)`` always gives the same 64-bit number, on every
machine and Python version (SHA-256, not ``hash()``), so a game is replayable
from its seed alone.  Streams never share state: the AI's thinking cannot
shift the dice.
"""
from __future__ import annotations

import hashlib
import random
import secrets

MAX_SEED = 2**63 - 1


def derive(seed: int, *path: object) -> int:
    """A 63-bit seed for the named sub-stream ``path`` of ``seed``."""
    text = ":".join([str(int(seed))] + [str(p) for p in path])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") & MAX_SEED


def stream(seed: int, *path: object) -> random.Random:
    """A ``random.Random`` for the named sub-stream of ``seed``."""
    return random.Random(derive(seed, *path))


def fresh_seed() -> int:
    """A new random seed for a game the player did not seed (shown on results)."""
    return secrets.randbelow(10**9)


def parse_seed(text: str) -> int:
    """Seed from the setup field: digits as a number, other text hashed.

    Empty text means "give me a fresh one"."""
    text = (text or "").strip()
    if not text:
        return fresh_seed()
    if text.isdigit() and len(text) <= 18:
        return int(text)
    return derive(0, "text", text) % 10**9
