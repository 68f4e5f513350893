"""Liar's Dice with Jinto and Palifico: the pure rules engine.

Rule sources: ../shared/rules/liars-dice.txt and its HOUSE-RULES.md section;
decisions the texts leave open are written up in RULES.md ("House rule:").

A round: every player still in throws their hidden dice at once (one
``RollRequest`` with a group per player), then players bid in turn to the
left (rising seat numbers) until someone says Call or Jinto; the challenge
is settled, dice are lost (or moved by Jinto), and the next round is thrown.
"""
from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Callable, Optional, Sequence

from ..bidding.bids import Bid, Call, count_matching
from ..bidding.snapshot import BiddingSnapshot, RevealFacts, nobody, revealed_hands, visible_hands
from ...core.protocol import (CHANCE, Action, DieGroup, Game, GameInfo, IllegalActionError,
                              OptionSpec, RollRequest, RollResult, State)

WILD = 1
FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Jinto(Action):
    """Challenge the last bid as *exactly* right."""

    def label(self) -> str:
        return "Jinto!"

    def sentence(self, words, seat: int) -> str:
        """The commentary's line: "Mags says “Jinto!”"."""
        return f"{words.says(seat, 'says', 'say')} “Jinto!”"


# --------------------------------------------------------------------------
# Bid legality: one pure function used by the engine, the AI and the UI
# --------------------------------------------------------------------------

def is_raise(prev: Optional[tuple[int, int]], quantity: int, face: int, *, palifico: bool,
             palifico_face: Optional[int] = None) -> bool:
    """Whether bid (quantity, face) may follow ``prev`` (None = opening bid).

    Normal round: raise the quantity (face free); cut to ones with at least
    ceil(q/2); out of ones with more ones or 2q+1 of another face; the
    opening bid is not on ones.  Palifico: every bid on the opening face,
    only the quantity rises; the opening may be on any face, ones included."""
    if quantity < 1 or face not in FACES:
        return False
    if prev is None:
        return palifico or face != WILD
    q, f = prev
    if palifico:
        return face == (palifico_face if palifico_face is not None else f) and quantity > q
    if f != WILD:
        return quantity >= ceil(q / 2) if face == WILD else quantity > q
    return quantity > q if face == WILD else quantity >= 2 * q + 1


def minimum_raises(prev: Optional[tuple[int, int]], *, palifico: bool,
                   palifico_face: Optional[int] = None) -> dict[int, int]:
    """Smallest legal quantity per face (faces with no legal bid left out);
    every larger quantity of that face is legal too."""
    out = {}
    for face in FACES:
        if prev is None:
            lo = 1
        elif palifico:
            lo = prev[0] + 1
        elif prev[1] != WILD:
            lo = ceil(prev[0] / 2) if face == WILD else prev[0] + 1
        else:
            lo = prev[0] + 1 if face == WILD else 2 * prev[0] + 1
        if is_raise(prev, lo, face, palifico=palifico, palifico_face=palifico_face):
            out[face] = lo
    return out


_BIDS: dict[int, list[Bid]] = {face: [] for face in FACES}
"""Bid(q, face) for q = 0, 1, ... per face, made once: bids are frozen values,
so the engine hands out the same objects instead of building hundreds per
decision."""

_LEGAL: dict[tuple, tuple[Action, ...]] = {}
"""Legal actions per (standing bid, palifico, palifico face, dice on the table):
the same for every seat and state with those facts (bounded, see ``_legal``)."""
_LEGAL_LIMIT = 50_000

_MINIMUMS: dict[tuple, dict[int, int]] = {}
"""``minimum_raises`` per (standing bid, palifico, palifico face), for the
engine's own legality check (bounded like ``_LEGAL``; never handed out)."""

_CHALLENGES = (Call(), Jinto())
"""The challenges every legal list ends with (frozen values, made once)."""

_REQUESTS: dict[tuple, RollRequest] = {}
"""The roll request per (dice per seat, round, palifico) (frozen values; bounded)."""

_GOOD_GROUPS: set = set()
"""Tuples already checked to be faces 1-6 as ints (a roll's group is checked
once, not die by die every round; bounded)."""


def _minimums(prev, palifico: bool, palifico_face) -> dict[int, int]:
    key = (prev, palifico, palifico_face)
    found = _MINIMUMS.get(key)
    if found is None:
        if len(_MINIMUMS) >= _LEGAL_LIMIT:
            _MINIMUMS.clear()
        found = _MINIMUMS[key] = minimum_raises(prev, palifico=palifico, palifico_face=palifico_face)
    return found


