"""Opponents from outside the league (issue 40, fourteenth session): the outside reader.

Every figure of issue 40's summary was measured against ``game/dev/league.py``,
whose bots are one family (``LeagueBot``).  The bots here were written from the
rule texts (``/work/shared/rules/``, HOUSE-RULES.md) and the agent protocol
alone (``Agent.act(view, legal)``, ``interject``, ``watch``; the seat's view),
before reading Hard's code or the league's: they import nothing of the game,
not even its rules (the raise rules below are their own, from the texts).

**The "outside" group is in neither half of the league: nobody may tune on
it.**  Hard's figures against it are a check on the floors, never a target.

* ``OutsideOdds``: pure binomial odds, no bid reading (a sanity baseline).
* ``OutsideReader``: a Monte Carlo reader.  It samples each rival's hand
  (importance-weighted by how well it explains that rival's bids this round:
  a bid is soft evidence its bidder holds the face, and a quantity its hand
  makes likely), draws joint worlds, and scores each candidate move by playing
  the round out in every world (everyone then plays plain odds on the hand the
  world gave them); it takes the move that loses it the fewest dice.
* ``OutsideExploiter``: the reader that also watches every rival across the
  games of a run (only what a player sees: the bids, and the cups lifted at
  every call).  Per rival and kind of bid it learns how many dice of the bid
  face the rival really held (a binomial tilt, so a bluffer's bids stop counting
  as evidence); per rival it learns how often the rival calls a bid given the
  chance that bid had from the rival's own hand, and plays the rival that way in
  its roll-outs (so it bluffs where the rival trusts and bids safe where it calls).

Seat them with ``python -m game ai-report --opponents game.dev.outside_bots:OutsideReader``
or the league's ``--rows outside`` (``OUTSIDE``, ``OUTSIDE_ROWS`` in league.py).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Optional, Sequence

WORLDS = 48
"""Joint worlds a reader draws per decision (common to every candidate move)."""
SAMPLES = 120
"""Hands sampled per rival before weighting by its bids."""
TRUST = 0.7
"""Chance a bidder picks its face by its hand (else any face: a bluff)."""
SHARP = 1.2
"""How sharply an honest bidder's face follows the dice of it held (softmax slope)."""
_LEAN = tuple(math.exp(SHARP * k) for k in range(64))
"""exp(SHARP x dice of a face held), made once."""
MIN_LEARNED = 12
"""Revealed bids of one kind before the exploiter reads that kind through its table."""


# --------------------------------------------------------------------------
# Odds (own code)
# --------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _pmf(n: int, p: float) -> tuple[float, ...]:
    return tuple(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=None)
