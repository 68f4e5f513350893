"""Roll the Bones: ante dice, announce bones, everyone rolls once, high roll takes all.

Every die is tracked as itself by an integer id, so a bone can be followed
from its first owner's collection to the pot and on to its captor:

* ids ``0 .. 10*N-1`` are six-sided dice; die ``i`` started with player ``i // 10``;
* ids ``10*N .. 11*N-1`` are the bone dice (twelve-sided); bone ``10*N + p`` started
  with player ``p``.

A *round* is antes, announcements and one simultaneous roll; ties continue the
round in *stages* among the tied players until one of them wins.  Pots are a
list: ``pots[0]`` is the centre pot, ``pots[1:]`` the side pots.  Each pot has
the players who may win it:

* the centre holds the antes every stage player could match, the rolled dice of
  ties and the dice *carried* over from an earlier round (a side pot nobody could
  win); it is for ``centre_eligible``, the players who anted this round
  (text: "all the dice in the center pot if they had ante'd to it that round");
* a side pot holds the ante layers a short player could not match and carries the
  tuple of players who anted into it (poker-style layers: the text's side-pot
  rule generalised to any number of short players).

The roll's winner takes every rolled die; each pot goes to the winner if they
may win it, else to the best roll among its players ("The second highest die
would then collect everything else"), else it stays on the table for the next
round's centre.  When nobody anted to the centre this round (a one-die player
in the roll with side pots off, or a big stack capped to nothing), the centre
is for every player in the roll: "the player with the highest roll collects"
it, unless that player rolled their last die ("If the player with 1 die did
not ante to the center pot and has the highest roll, then they only collect
the rolled dice from the other players. The second highest die would then
collect everything else"), see ``BonesState.centre_takers``.

Pure Python: no pygame, no pymunk.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from game.core.protocol import (CHANCE, Action, DieGroup, Game, GameInfo, OptionSpec,
                                RollRequest, RollResult, State)

SIX_SIDERS_EACH = 10
"""Six-sided dice each player starts with (text); plus one bone die."""


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Ante(Action):
    """Put this stage's ante into the pot; ``bones`` of those dice are bone dice.

    The amount is fixed by the rules (see ``State.ante_amount``); six-siders
    are interchangeable, so the only real choice is how many bones to give."""
    bones: int

    def label(self) -> str:
        return "antes" + (f" with {self.bones} bone{'s' if self.bones != 1 else ''}" if self.bones else "")

    def sentence(self, words, seat: int) -> str:
        """The table's line (``TableScene.move_line``): "You ante", "Mags antes with 1 bone"."""
        return words.says(seat, "antes", "ante") + self.label()[len("antes"):]


@dataclass(frozen=True)
class Declare(Action):
    """Announce (``bone=True``) or renounce the bone die for the coming roll."""
    bone: bool

    def label(self) -> str:
        return "bone!" if self.bone else "no bone"

    def sentence(self, words, seat: int) -> str:
        """The commentary's line: "Ann says “no bone”" (it read "Ann: no bone"
        under "You ante"), "You say “bone!”"."""
        return f"{words.says(seat, 'says', 'say')} “{self.label()}”"


# --------------------------------------------------------------------------
# Game
# --------------------------------------------------------------------------

class RollTheBonesGame(Game):
    info = GameInfo(
        "roll-the-bones", "Roll the Bones", "Ante up, roll high, take every die.", 2, 6,
        options=(
            OptionSpec("side_pots", "Side pots", "bool", True,
                       help="Short players ante what they can and the others fill a side pot. "
                            "Off: everyone matches what the short player could ante."),
        ),
        hidden_dice=False)
    action_types = (Ante, Declare)
    rules_version = 3
    """2: pots go only to players who anted to them (carried dice included).
    3: a centre nobody anted to goes to the highest roll (the second highest
    when the winner rolled their last die) instead of staying on the table.
    An older record replays identically until the first roll whose centre goes
    elsewhere under today's rules (``BonesState.departs_from_rules``)."""

    def replays_records_of(self, rules_version: int) -> bool:
        return rules_version in (1, 2, 3)

    def new_initial_state(self) -> "BonesState":
        return BonesState(self)


