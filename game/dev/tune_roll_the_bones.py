"""Tuning aid for the Roll the Bones AI (not used by the game).

``python -m game.dev.tune_roll_the_bones exact hard normal`` computes the
*exact* heads-up win rate of one level against another (seats swapped), by
walking the real rules with the real agents: faces only matter by which is
higher, so each roll has three outcomes (win, lose, tie) with exact
probabilities, and the round-start values are found by iterating to a fixed
point.  Only deterministic agents (Normal, Hard) give exact figures; Easy's
random choices are sampled with its own rng, so treat those as noisy.

``python -m game.dev.tune_roll_the_bones tables`` prints the heads-up
round-value tables that ``ai.py`` ships in ``_tables.py``.
"""
from __future__ import annotations

import random
import sys

from game.core.match import Match, Seat
from game.core.protocol import CHANCE, RollRequest, RollResult

from ..games.roll_the_bones.ai import PROBS, make_agent, solve_heads_up
from ..games.roll_the_bones.rules import BonesState

FACES = ((2, 1), (1, 2), (1, 1))   # first roller higher, lower, tie


def _key(state):
    return (tuple(state.counts(p) for p in range(state.n)), state.starter, state.phase,
            state.declare_pass, state.cursor, tuple(sorted(state.declared.items())),
            tuple(len(p) for p in state.pots))


def exact_heads_up(level_a: str, level_b: str, seed: int = 0, tol: float = 1e-10) -> float:
    """P(level_a wins) heads-up, the average of both seatings."""
    total = 0.0
    for a_seat in (0, 1):
        levels = [level_a, level_b] if a_seat == 0 else [level_b, level_a]
        match = Match("roll-the-bones", [Seat("A", "ai", levels[0]), Seat("B", "ai", levels[1])], seed=seed)
        agents = [make_agent(levels[p], p, random.Random(seed + p)) for p in (0, 1)]
        memo: dict = {}
        rounds: dict = {}

        def walk(state: BonesState) -> dict:
            """Outcome distribution {round-start key or 'w0'/'w1': prob} from a stage start."""
            key = _key(state)
            if key in memo:
                return memo[key]
            s = state
            while not s.is_chance():
                p = s.turn_player()
                assert p is not None, "a stage waits on a player or on the dice"
                s = s.apply(p, agents[p].act(s.view(p), s.legal_actions(p)))
            request = s.chance_request()
            assert isinstance(request, RollRequest), "Roll the Bones only throws dice"
            kinds = tuple(g.kind == "bone" for g in request.groups)
            probs = PROBS[kinds]
            dist: dict = {}
            loop = 0.0
            for faces, pr in zip(FACES, probs):
                nxt = s.apply(CHANCE, RollResult(tuple((f,) for f in faces)))
                if nxt.is_terminal():
                    k = "w%d" % nxt.winners()[0]
                    dist[k] = dist.get(k, 0.0) + pr
                elif nxt.stage == 0:
                    k = _key(nxt)
                    rounds.setdefault(k, nxt)
                    dist[k] = dist.get(k, 0.0) + pr
                elif _key(nxt) == key:
                    loop += pr
                else:
                    for k, q in walk(nxt).items():
                        dist[k] = dist.get(k, 0.0) + pr * q
            if loop:
                dist = {k: v / (1.0 - loop) for k, v in dist.items()}
            memo[key] = dist
            return dist

        start = _key(match.state)
        rounds[start] = match.state
        trans: dict = {}
        todo = [start]
        while todo:
            k = todo.pop()
            if k in trans:
                continue
            trans[k] = walk(rounds[k])
            todo.extend(n for n in trans[k] if n not in ("w0", "w1") and n not in trans)
        value = {k: 0.5 for k in trans}
        value["w0"], value["w1"] = 1.0, 0.0
        for _ in range(100000):
            delta = 0.0
            for k, dist in trans.items():
                v = sum(q * value[n] for n, q in dist.items())
                delta = max(delta, abs(v - value[k]))
                value[k] = v
            if delta < tol:
                break
        p0 = value[start]
        total += p0 if a_seat == 0 else 1.0 - p0
    return total / 2


def main(argv):
    if argv[:1] == ["exact"]:
        a, b = argv[1], argv[2]
        print(f"{a} vs {b}: {100 * exact_heads_up(a, b):.2f}%")
    elif argv[:1] == ["tables"]:
        for t6, tb, ante in ((20, 2, 2), (30, 3, 3)):
            table = solve_heads_up(t6, tb, ante)
            print(f"    ({t6}, {tb}, {ante}): {{")
            for k in sorted(table):
                print(f"        {k!r}: {table[k]!r},")
            print("    },")
    else:
        print(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])

