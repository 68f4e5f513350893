"""Issue 14: every user file validated against its declared schema, every
failure contained (a message naming file and field, the file kept as .bad,
a safe fallback), writes that survive power loss, and the contract gaps."""
import json
import os
import subprocess
import sys
import threading
import time

import pytest

from game.core import saves, userfiles, validation
from game.core.match import Match, Seat
from tests import real_files

AUTOSAVE = saves.Autosave()
"""The autosave as the app owns it (``app.autosave``): one for this module's tests."""

HUGE_INT = b"1" + b"0" * 5000


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    return tmp_path


def _record(name="liars-dice-autosave"):
    return json.loads(real_files.records()[name])


# --- 1. every JSON failure is the loader's own error -------------------------

@pytest.mark.parametrize("raw", [
    b'{"format": "dice-tavern-settings", "version": 1, "master_volume": ' + HUGE_INT + b"}",
    b"[" * 100_000,                       # RecursionError in the parser
    b'{"format": "dice-tavern-settings", "version": 1, "fullscreen": NaN}',
    b'\xed\xa0\x80',                      # UTF-8 encoded surrogate: UnicodeDecodeError
])
def test_settings_any_parse_failure_falls_back_and_is_kept(home, raw):
    userfiles.settings_path().write_bytes(raw)
    settings, message = userfiles.load_settings()
    assert settings == userfiles.Settings()
    assert "settings.json" in message
    assert (home / "settings.json.bad").read_bytes() == raw


def test_stats_autosave_and_replay_survive_a_huge_integer(home):
    userfiles.stats_path().write_bytes(b'{"format": "dice-tavern-stats", "version": 1, "games": ' + HUGE_INT + b"}")
    stats, message = userfiles.load_stats()
    assert stats["games"] == {} and "stats.json" in message
    userfiles.autosave_path().write_bytes(real_files.records()["liars-dice-autosave"].replace(b'"seed": 11', b'"seed": ' + HUGE_INT))
    with pytest.raises(userfiles.UserFileError, match="autosave.json"):
        AUTOSAVE.load()
    assert not saves.has_autosave()
    replay = home / "r.json"
    replay.write_bytes(HUGE_INT)
    with pytest.raises(userfiles.UserFileError, match="r.json"):
        saves.load_match(replay)


def test_a_second_bad_file_never_overwrites_the_first(home):
    for i in range(3):
        userfiles.settings_path().write_bytes(b"junk %d" % i)
        userfiles.load_settings()
    assert [(home / n).read_bytes() for n in ("settings.json.bad", "settings.json.bad1", "settings.json.bad2")] \
        == [b"junk 0", b"junk 1", b"junk 2"]


# --- 2. wrongly typed stats ------------------------------------------------------

@pytest.mark.parametrize("games, field", [
    ({"diced-out": 5}, "games.diced-out"),
    ({"diced-out": {"solo_games": "abc"}}, "games.diced-out.solo_games"),
    ({"diced-out": {"solo_games": [1]}}, "games.diced-out.solo_games"),
    ({"diced-out": {"solo_best": 1e999}}, "games.diced-out.solo_best"),
    ({"diced-out": {"solo_best": True}}, "games.diced-out.solo_best"),
    ({"diced\x00out": {}}, "games.'diced\\x00out'"),  # shown escaped: one printable line
])
def test_wrongly_typed_stats_name_the_field_and_start_afresh(home, games, field):
    raw = json.dumps({"format": "dice-tavern-stats", "version": 1, "games": games}).replace("Infinity", "1e999").encode()
    userfiles.stats_path().write_bytes(raw)
    stats, message = userfiles.load_stats()
    assert stats == userfiles.fresh_stats()
    assert f"stats.json: {field}" in message
    assert (home / "stats.json.bad").read_bytes() == raw


def test_a_fraction_and_a_giant_number_are_named_in_words_a_player_reads(home):
    """qa31's typed-value fuzz of the data folder: a streak of 1.5 said
    "must be a whole number, not a number"; a seat's kind of -10**30 in the
    autosave said "must be from -9223372036854775808 to 9223372036854775807"."""
    raw = json.dumps({"format": "dice-tavern-stats", "version": 1,
                      "games": {"liars-dice": {"games": 1, "wins": 0, "streak": 1.5}}}).encode()
    userfiles.stats_path().write_bytes(raw)
    stats, message = userfiles.load_stats()
    assert "games.liars-dice.streak: must be a whole number, not a decimal number" in message, message
    with pytest.raises(validation.SchemaError) as giant:
        validation.Scalar().check(-10**30, "record.seats[3].kind")
    assert str(giant.value) == "record.seats[3].kind: is a number too large for a Dice Tavern file"
    assert validation.Scalar().check(2**63 - 1, "x") == 2**63 - 1


