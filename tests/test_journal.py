"""The autosave journal: one header per game, one line per action, nothing
lost when the game is killed, a torn last line ignored, Continue unchanged."""
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core import finished, journal, saves, userfiles
from game.core.match import Match, Seat

AUTOSAVE = saves.Autosave()
"""The autosave as the app owns it (``app.autosave``): one for this module's tests."""

ROOT = Path(__file__).resolve().parents[1]
SEATS = [Seat(f"Bot{i}", "ai", "easy") for i in range(6)]

CHILD = """
import sys
from game.core import saves
from game.core.match import Match, Seat
m = Match("liars-dice", [Seat(f"Bot{i}", "ai", "easy") for i in range(6)], {"starting_dice": 5}, seed=SEED)
autosave = saves.Autosave()
def saved(match, p, a):
    autosave.save(match)
    sys.stdout.write(f"{len(match.history)}\\n")
    sys.stdout.flush()
m.listeners.append(saved)
m.play_out()
"""


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    yield tmp_path
    AUTOSAVE.journals.remove()


def _match(seed=5):
    return Match("liars-dice", SEATS, {"starting_dice": 5}, seed=seed)


def _play(match, actions):
    while len(match.history) < actions and match.step():
        pass


def test_header_once_then_one_line_per_action(home, monkeypatch):
    """The header is written once per game; every later save appends exactly
    the new actions' lines and never rewrites what is there."""
    starts = []
    real_start = journal.Journal.start
    monkeypatch.setattr(journal.Journal, "start", lambda self, m, take=None: (starts.append(1), real_start(self, m, take)))
    m = _match()
    m.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    _play(m, 3)
    path = journal.journal_path()
    before = path.read_bytes()
    _play(m, 60)
    after = path.read_bytes()
    assert len(starts) == 1
    assert after.startswith(before)
    lines = after.decode().splitlines()
    assert json.loads(lines[0])["format"] == journal.JOURNAL_FORMAT
    assert [json.loads(line) for line in lines[1:]] == [
        {"player": p, "action": a.to_json()} for p, a in m.history]
    assert AUTOSAVE.load().history == m.history


def test_torn_last_line_is_ignored_and_the_game_goes_on(home):
    m = _match()
    m.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    _play(m, 20)
    AUTOSAVE.flush()
    path = journal.journal_path()
    with open(path, "ab") as fh:
        fh.write(b'{"player": 0, "action": {"ty')  # killed mid-line
    resumed = AUTOSAVE.load()
    assert resumed.history == m.history
    # the resumed game saves on: the torn tail is gone, nothing else is lost
    resumed.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    resumed.step()
    again = AUTOSAVE.load()
    assert again.history == resumed.history
    assert len(again.history) == 21


def test_resume_appends_to_the_same_journal(home, monkeypatch):
    m = _match()
    m.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    _play(m, 10)
    AUTOSAVE.flush()
    resumed = AUTOSAVE.load()
    starts = []
    monkeypatch.setattr(journal.Journal, "start", lambda self, match, take=None: starts.append(1))
    resumed.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    _play(resumed, 25)
    assert starts == []
    assert AUTOSAVE.load().history == resumed.history


def test_a_damaged_line_sets_the_journal_aside(home):
    m = _match()
    m.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    _play(m, 8)
    AUTOSAVE.flush()
    path = journal.journal_path()
    lines = path.read_bytes().split(b"\n")
    lines[3] = b"{not json"
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(userfiles.UserFileError, match="damaged"):
        AUTOSAVE.load()
    assert not saves.has_autosave()
    assert (home / "autosave.journal.bad").exists()


@pytest.mark.parametrize("raw", [b"\n", b"\n\n", b"\ntorn"])
def test_a_journal_of_empty_lines_is_set_aside_not_a_crash(home, raw):
    """Found by the slow fuzz (``test_fuzz_loader_slow[journal]``, raw=b"\\n"):
    a journal of one newline parsed as no lines at all and raised IndexError."""
    AUTOSAVE.flush()
    journal.journal_path().write_bytes(raw)
    with pytest.raises(userfiles.UserFileError):
        journal.read_record(journal.journal_path())


def test_an_older_autosave_json_still_continues_then_becomes_a_journal(home):
    m = _match()
    _play(m, 12)
    userfiles.atomic_write_json(userfiles.autosave_path(), m.to_record())
    assert saves.has_autosave()
    resumed = AUTOSAVE.load()
    assert resumed.history == m.history
    resumed.step()
    AUTOSAVE.save(resumed)
    assert not userfiles.autosave_path().exists()
    assert AUTOSAVE.load().history == resumed.history