_GROUPS: dict[tuple[int, int], DieGroup] = {}


def _group(owner: int, count: int) -> DieGroup:
    """A seat's hidden d6 group (made once per seat and count: groups are frozen values)."""
    group = _GROUPS.get((owner, count))
    if group is None:
        group = _GROUPS[(owner, count)] = DieGroup(owner, "d6", count, hidden=True)
    return group


def _bids_of(face: int, top: int) -> list[Bid]:
    row = _BIDS[face]
    while len(row) <= top:
        row.append(Bid(len(row), face))
    return row


def _legal(prev, palifico: bool, palifico_face, top: int) -> tuple[Action, ...]:
    """Every legal action given the round's facts, in the engine's order: bids
    face by face (1-6), quantity rising, then Call and Jinto."""
    key = (prev, palifico, palifico_face, top)
    legal = _LEGAL.get(key)
    if legal is None:
        actions: list[Action] = []
        for face, lo in minimum_raises(prev, palifico=palifico, palifico_face=palifico_face).items():
            if lo <= top:
                actions.extend(_bids_of(face, top)[lo:top + 1])
        if prev is not None:
            actions += _CHALLENGES
        if len(_LEGAL) >= _LEGAL_LIMIT:
            _LEGAL.clear()
        legal = _LEGAL[key] = tuple(actions)
    return legal


# --------------------------------------------------------------------------
# What every seat sees
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Challenge:
    """The public outcome of the last Call or Jinto (all cups were lifted)."""
    kind: str                      # "call" | "jinto"
    challenger: int
    bidder: int
    quantity: int
    face: int
    wilds: bool                    # ones counted (not a Palifico round)
    faces: tuple[tuple[int, ...], ...]  # everyone's dice, by seat (empty if out)
    count: int
    loser: int                     # the one player who lost a die
    gainer: Optional[int]          # Jinto winner who took a die, if any
    eliminated: bool               # the loser is out of the game
    palifico_next: bool            # the next round is Palifico

    @property
    def winner(self) -> int:
        return self.bidder if self.loser == self.challenger else self.challenger


class _RoundFacts:
    """What follows from a round's bid list, for the state and the view alike
    (both have ``bids`` as (player, quantity, face) and ``palifico``)."""

    bids: Sequence[tuple[int, int, int]]
    palifico: bool

    @property
    def current_bid(self) -> Optional[tuple[int, int]]:
        return (self.bids[-1][1], self.bids[-1][2]) if self.bids else None

    @property
    def palifico_face(self) -> Optional[int]:
        return self.bids[0][2] if self.palifico and self.bids else None

    @property
    def wild(self) -> Optional[int]:
        return None if self.palifico else WILD


@dataclass(frozen=True)
class LiarsView(_RoundFacts):
    """All one seat may know: its own dice and public facts."""
    me: int
    my_faces: tuple[int, ...]
    dice: tuple[int, ...]           # dice count per seat (0 = out)
    bids: tuple[tuple[int, int, int], ...]  # (player, quantity, face) this round
    turn: Optional[int]
    opener: int
    palifico: bool
    round_no: int
    starting_dice: int
    jinto_cap: bool
    last_challenge: Optional[Challenge]
    skip_palifico_two: bool = False   # the option: it changes what a heads-up round is worth

    @property
    def total_dice(self) -> int:
        return sum(self.dice)

    @property
    def unseen(self) -> int:
        return self.total_dice - len(self.my_faces)

    @property
    def players_in(self) -> tuple[int, ...]:
        return tuple(p for p, n in enumerate(self.dice) if n > 0)


def _frozen(cls, fields: dict):
    """An instance of the frozen dataclass ``cls`` with ``fields`` (every field,
    by name), without its ``__init__``'s one ``object.__setattr__`` per field:
    equal, hashable and immutable like one made the usual way."""
    obj = object.__new__(cls)
    obj.__dict__.update(fields)
    return obj


_new = object.__new__


# --------------------------------------------------------------------------
# Game and State
# --------------------------------------------------------------------------

