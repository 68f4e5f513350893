"""Who may call my bid out of turn (Roll Call): every rival but the next player.

Issue 40, seventeenth session: at four seats a third of the dice Roll Call Hard
lost on its own false bids went to out-of-turn calls (1.06 a game against three
tuning cup readers, right 85% of the time), while ``BidBrain.bid_value`` weighed
only the next player's answer, so a bluff the next player would let through
looked free.  ``OotHabit`` learns, per rival, how often they call out of turn a
bid that is so likely from their seat (the bids of this game's rounds, scored
at each reveal against the lifted cups); ``oot_risk`` turns it into the chance
my bid is called out of turn while false, and while true.  Fed from the
watched moves alone, so a continued game learns exactly what the uninterrupted
one did.
"""
from __future__ import annotations

from .bids import count_matching, match_chance, pmf_at_least
from .spot import BidSpot, TableReader, next_seat
from ...core.dice import prob_at_least

OOT_BANDS = (0.03, 0.1, 0.2, 0.4)
"""Upper edges of the bands of a bid's chance from the interjector's seat that
its habit is learned in (the last band runs to 1): out-of-turn calls crowd
at the bottom, where a wrong one (two dice) is least likely."""

OOT_PRIOR = ((0.1, 4.0), (0.1, 4.0), (0.06, 4.0), (0.01, 4.0), (0.002, 4.0))
"""Per band (``OOT_BANDS``): (rate, weight) of the out-of-turn calls a stranger
is taken to make before its own are seen."""


class OotHabit:
    """Per rival and band of a bid's chance from that rival's dice, how often
    it called the bid out of turn when it could (``interjectors``)."""

    def __init__(self) -> None:
        self.bins: dict[int, list[list[float]]] = {}
        self._round: tuple[int, tuple] = (-1, ())   # the round watched last, and its bids
        self._seen: set[int] = set()

    def watch(self, spot: BidSpot) -> None:
        """Keep this round's bids (they are gone from the next round's view), and
        score the last round's at its reveal."""
        reveal = spot.reveal
        if reveal is not None and reveal[0] not in self._seen and reveal[0] == self._round[0]:
            self._seen.add(reveal[0])
            self._learn(spot, self._round[1], reveal)
        if spot.bids and (spot.round_no != self._round[0] or len(spot.bids) >= len(self._round[1])):
            self._round = (spot.round_no, tuple(spot.bids))

    def _learn(self, spot: BidSpot, bids: tuple, reveal) -> None:
        _round, hands, caller, last = reveal
        if last is not None and (not bids or tuple(bids[-1]) != tuple(last)):
            bids = bids + (tuple(last),)
        dice = [len(h) for h in hands]
        total = sum(dice)
        for i, (bidder, q, f) in enumerate(bids):
            if bidder >= len(dice) or not dice[bidder]:
                continue
            turn = next_seat(dice, bidder)
            for r in interjectors(dice, bidder, turn, spot.me):
                x = prob_at_least(q - count_matching(hands[r], f, spot.wild), total - dice[r],
                                  match_chance(f, spot.wild, spot.sides))
                b = self._bins(r)[band(x)]
                b[0] += 1.0 if (i == len(bids) - 1 and caller == r) else 0.0
                b[1] += 1.0

    def _bins(self, player: int) -> list[list[float]]:
        found = self.bins.get(player)
        if found is None:
            found = self.bins[player] = [[rate * w, w] for rate, w in OOT_PRIOR]
        return found

    def chance(self, player: int, x: float) -> float:
        """The chance ``player`` calls out of turn a bid ``x`` likely from their seat."""
        calls, seen = self._bins(player)[band(x)]
        return calls / seen


def band(x: float) -> int:
    """The ``OOT_BANDS`` band of a bid ``x`` likely from the interjector's seat."""
    return sum(1 for edge in OOT_BANDS if x >= edge)


def interjectors(dice, bidder: int, turn: int, me: int) -> list[int]:
    """The seats that may call ``bidder``'s bid out of turn, but mine, in the
    order the table asks them (clockwise from the player to act's left)."""
    out: list[int] = []
    seat = turn
    for _ in range(len(dice)):
        seat = next_seat(dice, seat)
        if seat in (bidder, turn):
            break
        if seat != me:
            out.append(seat)
    return out


def oot_risk(reader: TableReader, habit: OotHabit, spot: BidSpot, q: int, f: int, most: int) -> tuple[float, float]:
    """(chance my bid ``q`` x ``f`` is called out of turn and false, chance it
    is called out of turn and true), over the first ``most`` rivals asked:
    for each, over the count of the face their dice may hold (my posterior),
    their habit at the bid's chance from their seat, and the bid's truth
    given that count; the first call ends the asking."""
    nxt = spot.next_player
    if nxt is None:
        return 0.0, 0.0
    need = q - spot.mine(f)
    p = spot.p_match(f)
    false = true = 0.0
    quiet = 1.0   # chance no earlier rival called
    for r in interjectors(spot.dice, spot.me, nxt, spot.me)[:most]:
        others = reader.hidden_pmf(spot, f, skip=(r,))
        unseen = spot.total - spot.dice[r]
        a = b = 0.0
        for k, pk in enumerate(reader.player_pmf(spot, r, f)):
            if pk < 1e-9:
                continue
            o = habit.chance(r, prob_at_least(q - k, unseen, p))
            t = pmf_at_least(others, need - k)
            a += pk * o * (1 - t)
            b += pk * o * t
        false += quiet * a
        true += quiet * b
        quiet *= 1 - a - b
    return false, true
