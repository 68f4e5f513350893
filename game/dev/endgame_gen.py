"""Offline generator of Liar's Dice heads-up endgame tables (needs numpy; not used at runtime).

    python -m game.dev.endgame_gen            # solve, write _endgame_<variant>.json.gz
    python -m game.dev.endgame_gen --check    # solve again, compare with the shipped files
    python -m game.dev.endgame_gen --max-total 3 --out /tmp/dir

What is solved.  A heads-up *position* is (opener's dice, responder's dice,
Palifico round?).  Its value is the opener's chance to win the whole game.
One round is a finite two-player zero-sum game with hidden dice: the opener
bids first, bids alternate until Call or Jinto, and the round's payoff is the
value of the position the challenge leads to (or 1/0 when it ends the game).
Total dice never rise (Call loses one, Jinto moves one), so positions are
solved by total: 2 dice, then 3, then 4.  Within one total, Jinto can move a
die back and forth (2v2 -> 3v1 -> 2v2), so the positions of one total are
solved *jointly*: discounted CFR (Brown & Sandholm 2019, alpha=1.5, beta=0,
gamma=2) runs on every round of that total at once, and every few iterations
the position values are re-evaluated from the current average strategies
and fed back as the rounds' terminal payoffs, until they settle.

CFR here is "vector" CFR over the public bid tree: every node of the tree is
a bid history; each player's reach and counterfactual values are vectors over
their possible hands (sorted dice, weighted by multinomial chance), so one
iteration is a handful of numpy operations per tree depth.  The tree has
full recall (the whole bid history), every legal action of our rules
(``rules.minimum_raises``, bids never above the dice on the table).

Exploitability is measured by an *exact* best response: against the shipped
(rounded) strategy, a full-recall best responder's winning chance is found
per position by value iteration over positions (each step one exact
best-response pass over the round tree with the current values as payoffs).
The unit is one game: payoffs are winning chances in [0, 1], so "0.01" means
one percentage point of the chance of winning the game.

Rule variants that change the solution are solved separately: the Jinto cap
(it only matters when the cap is 2 within 4 dice) and "No Palifico with two
left".

Reproducible on any machine: matrix products go through ``dot`` (elementwise
float operations in a fixed order), sums over rows are elementwise reductions
along axis 0, and sums down to one number use ``fsum``.  Never BLAS nor numpy's
whole-array sums, whose order follows the CPU or the numpy version; so
``--check`` gives the shipped files bit for bit whatever the CPU, BLAS kernel,
thread count, numpy version or PYTHONHASHSEED (checked: numpy 1.24.4 and
2.4.6, OpenBLAS Haswell and SkylakeX kernels).
"""
from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
import time
from itertools import combinations_with_replacement
from math import factorial, fsum
from pathlib import Path
from typing import TypedDict

import numpy as np

from ..games.liars_dice import endgame
from ..games.liars_dice.rules import WILD, minimum_raises

DEFAULTS = {"max_total": 4, "iters": 400, "floor": 0.01}
ALPHA, BETA, GAMMA = 1.5, 0.0, 2.0
TRACE_ITERS = 26
"""Iterations of the largest total that ``trace`` runs: its first re-pricing included."""
CALL, JINTO = "C", "J"

BidQF = tuple[int, int]
"""A bid as (quantity, face)."""
History = tuple[BidQF, ...]
"""The bids of a round so far, in order."""


class Depth(TypedDict):
    """One level of the bid tree as flat arrays over its actions: the data every
    CFR, evaluation and best-response loop walks (see ``Tree``)."""
    n: int                  # histories at this level
    lnode: np.ndarray       # action -> index of its history
    child: np.ndarray       # action -> index of the next-level history it leads to (-1: Call or Jinto)
    kind: list[str]         # action -> "B" (bid), CALL or JINTO
    bid: list[BidQF]        # action -> the bid it makes, or the bid it challenges
    starts: np.ndarray      # history -> index of its first action
    count: np.ndarray       # history -> number of its actions
    bids: np.ndarray        # indices of the bid actions
    cbids: np.ndarray       # the next-level history of each of those
    pact: np.ndarray        # next-level history -> the action that led to it
    pnode: np.ndarray       # next-level history -> its parent history
    groups: list[tuple[BidQF, int, int, np.ndarray, np.ndarray]]
    """Histories ending in the same bid: (bid, first, end, Call actions, Jinto actions)."""


