"""The population prior of the bid reader, fitted offline (``_fit.json``).

Hard's ``TableReader`` turns bids into a posterior over each rival's dice
through a model of how a player bids (``spot``'s module doc).  Its free
numbers (how sharply an honest bidder's face follows its dice, how far its
quantity may run above what it holds, how honest a stranger is at first and
how fast reveals overrule that) are fitted by ``game.dev.fit_bid_reader``
(``python -m game.dev.fit_bid_reader [--check]``); this module reads the
shipped numbers and builds the reader from them.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .spot import TableReader

HERE = Path(__file__).parent
FIT_PATH = HERE / "_fit.json"
GAMES = ("liars-dice", "roll-call")
PARAMS = ("beta", "q_slope", "q_offset", "prior_w", "strength", "temper")
# (``n_power``, how fast face choices lose weight with more dice, stays at the
# reader's 1/sqrt(n): fitted too, it went to n^-1.6 and cost Hard 7 points
# against Normal in Liar's Dice - log loss over everyone is not win rate.)
START = {"beta": 4.0, "q_slope": 1.2, "q_offset": 0.5, "prior_w": 0.6, "strength": 4.0,
         "temper": 1.0}
BOUNDS = {"beta": (0.5, 20.0), "q_slope": (0.1, 10.0), "q_offset": (-1.5, 3.0),
          "prior_w": (0.02, 0.98), "strength": (0.2, 60.0), "temper": (0.2, 2.0)}


def reader_for(params: dict) -> TableReader:
    """A ``TableReader`` with fitted parameters (a ``_fit.json`` entry), so the
    shipped population prior and the fitting code build the reader the same way."""
    return TableReader(beta=params["beta"], prior_w=params["prior_w"], strength=params["strength"],
                       q_slope=params["q_slope"], q_offset=params["q_offset"], temper=params["temper"])


def read_shipped(path) -> dict:
    """A shipped AI table's JSON object, or {} if it is missing or damaged (the AI
    then falls back to its built-in numbers instead of failing)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return doc if isinstance(doc, dict) else {}


@lru_cache(maxsize=None)
def _shipped() -> dict:
    return read_shipped(FIT_PATH)


def fitted_params(game_id: str) -> dict:
    """The shipped fit for ``game_id`` (``START`` if missing or damaged)."""
    entry = _shipped().get("games", {}).get(game_id, {})
    params = entry.get("params") if isinstance(entry, dict) else None
    if not isinstance(params, dict) or set(params) != set(PARAMS):
        return dict(START)
    out = {}
    for k in PARAMS:
        v = params[k]
        lo, hi = BOUNDS[k]
        out[k] = float(v) if isinstance(v, (int, float)) and lo <= v <= hi else START[k]
    return out


def fitted_reader(game_id: str) -> TableReader:
    """A learning reader starting from the population prior of ``game_id``."""
    return reader_for(fitted_params(game_id))


