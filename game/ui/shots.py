"""The registry of screenshot names (``python -m game shot --scene NAME``).

Only the registry lives in the table layer, so a game's scene can add its
own shots without importing the menu scenes; building and rendering the
shots is ``game.shots``."""
from __future__ import annotations

from collections.abc import Callable

SHOT_SCENES: dict[str, Callable] = {}


def register_shot(name: str, builder: Callable) -> None:
    """``builder(app, ctx) -> Scene | list[Scene]`` (a list is pushed in order)."""
    SHOT_SCENES[name] = builder
