"""The population prior of the bid reader, fitted offline (writes ``game/games/bidding/_fit.json``).

Hard's ``TableReader`` turns bids into a posterior over each rival's dice
through a model of how a player bids (``game.games.bidding.spot``'s module doc).  Its free
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

    python -m game.dev.fit_bid_reader            # refit both games, write _fit.json
    python -m game.dev.fit_bid_reader --check    # refit and compare with the shipped file

The fit is deterministic (seeded games, fixed search), so ``--check``
reproduces the shipped numbers; ``tests/test_bidfit.py`` checks that on a
small population in the quick suite and in full in the slow one.
"""
from __future__ import annotations

import argparse
import json
import math
import random
from typing import Any, Callable

from ..core.dice import RngDice
from ..core.match import Match, Seat
from ..core.seeding import derive
from ..games.bidding.brain import BrainAgent
from ..games.bidding.fit import BOUNDS, FIT_PATH, GAMES, PARAMS, START, _shipped
from ..games.bidding.spot import TableReader
from ..games.liars_dice import ai as liars_ai, rules as liars_rules
from ..games.roll_call import ai as roll_call_ai, rules as roll_call_rules

SEAT_HOOKS: dict[str, tuple[Callable[..., Any], Callable[[Any, int], int]]] = {"liars-dice": (liars_ai.spot_of, liars_rules.table_count),
              "roll-call": (roll_call_ai.spot_of, roll_call_rules.table_count)}
"""Per game: its view as a ``BidSpot`` and the dice that count for a bid on a face."""
HARD_READERS: dict[str, Callable[[dict], TableReader]] = {"liars-dice": liars_ai.hard_reader,
                                                          "roll-call": roll_call_ai.hard_reader}
"""Per game: Hard's reader from given parameters (its ``hard_reader``), so the fit
scores the reading Hard plays with (e.g. Liar's Dice's ``CROWD_QUANTITY``)."""

POPULATION = ("easy", "normal", "hard", "reader", "bluffer", "caller", "binomial")
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


def unfitted(game_id: str, agent: BrainAgent) -> None:
    """Hard in the population reads from ``START``, uncalibrated, never from the
    shipped fit: the fit must not depend on itself, or ``--check`` could never
    reproduce it."""
    agent.brain.reader = HARD_READERS[game_id](START)
    agent.brain.calib = None


def collect(game_id: str, games: int, seed: int) -> list[list[tuple]]:
    """Per (game, seat): the seat's spots in order, each ("see", spot) or
    ("ask", spot, true, exact) at its own turns facing a bid it cannot
    settle from its own dice."""
    spot_of, table_count = SEAT_HOOKS[game_id]
    seqs: list[list[tuple]] = []
    for g, levels in enumerate(tables(games, seed)):
        seats = [Seat(f"{lvl}-{i}", "ai", lvl) for i, lvl in enumerate(levels)]
        match = Match(game_id, seats, None, seed=derive(seed, "bidfit", g), dice=RngDice())
        for agent in match.agents.values():
            if isinstance(agent, BrainAgent) and agent.level == "hard":
                unfitted(game_id, agent)
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
                    count = table_count(state, cur[1])
                    seq[tp].append(("ask", spot, count >= cur[0], count == cur[0]))
            if not match.step():
                break
        seqs.extend(seq)
    return seqs


def loss(game_id: str, seqs: list[list[tuple]], params: dict) -> float:
    """Mean log loss of "true?" plus "exact?" over every ask, read by Hard's reader
    of ``game_id`` with ``params``."""
    total, n = 0.0, 0
    for seq in seqs:
        r = HARD_READERS[game_id](params)
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


def fit(game_id: str, seqs: list[list[tuple]], rounds: int = 3, log=None) -> tuple[dict, float]:
    """Coordinate search from ``START``: each parameter in turn moves by its
    step while that lowers the loss; steps halve each round."""
    best = dict(START)
    best_loss = loss(game_id, seqs, best)
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
                    c = loss(game_id, seqs, cand)
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
    start_loss = loss(game_id, seqs, START)
    params, final = fit(game_id, seqs, rounds, log)
    asks = sum(1 for s in seqs for it in s if it[0] == "ask")
    return {"params": params, "loss": round(final, 5), "start_loss": round(start_loss, 5),
            "asks": asks, "games": games, "seed": seed}


DEFAULT_GAMES = 400
DEFAULT_SEED = 12


def main(argv=None) -> int:
    """Command line of the offline fit that writes ``_fit.json`` (never run by the game)."""
    ap = argparse.ArgumentParser(prog="python -m game.dev.fit_bid_reader", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=DEFAULT_GAMES)
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--game", choices=GAMES, action="append")
    ap.add_argument("--check", action="store_true", help="refit and compare with the shipped file")
    args = ap.parse_args(argv)
    fits: dict = {}
    out = {"command": "python -m game.dev.fit_bid_reader", "games": fits}
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
    raise SystemExit(main())
