"""The command line under bad values (issue 14): every flag of every command
(read from the parser itself, so new flags are covered) given a missing,
empty, negative, huge, non-numeric and non-UTF-8 value exits with status 2
and one line, never a traceback; plus hypothesis on random values.

Runs in-process with the heavy work stubbed (a value that is wrongly
accepted reaches a stub and fails the test instead of running a game)."""
import argparse
import contextlib
import io
import os

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game import cli

BAD_VALUES = {
    "missing": None,
    "empty": "",
    "negative": "-5",
    "huge": "9" * 5000,
    "huge-number": str(10**23),
    "non-numeric": "abc",
    "non-utf8": b"\xff\xfe\x80".decode("utf-8", "surrogateescape"),
}
PATH_FLAGS = {"--data-dir", "--out"}
"""Flags that name a folder or file: "-5", "abc" and non-UTF-8 bytes are real
names there (Linux allows them), so those values are accepted and must reach
the command; every other class must still be refused."""
PATH_OK = {"negative", "non-numeric", "non-utf8", "huge-number"}


class Accepted(Exception):
    """A stubbed command was reached: the arguments were accepted."""


def _stub(*_a, **_k):
    raise Accepted()


@pytest.fixture
def stubbed(monkeypatch, tmp_path):
    import game.app
    import game.dev.bench
    import game.core.sim
    import game.dev.shots
    import game.dev.smoke
    monkeypatch.setattr(game.app, "run", _stub)
    monkeypatch.setattr(game.core.sim, "run_sim", _stub)
    try:
        import game.dev.ai_report
        monkeypatch.setattr(game.dev.ai_report, "run_report", _stub)
    except ImportError:
        pass
    monkeypatch.setattr(game.dev.bench, "PROVIDERS", {k: "tests.test_fuzz_cli:_stub" for k in game.dev.bench.PROVIDERS})
    monkeypatch.setattr(game.dev.shots, "render", _stub)
    monkeypatch.setattr(game.dev.smoke, "run_smoke", _stub)
    try:
        import game.physics.fairness
        monkeypatch.setattr(game.physics.fairness, "roll_counts", _stub)
    except ImportError:
        pass
    monkeypatch.chdir(tmp_path)  # accepted path values make folders here, not in the repo
    monkeypatch.setenv("DICE_TAVERN_HOME", str(tmp_path / "home"))
    (tmp_path / "out").mkdir()
    return tmp_path


def call(argv):
    """(status, stderr) of ``cli.main(argv)``; status "accepted" if a stub was reached."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            status = cli.main(list(argv))
        except SystemExit as exc:
            status = exc.code
        except Accepted:
            status = "accepted"
    return status, err.getvalue()


def base_args(tmp) -> dict[str | None, list[str]]:
    """A valid command line for each command, which one flag is then spoiled in."""
    return {None: [], "play": ["play"], "replay": ["replay", "x.json"],
            "sim": ["sim", "--game", "liars-dice", "--players", "hard,easy"],
            "ai-report": ["ai-report", "--game", "liars-dice", "--level", "hard"],
            "bench": ["bench"], "shot": ["shot", "--scene", "title", "--out", str(tmp / "out" / "t.png")],
            "fairness": ["fairness"], "smoke": ["smoke"]}


SWITCHES: set[str] = set()
"""Flags that take no value (--json, --version...): "missing" is their normal use."""


def every_flag():
    """(command, flag) for every optional flag of every command (help aside),
    and every positional, from the parser itself."""
    parser = cli.build_parser()
    found = []

    def walk(p, command):
        for action in p._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, name)
                continue
            flag = action.option_strings[0] if action.option_strings else f"<{action.dest}>"
            found.append((command, flag))
            if action.nargs == 0:
                SWITCHES.add(flag)
    walk(parser, None)
    return found


FLAGS = every_flag()


def spoil(base: list[str], command, flag: str, value) -> list[str]:
    """``base`` with ``flag`` given ``value`` (None: the value left out)."""
    if flag.startswith("<"):  # a positional: replace it (or drop it)
        return base[:1] + ([] if value is None else [value])
    args = list(base)
    if flag in args:
        i = args.index(flag)
        del args[i:i + 2]
    if command is None:  # a global flag goes before the command
        return [flag] if value is None else [flag, value, "play"]
    return args + [flag] + ([] if value is None else [value])


def value_missing(kind):
    return BAD_VALUES[kind] is None


def test_the_parser_lists_the_flags_we_expect():
    assert ("sim", "--games") in FLAGS and ("shot", "--size") in FLAGS and (None, "--data-dir") in FLAGS
    assert ("replay", "<file>") in FLAGS and len(FLAGS) >= 20


@pytest.mark.parametrize("command, flag", FLAGS, ids=[f"{c}-{f}" for c, f in FLAGS])
@pytest.mark.parametrize("kind", list(BAD_VALUES))
def test_every_flag_with_every_bad_value_exits_2_with_one_line(stubbed, command, flag, kind):
    argv = spoil(base_args(stubbed)[command], command, flag, BAD_VALUES[kind])
    status, err = call(argv)
    if flag in SWITCHES and value_missing(kind):
        assert status in ("accepted", 0), (argv, status, err)  # the switch used as meant
        return
    if flag in PATH_FLAGS and kind in PATH_OK:
        assert status in ("accepted", 2), (argv, status, err)  # a legal name; a refusal must still be clean
        if status == "accepted":
            return
    assert status == 2, (argv[:6], status, err[:300])
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err[:500]
    assert len(err) < 600, "the line quotes long values cut short"


@settings(max_examples=300, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(flag=st.sampled_from([f for f in FLAGS if f[1] not in PATH_FLAGS and f[1] != "--option"]),
       value=st.text(max_size=40) | st.integers(-10**30, 10**30).map(str))
def test_random_values_never_give_a_traceback(stubbed, flag, value):
    """Random text or numbers for any non-path flag: accepted (a stub is
    reached) or refused with status 2 and one line."""
    command, name = flag
    argv = spoil(base_args(stubbed)[command], command, name, value)
    status, err = call(argv)
    assert status in ("accepted", 0, 2), (argv, status, err)
    assert "Traceback" not in err
    if status == 2:
        assert len(err.strip().splitlines()) == 1, err[:500]


def test_no_traceback_from_a_real_process_either(tmp_path):
    """The same in a real process for the first flag of each command."""
    import subprocess
    import sys
    env = {**os.environ, "DICE_TAVERN_HOME": str(tmp_path), "PYTHONPATH": os.getcwd(), "SDL_VIDEODRIVER": "dummy"}
    for argv in (["sim", "--game", "liars-dice", "--players", "hard,easy", "--games", "9" * 5000],
                 ["--data-dir"], ["shot", "--scene", "title", "--out", ""], ["fairness", "--rolls", "-5"],
                 ["bench", "--only", ""], ["smoke", "--seed", "abc"]):
        out = subprocess.run([sys.executable, "-m", "game", *argv], capture_output=True, text=True,
                             timeout=120, env=env, cwd=os.getcwd())
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, (argv, out.stderr)
