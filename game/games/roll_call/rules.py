"""Roll Call rules engine (pure: no pygame, no pymunk).

Every player rolls hidden dice whose 1 face is the Emblem, wild for every
bid.  Players bid on Twos to Sixes; the player to the bidder's left raises or
calls.  Anyone else still holding dice (not the bidder, not the player to
act) may call *out of turn* until the next bid is made: wrong costs the caller
two dice.  The round's loser opens the next one; the last player with dice
wins.  Player-facing text and the house decisions: RULES.md beside this file.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..bidding.bids import Bid, Call, count_matching
from ..bidding.snapshot import BiddingSnapshot, RevealFacts, nobody, revealed_hands, visible_hands
from ...core.protocol import (CHANCE, Action, DieGroup, Game, GameInfo, OptionSpec,
                              RollRequest, RollResult, State)

EMBLEM = 1
"""The Emblem face (it stands where a 1 would be); wild for every bid."""
BID_FACES = (2, 3, 4, 5, 6)
WRONG_OUT_OF_TURN_PENALTY = 2
"""Text: "If you are wrong, you must lose TWO dice"."""


def matches(faces, face: int) -> int:
    """How many of ``faces`` count for a bid on ``face``: the face plus Emblems."""
    return count_matching(faces, face, EMBLEM)


def is_raise(old: tuple[int, int] | None, quantity: int, face: int) -> bool:
    """The Roll Call raise rule (text): quantity never goes down; with the
    same quantity the value must go up; a higher quantity allows any value.
    Any bid opens a round (``old`` is None)."""
    if face not in BID_FACES or quantity < 1:
        return False
    if old is None:
        return True
    old_q, old_f = old
    return quantity > old_q or (quantity == old_q and face > old_f)


def minimum_raises(old: tuple[int, int]) -> dict[int, int]:
    """The smallest legal quantity per face after ``old`` (``is_raise``): the
    same quantity on a higher value, one more on any other."""
    q, f = old
    return {face: q if face > f else q + 1 for face in BID_FACES}


def minimum_raise(old: tuple[int, int] | None, total_dice: int) -> tuple[int, int] | None:
    """The smallest legal bid after ``old`` (None when none is left)."""
    if old is None:
        return (1, BID_FACES[0])
    q, f = old
    if f < BID_FACES[-1]:
        return (q, f + 1)
    if q < total_dice:
        return (q + 1, BID_FACES[0])
    return None


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------

# ``Bid`` and ``Call`` (by the player to act) are the shared bidding actions of
# game.games.bidding.bids, so the shared bid picker and history panel speak them.

@dataclass(frozen=True)
class CallOutOfTurn(Action):
    """Someone other than the bidder and the player to act calls the bid."""

    def label(self) -> str:
        return "call out of turn!"

    def sentence(self, words, seat: int) -> str:
        """The commentary's line: "Mags calls out of turn!", "You call out of turn!"."""
        return f"{words.says(seat, 'calls', 'call')} out of turn!"


# --------------------------------------------------------------------------
# Public records
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class BidRecord:
    player: int
    quantity: int
    face: int


@dataclass(frozen=True)
class Reveal:
    """What everyone sees when a call lifts the domes (kept until the next call).

    ``counts[p]`` is the fingers player p holds up: their dice showing the
    face plus their Emblems."""
    round_no: int
    quantity: int
    face: int
    bidder: int
    caller: int
    out_of_turn: bool
    hands: tuple[tuple[int, ...], ...]
    counts: tuple[int, ...]
    total: int
    bid_true: bool
    loser: int
    dice_lost: int
    eliminated: bool

    def to_json(self) -> dict:
        return {k: (list(map(list, v)) if k == "hands" else list(v) if isinstance(v, tuple) else v)
                for k, v in self.__dict__.items()}