def at_least(k: int, n: int, p: float) -> float:
    """P(Binomial(n, p) >= k)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(_pmf(n, p)[k:])


@lru_cache(maxsize=None)
def _tails(n: int, p: float) -> tuple[float, ...]:
    """P(Binomial(n, p) >= k) for k = 0..n."""
    return tuple(at_least(k, n, p) for k in range(n + 1))


def exactly(k: int, n: int, p: float) -> float:
    """P(Binomial(n, p) == k)."""
    return _pmf(n, p)[k] if 0 <= k <= n else 0.0


# --------------------------------------------------------------------------
# The table as a player reads it (both games, from the view alone)
# --------------------------------------------------------------------------

class Table:
    """One decision's public facts and own hand, the same for both games."""

    def __init__(self, view: Any):
        self.liars = hasattr(view, "my_faces")
        if self.liars:
            self.hand = tuple(view.my_faces)
            self.dice = tuple(view.dice)
            self.bids = [(p, q, f) for p, q, f in view.bids]
            self.palifico = bool(view.palifico)
            self.wild: Optional[int] = None if self.palifico else 1
            self.faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
        else:
            self.hand = tuple(view.my_dice)
            self.dice = tuple(view.dice_counts)
            self.bids = [(b.player, b.quantity, b.face) for b in view.round_bids]
            self.palifico = False
            self.wild = 1   # the Emblem: wild for every bid
            self.faces = (2, 3, 4, 5, 6)
        self._counts: dict = {}
        self.me = view.me
        self.total = sum(self.dice)
        self.alive = [p for p, n in enumerate(self.dice) if n > 0]

    def p_match(self, face: int) -> float:
        return 1 / 6 if self.wild is None or face == self.wild else 2 / 6

    def count(self, hand: Sequence[int], face: int) -> int:
        return self.counts(hand)[face]

    def counts(self, hand: Sequence[int]) -> tuple[int, ...]:
        """Dice of ``hand`` that count for a bid on each face (index = face), made once per hand."""
        found = self._counts.get(hand)
        if found is None:
            w = self.wild
            raw = [0] * 7
            for d in hand:
                raw[d] += 1
            found = tuple(raw[f] + (raw[w] if w is not None and f != w else 0) for f in range(7))
            self._counts[hand] = found
        return found

    def next_alive(self, p: int) -> int:
        n = len(self.dice)
        for k in range(1, n + 1):
            if self.dice[(p + k) % n] > 0:
                return (p + k) % n
        return p

    def minimums(self, bids: Sequence[tuple[int, int, int]]) -> dict[int, int]:
        """Smallest legal quantity per face after ``bids``, from the rule texts:
        Liar's Dice raises the quantity (any face), cuts to ones at half rounded
        up, leaves ones at double plus one, opens off ones, keeps a Palifico
        round on its opening face; Roll Call keeps the quantity on a higher
        value or raises it on any value."""
        top = self.total
        if not bids:
            faces = self.faces if (not self.liars or self.palifico) else (2, 3, 4, 5, 6)
            return {f: 1 for f in faces}
        _, q, f = bids[-1]
        out: dict[int, int] = {}
        if not self.liars:
            for face in self.faces:
                lo = q if face > f else q + 1
                if lo <= top:
                    out[face] = lo
            return out
        if self.palifico:
            return {bids[0][2]: q + 1} if q + 1 <= top else {}
        for face in self.faces:
            if f != 1:
                lo = math.ceil(q / 2) if face == 1 else q + 1
            else:
                lo = q + 1 if face == 1 else 2 * q + 1
            if lo <= top:
                out[face] = lo
        return out


def truth(t: Table, hand: Sequence[int], unseen: int, q: int, f: int) -> float:
    """Chance ``q`` x ``f`` is true for a seat holding ``hand`` with ``unseen`` dice hidden."""
    need = q - t.counts(hand)[f]
    if need <= 0:
        return 1.0
    if need > unseen:
        return 0.0
    return _tails(unseen, t.p_match(f))[need]


def odds_move(t: Table, hand: Sequence[int], bids: Sequence[tuple[int, int, int]]) -> tuple:
    """Plain odds on one's own hand: ("call",), ("jinto",) or ("bid", q, f).

    Opening: the face held most, as high as is still even money.  Else the
    raise likeliest true; call when the standing bid is less likely true than
    that raise and under even money; Jinto (Liar's Dice) when exactly right is
    likelier than either."""
    unseen = t.total - len(hand)
    mins = t.minimums(bids)
    best, best_p = None, -1.0
    for f, lo in mins.items():
        p = truth(t, hand, unseen, lo, f)
        if p > best_p or (p == best_p and best is not None and t.count(hand, f) > t.count(hand, best[1])):
            best, best_p = (lo, f), p
    if not bids:
        assert best is not None
        q, f = best
        while q + 1 <= t.total and truth(t, hand, unseen, q + 1, f) >= 0.5:
            q += 1
        return ("bid", q, f)
    _, q, f = bids[-1]
    p_true = truth(t, hand, unseen, q, f)
    if t.liars:
        p_exact = exactly(q - t.count(hand, f), unseen, t.p_match(f))
        if p_exact > max(1 - p_true, best_p, 0.4):
            return ("jinto",)
    if best is None or (p_true < best_p and p_true < 0.5):
        return ("call",)
    return ("bid", best[0], best[1])


def pick(legal: Sequence[Any], move: tuple) -> Any:
    """The legal action that is ``move`` (or the nearest sane one)."""
    kind = move[0]
    if kind == "bid":
        for a in legal:
            if type(a).__name__ == "Bid" and a.quantity == move[1] and a.face == move[2]:
                return a
    names = {"call": "Call", "jinto": "Jinto", "oot": "CallOutOfTurn"}
    for a in legal:
        if type(a).__name__ == names.get(kind, ""):
            return a
    for a in legal:   # a bid out of reach: the smallest legal raise, else a call
        if type(a).__name__ == "Bid":
            return a
    return legal[0]


