"""A league of sparring bots for the bidding games, written from the protocol alone.

Issue 40 asks that Hard be measured against opponents it was not tuned on.
Every bot here sees only what a seat sees: its view (own dice, dice counts,
this round's bids, the last reveal) and the legal actions, plus the seat
names the match gives every agent.  Nothing is imported from the game's AI
(no ``TableReader``, ``BidBrain``, sparring style or reference bot): the
reading below is its own, an exact enumeration of each rival's possible hand
weighted by how well it explains that rival's bids.

Kinds (each in two variants, see ``HALVES``):

* ``Reader``: a Bayesian bid reader.  A bidder picks a face with chance
  ``trust x softmax(sharp x dice of it held) + (1 - trust) / faces`` and an
  honest quantity rarely runs far above what it holds plus its share of the
  rest; bids the likeliest face as high as ``bid_floor`` allows; calls when the
  bid is likelier false than its best raise is true (or under ``call_below``).
* ``SpotBluffer``: a reader that bluffs in one kind of spot (openings, or with
  few dice, or heads-up), on a face it holds none of.
* ``Caller``: a reader that calls anything under ``call_below``.
* ``FrequentBluffer``: a reader that names a face it holds none of on half its bids.
* ``Learner``: a reader that, across games, tabulates what each rival held
  after each kind of bid (from the cups lifted at every reveal) and reads that
  rival's bids through the table once it has seen enough; ``palifico_bluff``:
  opens every Palifico round on a face it does not hold.
* ``Exploiter``: the learner that also learns, per rival, how often its bids
  of each plain-odds band get called and bids to the edge of that, and bluffs
  Palifico openings (built to beat Hard, not to be fair).
* ``Overbidder`` (tuning half only, ``TUNING_ONLY``): learns how often each rival
  challenges by the bid's chance from that rival's hand, bids over its reading
  where the rival does not call, and calls out of turn on its reading.
* ``Ambusher`` (reporting half only, ``REPORTING_ONLY``): baits with new-face
  bids on a face it holds none of, reads no bid resting on its bait, and calls
  raises on it (in Roll Call out of turn): written against Hard as it is.

The split (``HALVES``) is a fixed rule: within each kind the variants are
listed in a fixed order and the first is for tuning, the second for
reporting.  Reports on the issue's tables use only the reporting half.

    python -m game.dev.league --game liars-dice --half reporting --rows issue40 --games 2000
"""
from __future__ import annotations

import argparse
import math
import sys
from functools import lru_cache
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any, Sequence


HERE = Path(__file__).resolve()


# --------------------------------------------------------------------------
# Odds helpers (own code: binomials, convolutions, hand enumeration)
# --------------------------------------------------------------------------