@pytest.mark.parametrize("entry", [5, {"solo_games": "abc"}, {"solo_games": [1]}, {"solo_best": "x"}])
def test_solo_diced_out_starts_and_ends_with_a_bad_stats_file(home, entry):
    from game.app import App
    from tests.helpers import start_table
    userfiles.stats_path().write_text(json.dumps(
        {"format": "dice-tavern-stats", "version": 1, "games": {"diced-out": entry}}))
    from game.core import stats as lifetime
    app = App(headless=True)
    match = Match("diced-out", [Seat("Solo", "ai", "easy")], seed=3)
    match.play_out()                      # a finished solo game, played by the human
    match.seats[0] = Seat("Solo")
    scene = start_table(app, match)
    assert scene.personal_best is None
    scene._record_solo_result()  # what the end of the game calls
    scene.game_end.recording.wait()
    stats, note = userfiles.load_stats()
    assert note is None and stats["games"]["diced-out"]["levels"]["solo"]["games"] == 1
    assert lifetime.solo_best(stats, "diced-out") == scene.personal_best == match.state.totals()[0]


# --- 3. seat names that cannot be drawn ------------------------------------------

@pytest.mark.parametrize("name, problem", [("Ann\x00", "control character"), ("Bo\ud800", "lone surrogate"),
                                           ("\x1b[2J", "control character"), (7, "must be text")])
def test_seat_names_that_cannot_be_drawn_are_refused_at_load(home, name, problem):
    rec = _record()
    rec["seats"][1]["name"] = name
    path = home / "bad.json"
    path.write_text(json.dumps(rec))  # json escapes the surrogate as \ud800
    with pytest.raises(userfiles.UserFileError, match=r"bad.json: seats\[1\].name: .*" + problem):
        saves.load_match(path)


# --- 4. damaged game content is the loader's error, and Continue recovers -------

def _damaged(kind):
    rec = _record("roll-for-it-autosave")
    if kind == "options-number":
        rec["options"] = 5
    elif kind == "option-wrong-type":
        rec["options"] = {"target": "forty"}
    elif kind == "card-out-of-range":
        entry = next(e for e in rec["actions"] if e["action"]["type"] == "Place")
        entry["action"]["card"] = 999
    elif kind == "illegal-action":
        entry = next(e for e in rec["actions"] if e["action"]["type"] == "Place")
        entry["player"] = (entry["player"] + 1) % len(rec["seats"])
    elif kind == "no-such-player":
        rec["actions"][3]["player"] = 7
    elif kind == "face-as-bool":
        entry = next(e for e in rec["actions"] if e["action"]["type"] == "Place")
        entry["action"]["face"] = True
    return rec


@pytest.mark.parametrize("kind", ["options-number", "option-wrong-type", "card-out-of-range",
                                  "illegal-action", "no-such-player", "face-as-bool"])
def test_damaged_records_raise_the_loader_error_and_continue_recovers(home, kind):
    userfiles.autosave_path().write_text(json.dumps(_damaged(kind)))
    assert saves.has_autosave()
    with pytest.raises(userfiles.UserFileError, match="autosave.json: "):
        AUTOSAVE.load()
    assert not saves.has_autosave(), "the bad autosave is set aside so Continue does not fail forever"
    assert (home / "autosave.json.bad").exists()


def test_a_record_with_an_unknown_field_names_it(home):
    rec = _record()
    rec["actions"][0]["action"]["extra"] = {"deep": 1}
    path = home / "x.json"
    path.write_text(json.dumps(rec))
    with pytest.raises(userfiles.UserFileError, match=r"x.json: actions\[0\].action.extra"):
        saves.load_match(path)


def test_every_real_record_still_loads(home):
    for name, raw in real_files.records().items():
        path = home / f"{name}.json"
        path.write_bytes(raw)
        assert saves.load_match(path).to_record()["actions"] == json.loads(raw)["actions"], name


# --- 5. the command line ------------------------------------------------------------

@pytest.mark.parametrize("args", [["--data-dir"], ["--data-dir="], ["sim", "--game", "liars-dice", "--players",
                                                                     "hard,easy", "--games", str(10**23)]])
def test_cli_bad_values_give_one_line_and_exit_2(args, tmp_path):
    out = subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path, env={**os.environ, "PYTHONPATH": os.getcwd()})
    assert out.returncode == 2, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr


# --- 6. writes that survive power loss ------------------------------------------------

def test_stale_temp_files_are_removed_at_start_and_fresh_ones_kept(home):
    from game.app import App
    (home / "replays").mkdir()
    stale = [home / "autosave.json.k3j_x9.tmp", home / "replays" / "20260101-x-1.json.abc.tmp"]
    fresh = home / "autosave.json.new1.tmp"
    other = home / "notes.tmp"
    for p in stale + [fresh, other]:
        p.write_text("{")
    old = time.time() - 3600
    for p in stale + [other]:
        os.utime(p, (old, old))
    App(headless=True)
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and other.exists(), "a write in progress and foreign files are left alone"