# --------------------------------------------------------------------------
# Hands and positions
# --------------------------------------------------------------------------

def hands(n: int) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """All sorted hands of n dice and their chances."""
    out, weights = [], []
    for h in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for f in set(h):
            ways //= factorial(h.count(f))
        out.append(h)
        weights.append(ways / 6 ** n)
    return out, np.array(weights)


def hand_key(h) -> str:
    return "".join(str(f) for f in sorted(h))


def positions(max_total: int, cap: int | None, skip: bool) -> list[tuple[int, int, bool]]:
    """Every heads-up round start with at most ``max_total`` dice, by total.
    Palifico rounds are opened by the player who fell to one die."""
    out = []
    for total in range(2, max_total + 1):
        for a in range(1, total):
            b = total - a
            if cap is not None and (a > cap or b > cap):
                continue
            out.append((a, b, False))
        if not skip and (cap is None or total - 1 <= cap):
            out.append((1, total - 1, True))
    return out


def settle(pos, challenger: int, kind: str, hit: bool, cap: int | None, skip: bool):
    """What a challenge leads to: ("over", winner) or ("pos", next position, next opener),
    players numbered 0 = this round's opener, 1 = responder.  ``hit``: the bid was
    true (Call) or exact (Jinto).  Mirrors ``LiarsState._settle``."""
    a, b, _pal = pos
    dice = [a, b]
    bidder = 1 - challenger
    gainer = None
    if kind == CALL:
        loser = challenger if hit else bidder
    elif hit:
        loser = bidder
        if cap is None or dice[challenger] < cap:
            gainer = challenger
    else:
        loser = challenger
    before = dice[loser]
    dice[loser] -= 1
    if gainer is not None:
        dice[gainer] += 1
    if dice[loser] == 0:
        return ("over", 1 - loser)
    pal_next = before == 2 and not skip
    opener = loser if pal_next else 1 - loser
    return ("pos", (dice[opener], dice[1 - opener], pal_next), opener)


# --------------------------------------------------------------------------
# The public bid tree of one round
# --------------------------------------------------------------------------

class Tree:
    """All bid histories of a round with ``total`` dice on the table, level by
    level (level d = d bids made; its actor is player d % 2, 0 = opener).
    Within a level, histories are sorted by their last bid, so the Call and
    Jinto payoffs (which depend only on the last bid) come in contiguous
    groups.  Actions of a history: its legal bids, then Call and Jinto (not
    before the first bid)."""

    def __init__(self, total: int, pal: bool):
        self.total, self.pal = total, pal
        levels: list[list[History]] = [[()]]
        while True:
            nxt = [h + (bid,) for h in levels[-1] for bid in self.raises(h)]
            if not nxt:
                break
            nxt.sort(key=lambda h: (h[-1], h))
            levels.append(nxt)
        self.levels = levels
        self.depths: list[Depth] = []
        for d, hs in enumerate(levels):
            index = {h: i for i, h in enumerate(levels[d + 1])} if d + 1 < len(levels) else {}
            lnode, child, kind, bids = [], [], [], []
            for li, h in enumerate(hs):
                for bid in self.raises(h):
                    lnode.append(li)
                    child.append(index[h + (bid,)])
                    kind.append("B")
                    bids.append(bid)
                if h:
                    for k in (CALL, JINTO):
                        lnode.append(li)
                        child.append(-1)
                        kind.append(k)
                        bids.append(h[-1])
            lnode_a = np.array(lnode, dtype=np.int64)
            child_a = np.array(child, dtype=np.int64)
            bid_actions = np.flatnonzero(child_a >= 0)
            cbids = child_a[bid_actions]
            pact = np.zeros(len(index), dtype=np.int64)
            pact[cbids] = bid_actions
            groups: list[tuple[BidQF, int, int, np.ndarray, np.ndarray]] = []
            if d:
                kc = {li: k for k, (li, kd) in enumerate(zip(lnode, kind)) if kd == CALL}
                kj = {li: k for k, (li, kd) in enumerate(zip(lnode, kind)) if kd == JINTO}
                lo = 0
                for hi in range(1, len(hs) + 1):
                    if hi == len(hs) or hs[hi][-1] != hs[lo][-1]:
                        groups.append((hs[lo][-1], lo, hi, np.array([kc[i] for i in range(lo, hi)]),
                                       np.array([kj[i] for i in range(lo, hi)])))
                        lo = hi
            self.depths.append(Depth(
                n=len(hs), lnode=lnode_a, child=child_a, kind=kind, bid=bids,
                starts=np.flatnonzero(np.r_[True, lnode_a[1:] != lnode_a[:-1]]),
                count=np.bincount(lnode_a, minlength=len(hs)),
                bids=bid_actions, cbids=cbids, pact=pact, pnode=lnode_a[pact], groups=groups))
        self.size = sum(len(h) for h in levels)

    def raises(self, h: History) -> list[BidQF]:
        prev = h[-1] if h else None
        pface = h[0][1] if (self.pal and h) else None
        return [(q, face) for face, lo in sorted(minimum_raises(prev, palifico=self.pal, palifico_face=pface).items())
                for q in range(lo, self.total + 1)]


