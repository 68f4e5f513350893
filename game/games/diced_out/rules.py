"""Diced Out: the rules engine (pure; see RULES.md for the player's version).

Flow of a game, as phases of the state:

``opening``   every player rolls two dice, the highest total starts (ties
              among the highest roll again).  Skipped in a solo game.
``roll``      the turn player's two dice are thrown (chance).  An unmarked
              total is marked and the turn ends; a bonus total first asks
              for a free mark.  A marked total burns a reroll and is thrown
              again at once (house: forced); with none left the player is
              Diced Out and scores the unmarked sum.
``free_mark`` the turn player marks one more unmarked number, or declines
              (the text: "you MAY ... immediately mark-off one number").
``tie``       the round's lowest scorers roll off (chance) for the choice.
``penalty``   the round's lowest scorer picks who loses a reroll (action).
``over``      four rounds played; the lowest total wins, ties share.

Sheets are bitmasks (see ``solver``); everything is public, so every seat's
view is the same table plus its own seat number.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.protocol import (CHANCE, Action, DieGroup, Game, GameInfo, OptionSpec,
                              RollRequest, RollResult, State)
from .solver import FULL, MAX_REROLLS, NUMBERS, bit, numbers_of, unmarked_sum

ROUNDS = 4
DEFAULT_BONUS = (2, 12)

OPENING, ROLL, FREE_MARK, TIE, PENALTY, OVER = "opening", "roll", "free_mark", "tie", "penalty", "over"


# --------------------------------------------------------------------------
# Actions
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class FreeMark(Action):
    """After rolling a bonus number: mark one more number without rolling it."""
    number: int

    def label(self) -> str:
        return f"marks {self.number} free"

    def sentence(self, words, seat: int) -> str:
        """The table's line (``TableScene.move_line``): "You mark 5 free"."""
        return f"{words.says(seat, 'marks', 'mark')} {self.number} free"


@dataclass(frozen=True)
class SkipFreeMark(Action):
    """After rolling a bonus number: decline the free mark (it is a "may"; with
    some bonus sets leaving a number open is worth more)."""

    def label(self) -> str:
        return "skips the free mark"

    def sentence(self, words, seat: int) -> str:
        return f"{words.says(seat, 'skips', 'skip')} the free mark"


@dataclass(frozen=True)
class Penalise(Action):
    """The round's lowest scorer takes one reroll from ``target`` next round."""
    target: int

    def label(self) -> str:
        return f"takes a reroll from seat {self.target + 1}"

    def sentence(self, words, seat: int) -> str:
        """By name, not seat number: "Mags takes a reroll from you"."""
        return f"{words.says(seat, 'takes', 'take')} a reroll from {words.object(self.target)}"


# --------------------------------------------------------------------------
# Game
# --------------------------------------------------------------------------

class DicedOutGame(Game):
    info = GameInfo(
        "diced-out", "Diced Out", "Mark your sheet, dodge repeats, score low.", 1, 8,
        options=(
            OptionSpec("bonus_numbers", "Bonus numbers", "faces", DEFAULT_BONUS, 2, 12,
                       help="Rolling one of these marks it and one more number of your choice."),
        ),
        hidden_dice=False,
    )
    action_types = (FreeMark, SkipFreeMark, Penalise)

    @property
    def bonus(self) -> tuple[int, ...]:
        return tuple(self.options["bonus_numbers"])

    def new_initial_state(self) -> "DicedOutState":
        return DicedOutState(self)


@dataclass(frozen=True)
class TableView:
    """What a seat sees: the whole table (nothing is secret) plus ``me``."""
    me: int
    num_players: int
    bonus: tuple[int, ...]
    phase: str
    round_index: int
    current: int | None
    starter: int
    marked: tuple[int, ...]          # bitmask per player
    rerolls: tuple[int, ...]         # rerolls left per player
    reroll_limit: tuple[int, ...]    # 3, or 2 for the penalised player
    done: tuple[bool, ...]
    round_score: tuple[int | None, ...]
    round_scores: tuple[tuple[int, ...], ...]   # finished rounds per player
    round_marks: tuple[tuple[int, ...], ...]    # finished rounds' sheets per player
    contenders: tuple[int, ...]
    chooser: int | None

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(s) for s in self.round_scores)

    @property
    def rounds_left(self) -> int:
        return ROUNDS - self.round_index