class LiarsDiceGame(Game):
    info = GameInfo(
        "liars-dice", "Liar's Dice", "Bid, bluff, call, or cry Jinto: dice under every cup.", 2, 20,
        options=(
            OptionSpec("starting_dice", "Starting dice", "int", 3, 1, 6,
                       help="Dice each player starts with (the classic game uses 3).", house=False),
            OptionSpec("jinto_cap", "Cap Jinto gains", "bool", False,
                       help="A correct Jinto cannot raise you above the starting dice."),
            OptionSpec("skip_palifico_two", "No Palifico with two left", "bool", False,
                       help="When only two players remain, rounds are never Palifico."),
            OptionSpec("odds_helper", "Odds helper", "bool", False,
                       help="Show the chance bids are true, from what you can see (display only)."),
        ),
        hidden_dice=True)
    action_types = (Bid, Call, Jinto)

    def new_initial_state(self) -> "LiarsState":
        return LiarsState(self)


class LiarsState(_RoundFacts, State):
    def __init__(self, game: LiarsDiceGame):
        super().__init__(game)
        n = game.num_players
        self.dice = [game.options["starting_dice"]] * n
        self.faces: list[tuple[int, ...]] = [()] * n
        self.rolled = False
        self.opener = 0            # House rule: the first seat opens round 1
        self.turn: Optional[int] = None
        self.bids: list[tuple[int, int, int]] = []
        self.palifico = False
        self.round_no = 1
        self.out_order: list[int] = []   # eliminated players, first out first
        self.last_challenge: Optional[Challenge] = None

    def clone(self) -> "LiarsState":
        twin = LiarsState.__new__(LiarsState)
        twin.__dict__ = self.__dict__.copy()
        twin.dice = self.dice[:]
        twin.faces = self.faces[:]
        twin.bids = self.bids[:]
        twin.out_order = self.out_order[:]
        return twin

    # --- helpers ----------------------------------------------------------
    @property
    def options(self) -> dict:
        return self.game.options

    def players_in(self) -> list[int]:
        return [p for p, n in enumerate(self.dice) if n > 0]

    def next_player(self, player: int) -> int:
        """The next player to the left who still has dice."""
        dice = self.dice
        n = len(dice)
        for q in range(player + 1, n):
            if dice[q] > 0:
                return q
        for q in range(0, min(player + 1, n)):
            if dice[q] > 0:
                return q
        return player


    def table_count(self, face: int) -> int:
        """Dice on the table that count for a bid on ``face`` this round
        (``count_matching`` over every hand, by ``tuple.count``)."""
        wild = None if self.palifico else WILD
        if wild is None or wild == face:
            return sum(fs.count(face) for fs in self.faces)
        return sum(fs.count(face) + fs.count(wild) for fs in self.faces)

    # --- protocol -----------------------------------------------------------
    def chance_request(self) -> Optional[RollRequest]:
        if self.rolled or self.is_terminal():
            return None
        key = (tuple(self.dice), self.round_no, self.palifico)
        request = _REQUESTS.get(key)
        if request is None:
            groups = tuple(_group(p, n) for p, n in enumerate(self.dice) if n > 0)
            reason = f"round {self.round_no}" + (" (Palifico)" if self.palifico else "")
            if len(_REQUESTS) >= _LEGAL_LIMIT:
                _REQUESTS.clear()
            request = _REQUESTS[key] = RollRequest(groups, reason)
        return request

    def turn_player(self) -> Optional[int]:
        # ``rolled`` implies the game goes on: a roll needs two players with
        # dice, and only a challenge (which ends the rolled state) removes dice
        return self.turn if self.rolled else None

    def is_terminal(self) -> bool:
        dice = self.dice
        return dice.count(0) >= len(dice) - 1   # at most one player still has dice

    # the protocol's answers, without building the chance request (hot paths
    # of playouts and search; same results as the generic ``State`` ones)
    def is_chance(self) -> bool:
        return not self.rolled and not self.is_terminal()

    def current_players(self) -> tuple[int, ...]:
        return (self.turn,) if self.rolled and self.turn is not None else ()

    def ranking(self) -> tuple[int, ...]:
        """Winner 0; the rest by how long they stayed in (last out = 1)."""
        places = [0] * len(self.dice)
        for i, p in enumerate(reversed(self.out_order)):
            places[p] = i + 1
        return tuple(places)

    def legal_actions(self, player: int) -> list[Action]:
        if not self.rolled or player != self.turn:
            return []   # only the turn player acts (``current_players``)
        bids = self.bids
        palifico = self.palifico
        key: tuple
        if bids:
            last = bids[-1]
            key = ((last[1], last[2]), palifico, bids[0][2] if palifico else None, sum(self.dice))
        else:
            key = (None, palifico, None, sum(self.dice))
        legal = _LEGAL.get(key)
        return list(legal if legal is not None else _legal(*key))

    def apply(self, player: int, action: Action) -> "LiarsState":
        """``State.apply`` with the same checks and errors, on a shorter path:
        a legal bid is recognised from the cached smallest raises and a
        challenge from the bid list (anything else is checked once by
        ``is_legal`` and worded by it), and a roll whose
        faces are plainly right (one tuple of ints 1-6 per player still in,
        as many as their dice) skips building the request; anything else
        goes through the generic checks and their messages."""
        if player == CHANCE:
            rolled = self._rolled_twin(action)
            return rolled if rolled is not None else super().apply(player, action)
        if type(action) is Bid and self.rolled and player == self.turn:
            # ``is_legal`` for a bid, from the cached smallest raises
            quantity, face = action.quantity, action.face
            bids = self.bids
            if type(quantity) is int and type(face) is int and quantity <= sum(self.dice):
                palifico = self.palifico
                if bids:
                    last = bids[-1]
                    lo = _minimums((last[1], last[2]), palifico, bids[0][2] if palifico else None).get(face)
                else:
                    lo = _minimums(None, palifico, None).get(face)
                if lo is not None and lo <= quantity:
                    twin = LiarsState.__new__(LiarsState)
                    twin.__dict__ = self.__dict__.copy()
                    twin.bids = bids + [(player, quantity, face)]
                    twin.turn = self.next_player(player)
                    return twin
        elif (type(action) is Call or type(action) is Jinto) and self.bids and self.rolled and player == self.turn:
            return self._challenged(player, action)
        if not self.is_legal(player, action):
            if self.is_terminal():
                raise IllegalActionError("the game is over")
            raise IllegalActionError(f"not a legal move for player {player} now: "
                                     f"{type(action).__name__} ({action.label()})")
        if type(action) is Bid:
            # a bid changes only the bid list and the turn: the twin shares
            # the (never mutated after ``apply``) dice, faces and out lists
            twin = LiarsState.__new__(LiarsState)
            twin.__dict__ = self.__dict__.copy()
            twin.bids = self.bids + [(player, action.quantity, action.face)]
            twin.turn = self.next_player(player)
            return twin
        return self._challenged(player, action)

    def _challenged(self, player: int, action: Action) -> "LiarsState":
        """The state after a legal Call or Jinto: only the dice and the out
        list change in place (the twin shares nothing it changes)."""
        twin = LiarsState.__new__(LiarsState)
        twin.__dict__ = self.__dict__.copy()
        twin.dice = self.dice[:]
        twin.out_order = self.out_order[:]
        twin._settle(player, "jinto" if type(action) is Jinto else "call")
        return twin

    def _rolled_twin(self, action: Action) -> Optional["LiarsState"]:
        """The state after a plainly right roll (one tuple of ints 1-6 per
        player still in, in seat order, as many as their dice), or None for
        anything else (the generic checks then decide and word the error).
        Same result as ``_apply``; the twin shares the unchanged dice list."""
        if self.rolled or type(action) is not RollResult or self.is_terminal():
            return None
        rolled = action.faces
        if type(rolled) is not tuple:
            return None
        dice = self.dice
        faces: list[tuple[int, ...]] = [()] * len(dice)
        k = 0
        for owner, n in enumerate(dice):
            if n <= 0:
                continue
            if k >= len(rolled):
                return None
            group = rolled[k]
            k += 1
            if type(group) is not tuple or len(group) != n:
                return None
            if group not in _GOOD_GROUPS:
                for f in group:
                    if type(f) is not int or not 0 < f < 7:
                        return None
                if len(_GOOD_GROUPS) >= _LEGAL_LIMIT:
                    _GOOD_GROUPS.clear()
                _GOOD_GROUPS.add(group)
            faces[owner] = group
        if k != len(rolled):
            return None
        twin = LiarsState.__new__(LiarsState)
        twin.__dict__ = self.__dict__.copy()
        twin.faces = faces
        twin.bids = []
        twin.rolled = True
        twin.turn = self.opener
        return twin

    def _legal_actions(self, player: int) -> list[Action]:
        bids = self.bids
        prev = (bids[-1][1], bids[-1][2]) if bids else None
        pface = bids[0][2] if self.palifico and bids else None
        return list(_legal(prev, self.palifico, pface, sum(self.dice)))

    def is_legal(self, player: int, action: Action) -> bool:
        if not self.rolled or player != self.turn:
            return False   # only the turn player acts (``current_players``)
        kind = type(action)
        if kind is Call or kind is Jinto:
            return self.bids != []
        if isinstance(action, Bid) and kind is Bid:
            quantity, face = action.quantity, action.face
            if type(quantity) is not int or type(face) is not int:   # not bool (True == 1)
                return False
            if quantity > sum(self.dice):
                return False
            bids = self.bids
            if not bids:
                return is_raise(None, quantity, face, palifico=self.palifico)
            last = bids[-1]
            return is_raise((last[1], last[2]), quantity, face, palifico=self.palifico,
                            palifico_face=bids[0][2] if self.palifico else None)
        return False

    def _apply(self, player: int, action: Action) -> None:
        if player == CHANCE:
            assert isinstance(action, RollResult)
            faces = self.faces = [()] * len(self.dice)
            # one group per player still in, in seat order (``chance_request``)
            for owner, rolled in zip(self.players_in(), action.faces):
                faces[owner] = rolled if type(rolled) is tuple else tuple(rolled)
            self.rolled = True
            self.turn = self.opener
            return
        if type(action) is Bid:
            self.bids.append((player, action.quantity, action.face))
            self.turn = self.next_player(player)
            return
        self._settle(player, "jinto" if isinstance(action, Jinto) else "call")

    def _settle(self, challenger: int, kind: str) -> None:
        bidder, quantity, face = self.bids[-1]
        if self.palifico or face == WILD:   # ``table_count``, inlined (hot in playouts)
            count = sum([fs.count(face) for fs in self.faces])
        else:
            count = sum([fs.count(face) + fs.count(WILD) for fs in self.faces])
        options = self.game.options
        gainer = None
        if kind == "call":
            loser = bidder if count < quantity else challenger
        elif count == quantity:
            loser = bidder
            cap = options["starting_dice"] if options["jinto_cap"] else None
            if cap is None or self.dice[challenger] < cap:
                gainer = challenger
        else:
            loser = challenger
        before = self.dice[loser]
        self.dice[loser] -= 1
        if gainer is not None:
            self.dice[gainer] += 1
        eliminated = self.dice[loser] == 0
        if eliminated:
            self.out_order.append(loser)
        winner = bidder if loser == challenger else challenger
        fell_to_one = before == 2
        dice = self.dice
        palifico_next = (fell_to_one and not (options["skip_palifico_two"] and len(self.players_in()) == 2)
                         and dice.count(0) < len(dice) - 1)   # the game goes on (``is_terminal``)
        challenge = self.last_challenge = _new(Challenge)   # as ``_frozen``, inlined
        challenge.__dict__.update({
            "kind": kind, "challenger": challenger, "bidder": bidder, "quantity": quantity, "face": face,
            "wilds": not self.palifico, "faces": tuple(self.faces), "count": count, "loser": loser,
            "gainer": gainer, "eliminated": eliminated, "palifico_next": palifico_next})
        # Next round: the challenge winner opens (never eliminated: winners
        # lose no die); a fall from 2 to 1 makes the faller open a Palifico.
        self.opener = loser if palifico_next else winner
        self.palifico = palifico_next
        self.bids = []
        self.faces = [()] * len(self.dice)
        self.rolled = False
        self.turn = None
        self.round_no += 1

    # --- views and digests ----------------------------------------------------
    def view(self, player: int) -> LiarsView:
        options = self.game.options
        # a view per decision is a hot path of playouts and AI: made without the
        # frozen dataclass's one ``object.__setattr__`` per field (as ``_frozen``)
        view = _new(LiarsView)
        view.__dict__.update({
            "me": player, "my_faces": self.faces[player], "dice": tuple(self.dice), "bids": tuple(self.bids),
            "turn": self.turn if self.rolled else None, "opener": self.opener, "palifico": self.palifico,
            "round_no": self.round_no, "starting_dice": options["starting_dice"],
            "jinto_cap": options["jinto_cap"], "last_challenge": self.last_challenge,
            "skip_palifico_two": options["skip_palifico_two"]})
        return view

    def summary(self) -> dict:
        last = self.last_challenge
        return {
            "dice": list(self.dice), "faces": [list(f) for f in self.faces], "rolled": self.rolled,
            "opener": self.opener, "turn": self.turn, "bids": [list(b) for b in self.bids],
            "palifico": self.palifico, "round": self.round_no, "out": list(self.out_order),
            "last": None if last is None else {
                "kind": last.kind, "challenger": last.challenger, "bidder": last.bidder,
                "bid": [last.quantity, last.face], "count": last.count, "loser": last.loser,
                "gainer": last.gainer},
        }


