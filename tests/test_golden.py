"""Stored games still load, replay to the same end, and a seed still plays the same.

Issue 20: "for each game, a few stored records (including one from the current
format version) with their expected final state digest and ranking; a test
loads and replays each, so format and determinism regressions fail CI."

The records in tests/golden/ were written by ``tools/make_golden.py``.  When a
change is *meant* to alter them (new rules version, record format, AI), run
that tool and say so in the commit: these tests make such a change conscious.
"""
import json
import sys
from pathlib import Path

import pytest

from game import games
from game.core import journal, saves
from game.core.match import RECORD_VERSION, Match, Seat
from game.core.protocol import CHANCE

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden"
EXPECTED = json.loads((GOLDEN / "expected.json").read_text(encoding="utf-8"))
sys.path.insert(0, str(REPO / "tools"))
from make_golden import digest, trail  # noqa: E402  (the one digest definition)

REGENERATE = ("if this change is meant to alter old saves or what a seed plays, regenerate with "
              "`python tools/make_golden.py` and say so in the commit")


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


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if n.endswith(".json")))
def test_the_seed_still_plays_the_recorded_game(name, tmp_path, monkeypatch):
    """All-AI seats with the record's seed play exactly the recorded moves."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    record = _record(name)
    seats = [Seat.from_json(s) for s in record["seats"]]
    match = Match(record["game"], seats, record["options"], record["seed"])
    match.play_out()
    played = [{"player": p, "action": a.to_json()} for p, a in match.history]
    first = next((i for i, (a, b) in enumerate(zip(played, record["actions"])) if a != b),
                 min(len(played), len(record["actions"])))
    assert played == record["actions"], f"{name}: play departs at move {first + 1}; {REGENERATE}"


def test_a_changed_record_is_caught(tmp_path, monkeypatch):
    """The checks can fail: a record with one die changed ends elsewhere or is refused."""
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    name = "liars-dice-2p.json"
    record = _record(name)
    roll = next(e["action"] for e in record["actions"] if e["player"] == CHANCE and "faces" in e["action"])
    roll["faces"][0][0] = 1 if roll["faces"][0][0] != 1 else 2
    broken = tmp_path / name
    broken.write_text(json.dumps(record))
    try:
        match = saves.load_match(broken)
    except Exception:
        return  # refused: also a failure the golden test would report
    assert trail(match) != EXPECTED[name]["trail_sha256"]