def binom(n: int, p: float) -> list[float]:
    return [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def conv(a: list[float], b: list[float]) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def tail(pmf: Sequence[float], k: int) -> float:
    if k <= 0:
        return 1.0
    return sum(pmf[k:]) if k < len(pmf) else 0.0


def at(pmf: Sequence[float], k: int) -> float:
    return pmf[k] if 0 <= k < len(pmf) else 0.0


@lru_cache(maxsize=None)
def hands_of(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every multiset of ``n`` d6 as a count per face (index 0 = face 1), with its chance."""
    out = []
    for combo in combinations_with_replacement(range(6), n):
        c = [0] * 6
        for f in combo:
            c[f] += 1
        ways = math.factorial(n)
        for x in c:
            ways //= math.factorial(x)
        out.append((tuple(c), ways / 6 ** n))
    return tuple(out)


def count(c: Sequence[int], face: int, wild: int | None) -> int:
    return c[face - 1] + (c[wild - 1] if wild is not None and face != wild else 0)


def strength(t: "Table", c: Sequence[int], face: int) -> float:
    """How strong a hand is for a bid on ``face``: its count scaled by how rare
    the face is (a wild face, matched by one die in six, counts double)."""
    return count(c, face, t.wild) * (1 / 3 if t.wild is not None else 1 / 6) / t.pm(face)


# --------------------------------------------------------------------------
# One table, whichever game
# --------------------------------------------------------------------------

class Table:
    """A seat's view of either bidding game as plain facts."""

    def __init__(self, view: Any, legal: Sequence):
        self.legal = legal
        if hasattr(view, "my_faces"):   # Liar's Dice
            self.game = "liars-dice"
            self.me = view.me
            self.hand = tuple(view.my_faces)
            self.dice = tuple(view.dice)
            self.bids = tuple(tuple(b) for b in view.bids)
            self.palifico = bool(view.palifico)
            self.wild = None if self.palifico else 1
            self.faces: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
            self.round_no = view.round_no
            lc = view.last_challenge
            self.reveal = None if lc is None else (view.round_no - 1, tuple(lc.faces), lc.challenger,
                                                   (lc.bidder, lc.quantity, lc.face))
            self.turn = view.turn
        else:                           # Roll Call
            self.game = "roll-call"
            self.me = view.me
            self.hand = tuple(view.my_dice)
            self.dice = tuple(view.dice_counts)
            self.bids = tuple((b.player, b.quantity, b.face) for b in view.round_bids)
            self.palifico = False
            self.wild = 1
            self.faces = (2, 3, 4, 5, 6)
            self.round_no = view.round_no
            lr = view.last_reveal
            self.reveal = None if lr is None else (lr.round_no, tuple(lr.hands), lr.caller,
                                                   (lr.bidder, lr.quantity, lr.face))
            self.turn = view.turn
        self.total = sum(self.dice)
        self.rivals = [p for p, n in enumerate(self.dice) if n and p != self.me]

    def pm(self, face: int) -> float:
        return (2 if self.wild is not None and face != self.wild else 1) / 6

    def mine(self, face: int) -> int:
        return sum(1 for d in self.hand if d == face or (self.wild is not None and d == self.wild and face != self.wild))

    @property
    def current(self):
        return (self.bids[-1][1], self.bids[-1][2]) if self.bids else None

    def lows(self) -> dict[int, int]:
        lows: dict[int, int] = {}
        for a in self.legal:
            if type(a).__name__ == "Bid" and a.quantity < lows.get(a.face, 10 ** 9):
                lows[a.face] = a.quantity
        return lows

    def action(self, name: str):
        return next((a for a in self.legal if type(a).__name__ == name), None)

    def bid(self, q: int, f: int):
        return next((a for a in self.legal if type(a).__name__ == "Bid" and a.quantity == q and a.face == f), None)


def bid_key(t: Table, i: int) -> tuple:
    """What kind of bid the i-th bid of the round was, from public facts only:
    its place (opening / staying on the face / a new face), the bidder's dice,
    how far its quantity runs above the table's mean for the face, Palifico."""
    p, q, f = t.bids[i]
    place = "open" if i == 0 else ("stay" if t.bids[i - 1][2] == f else "new")
    over = q - t.total * t.pm(f)
    band = max(-2, min(2, int(math.floor(over))))
    return (place, t.dice[p], band, t.palifico)


# --------------------------------------------------------------------------
# The bots
# --------------------------------------------------------------------------

class LeagueBot:
    """A Bayesian bid reader; the kinds below change how it bids, calls and reads."""

    trust = 0.9          # chance a bid's face follows the bidder's dice
    sharp = 2.5          # how sharply an honest face follows the dice held
    bid_floor = 0.6      # raise as high as still this likely
    call_below = 0.0     # also call anything under this
    call_margin = 0.0    # call when P(false) > P(best raise) + this
    jinto_above = 0.5    # Jinto when the exact chance beats this (Liar's Dice)
    oot_below = 0.22     # out-of-turn call under this (Roll Call)
    bluff_rate = 0.0     # chance to name a face held none of (when the spot allows)
    bluff_spot = "any"   # "any", "open", "few" (<= 2 dice), "duel" (heads-up), "bait" (``Ambusher``)
    bait_dice = 2        # "bait": only with at least this many dice
    palifico_bluff = False
    learns = False
    reads_tables = True   # False: a learner whose tables stay untrained for its reading (the tell test's control)
    learns_calls = False
    watches = True
    remembers = False
    last_decision = None
    seat_names: Sequence[str] = ()
    you_seat = None

    # across games: what each rival held after each kind of bid, and how often it called
    _memory: dict = {}

    def __init__(self, player: int, rng, game_id: str = ""):
        self.player = player
        self.rng = rng
        self.game_id = game_id
        self._rounds: dict[int, Table] = {}
        self._learned: set = set()

    # --- memory across games ---------------------------------------------------
    def _rival(self, p: int) -> str:
        names = self.seat_names
        return names[p] if 0 <= p < len(names) else f"seat{p}"

    def _book(self, p: int) -> dict:
        key = (type(self).__name__, self.game_id, self._rival(self.player), self._rival(p))
        return LeagueBot._memory.setdefault(key, {"held": {}, "calls": {}, "lean": {}})

    def watch(self, view) -> None:
        t = Table(view, ())
        if t.bids:
            self._rounds[t.round_no] = t
        if t.reveal is not None and t.reveal[0] not in self._learned:
            self._learned.add(t.reveal[0])
            before = self._rounds.pop(t.reveal[0], None)
            if before is not None and (self.learns or self.learns_calls):
                self._learn(before, t.reveal)
            for r in [r for r in self._rounds if r < t.round_no - 1]:
                del self._rounds[r]

    def _learn(self, t: Table, reveal) -> None:
        _r, hands, challenger, last = reveal
        bids = list(t.bids)
        if not bids or tuple(bids[-1]) != tuple(last):
            bids.append(tuple(last))
        t.bids = tuple(bids)
        for i, (p, q, f) in enumerate(bids):
            if p == self.player or p >= len(hands) or not hands[p]:
                continue
            if self.learns:
                hist = self._book(p)["held"].setdefault(bid_key(t, i), {})
                n = len(hands[p])
                k = sum(1 for d in hands[p] if d == f or (t.wild is not None and d == t.wild and f != t.wild))
                hist[(n, k)] = hist.get((n, k), 0) + 1
                lean = self._book(p)["lean"].setdefault(bid_key(t, i), [0, 0.0])
                lean[0] += 1
                lean[1] += k - n * t.pm(f)
        if self.learns_calls:
            for i, (p, q, f) in enumerate(bids):
                if p != self.player:
                    continue
                responder = bids[i + 1][0] if i + 1 < len(bids) else challenger
                if responder is None or responder == p:
                    continue
                band = min(4, int(_plain(t, q, f, hands[responder] if responder < len(hands) else ()) * 5))
                c = self._book(responder)["calls"].setdefault(band, [0, 0])
                c[0] += 1 if i + 1 == len(bids) else 0
                c[1] += 1

    # --- reading ---------------------------------------------------------------
    def _face_like(self, t: Table, p: int, c: Sequence[int], i: int) -> float:
        """How well a hand with counts ``c`` explains bidder p's i-th bid."""
        _p, q, f = t.bids[i]
        n = t.dice[p]
        if self.learns and self.reads_tables:
            hist = self._book(p)["held"].get(bid_key(t, i))
            if hist:
                seen = sum(v for (m, _k), v in hist.items() if m == n)
                if seen >= 8:
                    k = count(c, f, t.wild)
                    prior = binom(n, t.pm(f))[k]
                    return (hist.get((n, k), 0) + 2 * prior) / (seen + 2) / max(prior, 1e-9)
        fs = t.faces if not (t.palifico and i > 0) else (f,)
        if len(fs) == 1:
            honest = 1.0
        else:
            # a face's strength is its count in "dice of an ordinary face": a wild
            # face (Liar's Dice ones, bid at half the quantity) counts double
            z = sum(math.exp(self.sharp * strength(t, c, g)) for g in fs)
            honest = math.exp(self.sharp * strength(t, c, f)) / z
        aim = count(c, f, t.wild) + (t.total - n) * t.pm(f)   # an honest bidder's own odds
        over = q - aim - 0.8
        if over > 0:
            honest *= math.exp(-1.2 * over)
        elif i == 0 or t.bids[i - 1][2] != f:   # a chosen quantity says "about this many", both ways
            under = aim - q - 0.8
            if under > 0:
                honest *= math.exp(-0.8 * under)
        return self.trust * honest + (1 - self.trust) / len(fs)

    def _rival_pmf(self, t: Table, p: int, face: int, cache: dict) -> list[float]:
        key = (p, face)
        if key in cache:
            return cache[key]
        n = t.dice[p]
        mine = [i for i, b in enumerate(t.bids) if b[0] == p
                and (i == 0 or t.bids[i - 1][2] != b[2] or self.learns) and self._evidence(t, i)]
        if not mine:
            pmf = binom(n, t.pm(face))
        else:
            pmf = [0.0] * (n + 1)
            for c, pr in hands_of(n):
                w = pr
                for i in mine:
                    w *= self._face_like(t, p, c, i)
                pmf[count(c, face, t.wild)] += w
            z = sum(pmf) or 1.0
            pmf = [x / z for x in pmf]
        cache[key] = pmf
        return pmf

    def _evidence(self, t: Table, i: int) -> bool:
        """Whether the i-th bid of the round is read as evidence of its bidder's dice."""
        return True

    def hidden(self, t: Table, face: int, cache: dict) -> list[float]:
        key = ("all", face)
        if key not in cache:
            pmf = [1.0]
            for p in t.rivals:
                pmf = conv(pmf, self._rival_pmf(t, p, face, cache))
            cache[key] = pmf
        return cache[key]

    def p_true(self, t: Table, q: int, f: int, cache: dict) -> float:
        return tail(self.hidden(t, f, cache), q - t.mine(f))

    def p_exact(self, t: Table, q: int, f: int, cache: dict) -> float:
        return at(self.hidden(t, f, cache), q - t.mine(f))

    # --- choosing --------------------------------------------------------------
    def _bluffing(self, t: Table) -> bool:
        if not self.bluff_rate:
            return False
        spot = self.bluff_spot
        if spot == "open" and t.bids:
            return False
        if spot == "few" and t.dice[t.me] > 2:
            return False
        if spot == "duel" and len(t.rivals) > 1:
            return False
        if spot == "bait" and (t.palifico or t.dice[t.me] < self.bait_dice or not self._baits_next(t)):
            return False
        return self.rng.random() < self.bluff_rate

    def _bait_quantity(self, t: Table, f: int) -> int:
        """The least quantity a bait on ``f`` names (the cheapest raise unless more)."""
        return 0

    def _baits_next(self, t: Table) -> bool:
        """Whether to bait the next player to act (``Ambusher``): every bot but one does not."""
        return True

    def _call_chance(self, t: Table, q: int, f: int) -> float | None:
        """The learned chance the next player calls this bid (Exploiter), or None."""
        if not self.learns_calls or not t.rivals:
            return None
        nxt = next((p for s in range(1, len(t.dice)) if t.dice[(p := (t.me + s) % len(t.dice))]), None)
        if nxt is None:
            return None
        band = min(4, int(_plain(t, q, f, None) * 5))
        c = self._book(nxt)["calls"].get(band)
        if not c or c[1] < 6:
            return None
        return (c[0] + 0.5) / (c[1] + 1)

    def best_raise(self, t: Table, cache: dict):
        lows = t.lows()
        if not lows:
            return None
        faces = list(lows)
        if t.palifico and not t.bids and self.palifico_bluff:
            empty = [f for f in faces if t.mine(f) == 0]
            if empty:
                f = self.rng.choice(empty)
                return t.bid(lows[f], f), self.p_true(t, lows[f], f, cache)
        if self._bluffing(t):
            empty = [f for f in faces if t.mine(f) == 0
                     and not (self.bluff_spot == "bait" and t.current is not None and f == t.current[1])]
            if empty:
                f = self.rng.choice(empty)
                q = max(lows[f], self._bait_quantity(t, f))
                while q < t.total and self.p_true(t, q + 1, f, cache) >= self.bid_floor - 0.15 \
                        and t.bid(q + 1, f) is not None and t.bids:
                    q += 1
                return t.bid(q, f), self.p_true(t, q, f, cache)
        best = None
        for f in faces:
            q = lows[f]
            p = self.p_true(t, q, f, cache)
            key = (round(p, 6), t.mine(f), f)
            if best is None or key > best[0]:
                best = (key, f, q, p)
        assert best is not None
        _k, f, q, p = best
        while q < t.total and t.bid(q + 1, f) is not None:
            nxt = self.p_true(t, q + 1, f, cache)
            if nxt < self.bid_floor:
                break
            called = self._call_chance(t, q + 1, f)
            if called is not None and nxt < 0.75 and called > 0.5:
                break
            q, p = q + 1, nxt
        return t.bid(q, f), p

    def act(self, view, legal):
        t = Table(view, legal)
        cache: dict = {}
        raise_ = self.best_raise(t, cache)
        cur = t.current
        if cur is not None:
            q, f = cur
            pt = self.p_true(t, q, f, cache)
            jinto = t.action("Jinto")
            if jinto is not None and self.p_exact(t, q, f, cache) > self.jinto_above:
                return jinto
            call = t.action("Call")
            best_p = raise_[1] if raise_ is not None else 0.0
            if call is not None and t.mine(f) < q and (
                    raise_ is None or 1 - pt > best_p + self.call_margin or pt < self.call_below):
                return call
        if raise_ is None or raise_[0] is None:
            return t.action("Call") or t.action("Jinto") or legal[0]
        return raise_[0]

    def interject(self, view, legal):
        t = Table(view, legal)
        oot = t.action("CallOutOfTurn")
        if oot is None or t.current is None:
            return None
        q, f = t.current
        if t.mine(f) >= q:
            return None
        return oot if self.p_true(t, q, f, {}) < self.oot_below else None


def _plain(t: Table, q: int, f: int, hand) -> float:
    """The chance a bid is true from one seat's dice alone (``hand`` None: no dice known)."""
    if hand is None:
        return tail(binom(t.total, t.pm(f)), q)
    k = sum(1 for d in hand if d == f or (t.wild is not None and d == t.wild and f != t.wild))
    return tail(binom(t.total - len(hand), t.pm(f)), q - k)


# --- the kinds, two variants each: the first tunes, the second reports ---------------------------

class ReaderTrusting(LeagueBot):
    trust, sharp = 0.95, 3.0


class ReaderWary(LeagueBot):
    trust, sharp, bid_floor = 0.7, 2.0, 0.55


class ReaderPlain(LeagueBot):
    """Trusts bids about as a careful player does (the 'plain bid reader')."""
    trust, sharp, bid_floor = 0.9, 2.5, 0.65


class ReaderSharp(LeagueBot):
    trust, sharp, call_margin = 0.95, 4.0, -0.05


class BluffOpener(LeagueBot):
    bluff_rate, bluff_spot = 0.5, "open"


class BluffFewDice(LeagueBot):
    bluff_rate, bluff_spot, trust = 0.5, "few", 0.8


class BluffDuel(LeagueBot):
    bluff_rate, bluff_spot = 0.4, "duel"


class CallerLoose(LeagueBot):
    call_below, oot_below = 0.55, 0.3


class CallerTight(LeagueBot):
    call_below, trust, oot_below = 0.45, 0.95, 0.26


class FrequentBlufferA(LeagueBot):
    bluff_rate, trust = 0.5, 0.8


class FrequentBlufferB(LeagueBot):
    bluff_rate, trust, bid_floor = 0.5, 0.85, 0.5


class LearnerA(LeagueBot):
    learns, trust = True, 0.85


class LearnerB(LeagueBot):
    learns, trust = True, 0.95


class LearnerATwin(LeagueBot):
    """``LearnerA`` without its tables: the tell test's control on the tuning half."""
    trust = 0.85


class LearnerBTwin(LeagueBot):
    """``LearnerB`` without its tables: the tell test's control (what the tables add)."""
    trust = 0.95


class LearnerAFrozen(LearnerA):
    """``LearnerA`` with its tables frozen untrained: it reads every bid as the
    learner does (raises on the face bid included) and only never by what
    Hard's reveals taught it, so the tell test's gap is what those reveals
    taught and nothing else (the twin also reads bids otherwise).  It still
    files the reveals, unread, so ``tell`` measures what they showed."""
    reads_tables = False


class LearnerBFrozen(LearnerB):
    """``LearnerB`` with its tables frozen untrained: the tell test's clean control."""
    reads_tables = False


class LearnerPalificoA(LeagueBot):
    learns, trust, palifico_bluff = True, 0.85, True


class LearnerPalificoB(LeagueBot):
    learns, trust, palifico_bluff = True, 0.95, True


class ExploiterA(LeagueBot):
    learns, learns_calls, palifico_bluff, trust = True, True, True, 0.85


class ExploiterB(LeagueBot):
    learns, learns_calls, palifico_bluff, trust, bluff_rate, bluff_spot = True, True, True, 0.95, 0.15, "duel"


class Overbidder(LeagueBot):
    """Tuning only (issue 40, fifteenth session), the tuning half's bot of the
    class the outside exploiter found: it learns across games, per rival, how
    often that rival challenged a bid of mine by the bid's chance from the
    rival's own seat (``learns_calls``, band of ``_plain`` on the hand the cups
    showed), and raises its bid past its honest reading while the next player's
    expected call chance (over that player's count of the face, as my reading
    holds it) times the bid's chance of being false stays under ``over_risk``:
    above its hand where the rival does not call.  It reads bids through its
    tables (``learns``), and in Roll Call calls out of turn under ``oot_below``.
    Its numbers are its own; tune against this, never the outside group."""
    learns, learns_calls, trust, oot_below = True, True, 0.88, 0.2
    over_risk = 0.14    # most (chance called x chance false) an overbid may carry
    over_floor = 0.15   # never overbid to a bid my reading makes less likely than this

    def _expected_call(self, t: Table, q: int, f: int, cache: dict) -> float | None:
        """The next player's chance to challenge ``q x f`` by my tables of them, averaged
        over their count of ``f`` as my reading holds it (None: not learned enough)."""
        nxt = next((p for s in range(1, len(t.dice)) if t.dice[(p := (t.me + s) % len(t.dice))]), None)
        if nxt is None or nxt == t.me:
            return None
        calls = self._book(nxt)["calls"]
        rest = binom(t.total - t.dice[nxt], t.pm(f))
        out = 0.0
        for k, pk in enumerate(self._rival_pmf(t, nxt, f, cache)):
            c = calls.get(min(4, int(tail(rest, q - k) * 5)))
            if not c or c[1] < 6:
                return None
            out += pk * (c[0] + 0.5) / (c[1] + 1)
        return out

    def best_raise(self, t: Table, cache: dict):
        found = super().best_raise(t, cache)
        if found is None or found[0] is None or (t.palifico and not t.bids):
            return found
        bid, p = found
        q, f = bid.quantity, bid.face
        while q < t.total and t.bid(q + 1, f) is not None:
            nxt = self.p_true(t, q + 1, f, cache)
            called = self._expected_call(t, q + 1, f, cache)
            if called is None or nxt < self.over_floor or called * (1 - nxt) > self.over_risk:
                break
            q, p = q + 1, nxt
        return t.bid(q, f), p


class Ambusher(LeagueBot):
    """Built against Hard as it is (issue 40, sixth session), never tuned on:
    Hard reads a rival's choice of a new face as evidence of its dice (Roll
    Call's population prior trusts it 92.5% and learns slowly), so on 40% of
    its new-face bids (with 2+ dice, outside Palifico) the ambusher names a
    face it holds none of at the cheapest raise: bait.  A rival that trusts
    the bait raises on that face; the ambusher's own reading takes no rival
    bid on a face it baited as evidence (it may rest on the bait), so it calls
    such raises when they come to it, and in Roll Call calls one out of turn
    as soon as it reads it under ``oot_bait`` true, before the next player can
    take the bid on and the bidder's die with it."""
    bluff_rate, bluff_spot, trust, oot_bait = 0.4, "bait", 0.9, 0.4

    @staticmethod
    def baited(t: Table) -> dict[int, int]:
        """Face -> index of my first bid this round on a face I hold none of, chosen (not stayed on)."""
        out: dict[int, int] = {}
        for i, (p, _q, f) in enumerate(t.bids):
            if p == t.me and t.mine(f) == 0 and f not in out and (i == 0 or t.bids[i - 1][2] != f):
                out[f] = i
        return out

    def _evidence(self, t: Table, i: int) -> bool:
        bait = self.baited(t).get(t.bids[i][2])
        return bait is None or i < bait

    def interject(self, view, legal):
        t = Table(view, legal)
        oot = t.action("CallOutOfTurn")
        if oot is not None and t.current is not None and t.bids[-1][0] != t.me:
            q, f = t.current
            if f in self.baited(t) and t.mine(f) < q and self.p_true(t, q, f, {}) < self.oot_bait:
                return oot
        return super().interject(view, legal)


class AmbusherBold(Ambusher):
    """The ambusher whose bait names the quantity an honest bidder holding one
    die of the face above a blind hand's share would name (its count plus the
    mean of the dice it cannot see), so a reader that trusts quantities reads
    a strong hand into it."""

    def _bait_quantity(self, t: Table, f: int) -> int:
        n = t.dice[t.me]
        return math.floor(round(n * t.pm(f)) + 1 + (t.total - n) * t.pm(f))


class Baiter(Ambusher):
    """The ambusher's kind for tuning (issue 40, seventh session), unlike the
    reporting one in its numbers: it baits on fewer new-face bids (30%), only
    with 3+ dice, trusts bids less (0.85) but follows its dice more sharply
    (3.0), and calls a raise on its bait out of turn under 35% (it bids as
    high, to 60%).  Tuning Hard against this, never the
    ``Ambusher``, keeps the reporting row a check on the class, not on one bot."""
    bluff_rate, trust, sharp, bait_dice, oot_bait = 0.3, 0.85, 3.0, 3, 0.35


class CupReader(LeagueBot):
    """The tuning twin of a player who reads a lean in either direction (issue 40,
    fifteenth session; tuning only, ``TUNING_ONLY``): per rival and coarse kind of
    bid (opening / same face / new face, heads-up or not, Palifico) it sums the
    dice of the bid face the rival held, from the cups lifted at every call,
    against a blind hand's share, and once ``tilt_after`` dice of such bids are
    in, reads that rival's bids of the kind as a binomial tilted by the ratio,
    below one as well as above (a bid on a new face may say the face is *not*
    held).  It also learns how often each rival calls and bids to the edge of
    that (``learns_calls``).  At full tables Hard's new-face bids held half a
    blind share of the face, and a reader of exactly this kind called them."""
    learns, learns_calls, trust, sharp = True, True, 0.8, 2.0
    tilt_after = 40      # revealed dice of a kind's bids before its tilt is read
    tilt_prior = 3.0     # blind dice of pseudo-count pulling the ratio to 1

    @staticmethod
    def tilt_key(t: Table, i: int) -> tuple:
        """(place, heads-up, Palifico) of the i-th bid of the round."""
        _p, _q, f = t.bids[i]
        place = "open" if i == 0 else ("stay" if t.bids[i - 1][2] == f else "new")
        return place, sum(1 for n in t.dice if n) == 2, t.palifico

    def _learn(self, t: Table, reveal) -> None:
        super()._learn(t, reveal)
        hands = reveal[1]
        for i, (p, _q, f) in enumerate(t.bids):
            if p == self.player or p >= len(hands) or not hands[p]:
                continue
            n = len(hands[p])
            tilt = self._book(p).setdefault("tilt", {}).setdefault(self.tilt_key(t, i), [0, 0.0, 0])
            tilt[0] += sum(1 for d in hands[p] if d == f or (t.wild is not None and d == t.wild and f != t.wild))
            tilt[1] += n * t.pm(f)
            tilt[2] += n

    def _face_like(self, t: Table, p: int, c: Sequence[int], i: int) -> float:
        tilt = self._book(p).get("tilt", {}).get(self.tilt_key(t, i))
        if tilt is None or tilt[2] < self.tilt_after:
            return super()._face_like(t, p, c, i)
        f, n = t.bids[i][2], t.dice[p]
        base = t.pm(f)
        ratio = (tilt[0] + self.tilt_prior) / (tilt[1] + self.tilt_prior)
        tilted = min(0.95, max(0.03, base * ratio))
        k = count(c, f, t.wild)
        return (tilted / base) ** k * ((1 - tilted) / (1 - base)) ** (n - k)


KINDS: dict[str, tuple[type, ...]] = {
    "reader": (ReaderTrusting, ReaderPlain),
    "reader2": (ReaderWary, ReaderSharp),
    "spot-bluffer": (BluffOpener, BluffFewDice),
    "caller": (CallerLoose, CallerTight),
    "frequent-bluffer": (FrequentBlufferA, FrequentBlufferB),
    "learner": (LearnerA, LearnerB),
    "learner-palifico": (LearnerPalificoA, LearnerPalificoB),
    "exploiter": (ExploiterA, ExploiterB),
}
"""Every kind's variants in a fixed order (``HALVES`` splits them)."""

HALVES: dict[str, dict[str, type]] = {
    half: {kind: variants[i] for kind, variants in KINDS.items()}
    for i, half in enumerate(("tuning", "reporting"))
}
"""The split, a fixed rule: the first variant of every kind is the tuning half,
the second the reporting half.  Tune only against ``HALVES["tuning"]``."""

REPORTING_ONLY: dict[str, type] = {"ambusher": Ambusher, "ambusher-bold": AmbusherBold}
"""Bots written against Hard as it is, in the reporting half alone (no tuning
twin: the calibration fit plays the tuning half by name, ``tools/bidcalib_fit.py``)."""
HALVES["reporting"].update(REPORTING_ONLY)
TUNING_ONLY: dict[str, type] = {"ambusher": Baiter, "cup-reader": CupReader, "overbidder": Overbidder}
"""The tuning half's bots of the reporting-only kinds (and ``CupReader``, the
outside exploiter's tuning twins, whose class has no league bot to report on), kept out of ``HALVES``
(the calibration fit plays ``HALVES["tuning"]``: adding one would change the
shipped fit's population); ``bot_of`` finds them."""

EXTRA = (BluffDuel,)   # written, in neither half: kept for ad-hoc checks
TWINS: dict[str, dict[str, type]] = {"tuning": {"learner": LearnerATwin}, "reporting": {"learner": LearnerBTwin}}
"""Each half's learner without its tables (the tell test compares the two), so a
tell tuned on the tuning half never meets the reporting learner's twin."""
FROZEN: dict[str, dict[str, type]] = {"tuning": {"learner": LearnerAFrozen}, "reporting": {"learner": LearnerBFrozen}}
"""Each half's learner itself with its tables never read (issue 40, twelfth
session): the tell test's control.  The twin differs from the learner in more
than its tables (it reads no raise on the face already bid), so a gap to the
twin mixes what the learner learned with how it reads; a gap to the frozen
learner is only what it learned from the reveals."""


def tell(bot: str = "", rival: str = "") -> tuple[int, float]:
    """(bids, tell per bid) of what the learners tabulated: per kind of bid
    (``bid_key``), the bids' summed lean (dice of the bid face held above a
    blind hand's share) squared over their number, summed over kinds and
    divided by the bids.  About 0.5 to 1 (a die's variance) over the number of
    bids per kind when the kinds say nothing of the hand; it grows with what
    they tell (Hard before issue 40's priced kinds: 0.455 per bid over 932
    revealed bids against the tuning learner).  ``bot``/``rival``: only those
    tables (class name, seat name)."""
    bids, told = 0, 0.0
    for (name, _game, _me, who), book in [item for copy in _copies() for item in copy.LeagueBot._memory.items()]:
        if (bot and name != bot) or (rival and who != rival):
            continue
        for n, total in book.get("lean", {}).values():
            bids += n
            told += total * total / n
    return bids, told / max(1, bids)


def spec(cls: type) -> str:
    """The bot as ``ai-report --opponents`` names a guest."""
    return f"{HERE}:{cls.__name__}"


def _copies() -> list:
    """This module and every copy of it loaded as a guest bot (``spec``: by
    path, under another module name), each with learners' tables of its own."""
    return [m for m in list(sys.modules.values()) if getattr(m, "LeagueBot", None) is not None
            and Path(getattr(m, "__file__", "") or ".").resolve() == HERE] or [sys.modules[__name__]]


def reset_memory() -> None:
    """Forget every learner's tables, in every copy of this module (each table
    of a report starts fresh)."""
    for copy in _copies():
        copy.LeagueBot._memory.clear()


# --------------------------------------------------------------------------
# The issue's tables, on one half
# --------------------------------------------------------------------------

ROWS = {
    # (game, tested level, opponent kind, opponents, games)
    "rc-reader-1": ("roll-call", "hard", "reader", 1),
    "ld-reader-3": ("liars-dice", "hard", "reader", 3),
    "rc-reader-3": ("roll-call", "hard", "reader", 3),
    "rc-reader-5": ("roll-call", "hard", "reader", 5),
    "rc-frequent-bluffer-3": ("roll-call", "hard", "frequent-bluffer", 3),
    "ld-learner-1": ("liars-dice", "hard", "learner", 1),
    "ld-learner-palifico-1": ("liars-dice", "hard", "learner-palifico", 1),
    "ld-learner-twin-1": ("liars-dice", "hard", "learner-twin", 1),
    "rc-learner-twin-1": ("roll-call", "hard", "learner-twin", 1),
    "ld-learner-frozen-1": ("liars-dice", "hard", "learner-frozen", 1),
    "rc-learner-frozen-1": ("roll-call", "hard", "learner-frozen", 1),
    "ld-exploiter-1": ("liars-dice", "hard", "exploiter", 1),
    "ld-normal-reader-1": ("liars-dice", "normal", "reader", 1),
    "rc-normal-reader-1": ("roll-call", "normal", "reader", 1),
    "ld-reader-1": ("liars-dice", "hard", "reader", 1),
    "ld-reader2-1": ("liars-dice", "hard", "reader2", 1),
    "rc-reader2-1": ("roll-call", "hard", "reader2", 1),
    "ld-reader-5": ("liars-dice", "hard", "reader", 5),
    "ld-spot-bluffer-1": ("liars-dice", "hard", "spot-bluffer", 1),
    "rc-spot-bluffer-3": ("roll-call", "hard", "spot-bluffer", 3),
    "ld-caller-3": ("liars-dice", "hard", "caller", 3),
    "rc-caller-1": ("roll-call", "hard", "caller", 1),
    "rc-learner-1": ("roll-call", "hard", "learner", 1),
    "rc-exploiter-1": ("roll-call", "hard", "exploiter", 1),
    "ld-ambusher-1": ("liars-dice", "hard", "ambusher", 1),
    "ld-ambusher-3": ("liars-dice", "hard", "ambusher", 3),
    "rc-ambusher-1": ("roll-call", "hard", "ambusher", 1),
    "rc-ambusher-3": ("roll-call", "hard", "ambusher", 3),
    "rc-ambusher-5": ("roll-call", "hard", "ambusher", 5),
    "ld-ambusher-bold-1": ("liars-dice", "hard", "ambusher-bold", 1),
    "ld-ambusher-bold-3": ("liars-dice", "hard", "ambusher-bold", 3),
    "rc-ambusher-bold-1": ("roll-call", "hard", "ambusher-bold", 1),
    "rc-ambusher-bold-3": ("roll-call", "hard", "ambusher-bold", 3),
    "rc-overbidder-1": ("roll-call", "hard", "overbidder", 1),
    "rc-overbidder-3": ("roll-call", "hard", "overbidder", 3),
    "rc-overbidder-5": ("roll-call", "hard", "overbidder", 5),
    "ld-overbidder-1": ("liars-dice", "hard", "overbidder", 1),
    "ld-overbidder-3": ("liars-dice", "hard", "overbidder", 3),
    "ld-overbidder-5": ("liars-dice", "hard", "overbidder", 5),
}
ROWS.update({f"{short}-cup-reader-{n}": (game, "hard", "cup-reader", n)
             for short, game in (("ld", "liars-dice"), ("rc", "roll-call")) for n in (1, 3, 5)})
"""Hard against the outside exploiter's tuning twin (``CupReader``, tuning half only)."""
OUTSIDE_ROWS = tuple(
    [f"{g}-outside-{kind}-{n}" for g in ("ld", "rc") for kind in ("reader", "exploiter", "odds") for n in (1, 3, 5)]
    + ["ld-normal-outside-reader-1", "rc-normal-outside-reader-1"])
"""Rows against the outside group (``game/dev/outside_bots.py``: in neither half, never
tuned on): Hard heads-up, with 3 and with 5 of each bot; Normal heads-up against the reader
(``--rows outside``)."""
ROWS.update({row: ({"ld": "liars-dice", "rc": "roll-call"}[row[:2]], "normal" if "-normal-" in row else "hard",
                   "outside-" + row.split("-")[-2], int(row.split("-")[-1])) for row in OUTSIDE_ROWS})
ISSUE40 = ("rc-reader-1", "ld-reader-3", "rc-reader-3", "rc-reader-5", "rc-frequent-bluffer-3",
           "ld-learner-1", "ld-learner-palifico-1", "ld-normal-reader-1", "rc-normal-reader-1")
"""The rows of issue 40's table, in its order."""
TELL = ("ld-learner-1", "ld-learner-frozen-1", "ld-learner-twin-1",
        "rc-learner-1", "rc-learner-frozen-1", "rc-learner-twin-1")
"""The tell test (``--rows tell``): the learner against itself with its tables
frozen untrained (the control), and against its twin without tables (the
earlier control, kept so its figures stay comparable)."""


def bot_of(half: str, kind: str) -> type:
    """The half's bot of a kind (``learner-twin``: the half's learner's twin without
    tables; ``learner-frozen``: the half's learner with its tables never read;
    ``outside-*``: the outside group, the same in both halves as it is in neither)."""
    if kind in _outside().OUTSIDE:
        return _outside().OUTSIDE[kind]
    if kind.endswith("-twin"):
        return TWINS[half][kind[:-5]]
    if kind.endswith("-frozen"):
        return FROZEN[half][kind[:-7]]
    if half == "tuning" and kind in TUNING_ONLY:
        return TUNING_ONLY[kind]
    if kind not in HALVES[half]:
        raise SystemExit(f"no {kind!r} bot in the {half} half (reporting only: {', '.join(REPORTING_ONLY)})")
    return HALVES[half][kind]


def _outside():
    """The outside group's module (imported on use: the league reads none of it)."""
    from game.dev import outside_bots
    return outside_bots


def run_row(row: str, half: str, games: int, seed: int, fresh: bool = False, every: int = 0, on_game=None):
    """One row on one half: ``ai_report.run_report`` with the half's bot of the kind.
    ``every``: print the win rate so far every that many games; ``on_game``: called
    with the report and the match after every game (``outside_report``)."""
    from game.dev import ai_report
    game, level, kind, n = ROWS[row]
    reset_memory()
    _outside().reset_memory()
    bot = bot_of(half, kind)
    opponents = [_outside().spec(bot) if kind in _outside().OUTSIDE else spec(bot)] * n

    def progress(rep, match) -> None:
        if every:
            _progress(row, rep, every)
        if on_game is not None:
            on_game(rep, match)
    return ai_report.run_report(game, level, opponents, games, seed, fresh=fresh, progress=progress)


def _progress(row: str, rep, every: int) -> None:
    """``--progress N``: the row's win rate so far, every N games (what ``--games`` of that many prints)."""
    n = len(rep.outcomes)
    if n % every == 0:
        from game.core.sim import wilson
        lo, hi = wilson(rep.wins, rep.seat_games)
        print(f"|   {row} after {n} games | {100 * rep.wins / max(1, rep.seat_games):.1f}% "
              f"({100 * lo:.1f}-{100 * hi:.1f}) |", flush=True)


def _halves_rate(outcomes: list[float]) -> tuple[str, str]:
    from game.core.sim import wilson
    h = len(outcomes) // 2
    cells = []
    for part in (outcomes[:h], outcomes[h:]):
        lo, hi = wilson(sum(part), len(part))
        cells.append(f"{100 * sum(part) / max(1, len(part)):.1f}% ({100 * lo:.1f}-{100 * hi:.1f})")
    return cells[0], cells[1]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.dev.league")
    ap.add_argument("--half", choices=tuple(HALVES), default="reporting")
    ap.add_argument("--rows", default="issue40", help="issue40, tell, outside, all, or row names separated by commas")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fresh", action="store_true", help="Hard meets every bot as a stranger (no rival memory)")
    ap.add_argument("--progress", type=int, default=0, metavar="N",
                    help="print each row's win rate so far every N games (the same figure --games N gives)")
    ap.add_argument("--deciles", action="store_true",
                    help="after each row, the tested level's stated chance against what came true, per decile")
    args = ap.parse_args(argv)
    named = {"issue40": ISSUE40, "tell": TELL, "all": tuple(ROWS), "outside": OUTSIDE_ROWS}
    rows = named.get(args.rows) or tuple(args.rows.split(","))
    print(f"| row | table ({args.half} half) | games | tested seat's win rate (95% CI) | first half | second half "
          f"| worst calibration gap (deciles 100+) | honesty excess | decision p99 ms | tell per bid (learners) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        rep = run_row(row, args.half, args.games, args.seed, fresh=args.fresh, every=args.progress)
        j = rep.to_json()
        lo, hi = j["ci95"]
        game, level, kind, n = ROWS[row]
        first, second = _halves_rate(rep.outcomes)
        bids, told = tell()
        print(f"| {row} | {game}: {level} + {n} {bot_of(args.half, kind).__name__} | {args.games} "
              f"| {100 * j['win_rate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}) | {first} | {second} "
              f"| {100 * j['worst_gap']:.1f} | {j['honesty']['excess']:+.3f} | {j['decision_ms']['p99']} "
              f"| {f'{told:.3f} over {bids}' if bids else '-'} |", flush=True)
        if args.deciles:
            for kind, deciles in j["calibration"].items():
                for d in deciles:
                    lo_d, hi_d = d["observed_ci95"]
                    print(f"|   {row} {kind} | stated {d['decile']} | {d['n']} | said {100 * d['stated']:.1f}% "
                          f"| came true {100 * d['observed']:.1f}% ({100 * lo_d:.1f}-{100 * hi_d:.1f}) "
                          f"| gap {100 * d['gap']:+.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