GAME = LiarsDiceGame


# --------------------------------------------------------------------------
# The table's snapshot (game/games/bidding/snapshot.py): the same names as Roll Call's
# --------------------------------------------------------------------------
def table_snapshot(state: LiarsState, may_see: Callable[[int], bool] = nobody) -> BiddingSnapshot:
    """What the table may show of ``state``: hands only where ``may_see(seat)``."""
    bids = state.bids
    prev = state.current_bid
    minimums = minimum_raises(prev, palifico=state.palifico, palifico_face=state.palifico_face)
    c = state.last_challenge
    reveal = None
    if c is not None:
        wild = WILD if c.wilds else None
        reveal = RevealFacts(
            kind=c.kind, challenger=c.challenger, bidder=c.bidder, quantity=c.quantity, face=c.face,
            wild=wild, hands=revealed_hands(c.faces), counts=tuple(count_matching(h, c.face, wild) for h in c.faces),
            count=c.count,
            challenger_right=(c.count == c.quantity) if c.kind == "jinto" else (c.count < c.quantity),
            loser=c.loser, dice_lost=1, gainer=c.gainer, eliminated=c.eliminated,
            round_no=state.round_no - 1)   # a challenge ends its round: the state counts the next one
    return BiddingSnapshot(
        dice=tuple(state.dice), held=tuple(len(f) for f in state.faces),
        hands=visible_hands(state.faces, may_see), round_no=state.round_no, opener=state.opener,
        turn=state.turn_player(), bid=prev, bidder=bids[-1][0] if bids else None, wild=state.wild,
        minimums=tuple(minimums.items()), max_quantity=sum(state.dice),
        challenges=("call", "jinto") if bids else (), palifico=state.palifico,
        palifico_face=state.palifico_face, reveal=reveal)


