"""The outside group (``game/dev/outside_bots.py``, issue 40's fourteenth session):
opponents written from the rule texts and the agent protocol, in neither half
of the league.  They play legal moves only, decide from their seat's view
alone, replay exactly from one seed per game, and the exploiter learns a rival
from what the table shows."""
import copy
import random
from pathlib import Path

import pytest

from game.core.seeding import derive
from game.core.sim import load_guests, seated_match
from game.dev import ai_report, league
from game.dev import outside_bots as ob

PATH = Path(ob.__file__)
BOTS = (ob.OutsideOdds, ob.OutsideReader, ob.OutsideExploiter)


def test_the_outside_bots_import_nothing_of_the_game():
    """Written from the rule texts and the protocol: no import of the game, its
    rules or its AI (the raise rules they use are their own)."""
    imports = [line for line in PATH.read_text(encoding="utf-8").splitlines()
               if line.startswith(("import ", "from "))]
    assert imports and not [line for line in imports if "game" in line or line.startswith("from .")]


def test_the_outside_group_is_in_neither_half():
    """Nobody may tune on it: no half of the league lists an outside bot, and its
    rows seat the same bot whichever half is asked."""
    for half in league.HALVES.values():
        assert not set(half.values()) & set(ob.OUTSIDE.values())
    for row in league.OUTSIDE_ROWS:
        kind = league.ROWS[row][2]
        assert league.bot_of("tuning", kind) is league.bot_of("reporting", kind) is ob.OUTSIDE[kind]


@pytest.mark.parametrize("game", ["liars-dice", "roll-call"])
def test_every_outside_bot_plays_legal_moves(game):
    """Guests are checked move by move (``guest_bots``): an illegal move or an
    exception stops the run, so two games at three seats with each bot pass only
    if every move and out-of-turn call was legal."""
    for bot in BOTS:
        ob.reset_memory()
        rep = ai_report.run_report(game, "hard", [ob.spec(bot)] * 2, 2, seed=3)
        assert rep.seat_games == 2


@pytest.mark.parametrize("game", ["liars-dice", "roll-call"])
def test_a_bot_decides_from_its_seats_view_alone(game):
    """Secrecy probe: every decision an outside bot made in a seeded game is made
    again, identically, by a copy of the bot given only that decision's view, the
    legal actions and the same random stream, outside any match (no state, no
    hidden hand anywhere to reach); and no view it was given held another seat's
    dice while the cups were down."""
    for bot in (ob.OutsideReader, ob.OutsideExploiter):
        ob.reset_memory()
        spec = ob.spec(bot)
        levels = ["hard", spec, spec]
        guests = load_guests(levels)
        seat_levels, match = seated_match(game, levels, 0, guests, derive(11, "probe", 0))
        records = []
        for p, lvl in enumerate(seat_levels):
            if lvl != spec:
                continue
            agent = match.agents[p]

            def recorded(method, agent=agent, name=""):
                def decide(view, legal):
                    before = copy.deepcopy({k: v for k, v in agent.__dict__.items() if k not in ("act", "interject",
                                                                                             "watch")})
                    memory = copy.deepcopy(ob.OutsideExploiter._memory)
                    action = method(view, legal)
                    records.append((before, memory, view, list(legal), action))
                    return action
                return decide
            agent.act = recorded(agent.act)
            agent.interject = recorded(agent.interject)
        match.play_out()
        assert records
        for before, memory, view, legal, action in records:
            hidden = view.my_faces if game == "liars-dice" else view.my_dice
            assert hidden == () or len(hidden) == (view.dice if game == "liars-dice" else view.dice_counts)[view.me]
            twin = bot.__new__(bot)
            twin.__dict__.update(copy.deepcopy(before))
            ob.OutsideExploiter._memory.clear()
            ob.OutsideExploiter._memory.update(memory)
            again = twin.interject(view, legal) if action is None or type(action).__name__ == "CallOutOfTurn" \
                else twin.act(view, legal)
            assert again == action


