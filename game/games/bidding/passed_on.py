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
(``TableReader.call_chance``): the player at distance ``j`` past the next
faces the bid raised ``j`` times on the same face (the one raise every
player always has; a Palifico round's only kind) and calls it with the
chance their model gives for a bid that likely from their seat.  A call by
any of them costs a rival a die (either the caller or the rival who raised):
``rival_value``.  If every rival lets it through the bid comes back to me,
``seats`` raises higher, and I take the better of calling it by my reading
and passing it on again (worth nothing, as before).  Rivals past ``depth``
are not rolled out: the round is taken to end among them.

Each player's count is independent in my posterior and their call depends
on their own count only, so the chance the round passes everyone is a
product of each player's expected let-through, exact under the model: no
sampling, a few dozen operations per bid even at 20 seats.
"""
from __future__ import annotations

from .spot import BidSpot, TableReader, next_seat
from ...core.dice import prob_at_least


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


def let_through(reader: TableReader, spot: BidSpot, seat: int, quantity: int, face: int) -> float:
    """The chance ``seat`` lets a bid of ``quantity`` x ``face`` through,
    over my reading of its dice and its learned call habit."""
    unseen, p = spot.total - spot.dice[seat], spot.p_match(face)
    return sum(pk * (1 - reader.call_chance(seat, prob_at_least(quantity - k, unseen, p)))
               for k, pk in enumerate(reader.player_pmf(spot, seat, face)) if pk > 1e-9)


def passed_on_value(reader: TableReader, spot: BidSpot, quantity: int, face: int, G: float,
                    depth: int) -> float:
    """The value (dice) of my bid of ``quantity`` x ``face`` once the next
    player raised it instead of calling (module doc)."""
    nxt = spot.next_player
    if nxt is None or nxt == spot.me:
        return 0.0
    seats = chain(spot, nxt, depth)
    through = 1.0
    for j, seat in enumerate(seats):
        through *= let_through(reader, spot, seat, quantity + 1 + j, face)
    value = G * (1 - through)
    if next_seat(spot.dice, seats[-1] if seats else nxt) != spot.me:
        return value + G * through   # past ``depth``: the round ends among rivals
    back = quantity + 1 + len(seats)
    pt = reader.chance_true(spot, back, face)
    return value + through * max(0.0, (1 - pt) * G - pt)