def die_kind(die: int, num_players: int) -> str:
    """``"bone"`` or ``"d6"`` from a die id."""
    return "bone" if die >= SIX_SIDERS_EACH * num_players else "d6"


def first_owner(die: int, num_players: int) -> int:
    """The player this die started with (the scene colours dice by it)."""
    base = SIX_SIDERS_EACH * num_players
    return die - base if die >= base else die // SIX_SIDERS_EACH


# --------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------

class BonesState(State):
    """One moment of Roll the Bones.

    Phases: ``ante`` (stage players ante in order), ``declare`` (pass 1 then
    pass 2 among players holding both kinds), ``roll`` (chance), ``over``.
    Steps without a choice (a forced ante, a forced declaration) are applied
    automatically so players and AI only see real decisions; each is listed
    in ``automatic_moves()`` (the game log tells them like any move)."""

    def __init__(self, game: Game, _blank: bool = False):
        super().__init__(game)
        if _blank:
            return
        n = game.num_players
        self.n = n
        self.base_ante = 2 if n <= 3 else 1
        self.collections: list[list[int]] = [
            list(range(SIX_SIDERS_EACH * p, SIX_SIDERS_EACH * (p + 1))) + [SIX_SIDERS_EACH * n + p]
            for p in range(n)]
        self.pots: list[list[int]] = [[]]            # pots[0] = centre
        self.pot_eligible: list[tuple[int, ...] | None] = [None]   # None: see centre_eligible
        self.centre_eligible: tuple[int, ...] = ()    # who anted this round (sorted)
        self.in_flight: dict[int, int] = {}            # player -> die being rolled
        self.round = 1
        self.stage = 0                                 # 0 = first roll, k = k-th tiebreak
        self.starter = 0                               # House rule: seat 0 opens round 1
        self.order: tuple[int, ...] = ()               # stage players, announcement order
        self.round_players: tuple[int, ...] = ()
        self.amounts: dict[int, int] = {}
        self.slots: dict[int, list[int]] = {}          # per player: pot index of each ante die
        self.anted: dict[int, list[int]] = {}          # this stage's antes (display)
        self.declared: dict[int, bool | None] = {}
        self.choosers: tuple[int, ...] = ()
        self.phase = "ante"
        self.declare_pass = 1
        self.cursor = 0
        self.eliminations = 0
        self.out_event: list[int | None] = [None] * n  # elimination event number per player
        self.events = 0
        self.last_result: dict | None = None
        self.v1_departed = False                       # see departs_from_rules
        self.v2_departed = False
        self.results_log: list[dict] = []              # one entry per resolved roll
        self.automatic: list[tuple[int, Action]] = []  # forced steps since the last action
        self._start_round()

    # --- copying -----------------------------------------------------------
    def clone(self) -> "BonesState":
        twin = BonesState(self.game, _blank=True)
        for key, value in self.__dict__.items():
            if key == "game":
                continue
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                value = {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
            setattr(twin, key, value)
        return twin

    # --- derived facts -------------------------------------------------------
    def alive(self) -> tuple[int, ...]:
        return tuple(p for p in range(self.n) if self.out_event[p] is None)

    def is_bone(self, die: int) -> bool:
        return die >= SIX_SIDERS_EACH * self.n

    def counts(self, player: int) -> tuple[int, int]:
        """(six-siders, bones) in the player's collection."""
        bones = sum(1 for d in self.collections[player] if self.is_bone(d))
        return len(self.collections[player]) - bones, bones

    def ante_size(self) -> int:
        """The full ante now: 2 (2-3 players) or 1 (4-6), +1 per elimination."""
        return self.base_ante + self.eliminations

    def clockwise_from(self, start: int, players) -> tuple[int, ...]:
        chosen = set(players)
        return tuple(p for p in ((start + i) % self.n for i in range(self.n)) if p in chosen)

    # --- round and stage set-up -------------------------------------------------
    def _start_round(self) -> None:
        self.round_players = self.clockwise_from(self.starter, self.alive())
        self.stage = 0
        self.centre_eligible = ()
        self._start_stage(self.round_players)

    def _start_stage(self, players: tuple[int, ...]) -> None:
        """Fix every stage player's ante and which pot each ante die joins."""
        self.order = players
        full = self.ante_size()
        caps = {p: max(0, min(full, len(self.collections[p]) - 1)) for p in players}
        if self.game.options["side_pots"]:
            # Nobody antes more than someone else can match: a layer only one
            # player could fill would just come back to them.
            second = sorted(caps.values())[-2]
            self.amounts = {p: min(c, second) for p, c in caps.items()}
        else:
            least = min(caps.values())
            self.amounts = {p: least for p in players}
        self.slots = {p: [] for p in players}
        previous = 0
        for level in sorted(set(self.amounts.values()) - {0}):
            contributors = tuple(p for p in players if self.amounts[p] >= level)
            if len(contributors) == len(players):
                index = 0
            else:
                eligible = tuple(sorted(contributors))
                if eligible in self.pot_eligible:
                    index = self.pot_eligible.index(eligible)
                else:
                    self.pots.append([])
                    self.pot_eligible.append(eligible)
                    index = len(self.pots) - 1
            for p in contributors:
                self.slots[p].extend([index] * (level - previous))
            previous = level
        self.anted = {p: [] for p in players}
        self.declared = {p: None for p in players}
        self.choosers = ()
        self.phase = "ante"
        self.cursor = 0
        self._advance()

    def ante_options(self, player: int) -> list[int]:
        """Legal bone counts for the player's ante."""
        amount = self.amounts[player]
        sixes, bones = self.counts(player)
        return list(range(max(0, amount - sixes), min(bones, amount) + 1))

    def _advance(self) -> None:
        """Apply every step that offers no choice, stop at the next decision."""
        if self.phase == "ante":
            while self.cursor < len(self.order):
                p = self.order[self.cursor]
                options = self.ante_options(p)
                if len(options) > 1:
                    return
                self.automatic.append((p, Ante(options[0])))
                self._ante(p, options[0])
            self.phase = "declare"
            self.declare_pass = 1
            self.cursor = 0
            choosers = []
            for p in self.order:
                sixes, bones = self.counts(p)
                if sixes and bones:
                    choosers.append(p)
                else:
                    self.declared[p] = bool(bones)
                    self.automatic.append((p, Declare(bool(bones))))
            self.choosers = tuple(choosers)
        if self.phase == "declare":
            if self.cursor < len(self.choosers):
                return
            # House rule: the second pass is skipped when only one player has a
            # choice: they already saw every other (forced) announcement.
            if self.declare_pass == 1 and len(self.choosers) >= 2:
                self.declare_pass = 2
                self.cursor = 0
                return
            self.phase = "roll"
            self.in_flight = {}
            for p in self.order:
                die = next(d for d in self.collections[p] if self.is_bone(d) == bool(self.declared[p]))
                self.collections[p].remove(die)
                self.in_flight[p] = die

    def _ante(self, player: int, bones: int) -> None:
        amount = self.amounts[player]
        collection = self.collections[player]
        sixes = [d for d in collection if not self.is_bone(d)][:amount - bones]
        bone_dice = [d for d in collection if self.is_bone(d)][:bones]
        for die, pot in zip(sixes + bone_dice, self.slots[player]):
            collection.remove(die)
            self.pots[pot].append(die)
            self.anted[player].append(die)
        if amount and player not in self.centre_eligible:
            self.centre_eligible = tuple(sorted((*self.centre_eligible, player)))
        self.cursor += 1

    def ante_split(self, player: int) -> tuple[int, int]:
        """(dice to the centre, dice to side pots) of the player's ante.  The
        ante fills the centre first; six-siders go in before bones, so anted
        bones land in the side pots (a stated rule: there is no choice)."""
        centre = sum(1 for pot in self.slots.get(player, ()) if pot == 0)
        return centre, len(self.slots.get(player, ())) - centre

    # --- protocol --------------------------------------------------------------
    def chance_request(self):
        if self.phase != "roll":
            return None
        return RollRequest(tuple(DieGroup(p, "bone" if self.is_bone(self.in_flight[p]) else "d6", 1)
                                 for p in self.order),
                           reason="tiebreak" if self.stage else "roll")

    def turn_player(self):
        if self.phase == "ante":
            return self.order[self.cursor]
        if self.phase == "declare":
            return self.choosers[self.cursor]
        return None

    def _legal_actions(self, player):
        if self.phase == "ante":
            return [Ante(k) for k in self.ante_options(player)]
        return [Declare(True), Declare(False)]

    def automatic_moves(self):
        """The forced antes and announcements made since the last action (see ``State``)."""
        return tuple(self.automatic)

    def _apply(self, player, action):
        self.automatic = []
        if player == CHANCE:
            self._resolve(action)
        elif isinstance(action, Ante):
            self._ante(player, action.bones)
            self._advance()
        else:
            self.declared[player] = action.bone
            self.cursor += 1
            self._advance()

    # --- the roll and where every die goes -----------------------------------------
    def _resolve(self, result: RollResult) -> None:
        faces = {p: f[0] for p, f in zip(self.order, result.faces)}
        top = max(faces.values())
        tied = tuple(p for p in self.order if faces[p] == top)
        rolled = {p: (self.in_flight[p], faces[p]) for p in self.order}
        centre_players = self.centre_eligible or self.centre_takers(tied[0])   # asked while the dice fly
        self.in_flight = {}
        if len(tied) > 1:
            # Last-die rule: if a tied player rolled their last die, every tied
            # player keeps the die they rolled; otherwise all go to the centre.
            keep = any(not self.collections[p] for p in tied)
            for p, (die, _face) in rolled.items():
                if keep and p in tied:
                    self.collections[p].append(die)
                else:
                    self.pots[0].append(die)
            self._record({"kind": "tie", "round": self.round, "stage": self.stage,
                          "faces": {str(p): f for p, f in faces.items()},
                          "dice": {str(p): d for p, (d, _f) in rolled.items()},
                          "tied": list(tied), "kept": keep})
            self._eliminate(p for p in self.order if p not in tied)
            self.stage += 1
            self._start_stage(tied)
            return
        winner = tied[0]
        if self.pots[0]:
            centre_taker = self._pot_taker(centre_players, winner, faces)
            self.v1_departed |= centre_taker != winner      # version 1 gave the winner the centre
            self.v2_departed |= not self.centre_eligible and centre_taker is not None   # 2 left it
        haul: dict[int, list[int]] = {winner: [d for d, _f in rolled.values()]}
        carried: list[int] = []
        shares: list[list] = []   # [pot index, its taker (None: carried over), its dice count] for the log
        pots = [(self.pots[0], centre_players)] + list(zip(self.pots[1:], self.pot_eligible[1:]))
        for index, (dice, eligible) in enumerate(pots):
            if not dice:
                continue
            taker = self._pot_taker(eligible, winner, faces)
            shares.append([index, taker, len(dice)])
            if taker is None:
                carried.extend(dice)
            else:
                haul.setdefault(taker, []).extend(dice)
        for p, dice in haul.items():
            self.collections[p].extend(dice)
            self.collections[p].sort()
        self.pots = [carried]
        self.pot_eligible = [None]
        self._record({"kind": "win", "round": self.round, "stage": self.stage, "winner": winner,
                      "faces": {str(p): f for p, f in faces.items()},
                      "dice": {str(p): d for p, (d, _f) in rolled.items()},
                      "haul": {str(p): sorted(d) for p, d in haul.items()}, "carried": sorted(carried),
                      "pots": shares})
        self._eliminate(self.round_players)
        self.starter = winner
        if len(self.alive()) == 1:
            self.collections[winner].extend(self.pots[0])
            self.pots[0] = []
            self.phase = "over"
            self.order = ()
            return
        self.round += 1
        self._start_round()

    def rolls_last_die(self, player: int) -> bool:
        """True when the player's die in this roll is their last ("Whenever a
        player is down to their last die, they must keep it")."""
        return len(self.collections[player]) + (player in self.in_flight) == 1

    def centre_takers(self, winner: int | None = None) -> tuple[int, ...]:
        """Who may win the centre when nobody anted to it this round: every
        player in the roll except a winner on their last die ("they only
        collect the rolled dice from the other players. The second highest die
        would then collect everything else").  With ``winner`` unknown (before
        the roll): the players who would take it by rolling highest."""
        if winner is not None:
            if not self.rolls_last_die(winner):
                return tuple(self.order)
            return tuple(p for p in self.order if p != winner)
        return tuple(p for p in self.order if not self.rolls_last_die(p))

    @staticmethod
    def _pot_taker(eligible, winner, faces) -> int | None:
        """Who takes a pot: the winner if they may win it, else the highest roll
        among its players in this roll; None (the pot stays on the table for the
        next round's centre) if those tie or none of them rolled."""
        if winner in eligible:
            return winner
        rolls = [(faces[p], p) for p in eligible if p in faces]
        if not rolls:
            return None
        best = max(f for f, _p in rolls)
        best_players = [p for f, p in rolls if f == best]
        return best_players[0] if len(best_players) == 1 else None

    def departs_from_rules(self, rules_version: int) -> bool:
        return (rules_version == 1 and self.v1_departed) or (rules_version == 2 and self.v2_departed)

    def _record(self, entry: dict) -> None:
        self.last_result = entry
        self.results_log.append(entry)

    def _eliminate(self, players) -> None:
        """Players with no dice left are out; each one raises the ante by 1."""
        gone = [p for p in players if self.out_event[p] is None and not self.collections[p]
                and p not in self.in_flight]
        if gone:
            self.events += 1
            for p in gone:
                self.out_event[p] = self.events
            self.eliminations += len(gone)

    # --- the end --------------------------------------------------------------
    def is_terminal(self):
        return self.phase == "over"

    def ranking(self):
        out = []
        for p in range(self.n):
            event = self.out_event[p]
            if event is None:
                out.append(0)
            else:
                # place = how many outlasted this player (the survivor included)
                out.append(sum(1 for other in self.out_event
                               if other is None or other > event))
        return tuple(out)

    # --- seeing -----------------------------------------------------------------
    def view(self, player):
        return BonesView(self, player)

    def summary(self):
        return {
            "round": self.round, "stage": self.stage, "phase": self.phase,
            "declare_pass": self.declare_pass,
            "turn": self.turn_player() if self.phase in ("ante", "declare") else None,
            "collections": [sorted(c) for c in self.collections],
            "pots": [sorted(p) for p in self.pots],
            "pot_eligible": [list(e) if e is not None else None for e in self.pot_eligible],
            "centre_eligible": list(self.centre_eligible),
            "in_flight": {str(p): d for p, d in self.in_flight.items()},
            "order": list(self.order), "amounts": {str(p): a for p, a in self.amounts.items()},
            "declared": {str(p): d for p, d in self.declared.items()},
            "ante_size": self.ante_size(), "out": list(self.out_event),
            "last_result": self.last_result,
        }


class BonesView:
    """Everything in Roll the Bones is public; ``me`` says whose eyes these are.

    A read-only snapshot (lists copied) so an agent cannot touch the state."""

    def __init__(self, state: BonesState, me: int):
        self.me = me
        self.num_players = state.n
        self.phase = state.phase
        self.declare_pass = state.declare_pass
        self.round = state.round
        self.stage = state.stage
        self.counts = tuple(state.counts(p) for p in range(state.n))
        self.alive = state.alive()
        self.order = state.order
        self.choosers = state.choosers
        self.amounts = dict(state.amounts)
        self.declared = dict(state.declared)
        self.pot_sizes = tuple(len(p) for p in state.pots)
        self.pot_bones = tuple(sum(1 for d in p if state.is_bone(d)) for p in state.pots)
        # who may win each pot by rolling highest: the centre's players are those
        # who anted this round, or if nobody did, the roll's players not on their last die
        self.pot_eligible = ((state.centre_eligible or state.centre_takers()),) + tuple(state.pot_eligible[1:])
        self.ante_size = state.ante_size()
        self.last_result = _frozen(state.last_result)

    def my_counts(self) -> tuple[int, int]:
        return self.counts[self.me]


def _frozen(value):
    """A read-only deep copy (dicts become mapping proxies, lists tuples), so
    an agent holding a view can never change the state's record."""
    if isinstance(value, dict):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


GAME = RollTheBonesGame


def check_invariants(prev: BonesState, action: Action, state: BonesState) -> None:
    """Dice are never created or destroyed, and every die (each bone too) exists once."""
    where = [d for c in state.collections for d in c] + [d for p in state.pots for d in p] \
        + list(state.in_flight.values())
    total = (SIX_SIDERS_EACH + 1) * state.n
    assert sorted(where) == list(range(total)), f"dice lost or duplicated after {action!r}"
    for p in range(state.n):
        if state.out_event[p] is not None:
            assert not state.collections[p], f"eliminated player {p} still holds dice"
    if state.phase in ("ante", "declare"):
        for p in state.order:
            assert state.collections[p], f"player {p} was left without a die to roll"
    assert len(state.pots) == len(state.pot_eligible)
    assert set(state.centre_eligible) <= set(state.round_players)
    assert state.eliminations >= prev.eliminations
    if prev.phase == "roll" and len(state.results_log) > len(prev.results_log) \
            and state.last_result is not None and state.last_result["kind"] == "win":
        _check_haul(prev, state.last_result)
    if state.phase == "over":
        assert len(state.alive()) == 1 and not any(state.pots)


def _check_haul(prev: BonesState, result: dict) -> None:
    """Each die of a won roll went where the text sends it: rolled dice to the
    winner, a pot (carried dice included, they lie in the centre) only to a
    player who anted into it, the winner first, else the best roll among them;
    a centre nobody anted to goes to the winner, or past a winner on their last
    die to the second highest."""
    rolled = set(prev.in_flight.values())
    pot_of = {d: i for i, pot in enumerate(prev.pots) for d in pot}
    winner = result["winner"]
    faces = {int(p): f for p, f in result["faces"].items()}
    taken = set()
    for p, dice in result["haul"].items():
        p = int(p)
        for d in dice:
            taken.add(d)
            if d in rolled:
                assert p == winner, f"rolled die {d} went to {p}, not the winner {winner}"
                continue
            i = pot_of[d]
            eligible = (prev.centre_eligible or prev.centre_takers(winner)) if i == 0 else prev.pot_eligible[i]
            assert eligible is not None
            assert p in eligible, f"player {p} took die {d} of pot {i} without anteing to it"
            if winner in eligible:
                assert p == winner, f"pot {i} went to {p} although the winner {winner} anted to it"
            else:
                assert faces[p] == max(faces[q] for q in eligible if q in faces), \
                    f"pot {i} went to {p}, not the best roll among its players"
    assert rolled <= taken, "a rolled die was not taken by the winner"
    assert set(result["carried"]) | taken == rolled | set(pot_of), "a pot die went nowhere"