def check_invariants(prev: LiarsState, action: Action, state: LiarsState) -> None:
    """Conservation laws: dice only leave one at a time through a challenge
    loser and only arrive through a correct Jinto; bids always rise by the
    rules; the player to act always has dice."""
    assert all(n >= 0 for n in state.dice)
    if state.rolled:
        assert [len(f) for f in state.faces] == state.dice, "faces do not match dice counts"
        assert state.turn is not None and state.dice[state.turn] > 0, "the player to act has no dice"
    if isinstance(action, (Call, Jinto)):
        diffs = [b - a for a, b in zip(prev.dice, state.dice)]
        losers = [p for p, d in enumerate(diffs) if d < 0]
        gainers = [p for p, d in enumerate(diffs) if d > 0]
        assert len(losers) == 1 and diffs[losers[0]] == -1, f"not exactly one loser: {diffs}"
        assert len(gainers) <= 1 and all(diffs[g] == 1 for g in gainers)
        assert state.last_challenge is not None
        if gainers:
            assert isinstance(action, Jinto) and state.last_challenge.gainer == gainers[0]
            assert sum(state.dice) == sum(prev.dice)
        else:
            assert sum(state.dice) == sum(prev.dice) - 1
        assert state.last_challenge.loser == losers[0]
        assert not state.bids and not state.rolled
    else:
        assert state.dice == prev.dice, "dice changed without a challenge"
    if isinstance(action, Bid):
        assert is_raise(prev.current_bid, action.quantity, action.face, palifico=prev.palifico,
                        palifico_face=prev.palifico_face), f"{action} does not raise {prev.current_bid}"
        assert state.bids[:-1] == prev.bids


def hand_and_wild(state, player: int):
    """A seat's dice and the round's wild face (the coach's and ai-report's honesty figures)."""
    return state.faces[player], state.wild


def table_count(state, face: int) -> int:
    """Dice that count for a bid on ``face`` (the coach's and ai-report's outcomes)."""
    return state.table_count(face)
