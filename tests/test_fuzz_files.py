"""Property-based fuzzing of every user-file loader (issue 14).

Each loader gets random bytes, random JSON (bare and under the right format
header), and mutations of real files made by playing each game headless.
Every example must end in a loaded object or the loader's own error
(``UserFileError``; settings and stats fall back instead of raising), a bad
file must be kept as ``*.bad`` byte for byte, and no other file in the folder
may change.  Every byte truncation of every real format is checked too.
Quick suite: ``QUICK`` examples per loader; ``-m slow``: ``SLOW``.
"""
import contextlib
import copy
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game import games
from game.core import saves, tutorial, userfiles, validation
from game.core.match import Match
from tests import real_files

AUTOSAVE = saves.Autosave()
"""The autosave as the app owns it (``app.autosave``): one for this module's tests."""

QUICK, SLOW = 200, 10_000

LOADERS = ("settings", "stats", "autosave", "journal", "replay", "tutorials")
FILE_NAME = {"settings": "settings.json", "stats": "stats.json", "autosave": "autosave.json",
             "journal": "autosave.journal", "replay": "replays/fuzzed.json", "tutorials": "tutorials.json"}
FORMAT = {"tutorials": "dice-tavern-tutorials", "settings": "dice-tavern-settings", "stats": "dice-tavern-stats",
          "autosave": "dice-tavern-game", "journal": "dice-tavern-journal", "replay": "dice-tavern-game"}


def real_files_for(loader: str) -> list[bytes]:
    if loader == "settings":
        return [real_files.settings()]
    if loader == "stats":
        return [real_files.stats(), real_files.stats_v1()]
    if loader == "journal":
        return list(real_files.journals().values())
    if loader == "tutorials":
        return [real_files.tutorials()]
    return list(real_files.records().values())


@contextlib.contextmanager
def data_folder():
    """A fresh data folder with bystander files that must never change."""
    home = Path(tempfile.mkdtemp(prefix="dt-fuzz-"))
    old = os.environ.get("DICE_TAVERN_HOME")
    os.environ["DICE_TAVERN_HOME"] = str(home)
    try:
        (home / "replays").mkdir()
        (home / "replays" / "keep.json").write_bytes(real_files.records()["liars-dice-replay"])
        (home / "notes.txt").write_text("precious")
        (home / "settings.json.bad").write_text("an older bad file")
        yield home
    finally:
        if old is None:
            os.environ.pop("DICE_TAVERN_HOME", None)
        else:
            os.environ["DICE_TAVERN_HOME"] = old
        shutil.rmtree(home, ignore_errors=True)


def snapshot(home: Path) -> dict[str, bytes]:
    return {str(p.relative_to(home)): p.read_bytes() for p in home.rglob("*") if p.is_file()}


def check_loader(loader: str, raw: bytes) -> str:
    """Run one loader on ``raw``; assert the contract; return "loaded" or "refused"."""
    with data_folder() as home:
        target = home / FILE_NAME[loader]
        target.write_bytes(raw)
        before = snapshot(home)
        outcome = _load(loader, target)
        after = snapshot(home)
        name = FILE_NAME[loader]
        new_bad = {k: v for k, v in after.items() if k not in before and k.startswith(name + ".bad")}
        if outcome == "refused":
            assert list(new_bad.values()) == [raw], "the bad file is kept, byte for byte, in a new .bad"
            del before[name]
        else:
            assert not new_bad
        for key_, content in before.items():
            assert after.get(key_) == content, f"{key_} changed"
        assert set(after) - set(before) - set(new_bad) - {name} == set(), "no new files"
        return outcome


def _load(loader: str, target: Path) -> str:
    if loader == "settings":
        result, message = userfiles.load_settings()
        assert isinstance(result, userfiles.Settings)
        userfiles.Settings.from_json(result.to_json())  # what we got saves cleanly
        assert validation.check_document(result.to_json(), FORMAT[loader])
        return "refused" if message else "loaded"
    if loader == "stats":
        result, message = userfiles.load_stats()
        validation.check_document(result, FORMAT[loader])  # whatever we use is valid
        return "refused" if message else "loaded"
    if loader == "tutorials":
        progress, message = tutorial.load_progress()
        for game_id, entry in progress.items():   # whatever loads, a lesson resumes from it or starts afresh
            script = games.tutorial_script(game_id) if games.is_known(game_id) else None
            if script is not None:
                assert tutorial.Tutorial.resume(script, entry).match.game_id == game_id
        return "refused" if message else "loaded"
    try:
        match = AUTOSAVE.load() if loader in ("autosave", "journal") else saves.load_match(target)
    except userfiles.UserFileError as exc:
        assert str(exc) and "\n" not in str(exc)
        if loader in ("autosave", "journal"):
            assert not saves.has_autosave(), "a bad autosave is set aside so Continue does not fail forever"
            return "refused"
        return "kept"  # a bad replay is reported, not moved (the player chose to open it)
    assert isinstance(match, Match)
    Match.from_record(match.to_record())  # a loaded game saves and loads again
    AUTOSAVE.flush()  # a resumed journal is adopted (kept open): close it before the folder goes
    return "loaded"


def check_replay_kept(raw: bytes) -> None:
    outcome = check_loader("replay", raw)
    assert outcome in ("loaded", "kept")


def run(loader: str, raw: bytes) -> None:
    if loader == "replay":
        check_replay_kept(raw)
    else:
        check_loader(loader, raw)


# --- strategies ---------------------------------------------------------------------