@pytest.mark.parametrize("game", ["liars-dice", "roll-call"])
def test_one_seed_per_game_replays_exactly(game):
    """The same seed gives the same games, the exploiter's learning included."""
    runs = []
    for _ in range(2):
        ob.reset_memory()
        rep = ai_report.run_report(game, "hard", [ob.spec(ob.OutsideExploiter)], 4, seed=7)
        runs.append((rep.outcomes, rep.held, rep.calib, copy.deepcopy(ob.OutsideExploiter._memory)))
    assert runs[0] == runs[1]


def test_the_exploiter_learns_a_rival_across_games_from_the_lifted_cups():
    """What Hard held after each kind of its bids, and whether it called given its
    own chance, tabulated from the reveals and carried from game to game."""
    ob.reset_memory()
    ai_report.run_report("liars-dice", "hard", [ob.spec(ob.OutsideExploiter)], 6, seed=5)
    book = ob.OutsideExploiter._memory[("liars-dice", "hard")]
    assert sum(row[1] for row in book["tilt"].values()) >= 20
    assert sum(cell[1] for cell in book["calls"].values()) >= 10
    assert sum(cell[0] for cell in book["calls"].values()) >= 1


def test_the_reader_reads_bids_better_than_plain_odds():
    """A sanity check of the Monte Carlo reader: heads-up it beats the pure odds bot."""
    rep = ai_report.run_report("liars-dice", ob.spec(ob.OutsideReader), [ob.spec(ob.OutsideOdds)], 30, seed=1)
    assert rep.wins / rep.seat_games >= 0.7


def test_the_raise_rules_are_the_texts():
    """The bots' own raise rules (from the texts) agree with the legal actions the
    game lists, at every turn of random games of both games (Palifico included)."""
    from game import games as registry
    from game.core.protocol import CHANCE, RollResult
    rng = random.Random(4)
    checked = 0
    for game_id in ("liars-dice", "roll-call"):
        for _ in range(8):
            state = registry.rules_module(game_id).GAME(3).new_initial_state()
            while not state.is_terminal():
                request = state.chance_request()
                if request is not None:
                    state = state.apply(CHANCE, RollResult(tuple(tuple(rng.randint(1, 6) for _ in range(g.count))
                                                                 for g in request.groups)))
                    continue
                p = state.turn_player()
                view, legal = state.view(p), state.legal_actions(p)
                table = ob.Table(view)
                listed: dict[int, int] = {}
                for a in legal:
                    if type(a).__name__ == "Bid":
                        listed[a.face] = min(listed.get(a.face, 99), a.quantity)
                assert table.minimums(table.bids) == listed
                checked += 1
                bids = [a for a in legal if type(a).__name__ == "Bid"]
                state = state.apply(p, rng.choice(bids[:3] or legal) if rng.random() < 0.8 else rng.choice(legal))
    assert checked > 200


def test_where_the_dice_go_accounts_for_every_die_lost():
    """``outside_report.tally``: the dice it says each side lost, by cause, are
    every die that left the table in the game (Roll Call: no die comes back)."""
    from collections import Counter

    from game.dev import outside_report
    spec = ob.spec(ob.OutsideReader)
    levels = ["hard", spec, spec]
    guests = load_guests(levels)
    _, match = seated_match("roll-call", levels, 1, guests, derive(5, "tally", 1))
    match.play_out()
    into: dict[str, Counter] = {"tested": Counter(), "others": Counter(), "seats": Counter()}
    outside_report.tally(match, "hard", into)
    lost = sum(n for side in ("tested", "others") for key, n in into[side].items() if key.startswith("dice lost"))
    assert lost == 5 * 3 - sum(match.state.dice_counts)
    hard = next(p for p, seat in enumerate(match.seats) if seat.name.startswith("hard-"))
    hard_lost = sum(n for key, n in into["tested"].items() if key.startswith("dice lost"))
    assert hard_lost == 5 - match.state.dice_counts[hard]
    assert into["seats"]["games"] == 1
