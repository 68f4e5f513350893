"""Exact heads-up endgames for Liar's Dice: equilibrium strategies looked up from tables.

When two players are left with few dice (1v1, 1v2, 2v2, 1v3 ...), the whole
rest of the game is small enough to solve offline: ``endgame_gen.py`` runs
discounted CFR over every bid history of every such round, chaining the
rounds by the position each challenge leads to (Jinto can move a die, so
positions of one dice total are solved jointly), and ships the result as
``_endgame_<variant>.json.gz``.  This module only reads that file: pure Python, no
numpy, no pygame; a lookup is a few dict accesses.

``endgame_policy(view, legal)`` returns the equilibrium distribution over the
legal actions, or None when the position is not covered: more than two
players in, more dice than the tables hold, an option combination that was
not solved, or a bid history the table never reaches (the table only keeps
the histories a player following it can get to).
"""
from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path
from typing import Optional, Sequence

from ..bidding.bids import Bid, Call
from ...core.protocol import Action
from .rules import Jinto, LiarsView

HERE = Path(__file__).parent
FORMAT = 2


def table_path(name: str) -> Path:
    return HERE / f"_endgame_{name}.json.gz"


@lru_cache(maxsize=None)
def variant_table(name: str) -> Optional[dict]:
    """One rule variant's tables (gzipped JSON, loaded on first use), or None if
    not shipped or unreadable.  Layout: positions -> "AvB[p]" -> {value, br,
    exploitability, nashconv, policy: {history: {hand: "code+units ..."}}};
    a history is the round's bids as "qf" pairs, a hand its sorted faces,
    codes are "qf", "C" (Call) or "J" (Jinto), units are thousandths."""
    try:
        doc = json.loads(gzip.decompress(table_path(name).read_bytes()).decode("utf-8"))
    except (OSError, ValueError, EOFError):
        return None
    return doc if isinstance(doc, dict) and doc.get("format") == FORMAT else None


def max_total() -> int:
    """Most dice on the table that the shipped tables cover (0 if none)."""
    doc = variant_table("cap0-skip0")
    return doc["max_total"] if doc else 0


def parse_actions(text: str) -> list[tuple[str, int]]:
    """"C523 24477" -> [("C", 523), ("24", 477)]."""
    out = []
    for token in text.split():
        code, units = (token[0], token[1:]) if token[0] in "CJ" else (token[:2], token[2:])
        out.append((code, int(units)))
    return out


def format_actions(acts) -> str:
    return " ".join(f"{code}{units}" for code, units in acts)


def load_all() -> dict:
    """Every shipped variant with flat policies {"hand/history": [(code, units)]}
    (for tests and reports; the game itself uses ``endgame_policy``)."""
    variants: dict[str, dict] = {}
    out = {"max_total": max_total(), "variants": variants}
    for path in sorted(HERE.glob("_endgame_*.json.gz")):
        name = path.name[len("_endgame_"):-len(".json.gz")]
        doc = variant_table(name)
        if doc is None:
            continue
        out.update({k: doc[k] for k in ("iterations", "floor", "unit", "command")})
        entry = {}
        for pkey, pos in doc["positions"].items():
            flat = {f"{hand}/{hist}": parse_actions(text)
                    for hist, by_hand in pos["policy"].items() for hand, text in by_hand.items()}
            entry[pkey] = dict(pos, policy=flat)
        variants[name] = entry
    return out


def variant_name(view: LiarsView) -> str:
    """Which solved rule variant the view's options play.  The Jinto cap only
    changes a covered endgame when the cap is 2 or more and a capped player
    can face a bidder with two dice, i.e. cap <= max_total - 2; otherwise the
    uncapped tables are exact."""
    cap = view.starting_dice if view.jinto_cap else 0
    if cap and not (2 <= cap <= max_total() - 2):
        cap = 0
    skip = int(bool(getattr(view, "skip_palifico_two", False)))
    return f"cap{cap}-skip{skip}"


def position_key(view: LiarsView) -> Optional[tuple[str, int]]:
    """("AvB[p]", my seat in the round: 0 = opener, 1 = responder) or None if not heads-up."""
    players = view.players_in
    if len(players) != 2 or view.me not in players or view.opener not in players:
        return None
    other = players[0] if players[1] == view.opener else players[1]
    a, b = view.dice[view.opener], view.dice[other]
    return f"{a}v{b}" + ("p" if view.palifico else ""), (0 if view.me == view.opener else 1)


def info_key(view: LiarsView, role: int) -> Optional[tuple[str, str]]:
    """(hand, history) as the generator writes them; None if the bids do not
    alternate from the opener (then the round is not the one that was solved)."""
    for i, (player, _q, _f) in enumerate(view.bids):
        if (player == view.opener) != (i % 2 == 0):
            return None
    if len(view.bids) % 2 != role:
        return None
    hand = "".join(str(f) for f in sorted(view.my_faces))
    return hand, "".join(f"{q}{f}" for _p, q, f in view.bids)


def _action(code: str) -> Optional[Action]:
    if code == "C":
        return Call()
    if code == "J":
        return Jinto()
    if len(code) == 2 and code.isdigit():
        return Bid(int(code[0]), int(code[1]))
    return None


def _position_table(view: LiarsView) -> Optional[tuple[dict, int]]:
    """The solved table of this heads-up position and my role in it (0 opens), or None."""
    where = position_key(view)
    if where is None:
        return None
    pos, role = where
    table = (variant_table(variant_name(view)) or {}).get("positions", {}).get(pos)
    return None if table is None else (table, role)


