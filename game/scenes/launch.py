"""Starting a table: find the game's TableScene, or the generic fallback."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import games

if TYPE_CHECKING:
    from ..ui.table_scene import TableScene


def table_scene_class(game_id: str) -> type[TableScene]:
    """``game.games.<pkg>.scene.TableScene``; the generic table if missing."""
    module = games.scene_module(game_id)
    if module is None:
        from ..ui.generic_table import GenericTableScene
        return GenericTableScene
    return module.TableScene


def make_table(app, match, replay=None) -> TableScene:
    return table_scene_class(match.game_id)(app, match, replay=replay)


def menu_game_ids() -> list[str]:
    """The five games, plus test doubles registered with ``games.register``."""
    return list(games.GAME_IDS) + [g for g in games.extra_game_ids() if g not in games.GAME_IDS]


def is_playable(game_id: str) -> bool:
    if game_id in games.extra_game_ids():
        return games.has_rules(game_id)
    return games.is_built(game_id)