class DicedOutState(State):
    game: DicedOutGame

    def __init__(self, game: DicedOutGame):
        super().__init__(game)
        n = game.num_players
        self.n = n
        self.bonus_bits = sum(bit(b) for b in game.bonus)
        self.round_index = 0
        self.marked = [0] * n
        self.rerolls = [MAX_REROLLS] * n
        self.reroll_limit = [MAX_REROLLS] * n
        self.done = [False] * n
        self.round_score: list[int | None] = [None] * n
        self.round_scores: list[list[int]] = [[] for _ in range(n)]
        self.round_marks: list[list[int]] = [[] for _ in range(n)]
        """Each finished round's sheet per player (the printed sheet's columns)."""
        self.current = 0
        self.starter = 0
        self.chooser: int | None = None
        self.penalised: int | None = None
        self.contenders: tuple[int, ...] = tuple(range(n))
        self.phase = OPENING if n > 1 else ROLL
        self.last: dict = {}
        """The last thing that happened, for the table and the history."""

    def clone(self) -> "DicedOutState":
        twin = object.__new__(DicedOutState)
        twin.__dict__.update(self.__dict__)
        twin.marked, twin.rerolls = list(self.marked), list(self.rerolls)
        twin.reroll_limit, twin.done = list(self.reroll_limit), list(self.done)
        twin.round_score = list(self.round_score)
        twin.round_scores = [list(s) for s in self.round_scores]
        twin.round_marks = [list(s) for s in self.round_marks]
        twin.last = dict(self.last)
        return twin

    # --- who acts -------------------------------------------------------
    def chance_request(self):
        if self.phase == ROLL:
            reason = "reroll" if self.last.get("event") == "repeat" and self.last.get("player") == self.current else "turn"
            return RollRequest((DieGroup(self.current, "d6", 2),), reason)
        if self.phase in (OPENING, TIE):
            reason = "opening roll-off" if self.phase == OPENING else "tie roll-off"
            return RollRequest(tuple(DieGroup(p, "d6", 2) for p in self.contenders), reason)
        return None

    def turn_player(self):
        if self.phase == FREE_MARK:
            return self.current
        if self.phase == PENALTY:
            return self.chooser
        return None

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _legal_actions(self, player):
        if self.phase == FREE_MARK:
            return [FreeMark(n) for n in NUMBERS if not self.marked[player] & bit(n)] + [SkipFreeMark()]
        if self.phase == PENALTY:
            return [Penalise(t) for t in range(self.n) if t != player]
        return []

    def is_legal(self, player, action) -> bool:
        if player not in self.current_players():
            return False
        if isinstance(action, FreeMark):
            return (self.phase == FREE_MARK and isinstance(action.number, int) and action.number in NUMBERS
                    and not self.marked[player] & bit(action.number))
        if isinstance(action, SkipFreeMark):
            return self.phase == FREE_MARK
        if isinstance(action, Penalise):
            return (self.phase == PENALTY and isinstance(action.target, int) and not isinstance(action.target, bool)
                    and 0 <= action.target < self.n and action.target != player)
        return False

    # --- changes --------------------------------------------------------
    def _apply(self, player, action):
        if player == CHANCE:
            if self.phase == ROLL:
                self._turn_roll(sum(action.faces[0]))
            else:
                self._roll_off(action)
        elif isinstance(action, FreeMark):
            self.marked[player] |= bit(action.number)
            self.last = {"event": "free_mark", "player": player, "number": action.number}
            self._end_turn()
        elif isinstance(action, SkipFreeMark):
            self.last = {"event": "skip_free_mark", "player": player}
            self._end_turn()
        elif isinstance(action, Penalise):
            self.penalised = action.target
            self.last = {"event": "penalty", "player": player, "target": action.target}
            self._start_round(starter=player)

    def _turn_roll(self, total: int) -> None:
        p = self.current
        if not self.marked[p] & bit(total):
            self.marked[p] |= bit(total)
            self.last = {"event": "mark", "player": p, "total": total}
            if total in self.game.bonus and self.marked[p] != FULL:
                self.last["event"] = "bonus"
                self.phase = FREE_MARK
            else:
                self._end_turn()
        elif self.rerolls[p] > 0:
            self.rerolls[p] -= 1  # forced reroll (house): the same player throws again
            self.last = {"event": "repeat", "player": p, "total": total, "rerolls": self.rerolls[p]}
        else:
            self.done[p] = True
            self.round_score[p] = unmarked_sum(self.marked[p])
            self.last = {"event": "diced_out", "player": p, "total": total, "score": self.round_score[p]}
            self._next_turn()

    def _end_turn(self) -> None:
        p = self.current
        if self.marked[p] == FULL:
            self.done[p] = True
            self.round_score[p] = 0
            self.last = dict(self.last, complete=True, score=0)
        self._next_turn()

    def _next_turn(self) -> None:
        for step in range(1, self.n + 1):
            q = (self.current + step) % self.n
            if not self.done[q]:
                self.current = q
                self.phase = ROLL
                return
        self._end_round()

    def _end_round(self) -> None:
        for p in range(self.n):
            score = self.round_score[p]
            assert score is not None  # every sheet is scored before the round ends
            self.round_scores[p].append(score)
            self.round_marks[p].append(self.marked[p])
        self.round_index += 1
        if self.round_index >= ROUNDS:
            self.phase = OVER
            return
        if self.n == 1:
            self._start_round(starter=0)
            return
        scores = [s[-1] for s in self.round_scores]
        low = min(scores)
        lowest = tuple(p for p in range(self.n) if scores[p] == low)
        if len(lowest) == 1:
            self.chooser, self.phase = lowest[0], PENALTY
        else:
            self.contenders, self.phase = lowest, TIE

    def _roll_off(self, action: RollResult) -> None:
        totals = {p: sum(f) for p, f in zip(self.contenders, action.faces)}
        high = max(totals.values())
        best = tuple(p for p in self.contenders if totals[p] == high)
        self.last = {"event": "roll_off", "phase": self.phase, "totals": [[p, t] for p, t in totals.items()],
                     "winner": best[0] if len(best) == 1 else None}
        if len(best) > 1:
            self.contenders = best
            return
        if self.phase == OPENING:
            self.contenders = ()
            self._start_round(starter=best[0], first=True)
        else:
            self.contenders = ()
            self.chooser, self.phase = best[0], PENALTY

    def _start_round(self, starter: int, first: bool = False) -> None:
        if not first:
            self.marked = [0] * self.n
            self.done = [False] * self.n
            self.round_score = [None] * self.n
        self.reroll_limit = [MAX_REROLLS - (1 if p == self.penalised else 0) for p in range(self.n)]
        self.rerolls = list(self.reroll_limit)
        self.penalised = None
        self.chooser = None
        self.starter = self.current = starter
        self.phase = ROLL

    # --- the end ----------------------------------------------------------
    def totals(self) -> list[int]:
        return [sum(s) for s in self.round_scores]

    def ranking(self) -> tuple[int, ...]:
        """Place = how many players have a strictly lower total (ties share)."""
        totals = self.totals()
        return tuple(sum(1 for u in totals if u < t) for t in totals)

    # --- what a seat may see ------------------------------------------
    def view(self, player: int) -> TableView:
        return TableView(
            me=player, num_players=self.n, bonus=self.game.bonus, phase=self.phase,
            round_index=self.round_index, current=self.current if self.phase in (ROLL, FREE_MARK) else None,
            starter=self.starter, marked=tuple(self.marked), rerolls=tuple(self.rerolls),
            reroll_limit=tuple(self.reroll_limit), done=tuple(self.done),
            round_score=tuple(self.round_score), round_scores=tuple(tuple(s) for s in self.round_scores),
            round_marks=tuple(tuple(s) for s in self.round_marks),
            contenders=tuple(self.contenders), chooser=self.chooser)

    def summary(self) -> dict:
        return {
            "phase": self.phase, "round": self.round_index, "current": self.current,
            "starter": self.starter, "chooser": self.chooser, "contenders": list(self.contenders),
            "marked": [list(numbers_of(m)) for m in self.marked], "rerolls": list(self.rerolls),
            "reroll_limit": list(self.reroll_limit), "done": list(self.done),
            "round_score": list(self.round_score), "round_scores": [list(s) for s in self.round_scores],
            "round_marks": [[list(numbers_of(m)) for m in s] for s in self.round_marks],
            "totals": self.totals(), "last": dict(self.last),
        }