@dataclass(frozen=True)
class RollCallView:
    """All one seat may know: its own dice and the public table."""
    me: int
    num_players: int
    dice_counts: tuple[int, ...]
    my_dice: tuple[int, ...]
    round_no: int
    opener: int
    turn: Optional[int]
    bid: Optional[tuple[int, int]]
    bidder: Optional[int]
    round_bids: tuple[BidRecord, ...]
    interjectors: tuple[int, ...]
    last_reveal: Optional[Reveal]
    rolling: bool
    over: bool

    @property
    def total_dice(self) -> int:
        return sum(self.dice_counts)

    @property
    def alive(self) -> tuple[int, ...]:
        return tuple(p for p, n in enumerate(self.dice_counts) if n > 0)


# --------------------------------------------------------------------------
# Game and state
# --------------------------------------------------------------------------

class RollCallGame(Game):
    info = GameInfo(
        "roll-call", "Roll Call", "Liar's dice with Emblem wilds and out-of-turn calls.", 2, 10,
        options=(
            OptionSpec("starting_dice", "Dice per player", "int", 5, 1, 6,
                       help="Dice each player starts with (house rule: 5, so four players start with 20 dice)."),
            OptionSpec("odds_helper", "Odds helper", "bool", False, house=False,
                       help="Show the chance a bid is true and the out-of-turn break-even."),
        ),
        hidden_dice=True)
    action_types = (Bid, Call, CallOutOfTurn)

    def new_initial_state(self) -> "RollCallState":
        return RollCallState(self)


