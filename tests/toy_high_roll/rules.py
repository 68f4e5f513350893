from dataclasses import dataclass

from game.core.protocol import (DieGroup, Game, GameInfo, OptionSpec, RollRequest, State, Action)


@dataclass(frozen=True)
class Roll(Action):
    pass


@dataclass(frozen=True)
class Stand(Action):
    pass


@dataclass(frozen=True)
class Heckle(Action):
    """Out of turn: costs the heckler a point."""


class ToyGame(Game):
    info = GameInfo("toy", "Toy", "test", 2, 4,
                    (OptionSpec("turns", "Turns", "int", 3, 1, 5),))
    action_types = (Roll, Stand, Heckle)

    def new_initial_state(self):
        return ToyState(self)


class ToyState(State):
    def __init__(self, game):
        super().__init__(game)
        self.scores = [0] * game.num_players
        self.turn = 0
        self.pending_roll = False
        self.heckled = False

    def chance_request(self):
        if self.pending_roll:
            return RollRequest((DieGroup(self.turn % self.game.num_players, "d6", 1),))
        return None

    def is_terminal(self):
        return self.turn >= self.game.num_players * self.game.options["turns"]

    def turn_player(self):
        if self.is_terminal() or self.pending_roll:
            return None
        return self.turn % self.game.num_players

    def interjectors(self):
        if self.is_terminal() or self.pending_roll or self.heckled:
            return ()
        return tuple(p for p in range(self.game.num_players) if p != self.turn_player())

    def _legal_actions(self, player):
        if player == self.turn_player():
            return [Roll(), Stand()]
        return [Heckle()]

    def _apply(self, player, action):
        if player == -1:
            self.scores[self.turn % self.game.num_players] += action.faces[0][0]
            self.pending_roll = False
            self.turn += 1
            self.heckled = False
        elif isinstance(action, Roll):
            self.pending_roll = True
        elif isinstance(action, Stand):
            self.turn += 1
            self.heckled = False
        else:
            self.scores[player] -= 1
            self.heckled = True

    def ranking(self):
        best = sorted(set(self.scores), reverse=True)
        return tuple(best.index(s) for s in self.scores)

    def view(self, player):
        return {"scores": list(self.scores), "me": player}

    def summary(self):
        return {"scores": list(self.scores), "turn": self.turn, "pending": self.pending_roll}


GAME = ToyGame


def check_invariants(prev, action, state):
    assert state.turn >= prev.turn
