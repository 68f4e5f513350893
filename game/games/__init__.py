"""The game registry: ids, menu metadata and lazy access to each slice.

Each game lives in ``game/games/<package>/`` with ``rules.py`` (pure: ``GAME``,
a ``Game`` subclass), ``ai.py`` (pure: ``make_agent(level, player, rng)``),
``scene.py`` (pygame: ``TableScene``) and ``RULES.md`` (the rules written for
players).  A game whose ``rules.py`` is missing is listed as "coming soon".
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.protocol import Game, GameInfo

GAME_IDS = ("liars-dice", "roll-call", "roll-the-bones", "roll-for-it", "diced-out")

_EXTRA_PACKAGES: dict[str, str] = {}
"""Extra games registered by tests (``register``); never used by the product."""


def register(game_id: str, package: str) -> None:
    """Register a game package outside ``game.games`` (test doubles)."""
    _EXTRA_PACKAGES[game_id] = package
    _rules_module.cache_clear()


def extra_game_ids() -> list[str]:
    """Game ids registered with ``register`` (test doubles), in order."""
    return list(_EXTRA_PACKAGES)


def is_known(game_id: str) -> bool:
    """One of the five games or a registered test double."""
    return game_id in GAME_IDS or game_id in _EXTRA_PACKAGES


def has_rules(game_id: str) -> bool:
    """The game's ``rules.py`` can be imported (it may still lack a table)."""
    return _rules_module(game_id) is not None


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
def _rules_module(game_id: str):
    try:
        return importlib.import_module(package_name(game_id) + ".rules")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(package_name(game_id)):
            return None
        raise


def rules_module(game_id: str):
    """The game's ``rules`` module (its ``GAME`` and optional ``check_invariants``), or None."""
    return _rules_module(game_id)


def is_built(game_id: str) -> bool:
    """A game can be started once its rules, AI and table scene exist."""
    if _rules_module(game_id) is None:
        return False
    # find_spec, not file checks: a frozen build has no .py files on disk.
    return all(importlib.util.find_spec(f"{package_name(game_id)}.{part}") is not None
               for part in ("ai", "scene"))


def game_class(game_id: str) -> type[Game]:
    module = _rules_module(game_id)
    if module is None:
        raise ValueError(f"{game_id} is not built yet")
    return module.GAME


def game_info(game_id: str) -> GameInfo:
    """The game's menu metadata, from its rules (the one source of names and
    taglines); a slice without rules yet gets a "coming soon" card."""
    module = _rules_module(game_id)
    if module is None:
        return GameInfo(game_id, game_id.replace("-", " ").title(), "Coming soon.", 2, 2)
    return module.GAME.info


def make_game(game_id: str, num_players: int, options: Mapping | None = None) -> Game:
    return game_class(game_id)(num_players, options)


def make_agent(game_id: str, level: str, player: int, rng):
    from ..core.agents import SPARRING
    if level in SPARRING and importlib.util.find_spec(package_name(game_id) + ".sparring"):
        module = importlib.import_module(package_name(game_id) + ".sparring")
        return module.make_sparring(level, player, rng)
    module = importlib.import_module(package_name(game_id) + ".ai")
    return module.make_agent(level, player, rng)


def slice_module(game_id: str, name: str):
    """The module ``name`` of a game's slice (game/games/<pkg>/<name>.py), or
    None when the slice has none; an import that fails inside it still raises."""
    try:
        return importlib.import_module(f"{package_name(game_id)}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(package_name(game_id)):
            return None
        raise


def narrator(game_id: str):
    """The game's ``narrate`` module (the game log's sentences), or None."""
    return slice_module(game_id, "narrate")


def story_hook(game_id: str):
    """The game's results-story hook (``story.py`` in its slice: see
    ``game.core.story``), or None when the game has none."""
    return slice_module(game_id, "story")


def coach_hook(game_id: str):
    """The game's post-game coach hook (``coach.py`` in its slice: see
    ``game.core.coach``), or None when the game has none."""
    return slice_module(game_id, "coach")


def stats_hooks(game_id: str):
    """The game's ``stats`` module (its score for the lifetime stats), or None."""
    return slice_module(game_id, "stats") if is_known(game_id) else None


def tutorial_script(game_id: str):
    """The game's guided first game (``tutorial.py``'s ``SCRIPT``, a
    ``game.core.tutorial.Script``), or None if it has none yet."""
    module = slice_module(game_id, "tutorial")
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
