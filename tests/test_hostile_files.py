"""Every load bounded before it is parsed (issue 42): any user file, whatever
its size or shape, is refused for a small fixed cost.  CPU and memory are
measured and printed (run with ``-s`` to see them); memory is asserted (a
count of bytes, not a timing), CPU never is.

The old code: a 63 MB autosave of short lines cost 29 s of CPU and 1.1 GB
before it was refused, 7 MB 3.3 s; a 15 MB replay of ``{}`` entries 12 s and
550 MB."""
from __future__ import annotations

import json
import time
import tracemalloc

import pytest

from game.core import journal, replay_index, saves, userfiles
from game.core.finished import FINISHED_FORMAT, recover
from game.games.bidding import rivalbook

AUTOSAVE = saves.Autosave()
"""The autosave as the app owns it (``app.autosave``): one for this module's tests."""

MEMORY_LIMIT = 50 * 1024 * 1024

HEADER = (json.dumps({"format": "dice-tavern-journal", "version": 1, "record": {
    "format": "dice-tavern-record", "version": 1, "game": "liars-dice", "rules_version": 1, "options": {},
    "seats": [{"name": "A", "kind": "human"}, {"name": "B", "kind": "ai", "level": "normal"}],
    "seed": 1, "dice": "fair"}}) + "\n").encode()
LINE = b'{"player":0,"action":{"t":"x"}}\n'


def _load_autosave():
    AUTOSAVE.load()


def _load_replay(name):
    return lambda: saves.load_match(userfiles.replays_dir() / name)


def _summary(name):
    return lambda: replay_index.summarise(userfiles.replays_dir() / name)


def _refused_settings():
    settings, note = userfiles.load_settings()
    assert note is not None
    raise userfiles.UserFileError(note)


def _refused(loader):
    def load():
        _value, note = loader()
        assert note is not None
        raise userfiles.UserFileError(note)
    return load


def _recover():
    done, problems = recover()
    assert done == 0 and problems
    raise userfiles.UserFileError(problems[0])


CASES = [
    ("autosave 63 MB, 2M short lines", "autosave.journal", lambda: HEADER + LINE * 2_000_000, _load_autosave),
    ("autosave 7 MB", "autosave.journal", lambda: HEADER + LINE * 220_000, _load_autosave),
    ("autosave 3.9 MB of 2-byte lines", "autosave.journal", lambda: HEADER + b"{}\n" * 1_300_000, _load_autosave),
    ("autosave 3.9 MB, few lines, many values", "autosave.journal",
     lambda: HEADER + (b"[" + b"0," * 40_000 + b"0]\n") * 48, _load_autosave),
    ("autosave one 60 MB line", "autosave.journal", lambda: HEADER + b'"' + b"x" * 60_000_000 + b'"\n', _load_autosave),
    ("autosave nested 3 M deep", "autosave.journal", lambda: HEADER + b"[" * 3_000_000 + b"\n", _load_autosave),
    ("replay 15 MB of {} entries", "replays/b.json",
     lambda: b'{"format":"dice-tavern-record","actions":[' + b"{}," * 5_000_000 + b"{}]}", _load_replay("b.json")),
    ("replay 3.9 MB of {} entries", "replays/c.json",
     lambda: b'{"format":"dice-tavern-record","actions":[' + b"{}," * 1_300_000 + b"{}]}", _load_replay("c.json")),
    ("replay 3.9 MB nested", "replays/d.json", lambda: b"[" * 3_900_000, _load_replay("d.json")),
    ("replay row summary 3.9 MB", "replays/c.json",
     lambda: b'{"format":"dice-tavern-record","actions":[' + b"{}," * 1_300_000 + b"{}]}", _summary("c.json")),
    ("stats 250 KB flat", "stats.json",
     lambda: b'{"format":"dice-tavern-stats","version":2,"games":{},"x":[' + b"0," * 120_000 + b"0]}",
     _refused(userfiles.load_stats)),
    ("rivals 4 MB of []", "rivals.json",
     lambda: b'{"format":"dice-tavern-rivals","version":2,"rivals":{},"x":[' + b"[]," * 1_390_000 + b"[]]}",
     _refused(rivalbook.load_book)),
    ("settings 64 KB nested", "settings.json", lambda: b"[" * 65_000, _refused_settings),
    ("finished game 20 MB of {}", "finishing/x.json",
     lambda: json.dumps({"format": FINISHED_FORMAT}).encode()[:-1] + b',"x":[' + b"{}," * 6_000_000 + b"{}]}",
     _recover),
]