class Round:
    """One position's round: the tree, both players' hands, and the
    true/exact indicator matrices of every terminal (kind, bid)."""

    def __init__(self, tree: Tree, pos, cap, skip):
        self.tree, self.pos, self.cap, self.skip = tree, pos, cap, skip
        a, b, pal = pos
        self.hands = [hands(a)[0], hands(b)[0]]
        self.w = [hands(a)[1], hands(b)[1]]
        wild = None if pal else WILD
        cnt = [np.array([[sum(1 for x in h if x == f or (wild is not None and x == wild)) for f in range(1, 7)]
                         for h in hs]) for hs in self.hands]
        self.hit = {}
        for d in tree.depths:
            for bid, *_ in d["groups"]:
                q, f = bid
                c = cnt[0][:, f - 1][:, None] + cnt[1][:, f - 1][None, :]
                self.hit[(CALL, bid)] = c >= q
                self.hit[(JINTO, bid)] = c == q

    def payoffs(self, value_of) -> dict:
        """U[(kind, bid, challenger)] = matrix of P(player 0 wins) over (hand0, hand1).
        ``value_of(settled)`` gives P(player 0 wins) for a ``settle`` result."""
        out = {}
        for (kind, bid), hit in self.hit.items():
            for c in (0, 1):
                yes = value_of(settle(self.pos, c, kind, True, self.cap, self.skip))
                no = value_of(settle(self.pos, c, kind, False, self.cap, self.skip))
                out[(kind, bid, c)] = np.where(hit, yes, no)
        return out


# --------------------------------------------------------------------------
# Vector CFR, evaluation and exact best response on one round
# --------------------------------------------------------------------------

def seg_sum(x, d):
    return np.add.reduceat(x, d["starts"], axis=0)


