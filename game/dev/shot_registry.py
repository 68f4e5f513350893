"""The registry of screenshot names (``python -m game shot --scene NAME``).

Each game's own shots (``game.dev.game_shots``) register here; building and
rendering them is ``game.dev.shots``."""
from __future__ import annotations

from collections.abc import Callable

SHOT_SCENES: dict[str, Callable] = {}


def register_shot(name: str, builder: Callable) -> None:
    """``builder(app, ctx) -> Scene | list[Scene]`` (a list is pushed in order)."""
    SHOT_SCENES[name] = builder