class RollCallState(State):
    """One moment of Roll Call.  ``phase`` is "roll" (waiting for every
    player's throw), "bid" (someone must bid or call) or "over"."""

    def __init__(self, game: RollCallGame):
        super().__init__(game)
        n = game.num_players
        self.dice_counts = [game.options["starting_dice"]] * n
        self.hands: list[tuple[int, ...]] = [()] * n
        self.phase = "roll"
        self.round_no = 1
        self.opener = 0  # House rule: the first seat opens round 1.
        self.turn: int | None = None
        self.bids: list[BidRecord] = []
        self.last_reveal: Reveal | None = None
        self.out_order: list[int] = []  # players in the order they lost their last die

    # --- helpers ------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def total_dice(self) -> int:
        return sum(self.dice_counts)

    @property
    def bid(self) -> tuple[int, int] | None:
        return (self.bids[-1].quantity, self.bids[-1].face) if self.bids else None

    @property
    def bidder(self) -> int | None:
        return self.bids[-1].player if self.bids else None

    def alive(self) -> list[int]:
        return [p for p, n in enumerate(self.dice_counts) if n > 0]

    def next_alive(self, player: int) -> int:
        """The next player to ``player``'s left (clockwise) still holding dice."""
        n = self.num_players
        for step in range(1, n + 1):
            q = (player + step) % n
            if self.dice_counts[q] > 0:
                return q
        raise AssertionError("nobody holds dice")

    def clone(self) -> "RollCallState":
        twin = RollCallState.__new__(RollCallState)
        twin.game = self.game
        twin.dice_counts = list(self.dice_counts)
        twin.hands = list(self.hands)
        twin.phase = self.phase
        twin.round_no = self.round_no
        twin.opener = self.opener
        twin.turn = self.turn
        twin.bids = list(self.bids)
        twin.last_reveal = self.last_reveal
        twin.out_order = list(self.out_order)
        return twin

    # --- who acts -------------------------------------------------------------
    def chance_request(self) -> RollRequest | None:
        if self.phase != "roll":
            return None
        return RollRequest(tuple(DieGroup(p, "emblem", self.dice_counts[p], hidden=True)
                                 for p in self.alive()), reason=f"round {self.round_no}")

    def turn_player(self) -> int | None:
        return self.turn if self.phase == "bid" else None

    def interjectors(self) -> tuple[int, ...]:
        """Text: "You can call a bid out of turn (When you are not sitting to the
        left of the Bidder)": everyone with dice but the bidder and the player
        to act, while a bid stands."""
        if self.phase != "bid" or not self.bids:
            return ()
        return tuple(p for p in self.alive() if p not in (self.bidder, self.turn))

    def is_terminal(self) -> bool:
        return self.phase == "over"

    # --- actions --------------------------------------------------------------
    def _legal_actions(self, player: int) -> list[Action]:
        if player != self.turn:
            return [CallOutOfTurn()] if player in self.interjectors() else []
        out: list[Action] = []
        if self.bids:
            out.append(Call())
        start = minimum_raise(self.bid, self.total_dice)
        if start is None:
            return out
        q, f = start
        out.extend(Bid(q, face) for face in BID_FACES if face >= f)
        out.extend(Bid(qq, face) for qq in range(q + 1, self.total_dice + 1) for face in BID_FACES)
        return out

    def is_legal(self, player: int, action: Action) -> bool:
        """Direct check (the bid list reaches 250 at a full table)."""
        if self.phase != "bid":
            return False
        if isinstance(action, CallOutOfTurn):
            return player in self.interjectors()
        if player != self.turn:
            return False
        if isinstance(action, Call):
            return bool(self.bids)
        if isinstance(action, Bid):
            return (type(action.quantity) is int and type(action.face) is int
                    and action.quantity <= self.total_dice and is_raise(self.bid, action.quantity, action.face))
        return False

    def _apply(self, player: int, action: Action) -> None:
        if player == CHANCE:
            assert isinstance(action, RollResult)
            self.hands = [()] * self.num_players
            for p, faces in zip(self.alive(), action.faces):
                self.hands[p] = tuple(faces)
            self.phase = "bid"
            self.turn = self.opener
            self.bids = []
        elif isinstance(action, Bid):
            self.bids.append(BidRecord(player, action.quantity, action.face))
            self.turn = self.next_alive(player)
        else:
            self._resolve_call(player, out_of_turn=isinstance(action, CallOutOfTurn))

    def _resolve_call(self, caller: int, out_of_turn: bool) -> None:
        """Text: equal to or greater than the quantity -> the caller loses;
        else the bidder loses.  A wrong out-of-turn caller loses TWO dice
        (house: all they have if they hold fewer)."""
        assert self.bid is not None and self.bidder is not None  # a call answers a bid
        quantity, face = self.bid
        bidder = self.bidder
        counts = tuple(matches(h, face) for h in self.hands)
        total = sum(counts)
        bid_true = total >= quantity
        loser = caller if bid_true else bidder
        lost = min(self.dice_counts[loser], WRONG_OUT_OF_TURN_PENALTY if (bid_true and out_of_turn) else 1)
        self.dice_counts[loser] -= lost
        eliminated = self.dice_counts[loser] == 0
        if eliminated:
            self.out_order.append(loser)
        self.last_reveal = Reveal(self.round_no, quantity, face, bidder, caller, out_of_turn,
                                  tuple(self.hands), counts, total, bid_true, loser, lost, eliminated)
        self.turn = None
        if len(self.alive()) <= 1:
            self.phase = "over"
            return
        # Text: "The player who has lost a die starts the bidding for the next
        # round ... If that player has lost his last die ... Play continues to
        # the eliminated player's left."
        self.opener = loser if not eliminated else self.next_alive(loser)
        self.round_no += 1
        self.phase = "roll"

    # --- the end --------------------------------------------------------------
    def ranking(self) -> tuple[int, ...]:
        """Winner 0; the others by how long they lasted (last out = 2nd)."""
        places = [0] * self.num_players
        for place, p in enumerate(reversed(self.out_order), start=1):
            places[p] = place
        return tuple(places)

    # --- seeing ---------------------------------------------------------------
    def view(self, player: int) -> RollCallView:
        return RollCallView(
            me=player, num_players=self.num_players, dice_counts=tuple(self.dice_counts),
            my_dice=self.hands[player] if self.phase == "bid" else (),
            round_no=self.round_no, opener=self.opener, turn=self.turn_player(), bid=self.bid,
            bidder=self.bidder, round_bids=tuple(self.bids), interjectors=self.interjectors(),
            last_reveal=self.last_reveal, rolling=self.phase == "roll", over=self.phase == "over")

    def summary(self) -> dict:
        return {
            "phase": self.phase, "round": self.round_no, "opener": self.opener, "turn": self.turn,
            "dice_counts": list(self.dice_counts), "hands": [list(h) for h in self.hands],
            "bids": [[b.player, b.quantity, b.face] for b in self.bids],
            "last_reveal": self.last_reveal.to_json() if self.last_reveal else None,
            "out_order": list(self.out_order),
        }


