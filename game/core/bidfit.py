"""The population prior of the bid reader, fitted offline (``_bidfit.json``).

Hard's ``TableReader`` turns bids into a posterior over each rival's dice
through a model of how a player bids (``bidspot``'s module doc).  Its free
numbers (how sharply an honest bidder's face follows its dice, how far its
quantity may run above what it holds, how honest a stranger is at first and
how fast reveals overrule that) are not guessed: this module plays seeded
games among every level and sparring style of the game, at 2 to 4 seats, and
from EVERY seat's point of view replays what that seat saw.  At each turn
facing a bid it asks the reader "is the bid true?" and "is it exact?", scores
the answer against the real hands (log loss, a proper score: minimising it is
what makes stated chances match frequencies) and keeps the parameters with
the least loss.  One seat's reader sees only that seat's views, exactly as in
play.

    python -m game.core.bidfit                 # refit both games, write _bidfit.json
    python -m game.core.bidfit --check         # refit and compare with the shipped file

The fit is deterministic (seeded games, fixed search), so ``--check``
reproduces the shipped numbers; ``tests/test_bidfit.py`` checks that on a
small population in the quick suite and in full in the slow one.
"""
from __future__ import annotations

import argparse
import json
import math
import random
from functools import lru_cache
from pathlib import Path

from .bidspot import TableReader

HERE = Path(__file__).parent
FIT_PATH = HERE / "_bidfit.json"
GAMES = ("liars-dice", "roll-call")
POPULATION = ("easy", "normal", "hard", "reader", "bluffer", "caller", "binomial")
PARAMS = ("beta", "q_slope", "q_offset", "prior_w", "strength", "temper")
# (``n_power``, how fast face choices lose weight with more dice, stays at the
# reader's 1/sqrt(n): fitted too, it went to n^-1.6 and cost Hard 7 points
# against Normal in Liar's Dice - log loss over everyone is not win rate.)
START = {"beta": 4.0, "q_slope": 1.2, "q_offset": 0.5, "prior_w": 0.6, "strength": 4.0,
         "temper": 1.0}
BOUNDS = {"beta": (0.5, 20.0), "q_slope": (0.1, 10.0), "q_offset": (-1.5, 3.0),
          "prior_w": (0.02, 0.98), "strength": (0.2, 60.0), "temper": (0.2, 2.0)}
STEPS = {"beta": 1.4, "q_slope": 1.4, "q_offset": 0.5, "prior_w": 0.1, "strength": 1.6,
         "temper": 0.2}
ADDITIVE = ("q_offset", "prior_w", "temper")


