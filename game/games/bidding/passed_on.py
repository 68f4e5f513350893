"""What a bid is worth once the next player lets it through (3+ seats).

``BidBrain.bid_value`` weighs my bid by whether the next player calls it.
Until issue 40's seventh session the other branch, "not called", was worth
nothing ("the risk moves on").  At a table of three or more that is wrong
in a way that tilts every decision: the round still costs someone a die,
and while the challenge lands between rivals each lost die is worth
``rival_value`` to me, the very amount a call of mine is credited with when
it wins.  So a call was valued with the round's whole outcome, a raise with
only its first answer, and Hard challenged where passing the bid on was
better.

This rolls the round on over the players who will be left to act after the
next one, each read through my posterior of their dice for the face
(``TableReader.player_pmf``) and their learned call habit
(``TableReader.call_chance``).  A challenge between rivals costs a rival a
die (``rival_value``).  If every rival lets it through the bid comes back to
me and I take the better of calling it by my reading and passing it on again
(worth nothing, as before).  Rivals past ``depth`` are not rolled out: the
round is taken to end among them.  Roll Call's out-of-turn call can be
weighed against the same roll-out from the player to act's raise
(``raiser``; ``BidBrain.waited_on``).

By default each raise between rivals is the cheapest on the same face.  Two
refinements (issue 40, eighth session) are options, both off for Liar's Dice
Hard because on the tuning half the first version lost (AI-NOTES, "Issue 40,
eighth session"):

* ``faces`` (``Style.rollout_faces``): the cheapest legal raise by the game's
  own rule (``BidSpot.raises``), on the same face with the chance this
  round's raises stayed on theirs (``stay_share``), else on any other face
  alike.  A bid back on a face a rival moved it to is passed on, not called
  (``CALL_ONLY_MY_FACE``): calling it by my reading, which has not seen the
  move, took every switched bid for a bluff.
* ``jinto`` (``Style.rollout_jintos``): a challenge between rivals is a Jinto
  with the share this game's rivals' challenges were (``JintoHabit``), and a
  right Jinto only moves a die from one rival to another.

Each player's count is independent in my posterior and their call depends
on their own count only, so the value is a sum over the few bids the round
can reach of products of each player's expected let-through, exact under the
model: no sampling, memoised per decision (``BidSpot.rolled``), so every bid
weighed in one decision shares the values of the bids its raises reach.
"""
from __future__ import annotations

from .spot import BidSpot, TableReader, next_seat
from ...core.dice import prob_at_least

CALL_ONLY_MY_FACE = True
"""A bid that comes back to me on a face a rival moved it to is passed on
(worth 0), not called by my reading: the raiser's choice of face is evidence
of their hand the reading at my decision has not seen."""

JINTO_PRIOR = (1.0, 5.0)
"""(Jintos, challenges) a table's rivals are taken to have made before any
reveal: one challenge in five an exact call."""


class JintoHabit:
    """How many of this game's rivals' challenges were Jintos, from the
    reveals watched (``BidSpot.reveal_kind``): the share a challenge between
    rivals in the roll-out is a Jinto.  Fed from the watched moves alone, so a
    continued game counts exactly what the uninterrupted one did."""

    def __init__(self) -> None:
        self.jintos, self.challenges = JINTO_PRIOR
        self._seen: set[int] = set()

    def settle(self, spot: BidSpot) -> None:
        reveal = spot.reveal
        if reveal is None or spot.reveal_kind is None or reveal[0] in self._seen:
            return
        self._seen.add(reveal[0])
        if reveal[2] is None or reveal[2] == spot.me:
            return
        self.challenges += 1.0
        self.jintos += 1.0 if spot.reveal_kind == "jinto" else 0.0

    def share(self, spot: BidSpot) -> float:
        """The chance a rival's challenge is a Jinto (0 where there is none)."""
        return self.jintos / self.challenges if spot.jinto is not None else 0.0


def chain(spot: BidSpot, first: int, depth: int) -> list[int]:
    """The rivals who act after ``first`` in turn order, up to ``depth`` of
    them, stopping at my seat."""
    out: list[int] = []
    seat = first
    while len(out) < depth:
        seat = next_seat(spot.dice, seat)
        if seat in (spot.me, first):
            break
        out.append(seat)
    return out


def stay_share(spot: BidSpot) -> float:
    """The chance a raise between rivals stays on the face bid: this round's
    raises that did, counted with one that did and one that did not (a
    Palifico round's raises always stay)."""
    if spot.fixed_face:
        return 1.0
    stays = sum(1 for a, b in zip(spot.bids, spot.bids[1:]) if a[2] == b[2])
    return (stays + 1.0) / (len(spot.bids) - 1 + 2.0) if spot.bids else 0.5