# --------------------------------------------------------------------------
# The table's snapshot (game/games/bidding/snapshot.py): the same names as Liar's Dice's
# --------------------------------------------------------------------------
def legal_minimums(bid: tuple[int, int] | None, total_dice: int) -> dict[int, int]:
    """Lowest legal quantity per face under the Roll Call raise rule (every
    larger quantity up to ``total_dice`` is legal too)."""
    start = minimum_raise(bid, total_dice)
    if start is None:
        return {}
    q, f = start
    return {face: (q if face >= f else q + 1) for face in BID_FACES}


def table_snapshot(state: RollCallState, may_see: Callable[[int], bool] = nobody) -> BiddingSnapshot:
    """What the table may show of ``state``: hands only where ``may_see(seat)``."""
    r = state.last_reveal
    reveal = None
    if r is not None:
        reveal = RevealFacts(
            kind="out-of-turn" if r.out_of_turn else "call", challenger=r.caller, bidder=r.bidder,
            quantity=r.quantity, face=r.face, wild=EMBLEM, hands=revealed_hands(r.hands), counts=r.counts, count=r.total,
            challenger_right=not r.bid_true, loser=r.loser, dice_lost=r.dice_lost, gainer=None,
            eliminated=r.eliminated, round_no=r.round_no)
    return BiddingSnapshot(
        dice=tuple(state.dice_counts), held=tuple(len(h) for h in state.hands),
        hands=visible_hands(state.hands, may_see), round_no=state.round_no, opener=state.opener,
        turn=state.turn_player(), bid=state.bid, bidder=state.bidder, wild=EMBLEM,
        minimums=tuple(legal_minimums(state.bid, state.total_dice).items()), max_quantity=state.total_dice,
        challenges=("call",) if state.bids else (), interjectors=state.interjectors(), reveal=reveal)


GAME = RollCallGame


def check_invariants(prev: RollCallState, action: Action, state: RollCallState) -> None:
    """Conservation laws, checked by the harness after every action."""
    assert all(n >= 0 for n in state.dice_counts), "negative dice"
    assert all(b <= a for a, b in zip(prev.dice_counts, state.dice_counts)), "dice can only be lost"
    lost = prev.total_dice - state.total_dice
    if isinstance(action, (Call, CallOutOfTurn)):
        reveal = state.last_reveal
        assert reveal is not None and reveal.round_no == prev.round_no
        assert reveal.loser in (reveal.bidder, reveal.caller), "the loser is the bidder or the caller"
        assert lost == reveal.dice_lost and 1 <= lost <= WRONG_OUT_OF_TURN_PENALTY
        only_loser = [p for p in range(state.num_players) if prev.dice_counts[p] != state.dice_counts[p]]
        assert only_loser == [reveal.loser], "exactly one player loses dice on a call"
        expected = 1 if (reveal.bid_true is False or not reveal.out_of_turn) else min(2, prev.dice_counts[reveal.loser])
        assert lost == expected
        assert reveal.bid_true == (reveal.total >= reveal.quantity)
        assert reveal.total == sum(matches(h, reveal.face) for h in prev.hands)
    else:
        assert lost == 0, "dice lost without a call"
    if isinstance(action, Bid):
        assert is_raise(prev.bid, action.quantity, action.face) and action.quantity <= prev.total_dice
    if state.phase == "bid":
        assert all(len(state.hands[p]) == state.dice_counts[p] for p in range(state.num_players))
        assert state.turn is not None and state.dice_counts[state.turn] > 0, "an eliminated player never acts"
        assert all(state.dice_counts[p] > 0 for p in state.interjectors())
    if state.phase == "over":
        assert len(state.alive()) == 1
    assert len(state.out_order) + len(state.alive()) == state.num_players


def hand_and_wild(state, player: int):
    """A seat's dice and the round's wild face (the coach's and ai-report's honesty figures)."""
    return state.hands[player], EMBLEM


def table_count(state, face: int) -> int:
    """Dice that count for a bid on ``face`` (the coach's and ai-report's outcomes)."""
    return sum(matches(h, face) for h in state.hands)
