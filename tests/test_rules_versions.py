"""Records carry the game's rules version: an old record whose game's rules
changed either replays identically or is refused with a clear message."""
import json

import pytest

from game.core.match import Match, RecordError, Seat
from game.core.saves import load_match
from game.core.userfiles import UserFileError


def finished(game_id, n, seed):
    seats = [Seat(f"P{i}", "ai", ("easy", "normal", "hard")[i % 3]) for i in range(n)]
    match = Match(game_id, seats, seed=seed)
    match.play_out()
    return match


def as_old(record, version=1):
    """The same record as an older Dice Tavern wrote it."""
    old = json.loads(json.dumps(record))
    if version == 1:
        old.pop("rules_version")      # records before rules versions had none
    else:
        old["rules_version"] = version
    return old


def test_records_carry_the_rules_version():
    match = finished("roll-the-bones", 3, 0)
    assert match.to_record()["rules_version"] == match.game.rules_version == 3


def finished_simple(game_id, n, seed):
    """A game with side pots off, where a one-die player makes every ante 0."""
    seats = [Seat(f"P{i}", "ai", ("easy", "normal", "hard")[i % 3]) for i in range(n)]
    match = Match(game_id, seats, seed=seed, options={"side_pots": False})
    match.play_out()
    return match


def test_version_2_bones_record_where_a_centre_nobody_anted_to_was_won_is_refused():
    """Version 2 left a centre nobody anted to on the table; version 3 gives it to
    the roll's winner (issue 36), so such a record would replay differently."""
    match = finished_simple("roll-the-bones", 4, 0)
    assert match.state.v2_departed
    with pytest.raises(RecordError, match="made by an older version of Dice Tavern"):
        Match.from_record(as_old(match.to_record(), version=2))


def test_version_2_bones_record_that_replays_identically_still_loads():
    match = finished_simple("roll-the-bones", 3, 0)
    assert not match.state.v2_departed
    again = Match.from_record(as_old(match.to_record(), version=2))
    assert again.state.summary() == match.state.summary()


def test_old_bones_record_that_replays_identically_still_loads():
    """Version 1 gave the centre to the roll's winner even when they had not anted;
    a game where that never came up replays the same under version 2."""
    match = finished("roll-the-bones", 3, 0)
    assert not match.state.v1_departed
    again = Match.from_record(as_old(match.to_record()))
    assert again.state.summary() == match.state.summary()


def test_old_bones_record_that_would_replay_differently_is_refused(tmp_path):
    match = finished("roll-the-bones", 4, 25)
    assert match.state.v1_departed          # a short winner met a centre they had not anted to
    with pytest.raises(RecordError, match="made by an older version of Dice Tavern"):
        Match.from_record(as_old(match.to_record()))
    path = tmp_path / "old.json"
    path.write_text(json.dumps(as_old(match.to_record())))
    with pytest.raises(UserFileError, match="Roll the Bones game was made by an older version"):
        load_match(path)


def test_record_from_newer_rules_is_refused():
    record = finished("roll-the-bones", 3, 0).to_record()
    record["rules_version"] = 99
    with pytest.raises(RecordError, match="newer version"):
        Match.from_record(record)
    record["rules_version"] = "two"
    with pytest.raises(RecordError, match="no valid rules version"):
        Match.from_record(record)


def test_old_roll_for_it_record_of_five_or_more_players_is_refused():
    """Rules version 2 shuffles two decks with 5+ players: an old 5-8 player record
    (one 30-card deck) cannot replay; 2-4 player records are unchanged and load."""
    big = finished("roll-for-it", 5, 3).to_record()
    assert big["rules_version"] == 2
    with pytest.raises(RecordError, match="Roll For It! game was made by an older version"):
        Match.from_record(as_old(big))
    small = finished("roll-for-it", 4, 3)
    again = Match.from_record(as_old(small.to_record()))
    assert again.state.summary() == small.state.summary()


def test_old_diced_out_record_replays_unchanged():
    """Declining the free mark is a new action; old records never used it and
    replay the same, so Diced Out keeps rules version 1."""
    match = finished("diced-out", 3, 4)
    assert match.to_record()["rules_version"] == 1
    again = Match.from_record(as_old(match.to_record()))
    assert again.state.summary() == match.state.summary()