def test_the_folder_is_fsynced_after_the_rename(home, monkeypatch):
    import stat as st
    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(st.S_ISDIR(os.fstat(fd).st_mode))
        real(fd)
    monkeypatch.setattr(os, "fsync", spy)
    userfiles.save_settings(userfiles.Settings())
    assert synced == [False, True], "file then folder"


# --- 7. only regular files are read -------------------------------------------------

def _load_in_thread(fn):
    box = {}
    t = threading.Thread(target=lambda: box.setdefault("result", fn()), daemon=True)
    t.start()
    t.join(30)
    assert not t.is_alive(), "the loader hung"
    return box["result"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_at_settings_json_does_not_hang(home):
    os.mkfifo(userfiles.settings_path())
    settings, message = _load_in_thread(userfiles.load_settings)
    assert settings == userfiles.Settings() and "not a regular file" in message
    assert not os.path.lexists(userfiles.settings_path())


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_link_to_an_endless_device_is_not_read(home):
    os.symlink("/dev/zero", userfiles.stats_path())
    stats, message = _load_in_thread(userfiles.load_stats)
    assert stats == userfiles.fresh_stats() and "not a regular file" in message


def test_a_folder_or_an_oversized_file_is_refused_before_reading(home):
    userfiles.autosave_path().mkdir()
    with pytest.raises(userfiles.UserFileError, match="not a regular file"):
        AUTOSAVE.load()
    big = home / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(validation.FORMATS["dice-tavern-game"].max_bytes + 1)
    with pytest.raises(userfiles.UserFileError, match="too large"):
        saves.load_match(big)


# --- 8. window size, replay names ---------------------------------------------------

def test_a_huge_window_is_clamped_on_save_and_on_load(home):
    userfiles.save_settings(userfiles.Settings(window_size=(12000, 800)))
    assert json.loads(userfiles.settings_path().read_text())["window_size"] == [10000, 800]
    data = userfiles.Settings().to_json()
    data["window_size"] = [20000, 50]
    userfiles.settings_path().write_text(json.dumps(data))
    settings, message = userfiles.load_settings()
    assert settings.window_size == (10000, 200) and message is None


def test_replays_of_the_same_second_never_collide(home):
    match = Match("liars-dice", [Seat("a", "ai"), Seat("b", "ai")], seed=5)
    match.play_out()
    paths = [saves.save_replay(match) for _ in range(3)]
    assert len(set(paths)) == 3 and all(p.exists() for p in paths)
    assert len(saves.list_replays()) == 3


# --- 9. contract gaps ---------------------------------------------------------------

def test_bones_view_last_result_is_an_immutable_copy():
    match = Match("roll-the-bones", [Seat("a", "ai"), Seat("b", "ai")], seed=3)
    while match.state.last_result is None:
        match.step()
    state = match.state
    view = state.view(0)
    before = json.dumps(state.last_result, sort_keys=True)
    with pytest.raises(TypeError):
        view.last_result["kind"] = "forged"
    with pytest.raises((TypeError, AttributeError)):
        view.last_result["dice"]["0"] = 99
    assert json.dumps(state.last_result, sort_keys=True) == before
    assert view.last_result["kind"] == state.last_result["kind"]


def test_liars_dice_refuses_a_bool_quantity_like_roll_call():
    """liars-dice.txt: "Raising the bid means the player increases the quantity of dice" -
    a quantity is a count of dice, so True is not a bid of 1."""
    from game.games.bidding.bids import Bid
    from game.core.protocol import CHANCE, IllegalActionError, RollResult
    from game.games import make_game
    for game_id in ("liars-dice", "roll-call"):
        state = make_game(game_id, 2).new_initial_state()
        while state.is_chance():
            req = state.chance_request()
            state = state.apply(CHANCE, RollResult(tuple((2,) * g.count for g in req.groups)))
        tp = state.turn_player()
        assert state.is_legal(tp, Bid(2, 2))
        for bad in (Bid(True, 2), Bid(2, True), Bid(2.0, 2)):
            assert not state.is_legal(tp, bad), (game_id, bad)
            with pytest.raises(IllegalActionError):
                state.apply(tp, bad)


def test_a_field_name_with_control_characters_gives_a_one_line_message():
    """Found by the slow fuzzer: a journal whose seat record had a key "\\n..1.\\x0cu" produced a
    message spanning two lines with a raw control character in it."""
    from game.core import validation
    path = validation._join("record", "\n..1.\x0cu")
    assert "\n" not in path and "\x0c" not in path and path.isprintable()
    assert validation._join("record", "\ud800").isprintable()
    assert validation._join("record", "seats") == "record.seats"