def endgame_policy(view: LiarsView, legal: Sequence[Action]) -> Optional[dict[Action, float]]:
    """Equilibrium probabilities for every legal action (they sum to 1), or None if not covered."""
    found = _position_table(view)
    if found is None:
        return None
    table, role = found
    key = info_key(view, role)
    if key is None:
        return None
    hand, hist = key
    text = table["policy"].get(hist, {}).get(hand)
    if not text:
        return None
    legal_set = set(legal)
    out = {a: 0.0 for a in legal}
    total = 0
    for code, units in parse_actions(text):
        action = _action(code)
        if action is None or action not in legal_set:
            return None   # the table and the game disagree: let the caller decide
        out[action] += units
        total += units
    if total <= 0:
        return None
    return {a: u / total for a, u in out.items()}


def position_value(view: LiarsView) -> Optional[float]:
    """My chance of winning the game at the start of this round under
    equilibrium play (None if not covered)."""
    found = _position_table(view)
    if found is None:
        return None
    table, role = found
    return table["value"] if role == 0 else 1.0 - table["value"]


def value_if_challenge_lost(view: LiarsView) -> Optional[float]:
    """My chance of winning if a challenge I make now is wrong (I lose a die),
    under equilibrium play from the next round on: what a departure from the
    table risks at most (``value_after_round``).  None if not covered."""
    return value_after_round(view, -1, 0)


def value_after_round(view: LiarsView, mine_change: int, rival_change: int) -> Optional[float]:
    """My chance of winning once this round's challenge has changed my dice by
    ``mine_change`` and my rival's by ``rival_change`` (the loser's -1, a right
    Jinto's +1), under equilibrium play from the next round on.  None if this
    round or the next is not covered.  Mirrors ``LiarsState._settle``: the winner
    opens, unless the loser falls from two dice to one, when its Palifico round
    follows (not with "No Palifico with two left")."""
    if _position_table(view) is None:
        return None
    rival = next(p for p in view.players_in if p != view.me)
    mine, theirs = view.dice[view.me] + mine_change, view.dice[rival] + rival_change
    if mine <= 0 or theirs <= 0:
        return 0.0 if mine <= 0 else 1.0
    i_lost = mine_change < 0
    palifico = (view.dice[view.me] if i_lost else view.dice[rival]) == 2 \
        and not getattr(view, "skip_palifico_two", False)
    i_open = i_lost == palifico
    pos = (f"{mine}v{theirs}" if i_open else f"{theirs}v{mine}") + ("p" if palifico else "")
    table = (variant_table(variant_name(view)) or {}).get("positions", {}).get(pos)
    if table is None:
        return None
    return table["value"] if i_open else 1.0 - table["value"]


def round_swing(view: LiarsView) -> float:
    """The most this round can move my chance of winning: its best end for me
    (my right Jinto: a die from my rival, one to me) less its worst (my rival's),
    a next position not covered counting as a won (lost) game.  Whatever I play
    in this round, against whatever rival, its value to me lies within it."""
    rival = next(p for p in view.players_in if p != view.me)

    def gain(player: int) -> int:
        return 0 if view.jinto_cap and view.dice[player] >= view.starting_dice else 1
    best = value_after_round(view, gain(view.me), -1)
    worst = value_after_round(view, -1, gain(rival))
    return (1.0 if best is None else best) - (0.0 if worst is None else worst)


def _hands(n: int) -> list[tuple[tuple[int, ...], float]]:
    """Every sorted hand of ``n`` dice with its chance."""
    from itertools import combinations_with_replacement
    from math import factorial
    out = []
    for h in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for f in set(h):
            ways //= factorial(h.count(f))
        out.append((h, ways / 6 ** n))
    return out


def equilibrium_chances(view: LiarsView) -> Optional[tuple[float, float]]:
    """(chance the standing bid is true, chance it is exact) given my hand and
    the rival following the solved table: the rival's hand posterior weights
    each hand by its chance and by the table's probability of every bid the
    rival made this round.  Exact against a rival that plays the table (the
    chance an equilibrium decision implies); None when not covered or when no
    hand of the rival's explains its bids under the table."""
    found = _position_table(view)
    if found is None or not view.bids:
        return None
    table, role = found
    if info_key(view, role) is None:
        return None
    me = view.me
    rival = next(p for p in view.players_in if p != me)
    _p, q, f = view.bids[-1]
    wild = view.wild

    def count(faces) -> int:
        return sum(1 for x in faces if x == f or (wild is not None and x == wild and f != wild))
    need = q - count(view.my_faces)
    policy = table["policy"]
    hist = ["".join(f"{bq}{bf}" for _b, bq, bf in view.bids[:i]) for i in range(len(view.bids))]
    z = pt = pe = 0.0
    for hand, w in _hands(view.dice[rival]):
        key = "".join(str(x) for x in hand)
        for i in range(1 - role, len(view.bids), 2):
            _b, bq, bf = view.bids[i]
            text = policy.get(hist[i], {}).get(key)
            units = dict(parse_actions(text)).get(f"{bq}{bf}", 0) if text else 0
            w *= units
            if not w:
                break
        if not w:
            continue
        k = count(hand)
        z += w
        pt += w if k >= need else 0.0
        pe += w if k == need else 0.0
    return (pt / z, pe / z) if z > 0 else None