def dot(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``x @ y`` for 2-D arrays, term by term in a fixed order with elementwise
    float operations only, so every machine rounds it the same.  Not BLAS: its
    kernel is picked by CPU and library version, each sums in its own order,
    and 400 CFR iterations carry the last-bit differences into the shipped
    thousandths (tables made on one machine did not regenerate on another)."""
    out = x[:, 0, None] * y[0]
    for k in range(1, x.shape[1]):
        out += x[:, k, None] * y[k]
    return out


def regret_match(R, d):
    pos = np.maximum(R, 0.0)
    tot = seg_sum(pos, d)[d["lnode"]]
    uni = (1.0 / d["count"][d["lnode"]])[:, None]
    return np.where(tot > 0, pos / np.where(tot > 0, tot, 1.0), uni)


def normalise(S, d):
    tot = seg_sum(S, d)[d["lnode"]]
    uni = (1.0 / d["count"][d["lnode"]])[:, None]
    return np.where(tot > 0, S / np.where(tot > 0, tot, 1.0), uni)


def reach_of(rnd, sig, weights=None):
    """reach[d][p]: player p's reach (times chance of the hand) of every level-d history."""
    w = weights or rnd.w
    reach = [[w[0][None, :], w[1][None, :]]]
    for i, d in enumerate(rnd.tree.depths[:-1]):
        p = i % 2
        cur = reach[-1]
        nxt = [None, None]
        nxt[p] = cur[p][d["pnode"]] * sig[i][d["pact"]]
        nxt[1 - p] = cur[1 - p][d["pnode"]]
        reach.append(nxt)
    return reach


def actor_matrices(U, p):
    """Per (kind, bid): the actor's zero-sum utility, rows = actor's hands."""
    out = {}
    for (kind, bid, c), M in U.items():
        if c == p:
            out[(kind, bid)] = (M - 0.5) if p == 0 else (0.5 - M).T
    return out


class Solver:
    """Discounted CFR on one round with fixed terminal payoffs (``set_payoffs``)."""

    def __init__(self, rnd: Round):
        self.r = rnd
        self.t = 0
        nh = [len(rnd.hands[0]), len(rnd.hands[1])]
        self.R = [np.zeros((len(d["lnode"]), nh[i % 2])) for i, d in enumerate(rnd.tree.depths)]
        self.S = [np.zeros_like(x) for x in self.R]
        self.U = None
        self.plus, self.delay = False, 0

    def set_payoffs(self, U):
        self.U = U
        self.A = [actor_matrices(U, 0), actor_matrices(U, 1)]

    def iterate(self, only=None):
        """One iteration; ``only`` = 0/1 updates that player alone (alternating updates)."""
        self.t += 1
        t = self.t
        if only is not None:
            t = (t + 1) // 2
        depths = self.r.tree.depths
        sig = [regret_match(R, d) for R, d in zip(self.R, depths)]
        reach = reach_of(self.r, sig)
        pos_d, neg_d = t ** ALPHA / (t ** ALPHA + 1), t ** BETA / (t ** BETA + 1) if not self.plus else (1, 1)
        avg_d = (t / (t + 1)) ** GAMMA
        valn: list[np.ndarray] | None = None   # [player 0's, player 1's] values one depth down
        for i in range(len(depths) - 1, -1, -1):
            d = depths[i]
            p, o = i % 2, 1 - i % 2
            A = self.A[p]
            rp, ro = reach[i][p], reach[i][o]
            act = np.zeros((len(d["lnode"]), rp.shape[1]))
            oth = np.zeros((d["n"], ro.shape[1]))
            sg = sig[i]
            for bid, lo, hi, kc, kj in d["groups"]:
                Ac, Aj = A[(CALL, bid)], A[(JINTO, bid)]
                r = ro[lo:hi]
                act[kc] = dot(r, Ac.T)
                act[kj] = dot(r, Aj.T)
                r = rp[lo:hi]
                oth[lo:hi] = -(dot(r * sg[kc], Ac) + dot(r * sg[kj], Aj))
            bids = d["bids"]
            if valn is not None:
                act[bids] = valn[p][d["cbids"]]
                ob = np.zeros((len(d["lnode"]), ro.shape[1]))
                ob[bids] = valn[o][d["cbids"]]
                oth += seg_sum(ob, d)
            vp = seg_sum(act * sg, d)
            if only is None or only == p:
                R = self.R[i] + act - vp[d["lnode"]]
                if self.plus:
                    self.R[i] = np.maximum(R, 0.0)
                    self.S[i] = self.S[i] + max(t - self.delay, 0) * rp[d["lnode"]] * sg
                else:
                    self.R[i] = np.where(R > 0, R * pos_d, R * neg_d)
                    self.S[i] = self.S[i] * avg_d + rp[d["lnode"]] * sg
            valn = [vp, oth] if p == 0 else [oth, vp]

    def average(self):
        return [normalise(S, d) for S, d in zip(self.S, self.r.tree.depths)]


def evaluate(rnd: Round, sig, U) -> float:
    """P(player 0 wins) when both play ``sig`` (exact expectation; the terms are
    added by ``fsum``, exactly rounded: numpy's whole-array sums split the work
    in blocks that differ between numpy versions)."""
    reach = reach_of(rnd, sig)
    terms: list[float] = []
    for i, d in enumerate(rnd.tree.depths):
        p = i % 2
        for bid, lo, hi, kc, kj in d["groups"]:
            for kind, ks in ((CALL, kc), (JINTO, kj)):
                r = [reach[i][0][lo:hi], reach[i][1][lo:hi]]
                r[p] = r[p] * sig[i][ks]
                terms += np.add.reduce(dot(r[0], U[(kind, bid, p)]) * r[1], axis=0).tolist()
    return fsum(terms)


def best_response(rnd: Round, sig, U, e: int) -> float:
    """Exact value for a full-recall best responder in seat ``e`` against
    ``sig`` (only the other seat's part of it is used); U as P(player 0 wins)."""
    o = 1 - e
    depths = rnd.tree.depths
    reach = reach_of(rnd, sig)   # reach[.][o] is what matters
    ve: np.ndarray | None = None
    for i in range(len(depths) - 1, -1, -1):
        d = depths[i]
        p = i % 2
        act = np.zeros((len(d["lnode"]), len(rnd.w[e])))
        for bid, lo, hi, kc, kj in d["groups"]:
            for kind, ks in ((CALL, kc), (JINTO, kj)):
                M = U[(kind, bid, p)] if e == 0 else 1.0 - U[(kind, bid, p)].T
                ro = reach[i][o][lo:hi]
                if p == o:
                    ro = ro * sig[i][ks]
                act[ks] = dot(ro, M.T)
        if ve is not None:
            act[d["bids"]] = ve[d["cbids"]]
        ve = (np.maximum.reduceat if p == e else np.add.reduceat)(act, d["starts"], axis=0)
    assert ve is not None, "a tree has its root level"
    return fsum((rnd.w[e] * ve[0]).tolist())


# --------------------------------------------------------------------------
# Whole endgames: joint solving by total, evaluation, exploitability
# --------------------------------------------------------------------------

class Variant:
    def __init__(self, max_total: int, cap: int | None, skip: bool):
        self.max_total, self.cap, self.skip = max_total, cap, skip
        self.positions = positions(max_total, cap, skip)
        trees = {}
        self.rounds = {}
        for pos in self.positions:
            key = (pos[0] + pos[1], pos[2])
            if key not in trees:
                trees[key] = Tree(*key)
            self.rounds[pos] = Round(trees[key], pos, cap, skip)

    @property
    def name(self) -> str:
        return f"cap{self.cap or 0}-skip{int(self.skip)}"


def v_lookup(V):
    """value_of for Round.payoffs: P(player 0 wins) from equilibrium values V."""
    def value_of(res):
        if res[0] == "over":
            return 1.0 if res[1] == 0 else 0.0
        _, pos, opener = res
        v = V[pos]
        return v if opener == 0 else 1.0 - v
    return value_of


def seat_lookup(T, s: int):
    """value_of for Round.payoffs: P(player 0 wins) from the values ``T`` of
    one seat ``s`` (0 = this round's opener), kept per (position, that
    player's seat in the round) as that player's own chance; read when called,
    so value iteration sees ``T`` as it is updated."""
    def value_of(res):
        if res[0] == "over":
            own = 1.0 if res[1] == s else 0.0
        else:
            _, nxt, opener = res
            own = T[(nxt, 0 if opener == s else 1)]
        return own if s == 0 else 1.0 - own
    return value_of


def solve(var: Variant, iters: int, every: int = 25, log=print,
          last_iters: int | None = None) -> tuple[dict, dict]:
    """Average strategies and equilibrium values for every position of ``var``.
    ``last_iters``: stop the largest total after that many iterations (the
    first iterations never depend on how many follow: see ``trace``)."""
    V: dict = {}
    sigs: dict = {}
    for total in range(2, var.max_total + 1):
        group = [p for p in var.positions if p[0] + p[1] == total]
        for p in group:
            V[p] = 0.5
        solvers = {p: Solver(var.rounds[p]) for p in group}
        t0 = time.process_time()
        n = last_iters if (last_iters is not None and total == var.max_total) else iters
        for it in range(n):
            if it % every == 0:
                if it:   # re-value this total's positions, then re-price its rounds
                    for p in group:
                        V[p] = evaluate(var.rounds[p], solvers[p].average(), solvers[p].U)
                vo = v_lookup(V)
                for p in group:
                    solvers[p].set_payoffs(var.rounds[p].payoffs(vo))
            for p in group:
                solvers[p].iterate(only=it % 2)
        for p in group:
            sigs[p] = solvers[p].average()
        log(f"  {var.name} total {total}: {n} iterations, {time.process_time() - t0:.1f}s CPU")
    return sigs, V


def trace(var: Variant, iters: int) -> str:
    """SHA-256 of the raw float64 strategies and values when every smaller total
    is solved and the largest has run ``TRACE_ITERS`` iterations: the start of
    the real run, bit for bit, in seconds.  Shipped with the tables, so a quick
    test can tell that this machine still computes what made them (with BLAS it
    did not: see ``dot``); the slow ``--check`` compares the whole result."""
    sigs, V = solve(var, iters, log=lambda *a: None, last_iters=TRACE_ITERS)
    h = hashlib.sha256()
    for p in var.positions:
        for a in sigs[p]:
            h.update(np.ascontiguousarray(a, dtype="<f8").tobytes())
        h.update(np.array([V[p]], dtype="<f8").tobytes())
    return h.hexdigest()


def policy_values(var: Variant, sigs, tol=1e-12) -> dict:
    """Each position's value (P opener wins) when both play ``sigs``, as a fixed point."""
    V = {p: 0.5 for p in var.positions}
    for _ in range(200):
        delta = 0.0
        for p in var.positions:
            rnd = var.rounds[p]
            v = evaluate(rnd, sigs[p], rnd.payoffs(v_lookup(V)))
            delta = max(delta, abs(v - V[p]))
            V[p] = v
        if delta < tol:
            break
    return V


def exploitability(var: Variant, sigs, tol=1e-12) -> dict:
    """Per position and seat: the best responder's winning chance against ``sigs``
    (value iteration over positions, exact best response per round)."""
    X = {(p, r): 0.0 for p in var.positions for r in (0, 1)}   # r: seat of the best responder
    for _ in range(500):
        delta = 0.0
        for p in var.positions:
            rnd = var.rounds[p]
            for e in (0, 1):
                x = best_response(rnd, sigs[p], rnd.payoffs(seat_lookup(X, e)), e)
                delta = max(delta, abs(x - X[(p, e)]))
                X[(p, e)] = x
        if delta < tol:
            break
    return X


# --------------------------------------------------------------------------
# Tables: rounding, pruning and the shipped format
# --------------------------------------------------------------------------

def bid_code(bid) -> str:
    return f"{bid[0]}{bid[1]}"


def round_strategy(rnd: Round, sig, floor: float, unit: int = 1000):
    """Drop actions below ``floor``, renormalise and round to multiples of 1/unit
    (largest remainders), so what is shipped is exactly what is measured."""
    out = []
    for i, (s, d) in enumerate(zip(sig, rnd.tree.depths)):
        s = np.where(s >= floor, s, 0.0)
        tot = np.add.reduceat(s, d["starts"], axis=0)[d["lnode"]]
        s = s / tot
        res = np.round(s * unit)
        # the rounding error of each (node, hand) goes to its most likely action
        cols = np.arange(s.shape[1])
        for n in range(d["n"]):
            lo = d["starts"][n]
            hi = d["starts"][n + 1] if n + 1 < len(d["starts"]) else len(d["lnode"])
            blk = res[lo:hi]
            blk[np.argmax(s[lo:hi], axis=0), cols] += unit - blk.sum(axis=0)
        out.append(res / unit)
    return out


def table_of(rnd: Round, sig, unit: int = 1000) -> dict:
    """{"hand/history": [[action, units], ...]} for every info set the player
    can reach by following the table (others can never be asked for)."""
    ones = [np.ones_like(rnd.w[0]), np.ones_like(rnd.w[1])]
    reach = reach_of(rnd, sig, ones)
    out = {}
    for i, d in enumerate(rnd.tree.depths):
        p = i % 2
        acts_of: list[list[int]] = [[] for _ in range(d["n"])]
        for k, li in enumerate(d["lnode"]):
            acts_of[li].append(k)
        for li, h_bids in enumerate(rnd.tree.levels[i]):
            hist = "".join(bid_code(b) for b in h_bids)
            for h, hand in enumerate(rnd.hands[p]):
                if reach[i][p][li, h] <= 0:
                    continue
                acts = []
                for k in acts_of[li]:
                    u = int(round(sig[i][k, h] * unit))
                    if u:
                        kind = d["kind"][k]
                        acts.append([bid_code(d["bid"][k]) if kind == "B" else kind, u])
                out[f"{hand_key(hand)}/{hist}"] = acts
    return out


def pos_key(pos) -> str:
    return f"{pos[0]}v{pos[1]}" + ("p" if pos[2] else "")


def variants(max_total: int) -> list:
    """(cap, skip) pairs whose solutions differ: a Jinto cap c changes a round
    only if a capped caller (c dice) can face a bidder with 2+ dice."""
    return [(cap, skip) for cap in [None, *range(2, max_total - 1)] for skip in (False, True)]


def generate(max_total: int, iters: int, floor: float, only=None, log=print) -> dict:
    variants_out: dict[str, dict] = {}
    traces: dict[str, str] = {}
    doc = {"format": 1, "unit": "chance of winning the game (pot = 1)",
           "max_total": max_total, "iterations": iters, "floor": floor,
           "command": "python -m game.dev.endgame_gen"
           + "".join(f" --{k.replace('_', '-')} {v}" for k, v in
                     (("max_total", max_total), ("iters", iters), ("floor", floor)) if DEFAULTS[k] != v),
           "variants": variants_out, "traces": traces}
    for cap, skip in only or variants(max_total):
        var = Variant(max_total, cap, skip)
        log(f"variant {var.name}: {len(var.positions)} positions")
        sigs, _ = solve(var, iters, log=log)
        sigs = {p: round_strategy(var.rounds[p], sigs[p], floor) for p in var.positions}
        V = policy_values(var, sigs)
        X = exploitability(var, sigs)
        entry = {}
        for p in var.positions:
            gain0 = X[(p, 0)] - V[p]
            gain1 = X[(p, 1)] - (1.0 - V[p])
            entry[pos_key(p)] = {
                "value": round(V[p], 6),
                "br": [round(X[(p, 0)], 6), round(X[(p, 1)], 6)],
                "exploitability": round(max(gain0, gain1), 6),
                "nashconv": round(gain0 + gain1, 6),
                "policy": table_of(var.rounds[p], sigs[p]),
            }
            log(f"  {pos_key(p):5s} value {V[p]:.4f}  best-response gains {gain0:.5f} / {gain1:.5f}"
                f"  info sets {len(entry[pos_key(p)]['policy'])}")
        variants_out[var.name] = entry
        traces[var.name] = trace(var, iters)
    return doc


def variant_docs(doc: dict) -> dict:
    """The shipped form of ``generate``'s result: one document per variant,
    policies nested history -> hand -> "code+units ..." (see endgame.variant_table)."""
    out = {}
    for name, entry in doc["variants"].items():
        positions_out = {}
        for pkey, pos in entry.items():
            nested: dict = {}
            for key, acts in pos["policy"].items():
                hand, hist = key.split("/")
                nested.setdefault(hist, {})[hand] = endgame.format_actions(acts)
            positions_out[pkey] = dict(pos, policy=nested)
        out[name] = {"format": endgame.FORMAT, "variant": name, "positions": positions_out,
                     "trace": doc.get("traces", {}).get(name),
                     **{k: doc[k] for k in ("unit", "max_total", "iterations", "floor", "command")}}
    return out


def report(log=print) -> int:
    """Exact best responses against the shipped tables (not the numbers stored in
    them): a Markdown table of value and per-seat gains, in chances of winning."""
    doc = endgame.load_all()
    log("| rules | position | opener's value | best-response gain vs opener / vs responder | exploitability |")
    log("| --- | --- | --- | --- | --- |")
    worst = 0.0
    for name in sorted(doc["variants"]):
        cap = int(name.split("-")[0][3:]) or None
        skip = name.endswith("skip1")
        var = Variant(doc["max_total"], cap, skip)
        sigs = table_sigs(var, doc)
        V = policy_values(var, sigs)
        X = exploitability(var, sigs)
        for p in var.positions:
            g0, g1 = X[(p, 1)] - (1 - V[p]), X[(p, 0)] - V[p]
            worst = max(worst, g0, g1)
            log(f"| {name} | {pos_key(p)} | {V[p]:.4f} | {g0:.5f} / {g1:.5f} | {max(g0, g1):.5f} |")
    log(f"\nworst exploitability: {worst:.5f} (unit: one game, i.e. chance of winning)")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.dev.endgame_gen",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="regenerate and compare with the shipped tables")
    ap.add_argument("--max-total", type=int, default=DEFAULTS["max_total"])
    ap.add_argument("--iters", type=int, default=DEFAULTS["iters"])
    ap.add_argument("--floor", type=float, default=DEFAULTS["floor"])
    ap.add_argument("--from-json", type=Path, help="(re)write the tables from a saved generate() result")
    ap.add_argument("--save-json", type=Path, help="also save the raw generate() result here")
    ap.add_argument("--out", type=Path, default=endgame.HERE, help="directory for _endgame_*.json.gz")
    ap.add_argument("--report", action="store_true",
                    help="re-measure the shipped tables' exploitability exactly and print a Markdown table")
    args = ap.parse_args(argv)
    if args.report:
        return report()
    if args.from_json:
        doc = json.loads(args.from_json.read_text())
    else:
        doc = generate(args.max_total, args.iters, args.floor)
    if args.save_json:
        args.save_json.write_text(json.dumps(doc, separators=(",", ":"), sort_keys=True))
    docs = variant_docs(json.loads(json.dumps(doc)))
    if args.check:
        bad = []
        for name, vdoc in docs.items():
            path = args.out / f"_endgame_{name}.json.gz"
            shipped = json.loads(gzip.decompress(path.read_bytes())) if path.exists() else None
            if shipped != vdoc:
                bad.append(name)
        print("tables match" if not bad else f"tables DIFFER: {', '.join(bad)}")
        return 1 if bad else 0
    for name, vdoc in docs.items():
        data = json.dumps(vdoc, separators=(",", ":"), sort_keys=True).encode("utf-8")
        path = args.out / f"_endgame_{name}.json.gz"
        path.write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
        print(f"wrote {path} ({len(data) // 1024} KiB of JSON, {path.stat().st_size // 1024} KiB gzipped)")
    return 0




# --------------------------------------------------------------------------
# Reading tables back and playing fixed strategies (tests, reports)
# --------------------------------------------------------------------------

def sigs_from_table(rnd: Round, policy: dict, unit: int = 1000):
    """Strategy arrays of a shipped table; info sets it does not hold (never
    reached by its own player) get a uniform strategy, which cannot matter."""
    out = []
    for i, d in enumerate(rnd.tree.depths):
        p = i % 2
        s = (1.0 / d["count"][d["lnode"]])[:, None] * np.ones((1, len(rnd.hands[p])))
        codes = [bid_code(b) if k == "B" else k for k, b in zip(d["kind"], d["bid"])]
        first: dict[int, list[int]] = {}
        for k, li in enumerate(d["lnode"]):
            first.setdefault(int(li), []).append(k)
        for li, h_bids in enumerate(rnd.tree.levels[i]):
            hist = "".join(bid_code(b) for b in h_bids)
            ks = first[li]
            for h, hand in enumerate(rnd.hands[p]):
                entry = policy.get(f"{hand_key(hand)}/{hist}")
                if entry is None:
                    continue
                s[ks, h] = 0.0
                where = {codes[k]: k for k in ks}
                for code, units in entry:
                    s[where[code], h] = units / unit
        out.append(s)
    return out


def sigs_from_function(rnd: Round, fn):
    """Strategy arrays of ``fn(hand, bids, actions) -> list of probabilities``
    (bids: the round's history as (quantity, face); actions: codes "qf"/"C"/"J")."""
    out = []
    for i, d in enumerate(rnd.tree.depths):
        p = i % 2
        s = np.zeros((len(d["lnode"]), len(rnd.hands[p])))
        codes = [bid_code(b) if k == "B" else k for k, b in zip(d["kind"], d["bid"])]
        first: dict[int, list[int]] = {}
        for k, li in enumerate(d["lnode"]):
            first.setdefault(int(li), []).append(k)
        for li, h_bids in enumerate(rnd.tree.levels[i]):
            ks = first[li]
            for h, hand in enumerate(rnd.hands[p]):
                s[ks, h] = fn(hand, h_bids, [codes[k] for k in ks], rnd)
        out.append(s)
    return out


def match_value(var: Variant, sig_a: dict, sig_b: dict, start, a_role: int, tol=1e-12) -> float:
    """Exact chance that player A (strategies ``sig_a`` per position) beats B from
    position ``start`` with A in seat ``a_role`` (0 = opener), rounds chained."""
    Z = {(p, r): 0.5 for p in var.positions for r in (0, 1)}
    mixed = {}
    for p in var.positions:
        for r in (0, 1):
            depths = len(var.rounds[p].tree.depths)
            mixed[(p, r)] = [sig_a[p][i] if i % 2 == r else sig_b[p][i] for i in range(depths)]
    for _ in range(500):
        delta = 0.0
        for p in var.positions:
            for r in (0, 1):
                rnd = var.rounds[p]
                v = evaluate(rnd, mixed[(p, r)], rnd.payoffs(seat_lookup(Z, r)))
                v = v if r == 0 else 1.0 - v
                delta = max(delta, abs(v - Z[(p, r)]))
                Z[(p, r)] = v
        if delta < tol:
            break
    return Z[(start, a_role)]


def table_sigs(var: Variant, doc: dict) -> dict:
    entry = doc["variants"][var.name]
    return {p: sigs_from_table(var.rounds[p], entry[pos_key(p)]["policy"]) for p in var.positions}


if __name__ == "__main__":
    sys.exit(main())