GAME = DicedOutGame


def check_invariants(prev: DicedOutState, action: Action, state: DicedOutState) -> None:
    """Conservation laws: sheets only fill within a round, rerolls stay in
    0..limit and only fall within a round, scores are the unmarked sums."""
    n = state.n
    for p in range(n):
        assert 0 <= state.rerolls[p] <= state.reroll_limit[p] <= MAX_REROLLS, f"rerolls of {p}: {state.rerolls[p]}"
        assert state.reroll_limit[p] >= MAX_REROLLS - 1
        if state.round_score[p] is not None:
            assert state.done[p], f"player {p} scored without being done"
            assert state.round_score[p] == unmarked_sum(state.marked[p]), f"score of {p} is not the unmarked sum"
        assert len(state.round_scores[p]) == state.round_index, "round scores out of step"
        assert len(state.round_marks[p]) == state.round_index
        for score, sheet in zip(state.round_scores[p], state.round_marks[p]):
            assert score == unmarked_sum(sheet), f"round score {score} of {p} is not its sheet's unmarked sum"
    if state.round_index == prev.round_index and prev.phase in (ROLL, FREE_MARK, OPENING):
        for p in range(n):
            assert prev.marked[p] & ~state.marked[p] == 0, f"player {p} lost a mark"
            assert state.rerolls[p] <= prev.rerolls[p], f"player {p} regained a reroll"
            assert state.done[p] or not prev.done[p], f"player {p} came back into the round"
        gained = sum(bin(s).count("1") for s in state.marked) - sum(bin(s).count("1") for s in prev.marked)
        assert gained <= 1, "more than one number marked by one action"
        if isinstance(action, SkipFreeMark):
            assert state.marked == prev.marked and prev.phase == FREE_MARK, "a skipped free mark marked something"
    if state.phase == OVER:
        assert all(len(s) == ROUNDS for s in state.round_scores)
