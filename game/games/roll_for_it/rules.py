"""Roll For It! rules engine (pure: no pygame, no pymunk).

Flow of a game::

    shuffle (chance) -> deal 3 face-up cards (with 5+ players: two decks, 4 cards)
    roll-off (chance: contenders roll two dice; ties roll again)
    turn: [Take Back] or Roll  -> dice (chance) -> Place ... -> Keep the rest
          (Pass instead of Roll when all six of your dice sit on cards)

A die is placed with ``Place(face, card)``: one rolled die of that face goes
onto the first open image of that face the player has not yet covered on the
card.  Several colours share a card; each player covers each image at most
once.  A card scores the moment one player covers every image; all dice on
it go home and the next card flips into its slot, where the rest of the same
roll may still be placed.  ``KeepRest`` ends the turn and keeps unplaced
dice in hand; the turn also ends by itself when no rolled die fits anywhere.

House rules (see RULES.md): when the deck is empty a scored card's slot
stays empty and play goes on with fewer cards; when no face-up card is left
the highest score wins.  Stall guard: a full round in which every player
passes (all their dice sit on cards and nobody takes back), or
``STALL_ROUNDS`` full rounds without a card scored, ends the game and the
highest score wins.  Ties share the place.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ...core.protocol import (CHANCE, Action, DieGroup, Game, GameInfo, OptionSpec, RollRequest,
                              ShuffleRequest, State)

DICE_PER_PLAYER = 6
DECK_SIZE = 30
"""Cards in one deck (the data file); with 5+ players two decks are shuffled together."""
TWO_DECKS_FROM = 5
"""Player count from which two decks are used (text: "If you're playing with two decks and
5+ players, deal four instead"; one box holds dice for only 4 players)."""
TIER_COUNTS = {2: 6, 5: 12, 10: 8, 15: 4}
"""How many cards of each point value the house deck holds."""
TIER_IMAGES = {2: (2,), 5: (3,), 10: (4, 5), 15: (6,)}
"""How many die images a card of each point value shows."""
STALL_ROUNDS = 20
"""Full rounds without any card scored before the stall guard ends the game."""
DECK_PATH = Path(__file__).with_name("deck.json")
DECK_FORMAT = "roll-for-it-deck"


# --------------------------------------------------------------------------
# The deck (data file, validated on load)
# --------------------------------------------------------------------------

class DeckError(ValueError):
    """The deck file is missing, corrupt or breaks the house deck's shape."""


@dataclass(frozen=True)
class Card:
    id: int
    points: int
    images: tuple[int, ...]
    """Die faces shown on the card, sorted."""


def parse_deck(data: object, source: str = "deck") -> tuple[Card, ...]:
    """Check a decoded deck document and build the cards (``DeckError`` if bad)."""
    def fail(why: str) -> DeckError:
        return DeckError(f"{source}: {why}")
    if not isinstance(data, dict) or data.get("format") != DECK_FORMAT:
        raise fail(f"not a Roll For It! deck (expected format {DECK_FORMAT!r})")
    if data.get("version") != 1:
        raise fail(f"unsupported deck version {data.get('version')!r} (expected 1)")
    raw = data.get("cards")
    if not isinstance(raw, list) or len(raw) != DECK_SIZE:
        raise fail(f"the deck must list exactly {DECK_SIZE} cards")
    cards = []
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            raise fail(f"card {i} is not an object")
        cid, points, images = entry.get("id"), entry.get("points"), entry.get("images")
        if cid != i:
            raise fail(f"card {i} has id {cid!r}; ids must run 0..{DECK_SIZE - 1} in order")
        if points not in TIER_IMAGES:
            raise fail(f"card {i} is worth {points!r} points; allowed: {sorted(TIER_IMAGES)}")
        if (not isinstance(images, list)
                or any(isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= 6 for f in images)):
            raise fail(f"card {i} images must be a list of die faces 1..6")
        if len(images) not in TIER_IMAGES[points]:
            raise fail(f"card {i} ({points} points) shows {len(images)} images; "
                       f"allowed: {' or '.join(map(str, TIER_IMAGES[points]))}")
        cards.append(Card(i, points, tuple(sorted(images))))
    counts = Counter(c.points for c in cards)
    for points, want in TIER_COUNTS.items():
        if counts[points] != want:
            raise fail(f"the deck needs {want} cards worth {points} points, found {counts[points]}")
    return tuple(cards)


def load_deck(path: Path | str = DECK_PATH) -> tuple[Card, ...]:
    """Read and validate a deck file; any problem is a ``DeckError``."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DeckError(f"{path.name}: cannot read the deck file ({exc.strerror or exc})") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DeckError(f"{path.name}: the deck file is corrupt ({exc})") from exc
    return parse_deck(data, path.name)


@lru_cache(maxsize=1)
def deck() -> tuple[Card, ...]:
    """The house deck, loaded once."""
    return load_deck()


@lru_cache(maxsize=1)
def _two_decks() -> tuple[Card, ...]:
    """Both decks: ids ``DECK_SIZE + i`` are the second deck's copy of card ``i``."""
    return deck() + tuple(Card(DECK_SIZE + c.id, c.points, c.images) for c in deck())


def card(card_id: int) -> Card:
    return _two_decks()[card_id]


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Roll(Action):
    """Roll every die in your hand (the dice not on cards)."""

    def label(self) -> str:
        return "rolled"

    def sentence(self, words, seat: int) -> str:
        """The commentary's words (``move_line``): "You roll", "Mags rolls"."""
        return words.says(seat, "rolls", "roll")


@dataclass(frozen=True)
class TakeBack(Action):
    """Before rolling: take ALL your dice back from every card, then roll all six."""

    def label(self) -> str:
        return "took back all dice"

    def sentence(self, words, seat: int) -> str:
        return f"{words.says(seat, 'takes', 'take')} every die back from the cards"


@dataclass(frozen=True)
class Pass(Action):
    """All six dice sit on cards and you keep them there: nothing to roll."""

    def label(self) -> str:
        return "passed (all dice on cards)"

    def sentence(self, words, seat: int) -> str:
        return f"{words.says(seat, 'passes', 'pass')} with all six dice on cards"


@dataclass(frozen=True)
class Place(Action):
    """Put one rolled die showing ``face`` next to a matching image of ``card``."""
    face: int
    card: int

    def label(self) -> str:
        """Also words a refused move (``State.apply``'s message), whose card may be no card at all."""
        if type(self.card) is not int or not 0 <= self.card < len(_two_decks()):
            return f"placed a {self.face} on card {self.card!r}, which is in no deck"
        c = card(self.card)
        return f"placed a {self.face} on the {c.points}-point card {' '.join(map(str, c.images))}"

    def sentence(self, words, seat: int) -> str:
        """"You place a 3 on the 2-point card" (it read "You: placed a 3 on the 2-point card 3 3")."""
        return f"{words.says(seat, 'places', 'place')} a {self.face} on the {card(self.card).points}-point card"


@dataclass(frozen=True)
class KeepRest(Action):
    """End placement: the unplaced rolled dice stay in hand; the turn ends."""

    def label(self) -> str:
        return "kept the rest"

    def sentence(self, words, seat: int) -> str:
        return f"{words.says(seat, 'keeps', 'keep')} the rest and {words.verb(seat, 'ends', 'end')} the turn"


# --------------------------------------------------------------------------
# View: everything is public in Roll For It!, except the deck order
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class RollForItView:
    me: int
    num_players: int
    target: int
    phase: str
    turn_player: int | None
    scores: tuple[int, ...]
    hands: tuple[int, ...]
    """Dice each player has off the cards."""
    slots: tuple[Card | None, ...]
    """The face-up cards by table position (None: an emptied slot)."""
    covers: tuple[tuple[tuple[int, ...], ...], ...]
    """Per slot, per player: image indices that player's dice cover."""
    rolled: tuple[int, ...]
    """The turn player's rolled dice not yet placed."""
    deck_left: int
    scored: tuple[tuple[int, ...], ...]
    rolloff: tuple[tuple[int, int], ...]
    """Last roll-off throw: (player, total) pairs."""

    def needed(self, slot: int, player: int) -> tuple[int, ...]:
        """Faces ``player`` still has to cover on the card in ``slot``."""
        c = self.slots[slot]
        if c is None:
            return ()
        have = self.covers[slot][player]
        return tuple(f for i, f in enumerate(c.images) if i not in have)

    def slot_of(self, card_id: int) -> int | None:
        for i, c in enumerate(self.slots):
            if c is not None and c.id == card_id:
                return i
        return None


# --------------------------------------------------------------------------
# Game and state
# --------------------------------------------------------------------------

class RollForItGame(Game):
    info = GameInfo(
        "roll-for-it", "Roll For It!", "Match your dice to cards and race to 40.", 2, 8,
        options=(OptionSpec("target", "Points to win", "int", 40, 20, 60,
                            help="The first player to reach this many points wins at once.",
                            house=False),),
        hidden_dice=False, tagline_template="Match your dice to cards and race to {target}.")
    action_types = (Roll, TakeBack, Pass, Place, KeepRest)

    rules_version = 2
    """2: two decks (60 cards) with 5+ players; games of 2-4 players are unchanged."""

    @property
    def decks(self) -> int:
        return 2 if self.num_players >= TWO_DECKS_FROM else 1

    @property
    def deck_size(self) -> int:
        return DECK_SIZE * self.decks

    @property
    def face_up_count(self) -> int:
        return 4 if self.decks == 2 else 3

    def replays_records_of(self, rules_version: int) -> bool:
        return rules_version == self.rules_version or self.decks == 1

    def new_initial_state(self) -> "RollForItState":
        return RollForItState(self)


class RollForItState(State):
    game: RollForItGame

    def __init__(self, game: RollForItGame):
        super().__init__(game)
        n = game.num_players
        self.phase = "shuffle"       # shuffle, rolloff, start, roll, place, over
        self.deck: list[int] = list(range(game.deck_size))   # top card first
        self.slots: list[int | None] = []
        self.covers: dict[int, list[list[int]]] = {}     # card -> per player image indices
        self.scores = [0] * n
        self.scored: list[list[int]] = [[] for _ in range(n)]
        self.turn = 0
        self.rolled: list[int] = []
        self.contenders: tuple[int, ...] = tuple(range(n))
        self.rolloff: tuple[tuple[int, int], ...] = ()
        self.passed_this_turn = False
        self.scored_this_turn = False
        self.idle_turns = 0          # consecutive turns ended by Pass
        self.dry_turns = 0           # consecutive turns without a card scored
        self.turns_played = 0
        self.end_reason = ""

    def clone(self) -> "RollForItState":
        twin = object.__new__(RollForItState)
        twin.__dict__.update(self.__dict__)
        twin.deck = list(self.deck)
        twin.slots = list(self.slots)
        twin.covers = {c: [list(p) for p in per] for c, per in self.covers.items()}
        twin.scores = list(self.scores)
        twin.scored = [list(s) for s in self.scored]
        twin.rolled = list(self.rolled)
        return twin

    # --- derived facts ----------------------------------------------------
    @property
    def n(self) -> int:
        return self.game.num_players

    @property
    def target(self) -> int:
        return self.game.options["target"]

    def dice_on_cards(self, player: int) -> int:
        return sum(len(per[player]) for per in self.covers.values())

    def hand(self, player: int) -> int:
        """Dice ``player`` holds off the cards."""
        return DICE_PER_PLAYER - self.dice_on_cards(player)

    def open_images(self, card_id: int, player: int) -> list[int]:
        """Image indices of ``card_id`` that ``player`` has not covered yet."""
        have = self.covers[card_id][player]
        return [i for i in range(len(card(card_id).images)) if i not in have]

    def fits(self, face: int, card_id: int, player: int) -> bool:
        have = self.covers[card_id][player]
        return any(f == face and i not in have for i, f in enumerate(card(card_id).images))

    def placements(self, player: int) -> list[Place]:
        """Every distinct legal placement for the rolled dice."""
        if not self.rolled:
            return []
        open_faces = []
        for cid in self.slots:
            if cid is not None:
                have = self.covers[cid][player]
                open_faces.append((cid, {f for i, f in enumerate(card(cid).images) if i not in have}))
        return [Place(face, cid) for face in sorted(set(self.rolled))
                for cid, faces in open_faces if face in faces]

    # --- protocol: who acts -------------------------------------------
    def chance_request(self):
        if self.phase == "shuffle":
            return ShuffleRequest(self.game.deck_size,
                                  "shuffle the deck" if self.game.decks == 1 else "shuffle both decks")
        if self.phase == "rolloff":
            return RollRequest(tuple(DieGroup(p, "d6", 2) for p in self.contenders),
                               "roll-off: highest total starts")
        if self.phase == "roll":
            return RollRequest((DieGroup(self.turn, "d6", self.hand(self.turn)),), "roll for it")
        return None

    def turn_player(self):
        if self.phase in ("start", "place"):
            return self.turn
        return None

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def _legal_actions(self, player: int) -> list[Action]:
        if player != self.turn:
            return []
        if self.phase == "start":
            acts: list[Action] = []
            if self.hand(player) > 0:
                acts.append(Roll())
            if self.dice_on_cards(player) > 0:
                acts.append(TakeBack())
            if self.hand(player) == 0:
                acts.append(Pass())
            return acts
        if self.phase == "place":
            return [*self.placements(player), KeepRest()]
        return []

    def is_legal(self, player: int, action: Action) -> bool:
        if isinstance(action, Place):
            return (player == self.turn and self.phase == "place" and action.face in self.rolled
                    and action.card in self.covers and self.fits(action.face, action.card, player))
        return action in self.legal_actions(player)

    def why_illegal(self, player: int, action: Action) -> str:
        """A player-facing reason a move is refused ("" if it is legal)."""
        if self.is_legal(player, action):
            return ""
        if player != self.turn or self.phase not in ("start", "place"):
            return "It is not your turn."
        if isinstance(action, Place):
            if self.phase != "place":
                return "Roll first."
            if action.face not in self.rolled:
                return f"You have no rolled {action.face} left."
            if action.card not in self.covers:
                return "That card is not face up."
            c = card(action.card)
            if action.face not in c.images:
                return f"This card shows no {action.face}."
            return f"Every {action.face} on this card already holds one of your dice."
        if isinstance(action, TakeBack):
            if self.phase != "start":
                return "Take Back only before rolling."
            return "None of your dice are on cards."
        if isinstance(action, Roll):
            return "All six of your dice are on cards: Take Back or pass." if self.phase == "start" \
                else "You have already rolled this turn."
        return "Not now."

    # --- protocol: applying ---------------------------------------------
    def _apply(self, player: int, action: Action) -> None:
        if player == CHANCE:
            chance: Any = action  # a ShuffleResult in the shuffle phase, else a RollResult
            if self.phase == "shuffle":
                self._deal(chance.order)
            elif self.phase == "rolloff":
                self._settle_rolloff(chance.faces)
            else:
                self.rolled = list(chance.faces[0])
                self.phase = "place"
                self._end_turn_if_stuck()
            return
        if isinstance(action, Roll):
            self.phase = "roll"
        elif isinstance(action, TakeBack):
            for per in self.covers.values():
                per[player] = []
            self.phase = "roll"
        elif isinstance(action, Pass):
            self.passed_this_turn = True
            self._end_turn()
        elif isinstance(action, Place):
            self._place(player, action.face, action.card)
        elif isinstance(action, KeepRest):
            self._end_turn()

    def _deal(self, order) -> None:
        self.deck = [self.deck[i] for i in order]
        for _ in range(self.game.face_up_count):
            self._flip_into(None)
        self.phase = "rolloff"

    def _flip_into(self, slot: int | None) -> None:
        """Turn the top card into ``slot`` (None: a new slot); empty deck leaves a gap."""
        cid = self.deck.pop(0) if self.deck else None
        if cid is not None:
            self.covers[cid] = [[] for _ in range(self.n)]
        if slot is None:
            self.slots.append(cid)
        else:
            self.slots[slot] = cid

    def _settle_rolloff(self, faces) -> None:
        totals = tuple((p, sum(f)) for p, f in zip(self.contenders, faces))
        self.rolloff = totals
        best = max(t for _, t in totals)
        tied = tuple(p for p, t in totals if t == best)
        if len(tied) == 1:
            self.turn = tied[0]
            self.phase = "start"
        else:
            self.contenders = tied

    def _place(self, player: int, face: int, cid: int) -> None:
        images = card(cid).images
        index = next(i for i in self.open_images(cid, player) if images[i] == face)
        self.covers[cid][player].append(index)
        self.covers[cid][player].sort()
        self.rolled.remove(face)
        if len(self.covers[cid][player]) == len(images):
            self._score(player, cid)
            if self.phase == "over":
                return
        self._end_turn_if_stuck()

    def _score(self, player: int, cid: int) -> None:
        """The card goes to ``player``; every die on it goes home; refill the slot."""
        del self.covers[cid]
        self.scores[player] += card(cid).points
        self.scored[player].append(cid)
        self.scored_this_turn = True
        self._flip_into(self.slots.index(cid))
        if self.scores[player] >= self.target:
            self._finish("target")
        elif all(s is None for s in self.slots):
            self._finish("deck")

    def _end_turn_if_stuck(self) -> None:
        if not self.placements(self.turn):
            self._end_turn()

    def _end_turn(self) -> None:
        self.idle_turns = self.idle_turns + 1 if self.passed_this_turn else 0
        self.dry_turns = 0 if self.scored_this_turn else self.dry_turns + 1
        self.turns_played += 1
        self.rolled = []
        self.passed_this_turn = self.scored_this_turn = False
        if self.idle_turns >= self.n or self.dry_turns >= STALL_ROUNDS * self.n:
            self._finish("stall")
            return
        self.turn = (self.turn + 1) % self.n
        self.phase = "start"

    def _finish(self, reason: str) -> None:
        self.phase = "over"
        self.end_reason = reason
        self.rolled = []

    # --- the end ------------------------------------------------------------
    def ranking(self) -> tuple[int, ...]:
        """Place = how many players scored more (ties share a place)."""
        return tuple(sum(o > s for o in self.scores) for s in self.scores)

    # --- what a seat sees ----------------------------------------------------
    def view(self, player: int) -> RollForItView:
        slots = tuple(card(c) if c is not None else None for c in self.slots)
        covers = tuple(tuple(tuple(p) for p in self.covers[c]) if c is not None
                       else tuple(() for _ in range(self.n)) for c in self.slots)
        return RollForItView(
            me=player, num_players=self.n, target=self.target, phase=self.phase,
            turn_player=self.turn_player(), scores=tuple(self.scores),
            hands=tuple(self.hand(p) for p in range(self.n)), slots=slots, covers=covers,
            rolled=tuple(self.rolled), deck_left=len(self.deck),
            scored=tuple(tuple(s) for s in self.scored), rolloff=self.rolloff)

    def summary(self) -> dict:
        return {
            "phase": self.phase, "turn": self.turn, "deck": list(self.deck), "slots": list(self.slots),
            "covers": {str(c): [list(p) for p in per] for c, per in sorted(self.covers.items())},
            "scores": list(self.scores), "scored": [list(s) for s in self.scored],
            "rolled": list(self.rolled), "contenders": list(self.contenders),
            "idle_turns": self.idle_turns, "dry_turns": self.dry_turns,
            "turns_played": self.turns_played, "end_reason": self.end_reason,
        }


GAME = RollForItGame


def check_invariants(prev: RollForItState, action: Action, state: RollForItState) -> None:
    """Conservation laws: dice, cards and points."""
    n = state.n
    for p in range(n):
        assert 0 <= state.hand(p) <= DICE_PER_PLAYER, f"player {p} has {state.hand(p)} dice in hand"
        assert state.scores[p] >= prev.scores[p], "points never go down"
        assert state.scores[p] == sum(card(c).points for c in state.scored[p]), "score = scored cards"
    assert len(state.rolled) <= state.hand(state.turn), "rolled dice come from the hand"
    face_up = [c for c in state.slots if c is not None]
    everywhere = state.deck + face_up + [c for pile in state.scored for c in pile]
    assert sorted(everywhere) == list(range(state.game.deck_size)), "every card of the deck(s) in one place"
    assert len(state.slots) <= state.game.face_up_count
    assert set(state.covers) == set(face_up), "dice lie only beside face-up cards"
    for cid, per in state.covers.items():
        size = len(card(cid).images)
        for p, images in enumerate(per):
            assert len(set(images)) == len(images) and all(0 <= i < size for i in images)
            assert len(images) < size, f"a fully covered card {cid} was not scored"
    if state.phase != "shuffle":
        assert len(state.slots) == state.game.face_up_count
