"""Both bidding games' table snapshots (game/games/bidding/snapshot.py) agree with their
states, under the same names, over seeded AI games: dice, hands (only the
seat allowed to see them), the standing bid and bidder, the legal raises the
picker offers, the challenges, out-of-turn callers and every reveal's facts.
The per-game sentences (bidtext.py) are read from the same snapshots."""
from __future__ import annotations

import random

import pytest

from game.games.bidding.bids import Bid
from game.games.bidding.snapshot import BiddingSnapshot, hand_order, nobody
from game.core.match import Match, Seat
from game.core.protocol import CHANCE
from game.games.liars_dice import rules as ld_rules
from game.games.liars_dice.bidtext import LiarsDiceText
from game.games.roll_call import rules as rc_rules
from game.games.roll_call.bidtext import RollCallText
from game.core.grammar import Voice

# the same facts under each game's own names: what the snapshot unifies
GAMES = {
    "liars-dice": (ld_rules.table_snapshot, LiarsDiceText, "dice", "faces", "current_bid"),
    "roll-call": (rc_rules.table_snapshot, RollCallText, "dice_counts", "hands", "bid"),
}
CHALLENGE_NAMES = {"Call": "call", "Jinto": "jinto"}


def _seats(n: int, rng: random.Random) -> list[Seat]:
    return [Seat(f"P{i}", "ai", rng.choice(("easy", "normal"))) for i in range(n)]


def _check_snapshot(state, snap: BiddingSnapshot, viewer: int, names) -> None:
    _, _, dice_name, hands_name, bid_name = names
    raw_hands = getattr(state, hands_name)
    assert snap.dice == tuple(getattr(state, dice_name))
    assert snap.held == tuple(len(h) for h in raw_hands)
    # secrecy: the viewer's faces (in the one order a hand is shown) and nobody else's
    assert snap.hands[viewer] == hand_order(raw_hands[viewer])
    assert all(h is None for seat, h in enumerate(snap.hands) if seat != viewer)
    assert snap.bid == getattr(state, bid_name)
    assert snap.turn == state.turn_player()
    assert snap.round_no == state.round_no and snap.opener == state.opener
    turn = snap.turn
    if turn is not None:
        legal = state.legal_actions(turn)
        bids = {(a.quantity, a.face) for a in legal if isinstance(a, Bid)}
        offered = {(q, f) for f, lo in snap.minimums for q in range(lo, snap.max_quantity + 1)}
        assert offered == bids, "the picker's minimums and maximum give exactly the legal bids"
        assert snap.max_quantity == snap.total_dice
        assert set(snap.challenges) == {CHALLENGE_NAMES[type(a).__name__] for a in legal
                                        if not isinstance(a, Bid)}
        others = {p for p in range(len(snap.dice)) if p != turn and state.legal_actions(p)}
        assert set(snap.interjectors) == others
    else:
        assert snap.interjectors == ()


def _check_reveal(before: BiddingSnapshot, after: BiddingSnapshot, before_hands, player, action) -> None:
    r = after.reveal
    assert r is not None and r.challenger == player and r.bidder == before.bidder
    assert (r.quantity, r.face) == before.bid
    assert r.kind == {"Call": "call", "Jinto": "jinto", "CallOutOfTurn": "out-of-turn"}[type(action).__name__]
    assert r.hands == tuple(hand_order(h) for h in before_hands), "the reveal shows the hands as they were, in order"
    assert r.wild == before.wild
    assert r.counts == tuple(sum(1 for f in h if r.counts_for_bid(f)) for h in r.hands)
    assert r.count == sum(r.counts) and r.dice_before == before.total_dice
    assert (r.loser == player) == (not r.challenger_right)
    lost = before.dice[r.loser] - after.dice[r.loser] + (1 if r.gainer == r.loser else 0)
    assert lost == r.dice_lost and r.eliminated == (after.dice[r.loser] == 0)
    if r.gainer is not None:
        assert after.dice[r.gainer] == before.dice[r.gainer] + 1 and r.kind == "jinto" and r.challenger_right
    assert r.round_no == before.round_no


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", [3, 11, 29])
def test_snapshot_matches_the_state_in_seeded_games(game_id, seed):
    names = GAMES[game_id]
    snapshot_of, text_class = names[0], names[1]
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    match = Match(game_id, _seats(n, rng), {"starting_dice": rng.randint(1, 3)}, seed)
    text = text_class(Voice(match.seats))
    reveals = 0
    for _ in range(3000):
        state = match.state
        viewer = rng.randrange(n)
        snap = snapshot_of(state, lambda seat: seat == viewer)
        _check_snapshot(state, snap, viewer, names)
        assert all(h is None for h in snapshot_of(state, nobody).hands)
        # the sentences read the same snapshot without failing
        assert text.opening(snap)[0].endswith("the bidding")
        text.odds_line(snap, viewer)
        if snap.turn is not None:
            text.turn_line(snap, snap.turn, rng.random() < 0.5)
        if state.is_terminal():
            break
        before, before_hands = snapshot_of(state, nobody), tuple(getattr(state, names[3]))
        count = len(match.history)
        assert match.step()
        for player, action in match.history[count:]:
            if player != CHANCE and not isinstance(action, Bid):
                after = snapshot_of(match.state, nobody)
                _check_reveal(before, after, before_hands, player, action)
                reveals += 1
                r = after.reveal
                assert text.verdict(r).startswith(f"{r.count} ")
                assert text.shout(r).endswith("!")
                shout, tally, _note = text.reveal_lines(r, r.count)
                assert str(r.count) in tally and match.seats[player].name in shout
    assert match.state.is_terminal() and reveals >= n - 1


def test_both_games_share_one_vocabulary():
    """The same field names for both games: the table never reads a game's own fields."""
    ld = ld_rules.table_snapshot(Match("liars-dice", _seats(3, random.Random(1)), {}, 1).state)
    rc = rc_rules.table_snapshot(Match("roll-call", _seats(3, random.Random(1)), {}, 1).state)
    assert type(ld) is type(rc) is BiddingSnapshot
    assert ld.hands == rc.hands == (None, None, None)
    assert ld.wild == rc.wild == 1 and ld.bid is rc.bid is None