# --------------------------------------------------------------------------
# The bots
# --------------------------------------------------------------------------

class OutsideOdds:
    """Pure binomial odds on its own hand; never reads a bid, never calls out of turn."""

    watches = False
    last_decision = None

    def __init__(self, player: int, rng, game_id: str = ""):
        self.player = player
        self.rng = rng
        self.game_id = game_id

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        t = Table(view)
        return pick(legal, odds_move(t, t.hand, t.bids))

    def interject(self, view: Any, legal: Sequence[Any]) -> Any:
        return None


class OutsideReader(OutsideOdds):
    """Monte Carlo reader: worlds sampled from the bids, moves scored by playing the round out."""

    def __init__(self, player: int, rng, game_id: str = ""):
        super().__init__(player, rng, game_id)
        self._oot_seen: dict = {}
        self._worlds_key: Any = None
        self._worlds: list = []

    # --- reading ----------------------------------------------------------
    def bid_weight(self, t: Table, who: int, hand: tuple[int, ...], bids: Sequence[tuple[int, int, int]]) -> float:
        """How well ``hand`` explains ``who``'s bids this round (likelihood, up to a constant)."""
        weight = 1.0
        unseen = t.total - len(hand)
        for i, (p, q, f) in enumerate(bids):
            if p != who:
                continue
            if t.palifico and i > 0:
                continue   # the face is forced: only the quantity could say anything, and little
            mins = t.minimums(bids[:i])
            faces = list(mins) or [f]
            counts = t.counts(hand)
            scores = {g: _LEAN[counts[g]] for g in faces}
            face_p = TRUST * scores.get(f, 0.0) / sum(scores.values()) + (1 - TRUST) / len(faces)
            weight *= face_p * (0.3 + 0.7 * truth(t, hand, unseen, q, f))
        return weight

    def worlds(self, t: Table, round_no: int) -> list[dict[int, tuple[int, ...]]]:
        """Joint hands of the rivals, drawn from each rival's posterior given its bids
        (once per bid standing: a turn and the out-of-turn polls on one bid share them)."""
        key = (round_no, tuple(t.bids))
        if self._worlds_key != key:
            self._worlds_key, self._worlds = key, self.draw_worlds(t)
        return self._worlds

    def draw_worlds(self, t: Table) -> list[dict[int, tuple[int, ...]]]:
        rng = self.rng
        per: dict[int, tuple[list, list]] = {}
        for p in t.alive:
            if p == t.me:
                continue
            n = t.dice[p]
            hands = [tuple(rng.randint(1, 6) for _ in range(n)) for _ in range(SAMPLES)]
            if any(b[0] == p for b in t.bids):
                weights = [self.bid_weight(t, p, h, t.bids) for h in hands]
            else:
                weights = [1.0] * SAMPLES
            total = sum(weights)
            if total <= 0:
                weights = [1.0] * SAMPLES
            cum, acc = [], 0.0
            for w in weights:
                acc += w
                cum.append(acc)
            per[p] = (hands, cum)
        out = []
        for _ in range(WORLDS):
            world = {}
            for p, (hands, cum) in per.items():
                world[p] = rng.choices(hands, cum_weights=cum)[0]
            world[t.me] = t.hand
            out.append(world)
        return out

    # --- playing a round out ------------------------------------------------
    def rival_move(self, t: Table, who: int, hand: tuple[int, ...], bids: list, draw: float) -> tuple:
        """What ``who`` does in a roll-out (plain odds; the exploiter plays its learned caller)."""
        return odds_move(t, hand, bids)

    def settle(self, t: Table, world: dict, bids: list, challenger: int, kind: str) -> float:
        """Our gain from a challenge in this world: -1 a die of ours lost, +1 a
        die won by Jinto, a rival's loss shared among the rivals."""
        _, q, f = bids[-1]
        bidder = bids[-1][0]
        n = sum(t.count(h, f) for h in world.values())
        others = max(1, len(t.alive) - 1)
        if kind == "jinto":
            if n == q:
                return (1.0 + 1.0 / others) if challenger == t.me else (-1.0 if bidder == t.me else 1.0 / others)
            return -1.0 if challenger == t.me else 1.0 / others
        loser = bidder if n < q else challenger
        return -1.0 if loser == t.me else 1.0 / others

    def roll_out(self, t: Table, world: dict, move: tuple, draws: list[float]) -> float:
        bids = list(t.bids)
        who = t.me
        for step in range(40):
            if move[0] in ("call", "jinto"):
                return self.settle(t, world, bids, who, move[0])
            bids.append((who, move[1], move[2]))
            who = t.next_alive(who)
            hand = world[who]
            move = odds_move(t, hand, bids) if who == t.me else \
                self.rival_move(t, who, hand, bids, draws[step % len(draws)])
        return 0.0

    def candidates(self, t: Table, worlds: list) -> list[tuple]:
        mins = t.minimums(t.bids)
        out: list[tuple] = []
        if t.bids:
            out.append(("call",))
            if t.liars:
                out.append(("jinto",))
        for f, lo in mins.items():
            out.append(("bid", lo, f))
        if not t.bids:   # openings: per face, as high as the worlds make even money, and one under
            out = []
            for f in mins:
                q = 1
                while q + 1 <= t.total and sum(
                        1 for w in worlds if sum(t.count(h, f) for h in w.values()) >= q + 1) * 2 >= len(worlds):
                    q += 1
                out.append(("bid", q, f))
                if q > 1:
                    out.append(("bid", q - 1, f))
        else:   # one above the smallest raise on the faces the worlds back most
            backed = sorted(mins, key=lambda f: -sum(sum(t.count(h, f) for h in w.values()) for w in worlds))
            for f in backed[:2]:
                if mins[f] + 1 <= t.total:
                    out.append(("bid", mins[f] + 1, f))
        return out

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        t = Table(view)
        worlds = self.worlds(t, view.round_no)
        draws = [self.rng.random() for _ in range(len(worlds) * 4)]
        best, best_v = None, -math.inf
        for move in self.candidates(t, worlds):
            v = sum(self.roll_out(t, w, move, draws[4 * i:4 * i + 4]) for i, w in enumerate(worlds))
            if v > best_v:
                best, best_v = move, v
        assert best is not None
        return pick(legal, best)

    def interject(self, view: Any, legal: Sequence[Any]) -> Any:
        """Roll Call: call out of turn when the worlds make the bid true under 1 in 10
        (wrong costs two dice); each bid is weighed once."""
        if not legal or not getattr(view, "bid", None):
            return None
        t = Table(view)
        key = (view.round_no, len(t.bids))
        if key in self._oot_seen:
            return self._oot_seen[key]
        _, q, f = t.bids[-1]
        worlds = self.worlds(t, view.round_no)
        p_true = sum(1 for w in worlds if sum(t.count(h, f) for h in w.values()) >= q) / len(worlds)
        move = pick(legal, ("oot",)) if p_true < 0.1 else None
        self._oot_seen[key] = move
        return move