@pytest.mark.parametrize("label,name,body,load", CASES, ids=[c[0] for c in CASES])
def test_a_hostile_file_is_refused_for_a_small_fixed_cost(tmp_path, monkeypatch, label, name, body, load):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    data = body()
    path.write_bytes(data)
    size = len(data)
    del data
    tracemalloc.start()
    cpu = time.process_time()
    try:
        result = load()
    except userfiles.UserFileError as exc:
        result = exc
    cpu = time.process_time() - cpu
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"\n{label}: {size / 1e6:.1f} MB file, {cpu * 1000:.0f} ms CPU "
          f"(under tracemalloc), {peak / 1e6:.1f} MB peak: {str(result)[:90]}")
    if name.startswith("replays/") and "summary" in label:
        assert not result.ok
    else:
        assert isinstance(result, userfiles.UserFileError), "refused with a player message"
    assert peak < MEMORY_LIMIT


def test_the_replay_index_cache_survives_any_file_name(tmp_path, monkeypatch):
    """A replay folder holding oddly named files (not UTF-8, a newline, 250
    characters) still keeps its cache: the old code refused index.json on
    every load once one such name was in it."""
    import os
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    folder = userfiles.replays_dir()
    folder.mkdir(parents=True)
    names = [os.fsdecode(b"bad-\xff-name.json"), "new\nline.json", "x" * 245 + ".json", "plain.json"]
    for name in names:
        (folder / name).write_text("{}")
    index = replay_index.ReplayIndex(folder)
    for path in saves.list_replays():
        index.summary(path)
    index.save()
    again = replay_index.ReplayIndex(folder)
    assert len(again.entries) == len(names), "the cache was read back"
    for path in saves.list_replays():
        again.summary(path)
    assert again.reads == 0


def test_the_title_and_continue_parse_the_autosave_once(app, monkeypatch):
    """The title reads the autosave to say what Continue resumes; Continue
    takes that match instead of parsing the file again."""
    import pygame

    from game.core.match import Match, Seat
    from game.scenes.title import TitleScene
    from tests.helpers import past_the_opening
    from tests.test_game_end import button, click
    match = Match("liars-dice", [Seat("You", "human"), Seat("Ada", "ai", "normal")], None, seed=4)
    while len(match.history) < 6:
        if not match.step():
            match.apply(0, match.state.legal_actions(0)[0])
        AUTOSAVE.save(match)
    AUTOSAVE.flush()
    reads = []
    real = journal.read_record
    monkeypatch.setattr(journal, "read_record", lambda path: (reads.append(path), real(path))[1])
    app.start(TitleScene(app))
    click(app, button(app.top, "Continue").rect.center)
    past_the_opening(app)
    assert app.top.match.history == match.history
    assert len(reads) == 1
    assert pygame.get_init()


def test_crash_reports_are_private(tmp_path, monkeypatch):
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path))
    path = userfiles.write_crash_report("report")
    assert path is not None and (path.stat().st_mode & 0o777) == 0o600


def test_cli_option_nesting_and_an_empty_replay_name_are_plain_errors(capsys):
    from game import cli
    with pytest.raises(SystemExit):
        cli.main(["sim", "--game", "liars-dice", "--players", "normal,normal",
                  "--option", "x=" + "[" * 1000 + "]" * 1000])
    err = capsys.readouterr().err
    assert "nested more than" in err and "Traceback" not in err
    with pytest.raises(SystemExit):
        cli.main(["replay", ""])
    err = capsys.readouterr().err
    assert "no file was named" in err