def test_a_finished_game_clears_the_journal(home):
    m = Match("liars-dice", SEATS[:2], {"starting_dice": 1}, seed=2)
    m.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    m.play_out()
    assert not saves.has_autosave()
    assert len(saves.list_replays()) == 1


def _kill_loop(home, rounds, seed):
    """Kill a game mid-play ``rounds`` times; each time the journal must
    load and hold at least every action the game had reported saved, as a
    prefix of the game the seed plays."""
    reference = Match("liars-dice", SEATS, {"starting_dice": 5}, seed=seed)
    reference.play_out()
    rng = random.Random(seed)
    for _ in range(rounds):
        AUTOSAVE.journals.remove()
        child = _start_child(home, seed)
        first = child.stdout.readline()  # imports done, saving under way
        assert first.strip(), "the child game did not start"
        time.sleep(rng.uniform(0.0, 0.25))
        child.send_signal(signal.SIGKILL)
        _check_after_kill(child, first, reference)


def _start_child(home, seed, **env):
    env = dict(os.environ, DICE_TAVERN_HOME=str(home), PYTHONPATH=str(ROOT), **env)
    return subprocess.Popen([sys.executable, "-c", CHILD.replace("SEED", str(seed))], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)


def _check_after_kill(child, first, reference):
    """What a killed game left is what the player gets at the next start."""
    rest = child.stdout.read().split()
    child.wait()
    child.stdout.close()
    reported = int(rest[-1]) if rest else int(first)
    if reported >= len(reference.history):
        return  # the game ended before the kill: the journal was cleared
    if not journal.journal_path().exists():
        # killed after the game's end was committed: the autosave goes first,
        # the replay after it, and the next start completes the rest
        finished.recover()
        replays = saves.list_replays()
        assert replays and saves.load_match(replays[0]).history == reference.history
        return
    loaded = saves.load_match(journal.journal_path())
    assert len(loaded.history) >= reported
    assert loaded.history == reference.history[:len(loaded.history)]


def test_a_game_killed_between_its_autosave_and_its_replay_loses_nothing(home):
    """The moment a timed kill hits only on a busy machine (the random kill
    loop failed there once), placed by the end's own kill point: the autosave
    is already gone and no replay written yet; the next start completes it."""
    reference = Match("liars-dice", SEATS, {"starting_dice": 5}, seed=7)
    reference.play_out()
    child = _start_child(home, 7, **{finished.KILL_ENV: "autosave"})
    first = child.stdout.readline()
    assert first.strip(), "the child game did not start"
    child.wait()
    assert not journal.journal_path().exists() and not saves.list_replays()
    _check_after_kill(child, "0", reference)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_game_loses_nothing_short(home):
    _kill_loop(home, 3, seed=7)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_game_loses_nothing_long(home):
    _kill_loop(home, 40, seed=8)


def _fsyncs_here(monkeypatch) -> list:
    """Record the fsyncs made by the calling (game) thread."""
    import threading
    seen = []
    real = os.fsync
    main = threading.get_ident()

    def fsync(fd):
        if threading.get_ident() == main:
            seen.append(fd)
        return real(fd)
    monkeypatch.setattr(os, "fsync", fsync)
    return seen


def test_a_header_written_ahead_makes_the_first_save_fsync_free(home, monkeypatch):
    """The table writes the header while it opens (``Autosave.prepare``):
    the first move's save, inside a frame, renames it into place and leaves
    the fsyncs to the writer thread.  Nothing shows as a saved game before
    that first move, and the journal is the same as one written at once."""
    m = _match()
    AUTOSAVE.prepare(m)
    assert not saves.has_autosave(), "Continue offers nothing before the first move"
    seen = _fsyncs_here(monkeypatch)
    m.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    _play(m, 5)
    assert seen == [], "the first save paid fsyncs in the frame"
    AUTOSAVE.flush()
    written = journal.journal_path().read_bytes()
    other = home / "other"
    other.mkdir()
    monkeypatch.setenv("DICE_TAVERN_HOME", str(other))
    again = _match()
    again.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    _play(again, 5)
    AUTOSAVE.flush()
    assert journal.journal_path().read_bytes() == written
    assert AUTOSAVE.load().history == m.history


def test_a_header_written_ahead_is_used_only_by_its_match(home):
    """Another match never adopts it (its header would be wrong), and an
    unused one leaves no file behind once discarded."""
    first, second = _match(5), _match(6)
    AUTOSAVE.prepare(first)
    second.listeners.append(lambda match, p, a: AUTOSAVE.save(match))
    _play(second, 3)
    assert AUTOSAVE.load().seed == 6
    AUTOSAVE.prepare(_match(7))
    AUTOSAVE.discard_prepared()
    assert sorted(p.name for p in home.iterdir() if ".tmp" in p.name) == []
