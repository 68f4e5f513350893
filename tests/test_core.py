"""Core protocol, match, records and harness, on a toy game."""
import json
import subprocess
import sys

import pytest

from game import games
from game.dev import harness
from game.core.match import Match, RecordError, Seat
from game.core.protocol import (CHANCE, DieGroup, IllegalActionError, OptionSpec, RollRequest,
                                RollResult, validate_options)
from game.core.dice import RngDice, prob_at_least, prob_exactly
from game.core.seeding import derive, parse_seed

games.register("toy", "tests.toy_high_roll")


def ai_seats(n):
    return [Seat(f"P{i}", "ai", "easy") for i in range(n)]


def test_options_validation_names_option_and_range():
    specs = (OptionSpec("dice", "Dice", "int", 3, 1, 6), OptionSpec("cap", "Cap", "bool", False))
    assert validate_options(specs, {}) == {"dice": 3, "cap": False}
    with pytest.raises(ValueError, match=r"'dice'.*from 1 to 6"):
        validate_options(specs, {"dice": 9})
    with pytest.raises(ValueError, match=r"'cap'.*true or false"):
        validate_options(specs, {"cap": "yes"})
    with pytest.raises(ValueError, match="unknown option 'nope'"):
        validate_options(specs, {"nope": 1})


def test_player_count_is_validated():
    with pytest.raises(ValueError, match=r"'players'.*from 2 to 4"):
        games.make_game("toy", 7)


def test_seeds_are_stable_and_distinct():
    assert derive(5, "throw", 1) == derive(5, "throw", 1)
    assert derive(5, "throw", 1) != derive(5, "throw", 2)
    assert parse_seed("42") == 42 and parse_seed(" abc ") == parse_seed("abc")


def test_binomial_helpers():
    assert prob_at_least(0, 5, 0.3) == 1.0
    assert prob_at_least(6, 5, 0.3) == 0.0
    assert abs(sum(prob_exactly(k, 5, 1 / 3) for k in range(6)) - 1) < 1e-12


def test_chance_outcomes_are_checked():
    m = Match("toy", ai_seats(2), seed=3)
    with pytest.raises(IllegalActionError):
        m.apply(CHANCE, RollResult(((4,),)))  # no chance pending yet
    m.apply(0, m.game.action_types[0]())  # Roll
    with pytest.raises(IllegalActionError):
        m.apply(CHANCE, RollResult(((7,),)))
    m.apply(CHANCE, RollResult(((4,),)))
    assert m.state.scores[0] == 4


def test_illegal_action_refused_with_clear_error():
    m = Match("toy", ai_seats(2), seed=3)
    heckle = m.game.action_types[2]()
    with pytest.raises(IllegalActionError, match="not a legal move for player 0"):
        m.apply(0, heckle)


def test_same_seed_same_game_and_record_round_trip():
    a = Match("toy", ai_seats(3), seed=11)
    a.play_out()
    b = Match("toy", ai_seats(3), seed=11)
    b.play_out()
    assert a.history == b.history
    c = Match.from_record(json.loads(json.dumps(a.to_record())))
    assert c.history == a.history and c.state.summary() == a.state.summary()


def test_interjections_happen_and_are_deterministic():
    m = Match("toy", ai_seats(4), seed=5)
    m.play_out()
    assert any(type(a).__name__ == "Heckle" for _, a in m.history)


@pytest.mark.parametrize("mutate, message", [
    (lambda r: r.update(format="other"), "not a Dice Tavern"),
    (lambda r: r.update(version=99), "newer"),
    (lambda r: r.update(game="chess"), "unknown game"),
    (lambda r: r["actions"][0]["action"].update(type="Bogus"), "damaged at move 1"),
    (lambda r: r["actions"].insert(0, {"player": 0, "action": {"type": "Heckle"}}), "damaged at move 1"),
    (lambda r: r.update(options={"turns": 99}), "not valid"),
    (lambda r: r.update(seats="x"), "seat"),
])
def test_bad_records_give_clear_errors(mutate, message):
    m = Match("toy", ai_seats(2), seed=9)
    m.play_out()
    rec = json.loads(json.dumps(m.to_record()))
    mutate(rec)
    with pytest.raises(RecordError, match=message):
        Match.from_record(rec)


def test_harness_runs_on_toy_game():
    matches = harness.playouts("toy", 20, seed=1)
    assert all(m.is_over for m in matches)


def test_rng_dice_cover_all_faces():
    req = RollRequest((DieGroup(0, "bone", 600),))
    faces = RngDice().resolve(req, 1).faces[0]
    assert set(faces) == set(range(1, 13))


PURE = ["game.core.protocol", "game.core.match", "game.dev.harness", "game.core.sim",
        "game.core.userfiles", "game.core.saves", "game.games"]


def test_pure_layers_import_no_pygame_or_pymunk():
    code = ("import sys; import " + ", ".join(PURE) + "; "
            "import game.games as g, importlib\n"
            "for gid in g.GAME_IDS:\n"
            "    for part in ('rules', 'ai'):\n"
            "        try: importlib.import_module(g.package_name(gid) + '.' + part)\n"
            "        except ModuleNotFoundError as e:\n"
            "            if not (e.name or '').startswith('game'): raise\n"
            "bad = [m for m in ('pygame', 'pymunk') if m in sys.modules]\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_every_game_builds_each_level_and_refuses_unknown_ones():
    import random
    for gid in games.GAME_IDS:
        for level in ("easy", "normal", "hard"):
            assert games.make_agent(gid, level, 0, random.Random(1)).act
        with pytest.raises(ValueError, match="unknown AI level 'genius'"):
            games.make_agent(gid, "genius", 0, random.Random(1))
