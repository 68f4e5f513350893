"""Player-facing text (QA 13): the rules screens, option descriptions and the
setup footer read as text for players, and name seats the way setup does."""
import re

import pytest

from game import games
from game.games.liars_dice import ai as liars_ai
from game.games.roll_call import ai as roll_call_ai

AUTHORING = re.compile(r"the text\b|text's|rule text|the text says|\bissue\b|\bTODO\b|HOUSE-RULES|\.txt\b",
                       re.IGNORECASE)
"""Notes to developers that leaked into player text ("the text's example")."""


def _player_text(game_id: str) -> list[tuple[str, str]]:
    """(where, text) for everything a player reads about a game's rules: its
    RULES.md, its tagline and every option's label and description (the setup
    footer shows a focused option's description)."""
    from game.scenes.rules import house_rules_markdown
    info = games.game_info(game_id)
    out = [("RULES.md", games.rules_markdown(game_id)), ("house rules", house_rules_markdown(game_id, None)),
           ("tagline", info.tagline)]
    out += [(f"option {spec.key}", f"{spec.label}: {spec.help}") for spec in info.options]
    return out


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_no_authoring_notes_in_rules_options_or_setup(game_id):
    """QA 13: "(the text's example, 20 dice for 4 players)" in Roll Call's setup
    footer and rules.  Rules screens and option descriptions speak to players:
    no notes about "the text", issues or to-dos."""
    for where, text in _player_text(game_id):
        found = AUTHORING.findall(text)
        assert not found, (where, found, text)


@pytest.mark.parametrize("game_id", ["liars-dice", "roll-call"])
def test_rules_name_ai_seats_the_way_setup_does(game_id):
    """QA 13: Roll Call's rules named the AIs "Pip (Easy) / Morgan (Normal) /
    Vesper (Hard)", but setup seats them under tavern names (Mags, Old Tom,
    Bertha...) with a level beside each.  The rules describe the levels, name
    seats as setup does, and no persona name the table never shows."""
    from game.scenes.setup import TAVERN_NAMES
    text = games.rules_markdown(game_id)
    personas = {p.name for p in roll_call_ai.PERSONAS.values()}
    personas |= {name for level in liars_ai.PERSONAS.values() for name, _style in level}
    shown = set(TAVERN_NAMES)
    for name in sorted(personas - shown):
        assert not re.search(rf"\b{re.escape(name)}\b", text), name
    assert "## The AI opponents" in text and TAVERN_NAMES[0] in text
    for level in ("Easy", "Normal", "Hard"):
        assert f"**{level}**" in text
