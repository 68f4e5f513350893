"""Stored games still load, replay to the same end, and a seed still rolls the same dice.

Issue 20: "for each game, a few stored records (including one from the current
format version) with their expected final state digest and ranking; a test
loads and replays each, so format and determinism regressions fail CI."
Issue 37: the records guard the rules and the formats, not the AIs' choices:
they replay the recorded actions, so retuning an AI never touches them (what
a seed's AIs play is checked for determinism only: the same seed, the same game).

The records in tests/golden/ were written by ``tools/make_golden.py``.  When a
change is *meant* to alter them (new rules version, record format), run that
tool and say so in the commit: these tests make such a change conscious.
"""
import json
import sys
from pathlib import Path

import pytest

from game import games
from game.core import journal, saves
from game.core.userfiles import UserFileError
from game.core.match import RECORD_VERSION, Match, Seat
from game.core.protocol import CHANCE

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden"
EXPECTED = json.loads((GOLDEN / "expected.json").read_text(encoding="utf-8"))
sys.path.insert(0, str(REPO / "tools"))
from make_golden import digest, trail  # noqa: E402  (the one digest definition)

REGENERATE = ("if this change is meant to alter what old saves load as (rules, record format), "
              "update with `python tools/make_golden.py --expect` (or `--new` for a new format) "
              "and say so in the commit")


def _record(name: str) -> dict:
    path = GOLDEN / name
    if path.suffix == ".journal":
        return journal.read_record(path)
    return json.loads(path.read_text(encoding="utf-8"))


def test_every_game_has_golden_records_in_the_current_formats():
    by_game: dict[str, list[str]] = {}
    for name, expect in EXPECTED.items():
        assert (GOLDEN / name).is_file(), name
        by_game.setdefault(expect["game"], []).append(name)
    for game_id in games.GAME_IDS:
        names = by_game.get(game_id, [])
        assert len(names) >= 3, f"{game_id}: {names}"
        assert any(n.endswith(".journal") for n in names), f"{game_id}: no autosave journal"
        records = [_record(n) for n in names]
        assert any(r["version"] == RECORD_VERSION for r in records), f"{game_id}: none in the current format"
        assert any(r.get("finished") for r in records if "finished" in r)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_loads_and_replays_to_its_stored_end(name, tmp_path, monkeypatch):
    """Through the same loader as Continue and the replay list."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    expect = EXPECTED[name]
    try:
        match = saves.load_match(GOLDEN / name)
    except Exception as exc:  # a format or rules change that refuses an old save
        pytest.fail(f"{name} no longer loads ({exc}); {REGENERATE}")
    assert match.game_id == expect["game"]
    assert len(match.history) == expect["moves"]
    assert match.state.is_terminal() == expect["finished"]
    if expect["finished"]:
        assert list(match.state.ranking()) == expect["ranking"], REGENERATE
    assert digest(match.state.summary()) == expect["summary_sha256"], \
        f"{name}: the replayed final state differs; {REGENERATE}"
    assert trail(match) == expect["trail_sha256"], f"{name}: the game goes differently on the way; {REGENERATE}"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_seed_still_rolls_the_recorded_dice(name):
    """Every chance outcome in the record is what the seed gives now (RNG dice)."""
    record = _record(name)
    assert record["dice"] == "rng"
    match = Match.from_record(record, upto=0)
    for i, entry in enumerate(record["actions"]):
        action = match.game.action_from_json(entry["action"])
        if entry["player"] == CHANCE:
            assert match.chance_outcome() == action, f"{name}: move {i + 1}: the seed rolls differently; {REGENERATE}"
        match.apply(entry["player"], action)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_a_seed_plays_the_same_game_twice(game_id, tmp_path, monkeypatch):
    """All-AI seats with one seed play exactly the same moves twice (the AIs
    draw only from the seed); which moves they are is the AIs' business."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    levels = ("hard", "normal", "easy")
    seats = [Seat(f"S{i}", "ai", levels[i]) for i in range(3 if games.game_info(game_id).max_players >= 3 else 2)]
    first, second = (Match(game_id, seats, None, 404) for _ in range(2))
    first.play_out()
    second.play_out()
    assert first.history == second.history and first.state.is_terminal()


def _changed(tmp_path, name: str, roll: int) -> Path:
    """``name`` with one die of its ``roll``-th roll (negative: from the end) turned."""
    record = _record(name)
    rolls = [e["action"] for e in record["actions"] if e["player"] == CHANCE and "faces" in e["action"]]
    faces = rolls[roll]["faces"]
    faces[0][0] = 1 if faces[0][0] != 1 else 2
    path = tmp_path / name
    path.write_text(json.dumps(record))
    return path


def test_a_changed_die_is_caught_by_the_digest(tmp_path, monkeypatch):
    """The checks can fail: the last roll of a record with one die turned still
    loads, and the replay goes differently from there."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    name = "liars-dice-2p.json"
    match = saves.load_match(_changed(tmp_path, name, -1))
    assert len(match.history) == EXPECTED[name]["moves"]
    assert trail(match) != EXPECTED[name]["trail_sha256"]


def test_a_record_that_no_longer_fits_is_refused(tmp_path, monkeypatch):
    """A die turned in the first roll changes who loses the first challenge, so
    a later roll has the wrong number of dice: the loader refuses the record
    as damaged (the one exception a bad save may raise), it does not crash."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    with pytest.raises(UserFileError, match="damaged at move"):
        saves.load_match(_changed(tmp_path, "liars-dice-2p.json", 0))
