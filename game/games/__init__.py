"""The game registry: ids, menu metadata and lazy access to each game's parts.

Each game lives in ``game/games/<package>/`` and declares what it brings once,
as ``KIT`` in its ``__init__.py`` (a ``GameKit``: rules, AI and its levels,
table scene, sparring styles, coach, story, narration, tutorial, stats), with
its ``RULES.md`` (the rules written for players) beside it.  The registry
imports a part the first time it is asked for, and only parts the kit names.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.protocol import Game, GameInfo
from .kit import GameKit

GAME_IDS = ("liars-dice", "roll-call", "roll-the-bones", "roll-for-it", "diced-out")

_EXTRA_PACKAGES: dict[str, str] = {}
"""Extra games registered by tests (``register``); never used by the product."""


def register(game_id: str, package: str) -> None:
    """Register a game package outside ``game.games`` (test doubles)."""
    _EXTRA_PACKAGES[game_id] = package
    kit.cache_clear()
    rules_module.cache_clear()


def extra_game_ids() -> list[str]:
    """Game ids registered with ``register`` (test doubles), in order."""
    return list(_EXTRA_PACKAGES)


def is_known(game_id: str) -> bool:
    """One of the five games or a registered test double."""
    return game_id in GAME_IDS or game_id in _EXTRA_PACKAGES


def has_rules(game_id: str) -> bool:
    """A known game (every kit has rules; a test double may lack a table)."""
    return is_known(game_id)


def package_name(game_id: str) -> str:
    if game_id in _EXTRA_PACKAGES:
        return _EXTRA_PACKAGES[game_id]
    if game_id not in GAME_IDS:
        raise ValueError(f"unknown game {game_id!r}; choose one of: {', '.join(GAME_IDS)}")
    return "game.games." + game_id.replace("-", "_")


def package_dir(game_id: str) -> Path:
    if game_id in _EXTRA_PACKAGES:
        init = importlib.import_module(_EXTRA_PACKAGES[game_id]).__file__
        assert init is not None, "a game is a regular package (with __init__.py)"
        return Path(init).parent
    return Path(__file__).parent / game_id.replace("-", "_")


@lru_cache(maxsize=None)
def kit(game_id: str) -> GameKit:
    """The game's declared parts (``KIT`` in its package's ``__init__.py``)."""
    found = getattr(importlib.import_module(package_name(game_id)), "KIT", None)
    if not isinstance(found, GameKit):
        raise TypeError(f"{package_name(game_id)} declares no KIT (a game.games.kit.GameKit)")
    return found


def part(game_id: str, name: str):
    """The module the game's kit names for ``name`` ("coach", "story", ...),
    imported now, or None when the kit has no such part."""
    module = getattr(kit(game_id), name)
    return None if module is None else importlib.import_module(f"{package_name(game_id)}.{module}")


@lru_cache(maxsize=None)
def rules_module(game_id: str):
    """The game's rules module (``GAME``; optionally ``check_invariants``, and a
    bidding game's ``table_count`` and ``hand_and_wild``)."""
    return part(game_id, "rules")


def is_built(game_id: str) -> bool:
    """A game has its own table (its kit names a scene): else the generic table."""
    return kit(game_id).scene is not None


def game_class(game_id: str) -> type[Game]:
    return rules_module(game_id).GAME


def game_info(game_id: str) -> GameInfo:
    """The game's menu metadata, from its rules (the one source of names and taglines)."""
    return game_class(game_id).info


def make_game(game_id: str, num_players: int, options: Mapping | None = None) -> Game:
    return game_class(game_id)(num_players, options)


def make_agent(game_id: str, level: str, player: int, rng):
    if level in kit(game_id).styles:
        return part(game_id, "sparring").make_sparring(level, player, rng)
    return part(game_id, "ai").make_agent(level, player, rng)


def scene_module(game_id: str):
    """The game's table scene module (``TableScene``), or None: the generic table."""
    return part(game_id, "scene")


def narrator(game_id: str):
    """The game's ``narrate`` module (the game log's sentences), or None."""
    return part(game_id, "narrate")


def story_hook(game_id: str):
    """The game's results-story hook (see ``game.core.story``), or None."""
    return part(game_id, "story")


def coach_hook(game_id: str):
    """The game's post-game coach hook (see ``game.core.coach``), or None."""
    return part(game_id, "coach")


def stats_hooks(game_id: str):
    """The game's lifetime-stats hooks (its score, the faces bid), or None."""
    return part(game_id, "stats") if is_known(game_id) else None


def tutorial_script(game_id: str):
    """The game's guided first game (its tutorial's ``SCRIPT``, a
    ``game.core.tutorial.Script``), or None if it has none."""
    module = part(game_id, "tutorial")
    return getattr(module, "SCRIPT", None) if module is not None else None


def rules_markdown(game_id: str) -> str:
    """The player-facing rules text of a game (``RULES.md`` in its package)."""
    path = package_dir(game_id) / "RULES.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return f"# {game_info(game_id).title}\n\nThe rules for this game are still being written."


@dataclass(frozen=True)
class GameEntry:
    info: GameInfo
    built: bool


def catalogue() -> list[GameEntry]:
    """All five games in menu order, built or not."""
    return [GameEntry(game_info(g), is_built(g)) for g in GAME_IDS]
