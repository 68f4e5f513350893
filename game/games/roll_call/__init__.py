"""Roll Call: liar's dice with Emblem wilds and out-of-turn calls (see RULES.md)."""