def next_bids(spot: BidSpot, bid: tuple[int, int], stay: float) -> list[tuple[tuple[int, int], float]]:
    """The raises a rival makes on ``bid`` in the roll-out, with their
    chances: the cheapest legal one on the same face with chance ``stay``,
    else the cheapest on any other face alike (``BidSpot.raises``; none past
    the dice on the table)."""
    key = ("raises", bid, stay)
    hit = spot.rolled.get(key)
    if hit is not None:
        return hit
    lows = {f: q for f, q in spot.raises(bid).items() if q <= spot.total}
    q, f = bid
    others = [(g, lo) for g, lo in lows.items() if g != f]
    same = lows.get(f)
    if same is None:
        out = [((lo, g), 1.0 / len(others)) for g, lo in others]
    elif not others:
        out = [((same, f), 1.0)]
    else:
        out = [((same, f), stay)] + [((lo, g), (1 - stay) / len(others)) for g, lo in others]
    spot.rolled[key] = out
    return out


def let_through(reader: TableReader, spot: BidSpot, seat: int, quantity: int, face: int) -> float:
    """The chance ``seat`` lets a bid of ``quantity`` x ``face`` through,
    over my reading of its dice and its learned call habit."""
    key = (reader, seat, quantity, face)   # (the reader itself, not its id: the coach may weigh one spot with two)
    hit = spot.rolled.get(key)
    if hit is None:
        calls = spot.rolled.get((reader, seat))
        if calls is None:   # its call chance per fifth of how likely the bid is from its seat
            calls = spot.rolled[(reader, seat)] = [reader.call_chance(seat, (b + 0.5) / 5) for b in range(5)]
        unseen, p = spot.total - spot.dice[seat], spot.p_match(face)
        hit = spot.rolled[key] = sum(
            pk * (1 - calls[min(4, int(prob_at_least(quantity - k, unseen, p) * 5))])
            for k, pk in enumerate(reader.player_pmf(spot, seat, face)) if pk > 1e-9)
    return hit


def challenge_value(reader: TableReader, spot: BidSpot, bid: tuple[int, int], G: float, jinto: float) -> float:
    """What a challenge between rivals on ``bid`` is worth to me: a rival's
    lost die, unless it is a right Jinto (a die moved between rivals: 0)."""
    if not jinto:
        return G
    return G * (1 - jinto * reader.chance_exact(spot, *bid))


def passed_on_value(reader: TableReader, spot: BidSpot, quantity: int, face: int, G: float,
                    depth: int, jinto: float = 0.0, raiser: int | None = None, faces: bool = True) -> float:
    """The value (dice) of my bid of ``quantity`` x ``face`` once the next
    player raised it instead of calling (module doc); ``jinto``: the share of
    rivals' challenges that are Jintos.  ``raiser``: who raised it, when not
    the next player after me (Roll Call: a rival's bid I may call out of turn,
    let through by the player to act).  ``faces`` False: every raise stays on
    the face bid, one higher (the seventh session's roll-out)."""
    nxt = spot.next_player if raiser is None else raiser
    if nxt is None or nxt == spot.me:
        return 0.0
    roll = RollOut(reader, spot, tuple(chain(spot, nxt, depth)), G, jinto, nxt, face, faces)
    return sum(w * roll.faced(0, bid) for bid, w in roll.raised((quantity, face)))


class RollOut:
    """One roll-out's fixed facts; ``faced`` is memoised on the spot, so every
    bid weighed in one decision shares the values of the bids its raises reach."""

    def __init__(self, reader: TableReader, spot: BidSpot, seats: tuple[int, ...], G: float, jinto: float,
                 raiser: int, face: int, faces: bool) -> None:
        self.reader, self.spot, self.seats, self.G, self.jinto = reader, spot, seats, G, jinto
        self.faces = faces
        self.stay = stay_share(spot)
        self.back = next_seat(spot.dice, seats[-1] if seats else raiser) == spot.me
        self.face = face
        self.key = (reader, seats, G, jinto, self.back, faces, face if CALL_ONLY_MY_FACE else 0)

    def raised(self, bid: tuple[int, int]) -> list[tuple[tuple[int, int], float]]:
        """The raises a rival makes on ``bid`` (``next_bids``; without
        ``faces``, the same face one higher, as the seventh session's)."""
        return next_bids(self.spot, bid, self.stay) if self.faces else [((bid[0] + 1, bid[1]), 1.0)]

    def faced(self, j: int, bid: tuple[int, int]) -> float:
        """The value to me of the round once ``seats[j]`` faces ``bid``: a
        challenge between rivals, else their raise faced by the next (past the
        last: the round ends among rivals, or comes back to me)."""
        key = ("faced", self.key, j, bid)
        hit = self.spot.rolled.get(key)
        if hit is not None:
            return hit
        reader, spot, G = self.reader, self.spot, self.G
        if j == len(self.seats):
            if not self.back:
                value = G   # past ``depth``: the round ends among rivals
            elif CALL_ONLY_MY_FACE and bid[1] != self.face:
                value = 0.0   # a face a rival moved to: their choice says they hold it, which my reading cannot weigh
            else:
                pt = reader.chance_true(spot, *bid)
                value = max(0.0, (1 - pt) * G - pt)
        else:
            challenged = challenge_value(reader, spot, bid, G, self.jinto)
            through = let_through(reader, spot, self.seats[j], *bid)
            raises = self.raised(bid)
            onward = sum(w * self.faced(j + 1, nb) for nb, w in raises) if raises else challenged
            value = (1 - through) * challenged + through * onward   # no raise left: they must challenge
        spot.rolled[key] = value
        return value