def tables(n: int, seed: int) -> list[list[str]]:
    """The population: ``n`` seeded tables of 2-4 seats drawn from every level
    and style (so no single style's habits dominate the prior)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        seats = rng.choice((2, 2, 3, 4))
        out.append([rng.choice(POPULATION) for _ in range(seats)])
    return out


def collect(game_id: str, games: int, seed: int) -> list[list[tuple]]:
    """Per (game, seat): the seat's spots in order, each ("see", spot) or
    ("ask", spot, true, exact) at its own turns facing a bid it cannot
    settle from its own dice."""
    import importlib

    from ..games import package_name
    from .dice import RngDice
    from .match import Match, Seat
    from .seeding import derive
    global _PLAYING
    hooks = importlib.import_module(package_name(game_id) + ".sparring")
    spot_of = importlib.import_module(package_name(game_id) + ".ai").spot_of
    seqs: list[list[tuple]] = []
    for g, levels in enumerate(tables(games, seed)):
        seats = [Seat(f"{lvl}-{i}", "ai", lvl) for i, lvl in enumerate(levels)]
        _PLAYING = True   # Hard in the population reads from START, not from this fit
        try:
            match = Match(game_id, seats, None, seed=derive(seed, "bidfit", g), dice=RngDice())
        finally:
            _PLAYING = False
        names = tuple(s.name for s in seats)
        viewer = type("Viewer", (), {"seat_names": names})()
        seq: list[list[tuple]] = [[] for _ in levels]

        def see(m, _player=None, _action=None):
            for p in range(len(levels)):
                seq[p].append(("see", spot_of(viewer, m.state.view(p), ())))

        match.listeners.append(see)
        while not match.state.is_terminal():
            state = match.state
            tp = state.turn_player()
            if not state.is_chance() and tp is not None:
                spot = spot_of(viewer, state.view(tp), state.legal_actions(tp))
                cur = spot.current
                if cur is not None and spot.mine(cur[1]) < cur[0]:
                    count = hooks.table_count(state, cur[1])
                    seq[tp].append(("ask", spot, count >= cur[0], count == cur[0]))
            if not match.step():
                break
        seqs.extend(seq)
    return seqs


def reader_for(params: dict) -> TableReader:
    """A ``TableReader`` with fitted parameters (a ``_bidfit.json`` entry), so the
    shipped population prior and the fitting code build the reader the same way."""
    return TableReader(beta=params["beta"], prior_w=params["prior_w"], strength=params["strength"],
                       q_slope=params["q_slope"], q_offset=params["q_offset"], temper=params["temper"])


def loss(seqs: list[list[tuple]], params: dict) -> float:
    """Mean log loss of "true?" plus "exact?" over every ask."""
    total, n = 0.0, 0
    for seq in seqs:
        r = reader_for(params)
        for item in seq:
            spot = item[1]
            r.observe(spot)
            if item[0] != "ask":
                continue
            q, f = spot.current
            pt = min(1 - 1e-6, max(1e-6, r.chance_true(spot, q, f)))
            pe = min(1 - 1e-6, max(1e-6, r.chance_exact(spot, q, f)))
            total -= math.log(pt if item[2] else 1 - pt) + math.log(pe if item[3] else 1 - pe)
            n += 1
    return total / max(1, n)


def fit(seqs: list[list[tuple]], rounds: int = 3, log=None) -> tuple[dict, float]:
    """Coordinate search from ``START``: each parameter in turn moves by its
    step while that lowers the loss; steps halve each round."""
    best = dict(START)
    best_loss = loss(seqs, best)
    for rnd in range(rounds):
        for name in PARAMS:
            lo, hi = BOUNDS[name]
            step = STEPS[name] ** (0.5 ** rnd) if name not in ADDITIVE else STEPS[name] * 0.5 ** rnd
            for direction in (1, -1):
                while True:
                    cand = dict(best)
                    v = best[name] * step ** direction if name not in ADDITIVE else best[name] + step * direction
                    cand[name] = round(min(hi, max(lo, v)), 4)
                    if cand[name] == best[name]:
                        break
                    c = loss(seqs, cand)
                    if c >= best_loss - 1e-6:
                        break
                    best, best_loss = cand, c
                    if log:
                        log(f"  {name}={cand[name]} loss {c:.5f}")
    return best, best_loss


def fit_game(game_id: str, games: int, seed: int, rounds: int = 3, log=None) -> dict:
    """Fit one game's reader parameters to seeded AI play; returns them with the
    loss before and after, so a refit shows whether it helped."""
    seqs = collect(game_id, games, seed)
    start_loss = loss(seqs, START)
    params, final = fit(seqs, rounds, log)
    asks = sum(1 for s in seqs for it in s if it[0] == "ask")
    return {"params": params, "loss": round(final, 5), "start_loss": round(start_loss, 5),
            "asks": asks, "games": games, "seed": seed}


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


_PLAYING = False


def fitted_params(game_id: str) -> dict:
    """The shipped fit for ``game_id`` (``START`` if missing or damaged, and
    while ``collect`` builds its population: the fit must not depend on
    itself, or ``--check`` could never reproduce it)."""
    if _PLAYING:
        return dict(START)
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


DEFAULT_GAMES = 400
DEFAULT_SEED = 12


def main(argv=None) -> int:
    """Command line of the offline fit that writes ``_bidfit.json`` (never run by the game)."""
    ap = argparse.ArgumentParser(prog="python -m game.core.bidfit", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--game", choices=GAMES, action="append")
    ap.add_argument("--check", action="store_true", help="refit and compare with the shipped file")
    args = ap.parse_args(argv)
    fits: dict = {}
    out = {"command": "python -m game.core.bidfit", "games": fits}
    for g in args.game or GAMES:
        print(f"{g}: fitting on {args.games} games, seed {args.seed}", flush=True)
        fits[g] = fit_game(g, args.games, args.seed, log=print)
        print(f"{g}: {fits[g]}", flush=True)
    if args.check:
        shipped = _shipped().get("games", {})
        same = all(shipped.get(g, {}).get("params") == fits[g]["params"] for g in fits)
        print("fit matches" if same else "fit DIFFERS from the shipped file")
        return 0 if same else 1
    FIT_PATH.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {FIT_PATH}")
    return 0


if __name__ == "__main__":
    # Run the imported module's main, not this ``__main__`` copy: the agents
    # import ``game.core.bidfit``, and only that module's ``_PLAYING`` flag
    # keeps Hard in the population off the shipped fit.
    from game.core import bidfit as _module
    raise SystemExit(_module.main())