scalars = (st.none() | st.booleans() | st.integers(min_value=-2**70, max_value=2**70)
           | st.floats(allow_nan=False) | st.text(max_size=30))
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5)
                           | st.dictionaries(st.text(max_size=12), inner, max_size=5), max_leaves=30)


def headed(loader: str):
    """Random JSON under the loader's own format header (reaches the field checks)."""
    return st.builds(lambda version, body: {**body, "format": FORMAT[loader], "version": version},
                     st.integers(0, 3) | st.just(1), st.dictionaries(st.text(max_size=12), json_values, max_size=6))


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, path + (i,))


@st.composite
def json_mutation(draw, loader):
    """A real file with one node replaced, deleted, or wrapped (deep, typed
    damage); for the journal, in one of its JSON lines."""
    raw = draw(st.sampled_from(real_files_for(loader)))
    if loader != "journal":
        return mutate_doc(draw, json.loads(raw))
    lines = raw.split(b"\n")
    at = draw(st.integers(0, len(lines) - 2))
    lines[at] = mutate_doc(draw, json.loads(lines[at]), indent=None)
    return b"\n".join(lines)


def mutate_doc(draw, doc, indent=1):
    paths = list(_paths(doc))
    path = draw(st.sampled_from(paths[1:] if len(paths) > 1 else paths))
    doc = copy.deepcopy(doc)
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1] if path else None
    how = draw(st.sampled_from(["replace", "delete", "wrap", "int-edge"]))
    if last is None:
        return json.dumps(draw(json_values)).encode()
    if how == "replace":
        parent[last] = draw(json_values)
    elif how == "delete":
        if isinstance(parent, dict):
            del parent[last]
        else:
            parent.pop(last)
    elif how == "wrap":
        parent[last] = [parent[last]]
    else:
        parent[last] = draw(st.sampled_from([-1, 0, 1, 99, 2**63, -2**63, 10**30, True, 1.5, "1", "\x00", "\ud800"]))
    return json.dumps(doc, indent=draw(st.sampled_from([None, indent]))).encode()


@st.composite
def byte_mutation(draw, loader):
    """A real file with a few bytes flipped, inserted or cut."""
    raw = bytearray(draw(st.sampled_from(real_files_for(loader))))
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(raw)))
        how = draw(st.sampled_from(["flip", "insert", "cut"]))
        if how == "flip" and at < len(raw):
            raw[at] = draw(st.integers(0, 255))
        elif how == "insert":
            raw[at:at] = draw(st.binary(min_size=1, max_size=8))
        else:
            raw[at:at + draw(st.integers(1, 40))] = b""
    return bytes(raw)


def inputs(loader: str):
    return st.one_of(
        st.binary(max_size=600),
        json_values.map(lambda v: json.dumps(v).encode()),
        headed(loader).map(lambda v: json.dumps(v).encode()),
        json_mutation(loader),
        byte_mutation(loader),
    )


FUZZ = dict(deadline=None, database=None, derandomize=True,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


def _fuzz(loader: str, examples: int):
    @settings(max_examples=examples, **FUZZ)
    @given(raw=inputs(loader))
    def prop(raw):
        run(loader, raw)
    prop()


@pytest.mark.parametrize("loader", LOADERS)
def test_fuzz_loader_quick(loader):
    _fuzz(loader, QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("loader", LOADERS)
def test_fuzz_loader_slow(loader):
    _fuzz(loader, SLOW)


# --- real files and every truncation ------------------------------------------------

@pytest.mark.parametrize("loader", LOADERS)
def test_every_real_file_loads(loader):
    for raw in real_files_for(loader):
        assert check_loader(loader, raw) == "loaded"


def _truncations(loader: str, stride: int):
    for raw in real_files_for(loader):
        for cut in range(0, len(raw), stride):
            yield raw[:cut]


@pytest.mark.parametrize("loader", ["settings", "stats"])
def test_every_truncation_of_settings_and_stats(loader):
    """Every byte cut of the settings and the version 1 stats; every 13th of the
    (larger) stats of real games (every one: the slow test below)."""
    raws = real_files_for(loader)
    for raw in raws:
        for cut in range(0, len(raw), 13 if raw == real_files.stats() else 1):
            assert check_loader(loader, raw[:cut]) == "refused"


@pytest.mark.slow
def test_every_truncation_of_the_stats_of_real_games():
    for raw in _truncations("stats", 1):
        assert check_loader("stats", raw) == "refused"


def test_every_truncation_of_a_game_record_quick():
    """Every byte cut of the smallest real record, and every 97th cut of the others."""
    records = real_files.records()
    smallest = min(records.values(), key=len)
    for cut in range(len(smallest)):
        assert check_loader("autosave", smallest[:cut]) == "refused"
    for raw in records.values():
        for cut in range(0, len(raw), 97):
            assert check_loader("autosave", raw[:cut]) == "refused"


def test_every_truncation_of_a_journal():
    """A journal cut anywhere: a torn last line is dropped (the game loads,
    one move shorter), any other cut is refused and kept."""
    smallest = min(real_files.journals().values(), key=len)
    outcomes = {check_loader("journal", smallest[:cut]) for cut in range(0, len(smallest), 3)}
    assert outcomes == {"loaded", "refused"}


@pytest.mark.slow
def test_every_truncation_of_every_journal():
    for raw in real_files.journals().values():
        for cut in range(len(raw)):
            assert check_loader("journal", raw[:cut]) in ("loaded", "refused")


@pytest.mark.slow
def test_every_truncation_of_every_game_record():
    for raw in real_files.records().values():
        for cut in range(len(raw)):
            assert check_loader("autosave", raw[:cut]) == "refused"