class OutsideExploiter(OutsideReader):
    """The reader that learns each rival across the games of a run, from bids and lifted cups."""

    watches = True
    _memory: dict = {}
    """(game id, rival's seat name stem) -> {"tilt": kind -> [dice of the face
    held, dice held], "calls": band -> [calls, chances]}: carried from game to
    game of a run (``reset_memory`` forgets it)."""

    def __init__(self, player: int, rng, game_id: str = ""):
        super().__init__(player, rng, game_id)
        self._round_bids: list = []
        self._round_key: Any = None
        self._last_reveal: Any = None

    seat_names: Sequence[str] = ()

    def stem(self, seat: int) -> str:
        names = self.seat_names
        name = names[seat] if seat < len(names) else f"seat{seat}"
        return name.rsplit("-", 1)[0]

    def book(self, seat: int) -> dict:
        return self._memory.setdefault((self.game_id, self.stem(seat)), {"tilt": {}, "calls": {}})

    @staticmethod
    def kind(t: Table, bids: Sequence[tuple[int, int, int]], i: int) -> tuple:
        """A bid's kind: opening, same face as the bid it raised, or a new face; heads-up or not."""
        p, q, f = bids[i]
        if i == 0:
            k = "open"
        elif bids[i - 1][2] == f:
            k = "same"
        else:
            k = "new"
        return (k, t.palifico, len(t.alive) == 2)

    # --- learning from what every player sees ------------------------------
    def watch(self, view: Any) -> None:
        t = Table(view)
        reveal = getattr(view, "last_challenge", None) if t.liars else getattr(view, "last_reveal", None)
        if reveal is not None and reveal is not self._last_reveal and self._round_bids:
            self._learn(t, reveal)
        self._last_reveal = reveal
        if t.bids:
            self._round_bids = list(t.bids)
            self._round_key = (t.palifico, t.dice)

    def _learn(self, now: Table, reveal: Any) -> None:
        bids = self._round_bids
        palifico, dice = self._round_key
        hands = reveal.faces if now.liars else reveal.hands
        wild = (1 if reveal.wilds else None) if now.liars else 1
        caller = reveal.challenger if now.liars else reveal.caller
        out_of_turn = (not now.liars) and reveal.out_of_turn
        self._round_bids = []
        t = Table.__new__(Table)
        t.__dict__.update(now.__dict__)
        t.palifico, t.wild, t.dice = palifico, wild, dice
        t._counts = {}
        t.total = sum(dice)
        t.alive = [p for p, n in enumerate(dice) if n > 0]
        for i, (p, q, f) in enumerate(bids):
            if p == self.player or p >= len(hands) or not hands[p]:
                continue
            row = self.book(p)["tilt"].setdefault(self.kind(t, bids, i), [0, 0, 0.0])
            row[0] += t.count(hands[p], f)
            row[1] += len(hands[p])
            row[2] += len(hands[p]) * t.p_match(f)
        # every turn a rival took facing a standing bid: did it call, given its own chance?
        for i in range(1, len(bids) + 1):
            who = bids[i][0] if i < len(bids) else caller
            if i == len(bids) and out_of_turn:
                continue
            if who == self.player or who >= len(hands) or not hands[who]:
                continue
            _, q, f = bids[i - 1]
            own = truth(t, hands[who], t.total - len(hands[who]), q, f)
            cell = self.book(who)["calls"].setdefault(min(9, int(own * 10)), [0, 0])
            cell[0] += 1 if i == len(bids) else 0
            cell[1] += 1

    # --- reading and playing through the tables --------------------------------
    def bid_weight(self, t: Table, who: int, hand: tuple[int, ...], bids: Sequence[tuple[int, int, int]]) -> float:
        tilt = self.book(who)["tilt"]
        weight = 1.0
        plain = []
        for i, (p, q, f) in enumerate(bids):
            if p != who:
                continue
            row = tilt.get(self.kind(t, bids, i))
            if row is None or row[1] < MIN_LEARNED * len(hand):
                plain.append(i)
                continue
            base = t.p_match(f)
            # the rival's dice match the face it bid with the learned chance (smoothed towards a blind die's)
            learned = (row[0] + 4 * base) / (row[1] + 4)
            c = t.count(hand, f)
            weight *= (learned / base) ** c * ((1 - learned) / (1 - base)) ** (len(hand) - c)
        if plain:
            keep = [b if i in plain else (-1, b[1], b[2]) for i, b in enumerate(bids)]
            weight *= super().bid_weight(t, who, hand, keep)
        return weight

    def rival_move(self, t: Table, who: int, hand: tuple[int, ...], bids: list, draw: float) -> tuple:
        move = odds_move(t, hand, bids)
        if not bids:
            return move
        calls = self.book(who)["calls"]
        _, q, f = bids[-1]
        own = truth(t, hand, t.total - len(hand), q, f)
        calls_n, n = calls.get(min(9, int(own * 10)), [0, 0])
        if n < 8:
            return move
        plain_call = 1.0 if move[0] in ("call", "jinto") else 0.0
        rate = (calls_n + 2 * plain_call) / (n + 2)
        if draw < rate:
            return move if move[0] in ("call", "jinto") else ("call",)
        if move[0] in ("call", "jinto"):
            mins = t.minimums(bids)
            if not mins:
                return move
            f2 = max(mins, key=lambda g: truth(t, hand, t.total - len(hand), mins[g], g))
            return ("bid", mins[f2], f2)
        return move


def reset_memory() -> None:
    """Forget what the exploiter learned (each table of a report starts fresh)."""
    OutsideExploiter._memory.clear()


OUTSIDE: dict[str, type] = {"outside-odds": OutsideOdds, "outside-reader": OutsideReader,
                            "outside-exploiter": OutsideExploiter}
"""The outside group: in neither half of the league (tune on none of it)."""


def spec(cls: type) -> str:
    """The bot as ``ai-report --opponents`` names a guest (by module, so its memory is this module's)."""
    return f"{__name__}:{cls.__name__}"
